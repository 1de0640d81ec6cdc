"""What the tests share: the repository's paths, the front end as one call, the CLI as a subprocess."""

from __future__ import annotations

import functools
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from dominospec import ir
from dominospec.checks import check
from dominospec.diagnostics import Problems, SpecError
from dominospec.parser import parse

if TYPE_CHECKING:
    from dominospec.native import NativeEngine

ROOT = Path(__file__).resolve().parent.parent
# The games of the wider family (../shared/FAMILY.md), one spec each, with their house options.
FAMILY = sorted(ROOT.glob("examples/family/*.rules"))
EXAMPLES = sorted(ROOT.glob("examples/*.rules")) + FAMILY
SHIPPED = sorted([*ROOT.glob("spec/*.rules"), *EXAMPLES])
# The user's rule documents sit beside the checkout (CI lays shared/ there too).
SEEDS = ROOT.parent / "shared" / "seeds"
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the user's seed documents are not at {SEEDS}")

# A small valid spec; the placement score (line 7) is left to fill in.
SPEC_WITH_FORMULA = """\
variant: "Formula test"
tiles: double six
players: 2 to 4
deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles
undealt tiles: out of play
spinners: none
placement score: {}
target: at least 61
"""


def front_end(text: str) -> ir.Variant | ir.MatchFormat | None:
    """Parse and check: the Variant (or MatchFormat), or None when the front end rejects the text with a SpecError.

    Any other exception escapes and fails the calling test. A rejection must say what is wrong,
    and every diagnostic must render against the text.
    """
    try:
        return check(parse(text))
    except SpecError as err:
        assert err.diagnostics, "a SpecError without a diagnostic"
        for diagnostic in err.diagnostics:
            assert diagnostic.message
            diagnostic.render("fuzz.rules", text)
        return None


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The real `dominospec` command, run from the repository root so paths in messages are stable."""
    env = {**os.environ, "PYTHONUTF8": "1"}
    return subprocess.run([sys.executable, "-m", "dominospec", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=60)


@functools.cache
def native_engine(path: Path) -> NativeEngine | Problems:
    """A spec's native engine, built once per session; the Problems raised where the C target or the
    compiler refuses the spec (the tests assert what a refusal says)."""
    from dominospec import native
    try:
        return native.load(path)
    except Problems as err:
        return err


def seed_dealing_no_double(tiles: Sequence[tuple[int, int]], dealt: int) -> tuple[int, list[tuple[int, int]]]:
    """A seed whose first shuffle (the engines sort the set on the seed's random numbers) puts no double
    among the first `dealt` tiles, and that shuffle: a game from it must deal again."""
    for seed in range(20_000):
        draw = random.Random(seed).random
        order = sorted(tiles, key=lambda _: draw())
        if not any(t[0] == t[1] for t in order[:dealt]):
            return seed, order
    raise AssertionError(f"no seed deals {dealt} tiles without a double")


def read_to_the_end(leader: int) -> bytes:
    """All a pseudo-terminal shows until its process has ended; the terminal is closed after."""
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closes with the process
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    return seen
