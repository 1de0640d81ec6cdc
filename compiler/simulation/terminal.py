"""A simulation's figures as tables for a person (rich), and its progress bar on stderr.

The tables read only the result dataclasses of figures.py, as `--json` and the HTML report do. Rates
are shown as percentages here (the JSON keeps fractions); every estimate carries its 95% interval.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

from .figures import BotFigures, Comparison, Difference, Differences, Figure, PerGame, PerHand, PerMatch, Simulation

if TYPE_CHECKING:
    from rich.table import Table

Row = tuple[str, Figure, bool]  # a figure's label, the figure, whether it is a rate


def hand_rows(figures: PerHand, sides: int, players: int) -> list[Row]:
    rows: list[Row] = [("placements", figures.placements, False), ("turns", figures.turns, False),
                       ("passes", figures.passes, False), ("draws", figures.draws, False),
                       ("went out", figures.went_out, True), ("blocked", figures.blocked, True),
                       ("won during the hand", figures.won_in_play, True),
                       ("scores cancelled", figures.cancelled, False)]
    rows += [(f"points, {side_name(side, sides, players)}", figure, False)
             for side, figure in enumerate(figures.points[:sides])]
    rows += [(f"points, {position_name(position)}", figure, False)
             for position, figure in enumerate(figures.points_by_position[:players])]
    rows += [("remaining pips", figures.remaining_pips, False),
             ("points per placement", figures.placement_points, False),
             ("placements that score", figures.scoring_placements, True)]
    return rows


def game_rows(figures: PerGame, sides: int, players: int) -> list[Row]:
    rows: list[Row] = [("hands", figures.hands, False)]
    rows += [(f"wins, {position_name(position, 'first opener')}", figure, True)
             for position, figure in enumerate(figures.win_rate[:players])]
    if sides != players:  # partnerships: the seats of a side win together
        rows += [(f"wins, {side_name(side, sides, players)}", figure, True)
                 for side, figure in enumerate(figures.side_win_rate[:sides])]
    rows += [("scores cancelled", figures.cancelled, False), ("final margin", figures.margin, False)]
    rows += [(f"final score, {side_name(side, sides, players)}", figure, False)
             for side, figure in enumerate(figures.points[:sides])]
    return rows


def match_rows(figures: PerMatch, sides: int, players: int) -> list[Row]:
    rows: list[Row] = [("games", figures.games, False)]
    rows += [(f"match points, {side_name(side, sides, players)}", figure, False)
             for side, figure in enumerate(figures.match_points[:sides])]
    rows += [(f"matches won, {side_name(side, sides, players)}", figure, True)
             for side, figure in enumerate(figures.win_rate[:sides])]
    rows += [(f"games won at the {name} line", figure, True) for name, figure in figures.lines]
    return rows


def bot_rows(figures: BotFigures) -> list[Row]:
    rows: list[Row] = [(f"wins, {name}", figure, True) for name, figure in figures.win_rate]
    if figures.gap is not None:
        first, second = (name for name, _ in figures.win_rate[:2])
        rows.append((f"skill gap, {first} - {second}", figures.gap, True))
    return rows


def side_name(side: int, sides: int, players: int) -> str:
    if sides == players:
        return f"seat {side}"
    return f"side {side} (seats {', '.join(str(s) for s in range(side, players, sides))})"


def position_name(position: int, opener: str = "opener") -> str:
    return opener if position == 0 else f"{opener} + {position}"


def sections(result: Simulation | Differences, sides: int, players: int) -> list[tuple[str, list[Row]]]:
    """Each section's title and rows: a simulation's figures, or a comparison's differences."""
    parts = [("per hand", hand_rows(result.per_hand, sides, players))]
    if result.per_game is not None:
        parts.append(("per game", game_rows(result.per_game, sides, players)))
    if result.per_match is not None:
        parts.append(("per match", match_rows(result.per_match, sides, players)))
    if result.bot_figures is not None:
        parts.append(("bots", bot_rows(result.bot_figures)))
    return parts


def number(value: float, rate: bool) -> str:
    return f"{100 * value:.1f}%" if rate else f"{value:.3f}" if abs(value) < 100 else f"{value:.1f}"


def interval(figure: Figure, rate: bool) -> str:
    if figure.ci95 is None:
        return "(one unit)"
    low, high = figure.ci95
    return f"{number(low, rate)} to {number(high, rate)}"


def identity(result: Simulation) -> str:
    table = f"{result.players} players" + (" in partnerships" if result.partnerships else "")
    unit = {"hand": "hands", "game": "games", "match": "matches"}[result.unit]
    return (f"{result.variant} ({result.spec}): {result.units:,} {unit}, {table}, bots {', '.join(result.bots)}, "
            f"seed {result.seed}, {'native' if result.target == 'c' else 'Python'} engine")


def simulation_tables(result: Simulation) -> list[Table]:
    from rich.table import Table
    tables = []
    for title, rows in sections(result, result.sides, result.players):
        table = Table(title=title, title_justify="left")
        table.add_column("figure")
        table.add_column("mean", justify="right")
        table.add_column("95% interval", justify="right")
        for label, figure, rate in rows:
            table.add_row(label, number(figure.mean, rate), interval(figure, rate))
        tables.append(table)
    return tables


def comparison_tables(result: Comparison) -> list[Table]:
    """A's and B's means beside B - A and its interval, row by row; a significant difference in bold."""
    from rich.table import Table
    sides, players = result.a.sides, result.a.players
    b_sections = dict(sections(result.b, sides, players))
    changes = dict(sections(result.differences, sides, players))
    tables = []
    for title, rows in sections(result.a, sides, players):
        b_rows = {label: figure for label, figure, _ in b_sections.get(title, [])}
        change_rows = {label: figure for label, figure, _ in changes.get(title, [])}
        table = Table(title=title, title_justify="left")
        for column in ("figure", "A", "B", "B - A", "95% interval"):
            table.add_column(column, justify="left" if column == "figure" else "right")
        for label, figure, rate in rows:
            b_figure, change = b_rows.get(label), change_rows.get(label)
            marked = isinstance(change, Difference) and change.significant
            table.add_row(label, number(figure.mean, rate), "" if b_figure is None else number(b_figure.mean, rate),
                          "" if change is None else number(change.mean, rate) + (" *" if marked else ""),
                          "" if change is None else interval(change, rate), style="bold" if marked else None)
        tables.append(table)
    return tables


def print_simulation(result: Simulation, stream: TextIO | None = None) -> None:
    from rich.console import Console
    console = Console(file=stream or sys.stdout, highlight=False)
    console.print(identity(result))
    for table in simulation_tables(result):
        console.print(table)


def print_comparison(result: Comparison, stream: TextIO | None = None) -> None:
    from rich.console import Console
    console = Console(file=stream or sys.stdout, highlight=False)
    console.print(f"A: {identity(result.a)}")
    console.print(f"B: {identity(result.b)}")
    console.print("B - A is paired unit by unit" + (" on the same deals" if result.same_deals else
                                                    " (the deals differ: the same seeds, other tiles)")
                  + "; * marks a difference whose 95% interval excludes 0")
    for table in comparison_tables(result):
        console.print(table)


@contextmanager
def progress_bar(what: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr while the block runs, when stderr is a terminal (never in a pipe or a
    file); the callback takes (units done, units in all)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance
