"""Parse, print, parse again: the same rules. Printing is idempotent and keeps every comment."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import Phase, assume, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from dominospec.language import ir
from dominospec.language.checks import check
from dominospec.language.clauses import BIDI_CONTROLS, CLAUSES, MAX_FORMULA_PARTS, MAX_NUMBER, Clause, Scope
from dominospec.language.diagnostics import SpecError
from dominospec.language.formula import evaluate, format_expr
from dominospec.language.parser import parse
from dominospec.language.printer import format_spec
from support import ROOT, SHIPPED, SPEC_WITH_FORMULA

# --- the shipped specs ------------------------------------------------------------------------


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", SHIPPED, ids=_name)
def test_shipped_spec_round_trips(path: Path) -> None:
    variant = check(parse(path.read_text(encoding="utf-8")))
    again = parse(format_spec(variant))
    assert again == variant
    assert again.where.keys() == variant.where.keys()


@pytest.mark.parametrize("path", SHIPPED, ids=_name)
def test_shipped_spec_is_in_canonical_form(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_spec(parse(text)) == text


# --- any formula the language can write -------------------------------------------------------

def _parts(node: ir.Expr | ir.Cond) -> int:
    """How many nodes a formula has (the parser refuses more than MAX_FORMULA_PARTS)."""
    return 1 + sum(_parts(child) for child in vars(node).values() if isinstance(child, ir.Expr | ir.Cond))


def _conditions(exprs: st.SearchStrategy[ir.Expr]) -> st.SearchStrategy[ir.Cond]:
    """Conditions have no brackets in the language, so they nest only as the grammar does: an 'or'
    of 'and's of 'not's of tests, grouped to the left."""
    tests = st.one_of(
        st.builds(ir.Compare, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), exprs, exprs),
        st.builds(ir.MultipleOf, exprs, exprs, st.booleans()),
    )
    negations = tests | st.builds(ir.Not, tests) | st.builds(ir.Not, st.builds(ir.Not, tests))
    conjunctions = negations | st.builds(ir.Logic, st.just("and"), negations | st.builds(
        ir.Logic, st.just("and"), negations, negations), negations)
    return conjunctions | st.builds(ir.Logic, st.just("or"), conjunctions | st.builds(
        ir.Logic, st.just("or"), conjunctions, conjunctions), conjunctions)


@functools.cache
def formulas(depth: int) -> st.SearchStrategy[ir.Expr]:
    """Any formula tree the grammar can write, nested at most `depth` operators deep."""
    atoms = st.builds(ir.Number, st.integers(0, MAX_NUMBER)) | st.just(ir.Name("total"))
    if depth == 0:
        return atoms
    inner = formulas(depth - 1)
    return st.one_of(
        atoms,
        st.builds(ir.BinOp, st.sampled_from("+-*/"), inner, inner),
        st.builds(ir.Conditional, inner, _conditions(inner), st.none() | inner),
    )


@settings(max_examples=300)
@given(formulas(4))
def test_any_formula_prints_and_parses_back(formula: ir.Expr) -> None:
    assume(_parts(formula) <= MAX_FORMULA_PARTS)
    printed = format_expr(formula)
    variant = parse(SPEC_WITH_FORMULA.format(printed))
    assert variant.placement_score == formula
    assert format_expr(variant.placement_score) == printed


# --- valid variants built from parts ----------------------------------------------------------


@st.composite
def _safe_formulas(draw: st.DrawFn) -> tuple[ir.Expr, int]:
    """A formula that never divides by zero or goes negative, and the raw points per displayed
    point that its scores are always a whole number of."""
    total = ir.Name("total")
    d = draw(st.integers(2, 7))
    if draw(st.booleans()):  # every score a multiple of d: may be displayed in units of d
        return ir.Conditional(total, ir.MultipleOf(total, ir.Number(d), True), None), draw(st.sampled_from([1, d]))
    terms = draw(st.lists(st.one_of(
        st.builds(lambda k: ir.Conditional(ir.BinOp("/", total, ir.Number(k)),
                                           ir.MultipleOf(total, ir.Number(k), True), None), st.integers(1, 9)),
        st.builds(lambda a, k: ir.BinOp("/", ir.BinOp("+", total, ir.Number(a)), ir.Number(k)),
                  st.integers(0, 9), st.integers(1, 9)),
        st.builds(lambda n, t, op: ir.Conditional(ir.Number(n), ir.Compare(op, total, ir.Number(t)), None),
                  st.integers(0, 50), st.integers(0, 60), st.sampled_from(["<", "<=", ">", ">=", "==", "!="])),
        st.builds(lambda n, m, a, b: ir.Conditional(
            ir.Number(n), ir.Logic("or", ir.Compare("<", total, ir.Number(a)),
                                   ir.Logic("and", ir.Not(ir.Compare(">", total, ir.Number(b))),
                                            ir.MultipleOf(total, ir.Number(3), False))), ir.Number(m)),
                  st.integers(0, 9), st.integers(0, 9), st.integers(0, 30), st.integers(0, 30)),
        st.builds(lambda k: ir.BinOp("*", total, ir.Number(k)), st.integers(0, 3)),
    ), min_size=1, max_size=3))
    formula = terms[0]
    for term in terms[1:]:
        formula = ir.BinOp("+", formula, term)
    return formula, 1


# --- every row of the clause table, with the values it can take --------------------------------
# The hand-built variants below draw the rules that depend on one another; then a few rows of the clause
# table, any rows, are set to a value the row itself gives (its example line's, or any phrase of its enum)
# where the checks accept it. So a new row is drawn without a line here, and match rules and match
# formats are drawn too.

# A spec of each kind with its required clauses only (the match rules' too), each as its row's example.
_VARIANT_TEXT = "".join(line + "\n" for line in (ROOT / "spec" / "fives_and_threes.rules").read_text(
    encoding="utf-8").splitlines() if line and not line.startswith("#"))
_REQUIRED_MATCH = "".join(c.example + "\n" for c in CLAUSES if c.scope is Scope.MATCH and c.required)
_FORMAT_TEXT = "".join(c.example + "\n" for c in CLAUSES if c.scope is Scope.FORMAT and c.required) + _REQUIRED_MATCH


def _base_match() -> ir.MatchRules:
    variant = parse(_VARIANT_TEXT + _REQUIRED_MATCH)
    assert isinstance(variant, ir.Variant) and variant.match is not None
    return variant.match


def _owner(spec: ir.Variant | ir.MatchFormat, clause: Clause) -> Any:
    """The IR object that holds the clause's field in spec (None: the variant has no match rules)."""
    if clause.scope is not Scope.MATCH:
        return spec
    return spec.rules if isinstance(spec, ir.MatchFormat) else spec.match


@functools.cache
def _row_values(clause: Clause) -> tuple[Any, ...]:
    """The values the row itself names: its example line's, and each phrase of its enum."""
    base = _FORMAT_TEXT if clause.scope is Scope.FORMAT else _VARIANT_TEXT + (
        _REQUIRED_MATCH if clause.scope is Scope.MATCH else "")
    kept = "".join(line + "\n" for line in base.splitlines() if not line.startswith(clause.key + ":"))
    values = [clause.value_in(_owner(parse(kept + clause.example + "\n"), clause))]
    if clause.phrase is not None and clause.read is None:
        values += list(clause.phrase[1])
    return tuple(values)


def _set(owner: Any, clause: Clause, value: Any) -> Any:
    if clause.many:  # one item of a tuple, kept in the order of the rows (the order fmt prints)
        order = [c.key for c in CLAUSES]
        items = [item for item in getattr(owner, clause.fields[0]) if item.name != clause.key]
        items = sorted([*items, *([] if value is None else [value])], key=lambda item: order.index(item.name))
        return dataclasses.replace(owner, **{clause.fields[0]: tuple(items)})
    values = value if isinstance(clause.field, tuple) else (value,)
    return dataclasses.replace(owner, **dict(zip(clause.fields, values, strict=True)))


def _with(spec: ir.Variant | ir.MatchFormat, clause: Clause, value: Any) -> Any:
    if clause.scope is Scope.MATCH:
        match = _set(_owner(spec, clause) or _base_match(), clause, value)
        return dataclasses.replace(spec, **{"rules" if isinstance(spec, ir.MatchFormat) else "match": match})
    return _set(spec, clause, value)


def _scopes(kind: type) -> tuple[Scope, ...]:
    return (Scope.FORMAT, Scope.SPEC, Scope.MATCH) if kind is ir.MatchFormat else (Scope.GAME, Scope.SPEC, Scope.MATCH)


@st.composite
def _rows_set(draw: st.DrawFn, spec: Any, rows: Sequence[Clause]) -> Any:
    """spec with up to three of rows set to one of their own values, each where the checks accept it."""
    mine = [clause for clause in rows if clause.scope in _scopes(type(spec))]
    for clause in draw(st.lists(st.sampled_from(mine), max_size=3, unique=True)):
        changed = _with(spec, clause, draw(st.sampled_from(_row_values(clause))))
        try:  # the checks read where each clause was written: they check the spec as fmt writes it
            check(parse(format_spec(changed)))
        except SpecError:
            continue
        spec = changed
    return spec


def valid_specs(rows: Sequence[Clause] = CLAUSES) -> st.SearchStrategy[ir.Variant | ir.MatchFormat]:
    """Valid variants and match formats, drawing the values of the given rows of the clause table."""
    formats = st.builds(lambda: parse(_FORMAT_TEXT)).flatmap(lambda spec: _rows_set(spec, rows))
    # The partnership games' rules (Kozel's penalty points, a winner or a side leading after a blocked hand, the
    # level lead, six-love) and the trains games' (rounds, own pips against, the hub) need rules at once that the
    # hand-built variants rarely draw together.
    family = st.sampled_from(["kozel", "dominican", "puerto_rican", "jamaican_partner", "chicken_foot", "mexican_train",
                              "private_trains"]).map(
        lambda game: parse("".join(line + "\n" for line in (ROOT / "examples" / "family" / f"{game}.rules")
                                   .read_text(encoding="utf-8").splitlines() if not line.startswith("#"))))
    return (_hand_built_variants() | family).flatmap(lambda spec: _rows_set(spec, rows)) | formats


def _drawn(clause: Clause, spec: ir.Variant | ir.MatchFormat) -> bool:
    """Whether spec says the clause with a value other than its default (a required row: at all)."""
    owner = _owner(spec, clause)
    if clause.scope not in _scopes(type(spec)) or owner is None:
        return False
    return clause.required or clause.value_in(owner) != clause.default


_SEARCH = settings(max_examples=2000, phases=[Phase.generate], database=None, deadline=None)


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda clause: clause.key)
def test_the_round_trip_draws_every_row_of_the_clause_table(clause: Clause) -> None:
    find(valid_specs(), functools.partial(_drawn, clause), settings=_SEARCH)


def test_a_row_the_strategy_is_not_given_is_not_drawn() -> None:
    """The test above can fail: without its row, a clause that only the table's rows draw is never drawn."""
    lurch = next(clause for clause in CLAUSES if clause.key == "lurch line")
    with pytest.raises(NoSuchExample):
        find(valid_specs([c for c in CLAUSES if c is not lurch]), functools.partial(_drawn, lurch),
             settings=settings(_SEARCH, max_examples=300))


@st.composite
def _hand_built_variants(draw: st.DrawFn) -> ir.Variant:
    max_pip = draw(st.sampled_from([3, 6, 6, 9, 12, 15, 18]))
    tiles = (max_pip + 1) * (max_pip + 2) // 2
    low = draw(st.integers(2, 4))
    high = draw(st.integers(low, min(low + 3, tiles)))
    # Now and then only some counts of the range: 'players: 2 or 4'.
    listed = draw(st.none() | st.sets(st.integers(low + 1, high - 1)).map(
        lambda middle: (low, *sorted(middle), high))) if high > low + 1 else None
    if listed == tuple(range(low, high + 1)):
        listed = None  # counts without a gap are the range, however they are written
    counts = listed if listed is not None else tuple(range(low, high + 1))
    undealt = draw(st.sampled_from(list(ir.Undealt)))
    reserve = draw(st.integers(0, 4)) if undealt is ir.Undealt.DRAW_PILE else 0
    deal: list[ir.DealRule] = []
    for count in counts:
        each = draw(st.integers(1, max(1, (tiles - reserve) // count)))
        if deal and deal[-1].tiles_each == each and draw(st.booleans()):
            deal[-1] = ir.DealRule(deal[-1].player_counts + (count,), each)
        else:
            deal.append(ir.DealRule((count,), each))
    if any(count * rule.tiles_each + reserve > tiles for rule in deal for count in rule.player_counts):
        reserve = 0
    partnerships = draw(st.sampled_from(list(ir.PartnershipKind))) if 4 in counts else ir.PartnershipKind.NONE
    spinners = draw(st.sampled_from(list(ir.Spinners)))
    spinner_sides = (draw(st.sampled_from(list(ir.SpinnerSides))) if spinners is not ir.Spinners.NONE
                     else ir.SpinnerSides.ANY_ORDER)
    extra_turn = tuple(sorted(draw(st.sets(st.sampled_from(list(ir.ExtraTurn)))), key=list(ir.ExtraTurn).index))
    if ir.ExtraTurn.AFTER_ANY in extra_turn:  # it includes the other reasons
        extra_turn = (ir.ExtraTurn.AFTER_ANY,)
    extra_kind = draw(st.sampled_from(list(ir.ExtraTurnKind))) if extra_turn else ir.ExtraTurnKind.REQUIRED
    blocked = draw(st.sampled_from([b for b in ir.BlockedHand if partnerships is ir.PartnershipKind.NONE
                                    or b is not ir.BlockedHand.NO_DOUBLE_FIRST]))
    by_seat = blocked is ir.BlockedHand.BLOCKER_AND_NEXT  # the one rule that names a blocked hand's winning seat
    openers = [o for o in ir.Opener if by_seat or o is not ir.Opener.WINNER]
    next_opener = draw(st.sampled_from(openers))
    # A game of rounds (its target, its lead) comes from Chicken Foot below.
    target_kind = draw(st.sampled_from([k for k in ir.TargetKind if k is not ir.TargetKind.LOWEST_AFTER_ROUNDS]))
    announced = target_kind is ir.TargetKind.AT_LEAST and draw(st.booleans())
    formula, raw_per_displayed = draw(_safe_formulas())
    # Quoted text: not blank, no quote, no control or bidirectional control character.
    text = st.text(st.characters(blacklist_characters='"' + "".join(BIDI_CONTROLS), blacklist_categories=["Cs", "Cc"]),
                   min_size=1, max_size=30).filter(str.strip)
    draw_pile = undealt is ir.Undealt.DRAW_PILE
    a, b = sorted(draw(st.lists(st.integers(0, max_pip), min_size=2, max_size=2)))
    lead = draw(st.sampled_from([*(lead for lead in ir.Lead if lead not in (ir.Lead.ROUND_DOUBLE,
                                                                          ir.Lead.ROUND_DOUBLE_SET_ASIDE)),
                                 ir.LeadTile(a, b)]))
    if by_seat and lead in ir.OFFERED_LEADS:  # a hand may block before any tile: there is no blocker
        lead = ir.Lead.ANY_TILE
    if lead is ir.Lead.DOUBLE_OR_SCORING and not any(
            evaluate(formula, {"total": x + y}) > 0 for x in range(max_pip + 1) for y in range(x + 1, max_pip + 1)):
        lead = ir.Lead.DOUBLE
    first_hand_lead = None if ir.names_lead_tile(lead) or not draw(st.booleans()) else ir.LeadTile(a, b)
    naming = lead if ir.names_lead_tile(lead) else first_hand_lead
    needed = 1 if isinstance(naming, ir.LeadTile) else max_pip + 1
    undealt_lead = naming is not None and any(tiles - count * rule.tiles_each >= needed
                                              for rule in deal for count in rule.player_counts)
    named = ir.names_lead_tile(lead)
    if named:
        next_opener = ir.Opener.NEXT_SEAT
    without = [ir.LeaderWithout.PASSES, *([ir.LeaderWithout.DRAWS] if draw_pile else [])]
    when_able = draw(st.sampled_from([w for w in ir.WhenAble if draw_pile or w is not ir.WhenAble.MAY_DRAW]))
    drawn_tile = draw(st.sampled_from(list(ir.DrawnTile))) if draw_pile else ir.DrawnTile.PLAYED_AT_ONCE
    if when_able is ir.WhenAble.MAY_DRAW:
        drawn_tile = ir.DrawnTile.JOINS_HAND
    awards = st.builds(lambda source, round_to, divide_by, less_own, each_hand: ir.PipAward(
        source, round_to, divide_by, less_own=less_own, each_hand=each_hand and round_to is not None),
        st.sampled_from(list(ir.AwardFrom)), st.none() | st.integers(1, 10), st.integers(1, 10), st.booleans(),
        st.booleans())
    kind = target_kind
    at_least = kind is ir.TargetKind.AT_LEAST
    target = ir.Target(kind, 0) if kind is ir.TargetKind.NONE else ir.Target(
        kind, draw(st.integers(1, MAX_NUMBER)), at_hand_end=at_least and not announced and draw(st.booleans()))
    if kind is not ir.TargetKind.NONE and not target.at_hand_end and draw(st.booleans()):
        # A target per player count, counts with the same target sometimes written together.
        by_players: list[ir.TargetCount] = []
        for count in draw(st.permutations(counts)):
            points = draw(st.integers(1, MAX_NUMBER))
            if by_players and draw(st.booleans()):
                together = tuple(sorted((*by_players[-1].player_counts, count)))  # a set, smallest first
                by_players[-1] = ir.TargetCount(together, by_players[-1].points)
            else:
                by_players.append(ir.TargetCount((count,), points))
        target = ir.Target(kind, by_players[0].points, by_players=tuple(by_players))
    pool = (draw(st.none() | st.integers(1, 10))
            if kind is ir.TargetKind.NONE and partnerships is ir.PartnershipKind.NONE else None)
    penalty = draw(st.none() | st.builds(lambda n, each, exempt: ir.PipPenalty(n, each and n is not None, exempt),
                                         st.none() | st.integers(1, 10), st.booleans(), st.booleans())
                   ) if at_least else None
    first_score = draw(st.builds(ir.FirstScore, st.integers(1, min(target.every_points)), st.booleans())
                       | st.just(ir.AnyFirstScore.ANY)) if at_least and not announced else ir.AnyFirstScore.ANY
    after_blocked = None if named else draw((st.none() if next_opener is not ir.Opener.LAST_TILE else st.nothing())
                                            | st.sampled_from([o for o in openers if lead not in ir.OFFERED_LEADS
                                                               or o is not ir.Opener.LAST_TILE]))
    matching = draw(st.none() | st.integers(0, 2 * max_pip))
    wild_tiles = tuple(ir.WildTile(x, y) for x, y in draw(st.lists(
        st.tuples(st.integers(0, max_pip), st.integers(0, max_pip)).map(sorted).map(tuple), unique=True, max_size=4)))
    line = spinners is ir.Spinners.NONE and matching is None and not wild_tiles
    either_end = draw(st.integers(0, 30)) if kind is not ir.TargetKind.EXACTLY and line else 0
    two_numbers = bool(either_end) and draw(st.booleans())
    compared = blocked not in (ir.BlockedHand.NO_WINNER, ir.BlockedHand.BLOCKER_AND_NEXT)
    tied_lowest = draw(st.sampled_from(list(ir.TiedLowest))) if compared else ir.TiedLowest.EACH_WINS
    if ir.Opener.SIDE_CHOICE in (next_opener, after_blocked) and compared and tied_lowest is ir.TiedLowest.EACH_WINS:
        tied_lowest = ir.TiedLowest.NO_WINNER  # the winning side chooses: tied sides may not both win
    two_sides = partnerships is not ir.PartnershipKind.OPTIONAL and all(
        n == 2 or (n == 4 and partnerships is ir.PartnershipKind.FIXED) for n in counts)
    if tied_lowest in (ir.TiedLowest.LEADERS_WIN, ir.TiedLowest.BLOCKERS_WIN) and not two_sides:
        tied_lowest = ir.TiedLowest.NO_WINNER  # the side that led (or blocked) is a tied one only where there are two
    if tied_lowest is ir.TiedLowest.BLOCKERS_WIN and lead in ir.OFFERED_LEADS:
        tied_lowest = ir.TiedLowest.NO_WINNER  # a hand may block before any tile: there is no blocker
    return ir.Variant(
        name=draw(text),
        max_pip=max_pip,
        min_players=low,
        max_players=high,
        player_set=listed,
        deal=tuple(deal),
        undealt=undealt,
        spinners=spinners,
        placement_score=formula,
        target=target,
        source=draw(st.none() | text),
        partnerships=partnerships,
        reserve=reserve,
        draw_limit=draw(st.none() | st.integers(1, 5)) if draw_pile else None,
        drawn_tile=drawn_tile,
        cannot_play=ir.CannotPlay.DRAW if draw_pile else ir.CannotPlay.KNOCK,
        when_able=when_able,
        first_opener=ir.Opener.LOT if naming is not None
        else draw(st.sampled_from([ir.Opener.LOT, ir.Opener.HIGHEST_DOUBLE])),
        next_opener=next_opener,
        after_blocked=after_blocked,
        lead=lead,
        first_hand_lead=first_hand_lead,
        if_nobody_holds=draw(st.sampled_from([rule for rule in ir.NobodyHolds if rule is not ir.NobodyHolds.DRAWN_FOR]))
        if undealt_lead else None,
        leader_without=draw(st.sampled_from(without)) if lead in ir.OFFERED_LEADS else None,
        branches_open=(draw(st.sampled_from(list(ir.BranchesOpen))) if spinners is not ir.Spinners.NONE
                       else ir.BranchesOpen.AFTER_BOTH_LINE_SIDES),
        double_at_end=draw(st.sampled_from(list(ir.DoubleAtEnd))),
        spinner_sides=spinner_sides,
        spinner_counts=(draw(st.sampled_from(list(ir.SpinnerCounts))) if spinners is not ir.Spinners.NONE
                        else ir.SpinnerCounts.LIKE_ANY_DOUBLE),
        cross_arms=(draw(st.sampled_from(list(ir.CrossArms)))
                    if spinners is ir.Spinners.FIRST_DOUBLE and spinner_sides is ir.SpinnerSides.BEFORE_OTHER_ENDS
                    else ir.CrossArms.NONE),
        matching=matching,
        wild_tiles=wild_tiles,
        raw_per_displayed=raw_per_displayed,
        extra_turn=extra_turn,
        extra_turn_stuck=(draw(st.sampled_from(list(ir.ExtraTurnStuck)))
                          if extra_turn and extra_kind is ir.ExtraTurnKind.REQUIRED
                          else ir.ExtraTurnStuck.DRAW_AS_USUAL),
        extra_turn_kind=extra_kind,
        placement_points=ir.PlacementPoints.ANNOUNCED if announced else ir.PlacementPoints.CREDITED,
        partnership_out=(draw(st.sampled_from(list(ir.PartnershipOut)))
                         if partnerships is not ir.PartnershipKind.NONE else None),
        # Some rule must score towards a target: a going-out bonus; of 1 point, whatever else scores, for an
        # exact target (some sum of scores must make it).
        going_out_bonus=(draw(st.integers(0, 10)) if kind is ir.TargetKind.NONE
                         else 1 if kind is ir.TargetKind.EXACTLY else draw(st.integers(1, 10))),
        pip_award=draw(st.none() | awards),
        blocked_hand=blocked,
        blocked_award=(draw(st.sampled_from(list(ir.SameAward)) | st.none() | awards
                            | st.builds(ir.FixedAward, st.integers(0, 10)))
                       if blocked is not ir.BlockedHand.NO_WINNER else ir.SameAward.PIP_AWARD),
        first_score=first_score,
        pip_penalty=penalty,
        scores_below_zero=(ir.BelowZero.ALLOWED if penalty is not None or pool is not None
                           else draw(st.sampled_from(list(ir.BelowZero)))),
        pool_stake=pool,
        pool_ties=draw(st.sampled_from(list(ir.PoolTies))) if pool is not None else ir.PoolTies.DIVIDED,
        lead_winning=(draw(st.sampled_from(list(ir.LeadWinning))) if kind is ir.TargetKind.EXACTLY
                      else ir.LeadWinning.SCORED),
        tied_lowest=tied_lowest,
        # A capicua or a chuchazo is judged on a line's two ends; the bonuses are played to a target of at least N.
        either_end_bonus=either_end,
        either_end_doubles=not two_numbers and (draw(st.booleans()) if either_end else True),
        either_end_two_numbers=two_numbers,
        blank_end_bonus=(draw(st.integers(0, 30)) if kind is not ir.TargetKind.EXACTLY and line else 0),
        hand_bonuses=tuple(ir.HandBonus(hand, points) for hand, points in sorted(draw(
            st.dictionaries(st.integers(1, 20), st.integers(0, 50), max_size=4)).items())),
        pass_points=(draw(st.integers(0, 30)) if kind is not ir.TargetKind.EXACTLY
                     and first_score is ir.AnyFirstScore.ANY else 0),
    )


@settings(max_examples=150)
@given(valid_specs())
def test_built_variant_prints_parses_back_and_passes_check(variant: ir.Variant | ir.MatchFormat) -> None:
    text = format_spec(variant)
    parsed = parse(text)
    assert parsed == variant
    assert check(parsed) is parsed
    assert format_spec(parsed) == text


@settings(max_examples=100)
@given(st.sampled_from(SHIPPED), st.data())
def test_formatting_is_idempotent_whatever_the_layout(path: Path, data: st.DataObject) -> None:
    """Shuffle the clauses, pad them with blanks and spaces: fmt gives one text, and fmt of that
    text is the same text."""
    lines = [line for line in path.read_text(encoding="utf-8").split("\n") if line and not line.startswith("#")]
    shuffled = data.draw(st.permutations(lines))
    spaced = [re.sub(r":\s*", data.draw(st.sampled_from([": ", ":   ", ":\t"])), line, count=1)
              + data.draw(st.sampled_from(["", "  ", "\t"])) for line in shuffled]
    text = data.draw(st.sampled_from(["\n", "\r\n", "\n\n"])).join(spaced)
    once = format_spec(parse(text))
    assert format_spec(parse(once)) == once
    assert parse(once) == parse(path.read_text(encoding="utf-8"))


# --- comments ---------------------------------------------------------------------------------

COMMENT_TEXT = st.text(st.characters(blacklist_characters="\n\r", blacklist_categories=["Cs", "Cc", "Zl", "Zp"]),
                       max_size=25).map(lambda text: ("# " + text).rstrip())


@settings(max_examples=100)
@given(valid_specs(), st.data())
def test_comments_survive_formatting(variant: ir.Variant | ir.MatchFormat, data: st.DataObject) -> None:
    """Comments above a clause, at the end of its line and after the last clause all come back,
    in order, from fmt, and fmt of the result is the same text."""
    lines = format_spec(variant).rstrip("\n").split("\n")
    written: list[str] = []
    out: list[str] = []
    for line in lines:
        for comment in data.draw(st.lists(COMMENT_TEXT, max_size=2)):
            out.append(comment)
            written.append(comment)
        inline = data.draw(st.none() | COMMENT_TEXT)
        out.append(line if inline is None else f"{line}  {inline}")
        if inline is not None:
            written.append(inline)
    for comment in data.draw(st.lists(COMMENT_TEXT, max_size=2)):
        out.append(comment)
        written.append(comment)
    text = "\n".join(out) + "\n"

    parsed = parse(text)
    formatted = format_spec(parsed)
    assert parsed == variant
    assert formatted == text
    assert format_spec(parse(formatted)) == formatted
    # A '#' inside quoted text (the variant's name) starts no comment.
    assert [m.group(1) for m in re.finditer(r'"[^"]*"|(#.*)', formatted) if m.group(1)] == written
