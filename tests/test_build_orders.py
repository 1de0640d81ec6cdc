"""Build orders: any valid order of a documented layout must give the engine the documented ports,
counted ends and points; written examples read back and verify in every language."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.documents.document import LayoutExample, load_document, parse_document
from dominospec.documents.example_writer import example_block
from dominospec.documents.language_pack import Pack, shipped_packs
from dominospec.documents.snapshot import Rules, Snapshot, build_layout, build_orders
from dominospec.engine_api import Tile, has_trains, new_layout
from dominospec.language.loader import load
from dominospec.targets.engines import load_engine
from dominospec.verifying.verify import (
    compare_layout,
    example_players,
    explore_orders,
    layout_snapshot,
    verify_document,
    verify_example,
)
from support import ROOT, SEEDS

PACKS = shipped_packs()
SPECS = {name: ROOT / "spec" / f"{name}.rules" for name in ("fives_and_threes", "horse_race")}
SPECS["first_double"] = ROOT / "tests" / "data" / "first_double.rules"
SPECS["chicken_foot"] = ROOT / "examples" / "family" / "chicken_foot.rules"
SPECS["mexican_train"] = ROOT / "examples" / "family" / "mexican_train.rules"
SPECS["private_trains"] = ROOT / "examples" / "family" / "private_trains.rules"
ENGINES = {name: load_engine(load(path), path) for name, path in SPECS.items()}
DOCUMENTS = [(ROOT / "examples" / "fives_and_threes.en.md", "fives_and_threes"),
             (ROOT / "examples" / "horse_race.en.md", "horse_race")]
if SEEDS.is_dir():
    DOCUMENTS += [(SEEDS / "000_efca2e0a7dfb4f64.txt", "fives_and_threes"),
                  (SEEDS / "001_6082015da32a818d.txt", "fives_and_threes"),
                  (SEEDS / "002_a7b98e31dda0da69.txt", "horse_race")]


def _examples() -> list[Any]:
    cases = []
    for path, spec in DOCUMENTS:
        document = load_document(path, PACKS)
        for example in document.examples:
            if isinstance(example, LayoutExample):
                cases.append(pytest.param(example, document.pack, spec, id=f"{path.name}:{example.line}"))
    return cases


@pytest.mark.parametrize("example, pack, spec", _examples())
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_every_build_order_arrives_at_the_documented_layout(example: LayoutExample, pack: Pack, spec: str,
                                                            data: st.DataObject) -> None:
    engine = ENGINES[spec]
    snapshot = layout_snapshot(example, engine, pack)
    assert snapshot is not None and example.detail is not None
    order = data.draw(build_orders(snapshot, Rules.of(engine)))
    assert order[-1][0] == snapshot.placed and sorted(t for t, _, _ in order) == sorted(snapshot.tiles)
    layout = build_layout(engine, order)
    assert compare_layout(engine, pack, layout, example.detail, example.caption) == []


@st.composite
def layouts(draw: st.DrawFn, spec: str) -> Any:
    """A random legal layout of 1 to 12 tiles, built through the engine's own placements_for; a trains
    variant's for any of its tables."""
    engine = ENGINES[spec]
    layout = new_layout(engine, draw(st.integers(engine.MIN_PLAYERS, engine.MAX_PLAYERS)))
    for _ in range(draw(st.integers(1, 12))):
        options = [(t, on, port) for t in engine.TILES if t not in layout.tiles
                   for on, port in layout.placements_for(t)]
        if not options:
            break
        layout.place(*draw(st.sampled_from(options)))
    return layout


@pytest.mark.parametrize("spec", sorted(SPECS))
@pytest.mark.parametrize("language", sorted(PACKS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_written_examples_verify(spec: str, language: str, data: st.DataObject) -> None:
    engine, pack = ENGINES[spec], PACKS[language]
    layout = data.draw(layouts(spec))
    lines = example_block(engine, layout, pack)
    document = parse_document(["Prose before.", *lines, "Prose after."], pack, "written")
    report = verify_document(document, engine)
    assert [o.failures for o in report.outcomes] == [()]
    assert (document.read_lines, document.skipped_lines) == (3, 2)
    [example] = document.examples
    assert isinstance(example, LayoutExample)
    snapshot = layout_snapshot(example, engine, pack)
    assert snapshot is not None and example.detail is not None
    first = layout.spinners()[0] if engine.SPINNER_POLICY == "first double" and layout.spinners() else None
    # A trains layout's table is read from the train ports it names: its empty trains are open ports.
    players = example_players(engine, example.detail)
    rebuilt = build_layout(engine, data.draw(build_orders(snapshot, Rules.of(engine), first)), players)
    assert compare_layout(engine, pack, rebuilt, example.detail, example.caption) == []


def _first_double_example(spinner: str) -> tuple[LayoutExample, Pack]:
    """[1|4] led, [1|1] on its low end, [4|4] on its high end: either double may have come first."""
    engine, pack = ENGINES["first_double"], PACKS["en"]
    layout = engine.Layout()
    first, second = ((1, 1), (4, 4)) if spinner == "[1|1]" else ((4, 4), (1, 1))
    layout.place((1, 4))
    for double in (first, second):
        layout.place(double, (1, 4), "low" if double == (1, 1) else "high")
    layout.place((1, 2), (1, 1), "lineB")
    example = parse_document(example_block(engine, layout, pack), pack, "doc").examples[0]
    assert isinstance(example, LayoutExample)
    return example, pack


@pytest.mark.parametrize("spinner", ["[1|1]", "[4|4]"])
def test_first_double_is_the_first_in_some_build_order(spinner: str) -> None:
    example, pack = _first_double_example(spinner)
    assert verify_example(example, ENGINES["first_double"], pack, orders=20) == []


def test_random_orders_find_a_layout_that_depends_on_the_order() -> None:
    """Under "first double" the spinner depends on which double came first: orders drawn without
    keeping the documented first double are caught giving another layout."""
    engine = ENGINES["first_double"]
    example, pack = _first_double_example("[1|1]")
    snapshot = layout_snapshot(example, engine, pack)
    assert snapshot is not None and example.detail is not None
    assert explore_orders(engine, pack, snapshot, (1, 1), example.detail, example.caption, 30) == []
    failures = explore_orders(engine, pack, snapshot, None, example.detail, example.caption, 30)
    assert failures and failures[0].field.startswith("spinners (built as ")
    assert failures[0].expected == "[4|4]" and failures[0].found == "[1|1]"


def test_no_valid_build_order_is_reported() -> None:
    pack, engine = PACKS["en"], ENGINES["horse_race"]
    lines = ["Placed [1|2]",
             "Counted contributions: 2 + 4 + 2 = 8. Placement score: 0 raw points (0 displayed points).",
             "Counted contributions: 2 + 4 + 2 = 8. Placement score: 0 raw points (0 displayed points). "
             "Tiles: [1|4], [1|1], [1|2]. Spinners: [1|1]. Connections: [1|4] (low end) – [1|1] (line A); "
             "[1|1] (branch A) – [1|2] (low end). Legal continuation points: [1|1] (line B, 1); "
             "[1|2] (high end, 2); [1|4] (high end, 4). Counted contributions: [1|1]: 2; [1|2]: 2; [1|4]: 4."]
    [outcome] = verify_document(parse_document(lines, pack, "doc"), engine).outcomes
    assert [(f.field, f.expected, f.found) for f in outcome.failures] == [
        ("branches", "[1|1] line A and line B filled before a branch", "[1|1] (branch A)")]


def test_the_documented_tile_must_be_placeable_last() -> None:
    """[4|4] joined to the rest only by its line B could only have been the lead, but it is the placed tile."""
    pack, engine = PACKS["en"], ENGINES["fives_and_threes"]
    lines = ["Placed [4|4]", "Counted contributions: 4 + 8 = 12. Placement score: 4 points.",
             "Counted contributions: 4 + 8 = 12. Placement score: 4 points. Tiles: [1|4], [4|4]. Spinners: none. "
             "Connections: [1|4] (high end) – [4|4] (line B). Legal continuation points: [1|4] (low end, 1); "
             "[4|4] (line A, 4). Counted contributions: [1|4]: 1; [4|4]: 8."]
    [outcome] = verify_document(parse_document(lines, pack, "doc"), engine).outcomes
    assert [f.field for f in outcome.failures] == ["connections"]
    assert outcome.failures[0].found == "[4|4] joined by line B"


def test_any_tile_but_the_placed_one_can_lead() -> None:
    example, pack = _first_double_example("[1|1]")
    snapshot = layout_snapshot(example, ENGINES["first_double"], pack)
    assert snapshot is not None
    assert sorted(snapshot.leads()) == [(1, 1), (1, 4), (4, 4)]


# --- chicken feet ----------------------------------------------------------------------------------------

# The spinner [9|9] with its four sides covered; [5|5] a chicken foot with its three toes covered; [3|3] one with
# toe A covered by the placed tile [3|6], its toes B and C open.
FEET = [((9, 9), None, None), ((5, 9), (9, 9), "lineA"), ((3, 9), (9, 9), "lineB"), ((1, 9), (9, 9), "branchA"),
        ((2, 9), (9, 9), "branchB"), ((5, 5), (5, 9), "low"), ((0, 5), (5, 5), "toeA"), ((2, 5), (5, 5), "toeB"),
        ((4, 5), (5, 5), "toeC"), ((3, 3), (3, 9), "low"), ((3, 6), (3, 3), "toeA")]


def _feet_example() -> LayoutExample:
    engine, pack = ENGINES["chicken_foot"], PACKS["en"]
    example = parse_document(example_block(engine, build_layout(engine, FEET), pack), pack, "doc").examples[0]
    assert isinstance(example, LayoutExample)
    return example


def test_the_rules_know_chicken_feet_from_the_engines_ports() -> None:
    assert Rules.of(ENGINES["chicken_foot"]).chicken_feet
    assert not Rules.of(ENGINES["chicken_foot"]).trains
    assert not any(Rules.of(ENGINES[name]).chicken_feet for name in SPECS if name != "chicken_foot")


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_every_build_order_covers_a_chicken_foots_toes_before_any_other_end(data: st.DataObject) -> None:
    engine, pack, example = ENGINES["chicken_foot"], PACKS["en"], _feet_example()
    snapshot = layout_snapshot(example, engine, pack)
    assert snapshot is not None and example.detail is not None
    order = data.draw(build_orders(snapshot, Rules.of(engine), (9, 9)))
    layout = build_layout(engine, order)  # the engine refuses a tile on another end while a side or toe is open
    assert compare_layout(engine, pack, layout, example.detail, example.caption) == []
    tiles = [tile for tile, _, _ in order]
    assert tiles[-2:] == [(3, 3), (3, 6)]  # the foot left with toes open comes after every tile not on it
    at = tiles.index((5, 5))
    assert set(tiles[at + 1:at + 4]) == {(0, 5), (2, 5), (4, 5)}  # a foot's toes right after it


@settings(max_examples=30, deadline=None)
@given(tiles=st.permutations([tile for tile, _, _ in FEET]))
def test_a_chicken_foot_layout_listed_in_any_order_has_a_build_order(tiles: list[Tile]) -> None:
    """The plan finds the order the rules allow, whatever order the document lists the tiles in."""
    engine = ENGINES["chicken_foot"]
    built = build_layout(engine, FEET)
    snapshot = Snapshot(tuple(tiles), tuple(built.connections()), (3, 6))
    order = next(snapshot.plans(Rules.of(engine), [(9, 9)]))
    rebuilt = build_layout(engine, order)
    assert sorted(rebuilt.open_ports()) == sorted(built.open_ports()) == [((3, 3), "toeB", 3), ((3, 3), "toeC", 3)]


def test_a_tile_on_another_end_while_a_toe_is_open_has_no_build_order() -> None:
    engine = ENGINES["chicken_foot"]
    built = build_layout(engine, FEET)
    edges = (*built.connections(), (((1, 9), "low"), ((0, 1), "high")))
    snapshot = Snapshot((*built.tiles, (0, 1)), edges, (0, 1))  # [0|1] last, on [1|9], while [3|3] has toes open
    assert list(snapshot.plans(Rules.of(engine), [(9, 9)])) == []


# --- trains -----------------------------------------------------------------------------------------------

# Mexican Train at four seats (train 3 the highest named): the engine [12|12] is the hub; train 0 runs [5|12], the
# double [5|5], satisfied by [5|7], and [7|9]; the public train [3|12], [3|8]; train 2 [10|12]; train 3 [4|12] and
# the double [4|4], left unsatisfied by the placed tile; train 1 is empty.
TRAINS = [((12, 12), None, None), ((5, 12), (12, 12), "train0"), ((5, 5), (5, 12), "low"), ((5, 7), (5, 5), "lineB"),
          ((7, 9), (5, 7), "high"), ((3, 12), (12, 12), "public"), ((3, 8), (3, 12), "low"),
          ((10, 12), (12, 12), "train2"), ((4, 12), (12, 12), "train3"), ((4, 4), (4, 12), "low")]
SATISFIED = [*TRAINS, ((4, 6), (4, 4), "lineB")]  # [4|4] satisfied by the placed tile
LAYOUTS = {"unsatisfied": TRAINS, "satisfied": SATISFIED}


def _trains_example(placements: list[Any]) -> LayoutExample:
    engine, pack = ENGINES["mexican_train"], PACKS["en"]
    example = parse_document(example_block(engine, build_layout(engine, placements), pack), pack, "doc").examples[0]
    assert isinstance(example, LayoutExample)
    return example


def test_the_rules_know_trains_from_the_engines_ports_and_its_layout() -> None:
    mexican, private = Rules.of(ENGINES["mexican_train"]), Rules.of(ENGINES["private_trains"])
    assert (mexican.trains, mexican.public_train, mexican.satisfied_doubles) == (True, True, True)
    assert (private.trains, private.public_train, private.satisfied_doubles) == (True, False, False)
    others = [Rules.of(ENGINES[name]) for name in SPECS if name not in ("mexican_train", "private_trains")]
    assert not any(rules.trains or rules.public_train or rules.satisfied_doubles for rules in others)
    assert [has_trains(ENGINES[name]) for name in sorted(SPECS)] == [False, False, False, False, True, True]


def test_a_train_layout_is_laid_for_the_table_its_train_ports_name() -> None:
    """Train 3 is the highest named: four seats, so train 1 is an open port and no train beyond 3 is."""
    built = build_layout(ENGINES["mexican_train"], SATISFIED)
    hub_ports = sorted(port for tile, port, _ in built.open_ports() if tile == (12, 12))
    assert hub_ports == ["train1"]
    assert built.counted_ends() == [] and sorted(built.open_ports()) == [
        ((3, 8), "high", 8), ((4, 6), "high", 6), ((7, 9), "high", 9), ((10, 12), "low", 10), ((12, 12), "train1", 12)]


@pytest.mark.parametrize("ending", sorted(LAYOUTS))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_every_build_order_of_a_train_layout_starts_at_the_hub_and_satisfies_each_double_at_once(
        ending: str, data: st.DataObject) -> None:
    engine, pack, example = ENGINES["mexican_train"], PACKS["en"], _trains_example(LAYOUTS[ending])
    snapshot = layout_snapshot(example, engine, pack)
    assert snapshot is not None and example.detail is not None
    assert snapshot.hub == (12, 12) and snapshot.leads() == [(12, 12)]
    order = data.draw(build_orders(snapshot, Rules.of(engine)))
    layout = build_layout(engine, order, example_players(engine, example.detail))  # the engine refuses a tile
    assert compare_layout(engine, pack, layout, example.detail, example.caption) == []  # elsewhere while one is open
    tiles = [tile for tile, _, _ in order]
    assert tiles[0] == (12, 12)  # the engine is the hub: the lead
    for tile, on, _ in order[1:]:
        assert on is not None and tiles.index(on) < tiles.index(tile)  # after the tile it joins
    assert tiles[tiles.index((5, 5)) + 1] == (5, 7)  # a double's line B covered right after it
    if ending == "unsatisfied":
        assert tiles[-1] == (4, 4)  # a double left unsatisfied comes after every other tile
    else:
        assert tiles[-2:] == [(4, 4), (4, 6)]  # the double the placed tile satisfies comes right before it


@pytest.mark.parametrize("ending", sorted(LAYOUTS))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_a_train_layout_listed_in_any_order_has_a_build_order(ending: str, data: st.DataObject) -> None:
    """The plan finds the order the rules allow, whatever order the document lists the tiles and connections in."""
    engine = ENGINES["mexican_train"]
    built = build_layout(engine, LAYOUTS[ending])
    tiles = data.draw(st.permutations(built.tiles))
    edges = data.draw(st.permutations(built.connections()))
    snapshot = Snapshot(tuple(tiles), tuple(edges), built.tiles[-1])
    assert snapshot.hub == (12, 12)
    order = next(snapshot.plans(Rules.of(engine), []))
    rebuilt = build_layout(engine, order)
    assert sorted(rebuilt.open_ports()) == sorted(built.open_ports())
    assert sorted(rebuilt.connections()) == sorted(built.connections())


def test_a_tile_elsewhere_while_a_double_is_unsatisfied_has_no_build_order() -> None:
    engine = ENGINES["mexican_train"]
    built = build_layout(engine, TRAINS)
    edges = (*built.connections(), (((12, 12), "train1"), ((6, 12), "high")))
    snapshot = Snapshot((*built.tiles, (6, 12)), edges, (6, 12))  # [6|12] last, on train 1, while [4|4] is open
    assert snapshot.leads() == [(12, 12)]
    assert list(snapshot.plans(Rules.of(engine), [])) == []


def test_under_ordinary_doubles_a_double_in_a_train_may_stay_open() -> None:
    """Private Trains: [2|2] ends train 0 open while train 2 grows; the placed tile is [1|3]."""
    engine = ENGINES["private_trains"]
    placements = [((6, 6), None, None), ((2, 6), (6, 6), "train0"), ((2, 2), (2, 6), "low"),
                  ((3, 6), (6, 6), "train2"), ((1, 3), (3, 6), "low")]
    built = build_layout(engine, placements)
    snapshot = Snapshot(tuple(built.tiles), tuple(built.connections()), (1, 3))
    orders = list(snapshot.plans(Rules.of(engine), []))
    assert [[tile for tile, _, _ in order] for order in orders] == [[(6, 6), (2, 6), (2, 2), (3, 6), (1, 3)]]
    assert sorted(build_layout(engine, orders[0]).open_ports()) == sorted(built.open_ports())


def test_a_double_joined_towards_the_hub_by_line_b_leaves_no_lead() -> None:
    engine = ENGINES["mexican_train"]
    edges = ((((12, 12), "train0"), ((5, 12), "high")), (((5, 12), "low"), ((5, 5), "lineB")),
             (((5, 5), "lineA"), ((5, 7), "low")))
    snapshot = Snapshot(((12, 12), (5, 12), (5, 5), (5, 7)), edges, (5, 7))
    assert snapshot.joined_otherwise((12, 12)) == [((5, 5), "lineB")]
    assert snapshot.leads() == [] and list(snapshot.plans(Rules.of(engine), [])) == []


# --- the work grows with the tiles -------------------------------------------------------------------


def _lines_run(tiles: int) -> int:
    """The Python lines run to find the leads and a build order of a line of this many tiles, every third a
    double joined by its line sides (tiles need not be a set's here: only the connections count)."""
    from dominospec.documents.snapshot import Rules, Snapshot, is_double
    from support import lines_run
    chain = [(i, i) if i % 3 == 1 else (i, 1000 + i) for i in range(tiles)]
    edges = tuple(((a, "lineB" if is_double(a) else "high"), (b, "lineA" if is_double(b) else "low"))
                  for a, b in zip(chain, chain[1:], strict=False))
    snapshot = Snapshot(tuple(chain), edges, chain[-1])
    run, order = lines_run(lambda: next(snapshot.plans(Rules("every double", True), [])))
    assert [tile for tile, _, _ in order] == chain  # the only lead: the end that is no double nor the last tile
    return run


def test_a_long_layout_is_rebuilt_in_linear_work() -> None:
    small, large = _lines_run(40), _lines_run(160)
    assert large < 5 * small, (small, large)  # 4 times the tiles; a scan of every tile at each step would be 16
