"""Units of play on a Python engine: hands, games or whole matches, each seeded by its index alone,
played by any bots, and read into the rows of records.py.

A hand is played by the engine's own play_hand (a hand of RandomBots in one frame where the rules allow
it); a game's events are read once, when the game is over, and cut into its hands at their "hand"
events. Scores are taken after every hand, so that each hand's points are its score change whatever
events made it (placements, awards, penalties, stakes, pools).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, cast

from ..engine_api import EngineGame, EngineMatch, Event, MatchPlayEngine, Move, VariantEngine, match_play
from ..language.diagnostics import Diagnostic, UsageError
from ..play import bots as bot_names
from ..targets.records import Records, hand_fields, seat_seed, unit_fields, unit_seed

SAFETY_HANDS = 1000  # hands in one game: play_game's own limit, and the native engine's
SAFETY_GAMES = 1000  # games in one match: play_match's own limit, and the native engine's


class Bot(Protocol):
    def choose(self, game: Any) -> Move: ...


class SimulatedEngine(VariantEngine, bot_names.BotEngine, Protocol):
    """What a simulation uses of an engine beside its Game: the bots and the loop that plays a hand."""

    def play_hand(self, game: EngineGame, bots: list[Bot]) -> None: ...


BotMaker = Callable[[int], Bot]  # the seat's seed -> the seat's bot for one unit


@dataclass
class _Choice:
    """The last move a user's bot chose, until the engine takes it: what an IllegalMove is about."""

    name: str = ""
    seat: int = 0
    move: object = None


class _UserBot:
    """A user's bot, its every choice noted, so that a move the rules refuse can be reported."""

    def __init__(self, bot: Bot, name: str, seat: int, choice: _Choice):
        self._bot, self._name, self._seat, self._choice = bot, name, seat, choice

    def choose(self, game: Any) -> Move:
        self._choice.move = None  # a failure inside choose() itself is the bot's own
        move = self._bot.choose(game)
        self._choice.name, self._choice.seat, self._choice.move = self._name, self._seat, move
        return move


def _usage(message: str, hint: str | None = None) -> UsageError:
    return UsageError([Diagnostic(message, None, hint=hint)])


def _takes_seed(cls: type) -> bool:
    """Whether the class is built as cls(seed=...) (else cls()); UsageError if it can be built neither way."""
    try:
        signature = inspect.signature(cls)
    except (TypeError, ValueError):  # a signature Python cannot read: built without a seed
        return False
    seeded = "seed" in signature.parameters
    try:
        if seeded:
            signature.bind(seed=0)
        else:
            signature.bind()
    except TypeError as err:
        name = cls.__qualname__
        how = f"{name}(seed=...)" if seeded else f"{name}() or {name}(seed=...)"
        raise _usage(f"the bot {name} cannot be built as {how}: {err}") from None
    return seeded


def check_bot(bot: object) -> None:
    """A bot as a run takes it: one of the engines' bots by name, or a class whose instances have
    choose(game); UsageError, with the nearest name for a misspelt one, for anything else."""
    if isinstance(bot, str):
        try:
            bot_names.parse(bot)
        except bot_names.BadBotName as err:
            raise _usage(str(err), err.hint) from None
    elif not isinstance(bot, type) or not callable(getattr(bot, "choose", None)):
        raise _usage(f"a bot is one of the engines' bots by name ({bot_names.NAMES_TEXT}) or a class whose "
                     f"instances have choose(game) -> move, not {bot!r:.60}")


def _bot_maker(engine: SimulatedEngine, bot: str | type, choice: _Choice, seat: int) -> BotMaker:
    """How a unit builds the seat's bot from the seat's seed."""
    check_bot(bot)
    if isinstance(bot, str):
        name = bot
        return lambda seed: cast(Bot, bot_names.build(engine, name, seed))
    name = bot.__qualname__
    cls = bot
    if _takes_seed(cls):
        return lambda seed: _UserBot(cls(seed=seed), name, seat, choice)
    return lambda seed: _UserBot(cls(), name, seat, choice)


def _check_table(engine: SimulatedEngine, players: int, partnerships: bool | None) -> None:
    """The table, refused in the engine's own words: its Game checks the players and partnerships."""
    try:
        engine.Game(players, partnerships, deal=False)
    except engine.IllegalMove as err:
        raise _usage(f"no such table: {err}") from None


@dataclass
class _Hand:
    """One hand as its events tell it."""

    opener: int
    winners: list[int] | None = None  # the reckoning's winners; None: the hand was won in play
    blocked: bool = False
    remaining_pips: int = 0


@dataclass
class _Unit:
    """One unit's figures, summed as its games are read."""

    index: int
    players: int
    max_players: int
    lines: tuple[str, ...]
    figures: dict[str, int]
    hands: list[tuple[int, ...]] = field(default_factory=list)

    def add(self, name: str, value: int) -> None:
        self.figures[name] += value

    def count_wins(self, winners: Sequence[int], opener: int, sides: int) -> None:
        """Winning sides, by side, by seat from the opener, and by absolute seat (both partners count)."""
        for side in set(winners):  # a side listed twice (two tied partners) wins once
            self.figures[f"wins_{side}"] += 1
        for k in range(self.players):
            if ((opener + k) % self.players) % sides in winners:
                self.figures[f"opener_wins_{k}"] += 1
        for seat in range(self.players):
            if seat % sides in winners:
                self.figures[f"seat_wins_{seat}"] += 1

    def read_game(self, engine: SimulatedEngine, game: EngineGame, ends: list[list[int]], number: int,
                  whole: bool) -> None:
        """Take in a game (whole: played to its end; else its one hand) from its events and the scores
        after each of its hands."""
        sides = len(game.scores)
        hands = self._read_events(game.events)
        if hands[-1].winners is None:  # won in play: no reckoning told the pips left
            hands[-1].remaining_pips = _pips_in_hands(engine, game)
        before = [0] * sides
        for hand, after in zip(hands, ends, strict=True):
            points = [a - b for a, b in zip(after, before, strict=True)]
            before = after
            self.add("hands", 1)
            self.add("remaining_pips", hand.remaining_pips)
            self.add("blocked" if hand.blocked else "went_out" if hand.winners is not None else "won_in_play", 1)
            for k in range(self.players):
                self.add(f"opener_points_{k}", points[((hand.opener + k) % self.players) % sides])
            self.hands.append((self.index, number, hand.opener, *points, *[0] * (self.max_players - sides)))
        self.add("games", int(game.over))
        for side, score in enumerate(game.scores):
            self.add(f"points_{side}", score)
        if not whole:
            last = hands[-1]
            self.count_wins(last.winners if last.winners is not None else game.winners, last.opener, sides)
            return
        self.count_wins(game.winners, hands[0].opener, sides)
        if len(game.winners) == 1:
            won = game.winners[0]
            # The distance to the nearest other side: the lead over the best other, or where the losing side records
            # penalty points, the other's points over the winner's.
            self.add("margin", min(abs(game.scores[won] - s) for side, s in enumerate(game.scores) if side != won))

    def _read_events(self, events: Sequence[Event]) -> list[_Hand]:
        """The game's hands, and the counts of its moves and cancelled scores into the figures."""
        figures = self.figures
        hands: list[_Hand] = []
        for event in events:
            kind = event["event"]
            if kind == "play":
                points = event["points"]
                figures["placements"] += 1
                figures["turns"] += 1
                figures["placement_points"] += points
                figures["placement_points_sq"] += points * points
                figures["scoring_placements"] += points > 0
                figures["cancelled"] += bool(event.get("cancelled"))
            elif kind == "pass":
                figures["passes"] += 1
                figures["turns"] += 1
            elif kind == "draw":
                figures["draws"] += 1
            elif kind == "hand":
                hands.append(_Hand(event["opener"]))
            elif kind == "hand_end":
                hand = hands[-1]
                hand.winners = list(event["winners"])
                hand.blocked = event["blocked"]
                hand.remaining_pips = sum(event["remaining_pips"])
            elif kind == "award":
                figures["cancelled"] += bool(event.get("cancelled"))
        return hands

    def read_match(self, match: EngineMatch) -> None:
        self.add("matches", int(match.over))
        for side, points in enumerate(match.score.match_points):
            self.add(f"match_points_{side}", points)
        for side in match.winners:
            self.add(f"match_wins_{side}", 1)
        for result in match.score.results:
            if result["line"] is not None:
                self.add(f"line_{self.lines.index(result['line'])}", 1)

    def row(self, names: tuple[str, ...]) -> tuple[int, ...]:
        return tuple(self.figures[name] for name in names)


def _pips_in_hands(engine: SimulatedEngine, game: EngineGame) -> int:
    pips = 0
    for seat in range(game.players):
        for text in game.view(seat)["hand"]:
            low, high = engine.parse_tile(text)
            pips += low + high
    return pips


def _play_game(engine: SimulatedEngine, game: EngineGame, bots: list[Bot], unit: _Unit, number: int,
               whole: bool) -> None:
    """Play the game's dealt hand, and with whole the hands after it to the game's end (or the safety
    limit); then read it into the unit."""
    ends: list[list[int]] = []
    while True:
        engine.play_hand(game, bots)
        ends.append(list(game.scores))
        if not whole or game.over or len(ends) >= SAFETY_HANDS:
            break
        game.start_hand()
    unit.read_game(engine, game, ends, number, whole)


def _play_match(engine: SimulatedEngine, match: EngineMatch, bots: list[Bot], unit: _Unit) -> None:
    for number in range(1, SAFETY_GAMES + 1):
        _play_game(engine, match.game, bots, unit, number, whole=True)
        if not match.game.over:
            break
        match.finish_game()
        if match.over or number == SAFETY_GAMES:
            break
        match.next_game()
    unit.read_match(match)


def play_units(engine: VariantEngine, first: int, count: int, *, players: int, partnerships: bool | None,
               seed: int, bots: Sequence[str | type], kind: Literal["hand", "game"]) -> Records:
    """Units first .. first + count - 1 at this table: each a hand dealt from scores of 0 (kind "hand"),
    a game to the target, or for a variant with match rules a whole match (kind "game"). Unit i plays
    from unit_seed(seed, i), each seat's bot from seat_seed(seed, i, seat): bots are the engines' bots
    by name (play/bots.py), or a class whose instances have choose(game), built with seed= where its
    __init__ takes one; one bot for every seat, or one per seat. UsageError for arguments the run
    cannot take, and for a move a user's bot chose that the rules refuse."""
    simulated = cast(SimulatedEngine, engine)
    if kind not in ("hand", "game"):
        raise _usage(f"a unit is a 'hand' or a 'game', not {kind!r:.60}")
    for name, value in (("first", first), ("count", count)):
        if type(value) is not int or value < 0:
            raise _usage(f"{name} is a whole number of at least 0, not {value!r:.60}")
    if type(seed) is not int:
        raise _usage(f"a seed is a whole number, not {seed!r:.60}")
    _check_table(simulated, players, partnerships)
    if isinstance(bots, (str, type)) or len(bots) not in (1, players):
        raise _usage(f"give one bot for every seat or one for each of the {players} seats, not {bots!r:.80}")
    choice = _Choice()
    makers = [_bot_maker(simulated, bot, choice, seat)
              for seat, bot in enumerate(list(bots) * players if len(bots) == 1 else bots)]
    max_players = max(engine.DEAL)
    lines = tuple(line[0] for line in engine.MATCH_LINES)
    names = unit_fields(max_players, lines)
    match_engine: MatchPlayEngine | None = match_play(engine) if kind == "game" else None
    rows: list[tuple[int, ...]] = []
    hands: list[tuple[int, ...]] = []
    for i in range(first, first + count):
        unit = _Unit(i, players, max_players, lines, dict.fromkeys(names, 0))
        choice.move = None
        seat_bots = [make(seat_seed(seed, i, seat)) for seat, make in enumerate(makers)]
        try:
            if match_engine is not None:
                _play_match(simulated, match_engine.Match(players, partnerships, seed=unit_seed(seed, i)),
                            seat_bots, unit)
            else:
                game = engine.Game(players, partnerships, seed=unit_seed(seed, i))
                _play_game(simulated, game, seat_bots, unit, 1, whole=kind == "game")
        except engine.IllegalMove as err:
            if choice.move is None:
                raise
            raise _usage(f"the bot {choice.name} at seat {choice.seat} chose {choice.move!r:.80} in unit {i}, "
                         f"which the rules refuse: {err}") from None
        rows.append(unit.row(names))
        hands.extend(unit.hands)
    return Records(names, rows, hand_fields(max_players), hands)
