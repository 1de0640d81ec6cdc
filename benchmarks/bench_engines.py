"""Hands per second: the generated engines against the neighbours named in DESIGN.md.

Uniform-random legal moves everywhere, one core, best of several rounds. Time is this process's CPU
time (time.process_time), so other work on a busy machine does not count against a contender.
The neighbours run only where installed: `pip install -e '.[bench]'` brings dominoes and open-spiel.
Usage: python benchmarks/bench_engines.py [--seconds S] [--rounds N]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dominospec.generated import fives_and_threes, horse_race  # noqa: E402


def rate(run_one: Callable[[int], None], seconds: float, rounds: int) -> float:
    """Best rate over rounds, each round running whole units for about `seconds`."""
    best = 0.0
    seed = 0
    for _ in range(rounds):
        done, start = 0, time.process_time()
        while (elapsed := time.process_time() - start) < seconds:
            run_one(seed)
            seed += 1
            done += 1
        best = max(best, done / elapsed)
    return best


def engine_hand(engine: ModuleType, players: int, partnerships: bool | None = None) -> Callable[[int], None]:
    bots = [engine.RandomBot(i) for i in range(players)]

    def run(seed: int) -> None:
        engine.play_hand(engine.Game(players, partnerships, seed=seed), bots)
    return run


def engine_hand_by_apply(engine: ModuleType, players: int) -> Callable[[int], None]:
    """A hand moved through the app's door: apply() checks nothing more than play() but hands back the events."""
    bots = [engine.RandomBot(i) for i in range(players)]

    def run(seed: int) -> None:
        game = engine.Game(players, seed=seed)
        while not game.hand_over:
            game.apply(bots[game.current].choose(game))
    return run


def engine_match(engine: ModuleType, players: int, partnerships: bool | None = None) -> Callable[[int], None]:
    bots = [engine.RandomBot(i) for i in range(players)]

    def run(seed: int) -> None:
        engine.play_game(engine.Game(players, partnerships, seed=seed), bots)
    return run


def dominoes_hand() -> Callable[[int], None] | None:
    if importlib.util.find_spec("dominoes") is None:
        return None
    import dominoes  # type: ignore[import-untyped]  # the package ships no types

    def run(seed: int) -> None:
        rng = random.Random(seed)
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*rng.choice(game.valid_moves))
    return run


def open_spiel_hand(name: str) -> Callable[[int], None] | None:
    if importlib.util.find_spec("pyspiel") is None:
        return None
    import pyspiel  # type: ignore[import-not-found]  # a compiled module without stubs
    from open_spiel.python.games import (  # type: ignore[import-untyped]  # no types shipped
        block_dominoes,  # noqa: F401  (registers the games)
        team_dominoes,  # noqa: F401
    )

    game = pyspiel.load_game(name)

    def run(seed: int) -> None:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one round (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per measurement; the best counts (default 3)")
    args = parser.parse_args()

    cases: list[tuple[str, str, Callable[[int], None] | None]] = [
        ("dominoes 6.1.0", "4-player block hand", dominoes_hand()),
        ("open-spiel python_block_dominoes", "2-player hand", open_spiel_hand("python_block_dominoes")),
        ("open-spiel python_team_dominoes", "4-player hand", open_spiel_hand("python_team_dominoes")),
        ("dominospec Fives and Threes", "4-player hand (partnerships)", engine_hand(fives_and_threes, 4)),
        ("dominospec Fives and Threes", "2-player hand", engine_hand(fives_and_threes, 2)),
        ("dominospec Horse Race", "4-player hand", engine_hand(horse_race, 4)),
        ("dominospec Horse Race", "2-player hand", engine_hand(horse_race, 2)),
        ("dominospec Horse Race", "4-player hand by apply()", engine_hand_by_apply(horse_race, 4)),
        ("dominospec Fives and Threes", "4-player game to 61", engine_match(fives_and_threes, 4)),
        ("dominospec Horse Race", "4-player game to 61", engine_match(horse_race, 4)),
    ]
    results: dict[tuple[str, str], float] = {}
    print(f"{'engine':36} {'unit':30} {'per second':>12}")
    for name, unit, run in cases:
        if run is None:
            print(f"{name:36} {unit:30} {'not installed':>12}")
            continue
        results[(name, unit)] = rate(run, args.seconds, args.rounds)
        print(f"{name:36} {unit:30} {results[(name, unit)]:12,.0f}", flush=True)

    baseline = results.get(("dominoes 6.1.0", "4-player block hand"))
    if baseline:
        print("\nratios against dominoes 6.1.0 (4-player block hand):")
        for (name, unit), value in results.items():
            if "hand" in unit and not name.startswith("dominoes"):
                print(f"  {name}, {unit}: {value / baseline:.2f}x")
        goals = [("dominospec Fives and Threes", "4-player hand (partnerships)", 2.0),
                 ("dominospec Horse Race", "4-player hand", 1.0)]
        for name, unit, goal in goals:
            ratio = results[(name, unit)] / baseline
            verdict = "met" if ratio >= goal else "NOT met"
            print(f"goal {name}, {unit} >= {goal:.0f}x dominoes: {verdict} ({ratio:.2f}x)")


if __name__ == "__main__":
    main()
