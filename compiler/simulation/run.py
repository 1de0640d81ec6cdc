"""simulate() and compare(): seeded units of play in chunks, in this process, a process pool or on a
Dask cluster, tallied and turned into figures.

Units are cut into chunks of a fixed size; each chunk is one job that plays its units from the seeds
of (seed, unit) alone and returns its Tally. Tallies are exact integer sums, added up as they come in,
so the figures do not depend on how many workers played which chunks. Chunks are made as they are
played, a few at a time in flight: a run's memory does not grow with its units. A job carries the spec's
path and text, not an engine: a worker builds the engine itself, once per process.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import os
import pickle
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from ..engine_api import VariantEngine, as_variant, engine_of
from ..language import ir
from ..language.checks import check
from ..language.diagnostics import Diagnostic, Problems, UsageError
from ..language.loader import load_variant, read_source
from ..language.parser import parse
from ..play import bots as bot_names
from ..targets.engines import load_engine
from ..targets.records import Records
from . import figures, python_units, statistics
from .figures import Comparison, Run, Shape, Simulation
from .statistics import Pair, Tally

if TYPE_CHECKING:
    from ..native import NativeEngine

Target = Literal["python", "c"]
Kind = Literal["hand", "game"]
Progress = Callable[[int, int], None]
TARGETS: tuple[Target, ...] = ("python", "c")
DEFAULT_HANDS = 10_000
# Units per chunk job: a tenth of a second to a second of play, so that progress moves and workers share the load.
CHUNK: dict[tuple[Target, Kind], int] = {("python", "hand"): 200, ("python", "game"): 20,
                                         ("c", "hand"): 100_000, ("c", "game"): 2_000}
CONNECT_SECONDS = 10  # how long to wait for a Dask scheduler to answer
IN_FLIGHT = 4  # chunks submitted ahead per worker: enough to keep it busy, few enough to hold


def _usage(message: str, hint: str | None = None) -> UsageError:
    return UsageError([Diagnostic(message, None, hint=hint)])


# --- what a job plays -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One spec's units as a job plays them: everything a worker on another machine needs."""

    spec: str  # the spec's path, for messages and the engine's module name
    source: str  # the spec's text
    target: Target
    kind: Kind
    players: int
    partnerships: bool
    seed: int
    bots: tuple[str | type, ...]  # one per seat
    sides: int
    pool_hands: int | None  # pool play (no target): the hands a game is, whose end no score decides
    lowest_wins: bool = False  # the lowest total after the last round wins (the trains games)


# Each process's engines, by spec path and text: a worker builds each once.
_PYTHON: dict[tuple[str, str], VariantEngine] = {}
_NATIVE: dict[tuple[str, str], NativeEngine] = {}


def _variant(source: str) -> ir.Variant:
    variant = check(parse(source))
    assert isinstance(variant, ir.Variant)  # the caller loaded the spec as a variant
    return variant


def _python_engine(spec: str, source: str) -> VariantEngine:
    if (spec, source) not in _PYTHON:
        engine = as_variant(engine_of(load_engine(_variant(source), Path(spec))))
        assert engine is not None
        _PYTHON[(spec, source)] = engine
    return _PYTHON[(spec, source)]


def _native_engine(spec: str, source: str) -> NativeEngine:
    """The native engine, built from the spec's text where the parent process has not loaded it."""
    if (spec, source) not in _NATIVE:
        from .. import native
        from ..targets import TARGETS as COMPILE_TARGETS
        from ..targets.codegen import generate
        variant = _variant(source)
        library = native.build_library(generate(variant, Path(spec).name, COMPILE_TARGETS["c"]))
        _NATIVE[(spec, source)] = native.NativeEngine(variant, Path(spec), library)
    return _NATIVE[(spec, source)]


def _records(table: Table, first: int, count: int) -> Records:
    if table.target == "c":
        return _native_engine(table.spec, table.source).play_units(
            first, count, players=table.players, partnerships=table.partnerships, seed=table.seed,
            bots=[str(bot) for bot in table.bots], kind=table.kind)
    return python_units.play_units(_python_engine(table.spec, table.source), first, count, players=table.players,
                                   partnerships=table.partnerships, seed=table.seed, bots=table.bots,
                                   kind=table.kind)


@dataclass(frozen=True)
class _Failure:
    """A job's Problems, carried back as data: an exception of ours does not survive pickling."""

    kind: type[Problems]
    diagnostics: list[Diagnostic]
    source: str | None

    def error(self) -> Problems:
        error = self.kind.__new__(self.kind)
        Problems.__init__(error, self.diagnostics, self.source)
        return error


def _native_tally(tables: tuple[tuple[str, Table], ...], first: int, count: int,
                  pairs: frozenset[Pair]) -> Tally | None:
    """The tally of a chunk of one native table's hands, summed by the engine: no record leaves it (unit 0's
    own records give the run's sample). None for what only the records tell: a comparison's pairs across
    two tables, whole games, figures beyond the engine's sums."""
    if len(tables) != 1 or tables[0][1].target != "c" or tables[0][1].kind != "hand":
        return None
    prefix, table = tables[0]
    engine = _native_engine(table.spec, table.source)
    named = [(a.removeprefix(prefix), b.removeprefix(prefix)) for a, b in pairs]
    summed = engine.tally_hands(first, count, players=table.players, partnerships=table.partnerships,
                                seed=table.seed, bots=[str(bot) for bot in table.bots], pairs=named)
    if summed is None:
        return None
    sample = statistics.tally([(prefix, _records(table, 0, 1), table.sides)], (), 0, games=False).sample \
        if first == 0 and count else {}
    return Tally(units=count, sums={prefix + name: value for name, value in summed.sums.items()},
                 products={(prefix + a, prefix + b): value for (a, b), value in summed.products.items()},
                 counts={prefix + statistics.HAND_POINTS: summed.hand_points}, sample=sample)


def play_chunk(tables: tuple[tuple[str, Table], ...], first: int, count: int,
               pairs: frozenset[Pair]) -> Tally | _Failure:
    """One job: units first .. first + count - 1 of each (prefix, table), tallied together."""
    try:
        native = _native_tally(tables, first, count, pairs)
        if native is not None:
            return native
        runs = [(prefix, _records(table, first, count), table.sides) for prefix, table in tables]
    except Problems as err:
        return _Failure(type(err), err.diagnostics, err.source)
    pool_hands = {prefix: table.pool_hands for prefix, table in tables if table.pool_hands is not None}
    lowest = {prefix for prefix, table in tables if table.lowest_wins}
    return statistics.tally(runs, pairs, first, games=tables[0][1].kind == "game", pool_hands=pool_hands,
                            lowest_wins=lowest)


# --- running the jobs -----------------------------------------------------------------------------


class _Results:
    """The chunks' tallies as they come in, added up at once: memory stays that of one tally, whatever the
    number of chunks. Where chunks fail, the earliest one's failure is the run's, whatever order the workers
    finish in: an error names the same unit with any number of workers."""

    def __init__(self, units: int, progress: Progress | None):
        self.units, self.progress = units, progress
        self.total = Tally()
        self.failure: tuple[int, _Failure] | None = None
        self.done = 0
        if progress is not None:
            progress(0, units)

    def add(self, chunk: _Chunk, result: Tally | _Failure) -> None:
        if isinstance(result, _Failure):
            if self.wanted(chunk.index):
                self.failure = (chunk.index, result)
            return
        self.total = self.total + result
        self.done += chunk.count
        if self.progress is not None:
            self.progress(self.done, self.units)

    def wanted(self, index: int) -> bool:
        """Whether a chunk still counts: no chunk before it has failed."""
        return self.failure is None or index < self.failure[0]

    def tally(self) -> Tally:
        if self.failure is not None:
            raise self.failure[1].error()
        return self.total


@dataclass(frozen=True)
class _Chunk:
    index: int
    first: int
    count: int


def _chunks(units: int, size: int) -> Iterator[_Chunk]:
    """The run's chunks in order, made as they are needed: a run of any size holds a few at a time."""
    for index, first in enumerate(range(0, units, size)):
        yield _Chunk(index, first, min(size, units - first))


Job = tuple[tuple[tuple[str, Table], ...], int, int, frozenset[Pair]]


def _play(tables: tuple[tuple[str, Table], ...], units: int, pairs: frozenset[Pair], workers: int,
          cluster: str | None, progress: Progress | None) -> Tally:
    size = CHUNK[(tables[0][1].target, tables[0][1].kind)]
    chunks = _chunks(units, size)
    results = _Results(units, progress)

    def job(chunk: _Chunk) -> Job:
        return tables, chunk.first, chunk.count, pairs

    if cluster is not None:
        _on_cluster(cluster, job, chunks, results)
    elif workers == 1 or units <= size:
        for chunk in chunks:
            results.add(chunk, play_chunk(*job(chunk)))
            if results.failure is not None:
                break
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, -(-units // size))) as pool:
            _in_flight(lambda chunk: pool.submit(play_chunk, *job(chunk)), chunks, results, IN_FLIGHT * workers,
                       lambda pending: concurrent.futures.wait(pending, return_when="FIRST_COMPLETED")[0])
    return results.tally()


def _in_flight(submit: Callable[[_Chunk], Any], chunks: Iterator[_Chunk], results: _Results, most: int,
               finished: Callable[[Iterable[Any]], Iterable[Any]]) -> None:
    """Play the chunks through a pool or a cluster (alike in these calls), at most `most` of them submitted
    and not yet taken in: the next is submitted as one finishes, so memory does not grow with the run.
    After a failed chunk none later is submitted, and those in flight are cancelled; so are all left when
    the run stops."""
    pending: dict[Any, _Chunk] = {}
    try:
        while True:
            while results.failure is None and len(pending) < most:
                chunk = next(chunks, None)
                if chunk is None:
                    break
                pending[submit(chunk)] = chunk
            if not pending:
                return
            for future in finished(list(pending)):
                chunk = pending.pop(future)
                if not future.cancelled():
                    results.add(chunk, future.result())
            for future, chunk in list(pending.items()):
                if not results.wanted(chunk.index):
                    future.cancel()
                    del pending[future]
    finally:
        for future in pending:
            future.cancel()


def _on_cluster(address: str, job: Callable[[_Chunk], Job], chunks: Iterator[_Chunk], results: _Results) -> None:
    try:
        distributed: Any = importlib.import_module("dask.distributed")  # Dask's API is untyped
    except ImportError:
        raise _usage("a cluster run needs Dask's distributed scheduler, which is not installed",
                     "pip install dominospec[cluster]") from None
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as err:
        raise _usage(f"cannot reach the Dask scheduler at {address}: {err}",
                     "give the address the scheduler prints, such as tcp://host:8786") from None
    with client:
        threads = max(1, sum(client.nthreads().values()))
        _in_flight(lambda chunk: client.submit(play_chunk, *job(chunk), pure=False), chunks, results,
                   IN_FLIGHT * threads,
                   lambda pending: distributed.wait(pending, return_when="FIRST_COMPLETED").done)


# --- arguments ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Settings:
    """The arguments simulate and compare share, checked."""

    units: int
    kind: Kind
    players: int
    partnerships: bool | None
    bots: tuple[str | type, ...]  # one for every seat, or one per seat
    seed: int
    workers: int
    target: Target | None
    cluster: str | None

    @property
    def seat_bots(self) -> tuple[str | type, ...]:
        """One bot per seat; read once the table is known to be one the variant has."""
        return self.bots * self.players if len(self.bots) == 1 else self.bots


def _progress(progress: object) -> Progress | None:
    if progress is not None and not callable(progress):
        raise _usage(f"progress is a function of (units done, units in all), or None, not {progress!r:.60}")
    return cast("Progress | None", progress)


def _whole(name: str, value: object, least: int) -> int:
    if type(value) is not int or value < least:
        raise _usage(f"{name} is a whole number of at least {least}, not {value!r:.60}")
    return value


CLUSTER_SCHEMES = ("tcp", "ws", "wss")  # Dask's address schemes that need nothing but the address


def _settings(players: object, partnerships: object, hands: object, games: object, bots: object,
              seed: object, workers: object, target: object, cluster: object) -> _Settings:
    if hands is not None and games is not None:
        raise _usage("give hands or games, not both", "hands plays independent hands; games plays whole games "
                     "(whole matches for a variant with match rules)")
    kind: Kind = "game" if games is not None else "hand"
    units = _whole("games" if games is not None else "hands", games if games is not None else
                   DEFAULT_HANDS if hands is None else hands, 1)
    seats = _whole("players", players, 1)
    if partnerships is not None and type(partnerships) is not bool:
        raise _usage(f"partnerships is True, False or None (the variant's default), not {partnerships!r:.60}")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise _usage(f"a seed is a whole number from 0 to 2^64 - 1, not {seed!r:.60}")
    chosen_workers = (os.cpu_count() or 1) if workers is None else _whole("workers", workers, 1)
    if target is not None and target not in TARGETS:
        raise _usage(f"target is 'python', 'c' or None (the native engine where it runs), not {target!r:.60}")
    if cluster is not None and (not isinstance(cluster, str) or not cluster):
        raise _usage(f"cluster is a Dask scheduler's address, such as 'tcp://host:8786', not {cluster!r:.60}")
    scheme = cluster.partition("://")[0] if isinstance(cluster, str) and "://" in cluster else "tcp"
    if scheme not in CLUSTER_SCHEMES:
        raise _usage(f"the cluster address {cluster!r:.60} has the scheme {scheme!r:.20}, which a run cannot connect "
                     "with", "a run connects to the scheduler's tcp://, ws:// or wss:// address, such as "
                     "tcp://host:8786 (tls:// needs certificates, which it is not given)")
    seat_bots = _bots(bots, seats, target)
    if cluster is None and chosen_workers > 1:
        _portable(seat_bots)
    return _Settings(units, kind, seats, partnerships, seat_bots, seed, chosen_workers,
                     target, cluster)


def _bots(bots: object, players: int, target: object) -> tuple[str | type, ...]:
    if not isinstance(bots, str | type | Sequence):
        raise _usage(f"bots is a list of one bot for every seat or one per seat, not {bots!r:.80}")
    listed = [bots] if isinstance(bots, str | type) else list(bots)
    if len(listed) not in (1, players):
        raise _usage(f"give one bot for every seat or one for each of the {players} seats, not {bots!r:.80}")
    for bot in listed:
        python_units.check_bot(bot)
        if isinstance(bot, type) and target == "c":
            raise _usage(f"the native engine plays only the bots it names ({bot_names.NAMES_TEXT}), not the class "
                         f"{bot.__qualname__}", "play a bot class on the Python target: target='python'")
    return tuple(listed)


def _portable(bots: tuple[str | type, ...]) -> None:
    """A bot class goes to worker processes by name: one that pickle cannot find there stops here."""
    for bot in bots:
        if isinstance(bot, type):
            try:
                pickle.dumps(bot)
            except (pickle.PicklingError, AttributeError, TypeError) as err:
                raise _usage(f"the bot class {bot.__qualname__} cannot be sent to worker processes: {err}",
                             "define it at the top level of a module, or play in this process: workers=1") from None


def _bot_name(bot: str | type) -> str:
    return bot if isinstance(bot, str) else bot.__qualname__


# --- one spec -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Spec:
    """A spec loaded for a run, and its table."""

    path: Path
    source: str
    variant: ir.Variant
    engine: VariantEngine  # the Python engine: the table's rules, and the engine itself on that target
    partnerships: bool
    sides: int

    @property
    def pool(self) -> bool:
        """Pool play: no target, so a game is as many hands as are played, and nobody wins it."""
        return self.variant.target.kind is ir.TargetKind.NONE


def _open(spec: str | os.PathLike[str], settings: _Settings, command: str) -> _Spec:
    if not isinstance(spec, str | os.PathLike):
        raise _usage(f"a spec is a path to a .rules file, not {spec!r:.60}")
    path = Path(spec)
    variant = load_variant(path, command)
    source = read_source(path)
    engine = _python_engine(str(path), source)
    try:  # the engine's Game refuses a table the variant does not have, in its own words
        game = engine.Game(settings.players, settings.partnerships, deal=False)
    except engine.IllegalMove as err:
        raise _usage(f"no such table: {err}") from None
    return _Spec(path, source, variant, engine, game.partnerships, len(game.scores))


def _native_runs(spec: _Spec, command: str, required: bool) -> bool:
    """Whether the native engine plays the spec here (a C compiler builds it); required: it must (the missing
    compiler is raised)."""
    from .. import native
    key = (str(spec.path), spec.source)
    if key in _NATIVE:
        return True
    try:
        _NATIVE[key] = native.load(spec.path, command)
    except native.NativeUnavailable:
        if required:
            raise
        return False
    return True


def _target(specs: Sequence[_Spec], settings: _Settings, command: str) -> Target:
    if settings.target == "python" or any(isinstance(bot, type) for bot in settings.bots):
        return "python"
    required = settings.target == "c"
    return "c" if all([_native_runs(spec, command, required) for spec in specs]) else "python"


def _table(spec: _Spec, settings: _Settings, target: Target) -> Table:
    return Table(str(spec.path), spec.source, target, settings.kind, settings.players, spec.partnerships,
                 settings.seed, settings.seat_bots, spec.sides, python_units.SAFETY_HANDS if spec.pool else None,
                 spec.variant.target.kind is ir.TargetKind.LOWEST_AFTER_ROUNDS)


def _run(spec: _Spec, settings: _Settings, target: Target) -> Run:
    unit: figures.UnitKind = ("hand" if settings.kind == "hand" else "match" if spec.engine.HAS_MATCH_PLAY
                              else "game")
    shape = Shape(unit, settings.players, spec.sides, tuple(line[0] for line in spec.engine.MATCH_LINES),
                  tuple(_bot_name(bot) for bot in settings.seat_bots), games_won=not spec.pool)
    return Run(str(spec.path), spec.engine.VARIANT_NAME, target, spec.partnerships, settings.units,
               settings.seed, shape)


# --- the API --------------------------------------------------------------------------------------


def simulate(spec: str | os.PathLike[str], *, players: int = 4, partnerships: bool | None = None,
             hands: int | None = None, games: int | None = None, bots: Sequence[str | type] = ("random",),
             seed: int = 1, workers: int | None = None, target: Target | None = None,
             cluster: str | None = None, progress: Progress | None = None) -> Simulation:
    """Play units of a variant with bots and return their figures with 95% intervals.

    hands plays that many independent hands, each dealt from scores of 0; games plays whole games to
    the target (whole matches for a variant with match rules); neither: 10,000 hands. bots: one bot
    for every seat or one per seat: a name (random, greedy, expert, ismcts:N, ismcts:Nms) or (Python
    target) a class whose instances have choose(game) -> move. Unit i plays from the seed of (seed, i)
    alone, so the figures are the same with any workers (None: one per CPU; 1: this process) or on a
    Dask cluster (its scheduler's address). target None is the native engine where it builds and
    plays the variant, else Python. progress(done, total) is called with units as chunks finish.
    UsageError for arguments the run
    cannot take; the loader's InputError for a spec at fault."""
    settings = _settings(players, partnerships, hands, games, bots, seed, workers, target, cluster)
    progress = _progress(progress)
    opened = _open(spec, settings, "simulate")
    chosen = _target([opened], settings, "simulate")
    run = _run(opened, settings, chosen)
    pairs = frozenset(figures.products(run.shape))
    tally = _play((("", _table(opened, settings, chosen)),), settings.units, pairs, settings.workers,
                  settings.cluster, progress)
    return figures.simulation(run, tally)


def compare(a: str | os.PathLike[str], b: str | os.PathLike[str], *, players: int = 4,
            partnerships: bool | None = None, hands: int | None = None, games: int | None = None,
            bots: Sequence[str | type] = ("random",), seed: int = 1, workers: int | None = None,
            target: Target | None = None, cluster: str | None = None,
            progress: Progress | None = None) -> Comparison:
    """simulate() for two variants on the same seeds, unit i of A beside unit i of B, and the
    differences B minus A, each with its paired 95% interval. Both play on one target: the native
    engine when it plays both. The arguments are simulate's."""
    settings = _settings(players, partnerships, hands, games, bots, seed, workers, target, cluster)
    progress = _progress(progress)
    first, second = _open(a, settings, "compare"), _open(b, settings, "compare")
    chosen = _target([first, second], settings, "compare")
    run_a, run_b = _run(first, settings, chosen), _run(second, settings, chosen)
    pairs = frozenset(figures.joint_products(run_a.shape, run_b.shape))
    tables = (("a:", _table(first, settings, chosen)), ("b:", _table(second, settings, chosen)))
    tally = _play(tables, settings.units, pairs, settings.workers, settings.cluster, progress)
    same_deals = (first.engine.MAX_PIP == second.engine.MAX_PIP
                  and first.engine.DEAL[settings.players] == second.engine.DEAL[settings.players])
    return figures.comparison(run_a, run_b, tally, same_deals)
