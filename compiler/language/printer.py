"""IR -> spec text in canonical form: the layout `dominospec fmt` prints and round-trip tests use.

Every clause is written by its row in the table of clauses, in the table's order; a match format
starts with its name.
"""

from __future__ import annotations

from typing import Any

from . import ir
from .clauses import FORMAT_NAME, Clause, Scope, in_scope


def format_spec(spec: ir.Variant | ir.MatchFormat) -> str:
    """Canonical text of a variant or of a match format, comments kept with their clauses."""
    parts: list[tuple[Clause, Any]]
    if isinstance(spec, ir.MatchFormat):
        parts = [(FORMAT_NAME, spec)]
        parts += [(clause, spec) for clause in in_scope(Scope.SPEC, Scope.FORMAT) if clause is not FORMAT_NAME]
        parts += [(clause, spec.rules) for clause in in_scope(Scope.MATCH)]
    else:
        parts = [(clause, spec) for clause in in_scope(Scope.GAME, Scope.SPEC)]
        if spec.match is not None:
            parts += [(clause, spec.match) for clause in in_scope(Scope.MATCH)]
    lines: list[str] = []
    for clause, owner in parts:
        value = _clause_value(clause, owner, spec.where)
        if value is None:
            continue
        lines.extend(spec.comments.get(clause.key, ()))
        inline = spec.comments.get(clause.key + ":inline", ())
        lines.append(f"{clause.key}: {value}" + ("  " + " ".join(inline) if inline else ""))
    lines.extend(spec.comments.get(":end", ()))
    return "\n".join(lines) + "\n"


def _clause_value(clause: Clause, owner: Any, where: dict[str, ir.Pos]) -> str | None:
    """The text after the clause's colon; None when the clause is left out.

    A clause is written when it is required, when the author wrote it, or when its value is not its default.
    """
    value = clause.value_in(owner)
    if not clause.required and clause.key not in where and value == clause.default:
        return None
    return clause.write(value)
