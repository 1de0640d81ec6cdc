"""Reading a rule document (plain text or Markdown) into worked examples and table rows, with lines.

A worked example is a placed-tile line, then a caption line (the sum and the points) and a detail line
(the sum and points again, tiles, spinners, connections, legal continuation points, counted
contributions), blank lines allowed between them. A table is a Markdown pipe table whose headers all
name columns the language pack knows: end total -> points (plain, raw, displayed), or players -> tiles
dealt; or a match table: the game number, one score column per player (headed by the player's name),
an optional result column, and the running match score ("2-1"). Every other line is prose: where the
document's pack words rule books, each sentence of a rule book found in it (a rule, a computed case,
the title or the source) is a claim; a prose line without one is skipped, and counted as skipped.
Whatever cannot be read becomes a failure of the example it belongs to, so nothing wrong in a block
goes unreported.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from ..language.diagnostics import Diagnostic, UsageError
from ..language.textfile import DOCUMENT, read_text_file
from .arithmetic import Calculation, find_calculations
from .html_lines import html_lines, is_html
from .language_pack import LISTS, MATCH_COLUMNS, MAX_DIGITS, NUMBER, Pack, detect
from .markdown_text import unescape
from .prose_numbers import numbers_outside
from .sentences import CLAIM_KEYS, DOCUMENT_KEYS
from .wording import DASHES, Value, Wording


@dataclass(frozen=True)
class Failure:
    """One disagreement: field, what the rules (or the format) expect, what the document says, and the
    line that says it where that is not its item's first line (a worked example's caption or detail)."""
    field: str
    expected: str
    found: str
    line: int | None = None


@dataclass(frozen=True)
class Statement:
    """The sum and the points as one line states them; plain points, or raw and displayed."""
    terms: tuple[int, ...]
    total: int
    plain: int | None
    raw: int | None
    displayed: int | None


@dataclass(frozen=True)
class Connection:
    tile: str
    port: str
    other_tile: str
    other_port: str


@dataclass(frozen=True)
class Continuation:
    tile: str
    port: str
    value: int


@dataclass(frozen=True)
class Contribution:
    tile: str
    value: int


@dataclass(frozen=True)
class Detail:
    statement: Statement | None  # None when the line leaves the sum and points to its caption
    tiles: tuple[str, ...]
    spinners: tuple[str, ...]
    connections: tuple[Connection, ...]
    continuations: tuple[Continuation, ...]
    counted: tuple[Contribution, ...]


@dataclass
class LayoutExample:
    line: int  # the placed-tile line (or the first block line when that is missing)
    placed: str | None
    pack: Pack  # the language the block is written in: a document may hold blocks of several
    caption: Statement | None = None
    detail: Detail | None = None
    problems: list[Failure] = field(default_factory=list)
    kind: str = "layout"
    caption_line: int | None = None  # where the caption and the detail line stand, when the block has them
    detail_line: int | None = None


@dataclass
class TableRow:
    line: int
    table: str  # "scoring" or "deal"
    cells: dict[str, int]
    problems: list[Failure] = field(default_factory=list)
    kind: str = "table-row"


@dataclass(eq=False)
class MatchTable:
    """A match table: its rows are checked in order, each against the match as it stands after the ones before."""
    line: int  # the header line
    players: tuple[str, ...]  # the score columns' headers, in order
    rows: list[MatchRow] = field(default_factory=list)


@dataclass(eq=False)
class MatchRow:
    line: int
    table: MatchTable
    game: int | None = None
    scores: tuple[int, ...] | None = None  # one per player; None when a score cannot be read
    match_score: tuple[int, ...] | None = None  # the running match score, one number per player
    joiner: str = "-"  # what the document writes between the numbers of a match score
    problems: list[Failure] = field(default_factory=list)
    kind: str = "table-row"


@dataclass
class Claim:
    """A sentence of a rule book found in prose: its template's key and the values its slots hold."""
    line: int
    key: str
    values: dict[str, Value]
    pack: Pack
    text: str  # the sentence as the document writes it
    rest: str  # the line from the sentence on (up to READ_ON after it): a free text (a source) may run on
    problems: list[Failure] = field(default_factory=list)
    kind: str = "claim"
    slot_lines: dict[str, int] = field(default_factory=dict)  # a wrapped sentence's: the line each slot is on
    span: tuple[int, int] = (0, 0)  # where a sentence of one line stands in it


@dataclass
class Arithmetic:
    """A calculation written out in prose, in any language: checked as arithmetic."""
    line: int
    calculation: Calculation
    kind: str = "claim"
    key: str = "arithmetic"


Item = LayoutExample | TableRow | MatchRow | Claim | Arithmetic

# Markdown's marks before a line's text: a heading's hashes or a list bullet.
LINE_MARK = re.compile(r"\s*+(?:#{1,6}|[-*+])\s++")


# How far past a sentence a claim keeps the line: a free text that the reader ended early (a source read up to
# "J" of "J. Kelley") is compared with the spec's on. Bounded, so a line of many sentences takes linear memory.
READ_ON = 4096


def book_keys(wording: Wording) -> list[str]:
    """The keys of every sentence a rule book says in its text (its rules, its computed cases and its source), and
    of what documents written by people say beyond them."""
    return [*wording.sentences, *CLAIM_KEYS, "source", *DOCUMENT_KEYS]


def find_claims(line: str, number: int, pack: Pack) -> list[Claim]:
    """The rule book's sentences in one prose line, in the words of pack (none where it words no books). The
    title, which begins with the book's name, is a line of its own: else any prose before it would read as the name."""
    wording = pack.book
    if wording is None:
        return []
    mark = LINE_MARK.match(line)
    unmarked = line[mark.end():] if mark else line
    text = unmarked.strip()
    offset = len(line) - len(unmarked.lstrip())  # where text stands in the line
    title = wording.find_whole(text, "title")
    claims = []
    for found in [title] if title is not None else wording.find(text, book_keys(wording)):
        problems = [Failure("numbers", "one number wherever the sentence repeats it", problem)
                    for problem, _ in found.problems]
        claims.append(Claim(number, found.key, found.values, pack, text[found.start:found.end],
                            text[found.start:found.end + READ_ON], problems,
                            span=(offset + found.start, offset + found.end)))
    return claims


class WrappedClaim(NamedTuple):
    claim: Claim
    spans: dict[int, tuple[int, int]]  # by the place of each of its lines in the paragraph: where it stands in it


def find_wrapped_claims(paragraph: list[tuple[int, str]], pack: Pack) -> list[WrappedClaim]:
    """The rule book's sentences that a wrapped paragraph's line breaks cut, each at the line it starts on, with
    the line of each of its slots and where it stands in each of its lines (the sentences within one line are
    that line's own)."""
    wording = pack.book
    if wording is None or len(paragraph) < 2:
        return []
    starts: list[int] = []  # where each line's text starts in the paragraph's
    texts: list[str] = []
    leads: list[int] = []  # where each line's text starts in the line
    offset = 0
    for _, line in paragraph:
        mark = LINE_MARK.match(line) if not texts else None
        unmarked = line[mark.end():] if mark else line
        text = unmarked.strip()
        starts.append(offset)
        texts.append(text)
        leads.append(len(line) - len(unmarked.lstrip()))
        offset += len(text) + 1
    joined = " ".join(texts)

    def place_of(at: int) -> int:
        return bisect_right(starts, at) - 1

    def line_of(at: int) -> int:
        return paragraph[place_of(at)][0]

    claims = []
    for found in wording.find(joined, book_keys(wording)):
        first, last = place_of(found.start), place_of(found.end - 1)
        if last == first:
            continue
        problems = [Failure("numbers", "one number wherever the sentence repeats it", problem, line_of(at))
                    for problem, at in found.problems]
        claim = Claim(paragraph[first][0], found.key, found.values, pack, joined[found.start:found.end],
                      joined[found.start:found.end + READ_ON], problems,
                      slot_lines={slot: line_of(at) for slot, at in found.starts.items()})
        spans = {place: (leads[place] + max(found.start - starts[place], 0),
                         leads[place] + min(found.end - starts[place], len(texts[place])))
                 for place in range(first, last + 1)}
        claims.append(WrappedClaim(claim, spans))
    return claims


def find_arithmetic(line: str, number: int, claims: list[Claim]) -> list[Arithmetic]:
    """The calculations of a prose line that are not inside one of its book sentences (which check their own)."""
    spans = sorted(claim.span for claim in claims)
    starts = [start for start, _ in spans]
    found = []
    for calculation in find_calculations(line):
        at = bisect_right(starts, calculation.start) - 1  # the last sentence that starts before it
        if at < 0 or spans[at][1] < calculation.end:
            found.append(Arithmetic(number, calculation))
    return found


@dataclass(frozen=True)
class Unchecked:
    """The numbers of a line that nothing the verifier read in it checks: where the first stands (a column
    from 1), each as the line writes it, and the line as read."""
    line: int
    column: int
    numbers: tuple[str, ...]
    text: str


@dataclass
class Document:
    path: str
    pack: Pack
    examples: list[Item]
    read_lines: int
    skipped_lines: int
    unchecked: list[Unchecked] = field(default_factory=list)


def split_lines(text: str) -> list[str]:
    """Lines as editors number them: a newline ends a line; a CR before it is dropped."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def _tile_text(text: str) -> str:
    """A tile as the document writes it, "[ 1 | 4 ]" read as "[1|4]"."""
    return re.sub(r"\s+", "", text)


def _short(text: str, limit: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[:limit - 1] + "…"


class _Reader:
    def __init__(self, lines: list[str], pack: Pack, others: Iterable[Pack], numbers: Sequence[int] | None):
        self.lines = lines
        self.numbers = numbers or range(1, len(lines) + 1)  # the document's line of each line read
        self.document_pack = pack
        self.packs = [pack, *(other for other in others if other.code != pack.code)]
        self.pack = pack  # the language of the block or table being read
        self.read = 0
        self.skipped = 0
        self.examples: list[Item] = []
        # Where blank lines part the paragraphs (Markdown), a paragraph may be wrapped: a sentence may run on.
        self.wrapping = any(not line.strip() for line in lines)
        self.wrapped: dict[int, list[Claim]] = {}  # the wrapped sentences by the index of their first line
        self.wrapped_onto: set[int] = set()  # the indexes of the lines they run onto: read, not skipped
        self.spans: dict[int, list[tuple[int, int]]] = {}  # where the wrapped sentences stand in each line
        self.unchecked: list[Unchecked] = []
        self.paragraph_end = 0  # the index after the last line of the paragraph read for wrapped sentences

    def at(self, index: int) -> int:
        """The document's line number of the line at index."""
        return self.numbers[index]

    def is_block_line(self, index: int) -> bool:
        return self.pack.starts_block_line(self.lines[index])

    def next_text_line(self, index: int) -> int:
        while index < len(self.lines) and not self.lines[index].strip():
            index += 1
        return index

    def run(self) -> None:
        """Each block and table is read in the first language, the document's before the others, that it
        is written in; so a block in a second language is checked, never skipped as prose."""
        index = 0
        while index < len(self.lines):
            line = self.lines[index]
            if not line.strip():
                index += 1
                continue
            start = index
            for pack in self.packs:
                self.pack = pack
                if pack.placed_re.fullmatch(line):
                    index = self.block(index, index + 1)
                elif self.is_block_line(index):
                    index = self.block(None, index)
                elif line.lstrip().startswith("|"):
                    index = self.table(index)
                if index != start:
                    break
            self.pack = self.document_pack
            if index == start and not line.lstrip().startswith("|"):
                if self.wrapping and index >= self.paragraph_end:
                    self.read_paragraph(index)
                found = find_claims(line, self.at(index), self.document_pack)
                arithmetic = find_arithmetic(line, self.at(index), found)
                claims: list[Item] = [*found, *arithmetic, *self.wrapped.pop(index, [])]
                self.examples.extend(claims)
                self.note_unchecked(index, [*(c.span for c in found), *self.spans.pop(index, []),
                                            *((a.calculation.start, a.calculation.end) for a in arithmetic)])
                if claims or index in self.wrapped_onto:
                    self.read += 1
                    index += 1
            if index == start:  # prose without a claim, or a table of no known language: skipped whole
                index = self.table_end(start) if line.lstrip().startswith("|") else start + 1
                self.skipped += index - start
                if line.lstrip().startswith("|"):
                    for skipped in range(start, index):
                        self.note_unchecked(skipped)

    def note_unchecked(self, index: int, read: Iterable[tuple[int, int]] = (), pack: Pack | None = None) -> None:
        """Keep the numbers of the line at index that stand outside the spans read (in the words of pack, the
        document's by default)."""
        line = self.lines[index]
        numbers = numbers_outside(line, pack or self.document_pack, read)
        if numbers:
            self.unchecked.append(Unchecked(self.at(index), numbers[0][0] + 1, tuple(n for _, n in numbers), line))

    def read_paragraph(self, index: int) -> None:
        """Find the wrapped sentences of the paragraph that starts at index: the prose lines up to a blank line,
        a heading, a list item, a table or a block."""
        end = index + 1
        heading = LINE_MARK.match(self.lines[index]) and self.lines[index].lstrip().startswith("#")
        while not heading and end < len(self.lines) and self.continues_paragraph(end):  # a heading is one line
            end += 1
        self.paragraph_end = end
        for claim, spans in find_wrapped_claims([(self.at(i), self.lines[i]) for i in range(index, end)],
                                                self.document_pack):
            first, last = min(spans), max(spans)
            self.wrapped.setdefault(index + first, []).append(claim)
            self.wrapped_onto.update(range(index + first + 1, index + last + 1))
            for place, span in spans.items():
                self.spans.setdefault(index + place, []).append(span)

    def continues_paragraph(self, index: int) -> bool:
        line = self.lines[index]
        return bool(line.strip()) and not line.lstrip().startswith("|") and not LINE_MARK.match(line) and not any(
            pack.placed_re.fullmatch(line) or pack.starts_block_line(line) for pack in self.packs)

    # --- worked examples -----------------------------------------------------------------------

    def block(self, placed_at: int | None, index: int) -> int:
        pack = self.pack
        block_lines: list[int] = []
        index = self.next_text_line(index)
        while len(block_lines) < 2 and index < len(self.lines) and (
                self.is_block_line(index) or (block_lines and pack.starts_detail_line(self.lines[index]))):
            block_lines.append(index)
            index = self.next_text_line(index + 1)
        first = placed_at if placed_at is not None else block_lines[0]
        example = LayoutExample(line=self.at(first), placed=None, pack=pack)
        problems = example.problems
        if placed_at is None:
            problems.append(Failure("placed tile line", f"'{pack.render('placed', tile='[a|b]')}' first",
                                    "no placed-tile line"))
        else:
            match = pack.placed_re.fullmatch(self.lines[placed_at])
            assert match is not None
            example.placed = _tile_text(match["tile"])
        texts = [self.lines[i] for i in block_lines]
        if not texts:
            problems.append(Failure("detail line", "a caption line and a detail line", "none"))
        elif pack.detail_match(texts[0]) or (len(texts) == 1 and not pack.caption_re.fullmatch(texts[0])):
            problems.append(Failure("caption line", "a caption line before the detail line", "none"))
            example.detail_line = self.at(block_lines[0])
            example.detail = self.detail(texts[0], problems)
            block_lines = block_lines[:1]
            index = self.next_text_line(block_lines[0] + 1)
        else:
            example.caption_line = self.at(block_lines[0])
            example.caption = self.caption(texts[0], problems)
            if len(texts) == 1:
                problems.append(Failure("detail line", "a detail line after the caption", "none"))
            else:
                example.detail_line = self.at(block_lines[1])
                example.detail = self.detail(texts[1], problems)
        self.read += len(block_lines) + (placed_at is not None)
        self.examples.append(example)
        return index

    def unreadable(self, line: str, forms: list[tuple[str, ...]], name: str) -> Failure:
        """Where a caption or detail line stops following the pack's template, in the form it follows longest."""
        best: tuple[int, tuple[str, ...], re.Match[str]] | None = None
        for fields in forms:
            for count in range(len(fields), -1, -1):
                match = self.pack.prefix_pattern(fields, count).fullmatch(line)
                if match is not None:
                    break
            assert match is not None  # zero fields always match
            if best is None or count > best[0]:
                best = count, fields, match
        assert best is not None
        count, fields, match = best
        too_long = re.search(rf"\d{{{MAX_DIGITS + 1},}}", match["rest"])
        if too_long is not None:
            return Failure(name, f"numbers of at most {MAX_DIGITS} digits", _short(too_long[0]))
        if count == len(fields):
            return Failure(name, "nothing after the last field", _short(match["rest"]))
        return Failure(name, f"'{self.pack.field_label(fields[count])} …'", _short(match["rest"]) or "end of line")

    def caption(self, line: str, problems: list[Failure]) -> Statement | None:
        match = self.pack.caption_re.fullmatch(line)
        if match is None:
            problems.append(self.unreadable(line, [self.pack.caption], "caption line"))
            return None
        return self.statement_of(match.groupdict(), "caption ", problems)

    def statement_of(self, groups: dict[str, str | None], prefix: str, problems: list[Failure]) -> Statement:
        numbers: dict[str, int | None] = {}
        for number, label in (("points", "points"), ("raw", "raw points"), ("displayed", "displayed points")):
            text = groups.get(f"points__{number}")
            numbers[number] = None if text is None else int(text)
            unit = groups.get(f"points__{number}_unit")
            if text is not None and unit is not None:
                expected = self.pack.unit(number, int(text))
                if " ".join(unit.split()).casefold() != expected.casefold():
                    problems.append(Failure(f"{prefix}{label} unit", expected, " ".join(unit.split())))
        terms = tuple(int(t) for t in re.findall(r"\d+", groups["sum__terms"] or ""))
        return Statement(terms, int(groups["sum__total"] or 0), numbers["points"], numbers["raw"],
                         numbers["displayed"])

    def detail(self, line: str, problems: list[Failure]) -> Detail | None:
        match = self.pack.detail_match(line)
        if match is None:
            problems.append(self.unreadable(line, self.pack.detail_forms, "detail line"))
            return None
        groups = match.groupdict()
        lists: dict[str, list[dict[str, str]]] = {}
        for kind in LISTS:
            items, bad = self.pack.read_list(kind, groups.get(f"{kind}__items") or "")
            if bad is not None:
                problems.append(Failure(kind, f"items like {self.sample(kind)} separated by "
                                              f"'{self.pack.separators[kind].strip()}'", _short(bad)))
            lists[kind] = items
        connections = []
        for item in lists["connections"]:
            ports = [self.port(item[key], "connections", problems) for key in ("port", "other_port")]
            connections.append(Connection(_tile_text(item["tile"]), ports[0], _tile_text(item["other_tile"]), ports[1]))
        continuations = [Continuation(_tile_text(item["tile"]), self.port(item["port"], "continuations", problems),
                                      int(item["value"])) for item in lists["continuations"]]
        return Detail(
            statement=self.statement_of(groups, "", problems) if "sum__total" in groups else None,
            tiles=tuple(_tile_text(item["tile"]) for item in lists["tiles"]),
            spinners=tuple(_tile_text(item["tile"]) for item in lists["spinners"]),
            connections=tuple(connections),
            continuations=tuple(continuations),
            counted=tuple(Contribution(_tile_text(item["tile"]), int(item["value"])) for item in lists["counted"]),
        )

    def sample(self, kind: str) -> str:
        pack = self.pack
        samples = {
            "connections": pack.render("connection", tile="[1|4]", port=pack.port_name("low"), other_tile="[1|1]",
                                       other_port=pack.port_name("lineA")),
            "continuations": pack.render("continuation", tile="[1|1]", port=pack.port_name("lineB"), value=1),
            "counted": pack.render("contribution", tile="[1|1]", value=2),
        }
        return f"'{samples.get(kind, '[1|4]')}'"

    def port(self, name: str, kind: str, problems: list[Failure]) -> str:
        port = self.pack.port_named(name)
        if port is None:
            problems.append(Failure(kind, "a port named " + " or ".join(f"'{n}'" for n in self.pack.ports.values()),
                                    f"'{name.strip()}'"))
            return name.strip()
        return port

    # --- tables --------------------------------------------------------------------------------

    def table_end(self, start: int) -> int:
        index = start
        while index < len(self.lines) and self.lines[index].lstrip().startswith("|"):
            index += 1
        return index

    def table(self, start: int) -> int:
        index = self.table_end(start)
        rows = [_cells(self.lines[i]) for i in range(start, index)]
        roles = [self.pack.column_named(cell) for cell in rows[0]]
        kind = _table_kind([role for role, cell in zip(roles, rows[0], strict=True) if cell])
        if kind is None:
            return start  # not a table of this language
        problems = _header_problems(rows[0], roles, kind)
        ruled = len(rows) > 1 and all(re.fullmatch(r":?-{3,}:?", c) for c in rows[1])
        if not ruled:
            problems.append(Failure("rule line", f"'|{'---|' * len(rows[0])}' under the header",
                                    f"'{_short(self.lines[start + 1])}'" if len(rows) > 1 else "none"))
        if problems:  # the table cannot be read as the rule it states: refused at its header, its rows unread
            header: Item = TableRow(line=self.at(start), table=kind, cells={}, problems=problems)
            if kind == "match":
                players = tuple(cell for role, cell in zip(roles, rows[0], strict=True) if role is None and cell)
                header = MatchRow(line=self.at(start), table=MatchTable(self.at(start), players), problems=problems)
                header.table.rows.append(header)
            self.examples.append(header)
            self.read += 1 + ruled
            return start + 1 + ruled
        self.read += index - start
        if kind == "match":
            self.match_table(start, rows, roles)
            return index
        key = "players" if kind == "deal" else "end_total"
        seen: dict[int, TableRow] = {}  # a row's player count or end total -> the row that gives it first
        for offset, cells in enumerate(rows[2:], start=start + 2):
            row = TableRow(line=self.at(offset), table=kind, cells={})
            for role, cell in _row_cells(roles, cells, row.problems):
                assert role is not None
                number = _whole(cell, role.replace("_", " "), row.problems)
                if number is not None:
                    row.cells[role] = number
            value = row.cells.get(key)
            if value is not None and value in seen:  # two rows for one count: which is the rule? both fail
                for one, other in ((seen[value], row), (row, seen[value])):
                    one.problems.append(Failure(key.replace("_", " "), f"each once, not also at line {other.line}",
                                                str(value)))
            elif value is not None:
                seen[value] = row
            self.examples.append(row)
        return index

    def match_table(self, start: int, rows: list[list[str]], roles: list[str | None]) -> None:
        players = tuple(cell for role, cell in zip(roles, rows[0], strict=True) if role is None)
        table = MatchTable(line=self.at(start), players=players)
        for offset, cells in enumerate(rows[2:], start=start + 2):
            row = MatchRow(line=self.at(offset), table=table)
            scores: list[int | None] = []
            for role, cell in _row_cells(roles, cells, row.problems):
                if role is None:
                    scores.append(_whole(cell, "scores", row.problems))
                elif role == "game":
                    row.game = _whole(cell, "game", row.problems)
                elif role == "match_score":
                    _read_match_score(cell, row, len(table.players))
            if len(scores) == len(table.players) and None not in scores:
                row.scores = tuple(s for s in scores if s is not None)
            table.rows.append(row)
            self.examples.append(row)
            # The result column is not checked: the numbers it holds are reported as such.
            spans = _cell_spans(self.lines[offset])
            read = [span for role, span in zip(roles, spans, strict=False) if role != "result"]
            self.note_unchecked(offset, read, self.pack)


_PIPE = re.compile(r"(?<!\\)\|")  # a pipe that parts two cells


def _cell_spans(line: str) -> list[tuple[int, int]]:
    """Where each cell of a table line stands in it, between its pipes; a pipe escaped (`\\|`) is text in its
    cell."""
    start, end = len(line) - len(line.lstrip()), len(line.rstrip())
    start += line.startswith("|", start)
    end -= end > start and line.endswith("|", 0, end) and not line.endswith("\\|", 0, end)
    pipes = [pipe.start() for pipe in _PIPE.finditer(line, start, end)]
    return list(zip([start, *(pipe + 1 for pipe in pipes)], [*pipes, end], strict=True))


def _cells(line: str) -> list[str]:
    """A table line's cells, each stripped, an escaped pipe in it read as a pipe."""
    return [line[start:end].strip().replace("\\|", "|") for start, end in _cell_spans(line)]


def _header_problems(header: list[str], roles: list[str | None], kind: str) -> list[Failure]:
    """What keeps a table of a known kind from being read: a column without a header, or one headed twice
    (a known column, or in a match table a player's name), so that no one can tell which cell says the rule."""
    problems = []
    empty = [number for number, cell in enumerate(header, start=1) if not cell]
    if empty:
        problems.append(Failure("columns", "a header over every column",
                                f"none over column {_and(list(map(str, empty)))}"))
    columns: dict[str, list[int]] = {}
    for number, (role, cell) in enumerate(zip(roles, header, strict=True), start=1):
        if cell:
            columns.setdefault(role or " ".join(cell.casefold().split()), []).append(number)
    for numbers in columns.values():
        if len(numbers) > 1:
            what = "each player's column once" if roles[numbers[0] - 1] is None else "each column once"
            problems.append(Failure("columns", what, f"'{_short(header[numbers[0] - 1])}' over columns "
                                                     f"{_and(list(map(str, numbers)))}"))
    return problems


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _row_cells(roles: list[str | None], cells: list[str], problems: list[Failure]) -> list[tuple[str | None, str]]:
    """Each cell with its column's role; a row with another number of cells than the header is a problem."""
    if len(cells) != len(roles):
        problems.append(Failure("row", f"{len(roles)} cells", f"{len(cells)} cells"))
    return list(zip(roles, cells, strict=False))


def _whole(cell: str, field: str, problems: list[Failure]) -> int | None:
    if re.fullmatch(NUMBER, cell):
        return int(cell)
    problems.append(Failure(field, f"a whole number of at most {MAX_DIGITS} digits", f"'{_short(cell)}'"))
    return None


def _read_match_score(cell: str, row: MatchRow, players: int) -> None:
    """The running match score: a number per player, joined by a dash or a colon ("2-1", "2 – 1", "2:1")."""
    numbers = [number.strip() for number in re.split(f"[{DASHES}:]", cell)]
    if len(numbers) != players or not all(re.fullmatch(NUMBER, n) for n in numbers):
        row.problems.append(Failure("match score", f"a number for each of the {players} players, such as "
                                                   f"{'-'.join(['0'] * players)}", f"'{_short(cell)}'"))
        return
    row.match_score = tuple(int(n) for n in numbers)
    row.joiner = next(ch for ch in cell if ch in DASHES or ch == ":")


def _table_kind(roles: list[str | None]) -> str | None:
    """The kind of table the headers' columns make, whether or not a column is given twice."""
    present = {role for role in roles if role is not None}
    if None in roles:  # unknown headers are players' names, in a match table
        match = {"game", "match_score"} <= present <= set(MATCH_COLUMNS) and roles.count(None) >= 2
        return "match" if match else None
    if present == {"players", "tiles_per_player"}:
        return "deal"
    if "end_total" in present and len(present) > 1 and present <= {"end_total", "points", "raw", "displayed"}:
        return "scoring"
    return None


def parse_document(lines: list[str], pack: Pack, path: str, others: Iterable[Pack] = (),
                   numbers: Sequence[int] | None = None) -> Document:
    """The document in the language of pack; blocks and tables in the languages of others are read too.
    numbers: the document's line of each line, where they are not its lines in order (an HTML page's)."""
    reader = _Reader(lines, pack, others, numbers)
    reader.run()
    return Document(path, pack, reader.examples, reader.read, reader.skipped, reader.unchecked)


def _book_language(lines: list[str], packs: dict[str, Pack]) -> Pack | None:
    """For a document of prose alone: the pack whose rule book sentences it holds most of; None if none."""
    counts = {code: sum(len(find_claims(line, 0, packs[code])) for line in lines) for code in sorted(packs)}
    best = max(counts, key=lambda code: counts[code], default=None)
    return packs[best] if best is not None and counts[best] else None


def load_document(path: Path, packs: dict[str, Pack], pack: Pack | None = None) -> Document:
    """Read a document in the given language, or the one detected from its text among packs; UsageError
    when it cannot be read or its language cannot be told, InputError when it is not UTF-8 text."""
    text = read_text_file(path, DOCUMENT)
    numbers: Sequence[int] | None = None
    if is_html(text) or path.suffix.casefold() in (".html", ".htm"):
        lines, numbers = html_lines(text)
    else:
        lines = [unescape(line) for line in split_lines(text)]
    if pack is None:
        pack = detect(lines, packs) or _book_language(lines, packs)
        if pack is None:
            raise UsageError([Diagnostic(f"cannot tell the language: no worked example or table of a known "
                                         f"language ({', '.join(sorted(packs))}); give it with --lang", None,
                                         file=str(path))])
    return parse_document(lines, pack, str(path), packs.values(), numbers)
