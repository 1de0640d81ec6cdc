"""The JavaScript target's context adapter: the variant's data the driver needs beside its WebAssembly (its name, its
set, its tables and the size of their deals, for the words of a refusal and the shape of a deal), and the numbering
of the native engine's play interface, taken from the Python driver of the same interface so that the two cannot
drift. No rule is decided here: the engine plays them all."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ...language import ir
from ...play import bots
from .. import native_game
from ..c.quoting import comment_text
from ..python.context import match_line_names
from ..standalone import sections_of

RUNTIME = Path(__file__).resolve().parent / "runtime"


@functools.cache
def runtime_sections() -> Mapping[str, str]:
    """The fixed JavaScript and TypeScript every engine copies in, by section name."""
    return sections_of(RUNTIME, ("loader.js", "engine.js", "match_format.js", "engine.d.ts"))


@dataclass(frozen=True)
class JsModuleContext:
    """A module's parts: a variant's (or a match format's) data and the interface's numbering, with the runtime."""

    name_comment: str  # escaped for a block comment
    data: str  # VARIANT (or FORMAT), as a JSON object (ASCII: every string escaped)
    abi: str  # ABI, as a JSON object
    runtime: Mapping[str, str]


def abi() -> dict[str, object]:
    """The play interface's numbering, as the Python driver (and the ABI's version, as the native loader) has it."""
    from ...native import BOT_CODES  # the native loader: only compiling this target pays for it
    from ..c.context import ABI_VERSION

    return {
        "version": ABI_VERSION, "ports": list(native_game.PORTS), "halves": list(native_game.HALVES),
        "moveKinds": list(native_game.MOVE_KINDS), "botCodes": BOT_CODES, "simpleBots": list(bots.SIMPLE),
        "maxIterations": bots.MAX_ITERATIONS, "stateFigures": list(native_game.STATE_FIGURES),
        "stateLists": list(native_game.STATE_LISTS), "eventRoom": native_game.EVENT_ROOM,
    }


def variant_data(v: ir.Variant) -> dict[str, object]:
    """What the driver says of the variant (VARIANT): the engine itself knows it all, but does not tell it."""
    counts = list(v.player_counts)
    return {
        "name": v.name, "maxPip": v.max_pip, "playerCounts": counts,
        "playersText": ir.counts_text(counts),
        "partnershipsFixed": v.partnerships is ir.PartnershipKind.FIXED,
        # the play interface takes a deal's tiles as one list, each hand as long as the rules deal: the driver
        # holds a deal to that shape, which the engine cannot see in the list
        "dealSizes": {str(n): v.tiles_dealt(n) or 0 for n in counts},
        "announced": v.placement_points is ir.PlacementPoints.ANNOUNCED,
        # a game's result names the line its best loser is below: the engine gives the line's number
        "match": None if v.match is None else {"lines": list(match_line_names(v)), "gameTarget": v.target.points},
    }


def variant_context(v: ir.Variant) -> JsModuleContext:
    return JsModuleContext(
        name_comment=comment_text(v.name), data=json.dumps(variant_data(v), indent=2),
        abi=json.dumps(abi(), indent=2),
        runtime=runtime_sections(),
    )


def match_format_context(f: ir.MatchFormat) -> JsModuleContext:
    from ..c.context import ABI_VERSION, MATCH_FORMAT_SIDES, MATCH_STATE_FIGURES, MATCH_STATE_LISTS

    data = {"name": f.name, "gameTarget": f.game_target, "lines": list(match_line_names(f)),
            "sidesAtMost": MATCH_FORMAT_SIDES}
    abi = {"version": ABI_VERSION, "matchFigures": list(MATCH_STATE_FIGURES), "matchLists": list(MATCH_STATE_LISTS)}
    return JsModuleContext(name_comment=comment_text(f.name), data=json.dumps(data, indent=2),
                           abi=json.dumps(abi, indent=2), runtime=runtime_sections())
