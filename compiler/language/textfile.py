"""The one reader of the files a user hands us: specs, rule documents, language packs, replay records
and placements. Each is UTF-8 text (a byte order mark is dropped) of a bounded size; anything else
is refused with a Diagnostic placed at line:col. A file that cannot be opened is a UsageError
(exit 2); a file whose content is wrong, an InputError (exit 1).
"""

from __future__ import annotations

import codecs
import errno
import functools
import json
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic, InputError, UsageError
from .ir import NOWHERE, Pos


@dataclass(frozen=True)
class FileKind:
    noun: str  # how messages name the file: "spec", "rule document", ...
    max_bytes: int


SPEC = FileKind("spec", 1_000_000)
DOCUMENT = FileKind("rule document", 5_000_000)
PACK = FileKind("language pack", 1_000_000)
RECORD = FileKind("record", 10_000_000)
PLACEMENTS = FileKind("placements file", 1_000_000)
KINDS = (SPEC, DOCUMENT, PACK, RECORD, PLACEMENTS)


def read_text_file(path: Path, kind: FileKind) -> str:
    name = str(path)
    try:
        data, size = _read_at_most(path, kind.max_bytes + 1)  # one byte past the limit tells a file too large
    except OSError as err:
        raise UsageError([Diagnostic(f"cannot read: {err.strerror or err}", None, file=name)]) from None
    if len(data) > kind.max_bytes:
        stated = f"{size:,} bytes" if size > kind.max_bytes else f"more than {kind.max_bytes:,} bytes"
        raise InputError([Diagnostic(f"the {kind.noun} is {stated}; {kind.noun}s may be at most "
                                     f"{kind.max_bytes:,}", NOWHERE, file=name)])
    data = data.removeprefix(codecs.BOM_UTF8)
    if b"\0" in data:
        line, column = position(data, data.index(b"\0"))
        raise InputError([Diagnostic("the file holds binary data (a NUL byte)", Pos(line, column),
                                     f"a {kind.noun} is plain UTF-8 text", file=name, end_column=column + 1)])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line, column = position(data, err.start)
        raise InputError([Diagnostic(f"the file is not UTF-8 text (byte 0x{data[err.start]:02x})", Pos(line, column),
                                     f"save the {kind.noun} as UTF-8 plain text", file=name,
                                     end_column=column + 1)]) from None


def _read_at_most(path: Path, limit: int) -> tuple[bytes, int]:
    """The file's first `limit` bytes (no more is read) and the size it says it has: 0 for a pipe or
    standard input, whose size nobody knows."""
    if isinstance(path, StandardInput):
        return _stdin_bytes()[:limit], 0
    with path.open("rb") as file:
        return file.read(limit), os.fstat(file.fileno()).st_size


def read_json_file(path: Path, kind: FileKind) -> tuple[Any, str]:
    """The file's JSON value and its text (for placing later problems)."""
    text = read_text_file(path, kind)
    return parse_json(text, str(path)), text


# Records, packs and placements are shallow and their numbers small; the limits keep the decoder away from
# Python's recursion limit and its cap on the digits of an integer.
MAX_JSON_DEPTH = 50
MAX_JSON_DIGITS = 100
# Strings whole (possessive, so an unterminated one costs one pass), brackets, and runs of digits.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[{]|[\]}]|\d{' + str(MAX_JSON_DIGITS + 1) + ",}")


def parse_json(text: str, name: str) -> Any:
    depth = 0
    for token in _JSON_TOKEN.finditer(text):
        kind = token[0][0]
        if kind in "[{":
            depth += 1
        elif kind in "]}":
            depth -= 1
        if depth > MAX_JSON_DEPTH or kind.isdigit():
            problem = (f"lists and objects nested more than {MAX_JSON_DEPTH} deep" if depth > MAX_JSON_DEPTH
                       else f"a number of {len(token[0]):,} digits; numbers may have at most {MAX_JSON_DIGITS}")
            line, column = position(text.encode("utf-8"), len(text[:token.start()].encode("utf-8")))
            raise InputError([Diagnostic(f"malformed JSON: {problem}", Pos(line, column), file=name,
                                         end_column=column + 1)], text)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError([Diagnostic(f"malformed JSON: {err.msg}", Pos(err.lineno, err.colno), file=name,
                                     end_column=err.colno + 1)], text) from None


def json_position(text: str, path: Sequence[str | int]) -> Pos | None:
    """Where the value at path (object keys and list indices, from the top) starts in the JSON text, or
    None where the text has no such value. Of a key written twice, the last, as json.loads keeps it."""
    decoder = json.JSONDecoder()
    at = _skip_space(text, 0)
    for step in path:
        if at >= len(text) or text[at] != ("{" if isinstance(step, str) else "["):
            return None
        found, index, at = None, 0, _skip_space(text, at + 1)
        while at < len(text) and text[at] not in "}]":
            if isinstance(step, str):
                key, at = decoder.raw_decode(text, at)
                at = _skip_space(text, _skip_space(text, at) + 1)  # past the colon
                found = at if key == step else found
            elif index == step:
                found = at
            _, end = decoder.raw_decode(text, at)
            at, index = _skip_space(text, _skip_space(text, end) + (text[_skip_space(text, end)] == ",")), index + 1
        if found is None:
            return None
        at = found
    line, column = position(text.encode("utf-8"), len(text[:at].encode("utf-8")))
    return Pos(line, column)


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


def position(data: bytes, offset: int) -> tuple[int, int]:
    """(line, column) of a byte offset, both from 1; the column counts characters, as editors do."""
    before = data[:offset]
    line_start = before.rfind(b"\n") + 1
    return before.count(b"\n") + 1, len(before[line_start:].decode("utf-8", errors="replace")) + 1


# Standard input (`-` on the command line) is read as a file is, with the same checks: a Path whose
# bytes are stdin's and whose name in messages is `<stdin>`.
if TYPE_CHECKING:
    _ConcretePath = Path
else:
    _ConcretePath = type(Path())


class StandardInput(_ConcretePath):
    def __str__(self) -> str:
        return "<stdin>"


@functools.cache
def _stdin_bytes() -> bytes:
    """Standard input, read once (a command may read its file again), at most one byte past any limit."""
    if sys.stdin is None:  # started with its standard input closed
        raise OSError(errno.EBADF, "standard input is closed")
    return sys.stdin.buffer.read(max(kind.max_bytes for kind in KINDS) + 1)


def input_path(argument: str) -> Path:
    """A file named on the command line: `-` is standard input."""
    return StandardInput("<stdin>") if argument == "-" else Path(argument)
