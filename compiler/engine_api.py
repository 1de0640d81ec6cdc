"""The engine contract: exactly what verify, replay (and its board), example, build orders and the
pytest plugin use of a generated module, as Protocols.

A module is one of two kinds, named by its SPEC_KIND: a variant's engine ("variant") or a match
format's scoring ("match format"). A variant with match rules (HAS_MATCH_PLAY) also plays matches.
Match scoring comes from either: a match format, or a variant's match section. `engine_of` types a
loaded module after checking its kind; `as_variant`, `match_rules` and `match_play` give the facet a
caller needs, or None where the module has none; nothing probes a module for attributes.
`read_tile`, `spec_name` and `new_layout` (a trains variant's Layout takes the table's players) are
uses of the contract that several callers share.

Constants are read-only properties here, so that a module's plain assignments satisfy them.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, Protocol, cast

Tile = tuple[int, int]
End = tuple[Tile, str]  # a tile and one of its ports
Port = tuple[Tile, str, int]  # a tile, one of its ports, the pips that port shows
Link = tuple[End, End]
# The engines' own move types, written again: tuple types match by shape, so these are the same types.
Lead = tuple[Literal["play"], Tile, None, None]
Placement = tuple[Literal["play"], Tile, Tile, str]
WildPlacement = tuple[Literal["play"], Tile, Tile, str, str]  # a wild tile but a double, by the half that touches
Move = (Lead | Placement | WildPlacement | tuple[Literal["draw"]] | tuple[Literal["pass"]]
        | tuple[Literal["muggins"], int])
# An engine's events and results are TypedDicts of its own; read here as what every one of them is.
Event = Mapping[str, Any]

VARIANT = "variant"
MATCH_FORMAT = "match format"


class EngineLayout(Protocol):
    """An engine's Layout: the tiles on the table."""

    tiles: list[Tile]

    def place(self, tile: Tile, on: Tile | None = None, port: str | None = None) -> None: ...
    def connections(self) -> list[Link]: ...
    def spinners(self) -> list[Tile]: ...
    def open_ports(self) -> list[Port]: ...
    def counted_ends(self) -> list[Port]: ...
    def placements_for(self, tile: Tile) -> list[tuple[Tile | None, str | None]]: ...
    def copy(self) -> EngineLayout: ...


class EngineGame(Protocol):
    """An engine's Game: one game to the target, hand by hand."""

    scores: list[int]
    target: int  # the target of this game: the variant's, or its player count's
    winners: list[int]
    over: bool
    hand_over: bool
    current: int
    first_hand: int  # the game's number of its first hand here: 1, or more for a record of its later hands

    @property
    def players(self) -> int: ...
    @property
    def partnerships(self) -> bool: ...
    @property
    def events(self) -> Sequence[Event]: ...
    def start_hand(self, opener: int | None = None, hands: list[list[Tile]] | None = None,
                   pile: list[Tile] | None = None) -> None: ...
    def apply(self, move: Move, claim: int | None = None) -> Sequence[Event]: ...
    # A game a move at a time (a table, a bot, a driver in another language): the same members in every engine,
    # the Python engines' and dominospec.native.Game, and in JavaScript's conventions in the .d.ts of --target js.
    def legal_moves(self) -> Sequence[Move]: ...
    def undo(self) -> None: ...  # the last move of the hand under way taken back; IllegalMove where there is none
    def view(self, seat: int) -> Mapping[str, Any]: ...  # what seat sees, its legal moves as a record writes them
    def record_move(self, move: Move, claim: int | None = None) -> Mapping[str, Any]: ...
    def record(self) -> Mapping[str, Any]: ...


class EngineMatchScore(Protocol):
    """The running match score, fed each game's final scores in order."""

    match_points: list[int]
    winners: list[int]
    over: bool

    @property
    def results(self) -> Sequence[Event]: ...

    def add_game(self, scores: list[int]) -> Event: ...


class EngineMatch(Protocol):
    """A match of games."""

    @property
    def score(self) -> EngineMatchScore: ...
    @property
    def game(self) -> EngineGame: ...
    @property
    def over(self) -> bool: ...
    @property
    def winners(self) -> list[int]: ...
    def finish_game(self) -> Event: ...
    def next_game(self, opener: int | None = None, deal: bool = True) -> EngineGame: ...


class GeneratedModule(Protocol):
    """What every generated module carries (modules hash by identity: results are cached per engine)."""

    def __hash__(self) -> int: ...

    @property
    def SPEC_KIND(self) -> str: ...
    @property
    def IllegalMove(self) -> type[Exception]: ...


class MatchRules(GeneratedModule, Protocol):
    """Match scoring: a match format's module, or a variant's with match rules."""

    def MatchScore(self, sides: int) -> EngineMatchScore: ...


class MatchFormatEngine(MatchRules, Protocol):
    @property
    def FORMAT_NAME(self) -> str: ...


class VariantEngine(GeneratedModule, Protocol):
    """A variant's engine."""

    @property
    def VARIANT_NAME(self) -> str: ...
    @property
    def MAX_PIP(self) -> int: ...
    @property
    def MIN_PLAYERS(self) -> int: ...
    @property
    def MAX_PLAYERS(self) -> int: ...
    @property
    def DEAL(self) -> dict[int, int]: ...
    @property
    def SPINNER_POLICY(self) -> str: ...
    @property
    def BRANCHES_OPEN(self) -> str: ...
    @property
    def TRAINS(self) -> str: ...
    @property
    def TRAIN_DOUBLES(self) -> str: ...
    @property
    def HAS_MATCH_PLAY(self) -> bool: ...
    @property
    def MAX_HAND_NUMBER(self) -> int: ...  # the highest number a game's first hand may have
    @property
    def MATCH_LINES(self) -> tuple[tuple[str, int, int | None], ...]: ...
    @property
    def RAW_PER_DISPLAYED(self) -> int: ...
    @property
    def RAW_POINTS(self) -> tuple[int, ...]: ...
    @property
    def PORT_NAMES(self) -> tuple[str, ...]: ...
    @property
    def MATCHING(self) -> int | None: ...
    @property
    def WILD_TILES(self) -> frozenset[Tile]: ...

    def parse_tile(self, text: str) -> Tile: ...
    def format_tile(self, tile: Tile) -> str: ...
    def placement_points(self, total: int) -> tuple[int, int]: ...
    def Layout(self) -> EngineLayout: ...  # a trains variant's takes the table's players: see new_layout
    def Game(self, players: int, partnerships: bool | None = None, seed: int | None = None,
             scores: list[int] | None = None, opener: int | None = None, deal: bool = True,
             first_hand: int = 1) -> EngineGame: ...


class MatchPlayEngine(VariantEngine, MatchRules, Protocol):
    """A variant's engine with match rules."""

    def Match(self, players: int, partnerships: bool | None = None, seed: int | None = None,
              opener: int | None = None, deal: bool = True) -> EngineMatch: ...


Engine = VariantEngine | MatchFormatEngine


def engine_of(module: types.ModuleType) -> Engine:
    """The loaded module typed by the kind it says it is; TypeError for a module of no known kind."""
    kind = getattr(module, "SPEC_KIND", None)  # the one attribute read before the kind is known
    if kind == VARIANT:
        return cast(VariantEngine, module)
    if kind == MATCH_FORMAT:
        return cast(MatchFormatEngine, module)
    raise TypeError(f"{module.__name__} is not a dominospec engine (SPEC_KIND {kind!r})")


def as_variant(engine: Engine) -> VariantEngine | None:
    """The variant's engine; None for a match format."""
    return cast(VariantEngine, engine) if engine.SPEC_KIND == VARIANT else None


def as_match_format(engine: Engine) -> MatchFormatEngine | None:
    return cast(MatchFormatEngine, engine) if engine.SPEC_KIND == MATCH_FORMAT else None


def match_play(engine: VariantEngine) -> MatchPlayEngine | None:
    """The variant's engine with its Match; None for a variant without match rules."""
    return cast(MatchPlayEngine, engine) if engine.HAS_MATCH_PLAY else None


def match_rules(engine: Engine) -> MatchRules | None:
    """The match scoring of a match format or of a variant with match rules; None for a variant without."""
    variant = as_variant(engine)
    return match_play(variant) if variant is not None else cast(MatchFormatEngine, engine)


def read_tile(engine: VariantEngine, text: object, where: str) -> Tile:
    """A tile a user wrote ("[1|4]"), read by the engine; ValueError naming where it stands and why not."""
    if not isinstance(text, str):
        raise ValueError(f"{where}: a tile is written as a string such as \"[1|4]\", not {text!r}")
    try:
        return _parsed_tile(engine, text)
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None


@functools.lru_cache(maxsize=4096)
def _parsed_tile(engine: VariantEngine, text: str) -> Tile:
    """The engine's reading of a tile's text, kept: a record names the same few texts thousands of times
    (a refusal is not kept, and is raised again each time)."""
    return engine.parse_tile(text)


def has_trains(engine: VariantEngine) -> bool:
    """Whether the variant lays trains: its engine (the round's double) is a hub whose ports start them."""
    return engine.TRAINS != "none"


def new_layout(engine: VariantEngine, players: int | None = None) -> EngineLayout:
    """The engine's empty Layout. A trains variant's hub has a train for each seat, so its Layout takes the
    table's players (its MIN_PLAYERS when None; IllegalMove outside MIN_PLAYERS to MAX_PLAYERS); players is
    ignored by any other variant."""
    if not has_trains(engine):
        return engine.Layout()
    for_players = cast(Callable[[int], EngineLayout], engine.Layout)
    return for_players(engine.MIN_PLAYERS if players is None else players)


def layout_points(engine: VariantEngine, layout: EngineLayout) -> tuple[int, int]:
    """(raw, displayed) points of the placement that made this layout. A placement score over the end
    total alone is looked up by the total; one that uses more (its engine's RAW_POINTS is empty) is
    asked with the layout too, and raises the engine's IllegalMove, saying why, where it also needs
    the mover's score, which a layout does not tell."""
    total = sum(value for _, _, value in layout.counted_ends())
    if engine.RAW_POINTS:
        return engine.placement_points(total)
    with_layout = cast(Callable[[int, EngineLayout], tuple[int, int]], engine.placement_points)
    return with_layout(total, layout)


def spec_name(engine: Engine) -> str:
    """The variant's name, or the match format's."""
    variant = as_variant(engine)
    return variant.VARIANT_NAME if variant is not None else cast(MatchFormatEngine, engine).FORMAT_NAME
