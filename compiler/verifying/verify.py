"""Checking worked examples, table rows and the sentences of a rule book against a generated engine.

Nothing here knows a rule: tiles, spinners, ports, counted ends and points all come from the engine
module (TILES through parse_tile, SPINNER_POLICY, DEAL, placement_points, Layout), match points from
its MatchScore. This module only decides whether the document's layout is a well-formed tree that
some build order produces, rebuilds it through Layout.place, feeds a match table's games to
MatchScore, and compares what the engine says with what the document says, writing every expected
value the way the document's language pack writes it. A rule book's sentences are checked against the
spec: a rule against the spec's own sentences (book.sentences), a computed case through the engine
(book.scenarios).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..book.placements import NotCheckable, placement_table
from ..book.scenarios import check_claim
from ..book.writer import reachable_totals
from ..documents.arithmetic import wrong_step
from ..documents.document import (
    Arithmetic,
    Claim,
    Detail,
    Document,
    Failure,
    Item,
    LayoutExample,
    MatchRow,
    MatchTable,
    Statement,
    TableRow,
    Unchecked,
)
from ..documents.example_writer import Writer, sorted_ends, terms_text
from ..documents.language_pack import Pack
from ..documents.sentences import Sentence, rule_sentences
from ..documents.snapshot import (
    BRANCH_PORTS,
    LINE_PORTS,
    Placement,
    Rules,
    Snapshot,
    build_layout,
    build_orders,
    hub_ports,
    is_double,
    is_hub_port,
    port_value,
    ports_of,
    train_players,
)
from ..documents.wording import Value, Wording
from ..engine_api import (
    Engine,
    EngineLayout,
    EngineMatchScore,
    MatchRules,
    Tile,
    VariantEngine,
    as_match_format,
    as_variant,
    layout_points,
    match_rules,
    spec_name,
)
from ..language import ir
from ..language.diagnostics import Diagnostic, UsageError
from ..language.ir import Pos

Spec = ir.Variant | ir.MatchFormat


@dataclass(frozen=True)
class Outcome:
    line: int
    kind: str  # "layout", "table-row" or "claim"
    failures: tuple[Failure, ...]
    key: str | None = None  # a claim's: its template's key, and the sentence as the document writes it
    text: str | None = None
    not_checkable: str | None = None  # why the engine cannot tell the numbers it states: neither passed nor failed

    @property
    def passed(self) -> bool:
        return not self.failures and self.not_checkable is None

    @property
    def failed(self) -> bool:
        return bool(self.failures)


@dataclass(frozen=True)
class Report:
    document: str
    language: str
    outcomes: tuple[Outcome, ...]
    read_lines: int
    skipped_lines: int
    unchecked: tuple[Unchecked, ...] = ()  # the numbers of lines that nothing read checks
    strict: bool = False  # whether an unchecked number fails the document

    @property
    def passed(self) -> int:
        return sum(1 for o in self.outcomes if o.passed)

    @property
    def failed(self) -> int:
        return sum(1 for o in self.outcomes if o.failed)

    @property
    def not_checkable(self) -> int:
        return sum(1 for o in self.outcomes if o.not_checkable is not None)

    @property
    def fails(self) -> bool:
        """Whether the document fails: an item fails, or (strict) a number is left unchecked."""
        return bool(self.failed or (self.strict and self.unchecked))


class _Stop(Exception):
    """The example cannot be checked further; its failures so far say why."""


class _Example:
    """The checks of one worked example, collecting failures."""

    def __init__(self, example: LayoutExample, engine: VariantEngine, pack: Pack):
        self.example = example
        self.engine = engine
        self.write = Writer(engine, pack)
        self.rules = Rules.of(engine)
        self.failures: list[Failure] = list(example.problems)
        self.players: int | None = None  # a trains variant's table: read from the ports the document names

    def fail(self, field: str, expected: str, found: str) -> None:
        self.failures.append(Failure(field, expected, found))

    def stop_if_failed(self) -> None:
        if self.failures:
            raise _Stop

    def documented_tile(self, text: str, field: str) -> Tile | None:
        """The tile the document names, or None after recording that it is no tile of the set."""
        try:
            return self.engine.parse_tile(text)
        except ValueError:
            self.fail(field, f"a tile of the double-{self.engine.MAX_PIP} set", text)
            return None

    def run(self, orders: int = 0) -> list[Failure]:
        """All checks; with orders > 0 a passing example is also rebuilt in that many random build orders."""
        try:
            detail = self.example.detail
            if detail is None or any(f.field != "caption line" and not f.field.endswith("unit")
                                     for f in self.failures):
                raise _Stop
            snapshot = self.structure(detail)
            layout = self.build(snapshot, detail)
            self.compare(layout, detail)
            if orders and not self.failures:
                first = layout.spinners()[0] if self.rules.spinners == "first double" and layout.spinners() else None
                self.failures.extend(explore_orders(self.engine, self.write.pack, snapshot, first, detail,
                                                    self.example.caption, orders))
        except _Stop:
            pass
        return self.failures

    # --- the layout as a tree --------------------------------------------------------------------

    def structure(self, detail: Detail) -> Snapshot:
        tiles = [self.documented_tile(t, "tiles") for t in detail.tiles]
        placed = self.documented_tile(self.example.placed or "", "placed tile")
        for field, texts in (("spinners", detail.spinners),
                             ("continuation points", [c.tile for c in detail.continuations]),
                             ("counted contributions", [c.tile for c in detail.counted])):
            for text in texts:
                self.documented_tile(text, field)
        self.stop_if_failed()
        assert placed is not None
        listed = [t for t in tiles if t is not None]
        for tile, count in Counter(listed).items():
            if count > 1:
                self.fail("tiles", "each tile once", f"{self.write.tile_text(tile)} {count} times")
        if not listed:
            self.fail("tiles", "at least the placed tile", self.write.pack.none)
        elif placed not in listed:
            self.fail("placed tile", f"one of the tiles listed ({self.write.tiles('tiles', listed)})",
                      self.write.tile_text(placed))
        self.stop_if_failed()
        feet = self.feet(listed, detail)
        hub = self.hub(listed, detail)
        self.players = example_players(self.engine, detail)
        edges = []
        for c in detail.connections:
            ends = []
            for text, port in ((c.tile, c.port), (c.other_tile, c.other_port)):
                end_tile = self.documented_tile(text, "connections")
                if end_tile is None:
                    continue
                if end_tile not in listed:
                    self.fail("connections", "tiles from the tile list", text)
                elif (expected := self.port_problem(end_tile, text, port, feet, hub)) is not None:
                    self.fail("connections", expected, self.write.end(end_tile, port))
                else:
                    ends.append((end_tile, port))
            if len(ends) < 2:
                continue
            (a, pa), (b, pb) = ends
            wild = a in self.engine.WILD_TILES or b in self.engine.WILD_TILES
            total = self.engine.MATCHING
            if wild:
                pass  # a wild tile joins any end: the rebuild through the engine judges it
            elif total is None and port_value(a, pa) != port_value(b, pb):
                self.fail("connections", f"equal pips at {self.write.end(a, pa)} – {self.write.end(b, pb)}"
                                         f"{self.hub_join_hint(a, pa, b, pb)}",
                          f"{port_value(a, pa)} – {port_value(b, pb)}")
            elif total is not None and port_value(a, pa) + port_value(b, pb) != total:
                self.fail("connections", f"pips adding up to {total} at {self.write.end(a, pa)} – "
                                         f"{self.write.end(b, pb)}", f"{port_value(a, pa)} + {port_value(b, pb)}")
            edges.append(((a, pa), (b, pb)))
        used = Counter(end for edge in edges for end in edge)
        for (tile, port), count in used.items():
            if count > 1:
                self.fail("connections", f"{self.write.end(tile, port)} used once", f"used {count} times")
        self.stop_if_failed()
        snapshot = Snapshot(tuple(listed), tuple(edges), placed)
        unjoined = snapshot.unjoined()
        if len(edges) != len(listed) - 1 or unjoined:
            found = f"{len(edges)} connections"
            if unjoined:
                found += f"; not joined: {self.write.tiles('tiles', unjoined)}"
            self.fail("connections", f"one tree: {len(listed) - 1} connections joining all {len(listed)} tiles", found)
        self.stop_if_failed()
        if len(listed) > 1 and snapshot.degree(placed) != 1 and placed != snapshot.hub:  # the engine: trains()
            self.fail("placed tile", f"{self.write.tile_text(placed)} a leaf, joined by exactly one connection",
                      f"joined by {snapshot.degree(placed)} connections")
        self.branches(snapshot)
        self.sides_first(snapshot, feet)
        self.trains(snapshot)
        self.stop_if_failed()
        return snapshot

    def port_problem(self, tile: Tile, text: str, port: str, feet: set[Tile], hub: Tile | None) -> str | None:
        """What the connection should name instead of port of tile (None when the tile has that port): under
        trains the hub has the train ports only, a double in a train its line sides, any other tile its ends."""
        if hub is None:
            ports = ports_of(tile, tile in feet)
            if port in ports:
                return None
            role = ""
            if self.rules.chicken_feet and is_double(tile):
                role = ", a chicken foot" if tile in feet else ", the spinner"
            return f"a port of {text}{role} ({self.port_names(ports)})"
        name = self.write.pack.port_name
        if tile == hub:
            ports = hub_ports(self.engine)
            if port in ports:
                return None
            trains = [p for p in ports if p != "public"]
            names = f"{name(trains[0])} to {name(trains[-1])}" + (f" or {name('public')}" if "public" in ports else "")
            if port == "public":
                why = f"{self.engine.VARIANT_NAME} has no public train"
            elif is_hub_port(port):
                why = f"{self.engine.VARIANT_NAME} is played by at most {self.engine.MAX_PLAYERS} players"
            else:
                why = "the engine is the hub: its ports start the trains"
            return f"a port of {text}, the engine ({names}; {why})"
        ports = LINE_PORTS if is_double(tile) else ("low", "high")
        if port in ports:
            return None
        role = ", a double in a train" if is_double(tile) else ""
        if is_hub_port(port):
            why = f"; train ports are the engine's, {self.write.tile_text(hub)}"
        elif port in BRANCH_PORTS and is_double(tile):
            why = "; a train has one open end: no double in it branches"
        else:
            why = ""
        return f"a port of {text}{role} ({self.port_names(ports)}{why})"

    def port_names(self, ports: Sequence[str]) -> str:
        return " or ".join(self.write.pack.port_name(p) for p in ports)

    def hub(self, listed: list[Tile], detail: Detail) -> Tile | None:
        """Under trains, the engine (the round's double): the hub, the tile the document puts train ports on (the
        first double listed among them, else the first listed), else the first double listed, else the first tile.
        None for a variant without trains."""
        if not self.rules.trains:
            return None
        named = []
        for c in detail.connections:
            for text, port in ((c.tile, c.port), (c.other_tile, c.other_port)):
                if is_hub_port(port):
                    try:
                        named.append(self.engine.parse_tile(text))
                    except ValueError:
                        pass  # reported with the connection
        on_ports = [tile for tile in listed if tile in named]
        candidates = on_ports or [tile for tile in listed if is_double(tile)] or listed
        return next((tile for tile in candidates if is_double(tile)), candidates[0])

    def hub_join_hint(self, a: Tile, pa: str, b: Tile, pb: str) -> str:
        """Why a tile on a train port shows the engine's number where it touches it."""
        if not (is_hub_port(pa) or is_hub_port(pb)):
            return ""
        (hub, port), tile = ((a, pa), b) if is_hub_port(pa) else ((b, pb), a)
        value = port_value(hub, port)
        right = [self.write.end(tile, half) for half in ("low", "high")
                 if not is_double(tile) and port_value(tile, half) == value]
        by = f": {right[0]}" if right else ""
        return f" (a tile on a train port joins by its half showing the engine's {value}{by})"

    def trains(self, snapshot: Snapshot) -> None:
        """Under trains: the engine is the first tile, not the documented one; every double in a train joins it by
        line A, its line B being the train's open end; under satisfied doubles no other end takes a tile while a
        double's line B is open, so only the documented tile may be a double left unsatisfied."""
        hub = snapshot.hub
        if not self.rules.trains or hub is None:
            return
        write = self.write
        if snapshot.placed == hub:
            self.fail("placed tile", f"a tile placed after the engine {write.tile_text(hub)} (the engine is the "
                                     "first tile on the table: the trains start from it)", write.tile_text(hub))
            return
        wrong = snapshot.joined_otherwise(hub)
        for tile, port in wrong:
            self.fail("connections", f"{write.tile_text(tile)} joined by {write.pack.port_name('lineA')} (a double in "
                                     f"a train joins it by {write.pack.port_name('lineA')}; its "
                                     f"{write.pack.port_name('lineB')} is the train's open end)",
                      f"{write.tile_text(tile)} joined by {write.pack.port_name(port)}")
        if wrong or not self.rules.satisfied_doubles:
            return
        placed = snapshot.placed
        for double in snapshot.tiles:
            if is_double(double) and double not in (hub, placed) and "lineB" not in snapshot.ports_used(double):
                self.fail("doubles in trains",
                          f"{write.tile_text(double)} {write.pack.port_name('lineB')} covered before any other end "
                          "takes a tile (a double in a train is satisfied before any other play: only the placed "
                          "tile may be a double left open)",
                          write.connections([((other, other_port), (placed, port))
                                             for port, other, other_port in snapshot.links[placed]]))

    def feet(self, listed: list[Tile], detail: Detail) -> set[Tile]:
        """Under chicken feet, the doubles that are chicken feet: all but the spinner, the first double placed,
        which the document names (with no spinner named, or two, the doubles' ports cannot be told)."""
        doubles = [tile for tile in listed if is_double(tile)]
        if not self.rules.chicken_feet or not doubles:
            return set()
        named = {self.engine.parse_tile(text) for text in detail.spinners} & set(doubles)
        if len(named) != 1:
            self.fail("spinners", f"one of {self.write.tiles('spinners', doubles)} (the first double placed is the "
                                  "spinner, every later double a chicken foot)",
                      self.write.pack.items_text("spinners", list(detail.spinners)))
            raise _Stop
        return set(doubles) - named

    def sides_first(self, snapshot: Snapshot, feet: set[Tile]) -> None:
        """Under chicken feet no other end takes a tile while a double has a side open (the spinner's line sides
        and branches, a chicken foot's toes). A double with a side open when the documented tile is placed (a
        side left open, or the one the documented tile covers) comes after every tile but those on its sides,
        the documented tile among them, and no tile lies beyond them."""
        if not self.rules.chicken_feet:
            return
        placed = snapshot.placed
        for double in snapshot.tiles:
            if not is_double(double):
                continue
            used = snapshot.ports_used(double)
            on = {other: port for port, other in used.items() if port != "lineA"}  # line A: its join, or a side
            open_ports = [port for port in ports_of(double, double in feet) if port not in used]
            if not open_ports and placed in on:
                open_ports = [on[placed]]
            if not open_ports:
                continue
            beyond = [((other, other_port), (far, far_port)) for other in on
                      for other_port, far, far_port in snapshot.links[other] if far != double]
            if not beyond and placed != double and placed not in used.values():
                beyond = [((other, other_port), (placed, port)) for port, other, other_port in snapshot.links[placed]]
            if not beyond:
                continue
            sides = " and ".join(self.write.pack.port_name(port) for port in open_ports)
            why = ("while a chicken foot's toe is open only its toes take tiles" if double in feet
                   else "while a side of the spinner is open only its sides take tiles")
            self.fail("chicken feet" if double in feet else "spinner sides",
                      f"{self.write.tile_text(double)} {sides} covered before any other end takes a tile ({why})",
                      self.write.connections(beyond[:1]))

    def branches(self, snapshot: Snapshot) -> None:
        branched = [(tile, port) for tile in snapshot.tiles for port in snapshot.ports_used(tile)
                    if port.startswith("branch")]
        policy = self.rules.spinners
        for tile, port in branched:
            if policy == "none":
                self.fail("branches", "no branch (no double is a spinner in this variant)", self.write.end(tile, port))
            elif self.rules.branches_after_lines:
                sides = snapshot.ports_used(tile)
                if not all(side in sides for side in ("lineA", "lineB")):
                    self.fail("branches", f"{self.write.tile_text(tile)} line A and line B filled before a branch",
                              self.write.end(tile, port))
        doubles = sorted({tile for tile, _ in branched})
        if policy == "first double" and len(doubles) > 1:
            self.fail("branches", "branches on the first double only", self.write.tiles("spinners", doubles))

    # --- rebuilding through the engine -----------------------------------------------------------

    def build(self, snapshot: Snapshot, detail: Detail) -> EngineLayout:
        if not snapshot.leads():
            wrong = [t for t in snapshot.tiles if is_double(t) and snapshot.degree(t)
                     and "lineA" not in snapshot.ports_used(t)]
            for tile in wrong or [snapshot.placed]:
                used = " and ".join(self.write.pack.port_name(p) for p in snapshot.ports_used(tile))
                self.fail("connections",
                          f"{self.write.tile_text(tile)} joined by line A (a double joins by its line A)",
                          f"{self.write.tile_text(tile)} joined by {used}")
            raise _Stop
        documented = [self.engine.parse_tile(t) for t in detail.spinners]
        first_choices = [t for t in documented if t in snapshot.tiles and is_double(t)]
        fallback, problem = None, "no build order"
        for order in snapshot.plans(self.rules, first_choices):
            try:
                layout = build_layout(self.engine, order, self.players)
            except self.engine.IllegalMove as err:
                problem = str(err)
                continue
            if set(layout.spinners()) == set(documented):
                return layout
            if fallback is None:
                fallback = layout
        if fallback is None:
            self.fail("layout", "a build order the rules allow, placing the documented tile last", problem)
            raise _Stop
        return fallback

    # --- the engine against the document ---------------------------------------------------------

    def compare(self, layout: EngineLayout, detail: Detail) -> None:
        self.failures.extend(compare_layout(self.engine, self.write.pack, layout, detail, self.example.caption))


def compare_layout(engine: VariantEngine, pack: Pack, layout: EngineLayout, detail: Detail,
                   caption: Statement | None) -> list[Failure]:
    """What the engine's layout shows against what the detail (and caption) lines say."""
    write = Writer(engine, pack)
    failures: list[Failure] = []

    def tile(text: str) -> Tile:
        return engine.parse_tile(text)  # the structure checks have read every tile already

    spinners = [tile(t) for t in detail.spinners]
    if Counter(spinners) != Counter(layout.spinners()):
        failures.append(Failure("spinners", write.tiles("spinners", layout.spinners()),
                                pack.items_text("spinners", list(detail.spinners))))
    documented_links = {frozenset({(tile(c.tile), c.port), (tile(c.other_tile), c.other_port)})
                        for c in detail.connections}
    if documented_links != {frozenset(link) for link in layout.connections()}:
        failures.append(Failure("connections", write.connections(layout.connections()),
                                write.connections(((tile(c.tile), c.port), (tile(c.other_tile), c.other_port))
                                                  for c in detail.connections)))
    documented_ports = [(tile(c.tile), c.port, c.value) for c in detail.continuations]
    if Counter(documented_ports) != Counter(layout.open_ports()):
        failures.append(Failure("continuation points", write.continuations(layout.open_ports()),
                                write.continuations(documented_ports)))
    ends = sorted_ends(layout)
    counted = [(t, v) for t, _, v in ends]
    documented_counted = [(tile(c.tile), c.value) for c in detail.counted]
    if Counter(documented_counted) != Counter(counted):
        failures.append(Failure("counted contributions", write.counted(counted), write.counted(documented_counted)))
    for statement, prefix in ((detail.statement, ""), (caption, "caption ")):
        if statement is not None:
            failures.extend(compare_statement(engine, layout, [v for _, v in counted], statement, prefix))
    return failures


def compare_statement(engine: VariantEngine, layout: EngineLayout, counted: list[int], statement: Statement,
                      prefix: str) -> list[Failure]:
    """The written sum, its terms and arithmetic, and the points, against the engine."""
    failures: list[Failure] = []
    total = sum(counted)
    # No counted end (a trains layout counts none) is the empty sum, written "0" (terms_text).
    if Counter(statement.terms) != Counter(counted) and (counted or list(statement.terms) != [0]):
        failures.append(Failure(f"{prefix}sum terms", terms_text(counted), terms_text(statement.terms)))
    if statement.total != total:
        failures.append(Failure(f"{prefix}sum", str(total), str(statement.total)))
    if sum(statement.terms) != statement.total:
        written = terms_text(statement.terms)
        failures.append(Failure(f"{prefix}arithmetic", f"{written} = {sum(statement.terms)}",
                                f"{written} = {statement.total}"))
    claims = (("points", statement.plain), ("raw points", statement.raw), ("displayed points", statement.displayed))
    try:
        raw, displayed = layout_points(engine, layout)
    except engine.IllegalMove as err:  # the points need what a worked example does not say: say so
        return failures + [Failure(f"{prefix}{field}", f"not checkable ({err})", str(found))
                           for field, found in claims if found is not None]
    expected = {"points": displayed, "raw points": raw, "displayed points": displayed}
    for field, found in claims:
        if found is not None and found != expected[field]:
            failures.append(Failure(f"{prefix}{field}", str(expected[field]), str(found)))
    return failures


class _OrderFailed(Exception):
    def __init__(self, order: list[Placement], failures: list[Failure]):
        super().__init__("a build order gave another layout")
        self.order = order
        self.failures = failures


def order_text(engine: VariantEngine, order: list[Placement]) -> str:
    """[1|4], then [1|1] on [1|4] low, ... (engine port names)."""
    return ", then ".join(engine.format_tile(tile) + ("" if on is None else f" on {engine.format_tile(on)} {port}")
                          for tile, on, port in order)


def require_build_orders() -> None:
    """Build orders are drawn by Hypothesis, an optional extra; UsageError naming the extra when it is missing."""
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        raise UsageError([Diagnostic("build orders (--orders) need Hypothesis, which is not installed", None,
                                     hint="install the extra that has it: pip install 'dominospec[orders]'")]) from None


def explore_orders(engine: VariantEngine, pack: Pack, snapshot: Snapshot, first: Tile | None, detail: Detail,
                   caption: Statement | None, max_examples: int) -> list[Failure]:
    """Rebuild the snapshot in random valid build orders (Hypothesis, derandomized, so every run tries the
    same orders) and compare each result with the document; the failures of the simplest failing order."""
    require_build_orders()
    from hypothesis import HealthCheck, Phase, given, settings  # only --orders needs it: keep CLI starts quick

    rules = Rules.of(engine)
    players = example_players(engine, detail)

    @settings(max_examples=max_examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink])
    @given(build_orders(snapshot, rules, first))
    def rebuild(order: list[Placement]) -> None:
        try:
            layout = build_layout(engine, order, players)
        except engine.IllegalMove as err:
            raise _OrderFailed(order, [Failure("build order", "a layout the engine builds", str(err))]) from None
        failures = compare_layout(engine, pack, layout, detail, caption)
        if failures:
            raise _OrderFailed(order, failures)

    try:
        rebuild()
    except _OrderFailed as failed:
        built = order_text(engine, failed.order)
        return [Failure(f"{f.field} (built as {built})", f.expected, f.found) for f in failed.failures]
    return []


def example_players(engine: VariantEngine, detail: Detail) -> int | None:
    """A trains variant's table for the example: one seat more than the highest of the engine's train ports its
    connections and continuations name (an empty train's port is open), at least the fewest players; None for a
    variant without trains."""
    ports = [port for c in detail.connections for port in (c.port, c.other_port)]
    return train_players(engine, ports + [c.port for c in detail.continuations])


def layout_snapshot(example: LayoutExample, engine: VariantEngine, pack: Pack) -> Snapshot | None:
    """The example's layout as a snapshot, or None when the document's layout is not a valid tree."""
    check = _Example(example, engine, pack)
    if example.detail is None or check.failures:
        return None
    try:
        return check.structure(example.detail)
    except _Stop:
        return None


def verify_example(example: LayoutExample, engine: VariantEngine, pack: Pack, orders: int = 0) -> list[Failure]:
    return _Example(example, engine, pack).run(orders)


def verify_row(row: TableRow, engine: VariantEngine, spec: Spec | None = None) -> list[Failure]:
    """A deal or scoring table's row; a scoring row of a formula over more than the end total is one of an
    ordinary placement (book.placements), NotCheckable where the engine cannot tell its points."""
    failures = list(row.problems)
    if failures:
        return failures
    cells = row.cells
    if row.table == "deal":
        players = cells["players"]
        if players not in engine.DEAL:
            counts = sorted(engine.DEAL)
            failures.append(Failure("players", f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}", str(players)))
        elif engine.DEAL[players] != cells["tiles_per_player"]:
            failures.append(Failure("tiles per player", str(engine.DEAL[players]), str(cells["tiles_per_player"])))
        return failures
    total = cells["end_total"]
    reachable = reachable_totals(engine)
    if total not in reachable:
        return [Failure("end total", f"an end total some layout shows (the counted ends of a layout of the "
                                     f"double-{engine.MAX_PIP} set, each a different tile, make only "
                                     f"{_runs(reachable)})", str(total))]
    raw, displayed = placement_table(engine, spec).points(total)
    for field, role, expected in (("points", "points", displayed), ("raw points", "raw", raw),
                                  ("displayed points", "displayed", displayed)):
        if role in cells and cells[role] != expected:
            failures.append(Failure(field, str(expected), str(cells[role])))
    return failures


def _runs(numbers: Sequence[int]) -> str:
    """Sorted numbers as runs: "0–18, 20, 22"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


def _match_text(row: MatchRow, points: Iterable[int]) -> str:
    return row.joiner.join(str(p) for p in points)


def _running(match: EngineMatchScore) -> EngineMatchScore:
    """A copy of the running score to try a row on: its lists copied, but not its history of results, which
    the verifier never reads; a copy of that would make each row's work grow with the rows before it."""
    copied = copy.copy(match)
    for name, value in vars(match).items():
        if isinstance(value, list):
            setattr(copied, name, [] if name == "results" else list(value))
    return copied


def _restarted(match: EngineMatchScore, row: MatchRow) -> EngineMatchScore | None:
    """The engine's match as it stands, but at the document's running score (None if that is unreadable)."""
    if row.match_score is None:
        return None
    restarted = _running(match)
    restarted.match_points = list(row.match_score)
    restarted.over, restarted.winners = False, []
    return restarted


def _match_game(row: MatchRow, match: EngineMatchScore, engine: MatchRules) -> tuple[list[Failure], EngineMatchScore]:
    """One row's game fed to a copy of the match: the failures, and the match after it."""
    assert row.scores is not None and row.match_score is not None  # a row without problems has both
    after = _running(match)
    try:
        result = after.add_game(list(row.scores))
    except engine.IllegalMove as err:
        if match.over:
            winners = " and ".join(row.table.players[side] for side in match.winners)
            return [Failure("game", f"none after the match ({winners} won it at "
                                    f"{_match_text(row, match.match_points)})", str(row.game))], match
        scores = ", ".join(f"{name} {points}" for name, points in zip(row.table.players, row.scores, strict=True))
        return [Failure("scores", f"a game the match rules can score ({err})", scores)], match
    if list(row.match_score) != result["match_points"]:
        return [Failure("match score", _match_text(row, result["match_points"]),
                        _match_text(row, list(row.match_score)))], after
    return [], after


@functools.lru_cache(maxsize=16)
def verify_match_table(table: MatchTable, engine: Engine) -> tuple[tuple[Failure, ...], ...]:
    """The failures of each row. The rows' games are fed to the engine's MatchScore in order, and each
    running score must be the engine's match points. After a failing row the next one is also checked
    from the document's running score, so that one wrong row (a wrong running score, or a game whose
    scores are wrong) fails alone."""
    rules = match_rules(engine)
    if rules is None:
        missing = Failure("match rules", f"a spec with match rules ('{spec_name(engine)}' has none)",
                          "a match table")
        return tuple((*row.problems, missing) for row in table.rows)
    matches = [rules.MatchScore(len(table.players))]
    verdicts = []
    for number, row in enumerate(table.rows, start=1):
        failures = list(row.problems)
        if row.game is not None and row.game != number:
            failures.append(Failure("game", str(number), str(row.game)))
        after = matches[0]
        if not row.problems:
            tried = [_match_game(row, match, rules) for match in matches]
            # The first match the row continues: the engine's own, else the one at the document's score.
            game_failures, after = next((t for t in tried if not t[0]), tried[0])
            failures.extend(game_failures)
        verdicts.append(tuple(failures))
        matches = [after]
        if failures and (restarted := _restarted(after, row)) is not None:
            matches.append(restarted)
    return tuple(verdicts)


def _prefix(key: str) -> str:
    return key.split(".", 1)[0]


def _differing(wording: Wording, found: dict[str, Value], sentence: Sentence) -> Failure | None:
    """The first slot in which the spec's sentence says other than the document's, in the pack's words. A
    document may say less than the book's sentence ("28 tiles", not the set): what it does not say is not
    compared."""
    for name, value in sentence.values:
        if name in found and found[name] != value:
            return Failure(_rule_field(sentence, name), wording.value_text(name, value),
                           wording.value_text(name, found[name]))
    return None


def _rule_field(sentence: Sentence, slot: str) -> str:
    """The failure's field: the rule the sentence states ('target', not its slot 'points'), and the slot too
    where the rule has several ('players low')."""
    clause = sentence.clauses[0]
    return clause if len(sentence.values) == 1 or slot == clause else f"{clause} {slot}"


def _player_counts(key: str, values: Mapping[str, Value]) -> tuple[int, ...] | None:
    """The player counts a sentence of who plays names: "2, 3 or 4 players" and "2 to 4 players" are one rule."""
    if key == "players.counts":
        counts = values.get("counts")
        return counts if isinstance(counts, tuple) else None
    low, high = values.get("low"), values.get("high")
    if key == "players.range" and isinstance(low, int) and isinstance(high, int):
        return tuple(range(low, high + 1))
    return None


def verify_rule(claim: Claim, wording: Wording, spec: Spec) -> list[Failure]:
    """A rule sentence against the spec's: the same sentence with the same values, or the spec's own words."""
    said = rule_sentences(spec, wording)
    counts = _player_counts(claim.key, claim.values)
    if counts is not None:
        spec_counts = [c for s in said if (c := _player_counts(s.key, dict(s.values))) is not None]
        if counts in spec_counts:
            return []
    same = [s for s in said if s.key == claim.key]
    if not same:
        prefix = _prefix(claim.key)
        clause = [s for s in said if _prefix(s.key) == prefix or prefix in s.clauses]
        expected = " ".join(wording.write(s.key, dict(s.values)) for s in clause) or "no such rule"
        return [Failure("rule", expected, claim.text)]
    differences = [_differing(wording, claim.values, s) for s in same]
    if None in differences:
        return []
    return [next(f for f in differences if f is not None)]


def _written_from(claim: Claim, wording: Wording, values: dict[str, Value]) -> bool:
    """Does the line, from the claim on, say the sentence with these values? A free text such as a source is
    read up to the first place the sentence could end ("J. Kelley" stops at "J"): the spec's text reads on."""
    sentence = " ".join(wording.write(claim.key, values).split())
    line = " ".join(claim.rest.split())
    return line.startswith(sentence) and not line[len(sentence):len(sentence) + 1].isalnum()


def verify_claim(claim: Claim, engine: Engine, spec: Spec | None) -> list[Failure]:
    """A sentence of a rule book: the title, the source, a rule, or a case computed through the engine."""
    if claim.problems:
        return list(claim.problems)
    wording = claim.pack.book
    assert wording is not None  # a claim is only read with a pack that words rule books
    if spec is None:
        return [Failure(claim.key, "not checkable (no spec)", claim.text)]
    if claim.key in ("title", "source"):
        slot, said = ("name", spec.name) if claim.key == "title" else ("source", spec.source)
        if said is not None and _written_from(claim, wording, {slot: said}):
            return []
        return [Failure(slot, " ".join((said or "no source").split()), str(claim.values[slot]))]
    if claim.key in wording.sentences:
        return verify_rule(claim, wording, spec)
    # A case the spec cannot have is reported with the sentence that states it.
    return [Failure(f.field, f.expected, claim.text) if f.field == "rule" else f
            for f in check_claim(engine, spec, claim.key, claim.values)]


def verify_item(item: Item, engine: Engine, orders: int = 0, path: str | None = None,
                spec: Spec | None = None) -> Outcome:
    """One example, row or claim of the document at path; UsageError for a worked example or a scoring or deal
    row against a match format. Claims are checked against spec. A row or claim whose numbers the engine cannot
    tell is an outcome that says why, neither passed nor failed."""
    try:
        return _verify_item(item, engine, orders, path, spec)
    except NotCheckable as why:
        key, text = (item.key, item.text) if isinstance(item, Claim) else (None, None)
        return Outcome(item.line, item.kind, (), key, text, str(why))


def _verify_item(item: Item, engine: Engine, orders: int, path: str | None, spec: Spec | None) -> Outcome:
    if isinstance(item, Claim):
        at_lines = tuple(Failure(f.field, f.expected, f.found, f.line or item.slot_lines.get(f.field))
                         for f in verify_claim(item, engine, spec))
        return Outcome(item.line, item.kind, at_lines, item.key, item.text)
    if isinstance(item, Arithmetic):
        wrong = wrong_step(item.calculation)
        failures = [] if wrong is None else [Failure("arithmetic", *wrong)]
        return Outcome(item.line, item.kind, tuple(failures), item.key, item.calculation.text)
    if isinstance(item, MatchRow):
        failures = list(verify_match_table(item.table, engine)[item.table.rows.index(item)])
    else:
        variant = as_variant(engine)
        if variant is None:
            raise _needs_a_variant(item, engine, path)
        if isinstance(item, LayoutExample):
            failures = [at for f in verify_example(item, variant, item.pack, orders) for at in _at_its_lines(f, item)]
        else:
            failures = verify_row(item, variant, spec)
    return Outcome(item.line, item.kind, tuple(failures))


def _at_its_lines(failure: Failure, example: LayoutExample) -> list[Failure]:
    """A worked example's failure placed at the line that says what failed: the caption's fields at the
    caption line, everything else at the detail line; the placed tile against the detail line's tiles at
    both (either may be the one that is wrong), a missing line at the block's first."""
    if failure.line is not None or failure.field in ("placed tile line", "caption line", "detail line"):
        return [failure]
    if failure.field == "placed tile":
        return [failure, dataclasses.replace(failure, line=example.detail_line)]
    line = example.caption_line if failure.field.startswith("caption ") else example.detail_line
    return [dataclasses.replace(failure, line=line)]


def _needs_a_variant(item: LayoutExample | TableRow, engine: Engine, path: str | None) -> UsageError:
    what = "a worked example" if isinstance(item, LayoutExample) else f"a {item.table} table row"
    return UsageError([Diagnostic(f"{what} needs a variant's spec: '{spec_name(engine)}' is a match format, "
                                  "which checks match tables only", Pos(item.line, 1), file=path)])


def check_spec_fits(document: Document, engine: Engine) -> None:
    """UsageError when a match format's module is asked to check worked examples or scoring or deal tables."""
    if as_match_format(engine) is None:
        return
    for item in document.examples:
        if not isinstance(item, (MatchRow, Claim, Arithmetic)):
            raise _needs_a_variant(item, engine, document.path)


def verify_document(document: Document, engine: Engine, orders: int = 0, spec: Spec | None = None,
                    strict: bool = False) -> Report:
    """Every example, table row and claim; orders > 0 also rebuilds each passing example in random build orders.
    Claims are checked against spec, the one the engine was generated from; strict: a number the verifier
    cannot check fails the document."""
    check_spec_fits(document, engine)
    if orders:
        require_build_orders()
    outcomes = tuple(verify_item(item, engine, orders, document.path, spec) for item in document.examples)
    return Report(document.path, document.pack.code, outcomes, document.read_lines, document.skipped_lines,
                  tuple(document.unchecked), strict)
