"""The command line's conventions, run as a user runs it: --version, help for every argument, `-` for
standard input, -q and -v, colour and progress only on a terminal, Ctrl-C, fmt --check/--diff/--write,
--json, and a closed pipe that hides no failure."""

from __future__ import annotations

import argparse
import errno
import json
import os
import pty
import re
import signal
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.cli import build_parser
from dominospec.language.diagnostics import UsageError
from dominospec.language.writing import write_file
from dominospec.play.replay import describe
from support import ROOT, read_to_the_end, run_cli

FT = "spec/fives_and_threes.rules"
DOC = "examples/fives_and_threes.en.md"
RECORD = "examples/fives_and_threes.match.json"
COMMAND = [sys.executable, "-m", "dominospec"]
ENV = {**os.environ, "PYTHONUTF8": "1"}
ENV.pop("NO_COLOR", None)
ENV.pop("FORCE_COLOR", None)


def run_with_input(stdin: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*COMMAND, *args], cwd=ROOT, env=ENV, input=stdin, capture_output=True, timeout=60)


def run_on_terminal(*args: str, env: dict[str, str] | None = None) -> bytes:
    """What the command draws on a terminal: stdout and stderr both on one pseudo-terminal."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([*COMMAND, *args], cwd=ROOT, env=env or ENV, stdout=follower, stderr=follower)
    os.close(follower)
    seen = read_to_the_end(leader)
    process.wait(timeout=60)
    return seen


def test_version_is_the_distributions() -> None:
    result = run_cli("--version")
    assert (result.returncode, result.stdout, result.stderr) == (0, f"dominospec {version('dominospec')}\n", "")


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    [commands] = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(commands.choices)


@pytest.mark.parametrize("name", sorted(_subcommands()))
def test_every_positional_argument_has_help_with_an_example(name: str) -> None:
    positionals = [a for a in _subcommands()[name]._actions if not a.option_strings]
    assert positionals
    for action in positionals:
        assert action.help and "such as" in action.help, (name, action.dest)


# --- standard input ------------------------------------------------------------------------------


def test_check_and_fmt_read_a_spec_from_standard_input() -> None:
    spec = (ROOT / "spec" / "horse_race.rules").read_bytes()
    checked = run_with_input(spec, "check", "-")
    assert (checked.returncode, checked.stdout, checked.stderr) == (0, b"<stdin>: ok (Horse Race)\n", b"")
    formatted = run_with_input(spec, "fmt", "-")
    assert (formatted.returncode, formatted.stdout) == (0, spec)


def test_a_bad_spec_on_standard_input_is_placed_as_a_files_problems_are() -> None:
    result = run_with_input(b"variant: \"x\"\n\xff\n", "check", "-")
    assert result.returncode == 1
    assert result.stderr.decode().splitlines()[0] == "<stdin>:2:1: error: the file is not UTF-8 text (byte 0xff)"


def test_a_closed_standard_input_cannot_be_read() -> None:
    result = subprocess.run([*COMMAND, "check", "-"], cwd=ROOT, env=ENV, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=60, preexec_fn=lambda: os.close(0))
    assert (result.returncode, result.stderr) == (2, "<stdin>: error: cannot read: standard input is closed\n")


@pytest.mark.parametrize("size", [0, 1_000_001])
def test_standard_input_meets_the_same_limits_as_a_file(size: int) -> None:
    result = run_with_input(b" " * size, "check", "-")
    assert result.returncode == 1
    first = result.stderr.decode().splitlines()[0]
    assert first.startswith("<stdin>:1:1: error: ")
    if size:
        assert first == "<stdin>:1:1: error: the spec is more than 1,000,000 bytes; specs may be at most 1,000,000"


def test_replay_and_verify_read_standard_input() -> None:
    record = run_with_input((ROOT / RECORD).read_bytes(), "replay", FT, "-")
    assert (record.returncode, record.stdout) == (0, run_cli("replay", FT, RECORD).stdout.encode())
    document = run_with_input((ROOT / DOC).read_bytes(), "verify", FT, "-")
    assert document.returncode == 0
    assert document.stdout.decode().splitlines()[0].startswith("<stdin>:")


def test_placements_come_from_standard_input_with_at_dash() -> None:
    result = run_with_input(b'[["[1|4]"], ["[1|1]", "[1|4]", "low"]]', "example", FT, "@-")
    assert (result.returncode, result.stdout.decode()) == (0, run_cli("example", FT, "[1|4]", "[1|1]:[1|4]:low").stdout)


# --- -q and -v -----------------------------------------------------------------------------------


def test_verify_quiet_prints_the_summary_alone_and_verbose_adds_each_documents_line() -> None:
    normal = run_cli("verify", FT, DOC).stdout.splitlines()
    quiet = run_cli("verify", "-q", FT, DOC).stdout.splitlines()
    verbose = run_cli("verify", "-v", FT, DOC).stdout.splitlines()
    assert quiet == normal[-1:]
    assert verbose[1:] == normal
    assert verbose[0].startswith(f"{DOC}: language en; ")


def test_check_verbose_adds_a_summary() -> None:
    result = run_cli("check", "-v", FT, "spec/horse_race.rules")
    assert result.stdout.splitlines()[-1] == "2 specs checked: 2 valid, 0 not"


def test_replay_quiet_prints_only_the_final_scores() -> None:
    result = run_cli("replay", "-q", FT, RECORD)
    assert result.stdout == "final scores: [60, 61]\nwinners: side 1\n"


# --- colour and progress -------------------------------------------------------------------------

COLOUR = re.compile(rb"\x1b\[[0-9;]*m")  # a colour or style, not the cursor moves of the progress display


def test_colour_on_a_terminal_none_when_piped_or_with_no_color() -> None:
    assert COLOUR.search(run_on_terminal("verify", FT, DOC))
    assert not COLOUR.search(run_on_terminal("verify", FT, DOC, env={**ENV, "NO_COLOR": "1"}))
    assert "\x1b" not in run_cli("verify", FT, DOC).stdout


def test_progress_is_drawn_on_a_terminal_and_never_into_a_pipe() -> None:
    assert b"verifying examples/fives_and_threes.en.md in 50 build orders each" in run_on_terminal(
        "verify", "--orders", "50", FT, DOC, env={**ENV, "NO_COLOR": "1"})
    piped = run_cli("verify", "--orders", "50", FT, DOC)
    assert (piped.returncode, piped.stderr) == (0, "")


# --- Ctrl-C --------------------------------------------------------------------------------------


def test_ctrl_c_ends_a_long_verify_with_interrupted_and_exit_130() -> None:
    leader, follower = pty.openpty()  # stderr a terminal, so the progress line says when the work has begun
    process = subprocess.Popen([*COMMAND, "verify", "--orders", "10000", FT, *[DOC] * 300], cwd=ROOT,
                               env={**ENV, "NO_COLOR": "1"}, stdout=subprocess.PIPE, stderr=follower)
    os.close(follower)
    seen = b""
    while b"verifying" not in seen:
        seen += os.read(leader, 4096)
    process.send_signal(signal.SIGINT)
    stdout, _ = process.communicate(timeout=30)
    seen += read_to_the_end(leader)
    shown = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", seen)  # what the terminal shows, without its cursor moves
    assert (process.returncode, stdout, shown.split(b"\r")[-2:]) == (130, b"", [b"interrupted", b"\n"]), seen
    assert b"Traceback" not in seen


# --- fmt --check, --diff, --write ----------------------------------------------------------------

CANONICAL = (ROOT / "spec" / "horse_race.rules").read_text(encoding="utf-8")


@settings(max_examples=25)  # four real CLI runs each; the inputs are few
@given(st.lists(st.sampled_from(["", "# a note", "   "]), max_size=4), st.booleans())
def test_fmt_write_leaves_the_canonical_text_and_check_then_passes(extra: list[str], crlf: bool) -> None:
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house.rules"
        text = "\n".join(extra) + "\n" + CANONICAL
        path.write_bytes(text.replace("\n", "\r\n" if crlf else "\n").encode())
        path.chmod(0o640)
        expected = run_cli("fmt", str(path)).stdout
        check = run_cli("fmt", "--check", str(path))
        changes = expected != path.read_bytes().decode()
        assert check.returncode == (1 if changes else 0)
        assert check.stderr == (f"would reformat {path}\n" if changes else "")
        written = run_cli("fmt", "--write", str(path))
        assert written.returncode == 0
        assert path.read_bytes().decode() == expected
        assert path.stat().st_mode & 0o777 == 0o640
        assert sorted(p.name for p in Path(folder).iterdir()) == ["house.rules"]  # no temporary file left
        assert run_cli("fmt", "--check", str(path)).returncode == 0


def test_fmt_write_leaves_an_invalid_spec_untouched(tmp_path: Path) -> None:
    path = tmp_path / "bad.rules"
    path.write_bytes(b"target: at least 0\n")
    result = run_cli("fmt", "--write", str(path))
    assert result.returncode == 1
    assert path.read_bytes() == b"target: at least 0\n"


def test_fmt_write_through_a_link_rewrites_the_file_it_points_to(tmp_path: Path) -> None:
    real, link = tmp_path / "real.rules", tmp_path / "link.rules"
    real.write_text("\n" + CANONICAL, encoding="utf-8")
    link.symlink_to(real)
    assert run_cli("fmt", "--write", str(link)).returncode == 0
    assert link.is_symlink() and real.read_text(encoding="utf-8") == CANONICAL


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_fmt_write_that_fails_part_way_leaves_the_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    path = tmp_path / "house.rules"
    path.write_text("before\n", encoding="utf-8")

    def fail(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(UsageError) as raised:
        write_file(path, "after\n")
    assert raised.value.diagnostics[0].headline() == f"{path}: error: cannot write: No space left on device"
    assert path.read_text(encoding="utf-8") == "before\n"
    assert [p.name for p in tmp_path.iterdir()] == ["house.rules"]


# --- --json and plain wording --------------------------------------------------------------------


def test_example_json_holds_the_lines_the_text_prints() -> None:
    result = run_cli("example", "--json", FT, "[1|4]", "[1|1]:[1|4]:low")
    assert result.returncode == 0
    assert json.loads(result.stdout) == {"lines": run_cli("example", FT, "[1|4]", "[1|1]:[1|4]:low").stdout
                                         .splitlines(), "problems": []}


@given(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
def test_a_hand_won_by_sides_says_which_in_plain_words(winners: list[int]) -> None:
    line = describe({"event": "hand_end", "hand": 1, "blocked": True, "winners": winners,
                     "remaining_pips": [], "awards": []})
    named = f"side {winners[0]}" if len(winners) == 1 else \
        f"sides {', '.join(map(str, winners[:-1]))} and {winners[-1]}"
    assert f"; won by {named};" in line


def test_a_hand_nobody_won_says_so() -> None:
    line = describe({"event": "hand_end", "hand": 2, "blocked": True, "winners": [], "remaining_pips": [3, 3],
                     "awards": []})
    assert line == "hand 2 blocked; no side won it; remaining pips [3, 3]; awards []"


# --- a closed pipe -------------------------------------------------------------------------------


def _into_a_closed_pipe(*args: str) -> tuple[int, str]:
    """Run with stdout a pipe whose reader has already gone, as `... | head -0` leaves it."""
    reader, writer = os.pipe()
    os.close(reader)
    process = subprocess.Popen([*COMMAND, *args], cwd=ROOT, env=ENV, stdout=writer, stderr=subprocess.PIPE, text=True)
    os.close(writer)
    _, stderr = process.communicate(timeout=60)
    return process.returncode, stderr


def test_a_closed_pipe_hides_no_failure() -> None:
    code, stderr = _into_a_closed_pipe("replay", FT, "tests/hostile/files/record_wrong_seat.json")
    assert (code, stderr) == (1, "tests/hostile/files/record_wrong_seat.json:47:9: error: hand 1, move 2: "
                                 "it is seat 1's turn, not seat 0's\n            {\n            ^\n")
    missing = "tests/hostile/cli/no_such_document.md"
    code, stderr = _into_a_closed_pipe("verify", FT, DOC, missing)
    assert (code, stderr) == (2, f"{missing}: error: cannot read: No such file or directory\n")


def test_a_closed_pipe_on_a_good_input_is_no_failure() -> None:
    assert _into_a_closed_pipe("replay", FT, RECORD) == (0, "")


def test_head_of_a_replay_reads_its_first_line_and_the_error_still_shows() -> None:
    done = subprocess.run(f"{sys.executable} -m dominospec replay {FT} tests/hostile/files/record_wrong_seat.json "
                          "| head -1; echo \"exit ${PIPESTATUS[0]}\"", shell=True, executable="/bin/bash", cwd=ROOT,
                          env=ENV, capture_output=True, text=True, timeout=60)
    assert done.stdout == "hand 1: seat 0 opens\nexit 1\n"
    assert "it is seat 1's turn, not seat 0's" in done.stderr
