"""The computed cases a rule book states ("a total of 15 scores 5 + 3 = 8"), chosen and checked through the engine.

A claim is a sentence of the pack's "claims" with numbers in it. Nothing here compares those numbers
with constants: each check builds the case the sentence describes (a layout, a lead, a hand's
reckoning, a game fed to the match score) from the numbers the sentence gives and compares what the
engine makes of it. The writer chooses each case by computing through the engine too, so a book of
any spec states the cases that spec has, and every one reads back and passes.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from ..documents.document import Failure
from ..documents.wording import Value
from ..engine_api import Engine, Event, MatchRules, Move, Tile, VariantEngine, as_variant, match_rules
from ..language import ir
from ..language.formula import FormulaError, evaluate
from .layouts import has_trains
from .placements import ORDINARY, NotCheckable, Placements, lead_points, placement_table

Values = dict[str, Value]
Claim = tuple[str, str, Values]  # (section, key, values)


class ReckoningEngine(VariantEngine, Protocol):
    """What a variant's module says of the end of a hand and the target, beyond the verifier's contract."""

    @property
    def GOING_OUT_BONUS(self) -> int: ...
    @property
    def TARGET_KIND(self) -> str: ...

    def reckon_hand(self, sides: tuple[int, ...], remaining: list[int],
                    out_seat: int | None) -> tuple[list[int], list[int]]: ...


class _NoCase(Exception):
    """The spec has no such case; the message says why."""


@dataclass(frozen=True)
class _Case:
    engine: ReckoningEngine
    spec: ir.Variant


def _fail(field: str, expected: object, found: object) -> Failure:
    return Failure(field, str(expected), str(found))


def _int(values: Values, name: str) -> int:
    value = values[name]
    assert isinstance(value, int)  # the reader gives a number for every number slot
    return value


# --- the placement score ----------------------------------------------------------------------------------

def formula_parts(expr: ir.Expr) -> list[ir.Expr]:
    """The top-level operands of a sum: "a + b + c" has three parts, anything else one."""
    if isinstance(expr, ir.BinOp) and expr.op == "+":
        return formula_parts(expr.left) + formula_parts(expr.right)
    return [expr]


def part_points(spec: ir.Variant, total: int) -> list[int]:
    """The raw points each additive part of the placement score gives at this end total, in an ordinary
    placement (placements.ORDINARY) with the mover's side at 0."""
    return [evaluate(part, ordinary_names(spec, total)) for part in formula_parts(spec.placement_score)]


def ordinary_names(spec: ir.Variant, total: int) -> dict[str, int]:
    """The formula's names in an ordinary placement making this total, the mover's side at 0."""
    return {"total": total, "score": 0, "target": spec.target.points, **ORDINARY}


def _table(case: _Case) -> Placements:
    return placement_table(case.engine, case.spec)


def _scoring(case: _Case, key: str) -> None:
    engine = case.engine
    if not any(_table(case).by_total.values()) and key != "score nothing":
        raise _NoCase("no end total scores by itself")
    raw = engine.RAW_PER_DISPLAYED > 1
    if raw != (key == "score raw") and key != "score nothing":
        raise _NoCase("raw points are kept apart from displayed points" if raw
                      else "every raw point is a displayed point")


def _total(case: _Case, values: Values) -> tuple[int, int, int]:
    """The claim's total, with the engine's (raw, displayed) points for it."""
    total = _int(values, "total")
    table = _table(case)
    if total > table.highest:
        raise _Stop([_fail("total", f"a reachable total, {span(0, table.highest)}", total)])
    raw, displayed = table.points(total)
    return total, raw, displayed


def span(low: int, high: int) -> str:
    """The whole numbers from low to high, as a message writes them: one number alone, none where empty."""
    if high < low:
        return "none"
    return str(low) if low == high else f"{low} to {high}"


def _terms_text(terms: Sequence[int]) -> str:
    return " + ".join(map(str, terms)) if terms else "nothing"


def formula_divisors(spec: ir.Variant, highest: int, whole: bool = False) -> list[int]:
    """The N of each part of the placement score that gives total / N (or, whole, the total itself) when N
    divides the total and nothing else ("divisible by 3 scores total / 3"), found by evaluating the part at
    every total."""
    found = []
    for part in formula_parts(spec.placement_score):
        points = [evaluate(part, ordinary_names(spec, t)) for t in range(highest + 1)]
        found += [n for n in range(2, highest + 1) if any(points) and all(
            p == ((t if whole else t // n) if t % n == 0 else 0) for t, p in enumerate(points))][:1]
    return found


def _highest(case: _Case) -> int:
    return _table(case).highest


def _check_formula_divisor(case: _Case, values: Values, whole: bool = False) -> list[Failure]:
    divisors = formula_divisors(case.spec, _highest(case), whole)
    if not divisors:
        raise _NoCase("no part of the placement score scores " + ("the total" if whole else "a share of the total")
                      + " when a number divides it")
    divisor = _int(values, "divisor")
    return [] if divisor in divisors else [_fail("divisor", " or ".join(map(str, divisors)), divisor)]


def _check_score(case: _Case, values: Values) -> list[Failure]:
    total, _, displayed = _total(case, values)
    terms = values["terms"]
    assert isinstance(terms, tuple)
    parts = [p for p in part_points(case.spec, total) if p]
    failures = []
    allowed = formula_divisors(case.spec, _highest(case))
    # Where the sentence names each term's divisor ("from the threes 5 and from the fives 3"), the term is that
    # part's: the total divided, or nothing where the divisor does not divide it. Where it writes the division
    # out ("15 / 3 + 15 / 5 = 5 + 3"), the division is arithmetic: exact, and equal to its term.
    for slot in ("divisors", "divided"):
        said = values.get(slot, ())
        assert isinstance(said, tuple)
        for divisor, term in zip(said, terms, strict=False):
            if divisor not in allowed:
                failures.append(_fail(slot, " or ".join(map(str, allowed)) or "no divisor", divisor))
            elif term != (0 if total % divisor and slot == "divisors" else total / divisor):
                failures.append(_fail("arithmetic", f"{total} / {divisor} = {total / divisor:g}",
                                      f"{total} / {divisor} = {term}"))
    if Counter(t for t in terms if t) != Counter(parts):
        failures.append(_fail("terms", _terms_text(parts), _terms_text(terms)))
    points = _int(values, "points")
    if points != displayed:
        failures.append(_fail("points", displayed, points))
    if sum(terms) != points:
        failures.append(_fail("arithmetic", f"{_terms_text(terms)} = {sum(terms)}",
                              f"{_terms_text(terms)} = {points}"))
    return failures


def _check_score_one(case: _Case, values: Values) -> list[Failure]:
    total, _, displayed = _total(case, values)
    parts = [p for p in part_points(case.spec, total) if p]
    failures = []
    if len(parts) > 1:
        failures.append(_fail("total", "a total that one part of the placement score scores",
                              f"{total}, which scores {_terms_text(parts)}"))
    points = _int(values, "points")
    if points != displayed:
        failures.append(_fail("points", displayed, points))
    return failures


def _check_formula_multiple(case: _Case, values: Values) -> list[Failure]:
    return _check_formula_divisor(case, values, whole=True)


def _check_score_nothing(case: _Case, values: Values) -> list[Failure]:
    totals = values.get("totals", ())
    assert isinstance(totals, tuple)
    if "total" in values:
        totals = (*totals, values["total"])
    failures = []
    for total in totals:
        _, raw, displayed = _total(case, {"total": total})
        if raw or displayed:
            failures.append(_fail("total", f"a total that scores nothing ({total} scores {displayed})", total))
    return failures


def _check_score_raw(case: _Case, values: Values) -> list[Failure]:
    _, raw, displayed = _total(case, values)
    return _compare(values, raw=raw, displayed=displayed)


def _check_lead_score(case: _Case, values: Values) -> list[Failure]:
    """"Leading [5|5] scores 4 points": the tile led alone, through the engine."""
    tile = values["tile"]
    assert isinstance(tile, tuple)
    if tile not in _tiles(case.engine):
        return [_fail("tile", f"a tile of the double-{case.engine.MAX_PIP} set", f"[{tile[0]}|{tile[1]}]")]
    points = lead_points(case.engine, case.spec, (tile[0], tile[1]))[1]
    return _compare(values, points=points)


def _compare(values: Values, **expected: int) -> list[Failure]:
    """A failure for each of these slots the sentence says with another number (one it does not say is not
    compared: a document may say less than a book)."""
    return [_fail(name, want, values[name]) for name, want in expected.items()
            if name in values and values[name] != want]


# --- doubles ----------------------------------------------------------------------------------------------

def _tiles(engine: VariantEngine) -> list[Tile]:
    return [(low, high) for low in range(engine.MAX_PIP + 1) for high in range(low, engine.MAX_PIP + 1)]


def double_end_value(engine: VariantEngine, double: Tile) -> int | None:
    """What a double contributes to the end total standing at an end: a tile led, the double joined to it (in a
    trains game, whose engine takes no other double, the engine led, a tile on a train, the double joined to that);
    None when no tile of the set takes the double."""
    if has_trains(engine):
        return _train_double_value(engine, double)
    for lead in _tiles(engine):
        if lead == double:
            continue
        layout = engine.Layout()
        layout.place(lead)
        for on, port in layout.placements_for(double):
            if on == lead:
                layout.place(double, on, port)
                return sum(value for tile, _, value in layout.counted_ends() if tile == double)
    return None


def _train_double_value(engine: VariantEngine, double: Tile) -> int | None:
    tiles = _tiles(engine)
    for lead in (tile for tile in tiles if tile[0] == tile[1] and tile != double):
        layout = engine.Layout()
        layout.place(lead)
        for tile in (t for t in tiles if double[0] in t and lead[0] in t and t != double):
            for on, port in layout.placements_for(tile)[:1]:
                longer = layout.copy()
                longer.place(tile, on, port)
                for at, end in longer.placements_for(double):
                    if at == tile:
                        longer.place(double, at, end)
                        return sum(value for placed, _, value in longer.counted_ends() if placed == double)
    return None


def _check_double_end(case: _Case, values: Values) -> list[Failure]:
    tile = values["tile"]
    assert isinstance(tile, tuple)
    low, high = tile
    if low != high or high > case.engine.MAX_PIP:
        return [_fail("tile", f"a double of the double-{case.engine.MAX_PIP} set", f"[{low}|{high}]")]
    value = double_end_value(case.engine, (low, high))
    if value is None:
        raise _NoCase(f"no tile takes [{low}|{high}] at an end")
    return [] if value == _int(values, "value") else [_fail("value", value, values["value"])]


def _check_double_adds(case: _Case, values: Values) -> list[Failure]:
    """What some double adds at an end ("a double at an end adds 12"), the double not named."""
    ends = (double_end_value(case.engine, (n, n)) for n in range(case.engine.MAX_PIP + 1))
    adds = sorted({value for value in ends if value is not None})
    if not adds:
        raise _NoCase("no double stands at an end")
    value = _int(values, "value")
    return [] if value in adds else [_fail("value", "what a double adds: " + ", ".join(map(str, adds)), value)]


# --- the target -------------------------------------------------------------------------------------------

def _target_kind(case: _Case, kind: ir.TargetKind) -> None:
    target = case.spec.target
    if target.kind is not kind:
        raise _NoCase(f"the target is not '{kind}'")
    if target.at_hand_end:
        raise _NoCase("the target is judged only at the end of a hand")


def _players(spec: ir.Variant) -> int:
    """The fewest players the game is for: the target cases are played at that table."""
    return spec.player_counts[0]


def _game_target(case: _Case) -> int:
    return case.engine.Game(_players(case.spec), deal=False).target


class _PlayedGame(Protocol):
    """The parts of an engine's Game that playing a hand through reads: its moves, and a seat's view."""

    scores: list[int]
    hand_over: bool
    over: bool
    current: int

    def start_hand(self) -> None: ...
    def legal_moves(self) -> Sequence[Move]: ...
    def apply(self, move: Move) -> Sequence[Event]: ...
    def view(self, seat: int) -> Mapping[str, Any]: ...


DEALS = 400  # the deals tried, seed by seed, for a hand that ends as a case needs


def _out_event(events: Sequence[Event]) -> Event | None:
    """The placement with which seat 0 went out, where these events hold one."""
    plays = [e for e in events if e["event"] == "play" and e["seat"] == 0]
    out = any(e["event"] == "out" and e["seat"] == 0 for e in events)
    return plays[-1] if plays and out else None


def _play_hand(case: _Case, seed: int, start: int, total: int | None) -> tuple[int, dict[int, Event]]:
    """A hand of the seed's deal, seat 0's side starting at `start`, every seat making its first legal move until
    seat 0 holds one tile: seat 0's score then, and the play event of each way that tile goes out, by the total
    it makes (only `total`'s, where one is given). Nothing where the hand ends before."""
    engine, players = case.engine, _players(case.spec)
    sides = len(engine.Game(players, deal=False).scores)
    game = cast(_PlayedGame, engine.Game(players, seed=seed, scores=[start, *[0] * (sides - 1)]))
    while not game.hand_over and not game.over:
        moves = game.legal_moves()
        if game.current == 0 and game.view(0)["hand_sizes"][0] == 1:
            outs: dict[int, Event] = {}
            for move in moves:
                event = _out_event(copy.deepcopy(game).apply(move)) if move[0] == "play" else None
                if event is not None and total in (None, event["total"]):
                    outs.setdefault(event["total"], event)
            return game.scores[0], outs
        game.apply(moves[0])
    return 0, {}


class _LastTiles:
    """The deals explored so far for last tiles: by the total a last tile makes, the seeds whose hand has one,
    with seat 0's score before it when the hand starts from 0."""

    def __init__(self) -> None:
        self.seeds: dict[int, list[tuple[int, int]]] = {}
        self.explored = 0

    def deals(self, case: _Case, total: int) -> Iterator[tuple[int, int]]:
        yield from self.seeds.get(total, [])
        while self.explored < DEALS:
            seed, self.explored = self.explored, self.explored + 1
            before, outs = _play_hand(case, seed, 0, None)
            for made in outs:
                self.seeds.setdefault(made, []).append((seed, before))
            if total in outs:
                yield seed, before


_explored: dict[tuple[VariantEngine, int], _LastTiles] = {}


def going_out(case: _Case, score: int, total: int) -> Event | None:
    """The play event of a last tile that makes the ends `total` with seat 0's side at `score`, played through
    the engine: a deal's hand is played from 0 to learn what seat 0 scores before its last tile, then again
    from what leaves it at `score` then."""
    explored = _explored.setdefault((case.engine, _players(case.spec)), _LastTiles())
    for seed, before in explored.deals(case, total):
        if before > score:
            continue
        after, outs = _play_hand(case, seed, score - before, total)
        if after == score and total in outs:
            return outs[total]
    return None


def _check_exact_target(case: _Case, values: Values) -> list[Failure]:
    _target_kind(case, ir.TargetKind.EXACTLY)
    score, total = _int(values, "score"), _int(values, "total")
    target = _game_target(case)
    if not 0 <= score < target:
        return [_fail("score", f"a score below the target, {span(0, target - 1)}", score)]
    _total(case, values)
    event = going_out(case, score, total)
    if event is None:
        return [_fail("total", f"a total a last tile makes at {score} points (none in {DEALS} deals)", total)]
    placement, bonus = event["points"], event.get("bonus", 0)
    said_placement, said_bonus = values.get("placement", placement), values.get("bonus", bonus)
    assert isinstance(said_placement, int) and isinstance(said_bonus, int)
    said_event = values.get("event", said_placement + said_bonus)
    assert isinstance(said_event, int)
    failures = _compare(values, target=target, placement=placement, bonus=bonus,
                        event=said_placement + said_bonus, after=score + said_event)
    if not event.get("cancelled") or event["scores"][0] != score:
        failures.append(_fail("total", f"a last tile whose event takes {score} past {target} (one that makes the "
                                       f"ends {total} scores {placement} + {bonus}, and the score becomes "
                                       f"{event['scores'][0]})", total))
    return failures


def _lead_game(case: _Case, score: int, lead: Tile) -> tuple[_Game, int] | None:
    """A game in which seat 0's side stands at score and seat 0 leads the tile, the other tiles dealt in the
    set's order, with the points the lead scored; None when the engine refuses that lead."""
    engine, players = case.engine, _players(case.spec)
    size = engine.DEAL[players]
    rest = [t for t in _tiles(engine) if t != lead]
    hands = [[lead, *rest[:size - 1]], *(rest[size - 1 + k * size:size - 1 + (k + 1) * size]
                                          for k in range(players - 1))]
    game = engine.Game(players, deal=False)
    sides = len(game.scores)
    game = engine.Game(players, scores=[score, *[0] * (sides - 1)], deal=False)
    try:
        game.start_hand(opener=0, hands=hands)
        events = game.apply(("play", lead, None, None))
    except engine.IllegalMove:
        return None
    points = sum(e.get("points", 0) for e in events if e["event"] == "play")
    return cast(_Game, game), points


def _check_at_least_target(case: _Case, values: Values) -> list[Failure]:
    _target_kind(case, ir.TargetKind.AT_LEAST)
    engine = case.engine
    score, points = _int(values, "score"), _int(values, "points")
    target = _game_target(case)
    failures = _compare(values, target=target, after=score + points)
    if score >= target:
        return [*failures, _fail("score", f"a score below the target, {span(0, target - 1)}", score)]
    if score + points < target:
        return [*failures, _fail("points", f"points that bring {score} to {target}", points)]
    for tile in _tiles(engine):
        led = _lead_game(case, score, tile)
        if led is None or led[1] != points:
            continue
        game = led[0]
        if not (game.over and 0 in game.winners):
            failures.append(_fail("after", f"no win: the lead [{tile[0]}|{tile[1]}] leaves the score at "
                                           f"{game.scores[0]}", values["after"]))
        return failures
    return [*failures, _fail("points", "the points of a lead the engine allows", points)]


class _Game(Protocol):
    over: bool
    winners: list[int]
    scores: list[int]


def tie_award(engine: ReckoningEngine, pips: int) -> int | None:
    """The award each of two players tied on `pips` in a blocked hand takes; None when a tie wins nothing."""
    winners, awards = engine.reckon_hand((0, 1), [pips, pips], None)
    return awards[0] if winners == [0, 1] and awards[0] == awards[1] else None


def _shared_points(case: _Case) -> dict[int, int]:
    """Points two tied sides both score in one blocked hand, each with the pips that give them first."""
    if case.spec.blocked_hand in (ir.BlockedHand.NO_WINNER, ir.BlockedHand.BLOCKER_AND_NEXT) \
            or case.spec.tied_lowest is not ir.TiedLowest.EACH_WINS:
        raise _NoCase("a blocked hand's tied sides do not both win")
    found: dict[int, int] = {}
    for pips in range(2 * case.spec.tile_count * case.spec.max_pip):
        award = tie_award(case.engine, pips)
        if award:
            found.setdefault(award, pips)
    return found


def _check_shared_win(case: _Case, values: Values) -> list[Failure]:
    _target_kind(case, ir.TargetKind.AT_LEAST)
    score, total = _int(values, "score"), _int(values, "total")
    points = _int(values, "points") if "points" in values else total - score
    target = _game_target(case)
    failures = []
    if points not in _shared_points(case):
        failures.append(_fail("points", "points both tied sides of a blocked hand score", points))
    if total != score + points:
        failures.append(_fail("total", score + points, total))
    elif total < target:
        failures.append(_fail("total", f"at least the target, {target}", total))
    if score >= target:
        failures.append(_fail("score", f"a score below the target, {span(0, target - 1)}", score))
    return failures


# --- the end of a hand ------------------------------------------------------------------------------------

def hand_award(engine: ReckoningEngine, pips: int) -> int:
    """What going out against one player holding `pips` scores from the reckoning, any going-out bonus left out."""
    _, awards = engine.reckon_hand((0, 1), [0, pips], 0)
    return awards[0] - (engine.GOING_OUT_BONUS if engine.TARGET_KIND != "exactly" else 0)


def _pip_award(case: _Case) -> ir.PipAward:
    award = case.spec.pip_award
    if award is None:
        raise _NoCase("pips left in the hands never score")
    return award


def _check_hand_award(case: _Case, values: Values) -> list[Failure]:
    _pip_award(case)
    points = hand_award(case.engine, _int(values, "pips"))
    return [] if points == _int(values, "points") else [_fail("points", points, values["points"])]


def nearest(pips: int, step: int) -> int:
    """pips to the nearest multiple of step, half up: as the language defines an award's rounding."""
    remainder = pips % step
    return pips - remainder + (step if remainder * 2 >= step else 0)


def _check_rounding(case: _Case, values: Values) -> list[Failure]:
    award = _pip_award(case)
    if not award.round_to:
        raise _NoCase("the pip award is not rounded")
    pips, rounded = _int(values, "pips"), _int(values, "rounded")
    divide_by = _int(values, "divide_by") if "divide_by" in values else award.divide_by
    failures = _compare(values, rounded=nearest(pips, award.round_to), divide_by=award.divide_by)
    points = hand_award(case.engine, pips)
    if _int(values, "points") != points:
        failures.append(_fail("points", points, values["points"]))
    elif divide_by and rounded // divide_by != points:
        failures.append(_fail("arithmetic", f"{rounded} ÷ {divide_by} = {rounded // divide_by}",
                              f"{rounded} ÷ {divide_by} = {points}"))
    return failures


def individual_counts(spec: ir.Variant) -> list[int]:
    """The player counts at which everyone may play for themselves."""
    return [n for n in spec.player_counts
            if spec.partnerships is not ir.PartnershipKind.FIXED or n < spec.partnership_size]


def _tie_rules(case: _Case) -> None:
    spec = case.spec
    if spec.blocked_hand is ir.BlockedHand.NO_WINNER:
        raise _NoCase("a blocked hand has no winner")
    if spec.tied_lowest is not ir.TiedLowest.EACH_WINS or spec.blocked_hand is ir.BlockedHand.BLOCKER_AND_NEXT:
        raise _NoCase("tied sides do not win a blocked hand")
    if spec.blocked_pip_award is None:
        raise _NoCase("the winner of a blocked hand scores nothing for it")


def _check_tie(case: _Case, values: Values) -> list[Failure]:
    _tie_rules(case)
    hands = values["hands"]
    assert isinstance(hands, tuple)
    allowed = individual_counts(case.spec)
    if len(hands) not in allowed:
        return [_fail("hands", f"one hand for each of {', '.join(map(str, allowed))} players", len(hands))]
    fewest = min(hands)
    tied = [seat for seat, pips in enumerate(hands) if pips == fewest]
    if len(tied) < 2:
        return [_fail("hands", "at least two hands tied for the fewest pips", _terms_text(hands))]
    winners, awards = case.engine.reckon_hand(tuple(range(len(hands))), list(hands), None)
    others = sum(hands) - fewest
    failures = _compare(values, players=len(hands), tied=len(tied), others=others, fewest=fewest)
    if "rounded" in values:
        failures += _compare(values, rounded=nearest(others, _blocked_round_to(case)))
    if winners != tied:
        failures.append(_fail("hands", f"winners {tied}", f"winners {winners}"))
    wrong = sorted({awards[seat] for seat in tied if awards[seat] != _int(values, "points")})
    if wrong:
        failures.append(_fail("points", " and ".join(map(str, wrong)), values["points"]))
    return failures


def _blocked_round_to(case: _Case) -> int:
    award = case.spec.blocked_pip_award
    if not isinstance(award, ir.PipAward) or not award.round_to:
        raise _NoCase("the award of a blocked hand is not rounded")
    return award.round_to


AWARD_PIPS = range(60)  # the hands a stated rounding or division is tried on, against the engine's awards


def _check_award_steps(case: _Case, values: Values) -> list[Failure]:
    """"Round to the nearest multiple of 5" or "divide by 5": the award the engine gives every hand of
    AWARD_PIPS is that hand rounded to the stated step and divided by the stated divisor."""
    award = _pip_award(case)
    round_to = _int(values, "round_to") if "round_to" in values else award.round_to or 1
    divide_by = _int(values, "divide_by") if "divide_by" in values else award.divide_by
    if round_to < 1 or divide_by < 1 or any(
            hand_award(case.engine, pips) != nearest(pips, round_to) // divide_by for pips in AWARD_PIPS):
        return _compare(values, round_to=award.round_to or 1, divide_by=award.divide_by)
    return []


def _check_rounding_remainders(case: _Case, values: Values) -> list[Failure]:
    """"1 or 2 left over goes down, 3 or 4 up": each remainder named once, every one named, and each rounded
    the way the engine's reckoning rounds it (a hand of two steps and the remainder, against one of two and
    one of three steps)."""
    award = _pip_award(case)
    step = award.round_to
    if not step:
        raise _NoCase("the pip award is not rounded")
    down, up = values["down"], values["up"]
    assert isinstance(down, tuple) and isinstance(up, tuple)
    named = [*down, *up]
    expected = list(range(1, step))
    if sorted(named) != expected:
        return [_fail("down", f"each remainder of a division by {step} once: {', '.join(map(str, expected))}",
                      ", ".join(map(str, named)))]
    low, high = hand_award(case.engine, 2 * step), hand_award(case.engine, 3 * step)
    failures = []
    for name, remainders, goes in (("down", down, low), ("up", up, high)):
        wrong = [r for r in remainders if hand_award(case.engine, 2 * step + r) != goes]
        if wrong:
            other = "up" if name == "down" else "down"
            failures.append(_fail(name, f"{', '.join(map(str, wrong))} rounded {other}", _terms_text(remainders)))
    return failures


PARTNER_SIDES = (0, 1, 0, 1)  # partners sit across: seats 0 and 2 are one side, 1 and 3 the other


def _hands(values: Values, count: int, which: str) -> tuple[int, ...]:
    """The hands the sentence gives, as many as the case has."""
    hands = values["hands"]
    assert isinstance(hands, tuple)
    if len(hands) != count:
        raise _Stop([_fail("hands", which, _terms_text(hands))])
    return hands


def _partnerships(case: _Case) -> None:
    if case.spec.partnerships is ir.PartnershipKind.NONE or 4 not in case.spec.player_counts:
        raise _NoCase("there are no partnerships of two")


def _going_out_award(case: _Case, remaining: list[int]) -> int:
    """What seat 0's side scores from the reckoning when seat 0 goes out, any going-out bonus left out."""
    engine = case.engine
    _, awards = engine.reckon_hand(PARTNER_SIDES, remaining, 0)
    return awards[0] - (engine.GOING_OUT_BONUS if engine.TARGET_KIND != "exactly" else 0)


def _check_partner_left_out(case: _Case, values: Values) -> list[Failure]:
    """"With 7 in the partner's hand and 9 and 8 in the opponents', the side scores 3": seat 0 goes out."""
    _pip_award(case)
    _partnerships(case)
    hands = _hands(values, 2, "the two opponents' hands")
    points = _going_out_award(case, [0, hands[0], _int(values, "partner"), hands[1]])
    return _compare(values, points=points)


def _check_blocked_partnerships(case: _Case, values: Values) -> list[Failure]:
    """"Blocked with 1 + 17 = 18 and 5 + 6 = 11, the second side wins and scores the 18 rounded to 20: 4": the
    first two hands are one side's, the last two the other's."""
    _tie_rules(case)
    _partnerships(case)
    hands = _hands(values, 4, "two hands for each side")
    first, second = hands[0] + hands[1], hands[2] + hands[3]
    winners, awards = case.engine.reckon_hand(PARTNER_SIDES, [hands[0], hands[2], hands[1], hands[3]], None)
    failures = _compare(values, first=first, second=second)
    if len(winners) != 1:
        return [*failures, _fail("hands", "one side with fewer pips", f"{first} and {second}")]
    side = winners[0]
    failures += _compare(values, winner=side + 1, pips=(first, second)[1 - side], points=awards[side])
    if "rounded" in values:
        failures += _compare(values, rounded=nearest((first, second)[1 - side], _blocked_round_to(case)))
    return failures


def _check_tie_partnerships(case: _Case, values: Values) -> list[Failure]:
    """"Both sides hold 12: each scores the other's 12 rounded to 10, 2 points"."""
    _tie_rules(case)
    _partnerships(case)
    pips = _int(values, "pips")
    winners, awards = case.engine.reckon_hand(PARTNER_SIDES, [pips, pips, 0, 0], None)
    if winners != [0, 1]:
        return [_fail("pips", "a tie both sides win", pips)]
    failures = _compare(values, points=awards[0])
    if "rounded" in values:
        failures += _compare(values, rounded=nearest(pips, _blocked_round_to(case)))
    return failures


def _check_deal(case: _Case, values: Values) -> list[Failure]:
    """"Two players take seven each, three or four players five": the engine's deal for each count."""
    counts = values["counts"]
    assert isinstance(counts, tuple)
    deal = case.engine.DEAL
    failures = [_fail("counts", f"a player count of {case.spec.name}: {', '.join(map(str, deal))}", n)
                for n in counts if n not in deal]
    dealt = sorted({deal[n] for n in counts if n in deal})
    if dealt and dealt != [values["tiles"]]:
        failures.append(_fail("tiles", " and ".join(map(str, dealt)), values["tiles"]))
    return failures


# --- match play -------------------------------------------------------------------------------------------

def _match(engine: Engine) -> MatchRules:
    rules = match_rules(engine)
    if rules is None:
        raise _NoCase("there are no match rules")
    return rules


def game_target(spec: ir.Variant | ir.MatchFormat) -> int:
    """The score that wins a game of the match."""
    return spec.game_target if isinstance(spec, ir.MatchFormat) else spec.target.points


def match_points(rules: MatchRules, winner: int, loser: int) -> Event:
    """The result of one game won `winner` to `loser`, fed to a new two-side match."""
    return rules.MatchScore(2).add_game([winner, loser])


def _check_match_line(engine: Engine, spec: ir.Variant | ir.MatchFormat, values: Values) -> list[Failure]:
    rules = _match(engine)
    winner, loser = _int(values, "winner"), _int(values, "loser")
    try:
        result = match_points(rules, winner, loser)
    except rules.IllegalMove as err:
        return [_fail("winner", f"a game the match rules can score ({err})", f"{winner} against {loser}")]
    if result["winners"] != [0]:
        return [_fail("loser", "a losing score, below the game target", loser)]
    if result["outright"]:
        return [_fail("points", "the whole match", values["points"])]
    return [] if result["points"] == _int(values, "points") else [_fail("points", result["points"], values["points"])]


def _check_match_line_below(engine: Engine, spec: ir.Variant | ir.MatchFormat, values: Values) -> list[Failure]:
    """"Reaching 121 before the opponent reaches 91 gives 2 match points in all, 1 more": a game won against a
    loser just below the line scores the points, and as many more (the extra) as one against a loser on it."""
    rules = _match(engine)
    winner, cutoff = _int(values, "winner"), _int(values, "cutoff")
    try:
        under, on = match_points(rules, winner, cutoff - 1), match_points(rules, winner, cutoff)
    except rules.IllegalMove as err:
        return [_fail("winner", f"a game the match rules can score ({err})", f"{winner} against {cutoff - 1}")]
    if under["outright"]:
        return [_fail("points", "the whole match", values["points"])]
    if on["points"] == under["points"] or on["outright"]:
        return [_fail("cutoff", "a score where the match points change", cutoff)]
    return _compare(values, winner=game_target(spec), points=under["points"], extra=under["points"] - on["points"])


# --- checking ---------------------------------------------------------------------------------------------

class _Stop(Exception):
    def __init__(self, failures: list[Failure]):
        super().__init__("the claim cannot be checked further")
        self.failures = failures


VARIANT_CHECKS: dict[str, Callable[[_Case, Values], list[Failure]]] = {
    "score": _check_score, "score one": _check_score_one, "score nothing": _check_score_nothing,
    "score raw": _check_score_raw, "double end": _check_double_end, "exact target": _check_exact_target,
    "at least target": _check_at_least_target, "hand award": _check_hand_award, "rounding": _check_rounding,
    "tie for fewest": _check_tie, "shared win": _check_shared_win, "formula divisor": _check_formula_divisor,
    "formula multiple": _check_formula_multiple, "award steps": _check_award_steps,
    "double adds": _check_double_adds, "rounding remainders": _check_rounding_remainders,
    "partner left out": _check_partner_left_out, "blocked partnerships": _check_blocked_partnerships,
    "tie partnerships": _check_tie_partnerships, "deal counts": _check_deal, "lead score": _check_lead_score,
}
MATCH_CHECKS: dict[str, Callable[[Engine, ir.Variant | ir.MatchFormat, Values], list[Failure]]] = {
    "match line": _check_match_line, "match line below": _check_match_line_below,
}
SCORING_KEYS = ("score", "score one", "score nothing", "score raw")


def _name(spec: ir.Variant | ir.MatchFormat) -> str:
    return spec.name


def check_claim(engine: Engine, spec: ir.Variant | ir.MatchFormat, key: str, values: Values) -> list[Failure]:
    """The failures of the claim of key with these values: each case is built and computed through the engine."""
    try:
        if key in MATCH_CHECKS:
            return MATCH_CHECKS[key](engine, spec, values)
        variant = as_variant(engine)
        if variant is None or not isinstance(spec, ir.Variant):
            raise _NoCase("a match format has no placements or hands, only games")
        case = _Case(cast(ReckoningEngine, variant), spec)
        if key in SCORING_KEYS:
            _scoring(case, key)
        return VARIANT_CHECKS[key](case, values)
    except _NoCase as why:
        return [Failure("rule", f"no such case in {_name(spec)}: {why}", key)]
    except _Stop as stop:
        return stop.failures
    except FormulaError as err:
        return [Failure("rule", f"no such case in {_name(spec)}: {err}", key)]


# --- writing: the claims a book of the spec states ----------------------------------------------------------

def scenario_claims(engine: Engine, spec: ir.Variant | ir.MatchFormat) -> list[Claim]:
    """(section, key, values) of every claim a book of this spec states, each a case computed through the engine."""
    claims = list(_match_claims(engine, spec))
    variant = as_variant(engine)
    if variant is None or not isinstance(spec, ir.Variant):
        return claims
    case = _Case(cast(ReckoningEngine, variant), spec)
    return [*_scoring_claims(case), *_double_claims(case), *_hand_claims(case), *_target_claims(case), *claims]


def _scoring_claims(case: _Case) -> Iterator[Claim]:
    if has_trains(case.engine):  # a trains game's ends count nothing: no end total scores, nor could
        return
    engine, table = case.engine, _table(case)
    totals = sorted(table.by_total)
    scoring = [t for t in totals if table.by_total[t][0]]
    if engine.RAW_PER_DISPLAYED > 1:
        for total in scoring[:1]:
            raw, displayed = table.by_total[total]
            yield "scoring", "score raw", {"total": total, "raw": raw, "displayed": displayed}
    else:
        several = [t for t in scoring if sum(1 for p in part_points(case.spec, t) if p) >= 2]
        for total in several[:1]:
            terms = tuple(p for p in part_points(case.spec, total) if p)
            yield "scoring", "score", {"total": total, "terms": terms, "points": table.by_total[total][1]}
        single = [t for t in scoring if t not in several]
        for total in single[:1]:
            yield "scoring", "score one", {"total": total, "points": table.by_total[total][1]}
    # A total that scores nothing next to one that scores: the case a reader most needs told.
    nothing = [t for t in totals if t >= 1 and not table.by_total[t][0]]
    for total in ([t for t in nothing if t + 1 in scoring] or nothing)[:1]:
        yield "scoring", "score nothing", {"total": total}
    yield from _lead_claims(case, table)


def _lead_claims(case: _Case, table: Placements) -> Iterator[Claim]:
    """Where the lead scores otherwise than an ordinary placement of its total: the first such lead, one that
    scores where there is one."""
    if not table.ordinary:
        return
    differing = []
    for tile in _tiles(case.engine):
        try:
            points = lead_points(case.engine, case.spec, tile)[1]
        except NotCheckable:
            continue
        layout = case.engine.Layout()
        layout.place(tile)
        total = sum(value for _, _, value in layout.counted_ends())
        if total not in table.by_total or table.by_total[total][1] != points:
            differing.append((not points, tile, points))
    for _, tile, points in sorted(differing)[:1]:
        yield "scoring", "lead score", {"tile": tile, "points": points}


def _double_claims(case: _Case) -> Iterator[Claim]:
    if has_trains(case.engine):  # a double in a train counts nothing, as no end does
        return
    top = (case.engine.MAX_PIP, case.engine.MAX_PIP)
    value = double_end_value(case.engine, top)
    if value is not None:
        yield "doubles", "double end", {"tile": top, "value": value}


def _hand_claims(case: _Case) -> Iterator[Claim]:
    spec, engine = case.spec, case.engine
    award = spec.pip_award
    if award is not None:
        yield "hand_end", "hand award", {"pips": 17, "points": hand_award(engine, 17)}
        if award.round_to:
            pips = 17 if 17 % award.round_to else next(p for p in range(1, 100) if p % award.round_to)
            rounded = nearest(pips, award.round_to)
            yield "hand_end", "rounding", {"pips": pips, "rounded": rounded, "divide_by": award.divide_by,
                                           "points": hand_award(engine, pips)}
    try:
        _tie_rules(case)
    except _NoCase:
        return
    counts = individual_counts(spec)
    for n in (4, 3, 2):
        if n in counts:
            hands = (4, 4, 4, 14)[4 - n:] if n > 2 else (4, 4)
            _, awards = engine.reckon_hand(tuple(range(n)), list(hands), None)
            if awards[0]:
                yield "hand_end", "tie for fewest", {"hands": hands, "points": awards[0]}
            return


def _target_claims(case: _Case) -> Iterator[Claim]:
    spec, engine = case.spec, case.engine
    if spec.target.at_hand_end or spec.target.kind is ir.TargetKind.NONE or spec.target.by_players:
        return
    target = _game_target(case)
    if spec.target.kind is ir.TargetKind.EXACTLY:
        yield from _exact_claims(case, target)
        return
    leads = sorted({led[1] for t in _tiles(engine) if (led := _lead_game(case, max(0, target - 1), t))} - {0})
    points = next((p for p in leads if p >= 2), leads[0] if leads else None)
    if points is not None and spec.lead_winning is ir.LeadWinning.SCORED:
        score = max(0, target - 1)
        values: Values = {"score": score, "points": points, "after": score + points, "target": target}
        if not _check_at_least_target(case, values):
            yield "target", "at least target", values
    try:
        shared = _shared_points(case)
    except _NoCase:
        return
    if shared:
        points = 2 if 2 in shared else min(shared)  # 2 as the documents say it, where a tie scores 2
        yield "target", "shared win", {"score": target - points, "points": points, "total": target}


def _exact_claims(case: _Case, target: int) -> Iterator[Claim]:
    """Two short of the target, the smallest total a last tile makes whose event would pass it."""
    engine, table = case.engine, _table(case)
    score, bonus = target - 2, engine.GOING_OUT_BONUS
    for total, (_, placement) in sorted(table.by_total.items()):
        if score + placement + bonus <= target:
            continue
        values: Values = {"score": score, "total": total, "placement": placement, "bonus": bonus,
                          "event": placement + bonus, "after": score + placement + bonus, "target": target}
        if not _check_exact_target(case, values):
            yield "target", "exact target", values
            return


def _match_claims(engine: Engine, spec: ir.Variant | ir.MatchFormat) -> Iterator[Claim]:
    rules = match_rules(engine)
    if rules is None:
        return
    lines = spec.rules.lines if isinstance(spec, ir.MatchFormat) else spec.match.lines if spec.match else ()
    target = game_target(spec)
    cutoffs = sorted({line.below.cutoff(target) for line in lines if line.points is not None})
    # A loser just below each line, and one not below any.
    losers = [*(c - 1 for c in cutoffs if c >= 1), *(cutoffs[-1:] or [target - 1])]
    for loser in dict.fromkeys(min(loser, target - 1) for loser in losers):
        result = match_points(rules, target, loser)
        if not result["outright"]:
            yield "match", "match line", {"winner": target, "loser": loser, "points": result["points"]}
