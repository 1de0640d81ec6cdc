"""A simulation's figures as tables for a person (rich), and its progress bar on stderr.

The tables read only the result dataclasses of figures.py, as `--json` and the HTML report do. Rates
are shown as percentages here (the JSON keeps fractions); every estimate carries its 95% interval.
Every text reaches rich as a Text, never as a string rich would read markup in: a variant's name, a
spec's path, a bot's or a match line's name is shown as written ("[/]" and "[link=...]" too).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

from ..language.diagnostics import printable
from .figures import Comparison, Difference, Figure, Simulation
from .sections import Row, comparison_sections, sections, table_note, table_of

if TYPE_CHECKING:
    from rich.table import Table as RichTable
    from rich.text import Text


def number(value: float, rate: bool) -> str:
    """A mean or an interval's end; nan is a figure nothing measured (no game won by one side, say)."""
    if math.isnan(value):
        return "n/a"
    if rate:
        return f"{round(100 * value, 1) or 0.0:.1f}%"  # `or`: a -0.04% shows as 0.0%, not -0.0%
    places = 3 if abs(value) < 100 else 1
    return f"{round(value, places) or 0.0:.{places}f}"


def cells(row: Row | None) -> tuple[str, str]:
    """A row's mean and its interval, as text; blank for a row that run does not have."""
    if row is None:
        return "", ""
    if not isinstance(row.value, Figure):  # a spread: a plain number
        return number(row.value, row.rate), ""
    figure, rate = row.value, row.rate
    if math.isnan(figure.mean):
        return "n/a", ""
    if figure.ci95 is None:
        return number(figure.mean, rate), "(fewer than 2 units)"
    low, high = figure.ci95
    return number(figure.mean, rate), f"{number(low, rate)} to {number(high, rate)}"


def plain(text: str) -> Text:
    """Text rich shows as written: it reads no markup in it, and printable() has already made control
    characters visible where the text comes from a spec or a user."""
    from rich.text import Text
    return Text(printable(text))


def identity(result: Simulation) -> str:
    table = f"{result.players} players" + (" in partnerships" if result.partnerships else "")
    unit = {"hand": "hands", "game": "games", "match": "matches"}[result.unit]
    return (f"{result.variant} ({result.spec}): {result.units:,} {unit}, {table}, bots {', '.join(result.bots)}, "
            f"seed {result.seed}, {'native' if result.target == 'c' else 'Python'} engine")


def simulation_tables(result: Simulation) -> list[RichTable]:
    from rich.table import Table as RichTable
    tables = []
    for title, rows in sections(result, table_of(result)):
        table = RichTable(title=plain(title), title_justify="left")
        table.add_column("figure")
        table.add_column("mean", justify="right")
        table.add_column("95% interval", justify="right")
        for row in rows:
            table.add_row(*map(plain, (row.label, *cells(row))))
        tables.append(table)
    return tables


def comparison_tables(result: Comparison) -> list[RichTable]:
    """A's and B's means beside B - A and its interval, row by row; a significant difference in bold."""
    from rich.table import Table as RichTable
    tables = []
    for title, lines in comparison_sections(result):
        table = RichTable(title=plain(title), title_justify="left")
        for column in ("figure", "A", "B", "B - A", "95% interval"):
            table.add_column(column, justify="left" if column == "figure" else "right")
        for line in lines:
            change = line.difference
            marked = change is not None and isinstance(change.value, Difference) and change.value.significant
            difference, difference_interval = cells(change)
            table.add_row(*map(plain, (line.label, cells(line.a)[0], cells(line.b)[0],
                                       difference + (" *" if marked else ""), difference_interval)),
                          style="bold" if marked else None)
        tables.append(table)
    return tables


def print_simulation(result: Simulation, stream: TextIO | None = None) -> None:
    from rich.console import Console
    console = Console(file=stream or sys.stdout, highlight=False)
    console.print(plain(identity(result)))
    for table in simulation_tables(result):
        console.print(table)


def print_comparison(result: Comparison, stream: TextIO | None = None) -> None:
    from rich.console import Console
    console = Console(file=stream or sys.stdout, highlight=False)
    console.print(plain(f"A: {identity(result.a)}"))
    console.print(plain(f"B: {identity(result.b)}"))
    console.print(plain("B - A is paired unit by unit" + (" on the same deals" if result.same_deals else
                                                          " (the deals differ: the same seeds, other tiles)")
                        + "; * marks a difference whose 95% interval excludes 0"))
    note = table_note(result)
    if note is not None:
        console.print(plain(note))
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
    with Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance
