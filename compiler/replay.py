"""Replaying a recorded match through a generated engine, move by move.

The record format is a contract other tools rely on (see README "Replaying a match"): every
inconsistency is reported with the hand and move where it happened, and the state just before it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .board import render_board
from .diagnostics import Diagnostic, InputError
from .engine_api import (
    EngineGame,
    EngineMatch,
    Event,
    MatchPlayEngine,
    Move,
    Tile,
    VariantEngine,
    match_play,
    read_tile,
)
from .textfile import RECORD, read_json_file


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


class _BadRecord(Exception):
    """The record breaks the rules or does not fit together; the message names the hand and the move."""


def read_record(path: Path) -> dict[str, Any]:
    """The record's JSON object; UsageError when the file cannot be read, InputError when it is no record."""
    record, text = read_json_file(path, RECORD)
    if not isinstance(record, dict):
        raise InputError([Diagnostic("the record must be a JSON object with 'players' and 'hands'", None,
                                     file=str(path))], text)
    return record


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise _BadRecord(message)


def _record_tile(engine: VariantEngine, text: Any, where: str) -> Tile:
    try:
        return read_tile(engine, text, where)
    except ValueError as err:
        raise _BadRecord(str(err)) from None


def _record_tiles(engine: VariantEngine, items: Any, where: str) -> list[Tile]:
    _require(isinstance(items, list), f"{where}: expected a list of tiles")
    return [_record_tile(engine, t, where) for t in items]


def _move(engine: VariantEngine, raw: Any, where: str) -> tuple[int, Move, int | None]:
    """The mover, the move and the claim written on a placement (None when there is none)."""
    _require(isinstance(raw, dict), f"{where}: a move is an object such as {{\"seat\": 0, \"play\": \"[1|4]\"}}")
    seat = raw.get("seat")
    _require(isinstance(seat, int) and not isinstance(seat, bool), f"{where}: 'seat' must be a seat number")
    kinds = [k for k in ("play", "pass", "draw", "muggins") if k in raw]
    _require(len(kinds) == 1, f"{where}: a move has exactly one of 'play', 'pass', 'draw' or 'muggins'")
    _require("claim" not in raw or kinds[0] == "play", f"{where}: only a placement carries a 'claim'")
    _require("by" not in raw or kinds[0] == "play" and "on" in raw,
             f"{where}: only a placement on a tile of the table carries 'by'")
    _require("by" not in raw or raw["by"] in ("low", "high"),
             f"{where}: 'by' names the half of a wild tile that touches: \"low\" or \"high\", not {raw.get('by')!r}")
    if kinds[0] != "play":
        _require(raw[kinds[0]] is True, f"{where}: write \"{kinds[0]}\": true")
        if kinds[0] == "muggins":
            return seat, ("muggins", seat), None
        return seat, ("draw",) if kinds[0] == "draw" else ("pass",), None
    claim = raw.get("claim")
    _require(claim is None or (isinstance(claim, int) and not isinstance(claim, bool) and claim >= 0),
             f"{where}: 'claim' must be a whole number of points, 0 or more")
    tile = _record_tile(engine, raw["play"], where)
    if "on" not in raw and "port" not in raw:
        return seat, ("play", tile, None, None), claim
    _require("on" in raw and "port" in raw,
             f"{where}: a placement needs both 'on' and 'port' (or neither, for the lead)")
    _require(raw["port"] in engine.PORT_NAMES,
             f"{where}: unknown port {raw['port']!r}; ports are {', '.join(engine.PORT_NAMES)}")
    on = _record_tile(engine, raw["on"], where)
    if "by" in raw:
        return seat, ("play", tile, on, raw["port"], raw["by"]), claim
    return seat, ("play", tile, on, raw["port"]), claim


def replay(engine: VariantEngine, record: dict[str, Any]) -> ReplayResult:
    """Replay a record; never raises for bad records: the result's error says what went wrong.

    A record holds one game ('hands'), or, for a variant with match rules, a match of games
    ('games', each with its 'hands').
    """
    result = ReplayResult()
    games: list[EngineGame] = []  # the Game of each game replayed so far
    match: EngineMatch | None = None
    try:
        players = record.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise _BadRecord("'players' must be a number")
        partnerships = record.get("partnerships")
        _require(partnerships is None or isinstance(partnerships, bool), "'partnerships' must be true or false")
        scores = record.get("scores")
        _require(scores is None or (isinstance(scores, list) and all(isinstance(s, int) for s in scores)),
                 "'scores' must be a list of numbers")
        if "games" in record:
            _require("hands" not in record, "a record holds 'hands' (one game) or 'games' (a match), not both")
            match_engine = match_play(engine)
            if match_engine is None:
                raise _BadRecord("'games' needs a variant with match rules; this one is a single game")
            _require(scores is None, "'scores' start a single game; a match of games starts from nothing")
            _require(isinstance(record["games"], list), "'games' must be a list")
            try:
                match = match_engine.Match(players, partnerships, deal=False)
            except engine.IllegalMove as err:
                raise _BadRecord(str(err)) from None
            # The match is kept before any game is replayed, so a failure reports what was played up to it.
            _replay_games(match_engine, match, record["games"], games)
        else:
            hands = record.get("hands")
            if not isinstance(hands, list):
                raise _BadRecord("'hands' must be a list")
            try:
                games.append(engine.Game(players, partnerships, scores=scores, deal=False))
            except engine.IllegalMove as err:
                raise _BadRecord(str(err)) from None
            _replay_hands(engine, games[0], hands, "")
    except _BadRecord as err:
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


def _replay_games(engine: MatchPlayEngine, match: EngineMatch, records: list[Any], games: list[EngineGame]) -> None:
    for number, game in enumerate(records, 1):
        where = f"game {number}"
        _require(isinstance(game, dict) and isinstance(game.get("hands"), list),
                 f"{where}: a game is an object with a list of 'hands'")
        first = game["hands"][0] if game["hands"] and isinstance(game["hands"][0], dict) else {}
        opener = first.get("opener") if isinstance(first.get("opener"), int) else None
        if number > 1:
            _require(match.game.over, f"game {number - 1} is not won, yet another game follows")
            _require(not match.over, f"{where}: the match was already won")
            try:
                match.next_game(opener=opener, deal=False)
            except engine.IllegalMove as err:
                raise _BadRecord(f"{where}: {err}") from None
        games.append(match.game)
        _replay_hands(engine, match.game, game["hands"], f"{where}, ")
        if match.game.over:
            match.finish_game()


def _replay_hands(engine: VariantEngine, game: EngineGame, hands: list[Any], prefix: str) -> None:
    for number, hand in enumerate(hands, 1):
        _replay_hand(engine, game, hand, f"{prefix}hand {number}", last=number == len(hands))


def _replay_hand(engine: VariantEngine, game: EngineGame, hand: Any, where: str, last: bool) -> None:
    _require(isinstance(hand, dict), f"{where}: a hand is an object with 'opener', 'deal' and 'moves'")
    _require(not game.over, f"{where}: the game was already won")
    opener = hand.get("opener")
    _require(isinstance(opener, int) and not isinstance(opener, bool), f"{where}: 'opener' must be a seat number")
    deal = hand.get("deal")
    _require(isinstance(deal, list), f"{where}: 'deal' must hold one list of tiles per seat")
    hands = [_record_tiles(engine, h, f"{where}, deal") for h in deal]
    pile = _record_tiles(engine, hand["boneyard"], f"{where}, boneyard") if "boneyard" in hand else None
    try:
        game.start_hand(opener=opener, hands=hands, pile=pile)
    except engine.IllegalMove as err:
        raise _BadRecord(f"{where}: {err}") from None
    moves = hand.get("moves", [])
    _require(isinstance(moves, list), f"{where}: 'moves' must be a list")
    for index, raw in enumerate(moves, 1):
        at = f"{where}, move {index}"
        seat, move, claim = _move(engine, raw, at)
        if game.over:
            raise _BadRecord(f"{at}: the game is already won")
        if game.hand_over:
            raise _BadRecord(f"{at}: the hand is already over")
        if seat != game.current and move[0] != "muggins":  # an opponent calls muggins out of turn
            raise _BadRecord(f"{at}: it is seat {game.current}'s turn, not seat {seat}'s")
        try:
            game.apply(move, claim)
        except engine.IllegalMove as err:
            raise _BadRecord(f"{at}: {err}") from None
    if not last:
        _require(game.hand_over, f"{where}: the record stops before the hand is decided, yet another hand follows")


def describe(event: Event) -> str:
    """One readable line for an engine event."""
    kind = event["event"]
    if kind == "hand":
        return f"hand {event['hand']}: seat {event['opener']} opens"
    if kind == "play":
        if event["on"] is None:
            text = f"  seat {event['seat']} leads {event['tile']}"
        else:
            text = f"  seat {event['seat']} plays {event['tile']} on {event['on']} {event['port']}"
            if "by" in event:
                text += f" by its {event['by']} half"
        text += f"; ends {event['total']}"
        if event["raw"]:
            text += f", {event['points']} point{'s' if event['points'] != 1 else ''}"
        if "claim" in event:
            text += f" (claimed {event['claim']})"
        if event.get("bonus"):
            text += f" + {event['bonus']} for going out"
        if event.get("cancelled"):
            text += " (cancelled: it would pass the target)"
        return text + f"; scores {event['scores']}"
    if kind == "draw":
        return f"  seat {event['seat']} draws {event['tile'] or 'a tile'}"
    if kind == "pass":
        return f"  seat {event['seat']} passes"
    if kind == "penalty":
        return f"  seat {event['seat']} scores {event['points']} for the wrong claim; scores {event['scores']}"
    if kind == "muggins":
        return f"  seat {event['seat']} calls muggins and scores {event['points']}; scores {event['scores']}"
    if kind == "out":
        return f"  seat {event['seat']} is out"
    if kind == "hand_end":
        how = "blocked" if event["blocked"] else "played out"
        won = f"won by {_sides(event['winners'])}" if event["winners"] else "no side won it"
        return (f"hand {event['hand']} {how}; {won}; remaining pips {event['remaining_pips']}; "
                f"awards {event['awards']}")
    if kind == "award":
        cancelled = " (cancelled: it would pass the target)" if event.get("cancelled") else ""
        return f"  awards {event['points']}{cancelled}; scores {event['scores']}"
    if kind == "game":
        return f"game {event['game']}"
    if kind == "game_end":
        line = f", {event['line']}" if event["line"] else ""
        won = " and the match" if event["match_over"] else ""
        return (f"game {event['game']} won by {_sides(event['winners'])}{won}: "
                f"{event['points']} match point{'s' if event['points'] != 1 else ''}{line}; "
                f"match points {event['match_points']}")
    if kind == "win":
        return f"{_sides(event['sides'])} reached the target: scores {event['scores']}"
    return json.dumps(event)


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
