"""Reading spec text: encodings, line ends, quoted text, comments, and how messages are drawn."""

from __future__ import annotations

import pytest

from dominospec import ir
from dominospec.diagnostics import Diagnostic, SpecError
from dominospec.parser import parse
from dominospec.printer import format_spec
from dominospec.loader import read_source
from support import SPEC_WITH_FORMULA

BASE = SPEC_WITH_FORMULA.format("total if total is a positive multiple of 5")


def syntax_error(text: str) -> Diagnostic:
    with pytest.raises(SpecError) as caught:
        parse(text)
    [diagnostic] = caught.value.diagnostics
    return diagnostic


def test_crlf_and_a_byte_order_mark_read_like_plain_lines(tmp_path) -> None:
    plain = parse(BASE)
    path = tmp_path / "windows.rules"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.replace("\n", "\r\n").encode("utf-8"))
    windows = read_source(path)
    assert parse(windows) == plain
    assert format_spec(parse(windows)) == format_spec(plain)


def test_only_a_newline_ends_a_line() -> None:
    """A line separator or form feed inside quoted text does not shift the line numbers."""
    text = BASE.replace('variant: "Formula test"', 'variant: "Formula\u2028\x0ctest"').replace(
        "tiles: double six", "tiles: double seven")
    found = syntax_error(text)
    assert found.pos == ir.Pos(2, 15)
    assert found.render("x.rules", text).split("\n")[1] == "    tiles: double seven"


def test_a_hash_inside_quoted_text_starts_no_comment() -> None:
    text = BASE.replace('variant: "Formula test"', 'variant: "Table #1"  # the name has a hash')
    variant = parse(text)
    assert variant.name == "Table #1"
    assert variant.comments == {"variant:inline": ("# the name has a hash",)}
    assert format_spec(variant).startswith('variant: "Table #1"  # the name has a hash\n')


def test_comments_are_kept_with_the_clause_below_them() -> None:
    text = "# heading\n\n# about the set\n" + BASE.replace("players:", "# about players\nplayers:") + "# the end\n"
    variant = parse(text)
    assert variant.comments == {
        "variant": ("# heading", "", "# about the set"),
        "players": ("# about players",),
        ":end": ("# the end",),
    }


@pytest.mark.parametrize("bad", [b"\xe9", b"\0"], ids=["non-UTF-8 byte", "NUL byte"])
def test_a_bad_byte_is_placed_by_characters_not_bytes(tmp_path, bad: bytes) -> None:
    path = tmp_path / "bad.rules"
    path.write_bytes('tiles: double six\nvariant: "Café '.encode("utf-8") + bad + b'"\n')
    with pytest.raises(SpecError) as caught:
        read_source(path)
    assert caught.value.diagnostics[0].pos == ir.Pos(2, 16)


def test_every_clause_and_formula_node_keeps_its_position() -> None:
    variant = parse(BASE)
    assert variant.where["spinners"] == ir.Pos(6, 1)
    assert variant.where["spinners:value"] == ir.Pos(6, 11)
    assert variant.target.pos == ir.Pos(8, 18)
    cond = variant.placement_score
    assert isinstance(cond, ir.Conditional)
    assert (cond.pos, cond.cond.pos) == (ir.Pos(7, 18), ir.Pos(7, 27))


def test_a_long_line_is_cut_around_the_caret() -> None:
    text = BASE.replace("target: at least 61", "target: at least 61" + " " * 200 + "x")
    rendered = syntax_error(text).render("x.rules", text).split("\n")
    assert rendered[0] == "x.rules:8:220: error: unexpected 'x'; expected the end of the line"
    assert rendered[1].endswith("x") and rendered[1].startswith("    ...")
    assert len(rendered[1]) <= 4 + 3 + 100
    assert rendered[2].index("^") == rendered[1].index("x")


def test_a_hint_of_several_lines_stays_indented_under_its_first_line() -> None:
    rendered = Diagnostic("m", ir.Pos(1, 1), "add:\nfirst\nsecond").render("x.rules", None)
    assert rendered == "x.rules:1:1: error: m\n  hint: add:\n        first\n        second"


def test_control_characters_in_a_message_are_shown_escaped() -> None:
    rendered = Diagnostic("unknown clause 'a\x1bb'", ir.Pos(1, 1)).render("x.rules", "a\x1bb\n")
    assert "\x1b" not in rendered
    assert rendered.split("\n")[:2] == ["x.rules:1:1: error: unknown clause 'a?b'", "    a?b"]
