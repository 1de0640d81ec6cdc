"""What the command line says, run as a user runs it: an unknown option in the words of the command it
was given to, with the option meant; file names shown as written, their control characters escaped,
so that no name can forge a line; a cluster address the run cannot connect with."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dominospec.cli import build_parser
from support import ROOT, run_cli

HORSE = (ROOT / "spec" / "horse_race.rules").read_text(encoding="utf-8")
FT = "spec/fives_and_threes.rules"


def _commands() -> dict[str, argparse.ArgumentParser]:
    [commands] = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(commands.choices)


def _long_options(parser: argparse.ArgumentParser) -> list[str]:
    return [o for a in parser._actions for o in a.option_strings if o.startswith("--") and o != "--help"]


# Each command's arguments, so that the unknown option is all that is wrong.
ARGUMENTS = {"check": [FT], "fmt": [FT], "compile": [FT], "replay": [FT, "examples/fives_and_threes.match.json"],
             "verify": [FT, "examples/fives_and_threes.en.md"], "example": [FT, "[1|4]"], "book": [FT], "play": [FT],
             "simulate": [FT], "compare": [FT, "examples/family/fives_and_threes_teesdale.rules"]}


def test_every_command_has_arguments_here() -> None:
    assert set(ARGUMENTS) == set(_commands())


@pytest.mark.parametrize("name", sorted(_commands()))
def test_an_unknown_option_gets_the_commands_usage_and_the_option_meant(name: str) -> None:
    parser = _commands()[name]
    option = _long_options(parser)[0]
    typo = option + option[-1]  # one letter too many: a prefix of no option, so no abbreviation takes it
    done = run_cli(name, *ARGUMENTS[name], typo)
    usage = parser.format_usage()
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"{usage}dominospec {name}: error: unrecognized arguments: {typo} (did you mean {option}?)\n"


def test_an_unknown_option_with_nothing_near_it_is_named_alone() -> None:
    done = run_cli("check", FT, "--zzzzzz")
    assert done.stderr.splitlines()[-1] == "dominospec check: error: unrecognized arguments: --zzzzzz"


def test_an_unknown_option_before_the_command_is_the_programs() -> None:
    done = run_cli("--jsn", "check", FT)
    assert done.returncode == 2
    assert done.stderr.startswith("usage: dominospec [-h] [--version] COMMAND ...\n")


@pytest.mark.parametrize("name", [
    "a\nb.rules",
    "x.rules: ok (Horse Race)\ny.rules",
    "\x1b[2K\rhorse_race.rules",
    "back\u202eward.rules",
], ids=["newline", "forged ok line", "escape sequence", "bidi override"])
def test_a_file_name_is_shown_as_written_and_forges_no_line(tmp_path: Path, name: str) -> None:
    good, bad = tmp_path / name, tmp_path / (name + ".bad")
    good.write_text(HORSE, encoding="utf-8")
    bad.write_text(HORSE.replace("at least 61", "at least 0"), encoding="utf-8")
    escaped = f"{tmp_path}/{name.encode('unicode_escape').decode('ascii')}"  # Python's escapes: \\n, \\x1b, \\u202e
    done = run_cli("check", str(good), str(bad))
    assert done.returncode == 1
    assert done.stdout == f"{escaped}: ok (Horse Race)\n"
    first, *rest = done.stderr.splitlines()
    assert first.startswith(f"{escaped}.bad:") and ": error: the target must be positive" in first
    assert all(line.startswith(" ") for line in rest)  # the caret lines and the hint, under the first
    assert not any(ch in done.stdout + done.stderr for ch in "\x1b\r\u202e")


def test_a_file_name_in_every_writers_message_is_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "out\nput"
    done = run_cli("compile", "spec/horse_race.rules", "-o", str(folder))
    assert done.returncode == 0
    assert done.stdout == f"spec/horse_race.rules -> {tmp_path}/out\\nput/horse_race.py\n"
    book = run_cli("book", FT, "-o", str(tmp_path / "rules\x1b[2J.md"))
    assert book.returncode == 0
    assert book.stderr.startswith(f"book written to {tmp_path}/rules\\x1b[2J.md with ")
    assert book.stderr.endswith(" pictures\n") and book.stderr.count("\n") == 1


@pytest.mark.parametrize("address", ["ucx://10.0.0.5:8786", "tls://10.0.0.5:8786", "inproc://10.0.0.5/1/2",
                                     "http://10.0.0.5:8786"])
def test_a_cluster_address_the_run_cannot_use_is_a_usage_error_before_any_game(address: str) -> None:
    done = run_cli("simulate", FT, "--cluster", address, "--hands", "10")
    scheme = address.partition("://")[0]
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines()[0] == (f"dominospec: error: the cluster address '{address}' has the scheme "
                                           f"'{scheme}', which a run cannot connect with")


def test_bots_of_ones_own_are_found_in_the_current_folder_by_the_installed_command(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(
        "class Heaviest:\n"
        "    def choose(self, game):\n"
        "        return max(game.legal_moves(), key=lambda move: sum(move[1]) if move[0] == 'play' else -1)\n",
        encoding="utf-8")
    installed = Path(sys.executable).parent / "dominospec"
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    for workers in ("1", "2"):
        done = subprocess.run([str(installed), "simulate", str(ROOT / FT), "--bots", "mybots:Heaviest", "--hands",
                               "20", "--workers", workers, "--target", "python", "--json"], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert '"Heaviest"' in done.stdout
    elsewhere = subprocess.run([str(installed), "simulate", str(ROOT / FT), "--bots", "mybots:Heaviest"],
                               cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert elsewhere.returncode == 2
    assert "cannot import the bot module 'mybots' (from the current folder or the Python path)" in elsewhere.stderr


@pytest.mark.parametrize(("args", "line"), [
    (["chek", FT], "dominospec: error: argument COMMAND: invalid choice: 'chek' (did you mean 'check'? choose from "
                   "'check', 'fmt', 'compile', 'replay', 'verify', 'example', 'book', 'play', 'simulate', "
                   "'compare')"),
    (["compile", "--target", "pyton", FT], "dominospec compile: error: argument --target: invalid choice: 'pyton' "
                                           "(did you mean 'python'? choose from 'c', 'js', 'python')"),
    (["book", FT, "--format", "pdf"], "dominospec book: error: argument --format: invalid choice: 'pdf' "
                                      "(choose from 'md', 'html')"),
], ids=["command", "target", "nothing near"])
def test_a_value_outside_the_choices_gets_the_one_it_may_mean(args: list[str], line: str) -> None:
    done = run_cli(*args)
    assert (done.returncode, done.stdout, done.stderr.splitlines()[-1]) == (2, "", line)
