"""The scoring formula: evaluated (the compiler tabulates it; engines only look results up) and printed."""

from __future__ import annotations

from dataclasses import dataclass

from . import ir


@dataclass
class FormulaError(Exception):
    message: str
    node: ir.Expr | ir.Cond


def evaluate(expr: ir.Expr, names: dict[str, int]) -> int:
    match expr:
        case ir.Number(value):
            return value
        case ir.Name(name):
            if name not in names:
                raise FormulaError(f"unknown name '{name}'", expr)
            return names[name]
        case ir.BinOp(op, left, right):
            a, b = evaluate(left, names), evaluate(right, names)
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            if op == "*":
                return a * b
            if b == 0:
                raise FormulaError("division by zero", right)
            return a // b
        case ir.Conditional(then, cond, otherwise):
            if holds(cond, names):
                return evaluate(then, names)
            return 0 if otherwise is None else evaluate(otherwise, names)
    raise AssertionError(f"not an expression: {expr!r}")  # pragma: no cover


def holds(cond: ir.Cond, names: dict[str, int]) -> bool:
    match cond:
        case ir.Compare(op, left, right):
            a, b = evaluate(left, names), evaluate(right, names)
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[op]
        case ir.MultipleOf(value, divisor, positive):
            a, d = evaluate(value, names), evaluate(divisor, names)
            if d == 0:
                raise FormulaError("'multiple of 0' divides by zero", divisor)
            return a % d == 0 and (a > 0 or not positive)
        case ir.Logic("and", left, right):
            return holds(left, names) and holds(right, names)
        case ir.Logic("or", left, right):
            return holds(left, names) or holds(right, names)
        case ir.Not(operand):
            return not holds(operand, names)
    raise AssertionError(f"not a condition: {cond!r}")  # pragma: no cover


def names_used(expr: ir.Expr | ir.Cond) -> list[ir.Name]:
    """Every name in a formula, in source order, whether or not evaluation would reach it."""
    match expr:
        case ir.Name():
            return [expr]
        case ir.Number():
            return []
        case ir.BinOp(_, left, right) | ir.Compare(_, left, right) | ir.Logic(_, left, right):
            return names_used(left) + names_used(right)
        case ir.Conditional(then, cond, otherwise):
            return names_used(then) + names_used(cond) + (names_used(otherwise) if otherwise else [])
        case ir.MultipleOf(value, divisor, _):
            return names_used(value) + names_used(divisor)
        case ir.Not(operand):
            return names_used(operand)
    raise AssertionError(f"not a formula node: {expr!r}")  # pragma: no cover


def max_total(variant: ir.Variant) -> int:
    """An upper bound on any end total: each tile counts at most its own pips."""
    n = variant.max_pip
    return n * (n + 1) * (n + 2) // 2


def score_table(variant: ir.Variant) -> list[int]:
    """Raw placement points for every end total from 0 to max_total (the checks ran first)."""
    return [evaluate(variant.placement_score, {"total": t}) for t in range(max_total(variant) + 1)]


def lead_points(variant: ir.Variant, tile: tuple[int, int]) -> int:
    """Raw points of a tile led alone: its pips are the total, it is the lead; a lone double shows one
    number on two ports (alike), any other tile two numbers; nothing stands at an end yet. Only for
    formulas that do not use the mover's score (the checks see to it where it matters)."""
    double = tile[0] == tile[1]
    names = {"total": tile[0] + tile[1], "score": 0, "target": variant.target.points, "lead": 1,
             "ends": 1 if double else 2, "ends_alike": int(double), "double_end": 0}
    return evaluate(variant.placement_score, names)


# --- printing -------------------------------------------------------------------------------

# Binding strength: a child binding looser than its context gets brackets.
_CONDITIONAL, _SUM, _PRODUCT, _ATOM = range(4)


def format_expr(e: ir.Expr, context: int = _CONDITIONAL) -> str:
    match e:
        case ir.Number(value):
            return str(value)
        case ir.Name(name):
            return name
        case ir.BinOp(op, left, right):
            level = _SUM if op in "+-" else _PRODUCT
            # Left-associative: an equally strong right operand needs brackets to keep its grouping.
            text = f"{format_expr(left, level)} {op} {format_expr(right, level + 1)}"
        case ir.Conditional(then, cond, otherwise):
            level = _CONDITIONAL
            text = f"{format_expr(then, _SUM)} if {format_cond(cond)}"
            if otherwise is not None:
                text += f" else {format_expr(otherwise, _CONDITIONAL)}"
        case _:
            raise AssertionError(f"not an expression: {e!r}")  # pragma: no cover
    return f"({text})" if level < context else text


_OR, _AND, _NOT = range(3)


def format_cond(c: ir.Cond, context: int = _OR) -> str:
    match c:
        case ir.Compare(op, left, right):
            return f"{format_expr(left, _SUM)} {op} {format_expr(right, _SUM)}"
        case ir.MultipleOf(value, divisor, positive):
            kind = "a positive multiple" if positive else "a multiple"
            return f"{format_expr(value, _SUM)} is {kind} of {format_expr(divisor, _SUM)}"
        case ir.Not(operand):
            return f"not {format_cond(operand, _NOT)}"
        case ir.Logic(op, left, right):
            level = _OR if op == "or" else _AND
            text = f"{format_cond(left, level)} {op} {format_cond(right, level + 1)}"
            # The grammar has no brackets for conditions, so a parsed spec never nests them this way.
            assert level >= context, "an 'or' inside an 'and' cannot be written in the rules language"
            return text
    raise AssertionError(f"not a condition: {c!r}")  # pragma: no cover


# --- source code for the engines -------------------------------------------------------------------

@dataclass(frozen=True)
class Syntax:
    """How a target's language writes what the formula's own words do not give it: each a format
    string over the operands a, b (and then, cond, other for the conditional)."""

    floor_div: str  # division rounding down, as the formula means it
    floor_mod: str  # the remainder that goes with it
    conditional: str
    and_: str
    or_: str
    not_: str


def to_source(e: ir.Expr | ir.Cond, names: dict[str, str], syntax: Syntax) -> str:
    """The formula as an expression of a target's language, fully bracketed, each name written as
    `names` says: only names, numbers and operators, so nothing to escape."""
    def source(node: ir.Expr | ir.Cond) -> str:
        match node:
            case ir.Number(value):
                return str(value)
            case ir.Name(name):
                return names[name]
            case ir.BinOp("/", left, right):
                return syntax.floor_div.format(a=source(left), b=source(right))
            case ir.BinOp(op, left, right) | ir.Compare(op, left, right):
                return f"({source(left)} {op} {source(right)})"
            case ir.Conditional(then, cond, otherwise):
                return syntax.conditional.format(then=source(then), cond=source(cond),
                                                 other="0" if otherwise is None else source(otherwise))
            case ir.MultipleOf(value, divisor, positive):
                a = source(value)
                multiple = f"{syntax.floor_mod.format(a=a, b=source(divisor))} == 0"
                return f"({multiple} {syntax.and_} {a} > 0)" if positive else f"({multiple})"
            case ir.Logic(op, left, right):
                return f"({source(left)} {syntax.and_ if op == 'and' else syntax.or_} {source(right)})"
            case ir.Not(operand):
                return f"({syntax.not_}{source(operand)})"
        raise AssertionError(f"not a formula node: {node!r}")  # pragma: no cover
    return source(e)
