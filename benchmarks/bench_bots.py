"""The time each bot takes a move, on the Python and the native engine, in 2-player Fives and Threes.

Each contender is a bot playing itself, hand after hand (each dealt from scores of 0, the same seeds every
round), on one core; time is this process's CPU time (time.process_time), so other work on a busy machine
does not count against a contender. A contender's batch (a number of hands) is sized once to take about
--seconds; then the contenders run interleaved, round by round, so machine noise hits all alike. Every
figure is the min, median and max over the rounds, and each bot's time a move is set against its
neighbours: the bot that thinks less on the same engine, and the same bot on the other engine.

--json prints one object (schema "dominospec-bench-bots/1"): "settings"; "contenders", each with name,
target, bot, batch (hands a round), moves (moves in a batch) and ms_per_move (min, median, max); "ratios",
each with contender, against and ratio (min, median, max of the round-by-round ratios of time a move);
"unavailable" (name, reason) for what could not run here.
Usage: python benchmarks/bench_bots.py [--seconds S] [--rounds N] [--quick] [--json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dominospec import native
from dominospec.generated import fives_and_threes as engine
from dominospec.play import bots as bot_names

SPEC = Path(__file__).resolve().parent.parent / "spec" / "fives_and_threes.rules"
SCHEMA = "dominospec-bench-bots/1"
BOTS = ("random", "greedy", "expert", "ismcts:50", "ismcts:200")
QUICK_SECONDS, QUICK_ROUNDS = 0.05, 2


@dataclass
class Contender:
    target: str
    bot: str
    run: Callable[[int], int]  # plays that many hands, the same ones on every call; the moves made
    batch: int = 0
    moves: int = 0
    seconds: list[float] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.bot}, {'native' if self.target == 'c' else 'Python'}"

    def ms_per_move(self) -> list[float]:
        return [1000 * seconds / self.moves for seconds in self.seconds]


def python_hands(bot: str) -> Callable[[int], int]:
    def run(count: int) -> int:
        moves = 0
        for seed in range(count):
            game = engine.Game(2, seed=seed)
            engine.play_hand(game, [bot_names.build(engine, bot, seed * 2 + seat) for seat in range(2)])
            moves += sum(event["event"] in ("play", "pass", "draw") for event in game.events)
        return moves
    return run


def native_hands(sim: native.NativeEngine, bot: str) -> Callable[[int], int]:
    def run(count: int) -> int:
        stats = sim.play_hands(count, players=2, seed=1, bot=bot)
        return stats.placements + stats.passes + stats.draws
    return run


def contenders() -> tuple[list[Contender], dict[str, str]]:
    found = [Contender("python", bot, python_hands(bot)) for bot in BOTS]
    unavailable: dict[str, str] = {}
    try:
        sim = native.load(SPEC)
    except native.NativeUnavailable as err:
        unavailable["native"] = err.diagnostics[0].headline()
        return found, unavailable
    return found + [Contender("c", bot, native_hands(sim, bot)) for bot in BOTS], unavailable


def timed(contender: Contender, count: int) -> float:
    start = time.process_time()
    contender.moves = contender.run(count)
    return time.process_time() - start


def calibrate(contender: Contender, seconds: float) -> None:
    """The batch that takes about `seconds`, found by doubling from one hand."""
    count = 1
    while (spent := timed(contender, count)) < seconds / 4:
        count *= 2
    contender.batch = max(1, int(count * seconds / max(spent, 1e-9)))


def measure(found: list[Contender], seconds: float, rounds: int) -> None:
    for contender in found:
        calibrate(contender, seconds)
    for _ in range(rounds):
        for contender in found:
            contender.seconds.append(timed(contender, contender.batch))


def spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def ratios(found: list[Contender]) -> list[dict[str, Any]]:
    """Each bot's time a move against the bot before it in BOTS on the same engine, and on the native engine
    against the same bot on the Python engine."""
    by_key = {(c.target, c.bot): c for c in found}
    pairs = [((t, bot), (t, before)) for t in ("python", "c") for before, bot in zip(BOTS, BOTS[1:], strict=False)]
    pairs += [(("c", bot), ("python", bot)) for bot in BOTS]
    out = []
    for mine, theirs in pairs:
        if mine in by_key and theirs in by_key:
            a, b = by_key[mine], by_key[theirs]
            out.append({"contender": a.name, "against": b.name, "ratio": spread(
                [x / y for x, y in zip(a.ms_per_move(), b.ms_per_move(), strict=True)])})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="about how long one batch takes (default: 2)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default: 5)")
    parser.add_argument("--quick", action="store_true", help="tiny batches and 2 rounds: checks that it runs")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = parser.parse_args()
    seconds, rounds = (QUICK_SECONDS, QUICK_ROUNDS) if args.quick else (args.seconds, args.rounds)
    found, unavailable = contenders()
    measure(found, seconds, rounds)
    result = {"schema": SCHEMA,
              "settings": {"seconds_per_batch": seconds, "rounds": rounds, "clock": "process_time",
                           "python": platform.python_version(), "machine": platform.machine()},
              "contenders": [{"name": c.name, "target": c.target, "bot": c.bot, "batch": c.batch, "moves": c.moves,
                              "ms_per_move": spread(c.ms_per_move())} for c in found],
              "ratios": ratios(found), "unavailable": [{"name": n, "reason": r} for n, r in unavailable.items()]}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{'contender':<22} {'ms a move (median)':>19} {'min':>10} {'max':>10}")
    for contender in result["contenders"]:
        ms = contender["ms_per_move"]
        print(f"{contender['name']:<22} {ms['median']:>19.3g} {ms['min']:>10.3g} {ms['max']:>10.3g}")
    print()
    print(f"{'contender':<22} {'against':<22} {'ratio (median)':>15} {'min':>8} {'max':>8}")
    for ratio in result["ratios"]:
        r = ratio["ratio"]
        print(f"{ratio['contender']:<22} {ratio['against']:<22} {r['median']:>15.3g} {r['min']:>8.3g} {r['max']:>8.3g}")
    for name, reason in unavailable.items():
        print(f"not measured: {name}: {reason}")


if __name__ == "__main__":
    main()
