"""A documented layout as a graph, and the build orders that produce it through an engine's Layout.

A worked example shows a snapshot of the table, not the moves that made it. Any tile but the
documented one may have been the lead; from there the connections say which tile was placed on
which port. An order is valid when every tile comes after the tile it joins, the documented tile
comes last, doubles other than the lead join by line A, a spinner's branches come after both of
its line sides (where the variant says so), and, under "first double", the chosen double is the
first double placed. Under chicken feet every double, once placed, has the only open ports until its
four sides are covered (the spinner's line sides and branches, a chicken foot's line A and toes): the
tiles on its ports come next, and a double left with a side open comes after every tile that is not
on it. Under trains the lead is the hub, the engine whose ports start the trains (`train0` ... and
`public`); every other tile comes after the tile it joins, doubles by line A, and under satisfied doubles
the tile on a double's line B comes right after it: a double left unsatisfied comes after every other
tile, so only the documented tile, or a run of doubles ending in it, may leave one open. `plans` gives one
deterministic order per choice of lead; `build_orders` is the Hypothesis strategy that draws any valid
order.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine_api import EngineLayout, Link, Tile, VariantEngine, has_trains, new_layout
from ..language.clauses import MAX_PLAYERS

if TYPE_CHECKING:  # Hypothesis is imported only when build orders are drawn: every CLI start would pay for it
    from hypothesis import strategies as st

Placement = tuple[Tile, Tile | None, str | None]

LINE_PORTS = ("lineA", "lineB")
BRANCH_PORTS = ("branchA", "branchB")
TOE_PORTS = ("toeA", "toeB", "toeC")  # a chicken foot's: it has these and its line A, no line B nor branches
# The hub's (the engine of a trains variant): seat k's train starts on train<k>, the public train on public.
TRAIN_PORTS = tuple(f"train{seat}" for seat in range(MAX_PLAYERS))
HUB_PORTS = (*TRAIN_PORTS, "public")
PORT_RANK = {port: rank for rank, port in enumerate(("high", "low", *LINE_PORTS, *BRANCH_PORTS, *TOE_PORTS,
                                                      *HUB_PORTS))}
SIDES = 4  # the ports of a double: a spinner's line sides and branches, or a chicken foot's line A and toes


def is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def port_value(tile: Tile, port: str) -> int:
    """The pips a port shows: a half of a non-double, or the double's value."""
    return tile[1] if port == "high" else tile[0]


def ports_of(tile: Tile, foot: bool = False) -> tuple[str, ...]:
    """A tile's ports: a double's line sides and branches, or, for a chicken foot, its line A and its toes."""
    if not is_double(tile):
        return ("low", "high")
    return ("lineA", *TOE_PORTS) if foot else LINE_PORTS + BRANCH_PORTS


def is_hub_port(port: str) -> bool:
    """A port of a trains variant's hub: a seat's train or the public train."""
    return port in _HUB_PORT_SET


_HUB_PORT_SET = frozenset(HUB_PORTS)


def hub_ports(engine: VariantEngine) -> tuple[str, ...]:
    """The engine's hub ports at its largest table: its train ports, and public where it has a public train."""
    return tuple(port for port in engine.PORT_NAMES if is_hub_port(port))


def train_players(engine: VariantEngine, ports: Iterable[str]) -> int | None:
    """The table a trains layout that names these ports is laid for: one seat more than the highest train port
    of the engine named, and at least MIN_PLAYERS (a table's empty trains are open ports, so a layout shows
    its players in its continuations unless a double is unsatisfied). None for a variant without trains."""
    if not has_trains(engine):
        return None
    trains = set(hub_ports(engine)) - {"public"}
    return max([engine.MIN_PLAYERS, *(int(port.removeprefix("train")) + 1 for port in ports if port in trains)])


@dataclass(frozen=True)
class Rules:
    """What the build order depends on, read from an engine module."""
    spinners: str  # "none", "first double", "every double"
    branches_after_lines: bool
    # Every double after the first is a chicken foot; every double, the spinner too, has its sides covered first.
    chicken_feet: bool = False
    # The engine is a hub whose ports start the trains (and the public train); every other tile is in a train.
    trains: bool = False
    public_train: bool = False
    # Under trains: a double's line B is the only open end until covered, so the tile on it comes next.
    satisfied_doubles: bool = False

    @classmethod
    def of(cls, engine: VariantEngine) -> Rules:
        return cls(engine.SPINNER_POLICY, engine.BRANCHES_OPEN == "after both line sides are filled",
                   "toeA" in engine.PORT_NAMES, has_trains(engine), "public" in engine.PORT_NAMES,
                   engine.TRAIN_DOUBLES == "satisfied before any other play")


@dataclass
class Snapshot:
    tiles: tuple[Tile, ...]  # in the document's order
    edges: tuple[Link, ...]
    placed: Tile
    links: dict[Tile, list[tuple[str, Tile, str]]] = field(init=False)  # tile -> (its port, other tile, other port)
    hub: Tile | None = field(init=False)  # trains: the engine, the tile whose ports start the trains

    def __post_init__(self) -> None:
        self.links = {t: [] for t in self.tiles}
        self.hub = None
        for (a, pa), (b, pb) in self.edges:
            self.links[a].append((pa, b, pb))
            self.links[b].append((pb, a, pa))
            if self.hub is None and (is_hub_port(pa) or is_hub_port(pb)):
                self.hub = a if is_hub_port(pa) else b

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

    def joined_otherwise(self, root: Tile) -> list[tuple[Tile, str]]:
        """The doubles that, in a tree led by root, join by another port than line A, each with that port."""
        return [(tile, own) for tile, (_, _, own) in self.parents(root).items() if is_double(tile) and own != "lineA"]

    def leads(self) -> list[Tile]:
        """The tiles that can have been the lead: not the documented tile (unless alone), and every
        other double then joins by its line A, so that the lead lies on the double's line A side.
        Under trains only the hub leads.

        One walk of the tree from its first tile, not one per candidate: each double rules out, by ranges
        of the walk's order, the tiles that are not on its line A side."""
        if len(self.tiles) == 1:
            return [self.placed]
        if self.hub is not None:
            return [self.hub] if self.hub != self.placed and not self.joined_otherwise(self.hub) else []
        top = self.tiles[0]
        parents = self.parents(top)
        order: list[Tile] = []  # preorder: a tile's subtree is order[start[tile]:end[tile]]
        start: dict[Tile, int] = {}
        end: dict[Tile, int] = {}
        stack: list[tuple[Tile, bool]] = [(top, False)]
        while stack:
            tile, leaving = stack.pop()
            if leaving:
                end[tile] = len(order)
                continue
            start[tile] = len(order)
            order.append(tile)
            stack.append((tile, True))
            stack.extend((other, False) for _, other, _ in self.links[tile]
                         if other != top and parents[other][0] == tile)
        ruled_out = [0] * (len(order) + 1)  # differences: how many doubles rule out each place of the walk

        def rule_out(low: int, high: int, by: int = 1) -> None:
            ruled_out[low] += by
            ruled_out[high] -= by

        for tile in self.tiles:
            if not is_double(tile):
                continue
            rule_out(start[tile], start[tile] + 1, -1)  # the double itself, as the lead, joins nothing
            if tile != top and parents[tile][2] == "lineA":  # line A faces the walk's top: not below it
                rule_out(start[tile], end[tile])
                continue
            rule_out(0, len(order))  # only below its line A side
            below = self.ports_used(tile).get("lineA")
            if below is not None and below != top and parents[below][0] == tile:
                rule_out(start[below], end[below], -1)
        count, ruled = 0, {}
        for at, tile in enumerate(order):
            count += ruled_out[at]
            ruled[tile] = count
        return [tile for tile in self.tiles if tile != self.placed and ruled[tile] == 0]

    def plan(self, root: Tile, rules: Rules, first: Tile | None = None) -> list[Placement] | None:
        """One build order led by root (first ready tile in document order each time); None if stuck."""
        if rules.spinners == "first double" and first is not None and is_double(root) and root != first:
            return None
        frontier = _Frontier(self, root, rules, first)
        order: list[Placement] = [(root, None, None)]
        while len(frontier.done) < len(self.tiles):
            if not frontier.ready:
                return None
            tile = self.tiles[frontier.ready[0]]
            order.append((tile, *frontier.parents[tile][:2]))
            frontier.take(tile)
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


class _Frontier:
    """The tiles a build order led by root may place next, kept up to date as tiles are placed: a placement
    looks only at the tiles it can make ready (its children, the branches waiting for its parent's line
    sides, the doubles waiting for the first double, the tiles waiting for so many tiles to be placed, and
    under chicken feet the tiles held while a double's sides are covered, under satisfied doubles while a
    double's line B is open), so a whole order takes time linear in the tiles, times a logarithm."""

    def __init__(self, snapshot: Snapshot, root: Tile, rules: Rules, first: Tile | None):
        self.snapshot, self.rules, self.first = snapshot, rules, first
        self.parents = snapshot.parents(root)
        self.index = {tile: i for i, tile in enumerate(snapshot.tiles)}
        self.children: dict[Tile, list[Tile]] = {tile: [] for tile in snapshot.tiles}
        for tile, (parent, _, _) in self.parents.items():
            self.children[parent].append(tile)
        self.done: set[Tile] = set()
        self.ready: list[int] = []  # the ready tiles' places in the document's order, ascending
        self.for_lines: dict[Tile, list[Tile]] = {}  # a spinner -> its branches, waiting for its line sides
        self.for_first: list[Tile] = []  # doubles waiting for the first double
        # tile -> how many tiles come before it: the documented tile comes last, and under chicken feet a double
        # whose sides are not all covered before the documented tile (a side left open, or the documented tile on
        # one) comes after every tile but those on it: no other end opens while it has a side open
        self.after = {snapshot.placed: len(snapshot.tiles) - 1}
        if rules.chicken_feet:
            self.after.update(self._open_to_the_end(root))
        if rules.satisfied_doubles:
            self.after.update(self._unsatisfied_to_the_end())
        self.until: dict[int, list[Tile]] = {}  # so many tiles placed -> the tiles waiting for that
        # chicken feet: the double whose sides are being covered; satisfied doubles: the one whose line B is open
        self.filling: Tile | None = None
        self.covered = 0  # how many of its sides are covered
        self.held: list[Tile] = []  # tiles that wait until its sides (or line B) are covered
        self.take(root)

    def _open_to_the_end(self, root: Tile) -> dict[Tile, int]:
        """The doubles with a side open until the documented tile is placed, each with how many tiles are not
        it nor on it."""
        sizes = {tile: 1 for tile in self.snapshot.tiles}
        walk, stack = [], [root]
        while stack:
            walk.append(tile := stack.pop())
            stack.extend(self.children[tile])
        for tile in reversed(walk[1:]):
            sizes[self.parents[tile][0]] += sizes[tile]
        last = self.parents[self.snapshot.placed][0] if self.snapshot.placed in self.parents else None
        return {tile: len(self.snapshot.tiles) - sizes[tile] for tile in walk
                if is_double(tile) and (self.snapshot.degree(tile) < SIDES or tile == last)}

    def _unsatisfied_to_the_end(self) -> dict[Tile, int]:
        """Satisfied doubles: the run of doubles in a train, each on the one before's line B, that ends in the
        documented tile (itself or the tile that satisfies the last of them) is the end of every order: its first
        double comes after every tile not in the run."""
        run = [self.snapshot.placed]
        while run[-1] in self.parents and self.parents[run[-1]][1] == "lineB":
            run.append(self.parents[run[-1]][0])
        return {run[-1]: len(self.snapshot.tiles) - len(run)} if len(run) > 1 else {}

    def take(self, tile: Tile) -> None:
        """Place tile, a ready tile (or the root)."""
        self.done.add(tile)
        at = bisect_left(self.ready, self.index[tile])
        if at < len(self.ready) and self.ready[at] == self.index[tile]:
            del self.ready[at]
        woken = list(self.children[tile])
        if tile in self.parents and self.parents[tile][1] in LINE_PORTS:  # a line side of its parent is covered
            woken += self.for_lines.pop(self.parents[tile][0], [])
        if tile == self.first:
            woken += self.for_first
            self.for_first = []
        woken += self.until.pop(len(self.done), [])
        if self.rules.chicken_feet:
            woken += self._cover(tile)
        elif self.rules.satisfied_doubles:
            woken += self._satisfy(tile)
        for other in woken:
            self._consider(other)

    def _cover(self, tile: Tile) -> list[Tile]:
        """Chicken feet: the tiles a placement lets go. A double holds every other tile until its sides are
        covered (the root has none covered, a joined double one, by its join); a tile on its sides covers one."""
        if tile in self.parents and self.parents[tile][0] == self.filling:
            self.covered += 1
            if self.covered == SIDES:
                self.filling, held, self.held = None, self.held, []
                return held
        if is_double(tile):
            self.filling, self.covered = tile, int(tile in self.parents)
            self.held += [self.snapshot.tiles[i] for i in self.ready]
            self.ready = []
        return []

    def _satisfy(self, tile: Tile) -> list[Tile]:
        """Satisfied doubles: the tiles a placement lets go. A double in a train (any double but the hub, the
        root) holds every other tile until the tile on its line B is placed; that tile lets them go."""
        released: list[Tile] = []
        if tile in self.parents and self.parents[tile][0] == self.filling:
            self.filling, released, self.held = None, self.held, []
        if is_double(tile) and tile in self.parents:
            self.filling = tile
            self.held += [self.snapshot.tiles[i] for i in self.ready]
            self.ready = []
        return released

    def _consider(self, tile: Tile) -> None:
        """A tile whose parent is placed: ready, or waiting for what holds it back."""
        snapshot, rules = self.snapshot, self.rules
        after = self.after.get(tile, 0)
        if len(self.done) < after:
            self.until.setdefault(after, []).append(tile)
            return
        parent, port, _ = self.parents[tile]
        if port in BRANCH_PORTS and rules.branches_after_lines:
            sides = snapshot.ports_used(parent)
            if any(side not in sides or sides[side] not in self.done for side in LINE_PORTS):
                self.for_lines.setdefault(parent, []).append(tile)
                return
        if rules.spinners == "first double" and self.first is not None and self.first not in self.done \
                and is_double(tile) and tile != self.first:
            self.for_first.append(tile)
            return
        if self.filling is not None and parent != self.filling:
            self.held.append(tile)
            return
        insort(self.ready, self.index[tile])


def build_layout(engine: VariantEngine, order: list[Placement], players: int | None = None) -> EngineLayout:
    """The engine's Layout after the placements, in order (raises the engine's IllegalMove). A trains variant's
    is laid for players seats; when None, for the table the order's train ports name (train_players)."""
    if players is None:
        players = train_players(engine, (port for _, _, port in order if port is not None))
    layout = new_layout(engine, players)
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
        frontier = _Frontier(snapshot, root, rules, first)
        order: list[Placement] = [(root, None, None)]
        while len(frontier.done) < len(snapshot.tiles):
            tile = draw(st.sampled_from([snapshot.tiles[i] for i in frontier.ready]))
            order.append((tile, *frontier.parents[tile][:2]))
            frontier.take(tile)
        return order

    return orders()
