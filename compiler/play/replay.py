"""Replaying a recorded match through a generated engine, move by move.

The record format is a contract other tools rely on (see docs/playing.md, "Replaying a match"): every
inconsistency is reported with the hand and move where it happened, and the state just before it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine_api import (
    EngineGame,
    EngineMatch,
    Event,
    Move,
    Tile,
    VariantEngine,
    match_play,
    read_tile,
)
from ..language.diagnostics import Diagnostic, InputError
from ..language.ir import Pos
from ..language.textfile import RECORD, json_position, read_json_file
from .board import render_board


@dataclass
class ReplayResult:
    events: list[Event] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    error: str | None = None
    match_points: list[int] | None = None  # only for a match of games
    target: int = 0  # the target of the game replayed (its player count's, where that decides it)

    def to_json(self) -> dict[str, Any]:
        out = {"events": self.events, "scores": self.scores, "winners": self.winners, "error": self.error}
        if self.match_points is not None:
            out["match_points"] = self.match_points
        return out


class BadRecord(Exception):
    """The record breaks the rules or does not fit together; the message names the hand and the move."""


def read_record(path: Path) -> tuple[dict[str, Any], str]:
    """The record's JSON object and its text; UsageError when the file cannot be read, InputError when it
    is no record."""
    record, text = read_json_file(path, RECORD)
    if not isinstance(record, dict):
        raise InputError([Diagnostic("the record must be a JSON object with 'players' and 'hands'", None,
                                     file=str(path))], text)
    return record, text


def error_position(error: str, text: str) -> Pos | None:
    """Where in the record's text the thing a replay error names starts (the move, else the nearest
    enclosing hand or game it names that the text holds); None where it names nothing."""
    path = record_path(error)
    for length in range(len(path), 0, -1):
        found = json_position(text, path[:length])
        if found is not None:
            return found
    return None


# Every record error starts with where it is, as docs/playing.md gives it ("game 2, hand 1, move 5: ...",
# "hand 3, deal: ...", "'players' must be a number"): the place in the record's JSON it names.
_PLACE = re.compile(r"(?:game (?P<game>\d+)(?=[,:]))?(?:,? ?hand (?P<hand>\d+))?"
                    r"(?:, (?:move (?P<move>\d+)|(?P<part>deal|boneyard)))?(?=:)|'(?P<key>\w+)'")


def record_path(error: str) -> list[str | int]:
    """The path (keys and list indices) in the record of what a replay error is about: the move, the
    hand, the game or the field it names first; [] where it names none."""
    found = _PLACE.match(error)
    if found is None:
        return []
    if found["key"]:
        return [found["key"]]
    path: list[str | int] = []
    if found["game"]:
        path += ["games", int(found["game"]) - 1]
    if found["hand"]:
        path += ["hands", int(found["hand"]) - 1]
    if found["move"]:
        path += ["moves", int(found["move"]) - 1]
    elif found["part"]:
        path.append(found["part"])
    return path


def require(condition: bool, message: str) -> None:
    if not condition:
        raise BadRecord(message)


def _record_tile(engine: VariantEngine, text: Any, where: str) -> Tile:
    try:
        return read_tile(engine, text, where)
    except ValueError as err:
        raise BadRecord(str(err)) from None


def _record_tiles(engine: VariantEngine, items: Any, where: str) -> list[Tile]:
    require(isinstance(items, list), f"{where}: expected a list of tiles")
    return [_record_tile(engine, t, where) for t in items]


def read_move(engine: VariantEngine, raw: Any, where: str) -> tuple[int, Move, int | None]:
    """The mover, the move and the claim written on a placement (None when there is none).

    Every move of every record passes here: each message is written only once the move is found at fault."""
    if not isinstance(raw, dict):
        raise BadRecord(f"{where}: a move is an object such as {{\"seat\": 0, \"play\": \"[1|4]\"}}")
    seat = raw.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise BadRecord(f"{where}: 'seat' must be a seat number")
    kinds = [k for k in ("play", "pass", "draw", "muggins") if k in raw]
    if len(kinds) != 1:
        raise BadRecord(f"{where}: a move has exactly one of 'play', 'pass', 'draw' or 'muggins'")
    kind = kinds[0]
    if "claim" in raw and kind != "play":
        raise BadRecord(f"{where}: only a placement carries a 'claim'")
    if "by" in raw:
        if kind != "play" or "on" not in raw:
            raise BadRecord(f"{where}: only a placement on a tile of the table carries 'by'")
        if raw["by"] not in ("low", "high"):
            raise BadRecord(f"{where}: 'by' names the half of a wild tile that touches: \"low\" or \"high\", "
                            f"not {raw['by']!r}")
    if kind != "play":
        if raw[kind] is not True:
            raise BadRecord(f"{where}: write \"{kind}\": true")
        if kind == "muggins":
            return seat, ("muggins", seat), None
        return seat, ("draw",) if kind == "draw" else ("pass",), None
    claim = raw.get("claim")
    if not (claim is None or (isinstance(claim, int) and not isinstance(claim, bool) and claim >= 0)):
        raise BadRecord(f"{where}: 'claim' must be a whole number of points, 0 or more")
    tile = _record_tile(engine, raw["play"], where)
    if "on" not in raw and "port" not in raw:
        return seat, ("play", tile, None, None), claim
    if "on" not in raw or "port" not in raw:
        raise BadRecord(f"{where}: a placement needs both 'on' and 'port' (or neither, for the lead)")
    if raw["port"] not in engine.PORT_NAMES:
        raise BadRecord(f"{where}: unknown port {raw['port']!r}; ports are {', '.join(engine.PORT_NAMES)}")
    on = _record_tile(engine, raw["on"], where)
    if "by" in raw:
        return seat, ("play", tile, on, raw["port"], raw["by"]), claim
    return seat, ("play", tile, on, raw["port"]), claim


@dataclass
class Start:
    """A record's table, checked by the engine: its first game (not dealt), the match it opens (None for
    a record of one game), and what follows: the hands of the one game, or the games of the match."""

    game: EngineGame
    match: EngineMatch | None
    records: list[Any]


def start(engine: VariantEngine, record: dict[str, Any]) -> Start:
    """The table of a record of one game ('hands') or, for a variant with match rules, of a match of
    games ('games', each with its 'hands'); BadRecord when it is no such record."""
    if not isinstance(record, dict):
        raise BadRecord(f"a record is a JSON object, not {type(record).__name__}")
    players = record.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise BadRecord("'players' must be a number")
    partnerships = record.get("partnerships")
    require(partnerships is None or isinstance(partnerships, bool), "'partnerships' must be true or false")
    scores = record.get("scores")
    require(scores is None or (isinstance(scores, list) and all(isinstance(s, int) for s in scores)),
            "'scores' must be a list of numbers")
    first_hand = record.get("first_hand", 1)
    require(isinstance(first_hand, int) and not isinstance(first_hand, bool)
            and 1 <= first_hand <= engine.MAX_HAND_NUMBER,
            f"'first_hand' must be the number of the record's first hand in its game, from 1 to "
            f"{engine.MAX_HAND_NUMBER:,}")
    if "games" in record:
        require("hands" not in record, "a record holds 'hands' (one game) or 'games' (a match), not both")
        match_engine = match_play(engine)
        if match_engine is None:
            raise BadRecord("'games' needs a variant with match rules; this one is a single game")
        require(scores is None, "'scores' start a single game; a match of games starts from nothing")
        require("first_hand" not in record, "'first_hand' starts a single game at a later hand; each game of a "
                "match starts at its first hand")
        require(isinstance(record["games"], list), "'games' must be a list")
        try:
            match = match_engine.Match(players, partnerships, deal=False)
        except engine.IllegalMove as err:
            raise BadRecord(str(err)) from None
        return Start(match.game, match, record["games"])
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise BadRecord("'hands' must be a list")
    try:
        return Start(engine.Game(players, partnerships, scores=scores, deal=False, first_hand=first_hand), None,
                     hands)
    except engine.IllegalMove as err:
        raise BadRecord(str(err)) from None


def read_game(game: Any, where: str) -> tuple[list[Any], int | None]:
    """A match's game record: its hands, and the opener its first hand names (None where it names none)."""
    require(isinstance(game, dict) and isinstance(game.get("hands"), list),
            f"{where}: a game is an object with a list of 'hands'")
    first = game["hands"][0] if game["hands"] and isinstance(game["hands"][0], dict) else {}
    return game["hands"], first.get("opener") if isinstance(first.get("opener"), int) else None


@dataclass
class Hand:
    """A hand's record read: who opens, the deal, the pile (None where the record names none), the moves."""

    opener: int
    hands: list[list[Tile]]
    pile: list[Tile] | None
    moves: list[Any]


def read_hand(engine: VariantEngine, hand: Any, where: str) -> Hand:
    require(isinstance(hand, dict), f"{where}: a hand is an object with 'opener', 'deal' and 'moves'")
    opener = hand.get("opener")
    require(isinstance(opener, int) and not isinstance(opener, bool), f"{where}: 'opener' must be a seat number")
    deal = hand.get("deal")
    require(isinstance(deal, list), f"{where}: 'deal' must hold one list of tiles per seat")
    hands = [_record_tiles(engine, h, f"{where}, deal") for h in deal]
    pile = _record_tiles(engine, hand["boneyard"], f"{where}, boneyard") if "boneyard" in hand else None
    moves = hand.get("moves", [])
    require(isinstance(moves, list), f"{where}: 'moves' must be a list")
    return Hand(opener, hands, pile, moves)


def replay(engine: VariantEngine, record: dict[str, Any]) -> ReplayResult:
    """Replay a record; never raises for bad records: the result's error says what went wrong.

    A record holds one game ('hands'), or, for a variant with match rules, a match of games
    ('games', each with its 'hands').
    """
    result = ReplayResult()
    games: list[EngineGame] = []  # the Game of each game replayed so far
    match: EngineMatch | None = None
    try:
        table = start(engine, record)
        match = table.match
        if match is not None:
            # The match is kept before any game is replayed, so a failure reports what was played up to it.
            _replay_games(engine, match, table.records, games)
        else:
            games.append(table.game)
            _replay_hands(engine, table.game, table.records, "")
    except BadRecord as err:
        result.error = str(err)
    for number, game in enumerate(games, 1):
        if match is not None:
            result.events.append({"event": "game", "game": number})
        result.events.extend(game.events)
        if match is not None and number <= len(match.score.results):
            result.events.append({"event": "game_end", **match.score.results[number - 1]})
    if games:
        result.scores = list(games[-1].scores)
        result.target = games[-1].target
        result.winners = list(match.winners if match is not None else games[-1].winners)
    if match is not None:
        result.match_points = list(match.score.match_points)
    return result


def _replay_games(engine: VariantEngine, match: EngineMatch, records: list[Any], games: list[EngineGame]) -> None:
    for number, game in enumerate(records, 1):
        where = f"game {number}"
        hands, opener = read_game(game, where)
        if number > 1:
            require(match.game.over, f"game {number - 1} is not won, yet another game follows")
            require(not match.over, f"{where}: the match was already won")
            try:
                match.next_game(opener=opener, deal=False)
            except engine.IllegalMove as err:
                raise BadRecord(f"{where}: {err}") from None
        games.append(match.game)
        _replay_hands(engine, match.game, hands, f"{where}, ")
        if match.game.over:
            match.finish_game()


def _replay_hands(engine: VariantEngine, game: EngineGame, hands: list[Any], prefix: str) -> None:
    for number, hand in enumerate(hands, 1):
        _replay_hand(engine, game, hand, f"{prefix}hand {number}", last=number == len(hands))


def _replay_hand(engine: VariantEngine, game: EngineGame, raw: Any, where: str, last: bool) -> None:
    require(not game.over, f"{where}: the game was already won")
    hand = read_hand(engine, raw, where)
    try:
        game.start_hand(opener=hand.opener, hands=hand.hands, pile=hand.pile)
    except engine.IllegalMove as err:
        raise BadRecord(f"{where}: {err}") from None
    for index, move_record in enumerate(hand.moves, 1):
        at = f"{where}, move {index}"
        seat, move, claim = read_move(engine, move_record, at)
        if game.over:
            raise BadRecord(f"{at}: the game is already won")
        if game.hand_over:
            raise BadRecord(f"{at}: the hand is already over")
        if seat != game.current and move[0] != "muggins":  # an opponent calls muggins out of turn
            raise BadRecord(f"{at}: it is seat {game.current}'s turn, not seat {seat}'s")
        try:
            game.apply(move, claim)
        except engine.IllegalMove as err:
            raise BadRecord(f"{at}: {err}") from None
    if not last:
        require(game.hand_over, f"{where}: the record stops before the hand is decided, yet another hand follows")


def describe(event: Event) -> str:
    """One line a person reads for an engine event (every kind the engines emit has its words in
    EVENT_WORDS; a kind without them is still written out in words, field by field)."""
    words = EVENT_WORDS.get(event["event"])
    if words is None:
        return f"{event['event']}: " + "; ".join(f"{name} {value}" for name, value in event.items() if name != "event")
    return words(event)


def _play(event: Event) -> str:
    if event["on"] is None:
        text = f"  seat {event['seat']} leads {event['tile']}"
    else:
        text = f"  seat {event['seat']} plays {event['tile']} on {event['on']} {event['port']}"
        if "by" in event:
            text += f" by its {event['by']} half"
    text += f"; ends {event['total']}"
    if event["raw"]:
        text += f", {_points(event['points'])}"
    if "claim" in event:
        text += f" (claimed {event['claim']})"
    if event.get("bonus"):
        text += f" + {event['bonus']} for going out"
    if event.get("cancelled"):
        text += " (cancelled: it would pass the target)"
    return text + f"; scores {event['scores']}"


def _hand_end(event: Event) -> str:
    how = "blocked" if event["blocked"] else "played out"
    won = f"won by {_sides(event['winners'])}" if event["winners"] else "no side won it"
    return f"hand {event['hand']} {how}; {won}; remaining pips {event['remaining_pips']}; awards {event['awards']}"


def _award(event: Event) -> str:
    cancelled = " (cancelled: it would pass the target)" if event.get("cancelled") else ""
    return f"  awards {event['points']}{cancelled}; scores {event['scores']}"


def _game_end(event: Event) -> str:
    line = f", {event['line']}" if event["line"] else ""
    won = " and the match" if event["match_over"] else ""
    return (f"game {event['game']} won by {_sides(event['winners'])}{won}: {_points(event['points'], 'match point')}"
            f"{line}; match points {event['match_points']}")


def _stake(event: Event) -> str:
    stakes = sorted({-points for points in event["points"]})
    each = " or ".join(map(str, stakes))
    return f"  every side stakes {each} into the pool, which holds {event['pool']}; scores {event['scores']}"


def _pool(event: Event) -> str:
    takers = [side for side, share in enumerate(event["points"]) if share]
    if not takers:
        taken = "  nobody takes the pool"
    else:
        shares = sorted({event["points"][side] for side in takers})
        each = " each" if len(takers) > 1 and len(shares) == 1 else ""
        taken = (f"  {_sides(takers)} {'takes' if len(takers) == 1 else 'take'} "
                 f"{' and '.join(map(str, shares))}{each} from the pool")
    left = f", {event['pool']} carried to the next hand" if event["pool"] else ""
    return f"{taken}{left}; scores {event['scores']}"


def _pip_penalty(event: Event) -> str:
    lost = [f"side {side} loses {-points}" for side, points in enumerate(event["points"]) if points]
    return f"  for the pips left: {', '.join(lost) or 'nobody loses any'}; scores {event['scores']}"


def _pips_left(event: Event) -> str:
    added = [f"seat {seat} adds {points}" for seat, points in enumerate(event["points"]) if points]
    return f"  for the pips left in hand: {', '.join(added)}; scores {event['scores']}"


def _reset(event: Event) -> str:
    back = [side for side, points in enumerate(event["points"]) if points]
    return f"  both sides have points: {_sides(back)} {'goes' if len(back) == 1 else 'go'} back to 0; " \
           f"scores {event['scores']}"


def _points(n: int, word: str = "point") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _eggs(event: Event) -> str:
    return (f"  nobody wins the hand: its {_points(event['points'])} are carried to the next decided hand, "
            f"{event['eggs']} carried in all")


def _out(event: Event) -> str:
    either_end = ", its last tile matching both open ends" if event.get("either_end") else ""
    blank_end = ", with [0|0] on a single blank end" if event.get("blank_end") else ""
    return f"  seat {event['seat']} is out{either_end}{blank_end}"


def _pass_points(event: Event) -> str:
    points = _points(event["points"])
    passed = ("a pass all round" if event.get("all_round") else "a pass right after the lead"
              if event.get("after_lead") else "a pass by an opponent")
    return f"  side {event['side']} scores {points} for {passed}; scores {event['scores']}"


EVENT_WORDS: dict[str, Callable[[Event], str]] = {
    "hand": lambda e: f"hand {e['hand']}: seat {e['opener']} opens",
    "play": _play,
    "draw": lambda e: f"  seat {e['seat']} draws {e['tile'] or 'a tile'}",
    "pass": lambda e: f"  seat {e['seat']} passes",
    "penalty": lambda e: f"  seat {e['seat']} scores {e['points']} for the wrong claim; scores {e['scores']}",
    "muggins": lambda e: f"  seat {e['seat']} calls muggins and scores {e['points']}; scores {e['scores']}",
    "out": _out,
    "pass_points": _pass_points,
    "hand_end": _hand_end,
    "award": _award,
    "stake": _stake,
    "pool": _pool,
    "pip_penalty": _pip_penalty,
    "pips_left": _pips_left,
    "reset": _reset,
    "game": lambda e: f"game {e['game']}",
    "game_end": _game_end,
    "eggs": _eggs,
    "win": lambda e: f"{_sides(e['sides'])} {'wins' if len(e['sides']) == 1 else 'win'} the game: scores {e['scores']}",
}


def _sides(sides: list[int]) -> str:
    """`side 0`, `sides 0 and 2`, `sides 0, 1 and 2`."""
    if len(sides) == 1:
        return f"side {sides[0]}"
    return f"sides {', '.join(str(s) for s in sides[:-1])} and {sides[-1]}"


def board_for(engine: VariantEngine, result: ReplayResult) -> str:
    """The board at the end of the replay: each side's pegs from the last scoring event."""
    pegs = [(score, score) for score in result.scores]
    for event in result.events:
        if event["event"] == "game":
            pegs = [(0, 0)] * len(pegs)
        elif "pegs" in event:
            pegs = [tuple(p) for p in event["pegs"]]
    lines = [(name, cutoff) for name, cutoff, _ in engine.MATCH_LINES]
    return render_board(pegs, result.target, lines)
