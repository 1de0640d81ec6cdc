"""The one reader (dominospec.language.textfile): whatever bytes a file holds, it gives the text or one
problem placed where an editor shows the fault."""

from __future__ import annotations

import json
import tempfile
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominospec.language.diagnostics import InputError, UsageError
from dominospec.language.ir import NOWHERE, Pos
from dominospec.language.textfile import (
    KINDS,
    MAX_JSON_DEPTH,
    MAX_JSON_DIGITS,
    PLACEMENTS,
    RECORD,
    SPEC,
    FileKind,
    parse_json,
    read_text_file,
)

FOLDER = Path(tempfile.mkdtemp(prefix="dominospec-reader-"))
# Mostly text, with now and then a NUL, a stray continuation byte or a byte order mark.
CONTENT = st.lists(st.sampled_from([b"a", b"\n", b"\r\n", "é".encode(), "–".encode(), b"\0", b"\x80", b"\xff",
                                    b"\xef\xbb\xbf"]), max_size=40).map(b"".join)


def _read(data: bytes, kind: FileKind = SPEC) -> str:
    path = FOLDER / "file"
    path.write_bytes(data)
    return read_text_file(path, kind)


@given(CONTENT)
def test_text_is_read_and_a_fault_is_placed_on_its_character(data: bytes) -> None:
    body = data.removeprefix(b"\xef\xbb\xbf")  # a byte order mark at the start is dropped
    try:
        text = _read(data)
    except InputError as err:
        [problem] = err.diagnostics
        assert problem.pos is not None and problem.file == str(FOLDER / "file")
        # The place, found in the text as an editor shows it (a bad byte as one replacement character):
        # the first NUL when there is one, else the first byte that is not UTF-8.
        shown = body.decode("utf-8", errors="replace")
        lines = shown.split("\n")
        offset = sum(len(line) + 1 for line in lines[:problem.pos.line - 1]) + problem.pos.column - 1
        fault = "\0" if b"\0" in body else "\ufffd"
        assert offset == shown.index(fault)
        if fault == "\0":
            assert problem.message == "the file holds binary data (a NUL byte)"
        else:  # all before the fault is UTF-8: as long in bytes as it encodes to
            assert problem.message == f"the file is not UTF-8 text (byte 0x{body[len(shown[:offset].encode())]:02x})"
        assert problem.end_column == problem.pos.column + 1
    else:
        assert text == body.decode("utf-8")


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.noun)
def test_each_kind_has_its_size_limit(kind: FileKind) -> None:
    assert _read(b"a" * kind.max_bytes, kind) == "a" * kind.max_bytes
    with pytest.raises(InputError) as caught:
        _read(b"a" * (kind.max_bytes + 1), kind)
    [problem] = caught.value.diagnostics
    assert problem.pos == NOWHERE
    assert problem.message == (f"the {kind.noun} is {kind.max_bytes + 1:,} bytes; {kind.noun}s may be at most "
                               f"{kind.max_bytes:,}")


def test_a_file_far_over_its_limit_is_refused_without_reading_it_whole() -> None:
    path = FOLDER / "huge"
    with path.open("wb") as file:
        file.truncate(100 * PLACEMENTS.max_bytes)  # sparse: costs no disk
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as caught:
            read_text_file(path, PLACEMENTS)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    size = 100 * PLACEMENTS.max_bytes
    assert caught.value.diagnostics[0].message.startswith(f"the placements file is {size:,} bytes")
    assert peak < 2 * PLACEMENTS.max_bytes


def test_a_file_that_cannot_be_opened_is_a_usage_error() -> None:
    with pytest.raises(UsageError) as caught:
        read_text_file(FOLDER / "absent", RECORD)
    assert caught.value.exit_code == 2
    assert caught.value.render() == f"{FOLDER / 'absent'}: error: cannot read: No such file or directory"


@pytest.mark.parametrize("text, message, column", [
    ("[" * 100_000, f"malformed JSON: lists and objects nested more than {MAX_JSON_DEPTH} deep", MAX_JSON_DEPTH + 1),
    ('{"a": ' + "1" * 5_000 + "}", f"malformed JSON: a number of 5,000 digits; numbers may have at most "
                                   f"{MAX_JSON_DIGITS}", 7),
    ('{"a": 1,}', "malformed JSON: Expecting property name enclosed in double quotes", 9),
])
def test_json_that_python_cannot_take_is_malformed_json(text: str, message: str, column: int) -> None:
    with pytest.raises(InputError) as caught:
        parse_json(text, "x.json")
    [problem] = caught.value.diagnostics
    assert (problem.message, problem.pos, problem.file) == (message, Pos(1, column), "x.json")


# Brackets and digits inside strings are text, not structure.
JSON_PIECES = st.sampled_from(["[", "]", "{", "}", '"[', '"{{"', '"\\""', "7" * MAX_JSON_DIGITS, "7", ", ", "\n é "])


@given(st.lists(JSON_PIECES, max_size=60).map("".join), st.integers(0, MAX_JSON_DEPTH + 3),
       st.integers(1, MAX_JSON_DIGITS + 3))
def test_json_within_the_limits_is_read_and_beyond_them_refused_where_the_limit_is_passed(
        noise: str, depth: int, digits: int) -> None:
    text = '{"noise": ' + json.dumps(noise) + ', "deep": ' + "[" * depth + "1" * digits + "]" * depth + "}"
    deep_at = text.index('"deep": ') + 8  # where the first bracket of the nest is, from 0
    try:
        value = parse_json(text, "x.json")
    except InputError as err:
        [problem] = err.diagnostics
        assert problem.pos is not None
        if depth + 1 > MAX_JSON_DEPTH:  # the object itself is one level
            assert problem.pos == Pos(1, deep_at + MAX_JSON_DEPTH)
        else:
            assert digits > MAX_JSON_DIGITS and problem.pos == Pos(1, deep_at + depth + 1)
    else:
        assert depth + 1 <= MAX_JSON_DEPTH and digits <= MAX_JSON_DIGITS
        assert value == json.loads(text)
