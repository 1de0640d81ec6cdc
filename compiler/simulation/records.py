"""The record schema of a simulation: one row of figures per unit (a hand, a game or a match) and one
per hand played, named alike by the Python and the native engines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# A unit's figures that are one number each, in the record's order.
UNIT_TOTALS = ("hands", "games", "matches", "placements", "turns", "passes", "draws", "blocked", "went_out",
               "won_in_play", "cancelled", "remaining_pips", "placement_points", "placement_points_sq",
               "scoring_placements", "margin")
# A unit's figures of each seat or side, numbered 0 .. max_players - 1, in the record's order.
UNIT_PER_SEAT = ("points", "opener_points", "wins", "opener_wins", "seat_wins", "match_points", "match_wins")


def unit_fields(max_players: int, lines: Sequence[str]) -> tuple[str, ...]:
    """The names of a unit's figures, for a variant of up to max_players seats whose match lines are lines
    (the engine's MATCH_LINES names, in its order; none without match rules)."""
    per_seat = tuple(f"{name}_{k}" for name in UNIT_PER_SEAT for k in range(max_players))
    return UNIT_TOTALS + per_seat + tuple(f"line_{j}" for j in range(len(lines)))


def hand_fields(max_players: int) -> tuple[str, ...]:
    """The names of a hand's row: its unit, its game within the unit (from 1), its opener, each side's points."""
    return ("unit", "game", "opener", *(f"points_{k}" for k in range(max_players)))


@dataclass(frozen=True)
class Records:
    """The rows of consecutive units and of their hands, in play order."""

    unit_fields: tuple[str, ...]
    units: list[tuple[int, ...]]
    hand_fields: tuple[str, ...]
    hands: list[tuple[int, ...]]
