"""Loading a spec file: read, decode, parse, check. The one entry point every command uses."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

from . import ir
from .checks import check
from .diagnostics import Diagnostic, InputError, SpecError, UsageError
from .parser import parse
from .textfile import SPEC, read_text_file


def read_source(path: Path) -> str:
    """The spec's text; UsageError when it cannot be read at all, SpecError when it is not a spec's text."""
    try:
        return read_text_file(path, SPEC)
    except InputError as err:
        raise SpecError(err.diagnostics) from None


def load(path: Path) -> ir.Variant | ir.MatchFormat:
    """Read and validate one spec; raises UsageError or SpecError, whose diagnostics name the file and
    whose source gives their caret lines."""
    text = read_source(path)
    try:
        return _checked(text)
    except SpecError as err:
        raise SpecError([dataclasses.replace(d, file=str(path)) for d in err.diagnostics], text) from None


@functools.lru_cache(maxsize=256)
def _checked(text: str) -> ir.Variant | ir.MatchFormat:
    """A spec's text parsed and checked, kept: a program that loads the same spec again (the tests, the
    pytest plugin, a notebook) gets the one spec, which nothing changes. A spec at fault is not kept."""
    return check(parse(text))


def load_variant(path: Path, command: str) -> ir.Variant:
    """load() for a command that needs a variant: UsageError, naming the command, for a match format."""
    spec = load(path)
    if not isinstance(spec, ir.Variant):
        raise UsageError([Diagnostic(f"{path} is a match format; {command} needs a variant's spec", None)])
    return spec
