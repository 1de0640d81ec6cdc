"""The hostile corpus: inputs a careless or malicious user could hand us, each run through the real
command line, with the exit code and every line it prints pinned as golden files.

tests/hostile/<area>/NAME.args holds a command line, one argument a line (paths from the repository
root); NAME.env (where there is one) the environment variables it runs with, one NAME=value a line;
NAME.expected holds `exit N`, then what the command wrote to stderr, and NAME.stdout (where there is
one) what it wrote to stdout. The inputs themselves sit beside them. UPDATE_GOLDEN=1
rewrites the expected files (read the diff before committing).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from support import ROOT, run_cli

CORPUS = ROOT / "tests" / "hostile"
CASES = sorted(CORPUS.rglob("*.args"))


def test_the_corpus_is_there() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("case", CASES, ids=lambda path: str(path.relative_to(CORPUS).with_suffix("")))
def test_a_hostile_input_gets_its_exact_message_and_exit_code(case: Path) -> None:
    variables = case.with_suffix(".env")
    env = dict(line.split("=", 1) for line in variables.read_text(encoding="utf-8").splitlines()) \
        if variables.exists() else None
    result = run_cli(*case.read_text(encoding="utf-8").splitlines(), env=env)
    assert "Traceback" not in result.stderr
    assert result.returncode in (0, 1, 2)
    got = f"exit {result.returncode}\n{result.stderr}"
    expected, stdout = case.with_suffix(".expected"), case.with_suffix(".stdout")
    if os.environ.get("UPDATE_GOLDEN") == "1":
        expected.write_text(got, encoding="utf-8")
        if stdout.exists() or result.stdout:
            stdout.write_text(result.stdout, encoding="utf-8")
    assert got == expected.read_text(encoding="utf-8")
    assert result.stdout == (stdout.read_text(encoding="utf-8") if stdout.exists() else "")
