"""A variant as a single-agent Gymnasium environment: the learner holds one seat, the engine's bots the others."""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from . import encoding
from .encoding import Bot, EnvError, EnvGame, Table
from .pettingzoo import deal_next, describe, render

Observation = dict[str, Any]

ILLEGAL_REWARD = -1.0  # an action the mask does not allow: the episode ends as a loss by the whole target


class DominoesGymEnv(gymnasium.Env[Observation, np.int64]):
    """One game a episode, from the learner's seat: each step plays the learner's move, then the bots' until
    the learner is to move again (or the game ends). Observation, action space and reward are the PettingZoo
    environment's (encoding.Observer, encoding.Actions, encoding.margins); info["action_mask"] repeats the
    mask. An action that is not legal ends the episode with reward -1, info["illegal_action"] True."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, table: Table, seat: int, bots: tuple[str, ...], seed: int | None = None,
                 render_mode: str | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode is None or 'ansi', not {render_mode!r:.40}")
        self.table = table
        self.seat = seat
        self.bot_names = bots  # one for every seat but the learner's, in seat order
        self.actions = encoding.Actions(table)
        self.observer = encoding.Observer(table, self.actions)
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(self.observer.low, self.observer.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(self.actions.size,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(self.actions.size)
        self._first_seed = seed
        self.game: EnvGame = table.new_game(seed=0)
        self._bots: dict[int, Bot] = {}
        self._done = True

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=self._first_seed if seed is None and self._first_seed is not None else seed)
        self._first_seed = None  # later resets without a seed go on with the same generator
        game_seed = int(self.np_random.integers(2**63))
        self.game = self.table.new_game(seed=game_seed)
        others = [s for s in range(self.table.players) if s != self.seat]
        self._bots = {s: encoding.bot(self.table, name, seed=game_seed + s)
                      for s, name in zip(others, self.bot_names, strict=True)}
        self._done = False
        self._bots_play()
        return self._observation(), self._info()

    def step(self, action: np.int64) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._done:
            raise EnvError("the episode is over: call reset() for the next one")
        game = self.game
        move = self.actions.move_of(action)
        if move not in game.legal_moves():
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            info["reason"] = f"action {int(action)} ({describe(self.table, move)}) is not legal now"
            return self._observation(), ILLEGAL_REWARD, True, False, info
        before = encoding.margins(self.table, game.scores)[self.seat]
        encoding.play(self.table, game, move)
        truncated = deal_next(self.table, game) or self._bots_play()
        after = encoding.margins(self.table, game.scores)[self.seat]
        self._done = game.over or truncated
        return self._observation(), after - before, game.over, truncated and not game.over, self._info()

    def _bots_play(self) -> bool:
        """The other seats' moves until the learner is to move; True where max_hands cut the game short."""
        game = self.game
        while not game.over and (game.hand_over or game.current != self.seat):
            if game.hand_over:
                if deal_next(self.table, game):
                    return True
                continue
            encoding.play(self.table, game, self._bots[game.current].choose(game))
        return False

    def _observation(self) -> Observation:
        to_move = not self._done and not self.game.hand_over and self.game.current == self.seat
        mask = self.actions.mask(self.game) if to_move else np.zeros(self.actions.size, dtype=np.int8)
        return {"observation": self.observer.encode(self.game.view(self.seat)), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8)}

    def action_masks(self) -> encoding.Mask:
        """The legal actions as a mask (the name maskable learners look for)."""
        if self._done or self.game.hand_over or self.game.current != self.seat:
            return np.zeros(self.actions.size, dtype=np.int8)
        return self.actions.mask(self.game)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render(self.table, self.game)
