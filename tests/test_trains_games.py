"""The trains games of ../shared/FAMILY2.md (Chicken Foot, Mexican Train, Private Trains), and what they brought to
every engine: a game of rounds whose engine double falls each round (`rounds`, `lead: the round's double`), the engine
drawn for seat by seat when nobody was dealt it or set aside, chicken feet (a later double's three toes covered before
any other end), the hub of trains (one per seat and the public one, markers put on by a pass, doubles in a train
satisfied before any other play, or an extra tile after a double), each seat's own pips left in hand added to its
score ([0|0] counting 50 in Chicken Foot) and the lowest total after the last round winning. The hands are dealt here
and the numbers worked out by hand from the digest's text; the records of tests/replays/ go through the replay of
every target."""

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
MEXICAN = "mexican_train"
PRIVATE = "private_trains"
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


# Each trains game with its records (those of a house option are named after it), its set's top value, whether its
# engine is set aside, and what [0|0] counts left in a hand.
GAMES = {CHICKEN_FOOT: (9, False, 50), SET_ASIDE: (9, True, 50), MEXICAN: (12, False, 0), PRIVATE: (6, True, 0)}
RECORDS = sorted(((max((name for name in GAMES if path.stem.startswith(name)), key=len), path)
                  for path in REPLAYS.glob("*.json") if any(path.stem.startswith(name) for name in GAMES)),
                 key=lambda pair: pair[1].stem)


@pytest.mark.parametrize("target", ["python", "c", "js"])
@pytest.mark.parametrize(("game", "record"), RECORDS, ids=[path.stem for _, path in RECORDS])
def test_the_records_replay_to_their_own_pips_and_the_lowest_total_in_every_target(game: str, record: Path,
                                                                                   target: str) -> None:
    top, set_aside, double_blank = GAMES[game]
    written = json.loads(record.read_text())
    players, first = written["players"], written.get("first_hand", 1)
    expected = list(written.get("scores", [0] * players))
    for number, hand in enumerate(written["hands"], start=first):
        engine_double = f"[{top + 1 - number}|{top + 1 - number}]"
        placed = next(move for move in hand["moves"] if "play" in move)
        # The engine is led by its holder, or set aside: then the first tile goes on it.
        assert placed.get("on" if set_aside else "play") == engine_double
        left = left_in_hands(hand, players)
        expected = [score + sum(double_blank if tile == (0, 0) else tile[0] + tile[1] for tile in held)
                    for score, held in zip(expected, left, strict=True)]
    result = replayed(game, record, target)
    assert result["scores"] == expected
    last = first + len(written["hands"]) - 1
    lowest = [seat for seat in range(players) if expected[seat] == min(expected)] if last == top + 1 else []
    assert result["winners"] == lowest


# --- the hub: trains, markers and doubles in trains ------------------------------------------------------------

def set_tiles(text: str) -> list[Tile]:
    """'12-12 5-12 3-4' -> [(12, 12), (5, 12), (3, 4)]: halves above 9 written out."""
    return [(int(a), int(b)) for a, b in (pair.split("-") for pair in text.split())]


def set_of(top: int) -> list[Tile]:
    return [(a, b) for a in range(top + 1) for b in range(a, top + 1)]


def dealt(game: Any, hands: list[list[Tile]], front: list[Tile], top: int, aside: Tile | None = None) -> None:
    """Deal these hands, the boneyard's front these tiles and then the rest of the set in its order."""
    held = {t for hand in hands for t in hand} | set(front) | {aside}
    game.start_hand(hands=hands, pile=[*front, *(t for t in set_of(top) if t not in held)])


DEALS = {MEXICAN: ("deal: 2 to 4 players get 15 tiles, 5 or 6 players get 12 tiles, 7 or 8 players get 10 tiles",
                   "2 to 8 players"),
         PRIVATE: ("deal: 2 or 3 players get 7 tiles", "2 or 3 players")}


def small_deal(game: str, tiles_each: int) -> Any:
    """The game with every table dealt tiles_each tiles, so that a hand worked by hand is short."""
    deal, tables = DEALS[game]
    return dealing(game, (deal, f"deal: {tables} get {tiles_each} tiles"))


def usable_ports(game: Any) -> list[tuple[Tile, str]]:
    return sorted({(move[2], move[3]) for move in game.legal_moves() if move[0] == "play"})


def test_the_engine_is_a_hub_with_a_train_for_each_seat_and_mexican_trains_public_one() -> None:
    mexican, private = family(MEXICAN).Layout(3), family(PRIVATE).Layout(2)
    mexican.place((12, 12))
    private.place((6, 6))
    assert mexican.open_ports() == [((12, 12), port, 12) for port in ("train0", "train1", "train2", "public")]
    assert private.open_ports() == [((6, 6), "train0", 6), ((6, 6), "train1", 6)]
    assert mexican.to_dict()["markers"] == [] and mexican.counted_ends() == [] and mexican.end_total() == 0
    mexican.place((5, 12), (12, 12), "public")
    mexican.place((5, 5), (5, 12), "low")  # crosswise in its train: its line B is the train's open end
    assert [p for p in mexican.open_ports() if p[0] != (12, 12)] == [((5, 5), "lineB", 5)]
    assert mexican.train_of((5, 5), "lineB") == -1 and mexican.train_of((12, 12), "train2") == 2


def test_a_seat_places_on_its_own_train_or_the_public_one_and_a_pass_marks_its_train_for_the_others() -> None:
    engine = small_deal(MEXICAN, 4)
    game = engine.Game(3, seed=1, deal=False)
    dealt(game, [set_tiles("12-12 5-12 5-5 3-4"), set_tiles("2-12 1-7 0-9 6-6"), set_tiles("8-12 8-8 3-11 1-1")],
          set_tiles("4-9 6-10 5-11 2-3 3-6"), 12)
    game.apply(lead((12, 12)))  # the holder sets the engine, and takes the first turn
    assert game.current == 0 and usable_ports(game) == [((12, 12), "public"), ((12, 12), "train0")]
    game.apply(on((5, 12), (12, 12), "train0"))
    assert usable_ports(game) == [((12, 12), "public"), ((12, 12), "train1")]  # seat 1: not seat 0's train
    game.apply(on((2, 12), (12, 12), "train1"))
    game.apply(on((8, 12), (12, 12), "train2"))
    assert list(game.legal_moves()) == [on((5, 5), (5, 12), "low")]  # seat 0's [3|4] fits nothing it may use
    game.apply(on((5, 5), (5, 12), "low"))
    # The double is unsatisfied: its line B is the one open end, and seat 0 moves again.
    assert game.current == 0 and [p[:2] for p in game.layout.open_ports()] == [((5, 5), "lineB")]
    assert list(game.legal_moves()) == [("draw",)]
    game.apply(("draw",))  # [4|9]: no 5
    assert list(game.legal_moves()) == [("pass",)]
    game.apply(("pass",))
    assert game.layout.markers == [True, False, False]
    game.apply(("draw",))  # seat 1: [6|10], no 5 either
    game.apply(("pass",))
    assert game.layout.markers == [True, True, False]
    game.apply(("draw",))  # seat 2 draws [5|11] and must place it at once: on seat 0's double, whoever owns it
    assert list(game.legal_moves()) == [on((5, 11), (5, 5), "lineB")]
    game.apply(on((5, 11), (5, 5), "lineB"))
    # Satisfied: every end is open again; seat 0 may use its own train, the public one and seat 1's marked train.
    assert usable_ports(game) == []
    assert list(game.legal_moves()) == [("draw",)]
    game.apply(("draw",))  # [2|3]: it fits seat 1's marked train, so it goes there at once
    assert list(game.legal_moves()) == [on((2, 3), (2, 12), "low")]
    game.apply(on((2, 3), (2, 12), "low"))
    assert game.layout.markers == [True, True, False]  # a tile on another's train takes no marker off
    game.apply(("draw",))  # seat 1: [3|6] fits its own train
    game.apply(on((3, 6), (2, 3), "high"))
    assert game.layout.markers == [True, False, False]  # its own tile took its marker off
    # Seat 2 may use its own train (8), the public one (12) and seat 0's marked train (11); not seat 1's (6).
    assert usable_ports(game) == [((5, 11), "high"), ((8, 12), "low")]
    assert not any(move[2] == (3, 6) for move in game.legal_moves() if move[0] == "play")


def test_going_out_with_a_double_ends_the_hand_whatever_double_is_left_unsatisfied() -> None:
    engine = small_deal(MEXICAN, 2)
    game = engine.Game(2, seed=1, deal=False)
    dealt(game, [set_tiles("12-12 7-12"), set_tiles("4-12 4-4")], set_tiles("0-1"), 12)
    game.apply(lead((12, 12)))
    game.apply(on((7, 12), (12, 12), "public"))  # seat 0 goes out
    assert game.hand_over and of_kind(game.events, "hand_end")[-1]["winners"] == [0]
    engine = small_deal(MEXICAN, 3)
    game = engine.Game(2, seed=1, deal=False)
    dealt(game, [set_tiles("7-12 0-2 10-11"), set_tiles("12-12 4-12 4-4")], [], 12)
    for move in (lead((12, 12)), on((4, 12), (12, 12), "train1"), on((7, 12), (12, 12), "train0")):
        game.apply(move)
    game.apply(on((4, 4), (4, 12), "low"))  # seat 1's last tile, a double: out, though nobody satisfied it
    assert game.hand_over and of_kind(game.events, "hand_end")[-1]["winners"] == [1]
    assert of_kind(game.events, "pips_left")[-1]["points"] == [23, 0]


def test_private_trains_after_a_double_the_seat_places_once_more_anywhere_it_may() -> None:
    engine = small_deal(PRIVATE, 4)
    game = engine.Game(2, seed=1, deal=False)
    dealt(game, [set_tiles("3-6 3-3 5-6 0-1"), set_tiles("2-4 1-4 0-4 1-2")], set_tiles("0-0"), 6, aside=(6, 6))
    # The first hand: the heaviest tile dealt, [5|6], is seat 0's.
    assert game.opener == 0 and game.layout.tiles == [(6, 6)]
    game.apply(on((3, 6), (6, 6), "train0"))
    game.apply(("draw",))  # seat 1 has no 6, draws [0|0] and passes: its train is open to seat 0
    game.apply(("pass",))
    assert sorted(game.legal_moves()) == [on((3, 3), (3, 6), "low"), on((5, 6), (6, 6), "train1")]
    game.apply(on((3, 3), (3, 6), "low"))
    # One more tile, anywhere seat 0 may place: the double is an ordinary end that nobody has to cover first.
    assert game.current == 0 and list(game.legal_moves()) == [on((5, 6), (6, 6), "train1")]
    game.apply(on((5, 6), (6, 6), "train1"))
    assert game.current == 1 and game.layout.markers == [False, True]


def test_private_trains_later_hands_rotate_and_set_each_rounds_engine_aside() -> None:
    engine = family(PRIVATE)
    game = engine.Game(3, seed=7)
    heaviest = max((a + b, b, seat) for seat, hand in enumerate(game.hands) for a, b in hand)[2]
    assert game.opener == heaviest and game.layout.tiles == [(6, 6)] and len(game.pile) == 28 - 1 - 21
    for number in range(2, 8):
        engine.play_hand(game, [engine.RandomBot(seat) for seat in range(3)])
        game.start_hand()
        assert game.layout.tiles == [(7 - number, 7 - number)] and game.opener == (heaviest + number - 1) % 3
    engine.play_hand(game, [engine.RandomBot(seat) for seat in range(3)])
    assert game.over and game.hand_number == 7


def test_private_trains_the_winner_begins_and_after_a_blocked_round_the_rotation_goes_on() -> None:
    engine = family("private_trains_winner_begins")
    seen = set()
    for seed in range(12):
        game = engine.Game(3, seed=seed)
        while True:
            opener = game.opener
            engine.play_hand(game, [engine.RandomBot(seat) for seat in range(3)])
            end = [event for event in game.events if event["event"] == "hand_end"][-1]
            if game.over:
                break
            game.start_hand()
            # The seat that went out has the empty hand; a blocked round names nobody, and the next seat begins.
            out = None if end["blocked"] else end["winners"][0]
            assert game.opener == (out if out is not None else (opener + 1) % 3)
            seen.add(end["blocked"])
    assert seen == {True, False}


def test_private_trains_lowest_double_first_sets_0_0_aside_first_and_goes_up_to_6_6() -> None:
    engine = family("private_trains_lowest_double_first")
    game = engine.Game(2, seed=5)
    aside = [game.layout.tiles[0]]
    for _ in range(6):
        engine.play_hand(game, [engine.RandomBot(seat) for seat in range(2)])
        game.start_hand()
        aside.append(game.layout.tiles[0])
    assert aside == [(n, n) for n in range(7)]
    engine.play_hand(game, [engine.RandomBot(seat) for seat in range(2)])
    assert game.over and game.hand_number == 7
    # A record of the last rounds starts from its first hand's engine: round 3's is [2|2].
    later = engine.Game(2, deal=False, first_hand=3)
    hands = [set_tiles("0-0 0-1 0-2 0-3 0-4 0-5 0-6"), set_tiles("1-1 1-2 1-3 1-4 1-5 1-6 3-3")]
    dealt(later, hands, [], 6, aside=(2, 2))
    assert later.layout.tiles == [(2, 2)] and later.hand_number == 3
    seat = later.current
    assert [move[1:] for move in later.legal_moves()] == [((seat, 2), (2, 2), f"train{seat}")]


def test_mexican_train_the_seat_after_the_setter_begins_and_a_later_double_still_earns_a_move() -> None:
    engine = dealing("mexican_train_seat_after_setter_begins", (DEALS[MEXICAN][0], "deal: 2 to 8 players get 4 tiles"))
    game = engine.Game(3, seed=1, deal=False)
    dealt(game, [set_tiles("12-12 5-12 3-4 1-2"), set_tiles("11-12 11-11 0-1 0-2"), set_tiles("8-12 7-8 3-3 4-4")],
          [], 12)
    game.apply(lead((12, 12)))  # the holder sets the engine: the lead earns nothing, and seat 1 begins
    assert game.current == 1 and usable_ports(game) == [((12, 12), "public"), ((12, 12), "train1")]
    game.apply(on((11, 12), (12, 12), "train1"))
    game.apply(on((8, 12), (12, 12), "train2"))
    game.apply(on((5, 12), (12, 12), "train0"))
    game.apply(on((11, 11), (11, 12), "low"))
    assert game.current == 1  # a double placed later earns its extra move as in the game


@pytest.mark.parametrize("game_name", [MEXICAN, PRIVATE])
def test_a_seat_that_cannot_place_passes_while_another_could_and_the_hand_blocks_only_when_none_can(
        game_name: str) -> None:
    engine = family(game_name)
    blocked = passes = 0
    for seed in range(40 if game_name == PRIVATE else 8):
        game = engine.Game(3 if game_name == PRIVATE else 4, seed=seed)
        for _ in random_moves(game, seed):
            ends = {value for _, _, value in game.layout.open_ports()}
            fits = any(a in ends or b in ends for hand in game.hands for a, b in hand)
            if game.hand_over:
                if of_kind(game.events, "hand_end")[-1]["blocked"]:
                    blocked += 1
                    assert not game.pile and not fits
            elif list(game.legal_moves()) == [("pass",)] and not game.pile:
                passes += 1
                assert fits  # else the hand would be over: no pass is made once it is blocked
    assert blocked and passes  # the premises: hands block, and seats pass on an empty boneyard
