"""The `dominospec` command line. Exit codes: 0 ok, 1 the input is wrong, 2 usage or I/O problem."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

from . import ir
from .checks import check
from .diagnostics import SpecError
from .parser import parse
from .codegen import generate
from .engines import display_path, module_name
from .printer import format_variant
from .spec import LoadError, read_source

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


def load_or_report(path: Path) -> ir.Variant | None:
    """Load a spec, printing its diagnostics to stderr; None when it is not valid."""
    text = None
    try:
        text = read_source(path)
        return check(parse(text))
    except SpecError as err:
        for diagnostic in err.diagnostics:
            print(diagnostic.render(str(path), text), file=sys.stderr)
        return None


def cmd_check(args: argparse.Namespace) -> int:
    worst = EXIT_OK
    for path in args.files:
        variant = load_or_report(path)
        if variant is None:
            worst = EXIT_INPUT
        else:
            print(f"{path}: ok ({variant.name})")
    return worst


def cmd_fmt(args: argparse.Namespace) -> int:
    worst = EXIT_OK
    for path in args.files:
        variant = load_or_report(path)
        if variant is None:
            worst = EXIT_INPUT
        else:
            sys.stdout.write(format_variant(variant))
    return worst


def cmd_compile(args: argparse.Namespace) -> int:
    worst = EXIT_OK
    stale: list[Path] = []
    for path in args.specs:
        variant = load_or_report(path)
        if variant is None:
            worst = EXIT_INPUT
            continue
        source = generate(variant, display_path(path))
        target = args.output / f"{module_name(path)}.py"
        if args.check:
            current = target.read_text(encoding="utf-8") if target.is_file() else None
            if current != source:
                stale.append(target)
                print(f"{target}: {'missing' if current is None else 'out of date'} (from {path})", file=sys.stderr)
            continue
        args.output.mkdir(parents=True, exist_ok=True)
        target.write_text(source, encoding="utf-8")
        print(f"{path} -> {target}")
    if stale:
        print(f"run: dominospec compile {' '.join(str(p) for p in args.specs)} -o {args.output}", file=sys.stderr)
        worst = EXIT_INPUT
    return worst


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
    compile_cmd.add_argument("specs", nargs="+", type=Path, metavar="SPEC")
    compile_cmd.add_argument("-o", "--output", type=Path, default=Path("generated"), metavar="DIR",
                             help="where the modules go (default: generated/)")
    compile_cmd.add_argument("--check", action="store_true",
                             help="write nothing; exit 1 if a committed module differs from what its spec produces")
    compile_cmd.set_defaults(run=cmd_compile)
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
