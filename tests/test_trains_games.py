"""The trains games of ../shared/FAMILY2.md written so far (Chicken Foot), and what they brought to every engine: a game
of rounds whose engine double falls each round (`rounds`, `lead: the round's double`), the engine drawn for seat by
seat when nobody was dealt it, chicken feet (a later double's three toes covered before any other end), each seat's
own pips left in hand added to its score ([0|0] counting 50) and the lowest total after the last round winning. The
hands are dealt here and the numbers worked out by hand from the digest's text; the records of tests/replays/ go
through the replay of every target."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_family_specs import REPLAYS, dealing, family, lead, of_kind, on, tiles
from test_partnership_games import replayed

CHICKEN_FOOT = "chicken_foot"
SET_ASIDE = "chicken_foot_engine_set_aside"
Tile = tuple[int, int]
DOUBLE_NINE = [(a, b) for a in range(10) for b in range(a, 10)]


def pile_without(*hands: list[Tile], front: tuple[Tile, ...] = ()) -> list[Tile]:
    """The rest of the double-nine set in its order, these tiles first."""
    held = {t for hand in hands for t in hand} | set(front)
    return [*front, *(t for t in DOUBLE_NINE if t not in held)]


def random_moves(game: Any, seed: int) -> Iterator[None]:
    """The game to its end by random legal moves, yielding after each."""
    rng = random.Random(seed)
    while not game.over:
        if game.hand_over:
            game.start_hand()
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])
        yield


# --- rounds and the engine --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_engine_falls_each_round_from_9_9_to_0_0_and_the_game_ends_after_ten(players: int) -> None:
    engine = family(CHICKEN_FOOT)
    game = engine.Game(players, seed=players)
    for _ in random_moves(game, seed=players):
        pass
    leads = [event["tile"] for event in of_kind(game.events, "play") if event["on"] is None]
    assert leads == [f"[{n}|{n}]" for n in range(9, -1, -1)]
    assert game.hand_number == 10
    with pytest.raises(engine.IllegalMove, match="the game is over"):
        game.start_hand()


def test_a_record_of_the_last_three_rounds_starts_with_2_2_and_may_start_no_later_than_round_10() -> None:
    engine = family(CHICKEN_FOOT)
    hands = [tiles("22 01 02 03 04 05 06"), tiles("11 12 13 14 15 16 17")]
    game = engine.Game(2, seed=1, deal=False, first_hand=8)
    game.start_hand(hands=hands, pile=pile_without(*hands))
    assert (game.hand_number, game.opener) == (8, 0)
    assert list(game.legal_moves()) == [lead((2, 2))]
    assert engine.MAX_HAND_NUMBER == 10
    with pytest.raises(engine.IllegalMove, match="a whole number from 1 to 10, not 11"):
        engine.Game(2, first_hand=11)


def test_the_holder_of_the_engine_leads_it_whoever_the_rotation_names() -> None:
    engine = family(CHICKEN_FOOT)
    hands = [tiles("01 02 03 04 05 06 07"), tiles("11 12 13 14 15 16 17"), tiles("99 22 23 24 25 26 27")]
    game = engine.Game(3, seed=1, deal=False)
    with pytest.raises(engine.IllegalMove, match=r"the opener is seat 2 \(the holder of \[9\|9\] leads it\)"):
        game.start_hand(opener=0, hands=hands, pile=pile_without(*hands))
    game.start_hand(hands=hands, pile=pile_without(*hands))
    assert game.opener == 2
    assert list(game.legal_moves()) == [lead((9, 9))]
    game.apply(lead((9, 9)))
    assert game.current == 0  # setting the engine is the setter's turn: the next seat moves next


def test_nobody_holds_the_engine_so_the_seats_draw_one_each_in_turn_and_its_drawer_sets_it() -> None:
    engine = family(CHICKEN_FOOT)
    hands = [tiles("01 02 03 04 05 06 07"), tiles("11 12 13 14 15 16 17"), tiles("22 23 24 25 26 27 28")]
    front = tuple(tiles("33 34 35 36 99"))
    game = engine.Game(3, seed=1, deal=False)
    game.start_hand(opener=1, hands=hands, pile=pile_without(*hands, front=front))
    drawers = []
    while list(game.legal_moves()) == [("draw",)]:
        drawers.append(game.current)
        game.apply(("draw",))
    assert drawers == [1, 2, 0, 1, 2]  # the opener first, one tile each, until [9|9] turns up
    assert game.current == 2 and list(game.legal_moves()) == [lead((9, 9))]
    assert [len(hand) for hand in game.hands] == [8, 9, 9]  # the tiles drawn stay in the drawers' hands
    game.apply(lead((9, 9)))
    assert (game.current, game.opener) == (0, 1)
    assert of_kind(game.events, "hand") == [{"event": "hand", "hand": 1, "opener": 1}]


def test_the_next_round_offers_the_draw_one_seat_on_from_the_last_opener() -> None:
    engine = family(CHICKEN_FOOT)
    game = engine.Game(3, seed=5)
    first = game.opener
    engine.play_hand(game, [engine.RandomBot(seat) for seat in range(3)])
    hands = [tiles("01 02 03 04 05 06 07"), tiles("11 12 13 14 15 16 17"), tiles("22 23 24 25 26 27 28")]
    with pytest.raises(engine.IllegalMove, match=rf"the opener is seat {(first + 1) % 3} \(next seat clockwise\)"):
        game.start_hand(opener=first, hands=hands, pile=pile_without(*hands))
    game.start_hand(hands=hands, pile=pile_without(*hands))  # nobody holds [8|8]
    assert game.opener == (first + 1) % 3 and list(game.legal_moves()) == [("draw",)]


def test_the_engine_set_aside_is_on_the_table_before_the_deal_and_the_opener_places_first() -> None:
    engine = family(SET_ASIDE)
    game = engine.Game(3, seed=4)
    assert game.layout.tiles == [(9, 9)] and not of_kind(game.events, "play")
    assert (9, 9) not in [t for hand in game.hands for t in hand] + game.pile
    assert len(game.pile) == 55 - 1 - 3 * 7
    assert {move[3] for move in game.legal_moves() if move[0] == "play"} <= {"lineA", "lineB"}
    first = game.opener
    engine.play_hand(game, [engine.RandomBot(seat) for seat in range(3)])
    game.start_hand()
    assert game.layout.tiles == [(8, 8)] and game.opener == (first + 1) % 3  # rotation, whoever holds what


def test_a_deal_that_gives_the_engine_set_aside_to_a_hand_is_refused() -> None:
    engine = family(SET_ASIDE)
    hands = [tiles("99 01 02 03 04 05 06"), tiles("11 12 13 14 15 16 17")]
    game = engine.Game(2, seed=1, deal=False)
    with pytest.raises(engine.IllegalMove, match=r"\[9\|9\] is set aside on the table: no hand and no pile holds it"):
        game.start_hand(hands=hands, pile=pile_without(*hands))
    hands[0][0] = (0, 7)
    with pytest.raises(engine.IllegalMove, match=r"\[9\|9\] is set aside on the table: no hand and no pile holds it"):
        game.start_hand(hands=hands, pile=pile_without(*hands))
    with pytest.raises(engine.IllegalMove, match=r"all 55 tiles but \[9\|9\], set aside"):
        game.start_hand(hands=hands, pile=[t for t in pile_without(*hands) if t not in ((9, 9), (8, 9))])
    game.start_hand(hands=hands, pile=[t for t in pile_without(*hands) if t != (9, 9)])
    assert game.layout.tiles == [(9, 9)]


# --- chicken feet -------------------------------------------------------------------------------------------


def ports(layout: Any) -> list[tuple[Tile, str]]:
    return sorted((tile, port) for tile, port, _ in layout.open_ports())


def test_the_engines_four_sides_first_then_a_chicken_foot_whose_three_toes_are_the_only_open_ends() -> None:
    engine = family(CHICKEN_FOOT)
    layout = engine.Layout()
    layout.place((9, 9))
    for tile, port in (((5, 9), "lineA"), ((1, 9), "lineB")):
        layout.place(tile, (9, 9), port)
    assert ports(layout) == [((9, 9), "branchA"), ((9, 9), "branchB")]  # no other end before the four sides
    for tile, port in (((2, 9), "branchA"), ((3, 9), "branchB")):
        layout.place(tile, (9, 9), port)
    assert ports(layout) == [((1, 9), "low"), ((2, 9), "low"), ((3, 9), "low"), ((5, 9), "low")]
    layout.place((5, 5), (5, 9), "low")  # a chicken foot: only its toes are open
    assert ports(layout) == [((5, 5), "toeA"), ((5, 5), "toeB"), ((5, 5), "toeC")]
    with pytest.raises(engine.IllegalMove, match=r"\[1\|9\] low is not an open port"):
        layout.place((1, 4), (1, 9), "low")
    layout.place((2, 5), (5, 5), "toeB")
    layout.place((0, 5), (5, 5), "toeA")
    assert ports(layout) == [((5, 5), "toeC")]  # a toe left: the new ends wait too
    layout.place((5, 6), (5, 5), "toeC")
    assert ports(layout) == [((0, 5), "low"), ((1, 9), "low"), ((2, 5), "low"), ((2, 9), "low"), ((3, 9), "low"),
                             ((5, 6), "high")]
    assert ((5, 9), "low", (5, 5), "lineA") in [(a, pa, b, pb) for (a, pa), (b, pb) in layout.connections()]


def test_a_seat_that_cannot_place_on_an_unfinished_foot_draws_one_and_passes() -> None:
    engine = dealing(CHICKEN_FOOT, ("deal: 2 to 4 players get 7 tiles", "deal: 2 to 4 players get 6 tiles"))
    hands = [tiles("99 59 19 29 39 55"), tiles("49 69 79 89 14 15")]
    game = engine.Game(2, seed=1, deal=False)
    game.start_hand(hands=hands, pile=pile_without(*hands, front=((0, 1),)))
    for move in (lead((9, 9)), on((4, 9), (9, 9), "lineA"), on((5, 9), (9, 9), "lineB"),
                 on((6, 9), (9, 9), "branchA"), on((1, 9), (9, 9), "branchB"), on((1, 4), (4, 9), "low")):
        game.apply(move)
    game.apply(on((5, 5), (5, 9), "low"))  # seat 0's foot: seat 1 holds [1|5], but its toes take only a 5
    assert sorted(game.legal_moves()) == sorted(on((1, 5), (5, 5), toe) for toe in ("toeA", "toeB", "toeC"))
    game.apply(on((1, 5), (5, 5), "toeA"))
    assert sorted(game.legal_moves()) == [("draw",)]  # seat 0's 9s wait for the toes
    game.apply(("draw",))  # [0|1] fits no toe
    assert of_kind(game.events, "draw")[-1] == {"event": "draw", "seat": 0, "tile": "[0|1]"}
    assert list(game.legal_moves()) == [("pass",)]  # one draw a turn


# --- own pips against ---------------------------------------------------------------------------------------


def two_tile_hand(first_hand: int = 1, scores: list[int] | None = None, second: str = "00 12") -> Any:
    """Seat 0 sets the engine and goes out with the tile that matches it; seat 1, dealt `second`, draws [4|4],
    which fits nowhere, and passes, left with its two tiles and [4|4] (8)."""
    engine = dealing(CHICKEN_FOOT, ("deal: 2 to 4 players get 7 tiles", "deal: 2 to 4 players get 2 tiles"))
    engine_double = (10 - first_hand, 10 - first_hand)
    hands = [[engine_double, (min(3, engine_double[0]), max(3, engine_double[0]))], tiles(second)]
    game = engine.Game(2, seed=1, deal=False, first_hand=first_hand, scores=scores)
    game.start_hand(hands=hands, pile=pile_without(*hands, front=((4, 4),)))
    game.apply(lead(engine_double))
    assert list(game.legal_moves()) == [("draw",)]
    game.apply(("draw",))
    game.apply(("pass",))
    game.apply(on(hands[0][1], engine_double, "lineA"))
    return game


def test_each_seat_adds_its_own_pips_left_and_0_0_counts_50() -> None:
    game = two_tile_hand()
    (end,) = of_kind(game.events, "hand_end")
    assert (end["winners"], end["remaining_pips"], end["awards"]) == ([0], [0, 61], [0, 0])
    assert of_kind(game.events, "pips_left") == [{"event": "pips_left", "points": [0, 61], "scores": [0, 61],
                                                  "pegs": [(0, 0), (0, 61)]}]
    assert (game.scores, game.over) == ([0, 61], False)


@pytest.mark.parametrize(("scores", "winners"), [([0, 0], [0]), ([70, 5], [1]), ([22, 0], [0, 1])])
def test_after_the_last_round_the_lowest_total_wins_and_ties_share(scores: list[int], winners: list[int]) -> None:
    # Round 10, the [0|0] round: seat 1 is left with [1|2], [5|6] and [4|4], 22 pips.
    game = two_tile_hand(first_hand=10, scores=scores, second="12 56")
    assert game.over and game.winners == winners
    assert game.scores == [scores[0], scores[1] + 22]
    assert of_kind(game.events, "win")[-1]["sides"] == winners


def test_a_blocked_hand_is_one_where_nothing_can_be_drawn_and_no_tile_fits_an_open_end() -> None:
    engine = family(CHICKEN_FOOT)
    blocked = 0
    for seed in range(60):
        game = engine.Game(4, seed=seed)
        for _ in random_moves(game, seed):
            if game.hand_over and of_kind(game.events, "hand_end")[-1]["blocked"]:
                blocked += 1
                assert not game.pile
                ends = {value for _, _, value in game.layout.open_ports()}
                assert not any(a in ends or b in ends for hand in game.hands for a, b in hand)
    assert blocked  # the premise: some hands block


# --- records ----------------------------------------------------------------------------------------------------


def left_in_hands(hand: dict[str, Any], players: int) -> list[list[Tile]]:
    """Each seat's tiles at the hand's end, from the record alone: its deal, its draws from the front of the
    boneyard, less its placements."""
    held = [[tuple(json.loads(t.replace("|", ","))) for t in dealt] for dealt in hand["deal"]]
    boneyard = [tuple(json.loads(t.replace("|", ","))) for t in hand["boneyard"]]
    for move in hand["moves"]:
        if move.get("draw"):
            held[move["seat"]].append(boneyard.pop(0))
        elif "play" in move:
            held[move["seat"]].remove(tuple(json.loads(move["play"].replace("|", ","))))
    assert len(held) == players
    return held  # type: ignore[return-value]


def counted(tile: Tile) -> int:
    return 50 if tile == (0, 0) else tile[0] + tile[1]


# Each record with its game: the records of the house option that sets the engine aside are named after it.
RECORDS = [(SET_ASIDE if path.stem.startswith(SET_ASIDE) else CHICKEN_FOOT, path)
           for path in sorted(REPLAYS.glob(f"{CHICKEN_FOOT}_*.json"))]


@pytest.mark.parametrize("target", ["python", "c", "js"])
@pytest.mark.parametrize(("game", "record"), RECORDS, ids=[path.stem for _, path in RECORDS])
def test_the_records_replay_to_their_own_pips_and_the_lowest_total_in_every_target(game: str, record: Path,
                                                                                   target: str) -> None:
    written = json.loads(record.read_text())
    players, first = written["players"], written.get("first_hand", 1)
    expected = list(written.get("scores", [0] * players))
    for number, hand in enumerate(written["hands"], start=first):
        engine_double = f"[{10 - number}|{10 - number}]"
        placed = next(move for move in hand["moves"] if "play" in move)
        # The engine is led by its holder, or set aside: then the first tile goes on it.
        assert placed.get("on" if game == SET_ASIDE else "play") == engine_double
        left = left_in_hands(hand, players)
        expected = [score + sum(map(counted, held)) for score, held in zip(expected, left, strict=True)]
    result = replayed(game, record, target)
    assert result["scores"] == expected
    last = first + len(written["hands"]) - 1
    lowest = [seat for seat in range(players) if expected[seat] == min(expected)] if last == 10 else []
    assert result["winners"] == lowest
