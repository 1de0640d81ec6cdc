"""Semantic checks on a parsed Variant: named passes, each returning the problems it finds.

Clauses are named by their keys in the table of clauses (clauses.py); a key not in it is a bug
that fails at once, never a position silently lost.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from . import clauses, ir
from .clauses import MAX_PLAYERS, too_many_players
from .diagnostics import Diagnostic, SpecError
from .formula import (
    FormulaError,
    TooManyCases,
    computed_values,
    evaluate,
    first_bad_case,
    format_expr,
    lead_points,
    max_total,
    names_used,
    value_span,
)

MAX_PIP_LIMIT = 18

Choice = TypeVar("Choice", bound=ir.Choice)


def _at(v: ir.Variant | ir.MatchFormat, key: str, part: str = "value") -> ir.Pos:
    """Where a clause's value (or another part of it) is written; else the clause; else nowhere."""
    return v.where.get(f"{key}:{part}") or v.where.get(f"{key}:value") or _clause_at(v, key)


def _clause_at(v: ir.Variant | ir.MatchFormat, key: str) -> ir.Pos:
    """Where a clause is written, or nowhere when it is not."""
    return v.where.get(clauses.BY_KEY[key].key, ir.NOWHERE)


def _written(v: ir.Variant, key: str) -> bool:
    return clauses.BY_KEY[key].key in v.where


def choices(key: str | None, values: Iterable[ir.Choice]) -> str:
    """Values of a clause as a hint offers them, every one: "'key: a', 'b' or 'c'" ("'a' or 'b'" without a key)."""
    quoted = [f"'{value}'" for value in values]
    if key is not None:
        quoted[0] = f"'{key}: {quoted[0][1:]}"
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _missing(key: str, at: ir.Pos, why: str, values: Iterable[ir.Choice]) -> Diagnostic:
    """A clause that this spec's other clauses make required, with the values it may take in the hint."""
    return Diagnostic(f"the required clause '{key}:' is missing", at, f"{why} {choices(key, values)}")


def _set_name(max_pip: int) -> str:
    words = {value: word for word, value in ir.PIP_WORDS.items()}
    return f"double-{words.get(max_pip, max_pip)}"


def check_tile_set(v: ir.Variant) -> Iterator[Diagnostic]:
    if not 1 <= v.max_pip <= MAX_PIP_LIMIT:
        yield Diagnostic(f"a {_set_name(v.max_pip)} set is not supported", _at(v, "tiles"),
                         f"sets go from double 1 to double {MAX_PIP_LIMIT}")


def allowed_players(v: ir.Variant) -> str:
    """The player counts 'players' allows, in words: '2 to 4', or '2 or 4'."""
    return ir.counts_text(v.player_counts)


def check_players(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.min_players < 2:
        yield Diagnostic(f"a game needs at least 2 players, not {v.min_players}", _at(v, "players"))
    if v.min_players > v.max_players:
        yield Diagnostic(f"the player range {v.min_players} to {v.max_players} is empty", _at(v, "players"),
                         f"write 'players: {v.max_players} to {v.min_players}'")
    if v.max_players > MAX_PLAYERS:
        yield Diagnostic(too_many_players(v.max_players), _at(v, "players"),
                         f"player counts go from 2 to {MAX_PLAYERS}")


def check_partnerships(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.partnerships is ir.PartnershipKind.NONE:
        if _written(v, "partnership goes out"):
            yield Diagnostic("'partnership goes out' is given, but there are no partnerships",
                             _clause_at(v, "partnership goes out"),
                             "remove it, or set 'partnerships: fixed at 4 players'")
        return
    if v.partnership_size != 4:
        yield Diagnostic(f"partnerships need exactly 4 players, not {v.partnership_size}",
                         _at(v, "partnerships", "players"),
                         "two fixed partnerships sit opposite each other at a table of 4")
    elif 4 not in v.player_counts:
        yield Diagnostic("partnerships need 4 players, but 'players' does not allow 4", _at(v, "partnerships"),
                         f"'players' allows {allowed_players(v)}: let it include 4, "
                         "or say 'partnerships: none'")
    if v.partnership_out is None:
        yield _missing("partnership goes out", _at(v, "partnerships"), "with partnerships, add", ir.PartnershipOut)


def check_deal(v: ir.Variant) -> Iterator[Diagnostic]:
    seen: dict[int, ir.DealRule] = {}
    for rule in v.deal:
        for count in rule.player_counts:
            if count in seen:
                yield Diagnostic(f"the deal for {count} players is given twice", rule.pos,
                                 f"{seen[count].tiles_each} tiles, then {rule.tiles_each}: keep one")
                continue
            seen[count] = rule
            if count not in v.player_counts:
                yield Diagnostic(f"a deal for {count} players, but 'players' allows {allowed_players(v)}",
                                 rule.pos, f"remove {count} from the deal, or let 'players' include it")
        if rule.tiles_each < 1:
            yield Diagnostic("each player must be dealt at least 1 tile", rule.pos)
    for count in v.player_counts:
        if count not in seen:
            yield Diagnostic(f"no deal is given for {count} players", _at(v, "deal"),
                             f"add '{count} players get N tiles' to the deal")
            continue
        rule = seen[count]
        needed = count * rule.tiles_each + v.reserve
        if needed > v.tile_count:
            reserve = f" plus a reserve of {v.reserve}" if v.reserve else ""
            most = (v.tile_count - v.reserve) // count
            yield Diagnostic(
                f"{count} players x {rule.tiles_each} tiles{reserve} is {needed} tiles, "
                f"but a {_set_name(v.max_pip)} set holds {v.tile_count}", rule.pos,
                f"deal {count} players at most {most} tiles each" + (" or keep a smaller reserve" if v.reserve else "")
                if most >= 1 else "use a larger set")


def check_drawing(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.undealt is ir.Undealt.OUT_OF_PLAY:
        if v.cannot_play is ir.CannotPlay.DRAW:
            yield Diagnostic("players draw when they cannot play, but undealt tiles are out of play",
                             _at(v, "cannot play"), "say 'undealt tiles: draw pile', or 'cannot play: knock'")
        for key in ("reserve", "draw limit", "drawn tile"):
            if _written(v, key):
                yield Diagnostic(f"'{key}' only applies to a draw pile, but undealt tiles are out of play",
                                 _clause_at(v, key), "remove it, or say 'undealt tiles: draw pile'")
    elif v.cannot_play is ir.CannotPlay.KNOCK:
        yield Diagnostic("undealt tiles form a draw pile, but a player who cannot play knocks: nobody ever draws",
                         _at(v, "cannot play") if _written(v, "cannot play") else _at(v, "undealt tiles"),
                         "add 'cannot play: draw until playable', or say 'undealt tiles: out of play'")
    if v.draw_limit is not None and v.draw_limit < 1:
        yield Diagnostic("a draw limit must allow at least 1 tile per turn", _at(v, "draw limit"),
                         "write 'draw limit: no limit' to let players draw until playable")


def check_openers(v: ir.Variant) -> Iterator[Diagnostic]:
    # The openers that need a hand before.
    after_earlier = (ir.Opener.NEXT_SEAT, ir.Opener.LAST_TILE, ir.Opener.WINNER, ir.Opener.SIDE_CHOICE)
    if v.first_opener in after_earlier:
        yield Diagnostic(f"the first hand has no earlier hand, so its opener cannot be '{v.first_opener}'",
                         _at(v, "first opener"), "use " + choices(None, _but(ir.Opener, *after_earlier)))
    # The winner of a blocked hand is one seat where the blocker and the next seat decide it; where the lowest hand
    # or side wins, one side alone (the seat: its lowest hand), a tie being a draw after which the next seat leads.
    decided_by_seat = v.blocked_hand is ir.BlockedHand.BLOCKER_AND_NEXT or (
        v.blocked_hand in (ir.BlockedHand.LOWEST_PIPS, ir.BlockedHand.LOWEST_COMBINED)
        and v.tied_lowest in (ir.TiedLowest.NO_WINNER, ir.TiedLowest.LEADERS_WIN, ir.TiedLowest.BLOCKERS_WIN))
    after_blocked = _but(ir.Opener, ir.Opener.LAST_TILE, *([] if decided_by_seat else [ir.Opener.WINNER]))
    if v.next_opener is ir.Opener.LAST_TILE and v.after_blocked is None:
        yield _missing("after a blocked hand", _at(v, "next opener"), "a blocked hand ends on a tile nobody went "
                       "out with: say whether its player (the blocker) or another seat leads next;",
                       _but(ir.Opener, *([] if decided_by_seat else [ir.Opener.WINNER])))
    if v.after_blocked is ir.Opener.LAST_TILE and v.lead in ir.OFFERED_LEADS:
        yield Diagnostic(f"with 'lead: {v.lead}' a hand may block before any tile is placed, so the opener after "
                         "a blocked hand cannot be 'player of the last tile'", _at(v, "after a blocked hand"),
                         "use " + choices(None, after_blocked))
    blocked_key = "after a blocked hand" if v.after_blocked is not None else "next opener"
    if (v.after_blocked or v.next_opener) is ir.Opener.WINNER and not decided_by_seat:
        yield Diagnostic(f"the winner of a blocked hand leads the next, but 'blocked hand: {v.blocked_hand}' does "
                         "not always name one winning seat", _at(v, blocked_key),
                         f"say 'blocked hand: {ir.BlockedHand.BLOCKER_AND_NEXT}', or "
                         + choices("after a blocked hand", _but(ir.Opener, ir.Opener.WINNER)))
    chooses = ir.Opener.SIDE_CHOICE in (v.next_opener, v.after_blocked)
    compared = v.blocked_hand not in (ir.BlockedHand.NO_WINNER, ir.BlockedHand.BLOCKER_AND_NEXT)
    if chooses and compared and v.tied_lowest is ir.TiedLowest.EACH_WINS:
        key = "next opener" if v.next_opener is ir.Opener.SIDE_CHOICE else "after a blocked hand"
        yield Diagnostic(f"the winning side chooses the next opener, but with 'tied lowest: {v.tied_lowest}' tied "
                         "sides may all win a blocked hand", _at(v, key),
                         choices("tied lowest", _but(ir.TiedLowest, ir.TiedLowest.EACH_WINS)).replace("'", "say '", 1))


def _but(choice: type[Choice], *refused: Choice) -> list[Choice]:
    """The values of a clause that are left when these are refused, in the order the language lists them."""
    return [value for value in choice if value not in refused]


def _lead_tile_undealt(v: ir.Variant, lead: ir.Lead | ir.LeadTile) -> bool:
    """Whether some deal can leave the tile a lead names in no hand: a double only if every double
    can go undealt at once, a named tile whenever a tile goes undealt."""
    needed = 1 if isinstance(lead, ir.LeadTile) or lead is ir.Lead.ROUND_DOUBLE else v.max_pip + 1
    return any(v.tile_count - players * (v.tiles_dealt(players) or 0) >= needed for players in v.player_counts)


def _scores_led_alone(v: ir.Variant, tile: tuple[int, int]) -> bool:
    try:
        return lead_points(v, tile) > 0
    except FormulaError:  # check_formula says what is wrong with the formula
        return False


def check_leads(v: ir.Variant) -> Iterator[Diagnostic]:
    lead = v.lead
    named_tiles = (("lead", "the lead", lead), ("first hand lead", "the first hand's lead", v.first_hand_lead),
                   ("level lead", "the level lead", v.level_lead))
    for key, what, tile in named_tiles:
        if isinstance(tile, ir.LeadTile) and tile.high > v.max_pip:
            yield Diagnostic(f"{what} {tile} is not a tile of the {_set_name(v.max_pip)} set",
                             _at(v, key, "tile"), f"name a tile from [0|0] to [{v.max_pip}|{v.max_pip}]")
    for key, first in (("first hand lead", v.first_hand_lead), ("level lead", v.level_lead)):
        if first is not None:
            yield from _first_hand_lead(v, key, first)
    if v.first_hand_lead is not None and v.level_lead is not None:
        yield Diagnostic("'first hand lead' and 'level lead' both name the tile that leads a game's first hand (at "
                         "0-0)", _clause_at(v, "level lead"), "remove one of them")
    named = ir.named_lead(v)
    if named is not None:
        drawn_for = v.if_nobody_holds is ir.NobodyHolds.DRAWN_FOR  # the opener rules say who draws first
        if named is lead and not drawn_for:
            for key in ("first opener", "next opener", "after a blocked hand"):
                if _written(v, key):
                    yield Diagnostic(f"'{key}' cannot be given with 'lead: {lead}': the holder of that tile opens "
                                     "every hand", _clause_at(v, key), "remove it")
        undealt = _lead_tile_undealt(v, named)
        what = "a double" if named in ir.NAMED_LEADS else str(named)
        key = "lead" if named is lead else "first hand lead" if named is v.first_hand_lead else "level lead"
        if undealt and v.if_nobody_holds is None:
            # The round's double alone is drawn for, and only that.
            rules = [ir.NobodyHolds.DRAWN_FOR] if lead is ir.Lead.ROUND_DOUBLE else _but(
                ir.NobodyHolds, ir.NobodyHolds.DRAWN_FOR)
            yield _missing("if nobody holds it", _at(v, key), f"some deals give no hand {what}; add", rules)
        elif not undealt and _written(v, "if nobody holds it"):
            yield Diagnostic(f"'if nobody holds it' can never apply: every deal gives {what} to some hand",
                             _clause_at(v, "if nobody holds it"), "remove it")
    elif _written(v, "if nobody holds it"):
        yield Diagnostic(f"'if nobody holds it' is given, but 'lead: {lead}' names no tile",
                         _clause_at(v, "if nobody holds it"),
                         f"remove it, or say {choices('lead', ir.NAMED_LEADS)}, or a tile such as 'lead: [6|6]'")
    if named is not None and v.match is not None and v.match.next_game_opener is ir.NextGameOpener.LOSER:
        clause, whom = (f"lead: {lead}", "every hand") if named is lead else (
            f"{'first hand' if named is v.first_hand_lead else 'level'} lead: {named}", "each game's first hand")
        yield Diagnostic(f"the loser of a game cannot open the next one with '{clause}': the holder of that tile "
                         f"opens {whom}",
                         _at(v, "next game opener"), "say 'next game opener: the variant's rule'")
    if lead in ir.OFFERED_LEADS:
        # Drawing for a lead needs a draw pile.
        without = _but(ir.LeaderWithout, *([ir.LeaderWithout.DRAWS] if v.undealt is ir.Undealt.OUT_OF_PLAY else []))
        if v.leader_without is None:
            yield _missing("leader without one", _at(v, "lead"), f"a seat may hold no tile that 'lead: {lead}' "
                           "allows; add", without)
        elif v.leader_without is ir.LeaderWithout.DRAWS and v.undealt is ir.Undealt.OUT_OF_PLAY:
            yield Diagnostic("the leader draws for a lead, but undealt tiles are out of play",
                             _at(v, "leader without one"),
                             f"say {choices('leader without one', without)}, or 'undealt tiles: draw pile'")
    elif _written(v, "leader without one"):
        yield Diagnostic(f"'leader without one' is given, but with 'lead: {lead}' the leader always has a lead",
                         _clause_at(v, "leader without one"), f"remove it, or say {choices('lead', ir.OFFERED_LEADS)}")
    if lead is ir.Lead.DOUBLE_OR_SCORING and "score" in {n.name for n in names_used(v.placement_score)}:
        yield Diagnostic("which tiles score when led alone depends on the mover's score here, so "
                         "'a double or a scoring tile' names no fixed tiles", _at(v, "lead"),
                         "write 'lead: a double', or a placement score that does not use 'score'")
    elif lead is ir.Lead.DOUBLE_OR_SCORING and v.target.by_players and "target" in {
            n.name for n in names_used(v.placement_score)}:
        yield Diagnostic("which tiles score when led alone depends on the target here, which differs with the "
                         "player count, so 'a double or a scoring tile' names no fixed tiles", _at(v, "lead"),
                         "write 'lead: a double', one target for every player count, or a placement score "
                         "that does not use 'target'")
    elif lead is ir.Lead.DOUBLE_OR_SCORING and not any(
            _scores_led_alone(v, (a, b)) for a in range(v.max_pip + 1) for b in range(a + 1, v.max_pip + 1)):
        yield Diagnostic("no tile but a double scores when led alone, so 'a double or a scoring tile' is just "
                         "'a double'", _at(v, "lead"), "write 'lead: a double'")


def _first_hand_lead(v: ir.Variant, key: str, first: ir.LeadTile) -> Iterator[Diagnostic]:
    """'first hand lead' (or 'level lead') names the first hand's opener and lead; the lead rule is then the other
    hands'."""
    if _written(v, "first opener"):
        yield Diagnostic(f"'first opener' cannot be given with '{key}: {first}': the holder of that "
                         "tile opens the first hand", _clause_at(v, "first opener"), "remove it")
    if ir.names_lead_tile(v.lead):
        yield Diagnostic(f"'{key}: {first}' cannot be given with 'lead: {v.lead}': the holder of that "
                         "tile opens every hand, the first too", _clause_at(v, key),
                         "remove one of them")


def check_spinners(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.spinners is ir.Spinners.NONE:
        for key in ("branches open", "spinner sides", "spinner counts", "arms of the cross"):
            if _written(v, key):
                yield Diagnostic(f"'{key}' is given, but no double is a spinner", _clause_at(v, key),
                                 f"remove it, or set {choices('spinners', _but(ir.Spinners, ir.Spinners.NONE))}")
        return
    if v.cross_arms is ir.CrossArms.NONE:
        return
    if v.spinners is ir.Spinners.EVERY_DOUBLE:
        yield Diagnostic("the arms of the cross grow from one spinner, but every double is a spinner",
                         _at(v, "arms of the cross"), "set 'spinners: first double'")
    if v.spinner_sides is ir.SpinnerSides.ANY_ORDER:
        yield Diagnostic("the arms of the cross start from the spinner's four sides, but other ends may take "
                         "tiles before they are covered", _at(v, "arms of the cross"),
                         f"add '{clauses.BY_KEY['spinner sides'].example}'")


def check_matching(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.matching is not None and v.matching > 2 * v.max_pip:
        yield Diagnostic(f"no two halves of the {_set_name(v.max_pip)} set add up to {v.matching}, so no tile "
                         "could ever join", _at(v, "matching"),
                         f"halves add up to 0 to {2 * v.max_pip} ({v.max_pip} + {v.max_pip}), or write "
                         "'matching: equal halves'")
    for tile in v.wild_tiles:
        if tile.high > v.max_pip:
            yield Diagnostic(f"the wild tile {tile} is not a tile of the {_set_name(v.max_pip)} set",
                             tile.pos if tile.pos != ir.NOWHERE else _at(v, "wild tiles"),
                             f"name tiles from [0|0] to [{v.max_pip}|{v.max_pip}]")


def formula_domains(v: ir.Variant, used: set[str], target: int) -> dict[str, tuple[int, int]]:
    """The least and the greatest value of each name the formula uses, in a game to this target."""
    spinner_ends = {ir.Spinners.NONE: 0, ir.Spinners.FIRST_DOUBLE: 2, ir.Spinners.EVERY_DOUBLE: 2 * (v.max_pip + 1)}
    domains = {
        "total": (0, max_total(v)), "score": (0, max(target, 1) - 1), "target": (target, target),
        "lead": (0, 1), "ends": (0, 2 + spinner_ends[v.spinners]), "ends_alike": (0, 1), "double_end": (0, 1),
    }
    return {name: values for name, values in domains.items() if name in used}


def _case_text(case: dict[str, int]) -> str:
    if list(case) == ["total"]:
        return f"the end total is {case['total']}"
    return ", ".join(f"{name} is {value}" for name, value in case.items())


def check_formula(v: ir.Variant) -> Iterator[Diagnostic]:
    unknown = [n for n in names_used(v.placement_score) if n.name not in ir.FORMULA_NAMES]
    for name in unknown:
        yield Diagnostic(f"unknown name '{name.name}' in the placement score", name.pos,
                         "the formula may use " + ", ".join(f"'{n}'" for n in ir.FORMULA_NAMES)
                         + " (see docs/language.md, 'The placement score formula')")
    if unknown:
        return
    if v.raw_per_displayed < 1:
        yield Diagnostic("a displayed point must be at least 1 raw point", _at(v, "raw points per displayed point"))
        return
    used = {n.name for n in names_used(v.placement_score)} | {"total"}
    # Every target the game may have (one per player count), each with every score below it.
    for target in v.target.every_points:
        try:
            case = first_bad_case(v.placement_score, formula_domains(v, used, target), v.raw_per_displayed)
        except TooManyCases:
            cases = math.prod(hi - lo + 1 for lo, hi in formula_domains(v, used, target).values())
            yield Diagnostic(f"the placement score is too intricate to check in each of its {cases:,} cases",
                             _at(v, "placement score"),
                             "the check shows for every case that it evaluates, is not negative and gives whole "
                             "displayed points, but cannot show it for this formula in time; write it more simply")
            return
        if case is not None:
            yield _formula_problem(v, case)
            return


# The native engine computes the formula, the scores and its records in 64-bit integers, the Python engines
# exactly: they agree where no value passes these bounds, and a formula that could pass them is refused.
FORMULA_SCORES = 2**42  # the mover's scores the formula is held to where no target bounds them: any a game
# reaches from a starting score the native replay takes (within 2^40), with every claim and placement a record holds
FORMULA_VALUES = 2**60  # every value the formula computes on the way, for those scores (2^63 with room to spare)
# The displayed points of one placement at most: a unit of a thousand games of a thousand hands, each placing at
# most 120 tiles, sums the squares of its placement points below 2^63.
MAX_PLACEMENT_POINTS = 250_000


def check_formula_range(v: ir.Variant) -> Iterator[Diagnostic]:
    """Every value of the placement score within 64 bits, and its points within MAX_PLACEMENT_POINTS."""
    if any(n.name not in ir.FORMULA_NAMES for n in names_used(v.placement_score)) or v.raw_per_displayed < 1:
        return  # check_formula says what is wrong
    for target in v.target.every_points:
        domains = formula_domains(v, set(ir.FORMULA_NAMES) - {"score"}, target)
        names = {name: (min(values), max(values)) for name, values in domains.items()}
        # A placement's mover is below a target judged in play (the game ends as it is reached), and at 0 or
        # more where scores stay there.
        unbounded = v.target.kind is ir.TargetKind.NONE or v.target.at_hand_end
        names["score"] = (0 if v.scores_below_zero is ir.BelowZero.NOT_ALLOWED else -FORMULA_SCORES,
                          FORMULA_SCORES if unbounded else target - 1)
        values, computed = computed_values(v.placement_score, names)
        high = values.hi
        too_wide = [(value, expr) for value, expr in computed if abs(value) > FORMULA_VALUES]
        if too_wide:  # the first computed: the innermost
            value, expr = too_wide[0]
            yield Diagnostic(f"'{format_expr(expr)}' can reach {value:,}, beyond the {FORMULA_VALUES:,} (2^60) "
                             "the native engine computes in its 64 bits", expr.pos,
                             "use smaller numbers in the placement score (the mover's score is taken from "
                             f"{names['score'][0]:,} to {names['score'][1]:,})")
            return
        if high // v.raw_per_displayed > MAX_PLACEMENT_POINTS:
            yield Diagnostic(f"a placement can score up to {high // v.raw_per_displayed:,} points, more than the "
                             f"{MAX_PLACEMENT_POINTS:,} a placement may score (the native engine sums their squares "
                             "in 64 bits)", _at(v, "placement score"), "use smaller numbers in the placement score")
            return


def _formula_problem(v: ir.Variant, case: dict[str, int]) -> Diagnostic:
    """What is wrong with the formula in this case, where first_bad_case found it wrong."""
    try:
        points = evaluate(v.placement_score, case)
    except FormulaError as err:
        return Diagnostic(f"{err.message} when {_case_text(case)}", err.node.pos,
                          "what follows '/' or 'multiple of' must never be 0; guard it with 'if'")
    if points < 0:
        return Diagnostic(f"the placement score is negative ({points}) when {_case_text(case)}",
                          _at(v, "placement score"), "a placement never loses points; guard the formula with 'if'")
    when = (f"an end total of {case['total']}" if list(case) == ["total"]
            else f"the placement where {_case_text(case)}")
    return Diagnostic(
        f"{when} scores {points} raw points, not a whole number "
        f"of displayed points ({v.raw_per_displayed} raw points each)", _at(v, "placement score"),
        f"every score must be a multiple of {v.raw_per_displayed}, or change 'raw points per displayed point'")


def _check_award(v: ir.Variant, key: str, award: ir.PipAward) -> Iterator[Diagnostic]:
    if award.divide_by < 1:
        yield Diagnostic(f"the {key} cannot be divided by 0", _at(v, key, "divided_by"),
                         "divide by 1 or more, or leave 'divided by' out")
    if award.round_to is not None and award.round_to < 1:
        rounding = "each_rounded_to" if award.each_hand else "rounded_to"
        yield Diagnostic(f"the {key} cannot be rounded to the nearest 0", _at(v, key, rounding))


def check_hand_end(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.pip_award is not None:
        yield from _check_award(v, "pip award", v.pip_award)
    if isinstance(v.blocked_award, ir.PipAward):
        yield from _check_award(v, "blocked hand award", v.blocked_award)
    # Hands without a double first compare individual hands: with partnerships it is refused below.
    individual = [ir.BlockedHand.NO_DOUBLE_FIRST] if v.partnerships is not ir.PartnershipKind.NONE else []
    for key in ("blocked hand award", "tied lowest", "winning a blocked hand scores"):
        untied = [ir.BlockedHand.BLOCKER_AND_NEXT] if key == "tied lowest" else []  # the blocker wins equal pips
        with_winner = choices("blocked hand", _but(ir.BlockedHand, ir.BlockedHand.NO_WINNER, *individual, *untied))
        if v.blocked_hand is ir.BlockedHand.NO_WINNER and _written(v, key):
            yield Diagnostic(f"'{key}' is given, but a blocked hand has no winner", _clause_at(v, key),
                             f"remove it, or set {with_winner}")
    seat_wins_ties = {ir.TiedLowest.LEADERS_WIN: "led the hand", ir.TiedLowest.BLOCKERS_WIN: "blocked it"}
    if v.tied_lowest in seat_wins_ties and not _two_sides_at_every_table(v):
        yield Diagnostic(f"a blocked hand's tie goes to the side that {seat_wins_ties[v.tied_lowest]}, which is one "
                         f"of the tied sides only where a table has two sides, but 'players: {allowed_players(v)}' "
                         f"with 'partnerships: {v.partnerships}' does not", _clause_at(v, "tied lowest"),
                         "say 'players: 4' with 'partnerships: fixed at 4 players', or 'players: 2'")
    if v.tied_lowest is ir.TiedLowest.BLOCKERS_WIN and _may_block_before_a_tile(v):
        yield Diagnostic(f"with 'lead: {v.lead}' a hand may block before any tile is placed, with no blocker for "
                         "a tie to go to", _clause_at(v, "tied lowest"),
                         "use " + choices("tied lowest", _but(ir.TiedLowest, ir.TiedLowest.BLOCKERS_WIN)))
    if v.blocked_hand is ir.BlockedHand.NO_DOUBLE_FIRST and individual:
        yield Diagnostic(f"'blocked hand: {v.blocked_hand}' compares individual hands, but there are partnerships",
                         _clause_at(v, "blocked hand"),
                         f"say 'partnerships: none', or {choices('blocked hand', _but(ir.BlockedHand, *individual))}")
    if v.blocked_hand is ir.BlockedHand.BLOCKER_AND_NEXT:
        if _written(v, "tied lowest"):
            yield Diagnostic(f"'blocked hand: {v.blocked_hand}' gives equal pips to the blocker, so there is no tie "
                             "to settle", _clause_at(v, "tied lowest"), "remove 'tied lowest'")
        if _may_block_before_a_tile(v):
            yield Diagnostic(f"with 'lead: {v.lead}' a hand may block before any tile is placed, when there is no "
                             "blocker", _at(v, "blocked hand"),
                             "use " + choices("blocked hand", _but(ir.BlockedHand, ir.BlockedHand.BLOCKER_AND_NEXT)))
    for key, bonus in (("going out on either end scores", v.either_end_bonus),
                       ("going out with double blank on a single blank end scores", v.blank_end_bonus)):
        if bonus:
            yield from _check_last_tile_bonus(v, key)
    if not v.extra_turn and _written(v, "extra turn without a legal tile"):
        yield Diagnostic("'extra turn without a legal tile' is given, but there are no extra turns",
                         _clause_at(v, "extra turn without a legal tile"),
                         f"remove it, or add {choices('extra turn after', ir.ExtraTurn)}")


def _check_last_tile_bonus(v: ir.Variant, key: str) -> Iterator[Diagnostic]:
    """A last tile judged by the two open ends it went out on (a capicua, a chuchazo): a line's two ends, each
    matched by a half."""
    at = _at(v, key)
    line = [key for key, differs in (("spinners", v.spinners is not ir.Spinners.NONE),
                                     ("matching", v.matching is not None), ("wild tiles", bool(v.wild_tiles)))
            if differs]
    for other in line:
        yield Diagnostic(f"'{key}' is judged on a line's two ends, each matched by a half, but '{other}' changes "
                         "that", at, "say 'spinners: none'" if other == "spinners" else f"remove '{other}'")
    if v.target.kind is ir.TargetKind.EXACTLY:
        yield Diagnostic(f"the bonus of '{key}' joins the hand's award, judged against a target of at least N, but "
                         "the target is exact", at, f"say 'target: at least {v.target.numbers}'")


def _may_block_before_a_tile(v: ir.Variant) -> bool:
    """Whether a hand may end blocked with no tile placed, and so no blocker: a lead offered round the table, or
    an engine set aside that nobody can follow."""
    return v.lead in ir.OFFERED_LEADS or v.lead is ir.Lead.ROUND_DOUBLE_SET_ASIDE


def _two_sides_at_every_table(v: ir.Variant) -> bool:
    sides = [count if v.partnerships is ir.PartnershipKind.NONE or count != 4 else 2 for count in v.player_counts]
    return v.partnerships is not ir.PartnershipKind.OPTIONAL and all(n == 2 for n in sides)


def check_both_scored(v: ir.Variant) -> Iterator[Diagnostic]:
    """Six-love: a won hand where both sides then have points sends them back to 0."""
    if v.both_scored is ir.BothScored.KEPT:
        return
    at = _at(v, "when both sides have points")
    if not _two_sides_at_every_table(v):
        yield Diagnostic("both sides go back to 0 from 1-1 and the like, so every table has two sides, but "
                         f"'players: {allowed_players(v)}' with 'partnerships: {v.partnerships}' does not", at,
                         "say 'players: 4' with 'partnerships: fixed at 4 players', or 'players: 2'")
    if not v.target.at_hand_end or v.hand_points_to is ir.HandPointsTo.LOSERS:
        yield Diagnostic("a side reaches the target once the hand's points and the going back to 0 are done, at "
                         "the end of a hand, by the winning side's points", at,
                         "write 'target: at least N at the end of a hand', with the hand's points to the winning side")
    if v.pip_penalty is not None:
        yield Diagnostic("both sides go back to 0, which a pip penalty would take below", at,
                         "remove 'pip penalty'")


def check_pass_points(v: ir.Variant) -> Iterator[Diagnostic]:
    """Points for a pass (an opponent's, one all round, or one right after the lead), scored the moment it is made."""
    for key, points, scoring in (("an opponent's pass scores", v.pass_points, "an opponent's pass"),
                                 ("a pass all round scores", v.round_pass_points, "a pass all round"),
                                 ("a pass right after the lead scores",
                                  v.lead_pass_points or v.lead_pass_double_points, "a pass right after the lead")):
        if not points:
            continue
        at = _at(v, key)
        if v.target.kind is ir.TargetKind.EXACTLY:
            yield Diagnostic(f"{scoring} scores points, which are played to a target of at least N, but the "
                             "target is exact", at, f"say 'target: at least {v.target.numbers}'")
        if isinstance(v.first_score, ir.FirstScore):
            yield Diagnostic(f"{scoring} scores points, which do not go with a first score", at,
                             "remove 'first score'")
    if v.round_pass_points and v.partnership_out is ir.PartnershipOut.BOTH_PARTNERS:
        yield Diagnostic("a pass all round is every other seat passing in turn, but with 'partnership goes out: "
                         f"{v.partnership_out}' a seat that is out is skipped", _at(v, "a pass all round scores"),
                         f"say 'partnership goes out: {ir.PartnershipOut.ONE_PARTNER}'")


def check_turns(v: ir.Variant) -> Iterator[Diagnostic]:
    """Optional extra turns, drawing while able to play, and announced scores."""
    if ir.ExtraTurn.AFTER_ANY in v.extra_turn and len(v.extra_turn) > 1:
        yield Diagnostic(f"'{ir.ExtraTurn.AFTER_ANY}' already includes every other reason for an extra turn",
                         _at(v, "extra turn after"), f"write 'extra turn after: {ir.ExtraTurn.AFTER_ANY}'")
    if v.lead_extra_turn is ir.LeadExtraTurn.NONE:
        at = _clause_at(v, "extra turn for the lead")
        if not v.extra_turn:
            yield Diagnostic("the lead is to earn no extra turn, but no placement earns one", at,
                             f"remove it, or add {choices('extra turn after', ir.ExtraTurn)}")
        elif v.lead is ir.Lead.ROUND_DOUBLE_SET_ASIDE:
            yield Diagnostic(f"with 'lead: {v.lead}' the lead is on the table before the deal and no seat places "
                             "it, so it earns nothing to take away", at, "remove 'extra turn for the lead'")
    if not v.extra_turn and _written(v, "extra turn is"):
        yield Diagnostic("'extra turn is' is given, but there are no extra turns", _clause_at(v, "extra turn is"),
                         f"remove it, or add {choices('extra turn after', ir.ExtraTurn)}")
    elif v.extra_turn_kind is ir.ExtraTurnKind.OPTIONAL and _written(v, "extra turn without a legal tile"):
        yield Diagnostic("'extra turn without a legal tile' is given, but the extra turn is optional: a player "
                         "who cannot place on it passes, and never draws",
                         _clause_at(v, "extra turn without a legal tile"),
                         "remove it, or say 'extra turn is: required'")
    if v.when_able is ir.WhenAble.MAY_DRAW:
        if v.undealt is ir.Undealt.OUT_OF_PLAY:
            yield Diagnostic("a player able to play may draw, but undealt tiles are out of play",
                             _at(v, "when able to play"),
                             "say 'undealt tiles: draw pile', or "
                             + choices("when able to play", _but(ir.WhenAble, ir.WhenAble.MAY_DRAW)))
        elif v.drawn_tile is not ir.DrawnTile.JOINS_HAND:
            yield Diagnostic(f"a player able to play may draw, but a drawn tile is '{v.drawn_tile}'",
                             _at(v, "drawn tile") if _written(v, "drawn tile") else _at(v, "when able to play"),
                             "say 'drawn tile: joins the hand': the player then places any tile that fits, "
                             "or draws again")
    announced = v.placement_points is ir.PlacementPoints.ANNOUNCED
    if announced and v.target.kind is ir.TargetKind.EXACTLY:
        yield Diagnostic("announced placement points are played to a target of at least N, not exactly N",
                         _at(v, "placement points"), f"say 'target: at least {v.target.numbers}', "
                         "or 'placement points: credited at once'")
    elif announced and (v.target.kind is not ir.TargetKind.AT_LEAST or v.target.at_hand_end):
        yield Diagnostic("announced placement points are played to a target reached at once, 'at least N'",
                         _at(v, "placement points"),
                         "say 'target: at least N', or 'placement points: credited at once'")
    if announced and isinstance(v.first_score, ir.FirstScore):
        yield Diagnostic("announced placement points do not go with a first score", _at(v, "placement points"),
                         "remove 'first score', or say 'placement points: credited at once'")


def check_pool(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.pool_stake is None:
        if _written(v, "pool ties"):
            yield Diagnostic("'pool ties' is given, but there is no pool", _clause_at(v, "pool ties"),
                             "remove it, or add 'pool stake: 1 point from each player every hand'")
        return
    if v.pool_stake < 1:
        yield Diagnostic("a pool stake must be at least 1 point", _at(v, "pool stake"),
                         "write 'pool stake: none' for no pool")
    if v.partnerships is not ir.PartnershipKind.NONE:
        yield Diagnostic("a pool is played by individuals, but there are partnerships", _clause_at(v, "pool stake"),
                         "say 'partnerships: none', or 'pool stake: none'")
    if v.scores_below_zero is ir.BelowZero.NOT_ALLOWED:
        yield Diagnostic("a pool stake can push a score below zero, but scores below zero are not allowed",
                         _clause_at(v, "pool stake"), "add 'scores below zero: allowed', or say 'pool stake: none'")
    if v.target.kind is not ir.TargetKind.NONE:
        yield Diagnostic(f"pool play has no target, but the target is '{v.target.kind} {v.target.numbers}'",
                         v.target.pos, "say 'target: none'")


def _players_of(target: ir.Target, points: int) -> str:
    """The player counts whose target is these points: '3 or 4'."""
    return " or ".join(str(c) for rule in target.by_players if rule.points == points for c in rule.player_counts)


def check_target(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.target.kind in ir.NUMBERLESS_TARGETS:
        if v.match is not None:
            yield Diagnostic(f"match play needs a game target, but the target is '{v.target.kind}'", v.target.pos,
                             "give a target such as 'target: at least 61', or leave the match rules out")
        return
    for rule in v.target.by_players or (ir.TargetCount((), v.target.points, v.target.pos),):
        if rule.points < 1:
            yield Diagnostic(f"the target must be positive, not {rule.points}", rule.pos,
                             f"for example 'target: {v.target.kind} 61'")
    if v.target.by_players and v.match is not None:
        yield Diagnostic("match play needs one game target, but the target differs with the player count",
                         v.target.by_players[1].pos if len(v.target.by_players) > 1 else v.target.pos,
                         f"give one target such as 'target: {v.target.kind} {v.target.points}', "
                         "or leave the match rules out")


def _award_step(award: ir.PipAward | ir.FixedAward | None) -> int:
    """A number every award of this kind is a multiple of (1 where nothing smaller is known); 0: it never scores."""
    if award is None:
        return 0
    if isinstance(award, ir.FixedAward):
        return max(award.points, 0)
    # Rounded to the nearest R, then divided by D (rounding down): multiples of R / D where D divides R.
    if award.round_to and award.round_to > 0 and award.divide_by > 0 and award.round_to % award.divide_by == 0:
        return award.round_to // award.divide_by
    return 1


def _placement_step(v: ir.Variant, target: int) -> int:
    """A number every displayed placement score is a multiple of, in a game to this target; 0: none scores."""
    used = {n.name for n in names_used(v.placement_score)} | {"total"}
    span = value_span(v.placement_score, formula_domains(v, used, target))
    if span is None:
        return 1  # bounds settle nothing: take it that it may score anything
    if span.hi <= 0:
        return 0
    raw = math.gcd(span.step, span.rem)  # every raw score is a multiple of it, and of raw points per displayed
    return 1 if raw == 0 else math.lcm(raw, v.raw_per_displayed) // v.raw_per_displayed


def check_target_reachable(v: ir.Variant) -> Iterator[Diagnostic]:
    """A target nothing scores towards, or an exact target no sum of scores makes, is never reached."""
    if v.target.kind in ir.NUMBERLESS_TARGETS or next(check_formula(v), None) is not None:
        return  # check_formula says what is wrong with the formula
    awards = [v.pip_award, None if v.blocked_hand is ir.BlockedHand.NO_WINNER else v.blocked_pip_award]
    steps = [max(v.going_out_bonus, 0), *map(_award_step, awards)]
    rules = [rule for rule in v.target.by_players or (ir.TargetCount((), v.target.points, v.target.pos),)
             if rule.points >= 1]  # check_target speaks of the others
    step_of = {rule: math.gcd(_placement_step(v, rule.points), *steps) for rule in rules}
    if rules and not any(step_of.values()):
        yield Diagnostic("nothing in these rules ever scores a point, so the target can never be reached",
                         v.target.pos, "give a placement score that can be positive, a going-out bonus "
                         "('going out scores: 10 points') or a pip award ('pip award: opponents' pips')")
        return
    for rule, step in step_of.items():
        players = f" with {ir.counts_text(rule.player_counts)} players" if rule.player_counts else ""
        if step == 0:
            yield Diagnostic(f"nothing in these rules scores a point in a game to {rule.points}{players}, so its "
                             "target can never be reached", rule.pos,
                             "give a placement score that can be positive there, a going-out bonus or a pip award")
        elif v.target.kind is ir.TargetKind.EXACTLY and rule.points % step:
            below, above = rule.points - rule.points % step, rule.points - rule.points % step + step
            near = f"{below} or {above}" if below else str(above)
            yield Diagnostic(f"every score is a multiple of {step}, so a score of exactly {rule.points}{players} "
                             "can never be reached", rule.pos,
                             f"make the target a multiple of {step}, such as {near}, or add a rule that scores "
                             "other amounts")


def check_target_counts(v: ir.Variant) -> Iterator[Diagnostic]:
    """A target per player count: every allowed count has exactly one."""
    if not v.target.by_players:
        return
    seen: dict[int, ir.TargetCount] = {}
    for rule in v.target.by_players:
        for count in rule.player_counts:
            if count in seen:
                yield Diagnostic(f"the target for {count} players is given twice", rule.pos,
                                 f"{seen[count].points}, then {rule.points}: keep one")
                continue
            seen[count] = rule
            if count not in v.player_counts:
                yield Diagnostic(f"a target for {count} players, but 'players' allows {allowed_players(v)}",
                                 rule.pos, f"remove {count} from the target, or let 'players' include it")
    for count in v.player_counts:
        if count not in seen:
            yield Diagnostic(f"no target is given for {count} players", v.target.pos,
                             f"add '{v.target.points} with {count} players' to the target")


def check_penalty(v: ir.Variant) -> Iterator[Diagnostic]:
    penalty = v.pip_penalty
    if penalty is None:
        return
    if penalty.round_to is not None and penalty.round_to < 1:
        rounding = "each_rounded_to" if penalty.each_hand else "rounded_to"
        yield Diagnostic("the pip penalty cannot be rounded to the nearest 0", _at(v, "pip penalty", rounding))
    if v.scores_below_zero is ir.BelowZero.NOT_ALLOWED:
        yield Diagnostic("a pip penalty can push a score below zero, but scores below zero are not allowed",
                         _clause_at(v, "pip penalty"), "add 'scores below zero: allowed', or say 'pip penalty: none'")
    if v.target.kind is ir.TargetKind.EXACTLY:
        yield Diagnostic(f"a pip penalty goes only with 'target: at least', not '{v.target.kind}'",
                         _clause_at(v, "pip penalty"),
                         f"say 'target: at least {v.target.numbers}', or 'pip penalty: none'")


def _scoring_besides_the_award(v: ir.Variant) -> list[tuple[str, bool]]:
    """The clauses that score points besides a hand's award, each with whether it scores in this variant."""
    return [("placement score", bool(names_used(v.placement_score)) or evaluate(v.placement_score, {}) != 0),
            ("going out scores", v.going_out_bonus != 0), ("pip penalty", v.pip_penalty is not None),
            ("going out on either end scores", v.either_end_bonus != 0),
            ("going out with double blank on a single blank end scores", v.blank_end_bonus != 0),
            ("hand bonus", bool(v.hand_bonuses)), ("winning a blocked hand scores", v.blocked_bonus != 0),
            ("an opponent's pass scores", v.pass_points != 0), ("a pass all round scores", v.round_pass_points != 0),
            ("a pass right after the lead scores", bool(v.lead_pass_points or v.lead_pass_double_points))]


def check_hand_points(v: ir.Variant) -> Iterator[Diagnostic]:
    """Penalty points recorded by the side that lost the hand, and the points of tied hands carried."""
    if v.hand_points_to is ir.HandPointsTo.LOSERS:
        at = _at(v, "hand points go to")
        if not _two_sides_at_every_table(v):
            yield Diagnostic("the losing side records the hand's points, so every table has two sides, but "
                             f"'players: {allowed_players(v)}' with 'partnerships: {v.partnerships}' does not",
                             at, "say 'players: 4' with 'partnerships: fixed at 4 players', or 'players: 2'")
        if not v.target.at_hand_end:
            target = clauses.BY_KEY["target"].write(v.target)
            yield Diagnostic("the losing side's points are penalties, judged at the end of a hand, but the target "
                             f"is '{target}'", at, "write 'target: at least N at the end of a hand'")
        scoring = [key for key, scores in _scoring_besides_the_award(v) if scores]
        for key in scoring:
            yield Diagnostic(f"the losing side records the hand's award and nothing else, but '{key}' scores too",
                             _clause_at(v, key), f"remove '{key}'" + (" or say 'placement score: 0'"
                                                                      if key == "placement score" else ""))
    if v.tied_hand_points is ir.TiedHandPoints.CARRIED:
        blocked = v.blocked_pip_award
        if v.blocked_hand in (ir.BlockedHand.NO_WINNER, ir.BlockedHand.BLOCKER_AND_NEXT) \
                or v.tied_lowest is not ir.TiedLowest.NO_WINNER:
            yield Diagnostic("a tied hand's points are carried, but no hand is left without a winner",
                             _at(v, "tied hand points"), "say 'tied lowest: no winner' with a 'blocked hand' that "
                             "has a winner")
        elif not (isinstance(blocked, ir.FixedAward) or isinstance(blocked, ir.PipAward) and not blocked.less_own
                  and (blocked.source is ir.AwardFrom.EVERY_HAND or _sides_tie_on_their_pips(v, blocked))):
            yield Diagnostic("a tied hand's points are carried, but what a blocked hand is worth depends on who wins "
                             "it", _at(v, "tied hand points"),
                             "say 'blocked hand award: every hand's pips', or a number of points")


def _sides_tie_on_their_pips(v: ir.Variant, award: ir.PipAward) -> bool:
    """Whether a tied block leaves two sides holding as many pips, so that either's opponents' pips (counted
    together, a hand at a time rounding them apart) are worth the same."""
    combined = v.blocked_hand is ir.BlockedHand.LOWEST_COMBINED or v.partnerships is ir.PartnershipKind.NONE
    return award.source is ir.AwardFrom.OPPONENTS and not award.each_hand and combined \
        and v.blocked_hand is not ir.BlockedHand.NO_DOUBLE_FIRST and _two_sides_at_every_table(v)


def check_winning(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.target.at_hand_end and v.target.kind is ir.TargetKind.EXACTLY:
        yield Diagnostic("an exact target is reached at once, not judged at the end of a hand", v.target.pos,
                         f"say 'target: at least {v.target.points} at the end of a hand'")
    first = v.first_score
    if isinstance(first, ir.FirstScore):
        if first.threshold < 1:
            yield Diagnostic("a first score must be at least 1 point", first.pos,
                             "write 'first score: any points' to let every score count")
        elif first.threshold > min(v.target.every_points) and v.target.kind is ir.TargetKind.AT_LEAST:
            lowest = min(v.target.every_points)
            yield Diagnostic(f"the first score of {first.threshold} is above the target of {lowest}"
                             + (f" with {_players_of(v.target, lowest)} players" if v.target.by_players else ""),
                             first.pos, f"a side must get in before it can win: make it {lowest} or less")
        if v.target.kind is not ir.TargetKind.AT_LEAST:
            yield Diagnostic(f"a first score goes only with 'target: at least', not '{v.target.kind}'",
                             _at(v, "first score"),
                             f"say 'target: at least {v.target.numbers if v.target.points else 61}', "
                             "or leave 'first score' out")
    if v.lead_winning is ir.LeadWinning.CANCELLED and v.target.kind is not ir.TargetKind.EXACTLY:
        yield Diagnostic(f"cancelled winning points on the lead go only with 'target: exactly', not '{v.target.kind}'",
                         _at(v, "winning points on the lead"),
                         f"say 'target: exactly {v.target.numbers if v.target.points else 61}', "
                         "or leave 'winning points on the lead' out")


def check_match_rules(rules: ir.MatchRules, game_target: int, target_pos: ir.Pos) -> Iterator[Diagnostic]:
    """Match play: the lines must nest, deeper lines paying at least as much as shallower ones."""
    if rules.win_points < 1:
        yield Diagnostic("a game won must score at least 1 match point", rules.pos)
    if rules.target < 1:
        yield Diagnostic(f"the match target must be positive, not {rules.target}", rules.pos)
    seen: dict[int, ir.MatchLine] = {}
    for line in rules.lines:
        below = line.below
        if below.denominator is not None and (below.denominator < 1 or below.numerator > below.denominator):
            yield Diagnostic(f"the {line.name} must be a fraction of the target between 0 and 1", line.below.pos,
                             "write it as 'below 3/4 of the target', or give a score: 'below 91'")
            continue
        cutoff = line.below.cutoff(game_target)
        if not 1 <= cutoff <= game_target:
            yield Diagnostic(f"the {line.name} at {cutoff} is outside the board: scores go from 0 to {game_target}",
                             line.below.pos, f"the game target is {game_target} (line {target_pos.line})")
            continue
        if cutoff in seen:
            yield Diagnostic(f"the {line.name} and the {seen[cutoff].name} are the same line (below {cutoff})",
                             line.pos)
        seen[cutoff] = line
        if line.points is not None and line.points < rules.win_points:
            yield Diagnostic(f"the {line.name} pays {line.points} match points, less than the {rules.win_points} "
                             "of a plain win", line.pos)
    ordered = sorted(seen.items())  # deepest first
    for (_, deeper), (_, shallower) in zip(ordered, ordered[1:], strict=False):
        if shallower.points is None:
            yield Diagnostic(f"the {shallower.name} wins the match outright, yet the deeper {deeper.name} does not",
                             shallower.pos, "only the deepest line may win the match outright")
        elif deeper.points is not None and deeper.points < shallower.points:
            yield Diagnostic(f"the {deeper.name} (below {deeper.below.cutoff(game_target)}) pays {deeper.points}, "
                             f"less than the {shallower.name} (below {shallower.below.cutoff(game_target)}) "
                             f"pays {shallower.points}", deeper.pos, "a deeper line pays at least as much")


def check_match(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.match is None:
        return
    yield from check_match_rules(v.match, v.target.points, v.target.pos)
    if v.match.next_game_opener is ir.NextGameOpener.LOSER and v.first_opener is ir.Opener.HIGHEST_DOUBLE:
        yield Diagnostic("the loser of a game cannot open the next one when the first opener is the holder of "
                         "the highest double", _at(v, "next game opener"),
                         "say 'next game opener: the variant's rule', or 'first opener: by lot'")


def check_format(f: ir.MatchFormat) -> ir.MatchFormat:
    """A match format on its own: its game target and its match rules."""
    problems: list[Diagnostic] = []
    if f.game_target < 1:
        problems.append(Diagnostic(f"the game target must be positive, not {f.game_target}",
                                   _at(f, "game target")))
    else:
        problems += check_match_rules(f.rules, f.game_target, _clause_at(f, "game target"))
    if problems:
        raise SpecError(problems)
    return f


def check_rounds(v: ir.Variant) -> Iterator[Diagnostic]:
    """A game of rounds (trains): its lead, the engine drawn for, and the lowest total of own pips winning."""
    lowest = v.target.kind is ir.TargetKind.LOWEST_AFTER_ROUNDS
    if v.rounds is ir.Rounds.NONE:
        if lowest:
            yield Diagnostic(f"'target: {v.target.kind}' needs rounds, but the game has none", v.target.pos,
                             f"add '{clauses.BY_KEY['rounds'].example}'")
        if v.lead in (ir.Lead.ROUND_DOUBLE, ir.Lead.ROUND_DOUBLE_SET_ASIDE):
            yield Diagnostic(f"'lead: {v.lead}' needs rounds, but the game has none", _at(v, "lead"),
                             f"add '{clauses.BY_KEY['rounds'].example}'")
    elif not lowest:
        yield Diagnostic("a game of rounds ends after its last round, so it has no target to reach",
                         v.target.pos, f"say 'target: {ir.TargetKind.LOWEST_AFTER_ROUNDS}'")
    if v.rounds is not ir.Rounds.NONE and v.tied_lowest is ir.TiedLowest.PLAYED_AGAIN:
        yield Diagnostic("a game of rounds plays each round once, so a tied hand cannot be played again",
                         _at(v, "tied lowest"), "say 'tied lowest: no winner' or 'each tied side wins'")
    if v.lead is ir.Lead.ROUND_DOUBLE_SET_ASIDE:
        # The hand starts with the engine on the table: it may block before anyone places a tile. A hand that
        # went out had a last tile, so the next opener looks back on one where a blocked hand's rule is written.
        for key, rule in (("first opener", v.first_opener),
                          ("next opener", v.next_opener if v.after_blocked is None else None),
                          ("after a blocked hand", v.after_blocked)):
            if rule in (ir.Opener.LAST_TILE, ir.Opener.WINNER, ir.Opener.SIDE_CHOICE):
                yield Diagnostic(f"with 'lead: {v.lead}' a hand may end before any tile is placed, with no last "
                                 f"tile and no winner, so '{key}' cannot be '{rule}'", _at(v, key),
                                 "say 'next seat clockwise' or 'by lot'")
    if v.lead is ir.Lead.ROUND_DOUBLE and v.if_nobody_holds not in (None, ir.NobodyHolds.DRAWN_FOR):
        yield Diagnostic(f"nobody holding the round's double, the seats draw for it, but 'if nobody holds it: "
                         f"{v.if_nobody_holds}' says otherwise", _at(v, "if nobody holds it"),
                         f"say 'if nobody holds it: {ir.NobodyHolds.DRAWN_FOR}'")
    if v.if_nobody_holds is ir.NobodyHolds.DRAWN_FOR:
        at = _at(v, "if nobody holds it")
        if v.lead is not ir.Lead.ROUND_DOUBLE:
            yield Diagnostic(f"the seats draw for the round's engine, but the lead is '{v.lead}'", at,
                             f"say 'lead: {ir.Lead.ROUND_DOUBLE}'")
        if v.undealt is not ir.Undealt.DRAW_PILE:
            yield Diagnostic("the seats draw for the lead, but undealt tiles are out of play", at,
                             "say 'undealt tiles: draw pile'")
        elif v.reserve:
            yield Diagnostic("the seats draw for the lead until it appears, but the reserve is never drawn", at,
                             "remove 'reserve'")
    pips_added = v.pips_left is ir.PipsLeft.ADDED_TO_HOLDER
    if pips_added != lowest:
        needs = f"target: {ir.TargetKind.LOWEST_AFTER_ROUNDS}" if pips_added else \
            clauses.BY_KEY["pips left in hand"].example
        key = "pips left in hand" if pips_added else "target"
        yield Diagnostic("each seat's pips left in hand are its score, the lowest total after the last round "
                         f"winning: '{key}' needs '{needs}'", _clause_at(v, key),
                         f"say '{needs}'" if pips_added else f"add '{needs}'")
    if v.tile_values and not pips_added:
        yield Diagnostic("tile values count the pips left in hand at a hand's end, which score only where they "
                         "are added to the holder's score", _clause_at(v, "tile values"),
                         f"add '{clauses.BY_KEY['pips left in hand'].example}'")
    yield from _tiles_of_the_set(v, v.tile_values)
    if not pips_added:
        return
    if v.partnerships is not ir.PartnershipKind.NONE:
        yield Diagnostic("each seat's own pips are its score, so there are no partnerships",
                         _clause_at(v, "partnerships"), "say 'partnerships: none'")
    scoring = [key for key, scores in (
        *_scoring_besides_the_award(v), ("pip award", v.pip_award is not None),
        ("blocked hand award", v.blocked_hand is not ir.BlockedHand.NO_WINNER and v.blocked_pip_award is not None),
        ("pool stake", v.pool_stake is not None), ("first score", isinstance(v.first_score, ir.FirstScore)),
        ("hand points go to", v.hand_points_to is not ir.HandPointsTo.WINNERS),
        ("tied hand points", v.tied_hand_points is not ir.TiedHandPoints.LOST),
        ("when both sides have points", v.both_scored is not ir.BothScored.KEPT)) if scores]
    for key in scoring:
        yield Diagnostic(f"each seat's score is its own pips left in hand and nothing else, but '{key}' scores too",
                         _clause_at(v, key) if _written(v, key) else _at(v, "pips left in hand"),
                         f"remove '{key}'" + (" or say 'placement score: 0'" if key == "placement score" else "")
                         + (" or say 'pip award: none'" if key == "pip award" else ""))


def _tiles_of_the_set(v: ir.Variant, values: tuple[ir.TileValue, ...], given: str = "") -> Iterator[Diagnostic]:
    for value in values:
        if value.high > v.max_pip:
            yield Diagnostic(f"[{value.low}|{value.high}]{given} is not a tile of the {_set_name(v.max_pip)} set",
                             value.pos, f"name tiles from [0|0] to [{v.max_pip}|{v.max_pip}]")


def check_lone_tile_values(v: ir.Variant) -> Iterator[Diagnostic]:
    """Kozel's lone [0|0] and [6|6]: a hand's only tile counting other than its pips wherever pips left count."""
    if not v.lone_tile_values:
        return
    yield from _tiles_of_the_set(v, v.lone_tile_values, ", given a lone value,")
    at = _clause_at(v, "lone tile values")
    if not v.counts_pips_left:
        yield Diagnostic("lone tile values count a hand's only tile at a hand's end, but nothing counts the pips "
                         "left in hand", at, "add a pip award ('pip award: opponents' pips'), a pip penalty or a "
                         "blocked hand decided by pips, or remove 'lone tile values'")
    if v.blocked_hand is ir.BlockedHand.NO_DOUBLE_FIRST and any(value.low == value.high
                                                               for value in v.lone_tile_values):
        yield Diagnostic(f"'blocked hand: {v.blocked_hand}' counts a hand of doubles only as 0, but a lone double "
                         "is given a value", at, "give only tiles that are not doubles a lone value, or use "
                         + choices("blocked hand", _but(ir.BlockedHand, ir.BlockedHand.NO_DOUBLE_FIRST)))


def check_later_doubles(v: ir.Variant) -> Iterator[Diagnostic]:
    """Chicken feet: every double after the spinner grows three toes, covered before any other end."""
    if v.later_doubles is ir.LaterDoubles.CROSSWISE:
        return
    at = _at(v, "later doubles")
    if v.spinners is not ir.Spinners.FIRST_DOUBLE:
        yield Diagnostic(f"'later doubles: {v.later_doubles}' are the doubles after the one spinner, but "
                         f"'spinners: {v.spinners}' says otherwise", at, "say 'spinners: first double'")
    elif v.spinner_sides is not ir.SpinnerSides.BEFORE_OTHER_ENDS:
        yield Diagnostic("a chicken foot's toes are covered before any other end, as the spinner's sides are, but "
                         f"'spinner sides: {v.spinner_sides}' says otherwise", at,
                         f"add '{clauses.BY_KEY['spinner sides'].example}'")
    yield from _plain_joining(v, "a chicken foot's toes each take a tile of the double's value and count nothing")


def _plain_joining(v: ir.Variant, rule: str, *others: tuple[str, bool]) -> Iterator[Diagnostic]:
    """The layouts whose ends take a tile by equal halves and count nothing: each clause that changes that (these
    others first), refused in words of the rule it breaks."""
    for key, differs in (*others, ("arms of the cross", v.cross_arms is not ir.CrossArms.NONE),
                         ("matching", v.matching is not None), ("wild tiles", bool(v.wild_tiles)),
                         ("placement score", bool(names_used(v.placement_score))
                          or evaluate(v.placement_score, {}) != 0)):
        if differs:
            yield Diagnostic(f"{rule}, but '{key}' changes that", _clause_at(v, key),
                             "say 'placement score: 0'" if key == "placement score" else f"remove '{key}'")


def check_trains(v: ir.Variant) -> Iterator[Diagnostic]:
    """The hub: the round's engine with one train per seat (and a public one), each a line with one open end."""
    if v.trains is ir.Trains.NONE:
        if v.train_doubles is not ir.TrainDoubles.ORDINARY:
            yield Diagnostic(f"'doubles in trains: {v.train_doubles}' needs trains, but the layout has none",
                             _at(v, "doubles in trains"), f"add '{clauses.BY_KEY['trains'].example}'")
        return
    at = _at(v, "trains")
    if v.lead not in (ir.Lead.ROUND_DOUBLE, ir.Lead.ROUND_DOUBLE_SET_ASIDE):
        yield Diagnostic(f"the trains start from the round's engine, but the lead is '{v.lead}'", at,
                         f"say 'lead: {ir.Lead.ROUND_DOUBLE}' or 'lead: {ir.Lead.ROUND_DOUBLE_SET_ASIDE}'")
    if v.spinners is not ir.Spinners.NONE:
        yield Diagnostic(f"the engine's ports are the trains and every double in a train lies crosswise, but "
                         f"'spinners: {v.spinners}' says otherwise", _at(v, "spinners"), "say 'spinners: none'")
    yield from _plain_joining(v, "each tile of a train joins its one open end by equal halves and the ends count "
                              "nothing", ("later doubles", v.later_doubles is not ir.LaterDoubles.CROSSWISE))


Pass = Callable[[ir.Variant], Iterator[Diagnostic]]

# The tile set and the players are the ground the other passes stand on.
BASE_PASSES: tuple[Pass, ...] = (check_tile_set, check_players)
# These count tiles, seats or end totals: after a base problem they would only repeat it (or run
# through a million player counts), so they wait until the base is sound.
BASED_PASSES: tuple[Pass, ...] = (check_partnerships, check_deal, check_target_counts, check_formula,
                                  check_formula_range, check_leads, check_target_reachable)
OTHER_PASSES: tuple[Pass, ...] = (check_drawing, check_openers, check_spinners, check_matching, check_hand_end,
                                  check_turns, check_target, check_penalty, check_pool, check_winning, check_match,
                                  check_hand_points, check_pass_points, check_both_scored, check_rounds,
                                  check_lone_tile_values, check_later_doubles, check_trains)


def check(v: ir.Variant | ir.MatchFormat) -> ir.Variant | ir.MatchFormat:
    """Run every pass; raise SpecError with all problems found, or return the spec unchanged."""
    if isinstance(v, ir.MatchFormat):
        return check_format(v)
    problems = [d for check_pass in BASE_PASSES for d in check_pass(v)]
    passes = OTHER_PASSES if problems else BASED_PASSES + OTHER_PASSES
    problems += [d for check_pass in passes for d in check_pass(v)]
    if problems:
        raise SpecError(problems)
    return v
