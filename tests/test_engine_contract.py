"""The engine contract (dominospec.engine_api) holds for every engine the shipped specs compile to:
statically (mypy checks each module against its Protocol) and at run time (every member is there),
so that neither the templates nor the contract can drift from the other silently."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from dominospec import engine_api
from dominospec.language.loader import load
from dominospec.targets.codegen import generate
from dominospec.targets.engines import load_engine
from dominospec.targets.python import module_name
from support import ROOT, SHIPPED

SPECS = sorted([*SHIPPED, *ROOT.glob("examples/match_formats/*.rules")])
ENGINES = {path: load_engine(load(path), path) for path in SPECS}


def _protocol(module: types.ModuleType) -> type[Any]:
    """The Protocol a module must satisfy, by the kind it says it is."""
    engine = engine_api.engine_of(module)
    variant = engine_api.as_variant(engine)
    if variant is None:
        return engine_api.MatchFormatEngine
    return engine_api.MatchPlayEngine if engine_api.match_play(variant) else engine_api.VariantEngine


def members(protocol: type[Any]) -> set[str]:
    """The public members a Protocol declares, its bases' included."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls.__module__ == engine_api.__name__:
            names |= {name for name in [*vars(cls), *cls.__dict__.get("__annotations__", {})]
                      if not name.startswith("_")}
    return names


def test_the_shipped_specs_cover_every_kind_of_engine() -> None:
    kinds = {_protocol(module) for module in ENGINES.values()}
    assert kinds == {engine_api.VariantEngine, engine_api.MatchPlayEngine, engine_api.MatchFormatEngine}


@pytest.mark.parametrize("spec", SPECS, ids=lambda path: path.name)
def test_every_module_member_of_the_contract_is_there(spec: Path) -> None:
    module = ENGINES[spec]
    wanted = members(_protocol(module))
    assert {"SPEC_KIND", "IllegalMove"} <= wanted
    assert sorted(name for name in wanted if not hasattr(module, name)) == []


@pytest.mark.parametrize("spec", [s for s in SPECS if engine_api.as_variant(engine_api.engine_of(ENGINES[s]))],
                         ids=lambda path: path.name)
def test_every_member_of_layout_game_and_match_is_there(spec: Path) -> None:
    module = ENGINES[spec]
    objects: list[tuple[type[Any], object]] = [(engine_api.EngineLayout, module.Layout()),
                                               (engine_api.EngineGame, module.Game(module.MIN_PLAYERS))]
    if module.HAS_MATCH_PLAY:
        match = module.Match(module.MIN_PLAYERS)
        objects += [(engine_api.EngineMatch, match), (engine_api.EngineMatchScore, match.score)]
    for protocol, instance in objects:
        wanted = members(protocol)
        assert wanted
        assert sorted(name for name in wanted if not hasattr(instance, name)) == [], protocol.__name__


def test_a_module_of_no_known_kind_is_refused() -> None:
    with pytest.raises(TypeError, match="not a dominospec engine"):
        engine_api.engine_of(types.ModuleType("stranger"))


def _mypy(folder: Path, snippet: str) -> subprocess.CompletedProcess[str]:
    (folder / "snippet.py").write_text(snippet, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-incremental",
                           "snippet.py"], cwd=folder, capture_output=True, text=True, timeout=300)


def test_mypy_accepts_each_engine_as_its_protocol_and_refuses_a_wrong_one(tmp_path: Path) -> None:
    (tmp_path / "dominospec").symlink_to(ROOT / "compiler")  # engine_api needs nothing but typing
    lines = ["from dominospec import engine_api"]
    for spec, module in ENGINES.items():
        name = module_name(spec)
        (tmp_path / f"{name}.py").write_text(generate(load(spec), spec.name), encoding="utf-8")
        lines += [f"import {name}", f"{name}_engine: engine_api.{_protocol(module).__name__} = {name}"]
    accepted = _mypy(tmp_path, "\n".join(lines) + "\n")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    # The check can fail: an engine without match rules is no MatchPlayEngine.
    refused = _mypy(tmp_path, "from dominospec import engine_api\nimport horse_race\n"
                              "engine: engine_api.MatchPlayEngine = horse_race\n")
    assert refused.returncode == 1
    assert 'missing following "MatchPlayEngine" protocol members' in refused.stdout
