"""The installed project: one import package, dominospec, that never shadows a user's own packages."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from support import ROOT

SCRIPT = Path(sys.executable).parent / "dominospec"


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, encoding="utf-8", timeout=300)


def test_the_wheel_holds_one_top_level_package_with_its_data(tmp_path: Path) -> None:
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                 "-w", str(tmp_path), str(ROOT)], tmp_path)
    assert built.returncode == 0, built.stderr
    [wheel] = tmp_path.glob("dominospec-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {"dominospec", "dominospec-0.1.0.dist-info"}
    # Every file of the two folders is in the package, under its new name (templates, packs, the grammar).
    tracked = run(["git", "ls-files", "compiler", "generated"], ROOT).stdout.split()
    packaged = {name.removeprefix("dominospec/") for name in names if name.startswith("dominospec/")}
    assert {path.removeprefix("compiler/") if path.startswith("compiler/") else path for path in tracked} == packaged


def test_importing_the_checkout_folder_by_its_own_name_is_refused() -> None:
    done = run([sys.executable, "-c", "import compiler"], ROOT)
    assert done.returncode == 1
    assert "ImportError: 'compiler' is the checkout's folder of the package 'dominospec': install the project " \
           "(pip install -e .) and import dominospec" in done.stderr


def _user_project(tmp_path: Path) -> Path:
    """A user's folder with packages of its own named compiler and generated."""
    for package in ("compiler", "generated"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(f'OWNER = "the user\'s {package}"\n')
    return tmp_path


def test_a_users_own_compiler_and_generated_packages_stay_theirs(tmp_path: Path) -> None:
    project = _user_project(tmp_path)
    done = run([sys.executable, "-c", "import compiler, generated, dominospec.generated.horse_race as hr; "
                "print(compiler.OWNER); print(generated.OWNER); print(hr.VARIANT_NAME)"], project)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["the user's compiler", "the user's generated", "Horse Race"]
    # pytest loads the dominospec plugin (pytest11) first; the user's tests still import their own packages.
    (project / "test_own.py").write_text("import compiler\n\n\ndef test_own():\n"
                                         "    assert compiler.OWNER == \"the user's compiler\"\n")
    tested = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_own.py"], project)
    assert tested.returncode == 0, tested.stdout + tested.stderr


def test_the_commands_work_from_any_folder_and_compiled_engines_import_as_written(tmp_path: Path) -> None:
    project = _user_project(tmp_path)
    spec = ROOT / "spec" / "horse_race.rules"
    assert run([str(SCRIPT), "check", str(spec)], project).stdout == f"{spec}: ok (Horse Race)\n"
    compiled = run([str(SCRIPT), "compile", str(spec), "-o", "engines"], project)
    assert compiled.returncode == 0, compiled.stderr
    played = run([sys.executable, "-c", "from engines import horse_race as hr\n"
                  "game = hr.Game(2, seed=1)\nhr.play_game(game, [hr.GreedyBot(), hr.RandomBot(2)])\n"
                  "print(game.over)"], project)
    assert played.stdout == "True\n", played.stderr
    replayed = run([str(SCRIPT), "replay", str(ROOT / "spec" / "fives_and_threes.rules"),
                    str(ROOT / "examples" / "fives_and_threes.match.json")], project)
    assert replayed.returncode == 0, replayed.stderr
    verified = run([str(SCRIPT), "verify", str(spec), str(ROOT / "examples" / "horse_race.en.md")], project)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    formatted = run([str(SCRIPT), "fmt", str(spec)], project)
    assert (formatted.returncode, formatted.stderr) == (0, "") and '\nvariant: "Horse Race"\n' in formatted.stdout
    example = run([str(SCRIPT), "example", str(ROOT / "spec" / "fives_and_threes.rules"), "[1|4]"], project)
    assert example.returncode == 0 and "[1|4]" in example.stdout, example.stderr
