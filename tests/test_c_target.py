"""The C target: every shipped variant compiles under the strictest warnings, user text is escaped wherever
it lands in the source, the engine describes its statistics, and what the target cannot compile it refuses.

The compiles are real (the system C compiler) and the libraries are loaded with ctypes."""

from __future__ import annotations

import ctypes
import dataclasses
import functools
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominospec import ir
from dominospec.codegen import generate
from dominospec.loader import load
from dominospec.native import compiler_command
from dominospec.targets import TARGETS
from support import ROOT, SHIPPED

C = TARGETS["c"]
# What every generated engine must pass: C99, all warnings as errors, pedantic.
STRICT = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC"]
VARIANTS = [path for path in SHIPPED if isinstance(load(path), ir.Variant)]
FNT = ROOT / "spec" / "fives_and_threes.rules"


def build(source: str, folder: Path, name: str = "engine") -> tuple[subprocess.CompletedProcess[str], Path]:
    c_file, library = folder / f"{name}.c", folder / f"{name}.so"
    c_file.write_text(source, encoding="utf-8")
    done = subprocess.run([*compiler_command(), *STRICT, "-o", str(library), str(c_file)], capture_output=True,
                          text=True, errors="replace", check=False)
    return done, library


def test_every_shipped_variant_compiles_without_a_warning(tmp_path: Path) -> None:
    assert len(VARIANTS) >= 72

    def compiled(path: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
        return path, build(generate(load(path), path.name, C), tmp_path, path.stem)[0]

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        failures = {path.name: done.stderr for path, done in pool.map(compiled, VARIANTS) if done.returncode}
    assert failures == {}


def variant_name(library: Path) -> bytes:
    """The name the engine holds: a char array, read up to its closing 0."""
    return ctypes.string_at(ctypes.addressof(ctypes.c_char.in_dll(ctypes.CDLL(str(library)), "ds_variant_name")))


# Text that is awkward in C: comment ends and starts, trigraphs, quotes, backslashes, line breaks, NUL
# excepted (a name holds none), and anything beyond ASCII.
AWKWARD = st.lists(st.one_of(st.sampled_from(["*/", "/*", "??=", "??/", "?", "\\", '"', "'", "\n", "\r", "*", "/"]),
                             st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")),
                   max_size=12).map("".join)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=AWKWARD.filter(bool), source=st.none() | AWKWARD, file_name=AWKWARD.map(lambda s: s + ".rules"))
def test_any_name_source_and_file_name_compile_and_the_name_reads_back(
        name: str, source: str | None, file_name: str) -> None:
    variant = dataclasses.replace(load(FNT), name=name, source=source)
    text = generate(variant, file_name, C)
    assert text.isascii()
    with tempfile.TemporaryDirectory() as folder:
        done, library = build(text, Path(folder))
        assert done.returncode == 0, done.stderr
        assert variant_name(library) == name.encode("utf-8")


def test_the_engine_names_every_statistic_of_the_abi(tmp_path: Path) -> None:
    horse_race = ROOT / "spec" / "horse_race.rules"
    done, library = build(generate(load(horse_race), horse_race.name, C), tmp_path)
    assert done.returncode == 0, done.stderr
    dll = ctypes.CDLL(str(library))
    dll.ds_stat_name.restype = ctypes.c_char_p
    names = [dll.ds_stat_name(i).decode() for i in range(dll.ds_stat_count())]
    fixed = {"units", "hands", "games", "matches", "placements", "placements_sq", "passes", "passes_sq", "draws",
             "draws_sq", "blocked", "went_out", "cancelled", "remaining_pips", "remaining_pips_sq", "hands_sq"}
    per_side = {f"{figure}_{k}" for k in range(4) for figure in ("points", "wins", "match_points")}
    per_side |= {f"points_{k}_sq" for k in range(4)}
    assert set(names) >= fixed | per_side
    assert len(names) == len(set(names))
    assert dll.ds_stat_name(len(names)) is None and dll.ds_stat_name(-1) is None
    assert dll.ds_abi_version() == 2


@pytest.mark.parametrize("players, partnerships, allowed", [(2, 0, 1), (4, 1, 1), (4, 0, 0), (3, 1, 0), (5, 0, 0),
                                                            (1, 0, 0), (2, 2, 0)])
def test_the_table_rules_are_those_of_the_spec(tmp_path: Path, players: int, partnerships: int, allowed: int) -> None:
    done, library = build(generate(load(FNT), FNT.name, C), tmp_path)  # 2 to 4, fixed partnerships at 4
    assert done.returncode == 0, done.stderr
    assert ctypes.CDLL(str(library)).ds_table_allowed(players, partnerships) == allowed


def test_a_match_format_is_refused_with_its_file_named() -> None:
    spec = ROOT / "examples" / "match_formats" / "official_tournament.rules"
    refused = C.refusal(load(spec))
    assert refused is not None and "match format" in refused[0]
    with pytest.raises(ValueError, match="match format"):
        generate(load(spec), spec.name, C)


def test_a_set_too_large_for_the_runtime_is_refused() -> None:
    big = dataclasses.replace(load(FNT), max_pip=15)
    refused = C.refusal(big)
    assert refused is not None and "double 14" in refused[0]
    assert C.refusal(dataclasses.replace(load(FNT), max_pip=14)) is None


@functools.cache
def fives_and_threes() -> ctypes.CDLL:
    folder = Path(tempfile.mkdtemp(prefix="dominospec-c-target-"))
    done, library = build(generate(load(FNT), FNT.name, C), folder)
    assert done.returncode == 0, done.stderr
    dll = ctypes.CDLL(str(library))
    dll.ds_replay.argtypes = [ctypes.POINTER(ctypes.c_int32), ctypes.c_int32, ctypes.POINTER(ctypes.c_int32),
                              ctypes.c_int32]
    return dll


def replayed(ints: list[int], capacity: int) -> tuple[int, list[int]]:
    dll = fives_and_threes()
    out = (ctypes.c_int32 * max(capacity, 1))()
    status = dll.ds_replay((ctypes.c_int32 * max(len(ints), 1))(*ints), len(ints), out, capacity)
    return status, list(out)


# The start of a valid record of Fives and Threes: 2 players, no partnerships, no starting scores, one game
# of one hand, opened by seat 0, seat 0 holding tiles 0..6 and seat 1 tiles 7..13, the rest the pile.
RECORD_START = [2, 0, 0, 0, 1, 0, 7, *range(7), 7, *range(7, 14), 1, 14, *range(14, 28)]


@settings(max_examples=300, deadline=None)
@given(tail=st.lists(st.integers(-3, 30) | st.sampled_from([2**31 - 1, -2**31, 1 << 20, 1 << 29]), max_size=60),
       cut=st.integers(0, len(RECORD_START)), capacity=st.integers(0, 300))
def test_replay_of_any_ints_gives_a_status_and_never_writes_past_its_capacity(
        tail: list[int], cut: int, capacity: int) -> None:
    ints = RECORD_START[:cut] + tail
    dll = fives_and_threes()
    guard = 12345
    out = (ctypes.c_int32 * (capacity + 8))(*([guard] * (capacity + 8)))
    status = dll.ds_replay((ctypes.c_int32 * max(len(ints), 1))(*ints), len(ints), out, capacity)
    assert status in (0, 1, 2, 3)
    assert list(out)[capacity:] == [guard] * 8
    if capacity >= 4:
        assert out[0] == status
        if status != 3:
            sides = out[4]
            assert 0 <= sides <= 4 and 0 <= out[5 + sides] <= sides


def test_a_record_cut_short_is_malformed_and_a_whole_one_replays() -> None:
    moves = [1, 0, 0, 6, -1, -1, -1, -1]  # one move: seat 0 leads [0|6]
    status, out = replayed(RECORD_START + moves, 64)
    assert status == 0 and out[4:7] == [2, 2, 0]  # two sides; the ends show 6: 6 / 3 = 2 points
    assert out[7:13] == [0, 0, 1, 2, 0, 0]  # no winner, no match points, one play: 2 points, no bonus, kept
    assert replayed(RECORD_START + moves[:-1], 64)[0] == 2
    status, out = replayed(RECORD_START + [1, 1, 0, 7, -1, -1, -1, -1], 64)  # seat 1 moves in seat 0's turn
    assert status == 1 and out[:4] == [1, 1, 1, 1]
