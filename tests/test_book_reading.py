"""Books read as a player reads them, over every shipped spec in every pack: no caption said twice in a
section, a heading for doubles that names spinners only where doubles spin, no word of sides or partners in
a game without partnerships, a worked example of a lone double that scores where one can, and no range
whose ends are one number ("4 to 4") or that holds none ("0 to -1")."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from test_book import book_of, compiled

from dominospec.book.markdown import book_markdown
from dominospec.book.scenarios import span
from dominospec.book.writer import Book, Example, Paragraph, write_book
from dominospec.documents.language_pack import language_packs
from dominospec.documents.wording import pieces
from dominospec.engine_api import VariantEngine, as_variant, layout_points
from dominospec.language import ir
from dominospec.language.loader import load
from support import ROOT, SHIPPED

PACKS = language_packs()
LANGUAGES = sorted(code for code, pack in PACKS.items() if pack.book is not None)
SPECS = [*SHIPPED, ROOT / "tests" / "data" / "club_fives.rules"]


def _text(book: Book) -> str:
    return book_markdown(book, "book")[0]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_a_book_reads_as_a_player_reads_it(path: Path, lang: str) -> None:
    spec, engine = compiled(path)
    book = book_of(path, lang)
    wording = PACKS[lang].book
    assert wording is not None
    for section in book.sections:
        said = Counter(block.text for block in section.blocks
                       if isinstance(block, Paragraph | Example) and block.text is not None)
        assert [text for text, n in said.items() if n > 1] == [], section.key
    if not isinstance(spec, ir.Variant):
        return
    doubles = next((s.title for s in book.sections if s.key == "doubles"), None)
    spins = spec.spinners is not ir.Spinners.NONE
    assert doubles in (None, wording.sections["doubles"] if spins else wording.texts["doubles without spinners"])
    text = _text(book)
    if spec.partnerships is ir.PartnershipKind.NONE:
        for key, alone in wording.solo.items():  # what speaks of sides is said of players instead
            if not key.startswith("formula."):
                side = max((p.text for p in pieces(wording.template(key))), key=len)
                assert side in pieces_of(alone) or side not in text, (key, side)
    assert not re.search(r"(?<![\d|])(\d+) to \1(?![\d|])", text), "a range of one number"
    assert not re.search(r"\b0 to -1\b", text)


def pieces_of(template: str) -> str:
    return "".join(p.text for p in pieces(template))


@pytest.mark.parametrize("path", [p for p in SPECS if isinstance(load(p), ir.Variant)], ids=lambda p: p.stem)
def test_a_lone_double_shown_scores_where_a_lone_double_can(path: Path) -> None:
    variant = as_variant(compiled(path)[1])
    assert variant is not None
    scoring = [d for d in range(variant.MAX_PIP + 1) if _lone_scores(variant, (d, d))]
    shown = [b for s in book_of(path, "en").sections for b in s.blocks
             if isinstance(b, Example) and b.picture.name.startswith("lone_double")]
    if scoring and shown:
        assert any(re.search(r"Placement score: [1-9]", " ".join(b.lines)) for b in shown), shown[0].lines


def _lone_scores(engine: VariantEngine, tile: tuple[int, int]) -> bool:
    layout = engine.Layout()
    layout.place(tile)
    try:
        return layout_points(engine, layout)[1] > 0
    except engine.IllegalMove:  # a formula that needs the mover's score: no worked example tells it
        return False


def test_a_range_is_written_as_a_person_writes_it() -> None:
    assert (span(0, 168), span(4, 4), span(0, -1)) == ("0 to 168", "4", "none")


def test_a_game_for_one_count_of_players_says_that_count_alone(tmp_path: Path) -> None:
    path = tmp_path / "four.rules"
    path.write_text((ROOT / "tests" / "data" / "club_fives.rules").read_text(encoding="utf-8")
                    .replace("players: 2 to 4", "players: 4 to 4")
                    .replace("deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles", "deal: 4 players get 5 tiles"),
                    encoding="utf-8")
    spec, engine = compiled(path)
    text = _text(write_book(spec, engine, PACKS["en"]))
    assert "The game is for 4 players." in text and "4 to 4" not in text
