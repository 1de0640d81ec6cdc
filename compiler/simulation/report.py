"""`--report FILE.html`: a simulation's or a comparison's figures and plots on one self-contained page.

The page needs nothing beyond itself: no script, stylesheet or font is fetched (the plots name only
fonts a browser falls back from) and nothing on it runs. The plots are matplotlib figures saved as
SVG and inlined; matplotlib is the optional extra `dominospec[report]`, imported here alone so that
the core stays light. The same result gives the same file: the plots are drawn in matplotlib's
default style whatever the user's matplotlibrc says, the SVG's ids are salted by a constant, not by
chance (and prefixed by plot, so that no two plots share one), and no date is written into them.
"""

from __future__ import annotations

import html
import io
import math
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from ..language.diagnostics import Diagnostic, UsageError, printable
from ..language.writing import write_file
from .figures import Comparison, Difference, Figure, Simulation
from .sections import Row, comparison_sections, sections, table_note, table_of

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure as PlotFigure

# The first series (a run, or comparison A) in matplotlib's first default colour, B in its second.
SERIES_COLOURS = ("#1f77b4", "#ff7f0e")
PLOT_SIZE = (7.5, 3.4)  # inches; at 72 pt an inch the SVG is 540 x 245 pt


@dataclass(frozen=True)
class Plot:
    """One plot on the page: its SVG, or a sentence saying why the run has nothing to draw."""

    id: str
    caption: str
    svg: str | None = None
    note: str | None = None


def write_report(result: Simulation | Comparison, path: Path) -> None:
    """Write the report page of result to path, whole or not at all; a file that cannot be written is a
    UsageError."""
    write_file(path, report_html(result))


def report_html(result: Simulation | Comparison) -> str:
    """The report page of result, as HTML text."""
    if isinstance(result, Comparison):
        title = f"{result.a.variant} against {result.b.variant}"
        body = [_comparison_identity(result), *_comparison_tables(result)]
        plots = _plots((result.a, result.b), comparing=True)
    else:
        title = result.variant
        body = [_identity(result), *_tables(result)]
        plots = _plots((result,), comparing=False)
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>dominospec: {_text(title)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{_text(title)}</h1>",
        *body,
        '<section id="plots">',
        "<h2>Plots</h2>",
        *(_plot_html(plot) for plot in plots),
        "</section>",
        "</body>",
        "</html>",
        "",
    ])


STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; background: #fff; max-width: 60em; }
table { border-collapse: collapse; margin: 0 0 1.5em 0; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.8em; text-align: left; }
td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.significant td { font-weight: bold; }
figure { margin: 0 0 1.5em 0; }
figure svg { max-width: 100%; height: auto; }
p.note { font-style: italic; }
""".strip()


# The page's text: everything from a spec is escaped, control characters shown as '?'.

def _text(text: str) -> str:
    return html.escape(printable(text), quote=True)


def _plot_label(text: str) -> str:
    """Text for matplotlib, which reads $...$ as mathematics; it escapes the SVG's text itself."""
    return printable(text).replace("$", r"\$")


# Identity: which run this is.

def _run_facts(run: Simulation) -> list[tuple[str, str]]:
    table = f"{run.players} players, {'partnerships' if run.partnerships else 'every seat for itself'}"
    bots = run.bots[0] + " at every seat" if len(set(run.bots)) == 1 else ", ".join(run.bots)
    return [("spec", run.spec), ("variant", run.variant), ("target", run.target),
            ("table", f"{table}, {run.sides} sides"), ("unit", UNIT_WORDS[run.unit]),
            ("units", f"{run.units:,}"), ("seed", str(run.seed)), ("bots (seat 0 onwards)", bots)]


UNIT_WORDS = {"hand": "hand (each dealt afresh from scores of 0)", "game": "game (played to the target)",
              "match": "match (played to its end)"}


def _identity(run: Simulation) -> str:
    rows = "".join(f"<tr><th>{_text(name)}</th><td>{_text(value)}</td></tr>" for name, value in _run_facts(run))
    return f'<table id="identity">{rows}</table>'


def _comparison_identity(comparison: Comparison) -> str:
    facts = zip(_run_facts(comparison.a), _run_facts(comparison.b), strict=True)
    rows = "".join(f"<tr><th>{_text(name)}</th><td>{_text(a)}</td><td>{_text(b)}</td></tr>"
                   for (name, a), (_, b) in facts)
    deals = ("yes: unit i is dealt the same tiles in both" if comparison.same_deals
             else "no: the sets or the deal sizes differ, so the deals do too")
    return (f'<table id="identity"><tr><th></th><th>A</th><th>B</th></tr>{rows}'
            f'<tr><th>same deals</th><td colspan="2">{_text(deals)}</td></tr></table>')


def _number(value: float, rate: bool, signed: bool = False) -> str:
    """A mean or an interval's end; nan is a figure nothing measured (no game won alone, say)."""
    if math.isnan(value):
        return "n/a"
    sign = "+" if signed else ""
    # `or`: a value that rounds to zero shows as 0, not -0
    if rate:
        return f"{round(100 * value, 1) or 0.0:{sign}.1f}" + (" pp" if signed else "%")
    return f"{round(value, 2) or 0.0:{sign},.2f}"


def _value_cells(row: Row | None, signed: bool = False) -> str:
    """The mean and the interval of a row, or two empty cells for a row that run does not have."""
    if row is None:
        return '<td class="number">—</td><td class="number">—</td>'
    if not isinstance(row.value, Figure):
        return f'<td class="number">{_number(row.value, row.rate, signed)}</td><td class="number"></td>'
    ci95 = row.value.ci95
    if math.isnan(row.value.mean):
        interval = "n/a"
    elif ci95 is None:
        interval = "fewer than 2 units"
    else:
        interval = f"[{_number(ci95[0], row.rate, signed)}, {_number(ci95[1], row.rate, signed)}]"
    return f'<td class="number">{_number(row.value.mean, row.rate, signed)}</td><td class="number">{interval}</td>'


def _tables(run: Simulation) -> list[str]:
    out = []
    for title, rows in sections(run, table_of(run)):
        lines = "".join(f"<tr><th>{_text(row.label)}</th>{_value_cells(row)}</tr>" for row in rows)
        out.append(f"<h2>{title}</h2><table><tr><th></th><th>mean</th><th>95% interval</th></tr>{lines}</table>")
    return out


def _comparison_tables(comparison: Comparison) -> list[str]:
    """A, B and B minus A side by side, row by row; a row only one run has shows dashes for the other."""
    out = []
    note = table_note(comparison)
    if note is not None:
        out.append(f'<p class="note" id="tables-differ">{_text(note)}.</p>')
    for title, lines in comparison_sections(comparison):
        rows = []
        for line in lines:
            difference = line.difference
            significant = difference is not None and isinstance(difference.value, Difference) \
                and difference.value.significant
            opening = '<tr class="significant">' if significant else "<tr>"
            rows.append(f"{opening}<th>{_text(line.label)}</th>"
                        f"{_value_cells(line.a)}{_value_cells(line.b)}"
                        f"{_value_cells(difference, signed=True)}<td>{'yes' if significant else ''}</td></tr>")
        out.append(f"<h2>{title}</h2><table><tr><th></th><th>A</th><th>A: 95% interval</th><th>B</th>"
                   "<th>B: 95% interval</th><th>B − A</th><th>B − A: 95% interval</th><th>significant</th></tr>"
                   f"{''.join(rows)}</table>")
    out.append("<p>A difference is significant when its 95% interval excludes 0; it is paired unit by unit"
               " (unit i of A and unit i of B play from the same seed).</p>")
    return out


# The plots.

def require_plotting() -> ModuleType:
    """matplotlib, or the UsageError that says how to install it (before a long run, say)."""
    try:
        import matplotlib
        import matplotlib.style
    except ImportError:
        raise UsageError([Diagnostic("the HTML report draws its plots with matplotlib, which is not installed",
                                     None, "pip install dominospec[report]")]) from None
    return matplotlib


def _plots(runs: Sequence[Simulation], comparing: bool) -> list[Plot]:
    matplotlib = require_plotting()
    labels = [f"{'AB'[i]}: {_plot_label(run.variant)}" for i, run in enumerate(runs)] if comparing else [""]
    plots = []
    for plot_id, draw in PLOTS:
        out = io.StringIO()
        # Drawn in matplotlib's own defaults, whatever the user's matplotlibrc; the SVG's ids salted
        # by a constant, not by chance, and no date nor version written into it. Its text stays text
        # (svg.fonttype none), drawn by the reader's browser: a glyph matplotlib's own font lacks (a
        # variant named in Chinese, say) costs it only the width it measures, not a warning to the user.
        with matplotlib.style.context("default"), matplotlib.rc_context(
                {"svg.fonttype": "none", "svg.hashsalt": "dominospec", "svg.id": f"svg-{plot_id}"}), \
                warnings.catch_warnings():
            warnings.filterwarnings("ignore", r"Glyph \d+ .* missing from font", UserWarning)
            caption, drawn = draw(runs, labels)
            if not isinstance(drawn, str):
                drawn.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
        plots.append(Plot(plot_id, caption, note=drawn) if isinstance(drawn, str)
                     else Plot(plot_id, caption, svg=_inline_svg(out.getvalue(), plot_id)))
    return plots


def _plot_html(plot: Plot) -> str:
    drawing = plot.svg if plot.svg is not None else f'<p class="note">{_text(plot.note or "")}</p>'
    return f'<figure id="plot-{plot.id}">{drawing}<figcaption>{_text(plot.caption)}</figcaption></figure>'


def _inline_svg(document: str, plot_id: str) -> str:
    """matplotlib's SVG file as an element of the page: no XML prolog or doctype, no metadata block,
    and every id under the root prefixed by the plot's (matplotlib names its groups figure_1,
    axes_1 ... in every file alike), the references to them too."""
    element = document[document.index("<svg"):]
    element = re.sub(r"\s*<metadata>.*?</metadata>", "", element, count=1, flags=re.DOTALL).strip()
    root, rest = element.split(">", 1)

    def prefixed(tag: re.Match[str]) -> str:  # matplotlib escapes < and > in attributes: a tag ends at >
        return re.sub(r'(\bid="|url\(#|href="#)', rf"\g<1>{plot_id}-", tag[0])

    return root + ">" + re.sub(r"<[^>]*>", prefixed, rest)


def _new_figure(columns: int = 1) -> tuple[PlotFigure, list[Axes]]:
    from matplotlib.figure import Figure as PlotFigure  # no pyplot: the user's backend stays as it was

    figure = PlotFigure(figsize=PLOT_SIZE, layout="constrained")
    axes = figure.subplots(1, columns, sharey=True, squeeze=False)
    return figure, list(axes[0])


def _bars(ax: Axes, series: Sequence[Sequence[tuple[int, float]]], labels: Sequence[str],
          errors: Sequence[Sequence[tuple[float, float]]] | None = None) -> None:
    """Bars of each series' (x, height), the series side by side at each x, with error bars (below,
    above) when given."""
    xs = sorted({x for pairs in series for x, _ in pairs})
    gap = min((b - a for a, b in zip(xs, xs[1:], strict=False)), default=1)
    width = 0.8 * gap / len(series)
    for k, pairs in enumerate(series):
        offset = (k - (len(series) - 1) / 2) * width
        yerr = None if errors is None else [[low for low, _ in errors[k]], [high for _, high in errors[k]]]
        ax.bar([x + offset for x, _ in pairs], [height for _, height in pairs], width=width, yerr=yerr,
               capsize=4 if yerr else 0, color=SERIES_COLOURS[k], label=labels[k] or None)
    if any(labels):
        ax.figure.legend(loc="outside upper center", ncols=len(series))  # above the axes: the bars fill them


def _shares(pairs: Sequence[tuple[int, int]]) -> list[tuple[int, float]]:
    total = sum(count for _, count in pairs)
    return [(value, count / total) for value, count in pairs]


def _hand_points_plot(runs: Sequence[Simulation], labels: Sequence[str]) -> Drawing:
    caption = "How many points a side scores in a hand."
    if not any(run.distributions.hand_points for run in runs):
        return caption, "No hand was played."
    figure, (ax,) = _new_figure()
    _bars(ax, [_shares(run.distributions.hand_points) for run in runs], labels)
    ax.set_xlabel("points a side scored in a hand")
    ax.set_ylabel("share of a side's hands")
    ax.yaxis.set_major_formatter(_percent)
    return caption, figure


def _game_length_plot(runs: Sequence[Simulation], labels: Sequence[str]) -> Drawing:
    caption = "How many hands a game lasts."
    played = [(run, label) for run, label in zip(runs, labels, strict=True) if run.distributions.hands_per_game]
    if not played:
        return caption, ("Every unit of this run is one hand, dealt afresh from scores of 0: there are no games "
                         "to measure." if all(run.unit == "hand" for run in runs) else "No game ended.")
    figure, (ax,) = _new_figure()
    _bars(ax, [_shares(run.distributions.hands_per_game) for run, _ in played], [label for _, label in played])
    ax.set_xlabel("hands in a game")
    ax.set_ylabel("share of games")
    ax.yaxis.set_major_formatter(_percent)
    _whole_numbers(ax)
    return caption, figure


def _seat_plot(runs: Sequence[Simulation], labels: Sequence[str]) -> Drawing:
    """Win rate by seat from the first opener; hand units win no games, so their points by seat from
    the opener stand in."""
    games = [run.per_game for run in runs]
    wins = None not in games
    figures = ([game.win_rate for game in games if game is not None] if wins
               else [run.per_hand.points_by_position for run in runs])
    figure, (ax,) = _new_figure()
    _bars(ax, [list(enumerate(f.mean for f in seats)) for seats in figures], labels,
          [[_error_bar(f) for f in seats] for seats in figures])
    seats = max(len(seats) for seats in figures)
    ax.set_xticks(range(seats), ["opener"] + [f"opener + {k}" for k in range(1, seats)])
    if not wins:
        ax.set_xlabel("seat, from the hand's opener")
        ax.set_ylabel("points per hand")
        return ("Points per hand by seat from the hand's opener, with 95% intervals (the units are hands, "
                "which win no games).", figure)
    ax.axhline(1 / runs[0].sides, color="#888888", linestyle="--", linewidth=1)
    ax.set_xlabel("seat, from the game's first opener")
    ax.set_ylabel("games won")
    ax.yaxis.set_major_formatter(_percent)
    return ("Win rate by seat from the game's first opener, with 95% intervals; the dashed line is an even "
            "share, one game in as many as there are sides.", figure)


def _whole_numbers(ax: Axes) -> None:
    """Ticks on whole numbers only along x: hands come whole."""
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _percent(value: float, _: object) -> str:
    return f"{100 * value:.0f}%"


def _error_bar(figure: Figure) -> tuple[float, float]:
    """The distances from the mean down and up to its interval's ends (none without an interval)."""
    if figure.ci95 is None or math.isnan(figure.mean):
        return 0.0, 0.0
    low, high = figure.ci95
    return max(figure.mean - low, 0.0), max(high - figure.mean, 0.0)


def _score_race_plot(runs: Sequence[Simulation], labels: Sequence[str]) -> Drawing:
    caption = "The score race of the first game played: each side's score after each of its hands."
    raced = [(run, label) for run, label in zip(runs, labels, strict=True) if run.unit != "hand" and run.sample_game]
    if not raced:
        return caption, ("Every unit of this run is one hand: there is no race to draw."
                         if all(run.unit == "hand" for run in runs) else "The first unit has no hands.")
    figure, axes = _new_figure(len(raced))
    for ax, (run, label) in zip(axes, raced, strict=True):
        race = [(0,) * run.sides, *run.sample_game]  # the scores before the first hand, then after each
        for side in range(run.sides):
            ax.plot(range(len(race)), [scores[side] for scores in race], linewidth=2.5, label=f"side {side}",
                    color=f"C{side}")
        ax.set_xlabel("hands played")
        _whole_numbers(ax)
        if label:
            ax.set_title(label)
        ax.legend()
    axes[0].set_ylabel("score")
    return caption, figure


Drawing = tuple[str, "PlotFigure | str"]  # a plot's caption, and its figure or why it has none
PLOTS = (("hand-points", _hand_points_plot), ("game-length", _game_length_plot), ("win-rate", _seat_plot),
         ("score-race", _score_race_plot))
