"""Rule books written from specs (`dominospec book`): golden books in Turkish and Finnish that agree
with the user's own documents, every book of every spec in every shipped language verifying clean,
every number of a golden book checked (change it and verify fails at its line), the pictures valid
SVG, and the HTML book drawn by a real headless Chromium.

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_book.py   # rewrite the golden books
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote

import pytest

from dominospec.book.html import book_html
from dominospec.book.markdown import book_markdown
from dominospec.book.writer import Book, Example, Table, write_book
from dominospec.documents.document import LayoutExample, TableRow, parse_document, split_lines
from dominospec.documents.html_lines import html_lines
from dominospec.documents.language_pack import language_packs
from dominospec.engine_api import Engine
from dominospec.language import ir
from dominospec.language.formula import names_used
from dominospec.language.loader import load
from dominospec.targets.engines import load_engine
from dominospec.verifying.verify import Report, verify_document
from support import DOCS, ROOT, SEEDS, SHIPPED, browse, doc_page, near, needs_seeds, read_png, run_cli

UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
GOLDEN = ROOT / "tests" / "golden" / "books"
GOLDEN_BOOKS = [("spec/fives_and_threes.rules", "tr"), ("spec/fives_and_threes.rules", "fi"),
                ("spec/horse_race.rules", "tr")]
MATCH_FORMATS = sorted((ROOT / "examples" / "match_formats").glob("*.rules"))
PACKS = language_packs()
BOOK_LANGUAGES = sorted(code for code, pack in PACKS.items() if pack.book is not None)
ORANGE = (0xE0, 0x7B, 0x1F)


@functools.cache
def compiled(path: Path) -> tuple[ir.Variant | ir.MatchFormat, Engine]:
    from dominospec.engine_api import engine_of
    spec = load(path)
    return spec, engine_of(load_engine(spec, path))


@functools.cache
def book_of(path: Path, lang: str) -> Book:
    spec, engine = compiled(path)
    return write_book(spec, engine, PACKS[lang])


def verified(lines: list[str], path: Path, lang: str, where: str = "book.md",
             numbers: list[int] | None = None) -> Report:
    spec, engine = compiled(path)
    document = parse_document(lines, PACKS[lang], where, PACKS.values(), numbers)
    return verify_document(document, engine, spec=spec)


def checked_lines(lines: list[str], lang: str) -> set[int]:
    """Every line an item of the document stands on: a worked example's three lines, each row, each claim."""
    document = parse_document(lines, PACKS[lang], "book.md", PACKS.values())
    out = set()
    for item in document.examples:
        out.add(item.line)
        if isinstance(item, LayoutExample):
            out.update(line for line in (item.caption_line, item.detail_line) if line is not None)
    return out


def failed_lines(report: Report) -> set[int]:
    return {f.line or o.line for o in report.outcomes for f in o.failures}


def failures(report: Report) -> list[str]:
    return [f"{report.document}:{f.line or o.line}: {f.field}: expected {f.expected}, found {f.found}"
            for o in report.outcomes for f in o.failures]


def golden_name(spec: str, lang: str) -> str:
    return f"{Path(spec).stem}.{lang}.md"


# --- the golden books ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("spec", "lang"), GOLDEN_BOOKS)
def test_the_golden_books_are_what_the_command_writes(spec: str, lang: str, tmp_path: Path) -> None:
    out = tmp_path / golden_name(spec, lang)
    result = run_cli("book", spec, "--lang", lang, "-o", str(out))
    assert result.returncode == 0, result.stderr
    written = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.iterdir()}
    stem = golden_name(spec, lang).removesuffix(".md")
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for old in GOLDEN.glob(f"{stem}.*"):
            old.unlink()
        for name, text in written.items():
            (GOLDEN / name).write_text(text, encoding="utf-8")
    golden = {p.name: p.read_text(encoding="utf-8") for p in GOLDEN.glob(f"{stem}.*")}
    assert sorted(written) == sorted(golden)
    for name in golden:
        assert written[name] == golden[name], f"{name} differs from tests/golden/books/{name}"
    assert sum(name.endswith(".svg") for name in golden) >= 7


def _golden_lines(spec: str, lang: str) -> list[str]:
    return split_lines((GOLDEN / golden_name(spec, lang)).read_text(encoding="utf-8"))


@pytest.mark.parametrize(("spec", "lang"), GOLDEN_BOOKS)
def test_a_golden_book_verifies_clean_with_every_line_that_holds_a_number_checked(spec: str, lang: str) -> None:
    lines = _golden_lines(spec, lang)
    report = verified(lines, ROOT / spec, lang)
    assert not failures(report)
    checked = checked_lines(lines, lang)
    kinds = {o.kind for o in report.outcomes}
    assert {"layout", "table-row", "claim"} <= kinds
    for number, line in enumerate(lines, start=1):
        if re.search(r"\d", _without_pictures(line)):
            assert number in checked, f"line {number} states a number nobody checks: {line}"


def _without_pictures(line: str) -> str:
    return re.sub(r"!\[[^\]]*\]\([^)]*\)", "", line)


@pytest.mark.parametrize(("spec", "lang"), GOLDEN_BOOKS)
def test_every_number_of_a_golden_book_changed_makes_verify_fail_at_its_line(spec: str, lang: str) -> None:
    """One number at a time, each line's each number, one more than it was: verify fails, at that line."""
    lines = _golden_lines(spec, lang)
    changed = 0
    for index, line in enumerate(lines):
        text = _without_pictures(line)
        for match in re.finditer(r"\d+", text):
            if text != line:  # the picture reference's file name holds no numbers: nothing else is skipped
                assert not re.search(r"\d", line[len(text):])
            mutated = text[:match.start()] + str(int(match.group()) + 1) + text[match.end():]
            report = verified([*lines[:index], mutated, *lines[index + 1:]], ROOT / spec, lang)
            failed = failed_lines(report)
            assert index + 1 in failed, f"line {index + 1}: {match.group()} -> {int(match.group()) + 1} " \
                                        f"passes: {mutated}"
            changed += 1
    assert changed > 150


@needs_seeds
@pytest.mark.parametrize(("spec", "lang", "seed"), [("spec/fives_and_threes.rules", "tr", "000"),
                                                    ("spec/fives_and_threes.rules", "fi", "001"),
                                                    ("spec/horse_race.rules", "tr", "002")])
def test_a_golden_book_agrees_with_the_users_document_where_both_cover_the_same_ground(spec: str, lang: str,
                                                                                       seed: str) -> None:
    (path,) = SEEDS.glob(f"{seed}_*.txt")
    document_lines = split_lines(path.read_text(encoding="utf-8"))
    document = parse_document(document_lines, PACKS[lang], str(path))
    book_lines = _golden_lines(spec, lang)
    book = parse_document(book_lines, PACKS[lang], "book.md")
    rows = {(r.table, _key(r)): r.cells for r in book.examples if isinstance(r, TableRow)}
    blocks = {_layout(e, book_lines): e for e in book.examples if isinstance(e, LayoutExample)}
    same_rows = same_blocks = traded = 0
    for item in document.examples:
        if isinstance(item, TableRow) and (item.table, _key(item)) in rows:
            assert rows[(item.table, _key(item))] == item.cells, f"{path.name}:{item.line}"
            same_rows += 1
        elif isinstance(item, LayoutExample) and _layout(item, document_lines) in blocks:
            ours = blocks[_layout(item, document_lines)]
            assert _block_lines(ours, book_lines)[:2] == _block_lines(item, document_lines)[:2], \
                f"{path.name}:{item.line}"
            assert _without_caption(ours) == _without_caption(item), f"{path.name}:{item.line}"
            same_blocks += 1
        elif isinstance(item, LayoutExample) and item.caption is not None and not item.caption.displayed \
                and not item.caption.plain:
            traded += 1  # a layout that scores nothing, which the book trades for one of its rule that scores
    document_rows = [i for i in document.examples if isinstance(i, TableRow)]
    document_blocks = [i for i in document.examples if isinstance(i, LayoutExample)]
    # Every table row of the document is a row of the book, and the book draws most of its layouts.
    assert same_rows == len(document_rows)
    assert traded <= 1 and same_blocks + traded >= min(7, len(document_blocks)), (same_blocks, len(document_blocks))


def _key(row: TableRow) -> int:
    return row.cells["players"] if row.table == "deal" else row.cells["end_total"]


def _layout(example: LayoutExample, lines: list[str]) -> tuple[str, ...]:
    """A block's layout as its tile list says it: what is drawn, whatever the language."""
    return (example.placed or "", *(example.detail.tiles if example.detail else ()),
            *(example.detail.spinners if example.detail else ()))


def _without_caption(example: LayoutExample) -> object:
    """What a block's detail line says beyond its caption: the book leaves the repeated sum and points out."""
    assert example.detail is not None and not example.problems
    return dataclasses.replace(example.detail, statement=None)


def _block_lines(example: LayoutExample, lines: list[str]) -> list[str]:
    start = example.line - 1
    return [line for line in lines[start:start + 6] if line.strip()][:3]


# --- every spec, every language -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", BOOK_LANGUAGES)
@pytest.mark.parametrize("path", [*SHIPPED, *MATCH_FORMATS], ids=lambda p: p.stem)
def test_every_book_of_every_spec_in_every_language_verifies_clean(path: Path, lang: str) -> None:
    book = book_of(path, lang)
    text, pictures = book_markdown(book, "book")
    lines = split_lines(text)
    report = verified(lines, path, lang)
    assert not failures(report), failures(report)[:5]
    spec, _ = compiled(path)
    assert sum(o.kind == "claim" for o in report.outcomes) >= 3
    if isinstance(spec, ir.Variant):  # a worked example's points need the mover's score where the formula uses it
        uses_score = any(n.name == "score" for n in names_used(spec.placement_score))
        assert "table-row" in {o.kind for o in report.outcomes}
        assert uses_score or "layout" in {o.kind for o in report.outcomes}
    for svg in pictures.values():
        ET.fromstring(svg)


@pytest.mark.parametrize(("spec", "lang"), GOLDEN_BOOKS)
def test_the_html_book_verifies_clean_at_the_pages_own_lines(spec: str, lang: str) -> None:
    page = book_html(book_of(ROOT / spec, lang))
    lines = split_lines(page)
    read = html_lines(page)
    report = verified(read.texts, ROOT / spec, lang, "book.html", read.numbers)
    assert not failures(report)
    markdown = verified(_golden_lines(spec, lang), ROOT / spec, lang)
    assert sorted(o.kind for o in report.outcomes) == sorted(o.kind for o in markdown.outcomes)
    for outcome in report.outcomes:  # each checked item stands at a line of the page that states it
        assert lines[outcome.line - 1].startswith(("<p", "<tr", "<h1")) and outcome.line in read.numbers


def test_the_html_book_is_one_page_that_fetches_nothing_with_a_print_style_for_a4() -> None:
    page = book_html(book_of(ROOT / "spec/horse_race.rules", "tr"))
    assert "<script" not in page and "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page and "src=" not in page
    assert "@page { size: A4" in page and "break-before: page" in page
    assert page.count("<svg") >= 7 and page.count("<section") == len(book_of(ROOT / "spec/horse_race.rules",
                                                                             "tr").sections)


def test_chromium_draws_the_html_books_pictures(tmp_path: Path) -> None:
    """A screenshot of the Horse Race book's first spinner picture: dominoes drawn and an orange frame."""
    book = book_of(ROOT / "spec/horse_race.rules", "tr")
    page = book_html(book)
    only = ("<style>body > :not(#doubles), h1, #doubles > :not(.example-block), "
            ".example-block:not(:has([data-picture='spinner'])), p, figcaption { display: none !important }"
            "</style>")
    page = page.replace("</head>", f"{only}</head>", 1)
    shot = tmp_path / "shot.png"
    browse(page, tmp_path, f"--screenshot={shot}", "--window-size=900,700")
    width, _, rows = read_png(shot.read_bytes())
    pixels = [tuple(line[3 * x:3 * x + 3]) for line in rows for x in range(width)]
    dark = sum(sum(p) < 150 for p in pixels)
    orange = sum(near(p, ORANGE) for p in pixels)  # type: ignore[arg-type]
    assert dark > 500, "no pips or outlines drawn"
    assert orange > 50, "no spinner frame drawn"


# --- the command -----------------------------------------------------------------------------------------


def test_a_markdown_book_references_pictures_written_beside_it(tmp_path: Path) -> None:
    out = tmp_path / "house.md"
    result = run_cli("book", "spec/horse_race.rules", "--lang", "tr", "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    referenced = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", text)
    assert referenced and sorted(referenced) == sorted(p.name for p in tmp_path.glob("house.*.svg"))
    for name in referenced:
        ET.parse(tmp_path / name)


def test_a_markdown_books_links_to_its_pictures_hold_any_file_name(tmp_path: Path) -> None:
    out = tmp_path / "club (house) rules [v2].md"
    result = run_cli("book", "spec/fives_and_threes.rules", "-o", str(out))
    assert result.returncode == 0, result.stderr
    links = re.findall(r"!\[[^\]]+\]\(([^)\s]+)\)$", out.read_text(encoding="utf-8"), re.M)
    assert links and all((tmp_path / unquote(link)).is_file() for link in links)


def test_a_book_on_standard_output_is_markdown_without_pictures_and_says_so() -> None:
    result = run_cli("book", "spec/fives_and_threes.rules", "--lang", "fi")
    assert result.returncode == 0
    assert result.stdout.startswith("# ") and "![" not in result.stdout
    assert "-o FILE.md" in result.stderr


def test_an_html_book_is_chosen_by_its_suffix_and_holds_its_pictures(tmp_path: Path) -> None:
    out = tmp_path / "book.html"
    result = run_cli("book", "spec/horse_race.rules", "--lang", "uz", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["book.html"]
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_verify_reads_an_html_book_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "book.html"
    assert run_cli("book", "spec/fives_and_threes.rules", "--lang", "tr", "-o", str(out)).returncode == 0
    result = run_cli("verify", "spec/fives_and_threes.rules", str(out))
    assert result.returncode == 0, result.stdout
    page = out.read_text(encoding="utf-8").replace("<td>15</td><td>8</td>", "<td>15</td><td>9</td>")
    out.write_text(page, encoding="utf-8")
    line = next(n for n, text in enumerate(page.split("\n"), start=1) if "<td>15</td><td>9</td>" in text)
    result = run_cli("verify", "spec/fives_and_threes.rules", str(out))
    assert result.returncode == 1
    assert f"{out}:{line}: FAIL" in result.stdout


def test_a_match_format_gets_a_book_with_its_board(tmp_path: Path) -> None:
    out = tmp_path / "format.md"
    result = run_cli("book", "examples/match_formats/free_play.rules", "-o", str(out))
    assert result.returncode == 0, result.stderr
    board = ET.parse(tmp_path / "format.board.svg").getroot()
    assert board.tag.endswith("svg")
    assert run_cli("verify", "examples/match_formats/free_play.rules", str(out)).returncode == 0


@pytest.mark.parametrize("name", ["mexican_train", "private_trains"])
def test_a_trains_book_draws_the_hub_under_its_rules_and_tables_no_end_total(name: str, tmp_path: Path) -> None:
    """The command writes a trains game's book, which verifies; its pictures are the hub (a train for each seat of the
    smallest table, the public train where there is one) under the sentence of its trains, described by it, and a
    double crosswise in a train under that of its doubles; its ends count nothing, so no end total is tabled or
    claimed, and no layout of the ends added up is drawn."""
    spec = f"examples/family/{name}.rules"
    out = tmp_path / f"{name}.md"
    result = run_cli("book", spec, "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.glob("*.svg")) == [f"{name}.hub.svg", f"{name}.train_double.svg"]
    assert run_cli("verify", spec, str(out)).returncode == 0
    book = book_of(ROOT / spec, "en")
    wording = PACKS["en"].book
    assert wording is not None
    pictures = {block.picture.name: (section.key, block) for section in book.sections for block in section.blocks
                if isinstance(block, Example)}
    trains = "trains.one for each seat" + " and a public train" * (name == "mexican_train")
    doubles = "doubles in trains." + ("satisfied before any other play" if name == "mexican_train" else "ordinary ends")
    for topic, section, key in (("hub", "placing", trains), ("train_double", "doubles", doubles)):
        where, example = pictures[topic]
        assert (where, example.text, example.picture.alt) == (section, None, wording.sentences[key]), topic
        root = ET.fromstring(example.picture.svg)
        ports = [g.get("data-port") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class", "")
                 .startswith("train")]
        assert ports == ["train0", "train1"] + ["public"] * (name == "mexican_train")
    scoring = next((s for s in book.sections if s.key == "scoring"), None)
    blocks = scoring.blocks if scoring is not None else ()
    assert not any(isinstance(block, (Table, Example)) for block in blocks)
    text = out.read_text(encoding="utf-8")
    assert "scores nothing" not in text and wording.texts["no other total"] not in text


@pytest.mark.parametrize(("args", "code", "message"), [
    (["spec/horse_race.rules", "--lang", "xx"], 2, "unknown language 'xx'"),
    (["spec/horse_race.rules", "--lang-pack", "tests/data/de.json", "--lang", "de"], 2, "has no book wording"),
    (["spec/horse_race.rules", "-o", "no/such/folder/book.md"], 2, "there is no folder"),
    (["spec/horse_race.rules", "--format", "pdf"], 2, "invalid choice"),
    (["tests/data/no_such.rules"], 2, "no_such.rules"),
])
def test_a_book_that_cannot_be_written_says_why(args: list[str], code: int, message: str) -> None:
    result = run_cli("book", *args)
    assert result.returncode == code, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_faulty_spec_is_reported_at_its_line(tmp_path: Path) -> None:
    spec = tmp_path / "bad.rules"
    spec.write_text((ROOT / "spec/horse_race.rules").read_text(encoding="utf-8").replace(
        "target: at least 61", "target: at least sixty"), encoding="utf-8")
    result = run_cli("book", str(spec))
    assert result.returncode == 1
    assert re.search(rf"{re.escape(str(spec))}:\d+:\d+", result.stderr), result.stderr


def test_a_hostile_spec_name_reaches_the_html_book_as_text() -> None:
    path = ROOT / "spec/horse_race.rules"
    spec, engine = compiled(path)
    assert isinstance(spec, ir.Variant)
    hostile = dataclasses.replace(spec, name="<script>x</script>", source="</p><img src=x onerror=alert(1)>")
    page = book_html(write_book(hostile, engine, PACKS["en"]))
    assert "<script>x" not in page and "<img" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


def test_the_books_page_shows_a_page_of_the_turkish_book() -> None:
    (picture,) = re.findall(r"!\[[^\]]*Turkish[^\]]*\]\(([^)]+\.png)\)", doc_page("books.md"))
    data = (DOCS / picture).read_bytes()
    width, height, rows = read_png(data)
    assert width >= 600 and height >= 600
    assert sum(sum(line[3 * x:3 * x + 3]) < 150 for line in rows for x in range(0, width, 4)) > 1000


@pytest.mark.parametrize("lang", BOOK_LANGUAGES)
def test_a_packs_book_wording_writes_no_digit_outside_its_slots(lang: str) -> None:
    """A digit in a template's fixed text would be a number no claim binds, so nothing would check it."""
    wording = PACKS[lang].book
    assert wording is not None
    for table in (wording.sentences, wording.phrases, wording.claims, wording.texts, wording.sections):
        for key, template in table.items():
            assert not re.search(r"\d", re.sub(r"\{[^}]*\}", "", template)), f"{lang} {key}: {template}"
