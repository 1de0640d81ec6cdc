"""The HTML report of a simulation or a comparison: one self-contained page that fetches nothing,
escapes every text from the spec, comes out the same for the same run, and shows its plots in a real
headless Chromium (Debian's `chromium` package; .ci/run installs it)."""

from __future__ import annotations

import dataclasses
import functools
import math
import os
import re
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import matplotlib
import pytest
from cycler import cycler
from hypothesis import given, settings
from hypothesis import strategies as st

import dominospec
from dominospec.language.diagnostics import UsageError
from dominospec.simulation.figures import (
    BotFigures,
    Comparison,
    Difference,
    Differences,
    Distributions,
    Figure,
    PerGame,
    PerHand,
    PerMatch,
    Simulation,
)
from dominospec.simulation.report import report_html, require_plotting, write_report
from support import ROOT, browse, near, read_png

SVG_NS = "{http://www.w3.org/2000/svg}"
PLOT_IDS = ("hand-points", "game-length", "win-rate", "score-race")
BLUE, ORANGE = (0x1F, 0x77, 0xB4), (0xFF, 0x7F, 0x0E)  # matplotlib's first two colours: run A, run B
HOSTILE = "<script>alert(\"x\")</script> & 'Teesdale' $5$ </svg>"


def figure(mean: float, half_width: float = 0.1) -> Figure:
    return Figure(mean, (mean - half_width, mean + half_width))


def simulation(unit: str = "game", variant: str = "Fives and Threes", spec: str = "spec/fives_and_threes.rules",
               bots: tuple[str, ...] = ("random",) * 4, shift: float = 0.0) -> Simulation:
    """A 4-seat, 2-side run whose figures are consistent with each other; shift moves every mean."""
    sides = 2
    per_hand = PerHand(
        placements=figure(18.5 + shift), turns=figure(21.0 + shift), passes=figure(2.5), draws=figure(0.0, 0.0),
        went_out=figure(0.82, 0.01), blocked=figure(0.18, 0.01), won_in_play=figure(0.04, 0.005),
        cancelled=figure(0.3), points=(figure(11.0 + shift), figure(10.4)),
        points_by_position=tuple(figure(v) for v in (11.5 + shift, 10.2, 10.9, 10.6)),
        remaining_pips=figure(14.0), placement_points=figure(1.2), placement_points_sd=2.1,
        scoring_placements=figure(0.3, 0.01))
    games = unit != "hand"
    per_game = PerGame(
        hands=figure(6.2 + shift), win_rate=tuple(figure(v, 0.02) for v in (0.54, 0.47, 0.52, 0.47)),
        side_win_rate=(figure(0.53, 0.02), figure(0.47, 0.02)), cancelled=figure(1.8), margin=figure(24.0),
        points=(figure(52.0), figure(40.0))) if games else None
    per_match = PerMatch(
        games=figure(3.1), match_points=(figure(2.2), figure(1.9)), win_rate=(figure(0.55), figure(0.45)),
        lines=(("skunk line", figure(0.08, 0.01)), ("double skunk line", figure(0.01, 0.005))),
    ) if unit == "match" else None
    mixed = len(set(bots)) > 1
    bot_figures = BotFigures(win_rate=(("greedy", figure(0.62)), ("random", figure(0.38))),
                             gap=Difference(0.24, (0.2, 0.28), significant=True)) if mixed else None
    distributions = Distributions(
        hand_points=((0, 40), (5, 25), (10, 30), (15, 12), (20, 8), (25, 3), (30, 1)),
        hands_per_game=((4, 3), (5, 9), (6, 14), (7, 10), (8, 4)) if games else (),
        margins=((5, 10), (20, 14), (45, 6)) if games else ())
    race = ((10, 5), (25, 15), (30, 35), (50, 40), (61, 48)) if games else ((10, 5),)
    return Simulation(spec=spec, variant=variant, target="python", players=4, partnerships=True, sides=sides,
                      unit=unit, units=1000, seed=7, bots=bots, per_hand=per_hand, per_game=per_game,  # type: ignore[arg-type]
                      per_match=per_match, bot_figures=bot_figures, distributions=distributions, sample_game=race)


def each_figure(change: Callable[[Figure, Figure], Figure], a: object, b: object) -> object:
    """a with every Figure f in it replaced by change(f, the Figure at the same place in b)."""
    if isinstance(a, Figure) and isinstance(b, Figure):
        return change(a, b)
    if isinstance(a, tuple) and isinstance(b, tuple):
        return tuple(each_figure(change, x, y) for x, y in zip(a, b, strict=True))
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return dataclasses.replace(a, **{f.name: each_figure(change, getattr(a, f.name), getattr(b, f.name))
                                         for f in dataclasses.fields(a) if f.name != "distributions"})
    return a


def paired(a: object, b: object) -> object:
    """b minus a, as compare pairs them: every Figure a Difference whose interval is 0.05 either side,
    so it is significant where the runs differ by more than that."""
    def difference(x: Figure, y: Figure) -> Difference:
        d = y.mean - x.mean
        return Difference(d, (d - 0.05, d + 0.05), significant=abs(d) > 0.05)

    return each_figure(difference, a, b)


def one_unit(run: Simulation) -> Simulation:
    """The run as one unit makes it: the same means, and no intervals."""
    alone = each_figure(lambda f, _: dataclasses.replace(f, ci95=None), run, run)
    assert isinstance(alone, Simulation)
    return dataclasses.replace(alone, units=1)


def comparison(a: Simulation, b: Simulation) -> Comparison:
    differences = paired(Differences(a.per_hand, a.per_game, a.per_match, a.bot_figures),
                         Differences(b.per_hand, b.per_game, b.per_match, b.bot_figures))
    assert isinstance(differences, Differences)
    return Comparison(a=a, b=b, same_deals=True, differences=differences)


class Page(HTMLParser):
    """A page's elements, attributes and text as a browser's parser reads them."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.rows: list[tuple[dict[str, str | None], list[str]]] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "tr":
            self.rows.append((dict(attrs), []))
        elif tag in ("th", "td") and self.rows:
            self.rows[-1][1].append("")

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.rows and self.rows[-1][1]:
            self.rows[-1][1][-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.rows.append(({}, []))  # a row no cell text joins after its table ends


def svgs(page: str) -> list[ET.Element]:
    return [ET.fromstring(match) for match in re.findall(r"<svg\b.*?</svg>", page, flags=re.DOTALL)]


def svg_texts(element: ET.Element) -> list[str]:
    return ["".join(text.itertext()) for text in element.iter(f"{SVG_NS}text")]


def row(page: Page, label: str) -> tuple[dict[str, str | None], list[str]]:
    found = [r for r in page.rows if r[1] and r[1][0] == label]
    assert len(found) == 1, (label, found)
    return found[0]


RUNS = {"hand": simulation("hand"), "game": simulation("game"), "match": simulation("match"),
        "mixed bots": simulation("game", bots=("greedy", "random", "greedy", "random")),
        "one unit": one_unit(simulation("match"))}
COMPARISON = comparison(simulation("game"), simulation("game", variant="Teesdale", shift=1.0))


@pytest.mark.parametrize("result", [*RUNS.values(), COMPARISON], ids=[*RUNS, "comparison"])
def test_the_page_references_nothing_outside_itself(result: Simulation | Comparison) -> None:
    page = report_html(result)
    parsed = Page(page)
    assert parsed.tags and parsed.tags[0][0] == "html"
    tags = {tag for tag, _ in parsed.tags}
    assert not tags & {"script", "link", "img", "iframe", "object", "embed", "base"}
    references = [(tag, name, value) for tag, attrs in parsed.tags for name, value in attrs.items()
                  if name in ("src", "href", "xlink:href", "srcset", "action", "data", "poster")]
    assert references, "the SVGs' markers are referenced by fragment"
    assert all(value is not None and value.startswith("#") for _, _, value in references), references
    urls = re.findall(r"url\(([^)]*)\)", page)
    assert urls and all(url.startswith("#") for url in urls), urls
    assert not re.search(r"@import|@font-face|\bon[a-z]+=|javascript:", page)


@pytest.mark.parametrize("result", [*RUNS.values(), COMPARISON], ids=[*RUNS, "comparison"])
def test_every_plot_is_well_formed_svg_with_an_id_of_its_own(result: Simulation | Comparison) -> None:
    page = report_html(result)
    drawn = svgs(page)
    hand_units = isinstance(result, Simulation) and result.unit == "hand"
    expected = [p for p in PLOT_IDS if not (hand_units and p in ("game-length", "score-race"))]
    assert [svg.get("id") for svg in drawn] == [f"svg-{p}" for p in expected]
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    for svg in drawn:
        assert svg.tag == f"{SVG_NS}svg" and not svg.findall(f".//{SVG_NS}metadata")
        assert svg_texts(svg), "text stays text in the SVG (svg.fonttype none)"


def test_hand_units_say_there_are_no_games_and_plot_points_by_seat() -> None:
    page = report_html(RUNS["hand"])
    text = Page(page).text
    assert "there are no games to measure" in " ".join(text) and "there is no race to draw" in " ".join(text)
    (seats,) = [svg for svg in svgs(page) if svg.get("id") == "svg-win-rate"]
    assert "points per hand" in svg_texts(seats) and "games won" not in svg_texts(seats)
    assert "Per hand" in text and "Per game" not in text


@functools.cache
def simulated(kind: str) -> Simulation | Comparison:
    """Small real runs of each unit kind (matches on the native engine) and a comparison of the Teesdale
    deal."""
    if kind == "hands":
        return dominospec.simulate(ROOT / "spec/fives_and_threes.rules", hands=30, workers=1, target="python", seed=3)
    if kind == "matches":
        return dominospec.simulate(ROOT / "examples/fives_and_threes_match.rules", games=3, workers=1, target="c",
                                   seed=3)
    return dominospec.compare(ROOT / "spec/fives_and_threes.rules",
                              ROOT / "examples/family/fives_and_threes_teesdale.rules", games=8,
                              bots=("greedy", "random", "greedy", "random"), workers=1, target="python", seed=3)


@pytest.mark.parametrize("kind", ["hands", "matches", "comparison"])
def test_a_simulated_run_reports_its_figures(kind: str) -> None:
    result = simulated(kind)
    page = report_html(result)
    parsed = Page(page)
    runs = (result.a, result.b) if isinstance(result, Comparison) else (result,)
    facts = {cells[0]: cells[1:] for _, cells in parsed.rows
             if cells and cells[0] in ("spec", "variant", "units", "target")}
    assert facts["spec"][:len(runs)] == [run.spec for run in runs]
    assert facts["variant"][:len(runs)] == [run.variant for run in runs]
    assert facts["units"][:len(runs)] == [f"{run.units:,}" for run in runs]
    assert facts["target"][:len(runs)] == [run.target for run in runs]
    placements = row(parsed, "placements")[1]
    assert placements[1] == f"{runs[0].per_hand.placements.mean:,.2f}"
    sections = {"Per hand": True, "Per game": any(run.per_game for run in runs),
                "Per match": any(run.per_match for run in runs), "Bots": any(run.bot_figures for run in runs)}
    assert {title: title in parsed.text for title in sections} == sections
    drawn = [svg.get("id") for svg in svgs(page)]
    hands = all(run.unit == "hand" for run in runs)
    assert drawn == [f"svg-{p}" for p in PLOT_IDS if not (hands and p in ("game-length", "score-race"))]


def test_the_identity_and_the_figures_are_on_the_page() -> None:
    run = RUNS["match"]
    page = Page(report_html(run))
    facts = {cells[0]: cells[1] for _, cells in page.rows if len(cells) == 2}
    assert facts["spec"] == run.spec and facts["variant"] == run.variant and facts["seed"] == str(run.seed)
    assert facts["units"] == "1,000" and facts["target"] == "python" and "4 players" in facts["table"]
    placements = row(page, "placements")[1]
    assert placements[1:] == [f"{run.per_hand.placements.mean:,.2f}",
                              "[{:,.2f}, {:,.2f}]".format(*run.per_hand.placements.ci95 or ())]
    assert row(page, "ended blocked")[1][1] == f"{100 * run.per_hand.blocked.mean:.1f}%"
    assert row(page, "games won at the skunk line")[1][1] == "8.0%"
    assert row(page, "placement points, standard deviation")[1][1:] == ["2.10", ""]


def test_one_unit_has_no_intervals_and_says_why() -> None:
    page = Page(report_html(RUNS["one unit"]))
    placements = row(page, "placements")[1]
    assert placements[2] == "fewer than 2 units"
    figures = [cells for _, cells in page.rows if len(cells) == 3 and cells[0]]
    assert len(figures) > 20 and all(cells[2] in ("fewer than 2 units", "") for cells in figures)


def test_a_figure_nothing_measured_shows_as_not_available() -> None:
    run = RUNS["game"]
    assert run.per_game is not None
    unmeasured = dataclasses.replace(run.per_game, margin=Figure(math.nan, None),
                                     win_rate=(Figure(math.nan, None), *run.per_game.win_rate[1:]))
    page = report_html(dataclasses.replace(run, per_game=unmeasured))
    assert row(Page(page), "final margin (one side won)")[1][1:] == ["n/a", "n/a"]
    assert "nan" not in " ".join(Page(page).text).lower()
    assert len(svgs(page)) == len(PLOT_IDS)


def test_a_comparison_shows_both_runs_and_marks_the_significant_differences() -> None:
    page = Page(report_html(COMPARISON))
    a, b = COMPARISON.a, COMPARISON.b
    changed = row(page, "placements")
    assert changed[0].get("class") == "significant"
    assert changed[1][1] == f"{a.per_hand.placements.mean:,.2f}"
    assert changed[1][3] == f"{b.per_hand.placements.mean:,.2f}"
    assert changed[1][5] == "+1.00" and changed[1][-1] == "yes"
    same = row(page, "ended blocked")
    assert same[0].get("class") is None and same[1][5] == "+0.0 pp" and same[1][-1] == ""
    identity = {cells[0]: cells[1:] for _, cells in page.rows if len(cells) == 3}
    assert identity["variant"] == [a.variant, b.variant]
    (hand_points,) = [svg for svg in svgs(report_html(COMPARISON)) if svg.get("id") == "svg-hand-points"]
    assert {f"A: {a.variant}", f"B: {b.variant}"} <= set(svg_texts(hand_points))


@settings(max_examples=15, deadline=None)
@given(st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=1, max_size=30)
       .map(lambda extra: HOSTILE + extra))
def test_every_text_from_the_spec_is_escaped(name: str) -> None:
    a = simulation("game", variant=name, spec=f"{name}.rules")
    page = report_html(comparison(a, simulation("game", variant=HOSTILE)))
    parsed = Page(page)
    assert "script" not in {tag for tag, _ in parsed.tags}
    printable = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in name)  # as written, escaped
    identity = {cells[0]: cells[1:] for _, cells in parsed.rows if len(cells) == 3}
    assert identity["variant"] == [printable, HOSTILE] and identity["spec"][0] == f"{printable}.rules"
    legends = {text for svg in svgs(page) for text in svg_texts(svg)}
    assert {f"A: {printable}", f"B: {HOSTILE}"} <= legends


def test_a_variant_named_in_any_script_draws_without_a_warning() -> None:
    """The plots' text is the browser's to draw: a name in glyphs matplotlib's font lacks warns nobody."""
    name = "\u591a\u7c73\u8bfa\u9aa8\u724c \U0002b412"  # Chinese, one ideograph beyond the BMP
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        page = report_html(comparison(simulation("game", variant=name), simulation("game", variant=HOSTILE)))
    legends = {text for svg in svgs(page) for text in svg_texts(svg)}
    assert f"A: {name}" in legends


def test_the_same_run_gives_the_same_file_whatever_the_users_matplotlibrc(tmp_path: Path) -> None:
    first, second = tmp_path / "first.html", tmp_path / "second.html"
    write_report(COMPARISON, first)
    with matplotlib.rc_context({"lines.linewidth": 9, "font.size": 20, "axes.prop_cycle": cycler(
            color=["#000000"]), "svg.hashsalt": None}):
        write_report(COMPARISON, second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_text(encoding="utf-8") == report_html(COMPARISON)


def test_the_same_command_gives_the_same_file_in_another_process(tmp_path: Path) -> None:
    """Python's string hashing differs from process to process unless told otherwise; the page does not."""
    script = ("import sys, dominospec; from pathlib import Path; "
              "from dominospec.simulation.report import write_report; "
              "write_report(dominospec.simulate(sys.argv[1], games=2, workers=1, target='python'), Path(sys.argv[2]))")
    pages = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"report-{hash_seed}.html"
        subprocess.run([sys.executable, "-c", script, str(ROOT / "spec/fives_and_threes.rules"), str(out)], check=True,
                       env={**os.environ, "PYTHONHASHSEED": hash_seed}, timeout=300)
        pages.append(out.read_bytes())
    assert pages[0] == pages[1] and b"<svg" in pages[0]


def test_a_report_that_cannot_be_written_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as raised:
        write_report(RUNS["game"], tmp_path / "no such" / "folder" / "report.html")  # one missing folder is made
    assert raised.value.diagnostics[0].headline().endswith("report.html: error: cannot write: there is no folder "
                                                           f"{tmp_path / 'no such' / 'folder'}")


def test_without_matplotlib_the_report_names_the_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # what `import matplotlib` meets where it is missing
    for attempt in (require_plotting, lambda: report_html(RUNS["game"])):
        with pytest.raises(UsageError) as raised:
            attempt()
        assert "pip install dominospec[report]" in raised.value.diagnostics[0].render()


# In a real browser.

def test_the_page_opens_in_chromium_with_every_plot_in_its_dom(tmp_path: Path) -> None:
    dom = browse(report_html(COMPARISON), tmp_path, "--dump-dom").stdout
    parsed = Page(dom)
    drawn = [attrs.get("id") for tag, attrs in parsed.tags if tag == "svg"]
    assert drawn == [f"svg-{p}" for p in PLOT_IDS]
    assert sum(tag == "path" for tag, _ in parsed.tags) > 50 and "B: Teesdale" in parsed.text


def test_chromium_reads_hostile_names_as_text(tmp_path: Path) -> None:
    run = simulation("game", variant=HOSTILE, spec=f"{HOSTILE}.rules")
    parsed = Page(browse(report_html(comparison(run, run)), tmp_path, "--dump-dom").stdout)
    assert "script" not in {tag for tag, _ in parsed.tags}
    assert parsed.text[parsed.text.index("dominospec: " + HOSTILE + " against " + HOSTILE) + 1:].count(HOSTILE) >= 2


@functools.cache
def report_of(source: str) -> str:
    """The page of the constructed or the simulated comparison, drawn once for all its plots' tests."""
    return report_html(COMPARISON if source == "constructed" else simulated("comparison"))


@pytest.mark.parametrize("plot", PLOT_IDS)
@pytest.mark.parametrize("source", ["constructed", "simulated"])
def test_chromium_draws_each_plot(source: str, plot: str, tmp_path: Path) -> None:
    """A screenshot of the page with everything but one plot hidden: the plot fills about its own
    size and is drawn in A's and B's colours."""
    only = f"<style>body > :not(#plots), #plots > :not(#plot-{plot}), figcaption {{ display: none }}</style>"
    page = report_of(source).replace("</head>", f"{only}</head>", 1)
    (svg,) = [s for s in svgs(page) if s.get("id") == f"svg-{plot}"]
    width_px, height_px = (float((svg.get(side) or "").removesuffix("pt")) * 4 / 3 for side in ("width", "height"))
    shot = tmp_path / "shot.png"
    browse(page, tmp_path, f"--screenshot={shot}", "--window-size=800,420")
    width, height, rows = read_png(shot.read_bytes())
    inked = [(x, y, tuple(line[3 * x:3 * x + 3])) for y, line in enumerate(rows) for x in range(width)
             if line[3 * x:3 * x + 3] != b"\xff\xff\xff"]
    assert inked, f"the {plot} plot drew nothing"
    xs, ys = [x for x, _, _ in inked], [y for _, y, _ in inked]
    assert max(xs) - min(xs) > 0.8 * width_px and max(ys) - min(ys) > 0.7 * height_px, (min(xs), max(xs), min(ys),
                                                                                       max(ys), width_px, height_px)
    assert max(xs) < width and max(ys) < height - 1, "the plot fits in the window"
    blue = sum(near(pixel, BLUE) for _, _, pixel in inked)  # type: ignore[arg-type]  (white is near neither)
    orange = sum(near(pixel, ORANGE) for _, _, pixel in inked)  # type: ignore[arg-type]
    assert blue > 300 and orange > 300, (blue, orange)
