"""Errors for people: `file:line:col: error: message`, the source line, a caret, a hint."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Iterable

from .ir import NOWHERE, Pos


@dataclass(frozen=True)
class Diagnostic:
    message: str
    pos: Pos = NOWHERE
    hint: str | None = None

    def render(self, filename: str, source: str | None) -> str:
        line, column = self.pos.line, self.pos.column
        if line < 1:
            line, column = 1, 1
        out = [f"{filename}:{line}:{column}: error: {self.message}"]
        if source is not None:
            lines = source.splitlines()
            if line <= len(lines):
                text = _printable(lines[line - 1])
                out.append(f"    {text}")
                out.append("    " + " " * (max(column, 1) - 1) + "^")
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)


class SpecError(Exception):
    """One or more diagnostics about a spec; raised by the front end, never shown as a traceback."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.pos.line, d.pos.column))
        super().__init__("; ".join(d.message for d in self.diagnostics))


def nearest(word: str, candidates: Iterable[str]) -> str | None:
    """The closest known spelling, for a 'did you mean' hint."""
    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return found[0] if found else None


def _printable(text: str) -> str:
    # Control characters would garble the caret line; show them escaped, one column each.
    return "".join(ch if ch.isprintable() or ch == "\t" else "?" for ch in text).replace("\t", " ")
