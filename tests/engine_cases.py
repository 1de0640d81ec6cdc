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

from dominospec import ir
from dominospec.checks import check
from dominospec.engines import load_engine
from dominospec.loader import load
from reference_model import Tile, full_set
from support import ROOT, SHIPPED


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
    house("spec/horse_race.rules", "pool_divided_no_tie_winner", partnerships=ir.PartnershipKind.NONE,
          partnership_out=None, pool_stake=1, blocked_hand=ir.BlockedHand.LOWEST_PIPS,
          tied_lowest=ir.TiedLowest.NO_WINNER, scores_below_zero=ir.BelowZero.ALLOWED,
          target=ir.Target(ir.TargetKind.NONE, 0)),
    house("spec/fives_and_threes.rules", "highest_double_opens_and_leads", first_opener=ir.Opener.HIGHEST_DOUBLE,
          next_opener=ir.Opener.HIGHEST_DOUBLE, after_blocked=ir.Opener.LOT, lead=ir.Lead.DOUBLE_IF_HELD),
]


@functools.cache
def engine_for(case: Case) -> tuple[ir.Variant, types.ModuleType]:
    """The checked Variant of a case and its engine, generated exactly as `compile` would write it."""
    variant = load(case.path)
    path = case.path
    if case.house_rules:
        variant = check(dataclasses.replace(variant, where={}, **dict(case.house_rules)))
        path = path.with_name(f"{path.stem}_{case.name}.rules")
    assert isinstance(variant, ir.Variant), f"{case.id} is a match format"
    return variant, load_engine(variant, path)


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
    # With no target (pool play) any score will do: draw them as if the target were 30.
    target = variant.target.points if variant.target.kind is not ir.TargetKind.NONE else 30
    lowest = -30 if variant.scores_below_zero is ir.BelowZero.ALLOWED else 0
    score = st.one_of(st.integers(max(lowest, target - 10), target - 1), st.integers(lowest, target - 1))
    return players, partnerships, draw(st.lists(score, min_size=sides, max_size=sides))


def deals(variant: ir.Variant, players: int) -> st.SearchStrategy[tuple[list[list[Tile]], list[Tile]]]:
    """A shuffled set: each seat's hand, then the undealt tiles in drawing order."""
    size = variant.tiles_dealt(players) or 0

    def split(order: list[Tile]) -> tuple[list[list[Tile]], list[Tile]]:
        return [order[i * size:(i + 1) * size] for i in range(players)], order[players * size:]

    return st.permutations(full_set(variant.max_pip)).map(split)
