"""The C yardstick (yardstick_fives_and_threes.c) built with the system C compiler and driven by ctypes.

One call plays a batch of hands, as the native engine's driver does, and hands back the figures by name.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "yardstick_fives_and_threes.c"


class YardstickUnavailable(Exception):
    """No C compiler, or the yardstick does not build: the message says which."""


def compiler() -> str | None:
    """The system C compiler ($CC, else cc, gcc or clang), or None when there is none."""
    names = [os.environ["CC"]] if os.environ.get("CC") else ["cc", "gcc", "clang"]
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


class CYardstick:
    """The built library: play_hands(count, seed, first) -> {stat name: sum over the hands}."""

    def __init__(self, library: Path) -> None:
        self._library = ctypes.CDLL(str(library))
        self._library.yardstick_stat_count.restype = ctypes.c_int32
        self._library.yardstick_stat_name.restype = ctypes.c_char_p
        self._library.yardstick_stat_name.argtypes = [ctypes.c_int32]
        self._play = self._library.yardstick_hands
        self._play.restype = ctypes.c_int64
        self._play.argtypes = [ctypes.c_int64, ctypes.c_int64, ctypes.c_uint64, ctypes.POINTER(ctypes.c_int64)]
        count = self._library.yardstick_stat_count()
        self.stat_names = [self._library.yardstick_stat_name(i).decode("ascii") for i in range(count)]

    def play_hands(self, count: int, seed: int = 1, first: int = 0) -> dict[str, int]:
        stats = (ctypes.c_int64 * len(self.stat_names))()
        self._play(first, count, seed, stats)
        return dict(zip(self.stat_names, stats, strict=True))


def build(directory: Path) -> CYardstick:
    """Compile the yardstick into directory (cc -O2 -shared -fPIC) and load it."""
    cc = compiler()
    if cc is None:
        raise YardstickUnavailable("no C compiler (set CC, or install cc)")
    library = directory / "yardstick_fives_and_threes.so"
    done = subprocess.run([cc, "-O2", "-shared", "-fPIC", "-std=c99", "-o", str(library), str(SOURCE)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise YardstickUnavailable(f"{cc} could not build {SOURCE.name}: {done.stderr.strip()}")
    return CYardstick(library)
