"""The native engine of a variant: its C source (the "c" target), built with the system C compiler on
first use, kept in the user's cache folder, and driven through ctypes.

It plays hands, games and matches by the million for statistics, and replays records as `dominospec
replay` does. The C ABI it drives is fixed (see the C target); figures are read by their names, never
by their positions. Nothing else in dominospec imports this module: without a C compiler only the
native engine is missing.
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import functools
import hashlib
import os
import platform
import shlex
import shutil
import struct
import subprocess
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal, NamedTuple

from .engine_api import Move, Tile, VariantEngine, as_variant, engine_of
from .language import ir
from .language.diagnostics import Diagnostic, UsageError
from .language.grammar import cache_folder
from .language.loader import load_variant
from .play import bots as bot_names
from .play.replay import BadRecord, ReplayResult, Start, read_game, read_hand, read_move, replay, start
from .targets import native_game
from .targets.c.context import ABI_VERSION, REPLAY_MAX_CLAIM, REPLAY_MAX_SCORE
from .targets.native_game import HALVES, PORTS, Game, IllegalMove
from .targets.python.context import match_line_names
from .targets.records import Records, hand_fields, unit_fields

EVENTS_BUILD = "#define DS_EVENTS 1\n"  # put before an engine's source: the build a Game plays in
# The warnings cost the build nothing and are kept beside the library (compiler_said), so that the
# strictest check of the generated C reads what the one build of each engine said.
FLAGS = ("-O2", "-shared", "-fPIC", "-std=c99", "-Wall", "-Wextra", "-pedantic")
LIBRARIES = ("-lm",)  # after the source, which needs them: the search bot's log, sqrt and tanh
COMPILERS = ("cc", "gcc", "clang")  # looked for on PATH, in this order, when $CC is not set
# The ABI's bot codes (BOT_* in the low four bits; a search bot's budget above them).
BOT_CODES = {"random": 0, "greedy": 1, "expert": 2, "ismcts": 3, "ismcts_ms": 4}
MOVE_KINDS = {"play": 0, "draw": 1, "pass": 2, "muggins": 3}
SIDES = 4  # the ABI reports four sides, zero for those a table does not have
INT64 = (-(2**63), 2**63 - 1)
INT64_MAX = 2**63 - 1
UINT64_MAX = 2**64 - 1

# ds_replay's status codes
REPLAY_OK, REPLAY_REFUSED, REPLAY_MALFORMED, REPLAY_SHORT = 0, 1, 2, 3
# ds_simulate's, ds_play_units' and ds_tally_hands' return codes
SIMULATE_TABLE, SIMULATE_BOT, SIMULATE_LIMIT, SIMULATE_CAPACITY, SIMULATE_OVERFLOW = -1, -2, -3, -4, -5
SIMULATE_OUTSIDE, SIMULATE_MEMORY = -6, -7
# A side's points in a hand that ds_tally_hands counts, from minus this to this; a hand beyond them has its
# chunk's records read instead.
POINTS_RADIUS = 1024
UNIT_KINDS = ("hand", "game")
MAX_RECORDED_UNITS = 1_000_000  # units in one play_units call: their records are held in memory
# Hands per unit to make room for in a first play_units call: later calls make room for as many as the
# calls before them took, a quarter more; the room is doubled and the call played again when it is short.
HANDS_PER_UNIT = {"hand": 1.0, "game": 16.0}


class HandSums(NamedTuple):
    """What a simulation tallies of a run of hands: each unit figure's sum, the sums of the products of pairs
    of them, and how many times each side's points in a hand came to each value."""

    sums: dict[str, int]
    products: dict[tuple[str, str], int]
    hand_points: Counter[int]


class NativeUnavailable(UsageError):
    """The native engine cannot be built here: no C compiler, or the compiler refused the source."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__([Diagnostic(message, None, hint=hint)])


class NativeFault(RuntimeError):
    """The native engine reports what correct play never does (a unit past its safety limit)."""


# --- statistics -----------------------------------------------------------------------------------

Sides = tuple[int, int, int, int]
NO_SIDES: Sides = (0, 0, 0, 0)


@dataclass(frozen=True)
class Stats:
    """The figures of a simulation, summed over its units (a unit: one hand, or one whole game or
    match). A `_sq` figure is the sum over units of the unit's figure squared; per-side figures hold
    sides 0 to 3, zero for sides the table does not have. Chunks of units add up: a + b."""

    units: int = 0
    hands: int = 0
    games: int = 0
    matches: int = 0
    placements: int = 0
    placements_sq: int = 0
    passes: int = 0
    passes_sq: int = 0
    draws: int = 0
    draws_sq: int = 0
    blocked: int = 0
    went_out: int = 0
    cancelled: int = 0  # placements and awards cancelled by an exact target
    remaining_pips: int = 0
    remaining_pips_sq: int = 0
    hands_sq: int = 0
    points: Sides = NO_SIDES  # displayed points scored by each side
    points_sq: Sides = NO_SIDES
    wins: Sides = NO_SIDES  # units won by each side
    match_points: Sides = NO_SIDES  # whole matches only

    # The ABI's name of each side's figure, by field.
    PER_SIDE: ClassVar[Mapping[str, str]] = {"points": "points_{}", "points_sq": "points_{}_sq",
                                             "wins": "wins_{}", "match_points": "match_points_{}"}

    @classmethod
    def names(cls) -> list[str]:
        """Every ABI name these statistics read."""
        names = []
        for f in dataclasses.fields(cls):
            pattern = cls.PER_SIDE.get(f.name)
            names.extend([pattern.format(side) for side in range(SIDES)] if pattern else [f.name])
        return names

    @classmethod
    def from_dict(cls, figures: Mapping[str, int]) -> Stats:
        """The statistics of figures by ABI name (every name of names(); others are ignored)."""
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            pattern = cls.PER_SIDE.get(f.name)
            if pattern:
                values[f.name] = tuple(figures[pattern.format(side)] for side in range(SIDES))
            else:
                values[f.name] = figures[f.name]
        return cls(**values)

    def to_dict(self) -> dict[str, int]:
        """The figures by their ABI names."""
        out: dict[str, int] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            pattern = self.PER_SIDE.get(f.name)
            if pattern:
                out.update((pattern.format(side), value[side]) for side in range(SIDES))
            else:
                out[f.name] = value
        return out

    def __add__(self, other: Stats) -> Stats:
        if not isinstance(other, Stats):
            return NotImplemented
        mine, theirs = self.to_dict(), other.to_dict()
        return Stats.from_dict({name: mine[name] + theirs[name] for name in mine})

    def mean_and_error(self, figure: str) -> tuple[float, float]:
        """A figure's mean per unit and the standard error of that mean, for a figure with a `_sq` sum
        (placements, passes, draws, remaining_pips, hands, points_K)."""
        figures = self.to_dict()
        squares = figure + "_sq"
        if figure not in figures or squares not in figures:
            raise IllegalMove(f"{figure!r} has no sum of squares to take a standard error from; these have: "
                              f"{', '.join(name[:-3] for name in figures if name.endswith('_sq'))}")
        if self.units == 0:
            raise IllegalMove("no units were played: there is no mean")
        mean = figures[figure] / self.units
        variance = max(figures[squares] / self.units - mean * mean, 0.0)
        return mean, (variance / self.units) ** 0.5 if self.units > 1 else 0.0


# --- the shared library ---------------------------------------------------------------------------


def compiler_command() -> list[str]:
    """The C compiler: $CC (which may carry arguments), else the first of COMPILERS on PATH."""
    hint = "set $CC to a C compiler, or install gcc or clang; the Python engines work without one"
    chosen = os.environ.get("CC", "").strip()
    if chosen:
        command = shlex.split(chosen)
        if shutil.which(command[0]) is None:
            raise NativeUnavailable(f"no C compiler found: $CC is {chosen!r}, which is not a program on PATH", hint)
        return command
    for name in COMPILERS:
        found = shutil.which(name)
        if found is not None:
            return [found]
    raise NativeUnavailable(f"no C compiler found: $CC is not set and none of {', '.join(COMPILERS)} is on PATH",
                            hint)


def _build_key(source: str, command: list[str]) -> str:
    """The library's name: it changes with the source, the compiler (its path and its last change),
    the flags and the machine, so that a cached library is never one another of them built."""
    program = shutil.which(command[0]) or command[0]
    with contextlib.suppress(OSError):
        program += f"@{os.stat(program).st_mtime_ns}"
    parts = [str(ABI_VERSION), source, program, *command[1:], *FLAGS, *LIBRARIES, platform.machine()]
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:32]


@functools.cache
def _process_folder() -> tempfile.TemporaryDirectory[str]:
    """A folder for this process's libraries, where there is no cache folder to keep them in; the
    cache holds it, and so the folder, until the interpreter exits."""
    return tempfile.TemporaryDirectory(prefix="dominospec-native-")


def _library_folder() -> Path:
    folder = cache_folder()
    if folder is not None:
        with contextlib.suppress(OSError):
            (folder / "native").mkdir(parents=True, exist_ok=True)
            if os.access(folder / "native", os.W_OK):
                return folder / "native"
    return Path(_process_folder().name)


def _build(command: list[str], source: str, library: Path) -> None:
    """Compile beside the final name and rename into place: a process loading the library at the same
    moment sees the whole of it or none."""
    with tempfile.TemporaryDirectory(prefix="dominospec-native-") as work:
        c_file = Path(work) / "engine.c"
        c_file.write_text(source, encoding="utf-8")
        fd, temporary = tempfile.mkstemp(dir=library.parent, prefix=library.name + ".", suffix=".tmp")
        os.close(fd)
        try:
            try:
                done = subprocess.run([*command, *FLAGS, "-o", temporary, str(c_file), *LIBRARIES],
                                      capture_output=True, text=True, errors="replace", check=False)
            except OSError as err:
                raise NativeUnavailable(f"the C compiler {shlex.join(command)} cannot be run: {err}") from None
            if done.returncode != 0:
                raise NativeUnavailable(f"the C compiler {shlex.join(command)} refused the generated engine "
                                        f"(exit {done.returncode}); it said:", done.stderr.rstrip() or "nothing")
            _log_of(library).write_text(done.stderr, encoding="utf-8")  # before the library: it is never missing
            os.replace(temporary, library)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


@functools.cache
def _open(library: Path) -> ctypes.CDLL:
    dll = ctypes.CDLL(str(library))
    i32, i64, p32, p64 = ctypes.c_int32, ctypes.c_int64, ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_int64)
    p8, vp = ctypes.POINTER(ctypes.c_uint8), ctypes.c_void_p
    signatures: dict[str, tuple[Any, list[Any]]] = {
        "ds_abi_version": (i32, []),
        "ds_stat_count": (i32, []),
        "ds_stat_name": (ctypes.c_char_p, [i32]),
        "ds_table_allowed": (i32, [i32, i32]),
        "ds_simulate": (i32, [i64, i64, i32, i32, ctypes.c_uint64, p32, i32, p64]),
        "ds_unit_field_count": (i32, []),
        "ds_unit_field_name": (ctypes.c_char_p, [i32]),
        "ds_hand_field_count": (i32, []),
        "ds_hand_field_name": (ctypes.c_char_p, [i32]),
        "ds_play_units": (i64, [i64, i64, i32, i32, ctypes.c_uint64, p32, i32, p64, p64, i64]),
        "ds_tally_hands": (i32, [i64, i64, i32, i32, ctypes.c_uint64, p32, p32, i32, p64, p64, p64, i64]),
        "ds_replay": (i32, [p64, i64, p64, i64]),
        "ds_table_events": (i32, []),
        "ds_table_size": (i32, []),
        "ds_max_moves": (i32, []),
        "ds_state_count": (i32, []),
        "ds_layout_ints": (i32, []),
        "ds_table_new": (i32, [vp, i32, i32, ctypes.c_uint64]),
        "ds_table_start_scores": (i32, [vp, p64]),
        "ds_table_first_hand": (i32, [vp, i32]),
        "ds_table_finish_game": (i32, [vp]),
        "ds_table_next_game": (i32, [vp, i32]),
        "ds_table_deal": (i64, [vp, i32, p8, i32, vp, i64]),
        "ds_table_legal": (i32, [vp, p32]),
        "ds_table_apply": (i64, [vp, p32, i64, vp, i64]),
        "ds_table_bot_move": (i32, [vp, i32, p32]),
        "ds_table_state": (None, [vp, p64]),
        "ds_table_tiles": (i32, [vp, i32, p8]),
        "ds_table_layout": (i32, [vp, p32]),
    }
    for name, (result, arguments) in signatures.items():
        try:
            function = getattr(dll, name)
        except AttributeError:
            raise NativeUnavailable(f"the native engine {library} has no {name}: it is not a dominospec "
                                    "engine of this version") from None
        function.restype, function.argtypes = result, arguments
    return dll


def build_library(source: str) -> ctypes.CDLL:
    """The loaded library of a C source: from the cache when it was built before, else built now (in this
    process's own folder where the cache folder takes no file). NativeUnavailable where the compiler writes
    nothing the loader takes for a dominospec engine of this ABI."""
    command = compiler_command()
    name = f"{_build_key(source, command)}.so"
    library = _library_folder() / name
    with contextlib.suppress(OSError):  # none built yet, or a damaged one: it is built again
        return _checked(_open(library), library)
    with _building(library):  # processes that want the same library at once build it once
        with contextlib.suppress(OSError):
            return _checked(_open(library), library)
        return _built(command, source, library, name)


@contextlib.contextmanager
def _building(library: Path) -> Iterator[None]:
    """Held while the library is built: another process building it waits, then finds it built. Where no
    lock can be taken (no fcntl, an unwritable folder), each builds its own, as atomically as ever."""
    try:
        import fcntl
        lock = open(f"{library}.lock", "w")  # noqa: SIM115 (held for the duration of the block)
    except (ImportError, OSError):
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:  # the lock leaves no file behind; a process still waiting on it holds its own handle
            with contextlib.suppress(OSError):
                os.unlink(f"{library}.lock")


def _built(command: list[str], source: str, library: Path, name: str) -> ctypes.CDLL:
    try:
        _build(command, source, library)
    except OSError:
        library = Path(_process_folder().name) / name
        try:
            _build(command, source, library)
        except OSError as err:
            raise NativeUnavailable(f"the native engine cannot be written to {library.parent}: {err}") from None
    try:
        dll = _open(library)
    except OSError as err:  # the compiler said it succeeded, but wrote no shared library
        for written in (library, _log_of(library)):
            with contextlib.suppress(OSError):
                written.unlink()
        said = str(err).replace(f"{library}: ", "")
        raise NativeUnavailable(f"the C compiler {shlex.join(command)} wrote no shared library that can be "
                                f"loaded (the loader says: {said})",
                                "set $CC to a C compiler that builds shared libraries, such as gcc or clang") from None
    return _checked(dll, library)


def _log_of(library: Path) -> Path:
    return library.with_suffix(".log")


def compiler_said(library: ctypes.CDLL) -> str | None:
    """What the C compiler wrote (its warnings) when it built this library; None where that was not kept
    (a library whose log is gone)."""
    try:
        return _log_of(Path(library._name)).read_text(encoding="utf-8")
    except OSError:
        return None


def _checked(dll: ctypes.CDLL, library: Path) -> ctypes.CDLL:
    if dll.ds_abi_version() != ABI_VERSION:
        raise NativeUnavailable(f"the native engine {library} speaks ABI {dll.ds_abi_version()}, "
                                f"not {ABI_VERSION}")
    return dll


# --- the engine -------------------------------------------------------------------------------------


@dataclass
class NativeReplayResult(ReplayResult):
    """A replay by the native engine: no events, and per placement its (points, bonus, cancelled).

    refused_at is where the native engine itself refused the record: (game, hand, move), 1-based (a
    record of one game is game 1), move 0 for the deal, hand 0 for the game; None where it refused
    nothing. The error message is the Python replay's, which says why, when both find a fault."""

    plays: list[tuple[int, int, bool]] = field(default_factory=list)
    refused_at: tuple[int, int, int] | None = None


class NativeEngine:
    """A variant's native engine. Build one with load()."""

    def __init__(self, variant: ir.Variant, spec_path: Path, library: ctypes.CDLL, source: str | None = None):
        self.variant = variant
        self.spec_path = spec_path
        self._dll = library
        self._source = source  # the C source the library was built from: its build with events plays Games
        count = library.ds_stat_count()
        self._stat_names = [library.ds_stat_name(i).decode("ascii") for i in range(count)]
        missing = sorted(set(Stats.names()) - set(self._stat_names))
        if missing:
            raise NativeUnavailable(f"the native engine of {spec_path} lacks the figures {', '.join(missing)}")
        self.unit_fields = self._fields(library.ds_unit_field_count, library.ds_unit_field_name, "unit",
                                        unit_fields(variant.max_players, match_line_names(variant)))
        self.hand_fields = self._fields(library.ds_hand_field_count, library.ds_hand_field_name, "hand",
                                        hand_fields(variant.max_players))
        self._hands_per_unit: dict[str, float] = {}  # by kind of unit: the most that a play_units call took

    def _fields(self, count: Callable[[], int], name: Callable[[int], bytes], what: str,
                expected: tuple[str, ...]) -> tuple[str, ...]:
        """A record's field names as the engine gives them, which must be the record schema's."""
        fields = tuple(name(i).decode("ascii") for i in range(count()))
        if fields != expected:
            raise NativeUnavailable(f"the native engine of {self.spec_path} names its {what} records "
                                    f"{', '.join(fields)}, not the record schema's {', '.join(expected)}")
        return fields

    @property
    def compiler_said(self) -> str | None:
        """The C compiler's warnings when it built this engine ("" for none); None where they were not kept."""
        return compiler_said(self._dll)

    # --- simulations

    def table_allowed(self, players: int, partnerships: bool) -> bool:
        return bool(self._dll.ds_table_allowed(players, int(partnerships)))

    def play_hands(self, count: int, players: int = 4, partnerships: bool | None = None, seed: int = 1,
                   bot: str | Sequence[str] = "random", first: int = 0) -> Stats:
        """Hands first .. first+count-1, each dealt afresh from scores of 0, by bots (a bot's name, as
        play/bots.py has them, or one per seat); partnerships None is the variant's default, as the
        Python engine's Game has it."""
        return self._simulate(count, players, partnerships, seed, bot, first, whole_games=False)

    def play_matches(self, count: int, players: int = 4, partnerships: bool | None = None, seed: int = 1,
                     bot: str | Sequence[str] = "random", first: int = 0) -> Stats:
        """Whole games to the target, first .. first+count-1; whole matches where the variant has
        match rules. The arguments are play_hands'."""
        return self._simulate(count, players, partnerships, seed, bot, first, whole_games=True)

    def play_units(self, first: int, count: int, *, players: int, partnerships: bool | None, seed: int,
                   bots: str | Sequence[str], kind: Literal["hand", "game"]) -> Records:
        """The records of units first .. first+count-1 (at most MAX_RECORDED_UNITS a call) and of their hands:
        kind "hand" plays each unit as one hand dealt afresh from scores of 0, "game" as a whole game to the
        target, or a whole match where the variant has match rules. The other arguments are play_hands'."""
        if kind not in UNIT_KINDS:
            raise IllegalMove(f"kind is {' or '.join(map(repr, UNIT_KINDS))}, not {kind!r}")
        table = self._table(count, players, partnerships, seed, bots, first)
        if count > MAX_RECORDED_UNITS:
            raise IllegalMove(f"count is at most {MAX_RECORDED_UNITS} units a call (their records are held in "
                              f"memory), not {count}; play the rest in further calls from first={first + count}")
        width, hand_width = len(self.unit_fields), len(self.hand_fields)
        units = (ctypes.c_int64 * (count * width))()
        capacity = int(count * self._hands_per_unit.setdefault(kind, HANDS_PER_UNIT[kind]) * 1.25) + 1
        while True:
            hands = (ctypes.c_int64 * (capacity * hand_width))()
            rows = self._dll.ds_play_units(first, count, *table, int(kind == "game"), units, hands, capacity)
            if rows != SIMULATE_CAPACITY:
                break
            capacity *= 2
        self._check(rows)
        if count:
            self._hands_per_unit[kind] = max(self._hands_per_unit[kind], rows / count)
        return Records(unit_fields=self.unit_fields, units=_rows(units, width, count),
                       hand_fields=self.hand_fields, hands=_rows(hands, hand_width, rows))

    def tally_hands(self, first: int, count: int, *, players: int, partnerships: bool | None, seed: int,
                    bots: str | Sequence[str], pairs: Iterable[tuple[str, str]]) -> HandSums | None:
        """The sums a simulation tallies of hands first .. first+count-1 (play_units' units of kind "hand"),
        summed by the engine without a record leaving it: every unit figure, the products of the pairs of unit
        figures asked for, and the counts of each side's points in a hand. None where the engine cannot give
        them exactly (a sum past 64 bits, points beyond POINTS_RADIUS, a pair of figures it has not): the
        records, from play_units, give them then."""
        table = self._table(count, players, partnerships, seed, bots, first)
        index = {name: i for i, name in enumerate(self.unit_fields)}
        asked = sorted(pairs)
        if any(a not in index or b not in index for a, b in asked):
            return None
        flat = (ctypes.c_int32 * max(1, 2 * len(asked)))(*(index[name] for pair in asked for name in pair))
        sums = (ctypes.c_int64 * len(self.unit_fields))()
        products = (ctypes.c_int64 * max(1, len(asked)))()
        points = (ctypes.c_int64 * (2 * POINTS_RADIUS + 1))()
        code = self._dll.ds_tally_hands(first, count, *table, flat, len(asked), sums, products, points, POINTS_RADIUS)
        if code in (SIMULATE_OVERFLOW, SIMULATE_OUTSIDE):
            return None
        self._check(code)
        counted = memoryview(points).cast("B").cast("q")
        return HandSums(dict(zip(self.unit_fields, sums, strict=True)),
                        dict(zip(asked, products[:len(asked)], strict=True)),
                        Counter({at - POINTS_RADIUS: n for at, n in enumerate(counted) if n}))

    def _table(self, count: int, players: int, partnerships: bool | None, seed: int, bot: object,
               first: int) -> tuple[int, int, int, ctypes.Array[ctypes.c_int32]]:
        """The arguments of a simulation, checked: players, partnerships and seed as the ABI takes them, and
        the bots; IllegalMove for any out of the rules."""
        for name, value, top in (("count", count, INT64_MAX), ("first", first, INT64_MAX),
                                 ("seed", seed, UINT64_MAX)):
            if type(value) is not int or not 0 <= value <= top:
                raise IllegalMove(f"{name} is a whole number from 0 to {top}, not {value!r}")
        if first + count > INT64_MAX:
            raise IllegalMove(f"first + count must stay below {INT64_MAX + 1}, not {first + count}")
        chosen = self._partnerships(players, partnerships)
        return players, int(chosen), seed, self._bots(bot, players)

    def _check(self, code: int) -> None:
        """NativeFault for a simulation's code that is not a success."""
        if code == SIMULATE_LIMIT:
            raise NativeFault(f"the native engine of {self.spec_path} stopped a unit at its safety limit")
        if code == SIMULATE_MEMORY:
            raise NativeFault(f"the native engine of {self.spec_path} found no memory for a search bot's tree")
        if code == SIMULATE_OVERFLOW:
            raise IllegalMove("the figures of these units add up past the 64 bits the native engine sums them in: "
                              "play fewer units a call, or take their records with play_units")
        if code < 0:  # the arguments were checked before: the library disagrees with them
            raise NativeFault(f"the native engine of {self.spec_path} refused the simulation (code {code})")

    def _simulate(self, count: int, players: int, partnerships: bool | None, seed: int,
                  bot: str | Sequence[str], first: int, whole_games: bool) -> Stats:
        table = self._table(count, players, partnerships, seed, bot, first)
        figures = (ctypes.c_int64 * len(self._stat_names))()
        self._check(self._dll.ds_simulate(first, count, *table, int(whole_games), figures))
        return Stats.from_dict(dict(zip(self._stat_names, figures, strict=True)))

    # --- a game a move at a time

    @functools.cached_property
    def library(self) -> ctypes.CDLL:
        """The build of the engine that writes events, which a Game plays in (built on first use; the simulations'
        build writes none, so that their hand loops test nothing for them)."""
        if self._source is None:
            raise NativeUnavailable(f"the native engine of {self.spec_path} was loaded without its C source: "
                                    "a Game needs it, to build the engine with events")
        dll = build_library(EVENTS_BUILD + self._source)
        if not dll.ds_table_events():
            raise NativeUnavailable(f"the native engine of {self.spec_path} was built without events")
        return dll

    @functools.cached_property
    def tiles(self) -> list[Tile]:
        """The set in the engine's order."""
        return _tiles(self.variant.max_pip)

    def Game(self, players: int, partnerships: bool | None = None, seed: int | None = None,  # noqa: N802
             scores: list[int] | None = None, opener: int | None = None, deal: bool = True,
             first_hand: int = 1) -> native_game.Game:
        """A game played a move at a time in this engine, as the Python engine's Game is made."""
        return Game(self, players, partnerships, seed, scores, opener, deal, first_hand)

    def bot_code(self, name: str) -> int:
        """The ABI's code of a bot named as `simulate --bot` names them."""
        return int(self._bots(name, 1)[0])

    def partnerships_for(self, players: object, partnerships: object) -> bool:
        return self._partnerships(players, partnerships)

    def deal_size(self, players: int) -> int:
        return self.variant.tiles_dealt(players) or 0

    def _partnerships(self, players: object, partnerships: object) -> bool:
        """The table's partnerships, checked; IllegalMove in the words of the Python engines."""
        name, variant = self.variant.name, self.variant
        if type(players) is not int or players not in variant.player_counts:
            raise IllegalMove(f"{name} is played by {ir.counts_text(variant.player_counts)} players, not {players!r}")
        if partnerships is not None and type(partnerships) is not bool:
            raise IllegalMove(f"partnerships is True, False or None, not {partnerships!r}")
        fixed = variant.partnerships is ir.PartnershipKind.FIXED
        chosen = fixed and players == 4 if partnerships is None else partnerships
        if not self.table_allowed(players, chosen):
            if chosen:
                raise IllegalMove(f"{name} has no partnerships with {players} players")
            raise IllegalMove(f"{name} is always played by 4 as two partnerships")
        return chosen

    @staticmethod
    def _bots(bot: object, players: int) -> ctypes.Array[ctypes.c_int32]:
        """Each seat's bot: one bot (a name, or a list of one name) for every seat, or a list of one per seat."""
        seats = [bot] if isinstance(bot, str) else bot
        if not isinstance(seats, (list, tuple)) or len(seats) not in (1, players) or not all(
                isinstance(b, str) for b in seats):
            raise IllegalMove(f"bot is a bot's name ({bot_names.NAMES_TEXT}), or a list of one per seat ({players}) "
                              f"or of one for every seat, not {bot!r}")
        codes = []
        for name in seats:
            try:
                named = bot_names.parse(name)
            except bot_names.BadBotName as err:
                raise IllegalMove(str(err)) from None
            if named.kind != "ismcts":
                codes.append(BOT_CODES[named.kind])
            elif named.ms is None:
                codes.append(BOT_CODES["ismcts"] | (named.iterations or 0) << 4)
            else:
                codes.append(BOT_CODES["ismcts_ms"] | named.ms << 4)
        return (ctypes.c_int32 * players)(*(codes * (players // len(codes))))

    # --- replays

    @functools.cached_property
    def _python(self) -> VariantEngine:
        """The variant's Python engine: it reads the record's tiles and says why a record is at fault."""
        from .targets.engines import load_engine
        engine = as_variant(engine_of(load_engine(self.variant, self.spec_path)))
        assert engine is not None  # load() took a variant
        return engine

    def replay(self, record: dict[str, Any]) -> NativeReplayResult:
        """Replay a record (the format `dominospec replay` reads) in the native engine: the scores,
        winners, match points and target the Python replay gives, and no events. Never raises for a
        bad record: the result's error says what is wrong."""
        result = NativeReplayResult()
        try:
            table = start(self._python, record)
        except BadRecord as err:
            result.error = str(err)
            return result
        encoder = _Encoder(self._python, table.game.players)
        fault = encoder.encode(table)
        if table.match is not None and encoder.ints[4] == 0:  # a match of no games: nothing to replay
            result.match_points = [0] * len(table.game.scores)
            result.error = fault
            return result
        out = self._run_replay(encoder.ints, encoder.moves)
        result.target = table.game.target
        self._read_replay(out, result)
        if out[0] == REPLAY_MALFORMED:  # the record is sound, but holds more than the engine's ints do
            result.error = (f"{_where((out[1], out[2], out[3]), table.match)}: the native engine cannot replay "
                            f"this record: it replays starting scores from {-REPLAY_MAX_SCORE:,} to "
                            f"{REPLAY_MAX_SCORE:,} and claims up to {REPLAY_MAX_CLAIM:,}; the Python engine "
                            "replays any")
            return result
        if encoder.placeholder is not None and result.refused_at is not None:
            game, hand = encoder.placeholder
            if result.refused_at[1:] == (hand, 0) and (table.match is None or result.refused_at[0] == game):
                result.refused_at = None  # the hand in fault stood as an empty deal: the fault is the record's
        if fault is not None or result.refused_at is not None:
            result.error = replay(self._python, record).error or fault or _refusal(result.refused_at, table.match)
        return result

    def _run_replay(self, ints: list[int], moves: int) -> list[int]:
        record = (ctypes.c_int64 * len(ints))(*ints)
        capacity = 64 + 3 * moves
        while True:
            out = (ctypes.c_int64 * capacity)()
            self._dll.ds_replay(record, len(ints), out, capacity)
            if out[0] != REPLAY_SHORT:
                return list(out)
            capacity *= 2

    @staticmethod
    def _read_replay(out: list[int], result: NativeReplayResult) -> None:
        if out[0] == REPLAY_REFUSED:
            result.refused_at = (out[1], out[2], out[3])
        at = 4
        sides = out[at]
        result.scores = out[at + 1:at + 1 + sides]
        at += 1 + sides
        result.winners = out[at + 1:at + 1 + out[at]]
        at += 1 + out[at]
        if out[at]:
            result.match_points = out[at + 1:at + 1 + sides]
            at += sides
        at += 1
        plays = out[at]
        result.plays = [(out[i], out[i + 1], bool(out[i + 2])) for i in range(at + 1, at + 1 + 3 * plays, 3)]


def _rows(flat: ctypes.Array[ctypes.c_int64], width: int, count: int) -> list[tuple[int, ...]]:
    """The first count rows of width ints of a flat array, as tuples (unpacked straight from its bytes)."""
    return list(struct.iter_unpack(f"={width}q", memoryview(flat).cast("B")[:count * width * 8]))


def _where(at: tuple[int, int, int], match: object) -> str:
    """A place in a record as the Python replay's messages name it: `game 2, hand 3, move 4`."""
    game, hand, move = at
    where = [f"game {game}"] if match is not None and game else []
    where += [f"hand {hand}"] if hand else []
    where += [f"move {move}"] if move else []
    return ", ".join(where) or "the record"


def _refusal(at: tuple[int, int, int] | None, match: object) -> str:
    """The message of a refusal the native engine finds and the Python replay does not."""
    game, hand, move = at or (0, 0, 0)
    what = "move" if move else "deal" if hand else "game" if game else "table"
    return f"{_where((game, hand, move), match)}: the native engine refuses this {what}"


def _int64(value: int) -> int:
    """A seat, an opener, a claim or a starting score as the ABI's 64 bits carry it: one past them is held at
    their end, which is past every seat, claim and score the engine takes, and so refused as the value itself."""
    return max(INT64[0], min(value, INT64[1]))


class _Encoder:
    """A record's int array for ds_replay, built as the record is read with the Python replay's
    readers. Where the record is structurally at fault, the array stops there (and a hand in fault
    stands as an empty deal, so that the engine still checks what comes before it), and encode()
    returns the fault."""

    def __init__(self, engine: VariantEngine, players: int):
        self.engine = engine
        self.players = players
        self.tile_index = {tile: i for i, tile in enumerate(_tiles(engine.MAX_PIP))}
        self.ints: list[int] = []
        self.moves = 0
        self.placeholder: tuple[int, int] | None = None  # (game, hand) of a hand in fault

    def encode(self, table: Start) -> str | None:
        game = table.game
        self.ints = [game.players, int(game.partnerships)]
        try:
            if table.match is None:
                self.ints += [1, *map(_int64, game.scores), game.first_hand, 0]
                self._hands(table.records, 0)
            else:
                self.ints += [0, 1, 0]  # no starting scores, the first hand; the games, counted as they are read
                for number, raw in enumerate(table.records, 1):
                    hands, _ = read_game(raw, f"game {number}")  # read before the game follows the last
                    self.ints[4] = number
                    self._hands(hands, number)
        except BadRecord as err:
            return str(err)
        return None

    def _hands(self, hands: list[Any], game: int) -> None:
        count_at = len(self.ints)
        self.ints.append(0)
        prefix = f"game {game}, " if game else ""
        for number, raw in enumerate(hands, 1):
            self.ints[count_at] = number
            start_at = len(self.ints)
            self.ints += [0, *[0] * self.players, 0, 0]  # an empty deal, refused, until the hand is read
            self.placeholder = (game, number)
            where = f"{prefix}hand {number}"
            hand = read_hand(self.engine, raw, where)
            self.placeholder = None
            del self.ints[start_at:]
            self.ints.append(_int64(hand.opener))
            if len(hand.hands) == self.players:
                for tiles in hand.hands:
                    self._tiles(tiles)
            else:  # a deal for another number of seats: empty hands, which the engine refuses too
                self.ints += [0] * self.players
            if hand.pile is None:
                self.ints.append(0)
            else:
                self.ints.append(1)
                self._tiles(hand.pile)
            moves_at = len(self.ints)
            self.ints.append(0)
            for index, move_record in enumerate(hand.moves, 1):
                seat, move, claim = read_move(self.engine, move_record, f"{where}, move {index}")
                self.ints += self._move(seat, move, claim)
                self.ints[moves_at] = index
                self.moves += 1

    def _tiles(self, tiles: list[Tile]) -> None:
        self.ints.append(len(tiles))
        self.ints += [self.tile_index[tile] for tile in tiles]

    def _move(self, seat: int, move: Move, claim: int | None) -> list[int]:
        kind = MOVE_KINDS[move[0]]
        if move[0] != "play":
            return [_int64(seat), kind, -1, -1, -1, -1, -1]
        tile, on = self.tile_index[move[1]], -1 if move[2] is None else self.tile_index[move[2]]
        port = -1 if move[3] is None else PORTS.index(move[3])
        by = HALVES.index(move[4]) if len(move) == 5 else -1
        return [_int64(seat), kind, tile, on, port, by, -1 if claim is None else _int64(claim)]


def _tiles(max_pip: int) -> list[Tile]:
    """The set in the engine's order: (0,0), (0,1), ... (0,N), (1,1), ... (N,N)."""
    return [(low, high) for low in range(max_pip + 1) for high in range(low, max_pip + 1)]


def load(spec: str | os.PathLike[str], command: str = "the native engine") -> NativeEngine:
    """The native engine of a variant's spec, loaded and checked as every command does (InputError for
    a spec at fault, UsageError for a match format); built on first use. NativeUnavailable without a C
    compiler, or when the compiler refuses the engine (its message holds the compiler's)."""
    from .targets import TARGETS
    from .targets.codegen import generate
    path = Path(spec)
    variant = load_variant(path, command)
    source = generate(variant, path.name, TARGETS["c"])
    return NativeEngine(variant, path, build_library(source), source)

