"""verify reads the sentences of a rule book in prose and checks each at its line: rules against the spec,
computed cases through the engine; and it raises no alarm on the bundled documents."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dominospec.documents.document import Arithmetic, Claim, load_document
from dominospec.documents.language_pack import language_packs
from dominospec.engine_api import engine_of
from dominospec.language.loader import load
from dominospec.targets.engines import load_engine
from dominospec.verifying.verify import verify_document
from support import ROOT, run_cli

HORSE_RACE = ROOT / "spec" / "horse_race.rules"

# A Horse Race book as a club might write it, in the English pack's sentences; line 1 is the title.
BOOK = """\
# Horse Race: the rules

Source: Pagat, Horse Race; club document 002 (tr).

## Equipment and players

Play with a complete double-six set of 28 tiles. The game is for 2 to 4 players.
Any table of friends will do: this line says nothing a book checks.

## Doubles and scoring

- Doubles are placed crosswise, and every double is a spinner that can branch, the lead included.
- A double [6|6] standing at an open end adds 12 to the end total.
- Every 5 raw points are one displayed point; scores are kept in displayed points.
- A total of 15 scores 15 raw points, that is 3 displayed points. A total of 14 scores nothing.

## The end of a hand

If the player who goes out leaves the other player holding 17 pips, they score 3 points for them.
17 pips round to 15, and 15 ÷ 5 = 3.
If a blocked hand leaves the players holding 4, 4, 4 and 14 pips, each player tied for the fewest scores 4 points.

## Winning the game

The first side to reach at least 61 points wins at once; all the points scored in one reckoning count together, \
and sides that reach it together share the win. 61 displayed points are 305 raw points.
At 60 points, a placement that scores 2 makes 60 + 2 = 62, which reaches 61 and wins at once.
If two sides at 59 points each score 2 in the same reckoning, both reach 61 and share the win.
"""

CLAIM_LINES = [number for number, line in enumerate(BOOK.splitlines(), start=1)
               if re.search(r"\d", line) and not line.startswith("## ")]
CLAIMS = 16  # counted by hand: two on each of three lines, one on each of ten more


def line_of(fragment: str) -> int:
    return next(n for n, line in enumerate(BOOK.splitlines(), start=1) if fragment in line)


def _verify(tmp_path: Path, text: str, *options: str) -> tuple[str, int, str]:
    document = tmp_path / "book.en.md"
    document.write_text(text, encoding="utf-8")
    result = run_cli("verify", *options, str(HORSE_RACE), str(document))
    return result.stdout, result.returncode, str(document)


def test_a_true_book_passes_every_sentence(tmp_path: Path) -> None:
    out, code, path = _verify(tmp_path, BOOK)
    assert code == 0, out
    lines = BOOK.splitlines()
    checked = [int(n) for n in re.findall(rf"^{re.escape(path)}:(\d+): ok$", out, re.MULTILINE)]
    # Every line with a sentence in it is checked, once per sentence; the headings and the prose line are not.
    assert sorted(set(checked)) == [n for n, line in enumerate(lines, 1) if line and not line.startswith("## ")
                                    and not line.startswith("Any table")]
    two = [line_of("double-six set"), line_of("A total of 15"), line_of("first side to reach")]
    assert [checked.count(n) for n in two] == [2, 2, 2]
    assert f"(0 worked examples, 0 table rows, {CLAIMS} claims): {CLAIMS} passed, 0 failed" in out
    assert f"{len(set(checked))} lines read, 5 skipped" in out


def _numbers(line: str) -> list[re.Match[str]]:
    return list(re.finditer(r"\d+", line))


@pytest.mark.parametrize("line", CLAIM_LINES)
def test_each_number_changed_fails_at_its_line(tmp_path: Path, line: int) -> None:
    """Each number of the line one more than it was, a book each, all read by one verify run: each book fails,
    at that line alone."""
    lines = BOOK.splitlines()
    books = {}
    for i, number in enumerate(_numbers(lines[line - 1])):
        text = lines[line - 1]
        changed = text[:number.start()] + str(int(number[0]) + 1) + text[number.end():]
        book = tmp_path / f"book{i}.en.md"
        book.write_text("\n".join([*lines[:line - 1], changed, *lines[line:]]) + "\n", encoding="utf-8")
        books[str(book)] = changed
    result = run_cli("verify", str(HORSE_RACE), *books)
    assert result.returncode == 1, result.stdout
    assert f"{len(books)} document{'s' if len(books) > 1 else ''}: {CLAIMS * len(books)} checked" in result.stdout
    for path, changed in books.items():
        failing = {int(n) for n in re.findall(rf"^{re.escape(path)}:(\d+): FAIL", result.stdout, re.MULTILINE)}
        assert failing == {line}, f"{changed!r}:\n{result.stdout}"


def test_another_variants_rule_fails_with_the_specs_sentence(tmp_path: Path) -> None:
    lines = BOOK.splitlines()
    at = lines.index("- Doubles are placed crosswise, and every double is a spinner that can branch, the lead "
                     "included.")
    lines[at] = "- Doubles are placed crosswise, and no double branches: the layout stays one line with two ends."
    out, code, path = _verify(tmp_path, "\n".join(lines) + "\n")
    assert code == 1
    assert (f"{path}:{at + 1}: FAIL: rule: expected Doubles are placed crosswise, and every double is a spinner that "
            "can branch, the lead included., document says Doubles are placed crosswise, and no double branches"
            in out)


@pytest.mark.parametrize(("said", "wrong", "failure"), [
    ("for 2 to 4 players", "for 2 to 6 players", "players high: expected 4, document says 6"),
    ("reach at least 61 points", "reach at least 60 points", "target: expected 61, document says 60"),
])
def test_a_rule_with_another_number_names_the_rule(tmp_path: Path, said: str, wrong: str, failure: str) -> None:
    """The failure names the rule ('target'), and the slot where the rule has several ('players high')."""
    out, code, path = _verify(tmp_path, BOOK.replace(said, wrong))
    assert code == 1
    assert f"{path}:{line_of(said)}: FAIL: {failure}" in out


def test_a_case_the_spec_cannot_have_fails_as_no_such_case(tmp_path: Path) -> None:
    exact = ("At 59 points, a last tile that makes the ends 6 scores 2 + 1 = 3; 59 + 3 = 62 is past 61, so both are "
             "cancelled and the score stays 59.")
    out, code, path = _verify(tmp_path, BOOK + exact + "\n")
    assert code == 1
    line = len(BOOK.splitlines()) + 1
    assert f"{path}:{line}: FAIL: rule: expected no such case in Horse Race: the target is not 'exactly'" in out


def test_a_repeated_number_written_two_ways_fails(tmp_path: Path) -> None:
    out, code, path = _verify(tmp_path, BOOK.replace("60 + 2 = 62", "59 + 2 = 62"))
    assert code == 1
    assert re.search(rf"^{re.escape(path)}:{line_of('60 + 2')}: FAIL: numbers: ", out, re.MULTILINE), out


def test_json_names_each_claim_with_its_key_and_text(tmp_path: Path) -> None:
    out, code, _ = _verify(tmp_path, BOOK, "--json")
    assert code == 0
    [report] = json.loads(out)
    claims = [item for item in report["examples"] if item["kind"] == "claim"]
    assert len(claims) == CLAIMS and all(item["status"] == "pass" for item in claims)
    by_line = {item["line"]: item for item in claims}
    assert by_line[1]["key"] == "title" and by_line[1]["text"] == "Horse Race: the rules"
    rounding = by_line[line_of("pips round to")]
    assert rounding["key"] == "rounding" and rounding["text"] == "17 pips round to 15, and 15 ÷ 5 = 3."


# --- no false alarms ------------------------------------------------------------------------------------

BUNDLED = [
    (ROOT / "examples" / "fives_and_threes.en.md", ROOT / "spec" / "fives_and_threes.rules"),
    (ROOT / "examples" / "horse_race.en.md", HORSE_RACE),
    (ROOT / "examples" / "match_formats" / "free_play.en.md", ROOT / "examples" / "match_formats" / "free_play.rules"),
    (ROOT / "tests" / "data" / "faulty.en.md", ROOT / "spec" / "fives_and_threes.rules"),
    (ROOT / "tests" / "data" / "horse_race.de.md", HORSE_RACE),
]


@pytest.mark.parametrize(("document", "spec_path"), BUNDLED, ids=lambda p: p.name)
def test_bundled_documents_raise_no_alarm_on_a_claim(document: Path, spec_path: Path) -> None:
    packs = language_packs([ROOT / "tests" / "data" / "de.json"])
    spec = load(spec_path)
    read = load_document(document, packs)
    report = verify_document(read, engine_of(load_engine(spec, spec_path)), 0, spec)
    claims = [o for o in report.outcomes if o.kind == "claim"]
    assert all(o.passed for o in claims), [o for o in claims if not o.passed]
    assert len(claims) == sum(isinstance(item, (Claim, Arithmetic)) for item in read.examples)
    if document.name != "faulty.en.md":
        assert report.failed == 0


def test_the_plugin_makes_each_claim_a_test_item(tmp_path: Path) -> None:
    (tmp_path / "book.en.md").write_text(BOOK.replace("holding 17 pips, they score 3", "holding 17 pips, they score 4"),
                                         encoding="utf-8")
    (tmp_path / "horse_race.rules").write_text(HORSE_RACE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "test_book.py").write_text("from dominospec.pytest_plugin import rule_document\n\n"
                                           'book = rule_document("book.en.md", spec="horse_race.rules")\n',
                                           encoding="utf-8")
    result = run_cli_pytest(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"1 failed, {CLAIMS - 1} passed" in result.stdout
    assert f"book.en.md:{line_of('holding 17 pips')}: FAIL: points: expected 3, document says 4" in result.stdout


def run_cli_pytest(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "dominospec.pytest_plugin", "-q",
                           "-p", "no:cacheprovider", "test_book.py"], cwd=project, capture_output=True, text=True,
                          encoding="utf-8", timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_without_the_spec_a_claim_is_not_checkable(tmp_path: Path) -> None:
    document = tmp_path / "book.en.md"
    document.write_text(BOOK, encoding="utf-8")
    read = load_document(document, language_packs([]))
    report = verify_document(read, engine_of(load_engine(load(HORSE_RACE), HORSE_RACE)))
    assert len(report.outcomes) == CLAIMS
    assert {f.expected for o in report.outcomes for f in o.failures} == {"not checkable (no spec)"}
