"""The special rules of Sebastopol, Cross, Double Cross, Merry-Go-Round and Tiddle-a-Wink
(../shared/FAMILY.md) in the engines of their specs in examples/family/, on hands dealt here with
the moves and numbers worked out by hand from the digest's text; and their recorded hands
(tests/replays/), replayed through the CLI. (test_engine_differential.py plays the records through
the reference model too.)"""

from __future__ import annotations

import json
import subprocess
import sys
import types
from typing import Any

import pytest

from dominospec.language import ir
from dominospec.language.checks import check
from dominospec.language.parser import parse
from dominospec.targets.engines import load_engine
from engine_cases import Case, engine_for
from support import ROOT, seed_dealing_no_double

Tile = tuple[int, int]
REPLAYS = ROOT / "tests" / "replays"
PARTNERS = (0, 1, 0, 1)


def family(game: str) -> types.ModuleType:
    return engine_for(Case(ROOT / "examples" / "family" / f"{game}.rules"))[1]


def dealing(game: str, *changes: tuple[str, str]) -> types.ModuleType:
    """The family's spec with its deal line changed (smaller hands, so that a hand can end at once;
    where some tiles then lie out of play, a lead tile nobody holds makes the deal void)."""
    path = ROOT / "examples" / "family" / f"{game}.rules"
    text = path.read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1
        text = text.replace(old, new)
    variant = check(parse(text))
    assert isinstance(variant, ir.Variant)
    return load_engine(variant, path.with_name(f"{game}_small_deal.rules"))


def tiles(text: str) -> list[Tile]:
    """'01 55 36' -> [(0, 1), (5, 5), (3, 6)]."""
    return [(int(pair[0]), int(pair[1])) for pair in text.split()]


def lead(tile: Tile) -> tuple[Any, ...]:
    return ("play", tile, None, None)


def on(tile: Tile, spinner: Tile, port: str) -> tuple[Any, ...]:
    return ("play", tile, spinner, port)


def pips(hand: list[Tile]) -> int:
    return sum(a + b for a, b in hand)


def of_kind(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["event"] == kind]


def replayed(game: str, record: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "dominospec", "replay", f"examples/family/{game}.rules",
                           str(REPLAYS / f"{record}.json"), "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    assert result["error"] is None
    return result


def moves_of(record: str) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = json.loads((REPLAYS / f"{record}.json").read_text())["hands"]
    moves: list[dict[str, Any]] = hands[0]["moves"]
    return moves


# --- Sebastopol -------------------------------------------------------------------------------------

# The whole set: seat 2 holds no six, but twos that would fit the [2|6] once it is placed.
SEBASTOPOL = [tiles("66 16 00 01 11 03 13"), tiles("26 46 04 14 05 15 44"),
              tiles("22 23 24 25 12 02 33"), tiles("36 56 06 34 35 45 55")]


def test_sebastopol_the_holder_of_six_six_opens_and_must_lead_it() -> None:
    engine = family("sebastopol")
    dealt = [SEBASTOPOL[1], SEBASTOPOL[0], SEBASTOPOL[2], SEBASTOPOL[3]]  # [6|6] with seat 1
    game = engine.Game(4, deal=False)
    game.start_hand(hands=dealt)
    assert (game.opener, game.current, game.legal_moves()) == (1, 1, (lead((6, 6)),))
    with pytest.raises(engine.IllegalMove):
        game.apply(lead((1, 6)))
    for seat in (0, 2, 3):
        with pytest.raises(engine.IllegalMove, match=r"the opener is seat 1"):
            engine.Game(4, deal=False).start_hand(opener=seat, hands=dealt)
    engine.Game(4, deal=False).start_hand(opener=1, hands=dealt)  # the holder itself may be named


def test_sebastopol_the_spinners_four_sides_first_and_a_player_without_a_six_knocks() -> None:
    engine = family("sebastopol")
    game = engine.Game(4, deal=False)
    game.start_hand(hands=SEBASTOPOL)
    game.apply(lead((6, 6)))
    # The line sides first: both, for either six of seat 1.
    assert sorted(game.legal_moves()) == [on((2, 6), (6, 6), "lineA"), on((2, 6), (6, 6), "lineB"),
                                          on((4, 6), (6, 6), "lineA"), on((4, 6), (6, 6), "lineB")]
    game.apply(on((2, 6), (6, 6), "lineA"))
    # Seat 2's [2|2], [2|3], [2|4], [2|5], [1|2] and [0|2] would fit the two that waits: it knocks.
    assert (game.current, game.legal_moves()) == (2, (("pass",),))
    with pytest.raises(engine.IllegalMove):
        game.apply(("play", (2, 2), (2, 6), "low"))
    game.apply(("pass",))
    # Line B before the branches.
    assert sorted(game.legal_moves()) == [on((0, 6), (6, 6), "lineB"), on((3, 6), (6, 6), "lineB"),
                                          on((5, 6), (6, 6), "lineB")]
    game.apply(on((3, 6), (6, 6), "lineB"))
    # Then the branches only: seat 0's [0|1], [1|1] and [1|3] wait (the ends show 2 and 3).
    assert sorted(game.legal_moves()) == [on((1, 6), (6, 6), "branchA"), on((1, 6), (6, 6), "branchB")]
    game.apply(on((1, 6), (6, 6), "branchA"))
    assert game.legal_moves() == (on((4, 6), (6, 6), "branchB"),)  # not [1|4] on the [1|6]
    game.apply(on((4, 6), (6, 6), "branchB"))
    # The four arms are started: play is free, on every arm's end (2, 3, 1 and 4).
    assert sorted(game.legal_moves()) == sorted([
        ("play", (2, 2), (2, 6), "low"), ("play", (2, 3), (2, 6), "low"), ("play", (2, 3), (3, 6), "low"),
        ("play", (2, 4), (2, 6), "low"), ("play", (2, 4), (4, 6), "low"), ("play", (2, 5), (2, 6), "low"),
        ("play", (1, 2), (2, 6), "low"), ("play", (1, 2), (1, 6), "low"), ("play", (0, 2), (2, 6), "low"),
        ("play", (3, 3), (3, 6), "low")])


# Two tiles each, the rest out of play: seat 0 leads [6|6] and nobody holds another six, so the hand
# is blocked at once.
def _sebastopol_blocked(scores: list[int], left: list[list[Tile]]) -> Any:
    engine = dealing("sebastopol", ("deal: 4 players get 7 tiles", "deal: 4 players get 2 tiles"),
                     ("lead: [6|6]\n", "lead: [6|6]\nif nobody holds it: the deal is void\n"))
    game = engine.Game(4, scores=scores, deal=False)
    game.start_hand(hands=[[(6, 6), *left[0]], *left[1:]])
    game.apply(lead((6, 6)))
    return game


def test_sebastopol_a_blocked_hand_the_lowest_scores_the_others_pips_minus_its_own() -> None:
    # Left: seat 0 [0|1] 1; seat 1 [2|3] [1|1] 7; seat 2 [2|4] [3|3] 12; seat 3 [4|5] [0|0] 9.
    left = [tiles("01"), tiles("23 11"), tiles("24 33"), tiles("45 00")]
    game = _sebastopol_blocked([0, 0, 0, 0], left)
    [end] = of_kind(game.events, "hand_end")
    assert (end["blocked"], end["remaining_pips"], end["winners"]) == (True, [1, 7, 12, 9], [0])
    assert game.scores == [7 + 12 + 9 - 1, 0, 0, 0]  # 27


def test_sebastopol_a_tie_for_lowest_scores_nobody() -> None:
    # Seat 0 [1|2] 3 and seat 1 [0|3] [0|0] 3 tie; seats 2 and 3 hold 12 and 9.
    left = [tiles("12"), tiles("03 00"), tiles("24 33"), tiles("45 11")]
    game = _sebastopol_blocked([0, 0, 0, 0], left)
    [end] = of_kind(game.events, "hand_end")
    assert (end["remaining_pips"], end["winners"], end["awards"]) == ([3, 3, 12, 11], [], [0, 0, 0, 0])
    assert game.scores == [0, 0, 0, 0] and not game.over


@pytest.mark.parametrize("start, over", [(33, True), (32, False)])
def test_sebastopol_target_is_at_least_60(start: int, over: bool) -> None:
    # The award of 27 takes 33 to exactly 60 (a win), 32 to 59 (no win).
    left = [tiles("01"), tiles("23 11"), tiles("24 33"), tiles("45 00")]
    game = _sebastopol_blocked([start, 0, 0, 0], left)
    assert (game.scores[0], game.over, game.winners) == (start + 27, over, [0] if over else [])


def test_sebastopol_record_knocks_before_the_four_arms_and_the_winner_takes_the_others_pips() -> None:
    record = "sebastopol_knock_before_four_arms"
    moves = moves_of(record)
    assert moves[:6] == [{"seat": 0, "play": "[6|6]"}, {"seat": 1, "play": "[2|6]", "on": "[6|6]", "port": "lineA"},
                         {"seat": 2, "pass": True}, {"seat": 3, "play": "[3|6]", "on": "[6|6]", "port": "lineB"},
                         {"seat": 0, "play": "[1|6]", "on": "[6|6]", "port": "branchA"},
                         {"seat": 1, "play": "[4|6]", "on": "[6|6]", "port": "branchB"}]
    result = replayed("sebastopol", record)
    [end] = of_kind(result["events"], "hand_end")
    [winner] = end["winners"]
    left = end["remaining_pips"]
    assert not end["blocked"] and left[winner] == 0
    assert result["scores"] == [sum(left) if side == winner else 0 for side in range(4)]


# --- Cross ------------------------------------------------------------------------------------------

# Seat 0 holds [5|5] and four more fives; seat 1 none. The boneyard: the twelve tiles without a five
# nobody holds, then [0|5] and [1|5], the reserve.
CROSS = [tiles("55 25 35 45 56 22 23"), tiles("00 01 02 03 04 06 11")]
CROSS_RESERVE = tiles("05 15")


def cross_pile(engine: types.ModuleType) -> list[Tile]:
    held = {t for hand in CROSS for t in hand} | set(CROSS_RESERVE)
    return [t for t in engine.TILES if t not in held] + CROSS_RESERVE


def test_cross_the_holder_of_the_highest_double_leads_it() -> None:
    engine = family("cross")
    # [6|6], [4|4] and [3|3] are in the boneyard: seat 0's [0|0] and [1|1] are lower than seat 1's
    # [5|5] and [2|2], so seat 1 leads [5|5].
    hands = [CROSS[1], CROSS[0]]
    game = engine.Game(2, deal=False)
    game.start_hand(hands=hands, pile=cross_pile(engine))
    assert (game.opener, game.legal_moves()) == (1, (lead((5, 5)),))
    with pytest.raises(engine.IllegalMove, match=r"the opener is seat 1"):
        engine.Game(2, deal=False).start_hand(opener=0, hands=hands, pile=cross_pile(engine))


def test_cross_a_given_deal_without_a_double_is_refused_as_void() -> None:
    engine = family("cross")
    first, second = tiles("01 02 03 04 05 06 12"), tiles("13 14 15 16 23 24 25")
    game = engine.Game(2, deal=False)
    with pytest.raises(engine.IllegalMove, match=r"the deal is void"):
        game.start_hand(hands=[first, second])
    assert game.hand_over and game.hand_number == 0 and game.events == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cross_shuffled_deals_always_hold_a_double_and_the_highest_leads(players: int) -> None:
    engine = family("cross")
    for seed in range(300):
        game = engine.Game(players, seed=seed)
        doubles = [t for hand in game.hands for t in hand if t[0] == t[1]]
        assert doubles, "a deal without a double must be dealt again"
        assert game.legal_moves() == (lead(max(doubles)),)
        assert max(doubles) in game.hands[game.opener]


def test_cross_a_shuffle_without_a_double_is_dealt_again() -> None:
    engine = family("cross")
    seed, order = seed_dealing_no_double(engine.TILES, 14)
    game = engine.Game(2, seed=seed)
    assert game.hands != [order[:7], order[7:14]]
    doubles = [t for hand in game.hands for t in hand if t[0] == t[1]]
    assert doubles and game.legal_moves() == (lead(max(doubles)),)
    assert len(game.pile) == 14 and [e["event"] for e in game.events] == ["hand"]


def test_cross_later_doubles_lie_crosswise_and_never_spin() -> None:
    layout = family("cross").Layout()
    layout.place((5, 5))
    for tile, port in [((2, 5), "lineA"), ((3, 5), "lineB"), ((4, 5), "branchA"), ((5, 6), "branchB")]:
        layout.place(tile, (5, 5), port)
    layout.place((2, 2), (2, 5), "low")
    assert layout.spinners() == [(5, 5)]
    assert sorted((tile, port) for tile, port, _ in layout.open_ports()) == [
        ((2, 2), "lineB"), ((3, 5), "low"), ((4, 5), "low"), ((5, 6), "high")]


def test_cross_four_sides_first_and_the_reserve_of_two_is_never_drawn() -> None:
    engine = family("cross")
    game = engine.Game(2, deal=False)
    game.start_hand(hands=CROSS, pile=cross_pile(engine))
    game.apply(lead((5, 5)))
    # Seat 1 has no five: it draws the twelve drawable tiles, none of them a five.
    for _ in range(12):
        assert game.legal_moves() == (("draw",),)
        game.apply(("draw",))
    assert game.pile == CROSS_RESERVE  # the last two are never drawn
    assert game.legal_moves() == (("pass",),)
    game.apply(("pass",))
    # Seat 0: the line sides first.
    assert sorted(set((m[2], m[3]) for m in game.legal_moves())) == [((5, 5), "lineA"), ((5, 5), "lineB")]
    game.apply(on((2, 5), (5, 5), "lineA"))
    # Seat 1 now holds twos (its [0|2], and [2|4] drawn), but only the spinner is open: it passes.
    assert (2, 4) in game.hands[1] and game.legal_moves() == (("pass",),)


@pytest.mark.parametrize("remaining, out_seat, winners, awards", [
    ([0, 10, 12], 0, [0], [22, 0, 0]),  # going out: the opponents' pips
    ([3, 10, 12], None, [0], [19, 0, 0]),  # blocked: 10 + 12 - 3
    ([5, 5, 9], None, [], [0, 0, 0]),  # a tie for lowest: nobody
])
def test_cross_hand_end_as_block(remaining: list[int], out_seat: int | None, winners: list[int],
                                 awards: list[int]) -> None:
    assert family("cross").reckon_hand((0, 1, 2), remaining, out_seat) == (winners, awards)


def test_cross_record_the_reserve_stays_and_going_out_scores_the_opponents_pips() -> None:
    record = "cross_reserve_never_drawn"
    moves = moves_of(record)
    assert moves[1:14] == [{"seat": 1, "draw": True}] * 12 + [{"seat": 1, "pass": True}]
    result = replayed("cross", record)
    [end] = of_kind(result["events"], "hand_end")
    # Seat 1 keeps every tile but [0|2] and [0|0]: the set's 168 pips, less seat 0's 54, the
    # reserve's 11 and the 2 of [0|2].
    assert (end["blocked"], end["winners"], end["remaining_pips"]) == (False, [0], [0, 168 - 54 - 11 - 2])
    assert pips(CROSS[0]) == 54 and pips(CROSS_RESERVE) == 11
    assert result["scores"] == [101, 0] and result["winners"] == [0]  # at least 100


# --- Double Cross -----------------------------------------------------------------------------------

DOUBLE_CROSS = [tiles("66 26 16 22 11 12 23"), tiles("36 56 13 14 24 15 25")]
# Twelve tiles with no double of the arms' ends (1, 2, 3, 5), then the reserve [3|3] and [5|5].
DOUBLE_CROSS_PILE = tiles("00 01 02 03 04 05 06 34 35 44 45 46 33 55")
CROSS_OF_FIVE = [lead((6, 6)), on((3, 6), (6, 6), "lineA"), on((2, 6), (6, 6), "lineB"),
                 on((5, 6), (6, 6), "branchA"), on((1, 6), (6, 6), "branchB")]


def test_double_cross_only_matching_doubles_go_on_the_arms_and_a_seat_without_one_draws_and_passes() -> None:
    engine = family("double_cross")
    game = engine.Game(2, deal=False)
    game.start_hand(hands=DOUBLE_CROSS, pile=DOUBLE_CROSS_PILE)
    for move in CROSS_OF_FIVE:
        game.apply(move)
    # Seat 1's [1|3], [1|4], [2|4], [1|5] and [2|5] match the arms' ends, but none is a double.
    for _ in range(12):
        assert game.legal_moves() == (("draw",),)
        game.apply(("draw",))  # [0|0] and [4|4] are drawn: doubles, but of no arm's end
    assert game.pile == tiles("33 55") and game.legal_moves() == (("pass",),)
    game.apply(("pass",))
    # Seat 0: its two doubles on their arms, not [1|2] or [2|3].
    assert sorted(game.legal_moves()) == [("play", (1, 1), (1, 6), "low"), ("play", (2, 2), (2, 6), "low")]
    game.apply(("play", (2, 2), (2, 6), "low"))
    # The [2|2] waits until the four arms carry their doubles: seat 1's twos may not go on it.
    assert game.legal_moves() == (("pass",),)
    game.apply(("pass",))
    events = game.apply(("play", (1, 1), (1, 6), "low"))
    # [3|3] and [5|5] are the reserve: nobody can place, the hand is blocked at once. Seat 0 keeps
    # [1|2] [2|3] (8); seat 1 its five (28) and the twelve drawn (63): the lowest scores 91 - 8.
    [end] = of_kind(events, "hand_end")
    assert (end["blocked"], end["remaining_pips"], end["winners"]) == (True, [8, 28 + 63], [0])
    assert game.scores == [83, 0]


def test_double_cross_after_the_nine_tile_cross_play_is_free() -> None:
    layout = family("double_cross").Layout()
    for move in CROSS_OF_FIVE:
        layout.place(move[1], move[2], move[3])
    assert layout.placements_for((1, 3)) == []
    assert layout.placements_for((3, 3)) == [((3, 6), "low")]
    for double, arm in [((3, 3), (3, 6)), ((2, 2), (2, 6)), ((5, 5), (5, 6))]:
        layout.place(double, arm, "low")
        assert layout.placements_for((1, 3)) == []  # still only doubles, until the fourth
    layout.place((1, 1), (1, 6), "low")
    assert sorted(layout.placements_for((1, 3))) == [((1, 1), "lineB"), ((3, 3), "lineB")]
    assert sorted(layout.placements_for((2, 5))) == [((2, 2), "lineB"), ((5, 5), "lineB")]


def test_double_cross_record_blocked_on_the_arms() -> None:
    result = replayed("double_cross", "double_cross_blocked_on_the_arms")
    [end] = of_kind(result["events"], "hand_end")
    assert (end["blocked"], end["remaining_pips"], end["awards"]) == (True, [8, 91], [83, 0])
    assert result["scores"] == [83, 0]


# --- Merry-Go-Round ---------------------------------------------------------------------------------


def test_merry_go_round_the_leader_without_a_double_draws_until_one_comes_and_keeps_the_rest() -> None:
    engine = family("merry_go_round")
    first, second = tiles("01 02 03 04 05 06 12"), tiles("00 11 13 14 15 16 23")
    drawn = tiles("24 25 33")
    pile = drawn + [t for t in engine.TILES if t not in first + second + drawn]
    game = engine.Game(2, deal=False)
    game.start_hand(opener=0, hands=[first, second], pile=pile)
    with pytest.raises(engine.IllegalMove):
        game.apply(lead((0, 1)))
    for _ in range(3):
        assert game.legal_moves() == (("draw",),)
        game.apply(("draw",))
    assert game.legal_moves() == (lead((3, 3)),)  # only a double leads
    assert sorted(game.hands[0]) == sorted(first + drawn)
    game.apply(lead((3, 3)))
    assert sorted(game.hands[0]) == sorted(first + tiles("24 25"))
    assert game.current == 1


def test_merry_go_round_when_the_boneyard_runs_empty_the_offer_goes_clockwise() -> None:
    # Seat 0 and the boneyard hold the 21 tiles that are not doubles, seat 1 the seven doubles:
    # seat 0 draws all 14, keeps them, and passes the lead; seat 1 may lead any of its doubles.
    engine = family("merry_go_round")
    first, doubles = tiles("01 02 03 04 05 06 12"), [(n, n) for n in range(7)]
    game = engine.Game(2, deal=False)
    game.start_hand(opener=0, hands=[first, doubles])
    for _ in range(14):
        assert game.legal_moves() == (("draw",),)
        game.apply(("draw",))
    assert (game.pile, len(game.hands[0]), game.legal_moves()) == ([], 21, (("pass",),))
    game.apply(("pass",))
    assert (game.current, sorted(game.legal_moves())) == (1, [lead(d) for d in doubles])


MGR_FOUR = [tiles("01 02 03 04 05 06 12"), tiles("13 14 15 16 23 24 25"),
            tiles("55 26 34 35 36 45 46"), tiles("00 11 22 33 44 56 66")]


def test_merry_go_round_with_four_players_a_seat_without_a_double_passes_the_lead_clockwise() -> None:
    engine = family("merry_go_round")
    game = engine.Game(4, True, deal=False)
    game.start_hand(opener=0, hands=MGR_FOUR)
    assert game.pile == []  # all 28 dealt: nothing to draw
    assert game.legal_moves() == (("pass",),)
    game.apply(("pass",))
    assert (game.current, game.legal_moves()) == (1, (("pass",),))
    game.apply(("pass",))
    assert (game.current, game.legal_moves()) == (2, (lead((5, 5)),))
    event = game.apply(lead((5, 5)))[0]
    # Fives /5: [5|5] alone counts 10, 2 points, for side 0 (seats 0 and 2).
    assert (event["total"], event["points"], game.scores) == (10, 2, [2, 0])
    # Four sides first: seat 3's [5|6] on the line sides only.
    assert sorted(game.legal_moves()) == [on((5, 6), (5, 5), "lineA"), on((5, 6), (5, 5), "lineB")]
    event = game.apply(on((5, 6), (5, 5), "lineA"))[0]
    assert (event["total"], event["points"]) == (16, 0)  # 10 + 6
    # Seat 0: its [0|5] on line B only; its [0|6] does not go on the [5|6]'s six, which waits.
    assert game.legal_moves() == (on((0, 5), (5, 5), "lineB"),)


def test_merry_go_round_rotation_counts_from_the_seat_offered_the_lead() -> None:
    engine = family("merry_go_round")
    game = engine.Game(4, True, deal=False)
    game.start_hand(opener=0, hands=MGR_FOUR)
    while not game.hand_over:
        game.apply(sorted(game.legal_moves(), key=repr)[0])
    with pytest.raises(engine.IllegalMove, match=r"the opener is seat 1"):
        game.start_hand(opener=2, hands=MGR_FOUR)


@pytest.mark.parametrize("remaining, out_seat, winners, awards", [
    # Going out: 3 to 7 pips 1, 8 to 12 2, 2 nothing (the partner's hand left out).
    ([0, 3, 9, 0], 0, [0], [1, 0]),
    ([0, 3, 0, 4], 0, [0], [1, 0]),
    ([0, 8, 0, 0], 2, [0], [2, 0]),
    ([0, 8, 0, 4], 0, [0], [2, 0]),
    ([2, 0, 0, 0], 1, [1], [0, 0]),
    # round5(7 + 20 = 27 -> 25) / 5 = 5 (the partner's 3 left out).
    ([0, 7, 3, 20], 0, [0], [5, 0]),
    # Blocked: 3 + 4 = 7 against 10 + 12 = 22; round5(22 - 7 = 15) / 5 = 3.
    ([3, 10, 4, 12], None, [0], [3, 0]),
    # round5(10 + 14 - 3 - 2 = 19 -> 20) / 5 = 4.
    ([3, 10, 2, 14], None, [0], [4, 0]),
    # Side 1 lowest: 1 + 2 = 3 against 9 + 8 = 17; round5(14 -> 15) / 5 = 3.
    ([9, 1, 8, 2], None, [1], [0, 3]),
    # 5 + 3 = 8 against 4 + 4 = 8: a tie, nobody.
    ([5, 4, 3, 4], None, [], [0, 0]),
])
def test_merry_go_round_hand_awards_with_partners_combined(remaining: list[int], out_seat: int | None,
                                                          winners: list[int], awards: list[int]) -> None:
    assert family("merry_go_round").reckon_hand(PARTNERS, remaining, out_seat) == (winners, awards)


def _one_tile_each(scores: list[int], held: Tile) -> Any:
    """Seat 0 leads its one tile, [5|5] (10: 2 points), and goes out at once; seat 1 keeps held."""
    engine = dealing("merry_go_round", ("deal: 2 to 4 players get 7 tiles",
                                        "deal: 2 players get 1 tiles, 3 or 4 players get 7 tiles"))
    game = engine.Game(2, scores=scores, deal=False)
    game.start_hand(opener=0, hands=[[(5, 5)], [held]])
    return game, game.apply(lead((5, 5)))


def test_merry_go_round_reaching_exactly_61_with_the_award_wins() -> None:
    # 57 + 2 = 59; seat 1's [6|6]: round5(12) / 5 = 2: 61.
    game, events = _one_tile_each([57, 0], (6, 6))
    assert [e["event"] for e in events] == ["play", "out", "hand_end", "award", "win"]
    assert (game.scores, game.winners) == ([61, 0], [0])


def test_merry_go_round_a_placement_reaching_61_wins_at_once_before_the_hand_is_reckoned() -> None:
    # 59 + 2 = 61 with the last tile: the game is won by the placement; no award follows it.
    game, events = _one_tile_each([59, 0], (6, 6))
    assert [e["event"] for e in events] == ["play", "win"]
    assert (game.scores, game.winners) == ([61, 0], [0])


def test_merry_go_round_four_players_are_always_two_partnerships() -> None:
    engine = family("merry_go_round")
    with pytest.raises(engine.IllegalMove, match=r"two partnerships"):
        engine.Game(4, False)
    assert engine.Game(4, seed=1).scores == [0, 0]


def test_merry_go_round_an_award_that_would_pass_61_is_cancelled_whole() -> None:
    # 58 + 2 = 60; the award of 2 would make 62: cancelled, not 1 of it scored.
    game, events = _one_tile_each([58, 0], (6, 6))
    [award] = of_kind(events, "award")
    assert (award["points"], award["cancelled"]) == (2, True)
    assert (game.scores, game.over) == ([60, 0], False)


def test_merry_go_round_a_placement_that_would_pass_61_is_cancelled_whole() -> None:
    # 60 + 2 would be 62: the lead's points are cancelled; the award (seat 1's [0|1]: round5(1) = 0) is 0.
    game, events = _one_tile_each([60, 0], (0, 1))
    assert (events[0]["points"], events[0]["cancelled"]) == (2, True)
    assert (game.scores, game.over) == ([60, 0], False)


def test_merry_go_round_record_the_lead_is_passed_on_to_the_first_seat_with_a_double() -> None:
    record = "merry_go_round_lead_passed_on"
    assert moves_of(record)[:3] == [{"seat": 0, "pass": True}, {"seat": 1, "pass": True},
                                    {"seat": 2, "play": "[5|5]"}]
    result = replayed("merry_go_round", record)
    plays = of_kind(result["events"], "play")
    assert all(p["points"] == (p["total"] // 5 if p["total"] % 5 == 0 else 0) for p in plays)
    [end] = of_kind(result["events"], "hand_end")
    [winner] = end["winners"]
    left = end["remaining_pips"]
    opponents = sum(p for seat, p in enumerate(left) if seat % 2 != winner)
    assert end["awards"][winner] == (opponents + 2) // 5  # round5, then / 5
    assert result["scores"][winner] == sum(p["points"] for p in plays if p["seat"] % 2 == winner) + \
        end["awards"][winner]


# --- Tiddle-a-Wink ----------------------------------------------------------------------------------

TIDDLE = [tiles("66 01 02 04 05 11 12"), tiles("36 13 14 15 16 24 25"),
          tiles("26 00 03 06 34 35 44"), tiles("33 22 23 45 46 55 56")]


def test_tiddle_a_wink_the_highest_double_leads_and_every_player_stakes_one() -> None:
    engine = family("tiddle_a_wink")
    game = engine.Game(4, deal=False)
    game.start_hand(hands=[TIDDLE[2], TIDDLE[3], TIDDLE[0], TIDDLE[1]])
    assert (game.opener, game.legal_moves()) == (2, (lead((6, 6)),))
    assert (game.scores, game.pool) == ([-1, -1, -1, -1], 4)
    # Three players, 9 each: [6|6] is the one tile out of play, so the holder of [5|5] leads it.
    three = engine.Game(3, deal=False)
    rest = [t for t in engine.TILES if t not in ((6, 6), (5, 5))]
    three.start_hand(hands=[rest[:9], [*rest[9:17], (5, 5)], rest[17:26]], pile=[(6, 6)])
    assert (three.opener, three.legal_moves()) == (1, (lead((5, 5)),))
    assert three.pool == 3


def test_tiddle_a_wink_after_a_double_one_more_tile_or_a_pass_and_a_double_again() -> None:
    engine = family("tiddle_a_wink")
    game = engine.Game(4, deal=False)
    game.start_hand(hands=TIDDLE)
    game.apply(lead((6, 6)))
    # The lead is a double: seat 0 may place one more (it has no six) or decline.
    assert (game.current, game.legal_moves()) == (0, (("pass",),))
    game.apply(("pass",))
    game.apply(on((3, 6), (6, 6), "lineA"))  # seat 1: not a double, the turn passes
    assert game.current == 2
    game.apply(on((2, 6), (6, 6), "lineB"))  # ends 3 and 2
    assert game.current == 3
    game.apply(("play", (3, 3), (3, 6), "low"))
    # After [3|3] seat 3 may go on: its [2|2] and [2|3] fit the two, [2|3] the three too; or decline.
    assert game.current == 3
    assert sorted(game.legal_moves(), key=repr) == sorted(
        [("pass",), ("play", (2, 2), (2, 6), "low"), ("play", (2, 3), (2, 6), "low"),
         ("play", (2, 3), (3, 3), "lineB")], key=repr)
    game.apply(("play", (2, 2), (2, 6), "low"))
    # Another double: the option again.
    assert game.current == 3 and ("pass",) in game.legal_moves()
    game.apply(("pass",))
    assert game.current == 0
    assert game.record()["hands"][0]["moves"][-3:] == [
        {"seat": 3, "play": "[3|3]", "on": "[3|6]", "port": "low"},
        {"seat": 3, "play": "[2|2]", "on": "[2|6]", "port": "low"}, {"seat": 3, "pass": True}]


def test_tiddle_a_wink_the_extra_play_after_a_non_double_is_not_offered() -> None:
    engine = family("tiddle_a_wink")
    game = engine.Game(4, deal=False)
    game.start_hand(hands=TIDDLE)
    game.apply(lead((6, 6)))
    game.apply(("pass",))
    game.apply(on((3, 6), (6, 6), "lineA"))
    assert game.current == 2 and ("pass",) not in game.legal_moves()


# Two tiles each, the rest out of play (a test deal), so that the lead blocks the hand at once.
def _tiddle_small() -> types.ModuleType:
    return dealing("tiddle_a_wink", ("deal: 3 players get 9 tiles", "deal: 3 players get 2 tiles"),
                   ("lead: the highest double\n", "lead: the highest double\nif nobody holds it: the deal is void\n"))


def test_tiddle_a_wink_tied_lowest_divide_the_pool_and_the_remainder_is_carried() -> None:
    engine = _tiddle_small()
    game = engine.Game(3, deal=False)
    # Seat 0 leads [6|6]; nobody holds a six. Left: seat 0 [1|2] 3, seat 1 [0|3] [4|4] 11, seat 2
    # [0|1] [0|2] 3: seats 0 and 2 tie. The pool of 3: 1 each, 1 carried.
    game.start_hand(hands=[tiles("66 12"), tiles("03 44"), tiles("01 02")])
    assert (game.scores, game.pool) == ([-1, -1, -1], 3)
    events = game.apply(lead((6, 6)))
    [end] = of_kind(events, "hand_end")
    assert (end["blocked"], end["remaining_pips"], end["winners"]) == (True, [3, 11, 3], [0, 2])
    [pool] = of_kind(events, "pool")
    assert (pool["points"], pool["pool"]) == ([1, 0, 1], 1)
    assert (game.scores, game.pool, game.over, game.winners) == ([0, -1, 0], 1, False, [])
    # The next hand's pool: the carry and three new stakes. Seat 1 leads [6|6] and nobody holds
    # another six: blocked again, and seat 0's [0|0] [1|2] (3) is the lowest alone (9 and 16).
    game.start_hand(hands=[tiles("00 12"), tiles("66 45"), tiles("44 35")])
    assert (game.opener, game.scores, game.pool) == (1, [-1, -2, -1], 4)
    events = game.apply(lead((6, 6)))
    assert of_kind(events, "hand_end")[0]["remaining_pips"] == [3, 9, 16]
    [pool] = of_kind(events, "pool")
    assert (pool["points"], pool["pool"]) == ([4, 0, 0], 0)
    assert game.scores == [3, -2, -1]


def test_tiddle_a_wink_has_no_target_scores_stay_below_zero_for_ever() -> None:
    engine = family("tiddle_a_wink")
    game = engine.Game(4, seed=3)
    engine.play_game(game, [engine.RandomBot(seat) for seat in range(4)], max_hands=30)
    assert game.hand_number == 30 and not game.over and game.winners == []
    assert sum(game.scores) + game.pool == 0  # chips only move between the players and the pool
    assert min(game.scores) < 0


def test_tiddle_a_wink_record_going_out_takes_the_whole_pool() -> None:
    record = "tiddle_a_wink_double_after_double"
    moves = moves_of(record)
    assert moves[1] == {"seat": 0, "pass": True}
    assert moves[4:7] == [{"seat": 3, "play": "[3|3]", "on": "[3|6]", "port": "low"},
                          {"seat": 3, "play": "[2|2]", "on": "[2|6]", "port": "low"}, {"seat": 3, "pass": True}]
    result = replayed("tiddle_a_wink", record)
    [stake] = of_kind(result["events"], "stake")
    [end] = of_kind(result["events"], "hand_end")
    [pool] = of_kind(result["events"], "pool")
    [winner] = end["winners"]
    assert not end["blocked"] and end["remaining_pips"][winner] == 0
    assert (stake["pool"], pool["points"], pool["pool"]) == (4, [4 if s == winner else 0 for s in range(4)], 0)
    assert result["scores"] == [3 if s == winner else -1 for s in range(4)] and result["winners"] == []
