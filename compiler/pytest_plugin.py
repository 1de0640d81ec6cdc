"""A pytest plugin: every worked example, table row and claim of a rule document becomes its own test item.

Declare documents in any test module; paths are relative to pytest's rootdir:

    from dominospec.pytest_plugin import rule_document

    test_rules_en = rule_document("docs/rules.en.md", spec="spec/house.rules")

Each item checks one example exactly as `dominospec verify` does, and rebuilds a passing layout
example in `orders` random build orders (Hypothesis). A failure reads like the verify report:
`DOC:LINE: FAIL: field: expected X, document says Y`.

The plugin is registered by the installed distribution (entry point "dominospec.pytest_plugin" in
the pytest11 group); where dominospec is not installed, enable it with `-p dominospec.pytest_plugin`
or `pytest_plugins = ["dominospec.pytest_plugin"]` in the rootdir's conftest.py.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .documents.document import Item
    from .engine_api import Engine
    from .language import ir
    from .verifying.verify import Outcome

# The rest of the compiler is imported when a declared document is collected, so that pytest starts
# (and runs every other test) even while a compiler module is broken.


@dataclass(frozen=True)
class RuleDocument:
    document: str
    spec: str
    lang: str | None
    lang_packs: tuple[str, ...]
    orders: int
    skip_if_missing: bool


def rule_document(document: str, spec: str, *, lang: str | None = None, lang_packs: tuple[str, ...] = (),
                  orders: int = 25, skip_if_missing: bool = False) -> RuleDocument:
    """Declare a document to check against a spec. lang forces a language (default: detected);
    lang_packs are extra pack files; orders is how many random build orders each layout example is
    rebuilt in (0: none); skip_if_missing skips, rather than fails, when the document is absent."""
    return RuleDocument(document, spec, lang, tuple(lang_packs), orders, skip_if_missing)


@functools.cache
def _spec(path: Path) -> ir.Variant | ir.MatchFormat:
    from .language.loader import load
    return load(path)


@functools.cache
def _engine(spec: Path) -> Engine:
    from .engine_api import engine_of
    from .targets.engines import load_engine
    return engine_of(load_engine(_spec(spec), spec))


class ExampleFailed(Exception):
    def __init__(self, document: str, outcome: Outcome):
        super().__init__(f"{document}:{outcome.line}")
        self.document = document
        self.outcome = outcome


class ExampleItem(pytest.Item):
    def __init__(self, *, example: Item, engine: Engine, spec: ir.Variant | ir.MatchFormat, orders: int,
                 path_text: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.example = example
        self.engine = engine
        self.spec = spec
        self.orders = orders
        self.path_text = path_text

    def runtest(self) -> None:
        from .verifying.verify import verify_item
        outcome = verify_item(self.example, self.engine, self.orders, self.path_text, self.spec)
        if outcome.not_checkable is not None:
            pytest.skip(f"not checkable: {outcome.not_checkable}")
        if not outcome.passed:
            raise ExampleFailed(self.path_text, outcome)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, ExampleFailed):
            from .verifying.report import outcome_lines
            return "\n".join(outcome_lines(excinfo.value.document, excinfo.value.outcome))
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int, str]:
        return Path(self.path_text), self.example.line - 1, f"{self.path_text}:{self.example.line}"


class DocumentCollector(pytest.Collector):
    def __init__(self, *, declaration: RuleDocument, **kwargs: Any):
        super().__init__(**kwargs)
        self.declaration = declaration

    def collect(self) -> Iterator[ExampleItem]:
        from .documents.document import load_document
        from .documents.language_pack import choose, language_packs
        from .language.diagnostics import Problems
        from .verifying.verify import check_spec_fits, require_build_orders
        declared = self.declaration
        root = self.config.rootpath
        path = root / declared.document
        if declared.skip_if_missing and not path.exists():
            pytest.skip(f"{declared.document} is not there (looked in {path.parent})")
        try:
            packs = language_packs([root / p for p in declared.lang_packs])
            document = load_document(path, packs, choose(packs, declared.lang))
            spec_path = (root / declared.spec).resolve()
            engine = _engine(spec_path)
            spec = _spec(spec_path)
            check_spec_fits(document, engine)
            if declared.orders:
                require_build_orders()
        except Problems as err:
            raise self.CollectError(err.render()) from None
        on_line: dict[int, int] = {}
        for example in document.examples:
            on_line[example.line] = on_line.get(example.line, 0) + 1  # a line may hold several claims
            name = f"line{example.line}" + (f"-{on_line[example.line]}" if on_line[example.line] > 1 else "")
            yield ExampleItem.from_parent(self, name=name, example=example, engine=engine,
                                          spec=spec, orders=declared.orders, path_text=declared.document)


def pytest_pycollect_makeitem(collector: pytest.Collector, name: str, obj: object) -> DocumentCollector | None:
    if isinstance(obj, RuleDocument):
        return DocumentCollector.from_parent(collector, name=name, declaration=obj)
    return None
