"""The JavaScript target: per variant an ES module without dependencies (<variant>.js), its TypeScript declarations
(<variant>.d.ts), and the WebAssembly module it plays in (<variant>.wasm: the C target's engine, built for wasm32 by
Zig's C compiler). The JavaScript drives the engine's play interface as dominospec.native.Game does from Python;
every rule is the engine's. A match format gets the same three files: its match score, over its C engine."""

from __future__ import annotations

from pathlib import Path

from ...language import ir
from ...language.diagnostics import Diagnostic, InputError
from ..c import header
from ..python import identifier
from ..target import Target, adapter


def module_name(spec_path: Path) -> str:
    """spec/horse_race.rules -> horse_race, as the other targets name it; InputError for a file name that is not
    plain ASCII (names that differ only in case or accents would share one file)."""
    if not spec_path.stem.isascii():
        raise InputError([Diagnostic("cannot compile this spec to a JavaScript engine: the file name is not plain "
                                     "ASCII, and names that differ only in case or accents would share one file", None,
                                     "rename the file with ASCII letters, digits and _, such as club_fives.rules",
                                     file=str(spec_path))])
    return identifier(spec_path.stem)


def companions(spec: ir.Variant | ir.MatchFormat, spec_name: str) -> dict[str, str | bytes]:
    """The module's types and the WebAssembly it plays in."""
    from .build import companions as build  # the C target and the compiler: only compiling this target pays

    return build(spec, spec_name)


JS = Target(
    name="js", package="dominospec.targets.js",
    variant_template="engine.js.j2", variant_context=adapter(f"{__name__}.context", "variant_context"),
    match_format_template="match_format.js.j2",
    match_format_context=adapter(f"{__name__}.context", "match_format_context"),
    header=header, suffix=".js", module_name=module_name, companions=companions,
)
