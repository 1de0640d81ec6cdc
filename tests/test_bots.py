"""The engines' thinking bots, expert and ismcts, on both targets: their names, that they decide from what their
seat sees and nothing else, that a seed repeats them, that every shipped variant plays with them, and that
they beat the bots that do not think."""

from __future__ import annotations

import copy
import os
import random
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dominospec
from dominospec.language.diagnostics import UsageError
from dominospec.native import NativeEngine, compiler_command
from dominospec.play import bots
from engine_cases import SHIPPED_CASES, Case, engine_for, tables
from support import ROOT, native_engine, run_cli, section

UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
GOLDEN = ROOT / "tests" / "golden" / "simulation" / "bad_bot_names.txt"
FIVES_AND_THREES = ROOT / "spec" / "fives_and_threes.rules"
HORSE_RACE = ROOT / "spec" / "horse_race.rules"
SPEC_CASES = [case for case in SHIPPED_CASES if case.path.parent.name == "spec"]


# --- names

@given(st.integers(1, bots.MAX_ITERATIONS), st.integers(1, bots.MAX_MS))
def test_a_search_bot_is_named_by_its_budget(iterations: int, ms: int) -> None:
    assert bots.parse(f"ismcts:{iterations}") == bots.BotName("ismcts", iterations=iterations)
    assert bots.parse(f"ismcts:{ms}ms") == bots.BotName("ismcts", ms=ms)
    for name in bots.SIMPLE:
        assert bots.parse(name) == bots.BotName(name)  # type: ignore[arg-type]


BAD_NAMES = ["ismcts", "ismcts:0", "ismcts:1000001", "ismcts:0ms", "ismcts:60001ms", "ismcts:5s", "ismcts:-3",
             "expret", "ismct:40", "clever"]


def test_a_bot_that_is_no_bots_name_is_refused_with_what_the_names_are() -> None:
    """What the command says for each bad name (exit 2, as for any bad argument), against the golden file."""
    said = []
    for name in BAD_NAMES:
        done = run_cli("simulate", str(FIVES_AND_THREES.relative_to(ROOT)), "--games", "1", "--workers", "1",
                       "--bots", f"greedy,{name}", "--players", "2")
        assert done.returncode == 2, (name, done.stderr)
        assert done.stdout == ""
        said.append(f"$ --bots greedy,{name}\n{done.stderr}")
    text = "\n".join(said)
    if UPDATE:
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", BAD_NAMES[:-2])
def test_a_bad_name_is_refused_alike_by_the_library_on_both_targets(name: str) -> None:
    message = str(pytest.raises(bots.BadBotName, bots.parse, name).value)
    for target in ("python", "c"):
        with pytest.raises(UsageError) as raised:
            dominospec.simulate(FIVES_AND_THREES, players=2, games=1, bots=[name], target=target, workers=1)
        assert raised.value.diagnostics[0].message == message


# --- fairness: a bot decides from its seat's view alone

def _partway(engine: Any, players: int, partnerships: bool | None, scores: list[int], seed: int,
             moves: int) -> Any:
    """A game some random moves into its first hand, at a seat with more than one move to choose from;
    None where the hand ends first."""
    game = engine.Game(players, partnerships, seed=seed, scores=scores)
    draw = random.Random(seed)
    for _ in range(moves):
        if game.hand_over:
            return None
        legal = game.legal_moves()
        game.play(legal[int(draw.random() * len(legal))])
    while not game.hand_over and len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    return None if game.hand_over else game


def _hidden_dealt_afresh(game: Any, seed: int) -> Any:
    """The same game with the tiles the current seat cannot see (the other hands and the pile) dealt again at
    random, in hands of the same sizes."""
    twin = copy.deepcopy(game)
    seat = twin.current
    hidden = [t for other, hand in enumerate(twin.hands) if other != seat for t in hand] + list(twin.pile)
    random.Random(seed).shuffle(hidden)
    for other, hand in enumerate(twin.hands):
        if other != seat:
            twin.hands[other], hidden = hidden[:len(hand)], hidden[len(hand):]
    twin.pile = hidden
    twin._legal = None
    return twin


def _choices(engine: Any, game: Any, seed: int) -> tuple[object, object]:
    before = game.to_json()
    chosen = engine.ExpertBot().choose(game), engine.IsmctsBot(iterations=24, seed=seed).choose(game)
    assert game.to_json() == before, "a bot changed the game it was asked about"
    return chosen


@pytest.mark.parametrize("case", SHIPPED_CASES, ids=lambda case: case.id)
@settings(max_examples=4, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32), moves=st.integers(0, 12), redeal=st.integers(0, 2**32))
def test_a_bot_chooses_alike_in_two_games_its_seat_cannot_tell_apart(case: Case, data: st.DataObject, seed: int,
                                                                     moves: int, redeal: int) -> None:
    variant, engine = engine_for(case)
    players, partnerships, scores = data.draw(tables(variant))
    game = _partway(engine, players, partnerships, scores, seed, moves)
    if game is None:
        return
    twin = _hidden_dealt_afresh(game, redeal)
    seat = game.current
    assert twin.view(seat) == game.view(seat)
    assert _choices(engine, twin, seed) == _choices(engine, game, seed)
    for move in _choices(engine, game, seed):
        assert move in game.legal_moves()


HARNESS = ROOT / "tests" / "data" / "search_fairness.c"


@pytest.mark.parametrize("case", SPEC_CASES + [Case(ROOT / "examples/family/draw.rules"),
                                               Case(ROOT / "examples/family/matador_partnerships.rules")],
                         ids=lambda case: case.id)
def test_the_native_bots_choose_alike_in_two_games_their_seat_cannot_tell_apart(case: Case, tmp_path: Path) -> None:
    """The native engine's search and expert, built with a small harness around the variant's own source: in
    each of 300 games part-played at random, the hidden tiles are dealt again, and each bot must choose as
    it did, though the hidden tiles differ."""
    from engine_cases import engine_source
    source = tmp_path / "engine.c"
    source.write_text(engine_source(case, "c"), encoding="utf-8")
    program = tmp_path / "fairness"
    command = compiler_command()
    subprocess.run([*command[:1], "-O1", "-std=c11", "-include", str(source), str(HARNESS), "-o", str(program),
                    "-lm"], check=True, capture_output=True, timeout=300)
    tables = 0
    for players in engine_for(case)[0].player_counts:
        for partnerships in (0, 1):
            done = subprocess.run([str(program), str(players), str(partnerships), "300"], capture_output=True,
                                  text=True, timeout=300, check=False)
            if done.returncode == 3:
                continue  # not played at this table
            assert done.returncode == 0, done.stdout + done.stderr
            tables += 1
            same, differed = (int(n) for n in done.stdout.splitlines()[-1].split())
            assert same == 300, done.stdout
            assert differed >= 150, f"only {differed} of 300 deals came out different: the test would prove little"
    assert tables


# --- every variant plays with them, and a seed repeats them

@pytest.mark.parametrize("case", SHIPPED_CASES, ids=lambda case: case.id)
def test_every_shipped_variant_plays_a_hand_with_the_thinking_bots(case: Case) -> None:
    variant, engine = engine_for(case)
    players = min(variant.player_counts)
    game = engine.Game(players, seed=7)
    engine.play_hand(game, [engine.ExpertBot() if seat % 2 else engine.IsmctsBot(iterations=6, seed=seat)
                            for seat in range(players)])
    assert game.hand_over
    native = native_engine(case.path)
    if isinstance(native, NativeEngine):
        stats = native.play_hands(count=6, players=players, seed=3, bot=(["ismcts:6", "expert"] * 3)[:players])
        assert stats.hands == 6


@pytest.mark.parametrize("target", ["python", "c"])
def test_a_seed_repeats_a_search_bots_games(target: str) -> None:
    run = [dominospec.simulate(HORSE_RACE, players=3, games=2, bots=["ismcts:12", "expert", "greedy"], seed=seed,
                               target=target, workers=1) for seed in (5, 5, 6)]
    assert run[0] == run[1]
    assert run[0].sample_game != run[2].sample_game


def test_a_search_bot_on_a_time_budget_plays_legal_moves() -> None:
    _, engine = engine_for(SPEC_CASES[0])
    game = engine.Game(2, seed=11)
    engine.play_game(game, [engine.IsmctsBot(ms=2, seed=1), engine.GreedyBot()])
    assert game.over
    native = native_engine(FIVES_AND_THREES)
    assert isinstance(native, NativeEngine)
    assert native.play_matches(count=3, players=2, seed=2, bot=["ismcts:2ms", "greedy"]).games == 3


def test_a_bot_built_wrong_says_what_it_takes() -> None:
    _, engine = engine_for(SPEC_CASES[0])
    for call, message in [(lambda: engine.IsmctsBot(), "a budget of iterations or of milliseconds a move"),
                          (lambda: engine.IsmctsBot(iterations=5, ms=5), "one of them"),
                          (lambda: engine.IsmctsBot(iterations=0), "iterations are a whole number of at least 1"),
                          (lambda: engine.IsmctsBot(ms=-1), "milliseconds are a number above 0"),
                          (lambda: engine.IsmctsBot(iterations=3, exploration=-1), "exploration is a number"),
                          (lambda: engine.ExpertBot({"point": 1}), "the expert's weights are numbers named among")]:
        with pytest.raises(engine.IllegalMove, match=message):
            call()


# --- strength

def _win_rate(spec: Path, pair: list[str], bot: str) -> tuple[float, float]:
    """bot's share of 400 two-player games between the pair, and the low end of its 95% interval."""
    result = dominospec.simulate(spec, players=2, games=400, bots=pair, seed=2026, target="c", workers=1)
    assert result.bot_figures is not None
    rate = dict(result.bot_figures.win_rate)[bot]
    assert rate.ci95 is not None
    return rate.mean, rate.ci95[0]


@pytest.mark.parametrize("spec", [FIVES_AND_THREES, HORSE_RACE], ids=lambda path: path.stem)
@pytest.mark.parametrize("seat", [0, 1])
def test_the_thinking_bots_beat_greedy(spec: Path, seat: int) -> None:
    """In 400 two-player games from either seat, ismcts:200 wins more than 55% (the low end of its 95%
    interval) and expert more than half."""
    for bot, lowest in (("ismcts:200", 0.55), ("expert", 0.5)):
        pair = [bot, "greedy"] if seat == 0 else ["greedy", bot]
        rate, low = _win_rate(spec, pair, bot)
        assert low > lowest, f"{bot} won {rate:.1%} of 400 games against greedy (95% from {low:.1%})"


STRENGTHS = section((ROOT / "README.md").read_text(encoding="utf-8"), "## How strong are the bots")
README_ROWS = re.findall(r"^\| `([^`]+\.rules)` \| (\d) players(, partnerships)? \| `([^`]+)` \| ([^|]+) \| "
                         r"([^|]+) \|$", STRENGTHS, re.M)


def test_the_readme_has_its_table_of_strengths() -> None:
    assert len(README_ROWS) >= 16


@pytest.mark.parametrize("row", README_ROWS, ids=lambda row: f"{Path(row[0]).stem}-{row[3]}")
def test_each_row_of_the_readmes_strengths_comes_again_from_its_command(row: tuple[str, ...]) -> None:
    spec, players, partnerships, pair, wins, interval = row
    names = pair.split(",")
    result = dominospec.simulate(ROOT / spec, players=int(players), partnerships=bool(partnerships), games=400,
                                 seed=1, bots=names, target="c", workers=1)
    assert result.bot_figures is not None
    rate = dict(result.bot_figures.win_rate)[names[0]]
    assert rate.ci95 is not None
    shown = f"{rate.mean:.1%} | {rate.ci95[0]:.1%} to {rate.ci95[1]:.1%}"
    assert f"{wins.strip()} | {interval.strip()}" == shown
