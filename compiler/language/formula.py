"""The scoring formula: evaluated (the compiler tabulates it; engines only look results up) and printed."""

from __future__ import annotations

import math
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


# --- every case at once: bounds over boxes of cases ----------------------------------------------------

# A check over a formula's cases splits boxes of cases at most this many times; past it, it gives up.
MAX_SPLITS = 20_000


class TooManyCases(Exception):
    """The formula's cases could not be settled within MAX_SPLITS splits."""


class _Unsure(Exception):
    """Some case of the box might fail to evaluate: the box must be split."""


@dataclass(frozen=True)
class Span:
    """A set of whole numbers bounding a formula's values over a box of cases: those from lo to hi that
    leave the remainder rem when divided by step (step 0: the one number rem)."""

    lo: int
    hi: int
    step: int
    rem: int

    @staticmethod
    def of(lo: int, hi: int) -> Span:
        return Span(lo, hi, 0, lo) if lo == hi else Span(lo, hi, 1, 0)

    @staticmethod
    def bounded(lo: int, hi: int, step: int, rem: int) -> Span | None:
        """The span, its bounds pulled in to its first and last members; None when it has none."""
        if step == 0:
            return Span(rem, rem, 0, rem) if lo <= rem <= hi else None
        lo += (rem - lo) % step
        hi -= (hi - rem) % step
        if lo > hi:
            return None
        return Span(lo, lo, 0, lo) if lo == hi else Span(lo, hi, step, rem % step)

    @property
    def exact(self) -> bool:
        return self.step == 0

    @property
    def has_zero(self) -> bool:
        return self.lo <= 0 <= self.hi and (self.rem == 0 if self.exact else self.rem % self.step == 0)

    def multiples_of(self, d: int) -> bool:
        """Whether every member is a multiple of d."""
        return self.step % d == 0 and self.rem % d == 0

    def join(self, other: Span) -> Span:
        step = math.gcd(self.step, other.step, abs(self.rem - other.rem))
        return Span(min(self.lo, other.lo), max(self.hi, other.hi), step, self.rem % step if step else self.rem)


Box = dict[str, Span]


@dataclass(frozen=True)
class _Walk:
    """How bounds are taken. Strict: a divisor that may be 0 makes the box unsure (_Unsure), for the check that
    finds such cases; not strict: the formula is known never to divide by 0, so a quotient is bounded by its
    dividend. `seen` gathers every value computed on the way with its expression, innermost first."""

    strict: bool = True
    seen: list[tuple[Span, ir.Expr]] | None = None


_STRICT = _Walk()


def first_bad_case(expr: ir.Expr, box: dict[str, tuple[int, int]], unit: int) -> dict[str, int] | None:
    """The first case (in the order of the names in box, the first name counting most, each name's values
    going up) where the formula cannot be evaluated, is negative or is no multiple of unit; None if none is.
    Boxes of cases are bounded as a whole and split only where their bounds settle nothing, so the work
    follows the formula's shape rather than the number of cases; TooManyCases past MAX_SPLITS splits."""
    names = list(box)
    stack = [{name: Span.of(lo, hi) for name, (lo, hi) in box.items()}]
    splits = 0
    while stack:
        cases = stack.pop()
        wide = next((name for name in names if not cases[name].exact), None)
        if wide is None:
            case = {name: cases[name].lo for name in names}
            if is_bad_case(expr, case, unit):
                return case
            continue
        try:
            if _fine(_bounds(expr, cases, _STRICT), unit):
                continue
        except _Unsure:
            pass
        splits += 1
        if splits > MAX_SPLITS:
            raise TooManyCases()
        span = cases[wide]
        middle = (span.lo + span.hi) // 2
        stack.append({**cases, wide: Span.of(middle + 1, span.hi)})  # the upper half after the lower
        stack.append({**cases, wide: Span.of(span.lo, middle)})
    return None


def is_bad_case(expr: ir.Expr, case: dict[str, int], unit: int) -> bool:
    """Whether the formula cannot be evaluated in this case, is negative, or is no multiple of unit."""
    try:
        value = evaluate(expr, case)
    except FormulaError:
        return True
    return value < 0 or value % unit != 0


def value_span(expr: ir.Expr, box: dict[str, tuple[int, int]]) -> Span | None:
    """Bounds on every value the formula takes over the box of cases; None where some case might not evaluate."""
    try:
        return _bounds(expr, _box(box), _STRICT)
    except _Unsure:
        return None


def computed_values(expr: ir.Expr, box: dict[str, tuple[int, int]]) -> tuple[Span, list[tuple[int, ir.Expr]]]:
    """Bounds on every value of a formula that never divides by 0 over the box of cases, and the farthest from
    0 of every value computed on the way to it (conditions' too), innermost first, each with its expression:
    what the native engine's integers must hold."""
    if any(lo > hi for lo, hi in box.values()):
        return Span.of(0, 0), []  # a name with no value: no case to compute (the checks say why)
    seen: list[tuple[Span, ir.Expr]] = []
    values = _bounds(expr, _box(box), _Walk(strict=False, seen=seen)) or Span.of(0, 0)
    return values, [(span.lo if abs(span.lo) > abs(span.hi) else span.hi, part) for span, part in seen]


def _box(box: dict[str, tuple[int, int]]) -> Box:
    return {name: Span.of(lo, hi) for name, (lo, hi) in box.items()}


def _fine(values: Span | None, unit: int) -> bool:
    return values is None or (values.lo >= 0 and values.multiples_of(unit))


def _bounds(expr: ir.Expr, cases: Box, walk: _Walk) -> Span | None:
    """Every value the formula takes over the cases (None: no case reaches this part); _Unsure where
    some case might not evaluate, when the walk is strict."""
    values = _values(expr, cases, walk)
    if values is not None and walk.seen is not None:
        walk.seen.append((values, expr))
    return values


def _values(expr: ir.Expr, cases: Box, walk: _Walk) -> Span | None:
    match expr:
        case ir.Number(value):
            return Span.of(value, value)
        case ir.Name(name):
            return cases[name]
        case ir.BinOp(op, left, right):
            pair = _pair(left, right, cases, walk)
            return None if pair is None else _arithmetic(op, *pair, walk)
        case ir.Conditional(then, cond, otherwise):
            truth = _truth(cond, cases, walk)
            parts = []
            if truth is not False:
                narrowed = _narrow(cond, cases, True)
                parts.append(None if narrowed is None else _bounds(then, narrowed, walk))
            if truth is not True:
                narrowed = _narrow(cond, cases, False)
                parts.append(None if narrowed is None else
                             Span.of(0, 0) if otherwise is None else _bounds(otherwise, narrowed, walk))
            found = [part for part in parts if part is not None]
            return found[0].join(found[1]) if len(found) == 2 else found[0] if found else None
    raise AssertionError(f"not an expression: {expr!r}")  # pragma: no cover


def _pair(left: ir.Expr, right: ir.Expr, cases: Box, walk: _Walk) -> tuple[Span, Span] | None:
    """The bounds of both operands (both are evaluated); None when no case reaches them."""
    a, b = _bounds(left, cases, walk), _bounds(right, cases, walk)
    return None if a is None or b is None else (a, b)


def _arithmetic(op: str, a: Span, b: Span, walk: _Walk) -> Span:
    if op == "+":
        return _spanning(a.lo + b.lo, a.hi + b.hi, math.gcd(a.step, b.step), a.rem + b.rem)
    if op == "-":
        return _spanning(a.lo - b.hi, a.hi - b.lo, math.gcd(a.step, b.step), a.rem - b.rem)
    if op == "*":
        corners = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        step = math.gcd(a.step * b.step, a.step * b.rem, b.step * a.rem)
        return _spanning(min(corners), max(corners), step, a.rem * b.rem)
    if b.has_zero:
        if walk.strict:
            raise _Unsure()  # some case may divide by zero
        largest = max(abs(a.lo), abs(a.hi))  # a quotient rounded down is no larger than its dividend
        return Span.of(-largest, largest)
    if a.exact and b.exact:
        return Span.of(a.lo // b.lo, a.lo // b.lo)
    corners = [x // y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
    if b.exact and a.step % b.lo == 0:  # (rem + k step) // d is rem // d + k (step / d)
        return _spanning(min(corners), max(corners), abs(a.step // b.lo), a.rem // b.lo)
    return Span.of(min(corners), max(corners))


def _spanning(lo: int, hi: int, step: int, rem: int) -> Span:
    """The values from lo to hi with this remainder (they are never none: the operands have members)."""
    found = Span.bounded(lo, hi, step, rem)
    assert found is not None, (lo, hi, step, rem)
    return found


_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_NEGATED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


def _truth(cond: ir.Cond, cases: Box, walk: _Walk) -> bool | None:
    """Whether the condition holds in every case (True), in none (False), or in some (None)."""
    match cond:
        case ir.Compare(op, left, right):
            pair = _pair(left, right, cases, walk)
            return None if pair is None else _compare(op, *pair)
        case ir.MultipleOf(value, divisor, positive):
            pair = _pair(value, divisor, cases, walk)
            if pair is None:
                return None
            a, d = pair
            if d.has_zero and walk.strict:
                raise _Unsure()  # some case may ask for a multiple of 0
            if not d.exact or d.lo == 0:
                return None
            step = math.gcd(a.step, d.lo)
            multiple = True if a.multiples_of(d.lo) else False if a.rem % step else None
            sign = True if a.lo > 0 else False if a.hi <= 0 else None
            return _all(multiple, sign) if positive else multiple
        case ir.Logic(op, left, right):
            first = _truth(left, cases, walk)
            if first is (op == "or"):
                return first  # the right-hand side is never evaluated
            second = _truth(right, cases, walk)
            return _all(first, second) if op == "and" else _any(first, second)
        case ir.Not(operand):
            inner = _truth(operand, cases, walk)
            return None if inner is None else not inner
    raise AssertionError(f"not a condition: {cond!r}")  # pragma: no cover


def _all(a: bool | None, b: bool | None) -> bool | None:
    return False if a is False or b is False else True if a and b else None


def _any(a: bool | None, b: bool | None) -> bool | None:
    return True if a is True or b is True else False if a is False and b is False else None


def _compare(op: str, a: Span, b: Span) -> bool | None:
    if op in (">", ">="):
        return _compare(_FLIPPED[op], b, a)
    if op == "<":
        return True if a.hi < b.lo else False if a.lo >= b.hi else None
    if op == "<=":
        return True if a.hi <= b.lo else False if a.lo > b.hi else None
    equal = True if a.exact and b.exact and a.lo == b.lo else False if a.hi < b.lo or b.hi < a.lo else None
    return equal if op == "==" or equal is None else not equal


def _narrow(cond: ir.Cond, cases: Box, holds: bool) -> Box | None:
    """The cases narrowed to those where the condition holds (or fails), as far as names compared with a
    fixed number say; None when no case is left."""
    match cond:
        case ir.Compare(op, ir.Name(name), other) | ir.Compare(op, other, ir.Name(name)):
            if not isinstance(cond.left, ir.Name) or cond.left.name != name:
                op = _FLIPPED[op]
            bound = _safe_bounds(other, cases)
            if bound is None or not bound.exact:
                return cases
            return _narrowed(cases, name, op if holds else _NEGATED[op], bound.lo)
        case ir.MultipleOf(ir.Name(name), divisor, positive) if holds:
            d, span = _safe_bounds(divisor, cases), cases[name]
            if d is None or not d.exact or d.lo == 0 or span.step != 1:
                return cases  # an exact name needs no narrowing; other steps are not met here
            found = Span.bounded(max(span.lo, 1) if positive else span.lo, span.hi, abs(d.lo), 0)
            return None if found is None else {**cases, name: found}
        case ir.Logic("and", left, right) if holds:
            first = _narrow(left, cases, True)
            return None if first is None else _narrow(right, first, True)
        case ir.Logic("or", left, right) if not holds:
            first = _narrow(left, cases, False)
            return None if first is None else _narrow(right, first, False)
        case ir.Not(operand):
            return _narrow(operand, cases, not holds)
    return cases


def _safe_bounds(expr: ir.Expr, cases: Box) -> Span | None:
    """Bounds that only narrow a box: their values were gathered where the expression was computed."""
    try:
        return _bounds(expr, cases, _STRICT)
    except _Unsure:
        return None


def _narrowed(cases: Box, name: str, op: str, number: int) -> Box | None:
    span = cases[name]
    lo, hi = span.lo, span.hi
    if op == "<":
        hi = min(hi, number - 1)
    elif op == "<=":
        hi = min(hi, number)
    elif op == ">":
        lo = max(lo, number + 1)
    elif op == ">=":
        lo = max(lo, number)
    elif op == "==":
        lo, hi = max(lo, number), min(hi, number)
    elif op == "!=" and span.exact and span.lo == number:
        return None
    found = Span.bounded(lo, hi, span.step, span.rem)
    return None if found is None else {**cases, name: found}


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
