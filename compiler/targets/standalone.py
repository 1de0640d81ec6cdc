"""Copy-in of fixed runtime code, as lark's standalone generator does it: a runtime source file marks the
sections an engine takes verbatim with a line `###{standalone NAME` before and `###}` after them (in a C source,
as a line comment: `//###{standalone NAME`, `//###}`)."""

from __future__ import annotations

import re
from pathlib import Path

_START = re.compile(r"^\s*(?://)?###\{standalone (\w+)\s*$")
_END = re.compile(r"^\s*(?://)?###\}\s*$")


def sections(path: Path) -> dict[str, str]:
    """Every marked section of a source file, by name: its lines as written, indentation included."""
    found: dict[str, str] = {}
    name: str | None = None
    lines: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        start, end = _START.match(line), _END.match(line)
        if start and name is None:
            name, lines = start.group(1), []
        elif end and name is not None:
            if name in found:
                raise ValueError(f"{path}:{number}: section {name!r} is marked twice")
            found[name] = "\n".join(lines).strip("\n")
            name = None
        elif start or end:
            raise ValueError(f"{path}:{number}: a section marker out of place")
        elif name is not None:
            lines.append(line)
    if name is not None:
        raise ValueError(f"{path}: section {name!r} has no end marker")
    return found
