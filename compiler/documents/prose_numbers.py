"""The numbers a line of a document states, for the verifier to say which of them it did not check.

A number is a run of digits with its decimal part (`61`, `2.5`, `1,5`), a tile (`[1|4]`, one number of
the set), or one of the language pack's number words (`book.words.numbers`: `iki`, `yedişer`, `second`),
as a whole word in any case. A list item's or a heading's numbering (`1.`, `2)`, `## 3.2.`) is the
document's structure, not a number it states; nor is a link's address or a picture (`![alt](file.svg)`:
pictures are drawn from the layouts the text states, and an HTML page's figures are not read either), nor a
terminal's escape sequence (`ESC[31m`).
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Iterable

from .language_pack import Pack
from .wording import literal

_TILE = r"\[\s*+\d+\s*+\\?\|\s*+\d+\s*+\]"
_DIGITS = r"\d+(?:[.,]\d+)*+"
_NUMBERING = re.compile(r"\s*+(?:#{1,6}\s++|[-*+]\s++)?(?:\d+[.)])++(?=\s)")
# A terminal's escape sequence (a colour, a cursor move, a title) is no text at all: its digits are not numbers.
# One left open hides nothing: only a whole sequence is passed over.
_ESCAPE = r"\x1b(?:\[[0-?]*+[ -/]*+[@-~]|\][^\x07\x1b]*+(?:\x07|\x1b\\)|[ -/]*+[0-~]?)|\x9b[0-?]*+[ -/]*+[@-~]"
# A Markdown picture (its text may hold a tile's brackets) and a link's address. Neither reads past a bracket
# it cannot pair, so each try stops soon and a line is read in linear time.
_NOT_STATED = re.compile(r"!\[(?:[^\[\]]|\[[^\[\]]*+\])*+\]\([^()\[\]\s]*+\)|\]\([^()\[\]\s]*+\)|" + _ESCAPE)


@functools.lru_cache(maxsize=16)
def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    if not words:
        return re.compile(f"{_TILE}|{_DIGITS}")
    spelled = "|".join(literal(word) for word in sorted(words, key=len, reverse=True))
    # The words' first letters, tried first: most places in a line start none of them.
    first = "".join(sorted({ch for word in words for ch in (word[0].lower(), word[0].upper())}))
    starts = f"(?=[{re.escape(first)}])" if all(word[0].isalpha() for word in words) else ""
    return re.compile(rf"{_TILE}|{_DIGITS}|(?<![^\W_]){starts}(?:{spelled})(?![^\W_])", re.IGNORECASE)


def number_words(pack: Pack) -> tuple[str, ...]:
    """The words the pack reads as numbers; none where it words no rule books."""
    if pack.book is None:
        return ()
    return tuple(sorted({word for table in pack.book.numbers.values() for word in table}))


def numbers_outside(text: str, pack: Pack, read: Iterable[tuple[int, int]] = ()) -> list[tuple[int, str]]:
    """Each number the text states outside the spans read, with where it starts."""
    merged: list[list[int]] = []  # the spans read, overlapping ones joined, in order
    for start, end in sorted([*read, *(found.span() for found in _NOT_STATED.finditer(text))]):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    starts = [start for start, _ in merged]
    numbering = _NUMBERING.match(text)
    found = []
    for number in _pattern(number_words(pack)).finditer(text, numbering.end() if numbering else 0):
        at = bisect_right(starts, number.start()) - 1  # the last span read that starts at or before it
        if at < 0 or merged[at][1] < number.end():
            found.append((number.start(), number.group()))
    return found
