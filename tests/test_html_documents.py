"""An HTML page is read whatever its line breaks: the same page with its tags run together on one line, or
broken over many, gives the same items with the same verdicts, each at the page line that states it."""

from __future__ import annotations

import functools
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.book.html import book_html
from dominospec.book.writer import write_book
from dominospec.documents.document import parse_document
from dominospec.documents.html_lines import html_lines
from dominospec.documents.language_pack import shipped_packs
from dominospec.engine_api import engine_of
from dominospec.language.loader import load
from dominospec.targets.engines import load_engine
from dominospec.verifying.verify import Report, verify_document
from support import ROOT

SPEC = ROOT / "spec" / "fives_and_threes.rules"
PACKS = shipped_packs()
TAG_GAP = re.compile(r">\s*<")  # where a page may break its lines, or not, between two tags


@functools.cache
def page() -> str:
    spec = load(SPEC)
    return book_html(write_book(spec, engine_of(load_engine(spec, SPEC)), PACKS["en"]))


def verified(text: str) -> Report:
    spec = load(SPEC)
    read = html_lines(text)
    document = parse_document(read.texts, PACKS["en"], "book.html", PACKS.values(), read.numbers)
    return verify_document(document, engine_of(load_engine(spec, SPEC)), spec=spec)


def verdicts(report: Report) -> list[tuple[str, bool, str | None]]:
    return [(o.kind, o.passed, o.text) for o in report.outcomes]


def test_a_page_on_one_line_is_read_as_the_page_a_tag_per_line() -> None:
    written = verified(page())
    minified = verified(page().replace("\n", ""))
    assert verdicts(minified) == verdicts(written) and len(written.outcomes) > 40
    assert {o.line for o in minified.outcomes} == {1}
    assert (minified.read_lines, minified.skipped_lines) == (written.read_lines, written.skipped_lines)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.data())
def test_any_line_breaks_between_tags_give_the_same_items_at_the_lines_that_state_them(data: st.DataObject) -> None:
    gaps = TAG_GAP.findall(page())
    breaks = data.draw(st.lists(st.sampled_from(["><", ">\n<", ">\n\n  <"]), min_size=len(gaps), max_size=len(gaps)))
    pieces = TAG_GAP.split(page())
    text = pieces[0] + "".join(gap + piece for gap, piece in zip(breaks, pieces[1:], strict=True))
    report = verified(text)
    assert verdicts(report) == verdicts(verified(page()))
    lines = text.split("\n")
    for outcome in report.outcomes:  # a row at the line of its <tr>, an example at its placed tile, a claim at its own
        line = lines[outcome.line - 1]
        said = {"table-row": "<tr>", "layout": "Placed ["}.get(outcome.kind) or (outcome.text or "").split()[0]
        assert said in line, (outcome, line)


def test_a_wrong_cell_of_a_minified_page_fails_at_its_line() -> None:
    minified = page().replace("\n", "")
    cell = re.search(r"<td>(\d+)</td></tr>", minified)
    assert cell is not None
    wrong = minified[:cell.start(1)] + str(int(cell[1]) + 1) + minified[cell.end(1):]
    failed = [o for o in verified(wrong).outcomes if not o.passed]
    assert [(o.line, o.kind) for o in failed] == [(1, "table-row")]


def test_the_text_lines_of_a_page_and_the_page_lines_they_stand_on() -> None:
    page = "\n".join([
        "<!DOCTYPE html><html><head><title>61</title>",  # 1: the head is not read
        "<style>p { width: 62px }</style><script>let n = 63;</script></head><body>",  # 2
        "<h1>Rules &amp; scores</h1><p>A paragraph",  # 3
        "  over <b>two</b>",  # 4
        "lines.</p><ul><li>one item</li><li>another<br>broken</li></ul><!-- 64 -->",  # 5
        "<table><tr><th>End total</th>",  # 6
        "<th>Points</th></tr>",  # 7
        "<tr><td><p>10</p></td><td>2 |</td></tr></table>",  # 8
        "<figure><svg><text>65</text></svg><figcaption>66</figcaption></figure><pre>Placed [4|4]",  # 9
        "Counted contributions: 2 + 8 = 10.</pre></body></html>",  # 10
    ])
    read = html_lines(page)
    assert [(n, t) for n, t in zip(read.numbers, read.texts, strict=True) if t] == [
        (3, "Rules & scores"), (3, "A paragraph"), (4, "over two"), (5, "lines."), (5, "one item"), (5, "another"),
        (5, "broken"), (6, "| End total | Points |"), (6, "|---|---|"), (8, "| 10 | 2 \\| |"), (9, "Placed [4|4]"),
        (10, "Counted contributions: 2 + 8 = 10.")]
    # blocks are set apart by blank lines, the lines of one block and the rows of a table are not
    assert "\n".join(read.texts).count("A paragraph\nover two\nlines.\n\none item\n\nanother\nbroken\n\n| End") == 1
