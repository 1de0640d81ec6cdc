"""Tiles as text and back, the score table's reader, and the small helpers of moves and saves."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .contract import _TEXT, _TILE_SET, DISPLAYED_POINTS, LEAD_ORDER, MAX_PIP, RAW_POINTS
    from .types import Tile

###{standalone tiles
class IllegalMove(ValueError):
    """A move or setup the rules do not allow; the state is left as it was."""


_TILE_TEXT = re.compile(r"\s*\[\s*([0-9]+)\s*\|\s*([0-9]+)\s*\]\s*")


def parse_tile(text: str) -> Tile:
    """'[1|4]' -> (1, 4): a tile of the set written [a|b], a and b in the digits 0-9, either half first,
    with white space allowed around the tile and around each half; the result is low half first.
    IllegalMove for anything else."""
    found = _TILE_TEXT.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise IllegalMove(f"not a tile: {_brief(text)} (write tiles as [a|b])")
    # a half of many digits is no pip of any set: it is not converted (int() refuses over 4,300 digits)
    a, b = (int(half) if len(half.lstrip("0")) <= 3 else MAX_PIP + 1 for half in found.groups())
    tile = (min(a, b), max(a, b))
    if tile not in _TILE_SET:
        shown = text.strip()
        raise IllegalMove(f"{shown if len(shown) <= 60 else _brief(text)} is not in the double-{MAX_PIP} set")
    return tile


def format_tile(tile: Tile) -> str:
    """(1, 4) -> '[1|4]': a tile of the set, two whole numbers as a tuple or a list, either half first,
    written low half first. IllegalMove for anything else."""
    return _TEXT[_set_tile(tile)]


###}

###{standalone placement_points
def placement_points(total: int) -> tuple[int, int]:
    """(raw, displayed) points for a placement whose counted ends add up to total."""
    if type(total) is not int or not 0 <= total < len(RAW_POINTS):
        raise IllegalMove(f"an end total is a whole number from 0 to {len(RAW_POINTS) - 1}, not {_brief(total)}")
    return RAW_POINTS[total], DISPLAYED_POINTS[total]
###}

###{standalone tile_helpers


def _tile_list(tiles: Iterable[Tile]) -> list[str]:
    """The engine's own tiles as text: tiles of the set already, so looked up without format_tile's check."""
    text = _TEXT
    return [text[t] for t in tiles]
###}


###{standalone highest_double
def _highest_double_holder(hands: list[list[Tile]]) -> int | None:
    """The seat holding the highest double, or None when nobody holds one."""
    doubles = [(t[0], seat) for seat, hand in enumerate(hands) for t in hand if t[0] == t[1]]
    return max(doubles)[1] if doubles else None
###}


###{standalone heaviest_tile
def _heaviest_tile_holder(hands: list[list[Tile]]) -> int | None:
    """The seat holding the heaviest tile dealt (most pips; between equal sums the greater higher half), or None
    when no hand holds a tile."""
    held = [(t[0] + t[1], t[1], seat) for seat, hand in enumerate(hands) for t in hand]
    return max(held)[2] if held else None
###}


###{standalone first_held
def _first_held(hands: list[list[Tile]]) -> tuple[Tile, int] | None:
    """The first tile of LEAD_ORDER that a hand holds, and its holder; None when no hand holds one."""
    for tile in LEAD_ORDER:  # a list's own `in` per hand: the first tiles of the order are the ones usually held
        for seat, hand in enumerate(hands):
            if tile in hand:
                return tile, seat
    return None
###}


###{standalone saves
MOVE_FORMS = ('("play", tile, on, port), ("play", tile, on, port, by) for a wild tile, ("play", tile, None, None) '
              'for the lead, ("draw",) or ("pass",)')


def _brief(value: object) -> str:
    """A value a caller handed in, as a message shows it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _as_tile(value: object) -> Tile | None:
    """A tile given as two pips in either order (a tuple, or a list as JSON gives it), low half first;
    None for anything else."""
    if isinstance(value, (tuple, list)) and len(value) == 2:
        a, b = value
        if type(a) is int and type(b) is int:
            return (a, b) if a <= b else (b, a)
    return None


def _checked_seed(seed: object) -> int | None:
    if seed is not None and type(seed) is not int:
        raise IllegalMove(f"a seed is a whole number or None, not {_brief(seed)}")
    return seed


def _set_tile(value: object) -> Tile:
    """value as a tile of the set, low half first; IllegalMove if it is none."""
    tile = _as_tile(value)
    if tile is None or tile not in _TILE_SET:
        raise IllegalMove(f"{_brief(value)} is not a tile of the double-{MAX_PIP} set")
    return tile


def _normalise(move: object) -> tuple[object, ...]:
    """The move written as the legal moves write it: tuples for lists, tiles low half first.

    IllegalMove, saying what a move is, for anything that has no move's shape."""
    if isinstance(move, (tuple, list)) and move:
        kind = move[0]
        if kind == "play" and len(move) in (4, 5):
            tile, on, port = _as_tile(move[1]), _as_tile(move[2]), move[3]
            if tile is None:
                raise IllegalMove(f"{_brief(move[1])} is not a tile: write a tile as two pips, such as (1, 4)")
            if on is None and move[2] is not None:
                raise IllegalMove(f"{_brief(move[2])} is not a tile to play on: two pips such as (1, 4), or None")
            if port is not None and not isinstance(port, str):
                raise IllegalMove(f"{_brief(port)} is not a port: a port is a name such as 'low', or None")
            if len(move) == 5:
                if move[4] not in ("low", "high"):
                    raise IllegalMove(f"{_brief(move[4])} is not a half: a wild tile touches by 'low' or 'high'")
                return ("play", tile, on, port, move[4])
            return ("play", tile, on, port)
        if kind in ("draw", "pass") and len(move) == 1:
            return (kind,)
        if kind == "muggins" and len(move) == 2 and type(move[1]) is int:
            return (kind, move[1])
    raise IllegalMove(f"not a move: {_brief(move)}; a move is {MOVE_FORMS}")


def _shown(tile: object) -> str:
    """A tile of a move as the messages write it, whatever the move holds."""
    return format_tile(tile) if isinstance(tile, tuple) and len(tile) == 2 else str(tile)


def _rng_state(rng: random.Random) -> list[object]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


# What Game.to_json writes, every key of it.
SAVE_KEYS = frozenset({
    "variant", "players", "partnerships", "scores", "starting_scores", "pegs", "rng", "events", "winners", "deals",
    "over", "first_hand", "hand_number", "hand_over", "opener", "current", "hands", "pile", "layout", "last_tile_seat",
    "last_blocked", "extra", "drawn", "draws", "passes",
})


def _saved_tile(value: object) -> Tile:
    if not isinstance(value, str):
        raise IllegalMove(f"a save writes a tile as text such as '[1|4]', not {_brief(value)}")
    return parse_tile(value)


def _saved_tiles(value: object) -> list[Tile]:
    if not isinstance(value, list):
        raise IllegalMove(f"a save writes tiles as a list, not {_brief(value)}")
    return [_saved_tile(t) for t in value]


def _rng_unstate(state: list[Any]) -> tuple[Any, ...]:
    """The saved random state (JSON: lists for tuples) as random.Random.setstate takes it."""
    return (state[0], tuple(state[1]), state[2])
###}
