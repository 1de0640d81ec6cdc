"""Spec text -> IR. Syntax errors become diagnostics with a position and, where possible, a hint."""

from __future__ import annotations

import difflib
import re
from typing import Any

import lark
from lark import Token, Tree

from . import ir
from .diagnostics import Diagnostic, SpecError, nearest, source_lines
from .grammar import PHRASE_TERMINALS, parser

MAX_NESTING = 40
MAX_FORMULA_PARTS = 100
MAX_NUMBER = 1_000_000

# Clause key as written before the colon -> the IR field it sets. Order is the canonical order.
CLAUSE_KEYS: dict[str, str] = {
    "variant": "name",
    "source": "source",
    "tiles": "max_pip",
    "players": "players",
    "partnerships": "partnerships",
    "deal": "deal",
    "undealt tiles": "undealt",
    "reserve": "reserve",
    "draw limit": "draw_limit",
    "cannot play": "cannot_play",
    "drawn tile": "drawn_tile",
    "when able to play": "when_able",
    "first opener": "first_opener",
    "lead": "lead",
    "next opener": "next_opener",
    "after a blocked hand": "after_blocked",
    "spinners": "spinners",
    "branches open": "branches_open",
    "double at an end counts": "double_at_end",
    "placement score": "placement_score",
    "raw points per displayed point": "raw_per_displayed",
    "extra turn after": "extra_turn",
    "extra turn without a legal tile": "extra_turn_stuck",
    "partnership goes out": "partnership_out",
    "going out scores": "going_out_bonus",
    "pip award": "pip_award",
    "blocked hand": "blocked_hand",
    "tied lowest": "tied_lowest",
    "target": "target",
    # Match play: in a variant, or (with "match format" instead of "variant") a format on its own.
    "match format": "format_name",
    "game target": "game_target",
    "match points for a win": "win_points",
    "lurch line": "lines",
    "skunk line": "lines",
    "double skunk line": "lines",
    "triple skunk line": "lines",
    "match target": "match_target",
    "next game opener": "next_game_opener",
}
MATCH_KEYS = ("game target", "match points for a win", *ir.MATCH_LINE_KEYS, "match target", "next game opener")
FORMAT_REQUIRED = ("match format", "game target", "match points for a win", "match target")
MATCH_REQUIRED = ("match points for a win", "match target")
REQUIRED = ("variant", "tiles", "players", "deal", "undealt tiles", "spinners", "placement score", "target")
EXAMPLES = {
    "variant": 'variant: "My House Fives"',
    "tiles": "tiles: double six",
    "players": "players: 2 to 4",
    "deal": "deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles",
    "undealt tiles": "undealt tiles: out of play",
    "spinners": "spinners: none",
    "placement score": "placement score: total if total is a positive multiple of 5",
    "target": "target: at least 61",
    "match format": 'match format: "Free play"',
    "game target": "game target: 121",
    "match points for a win": "match points for a win: 1",
    "match target": "match target: first to 5 match points",
}
RULE_TO_KEY = {
    "variant": "variant", "source": "source", "tiles": "tiles", "players": "players",
    "partnerships": "partnerships", "deal": "deal", "undealt": "undealt tiles",
    "reserve": "reserve", "draw_limit": "draw limit", "drawn_tile": "drawn tile",
    "cannot_play": "cannot play", "when_able": "when able to play", "first_opener": "first opener",
    "next_opener": "next opener", "after_blocked": "after a blocked hand", "lead": "lead",
    "spinners": "spinners", "branches_open": "branches open", "double_at_end": "double at an end counts",
    "placement_score": "placement score", "raw_per_displayed": "raw points per displayed point",
    "extra_turn": "extra turn after", "extra_turn_stuck": "extra turn without a legal tile",
    "partnership_out": "partnership goes out", "going_out": "going out scores",
    "pip_award": "pip award", "blocked_hand": "blocked hand", "tied_lowest": "tied lowest",
    "target": "target", "match_format": "match format", "game_target": "game target",
    "match_win": "match points for a win", "match_target": "match target", "next_game_opener": "next game opener",
}
LINE_RULES = {"lurch": "lurch line", "skunk": "skunk line", "double_skunk": "double skunk line",
              "triple_skunk": "triple skunk line"}


def parse(text: str) -> ir.Variant | ir.MatchFormat:
    """Parse spec text into a Variant (or a MatchFormat); raises SpecError with positioned diagnostics."""
    try:
        tree = parser().parse(text if text.endswith("\n") else text + "\n")
    except lark.UnexpectedInput as err:
        raise SpecError([_syntax_diagnostic(err, text)]) from None
    return _Builder(text).build(tree)


# --- syntax errors ---------------------------------------------------------------------------


# Terminals that stand for a kind of value rather than for fixed words.
_KINDS = {
    "INT": "a whole number", "STRING": 'a quoted text such as "Fives and Threes"', "NAME": "a name such as total",
    "COMPARE": "a comparison such as >= or ==", "_NL": "the end of the line", "$END": "the end of the spec",
}


def _words(name: str) -> list[str]:
    """The fixed words a terminal accepts, in the order the language lists them; [] for a kind of value."""
    if name in PHRASE_TERMINALS:
        return [member.value for member in PHRASE_TERMINALS[name]]
    if name == "PIP_WORD":
        return list(ir.PIP_WORDS)
    try:
        pattern = parser().get_terminal(name).pattern
    except KeyError:
        return []
    return [pattern.value] if isinstance(pattern, lark.lexer.PatternStr) else []


def _expected(names: set[str]) -> str:
    """'a', 'b' or c: the fixed words first, then the kinds of value."""
    words = [word for name in sorted((n for n in names if _words(n)), key=lambda n: _words(n)[0]) for word in _words(name)]
    items = [f"'{word}'" for word in dict.fromkeys(words)] + sorted(_KINDS.get(n, n) for n in names if not _words(n))
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _phrases(names: set[str]) -> list[str]:
    return [word for name in names for word in _words(name)]


def _syntax_diagnostic(err: lark.UnexpectedInput, text: str) -> Diagnostic:
    line, column = getattr(err, "line", 1), getattr(err, "column", 1)
    if line is None or line < 1:
        line, column = max(1, text.count("\n")), 1
    pos = ir.Pos(line, column)
    lines = source_lines(text)
    source = lines[line - 1] if line <= len(lines) else ""
    code = _code_of(source)
    before, rest = code[: column - 1], source[column - 1:]

    if isinstance(err, lark.UnexpectedToken) and err.token.type == "$END":
        return Diagnostic("the spec ends in the middle of a clause", pos)
    expected = set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())

    if isinstance(err, lark.UnexpectedCharacters) and rest and (rest[0].isspace() or not rest[0].isprintable()):
        return Diagnostic(f"unexpected invisible character U+{ord(rest[0]):04X}", pos,
                          "only spaces and tabs may separate words; delete it or retype the line")
    if expected == {"COLON"} and before.strip():
        key = before.strip()
        return Diagnostic(f"a colon is missing after '{_short(key)}'", pos,
                          f"write '{_short(key)}: {_short(code[column - 1:].strip())}'")
    # At the start of a line, or at or before the line's first colon: the key itself is wrong.
    if rest and not rest.startswith("#") and (not before.strip() or code.find(":") >= column - 1):
        return _unknown_clause(code, pos)
    if isinstance(err, lark.UnexpectedCharacters) and rest.startswith('"') and '"' not in rest[1:]:
        return Diagnostic("this quoted text has no closing '\"'", pos, 'end the text with " on the same line')

    if expected & PHRASE_TERMINALS.keys() and code[column - 1:].strip():
        what = f"unexpected '{_short(code[column - 1:].strip())}'"  # a phrase of several words, all shown
    elif isinstance(err, lark.UnexpectedCharacters):
        found = rest[:1]
        what = f"unexpected character {found!r}" if found and not found.isalnum() else f"unexpected '{_short(_word(rest))}'"
    else:
        token = err.token  # type: ignore[attr-defined]
        what = "unexpected end of line" if token.type == "_NL" else f"unexpected '{_short(str(token))}'"
    message = f"{what}; expected {_expected(expected)}" if expected else what
    phrase = nearest(rest.strip(), _phrases(expected)) or nearest(_word(rest), _phrases(expected))
    return Diagnostic(message, pos, f"did you mean '{phrase}'?" if phrase else None)


def _unknown_clause(code: str, pos: ir.Pos) -> Diagnostic:
    """The error lies in the clause key: name the key as written and suggest the nearest one."""
    key = code.split(":", 1)[0].strip() if ":" in code else re.split(r"[ \t]", code.strip())[0]
    start = ir.Pos(pos.line, len(code) - len(code.lstrip()) + 1)
    if not key:
        return Diagnostic("a clause key is missing before ':'", start,
                          "every clause starts with a known key and a colon, such as 'spinners: none'")
    guess = _nearest_key(key)
    return Diagnostic(f"unknown clause '{_short(key)}'", start,
                      f"did you mean '{guess}:'?" if guess else "every clause starts with a known key and a colon; "
                      "see the language reference in README.md")


def _nearest_key(written: str) -> str | None:
    """The clause key meant: among keys with the same first word if there are any, else all keys."""
    first = written.split()[0]
    same_start = [key for key in CLAUSE_KEYS if key.split()[0] == first]
    if same_start:
        return max(same_start, key=lambda key: difflib.SequenceMatcher(None, written, key).ratio())
    return nearest(written, CLAUSE_KEYS)


def _word(text: str) -> str:
    match = re.match(r"[^\s,:]+", text)
    return match.group(0) if match else text[:1]


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


# --- tree -> IR ------------------------------------------------------------------------------


def _pos(item: Tree | Token) -> ir.Pos:
    if isinstance(item, Token):
        return ir.Pos(item.line or 0, item.column or 0)
    return ir.Pos(item.meta.line, item.meta.column) if not item.meta.empty else ir.NOWHERE


class _Builder:
    def __init__(self, text: str):
        self.text = text
        self.fields: dict[str, Any] = {}
        self.where: dict[str, ir.Pos] = {}
        self.problems: list[Diagnostic] = []

    def build(self, tree: Tree) -> ir.Variant | ir.MatchFormat:
        for clause in tree.children:
            key = RULE_TO_KEY.get(clause.data) or LINE_RULES[clause.children[0].data]
            pos = _pos(clause)
            if key in self.where:
                first = self.where[key]
                self.problems.append(Diagnostic(
                    f"'{key}' is given twice", pos, f"the first '{key}:' is on line {first.line}; keep one"))
                continue
            self.where[key] = pos
            if clause.children:
                self.where[key + ":value"] = _pos(clause.children[0])
            getattr(self, "_" + clause.data)(clause)
        if "match format" in self.where:
            return self._build_format()
        self._require(REQUIRED)
        self._match_in_variant()
        if self.problems:
            raise SpecError(self.problems)
        return ir.Variant(**self.fields, where=self.where, comments=_comments(self.text, self.where))

    def _build_format(self) -> ir.MatchFormat:
        """A spec of match rules alone: only match clauses (and a source) belong in it."""
        for key, pos in self.where.items():
            if ":" not in key and key not in MATCH_KEYS and key not in ("match format", "source"):
                self.problems.append(Diagnostic(
                    f"'{key}' has no place in a match format", pos,
                    "a match format holds only match clauses; to give a game's rules, write a variant "
                    "(starting with 'variant:') and put the match clauses in it"))
        self._require(FORMAT_REQUIRED)
        if self.problems:
            raise SpecError(self.problems)
        return ir.MatchFormat(self.fields["format_name"], self.fields["game_target"], self._match_rules(),
                              self.fields.get("source"), where=self.where, comments=_comments(self.text, self.where))

    def _match_in_variant(self) -> None:
        if "game target" in self.where:
            self.problems.append(Diagnostic(
                "a variant's game target is its 'target:' clause", self.where["game target"],
                "remove 'game target:'; the match clauses use the variant's target"))
        if any(key in self.where for key in MATCH_KEYS):
            self._require(MATCH_REQUIRED, "match play needs ")
            if not self.problems:
                self.fields["match"] = self._match_rules()
        for key in ("format_name", "game_target", "win_points", "lines", "match_target", "next_game_opener"):
            self.fields.pop(key, None)

    def _match_rules(self) -> ir.MatchRules:
        kind, target = self.fields["match_target"]
        return ir.MatchRules(self.fields["win_points"], tuple(self.fields.get("lines", ())), kind, target,
                             self.fields.get("next_game_opener", ir.NextGameOpener.VARIANT_RULE),
                             self.where["match points for a win"])

    def _require(self, required: tuple[str, ...], what: str = "") -> None:
        missing = [key for key in required if key not in self.where]
        if not missing:
            return
        examples = "\n".join(EXAMPLES[key] for key in missing)
        if not self.where:
            self.problems.append(Diagnostic(
                "the spec holds no clauses", ir.Pos(1, 1), f"a spec needs at least these clauses, for example:\n{examples}"))
            return
        names = ", ".join(f"'{key}:'" for key in missing)
        several = len(missing) > 1
        self.problems.append(Diagnostic(
            f"{what}the required clause{'s' if several else ''} {names} {'are' if several else 'is'} missing",
            ir.Pos(len(source_lines(self.text)), 1), f"add {'them' if several else 'it'}, for example:\n{examples}"))

    def _int(self, token: Token) -> int:
        digits = str(token).lstrip("0")
        if len(digits) > len(str(MAX_NUMBER)) or int(digits or "0") > MAX_NUMBER:
            self.problems.append(Diagnostic(
                f"the number {_short(str(token))} is too large", _pos(token), f"numbers in a spec go up to {MAX_NUMBER:,}"))
            return MAX_NUMBER
        return int(digits or "0")

    def _variant(self, t: Tree) -> None:
        self.fields["name"] = str(t.children[0])[1:-1]

    def _source(self, t: Tree) -> None:
        self.fields["source"] = str(t.children[0])[1:-1]

    def _tiles(self, t: Tree) -> None:
        token = t.children[0]
        self.fields["max_pip"] = ir.PIP_WORDS[str(token)] if token.type == "PIP_WORD" else self._int(token)

    def _players(self, t: Tree) -> None:
        numbers = [self._int(c) for c in t.children]
        self.fields["min_players"], self.fields["max_players"] = numbers[0], numbers[-1]

    def _partnerships(self, t: Tree) -> None:
        self.fields["partnerships"] = ir.PartnershipKind(str(t.children[0]))
        if len(t.children) > 1:
            self.where["partnerships:players"] = _pos(t.children[1])
            self.fields["partnership_size"] = self._int(t.children[1])

    def _deal(self, t: Tree) -> None:
        rules = []
        for item in t.children:
            counts, tiles = item.children
            rules.append(ir.DealRule(tuple(self._int(c) for c in counts.children), self._int(tiles), _pos(item)))
        self.fields["deal"] = tuple(rules)

    def _choice(self, field: str, choice: type[ir.Choice], t: Tree) -> None:
        self.fields[field] = choice(str(t.children[0]))

    def _undealt(self, t: Tree) -> None:
        self._choice("undealt", ir.Undealt, t)

    def _reserve(self, t: Tree) -> None:
        self.fields["reserve"] = self._int(t.children[0])

    def _draw_limit(self, t: Tree) -> None:
        token = t.children[0]
        self.fields["draw_limit"] = None if token.type == "NO_LIMIT" else self._int(token)

    def _drawn_tile(self, t: Tree) -> None:
        self._choice("drawn_tile", ir.DrawnTile, t)

    def _cannot_play(self, t: Tree) -> None:
        self._choice("cannot_play", ir.CannotPlay, t)

    def _when_able(self, t: Tree) -> None:
        self._choice("when_able", ir.WhenAble, t)

    def _first_opener(self, t: Tree) -> None:
        self._choice("first_opener", ir.Opener, t)

    def _next_opener(self, t: Tree) -> None:
        self._choice("next_opener", ir.Opener, t)

    def _after_blocked(self, t: Tree) -> None:
        self._choice("after_blocked", ir.Opener, t)

    def _lead(self, t: Tree) -> None:
        self._choice("lead", ir.Lead, t)

    def _spinners(self, t: Tree) -> None:
        self._choice("spinners", ir.Spinners, t)

    def _branches_open(self, t: Tree) -> None:
        self._choice("branches_open", ir.BranchesOpen, t)

    def _double_at_end(self, t: Tree) -> None:
        self._choice("double_at_end", ir.DoubleAtEnd, t)

    def _placement_score(self, t: Tree) -> None:
        formula = t.children[0]
        # The parser copes with any size, but every later stage walks a formula recursively.
        parts = _count_parts(formula)
        if parts > MAX_FORMULA_PARTS:
            self.problems.append(Diagnostic(
                f"the placement score has {parts} parts (numbers, names and operators); "
                f"a formula may have at most {MAX_FORMULA_PARTS}", _pos(formula), "write the formula more simply"))
            self.fields["placement_score"] = ir.Number(0)
            return
        self._check_brackets(_pos(t))
        self.fields["placement_score"] = self._expr(formula)

    def _check_brackets(self, clause: ir.Pos) -> None:
        line = source_lines(self.text)[clause.line - 1]
        code = _code_of(line)
        depth = 0
        for column, ch in enumerate(code, 1):
            depth += (ch == "(") - (ch == ")")
            if depth > MAX_NESTING:
                self.problems.append(Diagnostic(
                    f"brackets nested more than {MAX_NESTING} deep", ir.Pos(clause.line, column),
                    "split the formula into simpler terms"))
                return

    def _raw_per_displayed(self, t: Tree) -> None:
        self.fields["raw_per_displayed"] = self._int(t.children[0])

    def _extra_turn(self, t: Tree) -> None:
        kinds: list[ir.ExtraTurn] = []
        for token in t.children:
            if token.type != "EXTRA_KIND":
                continue
            kind = ir.ExtraTurn(str(token))
            if kind in kinds:
                self.problems.append(Diagnostic(f"'{kind}' is listed twice", _pos(token), "list each reason once"))
            else:
                kinds.append(kind)
        self.fields["extra_turn"] = tuple(sorted(kinds, key=list(ir.ExtraTurn).index))

    def _extra_turn_stuck(self, t: Tree) -> None:
        self._choice("extra_turn_stuck", ir.ExtraTurnStuck, t)

    def _partnership_out(self, t: Tree) -> None:
        self._choice("partnership_out", ir.PartnershipOut, t)

    def _going_out(self, t: Tree) -> None:
        self.fields["going_out_bonus"] = self._int(t.children[0])

    def _pip_award(self, t: Tree) -> None:
        first = t.children[0]
        if isinstance(first, Token) and first.type == "NONE":
            self.fields["pip_award"] = None
            return
        round_to, divide_by = None, 1
        for step in t.children[1:]:
            value = self._int(step.children[0])
            words = "rounded to the nearest" if step.data == "rounded_to" else "divided by"
            if f"pip award:{step.data}" in self.where:
                self.problems.append(Diagnostic(f"the pip award says '{words}' twice", _pos(step),
                                                "keep one"))
            elif step.data == "rounded_to" and divide_by != 1:
                # The award is always rounded first and divided after: the text must say so.
                self.problems.append(Diagnostic(
                    "the pip award is rounded first and divided after: 'rounded to' comes before 'divided by'",
                    _pos(step),
                    f"write 'rounded to the nearest {value}, divided by {divide_by}'"))
            self.where[f"pip award:{step.data}"] = _pos(step.children[0])
            if step.data == "rounded_to":
                round_to = value
            else:
                divide_by = value
        self.fields["pip_award"] = ir.PipAward(ir.AwardFrom(str(first)), round_to, divide_by, _pos(first))

    def _blocked_hand(self, t: Tree) -> None:
        self._choice("blocked_hand", ir.BlockedHand, t)

    def _tied_lowest(self, t: Tree) -> None:
        self._choice("tied_lowest", ir.TiedLowest, t)

    def _match_format(self, t: Tree) -> None:
        self.fields["format_name"] = str(t.children[0])[1:-1]

    def _game_target(self, t: Tree) -> None:
        self.fields["game_target"] = self._int(t.children[0])

    def _match_win(self, t: Tree) -> None:
        self.fields["win_points"] = self._int(t.children[0])

    def _match_line(self, t: Tree) -> None:
        name, threshold, award = t.children
        numbers = [self._int(n) for n in threshold.children]
        below = ir.Threshold(numbers[0], numbers[1] if len(numbers) > 1 else None, _pos(threshold))
        first = award.children[0]
        points = None if first.type == "WINS_MATCH" else self._int(first)
        line = ir.MatchLine(LINE_RULES[name.data], below, points, _pos(t))
        self.fields["lines"] = sorted([*self.fields.get("lines", []), line], key=lambda l: ir.MATCH_LINE_KEYS.index(l.name))

    def _match_target(self, t: Tree) -> None:
        kind_token, count, unit = t.children
        kind = ir.MatchTargetKind(str(kind_token))
        wanted = "match point" if kind is ir.MatchTargetKind.FIRST_TO else "game"
        if not str(unit).startswith(wanted):
            self.problems.append(Diagnostic(
                f"'{kind}' counts {wanted}s, not {unit}", _pos(unit),
                "write 'first to N match points' or 'best of N games'"))
        self.fields["match_target"] = (kind, self._int(count))

    def _next_game_opener(self, t: Tree) -> None:
        self._choice("next_game_opener", ir.NextGameOpener, t)

    def _target(self, t: Tree) -> None:
        kind, points = t.children
        self.fields["target"] = ir.Target(ir.TargetKind(str(kind)), self._int(points), _pos(points))

    def _expr(self, node: Tree | Token) -> Any:
        if isinstance(node, Token):  # pragma: no cover - the grammar wraps every token in a rule
            raise AssertionError(node)
        pos = _pos(node)
        kind = node.data
        kids = node.children
        if kind == "number":
            return ir.Number(self._int(kids[0]), pos)
        if kind == "name":
            return ir.Name(str(kids[0]), pos)
        if kind in ("add", "sub", "mul", "div"):
            op = {"add": "+", "sub": "-", "mul": "*", "div": "/"}[kind]
            return ir.BinOp(op, self._expr(kids[0]), self._expr(kids[1]), pos)
        if kind == "conditional":
            otherwise = self._expr(kids[2]) if len(kids) > 2 else None
            return ir.Conditional(self._expr(kids[0]), self._expr(kids[1]), otherwise, pos)
        if kind == "compare":
            return ir.Compare(str(kids[1]), self._expr(kids[0]), self._expr(kids[2]), pos)
        if kind == "multiple_of":
            positive = any(isinstance(k, Token) and k.type == "POSITIVE" for k in kids)
            value, divisor = [k for k in kids if isinstance(k, Tree)]
            return ir.MultipleOf(self._expr(value), self._expr(divisor), positive, pos)
        if kind in ("and_", "or_"):
            return ir.Logic(kind.rstrip("_"), self._expr(kids[0]), self._expr(kids[1]), pos)
        if kind == "not_":
            return ir.Not(self._expr(kids[0]), pos)
        raise AssertionError(f"unhandled expression node {kind}")  # pragma: no cover


def _count_parts(formula: Tree) -> int:
    """How many IR nodes a formula makes: one per rule node (bracket pairs make none)."""
    count, stack = 0, [formula]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(child for child in node.children if isinstance(child, Tree))
    return count


def _comments(text: str, where: dict[str, ir.Pos]) -> dict[str, tuple[str, ...]]:
    """Attach each comment to the clause it precedes (or ends the line of), keeping blank lines.

    Keys: a clause key for the lines above it ("" marks a blank line), `key:inline` for a comment at
    the end of its line, and `:end` for what follows the last clause.
    """
    clause_at = {pos.line: key for key, pos in where.items() if ":" not in key}
    out: dict[str, tuple[str, ...]] = {}
    pending: list[str] = []
    for number, line in enumerate(source_lines(text), 1):
        comment = _comment_in(line)
        if number in clause_at:
            key = clause_at[number]
            if pending:
                out[key] = tuple(pending)
            if comment is not None:
                out[key + ":inline"] = (comment,)
            pending = []
        elif comment is not None:
            pending.append(comment)
        elif not line.strip() and (out or pending) and (not pending or pending[-1] != ""):
            pending.append("")  # one blank line keeps the author's grouping; more collapse to one
    while pending and pending[-1] == "":
        pending.pop()
    if pending:
        out[":end"] = tuple(pending)
    return out


def _comment_in(line: str) -> str | None:
    start = _comment_start(line)
    return None if start is None else line[start:].rstrip()


def _code_of(line: str) -> str:
    """The line without its comment."""
    start = _comment_start(line)
    return line if start is None else line[:start]


def _comment_start(line: str) -> int | None:
    in_string = False
    for index, ch in enumerate(line):
        if ch == '"':
            in_string = not in_string
        elif ch == "#" and not in_string:
            return index
    return None
