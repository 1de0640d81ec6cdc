"""A documented layout as a graph, and the build orders that produce it through an engine's Layout.

A worked example shows a snapshot of the table, not the moves that made it. Any tile but the
documented one may have been the lead; from there the connections say which tile was placed on
which port. An order is valid when every tile comes after the tile it joins, the documented tile
comes last, doubles other than the lead join by line A, a spinner's branches come after both of
its line sides (where the variant says so), and, under "first double", the chosen double is the
first double placed. `plans` gives one deterministic order per choice of lead; `build_orders` is
the Hypothesis strategy that draws any valid order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .engine_api import EngineLayout, Link, Tile, VariantEngine

if TYPE_CHECKING:  # Hypothesis is imported only when build orders are drawn: every CLI start would pay for it
    from hypothesis import strategies as st

Placement = tuple[Tile, Tile | None, str | None]

LINE_PORTS = ("lineA", "lineB")
BRANCH_PORTS = ("branchA", "branchB")
PORT_RANK = {port: rank for rank, port in enumerate(("high", "low", "lineA", "lineB", "branchA", "branchB"))}


def is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def port_value(tile: Tile, port: str) -> int:
    """The pips a port shows: a half of a non-double, or the double's value."""
    return tile[1] if port == "high" else tile[0]


def ports_of(tile: Tile) -> tuple[str, ...]:
    return LINE_PORTS + BRANCH_PORTS if is_double(tile) else ("low", "high")


@dataclass(frozen=True)
class Rules:
    """What the build order depends on, read from an engine module."""
    spinners: str  # "none", "first double", "every double"
    branches_after_lines: bool

    @classmethod
    def of(cls, engine: VariantEngine) -> Rules:
        return cls(engine.SPINNER_POLICY, engine.BRANCHES_OPEN == "after both line sides are filled")


@dataclass
class Snapshot:
    tiles: tuple[Tile, ...]  # in the document's order
    edges: tuple[Link, ...]
    placed: Tile
    links: dict[Tile, list[tuple[str, Tile, str]]] = field(init=False)  # tile -> (its port, other tile, other port)

    def __post_init__(self) -> None:
        self.links = {t: [] for t in self.tiles}
        for (a, pa), (b, pb) in self.edges:
            self.links[a].append((pa, b, pb))
            self.links[b].append((pb, a, pa))

    def degree(self, tile: Tile) -> int:
        return len(self.links[tile])

    def ports_used(self, tile: Tile) -> dict[str, Tile]:
        return {port: other for port, other, _ in self.links[tile]}

    def unjoined(self) -> list[Tile]:
        """Tiles not reached from the first one (empty for a connected layout)."""
        seen = {self.tiles[0]}
        stack = [self.tiles[0]]
        while stack:
            for _, other, _ in self.links[stack.pop()]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        return [t for t in self.tiles if t not in seen]

    def parents(self, root: Tile) -> dict[Tile, tuple[Tile, str, str]]:
        """tile -> (the tile it joins, that tile's port, its own port), for a tree led by root."""
        parents: dict[Tile, tuple[Tile, str, str]] = {}
        stack = [root]
        while stack:
            tile = stack.pop()
            for port, other, other_port in self.links[tile]:
                if other != root and other not in parents:
                    parents[other] = (tile, port, other_port)
                    stack.append(other)
        return parents

    def leads(self) -> list[Tile]:
        """The tiles that can have been the lead: not the documented tile (unless alone), and every
        other double then joins by its line A."""
        if len(self.tiles) == 1:
            return [self.placed]
        found = []
        for root in self.tiles:
            if root == self.placed:
                continue
            parents = self.parents(root)
            if all(parents[t][2] == "lineA" for t in self.tiles if t != root and is_double(t)):
                found.append(root)
        return found

    def _ready(self, done: set[Tile], parents: dict[Tile, tuple[Tile, str, str]], rules: Rules,
               first: Tile | None) -> list[Tile]:
        ready = []
        for tile in self.tiles:
            if tile in done or parents[tile][0] not in done:
                continue
            if tile == self.placed and len(done) < len(self.tiles) - 1:
                continue
            parent, port, _ = parents[tile]
            if port in BRANCH_PORTS and rules.branches_after_lines:
                sides = self.ports_used(parent)
                if any(side not in sides or sides[side] not in done for side in LINE_PORTS):
                    continue
            if rules.spinners == "first double" and first is not None and first not in done \
                    and is_double(tile) and tile != first:
                continue
            ready.append(tile)
        return ready

    def plan(self, root: Tile, rules: Rules, first: Tile | None = None) -> list[Placement] | None:
        """One build order led by root (first ready tile in document order each time); None if stuck."""
        if rules.spinners == "first double" and first is not None and is_double(root) and root != first:
            return None
        parents = self.parents(root)
        order: list[Placement] = [(root, None, None)]
        done = {root}
        while len(done) < len(self.tiles):
            ready = self._ready(done, parents, rules, first)
            if not ready:
                return None
            tile = ready[0]
            order.append((tile, parents[tile][0], parents[tile][1]))
            done.add(tile)
        return order

    def plans(self, rules: Rules, first_choices: list[Tile]) -> Iterator[list[Placement]]:
        """Candidate build orders: for each lead, and under "first double" for each choice of first double."""
        firsts: list[Tile | None] = [None]
        if rules.spinners == "first double":
            firsts = [*first_choices, *(t for t in self.tiles if is_double(t) and t not in first_choices)] or [None]
        for first in firsts:
            for root in self.leads():
                order = self.plan(root, rules, first)
                if order is not None:
                    yield order


def build_layout(engine: VariantEngine, order: list[Placement]) -> EngineLayout:
    """The engine's Layout after the placements, in order (raises the engine's IllegalMove)."""
    layout = engine.Layout()
    for tile, on, port in order:
        layout.place(tile, on, port)
    return layout


def build_orders(snapshot: Snapshot, rules: Rules, first: Tile | None = None) -> st.SearchStrategy[list[Placement]]:
    """Any valid build order of the snapshot: a lead drawn from those that work, then any ready tile next.

    Under "first double", `first` is the double that must come first among the doubles.
    """
    from hypothesis import strategies as st

    leads = [root for root in snapshot.leads() if snapshot.plan(root, rules, first) is not None]
    if not leads:
        return st.nothing()

    @st.composite
    def orders(draw: st.DrawFn) -> list[Placement]:
        root = draw(st.sampled_from(leads))
        parents = snapshot.parents(root)
        order: list[Placement] = [(root, None, None)]
        done = {root}
        while len(done) < len(snapshot.tiles):
            tile = draw(st.sampled_from(snapshot._ready(done, parents, rules, first)))
            order.append((tile, parents[tile][0], parents[tile][1]))
            done.add(tile)
        return order

    return orders()
