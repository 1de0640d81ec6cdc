"""The records of simulated units on the Python engines: every figure equals what the test counts itself
over the very same games, played again here move by move through apply() with the same seeds and bots;
any split of the units into chunks gives the same rows; the rows keep the schema's invariants; a user's
bot class plays, and a wrong argument or a refused move gets a message."""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.language import ir
from dominospec.language.diagnostics import UsageError
from dominospec.simulation.python_units import SAFETY_GAMES, SAFETY_HANDS, play_units
from dominospec.targets.records import Records, hand_fields, seat_seed, unit_fields, unit_seed
from engine_cases import Case, engine_for, every_table
from reference_model import pip_count
from support import ROOT, SHIPPED

MATCH_SPEC = ROOT / "examples/fives_and_threes_match.rules"
FIVES_AND_THREES = ROOT / "spec/fives_and_threes.rules"


@functools.cache
def variant_engine(path: Path) -> tuple[ir.Variant, Any]:
    return engine_for(Case(path))


# --- the test's own count of the same units ---------------------------------------------------------


def built_bots(engine: Any, bots: Sequence[str | type], seed: int, unit: int) -> list[Any]:
    """Each seat's bot for the unit, as the contract builds them."""
    out = []
    for seat, bot in enumerate(bots):
        own = seat_seed(seed, unit, seat)
        if bot == "random":
            out.append(engine.RandomBot(seed=own))
        elif bot == "greedy":
            out.append(engine.GreedyBot())
        else:
            assert isinstance(bot, type)
            out.append(bot(seed=own) if "seed" in inspect.signature(bot).parameters else bot())
    return out


class Count:
    """One unit's figures counted from the moves' own events, and its hand rows."""

    def __init__(self, unit: int, players: int, max_players: int, lines: Sequence[str],
                 pips: Callable[[list[tuple[int, int]]], int]):
        self.unit, self.players, self.max_players, self.lines = unit, players, max_players, list(lines)
        self.pips = pips  # what a hand's tiles count: their pips, or the values the variant gives them
        self.figures: dict[str, int] = dict.fromkeys(unit_fields(max_players, len(lines)), 0)
        self.hands: list[tuple[int, ...]] = []

    def won(self, winners: Sequence[int], opener: int, sides: int) -> None:
        for side in range(sides):
            self.figures[f"wins_{side}"] += side in winners
        for seat in range(self.players):
            self.figures[f"seat_wins_{seat}"] += seat % sides in winners
            self.figures[f"opener_wins_{seat}"] += (opener + seat) % self.players % sides in winners

    def hand(self, game: Any, bots: list[Any], number: int, announced: bool, dealt: list[Any],
             before: list[int]) -> list[int]:
        """Play the current hand move by move; count it; the hand's winners (the game's where it was won
        in play). dealt: the events its deal logged before any move; before: the scores before its deal
        (a pool's stakes are the hand's)."""
        f = self.figures
        opener = game.opener
        events = list(dealt)
        while not game.hand_over:
            move = bots[game.current].choose(game)
            claim = game.points_for(move) if announced and move[0] == "play" else None
            events.extend(game.apply(move, claim))
        ends = [event for event in events if event["event"] == "hand_end"]
        for event in events:
            if event["event"] == "play":
                f["placements"] += 1
                f["placement_points"] += event["points"]
                f["placement_points_sq"] += event["points"] ** 2
                f["scoring_placements"] += event["points"] > 0
            f["passes"] += event["event"] == "pass"
            f["draws"] += event["event"] == "draw"
            f["cancelled"] += event["event"] in ("play", "award") and event.get("cancelled") is True
        f["turns"] = f["placements"] + f["passes"]
        f["hands"] += 1
        f["remaining_pips"] += sum(map(self.pips, game.hands))
        if ends:
            f["blocked" if ends[0]["blocked"] else "went_out"] += 1
        else:
            assert game.over
            f["won_in_play"] += 1
        points = [after - was for after, was in zip(game.scores, before, strict=True)]
        for k in range(self.players):
            f[f"opener_points_{k}"] += points[game.side_of((opener + k) % self.players)]
        self.hands.append((self.unit, number, opener, *points, *[0] * (self.max_players - len(points))))
        return list(ends[0]["winners"]) if ends else list(game.winners)

    def game(self, game: Any, bots: list[Any], number: int, announced: bool, whole: bool) -> None:
        dealt, before = list(game.events), [0] * len(game.scores)  # every game starts from 0
        hands = 0
        first_opener = game.opener
        while True:
            winners = self.hand(game, bots, number, announced, dealt, before)
            hands += 1
            if not whole or game.over or hands == SAFETY_HANDS:
                break
            before = list(game.scores)
            game.start_hand()
            dealt = []
            if game.hand_over:  # blocked as dealt: its reckoning is among the deal's events (read rarely: a copy)
                events = game.events
                dealt = events[max(i for i, event in enumerate(events) if event["event"] == "hand"):]
        sides = len(game.scores)
        self.figures["games"] += game.over
        for side in range(sides):
            self.figures[f"points_{side}"] += game.scores[side]
        if not whole:
            self.won(winners, first_opener, sides)
            return
        self.won(game.winners, first_opener, sides)
        if len(game.winners) == 1:
            others = [score for side, score in enumerate(game.scores) if side != game.winners[0]]
            self.figures["margin"] += min(abs(game.scores[game.winners[0]] - score) for score in others)


def count_units(variant: ir.Variant, engine: Any, first: int, count: int, players: int, partnerships: bool | None,
                seed: int, bots: Sequence[str | type], kind: str) -> tuple[list[dict[str, int]], list[tuple[int, ...]]]:
    announced = variant.placement_points is ir.PlacementPoints.ANNOUNCED
    lines = [line[0] for line in engine.MATCH_LINES]
    units, hands = [], []
    for unit in range(first, first + count):
        tally = Count(unit, players, max(engine.DEAL), lines, functools.partial(pip_count, variant))
        bots_here = built_bots(engine, bots, seed, unit)
        if kind == "game" and engine.HAS_MATCH_PLAY:
            match = engine.Match(players, partnerships, seed=unit_seed(seed, unit))
            for number in range(1, SAFETY_GAMES + 1):
                tally.game(match.game, bots_here, number, announced, whole=True)
                if not match.game.over:
                    break
                result = match.finish_game()
                if result["line"] is not None:
                    tally.figures[f"line_{lines.index(result['line'])}"] += 1
                if match.over:
                    break
                match.next_game()
            tally.figures["matches"] = int(match.over)
            for side, points in enumerate(match.score.match_points):
                tally.figures[f"match_points_{side}"] = points
                tally.figures[f"match_wins_{side}"] = side in match.winners
        else:
            game = engine.Game(players, partnerships, seed=unit_seed(seed, unit))
            tally.game(game, bots_here, 1, announced, whole=kind == "game")
        units.append(tally.figures)
        hands.extend(tally.hands)
    return units, hands


def as_dicts(records: Records) -> list[dict[str, int]]:
    return [dict(zip(records.unit_fields, row, strict=True)) for row in records.units]


# --- what the runs draw -----------------------------------------------------------------------------


@st.composite
def runs(draw: st.DrawFn, paths: Sequence[Path] = SHIPPED, most: int = 3) -> dict[str, Any]:
    """A spec, a table it allows (partnerships sometimes left to the default), a kind of unit, a bot
    per seat, a seed and some units."""
    path = draw(st.sampled_from(paths))
    variant, engine = variant_engine(path)
    players, partnerships = draw(st.sampled_from(every_table(variant)))
    default = engine.Game(players, deal=False).partnerships
    chosen: bool | None = draw(st.sampled_from([partnerships, None])) if partnerships == default else partnerships
    bots = draw(st.lists(st.sampled_from(["random", "greedy"]), min_size=players, max_size=players))
    return {"path": path, "players": players, "partnerships": chosen, "bots": bots,
            "kind": draw(st.sampled_from(["hand", "game"])), "seed": draw(st.integers(-2 ** 70, 2 ** 70)),
            "first": draw(st.integers(0, 10 ** 9)), "count": draw(st.integers(0, most))}


def play(run: dict[str, Any], **changes: Any) -> Records:
    args = {**run, **changes}
    _, engine = variant_engine(args.pop("path"))
    return play_units(engine, args.pop("first"), args.pop("count"), **args)


# --- the records are the direct counts ------------------------------------------------------------


def assert_counted(run: dict[str, Any]) -> None:
    variant, engine = variant_engine(run["path"])
    records = play(run)
    units, hands = count_units(variant, engine, run["first"], run["count"], run["players"], run["partnerships"],
                               run["seed"], run["bots"], run["kind"])
    assert as_dicts(records) == units
    assert records.hands == hands
    assert records.hand_fields == hand_fields(max(engine.DEAL))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.relative_to(ROOT).as_posix() for p in SHIPPED])
def test_every_spec_kind_and_table_is_counted_as_played(path: Path) -> None:
    variant, engine = variant_engine(path)
    for number, (players, partnerships) in enumerate(every_table(variant)):
        bots = ["random", "greedy"] * players
        for kind in ("hand", "game"):
            assert_counted({"path": path, "players": players, "partnerships": partnerships, "bots": bots[:players],
                            "kind": kind, "seed": 7 + number, "first": 3, "count": 2 if kind == "hand" else 1})


@settings(max_examples=60)
@given(runs())
def test_records_are_the_direct_counts_of_the_same_games(run: dict[str, Any]) -> None:
    assert_counted(run)


@settings(max_examples=10)
@given(runs(paths=[MATCH_SPEC], most=2), st.integers(2, 4))
def test_match_units_count_match_points_wins_lines_and_games(run: dict[str, Any], players: int) -> None:
    run = {**run, "kind": "game", "players": players, "partnerships": None, "bots": run["bots"][:1] * players}
    assert_counted(run)
    for unit in as_dicts(play(run)):
        sides = 2 if players == 4 else players
        assert unit["matches"] == 1
        assert sum(unit[f"match_wins_{side}"] for side in range(sides)) == 1  # one side wins a match to exactly 61
        assert unit["games"] == sum(unit[f"wins_{side}"] for side in range(sides))


def test_match_units_meet_the_lurch_line() -> None:
    """Over enough matches some game is won at the lurch line, and each such game scores its line's points."""
    _, engine = variant_engine(MATCH_SPEC)
    (name, _, line_points), = engine.MATCH_LINES
    units = as_dicts(play_units(engine, 0, 40, players=3, partnerships=None, seed=5, bots=["random"], kind="game"))
    assert any(unit["line_0"] for unit in units)
    for unit in units:
        match_points = sum(unit[f"match_points_{side}"] for side in range(3))
        assert match_points == (unit["games"] - unit["line_0"]) * engine.MATCH_WIN_POINTS + unit["line_0"] * line_points


# --- seeds, chunks and determinism ----------------------------------------------------------------


@settings(max_examples=30)
@given(runs(most=6), st.data())
def test_any_split_into_chunks_gives_the_same_rows(run: dict[str, Any], data: st.DataObject) -> None:
    whole = play(run)
    assert play(run) == whole
    cut = data.draw(st.integers(0, run["count"]))
    head, tail = play(run, count=cut), play(run, first=run["first"] + cut, count=run["count"] - cut)
    assert head.units + tail.units == whole.units
    assert head.hands + tail.hands == whole.hands
    for offset in range(run["count"]):  # each unit alone, from its own index
        alone = play(run, first=run["first"] + offset, count=1)
        assert alone.units == [whole.units[offset]]
        assert alone.hands == [row for row in whole.hands if row[0] == run["first"] + offset]


def test_another_seed_plays_other_games() -> None:
    _, engine = variant_engine(FIVES_AND_THREES)
    hands = [play_units(engine, 0, 20, players=2, partnerships=None, seed=seed, bots=["random"], kind="hand").units
             for seed in (1, 2)]
    assert hands[0] != hands[1]


def test_seeds_are_well_mixed_and_distinct() -> None:
    """Flipping one bit of the run's seed or of the unit flips about half the bits of the unit's seed; no two
    units, seats or runs of a grid share a seed."""
    rng = random.Random(0)
    flipped = []
    for _ in range(2000):
        seed, unit, bit = rng.getrandbits(64), rng.getrandbits(20), rng.randrange(20)
        base = unit_seed(seed, unit)
        flipped.append(bin(base ^ unit_seed(seed ^ (1 << bit), unit)).count("1"))
        flipped.append(bin(base ^ unit_seed(seed, unit ^ (1 << bit))).count("1"))
        flipped.append(bin(seat_seed(seed, unit, 0) ^ seat_seed(seed, unit, 1)).count("1"))
    assert 31 < sum(flipped) / len(flipped) < 33
    grid = [unit_seed(seed, unit) for seed in range(-50, 50) for unit in range(100)]
    grid += [seat_seed(seed, unit, seat) for seed in range(20) for unit in range(50) for seat in range(6)]
    assert len(set(grid)) == len(grid)
    assert all(0 <= value < 2 ** 64 for value in grid)
    assert unit_seed(-1, 3) == unit_seed(2 ** 64 - 1, 3)  # a seed is taken modulo 2^64


def test_the_schema_numbers_every_seat_and_line() -> None:
    for max_players in (2, 4, 6):
        for lines in (0, 1, 3):
            names = unit_fields(max_players, lines)
            assert len(set(names)) == len(names)
            assert f"points_{max_players - 1}" in names and f"points_{max_players}" not in names
            assert [name for name in names if name.startswith("line_")] == [f"line_{j}" for j in range(lines)]
            assert unit_fields(max_players, ["x"] * lines) == names
        assert hand_fields(max_players)[:3] == ("unit", "game", "opener")
        assert len(hand_fields(max_players)) == 3 + max_players


# --- invariants ---------------------------------------------------------------------------------------


@settings(max_examples=60)
@given(runs(most=5))
def test_rows_keep_the_invariants(run: dict[str, Any]) -> None:
    _, engine = variant_engine(run["path"])
    records = play(run)
    players, sides = run["players"], len(engine.Game(run["players"], run["partnerships"], deal=False).scores)
    matches = run["kind"] == "game" and engine.HAS_MATCH_PLAY
    assert len(records.units) == run["count"]
    for index, unit in enumerate(as_dicts(records)):
        rows = [row for row in records.hands if row[0] == run["first"] + index]
        assert len(rows) == unit["hands"] == unit["blocked"] + unit["went_out"] + unit["won_in_play"] >= 1
        assert unit["turns"] == unit["placements"] + unit["passes"]
        assert 0 <= unit["scoring_placements"] <= unit["placements"]
        assert unit["placement_points_sq"] * unit["placements"] >= unit["placement_points"] ** 2
        assert [row[1] for row in rows] == sorted(row[1] for row in rows)  # games in order, from 1
        assert {row[1] for row in rows} == set(range(1, rows[-1][1] + 1))
        assert all(0 <= row[2] < players for row in rows)
        for side in range(len(records.hand_fields) - 3):  # each side's hand points add up to its score
            assert sum(row[3 + side] for row in rows) == unit[f"points_{side}"]
            assert unit[f"seat_wins_{side}"] == (unit[f"wins_{side % sides}"] if side < players else 0)
            if side >= sides:
                assert unit[f"points_{side}"] == unit[f"wins_{side}"] == unit[f"match_points_{side}"] == 0
            if side >= players:
                assert unit[f"opener_points_{side}"] == unit[f"opener_wins_{side}"] == 0
        seats = range(players)
        assert sum(unit[f"opener_points_{k}"] for k in seats) == sum(sum(row[3 + seat % sides] for row in rows)
                                                                     for seat in seats)
        assert sum(unit[f"opener_wins_{k}"] for k in seats) == sum(unit[f"seat_wins_{seat}"] for seat in seats)
        if run["kind"] == "hand":
            assert (unit["hands"], unit["matches"], unit["margin"]) == (1, 0, 0)
            assert unit["games"] in (0, 1)
        elif not matches:
            assert unit["games"] in (0, 1) and unit["matches"] == 0
        else:  # every game played ended, but for the last of a match stopped by the safety limit
            assert unit["games"] == rows[-1][1] if unit["matches"] else unit["games"] <= rows[-1][1]
            assert sum(unit[name] for name in records.unit_fields if name.startswith("line_")) <= unit["games"]


# --- a user's bot, and what a run refuses ---------------------------------------------------------


class FirstMove:
    """Always the first legal move: built without a seed."""

    def choose(self, game: Any) -> Any:
        return game.legal_moves()[0]


class Seeded:
    """A random legal move from its own seed, noting every seed it is built with."""

    seeds: list[int] = []

    def __init__(self, seed: int) -> None:
        Seeded.seeds.append(seed)
        self._rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        moves = game.legal_moves()
        return moves[self._rng.randrange(len(moves))]


class Cheat:
    """Leads a tile that is no tile of the set."""

    def choose(self, game: Any) -> Any:
        return ("play", (99, 99), None, None)


class NoChoose:
    pass


class NeedsAName(FirstMove):
    def __init__(self, name: str) -> None:
        self.name = name


@pytest.mark.parametrize("kind", ["hand", "game"])
def test_a_users_bot_classes_play_with_and_without_a_seed(kind: str) -> None:
    Seeded.seeds.clear()
    run = {"path": FIVES_AND_THREES, "players": 4, "partnerships": None, "bots": [Seeded, FirstMove, "greedy", Seeded],
           "kind": kind, "seed": 11, "first": 5, "count": 2}
    assert_counted(run)
    expected = [seat_seed(11, unit, seat) for unit in (5, 6) for seat in (0, 3)]
    assert Seeded.seeds == expected * 2  # once for the run, once for the test's own count


@settings(max_examples=10)
@given(runs(most=2))
def test_the_engines_bot_classes_passed_as_a_users_play_as_their_names(run: dict[str, Any]) -> None:
    """A class is built as its name is: RandomBot from the seat's seed, GreedyBot without one."""
    _, engine = variant_engine(run["path"])
    classes = [engine.RandomBot if bot == "random" else engine.GreedyBot for bot in run["bots"]]
    assert play(run, bots=classes) == play(run)


def test_a_bot_that_chooses_an_illegal_move_is_named_with_the_unit_and_the_move() -> None:
    _, engine = variant_engine(FIVES_AND_THREES)
    with pytest.raises(UsageError) as caught:
        play_units(engine, 4, 3, players=2, partnerships=None, seed=1, bots=[Cheat], kind="hand")
    message = str(caught.value)
    assert "Cheat" in message and "unit 4" in message and "(99, 99)" in message


@pytest.mark.parametrize(("change", "words"), [
    ({"players": 7}, "not 7"),
    ({"players": 3, "partnerships": True}, "partnerships"),
    ({"bots": ["randon"]}, "'random'"),
    ({"bots": [NoChoose]}, "choose(game)"),
    ({"bots": [42]}, "choose(game)"),
    ({"bots": [NeedsAName]}, "NeedsAName cannot be built as NeedsAName() or NeedsAName(seed=...)"),
    ({"bots": ["random"] * 3}, "one for each of the 2 seats"),
    ({"count": -1}, "count is a whole number"),
    ({"first": -2}, "first is a whole number"),
    ({"kind": "match"}, "'hand' or a 'game'"),
])
def test_wrong_arguments_get_a_message(change: dict[str, Any], words: str) -> None:
    _, engine = variant_engine(FIVES_AND_THREES)
    args = {"first": 0, "count": 1, "players": 2, "partnerships": None, "seed": 1, "bots": ["random"], "kind": "hand",
            **change}
    with pytest.raises(UsageError) as caught:
        play_units(engine, args.pop("first"), args.pop("count"), **args)
    assert words in str(caught.value) + "".join(d.hint or "" for d in caught.value.diagnostics)
