"""The engines' bots: their names, as simulate, compare and the native engine take them, and the
settings both targets' thinking bots are built with.

"random" and "greedy" play without looking ahead; "expert" weighs each move by named features;
"ismcts:N" searches N iterations a move and "ismcts:Nms" N milliseconds a move. Both engines have every
one of them, under the same names, with the weights and the exploration below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ..language.diagnostics import nearest

SIMPLE = ("random", "greedy", "expert")
NAMES_TEXT = "random, greedy, expert, ismcts:N (N iterations a move) or ismcts:Nms (N milliseconds a move)"
MAX_ITERATIONS = 1_000_000
MAX_MS = 60_000

# The expert's features, each a number worked out for a placement, and the weight each is given.
EXPERT_WEIGHTS: dict[str, tuple[float, str]] = {
    "points": (1.0, "the points the placement scores now"),
    "reply": (1.0, "the points the next seat can be expected to score on the table it leaves"),
    "double": (1.5, "a double played: doubles fit fewer ends, and are hard to place later"),
    "pips": (0.05, "the pips the tile sheds from the hand, which count against it when the hand ends"),
    "follow": (0.2, "the tiles left in hand that fit the table after it: numbers it holds many of, kept open"),
    "block": (2.0, "while its side leads: the share of the next seat's likely tiles that no longer fit"),
}
# The search's UCB1 exploration constant, on rewards from 0 to 1.
ISMCTS_EXPLORATION = 0.7

_SEARCH = re.compile(r"ismcts:([0-9]{1,9})(ms)?")

Kind = Literal["random", "greedy", "expert", "ismcts"]


@dataclass(frozen=True)
class BotName:
    """A bot as named: its kind, and a search bot's budget (iterations or milliseconds a move)."""

    kind: Kind
    iterations: int | None = None
    ms: int | None = None


class BadBotName(ValueError):
    """A name that is no bot's: its message says what the names are, its hint what was nearly meant."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.hint = hint


def parse(text: str) -> BotName:
    """The bot a name stands for; BadBotName for a name that is none."""
    if text in SIMPLE:
        return BotName(text)  # type: ignore[arg-type]  # one of SIMPLE's literals
    found = _SEARCH.fullmatch(text)
    if found is None:
        shown = f"{text!r:.40}"
        if text.startswith("ismcts"):
            why = ("a search bot's budget is a whole number of iterations or of milliseconds"
                   if text.startswith("ismcts:") else "a search bot's budget follows a colon")
            raise BadBotName(f"unknown bot {shown}: {why}",
                             "write ismcts:400 (iterations a move) or ismcts:50ms (milliseconds a move)")
        raise BadBotName(f"unknown bot {shown}: the engines' bots are {NAMES_TEXT}", _nearest(text))
    budget = int(found.group(1))
    if found.group(2):
        if not 1 <= budget <= MAX_MS:
            raise BadBotName(f"a search bot thinks 1 to {MAX_MS} milliseconds a move, not {budget}")
        return BotName("ismcts", ms=budget)
    if not 1 <= budget <= MAX_ITERATIONS:
        raise BadBotName(f"a search bot searches 1 to {MAX_ITERATIONS} iterations a move, not {budget}")
    return BotName("ismcts", iterations=budget)


class BotEngine(Protocol):
    """The bots of a generated Python engine module."""

    def RandomBot(self, seed: int | None = None) -> Any: ...
    def GreedyBot(self) -> Any: ...
    def ExpertBot(self) -> Any: ...
    def IsmctsBot(self, iterations: int | None = None, ms: float | None = None, seed: int | None = None) -> Any: ...


def build(engine: BotEngine, name: str, seed: int | None) -> Any:
    """The engine's bot of that name, built from seed where it draws; BadBotName for a name that is none."""
    named = parse(name)
    if named.kind == "random":
        return engine.RandomBot(seed=seed)
    if named.kind == "greedy":
        return engine.GreedyBot()
    if named.kind == "expert":
        return engine.ExpertBot()
    return engine.IsmctsBot(iterations=named.iterations, ms=named.ms, seed=seed)


def _nearest(text: str) -> str:
    close = nearest(text, (*SIMPLE, "ismcts"))
    if close == "ismcts":
        return "did you mean 'ismcts:400'?"
    return f"did you mean {close!r}?" if close else "or pass a class whose instances have choose(game) -> move"
