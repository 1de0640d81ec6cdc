"""Text in Markdown as written: the backslash escapes that keep a book's text from reading as raw HTML, an
entity or a link, written by the Markdown book and read back by the verifier.

CommonMark shows `\\<`, `\\&`, `\\(` and `\\\\` as `<`, `&`, `(` and `\\`: a variant named `<img src=x onerror=...>`
or `[x](javascript:...)` is shown as its name, in any renderer, and reads back as written.
"""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"[\\<&]|(?<=\])\(")  # a backslash, what opens a tag or an entity, a link's "]("
_ESCAPED = re.compile(r"\\([\\<&(])")


def escape(text: str) -> str:
    return _SPECIAL.sub(lambda found: "\\" + found.group(0), text)


def unescape(line: str) -> str:
    """A Markdown line as it reads: the escapes escape() writes shown as their characters."""
    return _ESCAPED.sub(r"\1", line)
