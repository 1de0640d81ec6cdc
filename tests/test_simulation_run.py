"""simulate() and compare(): the same figures from one process, a pool and a real Dask cluster on
loopback, on both targets; figures that are the textbook statistics of the very games they come from
(replayed here through the engines' play_units); intervals that cover a win rate known by symmetry;
a variant against itself; and the messages for arguments a run cannot take."""

from __future__ import annotations

import math
import statistics as textbook
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import dominospec
from dominospec.engine_api import as_variant, engine_of
from dominospec.language.diagnostics import UsageError
from dominospec.language.loader import load_variant
from dominospec.native import load as load_native
from dominospec.simulation import figures, python_units, run
from dominospec.simulation.figures import Difference, Figure
from dominospec.targets.engines import load_engine
from dominospec.targets.records import Records
from support import ROOT

Z = 1.959963984540054
FIVES_AND_THREES = ROOT / "spec" / "fives_and_threes.rules"
TEESDALE = ROOT / "examples" / "family" / "fives_and_threes_teesdale.rules"
MATCH = ROOT / "examples" / "fives_and_threes_match.rules"
TARGETS = ("python", "c")


# --- textbook statistics, written out ------------------------------------------------------------


def mean_interval(values: Sequence[int]) -> tuple[float, tuple[float, float]]:
    mean = sum(values) / len(values)
    half = Z * textbook.stdev(values) / math.sqrt(len(values))
    return mean, (mean - half, mean + half)


def ratio_interval(ys: Sequence[int], xs: Sequence[int]) -> tuple[float, tuple[float, float]]:
    """sum y / sum x, with the cluster (linearised) error of a ratio."""
    n, mean = len(ys), sum(ys) / sum(xs)
    residuals = [y - mean * x for y, x in zip(ys, xs, strict=True)]
    half = Z * math.sqrt(sum(r * r for r in residuals) / (n * (n - 1))) * n / sum(xs)
    return mean, (mean - half, mean + half)


def wilson(successes: int, n: int) -> tuple[float, tuple[float, float]]:
    p = successes / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return p, (centre - half, centre + half)


def agrees(figure: Figure, expected: tuple[float, tuple[float, float]]) -> bool:
    mean, (low, high) = expected
    assert figure.ci95 is not None
    return all(math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
               for a, b in ((figure.mean, mean), (figure.ci95[0], low), (figure.ci95[1], high)))


def play(spec: Path, target: str, count: int, kind: str, bots: Sequence[str], players: int = 4,
         seed: int = 1) -> Records:
    """The records of the units a simulation plays, straight from the engine."""
    bots = list(bots) * players if len(bots) == 1 else list(bots)
    if target == "c":
        return load_native(spec).play_units(0, count, players=players, partnerships=None, seed=seed,
                                            bots=bots, kind=kind)
    engine = as_variant(engine_of(load_engine(load_variant(spec, "test"), spec)))
    assert engine is not None
    return python_units.play_units(engine, 0, count, players=players, partnerships=None, seed=seed,
                                   bots=bots, kind=kind)


def columns(records: Records) -> dict[str, list[int]]:
    return {name: [row[i] for row in records.units] for i, name in enumerate(records.unit_fields)}


# --- the figures are the statistics of the games played --------------------------------------------


@pytest.mark.parametrize("target", TARGETS)
def test_hand_figures_are_the_textbook_statistics_of_the_hands_played(target):
    count = 300
    result = dominospec.simulate(FIVES_AND_THREES, hands=count, seed=7, workers=1, target=target)
    records = play(FIVES_AND_THREES, target, count, "hand", ["random"], seed=7)
    by = columns(records)
    assert by["hands"] == [1] * count  # a hand unit is one hand: per-hand means are plain means
    hand = result.per_hand
    for name in ("placements", "turns", "passes", "remaining_pips"):
        assert agrees(getattr(hand, name), mean_interval(by[name])), name
    for name in ("blocked", "went_out"):
        assert agrees(getattr(hand, name), wilson(sum(by[name]), count)), name
    for side, figure in enumerate(hand.points):
        assert agrees(figure, mean_interval(by[f"points_{side}"]))
    for seat, figure in enumerate(hand.points_by_position):
        assert agrees(figure, mean_interval(by[f"opener_points_{seat}"]))
    assert agrees(hand.placement_points, ratio_interval(by["placement_points"], by["placements"]))
    placements, points, squares = sum(by["placements"]), sum(by["placement_points"]), sum(by["placement_points_sq"])
    assert math.isclose(hand.placement_points_sd,
                        math.sqrt((squares - points * points / placements) / (placements - 1)))
    assert result.distributions.hand_points == tuple(sorted(Counter(
        row[records.hand_fields.index(f"points_{side}")] for row in records.hands for side in range(2)).items()))
    assert result.per_game is None and result.per_match is None and result.bot_figures is None
    assert result.sample_game == ((records.hands[0][3], records.hands[0][4]),)


@pytest.mark.parametrize("target", TARGETS)
def test_game_figures_are_the_textbook_statistics_of_the_games_played(target):
    count, bots = 80, ["greedy", "random", "greedy", "random"]
    result = dominospec.simulate(FIVES_AND_THREES, games=count, bots=bots, seed=3, workers=1, target=target)
    records = play(FIVES_AND_THREES, target, count, "game", bots, seed=3)
    by = columns(records)
    assert by["games"] == [1] * count
    assert result.unit == "game" and result.bots == tuple(bots)
    for side, figure in enumerate(result.per_hand.points):  # hands of a game are a cluster
        assert agrees(figure, ratio_interval(by[f"points_{side}"], by["hands"]))
    assert agrees(result.per_hand.placements, ratio_interval(by["placements"], by["hands"]))
    game = result.per_game
    assert game is not None
    assert agrees(game.hands, mean_interval(by["hands"]))
    for side, figure in enumerate(game.side_win_rate):
        assert agrees(figure, wilson(sum(by[f"wins_{side}"]), count))
    for seat, figure in enumerate(game.win_rate):
        assert agrees(figure, wilson(sum(by[f"opener_wins_{seat}"]), count))
    # each game's final margin, from its hands' points
    finals = Counter[tuple[int, int]]()
    for row in records.hands:
        finals[(row[0], 0)] += row[3]
        finals[(row[0], 1)] += row[3 + 1]
    margins = [abs(finals[(unit, 0)] - finals[(unit, 1)]) for unit in range(count)]
    assert result.distributions.margins == tuple(sorted(Counter(m for m in margins if m).items()))
    assert result.distributions.hands_per_game == tuple(sorted(Counter(by["hands"]).items()))
    assert agrees(game.margin, ratio_interval(by["margin"], [int(m > 0) for m in margins]))
    # the bots: greedy sits at seats 0 and 2, random at 1 and 3
    assert result.bot_figures is not None
    (greedy_name, greedy), (random_name, random) = result.bot_figures.win_rate
    assert (greedy_name, random_name) == ("greedy", "random")
    greedy_wins = [a + b for a, b in zip(by["seat_wins_0"], by["seat_wins_2"], strict=True)]
    random_wins = [a + b for a, b in zip(by["seat_wins_1"], by["seat_wins_3"], strict=True)]
    chances = [2 * games for games in by["games"]]
    assert agrees(greedy, ratio_interval(greedy_wins, chances))
    assert agrees(random, ratio_interval(random_wins, chances))
    # the gap's interval is the paired one: each unit's linearised values subtracted
    g, r = sum(greedy_wins) / sum(chances), sum(random_wins) / sum(chances)
    paired = [((gw - g * c) - (rw - r * c)) / (sum(chances) / count)
              for gw, rw, c in zip(greedy_wins, random_wins, chances, strict=True)]
    half = Z * textbook.stdev(paired) / math.sqrt(count)
    assert agrees(result.bot_figures.gap, (g - r, (g - r - half, g - r + half)))


@pytest.mark.parametrize("target", TARGETS)
def test_match_figures_are_the_textbook_statistics_of_the_matches_played(target):
    count = 30
    result = dominospec.simulate(MATCH, games=count, seed=2, workers=1, target=target)
    records = play(MATCH, target, count, "game", ["random"], seed=2)
    by = columns(records)
    assert result.unit == "match" and by["matches"] == [1] * count
    match = result.per_match
    assert match is not None
    assert agrees(match.games, mean_interval(by["games"]))
    for side, figure in enumerate(match.win_rate):
        assert agrees(figure, wilson(sum(by[f"match_wins_{side}"]), count))
    for side, figure in enumerate(match.match_points):
        assert agrees(figure, mean_interval(by[f"match_points_{side}"]))
    lines = [name for name, _, _ in as_variant(engine_of(load_engine(load_variant(MATCH, "test"), MATCH))).MATCH_LINES]
    assert [name for name, _ in match.lines] == lines
    for j, (_, figure) in enumerate(match.lines):
        assert agrees(figure, ratio_interval(by[f"line_{j}"], by["games"]))
    assert result.per_game is not None
    assert agrees(result.per_game.hands, ratio_interval(by["hands"], by["games"]))


# --- the same figures however the work is shared ---------------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A real Dask cluster of two worker processes on loopback."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as local:
        yield local.scheduler_address


# several chunks on each target, in hand units and in game units
RUNS = [("python", {"hands": 450}), ("python", {"games": 45}), ("c", {"hands": 45_000}), ("c", {"games": 4_500})]


@pytest.mark.parametrize(("target", "units"), RUNS)
def test_one_process_a_pool_and_a_dask_cluster_give_the_same_figures(target, units, cluster):
    def run(**how: Any) -> dict[str, Any]:
        return dominospec.simulate(FIVES_AND_THREES, bots=["greedy", "random"] * 2, seed=11, target=target,
                                   **units, **how).to_json()

    alone = run(workers=1)
    assert run(workers=2) == alone
    assert run(cluster=cluster) == alone


def test_a_comparison_is_the_same_on_a_pool_and_a_cluster(cluster):
    def run(**how: Any) -> dict[str, Any]:
        return dominospec.compare(FIVES_AND_THREES, TEESDALE, hands=450, target="python", **how).to_json()

    alone = run(workers=1)
    assert run(workers=2) == alone
    assert run(cluster=cluster) == alone


def test_progress_counts_units_as_chunks_finish():
    seen: list[tuple[int, int]] = []
    dominospec.simulate(FIVES_AND_THREES, hands=450, workers=1, target="python",
                        progress=lambda *done: seen.append(done))
    assert seen[0] == (0, 450) and seen[-1] == (450, 450)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen) and len(seen) > 2


# --- compare ---------------------------------------------------------------------------------------


def differences(value: object) -> Iterator[Difference]:
    """Every Difference in a comparison's sections."""
    if isinstance(value, Difference):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from differences(item)
    elif value is not None and hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from differences(getattr(value, name))


@pytest.mark.parametrize("target", TARGETS)
def test_a_variant_against_itself_differs_by_exactly_nothing(target):
    result = dominospec.compare(FIVES_AND_THREES, FIVES_AND_THREES, games=60, bots=["greedy", "random"] * 2,
                                workers=1, target=target)
    found = list(differences(result.differences))
    assert len(found) > 20
    for difference in found:
        assert difference.mean == 0.0 and difference.ci95 == (0.0, 0.0) and not difference.significant
    assert result.differences.per_hand.placement_points_sd == 0.0
    assert result.same_deals and result.a.to_json() == result.b.to_json()


@pytest.mark.parametrize("target", TARGETS)
def test_a_pool_game_is_its_thousand_hands_and_has_final_scores_but_no_winner(target):
    """Pool play has no target: a game is the hands play_game plays, and no score ends it. Its per-game
    figures are over those games: hands, final scores and margins, and no win rates (nobody wins)."""
    pool = ROOT / "examples" / "family" / "domino_pool.rules"
    result = dominospec.simulate(pool, games=4, players=3, workers=1, target=target)
    game = result.per_game
    assert game.hands.mean == python_units.SAFETY_HANDS
    assert game.win_rate == game.side_win_rate == ()
    record = columns(play(pool, target, 4, "game", ["random"], players=3))
    for side, figure in enumerate(game.points):
        assert math.isclose(figure.mean, textbook.mean(record[f"points_{side}"]))
    assert not math.isnan(game.margin.mean) and game.margin.mean > 0


class _Enough(Exception):
    """Raised by a progress callback to stop a run."""


@pytest.mark.parametrize("workers", [1, 2])
def test_a_run_of_any_size_makes_its_chunks_as_it_plays_them(workers):
    """A quadrillion hands: the chunks are made as they are played, a few in flight, so the run starts at once
    and its memory is that of a few chunks (a list of all of them would not fit in any machine)."""
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if len(seen) > 3:
            raise _Enough

    with pytest.raises(_Enough):
        dominospec.simulate(FIVES_AND_THREES, hands=10**15, workers=workers, target="python", progress=progress)
    assert seen[0] == (0, 10**15) and all(done > 0 and total == 10**15 for done, total in seen[1:])


def test_seats_alone_and_partnerships_are_not_differenced_figure_by_figure():
    """Horse Race's four seats alone against Fives and Threes' two partnerships: seat k is no side k, so the
    figures per seat and per side have no difference; the figures of a whole unit still do."""
    result = dominospec.compare(ROOT / "spec" / "horse_race.rules", FIVES_AND_THREES, games=20, workers=1,
                                target="python")
    assert (result.a.sides, result.b.sides) == (4, 2)
    assert len(result.a.per_game.side_win_rate) == 4 and len(result.b.per_game.side_win_rate) == 2
    changes = result.differences
    assert changes.per_hand.points == changes.per_hand.points_by_position == ()
    assert changes.per_game.win_rate == changes.per_game.side_win_rate == changes.per_game.points == ()
    assert math.isclose(changes.per_hand.placements.mean,
                        result.b.per_hand.placements.mean - result.a.per_hand.placements.mean)


@pytest.mark.parametrize("target", TARGETS)
def test_differences_are_paired_by_unit(target):
    count = 200
    result = dominospec.compare(FIVES_AND_THREES, TEESDALE, hands=count, seed=4, workers=1, target=target)
    a = columns(play(FIVES_AND_THREES, target, count, "hand", ["random"], seed=4))
    b = columns(play(TEESDALE, target, count, "hand", ["random"], seed=4))
    assert not result.same_deals  # Teesdale deals 6 a seat at four, the project's 5
    for name in ("placements", "passes", "remaining_pips"):
        paired = [y - x for x, y in zip(a[name], b[name], strict=True)]
        figure = getattr(result.differences.per_hand, name)
        assert agrees(figure, mean_interval(paired)), name
        assert figure.significant == (not figure.ci95[0] <= 0 <= figure.ci95[1])
        assert math.isclose(figure.mean, getattr(result.b.per_hand, name).mean - getattr(result.a.per_hand, name).mean)
    assert result.a.to_json() == dominospec.simulate(FIVES_AND_THREES, hands=count, seed=4, workers=1,
                                                     target=target).to_json()


# --- intervals that cover --------------------------------------------------------------------------


def test_win_rate_intervals_cover_a_half_95_times_in_100_on_the_native_engine():
    """Two random bots and a first opener by lot: each side wins a game with probability exactly 1/2
    by symmetry, as long as every game has exactly one winner (checked on the records)."""
    records = columns(play(FIVES_AND_THREES, "c", 4000, "game", ["random"], players=2, seed=99))
    assert all(w0 + w1 == 1 for w0, w1 in zip(records["wins_0"], records["wins_1"], strict=True))
    runs, hits = 800, 0
    for seed in range(1, runs + 1):
        result = dominospec.simulate(FIVES_AND_THREES, players=2, games=40, seed=seed, workers=1, target="c")
        assert result.per_game is not None
        low, high = result.per_game.side_win_rate[0].ci95 or (0.0, 0.0)
        hits += low <= 0.5 <= high
    tolerance = 3.5 * math.sqrt(0.95 * 0.05 / runs)  # a binomial count of covering runs
    assert abs(hits / runs - 0.95) <= tolerance


# --- bots of one's own -----------------------------------------------------------------------------


class FirstMove:
    """A user's bot: always the first legal move."""

    def choose(self, game: Any) -> Any:
        return game.legal_moves()[0]


def test_a_bot_class_plays_on_the_python_target_in_a_pool_too():
    alone = dominospec.simulate(FIVES_AND_THREES, hands=450, bots=[FirstMove, "random"] * 2, workers=1)
    assert alone.target == "python" and alone.bots == ("FirstMove", "random") * 2
    assert alone.bot_figures is not None and [name for name, _ in alone.bot_figures.win_rate] == ["FirstMove", "random"]
    assert dominospec.simulate(FIVES_AND_THREES, hands=450, bots=[FirstMove, "random"] * 2,
                               workers=2).to_json() == alone.to_json()


class Passer:
    """A user's bot that always passes, which the rules refuse while a tile can be played."""

    def choose(self, game: Any) -> Any:
        return ("pass",)


@pytest.mark.parametrize("how", [{"workers": 1}, {"workers": 2}, {"cluster": True}])
def test_a_bot_class_that_breaks_the_rules_is_named_alike_from_any_worker(how, request):
    """The earliest unit at fault is named, however the chunks were shared."""
    if "cluster" in how:
        how = {"cluster": request.getfixturevalue("cluster")}
    with pytest.raises(UsageError, match=r"the bot Passer at seat 0 chose \('pass',\) in unit 0, which the rules"):
        dominospec.simulate(FIVES_AND_THREES, hands=1000, bots=[Passer, "random", "random", "random"], **how)


def test_without_a_target_every_set_plays_on_the_native_engine(tmp_path):
    big = tmp_path / "double_fifteen.rules"  # the C target plays every set the language has
    big.write_text(FIVES_AND_THREES.read_text().replace("tiles: double six", "tiles: double fifteen"))
    assert dominospec.simulate(big, hands=5, workers=1).target == "c"
    assert dominospec.compare(FIVES_AND_THREES, big, hands=5, workers=1).b.target == "c"


# --- arguments a run cannot take -------------------------------------------------------------------


def test_a_match_format_is_not_simulated():
    with pytest.raises(UsageError, match="is a match format; simulate needs a variant"):
        dominospec.simulate(ROOT / "examples" / "match_formats" / "free_play.rules", hands=10)


def _local_class() -> type:
    class Local:
        def choose(self, game: Any) -> Any:
            return game.legal_moves()[0]
    return Local


@pytest.mark.parametrize(("arguments", "message"), [
    ({"hands": 10, "games": 10}, "give hands or games, not both"),
    ({"hands": 0}, "hands is a whole number of at least 1, not 0"),
    ({"games": 2.5}, "games is a whole number of at least 1"),
    ({"bots": ["random"] * 3}, "one bot for every seat or one for each of the 4 seats"),
    ({"bots": ["randon"]}, "unknown bot 'randon'"),
    ({"bots": [42]}, "a bot is one of the engines' bots by name \\(random, greedy, expert"),
    ({"bots": [FirstMove], "target": "c"}, "the native engine plays only the bots it names \\(random, greedy, expert"),
    ({"workers": 0}, "workers is a whole number of at least 1, not 0"),
    ({"players": 5}, "no such table: Fives and Threes is played by 2 to 4 players, not 5"),
    ({"players": 2, "partnerships": True}, "no such table"),
    ({"seed": -1}, "a seed is a whole number from 0 to 2\\^64 - 1"),
    ({"target": "java"}, "target is 'python', 'c' or None"),
    ({"bots": [_local_class()], "workers": 2}, "cannot be sent to worker processes"),
])
def test_arguments_a_run_cannot_take_say_what_to_do(arguments, message):
    with pytest.raises(UsageError, match=message) as raised:
        dominospec.simulate(FIVES_AND_THREES, **arguments)
    assert raised.value.diagnostics[0].message
    with pytest.raises(UsageError, match=message):
        dominospec.compare(FIVES_AND_THREES, FIVES_AND_THREES, **arguments)


def test_a_cluster_that_does_not_answer_is_named(monkeypatch):
    monkeypatch.setattr(run, "CONNECT_SECONDS", 1)  # the message is the same after the run's own 10 seconds
    with pytest.raises(UsageError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        dominospec.simulate(FIVES_AND_THREES, hands=10, cluster="tcp://127.0.0.1:9")


def test_a_cluster_run_without_dask_says_which_extra_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # an import of it fails, as where it is not installed
    with pytest.raises(UsageError, match="needs Dask's distributed scheduler, which is not installed") as raised:
        dominospec.simulate(FIVES_AND_THREES, hands=10, cluster="tcp://127.0.0.1:9")
    assert raised.value.diagnostics[0].hint == "pip install dominospec[cluster]"


def test_a_misspelt_bot_gets_the_nearest_name():
    with pytest.raises(UsageError) as raised:
        dominospec.simulate(FIVES_AND_THREES, bots=["gredy"])
    assert raised.value.diagnostics[0].hint == "did you mean 'greedy'?"


def test_importing_dominospec_leaves_the_simulation_unloaded_until_it_is_used():
    probe = ("import sys, dominospec; "
             "before = any(m.startswith('dominospec.simulation') for m in sys.modules); "
             "from dominospec.simulation import run; "
             "print(before, dominospec.simulate is run.simulate, dominospec.compare is run.compare)")
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert shown.split() == ["False", "True", "True"]


def test_figures_json_names_every_section():
    result = dominospec.simulate(FIVES_AND_THREES, games=3, workers=1, target="python").to_json()
    assert result["schema"] == figures.SIMULATION_SCHEMA
    assert set(result) == {"schema", "spec", "variant", "target", "players", "partnerships", "sides", "unit",
                           "units", "seed", "bots", "per_hand", "per_game", "per_match", "bot_figures",
                           "distributions", "sample_game"}
    assert set(result["per_hand"]["placements"]) == {"mean", "ci95"}
