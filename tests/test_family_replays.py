"""Recorded hands of the family's games (tests/replays/), replayed through the CLI: each shows one
rule of ../shared/FAMILY.md, restated from the hand's own numbers. (test_engine_differential.py
plays them through the reference model too.)"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from support import ROOT

REPLAYS = ROOT / "tests" / "replays"
Result = dict[str, Any]


def replayed(game: str, record: str) -> Result:
    done = subprocess.run([sys.executable, "-m", "dominospec", "replay", f"examples/family/{game}.rules",
                           str(REPLAYS / f"{record}.json"), "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result: Result = json.loads(done.stdout)
    assert result["error"] is None
    return result


def of_kind(result: Result, kind: str) -> list[dict[str, Any]]:
    return [e for e in result["events"] if e["event"] == kind]


def to_nearest(pips: int, step: int) -> int:
    return pips - pips % step + (step if pips % step * 2 >= step else 0)


def test_block_the_blocked_winner_scores_the_opponents_pips_minus_its_own() -> None:
    result = replayed("block", "block_blocked_minus_own")
    end = of_kind(result, "hand_end")[0]
    pips = end["remaining_pips"]
    [winner] = end["winners"]
    assert end["blocked"] and pips[winner] == min(pips) and pips.count(min(pips)) == 1
    assert end["awards"][winner] == sum(pips) - 2 * pips[winner]
    assert result["scores"] == end["awards"]


def test_all_threes_rounds_each_opponent_hand_on_its_own() -> None:
    result = replayed("all_threes", "all_threes_each_hand_rounded")
    end = of_kind(result, "hand_end")[0]
    [winner] = end["winners"]
    opponents = [p for seat, p in enumerate(end["remaining_pips"]) if seat % 2 != winner]
    assert end["awards"][winner] == sum(to_nearest(p, 3) for p in opponents) // 3


def test_seven_rocks_every_seat_loses_its_pips_rounded_on_their_own() -> None:
    result = replayed("seven_rocks", "seven_rocks_penalties")
    end = of_kind(result, "hand_end")[0]
    [penalty] = of_kind(result, "pip_penalty")
    pips = end["remaining_pips"]
    assert penalty["points"] == [-sum(to_nearest(p, 5) for seat, p in enumerate(pips) if seat % 2 == side)
                                 for side in (0, 1)]
    assert result["winners"] == []  # no side has 250: judged at the hand's end, the game goes on


def test_domino_pool_tied_lowest_divide_and_the_remainder_is_carried() -> None:
    result = replayed("domino_pool", "domino_pool_tie_carried")
    [stake] = of_kind(result, "stake")
    end = of_kind(result, "hand_end")[0]
    [pool] = of_kind(result, "pool")
    tied = end["winners"]
    share = stake["pool"] // len(tied)
    assert pool["points"] == [share if side in tied else 0 for side in range(4)]
    assert pool["pool"] == stake["pool"] - share * len(tied) > 0
    assert result["scores"] == [-1 + points for points in pool["points"]] and result["winners"] == []


def test_ten_to_get_in_a_small_score_is_void_until_ten_puts_the_side_in() -> None:
    result = replayed("ten_to_get_in", "ten_to_get_in_void_then_in")
    scores = [0, 0]
    for play in of_kind(result, "play"):
        side = play["seat"]
        assert bool(play.get("void")) == (scores[side] == 0 and 0 < play["points"] < 10)
        scores = play["scores"]
    assert any(play.get("void") for play in of_kind(result, "play"))


def test_teesdale_the_down_cannot_make_61() -> None:
    result = replayed("fives_and_threes_teesdale", "fives_and_threes_teesdale_down_cancelled")
    down = of_kind(result, "play")[0]
    assert down["on"] is None and down["cancelled"] is True
    assert 57 + down["points"] == 61 and down["scores"][0] == 57


def test_bergen_a_triple_header_at_need_1_scores_1_and_wins() -> None:
    """FAMILY.md's header example from 13 to 12 of 15 (2 players): the lead at need 2 scores 1, the
    double header at need 3 keeps its 2, and the drawn [2|2] (a triple header) at need 1 scores 1
    and wins the game; nothing is played after it."""
    result = replayed("bergen", "bergen_header_wins_at_need_1")
    plays = of_kind(result, "play")
    assert [(p["seat"], p["tile"], p["points"]) for p in plays] == [
        (0, "[6|6]", 1), (1, "[2|6]", 0), (0, "[4|6]", 0), (1, "[2|4]", 2), (0, "[2|2]", 1)]
    assert of_kind(result, "draw") == [{"event": "draw", "seat": 0, "tile": "[2|2]"}]
    assert result["events"][-1]["event"] == "win" and not of_kind(result, "hand_end")
    assert (result["scores"], result["winners"]) == ([15, 14], [0])


def test_draw_a_hand_blocks_on_the_reserve_and_the_lowest_scores_the_other_pips_minus_its_own() -> None:
    record = json.loads((REPLAYS / "draw_blocked_on_the_reserve.json").read_text(encoding="utf-8"))
    [hand] = record["hands"]
    result = replayed("draw", "draw_blocked_on_the_reserve")
    draws = of_kind(result, "draw")
    # Reserve 2: every tile of the boneyard but its last two is drawn, and then nobody can play.
    assert len(draws) == len(hand["boneyard"]) - 2
    assert [d["tile"] for d in draws] == hand["boneyard"][:-2]
    end = of_kind(result, "hand_end")[0]
    assert end["blocked"]
    pips = end["remaining_pips"]
    low = min(pips)
    [winner] = end["winners"]
    assert pips[winner] == low and pips.count(low) == 1
    # As Block: the lowest scores the opponents' pips minus its own.
    assert end["awards"][winner] == sum(pips) - 2 * low
