"""The parts of an engine's Game that no rule changes: dealing, the move interface, scoring on the
board, the event log, views and saves."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from .tiles import IllegalMove, _normalise, _rng_state, _rng_unstate, _shown, _tile_list, format_tile, parse_tile

if TYPE_CHECKING:
    from .contract import _PIPS, _TILE_SET, DEAL, MAX_PIP, TILES, VARIANT_NAME, Event, GameParts, Layout, _play_event
    from .types import GameRecord, Move, RecordedHand, RecordedMove, Tile, View
else:
    GameParts = object


class Game(GameParts):
    ###{standalone game_setup
    def side_of(self, seat: int) -> int:
        return self._sides[seat]

    def start_hand(self, opener: int | None = None, hands: list[list[Tile]] | None = None,
                   pile: list[Tile] | None = None) -> None:
        """Deal a new hand (shuffled by the game's seed unless hands are given) and set its opener."""
        if self.over:
            raise IllegalMove("the game is over")
        if not self.hand_over:
            raise IllegalMove("the current hand is not over")
        size = DEAL[self.players]
        if hands is None:
            draw = self.rng.random
            tiles = sorted(TILES, key=lambda _: draw())  # a uniform shuffle, cheaper than rng.shuffle
            hands = [tiles[i * size:(i + 1) * size] for i in range(self.players)]
            pile = tiles[self.players * size:]
        else:
            # Tiles may come as lists (JSON): as tuples they are checked against the set.
            hands = [[cast("Tile", tuple(t)) for t in h] for h in hands]
            seen = [t for h in hands for t in h] + [cast("Tile", tuple(t)) for t in (pile or [])]
            if len(hands) != self.players or any(len(h) != size for h in hands):
                raise IllegalMove(f"each of the {self.players} players must be dealt {size} tiles")
            unknown = [t for t in seen if t not in _TILE_SET]
            if unknown:
                raise IllegalMove(f"{unknown[0]!r} is not a tile of the double-{MAX_PIP} set")
            if len(set(seen)) != len(seen):
                twice = next(t for t in seen if seen.count(t) > 1)
                raise IllegalMove(f"{format_tile(twice)} is dealt twice")
            if pile is None:
                dealt = set(seen)
                pile = [t for t in TILES if t not in dealt]
            pile = [cast("Tile", tuple(t)) for t in pile]
            if len(seen) != len(TILES):
                raise IllegalMove(f"the hands and the undealt tiles must hold all {len(TILES)} tiles")
        opener = self._choose_opener(opener, hands)
        self.hand_number += 1
        self.hands = hands
        self.pile = list(pile)  # where tiles are drawn, from the front
        self.layout = Layout()
        self.opener = self.current = opener
        self.hand_over = False
        self._extra = False
        self._drawn = None
        self._draws = 0
        self._passes = 0
        self._legal = None
        self.deals.append((opener, [list(h) for h in hands], list(pile)))
        self._log.append({"event": "hand", "hand": self.hand_number, "opener": opener})
    ###}

    ###{standalone game_moves
    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the current seat may make now (empty when the hand or game is over)."""
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return self._legal

    def apply(self, move: Move) -> list[Event]:
        """Play one move for the current seat; returns the events it caused."""
        first_event = len(self._log)
        self.play(move)
        return self.events[first_event:]

    @property
    def events(self) -> list[Event]:
        """The event log: hands, placements, draws, passes, hand ends, awards, wins."""
        log = self._log
        for index in range(self._built, len(log)):
            entry = log[index]
            if type(entry) is tuple:
                log[index] = _play_event(entry)
        self._built = len(log)
        return cast("list[Event]", log)  # every placement is an event dict now

    def _legal_or_raise(self, move: object, legal: tuple[Move, ...]) -> Move:
        """The legal move that move (lists for tuples, as JSON gives them) stands for."""
        normalised = _normalise(move)
        for candidate in legal:
            if candidate == normalised:
                return candidate
        raise IllegalMove(self._why_illegal(normalised, legal))

    def _why_illegal(self, move: tuple[object, ...], legal: tuple[Move, ...]) -> str:
        if self.over:
            return "the game is over"
        if self.hand_over:
            return "the hand is over; start the next hand"
        seat = self.current
        if move[0] == "play":
            if self._drawn is not None and move[1] != self._drawn:
                return f"seat {seat} must play the tile just drawn, {format_tile(self._drawn)}"
            tile = next((t for t in self.hands[seat] if t == move[1]), None)
            if tile is None:
                return f"seat {seat} does not hold {_shown(move[1])}"
            if not self.layout.tiles:
                return f"the lead must be one of {', '.join(format_tile(m[1]) for m in legal if m[0] == 'play')}"
            where = "the lead" if move[2] is None else f"{_shown(move[2])} {move[3]}"
            return f"seat {seat} cannot play {format_tile(tile)} on {where}"
        if move[0] == "draw":
            if any(m[0] == "play" for m in legal):
                return f"seat {seat} can play, so may not draw"
            return "nothing can be drawn now"
        if move[0] == "pass":
            if any(m[0] == "play" for m in legal):
                return f"seat {seat} can play, so must play"
            return f"seat {seat} cannot pass while tiles can be drawn"
        return f"unknown move {move!r}"
    ###}

    ###{standalone game_scoring
    def _pips(self, seats: Iterable[int]) -> int:
        return sum(_PIPS[t] for seat in seats for t in self.hands[seat])

    def _score(self, side: int, points: int) -> None:
        """Add points and move the side's pegs as on a cribbage board: the back peg jumps ahead of the front."""
        score = self.scores[side] + points
        self.scores[side] = score
        self.pegs[side] = (self.pegs[side][1], score)
        self._board = (tuple(self.scores), tuple(self.pegs))

    def _win(self, sides: list[int]) -> None:
        self.over = True
        self.hand_over = True
        self._legal = None
        self.winners = sorted(sides)
        self._log.append({"event": "win", "sides": self.winners, "scores": list(self.scores)})
    ###}

    ###{standalone game_persistence
    def view(self, seat: int) -> View:
        """What seat can see: its own hand, the others' hand sizes, the table, scores and public events."""
        events: list[Event] = [
            {**e, "tile": None} if e["event"] == "draw" and e["seat"] != seat else e for e in self.events]
        return {
            "seat": seat, "hand": _tile_list(self.hands[seat]), "hand_sizes": [len(h) for h in self.hands],
            "pile_size": len(self.pile), "layout": self.layout.to_dict(), "scores": list(self.scores),
            "pegs": list(self.pegs),
            "current": self.current, "hand_over": self.hand_over, "over": self.over, "winners": list(self.winners),
            "events": events,
        }

    def record(self) -> GameRecord:
        """The game so far in the replay record format (`dominospec replay` reads it back)."""
        hands: list[RecordedHand] = []
        for event in self.events:
            if event["event"] == "hand":
                opener, dealt, pile = self.deals[event["hand"] - 1]
                hands.append({"opener": opener, "deal": [_tile_list(h) for h in dealt],
                              "boneyard": _tile_list(pile), "moves": []})
            elif event["event"] == "play":
                move: RecordedMove = {"seat": event["seat"], "play": event["tile"]}
                if event["on"] is not None and event["port"] is not None:
                    move["on"], move["port"] = event["on"], event["port"]
                hands[-1]["moves"].append(move)
            elif event["event"] == "draw":
                hands[-1]["moves"].append({"seat": event["seat"], "draw": True})
            elif event["event"] == "pass":
                hands[-1]["moves"].append({"seat": event["seat"], "pass": True})
        return {"players": self.players, "partnerships": self.partnerships,
                "scores": list(self.starting_scores), "hands": hands}

    def to_json(self) -> str:
        state = {
            "variant": VARIANT_NAME, "players": self.players, "partnerships": self.partnerships,
            "scores": self.scores, "starting_scores": self.starting_scores, "pegs": self.pegs,
            "rng": _rng_state(self.rng),
            "events": self.events, "winners": self.winners,
            "deals": [[o, [_tile_list(h) for h in hs], _tile_list(p)] for o, hs, p in self.deals],
            "over": self.over, "hand_number": self.hand_number, "hand_over": self.hand_over,
            "opener": self.opener, "current": self.current, "hands": [_tile_list(h) for h in self.hands],
            "pile": _tile_list(self.pile),
            "layout": [[format_tile(t)] for t in self.layout.tiles[:1]] + [
                [format_tile(b), format_tile(a), pa] for a, pa, b, _ in self.layout._links],
            "last_tile_seat": self._last_tile_seat, "last_blocked": self._last_blocked, "extra": self._extra,
            "drawn": None if self._drawn is None else format_tile(self._drawn), "draws": self._draws,
            "passes": self._passes,
        }
        return json.dumps(state, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Game:
        state = json.loads(text)
        if state.get("variant") != VARIANT_NAME:
            raise IllegalMove(f"this save is for {state.get('variant')!r}, not {VARIANT_NAME!r}")
        game = cls(state["players"], state["partnerships"], scores=state["scores"], deal=False)
        game.rng.setstate(_rng_unstate(state["rng"]))
        game._log = state["events"]
        game._built = len(game._log)
        game.starting_scores = state["starting_scores"]
        game.pegs = [(back, front) for back, front in state["pegs"]]
        game._board = (tuple(game.scores), tuple(game.pegs))
        game.deals = [(o, [[parse_tile(t) for t in h] for h in hs], [parse_tile(t) for t in p])
                      for o, hs, p in state["deals"]]
        game.winners = state["winners"]
        game.over = state["over"]
        game.hand_number = state["hand_number"]
        game.hand_over = state["hand_over"]
        game.opener = state["opener"]
        game.current = state["current"]
        game.hands = [[parse_tile(t) for t in h] for h in state["hands"]]
        game.pile = [parse_tile(t) for t in state["pile"]]
        for entry in state["layout"]:
            if len(entry) == 1:
                game.layout.place(parse_tile(entry[0]))
            else:
                game.layout.place(parse_tile(entry[0]), parse_tile(entry[1]), entry[2])
        game._last_tile_seat = state["last_tile_seat"]
        game._last_blocked = state["last_blocked"]
        game._extra = state["extra"]
        game._drawn = None if state["drawn"] is None else parse_tile(state["drawn"])
        game._draws = state["draws"]
        game._passes = state["passes"]
        return game
    ###}
