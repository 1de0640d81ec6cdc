"""A language pack's book wording: the sentence templates a rule book is written with, and read back with.

A template is fixed text with typed slots. `{name}` is a slot whose type its name says (a number, a
list of numbers, a tile, a set's name, a free text or a nested phrase); `{name@unit}` is the form of
the pack's word `unit` that agrees with the number in slot `name`. One template is both how a book
writes a sentence and the pattern a verifier finds it by, so every sentence a book says reads back to
the values it was written from: no sentence can be written that cannot be checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

SLOT = re.compile(r"\{([a-z_]+)(?:@([a-z_]+))?\}")
SPACE = r"\s*+"  # possessive: white space is never given back, so patterns read in linear time
DASHES = "-‐‑‒–—"  # any dash matches any dash
NUMBER = r"(?<!\d)\d{1,9}(?!\d)"
TILE = r"\[\s*+\d{1,2}\s*+\|\s*+\d{1,2}\s*+\]"

# Slot types by slot name. Every other name is a whole number.
OR_LISTS = frozenset({"counts"})  # "2, 3 or 4"
AND_LISTS = frozenset({"hands"})  # "4, 4, 4 and 14"
TERMS = frozenset({"terms"})  # "5 + 3"
TILES = frozenset({"tile"})
TILE_LISTS = frozenset({"tile_list"})
SETS = frozenset({"set"})  # the name of a double-N set: "six"
FREE = frozenset({"name", "source", "formula"})  # any text, up to the template's next fixed text
PHRASES = {"award": "award.", "penalty": "penalty.", "below": "below.", "gain": "gain."}  # nested templates

Tile = tuple[int, int]
Value = int | str | Tile | tuple[Any, ...]


def literal(text: str) -> str:
    """Fixed text as a pattern: any run of white space is any white space, any dash is any dash."""
    out: list[str] = []
    for ch in text:
        if ch.isspace():
            if not out or out[-1] != SPACE:
                out.append(SPACE)
        elif ch in DASHES:
            out.append(f"[{DASHES}]")
        else:
            out.append(re.escape(ch))
    return "".join(out)


def pieces(template: str) -> list[tuple[str, str | None, str | None]]:
    """[(fixed text, slot name, unit)] in order; the last piece's slot is None when the text ends fixed."""
    out: list[tuple[str, str | None, str | None]] = []
    position = 0
    for match in SLOT.finditer(template):
        out.append((template[position:match.start()], match.group(1), match.group(2)))
        position = match.end()
    if position < len(template):
        out.append((template[position:], None, None))
    return out


def slots(template: str) -> list[str]:
    """The value slots of a template, in order (unit slots are not values)."""
    return [name for _, name, unit in pieces(template) if name is not None and unit is None]


@dataclass(frozen=True)
class Found:
    """A sentence found in a line: its key, the values its slots hold, and where it stands."""

    key: str
    values: dict[str, Value]
    start: int
    end: int
    problems: tuple[str, ...] = ()  # a slot written twice with two different values


class Wording:
    """The book section of a language pack, checked: templates by key, words, and the patterns that read them."""

    def __init__(self, data: Mapping[str, Any], plural: Callable[[int], str]):
        self.sections: dict[str, str] = dict(data["sections"])
        self.sentences: dict[str, str] = dict(data["sentences"])
        self.phrases: dict[str, str] = dict(data["phrases"])
        self.claims: dict[str, str] = dict(data["claims"])
        self.formula: dict[str, str] = dict(data["formula"])
        self.texts: dict[str, str] = dict(data["texts"])  # fixed texts: headings of examples, table notes, ...
        words = data["words"]
        self.set_names: dict[int, str] = {int(n): name for n, name in words["sets"].items()}
        self.list_separator: str = words["list"]
        self.last_or: str = words["or"]
        self.last_and: str = words["and"]
        self.units: dict[str, dict[str, str]] = words["units"]
        self.legend: dict[str, str] = dict(data["legend"])
        self.board: dict[str, str] = dict(data["board"])
        self.plural = plural
        self._patterns: dict[str, re.Pattern[str]] = {}

    # --- writing ------------------------------------------------------------------------------------------

    def template(self, key: str) -> str:
        for table in (self.sentences, self.claims, self.phrases, self.texts):
            if key in table:
                return table[key]
        raise KeyError(key)

    def write(self, key: str, values: Mapping[str, Value]) -> str:
        """The sentence of key with its slots filled in."""
        out = []
        for text, name, unit in pieces(self.template(key)):
            out.append(text)
            if name is None:
                continue
            value = values[name]
            out.append(self.unit(unit, _number(value)) if unit is not None else self.value_text(name, value))
        return "".join(out)

    def unit(self, unit: str, n: int) -> str:
        forms = self.units[unit]
        return forms.get(self.plural(n), forms["other"])

    def value_text(self, name: str, value: Value) -> str:
        if name in PHRASES:
            assert isinstance(value, tuple)
            key, items = value
            return self.write(key, dict(items))
        if name in SETS:
            assert isinstance(value, int)
            return self.set_names[value]
        if name in TILES:
            assert isinstance(value, tuple)
            return _tile(value)
        if name in TILE_LISTS:
            assert isinstance(value, tuple)
            return self.joined([_tile(t) for t in value], self.last_and)
        if name in OR_LISTS or name in AND_LISTS:
            assert isinstance(value, tuple)
            return self.joined([str(n) for n in value], self.last_or if name in OR_LISTS else self.last_and)
        if name in TERMS:
            assert isinstance(value, tuple)
            return " + ".join(str(n) for n in value)
        return str(value)

    def joined(self, items: list[str], last: str) -> str:
        if len(items) < 2:
            return "".join(items)
        return self.list_separator.join(items[:-1]) + last + items[-1]

    # --- reading ------------------------------------------------------------------------------------------

    def pattern(self, key: str) -> re.Pattern[str]:
        if key not in self._patterns:
            self._patterns[key] = re.compile(self._regex(key, _group_prefix(key)))
        return self._patterns[key]

    def _regex(self, key: str, prefix: str) -> str:
        out = []
        seen: dict[str, int] = {}
        parts = pieces(self.template(key))
        for index, (text, name, unit) in enumerate(parts):
            out.append(literal(text))
            if name is None:
                continue
            if unit is not None:
                forms = sorted(set(self.units[unit].values()), key=len, reverse=True)
                out.append(f"(?:{'|'.join(literal(form) for form in forms)})")
                continue
            seen[name] = seen.get(name, 0) + 1
            group = f"{prefix}__{name}__{seen[name]}"
            after = parts[index + 1][0] if index + 1 < len(parts) else ""
            last = index + 2 == len(parts) and parts[index + 1][1] is None  # after is the template's last text
            out.append(f"(?P<{group}>{self._slot_regex(name, after, group, last)})")
        return "".join(out)

    def _slot_regex(self, name: str, after: str, group: str, last: bool = False) -> str:
        if name in PHRASES:
            keys = sorted(k for k in self.phrases if k.startswith(PHRASES[name]))
            return "|".join(f"(?:{self._regex(k, f'{group}_{i}')})" for i, k in enumerate(keys))
        if name in SETS:
            return "|".join(literal(word) for word in sorted(self.set_names.values(), key=len, reverse=True))
        if name in TILES:
            return TILE
        if name in TILE_LISTS:
            return self._list_regex(TILE, self.last_and)
        if name in OR_LISTS or name in AND_LISTS:
            return self._list_regex(NUMBER, self.last_or if name in OR_LISTS else self.last_and)
        if name in TERMS:
            return rf"{NUMBER}(?:{SPACE}\+{SPACE}{NUMBER})*+"
        if name in FREE:  # up to the first place the next fixed text stands (validation makes one follow); where
            # that text ends the sentence, the first place it stands before no letter or digit ("pagat.com." whole)
            ahead = literal(after) + (r"(?![^\W_])" if last else "") if after.strip() else "$"
            return rf"(?>.+?(?={ahead}))"
        return NUMBER

    def _list_regex(self, item: str, last: str) -> str:
        joiners = "|".join(literal(j) for j in sorted({self.list_separator, last}, key=len, reverse=True))
        return f"{item}(?:(?:{joiners}){item})*+"

    def read_values(self, key: str, groups: Mapping[str, str | None],
                    prefix: str) -> tuple[dict[str, Value], list[str]]:
        """The values of key's slots from a match's groups; and a problem for each slot written twice unequal."""
        values: dict[str, Value] = {}
        problems: list[str] = []
        seen: dict[str, int] = {}
        for name in slots(self.template(key)):
            seen[name] = seen.get(name, 0) + 1
            group = f"{prefix}__{name}__{seen[name]}"
            value = self._value(name, groups, group)
            if name in values and values[name] != value:
                problems.append(f"{name}: {self.value_text(name, values[name])} and then "
                                f"{self.value_text(name, value)}, where both are the same number")
            values.setdefault(name, value)
        return values, problems

    def _value(self, name: str, groups: Mapping[str, str | None], group: str) -> Value:
        text = groups[group] or ""
        if name in PHRASES:
            keys = sorted(k for k in self.phrases if k.startswith(PHRASES[name]))
            for i, key in enumerate(keys):
                prefix = f"{group}_{i}"
                if any(g.startswith(prefix + "__") and v is not None for g, v in groups.items()) or (
                        not slots(self.phrases[key]) and re.fullmatch(self._regex(key, prefix), text)):
                    values, _ = self.read_values(key, groups, prefix)
                    return key, tuple(sorted(values.items()))
            raise AssertionError(f"no phrase of {name} read {text!r}")  # pragma: no cover
        if name in SETS:
            folded = " ".join(text.split()).casefold()
            return next(n for n, word in self.set_names.items() if " ".join(word.split()).casefold() == folded)
        if name in TILES:
            return _read_tile(text)
        if name in TILE_LISTS:
            return tuple(_read_tile(t) for t in re.findall(TILE, text))
        if name in OR_LISTS or name in AND_LISTS or name in TERMS:
            return tuple(int(n) for n in re.findall(r"\d+", text))
        if name in FREE:
            return " ".join(text.split())
        return int(text)

    def find(self, line: str, keys: Iterable[str]) -> list[Found]:
        """The sentences of the given keys in a line, longest first where two overlap; each starts the line
        or follows white space, and ends the line or is followed by white space or punctuation."""
        found: list[Found] = []
        for key in keys:
            prefix = _group_prefix(key)
            for match in self.pattern(key).finditer(line):
                start, end = match.span()
                if start == end or (start and not line[start - 1].isspace()):
                    continue
                if end < len(line) and line[end].isalnum():
                    continue
                values, problems = self.read_values(key, match.groupdict(), prefix)
                found.append(Found(key, values, start, end, tuple(problems)))
        chosen: list[Found] = []
        for item in sorted(found, key=lambda f: (f.start - f.end, f.start, f.key)):
            if all(item.end <= other.start or item.start >= other.end for other in chosen):
                chosen.append(item)
        return sorted(chosen, key=lambda f: f.start)


    def find_whole(self, line: str, key: str) -> Found | None:
        """The sentence of key where it is the whole line. One try from the line's start: a template that begins
        with a free text (a title) would be tried from every position of the line by find."""
        match = self.pattern(key).fullmatch(line)
        if match is None:
            return None
        values, problems = self.read_values(key, match.groupdict(), _group_prefix(key))
        return Found(key, values, 0, len(line), tuple(problems))


def _group_prefix(key: str) -> str:
    """The prefix of a key's group names in its pattern: the key with what a group name cannot hold replaced."""
    return key.replace(".", "_").replace(" ", "_").replace("'", "_").replace(",", "_")


def _number(value: Value) -> int:
    assert isinstance(value, int)
    return value


def _tile(tile: Tile) -> str:
    return f"[{tile[0]}|{tile[1]}]"


def _read_tile(text: str) -> Tile:
    low, high = (int(n) for n in re.findall(r"\d+", text))
    return (low, high)


# --- checking a pack's book section -------------------------------------------------------------------------

Fail = Callable[[tuple[str, ...], str], Exception]


def check_wording(data: Any, fail: Fail, wanted: Mapping[str, Iterable[str]],
                  slots_of: Mapping[str, tuple[str, ...]]) -> None:
    """Raise fail(path, message) for the first problem of a pack's book section: a missing or unknown key, a
    slot its template may not use, a unit the pack does not word, a free text with nothing fixed after it,
    or two sentences worded alike (the reader could not tell them apart)."""
    if not isinstance(data, dict):
        raise fail(("book",), "expected an object")
    tables = ("sections", "sentences", "phrases", "claims", "formula", "texts", "words", "legend", "board")
    for key in data:
        if key not in tables:
            raise fail(("book", key), f"unknown key (known: {', '.join(tables)})")
    for table in tables:
        if table not in data:
            raise fail(("book",), f"'{table}' is missing")
    for table, keys in wanted.items():
        entries = data[table]
        if not isinstance(entries, dict):
            raise fail(("book", table), "expected an object")
        keys = tuple(keys)
        for key in entries:
            if key not in keys:
                raise fail(("book", table, key), f"unknown key (known: {', '.join(keys)})")
        for key in keys:
            if key not in entries:
                raise fail(("book", table), f"'{key}' is missing")
            if not isinstance(entries[key], str) or not entries[key].strip():
                raise fail(("book", table, key), "expected a non-empty string")
    words = data["words"]
    if not isinstance(words, dict) or sorted(words) != ["and", "list", "or", "sets", "units"]:
        raise fail(("book", "words"), "expected an object with sets, list, or, and, units")
    for name in ("list", "or", "and"):
        if not isinstance(words[name], str) or not words[name]:
            raise fail(("book", "words", name), "expected a string")
    sets = words["sets"]
    if not isinstance(sets, dict) or not all(isinstance(v, str) and v.strip() for v in sets.values()):
        raise fail(("book", "words", "sets"), "expected an object of set names, such as {\"6\": \"six\"}")
    units = words["units"]
    if not isinstance(units, dict) or not all(isinstance(u, dict) and isinstance(u.get("other"), str)
                                              for u in units.values()):
        raise fail(("book", "words", "units"), "expected an object of words, each with its forms and 'other'")
    seen: dict[str, str] = {}
    for table in ("sentences", "phrases", "claims", "texts"):
        for key, template in data[table].items():
            path = ("book", table, key)
            parts = pieces(template)
            used = sorted(set(slots(template)))
            if used != sorted(slots_of.get(key, ())):
                want = ", ".join("{" + n + "}" for n in slots_of.get(key, ())) or "no slots"
                raise fail(path, f"takes {want}, not {', '.join('{' + n + '}' for n in used) or 'none'}")
            for index, (_, slot, unit) in enumerate(parts):
                if slot is None:
                    continue
                if unit is not None and (unit not in units):
                    raise fail(path, f"{{{slot}@{unit}}}: the word '{unit}' is not in book.words.units")
                if slot in FREE and (index + 1 >= len(parts) or not parts[index + 1][0].strip()):
                    raise fail(path, f"{{{slot}}} needs fixed text right after it, where the reader knows it ends")
            folded = " ".join(SLOT.sub("{}", template).split()).casefold()
            if table != "phrases" and folded in seen:
                raise fail(path, f"worded exactly as {seen[folded]}: a reader could not tell them apart")
            seen[folded] = f"{table}.{key}"
