"""A run's figures as labelled rows, section by section, in the order every reader shows them: the
terminal's tables and the HTML report's (a comparison's differences take the same rows).

Seats are named from the opener ("1 after the opener"), sides by their seats; in partnerships the
positions of one side are the same side, so they are named once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .figures import BotFigures, Comparison, Differences, Figure, PerGame, PerHand, PerMatch, Simulation


@dataclass(frozen=True)
class Row:
    """One line of a table: a Figure, or a plain number (the spread of placement points) that has
    no interval. A rate is a fraction, shown as a percentage."""

    label: str
    value: Figure | float
    rate: bool = False


@dataclass(frozen=True)
class Table:
    """Who sits at the table: it names the sides and the seats."""

    players: int
    sides: int

    def side(self, side: int) -> str:
        if self.sides == self.players:
            return f"seat {side}"
        return f"side {side} (seats {', '.join(str(s) for s in range(side, self.players, self.sides))})"

    def positions(self, opener: str) -> list[str]:
        """The seats from an opener, or in partnerships the sides from the opener's."""
        names = [opener if k == 0 else f"{opener} + {k}" for k in range(self.players)]
        return names if self.sides == self.players else [f"{name}'s side" for name in names[:self.sides]]


def sections(figures: Simulation | Differences, table: Table) -> list[tuple[str, list[Row]]]:
    """Each section's title and rows: a simulation's figures, or a comparison's differences."""
    parts = [("Per hand", hand_rows(figures.per_hand, table))]
    if figures.per_game is not None:
        parts.append(("Per game", game_rows(figures.per_game, table)))
    if figures.per_match is not None:
        parts.append(("Per match", match_rows(figures.per_match, table)))
    if figures.bot_figures is not None:
        parts.append(("Bots", bot_rows(figures.bot_figures)))
    return parts


def table_of(run: Simulation) -> Table:
    return Table(run.players, run.sides)


@dataclass(frozen=True)
class Line:
    """One line of a comparison: A's row and B's, each under its own table's label, and B minus A where
    the two rows mean the same. A row only one run has is None for the other."""

    label: str
    a: Row | None
    b: Row | None
    difference: Row | None


def comparison_sections(comparison: Comparison) -> list[tuple[str, list[Line]]]:
    """A's, B's and the differences' rows lined up by what they mean: by label, each run's seats and sides
    named by its own table. B's rows A lacks come just before the next row both have."""
    in_a = dict(sections(comparison.a, table_of(comparison.a)))
    in_b = dict(sections(comparison.b, table_of(comparison.b)))
    changes = dict(sections(comparison.differences, table_of(comparison.a)))
    out = []
    for title in dict.fromkeys([*in_a, *in_b]):
        labels = [row.label for row in in_a.get(title, [])]
        waiting: list[str] = []  # B's rows that A lacks, placed before the next row both have
        for row in in_b.get(title, []):
            if row.label in labels:
                at = labels.index(row.label)
                labels[at:at] = waiting
                waiting = []
            else:
                waiting.append(row.label)
        labels += waiting
        mine, theirs, change = ({row.label: row for row in rows.get(title, [])} for rows in (in_a, in_b, changes))
        out.append((title, [Line(label, mine.get(label), theirs.get(label), change.get(label)) for label in labels]))
    return out


def table_note(comparison: Comparison) -> str | None:
    """What a reader must know when A and B sit at different tables, else None."""
    a, b = table_of(comparison.a), table_of(comparison.b)
    if (a.players, a.sides) == (b.players, b.sides):
        return None

    def seated(table: Table) -> str:
        return (f"as {table.players} seats, each for itself" if table.sides == table.players
                else f"as {table.sides} sides of {table.players // table.sides} partners")

    return (f"A plays {seated(a)}, and B {seated(b)}: the figures per seat and per side are each shown under "
            "their own table's labels, and have no difference B - A")


def hand_rows(s: PerHand, table: Table) -> list[Row]:
    return [
        Row("placements", s.placements), Row("turns", s.turns), Row("passes (knocks)", s.passes),
        Row("draws", s.draws), Row("ended by going out", s.went_out, rate=True),
        Row("ended blocked", s.blocked, rate=True), Row("ended by reaching the target", s.won_in_play, rate=True),
        Row("scores cancelled (exact target)", s.cancelled),
        *(Row(f"points, {table.side(side)}", figure) for side, figure in enumerate(s.points)),
        *(Row(f"points, {name}", figure)
          for name, figure in zip(table.positions("opener"), s.points_by_position, strict=False)),
        Row("remaining pips (all seats)", s.remaining_pips), Row("points per placement", s.placement_points),
        Row("placement points, standard deviation", s.placement_points_sd),
        Row("placements that score", s.scoring_placements, rate=True),
    ]


def game_rows(s: PerGame, table: Table) -> list[Row]:
    return [
        Row("hands", s.hands),
        *(Row(f"win rate, {name}", figure, rate=True)
          for name, figure in zip(table.positions("first opener"), s.win_rate, strict=False)),
        *(Row(f"win rate, {table.side(side)}", figure, rate=True) for side, figure in enumerate(s.side_win_rate)),
        Row("scores cancelled (exact target)", s.cancelled),
        Row("final margin (one side won)", s.margin),
        *(Row(f"final score, {table.side(side)}", figure) for side, figure in enumerate(s.points)),
    ]


def match_rows(s: PerMatch, table: Table) -> list[Row]:
    return [
        Row("games", s.games),
        *(Row(f"match points, {table.side(side)}", figure) for side, figure in enumerate(s.match_points)),
        *(Row(f"match win rate, {table.side(side)}", figure, rate=True) for side, figure in enumerate(s.win_rate)),
        *(Row(f"games won at the {name}", figure, rate=True) for name, figure in s.lines),
    ]


def bot_rows(s: BotFigures) -> list[Row]:
    rows = [Row(f"win rate, {name}", figure, rate=True) for name, figure in s.win_rate]
    if s.gap is not None:
        first, second = (name for name, _ in s.win_rate[:2])
        rows.append(Row(f"skill gap ({first} minus {second})", s.gap, rate=True))
    return rows
