"""The user's cache folder (the parser's tables, the compiled templates, the native libraries): always
an absolute path, from XDG_CACHE_HOME or HOME as the XDG spec has it, a relative value of either
ignored, so that no run leaves a cache in the folder it was run in."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dominospec.language.grammar import cache_folder
from support import ROOT

USERS_HOME = Path(pwd.getpwuid(os.getuid()).pw_dir)


def run_in(folder: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("HOME", "XDG_CACHE_HOME")}
    return subprocess.run([sys.executable, "-m", "dominospec", *args], cwd=folder, env={**base, **env},
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(("env", "expected"), [
    ({"XDG_CACHE_HOME": "/srv/cache", "HOME": "/home/someone"}, Path("/srv/cache/dominospec")),
    ({"XDG_CACHE_HOME": "", "HOME": "/home/someone"}, Path("/home/someone/.cache/dominospec")),
    ({"XDG_CACHE_HOME": "cache", "HOME": "/home/someone"}, Path("/home/someone/.cache/dominospec")),
    ({"HOME": "home"}, USERS_HOME / ".cache" / "dominospec"),
    ({"HOME": ""}, USERS_HOME / ".cache" / "dominospec"),
    ({"XDG_CACHE_HOME": "./c", "HOME": "."}, USERS_HOME / ".cache" / "dominospec"),
    ({}, USERS_HOME / ".cache" / "dominospec"),
], ids=["xdg", "empty xdg", "relative xdg", "relative home", "empty home", "both relative", "neither"])
def test_the_cache_folder_is_absolute_whatever_the_environment_says(
        monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: Path) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    found = cache_folder()
    assert found == expected and found.is_absolute()


def test_a_run_with_a_relative_home_leaves_nothing_in_its_folder(tmp_path: Path) -> None:
    done = run_in(tmp_path, {"HOME": "home", "XDG_CACHE_HOME": "cache"}, "check", str(ROOT / "spec/horse_race.rules"))
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None, reason="no C compiler: no native library")
def test_the_parser_templates_and_native_engine_are_cached_under_an_absolute_home(tmp_path: Path) -> None:
    home, here = tmp_path / "home", tmp_path / "here"
    here.mkdir()
    done = run_in(here, {"HOME": str(home), "XDG_CACHE_HOME": "relative"}, "replay", "--target", "c",
                  str(ROOT / "spec/fives_and_threes.rules"), str(ROOT / "examples/fives_and_threes.match.json"))
    assert done.returncode == 0, done.stderr
    assert list(here.iterdir()) == []
    cached = {p.relative_to(home).parts[:3] for p in home.rglob("*") if p.is_file()}
    assert (".cache", "dominospec", "native") in cached
    assert (".cache", "dominospec", "templates") in cached
    assert [p.name for p in (home / ".cache" / "dominospec").glob("rules-*.lark")]  # the parser's tables


def _compiled_templates(home: Path) -> dict[str, int]:
    """The compiled templates in a home's cache folder, by name, with the file each name is now."""
    return {p.name: p.stat().st_ino for p in (home / ".cache" / "dominospec" / "templates").iterdir()}


def test_compiled_templates_are_reused_and_a_damaged_one_is_compiled_again(tmp_path: Path) -> None:
    home, out = tmp_path / "home", tmp_path / "out"
    spec = str(ROOT / "spec/horse_race.rules")
    for run in ("first", "again", "damaged"):
        (out / run).mkdir(parents=True)
    first = run_in(tmp_path, {"HOME": str(home)}, "compile", spec, "-o", str(out / "first"))
    assert first.returncode == 0, first.stderr
    written = _compiled_templates(home)
    assert len(written) > 1 and not any(name.endswith(".tmp") for name in written)
    again = run_in(tmp_path, {"HOME": str(home)}, "compile", spec, "-o", str(out / "again"))
    assert again.returncode == 0, again.stderr
    assert _compiled_templates(home) == written  # read, not written again
    for entry in (home / ".cache" / "dominospec" / "templates").iterdir():
        entry.write_bytes(entry.read_bytes()[:60])  # Jinja's header whole, the code cut off
    damaged = run_in(tmp_path, {"HOME": str(home)}, "compile", spec, "-o", str(out / "damaged"))
    assert damaged.returncode == 0, damaged.stderr
    assert set(_compiled_templates(home).items()).isdisjoint(written.items())  # every entry written anew
    engines = {run: (out / run / "horse_race.py").read_bytes() for run in ("first", "again", "damaged")}
    assert engines["first"] == engines["again"] == engines["damaged"] == (ROOT / "generated/horse_race.py").read_bytes()


def test_a_cache_folder_that_cannot_be_written_only_means_compiling_the_templates_again(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".cache").mkdir(parents=True)
    (home / ".cache" / "dominospec").write_text("a file where the folder would be\n")
    (tmp_path / "o").mkdir()
    spec = str(ROOT / "spec/horse_race.rules")
    done = run_in(tmp_path, {"HOME": str(home)}, "compile", spec, "-o", str(tmp_path / "o"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "o" / "horse_race.py").read_bytes() == (ROOT / "generated/horse_race.py").read_bytes()
