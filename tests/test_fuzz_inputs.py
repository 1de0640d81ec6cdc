"""Whatever a rule document, a language pack or a record holds, reading it answers with items, a
pack, a replay result or one placed problem: never a traceback, and in bounded time.

Documents are drawn from the pieces a pack writes (labels, tiles, numbers, separators, white space,
table pipes), so the reader meets near misses of every line it knows; packs are the English pack
with templates rebuilt around their placeholders and other values replaced; records are JSON texts of any shape.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.documents.document import parse_document, split_lines
from dominospec.documents.language_pack import LISTS, TEMPLATES, Pack, parse_pack, shipped_packs
from dominospec.language.diagnostics import InputError
from dominospec.language.loader import load
from dominospec.language.textfile import parse_json
from dominospec.play.replay import replay
from dominospec.targets.engines import load_engine
from dominospec.verifying.report import human, json_text
from dominospec.verifying.verify import verify_document
from support import ROOT, run_cli

PACKS = shipped_packs()
FIVES = "spec/fives_and_threes.rules"
ENGINE = load_engine(load(ROOT / FIVES), ROOT / FIVES)
EN = json.loads((ROOT / "compiler" / "documents" / "languages" / "en.json").read_text(encoding="utf-8"))
# Generous: a reader that backtracks takes minutes on these inputs, a linear one milliseconds.
BOUNDED = settings(max_examples=150, deadline=timedelta(seconds=5))


def _pieces(pack: Pack) -> list[str]:
    labels = [pack.render(kind, items="") for kind in LISTS]
    return [*labels, pack.render("placed", tile="[1|4]"), pack.render("sum", terms="2 + 8", total=10),
            pack.render("points", points=2), pack.render("connection", tile="[1|4]", port=pack.port_name("low"),
                                                         other_tile="[1|1]", other_port=pack.port_name("lineA")),
            "[1|4]", "[1|", "(", ")", ";", ",", ".", "–", " ", "  ", "\t", "9" * 12, "2", "|", "| --- |",
            *pack.ports.values()]


def _lines(pack: Pack) -> st.SearchStrategy[list[str]]:
    line = st.lists(st.sampled_from(_pieces(pack)), max_size=30).map("".join)
    return st.lists(line, max_size=12)


@BOUNDED
@given(data=st.data(), code=st.sampled_from(sorted(PACKS)))
def test_any_document_is_read_and_verified_without_a_crash(data: st.DataObject, code: str) -> None:
    lines = data.draw(_lines(PACKS[code]))
    document = parse_document(lines, PACKS[code], "doc.md", PACKS.values())
    report = verify_document(document, ENGINE)
    assert len(report.outcomes) == len(document.examples)
    human([report])
    json_text([report])


_FIXED = st.sampled_from([".", ")", " (", ", ", ": ", " – ", " ", "  ", "; ", "Label", "Label:", " = ", "{"])
_RAW = st.lists(st.sampled_from(["{items}", "{port}", "{tile}", "{value}", "{points}", "{total}", "{terms}",
                                 "{other_tile}", "{other_port}", "{points_unit}", "Label", ":", ".", " ", "(", ")",
                                 "–", ",", "{"]), max_size=8).map("".join)


@st.composite
def _template(draw: st.DrawFn, name: str) -> str:
    """Mostly the template's own placeholders in any order, between fixed texts drawn from a few hostile
    ones (a label, white space only, the same label again); now and then any text at all."""
    if draw(st.integers(0, 4)) == 0:
        return draw(_RAW)
    required, optional = TEMPLATES[name]
    names = draw(st.permutations(required + tuple(o for o in optional if draw(st.booleans()))))
    label = "" if name in ("connection", "continuation", "contribution") else draw(_FIXED.map(lambda f: f"Label{f}"))
    return label + "".join(f"{{{placeholder}}}{draw(_FIXED)}" for placeholder in names)


def _mutated_pack(data: st.DataObject) -> dict[str, Any]:
    pack = json.loads(json.dumps(EN))
    for name in data.draw(st.lists(st.sampled_from(sorted(EN["templates"])), max_size=6, unique=True)):
        pack["templates"][name] = data.draw(_template(name))
    if data.draw(st.integers(0, 3)) == 0:
        kind = data.draw(st.sampled_from(LISTS))
        pack["separators"][kind] = data.draw(st.sampled_from(["", " ", ".", "; ", "||", "{items}"]))
    if data.draw(st.integers(0, 3)) == 0:
        pack["plural"] = data.draw(st.sampled_from([[], [{"form": "one", "when": []}], "many",
                                                    [{"form": "one", "when": [{"mod": 0, "in": [1]}]}],
                                                    [{"form": "few", "when": [{"in": [-1]}]}]]))
    return pack


@BOUNDED
@given(data=st.data())
def test_any_pack_is_a_pack_or_one_placed_problem_and_its_own_lines_read_in_bounded_time(
        data: st.DataObject) -> None:
    text = json.dumps(_mutated_pack(data), ensure_ascii=False, indent=2)
    try:
        pack = parse_pack(text, "pack.json")
    except InputError as err:
        [problem] = err.diagnostics
        assert problem.pos is not None and problem.message
        err.render()
        return
    lines = data.draw(_lines(pack))
    document = parse_document([line * 50 for line in lines], pack, "doc.md")
    verify_document(document, ENGINE)


_JSON_TEXT = st.lists(st.sampled_from(['{"players": 2', ', "hands": [', "{", "}", "[", "]", ",", ":", '"moves"',
                                       '"seat"', "0", "7" * 200, "-1", "true", "null", '"[1|4]"', '"', "\\"]),
                      max_size=60).map("".join)


@BOUNDED
@given(text=_JSON_TEXT | st.recursive(st.none() | st.integers() | st.text(max_size=5),
                                      lambda inner: st.lists(inner, max_size=3)
                                      | st.dictionaries(st.sampled_from(["players", "hands", "games", "opener",
                                                                         "deal", "moves", "seat", "play"]),
                                                        inner, max_size=4)).map(json.dumps))
def test_any_record_text_is_replayed_or_refused_with_one_placed_problem(text: str) -> None:
    try:
        record = parse_json(text, "record.json")
    except InputError as err:
        [problem] = err.diagnostics
        assert problem.pos is not None and problem.message.startswith("malformed JSON: ")
        err.render()
        return
    if isinstance(record, dict):
        result = replay(ENGINE, record)
        json.dumps(result.to_json())


# --- one megabyte lines, through the command line ---------------------------------------------------


def _adversarial_lines(pack: Pack, size: int) -> dict[str, str]:
    head = pack.render("sum", terms="2 + 8", total=10) + " " + pack.render("points", points=2) + " "
    labels = " ".join(pack.render(kind, items="") for kind in LISTS) + " "
    pieces = {"labels": labels, "spaces": " ", "brackets": "[1|4] (", "digits": "9"}
    return {name: head + piece * (size // len(piece)) + "x" for name, piece in pieces.items()}


@pytest.mark.parametrize("name", ["labels", "spaces", "brackets", "digits"])
def test_a_one_megabyte_adversarial_line_is_reported_not_hung_on(tmp_path: Path, name: str) -> None:
    pack = PACKS["en"]
    line = _adversarial_lines(pack, 1_000_000)[name]
    path = tmp_path / "adversarial.en.md"
    path.write_text(f"{pack.render('placed', tile='[1|4]')}\n\n{line}\n", encoding="utf-8")
    result = run_cli("verify", FIVES, str(path))  # run_cli's timeout bounds the work
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert split_lines(result.stdout)[0].startswith(f"{path}:1: FAIL: caption line:")


# Prose that starts a rule statement or a calculation at every number and never finishes one: lists, sums and
# "=" chains of a quarter of a megabyte, in the words of the packs that read them.
PROSE = {"en": ["1, ", "1 + ", "1 = ", "two, ", "ends the hand and scores 1 bonus point; 5 + 3 = 8. ",
               "ends the hand and scores 1 bonus\npoint. "],  # many sentences in one line, and in one wrapped paragraph
         "tr": ["1 veya ", "iki, ", "Toplam 1, 1 + "], "fi": ["1 tai "]}


@pytest.mark.parametrize(("code", "piece"), [(code, piece) for code, pieces in PROSE.items() for piece in pieces])
def test_a_long_line_of_prose_numbers_is_read_not_hung_on(tmp_path: Path, code: str, piece: str) -> None:
    path = tmp_path / f"prose.{code}.md"
    row = "| " + " | ".join(PACKS[code].column_header(role) for role in ("players", "tiles_per_player")) + " |"
    path.write_text(f"{row}\n|---|---|\n| 2 | 7 |\n\n{piece * (250_000 // len(piece))}x\n", encoding="utf-8")
    result = run_cli("verify", FIVES, str(path))  # run_cli's timeout bounds the work
    assert result.returncode in (0, 1) and "Traceback" not in result.stderr
    assert f"{path}:3: ok" in result.stdout
