"""Hands per second: the generated engines against their peers and against hand-written yardsticks.

Every contender plays uniform-random legal moves (a bot draws u in [0, 1) and takes move int(u * n)),
one unit (a hand or a whole game) after another, on one core; time is this process's CPU time
(time.process_time), so other work on a busy machine does not count against a contender. Each
contender's batch (a fixed number of units, the same seeds every round) is sized once to take about
--seconds; then the contenders run interleaved, round by round (round r runs A, then B, then C ...),
so machine noise hits all alike, and every figure is the min, median and max over the rounds.

Ratios are taken per hand and per placement (a `dominoes` block hand places more tiles than a Fives
and Threes hand), each round against the same round's run of the other contender: against `dominoes`
(the peer), and against the yardstick of the contender's language: the hand-written Python Fives and
Threes hand for the Python engines, the hand-written C hand loop for the native engines. The Python
engine's 4-player Fives and Threes hands and the Python yardstick play the very same hands (the same
seeds, deals and bots), as do the native engine and the C yardstick.

The peers run only where installed (`pip install -e '.[bench]'` brings dominoes and open-spiel); the
native contenders only where dominospec.native is importable and a C compiler is present.

--json prints one object (schema "dominospec-bench/1"): "settings" (seconds_per_batch, rounds, clock,
python, machine); "contenders", each with name, unit ("hand" or "game"), kind ("python", "peer",
"yardstick", "native"), batch (units per round), yardstick (the contender it is set against, or null),
same_hands_as (a contender playing the very same hands, or null), rounds (per round: units, hands,
placements, cpu_seconds) and units_per_second, hands_per_second, placements_per_second (each min,
median, max over the rounds); "ratios", each with contender, against, per_hand and per_placement
(min, median, max of the round-by-round ratios); "goals" (contender, against, per_hand_at_least,
per_hand, met); "unavailable" (name, reason) for what could not run here.
Usage: python benchmarks/bench_engines.py [--seconds S] [--rounds N] [--quick] [--json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import c_yardstick  # noqa: E402
import yardstick_fives_and_threes  # noqa: E402

from dominospec.generated import fives_and_threes, horse_race  # noqa: E402
from dominospec.language import ir  # noqa: E402
from dominospec.language.loader import load  # noqa: E402
from dominospec.targets.engines import load_engine  # noqa: E402

SCHEMA = "dominospec-bench/1"
PEER = "dominoes 6.1.0 4-player block hand"
PYTHON_YARDSTICK = "Python yardstick Fives and Threes 4-player hand"
C_YARDSTICK = "C yardstick Fives and Threes 4-player hand"
NATIVE_SEED = 1  # the seed every native batch and the C yardstick's batch start from
# The Python engines as they were before the first round of speed work (the merge of 78e9d3d's first
# parent): the contenders every later round is measured against, read from the repository's history.
BEFORE_SPEED_WORK = "83b20b317230a85f4d3c9712345e4714148a74ce"
BEFORE = "before the speed work"
# Goals per hand: (contender, against, at least). Issue #11's against dominoes; the later speed work's against
# the engines before it and against the hand-written yardstick.
GOALS = (("Python Fives and Threes 4-player hand", PEER, 2.0), ("Python Horse Race 4-player hand", PEER, 1.0),
         ("Python Fives and Threes 4-player hand", f"Python Fives and Threes 4-player hand {BEFORE}", 2.0),
         ("Python Horse Race 4-player hand", f"Python Horse Race 4-player hand {BEFORE}", 2.0),
         ("Python Fives and Threes 4-player hand", PYTHON_YARDSTICK, 0.9))
QUICK_SECONDS, QUICK_ROUNDS = 0.02, 2


class Batch(NamedTuple):
    """What one batch played: units asked for, hands and placements in them."""

    units: int
    hands: int
    placements: int


@dataclass
class Contender:
    name: str
    unit: str  # "hand" or "game"
    kind: str  # "python", "peer", "yardstick" or "native"
    run: Callable[[int], Batch]  # plays that many units, the same ones on every call
    yardstick: str | None = None  # the yardstick it is set against
    twin: str | None = None  # a contender that plays the very same hands: both get one batch size
    baseline: str | None = None  # the same engine before the speed work, which it is set against
    batch: int = 0
    rounds: list[dict[str, float]] = field(default_factory=list)


# --- the contenders ----------------------------------------------------------------------------


def engine_hands(engine: ModuleType, players: int,
                 play: Callable[[Any, list[Any]], None] | None = None) -> Callable[[int], Batch]:
    """Hands of seeds 0 .. count - 1, each played by play (the engine's play_hand unless given)."""
    play_hand = play or engine.play_hand

    def run(count: int) -> Batch:
        bots = [engine.RandomBot(seat) for seat in range(players)]
        placements = 0
        for seed in range(count):
            game = engine.Game(players, seed=seed)
            play_hand(game, bots)
            placements += len(game.layout.tiles)
        return Batch(count, count, placements)
    return run


def play_by_apply(game: Any, bots: list[Any]) -> None:
    """A hand moved through the app's door: apply() checks nothing more than play() but hands back the events."""
    while not game.hand_over:
        game.apply(bots[game.current].choose(game))


def engine_games(engine: ModuleType, players: int) -> Callable[[int], Batch]:
    """Whole games to the target: play_game's loop, counting each hand's placements as it ends."""
    def run(count: int) -> Batch:
        bots = [engine.RandomBot(seat) for seat in range(players)]
        hands = placements = 0
        for seed in range(count):
            game = engine.Game(players, seed=seed)
            while not game.over:
                if game.hand_over:
                    game.start_hand()
                engine.play_hand(game, bots)
                hands += 1
                placements += len(game.layout.tiles)
        return Batch(count, hands, placements)
    return run


def engines_before_speed_work(build_dir: Path) -> tuple[dict[str, ModuleType], str | None]:
    """The generated Fives and Threes and Horse Race engines of BEFORE_SPEED_WORK, read from git and imported
    from build_dir; none, and the reason, where this checkout does not hold that commit."""
    engines: dict[str, ModuleType] = {}
    for name in ("fives_and_threes", "horse_race"):
        try:
            done = subprocess.run(["git", "-C", str(ROOT), "show", f"{BEFORE_SPEED_WORK}:generated/{name}.py"],
                                  capture_output=True, text=True, encoding="utf-8", check=False)
        except OSError as err:
            return {}, f"git cannot be run: {err}"
        if done.returncode != 0:
            return {}, f"this checkout's history has no commit {BEFORE_SPEED_WORK[:7]}"
        path = build_dir / f"before_speed_work_{name}.py"
        path.write_text(done.stdout, encoding="utf-8")
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # registered, as its dataclasses and typing look it up
        spec.loader.exec_module(module)
        engines[name] = module
    return engines, None


def python_yardstick_hands(count: int) -> Batch:
    return Batch(count, count, yardstick_fives_and_threes.play_hands(0, count))


def dominoes_hands() -> Callable[[int], Batch] | None:
    if importlib.util.find_spec("dominoes") is None:
        return None
    import dominoes  # type: ignore[import-untyped]  # the package ships no types

    def run(count: int) -> Batch:
        draw = random.Random(0).random
        placements = 0
        for seed in range(count):
            random.seed(seed)  # its deal shuffles with the random module
            game = dominoes.Game.new()
            while game.result is None:
                moves = game.valid_moves
                game.make_move(*moves[int(draw() * len(moves))])
            placements += len(game.board)  # it passes for a player who cannot play
        return Batch(count, count, placements)
    return run


def open_spiel_hands(name: str) -> Callable[[int], Batch] | None:
    if importlib.util.find_spec("pyspiel") is None:
        return None
    import pyspiel  # type: ignore[import-not-found]  # a compiled module without stubs
    from open_spiel.python.games import (  # type: ignore[import-untyped]  # no types shipped
        block_dominoes,  # noqa: F401  (registers the games)
        team_dominoes,  # noqa: F401
    )

    game = pyspiel.load_game(name)

    def run(count: int) -> Batch:
        draw = random.Random(0).random
        placements = 0
        for _ in range(count):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(draw() * len(outcomes))][0])
                else:
                    actions = state.legal_actions()  # it passes for a player who cannot play
                    state.apply_action(actions[int(draw() * len(actions))])
                    placements += 1
        return Batch(count, count, placements)
    return run


def c_yardstick_hands(yardstick: c_yardstick.CYardstick) -> Callable[[int], Batch]:
    def run(count: int) -> Batch:
        stats = yardstick.play_hands(count, seed=NATIVE_SEED)
        return Batch(count, stats["hands"], stats["placements"])
    return run


def native_runs(engine: Any, players: int, partnerships: bool | None = True
                ) -> tuple[Callable[[int], Batch], Callable[[int], Batch]]:
    """(hands, whole games) of a native engine: one call plays the whole batch."""
    def hands(count: int) -> Batch:
        stats = engine.play_hands(count, players=players, partnerships=partnerships, seed=NATIVE_SEED, bot="random")
        return Batch(count, stats.hands, stats.placements)

    def games(count: int) -> Batch:
        stats = engine.play_matches(count, players=players, partnerships=partnerships, seed=NATIVE_SEED, bot="random")
        return Batch(count, stats.hands, stats.placements)
    return hands, games


def native_contenders() -> tuple[list[Contender], str | None]:
    """The native engines' contenders, or none and the reason."""
    if importlib.util.find_spec("dominospec.native") is None:
        return [], "dominospec.native is not installed"
    if c_yardstick.compiler() is None:
        return [], "no C compiler"
    from dominospec import native  # type: ignore[attr-defined, unused-ignore]  # only where it is installed

    contenders: list[Contender] = []
    for title, spec in (("Fives and Threes", "fives_and_threes.rules"), ("Horse Race", "horse_race.rules")):
        try:
            engine = native.load(str(ROOT / "spec" / spec))
        except Exception as err:  # whatever stops the build, the run goes on without native contenders
            return [], f"{spec} did not load: {err}"
        hands, games = native_runs(engine, 4)
        twin = C_YARDSTICK if title == "Fives and Threes" else None
        contenders += [Contender(f"native {title} 4-player hand", "hand", "native", hands, C_YARDSTICK, twin),
                       Contender(f"native {title} 4-player game", "game", "native", games, C_YARDSTICK)]
    return contenders, None


def contenders(build_dir: Path) -> tuple[list[Contender], dict[str, str]]:
    """Every contender that can run here, and the reason for each that cannot."""
    found: list[Contender] = []
    unavailable: dict[str, str] = {}
    peers = [(PEER, "hand", dominoes_hands()),
             ("open-spiel 2.0.2 python_block_dominoes 2-player hand", "hand",
              open_spiel_hands("python_block_dominoes")),
             ("open-spiel 2.0.2 python_team_dominoes 4-player hand", "hand", open_spiel_hands("python_team_dominoes"))]
    for name, unit, run in peers:
        if run is None:
            unavailable[name] = "not installed (pip install -e '.[bench]')"
        else:
            found.append(Contender(name, unit, "peer", run))
    found.append(Contender(PYTHON_YARDSTICK, "hand", "yardstick", python_yardstick_hands))
    before, reason = engines_before_speed_work(build_dir)
    fat_before = f"Python Fives and Threes 4-player hand {BEFORE}"
    race_before = f"Python Horse Race 4-player hand {BEFORE}"
    if reason is None:  # the same hands as today's engines: the same seeds, deals and draws
        found += [Contender(fat_before, "hand", "python", engine_hands(before["fives_and_threes"], 4),
                            twin="Python Fives and Threes 4-player hand"),
                  Contender(race_before, "hand", "python", engine_hands(before["horse_race"], 4),
                            twin="Python Horse Race 4-player hand")]
    else:
        unavailable[f"Python engines {BEFORE}"] = reason
    found += [
        Contender("Python Fives and Threes 4-player hand", "hand", "python", engine_hands(fives_and_threes, 4),
                  PYTHON_YARDSTICK, PYTHON_YARDSTICK, fat_before),
        Contender("Python Fives and Threes 2-player hand", "hand", "python", engine_hands(fives_and_threes, 2),
                  PYTHON_YARDSTICK),
        Contender("Python Horse Race 4-player hand", "hand", "python", engine_hands(horse_race, 4), PYTHON_YARDSTICK,
                  baseline=race_before),
        Contender("Python Horse Race 2-player hand", "hand", "python", engine_hands(horse_race, 2), PYTHON_YARDSTICK),
        Contender("Python Horse Race 4-player hand by apply()", "hand", "python",
                  engine_hands(horse_race, 4, play_by_apply), PYTHON_YARDSTICK),
        Contender("Python Fives and Threes 4-player game", "game", "python", engine_games(fives_and_threes, 4),
                  PYTHON_YARDSTICK),
        Contender("Python Fives and Threes 2-player game", "game", "python", engine_games(fives_and_threes, 2),
                  PYTHON_YARDSTICK),
        Contender("Python Horse Race 4-player game", "game", "python", engine_games(horse_race, 4), PYTHON_YARDSTICK),
    ]
    try:
        found.append(Contender(C_YARDSTICK, "hand", "yardstick", c_yardstick_hands(c_yardstick.build(build_dir)),
                               PYTHON_YARDSTICK))
    except c_yardstick.YardstickUnavailable as err:
        unavailable[C_YARDSTICK] = str(err)
    natives, reason = native_contenders()
    if reason is not None:
        unavailable["native"] = reason
    elif C_YARDSTICK in unavailable:
        unavailable["native"] = "the C yardstick they are measured against did not build"
    else:
        found += natives
    return found, unavailable


# --- every shipped spec: the cost of a placement ---------------------------------------------------

SPEC_FOLDERS = ("spec", "examples", "examples/family")
CANONICAL = "spec/fives_and_threes.rules"  # every spec's placement is set against this one's, target by target
SPEC_AT_MOST = 1.5  # the goal: no shipped spec's placement costs more than this many Fives and Threes ones


def shipped_specs() -> list[str]:
    """Every shipped variant's spec, relative to the checkout."""
    return [path.relative_to(ROOT).as_posix()
            for folder in SPEC_FOLDERS for path in sorted((ROOT / folder).glob("*.rules"))]


def table_players(variant: ir.Variant) -> int:
    """4 where the variant has a 4-player table, as Fives and Threes is measured; else its largest."""
    counts = variant.player_counts
    return 4 if 4 in counts else max(counts)


def spec_contenders() -> tuple[list[Contender], dict[str, int], dict[str, str]]:
    """For every shipped spec its Python engine's hands (compiled in memory, as `compile` writes it) and, where
    dominospec.native builds here, its native engine's; the players each is measured at; what could not run."""
    native: Any = None
    reason: str | None = None
    if importlib.util.find_spec("dominospec.native") is None:
        reason = "dominospec.native is not installed"
    else:
        from dominospec import native  # type: ignore[attr-defined, unused-ignore]  # only where it is installed
    found: list[Contender] = []
    players: dict[str, int] = {}
    unavailable: dict[str, str] = {}
    for spec in shipped_specs():
        variant = load(ROOT / spec)
        assert isinstance(variant, ir.Variant), spec  # match formats live in examples/match_formats/
        players[spec] = count = table_players(variant)
        engine = load_engine(variant, ROOT / spec)
        found.append(Contender(f"{spec} (python)", "hand", "python", engine_hands(engine, count)))
        if reason is not None:
            unavailable[f"{spec} (native)"] = reason
            continue
        try:
            hands, _ = native_runs(native.load(str(ROOT / spec)), count, partnerships=None)
        except Exception as err:  # whatever stops the build, the table goes on without that engine
            unavailable[f"{spec} (native)"] = str(err).splitlines()[0]
            continue
        found.append(Contender(f"{spec} (native)", "hand", "native", hands))
    return found, players, unavailable


def spec_table(found: list[Contender], players: dict[str, int], unavailable: dict[str, str],
               seconds: float) -> dict[str, Any]:
    """Per spec and target: microseconds per placement, and that cost over Fives and Threes' on the same
    target, round by round."""
    by_name = {c.name: c for c in found}
    rows: list[dict[str, Any]] = []
    for spec, count in players.items():
        row: dict[str, Any] = {"spec": spec, "players": count}
        for target in ("python", "native"):
            mine, canonical = by_name.get(f"{spec} ({target})"), by_name.get(f"{CANONICAL} ({target})")
            if mine is None or canonical is None:
                row[target] = None
                continue
            rate = rates(mine)["placements_per_second"]
            row[target] = {"microseconds_per_placement": spread([1e6 / r for r in rate if r]),
                           "against_fives_and_threes": ratio(canonical, mine)["per_placement"]}
        rows.append(row)
    above = {target: [r["spec"] for r in rows
                      if r[target] and r[target]["against_fives_and_threes"]["median"] > SPEC_AT_MOST]
             for target in ("python", "native")}
    return {"seconds_per_batch": seconds, "at_most": SPEC_AT_MOST, "rows": rows, "above": above,
            "unavailable": [{"name": name, "reason": reason} for name, reason in unavailable.items()]}


def print_spec_table(table: dict[str, Any]) -> None:
    print(f"\nevery shipped spec: microseconds per placement (median of rounds) and that cost against "
          f"{CANONICAL} on the same target (goal: at most {table['at_most']}x)")
    print(f"{'spec':62} {'players':>7} {'Python us':>10} {'ratio':>7} {'native us':>10} {'ratio':>7}")
    for row in table["rows"]:
        cells = []
        for target in ("python", "native"):
            figures = row[target]
            if figures is None:
                cells.append(f"{'-':>10} {'':>7}")
            else:
                cost, against = figures["microseconds_per_placement"]["median"], figures["against_fives_and_threes"]
                flag = "!" if against["median"] > table["at_most"] else " "
                cells.append(f"{cost:10.3f} {against['median']:6.2f}{flag}")
        print(f"{row['spec']:62} {row['players']:7} {' '.join(cells)}")
    for entry in table["unavailable"]:
        print(f"{entry['name']}: unavailable ({entry['reason']})")
    for target, specs in table["above"].items():
        print(f"goal {target}: every spec at most {table['at_most']}x Fives and Threes' cost per placement: "
              + ("met" if not specs else f"NOT met ({len(specs)} above: {', '.join(specs)})"))


# --- measuring ---------------------------------------------------------------------------------


def timed(contender: Contender, count: int) -> tuple[Batch, float]:
    start = time.process_time()
    batch = contender.run(count)
    return batch, time.process_time() - start


def calibrate(contender: Contender, seconds: float) -> int:
    """The batch size that takes about `seconds`: doubled until a batch takes a tenth of it, then scaled."""
    count = 1
    while True:
        _, elapsed = timed(contender, count)
        if elapsed >= seconds / 10:
            return max(1, round(count * seconds / elapsed))
        count *= 2


def measure(found: list[Contender], seconds: float, rounds: int) -> None:
    """Size every batch, then run the rounds interleaved: each round runs every contender once."""
    by_name = {c.name: c for c in found}
    for contender in found:
        contender.batch = calibrate(contender, seconds)
    for _ in found:  # twins play the same hands: the smallest batch for every twin of a twin too
        for contender in found:
            if contender.twin in by_name:
                other = by_name[contender.twin]
                contender.batch = other.batch = min(contender.batch, other.batch)
    for _ in range(rounds):
        for contender in found:
            batch, elapsed = timed(contender, contender.batch)
            contender.rounds.append({"units": batch.units, "hands": batch.hands, "placements": batch.placements,
                                     "cpu_seconds": elapsed})


def spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def rates(contender: Contender) -> dict[str, list[float]]:
    """Per round: units, hands and placements per CPU second."""
    return {f"{what}_per_second": [r[what] / r["cpu_seconds"] if r["cpu_seconds"] else 0.0 for r in contender.rounds]
            for what in ("units", "hands", "placements")}


def ratio(contender: Contender, against: Contender) -> dict[str, Any]:
    """Round by round, the contender's rate over the other's in the same round, per hand and per placement."""
    mine, theirs = rates(contender), rates(against)
    figures: dict[str, Any] = {"contender": contender.name, "against": against.name}
    for what in ("hands", "placements"):
        pairs = zip(mine[f"{what}_per_second"], theirs[f"{what}_per_second"], strict=True)
        figures[f"per_{what[:-1]}"] = spread([a / b for a, b in pairs if b])
    return figures


def report(found: list[Contender], unavailable: dict[str, str], seconds: float, rounds: int,
           specs: dict[str, Any] | None) -> dict[str, Any]:
    """The benchmark as one JSON-ready object: settings, contenders with per-round figures, ratios."""
    by_name = {c.name: c for c in found}
    ratios: list[dict[str, Any]] = []
    for contender in found:
        if PEER in by_name and contender.name != PEER:
            ratios.append(ratio(contender, by_name[PEER]))
        if contender.yardstick in by_name:
            ratios.append(ratio(contender, by_name[contender.yardstick]))
        if contender.baseline in by_name:
            ratios.append(ratio(contender, by_name[contender.baseline]))
    per_hand = {(r["contender"], r["against"]): r["per_hand"]["median"] for r in ratios}
    return {
        "schema": SCHEMA,
        "settings": {"seconds_per_batch": seconds, "rounds": rounds, "clock": "time.process_time",
                     "python": platform.python_version(), "machine": platform.machine()},
        "contenders": [{"name": c.name, "unit": c.unit, "kind": c.kind, "batch": c.batch, "yardstick": c.yardstick,
                        "same_hands_as": c.twin, "baseline": c.baseline, "rounds": c.rounds,
                        **{key: spread(values) for key, values in rates(c).items()}}
                       for c in found],
        "ratios": ratios,
        "goals": [{"contender": name, "against": against, "per_hand_at_least": goal,
                   "per_hand": per_hand[name, against], "met": per_hand[name, against] >= goal}
                  for name, against, goal in GOALS if (name, against) in per_hand],
        "unavailable": [{"name": name, "reason": reason} for name, reason in unavailable.items()],
        "specs": specs,
    }


def print_tables(result: dict[str, Any]) -> None:
    settings = result["settings"]
    print(f"{settings['rounds']} rounds, each contender's batch sized to about {settings['seconds_per_batch']} s "
          f"of CPU time, interleaved round by round")
    print(f"\n{'contender':62} {'batch':>7} {'units/s min':>12} {'median':>10} {'max':>10} {'placements/s':>13}")
    for c in result["contenders"]:
        units = c["units_per_second"]
        print(f"{c['name']:62} {c['batch']:7,} {units['min']:12,.0f} {units['median']:10,.0f} {units['max']:10,.0f} "
              f"{c['placements_per_second']['median']:13,.0f}")
    for entry in result["unavailable"]:
        print(f"{entry['name']}: unavailable ({entry['reason']})")
    print(f"\n{'ratio (median of rounds, min..max)':62} {'against':62} {'per hand':>18} {'per placement':>18}")
    for r in result["ratios"]:
        hand, place = r["per_hand"], r["per_placement"]
        print(f"{r['contender']:62} {r['against']:62} "
              f"{hand['median']:6.2f}x {hand['min']:4.2f}..{hand['max']:<4.2f} "
              f"{place['median']:6.2f}x {place['min']:4.2f}..{place['max']:<4.2f}")
    for goal in result["goals"]:
        verdict = "met" if goal["met"] else "NOT met"
        print(f"goal {goal['contender']} >= {goal['per_hand_at_least']:.1f}x {goal['against']} per hand: "
              f"{verdict} ({goal['per_hand']:.2f}x)")
    if result["specs"] is not None:
        print_spec_table(result["specs"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, help="CPU seconds a contender's batch is sized to (default 1)")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 5)")
    parser.add_argument("--quick", action="store_true",
                        help=f"tiny batches ({QUICK_SECONDS} s) and {QUICK_ROUNDS} rounds: checks that it runs")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    parser.add_argument("--spec-seconds", type=float,
                        help="CPU seconds a batch of the every-spec table is sized to (default --seconds / 5)")
    parser.add_argument("--no-specs", action="store_true", help="leave out the table of every shipped spec")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else QUICK_SECONDS if args.quick else 1.0
    rounds = args.rounds if args.rounds is not None else QUICK_ROUNDS if args.quick else 5
    spec_seconds = args.spec_seconds if args.spec_seconds is not None else seconds / 5
    if seconds <= 0 or rounds < 1 or spec_seconds <= 0:
        parser.error("--seconds and --spec-seconds must be above 0 and --rounds at least 1")
    with tempfile.TemporaryDirectory() as build_dir:
        found, unavailable = contenders(Path(build_dir))
        measure(found, seconds, rounds)
    specs = None
    if not args.no_specs:
        spec_found, players, spec_unavailable = spec_contenders()
        measure(spec_found, spec_seconds, rounds)
        specs = spec_table(spec_found, players, spec_unavailable, spec_seconds)
    result = report(found, unavailable, seconds, rounds, specs)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_tables(result)


if __name__ == "__main__":
    main()
