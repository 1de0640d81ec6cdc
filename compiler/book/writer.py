"""A rule book: the whole document of a spec, in a language pack's words, as sections of blocks.

Everything a book states comes from one of three places, so that the verifier can check it all: the
spec's rule sentences (sentences.py), the engine's tables, worked examples and computed cases
(layouts.py, scenarios.py), and the pack's fixed texts, which hold no numbers. The renderers
(markdown.py, html.py) only lay the blocks out.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ..documents.example_writer import example_block
from ..documents.language_pack import Pack
from ..documents.sentences import SECTIONS, Sentence, rule_sentences, wording_for
from ..documents.wording import Value, Wording
from ..engine_api import Engine, EngineLayout, VariantEngine, as_variant, match_rules
from ..language import ir
from ..language.diagnostics import InputError
from ..simulation.python_units import SimulatedEngine
from .layouts import TRAIN_TOPICS, has_trains, worked_layouts
from .pictures import Legend, board_lines, board_picture, board_words, layout_picture, train_words
from .placements import placement_table
from .scenarios import double_end_value, scenario_claims


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Picture:
    name: str  # a file name's last part, without digits: "double_end", "scoring-b"
    svg: str
    alt: str


@dataclass(frozen=True)
class Example:
    """A worked example: its caption (the first of its topic only: the others follow under it), its picture,
    then the verifier's block (placed-tile, caption and detail lines)."""

    text: str | None
    picture: Picture
    lines: tuple[str, ...]


Block = Paragraph | Table | Example | Picture


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Book:
    title: str
    language: str
    sections: tuple[Section, ...]


class BookError(Exception):
    """A book cannot be written in this language: the pack has no book wording."""


def wording_of(pack: Pack) -> Wording:
    if pack.book is None:
        raise BookError(f"the {pack.name} pack ({pack.code}) has no book wording: add a \"book\" section to it "
                        f"(see the shipped packs)")
    return pack.book


def write_book(spec: ir.Variant | ir.MatchFormat, engine: Engine, pack: Pack) -> Book:
    """The rule book of a variant or of a match format in the pack's language."""
    wording = wording_for(spec, wording_of(pack))
    blocks: dict[str, list[Block]] = {key: [] for key in SECTIONS}
    sentences: dict[str, list[Sentence]] = {}
    for sentence in rule_sentences(spec, wording):
        sentences.setdefault(sentence.section, []).append(sentence)
    claims: dict[str, list[tuple[str, dict[str, Value]]]] = {}
    for section, key, values in scenario_claims(engine, spec):
        claims.setdefault(section, []).append((key, values))

    def say(section: str) -> None:
        """The section's rule sentences as one paragraph, then its computed cases as another."""
        said = [wording.write(s.key, dict(s.values)) for s in sentences.get(section, [])]
        if said:
            blocks[section].append(Paragraph(" ".join(said)))
        cases = [wording.write(key, values) for key, values in claims.get(section, [])]
        if cases:
            blocks[section].append(Paragraph(" ".join(cases)))

    for section in SECTIONS:
        say(section)
    variant = as_variant(engine)
    if variant is not None:
        blocks["deal"].append(Paragraph(wording.texts["deal table"]))
        blocks["deal"].append(_deal_table(variant, pack))
        assert isinstance(spec, ir.Variant)  # a variant's engine is generated from a variant
        if not has_trains(variant):  # a trains game's ends count nothing: it has no end totals to table
            blocks["scoring"].extend(_scoring_table(variant, spec, pack, wording))
        told = [s for said in sentences.values() for s in said]
        for section, example in _examples(variant, pack, wording, told):
            blocks[section].append(example)
    if isinstance(spec, ir.MatchFormat) or spec.match is not None:
        blocks["match"].append(_board(engine, spec, wording, claims.get("match", [])))
    if spec.source is not None:  # the source closes the book, in its last section
        last = next(key for key in reversed(SECTIONS) if blocks[key])
        blocks[last].append(Paragraph(wording.write("source", {"source": spec.source})))
    sections = tuple(Section(key, _title(key, spec, wording), tuple(blocks[key])) for key in SECTIONS if blocks[key])
    return Book(wording.write("title", {"name": spec.name}), pack.code, sections)


def _title(section: str, spec: ir.Variant | ir.MatchFormat, wording: Wording) -> str:
    """A section's heading; that of doubles names spinners only where doubles spin."""
    if section == "doubles" and isinstance(spec, ir.Variant) and spec.spinners is ir.Spinners.NONE:
        return wording.texts["doubles without spinners"]
    return wording.sections[section]


def _deal_table(engine: VariantEngine, pack: Pack) -> Table:
    header = (pack.column_header("players"), pack.column_header("tiles_per_player"))
    return Table(header, tuple((str(players), str(tiles)) for players, tiles in sorted(engine.DEAL.items())))


def _scoring_table(engine: VariantEngine, spec: ir.Variant, pack: Pack, wording: Wording) -> list[Block]:
    """Every end total that scores, of an ordinary placement where the points depend on more than the total
    (placements.py); a note saying why not where no total can be tabled."""
    table = placement_table(engine, spec)
    if not table.by_total:
        return [Paragraph(wording.texts["not tabulated"])]
    # Raw and displayed points where they differ, as the documents give them; else the points alone.
    roles = ("end_total", "raw", "displayed") if engine.RAW_PER_DISPLAYED != 1 else ("end_total", "points")
    rows = []
    for total in reachable_totals(engine):
        if total not in table.by_total:
            continue
        raw, displayed = table.by_total[total]
        cells = {"end_total": total, "raw": raw, "displayed": displayed, "points": displayed}
        if raw:
            rows.append(tuple(str(cells[role]) for role in roles))
    header = tuple(pack.column_header(role) for role in roles)
    if not rows:
        return [Paragraph(wording.texts["no ordinary total" if table.ordinary else "no other total"])]
    intro = wording.texts["ordinary table" if table.ordinary else "scoring table"]
    return [Paragraph(intro), Table(header, tuple(rows)), Paragraph(wording.texts["no other total"])]


@functools.lru_cache(maxsize=32)  # a document's every scoring row asks, of the same few engines
def reachable_totals(engine: VariantEngine) -> tuple[int, ...]:
    """The end totals a layout can show, every one of them (and, with spinners, some it cannot: a book's
    table may hold a row no game reaches, never lack one a game does).

    A lone tile shows what the engine counts for it led alone. Otherwise each counted end is a different
    tile: a double by the value the engine counts for it at an end, any other tile by either half. A line
    has two ends; each spinner adds two, and with every double spinning there may be one per double.
    """
    doubles = engine.MAX_PIP + 1
    most_ends = {"none": 2, "first double": 4}.get(engine.SPINNER_POLICY, 2 + 2 * doubles)
    totals = set()
    reach = [1] + [0] * most_ends  # reach[k]: a bit for every sum k ends of different tiles can make
    for low in range(engine.MAX_PIP + 1):
        for high in range(low, engine.MAX_PIP + 1):
            alone = engine.Layout()
            alone.place((low, high))
            totals.add(sum(value for _, _, value in alone.counted_ends()))
            at_end = double_end_value(engine, (low, low)) if low == high else None
            values = ({at_end} if at_end is not None else set()) if low == high else {low, high}
            for k in range(most_ends - 1, -1, -1):
                for value in values:
                    reach[k + 1] |= reach[k] << value
    for k in range(2, most_ends + 1):
        totals.update(total for total in range(reach[k].bit_length()) if reach[k] >> total & 1)
    return tuple(sorted(totals))


_EXAMPLE_SECTIONS = {"double_end": "doubles", "double_covered": "doubles", "lone_double": "doubles",
                     "spinner": "doubles", "branches": "doubles", "unopened_branch": "doubles",
                     "scoring": "scoring", "matching": "placing", "wild": "placing", "hub": "placing",
                     "train_double": "doubles"}
# A trains game's layouts illustrate the rule sentence of this clause, which stands just before them: they say
# nothing of their own, and the sentence is the picture's description.
_TRAIN_CLAUSES = {"hub": "trains", "train_double": "doubles in trains"}


def _examples(engine: VariantEngine, pack: Pack, wording: Wording,
              told: Sequence[Sentence] = ()) -> list[tuple[str, Example]]:
    """Each worked layout as an example, with the section it goes in."""
    legend = Legend(wording.legend["counted"], wording.legend["continuation"], wording.legend["spinner"],
                    **train_words(pack))
    out = []
    seen: dict[str, int] = {}
    for worked in worked_layouts(engine):
        seen[worked.topic] = seen.get(worked.topic, 0) + 1
        name = worked.topic if seen[worked.topic] == 1 else f"{worked.topic}-{_letter(seen[worked.topic])}"
        lines = _block(engine, worked.layout, pack)
        if lines is None:
            continue
        section = _EXAMPLE_SECTIONS[worked.topic]
        if worked.topic in TRAIN_TOPICS:
            said = next((s for s in told if _TRAIN_CLAUSES[worked.topic] in s.clauses), None)
            section = said.section if said is not None else section
            alt = wording.write(said.key, dict(said.values)) if said is not None else wording.sections[section]
            picture = Picture(name, layout_picture(engine, worked.layout, legend), alt)
            out.append((section, Example(None, picture, tuple(lines))))
            continue
        text = wording.texts[worked.topic]
        picture = Picture(name, layout_picture(engine, worked.layout, legend), text)
        out.append((section, Example(text if seen[worked.topic] == 1 else None, picture, tuple(lines))))
    return out


def _block(engine: VariantEngine, layout: EngineLayout, pack: Pack) -> list[str] | None:
    """The worked-example lines of a layout; None where its points need more than a layout tells."""
    try:
        return example_block(engine, layout, pack)
    except InputError:
        return None


def _letter(n: int) -> str:
    """b, c, ... for the second, third, ... example of a topic: names of pictures hold no numbers to check."""
    return "abcdefghijklmnopqrstuvwxyz"[(n - 1) % 26]


def _board(engine: Engine, spec: ir.Variant | ir.MatchFormat, wording: Wording,
           cases: list[tuple[str, dict[str, Value]]]) -> Picture:
    """The cribbage board with the match lines and both pegs of each side: at the end of a game the
    variant's engine plays with its own bots; for a match format, which plays no game, at the end of
    the book's first match-line case (both pegs on the final score)."""
    rules = spec.rules if isinstance(spec, ir.MatchFormat) else spec.match
    assert rules is not None and match_rules(engine) is not None
    target = spec.game_target if isinstance(spec, ir.MatchFormat) else spec.target.points
    variant = as_variant(engine)
    if variant is not None:
        pegs = _played_pegs(variant)
    else:
        winner, loser = next(((int(str(v["winner"])), int(str(v["loser"]))) for key, v in cases
                              if key == "match line"), (target, 0))
        pegs = [(winner, winner), (loser, loser)]
    svg = board_picture(pegs, target, board_lines(rules, target), ("A", "B"), board_words(wording, target))
    return Picture("board", svg, wording.texts["board"])



def _played_pegs(engine: VariantEngine) -> list[tuple[int, int]]:
    """Each side's (back, front) pegs after one two-player game of the engine's random bots (seeds 1
    and 2): the back peg where the side's last score started."""
    bots_engine = cast(SimulatedEngine, engine)
    game = engine.Game(2, seed=1)
    bots = [bots_engine.RandomBot(seed) for seed in (1, 2)]
    for _ in range(1000):  # a game without a target would never end: match play always has one
        if game.over:
            break
        if game.hand_over:
            game.start_hand()
        bots_engine.play_hand(game, bots)
    pegs = [(score, score) for score in game.scores]
    for event in game.events:
        if "pegs" in event:
            pegs = [(back, front) for back, front in event["pegs"]]
    return pegs
