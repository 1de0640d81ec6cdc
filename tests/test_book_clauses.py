"""Every clause of the language has its book sentence: no half-done clause can pass.

For each row of the clause table, its example line is written into a shipped spec that takes it (the
checks pass and the clause is in effect); the book's rule sentences of that spec must say the clause, or
`documents/sentences.py` must name it in NOT_WORDED with its reason. The check is shown to fail when one
clause's sentence is taken away.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from dominospec.documents import sentences
from dominospec.documents.language_pack import language_packs
from dominospec.documents.sentences import NOT_WORDED, Sentence
from dominospec.documents.wording import Wording
from dominospec.language import ir
from dominospec.language.clauses import CLAUSES, OWNERS, Clause, Scope
from support import ROOT, SHIPPED, front_end

MATCH_FORMATS = sorted((ROOT / "examples" / "match_formats").glob("*.rules"))
WORDING = language_packs()["en"].book


def _with_line(text: str, clause: Clause) -> str:
    """The spec's text with the clause's example line in place of its own line, or added at the end."""
    pattern = re.compile(rf"^{re.escape(clause.key)}:.*$", re.MULTILINE)
    if pattern.search(text):
        return pattern.sub(lambda _: clause.example, text, count=1)
    return text.rstrip("\n") + "\n" + clause.example + "\n"


def _in_effect(spec: ir.Variant | ir.MatchFormat, clause: Clause) -> bool:
    """Does the spec hold the clause with another value than its default?"""
    owner: object = spec
    if clause.scope is Scope.MATCH:
        owner = spec.rules if isinstance(spec, ir.MatchFormat) else spec.match
    elif not isinstance(spec, OWNERS[clause.scope]):
        return False
    value = clause.value_in(owner) if owner is not None else None
    return value is not None and (clause.many or value != clause.default)


@functools.cache
def taking(clause: Clause, path: Path) -> ir.Variant | ir.MatchFormat | None:
    """The spec at path with the clause's example line, where its checks pass and the clause is in effect."""
    spec = front_end(_with_line(path.read_text(encoding="utf-8"), clause))
    return spec if spec is not None and _in_effect(spec, clause) else None


def clauses_without_sentences(rule_sentences: Callable[[ir.Variant | ir.MatchFormat, Wording], list[Sentence]],
                              ) -> Iterator[str]:
    """Each clause that no sentence says in any shipped spec taking it (a clause is said where it matters: the
    spinner clauses where doubles spin), nor NOT_WORDED names, with what went wrong."""
    assert WORDING is not None
    for clause in CLAUSES:
        if clause.key in NOT_WORDED:
            continue
        taken = 0
        for path in (*SHIPPED, *MATCH_FORMATS):  # the first spec that says it will do
            spec = taking(clause, path)
            if spec is not None:
                taken += 1
                if any(clause.key in s.clauses for s in rule_sentences(spec, WORDING)):
                    break
        else:
            yield (f"{clause.key}: no sentence of documents/sentences.py says it (in {taken} specs that write "
                   f"'{clause.example}')" if taken else
                   f"{clause.key}: no shipped spec takes its example line '{clause.example}'")


def test_every_clause_has_its_book_sentence_or_says_why_not() -> None:
    assert list(clauses_without_sentences(sentences.rule_sentences)) == []


def test_what_is_not_worded_is_a_clause_and_says_why() -> None:
    keys = {clause.key for clause in CLAUSES}
    for key, reason in NOT_WORDED.items():
        assert key in keys and reason.strip(), key


@pytest.mark.parametrize("clause", ["draw limit", "pip award", "spinner counts", "skunk line", "target"])
def test_taking_one_clauses_sentence_away_makes_the_check_fail(clause: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = sentences.rule_sentences

    def without(spec: ir.Variant | ir.MatchFormat, wording: Wording) -> list[Sentence]:
        return [s for s in real(spec, wording) if clause not in s.clauses]

    monkeypatch.setattr(sentences, "rule_sentences", without)
    missing = list(clauses_without_sentences(sentences.rule_sentences))
    assert [m.split(":")[0] for m in missing] == [clause]


def test_a_clause_declared_not_worded_without_being_one_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(NOT_WORDED, "no such clause", "a reason")
    with pytest.raises(AssertionError):
        test_what_is_not_worded_is_a_clause_and_says_why()
