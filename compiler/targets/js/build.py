"""The JavaScript target's files beside the module: its TypeScript declarations, and its WebAssembly, built from the
C target's source for the variant by Zig's C compiler (the PyPI package ziglang: `pip install 'dominospec[web]'`),
or else by a clang on PATH that builds for wasm32-wasi (wasi-sdk's). The module imports nothing from its host: the
C template's clock() is a counter there, and wasi-libc is linked in whole.

A build is kept in the user's cache folder by a hash of the source, the compiler and its flags, so that compiling
again, or many processes compiling the same variants, builds each once."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ...language import ir
from ...language.diagnostics import Diagnostic, UsageError
from ...language.grammar import cache_folder
from ...native import EVENTS_BUILD
from ..c import C
from ..codegen import generate
from .context import runtime_sections

# The play interface (compiler/targets/c/runtime/play.c), malloc and free for the driver's buffers, the version
# and the build's events, which the driver checks; and the simulations' loop with its figures' names, which the
# benchmark runs.
VARIANT_EXPORTS = ("ds_abi_version", "ds_table_events", "ds_table_allowed", "ds_table_size", "ds_max_moves",
           "ds_state_count", "ds_layout_ints", "ds_table_new", "ds_table_start_scores", "ds_table_first_hand",
           "ds_table_deal", "ds_table_finish_game", "ds_table_next_game",
           "ds_table_legal", "ds_table_apply", "ds_table_bot_move", "ds_table_state", "ds_table_tiles",
           "ds_table_layout", "ds_simulate", "ds_stat_count", "malloc", "free")
# A match format's engine: its match score (compiler/targets/c/runtime/match.c).
FORMAT_EXPORTS = ("ds_abi_version", "ds_match_size", "ds_match_state_count", "ds_match_new", "ds_match_add_game",
                  "ds_match_state", "malloc", "free")
# A reactor (a library: _initialize, no main) for wasm32 with WASI's libc linked in; the search bots' games live on
# the stack, which the default 64 KiB does not hold.
FLAGS = ("--target=wasm32-wasi", "-mexec-model=reactor", "-O2", "-std=c99", "-s", "-Wl,-z,stack-size=1048576")
INSTALL = "pip install 'dominospec[web]'"
# A clang that builds for wasm32-wasi has its C library: this program builds there.
_PROBE = "#include <stdlib.h>\n#include <string.h>\n#include <math.h>\n#include <time.h>\n" \
         "int probe(void) { return (int)strlen(\"\") + (int)clock(); }\n"


def companions(spec: ir.Variant | ir.MatchFormat, spec_name: str) -> dict[str, str | bytes]:
    """The module's types (.d.ts) and its WebAssembly (.wasm): a variant's engine, in its build that writes events,
    or a match format's."""
    types = runtime_sections()
    if isinstance(spec, ir.MatchFormat):
        declared, built = types["format_types"], wasm(generate(spec, spec_name, C), FORMAT_EXPORTS)
    else:
        declared, built = types["types"], wasm(EVENTS_BUILD + generate(spec, spec_name, C), VARIANT_EXPORTS)
    return {".d.ts": C.header(spec_name) + "\n" + types["shared_types"] + "\n\n" + declared + "\n", ".wasm": built}


def wasm(source: str, exports: tuple[str, ...]) -> bytes:
    """The WebAssembly of a C engine's source, exporting exports: from the cache when it was built before, else
    built now."""
    command, version = compiler()
    flags = (*FLAGS, *(f"-Wl,--export={name}" for name in exports))
    key = hashlib.sha256("\0".join([source, version, *command[1:], *flags]).encode("utf-8")).hexdigest()[:32]
    folder = _cache()
    kept = None if folder is None else folder / f"{key}.wasm"
    if kept is not None:
        with contextlib.suppress(OSError):
            return kept.read_bytes()
    with tempfile.TemporaryDirectory(prefix="dominospec-wasm-") as work:
        c_file, built = Path(work) / "engine.c", Path(work) / "engine.wasm"
        c_file.write_text(source, encoding="utf-8")
        try:
            done = subprocess.run([*command, *flags, "-o", str(built), str(c_file)], capture_output=True, text=True,
                                  errors="replace", check=False)
        except OSError as err:
            raise _unavailable(f"the WebAssembly compiler {' '.join(command)} cannot be run: {err}") from None
        if done.returncode != 0 or not built.is_file():
            raise UsageError([Diagnostic(f"the WebAssembly compiler {' '.join(command)} refused the generated engine "
                                         f"(exit {done.returncode}); it said:", None,
                                         hint=done.stderr.rstrip() or "nothing")])
        data = built.read_bytes()
        if kept is not None:  # renamed into place: a process reading it at the same moment sees all of it or none
            with contextlib.suppress(OSError):
                os.replace(built, kept)
        return data


def compiler() -> tuple[list[str], str]:
    """The C compiler for wasm32 (its command, and what names its version for the cache): Zig's, from the
    ziglang package, else a clang on PATH that builds for wasm32-wasi. UsageError (exit 2) where there is none."""
    try:
        importlib.import_module("ziglang")
        return [sys.executable, "-m", "ziglang", "cc"], f"ziglang {importlib.metadata.version('ziglang')}"
    except (ImportError, importlib.metadata.PackageNotFoundError):
        pass
    clang = shutil.which("clang")
    if clang is not None and _builds_wasm(clang):
        return [clang], f"{clang}@{os.stat(clang).st_mtime_ns}"
    raise _unavailable("no compiler for WebAssembly found: the JavaScript target builds its engine with Zig's C "
                       "compiler, from the Python package ziglang, which is not installed (and no clang on PATH "
                       "builds for wasm32-wasi)")


def _unavailable(message: str) -> UsageError:
    return UsageError([Diagnostic(message, None, hint=f"install it with: {INSTALL}")])


@functools.cache
def _builds_wasm(clang: str) -> bool:
    """Whether this clang builds a wasm32-wasi reactor with a C library (wasi-sdk's does; a bare clang does not)."""
    with tempfile.TemporaryDirectory(prefix="dominospec-wasm-") as work:
        c_file = Path(work) / "probe.c"
        c_file.write_text(_PROBE, encoding="utf-8")
        try:
            done = subprocess.run([clang, *FLAGS[:4], "-o", str(Path(work) / "probe.wasm"), str(c_file)],
                                  capture_output=True, check=False, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            return False
        return done.returncode == 0


def _cache() -> Path | None:
    """The cache folder's wasm/, made where it can be; None where there is none to write."""
    folder = cache_folder()
    if folder is None:
        return None
    with contextlib.suppress(OSError):
        (folder / "wasm").mkdir(parents=True, exist_ok=True)
        if os.access(folder / "wasm", os.W_OK):
            return folder / "wasm"
    return None
