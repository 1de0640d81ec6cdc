"""A variant in the research tools: PettingZoo (pettingzoo_env), Gymnasium (gymnasium_env) and OpenSpiel
(dominospec.envs.openspiel.register). They need the extra: pip install 'dominospec[envs]'.

Importing this package only checks that the extra is installed; each library is imported when its
environment is first made, so that the one a program uses is the only one it loads.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .gymnasium import DominoesGymEnv
    from .pettingzoo import DominoesEnv

INSTALL = "pip install 'dominospec[envs]'"
_NEEDED = ("numpy", "gymnasium", "pettingzoo")

__all__ = ["EnvError", "MAX_HANDS", "gymnasium_env", "pettingzoo_env"]


def missing(modules: Sequence[str]) -> list[str]:
    """The modules of the list that cannot be imported here."""
    gone = []
    for module in modules:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # a module blocked in sys.modules, or half there
            found = False
        if not found:
            gone.append(module)
    return gone


def require(modules: Sequence[str], what: str) -> None:
    """ImportError naming the extra to install, where any of the modules is not there."""
    gone = missing(modules)
    if gone:
        raise ImportError(f"{what} needs {', '.join(gone)}, which {'is' if len(gone) == 1 else 'are'} not installed: "
                          f"{INSTALL}")


require(_NEEDED, "dominospec.envs")

from .encoding import MAX_HANDS, EnvError  # noqa: E402  # only once the extra is known to be there


def pettingzoo_env(spec: object, players: int = 2, partnerships: bool | None = None, seed: int | None = None,
                   max_hands: int = MAX_HANDS, render_mode: str | None = None) -> DominoesEnv:
    """The variant as a PettingZoo AEC environment: one agent per seat ("seat_0", ...), masked actions over a
    fixed action space, rewards from the scores. spec is a path to a variant's .rules file or an engine
    module; players and partnerships choose the table (partnerships None: the variant's own rule). An
    episode is one game, cut short (truncated) after max_hands hands. EnvError for a table or argument
    the variant does not allow."""
    from . import encoding
    from .pettingzoo import DominoesEnv

    return DominoesEnv(encoding.table(spec, players, partnerships, max_hands), seed=_seed(seed),
                       render_mode=render_mode)


def gymnasium_env(spec: object, seat: int = 0, bots: str | Sequence[str] = "expert", players: int | None = None,
                  partnerships: bool | None = None, seed: int | None = None, max_hands: int = MAX_HANDS,
                  render_mode: str | None = None) -> DominoesGymEnv:
    """The variant as a single-agent Gymnasium environment: the learner plays seat, the engine's bots the
    other seats. bots is one bot's name for every other seat, or one name per other seat in seat order
    (random, greedy, expert, ismcts:N, ismcts:Nms); players defaults to the number that makes (2 for one
    name). Observation, actions and reward are those of pettingzoo_env."""
    from . import encoding
    from .gymnasium import DominoesGymEnv

    names = _bot_names(bots)
    if players is None:
        players = 2 if isinstance(bots, str) else len(names) + 1
    table = encoding.table(spec, players, partnerships, max_hands)
    chosen = encoding.seat(table, seat)
    if isinstance(bots, str):
        names = names * (table.players - 1)
    elif len(names) != table.players - 1:
        raise EnvError(f"bots names one bot for every other seat or one for each of the {table.players - 1} other "
                       f"seats, not {len(names)}")
    for name in names:
        encoding.bot(table, name, seed=0)  # a misspelt name stops here, not at the first reset
    return DominoesGymEnv(table, chosen, tuple(names), seed=_seed(seed), render_mode=render_mode)


def _bot_names(bots: object) -> list[str]:
    if isinstance(bots, str):
        return [bots]
    if not isinstance(bots, Sequence) or not all(isinstance(name, str) for name in bots):
        raise EnvError(f"bots is a bot's name or a list of names, one per other seat, not {bots!r:.60}")
    return list(bots)


def _seed(seed: object) -> int | None:
    if seed is not None and (type(seed) is not int or seed < 0):
        raise EnvError(f"seed is a whole number of 0 or more, or None, not {seed!r:.40}")
    return seed
