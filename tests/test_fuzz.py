"""Whatever text arrives, the front end answers with a Variant or a SpecError, never a crash.

The text comes from the grammar (whole specs, or lines of each clause of the table of clauses),
from the clauses' example lines in any selection and order, and from edits of the shipped specs.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark.lexer import PatternStr

from dominospec.language import clauses
from dominospec.language.clauses import CLAUSES, MAX_NUMBER, Clause, Scope
from dominospec.language.diagnostics import SpecError
from dominospec.language.grammar import PHRASE_TERMINALS, WORD_TERMINALS, build, grammar_text
from dominospec.language.parser import parse
from dominospec.language.printer import format_spec
from support import SHIPPED, front_end

# hypothesis reads the grammar itself, which a parser loaded from the cache does not keep.
GRAMMAR = build()


def _spaced(values: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    # from_lark puts ignored white space between tokens only now and then: words would run together.
    return values.map(lambda value: f" {value} ")


def _terminal_strategies() -> dict[str, st.SearchStrategy[str]]:
    grammar = GRAMMAR
    explicit = {name: st.just(" ") for name in grammar.ignore_tokens}
    explicit["COMMENT"] = st.sampled_from(["", "", "", "# a note"])
    for terminal in grammar.terminals:
        if isinstance(terminal.pattern, PatternStr):
            explicit[terminal.name] = st.just(f" {terminal.pattern.value} ")
    for name, choice in PHRASE_TERMINALS.items():
        explicit[name] = _spaced(st.sampled_from([member.value for member in choice]))
    for name, words in WORD_TERMINALS.items():
        explicit[name] = _spaced(st.sampled_from(words))
    explicit.update(
        COMPARE=_spaced(st.sampled_from(["<", "<=", ">", ">=", "==", "!="])),
        NAME=_spaced(st.sampled_from(["total", "total", "total", "points", "t"])),
        INT=_spaced(st.one_of(st.integers(0, 70), st.integers(0, 10 * MAX_NUMBER)).map(str)),
        STRING=_spaced(st.text(st.characters(blacklist_characters='"\n\r', blacklist_categories=["Cs"]),
                               max_size=20).map(lambda text: f'"{text}"')),
        _NL=st.sampled_from(["\n", "\r\n", "\n\n"]),
    )
    return explicit


SPEC_TEXT = from_lark(GRAMMAR, explicit=_terminal_strategies())
# The grammar left to from_lark alone: tokens run together and comments swallow the rest of a line.
RAW_SPEC_TEXT = from_lark(GRAMMAR)


def test_the_explicit_strategies_cover_every_terminal() -> None:
    assert set(_terminal_strategies()) >= {t.name for t in GRAMMAR.terminals} | set(GRAMMAR.ignore_tokens)
    assert "placement" in grammar_text()


@functools.cache
def clause_lines(rule: str) -> st.SearchStrategy[str]:
    """Lines of one clause, drawn from its grammar rule."""
    terminals, _, ignored = GRAMMAR.grammar.compile([rule], ())
    used = {terminal.name for terminal in terminals} | set(ignored)
    return from_lark(GRAMMAR, start=rule, explicit={k: v for k, v in _terminal_strategies().items() if k in used})


# Every clause of the table equally often, whatever its rule looks like.
ANY_CLAUSE_LINE = st.sampled_from(CLAUSES).flatmap(lambda clause: clause_lines(clause.rule))
REQUIRED_IN_A_VARIANT = [clause.example for clause in clauses.in_scope(Scope.GAME) if clause.required]


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda clause: clause.key)
def test_every_clause_has_a_rule_that_gives_lines(clause: Clause) -> None:
    clause_lines(clause.rule).validate()  # hypothesis refuses a start rule that is not in the grammar


@settings(max_examples=300)
@given(SPEC_TEXT)
def test_text_from_the_grammar_never_crashes(text: str) -> None:
    front_end(text)


@settings(max_examples=150)
@given(RAW_SPEC_TEXT)
def test_raw_text_from_the_grammar_never_crashes(text: str) -> None:
    front_end(text)


@settings(max_examples=300)
@given(st.lists(ANY_CLAUSE_LINE, max_size=4), st.data())
def test_clause_lines_added_to_a_valid_spec_never_crash(lines: list[str], data: st.DataObject) -> None:
    """Lines of any clause, in a spec that has every required one: the checks see odd combinations."""
    text = list(REQUIRED_IN_A_VARIANT)
    for line in lines:
        text.insert(data.draw(st.integers(0, len(text))), line)
    front_end("\n".join(text))


@settings(max_examples=200)
@given(st.sampled_from([Scope.GAME, Scope.FORMAT]), st.data())
def test_example_lines_in_any_selection_and_order(kind: Scope, data: st.DataObject) -> None:
    """The clauses' example lines, any of them in any order: a variant or a match format comes back
    with every clause written where the table of clauses says, or the front end says why not."""
    scopes = (Scope.GAME, Scope.SPEC, Scope.MATCH) if kind is Scope.GAME else (Scope.FORMAT, Scope.SPEC, Scope.MATCH)
    required = [clause for clause in clauses.in_scope(kind) if clause.required]
    optional = [clause for clause in clauses.in_scope(*scopes) if clause not in required]
    chosen = required + data.draw(st.lists(st.sampled_from(optional), unique=True))
    text = "\n".join(clause.example for clause in data.draw(st.permutations(chosen))) + "\n"
    spec = front_end(text)
    event("accepted" if spec is not None else "rejected")
    if spec is None:
        return
    formatted = format_spec(spec)
    assert parse(formatted) == spec
    assert format_spec(parse(formatted)) == formatted
    for clause in chosen:
        assert clause.example + "\n" in formatted


@settings(max_examples=100)
@given(st.sampled_from(SHIPPED), st.data())
def test_every_broken_line_is_reported_at_its_own_line(path: Path, data: st.DataObject) -> None:
    """Break any clause lines of a valid spec: one diagnostic for each of them, and nothing else."""
    lines = path.read_text(encoding="utf-8").split("\n")
    written = [number for number, line in enumerate(lines) if line and not line.startswith("#")]
    broken = data.draw(st.sets(st.sampled_from(written), min_size=1, max_size=5))
    for number in broken:
        how = data.draw(st.sampled_from(["?", "key", "colon", "end"]))
        line = lines[number]
        key, value = line.split(":", 1)
        lines[number] = {"?": "?" + line, "key": key + "x:" + value, "colon": key + value, "end": line + " ,"}[how]
    try:
        parse("\n".join(lines))
    except SpecError as err:
        assert [d.pos.line for d in err.diagnostics] == sorted(number + 1 for number in broken)
    else:
        raise AssertionError("a spec with broken lines was accepted")


def _mutate(text: str, data: st.DataObject) -> str:
    """One random edit of the kinds people and disks make: delete, insert, replace, swap, cut."""
    kind = data.draw(st.sampled_from(["delete", "insert", "replace", "swap lines", "truncate", "duplicate line"]))
    lines = text.split("\n")
    if kind == "swap lines":
        i, j = data.draw(st.integers(0, len(lines) - 1)), data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if kind == "duplicate line":
        i = data.draw(st.integers(0, len(lines) - 1))
        return "\n".join(lines[: i + 1] + lines[i:])
    start = data.draw(st.integers(0, len(text)))
    if kind == "truncate":
        return text[:start]
    end = data.draw(st.integers(start, min(len(text), start + 12)))
    new = data.draw(st.one_of(
        st.text(max_size=6),
        st.sampled_from([":", "(", ")", '"', "#", "\n", "\r", "\t", "0", "99999999", " if ", " / 0", " - 100",
                         "double", "players", "not ", ",", "\x00", "\x0b", "\x0c", "\x1c", "\x85", "\xa0",
                         "\u2028", "\u3000", "\ufeff"]),
    ))
    if kind == "delete":
        return text[:start] + text[end:]
    if kind == "insert":
        return text[:start] + new + text[start:]
    return text[:start] + new + text[end:]


SHIPPED_TEXTS = [path.read_text(encoding="utf-8") for path in SHIPPED]


@settings(max_examples=400)
@given(st.sampled_from(SHIPPED_TEXTS), st.integers(1, 4), st.data())
def test_mutated_specs_never_crash(text: str, edits: int, data: st.DataObject) -> None:
    for _ in range(edits):
        text = _mutate(text, data)
    front_end(text)
