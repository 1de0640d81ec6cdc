"""The language reference in README.md: its example is a valid spec, and it documents every clause
and every phrase the grammar accepts."""

from __future__ import annotations

import re

import pytest

from dominospec.checks import check
from dominospec.grammar import PHRASE_TERMINALS
from dominospec.parser import CLAUSE_KEYS, REQUIRED, parse
from dominospec.printer import format_spec
from support import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
_START = README.index("## The rules language")
_END = README.find("\n## ", _START)  # the next top-level section, if any
REFERENCE = README[_START:] if _END < 0 else README[_START:_END]


def test_the_first_spec_is_valid_and_canonical() -> None:
    example = re.search(r"### A first spec\n\n```\n(.*?)```", README, re.S)
    assert example
    assert format_spec(check(parse(example.group(1)))) == example.group(1)


@pytest.mark.parametrize("key", CLAUSE_KEYS)
def test_every_clause_has_a_row(key: str) -> None:
    row = re.search(rf"^\| `{re.escape(key)}:` \|.*\| (.*) \|$", REFERENCE, re.M)
    assert row, f"no row for '{key}:'"
    assert (row.group(1) == "required") == (key in REQUIRED)  # the others say when they are needed


@pytest.mark.parametrize("phrase", sorted({m.value for choice in PHRASE_TERMINALS.values() for m in choice}))
def test_every_phrase_is_documented(phrase: str) -> None:
    assert f"`{phrase}`" in REFERENCE
