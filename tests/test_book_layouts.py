"""The worked layouts a book shows: every shipped spec gets the topics of its rules and no others, each
layout is what its steps build through the engine and shows its topic, and for the user's documents
000 and 002 the blocks written in Turkish are their very lines."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from dominospec.book.layouts import TOPICS, WorkedLayout, worked_layouts
from dominospec.documents.example_writer import example_block, layout_from_steps
from dominospec.documents.language_pack import language_packs
from dominospec.engine_api import EngineLayout, Tile, VariantEngine, as_variant, engine_of, layout_points
from dominospec.language import ir, loader
from dominospec.targets.engines import load_engine
from support import ROOT, SEEDS, SHIPPED, needs_seeds

BRANCHES = ("branchA", "branchB")
LINES = ("lineA", "lineB")


@functools.cache
def spec_and_engine(path: Path) -> tuple[ir.Variant, VariantEngine]:
    spec = loader.load(path)
    assert isinstance(spec, ir.Variant)
    variant = as_variant(engine_of(load_engine(spec, path)))
    assert variant is not None
    return spec, variant


@functools.cache
def worked(path: Path) -> list[WorkedLayout]:
    return worked_layouts(spec_and_engine(path)[1])


def parent(layout: EngineLayout, tile: Tile) -> tuple[Tile, str] | None:
    return next(((on, port) for (on, port), (placed, _) in layout.connections() if placed == tile), None)


def same(a: EngineLayout, b: EngineLayout) -> bool:
    return (a.tiles, a.connections(), a.open_ports(), a.counted_ends(), a.spinners()) == \
        (b.tiles, b.connections(), b.open_ports(), b.counted_ends(), b.spinners())


def shows(spec: ir.Variant, topic: str, layout: EngineLayout) -> bool:
    """Whether the layout's last placement shows the topic, read from the layout and the spec."""
    last = layout.tiles[-1]
    joined = parent(layout, last)
    counted = {(t, p) for t, p, _ in layout.counted_ends()}
    if topic == "double_end":
        return joined is not None and last[0] == last[1] and any(t == last for t, _ in counted)
    if topic == "double_covered":
        if joined is None or joined[1] not in LINES:
            return False
        double = joined[0]
        used = {p for (t, p), _ in layout.connections() if t == double}
        used |= {p for _, (t, p) in layout.connections() if t == double}
        return set(LINES) <= used
    if topic == "lone_double":
        return layout.tiles == [last] and last[0] == last[1]
    if topic == "spinner":
        return last in layout.spinners()
    if topic == "branches":
        tile = last
        while (step := parent(layout, tile)) is not None:
            if step[1] in BRANCHES:
                return True
            tile = step[0]
        return False
    if topic == "unopened_branch":
        return any(t in layout.spinners() and p in BRANCHES and (t, p) not in counted
                   for t, p, _ in layout.open_ports())
    if topic == "scoring":
        return True
    if topic == "hub":  # the engine, a train started on it
        return joined is not None and is_hub(layout) and any(
            on == layout.tiles[0] and port.startswith("train") for (on, port), _ in layout.connections())
    if topic == "train_double":  # a double in a train, crosswise (joined by its line A), covered on its line B
        crosswise = {placed for _, (placed, by) in layout.connections() if placed[0] == placed[1] and by == "lineA"}
        return is_hub(layout) and any(on in crosswise and port == "lineB" for (on, port), _ in layout.connections())
    assert joined is not None
    on, port = joined
    end = on[1] if port == "high" else on[0]
    wild = {(w.low, w.high) for w in spec.wild_tiles}
    if topic == "matching":  # by the halves adding up to the spec's number, not by an equal half
        return last not in wild and end not in last and spec.matching is not None and spec.matching - end in last
    return topic == "wild" and last in wild and end not in last


def is_hub(layout: EngineLayout) -> bool:
    """A trains game's layout: its engine's ports start the trains."""
    engine = layout.tiles[0]
    ports = [p for (on, p), _ in layout.connections() if on == engine] + \
        [p for t, p, _ in layout.open_ports() if t == engine]
    return bool(ports) and all(p == "public" or re.fullmatch(r"train[0-9]+", p) for p in ports)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_spec_gets_the_topics_of_its_rules(path: Path) -> None:
    spec, variant = spec_and_engine(path)
    topics = [w.topic for w in worked(path)]
    assert topics == sorted(topics, key=TOPICS.index)
    if spec.trains is not ir.Trains.NONE:  # its ends count nothing: the hub, and a double in a train
        assert topics == ["hub", "train_double"]
        hub = worked(path)[0].layout
        started = {p for (on, p), _ in hub.connections() if on == hub.tiles[0]}
        assert started == {"train0"} | ({"public"} if spec.trains is ir.Trains.EACH_SEAT_AND_PUBLIC else set())
        return
    for topic in ("double_end", "double_covered", "lone_double"):
        assert topics.count(topic) >= 1, topic
    assert topics.count("scoring") >= 2
    spinning = spec.spinners is not ir.Spinners.NONE
    assert ("spinner" in topics and "branches" in topics) == spinning
    assert "unopened_branch" not in topics or spinning
    if spinning and "unopened_branch" not in topics:
        # only where the variant counts every open branch (spinner counts: its value for each open branch)
        assert spec.spinner_counts is ir.SpinnerCounts.PER_OPEN_BRANCH
        for w in worked(path):
            counted = {(t, p) for t, p, _ in w.layout.counted_ends()}
            assert all((t, p) in counted for t, p, _ in w.layout.open_ports() if p in BRANCHES)
    assert ("matching" in topics) == (spec.matching is not None)
    assert ("wild" in topics) == bool(spec.wild_tiles)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_layout_is_what_its_steps_build_and_shows_its_topic(path: Path) -> None:
    spec, variant = spec_and_engine(path)
    for w in worked(path):
        assert same(layout_from_steps(variant, list(w.steps)), w.layout), w
        assert shows(spec, w.topic, w.layout), w
        try:
            assert w.points == layout_points(variant, w.layout)
        except variant.IllegalMove:
            assert w.points is None
    fresh = worked_layouts.__wrapped__(variant)  # searched again, not the cached answer
    assert [w.steps for w in fresh] == [w.steps for w in worked(path)]  # deterministic


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_scoring_examples_show_a_score_and_no_score(path: Path) -> None:
    _, variant = spec_and_engine(path)
    points = [w.points for w in worked(path) if w.topic == "scoring"]
    if any(variant.RAW_POINTS):
        assert any(p is not None and p[0] > 0 for p in points)
        assert any(p == (0, 0) for p in points)


def test_a_matching_layout_joins_by_no_equal_half_and_a_wild_tile_joins_where_its_halves_could_not() -> None:
    spec, _ = spec_and_engine(ROOT / "examples/family/matador.rules")
    assert spec.matching == 7
    by_topic = {w.topic: w for w in worked(ROOT / "examples/family/matador.rules")}
    for topic in ("matching", "wild"):
        layout = by_topic[topic].layout
        last = layout.tiles[-1]
        on, port = next((on, port) for (on, port), (placed, _) in layout.connections() if placed == last)
        value = on[1] if port == "high" else on[0]
        assert value not in last
        joins_by_sum = spec.matching - value in last
        assert joins_by_sum == (topic == "matching")


def seed_blocks(name: str) -> list[list[str]]:
    """The worked-example blocks of a seed document: the placed-tile line and the two after it."""
    lines = (SEEDS / name).read_text(encoding="utf-8").splitlines()
    return [lines[i:i + 3] for i, line in enumerate(lines) if line.startswith("Yerleştirilen [")]


@needs_seeds
@pytest.mark.parametrize(("seed", "spec"), [("000_efca2e0a7dfb4f64.txt", "spec/fives_and_threes.rules"),
                                            ("002_a7b98e31dda0da69.txt", "spec/horse_race.rules")])
def test_the_books_blocks_are_the_documents_lines(seed: str, spec: str) -> None:
    _, variant = spec_and_engine(ROOT / spec)
    turkish = language_packs(None)["tr"]
    written = [example_block(variant, w.layout, turkish) for w in worked(ROOT / spec)]
    # The book's detail line leaves the caption's sum and points and absent spinners unsaid; the seeds say both.
    no_spinners = turkish.render("spinners", items=turkish.none) + " "
    start = turkish.field_label(turkish.after_caption[0])
    drawn = [[placed, caption, detail[detail.index(start):].replace(no_spinners, "")]
             for placed, caption, detail in seed_blocks(seed)]
    assert len(drawn) == {"000": 7, "002": 11}[seed[:3]]
    # A layout that scores nothing (the documents' lone [2|2]) the book trades for one of its rule that scores.
    traded = [block for block in drawn if block not in written]
    assert len(traded) <= 1 and all(re.search(r": 0\)?\.$", block[1]) for block in traded), traded
