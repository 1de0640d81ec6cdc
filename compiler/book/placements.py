"""The points of a placement by its end total, through the engine, for any placement score.

A placement score over the end total alone gives its points by total (the engine's RAW_POINTS). One that
also uses the lead, the ends or the mover's score ("a double on the lead scores double") gives them for a
layout: its table by end total is that of an ordinary placement, one that is not the lead and for which
the other names the formula uses take their everyday values (two counted ends, not alike, no double
standing at one). A layout of each total is built through the engine and asked; a total whose points
still change with the mover's score, or that no such layout shows, has no row, and says why.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, cast

from ..engine_api import EngineLayout, Tile, VariantEngine
from ..language import ir
from ..language.formula import names_used
from .layouts import set_tiles

# The names besides the end total, and the value each takes in an ordinary placement.
ORDINARY = {"lead": 0, "ends": 2, "ends_alike": 0, "double_end": 0}
ORDINARY_DEPTH = 3  # the tiles of the layouts tried for an ordinary placement of each total
SCORES_WITHOUT_TARGET = 101  # the mover's scores tried where the game has no target


class NotCheckable(Exception):
    """A number the engine cannot tell from what a document says; the message says why."""


class _ShapedLayout(EngineLayout, Protocol):
    """A layout of an engine whose formula asks about the shape of the ends."""

    def ends_alike(self) -> int: ...
    def double_end(self) -> int: ...


@dataclass(frozen=True)
class Placements:
    """The points of a placement by end total, as a table of them can give them."""

    by_total: dict[int, tuple[int, int]]  # end total -> (raw, displayed)
    highest: int  # the highest end total the set's tiles add up to
    uses: frozenset[str]  # the formula's names besides the end total
    why_not: dict[int, str] = field(default_factory=dict)  # totals without a row that a layout shows, and why

    @property
    def ordinary(self) -> bool:
        """Is the table that of ordinary placements (the formula uses more than the end total)?"""
        return bool(self.uses)

    def points(self, total: int) -> tuple[int, int]:
        """(raw, displayed) of an ordinary placement making this total; NotCheckable where none can tell."""
        if total in self.by_total:
            return self.by_total[total]
        raise NotCheckable(self.why_not.get(total, f"no placement that is not the lead{self._but()} makes the "
                                                    f"ends {total}"))

    def _but(self) -> str:
        said = {"ends": ", with two ends", "ends_alike": ", with ends that differ",
                "double_end": ", without a double at an end"}
        return "".join(text for name, text in said.items() if name in self.uses)


def formula_names(spec: ir.Variant) -> frozenset[str]:
    """The names the placement score uses besides the end total (and the target, fixed for a game)."""
    return frozenset(n.name for n in names_used(spec.placement_score)) - {"total"}


_tables: dict[int, tuple[VariantEngine, Placements]] = {}


def placement_table(engine: VariantEngine, spec: ir.Variant | ir.MatchFormat | None) -> Placements:
    """The points by end total: the engine's own table, or (a formula over more) those of ordinary placements,
    which need the variant's spec to know them (NotCheckable without it)."""
    cached = _tables.get(id(engine))
    if cached is not None and cached[0] is engine:
        return cached[1]
    highest = sum(a + b for a, b in set_tiles(engine))
    if engine.RAW_POINTS:
        table = Placements({t: engine.placement_points(t) for t in range(len(engine.RAW_POINTS))},
                           len(engine.RAW_POINTS) - 1, frozenset())
    else:
        if not isinstance(spec, ir.Variant):
            raise NotCheckable("the placement score uses more than the end total, and no spec says how")
        uses = formula_names(spec) - {"target"}
        by_total, why_not = {}, {}
        for total, layout in sorted(_ordinary_layouts(engine, uses).items()):
            found = set(points_of(engine, spec, layout))
            if len(found) == 1:
                by_total[total] = found.pop()
            else:
                why_not[total] = f"the points of an end total of {total} also depend on the mover's score"
        table = Placements(by_total, highest, uses, why_not)
    _tables[id(engine)] = (engine, table)
    return table


def is_ordinary(layout: EngineLayout, uses: frozenset[str]) -> bool:
    """Does the last placement of this layout take the everyday value of every name the formula uses?"""
    shaped = cast(_ShapedLayout, layout)
    return (len(layout.tiles) > 1
            and ("ends" not in uses or len(layout.counted_ends()) == ORDINARY["ends"])
            and ("ends_alike" not in uses or shaped.ends_alike() == ORDINARY["ends_alike"])
            and ("double_end" not in uses or shaped.double_end() == ORDINARY["double_end"]))


def _ordinary_layouts(engine: VariantEngine, uses: frozenset[str]) -> dict[int, EngineLayout]:
    """The first ordinary layout of each end total, among the layouts of up to ORDINARY_DEPTH tiles built
    through the engine, tiles and ports in a fixed order."""
    tiles = set_tiles(engine)
    found: dict[int, EngineLayout] = {}

    def grow(placed: list[tuple[Tile, Tile | None, str | None]]) -> None:
        layout = engine.Layout()
        for tile, on, port in placed:
            layout.place(tile, on, port)
        if is_ordinary(layout, uses):
            found.setdefault(sum(value for _, _, value in layout.counted_ends()), layout)
        if len(placed) == ORDINARY_DEPTH:
            return
        for tile in tiles:
            if tile not in layout.tiles:
                for on, port in layout.placements_for(tile):
                    grow([*placed, (tile, on, port)])

    for lead in tiles:
        grow([(lead, None, None)])
    return found


def points_of(engine: VariantEngine, spec: ir.Variant, layout: EngineLayout) -> list[tuple[int, int]]:
    """(raw, displayed) of the placement that made this layout, at every score of the mover's side (and every
    player count, where the target differs with it) the formula is read at; one entry where none matters."""
    total = sum(value for _, _, value in layout.counted_ends())
    if engine.RAW_POINTS:
        return [engine.placement_points(total)]
    given = inspect.signature(engine.placement_points).parameters
    ask = cast(Callable[..., tuple[int, int]], engine.placement_points)
    tables = [(n, engine.Game(n, deal=False).target) for n in spec.player_counts] if "players" in given else \
        [(None, engine.Game(spec.player_counts[0], deal=False).target)]
    out = []
    for players, target in tables:
        scores = range(target or SCORES_WITHOUT_TARGET) if "score" in given else [None]
        for score in scores:
            extra = {"players": players} if players is not None else {}
            out.append(ask(total, layout, **({"score": score} if score is not None else {}), **extra))
    return list(dict.fromkeys(out))


def lead_points(engine: VariantEngine, spec: ir.Variant, tile: Tile) -> tuple[int, int]:
    """(raw, displayed) of leading this tile; NotCheckable where they change with the mover's score."""
    layout = engine.Layout()
    layout.place(tile)
    found = points_of(engine, spec, layout)
    if len(found) > 1:
        raise NotCheckable(f"the points of leading [{tile[0]}|{tile[1]}] also depend on the mover's score")
    return found[0]
