"""What the command line draws on a terminal, and how it behaves when its reader goes away.

Colour only on a terminal and never with NO_COLOR; a progress display only on a terminal's stderr,
so a pipe or a file never sees it. rich is imported only when something is actually drawn, so that
`check` and `fmt` keep starting fast.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO, cast

from .language.diagnostics import PROGRAM, printable

# Words a report line is coloured by: the verdicts, and a diagnostic's severity.
STYLES = {r": ok\b": "green", r"\bFAIL\b": "bold red", r": error:": "bold red", r": warning:": "yellow",
          r"^interrupted$": "yellow"}


def wants_colour(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or stream.isatty()


def show(text: str, stream: TextIO | None = None) -> None:
    """Print text and a line end to stream (stdout by default), coloured where colour is wanted. Each
    line is shown as written, its control characters escaped (a document's text in a FAIL line, say)."""
    out = stream or sys.stdout
    text = "\n".join(printable(line) for line in text.split("\n"))
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


class GuardedStream(io.TextIOBase):
    """A standard stream that never ends a command: once it cannot be written (its reader has gone, as
    `dominospec replay ... | head -1` leaves it; closed, as `>&-` leaves it; a full device) what is left
    is dropped, and the command still runs to its end, so its exit code is the input's. `failure` keeps
    why, for the one line `report_lost_output` prints at the end."""

    def __init__(self, stream: TextIO | None, name: str):
        self.stream = stream
        self.name = name
        self.failure: OSError | None = None if stream is not None else OSError(errno.EBADF, "it is closed")
        self.wrote = False  # something was to be shown: a stream closed at the start lost it

    def write(self, text: str) -> int:
        self.wrote = self.wrote or bool(text)
        if self.failure is None and self.stream is not None:
            try:
                self.stream.write(text)
            except OSError as err:
                self._drop_the_rest(err)
        return len(text)

    def flush(self) -> None:
        if self.failure is None and self.stream is not None:
            try:
                self.stream.flush()
            except OSError as err:
                self._drop_the_rest(err)

    def isatty(self) -> bool:
        return self.failure is None and self.stream is not None and self.stream.isatty()

    def fileno(self) -> int:
        if self.stream is None:
            raise io.UnsupportedOperation(f"standard {self.name} is closed")
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]  # TextIOBase declares it read-only
        return self.stream.encoding if self.stream is not None else "utf-8"

    def _drop_the_rest(self, err: OSError) -> None:
        self.failure = err
        assert self.stream is not None
        # What is still buffered goes nowhere, so Python's own flush at exit does not fail either.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), self.stream.fileno())
        except (OSError, ValueError):
            pass

    @property
    def lost(self) -> str | None:
        """Why output was lost, when it was and not because its reader had gone (which is what a reader
        like `head` means to do); else None."""
        if self.failure is None or isinstance(self.failure, BrokenPipeError) or not self.wrote:
            return None
        return self.failure.strerror or str(self.failure)


def guard_standard_streams() -> tuple[GuardedStream, GuardedStream]:
    """Put guards on stdout and stderr, and the null device on any of the three standard descriptors
    that was closed, so that no file the command opens (or a C compiler it runs) takes its number."""
    for descriptor in (0, 1, 2):
        try:
            os.fstat(descriptor)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)
            if opened != descriptor:
                os.dup2(opened, descriptor)
                os.close(opened)
    out = GuardedStream(_unguarded(sys.stdout), "output")
    err = GuardedStream(_unguarded(sys.stderr), "error output")
    sys.stdout, sys.stderr = cast(TextIO, out), cast(TextIO, err)
    return out, err


def _unguarded(stream: TextIO | None) -> TextIO | None:
    """The stream itself, when an earlier call (a test calling main twice) guarded it already."""
    return stream.stream if isinstance(stream, GuardedStream) else stream


def report_lost_output(out: GuardedStream, err: GuardedStream) -> None:
    """Flush both streams; where standard output could not take what the command printed, one line on
    stderr says so (where stderr can take it)."""
    out.flush()
    if out.lost is not None:
        err.write(f"{PROGRAM}: error: standard output could not be written ({out.lost}); what it would "
                  f"have shown is lost\n")
    err.flush()
