"""Turns of the wider family (../shared/FAMILY.md): optional extra plays (Fours, Tiddle-a-Wink),
drawing while able to play (Matador) and announced scores (Muggins), played through the engines with
hands dealt by hand, and recorded hands replayed. The expected moves and scores are worked out from
FAMILY.md's rules, not from an engine."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.play.replay import replay
from engine_cases import HOUSE_CASES, SHIPPED_CASES, Case, engine_for
from reference_model import Game
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


# --- announced scores (FAMILY.md Muggins, "Announced scores"), on All Fives counted in raw points, as Foster ---------

ANNOUNCED = "announced"
# Seat 0 leads [5|5] (Foster: it scores 10); seat 1 can answer with [0|5] on it (10 again).
TWO_HANDS = (("[5|5]", "[0|0]", "[1|1]", "[2|2]", "[3|3]", "[4|4]", "[6|6]", "[1|2]", "[1|3]"),
             ("[0|5]", "[1|4]", "[2|4]", "[3|4]", "[0|1]", "[0|2]", "[0|3]", "[0|4]", "[0|6]"))


def announced_game(scores: list[int], *hands: tuple[str, ...]) -> tuple[Any, Any]:
    _, engine = engine_for(house_case(ANNOUNCED))
    game = engine.Game(len(hands), partnerships=len(hands) == 4, scores=scores, deal=False)
    game.start_hand(opener=0, hands=[tiles(engine, *hand) for hand in hands])
    return engine, game


def test_a_claim_equal_to_the_true_points_scores_them() -> None:
    _, game = announced_game([0, 0], *TWO_HANDS)
    events = game.apply(("play", (5, 5), None, None), claim=10)
    assert (events[0]["points"], events[0]["claim"], game.scores) == (10, 10, [10, 0])
    assert not any(move[0] == "muggins" for move in game.legal_moves())


def test_a_wrong_claim_is_a_penalty_for_the_next_opponent_and_leaves_the_points_to_a_muggins_call() -> None:
    _, game = announced_game([0, 0], *TWO_HANDS)
    events = game.apply(("play", (5, 5), None, None), claim=15)
    # The mover scores nothing; seat 1 scores the 15 claimed as a penalty; the true 10 wait for a call.
    assert [e["event"] for e in events] == ["play", "penalty"]
    assert (events[1]["seat"], events[1]["points"], game.scores) == (1, 15, [0, 15])
    assert ("muggins", 1) in game.legal_moves() and ("muggins", 0) not in game.legal_moves()
    events = game.apply(("muggins", 1))
    assert events == [{"event": "muggins", "seat": 1, "points": 10, "scores": [0, 25], "pegs": [(0, 0), (15, 25)]}]
    assert game.current == 1 and not any(move[0] == "muggins" for move in game.legal_moves())


def test_points_nobody_calls_muggins_on_are_lost() -> None:
    _, game = announced_game([0, 0], *TWO_HANDS)
    game.apply(("play", (5, 5), None, None))  # no claim: a claim of 0, and no penalty
    assert game.scores == [0, 0] and ("muggins", 1) in game.legal_moves()
    game.apply(("play", (0, 5), (5, 5), "lineA"), claim=10)  # seat 1 moves on instead: the 10 are gone
    assert game.scores == [0, 10]
    assert not any(move[0] == "muggins" for move in game.legal_moves())


def test_a_penalty_can_reach_the_target() -> None:
    _, game = announced_game([0, 55], *TWO_HANDS)
    game.apply(("play", (5, 5), None, None), claim=7)
    assert game.over and game.winners == [1] and game.scores == [0, 62]


def test_a_muggins_call_can_reach_the_target() -> None:
    _, game = announced_game([58, 55], *TWO_HANDS)
    game.apply(("play", (5, 5), None, None), claim=5)  # the wrong claim's 5 take seat 1 to 60, short of 61
    assert game.scores == [58, 60] and not game.over
    game.apply(("muggins", 1))
    assert game.over and game.winners == [1] and game.scores == [58, 70]


def test_with_partnerships_only_the_opponents_may_call_and_the_next_seat_takes_the_penalty() -> None:
    engine, game = announced_game([0, 0], ("[5|5]", "[0|0]", "[1|1]", "[2|2]", "[3|3]"),
                                  ("[0|5]", "[1|4]", "[2|4]", "[3|4]", "[0|1]"),
                                  ("[0|2]", "[0|3]", "[0|4]", "[0|6]", "[1|2]"),
                                  ("[1|3]", "[4|4]", "[6|6]", "[1|5]", "[2|5]"))
    game.apply(("play", (5, 5), None, None), claim=20)
    assert game.scores == [0, 20]  # seat 1's side: the penalty
    assert sorted(m for m in game.legal_moves() if m[0] == "muggins") == [("muggins", 1), ("muggins", 3)]
    for wrong in (("muggins", 2), ("muggins", 0)):
        try:
            game.apply(wrong)
        except engine.IllegalMove as err:
            assert "may not call muggins now" in str(err)
        else:
            raise AssertionError(f"{wrong} was accepted")
    game.apply(("muggins", 3))
    assert game.scores == [0, 30]


def test_a_claim_must_be_a_whole_number_on_a_placement_where_scores_are_announced() -> None:
    engine, game = announced_game([0, 0], *TWO_HANDS)
    before = game.to_json()
    for claim, message in ((-1, "a claim is a whole number of points, 0 or more, not -1"),
                           ("10", "a claim is a whole number of points, 0 or more, not '10'"),
                           (True, "a claim is a whole number of points, 0 or more, not True")):
        try:
            game.apply(("play", (5, 5), None, None), claim=claim)
        except engine.IllegalMove as err:
            assert str(err) == message
        else:
            raise AssertionError(f"the claim {claim!r} was accepted")
    assert game.to_json() == before
    fours, plain = fours_game(*DECLINED)
    try:
        plain.apply(("play", (6, 6), None, None), claim=0)
    except fours.IllegalMove as err:
        assert str(err) == "Fours credits placement points at once: a placement carries no claim"
    else:
        raise AssertionError("a claim was accepted where scores are credited at once")


def test_claims_and_calls_survive_record_replay_and_saves() -> None:
    engine, game = announced_game([0, 0], *TWO_HANDS)
    game.apply(("play", (5, 5), None, None), claim=15)
    game.apply(("muggins", 1))
    game.apply(("play", (0, 5), (5, 5), "lineA"), claim=10)
    record = game.record()
    assert record["hands"][0]["moves"] == [
        {"seat": 0, "play": "[5|5]", "claim": 15}, {"seat": 1, "muggins": True},
        {"seat": 1, "play": "[0|5]", "on": "[5|5]", "port": "lineA", "claim": 10}]
    result = replay(engine, record)
    assert result.error is None and result.events == game.events and result.scores == [0, 35]
    restored = engine.Game.from_json(game.to_json())
    assert restored.events == game.events and restored.scores == game.scores


def test_the_bots_claim_the_true_points() -> None:
    _, engine = engine_for(house_case(ANNOUNCED))
    game = engine.Game(2, seed=5)
    engine.play_game(game, [engine.GreedyBot(), engine.GreedyBot()])
    plays = [e for e in game.events if e["event"] == "play"]
    assert plays and all(e["claim"] == e["points"] for e in plays)
    assert not any(e["event"] in ("penalty", "muggins") for e in game.events)


ANNOUNCED_RECORDS = ROOT / "tests" / "replays" / "announced"


def replayed(name: str, edit: Any = None) -> Any:
    """A record of tests/replays/announced/ replayed by the engine; the reference model plays the same moves."""
    variant, engine = engine_for(house_case(ANNOUNCED))
    record = json.loads((ANNOUNCED_RECORDS / f"all_fives_announced_{name}.json").read_text())
    if edit is not None:
        edit(record)
        return replay(engine, record)
    model = Game(variant, record["players"], record["partnerships"], record["scores"])
    for hand in record["hands"]:
        model.start_hand([tiles(engine, *seat) for seat in hand["deal"]], tiles(engine, *hand["boneyard"]),
                         hand["opener"])
        for move in hand["moves"]:
            if "muggins" in move:
                model.apply(("muggins", move["seat"]))
            else:
                on = engine.parse_tile(move["on"]) if "on" in move else None
                model.apply(("play", engine.parse_tile(move["play"]), on, move.get("port")), move.get("claim", 0))
    result = replay(engine, record)
    assert result.error is None and result.events == model.events
    return result


def test_recorded_wrong_claim_penalty_then_muggins_then_a_correct_claim() -> None:
    # Seat 0 claims 15 for [5|5] (10): seat 1 scores 15; seat 1 calls muggins: 10 more; seat 1's [0|5]
    # on the spinner makes 10 + 0, claimed exactly: 15 + 10 + 10 = 35.
    result = replayed("penalty_and_muggins")
    assert [e["event"] for e in result.events if e["event"] in ("play", "penalty", "muggins")] == [
        "play", "penalty", "muggins", "play"]
    assert result.scores == [0, 35]


def test_recorded_points_left_unclaimed_and_uncalled_are_lost() -> None:
    assert replayed("no_call").scores == [0, 10]


def test_recorded_penalty_and_muggins_reach_the_target() -> None:
    penalty = replayed("penalty_wins")  # 55 + the 7 wrongly claimed = 62
    assert (penalty.scores, penalty.winners) == ([0, 62], [1])
    muggins = replayed("muggins_wins")  # 55 + 5 (penalty) = 60, then + 10 (muggins) = 70
    assert (muggins.scores, muggins.winners) == ([58, 70], [1])


def test_a_wrong_record_of_claims_and_calls_names_the_move() -> None:
    def mover_calls(record: Any) -> None:
        record["hands"][0]["moves"][1]["seat"] = 0

    def claim_on_a_call(record: Any) -> None:
        record["hands"][0]["moves"][1]["claim"] = 3

    def negative_claim(record: Any) -> None:
        record["hands"][0]["moves"][0]["claim"] = -5

    def late_call(record: Any) -> None:
        record["hands"][0]["moves"].append({"seat": 0, "muggins": True})

    assert replayed("penalty_and_muggins", mover_calls).error == (
        "hand 1, move 2: seat 0 may not call muggins now: only an opponent of the mover, right after a placement "
        "whose points were not claimed exactly, where scores are announced")
    assert replayed("penalty_and_muggins", claim_on_a_call).error == (
        "hand 1, move 2: only a placement carries a 'claim'")
    assert replayed("penalty_and_muggins", negative_claim).error == (
        "hand 1, move 1: 'claim' must be a whole number of points, 0 or more")
    assert replayed("penalty_and_muggins", late_call).error.startswith("hand 1, move 4: seat 0 may not call muggins")


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 50), moves_in=st.integers(0, 30), pick=st.integers(0, 100),
       claim=st.one_of(st.none(), st.integers(-5, 40), st.floats(allow_nan=True), st.text(max_size=3),
                       st.booleans(), st.lists(st.integers(), max_size=2)))
def test_any_claim_is_played_or_refused_with_illegal_move_leaving_the_state(
        seed: int, moves_in: int, pick: int, claim: object) -> None:
    _, engine = engine_for(house_case(ANNOUNCED))
    game = engine.Game(2, seed=seed)
    bot = engine.RandomBot(seed)
    for _ in range(moves_in):
        if game.over:
            return
        if game.hand_over:
            game.start_hand()
        game.play(bot.choose(game))
    if game.hand_over:
        return
    legal = game.legal_moves()
    before = game.to_json()
    try:
        game.apply(legal[pick % len(legal)], claim=claim)
    except engine.IllegalMove as err:
        assert str(err) and game.to_json() == before
    else:
        assert claim is None or (type(claim) is int and claim >= 0)


def _record_work(hands: int) -> int:
    """The Python lines a pool game's record() runs after so many hands of random play (pool play has no
    target, so the game goes on)."""
    from support import FAMILY, lines_run
    (pool,) = [case for case in SHIPPED_CASES if case.path in FAMILY and case.path.stem == "domino_pool"]
    _, engine = engine_for(pool)
    game = engine.Game(4, seed=3)
    for _ in range(hands):
        if game.hand_over:
            game.start_hand()
        engine.play_hand(game, [engine.RandomBot(seed) for seed in range(4)])
    return lines_run(game.record)[0]


def test_a_record_costs_in_proportion_to_its_hands() -> None:
    """Measured in lines run, not time: ten times the hands, about ten times the work (10.2x; a record that
    cut the deals afresh for each hand, as the square of the hands, did 15.4x)."""
    small, large = _record_work(10), _record_work(100)
    assert large < 12 * small, (small, large)
