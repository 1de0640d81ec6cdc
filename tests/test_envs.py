"""dominospec.envs, the research interfaces, held to the libraries' own checkers (PettingZoo's api_test and
seed_test, Gymnasium's check_env, OpenSpiel's random_sim_test) for every shipped variant and two of the
family's (partnerships, a draw pile); and to the promises of their encoding: every legal move is one action
and back, the mask is the legal moves, an observation is the same whatever tiles the seat cannot see, the
rewards add up to the scores, bad arguments are refused in words."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation
from pettingzoo.test import api_test, seed_test

from dominospec import envs
from dominospec.envs import encoding, openspiel
from support import ROOT, SHIPPED

# (spec, players, partnerships): the shipped variants, one of the family with partnerships (and wild
# tiles, and draws), one with a draw pile and a reserve.
TABLES = [
    ("spec/fives_and_threes.rules", 2, None),
    ("spec/fives_and_threes.rules", 4, None),
    ("spec/horse_race.rules", 3, None),
    ("examples/family/matador_partnerships.rules", 4, True),
    ("examples/family/draw.rules", 2, None),
]
IDS = [f"{Path(spec).stem}-{players}" for spec, players, _ in TABLES]
FIVES = ROOT / "spec" / "fives_and_threes.rules"


def spec_path(spec: str) -> Path:
    return ROOT / spec


@pytest.mark.filterwarnings("ignore::UserWarning")  # the checkers' advice on a Dict observation with a mask
@pytest.mark.parametrize(("spec", "players", "partnerships"), TABLES, ids=IDS)
def test_pettingzoo_api_test_and_seed_test(spec: str, players: int, partnerships: bool | None) -> None:
    def make() -> Any:
        return envs.pettingzoo_env(spec_path(spec), players=players, partnerships=partnerships, seed=3)

    api_test(make(), num_cycles=60)
    seed_test(make, num_cycles=60)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("spec", "players", "partnerships"), TABLES, ids=IDS)
def test_gymnasium_check_env(spec: str, players: int, partnerships: bool | None) -> None:
    env = envs.gymnasium_env(spec_path(spec), seat=players - 1, bots="greedy", players=players,
                             partnerships=partnerships, seed=5)
    check_env(env)


@pytest.mark.parametrize(("spec", "players", "partnerships"), TABLES, ids=IDS)
def test_openspiel_random_simulations_of_games_of_two_hands(spec: str, players: int,
                                                             partnerships: bool | None) -> None:
    game = openspiel.register(spec_path(spec), players=players, partnerships=partnerships, max_hands=2)
    assert isinstance(game, pyspiel.Game)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_random_simulation_of_whole_games() -> None:
    """To the target: the returns of a game that is won, zero-sum."""
    game = openspiel.register(FIVES, players=2)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = play_randomly(game.new_initial_state(), np.random.RandomState(2))
    assert state.engine_game.over and sorted(state.returns()) == [-1.0, 1.0]


def play_randomly(state: Any, rng: np.random.RandomState, steps: int | None = None) -> Any:
    """Chance by its odds, players uniformly among the legal actions: to the end, or for steps steps."""
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(chances) - 1) < 1e-9
            state.apply_action(int(rng.choice(actions, p=chances)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        done += 1
    return state


@pytest.mark.parametrize(("spec", "players", "partnerships"), TABLES[2:], ids=IDS[2:])
def test_openspiel_observers_resampling_and_the_tensors_the_game_declares(spec: str, players: int,
                                                                           partnerships: bool | None) -> None:
    """The observer types OpenSpiel's tests make, and ISMCTS's own check of a resampled state: the seat to
    move cannot tell it apart (same information state, same legal actions)."""
    game = openspiel.register(spec_path(spec), players=players, partnerships=partnerships, max_hands=2)
    rng = np.random.RandomState(4)
    observers = [make_observation(game, pyspiel.IIGObservationType(perfect_recall=recall)) for recall in (False, True)]
    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False,
                                                               private_info=pyspiel.PrivateInfoType.NONE))
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            seat = state.current_player()
            assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
            assert len(state.information_state_tensor(seat)) == game.information_state_tensor_size()
            for observer in observers:
                observer.set_from(state, seat)
            public.set_from(state, seat)
            assert not public.dict["hand"].any()
            sampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert sampled.information_state_string(seat) == state.information_state_string(seat)
            assert sampled.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert sampled.legal_actions() == state.legal_actions()
            checked += 1
        play_randomly(state, rng, steps=1)
    assert checked > 10


def test_openspiel_ismcts_plays_a_hand_against_the_expert() -> None:
    game = openspiel.register(FIVES, players=2, max_hands=1)
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 8, random_state=rng)
    expert = openspiel.engine_bot(game, "expert")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            play_randomly(state, rng, steps=1)
        else:
            state.apply_action(int(bot.step(state)) if state.current_player() == 0 else expert(state))
    assert state.engine_game.hand_over


def test_the_example_plays_openspiels_ismcts_against_the_expert() -> None:
    done = subprocess.run([sys.executable, "examples/openspiel_vs_dominospec.py", "--games", "2", "--simulations",
                           "3", "--max-hands", "1"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "game 2: ISMCTS at seat 1" in done.stdout
    assert "of 2 games of Fives and Threes" in done.stdout.splitlines()[-1]


# --- the encoding ---------------------------------------------------------------------------------------------


def random_game(spec: str, players: int, partnerships: bool | None, seed: int, steps: int) -> tuple[Any, Any]:
    """A table, and its game after steps random moves (the hands dealt as they end)."""
    table = encoding.table(spec_path(spec), players, partnerships)
    game = table.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        if game.hand_over:
            game.start_hand()
            continue
        encoding.play(table, game, rng.choice(game.legal_moves()))
    return table, game


@settings(max_examples=25)
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(0, 120))
def test_every_legal_move_is_one_action_and_back_and_the_mask_is_the_legal_moves(
        case: tuple[str, int, bool | None], seed: int, steps: int) -> None:
    table, game = random_game(*case, seed=seed, steps=steps)
    actions = encoding.Actions(table)
    legal = game.legal_moves()
    numbers = [actions.action_of(move) for move in legal]
    assert len(set(numbers)) == len(legal)
    assert [actions.move_of(number) for number in numbers] == list(legal)
    mask = actions.mask(game)
    assert set(np.flatnonzero(mask)) == set(numbers)
    assert actions.legal(game) == sorted(numbers)


def test_the_action_space_has_a_block_for_each_move_kind() -> None:
    announced = encoding.Actions(encoding.table(spec_path("examples/family/muggins_announced.rules"), 3, None))
    assert [name for name, _, _ in announced.blocks] == ["lead", "play", "draw", "pass", "muggins"]
    assert announced.moves[-3:] == (("muggins", 0), ("muggins", 1), ("muggins", 2))
    wild = encoding.Actions(encoding.table(spec_path("examples/family/matador.rules"), 2, None))
    assert "play by" in [name for name, _, _ in wild.blocks]
    fives = encoding.Actions(encoding.table(FIVES, 2, None))
    # 28 leads, 28 tiles on 70 ports (21 tiles with two, 7 doubles with four), draw, pass.
    assert fives.size == 28 + 28 * 70 + 2 and fives.moves[fives.size - 2:] == (("draw",), ("pass",))


@settings(max_examples=15)
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(0, 60), st.randoms(use_true_random=False))
def test_an_observation_does_not_depend_on_the_tiles_the_seat_cannot_see(
        case: tuple[str, int, bool | None], seed: int, steps: int, rng: random.Random) -> None:
    """The same hand played again with the unseen tiles (other hands, pile) dealt otherwise, the seat's
    own the same: where the moves are all legal again and the views agree, so do the observations."""
    spec, players, partnerships = case
    table = encoding.table(spec_path(spec), players, partnerships)
    game = table.new_game(seed)
    moves = []
    for _ in range(steps):
        if game.hand_over:
            break
        move = rng.choice(game.legal_moves())
        moves.append(move)
        encoding.play(table, game, move)
    seat = rng.randrange(players)
    (opener, hands, pile), = game.deals
    seen = set(hands[seat]) | set(game.hands[seat]) | {move[1] for move in moves if move[0] == "play"}
    observer = encoding.Observer(table, encoding.Actions(table))
    compared = 0
    for _ in range(10):
        unseen = [tile for hand in hands for tile in hand if tile not in seen] + [t for t in pile if t not in seen]
        rng.shuffle(unseen)
        deal = iter(unseen)
        other_hands = [[tile if tile in seen or s == seat else next(deal) for tile in hand]
                       for s, hand in enumerate(hands)]
        other_pile = [tile if tile in seen else next(deal) for tile in pile]
        twin = table.engine.Game(players, table.partnerships, seed=seed, deal=False)
        try:
            twin.start_hand(opener, other_hands, other_pile)
            for move in moves:
                encoding.play(table, twin, move)
        except table.engine.IllegalMove:
            continue  # a pass or a draw the other tiles do not allow
        if twin.view(seat) != game.view(seat):
            continue  # a draw that shows its tile to the seat drew another one
        np.testing.assert_array_equal(observer.encode(twin.view(seat)), observer.encode(game.view(seat)))
        compared += 1
    assert compared or moves, "before any move, every other deal compares"


def test_the_observation_fields_and_the_lacks_the_engine_reads() -> None:
    """A seat that passed with [0|...] ends open has shown it holds no 0 and no ...: the fields say so."""
    table = encoding.table(FIVES, 2, None)
    observer = encoding.Observer(table, encoding.Actions(table))
    game = table.engine.Game(2, deal=False)
    tiles = table.engine.TILES
    hands = [[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
             [(1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (3, 3), (1, 4)]]
    pile = [tile for tile in tiles if tile not in hands[0] + hands[1]]
    game.start_hand(0, hands, pile)
    game.play(("play", (0, 0), None, None))  # seat 1 holds no 0: it passes
    assert game.legal_moves() == (("pass",),)
    game.play(("pass",))
    vector = observer.encode(game.view(0))
    at, numbers = observer.offsets, table.engine.MAX_PIP + 1
    assert vector[at["lacks"] + numbers + 0] == 1 and vector[at["lacks"] + numbers + 1] == 0
    assert vector[at["hand"]:at["hand"] + len(tiles)].sum() == 6
    assert vector[at["table"] + tiles.index((0, 0))] == 1 and vector[at["open_values"] + 0] == 2
    assert vector[at["hand_sizes"]:at["hand_sizes"] + 2].tolist() == [6, 7]
    assert vector[at["to_move"]:at["to_move"] + 2].tolist() == [1, 0]
    assert observer.size == sum(size for _, size, _, _ in observer.fields) == len(vector)


def test_the_observation_shows_the_trains_that_carry_a_marker() -> None:
    """Private Trains: seat 1 cannot place on the engine set aside, draws, and passes: its train is marked."""
    table = encoding.table(ROOT / "examples" / "family" / "private_trains.rules", 2, None)
    observer = encoding.Observer(table, encoding.Actions(table))
    game = table.engine.Game(2, deal=False)
    hands = [[(5, 6), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 1)],
             [(1, 2), (1, 3), (1, 4), (1, 5), (2, 2), (2, 3), (2, 4)]]
    game.start_hand(None, hands, [(0, 0), *(t for t in table.engine.TILES if t not in [*hands[0], *hands[1], (6, 6),
                                                                                        (0, 0)])])
    game.play(("play", (5, 6), (6, 6), "train0"))  # seat 0 holds the heaviest tile and opens
    game.play(("draw",))
    game.play(("pass",))
    at = observer.offsets["markers"]
    assert observer.encode(game.view(0))[at:at + 2].tolist() == [0, 1]  # itself first, then seat 1
    assert observer.encode(game.view(1))[at:at + 2].tolist() == [1, 0]


def test_the_rewards_of_an_episode_add_up_to_the_final_margins_and_to_zero() -> None:
    env = envs.pettingzoo_env(FIVES, players=3, seed=9)
    env.reset(seed=9)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    scores, target = env.game.scores, env.game.target
    assert env.game.over and max(scores) == target
    for seat, agent in enumerate(env.possible_agents):
        others = [s for s in range(3) if s != seat]
        assert totals[agent] == pytest.approx((scores[seat] - sum(scores[s] for s in others) / 2) / target)
    assert sum(totals.values()) == pytest.approx(0)


def test_max_hands_truncates_the_episode() -> None:
    env = envs.pettingzoo_env(FIVES, players=2, seed=1, max_hands=1)
    env.reset()
    while not any(env.truncations.values()) and not any(env.terminations.values()):
        observation = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.game.hand_number == 1 and (env.game.over or all(env.truncations.values()))


def test_a_gymnasium_episode_against_bots_and_an_illegal_action() -> None:
    env = envs.gymnasium_env(FIVES, seat=1, bots=["expert", "ismcts:5"], seed=2)
    observation, info = env.reset()
    assert env.table.players == 3 and (observation["action_mask"] == info["action_mask"]).all()
    total, done = 0.0, False
    start = encoding.margins(env.table, env.game.scores)[1]  # the bots may have scored before the first step
    while not done:
        action = int(np.flatnonzero(env.action_masks())[0])
        observation, reward, terminated, truncated, info = env.step(np.int64(action))
        total += float(reward)
        done = terminated or truncated
    assert env.game.over and total == pytest.approx(encoding.margins(env.table, env.game.scores)[1] - start)
    env.reset(seed=4)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _, reward, terminated, truncated, info = env.step(np.int64(illegal))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(envs.EnvError, match="the episode is over"):
        env.step(np.int64(illegal))


# --- refusals -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("call", "message"), [
    (lambda: envs.gymnasium_env(FIVES, bots="expret"), "unknown bot 'expret'.*did you mean 'expert'"),
    (lambda: envs.gymnasium_env(FIVES, bots="ismcts:lots"), "a search bot's budget is a whole number"),
    (lambda: envs.gymnasium_env(FIVES, seat=2), "there is no seat 2: the seats are 0 to 1"),
    (lambda: envs.gymnasium_env(FIVES, bots=["expert", "greedy"], players=2), "one for each of the 1 other seats"),
    (lambda: envs.pettingzoo_env(FIVES, players=5), "no such table: Fives and Threes is played by 2 to 4 players"),
    (lambda: envs.pettingzoo_env(FIVES, players=3, partnerships=True), "no such table: .*no partnerships with 3"),
    (lambda: envs.pettingzoo_env(ROOT / "examples/family/matador_partnerships.rules", players=2), "no such table"),
    (lambda: envs.pettingzoo_env(FIVES, max_hands=0), "max_hands is a whole number of at least 1"),
    (lambda: envs.pettingzoo_env(FIVES, seed=-1), "seed is a whole number of 0 or more"),
    (lambda: envs.pettingzoo_env(ROOT / "spec/missing.rules"), "missing.rules"),
    (lambda: envs.pettingzoo_env(ROOT / "examples/match_formats/free_play.rules"), "is a match format"),
    (lambda: envs.pettingzoo_env(42), "a spec is a path to a variant's .rules file"),
    (lambda: openspiel.register(FIVES, players=7), "no such table"),
])
def test_bad_arguments_are_refused_in_words(call: Any, message: str) -> None:
    with pytest.raises(envs.EnvError, match=message):
        call()


def test_an_illegal_or_unknown_action_is_refused_in_words() -> None:
    env = envs.pettingzoo_env(FIVES, players=2, seed=1)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[-1])
    with pytest.raises(envs.EnvError, match=f"action {illegal} \\(pass\\) is not legal for seat_"):
        env.step(illegal)
    with pytest.raises(envs.EnvError, match="an action is a whole number from 0 to 1989"):
        env.step(1990)


def test_importing_the_package_without_the_extra_names_the_install() -> None:
    code = "import sys\nsys.modules['pettingzoo'] = None\nimport dominospec.envs\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "ImportError: dominospec.envs needs pettingzoo, which is not installed: pip install 'dominospec[envs]'" \
        in done.stderr


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_shipped_variant_is_an_environment_in_each_tool(path: Path) -> None:
    """Every spec the project ships, at its smallest table: PettingZoo's api_test, Gymnasium's check_env and
    OpenSpiel's random simulation, each of one hand."""
    players = encoding.load(path).MIN_PLAYERS
    api_test(envs.pettingzoo_env(path, players=players, seed=1, max_hands=1), num_cycles=30)
    check_env(envs.gymnasium_env(path, bots="random", players=players, seed=1, max_hands=1))
    pyspiel.random_sim_test(openspiel.register(path, players=players, max_hands=1), num_sims=1, serialize=False,
                            verbose=False)
