"""A language pack's table section: the words of the page a person plays a variant on in the browser (its
labels, and the lines of its event log), each a template with named slots (`{seat}`, `{tile}`) and unit words
that agree with a number (`{points@point}`: the form of the section's word `point` that agrees with the
number in `{points}`), as the book wording writes them (documents/wording.py).

The page fills the templates in the browser, from the engine's events; this module says which keys every pack
gives and which slots each template takes, and checks a pack's section. The section is optional: a pack without
it reads documents and writes books, and words no table.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from .wording import pieces, slots

# Every label of the page, with the slots its template takes (all of them, each at least once).
LABELS: dict[str, tuple[str, ...]] = {
    "title": ("name",),
    "setup": (),
    "players": (),
    "partnerships": (),
    "seats": (),
    "seat": ("seat",),
    "side": ("side",),
    "you": ("seat",),
    "person": (),
    "random": (),
    "greedy": (),
    "expert": (),
    "speed": (),
    "slow": (),
    "normal": (),
    "fast": (),
    "at once": (),
    "new game": (),
    "layout": (),
    "your hand": (),
    "hand of": ("seat",),
    "tiles": ("count",),
    "pile": ("count",),
    "turn": ("seat",),
    "your turn": (),
    "choose end": ("tile",),
    "lead": ("tile",),
    "on end": ("tile", "on", "port"),
    "pass": (),
    "draw": (),
    "muggins": (),
    "claim": (),
    "undo": (),
    "download": (),
    "open": (),
    "scores": (),
    "target": ("target",),
    "log": (),
    "hand summary": ("hand",),
    "pips left": (),
    "award": (),
    "entry": ("name", "value"),
    "nobody": (),
    "game over": ("sides",),
    "game won": ("game", "sides", "points"),
    "match over": ("sides",),
    "match points": (),
    "next game": (),
    "record": (),
    "position": ("game", "hand", "move", "moves"),
    "start": (),
    "back": (),
    "forward": (),
    "end": (),
    "close": (),
    "not a record": ("name", "message"),
}

# Every line of the event log, with its slots; a line of several parts (a placement, its points, its bonus)
# is its parts one after another, each its own template.
LOG: dict[str, tuple[str, ...]] = {
    "hand": ("hand", "seat"),
    "lead": ("seat", "tile", "total"),
    "play": ("seat", "tile", "on", "port", "total"),
    "by": ("port",),
    "points": ("points",),
    "claim": ("claim",),
    "bonus": ("bonus",),
    "cancelled": (),
    "draw": ("seat", "tile"),
    "draw hidden": ("seat",),
    "pass": ("seat",),
    "penalty": ("seat", "points"),
    "muggins": ("seat", "points"),
    "pass points": ("sides", "points"),
    "out": ("seat",),
    "either end": (),
    "blank end": (),
    "blocked": ("hand",),
    "played out": ("hand",),
    "winners": ("sides",),
    "no winners": (),
    "pips": ("pips",),
    "award": ("points",),
    "void": ("sides",),
    "stake": ("points", "pool"),
    "pool": ("points", "pool"),
    "eggs": ("points", "eggs"),
    "pip penalty": ("points",),
    "reset": ("points",),
    "pips left": ("points",),
    "win": ("sides",),
    "scores": ("scores",),
    "game": ("game",),
}

# The slots that hold one whole number, which a unit word may agree with; the others hold text the page makes
# (a tile, a port's name, a list of sides and their points).
NUMBERS = frozenset({"seat", "side", "count", "target", "hand", "game", "move", "moves", "total", "points", "claim",
                     "bonus", "pool", "eggs"})
UNITS = ("point", "tile")
KEYS = ("units", "list", "and", "labels", "log")

Fail = Callable[[tuple[str, ...], str], Exception]


def check_table(data: Any, fail: Fail, forms: Collection[str]) -> None:
    """Raise fail(path, message) for the first problem of a pack's table section: a missing or unknown key, a
    template without a slot its key needs or with one it does not take, a unit word the section does not give or
    that agrees with no number, a plural form the pack's rules do not make."""
    if not isinstance(data, dict):
        raise fail(("table",), "expected an object")
    for key in data:
        if key not in KEYS:
            raise fail(("table", key), f"unknown key (known: {', '.join(KEYS)})")
    for key in KEYS:
        if key not in data:
            raise fail(("table",), f"'{key}' is missing")
    units = data["units"]
    if not isinstance(units, dict):
        raise fail(("table", "units"), "expected an object of words, such as {\"point\": {\"other\": \"points\"}}")
    for unit in UNITS:
        if unit not in units:
            raise fail(("table", "units"), f"'{unit}' is missing")
    for unit, words in units.items():
        path = ("table", "units", unit)
        if unit not in UNITS:
            raise fail(path, f"unknown key (known: {', '.join(UNITS)})")
        if not isinstance(words, dict) or "other" not in words:
            raise fail(path, "expected an object of the word's forms, with 'other'")
        for form, word in words.items():
            if form not in forms:
                raise fail(path + (form,), f"unknown plural form (the pack's rules make {', '.join(sorted(forms))})")
            if not isinstance(word, str) or not word.strip():
                raise fail(path + (form,), "expected a non-empty string")
    for key in ("list", "and"):
        if not isinstance(data[key], str) or not data[key]:
            raise fail(("table", key), "expected a string, such as \", \" or \" and \"")
    for table, wanted in (("labels", LABELS), ("log", LOG)):
        entries = data[table]
        if not isinstance(entries, dict):
            raise fail(("table", table), "expected an object of templates by key")
        for key in entries:
            if key not in wanted:
                raise fail(("table", table, key), f"unknown key (known: {', '.join(wanted)})")
        for key, needed in wanted.items():
            path = ("table", table, key)
            if key not in entries:
                raise fail(("table", table), f"'{key}' is missing")
            template = entries[key]
            if not isinstance(template, str) or not template.strip():
                raise fail(path, "expected a non-empty string")
            _check_template(template, needed, path, fail)


def _check_template(template: str, needed: tuple[str, ...], path: tuple[str, ...], fail: Fail) -> None:
    used = slots(template)
    if sorted(used) != sorted(needed):
        want = ", ".join("{" + name + "}" for name in needed) or "no slots"
        raise fail(path, f"takes {want}, not {', '.join('{' + name + '}' for name in used) or 'none'}")
    for piece in pieces(template):
        if piece.name is None:
            continue
        if piece.item is not None or piece.words is not None:
            raise fail(path, "{name_2} and {name~words} are for document templates, which are read and never "
                             "written")
        if piece.unit is not None:
            if piece.unit not in UNITS:
                raise fail(path, f"{{{piece.name}@{piece.unit}}}: the word '{piece.unit}' is not in table.units")
            if piece.name not in NUMBERS:
                raise fail(path, f"{{{piece.name}@{piece.unit}}}: {{{piece.name}}} is not a number a word agrees "
                                 "with")
