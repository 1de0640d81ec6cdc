"""The typed IR of a variant: the single source of truth between the compiler's stages.

Every node keeps the source position of the clause (or sub-expression) it came from, so a later
stage can point an error at the spec line that caused it. Positions and comments never take part
in equality: two specs that say the same rules have equal IR, however they are laid out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum


@dataclass(frozen=True)
class Pos:
    line: int
    column: int


NOWHERE = Pos(0, 0)


def _pos() -> Pos:
    return field(default=NOWHERE, compare=False, repr=False)


# --- the scoring formula ------------------------------------------------------------------


@dataclass(frozen=True)
class Number:
    value: int
    pos: Pos = _pos()


@dataclass(frozen=True)
class Name:
    name: str
    pos: Pos = _pos()


@dataclass(frozen=True)
class BinOp:
    op: str  # one of + - * /  ("/" divides and drops the remainder)
    left: Expr
    right: Expr
    pos: Pos = _pos()


@dataclass(frozen=True)
class Conditional:
    then: Expr
    cond: Cond
    otherwise: Expr | None  # None: the value is 0 when the condition fails
    pos: Pos = _pos()


@dataclass(frozen=True)
class Compare:
    op: str  # one of < <= > >= == !=
    left: Expr
    right: Expr
    pos: Pos = _pos()


@dataclass(frozen=True)
class MultipleOf:
    value: Expr
    divisor: Expr
    positive: bool
    pos: Pos = _pos()


@dataclass(frozen=True)
class Logic:
    op: str  # "and" or "or"
    left: Cond
    right: Cond
    pos: Pos = _pos()


@dataclass(frozen=True)
class Not:
    operand: Cond
    pos: Pos = _pos()


Expr = Number | Name | BinOp | Conditional
Cond = Compare | MultipleOf | Logic | Not

# The names a scoring formula may use: the end total; the mover's side's score before the placement
# and the game's target; 1 for the lead; the number of counted ends; 1 when the open ports all show one
# number (at least two of them); 1 when an open port is a double's standing at its end.
FORMULA_NAMES = ("total", "score", "target", "lead", "ends", "ends_alike", "double_end")


# --- the clauses ----------------------------------------------------------------------------


class Choice(StrEnum):
    """A closed set of phrases; the value is the phrase exactly as the spec writes it (and str() gives it)."""


class PartnershipKind(Choice):
    NONE = "none"
    FIXED = "fixed"
    OPTIONAL = "optional"


class Undealt(Choice):
    OUT_OF_PLAY = "out of play"
    DRAW_PILE = "draw pile"


class DrawnTile(Choice):
    PLAYED_AT_ONCE_ENDS_TURN = "played at once and ends the turn"
    PLAYED_AT_ONCE = "played at once"
    JOINS_HAND = "joins the hand"


class CannotPlay(Choice):
    KNOCK = "knock"
    DRAW = "draw until playable"


class WhenAble(Choice):
    MUST_PLAY = "must play"
    MAY_PASS = "may pass"
    MAY_DRAW = "may draw"


class Opener(Choice):
    LOT = "by lot"
    HIGHEST_DOUBLE = "holder of the highest double"
    NEXT_SEAT = "next seat clockwise"
    LAST_TILE = "player of the last tile"
    WINNER = "winner of the last hand"  # the seat that went out, or the one seat that won a blocked hand
    SIDE_CHOICE = "chosen by the winning side"  # any seat of the side that won the last decided hand
    HEAVIEST_TILE = "holder of the heaviest tile"  # most pips dealt; between equal sums the greater higher half


class Lead(Choice):
    ANY_TILE = "any tile"
    DOUBLE_IF_HELD = "a double if held"
    HIGHEST_DOUBLE = "the highest double"  # its holder leads it, every hand
    LOWEST_DOUBLE = "the lowest double"
    DOUBLE = "a double"  # the seat offered the lead must lead a double
    DOUBLE_OR_SCORING = "a double or a scoring tile"  # ... or a tile that scores led alone
    ROUND_DOUBLE = "the round's double"  # its holder leads it: the engine of the round being played
    # The round's engine is laid on the table before the deal, in no hand and not in the pile; the opener places first.
    ROUND_DOUBLE_SET_ASIDE = "the round's double, set aside"


@dataclass(frozen=True)
class LeadTile:
    """A named tile whose holder leads it: every hand (`lead: [6|6]`), or the game's first (`first hand lead`)."""

    low: int
    high: int
    pos: Pos = _pos()

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"


# The leads that name the tile to lead, and so decide the opener from the deal.
NAMED_LEADS = (Lead.HIGHEST_DOUBLE, Lead.LOWEST_DOUBLE, Lead.ROUND_DOUBLE)
# The leads a seat offered the lead may be unable to make.
OFFERED_LEADS = (Lead.DOUBLE, Lead.DOUBLE_OR_SCORING)


def names_lead_tile(lead: Lead | LeadTile) -> bool:
    """Whether the lead names its tile (the highest or lowest double, or a tile such as [6|6])."""
    return isinstance(lead, LeadTile) or lead in NAMED_LEADS


def named_lead(v: Variant) -> Lead | LeadTile | None:
    """The lead that names its tile, in every hand, in the first or at level scores: what 'if nobody holds it' is
    about."""
    if names_lead_tile(v.lead):
        return v.lead
    return v.first_hand_lead or v.level_lead


@dataclass(frozen=True)
class WildTile:
    """A tile that may be placed on any open end, either way round (`wild tiles: [3|4]`)."""

    low: int
    high: int
    pos: Pos = _pos()

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"


class NobodyHolds(Choice):
    """What leads when no hand holds the tile a lead names."""

    HEAVIEST = "the heaviest tile leads"
    LIGHTEST = "the lightest tile leads"
    VOID = "the deal is void"
    # Trains: one seat after another draws one tile, the opener first, until the tile turns up; its drawer leads it.
    DRAWN_FOR = "the seats draw in turn until it appears"


class LeaderWithout(Choice):
    """What a seat offered the lead does when it holds no tile it may lead."""

    PASSES = "passes the lead"
    DRAWS = "draws until one comes"


class Spinners(Choice):
    NONE = "none"
    FIRST_DOUBLE = "first double"
    EVERY_DOUBLE = "every double"


class BranchesOpen(Choice):
    AFTER_BOTH_LINE_SIDES = "after both line sides are filled"
    AT_ONCE = "at once"


class DoubleAtEnd(Choice):
    BOTH_HALVES = "both halves"
    ONE_HALF = "one half"


class SpinnerSides(Choice):
    ANY_ORDER = "in any order"
    BEFORE_OTHER_ENDS = "covered before other ends"


class SpinnerCounts(Choice):
    LIKE_ANY_DOUBLE = "like any double"
    PER_OPEN_BRANCH = "its value for each open branch"


class LaterDoubles(Choice):
    """What a double joined to the layout is, after the spinners the variant has."""

    CROSSWISE = "crosswise"  # one line side covered by its join, the other open
    # Chicken Foot: it joins by lineA, and its three toes (toeA, toeB, toeC) are the only open ports until covered.
    CHICKEN_FEET = "chicken feet"


class Trains(Choice):
    """A hub layout (the trains games): the engine's ports are one train per seat, and a public train or none."""

    NONE = "none"
    EACH_SEAT = "one for each seat"  # train k starts on the engine's port train<k> and belongs to seat k
    EACH_SEAT_AND_PUBLIC = "one for each seat and a public train"  # ... and the Mexican train, on the port public


class TrainDoubles(Choice):
    """What a double placed in a train is."""

    ORDINARY = "ordinary ends"  # crosswise, its line B the train's open end
    # Satisfied doubles: while its line B is uncovered it is the only open end, for every seat.
    SATISFIED = "satisfied before any other play"


class CrossArms(Choice):
    NONE = "none"
    DOUBLE_ON_EACH_FIRST = "a double on each first"


class ExtraTurn(Choice):
    AFTER_DOUBLE = "a double"
    AFTER_SCORE = "a scoring placement"
    AFTER_ANY = "any placement"


class ExtraTurnStuck(Choice):
    DRAW_AS_USUAL = "draw as usual"
    TURN_ENDS = "the turn ends"


class LeadExtraTurn(Choice):
    """Whether the hand's lead earns the extra turn a placement like it would (Mexican Train's house option: the seat
    after the setter begins)."""

    AS_ANY_PLACEMENT = "as for any placement"
    NONE = "none"


class ExtraTurnKind(Choice):
    REQUIRED = "required"  # the player must place if he can
    OPTIONAL = "optional"  # the player may place one more tile or pass


class PlacementPoints(Choice):
    CREDITED = "credited at once"
    ANNOUNCED = "announced by the player"  # the mover claims them; a wrong claim is a penalty, "muggins" takes them


class PartnershipOut(Choice):
    ONE_PARTNER = "when one partner is out"
    BOTH_PARTNERS = "when both partners are out"


class AwardFrom(Choice):
    OPPONENTS = "opponents' pips"
    ALL_OTHER_HANDS = "all other hands' pips"
    EVERY_HAND = "every hand's pips"


class SameAward(Choice):
    PIP_AWARD = "the pip award"


class BlockedHand(Choice):
    NO_WINNER = "no winner"
    LOWEST_PIPS = "lowest pips win"
    LOWEST_COMBINED = "lowest combined pips win"
    # Bergen: the seats holding no double are the candidates; if every seat holds one, all are,
    # their doubles left out of their pips. The candidate with the fewest pips wins (individuals only).
    NO_DOUBLE_FIRST = "lowest pips win, hands without a double first"
    # Dominican: the blocker (who placed the last tile) and the seat after him compare pips; fewer wins the hand
    # for his side, equal pips the blocker.
    BLOCKER_AND_NEXT = "the blocker against the next seat"


class TiedLowest(Choice):
    NO_WINNER = "no winner"
    EACH_WINS = "each tied side wins"
    PLAYED_AGAIN = "the hand is played again"  # Puerto Rican's push: nobody scores, and the hand keeps its number
    LEADERS_WIN = "the side that led the hand wins"  # the hand's opener's side (two sides: always among the tied)
    BLOCKERS_WIN = "the blocker's side wins"  # Dominican: the side of the seat that placed the last tile


class BelowZero(Choice):
    NOT_ALLOWED = "not allowed"
    ALLOWED = "allowed"


@dataclass(frozen=True)
class PipPenalty:
    """'own pips, each hand rounded to the nearest 5': at every hand's end each side loses its own pips."""

    round_to: int | None
    each_hand: bool  # each seat's pips rounded on their own, else the side's pips added and rounded once
    out_exempt: bool  # the side that went out loses nothing
    pos: Pos = _pos()


class LeadWinning(Choice):
    SCORED = "scored"
    CANCELLED = "cancelled"  # a lead that would bring its side to the target scores nothing


class AnyFirstScore(Choice):
    ANY = "any points"


@dataclass(frozen=True)
class FirstScore:
    """'at least 10': a side whose score is 0 is not yet in; a smaller score is void for it."""

    threshold: int
    placements_only: bool  # hand awards count whatever their size
    pos: Pos = _pos()


class TargetKind(Choice):
    EXACTLY = "exactly"
    AT_LEAST = "at least"
    NONE = "none"  # pool play: no target, the game never ends by score (points is 0)
    LOWEST_AFTER_ROUNDS = "lowest total after the last round"  # trains: the game is its rounds (points is 0)


# The targets written without a number: the game does not end by reaching a score.
NUMBERLESS_TARGETS = (TargetKind.NONE, TargetKind.LOWEST_AFTER_ROUNDS)


class Rounds(Choice):
    """A game of a fixed number of hands, called rounds, each with its own engine double."""

    NONE = "none"
    EACH_DOUBLE_HIGHEST_FIRST = "one for each double, highest first"  # round r's engine: [N-r+1|N-r+1]
    EACH_DOUBLE_LOWEST_FIRST = "one for each double, lowest first"  # round r's engine: [r-1|r-1]


class PipsLeft(Choice):
    """What happens to the pips left in each hand at a hand's end, besides any award."""

    ADDED_TO_HOLDER = "added to the holder's score"  # trains: own pips against, the lowest total winning


@dataclass(frozen=True)
class TileValue:
    """'[0|0] counts 50': the tile counts these pips wherever pips left in a hand are counted."""

    low: int
    high: int
    pips: int
    pos: Pos = _pos()

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}] counts {self.pips}"


class HandPointsTo(Choice):
    WINNERS = "the winning side"
    LOSERS = "the losing side"  # penalty points: the side that reaches the target loses the game


class TiedHandPoints(Choice):
    LOST = "lost"
    CARRIED = "carried to the next decided hand"  # Kozel's eggs


class BothScored(Choice):
    """What a won hand does where both sides then have points (Jamaican six-love)."""

    KEPT = "they keep them"
    BRUK = "both go back to 0, one all playing for two"  # from 1-1 the winner goes to 2 and the loser to 0
    # Jamaican house option: a bruk leaves the last winner on its 1; only the losing side goes back to 0.
    BRUK_TO_LOSERS = "the losing side goes back to 0, one all playing for two"


class PoolTies(Choice):
    DIVIDED = "divided, remainder carried"
    CARRIED_WHOLE = "carried whole"


def counts_text(counts: Sequence[int]) -> str:
    """A set of player counts (smallest first) as the language writes it: '4', '3 or 4', '2 to 8', '2, 3 or 5'.
    A run of three or more is a range; any other set is listed."""
    if len(counts) == 1:
        return str(counts[0])
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


@dataclass(frozen=True)
class HandBonus:
    """'100 points in hand 1': the side that wins the game's hand 1 scores 100 more, as part of its award."""

    hand: int
    points: int
    pos: Pos = _pos()


@dataclass(frozen=True)
class DealRule:
    player_counts: tuple[int, ...]
    tiles_each: int
    pos: Pos = _pos()


@dataclass(frozen=True)
class PipAward:
    source: AwardFrom
    round_to: int | None  # nearest multiple; remainder below half rounds down, else up
    divide_by: int
    pos: Pos = _pos()
    less_own: bool = False  # the winning side's own pips are subtracted (an award below 0 scores 0)
    each_hand: bool = False  # each seat's pips are rounded on their own, then added

    @property
    def plain(self) -> bool:
        """An award as the language first wrote it: a sum of the other sides' or seats' pips, rounded once."""
        return self.source is not AwardFrom.EVERY_HAND and not self.less_own and not self.each_hand


@dataclass(frozen=True)
class FixedAward:
    """A number of points, whatever the pips."""

    points: int
    pos: Pos = _pos()


@dataclass(frozen=True)
class TargetCount:
    """'15 with 2 players': the target of a game at these player counts."""

    player_counts: tuple[int, ...]
    points: int
    pos: Pos = _pos()


@dataclass(frozen=True)
class Target:
    kind: TargetKind
    points: int  # with a target per player count: the first count's (see for_players and every_points)
    pos: Pos = _pos()
    at_hand_end: bool = False  # judged only at the end of a hand: then the highest score wins
    by_players: tuple[TargetCount, ...] = ()  # a target per player count; empty: one target for every count

    def for_players(self, players: int) -> int:
        """The target of a game of this many players."""
        return next((rule.points for rule in self.by_players if players in rule.player_counts), self.points)

    @property
    def numbers(self) -> str:
        """The target's numbers as a spec writes them: '61', or '15 with 2 players, 10 with 3 or 4 players'."""
        if not self.by_players:
            return str(self.points)
        return ", ".join(f"{rule.points} with {counts_text(rule.player_counts)} players"
                         for rule in self.by_players)

    @property
    def every_points(self) -> tuple[int, ...]:
        """Every target the game may have, once each, lowest first."""
        return tuple(sorted({rule.points for rule in self.by_players} or {self.points}))


class MatchTargetKind(Choice):
    FIRST_TO = "first to"  # N match points
    BEST_OF = "best of"  # N games: the first to win more than half of them


class NextGameOpener(Choice):
    LOSER = "loser of the previous game"
    VARIANT_RULE = "the variant's rule"


@dataclass(frozen=True)
class Threshold:
    """'below 91' (absolute) or 'below 3/4 of the target' (relative to the game target)."""

    numerator: int
    denominator: int | None  # None: an absolute score
    pos: Pos = _pos()

    def cutoff(self, game_target: int) -> int:
        """The lowest whole score that is not below the line."""
        if self.denominator is None:
            return self.numerator
        return -(-game_target * self.numerator // self.denominator)


@dataclass(frozen=True)
class MatchLine:
    """A line on the board (lurch, skunk, ...): a loser below it gives the winner more match points."""

    name: str  # its clause's key: "lurch line", "skunk line", "double skunk line" or "triple skunk line"
    below: Threshold
    points: int | None  # None: the winner takes the whole match at once
    pos: Pos = _pos()


@dataclass(frozen=True)
class MatchRules:
    """How games make a match: match points per game won, the board's lines, and the match target."""

    win_points: int
    lines: tuple[MatchLine, ...]
    target_kind: MatchTargetKind
    target: int
    next_game_opener: NextGameOpener = NextGameOpener.VARIANT_RULE
    pos: Pos = _pos()


@dataclass(frozen=True)
class MatchFormat:
    """A match format on its own (cribbage's formats, say): a game target and the match rules."""

    name: str
    game_target: int
    rules: MatchRules
    source: str | None = None
    where: dict[str, Pos] = field(default_factory=dict, compare=False, repr=False)
    comments: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Variant:
    """Every rule of one variant. Optional clauses hold their documented defaults."""

    name: str
    max_pip: int
    min_players: int
    max_players: int
    deal: tuple[DealRule, ...]
    undealt: Undealt
    spinners: Spinners
    placement_score: Expr
    target: Target
    source: str | None = None
    player_set: tuple[int, ...] | None = None  # the counts of 'players: 2 or 4'; None: every count from min to max
    partnerships: PartnershipKind = PartnershipKind.NONE
    partnership_size: int = 4  # seats needed for partnerships; the checks insist on 4
    reserve: int = 0
    draw_limit: int | None = None
    drawn_tile: DrawnTile = DrawnTile.PLAYED_AT_ONCE
    cannot_play: CannotPlay = CannotPlay.KNOCK
    when_able: WhenAble = WhenAble.MUST_PLAY
    first_opener: Opener = Opener.LOT
    next_opener: Opener = Opener.NEXT_SEAT
    after_blocked: Opener | None = None  # None: the same rule as next_opener
    lead: Lead | LeadTile = Lead.ANY_TILE
    first_hand_lead: LeadTile | None = None  # the game's first hand is led by this tile's holder, with it
    level_lead: LeadTile | None = None  # ... every hand dealt at 0-0 or 1-1, or after a drawn hand (Jamaican)
    if_nobody_holds: NobodyHolds | None = None  # required where the named lead tile may go undealt
    leader_without: LeaderWithout | None = None  # required with the leads a seat may lack
    branches_open: BranchesOpen = BranchesOpen.AFTER_BOTH_LINE_SIDES
    double_at_end: DoubleAtEnd = DoubleAtEnd.BOTH_HALVES
    spinner_sides: SpinnerSides = SpinnerSides.ANY_ORDER
    spinner_counts: SpinnerCounts = SpinnerCounts.LIKE_ANY_DOUBLE
    cross_arms: CrossArms = CrossArms.NONE
    later_doubles: LaterDoubles = LaterDoubles.CROSSWISE
    trains: Trains = Trains.NONE
    train_doubles: TrainDoubles = TrainDoubles.ORDINARY
    matching: int | None = None  # None: a tile joins by its half equal to the end; N: by the half adding up to N
    wild_tiles: tuple[WildTile, ...] = ()
    raw_per_displayed: int = 1
    extra_turn: tuple[ExtraTurn, ...] = ()
    extra_turn_stuck: ExtraTurnStuck = ExtraTurnStuck.DRAW_AS_USUAL
    extra_turn_kind: ExtraTurnKind = ExtraTurnKind.REQUIRED
    lead_extra_turn: LeadExtraTurn = LeadExtraTurn.AS_ANY_PLACEMENT
    placement_points: PlacementPoints = PlacementPoints.CREDITED
    partnership_out: PartnershipOut | None = None
    going_out_bonus: int = 0
    either_end_bonus: int = 0  # going out with a tile that matched both open ends (a capicua) scores this more
    either_end_doubles: bool = True  # ... a double too (False: ", doubles excepted")
    either_end_two_numbers: bool = False  # ... only where the two ends showed two different numbers (no double then)
    blocked_bonus: int = 0  # the side that wins a blocked hand scores this more (Puerto Rican's house option)
    blank_end_bonus: int = 0  # going out with [0|0] while exactly one open end is blank (a chuchazo) scores this more
    hand_bonuses: tuple[HandBonus, ...] = ()  # the side that wins hand N scores these points more
    pass_points: int = 0  # each pass scores this for the side of the last tile placed, where the passer opposes it
    # Every other seat passing in turn after a tile (Dominican pase corrido) scores this once for the tile's side.
    round_pass_points: int = 0
    # The next seat passing right after the lead (Dominican pase de salida) scores these for the leader's side, in
    # place of an opponent's pass: after any other lead, and after a double.
    lead_pass_points: int = 0
    lead_pass_double_points: int = 0
    pip_award: PipAward | None = None
    blocked_hand: BlockedHand = BlockedHand.NO_WINNER
    blocked_award: PipAward | FixedAward | SameAward | None = SameAward.PIP_AWARD  # None: nothing
    tied_lowest: TiedLowest = TiedLowest.EACH_WINS
    pip_penalty: PipPenalty | None = None
    pips_left: PipsLeft | None = None  # None: the pips left in hand count only for awards
    tile_values: tuple[TileValue, ...] = ()  # tiles that count other than their pips, in hand at a hand's end
    lone_tile_values: tuple[TileValue, ...] = ()  # ... where the tile is the only one left in its hand (Kozel)
    scores_below_zero: BelowZero = BelowZero.NOT_ALLOWED
    pool_stake: int | None = None  # points each player stakes into the pool at the start of every hand
    pool_ties: PoolTies = PoolTies.DIVIDED
    hand_points_to: HandPointsTo = HandPointsTo.WINNERS
    tied_hand_points: TiedHandPoints = TiedHandPoints.LOST
    both_scored: BothScored = BothScored.KEPT
    rounds: Rounds = Rounds.NONE
    first_score: FirstScore | AnyFirstScore = AnyFirstScore.ANY
    lead_winning: LeadWinning = LeadWinning.SCORED
    match: MatchRules | None = None  # None: one game to the target is the whole contest
    # Where each clause was written (clause key -> position), and the comments around it.
    where: dict[str, Pos] = field(default_factory=dict, compare=False, repr=False)
    comments: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def tile_count(self) -> int:
        return (self.max_pip + 1) * (self.max_pip + 2) // 2

    @property
    def player_counts(self) -> Sequence[int]:
        if self.player_set is not None:
            return self.player_set
        return range(self.min_players, self.max_players + 1)

    @property
    def round_count(self) -> int | None:
        """The number of hands a game of rounds has (one per double of the set); None: a game to its target."""
        return None if self.rounds is Rounds.NONE else self.max_pip + 1

    @property
    def round_engines(self) -> tuple[int, ...]:
        """The number of each round's engine double, round 1 first (empty for a game to its target)."""
        if self.rounds is Rounds.EACH_DOUBLE_LOWEST_FIRST:
            return tuple(range(self.max_pip + 1))
        return tuple(range(self.max_pip, -1, -1)) if self.rounds is Rounds.EACH_DOUBLE_HIGHEST_FIRST else ()

    def tile_pips(self, low: int, high: int) -> int:
        """What a tile left in hand counts at a hand's end: its pips, or the value the variant gives it."""
        return next((value.pips for value in self.tile_values if (value.low, value.high) == (low, high)), low + high)

    def lone_pips(self, low: int, high: int) -> int | None:
        """What the tile counts when it is the only one left in a hand at a hand's end, where the variant gives it
        a value for that; None: what it counts among others."""
        return next((value.pips for value in self.lone_tile_values if (value.low, value.high) == (low, high)), None)

    @property
    def counts_pips_left(self) -> bool:
        """Whether the pips left in hands at a hand's end count for anything: an award or a penalty, a blocked hand
        decided by them, or each seat's own added to its score."""
        return (self.pip_award is not None or self.pip_penalty is not None or self.pips_left is not None
                or self.blocked_hand is not BlockedHand.NO_WINNER)

    @property
    def blocked_pip_award(self) -> PipAward | FixedAward | None:
        """What the winner of a blocked hand scores: its own award, or the pip award."""
        if isinstance(self.blocked_award, SameAward):
            return self.pip_award
        return self.blocked_award

    def tiles_dealt(self, players: int) -> int | None:
        for rule in self.deal:
            if players in rule.player_counts:
                return rule.tiles_each
        return None


# The number words a tile set is named by ("double ten"), one for every set the checks allow.
PIP_WORDS = {word: number for number, word in enumerate(
    ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
     "seventeen eighteen").split(), 1)}
