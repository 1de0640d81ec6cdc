"""The one writer of the files commands make: engines, books and their pictures, reports, pictures,
specs rewritten in place. A set of files is written whole or not at all: each to a temporary file
beside it, and only once every one is written are they renamed into place, so a failure (a full
device, Ctrl-C) leaves what was there before. Where a file cannot be written, a UsageError (exit 2)
says why, as `FILE: error: cannot write: ...`.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path

from .diagnostics import Diagnostic, UsageError


def refuse(path: Path, reason: str) -> UsageError:
    return UsageError([Diagnostic(f"cannot write: {reason}", None, file=str(path))])


def check_folder(folder: Path, for_path: Path | None = None) -> None:
    """The folder files are written into: there, or missing with its own parent there (writing makes
    it, as `mkdir` would; a path of several missing folders is more likely a slip than a wish)."""
    named = for_path or folder
    which = "it" if for_path is None else f"{folder}"
    if folder.is_dir():
        if not os.access(folder, os.W_OK | os.X_OK):
            raise refuse(named, f"{'the folder ' if for_path else ''}{which} is not writable")
        return
    if folder.exists() or folder.is_symlink():
        raise refuse(named, f"{which} is not a folder")
    if not folder.parent.is_dir():
        raise refuse(named, f"there is no folder {folder.parent if for_path is None else folder}")


def check_file(path: Path) -> None:
    """A file a command will write: not a folder, in a folder `check_folder` accepts. Said before the
    work that makes the file, so that a long run does not end in a refusal."""
    if path.is_dir():
        raise refuse(path, "it is a folder")
    if not _stream(path):
        check_folder(_target(path).parent, path)


def write_file(path: Path, text: str) -> None:
    write_files({path: text})


def write_files(files: Mapping[Path, str | bytes]) -> None:
    """Write every file (text as UTF-8, or bytes), or none: a file that is there keeps its permissions
    (a link, the file it points to is written); a stream that is not a file (/dev/stdout, a pipe) is
    written straight."""
    for path in files:
        check_file(path)
    written: list[tuple[Path, Path]] = []  # (temporary, target)
    try:
        for path, text in files.items():
            if not _stream(path):  # a stream is written below, once every file is ready
                target = _target(path)
                target.parent.mkdir(exist_ok=True)
                written.append((_temporary(target, text, path), target))
        for path, text in files.items():
            if _stream(path):
                with path.open("wb") as stream:
                    stream.write(_bytes(text))
        for temporary, target in written:
            os.replace(temporary, target)
    except OSError as err:
        failed = Path(err.filename) if isinstance(err.filename, str) else next(iter(files))
        raise refuse(failed, err.strerror or str(err)) from None
    finally:
        for temporary, _ in written:
            temporary.unlink(missing_ok=True)


def _stream(path: Path) -> bool:
    """A path that is there and is no file: a device, a pipe (/dev/stdout), written as it is."""
    return path.exists() and not path.is_file() and not path.is_dir()


def _target(path: Path) -> Path:
    """The file a path writes: the one a link points to."""
    return path.resolve() if path.is_symlink() else path


def _bytes(text: str | bytes) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8")


def _temporary(target: Path, text: str | bytes, named: Path) -> Path:
    """text in a new file beside target, with target's permissions where it is there (else those a new
    file gets), flushed to the device."""
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except OSError as err:
        raise refuse(named, err.strerror or str(err)) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(_bytes(text))
            out.flush()
            os.fsync(out.fileno())
        if target.exists():
            os.chmod(temporary, mode)  # os.open's mode is cut by the umask; a rewritten file keeps its own
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary
