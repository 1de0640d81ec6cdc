"""What the engine tests share: every shipped spec with its engine built in memory, and strategies
for the table (players, partnerships, starting scores) and for deals."""

from __future__ import annotations

import functools
import types
from pathlib import Path

from hypothesis import strategies as st

from compiler import ir
from compiler.engines import load_engine
from compiler.spec import load
from reference_model import Tile, full_set
from support import SHIPPED

SPEC_IDS = [path.relative_to(path.parent.parent).as_posix() for path in SHIPPED]


@functools.cache
def engine_for(path: Path) -> tuple[ir.Variant, types.ModuleType]:
    """The checked Variant of a spec and its engine, generated exactly as `compile` would write it."""
    variant = load(path)
    return variant, load_engine(variant, path)


@st.composite
def tables(draw: st.DrawFn, variant: ir.Variant) -> tuple[int, bool, list[int]]:
    """Players (four more often where partnerships are possible: their rules are the most involved),
    partnerships where the variant allows them, and starting scores below the target (often just
    below it, so that targets are reached and passed)."""
    players = st.sampled_from(list(variant.player_counts))
    if variant.partnerships is not ir.PartnershipKind.NONE:
        players = players | st.just(4)
    players = draw(players)
    partnerships = False
    if players == 4 and variant.partnerships is ir.PartnershipKind.FIXED:
        partnerships = True
    elif players == 4 and variant.partnerships is ir.PartnershipKind.OPTIONAL:
        partnerships = draw(st.booleans())
    sides = 2 if partnerships else players
    target = variant.target.points
    score = st.one_of(st.integers(max(0, target - 10), target - 1), st.integers(0, target - 1))
    return players, partnerships, draw(st.lists(score, min_size=sides, max_size=sides))


def deals(variant: ir.Variant, players: int) -> st.SearchStrategy[tuple[list[list[Tile]], list[Tile]]]:
    """A shuffled set: each seat's hand, then the undealt tiles in drawing order."""
    size = variant.tiles_dealt(players) or 0

    def split(order: list[Tile]) -> tuple[list[list[Tile]], list[Tile]]:
        return [order[i * size:(i + 1) * size] for i in range(players)], order[players * size:]

    return st.permutations(full_set(variant.max_pip)).map(split)
