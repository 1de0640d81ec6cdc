"""The one problem type of every file a user hands us, and its one renderer.

A spec, a language pack, a rule document, a replay record and a file of placements all report what
is wrong with them as Diagnostics: `file:line:col: error: message`, the source line, a caret, a hint.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from .ir import NOWHERE, Pos

WINDOW = 100  # the most characters of a source line shown under a message
PROGRAM = "dominospec"  # what a problem that belongs to no file is reported under


@dataclass(frozen=True)
class Diagnostic:
    """One problem. pos NOWHERE is the start of the file; pos None a problem no line:col can place
    (a record's move that breaks the rules: the message names the hand and the move)."""

    message: str
    pos: Pos | None = NOWHERE
    hint: str | None = None
    severity: Literal["error", "warning"] = "error"
    file: str | None = None  # None: the command line itself
    end_column: int | None = None  # the column just past the fault, where it is known

    @property
    def place(self) -> tuple[int, int] | None:
        """(line, column) from 1, or None; NOWHERE counts as the file's first character."""
        if self.pos is None:
            return None
        if self.pos.line < 1:
            return 1, 1
        return self.pos.line, self.pos.column

    def headline(self, filename: str | None = None) -> str:
        """The first line alone: `file:line:col: error: message`."""
        name = filename if filename is not None else self.file
        where = PROGRAM if name is None else printable(name)
        if name is not None and self.place is not None:
            where += ":{}:{}".format(*self.place)
        return f"{where}: {self.severity}: {printable(self.message)}"

    def render(self, filename: str | None = None, source: str | None = None) -> str:
        """The headline, the source line with a caret under the place (when the source is known),
        and the hint. filename, when given, names the file in place of self.file."""
        out = [self.headline(filename)]
        if source is not None and self.place is not None:
            line, column = self.place
            lines = source_lines(source)
            if line <= len(lines):
                shown = lines[line - 1].replace("\t", " ")  # a tab one column wide, as the caret counts it
                text, caret = _window(printable(shown), len(printable(shown[:max(column, 1) - 1])))
                out.append(f"    {text}")
                out.append("    " + " " * caret + "^")
        if self.hint:
            # A hint of several lines (say, clauses to add) keeps each line under the first.
            out.append("  hint: " + "\n        ".join(printable(line) for line in self.hint.split("\n")))
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        place = self.place
        return {"severity": self.severity, "file": self.file, "line": place[0] if place else None,
                "column": place[1] if place else None, "end_column": self.end_column,
                "message": self.message, "hint": self.hint}


class Problems(Exception):
    """Diagnostics that stop a command; exit_code says what kind of fault they are.

    source is the text of the file they are about, when it could be read, for the caret lines.
    """

    exit_code = 1

    def __init__(self, diagnostics: Iterable[Diagnostic], source: str | None = None):
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.pos.line, d.pos.column) if d.pos else (0, 0))
        self.source = source
        super().__init__("; ".join(d.message for d in self.diagnostics))

    def render(self) -> str:
        return "\n".join(d.render(source=self.source) for d in self.diagnostics)


class InputError(Problems):
    """A file (or a placement) that is not what it should be: exit 1."""


class SpecError(InputError):
    """One or more diagnostics about a spec; raised by the front end, never shown as a traceback."""


class UsageError(Problems):
    """The command cannot run as asked: a file that cannot be opened, an unknown language, a spec of
    the wrong kind: exit 2."""

    exit_code = 2


def nearest(word: str, candidates: Iterable[str]) -> str | None:
    """The closest known spelling, for a 'did you mean' hint."""
    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return found[0] if found else None


def source_lines(text: str) -> list[str]:
    """The lines of a file as the parser counts them: only a newline ends a line (CR LF too).

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


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str) -> str:
    """Text as written, with each character a terminal would not show as itself (a control: a newline or
    an escape sequence in a file name would forge a line of output, or colour it; a mark that reorders
    the text around it; a space that is not the space) written as its escape, `\\n`, `\\x1b`, `\\u202e`."""
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
