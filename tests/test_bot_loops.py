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
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dominospec.language import ir
from engine_cases import HOUSE_CASES, SHIPPED_CASES, Case, engine_for, spec_of, tables

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


ANNOUNCED_CASES = [case for case in SHIPPED_CASES + HOUSE_CASES
                   if getattr(spec_of(case), "placement_points", None) is ir.PlacementPoints.ANNOUNCED]


@pytest.mark.parametrize("case", ANNOUNCED_CASES, ids=lambda case: case.id)
@settings(max_examples=15, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_a_hand_handed_to_the_bots_with_points_open_to_muggins(case: Case, data: st.DataObject, seed: int) -> None:
    """Placements made through apply() claiming nothing leave their points open to a muggins call; RandomBots
    handed the hand then play it on as the interface plays it, the call among the first mover's choices."""
    variant, engine = engine_for(case)
    players, partnerships, scores = data.draw(tables(variant))
    seeds = [seed + seat for seat in range(players)]
    games = [engine.Game(players, partnerships, seed=seed, scores=scores) for _ in range(2)]
    for _ in range(data.draw(st.integers(1, 6))):  # a few placements, each the best scoring and claiming 0
        for game in games:
            moves = game.legal_moves()
            plays = [m for m in moves if m[0] == "play"]
            move = max(plays, key=game.points_for) if plays else moves[0]
            game.apply(move, 0 if move[0] == "play" else None)
        if games[0].hand_over or any(m[0] == "muggins" for m in games[0].legal_moves()):
            break
    assume(any(m[0] == "muggins" for m in games[0].legal_moves()))  # the window is open as the bots take over
    driven, looped = games
    draws = [random.Random(s).random for s in seeds]
    while not driven.hand_over:
        moves = driven.legal_moves()
        move = moves[int(draws[driven.current]() * len(moves))]
        driven.apply(move, driven.points_for(move) if move[0] == "play" else None)
    engine.play_hand(looped, [engine.RandomBot(s) for s in seeds])
    assert _result(looped) == _result(driven)
