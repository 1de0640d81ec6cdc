"""dominospec.native: the native engine's simulations and replays, its build and cache, the machine
without a C compiler, and `dominospec replay --target c`.

Native simulations draw their own random numbers, so they are compared with the Python engines by
distribution: means per hand of many native hands against fewer Python hands, within five standard
errors of the difference (a false alarm about once in three million comparisons).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec import native
from dominospec.engine_api import as_variant, engine_of
from dominospec.language import ir
from dominospec.language.loader import load_variant
from dominospec.native import IllegalMove, NativeEngine, Stats
from dominospec.play.replay import replay
from dominospec.targets.engines import load_engine
from engine_cases import Case, engine_for, every_table
from support import ROOT, native_engine, run_cli

FIVES = ROOT / "spec" / "fives_and_threes.rules"
HORSE = ROOT / "spec" / "horse_race.rules"
# A variant of each kind of play: no pile, a draw pile, spinners, a match, a formula.
SPECS = [FIVES, HORSE, ROOT / "examples" / "family" / "muggins.rules", ROOT / "examples" / "family" / "sniff.rules",
         ROOT / "examples" / "fives_and_threes_match.rules", ROOT / "examples" / "family" / "block.rules"]
FT, RECORD = "spec/fives_and_threes.rules", "examples/fives_and_threes.match.json"  # as the CLI is given them
TOLERANCE = 5.0  # standard errors of the difference


def sim(path: Path) -> NativeEngine:
    engine = native_engine(path)
    assert isinstance(engine, NativeEngine), f"the native engine of {path} is refused: {engine}"
    return engine


def variant_of(path: Path) -> ir.Variant:
    variant, _ = engine_for(Case(path))
    return variant


# --- statistics -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", SPECS, ids=lambda path: path.stem)
def test_hands_add_up_to_what_each_hand_is(path: Path) -> None:
    variant = variant_of(path)
    for players, partnerships in every_table(variant):
        stats = sim(path).play_hands(300, players, partnerships, seed=7)
        assert stats.units == stats.hands == 300 and stats.games == stats.matches == 0
        assert stats.blocked + stats.went_out == stats.hands
        assert stats.hands_sq == stats.hands  # one hand a unit
        sides = 2 if partnerships else players
        assert stats.points[sides:] == stats.wins[sides:] == stats.points_sq[sides:] == (0,) * (4 - sides)
        assert stats.match_points == (0, 0, 0, 0)
        # A hand places at most the whole set, and every hand that went out was won by someone.
        assert stats.hands <= stats.placements <= stats.hands * variant.tile_count
        assert stats.placements_sq >= stats.placements ** 2 / stats.units  # the mean of squares is no less
        assert sum(stats.wins) >= stats.went_out


@pytest.mark.parametrize("path", SPECS, ids=lambda path: path.stem)
def test_whole_games_end_with_a_winner(path: Path) -> None:
    variant = variant_of(path)
    players, partnerships = every_table(variant)[-1]
    stats = sim(path).play_matches(40, players, partnerships, seed=3)
    assert stats.units == 40
    matches = variant.match is not None
    assert (stats.matches, stats.games >= 40) == ((40 if matches else 0), True)
    assert stats.hands >= stats.games and stats.hands_sq >= stats.hands
    assert sum(stats.wins) >= 40  # every unit is won, by one side or shared
    assert (sum(stats.match_points) > 0) == matches


@settings(max_examples=25, deadline=None)
@given(path=st.sampled_from(SPECS), n=st.integers(0, 60), m=st.integers(0, 60), seed=st.integers(0, 2**64 - 1),
       whole=st.booleans(), data=st.data())
def test_chunks_add_up_to_the_whole_run(path: Path, n: int, m: int, seed: int, whole: bool,
                                        data: st.DataObject) -> None:
    players, partnerships = data.draw(st.sampled_from(every_table(variant_of(path))))
    bots = data.draw(st.lists(st.sampled_from(["random", "greedy"]), min_size=players, max_size=players))
    play = sim(path).play_matches if whole else sim(path).play_hands
    if whole:
        n, m = n // 10, m // 10
    first = play(n, players, partnerships, seed=seed, bot=bots)
    second = play(m, players, partnerships, seed=seed, bot=bots, first=n)
    assert first + second == play(n + m, players, partnerships, seed=seed, bot=bots)
    assert play(n, players, partnerships, seed=seed, bot=bots) == first  # the same seed, the same figures


def test_other_seeds_and_other_bots_play_other_hands() -> None:
    fives = sim(FIVES)
    base = fives.play_hands(500, seed=1)
    assert fives.play_hands(500, seed=2) != base
    assert fives.play_hands(500, seed=1, bot="greedy") != base
    assert fives.play_hands(500, seed=1, bot=["greedy", "random", "random", "random"]) not in (
        base, fives.play_hands(500, seed=1, bot="greedy"))
    assert fives.play_hands(0) == Stats()


def test_stats_read_and_write_the_abi_names() -> None:
    stats = sim(HORSE).play_hands(50, 3, False, seed=11)
    figures = stats.to_dict()
    assert set(figures) == set(Stats.names())
    assert figures["points_1"] == stats.points[1] and figures["wins_2"] == stats.wins[2]
    assert Stats.from_dict(figures) == stats
    mean, error = stats.mean_and_error("placements")
    assert mean == stats.placements / 50 and error > 0


@pytest.mark.parametrize(("arguments", "message"), [
    ({"count": -1}, "count is a whole number from 0"),
    ({"count": 2.5}, "count is a whole number"),
    ({"count": True}, "count is a whole number"),
    ({"seed": -1}, "seed is a whole number from 0 to 18446744073709551615, not -1"),
    ({"seed": 2**64}, "seed is a whole number from 0 to 18446744073709551615"),
    ({"first": -3}, "first is a whole number"),
    ({"players": 5}, "Fives and Threes is played by 2 to 4 players, not 5"),
    ({"players": "4"}, "Fives and Threes is played by 2 to 4 players, not '4'"),
    ({"players": 3, "partnerships": True}, "Fives and Threes has no partnerships with 3 players"),
    ({"players": 4, "partnerships": False}, "Fives and Threes is always played by 4 as two partnerships"),
    ({"partnerships": 1}, "partnerships is True, False or None, not 1"),
    ({"bot": "clever"}, "unknown bot 'clever': the engines' bots are random, greedy, expert, ismcts:N"),
    ({"bot": "ismcts"}, "unknown bot 'ismcts': a search bot's budget follows a colon"),
    ({"bot": "ismcts:0"}, "a search bot searches 1 to 1000000 iterations a move, not 0"),
    ({"bot": "ismcts:60001ms"}, "a search bot thinks 1 to 60000 milliseconds a move, not 60001"),
    ({"bot": ["random", "greedy"]}, "or a list of one per seat (4) or of one for every seat, not ['random', 'greedy']"),
])
def test_a_simulation_out_of_the_rules_says_why(arguments: dict[str, Any], message: str) -> None:
    call = {"count": 10, **arguments}
    with pytest.raises(IllegalMove) as raised:
        sim(FIVES).play_hands(**call)
    assert message in str(raised.value)


# --- distributions against the Python engines ---------------------------------------------------------


def python_hands(path: Path, players: int, partnerships: bool, count: int, bot: str) -> dict[str, list[int]]:
    """Per hand of the Python engine, dealt afresh from scores of 0: placements, passes, draws, blocked,
    remaining pips."""
    _, module = engine_for(Case(path))
    figures: dict[str, list[int]] = {"placements": [], "passes": [], "draws": [], "blocked": [],
                                     "remaining_pips": []}
    for seed in range(count):
        game = module.Game(players, partnerships, seed=seed)
        bots = [module.GreedyBot() if bot == "greedy" else module.RandomBot(seed * 8 + seat) for seat in range(players)]
        module.play_hand(game, bots)
        events = game.events
        end = next(e for e in events if e["event"] == "hand_end")
        figures["placements"].append(sum(e["event"] == "play" for e in events))
        figures["passes"].append(sum(e["event"] == "pass" for e in events))
        figures["draws"].append(sum(e["event"] == "draw" for e in events))
        figures["blocked"].append(int(end["blocked"]))
        figures["remaining_pips"].append(sum(end["remaining_pips"]))
    return figures


def mean_and_error(values: list[int]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, (variance / len(values)) ** 0.5


@pytest.mark.parametrize(("path", "players", "partnerships", "bot"), [
    (FIVES, 4, True, "random"), (FIVES, 2, False, "greedy"), (HORSE, 3, False, "random"),
    (ROOT / "examples" / "family" / "muggins.rules", 2, False, "random"),
    (ROOT / "examples" / "family" / "sniff.rules", 4, False, "greedy"),
], ids=lambda value: value.stem if isinstance(value, Path) else str(value))
def test_native_hands_are_distributed_as_the_python_engines_hands(path: Path, players: int, partnerships: bool,
                                                                  bot: str) -> None:
    native = sim(path).play_hands(20_000, players, partnerships, seed=2024, bot=bot)
    python = python_hands(path, players, partnerships, 2500, bot)
    compared = 0
    for figure, values in python.items():
        if figure == "blocked":  # one or none a hand: its square is itself
            mean = native.blocked / native.units
            native_mean, native_error = mean, (mean * (1 - mean) / native.units) ** 0.5
        else:
            native_mean, native_error = native.mean_and_error(figure)
        python_mean, python_error = mean_and_error(values) if len(set(values)) > 1 else (values[0], 0.0)
        spread = (native_error ** 2 + python_error ** 2) ** 0.5
        if spread == 0:  # a figure no hand varies (no passes where there is a pile): equal, exactly
            assert native_mean == python_mean, figure
            continue
        compared += 1
        assert abs(native_mean - python_mean) <= TOLERANCE * spread, (
            f"{figure}: native {native_mean:.4f} ± {native_error:.4f}, python {python_mean:.4f} ± {python_error:.4f}")
    assert compared >= 3


def test_native_games_are_distributed_as_the_python_engines_games() -> None:
    """Hands per whole game of Fives and Threes, and the share won by side 0."""
    native = sim(FIVES).play_matches(4000, 4, True, seed=99)
    _, module = engine_for(Case(FIVES))
    hands, first_side = [], []
    for seed in range(600):
        game = module.Game(4, True, seed=seed)
        module.play_game(game, [module.RandomBot(seed * 8 + seat) for seat in range(4)])
        hands.append(game.hand_number)
        first_side.append(int(0 in game.winners))
    native_mean, native_error = native.mean_and_error("hands")
    python_mean, python_error = mean_and_error(hands)
    assert abs(native_mean - python_mean) <= TOLERANCE * (native_error ** 2 + python_error ** 2) ** 0.5
    won = native.wins[0] / native.units
    python_won, python_won_error = mean_and_error(first_side)
    spread = ((won * (1 - won) / native.units) + python_won_error ** 2) ** 0.5
    assert abs(won - python_won) <= TOLERANCE * spread


# --- replays --------------------------------------------------------------------------------------------


def python_record(path: Path, seed: int) -> dict[str, Any]:
    _, module = engine_for(Case(path))
    variant = variant_of(path)
    players, partnerships = every_table(variant)[seed % len(every_table(variant))]
    bots = [module.RandomBot(seed + seat) for seat in range(players)]
    if module.HAS_MATCH_PLAY:
        match = module.Match(players, partnerships, seed=seed)
        module.play_match(match, bots, max_games=3)
        record: dict[str, Any] = match.record()
    else:
        game = module.Game(players, partnerships, seed=seed)
        module.play_game(game, bots, max_hands=4)
        record = game.record()
    return record


def python_replay(path: Path, record: Any) -> Any:
    _, module = engine_for(Case(path))
    engine = as_variant(engine_of(module))
    assert engine is not None
    return replay(engine, record)


def assert_replays_agree(path: Path, record: Any) -> None:
    expected = python_replay(path, record)
    got = sim(path).replay(record)
    assert (got.error, got.scores, got.winners, got.match_points, got.target) == (
        expected.error, expected.scores, expected.winners, expected.match_points, expected.target)
    if got.refused_at is not None:  # where the native engine refused, the Python replay names the same place
        game, hand, move = got.refused_at
        where = ", ".join([f"game {game}"] * bool("games" in record and game) + [f"hand {hand}"] * bool(hand)
                          + [f"move {move}"] * bool(move))
        # A game that should not follow is refused at itself; the Python replay names the game before it.
        places = (f"{where}:", f"game {game - 1} is not won") if where == f"game {game}" else (f"{where}:",)
        assert expected.error.startswith(places), (got.refused_at, expected.error)


def mutations(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The record with one fault done to it: a move or deal changed, dropped, doubled or garbled."""
    changed = json.loads(json.dumps(record))
    game = rng.choice(changed["games"]) if "games" in changed else changed
    if "games" in changed and rng.random() < 0.2:  # a game dropped, doubled or left without hands
        at = rng.randrange(len(changed["games"]))
        changed["games"].insert(at, rng.choice([changed["games"][at], {"hands": []}, {}, {"hands": "x"}]))
        if rng.random() < 0.5:
            del changed["games"][at + 1]
        return changed
    hand = rng.choice(game["hands"])
    fault = rng.randrange(9)
    moves = hand["moves"]
    index = rng.randrange(len(moves)) if moves else 0
    if fault == 0 and moves:
        del moves[index]
    elif fault == 1 and moves:
        moves.insert(index, moves[index])
    elif fault == 2 and moves:
        moves[index]["seat"] = rng.randrange(-1, 6)
    elif fault == 3 and moves and "play" in moves[index]:
        moves[index]["play"] = rng.choice(["[0|0]", "[6|6]", "[3|4]", "[9|9]", "3-4", 7, None])
    elif fault == 4 and moves and "port" in moves[index]:
        moves[index]["port"] = rng.choice(["low", "high", "lineA", "lineB", "branchA", "branchB", "up"])
    elif fault == 5:
        seat = rng.choice(hand["deal"])
        if seat:
            seat[rng.randrange(len(seat))] = rng.choice(["[0|0]", "[6|6]", "[1|2]", "[12|12]"])
    elif fault == 6:
        hand["opener"] = rng.choice([-1, 0, 1, 2, 3, 9, "0", 2**40])
    elif fault == 7 and moves:
        moves[index] = rng.choice([{"seat": 0}, {"seat": 0, "draw": True}, {"seat": 1, "pass": True},
                                   {"seat": 0, "play": "[1|1]", "on": "[1|1]"}, [], "play", {"seat": 0, "pass": 1}])
    else:
        game["hands"].append(rng.choice([{}, {"opener": 0}, {"opener": 0, "deal": "x"}, game["hands"][0]]))
    return changed


@settings(max_examples=80, deadline=None)
@given(path=st.sampled_from([FIVES, HORSE, ROOT / "examples" / "family" / "muggins.rules",
                             ROOT / "examples" / "fives_and_threes_match.rules",
                             ROOT / "examples" / "family" / "domino_pool.rules"]),
       seed=st.integers(0, 50), fault=st.integers(0, 2**32))
def test_a_record_with_a_fault_is_refused_as_the_python_replay_refuses_it(path: Path, seed: int, fault: int) -> None:
    assert_replays_agree(path, mutations(python_record(path, seed), random.Random(fault)))


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(["[1|4]", "[6|6]", "low", "x"]),
                    lambda children: st.lists(children, max_size=4) | st.dictionaries(
                        st.sampled_from(["players", "partnerships", "scores", "hands", "games", "opener", "deal",
                                         "boneyard", "moves", "seat", "play", "on", "port", "draw", "pass"]),
                        children, max_size=5), max_leaves=20)


@settings(max_examples=80, deadline=None)
@given(record=st.dictionaries(st.sampled_from(["players", "partnerships", "scores", "hands", "games"]), JSON,
                              max_size=5))
def test_any_json_object_replays_to_the_python_verdict_without_a_crash(record: dict[str, Any]) -> None:
    assert_replays_agree(ROOT / "examples" / "fives_and_threes_match.rules", record)
    assert_replays_agree(FIVES, record)


def test_a_refused_move_keeps_the_scores_before_it() -> None:
    record = python_record(FIVES, 4)
    hand = record["hands"][-1]
    play = next(i for i, move in enumerate(hand["moves"]) if "on" in move)
    hand["moves"][play]["port"] = "branchA"  # no spinner in Fives and Threes: no branch to play on
    result = sim(FIVES).replay(record)
    expected = python_replay(FIVES, record)
    assert result.error == expected.error and result.error.startswith(f"hand {len(record['hands'])}, move {play + 1}:")
    assert result.refused_at is not None and result.refused_at[1:] == (len(record["hands"]), play + 1)
    assert result.scores == expected.scores


def test_a_match_game_opened_by_the_wrong_seat_keeps_the_scores_of_the_game_before() -> None:
    path = ROOT / "examples" / "fives_and_threes_match.rules"
    record = python_record(path, 0)
    assert len(record["games"]) > 1
    first = record["games"][1]["hands"][0]
    first["opener"] = 1 - first["opener"]  # the loser of game 1 must open game 2
    expected = python_replay(path, record)
    assert expected.error.startswith("game 2: the loser of the previous game opens the next")
    got = sim(path).replay(record)
    assert (got.error, got.scores, got.winners, got.match_points) == (
        expected.error, expected.scores, expected.winners, expected.match_points)


def test_a_claim_beyond_the_native_engines_range_is_an_error_not_a_crash() -> None:
    path = ROOT / "examples" / "family" / "muggins_announced.rules"
    record = python_record(path, 1)
    hand = record["hands"][0]
    index = next(i for i, move in enumerate(hand["moves"]) if "claim" in move)
    hand["moves"][index]["claim"] = 2**40  # the Python engine scores it to the next opponent, who wins
    del hand["moves"][index + 1:], record["hands"][1:]
    assert python_replay(path, record).error is None
    got = sim(path).replay(record)
    assert got.error == (f"hand 1, move {index + 1}: the native engine cannot replay this record: {BEYOND}")


BEYOND = ("it replays starting scores from -1,099,511,627,776 to 1,099,511,627,776 and claims up to 1,048,576; the "
          "Python engine replays any")
POOL = ROOT / "examples" / "family" / "domino_pool.rules"  # no target: any starting score will do


@settings(max_examples=60, deadline=None)
@given(scores=st.lists(st.integers(-(2**40), 2**40) | st.sampled_from([2**31, 2**32 + 5, -(2**31) - 1, 2**40]),
                       min_size=4, max_size=4))
def test_starting_scores_past_32_bits_replay_as_in_the_python_engine(scores: list[int]) -> None:
    record = {**json.loads((ROOT / "tests" / "replays" / "domino_pool_tie_carried.json").read_text()), "scores": scores}
    assert_replays_agree(POOL, record)
    assert python_replay(POOL, record).error is None


@pytest.mark.parametrize("score", [2**40 + 1, -(2**40) - 1, 2**63, -(2**80)])
def test_a_starting_score_past_the_native_range_is_an_error_not_a_wrapped_score(score: int) -> None:
    record = {**json.loads((ROOT / "tests" / "replays" / "domino_pool_tie_carried.json").read_text()),
              "scores": [3, score, 0, 0]}
    assert python_replay(POOL, record).error is None
    got = sim(POOL).replay(record)
    assert got.error == f"the record: the native engine cannot replay this record: {BEYOND}"


# --- the build, the cache, and no compiler ------------------------------------------------------------


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


LOAD_FIVES = "from dominospec import native; print(native.load('spec/fives_and_threes.rules').play_hands(10))"


def test_the_library_is_built_once_into_the_cache_and_reused(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    # Two processes building the same engine at once: each loads a whole library.
    both = [subprocess.Popen([sys.executable, "-c", LOAD_FIVES], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [process.communicate(timeout=300) for process in both]
    assert [process.returncode for process in both] == [0, 0], outputs
    assert outputs[0][0] == outputs[1][0] and outputs[0][0].startswith("Stats(units=10,")
    # The library and what the compiler said building it (nothing), and no half-written file beside them.
    library, log = sorted((tmp_path / "dominospec" / "native").iterdir(), key=lambda path: path.suffix != ".so")
    assert (library.suffix, log.name, log.read_text()) == (".so", library.with_suffix(".log").name, "")
    built = library.stat().st_mtime_ns
    again = run_python(LOAD_FIVES, env)
    assert again.returncode == 0 and again.stdout == outputs[0][0]
    assert library.stat().st_mtime_ns == built
    assert sorted((tmp_path / "dominospec" / "native").iterdir()) == sorted([library, log])


def test_what_the_compiler_says_is_kept_beside_the_library(tmp_path: Path) -> None:
    """A compiler that warns: the engine still builds, and its words are the engine's compiler_said, in
    the process that built it and in one that found it in the cache; without its log, nothing is known."""
    compiler = tmp_path / "warning-cc"
    compiler.write_text('#!/bin/sh\necho "engine.c:1:1: warning: a word from the compiler" >&2\nexec cc "$@"\n')
    compiler.chmod(0o755)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "CC": str(compiler)}
    said = "from dominospec import native; print(repr(native.load('spec/fives_and_threes.rules').compiler_said))"
    words = repr("engine.c:1:1: warning: a word from the compiler\n") + "\n"
    for _ in range(2):
        done = run_python(said, env)
        assert (done.returncode, done.stdout, done.stderr) == (0, words, "")
    [log] = (tmp_path / "cache" / "dominospec" / "native").glob("*.log")
    log.unlink()
    assert run_python(said, env).stdout == "None\n"


def test_without_a_cache_folder_the_library_lives_in_a_temporary_one(tmp_path: Path) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    done = run_python(LOAD_FIVES, {**os.environ, "XDG_CACHE_HOME": str(blocker)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Stats(units=10,")


def test_a_compiler_that_fails_shows_what_it_said(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "CC": "cc -include no_such_header.h"}
    failed = subprocess.run([sys.executable, "-m", "dominospec", "replay", "--target", "c", FT, RECORD], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=300)
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    headline, said = failed.stderr.split("\n", 1)
    assert headline == ("dominospec: error: the C compiler cc -include no_such_header.h refused the generated engine "
                        "(exit 1); it said:")
    assert said.startswith("  hint: ") and "no_such_header.h" in said  # the compiler's own words
    assert not list((tmp_path / "dominospec" / "native").glob("*"))


# Compilers that exit 0 but write no shared library: nothing at all, a text file, and a library of no engine.
WRITES_TEXT = 'for a; do [ "$o" = -o ] && seq 100 > "$a"; o=$a; done'
WRITES_NO_ENGINE = ('for a; do [ "$o" = -o ] && o=$a && break; o=$a; done; '
                    'printf "int x;" | cc -shared -fPIC -xc - -o "$o"')


@pytest.mark.parametrize("script, said", [
    ("true", "wrote no shared library that can be loaded (the loader says: file too short)"),
    (WRITES_TEXT, "wrote no shared library that can be loaded (the loader says: invalid ELF header)"),
])
def test_a_compiler_that_writes_no_library_is_a_clear_error_every_time(tmp_path: Path, script: str,
                                                                       said: str) -> None:
    compiler = tmp_path / "fake-cc"
    compiler.write_text(f"#!/bin/sh\n{script}\n")
    compiler.chmod(0o755)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "CC": str(compiler), "PYTHONUTF8": "1"}
    for _ in range(2):  # and nothing is left in the cache to be loaded the next time
        done = subprocess.run([sys.executable, "-m", "dominospec", "simulate", "--target", "c", FT, "--hands", "5"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr == (f"dominospec: error: the C compiler {compiler} {said}\n  hint: set $CC to a C "
                               "compiler that builds shared libraries, such as gcc or clang\n")
        assert not list((tmp_path / "cache" / "dominospec" / "native").glob("*"))


def test_a_compiler_that_writes_a_library_of_no_engine_is_a_clear_error(tmp_path: Path) -> None:
    compiler = tmp_path / "fake-cc"
    compiler.write_text(f"#!/bin/sh\n{WRITES_NO_ENGINE}\n")
    compiler.chmod(0o755)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "CC": str(compiler), "PYTHONUTF8": "1"}
    done = subprocess.run([sys.executable, "-m", "dominospec", "replay", "--target", "c", FT, RECORD], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("dominospec: error: the native engine ") and done.stderr.endswith(
        ".so has no ds_abi_version: it is not a dominospec engine of this version\n")


def test_a_cache_folder_that_takes_no_library_leaves_it_in_a_temporary_folder(tmp_path: Path) -> None:
    """The library's own name in the cache is a folder: the engine is built and loaded elsewhere."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    first = run_python(LOAD_FIVES, env)
    assert first.returncode == 0, first.stderr
    [library] = (tmp_path / "dominospec" / "native").glob("*.so")
    library.unlink()
    library.mkdir()
    (library / "inside").write_text("a folder where the library was")
    again = run_python(LOAD_FIVES, env)
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, "")
    assert library.is_dir()


@pytest.mark.parametrize("cc", ["/nonexistent/cc", None], ids=["CC names no program", "no compiler on PATH"])
def test_without_a_compiler_the_native_engine_says_so_and_the_rest_works(tmp_path: Path, cc: str | None) -> None:
    env = {key: value for key, value in os.environ.items() if key != "CC"}
    env.update({"PATH": "", "XDG_CACHE_HOME": str(tmp_path), "PYTHONUTF8": "1"})
    if cc is not None:
        env["CC"] = cc
    done = run_python("from dominospec import native\ntry:\n    native.load('spec/fives_and_threes.rules')\n"
                      "except native.NativeUnavailable as err:\n    print(err.render())\n", env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("dominospec: error: no C compiler found: ")
    assert (f"$CC is '{cc}', which is not a program on PATH" if cc else "none of cc, gcc, clang is on PATH") \
        in done.stdout
    assert "hint: set $CC to a C compiler, or install gcc or clang; the Python engines work without one" in done.stdout

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "dominospec", *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120)

    native = cli("replay", "--target", "c", "spec/fives_and_threes.rules", "examples/fives_and_threes.match.json")
    assert native.returncode == 2 and native.stdout == ""
    assert native.stderr.startswith("dominospec: error: no C compiler found")
    assert cli("check", "spec/fives_and_threes.rules").returncode == 0
    replayed = cli("replay", "spec/fives_and_threes.rules", "examples/fives_and_threes.match.json")
    assert replayed.returncode == 0 and "final scores:" in replayed.stdout


def test_the_largest_set_plays_natively_as_in_python(tmp_path: Path) -> None:
    """Every set the language has compiles for the C target: a double-eighteen game's record, played by the
    Python engine, replays through the native engine to the Python replay's scores and winners."""
    spec = tmp_path / "double_eighteen.rules"
    spec.write_text(HORSE.read_text(encoding="utf-8").replace("tiles: double six", "tiles: double eighteen"),
                    encoding="utf-8")
    assert run_cli("check", str(spec)).returncode == 0
    assert len(native.load(spec).tiles) == 190
    python = load_engine(load_variant(spec, "test"), spec)
    game = python.Game(2, seed=3)
    bots = [python.RandomBot(1), python.GreedyBot()]
    python.play_game(game, bots)
    record = tmp_path / "record.json"
    record.write_text(json.dumps(game.record()), encoding="utf-8")
    done = [run_cli("replay", "--target", target, str(spec), str(record), "--json") for target in ("python", "c")]
    assert done[0].returncode == done[1].returncode == 0, done[1].stderr
    python_out, native_out = json.loads(done[0].stdout), json.loads(done[1].stdout)
    assert {**python_out, "events": []} == native_out  # the native replay gives no events
    played = [event["tile"] for event in python_out["events"] if event["event"] == "play"]
    assert any(int(half) > 6 for tile in played for half in tile.strip("[]").split("|"))


# --- the command line -------------------------------------------------------------------------------------

CLI_RECORDS = [("spec/fives_and_threes.rules", "examples/fives_and_threes.match.json"),
               ("examples/fives_and_threes_match.rules", "examples/fives_and_threes_match.match.json"),
               ("spec/horse_race.rules", "tests/replays/horse_race_shared_win_at_61.json"),
               ("spec/fives_and_threes.rules", "tests/replays/fives_and_threes_59_bust.json")]


@pytest.mark.parametrize(("spec", "record"), CLI_RECORDS, ids=[Path(r).stem for _, r in CLI_RECORDS])
def test_replay_target_c_prints_what_the_python_replay_prints_but_the_events(spec: str, record: str) -> None:
    python = run_cli("replay", spec, record, "--json")
    native = run_cli("replay", "--target", "c", spec, record, "--json")
    assert (native.returncode, native.stderr) == (python.returncode, python.stderr) == (0, "")
    assert json.loads(native.stdout) == {**json.loads(python.stdout), "events": []}
    python, native = run_cli("replay", spec, record), run_cli("replay", "--target", "c", spec, record)
    assert (native.returncode, native.stderr) == (0, "")
    assert native.stdout.splitlines() == python.stdout.splitlines()[-2:]
    assert native.stdout.splitlines()[0].startswith("final scores: ")


def test_replay_target_c_reports_a_bad_move_as_the_python_replay_does(tmp_path: Path) -> None:
    record = json.loads((ROOT / "examples" / "fives_and_threes.match.json").read_text(encoding="utf-8"))
    record["hands"][0]["moves"][2]["seat"] = 3 - record["hands"][0]["moves"][2]["seat"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for extra in ([], ["--json"]):
        python = run_cli("replay", FIVES.relative_to(ROOT).as_posix(), str(path), *extra)
        native = run_cli("replay", "--target", "c", FIVES.relative_to(ROOT).as_posix(), str(path), *extra)
        assert (native.returncode, native.stderr) == (python.returncode, python.stderr)
        assert native.returncode == 1 and ", move 3: " in native.stderr
        if extra:
            assert json.loads(native.stdout) == {**json.loads(python.stdout), "events": []}


def test_replay_target_c_refuses_the_board_and_match_formats() -> None:
    board = run_cli("replay", "--target", "c", "--board", "spec/fives_and_threes.rules",
                    "examples/fives_and_threes.match.json")
    assert board.returncode == 2 and board.stdout == ""
    assert board.stderr == ("dominospec: error: --board draws the pegs of the replay's events, which --target c "
                            "does not keep; leave out --board or --target c\n")
    formats = run_cli("replay", "--target", "c", "examples/match_formats/free_play.rules",
                      "examples/fives_and_threes.match.json")
    assert formats.returncode == 2
    assert formats.stderr == ("dominospec: error: examples/match_formats/free_play.rules is a match format; replay "
                              "needs a variant's spec\n")
    unknown = run_cli("replay", "--target", "rust", FT, RECORD)
    assert unknown.returncode == 2 and "invalid choice: 'rust' (choose from 'python', 'c', 'js')" in unknown.stderr


def test_the_python_replay_never_imports_the_native_driver() -> None:
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "dominospec", "replay", FT, RECORD], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "dominospec.play.replay" in modules and "dominospec.native" not in modules


def test_statistics_that_would_pass_64_bits_are_refused_and_the_records_are_exact(tmp_path: Path) -> None:
    """Pool play scores without end: a thousand hands of placements worth 150,000 each pass 2^63 in the sum of
    squares of a few dozen units. play_matches says so; play_units's records, summed in Python, stay exact."""
    spec = tmp_path / "rich_pool.rules"
    spec.write_text(POOL.read_text(encoding="utf-8").replace(
        "placement score: 0\n", "placement score: total * 500 + 150000\n"), encoding="utf-8")
    assert "150000" in spec.read_text(encoding="utf-8")
    engine = native.load(spec)
    with pytest.raises(IllegalMove, match="add up past the 64 bits the native engine sums them in"):
        engine.play_matches(40, 4, seed=2)
    records = engine.play_units(0, 40, players=4, partnerships=False, seed=2, bots="random", kind="game")
    points = [unit[records.unit_fields.index("points_0")] for unit in records.units]
    assert sum(point * point for point in points) > 2**63  # exact, where 64 bits would have wrapped
    assert all(unit[records.unit_fields.index("hands")] == 1000 for unit in records.units)


@pytest.mark.parametrize(("spec", "players", "allowed"), [
    ("examples/family/fours.rules", 3, "4"),
    ("examples/family/fives_and_threes_teesdale.rules", 3, "2 or 4"),
    ("spec/fives_and_threes.rules", 5, "2 to 4"),
])
def test_a_table_out_of_the_rules_names_the_counts_as_the_rules_write_them(spec: str, players: int,
                                                                        allowed: str) -> None:
    """Both targets say the spec's own set of counts: '4 players', never '4 to 4 players'."""
    _, module = engine_for(Case(ROOT / spec))
    message = f"is played by {allowed} players, not {players}"
    with pytest.raises(module.IllegalMove, match=message):
        module.Game(players)
    with pytest.raises(IllegalMove, match=message):
        sim(ROOT / spec).play_hands(count=1, players=players)


def test_processes_wanting_the_same_new_library_at_once_build_it_once(tmp_path: Path) -> None:
    """Test workers (and simulation workers) that load one engine together share one build: the compiler, a
    wrapper that notes each run and is slow to finish, runs once, and both processes load the library."""
    runs = tmp_path / "runs"
    slow = tmp_path / "slow-cc"
    slow.write_text(f"#!/bin/sh\necho run >> {runs}\nsleep 1\nexec {native.compiler_command()[0]} \"$@\"\n",
                    encoding="utf-8")
    slow.chmod(0o755)
    load = ("import sys\nfrom dominospec import native\n"
            "engine = native.load(sys.argv[1])\nprint(engine.play_hands(10).hands)\n")
    env = {**os.environ, "CC": str(slow), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    both = [subprocess.Popen([sys.executable, "-c", load, str(ROOT / "spec" / "fives_and_threes.rules")], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [process.communicate(timeout=120) for process in both]
    assert [process.returncode for process in both] == [0, 0], outputs
    assert [out.strip() for out, _ in outputs] == ["10", "10"]
    assert runs.read_text(encoding="utf-8").splitlines() == ["run"]
