"""The `dominospec` command line. Exit codes: 0 ok, 1 the input is wrong, 2 usage or I/O problem."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable

from . import ir
from .checks import check
from .codegen import generate
from .diagnostics import SpecError
from .document import DocumentError, load_document
from .engines import display_path, load_engine
from .example_writer import ExampleError, example_block, layout_from_steps, steps_from_json
from .language_pack import PackError, choose, language_packs
from .parser import parse
from .printer import format_spec
from .replay import RecordError, board_for, describe, parse_record, replay
from .report import human, json_text
from .targets import DEFAULT, TARGETS
from .loader import LoadError, read_source
from .verify import SpecMismatch, verify_document

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


def load_or_report(path: Path) -> ir.Variant | ir.MatchFormat | None:
    """Load a spec, printing its diagnostics to stderr; None when it is not valid."""
    text = None
    try:
        text = read_source(path)
        return check(parse(text))
    except SpecError as err:
        for diagnostic in err.diagnostics:
            print(diagnostic.render(str(path), text), file=sys.stderr)
        return None


def load_each(paths: list[Path], use: Callable[[Path, ir.Variant | ir.MatchFormat], None]) -> int:
    """Load every spec, passing each valid one to `use` and reporting the rest; a file that cannot
    be read does not stop the others. Exit code: 2 if any file could not be read, else 1 if any
    was invalid, else 0."""
    unreadable = invalid = False
    for path in paths:
        try:
            spec = load_or_report(path)
        except LoadError as err:
            print(f"dominospec: error: {err}", file=sys.stderr)
            unreadable = True
            continue
        if spec is None:
            invalid = True
        else:
            use(path, spec)
    return EXIT_USAGE if unreadable else EXIT_INPUT if invalid else EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    return load_each(args.files, lambda path, spec: print(f"{path}: ok ({spec.name})"))


def cmd_fmt(args: argparse.Namespace) -> int:
    return load_each(args.files, lambda path, spec: sys.stdout.write(format_spec(spec)))


def cmd_compile(args: argparse.Namespace) -> int:
    target = TARGETS[args.target]
    specs: list[Path] = args.specs or sorted(Path("spec").glob("*.rules"))
    if not specs:
        print("dominospec: error: no SPEC given and no spec/*.rules here", file=sys.stderr)
        return EXIT_USAGE
    stale: list[Path] = []

    def write_or_compare(path: Path, spec: ir.Variant | ir.MatchFormat) -> None:
        source = generate(spec, display_path(path), target)
        written = args.output / target.file_name(path)
        if not args.check:
            args.output.mkdir(parents=True, exist_ok=True)
            written.write_text(source, encoding="utf-8")
            print(f"{path} -> {written}")
            return
        current = written.read_text(encoding="utf-8") if written.is_file() else None
        if current != source:
            stale.append(written)
            print(f"{written}: {'missing' if current is None else 'out of date'} (from {path})", file=sys.stderr)

    code = load_each(specs, write_or_compare)
    orphans: list[Path] = []
    if args.check and not args.specs:  # the whole of spec/: a module no spec makes any more is stale too
        made = {target.file_name(path) for path in specs} | {"__init__.py"}
        orphans = sorted(p for p in args.output.glob(f"*{target.suffix}") if p.name not in made)
        for orphan in orphans:
            print(f"{orphan}: no spec in spec/ produces it; delete it", file=sys.stderr)
    if stale:
        named = "".join(f"{p} " for p in args.specs)
        chosen = "" if target is DEFAULT else f"--target {target.name} "
        print(f"run: dominospec compile {chosen}{named}-o {args.output}", file=sys.stderr)
    return max(code, EXIT_INPUT) if stale or orphans else code


def _not_a_variant(path: Path, spec: ir.MatchFormat | None, command: str) -> int:
    """Exit code for a spec a variant's command cannot use: invalid (1) or a match format (2)."""
    if spec is None:
        return EXIT_INPUT
    print(f"dominospec: error: {path} is a match format; {command} needs a variant's spec", file=sys.stderr)
    return EXIT_USAGE


def cmd_replay(args: argparse.Namespace) -> int:
    variant = load_or_report(args.spec)
    if not isinstance(variant, ir.Variant):
        return _not_a_variant(args.spec, variant, "replay")
    try:
        text = args.record.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise LoadError(f"{args.record}: cannot read: {getattr(err, 'strerror', None) or err}") from None
    engine = load_engine(variant, args.spec)
    try:
        result = replay(engine, parse_record(text))
    except RecordError as err:  # not even a JSON object: nothing was replayed
        message = f"{args.record}:{err.where}: {err}" if err.where else f"{args.record}: {err}"
        if args.json:
            print(json.dumps({"events": [], "scores": [], "winners": [], "error": message}))
        else:
            print(message, file=sys.stderr)
        return EXIT_INPUT
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
            print(f"{args.record}: error: {result.error}", file=sys.stderr)
    return EXIT_INPUT if result.error else EXIT_OK


def _orders(text: str) -> int:
    if not text.isdigit() or int(text) > 10_000:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 10000, not {text!r}")
    return int(text)


def cmd_verify(args: argparse.Namespace) -> int:
    try:
        packs = language_packs(args.lang_pack)
        forced = choose(packs, args.lang)
    except PackError as err:
        print(f"dominospec: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    variant = load_or_report(args.spec)
    if variant is None:
        return EXIT_INPUT
    engine = load_engine(variant, args.spec)
    reports, code = [], EXIT_OK
    for path in args.documents:
        try:
            document = load_document(path, packs, forced)
            reports.append(verify_document(document, engine, args.orders))
        except (DocumentError, SpecMismatch) as err:
            print(f"dominospec: error: {err}", file=sys.stderr)
            code = EXIT_USAGE
            continue
        if not document.examples:
            print(f"{path}: warning: no worked example or table found (language {document.pack.code})", file=sys.stderr)
    print(json_text(reports) if args.json else human(reports))
    if code == EXIT_OK and any(report.failed for report in reports):
        code = EXIT_INPUT
    return code


def cmd_example(args: argparse.Namespace) -> int:
    try:
        pack = choose(language_packs(args.lang_pack), args.lang)
    except PackError as err:
        print(f"dominospec: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    variant = load_or_report(args.spec)
    if not isinstance(variant, ir.Variant):
        return _not_a_variant(args.spec, variant, "example")
    engine = load_engine(variant, args.spec)
    steps: list[str] = []
    try:
        for argument in args.placements:
            if not argument.startswith("@"):
                steps.append(argument)
                continue
            try:
                text = Path(argument[1:]).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as err:
                raise LoadError(f"{argument[1:]}: cannot read: {getattr(err, 'strerror', None) or err}") from None
            try:
                steps.extend(steps_from_json(text))
            except ExampleError as err:
                raise ExampleError(f"{argument[1:]}:{err}") from None
        block = example_block(engine, layout_from_steps(engine, steps), pack)
    except ExampleError as err:
        print(f"dominospec: error: {err}", file=sys.stderr)
        return EXIT_INPUT
    print(("\n\n" if args.markdown else "\n").join(block))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dominospec", description="Rules compiler and verifier for Fives-family dominoes.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check_cmd = commands.add_parser("check", help="validate specs and report every problem")
    check_cmd.add_argument("files", nargs="+", type=Path, metavar="FILE")
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
    except LoadError as err:
        print(f"dominospec: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
