"""The focused loops of tests/stages.py: every test file is in a stage, and every file a stage names exists."""

from __future__ import annotations

import subprocess
import sys

from stages import STAGES, TESTS

from support import ROOT


def test_every_test_file_is_in_a_stage_and_every_stage_file_exists() -> None:
    files = {path.name for path in TESTS.glob("test_*.py")}
    named = [name for names in STAGES.values() for name in names]
    assert files - set(named) == set(), "test files in no stage of tests/stages.py"
    assert set(named) - files == set(), "files tests/stages.py names that are not there"


def test_a_stage_prints_its_files_and_an_unknown_one_is_a_usage_error() -> None:
    done = subprocess.run([sys.executable, "tests/stages.py", "play"], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    assert (done.returncode, done.stdout.split()) == (0, [f"tests/{name}" for name in STAGES["play"]])
    wrong = subprocess.run([sys.executable, "tests/stages.py", "plya"], cwd=ROOT, capture_output=True, text=True,
                           check=False)
    assert wrong.returncode == 2 and "one of language, targets" in wrong.stderr
