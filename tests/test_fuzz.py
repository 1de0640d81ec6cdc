"""Whatever text arrives, the front end answers with a Variant or a SpecError, never a crash."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark.lexer import PatternStr

from dominospec import ir
from dominospec.grammar import PHRASE_TERMINALS, grammar_text, parser
from dominospec.parser import MAX_NUMBER
from support import SHIPPED, front_end


def _spaced(values: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    # from_lark puts ignored white space between tokens only now and then: words would run together.
    return values.map(lambda value: f" {value} ")


def _terminal_strategies() -> dict[str, st.SearchStrategy[str]]:
    grammar = parser()
    explicit = {name: st.just(" ") for name in grammar.ignore_tokens}
    explicit["COMMENT"] = st.sampled_from(["", "", "", "# a note"])
    for terminal in grammar.terminals:
        if isinstance(terminal.pattern, PatternStr):
            explicit[terminal.name] = st.just(f" {terminal.pattern.value} ")
    for name, choice in PHRASE_TERMINALS.items():
        explicit[name] = _spaced(st.sampled_from([member.value for member in choice]))
    explicit.update(
        PIP_WORD=_spaced(st.sampled_from(sorted(ir.PIP_WORDS))),
        COMPARE=_spaced(st.sampled_from(["<", "<=", ">", ">=", "==", "!="])),
        MATCH_UNIT=_spaced(st.sampled_from(["match points", "match point", "games", "game"])),
        NAME=_spaced(st.sampled_from(["total", "total", "total", "points", "t"])),
        INT=_spaced(st.one_of(st.integers(0, 70), st.integers(0, 10 * MAX_NUMBER)).map(str)),
        STRING=_spaced(st.text(st.characters(blacklist_characters='"\n\r', blacklist_categories=["Cs"]),
                               max_size=20).map(lambda text: f'"{text}"')),
        _NL=st.sampled_from(["\n", "\r\n", "\n\n"]),
    )
    return explicit


SPEC_TEXT = from_lark(parser(), explicit=_terminal_strategies())
# The grammar left to from_lark alone: tokens run together and comments swallow the rest of a line.
RAW_SPEC_TEXT = from_lark(parser())


def test_the_explicit_strategies_cover_every_terminal() -> None:
    assert set(_terminal_strategies()) >= {t.name for t in parser().terminals} | set(parser().ignore_tokens)
    assert "placement" in grammar_text()


@settings(max_examples=300)
@given(SPEC_TEXT)
def test_text_from_the_grammar_never_crashes(text: str) -> None:
    front_end(text)


@settings(max_examples=150)
@given(RAW_SPEC_TEXT)
def test_raw_text_from_the_grammar_never_crashes(text: str) -> None:
    front_end(text)


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
