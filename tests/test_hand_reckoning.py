"""The hand-end reckoning of the generated engines, on the exact numbers of the rules documents."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dominospec.generated import fives_and_threes, horse_race

ROOT = Path(__file__).resolve().parent.parent

INDIVIDUALS_4 = (0, 1, 2, 3)
PARTNERS = (0, 1, 0, 1)  # seats 0 and 2 against seats 1 and 3


@pytest.mark.parametrize("sides, remaining, out_seat, winners, awards", [
    # Opponents' 17 pips round to 15: 3 points (RULES.md, Horse Race "Award").
    ((0, 1), [0, 17], 0, [0], [3, 0]),
    # 3-4 individuals: every other player's pips are added first, then rounded once: 9 + 8 = 17 -> 3.
    ((0, 1, 2), [0, 9, 8], 0, [0], [3, 0, 0]),
    # The winner's partner (7) is left out; opponents 9 + 8 = 17 -> 15 -> 3.
    (PARTNERS, [0, 9, 7, 8], 0, [0], [3, 0]),
    # Blocked partnerships compare combined totals: 1 + 17 = 18 loses to 5 + 6 = 11; 18 -> 20 -> 4.
    (PARTNERS, [1, 5, 17, 6], None, [1], [0, 4]),
    # Ties for lowest: each of the three 4s takes 4 + 4 + 14 = 22 -> 20 -> 4, other tied winners included.
    (INDIVIDUALS_4, [4, 4, 4, 14], None, [0, 1, 2], [4, 4, 4, 0]),
    # Partnerships both at 12: each scores the other's 12 -> 10 -> 2, once per partnership.
    (PARTNERS, [5, 8, 7, 4], None, [0, 1], [2, 2]),
    # Rounding: remainders 1-2 go down, 3-4 go up.
    ((0, 1), [0, 21], 0, [0], [4, 0]),
    ((0, 1), [0, 22], 0, [0], [4, 0]),
    ((0, 1), [0, 23], 0, [0], [5, 0]),
    ((0, 1), [0, 24], 0, [0], [5, 0]),
])
def test_horse_race_reckoning(sides: tuple[int, ...], remaining: list[int], out_seat: int | None, winners: list[int],
                              awards: list[int]) -> None:
    assert horse_race.reckon_hand(sides, remaining, out_seat) == (winners, awards)


def test_fives_and_threes_blocked_hand_has_no_winner_and_pips_never_score() -> None:
    assert fives_and_threes.reckon_hand(PARTNERS, [3, 9, 0, 12], None) == ([], [0, 0])
    # Going out: the single bonus point travels with the last placement, not with the reckoning.
    assert fives_and_threes.reckon_hand((0, 1), [0, 30], 0) == ([0], [0, 0])


def test_a_three_way_tie_in_a_replayed_hand_takes_awards_from_all_other_hands() -> None:
    done = subprocess.run([sys.executable, "-m", "dominospec", "replay", "spec/horse_race.rules",
                           "tests/replays/horse_race_blocked_three_tied.json", "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    result = json.loads(done.stdout)
    end = next(e for e in result["events"] if e["event"] == "hand_end")
    assert end["blocked"] and sorted(end["remaining_pips"]) == [22, 22, 22, 26]
    # Each tied 22 takes 22 + 22 + 26 = 70 -> 14; leaving the tied hands out would give 26 -> 25 -> 5.
    assert sorted(end["awards"]) == [0, 14, 14, 14]
