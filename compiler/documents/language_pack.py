"""Language packs: one JSON file per language with every label, port name, unit word and plural form
that reading and writing worked-example blocks needs. Loading validates a pack; detection picks the
pack whose labels a document uses.

A pack's templates are the single description of the text: the reader turns them into patterns,
the example writer fills them in. Adding a language is adding a file to compiler/documents/languages/ (or
passing one with --lang-pack), never editing this module.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..language.clauses import MAX_PLAYERS
from ..language.diagnostics import Diagnostic, InputError, UsageError
from ..language.ir import Pos
from ..language.textfile import PACK, parse_json, read_text_file
from . import sentences
from .table_words import check_table
from .wording import SPACE, Wording, check_wording, literal

# Every port an engine names: a tile's halves, a double's line sides and a spinner's branches, a chicken foot's toes,
# and the hub's: each seat's train at the largest table, and the public train.
PORTS = ("low", "high", "lineA", "lineB", "branchA", "branchB", "toeA", "toeB", "toeC",
         *(f"train{seat}" for seat in range(MAX_PLAYERS)), "public")
LISTS = ("tiles", "spinners", "connections", "continuations", "counted")
DETAIL_FIELDS = ("sum", "points", *LISTS)
COLUMNS = ("end_total", "points", "raw", "displayed", "players", "tiles_per_player")
# A match table's columns besides the players' scores; a pack names all three or none.
MATCH_COLUMNS = ("game", "result", "match_score")
NUMBERS = ("points", "raw", "displayed")  # the numbers a unit word may follow

# The placeholders each template needs (all of them) and may use (units are optional).
TEMPLATES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "placed": (("tile",), ()),
    "sum": (("terms", "total"), ()),
    "points": (("points",), ("points_unit",)),
    "raw_points": (("raw", "displayed"), ("raw_unit", "displayed_unit")),
    **{name: (("items",), ()) for name in LISTS},
    "connection": (("tile", "port", "other_tile", "other_port"), ()),
    "continuation": (("tile", "port", "value"), ()),
    "contribution": (("tile", "value"), ()),
}
ITEM_TEMPLATE = {"tiles": None, "spinners": None, "connections": "connection",
                 "continuations": "continuation", "counted": "contribution"}

# Every pattern is read in time linear in the line: white space and digits are possessive (never given
# back), and a placeholder of free text ends at the first place its template's next fixed text stands,
# once and for all (an atomic group), so no line can make the reader try its ways of splitting one by one.
TILE = r"\[\s*+\d++\s*+\|\s*+\d++\s*+\]"  # any pips: the engine says which tiles its set has
# Sums, points and table cells are whole numbers of a bounded size, so every number read converts quickly.
MAX_DIGITS = 9
NUMBER = rf"\d{{1,{MAX_DIGITS}}}(?!\d)"
_PLACEHOLDER_PATTERNS = {
    "tile": TILE, "other_tile": TILE,
    "terms": rf"{NUMBER}(?:\s*+\+\s*+{NUMBER})*+",
    "total": NUMBER, "points": NUMBER, "raw": NUMBER, "displayed": NUMBER, "value": NUMBER,
}
FREE = ("items", "port", "other_port")  # placeholders of free text: each ends where its template's next fixed text is
_PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")


def _words(text: str) -> str:
    """Text compared loosely: runs of white space are one space, case is ignored."""
    return " ".join(text.split()).casefold()


def _pieces(template: str) -> list[tuple[bool, str]]:
    """[(is_placeholder, text)] in order."""
    pieces: list[tuple[bool, str]] = []
    position = 0
    for match in _PLACEHOLDER.finditer(template):
        if match.start() > position:
            pieces.append((False, template[position:match.start()]))
        pieces.append((True, match.group(1)))
        position = match.end()
    if position < len(template):
        pieces.append((False, template[position:]))
    return pieces


@dataclass(frozen=True)
class Condition:
    mod: int | None
    values: frozenset[int]
    negate: bool

    def holds(self, n: int) -> bool:
        value = n % self.mod if self.mod else n
        return (value in self.values) != self.negate


class Pack:
    """A validated language pack, with the patterns that read its text and the helpers that write it."""

    def __init__(self, data: dict[str, Any], source: str):
        self.source = source
        self.code: str = data["language"]
        self.name: str = data["name"]
        self.templates: dict[str, str] = {"placed": data["placed"], **data["templates"]}
        self.caption: tuple[str, ...] = tuple(data["caption"])
        self.detail: tuple[str, ...] = tuple(data["detail"])
        self.separators: dict[str, str] = data["separators"]
        self.none: str = data["none"]
        self.ports: dict[str, str] = data["ports"]
        self.units: dict[str, dict[str, str]] = data["units"]
        self.plural: list[tuple[str, list[Condition]]] = [
            (rule["form"], [Condition(c.get("mod"), frozenset(c.get("in", c.get("not_in", []))), "not_in" in c)
                            for c in rule["when"]])
            for rule in data["plural"]]
        self._port_by_name = {_words(name): port for port, name in self.ports.items()}
        self.column_headers: dict[str, list[str]] = data["columns"]
        self._column_by_name = {_words(name): role for role, names in data["columns"].items() for name in names}
        self._none = _words(self.none)
        # The words a rule book is written in; a pack without them reads documents but writes no book.
        self.book: Wording | None = Wording(data["book"], self.plural_form) if "book" in data else None
        # The words of the table page (documents/table_words.py); a pack without them words no table.
        self.table: dict[str, Any] | None = data.get("table")
        self.placed_re = re.compile(SPACE + self._pattern("placed", "") + SPACE)
        self.caption_re = self._line(self.caption)
        # A detail line after its caption need not repeat the caption's fields; nor need it list spinners when
        # there are none. So a detail line has four forms, the full one first.
        self.after_caption: tuple[str, ...] = tuple(f for f in self.detail if f not in self.caption)
        self.detail_forms = [form for fields in (self.detail, self.after_caption)
                             for form in (fields, tuple(f for f in fields if f != "spinners"))]
        self._detail_res = [self._line(form) for form in self.detail_forms]
        # A line is a block line by its first label alone, so a wrong number after the label is reported, not
        # skipped as prose. A detail line that starts after the caption's fields is one only in a block.
        self._starts = [self._start(fields) for fields in (self.caption, self.detail)]
        self._detail_starts = [self._start(fields) for fields in self.detail_forms]
        self._items = {kind: re.compile(f"{self._item_pattern(kind)}{SPACE}(?:"
                                        f"{literal(self.separators[kind].strip())}{SPACE}|$)") for kind in LISTS}

    def table_words(self) -> dict[str, Any]:
        """The words of the table page; UsageError for a pack without a table section."""
        if self.table is None:
            raise UsageError([Diagnostic(f"the {self.name} pack ({self.code}) has no words for the table page: its "
                                         f"\"table\" section has them (see the shipped packs)", None,
                                         file=self.source)])
        return self.table

    def legend(self) -> tuple[str, str, str]:
        """The words of a layout picture's legend: counted, continuation, spinner; UsageError for a pack
        without book wording, which has no words for pictures."""
        if self.book is None:
            raise UsageError([Diagnostic(f"the {self.name} pack ({self.code}) has no words for pictures: its "
                                         f"\"book\" section has them (see the shipped packs)", None,
                                         file=self.source)])
        words = self.book.legend
        return words["counted"], words["continuation"], words["spinner"]

    # --- reading -------------------------------------------------------------------------------

    def _pattern(self, name: str, prefix: str) -> str:
        out = []
        pieces = iter(_pieces(self.templates[name]))
        for is_placeholder, text in pieces:
            if not is_placeholder:
                out.append(literal(text))
            elif text in FREE:  # validation makes fixed text follow; the free text keeps any white space before it
                _, after = next(pieces)
                out.append(f"(?>(?P<{prefix}{text}>.+?){literal(after.lstrip())})")
            elif text.endswith("_unit"):
                forms = sorted(set(self.units[text[:-5]].values()), key=len, reverse=True)
                out.append(f"(?P<{prefix}{text}>(?>{'|'.join(literal(form) for form in forms)}))")
            else:
                out.append(f"(?P<{prefix}{text}>{_PLACEHOLDER_PATTERNS[text]})")
        return "".join(out)

    def _slot(self, field: str) -> str:
        if field == "points":
            return f"(?:{self._pattern('points', 'points__')}|{self._pattern('raw_points', 'points__')})"
        return self._pattern(field, f"{field}__")

    def _line(self, fields: Iterable[str]) -> re.Pattern[str]:
        return re.compile(SPACE + SPACE.join(self._slot(f) for f in fields) + SPACE)

    def _start(self, fields: tuple[str, ...]) -> re.Pattern[str]:
        labels = ("points", "raw_points") if fields[0] == "points" else fields[:1]
        return re.compile(SPACE + "(?:" + "|".join(literal(self.field_label(label)) for label in labels) + ")")

    def detail_match(self, line: str) -> re.Match[str] | None:
        """The line read as a detail line in any of its forms; None if it is none of them."""
        for pattern in self._detail_res:
            match = pattern.fullmatch(line)
            if match is not None:
                return match
        return None

    def starts_detail_line(self, line: str) -> bool:
        """Does the line begin like a detail line in any of its forms (in a block, after its caption)?"""
        return any(start.match(line) for start in self._detail_starts)

    def _item_pattern(self, kind: str) -> str:
        item = ITEM_TEMPLATE[kind]
        return f"(?P<tile>{TILE})" if item is None else self._pattern(item, "")

    def starts_block_line(self, line: str) -> bool:
        """Does the line begin like a caption or detail line (with the first label of either)?"""
        return any(start.match(line) for start in self._starts)

    def prefix_pattern(self, fields: tuple[str, ...], count: int) -> re.Pattern[str]:
        """The first `count` fields of a line, then anything: to find where an unreadable line goes wrong."""
        return re.compile(SPACE + SPACE.join(self._slot(f) for f in fields[:count]) + SPACE + "(?P<rest>.*)")

    def field_label(self, field: str) -> str:
        """The fixed text a field starts with, for messages: 'Taşlar:'."""
        first = _pieces(self.templates[field])[0]
        return first[1].strip() if not first[0] else "{" + first[1] + "}"

    def read_list(self, kind: str, text: str) -> tuple[list[dict[str, str]], str | None]:
        """The items of a list field, and the first unreadable piece (None when all were read)."""
        if _words(text) == self._none:
            return [], None
        items: list[dict[str, str]] = []
        pattern = self._items[kind]
        position = 0
        text = text.strip()
        while position < len(text):
            match = pattern.match(text, position)
            if match is None or match.end() == position:
                return items, text[position:]
            items.append(match.groupdict())
            position = match.end()
        return items, None

    def port_named(self, name: str) -> str | None:
        return self._port_by_name.get(_words(name))

    def column_header(self, role: str) -> str:
        """The header a book writes for a column: the first of the names the pack gives the role."""
        return self.column_headers[role][0]

    def column_named(self, header: str) -> str | None:
        return self._column_by_name.get(_words(header))

    def plural_form(self, n: int) -> str:
        for form, conditions in self.plural:
            if all(c.holds(n) for c in conditions):
                return form
        return "other"

    def unit(self, number: str, n: int) -> str:
        forms = self.units[number]
        return forms.get(self.plural_form(n), forms["other"])

    # --- writing -------------------------------------------------------------------------------

    def render(self, name: str, **values: Any) -> str:
        out = []
        for is_placeholder, text in _pieces(self.templates[name]):
            if not is_placeholder:
                out.append(text)
            elif text.endswith("_unit"):
                out.append(self.unit(text[:-5], values[text[:-5]]))
            else:
                out.append(str(values[text]))
        return "".join(out)

    def port_name(self, port: str) -> str:
        return self.ports[port]

    def items_text(self, kind: str, items: list[str]) -> str:
        return self.separators[kind].join(items) if items else self.none

    def points_text(self, raw: int | None, displayed: int | None, plain: int | None) -> str:
        """The points sentence in the form the document uses: plain points, or raw and displayed."""
        if plain is not None:
            return self.render("points", points=plain)
        return self.render("raw_points", raw=raw, displayed=displayed)


# --- loading and validating ---------------------------------------------------------------------


def _locate(text: str, path: tuple[str, ...]) -> Pos:
    """Where the last key of path that can be found in the JSON text, in order, stands; 1:1 if none."""
    position, found = 0, 0
    for key in path:
        if key.isdigit():  # a list index: the next key is looked for after the list's name
            continue
        at = text.find(json.dumps(key, ensure_ascii=False), position)
        if at < 0:
            break
        position, found = at, at
    line = text.count("\n", 0, found) + 1
    column = found - (text.rfind("\n", 0, found) + 1) + 1
    return Pos(line, column)


class _Validator:
    def __init__(self, text: str, source: str):
        self.text = text
        self.source = source

    def fail(self, path: tuple[str, ...], message: str) -> InputError:
        where = ".".join(path) if path else "the pack"
        return InputError([Diagnostic(f"{where}: {message}", _locate(self.text, path), file=self.source)], self.text)

    def string(self, value: Any, path: tuple[str, ...]) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(path, "expected a non-empty string")
        return value

    def mapping(self, value: Any, path: tuple[str, ...], keys: Iterable[str], optional: bool = False,
                also: Iterable[str] = ()) -> dict[str, Any]:
        """An object with the given keys (all required unless optional) and, optionally, those of also."""
        if not isinstance(value, dict):
            raise self.fail(path, "expected an object")
        keys = tuple(keys)
        known = keys + tuple(also)
        for key in value:
            if key not in known:
                raise self.fail(path + (key,), f"unknown key (known: {', '.join(known)})")
        if not optional:
            for key in keys:
                if key not in value:
                    raise self.fail(path, f"'{key}' is missing")
        return value

    def strings(self, value: Any, path: tuple[str, ...]) -> list[str]:
        if not isinstance(value, list) or not value:
            raise self.fail(path, "expected a non-empty list of strings")
        return [self.string(v, path) for v in value]


TOP_KEYS = ("language", "name", "placed", "caption", "detail", "templates", "separators", "none", "ports",
            "plural", "units", "columns")


BOOK_KEYS = {"sections": sentences.SECTIONS, "sentences": sentences.SENTENCE_KEYS,
             "phrases": sentences.PHRASE_KEYS, "claims": sentences.CLAIM_KEYS, "formula": sentences.FORMULA_KEYS,
             "texts": sentences.TEXT_KEYS, "legend": ("counted", "continuation", "spinner"),
             "board": ("title", "front", "back", "game hole")}


def validate(data: Any, text: str, source: str) -> Pack:
    v = _Validator(text, source)
    v.mapping(data, (), TOP_KEYS, also=("book", "table"))
    if "book" in data:
        check_wording(data["book"], v.fail, BOOK_KEYS, sentences.SLOTS, sentences.READABLE)
    code = v.string(data["language"], ("language",))
    if not re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]+)*", code):
        raise v.fail(("language",), f"'{code}' is not a language code such as 'en' or 'pt-BR'")
    v.string(data["name"], ("name",))
    templates = dict(v.mapping(data["templates"], ("templates",), [t for t in TEMPLATES if t != "placed"]))
    templates["placed"] = data["placed"]
    v.mapping(data["units"], ("units",), NUMBERS, optional=True)
    for name, template in templates.items():
        path = (name,) if name == "placed" else ("templates", name)
        v.string(template, path)
        required, optional = TEMPLATES[name]
        used = [text for is_placeholder, text in _pieces(template) if is_placeholder]
        for placeholder in used:
            if placeholder not in required + optional:
                raise v.fail(path, f"unknown placeholder {{{placeholder}}} (this template takes "
                                   f"{', '.join('{' + p + '}' for p in required + optional)})")
            if placeholder.endswith("_unit") and placeholder[:-5] not in data["units"]:
                raise v.fail(path, f"{{{placeholder}}} needs units.{placeholder[:-5]}")
        for placeholder in required:
            if used.count(placeholder) != 1:
                raise v.fail(path, f"needs {{{placeholder}}} exactly once")
        pieces = _pieces(template)
        for (is_placeholder, text), (then_placeholder, after) in zip(pieces, [*pieces[1:], (True, "")], strict=True):
            if is_placeholder and text in FREE and (then_placeholder or not after.strip()):
                raise v.fail(path, f"{{{text}}} needs fixed text right after it, such as '.' or ')': it is "
                                   "where the reader knows the free text ends")
        if _pieces(template)[0][0] and name not in ("connection", "continuation", "contribution"):
            raise v.fail(path, "must start with a label, not a placeholder (the label is how lines are found)")
    for name in ("caption", "detail"):
        fields = data[name]
        if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields):
            raise v.fail((name,), f"expected a list of field names from {', '.join(DETAIL_FIELDS)}")
        wanted = ("sum", "points") if name == "caption" else DETAIL_FIELDS
        if sorted(fields) != sorted(wanted):
            raise v.fail((name,), f"must name each of {', '.join(wanted)} once, in the order the line uses")
    separators = v.mapping(data["separators"], ("separators",), LISTS)
    for kind in LISTS:
        if not v.string(separators[kind], ("separators", kind)).strip():
            raise v.fail(("separators", kind), "a separator needs a visible character, such as ',' or ';'")
    v.string(data["none"], ("none",))
    ports = v.mapping(data["ports"], ("ports",), PORTS)
    names = [_words(v.string(ports[p], ("ports", p))) for p in PORTS]
    if len(set(names)) != len(names):
        raise v.fail(("ports",), "two ports have the same name")
    if not isinstance(data["plural"], list):
        raise v.fail(("plural",), "expected a list of rules such as {\"form\": \"one\", \"when\": [{\"in\": [1]}]}")
    forms = {"other"}
    for index, rule in enumerate(data["plural"]):
        path = ("plural", str(index))
        v.mapping(rule, path, ("form", "when"))
        forms.add(v.string(rule["form"], path + ("form",)))
        if not isinstance(rule["when"], list) or not rule["when"]:
            raise v.fail(path + ("when",), "expected a non-empty list of conditions")
        for condition in rule["when"]:
            v.mapping(condition, path + ("when",), ("mod", "in", "not_in"), optional=True)
            if ("in" in condition) == ("not_in" in condition):
                raise v.fail(path + ("when",), "a condition has exactly one of 'in' and 'not_in'")
            values = condition.get("in", condition.get("not_in"))
            # type(), not isinstance(): JSON's true and false are booleans, not the numbers 1 and 0
            if not isinstance(values, list) or not all(type(n) is int and n >= 0 for n in values):
                raise v.fail(path + ("when",), "'in' and 'not_in' take a list of whole numbers")
            if "mod" in condition and not (type(condition["mod"]) is int and condition["mod"] > 0):
                raise v.fail(path + ("when",), "'mod' takes a whole number above 0")
    for number, unit in data["units"].items():
        v.mapping(unit, ("units", number), sorted(forms), optional=True)
        for form, word in unit.items():
            v.string(word, ("units", number, form))
        if "other" not in unit:
            raise v.fail(("units", number), "needs the 'other' form")
    if "table" in data:
        check_table(data["table"], v.fail, forms)
    columns = v.mapping(data["columns"], ("columns",), COLUMNS, also=MATCH_COLUMNS)
    match_roles = [role for role in MATCH_COLUMNS if role in columns]
    if match_roles and len(match_roles) < len(MATCH_COLUMNS):
        missing = next(role for role in MATCH_COLUMNS if role not in columns)
        raise v.fail(("columns", match_roles[0]), f"a match table needs {', '.join(MATCH_COLUMNS)} all named; "
                                                  f"'{missing}' is missing")
    seen: dict[str, str] = {}
    for role in (*COLUMNS, *match_roles):
        for header in v.strings(columns[role], ("columns", role)):
            if _words(header) in seen and seen[_words(header)] != role:
                raise v.fail(("columns", role), f"'{header}' also names the {seen[_words(header)]} column")
            seen[_words(header)] = role
    return Pack(data, source)


def parse_pack(text: str, source: str) -> Pack:
    """A pack from its JSON text; InputError, placed at FILE:LINE:COL, for anything unusable."""
    return validate(parse_json(text, source), text, source)


def load_pack(path: Path) -> Pack:
    """A pack from a file; UsageError when it cannot be read, InputError when it is not a usable pack."""
    return parse_pack(read_text_file(path, PACK), str(path))


def shipped_packs() -> dict[str, Pack]:
    """The packs in compiler/documents/languages/, by language code."""
    return dict(_shipped_packs())


@functools.cache
def _shipped_packs() -> dict[str, Pack]:
    """Read and validated once a process (a pack is not changed once made), with the patterns it compiles."""
    packs = {}
    for entry in sorted(resources.files("dominospec.documents").joinpath("languages").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            pack = parse_pack(entry.read_text(encoding="utf-8"), f"dominospec/languages/{entry.name}")
            packs[pack.code] = pack
    return packs


def language_packs(extra: list[Path] | None = None) -> dict[str, Pack]:
    """The shipped packs plus packs from files (a file's pack replaces a shipped one of the same code)."""
    packs = shipped_packs()
    for path in extra or []:
        pack = load_pack(path)
        packs[pack.code] = pack
    return packs


def choose(packs: dict[str, Pack], lang: str | None) -> Pack | None:
    """The pack for --lang, None without it; UsageError naming the known codes when there is none."""
    return None if lang is None else pack_for(packs, lang)


def pack_for(packs: dict[str, Pack], lang: str) -> Pack:
    """The pack of a language code; UsageError naming the known codes when there is none."""
    if lang not in packs:
        raise UsageError([Diagnostic(f"unknown language '{lang}' (known: {', '.join(sorted(packs))}); "
                                     f"a pack for another language can be given with --lang-pack FILE", None)])
    return packs[lang]


def detect(lines: list[str], packs: dict[str, Pack]) -> Pack | None:
    """The pack whose placed-tile lines, block lines and table headers the document uses most; None if none."""
    best, best_score = None, 0
    for code in sorted(packs):
        pack = packs[code]
        score = 0
        for line in lines:
            if pack.placed_re.fullmatch(line) or pack.starts_block_line(line):
                score += 1
            elif line.lstrip().startswith("|"):
                cells = [c for c in line.strip().strip("|").split("|")]
                score += sum(1 for c in cells if pack.column_named(c))
        if score > best_score:
            best, best_score = pack, score
    return best
