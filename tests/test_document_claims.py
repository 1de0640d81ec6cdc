"""The rule statements read from the user's documents (the packs' `book.document` templates): every number
a seed document's prose states is checked at its line, number words are read as numbers, sentences of the
same shape with other numbers pass exactly when the rules make them true, and a pack with a malformed
document template is refused.

That the bundled English documents and the golden books raise no alarm is tested already:
test_claims.py::test_bundled_documents_raise_no_alarm_on_a_claim and
test_book.py::test_a_golden_book_verifies_clean_with_every_line_that_holds_a_number_checked.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominospec.documents import sentences
from dominospec.documents.document import LayoutExample, parse_document, split_lines
from dominospec.documents.language_pack import detect, load_pack, shipped_packs
from dominospec.language.diagnostics import InputError
from dominospec.language.loader import load
from dominospec.language.textfile import DOCUMENT, read_text_file
from dominospec.targets.engines import load_engine
from dominospec.verifying.verify import Report, verify_document
from support import ROOT, SEEDS, needs_seeds, run_cli

FT, HR = "spec/fives_and_threes.rules", "spec/horse_race.rules"
SEED_SPECS = {"000": FT, "001": FT, "002": HR}

_packs = shipped_packs()
_specs = {spec: load(ROOT / spec) for spec in (FT, HR)}
_engines = {spec: load_engine(_specs[spec], ROOT / spec) for spec in (FT, HR)}

TILE = re.compile(r"\[\s*\d+\s*\|\s*\d+\s*\]")
NUMBER = re.compile(r"\d+")


def verified(lines: list[str], spec: str, lang: str) -> Report:
    return verify_document(parse_document(lines, _packs[lang], "doc"), _engines[spec], spec=_specs[spec])


def failed_lines(report: Report) -> set[int]:
    """The lines some failure is reported at: a failure's own line, else its item's."""
    return {failure.line or outcome.line for outcome in report.outcomes for failure in outcome.failures}


@dataclass(frozen=True)
class Seed:
    """A seed document's lines, its language, and the lines of its worked examples."""

    name: str
    lines: list[str]
    lang: str
    example_lines: frozenset[int]

    @property
    def spec(self) -> str:
        return SEED_SPECS[self.name]

    def verify(self, lines: list[str] | None = None) -> Report:
        return verified(self.lines if lines is None else lines, self.spec, self.lang)

    def with_line(self, number: int, text: str) -> list[str]:
        return [*self.lines[:number - 1], text, *self.lines[number:]]

    def prose_lines(self) -> list[int]:
        """The lines that are neither a table row nor a line of a worked example."""
        return [number for number, line in enumerate(self.lines, start=1)
                if not line.lstrip().startswith("|") and number not in self.example_lines]


def seed(name: str) -> Seed:
    (path,) = SEEDS.glob(f"{name}_*.txt")
    lines = split_lines(read_text_file(path, DOCUMENT))
    pack = detect(lines, _packs)
    assert pack is not None
    examples = [e for e in parse_document(lines, pack, path.name).examples if isinstance(e, LayoutExample)]
    at = {n for e in examples for n in (e.line, e.caption_line, e.detail_line) if n is not None}
    return Seed(name, lines, pack.code, frozenset(at))


def numbers_outside_tiles(line: str) -> list[re.Match[str]]:
    tiles = [m.span() for m in TILE.finditer(line)]
    return [m for m in NUMBER.finditer(line) if not any(start <= m.start() < end for start, end in tiles)]


def replaced(line: str, number: re.Match[str], value: int) -> str:
    return line[:number.start()] + str(value) + line[number.end():]


# --- every number of the prose -------------------------------------------------------------------------


@dataclass(frozen=True)
class StaysTrue:
    """A number that a document states truly with the number one more too, and what is asserted instead."""

    seed: str
    line: int
    number: str
    reason: str
    claim: str  # the key the line's sentence is read as
    also_true: tuple[int, ...]  # values the sentence is true with: they pass
    false: tuple[int, ...]  # values that make it false: they fail at the line


STAYS_TRUE = (
    StaysTrue("002", 52, "12", "'Toplam 12 veya 17 puan vermez': a total of 13 scores nothing either",
              "score nothing", (13,), (15,)),
    StaysTrue("002", 52, "17", "'Toplam 12 veya 17 puan vermez': a total of 18 scores nothing either",
              "score nothing", (18,), (20,)),
    StaysTrue("002", 77, "7", "'ortakta 7, rakiplerde 9 ve 8': the partner's hand is left out of the award, so "
                              "any number of pips there is true", "partner left out", (8, 70), ()),
)
# How many numbers each seed's prose states now: a mutation test that finds fewer has stopped reading them.
MUTATED_AT_LEAST = {"000": 34, "001": 34, "002": 48}


@needs_seeds
@pytest.mark.parametrize("name", sorted(SEED_SPECS))
def test_every_number_of_a_seeds_prose_raised_by_one_fails_at_its_line(name: str) -> None:
    document = seed(name)
    assert not failed_lines(document.verify())
    stays = {(s.line, s.number): s for s in STAYS_TRUE if s.seed == name}
    mutated, stayed = 0, set()
    for number in document.prose_lines():
        line = document.lines[number - 1]
        for found in numbers_outside_tiles(line):
            mutated += 1
            raised = document.verify(document.with_line(number, replaced(line, found, int(found.group()) + 1)))
            if (number, found.group()) in stays:
                assert not failed_lines(raised), (number, found.group())
                stayed.add((number, found.group()))
            else:
                assert number in failed_lines(raised), f"line {number}: {found.group()} raised by one passes"
    print(f"{name}: {mutated} numbers raised by one, {len(stayed)} of them still true")
    assert stayed == set(stays)
    assert mutated >= MUTATED_AT_LEAST[name]


@needs_seeds
@pytest.mark.parametrize("stays", STAYS_TRUE, ids=lambda s: f"{s.seed}-{s.line}-{s.number}")
def test_a_number_that_stays_true_raised_by_one_is_still_checked(stays: StaysTrue) -> None:
    document = seed(stays.seed)
    line = document.lines[stays.line - 1]
    [found] = [m for m in numbers_outside_tiles(line) if m.group() == stays.number]
    keys = {o.key for o in document.verify().outcomes if o.line == stays.line and o.kind == "claim"}
    assert stays.claim in keys  # the sentence is read, as its rule
    for value in stays.also_true:
        report = document.verify(document.with_line(stays.line, replaced(line, found, value)))
        assert not failed_lines(report), f"{value} fails, yet {stays.reason}"
    for value in stays.false:
        report = document.verify(document.with_line(stays.line, replaced(line, found, value)))
        assert stays.line in failed_lines(report), f"{value} passes at line {stays.line}"


# --- number words ----------------------------------------------------------------------------------------

WORDS = [
    ("000", 6, "yedişer", "altışar"),  # two players are dealt seven each
    ("000", 6, "beşer", "dörder"),  # three or four players five each
    ("000", 30, "üçlüklerden", "beşliklerden"),  # the threes give 5, the fives 3
    ("002", 83, "ikişer", "üçer"),  # two tied partnerships scoring two each share the win at 61
    ("002", 77, "ikinci", "birinci"),  # the second partnership wins the blocked hand
    ("002", 79, "üç kişinin", "iki kişinin"),  # three players tied for the fewest
    ("000", 1, "iki ila dört", "iki ila beş"),  # two to four players
    ("001", 1, "kaksi–neljä", "kolme–neljä"),  # two to four players
]


@needs_seeds
@pytest.mark.parametrize(("name", "number", "word", "other"), WORDS, ids=lambda v: str(v))
def test_a_number_word_changed_fails_at_its_line(name: str, number: int, word: str, other: str) -> None:
    document = seed(name)
    line = document.lines[number - 1]
    assert line.count(word) == 1
    clean = document.verify()
    assert not failed_lines(clean)
    reading = {o.key for o in clean.outcomes if o.line == number and o.kind == "claim" and o.text and word in o.text}
    assert reading, f"no claim of line {number} holds {word!r}"
    changed = document.verify(document.with_line(number, line.replace(word, other)))
    failing = {o.key for o in changed.outcomes if o.line == number and not o.passed}
    assert failing & reading, [o for o in changed.outcomes if not o.passed]


# --- other numbers, true and false -----------------------------------------------------------------------
# The truth of each sentence is computed here from the rules (shared/RULES.md), not through the engine.

SUFFIXES = st.sampled_from(["’e", "’a", "’ye", "’ya", "'e", "’den"])
SETTINGS = settings(max_examples=60, deadline=None)


def nearest_five(pips: int) -> int:
    """Horse Race rounds a pip total to the nearest multiple of 5: a remainder of 1 or 2 down, 3 or 4 up."""
    return pips - pips % 5 + (5 if pips % 5 >= 3 else 0)


def award(pips: int) -> int:
    return nearest_five(pips) // 5


def saying(data: st.DataObject, truth: dict[str, int]) -> dict[str, int]:
    """What a sentence says: the true numbers, or all of them but one, drawn, which says another number."""
    wrong = data.draw(st.sampled_from([None, *truth]))
    said = dict(truth)
    if wrong is not None:
        said[wrong] = data.draw(st.integers(0, 99).filter(lambda n: n != truth[wrong]))
    return said


def one_claim(line: str, spec: str, key: str, lang: str = "tr") -> bool:
    """Whether the one-line document passes; it must be read as a claim of key."""
    report = verified([line], spec, lang)
    assert key in {o.key for o in report.outcomes if o.kind == "claim"}, (line, report.outcomes)
    return not failed_lines(report)


@SETTINGS
@given(st.integers(0, 60), st.data(), SUFFIXES)
def test_a_rounded_award(pips: int, data: st.DataObject, suffix: str) -> None:
    truth = {"rounded": nearest_five(pips), "points": award(pips)}
    said = saying(data, truth)
    line = f"Örneğin rakiplerin {pips} noktası {said['rounded']}{suffix} yuvarlanarak {said['points']} puan eder."
    assert one_claim(line, HR, "rounding") == (said == truth), line


@SETTINGS
@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.data())
def test_the_partners_hand_is_left_out_of_the_award(partner: int, first: int, second: int,
                                                    data: st.DataObject) -> None:
    truth = {"points": award(first + second)}
    said = saying(data, truth)
    line = f"ortakta {partner}, rakiplerde {first} ve {second} varsa ortaklık yine {said['points']} puan alır."
    assert one_claim(line, HR, "partner left out") == (said == truth), line


ORDINALS = {1: "birinci", 2: "ikinci"}


@SETTINGS
@given(st.lists(st.integers(0, 30), min_size=4, max_size=4), st.data(), SUFFIXES)
def test_a_blocked_hand_between_partnerships(hands: list[int], data: st.DataObject, suffix: str) -> None:
    a, b, c, d = hands
    first, second = a + b, c + d
    winner = 1 if first < second else 2  # a tie has no single winner: no sentence naming one is true
    loser = max(first, second)
    truth = {"first": first, "second": second, "pips": loser, "rounded": nearest_five(loser), "points": award(loser)}
    said = saying(data, truth)
    said_winner = data.draw(st.sampled_from([winner, 3 - winner]))
    line = (f"Tıkanmada ortaklık toplamları {a} + {b} = {said['first']} ve {c} + {d} = {said['second']} ise "
            f"{ORDINALS[said_winner]} ortaklık kazanır ve rakiplerin {said['pips']} noktası {said['rounded']}{suffix} "
            f"yuvarlanarak {said['points']} puan verir.")
    true = first != second and said == truth and said_winner == winner
    assert one_claim(line, HR, "blocked partnerships") == true, line


@SETTINGS
@given(st.integers(0, 60), st.data(), SUFFIXES)
def test_tied_partnerships_each_win_from_the_other(pips: int, data: st.DataObject, suffix: str) -> None:
    # "again": the other side's pips, the same number, as both sides tie
    truth = {"again": pips, "rounded": nearest_five(pips), "points": award(pips)}
    said = saying(data, truth)
    line = (f"İki ortaklığın da {pips} noktası varsa her biri diğerinin {said['again']} noktasının "
            f"{said['rounded']}{suffix} yuvarlanmasından {said['points']} puan alır.")
    assert one_claim(line, HR, "tie partnerships") == (said == truth), line


def or_list(items: list[int]) -> str:
    return ", ".join(map(str, items[:-1])) + " veya " + str(items[-1]) if len(items) > 1 else str(items[0])


@SETTINGS
@given(st.lists(st.integers(0, 40), min_size=1, max_size=4))
def test_totals_that_score_nothing_in_horse_race(totals: list[int]) -> None:
    line = f"Toplam {or_list(totals)} puan vermez."
    true = all(total % 5 or total == 0 for total in totals)  # only a positive multiple of 5 scores
    assert one_claim(line, HR, "score nothing") == true, line


@SETTINGS
@given(st.integers(1, 8), st.data())
def test_a_raw_total_and_its_displayed_points(fives: int, data: st.DataObject) -> None:
    truth = {"displayed": fives}  # 5 raw points are one displayed point
    said = saying(data, truth)
    line = f"Ham toplam {5 * fives}, gösterilen {said['displayed']} puan kazandırır."
    assert one_claim(line, HR, "score raw") == (said == truth), line


@SETTINGS
@given(st.permutations([1, 2, 3, 4]), st.integers(1, 3))
def test_which_remainders_round_down_and_which_up(remainders: list[int], split: int) -> None:
    down, up = remainders[:split], remainders[split:]
    line = f"{or_list(down)} kalan aşağı, {or_list(up)} kalan yukarı gider."
    true = sorted(down) == [1, 2] and sorted(up) == [3, 4]
    assert one_claim(line, HR, "rounding remainders") == true, line


def score_truth(total: int) -> dict[str, int]:
    """Fives and Threes: total / 3 for a positive multiple of 3, plus total / 5 for one of 5."""
    threes = total // 3 if total and total % 3 == 0 else 0
    fives = total // 5 if total and total % 5 == 0 else 0
    return {"threes": threes, "fives": fives, "points": threes + fives}


TOTALS = st.one_of(st.just(15), st.integers(1, 18))  # 15 is the one total both parts score


@SETTINGS
@given(TOTALS, st.data())
def test_a_score_said_by_its_threes_and_fives(total: int, data: st.DataObject) -> None:
    truth = score_truth(total)
    said = saying(data, truth)
    line = (f"Toplam {total}, üçlüklerden {said['threes']} ve beşliklerden {said['fives']}, yani {said['points']} "
            "puan verir.")
    assert one_claim(line, FT, "score") == (said == truth), line


@pytest.mark.parametrize("line", ["Toplam 15, üçlüklerden 3 ve beşliklerden 5, yani 8 puan verir.",  # false
                                  "Toplam 6, üçlüklerden 2 ve beşliklerden 0, yani 2 puan verir."])  # true
def test_a_score_sentence_reads_each_part_by_its_divisor(line: str) -> None:
    total, threes, fives, points = (int(n) for n in NUMBER.findall(line))
    assert one_claim(line, FT, "score") == ({"threes": threes, "fives": fives, "points": points}
                                            == score_truth(total))


@SETTINGS
@given(TOTALS, st.booleans(), st.data())
def test_a_finnish_score_written_out_by_division(total: int, fives_first: bool, data: st.DataObject) -> None:
    truth = {"threes": total // 3, "fives": total // 5, "points": total // 3 + total // 5}
    said = saying(data, truth)
    order = [(5, said["fives"]), (3, said["threes"])] if fives_first else [(3, said["threes"]), (5, said["fives"])]
    divisions = " + ".join(f"{total} / {divisor}" for divisor, _ in order)
    terms = " + ".join(str(term) for _, term in order)
    line = f"Summa {total} tuottaa siis {divisions} = {terms} = {said['points']} pelipistettä."
    true = total % 15 == 0 and said == truth  # a division written out is true only when it is exact
    assert one_claim(line, FT, "score", "fi") == true, line


@SETTINGS
@given(st.integers(0, 14))
def test_what_a_double_at_an_end_adds(value: int) -> None:
    line = f"Uçtaki uç toplamına {value} katar."
    true = value in {2 * pip for pip in range(7)}  # a double at an end counts both halves: [n|n] adds 2n
    assert one_claim(line, FT, "double adds") == true, line


# --- packs with a malformed document template -----------------------------------------------------------

TR = (ROOT / "compiler" / "documents" / "languages" / "tr.json").read_text(encoding="utf-8")
ROUNDING = json.loads(TR)["book"]["claims"]["rounding"]  # a claim the book writes


def _with_book(change: dict[str, Any]) -> str:
    """tr.json with these entries of its book replaced (a dotted path: the entry under that table)."""
    data = json.loads(TR)
    for path, value in change.items():
        table, key = path.split(".", 1)
        data["book"][table][key] = value
    return json.dumps(data, indent=2, ensure_ascii=False)


BAD_DOCUMENTS = [
    ({"document.no such rule": ["{points} puan"]}, "book.document.no such rule: unknown key (known: "),
    ({"document.double adds": "uç toplamına {value} katar"}, "book.document.double adds: expected a list of "
                                                             "non-empty strings"),
    ({"document.double adds": ["uç toplamına {points} katar"]}, "book.document.double adds.0: takes some of "
                                                                "{value}, not {points}"),
    ({"document.double adds": ["uç toplamına katar"]}, "book.document.double adds.0: takes some of {value}, not "),
    ({"document.double adds": ["uç toplamına {value~romans} katar"]},
     "book.document.double adds.0: {value~romans}: the words 'romans' are not in book.words.numbers"),
    ({"document.double adds": ["uç toplamına {value_1} katar"]},
     "book.document.double adds.0: {value_1}: only a list's slot has numbered items"),
    ({"document.double adds": ["uç toplamına {value} katar", "Uç  toplamına {value} KATAR"]},
     "book.document.double adds.1: worded exactly as document.double adds"),
    ({"words.numbers": {"each": {"ikişer": "two"}}}, "book.words.numbers: expected an object of number words"),
    *[({"claims.rounding": template}, "book.claims.rounding: '…', '^', {name_2} and {name~words} are for document "
                                      "templates, which are read and never written")
      for template in (ROUNDING.replace("{rounded}", "{rounded}’…"), "^" + ROUNDING,
                       ROUNDING.replace("{pips}", "{pips~cardinal}"), ROUNDING + " ({pips_2})")],
]


@pytest.mark.parametrize(("change", "message"), BAD_DOCUMENTS, ids=lambda v: str(v)[:60])
def test_a_pack_with_a_bad_document_template_is_refused(change: dict[str, Any], message: str, tmp_path: Path) -> None:
    path = tmp_path / "tr.json"
    text = _with_book(change)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_pack(path)
    [problem] = caught.value.diagnostics
    assert problem.message.startswith(message), problem.message
    assert problem.file == str(path) and problem.pos is not None
    key = next(k for k in reversed(message.split(":")[0].split(".")) if not k.isdigit())
    assert text.splitlines()[problem.pos.line - 1][problem.pos.column - 1:].startswith(f'"{key}"')


def test_a_bad_document_template_through_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "tr.json"
    path.write_text(_with_book({"document.double adds": ["uç toplamına {points} katar"]}), encoding="utf-8")
    result = run_cli("verify", FT, "examples/fives_and_threes.en.md", "--lang-pack", str(path))
    assert result.returncode == 1 and result.stdout == ""
    assert f"{path}:" in result.stderr and "book.document.double adds.0: takes some of {value}" in result.stderr
    assert "Traceback" not in result.stderr


def test_what_documents_state_has_keys_of_its_own() -> None:
    """A document key that a book sentence or claim also had would be checked as that sentence instead
    (a "deal" key once was: the book's slotless deal sentence, so no deal in words was ever checked)."""
    book_keys = {*sentences.SENTENCE_KEYS, *sentences.CLAIM_KEYS, *sentences.TEXT_KEYS, *sentences.PHRASE_KEYS}
    assert not book_keys & set(sentences.DOCUMENT_KEYS)
    assert set(sentences.DOCUMENT_SLOTS) <= {*sentences.DOCUMENT_KEYS, *sentences.CLAIM_KEYS}
