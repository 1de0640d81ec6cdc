"""A scoring-table row is checked against the totals a layout of the variant can show: a row for an end
total that no layout reaches fails, saying which totals the set's ends make; every total a game shows passes."""

from __future__ import annotations

import functools
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.documents.document import TableRow
from dominospec.engine_api import EngineLayout, Tile, VariantEngine, as_variant
from dominospec.language.loader import load
from dominospec.targets.engines import load_engine
from dominospec.verifying.verify import verify_row
from support import ROOT, run_cli

LINE_SIX = "spec/fives_and_threes.rules"  # double six, no spinner: a line of two ends
SPINNER_NINE = "examples/double_nine_fives.rules"  # double nine, the first double spins, a double counts one half
LINE_NINE = "double nine line"  # the same without a spinner
EVERY_DOUBLE = "spec/horse_race.rules"  # double six, every double spins
SPECS = [LINE_SIX, LINE_NINE, SPINNER_NINE, EVERY_DOUBLE, "examples/family/fours_spinner.rules"]


@functools.cache
def engine_of(spec: str) -> VariantEngine:
    if spec == LINE_NINE:
        text = (ROOT / SPINNER_NINE).read_text(encoding="utf-8")
        text = text.replace("spinners: first double", "spinners: none").replace("branches open: at once\n", "")
        path = Path(tempfile.mkdtemp(prefix="dominospec-rows-")) / "line_nine.rules"
        path.write_text(text, encoding="utf-8")
    else:
        path = ROOT / spec
    variant = as_variant(load_engine(load(path), path))
    assert variant is not None
    return variant


def end_total_fails(engine: VariantEngine, total: int) -> bool:
    raw, displayed = (0, 0) if total >= len(engine.RAW_POINTS) else engine.placement_points(total)
    row = TableRow(line=1, table="scoring", cells={"end_total": total, "raw": raw, "displayed": displayed})
    return any(f.field == "end total" for f in verify_row(row, engine))


def shown_total(layout: EngineLayout) -> int:
    return sum(value for _, _, value in layout.counted_ends())


def tiles_of(engine: VariantEngine) -> list[Tile]:
    return [(low, high) for high in range(engine.MAX_PIP + 1) for low in range(high + 1)]


@pytest.mark.parametrize("spec", SPECS)
@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_total_a_random_layout_shows_is_a_row_that_passes(spec: str, seed: int) -> None:
    engine = engine_of(spec)
    rng = random.Random(seed)
    tiles = tiles_of(engine)
    rng.shuffle(tiles)
    layout = engine.Layout()
    layout.place(tiles.pop())
    shown = {shown_total(layout)}
    while True:
        moves = [(tile, on, port) for tile in tiles for on, port in layout.placements_for(tile)]
        if not moves:
            break
        tile, on, port = rng.choice(moves)
        layout.place(tile, on, port)
        tiles.remove(tile)
        shown.add(shown_total(layout))
    assert [total for total in sorted(shown) if end_total_fails(engine, total)] == []


@pytest.mark.parametrize("spec", [LINE_SIX, LINE_NINE])
def test_on_a_line_a_row_passes_exactly_when_a_layout_of_three_tiles_shows_its_total(spec: str) -> None:
    """A line's two ends are two tiles joined through at most one more, so layouts of up to three tiles,
    every one the engine builds, show every total a line can; the rows that pass are exactly those."""
    engine = engine_of(spec)
    shown: set[int] = set()

    def grow(placements: list[tuple[Tile, Tile | None, str | None]], left: int) -> None:
        layout = engine.Layout()
        for step in placements:
            layout.place(*step)
        shown.add(shown_total(layout))
        placed = {tile for tile, _, _ in placements}
        for tile in tiles_of(engine) if left else []:
            if tile not in placed:
                for on, port in layout.placements_for(tile):
                    grow([*placements, (tile, on, port)], left - 1)

    for lead in tiles_of(engine):
        grow([(lead, None, None)], 2)
    passing = {total for total in range(len(engine.RAW_POINTS) + 5) if not end_total_fails(engine, total)}
    assert passing == shown


def test_the_totals_a_double_six_line_never_shows_fail_and_say_why(tmp_path: Path) -> None:
    rows = [(20, 4), (21, 7), (22, 0), (24, 8), (25, 5), (27, 9), (30, 16)]
    document = tmp_path / "scoring.en.md"
    document.write_text("| End total | Points |\n|---|---|\n" + "".join(f"| {t} | {p} |\n" for t, p in rows),
                        encoding="utf-8")
    result = run_cli("verify", LINE_SIX, str(document))
    assert result.returncode == 1
    why = ("end total: expected an end total some layout shows (the counted ends of a layout of the double-6 set, "
           "each a different tile, make only 0–18, 20, 22)")
    assert result.stdout.splitlines()[:-1] == [
        f"{document}:3: ok", f"{document}:4: FAIL: {why}, document says 21", f"{document}:5: ok",
        *(f"{document}:{line}: FAIL: {why}, document says {total}" for line, total in ((6, 24), (7, 25), (8, 27),
                                                                                       (9, 30)))]


def test_a_spinner_reaches_totals_a_line_cannot() -> None:
    """Four ends around the first double: [0|0] spinning, [6|6], [5|5], [4|4] and [3|3] at the ends, 36."""
    line, spinner = engine_of(LINE_SIX), engine_of("examples/family/fours_spinner.rules")
    layout = spinner.Layout()
    for step in [((0, 0), None, None), ((0, 6), (0, 0), "lineA"), ((0, 5), (0, 0), "lineB"),
                 ((0, 4), (0, 0), "branchA"), ((0, 3), (0, 0), "branchB"), ((6, 6), (0, 6), "high"),
                 ((5, 5), (0, 5), "high"), ((4, 4), (0, 4), "high"), ((3, 3), (0, 3), "high")]:
        layout.place(*step)
    assert shown_total(layout) == 36
    assert not end_total_fails(spinner, 36) and end_total_fails(line, 36)
    assert end_total_fails(spinner, 37)
