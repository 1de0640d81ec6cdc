"""Errors for people: `file:line:col: error: message`, the source line, a caret, a hint."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Iterable

from .ir import NOWHERE, Pos

WINDOW = 100  # the most characters of a source line shown under a message


@dataclass(frozen=True)
class Diagnostic:
    message: str
    pos: Pos = NOWHERE
    hint: str | None = None

    def render(self, filename: str, source: str | None) -> str:
        line, column = self.pos.line, self.pos.column
        if line < 1:
            line, column = 1, 1
        out = [f"{filename}:{line}:{column}: error: {_printable(self.message)}"]
        if source is not None:
            lines = source_lines(source)
            if line <= len(lines):
                text, caret = _window(_printable(lines[line - 1]), max(column, 1) - 1)
                out.append(f"    {text}")
                out.append("    " + " " * caret + "^")
        if self.hint:
            # A hint of several lines (say, clauses to add) keeps each line under the first.
            out.append("  hint: " + "\n        ".join(_printable(line) for line in self.hint.split("\n")))
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


def source_lines(text: str) -> list[str]:
    """The lines of a spec as the parser counts them: only a newline ends a line (CR LF too).

    str.splitlines would also break at form feeds and Unicode line separators, and then line
    numbers in messages would no longer match the parser's.
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _window(text: str, caret: int) -> tuple[str, int]:
    """A long line is cut to the part around the caret, with '...' where text was left out."""
    if len(text) <= WINDOW:
        return text, caret
    start = max(0, min(caret - WINDOW // 2, len(text) - WINDOW))
    end = start + WINDOW
    shown = ("..." if start else "") + text[start:end] + ("..." if end < len(text) else "")
    return shown, caret - start + (3 if start else 0)


def _printable(text: str) -> str:
    # Control characters would garble the caret line; show them escaped, one column each.
    return "".join(ch if ch.isprintable() or ch == "\t" else "?" for ch in text).replace("\t", " ")
