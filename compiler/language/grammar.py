"""The rules-language grammar and its LALR parser.

The grammar is rules.lark plus what is written down once elsewhere: the `?clause` alternatives
(one per row of the table of clauses), the phrase terminals (the values of the IR enums the rows
name) and the other terminals of fixed words (WORD_TERMINALS). The parser's tables are built once
and kept in the user's cache folder, under a name that changes whenever the grammar, lark or
Python does.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

import lark

from . import clauses, ir

# Phrase terminal -> the Choice enum whose values it accepts.
PHRASE_TERMINALS: dict[str, type[ir.Choice]] = clauses.phrase_terminals()

# Terminals of fixed words that are no enum's phrases: the tile sets' names, the units of a match target.
WORD_TERMINALS: dict[str, list[str]] = {
    "PIP_WORD": list(ir.PIP_WORDS),
    "MATCH_UNIT": [word for unit in clauses.MATCH_UNITS.values() for word in (unit + "s", unit)],
}

OPTIONS: dict[str, Any] = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}


def _terminal(name: str, phrases: Iterable[str]) -> str:
    # Longest first: a regex alternation takes the first phrase that matches, not the longest.
    return f"{name}: " + " | ".join(json.dumps(p) for p in sorted(phrases, key=len, reverse=True))


@functools.cache
def grammar_text() -> str:
    base = resources.files("dominospec.language").joinpath("rules.lark").read_text(encoding="utf-8")
    lines = ["?clause: " + " | ".join(clause.rule for clause in clauses.CLAUSES)]
    lines += [_terminal(name, (member.value for member in choice)) for name, choice in PHRASE_TERMINALS.items()]
    lines += [_terminal(name, words) for name, words in WORD_TERMINALS.items()]
    return base + "\n" + "\n".join(lines) + "\n"


def build() -> lark.Lark:
    """The parser built from the grammar, never from the cache (hypothesis's from_lark needs its grammar)."""
    return lark.Lark(grammar_text(), **OPTIONS)


@functools.cache
def parser() -> lark.Lark:
    """The parser: loaded from the cache when an earlier run built it, else built (and cached)."""
    path = cache_path()
    if path is None:
        return build()
    try:
        with path.open("rb") as f:
            return lark.Lark.load(f)
    except Exception:  # not there yet, unreadable, damaged: build it again
        pass
    built = build()
    _save(built, path)
    return built


def cache_folder() -> Path | None:
    """$XDG_CACHE_HOME/dominospec, or ~/.cache/dominospec; None when there is no home to put it in.
    Always an absolute path: a relative XDG_CACHE_HOME is ignored, as the XDG spec says, and so is a
    relative HOME (the user database's home then), so that no run fills the folder it is run in."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):
        return Path(xdg) / "dominospec"
    home = _home()
    return None if home is None else home / ".cache" / "dominospec"


def _home() -> Path | None:
    """$HOME where it is an absolute path, else the user's home in the password database, if any."""
    home = os.environ.get("HOME", "")
    if os.path.isabs(home):
        return Path(home)
    try:
        import pwd
        home = pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError):  # no user database (Windows), or no entry for this user
        return None
    return Path(home) if os.path.isabs(home) else None


def cache_path() -> Path | None:
    """The cache file for this grammar, this lark and this Python: another of them never loads it."""
    folder = cache_folder()
    if folder is None:
        return None
    parts = [grammar_text(), lark.__version__, sys.implementation.cache_tag or "", repr(sorted(OPTIONS.items()))]
    key = "\0".join(parts)
    return folder / f"rules-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}.lark"


def _save(built: lark.Lark, path: Path) -> None:
    """Write the tables beside their final name and rename them into place, so that a run beside
    this one never reads half a file. A folder that cannot be written only means building next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            built.save(f)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
