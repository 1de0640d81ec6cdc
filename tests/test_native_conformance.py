"""The native engines (the C target) against the Python engines, on every shipped variant and every house
variant of tests/engine_cases.py.

The Python engines play records (whole games by play_game, and whole matches by the engine's Match
where the variant has match rules) at every table the variant allows, with random and greedy bots
mixed at the table; the native engine replays each record and must give the Python replay's final
scores, winners, match points and target, and each placement's (points, bonus, cancelled) exactly as
the Python game's play events have them. Where scores are announced, claims are true, missing or
wrong, so that penalties and muggins calls are met too. The recorded hands of tests/replays/ are
replayed the same way.

CONFORMANCE records are played per table (and as many matches per table where there are match
rules), half as many for a house variant (each differs from its spec in a few clauses); set
DOMINOSPEC_CONFORMANCE to play more (thousands per spec take some minutes a spec).
"""

from __future__ import annotations

import functools
import json
import os
import random
import types
from pathlib import Path
from typing import Any

import pytest

from dominospec.engine_api import as_variant, engine_of
from dominospec.language import ir
from dominospec.native import NativeEngine
from dominospec.play.replay import ReplayResult, replay
from engine_cases import HOUSE_CASES, SHIPPED_CASES, Case, engine_for, every_table, native_for
from support import ROOT

CONFORMANCE = int(os.environ.get("DOMINOSPEC_CONFORMANCE", "8"))
HANDS_WITHOUT_TARGET = 6  # a game with no target (pool play) is recorded for this many hands
GREEDY_SHARE = 0.3  # of the seats at a table
SHIPPED_VARIANTS = [case for case in SHIPPED_CASES if isinstance(engine_for(case)[0], ir.Variant)]
CASES = SHIPPED_VARIANTS + HOUSE_CASES  # the house variants switch on the options no shipped spec uses
# The recorded hands of shipped specs (those of announced/ are of a house variant of All Fives).
RECORDS = sorted((ROOT / "tests" / "replays").glob("*.json"))


def play_announced(engine: Any, game: Any, bots: list[Any], rng: random.Random) -> None:
    """Play the current hand with claims true, missing or wrong, so that penalties and muggins happen."""
    while not game.hand_over:
        move = bots[game.current].choose(game)
        claim = None
        if move[0] == "play":
            true = game.points_for(move)
            claim = rng.choice([true, true, 0, true + 5])
        game.apply(move, claim)


def play_game(engine: Any, variant: ir.Variant, game: Any, bots: list[Any], rng: random.Random) -> None:
    endless = variant.target.kind is ir.TargetKind.NONE
    if variant.placement_points is not ir.PlacementPoints.ANNOUNCED:
        engine.play_game(game, bots, max_hands=HANDS_WITHOUT_TARGET if endless else 1000)
        return
    while not game.over and game.hand_number < (HANDS_WITHOUT_TARGET if endless else 1000):
        if game.hand_over:
            game.start_hand()
        play_announced(engine, game, bots, rng)


def record_of(case: Case, players: int, partnerships: bool, seed: int, whole_match: bool) -> dict[str, Any]:
    """A record the Python engine plays: one game, or one whole match."""
    variant, module = engine_for(case)
    rng = random.Random(seed)
    bots = [module.GreedyBot() if rng.random() < GREEDY_SHARE else module.RandomBot(rng.getrandbits(32))
            for _ in range(players)]
    if whole_match:
        match = module.Match(players, partnerships, seed=seed)
        while not match.over:
            play_game(module, variant, match.game, bots, rng)
            match.finish_game()
            if not match.over:
                match.next_game()
        record: dict[str, Any] = match.record()
    else:
        game = module.Game(players, partnerships, seed=seed)
        play_game(module, variant, game, bots, rng)
        record = game.record()
    return record


def corpus(case: Case) -> list[tuple[str, dict[str, Any]]]:
    variant, module = engine_for(case)
    kinds = [False, True] if module.HAS_MATCH_PLAY else [False]
    records = max(1, CONFORMANCE // 2) if case.house_rules else CONFORMANCE
    return [(f"{players}p{' partnerships' if partnerships else ''} {'match' if whole else 'game'} seed {seed}",
             record_of(case, players, partnerships, seed, whole))
            for players, partnerships in every_table(variant) for whole in kinds for seed in range(records)]


def plays(result: ReplayResult) -> list[tuple[int, int, bool]]:
    """Each placement's (points, bonus, cancelled), from the Python replay's play events."""
    return [(event["points"], event.get("bonus", 0), bool(event.get("cancelled")))
            for event in result.events if event["event"] == "play"]


def assert_same_replay(native_engine: NativeEngine, python: types.ModuleType, record: dict[str, Any],
                       name: str) -> None:
    engine = as_variant(engine_of(python))
    assert engine is not None
    expected = replay(engine, record)
    got = native_engine.replay(record)
    assert (got.error, got.scores, got.winners, got.match_points, got.target) == (
        expected.error, expected.scores, expected.winners, expected.match_points, expected.target), name
    assert got.plays == plays(expected), name
    assert got.refused_at is None, name


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_native_replays_of_python_games_agree_move_by_move(case: Case) -> None:
    engine = native_for(case)
    _, python = engine_for(case)
    records = corpus(case)
    assert records
    for name, record in records:
        assert_same_replay(engine, python, record, f"{case.id}: {name}")


@functools.cache
def spec_of_record(path: Path) -> Case:
    """A recorded hand's spec: the shipped spec whose file name its own begins with (the longest)."""
    named = [case for case in SHIPPED_VARIANTS if path.stem.startswith(case.path.stem)]
    assert named, f"{path.name} names no shipped spec (its name starts with the spec's)"
    return max(named, key=lambda case: len(case.path.stem))


@pytest.mark.parametrize("path", RECORDS, ids=[path.stem for path in RECORDS])
def test_native_replays_of_the_recorded_hands_agree(path: Path) -> None:
    case = spec_of_record(path)
    _, python = engine_for(case)
    assert_same_replay(native_for(case), python, json.loads(path.read_text(encoding="utf-8")), path.name)
