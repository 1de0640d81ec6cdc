"""The bots that think: an expert that weighs each move by named features, and information-set Monte Carlo
tree search over the deals a seat cannot tell apart. Both decide from what the seat sees: its view, and the
public layout."""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from .bots import RandomBot, play_hand
    from .contract import (
        _INFERS_LACKS,
        _ISMCTS_EXPLORATION,
        _PIPS,
        EXPERT_WEIGHTS,
        TILES,
        WILD_TILES,
        Event,
        Game,
        Layout,
        _placed,
        _points_on,
        _step,
    )
    from .tiles import IllegalMove, _brief, parse_tile
    from .types import Bot, Lead, Move, Placement, Tile, View, WildPlacement

###{standalone knowledge
class _Limit:
    """A seat showed it held no tile of these numbers (it passed, or drew, with them open): it holds at most
    `allowed` of them now, one for each tile it has drawn since and not played."""

    __slots__ = ("numbers", "allowed")

    def __init__(self, numbers: frozenset[int]) -> None:
        self.numbers = numbers
        self.allowed = 0


class _Knowledge:
    """What one seat knows of the hand under way, read from its view alone: the tiles it cannot see, each
    seat's hand size, the pile's, and the numbers the other seats have shown they lack."""

    def __init__(self, view: View) -> None:
        self.seat = view["seat"]
        self.hand = [parse_tile(t) for t in view["hand"]]
        self.sizes = list(view["hand_sizes"])
        self.pile_size = view["pile_size"]
        seen = {parse_tile(t) for t in view["layout"]["tiles"]}
        seen.update(self.hand)
        self.unseen = [t for t in TILES if t not in seen]
        self.limits: list[list[_Limit]] = [[] for _ in self.sizes]
        if _INFERS_LACKS:
            self._read(view["events"], view["layout"]["tiles"])

    def _read(self, events: list[Event], on_table: list[str]) -> None:
        """The limits the hand's passes and draws show: where passing and drawing are allowed only to a seat that
        cannot place a tile, a seat that passed or drew held nothing of the numbers then open."""
        start = max((i for i, e in enumerate(events) if e["event"] == "hand"), default=-1)
        table = Layout()
        if on_table and not any(e["event"] == "play" and e["on"] is None for e in events[start + 1:]):
            table._lead(parse_tile(on_table[0]))  # no move led the hand: its first tile was on the table as it began
        for event in events[start + 1:]:
            if event["event"] == "play":
                on = event["on"]
                tile = parse_tile(event["tile"])
                table.place(tile, None if on is None else parse_tile(on), event["port"])
                limits = self.limits[event["seat"]]
                for limit in limits[:]:  # a tile of numbers it lacked: one it drew since
                    if tile[0] in limit.numbers or tile[1] in limit.numbers:
                        limit.allowed -= 1
                        if limit.allowed < 0:  # the reading was wrong for this hand: forget it
                            limits.remove(limit)
            elif (event["event"] == "pass" or event["event"] == "draw") and table.tiles and event["seat"] != self.seat:
                limits = self.limits[event["seat"]]
                numbers = frozenset(end[2] for end in table.open_ports())
                limits[:] = [limit for limit in limits if limit.numbers != numbers]  # the new one is tighter
                limits.append(_Limit(numbers))
                if event["event"] == "draw":
                    for limit in limits:  # the tile drawn may be of any number
                        limit.allowed += 1

    def may_hold(self, seat: int, tile: Tile) -> bool:
        """Whether seat may hold tile alone, as far as its limits say."""
        low, high = tile
        for limit in self.limits[seat]:
            if limit.allowed == 0 and (low in limit.numbers or high in limit.numbers):
                return False
        return True

    def deal(self, rng: random.Random) -> tuple[dict[int, list[Tile]], list[Tile]]:
        """The other seats' hands and the pile (in drawing order), drawn at random from the unseen tiles as the
        limits allow; where twenty tries find no such deal, the limits are set aside."""
        others = [s for s in range(len(self.sizes)) if s != self.seat]
        others.sort(key=lambda s: not self.limits[s])  # the seats with limits choose first
        for attempt in range(21):
            tiles = self.unseen[:]
            rng.shuffle(tiles)
            hands: dict[int, list[Tile]] = {}
            for seat in others:
                size = self.sizes[seat]
                limits = self.limits[seat] if attempt < 20 else []
                if not limits:
                    hands[seat], tiles = tiles[:size], tiles[size:]
                    continue
                held = [0] * len(limits)
                taken: list[Tile] = []
                left: list[Tile] = []
                for tile in tiles:
                    if len(taken) == size:
                        left.append(tile)
                        continue
                    low, high = tile
                    touched = [i for i, limit in enumerate(limits) if low in limit.numbers or high in limit.numbers]
                    if any(held[i] >= limits[i].allowed for i in touched):
                        left.append(tile)
                        continue
                    for i in touched:
                        held[i] += 1
                    taken.append(tile)
                if len(taken) < size:
                    break
                hands[seat], tiles = taken, left
            else:
                return hands, tiles[:self.pile_size]
        raise AssertionError("unreachable: the last try sets every limit aside")
###}


###{standalone expert_bot
class ExpertBot:
    """Weighs each placement by named features (EXPERT_WEIGHTS, or the weights given) and plays the best;
    ties go to the first such move. It decides from the view and the public layout alone."""

    def __init__(self, weights: dict[str, float] | None = None) -> None:
        chosen = dict(EXPERT_WEIGHTS)
        if weights is not None:
            if not isinstance(weights, dict) or any(k not in EXPERT_WEIGHTS or type(v) not in (int, float)
                                                    for k, v in weights.items()):
                raise IllegalMove(f"the expert's weights are numbers named among {', '.join(EXPERT_WEIGHTS)}, "
                                  f"not {_brief(weights)}")
            chosen.update(weights)
        self.weights = chosen

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        placements = [m for m in moves if m[0] == "play"]
        if not placements:
            return moves[0]
        if len(placements) == 1:
            return placements[0]
        seat = game.current
        knowing = _Knowledge(game.view(seat))
        return max(placements, key=lambda m: self._worth(game, knowing, m))  # max keeps the first of equals

    def _worth(self, game: Game, knowing: _Knowledge, move: Lead | Placement | WildPlacement) -> float:
        w = self.weights
        seat = knowing.seat
        side = game._sides[seat]
        score = game.scores[side]
        after = _placed(game.layout, move)
        tile = move[1]
        worth = w["points"] * _points_on(after, score, game.players)
        worth += w["double"] * (tile[0] == tile[1]) + w["pips"] * _PIPS[tile]
        worth += w["follow"] * sum(1 for t in knowing.hand if t != tile and after.placements_for(t))
        following = (seat + 1) % game.players
        while not knowing.sizes[following] and following != seat:
            following = (following + 1) % game.players
        likely = [t for t in knowing.unseen if knowing.may_hold(following, t)]
        if not likely or following == seat:
            return worth
        chance = min(1.0, knowing.sizes[following] / len(likely))  # that the next seat holds a given one of them
        replies = []
        fitting = 0
        their_score = game.scores[game._sides[following]]
        for t in likely:
            ends = after.placements_for(t)
            if not ends or t in WILD_TILES:
                continue
            fitting += 1
            replies.append(max(_points_on(_placed(after, ("play", t, on, port)), their_score, game.players)
                               for on, port in cast("list[tuple[Tile, str]]", ends)))
        replies.sort(reverse=True)
        expected, none_yet = 0.0, 1.0  # the expected best reply: each tile's points, if no better one is held
        for points in replies:
            expected += points * chance * none_yet
            none_yet *= 1.0 - chance
        worth -= w["reply"] * expected
        if score > max(s for i, s in enumerate(game.scores) if i != side):
            worth += w["block"] * (1.0 - fitting / len(likely))
        return worth
###}


###{standalone ismcts_bot
class _Node:
    """A move in the search tree: how often it was tried, what it earned its mover's side, and how often it was
    legal when its parent was reached."""

    __slots__ = ("side", "visits", "reward", "available", "children")

    def __init__(self, side: int) -> None:
        self.side = side
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[Move, _Node] = {}


def _fork(game: Game) -> Game:
    """A copy of game to play on: its lists, dicts and layout its own, everything else shared."""
    twin = object.__new__(type(game))
    state = twin.__dict__
    for name, value in game.__dict__.items():
        kind = type(value)
        if kind is list:
            value = [item[:] if type(item) is list else item for item in value]
        elif kind is dict or kind is set:
            value = kind(value)
        elif kind is Layout:
            value = value.copy()
        state[name] = value
    return twin


class IsmctsBot:
    """Information-set Monte Carlo tree search, one tree for the deciding seat (Cowling, Powley and Whitehouse,
    2012). Each iteration deals the tiles the seat cannot see as its knowledge allows, walks the tree by the
    moves legal in that deal (UCB1, each move's chance counted from the times it was legal), adds one move,
    and finishes the hand with random moves in the engine's own loop. The move played is the most tried.

    The budget is iterations a move, or milliseconds a move (which no seed makes repeatable). For a given seed
    and iteration budget, the same view gives the same move."""

    def __init__(self, iterations: int | None = None, ms: float | None = None, seed: int | None = None,
                 exploration: float = _ISMCTS_EXPLORATION) -> None:
        if (iterations is None) == (ms is None):
            raise IllegalMove("an ismcts bot has a budget of iterations or of milliseconds a move, one of them")
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise IllegalMove(f"iterations are a whole number of at least 1, not {_brief(iterations)}")
        if ms is not None and (type(ms) not in (int, float) or not ms > 0):
            raise IllegalMove(f"milliseconds are a number above 0, not {_brief(ms)}")
        if type(exploration) not in (int, float) or not exploration >= 0:
            raise IllegalMove(f"exploration is a number of 0 or more, not {_brief(exploration)}")
        self.iterations = iterations
        self.ms = ms
        self.exploration = float(exploration)
        self._random = random.Random(seed)
        self._shared = random.Random(self._random.random())  # the forks' generator: a hand draws nothing from it
        self._rollout: list[RandomBot] = []

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = game.current
        knowing = _Knowledge(game.view(seat))
        players = game.players
        if len(self._rollout) != players:
            self._rollout = [RandomBot(seed=self._random.randrange(1 << 32)) for _ in range(players)]
        sides = game._sides
        base = list(game.scores)
        scale = max(1.0, game.target / 8)  # a difference of this many points is most of a win
        root = _Node(sides[seat])
        rng = self._random
        log, sqrt = math.log, math.sqrt
        c = self.exploration
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        done = 0
        while True:
            if deadline is None:
                if done == self.iterations:
                    break
            elif done and not done % 8 and time.perf_counter() >= deadline:
                break
            done += 1
            twin = _fork(game)
            hands, pile = knowing.deal(rng)
            for other, hand in hands.items():
                twin.hands[other] = hand
            twin.pile = pile
            twin.rng = self._shared
            node = root
            path = []
            while not twin.hand_over:
                legal = twin.legal_moves()
                untried = [m for m in legal if m not in node.children]
                if untried:
                    move = untried[int(rng.random() * len(untried))]
                    child = node.children[move] = _Node(sides[twin.current])
                    _step(twin, move)
                    path.append(child)
                    break
                best, best_value = legal[0], -1.0
                children = node.children
                for m in legal:
                    child = children[m]
                    child.available += 1
                    value = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
                    if value > best_value:
                        best, best_value = m, value
                node = children[best]
                _step(twin, best)
                path.append(node)
            if not twin.hand_over:
                play_hand(twin, cast("list[Bot]", self._rollout))
            if twin.over:
                values = [1.0 if side in twin.winners else 0.0 for side in range(len(base))]
            else:
                gains = [after - before for after, before in zip(twin.scores, base, strict=True)]
                values = [0.5 + 0.5 * math.tanh((gain - max(g for i, g in enumerate(gains) if i != side)) / scale)
                          for side, gain in enumerate(gains)]
            for node in path:
                node.visits += 1
                node.reward += values[node.side]
        return max(moves, key=lambda m: root.children[m].visits if m in root.children else -1)
###}
