"""`dominospec replay --target js`: records replayed by the JavaScript engine in Node print what the Python
target prints: every record of tests/replays/ and examples/ whose spec is shipped, compared field by field with
`--json` (events included, a match's game by game with its match points); a record that breaks the rules gives
the same message and exit code, a match's too; without node the command says so and exits 2. Real subprocess
runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from support import ROOT, SHIPPED

RECORDS = sorted([*(ROOT / "tests" / "replays").glob("*.json"), *(ROOT / "examples").glob("*.match.json")])
MATCH = ROOT / "examples" / "fives_and_threes_match.match.json"
HORSE_RACE = ROOT / "tests" / "replays" / "horse_race_award_17.json"


def spec_of(record: Path) -> Path:
    """The shipped spec a record is of: the one whose name its name starts with, the longest such."""
    stem = record.name.removesuffix(".match.json").removesuffix(".json")
    named = [spec for spec in SHIPPED if stem.startswith(spec.stem)]
    assert named, f"{record.name} names no shipped spec"
    return max(named, key=lambda spec: len(spec.stem))


def run(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dominospec", "replay", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=300, env=env)


def both(spec: Path, record: Path, *options: str) -> tuple[subprocess.CompletedProcess[str],
                                                             subprocess.CompletedProcess[str]]:
    """The Python target's run and the JavaScript target's."""
    return run(spec, record, *options), run(spec, record, "--target", "js", *options)


def fields(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(done.stdout)
    return out


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.name)
def test_a_record_replays_in_javascript_as_in_python(record: Path) -> None:
    python, js = both(spec_of(record), record, "--json")
    assert python.returncode == 0, python.stderr
    assert js.returncode == 0, js.stderr
    expected, got = fields(python), fields(js)
    assert sorted(got) == sorted(expected)
    for key in expected:
        assert got[key] == expected[key], key
    assert expected["events"], "the record plays moves"


def test_the_text_output_is_the_python_targets() -> None:
    python, js = both(spec_of(HORSE_RACE), HORSE_RACE)
    assert (js.returncode, js.stdout, js.stderr) == (python.returncode, python.stdout, python.stderr)


def test_a_record_that_breaks_the_rules_gives_the_python_targets_message(tmp_path: Path) -> None:
    record = json.loads(HORSE_RACE.read_text())
    moves = record["hands"][0]["moves"]
    index = next(i for i, move in enumerate(moves) if "play" in move and i >= 3)
    moves[index] = {**moves[index], "play": next(t for t in record["hands"][0]["boneyard"])}  # a tile not held
    faulty = tmp_path / "faulty.json"
    faulty.write_text(json.dumps(record, indent=1))
    python, js = both(spec_of(HORSE_RACE), faulty, "--json")
    assert python.returncode == js.returncode == 1
    assert f"hand 1, move {index + 1}:" in fields(python)["error"]
    assert fields(js) == fields(python)  # the events and scores up to the move, and the message
    assert js.stderr == python.stderr  # the message, at the record's line of the move
    python, js = both(spec_of(HORSE_RACE), faulty)
    assert (js.returncode, js.stdout, js.stderr) == (python.returncode, python.stdout, python.stderr)


def faulty_match(tmp_path: Path, change: str) -> Path:
    """The example match with one thing changed: a game's first opener, or a game after the match is won."""
    record = json.loads(MATCH.read_text())
    games = record["games"]
    if change == "opener":
        first = games[1]["hands"][0]
        first["opener"] = 1 - first["opener"]  # the loser of game 1 opens game 2, and no one else
    elif change == "after the end":
        games.append(games[0])
    else:  # an illegal move in the last game
        moves = games[-1]["hands"][0]["moves"]
        moves[2] = {**moves[2], "play": games[-1]["hands"][0]["deal"][moves[2]["seat"] ^ 1][0]}
    faulty = tmp_path / "faulty.json"
    faulty.write_text(json.dumps(record, indent=1))
    return faulty


SHAPES = {  # match records of the wrong shape, each refused (or replayed) as the Python target does
    "a game that is none": {"players": 2, "games": [None]},
    "no games": {"players": 2, "games": []},
    "starting scores": {"players": 2, "scores": [1, 2], "games": [{"hands": []}]},
    "a game after one not won": {"players": 2, "games": [{"hands": []}, {"hands": []}]},
    "a second game that is a number": {"players": 2, "games": [{"hands": [{"opener": 0, "deal": [[], []]}]}, 5]},
    "a table the variant lacks": {"players": 9, "games": [{}]},
}


@pytest.mark.parametrize("change", ["opener", "after the end", "move", *SHAPES])
def test_a_match_that_breaks_the_rules_gives_the_python_targets_output(tmp_path: Path, change: str) -> None:
    if change in SHAPES:
        faulty = tmp_path / "faulty.json"
        faulty.write_text(json.dumps(SHAPES[change]))
    else:
        faulty = faulty_match(tmp_path, change)
    python, js = both(spec_of(MATCH), faulty, "--json")
    assert python.returncode == js.returncode == (0 if change == "no games" else 1), python.stderr
    assert fields(js) == fields(python)  # the games up to the refusal, their match points, and the message
    python, js = both(spec_of(MATCH), faulty)
    assert (js.returncode, js.stdout, js.stderr) == (python.returncode, python.stdout, python.stderr)


def test_without_node_the_command_says_so(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path)}
    done = run(spec_of(HORSE_RACE), HORSE_RACE, "--target", "js", env=env)
    assert done.returncode == 2, done.stderr
    assert "node is not on PATH" in done.stderr and done.stdout == ""
