"""Calculations written out in prose are checked as arithmetic, in any language and without a pack:
a true one passes, a wrong one fails at its line, and what is no calculation is left alone."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominospec.documents.arithmetic import find_calculations, wrong_step
from support import SEEDS, needs_seeds, run_cli

GLYPHS = {"+": ["+"], "-": [" - ", "−"], "*": ["×", "*", "·"], "/": ["/", "÷"]}


@st.composite
def expressions(draw: st.DrawFn) -> tuple[str, Fraction]:
    """A side of a calculation as a document might write it, and its value by Python's own arithmetic."""
    numbers = draw(st.lists(st.integers(0, 999), min_size=2, max_size=5))
    operators = draw(st.lists(st.sampled_from("+-*/"), min_size=len(numbers) - 1, max_size=len(numbers) - 1))
    if any(op == "/" and n == 0 for op, n in zip(operators, numbers[1:], strict=True)):
        numbers = [n if not (i and operators[i - 1] == "/") else n + 1 for i, n in enumerate(numbers)]
    written, python = str(numbers[0]), f"Fraction({numbers[0]})"
    for op, n in zip(operators, numbers[1:], strict=True):
        glyph = draw(st.sampled_from(GLYPHS[op]))
        written += (glyph if glyph.startswith(" ") else draw(st.sampled_from(["", " "])) + glyph
                    + draw(st.sampled_from(["", " "]))) + str(n)
        python += f" {op} Fraction({n})"
    return written, eval(python, {"Fraction": Fraction})  # noqa: S307 -- the test's own arithmetic


def _whole(value: Fraction) -> str | None:
    return str(value.numerator) if value.denominator == 1 and value >= 0 else None


@given(expressions(), st.sampled_from(["Toplam {} puan verir.", "Summa {} tuottaa.", "So {} wins.", "{}"]))
def test_a_true_calculation_passes_and_a_wrong_result_fails(expression: tuple[str, Fraction], prose: str) -> None:
    written, value = expression
    result = _whole(value)
    if result is None:
        return
    (found,) = find_calculations(prose.format(f"{written} = {result}"))
    assert wrong_step(found) is None
    (wrong,) = find_calculations(prose.format(f"{written} = {int(result) + 1}"))
    assert wrong_step(wrong) == (f"{written.strip()} = {result}", f"{written.strip()} = {int(result) + 1}")


def test_a_chain_is_checked_at_every_equals_sign() -> None:
    (chain,) = find_calculations("Summa 15 tuottaa siis 15 / 3 + 15 / 5 = 5 + 3 = 8 pelipistettä.")
    assert chain.sides == ("15 / 3 + 15 / 5", "5 + 3", "8") and wrong_step(chain) is None
    (wrong,) = find_calculations("15 / 3 + 15 / 5 = 5 + 4 = 8")
    assert wrong_step(wrong) == ("15 / 3 + 15 / 5 = 8", "15 / 3 + 15 / 5 = 5 + 4")


def test_times_and_division_go_before_plus_and_minus_and_a_remainder_is_not_dropped() -> None:
    assert wrong_step(find_calculations("2 + 3 × 4 = 14")[0]) is None
    assert wrong_step(find_calculations("20 − 3 × 4 = 8")[0]) is None
    assert wrong_step(find_calculations("17 ÷ 5 = 3")[0]) == ("17 ÷ 5 = 17/5", "17 ÷ 5 = 3")
    assert wrong_step(find_calculations("5 ÷ 0 = 0")[0]) is not None


@pytest.mark.parametrize("prose", [
    "Sayılan katkılar: 4 = 4.",  # a number said twice, no calculation
    "Taşlar: [1|4] + [1|1] = [2|5].",  # tiles, not numbers
    "2.5 + 1 = 3.5 on a decimal, 1,5 + 1 = 2,5 with a comma",
    "2-4 players; pages 10-12",  # ranges: no equals sign
    "Hedef en az gösterilen 61 puan, yani 305 ham puandır.",
])
def test_what_is_no_whole_number_calculation_is_left_alone(prose: str) -> None:
    assert find_calculations(prose) == []


def _verify(path: Path, spec: str) -> tuple[int, str]:
    result = run_cli("verify", spec, str(path))
    return result.returncode, result.stdout


def test_a_wrong_calculation_in_prose_fails_at_its_line_in_any_language(tmp_path: Path) -> None:
    document = tmp_path / "rules.md"
    lines = ["# Kurallar", "", "Örneğin 59 puandaki oyuncu 3 puan alırsa 59 + 3 = 62 olur.", "",
             "Dann gilt 60 + 2 = 61, so heißt es.", "", "| Players | Tiles per player |", "|---|---|", "| 2 | 7 |"]
    document.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = _verify(document, "spec/fives_and_threes.rules")
    assert code == 1
    assert f"{document}:3: ok" in out
    assert f"{document}:5: FAIL: arithmetic: expected 60 + 2 = 62, document says 60 + 2 = 61" in out


@needs_seeds
@pytest.mark.parametrize(("seed", "spec"), [("000", "spec/fives_and_threes.rules"),
                                            ("001", "spec/fives_and_threes.rules"), ("002", "spec/horse_race.rules")])
def test_each_number_of_a_seed_documents_calculations_changed_fails_at_its_line(seed: str, spec: str,
                                                                                 tmp_path: Path) -> None:
    """Every number of every calculation, one at a time, each in a document of its own; one verify run
    reads them all, as it reads any list of documents, and each must fail at the line changed."""
    (path,) = SEEDS.glob(f"{seed}_*.txt")
    lines = path.read_text(encoding="utf-8").split("\n")
    mutated: dict[Path, tuple[int, str]] = {}
    for index, line in enumerate(lines):
        for calculation in find_calculations(line):
            for number in re.finditer(r"\d+", calculation.text):
                at = calculation.start + number.start()
                text = line[:at] + str(int(number.group()) + 1) + line[at + len(number.group()):]
                document = tmp_path / f"{len(mutated):03}_{path.name}"
                document.write_text("\n".join([*lines[:index], text, *lines[index + 1:]]), encoding="utf-8")
                mutated[document] = (index + 1, text)
    assert len(mutated) >= 6
    result = run_cli("verify", spec, *map(str, mutated))
    assert result.returncode == 1
    for document, (line_number, text) in mutated.items():
        assert f"{document}:{line_number}: FAIL" in result.stdout, text
