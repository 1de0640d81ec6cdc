"""A variant as an OpenSpiel game: sequential, imperfect information, with chance nodes for the deal (a tile at
a time), the opener where it is drawn by lot, and every tile drawn from the pile.

`register(spec)` registers the variant as a Python game ("python_dominospec_<module>") and returns it loaded.
Its players' actions are the fixed action space of encoding.Actions; its chance outcomes are tiles (the index
of the tile in the set) and, for the opener, seats. A game is the variant's game to its target, or max_hands
hands. Returns are terminal and zero-sum: a seat of a side that wins gets ((sides / winning sides) - 1) /
(sides - 1), any other -1 / (sides - 1); so 1 and -1 with two sides, and 0 for every seat where max_hands cut
the game short.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np

from . import require

require(("numpy", "pyspiel"), "dominospec.envs.openspiel")

import pyspiel  # type: ignore[import-not-found]  # noqa: E402  # OpenSpiel ships no type information

from . import encoding  # noqa: E402
from .encoding import MAX_HANDS, EnvError, EnvGame, Table, Tile  # noqa: E402

PREFIX = "python_dominospec_"
DEAL, OPENER, DRAW, PLAY, OVER = "deal", "opener", "draw", "play", "over"


class _Shared:
    """What every state of a loaded game shares, never changed: the table, its actions and observer."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.actions = encoding.Actions(table)
        self.observer = encoding.Observer(table, self.actions)
        self.tiles = table.engine.TILES
        self.tile_index = {tile: i for i, tile in enumerate(self.tiles)}
        self.deal_size: int = table.engine.DEAL[table.players]
        self.aside: dict[int, frozenset[Tile]] = {}  # hand number -> the tiles laid on the table before its deal
        players, count = table.players, len(self.tiles)
        # The information state adds the hand under way to the observation: who played each tile and when,
        # what the seat drew, each seat's passes and draws, the hand's number and its opener.
        self.recall_fields: tuple[tuple[str, int], ...] = (
            ("played_by", count * players), ("play_order", count), ("drawn", count), ("passes", players),
            ("draws", players), ("hand_number", 1), ("opener", players))

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self


class _Held:
    """The engine's Game of a state. OpenSpiel copies a state with copy.deepcopy; the engine's own fork copies
    a game's lists and layout and shares the rest, which no move changes, at a fraction of the cost."""

    __slots__ = ("game", "fork")

    def __init__(self, game: EnvGame, fork: Callable[[EnvGame], EnvGame]) -> None:
        self.game = game
        self.fork = fork

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(self.fork(self.game), self.fork)


# Every registered name's table maker: a later register() of the same name replaces the variant it loads.
_VARIANTS: dict[str, Callable[[int, bool, int], _Shared]] = {}
_TYPES: dict[str, Any] = {}


def register(spec: object, players: int = 2, partnerships: bool | None = None,
             max_hands: int = MAX_HANDS) -> Any:
    """Register the variant of spec (a .rules path or an engine module) as an OpenSpiel Python game and return
    it loaded (a pyspiel.Game) for the table asked: players, partnerships (None: the variant's rule), and a
    game of at most max_hands hands. pyspiel.load_game(game.get_type().short_name, {"players": 4, ...}) loads
    other tables of it. EnvError for a spec or table the variant does not have."""
    table = encoding.table(spec, players, partnerships, max_hands)
    engine = table.engine
    name = PREFIX + engine.__name__.rsplit(".", 1)[-1].removeprefix("dominospec_engine_")

    def shared(players: int, partnerships: bool, max_hands: int) -> _Shared:
        return _Shared(encoding.table(engine, players, partnerships, max_hands))

    _VARIANTS[name] = shared
    if name not in _TYPES:
        game_type = pyspiel.GameType(
            short_name=name, long_name=f"dominospec {engine.VARIANT_NAME}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=engine.MAX_PLAYERS, min_num_players=engine.MIN_PLAYERS,
            provides_information_state_string=True, provides_information_state_tensor=True,
            provides_observation_string=True, provides_observation_tensor=True,
            parameter_specification={"players": table.players, "partnerships": table.partnerships,
                                     "max_hands": table.max_hands})
        _TYPES[name] = game_type
        pyspiel.register_game(game_type, type(f"DominoesGame_{name}", (DominoesGame,), {"short_name": name}))
    return pyspiel.load_game(name, {"players": table.players, "partnerships": table.partnerships,
                                    "max_hands": table.max_hands})


class DominoesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A registered variant at one table; register() makes its class, one per registered name."""

    short_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = _TYPES[self.short_name]
        chosen = {**game_type.parameter_specification, **(params or {})}
        try:
            self.shared = _VARIANTS[self.short_name](chosen["players"], chosen["partnerships"], chosen["max_hands"])
        except EnvError as err:
            raise ValueError(str(err)) from None
        table = self.shared.table
        tiles = len(self.shared.tiles)
        pile = tiles - table.players * self.shared.deal_size
        # A hand's moves: every tile played, every tile drawn, muggins calls, and at most a pass by each
        # seat between two of them (after that the hand is blocked).
        per_hand = (tiles + pile) * (table.players + 2) + table.players
        info = pyspiel.GameInfo(num_distinct_actions=self.shared.actions.size,
                                max_chance_outcomes=max(tiles, table.players), num_players=table.players,
                                min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=per_hand * table.max_hands)
        super().__init__(game_type, info, chosen)

    def new_initial_state(self) -> DominoesState:
        return DominoesState(self, self.shared)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r:.60}")
        return _Observer(self.shared, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))

    def action_of(self, move: encoding.Move) -> int:
        """The action of one of the engine's moves."""
        return self.shared.actions.action_of(move)

    def move_of(self, action: int) -> encoding.Move:
        """The engine's move an action stands for."""
        return self.shared.actions.move_of(action)


class DominoesState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A state of the game: the engine's Game, and the deal in the making between hands."""

    def __init__(self, game: DominoesGame, shared: _Shared) -> None:
        super().__init__(game)
        self._shared = shared
        table = shared.table
        self._held = _Held(table.engine.Game(table.players, table.partnerships, seed=0, deal=False),
                           table.engine._fork)
        self._phase = DEAL
        self._dealing: list[Tile] = []  # this hand's tiles dealt so far, seat by seat
        self._openers: list[int] = []  # the seats the lot draws from
        self._dealt: list[list[list[Tile]]] = []  # every hand's hands as dealt

    @property
    def engine_game(self) -> EnvGame:
        """The engine's Game under the state: for a bot of the engine to choose from (it reads only its view)."""
        return self._held.game

    @property
    def _game(self) -> EnvGame:
        return self._held.game

    # --- the OpenSpiel state API ------------------------------------------------------------------

    def current_player(self) -> int:
        if self._phase == OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._phase == PLAY:
            return self._game.current
        return int(pyspiel.PlayerId.CHANCE)

    def _undealt(self) -> frozenset[Tile]:
        """The tiles the hand about to be dealt lays on the table before its deal (a round's engine set aside):
        no hand and no pile holds them. The engine's own deal of that hand shows them, before any move."""
        number = self._game.hand_number + 1
        aside = self._shared.aside
        if number not in aside:  # a new game has made no move: whatever is on its table was laid before the deal
            table = self._shared.table
            aside[number] = frozenset(table.engine.Game(table.players, table.partnerships, seed=0,
                                                        first_hand=number).layout.tiles)
        return aside[number]

    def _legal_actions(self, player: int) -> list[int]:
        return self._shared.actions.legal(self._game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self._shared.tile_index
        if self._phase == OPENER:
            return [(seat, 1.0 / len(self._openers)) for seat in self._openers]
        if self._phase == DRAW:
            choices = sorted(index[tile] for tile in self._game.pile)
        else:
            dealt = set(self._dealing) | self._undealt()
            choices = [i for i, tile in enumerate(self._shared.tiles) if tile not in dealt]
        return [(i, 1.0 / len(choices)) for i in choices]

    def _apply_action(self, action: int) -> None:
        shared = self._shared
        if self._phase == DEAL:
            self._dealing.append(shared.tiles[action])
            if len(self._dealing) == shared.table.players * shared.deal_size:
                self._dealt_all()
        elif self._phase == OPENER:
            self._start(action)
        elif self._phase == DRAW:
            tile = shared.tiles[action]
            pile = self._game.pile
            pile.remove(tile)
            pile.insert(0, tile)  # the pile is drawn from the front: this is the tile chance drew
            self._game.play(("draw",))
            self._after_move()
        else:
            move = shared.actions.move_of(action)
            if move == ("draw",):
                self._phase = DRAW
                return
            encoding.play(shared.table, self._game, move)
            self._after_move()

    def _action_to_string(self, player: int, action: int) -> str:
        from .pettingzoo import describe

        if player == pyspiel.PlayerId.CHANCE:
            if self._phase == OPENER:
                return f"opener seat {action}"
            verb = "draw" if self._phase == DRAW else "deal"
            return f"{verb} {self._shared.table.engine.format_tile(self._shared.tiles[action])}"
        return describe(self._shared.table, self._shared.actions.move_of(action))

    def is_terminal(self) -> bool:
        return self._phase == OVER

    def returns(self) -> list[float]:
        table = self._shared.table
        game = self._game
        if self._phase != OVER or not game.over:
            return [0.0] * table.players
        sides, won = table.side_count, len(game.winners)
        worth = [((sides / won if side in game.winners else 0.0) - 1.0) / (sides - 1) for side in range(sides)]
        return [worth[side] for side in table.sides]

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> DominoesState:
        """A state the seat cannot tell from this one: the tiles it cannot see dealt again at random, as the
        engine's own search deals them (each seat's hand size kept, and the numbers it has shown it lacks)."""
        clone: DominoesState = self.clone()
        rng = random.Random(int(probability_sampler() * 2**52))
        players, size = self._shared.table.players, self._shared.deal_size
        if self._phase in (DEAL, OPENER):  # a deal under way: the tiles of the other seats, from the rest
            dealing = clone._dealing
            own = {i for i in range(len(dealing)) if i // size == player}
            rest = [t for t in self._shared.tiles if t not in {dealing[i] for i in own}]
            rng.shuffle(rest)
            others = iter(rest)
            clone._dealing = [dealing[i] if i in own else next(others) for i in range(len(dealing))]
            return clone
        if self._phase == OVER:
            return clone
        game = clone._game
        if game.current != player:
            raise EnvError(f"a state is resampled for the seat to move, seat {game.current}, not seat {player}")
        hands, pile = self._shared.table.engine._Knowledge(game.view(player)).deal(rng)
        for seat in range(players):
            if seat != player:
                game.hands[seat] = list(hands[seat])
        game.pile[:] = pile
        return clone

    def __str__(self) -> str:
        game = self._game
        tiles = self._shared.table.engine.format_tile
        hands = " / ".join(" ".join(map(tiles, hand)) for hand in game.hands)
        return (f"phase {self._phase}; dealing {' '.join(map(tiles, self._dealing))}; openers {self._openers}\n"
                f"hand {game.hand_number}, seat {game.current} to move; scores {game.scores}\n"
                f"hands {hands}; pile {' '.join(map(tiles, game.pile))}\n"
                f"table {' '.join(map(tiles, game.layout.tiles))}")

    # --- between the moves ------------------------------------------------------------------------

    def _dealt_all(self) -> None:
        """The hands are dealt: the opener is settled by the rules, or drawn by lot (a chance node)."""
        hands, pile = self._hands()
        openers = _openers(self._shared.table.engine, self._game, hands, pile)
        if not openers:  # the rules void this deal (no hand holds the tile that must lead): deal again
            self._dealing = []
        elif len(openers) == 1:
            self._start(openers[0])
        else:
            self._openers = openers
            self._phase = OPENER

    def _hands(self) -> tuple[list[list[Tile]], list[Tile]]:
        size = self._shared.deal_size
        hands = [self._dealing[start:start + size] for start in range(0, len(self._dealing), size)]
        dealt = set(self._dealing) | self._undealt()
        return hands, [tile for tile in self._shared.tiles if tile not in dealt]

    def _start(self, opener: int) -> None:
        hands, pile = self._hands()
        self._game.start_hand(opener, [list(hand) for hand in hands], pile)
        self._dealt.append(hands)
        self._dealing, self._openers = [], []
        self._phase = PLAY
        self._after_move()

    def _after_move(self) -> None:
        game = self._game
        if game.over or (game.hand_over and game.hand_number >= self._shared.table.max_hands):
            self._phase = OVER
        elif game.hand_over:
            self._phase = DEAL
        else:
            self._phase = PLAY

    # --- what a seat knows ------------------------------------------------------------------------

    def information_string(self, player: int) -> str:
        """Everything the seat has seen, in order: its hands as dealt, the public events and its own draws."""
        tiles = self._shared.table.engine.format_tile
        lines = [f"seat {player}"]
        lines += [f"hand {n} dealt {' '.join(map(tiles, hands[player]))}" for n, hands in enumerate(self._dealt, 1)]
        if self._phase in (DEAL, OPENER):
            size = self._shared.deal_size
            lines.append(f"dealing {' '.join(map(tiles, self._dealing[player * size:(player + 1) * size]))}")
        lines.append(json.dumps(self._game.view(player)["events"], separators=(",", ":"), sort_keys=True))
        lines.append(f"holding {' '.join(map(tiles, self._own_hand(player)))}; {self._phase}")
        return "\n".join(lines)

    def observation_string(self, player: int) -> str:
        """The observation's fields in words: each field's entries that are not 0."""
        vector = self.observation_vector(player)
        parts = []
        for name, size, _, _ in self._shared.observer.fields:
            start = self._shared.observer.offsets[name]
            entries = [f"{i}={vector[start + i]:g}" for i in range(size) if vector[start + i]]
            parts.append(f"{name}: {' '.join(entries)}")
        return f"seat {player}; {self._phase}; " + "; ".join(parts)

    def observation_vector(self, player: int) -> encoding.Vector:
        view = self._game.view(player)
        if self._phase in (DEAL, OPENER):  # between hands the seat holds the tiles dealt to it so far
            size = self._shared.deal_size
            view = {**view, "hand": [self._shared.table.engine.format_tile(t)
                                     for t in self._dealing[player * size:(player + 1) * size]]}
        return self._shared.observer.encode(view)

    def recall_vector(self, player: int) -> encoding.Vector:
        """The hand under way as the seat saw it (the information state's own fields)."""
        shared = self._shared
        players, count = shared.table.players, len(shared.tiles)
        order = encoding.rotated(player, players)
        where = {seat: k for k, seat in enumerate(order)}
        out = np.zeros(sum(size for _, size in shared.recall_fields), dtype=np.float32)
        at, start = {}, 0
        for name, size in shared.recall_fields:
            at[name] = start
            start += size
        events = self._game.view(player)["events"]
        first = max((i for i, e in enumerate(events) if e["event"] == "hand"), default=len(events))
        played = 0
        parse = shared.table.engine.parse_tile
        for event in events[first:]:
            kind = event["event"]
            if kind == "hand":
                out[at["hand_number"]] = event["hand"]
                out[at["opener"] + where[event["opener"]]] = 1
            elif kind == "play":
                played += 1
                tile = shared.tile_index[parse(event["tile"])]
                out[at["played_by"] + tile * players + where[event["seat"]]] = 1
                out[at["play_order"] + tile] = played / count
            elif kind == "draw":
                out[at["draws"] + where[event["seat"]]] += 1
                if event["tile"] is not None:
                    out[at["drawn"] + shared.tile_index[parse(event["tile"])]] = 1
            elif kind == "pass":
                out[at["passes"] + where[event["seat"]]] += 1
        return out

    def _own_hand(self, player: int) -> list[Tile]:
        if self._phase in (DEAL, OPENER):
            size = self._shared.deal_size
            return self._dealing[player * size:(player + 1) * size]
        return self._game.hands[player]


def _openers(engine: encoding.Engine, game: EnvGame, hands: list[list[Tile]], pile: list[Tile]) -> list[int]:
    """The seats that may open a hand of these hands: the one the rules name, or every seat where the lot
    draws it; none where the rules void the deal. Tried on copies, so that the game is left as it was."""
    first = None
    for seat in range(game.players):
        probe = engine._fork(game)
        try:
            probe.start_hand(seat, [list(hand) for hand in hands], list(pile))
        except engine.IllegalMove:
            if first is not None:  # the seat before was the one the rules name
                return [first]
            continue
        if first is not None:  # a second seat accepted: the lot draws any seat
            return list(range(game.players))
        first = seat
    return [] if first is None else [first]


class _Observer:
    """OpenSpiel's observer of the game: the observation (encoding.Observer's vector), or with perfect recall
    the information state (the observation and the hand under way, encoding's fields and recall_fields)."""

    def __init__(self, shared: _Shared, iig_obs_type: Any) -> None:
        self._shared = shared
        self._recall = bool(iig_obs_type.perfect_recall)
        self._private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._public = bool(iig_obs_type.public_info)
        fields = [(name, size) for name, size, _, _ in shared.observer.fields]
        if self._recall:
            fields += list(shared.recall_fields)
        self.tensor = np.zeros(sum(size for _, size in fields), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, size in fields:
            self.dict[name] = self.tensor[start:start + size]
            start += size

    def set_from(self, state: DominoesState, player: int) -> None:
        parts = [state.observation_vector(player)]
        if self._recall:
            parts.append(state.recall_vector(player))
        self.tensor[:] = np.concatenate(parts)
        private = ("hand", "drawn")  # what only the seat itself sees
        for name, piece in self.dict.items():
            if (name in private and not self._private) or (name not in private and not self._public):
                piece[:] = 0

    def string_from(self, state: DominoesState, player: int) -> str:
        return state.information_string(player) if self._recall else state.observation_string(player)


def engine_bot(game: DominoesGame, name: str, seed: int | None = None) -> Callable[[DominoesState], int]:
    """One of the engine's bots by name (random, greedy, expert, ismcts:N, ismcts:Nms) as a player of a loaded
    game: a function from a state at a seat's turn to the action the bot chooses there, from that seat's view."""
    shared = game.shared
    bot = encoding.bot(shared.table, name, seed)

    def choose(state: DominoesState) -> int:
        if state.is_chance_node() or state.is_terminal():
            raise EnvError("an engine bot chooses at a seat's turn, not at a chance node or the end")
        return shared.actions.action_of(bot.choose(state.engine_game))

    return choose
