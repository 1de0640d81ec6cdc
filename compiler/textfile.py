"""Reading a user's text file (a spec, a rule document): UTF-8 text of a bounded size, or a refusal
that says what is wrong and where."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class TextFileError(Exception):
    """Why a file is not text to read. kind: "unreadable", "too large", "binary" or "encoding"."""

    kind: str
    detail: str  # the OS's reason, the size, or the offending byte
    line: int = 0
    column: int = 0


def read_text_file(path: Path, max_bytes: int) -> str:
    try:
        data = path.read_bytes()
    except OSError as err:
        raise TextFileError("unreadable", str(err.strerror or err)) from None
    if len(data) > max_bytes:
        raise TextFileError("too large", f"{len(data):,}")
    if b"\0" in data:
        raise TextFileError("binary", "0x00", *position(data, data.index(b"\0")))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise TextFileError("encoding", f"0x{data[err.start]:02x}", *position(data, err.start)) from None


def position(data: bytes, offset: int) -> tuple[int, int]:
    """(line, column) of a byte offset, both from 1; the column counts characters, as editors do."""
    before = data[:offset]
    line_start = before.rfind(b"\n") + 1
    return before.count(b"\n") + 1, len(before[line_start:].decode("utf-8", errors="replace")) + 1
