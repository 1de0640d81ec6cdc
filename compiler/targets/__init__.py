"""The compile targets by name. Adding one is a folder (templates and a context adapter) and a row here."""

from __future__ import annotations

from .c import C
from .js import JS
from .python import PYTHON
from .target import Target

TARGETS: dict[str, Target] = {target.name: target for target in (PYTHON, C, JS)}
DEFAULT = PYTHON
