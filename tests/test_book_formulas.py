"""Books and verify for placement scores over more than the end total (the lead, the ends, the mover's score):
a club's Fives whose lead scores double gets a book in every shipped pack that verifies clean, a wrong number
in its table or its lead's sentence fails at its line, a row the engine cannot tell is reported as not
checkable, and a book is written and verifies clean for formulas drawn over every name with every target kind.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominospec.book.html import book_html
from dominospec.book.markdown import book_markdown
from dominospec.book.writer import write_book
from dominospec.documents.document import parse_document, split_lines
from dominospec.documents.html_lines import html_lines
from dominospec.documents.language_pack import language_packs
from dominospec.documents.sentences import formula_words
from dominospec.documents.wording import Wording
from dominospec.engine_api import Engine, engine_of
from dominospec.language import ir
from dominospec.language.loader import load
from dominospec.targets.engines import load_engine
from dominospec.verifying.verify import Report, verify_document
from support import ROOT, front_end, run_cli

CLUB = ROOT / "tests" / "data" / "club_fives.rules"
PACKS = language_packs()
BOOK_LANGUAGES = sorted(code for code, pack in PACKS.items() if pack.book is not None)


def compiled(path: Path) -> tuple[ir.Variant, Engine]:
    spec = load(path)
    assert isinstance(spec, ir.Variant)
    return spec, engine_of(load_engine(spec, path))


def verified(lines: list[str], spec: ir.Variant, engine: Engine, lang: str) -> Report:
    return verify_document(parse_document(lines, PACKS[lang], "book.md", PACKS.values()), engine, spec=spec)


def problems(report: Report) -> list[str]:
    """Every outcome that did not pass: its failures, or why it is not checkable."""
    said = [(o, "; ".join(f"{f.field}: expected {f.expected}, found {f.found}" for f in o.failures))
            for o in report.outcomes if not o.passed]
    return [f"{o.line}: {o.not_checkable or failures}" for o, failures in said]


def markdown_lines(spec: ir.Variant, engine: Engine, lang: str) -> list[str]:
    return split_lines(book_markdown(write_book(spec, engine, PACKS[lang]), "book")[0])


# --- the club's Fives -------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", BOOK_LANGUAGES)
def test_the_club_book_verifies_clean_in_markdown_and_html_with_its_table_and_its_lead(lang: str) -> None:
    spec, engine = compiled(CLUB)
    book = write_book(spec, engine, PACKS[lang])
    for lines in (split_lines(book_markdown(book, "book")[0]), html_lines(book_html(book)).texts):
        report = verified(lines, spec, engine, lang)
        assert not problems(report), problems(report)
        rows = [o for o in report.outcomes if o.kind == "table-row"]
        keys = {o.key for o in report.outcomes if o.kind == "claim"}
        assert len(rows) >= 4 + len(engine.DEAL)  # 5, 10, 15 and 20 score, besides the deal's rows
        assert {"lead score", "score one", "at least target"} <= keys


def test_the_club_book_command_writes_a_book_that_the_verify_command_passes(tmp_path: Path) -> None:
    for lang in BOOK_LANGUAGES:
        out = tmp_path / f"club.{lang}.md"
        written = run_cli("book", str(CLUB), "--lang", lang, "-o", str(out))
        assert written.returncode == 0 and not written.stderr.strip().count("Traceback"), written.stderr
        checked = run_cli("verify", str(CLUB), str(out), "--json")
        assert checked.returncode == 0, checked.stdout
        [report] = json.loads(checked.stdout)
        assert report["failed"] == 0 and report["not_checkable"] == 0 and report["passed"] > 30


def _club_lines() -> list[str]:
    spec, engine = compiled(CLUB)
    return markdown_lines(spec, engine, "en")


def _failed_at(lines: list[str]) -> set[int]:
    spec, engine = compiled(CLUB)
    report = verified(lines, spec, engine, "en")
    return {f.line or o.line for o in report.outcomes for f in o.failures}


def test_a_wrong_number_in_the_club_table_fails_at_its_row() -> None:
    lines = _club_lines()
    row = next(i for i, line in enumerate(lines) if line == "| 15 | 3 |")
    assert _failed_at([*lines[:row], "| 15 | 6 |", *lines[row + 1:]]) == {row + 1}  # 6 is the lead's, not a row's


def test_a_wrong_number_in_the_lead_sentence_fails_and_the_right_one_passes() -> None:
    lines = _club_lines()
    index = next(i for i, line in enumerate(lines) if "Leading [" in line)
    said = re.search(r"Leading \[(\d)\|(\d)\] scores (\d+) points", lines[index])
    assert said is not None
    low, high, points = map(int, said.groups())
    assert points == 2 * ((low + high) // 5) and (low + high) % 5 == 0  # the lead scores double
    wrong = lines[index].replace(said.group(), f"Leading [{low}|{high}] scores {points // 2} points")
    assert _failed_at([*lines[:index], wrong, *lines[index + 1:]]) == {index + 1}
    right = lines[index].replace(said.group(), "Leading [5|5] scores 4 points")
    assert _failed_at([*lines[:index], right, *lines[index + 1:]]) == set()


def test_a_scoring_row_the_engine_cannot_tell_is_reported_as_not_checkable(tmp_path: Path) -> None:
    """Near the target the score changes what a placement scores: its row is neither passed nor failed."""
    spec_path = tmp_path / "near.rules"
    spec_path.write_text(CLUB.read_text(encoding="utf-8").replace(
        "placement score: (total / 5 if total is a positive multiple of 5) * (2 if lead == 1 else 1)",
        "placement score: (total / 5 if total is a positive multiple of 5) + (1 if score >= 50)"), encoding="utf-8")
    document = tmp_path / "doc.md"
    document.write_text("| End total | Points |\n| --- | --- |\n| 10 | 2 |\n| 200 | 1 |\n", encoding="utf-8")
    result = run_cli("verify", str(spec_path), str(document))
    assert result.returncode == 1, result.stdout  # 200 is no total the tiles make: a failure
    assert "doc.md:3: not checkable: the points of an end total of 10 also depend on the mover's score" \
        in result.stdout
    assert "doc.md:4: FAIL: end total: expected an end total some layout shows" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("1 document: 2 checked (0 worked examples, 2 table rows): "
                                                     "0 passed, 1 failed, 1 not checkable")


# --- every name of the formula, every kind of target --------------------------------------------------------

BASES = ("total / 5 if total is a positive multiple of 5", "total if total is a positive multiple of 5",
         "total / 3 if total is a positive multiple of 3",
         "(total / 3 if total is a positive multiple of 3) + (total / 5 if total is a positive multiple of 5)")
# How each name may change the base's points: a name's exception, as clubs write them.
USES = {
    "total": ("{base}",),
    "lead": ("({base}) * (2 if lead == 1 else 1)", "({base}) + (1 if lead == 1)", "({base}) if lead == 0"),
    "ends": ("({base}) * (2 if ends == 1 else 1)", "({base}) + (1 if ends >= 3)"),
    "ends_alike": ("({base}) + (2 if ends_alike == 1)", "({base}) * (2 if ends_alike == 1 else 1)"),
    "double_end": ("({base}) + (1 if double_end == 1)", "({base}) if double_end == 0"),
    "score": ("({base}) + (1 if score >= 10)", "({base}) if target - score > 3 else 1"),
    "target": ("({base}) + (1 if target > 40)",),
}
TARGETS = ("at least 61", "exactly 61", "none", "at least 61 with 2 players, 31 with 3 or 4 players",
           "exactly 61 with 2 players, 31 with 3 or 4 players")
SPEC = """variant: "Drawn"
tiles: double six
players: 2 to 4
deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles
undealt tiles: out of play
spinners: {spinners}
placement score: {formula}
going out scores: 1 point
target: {target}
"""


@pytest.mark.parametrize("name", sorted(USES))
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_book_of_a_formula_over_each_name_with_each_target_verifies_clean_in_every_pack(
        name: str, data: st.DataObject, tmp_path: Path) -> None:
    formula = data.draw(st.sampled_from(USES[name])).format(base=data.draw(st.sampled_from(BASES)))
    target = data.draw(st.sampled_from(TARGETS))
    spinners = data.draw(st.sampled_from(("none", "first double")))
    path = tmp_path / f"{name}.rules"
    path.write_text(SPEC.format(formula=formula, target=target, spinners=spinners), encoding="utf-8")
    spec, engine = compiled(path)
    for lang in BOOK_LANGUAGES:
        report = verified(markdown_lines(spec, engine, lang), spec, engine, lang)
        assert not problems(report), (formula, target, lang, problems(report)[:3])
        assert {"claim", "table-row"} <= {o.kind for o in report.outcomes}


# --- the formula in words ------------------------------------------------------------------------------------

def test_the_club_formula_reads_as_a_player_would_say_it() -> None:
    spec, _ = compiled(CLUB)
    assert formula_words(spec.placement_score, wording("en")) == (
        "(the end total ÷ 5 if the end total is a positive multiple of 5), and 2 times that if the placement is "
        "the lead")


@pytest.mark.parametrize("lang", BOOK_LANGUAGES)
@pytest.mark.parametrize(("formula", "said", "unsaid"), [
    ("(total / 5 if total is a positive multiple of 5) * (2 if lead == 1 else 1)", ["lead.yes", "times if"], ["lead"]),
    ("(2 if 1 == lead else 1) * (total if total is a positive multiple of 5)", ["lead.yes", "times if"], ["lead"]),
    ("total if lead != 1", ["lead.no"], ["lead"]),
    ("(total + 1 if ends_alike > 0) + (1 if double_end < 1)", ["ends_alike.yes", "double_end.no"],
     ["ends_alike", "double_end"]),
    ("(1 if target - score <= 2 else 2 if target - score == 3 or double_end == 0 else 3) if ends_alike == 1",
     ["to go", "double_end.no", "ends_alike.yes"], ["ends_alike", "double_end", "-", "score"]),
    ("total * lead", ["lead"], ["lead.yes", "lead.no"]),  # a name used as a number keeps its noun
])
def test_a_one_or_zero_name_is_said_as_the_fact_it_asks_about(formula: str, said: list[str], unsaid: list[str],
                                                              lang: str) -> None:
    words = wording(lang).formula
    text = formula_words(parse_formula(formula), wording(lang))

    def says(key: str) -> bool:
        return all(part in text for part in re.split(r"\{\w+\}", words[key]) if part.strip(" ,;()"))
    assert all(says(key) for key in said), text
    assert not any(says(key) for key in unsaid), text


def wording(lang: str) -> Wording:
    book = PACKS[lang].book
    assert book is not None
    return book


def parse_formula(text: str) -> ir.Expr:
    spec = front_end(SPEC.format(formula=text, target="at least 61", spinners="none"))
    assert isinstance(spec, ir.Variant)
    return spec.placement_score
