"""The placement score's range (checks.check_formula_range, by formula.computed_values): the bounds it finds
hold every value the formula takes, and every formula it accepts computes in the C target's 64-bit arithmetic
exactly what Python computes.

The C side is real: the formulas are printed as the C target prints them, built with the runtime's own
arithmetic by the system C compiler, and run through ctypes."""

from __future__ import annotations

import ctypes
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dominospec.language import ir
from dominospec.language.checks import FORMULA_SCORES, FORMULA_VALUES, check
from dominospec.language.diagnostics import SpecError
from dominospec.language.formula import FormulaError, computed_values, evaluate, max_total, to_source
from dominospec.language.parser import parse
from dominospec.native import compiler_command
from dominospec.targets.c.context import C_NAMES, C_SYNTAX, runtime_sections
from support import SPEC_WITH_FORMULA

VARIANT = parse(SPEC_WITH_FORMULA.format("total"))
assert isinstance(VARIANT, ir.Variant)
# Each name's range for a game of double six to 61, and the mover's score as far as a replay may take it.
RANGES = {"total": (0, max_total(VARIANT)), "score": (-FORMULA_SCORES, FORMULA_SCORES), "target": (61, 61),
          "lead": (0, 1), "ends": (0, 2), "ends_alike": (0, 1), "double_end": (0, 1)}
NUMBERS = st.sampled_from([0, 1, 2, 3, 5, 7, 1000, 65536, 1_000_000]) | st.integers(0, 1_000_000)


def conditions(exprs: st.SearchStrategy[ir.Expr]) -> st.SearchStrategy[ir.Cond]:
    tests = (st.builds(ir.Compare, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), exprs, exprs)
             | st.builds(ir.MultipleOf, exprs, exprs, st.booleans()))
    return tests | st.builds(ir.Not, tests) | st.builds(ir.Logic, st.sampled_from(["and", "or"]), tests, tests)


def formulas(depth: int) -> st.SearchStrategy[ir.Expr]:
    atoms = st.builds(ir.Number, NUMBERS) | st.builds(ir.Name, st.sampled_from(list(RANGES)))
    if depth == 0:
        return atoms
    inner = formulas(depth - 1)
    return atoms | st.builds(ir.BinOp, st.sampled_from("+-*/"), inner, inner) | st.builds(
        ir.Conditional, inner, conditions(inner), st.none() | inner)


def values() -> st.SearchStrategy[dict[str, int]]:
    """Names within their ranges, often at an end of one."""
    return st.fixed_dictionaries({name: st.sampled_from([low, high]) | st.integers(low, high)
                                  for name, (low, high) in RANGES.items()})


def in_range(formula: ir.Expr) -> tuple[int, int, int]:
    """The formula's lowest and highest value, and the largest magnitude of any value computed on the way."""
    values, computed = computed_values(formula, RANGES)
    return values.lo, values.hi, max(abs(value) for value, _ in computed)


@settings(max_examples=500, deadline=None)
@given(formula=formulas(3), names=values())
def test_the_range_holds_every_value_the_formula_takes(formula: ir.Expr, names: dict[str, int]) -> None:
    low, high, widest = in_range(formula)
    try:
        value = evaluate(formula, names)
    except FormulaError:
        assume(False)
        raise
    assert low <= value <= high
    assert abs(value) <= widest


def c_library(formula_list: list[ir.Expr], folder: Path) -> ctypes.CDLL:
    """The formulas as the C target prints them, over 64-bit names, with the runtime's floor division: f(i, names)."""
    names = ", ".join(C_NAMES)
    cases = "\n".join(f"    case {i}: return {to_source(formula, C_NAMES, C_SYNTAX)};"
                      for i, formula in enumerate(formula_list))
    source = (f"#include <stdint.h>\n{runtime_sections()['arithmetic']}\n"
              f"int64_t f(int32_t i, int64_t {names.replace(', ', ', int64_t ')}) {{\n"
              f"    switch (i) {{\n{cases}\n    }}\n    return 0;\n}}\n")
    (folder / "formulas.c").write_text(source, encoding="utf-8")
    flags = ["-std=c99", "-O2", "-Wall", "-Werror", "-Wno-unused-function", "-shared", "-fPIC"]
    done = subprocess.run([*compiler_command(), *flags, "-o", str(folder / "formulas.so"), str(folder / "formulas.c")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    library = ctypes.CDLL(str(folder / "formulas.so"))
    library.f.restype = ctypes.c_int64
    library.f.argtypes = [ctypes.c_int32, *[ctypes.c_int64] * len(C_NAMES)]
    return library


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(formula_list=st.lists(formulas(3), min_size=1, max_size=12), points=st.lists(values(), min_size=20,
                                                                                      max_size=20))
def test_every_accepted_formula_computes_in_c_what_python_computes(
        tmp_path_factory: pytest.TempPathFactory, formula_list: list[ir.Expr], points: list[dict[str, int]]) -> None:
    accepted = [formula for formula in formula_list if in_range(formula)[2] <= FORMULA_VALUES]
    assume(accepted)
    folder = tmp_path_factory.mktemp("formulas")
    library = c_library(accepted, folder)
    compared = 0
    for index, formula in enumerate(accepted):
        for names in points:
            try:
                expected = evaluate(formula, names)
            except FormulaError:  # Python refuses a division by 0, which the checks refuse in a spec
                continue
            assert library.f(index, *(names[name] for name in C_NAMES)) == expected, (formula, names)
            compared += 1
    assume(compared)


def test_the_formulas_are_drawn_over_every_name_the_language_has() -> None:
    assert set(RANGES) == set(ir.FORMULA_NAMES) == set(C_NAMES)


def problems(formula: str, *clauses: str) -> list[str]:
    text = SPEC_WITH_FORMULA.format(formula) + "".join(f"{clause}\n" for clause in clauses)
    try:
        check(parse(text))
    except SpecError as err:
        return [problem.message for problem in err.diagnostics]
    return []


def test_the_movers_score_is_held_to_what_the_target_lets_it_be() -> None:
    """Below a target judged in play, and at 0 or more, the score stays small; where it may go below zero, or past
    a target judged at the end of a hand, it goes as far as a replay takes it."""
    formula = "total + score * 1000000 / 1000000 if total > 5"
    assert problems(formula) == []
    past = ("'score * 1000000' can reach {}4,398,046,511,104,000,000, beyond the 1,152,921,504,606,846,976 (2^60) the "
            "native engine computes in its 64 bits")
    assert problems(formula, "scores below zero: allowed") == [past.format("-")]
    at_hand_end = SPEC_WITH_FORMULA.format(formula).replace("at least 61", "at least 61 at the end of a hand")
    try:
        check(parse(at_hand_end))
    except SpecError as err:
        assert [problem.message for problem in err.diagnostics] == [past.format("")]
    else:
        raise AssertionError("a formula past 64 bits was accepted")


def test_a_placement_worth_more_than_the_limit_is_refused_and_one_at_it_accepted() -> None:
    assert problems("total * 1488 if total == 168") == []  # 250,000 at most: 168 * 1488 = 249,984
    assert problems("total * 1489 if total == 168") == [
        "a placement can score up to 250,152 points, more than the 250,000 a placement may score (the native engine "
        "sums their squares in 64 bits)"]
    assert problems("total * 1489 if total == 168", "raw points per displayed point: 2") == []  # 125,076 displayed
