"""The partnership block games of ../shared/FAMILY2.md written so far (Venezuelan, Kozel), and what they brought to
every engine: the game's first hand led by the holder of a named tile (`first hand lead`), later hands by their own
rule (after a fish, the blocker), a record of a game's later hands (`"first_hand"`), whose first opener has no hand
to look back on, penalty points recorded by the side that loses a hand, and the points of a tied fish carried to the
next decided hand (Kozel's eggs). The hands are dealt here and the numbers worked out by hand from the digest's
text; the records of tests/replays/ go through the replay of every target."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from test_family_specs import REPLAYS, dealing, family, lead, of_kind, tiles

from dominospec.native import IllegalMove as NativeIllegalMove
from dominospec.native import load as load_native
from support import ROOT

VENEZUELAN = "venezuelan"
KOZEL = "kozel"
# A deal of the whole set, 7 each: seat 1 holds [6|6].
DEAL = [tiles("00 01 02 03 04 05 15"), tiles("66 56 46 36 26 16 06"),
        tiles("55 45 35 25 44 34 24"), tiles("14 13 12 11 33 23 22")]
FIRST_HAND = r"first_hand, the number of the game's hand it starts at, is a whole number from 1 to 1,000,000"


def dealt() -> list[list[tuple[int, int]]]:
    return [list(hand) for hand in DEAL]


def test_the_first_hand_is_led_by_the_holder_of_6_6_with_it() -> None:
    engine = family(VENEZUELAN)
    game = engine.Game(4, seed=1, deal=False)
    game.start_hand(hands=dealt(), pile=[])
    assert (game.opener, game.current) == (1, 1)
    assert list(game.legal_moves()) == [lead((6, 6))]
    refused = engine.Game(4, seed=1, deal=False)
    with pytest.raises(engine.IllegalMove, match=r"the opener is seat 1 \(the holder of \[6\|6\] leads it\)"):
        refused.start_hand(opener=0, hands=dealt(), pile=[])


def test_later_hands_rotate_from_the_last_opener_and_lead_any_tile() -> None:
    engine = family(VENEZUELAN)
    bots = [engine.RandomBot(seat) for seat in range(4)]
    game = engine.Game(4, seed=7, deal=False)
    game.start_hand(hands=dealt(), pile=[])
    engine.play_hand(game, bots)
    assert not game.over  # the premise: this hand does not end the game
    refused = engine.Game.from_json(game.to_json())
    with pytest.raises(engine.IllegalMove, match=r"the opener is seat 2 \(next seat clockwise\), not seat 1"):
        refused.start_hand(opener=1, hands=dealt(), pile=[])
    game.start_hand(hands=dealt(), pile=[])
    assert game.opener == 2  # the seat after the first hand's opener, seat 1
    assert sorted(game.legal_moves()) == sorted(lead(tile) for tile in DEAL[2])


def test_a_record_of_later_hands_takes_any_opener_and_any_lead_and_writes_first_hand() -> None:
    engine = family(VENEZUELAN)
    game = engine.Game(4, seed=3, deal=False, first_hand=5)
    game.start_hand(opener=2, hands=dealt(), pile=[])  # seat 2 does not hold [6|6]: hand 5 is no first hand
    assert game.hand_number == 5
    assert of_kind(game.events, "hand") == [{"event": "hand", "hand": 5, "opener": 2}]
    assert sorted(game.legal_moves()) == sorted(lead(tile) for tile in DEAL[2])
    game.apply(lead((2, 4)))
    record = game.record()
    assert record["first_hand"] == 5
    assert engine.Game.from_json(game.to_json()).record() == record
    assert "first_hand" not in engine.Game(4, seed=3).record()


@pytest.mark.parametrize("first_hand", [0, -1, 1_000_001, True, 2.0, "1"])
def test_a_first_hand_out_of_range_is_refused_by_the_python_and_native_engines(first_hand: Any) -> None:
    engine = family(VENEZUELAN)
    with pytest.raises(engine.IllegalMove, match=FIRST_HAND):
        engine.Game(4, first_hand=first_hand)
    native = load_native(f"examples/family/{VENEZUELAN}.rules")
    with pytest.raises(NativeIllegalMove, match=FIRST_HAND):
        native.Game(4, first_hand=first_hand)


def test_the_lighter_side_of_a_block_and_the_side_that_goes_out_score_all_four_hands() -> None:
    engine = family(VENEZUELAN)
    sides = (0, 1, 0, 1)
    # Blocked: side 0 holds 10 + 5 = 15, side 1 holds 12 + 4 = 16: side 0 scores 15 + 16 = 31.
    assert engine.reckon_hand(sides, [10, 12, 5, 4], None) == ([0], [31, 0])
    # Equal: no winner, nobody scores.
    assert engine.reckon_hand(sides, [10, 12, 6, 4], None) == ([], [0, 0])
    # Seat 0 out: its side scores every tile left, its partner's 5 too: 12 + 5 + 4 = 21.
    assert engine.reckon_hand(sides, [0, 12, 5, 4], 0) == ([0], [21, 0])


def left_in_hands(hand: dict[str, Any]) -> tuple[list[int], int | None]:
    """Each seat's pips left after a recorded hand's moves, worked out from its deal and moves alone, and the
    seat that went out (None: the hand was blocked)."""
    left = [sum(int(t[1]) + int(t[3]) for t in seat) for seat in hand["deal"]]
    held = [len(seat) for seat in hand["deal"]]
    for move in hand["moves"]:
        if "play" in move:
            left[move["seat"]] -= int(move["play"][1]) + int(move["play"][3])
            held[move["seat"]] -= 1
    return left, next((seat for seat in range(4) if held[seat] == 0), None)


def hand_points(hand: dict[str, Any]) -> list[int]:
    """A Venezuelan hand's points per side: every tile left counts; the side that went out takes them all;
    blocked, the lighter side does, nobody on equal sides."""
    left, out = left_in_hands(hand)
    sides, points = [left[0] + left[2], left[1] + left[3]], [0, 0]
    if out is not None:
        points[out % 2] = sum(left)
    elif sides[0] != sides[1]:
        points[sides.index(min(sides))] = sum(left)
    return points


def replayed(game: str, record: Path, target: str) -> dict[str, Any]:
    """`dominospec replay --json` of a record in a target: its result, which must carry no error."""
    done = subprocess.run([sys.executable, "-m", "dominospec", "replay", "--target", target,
                           f"examples/family/{game}.rules", str(record), "--json"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    assert result["error"] is None
    return result


RECORDS = sorted(REPLAYS.glob(f"{VENEZUELAN}_*.json"))


@pytest.mark.parametrize("target", ["python", "c", "js"])
@pytest.mark.parametrize("record", RECORDS, ids=[path.stem for path in RECORDS])
def test_the_records_replay_to_the_points_of_their_hands_in_every_target(record: Path, target: str) -> None:
    written = json.loads(record.read_text())
    result = replayed(VENEZUELAN, record, target)
    expected = list(written.get("scores", [0, 0]))
    for hand in written["hands"]:
        expected = [score + points for score, points in zip(expected, hand_points(hand), strict=True)]
    assert result["scores"] == expected
    first = written.get("first_hand", 1)
    if target != "c":  # the native replay gives the scores, not the events
        assert [event["hand"] for event in of_kind(result["events"], "hand")] == \
            list(range(first, first + len(written["hands"])))


HOSTILE = ROOT / "tests" / "hostile" / "records"


@pytest.mark.parametrize("name", ["first_hand_as_text", "first_hand_zero", "first_hand_of_100_digits",
                                  "match_with_first_hand"])
def test_a_first_hand_no_game_starts_at_is_refused_alike_by_every_target(name: str) -> None:
    spec = "examples/fives_and_threes_match.rules" if name.startswith("match") else "spec/fives_and_threes.rules"
    said = {subprocess.run([sys.executable, "-m", "dominospec", "replay", "--target", target, spec,
                            str(HOSTILE / f"{name}.json")], capture_output=True, text=True, cwd=ROOT,
                           timeout=300).stderr for target in ("python", "c", "js")}
    assert len(said) == 1
    assert "'first_hand'" in said.pop()


@pytest.mark.parametrize("target", ["python", "native"])
@pytest.mark.parametrize(("hands", "scores", "next_opener"), [
    # Side 0 holds 1 + 18 = 19, side 1 16 + 2 = 18: side 1 wins every hand's pips, 37, and its lighter seat, 3, leads.
    ([tiles("66 01"), tiles("45 34"), tiles("55 35"), tiles("02 00")], [0, 37], 3),
    # Side 0 holds 1 + 16 = 17, side 1 11 + 6 = 17: nobody wins, and the seat after seat 0, who led, leads.
    ([tiles("66 01"), tiles("45 02"), tiles("55 15"), tiles("33 00")], [0, 0], 1)])
def test_venezuelan_the_winner_leads_the_next_hand_and_after_a_tied_block_the_seat_after_the_opener(
        target: str, tmp_path: Path, hands: list[list[tuple[int, int]]], scores: list[int], next_opener: int) -> None:
    game = two_tile_game("venezuelan_winner_leads", "first hand lead: [6|6]", target, tmp_path, hands, 0)
    game.apply(lead((6, 6)))
    while not game.hand_over:  # nobody else holds a 6: the hand is blocked
        game.apply(("pass",))
    assert game.scores == scores
    game.start_hand()
    assert game.opener == next_opener


# --- Kozel ---------------------------------------------------------------------------------------------


def test_kozel_the_first_hand_is_led_with_1_1_by_its_holder() -> None:
    engine = family(KOZEL)
    game = engine.Game(4, seed=1, deal=False)
    game.start_hand(hands=dealt(), pile=[])  # seat 3 holds [1|1]
    assert game.opener == 3
    assert list(game.legal_moves()) == [lead((1, 1))]


def test_kozel_only_the_losing_side_records_and_a_tied_fish_records_nothing() -> None:
    engine = family(KOZEL)
    sides = (0, 1, 0, 1)
    # Seat 0 out: the other side loses and records the pips left in its own two hands, 12 + 4.
    assert engine.reckon_hand(sides, [0, 12, 5, 4], 0) == ([0], [0, 16])
    # A fish: side 0 holds 10 + 5 = 15, side 1 12 + 4 = 16: side 1 loses and records all four hands, 31.
    assert engine.reckon_hand(sides, [10, 12, 5, 4], None) == ([0], [0, 31])
    # Equal combined pips: no loser, nobody records.
    assert engine.reckon_hand(sides, [10, 12, 6, 4], None) == ([], [0, 0])


def kozel_games(count: int) -> list[Any]:
    engine = family(KOZEL)
    games = []
    for seed in range(count):
        game = engine.Game(4, seed=seed)
        engine.play_game(game, [engine.RandomBot(seat) for seat in range(4)])
        games.append(game)
    return games


def test_kozel_eggs_are_every_hand_of_a_tied_fish_and_the_next_loser_records_them_with_its_own() -> None:
    carried = 0
    for game in kozel_games(300):
        eggs, hand_end = 0, None
        for event in game.events:
            if event["event"] == "hand_end":
                hand_end = event
            elif event["event"] == "eggs":  # right after a tied fish's hand end: every pip left is carried
                assert hand_end is not None and not hand_end["winners"]
                eggs += sum(hand_end["remaining_pips"])
                assert (event["points"], event["eggs"]) == (sum(hand_end["remaining_pips"]), eggs)
                carried += 1
            elif event["event"] == "award":  # the next decided hand: its loser records its own points and the eggs
                assert hand_end is not None
                loser = 1 - hand_end["winners"][0]
                assert event["points"][loser] == hand_end["awards"][loser] + eggs
                assert event["points"][1 - loser] == 0
                eggs = 0
    assert carried > 0


def test_kozel_the_side_that_reaches_101_is_the_goat_and_the_other_side_wins() -> None:
    for game in kozel_games(100):
        goat = [side for side in (0, 1) if game.scores[side] >= 101]
        assert len(goat) == 1
        assert game.winners == [1 - goat[0]]


def test_kozel_after_a_fish_the_blocker_leads_and_after_going_out_the_seat_that_went_out() -> None:
    checked = set()
    for game in kozel_games(40):
        last_tile, blocked = -1, False
        for event in game.events:
            if event["event"] == "play":
                last_tile = event["seat"]
            elif event["event"] == "hand_end":
                blocked = event["blocked"]
            elif event["event"] == "hand" and event["hand"] > 1:
                assert event["opener"] == last_tile  # the blocker, or the seat that went out
                checked.add(blocked)
    assert checked == {True, False}


def kozel_points(record: dict[str, Any]) -> list[int]:
    """A Kozel record's penalty scores, worked out from its deals and moves alone: going out, the other side
    records its own pips; a fish, the heavier side records every hand's pips, and an equal fish is carried."""
    scores, eggs = list(record.get("scores", [0, 0])), 0
    for hand in record["hands"]:
        left, out = left_in_hands(hand)
        sides = [left[0] + left[2], left[1] + left[3]]
        if out is not None:
            loser, points = 1 - out % 2, sides[1 - out % 2]
        elif sides[0] != sides[1]:
            loser, points = sides.index(max(sides)), sum(left)
        else:
            eggs += sum(left)
            continue
        scores[loser] += points + eggs
        eggs = 0
    return scores


KOZEL_RECORDS = sorted(REPLAYS.glob(f"{KOZEL}_*.json"))


@pytest.mark.parametrize("target", ["python", "c", "js"])
@pytest.mark.parametrize("record", KOZEL_RECORDS, ids=[path.stem for path in KOZEL_RECORDS])
def test_kozel_records_replay_to_their_penalty_points_in_every_target(record: Path, target: str) -> None:
    assert replayed(KOZEL, record, target)["scores"] == kozel_points(json.loads(record.read_text()))


KOZEL_LONE = "kozel_lone_0_0_and_6_6"


def two_tile_game(game: str, lead_line: str, target: str, tmp_path: Path, hands: list[list[tuple[int, int]]],
                  opener: int, first_hand: int = 1) -> Any:
    """The game with two tiles dealt each (the others out of play, a deal without the lead tile void), in the
    Python or the native engine, dealt these hands for its hand first_hand."""
    old, new = "deal: 4 players get 7 tiles", "deal: 4 players get 2 tiles"
    if target == "python":
        engine: Any = two_tile_deal(game, lead_line)
    else:
        text = (ROOT / "examples" / "family" / f"{game}.rules").read_text(encoding="utf-8")
        spec = tmp_path / f"{game}_two_tiles.rules"
        spec.write_text(text.replace(old, new).replace(f"{lead_line}\n", f"{lead_line}\nif nobody holds it: the deal "
                                                                         "is void\n"), encoding="utf-8")
        engine = load_native(spec)
    played = engine.Game(4, seed=2, deal=False, first_hand=first_hand)
    held = {t for hand in hands for t in hand}
    played.start_hand(opener=opener, hands=hands,
                     pile=[(a, b) for a in range(7) for b in range(a, 7) if (a, b) not in held])
    return played


def kozel_lone_hand(target: str, tmp_path: Path, hands: list[list[tuple[int, int]]]) -> Any:
    """Kozel with lone [0|0] 25 and lone [6|6] 50, two tiles each: the first hand, which seat 3 leads with [1|1]."""
    return two_tile_game(KOZEL_LONE, "first hand lead: [1|1]", target, tmp_path, hands, 3)


@pytest.mark.parametrize("target", ["python", "native"])
def test_kozel_a_lone_6_6_left_counts_50_in_the_losers_record(target: str, tmp_path: Path) -> None:
    game = kozel_lone_hand(target, tmp_path, [tiles("12 66"), tiles("13 00"), tiles("24 35"), tiles("11 45")])
    for move in [lead((1, 1)), ("play", (1, 2), (1, 1), "lineA"), ("play", (1, 3), (1, 1), "lineB"),
                 ("play", (3, 5), (1, 3), "high"), ("play", (4, 5), (3, 5), "high")]:
        game.apply(move)
    # Seat 3 went out: side 0 loses and records its own hands, the lone [6|6] 50 (not 12) and [2|4] 6.
    assert game.hand_over and game.scores == [56, 0]


@pytest.mark.parametrize("target", ["python", "native"])
def test_kozel_a_lone_0_0_counts_25_in_a_fishs_comparison_and_the_record(target: str, tmp_path: Path) -> None:
    game = kozel_lone_hand(target, tmp_path, [tiles("14 00"), tiles("23 55"), tiles("26 36"), tiles("11 35")])
    game.apply(lead((1, 1)))
    game.apply(("play", (1, 4), (1, 1), "lineA"))
    while not game.hand_over:  # nobody holds a 1 or a 4: the hand is a fish
        game.apply(("pass",))
    # Side 0 holds the lone [0|0], 25, and 8 + 9 = 42, more than side 1's 5 + 10 + 8 = 23 (with [0|0] counting 0
    # side 0 would hold 17, the fewer): side 0 loses and records all four hands, 25 + 17 + 15 + 8 = 65.
    assert game.scores == [65, 0]


@pytest.mark.parametrize("target", ["python", "native"])
@pytest.mark.parametrize(("hands", "scores", "eggs"), [
    # Side 0 holds 20 + 17 = 37, side 1 7 + 3 = 10: side 0 loses the fish and records its own 37, not all four's 47.
    ([tiles("55 46"), tiles("02 23"), tiles("36 44"), tiles("11 03")], [37, 0], []),
    # Side 0 holds 12 + 9 = 21, side 1 10 + 11 = 21: a tied fish, whose eggs are one side's pips, 21, not 42.
    ([tiles("55 02"), tiles("46 00"), tiles("23 04"), tiles("11 56")], [0, 0], [21])])
def test_kozel_the_loser_of_a_fish_records_its_own_pips_and_a_tied_fish_carries_one_sides(
        target: str, tmp_path: Path, hands: list[list[tuple[int, int]]], scores: list[int], eggs: list[int]) -> None:
    game = two_tile_game("kozel_fish_own_pips", "first hand lead: [1|1]", target, tmp_path, hands, 3)
    events = game.apply(lead((1, 1)))
    while not game.hand_over:  # nobody else holds a 1: a fish
        events = game.apply(("pass",))
    assert game.scores == scores
    assert [event["points"] for event in of_kind(events, "eggs")] == eggs


@pytest.mark.parametrize(("game", "remaining", "award"), [
    # Puerto Rican: partners' hands together, 10 + 6 against 12 + 4; the winner scores every hand's pips.
    ("puerto_rican_tied_block_to_the_side_that_led", [10, 12, 6, 4], 32),
    # The Cuban block: each side's lightest hand, 3 against 3; every hand's pips.
    ("venezuelan_cuban_block", [3, 5, 9, 3], 20)])
def test_a_tied_block_goes_to_the_side_that_led_the_hand(game: str, remaining: list[int], award: int) -> None:
    sides = (0, 1, 0, 1)
    engine = family(game)
    for opener in range(4):
        side = opener % 2
        assert engine.reckon_hand(sides, remaining, None, opener) == ([side], [award if s == side else 0
                                                                               for s in (0, 1)])
    with pytest.raises(engine.IllegalMove, match="takes its opener"):
        engine.reckon_hand(sides, remaining, None)
    # Going out needs no opener; the Cuban block's lightest single hand wins without a tie.
    assert engine.reckon_hand(sides, [0, 12, 6, 4], 0)[0] == [0]


@pytest.mark.parametrize("target", ["python", "native"])
def test_puerto_rican_a_block_with_equal_sides_goes_to_the_side_that_led_it(target: str, tmp_path: Path) -> None:
    hands = [tiles("66 01"), tiles("02 13"), tiles("23 14"), tiles("05 00")]
    game = two_tile_game("puerto_rican_tied_block_to_the_side_that_led", "first hand lead: [6|6]", target, tmp_path,
                         hands, 0)
    game.apply(lead((6, 6)))
    while not game.hand_over:  # nobody else holds a 6: the hand is blocked
        game.apply(("pass",))
    # Side 0 holds 1 + 10, side 1 holds 6 + 5: equal. Seat 0 led, so side 0 takes every hand's pips, 22, and the
    # first hand's bonus, 100.
    assert game.scores == [122, 0]


@pytest.mark.parametrize("target", ["python", "native"])
@pytest.mark.parametrize(("hands", "awards"), [
    # Side 0 holds 1 + 2 = 3, side 1 16 + 9 = 25: side 0 wins the block, every hand's 28, hand 1's 100, and 100 more.
    ([tiles("66 01"), tiles("45 34"), tiles("00 02"), tiles("23 13")], [228, 0]),
    # 1 + 10 against 6 + 5: a push, which wins nothing.
    ([tiles("66 01"), tiles("02 13"), tiles("23 14"), tiles("05 00")], [0, 0])])
def test_puerto_rican_winning_a_block_scores_100_more_and_a_push_nothing(
        target: str, tmp_path: Path, hands: list[list[tuple[int, int]]], awards: list[int]) -> None:
    game = two_tile_game("puerto_rican_100_for_a_won_block", "first hand lead: [6|6]", target, tmp_path, hands, 0)
    game.apply(lead((6, 6)))
    while not game.hand_over:  # nobody else holds a 6: the hand is blocked
        game.apply(("pass",))
    assert of_kind(game.events, "hand_end")[-1]["awards"] == awards and game.scores == awards


# --- Dominican -----------------------------------------------------------------------------------------

DOMINICAN = "dominican"
# Seat 0 holds every six: it leads [6|6] and nobody else can follow.
ALL_SIXES = [tiles("06 16 26 36 46 56 66"), tiles("00 01 02 03 04 05 11"),
             tiles("12 13 14 15 22 23 24"), tiles("25 33 34 35 44 45 55")]


def test_dominican_a_pase_corrido_scores_25_for_each_opponent_and_nothing_for_the_partner() -> None:
    engine = family(DOMINICAN)
    game = engine.Game(4, seed=1, deal=False)
    game.start_hand(hands=[list(hand) for hand in ALL_SIXES], pile=[])
    game.apply(lead((6, 6)))
    events = [event for _ in range(3) for event in game.apply(("pass",))]
    assert [event["event"] for event in events] == ["pass", "pass_points", "pass", "pass", "pass_points"]
    assert [event["side"] for event in of_kind(events, "pass_points")] == [0, 0]
    assert game.scores == [50, 0]  # 25 + 25: seat 2's pass is a partner's
    assert game.current == 0


@pytest.mark.parametrize("target", ["python", "native"])
def test_dominican_only_a_pase_corrido_scores_25_once_when_the_three_others_pass(target: str, tmp_path: Path) -> None:
    spec = tmp_path / "dominican_pase_corrido_only.rules"
    spec.write_text((ROOT / "examples" / "family" / spec.name).read_text(encoding="utf-8"), encoding="utf-8")
    engine: Any = family(spec.stem) if target == "python" else load_native(spec)
    game = engine.Game(4, seed=1, deal=False)
    game.start_hand(hands=[list(hand) for hand in ALL_SIXES], pile=[])
    game.apply(lead((6, 6)))
    events = [event for _ in range(3) for event in game.apply(("pass",))]
    # Seats 1 and 2 pass: nothing; seat 3's pass completes the pase corrido, 25 once for side 0.
    assert [event["event"] for event in events] == ["pass", "pass", "pass", "pass_points"]
    assert events[-1]["side"] == 0 and events[-1]["all_round"] is True and game.scores == [25, 0]
    assert game.current == 0  # seat 0 moves again


@pytest.mark.parametrize("target", ["python", "native"])
@pytest.mark.parametrize(("hands", "first_hand", "points"), [
    # Seat 0 leads and keeps a tile that follows its lead; nobody else can follow. Hand 1: it leads [6|6], a double,
    # so seat 1's pass scores 25; seat 2's, a partner's, nothing; seat 3's is an opponent's pase, 25.
    ([tiles("66 16"), tiles("23 45"), tiles("22 33"), tiles("12 02")], 1, [25, 25]),
    # Hand 2: seat 0 leads [1|2], no double: seat 1's pass scores 50, then as before.
    ([tiles("12 24"), tiles("55 56"), tiles("00 06"), tiles("66 46")], 2, [50, 25])])
def test_dominican_a_pase_de_salida_scores_25_after_a_double_lead_and_50_after_any_other(
        target: str, tmp_path: Path, hands: list[list[tuple[int, int]]], first_hand: int, points: list[int]) -> None:
    game = two_tile_game("dominican_pase_de_salida", "first hand lead: [6|6]", target, tmp_path, hands, 0,
                         first_hand=first_hand)
    game.apply(lead(hands[0][0]))
    events = [event for _ in range(3) for event in game.apply(("pass",))]
    scored = of_kind(events, "pass_points")
    assert [event["points"] for event in scored] == points and game.scores == [sum(points), 0]
    assert scored[0]["after_lead"] is True and not any("after_lead" in event for event in scored[1:])


def test_dominican_the_blocker_against_the_next_seat_fewer_pips_winning_equal_pips_the_blocker() -> None:
    engine = family(DOMINICAN)
    sides = (0, 1, 0, 1)
    # Seat 1 blocked holding 10, seat 2 holds 10 as well: the blocker's side wins and scores seats 0 and 2.
    assert engine.reckon_hand(sides, [9, 10, 10, 27], None, 1) == ([1], [0, 19])
    # Seat 2 holds 8, fewer: its side wins and scores both opposing seats, 10 + 27 (not only the seat compared).
    assert engine.reckon_hand(sides, [9, 10, 8, 27], None, 1) == ([0], [37, 0])
    # Seat 3 blocked: the next seat is seat 0, though seat 2 holds fewer still.
    assert engine.reckon_hand(sides, [12, 3, 1, 11], None, 3) == ([1], [0, 13])
    with pytest.raises(engine.IllegalMove, match="takes its blocker"):
        engine.reckon_hand(sides, [9, 10, 10, 27], None)


@pytest.mark.parametrize("target", ["python", "native"])
@pytest.mark.parametrize(("next_seat", "winning_side"), [(tiles("45 34"), 0), (tiles("00 01"), 1)])
def test_dominican_the_side_that_wins_the_blockers_comparison_chooses_either_of_its_seats_to_lead(
        target: str, tmp_path: Path, next_seat: list[tuple[int, int]], winning_side: int) -> None:
    hands = [tiles("66 23"), next_seat, tiles("55 35"), tiles("12 13")]
    game = two_tile_game("dominican_winning_side_chooses", "first hand lead: [6|6]", target, tmp_path, hands, 0)
    game.apply(lead((6, 6)))
    while not game.hand_over:  # nobody else holds a 6: seat 0 blocked the hand, and seat 1 is compared with it
        game.apply(("pass",))
    # Seat 0's 5 pips against seat 1's 16: side 0 wins; against seat 1's 1: side 1 does.
    following = [tiles("11 22"), tiles("33 44"), tiles("00 55"), tiles("06 16")]
    pile = [(a, b) for a in range(7) for b in range(a, 7) if not any((a, b) in hand for hand in following)]
    refused = NativeIllegalMove if target == "native" else sys.modules[type(game).__module__].IllegalMove
    for seat in (1 - winning_side, 3 - winning_side):  # the other side's seats may not lead
        message = ("the rules refuse this deal or its opener" if target == "native"
                   else rf"a seat of side {winning_side} \(chosen by the winning side\), not seat {seat}")
        with pytest.raises(refused, match=message):
            game.start_hand(opener=seat, hands=following, pile=pile)
    game.start_hand(opener=2 + winning_side, hands=following, pile=pile)
    assert game.opener == 2 + winning_side


DOMINICAN_BY_SIDES = "dominican_block_by_sides_totals"


def test_dominican_a_block_by_the_sides_totals_goes_to_the_lighter_side_and_a_tie_to_the_blockers() -> None:
    engine = family(DOMINICAN_BY_SIDES)
    sides = (0, 1, 0, 1)
    # Side 0 holds 10 + 5 = 15, side 1 12 + 4 = 16: side 0 wins whoever blocked, and scores side 1's 16.
    for blocker in range(4):
        assert engine.reckon_hand(sides, [10, 12, 5, 4], None, blocker) == ([0], [16, 0])
    # 10 + 6 against 12 + 4: a tie, to the blocker's side, which scores the other side's 16.
    for blocker in range(4):
        side = blocker % 2
        assert engine.reckon_hand(sides, [10, 12, 6, 4], None, blocker) == ([side], [16 if s == side else 0
                                                                                    for s in (0, 1)])
    with pytest.raises(engine.IllegalMove, match="takes its blocker"):
        engine.reckon_hand(sides, [10, 12, 6, 4], None)
    assert engine.reckon_hand(sides, [0, 12, 6, 4], 0) == ([0], [16, 0])  # going out needs no blocker


@pytest.mark.parametrize("target", ["python", "native"])
def test_dominican_a_block_with_equal_totals_goes_to_the_blockers_side_not_the_leaders(target: str,
                                                                                         tmp_path: Path) -> None:
    hands = [tiles("66 44"), tiles("56 22"), tiles("00 01"), tiles("02 12")]
    game = two_tile_game(DOMINICAN_BY_SIDES, "first hand lead: [6|6]", target, tmp_path, hands, 0)
    game.apply(lead((6, 6)))
    game.apply(("play", (5, 6), (6, 6), "lineA"))  # seat 1 places the last tile: the ends are 6 and 5
    while not game.hand_over:  # nobody holds a 5 or a 6 now
        game.apply(("pass",))
    # Side 0 holds 8 + 1 = 9, side 1 4 + 5 = 9: equal totals, and seat 1 blocked, so side 1 wins and scores side 0's
    # 9. Seat 0 led, and seat 2 holds fewer than seat 1: the side that led, or the blocker against the next seat,
    # would have given the hand to side 0.
    end = of_kind(game.events, "hand_end")[-1]
    assert (end["remaining_pips"], end["winners"], end["awards"]) == ([8, 4, 1, 5], [1], [0, 9])


def two_tile_deal(game: str, lead: str = "first hand lead: [6|6]") -> Any:
    """The game with two tiles dealt each, the others out of play: a hand short enough to work out by hand (a deal
    that leaves out the tile its lead line names is void)."""
    return dealing(game, ("deal: 4 players get 7 tiles", "deal: 4 players get 2 tiles"),
                   (lead + "\n", lead + "\nif nobody holds it: the deal is void\n"))


# The hands end with seat 0's last tile, on the ends that seats 1, 2 and 3 leave: 4 and 4, then 2 and 4 twice.
CAPICUA_CASES = {
    "double on 4 and 4": ((4, 4), tiles("24 56"), ("play", (2, 4), (1, 2), "high"), ("play", (4, 4), (2, 4), "high"),
                          25),
    "2-4 on 2 and 4": ((2, 4), tiles("44 56"), ("play", (4, 4), (1, 4), "high"), ("play", (2, 4), (1, 2), "high"), 25),
    "2-6 on 2 and 4": ((2, 6), tiles("44 56"), ("play", (4, 4), (1, 4), "high"), ("play", (2, 6), (1, 2), "high"), 0),
}


def out_of_play(engine: Any, hands: list[list[tuple[int, int]]]) -> list[tuple[int, int]]:
    return [t for t in engine.TILES if not any(t in hand for hand in hands)]


def two_tile_hand(engine: Any, first_hand: int, hands: list[list[tuple[int, int]]], opener: int | None = 0,
                  scores: list[int] | None = None) -> Any:
    """A game at its hand first_hand, dealt these two-tile hands, the other tiles out of play."""
    game = engine.Game(4, seed=2, deal=False, first_hand=first_hand, scores=scores)
    game.start_hand(opener=opener, hands=hands, pile=out_of_play(engine, hands))
    return game


def go_out_on_two_ends(engine: Any, first_hand: int, last: tuple[int, int], third: list[tuple[int, int]],
                       seat_3_move: tuple[Any, ...], out_move: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Seat 0 leads [1|1] and goes out with last, on the ends seats 1 and 2 (then 2 and 4) and 3 leave; the events of
    its last tile. Seats 1 and 3 keep [3|3] and [5|6]: 17 pips."""
    game = two_tile_hand(engine, first_hand, [[(1, 1), last], tiles("14 33"), tiles("12 35"), third])
    for move in (lead((1, 1)), ("play", (1, 4), (1, 1), "lineA"), ("play", (1, 2), (1, 1), "lineB"), seat_3_move):
        game.apply(move)  # the ends: 1 and 1, 1 and 4, 2 and 4, then seat 3's
    events: list[dict[str, Any]] = game.apply(out_move)
    return events


@pytest.mark.parametrize("case", list(CAPICUA_CASES))
def test_dominican_a_capicua_adds_25_to_the_opponents_pips_a_double_on_ends_4_and_4_too(case: str) -> None:
    events = go_out_on_two_ends(two_tile_deal(DOMINICAN), 2, *CAPICUA_CASES[case][:4])
    bonus = CAPICUA_CASES[case][4]
    assert of_kind(events, "out")[0].get("either_end", False) is (bonus > 0)
    assert of_kind(events, "hand_end")[0]["awards"] == [17 + bonus, 0]


def last_tile(hand: dict[str, Any]) -> tuple[str, list[int]]:
    """A recorded hand's last tile placed, and the values of the open ends as they stood before it (a line's
    two ends, followed from the moves alone)."""
    ends: dict[tuple[str, str], int] = {}  # the open ends: (tile, port) -> the value a tile must show there
    last, before = "", []
    for move in hand["moves"]:
        if "play" not in move:
            continue
        tile, low, high = move["play"], int(move["play"][1]), int(move["play"][3])
        before = list(ends.values())
        if "on" not in move:
            ends = {(tile, "lineA"): low, (tile, "lineB"): low} if low == high else \
                {(tile, "low"): low, (tile, "high"): high}
        else:
            value = ends.pop((move["on"], move["port"]))  # the tile joins by its half showing it
            shown, port = (high, "high") if low == value else (low, "low")
            ends[(tile, "lineB" if low == high else port)] = shown
        last = tile
    return last, before


class Worked(NamedTuple):
    """What a record's deals and moves make by a game's rules, worked out here: the scores, the seats that may open
    each hand, and each hand's number where the game may repeat one."""

    scores: list[int]
    openers: list[set[int]]
    numbers: list[int] | None = None


ANY_SEAT = {0, 1, 2, 3}


def holder_of_6_6(hand: dict[str, Any]) -> set[int]:
    return {next(seat for seat in range(4) if "[6|6]" in hand["deal"][seat])}


def dominican_points(record: dict[str, Any]) -> Worked:
    """A Dominican record's scores and openers: the holder of [6|6] opens hand 1 and the winner of the last hand the
    others; 25 to the last placer's side for each opponent's pass; going out, the opponents' pips and 25 more where
    the last tile showed both ends' values; blocked, the blocker against the next seat, the fewer pips winning (equal:
    the blocker) the opponents' pips; the game over at once at 200."""
    scores, openers, winner = list(record.get("scores", [0, 0])), [], None
    for number, hand in enumerate(record["hands"], record.get("first_hand", 1)):
        openers.append(holder_of_6_6(hand) if number == 1 else ANY_SEAT if winner is None else {winner})
        left, out = left_in_hands(hand)
        placer = -1
        for move in hand["moves"]:
            if "pass" in move:
                if placer >= 0 and placer % 2 != move["seat"] % 2:
                    scores[placer % 2] += 25
                    if scores[placer % 2] >= 200:
                        return Worked(scores, openers)
            else:
                placer = move["seat"]
        last, before = last_tile(hand)
        if out is None:  # blocked right after the blocker's tile
            following = (placer + 1) % 4
            winner = following if left[following] < left[placer] else placer
        else:
            winner = out
        points = left[1 - winner % 2] + left[3 - winner % 2]
        if out is not None and all(value in (int(last[1]), int(last[3])) for value in before):
            points += 25
        scores[winner % 2] += points
        if max(scores) >= 200:
            break
    return Worked(scores, openers)


def test_dominican_a_pase_that_reaches_200_ends_the_game_in_the_middle_of_the_hand() -> None:
    result = replayed(DOMINICAN, REPLAYS / f"{DOMINICAN}_whole_game.json", "python")
    last_hand = max(i for i, event in enumerate(result["events"]) if event["event"] == "hand")
    tail = result["events"][last_hand:]
    assert [event["event"] for event in tail[-3:]] == ["pass", "pass_points", "win"]
    assert not of_kind(tail, "hand_end")
    assert tail[-1]["scores"][tail[-1]["sides"][0]] >= 200


# --- Puerto Rican ----------------------------------------------------------------------------------------

PUERTO_RICAN = "puerto_rican"


# Seat 0 goes out on the ends seats 1, 2 and 3 leave; later than hand 4, so that no hand bonus joins.
# (seat 0's tiles, seat 3's tiles, seat 3's move, seat 0's last move, the bonus)
LAST_TILE_CASES = {
    "capicu: 2-4 on ends 2 and 4": ((2, 4), tiles("44 56"), ("play", (4, 4), (1, 4), "high"),
                                    ("play", (2, 4), (1, 2), "high"), 100),
    "no capicu with a double: 4-4 on ends 4 and 4": ((4, 4), tiles("24 56"), ("play", (2, 4), (1, 2), "high"),
                                                     ("play", (4, 4), (2, 4), "high"), 0),
    "2-6 on ends 2 and 4": ((2, 6), tiles("44 56"), ("play", (4, 4), (1, 4), "high"),
                            ("play", (2, 6), (1, 2), "high"), 0),
    "capicu: 4-5 on ends 4 and 4": ((4, 5), tiles("24 56"), ("play", (2, 4), (1, 2), "high"),
                                    ("play", (4, 5), (2, 4), "high"), 100),
}


@pytest.mark.parametrize("case", list(LAST_TILE_CASES))
def test_puerto_rican_a_capicu_adds_100_but_not_with_a_double(case: str) -> None:
    events = go_out_on_two_ends(two_tile_deal(PUERTO_RICAN), 9, *LAST_TILE_CASES[case][:4])
    assert of_kind(events, "hand_end")[0]["awards"] == [17 + LAST_TILE_CASES[case][4], 0]


@pytest.mark.parametrize(("case", "bonus"), [("capicu: 2-4 on ends 2 and 4", 100), ("capicu: 4-5 on ends 4 and 4", 0),
                                             ("no capicu with a double: 4-4 on ends 4 and 4", 0)])
@pytest.mark.parametrize("target", ["python", "native"])
def test_puerto_rican_a_capicu_on_two_different_numbers_only_is_not_one_on_4_and_4(case: str, bonus: int,
                                                                                  target: str, tmp_path: Path) -> None:
    last, third, seat_3_move, out_move, _ = LAST_TILE_CASES[case]
    hands = [[(1, 1), last], tiles("14 33"), tiles("12 35"), third]
    game = two_tile_game("puerto_rican_capicu_two_numbers", "first hand lead: [6|6]", target, tmp_path, hands, 0,
                         first_hand=9)
    for move in (lead((1, 1)), ("play", (1, 4), (1, 1), "lineA"), ("play", (1, 2), (1, 1), "lineB"), seat_3_move,
                 out_move):
        game.apply(move)
    # Seats 1 and 3 keep [3|3] and [5|6], 17; hand 9 has no hand bonus.
    assert of_kind(game.events, "hand_end")[-1]["awards"] == [17 + bonus, 0]


@pytest.mark.parametrize(("other_end", "bonus"), [(2, 100), (0, 0)])
def test_puerto_rican_a_chuchazo_is_0_0_going_out_on_one_blank_end_not_on_two(other_end: int, bonus: int) -> None:
    engine = two_tile_deal(PUERTO_RICAN)
    if other_end:  # the ends 0 and 6, then 0 and 5, 0 and 4, 0 and 2
        hands = [tiles("06 00"), tiles("56 33"), tiles("45 11"), tiles("24 35")]
        moves = [("play", (5, 6), (0, 6), "high"), ("play", (4, 5), (5, 6), "low"), ("play", (2, 4), (4, 5), "low")]
        left = 3 + 3 + 3 + 5
    else:  # the ends 0 and 1, then 0 and 2, 0 and 4, 0 and 0
        hands = [tiles("01 00"), tiles("12 33"), tiles("24 55"), tiles("04 56")]
        moves = [("play", (1, 2), (0, 1), "high"), ("play", (2, 4), (1, 2), "high"), ("play", (0, 4), (2, 4), "high")]
        left = 3 + 3 + 5 + 6
    game = two_tile_hand(engine, 9, hands)
    game.apply(lead(hands[0][0]))
    for move in moves:
        game.apply(move)
    events = game.apply(("play", (0, 0), hands[0][0], "low"))
    assert of_kind(events, "out")[0].get("blank_end", False) is (bonus > 0)
    assert of_kind(events, "hand_end")[0]["awards"] == [left + bonus, 0]


@pytest.mark.parametrize(("hand", "bonus"), [(2, 75), (3, 50), (4, 25), (5, 0), (12, 0)])
def test_puerto_rican_the_winner_of_hands_2_to_4_scores_75_50_25_more(hand: int, bonus: int) -> None:
    events = go_out_on_two_ends(two_tile_deal(PUERTO_RICAN), hand, *LAST_TILE_CASES["capicu: 2-4 on ends 2 and 4"][:4])
    assert of_kind(events, "hand_end")[0]["awards"] == [17 + 100 + bonus, 0]


def test_puerto_rican_a_push_plays_the_hand_again_under_its_number_and_the_same_side_chooses() -> None:
    engine = two_tile_deal(PUERTO_RICAN)
    last, third, seat_3_move, out_move, _ = LAST_TILE_CASES["capicu: 2-4 on ends 2 and 4"]
    game = two_tile_hand(engine, 2, [[(1, 1), last], tiles("14 33"), tiles("12 35"), third])
    for move in [lead((1, 1)), ("play", (1, 4), (1, 1), "lineA"), ("play", (1, 2), (1, 1), "lineB"), seat_3_move,
                 out_move]:
        game.apply(move)
    assert game.scores == [17 + 100 + 75, 0]  # hand 2 to side 0: its pips, the capicu and the bonus
    # Hand 3: seat 0 leads [5|5] and nobody has a five: blocked, 3 + 8 = 11 against 1 + 10 = 11, a push.
    pushed = [tiles("55 12"), tiles("00 01"), tiles("02 33"), tiles("04 24")]
    with pytest.raises(engine.IllegalMove, match=r"a seat of side 0 \(chosen by the winning side\), not seat 1"):
        game.start_hand(opener=1, hands=pushed, pile=out_of_play(engine, pushed))
    game.start_hand(opener=0, hands=pushed, pile=out_of_play(engine, pushed))
    events = game.apply(lead((5, 5)))
    assert of_kind(events, "hand_end") == [{"event": "hand_end", "hand": 3, "blocked": True, "winners": [],
                                            "remaining_pips": [3, 1, 8, 10], "awards": [0, 0]}]
    assert game.scores == [192, 0]
    with pytest.raises(engine.IllegalMove, match=r"a seat of side 0 \(chosen by the winning side\), not seat 3"):
        game.start_hand(opener=3, hands=pushed, pile=out_of_play(engine, pushed))
    game.start_hand(opener=2, hands=pushed, pile=out_of_play(engine, pushed))
    assert of_kind(game.events, "hand")[-1] == {"event": "hand", "hand": 3, "opener": 2}  # hand 3 again, side 0's


PUERTO_RICAN_BONUS = {1: 100, 2: 75, 3: 50, 4: 25}


def puerto_rican_points(record: dict[str, Any]) -> Worked:
    """A Puerto Rican record's scores, openers and hand numbers: hand 1 opened by the holder of [6|6], later ones by a
    seat of the side that won the last decided hand; going out, the opponents' pips, 100 for a capicu (no double,
    matching both ends) and 100 for a chuchazo ([0|0] on a single blank end); blocked, the lighter side every
    hand's pips, and equal sides a push that plays the hand again under its number; the hand's bonus to its winner;
    the game over at the end of a hand that takes a side to 500."""
    scores = list(record.get("scores", [0, 0]))
    number, numbers, openers, chooser = record.get("first_hand", 1), [], [], None
    for hand in record["hands"]:
        numbers.append(number)
        openers.append(holder_of_6_6(hand) if number == 1 else ANY_SEAT if chooser is None
                       else {seat for seat in ANY_SEAT if seat % 2 == chooser})
        left, out = left_in_hands(hand)
        last, before = last_tile(hand)
        sides = [left[0] + left[2], left[1] + left[3]]
        if out is None and sides[0] == sides[1]:
            continue  # a push: the same number again, and the same side to choose
        if out is not None:
            winner, points = out % 2, sides[1 - out % 2]
            low, high = int(last[1]), int(last[3])
            if low != high and all(value in (low, high) for value in before):
                points += 100
            if last == "[0|0]" and before.count(0) == 1:
                points += 100
        else:
            winner, points = sides.index(min(sides)), sum(left)
        scores[winner] += points + PUERTO_RICAN_BONUS.get(number, 0)
        chooser, number = winner, number + 1
        if max(scores) >= 500:
            break
    return Worked(scores, openers, numbers)


# --- Jamaican Partner ----------------------------------------------------------------------------------------

JAMAICAN = "jamaican_partner"


def test_jamaican_a_blocked_hand_goes_to_the_lowest_seat_and_is_a_draw_when_both_sides_hold_it() -> None:
    engine = family(JAMAICAN)
    sides = (0, 1, 0, 1)
    assert engine.reckon_hand(sides, [9, 5, 5, 12], None) == ([], [0, 0])  # 5 held by seats of both sides
    assert engine.reckon_hand(sides, [9, 5, 7, 5], None) == ([1], [0, 1])  # partners tied: their side wins
    assert engine.reckon_hand(sides, [0, 5, 7, 5], 0) == ([0], [1, 0])  # going out wins the hand


@pytest.mark.parametrize(("scores", "winner", "after"), [
    ([1, 1], 0, [2, 0]),  # one all play two
    ([1, 1], 1, [0, 2]),
    ([2, 0], 1, [0, 0]),  # 2-1: the game bruks
    ([0, 3], 0, [0, 0]),
    ([1, 0], 1, [1, 1]),
    ([5, 0], 0, [6, 0]),  # six-love
])
def test_jamaican_one_all_plays_two_and_both_sides_with_points_go_back_to_0(scores: list[int], winner: int,
                                                                           after: list[int]) -> None:
    won_from(JAMAICAN, scores, winner, after)


@pytest.mark.parametrize(("scores", "winner", "after"), [
    ([1, 1], 0, [2, 0]),  # one all play two, as without the option
    ([2, 0], 1, [0, 1]),  # 2-1: the game bruks, and the last winner keeps its 1
    ([0, 3], 0, [1, 0]),
    ([1, 0], 1, [1, 1]),  # one all
    ([0, 5], 1, [0, 6]),  # six-love
])
def test_jamaican_a_bruk_leaves_the_last_winner_on_1(scores: list[int], winner: int, after: list[int]) -> None:
    won_from("jamaican_partner_bruk_leaves_the_winner_on_1", scores, winner, after)


def won_from(game_name: str, scores: list[int], winner: int, after: list[int]) -> None:
    """A hand of hand 7 from these scores, won by the side of seat `winner`, leaves the scores `after`."""
    # The winner's seat leads [6|6] and keeps [0|0]; nobody else holds a six or a blank: blocked at once, and the
    # lightest hand, 0 pips, wins the hand for its side.
    engine = two_tile_deal(game_name, "level lead: [6|6] at 0-0, at 1-1 and after a drawn hand")
    others = [tiles("11 12"), tiles("22 23"), tiles("33 34")]
    hands = [*others[:winner], tiles("66 00"), *others[winner:]]
    level = scores == [1, 1]
    game = two_tile_hand(engine, 7, hands, opener=None if level else winner, scores=scores)
    assert game.opener == winner  # at 1-1 the holder of [6|6], otherwise the record's first opener
    assert (list(game.legal_moves()) == [lead((6, 6))]) is level
    game.apply(lead((6, 6)))
    assert of_kind(game.events, "hand_end")[-1]["winners"] == [winner]
    assert game.scores == after
    assert game.over is (6 in after)


def jamaican_points(record: dict[str, Any]) -> Worked:
    """A Jamaican record's hands-won scores and openers, worked out from its deals and moves alone: going out or the
    lowest single hand wins one, the lowest held by both sides a draw; from 1-1 the winner goes to 2 and the loser to
    0, and any other win leaving both sides with points sends both to 0; the [6|6] leads at 0-0, 1-1 and after a
    draw, else the hand's winner."""
    scores, openers, winner_seat, drawn = list(record.get("scores", [0, 0])), [], None, False
    for hand in record["hands"]:
        if min(scores) == max(scores) <= 1 or drawn:
            openers.append(holder_of_6_6(hand))
        else:
            openers.append(ANY_SEAT if winner_seat is None else {winner_seat})
        left, out = left_in_hands(hand)
        blocker = [move["seat"] for move in hand["moves"] if "play" in move][-1]
        lowest = min(left)
        holders = {seat % 2 for seat in range(4) if left[seat] == lowest}
        drawn = out is None and len(holders) == 2
        if drawn:
            continue
        side = out % 2 if out is not None else holders.pop()
        winner_seat = out if out is not None else next(
            seat for seat in ((blocker + k) % 4 for k in range(4)) if seat % 2 == side and left[seat] == lowest)
        one_all = scores == [1, 1]
        scores[side] += 1
        if one_all:
            scores[1 - side] = 0
        elif min(scores) >= 1:
            scores = [0, 0]
        if max(scores) >= 6:
            break
    return Worked(scores, openers)


# The games whose records are worked out here, each with its rules' arithmetic.
WORKED: dict[str, Callable[[dict[str, Any]], Worked]] = {
    DOMINICAN: dominican_points, PUERTO_RICAN: puerto_rican_points, JAMAICAN: jamaican_points}
WORKED_RECORDS = [(game, path) for game in WORKED for path in sorted(REPLAYS.glob(f"{game}_*.json"))]


@pytest.mark.parametrize("target", ["python", "c", "js"])
@pytest.mark.parametrize(("game", "record"), WORKED_RECORDS, ids=[path.stem for _, path in WORKED_RECORDS])
def test_the_records_replay_to_what_their_moves_make_by_the_rules_in_every_target(game: str, record: Path,
                                                                                 target: str) -> None:
    written = json.loads(record.read_text())
    worked = WORKED[game](written)
    result = replayed(game, record, target)
    assert result["scores"] == worked.scores
    for hand, seats in zip(written["hands"], worked.openers, strict=True):
        assert hand["opener"] in seats
    if worked.numbers is not None and target != "c":  # the native replay gives the scores, not the events
        assert [event["hand"] for event in of_kind(result["events"], "hand")] == worked.numbers
