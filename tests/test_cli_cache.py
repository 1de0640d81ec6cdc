"""The user's cache folder (the parser's tables, the native libraries): always an absolute path, from
XDG_CACHE_HOME or HOME as the XDG spec has it, a relative value of either ignored, so that no run
leaves a cache in the folder it was run in."""

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
def test_the_parser_and_the_native_engine_are_cached_under_an_absolute_home(tmp_path: Path) -> None:
    home, here = tmp_path / "home", tmp_path / "here"
    here.mkdir()
    done = run_in(here, {"HOME": str(home), "XDG_CACHE_HOME": "relative"}, "replay", "--target", "c",
                  str(ROOT / "spec/fives_and_threes.rules"), str(ROOT / "examples/fives_and_threes.match.json"))
    assert done.returncode == 0, done.stderr
    assert list(here.iterdir()) == []
    cached = {p.relative_to(home).parts[:3] for p in home.rglob("*") if p.is_file()}
    assert (".cache", "dominospec", "native") in cached
    assert any(parts[:2] == (".cache", "dominospec") and len(parts) == 3 and parts[2] != "native" for parts in cached)
