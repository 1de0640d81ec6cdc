"""Exact sums over simulated units, and the estimators that turn them into means with 95% intervals.

A Tally holds integers only: the number of units, the sum over units of every column (a unit
record's field, or a figure derived from its hand rows), the sums of the products of the pairs of
columns that the estimators need, and counts of values for the distributions. Tallies of chunks add
up to the tally of the whole run in any order and any split, so one process, a pool and a cluster
give the same figures to the last bit; the estimators then compute in exact fractions and round once.

Every figure is a combination of ratios, sum y / sum x over units (a mean per hand is the units'
points over their hands). Units are the clusters: hands of one game are not independent, so the
standard error is the linearisation (delta-method) one over units, and a difference of two ratios
measured on the same units (a bot gap, variant B minus variant A on the same seeds) is one ratio
combination whose pairing the cross products carry. A rate of one 0/1 value per unit gets a Wilson
interval, which keeps inside [0, 1] and covers well at small counts.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from ..targets.records import Records

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile: a two-sided 95% interval

# A linear combination of a unit's columns, as (column, coefficient) pairs: a bot's wins over its seats.
Combo = tuple[tuple[str, int], ...]
Pair = tuple[str, str]  # two column names, in sorted order
K = TypeVar("K")

# Derived columns, read from the hand rows: the unit's ended games, those with one side alone on top, and the
# sum of those games' final margins (the best final score less the next).
ENDED_GAMES, SOLO_GAMES, SOLO_MARGINS = "ended_games", "solo_games", "solo_margins"
HAND_POINTS, GAME_HANDS, MARGINS = "hand_points", "game_hands", "margins"  # the distributions


def column(name: str, coefficient: int = 1) -> Combo:
    return ((name, coefficient),)


@dataclass(frozen=True)
class Term:
    """weight * (sum of y over units) / (sum of x over units)."""

    weight: int
    y: Combo
    x: Combo


Estimate = tuple[Term, ...]  # the sum of its terms


def ratio(y: Combo | str, x: Combo | str) -> Estimate:
    return (Term(1, column(y) if isinstance(y, str) else y, column(x) if isinstance(x, str) else x),)


def columns_of(estimate: Estimate) -> list[str]:
    return sorted({name for term in estimate for name, _ in (*term.y, *term.x)})


def pairs_of(estimate: Estimate) -> set[Pair]:
    """The products an estimate's standard error reads: every pair of its columns, each with itself too."""
    names = columns_of(estimate)
    return {(a, b) for i, a in enumerate(names) for b in names[i:]}


@dataclass(frozen=True)
class Tally:
    """The exact sums of a chunk of units, or of a whole run: tallies add (a + b) in any order."""

    units: int = 0
    sums: Mapping[str, int] = field(default_factory=dict)
    products: Mapping[Pair, int] = field(default_factory=dict)
    counts: Mapping[str, Counter[int]] = field(default_factory=dict)
    # unit 0's first game: each side's running score after each hand, by prefix; only unit 0's chunk has it
    sample: Mapping[str, tuple[tuple[int, ...], ...]] = field(default_factory=dict)

    def __add__(self, other: Tally) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        if self.units and other.units and (self.sums.keys() != other.sums.keys()
                                           or self.products.keys() != other.products.keys()):
            raise ValueError("tallies of different columns do not add up")
        overlap = self.sample.keys() & other.sample.keys()
        if overlap:
            raise ValueError(f"two tallies both hold unit 0 ({', '.join(sorted(overlap))})")
        return Tally(units=self.units + other.units,
                     sums=_add(self.sums, other.sums), products=_add(self.products, other.products),
                     counts={name: self.counts.get(name, Counter()) + other.counts.get(name, Counter())
                             for name in self.counts.keys() | other.counts.keys()},
                     sample={**self.sample, **other.sample})

    def total(self, combo: Combo) -> int:
        return sum(coefficient * self.sums[name] for name, coefficient in combo)

    def product(self, a: str, b: str) -> int:
        return self.products[(a, b) if a <= b else (b, a)]


def _add(mine: Mapping[K, int], theirs: Mapping[K, int]) -> dict[K, int]:
    return {key: mine.get(key, 0) + theirs.get(key, 0) for key in mine.keys() | theirs.keys()}


def merge(tallies: Iterable[Tally]) -> Tally:
    result = Tally()
    for tally in tallies:
        result = result + tally
    return result


# --- reading records ------------------------------------------------------------------------------


def tally(runs: Sequence[tuple[str, Records, int]], pairs: Iterable[Pair], first: int, games: bool,
          pool_hands: Mapping[str, int] | None = None, lowest_wins: Collection[str] = ()) -> Tally:
    """The tally of the chunk of units from first: runs are (prefix, records, sides) over the same
    units (one run for a simulation, "a:" and "b:" for a comparison), their columns named prefix +
    field. games: the units are games or matches, whose games the hand rows tell apart. pool_hands: for
    the runs (by prefix) of pool play, whose game has no target and is as many hands as are played, how
    many hands that is: a game that played them has ended, though it has no winner. lowest_wins: the runs (by
    prefix) whose games the lowest total wins, and so end with the lowest total alone on top."""
    columns: dict[str, Sequence[int]] = {}
    counts: dict[str, Counter[int]] = {}
    sample: dict[str, tuple[tuple[int, ...], ...]] = {}
    units = len(runs[0][1].units)
    for prefix, records, sides in runs:
        if len(records.units) != units:
            raise ValueError("the runs of a tally cover different numbers of units")
        unit_columns = list(zip(*records.units, strict=True)) or [()] * len(records.unit_fields)
        columns.update((prefix + name, values) for name, values in zip(records.unit_fields, unit_columns, strict=True))
        at = [records.hand_fields.index(f"points_{side}") for side in range(sides)]
        hand_columns = list(zip(*records.hands, strict=True)) or [()] * len(records.hand_fields)
        counts[prefix + HAND_POINTS] = Counter(itertools.chain.from_iterable(hand_columns[i] for i in at))
        if games:
            ended, solo, solo_margins, counts[prefix + GAME_HANDS], counts[prefix + MARGINS] = _games(
                records, at, first, (pool_hands or {}).get(prefix), prefix in lowest_wins)
            columns.update({prefix + ENDED_GAMES: ended, prefix + SOLO_GAMES: solo,
                            prefix + SOLO_MARGINS: solo_margins})
        if first == 0 and units:
            sample[prefix] = _race(records, at)
    sums = {name: sum(values) for name, values in columns.items()}
    products = {(a, b): sum(map(operator.mul, columns[a], columns[b])) for a, b in pairs}
    return Tally(units=units, sums=sums, products=products, counts=counts, sample=sample)


def _games(records: Records, at: Sequence[int], first: int, pool_hands: int | None,
           lowest_wins: bool = False) -> tuple[list[int], list[int], list[int], Counter[int], Counter[int]]:
    """Of each unit's ended games (1 .. its `games` field: a match's last one may not have ended; in pool
    play, a game of pool_hands hands too), from the hand rows: how many there are, how many one side ended
    alone on top and the sum of their margins, and the counts of their hands and margins."""
    unit_at, game_at = records.hand_fields.index("unit"), records.hand_fields.index("game")
    ended_at = records.unit_fields.index("games")
    ended, solo, solo_margins = [0] * len(records.units), [0] * len(records.units), [0] * len(records.units)
    lengths, margins = Counter[int](), Counter[int]()
    # a unit's hands come in play order, so each game's rows are consecutive
    for (unit, game), rows in itertools.groupby(records.hands, operator.itemgetter(unit_at, game_at)):
        by_field = list(zip(*rows, strict=True))
        if game > records.units[unit - first][ended_at] and len(by_field[0]) != pool_hands:
            continue
        ended[unit - first] += 1
        lengths[len(by_field[0])] += 1
        margin = _margin([sum(by_field[i]) for i in at], lowest_wins)
        if margin is not None:
            solo[unit - first] += 1
            solo_margins[unit - first] += margin
            margins[margin] += 1
    return ended, solo, solo_margins, lengths, margins


def _race(records: Records, at: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Unit 0's first game: each side's running score after each of its hands."""
    unit_at, game_at = records.hand_fields.index("unit"), records.hand_fields.index("game")
    rows = itertools.takewhile(lambda row: row[unit_at] == 0 and row[game_at] == 1, records.hands)
    points = (tuple(row[i] for i in at) for row in rows)
    return tuple(itertools.accumulate(points, lambda before, hand: tuple(map(operator.add, before, hand))))


def _margin(finals: Sequence[int], lowest_wins: bool = False) -> int | None:
    """An ended game's final margin, where one side alone has the best final score (the highest, or where the lowest
    total wins the lowest)."""
    best, *others = sorted(finals, reverse=not lowest_wins)
    if not others or others[0] == best:
        return None
    return abs(best - others[0])


# --- estimators -----------------------------------------------------------------------------------


def estimate(tally: Tally, terms: Estimate) -> tuple[float, tuple[float, float] | None]:
    """The estimate's value and its 95% interval (None with fewer than 2 units); a ratio of an empty
    denominator has no value (nan)."""
    n = tally.units
    value = Fraction(0)
    # the linearised value of unit i is sum over columns c of influence[c] * column c of unit i
    influence: dict[str, Fraction] = {}
    for term in terms:
        denominator = tally.total(term.x)
        if denominator == 0:
            return math.nan, None
        share = Fraction(tally.total(term.y), denominator)
        value += term.weight * share
        scale = Fraction(term.weight * n, denominator)
        for name, coefficient in term.y:
            influence[name] = influence.get(name, Fraction(0)) + scale * coefficient
        for name, coefficient in term.x:
            influence[name] = influence.get(name, Fraction(0)) - scale * share * coefficient
    if n < 2:
        return float(value), None
    if _one_rate(tally, terms):
        return float(value), wilson(tally.total(terms[0].y), n)
    names = sorted(influence)
    spread = sum((influence[a] * influence[b] * tally.product(a, b) * (1 if a == b else 2)
                  for i, a in enumerate(names) for b in names[i:]), Fraction(0))
    error = Z95 * math.sqrt(spread / (n * (n - 1)))
    return float(value), (float(value) - error, float(value) + error)


def _one_rate(tally: Tally, terms: Estimate) -> bool:
    """A rate of one 0/1 value per unit: y is 0 or 1 and x is 1 in every unit, which the moments
    show exactly (integers: sum (x-1)^2 = 0, and y^2 = y only for 0 and 1)."""
    if len(terms) != 1 or terms[0].weight != 1 or len(terms[0].y) != 1 or len(terms[0].x) != 1:
        return False
    (y, y_coefficient), (x, x_coefficient) = terms[0].y[0], terms[0].x[0]
    n = tally.units
    return (y_coefficient == x_coefficient == 1 and tally.sums[x] == n and tally.product(x, x) == n
            and tally.product(y, y) == tally.sums[y])


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The Wilson score interval of successes out of n."""
    p, z2 = successes / n, Z95 * Z95
    scale = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / scale
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / scale
    # at 0 or n successes the bound is 0 or 1 exactly, which rounding would miss by a hair
    return (0.0 if successes == 0 else centre - half), (1.0 if successes == n else centre + half)


def spread(tally: Tally, squares: str, values: str, count: str) -> float:
    """The standard deviation of single values (say each placement's points), from the sum of their
    squares, their sum and their count; nan with fewer than 2 values."""
    n = tally.sums[count]
    if n < 2:
        return math.nan
    variance = Fraction(tally.sums[squares] * n - tally.sums[values] ** 2, n * (n - 1))
    return math.sqrt(variance)
