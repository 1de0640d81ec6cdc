"""The C target: every shipped variant compiles without a warning, user text is escaped wherever
it lands in the source, the engine describes its statistics, every match format compiles to an engine that
scores matches as the Python engine does, and every clause reaches a constant the C runtime reads.

The compiles are real (the system C compiler) and the libraries are loaded with ctypes; the shipped
engines are the native target's own builds, shared by every test of the run."""

from __future__ import annotations

import ctypes
import dataclasses
import functools
import re
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominospec.language import clauses, ir
from dominospec.language.loader import load
from dominospec.native import NativeEngine, build_library, compiler_command
from dominospec.targets import TARGETS
from dominospec.targets.c import context as c_context
from dominospec.targets.codegen import generate
from dominospec.targets.engines import load_engine
from dominospec.targets.python import context as python_context
from engine_cases import HOUSE_CASES, SHIPPED_CASES, Case, spec_of
from support import ROOT, SHIPPED, native_engine

C = TARGETS["c"]
# User text in the C source: all warnings as errors, pedantic C99. Unoptimised, since what is tested is
# how the text is escaped, which the compiler's front end reads.
ESCAPING = ["-std=c99", "-O0", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC"]
VARIANTS = [path for path in SHIPPED if isinstance(load(path), ir.Variant)]
FNT = ROOT / "spec" / "fives_and_threes.rules"


def build(source: str, folder: Path) -> tuple[subprocess.CompletedProcess[str], Path]:
    c_file, library = folder / "engine.c", folder / "engine.so"
    c_file.write_text(source, encoding="utf-8")
    done = subprocess.run([*compiler_command(), *ESCAPING, "-o", str(library), str(c_file)], capture_output=True,
                          text=True, errors="replace", check=False)
    return done, library


@pytest.mark.parametrize("path", VARIANTS, ids=lambda path: path.name)
def test_every_shipped_variant_compiles_without_a_warning(path: Path) -> None:
    """The native target builds at -O2 with -Wall -Wextra -pedantic and keeps what the compiler said."""
    engine = native_engine(path)
    assert isinstance(engine, NativeEngine), engine
    assert engine.compiler_said == ""


def test_the_shipped_variants_are_all_there() -> None:
    assert len(VARIANTS) >= 72


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


@settings(max_examples=12, deadline=None)
@given(name=AWKWARD.filter(bool), source=st.none() | AWKWARD, file_name=AWKWARD.map(lambda s: s + ".rules"))
def test_any_match_format_name_source_and_file_name_compile_and_the_name_reads_back(
        name: str, source: str | None, file_name: str) -> None:
    spec = dataclasses.replace(load(ROOT / "examples" / "match_formats" / "free_play.rules"), name=name, source=source)
    text = generate(spec, file_name, C)
    assert text.isascii()
    with tempfile.TemporaryDirectory() as folder:
        done, library = build(text, Path(folder))
        assert done.returncode == 0, done.stderr
        held = ctypes.c_char.in_dll(ctypes.CDLL(str(library)), "ds_format_name")
        assert ctypes.string_at(ctypes.addressof(held)) == name.encode("utf-8")


def library_of(spec: Path) -> ctypes.CDLL:
    """The native target's build of a spec's engine, from the run's cache."""
    return build_library(generate(load(spec), spec.name, C))


def test_the_engine_names_every_statistic_of_the_abi() -> None:
    dll = library_of(ROOT / "spec" / "horse_race.rules")
    names = [dll.ds_stat_name(i).decode() for i in range(dll.ds_stat_count())]
    fixed = {"units", "hands", "games", "matches", "placements", "placements_sq", "passes", "passes_sq", "draws",
             "draws_sq", "blocked", "went_out", "cancelled", "remaining_pips", "remaining_pips_sq", "hands_sq"}
    per_side = {f"{figure}_{k}" for k in range(4) for figure in ("points", "wins", "match_points")}
    per_side |= {f"points_{k}_sq" for k in range(4)}
    assert set(names) >= fixed | per_side
    assert len(names) == len(set(names))
    assert dll.ds_stat_name(len(names)) is None and dll.ds_stat_name(-1) is None
    assert dll.ds_abi_version() == c_context.ABI_VERSION


@pytest.mark.parametrize("players, partnerships, allowed", [(2, 0, 1), (4, 1, 1), (4, 0, 0), (3, 1, 0), (5, 0, 0),
                                                            (1, 0, 0), (2, 2, 0)])
def test_the_table_rules_are_those_of_the_spec(players: int, partnerships: int, allowed: int) -> None:
    assert library_of(FNT).ds_table_allowed(players, partnerships) == allowed  # 2 to 4, fixed partnerships at 4


FORMATS = sorted((ROOT / "examples" / "match_formats").glob("*.rules"))


@functools.cache
def format_library(path: Path) -> ctypes.CDLL:
    """A match format's C engine, built with every warning an error, once a run."""
    done, library = build(generate(load(path), path.name, C), Path(tempfile.mkdtemp(prefix="dominospec-format-")))
    assert done.returncode == 0, done.stderr
    dll = ctypes.CDLL(str(library))
    dll.ds_match_add_game.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int64)]
    dll.ds_match_state.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int64)]
    return dll


@st.composite
def games_of_a_match(draw: st.DrawFn, target: int) -> tuple[int, list[list[int]]]:
    """Sides, and the final scores of games: mostly one side (or two) on the target or past it, now and then a
    game nobody won or a score below zero."""
    sides = draw(st.integers(2, 5))
    games = []
    for _ in range(draw(st.integers(1, 12))):
        scores = [draw(st.integers(0, target - 1)) for _ in range(sides)]
        for winner in draw(st.lists(st.integers(0, sides - 1), min_size=0, max_size=2)):
            scores[winner] = draw(st.integers(target, target + 30))
        if draw(st.integers(0, 30)) == 0:
            scores[0] = -1
        games.append(scores)
    return sides, games


@pytest.mark.parametrize("path", FORMATS, ids=lambda path: path.name)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_match_formats_c_engine_scores_matches_as_the_python_engine(path: Path, data: st.DataObject) -> None:
    spec = load(path)
    assert isinstance(spec, ir.MatchFormat)
    python = load_engine(spec, path)
    dll = format_library(path)
    sides, games = data.draw(games_of_a_match(spec.game_target))
    names = python_context.match_line_names(spec)
    score = python.MatchScore(sides)
    match = ctypes.create_string_buffer(dll.ds_match_size())
    figures = (ctypes.c_int64 * dll.ds_match_state_count())()
    assert dll.ds_match_new(match, sides) == 0
    for scores in games:
        try:
            expected = score.add_game(scores)
        except python.IllegalMove:
            expected = None
        status = dll.ds_match_add_game(match, (ctypes.c_int64 * sides)(*scores))
        assert (status == 0) == (expected is not None), (scores, status)
        if expected is None:
            continue
        dll.ds_match_state(match, figures)
        state = dict(zip(c_context.MATCH_STATE_FIGURES, figures, strict=False))
        at, per = len(c_context.MATCH_STATE_FIGURES), c_context.MATCH_FORMAT_SIDES
        lists = {name: list(figures[at + k * per:at + (k + 1) * per])
                 for k, name in enumerate(c_context.MATCH_STATE_LISTS)}
        winners = lists["game_winners"][:state["game_winners_count"]]
        assert {"game": state["games"], "scores": scores, "winners": winners,
                "line": names[state["line"]] if state["line"] >= 0 else None, "points": state["game_points"],
                "outright": bool(state["outright"]), "match_points": lists["points"][:sides],
                "games_won": lists["won"][:sides], "match_over": bool(state["over"]),
                "match_winners": lists["winners"][:state["winners_count"]]} == expected
    assert dll.ds_match_new(match, 1) == dll.ds_match_new(match, c_context.MATCH_FORMAT_SIDES + 1) == -1


def replayed(ints: list[int], capacity: int) -> tuple[int, list[int]]:
    dll = library_of(FNT)
    out = (ctypes.c_int64 * max(capacity, 1))()
    status = dll.ds_replay((ctypes.c_int64 * max(len(ints), 1))(*ints), len(ints), out, capacity)
    return status, list(out)


# The start of a valid record of Fives and Threes: 2 players, no partnerships, no starting scores, the game's
# first hand first, one game of one hand, opened by seat 0, seat 0 holding tiles 0..6 and seat 1 tiles 7..13,
# the rest the pile.
RECORD_START = [2, 0, 0, 1, 0, 1, 0, 7, *range(7), 7, *range(7, 14), 1, 14, *range(14, 28)]


@settings(max_examples=300, deadline=None)
@given(tail=st.lists(st.integers(-3, 30) | st.sampled_from([2**63 - 1, -2**63, 2**31, 1 << 20, 1 << 40, 2**40 + 1]),
                     max_size=60),
       cut=st.integers(0, len(RECORD_START)), capacity=st.integers(0, 300))
def test_replay_of_any_ints_gives_a_status_and_never_writes_past_its_capacity(
        tail: list[int], cut: int, capacity: int) -> None:
    ints = RECORD_START[:cut] + tail
    dll = library_of(FNT)
    guard = 12345
    out = (ctypes.c_int64 * (capacity + 8))(*([guard] * (capacity + 8)))
    status = dll.ds_replay((ctypes.c_int64 * max(len(ints), 1))(*ints), len(ints), out, capacity)
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


# --- every clause reaches the C runtime ---------------------------------------------------------------------

C_TEMPLATE = (Path(c_context.__file__).parent / "templates" / "engine.c.j2").read_text(encoding="utf-8")
C_RUNTIME = "\n".join(c_context.runtime_sections().values())
# What the template prints besides the constants and tables.
PRINTED = {"formula": "c.formula", "name": "c.name_bytes", "source": "c.source_comment"}
VARIANT_CLAUSES = [clause for clause in clauses.CLAUSES if clause.scope is not clauses.FORMAT]


def c_decisions(variant: ir.Variant) -> dict[str, object]:
    """What the C context prints for a variant: each constant and table by its name, and the template's fields."""
    context = c_context.variant_context(variant)
    printed: dict[str, object] = {name: value for name, value, _ in context.constants}
    printed.update({table.name.split("[")[0]: table.values for table in context.tables})
    printed.update({PRINTED["formula"]: context.formula, PRINTED["name"]: context.name_bytes,
                    PRINTED["source"]: context.source_comment})
    return printed


def runtime_reads(name: str, runtime: str) -> bool:
    """Whether the engine's code acts on a name the C context prints: the runtime or the template's own code
    (beside the lines that define every constant) names it, or the template prints the context's field."""
    if name in PRINTED.values():
        return name in C_TEMPLATE
    return re.search(rf"\b{name}\b", runtime + C_TEMPLATE) is not None


# The bases every variation is held to in full: the canonical specs and a match; the other donors serve as bases
# only until a clause reaches the runtime.
FULL_BASES = [ROOT / "spec" / "horse_race.rules", ROOT / "spec" / "fives_and_threes.rules",
              ROOT / "examples" / "fives_and_threes_match.rules"]


@functools.cache
def donors() -> tuple[list[ir.Variant], list[ir.MatchRules]]:
    """The variants whose clauses are swapped into one another (FULL_BASES first, then every shipped spec and house
    variant), and the match rules of the match formats besides."""
    cases = [Case(path) for path in FULL_BASES] + HOUSE_CASES + SHIPPED_CASES
    variants = [spec for spec in map(spec_of, cases) if isinstance(spec, ir.Variant)]
    formats = [load(path) for path in sorted((ROOT / "examples" / "match_formats").glob("*.rules"))]
    return variants, [spec.rules for spec in formats if isinstance(spec, ir.MatchFormat)]


def clause_value(clause: clauses.Clause, owner: object) -> tuple[object, ...] | None:
    return None if owner is None else tuple(getattr(owner, name) for name in clause.fields)


def variations(clause: clauses.Clause) -> Iterator[tuple[int, ir.Variant, ir.Variant]]:
    """(the base's index, base, the base with another value of this clause): every variant, in turn, with every
    value the donors give the clause, and its default. The variation need not be a sound spec: only what each
    context decides matters."""
    variants, match_rules = donors()
    scope_owner: Callable[[ir.Variant], object] = (
        (lambda v: v.match) if clause.scope is clauses.MATCH else (lambda v: v))
    default = clause.default
    values = list(dict.fromkeys(
        [value for value in (clause_value(clause, scope_owner(v)) for v in variants) if value is not None]
        + ([clause_value(clause, rules) for rules in match_rules] if clause.scope is clauses.MATCH else [])
        + ([] if default is None or default is dataclasses.MISSING
           else [default if isinstance(clause.field, tuple) else (default,)])))
    for index, base in enumerate(variants):
        own = clause_value(clause, scope_owner(base))
        for value in values:
            if own is None or value == own:
                continue
            rules = dict(zip(clause.fields, value, strict=True))
            if clause.scope is clauses.MATCH:
                assert base.match is not None
                yield index, base, dataclasses.replace(base, match=dataclasses.replace(base.match, **rules))
            else:
                yield index, base, dataclasses.replace(base, **rules)


class ClauseReach(NamedTuple):
    """What a clause's values do to the two contexts, whatever the runtime reads."""

    key: str
    decided: bool  # some value changes what the Python target decides ('cannot play' never does: the pile decides)
    reached: bool  # some such value changes a constant the C context prints
    changed: frozenset[str]  # every constant so changed


@functools.cache
def clause_reach() -> tuple[ClauseReach, ...]:
    """Each variant clause varied over the donors: computed once, for every runtime a test checks."""
    out = []
    for clause in VARIANT_CLAUSES:
        decided, reached, changed = False, False, set[str]()
        for index, base, varied in variations(clause):
            if reached and index >= len(FULL_BASES):
                break
            try:
                decides = python_context.variant_context(varied) != python_context.variant_context(base)
                printed, before = c_decisions(varied), c_decisions(base)
            except (ValueError, KeyError, TypeError, AttributeError, IndexError):
                continue  # a combination no context takes
            decided |= decides
            if not decides:
                continue
            now = {name for name, value in printed.items() if before.get(name) != value}
            changed |= now
            reached |= bool(now)
        out.append(ClauseReach(clause.key, decided, reached, frozenset(changed)))
    return tuple(out)


def clauses_the_c_target_ignores(runtime: str) -> list[str]:
    """The clauses whose values change what the Python target decides while the C target prints nothing new, or
    prints a constant the runtime never reads: `key: why`."""
    ignored = []
    for clause in clause_reach():
        unread = {name for name in clause.changed if not runtime_reads(name, runtime)}
        if unread:
            ignored.append(f"{clause.key}: the runtime never reads {', '.join(sorted(unread))}")
        if clause.decided and not clause.reached:
            ignored.append(f"{clause.key}: no constant changes")
    return ignored


def test_every_clause_reaches_the_c_runtime() -> None:
    """A clause whose decision no C constant carries (or whose constant the runtime never reads) would be played
    by the Python engines and silently not by the native one."""
    assert clauses_the_c_target_ignores(C_RUNTIME) == []


def test_every_constant_the_c_context_prints_is_read_by_the_runtime() -> None:
    printed = c_decisions(load(ROOT / "spec" / "horse_race.rules"))
    assert [name for name in printed if not runtime_reads(name, C_RUNTIME)] == []


@pytest.mark.parametrize("constant, clause", [("GOING_OUT_BONUS", "going out scores"), ("POOL_DIVIDED", "pool ties"),
                                              ("MATCH_LOSER_OPENS", "next game opener"),
                                              ("EXTRA_AFTER_DOUBLE", "extra turn after")])
def test_a_clause_whose_branch_the_runtime_lost_is_found(constant: str, clause: str) -> None:
    """The structural check fails where the runtime no longer reads a clause's constant (its branch deleted)."""
    without = re.sub(rf"\b{constant}\b", "0", C_RUNTIME)
    assert without != C_RUNTIME
    assert f"{clause}: the runtime never reads {constant}" in clauses_the_c_target_ignores(without)
