"""A yardstick for the generated engine: one 4-player Fives and Threes hand, written by hand in plain Python.

It plays the very hand dominospec.generated.fives_and_threes plays from the same seed and the same
bots (the deal, the opener by lot, every bot's draw and the legal-move order are the engine's), so
the benchmark can set the generated engine against what straightforward hand-written Python achieves.
Only the hand is written: partners opposite (side = seat % 2), no spinner, undealt tiles out of play,
a seat that cannot play knocks, a placement scores the ends' fives and threes, exactly 61 wins and
an event that would pass it is cancelled whole, going out scores 1, a blocked hand has no winner.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

Tile = tuple[int, int]
Draw = Callable[[], float]  # a bot's source of uniform numbers in [0, 1)

TILES: tuple[Tile, ...] = tuple((low, high) for low in range(7) for high in range(low, 7))
HAND_SIZE = 5
TARGET = 61
GOING_OUT_BONUS = 1
# Points for an end total: a positive multiple of 3 scores total / 3, of 5 total / 5, of 15 both.
# Two ends of a double-six line add up to at most 24.
POINTS = tuple((total // 3 if total % 3 == 0 else 0) + (total // 5 if total % 5 == 0 else 0) if total else 0
               for total in range(25))


# A placement: (seat, tile, its own points before the exact target, the going-out bonus scored with it,
# whether points and bonus were cancelled for passing 61). A plain tuple: one is made on every move.
Play = tuple[int, Tile, int, int, bool]


class HandResult(NamedTuple):
    plays: list[Play]
    passes: int
    blocked: bool
    won: bool  # a side reached exactly 61 during the hand
    scores: tuple[int, int]
    remaining_pips: int


def deal(seed: int) -> tuple[list[list[Tile]], int]:
    """The engine's deal from seed (Game(4, seed=seed)): four hands of five, and the opener by lot."""
    rng = random.Random(seed)
    draw = rng.random
    tiles = sorted(TILES, key=lambda _: draw())
    return [tiles[0:5], tiles[5:10], tiles[10:15], tiles[15:20]], rng.randrange(4)


def random_bots() -> list[Draw]:
    """The draws of the engine's RandomBot(seat) for every seat."""
    return [random.Random(seat).random for seat in range(4)]


def play_hand(hands: list[list[Tile]], opener: int, draws: Sequence[Draw],
              scores: tuple[int, int] = (0, 0)) -> HandResult:
    """Play one hand from the dealt hands (emptied as they are played) to its end; draws[seat] moves seat.

    A bot picks the legal move at int(draw() * number of moves): the lead from the hand in hand order,
    later the tiles fitting the first open end, then those fitting the second (the ends in the
    engine's open-port order: an end just covered moves behind the other), and a knock as one move."""
    side_scores = list(scores)
    plays: list[Play] = []
    passes = 0
    blocked = won = False
    seat = opener
    hand = hands[seat]
    tile = hand[int(draws[seat]() * len(hand))]
    low, high = tile
    # The open ends, each [the value a tile must show, what it counts]: a double counts both halves.
    if low == high:
        ends = [(low, 2 * low), (low, 2 * low)]
    else:
        ends = [(high, high), (low, low)]
    total = low + high  # the lead counts alone: a lone double once
    while True:
        hand.remove(tile)
        points = POINTS[total]
        side = seat & 1
        goes_out = not hand and not hands[seat ^ 2]
        gained = points + GOING_OUT_BONUS if goes_out else points
        cancelled = False
        if gained:
            if side_scores[side] + gained > TARGET:
                cancelled = True
            else:
                side_scores[side] += gained
        plays.append((seat, tile, points, GOING_OUT_BONUS if goes_out else 0, cancelled))
        if gained and not cancelled and side_scores[side] == TARGET:
            won = True
            break
        if goes_out:
            break
        # The next seat that still holds tiles plays, or knocks while another seat can play.
        while True:
            seat = (seat + 1) & 3
            hand = hands[seat]
            while not hand:
                seat = (seat + 1) & 3
                hand = hands[seat]
            first, second = ends[0][0], ends[1][0]
            on_first = [t for t in hand if t[0] == first or t[1] == first]
            on_second = [t for t in hand if t[0] == second or t[1] == second]
            count = len(on_first) + len(on_second)
            if count:
                break
            if not any(t[0] == first or t[1] == first or t[0] == second or t[1] == second
                       for held in hands for t in held):
                blocked = True
                break
            draws[seat]()  # the knock is the one legal move: the bot still draws for it
            passes += 1
        if blocked:
            break
        index = int(draws[seat]() * count)
        if index < len(on_first):
            tile, end = on_first[index], 0
        else:
            tile, end = on_second[index - len(on_first)], 1
        value = ends[end][0]
        low, high = tile
        del ends[end]
        if low == high:
            ends.append((value, 2 * value))
        elif low == value:
            ends.append((high, high))
        else:
            ends.append((low, low))
        total = ends[0][1] + ends[1][1]
    remaining = sum(low + high for held in hands for low, high in held)
    return HandResult(plays, passes, blocked, won, (side_scores[0], side_scores[1]), remaining)


def play_hands(first: int, count: int) -> int:
    """Play the hands of seeds first .. first + count - 1 with fresh random bots; returns the placements."""
    draws = random_bots()
    placements = 0
    for seed in range(first, first + count):
        hands, opener = deal(seed)
        placements += len(play_hand(hands, opener, draws).plays)
    return placements
