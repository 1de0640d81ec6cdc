"""The C target's context adapter: the Python target's decisions (compiler/targets/python/context.py), printed
as C compile-time constants and tables, and the placement formula as a C expression. One fixed C runtime reads
the constants; the C compiler folds away every rule a variant does not have."""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ...language import ir
from ...language.formula import Syntax, max_total, names_used, score_table, to_source
from ...play import bots
from .. import native_game
from ..python import context as python
from ..records import hand_fields, unit_fields
from ..standalone import sections_of
from .quoting import byte_values, comment_text

RUNTIME = Path(__file__).resolve().parent / "runtime"
RUNTIME_FILES = ("layout.c", "game.c", "search.c", "match.c", "abi.c", "play.c")

SAFETY_MOVES = 100_000  # moves in one hand: no correct hand comes near
# The version of the interface every engine exports (ds_abi_version): its drivers (dominospec.native, the
# JavaScript module) refuse an engine of another version.
ABI_VERSION = 11
MATCH_FORMAT_SIDES = 8  # the most sides a match format's engine scores a match between
# ds_match_state's figures (a match format's engine), in its order; the lists after them hold MATCH_FORMAT_SIDES each.
MATCH_STATE_FIGURES = ("sides", "games", "over", "winners_count", "line", "game_points", "outright",
                       "game_winners_count")
MATCH_STATE_LISTS = ("points", "won", "winners", "game_winners")
SAFETY_HANDS = 1000  # hands in one game, as the Python engines' play_game stops
SAFETY_GAMES = 1000  # games in one match, as the Python engines' play_match stops
SAFETY_DEALS = 10_000  # void deals in a row
# Beyond these a record is malformed for the native replay: starting scores within +-REPLAY_MAX_SCORE and claims up
# to REPLAY_MAX_CLAIM keep every score a record's moves reach within checks.FORMULA_SCORES, the scores the checks
# hold the formula's values to 64 bits for.
REPLAY_MAX_SCORE = 2**40
REPLAY_MAX_CLAIM = 2**20

# The seats an award counts the pips of (the runtime's AWARD_FROM_* values), by the Python target's source.
# A fixed award counts no pips ("").
_AWARD_FROM = {
    "": 0,
    python.OTHER_SIDES: 0,
    python.AWARD_SOURCES[("out", ir.AwardFrom.ALL_OTHER_HANDS)]: 1,
    "list(remaining)": 2,
}
_OPENER_RULES = {decided: index for index, decided in enumerate(python.OPENER_DECIDES.values())}


# The figures of the records that the runtime fills (its UNIT_* and HAND_* offsets in runtime/abi.c): figures of
# one number, and groups numbered per seat, side or match line (name_0, name_1, ...).
UNIT_GROUPS = ("hands", "games", "matches", "placements", "turns", "passes", "draws", "blocked", "went_out",
               "won_in_play", "cancelled", "remaining_pips", "placement_points", "placement_points_sq",
               "scoring_placements", "margin", "points", "opener_points", "wins", "opener_wins", "seat_wins",
               "match_points", "match_wins", "line")
HAND_GROUPS = ("unit", "game", "opener", "points")


@functools.cache
def runtime_sections() -> Mapping[str, str]:
    """The fixed C code every engine copies in, by section name."""
    return sections_of(RUNTIME, RUNTIME_FILES)


@dataclass(frozen=True)
class Table:
    """A static const array: its C element type, name, and values."""

    kind: str
    name: str
    values: str  # the initialiser's elements
    comment: str


@dataclass(frozen=True)
class CFormatContext:
    """A match format's source: its name, its rules as constants and tables, the runtime's sections."""

    name_comment: str  # escaped for a block comment
    source_comment: str | None
    name_bytes: str  # the name's UTF-8 bytes, as a char array's initialiser
    constants: tuple[tuple[str, int | float, str], ...]  # name, value, what it means
    tables: tuple[Table, ...]
    runtime: Mapping[str, str]


@dataclass(frozen=True)
class CEngineContext(CFormatContext):
    """A variant's source: a match format's parts, and its placement formula and statistics."""

    formula: str  # the raw placement points: a C expression of the formula's names
    stat_names: tuple[str, ...]


# The formula over int locals named as the formula names them; division and remainder are Python's,
# rounding down (floor_div and floor_mod in the runtime).
C_SYNTAX = Syntax(floor_div="floor_div({a}, {b})", floor_mod="floor_mod({a}, {b})",
                  conditional="({cond} ? {then} : {other})", and_="&&", or_="||", not_="!")
C_NAMES = {name: name for name in ir.FORMULA_NAMES}


def _tiles(literal: str) -> list[tuple[int, int]]:
    """A tuple literal of tiles that the Python context decided, read back."""
    return [(int(a), int(b)) for a, b in ast.literal_eval(literal)]


def _per_tile(tiles: Sequence[tuple[int, int]], chosen: set[tuple[int, int]]) -> str:
    return ", ".join("1" if t in chosen else "0" for t in tiles)


def stat_names(sides: int) -> tuple[str, ...]:
    """The statistics ds_simulate fills, in the runtime's order (STAT_* in runtime/abi.c)."""
    fixed = ("units", "hands", "games", "matches", "placements", "placements_sq", "passes", "passes_sq", "draws",
             "draws_sq", "blocked", "went_out", "cancelled", "remaining_pips", "remaining_pips_sq", "hands_sq")
    per_side = ("points_{}", "points_{}_sq", "wins_{}", "match_points_{}")
    return fixed + tuple(name.format(k) for name in per_side for k in range(sides))


def _group(name: str) -> str:
    """The group of a record's figure: points_2 -> points; a figure of one number is its own."""
    stem, _, number = name.rpartition("_")
    return stem if number.isdigit() else name


def record_layout(prefix: str, fields: Sequence[str], groups: Sequence[str]) -> list[tuple[str, int, str]]:
    """The runtime's offsets into a record of these fields (PREFIX_NAME per group, in the record schema's order:
    a group's first figure, from which the runtime counts on; a group without figures at the record's end),
    and PREFIX_FIELD_COUNT. ValueError where the record has a figure the runtime does not fill."""
    unknown = [name for name in fields if _group(name) not in groups]
    if unknown:
        raise ValueError(f"the native runtime fills no record figure {', '.join(unknown)}")
    offsets = []
    for group in groups:
        members = [i for i, name in enumerate(fields) if _group(name) == group]
        start = members[0] if members else len(fields)
        named = [fields[i] for i in members]
        if members != list(range(start, start + len(members))) or named not in (
                [group], [f"{group}_{k}" for k in range(len(members))]):
            raise ValueError(f"the record's {group} figures are not {group}, or {group}_0, {group}_1, ... in a row")
        offsets.append((f"{prefix}_{group.upper()}", start, ""))
    return [*offsets, (f"{prefix}_FIELD_COUNT", len(fields), "")]


def _names(fields: Sequence[str]) -> str:
    return ", ".join(f'"{name}"' for name in fields)


def variant_context(v: ir.Variant) -> CEngineContext:
    p = python.variant_context(v)
    lay, turn, leads, end = p.layout, p.turn, p.leads, p.hand_end
    tiles = [(a, b) for a in range(v.max_pip + 1) for b in range(a, v.max_pip + 1)]
    index = {t: i for i, t in enumerate(tiles)}
    players = range(v.max_players + 1)
    counts = set(v.player_counts)
    out, blocked = end.awards or (None, None)
    award = end.award
    penalty = end.penalty
    wild = {(t.low, t.high) for t in v.wild_tiles}
    order = _tiles(leads.order)
    used = {n.name for n in names_used(v.placement_score)}
    by_total = used <= {"total"}
    drawn = turn.draws or turn.may_draw or leads.draws

    def slots(players: int) -> int:
        """A hand's slots at this table: one for each tile it is dealt and each it draws (all the pile lets go)."""
        dealt = v.tiles_dealt(players) or 0
        return dealt + (max(0, len(tiles) - players * dealt - turn.reserve) if drawn else 0)
    max_slots = max(slots(n) for n in counts)
    raw_points = score_table(v) if by_total else [0]  # the formula's values by end total, worked out once here
    # Open and waiting ends at most: 2, and 2 more for each spinner; or one for each train and the public train.
    max_ports = max(2 * v.max_pip + 8, v.max_players + 1)
    units = unit_fields(v.max_players, python.match_line_names(v))
    hands = hand_fields(v.max_players)

    def pip_award(prefix: str, a: python.HandAward | None) -> list[tuple[str, int, str]]:
        if a is None:
            return [(f"{prefix}_FIXED", 0, ""), (f"{prefix}_FROM", 0, ""), (f"{prefix}_ROUND_TO", 0, ""),
                    (f"{prefix}_EACH_HAND", 0, ""), (f"{prefix}_LESS_OWN", 0, ""), (f"{prefix}_DIVIDE_BY", 1, "")]
        return [(f"{prefix}_FIXED", -1 if a.fixed is None else a.fixed, "a fixed award, or -1: from the pips"),
                (f"{prefix}_FROM", _AWARD_FROM[a.source], "whose pips: AWARD_FROM_*"),
                (f"{prefix}_ROUND_TO", a.round_to or 0, ""), (f"{prefix}_EACH_HAND", int(a.each_hand), ""),
                (f"{prefix}_LESS_OWN", int(a.less_own), ""), (f"{prefix}_DIVIDE_BY", a.divide_by, "")]

    constants: list[tuple[str, int | float, str]] = [
        ("MAX_PIP", v.max_pip, ""),
        ("NTILES", len(tiles), "tiles in the set, indexed in its order (0,0), (0,1), ..., (N,N)"),
        ("MIN_PLAYERS", v.min_players, ""), ("MAX_PLAYERS", v.max_players, ""),
        ("STAT_SIDES", max(4, v.max_players), "the sides the statistics name: 0 to 3 at least"),
        ("SLOT_LIMIT", max_slots, "the slots a hand in play takes at most: its deal and what it may draw"),
        ("MAX_PORTS", max_ports, "open ends at most"),
        ("WAITING_PORTS", max_ports if lay.sides_first or lay.satisfied_doubles else 1,
         "ends waiting for a spinner's sides (or for a double in a train to be covered) at most"),
        ("MAX_MOVES", max_ports * len(tiles) * 2 + v.max_players + 4, "legal moves at most"),
        ("SAFETY_MOVES", SAFETY_MOVES, ""), ("SAFETY_HANDS", SAFETY_HANDS, ""), ("SAFETY_GAMES", SAFETY_GAMES, ""),
        ("SAFETY_DEALS", SAFETY_DEALS, ""),
        ("REPLAY_MAX_SCORE", REPLAY_MAX_SCORE, "a record's starting scores, within plus or minus"),
        ("MAX_HAND_NUMBER", p.tables.max_hand_number, "the highest number a game's first hand may have"),
        ("REPLAY_MAX_CLAIM", REPLAY_MAX_CLAIM, "a record's claims, at most"),
        ("PARTNERSHIPS_POSSIBLE", int(turn.partnerships_possible), ""),
        ("PARTNERSHIPS_FIXED", int(turn.partnerships_fixed), "four players always play as partnerships"),
        ("RAW_PER_DISPLAYED", v.raw_per_displayed, ""), ("GOING_OUT_BONUS", v.going_out_bonus, ""),
        # the layout
        ("HAS_SPINNERS", int(lay.has_spinners), ""), ("FIRST_DOUBLE_ONLY", int(lay.first_double_only), ""),
        ("BRANCHES_AT_ONCE", int(lay.branches_at_once), ""),
        ("BRANCHES_AFTER_LINE_SIDES", int(lay.branches_after_line_sides), ""),
        ("DOUBLE_END_BOTH_HALVES", int(v.double_at_end is ir.DoubleAtEnd.BOTH_HALVES), lay.double_at_end),
        ("SIDES_FIRST", int(lay.sides_first), "a spinner's sides are covered before other ends"),
        ("CHICKEN_FEET", int(lay.chicken_feet), "a later double's three toes are the only open ends until covered"),
        ("TRAINS", int(lay.trains), "the engine is a hub: its ports start a train for each seat"),
        ("PUBLIC_TRAIN", int(lay.public_train), "... and the public train, which every seat may use"),
        ("SATISFIED_DOUBLES", int(lay.satisfied_doubles),
         "a double in a train: its line B the only open end, for every seat, until covered"),
        ("TRAIN_PORTS", len(native_game.TRAIN_PORTS), "the seats' trains' ports the ABI numbers, for any table"),
        ("BRANCHES_COUNT", int(lay.branches_count), ""), ("CROSS_ARMS", int(lay.cross_arms), ""),
        ("OWN_MATCHING", int(lay.own_matching), lay.matching_text),
        ("HALVES_SUM", -1 if lay.halves_sum is None else lay.halves_sum, "-1: equal halves match"),
        ("HAS_WILD", int(bool(wild)), ""),
        ("RUNNING_TOTAL", (lay.running_total_factor or 0) if "total" in used else 0,
         "the end total kept as tiles go on, a double at an end counted this many times its half; 0: counted afresh"),
        ("USES_TOTAL", int("total" in used), "the placement formula's names: no count of the ends is kept for none"),
        ("USES_ENDS", int("ends" in used), ""),
        ("USES_ENDS_ALIKE", int("ends_alike" in used), ""),
        ("USES_DOUBLE_END", int("double_end" in used), ""),
        ("RAW_BY_TOTAL", int(by_total), "the formula reads the end total alone: RAW_POINTS holds its values"),
        ("MAX_TOTAL", max_total(v) if by_total else 0, "the largest end total"),
        # turns
        ("FIRST_OPENER", _OPENER_RULES[turn.first_opener.decided], "OPENER_*"),
        ("NEXT_OPENER", _OPENER_RULES[turn.next_opener.decided], ""),
        ("AFTER_BLOCKED_OPENER", _OPENER_RULES[turn.after_blocked.decided], ""),
        ("LEAD_DOUBLE_IF_HELD", int(turn.lead_double_if_held), ""), ("DRAWS", int(turn.draws), ""),
        ("DRAWN_AT_ONCE", int(turn.drawn_tile_played_at_once), "a playable drawn tile is played at once"),
        ("RESERVE", turn.reserve, ""), ("DRAW_LIMIT", -1 if v.draw_limit is None else v.draw_limit, "-1: none"),
        ("MAY_PASS", int(turn.may_pass), ""), ("EXTRA_TURNS", int(turn.extra_turns), ""),
        ("EXTRA_AFTER_DOUBLE", int(ir.ExtraTurn.AFTER_DOUBLE in v.extra_turn), ""),
        ("EXTRA_AFTER_SCORE", int(ir.ExtraTurn.AFTER_SCORE in v.extra_turn), ""),
        ("EXTRA_AFTER_ANY", int(ir.ExtraTurn.AFTER_ANY in v.extra_turn), ""),
        ("EXTRA_AFTER_LEAD", int(v.lead_extra_turn is ir.LeadExtraTurn.AS_ANY_PLACEMENT), "the lead earns one too"),
        ("EXTRA_NEEDS_FROM_DRAW", int(turn.extra_turn_needs_from_draw), "no extra turn for a tile just drawn"),
        ("EXTRA_ENDS_WHEN_STUCK", int(turn.extra_turn_ends_when_stuck), ""),
        ("OPTIONAL_EXTRA", int(turn.optional_extra), ""), ("MAY_DRAW", int(turn.may_draw), ""),
        ("ANNOUNCED", int(turn.announced), "placements carry claims; muggins"),
        ("PARTNER_OUT_TOO", int(turn.partner_must_go_out_too), ""),
        ("WINNER_LEADS", int(turn.winner_leads), "an opener rule names the seat that won the last hand"),
        ("SIDE_CHOOSES", int(turn.side_chooses), "an opener rule lets the side that won the last decided hand choose"),
        ("PASS_POINTS", turn.pass_points, "an opponent's pass scores this for the side of the last tile placed"),
        ("ROUND_PASS_POINTS", turn.round_pass_points, "every other seat passing in turn after a tile scores this"),
        ("LEAD_PASS_DOUBLE", turn.lead_pass_points[0] if turn.lead_pass_points else 0, "a pass right after a double"),
        ("LEAD_PASS_OTHER", turn.lead_pass_points[1] if turn.lead_pass_points else 0, "... after any other lead"),
        ("LEAD_PASS", int(turn.lead_pass_points is not None), "a pass right after the lead scores LEAD_PASS_*"),
        # leads
        ("LEAD_NAMED", int(leads.named), leads.phrase_text), ("LEAD_VOID", int(leads.void), ""),
        ("LEAD_NAMED_FIRST_HAND_ONLY", int(leads.first_hand_only), "the named lead leads some hands only: the first"),
        ("LEAD_NAMED_LEVEL", int(leads.level), "... or those dealt at 0-0 or 1-1 or after a drawn hand"),
        ("LEAD_OFFERED", int(leads.offered), ""), ("LEADER_DRAWS", int(leads.draws), ""),
        ("LEAD_ROUND_DOUBLE", int(leads.round_double), "the named tile is the round's engine"),
        ("LEAD_DRAWN_FOR", int(leads.drawn_for), "held by nobody, the seats draw for it in turn"),
        ("LEAD_SET_ASIDE", int(leads.set_aside), "the round's engine is on the table before the deal, in no hand"),
        ("LEAD_ORDER_LENGTH", len(order), ""),
        # the end of a hand
        ("EXACT", int(end.exact), ""), ("LEAD_MAY_NOT_WIN", int(end.lead_may_not_win), ""),
        ("FIRST_SCORE", end.first_score or 0, "0: any score counts"),
        ("FIRST_SCORE_AWARDS", int(end.first_score_awards), ""),
        ("HAS_AWARD", int(award is not None), ""),
        ("AWARD_ROUND_TO", award.round_to or 0 if award else 0, ""),
        ("AWARD_DIVIDE_BY", award.divide_by if award else 1, ""),
        ("AWARD_FROM_OPPONENTS", int(award.from_opponents) if award else 0, ""),
        ("HAND_AWARDS", int(end.awards is not None), "own awards for going out and for a blocked hand"),
        ("AWARD_FROM_OTHER_SIDES", 0, ""), ("AWARD_FROM_OTHER_HANDS", 1, ""), ("AWARD_FROM_EVERY_HAND", 2, ""),
        *pip_award("OUT", out), *pip_award("BLOCKED", blocked),
        ("PENALTY", int(penalty is not None), ""),
        ("PENALTY_ROUND_TO", penalty.round_to or 0 if penalty else 0, ""),
        ("PENALTY_EACH_HAND", int(penalty.each_hand) if penalty else 0, ""),
        ("PENALTY_OUT_EXEMPT", int(penalty.out_exempt) if penalty else 0, ""),
        ("JUDGED_AT_HAND_END", int(end.judged_at_hand_end), ""), ("BELOW_ZERO", int(end.below_zero), ""),
        ("WINS_DURING_PLAY", int(end.wins_during_play), ""), ("NO_TARGET", int(end.no_target), ""),
        ("POOL", end.pool or 0, "each player's stake"), ("POOL_DIVIDED", int(end.pool_divided), ""),
        ("LOSERS_RECORD", int(end.losers_record), "the losing side records the hand's points; the target loses"),
        ("TIED_CARRIED", int(end.tied_points is not None), "a tied hand's points are carried to the next decided one"),
        ("BLOCKED_HAS_WINNER", int(end.blocked_has_winner), ""),
        ("BLOCKED_BY_COMBINED_PIPS", int(end.blocked_by_combined_pips), ""),
        ("DOUBLES_FIRST", int(end.doubles_first), ""), ("TIE_MEANS_NO_WINNER", int(end.tie_means_no_winner), ""),
        ("BLOCKER_AND_NEXT", int(end.blocker_and_next), "a blocked hand: the blocker against the next seat"),
        ("LEADERS_WIN_TIES", int(end.leaders_win_ties), "a blocked hand's tie goes to the side that led the hand"),
        ("BLOCKERS_WIN_TIES", int(end.blockers_win_ties), "... to the blocker's side"),
        ("EITHER_END_BONUS", end.either_end_bonus, "going out with a tile that matched both open ends scores this"),
        ("EITHER_END_DOUBLES", int(end.either_end_doubles), "... a double too"),
        ("EITHER_END_TWO_NUMBERS", int(end.either_end_two_numbers), "... only where the ends showed two numbers"),
        ("BLANK_END_BONUS", end.blank_end_bonus, "going out with double blank on a single blank end scores this"),
        ("BLOCKED_BONUS", end.blocked_bonus, "the side that wins a blocked hand scores this more"),
        ("PUSH", int(end.push), "a tie of a blocked hand is played again, with the same number"),
        ("BRUK_KEEPS_WINNER", int(end.bruk_keeps_winner), "... the winner keeping its points: the losers go to 0"),
        ("BRUK", int(end.bruk), "a won hand leaving both sides with points sends them to 0 (from 1-1 the losers)"),
        ("LOWEST_SEAT", int(end.lowest_seat), "a blocked hand's winning seat: its side's lowest, first in turn"),
        ("HAND_BONUS_COUNT", v.hand_bonuses[-1].hand if v.hand_bonuses else 0, "the last hand with a bonus"),
        ("PIPS_ADDED", int(end.pips_added), "each seat's pips left in hand (PIPS_LEFT) are added to its own score"),
        ("HAS_LONE_PIPS", int(bool(v.lone_tile_values)), "a tile left alone in a hand may count LONE_PIPS"),
        ("ROUNDS", end.rounds or 0, "a game is this many hands, the lowest total winning; 0: played to its target"),
        *_match_constants(p.match),
        # the thinking bots' settings (play/bots.py)
        *((f"EXPERT_{name.upper()}", weight, meaning) for name, (weight, meaning) in bots.EXPERT_WEIGHTS.items()),
        ("ISMCTS_EXPLORATION", bots.ISMCTS_EXPLORATION, "the search's UCB1 exploration constant"),
        # the records of ds_play_units, in the record schema's order
        *record_layout("UNIT", units, UNIT_GROUPS), *record_layout("HAND", hands, HAND_GROUPS),
    ]
    bonuses = {bonus.hand: bonus.points for bonus in v.hand_bonuses}
    tables = (
        Table("char *const", "PORT_TEXT[]", _names(native_game.PORTS), "the ports by the ABI's numbering, as named"),
        Table("int8_t", "TILE_LOW[NTILES]", ", ".join(str(a) for a, _ in tiles), "the tiles' halves"),
        Table("int8_t", "TILE_HIGH[NTILES]", ", ".join(str(b) for _, b in tiles), ""),
        Table("TileByte", "SET_ORDER[NTILES]", ", ".join(str(i) for i in range(len(tiles))),
              "every tile, in the set's order: a shuffle's start"),
        Table("uint32_t", "TILE_MASK[NTILES]", ", ".join(f"{(1 << a) | (1 << b)}u" for a, b in tiles),
              "the pips each tile shows, as a mask"),
        Table("int64_t", "RAW_POINTS[MAX_TOTAL + 1]", ", ".join(map(str, raw_points)), "raw points by end total"),
        Table("TileByte", "DOUBLE_TILE[MAX_PIP + 1]", ", ".join(str(index[(n, n)]) for n in range(v.max_pip + 1)),
              "the double of each number"),
        Table("TileByte", "ROUND_ENGINE[MAX_PIP + 1]",
              ", ".join(str(index[(n, n)]) for n in v.round_engines or range(v.max_pip, -1, -1)),
              "each round's engine, round 1 first (unread in a game to its target)"),
        Table("int32_t", "PIPS_LEFT[NTILES]", ", ".join(str(v.tile_pips(a, b)) for a, b in tiles),
              "what each tile left in hand counts at a hand's end"),
        Table("int32_t", "LONE_PIPS[NTILES]", ", ".join(str(-1 if (lone := v.lone_pips(a, b)) is None else lone)
                                                        for a, b in tiles),
              "... where it is the only tile left in its hand; -1: what it counts among others"),
        Table("int8_t", "PLAYERS_ALLOWED[MAX_PLAYERS + 1]", ", ".join("1" if n in counts else "0" for n in players),
              ""),
        Table("int8_t", "DEAL_SIZE[MAX_PLAYERS + 1]",
              ", ".join(str(v.tiles_dealt(n) or 0) if n in counts else "0" for n in players), "tiles dealt each"),
        Table("int32_t", "TARGET_FOR[MAX_PLAYERS + 1]",
              ", ".join(str(v.target.for_players(n)) for n in players), "the target of a game of each count"),
        Table("int32_t", "HAND_BONUS[HAND_BONUS_COUNT + 1]", ", ".join(
            str(bonuses.get(hand, 0)) for hand in range(max(bonuses, default=0) + 1)), "the bonus for winning hand N"),
        Table("int8_t", "WILD[NTILES]", _per_tile(tiles, wild), "placed on any open end, by either half"),
        Table("int8_t", "LEAD_ALLOWED[NTILES]", _per_tile(tiles, set(_tiles(leads.allowed))),
              "the tiles a seat offered the lead may lead"),
        Table("TileByte", "LEAD_ORDER[LEAD_ORDER_LENGTH]", ", ".join(str(index[t]) for t in order),
              "the first of these a hand holds leads, by its holder"),
        *_match_tables(p.match),
        Table("char *const", "UNIT_FIELD_NAMES[UNIT_FIELD_COUNT]", _names(units), "a unit's figures, by name"),
        Table("char *const", "HAND_FIELD_NAMES[HAND_FIELD_COUNT]", _names(hands), "a hand's row, by name"),
    )
    return CEngineContext(
        name_comment=comment_text(v.name), source_comment=None if v.source is None else comment_text(v.source),
        name_bytes=byte_values(v.name), tables=tables, formula=to_source(v.placement_score, C_NAMES, C_SYNTAX),
        stat_names=stat_names(max(4, v.max_players)), runtime=runtime_sections(),
        constants=tuple((name, value, comment_text(meaning)) for name, value, meaning in constants),
    )


def _match_constants(match: python.MatchPlay | None) -> list[tuple[str, int | float, str]]:
    """Match play's rules as constants (all 0 without match rules): a variant's, or a match format's."""
    return [
        ("ABI_VERSION", ABI_VERSION, "of the interface the engine exports"),
        ("HAS_MATCH_PLAY", int(match is not None), ""),
        ("GAME_TARGET", match.game_target if match else 0, ""),
        ("MATCH_EXACT_TARGET", int(match.exact_target) if match else 0, "no game ends past its target"),
        ("MATCH_WIN_POINTS", match.win_points if match else 0, ""),
        ("MATCH_LINE_COUNT", len(match.lines) if match else 0, "the board's lines, deepest first"),
        ("MATCH_FIRST_TO", int(match.first_to) if match else 0, "first to N match points, else best of N games"),
        ("MATCH_TARGET", match.target if match else 0, ""),
        ("MATCH_LOSER_OPENS", int(match.loser_opens) if match else 0, ""),
    ]


def _match_tables(match: python.MatchPlay | None) -> list[Table]:
    lines = match.lines if match else ()
    return [
        Table("int32_t", "MATCH_LINE_CUTOFF[MATCH_LINE_COUNT + 1]",
              ", ".join([*(str(line.cutoff) for line in lines), "0"]), "the lowest score not below each line"),
        Table("int32_t", "MATCH_LINE_POINTS[MATCH_LINE_COUNT + 1]",
              ", ".join([*(str(line.points) for line in lines), "0"]), ""),
        Table("int8_t", "MATCH_LINE_OUTRIGHT[MATCH_LINE_COUNT + 1]",
              ", ".join([*(str(int(line.outright)) for line in lines), "0"]), "the line wins the whole match"),
    ]


def match_format_context(f: ir.MatchFormat) -> CFormatContext:
    """A match format's engine: its rules as constants over the match score every engine keeps."""
    match = python.match_format_context(f).match
    constants = [("MAX_PLAYERS", MATCH_FORMAT_SIDES, "the most sides a match is between"), *_match_constants(match)]
    return CFormatContext(
        name_comment=comment_text(f.name), source_comment=None if f.source is None else comment_text(f.source),
        name_bytes=byte_values(f.name), tables=tuple(_match_tables(match)), runtime=runtime_sections(),
        constants=tuple((name, value, comment_text(meaning)) for name, value, meaning in constants),
    )
