"""The simulation's statistics on synthetic records whose answers the tests compute by the textbook
formulas: ratio means and their cluster (linearised) errors, Wilson intervals, paired differences,
spreads and distributions; tallies that add up alike in any split; intervals that cover."""

from __future__ import annotations

import math
import random
import statistics as textbook
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominospec.simulation import figures, statistics
from dominospec.simulation.figures import Run, Shape
from dominospec.simulation.statistics import Tally, Term, column, estimate, ratio, tally
from dominospec.targets import records
from dominospec.targets.records import Records

Z = 1.959963984540054
FIELDS = ("hands", "games", "y", "w")
HAND_FIELDS = ("unit", "game", "opener", "points_0", "points_1")

# A unit: its hands' points per side, and whether its game ended.
hands_of_a_unit = st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), min_size=1, max_size=6)
units_of = st.lists(st.tuples(hands_of_a_unit, st.booleans()), max_size=30)


def synthetic(units: list[tuple[list[tuple[int, int]], bool]], first: int = 0) -> Records:
    """Records of units whose y is side 0's points and w is 1 where side 0 ended ahead."""
    rows, hands = [], []
    for i, (points, ended) in enumerate(units, first):
        y = sum(p for p, _ in points)
        rows.append((len(points), int(ended), y, int(y > sum(q for _, q in points))))
        hands += [(i, 1, 0, p, q) for p, q in points]
    return Records(FIELDS, rows, HAND_FIELDS, hands)


def tally_of(units: list[tuple[list[tuple[int, int]], bool]], first: int = 0) -> Tally:
    pairs = {(a, b) for a in FIELDS for b in FIELDS if a <= b}
    return tally([("", synthetic(units, first), 2)], pairs, first, games=True)


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


@given(units_of)
def test_a_ratio_is_the_sum_over_the_sum_with_the_textbook_cluster_error(units):
    result = estimate(tally_of(units), ratio("y", "hands"))
    if not units:
        assert math.isnan(result[0]) and result[1] is None
        return
    ys = [sum(p for p, _ in points) for points, _ in units]
    xs = [len(points) for points, _ in units]
    mean = sum(ys) / sum(xs)
    assert close(result[0], mean)
    n = len(units)
    if n < 2:
        assert result[1] is None
        return
    # the linearised (delta-method) error of a ratio with units as clusters
    residuals = [y - mean * x for y, x in zip(ys, xs, strict=True)]
    error = math.sqrt(sum(r * r for r in residuals) / (n * (n - 1))) * n / sum(xs)
    low, high = result[1]
    assert close(low, mean - Z * error) and close(high, mean + Z * error)


@given(units_of)
def test_a_rate_of_one_0_or_1_per_unit_has_the_wilson_interval(units):
    ended = [unit for unit in units if unit[1]]  # games is 1 in every unit
    result = estimate(tally_of(ended), ratio("w", "games"))
    n = len(ended)
    if n < 2:
        assert result[1] is None
        return
    wins = sum(sum(p for p, _ in points) > sum(q for _, q in points) for points, _ in ended)
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    assert result[0] == p
    low, high = result[1]
    assert close(low, centre - half) and close(high, centre + half)
    assert 0.0 <= low <= p <= high <= 1.0


@given(units_of)
def test_a_rate_over_units_that_are_not_all_one_is_a_ratio_not_a_wilson_rate(units):
    """games is 0 in some units: the rate of w per game is the linearised ratio."""
    result = estimate(tally_of(units), ratio("w", "games"))
    xs = [int(ended) for _, ended in units]
    ws = [int(sum(p for p, _ in points) > sum(q for _, q in points)) for points, _ in units]
    n = len(units)
    if sum(xs) == 0 or n < 2 or all(xs):
        return
    mean = sum(ws) / sum(xs)
    error = math.sqrt(sum((w - mean * x) ** 2 for w, x in zip(ws, xs, strict=True)) / (n * (n - 1))) * n / sum(xs)
    assert result[1] is not None and close(result[1][1], mean + Z * error)


def test_a_figure_of_one_unit_has_no_interval():
    assert estimate(tally_of([([(3, 4)], True)]), ratio("y", "hands")) == (3.0, None)


# --- adding up ---------------------------------------------------------------------------------------

FULL_FIELDS = records.unit_fields(2, ("lurch",))


@st.composite
def full_units(draw: st.DrawFn) -> list[tuple[tuple[int, ...], list[tuple[int, int]]]]:
    """Units with every field of the schema drawn (hands and games at least 1)."""
    units = []
    for _ in range(draw(st.integers(0, 25))):
        row = [draw(st.integers(0, 40)) for _ in FULL_FIELDS]
        points = draw(hands_of_a_unit)
        row[FULL_FIELDS.index("hands")] = len(points)
        row[FULL_FIELDS.index("games")] = draw(st.integers(1, 3))
        row[FULL_FIELDS.index("placements")] = draw(st.integers(1, 40))
        # a sum of squares of the placements' points is at least their sum squared over their count
        row[FULL_FIELDS.index("placement_points_sq")] = row[FULL_FIELDS.index("placement_points")] ** 2
        units.append((tuple(row), points))
    return units


def full_records(units: list[tuple[tuple[int, ...], list[tuple[int, int]]]], first: int) -> Records:
    hands = [(i, 1, 0, p, q) for i, (_, points) in enumerate(units, first) for p, q in points]
    return Records(FULL_FIELDS, [row for row, _ in units], HAND_FIELDS, hands)


SHAPE = Shape("match", 2, 2, ("lurch",), ("greedy", "random"))
RUN = Run("synthetic.rules", "Synthetic", "python", False, 0, 1, SHAPE)


def full_tally(units: list[tuple[tuple[int, ...], list[tuple[int, int]]]], first: int = 0) -> Tally:
    return tally([("", full_records(units, first), 2)], figures.products(SHAPE), first, games=True)


@given(full_units().filter(bool), st.lists(st.integers(0, 25)), st.randoms(use_true_random=False))
def test_tallies_of_any_split_in_any_order_give_the_same_figures(units, cuts, shuffle):
    whole = full_tally(units)
    bounds = sorted({0, len(units), *(c for c in cuts if c <= len(units))})
    chunks = [full_tally(units[a:b], a) for a, b in zip(bounds, bounds[1:], strict=False)]
    shuffle.shuffle(chunks)
    merged = statistics.merge(chunks)
    assert merged == whole
    assert figures.simulation(RUN, merged).to_json() == figures.simulation(RUN, whole).to_json()


def test_tallies_of_different_columns_or_both_holding_unit_0_do_not_add():
    one = full_tally([((1,) * len(FULL_FIELDS), [(1, 2)])])
    other = tally_of([([(1, 2)], True)], first=1)
    with pytest.raises(ValueError, match="different columns"):
        one + other
    with pytest.raises(ValueError, match="unit 0"):
        one + one


# --- differences -------------------------------------------------------------------------------------


def joint(a: list[tuple[list[tuple[int, int]], bool]], b: list[tuple[list[tuple[int, int]], bool]]) -> Tally:
    names = [prefix + name for prefix in ("a:", "b:") for name in FIELDS]
    pairs = {(x, y) for x in names for y in names if x <= y}
    return tally([("a:", synthetic(a), 2), ("b:", synthetic(b), 2)], pairs, 0, games=True)


def difference(y: str, x: str) -> tuple[Term, ...]:
    return (Term(1, column("b:" + y), column("b:" + x)), Term(-1, column("a:" + y), column("a:" + x)))


@given(st.lists(st.tuples(st.tuples(st.integers(0, 30), st.integers(0, 30)),
                          st.tuples(st.integers(0, 30), st.integers(0, 30))), min_size=2, max_size=30))
def test_a_difference_of_means_on_the_same_units_is_the_paired_textbook_one(pairs):
    """Hand units (x = 1): b - a is the mean of the paired differences, its error theirs."""
    a = [([first], True) for first, _ in pairs]
    b = [([second], True) for _, second in pairs]
    mean, ci = estimate(joint(a, b), difference("y", "hands"))
    differences = [second[0] - first[0] for first, second in pairs]
    n = len(differences)
    assert close(mean, textbook.mean(differences))
    error = textbook.stdev(differences) / math.sqrt(n)
    assert ci is not None and close(ci[0], mean - Z * error) and close(ci[1], mean + Z * error)


@given(units_of.filter(lambda units: len(units) >= 2))
def test_a_run_against_itself_differs_by_exactly_nothing(units):
    for y, x in (("y", "hands"), ("w", "games"), ("hands", "games")):
        mean, ci = estimate(joint(units, units), difference(y, x))
        if not math.isnan(mean):
            assert mean == 0.0 and ci == (0.0, 0.0)


def test_a_difference_is_significant_when_its_interval_excludes_0():
    a = [([(1, 0)], True), ([(2, 0)], True), ([(1, 0)], True)]
    b = [([(5, 0)], True), ([(6, 0)], True), ([(6, 0)], True)]
    assert figures._Differences(joint(a, b)).figure(ratio("y", "hands")).significant
    assert not figures._Differences(joint(a, a)).figure(ratio("y", "hands")).significant


# --- spreads and distributions -----------------------------------------------------------------------


@given(st.lists(st.lists(st.integers(0, 20), min_size=0, max_size=8), min_size=1, max_size=20))
def test_the_spread_of_placement_points_is_their_standard_deviation(units):
    rows = [(len(points), sum(points), sum(p * p for p in points)) for points in units]
    whole = tally([("", Records(("placements", "placement_points", "placement_points_sq", "games"),
                                [(*row, 0) for row in rows], HAND_FIELDS, []), 2)], set(), 0, games=False)
    values = [p for points in units for p in points]
    result = statistics.spread(whole, "placement_points_sq", "placement_points", "placements")
    if len(values) < 2:
        assert math.isnan(result)
    else:
        assert close(result, textbook.stdev(values))


@given(units_of)
def test_distributions_count_hand_points_hands_per_ended_game_and_margins(units):
    counted = tally_of(units)
    assert counted.counts[statistics.HAND_POINTS] == Counter(
        value for points, _ in units for hand in points for value in hand)
    ended = [points for points, over in units if over]
    assert counted.counts[statistics.GAME_HANDS] == Counter(len(points) for points in ended)
    finals = [(sum(p for p, _ in points), sum(q for _, q in points)) for points in ended]
    assert counted.counts[statistics.MARGINS] == Counter(abs(p - q) for p, q in finals if p != q)
    assert counted.sums[statistics.SOLO_GAMES] == sum(p != q for p, q in finals)
    if units:
        race, total = [], (0, 0)
        for p, q in units[0][0]:
            total = (total[0] + p, total[1] + q)
            race.append(total)
        assert counted.sample[""] == tuple(race)


# --- coverage ----------------------------------------------------------------------------------------


def covered(rate: float, hands: int, units: int, rng: random.Random) -> bool:
    """One small simulation of a known rate per hand: units of 1 to `hands` hands, each hand won
    with probability `rate`; does the ratio's interval cover the rate?"""
    drawn = [[(int(rng.random() < rate), 0) for _ in range(rng.randint(1, hands))] for _ in range(units)]
    low, high = estimate(tally_of([(points, True) for points in drawn]), ratio("y", "hands"))[1] or (0, 0)
    return low <= rate <= high


@pytest.mark.parametrize(("rate", "hands"), [(0.3, 5), (0.5, 1)])
def test_the_intervals_cover_a_known_rate_95_times_in_100(rate, hands):
    rng = random.Random(12)
    runs = 2000
    hits = sum(covered(rate, hands, 60, rng) for _ in range(runs))
    tolerance = 3.5 * math.sqrt(0.95 * 0.05 / runs)  # a binomial count of covering runs
    assert abs(hits / runs - 0.95) <= tolerance
