"""OpenSpiel's own ISMCTS bot against dominospec's expert bot, a few games of Fives and Threes.

    python examples/openspiel_vs_dominospec.py [--games 4] [--simulations 100] [--max-hands 1000] [--seed 1]

The two take turns at seat 0. OpenSpiel's bot searches with its random-rollout evaluator over the states its
seat cannot tell apart (resampled by the game); the expert plays the engine's own bot on the engine's Game
under the state, from its seat's view. Needs the extra: pip install 'dominospec[envs]'.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from dominospec.envs import openspiel

SPEC = Path(__file__).resolve().parent.parent / "spec" / "fives_and_threes.rules"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games to play (default 4)")
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations a move (default 100)")
    parser.add_argument("--max-hands", type=int, default=1000, help="hands a game at most (default: to the target)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and of the search (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.simulations < 1 or args.max_hands < 1:
        parser.error("--games, --simulations and --max-hands are whole numbers of at least 1")

    game = openspiel.register(SPEC, players=2, max_hands=args.max_hands)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=rng)
    expert = openspiel.engine_bot(game, "expert")
    wins = {"ISMCTS": 0, "expert": 0, "neither": 0}
    for number in range(args.games):
        ismcts_seat = number % 2  # each takes seat 0 in turn
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=chances)))
            elif state.current_player() == ismcts_seat:
                state.apply_action(int(searcher.step(state)))
            else:
                state.apply_action(expert(state))
        returns = state.returns()
        winner = "neither" if returns[0] == returns[1] else "ISMCTS" if returns[ismcts_seat] > 0 else "expert"
        wins[winner] += 1
        scores = state.engine_game.scores
        print(f"game {number + 1}: ISMCTS at seat {ismcts_seat}, scores {scores[0]}-{scores[1]}, won by {winner}")
    print(f"ISMCTS ({args.simulations} simulations a move) {wins['ISMCTS']}, expert {wins['expert']}, "
          f"neither {wins['neither']} of {args.games} games of {game.get_type().long_name.removeprefix('dominospec ')}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
