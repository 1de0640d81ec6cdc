"""The numbers a line of a document states, for the verifier to say which of them it did not check.

A number is a run of digits with its decimal part (`61`, `2.5`, `1,5`), a tile (`[1|4]`, one number of
the set), or one of the language pack's number words (`book.words.numbers`: `iki`, `yedişer`, `second`),
as a whole word in any case. A list item's or a heading's numbering (`1.`, `2)`, `## 3.2.`) is the
document's structure, not a number it states.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Iterable

from .book.wording import literal
from .language_pack import Pack

_TILE = r"\[\s*+\d+\s*+\\?\|\s*+\d+\s*+\]"
_DIGITS = r"\d+(?:[.,]\d+)*+"
_NUMBERING = re.compile(r"\s*+(?:#{1,6}\s++|[-*+]\s++)?(?:\d+[.)])++(?=\s)")


@functools.lru_cache(maxsize=16)
def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    spelled = [rf"(?<![^\W_]){literal(word)}(?![^\W_])" for word in sorted(words, key=len, reverse=True)]
    return re.compile("|".join([_TILE, _DIGITS, *spelled]), re.IGNORECASE)


def number_words(pack: Pack) -> tuple[str, ...]:
    """The words the pack reads as numbers; none where it words no rule books."""
    if pack.book is None:
        return ()
    return tuple(sorted({word for table in pack.book.numbers.values() for word in table}))


def numbers_outside(text: str, pack: Pack, read: Iterable[tuple[int, int]] = ()) -> list[tuple[int, str]]:
    """Each number of the text that does not stand inside one of the spans read, with where it starts."""
    merged: list[list[int]] = []  # the spans read, overlapping ones joined, in order
    for start, end in sorted(read):
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
