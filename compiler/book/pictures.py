"""Pictures of the table as SVG documents: a layout drawn as dominoes with its ends marked (filled: a
counted contribution, hollow: a legal continuation not counted), spinners framed in orange, a trains
game's hub (the engine in the middle, each train on its own lane, labelled with its owner, a seat's
marker on its train), and a cribbage board with its pegs and match lines.

Everything drawn is read from the engine (tiles, connections, open ports, counted ends, spinners, markers),
so a picture cannot show other rules than the engine plays. The SVG is plain text built here: no scripts, no
external references, every word XML-escaped, the same bytes for the same layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..documents.language_pack import Pack
from ..documents.wording import Wording
from ..engine_api import EngineLayout, Tile, VariantEngine
from ..language import ir
from ..play.board import GROUP, ROW

UNIT = 40  # the side of a half domino; every coordinate is a whole number of pixels
PIP = 4
MARKER = 12  # radius of an end marker
MARGIN = 20
FONT = 14
ORANGE = "#e8770e"
INK = "#222222"

Point = tuple[int, int]
Direction = tuple[int, int]  # a unit step along x or y; y grows downwards, as SVG draws
LEFT, RIGHT, UP, DOWN = (-1, 0), (1, 0), (0, -1), (0, 1)

# Pip positions on a 3 x 3 grid (-1, 0, 1 per axis): the usual faces up to nine.
_CORNERS = ((-1, -1), (1, 1))
_OTHER_CORNERS = ((1, -1), (-1, 1))
_MIDDLE_SIDES = ((-1, 0), (1, 0))
PIP_FACES: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: _CORNERS,
    3: (*_CORNERS, (0, 0)),
    4: (*_CORNERS, *_OTHER_CORNERS),
    5: (*_CORNERS, *_OTHER_CORNERS, (0, 0)),
    6: (*_CORNERS, *_OTHER_CORNERS, *_MIDDLE_SIDES),
    7: (*_CORNERS, *_OTHER_CORNERS, *_MIDDLE_SIDES, (0, 0)),
    8: (*_CORNERS, *_OTHER_CORNERS, *_MIDDLE_SIDES, (0, -1), (0, 1)),
    9: (*_CORNERS, *_OTHER_CORNERS, *_MIDDLE_SIDES, (0, -1), (0, 1), (0, 0)),
}


@dataclass(frozen=True)
class Legend:
    """The words of a picture, in the document's language."""
    counted: str  # "Filled number: a counted contribution"
    continuation: str  # "Hollow dot: a legal continuation not counted here"
    spinner: str  # "Orange frame: a spinner"
    # A trains game's hub labels each train with its owner: a seat's ("Seat {seat}", the table page's words) and
    # the public train's (its port's name in the pack's words).
    seat: str = "{seat}"
    public: str = "public"


def legend_for(pack: Pack) -> Legend:
    return Legend(*pack.legend(), **train_words(pack))


def train_words(pack: Pack) -> dict[str, str]:
    """The words that label a hub's trains, from the pack: its table page's name of a seat, its name of the public
    train's port; the bare seat number and port where it has none."""
    words: dict[str, str] = {}
    seat = (pack.table or {}).get("labels", {}).get("seat")
    if isinstance(seat, str) and "{seat}" in seat:
        words["seat"] = seat
    if pack.ports.get(PUBLIC):
        words["public"] = pack.ports[PUBLIC]
    return words


@dataclass(frozen=True)
class BoardWords:
    title: str  # "Board to 121", already filled in by the caller
    front: str  # "front peg"
    back: str  # "back peg"
    game_hole: str  # "game hole"


# xml.sax.saxutils imports urllib.request (ssl, http, email) when loaded: it is loaded where a picture is
# drawn, not by every command that imports this module.
def _attr(value: object) -> str:
    from xml.sax.saxutils import quoteattr
    return quoteattr(str(value))


def escape(text: str) -> str:
    from xml.sax import saxutils
    return saxutils.escape(text)


def _text(x: int, y: int, words: str, anchor: str = "start", size: int = FONT, light: bool = False) -> str:
    fill = "#ffffff" if light else INK
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" dominant-baseline="central" '
            f'fill="{fill}">{escape(words)}</text>')


def _text_width(words: str, size: int = FONT) -> int:
    """A generous estimate (no font is measured): the viewBox must hold the longest legend line."""
    return (len(words) * size * 6 + 9) // 10


class _Box:
    """The bounds of everything drawn, for the viewBox."""

    def __init__(self) -> None:
        self.left = self.top = self.right = self.bottom = 0
        self.empty = True

    def add(self, x0: int, y0: int, x1: int, y1: int) -> None:
        if self.empty:
            self.left, self.top, self.right, self.bottom = x0, y0, x1, y1
            self.empty = False
            return
        self.left, self.top = min(self.left, x0), min(self.top, y0)
        self.right, self.bottom = max(self.right, x1), max(self.bottom, y1)


def _svg(box: _Box, body: Iterable[str]) -> str:
    x, y = box.left - MARGIN, box.top - MARGIN
    width, height = box.right - box.left + 2 * MARGIN, box.bottom - box.top + 2 * MARGIN
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x} {y} {width} {height}" width="{width}" '
            f'height="{height}" font-family="sans-serif">')
    return "\n".join([head, f'<rect x="{x}" y="{y}" width="{width}" height="{height}" fill="#ffffff"/>',
                      *body, "</svg>"]) + "\n"


# ---------------------------------------------------------------- layouts


@dataclass(frozen=True)
class _Exit:
    """Where a port of a drawn tile leads: the point on the tile's edge and the way out."""
    point: Point
    way: Direction


@dataclass(frozen=True)
class _Half:
    centre: Point
    value: int


@dataclass(frozen=True)
class _Drawn:
    tile: Tile
    centre: Point
    along: Direction  # the way its line runs
    halves: tuple[_Half, _Half]
    exits: dict[str, _Exit]

    @property
    def crosswise(self) -> bool:
        return self.tile[0] == self.tile[1]

    def bounds(self) -> tuple[int, int, int, int]:
        across = self.along[1] != 0  # a line running up or down
        long_x = across == self.crosswise  # whether the tile's long side lies along x
        half_w, half_h = (UNIT, UNIT // 2) if long_x else (UNIT // 2, UNIT)
        x, y = self.centre
        return x - half_w, y - half_h, x + half_w, y + half_h


def _step(point: Point, way: Direction, distance: int) -> Point:
    return point[0] + way[0] * distance, point[1] + way[1] * distance


def _sideways(way: Direction) -> tuple[Direction, Direction]:
    """A double's branches: up and down from a line running sideways, left and right from one running up or down."""
    return (UP, DOWN) if way[1] == 0 else (LEFT, RIGHT)


def _double(tile: Tile, centre: Point, along: Direction, back: Direction) -> _Drawn:
    """A double drawn crosswise: its halves side by side across the line; back is the way to its line A. A chicken
    foot's toes leave where a spinner's line B and branches would: straight on and to either side."""
    branch_a, branch_b = _sideways(along)
    value = tile[0]
    exits = {"lineA": _Exit(_step(centre, back, UNIT // 2), back),
             "lineB": _Exit(_step(centre, (-back[0], -back[1]), UNIT // 2), (-back[0], -back[1])),
             "branchA": _Exit(_step(centre, branch_a, UNIT), branch_a),
             "branchB": _Exit(_step(centre, branch_b, UNIT), branch_b)}
    exits.update(toeA=exits["lineB"], toeB=exits["branchA"], toeC=exits["branchB"])
    halves = (_Half(_step(centre, branch_a, UNIT // 2), value), _Half(_step(centre, branch_b, UNIT // 2), value))
    return _Drawn(tile, centre, along, halves, exits)


def _lead(tile: Tile) -> _Drawn:
    if tile[0] == tile[1]:
        return _double(tile, (0, 0), RIGHT, LEFT)
    return _Drawn(tile, (0, 0), RIGHT, (_Half((-UNIT // 2, 0), tile[0]), _Half((UNIT // 2, 0), tile[1])),
                  {"low": _Exit((-UNIT, 0), LEFT), "high": _Exit((UNIT, 0), RIGHT)})


def _joined(tile: Tile, own_port: str, at: _Exit) -> _Drawn:
    """A tile joining by own_port at a parent's exit, continuing straight on."""
    way = at.way
    if tile[0] == tile[1]:
        return _double(tile, _step(at.point, way, UNIT // 2), way, (-way[0], -way[1]))
    near, far = (tile[0], tile[1]) if own_port == "low" else (tile[1], tile[0])
    other = "high" if own_port == "low" else "low"
    return _Drawn(tile, _step(at.point, way, UNIT), way,
                  (_Half(_step(at.point, way, UNIT // 2), near), _Half(_step(at.point, way, 3 * UNIT // 2), far)),
                  {own_port: _Exit(at.point, (-way[0], -way[1])), other: _Exit(_step(at.point, way, 2 * UNIT), way)})


def _place_tiles(layout: EngineLayout) -> dict[Tile, _Drawn]:
    """Every tile's place: the lead in the middle, each later tile straight on from the port it joined."""
    drawn: dict[Tile, _Drawn] = {}
    if not layout.tiles:
        return drawn
    drawn[layout.tiles[0]] = _lead(layout.tiles[0])
    for (on, port), (tile, own_port) in layout.connections():
        parent = drawn.get(on)
        if parent is not None and port in parent.exits and tile not in drawn:
            drawn[tile] = _joined(tile, own_port, parent.exits[port])
    return drawn


# ---------------------------------------------------------------- the hub of a trains game
#
# The engine lies in the middle on a round hub; each train runs on its own lane. The lanes are shared out among
# four quadrants, in turn: up and right, down and left, down and right, up and left (train k is slot k, the
# public train slot `players`), each quadrant's lanes stacked outwards from the engine's middle line. A rail runs
# from the hub to its lane, bends onto the lane's first row at STEM and reaches the row's start at the lanes'
# start x (beyond the longest label); the owner's label stands above the rail, a marker on the rail just before
# the row starts. A train runs outwards along its row (a double crosswise, as on any line) and wraps onto a new
# row, further out, once a tile would pass ROW_LENGTH, a dashed return joining the rows through the gap between
# them: however long the trains, no two lanes meet, and a lane's rows hold no more than ROW_LENGTH each.

PUBLIC = "public"
ROW_PITCH = 2 * UNIT + 16  # between a lane's rows: a double crosswise is 2 UNIT tall
LANE_GAP = 16  # between one train's last row and the next lane's first
ROW_LENGTH = 10 * UNIT  # a row's tiles end no further out than this from the row's start
HUB_RADIUS = 56
STEM = HUB_RADIUS + 24  # where a rail bends onto its lane's first row
LABEL = FONT - 2  # the owner's label, its font size
TOKEN = (22, 14)  # a marker: a rounded orange block on the rail
RAIL = "#9a9a9a"
HUB_FILL = "#efe9da"
# (side, out) of each quadrant in turn: side 1 runs right, -1 left; out -1 stacks lanes upwards, 1 downwards.
QUADRANTS = ((1, -1), (-1, 1), (1, 1), (-1, -1))


def hub_seat(port: str) -> int | None:
    """The seat whose train starts on this port of the engine (train3: 3); None for any other port."""
    if port.startswith("train") and port[5:].isdigit():
        return int(port[5:])
    return None


def is_hub_port(port: str) -> bool:
    return port == PUBLIC or hub_seat(port) is not None


Return = tuple[Point, ...]  # a dashed return from a full row to the next: a polyline


@dataclass(frozen=True)
class _Train:
    port: str  # its port on the engine: train<k>, or public
    seat: int | None  # its owner; None for the public train
    tiles: tuple[Tile, ...]  # from the hub out
    rail: tuple[Point, ...]  # from the engine's middle to its first row's start
    label: str
    label_at: Point
    anchor: str
    token_at: Point  # where the owner's marker stands when its train carries one
    returns: tuple[Return, ...]  # the dashed returns from each full row to the next


@dataclass(frozen=True)
class _Hub:
    engine: Tile
    drawn: dict[Tile, _Drawn]
    trains: tuple[_Train, ...]
    markers: frozenset[int]  # the seats whose train carries a marker


def _layout_state(layout: EngineLayout) -> Mapping[str, Any]:
    to_dict = getattr(layout, "to_dict", None)
    state = to_dict() if callable(to_dict) else {}
    return state if isinstance(state, Mapping) else {}


def _marked_seats(layout: EngineLayout) -> tuple[int | None, frozenset[int]]:
    """The layout's player count where it tells it (a Python engine's markers: a flag a seat), and the seats whose
    train carries a marker (the layout's `markers`)."""
    flags = getattr(layout, "markers", None)
    players = len(flags) if isinstance(flags, list) and all(isinstance(f, bool) for f in flags) else None
    listed = _layout_state(layout).get("markers")
    if isinstance(listed, list):
        return players, frozenset(seat for seat in listed if isinstance(seat, int))
    if players is not None and isinstance(flags, list):
        return players, frozenset(seat for seat, marked in enumerate(flags) if marked)
    return players, frozenset()


def _hub_links(layout: EngineLayout) -> dict[str, tuple[Tile, str] | None] | None:
    """The engine's hub ports, each with the tile placed on it and that tile's port (None while it is empty); None
    where the layout is no hub."""
    if not layout.tiles:
        return None
    engine = layout.tiles[0]
    ports: dict[str, tuple[Tile, str] | None] = {}
    for (on, port), (tile, own_port) in layout.connections():
        if on == engine and is_hub_port(port):
            ports[port] = (tile, own_port)
    for tile, port, _ in layout.open_ports():
        if tile == engine and is_hub_port(port):
            ports.setdefault(port, None)
    return ports or None


def _lay_train(first: tuple[Tile, str] | None, children: Mapping[Tile, tuple[Tile, str]], side: int, out: int,
               first_row: int, start: int, drawn: dict[Tile, _Drawn]) -> tuple[list[Tile], int, list[Return]]:
    """A train's tiles along its lane, from the row starting at x = side * start, y = first_row: its tiles, how many
    rows it takes, its returns."""
    tiles: list[Tile] = []
    returns: list[Return] = []
    row, along = 0, 0
    link = first
    while link is not None and link[0] not in drawn:
        tile, own_port = link
        length = UNIT if tile[0] == tile[1] else 2 * UNIT
        if along and along + length > ROW_LENGTH:  # wrap onto the next row, further out
            y = first_row + out * row * ROW_PITCH
            gap, below, end = y + out * ROW_PITCH // 2, y + out * ROW_PITCH, start + along
            returns.append(((side * end, y), (side * (end + 8), y), (side * (end + 8), gap), (side * (start - 8), gap),
                            (side * (start - 8), below), (side * start, below)))
            row, along = row + 1, 0
        y = first_row + out * row * ROW_PITCH
        drawn[tile] = _joined(tile, own_port, _Exit((side * (start + along), y), (side, 0)))
        tiles.append(tile)
        along += length
        link = children.get(tile)
    return tiles, row + 1, returns


def _place_hub(layout: EngineLayout, legend: Legend, players: int | None, public: bool) -> _Hub | None:
    """The hub's drawing: the engine in the middle, each train on its lane (see above); None where the layout is
    no hub."""
    links = _hub_links(layout)
    if links is None:
        return None
    told, markers = _marked_seats(layout)
    seats = [s for port in links if (s := hub_seat(port)) is not None]
    count = max([players or 0, told or 0, *(s + 1 for s in seats), *(s + 1 for s in markers)])
    slots: list[tuple[str, int | None]] = [(f"train{seat}", seat) for seat in range(count)]
    if public or PUBLIC in links:
        slots.append((PUBLIC, None))
    labels = [legend.seat.replace("{seat}", str(seat)) if seat is not None else legend.public for _, seat in slots]
    start = STEM + max([TOKEN[0], *(_text_width(words, LABEL) for words in labels)]) + 16
    engine = layout.tiles[0]
    children = {on: (tile, own_port) for (on, _), (tile, own_port) in layout.connections() if on != engine}
    lead = (_double(engine, (0, 0), RIGHT, LEFT) if engine[0] == engine[1] else  # upright, whatever the engine
            _Drawn(engine, (0, 0), DOWN, (_Half((0, -UNIT // 2), engine[0]), _Half((0, UNIT // 2), engine[1])), {}))
    exits: dict[str, _Exit] = {}
    drawn: dict[Tile, _Drawn] = {engine: lead}
    trains: list[_Train] = []
    stacked: dict[tuple[int, int], int] = {}  # each quadrant's next lane's first row
    for slot, ((port, seat), words) in enumerate(zip(slots, labels, strict=True)):
        side, out = QUADRANTS[slot % len(QUADRANTS)]
        y = stacked.get((side, out), out * ROW_PITCH // 2)
        exits[port] = _Exit((side * start, y), (side, 0))
        tiles, rows, returns = _lay_train(links.get(port), children, side, out, y, start, drawn)
        stacked[(side, out)] = y + out * (rows * ROW_PITCH + LANE_GAP)
        label_x = side * (start - 6)
        trains.append(_Train(port, seat, tuple(tiles), ((0, 0), (side * STEM, y), (side * start, y)), words,
                             (label_x, y - 20), "end" if side > 0 else "start",
                             (side * (start - 6 - TOKEN[0] // 2), y), tuple(returns)))
    drawn[engine] = _Drawn(engine, lead.centre, lead.along, lead.halves, exits)
    return _Hub(engine, drawn, tuple(trains), markers)


def _hub_svg(engine: VariantEngine, hub: _Hub, box: _Box) -> tuple[list[str], list[str]]:
    """The hub's parts under the tiles (the hub, the rails, the labels, the returns) and over them (the markers)."""
    disc = (f'<circle class="hub" data-tile={_attr(engine.format_tile(hub.engine))} cx="0" cy="0" r="{HUB_RADIUS}" '
            f'fill="{HUB_FILL}" stroke="{INK}" stroke-width="1.5"/>')
    box.add(-HUB_RADIUS, -HUB_RADIUS, HUB_RADIUS, HUB_RADIUS)
    rails: list[str] = []
    over: list[str] = []
    for train in hub.trains:
        kind = "train public" if train.seat is None else "train"
        owner = "" if train.seat is None else f' data-seat="{train.seat}"'
        tiles = " ".join(engine.format_tile(tile) for tile in train.tiles)
        points = " ".join(f"{x},{y}" for x, y in train.rail)
        rails.append(f'<g class="{kind}" data-port={_attr(train.port)}{owner} data-tiles={_attr(tiles)}>')
        rails.append(f'<polyline points="{points}" fill="none" stroke="{RAIL}" stroke-width="3"/>')
        for back in train.returns:
            rails.append(f'<polyline class="return" points="{" ".join(f"{x},{y}" for x, y in back)}" fill="none" '
                         f'stroke="{RAIL}" stroke-width="2" stroke-dasharray="6 4"/>')
            for x, y in back:
                box.add(x, y, x, y)
        for x, y in train.rail:
            box.add(x, y, x, y)
        x, y = train.label_at
        width = _text_width(train.label, LABEL)
        rails.append(_text(x, y, train.label, train.anchor, LABEL))
        box.add(x - width if train.anchor == "end" else x, y - LABEL, x if train.anchor == "end" else x + width,
                y + LABEL)
        rails.append("</g>")
        if train.seat is not None and train.seat in hub.markers:
            (x, y), (w, h) = train.token_at, TOKEN
            box.add(x - w // 2, y - h // 2, x + w // 2, y + h // 2)
            over.append(f'<g class="marker" data-seat="{train.seat}" data-port={_attr(train.port)}>'
                        f'<rect x="{x - w // 2}" y="{y - h // 2}" width="{w}" height="{h}" rx="4" fill="{ORANGE}" '
                        f'stroke="{INK}" stroke-width="1.5"/></g>')
    return [*rails, disc], over  # the disc over the rails' ends: they leave from under the engine


def _pips(half: _Half) -> list[str]:
    x, y = half.centre
    face = PIP_FACES.get(half.value)
    if face is None:  # sets beyond double nine: the number itself
        return [_text(x, y, str(half.value), "middle", FONT + 2)]
    spacing = UNIT // 4
    return [f'<circle cx="{x + dx * spacing}" cy="{y + dy * spacing}" r="{PIP}" fill="{INK}"/>' for dx, dy in face]


def _tile_svg(engine: VariantEngine, drawn: _Drawn, box: _Box) -> list[str]:
    x0, y0, x1, y1 = drawn.bounds()
    box.add(x0, y0, x1, y1)
    (ax, ay), (bx, by) = drawn.halves[0].centre, drawn.halves[1].centre
    mx, my = (ax + bx) // 2, (ay + by) // 2
    if ax == bx:  # halves one above the other: the dividing line runs across
        divider = f'<line x1="{x0 + 4}" y1="{my}" x2="{x1 - 4}" y2="{my}" stroke="{INK}" stroke-width="1.5"/>'
    else:
        divider = f'<line x1="{mx}" y1="{y0 + 4}" x2="{mx}" y2="{y1 - 4}" stroke="{INK}" stroke-width="1.5"/>'
    return [f'<g class="tile" data-tile={_attr(engine.format_tile(drawn.tile))}>',
            f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{x1 - x0 - 2}" height="{y1 - y0 - 2}" rx="5" fill="#fbfaf5" '
            f'stroke="{INK}" stroke-width="2"/>',
            divider, *_pips(drawn.halves[0]), *_pips(drawn.halves[1]), "</g>"]


def _marker_svg(engine: VariantEngine, tile: Tile, port: str, value: int, counted: bool, at: _Exit,
                box: _Box) -> list[str]:
    x, y = _step(at.point, at.way, MARKER + 4)
    box.add(x - MARKER, y - MARKER, x + MARKER, y + MARKER)
    kind = "counted" if counted else "open"
    circle = (f'<circle cx="{x}" cy="{y}" r="{MARKER}" fill="{INK}"/>' if counted else
              f'<circle cx="{x}" cy="{y}" r="{MARKER}" fill="#ffffff" stroke="{INK}" stroke-width="2"/>')
    return [f'<g class="end {kind}" data-tile={_attr(engine.format_tile(tile))} data-port={_attr(port)} '
            f'data-value="{value}">', circle, _text(x, y, str(value), "middle", light=counted),
            "</g>"]


def _legend_svg(legend: Legend, with_spinner: bool, top: int, left: int, box: _Box, counts: bool = True) -> list[str]:
    out = ['<g class="legend">']
    entries = [("counted", legend.counted)] if counts else []
    entries.append(("open", legend.continuation))
    if with_spinner:
        entries.append(("spinner", legend.spinner))
    for row, (kind, words) in enumerate(entries):
        y = top + MARKER + row * (2 * MARKER + 8)
        x = left + MARKER
        if kind == "counted":
            out.append(f'<circle cx="{x}" cy="{y}" r="{MARKER}" fill="{INK}"/>')
        elif kind == "open":
            out.append(f'<circle cx="{x}" cy="{y}" r="{MARKER}" fill="#ffffff" stroke="{INK}" stroke-width="2"/>')
        else:
            out.append(f'<rect x="{x - MARKER}" y="{y - MARKER}" width="{2 * MARKER}" height="{2 * MARKER}" '
                       f'fill="none" stroke="{ORANGE}" stroke-width="3"/>')
        out.append(_text(x + 2 * MARKER, y, words))
        box.add(left, y - MARKER, x + 2 * MARKER + _text_width(words), y + MARKER)
    out.append("</g>")
    return out


def layout_picture(engine: VariantEngine, layout: EngineLayout, legend: Legend, title: str | None = None,
                   players: int | None = None) -> str:
    """An SVG document (text, starting with <svg xmlns=...>) of the layout. A trains game's hub draws a train for
    each of players seats (by default as many as the layout tells: a Python engine's markers, the seats seen)
    and the public train where the variant has one."""
    box = _Box()
    hub = _place_hub(layout, legend, players, PUBLIC in getattr(engine, "PORT_NAMES", ()))
    hub_under: list[str] = []
    hub_over: list[str] = []
    if hub is not None:
        drawn = hub.drawn
        hub_under, hub_over = _hub_svg(engine, hub, box)
    else:
        drawn = _place_tiles(layout)
    tiles_svg = [line for tile in layout.tiles if tile in drawn for line in _tile_svg(engine, drawn[tile], box)]
    frames = []
    for spinner in layout.spinners():
        if spinner in drawn:
            x0, y0, x1, y1 = drawn[spinner].bounds()
            box.add(x0 - 3, y0 - 3, x1 + 3, y1 + 3)
            frames.append(f'<rect class="spinner" data-tile={_attr(engine.format_tile(spinner))} x="{x0 - 3}" '
                          f'y="{y0 - 3}" width="{x1 - x0 + 6}" height="{y1 - y0 + 6}" rx="6" fill="none" '
                          f'stroke="{ORANGE}" stroke-width="3"/>')
    counted = {(tile, port): value for tile, port, value in layout.counted_ends()}
    ends: dict[tuple[Tile, str], int] = {(tile, port): value for tile, port, value in layout.open_ports()}
    ends.update(counted)  # a counted end shows what it counts (a double at an end: both halves)
    markers = [line for (tile, port), value in ends.items()
               if tile in drawn and port in drawn[tile].exits
               for line in _marker_svg(engine, tile, port, value, (tile, port) in counted,
                                       drawn[tile].exits[port], box)]
    if box.empty:  # an empty table: the legend alone
        box.add(0, 0, 0, 0)
    body: list[str] = []
    if title is not None:
        top = box.top - MARGIN - FONT
        body.append(f'<g class="title">{_text(box.left, top, title, size=FONT + 2)}</g>')
        box.add(box.left, top - FONT, box.left + _text_width(title, FONT + 2), top)
    # A hub's ends count nothing: its legend leaves the counted contribution out.
    legend_svg = _legend_svg(legend, bool(layout.spinners()), box.bottom + MARGIN, box.left, box, hub is None)
    return _svg(box, [*body, *hub_under, *tiles_svg, *frames, *markers, *hub_over, *legend_svg])


# ---------------------------------------------------------------- the cribbage board

HOLE = 4
PITCH = 16  # between holes of a row
GROUP_GAP = 8  # between groups of five
ROW_HEIGHT = 30


def _hole_x(hole: int) -> int:
    """x of a hole in its row; hole 0 (no points yet) is the start, left of the first hole."""
    if hole == 0:
        return -PITCH
    index = (hole - 1) % ROW
    return index * PITCH + (index // GROUP) * GROUP_GAP


def board_lines(rules: ir.MatchRules, target: int) -> list[tuple[str, int]]:
    """The match lines a cribbage board draws: each line's name and the first hole clear of it."""
    return [(line.name, line.below.cutoff(target)) for line in rules.lines]


def board_words(wording: Wording, target: int) -> BoardWords:
    """A pack's words for a cribbage board of games to target."""
    return BoardWords(wording.board["title"].replace("{target}", str(target)), wording.board["front"],
                      wording.board["back"], wording.board["game hole"])


def board_picture(pegs: Sequence[tuple[int, int]], game_target: int, lines: Sequence[tuple[str, int]],
                  labels: Sequence[str], words: BoardWords) -> str:
    """SVG of a cribbage board: a track per side (rows of 30 holes in groups of 5, as board.py), both pegs
    of each side (back = score before the last move, front = score), the game hole, and each match line
    (name, first hole clear of it) drawn across the tracks with its name."""
    box = _Box()
    body = [f'<g class="title">{_text(-PITCH - HOLE, 0, words.title, size=FONT + 2)}</g>']
    box.add(-PITCH - HOLE, -FONT, _text_width(words.title, FONT + 2), FONT)
    rows = max(1, (game_target - 2) // ROW + 1)  # holes 1 .. target - 1, then the game hole on its own
    track_height = (rows + 1) * ROW_HEIGHT + FONT + 8
    row_width = _hole_x(ROW) + PITCH
    drawn_lines = [(name, cutoff) for name, cutoff in lines if 1 <= cutoff < game_target]

    def hole_point(top: int, hole: int) -> Point:
        if hole >= game_target:
            return row_width // 2, top + rows * ROW_HEIGHT
        row = 0 if hole == 0 else (hole - 1) // ROW
        return _hole_x(hole), top + row * ROW_HEIGHT

    for side, (back, front) in enumerate(pegs):
        label = labels[side] if side < len(labels) else str(side + 1)
        top = 2 * FONT + side * track_height + FONT + 8
        body.append(f'<g class="track" data-side="{side}">')
        body.append(_text(-PITCH - HOLE, top - FONT - 4, f"{label}: {front}"))
        box.add(-PITCH - HOLE, top - 2 * FONT, _text_width(f"{label}: {front}") - PITCH, top)
        for hole in range(1, game_target):
            x, y = hole_point(top, hole)
            body.append(f'<circle class="hole" data-hole="{hole}" cx="{x}" cy="{y}" r="{HOLE}" fill="#ffffff" '
                        f'stroke="{INK}"/>')
        for start in range(1, game_target, ROW):  # each row's last hole, to count along by
            last = min(start + ROW, game_target) - 1
            x, y = hole_point(top, last)
            body.append(_text(row_width, y, str(last), size=10))
            box.add(row_width, y - HOLE, row_width + _text_width(str(last), 10), y + HOLE)
        gx, gy = hole_point(top, game_target)
        body.append(f'<circle class="game-hole" data-hole="{game_target}" cx="{gx}" cy="{gy}" r="{HOLE + 3}" '
                    f'fill="#ffffff" stroke="{INK}" stroke-width="2"/>')
        body.append(_text(gx + 2 * HOLE + 6, gy, words.game_hole))
        box.add(-PITCH - HOLE, top - HOLE, row_width, gy + HOLE + 3)
        box.add(gx, gy, gx + 2 * HOLE + 6 + _text_width(words.game_hole), gy + FONT)
        for name, cutoff in drawn_lines:
            x, y = hole_point(top, cutoff)
            x -= PITCH // 2 + (GROUP_GAP // 2 if (cutoff - 1) % GROUP == 0 else 0)
            body.append(f'<g class="line" data-name={_attr(name)} data-hole="{cutoff}">'
                        f'<line x1="{x}" y1="{y - 12}" x2="{x}" y2="{y + 12}" stroke="{ORANGE}" stroke-width="2"/>'
                        f'{_text(x + 2, y - 18, name, size=10)}</g>')
        for kind, score, word in (("back", back, words.back), ("front", front, words.front)):
            hole = max(0, min(score, game_target))
            x, y = hole_point(top, hole)
            fill = INK if kind == "front" else "#9a9a9a"
            body.append(f'<circle class="peg {kind}" data-hole="{hole}" cx="{x}" cy="{y}" r="{HOLE + 2}" '
                        f'fill="{fill}"><title>{escape(word)}: {score}</title></circle>')
        body.append("</g>")
    legend_top = 2 * FONT + len(pegs) * track_height + FONT
    body.append('<g class="legend">')
    for row, (word, fill) in enumerate(((words.front, INK), (words.back, "#9a9a9a"))):
        y = legend_top + row * (FONT + 8)
        body.append(f'<circle cx="0" cy="{y}" r="{HOLE + 2}" fill="{fill}"/>')
        body.append(_text(2 * HOLE + 6, y, word))
        box.add(-HOLE - 2, y - FONT, 2 * HOLE + 6 + _text_width(word), y + FONT)
    body.append("</g>")
    return _svg(box, body)
