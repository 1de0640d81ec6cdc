"""What the three research interfaces share: a variant's engine from a spec, a table of it, the fixed action
space, the observation a seat is given, the reward, and the engine's bots by name.

Everything a seat is given is read from its view (`game.view(seat)`) and the table's public facts (who sits on
which side, the target): never from another seat's hand. The numbers a seat has shown it lacks are the
engine's own reading of the view (`_Knowledge`, the one its expert and search bots use).
"""

from __future__ import annotations

import os
import random
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from ..engine_api import as_variant, engine_of
from ..language.diagnostics import Problems
from ..language.loader import load_variant
from ..play import bots as bot_names
from ..targets.engines import load_engine

Tile = tuple[int, int]
Move = tuple[Any, ...]  # one of the engine's Move tuples: ("play", tile, on, port[, by]), ("draw",), ...
Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

# A game's hands, when no target ends it sooner: the engines' own play_game limit.
MAX_HANDS = 1000
# The scores' bounds in the observation, in targets (in points in pool play): far beyond any game's.
SCORE_BOUND = 1e9
LINE_PORTS = ("low", "high")  # the halves of a tile that is no double; a double's ports are its line and branch sides


class EnvError(ValueError):
    """An environment asked for in a way that cannot be: a spec that is not a variant's, a table the variant
    does not have, a bot that is not one, an action that is not legal."""


class Bot(Protocol):
    def choose(self, game: Any) -> Move: ...


class Limit(Protocol):
    numbers: frozenset[int]
    allowed: int


class Knowledge(Protocol):
    limits: list[list[Limit]]

    def deal(self, rng: random.Random) -> tuple[dict[int, list[Tile]], list[Tile]]: ...


class Layout(Protocol):
    tiles: list[Tile]


class EnvGame(Protocol):
    """What the environments use of an engine's Game."""

    players: int
    partnerships: bool
    scores: list[int]
    target: int
    over: bool
    hand_over: bool
    current: int
    hand_number: int
    hands: list[list[Tile]]
    pile: list[Tile]
    layout: Layout
    winners: list[int]

    def side_of(self, seat: int) -> int: ...
    def legal_moves(self) -> tuple[Move, ...]: ...
    def play(self, move: Move, claim: int | None = None) -> None: ...
    def view(self, seat: int) -> dict[str, Any]: ...
    def start_hand(self, opener: int | None = None, hands: list[list[Tile]] | None = None,
                   pile: list[Tile] | None = None) -> None: ...


class Engine(Protocol):
    """What the environments use of a variant's generated engine module."""

    __name__: str
    VARIANT_NAME: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    DEAL: dict[int, int]
    MAX_PIP: int
    TILES: tuple[Tile, ...]
    WILD_TILES: frozenset[Tile]
    PORT_NAMES: tuple[str, ...]
    IllegalMove: type[Exception]

    def Game(self, players: int, partnerships: bool | None = None, seed: int | None = None,
             scores: list[int] | None = None, opener: int | None = None, deal: bool = True,
             first_hand: int = 1) -> EnvGame: ...
    def RandomBot(self, seed: int | None = None) -> Bot: ...
    def GreedyBot(self) -> Bot: ...
    def ExpertBot(self) -> Bot: ...
    def IsmctsBot(self, iterations: int | None = None, ms: float | None = None, seed: int | None = None) -> Bot: ...
    def _Knowledge(self, view: Mapping[str, Any]) -> Knowledge: ...
    def _fork(self, game: EnvGame) -> EnvGame: ...
    def parse_tile(self, text: str) -> Tile: ...
    def format_tile(self, tile: Tile) -> str: ...


def load(spec: object) -> Engine:
    """The engine of a spec: a path to a variant's .rules file, or a generated engine module (such as
    dominospec.generated.fives_and_threes). EnvError, with the checks' own words, for anything else."""
    if isinstance(spec, types.ModuleType):
        try:
            variant = as_variant(engine_of(spec))
        except TypeError as err:
            raise EnvError(str(err)) from None
        if variant is None:
            raise EnvError(f"{spec.__name__} is a match format's module: an environment plays a variant")
        return cast(Engine, variant)
    if not isinstance(spec, str | os.PathLike):
        raise EnvError(f"a spec is a path to a variant's .rules file or an engine module, not {spec!r:.60}")
    path = Path(spec)
    try:
        loaded = load_engine(load_variant(path, "an environment"), path)
    except Problems as err:
        raise EnvError(err.render()) from None
    return cast(Engine, loaded)


@dataclass(frozen=True)
class Table:
    """A variant at a table: its engine, the seats, and each seat's side (public from the start)."""

    engine: Engine
    players: int
    partnerships: bool
    sides: tuple[int, ...]  # the side of each seat
    max_hands: int
    announced: bool  # placement points are announced: muggins calls are moves
    scale: float  # points per unit of score and reward: the target, or 1 in pool play, which has none

    @property
    def side_count(self) -> int:
        return max(self.sides) + 1

    def new_game(self, seed: int | None) -> EnvGame:
        return self.engine.Game(self.players, self.partnerships, seed=seed)

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self  # immutable, and holds a module, which cannot be copied: every copy of a state shares it


def table(spec: object, players: object, partnerships: object, max_hands: object = MAX_HANDS) -> Table:
    """The variant's table, checked by the engine itself: EnvError in its words for a table it does not have."""
    engine = load(spec)
    if type(max_hands) is not int or max_hands < 1:
        raise EnvError(f"max_hands is a whole number of at least 1, not {max_hands!r:.40}")
    try:
        game = engine.Game(players, partnerships, deal=False)  # type: ignore[arg-type]  # the engine checks them
    except engine.IllegalMove as err:
        raise EnvError(f"no such table: {err}") from None
    sides = tuple(game.side_of(seat) for seat in range(game.players))
    announced = callable(getattr(type(game), "points_for", None))  # the engine's claims API, where scores are announced
    return Table(engine, game.players, game.partnerships, sides, max_hands, announced, float(max(1, game.target)))


def rotated(seat: int, players: int) -> list[int]:
    """The seats as a seat sees them: itself first, then clockwise."""
    return [(seat + k) % players for k in range(players)]


# --- the action space -----------------------------------------------------------------------------


class Actions:
    """The fixed action space of a table: one action for every move the engine could ever list.

    In order: the lead of every tile; every tile on every port of every tile (a tile that is no double has
    the ports low and high, a double lineA, lineB, branchA and branchB); where there are wild tiles, every
    wild tile that is no double on every port by each half (low, high); draw; pass; and where placement
    points are announced, a muggins call by every seat.
    """

    def __init__(self, table: Table) -> None:
        engine = table.engine
        tiles = engine.TILES
        double_ports = tuple(port for port in engine.PORT_NAMES if port not in LINE_PORTS)
        self.ends: tuple[tuple[Tile, str], ...] = tuple(
            (tile, port) for tile in tiles for port in (double_ports if tile[0] == tile[1] else LINE_PORTS))
        wild = [tile for tile in tiles if tile in engine.WILD_TILES and tile[0] != tile[1]]
        blocks: list[tuple[str, list[Move]]] = [
            ("lead", [("play", tile, None, None) for tile in tiles]),
            ("play", [("play", tile, on, port) for tile in tiles for on, port in self.ends]),
            ("play by", [("play", tile, on, port, by) for tile in wild for on, port in self.ends for by in LINE_PORTS]),
            ("draw", [("draw",)]),
            ("pass", [("pass",)]),
            ("muggins", [("muggins", seat) for seat in range(table.players)] if table.announced else []),
        ]
        self.moves: tuple[Move, ...] = tuple(move for _, moves in blocks for move in moves)
        self.index: dict[Move, int] = {move: i for i, move in enumerate(self.moves)}
        self.blocks: tuple[tuple[str, int, int], ...] = tuple(_spans(blocks))  # (name, first action, count)
        self.size = len(self.moves)

    def action_of(self, move: Move) -> int:
        return self.index[move]

    def move_of(self, action: object) -> Move:
        """The move an action stands for; EnvError for a number that is no action."""
        if isinstance(action, np.integer):
            action = int(action)
        if type(action) is not int or not 0 <= action < self.size:
            raise EnvError(f"an action is a whole number from 0 to {self.size - 1}, not {action!r:.40}")
        return self.moves[action]

    def legal(self, game: EnvGame) -> list[int]:
        """The legal moves' actions, in ascending order."""
        return sorted(self.index[move] for move in game.legal_moves())

    def mask(self, game: EnvGame) -> Mask:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[self.legal(game)] = 1
        return mask

    def __deepcopy__(self, memo: dict[int, object]) -> Actions:
        return self  # never changed once built


def _spans(blocks: list[tuple[str, list[Move]]]) -> list[tuple[str, int, int]]:
    spans, first = [], 0
    for name, moves in blocks:
        if moves:
            spans.append((name, first, len(moves)))
        first += len(moves)
    return spans


def play(table: Table, game: EnvGame, move: Move) -> None:
    """Play a legal move; a placement where points are announced claims its true points, as the bots do."""
    if table.announced and move[0] == "play":
        game.play(move, claim=cast(Any, game).points_for(move))
    else:
        game.play(move)


# --- the observation ------------------------------------------------------------------------------


class Observer:
    """A seat's observation as one float32 vector of named fields (FIELDS, in order; seats as the seat sees
    them, itself first, then clockwise):

    hand (a 1 for each tile of the set it holds), table (each tile on the table), open_ends (each port of
    each tile that is open), open_values (how many open ends show each number 0 .. MAX_PIP), counted_ends
    (the value each port counts for the placement score, 0 where it counts nothing), end_total, scores (the
    score of each seat's side, in targets: score / target where there is a target), hand_sizes, pile_size,
    lacks (for each seat, a 1 for each number it has shown it holds no tile of), to_move (the seat to move),
    partner (a 1 for each seat of its own side), markers (a 1 for each seat whose train carries its marker, where
    the layout has trains).
    """

    def __init__(self, table: Table, actions: Actions) -> None:
        engine = table.engine
        players, numbers, tiles, ends = table.players, engine.MAX_PIP + 1, len(engine.TILES), len(actions.ends)
        pips = sum(low + high for low, high in engine.TILES)  # more than any end or total can count
        self.fields: tuple[tuple[str, int, float, float], ...] = (  # name, size, lowest, highest
            ("hand", tiles, 0, 1), ("table", tiles, 0, 1), ("open_ends", ends, 0, 1), ("open_values", numbers, 0, ends),
            ("counted_ends", ends, 0, pips), ("end_total", 1, 0, pips), ("scores", players, -SCORE_BOUND, SCORE_BOUND),
            ("hand_sizes", players, 0, tiles), ("pile_size", 1, 0, tiles), ("lacks", players * numbers, 0, 1),
            ("to_move", players, 0, 1), ("partner", players, 0, 1), ("markers", players, 0, 1))
        self.size = sum(size for _, size, _, _ in self.fields)
        self.low = np.concatenate([np.full(size, low, np.float32) for _, size, low, _ in self.fields])
        self.high = np.concatenate([np.full(size, high, np.float32) for _, size, _, high in self.fields])
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size, _, _ in self.fields:
            self.offsets[name] = at
            at += size
        self._table = table
        self._tile = {engine.format_tile(tile): i for i, tile in enumerate(engine.TILES)}
        self._end = {(engine.format_tile(tile), port): i for i, (tile, port) in enumerate(actions.ends)}
        self._numbers = numbers

    def encode(self, view: Mapping[str, Any]) -> Vector:
        """The observation of the seat whose view this is."""
        table = self._table
        seat, players = view["seat"], table.players
        order = rotated(seat, players)
        at = self.offsets
        out = np.zeros(self.size, dtype=np.float32)
        for text in view["hand"]:
            out[at["hand"] + self._tile[text]] = 1
        layout = view["layout"]
        for text in layout["tiles"]:
            out[at["table"] + self._tile[text]] = 1
        for tile, port, value in layout["open_ports"]:
            out[at["open_ends"] + self._end[(tile, port)]] = 1
            out[at["open_values"] + value] += 1
        for tile, port, value in layout["counted_ends"]:
            out[at["counted_ends"] + self._end[(tile, port)]] += value
        out[at["end_total"]] = layout["end_total"]
        knowing = table.engine._Knowledge(view)
        marked = layout.get("markers", ())
        for k, other in enumerate(order):
            out[at["markers"] + k] = other in marked
            out[at["scores"] + k] = view["scores"][table.sides[other]] / table.scale
            out[at["hand_sizes"] + k] = view["hand_sizes"][other]
            out[at["to_move"] + k] = other == view["current"] and not view["hand_over"]
            out[at["partner"] + k] = table.sides[other] == table.sides[seat]
            for limit in knowing.limits[other]:
                if limit.allowed == 0:
                    for number in limit.numbers:
                        out[at["lacks"] + k * self._numbers + number] = 1
        out[at["pile_size"]] = view["pile_size"]
        return out

    def __deepcopy__(self, memo: dict[int, object]) -> Observer:
        return self  # never changed once built


# --- the reward -----------------------------------------------------------------------------------


def margins(table: Table, scores: Sequence[int]) -> list[float]:
    """Each seat's lead, in targets: its side's score less the mean of the other sides' scores, over the
    target. The reward of a step is the change of it, so an episode's rewards add up to the final margin, and
    the sides' rewards add up to 0."""
    sides = table.side_count
    total = sum(scores)
    return [(scores[side] - (total - scores[side]) / (sides - 1)) / table.scale for side in table.sides]


# --- the bots -------------------------------------------------------------------------------------


def bot(table: Table, name: object, seed: int | None) -> Bot:
    """One of the engine's bots by its name (random, greedy, expert, ismcts:N, ismcts:Nms)."""
    if not isinstance(name, str):
        raise EnvError(f"a bot is named by a string ({bot_names.NAMES_TEXT}), not {name!r:.40}")
    try:
        return cast(Bot, bot_names.build(table.engine, name, seed))
    except bot_names.BadBotName as err:
        raise EnvError(f"{err}; {err.hint}" if err.hint else str(err)) from None


def seat(table: Table, value: object) -> int:
    """A seat of the table, checked."""
    if type(value) is not int or not 0 <= value < table.players:
        raise EnvError(f"there is no seat {value!r:.40}: the seats are 0 to {table.players - 1}")
    return value
