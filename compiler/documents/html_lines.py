"""The lines of an HTML page as the verifier reads them, each with the line of the page it stands on, so
that what it reports stands at the page's own line numbers whatever the page's line breaks.

The page is parsed, not read a line at a time: a page whose tags share one line (a minified page) reads
as the same text lines as one written a tag per line. Each block (a paragraph, a heading, a list item,
a div) is a paragraph of its own, set apart by a blank line as in Markdown; within a block, a line
break of the page or a <br> starts a new text line. A table reads as a Markdown table: a row per line
(at the line of its <tr>), a rule line under the first row, a pipe inside a cell escaped (`\\|`). The
head, scripts, style sheets and pictures (figures and SVG, drawn from the same blocks the page states)
are not read. Entities are decoded.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import NamedTuple

_HTML = re.compile(r"\s*(?:<!doctype\s+html\b|<html\b)", re.I)
# Not read: what a browser does not show as text, and the pictures.
_HIDDEN = frozenset({"head", "title", "style", "script", "template", "noscript", "svg", "figure", "math"})
_BLOCKS = frozenset({"address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "dialog",
                     "div", "dl", "dt", "fieldset", "figcaption", "footer", "form", "h1", "h2", "h3", "h4", "h5",
                     "h6", "header", "hgroup", "hr", "html", "li", "main", "nav", "ol", "p", "pre", "section",
                     "summary", "table", "ul"})
_CELLS = frozenset({"td", "th"})


class PageLines(NamedTuple):
    texts: list[str]
    numbers: list[int]  # the page's line of each text line, from 1


def is_html(text: str) -> bool:
    return _HTML.match(text) is not None


def html_lines(page: str) -> PageLines:
    reader = _Page()
    reader.feed(page)
    reader.close()
    return PageLines(reader.texts, reader.numbers)


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.numbers: list[int] = []
        self.hiding: list[str] = []  # the hidden elements the parser is inside, innermost last
        self.line: list[str] = []  # the text line being gathered, and the page line its first word stands on
        self.line_at = 1
        self.started = False
        self.row: list[str] | None = None  # a table row being gathered, its cells, and its line
        self.row_at = 1
        self.cell: list[str] | None = None
        self.rows = 0  # the rows of the table being read

    def emit(self, text: str, at: int) -> None:
        self.texts.append(text)
        self.numbers.append(at)

    def end_line(self) -> None:
        text = "".join(self.line).strip()
        if text:
            self.emit(text, self.line_at)
        self.line, self.started = [], False

    def end_paragraph(self) -> None:
        self.end_line()
        if self.texts and self.texts[-1]:
            self.emit("", self.getpos()[0])

    def end_cell(self) -> None:
        if self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).split()).replace("|", "\\|"))
        self.cell = None

    def end_row(self) -> None:
        self.end_cell()
        if self.row:
            self.emit("| " + " | ".join(self.row) + " |", self.row_at)
            self.rows += 1
            if self.rows == 1:  # the first row heads the table
                self.emit("|" + "---|" * len(self.row), self.row_at)
        self.row = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "body":
            self.hiding.clear()  # a head left open ends where the body begins
        if self.hiding:
            if tag == self.hiding[-1]:
                self.hiding.append(tag)
            return
        if tag in _HIDDEN:
            self.end_paragraph()
            self.hiding.append(tag)
        elif tag == "tr":
            self.end_row()
            self.end_line()
            self.row, self.row_at = [], self.getpos()[0]
        elif tag in _CELLS:
            self.end_cell()
            if self.row is None:
                self.row, self.row_at = [], self.getpos()[0]
            self.cell = []
        elif self.cell is not None and (tag == "br" or tag in _BLOCKS):  # a cell's paragraphs are one cell
            self.cell.append(" ")
        elif tag == "br":
            self.end_line()
        elif tag in _BLOCKS:
            if tag == "table":
                self.rows = 0
            self.end_paragraph()

    def handle_endtag(self, tag: str) -> None:
        if self.hiding:
            if tag == self.hiding[-1]:
                self.hiding.pop()
            return
        if tag in _CELLS:
            self.end_cell()
        elif self.cell is not None and tag in _BLOCKS and tag != "table":
            self.cell.append(" ")
        elif tag == "tr":
            self.end_row()
        elif tag in _BLOCKS:
            if tag == "table":
                self.end_row()
            self.end_paragraph()

    def handle_data(self, data: str) -> None:
        if self.hiding:
            return
        if self.cell is not None:
            self.cell.append(data)
            return
        at = self.getpos()[0]
        for offset, piece in enumerate(data.split("\n")):
            if offset:
                self.end_line()
            if piece.strip() and not self.started:
                self.line_at, self.started = at + offset, True
            self.line.append(piece)

    def close(self) -> None:
        super().close()
        self.end_row()
        self.end_line()
