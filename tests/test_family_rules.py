"""The family's hand-end and table rules (../shared/FAMILY.md) in the engines of examples/family/,
on the digest's own numbers and on numbers worked by hand from its text."""

from __future__ import annotations

import functools
import types

import pytest

from dominospec.engines import load_engine
from dominospec.loader import load
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
