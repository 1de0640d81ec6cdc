"""The parts of an engine's Game that no rule changes: dealing, the move interface, scoring on the
board, the event log, views and saves."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, cast

from .tiles import (
    SAVE_KEYS,
    IllegalMove,
    _brief,
    _normalise,
    _rng_state,
    _rng_unstate,
    _saved_tile,
    _saved_tiles,
    _set_tile,
    _shown,
    _tile_list,
    format_tile,
)

if TYPE_CHECKING:
    from .contract import _TEXT, DEAL, TILES, VARIANT_NAME, Event, GameParts, _play_event
    from .types import GameRecord, Move, RecordedHand, RecordedMove, Tile, View
else:
    GameParts = object


class Game(GameParts):
    ###{standalone game_setup
    def side_of(self, seat: int) -> int:
        return self._sides[self._seat(seat)]

    @property
    def deals(self) -> list[tuple[int, list[list[Tile]], list[Tile]]]:
        """(opener, hands, pile) of every hand so far, as dealt (new lists: a caller never holds the game's own)."""
        size = DEAL[self.players]
        cut = self.players * size
        return [(opener, [dealt[start:start + size] for start in range(0, cut, size)], dealt[cut:])
                for opener, dealt in self._deals]
    ###}

    ###{standalone game_dealt
    def _dealt(self, hands: object, pile: object, aside: Tile | None = None) -> tuple[list[list[Tile]], list[Tile]]:
        """Hands (and the pile, in drawing order) as a caller deals them, checked: tiles as two pips in
        either order, every tile of the set once but the one set aside (the round's engine, on the table). No
        pile: the tiles no hand holds, in the set's order."""
        size = DEAL[self.players]
        if not isinstance(hands, (list, tuple)) or len(hands) != self.players or any(
                not isinstance(h, (list, tuple)) or len(h) != size for h in hands):
            raise IllegalMove(f"each of the {self.players} players must be dealt {size} tiles")
        dealt = [[_set_tile(t) for t in h] for h in hands]
        held = {t for h in dealt for t in h}
        if pile is None:
            rest = [t for t in TILES if t not in held and t != aside]
        elif isinstance(pile, (list, tuple)):
            rest = [_set_tile(t) for t in pile]
        else:
            raise IllegalMove(f"the pile is a list of tiles, not {_brief(pile)}")
        seen = [t for h in dealt for t in h] + rest
        if len(set(seen)) != len(seen):
            twice = next(t for t in seen if seen.count(t) > 1)
            raise IllegalMove(f"{format_tile(twice)} is dealt twice")
        if aside is not None and aside in held.union(rest):
            raise IllegalMove(f"{format_tile(aside)} is set aside on the table: no hand and no pile holds it")
        if len(seen) != len(TILES) - (aside is not None):
            raise IllegalMove(f"the hands and the undealt tiles must hold all {len(TILES)} tiles"
                              + ("" if aside is None else f" but {format_tile(aside)}, set aside"))
        return dealt, rest

    def _seat(self, seat: object) -> int:
        """seat, checked: a whole number from 0 to players - 1."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalMove(f"there is no seat {_brief(seat)}: the seats are 0 to {self.players - 1}")
        return seat
    ###}

    ###{standalone game_moves
    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the current seat may make now (empty when the hand or game is over)."""
        if self._legal is None:
            self._legal = () if self.hand_over else self._compute_legal()
        return self._legal

    def apply(self, move: Move, claim: int | None = None) -> list[Event]:
        """Play one move for the current seat (a placement with the points claimed for it, where scores are
        announced); returns the events it caused."""
        first_event = len(self._log)
        self.play(move, claim)
        return self._events_from(first_event)

    @property
    def events(self) -> list[Event]:
        """The event log: hands, placements, draws, passes, hand ends, awards, wins (a copy)."""
        return self._events_from(0)

    def _events_from(self, first: int) -> list[Event]:
        """Copies of the events from index first on: a caller never holds the game's own log. A placement stays
        in the log as the tuple it was logged as, and each read makes its event afresh: nothing to copy."""
        copies: list[Event] = []
        for entry in self._log[first:]:
            if type(entry) is tuple:
                copies.append(_play_event(entry))
                continue
            copy = cast("dict[str, object]", entry).copy()  # a dict's own copy, then only its lists copied again
            for key, value in copy.items():
                if type(value) is list:
                    copy[key] = value[:]
            copies.append(cast("Event", copy))
        return copies

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
            by = [m for m in legal if len(m) == 5 and m[1] == tile and m[2] == move[2] and m[3] == move[3]]
            if by and len(move) == 4:
                return (f"{format_tile(tile)} is wild: name the half that touches, "
                        f"('play', {tile}, {move[2]}, {move[3]!r}, 'low') or 'high'")
            if len(move) == 5 and not by:
                return (f"{format_tile(tile)} takes no 'by' on {where}: only a wild tile that is no double, placed on "
                        "a tile, names the half that touches")
            return f"seat {seat} cannot play {format_tile(tile)} on {where}"
        if move[0] == "draw":
            if any(m[0] == "play" for m in legal):
                return f"seat {seat} can play, so may not draw"
            return "nothing can be drawn now"
        if move[0] == "pass":
            if any(m[0] == "play" for m in legal):
                return f"seat {seat} can play, so must play"
            return f"seat {seat} cannot pass while tiles can be drawn"
        if move[0] == "muggins":
            return (f"seat {_shown(move[1])} may not call muggins now: only an opponent of the mover, right after a "
                    "placement whose points were not claimed exactly, where scores are announced")
        return f"unknown move {move!r}"
    ###}

    ###{standalone game_scoring
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
        self._seat(seat)
        events: list[Event] = [
            {**e, "tile": None} if e["event"] == "draw" and e["seat"] != seat else e for e in self.events]
        return {
            "seat": seat, "hand": _tile_list(self.hands[seat]), "hand_sizes": [len(h) for h in self.hands],
            "pile_size": len(self.pile), "layout": self.layout.to_dict(), "scores": list(self.scores),
            "pegs": list(self.pegs),
            "current": self.current, "hand_over": self.hand_over, "over": self.over, "winners": list(self.winners),
            "events": events,
            "legal_moves": [self.record_move(m) for m in self.legal_moves()  # seat's own, and its muggins calls
                            if (m[1] == seat if m[0] == "muggins" else self.current == seat)],
        }

    def record_move(self, move: Move, claim: int | None = None) -> RecordedMove:
        """A legal move as a record writes it, by the seat that makes it: the current seat, or the caller of muggins."""
        if move[0] == "muggins":
            return {"seat": move[1], "muggins": True}
        if move[0] != "play":
            written: RecordedMove = {"seat": self.current}
            written[move[0]] = True  # "draw" or "pass"
            return written
        written = {"seat": self.current, "play": _TEXT[move[1]]}
        if move[2] is not None and move[3] is not None:
            written["on"], written["port"] = _TEXT[move[2]], move[3]
        if len(move) == 5:
            written["by"] = move[4]
        if claim:
            written["claim"] = claim
        return written

    def record(self) -> GameRecord:
        """The game so far in the replay record format (`dominospec replay` reads it back)."""
        hands: list[RecordedHand] = []
        deals = self.deals  # cut from the game's lists once, not once a hand
        for event in self.events:
            if event["event"] == "hand":
                opener, dealt, pile = deals[len(hands)]  # in order: a hand played again keeps its number
                hands.append({"opener": opener, "deal": [_tile_list(h) for h in dealt],
                              "boneyard": _tile_list(pile), "moves": []})
            elif event["event"] == "play":
                move: RecordedMove = {"seat": event["seat"], "play": event["tile"]}
                if event["on"] is not None and event["port"] is not None:
                    move["on"], move["port"] = event["on"], event["port"]
                if "by" in event:
                    move["by"] = event["by"]
                if event.get("claim"):
                    move["claim"] = event["claim"]
                hands[-1]["moves"].append(move)
            elif event["event"] == "muggins":
                hands[-1]["moves"].append({"seat": event["seat"], "muggins": True})
            elif event["event"] == "draw":
                hands[-1]["moves"].append({"seat": event["seat"], "draw": True})
            elif event["event"] == "pass":
                hands[-1]["moves"].append({"seat": event["seat"], "pass": True})
        record: GameRecord = {"players": self.players, "partnerships": self.partnerships,
                              "scores": list(self.starting_scores), "hands": hands}
        if self.first_hand != 1:
            record["first_hand"] = self.first_hand
        return record

    def to_json(self) -> str:
        state = {
            "variant": VARIANT_NAME, "players": self.players, "partnerships": self.partnerships,
            "scores": self.scores, "starting_scores": self.starting_scores, "pegs": self.pegs,
            "rng": _rng_state(self.rng),
            "events": self.events, "winners": self.winners,
            "deals": [[o, [_tile_list(h) for h in hs], _tile_list(p)] for o, hs, p in self.deals],
            "over": self.over, "first_hand": self.first_hand, "hand_number": self.hand_number,
            "hand_over": self.hand_over, "opener": self.opener, "current": self.current,
            "hands": [_tile_list(h) for h in self.hands], "pile": _tile_list(self.pile),
            "layout": [[_TEXT[t]] for t in self.layout.tiles[:1]] + [
                [_TEXT[b], _TEXT[a], pa] for a, pa, b, _ in self.layout._links],
            "last_tile_seat": self._last_tile_seat, "last_blocked": self._last_blocked, "extra": self._extra,
            "drawn": None if self._drawn is None else _TEXT[self._drawn], "draws": self._draws,
            "passes": self._passes,
        }
        return json.dumps(state, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The game a save holds. The save is checked whole: its deals and moves are played again, by
        the rules, and everything else it says must be what they lead to; IllegalMove otherwise."""
        try:
            state = json.loads(text)
        except (TypeError, ValueError) as err:  # not text, or not JSON (JSONDecodeError is a ValueError)
            raise IllegalMove(f"not a saved game: {err}") from None
        except RecursionError:  # JSON nested deeper than the decoder goes: no save is
            raise IllegalMove("not a saved game: the JSON is nested too deep") from None
        if not isinstance(state, dict):
            raise IllegalMove(f"a saved game is a JSON object, not {type(state).__name__}")
        missing = sorted(SAVE_KEYS - state.keys())
        unknown = sorted(state.keys() - SAVE_KEYS)
        if missing or unknown:
            raise IllegalMove(f"not a saved game: {'missing ' + ', '.join(missing) if missing else ''}"
                              f"{'; ' if missing and unknown else ''}"
                              f"{'unknown ' + ', '.join(map(_brief, unknown)) if unknown else ''}")
        if state["variant"] != VARIANT_NAME:
            raise IllegalMove(f"this save is for {_brief(state['variant'])}, not {VARIANT_NAME!r}")
        deals, events = state["deals"], state["events"]
        if not isinstance(deals, list) or not isinstance(events, list):
            raise IllegalMove("a save's deals and events are lists")
        game = cls._replayed(state["players"], state["partnerships"], state["starting_scores"], state["first_hand"],
                             deals, events)
        rebuilt = json.loads(game.to_json())
        wrong = sorted(key for key in SAVE_KEYS - {"rng"} if rebuilt[key] != state[key])
        if wrong:
            raise IllegalMove(f"the save's {', '.join(wrong)} do not follow from its deals and moves")
        try:
            game.rng.setstate(_rng_unstate(state["rng"]))
        except (TypeError, ValueError, IndexError, KeyError, OverflowError):  # what setstate finds wrong
            raise IllegalMove("the save's random state is damaged") from None
        return game

    @classmethod
    def _replayed(cls, players: object, partnerships: object, scores: object, first_hand: object,
                  deals: list[object], events: list[object]) -> Game:
        """A game played again by the rules from its starting scores and hand number, deals ([opener, hands, pile]
        a hand) and the moves its events show; IllegalMove where they do not make a game."""
        game = cls(players, partnerships, scores=scores, deal=False,  # type: ignore[arg-type]  # checked there
                   first_hand=first_hand)  # type: ignore[arg-type]
        for event in events:
            if not isinstance(event, dict):
                raise IllegalMove(f"an event is a JSON object, not {_brief(event)}")
            kind = event.get("event")
            if kind == "hand":
                dealt = game.hand_number - game.first_hand + 1  # the hands dealt so far
                if dealt >= len(deals):
                    raise IllegalMove(f"hand {game.hand_number + 1} has no deal in the save")
                deal = deals[dealt]
                if not isinstance(deal, list) or len(deal) != 3 or not isinstance(deal[1], list):
                    raise IllegalMove(f"a deal is [opener, hands, pile], not {_brief(deal)}")
                opener, hands, pile = deal
                game.start_hand(opener, [_saved_tiles(h) for h in hands], _saved_tiles(pile))
            elif kind == "play":
                on = event.get("on")
                by = (event["by"],) if "by" in event else ()
                game.play(cast("Move", ("play", _saved_tile(event.get("tile")),
                                        None if on is None else _saved_tile(on), event.get("port"), *by)),
                          event.get("claim"))
            elif kind == "muggins":
                game.play(cast("Move", ("muggins", event.get("seat"))))
            elif kind in ("draw", "pass"):
                game.play(cast("Move", (kind,)))
        return game

    def undo(self) -> None:
        """Take back the last move of the hand under way: the game is played again from its deals to the move
        before it (a deal is not taken back). IllegalMove where the hand has no move yet."""
        events = self.events
        hand_at = max((i for i, e in enumerate(events) if e["event"] == "hand"), default=len(events))
        made = ("play", "draw", "pass", "muggins")  # the events a move makes first
        moves = [i for i, e in enumerate(events[hand_at:], hand_at) if e["event"] in made]
        if not moves:
            raise IllegalMove("there is nothing to undo: the hand under way has no move yet")
        deals = [[opener, [_tile_list(h) for h in hands], _tile_list(pile)] for opener, hands, pile in self.deals]
        rebuilt = self._replayed(self.players, self.partnerships, self.starting_scores, self.first_hand, list(deals),
                                 list(events[:moves[-1]]))
        rng = self.rng  # moves draw nothing from the game's random numbers: the next deal is the one it was
        self.__dict__.update(rebuilt.__dict__)
        self.rng = rng
    ###}
