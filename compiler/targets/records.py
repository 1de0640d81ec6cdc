"""What a simulation's units leave behind: one row of integer figures per unit and one per hand, the
names of their columns, and the seeds each unit and seat plays from.

Both engines (the Python engines through python_units, the native engine through native.py) fill the
same columns by name, so that the statistics read either alike. A unit's seeds depend on the run's
seed and the unit's index alone: any split of the units into chunks plays the same games.
"""

from __future__ import annotations

from collections.abc import Sized
from dataclasses import dataclass

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # splitmix64's increment: 2^64 / the golden ratio, odd
_SEAT_STEP = 0xD1B54A32D192ED03  # another odd constant of good spread, so seats stride apart from units

# The unit figures before the numbered ones, in column order.
_COUNTS = ("hands", "games", "matches", "placements", "turns", "passes", "draws", "blocked", "went_out",
           "won_in_play", "cancelled", "remaining_pips", "placement_points", "placement_points_sq",
           "scoring_placements", "margin")
# The figures numbered by side or seat, 0 .. max_players - 1, in column order.
_NUMBERED = ("points", "opener_points", "wins", "opener_wins", "seat_wins", "match_points", "match_wins")


@dataclass(frozen=True)
class Records:
    """The rows of units first .. first + count - 1, in unit order, and the rows of their hands, in play
    order within each unit; each row holds the ints its fields name."""

    unit_fields: tuple[str, ...]
    units: list[tuple[int, ...]]
    hand_fields: tuple[str, ...]
    hands: list[tuple[int, ...]]


def unit_fields(max_players: int, lines: int | Sized) -> tuple[str, ...]:
    """The columns of a unit row for a variant of at most max_players seats whose match has these lines
    (engine.MATCH_LINES, or their number; none without match rules). Per-side and per-seat columns are
    numbered for every seat the variant can have, whatever the table."""
    count = lines if isinstance(lines, int) else len(lines)
    numbered = [f"{name}_{k}" for name in _NUMBERED for k in range(max_players)]
    return (*_COUNTS, *numbered, *(f"line_{j}" for j in range(count)))


def hand_fields(max_players: int) -> tuple[str, ...]:
    """The columns of a hand row: the unit's index, the 1-based game within the unit, the hand's opener
    seat, and each side's points in the hand."""
    return ("unit", "game", "opener", *(f"points_{side}" for side in range(max_players)))


def _mix(z: int) -> int:
    """splitmix64's finalizer: every input bit reaches every output bit."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def unit_seed(seed: int, i: int) -> int:
    """The seed unit i (from 0) of a run seeded `seed` plays from: the i-th output of a splitmix64
    stream whose state starts at the mixed run seed. A 64-bit int; any int seed is taken modulo 2^64."""
    if i < 0:
        raise ValueError(f"a unit's index counts from 0, not {i}")
    return _mix((_mix(seed & _MASK) + (i + 1) * _GOLDEN) & _MASK)


def seat_seed(seed: int, i: int, seat: int) -> int:
    """The seed of the bot at `seat` (from 0) in unit i: the unit's seed stepped by the seat and mixed
    again, so that it is unrelated to the unit's deal and to the other seats' bots."""
    if seat < 0:
        raise ValueError(f"a seat counts from 0, not {seat}")
    return _mix((unit_seed(seed, i) + (seat + 1) * _SEAT_STEP) & _MASK)
