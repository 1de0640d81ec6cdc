"""The files commands write, run as a user runs them: whole or not at all (a write that fails part way
leaves the file it was replacing), a book and its pictures all or none, a missing output folder
treated alike by every writer, and `-o` onto a file, a folder or an unwritable place refused with
one clear line and exit 2."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from support import ROOT, run_cli

HORSE = ROOT / "spec" / "horse_race.rules"
FT = "spec/fives_and_threes.rules"


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under folder, by its path there, with its bytes (a folder: b'<folder>')."""
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b"<folder>" for p in folder.rglob("*")}


def run_with_file_size_limit(limit: int, *args: str) -> subprocess.CompletedProcess[str]:
    """The command with no file it writes allowed past `limit` bytes (`ulimit -f`): a device that fills."""
    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return subprocess.run([sys.executable, "-m", "dominospec", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, preexec_fn=limit_files, env={**os.environ, "PYTHONUTF8": "1"})


def test_a_compile_that_fails_to_write_leaves_the_engine_it_was_replacing(tmp_path: Path) -> None:
    spec = tmp_path / "horse_race.rules"
    spec.write_text(HORSE.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out"
    assert run_cli("compile", str(spec), "-o", str(out)).returncode == 0
    before = tree(out)
    spec.write_text(HORSE.read_text(encoding="utf-8").replace("at least 61", "at least 71"), encoding="utf-8")
    done = run_with_file_size_limit(4096, "compile", str(spec), "-o", str(out))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"{out / 'horse_race.py'}: error: cannot write: File too large\n"
    assert tree(out) == before  # the good engine whole, and no temporary file beside it


def test_a_book_whose_pictures_cannot_all_be_written_writes_nothing(tmp_path: Path) -> None:
    first = tmp_path / "first"
    first.mkdir()
    assert run_cli("book", FT, "-o", str(first / "rules.md")).returncode == 0
    pictures = sorted(name for name in tree(first) if name.endswith(".svg"))
    assert len(pictures) >= 2
    second = tmp_path / "second"
    (second / pictures[-1]).mkdir(parents=True)  # the last picture's place is taken by a folder
    done = run_cli("book", FT, "-o", str(second / "rules.md"))
    assert done.returncode == 2
    assert done.stderr == f"{second / pictures[-1]}: error: cannot write: it is a folder\n"
    assert tree(second) == {pictures[-1]: b"<folder>"}


def test_a_book_written_over_an_older_one_replaces_it_whole(tmp_path: Path) -> None:
    book = tmp_path / "rules.md"
    book.write_text("an older book\n", encoding="utf-8")
    book.chmod(0o640)
    assert run_cli("book", FT, "-o", str(book)).returncode == 0
    assert book.read_text(encoding="utf-8").startswith("# ") and book.stat().st_mode & 0o777 == 0o640
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


# Each writer's command line, but for the place it writes, which comes last.
WRITERS = {
    "compile": ["compile", str(HORSE), "-o"],
    "book": ["book", FT, "-o"],
    "example": ["example", FT, "[1|4]", "--svg"],
    "simulate": ["simulate", FT, "--hands", "10", "--workers", "1", "--report"],
}


def write_to(writer: str, place: Path) -> subprocess.CompletedProcess[str]:
    if writer == "simulate":
        pytest.importorskip("matplotlib", reason="the report needs matplotlib (dominospec[report])")
    return run_cli(*WRITERS[writer], str(place))


@pytest.mark.parametrize(("writer", "name"), [("compile", "engines"), ("book", "new/rules.md"),
                                              ("example", "new/layout.svg"), ("simulate", "new/run.html")])
def test_every_writer_makes_one_missing_folder_and_refuses_two(tmp_path: Path, writer: str, name: str) -> None:
    written = tmp_path / name  # one folder missing: the folder the engines go in, or the file's
    made = write_to(writer, written)
    assert made.returncode == 0, made.stderr
    assert (written / "horse_race.py" if writer == "compile" else written).is_file()

    deeper = tmp_path / "no" / name  # two
    refused = write_to(writer, deeper)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr == f"{deeper}: error: cannot write: there is no folder {deeper.parent}\n"
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("writer", ["book", "example", "simulate"])
def test_a_folder_where_a_file_is_wanted_is_refused_before_any_work(tmp_path: Path, writer: str) -> None:
    (tmp_path / "kept").write_text("kept\n", encoding="utf-8")
    done = write_to(writer, tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"{tmp_path}: error: cannot write: it is a folder\n")
    assert tree(tmp_path) == {"kept": b"kept\n"}


def test_a_file_where_a_folder_is_wanted_is_refused(tmp_path: Path) -> None:
    taken = tmp_path / "engines"
    taken.write_text("a file\n", encoding="utf-8")
    done = run_cli("compile", str(HORSE), "-o", str(taken))
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"{taken}: error: cannot write: it is not a folder\n")
    assert taken.read_text(encoding="utf-8") == "a file\n"
    inside = run_cli("book", FT, "-o", str(taken / "rules.md"))
    assert (inside.returncode, inside.stderr) == (2, f"{taken / 'rules.md'}: error: cannot write: {taken} is not a "
                                                     "folder\n")


@pytest.mark.parametrize("place", ["/proc/rules.html", "/sys/rules.html"])
def test_an_unwritable_place_is_one_line_and_exit_2(place: str) -> None:
    done = run_cli("book", FT, "-o", place)
    assert (done.returncode, done.stdout) == (2, "")
    [line] = done.stderr.splitlines()
    assert line.startswith(f"{place}: error: cannot write: ")


def test_a_device_is_written_straight(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "dominospec", "example", FT, "[1|4]", "--svg", "/dev/stdout"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("<svg ")
    full = run_cli("example", FT, "[1|4]", "--svg", "/dev/full")
    assert (full.returncode, full.stderr) == (2, "/dev/full: error: cannot write: No space left on device\n")
    assert os.path.exists("/dev/full") and not Path("/dev/full").is_file()
