"""Who leads, in the engines: leads that name their tile (Muggins, Bergen, Cross), leads a seat may
lack (Seven-Toed Pete's passed lead, Merry-Go-Round's draws for a double), with hands and the
expected moves and points worked out by hand from the rules digest (../shared/FAMILY.md); and many
random games of the family's specs that use them, at every table they allow."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest

from engine_cases import HOUSE_CASES, Case, engine_for
from support import FAMILY, ROOT, seed_dealing_no_double

Tile = tuple[int, int]


def family(name: str) -> types.ModuleType:
    return engine_for(Case(ROOT / "examples" / "family" / f"{name}.rules"))[1]


def house(name: str) -> types.ModuleType:
    return engine_for(next(case for case in HOUSE_CASES if case.name == name))[1]


def tiles(text: str) -> list[Tile]:
    """'01 55 36' -> [(0, 1), (5, 5), (3, 6)]."""
    return [(int(pair[0]), int(pair[1])) for pair in text.split()]


def lead(tile: Tile) -> tuple[Any, ...]:
    return ("play", tile, None, None)


def rest(engine: types.ModuleType, *hands: list[Tile]) -> list[Tile]:
    """The tiles no hand holds, in the set's order."""
    held = {t for hand in hands for t in hand}
    return [t for t in engine.TILES if t not in held]


# --- Muggins: the highest double sets; else the heaviest tile -------------------------------------


def test_muggins_fosters_example_scores_ten_four_times() -> None:
    # FAMILY.md Muggins: [5|5] led scores 10; [0|5] on it 10 (10 + 0); [0|0] on the blank 10; then
    # [5|6] and [0|4] at the two ends: 6 + 4 = 10 ([5|6] alone makes 6 + 0: nothing).
    engine = family("muggins")
    first, second = tiles("55 00 04 12 13 23 11"), tiles("05 56 24 34 14 26 36")  # [6|6] is not dealt
    game = engine.Game(2, deal=False)
    game.start_hand(hands=[first, second], pile=rest(engine, first, second))
    assert game.opener == 0
    assert game.legal_moves() == (lead((5, 5)),)
    moves = [lead((5, 5)), ("play", (0, 5), (5, 5), "lineA"), ("play", (0, 0), (0, 5), "low"),
             ("play", (5, 6), (5, 5), "lineB"), ("play", (0, 4), (0, 0), "lineB")]
    points = [event["points"] for move in moves for event in game.apply(move) if event["event"] == "play"]
    assert points == [10, 10, 10, 0, 10]
    assert game.scores == [30, 10]


def test_muggins_without_a_double_dealt_the_heaviest_tile_leads_the_greater_higher_half_first() -> None:
    # No double and nothing over 7 pips is dealt but [2|5] and [3|4]: [2|5] is the heavier (FAMILY.md
    # Common ground), so its holder, seat 1, leads it; [1|6] (also 7, a greater higher half) is not dealt.
    engine = family("muggins")
    first, second = tiles("01 02 03 04 05 06 34"), tiles("12 13 14 15 23 24 25")
    game = engine.Game(2, deal=False)
    game.start_hand(hands=[first, second], pile=rest(engine, first, second))
    assert (game.opener, game.legal_moves()) == (1, (lead((2, 5)),))
    with pytest.raises(engine.IllegalMove, match=r"the opener is seat 1 \(the holder of \[2\|5\] leads it\)"):
        engine.Game(2, deal=False).start_hand(opener=0, hands=[first, second], pile=rest(engine, first, second))


def test_muggins_refuses_any_other_lead() -> None:
    engine = family("muggins")
    first, second = tiles("55 00 04 12 13 23 11"), tiles("05 56 24 34 14 26 36")
    game = engine.Game(2, deal=False)
    game.start_hand(hands=[first, second], pile=rest(engine, first, second))
    with pytest.raises(engine.IllegalMove, match=r"the lead must be one of \[5\|5\]"):
        game.apply(lead((0, 0)))


# --- Bergen's rule: the lowest double; else the lightest tile -----------------------------------------


def test_bergens_lowest_double_leads() -> None:
    engine = house("lowest_double_else_lightest")
    first, second = tiles("44 01 02 03 04 05 06"), tiles("22 66 12 13 14 15 16")
    game = engine.Game(2, deal=False)
    game.start_hand(hands=[first, second], pile=rest(engine, first, second))
    assert (game.opener, game.legal_moves()) == (1, (lead((2, 2)),))


def test_bergen_without_a_double_the_lightest_tile_leads_the_smaller_lower_half_first() -> None:
    # [0|1] and [0|2] are not dealt: [0|3] and [1|2] have 3 pips each, and [0|3] has the smaller lower half.
    engine = house("lowest_double_else_lightest")
    first, second = tiles("12 13 14 15 16 23 24"), tiles("03 04 05 06 25 26 34")
    game = engine.Game(2, deal=False)
    game.start_hand(hands=[first, second], pile=rest(engine, first, second))
    assert (game.opener, game.legal_moves()) == (1, (lead((0, 3)),))


# --- Cross's rule: the highest double; a deal without one is void ---------------------------------


def test_cross_a_given_deal_without_a_double_is_refused() -> None:
    engine = house("highest_double_deal_void")
    first, second = tiles("01 02 03 04 05 06 12"), tiles("13 14 15 16 23 24 25")
    game = engine.Game(2, deal=False)
    with pytest.raises(engine.IllegalMove, match=r"no hand holds the highest double: the deal is void"):
        game.start_hand(hands=[first, second], pile=rest(engine, first, second))
    assert game.hand_over and game.hand_number == 0 and game.events == []


def test_cross_a_shuffled_deal_without_a_double_is_dealt_again() -> None:
    # The game must deal again, and lead the highest double it dealt.
    engine = house("highest_double_deal_void")
    seed, order = seed_dealing_no_double(engine.TILES, 14)
    game = engine.Game(2, seed=seed)
    first, second = game.hands
    assert [first, second] != [order[:7], order[7:14]]
    doubles = [t for t in first + second if t[0] == t[1]]
    highest = max(doubles)
    assert game.legal_moves() == (lead(highest),)
    assert highest in game.hands[game.opener]


# --- Seven-Toed Pete: a double or a scoring tile, else the lead is passed -------------------------


def stp_deal() -> list[list[Tile]]:
    """Seats 0 and 1 hold neither a double nor a tile that scores led alone; seat 2 holds both kinds."""
    return [tiles("01 02 03 04 06 12 13"), tiles("15 16 24 25 26 34 35"),
            tiles("05 36 45 56 00 11 22"), tiles("14 23 46 33 44 55 66")]


def test_seven_toed_pete_the_lead_is_passed_until_a_seat_can_make_it() -> None:
    engine = family("seven_toed_pete")
    game = engine.Game(4, deal=False)
    game.start_hand(opener=0, hands=stp_deal())
    assert game.legal_moves() == (("pass",),)
    with pytest.raises(engine.IllegalMove, match=r"^seat 0 holds no tile it may lead \(a double or a scoring tile\): "
                                                 r"it must pass$"):
        game.apply(lead((0, 1)))
    game.apply(("pass",))
    assert (game.current, game.legal_moves()) == (1, (("pass",),))
    game.apply(("pass",))
    # FAMILY.md: [0|5], [1|4], [2|3], [4|6] and [5|5] score led alone under fives /5; every double leads.
    assert game.current == 2
    assert sorted(game.legal_moves()) == [lead((0, 0)), lead((0, 5)), lead((1, 1)), lead((2, 2))]
    with pytest.raises(engine.IllegalMove):
        game.apply(lead((3, 6)))
    events = game.apply(lead((0, 5)))
    assert [(e["event"], e.get("points")) for e in events] == [("play", 1)]
    assert game.current == 2  # the scoring lead earns an extra turn
    record = game.record()
    assert record["hands"][0]["opener"] == 0
    assert record["hands"][0]["moves"] == [{"seat": 0, "pass": True}, {"seat": 1, "pass": True},
                                           {"seat": 2, "play": "[0|5]"}]
    assert engine.Game.from_json(game.to_json()).to_json() == game.to_json()


def test_seven_toed_pete_rotation_counts_from_the_seat_offered_the_lead() -> None:
    engine = family("seven_toed_pete")
    game = engine.Game(4, deal=False)
    game.start_hand(opener=0, hands=stp_deal())
    while not game.hand_over:
        game.apply(sorted(game.legal_moves())[0])
    assert not game.over
    # Seat 2 led, but seat 0 was offered the lead: the next hand is offered to seat 1.
    with pytest.raises(engine.IllegalMove, match=r"the opener is seat 1 \(next seat clockwise\), not seat 3"):
        game.start_hand(opener=3, hands=stp_deal())
    game.start_hand(opener=1, hands=stp_deal())
    assert game.opener == 1


# --- Merry-Go-Round: draw for a double --------------------------------------------------------------


def test_merry_go_round_the_leader_draws_until_a_double_comes_and_keeps_the_rest() -> None:
    engine = house("double_drawn_for")
    first, second = tiles("01 02 03 04 05 06 12"), tiles("00 11 13 14 15 16 23")
    pile = tiles("24 25 33") + [t for t in rest(engine, first, second) if t not in tiles("24 25 33")]
    game = engine.Game(2, deal=False)
    game.start_hand(opener=0, hands=[first, second], pile=pile)
    with pytest.raises(engine.IllegalMove, match=r"^seat 0 holds no tile it may lead \(a double\): it must draw$"):
        game.apply(lead((0, 1)))
    for _ in range(3):
        assert game.legal_moves() == (("draw",),)
        game.apply(("draw",))
    assert game.legal_moves() == (lead((3, 3)),)
    assert sorted(game.hands[0]) == sorted(first + tiles("24 25 33"))
    game.apply(lead((3, 3)))
    assert game.record()["hands"][0]["moves"] == [{"seat": 0, "draw": True}] * 3 + [{"seat": 0, "play": "[3|3]"}]


def test_merry_go_round_with_no_double_to_draw_the_leader_passes_and_the_next_seat_leads() -> None:
    # Seat 0 and the boneyard hold the 21 non-doubles, seat 1 the 7 doubles: 14 draws, then a pass.
    engine = house("double_drawn_for")
    first = tiles("01 02 03 04 05 06 12")
    second = [(n, n) for n in range(7)]
    game = engine.Game(2, deal=False)
    game.start_hand(opener=0, hands=[first, second])
    for _ in range(14):
        game.apply(("draw",))
    assert (game.pile, game.legal_moves()) == ([], (("pass",),))
    game.apply(("pass",))
    assert (game.current, len(game.legal_moves())) == (1, 7)


def test_a_deal_that_leaves_nobody_a_double_to_lead_is_blocked_at_once_and_reckoned() -> None:
    # The lead is passed, never drawn for: with every double in the boneyard nobody can ever lead.
    engine = house("double_passes_beside_a_pile")
    first, second = tiles("01 02 03 04 05 06 12"), tiles("13 14 15 16 23 24 25")
    game = engine.Game(2, deal=False)
    game.start_hand(opener=0, hands=[first, second])
    assert game.hand_over and game.legal_moves() == ()
    end = [e for e in game.events if e["event"] == "hand_end"]
    # 1+2+3+4+5+6+3 = 24 pips against 4+5+6+7+5+6+7 = 40: seat 0 wins the blocked hand and takes
    # round5(40) / 5 = 8 (Horse Race's award).
    assert [(e["blocked"], e["winners"], e["remaining_pips"], e["awards"]) for e in end] == [
        (True, [0], [24, 40], [8, 0])]
    assert game.record()["hands"][0]["moves"] == []


# --- many games of the family's specs that use these leads ------------------------------------------

LEAD_SPECS = [path for path in FAMILY if path.stem.startswith(("muggins", "seven_toed_pete"))]


def tables_of(engine: types.ModuleType) -> list[tuple[int, bool]]:
    found = []
    for players in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
        settings = [False]
        if players == 4 and engine.PARTNERSHIPS == "fixed":
            settings = [True]
        elif players == 4 and engine.PARTNERSHIPS == "optional":
            settings = [False, True]
        found += [(players, partnerships) for partnerships in settings]
    return found


@pytest.mark.parametrize("path", LEAD_SPECS, ids=[path.stem for path in LEAD_SPECS])
def test_random_games_keep_the_tiles_play_only_legal_moves_and_end(path: Any) -> None:
    engine = engine_for(Case(path))[1]
    for players, partnerships in tables_of(engine):
        for seed in range(2400 // len(tables_of(engine))):
            chooser = random.Random(seed)
            game = engine.Game(players, partnerships, seed=seed)
            for _ in range(100):  # hands
                moves = 0
                while not game.hand_over:
                    legal = game.legal_moves()
                    assert legal
                    game.apply(chooser.choice(legal))
                    moves += 1
                    assert moves <= 2 * len(engine.TILES) + 10
                held = [t for hand in game.hands for t in hand] + game.pile + game.layout.tiles
                assert sorted(held) == sorted(engine.TILES)
                if game.over:
                    break
                game.start_hand()
            assert game.over and game.winners
