"""Tiles as text and back, the score table's reader, and the small helpers of moves and saves."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .contract import _TILE_SET, DISPLAYED_POINTS, MAX_PIP, RAW_POINTS
    from .types import Tile

###{standalone tiles
class IllegalMove(ValueError):
    """A move or setup the rules do not allow; the state is left as it was."""


def parse_tile(text: str) -> Tile:
    """'[1|4]' -> (1, 4); either half order is accepted, the result is low half first."""
    body = text.strip()
    if not (body.startswith("[") and body.endswith("]") and body.count("|") == 1):
        raise ValueError(f"not a tile: {text!r} (write tiles as [a|b])")
    left, right = body[1:-1].split("|")
    try:
        a, b = int(left), int(right)
    except ValueError:
        raise ValueError(f"not a tile: {text!r} (write tiles as [a|b])") from None
    tile = (min(a, b), max(a, b))
    if tile not in _TILE_SET:
        raise ValueError(f"{text} is not in the double-{MAX_PIP} set")
    return tile


def format_tile(tile: Tile) -> str:
    return f"[{tile[0]}|{tile[1]}]"


def placement_points(total: int) -> tuple[int, int]:
    """(raw, displayed) points for a placement whose counted ends add up to total."""
    return RAW_POINTS[total], DISPLAYED_POINTS[total]


def _tile_list(tiles: Iterable[Tile]) -> list[str]:
    return [format_tile(t) for t in tiles]
###}


###{standalone highest_double
def _highest_double_holder(hands: list[list[Tile]]) -> int | None:
    """The seat holding the highest double, or None when nobody holds one."""
    doubles = [(t[0], seat) for seat, hand in enumerate(hands) for t in hand if t[0] == t[1]]
    return max(doubles)[1] if doubles else None
###}


###{standalone saves
def _normalise(move: object) -> tuple[object, ...]:
    """Accept lists (as JSON gives them) for moves and tiles."""
    if not isinstance(move, (tuple, list)) or not move:
        return ("?",)
    kind = move[0]
    if kind == "play" and len(move) == 4:
        tile = tuple(move[1]) if isinstance(move[1], (tuple, list)) else move[1]
        on = tuple(move[2]) if isinstance(move[2], (tuple, list)) else move[2]
        return ("play", tile, on, move[3])
    return tuple(move)


def _shown(tile: object) -> str:
    """A tile of a move as the messages write it, whatever the move holds."""
    return format_tile(tile) if isinstance(tile, tuple) and len(tile) == 2 else str(tile)


def _rng_state(rng: random.Random) -> list[object]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_unstate(state: list[Any]) -> tuple[Any, ...]:
    """The saved random state (JSON: lists for tuples) as random.Random.setstate takes it."""
    return (state[0], tuple(state[1]), state[2])
###}
