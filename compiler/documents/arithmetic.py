"""Calculations written out in prose, in any language: `59 + 3 = 62`, `15 / 3 + 15 / 5 = 5 + 3 = 8`.

A calculation is whole numbers joined by + − × ÷ (or - * · /), with at least one operator, and
two or more sides joined by `=`. Every side must have the same value, computed exactly (a division
that leaves a remainder is a fraction, not a rounded number) with × and ÷ before + and −. Nothing
here needs a language pack: digits and these signs read alike in every language the verifier reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

# A whole number not part of a longer one, nor of a decimal ("2.5", "1,5"), nor of a tile ("[1|4]").
_NUMBER = r"(?<![\d.,|\[])\d{1,9}(?![\d|\]]|[.,]\d)"
_OPERATOR = r"(?:[+−×*·/÷]|(?<=\s)-(?=\s))"
_SIDE = rf"{_NUMBER}(?:\s*+{_OPERATOR}\s*+{_NUMBER})*+"
# A run of sides joined by "=", taken whole and never given back: the reader goes through a line once, run by
# run, so a line of a thousand "1 + " reads in linear time. A run with no "=" is no calculation.
_RUN = re.compile(rf"{_SIDE}(?:\s*+=\s*+{_SIDE})*+")
_TOKEN = re.compile(rf"\d+|{_OPERATOR}")
_SIGNS = {"−": "-", "×": "*", "·": "*", "÷": "/"}


@dataclass(frozen=True)
class Calculation:
    text: str
    start: int
    end: int
    sides: tuple[str, ...]  # each side as written
    values: tuple[Fraction | None, ...]  # None: a division by zero


def find_calculations(line: str) -> list[Calculation]:
    """The calculations in a line of prose, in order."""
    found = []
    for match in _RUN.finditer(line):
        if "=" not in match.group():
            continue
        sides = tuple(side.strip() for side in match.group().split("="))
        if all(token.isdigit() for side in sides for token in _TOKEN.findall(side)):
            continue  # "4 = 4": no calculation, only a number said twice
        found.append(Calculation(match.group(), match.start(), match.end(), sides,
                                 tuple(_value(side) for side in sides)))
    return found


def wrong_step(calculation: Calculation) -> tuple[str, str] | None:
    """(what the first wrong `=` should say, what it says), or None when every side is equal."""
    first = calculation.values[0]
    for side, value in zip(calculation.sides[1:], calculation.values[1:], strict=True):
        if first is None or value is None or value != first:
            return (f"{calculation.sides[0]} = {_text(first)}", f"{calculation.sides[0]} = {side}")
    return None


def _value(side: str) -> Fraction | None:
    """The side's exact value, × and ÷ before + and −."""
    tokens = [_SIGNS.get(token, token) for token in _TOKEN.findall(side)]
    terms: list[Fraction] = []
    sign, product, operator = 1, Fraction(int(tokens[0])), ""
    for token in tokens[1:]:
        if not token.isdigit():
            operator = token
            continue
        number = Fraction(int(token))
        if operator == "*":
            product *= number
        elif operator == "/":
            if number == 0:
                return None
            product /= number
        else:
            terms.append(sign * product)
            sign, product = (1 if operator == "+" else -1), number
    terms.append(sign * product)
    return sum(terms, Fraction(0))


def _text(value: Fraction | None) -> str:
    if value is None:
        return "no number (a division by 0)"
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
