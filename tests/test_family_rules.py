"""The family's hand-end and table rules (../shared/FAMILY.md) in the engines of examples/family/,
on the digest's own numbers and on numbers worked by hand from its text."""

from __future__ import annotations

import functools
import types
from pathlib import Path
from typing import Any

import pytest

from dominospec.language import ir
from dominospec.language.checks import check
from dominospec.language.loader import load
from dominospec.language.parser import parse
from dominospec.targets.engines import load_engine
from engine_cases import HOUSE_CASES, engine_for
from support import ROOT

INDIVIDUALS_3 = (0, 1, 2)
PARTNERS = (0, 1, 0, 1)  # seats 0 and 2 against seats 1 and 3


@functools.cache
def family(game: str) -> types.ModuleType:
    path = ROOT / "examples" / "family" / f"{game}.rules"
    variant = load(path)
    return load_engine(variant, path)


@pytest.mark.parametrize("game, sides, remaining, out_seat, winners, awards", [
    # All Threes, going out: opponent hands of 7 and 11 pips: 6 + 12 = 18 -> 6 points.
    ("all_threes", INDIVIDUALS_3, [0, 7, 11], 0, [0], [6, 0, 0]),
    # The partner's hand (5) is left out: the opponents' 7 and 11 again make 6.
    ("all_threes", PARTNERS, [0, 7, 5, 11], 0, [0], [6, 0]),
    # Each hand rounded: 8 -> 9 twice, 18 -> 6; the sum rounded once: 16 -> 15 -> 5.
    ("all_threes", INDIVIDUALS_3, [0, 8, 8], 0, [0], [6, 0, 0]),
    ("all_threes_round_once", INDIVIDUALS_3, [0, 8, 8], 0, [0], [5, 0, 0]),
    # Blocked: partners 3 + 4 = 7 beat 7 + 11 = 18, and score the other side's seats as for going out,
    # their own pips not subtracted: 6 + 12 = 18 -> 6.
    ("all_threes", PARTNERS, [3, 7, 4, 11], None, [0], [6, 0]),
    # The house option subtracts the winner's own hands, each rounded: 6 + 12 - 3 - 3 = 12 -> 4.
    ("all_threes_minus_own", PARTNERS, [3, 7, 4, 11], None, [0], [4, 0]),
    # Blocked with a tie for lowest: nobody scores.
    ("all_threes", INDIVIDUALS_3, [5, 5, 9], None, [], [0, 0, 0]),
    # Block, going out: the opponents' pips, 10 + 12.
    ("block", INDIVIDUALS_3, [0, 10, 12], 0, [0], [22, 0, 0]),
    # The partner's 4 is left out.
    ("block", PARTNERS, [0, 10, 4, 12], 0, [0], [22, 0]),
    # Blocked: the lowest (3) scores the opponents' pips minus its own: 10 + 12 - 3 = 19.
    ("block", INDIVIDUALS_3, [3, 10, 12], None, [0], [19, 0, 0]),
    # Partnerships compare combined totals, 3 + 4 = 7 against 10 + 12 = 22, and subtract their own: 22 - 7.
    ("block", PARTNERS, [3, 10, 4, 12], None, [0], [15, 0]),
    # A tie for lowest: nobody.
    ("block", INDIVIDUALS_3, [5, 5, 9], None, [], [0, 0, 0]),
    # Without "minus own" the blocked winner takes the opponents' pips whole.
    ("block_plain_blocked_award", INDIVIDUALS_3, [3, 10, 12], None, [0], [22, 0, 0]),
    # Draw reckons as Block.
    ("draw", INDIVIDUALS_3, [3, 10, 12], None, [0], [19, 0, 0]),
])
def test_hand_end_awards(game: str, sides: tuple[int, ...], remaining: list[int], out_seat: int | None,
                         winners: list[int], awards: list[int]) -> None:
    assert family(game).reckon_hand(sides, remaining, out_seat) == (winners, awards)


def test_a_player_count_outside_the_set_is_refused_with_the_counts_allowed() -> None:
    case = next(case for case in HOUSE_CASES if case.name.startswith("two_or_four"))
    _, engine = engine_for(case)
    for players in (2, 4):
        assert engine.Game(players, seed=1).players == players
    with pytest.raises(engine.IllegalMove, match=r"is played by 2 or 4 players, not 3"):
        engine.Game(3)
    assert engine.PLAYER_COUNTS == (2, 4)


def _deal(engine: types.ModuleType, players: int, leads: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Hands for a table: seat 0 holds the tiles named first, every hand is filled from the set in order."""
    size = engine.DEAL[players]
    rest = [t for t in engine.TILES if t not in leads]
    first = [*leads, *rest[:size - len(leads)]]
    rest = rest[size - len(leads):]
    return [first, *(rest[i * size:(i + 1) * size] for i in range(players - 1))]


def _lead(game: str, scores: list[int], tile: tuple[int, int]) -> tuple[list[int], dict[str, object]]:
    """Seat 0 leads tile in a fresh hand at these scores: the scores after it, and its event."""
    engine = family(game)
    table = engine.Game(2, scores=scores, deal=False)
    table.start_hand(opener=0, hands=_deal(engine, 2, [tile]))
    events = table.apply(("play", tile, None, None))
    return table.scores, events[0]


def test_ten_to_get_in_a_five_is_void_for_a_side_not_yet_in() -> None:
    scores, event = _lead("ten_to_get_in", [0, 0], (0, 5))
    assert (event["points"], event.get("void"), scores) == (5, True, [0, 0])


def test_ten_to_get_in_a_ten_counts_and_puts_the_side_in() -> None:
    scores, event = _lead("ten_to_get_in", [0, 0], (5, 5))  # a lone [5|5] counts all its pips: 10
    assert (event["points"], "void" in event, scores) == (10, False, [10, 0])


def test_ten_to_get_in_a_side_already_in_scores_a_five() -> None:
    scores, event = _lead("ten_to_get_in", [5, 0], (0, 5))
    assert (event["points"], "void" in event, scores) == (5, False, [10, 0])


ONE_TILE_EACH = """\
variant: "One tile each"
tiles: double six
players: 2
deal: 2 players get 1 tiles
undealt tiles: out of play
spinners: none
placement score: total if total is a positive multiple of 5
pip award: opponents' pips, rounded to the nearest 5
target: at least 150
first score: {}
"""


@pytest.mark.parametrize("rule, held, scores, void", [
    # Seat 1's 7 pips round to 5: below 10, void for seat 0 at 0.
    ("at least 10", (1, 6), [0, 0], [0]),
    # 12 pips round to 10: it counts and puts seat 0 in.
    ("at least 10", (6, 6), [10, 0], None),
    # For placements only, a hand award of 5 counts.
    ("at least 10, placements only", (1, 6), [5, 0], None),
])
def test_a_hand_award_below_the_first_score(rule: str, held: tuple[int, int], scores: list[int],
                                            void: list[int] | None) -> None:
    """Seat 0 leads its one tile, [0|0], and goes out at once: its award is void while it is not yet in."""
    variant = check(parse(ONE_TILE_EACH.format(rule)))
    assert isinstance(variant, ir.Variant)
    engine = load_engine(variant, Path("one_tile_each.rules"))
    game = engine.Game(2, deal=False)
    game.start_hand(opener=0, hands=[[(0, 0)], [held]])
    events = game.apply(("play", (0, 0), None, None))
    award = next(e for e in events if e["event"] == "award")
    assert (game.scores, award.get("void")) == (scores, void)


def test_teesdale_winning_points_cannot_be_scored_on_the_down() -> None:
    # [6|6] led alone counts 12: 4 points by threes, which would take 57 to exactly 61: cancelled.
    scores, event = _lead("fives_and_threes_teesdale", [57, 0], (6, 6))
    assert (event["points"], event.get("cancelled"), scores) == (4, True, [57, 0])
    # The same down short of 61 is scored: [3|6] counts 9, 3 points, 57 -> 60.
    scores, event = _lead("fives_and_threes_teesdale", [57, 0], (3, 6))
    assert (event["points"], "cancelled" in event, scores) == (3, False, [60, 0])


def test_teesdale_winning_points_after_the_down_win() -> None:
    engine = family("fives_and_threes_teesdale")
    game = engine.Game(2, scores=[0, 59], deal=False)
    others = [t for t in engine.TILES if t not in ((0, 1), (1, 6))]
    game.start_hand(opener=0, hands=[[(0, 1), *others[:8]], [(1, 6), *others[8:16]]])
    game.apply(("play", (0, 1), None, None))  # ends 0 and 1: nothing
    game.apply(("play", (1, 6), (0, 1), "high"))  # ends 0 and 6: 6 by threes, 2 points: 59 -> 61
    assert (game.scores, game.over, game.winners) == ([0, 61], True, [1])


def _seven_rocks(game: str) -> types.ModuleType:
    """A Seven Rocks spec of the family dealing 2 tiles each, so that a hand can block at its lead."""
    path = ROOT / "examples" / "family" / f"{game}.rules"
    text = path.read_text(encoding="utf-8").replace("deal: 4 players get 7 tiles", "deal: 4 players get 2 tiles")
    variant = check(parse(text))
    assert isinstance(variant, ir.Variant)
    return load_engine(variant, path.with_name(f"{game}_two_tiles.rules"))


def _blocked_at_the_lead(engine: types.ModuleType, scores: list[int], lead: tuple[int, int],
                         hands: list[list[tuple[int, int]]]) -> tuple[Any, list[dict[str, Any]]]:
    """Seat 0 leads; nobody holds the lead's number, so the hand is blocked at once."""
    game = engine.Game(4, scores=scores, deal=False)
    game.start_hand(opener=0, hands=[[lead, *hands[0]], *hands[1:]])
    return game, game.apply(("play", lead, None, None))


# Left in hand after [6|6] is led: seat 0 [4|4] (8), seat 1 [0|1] [1|1] (3), seat 3 [2|5] [3|3] (13).
EIGHT, THREE, THIRTEEN = [(4, 4)], [(0, 1), (1, 1)], [(2, 5), (3, 3)]


@pytest.mark.parametrize("game, partner, penalties", [
    # Each hand rounded on its own: 8 -> -10 and 2 -> 0; 3 -> -5 and 13 -> -15.
    ("seven_rocks", [(0, 0), (0, 2)], [-10, -20]),
    # Partners with 8 and 4 pips: -10 - 5 = -15.
    ("seven_rocks", [(0, 0), (0, 4)], [-15, -20]),
    # The house option rounds the side's pips once: 8 + 4 = 12 -> -10; 3 + 13 = 16 -> -15.
    ("seven_rocks_combined", [(0, 0), (0, 4)], [-10, -15]),
])
def test_seven_rocks_penalties(game: str, partner: list[tuple[int, int]], penalties: list[int]) -> None:
    engine = _seven_rocks(game)
    table, events = _blocked_at_the_lead(engine, [0, 0], (6, 6), [EIGHT, THREE, partner, THIRTEEN])
    penalty = next(e for e in events if e["event"] == "pip_penalty")
    assert penalty["points"] == penalties
    assert table.scores == penalties  # below zero


def test_seven_rocks_is_judged_at_the_end_of_the_hand_and_the_highest_wins() -> None:
    engine = _seven_rocks("seven_rocks")
    # [5|5] led alone counts 10: 245 -> 255 during the hand, which does not end the game; nobody
    # holds a 5, so the hand blocks; seat 0's 1 pip and seat 2's 2 round to 0; seat 1's 5 -> -5 and
    # seat 3's 9 -> -10. Side 0 alone has 250 or more.
    hands = [[(0, 1)], [(1, 1), (0, 3)], [(0, 0), (0, 2)], [(1, 2), (0, 6)]]
    game, events = _blocked_at_the_lead(engine, [245, 249], (5, 5), hands)
    kinds = [e["event"] for e in events]
    assert kinds == ["play", "hand_end", "pip_penalty", "win"]
    assert events[0]["scores"] == [255, 249]
    assert events[2]["points"] == [0, -15]
    assert (game.scores, game.winners) == ([255, 234], [0])


def test_seven_rocks_at_once_ends_the_game_with_the_lead() -> None:
    engine = _seven_rocks("seven_rocks_at_once")
    hands = [[(0, 1)], [(1, 1), (0, 3)], [(0, 0), (0, 2)], [(1, 2), (0, 6)]]
    game, events = _blocked_at_the_lead(engine, [245, 249], (5, 5), hands)
    assert [e["event"] for e in events] == ["play", "win"]
    assert (game.scores, game.winners) == ([255, 249], [0])


def test_seven_rocks_the_side_that_went_out_is_exempt_in_the_house_option() -> None:
    for game, exempt in (("seven_rocks", False), ("seven_rocks_out_exempt", True)):
        engine = _seven_rocks(game)
        table = engine.Game(4, deal=False)
        # Seat 0 holds [0|0] and [0|6]; seat 1 has no blank and seat 2's partner keeps 9 pips.
        table.start_hand(opener=0, hands=[[(0, 0), (0, 6)], [(1, 1), (2, 2)], [(4, 5), (3, 3)], [(1, 2), (3, 4)]])
        table.apply(("play", (0, 0), None, None))
        table.apply(("pass",))  # seat 1: no blank
        table.apply(("pass",))  # seat 2
        table.apply(("pass",))  # seat 3
        events = table.apply(("play", (0, 6), (0, 0), "lineA"))  # seat 0 goes out
        penalty = next(e for e in events if e["event"] == "pip_penalty")
        # Side 0: seat 2's 9 + 6 = 15 -> -15 (seat 0 holds nothing); side 1: seat 1's 6 -> -5, seat 3's 10 -> -10.
        assert penalty["points"] == ([0, -15] if exempt else [-15, -15])


# Domino Pool, 3 players: seat 0 leads [6|6] and nobody holds another six, so the hand blocks at once.
# Left in hand: seat 0 31 pips, seats 1 and 2 26 each: a tie for lowest.
POOL_TIE = [[(6, 6), (4, 4), (3, 5), (1, 3), (3, 3), (0, 5)],
            [(1, 5), (2, 3), (2, 2), (3, 4), (0, 1), (0, 3)],
            [(0, 0), (1, 2), (4, 5), (1, 1), (2, 5), (1, 4)]]


@pytest.mark.parametrize("game, shares, carried", [
    # The pool of 3 stakes divided by the 2 tied: 1 each, 1 carried.
    ("domino_pool", [0, 1, 1], 1),
    # The house option carries a tied pool whole.
    ("domino_pool_carried_whole", [0, 0, 0], 3),
])
def test_domino_pool_tied_lowest_divide_the_pool(game: str, shares: list[int], carried: int) -> None:
    engine = family(game)
    table = engine.Game(3, deal=False)
    table.start_hand(opener=0, hands=POOL_TIE)
    assert (table.scores, table.pool) == ([-1, -1, -1], 3)  # every player stakes 1
    events = table.apply(("play", (6, 6), None, None))
    pool = next(e for e in events if e["event"] == "pool")
    assert (pool["points"], pool["pool"], table.pool) == (shares, carried, carried)
    assert table.scores == [-1 + share for share in shares]
    assert not table.over and not table.winners  # no target: the game goes on
    table.start_hand()
    assert table.pool == carried + 3  # the carry joins the next hand's stakes


def test_domino_pool_going_out_takes_the_whole_pool() -> None:
    engine = family("domino_pool")
    gone_out = 0
    for seed in range(20):
        table = engine.Game(4, seed=seed)
        engine.play_game(table, [engine.RandomBot(seed + seat) for seat in range(4)], max_hands=10)
        events = table.events
        for index, event in enumerate(events):
            if event["event"] == "hand_end" and not event["blocked"]:
                before = next(e["pool"] for e in reversed(events[:index]) if e["event"] == "stake")
                pool = events[index + 1]
                assert pool["event"] == "pool" and pool["pool"] == 0
                assert pool["points"] == [before if side == event["winners"][0] else 0 for side in range(4)]
                gone_out += 1
        assert table.hand_number == 10 and not table.over  # no target: as many hands as are played
    assert gone_out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_never_draws_the_reserve_and_blocks_only_on_it(players: int) -> None:
    """Draw: "reserve 2, draw until playable. Blocked: nobody can play and only the reserve is left"."""
    engine = family("draw")
    blocked_hands = 0
    for seed in range(60):
        game = engine.Game(players, seed=seed)
        bots = [engine.RandomBot(seed * 10 + seat) for seat in range(players)]
        while not game.over and game.hand_number <= 40:
            if game.hand_over:
                game.start_hand()
            while not game.hand_over:
                drawing = game.legal_moves() == (("draw",),)
                before = len(game.pile)
                events = game.apply(bots[game.current].choose(game))
                if drawing:
                    assert before > 2, "a tile of the reserve was drawn"
                ended = next((e for e in events if e["event"] == "hand_end"), None)
                if ended is not None and ended["blocked"]:
                    blocked_hands += 1
                    assert len(game.pile) == 2, "a hand blocked while tiles above the reserve could be drawn"
                    ends = {value for _, _, value in game.layout.open_ports()}
                    assert not any(a in ends or b in ends for hand in game.hands for a, b in hand)
    assert blocked_hands > 0  # the rule was met, not only the draws
# --- Bergen: headers near a target per player count, and the block won by a hand without a double ---

# FAMILY.md's header example: seat 0 leads [6|6] (the only double dealt, so the lowest) and draws
# [2|2] when the ends show 2 and 2 and it holds no 2; every other placement is from the hand.
BERGEN_HANDS = [[(6, 6), (4, 6), (0, 1), (0, 3), (1, 3), (0, 5)], [(2, 6), (2, 4), (1, 5), (3, 5), (1, 4), (3, 4)]]
BERGEN_MOVES = [("play", (6, 6), None, None), ("play", (2, 6), (6, 6), "lineA"), ("play", (4, 6), (6, 6), "lineB"),
                ("play", (2, 4), (4, 6), "low"), ("draw",), ("play", (2, 2), (2, 6), "low")]


def _bergen_example(scores: list[int]) -> tuple[Any, list[int]]:
    """The example played through the Bergen engine from these scores: the game, each placement's points."""
    engine = family("bergen")
    game = engine.Game(2, scores=scores, deal=False)
    held = [t for hand in BERGEN_HANDS for t in hand]
    game.start_hand(opener=0, hands=BERGEN_HANDS, pile=[(2, 2), *(t for t in engine.TILES if t not in [*held, (2, 2)])])
    points = []
    for move in BERGEN_MOVES:
        points += [e["points"] for e in game.apply(move) if e["event"] == "play"]
    return game, points


def test_bergen_headers_score_as_the_digest_example_says() -> None:
    """[6|6] led: 2. [2|6] on lineA: 0. [4|6] on lineB: 0. [2|4] on the 4: 2. [2|2] on a 2: 3."""
    game, points = _bergen_example([0, 0])
    assert points == [2, 0, 0, 2, 3]
    assert game.scores == [5, 2] and not game.over


@pytest.mark.parametrize("scores, points, final", [
    # Seat 0 needs 2 at the lead (1 point), seat 1 needs 3 (its double header stays 2), seat 0's triple
    # header at need 1 scores 1 and reaches 15: a header wins the game.
    ([13, 12], [1, 0, 0, 2, 1], [15, 14]),
    # Need 3 for seat 0 caps the lead's double header at 2 (not below), and then its triple header at
    # need 1 scores 1; seat 1 at need 2 scores 1 for its double header.
    ([12, 13], [2, 0, 0, 1, 1], [15, 14]),
    # Need 4 or more: no cap.
    ([0, 11], [2, 0, 0, 2, 3], [5, 13]),
])
def test_bergen_headers_are_capped_near_the_target(scores: list[int], points: list[int], final: list[int]) -> None:
    game, scored = _bergen_example(scores)
    assert (scored, game.scores) == (points, final)
    assert game.over == (max(final) >= 15)
    if game.over:
        assert game.winners == [0] and game.events[-1]["event"] == "win"


def test_bergen_target_is_15_with_2_players_and_10_with_3_or_4() -> None:
    engine = family("bergen")
    assert engine.TARGETS == {2: 15, 3: 10, 4: 10} and not hasattr(engine, "TARGET")
    assert [engine.Game(players, seed=1).target for players in (2, 3, 4)] == [15, 10, 10]
    assert engine.Game(2, scores=[14, 14], seed=1).target == 15
    with pytest.raises(engine.IllegalMove, match=r"from 0 to 9 \(below the target\)"):
        engine.Game(3, scores=[10, 0, 0], seed=1)


@pytest.mark.parametrize("players, points, over", [
    # At 9 of 10 with 3 players the led [6|6] is capped to 1 and wins; with 2 players (need 6) it scores 2.
    (3, 1, True),
    (2, 2, False),
])
def test_bergen_a_lead_at_9_wins_only_where_the_target_is_10(players: int, points: int, over: bool) -> None:
    engine = family("bergen")
    game = engine.Game(players, scores=[9] + [0] * (players - 1), deal=False)
    others = [t for t in engine.TILES if t[0] != t[1]]  # [6|6] is the only double dealt, so the lowest
    hands = [[(6, 6), *others[:5]], *(others[5 + 6 * i:11 + 6 * i] for i in range(players - 1))]
    game.start_hand(opener=0, hands=hands)
    play = game.apply(("play", (6, 6), None, None))[0]
    assert (play["points"], game.scores[0], game.over) == (points, 9 + points, over)


def test_bergen_placement_points_needs_the_number_of_players() -> None:
    engine = family("bergen")
    layout = engine.Layout()
    layout.place((6, 6))
    assert engine.placement_points(12, layout, 13, 2) == (1, 1)  # need 2 of 15
    assert engine.placement_points(12, layout, 7, 3) == (2, 2)  # need 3 of 10
    assert engine.placement_points(12, layout, 7, 2) == (2, 2)  # need 8 of 15
    with pytest.raises(engine.IllegalMove, match="give players, one of 2, 3, 4, not 5"):
        engine.placement_points(12, layout, 7, 5)


@pytest.mark.parametrize("remaining, doubles, winners, awards", [
    # Seat 0 holds [1|1] (3 pips): the players without a double are the candidates, seat 1's 10 beats 12.
    ([3, 10, 12], [[1], [], []], [1], [0, 2, 0]),
    # Everyone holds one: compared without them, 10 - 6 = 4, 8 - 0 = 8, 9 - 8 = 1.
    ([10, 8, 9], [[3], [0], [4]], [2], [0, 0, 2]),
    # A hand of doubles only counts 0: [3|3] beats 5 - 2 = 3 and 7 - 4 = 3.
    ([6, 5, 7], [[3], [1], [2]], [0], [2, 0, 0]),
    # A tie between the candidates: nobody (seat 2's 1 pip left out: it holds [0|0]).
    ([5, 5, 1], [[], [], [0]], [], [0, 0, 0]),
    # Nobody holds a double: plain lowest pips.
    ([3, 10, 12], [[], [], []], [0], [2, 0, 0]),
])
def test_bergen_reckon_hand_takes_the_doubles_held(remaining: list[int], doubles: list[list[int]],
                                                   winners: list[int], awards: list[int]) -> None:
    engine = family("bergen")
    assert engine.reckon_hand(INDIVIDUALS_3, remaining, None, doubles) == (winners, awards)


def test_bergen_reckon_hand_without_doubles_and_with_bad_ones() -> None:
    engine = family("bergen")
    assert engine.reckon_hand(INDIVIDUALS_3, [3, 10, 12], None) == ([0], [2, 0, 0])  # no seat holds a double
    assert engine.reckon_hand(INDIVIDUALS_3, [0, 10, 12], 0, [[], [5], []]) == ([0], [2, 0, 0])  # going out: 2
    for bad in ([[1], []], [[7], [], []], [[2], [], []], [(1.0,), [], []], "none"):
        with pytest.raises(engine.IllegalMove, match="the values of the doubles left in its hand"):
            engine.reckon_hand(INDIVIDUALS_3, [3, 10, 12], None, bad)
    # The house option's plain block: the lowest hand wins, doubles or not.
    assert family("bergen_plain_block").reckon_hand(INDIVIDUALS_3, [3, 10, 12], None) == ([0], [2, 0, 0])


def _bergen_blocked(game: str, hands: list[list[tuple[int, int]]]) -> list[dict[str, Any]]:
    """4 players, 2 tiles each and every undealt tile in the reserve: seat 0 leads [0|0], nobody
    holds another 0, so the hand is blocked at once with what each seat has left."""
    path = ROOT / "examples" / "family" / f"{game}.rules"
    text = (path.read_text(encoding="utf-8")
            .replace("deal: 2 or 3 players get 6 tiles, 4 players get 5 tiles", "deal: 2 or 3 or 4 players get 2 tiles")
            .replace("reserve: 2 tiles", "reserve: 20 tiles"))
    variant = check(parse(text))
    assert isinstance(variant, ir.Variant)
    engine = load_engine(variant, path.with_name(f"{game}_two_tiles.rules"))
    table = engine.Game(4, deal=False)
    held = [(0, 0), *(t for hand in hands for t in hand)]
    table.start_hand(opener=0, hands=[[(0, 0), *hands[0]], *hands[1:]], pile=[t for t in engine.TILES if t not in held])
    events = table.apply(("play", (0, 0), None, None))
    end = next(e for e in events if e["event"] == "hand_end")
    assert end["blocked"]
    return [end, *(e for e in events if e["event"] == "award")]


@pytest.mark.parametrize("game, hands, winners, awards", [
    # Seat 0's [1|1] (2 pips) holds a double: seat 1 without one wins on 10 (seat 2 has 21).
    ("bergen", [[(1, 1)], [(1, 2), (3, 4)], [(5, 6), (4, 6)], [(2, 2), (5, 5)]], [1], [0, 2, 0, 0]),
    # The house option's plain block: seat 0's 2 pips win.
    ("bergen_plain_block", [[(1, 1)], [(1, 2), (3, 4)], [(5, 6), (4, 6)], [(2, 2), (5, 5)]], [0], [2, 0, 0, 0]),
    # Everyone holds a double: without them seat 0 counts 0 ([3|3] only), seat 1 3, seat 2 9, seat 3 5,
    # though seat 1's whole hand (5) is lighter than seat 0's (6).
    ("bergen", [[(3, 3)], [(1, 1), (1, 2)], [(2, 2), (4, 5)], [(5, 5), (2, 3)]], [0], [2, 0, 0, 0]),
    # Seats 1 and 2, without a double, tie on 10: nobody.
    ("bergen", [[(1, 1)], [(1, 2), (3, 4)], [(2, 4), (1, 3)], [(5, 5), (5, 6)]], [], [0, 0, 0, 0]),
])
def test_bergen_blocked_hand_is_won_by_a_hand_without_a_double(
        game: str, hands: list[list[tuple[int, int]]], winners: list[int], awards: list[int]) -> None:
    end, *_ = _bergen_blocked(game, hands)
    assert (end["winners"], end["awards"]) == (winners, awards)
