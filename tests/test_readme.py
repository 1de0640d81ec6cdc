"""The language reference in README.md: its example is a valid spec, its tables document exactly
the clauses of the table of clauses (each under the heading its row names, in canonical order, with
what makes it required or its default), and it shows every phrase the grammar accepts."""

from __future__ import annotations

import re

import pytest

from dominospec import clauses
from dominospec.checks import check
from dominospec.clauses import CLAUSES, Clause, Scope
from dominospec.grammar import PHRASE_TERMINALS
from dominospec.parser import parse
from dominospec.printer import format_spec
from support import FAMILY, ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
_START = README.index("## The rules language")
_END = README.find("\n## ", _START)  # the next top-level section, if any
REFERENCE = README[_START:] if _END < 0 else README[_START:_END]


def _tables() -> list[tuple[str, str, str]]:
    """(heading, key, default) for every clause row of the reference's tables, in order."""
    rows = []
    for section in re.split(r"^#### ", REFERENCE, flags=re.M)[1:]:
        heading = section.split("\n", 1)[0]
        found = re.findall(r"^\| `([^`]+):` \|.*\| (.*) \|$", section, re.M)
        rows += [(heading, key, default) for key, default in found]
    return rows


TABLES = _tables()
DEFAULTS = {key: default for _, key, default in TABLES}
REQUIRED_WORDS = {Scope.GAME: "required", Scope.FORMAT: "required in a match format",
                  Scope.MATCH: "required for match play"}


def test_the_first_spec_is_valid_and_canonical() -> None:
    example = re.search(r"### A first spec\n\n```\n(.*?)```", README, re.S)
    assert example
    assert format_spec(check(parse(example.group(1)))) == example.group(1)


def test_the_tables_hold_every_clause_under_its_heading_in_canonical_order() -> None:
    assert [(heading, key) for heading, key, _ in TABLES] == [(clause.table, clause.key) for clause in CLAUSES]


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda clause: clause.key)
def test_every_clause_says_when_it_is_required_or_what_its_default_is(clause: Clause) -> None:
    said = DEFAULTS[clause.key]
    if clause.required:
        assert said == REQUIRED_WORDS[clause.scope]
    elif clause.required_when:
        assert said.endswith(f"required {clause.required_when}")
    else:
        written = clause.write(clause.default)
        # A default the printer writes is shown as it writes it; one it leaves out, in plain words.
        assert said == f"`{written}`" if written is not None else "`" not in said and "required" not in said


def test_the_required_clauses_are_listed_before_the_tables() -> None:
    listing = re.search(r"^Eight clauses are required in every variant: (.*?)\. \w+ more are required in some "
                        r"variants: (.*?)\. ", REFERENCE, re.M | re.S)
    assert listing
    always, sometimes = ([" ".join(key.split()) for key in re.findall(r"`([^`]+)`", part)] for part in listing.groups())
    assert always == [clause.key for clause in clauses.in_scope(Scope.GAME) if clause.required]
    assert sorted(sometimes) == sorted(clause.key for clause in CLAUSES if clause.required_when)


@pytest.mark.parametrize("phrase", sorted({m.value for choice in PHRASE_TERMINALS.values() for m in choice}))
def test_every_phrase_is_documented(phrase: str) -> None:
    assert f"`{phrase}`" in REFERENCE


def test_the_table_of_the_family_lists_every_spec_in_examples_family_once() -> None:
    start = README.index("## The games of the family")
    table = README[start:README.index("\n## ", start + 1)]
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| game ")]
    named = [name for row in rows for name in re.findall(r"`([a-z0-9_]+)(?:\.rules)?`", row)]
    assert sorted(named) == sorted(path.stem for path in FAMILY)
