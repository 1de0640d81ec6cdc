"""The worked layouts a rule book shows: for each rule that shows on the table, a layout whose last
placement illustrates it, built placement by placement through the variant's engine.

The user's documents draw a fixed set of layouts ([1|4] with [1|1] and [4|4] at its ends, ...); those
come first, so a book's example lines equal the documents' where the rules agree. Where the variant
refuses one, or it does not show the rule under this variant, a search over the engine's own tiles in a
fixed order finds another layout that does: the same engine gives the same layouts every time.

A trains game counts no ends: its layouts show the hub instead, the round's first engine (the set's highest
double) with a tile on the first seat's train and one on the public train, the other train empty, and a double
crosswise in a train, covered.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..documents.example_writer import layout_from_steps
from ..documents.snapshot import BRANCH_PORTS, LINE_PORTS, is_double
from ..engine_api import EngineLayout, Tile, VariantEngine, layout_points
from ..language.diagnostics import InputError

TOPICS = ("double_end", "double_covered", "lone_double", "spinner", "branches", "unopened_branch",
          "scoring", "matching", "wild", "hub", "train_double")
SPINNER_TOPICS = ("spinner", "branches", "unopened_branch")
TRAIN_TOPICS = ("hub", "train_double")  # a trains game's, and its only ones: its ends count nothing
# The search looks at most this many layouts for one topic: a rule the variant makes impossible ends it.
SEARCH_BUDGET = 20000
SEARCH_DEPTH = 4

# The documents' layouts (000 and 002), as placements.
_LINE = ("[1|4]", "[1|1]:[1|4]:low", "[4|4]:[1|4]:high")
_COVERED = (*_LINE, "[3|4]:[4|4]:lineB")
_BOTH_LINES = (*_COVERED, "[1|2]:[1|1]:lineB")
_BRANCH_A = (*_BOTH_LINES, "[1|5]:[1|1]:branchA")
_SPINNER_ON_BRANCH = (*_BRANCH_A, "[5|5]:[1|5]:high")
_ON_BRANCH = (*_SPINNER_ON_BRANCH, "[0|5]:[5|5]:lineB")
_BRANCH_B = (*_ON_BRANCH, "[1|3]:[1|1]:branchB")
PREFERRED: dict[str, tuple[tuple[str, ...], ...]] = {
    "double_end": (_LINE,),
    "double_covered": (_COVERED,),
    "lone_double": (("[2|2]",),),
    "spinner": (_SPINNER_ON_BRANCH,),
    "branches": (_BRANCH_A, _ON_BRANCH, _BRANCH_B),
    "unopened_branch": (_BOTH_LINES,),
    "scoring": (("[1|4]",), ("[1|4]", "[1|1]:[1|4]:low"), ("[3|6]", "[6|6]:[3|6]:high"), ("[0|0]",)),
}
# Tried in turn where none of the documents' layouts shows the topic, before any search: the same
# pictures led by the double, for variants whose spinner's sides are covered before any other end.
_DOUBLE_LED = ("[1|1]", "[1|4]:[1|1]:lineA", "[1|2]:[1|1]:lineB")
ALTERNATIVES: dict[str, tuple[tuple[str, ...], ...]] = {
    "spinner": (("[1|4]", "[1|1]:[1|4]:low"),),
    "branches": ((*_DOUBLE_LED, "[1|5]:[1|1]:branchA"),),
    "unopened_branch": (_DOUBLE_LED,),
}


@dataclass(frozen=True)
class WorkedLayout:
    topic: str  # one of TOPICS
    steps: tuple[str, ...]  # placements as example_writer.place takes them: "[1|4]", "[1|1]:[1|4]:low"
    layout: EngineLayout = field(compare=False, repr=False)  # the engine's layout after the steps
    points: tuple[int, int] | None  # (raw, displayed) of the last placement; None where the layout cannot tell


Test = Callable[[EngineLayout], bool]


def _last(layout: EngineLayout) -> Tile:
    return layout.tiles[-1]


def _joined_by(layout: EngineLayout, tile: Tile) -> tuple[Tile, str] | None:
    """The (tile, port) that tile was placed on; None for the lead."""
    for (on, port), (placed, _) in layout.connections():
        if placed == tile:
            return on, port
    return None


def _double_end(layout: EngineLayout) -> bool:
    last = _last(layout)
    return (len(layout.tiles) > 1 and is_double(last)
            and any(tile == last for tile, _, _ in layout.counted_ends()))


def _double_covered(layout: EngineLayout) -> bool:
    joined = _joined_by(layout, _last(layout))
    if joined is None or joined[1] not in LINE_PORTS:
        return False
    double = joined[0]
    covered = {port for (on, port), _ in layout.connections() if on == double}
    covered |= {port for _, (placed, port) in layout.connections() if placed == double}
    return set(LINE_PORTS) <= covered


def _lone_double(layout: EngineLayout) -> bool:
    return len(layout.tiles) == 1 and is_double(layout.tiles[0])


def _spinner(layout: EngineLayout) -> bool:
    return _last(layout) in layout.spinners()


def _on_a_branch(layout: EngineLayout, tile: Tile) -> bool:
    """Whether the tile's way back to the lead passes a spinner's branch."""
    while (joined := _joined_by(layout, tile)) is not None:
        if joined[1] in BRANCH_PORTS:
            return True
        tile = joined[0]
    return False


def _branches(layout: EngineLayout) -> bool:
    return _on_a_branch(layout, _last(layout))


def _unopened_branch(layout: EngineLayout) -> bool:
    counted = {(tile, port) for tile, port, _ in layout.counted_ends()}
    spinners = set(layout.spinners())
    return any(tile in spinners and port in BRANCH_PORTS and (tile, port) not in counted
               for tile, port, _ in layout.open_ports())


TESTS: dict[str, Test] = {
    "double_end": _double_end,
    "double_covered": _double_covered,
    "lone_double": _lone_double,
    "spinner": _spinner,
    "branches": _branches,
    "unopened_branch": _unopened_branch,
}


def set_tiles(engine: VariantEngine) -> list[Tile]:
    """The tiles of the variant's set, in the fixed order the search tries them."""
    found = []
    for low in range(engine.MAX_PIP + 1):
        for high in range(low, engine.MAX_PIP + 1):
            try:
                found.append(engine.parse_tile(f"[{low}|{high}]"))
            except ValueError:  # a set without this tile
                continue
    return found


def _build(engine: VariantEngine, steps: Sequence[str]) -> EngineLayout | None:
    try:
        return layout_from_steps(engine, list(steps))
    except InputError:
        return None


def _step(engine: VariantEngine, tile: Tile, on: Tile | None, port: str | None) -> str:
    if on is None or port is None:
        return engine.format_tile(tile)
    return f"{engine.format_tile(tile)}:{engine.format_tile(on)}:{port}"


def _extended(engine: VariantEngine, layout: EngineLayout, tile: Tile, on: Tile | None,
              port: str | None) -> EngineLayout | None:
    """The layout with one more placement, as a copy; None where the engine refuses it."""
    longer = layout.copy()
    try:
        longer.place(tile, on, port)
    except engine.IllegalMove:
        return None
    return longer


Placement = tuple[Tile, Tile | None, str | None]  # a tile, and the tile and port it goes on (None for the lead)


def search(engine: VariantEngine, test: Test, tiles: Sequence[Tile]) -> tuple[tuple[str, ...], EngineLayout] | None:
    """The first layout, shortest first, tiles and ports in a fixed order, that passes test. Each layout
    tried is its parent's copy with one placement more, and only the one found is written as steps:
    the search tries thousands."""
    budget = [SEARCH_BUDGET]

    def deepen(placed: tuple[Placement, ...], layout: EngineLayout,
               depth: int) -> tuple[tuple[Placement, ...], EngineLayout] | None:
        for tile in tiles:
            if tile in layout.tiles:
                continue
            for on, port in layout.placements_for(tile):
                if budget[0] <= 0:
                    return None
                budget[0] -= 1
                built = _extended(engine, layout, tile, on, port)
                if built is None:
                    continue
                longer = (*placed, (tile, on, port))
                if depth == 1:
                    if test(built):
                        return longer, built
                elif (found := deepen(longer, built, depth - 1)) is not None:
                    return found
        return None

    for depth in range(1, SEARCH_DEPTH + 1):
        if (found := deepen((), engine.Layout(), depth)) is not None:
            placements, layout = found
            return tuple(_step(engine, *placement) for placement in placements), layout
    return None


def _points(engine: VariantEngine, layout: EngineLayout) -> tuple[int, int] | None:
    try:
        return layout_points(engine, layout)
    except engine.IllegalMove:  # a formula over more than the ends: the book writer says so
        return None


def _worked(engine: VariantEngine, topic: str, steps: tuple[str, ...], layout: EngineLayout) -> WorkedLayout:
    return WorkedLayout(topic, steps, layout, _points(engine, layout))


def _showing(engine: VariantEngine, topic: str, test: Test,
             candidates: Sequence[tuple[str, ...]]) -> list[WorkedLayout]:
    """The candidate layouts the variant builds and that show the topic."""
    return [_worked(engine, topic, steps, layout) for steps in candidates
            if (layout := _build(engine, steps)) is not None and test(layout)]


def _shown(engine: VariantEngine, topic: str, test: Test, tiles: Sequence[Tile]) -> list[WorkedLayout]:
    """The documents' layouts for the topic that the variant builds and that show it; else the first
    alternative that does; else one found. One that scores nothing gives way, where the variant scores, to one
    that shows the topic and scores: the example then teaches the scoring too."""
    shown = (_showing(engine, topic, test, PREFERRED[topic])
             or _showing(engine, topic, test, ALTERNATIVES.get(topic, ()))[:1])
    if not shown and (found := search(engine, test, tiles)) is not None:
        shown.append(_worked(engine, topic, *found))
    # Where no layout shown has points a layout can tell (a formula over the mover's score), no layout
    # found would: the search for a scoring one is left out.
    told = any(w.points is not None for w in shown)
    if told and _may_score(engine) and not any(_scoring_layout(w) for w in shown):
        scoring = [w for w in _showing(engine, topic, test, (*PREFERRED[topic], *ALTERNATIVES.get(topic, ())))
                   if _scoring_layout(w)]
        if not scoring and (found := search(engine, lambda layout: test(layout) and _scores_here(engine, layout),
                                            tiles)) is not None:
            scoring.append(_worked(engine, topic, *found))
        shown = [*scoring[:1], *(w for w in shown if w.points is None or w.points[1] > 0)] or shown
    return shown


def _scoring_layout(worked: WorkedLayout) -> bool:
    return worked.points is not None and worked.points[1] > 0


def _scores_here(engine: VariantEngine, layout: EngineLayout) -> bool:
    return (_points(engine, layout) or (0, 0))[1] > 0


def _scores(engine: VariantEngine) -> bool:
    """Whether some end total scores: known from the table of points; a formula over more cannot say."""
    return any(engine.RAW_POINTS)


def _may_score(engine: VariantEngine) -> bool:
    """Whether a placement may score: some end total does, or the formula uses more than the total."""
    return _scores(engine) or not engine.RAW_POINTS


def _scoring(engine: VariantEngine, tiles: Sequence[Tile]) -> list[WorkedLayout]:
    """The documents' four scoring layouts the variant builds, with one that scores and one that scores
    nothing added where they have none, and at least two in all."""
    shown = _showing(engine, "scoring", lambda layout: True, PREFERRED["scoring"])
    wanted: list[Test] = []
    if _scores(engine):
        if not any(w.points is not None and w.points[0] > 0 for w in shown):
            wanted.append(lambda layout: (_points(engine, layout) or (0, 0))[0] > 0)
        if not any(w.points is not None and w.points[0] == 0 for w in shown):
            wanted.append(lambda layout: _points(engine, layout) == (0, 0))
    for test in wanted:
        if (found := search(engine, test, tiles)) is not None:
            shown.append(_worked(engine, "scoring", *found))
    taken = {w.steps for w in shown}
    while len(shown) < 2 and (found := search(engine, lambda layout: _key(engine, layout) not in taken, tiles)):
        shown.append(_worked(engine, "scoring", *found))
        taken.add(found[0])
    return shown


def _key(engine: VariantEngine, layout: EngineLayout) -> tuple[str, ...]:
    """A layout's placements as steps, to tell layouts apart."""
    steps = [engine.format_tile(layout.tiles[0])]
    steps += [_step(engine, placed, on, port) for (on, port), (placed, _) in layout.connections()]
    return tuple(steps)


def _lead_layouts(engine: VariantEngine, tiles: Sequence[Tile]) -> list[EngineLayout]:
    leads = []
    for tile in tiles:
        layout = engine.Layout()
        layout.place(tile)
        leads.append(layout)
    return leads


def wild_tiles(engine: VariantEngine, tiles: Sequence[Tile]) -> list[Tile]:
    """The tiles that fit every open end of every lead: by no matching of halves can a tile do that."""
    leads = _lead_layouts(engine, tiles)
    return [tile for tile in tiles
            if all(len(layout.placements_for(tile)) == len(layout.open_ports())
                   for layout in leads if tile not in layout.tiles)]


def _joins_unlike(engine: VariantEngine, topic: str, leads: Sequence[Tile], candidates: Sequence[Tile],
                  allowed: Callable[[Tile, int], bool]) -> WorkedLayout | None:
    """The first lead and candidate tile joining one of its ends by no equal half, where allowed(tile, value)."""
    for lead in leads:
        layout = engine.Layout()
        layout.place(lead)
        ends = {(on, port): value for on, port, value in layout.open_ports()}
        for tile in candidates:
            for on, port in layout.placements_for(tile) if tile != lead else ():
                if on is None or port is None or ends[(on, port)] in tile or not allowed(tile, ends[(on, port)]):
                    continue
                steps = (engine.format_tile(lead), _step(engine, tile, on, port))
                built = _build(engine, steps)  # a wild tile that must name its touching half cannot be a step
                if built is not None:
                    return _worked(engine, topic, steps, built)
    return None


def _half_joins(engine: VariantEngine, plain: Sequence[Tile]) -> Callable[[int, int], bool]:
    """Whether the variant's matching lets a half join an end of a value: every plain tile with that half
    joins every lead's end of that value."""
    leads = _lead_layouts(engine, plain)

    def joins(half: int, value: int) -> bool:
        tested = False
        for layout in leads:
            for on, port, end in layout.open_ports():
                for tile in plain:
                    if end == value and half in tile and tile not in layout.tiles:
                        tested = True
                        if (on, port) not in layout.placements_for(tile):
                            return False
        return tested
    return joins


def _matching(engine: VariantEngine, plain: Sequence[Tile]) -> WorkedLayout | None:
    return _joins_unlike(engine, "matching", plain, plain, lambda tile, value: True)


def _wild(engine: VariantEngine, plain: Sequence[Tile], wild: Sequence[Tile]) -> WorkedLayout | None:
    joins = _half_joins(engine, plain)
    return _joins_unlike(engine, "wild", plain, wild,
                         lambda tile, value: not any(joins(half, value) for half in tile))


def has_trains(engine: VariantEngine) -> bool:
    """Whether the variant's layout is a hub of trains: its engine's ports start them."""
    return "train0" in engine.PORT_NAMES


def _train_steps(engine: VariantEngine) -> dict[str, tuple[str, ...]]:
    """The steps of a trains game's layouts: the set's highest double as the engine; on the hub, a tile on seat 0's
    train and, where there is one, a tile on the public train; in a train, a double crosswise, then covered."""
    top = engine.MAX_PIP
    hub = [f"[{top}|{top}]", f"[1|{top}]:[{top}|{top}]:train0"]
    if "public" in engine.PORT_NAMES:
        hub.append(f"[2|{top}]:[{top}|{top}]:public")
    x = 3 if top > 4 else 1  # the double's number, and the next the tile that covers it shows
    double = (f"[{top}|{top}]", f"[{x}|{top}]:[{top}|{top}]:train0", f"[{x}|{x}]:[{x}|{top}]:low",
              f"[{x}|{x + 1}]:[{x}|{x}]:lineB")
    return {"hub": tuple(hub), "train_double": double}


def _hub_shown(layout: EngineLayout) -> bool:
    """A hub with a tile on a train."""
    return len(layout.tiles) > 1 and any(port.startswith("train") for (on, port), _ in layout.connections()
                                         if on == layout.tiles[0])


def _train_double(layout: EngineLayout) -> bool:
    """A double in a train, crosswise (joined by its line A), covered on its line B."""
    doubles = [tile for tile in layout.tiles[1:] if is_double(tile)]
    covered = {(on, port) for (on, port), _ in layout.connections()}
    return any((double, "lineB") in covered for double in doubles)


def _trains_layouts(engine: VariantEngine) -> list[WorkedLayout]:
    tests: dict[str, Test] = {"hub": _hub_shown, "train_double": _train_double}
    return [_worked(engine, topic, steps, layout) for topic, steps in _train_steps(engine).items()
            if (layout := _build(engine, steps)) is not None and tests[topic](layout)]


@functools.lru_cache(maxsize=16)  # a book in every pack shows the same layouts, and finding them costs most
def worked_layouts(engine: VariantEngine) -> tuple[WorkedLayout, ...]:
    """The worked layouts of the variant's rules, topic by topic in the order of TOPICS; shared by every
    caller, so read only."""
    if has_trains(engine):
        return tuple(_trains_layouts(engine))
    tiles = set_tiles(engine)
    wild = wild_tiles(engine, tiles)
    plain = [tile for tile in tiles if tile not in wild]  # the other topics are shown by the usual matching
    worked: list[WorkedLayout] = []
    for topic in TOPICS:
        if topic in SPINNER_TOPICS and engine.SPINNER_POLICY == "none":
            continue
        if topic in TESTS:
            worked += _shown(engine, topic, TESTS[topic], plain)
        elif topic == "scoring":
            worked += _scoring(engine, plain)
    for made in (_matching(engine, plain), _wild(engine, plain, wild) if wild else None):
        if made is not None:
            worked.append(made)
    return tuple(worked)
