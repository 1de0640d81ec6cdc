"""What the engine tests share: the variants under test with their engines built in memory, and
strategies for the table (players, partnerships, starting scores) and for deals.

The variants are every shipped spec, and for the differential tests also house variants of the
canonical specs in spec/ that switch on the options they do not use, so that every rule option is
met whatever examples/ holds.
"""

from __future__ import annotations

import dataclasses
import functools
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from dominospec.language import ir
from dominospec.language.checks import check
from dominospec.language.loader import load
from dominospec.language.parser import parse
from dominospec.native import NativeEngine, build_library
from dominospec.targets import TARGETS
from dominospec.targets.codegen import generate
from dominospec.targets.engines import load_engine
from reference_model import Tile, full_set
from support import ROOT, SHIPPED, SPEC_WITH_FORMULA


@dataclass(frozen=True)
class Case:
    """A spec, with house rules (IR fields and their values) laid over it."""

    path: Path
    name: str = ""
    house_rules: tuple[tuple[str, Any], ...] = ()

    @property
    def id(self) -> str:
        shown = self.path.relative_to(ROOT).as_posix()
        return f"{shown}+{self.name}" if self.name else shown


def house(spec: str, name: str, **rules: Any) -> Case:
    return Case(ROOT / spec, name, tuple(rules.items()))


# Bergen's headers (FAMILY.md Bergen): a double header 2, a triple header 3 (a double standing at an end),
# a double led alone 2; near the target 1 (need 2 or less) or at most 2 (need 3).
BERGEN_HEADERS = ("(1 if target - score <= 2 else 2 if target - score == 3 or double_end == 0 else 3)"
                  " if ends_alike == 1")


def parse_formula(text: str) -> ir.Expr:
    """A placement score as the parser reads it."""
    return parse(SPEC_WITH_FORMULA.format(text)).placement_score  # type: ignore[union-attr]


SHIPPED_CASES = [Case(path) for path in SHIPPED]
HOUSE_CASES = [
    house("spec/horse_race.rules", "may_pass", when_able=ir.WhenAble.MAY_PASS),
    house("spec/fives_and_threes.rules", "may_pass_extra_after_score", when_able=ir.WhenAble.MAY_PASS,
          extra_turn=(ir.ExtraTurn.AFTER_SCORE,)),
    house("spec/horse_race.rules", "drawn_tile_earns_extra_highest_double_opens",
          drawn_tile=ir.DrawnTile.PLAYED_AT_ONCE, next_opener=ir.Opener.HIGHEST_DOUBLE),
    house("spec/horse_race.rules", "first_double_branches_at_once_one_half", spinners=ir.Spinners.FIRST_DOUBLE,
          branches_open=ir.BranchesOpen.AT_ONCE, double_at_end=ir.DoubleAtEnd.ONE_HALF),
    house("spec/horse_race.rules", "drawn_tile_joins_hand_reserve_draw_limit_turn_ends",
          drawn_tile=ir.DrawnTile.JOINS_HAND, reserve=2, draw_limit=1, extra_turn_stuck=ir.ExtraTurnStuck.TURN_ENDS,
          next_opener=ir.Opener.NEXT_SEAT, after_blocked=None),
    house("spec/horse_race.rules", "tie_means_no_winner_award_from_all", blocked_hand=ir.BlockedHand.LOWEST_PIPS,
          tied_lowest=ir.TiedLowest.NO_WINNER, pip_award=ir.PipAward(ir.AwardFrom.ALL_OTHER_HANDS, 10, 2),
          going_out_bonus=2),
    house("spec/fives_and_threes.rules", "awards_to_exactly", partnership_out=ir.PartnershipOut.ONE_PARTNER,
          pip_award=ir.PipAward(ir.AwardFrom.ALL_OTHER_HANDS, 5, 5), blocked_hand=ir.BlockedHand.LOWEST_PIPS),
    house("spec/horse_race.rules", "four_sides_first_sniff_counting", spinners=ir.Spinners.FIRST_DOUBLE,
          spinner_sides=ir.SpinnerSides.BEFORE_OTHER_ENDS, spinner_counts=ir.SpinnerCounts.PER_OPEN_BRANCH,
          double_at_end=ir.DoubleAtEnd.ONE_HALF),
    house("spec/horse_race.rules", "every_double_four_sides_first_branches_at_once",
          spinner_sides=ir.SpinnerSides.BEFORE_OTHER_ENDS, branches_open=ir.BranchesOpen.AT_ONCE,
          spinner_counts=ir.SpinnerCounts.PER_OPEN_BRANCH),
    house("spec/fives_and_threes.rules", "double_cross", spinners=ir.Spinners.FIRST_DOUBLE,
          spinner_sides=ir.SpinnerSides.BEFORE_OTHER_ENDS, cross_arms=ir.CrossArms.DOUBLE_ON_EACH_FIRST,
          lead=ir.Lead.DOUBLE_IF_HELD),
    house("spec/horse_race.rules", "double_cross_drawing", spinners=ir.Spinners.FIRST_DOUBLE,
          spinner_sides=ir.SpinnerSides.BEFORE_OTHER_ENDS, cross_arms=ir.CrossArms.DOUBLE_ON_EACH_FIRST),
    house("spec/fives_and_threes.rules", "bergen_headers", target=ir.Target(ir.TargetKind.AT_LEAST, 15),
          placement_score=parse_formula(BERGEN_HEADERS)),
    # Values past 32 bits on the way (the native engine computes in 64), points within the checks' limit.
    house("spec/horse_race.rules", "formula_past_32_bits", raw_per_displayed=1000, placement_score=parse_formula(
          "total * 1000000 * 1000000 / 1000000 / 1000000 * 1000 if total is a positive multiple of 5")),
    house("spec/horse_race.rules", "formula_over_every_name",
          placement_score=parse_formula("(total + 5 * lead + 5 * ends + ends_alike * 5 + double_end * 10"
                                        " if score < target - 3 else total) if total is a positive multiple of 5")),
    house("spec/horse_race.rules", "two_or_four_every_hand_less_own_each_hand_blocked_fixed", player_set=(2, 4),
          deal=(ir.DealRule((2,), 7), ir.DealRule((4,), 5)), blocked_hand=ir.BlockedHand.LOWEST_PIPS,
          pip_award=ir.PipAward(ir.AwardFrom.EVERY_HAND, 5, 5, less_own=True, each_hand=True),
          blocked_award=ir.FixedAward(2)),
    house("spec/horse_race.rules", "all_other_less_own_blocked_none", blocked_award=None,
          pip_award=ir.PipAward(ir.AwardFrom.ALL_OTHER_HANDS, None, 1, less_own=True)),
    house("spec/fives_and_threes.rules", "each_hand_by_threes_blocked_less_own",
          partnership_out=ir.PartnershipOut.ONE_PARTNER, blocked_hand=ir.BlockedHand.LOWEST_COMBINED,
          pip_award=ir.PipAward(ir.AwardFrom.OPPONENTS, 3, 3, each_hand=True),
          blocked_award=ir.PipAward(ir.AwardFrom.OPPONENTS, 5, 5, less_own=True)),
    house("spec/fives_and_threes.rules", "blocked_every_hand_each_hand_less_own",
          blocked_hand=ir.BlockedHand.LOWEST_PIPS,
          blocked_award=ir.PipAward(ir.AwardFrom.EVERY_HAND, 5, 1, less_own=True, each_hand=True)),
    house("spec/horse_race.rules", "blocked_without_a_double_first", partnerships=ir.PartnershipKind.NONE,
          partnership_out=None, blocked_hand=ir.BlockedHand.NO_DOUBLE_FIRST, blocked_award=ir.FixedAward(2)),
    house("spec/horse_race.rules", "blocked_without_a_double_first_tie_no_winner", partnerships=ir.PartnershipKind.NONE,
          partnership_out=None, blocked_hand=ir.BlockedHand.NO_DOUBLE_FIRST, tied_lowest=ir.TiedLowest.NO_WINNER),
    house("spec/fives_and_threes.rules", "exact_target_by_players", target=ir.Target(
          ir.TargetKind.EXACTLY, 31, by_players=(ir.TargetCount((2, 3), 31), ir.TargetCount((4,), 21)))),
    house("spec/horse_race.rules", "target_by_players_in_the_formula", target=ir.Target(
          ir.TargetKind.AT_LEAST, 15, by_players=(ir.TargetCount((2,), 15), ir.TargetCount((3, 4), 10))),
          placement_score=parse_formula("total + 5 if score > target - 5 and total is a positive multiple of 5")),
    house("spec/horse_race.rules", "first_score_at_least_3", first_score=ir.FirstScore(3, False)),
    house("spec/horse_race.rules", "first_score_placements_only",
          first_score=ir.FirstScore(2, True), raw_per_displayed=1, pip_award=ir.PipAward(ir.AwardFrom.OPPONENTS, 5, 1)),
    house("spec/fives_and_threes.rules", "winning_points_on_the_lead_cancelled", lead_winning=ir.LeadWinning.CANCELLED),
    house("spec/horse_race.rules", "combined_penalty_out_exempt_below_zero_at_hand_end",
          pip_penalty=ir.PipPenalty(5, False, True), scores_below_zero=ir.BelowZero.ALLOWED,
          target=ir.Target(ir.TargetKind.AT_LEAST, 61, at_hand_end=True)),
    house("spec/horse_race.rules", "unrounded_penalty_first_score", pip_penalty=ir.PipPenalty(None, False, False),
          scores_below_zero=ir.BelowZero.ALLOWED, first_score=ir.FirstScore(2, False)),
    house("spec/horse_race.rules", "pool_ties_carried_whole", partnerships=ir.PartnershipKind.NONE,
          partnership_out=None, pool_stake=3, pool_ties=ir.PoolTies.CARRIED_WHOLE,
          blocked_hand=ir.BlockedHand.LOWEST_PIPS, scores_below_zero=ir.BelowZero.ALLOWED,
          target=ir.Target(ir.TargetKind.NONE, 0)),
    # The going-out bonus with no target: a hand-end award, as with "at least".
    house("spec/horse_race.rules", "pool_going_out_bonus", partnerships=ir.PartnershipKind.NONE, partnership_out=None,
          pool_stake=2, going_out_bonus=3, blocked_hand=ir.BlockedHand.LOWEST_PIPS,
          scores_below_zero=ir.BelowZero.ALLOWED, target=ir.Target(ir.TargetKind.NONE, 0)),
    house("spec/horse_race.rules", "pool_divided_no_tie_winner", partnerships=ir.PartnershipKind.NONE,
          partnership_out=None, pool_stake=1, blocked_hand=ir.BlockedHand.LOWEST_PIPS,
          tied_lowest=ir.TiedLowest.NO_WINNER, scores_below_zero=ir.BelowZero.ALLOWED,
          target=ir.Target(ir.TargetKind.NONE, 0)),
    house("spec/fives_and_threes.rules", "highest_double_opens_and_leads", first_opener=ir.Opener.HIGHEST_DOUBLE,
          next_opener=ir.Opener.HIGHEST_DOUBLE, after_blocked=ir.Opener.LOT, lead=ir.Lead.DOUBLE_IF_HELD),
    # Leads that name their tile (Bergen, Muggins, Sebastopol, Cross) and leads a seat may lack (Seven-Toed
    # Pete, Merry-Go-Round), on a draw pile and on tiles out of play.
    house("spec/horse_race.rules", "lowest_double_else_lightest", lead=ir.Lead.LOWEST_DOUBLE,
          if_nobody_holds=ir.NobodyHolds.LIGHTEST, next_opener=ir.Opener.NEXT_SEAT, after_blocked=None),
    house("spec/horse_race.rules", "six_six_else_heaviest", lead=ir.LeadTile(6, 6),
          if_nobody_holds=ir.NobodyHolds.HEAVIEST, next_opener=ir.Opener.NEXT_SEAT, after_blocked=None),
    house("spec/fives_and_threes.rules", "highest_double_deal_void", lead=ir.Lead.HIGHEST_DOUBLE,
          if_nobody_holds=ir.NobodyHolds.VOID),
    house("spec/fives_and_threes.rules", "double_or_scoring_tile_passes", lead=ir.Lead.DOUBLE_OR_SCORING,
          leader_without=ir.LeaderWithout.PASSES),
    house("spec/horse_race.rules", "double_passes_beside_a_pile", lead=ir.Lead.DOUBLE,
          leader_without=ir.LeaderWithout.PASSES),
    house("spec/horse_race.rules", "double_drawn_for", lead=ir.Lead.DOUBLE, leader_without=ir.LeaderWithout.DRAWS),
    house("spec/horse_race.rules", "double_drawn_for_reserve_limit_may_pass", lead=ir.Lead.DOUBLE,
          leader_without=ir.LeaderWithout.DRAWS, reserve=2, draw_limit=1, when_able=ir.WhenAble.MAY_PASS),
    house("spec/fives_and_threes.rules", "optional_extra_after_double", extra_turn=(ir.ExtraTurn.AFTER_DOUBLE,),
          extra_turn_kind=ir.ExtraTurnKind.OPTIONAL),
    # Matador's matching and wild tiles: sevens on a line with a draw pile (and announced scores); equal halves
    # to an exact target.
    house("spec/horse_race.rules", "sevens_wild_tiles_line", spinners=ir.Spinners.NONE, matching=7,
          wild_tiles=(ir.WildTile(0, 0), ir.WildTile(1, 6), ir.WildTile(2, 5), ir.WildTile(3, 4))),
    house("spec/horse_race.rules", "sevens_wild_tiles_spinners_announced", matching=7,
          wild_tiles=(ir.WildTile(3, 4), ir.WildTile(5, 5)), placement_points=ir.PlacementPoints.ANNOUNCED),
    house("spec/fives_and_threes.rules", "equal_halves_wild_tiles", wild_tiles=(ir.WildTile(0, 0), ir.WildTile(2, 5))),
    house("spec/horse_race.rules", "optional_extra_after_any_placement", extra_turn=(ir.ExtraTurn.AFTER_ANY,),
          extra_turn_kind=ir.ExtraTurnKind.OPTIONAL, extra_turn_stuck=ir.ExtraTurnStuck.DRAW_AS_USUAL),
    house("spec/horse_race.rules", "may_draw_reserve_draw_limit", when_able=ir.WhenAble.MAY_DRAW,
          drawn_tile=ir.DrawnTile.JOINS_HAND, reserve=2, draw_limit=3),
    house("spec/horse_race.rules", "may_draw", when_able=ir.WhenAble.MAY_DRAW, drawn_tile=ir.DrawnTile.JOINS_HAND),
    house("examples/all_fives.rules", "announced", placement_points=ir.PlacementPoints.ANNOUNCED, raw_per_displayed=1),
    house("spec/horse_race.rules", "announced_partnerships_extra_turns", placement_points=ir.PlacementPoints.ANNOUNCED),
    # The round's engine set aside with nothing to draw: a deal may leave no tile for it, the hand blocked at once.
    house("examples/family/chicken_foot_engine_set_aside.rules", "double_three_nothing_to_draw", max_pip=3,
          min_players=2, max_players=2, deal=(ir.DealRule((2,), 2),), undealt=ir.Undealt.OUT_OF_PLAY,
          cannot_play=ir.CannotPlay.KNOCK, draw_limit=None),
    # Trains on a small set: few tiles dealt and a short pile, so that passes (and the markers they put on), blocked
    # hands and doubles waiting to be satisfied come often; the engine set aside, the heaviest tile opening.
    house("examples/family/private_trains.rules", "double_four_satisfied_doubles", max_pip=4, min_players=2,
          max_players=4, deal=(ir.DealRule((2, 3), 4), ir.DealRule((4,), 3)), train_doubles=ir.TrainDoubles.SATISFIED),
    # The largest set the language has: 190 tiles, which the native engines keep a byte each.
    house("spec/horse_race.rules", "double_eighteen", max_pip=18),
    house("spec/fives_and_threes.rules", "double_eighteen_every_double_spins", max_pip=18,
          spinners=ir.Spinners.EVERY_DOUBLE, wild_tiles=(ir.WildTile(17, 18),)),
]


def spec_path(case: Case) -> Path:
    """The spec a case's engines name: a house variant's is its spec's, with the house rules' name."""
    return case.path.with_name(f"{case.path.stem}_{case.name}.rules") if case.house_rules else case.path


@functools.cache
def spec_of(case: Case) -> ir.Variant | ir.MatchFormat:
    """The checked spec of a case: its file's, with the house rules laid over it."""
    spec = load(case.path)
    return check(dataclasses.replace(spec, where={}, **dict(case.house_rules))) if case.house_rules else spec


@functools.cache
def engine_for(case: Case) -> tuple[ir.Variant, types.ModuleType]:
    """The checked Variant of a case and its engine, generated exactly as `compile` would write it."""
    variant = spec_of(case)
    assert isinstance(variant, ir.Variant), f"{case.id} is a match format"
    return variant, load_engine(variant, spec_path(case))


@functools.cache
def engine_source(case: Case, target: str = "python") -> str:
    """A case's engine as `compile --target` would write it, generated once a run."""
    return generate(engine_for(case)[0], spec_path(case).name, TARGETS[target])


@functools.cache
def native_for(case: Case) -> NativeEngine:
    """A case's native engine, built once (and kept in the user's cache folder, by its source)."""
    variant, _ = engine_for(case)
    return NativeEngine(variant, spec_path(case), build_library(engine_source(case, "c")), engine_source(case, "c"))


def every_table(variant: ir.Variant) -> list[tuple[int, bool]]:
    """Every (players, partnerships) the variant is played at."""
    found = []
    for players in variant.player_counts:
        if players == 4 and variant.partnerships is ir.PartnershipKind.FIXED:
            found.append((4, True))
        else:
            found.append((players, False))
            if players == 4 and variant.partnerships is ir.PartnershipKind.OPTIONAL:
                found.append((4, True))
    return found


@st.composite
def tables(draw: st.DrawFn, variant: ir.Variant) -> tuple[int, bool, list[int]]:
    """Players (four more often where partnerships are possible: their rules are the most involved),
    partnerships where the variant allows them, and starting scores below the target (often just
    below it, so that targets are reached and passed; below zero too where scores may go there)."""
    counts = st.sampled_from(list(variant.player_counts))
    if variant.partnerships is not ir.PartnershipKind.NONE:
        counts = counts | st.just(4)
    players = draw(counts)
    partnerships = False
    if players == 4 and variant.partnerships is ir.PartnershipKind.FIXED:
        partnerships = True
    elif players == 4 and variant.partnerships is ir.PartnershipKind.OPTIONAL:
        partnerships = draw(st.booleans())
    sides = 2 if partnerships else players
    # With no target (pool play, or the lowest total after the last round) any score will do: draw them as if the
    # target were 30.
    by_players = {count: rule.points for rule in variant.target.by_players for count in rule.player_counts}
    target = 30 if variant.target.kind in ir.NUMBERLESS_TARGETS else by_players.get(players, variant.target.points)
    lowest = -30 if variant.scores_below_zero is ir.BelowZero.ALLOWED else 0
    score = st.one_of(st.integers(max(lowest, target - 10), target - 1), st.integers(lowest, target - 1))
    return players, partnerships, draw(st.lists(score, min_size=sides, max_size=sides))


def deals(variant: ir.Variant, players: int) -> st.SearchStrategy[tuple[list[list[Tile]], list[Tile]]]:
    """A shuffled set: each seat's hand, then the undealt tiles in drawing order."""
    size = variant.tiles_dealt(players) or 0

    def split(order: list[Tile]) -> tuple[list[list[Tile]], list[Tile]]:
        return [order[i * size:(i + 1) * size] for i in range(players)], order[players * size:]

    return st.permutations(full_set(variant.max_pip)).map(split)
