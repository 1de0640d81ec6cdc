"""The parts of an engine's Layout that no rule changes: placing with checks, and reading the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tiles import IllegalMove, _set_tile, format_tile

if TYPE_CHECKING:
    from .contract import _TEXT, _TILE_SET, LayoutParts
    from .types import LayoutState, Port, Tile
else:
    LayoutParts = object


class Layout(LayoutParts):
    ###{standalone layout_place
    def place(self, tile: Tile, on: Tile | None = None, port: str | None = None) -> None:
        """Add a tile: the lead when the table is empty, otherwise onto the open port of `on`. Tiles may
        be written high half first, or as lists."""
        try:
            known = tile in _TILE_SET and (on is None or on in _TILE_SET)
        except TypeError:  # a list, or a tuple that holds one
            known = False
        if not known:
            tile, on = _set_tile(tile), None if on is None else _set_tile(on)
        if tile in self.tiles:
            raise IllegalMove(f"{format_tile(tile)} is already on the table")
        if not self.tiles:
            if on is not None or port is not None:
                raise IllegalMove("the table is empty: the first tile is the lead and goes on no port")
            self._lead(tile)
            return
        if on is None or port is None:
            raise IllegalMove(f"{format_tile(tile)} must be placed on an open port of a tile on the table")
        for open_tile, open_port, value in self._open:
            if open_tile == on and open_port == port:
                if value != tile[0] and value != tile[1]:
                    raise IllegalMove(f"{format_tile(tile)} does not match {format_tile(on)} {port} ({value})")
                self._cover(tile, on, port)
                return
        raise IllegalMove(f"{format_tile(on)} {port} is not an open port")
    ###}

    ###{standalone layout
    def connections(self) -> list[tuple[tuple[Tile, str], tuple[Tile, str]]]:
        """((tile on the table, its port), (tile placed, the port it joined by)), in placement order."""
        return [((a, pa), (b, pb)) for a, pa, b, pb in self._links]

    def open_ports(self) -> list[Port]:
        """The legal continuation points: (tile, port, pip value)."""
        return list(self._open)
    ###}

    ###{standalone layout_placements
    def placements_for(self, tile: Tile) -> list[tuple[Tile | None, str | None]]:
        """Every (on, port) where tile may go now; [(None, None)] on an empty table."""
        if not self.tiles:
            return [(None, None)]
        low, high = tile
        return [(t, p) for t, p, value in self._open if value == low or value == high]
    ###}

    ###{standalone layout_reading
    def open_values(self) -> set[int]:
        return {value for _, _, value in self._open}

    def to_dict(self) -> LayoutState:
        text = _TEXT  # tiles on the table are tiles of the set: no check
        return {
            "tiles": [text[t] for t in self.tiles],
            "connections": [[text[a], pa, text[b], pb] for a, pa, b, pb in self._links],
            "spinners": [text[t] for t in self.spinners()],
            "open_ports": [[text[t], p, value] for t, p, value in self._open],
            "counted_ends": [[text[t], p, value] for t, p, value in self.counted_ends()],
            "end_total": self.end_total(),
        }
    ###}
