"""The semantic checks, pass by pass: what each accepts, what it rejects, where it points."""

from __future__ import annotations

import functools
import re

import pytest

from dominospec.language import clauses, ir
from dominospec.language.checks import check
from dominospec.language.diagnostics import Diagnostic, SpecError
from dominospec.language.parser import parse
from dominospec.language.printer import format_spec
from support import ROOT, SHIPPED, SPEC_WITH_FORMULA

BASE = SPEC_WITH_FORMULA.format("total if total is a positive multiple of 5")


def edited(*changes: tuple[str, str], add: str = "") -> str:
    text = BASE
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    return text + add


def problems(text: str) -> list[Diagnostic]:
    with pytest.raises(SpecError) as caught:
        check(parse(text))
    return caught.value.diagnostics


def test_a_valid_variant_comes_back_unchanged() -> None:
    variant = parse(BASE)
    assert check(variant) is variant


@pytest.mark.parametrize("text", [
    edited(add="partnerships: optional at 4 players\npartnership goes out: when one partner is out\n"),
    edited(("undealt tiles: out of play",
            "undealt tiles: draw pile\ncannot play: draw until playable\nreserve: 0 tiles")),
    edited(("deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles",
            "deal: 2 players get 14 tiles, 3 or 4 players get 7 tiles")),
    edited(("spinners: none", "spinners: first double\nbranches open: at once")),
    edited(add="next opener: player of the last tile\nafter a blocked hand: next seat clockwise\n"),
    edited(add="blocked hand: lowest pips win\ntied lowest: no winner\n"),
    edited(add="extra turn after: a scoring placement\nextra turn without a legal tile: the turn ends\n"),
    edited(("placement score: total if", "placement score: total / (total - 10) if total > 10 and")),
    edited(add="extra turn after: any placement\nextra turn is: optional\n"),
    edited(("undealt tiles: out of play", "undealt tiles: draw pile\ncannot play: draw until playable\n"
            "drawn tile: joins the hand\nwhen able to play: may draw")),
    edited(add="placement points: announced by the player\n"),
], ids=["optional partnerships", "draw pile without reserve", "the whole set dealt", "branches with a spinner",
        "after a blocked hand", "ties in a blocked hand", "stuck on an extra turn", "guarded division",
        "optional extra turns", "drawing while able", "announced placement points"])
def test_rules_that_fit_together_pass(text: str) -> None:
    check(parse(text))


def test_the_whole_set_may_be_dealt_but_not_one_tile_more() -> None:
    deal = "deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles"
    check(parse(edited((deal, "deal: 2 players get 14 tiles, 3 or 4 players get 7 tiles"))))
    found = problems(edited((deal, "deal: 2 players get 14 tiles, 3 or 4 players get 7 tiles"),
                            ("undealt tiles: out of play",
                             "undealt tiles: draw pile\ncannot play: draw until playable\nreserve: 1 tiles")))
    assert [d.message for d in found] == [
        "2 players x 14 tiles plus a reserve of 1 is 29 tiles, but a double-six set holds 28",
        "4 players x 7 tiles plus a reserve of 1 is 29 tiles, but a double-six set holds 28",
    ]


def test_end_totals_are_checked_up_to_the_pips_of_the_whole_set() -> None:
    """200 - total goes negative only past 200: never with double six (168 pips), but with double nine."""
    text = SPEC_WITH_FORMULA.format("200 - total")
    check(parse(text))
    found = problems(text.replace("tiles: double six", "tiles: double nine"))
    assert [d.message for d in found] == ["the placement score is negative (-1) when the end total is 201"]
    assert found[0].pos == ir.Pos(7, 18)


def test_a_broken_base_stops_the_passes_that_would_repeat_it() -> None:
    """A million players would otherwise give a million 'no deal' messages."""
    found = problems(edited(("players: 2 to 4", "players: 2 to 1000000"),
                            ("target: at least 61", "target: at least 0")))
    assert [d.message for d in found] == ["1000000 players is more than the 10 supported",
                                         "the target must be positive, not 0"]
    found = problems(edited(("tiles: double six", "tiles: double 0")))
    assert [d.message for d in found] == ["a double-0 set is not supported"]


def test_every_problem_is_reported_in_line_order() -> None:
    found = problems(edited(("target: at least 61", "target: exactly 0"),
                            ("spinners: none", "spinners: none\nbranches open: at once"),
                            ("placement score: total if", "placement score: points if")))
    assert [d.pos.line for d in found] == [7, 8, 9]


@pytest.mark.parametrize(("change", "message", "pos"), [
    (("spinners: none", "spinners: none\npartnership goes out: when one partner is out"),
     "'partnership goes out' is given, but there are no partnerships", (7, 1)),
    (("spinners: none", "spinners: none\ndrawn tile: joins the hand"),
     "'drawn tile' only applies to a draw pile, but undealt tiles are out of play", (7, 1)),
    (("spinners: none", "spinners: none\ndraw limit: 2 tiles per turn"),
     "'draw limit' only applies to a draw pile, but undealt tiles are out of play", (7, 1)),
    (("undealt tiles: out of play", "undealt tiles: draw pile"),
     "undealt tiles form a draw pile, but a player who cannot play knocks: nobody ever draws", (5, 16)),
    (("spinners: none", "spinners: none\nfirst opener: next seat clockwise"),
     "the first hand has no earlier hand, so its opener cannot be 'next seat clockwise'", (7, 15)),
    (("spinners: none", "spinners: none\nraw points per displayed point: 2"),
     "an end total of 5 scores 5 raw points, not a whole number of displayed points (2 raw points each)", (8, 18)),
    (("spinners: none", "spinners: none\npip award: opponents' pips, rounded to the nearest 0"),
     "the pip award cannot be rounded to the nearest 0", (7, 52)),
    (("deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles",
      "deal: 2 or 3 players get 5 tiles, 4 players get 0 tiles"),
     "each player must be dealt at least 1 tile", (4, 35)),
    (("players: 2 to 4", "players: 2 to 11"), "11 players is more than the 10 supported", (3, 10)),
    (("players: 2 to 4", "players: 3 to 4"), "a deal for 2 players, but 'players' allows 3 or 4", (4, 7)),
])
def test_each_check_names_the_problem_and_points_at_its_clause(
        change: tuple[str, str], message: str, pos: tuple[int, int]) -> None:
    found = problems(edited(change))
    assert [(d.message, (d.pos.line, d.pos.column)) for d in found] == [(message, pos)]


def test_the_draw_pile_contradiction_offers_both_fixes() -> None:
    """With no 'cannot play' written, the draw-pile contradiction points at 'undealt tiles'."""
    found = problems(edited(("undealt tiles: out of play", "undealt tiles: draw pile")))
    assert found[0].hint == "add 'cannot play: draw until playable', or say 'undealt tiles: out of play'"


@pytest.mark.parametrize("path", sorted(ROOT.glob("spec/*.rules")), ids=lambda p: p.name)
def test_the_canonical_specs_are_valid(path) -> None:
    check(parse(path.read_text(encoding="utf-8")))


WHOLE_SET = ("players: 2 to 4\ndeal: 2 players get 7 tiles, 3 or 4 players get 5 tiles",
             "players: 4\ndeal: 4 players get 7 tiles")
DRAW_PILE = ("undealt tiles: out of play", "undealt tiles: draw pile\ncannot play: draw until playable")


@pytest.mark.parametrize("text", [
    edited(add="lead: the highest double\nif nobody holds it: the heaviest tile leads\n"),
    edited(add="lead: the lowest double\nif nobody holds it: the deal is void\n"),
    edited(WHOLE_SET, add="lead: [6|6]\n"),
    # Never more than 6 tiles undealt: never all seven doubles, so some hand always holds one.
    edited(("deal: 2 players get 7 tiles, 3 or 4 players get 5 tiles",
            "deal: 2 players get 11 tiles, 3 players get 8 tiles, 4 players get 6 tiles"),
           add="lead: the highest double\n"),
    edited(add="lead: a double or a scoring tile\nleader without one: passes the lead\n"),
    edited(DRAW_PILE, add="lead: a double\nleader without one: draws until one comes\n"),
], ids=["highest double, else the heaviest tile", "lowest double, else void", "a tile always dealt",
        "a double always dealt", "a passed lead", "a lead drawn for"])
def test_leads_that_fit_together_pass(text: str) -> None:
    check(parse(text))


def test_a_named_lead_leaves_the_opener_to_the_deal_also_between_games() -> None:
    text = edited(WHOLE_SET, add="lead: [6|6]\nmatch points for a win: 1\nmatch target: first to 3 match points\n"
                                 "next game opener: loser of the previous game\n")
    found = problems(text)
    assert [d.message for d in found] == [
        "the loser of a game cannot open the next one with 'lead: [6|6]': the holder of that tile opens every hand"]
    assert found[0].pos == ir.Pos(12, 19)


def test_a_lead_that_names_a_tile_decides_the_opener_clauses_away() -> None:
    found = problems(edited(WHOLE_SET, add="lead: the lowest double\nafter a blocked hand: by lot\n"))
    assert [(d.message, d.pos.line) for d in found] == [
        ("'after a blocked hand' cannot be given with 'lead: the lowest double': the holder of that tile opens "
         "every hand", 10)]
CROSS = edited(("spinners: none", "spinners: first double\nspinner sides: covered before other ends\n"
                                  "arms of the cross: a double on each first"))


def test_the_layout_rules_of_the_family_fit_a_spinner() -> None:
    check(parse(CROSS))
    check(parse(edited(("spinners: none", "spinners: every double\nspinner counts: its value for each open branch"))))


@pytest.mark.parametrize(("key", "line"), [("spinner sides", "spinner sides: in any order"),
                                           ("spinner counts", "spinner counts: like any double"),
                                           ("arms of the cross", "arms of the cross: none")])
def test_a_spinner_rule_without_spinners_is_pointed_at(key: str, line: str) -> None:
    """Even a default value, written out, says something about spinners that the spec does not have."""
    [found] = problems(edited(add=line + "\n"))
    assert found.message == f"'{key}' is given, but no double is a spinner"
    assert (found.pos.line, found.pos.column) == (9, 1)


def test_the_arms_of_the_cross_need_one_spinner_covered_first() -> None:
    found = problems(CROSS.replace("spinner sides: covered before other ends\n", "").replace(
        "spinners: first double", "spinners: every double"))
    assert [d.message for d in found] == [
        "the arms of the cross grow from one spinner, but every double is a spinner",
        "the arms of the cross start from the spinner's four sides, but other ends may take tiles before they are "
        "covered"]
    assert all(d.hint for d in found)


def test_a_formula_over_the_movers_score_is_checked_near_the_target() -> None:
    """Bergen's cap: 1 within 2 of the target. '2 - (target - score)' is negative far from it."""
    check(parse(edited(("placement score: total if total is a positive multiple of 5",
                        "placement score: (1 if target - score <= 2 else 2) if ends_alike == 1"))))
    [found] = problems(edited(("placement score: total if total is a positive multiple of 5",
                               "placement score: 2 - (target - score) if lead == 1")))
    assert found.message.startswith("the placement score is negative (-59) when total is 0, score is 0, target is 61")


@pytest.mark.parametrize("line", ["matching: halves adding up to 0", "matching: halves adding up to 12",
                                  "wild tiles: [6|6], [0|1]", "matching: equal halves\nwild tiles: none"])
def test_matching_and_wild_tiles_within_the_set_are_accepted(line: str) -> None:
    variant = check(parse(edited(add=line + "\n")))
    assert isinstance(variant, ir.Variant)


def test_halves_no_two_tiles_add_up_to_and_wild_tiles_outside_the_set_are_refused() -> None:
    found = problems(edited(add="matching: halves adding up to 13\nwild tiles: [0|0], [3|7]\n"))
    assert [d.message for d in found] == [
        "no two halves of the double-six set add up to 13, so no tile could ever join",
        "the wild tile [3|7] is not a tile of the double-six set"]
    lines = BASE.count("\n")
    assert [(d.pos.line, d.pos.column) for d in found] == [(lines + 1, 31), (lines + 2, 20)]  # the tile's bracket
def test_a_target_per_player_count_is_read_printed_and_checked_for_every_count() -> None:
    by_count = ("target: at least 61", "target: at least 15 with 2 players, 10 with 3 or 4 players")
    variant = check(parse(edited(by_count)))
    assert isinstance(variant, ir.Variant)
    assert [variant.target.for_players(n) for n in (2, 3, 4)] == [15, 10, 10]
    assert variant.target.every_points == (10, 15)
    assert "target: at least 15 with 2 players, 10 with 3 or 4 players\n" in format_spec(variant)
    [missing] = problems(edited(("target: at least 61", "target: exactly 15 with 2 or 3 players")))
    assert (missing.message, missing.hint) == ("no target is given for 4 players",
                                               "add '15 with 4 players' to the target")


def test_a_formula_over_a_target_per_player_count_is_checked_at_every_target() -> None:
    """'target - 12' is fine at 15 and negative at 10: the checks try both."""
    formula = ("placement score: total if total is a positive multiple of 5",
               "placement score: target - 12 if lead == 1")
    check(parse(edited(formula, ("target: at least 61", "target: at least 15 with 2 or 3 or 4 players"))))
    by_count = ("target: at least 61", "target: at least 15 with 2 players, 10 with 3 or 4 players")
    [found] = problems(edited(formula, by_count))
    assert found.message.startswith("the placement score is negative (-2) when total is 0, target is 10")


def test_a_first_score_above_the_lowest_of_several_targets_is_refused() -> None:
    [found] = problems(edited(("target: at least 61", "target: at least 15 with 2 players, 10 with 3 or 4 players"),
                              add="first score: at least 12\n"))
    assert found.message == "the first score of 12 is above the target of 10 with 3 or 4 players"
    assert found.hint == "a side must get in before it can win: make it 10 or less"


# --- hints that name a clause's values name every value that would do ----------------------------------

_PHRASE_CLAUSES = [clause for clause in clauses.CLAUSES
                   if clause.phrase is not None and clause.scope in (clauses.Scope.GAME, clauses.Scope.MATCH)]
_HINT_BASES = sorted([*ROOT.glob("spec/*.rules"), *ROOT.glob("examples/*.rules")])


def _with_value(text: str, clause: clauses.Clause, value: str) -> str:
    """The spec with `clause: value` in place of its line, or added."""
    lines = [line for line in text.splitlines() if not line.startswith(clause.key + ":")]
    return "\n".join([*lines, f"{clause.key}: {value}"]) + "\n"


@functools.cache  # the hint test asks again of the specs it has met (each value a clause can take)
def _found(text: str) -> list[Diagnostic] | None:
    """The checks' problems with a spec; None when it does not even parse."""
    try:
        check(parse(text))
    except SpecError as err:
        try:
            parse(text)
        except SpecError:
            return None
        return err.diagnostics
    return []


def _concerned(diagnostic: Diagnostic, text: str) -> list[clauses.Clause]:
    """The phrase clauses a problem is about: the one on its line, one it says is missing, one its hint names."""
    on_line = text.splitlines()[diagnostic.pos.line - 1].split(":")[0] if diagnostic.pos.line else ""
    return [clause for clause in _PHRASE_CLAUSES if clause.key == on_line
            or f"'{clause.key}:'" in diagnostic.message or f"'{clause.key}: " in (diagnostic.hint or "")]


def _named(diagnostic: Diagnostic, clause: clauses.Clause, text: str) -> set[str]:
    """The values of a clause that a hint offers, and not the value the spec already gives it: each quoted
    'key: value', and each bare 'value' after it (or, before any key, a value of the clause on the problem's line)."""
    assert clause.phrase is not None
    given = {line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith(clause.key + ":")}
    lines = text.splitlines()
    current = lines[diagnostic.pos.line - 1].split(":")[0] if diagnostic.pos.line else ""
    offered = set()
    for quoted in re.findall(r"'([^']*)'", diagnostic.hint or ""):
        key, colon, value = quoted.partition(": ")
        if colon and key in clauses.BY_KEY:
            current, quoted = key, value
        if current == clause.key:
            offered.add(quoted)
    return {member.value for member in clause.phrase[1] if member.value in offered - given}


def test_a_hint_that_names_values_of_a_clause_names_every_value_that_checks_clean() -> None:
    """Each phrase clause at each of its values in the shipped specs: where a problem's hint offers values of
    a clause it is about, it offers every value of that clause with which the spec checks clean."""
    missed: set[str] = set()
    for base in _HINT_BASES:
        text = base.read_text(encoding="utf-8")
        for clause in _PHRASE_CLAUSES:
            assert clause.phrase is not None
            for member in clause.phrase[1]:
                spec = _with_value(text, clause, member.value)
                for diagnostic in _found(spec) or []:
                    for about in _concerned(diagnostic, spec):
                        named = _named(diagnostic, about, spec)
                        assert about.phrase is not None
                        clean = {other.value for other in about.phrase[1]
                                 if _found(_with_value(spec, about, other.value)) == []}
                        if named and clean - named:
                            missed.add(f"{diagnostic.message} -- hint: {diagnostic.hint} -- misses "
                                       + ", ".join(sorted(clean - named)))
    assert not missed, "\n".join(sorted(missed))


# --- a target the rules can reach ----------------------------------------------------------------------

NOTHING_SCORES = ("placement score: total if total is a positive multiple of 5", "placement score: total * 0")


@pytest.mark.parametrize("scoring", [
    "going out scores: 1 point\n",
    "pip award: opponents' pips\n",
    "blocked hand: lowest pips win\nblocked hand award: 5 points\n",
])
def test_a_target_is_reached_by_any_rule_that_scores(scoring: str) -> None:
    check(parse(edited(NOTHING_SCORES, add=scoring)))


@pytest.mark.parametrize("formula", ["0", "total * 0", "0 - total if total > 3", "5 if total > 168",
                                     "total if total > 200 else 0"])
def test_a_target_nothing_scores_towards_is_refused(formula: str) -> None:
    found = problems(edited(("placement score: total if total is a positive multiple of 5",
                             f"placement score: {formula}"), ("target: at least 61", "target: at least 61")))
    messages = [d.message for d in found]
    assert "nothing in these rules ever scores a point, so the target can never be reached" in messages \
        or messages[0].startswith("the placement score is negative")


EXACTLY_61 = ("target: at least 61", "target: exactly 61")


@pytest.mark.parametrize(("formula", "add", "step"), [
    ("total if total is a positive multiple of 5", "", 5),
    ("total if total is a positive multiple of 5", "going out scores: 10 points\n", 5),
    ("10 if total > 20 else 4", "", 2),
    ("total if total is a positive multiple of 5", "pip award: opponents' pips, rounded to the nearest 10, "
     "divided by 2\n", 5),
])
def test_an_exact_target_no_sum_of_scores_makes_is_refused(formula: str, add: str, step: int) -> None:
    [found] = problems(edited(EXACTLY_61, ("placement score: total if total is a positive multiple of 5",
                                           f"placement score: {formula}"), add=add))
    assert found.message == f"every score is a multiple of {step}, so a score of exactly 61 can never be reached"
    assert found.pos == ir.Pos(8, 17)


@pytest.mark.parametrize("extra", [
    "raw points per displayed point: 5\n",  # one displayed point a placement of 5
    "going out scores: 1 point\n",
    "pip award: opponents' pips\n",
    "pip award: opponents' pips, rounded to the nearest 5, divided by 5\n",
    "pip award: opponents' pips, rounded to the nearest 5, divided by 2\n",  # 5 / 2 rounds down to 2
])
def test_an_exact_target_some_sum_of_scores_may_make_is_accepted(extra: str) -> None:
    check(parse(edited(EXACTLY_61, add=extra)))


def test_every_shipped_spec_reaches_its_target() -> None:
    """The reachability pass refuses nothing that ships."""
    for path in SHIPPED:
        check(parse(path.read_text(encoding="utf-8")))
