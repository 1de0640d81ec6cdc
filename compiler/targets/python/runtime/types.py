"""The public types of an engine: tiles, ports, moves, events, views and records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NotRequired, Protocol, Required, TypedDict

if TYPE_CHECKING:
    from .contract import Event, Game

###{standalone types
Tile = tuple[int, int]
Port = tuple[Tile, str, int]  # (tile, port name, the pip value a tile placed there must show)
Lead = tuple[Literal["play"], Tile, None, None]
Placement = tuple[Literal["play"], Tile, Tile, str]  # (kind, tile, the tile it goes on, that tile's port)
# A wild tile but a double, placed by one half: (..., the half that touches, "low" or "high").
WildPlacement = tuple[Literal["play"], Tile, Tile, str, str]
Draw = tuple[Literal["draw"]]
Pass = tuple[Literal["pass"]]
Muggins = tuple[Literal["muggins"], int]  # where scores are announced: an opponent's call, (kind, the calling seat)
Move = Lead | Placement | WildPlacement | Draw | Pass | Muggins
Pegs = tuple[int, int]  # a side's pegs on the board: (back, front)


class HandEvent(TypedDict):
    event: Literal["hand"]
    hand: int
    opener: int


class DrawEvent(TypedDict):
    event: Literal["draw"]
    seat: int
    tile: str | None  # None in the views of the other seats


class SeatEvent(TypedDict):
    event: Literal["pass", "out"]
    seat: int
    either_end: NotRequired[bool]  # an out whose last tile matched both open ends, where that scores a bonus
    blank_end: NotRequired[bool]  # an out with [0|0] on a single blank end, where that scores a bonus


class PenaltyEvent(TypedDict):
    """Announced scores: a wrong claim above 0, scored by the next opponent clockwise."""

    event: Literal["penalty"]
    seat: int
    points: int
    scores: list[int]
    pegs: list[Pegs]


class MugginsEvent(TypedDict):
    """Announced scores: an opponent takes the points the mover did not claim exactly."""

    event: Literal["muggins"]
    seat: int
    points: int
    scores: list[int]
    pegs: list[Pegs]


class HandEndEvent(TypedDict):
    event: Literal["hand_end"]
    hand: int
    blocked: bool
    winners: list[int]
    remaining_pips: list[int]
    awards: list[int]


class WinEvent(TypedDict):
    event: Literal["win"]
    sides: list[int]
    scores: list[int]


class LayoutState(TypedDict):
    tiles: list[str]
    connections: list[list[str]]  # [tile on the table, its port, tile placed, its port]
    spinners: list[str]
    open_ports: list[list[str | int]]  # [tile, port, pip value]
    counted_ends: list[list[str | int]]
    end_total: int
    markers: NotRequired[list[int]]  # where the layout has trains: the seats whose trains carry a marker


# A recorded move: a play (with on and port unless it is the lead, by for the half of a wild tile that
# touches, and a claim where scores are announced), {"draw": True}, {"pass": True} or {"muggins": True}.
RecordedMove = TypedDict("RecordedMove", {"seat": Required[int], "play": str, "on": str, "port": str, "by": str,
                                          "claim": int, "draw": bool, "pass": bool, "muggins": bool}, total=False)


class RecordedHand(TypedDict):
    opener: int
    deal: list[list[str]]
    boneyard: list[str]
    moves: list[RecordedMove]


class View(TypedDict):
    seat: int
    hand: list[str]
    hand_sizes: list[int]
    pile_size: int
    layout: LayoutState
    scores: list[int]
    pegs: list[Pegs]
    current: int
    hand_over: bool
    over: bool
    winners: list[int]
    events: list[Event]
    legal_moves: list[RecordedMove]  # the seat's own moves now (a call of muggins too), as a record writes them


class GameRecord(TypedDict):
    players: int
    partnerships: bool
    scores: list[int]
    first_hand: NotRequired[int]  # the game's number of the record's first hand, where it is not 1
    hands: list[RecordedHand]


class Bot(Protocol):
    def choose(self, game: Game) -> Move: ...
###}
