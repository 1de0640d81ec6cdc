"""Simulated hands per second: `dominospec.simulate` on the Python and the native engines, with 1 and 2
workers, against the native engine's own loop (NativeEngine.play_hands, which keeps sums only), and that
same C loop compiled to WebAssembly (the shipped generated/fives_and_threes.wasm) under Node.

The contenders play 4-player Fives and Threes hands with random bots, the same hands every round. Time
is wall-clock time (time.perf_counter), since the workers are other processes (Node times its own loop,
without its start and the module's instantiation); each contender's batch is
sized once to take about --seconds, and then the contenders run interleaved, round by round, so that
machine noise hits all alike. Every figure is the min, median and max over the rounds, and every ratio
is taken round by round against the same round's run of the contender it names.

--json prints one object (schema "dominospec-bench-simulate/1"): "settings" (seconds_per_batch, rounds,
cpus, python, machine), "contenders" (name, target, workers, batch, hands_per_second {min, median,
max}), "ratios" (contender, against, ratio {min, median, max}), "unavailable" (name, reason).
Usage: python benchmarks/bench_simulate.py [--seconds S] [--rounds N] [--quick] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dominospec import native
from dominospec.simulation.run import simulate

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec" / "fives_and_threes.rules"
SCHEMA = "dominospec-bench-simulate/1"
ENGINE_LOOP = "native engine loop, sums only"
WASM_LOOP = "WebAssembly engine loop (Node), sums only"
WASM = ROOT / "generated" / "fives_and_threes.wasm"
QUICK_SECONDS, QUICK_ROUNDS = 0.05, 2


@dataclass
class Contender:
    name: str
    target: str
    workers: int
    run: Callable[[int], float | None]  # plays that many hands, the same ones on every call; seconds it timed itself
    batch: int = 0
    seconds: list[float] = field(default_factory=list)

    def rates(self) -> list[float]:
        return [self.batch / seconds for seconds in self.seconds]


def simulation(target: str, workers: int) -> Callable[[int], float | None]:
    def run(count: int) -> None:
        simulate(SPEC, hands=count, target=target, workers=workers)  # type: ignore[arg-type]
    return run


def wasm_loop(count: int) -> float:
    """The WebAssembly engine's ds_simulate under Node, 4 players in partnerships as the native loop plays them."""
    done = subprocess.run(["node", str(ROOT / "benchmarks" / "wasm_simulate.mjs"), str(WASM), "4", "1", str(count)],
                          capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout)["seconds"])


def contenders() -> tuple[list[Contender], dict[str, str]]:
    found = [Contender(f"simulate, Python, {n} worker{'s' * (n > 1)}", "python", n, simulation("python", n))
             for n in (1, 2)]
    unavailable: dict[str, str] = {}
    try:
        engine = native.load(SPEC)
    except native.NativeUnavailable as err:
        unavailable["native"] = err.diagnostics[0].headline()
        return found, unavailable
    found += [Contender(f"simulate, native, {n} worker{'s' * (n > 1)}", "c", n, simulation("c", n)) for n in (1, 2)]

    def engine_loop(count: int) -> None:
        engine.play_hands(count, players=4)

    found.append(Contender(ENGINE_LOOP, "c", 1, engine_loop))
    if shutil.which("node") is None:
        unavailable["WebAssembly"] = "node is not on PATH"
    else:
        found.append(Contender(WASM_LOOP, "wasm", 1, wasm_loop))
    return found, unavailable


def timed(contender: Contender, count: int) -> float:
    start = time.perf_counter()
    own = contender.run(count)
    return time.perf_counter() - start if own is None else own


def calibrate(contender: Contender, seconds: float) -> None:
    """The batch that takes about `seconds`, found by doubling from a small one."""
    count = 100
    while (spent := timed(contender, count)) < seconds / 4:
        count *= 2
    contender.batch = max(100, int(count * seconds / spent))


def measure(found: list[Contender], seconds: float, rounds: int) -> None:
    for contender in found:
        calibrate(contender, seconds)
    for _ in range(rounds):
        for contender in found:
            contender.seconds.append(timed(contender, contender.batch))


def spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def ratios(found: list[Contender]) -> list[dict[str, Any]]:
    """Each simulation against its neighbours: 2 workers against 1, native against Python, and native
    simulate against the engine's own loop (what the records and their statistics cost)."""
    by_name = {contender.name: contender for contender in found}
    pairs = [(f"simulate, {t}, 2 workers", f"simulate, {t}, 1 worker") for t in ("Python", "native")]
    pairs += [("simulate, native, 1 worker", "simulate, Python, 1 worker"), ("simulate, native, 1 worker", ENGINE_LOOP),
              (WASM_LOOP, ENGINE_LOOP)]
    out = []
    for name, against in pairs:
        if name in by_name and against in by_name:
            mine, theirs = by_name[name].rates(), by_name[against].rates()
            out.append({"contender": name, "against": against,
                        "ratio": spread([a / b for a, b in zip(mine, theirs, strict=True)])})
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
              "settings": {"seconds_per_batch": seconds, "rounds": rounds, "cpus": os.cpu_count(),
                           "python": platform.python_version(), "machine": platform.machine()},
              "contenders": [{"name": c.name, "target": c.target, "workers": c.workers, "batch": c.batch,
                              "hands_per_second": spread(c.rates())} for c in found],
              "ratios": ratios(found), "unavailable": [{"name": n, "reason": r} for n, r in unavailable.items()]}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{'contender':<42} {'hands/s (median)':>17} {'min':>12} {'max':>12}")
    for contender in result["contenders"]:
        rate = contender["hands_per_second"]
        print(f"{contender['name']:<42} {rate['median']:>17,.0f} {rate['min']:>12,.0f} {rate['max']:>12,.0f}")
    print()
    for entry in result["ratios"]:
        ratio = entry["ratio"]
        print(f"{entry['contender']} / {entry['against']}: {ratio['median']:.2f}x "
              f"({ratio['min']:.2f} to {ratio['max']:.2f})")
    for entry in result["unavailable"]:
        print(f"not run: {entry['name']}: {entry['reason']}")


if __name__ == "__main__":
    main()
