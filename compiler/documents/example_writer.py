"""Writing worked-example blocks: the placed-tile line, the caption line and the detail line that a
layout gives, in a language pack's words, computed by an engine. A document author builds the layout
from placements (on the command line or as JSON) and pastes the block instead of computing it. A trains
variant's layout is laid for the table its placements name: one seat more than the highest train port a
placement is put on, and at least the variant's fewest players (the verifier reads the same count back
from the block's connections and continuations).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..engine_api import EngineLayout, Link, Port, Tile, VariantEngine, has_trains, layout_points, new_layout, read_tile
from ..language.diagnostics import Diagnostic, InputError
from ..language.textfile import PLACEMENTS, read_json_file
from .language_pack import Pack
from .snapshot import PORT_RANK, hub_ports, is_hub_port, train_players


class Writer:
    """Tiles, ports and lists in a pack's words: for example blocks, and for what a verify failure expects."""

    def __init__(self, engine: VariantEngine, pack: Pack):
        self.engine = engine
        self.pack = pack

    def tile_text(self, tile: Tile) -> str:
        return self.engine.format_tile(tile)

    def end(self, tile: Tile, port: str) -> str:
        return f"{self.tile_text(tile)} ({self.pack.port_name(port)})"

    def tiles(self, kind: str, tiles: Iterable[Tile]) -> str:
        return self.pack.items_text(kind, [self.tile_text(t) for t in tiles])

    def connections(self, links: Iterable[Link]) -> str:
        return self.pack.items_text("connections", [
            self.pack.render("connection", tile=self.tile_text(a), port=self.pack.port_name(pa),
                             other_tile=self.tile_text(b), other_port=self.pack.port_name(pb))
            for (a, pa), (b, pb) in links])

    def continuations(self, ports: Iterable[Port]) -> str:
        ordered = sorted(ports, key=lambda p: (p[0], PORT_RANK.get(p[1], 9), p[1], p[2]))
        return self.pack.items_text("continuations", [
            self.pack.render("continuation", tile=self.tile_text(t), port=self.pack.port_name(p), value=v)
            for t, p, v in ordered])

    def counted(self, counted: Iterable[tuple[Tile, int]]) -> str:
        return self.pack.items_text("counted", [self.pack.render("contribution", tile=self.tile_text(t), value=v)
                                                for t, v in counted])


def sorted_ends(layout: EngineLayout) -> list[Port]:
    """The engine's counted ends in the order documents list them: by tile, high end before low."""
    return sorted(layout.counted_ends(), key=lambda e: (e[0], PORT_RANK[e[1]]))


def terms_text(terms: Iterable[int]) -> str:
    return " + ".join(str(t) for t in terms) or "0"


def example_block(engine: VariantEngine, layout: EngineLayout, pack: Pack) -> list[str]:
    """The three lines of the worked example for the layout's last placed tile."""
    write = Writer(engine, pack)
    values = [value for _, _, value in sorted_ends(layout)]
    total = sum(values)
    try:
        raw, displayed = layout_points(engine, layout)
    except engine.IllegalMove as err:
        raise _placement_error(f"the points of this placement cannot be written: {err}") from None
    parts = {
        "sum": pack.render("sum", terms=terms_text(values), total=total),
        "points": pack.points_text(raw, displayed, displayed if engine.RAW_PER_DISPLAYED == 1 else None),
        "tiles": pack.render("tiles", items=write.tiles("tiles", layout.tiles)),
        "spinners": pack.render("spinners", items=write.tiles("spinners", layout.spinners())),
        "connections": pack.render("connections", items=write.connections(layout.connections())),
        "continuations": pack.render("continuations", items=write.continuations(layout.open_ports())),
        "counted": pack.render("counted", items=write.counted((t, v) for t, _, v in sorted_ends(layout))),
    }
    # The detail line leaves the sum and points to the caption above it, and spinners unsaid when there are none.
    detail = [name for name in pack.after_caption if name != "spinners" or layout.spinners()]
    return [pack.render("placed", tile=write.tile_text(layout.tiles[-1])),
            " ".join(parts[name] for name in pack.caption),
            " ".join(parts[name] for name in detail)]


def _placement_error(message: str) -> InputError:
    """A placement on the command line (or from a placements file) that cannot be read or is not allowed."""
    return InputError([Diagnostic(message, None)])


def _placement_tile(engine: VariantEngine, text: str, step: str) -> Tile:
    try:
        return read_tile(engine, text, step)
    except ValueError as err:
        raise _placement_error(str(err)) from None


def place(engine: VariantEngine, layout: EngineLayout, step: str) -> None:
    """One placement: TILE (the lead, or a tile that fits exactly one open port) or TILE:ON:PORT."""
    parts = step.split(":")
    if len(parts) not in (1, 3):
        raise _placement_error(f"{step!r}: write a placement as TILE or TILE:ON:PORT, such as '[1|1]:[1|4]:low'")
    tile = _placement_tile(engine, parts[0], step)
    on: Tile | None
    port: str | None
    if len(parts) == 3:
        on, port = _placement_tile(engine, parts[1], step), parts[2].strip()
        _check_hub_port(engine, port, step)
    elif tile in layout.tiles:
        on, port = None, None  # the engine says it is already on the table
    else:
        choices = layout.placements_for(tile)
        if len(choices) != 1:
            options = ", ".join(f"{step}:{engine.format_tile(t)}:{p}" for t, p in choices if t is not None)
            raise _placement_error(f"{step!r}: " + (f"fits more than one port; say which: {options}" if choices
                                                     else "fits no open port"))
        on, port = choices[0]
    try:
        layout.place(tile, on, port)
    except engine.IllegalMove as err:
        raise _placement_error(f"{step!r}: {err}") from None


def _check_hub_port(engine: VariantEngine, port: str, step: str) -> None:
    """A train port the variant's engine does not have, refused with the ones it has."""
    if not has_trains(engine) or port in engine.PORT_NAMES or not (is_hub_port(port) or port.startswith("train")):
        return
    ports = hub_ports(engine)
    trains = [p for p in ports if p != "public"]
    has = f"{trains[0]} to {trains[-1]}" + (" and public" if "public" in ports else "")
    why = (f"{engine.VARIANT_NAME} has no public train" if port == "public"
           else f"{engine.VARIANT_NAME} is played by at most {engine.MAX_PLAYERS} players")
    raise _placement_error(f"{step!r}: {why}: its engine's train ports are {has}")


def placement_players(engine: VariantEngine, steps: list[str]) -> int | None:
    """The table a trains variant's placements are laid for: one seat more than the highest train port named,
    at least the variant's fewest players (None for a variant without trains)."""
    return train_players(engine, (parts[2].strip() for step in steps if len(parts := step.split(":")) == 3))


def layout_from_steps(engine: VariantEngine, steps: list[str], players: int | None = None) -> EngineLayout:
    """The layout the placements build; a trains variant's laid for players seats, or when None for the table
    its placements name (placement_players)."""
    if not steps:
        raise _placement_error("give at least one placement (the lead)")
    try:
        layout = new_layout(engine, placement_players(engine, steps) if players is None else players)
    except engine.IllegalMove as err:
        raise _placement_error(str(err)) from None
    for step in steps:
        place(engine, layout, step)
    return layout


def steps_from_file(path: Path) -> list[str]:
    """A placements file: a JSON list of placements, [TILE] for the lead and [TILE, ON, PORT] after it, as
    the engines' saved matches write the layout."""
    data, text = read_json_file(path, PLACEMENTS)
    if not isinstance(data, list) or not all(isinstance(entry, list) and len(entry) in (1, 3)
                                             and all(isinstance(x, str) for x in entry) for entry in data):
        raise InputError([Diagnostic('expected a list of placements such as [["[1|4]"], ["[1|1]", "[1|4]", "low"]]',
                                     None, file=str(path))], text)
    return [":".join(entry) for entry in data]
