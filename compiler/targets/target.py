"""What a compile target is: the templates, the context adapter that feeds them, and how its files are named."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..language import ir


@dataclass(frozen=True)
class Target:
    name: str
    package: str  # the import package whose templates/ folder holds this target's templates
    variant_template: str  # renders a variant's engine from variant_context(variant)
    variant_context: Callable[[ir.Variant], object]
    match_format_template: str  # renders a match format's module from match_format_context(format)
    match_format_context: Callable[[ir.MatchFormat], object]
    header: Callable[[str], str]  # the spec's file name -> the first line of every file, naming it safely
    suffix: str  # of the files written, with its dot
    module_name: Callable[[Path], str]  # the spec's path -> its module's name, without the suffix; InputError
    # where the file name gives none that is safe to import

    # The files written beside each module, made from a spec and its file name: by
    # suffix (".wasm", ".d.ts"), text or bytes. A target whose files a compiler builds raises UsageError where
    # there is none to run. None: the module alone.
    companions: Callable[[ir.Variant | ir.MatchFormat, str], dict[str, str | bytes]] | None = None

    def file_name(self, spec_path: Path) -> str:
        return self.module_name(spec_path) + self.suffix


def adapter(module: str, name: str) -> Callable[[Any], object]:
    """A context adapter, imported when first used: the commands that only name the targets (check, fmt)
    never load the adapters, whose tables of dataclasses cost every start of the command line."""
    def adapt(spec: Any) -> object:
        built: object = getattr(importlib.import_module(module), name)(spec)
        return built
    return adapt
