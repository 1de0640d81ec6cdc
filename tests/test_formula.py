"""The scoring-formula evaluator: arithmetic, conditions, and the tables it gives the engines."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominospec import ir
from dominospec.formula import FormulaError, evaluate, holds, max_total, names_used, score_table
from dominospec.parser import parse
from support import ROOT, SPEC_WITH_FORMULA

TOTAL = ir.Name("total")


def formula(text: str) -> ir.Expr:
    return parse(SPEC_WITH_FORMULA.format(text)).placement_score


@pytest.mark.parametrize(("text", "total", "value"), [
    ("7", 0, 7),
    ("total", 12, 12),
    ("total + 2 * 3", 1, 7),
    ("(total + 2) * 3", 1, 9),
    ("10 - total - 3", 2, 5),  # left to right: (10 - 2) - 3
    ("total / 2", 7, 3),  # the remainder is dropped
    ("total / 5 * 5", 14, 10),
    ("total if total > 3", 3, 0),  # no 'else': 0
    ("total if total > 3", 4, 4),
    ("1 if total < 5 else 2 if total < 10 else 3", 7, 2),
])
def test_arithmetic(text: str, total: int, value: int) -> None:
    assert evaluate(formula(text), {"total": total}) == value


@pytest.mark.parametrize(("text", "true_for", "false_for"), [
    ("total is a multiple of 5", [0, 5, 10], [3, 7]),
    ("total is a positive multiple of 5", [5, 10], [0, 3]),
    ("total >= 3 and total <= 4", [3, 4], [2, 5]),
    ("total == 1 or total == 2 and total != 2", [1], [2, 3]),  # 'and' binds tighter than 'or'
    ("not total < 3", [3, 9], [0, 2]),
    ("not total < 3 and total != 5", [4], [2, 5]),
    ("total > 2", [3], [2]),
])
def test_conditions(text: str, true_for: list[int], false_for: list[int]) -> None:
    cond = formula(f"1 if {text}")
    assert isinstance(cond, ir.Conditional)
    assert [holds(cond.cond, {"total": t}) for t in true_for] == [True] * len(true_for)
    assert [holds(cond.cond, {"total": t}) for t in false_for] == [False] * len(false_for)


def test_division_by_zero_names_the_divisor() -> None:
    expr = formula("12 / (total - 4)")
    with pytest.raises(FormulaError) as caught:
        evaluate(expr, {"total": 4})
    assert caught.value.node == ir.BinOp("-", TOTAL, ir.Number(4))
    assert caught.value.node.pos == ir.Pos(7, 24)  # where 'total - 4' starts
    assert evaluate(expr, {"total": 7}) == 4


def test_multiple_of_zero_is_an_error() -> None:
    with pytest.raises(FormulaError, match="multiple of 0"):
        evaluate(formula("1 if total is a multiple of (total - total)"), {"total": 3})


def test_a_guard_keeps_a_division_from_being_reached() -> None:
    expr = formula("1 if total > 4 and 12 / (total - 4) > 1")  # at 4 the division is never made
    assert [evaluate(expr, {"total": t}) for t in (3, 4, 5, 9, 10, 16)] == [0, 0, 1, 1, 1, 0]


def test_an_unknown_name_is_an_error_when_reached() -> None:
    with pytest.raises(FormulaError, match="unknown name 'score'"):
        evaluate(ir.BinOp("+", TOTAL, ir.Name("score")), {"total": 1})


def test_names_are_listed_in_source_order_even_when_never_reached() -> None:
    used = names_used(formula("a + total if b > 1 else c"))
    assert [n.name for n in used] == ["a", "total", "b", "c"]


@given(st.integers(0, 1000), st.integers(1, 50))
def test_division_agrees_with_python_for_whole_numbers(total: int, divisor: int) -> None:
    assert evaluate(ir.BinOp("/", TOTAL, ir.Number(divisor)), {"total": total}) == total // divisor


def test_fives_and_threes_table_is_the_documents_table() -> None:
    """RULES.md: 3->1, 5->1, 6->2, 9->3, 10->2, 12->4, 15->8, 18->6, 20->4, nothing else up to 20."""
    table = score_table(parse((ROOT / "spec" / "fives_and_threes.rules").read_text(encoding="utf-8")))
    documented = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4}
    assert {t: p for t, p in enumerate(table[:21]) if p} == documented


def test_horse_race_scores_raw_multiples_of_five() -> None:
    variant = parse((ROOT / "spec" / "horse_race.rules").read_text(encoding="utf-8"))
    table = score_table(variant)
    assert (table[0], table[12], table[15], table[17], table[20]) == (0, 0, 15, 0, 20)
    assert table[15] // variant.raw_per_displayed == 3


@pytest.mark.parametrize(("tiles", "bound"), [("six", 168), ("nine", 495), ("twelve", 1092)])
def test_totals_are_tabulated_up_to_the_pips_of_the_whole_set(tiles: str, bound: int) -> None:
    spec = (ROOT / "spec" / "fives_and_threes.rules").read_text(encoding="utf-8").replace(
        "tiles: double six", f"tiles: double {tiles}")
    variant = parse(spec)
    assert max_total(variant) == bound
    assert len(score_table(variant)) == bound + 1
