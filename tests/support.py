"""What the tests share: the repository's paths, the front end as one call, the CLI as a subprocess."""

from __future__ import annotations

import functools
import io
import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from dominospec.language import ir
from dominospec.language.checks import check
from dominospec.language.diagnostics import Problems, SpecError
from dominospec.language.parser import parse

if TYPE_CHECKING:
    from dominospec.native import NativeEngine

ROOT = Path(__file__).resolve().parent.parent
# The games of the wider family (../shared/FAMILY.md), one spec each, with their house options.
FAMILY = sorted(ROOT.glob("examples/family/*.rules"))
EXAMPLES = sorted(ROOT.glob("examples/*.rules")) + FAMILY
SHIPPED = sorted([*ROOT.glob("spec/*.rules"), *EXAMPLES])
# The documentation: README.md, and docs/ with one page per topic.
DOCS = ROOT / "docs"
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


def doc_page(name: str) -> str:
    """A page of docs/ (`language.md`), whose sections the tests hold to the code they describe."""
    return (DOCS / name).read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """A Markdown section: its heading line (`## The clauses`, without the line end) and everything up to
    the next heading of the same level or higher; lines inside fenced code are no headings."""
    level = len(heading) - len(heading.lstrip("#"))
    lines = text.splitlines(keepends=True)
    start = lines.index(heading + "\n")
    fenced = False
    for end in range(start + 1, len(lines)):
        fenced ^= lines[end].startswith("```")
        hashes = len(lines[end]) - len(lines[end].lstrip("#"))
        if not fenced and 0 < hashes <= level and lines[end][hashes] == " ":
            return "".join(lines[start:end])
    return "".join(lines[start:])


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real `dominospec` command, run from the repository root so paths in messages are stable; env: variables
    set besides the environment's own."""
    return subprocess.run([sys.executable, "-m", "dominospec", *args], cwd=ROOT,
                          env={**os.environ, "PYTHONUTF8": "1", **(env or {})}, capture_output=True, text=True,
                          encoding="utf-8", timeout=60)


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


# --- pages in a real browser ---------------------------------------------------------------------------

def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium): the HTML page was NOT "
                    "opened in a browser")
    return found


def browse(page: str, tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """Open an HTML page in headless Chromium with the given options (--dump-dom, --screenshot=FILE, ...)."""
    path = tmp_path / "page.html"
    path.write_text(page, encoding="utf-8")
    return subprocess.run([chromium(), "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                           "--force-device-scale-factor=1", f"--user-data-dir={tmp_path / 'profile'}", *options,
                           path.as_uri()], capture_output=True, text=True, timeout=180, check=True)


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB bytes) of a PNG, as Pillow decodes it."""
    from PIL import Image
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data)).convert("RGB")
    width, height = image.size
    pixels = image.tobytes()
    return width, height, [pixels[y * 3 * width:(y + 1) * 3 * width] for y in range(height)]


def near(pixel: tuple[int, int, int], colour: tuple[int, int, int]) -> bool:
    return sum(abs(p - c) for p, c in zip(pixel, colour, strict=True)) < 30


def lines_run(call: Callable[[], object]) -> tuple[int, object]:
    """How many Python lines call runs, every frame counted (a measure of work, not of time), and what it
    returns: a test compares the work at n and at 4n to show how it grows."""
    run = 0

    def count(frame: object, event: str, arg: object) -> object:
        nonlocal run
        run += event == "line"
        return count

    sys.settrace(count)
    try:
        result = call()
    finally:
        sys.settrace(None)
    return run, result


# The shipped English pack, as text: the tests of packs change one thing of it at a time.
EN_PACK = (ROOT / "compiler" / "documents" / "languages" / "en.json").read_text(encoding="utf-8")


def pack_changed(change: str, value: object) -> str:
    """The English pack's text with one entry (a dotted path) set to value, or removed where value is None."""
    data = json.loads(EN_PACK)
    *path, key = change.split(".")
    target = data
    for part in path:
        target = target[part]
    if value is None:
        del target[key]
    else:
        target[key] = value
    return json.dumps(data, indent=2, ensure_ascii=False)

