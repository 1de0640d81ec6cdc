"""The JavaScript engine's TypeScript types: `tsc --strict` (the TypeScript that package.json pins, installed by
`npm ci` into node_modules/) checks a shipped engine's .d.ts with a typed use of its module
(tests/data/js_usage.ts), and rejects a use with a type error (tests/data/js_usage_wrong.ts), so that the check
is seen to be able to fail. Without node_modules the test fails, saying what to run."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from support import ROOT

TSC = ROOT / "node_modules" / ".bin" / "tsc"
DATA = ROOT / "tests" / "data"
TYPES = ROOT / "generated" / "fives_and_threes.d.ts"
# A module with top-level await, resolved as a bundler does (an import of x.js finds x.d.ts beside it).
OPTIONS = ("--strict", "--noEmit", "--pretty", "false", "--target", "es2022", "--module", "es2022",
           "--moduleResolution", "bundler")


def test_the_types_check_a_typed_use_and_reject_a_wrong_one() -> None:
    if shutil.which("node") is None:
        pytest.fail("node is not on PATH: TypeScript runs in Node.js 18 or later; install it")
    if not TSC.is_file():
        pytest.fail(f"{TSC.relative_to(ROOT)} is missing: run `npm ci` in {ROOT} (package.json pins TypeScript)")
    # One run over both samples (a run costs seconds): the typed use must pass, the wrong one fail on its line 7.
    done = subprocess.run([str(TSC), *OPTIONS, str(TYPES), str(DATA / "js_usage.ts"), str(DATA / "js_usage_wrong.ts")],
                          cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    errors = [line for line in done.stdout.splitlines() if re.search(r"\(\d+,\d+\): error TS\d+", line)]
    assert done.returncode != 0 and errors, done.stdout + done.stderr
    assert [line.split(":")[0] for line in errors] == ["tests/data/js_usage_wrong.ts(7,14)"], done.stdout
    assert "TS2322: Type 'string' is not assignable to type 'number'" in errors[0]
