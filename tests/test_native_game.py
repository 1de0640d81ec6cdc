"""The native engines played a move at a time (dominospec.native.Game, the C target's play interface) against
the Python engines, on every shipped variant and every house variant of tests/engine_cases.py.

Each game is played by both engines in lockstep: the native engine deals, the Python engine is dealt the same
hand, and at every turn both must list the same legal moves in the same order and answer the move chosen (at
random, with claims true, missing or wrong where scores are announced) with the same events. Along the way a
move is now and then made and taken back in both, which must leave each as it was; views are compared at a
share of the turns and at every hand's end (each view carries the log so far, so that comparing every turn's
would cost the square of a game's length), and the native game's record must replay in the Python engine to its
events. NATIVE_GAMES games are played per
table (set DOMINOSPEC_NATIVE_GAMES to play more).
"""

from __future__ import annotations

import json
import os
import random
import types
from typing import Any

import pytest

from dominospec.engine_api import as_variant, engine_of
from dominospec.language import ir
from dominospec.native import IllegalMove
from dominospec.play.replay import replay
from engine_cases import HOUSE_CASES, SHIPPED_CASES, Case, engine_for, every_table, native_for

NATIVE_GAMES = int(os.environ.get("DOMINOSPEC_NATIVE_GAMES", "2"))
HANDS_AT_MOST = 6  # hands of one game played here: enough to reach most targets, and pool play has none
UNDO_SHARE = 0.1  # of the moves, made and taken back first
VIEW_SHARE = 0.25  # of the turns, a seat's view compared (and every hand's last view): a view holds the whole log
# Both checks cost the length of the game so far, so a longer hand than a whole double-six deal (Mexican Train deals
# 60 tiles and more) has them as often in all as a hand of that many tiles dealt does.
SHARED_TILES = 28
VARIANTS = [case for case in SHIPPED_CASES if isinstance(engine_for(case)[0], ir.Variant)]
CASES = VARIANTS + HOUSE_CASES


def plain(value: Any) -> Any:
    """Events and views as JSON has them: the Python engine's pegs are tuples."""
    return json.loads(json.dumps(value))


def state(game: Any) -> Any:
    return plain([game.events, game.scores, game.winners, game.over, game.hand_over, game.current,
                  game.legal_moves(), game.hands, game.pile])


def claim_for(python: Any, rng: random.Random, move: Any) -> int | None:
    """A claim for a placement where scores are announced: true, missing or wrong."""
    true = python.points_for(move)
    return rng.choice([true, true, None, 0, true + 5])


def lockstep(native_engine: Any, module: types.ModuleType, variant: ir.Variant, players: int,
             partnerships: bool, seed: int) -> None:
    rng = random.Random(seed)
    announced = variant.placement_points is ir.PlacementPoints.ANNOUNCED
    native = native_engine.Game(players, partnerships, seed=seed, deal=False)
    python = module.Game(players, partnerships, deal=False)
    where = f"{players}p{' partnerships' if partnerships else ''} seed {seed}"
    while not native.over and native.hand_number < HANDS_AT_MOST:
        native.start_hand()
        python.start_hand(native.opener, native.hands, native.pile)
        scale = min(1.0, SHARED_TILES / sum(map(len, native.hands)))
        assert plain(native.events) == plain(python.events), where
        while not native.hand_over:
            legal = native.legal_moves()
            assert legal == list(python.legal_moves()), f"{where}, hand {native.hand_number}"
            move = rng.choice(legal)
            claim = claim_for(python, rng, move) if announced and move[0] == "play" else None
            if rng.random() < UNDO_SHARE * scale:
                before = state(native)
                assert state(python) == before, where
                native.apply(move, claim)
                python.apply(move, claim)
                native.undo()
                python.undo()
                assert state(native) == before == state(python), where
            seat = rng.randrange(players)
            if rng.random() < VIEW_SHARE * scale:
                assert plain(native.view(seat)) == plain(python.view(seat)), where
            assert plain(native.apply(move, claim)) == plain(python.apply(move, claim)), (where, move)
            assert (native.scores, native.winners, native.over) == (python.scores, python.winners, python.over)
        seat = rng.randrange(players)
        assert plain(native.view(seat)) == plain(python.view(seat)), f"{where}, the end of a hand"
    engine = as_variant(engine_of(module))
    assert engine is not None
    replayed = replay(engine, native.record())
    assert replayed.error is None, where
    assert plain(replayed.events) == plain(native.events), where


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_native_game_plays_as_the_python_engine_move_by_move(case: Case) -> None:
    variant, module = engine_for(case)
    engine = native_for(case)
    for players, partnerships in every_table(variant):
        for seed in range(NATIVE_GAMES):
            lockstep(engine, module, variant, players, partnerships, seed)


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    case = next(case for case in VARIANTS if case.path.stem == "fives_and_threes")
    game = native_for(case).Game(4, seed=7)
    before = state(game)
    held = game.hand(game.current)
    other = next(t for t in game.hand((game.current + 1) % 4))
    for move in [("play", other, None, None), ("pass",), ("draw",), ("muggins", 1), ("play", (9, 9), None, None),
                 "play", ("play", held[0], held[0], "low"), ()]:
        with pytest.raises(IllegalMove):
            game.apply(move)  # type: ignore[arg-type]
        assert state(game) == before
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.undo()


def test_a_game_is_taken_back_to_its_deal_and_played_again_alike() -> None:
    case = next(case for case in VARIANTS if case.path.stem == "horse_race")
    game = native_for(case).Game(3, seed=11)
    dealt = state(game)
    moves = []
    while not game.hand_over:
        moves.append(game.bot_move("greedy"))
        game.apply(moves[-1])
    played = state(game)
    for _ in moves:
        game.undo()
    assert state(game) == dealt
    for move in moves:
        game.apply(move)
    assert state(game) == played


@pytest.mark.parametrize("bot", ["random", "greedy", "expert", "ismcts:50"])
def test_every_bot_moves_legally_to_the_end_of_a_game(bot: str) -> None:
    case = next(case for case in VARIANTS if case.path.stem == "fives_and_threes")
    game = native_for(case).Game(2, seed=5)
    while not game.over:
        if game.hand_over:
            game.start_hand()
        move = game.bot_move(bot)
        assert move in game.legal_moves()
        game.apply(move)
    assert game.winners and max(game.scores) >= game.target


def test_a_deal_of_the_wrong_shape_is_refused_and_changes_nothing() -> None:
    case = next(case for case in VARIANTS if case.path.stem == "fives_and_threes")
    game = native_for(case).Game(4, deal=False)
    tiles = [(low, high) for low in range(7) for high in range(low, 7)]
    for hands, pile in [([tiles[i:i + 6] for i in range(0, 24, 6)], None), ([tiles[:5]] * 4, None),
                        ([tiles[i:i + 5] for i in range(0, 20, 5)], tiles), ("hands", None),
                        ([tiles[i:i + 5] for i in range(0, 20, 5)], [(7, 7)])]:
        with pytest.raises(IllegalMove):
            game.start_hand(0, hands, pile)  # type: ignore[arg-type]
        assert (game.hand_number, game.events, game.hands) == (0, [], [[], [], [], []])

