"""dominospec: a rules language for Fives-family dominoes, its engine compiler and document verifier."""

# The folder is compiler/ in the checkout but the package is dominospec (pyproject's package-dir).
# Imported under its folder's name it would be a second copy of every module, and the IR's enums
# of one copy are not those of the other.
if __name__ != "dominospec":
    raise ImportError(f"{__name__!r} is the checkout's folder of the package 'dominospec': "
                      "install the project (pip install -e .) and import dominospec")

# simulate and compare load the simulation package on first use: `import dominospec` stays light.
from typing import TYPE_CHECKING, Any  # noqa: E402

if TYPE_CHECKING:
    from .simulation.run import compare, simulate

__all__ = ["compare", "simulate"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from .simulation import run
        return getattr(run, name)
    raise AttributeError(f"module 'dominospec' has no attribute {name!r}")
