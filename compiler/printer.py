"""IR -> spec text in canonical form: the layout `dominospec fmt` prints and round-trip tests use."""

from __future__ import annotations

from dataclasses import fields

from . import ir
from .parser import CLAUSE_KEYS, MATCH_KEYS

_DEFAULTS = {f.name: f.default for f in fields(ir.Variant)}
_PIP_NAMES = {value: word for word, value in ir.PIP_WORDS.items()}


def format_spec(spec: ir.Variant | ir.MatchFormat) -> str:
    """Canonical text of a variant or of a match format, comments kept with their clauses."""
    if isinstance(spec, ir.MatchFormat):
        clauses = [("match format", f'"{spec.name}"'), ("source", None if spec.source is None else f'"{spec.source}"'),
                   ("game target", str(spec.game_target)), *_match_clauses(spec.rules, spec.where)]
    else:
        clauses = [(key, _clause_value(spec, key)) for key in CLAUSE_KEYS if key not in _MATCH_KEYS]
        if spec.match is not None:
            clauses += _match_clauses(spec.match, spec.where)
    lines: list[str] = []
    for key, value in clauses:
        if value is None:
            continue
        lines.extend(spec.comments.get(key, ()))
        inline = spec.comments.get(key + ":inline", ())
        lines.append(f"{key}: {value}" + ("  " + " ".join(inline) if inline else ""))
    lines.extend(spec.comments.get(":end", ()))
    return "\n".join(lines) + "\n"


_MATCH_KEYS = ("match format", *MATCH_KEYS)


def _match_clauses(rules: ir.MatchRules, where: dict[str, ir.Pos]) -> list[tuple[str, str | None]]:
    clauses: list[tuple[str, str | None]] = [("match points for a win", str(rules.win_points))]
    for line in rules.lines:
        below = line.below
        threshold = f"{below.numerator}" if below.denominator is None else f"{below.numerator}/{below.denominator} of the target"
        award = "wins the match" if line.points is None else f"scores {_count(line.points, 'match point')}"
        clauses.append((line.name, f"below {threshold} {award}"))
    unit = "match point" if rules.target_kind is ir.MatchTargetKind.FIRST_TO else "game"
    clauses.append(("match target", f"{rules.target_kind} {_count(rules.target, unit)}"))
    shown = "next game opener" in where or rules.next_game_opener is not ir.NextGameOpener.VARIANT_RULE
    clauses.append(("next game opener", str(rules.next_game_opener) if shown else None))
    return clauses


def _count(number: int, unit: str) -> str:
    return f"{number} {unit}" + ("" if number == 1 else "s")


def _shown(v: ir.Variant, key: str, field: str) -> bool:
    """A clause is printed when the author wrote it or it differs from its default."""
    return key in v.where or getattr(v, field) != _DEFAULTS.get(field)


def _clause_value(v: ir.Variant, key: str) -> str | None:
    field = CLAUSE_KEYS[key]
    if field == "players":
        return f"{v.min_players}" if v.min_players == v.max_players else f"{v.min_players} to {v.max_players}"
    if field in ("partnerships",) and not _shown(v, key, field):
        return None
    if field == "partnerships":
        return "none" if v.partnerships is ir.PartnershipKind.NONE else f"{v.partnerships} at {v.partnership_size} players"
    if field == "max_pip":
        return f"double {_PIP_NAMES.get(v.max_pip, v.max_pip)}"
    if field == "deal":
        return ", ".join(
            f"{' or '.join(str(c) for c in rule.player_counts)} players get {rule.tiles_each} tiles" for rule in v.deal)
    if field == "placement_score":
        return format_expr(v.placement_score)
    if field == "target":
        return f"{v.target.kind} {v.target.points}"
    if not _shown(v, key, field):
        return None
    value = getattr(v, field)
    if field in ("name", "source"):
        return f'"{value}"'
    if field == "reserve":
        return f"{value} tiles"
    if field == "draw_limit":
        return "no limit" if value is None else f"{value} tiles per turn"
    if field == "extra_turn":
        return ", ".join(str(k) for k in value) if value else "nothing"
    if field == "going_out_bonus":
        return f"{value} point" + ("" if value == 1 else "s")
    if field == "pip_award":
        return "none" if value is None else _format_award(value)
    if value is None:
        return None
    return str(value)


def _format_award(award: ir.PipAward) -> str:
    parts = [str(award.source)]
    if award.round_to is not None:
        parts.append(f"rounded to the nearest {award.round_to}")
    if award.divide_by != 1:
        parts.append(f"divided by {award.divide_by}")
    return ", ".join(parts)


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
            return f"{format_expr(value, _SUM)} is a {'positive ' if positive else ''}multiple of {format_expr(divisor, _SUM)}"
        case ir.Not(operand):
            return f"not {format_cond(operand, _NOT)}"
        case ir.Logic(op, left, right):
            level = _OR if op == "or" else _AND
            text = f"{format_cond(left, level)} {op} {format_cond(right, level + 1)}"
            # The grammar has no brackets for conditions, so a parsed spec never nests them this way.
            assert level >= context, "an 'or' inside an 'and' cannot be written in the rules language"
            return text
    raise AssertionError(f"not a condition: {c!r}")  # pragma: no cover
