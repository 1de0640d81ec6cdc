"""What the command line draws on a terminal, and how it behaves when its reader goes away.

Colour only on a terminal and never with NO_COLOR; a progress display only on a terminal's stderr,
so a pipe or a file never sees it. rich is imported only when something is actually drawn, so that
`check` and `fmt` keep starting fast.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

# Words a report line is coloured by: the verdicts, and a diagnostic's severity.
STYLES = {r": ok\b": "green", r"\bFAIL\b": "bold red", r": error:": "bold red", r": warning:": "yellow",
          r"^interrupted$": "yellow"}


def wants_colour(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or stream.isatty()


def show(text: str, stream: TextIO | None = None) -> None:
    """Print text and a line end to stream (stdout by default), coloured where colour is wanted."""
    out = stream or sys.stdout
    if not wants_colour(out):
        print(text, file=out)
        return
    from rich.console import Console
    from rich.text import Text
    styled = Text(text)
    for pattern, style in STYLES.items():
        styled.highlight_regex(pattern, style)
    Console(file=out, highlight=False, force_terminal=True, soft_wrap=True).print(styled)


@contextmanager
def progress(what: str) -> Iterator[None]:
    """A spinner with `what` on stderr while the block runs, when stderr is a terminal; else nothing."""
    if not sys.stderr.isatty():
        yield
        return
    from rich.console import Console
    from rich.text import Text
    with Console(stderr=True).status(Text(what)):  # a Text: a path's "[/]" is shown, not read as markup
        yield


class ClosedPipeGuard(io.TextIOBase):
    """Stdout that, once its reader has gone (`dominospec replay ... | head -1`), drops what is left:
    the command still runs to its end, so its errors reach stderr and its exit code is the input's."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.reader_gone = False

    def write(self, text: str) -> int:
        if not self.reader_gone:
            try:
                self.stream.write(text)
            except BrokenPipeError:
                self._drop_the_rest()
        return len(text)

    def flush(self) -> None:
        if not self.reader_gone:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self._drop_the_rest()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def _drop_the_rest(self) -> None:
        self.reader_gone = True
        # What is still buffered goes nowhere, so Python's own flush at exit does not fail either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), self.stream.fileno())
