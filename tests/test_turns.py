"""Turns of the wider family (../shared/FAMILY.md): optional extra plays (Fours, Tiddle-a-Wink) and
drawing while able to play (Matador), played through the engines with hands dealt by hand. The
expected moves and scores are worked out from FAMILY.md's rules, not from an engine."""

from __future__ import annotations

from typing import Any

from engine_cases import HOUSE_CASES, Case, engine_for
from support import ROOT

FOURS = Case(ROOT / "examples" / "family" / "fours.rules")


def house_case(name: str) -> Case:
    return next(case for case in HOUSE_CASES if case.name == name)


def tiles(engine: Any, *texts: str) -> list[tuple[int, int]]:
    return [engine.parse_tile(text) for text in texts]


def fours_game(*hands: tuple[str, ...]) -> tuple[Any, Any]:
    _, engine = engine_for(FOURS)
    game = engine.Game(4, deal=False)
    game.start_hand(opener=0, hands=[tiles(engine, *hand) for hand in hands], pile=[])
    return engine, game


# Seat 0 can lead [6|6], follow with [5|6] and then [0|5]; seats 1 and 2 hold tiles for the 6 and the 4.
DECLINED = (("[6|6]", "[5|6]", "[0|0]", "[0|1]", "[0|2]", "[0|3]", "[0|5]"),
            ("[4|6]", "[4|4]", "[1|1]", "[1|2]", "[1|3]", "[1|4]", "[1|5]"),
            ("[3|6]", "[2|6]", "[1|6]", "[0|6]", "[2|2]", "[2|3]", "[2|4]"),
            ("[0|4]", "[2|5]", "[3|3]", "[3|4]", "[3|5]", "[4|5]", "[5|5]"))


def test_fours_continues_after_every_placement_until_the_player_passes() -> None:
    engine, game = fours_game(*DECLINED)
    six_six, five_six, zero_five = tiles(engine, "[6|6]", "[5|6]", "[0|5]")
    game.apply(("play", six_six, None, None))
    # After the lead the same seat may place another tile: [5|6] is its only one on a 6, or pass.
    assert game.current == 0
    assert sorted(game.legal_moves()) == [("pass",), ("play", five_six, six_six, "lineA"),
                                          ("play", five_six, six_six, "lineB")]
    game.apply(("play", five_six, six_six, "lineA"))
    assert game.current == 0
    assert sorted(game.legal_moves()) == [("pass",), ("play", zero_five, five_six, "low")]
    events = game.apply(("pass",))
    assert events == [{"event": "pass", "seat": 0}]
    # Declining ends the turn: seat 1 moves, [0|5] stays in seat 0's hand.
    assert game.current == 1 and zero_five in game.hands[0]
    assert ("pass",) not in game.legal_moves()  # a fresh turn: a seat that can place must place


def test_fours_continuation_without_a_legal_tile_is_a_pass() -> None:
    """FAMILY.md: the pass is written when the seat is offered a further placement and has no legal tile."""
    engine, game = fours_game(("[6|6]", "[0|0]", "[0|1]", "[0|2]", "[0|3]", "[0|4]", "[0|5]"),
                              ("[4|6]", "[4|4]", "[1|1]", "[1|2]", "[1|3]", "[1|4]", "[1|5]"),
                              ("[3|6]", "[2|6]", "[1|6]", "[0|6]", "[2|2]", "[2|3]", "[2|4]"),
                              ("[5|6]", "[2|5]", "[3|3]", "[3|4]", "[3|5]", "[4|5]", "[5|5]"))
    game.apply(("play", (6, 6), None, None))
    assert (game.current, game.legal_moves(), game.hand_over) == (0, (("pass",),), False)
    game.apply(("pass",))
    assert game.current == 1


def test_fours_going_out_comes_before_the_continuation() -> None:
    """Seat 0 plays its seven tiles in one turn; the last ends the hand at once: no pass, no extra play.
    Going out scores the opponents' pips: 168 in the set less seat 0's 48 is 120, past the target 100."""
    _, game = fours_game(("[6|6]", "[5|6]", "[4|5]", "[3|4]", "[2|3]", "[1|2]", "[0|1]"),
                         ("[0|0]", "[1|1]", "[2|2]", "[3|3]", "[4|4]", "[5|5]", "[0|2]"),
                         ("[0|3]", "[0|4]", "[0|5]", "[0|6]", "[1|3]", "[1|4]", "[1|5]"),
                         ("[1|6]", "[2|4]", "[2|5]", "[2|6]", "[3|5]", "[3|6]", "[4|6]"))
    game.apply(("play", (6, 6), None, None))
    chain = [((5, 6), (6, 6), "lineA"), ((4, 5), (5, 6), "low"), ((3, 4), (4, 5), "low"),
             ((2, 3), (3, 4), "low"), ((1, 2), (2, 3), "low"), ((0, 1), (1, 2), "low")]
    for tile, on, port in chain:
        assert game.current == 0
        game.apply(("play", tile, on, port))
    assert game.hand_over and game.over and game.winners == [0]
    assert game.scores == [120, 0, 0, 0]
    assert [e["event"] for e in game.events][-4:] == ["out", "hand_end", "award", "win"]


def test_tiddle_a_wink_extra_play_after_a_double_the_lead_included() -> None:
    """After a double (the lead too) the player may place one more tile; a double again offers another."""
    _, engine = engine_for(house_case("optional_extra_after_double"))
    game = engine.Game(2, deal=False)
    game.start_hand(opener=0, hands=[tiles(engine, "[6|6]", "[6|5]", "[5|5]", "[5|4]", "[0|0]", "[0|1]", "[1|1]"),
                                     tiles(engine, "[6|4]", "[4|4]", "[3|3]", "[2|2]", "[0|2]", "[1|2]", "[2|3]")])
    game.apply(("play", (6, 6), None, None))
    assert game.current == 0 and ("pass",) in game.legal_moves()
    game.apply(("play", (5, 6), (6, 6), "lineA"))  # not a double: the extra play is used up
    assert game.current == 1 and ("pass",) not in game.legal_moves()
    game.apply(("play", (4, 6), (6, 6), "lineB"))
    game.apply(("play", (5, 5), (5, 6), "low"))  # seat 0's double earns the option again
    assert game.current == 0 and ("pass",) in game.legal_moves()
    game.apply(("pass",))
    assert game.current == 1


def test_matador_may_draw_while_able_and_then_place_or_draw_again() -> None:
    _, engine = engine_for(house_case("may_draw_reserve_draw_limit"))  # reserve 2, at most 3 draws a turn
    game = engine.Game(2, deal=False)
    hands = [tiles(engine, "[6|6]", "[0|1]", "[0|2]", "[0|3]", "[0|4]", "[0|5]", "[0|6]"),
             tiles(engine, "[1|6]", "[1|1]", "[1|2]", "[1|3]", "[1|4]", "[1|5]", "[2|2]")]
    pile = tiles(engine, "[2|3]", "[2|4]", "[2|5]", "[2|6]")
    pile += [t for t in engine.TILES if t not in pile and not any(t in hand for hand in hands)]
    game.start_hand(opener=0, hands=hands, pile=pile)
    game.apply(("play", (0, 6), None, None))  # not a double: no extra turn in this house variant
    assert game.current == 1
    # Seat 1 can place [1|6], and may draw instead.
    assert ("draw",) in game.legal_moves() and ("play", (1, 6), (0, 6), "high") in game.legal_moves()
    game.apply(("draw",))
    assert game.current == 1 and game.hands[1][-1] == (2, 3)  # the drawn tile joins the hand: nothing forced
    assert ("play", (1, 6), (0, 6), "high") in game.legal_moves() and ("draw",) in game.legal_moves()
    game.apply(("draw",))
    game.apply(("draw",))
    # The draw limit of 3 stops a fourth draw; the seat must now place.
    assert ("draw",) not in game.legal_moves() and ("pass",) not in game.legal_moves()
    game.apply(("play", (1, 6), (0, 6), "high"))
    # A new turn: seat 0 can place [0|1] on the blank, and may draw again.
    assert game.current == 0 and ("draw",) in game.legal_moves()
    game.apply(("draw",))
    assert game.current == 0 and game.hands[0][-1] == (2, 6)


def test_drawing_while_able_stops_at_the_reserve() -> None:
    _, engine = engine_for(house_case("may_draw_reserve_draw_limit"))
    game = engine.Game(2, seed=3)
    while len(game.pile) > 2 and not game.hand_over:
        moves = game.legal_moves()
        game.apply(("draw",) if ("draw",) in moves else moves[0])
    if not game.hand_over:
        assert len(game.pile) == 2 and ("draw",) not in game.legal_moves()


def test_thousands_of_random_fours_games_keep_the_tiles_play_legally_and_end() -> None:
    _, engine = engine_for(FOURS)
    whole_set = sorted(engine.TILES)
    for seed in range(2000):
        game = engine.Game(4, seed=seed)
        bot = engine.RandomBot(seed)
        hands = moves = 0
        while not game.over:
            if game.hand_over:
                game.start_hand()
            hands += 1
            assert hands <= 100, f"seed {seed}: the game does not end"
            while not game.hand_over:
                legal = game.legal_moves()
                move = bot.choose(game)
                assert move in legal
                game.play(move)  # a legal move is never refused
                moves += 1
                assert moves <= 200 * hands, f"seed {seed}: the hand does not end"
                held = [t for hand in game.hands for t in hand] + list(game.pile) + list(game.layout.tiles)
                assert sorted(held) == whole_set, f"seed {seed}: tiles lost or doubled"
        assert game.winners and max(game.scores) >= 100
