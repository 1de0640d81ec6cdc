"""The one reader (dominospec.textfile): whatever bytes a file holds, it gives the text or one
problem placed where an editor shows the fault."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominospec.diagnostics import InputError, UsageError
from dominospec.ir import NOWHERE
from dominospec.textfile import KINDS, RECORD, SPEC, FileKind, parse_json, read_text_file

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


def test_a_file_that_cannot_be_opened_is_a_usage_error() -> None:
    with pytest.raises(UsageError) as caught:
        read_text_file(FOLDER / "absent", RECORD)
    assert caught.value.exit_code == 2
    assert caught.value.render() == f"{FOLDER / 'absent'}: error: cannot read: No such file or directory"


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000, "malformed JSON: maximum recursion depth exceeded"),
    ("1" * 5_000, "malformed JSON: Exceeds the limit"),
    ('{"a": 1,}', "malformed JSON: Expecting property name enclosed in double quotes"),
])
def test_json_that_python_cannot_take_is_malformed_json(text: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_json(text, "x.json")
    [problem] = caught.value.diagnostics
    assert problem.message.startswith(message) and problem.file == "x.json"
