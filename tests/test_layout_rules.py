"""The layout rules of the wider family, in the engines, against the hand-worked examples of the rules
digest (FAMILY.md): four sides first (Sebastopol, Cross, Merry-Go-Round), the Sniff's counting and
the arms of the Double Cross."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest

from dominospec.language import ir
from engine_cases import HOUSE_CASES, Case, engine_for, house
from reference_model import Table
from support import ROOT

SNIFF = Case(ROOT / "examples" / "family" / "sniff.rules")
FOUR_SIDES = house("spec/horse_race.rules", "four_sides_first", spinners=ir.Spinners.FIRST_DOUBLE,
                   spinner_sides=ir.SpinnerSides.BEFORE_OTHER_ENDS)
DOUBLE_CROSS = house("spec/fives_and_threes.rules", "double_cross", spinners=ir.Spinners.FIRST_DOUBLE,
                     spinner_sides=ir.SpinnerSides.BEFORE_OTHER_ENDS, cross_arms=ir.CrossArms.DOUBLE_ON_EACH_FIRST)


def engine(case: Case) -> types.ModuleType:
    return engine_for(case)[1]


def ports(layout: Any) -> list[tuple[tuple[int, int], str]]:
    return sorted((tile, port) for tile, port, _ in layout.open_ports())


def test_the_sniff_counts_as_the_digest_example_says() -> None:
    """FAMILY.md Sniff: [4|4] led: 8; [4|6] on lineA: 14; [1|4] on lineB: 15 (scores 15); [2|4] on
    branchA: 13; [0|4] on branchB: 9."""
    variant, sniff = engine_for(SNIFF)
    layout, table = sniff.Layout(), Table(variant)
    steps = [((4, 4), None, None, 8), ((4, 6), (4, 4), "lineA", 14), ((1, 4), (4, 4), "lineB", 15),
             ((2, 4), (4, 4), "branchA", 13), ((0, 4), (4, 4), "branchB", 9)]
    for tile, on, port, total in steps:
        layout.place(tile, on, port)
        table.place(tile, on, port)
        assert layout.end_total() == table.end_total() == total
        assert sorted(layout.counted_ends()) == sorted(table.counted_ends())
        assert sniff.RAW_POINTS[total] == (total if total % 5 == 0 else 0)
    # With both branches covered the Sniff itself counts nothing: 6 + 1 + 2 + 0.
    assert sorted(value for _, _, value in layout.counted_ends()) == [0, 1, 2, 6]


def test_the_sniff_scores_its_fifteen_in_play() -> None:
    sniff = engine(SNIFF)
    game = sniff.Game(2, scores=[0, 0], deal=False)
    hands = [[(4, 4), (1, 4), (0, 4), (5, 5), (5, 6), (3, 3), (0, 0)],
             [(4, 6), (2, 4), (6, 6), (1, 1), (2, 2), (0, 1), (1, 2)]]
    pile = [t for t in sniff.TILES if not any(t in hand for hand in hands)]
    game.start_hand(opener=0, hands=hands, pile=pile)
    points = []
    for move in [("play", (4, 4), None, None), ("play", (4, 6), (4, 4), "lineA"),
                 ("play", (1, 4), (4, 4), "lineB"), ("play", (2, 4), (4, 4), "branchA"),
                 ("play", (0, 4), (4, 4), "branchB")]:
        event = game.apply(move)[0]
        points.append((event["total"], event["points"]))
    assert points == [(8, 0), (14, 0), (15, 15), (13, 0), (9, 0)]
    assert game.scores == [15, 0]


def test_four_sides_first_keeps_every_other_end_closed_until_the_spinner_is_covered() -> None:
    layout = engine(FOUR_SIDES).Layout()
    layout.place((6, 6))
    assert ports(layout) == [((6, 6), "lineA"), ((6, 6), "lineB")]
    layout.place((2, 6), (6, 6), "lineA")
    assert ports(layout) == [((6, 6), "lineB")]  # the [2|6]'s two is not open yet...
    assert layout.end_total() == 12 + 2  # ...but it counts
    assert layout.placements_for((2, 3)) == []
    layout.place((3, 6), (6, 6), "lineB")
    assert ports(layout) == [((6, 6), "branchA"), ((6, 6), "branchB")]  # line sides first, then branches
    layout.place((1, 6), (6, 6), "branchA")
    assert ports(layout) == [((6, 6), "branchB")]
    with pytest.raises(Exception, match="not an open port"):
        layout.place((1, 2), (1, 6), "low")
    layout.place((0, 6), (6, 6), "branchB")
    assert ports(layout) == [((0, 6), "low"), ((1, 6), "low"), ((2, 6), "low"), ((3, 6), "low")]
    assert layout.end_total() == 0 + 1 + 2 + 3


def test_four_sides_first_for_a_spinner_that_joins_the_line() -> None:
    """A first double that joins the line has its line A covered: its line B and then its branches
    come before the line's other end."""
    layout = engine(FOUR_SIDES).Layout()
    layout.place((2, 3))
    layout.place((3, 3), (2, 3), "high")
    assert ports(layout) == [((3, 3), "lineB")]
    layout.place((3, 5), (3, 3), "lineB")
    assert ports(layout) == [((3, 3), "branchA"), ((3, 3), "branchB")]
    layout.place((1, 3), (3, 3), "branchA")
    layout.place((0, 3), (3, 3), "branchB")
    assert ports(layout) == [((0, 3), "low"), ((1, 3), "low"), ((2, 3), "low"), ((3, 5), "high")]


def test_a_player_with_no_tile_for_the_spinner_cannot_play_elsewhere() -> None:
    """Sebastopol: a player with no six to play before the four arms are started cannot play (here he
    draws), though a tile of his matches an end that waits."""
    four_sides = engine(FOUR_SIDES)
    game = four_sides.Game(2, scores=[0, 0], deal=False)
    hands = [[(6, 6), (2, 6), (0, 0), (0, 1), (1, 1), (0, 2), (1, 2)],
             [(2, 2), (2, 3), (3, 3), (5, 6), (1, 3), (0, 3), (4, 4)]]
    pile = [t for t in four_sides.TILES if not any(t in hand for hand in hands)]
    game.start_hand(opener=0, hands=hands, pile=pile)
    game.apply(("play", (6, 6), None, None))  # a double: Horse Race's extra turn
    game.apply(("play", (2, 6), (6, 6), "lineA"))
    # Seat 1's [2|2] and [2|3] would fit the [2|6]'s two, which waits.
    assert game.current == 1
    assert game.legal_moves() == (("play", (5, 6), (6, 6), "lineB"),)
    game.apply(("play", (5, 6), (6, 6), "lineB"))
    assert game.legal_moves() == (("draw",),)  # no six for the branches; the [0|2] and [1|2] wait


def test_double_cross_arms_take_doubles_first() -> None:
    """FAMILY.md Double Cross: once the spinner's four sides are covered, each arm takes a double
    matching its end; until all four carry theirs, only those ends are open and only doubles go."""
    cross = engine(DOUBLE_CROSS)
    layout = cross.Layout()
    layout.place((6, 6))
    for tile, port in [((2, 6), "lineA"), ((3, 6), "lineB"), ((1, 6), "branchA"), ((5, 6), "branchB")]:
        layout.place(tile, (6, 6), port)
    assert ports(layout) == [((1, 6), "low"), ((2, 6), "low"), ((3, 6), "low"), ((5, 6), "low")]
    assert layout.placements_for((1, 2)) == []
    assert layout.placements_for((2, 2)) == [((2, 6), "low")]
    with pytest.raises(Exception, match="no double"):
        layout.place((1, 2), (2, 6), "low")
    layout.place((2, 2), (2, 6), "low")
    assert ports(layout) == [((1, 6), "low"), ((3, 6), "low"), ((5, 6), "low")]  # the [2|2] waits
    layout.place((1, 1), (1, 6), "low")
    layout.place((3, 3), (3, 6), "low")
    assert layout.placements_for((2, 5)) == []
    layout.place((5, 5), (5, 6), "low")
    # The nine-tile cross: play is free, on the four doubles' outer sides.
    assert ports(layout) == [((1, 1), "lineB"), ((2, 2), "lineB"), ((3, 3), "lineB"), ((5, 5), "lineB")]
    assert sorted(layout.placements_for((1, 2))) == [((1, 1), "lineB"), ((2, 2), "lineB")]


def test_double_cross_blocks_when_nobody_holds_an_arm_double() -> None:
    cross = engine(DOUBLE_CROSS)
    game = cross.Game(2, scores=[0, 0], deal=False)
    hands = [[(6, 6), (3, 6), (5, 6), (0, 1), (0, 4), (4, 5), (0, 5)],
             [(2, 6), (1, 6), (1, 2), (2, 3), (1, 3), (3, 4), (1, 5)]]
    pile = [t for t in cross.TILES if not any(t in hand for hand in hands)]
    game.start_hand(opener=0, hands=hands, pile=pile)
    for move in [("play", (6, 6), None, None), ("play", (2, 6), (6, 6), "lineA"),
                 ("play", (3, 6), (6, 6), "lineB"), ("play", (1, 6), (6, 6), "branchA")]:
        game.apply(move)
    events = game.apply(("play", (5, 6), (6, 6), "branchB"))
    # Both hold tiles that match the arms' ends, but no double: the hand is blocked at once.
    assert any(event["event"] == "hand_end" and event["blocked"] for event in events)


@pytest.mark.parametrize(("players", "partnerships"), [(2, False), (3, False), (4, False), (4, True)])
def test_random_games_of_sniff_keep_the_invariants(players: int, partnerships: bool) -> None:
    """Whole games of Sniff with random legal moves: every tile is always somewhere exactly once, every
    move played is one the engine offered, every game ends, and the winners reached the target."""
    sniff = engine(SNIFF)
    whole_set = sorted(sniff.TILES)
    for seed in range(500):
        rng = random.Random(seed)
        game = sniff.Game(players, partnerships, seed=seed)
        moves = 0
        while not game.over:
            if game.hand_over:
                game.start_hand()
            legal = game.legal_moves()
            assert legal, "a hand in play always offers a move"
            game.apply(rng.choice(legal))
            moves += 1
            assert moves < 5000, "the game never ended"
            held = [t for hand in game.hands for t in hand] + list(game.pile) + list(game.layout.tiles)
            assert sorted(held) == whole_set
        assert game.winners and all(game.scores[side] >= 200 for side in game.winners)


BERGEN = next(case for case in HOUSE_CASES if case.name == "bergen_headers")
BERGEN_HANDS = [[(6, 6), (4, 6), (2, 2), (0, 0), (0, 1), (1, 1), (0, 3)],
                [(2, 6), (2, 4), (3, 3), (1, 3), (0, 5), (1, 5), (3, 5)]]
BERGEN_MOVES = [("play", (6, 6), None, None), ("play", (2, 6), (6, 6), "lineA"), ("play", (4, 6), (6, 6), "lineB"),
                ("play", (2, 4), (4, 6), "low"), ("play", (2, 2), (2, 6), "low")]


def bergen_points(scores: list[int]) -> list[int]:
    bergen = engine(BERGEN)
    game = bergen.Game(2, scores=scores, deal=False)
    pile = [t for t in bergen.TILES if not any(t in hand for hand in BERGEN_HANDS)]
    game.start_hand(opener=0, hands=BERGEN_HANDS, pile=pile)
    return [game.apply(move)[0]["points"] for move in BERGEN_MOVES]


def test_bergen_headers_score_as_the_digest_example_says() -> None:
    """FAMILY.md Bergen: [6|6] led: 2. [2|6] on lineA: 0. [4|6] on lineB: 0. [2|4] on the 4: 2.
    [2|2] on a 2: ends 2 (double) and 2: 3."""
    assert bergen_points([0, 0]) == [2, 0, 0, 2, 3]


def test_bergen_headers_are_capped_near_the_target() -> None:
    """Need 2 or less: any header scores 1; need 3: at most 2 (target 15). Seat 0 starts on 13 and
    seat 1 on 12: the lead scores 1 (seat 0 on 14), seat 1's double header 2 (need 3), and seat 0's
    triple header 1 (need 1), which reaches the target."""
    assert bergen_points([13, 12]) == [1, 0, 0, 2, 1]
    assert bergen_points([0, 11]) == [2, 0, 0, 2, 3]  # seat 1 needs 4: no cap


def test_placement_points_of_a_formula_over_more_than_the_total() -> None:
    """placement_points needs the layout (and the mover's score) when the formula uses them."""
    bergen = engine(BERGEN)
    assert bergen.PLACEMENT_NAMES == ("score", "target", "ends_alike", "double_end")
    layout = bergen.Layout()
    for move in BERGEN_MOVES:
        layout.place(move[1], move[2], move[3])
    total = layout.end_total()
    assert bergen.placement_points(total, layout, 0) == (3, 3)
    assert bergen.placement_points(total, layout, 12) == (2, 2)  # need 3
    assert bergen.placement_points(total, layout, 14) == (1, 1)  # need 1
    with pytest.raises(bergen.IllegalMove, match="give the layout"):
        bergen.placement_points(total)
    with pytest.raises(bergen.IllegalMove, match="score"):
        bergen.placement_points(total, layout)
