"""A variant as a PettingZoo AEC environment: one agent per seat, taking turns as the engine says."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # PettingZoo ships no type information

from . import encoding
from .encoding import EnvError, EnvGame, Table


class DominoesEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped
    """The agents are "seat_0" .. "seat_{n-1}". An episode is one game: to the variant's target, or until
    max_hands hands have been played (then it is truncated). The next hand is dealt at once when one ends.

    An observation is {"observation": the seat's vector (encoding.Observer), "action_mask": a 1 for each
    legal action}; the mask is all 0 but for the agent to move. The reward of a step is the change of each
    seat's margin (encoding.margins): its side's score less the mean of the other sides', over the target.
    """

    metadata: dict[str, Any] = {"name": "dominospec_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, table: Table, seed: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode is None or 'ansi', not {render_mode!r:.40}")
        self.table = table
        self.actions = encoding.Actions(table)
        self.observer = encoding.Observer(table, self.actions)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"dominospec_{table.engine.__name__.rsplit('.', 1)[-1]}"}
        self.possible_agents = [f"seat_{seat}" for seat in range(table.players)]
        self.agents = self.possible_agents[:]
        observation = spaces.Dict({
            "observation": spaces.Box(self.observer.low, self.observer.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(self.actions.size,), dtype=np.int8),
        })
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.actions.size) for agent in self.possible_agents}
        self._seeds = np.random.default_rng(seed)  # each reset without a seed deals the next game of this sequence
        self.game: EnvGame = table.new_game(seed=0)
        self._reset_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        game_seed = int(self._seeds.integers(2**63)) if seed is None else seed
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.game = self.table.new_game(seed=game_seed)
        self._reset_state()

    def _reset_state(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game.current]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        game = self.game
        ongoing = not (self.terminations[agent] or self.truncations[agent]) if agent in self.terminations else False
        to_move = ongoing and agent == self.agent_selection and not game.hand_over
        mask = self.actions.mask(game) if to_move else np.zeros(self.actions.size, dtype=np.int8)
        return {"observation": self.observer.encode(game.view(seat)), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        move = self.actions.move_of(action)
        if move not in game.legal_moves():
            raise EnvError(f"action {action} ({describe(self.table, move)}) is not legal for {agent} now; "
                           "the observation's action_mask holds the legal actions")
        before = encoding.margins(self.table, game.scores)
        self._cumulative_rewards[agent] = 0.0
        encoding.play(self.table, game, move)
        truncated = deal_next(self.table, game)
        after = encoding.margins(self.table, game.scores)
        self.rewards = {name: after[seat] - before[seat] for seat, name in enumerate(self.possible_agents)}
        if game.over or truncated:
            flags = dict.fromkeys(self.agents, True)
            if game.over:
                self.terminations = flags
            else:
                self.truncations = flags
        else:
            self.agent_selection = self.possible_agents[game.current]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render(self.table, self.game)

    def close(self) -> None:
        pass


def deal_next(table: Table, game: EnvGame) -> bool:
    """After a move: deal the next hand where one has ended and the game goes on; True where the game stops
    short of its end, max_hands hands played."""
    if game.over or not game.hand_over:
        return False
    if game.hand_number >= table.max_hands:
        return True
    game.start_hand()
    return False


def describe(table: Table, move: encoding.Move) -> str:
    """A move in words: "[1|4] on [4|6] high", "lead [6|6]", "draw"."""
    tile = table.engine.format_tile
    if move[0] != "play":
        return " ".join(str(part) for part in move)
    if move[2] is None:
        return f"lead {tile(move[1])}"
    by = f" by its {move[4]} half" if len(move) == 5 else ""
    return f"{tile(move[1])} on {tile(move[2])} {move[3]}{by}"


def render(table: Table, game: EnvGame) -> str:
    """The table as text, as every seat may see it (no hand shown)."""
    view = game.view(0)
    layout = view["layout"]
    ends = ", ".join(f"{tile} {port} {value}" for tile, port, value in layout["open_ports"]) or "none"
    state = "over" if game.over else "hand over" if game.hand_over else f"seat {game.current} to move"
    return (f"{table.engine.VARIANT_NAME}, hand {game.hand_number}: {state}\n"
            f"scores {view['scores']}, hand sizes {view['hand_sizes']}, pile {view['pile_size']}\n"
            f"table {' '.join(layout['tiles']) or 'empty'}; open ends {ends}")
