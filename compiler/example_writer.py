"""Writing worked-example blocks: the placed-tile line, the caption line and the detail line that a
layout gives, in a language pack's words, computed by an engine. A document author builds the layout
from placements (on the command line or as JSON) and pastes the block instead of computing it.
"""

from __future__ import annotations

import json
import types
from typing import Any, Iterable

from .language_pack import Pack
from .snapshot import PORT_RANK, Tile

Layout = Any  # an engine module's Layout instance


class ExampleError(Exception):
    """A placement that cannot be read or that the rules do not allow; the message says which."""


class Writer:
    """Tiles, ports and lists in a pack's words: for example blocks, and for what a verify failure expects."""

    def __init__(self, engine: types.ModuleType, pack: Pack):
        self.engine = engine
        self.pack = pack

    def tile(self, tile: Tile) -> str:
        return self.engine.format_tile(tile)

    def end(self, tile: Tile, port: str) -> str:
        return f"{self.tile(tile)} ({self.pack.port_name(port)})"

    def tiles(self, kind: str, tiles: Iterable[Tile]) -> str:
        return self.pack.items_text(kind, [self.tile(t) for t in tiles])

    def connections(self, links: Iterable[tuple[tuple[Tile, str], tuple[Tile, str]]]) -> str:
        return self.pack.items_text("connections", [
            self.pack.render("connection", tile=self.tile(a), port=self.pack.port_name(pa), other_tile=self.tile(b),
                             other_port=self.pack.port_name(pb)) for (a, pa), (b, pb) in links])

    def continuations(self, ports: Iterable[tuple[Tile, str, int]]) -> str:
        ordered = sorted(ports, key=lambda p: (p[0], PORT_RANK.get(p[1], 9), p[1], p[2]))
        return self.pack.items_text("continuations", [
            self.pack.render("continuation", tile=self.tile(t), port=self.pack.port_name(p), value=v)
            for t, p, v in ordered])

    def counted(self, counted: Iterable[tuple[Tile, int]]) -> str:
        return self.pack.items_text("counted", [self.pack.render("contribution", tile=self.tile(t), value=v)
                                                for t, v in counted])


def sorted_ends(layout: Layout) -> list[tuple[Tile, str, int]]:
    """The engine's counted ends in the order documents list them: by tile, high end before low."""
    return sorted(layout.counted_ends(), key=lambda e: (e[0], PORT_RANK[e[1]]))


def terms_text(terms: Iterable[int]) -> str:
    return " + ".join(str(t) for t in terms) or "0"


def example_block(engine: types.ModuleType, layout: Layout, pack: Pack) -> list[str]:
    """The three lines of the worked example for the layout's last placed tile."""
    write = Writer(engine, pack)
    values = [value for _, _, value in sorted_ends(layout)]
    total = sum(values)
    raw, displayed = engine.placement_points(total)
    parts = {
        "sum": pack.render("sum", terms=terms_text(values), total=total),
        "points": pack.points_text(raw, displayed, displayed if engine.RAW_PER_DISPLAYED == 1 else None),
        "tiles": pack.render("tiles", items=write.tiles("tiles", layout.tiles)),
        "spinners": pack.render("spinners", items=write.tiles("spinners", layout.spinners())),
        "connections": pack.render("connections", items=write.connections(layout.connections())),
        "continuations": pack.render("continuations", items=write.continuations(layout.open_ports())),
        "counted": pack.render("counted", items=write.counted((t, v) for t, _, v in sorted_ends(layout))),
    }
    return [pack.render("placed", tile=write.tile(layout.tiles[-1])),
            " ".join(parts[name] for name in pack.caption),
            " ".join(parts[name] for name in pack.detail)]


def _tile(engine: types.ModuleType, text: str, where: str) -> Tile:
    try:
        return engine.parse_tile(text)
    except ValueError as err:
        raise ExampleError(f"{where}: {err}") from None


def place(engine: types.ModuleType, layout: Layout, step: str) -> None:
    """One placement: TILE (the lead, or a tile that fits exactly one open port) or TILE:ON:PORT."""
    parts = step.split(":")
    if len(parts) not in (1, 3):
        raise ExampleError(f"{step!r}: write a placement as TILE or TILE:ON:PORT, such as '[1|1]:[1|4]:low'")
    tile = _tile(engine, parts[0], step)
    on: Tile | None
    port: str | None
    if len(parts) == 3:
        on, port = _tile(engine, parts[1], step), parts[2].strip()
    elif tile in layout.tiles:
        on, port = None, None  # the engine says it is already on the table
    else:
        choices = layout.placements_for(tile)
        if len(choices) != 1:
            options = ", ".join(f"{step}:{engine.format_tile(t)}:{p}" for t, p in choices)
            raise ExampleError(f"{step!r}: " + (f"fits more than one port; say which: {options}" if choices
                                                 else "fits no open port"))
        on, port = choices[0]
    try:
        layout.place(tile, on, port)
    except engine.IllegalMove as err:
        raise ExampleError(f"{step!r}: {err}") from None


def layout_from_steps(engine: types.ModuleType, steps: list[str]) -> Layout:
    if not steps:
        raise ExampleError("give at least one placement (the lead)")
    layout = engine.Layout()
    for step in steps:
        place(engine, layout, step)
    return layout


def steps_from_json(text: str) -> list[str]:
    """A JSON layout: a list of placements, [TILE] for the lead and [TILE, ON, PORT] after it, as the
    engines' saved matches write the layout."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ExampleError(f"{err.lineno}:{err.colno}: malformed JSON: {err.msg}") from None
    if not isinstance(data, list) or not all(isinstance(entry, list) and len(entry) in (1, 3)
                                             and all(isinstance(x, str) for x in entry) for entry in data):
        raise ExampleError(' expected a list of placements such as [["[1|4]"], ["[1|1]", "[1|4]", "low"]]')
    return [":".join(entry) for entry in data]
