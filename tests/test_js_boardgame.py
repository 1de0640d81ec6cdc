"""The JavaScript engine's boardgame.io adapter (boardgameGame() of a shipped engine in generated/): whole games
played in boardgame.io's own headless Client (the version package.json pins, installed by `npm ci`), each move
chosen from ai.enumerate (tests/data/js_boardgame.mjs). Each game must end with the engine's winners, and the
record its G holds must replay in the Python engine to the same winners and scores; a variant with match rules plays
a whole match, which replays to the same match points. Without node_modules the test fails, saying what to run."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dominospec.engine_api import as_variant, engine_of
from dominospec.play.replay import replay
from engine_cases import Case, engine_for
from support import ROOT

DRIVER = ROOT / "tests" / "data" / "js_boardgame.mjs"
BOARDGAME_IO = ROOT / "node_modules" / "boardgame.io"
GAMES = {"fives_and_threes": [(2, 1), (4, 2)], "horse_race": [(2, 3), (3, 4)],
         "fives_and_threes_match": [(2, 5)]}  # players and seed of each game (a whole match, where it has match rules)
SPECS = {"fives_and_threes": ROOT / "spec" / "fives_and_threes.rules", "horse_race": ROOT / "spec" / "horse_race.rules",
         "fives_and_threes_match": ROOT / "examples" / "fives_and_threes_match.rules"}


def engine_module(name: str, folder: Path) -> Path:
    """The engine's module: the shipped one in generated/, else compiled into folder."""
    shipped = ROOT / "generated" / f"{name}.js"
    if shipped.is_file():
        return shipped
    done = subprocess.run([sys.executable, "-m", "dominospec", "compile", "--target", "js", str(SPECS[name]), "-o",
                           str(folder)], capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    return folder / f"{name}.js"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_boardgame_io_plays_whole_games_to_the_engines_winners(name: str, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: boardgame.io runs in Node.js 18 or later; install it")
    if not (BOARDGAME_IO / "package.json").is_file():
        pytest.fail(f"{BOARDGAME_IO.relative_to(ROOT)} is missing: run `npm ci` in {ROOT} (package.json pins it)")
    given = tmp_path / "games.json"
    given.write_text(json.dumps({"games": [{"players": p, "seed": s} for p, s in GAMES[name]]}))
    done = subprocess.run([node, str(DRIVER), str(engine_module(name, tmp_path)), str(given)], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    assert out["errors"] == []
    _, module = engine_for(Case(SPECS[name]))
    engine = as_variant(engine_of(module))
    assert engine is not None
    assert [(game["players"], game["seed"]) for game in out["games"]] == GAMES[name]
    for game in out["games"]:
        where = f"{game['players']} players, seed {game['seed']}"
        assert game["gameover"] == {"winners": game["winners"]} and game["winners"], where
        assert game["json"], f"{where}: G is not plain JSON"
        assert game["views"] > 0 and game["hands"] >= 1, where
        replayed = replay(engine, game["record"])
        assert replayed.error is None, where
        assert (list(replayed.scores), list(replayed.winners)) == (game["scores"], game["winners"]), where
        if "games" in game["record"]:  # a whole match: its match points, its games each won
            assert replayed.match_points == game["matchPoints"] and len(game["record"]["games"]) > 1, where
        else:
            assert len(game["record"]["hands"]) == game["hands"], where
