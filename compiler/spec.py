"""Loading a spec file: read, decode, parse, check. The one entry point every command uses."""

from __future__ import annotations

from pathlib import Path

from . import ir
from .checks import check
from .diagnostics import Diagnostic, SpecError
from .parser import decode, parse

MAX_SPEC_BYTES = 1_000_000


class LoadError(Exception):
    """A spec that could not be read at all (missing file, a directory): a usage/I-O problem."""


def read_source(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as err:
        raise LoadError(f"{path}: cannot read: {err.strerror or err}") from None
    if len(data) > MAX_SPEC_BYTES:
        raise SpecError([Diagnostic(f"the spec is {len(data):,} bytes; specs may be at most {MAX_SPEC_BYTES:,}")])
    if b"\0" in data:
        before = data[: data.index(b"\0")]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        raise SpecError([Diagnostic("the file holds binary data (a NUL byte)", ir.Pos(line, column),
                                    "a spec is plain UTF-8 text")])
    return decode(data)


def load(path: Path) -> ir.Variant:
    """Read and validate one spec; raises LoadError or SpecError."""
    return check(parse(read_source(path)))
