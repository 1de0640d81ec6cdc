"""The `dominospec` command line. Exit codes: 0 ok, 1 the input is wrong, 2 usage or a file that cannot be read.

Each command imports what it needs when it runs: `check` and `fmt` never load jinja2 (engines) or
Hypothesis (build orders), so that they start quickly.
"""

from __future__ import annotations

import argparse
import difflib
import functools
import json
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .console import guard_standard_streams, progress, report_lost_output, show
from .language import ir
from .language.diagnostics import Diagnostic, InputError, Problems, UsageError, nearest, printable
from .language.loader import load, load_variant, read_source
from .language.textfile import StandardInput, input_path
from .language.writing import check_file, check_folder, write_file, write_files
from .targets import DEFAULT, TARGETS

if TYPE_CHECKING:
    from .engine_api import Engine, VariantEngine
    from .simulation.figures import Comparison, Simulation

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


def load_each(paths: list[Path], use: Callable[[Path, ir.Variant | ir.MatchFormat], None]) -> int:
    """Load every spec, passing each valid one to `use` and reporting the problems of the rest; a file
    that cannot be read does not stop the others. Exit code: the worst of the files' (0, 1 or 2)."""
    code = EXIT_OK
    for path in paths:
        try:
            spec = load(path)
        except Problems as err:
            report_problems(err)
            code = max(code, err.exit_code)
            continue
        use(path, spec)
    return code


def report_problems(err: Problems) -> None:
    show(err.render(), sys.stderr)


def cmd_check(args: argparse.Namespace) -> int:
    if args.json:
        return check_json(args.files)
    valid: list[Path] = []

    def ok(path: Path, spec: ir.Variant | ir.MatchFormat) -> None:
        valid.append(path)
        if args.verbosity >= 0:
            show(printable(f"{path}: ok ({spec.name})"))

    code = load_each(args.files, ok)
    if args.verbosity != 0:
        invalid = len(args.files) - len(valid)
        show(f"{count(len(args.files), 'spec')} checked: {len(valid)} valid, {invalid} not")
    return code


def check_json(paths: list[Path]) -> int:
    files, code = [], EXIT_OK
    for path in paths:
        problems: list[Diagnostic] = []
        try:
            load(path)
        except Problems as err:
            problems = err.diagnostics
            code = max(code, err.exit_code)
        files.append({"file": str(path), "problems": [problem.to_json() for problem in problems]})
    print(json.dumps(files, ensure_ascii=False, indent=2))
    return code


def count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cmd_fmt(args: argparse.Namespace) -> int:
    from .language.printer import format_spec

    if args.write and any(isinstance(path, StandardInput) for path in args.files):
        raise UsageError([Diagnostic("--write rewrites files in place; standard input has no file to write", None)])
    changed: list[Path] = []
    printed: list[Path] = []

    def format_one(path: Path, spec: ir.Variant | ir.MatchFormat) -> None:
        formatted = format_spec(spec)
        if not (args.check or args.diff or args.write):
            if len(args.files) > 1:  # which spec is which, as `head` shows several files
                sys.stdout.write(f"{chr(10) if printed else ''}==> {printable(str(path))} <==\n")
            printed.append(path)
            sys.stdout.write(formatted)
            return
        current = read_source(path)  # standard input is read once; this is the text load() read
        if current == formatted:
            return
        changed.append(path)
        if args.diff:
            sys.stdout.writelines(difflib.unified_diff(current.splitlines(keepends=True),
                                                       formatted.splitlines(keepends=True),
                                                       printable(str(path)), printable(f"{path} (formatted)")))
        if args.write:
            write_file(path, formatted)
            if args.verbosity >= 0:
                show(printable(f"reformatted {path}"), sys.stderr)
        elif args.check and args.verbosity >= 0:
            show(printable(f"would reformat {path}"), sys.stderr)

    code = load_each(args.files, format_one)
    if args.check and changed:
        code = max(code, EXIT_INPUT)
    return code


def cmd_compile(args: argparse.Namespace) -> int:
    from .targets.codegen import generate  # jinja2: only the commands that build engines pay for it

    target = TARGETS[args.target]
    specs: list[Path] = args.specs or sorted(Path("spec").glob("*.rules"))
    if not specs:
        print("dominospec: error: no SPEC given and no spec/*.rules here", file=sys.stderr)
        return EXIT_USAGE
    if not args.check:
        check_folder(args.output)
    stale: list[Path] = []
    refused: list[Path] = []
    made_by: dict[str, Path] = {}  # file written -> the spec that made it, in this run

    def refuse(path: Path, message: str, hint: str) -> None:
        refused.append(path)
        print(Diagnostic(message, None, hint, file=str(path)).render(), file=sys.stderr)

    def write_or_compare(path: Path, spec: ir.Variant | ir.MatchFormat) -> None:
        try:
            name = target.file_name(path)
        except InputError as err:
            refused.append(path)
            print(err.render(), file=sys.stderr)
            return
        written = args.output / name
        if name in made_by and made_by[name].resolve() != path.resolve():
            refuse(path, f"this spec and {made_by[name]} would both be compiled to {written}",
                   "rename one of the two files")
            return
        made_by[name] = path
        source = generate(spec, path.name, target)
        header = source.partition("\n")[0]
        files: dict[Path, str | bytes] = {written: source}
        if target.companions is not None:  # beside the module (its WebAssembly, say): built, not rendered
            stem = name.removesuffix(target.suffix)
            made = target.companions(spec, path.name)
            files.update((args.output / (stem + suffix), data) for suffix, data in made.items())
        if not args.check:
            for file, data in files.items():
                current_header = _first_line(file) if isinstance(data, str) else None
                if current_header is not None and current_header != header:
                    refuse(path, f"{file} was not made from a spec named {path.name}; compiling would overwrite it",
                           "rename the spec, compile into another folder with -o DIR, or delete that file")
                    return
            write_files(files)
            print(printable(f"{path} -> {', '.join(map(str, files))}"))
            return
        for file, data in files.items():
            current = _contents(file, bytes if isinstance(data, bytes) else str)
            if current != data:
                stale.append(file)
                state = "missing" if current is None else "out of date"
                print(printable(f"{file}: {state} (from {path})"), file=sys.stderr)

    code = load_each(specs, write_or_compare)
    orphans: list[Path] = []
    if args.check and not args.specs:  # the whole of spec/: a module no spec makes any more is stale too
        made = set(made_by) | {"__init__.py"}
        orphans = sorted(p for p in args.output.glob(f"*{target.suffix}") if p.name not in made)
        for orphan in orphans:
            print(printable(f"{orphan}: no spec in spec/ produces it; delete it"), file=sys.stderr)
    if stale:
        chosen = [] if target is DEFAULT else ["--target", target.name]
        command = ["dominospec", "compile", *chosen, *map(str, args.specs), "-o", str(args.output)]
        print(f"run: {shlex.join(command)}", file=sys.stderr)
    return max(code, EXIT_INPUT) if stale or orphans or refused else code


def _contents(path: Path, kind: type[str] | type[bytes]) -> str | bytes | None:
    """A file that is there, as text or as bytes; None where there is no such file."""
    if not path.is_file():
        return None
    return path.read_bytes() if kind is bytes else path.read_text(encoding="utf-8", errors="replace")


def _first_line(path: Path) -> str | None:
    """The first line of a file that is there (its header, for a module dominospec wrote), else None."""
    if not path.is_file():
        return None
    with path.open("rb") as file:
        return file.readline(1000).decode("utf-8", errors="replace").rstrip("\r\n")


def load_engine(spec: ir.Variant | ir.MatchFormat, path: Path) -> Engine:
    """The spec's engine, generated in memory and typed by the kind it says it is."""
    from .engine_api import engine_of
    from .targets.engines import load_engine as load_module
    return engine_of(load_module(spec, path))


def load_variant_engine(path: Path, command: str) -> VariantEngine:
    """The engine of the variant spec at path; UsageError for a match format."""
    from .engine_api import as_variant
    engine = as_variant(load_engine(load_variant(path, command), path))
    assert engine is not None  # a variant's spec makes a variant's engine
    return engine


def cmd_replay(args: argparse.Namespace) -> int:
    from .play.replay import ReplayResult, board_for, describe, error_position, read_record, replay
    run: Callable[[dict[str, object]], ReplayResult]
    if args.target == "c":
        if args.board:
            raise UsageError([Diagnostic("--board draws the pegs of the replay's events, which --target c "
                                         "does not keep; leave out --board or --target c", None)])
        from . import native
        run = native.load(args.spec, "replay").replay
    elif args.target == "js":
        from .engine_api import as_variant
        from .targets.js.replay import JsReplayer
        variant = load_variant(args.spec, "replay")
        found = as_variant(load_engine(variant, args.spec))
        assert found is not None  # a variant's spec makes a variant's engine
        engine = found
        run = JsReplayer(variant, args.spec, engine).replay
    else:
        engine = load_variant_engine(args.spec, "replay")
        run = functools.partial(replay, engine)
    try:
        record, text = read_record(args.record)
    except InputError as err:
        if args.json:  # nothing was replayed
            print(json.dumps({"events": [], "scores": [], "winners": [], "error": err.diagnostics[0].headline()}))
        raise
    with progress(printable(f"replaying {args.record}")):
        result = run(record)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        if args.verbosity >= 0:
            for event in result.events:
                print(describe(event))
        if args.board and result.events:
            print(board_for(engine, result))
        if result.error is None:
            print(f"final scores: {result.scores}")
            print(f"winners: {', '.join(f'side {s}' for s in result.winners) if result.winners else 'none yet'}")
        elif result.events:  # the scores up to the move in error; none when it stopped before the first
            print(f"scores before the error: {result.scores}")
    if result.error:
        at = error_position(result.error, text)  # the record's line of the move, hand or game at fault
        report_problems(InputError([Diagnostic(result.error, at, file=str(args.record))], text))
    return EXIT_INPUT if result.error else EXIT_OK


def _orders(text: str) -> int:
    if not text.isdigit() or int(text) > 10_000:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 10000, not {text!r}")
    return int(text)


def cmd_verify(args: argparse.Namespace) -> int:
    from .documents.document import load_document
    from .documents.language_pack import choose, language_packs
    from .verifying.report import human, json_text
    from .verifying.verify import Report, verify_document
    packs = language_packs(args.lang_pack)
    forced = choose(packs, args.lang)
    spec = load(args.spec)
    engine = load_engine(spec, args.spec)
    reports: list[Report] = []
    code = EXIT_OK
    for path in args.documents:
        try:
            document = load_document(path, packs, forced)
            orders = f" in {count(args.orders, 'build order')} each" if args.orders else ""
            with progress(printable(f"verifying {path}{orders}")):
                reports.append(verify_document(document, engine, args.orders, spec, args.strict))
        except Problems as err:
            report_problems(err)
            code = max(code, err.exit_code)
            continue
        if not document.examples:
            show(Diagnostic(f"no worked example or table found (language {document.pack.code})", None,
                            severity="warning", file=str(path)).render(), sys.stderr)
    if args.json:
        print(json_text(reports))
    else:
        show(human(reports, stopped=len(args.documents) - len(reports), verbosity=args.verbosity))
    if any(report.fails for report in reports):
        code = max(code, EXIT_INPUT)
    return code


def cmd_example(args: argparse.Namespace) -> int:
    from .book.pictures import layout_picture, legend_for
    from .documents.example_writer import example_block, layout_from_steps, steps_from_file
    from .documents.language_pack import language_packs, pack_for
    try:
        pack = pack_for(language_packs(args.lang_pack), args.lang)
        engine = load_variant_engine(args.spec, "example")
        steps: list[str] = []
        for argument in args.placements:
            steps.extend(steps_from_file(input_path(argument[1:])) if argument.startswith("@") else [argument])
        layout = layout_from_steps(engine, steps)
        block = example_block(engine, layout, pack)
        if args.svg is not None:
            write_file(args.svg, layout_picture(engine, layout, legend_for(pack), block[0]))
    except Problems as err:
        if not args.json:
            raise
        print(json.dumps({"lines": [], "problems": [d.to_json() for d in err.diagnostics]}, ensure_ascii=False))
        return err.exit_code
    if args.json:
        print(json.dumps({"lines": block, "problems": []}, ensure_ascii=False))
    else:
        print(("\n\n" if args.markdown else "\n").join(block))
    return EXIT_OK


def cmd_book(args: argparse.Namespace) -> int:
    from .book.html import book_html
    from .book.markdown import book_markdown
    from .book.writer import BookError, write_book
    from .documents.language_pack import language_packs, pack_for
    from .language.loader import load
    pack = pack_for(language_packs(args.lang_pack), args.lang)
    kind = args.format or ("html" if args.output is not None and args.output.suffix.lower() in (".html", ".htm")
                           else "md")
    if args.output is not None:
        check_file(args.output)
    spec = load(args.spec)
    try:
        book = write_book(spec, load_engine(spec, args.spec), pack)
    except BookError as err:
        raise UsageError([Diagnostic(str(err), None, hint="choose another language with --lang")]) from None
    files: dict[str, str] = {}
    if kind == "html":
        text = book_html(book)
    else:
        stem = None if args.output is None else args.output.name.removesuffix(args.output.suffix)
        text, files = book_markdown(book, stem)
    if args.output is None:
        if kind == "md":
            show("the pictures are written only beside a book file: give -o FILE.md", sys.stderr)
        sys.stdout.write(text)
        return EXIT_OK
    write_files({**{args.output.parent / name: svg for name, svg in files.items()}, args.output: text})
    show(printable(f"book written to {args.output}") + (f" with {count(len(files), 'picture')}" if files else ""),
         sys.stderr)
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    from .book.table import table_html
    if args.output is not None:
        check_file(args.output)
    text = table_html(args.spec, args.lang, args.lang_pack or [])
    if args.output is not None:
        write_file(args.output, text)
        show(printable(f"table written to {args.output}"), sys.stderr)
        return EXIT_OK
    import tempfile
    import webbrowser
    handle, name = tempfile.mkstemp(prefix="dominospec-table-", suffix=".html")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
    opened = webbrowser.open(Path(name).as_uri())
    show(printable(f"table written to {name}" + ("" if opened else "; open it in a browser")), sys.stderr)
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulation.run import simulate
    return analyse(args, functools.partial(simulate, args.spec), printable(f"simulating {args.spec}"))


def cmd_compare(args: argparse.Namespace) -> int:
    from .simulation.run import compare
    return analyse(args, functools.partial(compare, args.a, args.b), printable(f"comparing {args.a} and {args.b}"))


def analyse(args: argparse.Namespace, play: Callable[..., Simulation | Comparison], what: str) -> int:
    """Play a simulation or a comparison with the options both take, and show it: tables or JSON on
    stdout, the progress bar on a terminal's stderr, and the report where one is asked for."""
    from .simulation.figures import Comparison
    from .simulation.terminal import print_comparison, print_simulation, progress_bar
    report = _report_writer(args.report)
    with progress_bar(what) as advance:
        result = play(players=args.players, partnerships=args.partnerships, hands=args.hands, games=args.games,
                      bots=args.bots, seed=args.seed, workers=args.workers, target=args.target,
                      cluster=args.cluster, progress=advance)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    elif isinstance(result, Comparison):
        print_comparison(result)
    else:
        print_simulation(result)
    if report is not None:
        report(result)
    return EXIT_OK


def _report_writer(path: Path | None) -> Callable[[Simulation | Comparison], None] | None:
    """The writer of --report FILE, made before the simulation runs, so that a missing plotting library
    or a missing folder is said at once, not after the games."""
    if path is None:
        return None
    from .simulation.report import require_plotting, write_report
    require_plotting()
    check_file(path)

    def write(result: Simulation | Comparison) -> None:
        write_report(result, path)
        show(printable(f"report written to {path}"), sys.stderr)

    return write


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number above 0, not {text!r}")
    return int(text)


def _seed(text: str) -> int:
    if not text.isdigit() or int(text) >= 2**64:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 2**64 - 1, not {text!r}")
    return int(text)


def _bots(text: str) -> list[str | type]:
    """--bots: names, or MODULE:CLASS for a bot class of one's own (imported from the Python path); a name
    of the engines' own search bot (ismcts:400) is a name, though it has a colon."""
    import importlib
    bots: list[str | type] = []
    for name in text.split(","):
        name = name.strip()
        if ":" not in name or name.partition(":")[0] == "ismcts":
            bots.append(name)
            continue
        module_name, _, class_name = name.partition(":")
        import_from_current_folder()
        try:
            found = getattr(importlib.import_module(module_name), class_name)
        except ImportError as err:
            meant = " (did you mean the search bot, ismcts:N?)" if nearest(module_name, ("ismcts",)) else ""
            raise argparse.ArgumentTypeError(f"cannot import the bot module {module_name!r} (from the current "
                                             f"folder or the Python path): {err}{meant}") from None
        except AttributeError:
            raise argparse.ArgumentTypeError(f"the module {module_name!r} has no {class_name!r}") from None
        if not isinstance(found, type):
            raise argparse.ArgumentTypeError(f"{name} is not a class, so it cannot be a bot")
        bots.append(found)
    return bots


def import_from_current_folder() -> None:
    """Put the current folder first on the import path, as `python -m` and `python -c` do, so that
    `--bots mybots:Heaviest` finds mybots.py here from the installed command too (whose path starts at
    the folder the command is installed in). It stays: worker processes are started with this path."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)


def simulation_options() -> Parser:
    """The options simulate and compare share."""
    options = Parser(add_help=False)
    options.add_argument("--players", type=_count, default=4, metavar="N", help="the players at the table (default: 4)")
    options.add_argument("--partnerships", action=argparse.BooleanOptionalAction, default=None,
                         help="play in partnerships, or not (default: as the variant plays at this table)")
    units = options.add_mutually_exclusive_group()
    units.add_argument("--hands", type=_count, metavar="N",
                       help="play N independent hands, each dealt afresh from scores of 0 (default: 10000)")
    units.add_argument("--games", type=_count, metavar="N",
                       help="play N whole games to the target (whole matches for a variant with match rules)")
    options.add_argument("--bots", type=_bots, default=["random"], metavar="LIST",
                         help="the seats' bots, one for every seat or one per seat: random, greedy, expert, "
                              "ismcts:N (N iterations a move), ismcts:Nms (N milliseconds a move), or "
                              "MODULE:CLASS for a class of one's own with the engines' choose(game) "
                              "(default: random)")
    options.add_argument("--seed", type=_seed, default=1, metavar="S",
                         help="unit i is played from the seed made of S and i (default: 1)")
    options.add_argument("--workers", type=_count, metavar="N",
                         help="processes to play in (default: one per CPU); the figures do not depend on it")
    options.add_argument("--target", choices=("python", "c"),
                         help="the engines: c, the native engine (default where a C compiler is found), or python")
    options.add_argument("--cluster", metavar="ADDRESS",
                         help="play on a Dask distributed cluster, such as tcp://10.0.0.5:8786 "
                              "(pip install dominospec[cluster])")
    options.add_argument("--json", action="store_true", help="print one JSON object (its schema: docs/simulation.md)")
    options.add_argument("--report", type=Path, metavar="FILE.html",
                         help="also write a self-contained HTML page with the figures and their plots "
                              "(pip install dominospec[report])")
    return options


SPEC_HELP = "a spec, such as spec/fives_and_threes.rules"
VARIANT_HELP = "a variant's spec, such as spec/fives_and_threes.rules"
STDIN_HELP = "; - reads standard input"


def verbosity_options(verbose: bool) -> Parser:
    """-q, and -v where there is more to say, for the commands that report: args.verbosity -1, 0 or 1."""
    options = Parser(add_help=False)
    chosen = options.add_mutually_exclusive_group()
    chosen.add_argument("-q", "--quiet", dest="verbosity", action="store_const", const=-1, default=0,
                        help="print the summary only")
    if verbose:
        chosen.add_argument("-v", "--verbose", dest="verbosity", action="store_const", const=1,
                            help="also print a summary of each file")
    return options


class VersionAction(argparse.Action):
    """--version: the installed distribution's version, looked up only when asked for (importlib.metadata
    costs every other run a noticeable part of its start-up)."""

    def __init__(self, option_strings: list[str], dest: str) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0,
                         help="print the version of dominospec and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from importlib.metadata import version
        print(f"{parser.prog} {version('dominospec')}")
        parser.exit()


class Parser(argparse.ArgumentParser):
    """argparse, with an unknown option reported by the command it was given to (its usage, and the
    option it may have meant) and the arguments echoed as written, their control characters escaped."""

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras and self._subparsers is None:
            self.error(unrecognized(extras, self))
        return parsed, extras

    def _check_value(self, action: argparse.Action, value: object) -> None:
        """A value outside an argument's choices (a command, --target, --format) with the one it may mean."""
        choices = action.choices
        if isinstance(value, str) and isinstance(choices, dict | list | tuple) and value not in choices:
            meant = nearest(value, map(str, choices))
            if meant is not None:
                listed = ", ".join(map(repr, choices))
                raise argparse.ArgumentError(action, f"invalid choice: {value!r} (did you mean {meant!r}? "
                                                     f"choose from {listed})")
        super()._check_value(action, value)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {printable(message)}\n")


def unrecognized(extras: list[str], parser: argparse.ArgumentParser) -> str:
    """argparse's words for arguments no option takes, and the option the first unknown one is nearest."""
    message = f"unrecognized arguments: {' '.join(extras)}"
    known = [option for action in parser._actions for option in action.option_strings]
    for extra in extras:
        if extra.startswith("-") and len(extra) > 1:
            meant = nearest(extra.partition("=")[0], known)
            return message + (f" (did you mean {meant}?)" if meant else "")
    return message


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="dominospec",
                                     description="Rules compiler and verifier for Fives-family dominoes.")
    parser.add_argument("--version", action=VersionAction)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    quiet, verbosity = verbosity_options(verbose=False), verbosity_options(verbose=True)

    check_cmd = commands.add_parser("check", parents=[verbosity], help="validate specs and report every problem")
    check_cmd.add_argument("files", nargs="+", type=input_path, metavar="FILE", help=SPEC_HELP + STDIN_HELP)
    check_cmd.add_argument("--json", action="store_true",
                           help="print the problems as JSON: a list with one object per file")
    check_cmd.set_defaults(run=cmd_check)

    fmt_cmd = commands.add_parser("fmt", parents=[quiet], help="print specs in canonical form")
    fmt_cmd.add_argument("files", nargs="+", type=input_path, metavar="FILE", help=SPEC_HELP + STDIN_HELP)
    fmt_cmd.add_argument("--check", action="store_true",
                         help="write nothing; exit 1 if a spec is not in canonical form")
    fmt_cmd.add_argument("--diff", action="store_true", help="print what would change, as a unified diff")
    fmt_cmd.add_argument("--write", action="store_true", help="rewrite each spec in place in canonical form")
    fmt_cmd.set_defaults(run=cmd_fmt)

    compile_cmd = commands.add_parser("compile", help="generate one engine module per spec")
    compile_cmd.add_argument("specs", nargs="*", type=Path, metavar="SPEC",
                             help="the specs to compile, such as spec/horse_race.rules (default: every spec/*.rules)")
    compile_cmd.add_argument("-o", "--output", type=Path, default=Path("generated"), metavar="DIR",
                             help="where the modules go (default: generated/)")
    compile_cmd.add_argument("--target", choices=sorted(TARGETS), default=DEFAULT.name,
                             help=f"the language of the modules (default: {DEFAULT.name}); js writes an ES module "
                                  "with its WebAssembly (.wasm) and types (.d.ts), built by Zig's C compiler: "
                                  "pip install 'dominospec[web]'")
    compile_cmd.add_argument("--check", action="store_true",
                             help="write nothing; exit 1 if a committed module differs from what its spec produces")
    compile_cmd.set_defaults(run=cmd_compile)

    replay_cmd = commands.add_parser("replay", parents=[quiet],
                                     help="replay a recorded match and print its events and scores")
    replay_cmd.add_argument("spec", type=Path, metavar="SPEC", help=VARIANT_HELP)
    replay_cmd.add_argument("record", type=input_path, metavar="RECORD.json",
                            help="a recorded game or match, such as examples/fives_and_threes.match.json" + STDIN_HELP)
    replay_cmd.add_argument("--json", action="store_true", help="print one JSON object: events, scores, winners, error")
    replay_cmd.add_argument("--board", action="store_true",
                            help="also draw the cribbage board with both pegs of every side at the end")
    replay_cmd.add_argument("--target", choices=("python", "c", "js"), default="python",
                            help="the engine that replays: python (default); c, the native engine built "
                                 "with the system C compiler, which prints no events; or js, the JavaScript "
                                 "engine (its WebAssembly) run in node, which replays one game, not a match")
    replay_cmd.set_defaults(run=cmd_replay)

    verify_cmd = commands.add_parser("verify", parents=[verbosity],
                                     help="check the worked examples and tables of rule documents")
    verify_cmd.add_argument("spec", type=Path, metavar="SPEC", help=SPEC_HELP)
    verify_cmd.add_argument("documents", nargs="+", type=input_path, metavar="DOC",
                            help="a rule document, such as examples/fives_and_threes.en.md" + STDIN_HELP)
    verify_cmd.add_argument("--lang", metavar="L", help="the documents' language (default: detected from the text)")
    verify_cmd.add_argument("--lang-pack", type=Path, action="append", metavar="FILE",
                            help="load a language pack that is not shipped (may be repeated)")
    verify_cmd.add_argument("--json", action="store_true", help="print a JSON list, one object per document")
    verify_cmd.add_argument("--strict", action="store_true",
                            help="fail a document with a number that nothing the verifier reads checks")
    verify_cmd.add_argument("--orders", type=_orders, default=0, metavar="N",
                            help="also rebuild each passing layout example in N random build orders (default: 0)")
    verify_cmd.set_defaults(run=cmd_verify)

    example_cmd = commands.add_parser("example", help="write the worked-example block of a layout")
    example_cmd.add_argument("spec", type=Path, metavar="SPEC", help=VARIANT_HELP)
    example_cmd.add_argument("placements", nargs="+", metavar="PLACEMENT",
                             help="TILE for the lead, then TILE:ON:PORT (or TILE when it fits one port only), "
                                  "such as [1|4] [1|1]:[1|4]:low; or "
                                  '@FILE.json holding placements as [["[1|4]"], ["[1|1]", "[1|4]", "low"], ...] '
                                  "(@- reads them from standard input); the last tile placed is the example's "
                                  "placed tile")
    example_cmd.add_argument("--lang", default="en", metavar="L", help="the language to write in (default: en)")
    example_cmd.add_argument("--lang-pack", type=Path, action="append", metavar="FILE",
                             help="load a language pack that is not shipped (may be repeated)")
    example_cmd.add_argument("--markdown", action="store_true",
                             help="separate the three lines by blank lines, so Markdown shows them as paragraphs")
    example_cmd.add_argument("--json", action="store_true", help="print one JSON object: the block's lines, problems")
    example_cmd.add_argument("--svg", type=Path, metavar="FILE",
                             help="also write the layout's picture to FILE as SVG, in the language's words")
    example_cmd.set_defaults(run=cmd_example)

    book_cmd = commands.add_parser("book", help="write the rule book of a variant or a match format")
    book_cmd.add_argument("spec", type=Path, metavar="SPEC", help=SPEC_HELP)
    book_cmd.add_argument("--lang", default="en", metavar="L", help="the language to write in (default: en)")
    book_cmd.add_argument("--lang-pack", type=Path, action="append", metavar="FILE",
                          help="load a language pack that is not shipped (may be repeated)")
    book_cmd.add_argument("--format", choices=("md", "html"),
                          help="Markdown with SVG pictures beside it, or one self-contained HTML page "
                               "(default: html for -o FILE.html, else md)")
    book_cmd.add_argument("-o", "--output", type=Path, metavar="FILE",
                          help="where the book goes (default: standard output); a Markdown book's pictures "
                               "are written beside it as FILE-STEM.TOPIC.svg")
    book_cmd.set_defaults(run=cmd_book)

    play_cmd = commands.add_parser("play", help="write a variant's table as one HTML page and play it in the browser")
    play_cmd.add_argument("spec", type=Path, metavar="SPEC", help=VARIANT_HELP)
    play_cmd.add_argument("--lang", default="en", metavar="L", help="the language of the page (default: en)")
    play_cmd.add_argument("--lang-pack", type=Path, action="append", metavar="FILE",
                          help="load a language pack that is not shipped (may be repeated)")
    play_cmd.add_argument("-o", "--output", type=Path, metavar="FILE",
                          help="where the page goes (default: a temporary file, opened in the browser)")
    play_cmd.set_defaults(run=cmd_play)

    simulation = simulation_options()
    simulate_cmd = commands.add_parser("simulate", parents=[simulation],
                                       help="play seeded hands, games or matches and report their figures")
    simulate_cmd.add_argument("spec", type=Path, metavar="SPEC", help=VARIANT_HELP)
    simulate_cmd.set_defaults(run=cmd_simulate)

    compare_cmd = commands.add_parser("compare", parents=[simulation],
                                      help="play two variants on the same seeds and report their differences")
    compare_cmd.add_argument("a", type=Path, metavar="A", help=VARIANT_HELP)
    compare_cmd.add_argument("b", type=Path, metavar="B", help="the variant to compare A with, such as "
                                                                     "examples/family/fives_and_threes_teesdale.rules")
    compare_cmd.set_defaults(run=cmd_compare)
    return parser


EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it


def main(argv: list[str] | None = None) -> int:
    out, err = guard_standard_streams()
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "write", False) and (args.check or args.diff):
            raise UsageError([Diagnostic("fmt --write rewrites the files; give it without --check or --diff", None)])
        run: Callable[[argparse.Namespace], int] = args.run
        code = run(args)
    except Problems as problems:
        report_problems(problems)
        code = problems.exit_code
    except KeyboardInterrupt:
        show("interrupted", sys.stderr)
        code = EXIT_INTERRUPTED
    except SystemExit as done:  # argparse: --help, --version, a usage error
        code = done.code if isinstance(done.code, int) else EXIT_USAGE
    report_lost_output(out, err)
    return code


if __name__ == "__main__":
    sys.exit(main())
