"""Bots for simulations, and the loops that let them play hands and games."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .contract import Game, _placed, _points_on
    from .tiles import IllegalMove, _brief
    from .types import Bot, Move

###{standalone bots
class RandomBot:
    """Picks uniformly among the legal moves."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed).random

    def choose(self, game: Game) -> Move:
        moves = game._legal or game.legal_moves()  # usually cached by the move before: skip the call
        return moves[int(self._random() * len(moves))]


###}

###{standalone greedy_bot
class GreedyBot:
    """Takes the placement worth the most immediate points; ties go to the first such move."""

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        best, best_points = moves[0], -1
        layout = game.layout
        score = game.scores[game._sides[game.current]]
        players = game.players
        for move in moves:
            if move[0] != "play":
                continue
            points = _points_on(_placed(layout, move), score, players)
            if points > best_points:
                best, best_points = move, points
        return best
###}


###{standalone play_hand
def play_hand(game: Game, bots: list[Bot]) -> None:
    """Play the current hand to its end, each seat moved by its bot."""
    _check_bots(game, bots)
    _play_by_bots(game, bots)
###}


###{standalone bots_loop
def _play_by_bots(game: Game, bots: list[Bot]) -> None:
    """The current hand to its end, move by move through the Game's methods, each seat moved by its bot."""
    # A RandomBot's choice is made here, drawing exactly as its choose() does: the move comes from the
    # legal moves, so it needs neither the call nor play()'s checks. Any other bot chooses, and play() checks.
    draws = [bot._random if type(bot) is RandomBot else None for bot in bots]
    while not game.hand_over:
        draw = draws[game.current]
        if draw is None:
            game.play(bots[game.current].choose(game))
        else:
            moves = game._legal or game.legal_moves()
            game._make(moves[int(draw() * len(moves))])
###}


###{standalone bot_games
def _check_bots(game: object, bots: object) -> None:
    """IllegalMove unless game is a Game of this engine and bots a list of one bot per seat, each with a
    choose(game) method."""
    if not isinstance(game, Game):
        raise IllegalMove(f"bots play a Game of this engine, not {_brief(game)}")
    if not isinstance(bots, (list, tuple)) or len(bots) != game.players:
        raise IllegalMove(f"give a list of one bot for each of the {game.players} seats, not {_brief(bots)}")
    for bot in bots:
        if type(bot) is not RandomBot and not callable(getattr(bot, "choose", None)):  # the usual bot: no look-up
            raise IllegalMove(f"a bot has a choose(game) method that returns its move; {_brief(bot)} has none")


def play_game(game: Game, bots: list[Bot], max_hands: int = 1000) -> list[int]:
    """Play hands until the game is won (or max_hands hands, counting those played before); returns the
    winning sides. IllegalMove for a game, bots or max_hands it cannot play."""
    _check_bots(game, bots)
    if type(max_hands) is not int or max_hands < 1:
        raise IllegalMove(f"max_hands is a whole number of at least 1, not {_brief(max_hands)}")
    while not game.over:
        if game.hand_over:
            if game.hand_number - game.first_hand + 1 >= max_hands:
                break
            game.start_hand()
        play_hand(game, bots)
    return game.winners
###}
