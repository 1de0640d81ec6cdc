"""Layout and board pictures: valid SVG that draws exactly the engine's tiles, ends, counted ends and
spinners, for every worked layout of every shipped spec and for random legal layouts; words escaped;
the same bytes every time; `dominospec example --svg` through the real command."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominospec.book.layouts import set_tiles, worked_layouts
from dominospec.book.pictures import BoardWords, Legend, board_picture, layout_picture, legend_for
from dominospec.documents.example_writer import layout_from_steps
from dominospec.documents.language_pack import language_packs
from dominospec.engine_api import EngineLayout, Tile, VariantEngine, as_variant, engine_of
from dominospec.language import loader
from dominospec.targets.engines import load_engine
from support import ROOT, SHIPPED, run_cli

SVG = "{http://www.w3.org/2000/svg}"
LEGEND = Legend("Filled number: a counted contribution", "Hollow dot: a legal continuation not counted here",
                "Orange frame: a spinner")
HOSTILE = '</svg><script>alert("x")</script> & <!-- ]]> \'quoted\''
WORDS = BoardWords("Board to 121", "front peg", "back peg", "game hole")


@functools.cache
def engine(path: Path) -> VariantEngine:
    variant = as_variant(engine_of(load_engine(loader.load(path), path)))
    assert variant is not None
    return variant


def parse(svg: str) -> ET.Element:
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    for element in root.iter():
        assert element.tag != f"{SVG}script"
        assert not any("href" in name or value.startswith(("http:", "https:", "url(")) for name, value in
                       element.attrib.items() if name != "xmlns")
    return root


def of_class(root: ET.Element, tag: str, css: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}{tag}") if css in (e.get("class") or "").split()]


def view_box(root: ET.Element) -> tuple[float, float, float, float]:
    x, y, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    return x, y, x + width, y + height


def rect_bounds(rect: ET.Element) -> tuple[float, float, float, float]:
    x, y = float(rect.get("x") or 0), float(rect.get("y") or 0)
    return x, y, x + float(rect.get("width") or 0), y + float(rect.get("height") or 0)


def circle_bounds(circle: ET.Element) -> tuple[float, float, float, float]:
    x, y, r = (float(circle.get(name) or 0) for name in ("cx", "cy", "r"))
    return x - r, y - r, x + r, y + r


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def inside(inner: tuple[float, float, float, float], outer: tuple[float, float, float, float]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def check_layout_picture(variant: VariantEngine, layout: EngineLayout, svg: str, apart: bool,
                         legend: Legend = LEGEND) -> ET.Element:
    """The picture draws the engine's layout: its tiles once each, an end marker on every open port and
    counted end (filled with the counted value exactly where the engine counts it), a frame on every spinner, all
    inside the viewBox; apart: no two tiles and no tile and end marker overlap."""
    root = parse(svg)
    name = variant.format_tile
    tiles = of_class(root, "g", "tile")
    assert Counter(g.get("data-tile") for g in tiles) == Counter(name(t) for t in layout.tiles)
    for g, tile in zip(sorted(tiles, key=lambda g: g.get("data-tile") or ""), sorted(layout.tiles, key=name),
                       strict=True):  # pips up to nine a half, the number beyond
        assert len(list(g.iter(f"{SVG}circle"))) == sum(half for half in tile if half <= 9)
        assert sorted(t.text or "" for t in g.iter(f"{SVG}text")) == sorted(str(h) for h in tile if h > 9)
    # A counted end that is no open port (a spinner's sides covered before other ends) is marked too.
    expected = {(name(t), p): ("open", v) for t, p, v in layout.open_ports()}
    expected.update({(name(t), p): ("counted", v) for t, p, v in layout.counted_ends()})
    markers = of_class(root, "g", "end")
    drawn = {}
    for marker in markers:
        kind = (marker.get("class") or "").split()[1]
        value = int(marker.get("data-value") or "")
        assert [t.text for t in marker.iter(f"{SVG}text")] == [str(value)]
        drawn[(marker.get("data-tile"), marker.get("data-port"))] = (kind, value)
    assert len(markers) == len(drawn)
    assert drawn == expected
    assert Counter(r.get("data-tile") for r in of_class(root, "rect", "spinner")) == \
        Counter(name(t) for t in layout.spinners())
    legend_texts = [t.text for g in of_class(root, "g", "legend") for t in g.iter(f"{SVG}text")]
    hub = bool(of_class(root, "circle", "hub"))  # a trains game's: its ends count nothing, its legend says so
    assert legend_texts == [legend.counted] * (not hub) + [legend.continuation] + \
        [legend.spinner] * bool(layout.spinners())
    box = view_box(root)
    tile_boxes = [rect_bounds(next(g.iter(f"{SVG}rect"))) for g in tiles]
    marker_boxes = [circle_bounds(next(m.iter(f"{SVG}circle"))) for m in markers]
    frame_boxes = [rect_bounds(r) for r in of_class(root, "rect", "spinner")]
    assert all(inside(b, box) for b in tile_boxes + marker_boxes + frame_boxes)
    if apart:
        for i, a in enumerate(tile_boxes):
            assert not any(overlap(a, b) for b in tile_boxes[i + 1:] + marker_boxes), layout.tiles[i]
        for i, a in enumerate(marker_boxes):
            assert not any(overlap(a, b) for b in marker_boxes[i + 1:])
    return root


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_worked_layout_is_drawn_as_the_engine_has_it(path: Path) -> None:
    variant = engine(path)
    for worked in worked_layouts(variant):
        check_layout_picture(variant, worked.layout, layout_picture(variant, worked.layout, LEGEND, worked.topic),
                             apart=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_layouts_give_valid_pictures_of_the_engine_layout(data: st.DataObject) -> None:
    variant = engine(data.draw(st.sampled_from(SHIPPED)))
    layout = variant.Layout()
    tiles = set_tiles(variant)
    for _ in range(data.draw(st.integers(1, 14))):
        choices = [(t, on, port) for t in tiles if t not in layout.tiles for on, port in layout.placements_for(t)]
        if not choices:
            break
        tile, on, port = data.draw(st.sampled_from(choices))
        try:
            layout.place(tile, on, port)
        except variant.IllegalMove:  # a wild tile that must name the half that touches
            continue
    check_layout_picture(variant, layout, layout_picture(variant, layout, LEGEND), apart=False)


def test_hostile_words_come_out_as_text() -> None:
    variant = engine(ROOT / "spec/horse_race.rules")
    layout = layout_from_steps(variant, ["[1|4]", "[1|1]:[1|4]:low"])
    hostile = Legend(HOSTILE, HOSTILE + "2", HOSTILE + "3")
    root = check_layout_picture(variant, layout, layout_picture(variant, layout, hostile, HOSTILE), apart=True,
                                legend=hostile)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert HOSTILE in texts and HOSTILE + "2" in texts and HOSTILE + "3" in texts
    board = parse(board_picture([(0, 5)], 61, [(HOSTILE, 31)], [HOSTILE], BoardWords(HOSTILE, HOSTILE, HOSTILE,
                                                                                     HOSTILE)))
    assert [g.get("data-name") for g in of_class(board, "g", "line")] == [HOSTILE]
    assert any(HOSTILE in (t.text or "") for t in board.iter(f"{SVG}text"))


def test_the_same_layout_gives_the_same_bytes() -> None:
    variant = engine(ROOT / "spec/horse_race.rules")
    steps = ["[1|4]", "[1|1]:[1|4]:low", "[4|4]:[1|4]:high", "[3|4]:[4|4]:lineB"]
    first = layout_picture(variant, layout_from_steps(variant, steps), LEGEND, "t")
    assert layout_picture(variant, layout_from_steps(variant, steps), LEGEND, "t") == first
    assert layout_picture(variant, layout_from_steps(variant, steps[:3]), LEGEND, "t") != first


def test_doubles_lie_across_their_line_and_a_branch_runs_up_or_down() -> None:
    variant = engine(ROOT / "spec/horse_race.rules")
    layout = layout_from_steps(variant, ["[1|4]", "[1|1]:[1|4]:low", "[4|4]:[1|4]:high", "[3|4]:[4|4]:lineB",
                                         "[1|2]:[1|1]:lineB", "[1|5]:[1|1]:branchA"])
    root = parse(layout_picture(variant, layout, LEGEND))
    boxes = {g.get("data-tile"): rect_bounds(next(g.iter(f"{SVG}rect"))) for g in of_class(root, "g", "tile")}

    def wide(tile: str) -> bool:
        x0, y0, x1, y1 = boxes[tile]
        return x1 - x0 > y1 - y0

    assert wide("[1|4]") and wide("[3|4]") and wide("[1|2]")  # the line runs left and right
    assert not wide("[1|1]") and not wide("[4|4]")  # doubles across it
    assert not wide("[1|5]") and boxes["[1|5]"][3] <= boxes["[1|1]"][1]  # the branch goes up from the spinner
    assert boxes["[1|1]"][2] <= boxes["[1|4]"][0] <= boxes["[4|4]"][0]  # low end left, high end right


def test_a_spinner_on_a_branch_opens_its_own_branches_sideways() -> None:
    variant = engine(ROOT / "spec/horse_race.rules")
    layout = layout_from_steps(variant, ["[1|4]", "[1|1]:[1|4]:low", "[4|4]:[1|4]:high", "[3|4]:[4|4]:lineB",
                                         "[1|2]:[1|1]:lineB", "[1|5]:[1|1]:branchA", "[5|5]:[1|5]:high",
                                         "[0|5]:[5|5]:lineB"])
    root = check_layout_picture(variant, layout, layout_picture(variant, layout, LEGEND), apart=True)
    boxes = {g.get("data-tile"): rect_bounds(next(g.iter(f"{SVG}rect"))) for g in of_class(root, "g", "tile")}
    ends = {g.get("data-port"): circle_bounds(next(g.iter(f"{SVG}circle")))
            for g in of_class(root, "g", "end") if g.get("data-tile") == "[5|5]"}
    x0, y0, x1, y1 = boxes["[5|5]"]
    assert x1 - x0 > y1 - y0  # across the branch, which runs up
    assert boxes["[0|5]"][3] <= y0  # its line goes on up
    assert ends["branchA"][2] <= x0 and ends["branchB"][0] >= x1  # its branches open left and right


def test_halves_beyond_nine_show_their_number(tmp_path: Path) -> None:
    spec = tmp_path / "double_twelve.rules"
    spec.write_text((ROOT / "spec/fives_and_threes.rules").read_text(encoding="utf-8")
                    .replace("tiles: double six", "tiles: double 12"), encoding="utf-8")
    variant = engine(spec)
    assert variant.MAX_PIP == 12
    layout = layout_from_steps(variant, ["[9|12]", "[12|12]:[9|12]:high", "[10|12]:[12|12]:lineB"])
    check_layout_picture(variant, layout, layout_picture(variant, layout, LEGEND), apart=True)


def test_an_empty_table_is_a_picture_of_the_legend_alone() -> None:
    variant = engine(ROOT / "spec/fives_and_threes.rules")
    root = check_layout_picture(variant, variant.Layout(), layout_picture(variant, variant.Layout(), LEGEND),
                                apart=True)
    assert not of_class(root, "g", "tile") and not of_class(root, "g", "end")


def hole_centres(track: ET.Element, css: str) -> dict[int, tuple[float, float]]:
    return {int(c.get("data-hole") or ""): (float(c.get("cx") or 0), float(c.get("cy") or 0))
            for c in track.iter(f"{SVG}circle") if css in (c.get("class") or "").split()}


@settings(max_examples=40, deadline=None)
@given(st.integers(31, 200).flatmap(lambda target: st.tuples(
    st.just(target),
    st.lists(st.tuples(st.integers(0, target + 10), st.integers(0, target + 10)), min_size=1, max_size=4),
    st.lists(st.tuples(st.sampled_from(["lurch", "skunk", "double skunk"]), st.integers(1, target - 1)),
             max_size=3))))
def test_board_pictures_put_pegs_lines_and_the_game_hole_in_their_holes(
        case: tuple[int, list[tuple[int, int]], list[tuple[str, int]]]) -> None:
    target, scores, lines = case
    pegs = [(min(a, b), max(a, b)) for a, b in scores]
    root = parse(board_picture(pegs, target, lines, [f"side {i}" for i in range(len(pegs))], WORDS))
    tracks = of_class(root, "g", "track")
    assert [t.get("data-side") for t in tracks] == [str(i) for i in range(len(pegs))]
    box = view_box(root)
    for track, (back, front) in zip(tracks, pegs, strict=True):
        holes = hole_centres(track, "hole")
        assert sorted(holes) == list(range(1, target))
        game = hole_centres(track, "game-hole")
        assert list(game) == [target]
        assert all(inside(circle_bounds(c), box) for c in track.iter(f"{SVG}circle"))
        for css, score in (("front", front), ("back", back)):
            [(hole, centre)] = hole_centres(track, css).items()
            assert hole == min(score, target)
            if 1 <= score < target:
                assert centre == holes[score]
            elif score >= target:
                assert centre == game[target]
        drawn = [(g.get("data-name"), int(g.get("data-hole") or "")) for g in of_class(track, "g", "line")]
        assert drawn == lines
        for g, (_, cutoff) in zip(of_class(track, "g", "line"), lines, strict=True):
            line = next(g.iter(f"{SVG}line"))
            x, top, bottom = float(line.get("x1") or 0), float(line.get("y1") or 0), float(line.get("y2") or 0)
            hole_x, hole_y = holes[cutoff]
            assert top < hole_y < bottom and x < hole_x  # just before the first hole clear of the line
            before = holes.get(cutoff - 1)
            if before is not None and before[1] == hole_y:  # the hole below the line, on the same row
                assert before[0] < x


def test_example_svg_writes_the_picture_and_still_prints_the_block(tmp_path: Path) -> None:
    out = tmp_path / "layout.svg"
    steps = ["[1|4]", "[1|1]:[1|4]:low", "[4|4]:[1|4]:high"]
    plain = run_cli("example", "spec/horse_race.rules", *steps)
    drawn = run_cli("example", "spec/horse_race.rules", *steps, "--svg", str(out))
    assert drawn.returncode == 0, drawn.stderr
    assert drawn.stdout == plain.stdout
    variant = engine(ROOT / "spec/horse_race.rules")
    root = check_layout_picture(variant, layout_from_steps(variant, steps), out.read_text(encoding="utf-8"),
                                apart=True, legend=legend_for(language_packs()["en"]))
    assert plain.stdout.splitlines()[0] in [t.text for t in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("where", ["no-such/folder/layout.svg", "."], ids=["missing folder", "a folder"])
def test_example_svg_to_an_unwritable_path_is_a_usage_error(tmp_path: Path, where: str) -> None:
    target = tmp_path / where
    result = run_cli("example", "spec/horse_race.rules", "[1|4]", "--svg", str(target))
    assert result.returncode == 2
    assert re.search(r"cannot write: .+", result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


# --- a trains game's hub ------------------------------------------------------------------------------------------

MEXICAN_TRAIN = ROOT / "examples/family/mexican_train.rules"
PRIVATE_TRAINS = ROOT / "examples/family/private_trains.rules"
TRAINS_LEGEND = Legend(LEGEND.counted, LEGEND.continuation, LEGEND.spinner, "Seat {seat}", "public train")


def text_bounds(text: ET.Element) -> tuple[float, float, float, float]:
    """A label's box, as wide as the pictures' own estimate of its words."""
    x, y, size = (float(text.get(name) or 0) for name in ("x", "y", "font-size"))
    width = len(text.text or "") * size * 0.6
    left = {"start": x, "middle": x - width / 2, "end": x - width}[text.get("text-anchor") or "start"]
    return left, y - size / 2, left + width, y + size / 2


def trains_from_the_hub(variant: VariantEngine, layout: EngineLayout) -> dict[str, list[str]]:
    """Each train of the layout, by its port on the engine: its tiles in order, read from the connections."""
    engine = layout.tiles[0]
    after = {on: placed for (on, _), (placed, _) in layout.connections() if on != engine}
    trains = {}
    for (on, port), (placed, _) in layout.connections():
        if on == engine:
            tiles, tile = [], placed
            while tile is not None:
                tiles.append(variant.format_tile(tile))
                tile = after.get(tile)
            trains[port] = tiles
    return trains


def check_hub(variant: VariantEngine, layout: EngineLayout, svg: str, players: int,
              legend: Legend = TRAINS_LEGEND) -> ET.Element:
    """The picture of a trains game's layout draws the engine's hub: a train for each seat and the public train where
    the variant has one, each with the tiles the connections chain from its port, labelled with its owner; a marker
    on the train of every seat the layout's markers list, on its own train's rail; the rows run across, so a double
    (the engine aside) lies crosswise, upright; and no label, marker or tile of another train meets a tile."""
    root = check_layout_picture(variant, layout, svg, apart=True, legend=legend)
    name = variant.format_tile
    [hub] = of_class(root, "circle", "hub")
    assert hub.get("data-tile") == name(layout.tiles[0])
    public = "public" in variant.PORT_NAMES
    trains = {g.get("data-port"): g for g in of_class(root, "g", "train")}
    assert list(trains) == [f"train{seat}" for seat in range(players)] + ["public"] * public
    chains = trains_from_the_hub(variant, layout)
    for port, g in trains.items():
        assert (g.get("data-tiles") or "").split() == chains.get(port, [])
        seat = g.get("data-seat")
        assert (seat is None) == (port == "public") and (seat is None or port == f"train{seat}")
        [label] = [t.text for t in g.iter(f"{SVG}text")]
        assert label == (legend.public if seat is None else legend.seat.replace("{seat}", str(seat)))
    boxes = {g.get("data-tile"): rect_bounds(next(g.iter(f"{SVG}rect"))) for g in of_class(root, "g", "tile")}
    for tile in layout.tiles[1:]:
        x0, y0, x1, y1 = boxes[name(tile)]
        assert (y1 - y0 > x1 - x0) == (tile[0] == tile[1]), tile  # across the row, or along it
    marked = {g.get("data-seat"): g for g in of_class(root, "g", "marker")}
    assert sorted(marked) == sorted(str(seat) for seat in layout.to_dict()["markers"])  # type: ignore[attr-defined]
    tile_boxes = list(boxes.values())
    for seat, g in marked.items():
        assert g.get("data-port") == f"train{seat}"
        x0, y0, x1, y1 = rect_bounds(next(g.iter(f"{SVG}rect")))
        rail = next(trains[f"train{seat}"].iter(f"{SVG}polyline")).get("points") or ""
        (bend_x, row), (start_x, _) = [tuple(map(float, p.split(","))) for p in rail.split()[1:]]
        assert y0 < row < y1 and min(bend_x, start_x) <= x0 < x1 <= max(bend_x, start_x)  # on its own rail
        assert not any(overlap((x0, y0, x1, y1), b) for b in tile_boxes)
    for g in trains.values():
        for text in g.iter(f"{SVG}text"):
            assert not any(overlap(text_bounds(text), b) for b in tile_boxes), text.text
    assert inside(circle_bounds(hub), view_box(root))
    return root


def hub_layout(variant: VariantEngine, players: int, steps: list[tuple[str, str, str]]) -> EngineLayout:
    layout = variant.Layout(players)  # type: ignore[call-arg]
    layout.place(variant.parse_tile(f"[{variant.MAX_PIP}|{variant.MAX_PIP}]"))
    for tile, on, port in steps:
        layout.place(variant.parse_tile(tile), variant.parse_tile(on), port)
    return layout


def test_a_hub_draws_a_train_for_each_seat_and_the_public_train_with_a_double_crosswise_in_a_train() -> None:
    variant = engine(MEXICAN_TRAIN)
    layout = hub_layout(variant, 4, [("[5|12]", "[12|12]", "train0"), ("[5|5]", "[5|12]", "low"),
                                     ("[3|5]", "[5|5]", "lineB"), ("[9|12]", "[12|12]", "public"),
                                     ("[2|12]", "[12|12]", "train2"), ("[2|7]", "[2|12]", "low")])
    root = check_hub(variant, layout, layout_picture(variant, layout, TRAINS_LEGEND), 4)
    trains = {g.get("data-port"): g for g in of_class(root, "g", "train")}
    assert (trains["train0"].get("data-tiles"), trains["public"].get("data-tiles")) == ("[5|12] [5|5] [3|5]", "[9|12]")
    assert "public" in (trains["public"].get("class") or "").split() and trains["public"].get("data-seat") is None
    boxes = {g.get("data-tile"): rect_bounds(next(g.iter(f"{SVG}rect"))) for g in of_class(root, "g", "tile")}
    engine_box, double = boxes["[12|12]"], boxes["[5|5]"]
    assert double[3] - double[1] == 2 * (double[2] - double[0]) + 2  # crosswise: upright in a row that runs across
    assert boxes["[5|12]"][2] <= double[0] and double[2] <= boxes["[3|5]"][0]  # between the tiles it joins
    # each train leaves the engine its own way: seat 0's and seat 2's right of it, seat 1's and 3's left
    assert engine_box[2] < boxes["[5|12]"][0] and engine_box[2] < boxes["[2|12]"][0]
    ends = {g.get("data-port"): circle_bounds(next(g.iter(f"{SVG}circle")))
            for g in of_class(root, "g", "end") if g.get("data-tile") == "[12|12]"}
    assert sorted(ends) == ["train1", "train3"]  # the empty trains' ends, at their lanes' starts
    assert ends["train1"][2] < engine_box[0] and ends["train3"][2] < engine_box[0]
    rows = sorted({(b[1] + b[3]) / 2 for b in boxes.values() if b != engine_box})
    assert len(rows) == 3  # seat 0's train, seat 2's and the public train: each on its own row


def test_private_trains_have_no_public_train_and_a_hub_of_the_tables_seats() -> None:
    variant = engine(PRIVATE_TRAINS)
    layout = hub_layout(variant, 3, [("[1|6]", "[6|6]", "train1")])
    root = check_hub(variant, layout, layout_picture(variant, layout, TRAINS_LEGEND), 3)
    assert not of_class(root, "g", "public")
    # a picture asked for more seats than the layout's draws their trains too, empty
    check_hub(variant, layout, layout_picture(variant, layout, TRAINS_LEGEND, players=3), 3)


def test_a_long_train_wraps_onto_rows_further_out_joined_by_returns() -> None:
    variant = engine(MEXICAN_TRAIN)
    chain = ["[11|12]", "[10|11]", "[9|10]", "[8|9]", "[7|8]", "[7|7]", "[6|7]", "[5|6]", "[4|5]", "[3|4]", "[2|3]"]
    layout = hub_layout(variant, 2, [])
    on: Tile | None = layout.tiles[0]
    for text in chain:  # each on the last: seat 0's train, the only one started
        tile = variant.parse_tile(text)
        [(at, port)] = [(t, p) for t, p in layout.placements_for(tile) if t == on and p in ("train0", "low", "high",
                                                                                              "lineB")]
        layout.place(tile, at, port)
        on = tile
    root = check_hub(variant, layout, layout_picture(variant, layout, TRAINS_LEGEND), 2)
    [train0] = [g for g in of_class(root, "g", "train") if g.get("data-port") == "train0"]
    assert (train0.get("data-tiles") or "").split() == chain
    boxes = [rect_bounds(next(g.iter(f"{SVG}rect"))) for g in of_class(root, "g", "tile")
             if g.get("data-tile") in chain]
    rows = sorted({round((b[1] + b[3]) / 2) for b in boxes})
    assert len(rows) >= 3 and len(of_class(root, "polyline", "return")) == len(rows) - 1
    assert max(b[2] for b in boxes) - min(b[0] for b in boxes) <= 10 * 40 + 40  # no row longer than the wrap


def random_hand_layout(variant: VariantEngine, players: int, seed: int) -> EngineLayout:
    game = variant.Game(players, seed=seed)  # type: ignore[call-arg]
    variant.play_hand(game, [variant.RandomBot(seat) for seat in range(players)])  # type: ignore[attr-defined]
    layout: EngineLayout = game.layout
    return layout


@pytest.mark.parametrize("players", [2, 4, 8])
def test_whole_random_hands_of_mexican_train_are_drawn_with_no_two_tiles_meeting(players: int) -> None:
    variant = engine(MEXICAN_TRAIN)
    marked = 0
    for seed in range(1, 7):
        layout = random_hand_layout(variant, players, seed)
        check_hub(variant, layout, layout_picture(variant, layout, TRAINS_LEGEND), players)
        marked += bool(layout.to_dict()["markers"])  # type: ignore[attr-defined]
    assert marked  # some hand ends with a marker out


def test_a_hub_is_labelled_in_the_packs_words() -> None:
    variant = engine(MEXICAN_TRAIN)
    layout = hub_layout(variant, 2, [("[3|12]", "[12|12]", "public")])
    for code, pack in language_packs().items():
        if pack.book is None:
            continue
        legend = legend_for(pack)
        root = check_hub(variant, layout, layout_picture(variant, layout, legend), 2, legend)
        labels = [t.text for g in of_class(root, "g", "train") for t in g.iter(f"{SVG}text")]
        assert labels == [pack.table_words()["labels"]["seat"].replace("{seat}", str(seat)) for seat in (0, 1)] + \
            [pack.ports["public"]], code
