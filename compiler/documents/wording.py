"""A language pack's book wording: the sentence templates a rule book is written with, and read back with.

A template is fixed text with typed slots. `{name}` is a slot whose type its name says (a number, a
list of numbers, a tile, a set's name, a free text or a nested phrase); `{name@unit}` is the form of
the pack's word `unit` that agrees with the number in slot `name`. One template is both how a book
writes a sentence and the pattern a verifier finds it by, so every sentence a book says reads back to
the values it was written from: no sentence can be written that cannot be checked.

Documents written by people say the same things in their own words: a pack's "document" templates are
read, never written, and may say less. In them `{name~words}` is a number written in digits or as
one of the pack's number words (`words.numbers.words`: "ikişer", "beşer"); `{name_2}` is the second
number of the list `name` ("4 + 1 + 2" as three slots); `…` is any word ending ("61’e", "61:een");
a template that begins with `^` is a whole line (a heading); and case does not matter.
"""

from __future__ import annotations

import copy
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

SLOT = re.compile(r"\{([a-z_]+?)(?:_([1-9]))?(?:@([a-z_]+)|~([a-z_]+))?\}")
SPACE = r"\s*+"  # possessive: white space is never given back, so patterns read in linear time
DASHES = "-‐‑‒–—"  # any dash matches any dash
APOSTROPHES = "'’ʼ"  # any apostrophe matches any apostrophe
FORMULA_SOLO = "formula."  # a solo key for a word of the formula: "formula.score"
ENDING = "…"  # in a document template: any word ending, the case suffix a number takes
NUMBER = r"(?<!\d)\d{1,9}(?!\d)"
TILE = r"\[\s*+\d{1,2}\s*+\|\s*+\d{1,2}\s*+\]"
# The most items after the first a list or a sum is read with. A template may begin with a list, and the reader
# tries it at every place in a line: bounded, each try is short, so a line of a thousand numbers reads in linear
# time (a longer list is read from where its last items begin).
MORE_ITEMS = 24

# Slot types by slot name. Every other name is a whole number.
OR_LISTS = frozenset({"counts", "totals", "down", "up"})  # "2, 3 or 4"
AND_LISTS = frozenset({"hands", "divisors", "divided"})  # "4, 4, 4 and 14"
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
        elif ch in APOSTROPHES:
            out.append(f"[{APOSTROPHES}]")
        elif ch == ENDING:
            out.append(r"[^\W\d_]*+")
        else:
            out.append(re.escape(ch))
    return "".join(out)


class Piece(NamedTuple):
    """Fixed text, then the slot after it (None where the template ends with the text)."""

    text: str
    name: str | None = None
    item: int | None = None  # {hands_2}: the second number of the list "hands"
    unit: str | None = None  # {n@unit}: the unit word that agrees with n, not a value
    words: str | None = None  # {n~words}: digits or one of the pack's number words of that table

    @property
    def group(self) -> str | None:
        """The value this slot reads: the slot's name, or for a list's item, its number in the list."""
        return self.name if self.item is None else f"{self.name}_{self.item}"


def pieces(template: str) -> list[Piece]:
    """The template's fixed texts and slots in order; the last piece has no slot when the text ends fixed."""
    out: list[Piece] = []
    position = 0
    for match in SLOT.finditer(template):
        name, item, unit, words = match.groups()
        out.append(Piece(template[position:match.start()], name, int(item) if item else None, unit, words))
        position = match.end()
    if position < len(template):
        out.append(Piece(template[position:]))
    return out


def slots(template: str) -> list[str]:
    """The value slots of a template, in order (unit slots are not values; a list's items are its slot)."""
    return list(dict.fromkeys(p.name for p in pieces(template) if p.name is not None and p.unit is None))


@dataclass(frozen=True)
class Found:
    """A sentence found in a line: its key, the values its slots hold, and where it stands."""

    key: str
    values: dict[str, Value]
    start: int
    end: int
    problems: tuple[tuple[str, int], ...] = ()  # a slot written again with another value, and where
    starts: Mapping[str, int] = field(default_factory=dict)  # where each slot's value is first written


FOUND_KEPT = 20_000  # lines whose sentences a Wording keeps: a few megabytes at most


class Wording:
    """The book section of a language pack, checked: templates by key, words, and the patterns that read them."""

    def __init__(self, data: Mapping[str, Any], plural: Callable[[int], str]):
        self.sections: dict[str, str] = dict(data["sections"])
        self.sentences: dict[str, str] = dict(data["sentences"])
        self.phrases: dict[str, str] = dict(data["phrases"])
        self.claims: dict[str, str] = dict(data["claims"])
        self.formula: dict[str, str] = dict(data["formula"])
        self.texts: dict[str, str] = dict(data["texts"])  # fixed texts: headings of examples, table notes, ...
        # How a game without partnerships says a sentence, claim or formula word that speaks of sides.
        self.solo: dict[str, str] = dict(data.get("solo", {}))
        self._also: dict[str, str] = {k: t for k, t in self.solo.items() if not k.startswith(FORMULA_SOLO)}
        self._alone: Wording | None = None
        # Read only: how documents written by people say a rule or a case, by the key of what they say.
        self.document: dict[str, list[str]] = {key: list(t) for key, t in data.get("document", {}).items()}
        words = data["words"]
        self.set_names: dict[int, str] = {int(n): name for n, name in words["sets"].items()}
        self.list_separator: str = words["list"]
        self.last_or: str = words["or"]
        self.last_and: str = words["and"]
        self.units: dict[str, dict[str, str]] = words["units"]
        self.numbers: dict[str, dict[str, int]] = {table: {_folded(word): n for word, n in t.items()}
                                                   for table, t in words.get("numbers", {}).items()}
        self.legend: dict[str, str] = dict(data["legend"])
        self.board: dict[str, str] = dict(data["board"])
        self.plural = plural
        self._patterns: dict[tuple[str, int], re.Pattern[str]] = {}
        self._reader_lists: dict[tuple[str, ...], list[tuple[str, str, str, re.Pattern[str]]]] = {}
        self._found: dict[tuple[str, tuple[str, ...]], list[Found]] = {}

    def without_partners(self) -> Wording:
        """The wording of a game without partnerships: "the first player to reach", not "the first side". It
        reads both wordings of each sentence, as this one does."""
        if self._alone is None:
            alone = copy.copy(self)
            alone.sentences = {**self.sentences, **{k: t for k, t in self._also.items() if k in self.sentences}}
            alone.claims = {**self.claims, **{k: t for k, t in self._also.items() if k in self.claims}}
            alone.formula = {**self.formula, **{k.removeprefix(FORMULA_SOLO): t for k, t in self.solo.items()
                                                if k.startswith(FORMULA_SOLO)}}
            alone._also = {k: self.template(k) for k in self._also}
            alone._patterns, alone._reader_lists, alone._found, alone._alone = {}, {}, {}, alone
            self._alone = alone
        return self._alone

    # --- writing ------------------------------------------------------------------------------------------

    def template(self, key: str) -> str:
        for table in (self.sentences, self.claims, self.phrases, self.texts):
            if key in table:
                return table[key]
        raise KeyError(key)

    def write(self, key: str, values: Mapping[str, Value]) -> str:
        """The sentence of key with its slots filled in."""
        out = []
        for piece in pieces(self.template(key)):
            out.append(piece.text)
            if piece.name is None:
                continue
            value = values[piece.name]
            out.append(self.unit(piece.unit, _number(value)) if piece.unit is not None
                       else self.value_text(piece.name, value))
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

    def readings(self, key: str) -> list[str]:
        """Every template key is read by: the book's own first, where it writes one, then the documents'."""
        try:
            own = [self.template(key)]
        except KeyError:
            own = []
        also = [self._also[key]] if key in self._also else []
        return [*own, *also, *self.document.get(key, [])]

    def pattern(self, key: str, reading: int = 0) -> re.Pattern[str]:
        """The pattern of one of key's readings. A document's is read in any case, and one that begins with "^"
        only as a whole line (a heading)."""
        if (key, reading) not in self._patterns:
            template = self.readings(key)[reading]
            if reading < len(self.readings(key)) - len(self.document.get(key, [])):
                self._patterns[key, reading] = re.compile(self._regex(template, _group_prefix(key)))
            else:
                regex = self._regex(template.removeprefix("^"), _group_prefix(key))
                whole = template.startswith("^")
                self._patterns[key, reading] = re.compile(f"^{regex}$" if whole else regex, re.IGNORECASE)
        return self._patterns[key, reading]

    def _regex(self, template: str, prefix: str) -> str:
        out = []
        seen: dict[str, int] = {}
        parts = pieces(template)
        for index, piece in enumerate(parts):
            out.append(literal(piece.text))
            if piece.name is None:
                continue
            if piece.unit is not None:
                forms = sorted(set(self.units[piece.unit].values()), key=len, reverse=True)
                out.append(f"(?:{'|'.join(literal(form) for form in forms)})")
                continue
            group_name = piece.group
            assert group_name is not None
            seen[group_name] = seen.get(group_name, 0) + 1
            group = f"{prefix}__{group_name}__{seen[group_name]}"
            after = parts[index + 1].text if index + 1 < len(parts) else ""
            last = index + 2 == len(parts) and parts[index + 1].name is None  # after is the template's last text
            out.append(f"(?P<{group}>{self._slot_regex(piece, after, group, last)})")
        return "".join(out)

    def _number_regex(self, words: str | None) -> str:
        if words is None:
            return NUMBER
        written = sorted(self.numbers.get(words, {}), key=len, reverse=True)
        return "|".join([NUMBER, *(rf"{literal(word)}(?![^\W_])" for word in written)])

    def _slot_regex(self, piece: Piece, after: str, group: str, last: bool = False) -> str:
        name = piece.name
        assert name is not None
        number = f"(?:{self._number_regex(piece.words)})"
        if piece.item is not None:
            return number
        if name in PHRASES:
            keys = sorted(k for k in self.phrases if k.startswith(PHRASES[name]))
            return "|".join(f"(?:{self._regex(self.phrases[k], f'{group}_{i}')})" for i, k in enumerate(keys))
        if name in SETS:
            return "|".join(literal(word) for word in sorted(self.set_names.values(), key=len, reverse=True))
        if name in TILES:
            return TILE
        if name in TILE_LISTS:
            return self._list_regex(TILE, self.last_and)
        if name in OR_LISTS or name in AND_LISTS:
            return self._list_regex(number, self.last_or if name in OR_LISTS else self.last_and)
        if name in TERMS:
            return rf"{NUMBER}(?:{SPACE}\+{SPACE}{NUMBER}){{0,{MORE_ITEMS}}}+"
        if name in FREE:  # up to the first place the next fixed text stands (validation makes one follow); where
            # that text ends the sentence, the first place it stands before no letter or digit ("pagat.com." whole)
            ahead = literal(after) + (r"(?![^\W_])" if last else "") if after.strip() else "$"
            return rf"(?>.+?(?={ahead}))"
        return number

    def _list_regex(self, item: str, last: str) -> str:
        joiners = "|".join(literal(j) for j in sorted({self.list_separator, last}, key=len, reverse=True))
        return f"{item}(?:(?:{joiners}){item}){{0,{MORE_ITEMS}}}+"

    def read_values(self, template: str, groups: Mapping[str, str | None],
                    prefix: str) -> tuple[dict[str, Value], list[tuple[str, str]]]:
        """The values of a template's slots from a match's groups; and a problem, with its group, for each slot
        written twice unequal. The items of a list ({hands_1}, {hands_2}) are read as the list, in order."""
        values: dict[str, Value] = {}
        problems: list[tuple[str, str]] = []
        seen: dict[str, int] = {}
        items: dict[str, dict[int, int]] = {}
        for piece in pieces(template):
            if piece.name is None or piece.unit is not None:
                continue
            group_name = piece.group
            assert group_name is not None
            seen[group_name] = seen.get(group_name, 0) + 1
            group = f"{prefix}__{group_name}__{seen[group_name]}"
            value = self._value(piece, groups, group)
            if group_name in values and values[group_name] != value:
                problems.append((f"{group_name}: {self.value_text(piece.name, values[group_name])} and then "
                                 f"{self.value_text(piece.name, value)}, where both are the same number", group))
            values.setdefault(group_name, value)
            if piece.item is not None:
                assert isinstance(value, int)
                items.setdefault(piece.name, {})[piece.item] = value
        for name, numbered in items.items():
            for item in numbered:
                del values[f"{name}_{item}"]
            values[name] = tuple(numbered[i] for i in sorted(numbered))
        return values, problems

    def _number(self, words: str | None, text: str) -> int:
        if text.isdigit():
            return int(text)
        assert words is not None  # only a slot with number words reads other than digits
        return self.numbers[words][_folded(text)]

    def _value(self, piece: Piece, groups: Mapping[str, str | None], group: str) -> Value:
        name = piece.name
        assert name is not None
        text = groups[group] or ""
        if piece.item is not None:
            return self._number(piece.words, text)
        if name in PHRASES:
            keys = sorted(k for k in self.phrases if k.startswith(PHRASES[name]))
            for i, key in enumerate(keys):
                prefix = f"{group}_{i}"
                template = self.phrases[key]
                if any(g.startswith(prefix + "__") and v is not None for g, v in groups.items()) or (
                        not slots(template) and re.fullmatch(self._regex(template, prefix), text)):
                    values, _ = self.read_values(template, groups, prefix)
                    return key, tuple(sorted(values.items()))
            raise AssertionError(f"no phrase of {name} read {text!r}")  # pragma: no cover
        if name in SETS:
            folded = " ".join(text.split()).casefold()
            return next(n for n, word in self.set_names.items() if " ".join(word.split()).casefold() == folded)
        if name in TILES:
            return _read_tile(text)
        if name in TILE_LISTS:
            return tuple(_read_tile(t) for t in re.findall(TILE, text))
        if name in OR_LISTS or name in AND_LISTS:
            item = self._number_regex(piece.words)
            return tuple(self._number(piece.words, n.group()) for n in re.finditer(item, text, re.IGNORECASE))
        if name in TERMS:
            return tuple(int(n) for n in re.findall(r"\d+", text))
        if name in FREE:
            return " ".join(text.split())
        return self._number(piece.words, text)

    def find(self, line: str, keys: Iterable[str]) -> list[Found]:
        """The sentences of the given keys in a line, longest first where two overlap; each starts and ends
        where no letter or digit stands next to it (a word is never read from inside another).

        Each line is read once per process (up to FOUND_KEPT lines): every reading tries a few hundred patterns,
        and a document read again after a change of one line (fmt, a writer's loop, a mutation test) has the rest
        unchanged."""
        asked = (line, tuple(keys))
        if asked not in self._found:
            if len(self._found) >= FOUND_KEPT:
                self._found.clear()
            self._found[asked] = self._find(line, asked[1])
        return list(self._found[asked])

    def _find(self, line: str, keys: tuple[str, ...]) -> list[Found]:
        found: list[Found] = []
        for key, prefix, template, pattern in self._readers(keys):
            for match in pattern.finditer(line):
                start, end = match.span()
                if start == end or (start and line[start - 1].isalnum()):
                    continue
                if end < len(line) and line[end].isalnum():
                    continue
                values, problems = self.read_values(template, match.groupdict(), prefix)
                found.append(Found(key, values, start, end, _placed(problems, match), _slot_starts(match, prefix)))
        chosen: list[Found] = []  # in the order they stand, none overlapping: only the neighbours need a look
        for item in sorted(found, key=lambda f: (f.start - f.end, f.start, f.key)):
            at = bisect_left(chosen, item.start, key=lambda f: f.start)
            if (at == 0 or chosen[at - 1].end <= item.start) and (at == len(chosen) or item.end <= chosen[at].start):
                chosen.insert(at, item)
        return chosen

    def _readers(self, keys: tuple[str, ...]) -> list[tuple[str, str, str, re.Pattern[str]]]:
        """(key, group prefix, template, pattern) of every reading of the keys, made once for each set of keys:
        the reader asks for the same keys line after line."""
        if keys not in self._reader_lists:
            self._reader_lists[keys] = [
                (key, _group_prefix(key), template.removeprefix("^"), self.pattern(key, reading))
                for key in keys for reading, template in enumerate(self.readings(key))]
        return self._reader_lists[keys]

    def find_whole(self, line: str, key: str) -> Found | None:
        """The sentence of key where it is the whole line. One try from the line's start: a template that begins
        with a free text (a title) would be tried from every position of the line by find."""
        match = self.pattern(key).fullmatch(line)
        if match is None:
            return None
        values, problems = self.read_values(self.template(key), match.groupdict(), _group_prefix(key))
        return Found(key, values, 0, len(line), _placed(problems, match))


def _placed(problems: list[tuple[str, str]], match: re.Match[str]) -> tuple[tuple[str, int], ...]:
    """Each problem with where its group stands in the line."""
    return tuple((message, match.start(group)) for message, group in problems)


def _slot_starts(match: re.Match[str], prefix: str) -> dict[str, int]:
    """Where each of the match's slots is first written: its value, or the first item of a list."""
    starts: dict[str, int] = {}
    for group, text in match.groupdict().items():
        if text is None or not group.startswith(prefix + "__"):
            continue
        slot = re.sub(r"_[1-9]$", "", group[len(prefix) + 2:].split("__")[0])
        starts[slot] = min(starts.get(slot, match.start(group)), match.start(group))
    return starts


def _folded(word: str) -> str:
    """A word as the reader looks it up, in any case: "İki" is "iki" (the dot of a folded İ dropped)."""
    return " ".join(word.split()).casefold().replace("\u0307", "")


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
                  slots_of: Mapping[str, tuple[str, ...]], readable: Mapping[str, tuple[str, ...]]) -> None:
    """Raise fail(path, message) for the first problem of a pack's book section: a missing or unknown key, a
    slot its template may not use, a unit the pack does not word, a free text with nothing fixed after it,
    or two sentences worded alike (the reader could not tell them apart). A document template (read only)
    may say any of `readable`'s slots of its key, and must say one."""
    if not isinstance(data, dict):
        raise fail(("book",), "expected an object")
    tables = ("sections", "sentences", "phrases", "claims", "formula", "texts", "words", "legend", "board")
    for key in data:
        if key not in (*tables, "document", "solo"):
            raise fail(("book", key), f"unknown key (known: {', '.join(tables)}, document, solo)")
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
    if not isinstance(words, dict) or sorted(set(words) - {"numbers"}) != ["and", "list", "or", "sets", "units"]:
        raise fail(("book", "words"), "expected an object with sets, list, or, and, units (and numbers)")
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
    numbers = words.get("numbers", {})
    if not isinstance(numbers, dict) or not all(
            isinstance(t, dict) and all(isinstance(w, str) and w.strip() and type(n) is int and n >= 0
                                        for w, n in t.items()) for t in numbers.values()):
        raise fail(("book", "words", "numbers"), "expected an object of number words, such as "
                                                 "{\"each\": {\"ikişer\": 2}}")
    seen: dict[str, str] = {}
    for table in ("sentences", "phrases", "claims", "texts"):
        for key, template in data[table].items():
            path = ("book", table, key)
            used = sorted(set(slots(template)))
            if used != sorted(slots_of.get(key, ())):
                want = ", ".join("{" + n + "}" for n in slots_of.get(key, ())) or "no slots"
                raise fail(path, f"takes {want}, not {', '.join('{' + n + '}' for n in used) or 'none'}")
            if ENDING in template or template.startswith("^") or any(
                    p.item is not None or p.words is not None for p in pieces(template)):
                raise fail(path, f"'{ENDING}', '^', {{name_2}} and {{name~words}} are for document templates, "
                                 "which are read and never written")
            _check_pieces(template, path, fail, units, numbers)
            folded = " ".join(SLOT.sub("{}", template).split()).casefold()
            if table != "phrases" and folded in seen:
                raise fail(path, f"worded exactly as {seen[folded]}: a reader could not tell them apart")
            seen[folded] = f"{table}.{key}"
    _check_solo(data, fail, units, numbers, seen)
    document = data.get("document", {})
    if not isinstance(document, dict):
        raise fail(("book", "document"), "expected an object of template lists by key")
    for key, templates in document.items():
        if key not in readable:
            raise fail(("book", "document", key), f"unknown key (known: {', '.join(sorted(readable))})")
        if not isinstance(templates, list) or not all(isinstance(t, str) and t.strip() for t in templates):
            raise fail(("book", "document", key), "expected a list of non-empty strings")
        for index, template in enumerate(templates):
            where = ("book", "document", key, str(index))
            said = set(slots(template))
            if not said or not said <= set(readable[key]):
                allowed = ", ".join("{" + n + "}" for n in readable[key])
                raise fail(where, f"takes some of {allowed}, not {', '.join('{' + n + '}' for n in sorted(said))}")
            for piece in pieces(template):
                if piece.item is not None and piece.name not in OR_LISTS | AND_LISTS | TERMS:
                    raise fail(where, f"{{{piece.name}_{piece.item}}}: only a list's slot has numbered items")
            _check_pieces(template, where, fail, units, numbers)
            folded = " ".join(SLOT.sub("{}", template).split()).casefold()
            if folded in seen:
                raise fail(where, f"worded exactly as {seen[folded]}: a reader could not tell them apart")
            seen[folded] = f"document.{key}"


def _check_solo(data: Mapping[str, Any], fail: Fail, units: Mapping[str, Any], numbers: Mapping[str, Any],
                seen: dict[str, str]) -> None:
    """The optional "solo" table: a sentence's, claim's or formula word's wording for a game without
    partnerships, with the slots of the wording it stands for."""
    solo = data.get("solo", {})
    if not isinstance(solo, dict):
        raise fail(("book", "solo"), "expected an object of templates by key")
    for key, template in solo.items():
        path = ("book", "solo", key)
        table = "formula" if key.startswith(FORMULA_SOLO) else next(
            (t for t in ("sentences", "claims") if key in data[t]), None)
        own = key.removeprefix(FORMULA_SOLO)
        if table is None or own not in data[table]:
            raise fail(path, "unknown key: a key of book.sentences or book.claims, or 'formula.' and a key of "
                             "book.formula")
        if not isinstance(template, str) or not template.strip():
            raise fail(path, "expected a non-empty string")
        if sorted(set(slots(template))) != sorted(set(slots(data[table][own]))):
            raise fail(path, f"takes the slots of book.{table}.{key}")
        _check_pieces(template, path, fail, units, numbers)
        folded = " ".join(SLOT.sub("{}", template).split()).casefold()
        if table != "formula" and seen.get(folded, path) != path:
            raise fail(path, f"worded exactly as {seen[folded]}: a reader could not tell them apart")
        seen[folded] = f"solo.{key}"


def _check_pieces(template: str, path: tuple[str, ...], fail: Fail, units: Mapping[str, Any],
                  numbers: Mapping[str, Any]) -> None:
    parts = pieces(template)
    for index, piece in enumerate(parts):
        slot = piece.name
        if slot is None:
            continue
        if piece.unit is not None and piece.unit not in units:
            raise fail(path, f"{{{slot}@{piece.unit}}}: the word '{piece.unit}' is not in book.words.units")
        if piece.words is not None and piece.words not in numbers:
            raise fail(path, f"{{{slot}~{piece.words}}}: the words '{piece.words}' are not in book.words.numbers")
        if slot in FREE and (index + 1 >= len(parts) or not parts[index + 1].text.strip()):
            raise fail(path, f"{{{slot}}} needs fixed text right after it, where the reader knows it ends")
