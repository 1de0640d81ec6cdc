"""Stateful Hypothesis tests of the generated engines: random legal play, plausible illegal moves,
saves and restores, with invariants checked after every step.

- Tiles are conserved: hands, pile and layout always hold the whole set, no tile twice.
- Scores never decrease and never pass an exact target.
- An illegal move raises IllegalMove and changes nothing (the saved state is the same before and after).
- A match restored from to_json() saves to the same JSON and then plays on exactly like the original.
- view(seat) names no tile that seat cannot see.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

from engine_cases import SHIPPED_CASES, Case, engine_for, tables
from reference_model import show

TILE_TEXT = re.compile(r"\[\d+\|\d+\]")


def sorted_moves(match: Any) -> list[tuple[Any, ...]]:
    return sorted(match.legal_moves(), key=repr)


def wrong_moves(match: Any, engine: Any) -> list[tuple[Any, ...]]:
    """Moves that look possible but break a rule now: a tile the mover does not hold (another seat's,
    the pile's, one on the table) where it would fit; a held tile on any port of any tile on the
    table, or as a lead; drawing or passing; a port or a tile that does not exist. Only those the
    engine does not list as legal are kept: a wrong port, a covered one, a branch not yet open, a
    second lead, another tile than the one just drawn, drawing or passing while a play exists."""
    layout = match.layout
    ports = layout.open_ports()
    seat = match.current
    held = list(match.hands[seat]) if not match.hand_over else []
    elsewhere = [t for s, hand in enumerate(match.hands) if s != seat for t in hand] + match.pile + layout.tiles
    candidates: list[tuple[Any, ...]] = [("draw",), ("pass",)]
    for tile in elsewhere:
        fits = [(on, port) for on, port, value in ports if value in tile] if layout.tiles else [(None, None)]
        candidates += [("play", tile, on, port) for on, port in fits[:1]]
    for tile in held:
        candidates += [("play", tile, on, port) for on in layout.tiles for port in engine.PORT_NAMES]
        candidates += [("play", tile, None, None), ("play", tile, tile, "low"), ("play", tile, None, "middle")]
    beyond = engine.MAX_PIP + 1
    candidates.append(("play", (beyond, beyond), None, None))
    legal = set(match.legal_moves())
    return [move for move in candidates if move not in legal]


class EngineMachine(RuleBasedStateMachine):
    """One match of a variant, played by index into the sorted legal moves."""

    def __init__(self, case: Case) -> None:
        super().__init__()
        self.variant, self.engine = engine_for(case)

    @initialize(data=st.data())
    def new_match(self, data):
        players, partnerships, scores = data.draw(tables(self.variant), label="table")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        self.match = self.engine.Match(players, partnerships, seed=seed, scores=scores)
        self.twin: Any = None  # a copy restored from JSON, driven alongside the original
        self.previous_scores = list(self.match.scores)

    def apply_both(self, move: tuple[Any, ...]) -> None:
        events = self.match.apply(move)
        if self.twin is not None:
            assert self.twin.apply(move) == events
            assert self.twin.to_json() == self.match.to_json()

    @precondition(lambda self: not self.match.hand_over)
    @rule(choices=st.lists(st.integers(0, 63), min_size=1, max_size=30))
    def play_legal_moves(self, choices):
        for choice in choices:
            if self.match.hand_over:
                break
            moves = sorted_moves(self.match)
            if self.twin is not None:
                assert sorted_moves(self.twin) == moves
            self.apply_both(moves[choice % len(moves)])

    @precondition(lambda self: self.match.hand_over and not self.match.over)
    @rule()
    def next_hand(self):
        self.match.start_hand()
        if self.twin is not None:
            self.twin.start_hand()  # the saved random state deals the same hand
            assert self.twin.to_json() == self.match.to_json()

    @rule(data=st.data())
    def illegal_move_changes_nothing(self, data):
        candidates = wrong_moves(self.match, self.engine)
        move = data.draw(st.sampled_from(candidates), label="illegal move")
        saved, legal = self.match.to_json(), sorted_moves(self.match)
        try:
            self.match.apply(move)
        except self.engine.IllegalMove as err:
            assert str(err)
        else:
            raise AssertionError(f"{move!r} was accepted")
        assert self.match.to_json() == saved
        assert sorted_moves(self.match) == legal

    @rule()
    def save_and_restore(self):
        saved = self.match.to_json()
        self.twin = self.engine.Match.from_json(saved)
        assert self.twin.to_json() == saved
        assert sorted_moves(self.twin) == sorted_moves(self.match)
        assert self.twin.current == self.match.current
        for seat in range(self.match.players):
            assert json.dumps(self.twin.view(seat), sort_keys=True) == json.dumps(self.match.view(seat), sort_keys=True)

    @invariant()
    def tiles_are_conserved(self):
        match = self.match
        everywhere = [t for hand in match.hands for t in hand] + match.pile + match.layout.tiles
        assert len(everywhere) == len(set(everywhere))
        assert sorted(everywhere) == sorted(self.engine.TILES)

    @invariant()
    def scores_only_grow(self):
        scores = self.match.scores
        assert all(now >= before for now, before in zip(scores, self.previous_scores))
        if self.engine.TARGET_KIND == "exactly":
            assert all(score <= self.engine.TARGET for score in scores)
        self.previous_scores = list(scores)

    @invariant()
    def views_hide_other_hands(self):
        match = self.match
        this_hand = max(i for i, event in enumerate(match.events) if event["event"] == "hand")
        on_table = {show(t) for t in match.layout.tiles}
        for seat in range(match.players):
            view = match.view(seat)
            own = {show(t) for t in match.hands[seat]}
            assert set(view["hand"]) == own
            visible = dict(view, events=view["events"][this_hand:])
            assert set(TILE_TEXT.findall(json.dumps(visible))) <= own | on_table


@pytest.mark.parametrize("case", SHIPPED_CASES, ids=[case.id for case in SHIPPED_CASES])
def test_engine_invariants_hold(case):
    run_state_machine_as_test(lambda: EngineMachine(case),
                              settings=settings(max_examples=30, stateful_step_count=30, deadline=None))
