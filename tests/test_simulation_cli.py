"""`dominospec simulate` and `dominospec compare` as a user runs them: real subprocesses.

The --json object's shape (every key, the type of every value, one figure per side or seat) is held
in golden files, and docs/simulation.md documents every key of it. To regenerate the golden shapes after a
deliberate change to the schema, run
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_simulation_cli.py
and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from support import ROOT, doc_page, read_to_the_end, run_cli

GOLDEN = ROOT / "tests" / "golden" / "simulation"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
PAGE = doc_page("simulation.md")
FIVES_AND_THREES = "spec/fives_and_threes.rules"
TEESDALE = "examples/family/fives_and_threes_teesdale.rules"
MATCH = "examples/fives_and_threes_match.rules"


def shape(value: Any) -> Any:
    """A JSON value with every number, string and boolean replaced by its type's name: lists of
    figures keep their length (one per side or seat); lists of numbers stand for any length."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        if value and all(isinstance(item, dict) for item in value):
            return [shape(item) for item in value]
        if len(value) == 2 and all(isinstance(item, float) for item in value):  # an interval
            return ["float", "float"]
        kinds = sorted({json.dumps(shape(item)) for item in value})
        return {"list of": [json.loads(kind) for kind in kinds]}
    if isinstance(value, bool):
        return "bool"
    return type(value).__name__ if value is not None else None


def run_json(*args: str) -> dict[str, Any]:
    done = run_cli(*args, "--json", "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress, no notes: a pipe sees the object alone
    parsed: dict[str, Any] = json.loads(done.stdout)
    return parsed


CASES = {
    "simulate_hands": ("simulate", FIVES_AND_THREES, "--hands", "40", "--target", "python"),
    "simulate_games_bots": ("simulate", FIVES_AND_THREES, "--games", "4", "--target", "python",
                            "--bots", "greedy,random,greedy,random"),
    "simulate_matches": ("simulate", MATCH, "--games", "3", "--players", "2", "--target", "python"),
    "compare_games": ("compare", FIVES_AND_THREES, TEESDALE, "--games", "3", "--target", "python"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_json_object_has_its_golden_shape(case: str) -> None:
    found = shape(run_json(*CASES[case]))
    golden = GOLDEN / f"{case}.shape.json"
    if UPDATE:
        golden.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
    assert found == json.loads(golden.read_text(encoding="utf-8"))


def keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {key for item in value.values() for key in keys(item)}
    if isinstance(value, list):
        return {key for item in value for key in keys(item)}
    return set()


def test_the_simulation_page_documents_every_key_of_the_json_object() -> None:
    every = set().union(*(keys(run_json(*args)) for args in CASES.values()))
    missing = sorted(key for key in every if f"`{key}`" not in PAGE)
    assert not missing, f"docs/simulation.md does not name {missing}"


def test_the_tables_show_each_section_with_its_intervals() -> None:
    done = run_cli("simulate", MATCH, "--games", "20", "--players", "2", "--target", "python", "--workers", "1",
                   "--bots", "greedy,random")
    assert done.returncode == 0, done.stderr
    for title in ("Per hand", "Per game", "Per match", "Bots"):
        assert title in done.stdout
    assert re.search(r"games won at the lurch line\s*│\s*[\d.]+%\s*│\s*[\d.]+% to [\d.]+%", done.stdout)
    assert "skill gap (greedy minus random)" in done.stdout


def test_a_comparison_marks_what_is_significant() -> None:
    done = run_cli("compare", FIVES_AND_THREES, TEESDALE, "--games", "300", "--target", "python", "--workers", "2")
    assert done.returncode == 0, done.stderr
    placements = next(line for line in done.stdout.splitlines() if line.startswith("│ placements "))
    assert placements.rstrip().endswith("│") and " * " in placements  # 5 tiles each against 6: surely more


def test_a_comparison_of_two_tables_shows_each_run_under_its_own_labels(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Four seats alone (A) against two partnerships (B): B's per-side figures stand under B's side labels
    with A's cells blank, A's per-seat ones under A's, and no row of either has a difference or a star."""
    args = ("compare", "spec/horse_race.rules", FIVES_AND_THREES, "--games", "20", "--target", "python",
            "--workers", "1")
    monkeypatch.setenv("COLUMNS", "200")  # no label wraps
    done = run_cli(*args, "--report", str(tmp_path / "report.html"))
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "A plays as 4 seats, each for itself, and B as 2 sides of 2 partners" in text
    rows = {}
    for line in done.stdout.splitlines():
        cells = [cell.strip() for cell in line.strip()[1:-1].split("│")]
        if line.startswith("│") and len(cells) == 5 and cells[0]:
            rows[cells[0]] = cells[1:]
    for label in ("win rate, seat 0", "win rate, first opener + 3", "final score, seat 3"):
        assert rows[label][0] and rows[label][1:] == ["", "", ""], label
    for label in ("final score, side 1 (seats 1, 3)", "win rate, first opener's side"):
        assert not rows[label][0] and rows[label][1] and rows[label][2:] == ["", ""], label
    assert rows["hands"][2]  # a whole game's figures are still differenced
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert 'id="tables-differ"' in page
    assert "<th>final score, side 0 (seats 0, 2)</th><td class=\"number\">—</td>" in page


def test_the_progress_bar_goes_to_a_terminals_stderr_and_never_into_the_output() -> None:
    controller, terminal = pty.openpty()
    done = subprocess.run([sys.executable, "-m", "dominospec", "simulate", FIVES_AND_THREES, "--hands", "600",
                           "--target", "python", "--workers", "1", "--json"], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=terminal, timeout=120, check=False)
    os.close(terminal)
    drawn = read_to_the_end(controller)
    assert done.returncode == 0
    assert json.loads(done.stdout)["units"] == 600
    assert b"simulating spec/fives_and_threes.rules" in drawn and b"600/600" in drawn


@pytest.mark.parametrize(("args", "code", "message"), [
    (("simulate", FIVES_AND_THREES, "--hands", "0"), 2, "--hands: expected a whole number above 0, not '0'"),
    (("simulate", FIVES_AND_THREES, "--hands", "5", "--games", "5"), 2, "not allowed with argument --hands"),
    (("simulate", "tests/golden/errors/target_zero.rules"), 1,
     "tests/golden/errors/target_zero.rules:9:18: error: the target must be positive, not 0"),
    (("simulate", "no/such.rules"), 2, "no/such.rules: error: cannot read"),
    (("simulate", FIVES_AND_THREES, "--players", "7"), 2,
     "no such table: Fives and Threes is played by 2 to 4 players, not 7"),
    (("simulate", FIVES_AND_THREES, "--players", "9" * 30), 2,  # refused before any bot is given to each seat
     f"no such table: Fives and Threes is played by 2 to 4 players, not {'9' * 30}"),
    (("simulate", FIVES_AND_THREES, "--bots", "random,clever,random,random"), 2, "unknown bot 'clever'"),
    (("simulate", FIVES_AND_THREES, "--bots", "no_such_module:Bot"), 2, "cannot import the bot module"),
    (("simulate", FIVES_AND_THREES, "--report", "no/such/folder/r.html"), 2,
     "no/such/folder/r.html: error: cannot write: there is no folder no/such/folder"),
    (("simulate", "examples/match_formats/free_play.rules"), 2, "is a match format; simulate needs a variant's spec"),
    (("compare", FIVES_AND_THREES, "examples/family/bergen.rules", "--players", "4", "--no-partnerships",
      "--hands", "5"), 2, "no such table: Fives and Threes is always played by 4 as two partnerships"),
])
def test_what_a_run_cannot_take_is_said_with_its_exit_code(args: tuple[str, ...], code: int, message: str) -> None:
    done = run_cli(*args)
    assert done.returncode == code, done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_a_bot_class_of_ones_own_plays_from_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "club_bots.py").write_text(textwrap.dedent("""
        class FirstMove:
            def choose(self, game):
                return game.legal_moves()[0]
    """), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "dominospec", "simulate", FIVES_AND_THREES, "--games", "30",
                           "--target", "python", "--bots", "club_bots:FirstMove,random,club_bots:FirstMove,random",
                           "--json"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["bots"] == ["FirstMove", "random", "FirstMove", "random"]
    assert [name for name, _ in result["bot_figures"]["win_rate"]] == ["FirstMove", "random"]
    native = subprocess.run([sys.executable, "-m", "dominospec", "simulate", FIVES_AND_THREES, "--target", "c",
                             "--bots", "club_bots:FirstMove"], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=300, check=False)
    assert native.returncode == 2, native.stderr
    assert ("the native engine plays only the bots it names (random, greedy, expert, ismcts:N (N iterations a "
            "move) or ismcts:Nms (N milliseconds a move)), not the class FirstMove") in native.stderr


def test_the_report_is_written_where_asked(tmp_path: Path) -> None:
    page = tmp_path / "run.html"
    done = run_cli("simulate", FIVES_AND_THREES, "--games", "10", "--target", "python", "--workers", "1",
                   "--report", str(page))
    assert done.returncode == 0, done.stderr
    assert f"report written to {page}" in done.stderr
    assert page.read_text(encoding="utf-8").count("<svg") == 4


PICTURE = ROOT / "examples" / "fives_and_threes_vs_teesdale_game_length.svg"


def worked_example() -> tuple[list[str], str, str]:
    """The worked example's command, the output docs/simulation.md shows for it, and the prose after it."""
    found = re.search(r"```\n\$ (dominospec compare [^\n]+)\n(.*?)```\n\n(.*?)\n\n", PAGE, re.S)
    assert found, "docs/simulation.md has no worked example"
    return found.group(1).split()[1:], found.group(2), found.group(3)


def svg_texts(svg: str) -> list[str]:
    """The words and numbers a picture shows (its tick labels, axis titles and legend)."""
    return ["".join(text.itertext()) for text in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]


def test_the_worked_example_prints_what_the_page_shows_and_draws_its_picture(tmp_path: Path) -> None:
    args, shown, prose = worked_example()
    page = tmp_path / "report.html"
    env = {**os.environ, "COLUMNS": "100", "PYTHONUTF8": "1"}  # the width the page's tables were printed at
    done = subprocess.run([sys.executable, "-m", "dominospec", *args, "--report", str(page)], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == shown
    for number in re.findall(r"-?\d+\.\d+%?", prose):  # the prose quotes the table, figure for figure
        assert re.search(rf"(?<![\d.]){re.escape(number)}(?![\d])", shown), number
    drawn = re.search(r'<svg[^>]*id="svg-game-length".*?</svg>', page.read_text(encoding="utf-8"), re.S)
    assert drawn is not None
    assert svg_texts(PICTURE.read_text(encoding="utf-8")) == svg_texts(drawn.group(0))
