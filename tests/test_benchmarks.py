"""The benchmark's yardsticks play real Fives and Threes hands, the very hands of the engines they measure,
and `bench_engines.py --quick --json` runs and reports in its documented shape. No timing is asserted."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.generated import fives_and_threes
from support import ROOT, SHIPPED

sys.path.insert(0, str(ROOT / "benchmarks"))
import c_yardstick  # noqa: E402
import yardstick_fives_and_threes as yardstick  # noqa: E402

MASK = (1 << 64) - 1
# A hand as both sides report it: plays (seat, tile, points, bonus, cancelled), passes, blocked, won,
# final scores, pips left in the hands.
Outcome = tuple[list[tuple[int, tuple[int, int], int, int, bool]], int, bool, bool, tuple[int, ...], int]


# --- the Python yardstick against the generated engine ---------------------------------------------


def engine_hand(seed: int, bots: list[fives_and_threes.Bot], scores: tuple[int, int]) -> Outcome:
    """The generated engine's hand from seed, as the yardstick reports one: plays, passes, how it ended, scores."""
    game = fives_and_threes.Game(4, seed=seed, scores=list(scores))
    fives_and_threes.play_hand(game, bots)
    events = game.events
    plays = [(e["seat"], fives_and_threes.parse_tile(e["tile"]), e["points"], e.get("bonus", 0),
              e.get("cancelled", False)) for e in events if e["event"] == "play"]
    passes = sum(e["event"] == "pass" for e in events)
    blocked = any(e["event"] == "hand_end" and e["blocked"] for e in events)
    remaining = sum(low + high for hand in game.hands for low, high in hand)
    return plays, passes, blocked, game.over, tuple(game.scores), remaining


def yardstick_hand(seed: int, draws: list[yardstick.Draw], scores: tuple[int, int]) -> Outcome:
    hands, opener = yardstick.deal(seed)
    result = yardstick.play_hand(hands, opener, draws, scores)
    return (list(result.plays), result.passes, result.blocked, result.won, result.scores,
            result.remaining_pips)


def test_the_python_yardstick_plays_the_engines_hands_from_thousands_of_seeds() -> None:
    """The bots live on from hand to hand, as in the benchmark's batches: every draw must line up."""
    engine_bots: list[fives_and_threes.Bot] = [fives_and_threes.RandomBot(seat) for seat in range(4)]
    draws = yardstick.random_bots()
    endings: Counter[str] = Counter()
    for seed in range(3000):
        played = yardstick_hand(seed, draws, (0, 0))
        assert played == engine_hand(seed, engine_bots, (0, 0)), f"seed {seed}"
        endings["blocked" if played[2] else "out"] += 1
        endings["passes"] += played[1] > 0
    assert min(endings.values()) > 100, endings  # blocked hands, hands gone out, knocks: all were played


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), scores=st.tuples(st.integers(0, 60), st.integers(0, 60)))
def test_the_python_yardstick_keeps_the_exact_target_as_the_engine_does(seed: int, scores: tuple[int, int]) -> None:
    """From scores near 61, placements and going-out bonuses are cancelled and hands are won mid-way."""
    engine_bots: list[fives_and_threes.Bot] = [fives_and_threes.RandomBot(seat) for seat in range(4)]
    assert yardstick_hand(seed, yardstick.random_bots(), scores) == engine_hand(seed, engine_bots, scores)


def test_hands_from_high_scores_cancel_and_win() -> None:
    """The hypothesis test above reaches the exact-target rules: hands from 50 to 60 do both."""
    draws = yardstick.random_bots()
    results = [yardstick.play_hand(*yardstick.deal(seed), draws, (50 + seed % 11, 60 - seed % 11))
               for seed in range(300)]
    assert any(play[4] for result in results for play in result.plays)  # cancelled
    assert any(result.won for result in results)


# --- the C yardstick against the Python yardstick, both drawing from the ABI's generator ------------


class AbiRandom:
    """The native ABI's generator for one unit: xoshiro256** seeded by four splitmix64 outputs."""

    def __init__(self, seed: int, unit: int) -> None:
        x = (seed ^ (unit * 0xD1B54A32D192ED03)) & MASK
        self.state = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK
            self.state.append(splitmix64_mix(x))

    def next(self) -> int:
        s = self.state
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def bounded(self, n: int) -> int:
        return ((self.next() >> 32) * n) >> 32

    def uniform(self) -> float:
        """The top 32 bits as a fraction: int(uniform() * n) is exactly bounded(n) (32 + a few bits fit a double)."""
        return (self.next() >> 32) / 2**32


def splitmix64_mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


def test_the_abi_generator_written_here_gives_the_published_outputs() -> None:
    """splitmix64 from 0 and xoshiro256** from the state (1, 2, 3, 4), as their authors' reference code gives them."""
    assert splitmix64_mix(0x9E3779B97F4A7C15) == 0xE220A8397B1DCDAF
    rng = AbiRandom(0, 0)
    rng.state = [1, 2, 3, 4]
    assert [rng.next() for _ in range(4)] == [11520, 0, 1509978240, 1215971899390074240]


def abi_hand(seed: int, unit: int) -> dict[str, int]:
    """The Python yardstick's hand of unit, dealt and played with the ABI's generator, in the C yardstick's figures."""
    rng = AbiRandom(seed, unit)
    tiles = list(yardstick.TILES)
    for k in range(len(tiles) - 1, 0, -1):
        j = rng.bounded(k + 1)
        tiles[k], tiles[j] = tiles[j], tiles[k]
    hands = [tiles[seat * 5:seat * 5 + 5] for seat in range(4)]
    result = yardstick.play_hand(hands, rng.bounded(4), [rng.uniform] * 4)
    return {"hands": 1, "placements": len(result.plays), "passes": result.passes, "blocked": int(result.blocked),
            "went_out": int(not result.blocked and not result.won), "won": int(result.won),
            "cancelled": sum(play[4] for play in result.plays), "remaining_pips": result.remaining_pips,
            "points_0": result.scores[0], "points_1": result.scores[1]}


@pytest.fixture(scope="module")
def built_yardstick(tmp_path_factory: pytest.TempPathFactory) -> c_yardstick.CYardstick:
    """The C yardstick built by the system compiler, as the benchmark builds it."""
    return c_yardstick.build(tmp_path_factory.mktemp("yardstick"))


def test_the_c_yardstick_plays_the_python_yardsticks_hands_under_the_abi_generator(
        built_yardstick: c_yardstick.CYardstick) -> None:
    endings: Counter[str] = Counter()
    for unit in range(400):
        played = built_yardstick.play_hands(1, seed=1, first=unit)
        assert played == abi_hand(1, unit), f"unit {unit}"
        endings["blocked" if played["blocked"] else "out"] += 1
        endings["passes"] += played["passes"] > 0
    assert min(endings.values()) > 20, endings


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), first=st.integers(0, 2**40), count=st.integers(1, 8))
def test_a_c_yardstick_batch_adds_up_its_hands(built_yardstick: c_yardstick.CYardstick, seed: int, first: int,
                                               count: int) -> None:
    """One call plays a batch: its figures are the sums of the hands, each the Python yardstick's."""
    total: Counter[str] = Counter()
    for unit in range(first, first + count):
        total.update(abi_hand(seed, unit))
    assert built_yardstick.play_hands(count, seed=seed, first=first) == dict(total)


# --- the C yardstick against the native engine, when the native engines are installed ---------------

NATIVE = importlib.util.find_spec("dominospec.native") is not None
# The figures both report; the yardstick's sides 2 and 3 (which a partnership hand has not) score nothing.
SHARED_FIGURES = ("hands", "placements", "passes", "blocked", "remaining_pips", "points_0", "points_1")


@pytest.mark.skipif(not NATIVE, reason="dominospec.native (the native engines' driver) is not on this branch")
def test_the_native_engine_plays_the_c_yardsticks_hands(built_yardstick: c_yardstick.CYardstick) -> None:
    """The same seed, generator and legal-move order: the same hands, figure for figure, hand by hand."""
    from dominospec import native  # type: ignore[attr-defined, unused-ignore]  # only where it is installed

    engine = native.load(str(ROOT / "spec" / "fives_and_threes.rules"))

    def both(count: int, first: int) -> tuple[dict[str, int], dict[str, int]]:
        figures = engine.play_hands(count, players=4, partnerships=True, seed=7, bot="random", first=first).to_dict()
        assert figures["points_2"] == figures["points_3"] == 0
        mine = built_yardstick.play_hands(count, seed=7, first=first)
        return {name: figures[name] for name in SHARED_FIGURES}, {name: mine[name] for name in SHARED_FIGURES}

    for unit in range(300):
        theirs, mine = both(1, unit)
        assert theirs == mine, f"unit {unit}"
    theirs, mine = both(5000, 0)
    assert theirs == mine


# --- the benchmark itself ----------------------------------------------------------------------------


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_engines.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=300)


@pytest.fixture(scope="module")
def quick_report() -> dict[str, Any]:
    done = bench("--quick", "--json")
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def spread_ok(figures: dict[str, float]) -> bool:
    return set(figures) == {"min", "median", "max"} and 0 < figures["min"] <= figures["median"] <= figures["max"]


def test_the_quick_json_report_has_the_documented_shape(quick_report: dict[str, Any]) -> None:
    assert set(quick_report) == {"schema", "settings", "contenders", "ratios", "goals", "unavailable", "specs"}
    assert quick_report["schema"] == "dominospec-bench/1"
    settings_ = quick_report["settings"]
    assert settings_["rounds"] == 2 and settings_["seconds_per_batch"] > 0
    contenders = {c["name"]: c for c in quick_report["contenders"]}
    unavailable = {u["name"]: u["reason"] for u in quick_report["unavailable"]}
    for contender in contenders.values():
        assert set(contender) == {"name", "unit", "kind", "batch", "yardstick", "same_hands_as", "baseline", "rounds",
                                  "units_per_second", "hands_per_second", "placements_per_second"}
        assert contender["unit"] in ("hand", "game") and contender["kind"] in ("python", "peer", "yardstick", "native")
        assert len(contender["rounds"]) == 2 and contender["batch"] >= 1
        for figures in contender["rounds"]:
            assert set(figures) == {"units", "hands", "placements", "cpu_seconds"}
            assert figures["units"] == contender["batch"] and figures["hands"] >= figures["units"]
            assert figures["placements"] >= figures["hands"]
        for rate in ("units_per_second", "hands_per_second", "placements_per_second"):
            assert spread_ok(contender[rate]), (contender["name"], rate)
        assert contender["yardstick"] is None or contender["yardstick"] in contenders
    assert {"Python Fives and Threes 4-player hand", "Python Horse Race 4-player hand",
            "Python Fives and Threes 4-player game", "Python Fives and Threes 2-player hand",
            "Python yardstick Fives and Threes 4-player hand", "C yardstick Fives and Threes 4-player hand"} \
        <= contenders.keys()
    peer = "dominoes 6.1.0 4-player block hand"
    assert (peer in contenders) != (peer in unavailable)
    natives = [name for name, c in contenders.items() if c["kind"] == "native"]
    assert bool(natives) != ("native" in unavailable)
    for entry in quick_report["ratios"]:
        assert set(entry) == {"contender", "against", "per_hand", "per_placement"}
        assert entry["contender"] in contenders and entry["against"] in contenders
        assert spread_ok(entry["per_hand"]) and spread_ok(entry["per_placement"])
    for goal in quick_report["goals"]:
        assert set(goal) == {"contender", "against", "per_hand_at_least", "per_hand", "met"}
        assert goal["met"] == (goal["per_hand"] >= goal["per_hand_at_least"])
    goals = {(goal["contender"], goal["against"]) for goal in quick_report["goals"]}
    assert any(against == peer for _, against in goals) == (peer in contenders)
    before = "Python Fives and Threes 4-player hand before the speed work"
    assert ("Python Fives and Threes 4-player hand", before) in goals
    assert ("Python Fives and Threes 4-player hand", "Python yardstick Fives and Threes 4-player hand") in goals
    expected = {(name, c["yardstick"]) for name, c in contenders.items() if c["yardstick"]}
    expected |= {(name, c["baseline"]) for name, c in contenders.items() if c["baseline"]}
    if peer in contenders:
        expected |= {(name, peer) for name in contenders if name != peer}
    assert {(r["contender"], r["against"]) for r in quick_report["ratios"]} == expected


def test_the_table_of_every_shipped_spec_sets_each_against_fives_and_threes(quick_report: dict[str, Any]) -> None:
    """A row per shipped spec, each target's cost per placement over Fives and Threes' on that target."""
    table = quick_report["specs"]
    assert set(table) == {"seconds_per_batch", "at_most", "rows", "above", "unavailable"}
    shipped = sorted(path.relative_to(ROOT).as_posix() for path in SHIPPED)
    assert sorted(row["spec"] for row in table["rows"]) == shipped
    unavailable = {entry["name"] for entry in table["unavailable"]}
    for row in table["rows"]:
        assert set(row) == {"spec", "players", "python", "native"}
        assert row["python"] is not None
        assert (row["native"] is None) == (f"{row['spec']} (native)" in unavailable)
        for figures in filter(None, (row["python"], row["native"])):
            assert set(figures) == {"microseconds_per_placement", "against_fives_and_threes"}
            assert spread_ok(figures["microseconds_per_placement"]) and spread_ok(figures["against_fives_and_threes"])
    canonical = next(row for row in table["rows"] if row["spec"] == "spec/fives_and_threes.rules")
    assert canonical["python"]["against_fives_and_threes"]["median"] == 1.0
    for target, specs in table["above"].items():
        assert specs == [row["spec"] for row in table["rows"] if row[target]
                         and row[target]["against_fives_and_threes"]["median"] > table["at_most"]]


def test_the_engines_before_the_speed_work_play_todays_hands(quick_report: dict[str, Any]) -> None:
    """The baseline is the engines of the commit before the speed work, read from git: the same hands as today's."""
    contenders = {c["name"]: c for c in quick_report["contenders"]}
    for title in ("Fives and Threes", "Horse Race"):
        today = contenders[f"Python {title} 4-player hand"]
        before = contenders[f"Python {title} 4-player hand before the speed work"]
        assert today["baseline"] == before["name"] and before["same_hands_as"] == today["name"]


def test_contenders_that_play_the_same_hands_play_them_every_round(quick_report: dict[str, Any]) -> None:
    """Batches repeat their seeds; the engines' 4-player Fives and Threes hands are their yardsticks' very hands."""
    contenders = {c["name"]: c for c in quick_report["contenders"]}
    twins = {name: c["same_hands_as"] for name, c in contenders.items() if c["same_hands_as"]}
    assert twins["Python Fives and Threes 4-player hand"] == "Python yardstick Fives and Threes 4-player hand"
    assert ("native Fives and Threes 4-player hand" in twins) == ("native Fives and Threes 4-player hand" in contenders)
    for name, twin in twins.items():
        assert [(r["hands"], r["placements"]) for r in contenders[name]["rounds"]] == \
            [(r["hands"], r["placements"]) for r in contenders[twin]["rounds"]], name
    for contender in contenders.values():
        if contender["kind"] != "peer":
            assert len({(r["hands"], r["placements"]) for r in contender["rounds"]}) == 1, contender["name"]


def test_the_tables_name_every_contender_and_what_could_not_run(quick_report: dict[str, Any]) -> None:
    done = bench("--quick")
    assert done.returncode == 0, done.stderr
    for contender in quick_report["contenders"]:
        assert contender["name"] in done.stdout
    for entry in quick_report["unavailable"]:
        assert f"{entry['name']}: unavailable (" in done.stdout
    assert "per hand" in done.stdout and "per placement" in done.stdout


@pytest.mark.parametrize("args", [["--rounds", "0"], ["--seconds", "-1"], ["--rounds", "many"]])
def test_bad_options_are_refused_with_a_usage_message(args: list[str]) -> None:
    done = bench(*args)
    assert done.returncode == 2
    assert "usage:" in done.stderr and "Traceback" not in done.stderr


def test_the_simulation_benchmark_reports_in_its_documented_shape() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_simulate.py"), "--quick", "--json"],
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) == {"schema", "settings", "contenders", "ratios", "unavailable"}
    assert report["schema"] == "dominospec-bench-simulate/1" and report["settings"]["rounds"] == 2
    contenders = {c["name"]: c for c in report["contenders"]}
    assert {"simulate, Python, 1 worker", "simulate, Python, 2 workers"} <= contenders.keys()
    unavailable = {entry["name"] for entry in report["unavailable"]}
    assert ("simulate, native, 1 worker" in contenders) != ("native" in unavailable)
    for contender in contenders.values():
        assert set(contender) == {"name", "target", "workers", "batch", "hands_per_second"}
        assert contender["batch"] >= 100 and spread_ok(contender["hands_per_second"])
    for entry in report["ratios"]:
        assert entry["contender"] in contenders and entry["against"] in contenders and spread_ok(entry["ratio"])
    wasm = "WebAssembly engine loop (Node), sums only" in contenders  # beside the native loop, where node runs
    assert wasm != ("WebAssembly" in unavailable or "native" in unavailable)
    assert len(report["ratios"]) == (4 + wasm if "simulate, native, 1 worker" in contenders else 1)


def test_the_bots_benchmark_reports_in_its_documented_shape() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_bots.py"), "--quick", "--json"],
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) == {"schema", "settings", "contenders", "ratios", "unavailable"}
    assert report["schema"] == "dominospec-bench-bots/1" and report["settings"]["rounds"] == 2
    bots = ["random", "greedy", "expert", "ismcts:50", "ismcts:200"]
    native = not report["unavailable"]
    assert [(c["target"], c["bot"]) for c in report["contenders"]] == [
        (target, bot) for target in ("python", "c")[:1 + native] for bot in bots]
    for contender in report["contenders"]:
        assert set(contender) == {"name", "target", "bot", "batch", "moves", "ms_per_move"}
        assert contender["batch"] >= 1 and contender["moves"] >= contender["batch"]
        assert spread_ok(contender["ms_per_move"])
    names = {c["name"] for c in report["contenders"]}
    for entry in report["ratios"]:
        assert entry["contender"] in names and entry["against"] in names and spread_ok(entry["ratio"])
    assert len(report["ratios"]) == (13 if native else 4)
