"""The scoring-formula evaluator: arithmetic, conditions, and the tables it gives the engines."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.language import ir
from dominospec.language.formula import (
    FormulaError,
    TooManyCases,
    evaluate,
    first_bad_case,
    holds,
    is_bad_case,
    max_total,
    names_used,
    score_table,
    value_span,
)
from dominospec.language.parser import parse
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


# --- every case at once: the check's search agrees with trying every case ------------------------------

_NAMES = ("total", "score", "ends")


def _expressions() -> st.SearchStrategy[ir.Expr]:
    names = st.sampled_from(_NAMES).map(ir.Name)
    numbers = st.integers(-3, 12).map(ir.Number)

    def extend(inner: st.SearchStrategy[ir.Expr]) -> st.SearchStrategy[ir.Expr]:
        compare = st.builds(ir.Compare, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), inner, inner)
        multiple = st.builds(ir.MultipleOf, inner, inner, st.booleans())
        atoms = compare | multiple
        cond = atoms | st.builds(ir.Not, atoms) | st.builds(ir.Logic, st.sampled_from(["and", "or"]), atoms, atoms)
        return (st.builds(ir.BinOp, st.sampled_from(["+", "-", "*", "/"]), inner, inner)
                | st.builds(ir.Conditional, inner, cond, st.none() | inner))
    return st.recursive(names | numbers, extend, max_leaves=8)


def _every_case_first(expr: ir.Expr, box: dict[str, tuple[int, int]], unit: int) -> dict[str, int] | None:
    """The first bad case by trying every case in order."""
    for values in itertools.product(*(range(lo, hi + 1) for lo, hi in box.values())):
        case = dict(zip(box, values, strict=True))
        if is_bad_case(expr, case, unit):
            return case
    return None


@settings(max_examples=400, deadline=None)
@given(_expressions(), st.lists(st.tuples(st.integers(0, 6), st.integers(0, 9)), min_size=3, max_size=3),
       st.sampled_from([1, 1, 2, 5]))
def test_the_first_bad_case_is_the_one_trying_every_case_finds_first(
        expr: ir.Expr, ranges: list[tuple[int, int]], unit: int) -> None:
    box = {name: (lo, lo + width) for name, (lo, width) in zip(_NAMES, ranges, strict=True)}
    assert first_bad_case(expr, box, unit) == _every_case_first(expr, box, unit)


@pytest.mark.parametrize(("text", "unit"), [
    ("total + ends + lead + ends_alike + double_end if score + total <= target and total is a positive multiple of 5",
     1),
    ("total if total is a positive multiple of 5 and score + total <= target", 5),
    ("total * 5 + 10 if total is a multiple of 3 else total * 5", 5),
    ("(total / ends) * 5 if ends > 0", 5),
    ("100 + 10 / (total * 2 + 1 - score * 2)", 1),  # never divided by 0: the divisor is odd
])
def test_a_large_set_to_a_large_target_is_checked_in_every_case_in_a_few_splits(text: str, unit: int) -> None:
    """Double eighteen, every double a spinner, to 1000: some 10^9 cases, settled box by box."""
    box = {"total": (0, 3420), "score": (0, 999), "target": (1000, 1000), "lead": (0, 1), "ends": (0, 40),
           "ends_alike": (0, 1), "double_end": (0, 1)}
    assert first_bad_case(formula(text), box, unit) is None


def test_the_search_gives_up_past_its_splits_rather_than_run_on() -> None:
    """n * n + n is always even, but bounds do not see it: only single cases settle it, and there are millions."""
    even = formula("total * total + total + score * score + score")
    with pytest.raises(TooManyCases):
        first_bad_case(even, {"total": (0, 3420), "score": (0, 999)}, 2)


@settings(max_examples=300, deadline=None)
@given(_expressions(), st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=3, max_size=3))
def test_the_bounds_of_a_box_hold_every_value_of_its_cases(expr: ir.Expr, ranges: list[tuple[int, int]]) -> None:
    """What the reachability check reads from bounds (the least, the greatest, a step every value keeps) is
    true of every case that evaluates."""
    box = {name: (lo, lo + width) for name, (lo, width) in zip(_NAMES, ranges, strict=True)}
    span = value_span(expr, box)
    if span is None:
        return
    for values in itertools.product(*(range(lo, hi + 1) for lo, hi in box.values())):
        try:
            value = evaluate(expr, dict(zip(box, values, strict=True)))
        except FormulaError:
            continue
        assert span.lo <= value <= span.hi
        assert value == span.rem if span.exact else (value - span.rem) % span.step == 0
