"""`dominospec check` and `dominospec fmt` end to end, as a user runs them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from support import ROOT, SHIPPED, run_cli

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


def test_fmt_prints_several_specs_one_after_another() -> None:
    result = run_cli("fmt", "spec/fives_and_threes.rules", "spec/horse_race.rules")
    assert result.returncode == 0
    assert result.stdout == "".join((ROOT / "spec" / name).read_text(encoding="utf-8")
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


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.rules")), ids=lambda p: p.name)
def test_every_clause_of_a_house_variant_says_what_it_means(path: Path) -> None:
    """Each clause has a comment of its own: on the line above it or at the end of its line."""
    lines = path.read_text(encoding="utf-8").split("\n")
    commented = re.compile(r'^(?:[^"#]|"[^"]*")*#')  # a '#' outside quoted text
    bare = [f"{path.name}:{number}: {line}" for number, line in enumerate(lines, 1)
            if line and not line.startswith("#") and not commented.match(line) and not lines[number - 2].startswith("#")]
    assert not bare
