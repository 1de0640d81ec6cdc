"""The figures of a simulation and of a comparison, as the CLI, the report and the JSON read them.

One blueprint (`_sections`) says which ratio of which columns each figure is. It is read three
ways: for the products a run must tally (`products`), for a simulation's figures, and for a
comparison's differences (B's estimate minus A's on the same units, one estimate, so that its
interval uses the pairing).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from . import statistics
from .statistics import Estimate, Pair, Tally, Term, ratio

UnitKind = Literal["hand", "game", "match"]
SIMULATION_SCHEMA = "dominospec.simulation/1"
COMPARISON_SCHEMA = "dominospec.comparison/1"


@dataclass(frozen=True)
class Figure:
    """An estimate: the mean (a rate is a fraction) and its 95% interval, None with fewer than 2 units."""

    mean: float
    ci95: tuple[float, float] | None


@dataclass(frozen=True)
class Difference(Figure):
    """B minus A (or a first bot minus a second), paired by unit."""

    significant: bool  # the 95% interval excludes 0


@dataclass(frozen=True)
class PerHand:
    """Every hand of the run (in game units the hands of every game; intervals by unit)."""

    placements: Figure
    turns: Figure
    passes: Figure
    draws: Figure
    went_out: Figure
    blocked: Figure
    won_in_play: Figure
    cancelled: Figure
    points: tuple[Figure, ...]  # per side
    points_by_position: tuple[Figure, ...]  # per seat from the hand's opener (0 = the opener)
    remaining_pips: Figure
    placement_points: Figure  # points per placement
    placement_points_sd: float  # their standard deviation (the spread)
    scoring_placements: Figure  # the share of placements that score


@dataclass(frozen=True)
class PerGame:
    """Game and match units."""

    hands: Figure
    win_rate: tuple[Figure, ...]  # per seat from the game's first opener (0 = first opener)
    side_win_rate: tuple[Figure, ...]  # per side
    cancelled: Figure  # cancelled scores per game
    margin: Figure  # final margin of a game won by one side
    points: tuple[Figure, ...]  # final score per side


@dataclass(frozen=True)
class PerMatch:
    """Match units."""

    games: Figure
    match_points: tuple[Figure, ...]  # per side
    win_rate: tuple[Figure, ...]  # per side
    lines: tuple[tuple[str, Figure], ...]  # (line name, rate of games won at that line)


@dataclass(frozen=True)
class BotFigures:
    """Only when the seats' bots are not all the same."""

    win_rate: tuple[tuple[str, Figure], ...]  # (bot name, share of its seats' units won), first-seen order
    gap: Difference | None  # the first bot's win rate minus the second's


@dataclass(frozen=True)
class Distributions:
    hand_points: tuple[tuple[int, int], ...]  # (points a side scored in a hand, how many hand-sides), sorted
    hands_per_game: tuple[tuple[int, int], ...]  # game and match units: hands per ended game
    margins: tuple[tuple[int, int], ...]  # final margins of the ended games one side led alone


@dataclass(frozen=True)
class Simulation:
    spec: str
    variant: str
    target: Literal["python", "c"]
    players: int
    partnerships: bool
    sides: int
    unit: UnitKind
    units: int
    seed: int
    bots: tuple[str, ...]  # one per seat
    per_hand: PerHand
    per_game: PerGame | None
    per_match: PerMatch | None
    bot_figures: BotFigures | None
    distributions: Distributions
    sample_game: tuple[tuple[int, ...], ...]  # unit 0's running scores per side after each hand of its first game

    def to_json(self) -> dict[str, Any]:
        return {"schema": SIMULATION_SCHEMA, **_plain(self)}


@dataclass(frozen=True)
class Differences:
    """A comparison's differences, B minus A, paired by unit: every Figure of these sections is a
    Difference (placement_points_sd is B's spread minus A's)."""

    per_hand: PerHand
    per_game: PerGame | None  # when both are played in game or match units
    per_match: PerMatch | None  # when both are played in match units
    bot_figures: BotFigures | None


@dataclass(frozen=True)
class Comparison:
    a: Simulation
    b: Simulation
    same_deals: bool  # the same set and deal size: unit i is dealt the same tiles
    differences: Differences

    def to_json(self) -> dict[str, Any]:
        return {"schema": COMPARISON_SCHEMA, "a": self.a.to_json(), "b": self.b.to_json(),
                "same_deals": self.same_deals, "differences": _plain(self.differences)}


def _plain(value: Any) -> Any:
    """A dataclass as JSON's values: tuples as lists, a figure without a value (nan) as null."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


# --- the blueprint --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """What decides which figures a run has."""

    unit: UnitKind
    players: int
    sides: int
    lines: tuple[str, ...]  # the variant's match lines, in the engine's order
    bots: tuple[str, ...]  # one per seat
    games_won: bool = True  # False in pool play: a game is its hands, and nobody wins it


class Reader(Protocol):
    def figure(self, estimate: Estimate) -> Figure: ...
    def difference(self, estimate: Estimate) -> Difference: ...
    def spread(self, squares: str, values: str, count: str) -> float: ...


Sections = tuple[PerHand, PerGame | None, PerMatch | None, BotFigures | None]


def _sections(shape: Shape, read: Reader) -> Sections:
    def per(y: str, x: str) -> Figure:
        return read.figure(ratio(y, x))

    def each(pattern: str, count: int, x: str) -> tuple[Figure, ...]:
        return tuple(per(pattern.format(i), x) for i in range(count))

    per_hand = PerHand(
        placements=per("placements", "hands"), turns=per("turns", "hands"), passes=per("passes", "hands"),
        draws=per("draws", "hands"), went_out=per("went_out", "hands"), blocked=per("blocked", "hands"),
        won_in_play=per("won_in_play", "hands"), cancelled=per("cancelled", "hands"),
        points=each("points_{}", shape.sides, "hands"),
        points_by_position=each("opener_points_{}", shape.players, "hands"),
        remaining_pips=per("remaining_pips", "hands"),
        placement_points=per("placement_points", "placements"),
        placement_points_sd=read.spread("placement_points_sq", "placement_points", "placements"),
        scoring_placements=per("scoring_placements", "placements"))
    per_game = per_match = None
    games = statistics.ENDED_GAMES  # a game unit's figures are over its ended games
    won = shape.players if shape.games_won else 0  # no win rates where no game is won
    if shape.unit != "hand":
        per_game = PerGame(
            hands=per("hands", games), win_rate=each("opener_wins_{}", won, games),
            side_win_rate=each("wins_{}", shape.sides if shape.games_won else 0, games),
            cancelled=per("cancelled", games),
            margin=per(statistics.SOLO_MARGINS, statistics.SOLO_GAMES), points=each("points_{}", shape.sides, games))
    if shape.unit == "match":
        per_match = PerMatch(
            games=per("games", "matches"), match_points=each("match_points_{}", shape.sides, "matches"),
            win_rate=each("match_wins_{}", shape.sides, "matches"),
            lines=tuple((name, per(f"line_{j}", "games")) for j, name in enumerate(shape.lines)))
    return per_hand, per_game, per_match, _bot_figures(shape, read)


def _bot_figures(shape: Shape, read: Reader) -> BotFigures | None:
    names = list(dict.fromkeys(shape.bots))
    if len(names) < 2 or shape.unit != "hand" and not shape.games_won:
        return None
    chances = "hands" if shape.unit == "hand" else statistics.ENDED_GAMES
    rates = []
    for name in names:
        seats = [seat for seat, bot in enumerate(shape.bots) if bot == name]
        rates.append(Term(1, tuple((f"seat_wins_{seat}", 1) for seat in seats), ((chances, len(seats)),)))
    gap = read.difference((rates[0], dataclasses.replace(rates[1], weight=-1)))
    return BotFigures(win_rate=tuple((name, read.figure((rate,))) for name, rate in zip(names, rates, strict=True)),
                      gap=gap)


def _prefixed(prefix: str, estimate: Estimate, weight: int = 1) -> Estimate:
    return tuple(Term(weight * term.weight, tuple((prefix + name, c) for name, c in term.y),
                      tuple((prefix + name, c) for name, c in term.x)) for term in estimate)


def _paired(estimate: Estimate) -> Estimate:
    """B's estimate minus A's, as one estimate over the joint tally."""
    return _prefixed("b:", estimate) + _prefixed("a:", estimate, -1)


class _Products:
    """Collects the products a blueprint's estimates read."""

    def __init__(self, prefix: str = "", paired: bool = False):
        self.pairs: set[Pair] = set()
        self.prefix, self.paired = prefix, paired

    def figure(self, estimate: Estimate) -> Figure:
        self.pairs |= statistics.pairs_of(_paired(estimate) if self.paired else _prefixed(self.prefix, estimate))
        return Figure(math.nan, None)

    def difference(self, estimate: Estimate) -> Difference:
        self.figure(estimate)
        return Difference(math.nan, None, False)

    def spread(self, squares: str, values: str, count: str) -> float:
        return math.nan


class _Estimates:
    """A blueprint's figures from a tally (columns under prefix)."""

    def __init__(self, tally: Tally, prefix: str = ""):
        self.tally, self.prefix = tally, prefix

    def figure(self, estimate: Estimate) -> Figure:
        return Figure(*statistics.estimate(self.tally, _prefixed(self.prefix, estimate)))

    def difference(self, estimate: Estimate) -> Difference:
        return _difference(*statistics.estimate(self.tally, _prefixed(self.prefix, estimate)))

    def spread(self, squares: str, values: str, count: str) -> float:
        p = self.prefix
        return statistics.spread(self.tally, p + squares, p + values, p + count)


class _Differences:
    """A blueprint's differences, B minus A, from a joint tally."""

    def __init__(self, tally: Tally):
        self.tally = tally

    def figure(self, estimate: Estimate) -> Difference:
        return _difference(*statistics.estimate(self.tally, _paired(estimate)))

    difference = figure

    def spread(self, squares: str, values: str, count: str) -> float:
        return (statistics.spread(self.tally, "b:" + squares, "b:" + values, "b:" + count)
                - statistics.spread(self.tally, "a:" + squares, "a:" + values, "a:" + count))


def _difference(mean: float, ci95: tuple[float, float] | None) -> Difference:
    return Difference(mean, ci95, ci95 is not None and not ci95[0] <= 0.0 <= ci95[1])


def products(shape: Shape) -> set[Pair]:
    """The products a simulation of this shape tallies."""
    collect = _Products()
    _sections(shape, collect)
    return collect.pairs


def joint_products(a: Shape, b: Shape) -> set[Pair]:
    """The products a comparison tallies: A's and B's own, and the pairs of their differences."""
    own_a, own_b, paired = _Products("a:"), _Products("b:"), _Products(paired=True)
    _sections(a, own_a)
    _sections(b, own_b)
    _sections(common(a, b), paired)
    return own_a.pairs | own_b.pairs | paired.pairs


def common(a: Shape, b: Shape) -> Shape:
    """The figures two runs both have: the smaller unit, the lines they share at the same place in the
    engine's order, and the figures per seat and per side only where both runs sit at the same table
    (four seats alone against two partnerships: seat k of A is no side k of B, so neither is differenced)."""
    kinds: tuple[UnitKind, ...] = ("hand", "game", "match")
    unit = kinds[min(kinds.index(a.unit), kinds.index(b.unit))]
    lines = []
    for mine, theirs in zip(a.lines, b.lines, strict=False):
        if mine != theirs:
            break
        lines.append(mine)
    same_table = (a.players, a.sides) == (b.players, b.sides)
    return Shape(unit, a.players if same_table else 0, a.sides if same_table else 0, tuple(lines), a.bots,
                 a.games_won and b.games_won)


@dataclass(frozen=True)
class Run:
    """What a simulation was, besides its figures."""

    spec: str
    variant: str
    target: Literal["python", "c"]
    partnerships: bool
    units: int
    seed: int
    shape: Shape


def simulation(run: Run, tally: Tally, prefix: str = "") -> Simulation:
    """The figures of a run from its tally (its columns under prefix, in a comparison's joint tally)."""
    per_hand, per_game, per_match, bot_figures = _sections(run.shape, _Estimates(tally, prefix))

    def counts(name: str) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(tally.counts[prefix + name].items()))

    return Simulation(
        spec=run.spec, variant=run.variant, target=run.target, players=run.shape.players,
        partnerships=run.partnerships, sides=run.shape.sides, unit=run.shape.unit, units=run.units,
        seed=run.seed, bots=run.shape.bots, per_hand=per_hand, per_game=per_game, per_match=per_match,
        bot_figures=bot_figures,
        distributions=Distributions(hand_points=counts(statistics.HAND_POINTS),
                                    hands_per_game=counts(statistics.GAME_HANDS) if run.shape.unit != "hand" else (),
                                    margins=counts(statistics.MARGINS) if run.shape.unit != "hand" else ()),
        sample_game=tally.sample.get(prefix, ()))


def comparison(a: Run, b: Run, tally: Tally, same_deals: bool) -> Comparison:
    per_hand, per_game, per_match, bot_figures = _sections(common(a.shape, b.shape), _Differences(tally))
    return Comparison(a=simulation(a, tally, "a:"), b=simulation(b, tally, "b:"), same_deals=same_deals,
                      differences=Differences(per_hand, per_game, per_match, bot_figures))
