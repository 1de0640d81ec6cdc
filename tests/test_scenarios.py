"""The computed cases of a rule book: every case the writer chooses for a shipped spec reads back and passes;
true cases with other numbers, computed here without the engine, pass; a wrong number fails, naming its slot."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominospec.book.scenarios import check_claim, scenario_claims
from dominospec.documents.language_pack import language_packs
from dominospec.documents.sentences import CLAIM_KEYS, SLOTS
from dominospec.documents.wording import Value, Wording
from dominospec.engine_api import Engine, engine_of
from dominospec.language import ir
from dominospec.language.formula import FormulaError, evaluate, lead_points
from dominospec.language.loader import load
from dominospec.targets.engines import load_engine
from reference_model import Table, reckon, to_nearest
from support import ROOT, SHIPPED

MATCH_FORMATS = sorted(ROOT.glob("examples/match_formats/*.rules"))
SPECS = [*SHIPPED, *MATCH_FORMATS]
Values = dict[str, Value]


@functools.cache
def wording() -> Wording:
    book = language_packs([])["en"].book
    assert book is not None
    return book


@functools.cache
def spec_of(path: Path) -> ir.Variant | ir.MatchFormat:
    return load(path)


@functools.cache
def loaded(path: Path) -> tuple[ir.Variant | ir.MatchFormat, Engine]:
    spec = spec_of(path)
    return spec, engine_of(load_engine(spec, path))


def variant(path: Path) -> ir.Variant:
    spec, _ = loaded(path)
    assert isinstance(spec, ir.Variant)
    return spec


def variants(test: str) -> list[Path]:
    """The shipped variants a property applies to, by the test's own reading of the spec."""
    chosen = []
    for path in SHIPPED:
        spec = spec_of(path)
        assert isinstance(spec, ir.Variant)
        if APPLIES[test](spec):
            chosen.append(path)
    assert chosen, f"no shipped spec has {test}"
    return chosen


def _total_only(v: ir.Variant) -> bool:
    """The placement score reads nothing but the end total."""
    try:
        evaluate(v.placement_score, {"total": 0})
    except FormulaError:  # the formula names more than the total
        return False
    return True


def _leads(v: ir.Variant) -> list[int]:
    """The displayed points a tile led alone scores, each once, but 0."""
    tiles = [(a, b) for a in range(v.max_pip + 1) for b in range(a, v.max_pip + 1)]
    return sorted({lead_points(v, t) // v.raw_per_displayed for t in tiles} - {0})


def _plain_award(award: ir.PipAward | ir.FixedAward | None) -> bool:
    return isinstance(award, ir.PipAward) and award.source is not ir.AwardFrom.EVERY_HAND


APPLIES = {
    "totals": _total_only,
    "awards": lambda v: v.pip_award is not None,
    "rounding": lambda v: v.pip_award is not None and bool(v.pip_award.round_to),
    "ties": lambda v: (v.blocked_hand in (ir.BlockedHand.LOWEST_PIPS, ir.BlockedHand.LOWEST_COMBINED)
                       and v.tied_lowest is ir.TiedLowest.EACH_WINS and _plain_award(v.blocked_pip_award)),
    "exact": lambda v: (v.target.kind is ir.TargetKind.EXACTLY and not v.target.by_players and _total_only(v)
                        and not v.target.at_hand_end),
    "at least": lambda v: (v.target.kind is ir.TargetKind.AT_LEAST and not v.target.by_players
                           and not v.target.at_hand_end and v.first_score is ir.AnyFirstScore.ANY
                           and v.lead is ir.Lead.ANY_TILE and v.lead_winning is ir.LeadWinning.SCORED
                           and _total_only(v) and v.placement_points is ir.PlacementPoints.CREDITED
                           and bool(_leads(v))),
    "doubles": lambda v: v.matching is None and not v.wild_tiles,
}
APPLIES["shared"] = lambda v: (APPLIES["ties"](v) and v.target.kind is ir.TargetKind.AT_LEAST
                               and not v.target.at_hand_end and not v.target.by_players)


def check(path: Path, key: str, values: Values) -> list[str]:
    spec, engine = loaded(path)
    return [failure.field for failure in check_claim(engine, spec, key, values)]


def changed(values: Values, name: str) -> Values:
    value = values[name]
    assert isinstance(value, int)
    return {**values, name: value + 1}


# --- the writer's cases -----------------------------------------------------------------------------------

@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.stem)
def test_every_case_a_book_states_reads_back_and_passes(path: Path) -> None:
    spec, engine = loaded(path)
    claims = scenario_claims(engine, spec)
    assert claims == scenario_claims(engine, spec)  # deterministic
    for _, key, values in claims:
        sentence = wording().write(key, values)
        [found] = wording().find(sentence, [key])
        assert (found.key, found.values, found.problems) == (key, values, ())
        assert check_claim(engine, spec, key, values) == [], sentence


def test_the_documents_cases_are_the_ones_written() -> None:
    """The cases 000 and 002 state: Fives and Threes' 15 and 59 + 3 past 61, Horse Race's 17 pips and 4, 4, 4, 14."""
    fives, engine = loaded(ROOT / "spec" / "fives_and_threes.rules")
    written = {key: values for _, key, values in scenario_claims(engine, fives)}
    assert written["score"] == {"total": 15, "terms": (5, 3), "points": 8}
    assert (written["exact target"]["score"], written["exact target"]["total"]) == (59, 6)
    horse, engine = loaded(ROOT / "spec" / "horse_race.rules")
    written = {key: values for _, key, values in scenario_claims(engine, horse)}
    assert written["rounding"] == {"pips": 17, "rounded": 15, "divide_by": 5, "points": 3}
    assert written["tie for fewest"]["hands"] == (4, 4, 4, 14)
    assert (written["at least target"]["score"], written["at least target"]["after"]) == (60, 62)


def test_a_case_the_spec_cannot_have_fails_as_no_such_case() -> None:
    path = ROOT / "spec" / "horse_race.rules"
    assert check(path, "exact target", {"score": 59, "total": 6, "placement": 2, "bonus": 1, "event": 3,
                                        "after": 62, "target": 61}) == ["rule"]
    assert check(path, "match line", {"winner": 61, "loser": 30, "points": 2}) == ["rule"]
    assert check(ROOT / "spec" / "fives_and_threes.rules", "score raw",
                 {"total": 15, "raw": 8, "displayed": 8}) == ["rule"]
    assert check(MATCH_FORMATS[0], "score nothing", {"total": 1}) == ["rule"]


# --- true cases with other numbers, computed without the engine ---------------------------------------------

def additive_parts(expr: ir.Expr) -> list[ir.Expr]:
    stack, parts = [expr], []
    while stack:
        node = stack.pop()
        if isinstance(node, ir.BinOp) and node.op == "+":
            stack += [node.right, node.left]
        else:
            parts.append(node)
    return parts


def total_claim(v: ir.Variant, total: int) -> tuple[str, Values, list[str]]:
    """The claim a book says of a total, and the slots the engine's numbers fill."""
    raw = evaluate(v.placement_score, {"total": total})
    if v.raw_per_displayed > 1:
        return "score raw", {"total": total, "raw": raw, "displayed": raw // v.raw_per_displayed}, ["raw", "displayed"]
    if raw == 0:
        return "score nothing", {"total": total}, []
    terms = tuple(p for p in (evaluate(part, {"total": total}) for part in additive_parts(v.placement_score)) if p)
    if len(terms) > 1:
        return "score", {"total": total, "terms": terms, "points": raw}, ["points"]
    return "score one", {"total": total, "points": raw}, ["points"]


@given(st.data())
@pytest.mark.parametrize("path", variants("totals"), ids=lambda p: p.stem)
def test_any_totals_points_pass_and_a_wrong_number_fails(path: Path, data: st.DataObject) -> None:
    v = variant(path)
    highest = v.max_pip * (v.max_pip + 1) * (v.max_pip + 2) // 2
    total = data.draw(st.integers(0, highest))
    key, values, outputs = total_claim(v, total)
    assert check(path, key, values) == []
    for name in outputs:
        assert name in check(path, key, changed(values, name))
    if key == "score":
        terms = values["terms"]
        assert isinstance(terms, tuple)
        assert "terms" in check(path, key, {**values, "terms": (terms[0] + 1, *terms[1:])})
    other = data.draw(st.integers(0, highest))
    if total_claim(v, other)[1] | {"total": total} != values:  # the other total scores otherwise
        assert check(path, key, {**values, "total": other}) != []


@given(st.data())
@pytest.mark.parametrize("path", variants("doubles"), ids=lambda p: p.stem)
def test_any_double_at_an_end_adds_what_the_model_counts(path: Path, data: st.DataObject) -> None:
    v = variant(path)
    d = data.draw(st.integers(0, v.max_pip))
    x = 0 if d else 1
    table = Table(v)
    table.place((min(x, d), max(x, d)), None, None)
    table.place((d, d), (min(x, d), max(x, d)), "high" if d > x else "low")
    value = sum(c for tile, _, c in table.counted_ends() if tile == (d, d))
    values: Values = {"tile": (d, d), "value": value}
    assert check(path, "double end", values) == []
    assert check(path, "double end", changed(values, "value")) == ["value"]
    if d < v.max_pip:
        assert check(path, "double end", {**values, "tile": (d, d + 1)}) == ["tile"]


@given(st.integers(0, 300))
@pytest.mark.parametrize("path", variants("awards"), ids=lambda p: p.stem)
def test_any_pips_award_is_the_models(path: Path, pips: int) -> None:
    v = variant(path)
    _, awards = reckon(v, [0, 1], [0, pips], 0)
    points = awards[0] - (v.going_out_bonus if v.target.kind is ir.TargetKind.AT_LEAST else 0)
    values: Values = {"pips": pips, "points": points}
    assert check(path, "hand award", values) == []
    assert check(path, "hand award", changed(values, "points")) == ["points"]


@given(st.integers(0, 300))
@pytest.mark.parametrize("path", variants("rounding"), ids=lambda p: p.stem)
def test_any_pips_rounding_is_computed_by_hand(path: Path, pips: int) -> None:
    v = variant(path)
    assert v.pip_award is not None and v.pip_award.round_to
    rounded = to_nearest(pips, v.pip_award.round_to)
    values: Values = {"pips": pips, "rounded": rounded, "divide_by": v.pip_award.divide_by,
                      "points": rounded // v.pip_award.divide_by}
    assert check(path, "rounding", values) == []
    for name in ("rounded", "divide_by", "points"):
        assert name in check(path, "rounding", changed(values, name))


@given(st.data())
@pytest.mark.parametrize("path", variants("ties"), ids=lambda p: p.stem)
def test_any_tie_for_fewest_takes_a_full_award(path: Path, data: st.DataObject) -> None:
    v = variant(path)
    counts = [n for n in v.player_counts if v.partnerships is not ir.PartnershipKind.FIXED or n < v.partnership_size]
    n = data.draw(st.sampled_from(counts))
    fewest = data.draw(st.integers(0, 40))
    tied = data.draw(st.integers(2, n))
    hands = tuple([fewest] * tied + data.draw(st.lists(st.integers(fewest + 1, 60), min_size=n - tied,
                                                       max_size=n - tied)))
    _, awards = reckon(v, list(range(n)), list(hands), None)
    values: Values = {"hands": hands, "points": awards[0]}
    assert check(path, "tie for fewest", values) == []
    assert check(path, "tie for fewest", changed(values, "points")) == ["points"]


@given(st.data())
@pytest.mark.parametrize("path", variants("exact"), ids=lambda p: p.stem)
def test_any_event_past_an_exact_target_is_cancelled(path: Path, data: st.DataObject) -> None:
    v = variant(path)
    target = v.target.points

    def placement(total: int) -> int:
        return evaluate(v.placement_score, {"total": total}) // v.raw_per_displayed

    # Totals two ends often show at the end of a hand: those of a tile's two halves.
    sums = {a + b for a in range(v.max_pip + 1) for b in range(a, v.max_pip + 1)}
    total = data.draw(st.sampled_from(sorted(t for t in sums if placement(t) + v.going_out_bonus >= 2)))
    event = placement(total) + v.going_out_bonus
    score = data.draw(st.integers(max(0, target - event + 1), target - 1))
    values: Values = {"score": score, "total": total, "placement": placement(total), "bonus": v.going_out_bonus,
                      "event": event, "after": score + event, "target": target}
    assert check(path, "exact target", values) == []
    for name in ("placement", "bonus", "event", "after", "target"):
        assert name in check(path, "exact target", changed(values, name))
    reaching = {**values, "score": target - event, "after": target}  # exactly the target: kept, and it wins
    assert check(path, "exact target", reaching) == ["total"]


@given(st.data())
@pytest.mark.parametrize("path", variants("at least"), ids=lambda p: p.stem)
def test_any_lead_reaching_an_at_least_target_wins(path: Path, data: st.DataObject) -> None:
    v = variant(path)
    points = data.draw(st.sampled_from(_leads(v)))
    target = v.target.points
    score = data.draw(st.integers(max(0, target - points), target - 1))
    values: Values = {"score": score, "points": points, "after": score + points, "target": target}
    assert check(path, "at least target", values) == []
    for name in ("after", "target"):
        assert name in check(path, "at least target", changed(values, name))


@given(st.data())
@pytest.mark.parametrize("path", variants("shared"), ids=lambda p: p.stem)
def test_any_two_sides_tied_to_the_target_share_it(path: Path, data: st.DataObject) -> None:
    v = variant(path)
    awards = {reckon(v, [0, 1], [pips, pips], None)[1][0] for pips in range(60)} - {0}
    points = data.draw(st.sampled_from(sorted(awards)))
    target = v.target.points
    score = data.draw(st.integers(max(0, target - points), target - 1))
    values: Values = {"score": score, "points": points, "total": score + points}
    assert check(path, "shared win", values) == []
    assert "total" in check(path, "shared win", changed(values, "total"))


def _match_specs() -> list[Path]:
    return [p for p in SPECS if (spec := spec_of(p)) is not None
            and (isinstance(spec, ir.MatchFormat) or spec.match is not None)]


@given(st.data())
@pytest.mark.parametrize("path", _match_specs(), ids=lambda p: p.stem)
def test_any_games_match_points_are_the_lines(path: Path, data: st.DataObject) -> None:
    spec, _ = loaded(path)
    if isinstance(spec, ir.MatchFormat):
        game_target, rules = spec.game_target, spec.rules
    else:
        assert spec.match is not None
        game_target, rules = spec.target.points, spec.match
    loser = data.draw(st.integers(0, game_target - 1))
    below = sorted((line.below.cutoff(game_target), line.points) for line in rules.lines
                   if loser < line.below.cutoff(game_target))
    if below and below[0][1] is None:
        return  # the whole match: no number of match points to state
    points = below[0][1] if below else rules.win_points
    assert points is not None
    values: Values = {"winner": game_target, "loser": loser, "points": points}
    assert check(path, "match line", values) == []
    assert check(path, "match line", changed(values, "points")) == ["points"]


# --- any numbers at all -------------------------------------------------------------------------------------

NUMBERS = st.integers(0, 999_999_999) | st.integers(0, 70)


def any_value(name: str) -> st.SearchStrategy[Value]:
    if name == "tile":
        return st.tuples(st.integers(0, 99), st.integers(0, 99))
    if name in ("terms", "hands"):
        return st.lists(NUMBERS, min_size=1, max_size=5).map(tuple)
    return NUMBERS


@given(st.data())
@pytest.mark.parametrize("path", [ROOT / "spec" / "fives_and_threes.rules", ROOT / "spec" / "horse_race.rules",
                                  ROOT / "examples" / "fives_and_threes_match.rules", MATCH_FORMATS[0]],
                         ids=lambda p: p.stem)
def test_any_numbers_in_any_case_are_judged_never_raise(path: Path, data: st.DataObject) -> None:
    key = data.draw(st.sampled_from(CLAIM_KEYS))
    values = {name: data.draw(any_value(name)) for name in SLOTS[key]}
    failures = check(path, key, values)
    assert all(isinstance(field, str) and field for field in failures)
