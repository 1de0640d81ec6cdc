"""Match play: the running match score, and a match of games with the loop that plays one."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypedDict

from .tiles import IllegalMove, _brief, _checked_seed

if TYPE_CHECKING:
    from .contract import Game, MatchParts, MatchScoreParts, play_game
    from .types import Bot, RecordedHand
else:
    MatchParts = MatchScoreParts = object

###{standalone match_types
class GameResult(TypedDict):
    """One game scored in match points."""

    game: int
    scores: list[int]
    winners: list[int]
    line: str | None  # the deepest line the best loser is below
    points: int
    outright: bool  # the line wins the whole match
    match_points: list[int]
    games_won: list[int]
    match_over: bool
    match_winners: list[int]
###}


###{standalone match_record
class MatchRecord(TypedDict):
    players: int
    partnerships: bool
    games: list[dict[str, list[RecordedHand]]]
###}


class MatchScore(MatchScoreParts):
    ###{standalone match_score
    def __init__(self, sides: int) -> None:
        if type(sides) is not int or sides < 2:
            raise IllegalMove(f"a match is between 2 or more sides, not {sides!r:.60}")
        self.sides = sides
        self.match_points = [0] * sides
        self.games_won = [0] * sides
        self.results: list[GameResult] = []
        self.winners: list[int] = []
        self.over = False

    def _finish(self, winners: list[int]) -> None:
        self.over = True
        self.winners = sorted(winners)
    ###}


class Match(MatchParts):
    ###{standalone match
    def __init__(self, players: int, partnerships: bool | None = None, seed: int | None = None,
                 opener: int | None = None, deal: bool = True) -> None:
        self._rng = random.Random(_checked_seed(seed))
        self.games: list[Game] = [Game(players, partnerships, seed=self._rng.getrandbits(64), opener=opener, deal=deal)]
        self.players = players
        self.partnerships = self.games[0].partnerships
        self.score = MatchScore(self.games[0].sides)

    @property
    def game(self) -> Game:
        """The game being played (or the last one, once the match is over)."""
        return self.games[-1]

    @property
    def over(self) -> bool:
        return self.score.over

    @property
    def winners(self) -> list[int]:
        return self.score.winners

    def finish_game(self) -> GameResult:
        """Score the finished current game in match points; returns its result."""
        if not self.game.over:
            raise IllegalMove("the current game is not over")
        if len(self.score.results) == len(self.games):
            raise IllegalMove("this game has already been scored")
        return self.score.add_game(self.game.scores)

    def record(self) -> MatchRecord:
        """The match so far in the replay record format: its games, each with its hands."""
        return {"players": self.players, "partnerships": self.partnerships,
                "games": [{"hands": game.record()["hands"]} for game in self.games]}
    ###}


###{standalone match_play
def play_match(match: Match, bots: list[Bot], max_games: int = 1000) -> list[int]:
    """Play games until the match is won (or max_games games, counting those played before); returns the
    winning sides. IllegalMove for a match, bots or max_games it cannot play."""
    if not isinstance(match, Match):
        raise IllegalMove(f"play_match plays a Match of this engine, not {_brief(match)}")
    if type(max_games) is not int or max_games < 1:
        raise IllegalMove(f"max_games is a whole number of at least 1, not {_brief(max_games)}")
    while not match.over:
        play_game(match.game, bots)
        if not match.game.over:
            break
        if len(match.score.results) < len(match.games):
            match.finish_game()
        if match.over or len(match.games) >= max_games:
            break
        match.next_game()
    return match.winners
###}
