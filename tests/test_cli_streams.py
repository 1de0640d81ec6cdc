"""Every command with its output streams taken away, as a shell does it: standard output closed (`>&-`),
standard error closed (`2>&-`), standard output on a full device (`>/dev/full`), and a reader that
goes after the first line (`| head -1`). Each keeps the exit code of its input, never shows a
traceback, loses nothing the other stream can still take, and adds at most one line, saying what
was lost."""

from __future__ import annotations

import functools
import shlex
import subprocess
import sys
import tempfile

import pytest

from support import ROOT

FT = "spec/fives_and_threes.rules"
BAD_SPEC = "tests/golden/errors/target_zero.rules"
RECORD = "examples/fives_and_threes.match.json"
WRONG_RECORD = "tests/hostile/files/record_wrong_seat.json"
DOC = "examples/fives_and_threes.en.md"
OUT = tempfile.mkdtemp(prefix="dominospec-streams-")  # compile's folder: the same in every run
SMALL_RUN = ["--hands", "20", "--workers", "1", "--target", "python"]

# One good and, where a command reads a file, one faulty input per command.
COMMANDS = {
    "check": ["check", FT],
    "check-bad": ["check", FT, BAD_SPEC],
    "check-json": ["check", "--json", BAD_SPEC],
    "fmt": ["fmt", FT],
    "fmt-bad": ["fmt", BAD_SPEC],
    "compile": ["compile", FT, "-o", OUT],
    "compile-bad": ["compile", BAD_SPEC, "-o", OUT],
    "replay": ["replay", FT, RECORD],
    "replay-bad": ["replay", FT, WRONG_RECORD],
    "replay-json": ["replay", "--json", FT, RECORD],
    "verify": ["verify", FT, DOC],
    "verify-missing": ["verify", FT, DOC, "no/such.md"],
    "example": ["example", FT, "[1|4]", "[1|1]:[1|4]:low"],
    "example-bad": ["example", FT, "[1|4]", "[2|2]:[1|4]:low"],
    "book": ["book", "spec/horse_race.rules"],
    "play": ["play", FT, "-o", f"{OUT}/table.html"],
    "play-bad": ["play", BAD_SPEC, "-o", f"{OUT}/table.html"],
    "simulate": ["simulate", *SMALL_RUN, FT],
    "simulate-json": ["simulate", "--json", *SMALL_RUN, FT],
    "simulate-bad": ["simulate", *SMALL_RUN, BAD_SPEC],
    "compare": ["compare", *SMALL_RUN, FT, "examples/family/fives_and_threes_teesdale.rules"],
    "usage": ["check", "--jsn", FT],
}


def shell(args: list[str], redirection: str) -> subprocess.CompletedProcess[str]:
    """The command run by bash as a user types it, with `redirection` after it; stdout and stderr are
    captured where the redirection leaves them, and the command's own exit code is the last line of
    the output `echo` adds."""
    command = shlex.join([sys.executable, "-m", "dominospec", *args])
    script = f'{command} {redirection}; echo "exit ${{PIPESTATUS[0]}}" >&3'
    done = subprocess.run(["bash", "-c", f"{{ {script}; }} 3>&1"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done
    *shown, status = done.stdout.splitlines(keepends=True)
    return subprocess.CompletedProcess(args, int(status.split()[1]), "".join(shown), done.stderr)


@functools.cache
def plain(name: str) -> subprocess.CompletedProcess[str]:
    return shell(COMMANDS[name], "")


LOST = "dominospec: error: standard output could not be written ({}); what it would have shown is lost\n"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_closed_standard_output_keeps_the_exit_code_and_says_in_one_line_what_was_lost(name: str) -> None:
    done = shell(COMMANDS[name], ">&-")
    assert done.returncode == plain(name).returncode
    assert done.stdout == ""
    lost = LOST.format("it is closed") if plain(name).stdout else ""
    assert done.stderr == plain(name).stderr + lost


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_full_device_keeps_the_exit_code_and_says_in_one_line_what_was_lost(name: str) -> None:
    done = shell(COMMANDS[name], ">/dev/full")
    assert done.returncode == plain(name).returncode
    lost = LOST.format("No space left on device") if plain(name).stdout else ""
    assert done.stderr == plain(name).stderr + lost


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_closed_standard_error_loses_nothing_of_standard_output(name: str) -> None:
    done = shell(COMMANDS[name], "2>&-")
    assert (done.returncode, done.stdout) == (plain(name).returncode, plain(name).stdout)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_reader_that_goes_after_one_line_keeps_the_exit_code_and_every_error(name: str) -> None:
    done = shell(COMMANDS[name], "| head -1")
    assert done.returncode == plain(name).returncode
    assert done.stdout == "".join(plain(name).stdout.splitlines(keepends=True)[:1])
    assert done.stderr == plain(name).stderr  # its reader leaving is what `head` means: nothing is said


def test_the_inputs_cover_every_exit_code_and_every_command() -> None:
    from dominospec.cli import build_parser
    assert {plain(name).returncode for name in COMMANDS} == {0, 1, 2}
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert {args[0] for args in COMMANDS.values()} == set(commands)
    assert all("Traceback" not in plain(name).stderr for name in COMMANDS)
