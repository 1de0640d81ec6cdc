"""Loading an engine in memory, exactly as `compile` writes it."""

from __future__ import annotations

import functools
import sys
import types
from pathlib import Path

from ..language import ir
from .codegen import generate
from .python import PYTHON, identifier


def load_engine(spec: ir.Variant | ir.MatchFormat, spec_path: Path) -> types.ModuleType:
    """Generate and import a Python engine in memory, exactly as it would be written to generated/.

    Its module name has a prefix of its own, so any spec file name will do (json.rules, class.rules).
    """
    name = f"dominospec_engine_{identifier(spec_path.stem)}"
    module = types.ModuleType(name)
    module.__file__ = f"<engine for {spec_path}>"
    sys.modules[name] = module  # registered, so that introspection (typing, pickle) can find it
    exec(_compiled(generate(spec, spec_path.name, PYTHON), module.__file__), module.__dict__)
    return module


@functools.lru_cache(maxsize=256)
def _compiled(source: str, file_name: str) -> types.CodeType:
    """An engine's code, kept by its source: a program that loads the same engine again compiles it once
    (each load is still a module of its own)."""
    return compile(source, file_name, "exec")
