"""A run's figures as labelled rows, section by section, in the order every reader shows them: the
terminal's tables and the HTML report's (a comparison's differences take the same rows).

Seats are named from the opener ("1 after the opener"), sides by their seats; in partnerships the
positions of one side are the same side, so they are named once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .figures import BotFigures, Differences, Figure, PerGame, PerHand, PerMatch, Simulation


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
