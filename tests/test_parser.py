"""Reading spec text: encodings, line ends, quoted text, comments, how messages are drawn, the table
of clauses, every syntax error in one run, and the parser's cache."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.language import clauses, grammar, ir
from dominospec.language.checks import MAX_PIP_LIMIT
from dominospec.language.clauses import CLAUSES, Clause, Scope
from dominospec.language.diagnostics import Diagnostic, SpecError
from dominospec.language.grammar import PHRASE_TERMINALS
from dominospec.language.loader import read_source
from dominospec.language.parser import MAX_WRONG_LINES, parse
from dominospec.language.printer import format_spec
from support import SHIPPED, SPEC_WITH_FORMULA

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
    """A line or paragraph separator inside quoted text does not shift the line numbers."""
    text = BASE.replace('variant: "Formula test"', 'variant: "Formula\u2028\u2029test"').replace(
        "tiles: double six", "tiles: double twenty")
    found = syntax_error(text)
    assert found.pos == ir.Pos(2, 15)
    assert found.render("x.rules", text).split("\n")[1] == "    tiles: double twenty"


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
    path.write_bytes('tiles: double six\nvariant: "Café '.encode() + bad + b'"\n')
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
    assert rendered[0] == ("x.rules:8:220: error: unexpected 'x'; expected 'at the end of a hand', 'with' "
                           "or the end of the line")
    assert rendered[1].endswith("x") and rendered[1].startswith("    ...")
    assert len(rendered[1]) <= 4 + 3 + 100
    assert rendered[2].index("^") == rendered[1].index("x")


def test_a_hint_of_several_lines_stays_indented_under_its_first_line() -> None:
    rendered = Diagnostic("m", ir.Pos(1, 1), "add:\nfirst\nsecond").render("x.rules", None)
    assert rendered == "x.rules:1:1: error: m\n  hint: add:\n        first\n        second"


def test_control_characters_in_a_message_are_shown_escaped() -> None:
    rendered = Diagnostic("unknown clause 'a\x1bb'", ir.Pos(1, 1)).render("x.rules", "a\x1bb\n")
    assert "\x1b" not in rendered
    assert rendered.split("\n")[:2] == ["x.rules:1:1: error: unknown clause 'a\\x1bb'", "    a\\x1bb"]


# --- the table of clauses -----------------------------------------------------------------------


def _spec_with(*lines: str, kind: Scope = Scope.GAME) -> str:
    """A spec of the required example lines of a variant (or a match format), plus `lines`."""
    scopes = [Scope.GAME] if kind is Scope.GAME else [Scope.FORMAT, Scope.MATCH]
    if any(clauses.BY_KEY[line.split(":")[0]].scope is Scope.MATCH for line in lines):
        scopes.append(Scope.MATCH)
    text = {clause.key: clause.example for clause in clauses.in_scope(*scopes) if clause.required}
    text.update((line.split(":")[0], line) for line in lines)  # in place of a required clause's example
    return "\n".join(text.values()) + "\n"


def test_every_key_and_every_rule_is_one_clause() -> None:
    assert len(clauses.BY_KEY) == len(clauses.BY_RULE) == len(CLAUSES)
    assert clauses.FORMAT_NAME.scope is Scope.FORMAT and clauses.FORMAT_NAME.required


def test_every_field_of_the_ir_is_set_by_one_clause() -> None:
    """An IR field no clause sets, or a clause naming a field that is not there, is a forgotten row."""
    owners = {ir.Variant: {Scope.GAME, Scope.SPEC}, ir.MatchRules: {Scope.MATCH},
              ir.MatchFormat: {Scope.FORMAT, Scope.SPEC}}
    structural = {"match", "where", "comments", "pos", "rules"}
    for owner, scopes in owners.items():
        fields = {f.name for f in dataclasses.fields(owner)} - structural
        ours = [clause for clause in CLAUSES if clause.scope in scopes]
        set_by = [name for clause in ours if not clause.many for name in clause.fields]
        set_by += sorted({clause.fields[0] for clause in ours if clause.many})  # several clauses, one field
        assert sorted(set_by) == sorted(fields)


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda clause: clause.key)
def test_every_example_line_is_read_as_its_clause_and_written_back_as_it_is(clause: Clause) -> None:
    kind = Scope.FORMAT if clause.scope is Scope.FORMAT else Scope.GAME
    spec = parse(_spec_with(clause.example, kind=kind))
    assert spec.where[clause.key].line == _spec_with(clause.example, kind=kind).split("\n").index(clause.example) + 1
    assert clause.example + "\n" in format_spec(spec)
    assert clause.example.startswith(clause.key + ": ")
    # Every example says something other than the default, so that printing it shows the clause works.
    assert clause.required or clause.value_in(_owner(spec, clause)) != clause.default


def _owner(spec: ir.Variant | ir.MatchFormat, clause: Clause) -> object:
    """The IR object that holds the clause's field."""
    if clause.scope is not Scope.MATCH:
        return spec
    return spec.rules if isinstance(spec, ir.MatchFormat) else spec.match


@pytest.mark.parametrize("clause", [clause for clause in CLAUSES if clause.phrase], ids=lambda clause: clause.key)
def test_a_phrase_clause_accepts_every_phrase_of_its_enum(clause: Clause) -> None:
    assert clause.phrase is not None
    terminal, choice = clause.phrase
    assert PHRASE_TERMINALS[terminal] is choice
    if clause.read is None:  # a clause whose value is the phrase itself
        for member in choice:
            spec = parse(_spec_with(f"{clause.key}: {member}"))
            assert clause.value_in(_owner(spec, clause)) is member


# --- every syntax error at once ---------------------------------------------------------------------

THREE_WRONG = BASE.replace("tiles: double six", "tiles double six").replace(
    "spinners: none", "spiners: none").replace("target: at least 61", "target: at leest 61")


def test_syntax_errors_on_three_lines_give_three_diagnostics() -> None:
    with pytest.raises(SpecError) as caught:
        parse(THREE_WRONG)
    found = [(d.pos, d.message) for d in caught.value.diagnostics]
    assert found == [
        (ir.Pos(2, 7), "a colon is missing after 'tiles'"),
        (ir.Pos(6, 1), "unknown clause 'spiners'"),
        (ir.Pos(8, 9), "unexpected 'at leest 61'; expected 'exactly', 'at least', 'none' or 'lowest total after the "
                         "last round'"),
    ]


def test_the_problems_of_the_lines_that_parse_come_with_the_syntax_errors() -> None:
    """A clause given twice is a problem whatever the broken line says; a missing clause is not,
    since the broken line may be that clause."""
    text = BASE.replace("tiles: double six", "tiles: double sx") + "players: 3\ntarget: at least 7777777\n"
    with pytest.raises(SpecError) as caught:
        parse(text)
    assert [(d.pos.line, d.message) for d in caught.value.diagnostics] == [
        (2, "unexpected 'sx'; expected a number from 'one' to 'eighteen' or a whole number"),
        (9, "'players' is given twice"),
        (10, "'target' is given twice"),
    ]


@pytest.mark.parametrize("layout", ["\n", "\r\n"], ids=["LF", "CRLF"])
@pytest.mark.parametrize("final", [True, False], ids=["final newline", "no final newline"])
def test_comments_blank_lines_and_line_ends_do_not_disturb_the_positions(layout: str, final: bool) -> None:
    lines = ["# a heading", "", *THREE_WRONG.rstrip("\n").split("\n")[:-1], "  # indented comment", "\t",
             "target: at leest 61  # the last clause"]
    text = layout.join(lines) + (layout if final else "")
    with pytest.raises(SpecError) as caught:
        parse(text)
    assert [(d.pos.line, d.pos.column) for d in caught.value.diagnostics] == [(4, 7), (8, 1), (12, 9)]
    assert parse(text.replace("leest", "least").replace("spiners", "spinners").replace("tiles double", "tiles: double"))


def test_a_missing_required_clause_is_reported_at_line_1_with_its_example() -> None:
    with pytest.raises(SpecError) as caught:
        parse(BASE.replace("spinners: none\n", ""))
    [found] = caught.value.diagnostics
    assert found.pos == ir.Pos(1, 1)
    assert found.message == "the required clause 'spinners:' is missing"
    assert found.hint == f"add it, for example:\n{clauses.BY_KEY['spinners'].example}"


def test_match_play_without_its_required_clauses_is_reported_at_line_1() -> None:
    with pytest.raises(SpecError) as caught:
        parse(BASE + "skunk line: below 31 scores 2 match points\n")
    [found] = caught.value.diagnostics
    assert found.pos == ir.Pos(1, 1)
    assert found.message == ("match play needs the required clauses 'match points for a win:', 'match target:' "
                             "are missing")


# --- the parser is built once ------------------------------------------------------------------------


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of the test's own; the parser is looked for again before and after."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    grammar.parser.cache_clear()
    yield tmp_path
    grammar.parser.cache_clear()


def _cached_files(home: Path) -> list[Path]:
    return sorted((home / "dominospec").glob("*"))


def test_the_parser_is_built_once_then_loaded(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = grammar.parser()
    assert _cached_files(cache_home) == [grammar.cache_path()]
    grammar.parser.cache_clear()

    def no_build() -> None:
        raise AssertionError("the parser was built although it was cached")
    monkeypatch.setattr(grammar, "build", no_build)
    loaded = grammar.parser()
    assert loaded is not first
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        assert loaded.parse(text) == first.parse(text)
    assert parse(BASE) == parse(BASE)


def test_a_damaged_cache_file_is_built_again_and_replaced(cache_home: Path) -> None:
    path = grammar.cache_path()
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a parser")
    assert grammar.parser().parse("spinners: none\n")
    assert path.read_bytes() != b"not a parser"
    assert _cached_files(cache_home) == [path]  # no temporary file left behind


def test_a_cache_folder_that_cannot_be_written_only_means_building(cache_home: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = cache_home / "a file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))  # the folder would have to be inside a file
    assert grammar.parser().parse("spinners: none\n")
    assert parse(BASE).name == "Formula test"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # not a cache home, says the XDG spec
    monkeypatch.setenv("HOME", str(cache_home))
    assert grammar.cache_folder() == cache_home / ".cache" / "dominospec"


def test_another_grammar_never_loads_these_tables(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, text = grammar.cache_path(), grammar.grammar_text()
    monkeypatch.setattr(grammar, "grammar_text", lambda: text + "// changed\n")
    assert grammar.cache_path() not in (None, path)


def test_reading_specs_imports_neither_jinja2_nor_hypothesis() -> None:
    code = ("import sys, dominospec.language.parser, dominospec.language.checks, dominospec.language.printer; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'jinja2', 'hypothesis'}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize(("line", "column"), [("spinners: none\r\r", 15), ("  \r\r", 3), ("spinners: none\rtiles", 15)])
def test_a_carriage_return_that_ends_no_line_is_an_error(line: str, column: int) -> None:
    found = syntax_error(BASE.replace("spinners: none\n", line + "\n"))
    assert (found.pos, found.message) == (ir.Pos(6, column), "unexpected invisible character U+000D")


def test_reading_stops_after_a_hundred_wrong_lines() -> None:
    """A file of a thousand wrong lines is most likely no spec: a hundred messages say enough."""
    with pytest.raises(SpecError) as caught:
        parse(BASE + "spiners: none\n" * 1000)
    found = caught.value.diagnostics
    assert len(found) == MAX_WRONG_LINES + 1
    assert {d.message for d in found[:-1]} == {"unknown clause 'spiners'"}
    assert found[-1].pos == ir.Pos(9 + MAX_WRONG_LINES, 1)
    assert found[-1].message == f"more than {MAX_WRONG_LINES} lines cannot be read; reading stops here"


# --- sets of player counts and the names of tile sets --------------------------------------------------

_COUNT_SETS = st.sets(st.integers(2, clauses.MAX_PLAYERS), min_size=1).map(sorted)


def _forms(counts: list[int]) -> list[str]:
    """Every way the language writes this set of counts: listed with commas, with 'or's, and as a range."""
    forms = [ir.counts_text(counts)]
    if len(counts) > 1:
        forms += [", ".join(map(str, counts[:-1])) + f" or {counts[-1]}", " or ".join(map(str, counts))]
    if counts == list(range(counts[0], counts[-1] + 1)):
        forms.append(f"{counts[0]} to {counts[-1]}")
    return forms


def _with_counts(counts: list[int], form: str) -> str:
    """BASE at a table of these counts, each clause that takes a set of counts writing it as `form`."""
    return BASE.replace("players: 2 to 4", f"players: {form}").replace(
        "deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles", f"deal: {form} players get 1 tiles").replace(
        "target: at least 61", f"target: at least 61 with {form} players")


@settings(max_examples=60, deadline=None)
@given(_COUNT_SETS, st.data())
def test_a_set_of_player_counts_is_written_one_way_wherever_a_set_is_written(counts: list[int],
                                                                           data: st.DataObject) -> None:
    """players:, deal: and target: read every form of a set alike; fmt writes it one way, and reads it back."""
    form = data.draw(st.sampled_from(_forms(counts)))
    variant = parse(_with_counts(counts, form))
    assert isinstance(variant, ir.Variant)
    assert list(variant.player_counts) == counts
    assert [rule.player_counts for rule in variant.deal] == [tuple(counts)]
    assert [rule.player_counts for rule in variant.target.by_players] == [tuple(counts)]
    written = format_spec(variant)
    assert written == format_spec(parse(_with_counts(counts, ir.counts_text(counts))))
    assert parse(written) == variant


@pytest.mark.parametrize(("counts", "text"), [
    ([4], "4"), ([3, 4], "3 or 4"), ([2, 3, 4], "2 to 4"), ([2, 8], "2 or 8"), ([2, 3, 5], "2, 3 or 5"),
    ([2, 3, 4, 6], "2, 3, 4 or 6"),
])
def test_the_canonical_form_of_a_set_is_a_range_for_a_run_of_three_or_more(counts: list[int], text: str) -> None:
    assert ir.counts_text(counts) == text


@pytest.mark.parametrize(("written", "message", "column"), [
    ("deal: 4 or 2 players get 5 tiles", "the player counts must go up, but 2 comes after 4", 7),
    ("deal: 2 to 40 players get 1 tiles", "40 players is more than the 10 supported", 7),
    ("deal: 4 to 2 players get 5 tiles", "the player range 4 to 2 is empty", 7),
    ("deal: 2, 3 or 3 players get 5 tiles", "the player counts must go up, but 3 comes after 3", 7),
])
def test_a_set_of_counts_out_of_order_or_too_large_is_refused_where_it_is_written(
        written: str, message: str, column: int) -> None:
    with pytest.raises(SpecError) as caught:
        parse(BASE.replace("deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles", written))
    assert [(d.message, d.pos.column) for d in caught.value.diagnostics] == [(message, column)]


def test_a_target_per_count_refuses_a_range_past_the_most_players_before_spelling_it_out() -> None:
    with pytest.raises(SpecError) as caught:
        parse(BASE.replace("target: at least 61", "target: at least 61 with 2 to 1000000 players"))
    assert [d.message for d in caught.value.diagnostics] == ["1000000 players is more than the 10 supported"]


@pytest.mark.parametrize("word", list(ir.PIP_WORDS))
def test_every_set_is_named_by_its_number_word_and_written_back_with_it(word: str) -> None:
    number = ir.PIP_WORDS[word]
    by_word = parse(BASE.replace("tiles: double six", f"tiles: double {word}"))
    by_digits = parse(BASE.replace("tiles: double six", f"tiles: double {number}"))
    assert isinstance(by_word, ir.Variant) and by_word.max_pip == number
    assert by_word == by_digits
    assert f"tiles: double {word}\n" in format_spec(by_digits)


def test_there_is_a_number_word_for_every_set_the_checks_allow() -> None:
    assert sorted(ir.PIP_WORDS.values()) == list(range(1, MAX_PIP_LIMIT + 1))
