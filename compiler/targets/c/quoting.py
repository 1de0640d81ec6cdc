"""User text (names, sources, file names) written into a C engine, escaped for where it lands."""

from __future__ import annotations

import re

from ..python.quoting import escaped


def comment_text(text: str) -> str:
    """text for the inside of a C block comment, in printable ASCII alone: the Python escapes (no line breaks,
    no bytes beyond ASCII), with the pairs that would end or nest the comment or form a trigraph broken."""
    text = escaped(text).replace("*/", "*\\/").replace("/*", "/\\*")
    return re.sub(r"\?(?=\?)", r"?\\", text)


def byte_values(text: str) -> str:
    """text as the initialiser of a char array: its UTF-8 bytes and the closing 0, so that no escape or
    length limit of string literals applies and the array reads back as text exactly."""
    return ", ".join(str(b) for b in (*text.encode("utf-8", "surrogatepass"), 0))
