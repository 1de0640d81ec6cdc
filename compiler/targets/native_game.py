"""A game of a native engine moved one move at a time: `dominospec.native.Game`, the Python engine's Game contract
(engine_api.EngineGame, with legal moves, views, records and undo) over the C target's play interface.

The C engine holds the whole game in one flat struct (its `Table`), which this class keeps in a buffer of its own;
every rule is the C engine's, and its events come back as the JSON lines the engine writes. Undo puts back a copy
of the buffer taken before the move (a hand's moves can be taken back, not its deal). Nothing here knows a rule:
moves are translated, events read, records built from the deals and the events as the Python engine builds them.
"""

from __future__ import annotations

import ctypes
import json
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..engine_api import EngineGame, Event, Move, Tile
from ..language.clauses import MAX_PLAYERS
from .python.context import LINE_PORTS, PUBLIC_PORT, TOE_PORTS, train_ports

# The ABI's numbering of ports: a chicken foot's toes after the line's and the spinners' ports, then the hub's: the
# train of each seat a table may have, and the public train (so that one numbering serves every variant).
TRAIN_PORTS = train_ports(MAX_PLAYERS)
PORTS = LINE_PORTS + TOE_PORTS + TRAIN_PORTS + (PUBLIC_PORT,)
HALVES = ("low", "high")  # the ABI's numbering of a wild tile's touching half
MOVE_KINDS = ("play", "draw", "pass", "muggins")  # the ABI's numbering of moves
MOVE_INTS = 5  # a move as ints: kind, tile (a muggins call: the seat), on, port, by
TABLE_REFUSED = -1
EVENT_ROOM = 4096  # bytes of events a call has room for at first: doubled (and the call made again) when short
# ds_table_state's figures, in its order; the four lists after the first hold one entry a seat or side.
STATE_FIGURES = ("players", "partnerships", "sides", "target", "over", "hand_over", "current", "hand_number",
                 "opener", "pile", "drawn", "pool", "winners_count", "games", "games_scored", "first_opener",
                 "match_over", "match_winners_count", "line", "game_points", "outright", "game_winners_count",
                 "max_hand_number")
STATE_LISTS = ("winners", "scores", "peg_back", "hand_sizes", "match_points", "games_won", "match_winners",
               "game_winners")


class IllegalMove(ValueError):
    """A move, deal or table the rules do not allow now."""


class Library(Protocol):
    """The native engine this game runs in: its loaded library and the variant's particulars."""

    @property
    def library(self) -> ctypes.CDLL: ...

    @property
    def tiles(self) -> list[Tile]: ...

    def partnerships_for(self, players: object, partnerships: object) -> bool: ...

    def deal_size(self, players: int) -> int: ...

    def bot_code(self, name: str) -> int: ...


def _text(tile: Tile) -> str:
    return f"[{tile[0]}|{tile[1]}]"


class Game:
    """One game to its target, hand by hand, played in the native engine. Drive it with legal_moves() and
    apply(); after a hand ends call start_hand() for the next. The constructor deals the first hand unless
    deal is False, as the Python engine's Game does."""

    def __init__(self, engine: Library, players: int, partnerships: bool | None = None, seed: int | None = None,
                 scores: list[int] | None = None, opener: int | None = None, deal: bool = True,
                 first_hand: int = 1) -> None:
        self._engine = engine
        self._dll = engine.library
        self._index = {tile: i for i, tile in enumerate(engine.tiles)}
        if type(players) is not int:
            raise IllegalMove(f"players is a whole number, not {players!r}")
        together = engine.partnerships_for(players, partnerships)
        if seed is None:
            seed = random.getrandbits(64)
        elif type(seed) is not int or not 0 <= seed < 2**64:
            raise IllegalMove(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
        self._table = ctypes.create_string_buffer(self._dll.ds_table_size())
        if self._dll.ds_table_new(self._table, players, int(together), seed) == TABLE_REFUSED:
            raise IllegalMove(f"this variant is not played by {players} players"
                              f"{' in partnerships' if together else ''}")
        self._state: dict[str, Any] = {}
        self._read_state()
        last = self._state["max_hand_number"]  # the rules' own: the last round, in a game of rounds
        if type(first_hand) is not int or not 1 <= first_hand <= last:
            raise IllegalMove(f"first_hand, the number of the game's hand it starts at, is a whole number from 1 to "
                              f"{last:,}, not {first_hand!r}")
        self._dll.ds_table_first_hand(self._table, first_hand)  # refused only once a hand is dealt
        self.first_hand = first_hand
        self._read_state()
        if scores is not None:
            if not isinstance(scores, (list, tuple)) or len(scores) != self._state["sides"] or any(
                    type(s) is not int or abs(s) >= 2**62 for s in scores):
                raise IllegalMove(f"starting scores are {self._state['sides']} whole numbers, not {scores!r}")
            if self._dll.ds_table_start_scores(self._table, (ctypes.c_int64 * len(scores))(*scores)):
                raise IllegalMove(f"starting scores are below the target (and not below zero), not {scores!r}")
            self._read_state()
        self.starting_scores: list[int] = list(self.scores)
        self._log: list[Event] = []
        self._deals: list[tuple[int, list[list[Tile]], list[Tile]]] = []
        self._history: list[tuple[bytes, int]] = []  # before each move of the hand under way: the table, events
        if deal:
            self.start_hand(opener=opener)
        elif opener is not None:
            raise IllegalMove("an opener is given for a hand that is not dealt")

    # --- the contract's figures, read from the engine after every call

    def _read_state(self) -> None:
        figures = (ctypes.c_int64 * self._dll.ds_state_count())()
        self._dll.ds_table_state(self._table, figures)
        seats = (len(figures) - len(STATE_FIGURES)) // len(STATE_LISTS)
        state = dict(zip(STATE_FIGURES, figures[:len(STATE_FIGURES)], strict=True))
        at = len(STATE_FIGURES)
        lists = {name: list(figures[at + k * seats:at + (k + 1) * seats]) for k, name in enumerate(STATE_LISTS)}
        sides = state["sides"]
        self._state = state
        self.scores: list[int] = lists["scores"][:sides]
        self.pegs: list[tuple[int, int]] = list(zip(lists["peg_back"][:sides], self.scores, strict=True))
        self.winners: list[int] = lists["winners"][:state["winners_count"]]
        self.hand_sizes: list[int] = lists["hand_sizes"][:state["players"]]
        self.target: int = state["target"]
        self.over: bool = bool(state["over"])
        self.hand_over: bool = bool(state["hand_over"])
        self.current: int = state["current"]
        self.hand_number: int = state["hand_number"]
        self.opener: int = state["opener"]

    @property
    def players(self) -> int:
        return int(self._state["players"])

    @property
    def partnerships(self) -> bool:
        return bool(self._state["partnerships"])

    @property
    def sides(self) -> int:
        return int(self._state["sides"])

    @property
    def events(self) -> list[Event]:
        """The event log: hands, placements, draws, passes, hand ends, awards, wins (a copy)."""
        return json.loads(json.dumps(self._log))  # type: ignore[no-any-return]  # a deep copy

    def hand(self, seat: int) -> list[Tile]:
        """The tiles seat holds, in its hand's order."""
        return self._tiles(self._seat(seat))

    @property
    def hands(self) -> list[list[Tile]]:
        return [self._tiles(seat) for seat in range(self.players)]

    @property
    def pile(self) -> list[Tile]:
        """The tiles left to draw, in drawing order."""
        return self._tiles(-1)

    def _tiles(self, seat: int) -> list[Tile]:
        out = (ctypes.c_uint8 * len(self._engine.tiles))()
        count = self._dll.ds_table_tiles(self._table, seat, out)
        return [self._engine.tiles[i] for i in out[:count]]

    def _seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalMove(f"a seat is a whole number from 0 to {self.players - 1}, not {seat!r}")
        return seat

    # --- moving

    def _call(self, function: Any, *arguments: Any) -> list[Event]:
        """A call that writes events, made again with more room while they do not fit; its events, or None
        where the engine refused it (the table unchanged)."""
        before = self._table.raw
        room = EVENT_ROOM
        while True:
            out = ctypes.create_string_buffer(room)
            length = function(self._table, *arguments, out, room)
            if length == TABLE_REFUSED:
                raise IllegalMove("refused")
            if length <= room:
                break
            ctypes.memmove(self._table, before, len(before))
            room = 2 * length
        text = out.raw[:length].decode("utf-8")
        return [json.loads(line) for line in text.splitlines()]

    def start_hand(self, opener: int | None = None, hands: list[list[Tile]] | None = None,
                   pile: list[Tile] | None = None) -> None:
        """Deal a new hand (shuffled by the game's seed unless hands are given) and set its opener."""
        if self.over:
            raise IllegalMove("the game is over")
        if not self.hand_over:
            raise IllegalMove("the current hand is not over")
        if opener is not None:
            self._seat(opener)
        tiles = None
        npile = -1
        if hands is not None:
            size = self._engine.deal_size(self.players)
            if not isinstance(hands, (list, tuple)) or len(hands) != self.players or any(
                    not isinstance(h, (list, tuple)) or len(h) != size for h in hands):
                raise IllegalMove(f"each of the {self.players} players must be dealt {size} tiles")
            if pile is not None and (not isinstance(pile, (list, tuple)) or
                                     size * self.players + len(pile) > len(self._engine.tiles)):
                raise IllegalMove(f"the pile is a list of the tiles no hand holds, not {pile!r}")
            dealt = [self._tile_index(t) for h in hands for t in h]
            rest = [] if pile is None else [self._tile_index(t) for t in pile]
            npile = -1 if pile is None else len(rest)
            tiles = (ctypes.c_uint8 * len(self._engine.tiles))(*dealt, *rest)
        elif pile is not None:
            raise IllegalMove("a pile is given together with the hands it is left from")
        try:
            events = self._call(self._dll.ds_table_deal, -1 if opener is None else opener, tiles, npile)
        except IllegalMove:
            raise IllegalMove("the rules refuse this deal or its opener") from None
        self._history.clear()
        self._read_state()
        self._deals.append((self.opener, self.hands, self.pile))
        self._log += events

    def _tile_index(self, tile: object) -> int:
        if isinstance(tile, (list, tuple)) and len(tile) == 2:
            low, high = sorted(tile) if all(type(t) is int for t in tile) else tile
            index = self._index.get((low, high))
            if index is not None:
                return index
        raise IllegalMove(f"not a tile of this set: {tile!r}")

    def legal_moves(self) -> list[Move]:
        """The current seat's legal moves (and the calls of muggins open to the others), in the engine's order."""
        out = (ctypes.c_int32 * (self._dll.ds_max_moves() * MOVE_INTS))()
        count = self._dll.ds_table_legal(self._table, out)
        return [self._move(out[i * MOVE_INTS:(i + 1) * MOVE_INTS]) for i in range(count)]

    def _move(self, ints: Sequence[int]) -> Move:
        kind, tile, on, port, by = ints
        name = MOVE_KINDS[kind]
        if name == "muggins":
            return ("muggins", tile)
        if name != "play":
            return cast(Move, (name,))
        placed = self._engine.tiles[tile]
        if on < 0:
            return ("play", placed, None, None)
        move = ("play", placed, self._engine.tiles[on], PORTS[port])
        return cast(Move, move + (HALVES[by],) if by >= 0 else move)

    def _ints(self, move: object) -> list[int]:
        """A move's ints for the engine; IllegalMove for anything that is not a move's shape."""
        if not isinstance(move, (list, tuple)) or not move or move[0] not in MOVE_KINDS:
            raise IllegalMove(f"a move is ('play', tile, on, port), ('draw',), ('pass',) or ('muggins', seat), "
                              f"not {move!r}")
        kind = MOVE_KINDS.index(move[0])
        if move[0] == "muggins" and len(move) == 2 and type(move[1]) is int:
            return [kind, move[1], -1, -1, -1]
        if move[0] in ("draw", "pass") and len(move) == 1:
            return [kind, -1, -1, -1, -1]
        if move[0] == "play" and len(move) in (4, 5):
            tile = self._tile_index(move[1])
            if move[2] is None and move[3] is None and len(move) == 4:
                return [kind, tile, -1, -1, -1]
            if move[2] is not None and move[3] in PORTS and (len(move) == 4 or move[4] in HALVES):
                by = HALVES.index(move[4]) if len(move) == 5 else -1
                return [kind, tile, self._tile_index(move[2]), PORTS.index(move[3]), by]
        raise IllegalMove(f"not a move: {move!r}")

    def apply(self, move: Move, claim: int | None = None) -> list[Event]:
        """Play one move for the current seat (a placement with the points claimed for it, where scores are
        announced); returns the events it caused. IllegalMove, the game unchanged, for a move not legal now."""
        ints = self._ints(move)
        if claim is not None and (type(claim) is not int or not 0 <= claim < 2**62):
            raise IllegalMove(f"a claim is a whole number of points, 0 or more, not {claim!r}")
        self._history.append((self._table.raw, len(self._log)))
        try:
            events = self._call(self._dll.ds_table_apply, (ctypes.c_int32 * MOVE_INTS)(*ints),
                                -1 if claim is None else claim)
        except IllegalMove:
            self._history.pop()
            legal = ", ".join(map(str, self.legal_moves())) or "none: the hand is over"
            raise IllegalMove(f"{move!r} is not a legal move now; the legal moves are {legal}") from None
        self._read_state()
        self._log += events
        return json.loads(json.dumps(events))  # type: ignore[no-any-return]  # copies: the log keeps its own

    def undo(self) -> None:
        """Take back the last move of the hand under way (a deal is not taken back); IllegalMove where the hand
        has no move yet."""
        if not self._history:
            raise IllegalMove("there is nothing to undo: the hand under way has no move yet")
        table, events = self._history.pop()
        ctypes.memmove(self._table, table, len(table))
        del self._log[events:]
        self._read_state()

    def bot_move(self, bot: str = "greedy") -> Move:
        """The move the named bot (as `simulate --bot` names them) would make for the current seat."""
        out = (ctypes.c_int32 * MOVE_INTS)()
        code = self._engine.bot_code(bot)
        if self._dll.ds_table_bot_move(self._table, code, out):
            raise IllegalMove("no bot moves now: the hand is over" if self.hand_over else
                              f"the bot {bot} found no memory for its search")
        return self._move(list(out))

    # --- what a seat sees, and the record

    def layout(self) -> dict[str, Any]:
        """The table as the Python engine's Layout.to_dict() gives it."""
        out = (ctypes.c_int32 * self._dll.ds_layout_ints())()
        self._dll.ds_table_layout(self._table, out)
        ints = list(out)
        tiles = self._engine.tiles
        count, at = ints[0], 1
        placed = [ints[at + 4 * i:at + 4 * i + 4] for i in range(count)]
        at += 4 * count

        def ports() -> list[list[object]]:
            nonlocal at
            n = ints[at]
            found = [[_text(tiles[ints[at + 1 + 3 * i]]), PORTS[ints[at + 2 + 3 * i]], ints[at + 3 + 3 * i]]
                     for i in range(n)]
            at += 1 + 3 * n
            return found

        open_ports = ports()
        spinners = [_text(tiles[t]) for t in ints[at + 1:at + 1 + ints[at]]]
        at += 1 + ints[at]
        counted = ports()
        layout: dict[str, Any] = {
            "tiles": [_text(tiles[p[2]]) for p in placed],
            "connections": [[_text(tiles[on]), PORTS[port], _text(tiles[tile]), PORTS[touch]]
                            for on, port, tile, touch in placed if on >= 0],
            "spinners": spinners, "open_ports": open_ports, "counted_ends": counted, "end_total": ints[at]}
        markers = ints[at + 1]  # -1 where the layout has no trains
        if markers >= 0:
            layout["markers"] = ints[at + 2:at + 2 + markers]
        return layout

    def view(self, seat: int) -> dict[str, Any]:
        """What seat can see: its own hand and legal moves (when it is to move), the others' hand sizes, the
        table, scores and the public events (the tiles others drew hidden)."""
        self._seat(seat)
        events = [{**e, "tile": None} if e["event"] == "draw" and e["seat"] != seat else e for e in self.events]
        mine = [m for m in self.legal_moves() if (m[1] == seat if m[0] == "muggins" else self.current == seat)]
        return {"seat": seat, "hand": [_text(t) for t in self.hand(seat)], "hand_sizes": list(self.hand_sizes),
                "pile_size": self._state["pile"], "layout": self.layout(), "scores": list(self.scores),
                "pegs": [list(p) for p in self.pegs], "current": self.current, "hand_over": self.hand_over,
                "over": self.over, "winners": list(self.winners), "events": events,
                "legal_moves": [self.record_move(m) for m in mine]}

    def record_move(self, move: Move, claim: int | None = None) -> dict[str, Any]:
        """A legal move as a record writes it, by the seat that makes it: the current seat, or the caller of muggins."""
        if move[0] == "muggins":
            return {"seat": move[1], "muggins": True}
        if move[0] != "play":
            return {"seat": self.current, move[0]: True}
        written: dict[str, Any] = {"seat": self.current, "play": _text(move[1])}
        if move[2] is not None:
            written["on"], written["port"] = _text(move[2]), move[3]
        if len(move) == 5:
            written["by"] = move[4]
        if claim:
            written["claim"] = claim
        return written

    def record(self) -> dict[str, Any]:
        """The game so far in the replay record format (`dominospec replay` reads it back)."""
        hands: list[dict[str, Any]] = []
        for event in self._log:
            kind = event["event"]
            if kind == "hand":
                opener, dealt, pile = self._deals[len(hands)]  # in order: a hand played again keeps its number
                hands.append({"opener": opener, "deal": [[_text(t) for t in h] for h in dealt],
                              "boneyard": [_text(t) for t in pile], "moves": []})
            elif kind == "play":
                move: dict[str, Any] = {"seat": event["seat"], "play": event["tile"]}
                if event["on"] is not None:
                    move["on"], move["port"] = event["on"], event["port"]
                if "by" in event:
                    move["by"] = event["by"]
                if event.get("claim"):
                    move["claim"] = event["claim"]
                hands[-1]["moves"].append(move)
            elif kind == "muggins":
                hands[-1]["moves"].append({"seat": event["seat"], "muggins": True})
            elif kind in ("draw", "pass"):
                hands[-1]["moves"].append({"seat": event["seat"], kind: True})
        record: dict[str, Any] = {"players": self.players, "partnerships": self.partnerships,
                                  "scores": list(self.starting_scores), "hands": hands}
        if self.first_hand != 1:
            record["first_hand"] = self.first_hand
        return record


if TYPE_CHECKING:
    _CONTRACT: type[EngineGame] = Game  # the Python engines' Game contract, held by mypy
