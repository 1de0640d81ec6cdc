"""Language packs (validation, positions of mistakes, detection, plural forms) and the pytest plugin
run as a user's project runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from dominospec.documents.document import split_lines
from dominospec.documents.language_pack import detect, parse_pack, shipped_packs
from dominospec.language.diagnostics import InputError
from support import EN_PACK, ROOT, pack_changed


def test_shipped_packs() -> None:
    packs = shipped_packs()
    assert sorted(packs) == ["en", "fi", "tr", "uz"]
    for code, pack in packs.items():
        assert pack.source == f"dominospec/languages/{code}.json"



@pytest.mark.parametrize("change, value, message", [
    ("ports.branchB", None, "ports: 'branchB' is missing"),
    ("templates.tiles", "Tiles: {tiles}.",
     "templates.tiles: unknown placeholder {tiles} (this template takes {items})"),
    ("templates.sum", "Counted contributions: {terms}.", "templates.sum: needs {total} exactly once"),
    ("templates.counted", "{items} are counted.", "templates.counted: must start with a label"),
    ("detail", ["sum", "points", "tiles"], "detail: must name each of sum, points, tiles, spinners, connections"),
    ("ports.lineB", "line A", "ports: two ports have the same name"),
    ("units.points", {"one": "point"}, "units.points: needs the 'other' form"),
    ("language", "English", "language: 'English' is not a language code"),
    ("plural", [{"form": "one", "when": [{"in": [1], "not_in": [2]}]}], "exactly one of 'in' and 'not_in'"),
    ("columns.points", ["End total"], "columns.points: 'End total' also names the end_total column"),
    ("columns.result", None, "columns.game: a match table needs game, result, match_score all named; 'result' is "
                             "missing"),
    ("columns.match_score", ["Game"], "columns.match_score: 'Game' also names the game column"),
])
def test_a_malformed_pack_says_where_and_what(change: str, value: object, message: str) -> None:
    text = pack_changed(change, value)
    with pytest.raises(InputError) as caught:
        parse_pack(text, "de.json")
    [problem] = caught.value.diagnostics
    assert message in problem.message
    assert problem.pos is not None and problem.file == "de.json"
    key = problem.message.split(":")[0].split(".")[-1]  # the position is that of the key the message names
    assert text.splitlines()[problem.pos.line - 1][problem.pos.column - 1:].startswith(f'"{key}"')
    # rendered: the headline, then the pack's line with a caret under the key
    headline, line, caret = caught.value.render().split("\n")[:3]
    assert headline == f"de.json:{problem.pos.line}:{problem.pos.column}: error: {problem.message}"
    assert line == "    " + text.splitlines()[problem.pos.line - 1]
    assert caret == "    " + " " * (problem.pos.column - 1) + "^"


def test_plural_rules_with_modulo() -> None:
    """A pack for a language with three forms (here Polish-like rules) needs no code."""
    data = json.loads(EN_PACK)
    data["plural"] = [{"form": "one", "when": [{"in": [1]}]},
                      {"form": "few", "when": [{"mod": 10, "in": [2, 3, 4]}, {"mod": 100, "not_in": [12, 13, 14]}]}]
    data["units"]["points"] = {"one": "punkt", "few": "punkty", "other": "punktów"}
    pack = parse_pack(json.dumps(data), "pl.json")
    assert [pack.unit("points", n) for n in (1, 2, 5, 12, 22, 25)] == \
        ["punkt", "punkty", "punktów", "punktów", "punkty", "punktów"]


def test_detection_needs_a_known_label() -> None:
    packs = shipped_packs()
    assert detect(split_lines("Just prose.\nMore prose."), packs) is None
    for lines, code in ((["Asetettu [1|4]"], "fi"), (["| Uç toplamı | Kazanılan puan |"], "tr"),
                        (["| O'yin | Elis | Bob | Uchrashuv hisobi |"], "uz")):
        pack = detect(lines, packs)
        assert pack is not None and pack.code == code


def test_match_columns_are_optional() -> None:
    data = json.loads(EN_PACK)
    for role in ("game", "result", "match_score"):
        del data["columns"][role]
    pack = parse_pack(json.dumps(data), "old.json")
    assert pack.column_named("Match score") is None and pack.column_named("End total") == "end_total"


# --- the plugin, in a project of its own -----------------------------------------------------------


def _project(tmp_path: Path, declaration: str, files: dict[str, str] | None = None,
             pythonpath: tuple[Path, ...] = (), env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """A project with the Fives and Threes spec, the faulty English document and the given files (name: text);
    pythonpath comes before the checkout's on the path, env adds to the environment."""
    (tmp_path / "spec").mkdir()
    (tmp_path / "spec" / "fives_and_threes.rules").write_text(
        (ROOT / "spec" / "fives_and_threes.rules").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "faulty.en.md").write_text((ROOT / "tests" / "data" / "faulty.en.md").read_text(encoding="utf-8"),
                                           encoding="utf-8")
    for name, text in (files or {}).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "test_rules.py").write_text(
        f"from dominospec.pytest_plugin import rule_document\n\n{declaration}\n", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "dominospec.pytest_plugin", "-q", "-rs",
                           "-p", "no:cacheprovider", "test_rules.py"], cwd=tmp_path, capture_output=True, text=True,
                          encoding="utf-8", timeout=120,
                          env={"PYTHONPATH": os.pathsep.join(map(str, (*pythonpath, ROOT))), "PATH": "/usr/bin:/bin",
                               **(env or {})})


def test_plugin_reports_each_failing_example_at_its_line(tmp_path: Path) -> None:
    result = _project(tmp_path, 'rules = rule_document("faulty.en.md", spec="spec/fives_and_threes.rules")')
    assert result.returncode == 1, result.stdout + result.stderr
    assert "13 failed, 2 passed" in result.stdout
    assert "faulty.en.md:59: FAIL: sum: expected 5, document says 6" in result.stdout
    assert "faulty.en.md:58: FAIL: caption sum: expected 5, document says 6" in result.stdout
    assert "Traceback" not in result.stdout


def test_plugin_skips_a_missing_document_only_when_told(tmp_path: Path) -> None:
    skipped = _project(tmp_path, 'rules = rule_document("absent.md", spec="spec/fives_and_threes.rules", '
                                 'skip_if_missing=True)')
    # pytest's "no tests ran" (5): the only declared document was skipped.
    assert skipped.returncode == 5 and "1 skipped" in skipped.stdout and "absent.md is not there" in skipped.stdout


def test_plugin_reports_a_missing_document_as_an_error(tmp_path: Path) -> None:
    result = _project(tmp_path, 'rules = rule_document("absent.md", spec="spec/fives_and_threes.rules")')
    assert result.returncode != 0
    assert "absent.md: error: cannot read: No such file or directory" in result.stdout


def _free_play(**documents: str) -> dict[str, str]:
    return {"free_play.rules": (ROOT / "examples" / "match_formats" / "free_play.rules").read_text(encoding="utf-8"),
            **documents}


def test_plugin_checks_each_match_row_on_its_own(tmp_path: Path) -> None:
    match = (ROOT / "examples" / "match_formats" / "free_play.en.md").read_text(encoding="utf-8")
    result = _project(tmp_path, 'match = rule_document("match.en.md", spec="free_play.rules")',
                      _free_play(**{"match.en.md": match.replace("| 3-2 |", "| 3-3 |")}))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 failed, 4 passed" in result.stdout
    assert "match.en.md:30: FAIL: match score: expected 3-2, document says 3-3" in result.stdout
    assert "Traceback" not in result.stdout


def test_plugin_reports_layouts_against_a_match_format_as_an_error(tmp_path: Path) -> None:
    result = _project(tmp_path, 'layouts = rule_document("faulty.en.md", spec="free_play.rules")', _free_play())
    assert result.returncode == 2, result.stdout + result.stderr
    assert ("faulty.en.md:5:1: error: a deal table row needs a variant's spec: 'Free play' is a match format"
            in result.stdout)
    assert "Traceback" not in result.stdout


def test_plugin_without_hypothesis_names_the_extra_for_orders(tmp_path: Path) -> None:
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "sitecustomize.py").write_text("import sys\nsys.modules['hypothesis'] = None\n", encoding="utf-8")
    # Without Hypothesis installed there is no Hypothesis plugin to load: pytest loads only ours (-p).
    env = {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    declaration = 'rules = rule_document("faulty.en.md", spec="spec/fives_and_threes.rules", orders={})'
    (tmp_path / "with").mkdir()
    (tmp_path / "without").mkdir()
    with_orders = _project(tmp_path / "with", declaration.format(5), pythonpath=(hidden,), env=env)
    assert with_orders.returncode == 2, with_orders.stdout + with_orders.stderr
    assert "error: build orders (--orders) need Hypothesis, which is not installed" in with_orders.stdout
    assert "pip install 'dominospec[orders]'" in with_orders.stdout
    without = _project(tmp_path / "without", declaration.format(0), pythonpath=(hidden,), env=env)
    assert "13 failed, 2 passed" in without.stdout, without.stdout + without.stderr


def test_installing_dominospec_does_not_install_hypothesis() -> None:
    requirements = metadata.requires("dominospec") or []
    hypothesis = [r for r in requirements if r.startswith("hypothesis")]
    assert hypothesis and all("extra ==" in r for r in hypothesis)
    assert {r.split("extra ==")[1].strip().strip("'\"") for r in hypothesis} == {"orders", "test"}
