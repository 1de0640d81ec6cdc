"""Whole games of every family spec (examples/family/), at every player count and partnership
setting the spec allows, played by random legal moves to their end (with no target, a fixed number
of hands), with invariants checked on the way: tiles conserved, only legal moves accepted, every
score change accounted for by a scoring event of the rules (announced scores claimed truly, not at
all, or wrongly, at random), the pool's chips conserved, and every
game ending.

GAMES games are played per table; set DOMINOSPEC_FAMILY_GAMES to play more (a few thousand each
takes some minutes per spec).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from dominospec.language import ir
from engine_cases import SHIPPED_CASES, Case, engine_for, every_table
from support import FAMILY

GAMES = int(os.environ.get("DOMINOSPEC_FAMILY_GAMES", "40"))
MAX_HANDS = 2000  # a game that has not ended by then never will
HANDS_WITHOUT_TARGET = 30  # a game with no target (pool play) is this many hands

CASES = [case for case in SHIPPED_CASES if case.path in FAMILY]


def play_out(variant: ir.Variant, engine: Any, players: int, partnerships: bool, seed: int) -> None:
    rng = random.Random(seed)
    game = engine.Game(players, partnerships, seed=seed)
    sides = game.sides
    hands = 0
    pool = next((event["pool"] for event in game.events if event["event"] == "stake"), 0)  # the first hand's
    endless = variant.target.kind is ir.TargetKind.NONE
    announced = variant.placement_points is ir.PlacementPoints.ANNOUNCED
    while not game.over:
        if game.hand_over:
            if endless and hands == HANDS_WITHOUT_TARGET:
                break
            hands += 1
            assert hands <= MAX_HANDS, f"seed {seed}: no end after {MAX_HANDS} hands"
            game.start_hand()
            if variant.pool_stake is not None:  # a hand's stakes are its last event (the log is copied when read)
                stake = game.events[-1]
                assert stake["event"] == "stake"
                pool -= sum(stake["points"])
                assert stake["pool"] == pool
        before = list(game.scores)
        moves = game.legal_moves()
        assert moves, "a hand in play always has a move"
        move = moves[rng.randrange(len(moves))]
        claim = None
        if announced and move[0] == "play":  # a true claim, none, or a wrong one
            claim = rng.choice([game.points_for(move), 0, game.points_for(move) + 5])
        events = game.apply(move, claim)
        expected = list(before)
        for event in events:
            if event["event"] == "play":
                side = game.side_of(event["seat"])
                credited = "claim" not in event or event["claim"] == event["points"]
                if credited and not event.get("cancelled") and not event.get("void"):
                    expected[side] += event["points"] + event.get("bonus", 0)
            elif event["event"] in ("penalty", "muggins"):  # announced scores: a wrong claim, a call
                expected[game.side_of(event["seat"])] += event["points"]
            elif event["event"] == "pass_points":  # an opponent's pass, or a pass all round, for the last tile's side
                allowed = ({variant.round_pass_points} if event.get("all_round") else {
                    variant.lead_pass_points, variant.lead_pass_double_points} if event.get("after_lead")
                    else {variant.pass_points})  # a pass all round, right after the lead, or an opponent's
                assert event["points"] in allowed
                expected[event["side"]] += event["points"]
            elif event["event"] == "award":
                if "side" in event:
                    if not event["cancelled"]:
                        expected[event["side"]] += event["points"]
                else:
                    void = event.get("void", [])
                    expected = [score + (0 if side in void else points)
                                for side, (score, points) in enumerate(zip(expected, event["points"], strict=True))]
            elif event["event"] == "pips_left":  # own pips against: each seat's pips left, added to its score
                assert variant.pips_left is ir.PipsLeft.ADDED_TO_HOLDER
                assert all(points >= 0 for points in event["points"])
                expected = [score + points for score, points in zip(expected, event["points"], strict=True)]
            elif event["event"] in ("pip_penalty", "stake", "pool", "reset"):
                assert all(points <= 0 for points in event["points"]) or event["event"] == "pool"
                assert all(points >= 0 for points in event["points"]) or event["event"] != "pool"
                expected = [score + points for score, points in zip(expected, event["points"], strict=True)]
                if event["event"] in ("stake", "pool"):  # what is staked goes into the pool, what is won comes out
                    pool -= sum(event["points"])
                    assert event["pool"] == pool >= 0
        assert game.scores == expected, f"seed {seed}: {events}"
        everywhere = [t for hand in game.hands for t in hand] + game.pile + game.layout.tiles
        assert sorted(everywhere) == sorted(engine.TILES)
    if endless:  # pool play: nobody wins, and every chip is in a score or in the pool
        assert not game.winners and not game.over
        assert sum(game.scores) + pool == 0
        return
    assert game.winners and all(0 <= side < sides for side in game.winners)
    best = max(game.scores)
    # The target of this player count where the spec gives one per count, else its one target.
    target = next((rule.points for rule in variant.target.by_players if players in rule.player_counts),
                  variant.target.points)
    assert game.target == target
    if variant.target.kind is ir.TargetKind.LOWEST_AFTER_ROUNDS:  # the lowest total after the last round wins
        assert game.hand_number == variant.round_count
        assert all(game.scores[side] == min(game.scores) for side in game.winners)
        assert all(game.scores[side] > min(game.scores) for side in range(sides) if side not in game.winners)
        return
    if engine.TARGET_KIND == "exactly":
        assert all(game.scores[side] == target for side in game.winners)
    elif variant.hand_points_to is ir.HandPointsTo.LOSERS:  # penalty points: the side at the target lost
        assert all(game.scores[side] < target for side in game.winners)
        assert any(game.scores[side] >= target for side in range(sides) if side not in game.winners)
    else:
        assert all(game.scores[side] >= target for side in game.winners)
        if variant.target.at_hand_end:  # judged at the end of a hand: the highest score wins
            assert all(game.scores[side] == best for side in game.winners)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_whole_games_keep_the_invariants(case: Case) -> None:
    variant, engine = engine_for(case)
    for players, partnerships in every_table(variant):
        for seed in range(GAMES):
            play_out(variant, engine, players, partnerships, seed)
