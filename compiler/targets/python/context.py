"""The Python target's context adapter: every rule of a spec decided here, once, as named values the
templates print. Strings arrive as Python literals, choices as booleans or ready expressions; the
templates never see the IR."""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...language import ir
from ...language.formula import Syntax, lead_points, max_total, names_used, score_table, to_source
from ...play import bots
from ..standalone import sections
from .quoting import escaped, literal

LINE_LENGTH = 120  # the engines' ruff line length
# The highest number a game's first hand may have (a record of a game's later hands starts past 1), in every target.
MAX_HAND_NUMBER = 1_000_000

RUNTIME = Path(__file__).resolve().parent / "runtime"
RUNTIME_FILES = ("types.py", "tiles.py", "layout.py", "game.py", "match.py", "bots.py", "search.py")


@functools.cache
def runtime_sections() -> Mapping[str, str]:
    """The fixed code every engine copies in, by section name."""
    found: dict[str, str] = {}
    for name in RUNTIME_FILES:
        found.update(sections(RUNTIME / name))
    return found


def _table(values: Sequence[object], per_line: int = 20, brackets: str = "()") -> str:
    """A tuple literal (or with brackets "{}", a dict's items) laid out over several lines."""
    rows = [", ".join(str(v) for v in values[i:i + per_line]) for i in range(0, len(values), per_line)]
    return brackets[0] + "\n    " + ",\n    ".join(rows) + ",\n" + brackets[1]


def _tile_dict(values: Sequence[ir.TileValue], *first: str) -> str:
    """A dict literal of tiles' values laid out over several lines, after first's entries."""
    return _table([*first, *(f"({value.low}, {value.high}): {value.pips}" for value in values)], 8, "{}")


@dataclass(frozen=True)
class Tables:
    """The module's constants: the variant described for readers (the verifier and replay read these
    too), and the tables the engine looks up."""

    name_text: str  # escaped, for the docstring
    source_text: str | None  # escaped, for the docstring
    name_literal: str
    max_pip: int
    tiles: str  # tuple literal
    min_players: int
    max_players: int
    player_counts: str | None  # tuple literal of the counts 'players: 2 or 4' allows; None: every count from min to max
    players_text: str  # the counts as the language writes them ('4', '2 to 4', '2 or 4'): digits and words only
    deal: str  # dict literal: players -> tiles each
    partnerships: str  # the clause's phrase, as a literal
    spinner_policy: str
    branches_open: str
    trains: str  # literal: the trains clause's words ("none" where the layout is no hub)
    train_doubles: str  # literal: what a double in a train is
    target_kind: str
    has_match_play: bool
    raw_per_displayed: int
    going_out_bonus: int
    target: int
    targets: str | None  # dict literal: players -> the target of their game; None: one TARGET for every count
    target_ref: str  # how the Game reads its target: the TARGET constant, or its own per-count self.target
    max_total: int
    raw_points: str  # tuple literal, by end total
    displayed_points: str | None  # tuple literal; None where one raw point is one displayed point
    placements_score: bool  # some placement can score (false where the formula is 0 at every end total)
    max_hand_number: int  # the highest number a game's first hand may have: the last round, in a game of rounds
    port_names: str  # tuple literal: every port a connection may name
    rounds: int | None  # a game of this many hands (rounds), each with its own engine; None: played to a target
    round_engines: str  # tuple literal: each round's engine double, round 1 first
    pips_left: str | None  # dict literal: what each tile left in hand counts, where a tile counts other than its pips
    lone_pips: str | None  # dict literal: what a tile counts as the only one left in its hand, where it counts other


@dataclass(frozen=True)
class Scoring:
    """A placement score that uses more than the end total: the formula as Python expressions."""

    names_text: str  # the names it uses, for docstrings
    names_literal: str  # the same, as a tuple literal
    layout_names_text: str  # the names the layout answers
    uses_layout: bool
    uses_score: bool
    uses_ends_alike: bool
    uses_double_end: bool
    uses_target_by_players: bool  # the formula uses a target that differs with the player count
    points_in_play: str  # raw points in _play: an expression of total, layout, seat and self
    points_for_layout: str  # raw points in placement_points(total, layout, score)


@dataclass(frozen=True)
class LayoutRules:
    has_spinners: bool
    first_double_only: bool  # only the first double played spins
    branches_at_once: bool  # a spinner's branches open when it is played ...
    branches_after_line_sides: bool  # ... or once both its line sides are covered
    double_at_end: str  # the clause's words, for the docstring
    double_end_value: str  # what an end double with one line side covered counts: an expression of `value`
    # The layout keeps its end total as tiles go on where a spinner's branches count nothing: each end
    # double counts this many times its value; None where branches count, and the total is summed.
    running_total_factor: int | None
    sides_first: bool  # while a spinner has an uncovered side, only its sides take tiles
    branches_count: bool  # a spinner covered on both line sides counts its value at each open branch
    cross_arms: bool  # then each of the four arms takes a double before play is free
    own_matching: bool  # halves adding up to a number, or wild tiles: the layout's _fits decides what joins
    halves_sum: int | None  # a tile joins an end of value v by its half halves_sum - v; None: by its half v
    wild: str | None  # frozenset literal of the wild tiles; None where there are none
    matching_text: str  # the rule in words, for docstrings
    touching_half: str  # the half of a non-wild tile that touches an end of `value`: an expression of value
    chicken_feet: bool  # a double after the spinner grows three toes, its only ports, the only open ones until covered
    trains: bool  # the hub: the engine's ports are one train per seat, each a line with one open end
    public_train: bool  # ... and the public train, which every seat may use
    satisfied_doubles: bool  # a double in a train: its line B the only open end, for every seat, until covered

    @property
    def arms_by_double(self) -> bool:
        """Each arm of the cross waits for the one double that shows its end (no tile is wild, halves are equal)."""
        return self.cross_arms and not self.own_matching


@dataclass(frozen=True)
class Opener:
    """One opener rule: what it decides (an expression giving a seat, or None for by lot) and its phrase."""

    decided: str
    phrase: str  # literal, for the message when a given opener disagrees
    side_choice: bool  # a seat the side that won the last decided hand chooses (decided is then None)


@dataclass(frozen=True)
class TurnRules:
    partnerships_possible: bool
    partnerships_fixed: bool  # four players always play as partnerships
    first_opener: Opener
    next_opener: Opener
    after_blocked: Opener
    uses_highest_double: bool  # some opener rule looks for the highest double
    uses_heaviest_tile: bool  # some opener rule looks for the heaviest tile dealt
    lead_double_if_held: bool
    draws: bool
    drawn_tile_played_at_once: bool  # a playable drawn tile must be played at once
    draw_condition: str  # expression: the seat may draw now
    reserve: int
    may_pass: bool
    extra_turns: bool
    extra_turn_earned: str  # expression of tile, raw, hand (and from_draw): this placement earns an extra turn
    extra_turn_needs_from_draw: bool
    extra_turn_ends_when_stuck: bool
    optional_extra: bool  # on an extra turn the player may pass instead of placing
    may_draw: bool  # a player able to place may draw instead, while tiles can be drawn
    announced: bool  # placements carry claims; wrong claims are penalties; opponents may call muggins
    partner_must_go_out_too: bool  # with partnerships, the hand goes on until both partners are out
    winner_leads: bool  # an opener rule names the seat that won the last hand
    side_chooses: bool  # an opener rule lets the side that won the last decided hand choose its seat
    pass_points: int  # an opponent's pass scores this for the side of the last tile placed; 0: passes score nothing
    round_pass_points: int  # every other seat passing in turn after a tile scores this for its side; 0: nothing
    lead_pass_points: tuple[int, int] | None  # the next seat passing right after the lead: (after a double, else)


@dataclass(frozen=True)
class LeadRules:
    """What the lead may be, beyond 'any tile' and 'a double if held'."""

    named: bool  # the lead names its tile: the first tile of `order` that a hand holds leads, by its holder
    first_hand_only: bool  # ... in some hands only (`when`): the others follow the opener rules and `lead`
    when: str  # expression, before a hand is dealt: whether the named lead leads it (the first hand, or level scores)
    level: bool  # the named lead leads at 0-0, at 1-1 and after a drawn hand
    order: str  # tuple literal: the named tile(s) in order, then the tiles that lead if nobody holds them
    void: bool  # a deal in which no hand holds a named tile is void
    offered: bool  # the seat offered the lead may lack a tile it may lead (those of `allowed`)
    allowed: str  # tuple literal: the tiles a seat offered the lead may lead
    draws: bool  # a seat without one draws for it; else it passes the lead
    phrase_text: str  # what may lead, as the spec says it (plain words or a tile), for comments and messages
    round_double: bool  # the named tile is the round's engine, the double of the hand's number from the top
    drawn_for: bool  # where no hand holds it, the seats draw one tile each in turn, the opener first, until it appears
    set_aside: bool  # the round's engine is laid on the table before the deal: the opener places the first tile on it


@dataclass(frozen=True)
class Award:
    round_to: int | None
    divide_by: int
    from_opponents: bool  # else from every other hand (the winner's partner's too)


@dataclass(frozen=True)
class HandAward:
    """What the winner of a hand scores, decided for one way of winning it (going out, or a blocked hand)."""

    name: str  # "out" or "blocked": the award's function is _{name}_award
    fixed: int | None  # a fixed number of points, whatever the pips; else from the pips below
    source: str  # expression of remaining, sides, side (the winning side) and out_seat: the pips counted
    less_own: bool  # the winning side's own pips are subtracted; an award below 0 scores 0
    round_to: int | None
    each_hand: bool  # each seat's pips rounded on their own, then added
    divide_by: int


@dataclass(frozen=True)
class Penalty:
    round_to: int | None
    each_hand: bool  # each seat's pips rounded on their own, else the side's added and rounded once
    out_exempt: bool  # the side that went out loses nothing


@dataclass(frozen=True)
class HandEnd:
    exact: bool  # target: exactly N
    target: str  # for comments: its number, or the words for a target per player count
    award: Award | None
    awards: tuple[HandAward, ...] | None  # the going-out and blocked awards, where either is more than `award`
    lead_may_not_win: bool  # a lead that would bring its side to the target is cancelled
    first_score: int | None  # a side at 0 is not in: a score below this is void for it
    first_score_awards: bool  # the first-score rule holds for hand awards too, not only placements
    penalty: Penalty | None  # every side loses its own pips at the end of every hand
    judged_at_hand_end: bool  # the target ends the game only at the end of a hand, the highest score winning
    below_zero: bool  # scores may go below zero (starting scores too)
    needs_nearest: bool  # some award or penalty rounds to the nearest multiple
    wins_during_play: bool  # reaching the target ends the game at once (not only at a hand's end; there is one)
    no_target: bool  # pool play: the game never ends by score
    pool: int | None  # each player's stake into the pool at the start of every hand
    pool_divided: bool  # tied winners divide the pool, the remainder carried; else a tie carries it whole
    blocked_has_winner: bool
    blocked_by_combined_pips: bool  # partners add their hands, else a side's lowest hand counts
    doubles_first: bool  # the seats holding no double are a blocked hand's candidates (reckon_hand takes the doubles)
    tie_means_no_winner: bool
    losers_record: bool  # the losing side records the hand's points (two sides): reaching the target loses
    tied_points: str | None  # what a tied hand is worth, carried to the next decided hand; None: lost
    blocker_and_next: bool  # a blocked hand is decided between its blocker and the next seat (reckon_hand takes it)
    leaders_win_ties: bool  # a blocked hand's tie goes to the side of the seat that led the hand (reckon_hand takes it)
    blockers_win_ties: bool  # ... to the blocker's side
    takes_blocker: bool  # reckon_hand takes a blocked hand's blocker
    either_end_bonus: int  # going out with a tile that matched both open ends scores this more
    either_end_doubles: bool  # ... a double too
    either_end_two_numbers: bool  # ... only where the two ends showed two different numbers
    blank_end_bonus: int  # going out with [0|0] while exactly one open end is blank scores this more
    blocked_bonus: int  # the side that wins a blocked hand scores this more
    hand_bonuses: str | None  # literal: {hand number: points} for the side that wins that hand; None: no bonus
    push: bool  # a tie of a blocked hand is played again, with the same number
    bruk_keeps_winner: bool  # ... the winner keeping its points, the losing side alone going back to 0
    bruk: bool  # a won hand that leaves both sides with points sends them back to 0 (from 1-1: the loser only)
    lowest_seat: bool  # a blocked hand's winning seat: its side's lowest, first from the blocker; a tie, the next seat
    number: str  # expression: the game's number of the hand just dealt (a push keeps the number)
    pips_added: bool  # each seat's pips left in hand are added to its own score, the lowest total winning
    rounds: int | None  # the game ends after this many hands, the lowest total winning


@dataclass(frozen=True)
class MatchLine:
    name: str  # literal
    cutoff: int  # the lowest score that is not below the line
    outright: bool  # a loser below it loses the whole match
    points: int  # match points for the winner (0 where outright)
    points_or_none: str  # literal: the match points, None where outright


@dataclass(frozen=True)
class MatchPlay:
    game_target: int
    exact_target: bool
    win_points: int
    lines: tuple[MatchLine, ...]  # deepest first
    target_kind: str  # literal
    target: int
    first_to: bool  # first to N match points, else best of N games
    next_game_opener: str  # literal
    loser_opens: bool  # the loser of a game opens the next


@dataclass(frozen=True)
class BotSettings:
    """What the thinking bots are built with (play/bots.py): the expert's weights as (name, literal, what it
    weighs), and the search's exploration constant."""

    expert_weights: tuple[tuple[str, str, str], ...]
    exploration: str


BOT_SETTINGS = BotSettings(
    expert_weights=tuple((name, repr(weight), escaped(meaning))
                         for name, (weight, meaning) in bots.EXPERT_WEIGHTS.items()),
    exploration=repr(bots.ISMCTS_EXPLORATION))


@dataclass(frozen=True)
class EngineContext:
    tables: Tables
    scoring: Scoring | None  # None: the placement score uses the end total alone (the score tables)
    layout: LayoutRules
    turn: TurnRules
    leads: LeadRules
    hand_end: HandEnd
    match: MatchPlay | None
    runtime: Mapping[str, str]
    bots: BotSettings = field(default_factory=lambda: BOT_SETTINGS)


@dataclass(frozen=True)
class MatchFormatContext:
    name_text: str  # escaped, for the docstring
    source_text: str | None  # escaped, for the docstring
    name_literal: str
    match: MatchPlay
    runtime: Mapping[str, str]


OPENER_DECIDES = {
    ir.Opener.LOT: "None",
    # A record may start at a later hand of a game: with no hand before it (opener -1) a lot decides.
    ir.Opener.NEXT_SEAT: "None if self.opener < 0 else (self.opener + 1) % self.players",
    ir.Opener.LAST_TILE: "None if self.opener < 0 else self._last_tile_seat",
    ir.Opener.HIGHEST_DOUBLE: "_highest_double_holder(hands)",
    ir.Opener.WINNER: "None if self.opener < 0 else self._winner_seat",
    ir.Opener.SIDE_CHOICE: "None",  # a seat of the side that won the last decided hand: _choose_opener checks it
    ir.Opener.HEAVIEST_TILE: "_heaviest_tile_holder(hands)",
}


def _opener(rule: ir.Opener) -> Opener:
    return Opener(OPENER_DECIDES[rule], literal(rule.value), rule is ir.Opener.SIDE_CHOICE)


def _tables(v: ir.Variant) -> Tables:
    over_total_alone = {n.name for n in names_used(v.placement_score)} <= {"total"}
    raw = score_table(v) if over_total_alone else []  # otherwise the engine works each placement out
    return Tables(
        name_text=escaped(v.name), source_text=None if v.source is None else escaped(v.source),
        name_literal=literal(v.name), max_pip=v.max_pip,
        tiles=_table([(a, b) for a in range(v.max_pip + 1) for b in range(a, v.max_pip + 1)], per_line=10),
        min_players=v.min_players, max_players=v.max_players,
        player_counts=None if v.player_set is None else repr(v.player_set),
        players_text=ir.counts_text(v.player_counts),
        deal="{" + ", ".join(f"{n}: {v.tiles_dealt(n)}" for n in v.player_counts) + "}",
        partnerships=literal(v.partnerships.value), spinner_policy=literal(v.spinners.value),
        branches_open=literal(v.branches_open.value), target_kind=literal(v.target.kind.value),
        trains=literal(v.trains.value), train_doubles=literal(v.train_doubles.value),
        has_match_play=v.match is not None, raw_per_displayed=v.raw_per_displayed,
        going_out_bonus=v.going_out_bonus, target=v.target.points, max_total=max_total(v), raw_points=_table(raw),
        targets="{" + ", ".join(f"{n}: {v.target.for_players(n)}" for n in v.player_counts) + "}"
        if v.target.by_players else None,
        target_ref="self.target" if v.target.by_players else "TARGET",
        displayed_points=None if v.raw_per_displayed == 1 else _table([r // v.raw_per_displayed for r in raw]),
        placements_score=not over_total_alone or any(raw),
        max_hand_number=v.round_count or MAX_HAND_NUMBER,
        port_names=_table([literal(name) for name in port_names(v)], per_line=10), rounds=v.round_count,
        round_engines=_table([(n, n) for n in v.round_engines], per_line=10),
        pips_left=_tile_dict(v.tile_values, "**_PIPS") if v.tile_values else None,
        lone_pips=_tile_dict(v.lone_tile_values) if v.lone_tile_values else None,
    )


LINE_PORTS = ("low", "high", "lineA", "lineB", "branchA", "branchB")
TOE_PORTS = ("toeA", "toeB", "toeC")  # a chicken foot's three toes
PUBLIC_PORT = "public"  # the hub's port of the public train


def train_ports(players: int) -> tuple[str, ...]:
    """The hub's ports of the seats' trains at a table of players: train<k> starts seat k's train."""
    return tuple(f"train{seat}" for seat in range(players))


def port_names(v: ir.Variant) -> tuple[str, ...]:
    """Every port a tile of this variant's layout may join: the line's and spinners', a chicken foot's toes, and
    the hub's trains."""
    hub: tuple[str, ...] = ()
    if v.trains is not ir.Trains.NONE:
        hub = train_ports(v.max_players) + ((PUBLIC_PORT,) if v.trains is ir.Trains.EACH_SEAT_AND_PUBLIC else ())
    return LINE_PORTS + (TOE_PORTS if v.later_doubles is ir.LaterDoubles.CHICKEN_FEET else ()) + hub


# What each name of the formula is in the engine (the mover's score differs in and out of play).
_LAYOUT_NAMES = {
    "lead": "(1 if len(layout.tiles) == 1 else 0)", "ends": "len(layout.counted_ends())",
    "ends_alike": "layout.ends_alike()", "double_end": "layout.double_end()",
}
_PLAIN_NAMES = {"total": "total", "target": "TARGET"}


PYTHON_SYNTAX = Syntax(floor_div="({a} // {b})", floor_mod="{a} % {b}", conditional="({then} if {cond} else {other})",
                       and_="and", or_="or", not_="not ")


def _wrapped(expression: str, indent: int) -> str:
    """`raw = expression` at this indent, its expression broken over lines where it is longer than a
    line allows: a compound formula is wholly in brackets, so it continues inside them."""
    first = indent + len("raw = ")
    if first + len(expression) <= LINE_LENGTH:
        return expression
    lines = textwrap.wrap(expression, LINE_LENGTH - first, break_long_words=False, break_on_hyphens=False)
    return ("\n" + " " * first).join(lines)


def _scoring(v: ir.Variant) -> Scoring | None:
    used = [name for name in ir.FORMULA_NAMES if name in {n.name for n in names_used(v.placement_score)}]
    if set(used) <= {"total"}:
        return None
    layout_names = [name for name in used if name in _LAYOUT_NAMES]
    names = {**_PLAIN_NAMES, **_LAYOUT_NAMES}
    by_players = bool(v.target.by_players) and "target" in used
    # The mover's score, and a target that differs with the player count: the Game's own, or the count given.
    in_play = {"score": "self.scores[self._sides[seat]]", **({"target": "self.target"} if by_players else {})}
    for_layout = {"score": "score", **({"target": "TARGETS[players]"} if by_players else {})}
    return Scoring(
        names_text=", ".join(used), names_literal="(" + "".join(f"{literal(n)}, " for n in used) + ")",
        layout_names_text=", ".join(layout_names) or "none of the layout", uses_layout=bool(layout_names),
        uses_score="score" in used, uses_ends_alike="ends_alike" in used, uses_double_end="double_end" in used,
        uses_target_by_players=by_players,
        points_in_play=_wrapped(to_source(v.placement_score, {**names, **in_play}, PYTHON_SYNTAX), 8),
        points_for_layout=_wrapped(to_source(v.placement_score, {**names, **for_layout}, PYTHON_SYNTAX), 4),
    )


def _layout(v: ir.Variant) -> LayoutRules:
    spinners = v.spinners is not ir.Spinners.NONE
    both_halves = v.double_at_end is ir.DoubleAtEnd.BOTH_HALVES
    branches_count = spinners and v.spinner_counts is ir.SpinnerCounts.PER_OPEN_BRANCH
    end_value = "2 * value" if both_halves else "value"
    feet = v.later_doubles is ir.LaterDoubles.CHICKEN_FEET
    trains = v.trains is not ir.Trains.NONE
    if branches_count and not both_halves:  # the Sniff's spinner counts both halves at its line side
        end_value = "(2 * value if tile in self._spinners else value)"
    return LayoutRules(
        has_spinners=spinners, first_double_only=v.spinners is ir.Spinners.FIRST_DOUBLE,
        branches_at_once=spinners and v.branches_open is ir.BranchesOpen.AT_ONCE,
        branches_after_line_sides=spinners and v.branches_open is ir.BranchesOpen.AFTER_BOTH_LINE_SIDES,
        double_at_end=v.double_at_end.value, double_end_value=end_value,
        running_total_factor=None if branches_count or feet or trains else 2 if both_halves else 1,
        sides_first=spinners and v.spinner_sides is ir.SpinnerSides.BEFORE_OTHER_ENDS,
        branches_count=branches_count, cross_arms=spinners and v.cross_arms is ir.CrossArms.DOUBLE_ON_EACH_FIRST,
        own_matching=v.matching is not None or bool(v.wild_tiles), halves_sum=v.matching,
        wild="frozenset({" + ", ".join(f"({t.low}, {t.high})" for t in v.wild_tiles) + "})" if v.wild_tiles else None,
        touching_half="value" if v.matching is None else f"{v.matching} - value",
        matching_text=("by equal halves" if v.matching is None else f"by halves adding up to {v.matching}")
        + (", wild tiles anywhere" if v.wild_tiles else ""), chicken_feet=feet,
        trains=trains, public_train=v.trains is ir.Trains.EACH_SEAT_AND_PUBLIC,
        satisfied_doubles=v.train_doubles is ir.TrainDoubles.SATISFIED,
    )


def _turn(v: ir.Variant) -> TurnRules:
    draws = v.undealt is ir.Undealt.DRAW_PILE
    after_double = ir.ExtraTurn.AFTER_DOUBLE in v.extra_turn
    after_score = ir.ExtraTurn.AFTER_SCORE in v.extra_turn
    not_from_draw = draws and v.drawn_tile is ir.DrawnTile.PLAYED_AT_ONCE_ENDS_TURN and bool(v.extra_turn)
    earned = " or ".join([*(["tile[0] == tile[1]"] if after_double else []), *(["raw > 0"] if after_score else [])])
    condition = f"not from_draw and ({earned})" if not_from_draw else f"({earned})"
    if ir.ExtraTurn.AFTER_ANY in v.extra_turn:
        condition = "not from_draw" if not_from_draw else ""
    if v.lead_extra_turn is ir.LeadExtraTurn.NONE:  # the lead (placed on nothing) earns no extra turn
        condition = " and ".join(["on is not None", *([condition] if condition else [])])
    optional_extra = bool(v.extra_turn) and v.extra_turn_kind is ir.ExtraTurnKind.OPTIONAL
    draw_condition = f"len(self.pile) > {v.reserve}"
    if v.draw_limit is not None:
        draw_condition += f" and self._draws < {v.draw_limit}"
    openers = (v.first_opener, v.next_opener, v.after_blocked or v.next_opener)
    return TurnRules(
        partnerships_possible=v.partnerships is not ir.PartnershipKind.NONE,
        partnerships_fixed=v.partnerships is ir.PartnershipKind.FIXED,
        first_opener=_opener(openers[0]), next_opener=_opener(openers[1]), after_blocked=_opener(openers[2]),
        uses_highest_double=ir.Opener.HIGHEST_DOUBLE in openers, uses_heaviest_tile=ir.Opener.HEAVIEST_TILE in openers,
        lead_double_if_held=v.lead is ir.Lead.DOUBLE_IF_HELD,
        draws=draws, drawn_tile_played_at_once=draws and v.drawn_tile is not ir.DrawnTile.JOINS_HAND,
        draw_condition=draw_condition, reserve=v.reserve, may_pass=v.when_able is ir.WhenAble.MAY_PASS,
        extra_turns=bool(v.extra_turn),
        extra_turn_earned=f"{condition} and hand" if condition else "hand",
        extra_turn_needs_from_draw=not_from_draw,
        extra_turn_ends_when_stuck=optional_extra
        or bool(v.extra_turn) and v.extra_turn_stuck is ir.ExtraTurnStuck.TURN_ENDS,
        optional_extra=optional_extra, may_draw=draws and v.when_able is ir.WhenAble.MAY_DRAW,
        announced=v.placement_points is ir.PlacementPoints.ANNOUNCED,
        partner_must_go_out_too=v.partnerships is not ir.PartnershipKind.NONE
        and v.partnership_out is ir.PartnershipOut.BOTH_PARTNERS,
        winner_leads=ir.Opener.WINNER in openers, pass_points=v.pass_points,
        round_pass_points=v.round_pass_points,
        lead_pass_points=(v.lead_pass_double_points, v.lead_pass_points)
        if v.lead_pass_points or v.lead_pass_double_points else None,
        side_chooses=ir.Opener.SIDE_CHOICE in openers,
    )


def _heaviest_first(tile: tuple[int, int]) -> tuple[int, int]:
    """Most pips first; between equal sums the greater higher half (FAMILY.md's heaviest tile)."""
    return -(tile[0] + tile[1]), -tile[1]


def _lightest_first(tile: tuple[int, int]) -> tuple[int, int]:
    """Fewest pips first; between equal sums the smaller lower half (FAMILY.md's lightest tile)."""
    return tile[0] + tile[1], tile[0]


def _leads(v: ir.Variant) -> LeadRules:
    tiles = [(a, b) for a in range(v.max_pip + 1) for b in range(a, v.max_pip + 1)]
    doubles = [(n, n) for n in range(v.max_pip + 1)]
    lead = v.lead
    named_lead = ir.named_lead(v)  # in every hand, or in the first only
    named: list[tuple[int, int]] = []
    if isinstance(named_lead, ir.LeadTile):
        named = [(named_lead.low, named_lead.high)]
    elif named_lead is ir.Lead.HIGHEST_DOUBLE:
        named = doubles[::-1]
    elif named_lead is ir.Lead.ROUND_DOUBLE:  # the engines, in the order of the rounds
        named = [(n, n) for n in v.round_engines]
    elif named_lead is ir.Lead.LOWEST_DOUBLE:
        named = doubles
    fallback: list[tuple[int, int]] = []
    if v.if_nobody_holds is ir.NobodyHolds.HEAVIEST:
        fallback = sorted(tiles, key=_heaviest_first)
    elif v.if_nobody_holds is ir.NobodyHolds.LIGHTEST:
        fallback = sorted(tiles, key=_lightest_first)
    allowed = doubles
    if lead is ir.Lead.DOUBLE_OR_SCORING:
        allowed = [t for t in tiles if t[0] == t[1] or lead_points(v, t) > 0]
    order = named + [t for t in fallback if t not in named]
    return LeadRules(
        named=bool(named), first_hand_only=v.first_hand_lead is not None or v.level_lead is not None,
        when=LEVEL_SCORES if v.level_lead is not None else f"{_hand_number(v)} == 0", level=v.level_lead is not None,
        order=_table(order or doubles, per_line=10),
        void=bool(named) and v.if_nobody_holds is ir.NobodyHolds.VOID,
        offered=lead in ir.OFFERED_LEADS, allowed=_table(allowed, per_line=10),
        draws=v.leader_without is ir.LeaderWithout.DRAWS, phrase_text=str(named_lead or lead),
        round_double=lead is ir.Lead.ROUND_DOUBLE, drawn_for=v.if_nobody_holds is ir.NobodyHolds.DRAWN_FOR,
        set_aside=lead is ir.Lead.ROUND_DOUBLE_SET_ASIDE,
    )
OTHER_SIDES = "[p for seat, p in enumerate(remaining) if sides[seat] != side]"
AWARD_SOURCES = {
    ("out", ir.AwardFrom.OPPONENTS): OTHER_SIDES,
    ("out", ir.AwardFrom.ALL_OTHER_HANDS): "[p for seat, p in enumerate(remaining) if seat != out_seat]",
    ("blocked", ir.AwardFrom.OPPONENTS): OTHER_SIDES,
    ("blocked", ir.AwardFrom.ALL_OTHER_HANDS): OTHER_SIDES,  # a blocked winner takes from the other sides
}


def _hand_award(name: str, award: ir.PipAward | ir.FixedAward | None) -> HandAward:
    if isinstance(award, ir.FixedAward) or award is None:
        return HandAward(name, 0 if award is None else award.points, "", False, None, False, 1)
    source = AWARD_SOURCES.get((name, award.source), "list(remaining)")
    return HandAward(name, None, source, award.less_own, award.round_to, award.each_hand, award.divide_by)


def _hand_awards(v: ir.Variant) -> tuple[HandAward, ...] | None:
    """The two awards, where the variant's are more than one plain pip award for both ways of winning."""
    blocked = v.blocked_pip_award
    plain = (v.pip_award is None or v.pip_award.plain) and isinstance(v.blocked_award, ir.SameAward)
    if plain and v.tied_hand_points is ir.TiedHandPoints.LOST:  # a tied hand's points need the blocked award
        return None
    return _hand_award("out", v.pip_award), _hand_award("blocked", blocked)


def _hand_end(v: ir.Variant) -> HandEnd:
    award, penalty, awards = v.pip_award, v.pip_penalty, _hand_awards(v)
    push = v.tied_lowest is ir.TiedLowest.PLAYED_AGAIN
    return HandEnd(
        exact=v.target.kind is ir.TargetKind.EXACTLY,
        target="its player count's target" if v.target.by_players else str(v.target.points),
        award=None if award is None else Award(award.round_to, award.divide_by,
                                               award.source is ir.AwardFrom.OPPONENTS),
        awards=awards,
        lead_may_not_win=v.lead_winning is ir.LeadWinning.CANCELLED,
        first_score=v.first_score.threshold if isinstance(v.first_score, ir.FirstScore) else None,
        first_score_awards=isinstance(v.first_score, ir.FirstScore) and not v.first_score.placements_only,
        penalty=None if penalty is None else Penalty(penalty.round_to, penalty.each_hand, penalty.out_exempt),
        judged_at_hand_end=v.target.at_hand_end, below_zero=v.scores_below_zero is ir.BelowZero.ALLOWED,
        wins_during_play=not v.target.at_hand_end and v.target.kind not in ir.NUMBERLESS_TARGETS,
        no_target=v.target.kind in ir.NUMBERLESS_TARGETS, pool=v.pool_stake,
        pool_divided=v.pool_ties is ir.PoolTies.DIVIDED,
        needs_nearest=any(a.round_to for a in awards or ()) or penalty is not None and penalty.round_to is not None,
        blocked_has_winner=v.blocked_hand is not ir.BlockedHand.NO_WINNER,
        blocked_by_combined_pips=v.blocked_hand is ir.BlockedHand.LOWEST_COMBINED,
        doubles_first=v.blocked_hand is ir.BlockedHand.NO_DOUBLE_FIRST,
        tie_means_no_winner=v.tied_lowest in (ir.TiedLowest.NO_WINNER, ir.TiedLowest.PLAYED_AGAIN),
        losers_record=v.hand_points_to is ir.HandPointsTo.LOSERS,
        tied_points=_tied_points(v),
        blocker_and_next=v.blocked_hand is ir.BlockedHand.BLOCKER_AND_NEXT, either_end_bonus=v.either_end_bonus,
        leaders_win_ties=v.tied_lowest is ir.TiedLowest.LEADERS_WIN,
        blockers_win_ties=v.tied_lowest is ir.TiedLowest.BLOCKERS_WIN,
        takes_blocker=v.blocked_hand is ir.BlockedHand.BLOCKER_AND_NEXT or v.tied_lowest is ir.TiedLowest.BLOCKERS_WIN,
        either_end_doubles=v.either_end_doubles,
        either_end_two_numbers=v.either_end_two_numbers, blank_end_bonus=v.blank_end_bonus,
        blocked_bonus=v.blocked_bonus,
        hand_bonuses="{" + ", ".join(f"{b.hand}: {b.points}" for b in v.hand_bonuses) + "}" if v.hand_bonuses else None,
        push=push, number=_hand_number(v), bruk=v.both_scored is not ir.BothScored.KEPT,
        bruk_keeps_winner=v.both_scored is ir.BothScored.BRUK_TO_LOSERS,
        lowest_seat=v.blocked_hand in (ir.BlockedHand.LOWEST_PIPS, ir.BlockedHand.LOWEST_COMBINED),
        pips_added=v.pips_left is ir.PipsLeft.ADDED_TO_HOLDER, rounds=v.round_count,
    )


# The scores stand level at 0 or at 1 (0-0, 1-1), or the last hand was drawn: the level lead leads.
LEVEL_SCORES = "len(set(self.scores)) == 1 and self.scores[0] in (0, 1) or self._last_drawn"


def _hand_number(v: ir.Variant) -> str:
    """The game's number of the hand just dealt: a hand played again after a push keeps its number."""
    return "self.hand_number - self._pushes" if v.tied_lowest is ir.TiedLowest.PLAYED_AGAIN else "self.hand_number"


def _tied_points(v: ir.Variant) -> str | None:
    """What a tied hand is worth where its points are carried: the blocked award, which the checks hold to one
    that no winner changes (every hand's pips, the opponents' pips of two sides tied on them, or fixed points)."""
    if v.tied_hand_points is ir.TiedHandPoints.LOST:
        return None
    blocked = v.blocked_pip_award
    if isinstance(blocked, ir.FixedAward):
        return str(blocked.points)
    if isinstance(blocked, ir.PipAward) and blocked.source is ir.AwardFrom.OPPONENTS:  # side 1's, as side 0's
        return "_blocked_award([p for seat, p in enumerate(remaining) if self._sides[seat]])"
    return "_blocked_award(remaining)"


def _lines(m: ir.MatchRules, game_target: int) -> list[ir.MatchLine]:
    # Deepest line first: the first line a loser is below is the one that counts.
    return sorted(m.lines, key=lambda line: line.below.cutoff(game_target))


def match_line_names(spec: ir.Variant | ir.MatchFormat) -> tuple[str, ...]:
    """The names of the match lines of a variant (none without match rules) or a match format, in the engines'
    order (MATCH_LINES)."""
    if isinstance(spec, ir.MatchFormat):
        return tuple(line.name for line in _lines(spec.rules, spec.game_target))
    return () if spec.match is None else tuple(line.name for line in _lines(spec.match, spec.target.points))


def _match(m: ir.MatchRules, game_target: int, exact_target: bool) -> MatchPlay:
    lines = _lines(m, game_target)
    return MatchPlay(
        game_target=game_target, exact_target=exact_target, win_points=m.win_points,
        lines=tuple(MatchLine(literal(line.name), line.below.cutoff(game_target), line.points is None,
                              line.points or 0, str(line.points)) for line in lines),
        target_kind=literal(m.target_kind.value), target=m.target,
        first_to=m.target_kind is ir.MatchTargetKind.FIRST_TO,
        next_game_opener=literal(m.next_game_opener.value), loser_opens=m.next_game_opener is ir.NextGameOpener.LOSER,
    )


def variant_context(v: ir.Variant) -> EngineContext:
    exact = v.target.kind is ir.TargetKind.EXACTLY
    return EngineContext(
        tables=_tables(v), scoring=_scoring(v), layout=_layout(v), turn=_turn(v), leads=_leads(v),
        hand_end=_hand_end(v),
        match=None if v.match is None else _match(v.match, v.target.points, exact),
        runtime=runtime_sections(),
    )


def match_format_context(f: ir.MatchFormat) -> MatchFormatContext:
    return MatchFormatContext(name_text=escaped(f.name), source_text=None if f.source is None else escaped(f.source),
                              name_literal=literal(f.name),
                              match=_match(f.rules, f.game_target, exact_target=False), runtime=runtime_sections())
