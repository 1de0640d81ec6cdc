"""Spec text -> IR. Each clause is one line, so the text is parsed a line at a time: every line
with a syntax error gets its own diagnostic (a position and, where possible, a hint) in one run.

What a clause means comes from its row in the table of clauses (clauses.py).
"""

from __future__ import annotations

import difflib
import re
from typing import Any

import lark
from lark import Token, Tree

from . import clauses, ir
from .clauses import Clause, Scope, short
from .diagnostics import Diagnostic, SpecError, nearest, source_lines
from .grammar import PHRASE_TERMINALS, WORD_TERMINALS, parser

# A spec has a few dozen clauses: a file with more wrong lines than this is most likely no spec at all.
MAX_WRONG_LINES = 100

# A line the lexer would skip whole: spaces, tabs, a comment, and the CR of a CR LF.
_BLANK = re.compile(r"[ \t]*(?:#.*)?\r?")


def parse(text: str) -> ir.Variant | ir.MatchFormat:
    """Parse spec text into a Variant (or a MatchFormat); raises SpecError with positioned diagnostics.

    After a syntax error the next line is read as usual (up to MAX_WRONG_LINES wrong lines). The
    problems of the lines that did parse (a clause given twice, a number too large, ...) are
    reported with the syntax errors; what depends on the whole spec (a required clause missing, a
    clause out of place) waits until every line parses, since a broken line may be the very clause
    that seems to be missing.
    """
    builder = _Builder(text)
    wrong: list[Diagnostic] = []
    grammar = parser()
    # Each line goes to the parser as it is in the text, CR of a CR LF included (a CR anywhere
    # else is an error), and numbered as source_lines numbers it.
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for number, (line, shown) in enumerate(zip(lines, source_lines(text), strict=True), 1):
        if _BLANK.fullmatch(line):
            continue
        try:
            tree = grammar.parse(line + "\n")
        except lark.UnexpectedInput as err:
            if len(wrong) == MAX_WRONG_LINES:
                wrong.append(Diagnostic(f"more than {MAX_WRONG_LINES} lines cannot be read; reading stops here",
                                        ir.Pos(number, 1), "is this file a spec? correct the lines above first"))
                break
            wrong.append(_syntax_diagnostic(err, shown, number))
            continue
        for clause in tree.children:  # the one clause of the line
            builder.add(_tree(clause), number, _code_of(shown))
    if wrong:
        raise SpecError(wrong + builder.problems)
    return builder.build()


def _tree(item: Tree[Token] | Token) -> Tree[Token]:
    assert isinstance(item, Tree), item
    return item


# --- syntax errors ---------------------------------------------------------------------------


# Terminals that stand for a kind of value rather than for fixed words.
_KINDS = {
    "INT": "a whole number", "STRING": 'a quoted text such as "Fives and Threes"', "NAME": "a name such as total",
    "COMPARE": "a comparison such as >= or ==", "_NL": "the end of the line", "$END": "the end of the line",
}


def _words(name: str) -> list[str]:
    """The fixed words a terminal accepts, in the order the language lists them; [] for a kind of value."""
    if name in PHRASE_TERMINALS:
        return [member.value for member in PHRASE_TERMINALS[name]]
    if name in WORD_TERMINALS:
        return WORD_TERMINALS[name]
    try:
        pattern = parser().get_terminal(name).pattern
    except KeyError:
        return []
    return [pattern.value] if isinstance(pattern, lark.lexer.PatternStr) else []


# Word terminals too long to list in a message: said by their first and last words.
_WORD_RANGES = {"PIP_WORD": "a number from '{first}' to '{last}'"}


def _kind(name: str) -> str:
    if name in _WORD_RANGES:
        words = WORD_TERMINALS[name]
        return _WORD_RANGES[name].format(first=words[0], last=words[-1])
    return _KINDS.get(name, name)


def _expected(names: set[str]) -> str:
    """'a', 'b' or c: the fixed words first, then the kinds of value."""
    listed = {n for n in names if _words(n) and n not in _WORD_RANGES}
    fixed = sorted(listed, key=lambda n: _words(n)[0])
    words = [word for name in fixed for word in _words(name)]
    items = [f"'{word}'" for word in dict.fromkeys(words)] + sorted(_kind(n) for n in names - listed)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _phrases(names: set[str]) -> list[str]:
    return [word for name in names for word in _words(name)]


def _syntax_diagnostic(err: lark.UnexpectedInput, source: str, number: int) -> Diagnostic:
    """What is wrong in the line `source` (line `number` of the spec), which the parser read alone."""
    column = getattr(err, "column", None)
    if getattr(err, "line", None) != 1 or not isinstance(column, int) or column < 1:
        column = len(source) + 1  # the end of the input: the end of this line
    pos = ir.Pos(number, column)
    code = _code_of(source)
    before, rest = code[: column - 1], source[column - 1:]

    if isinstance(err, lark.UnexpectedToken) and err.token.type == "$END":
        return Diagnostic("unexpected end of line", pos)
    expected = set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())

    if isinstance(err, lark.UnexpectedCharacters) and rest and (rest[0].isspace() or not rest[0].isprintable()):
        return Diagnostic(f"unexpected invisible character U+{ord(rest[0]):04X}", pos,
                          "only spaces and tabs may separate words; delete it or retype the line")
    if expected == {"COLON"} and before.strip():
        key = before.strip()
        return Diagnostic(f"a colon is missing after '{short(key)}'", pos,
                          f"write '{short(key)}: {short(code[column - 1:].strip())}'")
    # At the start of a line, or at or before the line's first colon: the key itself is wrong.
    if rest and not rest.startswith("#") and (not before.strip() or code.find(":") >= column - 1):
        return _unknown_clause(code, pos)
    if isinstance(err, lark.UnexpectedCharacters) and rest.startswith('"') and '"' not in rest[1:]:
        return Diagnostic("this quoted text has no closing '\"'", pos, 'end the text with " on the same line')

    if expected & PHRASE_TERMINALS.keys() and code[column - 1:].strip():
        what = f"unexpected '{short(code[column - 1:].strip())}'"  # a phrase of several words, all shown
    elif isinstance(err, lark.UnexpectedCharacters):
        found = rest[:1]
        odd = found and not found.isalnum()
        what = f"unexpected character {found!r}" if odd else f"unexpected '{short(_word(rest))}'"
    else:
        token = err.token  # type: ignore[attr-defined]
        what = "unexpected end of line" if token.type == "_NL" else f"unexpected '{short(str(token))}'"
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
    return Diagnostic(f"unknown clause '{short(key)}'", start,
                      f"did you mean '{guess}:'?" if guess else "every clause starts with a known key and a colon; "
                      "see the clauses in docs/language.md")


def _nearest_key(written: str) -> str | None:
    """The clause key meant: among keys with the same first word if there are any, else all keys."""
    first = written.split()[0]
    same_start = [key for key in clauses.BY_KEY if key.split()[0] == first]
    if same_start:
        return max(same_start, key=lambda key: difflib.SequenceMatcher(None, written, key).ratio())
    return nearest(written, clauses.BY_KEY)


def _word(text: str) -> str:
    match = re.match(r"[^\s,:]+", text)
    return match.group(0) if match else text[:1]


# --- clauses -> IR ---------------------------------------------------------------------------


class _Builder:
    """Collects the clauses' values, each into the IR class of its scope, then builds the spec."""

    def __init__(self, text: str):
        self.text = text
        self.values: dict[Scope, dict[str, Any]] = {scope: {} for scope in Scope}
        for clause in clauses.CLAUSES:
            if clause.many:
                self.values[clause.scope][clause.fields[0]] = ()
        self.where: dict[str, ir.Pos] = {}
        self.problems: list[Diagnostic] = []

    def add(self, tree: Tree[Token], line: int, code: str) -> None:
        """One parsed line: the clause `tree` on line `line`, whose text without its comment is `code`."""
        clause = clauses.BY_RULE[str(tree.data)]
        reader = clauses.Reader(clause.key, line, code, self.where, self.problems)
        pos = reader.pos(tree)
        if clause.key in self.where:
            first = self.where[clause.key]
            self.problems.append(Diagnostic(f"'{clause.key}' is given twice", pos,
                                            f"the first '{clause.key}:' is on line {first.line}; keep one"))
            return
        self.where[clause.key] = pos
        if tree.children:
            self.where[clause.key + ":value"] = reader.pos(tree.children[0])
        value = clause.value(reader, tree)
        values = self.values[clause.scope]
        if clause.many:
            items = (*values[clause.fields[0]], value)
            values[clause.fields[0]] = tuple(sorted(items, key=lambda item: clauses.ORDER[item.name]))
        else:
            values.update(zip(clause.fields, value if isinstance(clause.field, tuple) else (value,), strict=True))

    def build(self) -> ir.Variant | ir.MatchFormat:
        if clauses.FORMAT_NAME.key in self.where:
            return self._format()
        return self._variant()

    def _variant(self) -> ir.Variant:
        if "game target" in self.where:
            self.problems.append(Diagnostic(
                "a variant's game target is its 'target:' clause", self.where["game target"],
                "remove 'game target:'; the match clauses use the variant's target"))
        self._require(clauses.in_scope(Scope.GAME, Scope.SPEC))
        match = None
        if any(clause.key in self.where for clause in clauses.in_scope(Scope.MATCH)):
            if self._require(clauses.in_scope(Scope.MATCH), "match play needs "):
                match = self._match_rules()
        if self.problems:
            raise SpecError(self.problems)
        return ir.Variant(**self.values[Scope.GAME], **self.values[Scope.SPEC], match=match, where=self.where,
                          comments=_comments(self.text, self.where))

    def _format(self) -> ir.MatchFormat:
        """A spec of match rules alone: only match clauses (and a source) belong in it."""
        for key, pos in self.where.items():
            if ":" not in key and clauses.BY_KEY[key].scope is Scope.GAME:
                self.problems.append(Diagnostic(
                    f"'{key}' has no place in a match format", pos,
                    "a match format holds only match clauses; to give a game's rules, write a variant "
                    "(starting with 'variant:') and put the match clauses in it"))
        self._require(clauses.in_scope(Scope.FORMAT, Scope.MATCH))
        if self.problems:
            raise SpecError(self.problems)
        return ir.MatchFormat(**self.values[Scope.FORMAT], **self.values[Scope.SPEC], rules=self._match_rules(),
                              where=self.where, comments=_comments(self.text, self.where))

    def _match_rules(self) -> ir.MatchRules:
        return ir.MatchRules(**self.values[Scope.MATCH], pos=self.where["match points for a win"])

    def _require(self, among: tuple[Clause, ...], what: str = "") -> bool:
        """Report the required clauses missing, at the top of the spec; True when none is."""
        missing = [clause for clause in among if clause.required and clause.key not in self.where]
        if not missing:
            return True
        examples = "\n".join(clause.example for clause in missing)
        if not self.where:
            self.problems.append(Diagnostic(
                "the spec holds no clauses", ir.Pos(1, 1),
                f"a spec needs at least these clauses, for example:\n{examples}"))
            return False
        names = ", ".join(f"'{clause.key}:'" for clause in missing)
        several = len(missing) > 1
        self.problems.append(Diagnostic(
            f"{what}the required clause{'s' if several else ''} {names} {'are' if several else 'is'} missing",
            ir.Pos(1, 1), f"add {'them' if several else 'it'}, for example:\n{examples}"))
        return False


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
