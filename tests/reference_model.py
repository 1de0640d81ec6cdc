"""A small reference model of the Fives-family rules, for differential tests of the generated engines.

It is written from the rules digest and the club's rule documents, and it interprets a checked
Variant at run time: no engine code and no template is used. Clarity comes before speed: the layout
is a list of tiles and a list of connections, and the open ports, spinners and counted ends are
worked out from those lists by their definitions, afresh for each layout (the answers are kept until
the next tile is placed, for the tests ask the same layout many questions).

Choices the documents leave open, made in their most natural reading:
- A double with neither line side covered (a doubled lead) counts its pips once, as one
  contribution, whatever its branches hold.
- With "may pass", a hand in which every seat still holding tiles passes in a row is blocked.
- A tile drawn under "played at once" must be played before anything else, "may pass" or not.
- An extra turn is a new turn: its draws count afresh against a draw limit.
- Announced scores: a placement that ends the hand or wins the game leaves no time for a muggins
  call (the hand is decided); the penalty for a wrong claim goes to the first seat clockwise of
  another side.
- An optional extra turn offers the placements and a pass, never a draw (FAMILY.md's games with
  optional extra plays have no drawing); with no legal tile the seat passes.
- A scoring placement earns its extra turn even when an exact target cancels its points.
- The going-out bonus is a hand-end award, scored together with the pip awards ("at least" and no
  target alike), but with an exact target, where it is part of the last placement, as the documents
  say.
- With an exact target, hand-end awards are scored one side at a time in seat order; the first
  side to reach the target exactly wins, and the awards after it lapse.
- Matching by halves adding up to N: an end showing v takes a tile by its half N - v, and nothing
  when no half of the set is N - v. A wild tile goes on any open end; a wild tile but a double names
  the half that touches (the move's fifth item, the event's "by"), a wild double joins by its line A.
- A blocked hand's winning side takes its award from the other sides' hands, also where the
  variant's award for going out is "all other hands' pips".
- The opener of a hand is the seat offered the lead. Before the lead the hand is blocked the moment
  no seat holds a tile it may lead and (for a leader who draws for one) nothing can be drawn; so at
  once when the deal leaves nobody a lead, and once every seat has been offered it in vain. Tiles
  drawn for a lead join the hand (a drawn tile is "played at once" only onto a layout), and the
  draw limit counts them.
- Drawing for a named lead nobody was dealt (the round's engine): while the table is empty the seat
  to move leads the tile if it holds it, else draws one; any other tile drawn hands the turn on. A
  chicken foot (no line B, its toes like branches) counts nothing among the scoring ends.
- Own pips against are added right after the hand_end event, before anything else of the hand's end.
- The round's double, set aside: the engine is on the table before the deal (the first tile of the
  layout, as a lead would be, and the spinner where the first double is), in no hand and not in the
  pile; the hand's opener, by the opener rules, makes the first placement. A deal may leave nobody a
  placement and nothing to draw: the hand is blocked before anyone places a tile.
- Trains: the engine on the hub has one port per seat's train (and the public train's), every other
  tile belongs to the train whose hub port its train started on; the table's open ports are every
  seat's, and the seat to move places only on those it may use. Whether the hand is blocked asks
  about every open port, whoever may use it (as if every train carried a marker).

The events use the engines' public event schema (the one `dominospec replay --json` prints), so
that the two logs can be compared field by field.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from dominospec.language import ir
from dominospec.language.formula import evaluate

Tile = tuple[int, int]
Move = tuple[Any, ...]
Port = tuple[Tile, str, int]
Link = tuple[tuple[Tile, str], tuple[Tile, str]]

LINE_SIDES = ("lineA", "lineB")
BRANCHES = ("branchA", "branchB")
TOES = ("toeA", "toeB", "toeC")  # a chicken foot's ports besides the line A it joined by
Answer = TypeVar("Answer")


def full_set(max_pip: int) -> list[Tile]:
    """Every tile of a double-max_pip set, low half first."""
    return [(a, b) for a in range(max_pip + 1) for b in range(a, max_pip + 1)]


def is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def heaviest(tiles: list[Tile]) -> Tile:
    """FAMILY.md's heaviest tile: the most pips, and between equal sums the greater higher half."""
    return max(tiles, key=lambda t: (t[0] + t[1], t[1]))


def pip_count(variant: ir.Variant, tiles: list[Tile]) -> int:
    """What the tiles left in a hand count: their pips, or the value the variant gives a tile ([0|0] counts 50), or
    where one tile is left, the value it has alone (Kozel's lone [6|6] counts 50)."""
    lone = {(value.low, value.high): value.pips for value in variant.lone_tile_values}
    if len(tiles) == 1 and tiles[0] in lone:
        return lone[tiles[0]]
    return sum(variant.tile_pips(a, b) for a, b in tiles)


def show(tile: Tile) -> str:
    return f"[{tile[0]}|{tile[1]}]"


def to_nearest(pips: int, step: int) -> int:
    """round5 and round3 of the digest: the nearest multiple of step, a remainder of half or more up."""
    return (pips + step // 2) // step * step


def award_points(award: ir.PipAward | ir.FixedAward | None, counted: list[int], own: list[int]) -> int:
    """What a hand's winner scores: a fixed award, or the pips of the hands counted (each seat's
    hand a number), less the winner's own side's hands where the award says so, rounded once after
    adding (or each hand on its own, then added), then divided. An award below 0 is 0."""
    if award is None:
        return 0
    if isinstance(award, ir.FixedAward):
        return award.points
    subtracted = own if award.less_own else []
    if award.round_to is not None and award.each_hand:
        pips = sum(to_nearest(p, award.round_to) for p in counted) - sum(
            to_nearest(p, award.round_to) for p in subtracted)
    else:
        pips = max(0, sum(counted) - sum(subtracted))
        if award.round_to is not None:
            pips = to_nearest(pips, award.round_to)
    return max(0, pips) // award.divide_by


def blocked_winner(remaining: list[int], blocker: int) -> int:
    """Of the blocker and the next seat, the one with fewer pips; the blocker where they hold as many."""
    following = (blocker + 1) % len(remaining)
    return blocker if remaining[blocker] <= remaining[following] else following


def reckon(variant: ir.Variant, sides: list[int], remaining: list[int], out_seat: int | None,
           doubles: list[list[int]] | None = None, blocker: int | None = None,
           opener: int | None = None) -> tuple[list[int], list[int]]:
    """The hand-end reckoning: (winning sides, points awarded per side).

    sides[seat] is the seat's side, remaining[seat] the pips left in its hand, out_seat the seat
    that went out, or None when the hand is blocked. Going out wins the hand for the seat's side,
    which takes the award from its opponents' hands (or from every other hand, or from every hand)
    and the going-out bonus too, but with an exact target (then the bonus is part of the last
    placement). A blocked hand is won by the side with the lowest pips, its
    partners' hands combined or its lightest hand, as the variant says; every tied side takes a
    full blocked-hand award from all the other sides' hands (from every hand where the award says
    so), unless a tie means no winner, or goes to the side of the opener (the seat that led the hand) or of
    the blocker.
    Decided between the blocker (the seat that placed the last tile) and the seat after him, the one
    with fewer pips wins, and the blocker where they hold as many.
    """
    count = max(sides) + 1
    seats = range(len(sides))
    winners: list[int] = []
    awards = [0] * count

    def own(side: int) -> list[int]:
        return [remaining[s] for s in seats if sides[s] == side]

    def others(side: int) -> list[int]:
        return [remaining[s] for s in seats if sides[s] != side]

    if out_seat is not None:
        side = sides[out_seat]
        winners = [side]
        award = variant.pip_award
        counted = others(side)
        if award is not None and award.source is ir.AwardFrom.ALL_OTHER_HANDS:
            counted = [remaining[s] for s in seats if s != out_seat]
        elif award is not None and award.source is ir.AwardFrom.EVERY_HAND:
            counted = list(remaining)
        awards[side] = award_points(award, counted, own(side))
        if variant.target.kind is not ir.TargetKind.EXACTLY:
            awards[side] += variant.going_out_bonus
    elif variant.blocked_hand is not ir.BlockedHand.NO_WINNER:
        if variant.blocked_hand is ir.BlockedHand.BLOCKER_AND_NEXT:
            assert blocker is not None, "a blocked hand decided by its blocker needs the blocker"
            winners = [sides[blocked_winner(remaining, blocker)]]
        elif variant.blocked_hand is ir.BlockedHand.NO_DOUBLE_FIRST:
            # Bergen: the players holding no double, or all when every one holds one, on their pips
            # without their doubles (a hand of doubles only counts 0).
            held = doubles or [[] for _ in seats]
            candidates = [s for s in seats if not held[s]] or list(seats)
            counted = {s: remaining[s] - sum(d + d for d in held[s]) for s in candidates}
            winners = [sides[s] for s in candidates if counted[s] == min(counted.values())]
        else:
            def weight(side: int) -> int:
                return sum(own(side)) if variant.blocked_hand is ir.BlockedHand.LOWEST_COMBINED else min(own(side))
            lowest = min(weight(side) for side in range(count))
            winners = [side for side in range(count) if weight(side) == lowest]
        if len(winners) > 1 and variant.tied_lowest in (ir.TiedLowest.NO_WINNER, ir.TiedLowest.PLAYED_AGAIN):
            winners = []
        if len(winners) > 1 and variant.tied_lowest is ir.TiedLowest.LEADERS_WIN:  # the side that led the hand
            assert opener is not None, "a tie of a blocked hand goes to the opener's side: the opener is needed"
            winners = [sides[opener]]
        if len(winners) > 1 and variant.tied_lowest is ir.TiedLowest.BLOCKERS_WIN:  # the side that blocked it
            assert blocker is not None, "a tie of a blocked hand goes to the blocker's side: the blocker is needed"
            winners = [sides[blocker]]
        blocked = variant.blocked_pip_award
        for side in winners:
            every = isinstance(blocked, ir.PipAward) and blocked.source is ir.AwardFrom.EVERY_HAND
            awards[side] = award_points(blocked, list(remaining) if every else others(side), own(side))
    if variant.hand_points_to is ir.HandPointsTo.LOSERS:  # two sides: the side that lost records the points
        awards = [awards[1], awards[0]]
    return winners, awards


def of_this_layout(question: Callable[[Table], Answer]) -> Callable[[Table], Answer]:
    """A question about the layout, answered once per layout: the answer is kept until the tiles or the
    connections change. A list comes back as a copy, which the caller may change."""
    @functools.wraps(question)
    def asked(table: Table) -> Answer:
        layout = (id(table.tiles), len(table.tiles), id(table.links), len(table.links))
        if table.answered_for != layout:
            table.answered_for, table.answers = layout, {}
        if question.__name__ not in table.answers:
            table.answers[question.__name__] = question(table)
        answer: Any = table.answers[question.__name__]
        return list(answer) if isinstance(answer, list) else answer  # type: ignore[return-value]
    return asked


class Table:
    """The layout: the tiles in placement order and the connections between their ports. Where the layout
    has trains its hub has a port for each of the players' trains (as few players as the variant allows
    unless told)."""

    def __init__(self, variant: ir.Variant, players: int | None = None) -> None:
        self.variant = variant
        self.players = players or variant.min_players
        self.tiles: list[Tile] = []
        self.links: list[Link] = []  # ((tile on the table, its port), (tile placed, the port it joined by))
        self.wild = {(w.low, w.high) for w in variant.wild_tiles}
        self.answered_for: tuple[int, ...] = ()
        self.answers: dict[str, object] = {}

    @of_this_layout
    def spinners(self) -> list[Tile]:
        doubles = [t for t in self.tiles if is_double(t)]
        if self.variant.spinners is ir.Spinners.NONE:
            return []
        if self.variant.spinners is ir.Spinners.FIRST_DOUBLE:
            return doubles[:1]
        return doubles

    @of_this_layout
    def used(self) -> frozenset[tuple[Tile, str]]:
        """Every (tile, port) that a connection joins."""
        return frozenset(end for link in self.links for end in link)

    @staticmethod
    def value(tile: Tile, port: str) -> int:
        """The pips a port shows: the high half for "high", the low half (or a double's value) otherwise."""
        return tile[1] if port == "high" else tile[0]

    def ports(self, tile: Tile, spinners: list[Tile], used: frozenset[tuple[Tile, str]]) -> list[str]:
        """The ports a tile on the table has now, used or not."""
        if self.variant.trains is not ir.Trains.NONE and tile == self.tiles[0]:
            return self.hub_ports()
        if not is_double(tile):
            return ["low", "high"]
        if tile not in spinners:
            if self.variant.later_doubles is ir.LaterDoubles.CHICKEN_FEET:
                return ["lineA", *TOES]
            return list(LINE_SIDES)
        lines_full = all((tile, side) in used for side in LINE_SIDES)
        if lines_full or self.variant.branches_open is ir.BranchesOpen.AT_ONCE:
            return [*LINE_SIDES, *BRANCHES]
        return list(LINE_SIDES)

    def hub_ports(self) -> list[str]:
        """The engine's ports where the layout has trains: each seat's train, then the public train's."""
        public = ["public"] if self.variant.trains is ir.Trains.EACH_SEAT_AND_PUBLIC else []
        return [f"train{seat}" for seat in range(self.players)] + public

    @staticmethod
    def hub_train(port: str) -> int:
        """The train a hub port starts: seat k's for train<k>, -1 for the public train."""
        return -1 if port == "public" else int(port.removeprefix("train"))

    @of_this_layout
    def trains(self) -> dict[Tile, int]:
        """The train of every tile beyond the engine: the one whose hub port its train started on."""
        owner: dict[Tile, int] = {}
        for (on, port), (tile, _) in self.links:  # in placement order: the tile joined is known already
            owner[tile] = owner[on] if on in owner else self.hub_train(port)
        return owner

    def train_of(self, on: Tile, port: str) -> int:
        """The train a tile placed on (on, port) joins: the train of the tile it touches, or the hub port's."""
        trains = self.trains()
        return trains[on] if on in trains else self.hub_train(port)

    @of_this_layout
    def unsatisfied_double(self) -> Tile | None:
        """Satisfied doubles: a double in a train whose line B no tile covers yet (there is one at most, for
        nothing else may be placed while it waits)."""
        if self.variant.train_doubles is not ir.TrainDoubles.SATISFIED:
            return None
        used = self.used()
        return next((t for t in self.tiles[1:] if is_double(t) and (t, "lineB") not in used), None)

    @of_this_layout
    def uncovered_ports(self) -> list[Port]:
        """Every port of every tile on the table that no connection uses: (tile, port, pips)."""
        spinners, used = self.spinners(), self.used()
        return [(t, p, self.value(t, p)) for t in self.tiles for p in self.ports(t, spinners, used)
                if (t, p) not in used]

    @of_this_layout
    def uncovered_spinner(self) -> Tile | None:
        """With four sides first: a spinner with a side (line side or branch, opened or not) still uncovered."""
        if self.variant.spinner_sides is not ir.SpinnerSides.BEFORE_OTHER_ENDS:
            return None
        used = self.used()
        for spinner in self.spinners():
            if any((spinner, side) not in used for side in (*LINE_SIDES, *BRANCHES)):
                return spinner
        return None

    @of_this_layout
    def unfinished_foot(self) -> Tile | None:
        """Chicken feet: a double after the spinner with a toe still uncovered."""
        if self.variant.later_doubles is not ir.LaterDoubles.CHICKEN_FEET:
            return None
        spinners, used = self.spinners(), self.used()
        for tile in self.tiles:
            if is_double(tile) and tile not in spinners and any((tile, toe) not in used for toe in TOES):
                return tile
        return None

    @of_this_layout
    def arms_waiting(self) -> list[Port]:
        """Double Cross: once the spinner's four sides are covered, the outer ends of the arms that do not
        yet carry a double; empty when the rule is off, the sides are not all covered, or every arm has
        its double. An arm runs out from a side of the spinner, tile by tile, to its end (for a spinner
        that joined the line, its line A arm is the line it joined)."""
        if self.variant.cross_arms is not ir.CrossArms.DOUBLE_ON_EACH_FIRST or not self.spinners():
            return []
        spinner, used = self.spinners()[0], self.used()
        if any((spinner, side) not in used for side in (*LINE_SIDES, *BRANCHES)):
            return []
        ends = [self.arm_end(spinner, side) for side in (*LINE_SIDES, *BRANCHES)]
        return [end for end in ends if end is not None]

    def arm_end(self, tile: Tile, port: str) -> Port | None:
        """Follow an arm out from (tile, port): its uncovered end, or None when it reaches a double."""
        while True:
            beyond = [b for a, b in self.links if a == (tile, port)] + [a for a, b in self.links if b == (tile, port)]
            if not beyond:
                return (tile, port, self.value(tile, port))
            tile, joined = beyond[0]
            if is_double(tile):
                return None
            port = "high" if joined == "low" else "low"

    def doubles_only(self) -> bool:
        return bool(self.arms_waiting())

    @of_this_layout
    def open_ports(self) -> list[Port]:
        """The ports a tile may be placed on now: while a spinner's sides are being covered, only its own;
        while a chicken foot has a toe uncovered, only its toes; while the arms of the cross wait for their
        doubles, only those arms' ends; while a double in a train waits to be satisfied, only its line B;
        otherwise every uncovered port."""
        ports = self.uncovered_ports()
        double = self.unsatisfied_double()
        if double is not None:
            return [port for port in ports if port[0] == double]
        spinner = self.uncovered_spinner()
        if spinner is not None:
            return [port for port in ports if port[0] == spinner]
        foot = self.unfinished_foot()
        if foot is not None:
            return [port for port in ports if port[0] == foot]
        waiting = self.arms_waiting()
        return waiting if waiting else ports

    @of_this_layout
    def counted_ends(self) -> list[Port]:
        """The scoring ends: (tile, port, contribution).

        An open half of a non-double counts its pips. A double counts through its line sides: with
        one side covered, the open side counts both halves (or one half, as the variant says); with
        neither covered it counts its pips once; covered on both, nothing. Branch ports never count:
        a started branch counts through the outer end of its arm, an unopened one not at all. A chicken
        foot has no line B and its toes count as branches do: the foot itself counts nothing. Trains
        count nothing at all.
        """
        if self.variant.trains is not ir.Trains.NONE:
            return []
        counted: list[Port] = [(t, p, v) for t, p, v in self.uncovered_ports() if not is_double(t)]
        halves = 2 if self.variant.double_at_end is ir.DoubleAtEnd.BOTH_HALVES else 1
        sniff = self.variant.spinner_counts is ir.SpinnerCounts.PER_OPEN_BRANCH
        used, spinners = self.used(), self.spinners()
        for tile in self.tiles:
            if not is_double(tile):
                continue
            sides = self.ports(tile, spinners, used)
            open_sides = [side for side in LINE_SIDES if side in sides and (tile, side) not in used]
            if len(open_sides) == 2:
                counted.append((tile, "lineA", tile[0] + tile[1]))
            elif len(open_sides) == 1:
                counted.append((tile, open_sides[0], (2 if sniff and tile in spinners else halves) * tile[0]))
            elif sniff and tile in spinners:
                # The Sniff: covered on both line sides, it counts its value once for each open branch.
                counted += [(tile, branch, tile[0]) for branch in BRANCHES if (tile, branch) not in used]
        return counted

    def end_total(self) -> int:
        return sum(value for _, _, value in self.counted_ends())

    def touching(self, value: int) -> int:
        """The half that joins an end showing value: the same number, or the one adding up to the matching's N."""
        return value if self.variant.matching is None else self.variant.matching - value

    def joins(self, tile: Tile, value: int) -> bool:
        """Whether tile may go on an end showing value."""
        return tile in self.wild or self.touching(value) in tile

    def place(self, tile: Tile, on: Tile | None, port: str | None, by: str | None = None) -> None:
        """Lay a tile: the lead (on None), or onto an open port; a double joins by its line A, a wild tile
        by the half named, any other by the half the matching asks for."""
        if on is not None and port is not None:
            value = self.value(on, port)
            joined = by or ("lineA" if is_double(tile) else ("low" if tile[0] == self.touching(value) else "high"))
            self.links.append(((on, port), (tile, joined)))
        self.tiles.append(tile)


class Game:
    """A match: hands dealt by the caller, moves applied one at a time, events in the engines' schema."""

    def __init__(self, variant: ir.Variant, players: int, partnerships: bool, scores: list[int],
                 first_hand: int = 1) -> None:
        self.v = variant
        self.players = players
        self.partnerships = partnerships
        self.sides = 2 if partnerships else players
        self.scores = list(scores)
        self.pegs = [(score, score) for score in scores]  # (back peg, front peg) per side, as on a cribbage board
        self.exact = variant.target.kind is ir.TargetKind.EXACTLY
        # "15 with 2 players, 10 with 3 or 4 players": the entry naming this count; else the one target.
        named = [rule.points for rule in variant.target.by_players if players in rule.player_counts]
        self.target = named[0] if named else variant.target.points
        self.events: list[dict[str, Any]] = []
        self.hand_number = first_hand - 1  # a record may start at a later hand of its game
        self.hand_over = True
        self.over = False
        self.winners: list[int] = []
        self.opener = -1
        self.current = -1
        self.hands: list[list[Tile]] = [[] for _ in range(players)]
        self.pile: list[Tile] = []
        self.table = Table(variant, players)
        self.last_tile_seat = -1
        self.last_blocked = False
        self.winner_seat = -1  # the seat that won the last hand: it went out, or won a blocked hand's comparison
        self.either_end = False  # the last tile placed went out matching both open ends as they stood
        self.blank_end = False  # ... was [0|0], gone out with while the other open end was not blank
        self.pushed = False  # Puerto Rican: the last hand was a tie, played again under its own number
        self.last_drawn = False  # Jamaican: the last hand was drawn (a record starts with none before it)
        self.choosing_side = -1  # the side that won the last decided hand, which chooses the next opener
        self.extra = False  # the current seat is on an extra turn
        self.drawn: Tile | None = None  # a drawn tile that must be played now
        self.draws = 0  # tiles drawn in this turn
        self.passes = 0  # passes since the last placement
        self.lead_tile: Tile | None = None  # the tile a lead that names its tile has its holder lead
        self.announced = variant.placement_points is ir.PlacementPoints.ANNOUNCED
        self.claim = 0  # announced scores: the claim of the placement being made
        self.muggins = 0  # announced scores: points the last mover did not claim exactly, open to a call
        self.pool = 0  # Domino Pool: the stakes and carries nobody has won yet (a record starts empty)
        self.eggs = 0  # Kozel: the points of tied hands, carried to the next decided hand (a record starts with none)
        self.markers: set[int] = set()  # trains: the seats whose own train carries their marker

    @property
    def wins_at_once(self) -> bool:
        """Reaching the target ends the game at once: there is one, and it is not judged at hand ends."""
        return self.v.target.kind not in ir.NUMBERLESS_TARGETS and not self.v.target.at_hand_end

    @property
    def next_number(self) -> int:
        """The game's number of the hand dealt next: a hand played again after a push keeps its number."""
        return self.hand_number if self.pushed else self.hand_number + 1

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    # --- the deal and the opener ---------------------------------------------------------

    def naming_lead(self) -> ir.Lead | ir.LeadTile | None:
        """The lead that names its tile in the hand about to be dealt: the lead of every hand, or the
        first hand's lead in the game's first hand (hand 1); None when this hand's lead names none."""
        if ir.names_lead_tile(self.v.lead):
            return self.v.lead
        if self.v.first_hand_lead is not None:
            return self.v.first_hand_lead if self.next_number == 1 else None
        # Jamaican: the [6|6] poses at 0-0, at 1-1 and after a drawn hand.
        level = all(score == 0 for score in self.scores) or all(score == 1 for score in self.scores)
        return self.v.level_lead if level or self.last_drawn else None

    def round_engine(self) -> Tile:
        """The engine of the round dealt next: hand h of a double-N game has [N-h+1|N-h+1], or [h-1|h-1] where the
        lowest double comes first."""
        value = self.v.max_pip - self.next_number + 1
        if self.v.rounds is ir.Rounds.EACH_DOUBLE_LOWEST_FIRST:
            value = self.next_number - 1
        return (value, value)

    def set_aside(self) -> Tile | None:
        """The tile laid on the table before the next deal (the round's engine, set aside), or None."""
        return self.round_engine() if self.v.lead is ir.Lead.ROUND_DOUBLE_SET_ASIDE else None

    def without_set_aside(self, hands: list[list[Tile]], pile: list[Tile]) -> tuple[list[list[Tile]], list[Tile]]:
        """A deal of the whole set made a deal of the rest: the set-aside tile taken out of the shuffled
        order (hands, then the pile) and the order dealt again, hand by hand, the pile one tile shorter."""
        aside = self.set_aside()
        if aside is None:
            return hands, pile
        order = [t for t in [*(t for hand in hands for t in hand), *pile] if t != aside]
        sizes = [len(hand) for hand in hands]
        dealt = [order[sum(sizes[:seat]):sum(sizes[:seat + 1])] for seat in range(len(hands))]
        return dealt, order[sum(sizes):]

    def named_lead(self, hands: list[list[Tile]]) -> Tile | None:
        """The tile that leads this deal under a lead that names its tile: the named tile (the round's
        engine), or the highest or lowest double dealt; if no hand holds one, the named tile where the
        seats draw for it, else the heaviest tile dealt (most pips, then the greater higher half) or the
        lightest (fewest pips, then the smaller lower half). None when the lead names no tile, or the deal
        is void."""
        lead = self.naming_lead()
        if lead is None:
            return None
        dealt = [t for hand in hands for t in hand]
        doubles = [t for t in dealt if is_double(t)]
        if isinstance(lead, ir.LeadTile) or lead is ir.Lead.ROUND_DOUBLE:
            named = (lead.low, lead.high) if isinstance(lead, ir.LeadTile) else self.round_engine()
            if named in dealt or self.v.if_nobody_holds is ir.NobodyHolds.DRAWN_FOR:
                return named
        elif lead is ir.Lead.HIGHEST_DOUBLE and doubles:
            return max(doubles)
        elif lead is ir.Lead.LOWEST_DOUBLE and doubles:
            return min(doubles)
        if self.v.if_nobody_holds is ir.NobodyHolds.HEAVIEST:
            return heaviest(dealt)
        if self.v.if_nobody_holds is ir.NobodyHolds.LIGHTEST:
            return min(dealt, key=lambda t: (t[0] + t[1], t[0]))
        return None

    def void_deal(self, hands: list[list[Tile]]) -> bool:
        """Whether the lead names a tile that no hand holds, and nothing leads instead."""
        return self.naming_lead() is not None and self.named_lead(hands) is None

    def may_lead(self, tile: Tile) -> bool:
        """Under 'a double' or 'a double or a scoring tile': whether a seat offered the lead may lead tile."""
        if is_double(tile):
            return True
        if self.v.lead is not ir.Lead.DOUBLE_OR_SCORING:
            return False
        alone = Table(self.v, self.players)
        alone.place(tile, None, None)
        return evaluate(self.v.placement_score, self.formula_names(sum(tile), 0, alone)) > 0

    def opener_rule(self) -> ir.Opener:
        """The opener rule of the hand dealt next: the first hand's, the one after a blocked hand, or the next."""
        if self.next_number == 1:
            return self.v.first_opener
        if self.last_blocked:
            return self.v.after_blocked or self.v.next_opener
        return self.v.next_opener

    def decided_opener(self, hands: list[list[Tile]]) -> int | None:
        """The opener the variant's rule names for the next hand, or None when a lot decides. Where the
        seats draw for a named tile nobody holds, the opener rules name the seat offered the draw first."""
        if self.naming_lead() is not None:
            tile = self.named_lead(hands)
            holder = next((seat for seat, hand in enumerate(hands) if tile in hand), None)
            if holder is not None or self.v.if_nobody_holds is not ir.NobodyHolds.DRAWN_FOR:
                return holder
        rule = self.opener_rule()
        # A record of a game's later hands has no hand before its first (opener -1): a lot opens it.
        if rule is ir.Opener.NEXT_SEAT:
            return None if self.opener < 0 else (self.opener + 1) % self.players
        if rule is ir.Opener.LAST_TILE:
            return None if self.opener < 0 else self.last_tile_seat
        if rule is ir.Opener.WINNER:
            return None if self.opener < 0 else self.winner_seat
        if rule is ir.Opener.SIDE_CHOICE:
            return None  # a seat the winning side chooses: opener_choices
        if rule is ir.Opener.HIGHEST_DOUBLE:
            holders = {t: seat for seat, hand in enumerate(hands) for t in hand if is_double(t)}
            return holders[max(holders)] if holders else None
        if rule is ir.Opener.HEAVIEST_TILE:
            holders = {t: seat for seat, hand in enumerate(hands) for t in hand}
            return holders[heaviest(list(holders))] if holders else None
        return None

    def opener_choices(self) -> list[int]:
        """The seats a lot (or a side's choice) may name as the next hand's opener: under "chosen by the winning side"
        the seats of the side that won the last decided hand, else any seat."""
        rule = self.opener_rule()
        if rule is ir.Opener.SIDE_CHOICE and self.choosing_side >= 0 and self.naming_lead() is None:
            return [seat for seat in range(self.players) if self.side_of(seat) == self.choosing_side]
        return list(range(self.players))

    def start_hand(self, hands: list[list[Tile]], pile: list[Tile], lot: int | None) -> None:
        """Deal the given hands; the opener is the rule's, or the seat the lot drew."""
        decided = self.decided_opener(hands)
        opener = decided if decided is not None else lot
        assert opener is not None, "by lot: the test draws the seat"
        self.lead_tile = self.named_lead(hands)
        aside = self.set_aside()
        self.opener = self.current = opener
        self.hands = [list(hand) for hand in hands]
        self.pile = list(pile)
        assert aside is None or all(aside not in held for held in [*self.hands, self.pile]), \
            f"{show(aside)} is set aside: it is in no hand and not in the pile"
        self.table = Table(self.v, self.players)
        if aside is not None:  # the round's engine, on the table before the deal: no move places it, no event
            self.table.place(aside, None, None)
        if not self.pushed:  # a hand played again after a push keeps its number
            self.hand_number += 1
        self.pushed = False
        self.hand_over = False
        self.extra = False
        self.drawn = None
        self.draws = 0
        self.passes = 0
        self.muggins = 0
        self.markers = set()
        self.events.append({"event": "hand", "hand": self.hand_number, "opener": self.opener})
        stake = self.v.pool_stake
        if stake is not None:  # each player puts the stake into the pool as the hand starts
            for side in range(self.sides):
                self._score(side, -stake)
            self.pool += stake * self.sides
            self.events.append({"event": "stake", "points": [-stake] * self.sides, "pool": self.pool,
                                "scores": list(self.scores), "pegs": list(self.pegs)})
        self._settle()  # a deal may leave no seat a tile it may lead: the hand is blocked at once

    # --- what may be done --------------------------------------------------------------------

    def placements(self, tile: Tile, ports: list[Port]) -> list[tuple[Tile, str]]:
        if not is_double(tile) and self.table.doubles_only():
            return []
        return [(on, port) for on, port, value in ports if self.table.joins(tile, value)]

    def usable_ports(self) -> list[Port]:
        """The open ports the seat to move may place on: where the layout has trains, those of its own train,
        the public train and every train carrying its owner's marker; a double waiting to be satisfied is
        every seat's to cover."""
        ports = self.table.open_ports()
        if self.v.trains is ir.Trains.NONE or self.table.unsatisfied_double() is not None:
            return ports
        allowed = {self.current, -1} | self.markers
        return [(on, port, value) for on, port, value in ports if self.table.train_of(on, port) in allowed]

    def can_draw(self) -> bool:
        return (self.v.undealt is ir.Undealt.DRAW_PILE and self.v.cannot_play is ir.CannotPlay.DRAW
                and len(self.pile) > self.v.reserve
                and (self.v.draw_limit is None or self.draws < self.v.draw_limit))

    def legal_moves(self) -> list[Move]:
        """The current seat's moves; where scores are announced and the last placement's points were not
        claimed exactly, also a muggins call for every seat of the other sides, until the next move."""
        own = self.own_moves()
        if not own or not self.muggins:
            return own
        mover = self.side_of(self.last_tile_seat)
        return own + [("muggins", seat) for seat in range(self.players) if self.side_of(seat) != mover]

    def true_points(self, move: Move) -> int:
        """The displayed points a placement would score now."""
        table = Table(self.v, self.players)
        table.tiles, table.links = list(self.table.tiles), list(self.table.links)
        table.place(*move[1:])
        return evaluate(self.v.placement_score, {"total": table.end_total()}) // self.v.raw_per_displayed

    def own_moves(self) -> list[Move]:
        if self.hand_over:
            return []
        tiles = [self.drawn] if self.drawn is not None else self.hands[self.current]
        if not self.table.tiles and self.lead_tile is not None:
            if self.lead_tile not in self.hands[self.current]:  # drawn for: one tile from the pile
                return [("draw",)]
            return [("play", self.lead_tile, None, None)]
        if not self.table.tiles and self.v.lead in ir.OFFERED_LEADS:
            leads: list[Move] = [("play", t, None, None) for t in tiles if self.may_lead(t)]
            if leads:
                return leads
            if self.v.leader_without is ir.LeaderWithout.DRAWS and self.can_draw():
                return [("draw",)]
            return [("pass",)]
        if not self.table.tiles:
            doubles = [t for t in tiles if is_double(t)]
            if self.v.lead is ir.Lead.DOUBLE_IF_HELD and doubles:
                tiles = doubles
            return [("play", t, None, None) for t in tiles]
        ports = self.usable_ports()
        wild = {(w.low, w.high) for w in self.v.wild_tiles}
        plays: list[Move] = [("play", t, on, port, *by) for t in tiles for on, port in self.placements(t, ports)
                             for by in ([("low",), ("high",)] if t in wild and not is_double(t) else [()])]
        optional = self.extra and self.v.extra_turn_kind is ir.ExtraTurnKind.OPTIONAL
        if plays:
            if optional:  # one more tile, or decline it
                return plays + [("pass",)]
            if self.v.when_able is ir.WhenAble.MAY_DRAW and self.can_draw():  # draw instead of placing
                return plays + [("draw",)]
            may_pass = self.v.when_able is ir.WhenAble.MAY_PASS and self.drawn is None
            return plays + [("pass",)] if may_pass else plays
        if optional or (self.extra and self.v.extra_turn_stuck is ir.ExtraTurnStuck.TURN_ENDS):
            return [("pass",)]
        if self.can_draw():
            return [("draw",)]
        return [("pass",)]

    def apply(self, move: Move, claim: int = 0) -> list[dict[str, Any]]:
        """Apply a legal move (a placement with its claim, where scores are announced); returns the events it caused."""
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move!r}")
        first = len(self.events)
        if move[0] == "muggins":
            self._muggins(move[1])
            return self.events[first:]
        self.muggins = 0  # the next move is made: an uncalled score is lost
        self.claim = claim
        if move[0] == "play":
            self._play(*move[1:])
        elif move[0] == "draw":
            self._draw()
        else:
            self._pass()
        return self.events[first:]

    # --- moves -------------------------------------------------------------------------------

    def _play(self, tile: Tile, on: Tile | None, port: str | None, by: str | None = None) -> None:
        seat, side = self.current, self.side_of(self.current)
        from_draw = self.drawn is not None
        # A capicua: the last tile, not the lead, shows the value of every open end as the ends stood before it
        # (a double only where the game counts one). A chuchazo: the last tile is [0|0], exactly one end blank.
        ends = [value for _, _, value in self.table.open_ports()]
        last = len(self.hands[seat]) == 1 and on is not None
        self.either_end = last and all(value in tile for value in ends) and (
            self.v.either_end_doubles or not is_double(tile)) and (
            not self.v.either_end_two_numbers or len(set(ends)) > 1)  # ... showing two different numbers
        self.blank_end = last and tile == (0, 0) and ends.count(0) == 1
        self.table.place(tile, on, port, by)
        if self.v.trains is not ir.Trains.NONE and self.table.trains().get(tile) == seat:
            self.markers.discard(seat)  # a tile on one's own train takes its marker off
        self.hands[seat].remove(tile)
        self.drawn = None
        self.passes = 0
        self.last_tile_seat = seat
        total = self.table.end_total()
        raw = evaluate(self.v.placement_score, self.formula_names(total, self.scores[side]))
        points = raw // self.v.raw_per_displayed
        emptied = not self.hands[seat]
        side_out = emptied and (not self.partnerships or self.v.partnership_out is ir.PartnershipOut.ONE_PARTNER
                                or not self.hands[(seat + 2) % 4])
        event: dict[str, Any] = {"event": "play", "seat": seat, "tile": show(tile),
                                 "on": None if on is None else show(on), "port": port,
                                 "total": total, "raw": raw, "points": points}
        if by is not None:
            event["by"] = by
        if self.exact:
            # The placement and the going-out bonus are one scoring event, kept or cancelled whole.
            gained = points + (self.v.going_out_bonus if side_out else 0)
            if side_out:
                event["bonus"] = self.v.going_out_bonus
            kept = self.scores[side] + gained <= self.target
            if on is None and self.v.lead_winning is ir.LeadWinning.CANCELLED:
                # The winning points cannot be scored on the lead (the down): its points are cancelled.
                kept = self.scores[side] + gained < self.target
            if kept:
                self._score(side, gained)
            else:
                event["cancelled"] = True
            won = kept and gained > 0 and self.scores[side] == self.target
        elif self.announced:
            # Only an exact claim scores for the mover.
            event["claim"] = self.claim
            if self.claim == points:
                self._score(side, points)
            won = self.scores[side] >= self.target
        else:
            if self.not_in(side, points):
                event["void"] = True
            else:
                self._score(side, points)
            # Judged only at the end of a hand, the target is never reached by a placement.
            won = self.wins_at_once and self.scores[side] >= self.target
        event["scores"] = list(self.scores)
        event["pegs"] = list(self.pegs)
        self.events.append(event)
        if won:
            self._win([side])
            return
        if self.announced and self.claim != points:
            if self.claim > 0:  # an erroneous score: the next opponent clockwise scores the claim
                opponent = next(s for s in [(seat + k) % self.players for k in range(1, self.players)]
                                if self.side_of(s) != side)
                self._score(self.side_of(opponent), self.claim)
                self.events.append({"event": "penalty", "seat": opponent, "points": self.claim,
                                    "scores": list(self.scores), "pegs": list(self.pegs)})
                if self.scores[self.side_of(opponent)] >= self.target:
                    self._win([self.side_of(opponent)])
                    return
            self.muggins = points
        if emptied:
            out: dict[str, Any] = {"event": "out", "seat": seat}
            if self.v.either_end_bonus and self.either_end:
                out["either_end"] = True
            if self.v.blank_end_bonus and self.blank_end:
                out["blank_end"] = True
            self.events.append(out)
        if side_out:
            self._end_hand(blocked=False)
            return
        earns = ((ir.ExtraTurn.AFTER_DOUBLE in self.v.extra_turn and is_double(tile))
                 or (ir.ExtraTurn.AFTER_SCORE in self.v.extra_turn and raw > 0)
                 or ir.ExtraTurn.AFTER_ANY in self.v.extra_turn)
        if from_draw and self.v.drawn_tile is ir.DrawnTile.PLAYED_AT_ONCE_ENDS_TURN:
            earns = False
        if on is None and self.v.lead_extra_turn is ir.LeadExtraTurn.NONE:  # the lead: placed on nothing
            earns = False
        if earns and not emptied:
            self.extra = True
            self.draws = 0
        else:
            self._next_turn()
        self._settle()

    def _muggins(self, seat: int) -> None:
        """An opponent calls muggins and takes the points the mover left unclaimed."""
        points, self.muggins = self.muggins, 0
        side = self.side_of(seat)
        self._score(side, points)
        self.events.append({"event": "muggins", "seat": seat, "points": points, "scores": list(self.scores),
                            "pegs": list(self.pegs)})
        if self.scores[side] >= self.target:
            self._win([side])
    def formula_names(self, total: int, score: int, table: Table | None = None) -> dict[str, int]:
        """Every name a placement score may use, for the placement just made (on this table, or another)."""
        table = table or self.table
        shown = [value for _, _, value in table.open_ports()]
        used = table.used()
        standing = [t for t, port, _ in table.open_ports() if port in LINE_SIDES
                    and sum((t, side) in used for side in LINE_SIDES) == 1]
        return {"total": total, "score": score, "target": self.target, "lead": int(len(table.tiles) == 1),
                "ends": len(table.counted_ends()), "ends_alike": int(len(shown) >= 2 and len(set(shown)) == 1),
                "double_end": int(bool(standing))}

    def _draw(self) -> None:
        tile = self.pile.pop(0)
        self.hands[self.current].append(tile)
        self.draws += 1
        self.events.append({"event": "draw", "seat": self.current, "tile": show(tile)})
        if not self.table.tiles and self.lead_tile is not None:
            # Drawing for the named lead: its drawer leads it next; any other tile hands the turn on.
            if tile != self.lead_tile:
                self._next_turn()
            self._settle()
            return
        if self.v.drawn_tile is not ir.DrawnTile.JOINS_HAND and self.placements(tile, self.usable_ports()):
            self.drawn = tile
        self._settle()

    def _pass(self) -> None:
        self.events.append({"event": "pass", "seat": self.current})
        if self.v.trains is not ir.Trains.NONE:
            self.markers.add(self.current)  # a pass puts the passer's marker on its own train
        # Dominican pase de salida: the pass right after the lead scores for the leader's side, by its lead.
        after_lead = len(self.table.tiles) == 1 and (self.last_tile_seat + 1) % self.players == self.current
        if (self.v.lead_pass_points or self.v.lead_pass_double_points) and after_lead:
            side = self.side_of(self.last_tile_seat)
            points = self.v.lead_pass_double_points if is_double(self.table.tiles[0]) else self.v.lead_pass_points
            self._score(side, points)
            self.events.append({"event": "pass_points", "side": side, "points": points, "after_lead": True,
                                "scores": list(self.scores), "pegs": list(self.pegs)})
            if self.wins_at_once and self.scores[side] >= self.target:
                self._win([side])
                return
        # Dominican pase: the side that placed the last tile scores for each opponent's pass.
        elif self.v.pass_points and self.table.tiles:
            side = self.side_of(self.last_tile_seat)
            if side != self.side_of(self.current):
                self._score(side, self.v.pass_points)
                self.events.append({"event": "pass_points", "side": side, "points": self.v.pass_points,
                                    "scores": list(self.scores), "pegs": list(self.pegs)})
                if self.wins_at_once and self.scores[side] >= self.target:
                    self._win([side])
                    return
        # A pase corrido: the seat just before the last tile's player passes, so every other seat has passed.
        if self.v.round_pass_points and self.table.tiles and (self.current + 1) % self.players == self.last_tile_seat:
            side = self.side_of(self.last_tile_seat)
            self._score(side, self.v.round_pass_points)
            self.events.append({"event": "pass_points", "side": side, "points": self.v.round_pass_points,
                                "all_round": True, "scores": list(self.scores), "pegs": list(self.pegs)})
            if self.wins_at_once and self.scores[side] >= self.target:
                self._win([side])
                return
        self.passes += 1
        self._next_turn()
        self._settle()

    def _next_turn(self) -> None:
        """The turn passes clockwise to the next seat still holding tiles."""
        self.extra = False
        self.draws = 0
        seat = (self.current + 1) % self.players
        while not self.hands[seat]:
            seat = (seat + 1) % self.players
        self.current = seat

    def _settle(self) -> None:
        """End the hand the moment it is blocked."""
        holders = [hand for hand in self.hands if hand]
        everyone_passed = self.v.when_able is ir.WhenAble.MAY_PASS and self.passes >= len(holders)
        if not self.table.tiles:
            if self.v.lead in ir.OFFERED_LEADS:
                some_lead = any(self.may_lead(t) for hand in self.hands for t in hand)
                drawable = self.v.leader_without is ir.LeaderWithout.DRAWS and len(self.pile) > self.v.reserve
                if everyone_passed or not (some_lead or drawable):
                    self._end_hand(blocked=True)
            return
        drawable = self.v.undealt is ir.Undealt.DRAW_PILE and len(self.pile) > self.v.reserve
        ports = self.table.open_ports()  # whoever may use them: as if every train carried a marker
        stuck = not any(self.placements(t, ports) for hand in holders for t in hand)
        if everyone_passed or (stuck and not drawable):
            self._end_hand(blocked=True)

    # --- the end of a hand -------------------------------------------------------------------

    def _end_hand(self, blocked: bool) -> None:
        self.hand_over = True
        self.last_blocked = blocked
        remaining = [pip_count(self.v, hand) for hand in self.hands]
        sides = [self.side_of(seat) for seat in range(self.players)]
        doubles = [[t[0] for t in hand if t[0] == t[1]] for hand in self.hands]
        out_seat = None if blocked else self.last_tile_seat
        winners, awards = reckon(self.v, sides, remaining, out_seat, doubles, self.last_tile_seat, self.opener)
        self.winner_seat = blocked_winner(remaining, self.last_tile_seat) \
            if blocked and self.v.blocked_hand is ir.BlockedHand.BLOCKER_AND_NEXT else self.last_tile_seat
        if blocked and self.v.blocked_hand in (ir.BlockedHand.LOWEST_PIPS, ir.BlockedHand.LOWEST_COMBINED):
            if winners:  # of the winning side's seats holding its lowest count, the first in turn from the blocker
                side = winners[0]
                lowest = min(remaining[seat] for seat in range(self.players) if sides[seat] == side)
                order = [(self.last_tile_seat + k) % self.players for k in range(self.players)]
                self.winner_seat = next(seat for seat in order if sides[seat] == side and remaining[seat] == lowest)
            else:  # a draw (Venezuelan's tied block): the seat after this hand's opener
                self.winner_seat = (self.opener + 1) % self.players
        self.last_drawn = not winners
        one_all = self.scores == [1, 1] and self.v.both_scored is not ir.BothScored.KEPT
        awards = list(awards)
        if out_seat is not None and self.either_end:
            awards[winners[0]] += self.v.either_end_bonus
        if out_seat is not None and self.blank_end:
            awards[winners[0]] += self.v.blank_end_bonus
        if blocked:  # winning a blocked hand scores more
            for side in winners:
                awards[side] += self.v.blocked_bonus
        for bonus in self.v.hand_bonuses:  # winning hand N of the game scores more
            if bonus.hand == self.hand_number:
                for side in winners:
                    awards[side] += bonus.points
        if len(winners) == 1:
            self.choosing_side = winners[0]
        self.pushed = blocked and not winners and self.v.tied_lowest is ir.TiedLowest.PLAYED_AGAIN
        self.events.append({"event": "hand_end", "hand": self.hand_number, "blocked": blocked, "winners": winners,
                            "remaining_pips": remaining, "awards": awards})
        if self.v.pips_left is ir.PipsLeft.ADDED_TO_HOLDER:
            self._own_pips(remaining)
        if self.v.tied_hand_points is ir.TiedHandPoints.CARRIED:
            awards = self._eggs(winners, remaining, awards)
        if self.exact:
            self._reckon_exactly(awards)
        else:
            self._reckon_at_least(awards)
        if self.v.pool_stake is not None:
            self._share_pool(winners)
        if self.v.pip_penalty is not None and not self.over:
            self._penalise(remaining, None if blocked else self.side_of(self.last_tile_seat))
        if self.v.both_scored is not ir.BothScored.KEPT and winners and min(self.scores) >= 1 \
                and self.scores != [1, 1]:
            # Jamaican: one all play two (from 1-1 the loser goes back to 0), else the game bruks (both do; under
            # the house option the loser alone, the winner keeping its 1).
            keeps = one_all or self.v.both_scored is ir.BothScored.BRUK_TO_LOSERS
            back = [0 if keeps and side == winners[0] else -self.scores[side] for side in range(self.sides)]
            for side in range(self.sides):
                self._score(side, back[side])
            self.events.append({"event": "reset", "points": back, "scores": list(self.scores), "pegs": list(self.pegs)})
        if self.v.target.at_hand_end and not self.over and self.v.hand_points_to is ir.HandPointsTo.LOSERS:
            # Kozel: the side that has reached the target with its penalty points is the goat; the other wins.
            if max(self.scores) >= self.target:
                self._win([side for side in range(self.sides) if self.scores[side] < self.target])
        elif self.v.target.at_hand_end and not self.over:
            # Seven Rocks: if any side has reached the target now, the highest score wins.
            best = max(self.scores)
            if best >= self.target:
                self._win([side for side in range(self.sides) if self.scores[side] == best])
        rounds = self.v.round_count
        if rounds is not None and self.hand_number >= rounds and not self.over:
            # Trains: the game is its rounds; after the last, the lowest total wins, ties sharing.
            lowest = min(self.scores)
            self._win([side for side in range(self.sides) if self.scores[side] == lowest])

    def _own_pips(self, remaining: list[int]) -> None:
        """Own pips against: each seat adds the pips left in its own hand (tile values counted) to its own score."""
        if not any(remaining):
            return
        for seat, pips in enumerate(remaining):
            self._score(self.side_of(seat), pips)
        self.events.append({"event": "pips_left", "points": list(remaining), "scores": list(self.scores),
                            "pegs": list(self.pegs)})

    def _eggs(self, winners: list[int], remaining: list[int], awards: list[int]) -> list[int]:
        """Kozel's eggs: a hand nobody won is worth what its blocked award would be (every hand's pips, one
        side's pips where the sides tie on them, or a fixed number), carried; the side that records the next
        decided hand's points takes them all too."""
        if not winners:
            blocked = self.v.blocked_pip_award
            one_side = isinstance(blocked, ir.PipAward) and blocked.source is ir.AwardFrom.OPPONENTS
            counted = [p for seat, p in enumerate(remaining) if not one_side or self.side_of(seat) == 0]
            carried = award_points(blocked, counted, [])
            self.eggs += carried
            self.events.append({"event": "eggs", "points": carried, "eggs": self.eggs})
            return awards
        recorder = winners[0] if self.v.hand_points_to is ir.HandPointsTo.WINNERS else 1 - winners[0]
        awards = list(awards)
        awards[recorder] += self.eggs
        self.eggs = 0
        return awards

    def _share_pool(self, winners: list[int]) -> None:
        """Going out takes the whole pool, and so does a blocked hand's one winner; tied lowest players
        each take floor(pool / k), the remainder carried (or, by the house rule, the pool is carried
        whole); with no winner it is all carried into the next hand."""
        shares = [0] * self.sides
        divides = len(winners) == 1 or (winners and self.v.pool_ties is ir.PoolTies.DIVIDED)
        if divides:
            each = self.pool // len(winners)
            for side in winners:
                shares[side] = each
                self._score(side, each)
            self.pool -= each * len(winners)
        self.events.append({"event": "pool", "points": shares, "pool": self.pool, "scores": list(self.scores),
                            "pegs": list(self.pegs)})

    def _penalise(self, remaining: list[int], out_side: int | None) -> None:
        """Every side loses its own pips: each seat's hand rounded on its own and added, or the side's
        hands added and rounded once; the side that went out is spared where the rule says so."""
        penalty = self.v.pip_penalty
        assert penalty is not None
        step = penalty.round_to

        def rounded(pips: int) -> int:
            return pips if step is None else to_nearest(pips, step)

        points = []
        for side in range(self.sides):
            hands = [remaining[seat] for seat in range(self.players) if self.side_of(seat) == side]
            lost = sum(rounded(p) for p in hands) if penalty.each_hand else rounded(sum(hands))
            points.append(0 if penalty.out_exempt and side == out_side else -lost)
        if any(points):
            for side, lost in enumerate(points):
                self._score(side, lost)
            self.events.append({"event": "pip_penalty", "points": points, "scores": list(self.scores),
                                "pegs": list(self.pegs)})

    def _reckon_exactly(self, awards: list[int]) -> None:
        """Each award is its own event: cancelled if it would pass the target; reaching it wins at once."""
        target = self.target
        for side, points in enumerate(awards):
            if not points or self.over:
                continue
            cancelled = self.scores[side] + points > target
            if not cancelled:
                self._score(side, points)
            self.events.append({"event": "award", "side": side, "points": points, "cancelled": cancelled,
                                "scores": list(self.scores), "pegs": list(self.pegs)})
            if self.scores[side] == target:
                self._win([side])

    def not_in(self, side: int, points: int, award: bool = False) -> bool:
        """Ten to Get In: a side whose score is 0 is not yet in, and an event worth less than the first
        score (but more than nothing) is void for it; with "placements only", awards always count."""
        rule = self.v.first_score
        if not isinstance(rule, ir.FirstScore) or (award and rule.placements_only):
            return False
        return self.scores[side] == 0 and 0 < points < rule.threshold

    def _reckon_at_least(self, awards: list[int]) -> None:
        """The awards are applied together; every side that reaches the target shares the win."""
        if not any(awards):
            return
        void = [side for side, points in enumerate(awards) if self.not_in(side, points, award=True)]
        for side, points in enumerate(awards):
            if side not in void:
                self._score(side, points)
        event = {"event": "award", "points": awards, "scores": list(self.scores), "pegs": list(self.pegs)}
        if void:
            event["void"] = void
        self.events.append(event)
        reached = [side for side in range(self.sides) if self.scores[side] >= self.target]
        if reached and self.wins_at_once:
            self._win(reached)

    def _score(self, side: int, points: int) -> None:
        """Add points; on the board the back peg leapfrogs the front one, so it shows the score before."""
        if points:
            self.scores[side] += points
            self.pegs[side] = (self.pegs[side][1], self.scores[side])

    def _win(self, sides: list[int]) -> None:
        self.over = True
        self.hand_over = True
        self.winners = sorted(sides)
        self.events.append({"event": "win", "sides": self.winners, "scores": list(self.scores)})
