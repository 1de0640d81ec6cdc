"""NativeEngine.play_units: the native engine's unit and hand records (the simulation's record schema).

The records are checked against the native engine's own summed statistics (play_hands, play_matches),
against themselves (chunks, invariants that hold of every unit and hand), against the ABI's limits
(hand rows past the room given, hostile arguments), and against the Python engines' records
(python_units) by distribution: the native engine draws its own random numbers, so its units are
compared with the Python units as samples, each figure's mean within five standard errors.
"""

from __future__ import annotations

import ctypes
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominospec import native
from dominospec.engine_api import VariantEngine, as_variant, engine_of
from dominospec.language import ir
from dominospec.native import IllegalMove, NativeEngine, NativeUnavailable, Stats
from dominospec.simulation import figures, python_units, statistics
from dominospec.simulation.run import Table, _native_tally
from dominospec.simulation.statistics import Tally
from dominospec.targets import TARGETS
from dominospec.targets.c import context
from dominospec.targets.engines import load_engine
from dominospec.targets.records import Records, hand_fields, unit_fields
from engine_cases import Case, engine_for, every_table
from support import ROOT, SHIPPED, native_engine

FIVES = ROOT / "spec" / "fives_and_threes.rules"
HORSE = ROOT / "spec" / "horse_race.rules"
MATCH = ROOT / "examples" / "fives_and_threes_match.rules"
FAMILY = ROOT / "examples" / "family"
# The shipped variants (the C target compiles every one).
COMPILED = [path for path in SHIPPED if isinstance(engine_for(Case(path))[0], ir.Variant)]
TOLERANCE = 5.0  # standard errors of the difference
RARE = 10  # fewer units than this with a figure (or without it) expected in a sample: compared as rare events
RARE_CHANCE = 1e-6  # a rare figure's count in the Python sample is refused below this chance


def sim(path: Path) -> NativeEngine:
    engine = native_engine(path)
    assert isinstance(engine, NativeEngine), f"the native engine of {path} is refused: {engine}"
    return engine


def python_engine(path: Path) -> VariantEngine:
    _, module = engine_for(Case(path))
    engine = as_variant(engine_of(module))
    assert engine is not None
    return engine


def column(records: Records, name: str, rows: str = "units") -> list[int]:
    fields = records.unit_fields if rows == "units" else records.hand_fields
    index = fields.index(name)
    return [row[index] for row in getattr(records, rows)]


def as_dicts(records: Records) -> list[dict[str, int]]:
    return [dict(zip(records.unit_fields, row, strict=True)) for row in records.units]


@st.composite
def runs(draw: st.DrawFn, paths: Sequence[Path] = COMPILED) -> dict[str, Any]:
    """A shipped variant, one of its tables, bots per seat, a kind of unit and a span of units."""
    path = draw(st.sampled_from(paths))
    players, partnerships = draw(st.sampled_from(every_table(engine_for(Case(path))[0])))
    return {"path": path, "players": players, "partnerships": partnerships,
            "bots": draw(st.lists(st.sampled_from(["random", "greedy"]), min_size=players, max_size=players)),
            "kind": draw(st.sampled_from(["hand", "game"])), "seed": draw(st.integers(0, 2**64 - 1)),
            "first": draw(st.integers(0, 2**40)), "count": draw(st.integers(0, 12))}


def play(run: dict[str, Any], **changes: Any) -> Records:
    run = {**run, **changes}
    return sim(run["path"]).play_units(run["first"], run["count"], players=run["players"],
                                       partnerships=run["partnerships"], seed=run["seed"], bots=run["bots"],
                                       kind=run["kind"])


def is_match(run: dict[str, Any]) -> bool:
    return run["kind"] == "game" and engine_for(Case(run["path"]))[0].match is not None


# --- the schema -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", COMPILED, ids=lambda path: path.stem)
def test_the_engine_names_the_schemas_fields_for_its_seats_and_lines(path: Path) -> None:
    engine = python_engine(path)
    assert sim(path).unit_fields == unit_fields(max(engine.DEAL), engine.MATCH_LINES)
    assert sim(path).hand_fields == hand_fields(max(engine.DEAL))


def test_an_engine_whose_records_are_not_the_schemas_is_refused() -> None:
    variant = engine_for(Case(FIVES))[0]
    assert isinstance(variant, ir.Variant)
    from dominospec.targets.codegen import generate
    source = generate(variant, FIVES.name, TARGETS["c"])
    renamed = source.replace('"margin"', '"final_margin"')
    assert renamed != source
    with pytest.raises(NativeUnavailable, match="final_margin"):
        NativeEngine(variant, FIVES, native.build_library(renamed))


def test_every_figure_of_the_schema_is_one_the_runtime_fills() -> None:
    runtime = (Path(context.__file__).parent / "runtime" / "abi.c").read_text(encoding="utf-8")
    for prefix, groups in (("UNIT", context.UNIT_GROUPS), ("HAND", context.HAND_GROUPS)):
        for group in groups:
            assert f"{prefix}_{group.upper()} " in runtime or f"{prefix}_{group.upper()}]" in runtime, group
    fields = unit_fields(3, ["lurch line"])
    assert context.record_layout("UNIT", fields, context.UNIT_GROUPS)[-1] == ("UNIT_FIELD_COUNT", len(fields), "")
    with pytest.raises(ValueError, match="surprise"):
        context.record_layout("UNIT", (*fields, "surprise"), context.UNIT_GROUPS)
    with pytest.raises(ValueError, match="in a row"):
        context.record_layout("UNIT", ("points_1", "points_0", *fields[2:]), context.UNIT_GROUPS)


# --- the records against the summed statistics ---------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs())
def test_records_add_up_to_the_statistics_of_the_same_units(run: dict[str, Any]) -> None:
    records = play(run)
    simulate = sim(run["path"]).play_matches if run["kind"] == "game" else sim(run["path"]).play_hands
    stats = simulate(run["count"], run["players"], run["partnerships"], seed=run["seed"], bot=run["bots"],
                     first=run["first"])
    units = as_dicts(records)
    sides = range(native.SIDES)
    expected: dict[str, Any] = {"units": len(units)}
    for name in ("hands", "games", "matches", "placements", "passes", "draws", "blocked", "went_out", "cancelled",
                 "remaining_pips"):
        expected[name] = sum(unit[name] for unit in units)
    for name in ("placements", "passes", "draws", "remaining_pips", "hands"):
        expected[f"{name}_sq"] = sum(unit[name] ** 2 for unit in units)
    wins = "match_wins" if is_match(run) else "wins"
    expected["points"] = tuple(sum(unit.get(f"points_{k}", 0) for unit in units) for k in sides)
    expected["points_sq"] = tuple(sum(unit.get(f"points_{k}", 0) ** 2 for unit in units) for k in sides)
    expected["wins"] = tuple(sum(unit.get(f"{wins}_{k}", 0) for unit in units) for k in sides)
    expected["match_points"] = tuple(sum(unit.get(f"match_points_{k}", 0) for unit in units) for k in sides)
    assert stats == Stats(**expected)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs(), st.data())
def test_units_played_in_chunks_are_the_units_played_at_once(run: dict[str, Any], data: st.DataObject) -> None:
    whole = play(run)
    cut = data.draw(st.integers(0, run["count"]))
    head, tail = play(run, count=cut), play(run, first=run["first"] + cut, count=run["count"] - cut)
    assert head.units + tail.units == whole.units
    assert head.hands + tail.hands == whole.hands
    assert (head.unit_fields, head.hand_fields) == (whole.unit_fields, whole.hand_fields)


# --- what holds of every unit and hand -------------------------------------------------------------------


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs())
def test_every_unit_and_hand_is_consistent(run: dict[str, Any]) -> None:
    records = play(run)
    players, variant = run["players"], engine_for(Case(run["path"]))[0]
    assert isinstance(variant, ir.Variant)
    sides = 2 if run["partnerships"] else players
    side_of = [seat % sides for seat in range(players)]
    seats_a_side = players // sides
    match, hand_units = is_match(run), run["kind"] == "hand"
    assert len(records.units) == run["count"]
    for i, unit in enumerate(as_dicts(records)):
        index = run["first"] + i
        rows = [dict(zip(records.hand_fields, row, strict=True)) for row in records.hands if row[0] == index]
        assert len(rows) == unit["hands"] >= 1
        assert unit["turns"] == unit["placements"] + unit["passes"]
        assert unit["went_out"] + unit["blocked"] + unit["won_in_play"] == unit["hands"]
        assert 0 <= unit["scoring_placements"] <= unit["placements"]
        assert unit["placement_points_sq"] >= max(unit["placement_points"], unit["scoring_placements"])
        assert unit["remaining_pips"] >= 0 and unit["draws"] >= 0 and unit["cancelled"] >= 0
        assert unit["margin"] >= 0
        # Per side and per seat: nothing for the sides and seats the table does not have.
        for k in range(variant.max_players):
            if k >= sides:
                assert unit[f"points_{k}"] == unit[f"wins_{k}"] == unit[f"match_points_{k}"] == 0
                assert unit[f"match_wins_{k}"] == 0 and all(row[f"points_{k}"] == 0 for row in rows)
            if k >= players:
                assert unit[f"opener_points_{k}"] == unit[f"opener_wins_{k}"] == unit[f"seat_wins_{k}"] == 0
        # The hands' rows: in play order, their points adding up to the unit's.
        assert [row["game"] for row in rows] == sorted(row["game"] for row in rows)
        assert rows[0]["game"] == 1 and all(0 <= row["opener"] < players for row in rows)
        assert rows[-1]["game"] == (unit["games"] if match else 1)
        for side in range(sides):
            assert sum(row[f"points_{side}"] for row in rows) == unit[f"points_{side}"]
        for k in range(players):
            assert unit[f"opener_points_{k}"] == sum(row[f"points_{side_of[(row['opener'] + k) % players]}"]
                                                     for row in rows)
        # Wins: by seat as by side, and by seat from the opener as many as by side, each side's seats counted.
        for seat in range(players):
            assert unit[f"seat_wins_{seat}"] == unit[f"wins_{side_of[seat]}"]
        won = sum(unit[f"wins_{side}"] for side in range(sides))
        assert sum(unit[f"opener_wins_{k}"] for k in range(players)) == seats_a_side * won
        if not match:
            opener = rows[0]["opener"]
            assert all(unit[f"wins_{side}"] in (0, 1) for side in range(sides))
            assert all(unit[f"opener_wins_{k}"] == unit[f"wins_{side_of[(opener + k) % players]}"]
                       for k in range(players))
        # The unit's kind.
        if hand_units:
            assert unit["hands"] == 1 and unit["games"] in (0, 1) and unit["margin"] == 0
        elif not match:  # a game without a target is stopped, not ended
            assert unit["games"] == int(variant.target.kind is not ir.TargetKind.NONE)
        if match:
            assert unit["matches"] == 1 and unit["games"] >= 1
            assert sum(unit[f"match_wins_{side}"] for side in range(sides)) >= 1
            assert all(unit[f"match_wins_{side}"] in (0, 1) for side in range(sides))
            assert sum(unit[name] for name in records.unit_fields if name.startswith("line_")) <= unit["games"]
            assert all(0 <= unit[f"wins_{side}"] <= unit["games"] for side in range(sides))
        else:
            assert unit["matches"] == 0
            assert all(unit[name] == 0 for name in records.unit_fields if name.startswith(("match_", "line_")))


def test_one_bot_named_plays_every_seat() -> None:
    table: dict[str, Any] = {"players": 3, "partnerships": None, "seed": 8, "kind": "hand"}
    every_seat = sim(HORSE).play_units(0, 50, bots=["greedy"] * 3, **table)
    assert sim(HORSE).play_units(0, 50, bots="greedy", **table) == every_seat
    assert sim(HORSE).play_units(0, 50, bots=("greedy",), **table) == every_seat
    assert sim(HORSE).play_units(0, 50, bots=["random", "greedy", "greedy"], **table) != every_seat


# --- the room for hand rows ----------------------------------------------------------------------------------


def play_raw(engine: NativeEngine, count: int, capacity: int, room: int, whole: int = 1,
             bots: Sequence[int] = (0, 0)) -> tuple[int, list[int], list[int]]:
    """ds_play_units of units 0 .. count-1 for 2 players, seed 9, with capacity rows declared and room rows
    given, the rest of the array guarded: its code, the units and the hand rows (guard included)."""
    units = (ctypes.c_int64 * (count * len(engine.unit_fields)))()
    hands = (ctypes.c_int64 * (room * len(engine.hand_fields)))(*[-7] * (room * len(engine.hand_fields)))
    code = engine._dll.ds_play_units(0, count, 2, 0, 9, (ctypes.c_int32 * 2)(*bots), whole, units, hands,
                                     capacity)
    return code, list(units), list(hands)


def test_hand_rows_past_the_room_given_are_refused_and_never_written() -> None:
    engine = sim(FIVES)
    width = len(engine.hand_fields)
    rows, _, roomy = play_raw(engine, 6, capacity=400, room=400)
    assert 30 < rows <= 400  # six whole games take more hands than 30
    short, _, guarded = play_raw(engine, 6, capacity=30, room=400)
    assert short == native.SIMULATE_CAPACITY
    assert guarded[30 * width:] == [-7] * (370 * width)  # nothing past the capacity
    assert guarded[:30 * width] == roomy[:30 * width]  # the rows that fit, as with room enough
    assert play_raw(engine, 1, capacity=0, room=0, whole=0)[0] == native.SIMULATE_CAPACITY
    assert play_raw(engine, 0, capacity=0, room=0)[0] == 0


def test_a_short_room_for_hand_rows_is_made_larger(monkeypatch: pytest.MonkeyPatch) -> None:
    """A first call that gives too little room plays again with more; a later call makes room for as many
    hands a unit as the calls before it took."""
    built = sim(MATCH)
    monkeypatch.setattr(native, "HANDS_PER_UNIT", {"hand": 0.0, "game": 0.0})
    engine = NativeEngine(built.variant, MATCH, built._dll)
    table: dict[str, Any] = {"players": 2, "partnerships": None, "bots": "greedy", "kind": "game"}
    first = engine.play_units(0, 5, seed=4, **table)
    assert len(first.hands) > 5 and first == built.play_units(0, 5, seed=4, **table)
    assert engine._hands_per_unit["game"] == len(first.hands) / 5
    assert engine.play_units(5, 40, seed=4, **table) == built.play_units(5, 40, seed=4, **table)
    assert engine._hands_per_unit["game"] >= len(first.hands) / 5
    hand = engine.play_units(0, 30, seed=4, **{**table, "kind": "hand"})
    assert len(hand.hands) == 30 and engine._hands_per_unit["hand"] == 1


def test_the_abi_refuses_what_the_driver_never_passes() -> None:
    engine = sim(HORSE)
    units = (ctypes.c_int64 * len(engine.unit_fields))()
    hands = (ctypes.c_int64 * len(engine.hand_fields))()
    bots = (ctypes.c_int32 * 2)(0, 0)
    call = engine._dll.ds_play_units
    assert call(0, 1, 2, 0, 1, bots, 0, None, hands, 1) == native.SIMULATE_TABLE
    assert call(0, 1, 1, 0, 1, bots, 0, units, hands, 1) == native.SIMULATE_TABLE
    assert call(0, 1, 2, 1, 1, bots, 0, units, hands, 1) == native.SIMULATE_TABLE
    assert call(0, 1, 2, 0, 1, None, 0, units, hands, 1) == native.SIMULATE_BOT
    for code in (5, 15, -1, 1 | 1 << 4, native.BOT_CODES["ismcts"], native.BOT_CODES["ismcts_ms"]):
        assert call(0, 1, 2, 0, 1, (ctypes.c_int32 * 2)(0, code), 0, units, hands, 1) == native.SIMULATE_BOT
    assert call(0, 1, 2, 0, 1, bots, 2, units, hands, 1) == native.SIMULATE_BOT
    assert call(0, 1, 2, 0, 1, bots, 0, units, None, 1) == native.SIMULATE_CAPACITY
    assert call(0, 1, 2, 0, 1, bots, 0, units, hands, -5) == native.SIMULATE_CAPACITY
    assert call(0, 1, 2, 0, 1, bots, 0, units, hands, 1) == 1
    assert engine._dll.ds_unit_field_name(-1) is None
    assert engine._dll.ds_unit_field_name(len(engine.unit_fields)) is None
    assert engine._dll.ds_hand_field_name(len(engine.hand_fields)) is None


@pytest.mark.parametrize(("arguments", "message"), [
    ({"kind": "match"}, "kind is 'hand' or 'game'"),
    ({"count": -1}, "count is a whole number"),
    ({"count": True}, "count is a whole number"),
    ({"count": 2.0}, "count is a whole number"),
    ({"count": native.MAX_RECORDED_UNITS + 1}, "at most"),
    ({"first": 2**63 - 1, "count": 1}, "first \\+ count"),
    ({"first": "0"}, "first is a whole number"),
    ({"seed": -1}, "seed is a whole number"),
    ({"seed": 2**64}, "seed is a whole number"),
    ({"players": 5}, "played by 2 to 4 players"),
    ({"players": "4"}, "played by 2 to 4 players"),
    ({"players": 3, "partnerships": True}, "no partnerships with 3"),
    ({"partnerships": False}, "always played by 4 as two partnerships"),
    ({"partnerships": 1}, "partnerships is True, False or None"),
    ({"bots": "clever"}, "unknown bot 'clever'"),
    ({"bots": ["random"] * 3}, "a list of one per seat"),
    ({"bots": [None] * 4}, "a list of one per seat"),
    ({"bots": []}, "a list of one per seat"),
])
def test_play_units_out_of_the_rules_says_why(arguments: dict[str, Any], message: str) -> None:
    call: dict[str, Any] = {"first": 0, "count": 3, "players": 4, "partnerships": None, "seed": 1,
                            "bots": "random", "kind": "hand", **arguments}
    with pytest.raises(IllegalMove, match=message):
        sim(FIVES).play_units(call.pop("first"), call.pop("count"), **call)


# --- distributions against the Python engines ------------------------------------------------------------


def poisson_tail(mean: float, k: int) -> float:
    """P(X >= k) for X Poisson with this mean."""
    term, below = math.exp(-mean), 0.0
    for i in range(k):
        below += term
        term *= mean / (i + 1)
    return max(0.0, 1.0 - below)


def differs(native_values: list[int], python_values: list[int]) -> str | None:
    """Why two samples of a figure are not of one distribution, or None. A figure most units have (or
    lack) in both samples is compared by its mean, within TOLERANCE standard errors of the pooled
    variance; a rare one by the count of Python units that have it (or lack it), against the native
    rate at its upper bound."""
    na, nb = len(native_values), len(python_values)
    for rare in (lambda v: v != 0, lambda v: v == 0):
        have_native, have_python = sum(map(rare, native_values)), sum(map(rare, python_values))
        if nb * have_native / na < RARE:
            upper = (have_native + TOLERANCE * math.sqrt(have_native) + TOLERANCE) / na
            if poisson_tail(nb * upper, have_python) < RARE_CHANCE:
                return f"{have_python} of {nb} Python units against {have_native} of {na} native units"
            return None
    mean_a, mean_b = sum(native_values) / na, sum(python_values) / nb
    mean = (mean_a * na + mean_b * nb) / (na + nb)
    pooled = sum((v - mean) ** 2 for v in native_values + python_values) / (na + nb - 1)
    error = math.sqrt(pooled * (1 / na + 1 / nb))
    if abs(mean_a - mean_b) > TOLERANCE * error:
        return f"native {mean_a:.4f}, Python {mean_b:.4f}, standard error {error:.4f}"
    return None


@pytest.mark.parametrize(("path", "players", "partnerships", "bots", "kind", "python_units_count"), [
    (FIVES, 4, True, "random", "hand", 1500),
    (FIVES, 2, False, "greedy", "hand", 1500),
    (HORSE, 3, False, "random", "hand", 1500),
    (FAMILY / "muggins_announced.rules", 2, False, "greedy", "hand", 800),
    (FAMILY / "sniff.rules", 4, False, "random", "hand", 800),
    (FAMILY / "block.rules", 4, True, "random", "hand", 800),
    (FAMILY / "bergen.rules", 3, False, "greedy", "hand", 800),
    (FAMILY / "matador_partnerships.rules", 4, True, "random", "hand", 800),
    (FAMILY / "domino_pool.rules", 3, False, "random", "hand", 800),
    (FAMILY / "seven_toed_pete.rules", 4, False, "greedy", "hand", 800),
    (FAMILY / "ten_to_get_in.rules", 4, True, "random", "hand", 800),
    (FIVES, 4, True, "random", "game", 300),
    (HORSE, 2, False, "greedy", "game", 300),
    (FAMILY / "fives_and_threes_teesdale.rules", 4, True, "greedy", "game", 100),
    (FAMILY / "block_61.rules", 3, False, "random", "game", 100),
    (MATCH, 2, False, "random", "game", 80),
], ids=lambda value: value.stem if isinstance(value, Path) else str(value))
def test_native_units_are_distributed_as_the_python_engines_units(path: Path, players: int, partnerships: bool,
                                                                  bots: str, kind: str,
                                                                  python_units_count: int) -> None:
    table: dict[str, Any] = {"players": players, "partnerships": partnerships, "seed": 2024, "kind": kind}
    mine = sim(path).play_units(0, 20 * python_units_count, bots=bots, **table)
    theirs = python_units.play_units(python_engine(path), 0, python_units_count, bots=[bots], **table)
    assert mine.unit_fields == theirs.unit_fields and mine.hand_fields == theirs.hand_fields
    faults = {}
    for name in mine.unit_fields:
        fault = differs(column(mine, name), column(theirs, name))
        if fault:
            faults[name] = fault
    for name in mine.hand_fields[2:]:
        fault = differs(column(mine, name, "hands"), column(theirs, name, "hands"))
        if fault:
            faults[f"hand {name}"] = fault
    assert not faults


def test_the_native_engine_checks_the_match_lines_in_the_python_engines_order(tmp_path: Path) -> None:
    """Three lines, written out of order: both engines check the deepest first, and their games fall on the
    same lines as often."""
    text = MATCH.read_text(encoding="utf-8")
    lines = ("skunk line: below 1/2 of the target scores 3 match points\n"
             "double skunk line: below 1/4 of the target wins the match\n"
             "lurch line: below 3/4 of the target scores 2 match points")
    changed = text.replace("lurch line: below 1/2 of the target scores 2 match points", lines)
    changed = changed.replace("match target: first to 3 match points", "match target: first to 5 match points")
    assert changed.count("line:") == 3 and "first to 5" in changed
    spec = tmp_path / "three_lines.rules"
    spec.write_text(changed, encoding="utf-8")
    engine = native.load(spec)
    from dominospec.targets.codegen import generate
    from dominospec.targets.engines import load_engine
    python = as_variant(engine_of(load_engine(engine.variant, spec)))
    assert python is not None
    source = generate(engine.variant, spec.name, TARGETS["c"])
    cutoffs = re.search(r"MATCH_LINE_CUTOFF\[MATCH_LINE_COUNT \+ 1\] = \{ ([^}]*) \}", source)
    points = re.search(r"MATCH_LINE_POINTS\[MATCH_LINE_COUNT \+ 1\] = \{ ([^}]*) \}", source)
    assert cutoffs is not None and points is not None
    assert cutoffs.group(1).split(", ")[:-1] == [str(cutoff) for _, cutoff, _ in python.MATCH_LINES]
    assert points.group(1).split(", ")[:-1] == [str(p or 0) for _, _, p in python.MATCH_LINES]
    assert [cutoff for _, cutoff, _ in python.MATCH_LINES] == sorted(cutoff for _, cutoff, _ in python.MATCH_LINES)
    table: dict[str, Any] = {"players": 2, "partnerships": None, "seed": 31, "kind": "game", "bots": ["random"]}
    mine, theirs = engine.play_units(0, 3000, **table), python_units.play_units(python, 0, 150, **table)
    for name in ("line_0", "line_1", "line_2", "games", "match_points_0", "match_points_1"):
        assert differs(column(mine, name), column(theirs, name)) is None, name
    assert sum(column(mine, "line_2")) > sum(column(mine, "line_1")) > 0  # the shallow lines are met often


def test_a_game_nobody_can_finish_stops_at_the_safety_limit_as_the_python_engines_do(tmp_path: Path) -> None:
    """A target no side reaches in the hands a game may last: both engines stop the unit there, unwon."""
    spec = tmp_path / "far_target.rules"
    spec.write_text(HORSE.read_text(encoding="utf-8").replace("target: at least 61", "target: at least 1000000"),
                    encoding="utf-8")
    assert "at least 1000000" in spec.read_text(encoding="utf-8")
    table: dict[str, Any] = {"players": 2, "partnerships": False, "seed": 5, "kind": "game"}
    engine = native.load(spec)
    python = as_variant(engine_of(load_engine(engine.variant, spec)))
    assert python is not None
    mine = engine.play_units(0, 2, bots="random", **table)
    theirs = python_units.play_units(python, 0, 2, bots=["random"], **table)
    for records in (mine, theirs):
        units = as_dicts(records)
        assert [unit["hands"] for unit in units] == [context.SAFETY_HANDS] * 2
        assert all(unit["games"] == unit["wins_0"] == unit["wins_1"] == unit["margin"] == 0 for unit in units)
        assert len(records.hands) == 2 * context.SAFETY_HANDS


# --- the engine's own tally of hands -------------------------------------------------------------------


def hand_tally(run: dict[str, Any], first: int) -> tuple[Tally | None, Tally]:
    """A chunk of hands tallied by the engine, and the tally of the same hands' records."""
    spec = run["path"]
    sides = len(python_engine(spec).Game(run["players"], run["partnerships"], deal=False).scores)
    table = Table(str(spec), spec.read_text(encoding="utf-8"), "c", "hand", run["players"], run["partnerships"],
                  run["seed"], tuple(run["bots"]), sides, None)
    pairs = frozenset(figures.products(figures.Shape("hand", run["players"], sides, (), tuple(run["bots"]))))
    tables = (("", table),)
    records = statistics.tally([("", sim(spec).play_units(first, run["count"], players=run["players"],
                                                          partnerships=run["partnerships"], seed=run["seed"],
                                                          bots=run["bots"], kind="hand"), sides)],
                               pairs, first, games=False)
    return _native_tally(tables, first, run["count"], pairs), records


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs(), st.sampled_from([0, 1, 2**40]))
def test_the_engines_tally_of_hands_is_the_tally_of_their_records(run: dict[str, Any], first: int) -> None:
    """Every figure's sum, every product, the counts of a hand's points and unit 0's sample, to the last unit."""
    tallied, records = hand_tally({**run, "count": run["count"] * 50}, first)
    assert tallied == records


def test_hands_beyond_the_engines_counts_or_sums_are_tallied_from_their_records() -> None:
    engine = sim(FIVES)
    pairs = [("points_0", "points_1")]
    assert engine.tally_hands(0, 5, players=4, partnerships=True, seed=1, bots="random", pairs=[("hands", "nope")]) \
        is None
    summed = engine.tally_hands(0, 200, players=4, partnerships=True, seed=1, bots="random", pairs=pairs)
    assert summed is not None and sum(summed.hand_points.values()) == 400
    assert max(summed.hand_points) <= 61
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(native, "POINTS_RADIUS", max(summed.hand_points) - 1)  # the highest hand falls outside
        assert engine.tally_hands(0, 200, players=4, partnerships=True, seed=1, bots="random", pairs=pairs) is None
    bots = (ctypes.c_int32 * 4)()
    sums, products = (ctypes.c_int64 * len(engine.unit_fields))(), (ctypes.c_int64 * 1)()
    counts = (ctypes.c_int64 * 3)()
    call = engine._dll.ds_tally_hands
    assert call(0, 50, 4, 1, 1, bots, None, 0, sums, products, counts, 1) == native.SIMULATE_OUTSIDE
    assert sum(counts) < 100  # the hands of -1, 0 and 1 point counted, the others not
    sums[engine.unit_fields.index("points_0")] = 2**63 - 1  # the sums are added to: points now pass 64 bits
    assert call(0, 50, 4, 1, 1, bots, None, 0, sums, products, (ctypes.c_int64 * 201)(), 100) \
        == native.SIMULATE_OVERFLOW
    assert call(0, 1, 4, 1, 1, bots, (ctypes.c_int32 * 2)(0, len(engine.unit_fields)), 1, sums, products, counts,
                1) == native.SIMULATE_TABLE
    assert call(0, 1, 4, 1, 1, bots, None, 1, sums, products, counts, 1) == native.SIMULATE_TABLE
    assert call(0, 1, 4, 1, 1, bots, None, 0, sums, products, counts, -1) == native.SIMULATE_TABLE
    assert call(0, 1, 4, 1, 1, bots, None, 0, None, products, counts, 1) == native.SIMULATE_TABLE
    assert call(0, 1, 3, 1, 1, bots, None, 0, sums, products, counts, 1) == native.SIMULATE_TABLE
