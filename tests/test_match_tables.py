"""Match tables in rule documents: each game's final scores and the running match score, checked row by
row against the match scoring of a match format or of a variant with a match section. The user's
Uzbek sample match (004) and the bundled English one, clean and with one injected fault per row."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dominospec.documents.document import MatchRow, parse_document, split_lines
from dominospec.documents.language_pack import detect, shipped_packs
from dominospec.language.loader import load
from dominospec.language.textfile import DOCUMENT, read_text_file
from dominospec.targets.engines import load_engine
from dominospec.verifying.verify import Report, verify_document
from support import ROOT, SEEDS, lines_run, needs_seeds, run_cli

FREE_PLAY = "examples/match_formats/free_play.rules"
SAMPLE_004 = "../shared/seeds/004_e15a6d28b1457256.txt"
ENGLISH = "examples/match_formats/free_play.en.md"
CLUB_MATCH = "examples/fives_and_threes_match.rules"  # Fives and Threes to 61, a lurch line, first to 3

_packs = shipped_packs()
_free_play_spec = load(ROOT / FREE_PLAY)
_free_play = load_engine(_free_play_spec, ROOT / FREE_PLAY)
# document, its match rows' lines, the language
DOCUMENTS = [pytest.param(SAMPLE_004, [174, 175, 176, 177, 178, 179], "uz", marks=needs_seeds, id="004"),
             pytest.param(ENGLISH, [28, 29, 30, 31, 32], "en", id="en")]
# 004's prose on match play: the lines that state the game target, the skunk lines and the match target
CLAIMS_004 = [49, 159, 163, 163, 171]


def _report(lines: list[str], language: str) -> Report:
    return verify_document(parse_document(lines, _packs[language], "doc"), _free_play, spec=_free_play_spec)


def _verify(lines: list[str], language: str) -> list[tuple[int, list[str]]]:
    """(line, failing fields) of every checked row."""
    return [(o.line, [f.field for f in o.failures]) for o in _report(lines, language).outcomes
            if o.kind == "table-row"]


def _document(path: str, text: str) -> Path:
    target = Path(path)
    target.write_text(text, encoding="utf-8")
    return target


# --- clean documents -----------------------------------------------------------------------------


@pytest.mark.parametrize("document, rows, language", DOCUMENTS)
def test_the_sample_matches_verify_clean(document: str, rows: list[int], language: str) -> None:
    result = run_cli("verify", FREE_PLAY, document, "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    [report] = json.loads(result.stdout)
    assert report["language"] == language
    rows_read = [(e["line"], e["status"]) for e in report["examples"] if e["kind"] == "table-row"]
    assert rows_read == [(r, "pass") for r in rows]
    assert report["passed"] == len(report["examples"]) and report["failed"] == 0


@needs_seeds
def test_the_sample_match_report() -> None:
    result = run_cli("verify", FREE_PLAY, SAMPLE_004)
    assert result.returncode == 0 and result.stderr == ""
    outcomes = [line for line in result.stdout.splitlines() if re.match(rf"{re.escape(SAMPLE_004)}:\d+: ", line)]
    assert outcomes == [f"{SAMPLE_004}:{line}: ok" for line in [*CLAIMS_004, *range(174, 180)]]
    # the rest of its prose is about the cards of cribbage: its numbers are reported as not checked
    assert re.fullmatch(r"1 document: 11 checked \(0 worked examples, 6 table rows, 5 claims\): 11 passed, 0 failed; "
                        r"12 lines read, 197 skipped; \d+ numbers not checked on \d+ lines",
                        result.stdout.splitlines()[-1])


@needs_seeds
def test_the_sample_match_read_as_the_engine_plays_it() -> None:
    lines = split_lines(read_text_file(SEEDS / "004_e15a6d28b1457256.txt", DOCUMENT))
    rows = [e for e in parse_document(lines, _packs["uz"], "004").examples if isinstance(e, MatchRow)]
    assert rows[0].table.players == ("Elis", "Bob")
    assert [r.scores for r in rows] == [(121, 98), (121, 119), (82, 121), (121, 89), (92, 121), (121, 100)]
    match = _free_play.MatchScore(2)
    games = [list(r.scores) for r in rows if r.scores is not None]
    assert [tuple(match.add_game(game)["match_points"]) for game in games] == [r.match_score for r in rows]
    assert match.over and match.winners == [0]


# --- one fault, one failing row ------------------------------------------------------------------


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _with_fault(line: str, fault: str) -> str:
    game, first, second, result, score = _cells(line)
    if fault == "wrong running score":
        score = re.sub(r"\d+", lambda m: str(int(m[0]) + 1), score, count=1)
    elif fault == "swapped winner":
        first, second = second, first
    elif fault == "nobody at the game target":
        first, second = (str(min(int(s), 120)) for s in (first, second))
    return "| " + " | ".join((game, first, second, result, score)) + " |"


# fault -> the field its row must fail on
FAULTS = {"wrong running score": "match score", "swapped winner": "match score", "nobody at the game target": "scores"}


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("document, rows, language", DOCUMENTS)
def test_a_single_fault_fails_exactly_its_row(document: str, rows: list[int], language: str, fault: str) -> None:
    lines = split_lines(read_text_file(ROOT / document, DOCUMENT))
    for faulty in rows:
        changed = list(lines)
        changed[faulty - 1] = _with_fault(lines[faulty - 1], fault)
        outcomes = _verify(changed, language)
        assert [line for line, _ in outcomes] == rows
        assert [(line, fields) for line, fields in outcomes if fields] == [(faulty, [FAULTS[fault]])], \
            f"{fault} in row {faulty}: {outcomes}"


@needs_seeds
def test_the_sample_matchs_prose_states_the_free_play_rules() -> None:
    lines = split_lines(read_text_file(SEEDS / "004_e15a6d28b1457256.txt", DOCUMENT))
    claims = [o for o in _report(lines, "uz").outcomes if o.kind == "claim"]
    assert [(o.line, o.passed) for o in claims] == [(line, True) for line in CLAIMS_004]
    assert [o.key for o in claims] == ["game target", "game target", "match line below", "match line below",
                                       "match target.first to"]


def _changed_fails_at_its_line(lines: list[str], number: int, old: str, new: str) -> None:
    changed = list(lines)
    changed[number - 1] = changed[number - 1].replace(old, new)
    assert changed != lines
    failing = [o.line for o in _report(changed, "uz").outcomes if not o.passed]
    assert failing == [number], (old, new, failing)


@needs_seeds
def test_each_number_of_the_sample_matchs_rule_statements_changed_fails_at_its_line() -> None:
    """Every number of the claims, digits and words, one at a time; 163's second half (a triple skunk, an
    optional rule that free play does not have) is no claim."""
    lines = split_lines(read_text_file(SEEDS / "004_e15a6d28b1457256.txt", DOCUMENT))
    changed = 0
    for report in [o for o in _report(lines, "uz").outcomes if o.kind == "claim"]:
        assert report.text is not None
        for number in re.finditer(r"\d+", report.text):
            text = report.text[:number.start()] + str(int(number[0]) + 1) + report.text[number.end():]
            _changed_fails_at_its_line(lines, report.line, report.text, text)
            changed += 1
    assert changed == 7
    for old, new in (("jami ikkita", "jami uchta"), ("ular o'yin uchun ikkita", "ular o'yin uchun bitta"),
                     ("jami to'rtta", "jami beshta"), ("o'yinchi bitta o'yin", "o'yinchi ikkita o'yin")):
        _changed_fails_at_its_line(lines, 163, old, new)


@needs_seeds
def test_a_wrong_running_score_fails_at_its_line(tmp_path: Path) -> None:
    lines = split_lines(read_text_file(SEEDS / "004_e15a6d28b1457256.txt", DOCUMENT))
    lines[176 - 1] = lines[176 - 1].replace("| 2-2 |", "| 2-1 |")
    path = _document(f"{tmp_path}/004.txt", "\n".join(lines) + "\n")
    result = run_cli("verify", FREE_PLAY, str(path))
    assert result.returncode == 1
    assert [line for line in result.stdout.splitlines() if "FAIL" in line] == [
        f"{path}:176: FAIL: match score: expected 2-2, document says 2-1"]
    assert result.stdout.splitlines()[-1].startswith("1 document: 11 checked (0 worked examples, 6 table rows, "
                                                     "5 claims): 10 passed, 1 failed;")


def test_the_reasons_a_row_fails() -> None:
    table = ["| Game | Ann | Ben | Result | Match score |", "|---|---|---|---|---|"]
    rows = ["| 1 | 121 | 100 | | 1–0 |",        # an en dash is a dash
            "| 2 | 120 | 110 | | 2–0 |",        # nobody at 121
            "| 3 | 121 | 60 | | 6–0 |",         # from the document's 2–0: a double skunk, and Ann wins the match
            "| 4 | 121 | 100 | | 7–0 |",        # a game after the match
            "| 6 | 121 | 100 | | 7–0 |",        # the 5th game numbered 6, and again after the match
            "| seven | 121 | 100 | | 8 |",      # nothing readable
            "| 7 | 121 | 100 |"]                # too few cells
    report = verify_document(parse_document(table + rows, _packs["en"], "doc"), _free_play)
    failures = {o.line: [(f.field, f.expected, f.found) for f in o.failures] for o in report.outcomes}
    after_the_match = ("game", "none after the match (Ann won it at 6–0)")
    assert failures == {
        3: [],
        4: [("scores", "a game the match rules can score (nobody reached 121 in the scores [120, 110]: "
                       "the game is not over)", "Ann 120, Ben 110")],
        5: [],
        6: [(*after_the_match, "4")],
        7: [("game", "5", "6"), (*after_the_match, "6")],
        8: [("game", "a whole number of at most 9 digits", "'seven'"),
            ("match score", "a number for each of the 2 players, such as 0-0", "'8'")],
        9: [("row", "5 cells", "3 cells")],
    }


def test_a_variant_with_a_match_section_checks_its_match_tables(tmp_path: Path) -> None:
    path = _document(f"{tmp_path}/club.md", "| End total | Points |\n|---|---|\n| 15 | 8 |\n\n"
                     "| Game | Ann | Ben | Match score |\n|---|---|---|---|\n"
                     "| 1 | 61 | 30 | 2-0 |\n| 2 | 40 | 61 | 2-1 |\n| 3 | 61 | 31 | 3-1 |\n| 4 | 61 | 50 | 4-1 |\n")
    result = run_cli("verify", CLUB_MATCH, str(path))
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.splitlines()[:5] == [f"{path}:{line}: ok" for line in (3, 7, 8, 9)] + [
        f"{path}:10: FAIL: game: expected none after the match (Ann won it at 3-1), document says 4"]


def test_a_variant_without_match_rules_fails_each_row() -> None:
    result = run_cli("verify", "spec/fives_and_threes.rules", ENGLISH)
    assert result.returncode == 1 and result.stderr == ""
    assert result.stdout.splitlines()[:5] == [
        f"{ENGLISH}:{line}: FAIL: match rules: expected a spec with match rules ('Fives and Threes' has none), "
        f"document says a match table" for line in range(28, 33)]


def test_a_match_format_cannot_check_worked_examples() -> None:
    result = run_cli("verify", FREE_PLAY, "examples/fives_and_threes.en.md", ENGLISH)
    assert result.returncode == 2
    assert result.stderr == ("examples/fives_and_threes.en.md:23:1: error: a deal table row needs a "
                             "variant's spec: 'Free play' is a match format, which checks match tables only\n")
    assert f"{ENGLISH}:32: ok" in result.stdout  # the other document is still checked


# --- languages -----------------------------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(_packs))
def test_every_shipped_pack_reads_a_match_table(code: str) -> None:
    pack = ROOT / "compiler" / "documents" / "languages" / f"{code}.json"
    columns = {role: names[0] for role, names in json.loads(pack.read_text(encoding="utf-8"))["columns"].items()}
    lines = [f"| {columns['game']} | P | Q | {columns['result']} | {columns['match_score']} |", "|---|---|---|---|---|",
             "| 1 | 121 | 89 | | 2-0 |"]
    pack = detect(lines, _packs)
    assert pack is not None and pack.code == code
    assert _verify(lines, code) == [(3, [])]


@pytest.mark.parametrize("path, code", [("000_efca2e0a7dfb4f64.txt", "tr"), ("001_6082015da32a818d.txt", "fi"),
                                        ("002_a7b98e31dda0da69.txt", "tr"), ("004_e15a6d28b1457256.txt", "uz")])
@needs_seeds
def test_each_seed_document_is_detected_in_its_language(path: str, code: str) -> None:
    pack = detect(split_lines(read_text_file(SEEDS / path, DOCUMENT)), _packs)
    assert pack is not None and pack.code == code


@pytest.mark.parametrize("path", ["examples/fives_and_threes.en.md", "examples/horse_race.en.md", ENGLISH])
def test_each_bundled_document_is_detected_as_english(path: str) -> None:
    pack = detect(split_lines(read_text_file(ROOT / path, DOCUMENT)), _packs)
    assert pack is not None and pack.code == "en"


# --- the work grows with the rows -----------------------------------------------------------------------


def _lines_run(rows: int, tmp_path: Path) -> int:
    """The Python lines run to verify a match table of this many rows (each a game that side A wins by the
    plain win's 1 match point, towards a target no table reaches): a count of work, not of time."""
    from dominospec.documents.document import MatchTable
    from dominospec.verifying.verify import verify_match_table
    spec = tmp_path / "long_match.rules"
    spec.write_text(FREE_PLAY_LONG, encoding="utf-8")
    engine = load_engine(load(spec), spec)
    table = MatchTable(1, ("A", "B"))
    table.rows = [MatchRow(row + 2, table, row + 1, (121, 60), (row + 1, 0)) for row in range(rows)]
    run, verdicts = lines_run(lambda: verify_match_table(table, engine))
    assert verdicts == ((),) * rows
    return run


FREE_PLAY_LONG = """\
match format: "Free play to a far target"
game target: 121
match points for a win: 1
match target: first to 100000 match points
"""


def test_a_match_tables_rows_are_checked_in_linear_work(tmp_path: Path) -> None:
    small, large = _lines_run(40, tmp_path), _lines_run(160, tmp_path)
    assert large < 5 * small, (small, large)  # 4 times the rows; a copy of the history per row would be 16
