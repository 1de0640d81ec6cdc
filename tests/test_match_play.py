"""Match play: cribbage's match formats, lines at their edges, the pegs of the board, match of games."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.language.checks import check
from dominospec.language.loader import load
from dominospec.language.parser import parse
from dominospec.targets.engines import load_engine

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ROOT / "examples" / "match_formats"
CLUB_MATCH = ROOT / "examples" / "fives_and_threes_match.rules"
GOLDEN_BOARD = ROOT / "tests" / "golden" / "board_fives_and_threes_match.txt"


@cache
def engine(path: Path) -> ModuleType:
    return load_engine(load(path), path)


def engine_from_text(text: str, name: str) -> ModuleType:
    return load_engine(check(parse(text)), Path(name))


def test_the_documented_free_play_sample_match() -> None:
    """004's sample: 121-98, 121-119, 82-121, 121-89, 92-121, 121-100, first to 5."""
    score = engine(FORMATS / "free_play.rules").MatchScore(2)
    running = [score.add_game(game)["match_points"] for game in
               ([121, 98], [121, 119], [82, 121], [121, 89], [92, 121], [121, 100])]
    assert running == [[1, 0], [2, 0], [2, 2], [4, 2], [4, 3], [5, 3]]
    assert score.over and score.winners == [0]


# Loser's score -> match points for the winner (None: the winner takes the whole match).
EDGES: dict[str, dict[int, int | None]] = {
    "official_tournament.rules": {91: 2, 90: 3, 61: 3, 60: 3, 31: 3, 30: 3},
    "tournament_variant.rules": {91: 2, 90: 3, 61: 3, 60: 4, 31: 4, 30: 4},
    "free_play.rules": {91: 1, 90: 2, 61: 2, 60: 4, 31: 4, 30: 4},
    "free_play_with_triple.rules": {91: 1, 90: 2, 61: 2, 60: 4, 31: 4, 30: None},
}


@pytest.mark.parametrize("format_file, loser, points", [
    (name, loser, points) for name, table in EDGES.items() for loser, points in table.items()])
def test_each_format_at_the_edges_of_its_lines(format_file: str, loser: int, points: int | None) -> None:
    score = engine(FORMATS / format_file).MatchScore(2)
    result = score.add_game([loser, 121])
    assert result["winners"] == [1]
    if points is None:
        assert result["outright"] and score.over and score.winners == [1]
    else:
        assert result["points"] == points and result["match_points"] == [0, points]
        assert not result["outright"]


@pytest.mark.parametrize("loser, points, line", [(31, 1, None), (30, 2, "lurch line"), (0, 2, "lurch line")])
def test_a_lurch_is_a_loser_below_half_of_61(loser: int, points: int | None, line: str | None) -> None:
    assert engine(CLUB_MATCH).game_match_points(loser) == (points, line, False)


def test_rows_that_cannot_happen_are_refused() -> None:
    module = engine(FORMATS / "free_play.rules")
    score = module.MatchScore(2)
    with pytest.raises(module.IllegalMove, match="nobody reached 121"):
        score.add_game([120, 98])
    for game in ([121, 0], [121, 0]):  # two double skunks: 8 points, past 5
        score.add_game(game)
    with pytest.raises(module.IllegalMove, match="already won"):
        score.add_game([121, 98])


def test_best_of_counts_games_not_points() -> None:
    text = CLUB_MATCH.read_text().replace("match target: first to 3 match points", "match target: best of 3 games")
    module = engine_from_text(text, "best_of.rules")
    score = module.MatchScore(2)
    assert score.add_game([61, 10])["match_points"] == [2, 0] and not score.over  # a lurch: 2 points, 1 game
    assert not score.add_game([20, 61])["match_over"]
    assert score.add_game([61, 40])["match_over"] and score.winners == [0]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), spec=st.sampled_from(["spec/fives_and_threes.rules", "spec/horse_race.rules"]),
       players=st.integers(2, 4))
def test_the_back_peg_is_always_the_previous_front_peg(seed: int, spec: Path, players: int) -> None:
    module = engine(ROOT / spec)
    game = module.Game(players, seed=seed)
    module.play_game(game, [module.RandomBot(seed + i) for i in range(players)])
    pegs = [(s, s) for s in game.starting_scores]
    for event in game.events:
        if "pegs" not in event:
            continue
        for side, (before, now) in enumerate(zip(pegs, event["pegs"], strict=True)):
            if now != before:  # the side scored: the back peg jumps to where the front one was
                assert now == (before[1], event["scores"][side])
                assert now[1] > now[0]
            assert now[1] == event["scores"][side]
        if event.get("cancelled"):  # exactly 61: a cancelled event moves no peg
            assert tuple(map(tuple, event["pegs"])) == tuple(pegs)
        pegs = [tuple(p) for p in event["pegs"]]
    assert game.pegs == pegs


def test_a_cancelled_event_moves_no_peg() -> None:
    result = json.loads(subprocess.run(
        [sys.executable, "-m", "dominospec", "replay", "spec/fives_and_threes.rules",
         "tests/replays/fives_and_threes_59_bust.json", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=120).stdout)
    last = [e for e in result["events"] if e["event"] == "play"][-1]
    assert last["cancelled"] and last["pegs"][0] == [59, 59]  # never moved from the starting 59


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_match_scores_every_game_and_the_loser_opens_the_next(seed: int) -> None:
    module = engine(CLUB_MATCH)
    match = module.Match(2, seed=seed)
    module.play_match(match, [module.GreedyBot(), module.RandomBot(seed)])
    assert match.over
    results = match.score.results
    assert len(results) == len(match.games)
    totals = [0, 0]
    for game, result in zip(match.games, results, strict=True):
        loser = 1 - result["winners"][0]
        assert result["points"] == (2 if game.scores[loser] < 31 else 1)
        totals[result["winners"][0]] += result["points"]
        assert result["match_points"] == totals
    assert max(totals) >= 3 and match.winners == [totals.index(max(totals))]
    for previous, game in zip(results, match.games[1:], strict=False):
        assert game.deals[0][0] == 1 - previous["winners"][0]  # the loser leads the first hand


def _replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dominospec", "replay", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_a_recorded_club_match_replays_with_match_points_and_its_board() -> None:
    done = _replay("--board", str(CLUB_MATCH.relative_to(ROOT)), "examples/fives_and_threes_match.match.json")
    assert done.returncode == 0, done.stderr
    board = done.stdout[done.stdout.index("board to 61"):]
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN_BOARD.write_text(board)
    assert board == GOLDEN_BOARD.read_text()
    result = json.loads(_replay("--json", str(CLUB_MATCH.relative_to(ROOT)),
                                "examples/fives_and_threes_match.match.json").stdout)
    ends = [e for e in result["events"] if e["event"] == "game_end"]
    assert [e["match_points"] for e in ends][-1] == result["match_points"]
    assert result["winners"] == ends[-1]["match_winners"] and ends[-1]["match_over"]


def test_the_wrong_opener_for_the_next_game_is_refused(tmp_path: Path) -> None:
    record = json.loads((ROOT / "examples" / "fives_and_threes_match.match.json").read_text())
    first_opener = record["games"][1]["hands"][0]["opener"]
    record["games"][1]["hands"][0]["opener"] = 1 - first_opener
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    result = json.loads(_replay("--json", str(CLUB_MATCH), str(path)).stdout)
    assert result["error"] == (f"game 2: the loser of the previous game opens the next: "
                               f"seat {first_opener}, not seat {1 - first_opener}")


def test_games_need_a_variant_with_match_rules(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"players": 2, "games": []}))
    result = json.loads(_replay("--json", "spec/fives_and_threes.rules", str(path)).stdout)
    assert result["error"] == "'games' needs a variant with match rules; this one is a single game"


def test_replaying_with_a_match_format_is_a_usage_error() -> None:
    done = _replay("examples/match_formats/free_play.rules", "examples/fives_and_threes.match.json")
    assert done.returncode == 2
    assert done.stderr == ("dominospec: error: examples/match_formats/free_play.rules is a match format; "
                           "replay needs a variant's spec\n")


def test_a_game_to_exactly_61_cannot_end_above_it() -> None:
    module = engine(CLUB_MATCH)
    with pytest.raises(module.IllegalMove, match="a game to exactly 61 cannot end on 62"):
        module.MatchScore(2).add_game([62, 40])
