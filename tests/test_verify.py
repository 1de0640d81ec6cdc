"""`dominospec verify` on the user's seed documents and the bundled ones: clean runs, injected faults,
the report contract (human golden files, JSON shape), exit codes, and bad input."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominospec.documents.document import LayoutExample, parse_document, split_lines
from dominospec.documents.language_pack import Pack, detect, shipped_packs
from dominospec.language.loader import load
from dominospec.language.textfile import DOCUMENT, read_text_file
from dominospec.targets.engines import load_engine
from dominospec.verifying.verify import Report, verify_document
from support import ROOT, SEEDS, doc_page, needs_seeds, run_cli, section

GOLDEN = ROOT / "tests" / "golden" / "verify"
FT, HR = "spec/fives_and_threes.rules", "spec/horse_race.rules"
# document, spec, layout examples, table rows
SEED_DOCUMENTS = [("000_efca2e0a7dfb4f64.txt", FT, 7, 9), ("001_6082015da32a818d.txt", FT, 7, 12),
                  ("002_a7b98e31dda0da69.txt", HR, 11, 3)]
BUNDLED = [("examples/fives_and_threes.en.md", FT, 8, 12), ("examples/horse_race.en.md", HR, 14, 11)]


def seed(name: str) -> str:
    return f"../shared/seeds/{name}"


# --- clean documents -----------------------------------------------------------------------------


@needs_seeds
@pytest.mark.parametrize("name, spec, layouts, rows", SEED_DOCUMENTS)
def test_seed_documents_verify_clean(name: str, spec: str, layouts: int, rows: int) -> None:
    result = run_cli("verify", spec, seed(name), "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads(result.stdout)
    assert report["language"] == ("fi" if name.startswith("001") else "tr")
    kinds = [e["kind"] for e in report["examples"]]
    assert kinds.count("layout") == layouts and kinds.count("table-row") == rows
    assert report["passed"] == len(kinds) and report["failed"] == 0  # and every claim its prose makes
    assert report["skipped_lines"] > 0


@pytest.mark.parametrize("path, spec, layouts, rows", BUNDLED)
def test_bundled_documents_verify_clean(path: str, spec: str, layouts: int, rows: int) -> None:
    result = run_cli("verify", spec, path, "--orders", "20")
    assert result.returncode == 0, result.stdout + result.stderr
    summary = result.stdout.splitlines()[-1]  # and the calculations their prose writes out, as claims
    found = re.match(rf"1 document: (\d+) checked \({layouts} worked examples, {rows} table rows, (\d+) claims\): "
                     rf"(\d+) passed, 0 failed;", summary)
    assert found is not None, summary
    assert int(found[1]) == int(found[3]) == layouts + rows + int(found[2])


def golden(name: str, text: str) -> str:
    """The golden file's text (UPDATE_GOLDEN=1 writes text to it first)."""
    if os.environ.get("UPDATE_GOLDEN") == "1":
        (GOLDEN / name).write_text(text, encoding="utf-8")
    return (GOLDEN / name).read_text(encoding="utf-8")


@needs_seeds
def test_human_report_golden() -> None:
    result = run_cli("verify", FT, seed("000_efca2e0a7dfb4f64.txt"), seed("001_6082015da32a818d.txt"))
    assert result.returncode == 0
    assert result.stdout == golden("seeds_fives_and_threes.txt", result.stdout)


def test_failing_report_golden() -> None:
    result = run_cli("verify", FT, "tests/data/faulty.en.md")
    assert result.returncode == 1
    assert result.stdout == golden("faulty.txt", result.stdout)
    assert result.stderr == ""


def test_json_contract() -> None:
    result = run_cli("verify", FT, "tests/data/faulty.en.md", "examples/fives_and_threes.en.md", "--json")
    assert result.returncode == 1
    reports = json.loads(result.stdout)
    assert [r["document"] for r in reports] == ["tests/data/faulty.en.md", "examples/fives_and_threes.en.md"]
    for report in reports:
        assert set(report) == {"document", "language", "examples", "passed", "failed", "not_checkable",
                               "skipped_lines", "unchecked"}
        for unchecked in report["unchecked"]:
            assert set(unchecked) == {"line", "numbers"} and isinstance(unchecked["line"], int)
            assert unchecked["numbers"] and all(isinstance(n, str) and n for n in unchecked["numbers"])
        assert report["language"] == "en"
        assert report["passed"] + report["failed"] + report["not_checkable"] == len(report["examples"])
        for example in report["examples"]:
            claim, cannot = example["kind"] == "claim", example["status"] == "not checkable"
            assert set(example) == ({"line", "kind", "status", "failures"} | ({"key", "text"} if claim else set())
                                    | ({"reason"} if cannot else set()))
            assert example["kind"] in ("layout", "table-row", "claim")
            assert example["status"] in ("pass", "fail", "not checkable")
            assert (example["status"] == "fail") == bool(example["failures"])
            for failure in example["failures"]:
                assert set(failure) == {"field", "expected", "found", "line"}
                assert isinstance(failure["line"], int) and failure["line"] >= example["line"]
                assert all(isinstance(failure[k], str) and failure[k] for k in ("field", "expected", "found"))
    faulty = {e["line"]: e for e in reports[0]["examples"]}
    assert faulty[5]["failures"] == [{"field": "tiles per player", "expected": "5", "found": "6", "line": 5}]
    assert reports[1]["failed"] == 0


# --- numbers the verifier cannot read ------------------------------------------------------------

CLUB = "tests/data/club_own_words.en.md"  # prose in a club's own words, with a few lines the pack reads
# Its wrong rules, in words no template of the pack reads: the target (62, the spec's exactly 61), the
# going-out bonus (2, the spec's 1) and the divisor (4, the spec's 3 and 5).
CLUB_WRONG = {5: "62", 6: "2", 7: "4"}


def test_a_document_with_its_own_wording_reports_each_unread_number() -> None:
    result = run_cli("verify", FT, CLUB)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == golden("club_own_words.txt", result.stdout)
    for line, number in CLUB_WRONG.items():
        [warning] = [w for w in result.stdout.splitlines() if w.startswith(f"{CLUB}:{line}:")]
        assert re.fullmatch(rf"{CLUB}:{line}:\d+: warning: \d+ numbers? not checked: (.*, )?{number}(, .*)?", warning)


def test_the_documents_pages_example_of_an_unread_line_is_the_reports() -> None:
    example = re.search(r"```\n(.*?)```", section(doc_page("documents.md"), "## Numbers nothing checks"), re.S)
    assert example is not None and example[1] in (GOLDEN / "club_own_words.txt").read_text(encoding="utf-8")


def test_strict_fails_a_document_on_any_unread_number(tmp_path: Path) -> None:
    result = run_cli("verify", FT, CLUB, "--strict")
    assert (result.returncode, result.stderr) == (1, "")
    for line in CLUB_WRONG:
        assert any(w.startswith(f"{CLUB}:{line}:") and ": error: " in w for w in result.stdout.splitlines())
    assert "warning" not in result.stdout and result.stdout.rstrip().endswith("(failures under --strict)")
    assert run_cli("verify", FT, "--strict", "--json", CLUB).returncode == 1
    read = tmp_path / "read.en.md"  # every number read: --strict passes it
    read.write_text("# Dealing\n\n| Players | Tiles per player |\n|---|---|\n| 2 | 7 |\n", encoding="utf-8")
    assert run_cli("verify", FT, "--strict", str(read)).returncode == 0


def test_json_lists_the_unread_numbers_of_each_document() -> None:
    result = run_cli("verify", FT, CLUB, "--json")
    assert result.returncode == 0
    assert result.stdout == golden("club_own_words.json", result.stdout)
    [report] = json.loads(result.stdout)
    unchecked = {item["line"]: item["numbers"] for item in report["unchecked"]}
    assert all(number in unchecked[line] for line, number in CLUB_WRONG.items())
    # what the verifier checked is not listed: line 3's target sentence (61), line 9's arithmetic, the deal table
    assert unchecked[3] == ["two", "four"] and unchecked[9] == ["8"] and 13 not in unchecked


def _unchecked(text: str, lang: str = "en") -> dict[int, tuple[str, ...]]:
    document = parse_document(split_lines(text), _packs[lang], "doc.md", _packs.values())
    return {item.line: item.numbers for item in document.unchecked}


PROSE_WORDS = ["the", "club", "plays", "with", "tiles", "points", "a", "hand", "wins", "at", "Crown"]
NUMBERS = ["7", "61", "2.5", "1,5", "[1|4]", "two", "Four", "SECOND", "1000000000000"]


@given(st.lists(st.sampled_from(PROSE_WORDS + NUMBERS), min_size=1, max_size=30))
def test_every_number_of_a_line_no_statement_reads_is_reported_in_order(words: list[str]) -> None:
    numbers = tuple(word for word in words if word in NUMBERS)
    assert _unchecked(" ".join(words) + "\n") == ({1: numbers} if numbers else {})


def test_a_statement_that_a_line_break_cuts_leaves_only_the_numbers_outside_it() -> None:
    text = "Here the rule is: reach exactly\n61 game points, or 7 at the Crown.\n\nA list item:\n\n1. Deal 5 tiles.\n"
    assert _unchecked(text) == {2: ("7",), 6: ("5",)}  # the list item's numbering is not a number it states


def test_a_pictures_caption_and_a_links_address_are_no_numbers_the_text_states() -> None:
    text = "![A double [6|6] at an end counts 12](book.double_end.svg)\n\nSee [rule 5](https://example.org/2019/7).\n"
    assert _unchecked(text) == {3: ("5",)}


@pytest.mark.parametrize("escape", ["\x1b[38;5;196m", "\x1b[2K", "\x1b]0;61 points\x07", "\x1b]8;;http://x/7\x1b\\",
                                    "\x9b31m", "\x1b(0"])
def test_a_terminals_escape_sequence_states_no_number(escape: str) -> None:
    assert _unchecked(f"We play{escape} to 62.\n") == {1: ("62",)}


def test_an_escape_sequence_left_open_hides_no_number() -> None:
    assert _unchecked("We play\x1b]0;to 61 points.\n") == {1: ("0", "61")}
    assert _unchecked("We play\x1b[ 61 points.\n") == {1: ("61",)}


def test_a_packs_number_words_are_numbers_in_any_case() -> None:
    assert _unchecked("Oyunu İKİ kişi oynar; ikişer taş dağıtılır, üçlüklerden puan alınır.\n", "tr") == {
        1: ("İKİ", "ikişer", "üçlüklerden")}


def test_an_html_pages_unread_numbers_stand_at_its_lines(tmp_path: Path) -> None:
    page = tmp_path / "club.html"
    page.write_text("<!DOCTYPE html><html><body><p>We play to 62.</p><p>Going out pays\n2 points.</p>"
                    "<table><tr><th>Players</th><th>Tiles per player</th></tr><tr><td>2</td><td>7</td></tr></table>"
                    "</body></html>\n", encoding="utf-8")
    [report] = json.loads(run_cli("verify", FT, str(page), "--json").stdout)
    assert report["unchecked"] == [{"line": 1, "numbers": ["62"]}, {"line": 2, "numbers": ["2"]}]
    assert [(e["line"], e["status"]) for e in report["examples"]] == [(2, "pass")]


# --- injected faults -----------------------------------------------------------------------------

_packs = shipped_packs()
_specs = {spec: load(ROOT / spec) for spec in (FT, HR)}
_engines = {spec: load_engine(_specs[spec], ROOT / spec) for spec in (FT, HR)}


class Seed:
    """A seed document's lines, its pack, and the detail line of each layout example."""

    def __init__(self, name: str, spec: str):
        self.spec = spec
        self.lines = split_lines(read_text_file(SEEDS / name, DOCUMENT))
        pack = detect(self.lines, _packs)
        assert pack is not None
        self.pack: Pack = pack
        document = parse_document(self.lines, pack, name)
        self.layouts = [e for e in document.examples if e.kind == "layout"]
        self.total = len(document.examples)

    def detail_index(self, line: int) -> int:
        index = line  # the line after the placed-tile line, 0-based
        while not self.pack.detail_match(self.lines[index]):
            index += 1
        return index

    def verify(self, lines: list[str]) -> Report:
        return verify_document(parse_document(lines, self.pack, "doc"), _engines[self.spec], spec=_specs[self.spec])


Edit = Callable[[str], str]


def _bump_last_number(text: str) -> str:
    return re.sub(r"(\d+)(?=\D*$)", lambda m: str(int(m[1]) + 1), text, count=1)


def _fault(seed: Seed, kind: str, example_line: int) -> list[str] | None:
    """The document with one fault in the example at example_line; None where the example cannot have it."""
    lines = list(seed.lines)
    pack = seed.pack
    index = seed.detail_index(example_line)
    match = pack.detail_match(lines[index])
    assert match is not None
    groups = match.groupdict()

    def edit(group: str, change: Edit) -> list[str] | None:
        if groups.get(group) is None:
            return None
        start, end = match.span(group)
        new = change(lines[index][start:end])
        lines[index] = lines[index][:start] + new + lines[index][end:]
        return lines

    continuations = groups["continuations__items"].split(";")
    tiles = [t.strip() for t in groups["tiles__items"].split(",")]
    if kind == "wrong point total":
        return edit("points__points" if groups["points__points"] else "points__raw", lambda t: str(int(t) + 1))
    if kind == "wrong sum":
        return edit("sum__total", lambda t: str(int(t) + 1))
    if kind == "wrong counted value":
        return edit("counted__items", _bump_last_number)
    if kind == "missing continuation point":
        return edit("continuations__items", lambda t: ";".join(continuations[:-1])) if len(continuations) > 1 else None
    if kind == "extra continuation point":
        extra = pack.render("continuation", tile="[6|6]", port=pack.port_name("lineB"), value=6)
        return None if "[6|6]" in tiles else edit("continuations__items", lambda t: f"{t}; {extra}")
    if kind == "missing spinner":
        spinners = groups["spinners__items"].split(",")
        return None if groups["spinners__items"] == pack.none else \
            edit("spinners__items", lambda t: ",".join(spinners[1:]).strip() or pack.none)
    if kind == "extra spinner":
        return None if groups["spinners__items"] != pack.none or not any(t[1] == t[3] for t in tiles) else \
            edit("spinners__items", lambda t: next(t for t in tiles if t[1] == t[3]))
    if kind == "connection between unequal pips":
        low, high = pack.port_name("low"), pack.port_name("high")
        swapped = {low: high, high: low}
        return edit("connections__items", lambda t: re.sub(f"{re.escape(low)}|{re.escape(high)}",
                                                          lambda m: swapped[m[0]], t, count=1)) \
            if re.search(f"{re.escape(low)}|{re.escape(high)}", groups["connections__items"]) else None
    if kind == "placed tile that is not a leaf":
        inner = [t for t in tiles if groups["connections__items"].count(t) >= 2]
        if not inner:
            return None
        placed = example_line - 1
        lines[placed] = re.sub(r"\[\d\|\d\]", inner[0], lines[placed])
        return lines
    if kind == "displayed value that is not raw / 5":
        return edit("points__displayed", lambda t: str(int(t) + 1))
    raise AssertionError(kind)


# fault kind -> the field that must report it
FAULTS = {
    "wrong point total": ("points", "raw points"),
    "wrong sum": ("sum",),
    "wrong counted value": ("counted contributions",),
    "missing continuation point": ("continuation points",),
    "extra continuation point": ("continuation points",),
    "missing spinner": ("spinners",),
    "extra spinner": ("spinners",),
    "connection between unequal pips": ("connections",),
    "placed tile that is not a leaf": ("placed tile",),
    "displayed value that is not raw / 5": ("displayed points",),
}
# Faults a variant cannot have, so its documents get no such case:
NOT_APPLICABLE = {
    ("missing spinner", FT),  # no double is a spinner in Fives and Threes: nothing to leave out
    ("extra spinner", HR),  # every double is a spinner in Horse Race: none can be added
    ("displayed value that is not raw / 5", FT),  # Fives and Threes documents give plain points
}


def _cases() -> list[object]:
    return [pytest.param(name, spec, kind, number, id=f"{name[:3]}-{kind}")
            for name, spec, _, _ in SEED_DOCUMENTS
            for number, kind in enumerate(FAULTS) if (kind, spec) not in NOT_APPLICABLE]


@needs_seeds
@pytest.mark.parametrize("name, spec, kind, number", _cases())
def test_a_single_fault_fails_exactly_its_example(name: str, spec: str, kind: str, number: int) -> None:
    document = Seed(name, spec)
    candidates = [(e.line, lines) for e in document.layouts
                  if (lines := _fault(Seed(name, spec), kind, e.line)) is not None]
    assert candidates, f"no example of {name} can take the fault {kind!r}"
    line, lines = candidates[number % len(candidates)]  # spread the faults over the examples
    report = document.verify(lines)
    failed = [o for o in report.outcomes if not o.passed]
    assert [o.line for o in failed] == [line], [(o.line, o.failures) for o in failed]
    assert {f.field for f in failed[0].failures} & set(FAULTS[kind]), failed[0].failures
    assert report.passed == document.total - 1


def _shortened(pack: Pack, line: str, keep_spinners: bool) -> str:
    """A detail line without the caption's sum and points, and without its spinners when keep_spinners is
    false: the forms `dominospec example` writes."""
    line = line[line.index(pack.field_label(pack.after_caption[0])):]
    if keep_spinners:
        return line
    return re.sub(re.escape(pack.field_label("spinners")) + r"[^.]*\.\s*", "", line, count=1)


@needs_seeds
@pytest.mark.parametrize("name, spec, layouts, rows", SEED_DOCUMENTS)
def test_a_detail_line_may_leave_the_caption_and_absent_spinners_unsaid(name: str, spec: str, layouts: int,
                                                                         rows: int) -> None:
    """Every block of the user's documents, its detail line shortened, verifies as before; a spinner left
    unsaid is a spinner the document says is not there, so the block fails at its spinners."""
    document = Seed(name, spec)
    spinner_says_none = document.pack.render("spinners", items=document.pack.none)
    for example in document.layouts:
        index = document.detail_index(example.line)
        full = document.lines[index]
        for keep_spinners in (True, False):
            lines = list(document.lines)
            lines[index] = _shortened(document.pack, full, keep_spinners)
            report = document.verify(lines)
            failed = [o for o in report.outcomes if not o.passed]
            if keep_spinners or spinner_says_none in full:
                assert not failed, (lines[index], [o.failures for o in failed])
            else:
                assert [o.line for o in failed] == [example.line]
                assert {f.field for f in failed[0].failures} == {"spinners"}, failed[0].failures


@needs_seeds
def test_a_fault_through_the_command_line(tmp_path: Path) -> None:
    document = Seed("002_a7b98e31dda0da69.txt", HR)
    lines = _fault(document, "displayed value that is not raw / 5", 41)
    assert lines is not None
    path = tmp_path / "horse_race.tr.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_cli("verify", HR, str(path))
    assert result.returncode == 1
    detail = document.detail_index(41) + 1  # the fault is on the detail line, and is reported there
    assert f"{path}:{detail}: FAIL: displayed points: expected 2, document says 3" in result.stdout.splitlines()
    assert result.stdout.count("FAIL") == 1
    assert re.match(r"1 document: \d+ checked \(11 worked examples, 3 table rows(, \d+ claims)?\): \d+ passed, "
                    r"1 failed;", result.stdout.splitlines()[-1])


# --- languages -----------------------------------------------------------------------------------


def test_language_can_be_forced_and_blocks_of_other_languages_are_still_checked() -> None:
    result = run_cli("verify", "--json", FT, "examples/fives_and_threes.en.md", "--lang", "tr")
    assert (result.returncode, result.stderr) == (0, "")
    [report] = json.loads(result.stdout)
    assert report["language"] == "tr"
    # the English blocks and tables, read in English, and the calculations of its prose
    assert [e["kind"] for e in report["examples"]].count("claim") == len(report["examples"]) - 20 == 3


def test_a_new_language_is_a_pack_file() -> None:
    result = run_cli("verify", HR, "tests/data/horse_race.de.md", "--lang-pack", "tests/data/de.json", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads(result.stdout)
    assert report["language"] == "de" and report["passed"] == 4 and report["failed"] == 0
    without = run_cli("verify", HR, "tests/data/horse_race.de.md")
    assert without.returncode == 2
    assert "cannot tell the language" in without.stderr and "--lang" in without.stderr


def test_unknown_language() -> None:
    result = run_cli("verify", FT, "examples/fives_and_threes.en.md", "--lang", "xx")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("dominospec: error: unknown language 'xx' (known: en, fi, tr, uz); "
                             "a pack for another language can be given with --lang-pack FILE\n")


@pytest.mark.parametrize("text, message", [
    ('{"language": "de",\n  "name": "Deutsch",,\n}', "bad.json:2:21: error: malformed JSON: Expecting property name"),
    ('[1, 2]', "bad.json:1:1: error: the pack: expected an object"),
    ('{"language": "de"}', "bad.json:1:1: error: the pack: 'name' is missing"),
])
def test_bad_pack(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "bad.json").write_text(text, encoding="utf-8")
    result = run_cli("verify", FT, "examples/fives_and_threes.en.md", "--lang-pack", str(tmp_path / "bad.json"))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith(f"{tmp_path}/{message}"), result.stderr
    assert "Traceback" not in result.stderr


# --- bad input and exit codes --------------------------------------------------------------------


@pytest.mark.parametrize("content, code, message", [
    (None, 2, ": error: cannot read: No such file or directory"),
    (b"Placed [1|4]\n\xff\xfe\n", 1, ":2:1: error: the file is not UTF-8 text (byte 0xff)\n"
                                     "  hint: save the rule document as UTF-8 plain text"),
    (b"text\n\x00binary", 1, ":2:1: error: the file holds binary data (a NUL byte)\n"
                             "  hint: a rule document is plain UTF-8 text"),
])
def test_unreadable_document(tmp_path: Path, content: bytes | None, code: int, message: str) -> None:
    path = tmp_path / "doc.md"
    if content is not None:
        path.write_bytes(content)
    result = run_cli("verify", FT, str(path), "examples/fives_and_threes.en.md")
    assert result.returncode == code
    assert result.stderr == f"{path}{message}\n"
    assert "examples/fives_and_threes.en.md:23: ok" in result.stdout  # the readable one is still checked


def test_a_directory_is_unreadable(tmp_path: Path) -> None:
    result = run_cli("verify", FT, str(tmp_path))
    assert result.returncode == 2 and "cannot read" in result.stderr and "Traceback" not in result.stderr


def test_usage_errors() -> None:
    assert run_cli("verify", FT).returncode == 2
    missing_spec = run_cli("verify", "spec/none.rules", "examples/fives_and_threes.en.md")
    assert missing_spec.returncode == 2
    assert missing_spec.stderr == "spec/none.rules: error: cannot read: No such file or directory\n"


def test_an_invalid_spec_is_wrong_input(tmp_path: Path) -> None:
    (tmp_path / "broken.rules").write_text('variant: "x"\n', encoding="utf-8")
    result = run_cli("verify", str(tmp_path / "broken.rules"), "examples/fives_and_threes.en.md")
    assert result.returncode == 1 and "error:" in result.stderr and result.stdout == ""


# The command line as an installation without the `orders` extra sees it: Hypothesis cannot be imported.
WITHOUT_HYPOTHESIS = ("import sys; sys.modules['hypothesis'] = None; sys.argv[0] = 'dominospec'; "
                      "from dominospec.cli import main; sys.exit(main())")
NEEDS_HYPOTHESIS = ("dominospec: error: build orders (--orders) need Hypothesis, which is not installed\n"
                    "  hint: install the extra that has it: pip install 'dominospec[orders]'\n")


def _without_hypothesis(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", WITHOUT_HYPOTHESIS, *args], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", timeout=60)


def test_orders_without_hypothesis_name_the_extra_that_brings_it() -> None:
    done = _without_hypothesis("verify", "--orders", "5", "spec/fives_and_threes.rules",
                               "examples/fives_and_threes.en.md")
    assert (done.returncode, done.stderr) == (2, NEEDS_HYPOTHESIS)


def test_verify_without_orders_needs_no_hypothesis() -> None:
    done = _without_hypothesis("verify", "spec/fives_and_threes.rules", "examples/fives_and_threes.en.md")
    assert (done.returncode, done.stderr) == (0, "")
    assert "36 passed, 0 failed" in done.stdout


# --- documents in more than one language ---------------------------------------------------------

_PACKS = shipped_packs()
_FIVES = load_engine(load(ROOT / FT), ROOT / FT)


def _block(pack: Pack, *steps: str) -> list[str]:
    from dominospec.documents.example_writer import example_block, layout_from_steps
    return example_block(_FIVES, layout_from_steps(_FIVES, list(steps)), pack)


@pytest.mark.parametrize("main, other", [(a, b) for a in sorted(_PACKS) for b in sorted(_PACKS) if a != b])
def test_a_block_in_a_second_language_is_checked_in_its_own_words(main: str, other: str) -> None:
    two, three = ("[1|4]", "[1|1]:[1|4]:low"), ("[1|4]", "[1|1]:[1|4]:low", "[4|4]:[1|4]:high")
    right = _block(_PACKS[main], *two) + [""] + _block(_PACKS[main], *three) + [""]
    wrong = _block(_PACKS[other], *three)
    wrong[1] = _block(_PACKS[other], *two)[1]  # the caption of another layout: its sum is wrong
    lines = ["Prose."] + right + wrong
    document = parse_document(lines, detect(lines, _PACKS) or _PACKS[main], "doc", _PACKS.values())
    assert document.pack.code == main  # two blocks against one
    report = verify_document(document, _FIVES)
    assert [(o.line, o.passed) for o in report.outcomes] == [(2, True), (6, True), (len(right) + 2, False)]
    assert {f.field for f in report.outcomes[-1].failures} >= {"caption sum"}


# --- the wider family's layouts and formulas --------------------------------------------------------

SNIFF = "examples/family/sniff.rules"
SNIFF_STEPS = ["[4|4]", "[4|6]:[4|4]:lineA", "[1|4]:[4|4]:lineB", "[2|4]:[4|4]:branchA"]


def example_lines(spec: str, *steps: str) -> str:
    result = run_cli("example", spec, *steps, "--markdown")
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_sniff_example_is_checked_with_the_sniffs_counted_ends(tmp_path: Path) -> None:
    """FAMILY.md Sniff: after [2|4] on branch A the Sniff counts 4 (one open branch): 6 + 1 + 2 + 4 = 13."""
    block = example_lines(SNIFF, *SNIFF_STEPS)
    assert "Counted contributions: 1 + 2 + 4 + 6 = 13." in block
    good, bad = tmp_path / "good.en.md", tmp_path / "bad.en.md"
    good.write_text("# Sniff\n\n" + block, encoding="utf-8")
    # The common ground's reading would count the covered double nothing: 6 + 1 + 2 = 9.
    bad.write_text("# Sniff\n\n" + block.replace("1 + 2 + 4 + 6 = 13", "1 + 2 + 6 = 9").replace("[4|4]: 4; ", ""),
                   encoding="utf-8")
    assert run_cli("verify", SNIFF, str(good)).returncode == 0
    result = run_cli("verify", SNIFF, str(bad))
    assert result.returncode == 1
    assert "counted contributions: expected [1|4]: 1; [2|4]: 2; [4|4]: 4; [4|6]: 6" in result.stdout


def bergen_spec(tmp_path: Path, formula: str, name: str = "bergen") -> str:
    text = (ROOT / FT).read_text(encoding="utf-8").replace("target: exactly 61", "target: at least 15")
    lines = [f"placement score: {formula}" if line.startswith("placement score:") else line
             for line in text.splitlines()]
    path = tmp_path / f"{name}.rules"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


BERGEN_STEPS = ["[6|6]", "[2|6]:[6|6]:lineA", "[4|6]:[6|6]:lineB", "[2|4]:[4|6]:low", "[2|2]:[2|6]:low"]


def test_a_header_example_is_checked_with_the_layouts_names(tmp_path: Path) -> None:
    """Headers over the layout alone (no score): [2|2] on a 2 beside a 2 is a triple header, 3."""
    spec = bergen_spec(tmp_path, "(3 if double_end == 1 else 2) if ends_alike == 1")
    block = example_lines(spec, *BERGEN_STEPS)
    assert "Placement score: 3 points." in block
    document = tmp_path / "headers.en.md"
    document.write_text("# Headers\n\n" + block.replace("score: 3 points", "score: 2 points"), encoding="utf-8")
    result = run_cli("verify", spec, str(document))
    assert result.returncode == 1
    assert "points: expected 3, document says 2" in result.stdout


def test_points_that_need_the_movers_score_are_reported_as_not_checkable(tmp_path: Path) -> None:
    capped = bergen_spec(tmp_path, "(1 if target - score <= 2 else 2) if ends_alike == 1")
    refused = run_cli("example", capped, *BERGEN_STEPS)
    assert refused.returncode == 1 and "cannot be written" in refused.stderr and "score" in refused.stderr
    plain = bergen_spec(tmp_path, "2 if ends_alike == 1", "plain")
    document = tmp_path / "capped.en.md"
    document.write_text("# Headers\n\n" + example_lines(plain, *BERGEN_STEPS), encoding="utf-8")
    result = run_cli("verify", capped, str(document))
    assert result.returncode == 1
    assert "points: expected not checkable (this variant's placement score also uses the mover's score" in result.stdout


# --- chicken feet ---------------------------------------------------------------------------------------

CHICKEN_FOOT = "examples/family/chicken_foot.rules"
# The engine [9|9] is the spinner, its four sides covered; [5|5] is a chicken foot with its three toes covered, and
# [3|3] one with toe A covered, by the placed tile, and toes B and C open: the only legal continuations.
FEET_STEPS = ["[9|9]", "[5|9]:[9|9]:lineA", "[3|9]:[9|9]:lineB", "[1|9]:[9|9]:branchA", "[2|9]:[9|9]:branchB",
              "[5|5]:[5|9]:low", "[0|5]:[5|5]:toeA", "[2|5]:[5|5]:toeB", "[4|5]:[5|5]:toeC",
              "[3|3]:[3|9]:low", "[3|6]:[3|3]:toeA"]
DETAIL_LINE = 7  # a block written with --markdown after a heading and a blank line: its detail line


@pytest.mark.parametrize("language", sorted(_PACKS))
def test_a_chicken_foot_layout_is_written_and_verified_in_every_pack(tmp_path: Path, language: str) -> None:
    pack = _PACKS[language]
    written = run_cli("example", CHICKEN_FOOT, *FEET_STEPS, "--lang", language, "--markdown")
    assert written.returncode == 0, written.stderr
    document = parse_document(written.stdout.splitlines(), pack, "feet")
    [example] = document.examples
    assert isinstance(example, LayoutExample) and example.detail is not None and not example.problems
    assert example.detail.spinners == ("[9|9]",)
    assert [(c.tile, c.port, c.value) for c in example.detail.continuations] == [("[3|3]", "toeB", 3),
                                                                                 ("[3|3]", "toeC", 3)]
    toes = {(c.tile, c.port) for c in example.detail.connections if c.port.startswith("toe")}
    assert toes == {("[5|5]", "toeA"), ("[5|5]", "toeB"), ("[5|5]", "toeC"), ("[3|3]", "toeA")}
    for toe in ("toeA", "toeB", "toeC"):
        assert f"({pack.port_name(toe)}" in written.stdout  # in the pack's words
    path = tmp_path / f"feet.{language}.md"
    path.write_text(f"# Chicken Foot\n\n{written.stdout}", encoding="utf-8")
    result = run_cli("verify", CHICKEN_FOOT, str(path), "--orders", "20")
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{path}:3: ok" in result.stdout


def _feet_block() -> str:
    return example_lines(CHICKEN_FOOT, *FEET_STEPS)


def _placed_elsewhere(block: str, tile: str, link: str) -> str:
    """The block with tile placed last by the connection link, after [3|6] on [3|3]'s toe A."""
    return (block.replace("Placed [3|6]", f"Placed {tile}").replace("[3|3], [3|6].", f"[3|3], [3|6], {tile}.")
            .replace("[3|3] (toe A) – [3|6] (low end).", f"[3|3] (toe A) – [3|6] (low end); {link}."))


WRONG_FEET = {
    "a toe of the spinner": (
        lambda block: block.replace("[9|9] (branch B) – [2|9]", "[9|9] (toe A) – [2|9]"),
        "connections: expected a port of [9|9], the spinner (line A or line B or branch A or branch B), "
        "document says [9|9] (toe A)"),
    "a line B of a chicken foot": (
        lambda block: block.replace("[5|5] (toe C) – [4|5]", "[5|5] (line B) – [4|5]"),
        "connections: expected a port of [5|5], a chicken foot (line A or toe A or toe B or toe C), "
        "document says [5|5] (line B)"),
    "another end while a toe is open": (
        lambda block: _placed_elsewhere(block, "[0|1]", "[1|9] (low end) – [0|1] (high end)"),
        "chicken feet: expected [3|3] toe B and toe C covered before any other end takes a tile (while a chicken "
        "foot's toe is open only its toes take tiles), document says [1|9] (low end) – [0|1] (high end)"),
    "a tile beyond a toe while one is open": (
        lambda block: _placed_elsewhere(block, "[6|8]", "[3|6] (high end) – [6|8] (low end)"),
        "chicken feet: expected [3|3] toe B and toe C covered before any other end takes a tile (while a chicken "
        "foot's toe is open only its toes take tiles), document says [3|6] (high end) – [6|8] (low end)"),
    "no spinner named": (
        lambda block: block.replace("Spinners: [9|9]. ", ""),
        "spinners: expected one of [9|9], [5|5], [3|3] (the first double placed is the spinner, every later double "
        "a chicken foot), document says none"),
}


@pytest.mark.parametrize("case", sorted(WRONG_FEET))
def test_a_wrong_chicken_foot_is_reported_at_its_line(tmp_path: Path, case: str) -> None:
    wrong, message = WRONG_FEET[case]
    assert_reported_at_detail_line(tmp_path, CHICKEN_FOOT, "Chicken Foot", _feet_block(), wrong, message)


def assert_reported_at_detail_line(tmp_path: Path, spec: str, title: str, block: str, wrong: Edit,
                                   message: str) -> None:
    """The worked example made wrong, verified in a document of its own: one failure, at its detail line."""
    changed = wrong(block)
    assert changed != block
    path = tmp_path / "wrong.en.md"
    path.write_text(f"# {title}\n\n{changed}", encoding="utf-8")
    result = run_cli("verify", spec, str(path))
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{path}:{DETAIL_LINE}: FAIL: {message}\n" in result.stdout


def test_a_toe_of_a_double_in_a_variant_without_chicken_feet_is_no_port(tmp_path: Path) -> None:
    block = example_lines(FT, "[1|4]", "[1|1]:[1|4]:low", "[1|2]:[1|1]:lineB")
    path = tmp_path / "toe.en.md"
    path.write_text("# Fives and Threes\n\n" + block.replace("[1|1] (line B)", "[1|1] (toe A)"), encoding="utf-8")
    result = run_cli("verify", FT, str(path))
    assert result.returncode == 1
    assert (f"{path}:{DETAIL_LINE}: FAIL: connections: expected a port of [1|1] (line A or line B or branch A or "
            "branch B), document says [1|1] (toe A)\n") in result.stdout


# --- trains ---------------------------------------------------------------------------------------------

MEXICAN_TRAIN, PRIVATE_TRAINS = "examples/family/mexican_train.rules", "examples/family/private_trains.rules"
# Four seats (train 3 the highest train named): train 0 runs [5|12], the double [5|5] satisfied by [5|7], and [7|9];
# the public train [3|12], [3|8]; train 2 [10|12]; train 3 [4|12] and the double [4|4], placed last and unsatisfied,
# its line B the only continuation; train 1 is empty.
TRAINS_STEPS = ["[12|12]", "[5|12]:[12|12]:train0", "[5|5]:[5|12]:low", "[5|7]:[5|5]:lineB", "[7|9]:[5|7]:high",
                "[3|12]:[12|12]:public", "[3|8]:[3|12]:low", "[10|12]:[12|12]:train2", "[4|12]:[12|12]:train3",
                "[4|4]:[4|12]:low"]
# The same with [4|4] satisfied by the placed tile: every end is open again, train 1's port among them.
TRAINS_ENDINGS = {"unsatisfied": TRAINS_STEPS, "satisfied": [*TRAINS_STEPS, "[4|6]:[4|4]:lineB"]}
TRAINS_CONTINUATIONS = {"unsatisfied": [("[4|4]", "lineB", 4)],
                        "satisfied": [("[3|8]", "high", 8), ("[4|6]", "high", 6), ("[7|9]", "high", 9),
                                      ("[10|12]", "low", 10), ("[12|12]", "train1", 12)]}


@pytest.mark.parametrize("ending", sorted(TRAINS_ENDINGS))
@pytest.mark.parametrize("language", sorted(_PACKS))
def test_a_mexican_train_layout_is_written_and_verified_in_every_pack(tmp_path: Path, language: str,
                                                                      ending: str) -> None:
    pack = _PACKS[language]
    written = run_cli("example", MEXICAN_TRAIN, *TRAINS_ENDINGS[ending], "--lang", language, "--markdown")
    assert written.returncode == 0, written.stderr
    document = parse_document(written.stdout.splitlines(), pack, "trains")
    [example] = document.examples
    assert isinstance(example, LayoutExample) and example.detail is not None and not example.problems
    detail = example.detail
    assert detail.spinners == () and detail.counted == ()  # trains count nothing
    assert [(c.tile, c.port, c.value) for c in detail.continuations] == TRAINS_CONTINUATIONS[ending]
    hub = {c.port for c in detail.connections if c.tile == "[12|12]"}
    assert hub == {"train0", "public", "train2", "train3"}
    for port in ("train0", "public", "train2", "train3", "lineA", "lineB"):
        assert f"({pack.port_name(port)})" in written.stdout  # in the pack's words
    path = tmp_path / f"trains.{language}.md"
    path.write_text(f"# Mexican Train\n\n{written.stdout}", encoding="utf-8")
    for orders in ((), ("--orders", "20")):
        result = run_cli("verify", MEXICAN_TRAIN, str(path), *orders)
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"{path}:3: ok" in result.stdout


def _trains_block() -> str:
    return example_lines(MEXICAN_TRAIN, *TRAINS_STEPS)


def _placed_on_train_1(block: str) -> str:
    """The block with [6|12] placed last on train 1, after the unsatisfied [4|4]."""
    return (block.replace("Placed [4|4]", "Placed [6|12]").replace("[4|4]. Connections", "[4|4], [6|12]. Connections")
            .replace("[4|4] (line A).", "[4|4] (line A); [12|12] (train 1) – [6|12] (high end)."))


WRONG_TRAINS = {
    "a tile on a train port by the wrong half": (
        lambda block: block.replace("[12|12] (train 0) – [5|12] (high end); [5|12] (low end)",
                                    "[12|12] (train 0) – [5|12] (low end); [5|12] (high end)"),
        "connections: expected equal pips at [12|12] (train 0) – [5|12] (low end) (a tile on a train port joins by "
        "its half showing the engine's 12: [5|12] (high end)), document says 12 – 5"),
    "a second open end: a branch of a double in a train": (
        lambda block: block.replace("[5|5] (line B) – [5|7]", "[5|5] (branch A) – [5|7]"),
        "connections: expected a port of [5|5], a double in a train (line A or line B; a train has one open end: no "
        "double in it branches), document says [5|5] (branch A)"),
    "a double joining its train by line B": (
        lambda block: block.replace("[5|12] (low end) – [5|5] (line A); [5|5] (line B)",
                                    "[5|12] (low end) – [5|5] (line B); [5|5] (line A)"),
        "connections: expected [5|5] joined by line A (a double in a train joins it by line A; its line B is the "
        "train's open end), document says [5|5] joined by line B"),
    "a tile on another train while a double is unsatisfied": (
        _placed_on_train_1,
        "doubles in trains: expected [4|4] line B covered before any other end takes a tile (a double in a train is "
        "satisfied before any other play: only the placed tile may be a double left open), document says [12|12] "
        "(train 1) – [6|12] (high end)"),
    "a train port on a tile that is not the engine": (
        lambda block: block.replace("[5|7] (high end) – [7|9]", "[5|7] (train 1) – [7|9]"),
        "connections: expected a port of [5|7] (low end or high end; train ports are the engine's, [12|12]), "
        "document says [5|7] (train 1)"),
    "a train port beyond the most players": (
        lambda block: block.replace("(train 3)", "(train 9)"),
        "connections: expected a port of [12|12], the engine (train 0 to train 7 or public train; Mexican Train is "
        "played by at most 8 players), document says [12|12] (train 9)"),
    "a line side of the engine": (
        lambda block: block.replace("[12|12] (train 2)", "[12|12] (line A)"),
        "connections: expected a port of [12|12], the engine (train 0 to train 7 or public train; the engine is the "
        "hub: its ports start the trains), document says [12|12] (line A)"),
    "the engine as the placed tile": (
        lambda block: block.replace("Placed [4|4]", "Placed [12|12]"),
        "placed tile: expected a tile placed after the engine [12|12] (the engine is the first tile on the table: "
        "the trains start from it), document says [12|12]"),
    # Train 4 named open: a table of five, whose empty train 1 is open too.
    "an empty train left out of the continuations": (
        lambda block: example_lines(MEXICAN_TRAIN, *TRAINS_ENDINGS["satisfied"]).replace(
            " [12|12] (train 1, 12).", " [12|12] (train 4, 12)."),
        "continuation points: expected [3|8] (high end, 8); [4|6] (high end, 6); [7|9] (high end, 9); [10|12] (low "
        "end, 10); [12|12] (train 1, 12); [12|12] (train 4, 12), document says [3|8] (high end, 8); [4|6] (high end, "
        "6); [7|9] (high end, 9); [10|12] (low end, 10); [12|12] (train 4, 12)"),
}


@pytest.mark.parametrize("case", sorted(WRONG_TRAINS))
def test_a_wrong_train_layout_is_reported_at_its_line(tmp_path: Path, case: str) -> None:
    wrong, message = WRONG_TRAINS[case]
    assert_reported_at_detail_line(tmp_path, MEXICAN_TRAIN, "Mexican Train", _trains_block(), wrong, message)


def test_private_trains_leave_a_double_open_and_have_no_public_train(tmp_path: Path) -> None:
    """Private Trains at three seats: [2|2] ends train 0 open (ordinary doubles) while train 2 grows."""
    block = example_lines(PRIVATE_TRAINS, "[6|6]", "[2|6]:[6|6]:train0", "[2|2]:[2|6]:low", "[3|6]:[6|6]:train2",
                          "[1|3]:[3|6]:low")
    assert "Legal continuation points: [1|3] (low end, 1); [2|2] (line B, 2); [6|6] (train 1, 6)." in block
    good, bad = tmp_path / "good.en.md", tmp_path / "bad.en.md"
    good.write_text(f"# Private Trains\n\n{block}", encoding="utf-8")
    result = run_cli("verify", PRIVATE_TRAINS, str(good), "--orders", "20")
    assert result.returncode == 0, result.stdout + result.stderr
    bad.write_text("# Private Trains\n\n" + block.replace("(train 2)", "(public train)"), encoding="utf-8")
    result = run_cli("verify", PRIVATE_TRAINS, str(bad))
    assert result.returncode == 1
    assert (f"{bad}:{DETAIL_LINE}: FAIL: connections: expected a port of [6|6], the engine (train 0 to train 2; "
            "Private Trains has no public train), document says [6|6] (public train)\n") in result.stdout


@pytest.mark.parametrize("spec, step, message", [
    (MEXICAN_TRAIN, "[2|12]:[12|12]:train8", "'[2|12]:[12|12]:train8': Mexican Train is played by at most 8 players: "
                                             "its engine's train ports are train0 to train7 and public"),
    (PRIVATE_TRAINS, "[2|6]:[6|6]:public", "'[2|6]:[6|6]:public': Private Trains has no public train: its engine's "
                                           "train ports are train0 to train2")])
def test_example_refuses_a_train_port_the_engine_has_not(spec: str, step: str, message: str) -> None:
    engine = spec.split("/")[-1].split(".")[0]
    result = run_cli("example", spec, "[12|12]" if engine == "mexican_train" else "[6|6]", step)
    assert result.returncode == 1 and message in result.stderr, result.stderr
