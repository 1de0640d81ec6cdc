# What every engine generates around the copied runtime, declared for the type checker: the tables,
# the event types and the methods whose code depends on the rules. The templates define these names.
import random
from typing import Literal, NotRequired, TypedDict

from .bots import play_game as play_game
from .game import Game as Game
from .layout import Layout as Layout
from .match import GameResult, MatchScore
from .types import (
    DrawEvent,
    HandEndEvent,
    HandEvent,
    Lead,
    Move,
    MugginsEvent,
    Pegs,
    PenaltyEvent,
    Placement,
    Port,
    SeatEvent,
    Tile,
    WildPlacement,
    WinEvent,
)

MAX_PIP: int
TILES: tuple[Tile, ...]
DEAL: dict[int, int]
VARIANT_NAME: str
RAW_POINTS: tuple[int, ...]
DISPLAYED_POINTS: tuple[int, ...]
_PIPS: dict[Tile, int]
_TILE_SET: frozenset[Tile]
_TEXT: dict[Tile, str]
LEAD_ORDER: tuple[Tile, ...]
WILD_TILES: frozenset[Tile]
_INFERS_LACKS: bool
EXPERT_WEIGHTS: dict[str, float]
_ISMCTS_EXPLORATION: float

def _placed(layout: Layout, move: Lead | Placement | WildPlacement) -> Layout: ...
def _points_on(layout: Layout, score: int, players: int) -> int: ...
def _step(game: Game, move: Move) -> None: ...

# The events whose fields depend on the kind of target.
class PlayEvent(TypedDict):
    event: Literal["play"]
    seat: int
    tile: str
    on: str | None
    port: str | None
    total: int
    raw: int
    points: int
    claim: NotRequired[int]
    by: NotRequired[str]
    scores: list[int]
    pegs: list[Pegs]

class AwardEvent(TypedDict):
    event: Literal["award"]
    scores: list[int]
    pegs: list[Pegs]

Event = (HandEvent | PlayEvent | DrawEvent | SeatEvent | PenaltyEvent | MugginsEvent | HandEndEvent | AwardEvent
         | WinEvent)
Board = tuple[tuple[int, ...], tuple[Pegs, ...]]
LoggedPlay = tuple[int, Tile, Tile | None, str | None, int, int, int, bool, bool, Board]

def _play_event(entry: LoggedPlay) -> PlayEvent: ...

class LayoutParts:
    tiles: list[Tile]
    _open: list[Port]
    _links: list[tuple[Tile, str, Tile, str]]
    _lines_filled: dict[Tile, int]
    def _lead(self, tile: Tile) -> None: ...
    def _cover(self, tile: Tile, on: Tile, port: str) -> None: ...
    def spinners(self) -> list[Tile]: ...
    def counted_ends(self) -> list[Port]: ...
    def end_total(self) -> int: ...
    def copy(self) -> Layout: ...

class GameParts:
    players: int
    partnerships: bool
    sides: int
    target: int
    _sides: tuple[int, ...]
    scores: list[int]
    rng: random.Random
    _log: list[Event | LoggedPlay]
    _deals: list[tuple[int, list[Tile]]]
    starting_scores: list[int]
    pegs: list[Pegs]
    _board: Board
    winners: list[int]
    over: bool
    first_hand: int
    hand_number: int
    hand_over: bool
    opener: int
    current: int
    hands: list[list[Tile]]
    pile: list[Tile]
    layout: Layout
    _last_tile_seat: int
    _last_blocked: bool
    _extra: bool
    _drawn: Tile | None
    _draws: int
    _passes: int
    _legal: tuple[Move, ...] | None
    def __init__(self, players: int, partnerships: bool | None = None, seed: int | None = None,
                 scores: list[int] | None = None, opener: int | None = None, deal: bool = True,
                 first_hand: int = 1) -> None: ...
    def start_hand(self, opener: int | None = None, hands: list[list[Tile]] | None = None,
                   pile: list[Tile] | None = None) -> None: ...
    def _choose_opener(self, given: int | None, hands: list[list[Tile]]) -> int: ...
    def _compute_legal(self) -> tuple[Move, ...]: ...
    def play(self, move: Move, claim: int | None = None) -> None: ...
    def _make(self, move: Move) -> None: ...

class MatchScoreParts:
    sides: int
    match_points: list[int]
    games_won: list[int]
    results: list[GameResult]
    winners: list[int]
    over: bool
    def add_game(self, scores: list[int]) -> GameResult: ...

class MatchParts:
    _rng: random.Random
    games: list[Game]
    players: int
    partnerships: bool
    score: MatchScore
    def next_game(self, opener: int | None = None, deal: bool = True) -> Game: ...
