"""The clauses of the rules language: one row each, in canonical order.

The parser reads a clause with its row (which grammar rule, which IR field, how the value is
read), the printer writes it back with the same row, and the checks, the docs' tests and the
fuzzers take their keys, examples and requirements from here. A clause whose value is one of the
phrases of an IR enum needs no reader or writer of its own: its row names the phrase terminal.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from lark import Token, Tree

from . import ir
from .diagnostics import Diagnostic
from .formula import format_expr

MAX_NESTING = 40
MAX_FORMULA_PARTS = 100
MAX_NUMBER = 1_000_000
MAX_PLAYERS = 10

Node = Tree[Token] | Token


class Scope(Enum):
    """Where a clause belongs, and so which IR class holds its field."""

    GAME = "game"  # a variant's own rules: ir.Variant
    MATCH = "match"  # match play, in a variant or a match format: ir.MatchRules
    FORMAT = "format"  # a match format's own clauses: ir.MatchFormat
    SPEC = "spec"  # either kind of spec: the field of that name on ir.Variant and on ir.MatchFormat


OWNERS: dict[Scope, type[Any]] = {
    Scope.GAME: ir.Variant, Scope.MATCH: ir.MatchRules, Scope.FORMAT: ir.MatchFormat, Scope.SPEC: ir.Variant,
}


class Reader:
    """What a clause's reader works with: its key and line, and where positions and problems go."""

    def __init__(self, key: str, line: int, code: str, where: dict[str, ir.Pos], problems: list[Diagnostic]):
        self.key = key
        self.line = line  # every token of a clause is on this line
        self.code = code  # the line without its comment
        self.where = where
        self.problems = problems

    def pos(self, item: Node) -> ir.Pos:
        if isinstance(item, Token):
            return ir.Pos(self.line, item.column or 0)
        return ir.NOWHERE if item.meta.empty else ir.Pos(self.line, item.meta.column)

    def mark(self, part: str, item: Node) -> None:
        """Remember where a part of the clause is written, as `key:part`, for the checks' messages."""
        self.where[f"{self.key}:{part}"] = self.pos(item)

    def problem(self, message: str, at: Node | ir.Pos, hint: str | None = None) -> None:
        self.problems.append(Diagnostic(message, at if isinstance(at, ir.Pos) else self.pos(at), hint))

    def int(self, item: Node) -> int:
        text = str(_token(item))
        digits = text.lstrip("0")
        if len(digits) > len(str(MAX_NUMBER)) or int(digits or "0") > MAX_NUMBER:
            self.problem(f"the number {short(text)} is too large", item, f"numbers in a spec go up to {MAX_NUMBER:,}")
            return MAX_NUMBER
        return int(digits or "0")


Read = Callable[[Reader, Tree[Token]], Any]
Write = Callable[[Any], str | None]


def short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _token(item: Node) -> Token:
    assert isinstance(item, Token), item
    return item


def _tree(item: Node) -> Tree[Token]:
    assert isinstance(item, Tree), item
    return item


def _text(value: Any) -> str | None:
    """A phrase or a number, as written; None (nothing to write) for a clause left out."""
    return None if value is None else str(value)


@dataclass(frozen=True)
class Clause:
    key: str  # as written before the colon
    rule: str  # its rule in rules.lark
    field: str | tuple[str, ...]  # the IR field it sets (several: its value is a tuple of them)
    scope: Scope
    table: str  # the table of docs/language.md (its heading) that documents it
    example: str  # a line that says it, as the printer writes it
    required: bool = False  # required wherever its scope is: in every variant, match format, or for match play
    required_when: str | None = None  # required only in some specs (the checks say so), as docs/language.md says it
    phrase: tuple[str, type[ir.Choice]] | None = None  # the phrase terminal its rule uses, and the enum behind it
    read: Read | None = None  # tree -> value; None: the value is the clause's one phrase
    write: Write = _text  # value -> text after "key: "; None when there is nothing to write
    many: bool = False  # several clauses fill this tuple field, one item each, named by the clause key

    @property
    def fields(self) -> tuple[str, ...]:
        return self.field if isinstance(self.field, tuple) else (self.field,)

    @property
    def default(self) -> Any:
        """The IR's default for the field (a tuple for several fields); dataclasses.MISSING if it has none."""
        if self.many:
            return None
        found = {f.name: f for f in dataclasses.fields(OWNERS[self.scope])}
        values = [found[name].default for name in self.fields]
        return tuple(values) if isinstance(self.field, tuple) else values[0]

    def value(self, r: Reader, tree: Tree[Token]) -> Any:
        """The value a parsed clause sets its field(s) to."""
        if self.read is not None:
            return self.read(r, tree)
        assert self.phrase is not None, f"the clause '{self.key}' has neither a reader nor a phrase"
        return self.phrase[1](str(tree.children[0]))

    def value_in(self, owner: Any) -> Any:
        """The clause's value in an IR object of its scope (the printer's side of `value`)."""
        if self.many:
            return next((item for item in getattr(owner, self.fields[0]) if item.name == self.key), None)
        values = tuple(getattr(owner, name) for name in self.fields)
        return values if isinstance(self.field, tuple) else values[0]


# --- readers and writers of the values that are not one phrase ------------------------------------------


# Characters a quoted text may not hold: they are invisible or reorder what is shown (Trojan Source).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _quoted(r: Reader, t: Tree[Token]) -> str:
    token = _token(t.children[0])
    text = str(token)[1:-1]
    if not text.strip():
        r.problem(f"the text of '{r.key}' may not be empty", token, "write the text between the quotes")
    for offset, ch in enumerate(text):
        if unicodedata.category(ch) == "Cc" or ch in BIDI_CONTROLS:
            kind = "bidirectional control" if ch in BIDI_CONTROLS else "control character"
            at = ir.Pos(r.line, (token.column or 1) + 1 + offset)
            r.problem(f"the text of '{r.key}' holds the {kind} U+{ord(ch):04X}", at,
                      "quoted text may hold only visible characters and spaces; delete it")
    return text


def _write_quoted(value: str | None) -> str | None:
    return None if value is None else f'"{value}"'


def _number(r: Reader, t: Tree[Token]) -> int:
    return r.int(t.children[0])


def _count(number: int, unit: str) -> str:
    return f"{number} {unit}" + ("" if number == 1 else "s")


def _tiles(r: Reader, t: Tree[Token]) -> int:
    token = _token(t.children[0])
    return ir.PIP_WORDS[str(token)] if token.type == "PIP_WORD" else r.int(token)


def _write_tiles(max_pip: int) -> str:
    names = {value: word for word, value in ir.PIP_WORDS.items()}
    return f"double {names.get(max_pip, max_pip)}"


def _count_set(r: Reader, t: Tree[Token]) -> tuple[int, int, tuple[int, ...] | None]:
    """A set of player counts as written: its smallest and largest count, and the counts themselves
    when they are listed (None for a range or one count, which the two ends say)."""
    first = r.int(t.children[0])
    if len(t.children) == 1:
        return first, first, None
    more = _tree(t.children[1])
    numbers = [first, *(r.int(c) for c in more.children)]
    if more.data == "player_range":
        if numbers[1] < first:
            r.problem(f"the player range {first} to {numbers[1]} is empty", t,
                      f"write the smallest first: '{numbers[1]} to {first}'")
        return first, numbers[1], None
    for earlier, later in zip(numbers, numbers[1:], strict=False):
        if later <= earlier:
            r.problem(f"the player counts must go up, but {later} comes after {earlier}", t,
                      f"write each count once, smallest first: '{ir.counts_text(sorted(set(numbers)))}'")
            break
    return min(numbers), max(numbers), tuple(numbers)


def _counts(r: Reader, t: Tree[Token]) -> tuple[int, ...]:
    """A set of player counts, smallest first, for a clause that gives a rule per count. A count past
    the most players a game may have is refused here, before a range is spelled out."""
    low, high, listed = _count_set(r, t)
    if high > MAX_PLAYERS:
        r.problem(too_many_players(high), t, f"player counts go from 2 to {MAX_PLAYERS}")
        return (low,)
    return listed if listed is not None else tuple(range(low, high + 1))


def too_many_players(count: int) -> str:
    return f"{count} players is more than the {MAX_PLAYERS} supported"


def _players(r: Reader, t: Tree[Token]) -> tuple[int, int, tuple[int, ...] | None]:
    low, high, listed = _count_set(r, _tree(t.children[0]))
    # Counts without a gap are a range, however they are written: one set, one IR value.
    gapless = listed is not None and list(listed) == list(range(low, high + 1))
    return low, high, None if gapless else listed


def _write_players(players: tuple[int, int, tuple[int, ...] | None]) -> str:
    low, high, listed = players
    if listed is None and low > high:
        return f"{low} to {high}"
    return ir.counts_text(listed if listed is not None else range(low, high + 1))


def _partnerships(r: Reader, t: Tree[Token]) -> tuple[ir.PartnershipKind, int]:
    kind = ir.PartnershipKind(str(t.children[0]))
    if len(t.children) == 1:
        return kind, ir.Variant.partnership_size
    counts = _tree(t.children[1])
    r.mark("players", counts)
    low, high, listed = _count_set(r, counts)
    if listed is not None or low < high:  # (a range from high to low is refused as empty)
        r.problem(f"partnerships are played at one table size, not {ir.counts_text(listed or range(low, high + 1))}",
                  counts, f"write 'partnerships: {kind} at 4 players': two partnerships of two")
    return kind, low


def _write_partnerships(value: tuple[ir.PartnershipKind, int]) -> str:
    kind, size = value
    return "none" if kind is ir.PartnershipKind.NONE else f"{kind} at {size} players"


def _deal(r: Reader, t: Tree[Token]) -> tuple[ir.DealRule, ...]:
    rules = []
    for item in map(_tree, t.children):
        counts, tiles = item.children
        rules.append(ir.DealRule(_counts(r, _tree(counts)), r.int(tiles), r.pos(item)))
    return tuple(rules)


def _write_deal(deal: tuple[ir.DealRule, ...]) -> str:
    return ", ".join(f"{ir.counts_text(rule.player_counts)} players get {rule.tiles_each} tiles" for rule in deal)


def _write_tile_count(count: int) -> str:
    return f"{count} tiles"


def _draw_limit(r: Reader, t: Tree[Token]) -> int | None:
    token = _token(t.children[0])
    return None if token.type == "NO_LIMIT" else r.int(token)


def _write_draw_limit(limit: int | None) -> str:
    return "no limit" if limit is None else f"{_count(limit, 'tile')} per turn"


def _extra_turn(r: Reader, t: Tree[Token]) -> tuple[ir.ExtraTurn, ...]:
    kinds: list[ir.ExtraTurn] = []
    for token in map(_token, t.children):
        if token.type != "EXTRA_KIND":
            continue
        kind = ir.ExtraTurn(str(token))
        if kind in kinds:
            r.problem(f"'{kind}' is listed twice", token, "list each reason once")
        else:
            kinds.append(kind)
    return tuple(sorted(kinds, key=list(ir.ExtraTurn).index))


def _write_extra_turn(kinds: tuple[ir.ExtraTurn, ...]) -> str:
    return ", ".join(kinds) if kinds else "nothing"


def _lead(r: Reader, t: Tree[Token]) -> ir.Lead | ir.LeadTile:
    item = t.children[0]
    if isinstance(item, Token):
        return ir.Lead(str(item))
    a, b = (r.int(half) for half in item.children)
    r.mark("tile", item)
    return ir.LeadTile(min(a, b), max(a, b), r.pos(item))


def _first_hand_lead(r: Reader, t: Tree[Token]) -> ir.LeadTile:
    lead = _lead(r, t)
    assert isinstance(lead, ir.LeadTile), lead
    return lead


def _either_end(r: Reader, t: Tree[Token]) -> tuple[int, bool, bool]:
    """The points, whether a double may be one, and whether the two ends must show two numbers (then no double
    can match both)."""
    points = r.int(t.children[0])
    kinds = {k.type for k in t.children if isinstance(k, Token)}
    two_numbers = "TWO_NUMBERS" in kinds
    return points, not (two_numbers or "DOUBLES_EXCEPTED" in kinds), two_numbers


def _write_either_end(value: tuple[int, bool, bool]) -> str:
    points, doubles, two_numbers = value
    return _count(points, "point") + (", on two different numbers only" if two_numbers
                                      else "" if doubles else ", doubles excepted")


def _hand_bonuses(r: Reader, t: Tree[Token]) -> tuple[ir.HandBonus, ...]:
    bonuses: list[ir.HandBonus] = []
    for item in t.children:
        if isinstance(item, Token):  # none
            return ()
        points, hand = (r.int(k) for k in item.children if isinstance(k, Token) and k.type == "INT")
        if hand < 1:
            r.problem("a game's hands are numbered from 1", item, "write 'in hand 1' for the first hand")
        elif bonuses and hand <= bonuses[-1].hand:
            r.problem(f"hand {hand} comes after hand {bonuses[-1].hand}", item,
                      "list each hand once, in the order of play")
        bonuses.append(ir.HandBonus(hand, points, r.pos(item)))
    return tuple(bonuses)


def _write_hand_bonuses(bonuses: tuple[ir.HandBonus, ...]) -> str:
    if not bonuses:
        return "none"
    first, *rest = bonuses
    return ", ".join([f"{_count(first.points, 'point')} in hand {first.hand}",
                      *(f"{bonus.points} in hand {bonus.hand}" for bonus in rest)])


def _write_level_lead(tile: ir.LeadTile | None) -> str | None:
    return None if tile is None else f"{tile} at 0-0, at 1-1 and after a drawn hand"


def _matching(r: Reader, t: Tree[Token]) -> int | None:
    token = _token(t.children[0])
    return None if token.type == "EQUAL_HALVES" else r.int(token)


def _write_matching(total: int | None) -> str:
    return "equal halves" if total is None else f"halves adding up to {total}"


def _wild_tiles(r: Reader, t: Tree[Token]) -> tuple[ir.WildTile, ...]:
    tiles: list[ir.WildTile] = []
    for item in t.children:
        if isinstance(item, Token):  # none
            continue
        a, b = (r.int(half) for half in item.children)
        tile = ir.WildTile(min(a, b), max(a, b), r.pos(item))
        if tile in tiles:
            r.problem(f"{tile} is listed twice", item, "list each wild tile once")
        else:
            tiles.append(tile)
    return tuple(tiles)


def _write_wild_tiles(tiles: tuple[ir.WildTile, ...]) -> str:
    return ", ".join(map(str, tiles)) if tiles else "none"


def _tile_values(r: Reader, t: Tree[Token]) -> tuple[ir.TileValue, ...]:
    values: list[ir.TileValue] = []
    for item in map(_tree, t.children):
        a, b, pips = (r.int(part) for part in item.children)
        value = ir.TileValue(min(a, b), max(a, b), pips, r.pos(item))
        if any((v.low, v.high) == (value.low, value.high) for v in values):
            r.problem(f"[{value.low}|{value.high}] is given a value twice", item, "give each tile one value")
        else:
            values.append(value)
    return tuple(values)


def _write_tile_values(values: tuple[ir.TileValue, ...]) -> str | None:
    return ", ".join(map(str, values)) if values else None


def _write_points(points: int) -> str:
    return _count(points, "point")


def _lead_pass(r: Reader, t: Tree[Token]) -> tuple[int, int]:
    """The points of a pass right after the lead: after any lead but a double, and after a double."""
    return r.int(t.children[0]), r.int(t.children[1])


def _write_lead_pass(value: tuple[int, int]) -> str:
    other, double = value
    return f"{_count(other, 'point')}, {double} after a double"


# The steps of a pip award after its source, in the order they must be written, with their words.
AWARD_STEPS = {"less_own": "less the winner's own", "rounded_to": "rounded to the nearest",
               "each_rounded_to": "each hand rounded to the nearest", "divided_by": "divided by"}
_ROUNDING = ("rounded_to", "each_rounded_to")


def _award(r: Reader, t: Tree[Token]) -> ir.PipAward | None:
    """A pip award's source and steps: the clause's value, or None for 'none'."""
    first = _token(t.children[0])
    if first.type == "NONE":
        return None
    round_to, divide_by, less_own, each_hand = None, 1, False, False
    order = list(AWARD_STEPS)
    last = -1
    for step in map(_tree, t.children[1:]):
        kind = str(step.data)
        value = r.int(step.children[0]) if step.children else 0
        words = AWARD_STEPS[kind]
        here = order.index(kind)
        seen = [key for key in (_ROUNDING if kind in _ROUNDING else (kind,)) if f"{r.key}:{key}" in r.where]
        if seen:
            if kind in _ROUNDING:
                r.problem(f"the {r.key} is rounded twice", step,
                          "keep one: 'rounded to the nearest N' rounds the sum once, "
                          "'each hand rounded to the nearest N' rounds each hand on its own")
            else:
                r.problem(f"the {r.key} says '{words}' twice", step, "keep one")
        elif here < last and kind in _ROUNDING and order[last] == "divided_by":
            # The award is always rounded first and divided after: the text must say so.
            rounded = words.removesuffix(" the nearest")
            r.problem(f"the {r.key} is rounded first and divided after: '{rounded}' comes before 'divided by'",
                      step, f"write '{words} {value}, divided by {divide_by}'")
        elif here < last:
            r.problem(f"'{words}' comes before '{AWARD_STEPS[order[last]]}' in the {r.key}", step,
                      "write the source, then 'less the winner's own', then the rounding, then 'divided by'")
        last = max(last, here)
        r.mark(kind, step.children[0] if step.children else step)
        if kind in _ROUNDING:
            round_to, each_hand = value, kind == "each_rounded_to"
        elif kind == "divided_by":
            divide_by = value
        else:
            less_own = True
    return ir.PipAward(ir.AwardFrom(str(first)), round_to, divide_by, r.pos(first), less_own, each_hand)


def _pip_award(r: Reader, t: Tree[Token]) -> ir.PipAward | None:
    return _award(r, t)


def _write_pip_award(award: ir.PipAward | None) -> str:
    if award is None:
        return "none"
    parts = [str(award.source)]
    if award.less_own:
        parts.append(AWARD_STEPS["less_own"])
    if award.round_to is not None:
        parts.append(f"{AWARD_STEPS['each_rounded_to' if award.each_hand else 'rounded_to']} {award.round_to}")
    if award.divide_by != 1:
        parts.append(f"divided by {award.divide_by}")
    return ", ".join(parts)


def _blocked_award(r: Reader, t: Tree[Token]) -> ir.PipAward | ir.FixedAward | ir.SameAward | None:
    first = _token(t.children[0])
    if first.type == "SAME_AWARD":
        return ir.SameAward(str(first))
    if first.type == "INT":
        return ir.FixedAward(r.int(first), r.pos(first))
    return _award(r, t)


def _write_blocked_award(award: ir.PipAward | ir.FixedAward | ir.SameAward | None) -> str:
    if isinstance(award, ir.SameAward):
        return str(award)
    if isinstance(award, ir.FixedAward):
        return _count(award.points, "point")
    return _write_pip_award(award)


def _pip_penalty(r: Reader, t: Tree[Token]) -> ir.PipPenalty | None:
    if t.children and isinstance(t.children[0], Token) and t.children[0].type == "NONE":
        return None
    rounding = next((c for c in t.children if isinstance(c, Tree)), None)
    exempt = any(isinstance(c, Token) and c.type == "EXCEPT_OUT" for c in t.children)
    if rounding is None:
        return ir.PipPenalty(None, False, exempt, r.pos(t))
    r.mark(str(rounding.data), rounding.children[0])
    return ir.PipPenalty(r.int(rounding.children[0]), rounding.data == "each_rounded_to", exempt, r.pos(t))


def _write_pip_penalty(penalty: ir.PipPenalty | None) -> str:
    if penalty is None:
        return "none"
    text = "own pips"
    if penalty.round_to is not None:
        text += f", {AWARD_STEPS['each_rounded_to' if penalty.each_hand else 'rounded_to']} {penalty.round_to}"
    return text + (", except the side that went out" if penalty.out_exempt else "")


def _pool_stake(r: Reader, t: Tree[Token]) -> int | None:
    first = _token(t.children[0])
    return None if first.type == "NONE" else r.int(first)


def _write_pool_stake(stake: int | None) -> str:
    return "none" if stake is None else f"{_count(stake, 'point')} from each player every hand"


def _target(r: Reader, t: Tree[Token]) -> ir.Target:
    kind = ir.TargetKind(str(t.children[0]))
    if kind in ir.NUMBERLESS_TARGETS:
        if len(t.children) > 1:
            r.problem(f"'target: {kind}' takes no number", t.children[1],
                      f"write 'target: {kind}', or 'target: at least N'")
        return ir.Target(kind, 0, r.pos(t.children[0]))
    if len(t.children) < 2:
        r.problem(f"'target: {kind}' needs a number", t.children[0], f"write 'target: {kind} 61'")
        return ir.Target(kind, 1, r.pos(t.children[0]))
    points = t.children[1]
    if isinstance(points, Tree):
        counts = []
        for item in map(_tree, t.children[1:]):
            number, players = item.children
            counts.append(ir.TargetCount(_counts(r, _tree(players)), r.int(number), r.pos(item)))
        return ir.Target(kind, counts[0].points, counts[0].pos, by_players=tuple(counts))
    return ir.Target(kind, r.int(points), r.pos(points), len(t.children) > 2)


def _write_target(target: ir.Target) -> str:
    if target.kind in ir.NUMBERLESS_TARGETS:
        return str(target.kind)
    return f"{target.kind} {target.numbers}" + (" at the end of a hand" if target.at_hand_end else "")


def _first_score(r: Reader, t: Tree[Token]) -> ir.FirstScore | ir.AnyFirstScore:
    first = _token(t.children[0])
    if first.type == "ANY_FIRST":
        return ir.AnyFirstScore(str(first))
    return ir.FirstScore(r.int(t.children[1]), len(t.children) > 2, r.pos(t.children[1]))


def _write_first_score(value: ir.FirstScore | ir.AnyFirstScore) -> str:
    if isinstance(value, ir.AnyFirstScore):
        return str(value)
    return f"at least {value.threshold}" + (", placements only" if value.placements_only else "")


def _match_line(r: Reader, t: Tree[Token]) -> ir.MatchLine:
    threshold, award = map(_tree, t.children)
    numbers = [r.int(n) for n in threshold.children]
    below = ir.Threshold(numbers[0], numbers[1] if len(numbers) > 1 else None, r.pos(threshold))
    first = _token(award.children[0])
    points = None if first.type == "WINS_MATCH" else r.int(first)
    return ir.MatchLine(r.key, below, points, r.pos(t))


def _write_match_line(line: ir.MatchLine | None) -> str | None:
    if line is None:
        return None
    below = line.below
    threshold = str(below.numerator)
    if below.denominator is not None:
        threshold += f"/{below.denominator} of the target"
    award = "wins the match" if line.points is None else f"scores {_count(line.points, 'match point')}"
    return f"below {threshold} {award}"


# What each kind of match target counts, as written after its number (with an s for more than one).
MATCH_UNITS = {ir.MatchTargetKind.FIRST_TO: "match point", ir.MatchTargetKind.BEST_OF: "game"}


def _match_target(r: Reader, t: Tree[Token]) -> tuple[ir.MatchTargetKind, int]:
    kind_token, count, unit = t.children
    kind = ir.MatchTargetKind(str(kind_token))
    wanted = MATCH_UNITS[kind]
    if str(unit) not in (wanted, wanted + "s"):
        r.problem(f"'{kind}' counts {wanted}s, not {unit}", unit,
                  "write " + " or ".join(f"'{other} N {counted}s'" for other, counted in MATCH_UNITS.items()))
    return kind, r.int(count)


def _write_match_target(value: tuple[ir.MatchTargetKind, int]) -> str:
    kind, count = value
    return f"{kind} {_count(count, MATCH_UNITS[kind])}"


# --- the placement score ------------------------------------------------------------------------------


def _placement_score(r: Reader, t: Tree[Token]) -> ir.Expr:
    formula = _tree(t.children[0])
    # The parser copes with any size, but every later stage walks a formula recursively.
    parts = _count_parts(formula)
    if parts > MAX_FORMULA_PARTS:
        r.problem(f"the placement score has {parts} parts (numbers, names and operators); "
                  f"a formula may have at most {MAX_FORMULA_PARTS}", formula, "write the formula more simply")
        return ir.Number(0)
    depth = 0
    for column, ch in enumerate(r.code, 1):
        depth += (ch == "(") - (ch == ")")
        if depth > MAX_NESTING:
            r.problem(f"brackets nested more than {MAX_NESTING} deep", ir.Pos(r.line, column),
                      "split the formula into simpler terms")
            break
    return _expr(r, formula)


def _count_parts(formula: Tree[Token]) -> int:
    """How many IR nodes a formula makes: one per rule node (bracket pairs make none)."""
    count, stack = 0, [formula]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(child for child in node.children if isinstance(child, Tree))
    return count


_OPERATORS = {"add": "+", "sub": "-", "mul": "*", "div": "/"}


def _expr(r: Reader, node: Node) -> ir.Expr:
    t = _tree(node)  # the grammar wraps every token of a formula in a rule
    pos, kids = r.pos(t), t.children
    if t.data == "number":
        return ir.Number(r.int(kids[0]), pos)
    if t.data == "name":
        return ir.Name(str(kids[0]), pos)
    if t.data in _OPERATORS:
        return ir.BinOp(_OPERATORS[t.data], _expr(r, kids[0]), _expr(r, kids[1]), pos)
    if t.data == "conditional":
        otherwise = _expr(r, kids[2]) if len(kids) > 2 else None
        return ir.Conditional(_expr(r, kids[0]), _cond(r, kids[1]), otherwise, pos)
    raise AssertionError(f"unhandled expression node {t.data}")  # pragma: no cover


def _cond(r: Reader, node: Node) -> ir.Cond:
    t = _tree(node)
    pos, kids = r.pos(t), t.children
    if t.data == "compare":
        return ir.Compare(str(kids[1]), _expr(r, kids[0]), _expr(r, kids[2]), pos)
    if t.data == "multiple_of":
        positive = any(isinstance(k, Token) and k.type == "POSITIVE" for k in kids)
        value, divisor = [k for k in kids if isinstance(k, Tree)]
        return ir.MultipleOf(_expr(r, value), _expr(r, divisor), positive, pos)
    if t.data in ("and_", "or_"):
        return ir.Logic(str(t.data).rstrip("_"), _cond(r, kids[0]), _cond(r, kids[1]), pos)
    if t.data == "not_":
        return ir.Not(_cond(r, kids[0]), pos)
    raise AssertionError(f"unhandled condition node {t.data}")  # pragma: no cover


# --- the table ----------------------------------------------------------------------------------------

# The tables of docs/language.md, by their headings.
TABLE_GAME = "The game and the table"
TABLE_DEALING = "Dealing and drawing"
TABLE_LEADS = "Who leads"
TABLE_LAYOUT = "The layout"
TABLE_SCORING = "Scoring"
TABLE_HAND_END = "The end of a hand"
TABLE_WINNING = "Winning"
TABLE_MATCH = "Match play: games, match points and the board's lines"

GAME, MATCH, FORMAT, SPEC = Scope.GAME, Scope.MATCH, Scope.FORMAT, Scope.SPEC

CLAUSES: tuple[Clause, ...] = (
    Clause("variant", "variant", "name", GAME, TABLE_GAME, 'variant: "My House Fives"', required=True,
           read=_quoted, write=_write_quoted),
    Clause("source", "source", "source", SPEC, TABLE_GAME, 'source: "The club\'s rule sheet"',
           read=_quoted, write=_write_quoted),
    Clause("tiles", "tiles", "max_pip", GAME, TABLE_GAME, "tiles: double six", required=True,
           read=_tiles, write=_write_tiles),
    Clause("players", "players", ("min_players", "max_players", "player_set"), GAME, TABLE_GAME, "players: 2 to 4",
           required=True,
           read=_players, write=_write_players),
    Clause("partnerships", "partnerships", ("partnerships", "partnership_size"), GAME, TABLE_GAME,
           "partnerships: fixed at 4 players", phrase=("PARTNERSHIP_KIND", ir.PartnershipKind),
           read=_partnerships, write=_write_partnerships),
    Clause("rounds", "rounds", "rounds", GAME, TABLE_GAME, "rounds: one for each double, highest first",
           phrase=("ROUNDS_KIND", ir.Rounds)),
    Clause("deal", "deal", "deal", GAME, TABLE_DEALING, "deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles",
           required=True, read=_deal, write=_write_deal),
    Clause("undealt tiles", "undealt", "undealt", GAME, TABLE_DEALING, "undealt tiles: out of play", required=True,
           phrase=("UNDEALT_KIND", ir.Undealt)),
    Clause("reserve", "reserve", "reserve", GAME, TABLE_DEALING, "reserve: 2 tiles",
           read=_number, write=_write_tile_count),
    Clause("draw limit", "draw_limit", "draw_limit", GAME, TABLE_DEALING, "draw limit: 3 tiles per turn",
           read=_draw_limit, write=_write_draw_limit),
    Clause("cannot play", "cannot_play", "cannot_play", GAME, TABLE_DEALING, "cannot play: draw until playable",
           phrase=("CANNOT_KIND", ir.CannotPlay)),
    Clause("drawn tile", "drawn_tile", "drawn_tile", GAME, TABLE_DEALING, "drawn tile: joins the hand",
           phrase=("DRAWN_KIND", ir.DrawnTile)),
    Clause("when able to play", "when_able", "when_able", GAME, TABLE_DEALING, "when able to play: may pass",
           phrase=("WHEN_ABLE_KIND", ir.WhenAble)),
    Clause("first opener", "first_opener", "first_opener", GAME, TABLE_LEADS,
           "first opener: holder of the highest double", phrase=("OPENER_KIND", ir.Opener)),
    Clause("first hand lead", "first_hand_lead", "first_hand_lead", GAME, TABLE_LEADS, "first hand lead: [6|6]",
           read=_first_hand_lead),
    Clause("level lead", "level_lead", "level_lead", GAME, TABLE_LEADS,
           "level lead: [6|6] at 0-0, at 1-1 and after a drawn hand", read=_first_hand_lead, write=_write_level_lead),
    Clause("lead", "lead", "lead", GAME, TABLE_LEADS, "lead: a double if held", phrase=("LEAD_KIND", ir.Lead),
           read=_lead),
    Clause("if nobody holds it", "if_nobody_holds", "if_nobody_holds", GAME, TABLE_LEADS,
           "if nobody holds it: the heaviest tile leads",
           required_when="where a lead names a tile that a deal can leave undealt",
           phrase=("NOBODY_KIND", ir.NobodyHolds)),
    Clause("leader without one", "leader_without", "leader_without", GAME, TABLE_LEADS,
           "leader without one: passes the lead",
           required_when="with the leads `a double` and `a double or a scoring tile`",
           phrase=("WITHOUT_KIND", ir.LeaderWithout)),
    Clause("next opener", "next_opener", "next_opener", GAME, TABLE_LEADS, "next opener: player of the last tile",
           phrase=("OPENER_KIND", ir.Opener)),
    Clause("after a blocked hand", "after_blocked", "after_blocked", GAME, TABLE_LEADS, "after a blocked hand: by lot",
           required_when="when the next opener is `player of the last tile`", phrase=("OPENER_KIND", ir.Opener)),
    Clause("spinners", "spinners", "spinners", GAME, TABLE_LAYOUT, "spinners: none", required=True,
           phrase=("SPINNER_KIND", ir.Spinners)),
    Clause("branches open", "branches_open", "branches_open", GAME, TABLE_LAYOUT, "branches open: at once",
           phrase=("BRANCHES_KIND", ir.BranchesOpen)),
    Clause("double at an end counts", "double_at_end", "double_at_end", GAME, TABLE_LAYOUT,
           "double at an end counts: one half", phrase=("HALVES_KIND", ir.DoubleAtEnd)),
    Clause("spinner sides", "spinner_sides", "spinner_sides", GAME, TABLE_LAYOUT,
           "spinner sides: covered before other ends", phrase=("SIDES_KIND", ir.SpinnerSides)),
    Clause("spinner counts", "spinner_counts", "spinner_counts", GAME, TABLE_LAYOUT,
           "spinner counts: its value for each open branch", phrase=("SPINNER_COUNT_KIND", ir.SpinnerCounts)),
    Clause("arms of the cross", "cross_arms", "cross_arms", GAME, TABLE_LAYOUT,
           "arms of the cross: a double on each first", phrase=("ARMS_KIND", ir.CrossArms)),
    Clause("later doubles", "later_doubles", "later_doubles", GAME, TABLE_LAYOUT, "later doubles: chicken feet",
           phrase=("LATER_DOUBLES_KIND", ir.LaterDoubles)),
    Clause("trains", "trains", "trains", GAME, TABLE_LAYOUT, "trains: one for each seat and a public train",
           phrase=("TRAINS_KIND", ir.Trains)),
    Clause("doubles in trains", "train_doubles", "train_doubles", GAME, TABLE_LAYOUT,
           "doubles in trains: satisfied before any other play", phrase=("TRAIN_DOUBLES_KIND", ir.TrainDoubles)),
    Clause("matching", "matching", "matching", GAME, TABLE_LAYOUT, "matching: halves adding up to 7",
           read=_matching, write=_write_matching),
    Clause("wild tiles", "wild_tiles", "wild_tiles", GAME, TABLE_LAYOUT, "wild tiles: [0|0], [1|6], [2|5], [3|4]",
           read=_wild_tiles, write=_write_wild_tiles),
    Clause("placement score", "placement_score", "placement_score", GAME, TABLE_SCORING,
           "placement score: total if total is a positive multiple of 5", required=True,
           read=_placement_score, write=format_expr),
    Clause("raw points per displayed point", "raw_per_displayed", "raw_per_displayed", GAME, TABLE_SCORING,
           "raw points per displayed point: 5", read=_number),
    Clause("extra turn after", "extra_turn", "extra_turn", GAME, TABLE_SCORING,
           "extra turn after: a double, a scoring placement", phrase=("EXTRA_KIND", ir.ExtraTurn),
           read=_extra_turn, write=_write_extra_turn),
    Clause("extra turn without a legal tile", "extra_turn_stuck", "extra_turn_stuck", GAME, TABLE_SCORING,
           "extra turn without a legal tile: the turn ends", phrase=("STUCK_KIND", ir.ExtraTurnStuck)),
    Clause("extra turn is", "extra_turn_kind", "extra_turn_kind", GAME, TABLE_SCORING, "extra turn is: optional",
           phrase=("EXTRA_TURN_KIND", ir.ExtraTurnKind)),
    Clause("extra turn for the lead", "lead_extra_turn", "lead_extra_turn", GAME, TABLE_SCORING,
           "extra turn for the lead: none", phrase=("LEAD_EXTRA_KIND", ir.LeadExtraTurn)),
    Clause("an opponent's pass scores", "pass_points", "pass_points", GAME, TABLE_SCORING,
           "an opponent's pass scores: 25 points", read=_number, write=_write_points),
    Clause("a pass all round scores", "round_pass_points", "round_pass_points", GAME, TABLE_SCORING,
           "a pass all round scores: 25 points", read=_number, write=_write_points),
    Clause("a pass right after the lead scores", "lead_pass_points", ("lead_pass_points", "lead_pass_double_points"),
           GAME, TABLE_SCORING, "a pass right after the lead scores: 50 points, 25 after a double", read=_lead_pass,
           write=_write_lead_pass),
    Clause("placement points", "placement_points", "placement_points", GAME, TABLE_SCORING,
           "placement points: announced by the player", phrase=("PLACEMENT_POINTS_KIND", ir.PlacementPoints)),
    Clause("partnership goes out", "partnership_out", "partnership_out", GAME, TABLE_HAND_END,
           "partnership goes out: when both partners are out", required_when="with partnerships",
           phrase=("PARTNER_OUT_KIND", ir.PartnershipOut)),
    Clause("going out scores", "going_out", "going_out_bonus", GAME, TABLE_HAND_END, "going out scores: 10 points",
           read=_number, write=_write_points),
    Clause("going out on either end scores", "either_end",
           ("either_end_bonus", "either_end_doubles", "either_end_two_numbers"), GAME,
           TABLE_HAND_END, "going out on either end scores: 100 points, doubles excepted", read=_either_end,
           write=_write_either_end),
    Clause("going out with double blank on a single blank end scores", "blank_end", "blank_end_bonus", GAME,
           TABLE_HAND_END, "going out with double blank on a single blank end scores: 100 points", read=_number,
           write=_write_points),
    Clause("pip award", "pip_award", "pip_award", GAME, TABLE_HAND_END,
           "pip award: opponents' pips, rounded to the nearest 5", phrase=("AWARD_FROM", ir.AwardFrom),
           read=_pip_award, write=_write_pip_award),
    Clause("blocked hand", "blocked_hand", "blocked_hand", GAME, TABLE_HAND_END, "blocked hand: lowest pips win",
           phrase=("BLOCKED_KIND", ir.BlockedHand)),
    Clause("blocked hand award", "blocked_award", "blocked_award", GAME, TABLE_HAND_END,
           "blocked hand award: opponents' pips, less the winner's own", phrase=("SAME_AWARD", ir.SameAward),
           read=_blocked_award, write=_write_blocked_award),
    Clause("tied lowest", "tied_lowest", "tied_lowest", GAME, TABLE_HAND_END, "tied lowest: no winner",
           phrase=("TIED_KIND", ir.TiedLowest)),
    Clause("winning a blocked hand scores", "blocked_bonus", "blocked_bonus", GAME, TABLE_HAND_END,
           "winning a blocked hand scores: 100 points", read=_number, write=_write_points),
    Clause("hand bonus", "hand_bonus", "hand_bonuses", GAME, TABLE_HAND_END,
           "hand bonus: 100 points in hand 1, 75 in hand 2, 50 in hand 3, 25 in hand 4", read=_hand_bonuses,
           write=_write_hand_bonuses),
    Clause("pip penalty", "pip_penalty", "pip_penalty", GAME, TABLE_HAND_END,
           "pip penalty: own pips, each hand rounded to the nearest 5", read=_pip_penalty, write=_write_pip_penalty),
    Clause("pips left in hand", "pips_left", "pips_left", GAME, TABLE_HAND_END,
           "pips left in hand: added to the holder's score", phrase=("PIPS_LEFT_KIND", ir.PipsLeft)),
    Clause("tile values", "tile_values", "tile_values", GAME, TABLE_HAND_END, "tile values: [0|0] counts 50",
           read=_tile_values, write=_write_tile_values),
    Clause("lone tile values", "lone_tile_values", "lone_tile_values", GAME, TABLE_HAND_END,
           "lone tile values: [0|0] counts 25, [6|6] counts 50", read=_tile_values, write=_write_tile_values),
    Clause("scores below zero", "below_zero", "scores_below_zero", GAME, TABLE_HAND_END, "scores below zero: allowed",
           phrase=("BELOW_ZERO_KIND", ir.BelowZero)),
    Clause("pool stake", "pool_stake", "pool_stake", GAME, TABLE_HAND_END,
           "pool stake: 1 point from each player every hand", read=_pool_stake, write=_write_pool_stake),
    Clause("pool ties", "pool_ties", "pool_ties", GAME, TABLE_HAND_END, "pool ties: carried whole",
           phrase=("POOL_TIES_KIND", ir.PoolTies)),
    Clause("hand points go to", "hand_points_to", "hand_points_to", GAME, TABLE_HAND_END,
           "hand points go to: the losing side", phrase=("HAND_POINTS_KIND", ir.HandPointsTo)),
    Clause("tied hand points", "tied_hand_points", "tied_hand_points", GAME, TABLE_HAND_END,
           "tied hand points: carried to the next decided hand", phrase=("TIED_POINTS_KIND", ir.TiedHandPoints)),
    Clause("when both sides have points", "both_scored", "both_scored", GAME, TABLE_HAND_END,
           "when both sides have points: both go back to 0, one all playing for two",
           phrase=("BOTH_SCORED_KIND", ir.BothScored)),
    Clause("target", "target", "target", GAME, TABLE_WINNING, "target: at least 61", required=True,
           phrase=("TARGET_KIND", ir.TargetKind), read=_target, write=_write_target),
    Clause("first score", "first_score", "first_score", GAME, TABLE_WINNING, "first score: at least 10",
           phrase=("ANY_FIRST", ir.AnyFirstScore), read=_first_score, write=_write_first_score),
    Clause("winning points on the lead", "lead_winning", "lead_winning", GAME, TABLE_WINNING,
           "winning points on the lead: cancelled", phrase=("LEAD_WINNING_KIND", ir.LeadWinning)),
    # Match play: in a variant, or (with "match format" instead of "variant") a format on its own.
    Clause("match format", "match_format", "name", FORMAT, TABLE_MATCH, 'match format: "Free play"', required=True,
           read=_quoted, write=_write_quoted),
    Clause("game target", "game_target", "game_target", FORMAT, TABLE_MATCH, "game target: 121", required=True,
           read=_number),
    Clause("match points for a win", "match_win", "win_points", MATCH, TABLE_MATCH, "match points for a win: 1",
           required=True, read=_number),
    Clause("lurch line", "lurch_line", "lines", MATCH, TABLE_MATCH,
           "lurch line: below 1/2 of the target scores 2 match points",
           read=_match_line, write=_write_match_line, many=True),
    Clause("skunk line", "skunk_line", "lines", MATCH, TABLE_MATCH, "skunk line: below 91 scores 2 match points",
           read=_match_line, write=_write_match_line, many=True),
    Clause("double skunk line", "double_skunk_line", "lines", MATCH, TABLE_MATCH,
           "double skunk line: below 61 scores 4 match points", read=_match_line, write=_write_match_line, many=True),
    Clause("triple skunk line", "triple_skunk_line", "lines", MATCH, TABLE_MATCH,
           "triple skunk line: below 31 wins the match", read=_match_line, write=_write_match_line, many=True),
    Clause("match target", "match_target", ("target_kind", "target"), MATCH, TABLE_MATCH,
           "match target: first to 5 match points", required=True, phrase=("MATCH_TARGET_KIND", ir.MatchTargetKind),
           read=_match_target, write=_write_match_target),
    Clause("next game opener", "next_game_opener", "next_game_opener", MATCH, TABLE_MATCH,
           "next game opener: loser of the previous game", phrase=("NEXT_GAME_KIND", ir.NextGameOpener)),
)

BY_KEY: dict[str, Clause] = {clause.key: clause for clause in CLAUSES}
BY_RULE: dict[str, Clause] = {clause.rule: clause for clause in CLAUSES}
ORDER: dict[str, int] = {clause.key: index for index, clause in enumerate(CLAUSES)}
# The clause whose presence makes a spec a match format rather than a variant.
FORMAT_NAME = BY_KEY["match format"]


def in_scope(*scopes: Scope) -> tuple[Clause, ...]:
    """The clauses of these scopes, in canonical order."""
    return tuple(clause for clause in CLAUSES if clause.scope in scopes)


def phrase_terminals() -> dict[str, type[ir.Choice]]:
    """Phrase terminal -> the Choice enum whose values it accepts, for every clause that uses one."""
    found: dict[str, type[ir.Choice]] = {}
    for clause in CLAUSES:
        if clause.phrase is not None:
            name, choice = clause.phrase
            assert found.setdefault(name, choice) is choice, f"the terminal {name} stands for two enums"
    return found
