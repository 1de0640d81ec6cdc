"""Engine modules: the spec path their header shows, and loading one in memory."""

from __future__ import annotations

import sys
import types
from pathlib import Path

from . import ir
from .codegen import generate
from .targets.python import PYTHON


def display_path(spec_path: Path) -> str:
    """The spec path as the generated header shows it: relative to the working directory if possible."""
    try:
        return spec_path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return spec_path.as_posix()


def load_engine(spec: ir.Variant | ir.MatchFormat, spec_path: Path) -> types.ModuleType:
    """Generate and import a Python engine in memory, exactly as it would be written to generated/."""
    name = f"dominospec_engine_{PYTHON.module_name(spec_path)}"
    module = types.ModuleType(name)
    module.__file__ = f"<engine for {spec_path}>"
    sys.modules[name] = module  # registered, so that introspection (typing, pickle) can find it
    exec(compile(generate(spec, display_path(spec_path), PYTHON), module.__file__, "exec"), module.__dict__)
    return module
