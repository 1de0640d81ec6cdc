"""The lines of an HTML page as the verifier reads them: one text line per source line, so that what
it reports stands at the page's own line numbers.

Tags are dropped and entities decoded; a table's header row and body rows read as Markdown table rows
and its <tbody> line as the rule line under the header; the head, style sheets and pictures (their SVG
is drawn from the same blocks the page states) read as blank lines.
"""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"<[^>]*>")
_CELL = re.compile(r"<t([hd])\b[^>]*>(.*?)</t[hd]>", re.S)


def is_html(text: str) -> bool:
    return text.lstrip()[:15].casefold() == "<!doctype html>"


def html_lines(lines: list[str]) -> list[str]:
    out: list[str] = []
    hidden = True  # until <body>
    columns = 0
    for line in lines:
        stripped = line.strip()
        folded = stripped.casefold()
        if folded.startswith("<body"):
            hidden = False
            out.append("")
            continue
        if hidden or folded.startswith(("<figure", "<svg", "<style", "</body", "</html")):
            out.append("")
            continue
        cells = _CELL.findall(stripped)
        if cells:
            if all(kind == "h" for kind, _ in cells):
                columns = len(cells)
            out.append("| " + " | ".join(_text(cell) for _, cell in cells) + " |")
        elif folded.startswith("<tbody") and columns:
            out.append("|" + "---|" * columns)
        else:
            out.append(_text(stripped))
    return out


def _text(fragment: str) -> str:
    return html.unescape(_TAG.sub("", fragment)).strip()
