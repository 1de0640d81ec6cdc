"""Golden error files: each broken spec in tests/golden/errors/ sits beside the exact stderr that
`dominospec check` must print for it.

To regenerate the expected files after a deliberate change to a message, run
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
then read every changed .expected file (git diff) before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from support import ROOT, run_cli

GOLDEN = ROOT / "tests" / "golden" / "errors"
CASES = sorted(GOLDEN.glob("*.rules"))
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("spec", CASES, ids=lambda path: path.stem)
def test_check_prints_exactly_the_expected_diagnostics(spec: Path) -> None:
    result = run_cli("check", spec.relative_to(ROOT).as_posix())  # a process of its own, as a user runs it
    expected = spec.with_suffix(".expected")
    if UPDATE:
        expected.write_bytes(result.stderr.encode("utf-8"))
    assert "Traceback" not in result.stderr
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == expected.read_bytes().decode("utf-8")


def test_every_expected_file_has_its_spec() -> None:
    orphans = [path.name for path in GOLDEN.glob("*.expected") if not path.with_suffix(".rules").exists()]
    assert not orphans
    assert CASES, f"no golden specs found in {GOLDEN}"
