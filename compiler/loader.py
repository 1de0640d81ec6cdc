"""Loading a spec file: read, decode, parse, check. The one entry point every command uses."""

from __future__ import annotations

from pathlib import Path

from . import ir
from .checks import check
from .diagnostics import Diagnostic, SpecError
from .parser import parse
from .textfile import TextFileError, read_text_file

MAX_SPEC_BYTES = 1_000_000


class LoadError(Exception):
    """A spec that could not be read at all (missing file, a directory): a usage/I-O problem."""


def read_source(path: Path) -> str:
    """The spec's text; LoadError when it cannot be read at all, SpecError when it is not a spec's text."""
    try:
        return read_text_file(path, MAX_SPEC_BYTES)
    except TextFileError as err:
        if err.kind == "unreadable":
            raise LoadError(f"{path}: cannot read: {err.detail}") from None
        if err.kind == "too large":
            raise SpecError([Diagnostic(f"the spec is {err.detail} bytes; specs may be at most {MAX_SPEC_BYTES:,}")])
        at = ir.Pos(err.line, err.column)
        if err.kind == "binary":
            raise SpecError([Diagnostic("the file holds binary data (a NUL byte)", at, "a spec is plain UTF-8 text")])
        raise SpecError([Diagnostic(f"the file is not UTF-8 text (byte {err.detail})", at,
                                    "save the spec as UTF-8 plain text")]) from None


def load(path: Path) -> ir.Variant | ir.MatchFormat:
    """Read and validate one spec; raises LoadError or SpecError."""
    return check(parse(read_source(path)))
