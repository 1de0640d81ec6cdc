"""Stateful Hypothesis tests of the generated engines: random legal play, plausible illegal moves,
saves and restores, with invariants checked after every step.

- Tiles are conserved: hands, pile and layout always hold the whole set, no tile twice.
- Scores never decrease but by a pip penalty's or a pool stake's event, and never pass an exact target.
- An illegal move raises IllegalMove and changes nothing (the saved state is the same before and after).
- A game restored from to_json() saves to the same JSON and then plays on exactly like the original.
- view(seat) names no tile that seat cannot see.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from engine_cases import SHIPPED_CASES, Case, engine_for, tables
from reference_model import show

TILE_TEXT = re.compile(r"\[\d+\|\d+\]")


def sorted_moves(game: Any) -> list[tuple[Any, ...]]:
    return sorted(game.legal_moves(), key=repr)


def wrong_moves(game: Any, engine: Any) -> list[tuple[Any, ...]]:
    """Moves that look possible but break a rule now: a tile the mover does not hold (another seat's,
    the pile's, one on the table) where it would fit; a held tile on any port of any tile on the
    table, or as a lead; drawing or passing; a port or a tile that does not exist. Only those the
    engine does not list as legal are kept: a wrong port, a covered one, a branch not yet open, a
    second lead, another tile than the one just drawn, drawing or passing while a play exists."""
    layout = game.layout
    ports = layout.open_ports()
    seat = game.current
    held = list(game.hands[seat]) if not game.hand_over else []
    elsewhere = [t for s, hand in enumerate(game.hands) if s != seat for t in hand] + game.pile + layout.tiles
    candidates: list[tuple[Any, ...]] = [("draw",), ("pass",)]
    for tile in elsewhere:
        fits = [(on, port) for on, port, value in ports if value in tile] if layout.tiles else [(None, None)]
        candidates += [("play", tile, on, port) for on, port in fits[:1]]
    for tile in held:
        candidates += [("play", tile, on, port) for on in layout.tiles for port in engine.PORT_NAMES]
        candidates += [("play", tile, None, None), ("play", tile, tile, "low"), ("play", tile, None, "middle")]
    beyond = engine.MAX_PIP + 1
    candidates.append(("play", (beyond, beyond), None, None))
    legal = set(game.legal_moves())
    return [move for move in candidates if move not in legal]


class EngineMachine(RuleBasedStateMachine):
    """One game of a variant, played by index into the sorted legal moves."""

    def __init__(self, case: Case) -> None:
        super().__init__()
        self.variant, self.engine = engine_for(case)

    @initialize(data=st.data())
    def new_match(self, data: st.DataObject) -> None:
        players, partnerships, scores = data.draw(tables(self.variant), label="table")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        self.game = self.engine.Game(players, partnerships, seed=seed, scores=scores)
        self.twin: Any = None  # a copy restored from JSON, driven alongside the original
        self.previous_scores = list(self.game.scores)
        self.seen = len(self.game.events)  # the events the scores were last checked after

    def apply_both(self, move: tuple[Any, ...]) -> None:
        events = self.game.apply(move)
        if self.twin is not None:
            assert self.twin.apply(move) == events
            assert self.twin.to_json() == self.game.to_json()

    @precondition(lambda self: not self.game.hand_over)
    @rule(choices=st.lists(st.integers(0, 63), min_size=1, max_size=30))
    def play_legal_moves(self, choices: list[int]) -> None:
        for choice in choices:
            if self.game.hand_over:
                break
            moves = sorted_moves(self.game)
            if self.twin is not None:
                assert sorted_moves(self.twin) == moves
            self.apply_both(moves[choice % len(moves)])

    @precondition(lambda self: self.game.hand_over and not self.game.over)
    @rule()
    def next_hand(self) -> None:
        self.game.start_hand()
        if self.twin is not None:
            self.twin.start_hand()  # the saved random state deals the same hand
            assert self.twin.to_json() == self.game.to_json()

    @rule(data=st.data())
    def illegal_move_changes_nothing(self, data: st.DataObject) -> None:
        candidates = wrong_moves(self.game, self.engine)
        move = data.draw(st.sampled_from(candidates), label="illegal move")
        saved, legal = self.game.to_json(), sorted_moves(self.game)
        try:
            self.game.apply(move)
        except self.engine.IllegalMove as err:
            assert str(err)
        else:
            raise AssertionError(f"{move!r} was accepted")
        assert self.game.to_json() == saved
        assert sorted_moves(self.game) == legal

    @rule()
    def save_and_restore(self) -> None:
        saved = self.game.to_json()
        self.twin = self.engine.Game.from_json(saved)
        assert self.twin.to_json() == saved
        assert sorted_moves(self.twin) == sorted_moves(self.game)
        assert self.twin.current == self.game.current
        for seat in range(self.game.players):
            assert self.twin.view(seat) == self.game.view(seat)

    @invariant()
    def tiles_are_conserved(self) -> None:
        game = self.game
        everywhere = [t for hand in game.hands for t in hand] + game.pile + game.layout.tiles
        assert len(everywhere) == len(set(everywhere))
        assert sorted(everywhere) == sorted(self.engine.TILES)

    @invariant()
    def scores_only_grow(self) -> None:
        """Only a pip penalty, a pool stake or a reset takes points away, and never more than its event says."""
        scores = self.game.scores
        events = self.game.events
        lost = [0] * len(scores)
        for event in events[self.seen:]:
            if event["event"] in ("pip_penalty", "stake", "reset"):
                lost = [sum(pair) for pair in zip(lost, event["points"], strict=True)]
        assert all(now >= before + penalty for now, before, penalty in zip(scores, self.previous_scores, lost,
                                                                            strict=True))
        if self.engine.TARGET_KIND == "exactly":
            assert all(score <= self.game.target for score in scores)
        self.previous_scores = list(scores)
        self.seen = len(events)

    @invariant()
    def views_hide_other_hands(self) -> None:
        game = self.game
        this_hand = max(i for i, event in enumerate(game.events) if event["event"] == "hand")
        on_table = {show(t) for t in game.layout.tiles}
        for seat in range(game.players):
            view = game.view(seat)
            own = {show(t) for t in game.hands[seat]}
            assert set(view["hand"]) == own
            visible = dict(view, events=view["events"][this_hand:])
            assert set(TILE_TEXT.findall(json.dumps(visible))) <= own | on_table


@pytest.mark.parametrize("case", SHIPPED_CASES, ids=[case.id for case in SHIPPED_CASES])
def test_engine_invariants_hold(case: Case) -> None:
    # Hypothesis takes any factory of a machine (its stub asks for the class): one machine per case.
    run_state_machine_as_test(lambda: EngineMachine(case),  # type: ignore[arg-type]
                              settings=settings(max_examples=30, stateful_step_count=30, deadline=None))
