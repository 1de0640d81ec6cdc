"""`dominospec check` and `dominospec fmt` end to end, as a user runs them; every command's handling of
bad files; what `check` imports."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dominospec.language.textfile import KINDS
from support import EXAMPLES, ROOT, SHIPPED, run_cli

SHIPPED_PATHS = [path.relative_to(ROOT).as_posix() for path in SHIPPED]
BAD = "tests/golden/errors/target_zero.rules"
WORSE = "tests/golden/errors/unknown_clause.rules"


def test_check_accepts_every_shipped_spec() -> None:
    result = run_cli("check", *SHIPPED_PATHS)
    assert (result.returncode, result.stderr) == (0, "")
    assert [line.split(": ok (")[0] for line in result.stdout.splitlines()] == SHIPPED_PATHS


def test_the_shipped_specs_include_the_house_variants() -> None:
    assert len([path for path in SHIPPED if path.parent.name == "examples"]) >= 5


def test_check_of_a_missing_file_is_a_usage_problem() -> None:
    result = run_cli("check", "spec/no_such_variant.rules")
    assert result.returncode == 2
    assert result.stderr == "spec/no_such_variant.rules: error: cannot read: No such file or directory\n"
    assert result.stdout == ""


def test_check_of_a_directory_is_a_usage_problem() -> None:
    result = run_cli("check", "spec")
    assert result.returncode == 2
    assert result.stderr == "spec: error: cannot read: Is a directory\n"
    assert "Traceback" not in result.stderr


def test_check_reports_every_bad_file_and_still_checks_the_rest() -> None:
    result = run_cli("check", BAD, "spec/no_such_variant.rules", "spec/horse_race.rules", WORSE)
    assert result.returncode == 2  # a file could not be read: that outweighs the invalid ones
    assert result.stdout == "spec/horse_race.rules: ok (Horse Race)\n"
    assert f"{BAD}:9:18: error: the target must be positive, not 0" in result.stderr
    assert "spec/no_such_variant.rules: error: cannot read" in result.stderr
    assert f"{WORSE}:7:1: error: unknown clause 'spiners'" in result.stderr
    assert "Traceback" not in result.stderr


def test_check_exits_1_when_every_file_was_read_but_one_is_invalid() -> None:
    result = run_cli("check", "spec/fives_and_threes.rules", BAD)
    assert result.returncode == 1
    assert result.stdout == "spec/fives_and_threes.rules: ok (Fives and Threes)\n"
    assert result.stderr.startswith(f"{BAD}:9:18: error:")


@pytest.mark.parametrize("path", SHIPPED_PATHS)
def test_fmt_prints_each_shipped_spec_exactly_as_committed(path: str) -> None:
    result = run_cli("fmt", path)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (ROOT / path).read_text(encoding="utf-8")


def test_fmt_prints_several_specs_one_after_another_each_under_its_name() -> None:
    result = run_cli("fmt", "spec/fives_and_threes.rules", "spec/horse_race.rules")
    assert result.returncode == 0
    assert result.stdout == "\n".join(f"==> spec/{name} <==\n" + (ROOT / "spec" / name).read_text(encoding="utf-8")
                                      for name in ("fives_and_threes.rules", "horse_race.rules"))


def test_fmt_prints_nothing_for_an_invalid_spec() -> None:
    result = run_cli("fmt", BAD)
    assert result.returncode == 1
    assert result.stdout == ""
    assert "the target must be positive" in result.stderr


def test_fmt_puts_a_spec_in_canonical_order_and_keeps_its_comments(tmp_path: Path) -> None:
    spec = tmp_path / "house.rules"
    spec.write_text(
        "target: at least 61   # first to 61\n"
        "\n\n"
        "# the formula\n"
        "placement score: total if total is a positive multiple of 5\n"
        "spinners:   none\n"
        "undealt tiles: out of play\n"
        "deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles\n"
        "players: 2 to 4\n"
        "tiles: double six\n"
        'variant: "House"\n'
        "# the end\n", encoding="utf-8")
    result = run_cli("fmt", str(spec))
    assert result.returncode == 0
    assert result.stdout == (
        'variant: "House"\n'
        "tiles: double six\n"
        "players: 2 to 4\n"
        "deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles\n"
        "undealt tiles: out of play\n"
        "spinners: none\n"
        "\n"  # the blank lines above the comment, kept as one
        "# the formula\n"
        "placement score: total if total is a positive multiple of 5\n"
        "target: at least 61  # first to 61\n"
        "# the end\n")


@pytest.mark.parametrize("args", [[], ["check"], ["fmt"], ["shuffle", "spec/horse_race.rules"]], ids=repr)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = run_cli(*args)
    assert result.returncode == 2
    assert "usage: dominospec" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_clause_of_a_house_variant_says_what_it_means(path: Path) -> None:
    """Each clause has a comment of its own: on the line above it or at the end of its line."""
    lines = path.read_text(encoding="utf-8").split("\n")
    commented = re.compile(r'^(?:[^"#]|"[^"]*")*#')  # a '#' outside quoted text
    bare = [f"{path.name}:{number}: {line}" for number, line in enumerate(lines, 1)
            if line and not line.startswith("#") and not commented.match(line)
            and not lines[number - 2].startswith("#")]
    assert not bare


# --- check --json ----------------------------------------------------------------------------------


def test_check_json_gives_an_empty_list_of_problems_for_a_valid_spec() -> None:
    result = run_cli("check", "--json", "spec/horse_race.rules", "spec/fives_and_threes.rules")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == [{"file": "spec/horse_race.rules", "problems": []},
                                         {"file": "spec/fives_and_threes.rules", "problems": []}]


@pytest.mark.parametrize("name", ["several_problems", "binary_junk", "empty", "unknown_clause"])
def test_check_json_holds_what_the_human_report_says(name: str) -> None:
    """Each problem as an object; its file, line, column and message are those of the golden headline."""
    path = f"tests/golden/errors/{name}.rules"
    result = run_cli("check", "--json", path)
    assert (result.returncode, result.stderr) == (1, "")
    [entry] = json.loads(result.stdout)
    assert entry["file"] == path and entry["problems"]
    golden = (ROOT / "tests" / "golden" / "errors" / f"{name}.expected").read_text(encoding="utf-8")
    headlines = [line for line in golden.splitlines() if line.startswith(path)]
    assert [f"{p['file']}:{p['line']}:{p['column']}: {p['severity']}: {p['message']}" for p in entry["problems"]] \
        == headlines
    for problem in entry["problems"]:
        assert set(problem) == {"severity", "file", "line", "column", "end_column", "message", "hint"}
        assert problem["hint"] is None or problem["hint"] in golden.replace("\n        ", "\n")


def test_check_json_reports_an_unreadable_file_without_a_place() -> None:
    result = run_cli("check", "--json", "spec/no_such_variant.rules", "spec/horse_race.rules")
    assert (result.returncode, result.stderr) == (2, "")
    missing, valid = json.loads(result.stdout)
    assert missing == {"file": "spec/no_such_variant.rules", "problems": [
        {"severity": "error", "file": "spec/no_such_variant.rules", "line": None, "column": None,
         "end_column": None, "message": "cannot read: No such file or directory", "hint": None}]}
    assert valid == {"file": "spec/horse_race.rules", "problems": []}


# --- one reader: every command, every kind of bad file ----------------------------------------------

VALID = {  # a good file of each kind, to which a fault is done
    "spec": (ROOT / "spec" / "fives_and_threes.rules").read_bytes(),
    "rule document": (ROOT / "examples" / "fives_and_threes.en.md").read_bytes(),
    "language pack": (ROOT / "compiler" / "documents" / "languages" / "en.json").read_bytes(),
    "record": (ROOT / "examples" / "fives_and_threes.match.json").read_bytes(),
    "placements file": b'[["[1|4]"], ["[1|1]", "[1|4]", "low"]]',
}
LIMITS = {kind.noun: kind.max_bytes for kind in KINDS}
FT = "spec/fives_and_threes.rules"
DOC = "examples/fives_and_threes.en.md"
# command line, with FILE where the faulty file goes, and the kind of that file
COMMANDS = {
    "check": (["check", "FILE"], "spec"),
    "fmt": (["fmt", "FILE"], "spec"),
    "verify spec": (["verify", "FILE", DOC], "spec"),
    "replay spec": (["replay", "FILE", "examples/fives_and_threes.match.json"], "spec"),
    "example spec": (["example", "FILE", "[1|4]"], "spec"),
    "verify document": (["verify", FT, "FILE"], "rule document"),
    "verify pack": (["verify", FT, DOC, "--lang-pack", "FILE"], "language pack"),
    "replay record": (["replay", FT, "FILE"], "record"),
    "example placements": (["example", FT, "@FILE"], "placements file"),
}
# fault -> exit code and the first line of the message, FILE standing for the file's path
FAULTS = {
    "byte order mark": (0, None),
    "missing": (2, "FILE: error: cannot read: No such file or directory"),
    "a directory": (2, "FILE: error: cannot read: Is a directory"),
    "NUL byte": (1, "FILE:2:3: error: the file holds binary data (a NUL byte)"),
    "not UTF-8": (1, "FILE:2:3: error: the file is not UTF-8 text (byte 0xff)"),
    "too large": (1, "FILE:1:1: error: the {kind} is {size:,} bytes; {kind}s may be at most {limit:,}"),
}


def _faulty_file(folder: Path, kind: str, fault: str) -> Path:
    path = folder / fault.replace(" ", "_")
    folder.mkdir(exist_ok=True)
    if fault == "byte order mark":
        path.write_bytes(b"\xef\xbb\xbf" + VALID[kind])
    elif fault == "a directory":
        path.mkdir()
    elif fault == "NUL byte":
        path.write_bytes(b"ab\ncd\0ef\n")
    elif fault == "not UTF-8":
        path.write_bytes(b"ab\ncd\xffef\n")
    elif fault == "too large":
        path.write_bytes(b" " * (LIMITS[kind] + 1))
    return path


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("fault", FAULTS)
def test_each_command_refuses_each_bad_file_alike(command: str, fault: str, tmp_path: Path) -> None:
    args, kind = COMMANDS[command]
    path = _faulty_file(tmp_path, kind, fault)
    result = run_cli(*[arg.replace("FILE", str(path)) for arg in args])
    code, message = FAULTS[fault]
    assert "Traceback" not in result.stderr
    assert result.returncode == code, result.stderr
    if message is None:
        assert "error" not in result.stderr
        return
    expected = message.format(kind=kind, size=LIMITS[kind] + 1, limit=LIMITS[kind]).replace("FILE", str(path))
    assert result.stderr.splitlines()[0] == expected


# --- startup -----------------------------------------------------------------------------------------


def _imported(*args: str) -> set[str]:
    """The modules a command imports, from Python's own import log (-X importtime)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "dominospec", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("command", ["check", "fmt"])
def test_check_and_fmt_load_neither_jinja2_nor_hypothesis_nor_the_targets_adapters(command: str) -> None:
    modules = _imported(command, "spec/horse_race.rules")
    assert "lark" in modules and "dominospec.language.parser" in modules  # the log is read right
    assert not {name for name in modules if name.split(".")[0] in ("jinja2", "hypothesis")}
    assert not {name for name in modules if name.startswith("dominospec.targets.") and name.endswith(".context")}


def test_a_command_that_builds_an_engine_does_load_jinja2() -> None:
    modules = _imported("example", "spec/fives_and_threes.rules", "[1|4]")
    assert "jinja2" in modules


@pytest.mark.parametrize("command", ["check", "fmt"])
def test_check_and_fmt_into_a_pipe_load_neither_rich_nor_the_package_metadata(command: str) -> None:
    """rich only when colour or progress is drawn, importlib.metadata only for --version."""
    modules = _imported(command, "spec/horse_race.rules")
    assert "dominospec.console" in modules  # the log is read right
    assert not {name for name in modules if name.split(".")[0] == "rich" or name == "importlib.metadata"}
