"""The generated engines against the reference model, side by side over Hypothesis-drawn deals and
move choices: at every step the same seat to move, legal moves, layout, counted ends and scores, and
after every move the same events (plays, draws, passes, hand ends, awards, wins).

Tied blocked hands are too rare in whole games to be met often, so the hand-end reckoning is also
compared on its own, over drawn remaining pips where ties are common, and the recorded hands of the
documents' worked examples (tests/replays/) are played through both as well."""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, target
from hypothesis import strategies as st

from dominospec.language import ir
from engine_cases import HOUSE_CASES, SHIPPED_CASES, Case, deals, engine_for, tables
from reference_model import Game, reckon
from support import ROOT

RECORDS = sorted((ROOT / "tests" / "replays").glob("*.json"))


def over_every_case(max_examples: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Run a test for every shipped spec and house variant, drawing from Hypothesis's data."""
    def decorate(test: Callable[..., None]) -> Callable[..., None]:
        test = given(data=st.data())(settings(max_examples=max_examples, deadline=None)(test))
        cases = SHIPPED_CASES + HOUSE_CASES
        by_case: Callable[..., None] = pytest.mark.parametrize("case", cases, ids=[case.id for case in cases])(test)
        return by_case
    return decorate


@functools.cache
def index_below(count: int) -> st.SearchStrategy[int]:
    return st.integers(0, count - 1)


def assert_same_state(game: Any, model: Game) -> None:
    layout, table = game.layout, model.table
    assert layout.tiles == table.tiles
    assert layout.connections() == table.links
    assert sorted(layout.spinners()) == sorted(table.spinners())
    assert sorted(layout.open_ports()) == sorted(table.open_ports())
    assert sorted(layout.counted_ends()) == sorted(table.counted_ends())
    assert layout.end_total() == table.end_total()
    if model.v.trains is not ir.Trains.NONE:
        assert layout.to_dict()["markers"] == sorted(model.markers)
    assert [sorted(hand) for hand in game.hands] == [sorted(hand) for hand in model.hands]
    assert game.pile == model.pile
    assert (game.scores, game.pegs) == (model.scores, model.pegs)
    assert (game.hand_over, game.over, game.winners) == (model.hand_over, model.over, model.winners)
    if not model.hand_over:
        assert game.current == model.current
        assert sorted(game.legal_moves(), key=repr) == sorted(model.legal_moves(), key=repr)


def play_alongside(game: Any, model: Game, move: tuple[Any, ...], claim: int | None = None) -> None:
    assert game.apply(move, claim) == model.apply(move, claim or 0)
    assert_same_state(game, model)


def claim(data: st.DataObject, model: Game, move: tuple[Any, ...]) -> int | None:
    """Where scores are announced, a placement's claim: none, the true points, or a wrong number. Elsewhere
    none, without a draw: a draw per move is much of what Hypothesis spends on a game."""
    if not model.announced or move[0] != "play":
        return None
    points = model.true_points(move)
    return data.draw(st.sampled_from([None, 0, points, points, points + 5]) | st.integers(1, 30), label="claim")


@over_every_case(max_examples=80)
def test_engine_plays_like_the_model(case: Case, data: st.DataObject) -> None:
    variant, engine = engine_for(case)
    players, partnerships, scores = data.draw(tables(variant), label="table")
    # Mostly a game from its first hand; else a record of its later hands, whose first opener had no hand to follow.
    # (a game of rounds starts no later than its last round)
    first_hand = data.draw(st.sampled_from([1, 1, 1, 2, min(9, variant.round_count or 9)]), label="first hand")
    game = engine.Game(players, partnerships, scores=scores, deal=False, first_hand=first_hand)
    model = Game(variant, players, partnerships, scores, first_hand)
    for _ in range(data.draw(st.integers(1, 4), label="hands to play")):
        # A void deal is dealt again (tests/test_leads.py checks that the engine refuses it); a tile set aside
        # before the deal (the round's engine) is left out of it.
        hands, pile = data.draw(deals(variant, players).map(lambda deal: model.without_set_aside(*deal))
                                .filter(lambda deal: not model.void_deal(deal[0])), label="deal")
        lot = None if model.decided_opener(hands) is not None else data.draw(st.sampled_from(model.opener_choices()),
                                                                              label="lot")
        game.start_hand(opener=lot, hands=hands, pile=pile)
        model.start_hand(hands, pile, lot)
        assert_same_state(game, model)
        while not model.hand_over:
            moves = sorted(model.legal_moves(), key=repr)
            move = moves[data.draw(index_below(len(moves))) if len(moves) > 1 else 0]  # a forced move: no draw
            play_alongside(game, model, move, claim(data, model, move))
        if model.over:
            break
    assert game.events == model.events
    # Steer the search towards the rarer endings: long droughts of draws and knocks, blocked hands,
    # and blocked hands between sides whose remaining pips are close or equal.
    kinds = Counter(event["event"] for event in model.events)
    blocked = [event["remaining_pips"] for event in model.events if event["event"] == "hand_end" and event["blocked"]]
    for kind in ("draw", "pass"):
        target(float(kinds[kind]), label=kind)
    target(float(len(blocked)), label="blocked hands")
    if blocked:
        target(-float(min(closest_sides(model, pips) for pips in blocked)), label="close blocked finish")


def closest_sides(model: Game, remaining: list[int]) -> int:
    """The gap between the two lightest sides' combined remaining pips."""
    totals = sorted(sum(pips for seat, pips in enumerate(remaining) if model.side_of(seat) == side)
                    for side in range(model.sides))
    return totals[1] - totals[0]


@st.composite
def hand_endings(draw: st.DrawFn, variant: ir.Variant) -> tuple[list[int], list[int], int | None]:
    """Seat sides, remaining pips per seat and the seat that went out (None: blocked)."""
    players, partnerships, _ = draw(tables(variant))
    sides = [seat % 2 if partnerships else seat for seat in range(players)]
    remaining = draw(st.lists(st.integers(0, 40), min_size=players, max_size=players))
    out_seat = draw(st.none() | st.integers(0, players - 1))
    if out_seat is not None:
        remaining[out_seat] = 0
    return sides, remaining, out_seat


@over_every_case(max_examples=150)
def test_hand_end_reckoning_matches_the_model(case: Case, data: st.DataObject) -> None:
    variant, engine = engine_for(case)
    sides, remaining, out_seat = data.draw(hand_endings(variant), label="hand end")
    takes_blocker = variant.blocked_hand is ir.BlockedHand.BLOCKER_AND_NEXT or \
        variant.tied_lowest is ir.TiedLowest.BLOCKERS_WIN
    if takes_blocker:  # a blocked hand's reckoning takes its blocker
        blocker = data.draw(st.integers(0, len(sides) - 1), label="blocker")
        assert engine.reckon_hand(tuple(sides), remaining, out_seat, blocker) == \
            reckon(variant, sides, remaining, out_seat, blocker=blocker)
        return
    if variant.tied_lowest is ir.TiedLowest.LEADERS_WIN:  # a blocked hand's reckoning takes its opener
        opener = data.draw(st.integers(0, len(sides) - 1), label="opener")
        assert engine.reckon_hand(tuple(sides), remaining, out_seat, opener) == \
            reckon(variant, sides, remaining, out_seat, opener=opener)
        return
    if variant.blocked_hand is not ir.BlockedHand.NO_DOUBLE_FIRST:
        assert engine.reckon_hand(tuple(sides), remaining, out_seat) == reckon(variant, sides, remaining, out_seat)
        return
    # Each seat's doubles, as their values, within its pips: a seat may hold doubles only.
    doubles = [data.draw(st.lists(st.integers(0, 6), max_size=3).filter(lambda held, p=pips: 2 * sum(held) <= p),
                         label=f"doubles of seat {seat}") for seat, pips in enumerate(remaining)]
    assert engine.reckon_hand(tuple(sides), remaining, out_seat, doubles) == \
        reckon(variant, sides, remaining, out_seat, doubles)


@pytest.mark.parametrize("record_path", RECORDS, ids=[path.stem for path in RECORDS])
def test_recorded_hands_play_like_the_model(record_path: Path) -> None:
    named = [case for case in SHIPPED_CASES if record_path.stem.startswith(case.path.stem)]
    assert named, f"{record_path.name} names no shipped spec (its name starts with the spec's)"
    variant, engine = engine_for(max(named, key=lambda case: len(case.path.stem)))
    record = json.loads(record_path.read_text())
    players, partnerships = record["players"], record["partnerships"]
    scores = record.get("scores") or [0] * (2 if partnerships else players)
    first_hand = record.get("first_hand", 1)
    game = engine.Game(players, partnerships, scores=scores, deal=False, first_hand=first_hand)
    model = Game(variant, players, partnerships, scores, first_hand)
    for hand in record["hands"]:
        hands = [[engine.parse_tile(t) for t in seat] for seat in hand["deal"]]
        pile = [engine.parse_tile(t) for t in hand["boneyard"]]
        game.start_hand(opener=hand["opener"], hands=hands, pile=pile)
        model.start_hand(hands, pile, hand["opener"])
        assert_same_state(game, model)
        for move in hand["moves"]:
            assert move["seat"] == model.current
            if "play" in move:
                on = engine.parse_tile(move["on"]) if "on" in move else None
                by = (move["by"],) if "by" in move else ()
                play_alongside(game, model, ("play", engine.parse_tile(move["play"]), on, move.get("port"), *by))
            else:
                play_alongside(game, model, ("draw",) if move.get("draw") else ("pass",))
    assert game.events == model.events
