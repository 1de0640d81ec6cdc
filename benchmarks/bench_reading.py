"""Reading time of adversarial input: lines built to make a backtracking reader try every way of
splitting them, in each shipped language pack and in a hostile pack whose labels are all alike; prose
that starts a rule statement or a calculation at every number; and JSON records nested and sized to
the limits. Reading should grow linearly with the size.
Usage: python benchmarks/bench_reading.py [--max-bytes N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dominospec.documents.document import parse_document  # noqa: E402
from dominospec.documents.language_pack import LISTS, Pack, parse_pack, shipped_packs  # noqa: E402
from dominospec.language.diagnostics import InputError  # noqa: E402
from dominospec.language.textfile import MAX_JSON_DEPTH, parse_json  # noqa: E402


def hostile_pack() -> Pack:
    """The English pack with every list labelled alike, so each label could end any list."""
    data = json.loads((ROOT / "compiler" / "documents" / "languages" / "en.json").read_text(encoding="utf-8"))
    data["language"] = "xx"
    for kind in LISTS:
        data["templates"][kind] = "Items: {items}."
    return parse_pack(json.dumps(data), "hostile.json")


def adversarial_lines(pack: Pack, size: int) -> dict[str, str]:
    """Lines of about `size` characters that start like a detail line and never finish as one."""
    head = pack.render("sum", terms="2 + 8", total=10) + " " + pack.render("points", points=2) + " "
    labels = " ".join(pack.render(kind, items="") for kind in LISTS) + " "
    connection = pack.render("connection", tile="[1|4]", port="(", other_tile="[1|1]", other_port="(")
    pieces = {"labels repeated": labels, "open connections": connection + " ", "white space": " ",
              "half tiles": "[1|"}
    return {name: head + piece * (size // len(piece)) + "x" for name, piece in pieces.items()}


def prose_lines(pack: Pack, size: int) -> dict[str, str]:
    """Prose of about `size` characters that starts a list, a sum or a calculation at every number and never
    finishes a statement: read from every place, it must still read in time linear in its length."""
    joiner = pack.book.last_or if pack.book else " or "
    pieces = {"list": "1, ", "or-list": "1" + joiner, "sum": "1 + ", "equations": "1 = "}
    if pack.book:  # and a line of nothing but sentences, each a claim to keep
        pieces["sentences"] = pack.book.write("score nothing", {"total": 4}) + " 5 + 3 = 8. "
    return {name: piece * (size // len(piece)) + "x" for name, piece in pieces.items()}


def seconds(run: Callable[..., object], *args: Any) -> float:
    start = time.perf_counter()
    run(*args)
    return time.perf_counter() - start


def _read_json(text: str) -> None:
    try:
        parse_json(text, "bench.json")
    except InputError:  # a refusal is what the too-deep case measures
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-bytes", type=int, default=1_000_000)
    args = parser.parse_args()
    sizes = [size for size in (1_000, 10_000, 100_000, 1_000_000) if size <= args.max_bytes]
    packs = {**shipped_packs(), "hostile": hostile_pack()}
    print(f"{'pack':8} {'line':18} " + " ".join(f"{size:>10,}" for size in sizes) + "  (seconds per line)")
    for code, pack in packs.items():
        for name in adversarial_lines(pack, 1):
            times = [seconds(parse_document, ["", adversarial_lines(pack, size)[name]], pack, "bench")
                     for size in sizes]
            print(f"{code:8} {name:18} " + " ".join(f"{t:10.4f}" for t in times))
        for name in prose_lines(pack, 1):
            times = [seconds(parse_document, ["", prose_lines(pack, size)[name]], pack, "bench") for size in sizes]
            print(f"{code:8} {'prose ' + name:18} " + " ".join(f"{t:10.4f}" for t in times))
    deep = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    too_deep = "[" * 1_000_000
    record = json.dumps({"players": 2, "hands": [{"opener": 0, "deal": [["[1|4]"] * 7] * 2, "moves": []}] * 10_000})
    lists = json.dumps([[0]] * 2_000_000)  # the most brackets a record within its size limit can hold
    for name, text in (("JSON at the depth limit", deep), ("JSON 1,000,000 deep", too_deep),
                       (f"record of {len(record):,} bytes", record), (f"{len(lists):,} bytes of [0]", lists)):
        print(f"{name:27} {seconds(_read_json, text):10.4f} s")


if __name__ == "__main__":
    main()
