"""The package's folders are the pipeline's stages (ARCHITECTURE.md, "The stages"), and no module imports
from a later stage than its own: the language knows nothing of engines, the engines nothing of documents,
and so on up to the front door. Function-level imports count too."""

from __future__ import annotations

import ast
from pathlib import Path

from support import ROOT

PACKAGE = ROOT / "compiler"
# Each stage by its folder, in order; the package's own modules are the front door, but for the two public
# modules of lower stages that the README promises at dominospec.engine_api and dominospec.native.
STAGES = ("language", "play", "targets", "documents", "simulation", "envs", "book", "verifying", "front door")
TOP_LEVEL = {"engine_api": "play", "native": "targets"}


def stage_of(module: str) -> str:
    """The stage of a module named relative to the package ('documents.verify' -> 'documents')."""
    first = module.split(".")[0]
    if first in STAGES:
        return first
    return TOP_LEVEL.get(first, "front door")


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports_of(module: str, path: Path) -> list[tuple[int, str]]:
    """(line, module imported, relative to the package) of every import of the package's own modules."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    package = [part for part in package if part]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[:len(package) - node.level + 1]
            target = ".".join([*base, *([node.module] if node.module else [])])
            names = [f"{target}.{alias.name}".lstrip(".") for alias in node.names] if node.module is None else [target]
            found += [(node.lineno, name) for name in names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dominospec."):
            found.append((node.lineno, (node.module or "")[len("dominospec."):]))
    return found


def test_every_folder_of_the_package_is_a_stage() -> None:
    folders = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").exists()}
    assert folders == set(STAGES) - {"front door"}


def test_no_module_imports_from_a_later_stage() -> None:
    late = []
    for module, path in modules().items():
        own = STAGES.index(stage_of(module))
        for line, imported in imports_of(module, path):
            if imported and STAGES.index(stage_of(imported)) > own:
                late.append(f"{path.relative_to(ROOT)}:{line}: {stage_of(module)} imports {imported} "
                            f"({stage_of(imported)})")
    assert late == []


def test_the_check_finds_an_import_from_a_later_stage(tmp_path: Path) -> None:
    """The walk reads relative and absolute imports, at any depth of function."""
    path = tmp_path / "checks.py"
    path.write_text("from ..documents.verify import x\n\ndef f():\n    from dominospec.book import writer\n",
                    encoding="utf-8")
    assert [(line, stage_of(name)) for line, name in imports_of("language.checks", path)] == [
        (1, "documents"), (4, "book")]
