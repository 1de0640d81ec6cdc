"""play_hand and play_game make a RandomBot's moves themselves, without its choose() or play()'s checks.
Here they must play exactly the games that the public interface plays: every move drawn as RandomBot
documents it (int(random() * number of moves) on the bot's own Random(seed)) from legal_moves(), and
made through apply() with, where scores are announced, the true points claimed. A bot of any other
class (here a RandomBot subclass, which the loops treat as a stranger) goes through choose() and
play() in the same games, so both of the loops' paths are held to the same result."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.language import ir
from engine_cases import HOUSE_CASES, SHIPPED_CASES, Case, engine_for, tables

HANDS = 3  # hands per game at most: the next hands start from where the first left the scores


def _by_the_interface(engine: Any, game: Any, seeds: list[int], announced: bool) -> None:
    """HANDS hands (fewer if the game ends), each move drawn from legal_moves() and made through apply()."""
    draws = [random.Random(seed).random for seed in seeds]
    while not game.over:
        if game.hand_over:
            if game.hand_number >= HANDS:
                return
            game.start_hand()
        while not game.hand_over:
            moves = game.legal_moves()
            move = moves[int(draws[game.current]() * len(moves))]
            game.apply(move, game.points_for(move) if announced and move[0] == "play" else None)


def _result(game: Any) -> tuple[object, ...]:
    return game.events, game.record(), game.to_json(), game.scores, game.winners


@pytest.mark.parametrize("case", SHIPPED_CASES + HOUSE_CASES, ids=lambda case: case.id)
@settings(max_examples=15, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), strangers=st.sets(st.integers(0, 3)))
def test_the_bot_loops_play_the_games_the_interface_plays(case: Case, data: st.DataObject, seed: int,
                                                          strangers: set[int]) -> None:
    variant, engine = engine_for(case)
    players, partnerships, scores = data.draw(tables(variant))
    announced = variant.placement_points is ir.PlacementPoints.ANNOUNCED
    seeds = [seed + seat for seat in range(players)]

    class Stranger(engine.RandomBot):  # type: ignore[name-defined,misc]
        """A RandomBot to the letter, but not of its class: the loops ask it to choose."""

    driven = engine.Game(players, partnerships, seed=seed, scores=scores)
    _by_the_interface(engine, driven, seeds, announced)
    # RandomBots at every seat (where the rules allow, the loop that plays a whole hand in one frame), and the
    # same with strangers among them (the move-by-move loop, which asks a stranger to choose).
    for bots in ([engine.RandomBot(s) for s in seeds],
                 [Stranger(s) if seat in strangers else engine.RandomBot(s) for seat, s in enumerate(seeds)]):
        looped = engine.Game(players, partnerships, seed=seed, scores=scores)
        engine.play_game(looped, bots, max_hands=HANDS)
        assert _result(looped) == _result(driven)


@pytest.mark.parametrize("case", SHIPPED_CASES + HOUSE_CASES, ids=lambda case: case.id)
@settings(max_examples=5, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_greedy_bots_play_every_engine(case: Case, data: st.DataObject, seed: int) -> None:
    """GreedyBot weighs each placement by the variant's own score (with a target by the number of players
    too), and play() accepts each move it picks."""
    variant, engine = engine_for(case)
    players, partnerships, scores = data.draw(tables(variant))
    game = engine.Game(players, partnerships, seed=seed, scores=scores)
    engine.play_game(game, [engine.GreedyBot() if seat % 2 else engine.RandomBot(seed) for seat in range(players)],
                     max_hands=HANDS)
    assert game.over or game.hand_number == HANDS
