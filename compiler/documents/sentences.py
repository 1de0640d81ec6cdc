"""The rules of a spec as the sentences of its rule book: which sentence says each clause, with what values.

This is the one place that decides what a book says about a rule. The writer renders these sentences
in a pack's words; the verifier finds them in any document written with that pack and compares what
they say with what this module gives for the spec, so a book can say nothing the spec does not hold.
A clause is said where it matters to a player (the spinner clauses only where doubles spin, the draw
clauses only where there is a pile); every clause the spec writes out is one of those.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from ..language import ir
from .wording import Value, Wording

# The sections of a book, in the order a player needs them.
SECTIONS = ("players", "deal", "lead", "placing", "doubles", "scoring", "extra", "turns", "hand_end", "target",
            "match")


@dataclass(frozen=True)
class Sentence:
    section: str
    key: str  # the pack's template: "cannot play.knock", "going out scores"
    values: tuple[tuple[str, Value], ...]
    clauses: tuple[str, ...]  # the spec clauses it says


def _s(section: str, key: str, clauses: str | tuple[str, ...], **values: Value) -> Sentence:
    return Sentence(section, key, tuple(sorted(values.items())), (clauses,) if isinstance(clauses, str) else clauses)


def _phrase(section: str, clause: str, value: ir.Choice) -> Sentence:
    return _s(section, f"{clause}.{value}", clause)


def _award(award: ir.PipAward) -> tuple[str, tuple[tuple[str, Value], ...]]:
    """The nested phrase of a pip award: where the pips come from and how they are rounded and divided."""
    form = ("rounded" if award.round_to else "plain") + ("_divided" if award.divide_by != 1 else "")
    values: dict[str, Value] = {}
    if award.round_to:
        values["round_to"] = award.round_to
    if award.divide_by != 1:
        values["divide_by"] = award.divide_by
    return f"award.{award.source}.{form}", tuple(sorted(values.items()))


def _threshold(threshold: ir.Threshold, game_target: int) -> tuple[str, tuple[tuple[str, Value], ...]]:
    if threshold.denominator is None:
        return "below.score", (("score", threshold.numerator),)
    return "below.share", tuple(sorted({"numerator": threshold.numerator, "denominator": threshold.denominator,
                                        "score": threshold.cutoff(game_target)}.items()))


def _gain(points: int | None) -> tuple[str, tuple[tuple[str, Value], ...]]:
    return ("gain.match", ()) if points is None else ("gain.points", (("points", points),))


def match_sentences(rules: ir.MatchRules, game_target: int) -> list[Sentence]:
    out = [_s("match", "match points for a win", "match points for a win", points=rules.win_points)]
    for line in rules.lines:
        out.append(_s("match", line.name, line.name, below=_threshold(line.below, game_target),
                      gain=_gain(line.points)))
    out.append(_s("match", f"match target.{rules.target_kind}", "match target", points=rules.target))
    out.append(_phrase("match", "next game opener", rules.next_game_opener))
    return out


@functools.lru_cache(maxsize=32)  # a document's every rule sentence is compared with the same spec's
def rule_sentences(spec: ir.Variant | ir.MatchFormat, wording: Wording) -> tuple[Sentence, ...]:
    """Every rule of the spec as its book's sentences, in book order."""
    if isinstance(spec, ir.MatchFormat):
        return (_s("match", "game target", "game target", points=spec.game_target),
                *match_sentences(spec.rules, spec.game_target))
    sentences = list(_variant_sentences(spec, wording_for(spec, wording)))
    order = {name: index for index, name in enumerate(SECTIONS)}
    return tuple(sorted(sentences, key=lambda s: order[s.section]))  # stable: each section keeps the order given


def wording_for(spec: ir.Variant | ir.MatchFormat, wording: Wording) -> Wording:
    """The pack's wording for this spec: that of a game without partnerships where there are none, which
    speaks of players where the others speak of sides."""
    alone = isinstance(spec, ir.Variant) and spec.partnerships is ir.PartnershipKind.NONE
    return wording.without_partners() if alone else wording


def _variant_sentences(v: ir.Variant, wording: Wording) -> Iterator[Sentence]:
    yield _s("players", "tiles", "tiles", set=v.max_pip, tiles=v.tile_count)
    if v.player_set is not None or v.min_players == v.max_players:
        yield _s("players", "players.counts", "players", counts=tuple(v.player_counts))
    else:
        yield _s("players", "players.range", "players", low=v.min_players, high=v.max_players)
    if v.partnerships is ir.PartnershipKind.NONE:
        yield _s("players", "partnerships.none", "partnerships")
    else:
        yield _s("players", f"partnerships.{v.partnerships}", "partnerships", players=v.partnership_size)
    if v.rounds is not ir.Rounds.NONE:
        yield _phrase("players", "rounds", v.rounds)

    yield _s("deal", "deal", "deal")  # the deal's numbers are its table's
    yield _phrase("deal", "undealt tiles", v.undealt)
    drawing = v.undealt is ir.Undealt.DRAW_PILE
    if drawing:
        yield (_s("deal", "reserve", "reserve", reserve=v.reserve) if v.reserve
               else _s("deal", "reserve.none", "reserve"))

    if v.first_hand_lead is not None:  # it names the first hand's opener too
        yield _s("lead", "first hand lead", "first hand lead", tile=(v.first_hand_lead.low, v.first_hand_lead.high))
    elif v.level_lead is not None:  # ... and the level hands' (0-0 opens a game)
        yield _s("lead", "level lead", "level lead", tile=(v.level_lead.low, v.level_lead.high))
    else:
        yield _phrase("lead", "first opener", v.first_opener)
    if isinstance(v.lead, ir.LeadTile):
        yield _s("lead", "lead.tile", "lead", tile=(v.lead.low, v.lead.high))
    else:
        yield _phrase("lead", "lead", v.lead)
    if v.if_nobody_holds is not None:
        yield _phrase("lead", "if nobody holds it", v.if_nobody_holds)
    if v.leader_without is not None:
        yield _phrase("lead", "leader without one", v.leader_without)
    yield _phrase("lead", "next opener", v.next_opener)
    if v.after_blocked is not None:
        yield _phrase("lead", "after a blocked hand", v.after_blocked)
    if (v.after_blocked or v.next_opener) is ir.Opener.WINNER and v.level_lead is None \
            and v.tied_lowest is ir.TiedLowest.NO_WINNER and v.blocked_hand is not ir.BlockedHand.BLOCKER_AND_NEXT:
        yield _s("lead", "winner of the last hand.draw", ("next opener", "tied lowest"))  # Venezuelan's tied block

    if v.matching is None:
        yield _s("placing", "matching.equal", "matching")
    else:
        yield _s("placing", "matching.sum", "matching", total=v.matching)
    if v.wild_tiles:
        yield _s("placing", "wild tiles", "wild tiles", tile_list=tuple((t.low, t.high) for t in v.wild_tiles))
    if v.trains is not ir.Trains.NONE:  # the trains are the layout: their sentence says no double spins
        yield _s("placing", f"trains.{v.trains}", ("trains", "spinners"))
        yield _s("placing", "trains.markers", "trains")
        yield _phrase("doubles", "doubles in trains", v.train_doubles)
    else:
        yield _phrase("doubles", "spinners", v.spinners)
    if v.spinners is not ir.Spinners.NONE:
        yield _phrase("doubles", "branches open", v.branches_open)
        yield _phrase("doubles", "spinner sides", v.spinner_sides)
        yield _phrase("doubles", "spinner counts", v.spinner_counts)
        yield _phrase("doubles", "arms of the cross", v.cross_arms)
        if v.later_doubles is not ir.LaterDoubles.CROSSWISE:  # crosswise, the default, is what `spinners` says
            yield _phrase("doubles", "later doubles", v.later_doubles)
    yield _phrase("doubles", "double at an end counts", v.double_at_end)

    yield _s("scoring", "placement score", "placement score", formula=formula_words(v.placement_score, wording))
    if v.raw_per_displayed != 1:
        yield _s("scoring", "raw points per displayed point", "raw points per displayed point",
                 raw=v.raw_per_displayed)
    yield _phrase("scoring", "placement points", v.placement_points)
    if v.pass_points:
        yield _s("scoring", "an opponent's pass scores", "an opponent's pass scores", points=v.pass_points)
    if v.round_pass_points:
        yield _s("scoring", "a pass all round scores", "a pass all round scores", points=v.round_pass_points)
    if v.lead_pass_points or v.lead_pass_double_points:
        yield _s("scoring", "a pass right after the lead scores", "a pass right after the lead scores",
                 points=v.lead_pass_points, double=v.lead_pass_double_points)
    if isinstance(v.first_score, ir.FirstScore):
        key = "first score.placements" if v.first_score.placements_only else "first score"
        yield _s("scoring", key, "first score", threshold=v.first_score.threshold)

    if v.extra_turn:
        kinds = ", ".join(sorted(str(kind) for kind in v.extra_turn))
        yield _s("extra", f"extra turn after.{kinds}", "extra turn after")
        yield _phrase("extra", "extra turn is", v.extra_turn_kind)
        if v.lead_extra_turn is not ir.LeadExtraTurn.AS_ANY_PLACEMENT:
            yield _phrase("extra", "extra turn for the lead", v.lead_extra_turn)
        if drawing:
            yield _phrase("extra", "extra turn without a legal tile", v.extra_turn_stuck)

    yield _phrase("turns", "when able to play", v.when_able)
    yield _phrase("turns", "cannot play", v.cannot_play)
    if drawing:
        yield _phrase("turns", "drawn tile", v.drawn_tile)
        yield (_s("turns", "draw limit", "draw limit", limit=v.draw_limit) if v.draw_limit is not None
               else _s("turns", "draw limit.none", "draw limit"))

    if v.partnership_out is not None:
        yield _phrase("hand_end", "partnership goes out", v.partnership_out)
    yield (_s("hand_end", "going out scores", "going out scores", points=v.going_out_bonus) if v.going_out_bonus
           else _s("hand_end", "going out scores.none", "going out scores"))
    if v.either_end_bonus:
        key = "going out on either end scores" + (".two numbers" if v.either_end_two_numbers
                                                  else "" if v.either_end_doubles else ".doubles excepted")
        yield _s("hand_end", key, "going out on either end scores", points=v.either_end_bonus)
    if v.blank_end_bonus:
        yield _s("hand_end", "going out on a single blank end scores",
                 "going out with double blank on a single blank end scores", points=v.blank_end_bonus)
    if v.pip_award is not None:
        yield _s("hand_end", "pip award", "pip award", award=_award(v.pip_award))
    elif v.pips_left is None:  # else the pips left are the holder's own score, which its sentence says
        yield _s("hand_end", "pip award.none", "pip award")
    if v.pip_award is not None and v.pip_award.less_own:
        yield _s("hand_end", "pip award.less own", "pip award")
    if v.pip_award is not None and v.pip_award.each_hand:
        yield _s("hand_end", "pip award.each hand", "pip award")
    winner = v.blocked_hand
    if winner is ir.BlockedHand.LOWEST_COMBINED and v.partnerships is ir.PartnershipKind.NONE:
        winner = ir.BlockedHand.LOWEST_PIPS  # without partners nothing is combined: the same rule
    yield _s("hand_end", f"blocked hand.{winner}", "blocked hand")
    if v.blocked_hand is not ir.BlockedHand.NO_WINNER:
        blocked = v.blocked_award
        if isinstance(blocked, ir.SameAward):
            yield _s("hand_end", "blocked hand award.same", "blocked hand award")
        elif blocked is None:
            yield _s("hand_end", "blocked hand award.none", "blocked hand award")
        elif isinstance(blocked, ir.FixedAward):
            yield _s("hand_end", "blocked hand award.fixed", "blocked hand award", points=blocked.points)
        else:
            yield _s("hand_end", "blocked hand award", "blocked hand award", award=_award(blocked))
        if v.blocked_hand is not ir.BlockedHand.BLOCKER_AND_NEXT:  # its sentence says who wins equal pips
            yield _phrase("hand_end", "tied lowest", v.tied_lowest)
    if v.blocked_bonus:
        yield _s("hand_end", "winning a blocked hand scores", "winning a blocked hand scores", points=v.blocked_bonus)
    for bonus in v.hand_bonuses:
        yield _s("hand_end", "hand bonus", "hand bonus", hand=bonus.hand, points=bonus.points)
    if v.pip_penalty is not None:
        penalty = v.pip_penalty
        yield (_s("hand_end", "pip penalty.rounded", "pip penalty", round_to=penalty.round_to) if penalty.round_to
               else _s("hand_end", "pip penalty", "pip penalty"))
        if penalty.each_hand and penalty.round_to:
            yield _s("hand_end", "pip penalty.each hand", "pip penalty")
        if penalty.out_exempt:
            yield _s("hand_end", "pip penalty.out exempt", "pip penalty")
        yield _phrase("hand_end", "scores below zero", v.scores_below_zero)
    if v.pips_left is not None:
        yield _phrase("hand_end", "pips left in hand", v.pips_left)
    for value in v.tile_values:
        yield _s("hand_end", "tile values", "tile values", tile=(value.low, value.high), points=value.pips)
    for value in v.lone_tile_values:
        yield _s("hand_end", "lone tile values", "lone tile values", tile=(value.low, value.high), points=value.pips)
    if v.pool_stake is not None:
        yield _s("hand_end", "pool stake", "pool stake", points=v.pool_stake)
        yield _phrase("hand_end", "pool ties", v.pool_ties)
    if v.hand_points_to is ir.HandPointsTo.LOSERS:  # the winning side, the default, is what every award says
        yield _s("hand_end", "hand points go to.the losing side", "hand points go to")
    if v.tied_hand_points is ir.TiedHandPoints.CARRIED:
        yield _s("hand_end", "tied hand points.carried to the next decided hand", "tied hand points")
    if v.both_scored is not ir.BothScored.KEPT:  # keeping them, the default, is what every award says
        yield _s("hand_end", f"when both sides have points.{v.both_scored}", "when both sides have points")

    target = v.target
    if target.kind in ir.NUMBERLESS_TARGETS:
        yield _s("target", f"target.{target.kind}", "target")
    elif v.hand_points_to is ir.HandPointsTo.LOSERS:  # penalty points: reaching the target loses
        yield _s("target", "target.losing", "target", points=target.points)
    elif not target.by_players:
        yield _s("target", f"target.{target.kind}", "target", points=target.points)
        if v.raw_per_displayed != 1:
            yield _s("target", "target.raw", "target", points=target.points, raw=target.points * v.raw_per_displayed)
    else:
        yield _s("target", f"target.{target.kind}.by players", "target")
        for rule in target.by_players:
            yield _s("target", "target.for players", "target", counts=rule.player_counts, points=rule.points)
    if target.at_hand_end and v.hand_points_to is ir.HandPointsTo.WINNERS:
        yield _s("target", "target.at hand end", "target")
    if target.kind not in ir.NUMBERLESS_TARGETS:
        yield _phrase("target", "winning points on the lead", v.lead_winning)

    if v.match is not None:
        yield from match_sentences(v.match, target.points)


# The clauses no rule sentence says, each with where the book says it instead. Every other clause of the clause
# table has its sentence above (tests/test_book_clauses.py holds every clause to this).
NOT_WORDED: dict[str, str] = {
    "variant": "the book's title names the variant",
    "match format": "the book's title names the match format",
    "source": "the book's last line gives the source",
}


# --- every key a pack must word ----------------------------------------------------------------------------

def _phrase_keys(clause: str, choice: type[ir.Choice]) -> list[str]:
    return [f"{clause}.{value}" for value in choice]


EXTRA_TURN_KEYS = [f"extra turn after.{', '.join(sorted(str(k) for k in kinds))}"
                   for size in range(1, len(ir.ExtraTurn) + 1) for kinds in combinations(ir.ExtraTurn, size)]

SENTENCE_KEYS: tuple[str, ...] = (
    "tiles", "players.counts", "players.range", "partnerships.none", "partnerships.fixed", "partnerships.optional",
    *_phrase_keys("rounds", ir.Rounds)[1:], "deal", *_phrase_keys("undealt tiles", ir.Undealt), "reserve",
    "reserve.none",
    *_phrase_keys("first opener", ir.Opener), "first hand lead", "lead.tile", *_phrase_keys("lead", ir.Lead),
    *_phrase_keys("if nobody holds it", ir.NobodyHolds), *_phrase_keys("leader without one", ir.LeaderWithout),
    *_phrase_keys("next opener", ir.Opener), *_phrase_keys("after a blocked hand", ir.Opener),
    "winner of the last hand.draw",
    "matching.equal", "matching.sum", "wild tiles",
    *_phrase_keys("spinners", ir.Spinners), *_phrase_keys("branches open", ir.BranchesOpen),
    *_phrase_keys("spinner sides", ir.SpinnerSides), *_phrase_keys("spinner counts", ir.SpinnerCounts),
    *_phrase_keys("arms of the cross", ir.CrossArms), *_phrase_keys("later doubles", ir.LaterDoubles),
    *_phrase_keys("trains", ir.Trains)[1:], "trains.markers", *_phrase_keys("doubles in trains", ir.TrainDoubles),
    *_phrase_keys("double at an end counts", ir.DoubleAtEnd),
    "placement score", "raw points per displayed point", *_phrase_keys("placement points", ir.PlacementPoints),
    "first score", "first score.placements",
    *EXTRA_TURN_KEYS, *_phrase_keys("extra turn is", ir.ExtraTurnKind),
    *_phrase_keys("extra turn for the lead", ir.LeadExtraTurn)[1:],
    *_phrase_keys("extra turn without a legal tile", ir.ExtraTurnStuck),
    *_phrase_keys("when able to play", ir.WhenAble), *_phrase_keys("cannot play", ir.CannotPlay),
    *_phrase_keys("drawn tile", ir.DrawnTile), "draw limit", "draw limit.none",
    *_phrase_keys("partnership goes out", ir.PartnershipOut), "going out scores", "going out scores.none",
    "going out on either end scores", "going out on either end scores.doubles excepted",
    "going out on either end scores.two numbers",
    "going out on a single blank end scores", "winning a blocked hand scores", "hand bonus",
    "an opponent's pass scores", "a pass all round scores", "a pass right after the lead scores",
    "pip award", "pip award.none", "pip award.less own", "pip award.each hand",
    *_phrase_keys("blocked hand", ir.BlockedHand),
    "blocked hand award", "blocked hand award.same", "blocked hand award.none", "blocked hand award.fixed",
    *_phrase_keys("tied lowest", ir.TiedLowest),
    "pip penalty", "pip penalty.rounded", "pip penalty.each hand", "pip penalty.out exempt",
    *_phrase_keys("pips left in hand", ir.PipsLeft), "tile values", "lone tile values",
    *_phrase_keys("scores below zero", ir.BelowZero), "pool stake", *_phrase_keys("pool ties", ir.PoolTies),
    "hand points go to.the losing side", "tied hand points.carried to the next decided hand",
    *_phrase_keys("when both sides have points", ir.BothScored)[1:], "level lead",
    "target.none", f"target.{ir.TargetKind.LOWEST_AFTER_ROUNDS}", "target.exactly", "target.at least", "target.raw",
    "target.exactly.by players",
    "target.at least.by players", "target.for players", "target.at hand end", "target.losing",
    *_phrase_keys("winning points on the lead", ir.LeadWinning),
    "game target", "match points for a win", "lurch line", "skunk line", "double skunk line", "triple skunk line",
    *[f"match target.{kind}" for kind in ir.MatchTargetKind], *_phrase_keys("next game opener", ir.NextGameOpener),
)

PHRASE_KEYS: tuple[str, ...] = (
    *[f"award.{source}.{form}" for source in ir.AwardFrom
      for form in ("plain", "rounded", "plain_divided", "rounded_divided")],
    "below.score", "below.share", "gain.points", "gain.match",
)

# The names that are 1 or 0 ("lead": 1 when the placement is the lead), said as the fact they ask about.
FLAGS = ("lead", "ends_alike", "double_end")
FORMULA_KEYS: tuple[str, ...] = (*ir.FORMULA_NAMES, "+", "-", "*", "/", "if", "if else", "multiple",
                                 "positive multiple", "<", "<=", ">", ">=", "==", "!=", "and", "or", "not",
                                 "group", *(f"{flag}.{truth}" for flag in FLAGS for truth in ("yes", "no")),
                                 "to go", "times if")


# --- the scoring formula in words ------------------------------------------------------------------------

_CONDITIONAL, _SUM, _PRODUCT, _ATOM = range(4)


def _fill(template: str, **parts: str) -> str:
    for name, text in parts.items():
        template = template.replace("{" + name + "}", text)
    return template


def _flag_condition(c: ir.Compare) -> str | None:
    """"lead == 1" as the fact it asks ("lead.yes"), "double_end == 0" as its denial ("double_end.no"): the key of
    a comparison of a 1-or-0 name with a number that holds for one of the two; None for any other."""
    left, right, op = c.left, c.right, c.op
    if isinstance(right, ir.Name) and isinstance(left, ir.Number):
        left, right, op = right, left, {"<": ">", ">": "<", "<=": ">=", ">=": "<="}.get(op, op)
    if not (isinstance(left, ir.Name) and left.name in FLAGS and isinstance(right, ir.Number)):
        return None
    compare = {"<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__, "==": int.__eq__,
               "!=": int.__ne__}[op]
    holds = [flag for flag in (0, 1) if compare(flag, right.value)]
    return f"{left.name}.{'yes' if holds == [1] else 'no'}" if len(holds) == 1 else None


def _times_if(e: ir.BinOp) -> tuple[ir.Expr, int, ir.Cond] | None:
    """"A * (2 if C else 1)", either way round: A, made 2 times as much where C holds."""
    for value, factor in ((e.left, e.right), (e.right, e.left)):
        if (e.op == "*" and isinstance(factor, ir.Conditional) and isinstance(factor.then, ir.Number)
                and isinstance(factor.otherwise, ir.Number) and factor.otherwise.value == 1):
            return value, factor.then.value, factor.cond
    return None


def formula_words(expr: ir.Expr, wording: Wording) -> str:
    """The placement score in the pack's words, bracketed as the formula's grouping needs: the 1-or-0 names
    said as the facts they ask about ("the placement is the lead"), the target less the score as what the
    side still needs, a factor that applies in one case as that case."""
    words = wording.formula

    def expression(e: ir.Expr, context: int) -> str:
        match e:
            case ir.Number(value):
                return str(value)
            case ir.Name(name):
                return words[name]
            case ir.BinOp("-", ir.Name("target"), ir.Name("score")):
                return words["to go"]
            case ir.BinOp() if (times := _times_if(e)) is not None:
                scaled, factor, cond = times
                level = _CONDITIONAL
                text = _fill(words["times if"], value=expression(scaled, _SUM), factor=str(factor),
                             cond=condition(cond))
            case ir.BinOp(op, left, right):
                level = _SUM if op in "+-" else _PRODUCT
                text = _fill(words[op], left=expression(left, level), right=expression(right, level + 1))
            case ir.Conditional(then, cond, otherwise):
                level = _CONDITIONAL
                text = (_fill(words["if"], then=expression(then, _SUM), cond=condition(cond)) if otherwise is None
                        else _fill(words["if else"], then=expression(then, _SUM), cond=condition(cond),
                                   otherwise=expression(otherwise, _CONDITIONAL)))
            case _:
                raise AssertionError(f"not an expression: {e!r}")  # pragma: no cover
        return _fill(words["group"], inner=text) if level < context else text

    def condition(c: ir.Cond) -> str:
        match c:
            case ir.Compare(op, left, right):
                flag = _flag_condition(c)
                if flag is not None:
                    return words[flag]
                return _fill(words[op], left=expression(left, _SUM), right=expression(right, _SUM))
            case ir.MultipleOf(value, divisor, positive):
                return _fill(words["positive multiple" if positive else "multiple"], value=expression(value, _SUM),
                             divisor=expression(divisor, _SUM))
            case ir.Not(operand):
                return _fill(words["not"], operand=condition(operand))
            case ir.Logic(op, left, right):
                return _fill(words[op], left=condition(left), right=condition(right))
        raise AssertionError(f"not a condition: {c!r}")  # pragma: no cover

    return expression(expr, _CONDITIONAL)


CLAIM_KEYS: tuple[str, ...] = ("score", "score one", "score raw", "score nothing", "lead score", "double end",
                               "exact target",
                               "at least target", "hand award", "rounding", "tie for fewest", "shared win",
                               "match line")
TEXT_KEYS: tuple[str, ...] = ("title", "source", "scoring table", "no other total", "not tabulated", "ordinary table",
                              "no ordinary total", "deal table", "doubles without spinners",
                              "double_end", "double_covered", "lone_double", "spinner", "branches", "unopened_branch",
                              "scoring", "matching", "wild", "board")


# The value slots each template takes (every one of them); a key not named takes none.
SLOTS: dict[str, tuple[str, ...]] = {
    'tiles': ('set', 'tiles'),
    'players.counts': ('counts',),
    'players.range': ('high', 'low'),
    'partnerships.fixed': ('players',),
    'partnerships.optional': ('players',),
    'reserve': ('reserve',),
    'first hand lead': ('tile',),
    'level lead': ('tile',),
    'target.losing': ('points',),
    'lead.tile': ('tile',),
    'matching.sum': ('total',),
    'wild tiles': ('tile_list',),
    'placement score': ('formula',),
    'raw points per displayed point': ('raw',),
    'first score': ('threshold',),
    'first score.placements': ('threshold',),
    'draw limit': ('limit',),
    'going out scores': ('points',),
    'going out on either end scores': ('points',),
    'going out on either end scores.doubles excepted': ('points',),
    'going out on either end scores.two numbers': ('points',),
    'going out on a single blank end scores': ('points',),
    'winning a blocked hand scores': ('points',),
    'hand bonus': ('hand', 'points'),
    "an opponent's pass scores": ('points',),
    'a pass all round scores': ('points',),
    'a pass right after the lead scores': ('double', 'points'),
    'pip award': ('award',),
    'blocked hand award': ('award',),
    'blocked hand award.fixed': ('points',),
    'pip penalty.rounded': ('round_to',),
    'tile values': ('points', 'tile'),
    'lone tile values': ('points', 'tile'),
    'pool stake': ('points',),
    'target.exactly': ('points',),
    'target.at least': ('points',),
    'target.raw': ('points', 'raw'),
    'target.for players': ('counts', 'points'),
    'game target': ('points',),
    'match points for a win': ('points',),
    'lurch line': ('below', 'gain'),
    'skunk line': ('below', 'gain'),
    'double skunk line': ('below', 'gain'),
    'triple skunk line': ('below', 'gain'),
    'match target.first to': ('points',),
    'match target.best of': ('points',),
    "award.opponents' pips.rounded": ('round_to',),
    "award.opponents' pips.plain_divided": ('divide_by',),
    "award.opponents' pips.rounded_divided": ('divide_by', 'round_to'),
    "award.all other hands' pips.rounded": ('round_to',),
    "award.all other hands' pips.plain_divided": ('divide_by',),
    "award.all other hands' pips.rounded_divided": ('divide_by', 'round_to'),
    "award.every hand's pips.rounded": ('round_to',),
    "award.every hand's pips.plain_divided": ('divide_by',),
    "award.every hand's pips.rounded_divided": ('divide_by', 'round_to'),
    'below.score': ('score',),
    'below.share': ('denominator', 'numerator', 'score'),
    'gain.points': ('points',),
    'score': ('points', 'terms', 'total'),
    'score one': ('points', 'total'),
    'score raw': ('displayed', 'raw', 'total'),
    'score nothing': ('total',),
    'lead score': ('points', 'tile'),
    'double end': ('tile', 'value'),
    'exact target': ('after', 'bonus', 'event', 'placement', 'score', 'target', 'total'),
    'at least target': ('after', 'points', 'score', 'target'),
    'hand award': ('pips', 'points'),
    'rounding': ('divide_by', 'pips', 'points', 'rounded'),
    'tie for fewest': ('hands', 'points'),
    'shared win': ('points', 'score', 'total'),
    'match line': ('loser', 'points', 'winner'),
    'title': ('name',),
    'source': ('source',),
}

# What documents written by people state beyond the book's own sentences and cases: read, never written.
DOCUMENT_KEYS: tuple[str, ...] = ("formula divisor", "formula multiple", "double adds", "award steps",
                                  "rounding remainders", "partner left out",
                                  "blocked partnerships", "tie partnerships", "deal counts", "match line below")
DOCUMENT_SLOTS: dict[str, tuple[str, ...]] = {
    'score': ('divided', 'divisors'),
    'score nothing': ('totals',),
    'tie for fewest': ('fewest', 'others', 'players', 'rounded', 'tied'),
    'formula divisor': ('divisor',),
    'formula multiple': ('divisor',),
    'double adds': ('value',),
    'award steps': ('divide_by', 'round_to'),
    'rounding remainders': ('down', 'up'),
    'partner left out': ('hands', 'partner', 'points'),
    'blocked partnerships': ('first', 'hands', 'pips', 'points', 'rounded', 'second', 'winner'),
    'tie partnerships': ('pips', 'points', 'rounded'),
    'deal counts': ('counts', 'tiles'),
    'match line below': ('cutoff', 'extra', 'points', 'winner'),
}
# The slots a document's template of each key may say, some of them: the book's and the documents' own. A
# sentence without slots states no number, so documents have no template for it.
READABLE: dict[str, tuple[str, ...]] = {key: slots for key in (*SENTENCE_KEYS, *CLAIM_KEYS, *DOCUMENT_KEYS)
                                        if (slots := (*SLOTS.get(key, ()), *DOCUMENT_SLOTS.get(key, ())))}
