"""The `dominospec` command line. Exit codes: 0 ok, 1 the input is wrong, 2 usage or a file that cannot be read.

Each command imports what it needs when it runs: `check` and `fmt` never load jinja2 (engines) or
Hypothesis (build orders), so that they start quickly.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from . import ir
from .diagnostics import Diagnostic, InputError, Problems, UsageError
from .loader import load
from .targets import DEFAULT, TARGETS

if TYPE_CHECKING:
    from .engine_api import Engine, VariantEngine

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


def load_each(paths: list[Path], use: Callable[[Path, ir.Variant | ir.MatchFormat], None]) -> int:
    """Load every spec, passing each valid one to `use` and reporting the problems of the rest; a file
    that cannot be read does not stop the others. Exit code: the worst of the files' (0, 1 or 2)."""
    code = EXIT_OK
    for path in paths:
        try:
            spec = load(path)
        except Problems as err:
            print(err.render(), file=sys.stderr)
            code = max(code, err.exit_code)
            continue
        use(path, spec)
    return code


def cmd_check(args: argparse.Namespace) -> int:
    if not args.json:
        return load_each(args.files, lambda path, spec: print(f"{path}: ok ({spec.name})"))
    files, code = [], EXIT_OK
    for path in args.files:
        problems: list[Diagnostic] = []
        try:
            load(path)
        except Problems as err:
            problems = err.diagnostics
            code = max(code, err.exit_code)
        files.append({"file": str(path), "problems": [problem.to_json() for problem in problems]})
    print(json.dumps(files, ensure_ascii=False, indent=2))
    return code


def cmd_fmt(args: argparse.Namespace) -> int:
    from .printer import format_spec

    def print_spec(path: Path, spec: ir.Variant | ir.MatchFormat) -> None:
        sys.stdout.write(format_spec(spec))

    return load_each(args.files, print_spec)


def cmd_compile(args: argparse.Namespace) -> int:
    from .codegen import generate  # jinja2: only the commands that build engines pay for it

    target = TARGETS[args.target]
    specs: list[Path] = args.specs or sorted(Path("spec").glob("*.rules"))
    if not specs:
        print("dominospec: error: no SPEC given and no spec/*.rules here", file=sys.stderr)
        return EXIT_USAGE
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
        current_header = _first_line(written)
        if not args.check:
            if current_header is not None and current_header != header:
                refuse(path, f"{written} was not made from a spec named {path.name}; compiling would overwrite it",
                       "rename the spec, compile into another folder with -o DIR, or delete that file")
                return
            args.output.mkdir(parents=True, exist_ok=True)
            written.write_text(source, encoding="utf-8")
            print(f"{path} -> {written}")
            return
        current = written.read_text(encoding="utf-8", errors="replace") if current_header is not None else None
        if current != source:
            stale.append(written)
            print(f"{written}: {'missing' if current is None else 'out of date'} (from {path})", file=sys.stderr)

    code = load_each(specs, write_or_compare)
    orphans: list[Path] = []
    if args.check and not args.specs:  # the whole of spec/: a module no spec makes any more is stale too
        made = set(made_by) | {"__init__.py"}
        orphans = sorted(p for p in args.output.glob(f"*{target.suffix}") if p.name not in made)
        for orphan in orphans:
            print(f"{orphan}: no spec in spec/ produces it; delete it", file=sys.stderr)
    if stale:
        chosen = [] if target is DEFAULT else ["--target", target.name]
        command = ["dominospec", "compile", *chosen, *map(str, args.specs), "-o", str(args.output)]
        print(f"run: {shlex.join(command)}", file=sys.stderr)
    return max(code, EXIT_INPUT) if stale or orphans or refused else code


def _first_line(path: Path) -> str | None:
    """The first line of a file that is there (its header, for a module dominospec wrote), else None."""
    if not path.is_file():
        return None
    with path.open("rb") as file:
        return file.readline(1000).decode("utf-8", errors="replace").rstrip("\r\n")


def load_engine(spec: ir.Variant | ir.MatchFormat, path: Path) -> Engine:
    """The spec's engine, generated in memory and typed by the kind it says it is."""
    from .engine_api import engine_of
    from .engines import load_engine as load_module
    return engine_of(load_module(spec, path))


def load_variant_engine(path: Path, command: str) -> VariantEngine:
    """The engine of the variant spec at path; UsageError for a match format."""
    from .engine_api import as_variant
    spec = load(path)
    engine = as_variant(load_engine(spec, path)) if isinstance(spec, ir.Variant) else None
    if engine is None:
        raise UsageError([Diagnostic(f"{path} is a match format; {command} needs a variant's spec", None)])
    return engine


def cmd_replay(args: argparse.Namespace) -> int:
    from .replay import board_for, describe, read_record, replay
    engine = load_variant_engine(args.spec, "replay")
    try:
        record = read_record(args.record)
    except InputError as err:
        if args.json:  # nothing was replayed
            print(json.dumps({"events": [], "scores": [], "winners": [], "error": err.diagnostics[0].headline()}))
        raise
    result = replay(engine, record)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        for event in result.events:
            print(describe(event))
        if args.board and result.events:
            print(board_for(engine, result))
        print(f"final scores: {result.scores}")
        print(f"winners: {', '.join(f'side {s}' for s in result.winners) if result.winners else 'none yet'}")
    if result.error:
        print(Diagnostic(result.error, None, file=str(args.record)).render(), file=sys.stderr)
    return EXIT_INPUT if result.error else EXIT_OK


def _orders(text: str) -> int:
    if not text.isdigit() or int(text) > 10_000:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 10000, not {text!r}")
    return int(text)


def cmd_verify(args: argparse.Namespace) -> int:
    from .document import load_document
    from .language_pack import choose, language_packs
    from .report import human, json_text
    from .verify import Report, verify_document
    packs = language_packs(args.lang_pack)
    forced = choose(packs, args.lang)
    engine = load_engine(load(args.spec), args.spec)
    reports: list[Report] = []
    code = EXIT_OK
    for path in args.documents:
        try:
            document = load_document(path, packs, forced)
            reports.append(verify_document(document, engine, args.orders))
        except Problems as err:
            print(err.render(), file=sys.stderr)
            code = max(code, err.exit_code)
            continue
        if not document.examples:
            print(Diagnostic(f"no worked example or table found (language {document.pack.code})", None,
                             severity="warning", file=str(path)).render(), file=sys.stderr)
    print(json_text(reports) if args.json else human(reports))
    if any(report.failed for report in reports):
        code = max(code, EXIT_INPUT)
    return code


def cmd_example(args: argparse.Namespace) -> int:
    from .example_writer import example_block, layout_from_steps, steps_from_file
    from .language_pack import language_packs, pack_for
    pack = pack_for(language_packs(args.lang_pack), args.lang)
    engine = load_variant_engine(args.spec, "example")
    steps: list[str] = []
    for argument in args.placements:
        steps.extend(steps_from_file(Path(argument[1:])) if argument.startswith("@") else [argument])
    block = example_block(engine, layout_from_steps(engine, steps), pack)
    print(("\n\n" if args.markdown else "\n").join(block))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dominospec",
                                     description="Rules compiler and verifier for Fives-family dominoes.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check_cmd = commands.add_parser("check", help="validate specs and report every problem")
    check_cmd.add_argument("files", nargs="+", type=Path, metavar="FILE")
    check_cmd.add_argument("--json", action="store_true",
                           help="print the problems as JSON: a list with one object per file")
    check_cmd.set_defaults(run=cmd_check)

    fmt_cmd = commands.add_parser("fmt", help="print specs in canonical form")
    fmt_cmd.add_argument("files", nargs="+", type=Path, metavar="FILE")
    fmt_cmd.set_defaults(run=cmd_fmt)

    compile_cmd = commands.add_parser("compile", help="generate one engine module per spec")
    compile_cmd.add_argument("specs", nargs="*", type=Path, metavar="SPEC",
                             help="the specs to compile (default: every spec/*.rules)")
    compile_cmd.add_argument("-o", "--output", type=Path, default=Path("generated"), metavar="DIR",
                             help="where the modules go (default: generated/)")
    compile_cmd.add_argument("--target", choices=sorted(TARGETS), default=DEFAULT.name,
                             help=f"the language of the modules (default: {DEFAULT.name})")
    compile_cmd.add_argument("--check", action="store_true",
                             help="write nothing; exit 1 if a committed module differs from what its spec produces")
    compile_cmd.set_defaults(run=cmd_compile)

    replay_cmd = commands.add_parser("replay", help="replay a recorded match and print its events and scores")
    replay_cmd.add_argument("spec", type=Path, metavar="SPEC")
    replay_cmd.add_argument("record", type=Path, metavar="RECORD.json")
    replay_cmd.add_argument("--json", action="store_true", help="print one JSON object: events, scores, winners, error")
    replay_cmd.add_argument("--board", action="store_true",
                            help="also draw the cribbage board with both pegs of every side at the end")
    replay_cmd.set_defaults(run=cmd_replay)

    verify_cmd = commands.add_parser("verify", help="check the worked examples and tables of rule documents")
    verify_cmd.add_argument("spec", type=Path, metavar="SPEC")
    verify_cmd.add_argument("documents", nargs="+", type=Path, metavar="DOC")
    verify_cmd.add_argument("--lang", metavar="L", help="the documents' language (default: detected from the text)")
    verify_cmd.add_argument("--lang-pack", type=Path, action="append", metavar="FILE",
                            help="load a language pack that is not shipped (may be repeated)")
    verify_cmd.add_argument("--json", action="store_true", help="print a JSON list, one object per document")
    verify_cmd.add_argument("--orders", type=_orders, default=0, metavar="N",
                            help="also rebuild each passing layout example in N random build orders (default: 0)")
    verify_cmd.set_defaults(run=cmd_verify)

    example_cmd = commands.add_parser("example", help="write the worked-example block of a layout")
    example_cmd.add_argument("spec", type=Path, metavar="SPEC")
    example_cmd.add_argument("placements", nargs="+", metavar="PLACEMENT",
                             help="TILE for the lead, then TILE:ON:PORT (or TILE when it fits one port only), or "
                                  '@FILE.json holding placements as [["[1|4]"], ["[1|1]", "[1|4]", "low"], ...]; '
                                  "the last tile placed is the example's placed tile")
    example_cmd.add_argument("--lang", default="en", metavar="L", help="the language to write in (default: en)")
    example_cmd.add_argument("--lang-pack", type=Path, action="append", metavar="FILE",
                             help="load a language pack that is not shipped (may be repeated)")
    example_cmd.add_argument("--markdown", action="store_true",
                             help="separate the three lines by blank lines, so Markdown shows them as paragraphs")
    example_cmd.set_defaults(run=cmd_example)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except Problems as err:
        print(err.render(), file=sys.stderr)
        return err.exit_code
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
