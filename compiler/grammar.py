"""The rules-language grammar: rules.lark plus the phrase terminals taken from the IR's enums."""

from __future__ import annotations

import functools
import json
from importlib import resources

import lark

from . import ir

# Phrase terminal -> the Choice enum whose values it accepts.
PHRASE_TERMINALS: dict[str, type[ir.Choice]] = {
    "PARTNERSHIP_KIND": ir.PartnershipKind,
    "UNDEALT_KIND": ir.Undealt,
    "DRAWN_KIND": ir.DrawnTile,
    "CANNOT_KIND": ir.CannotPlay,
    "WHEN_ABLE_KIND": ir.WhenAble,
    "OPENER_KIND": ir.Opener,
    "LEAD_KIND": ir.Lead,
    "SPINNER_KIND": ir.Spinners,
    "BRANCHES_KIND": ir.BranchesOpen,
    "HALVES_KIND": ir.DoubleAtEnd,
    "EXTRA_KIND": ir.ExtraTurn,
    "STUCK_KIND": ir.ExtraTurnStuck,
    "PARTNER_OUT_KIND": ir.PartnershipOut,
    "AWARD_FROM": ir.AwardFrom,
    "BLOCKED_KIND": ir.BlockedHand,
    "TIED_KIND": ir.TiedLowest,
    "TARGET_KIND": ir.TargetKind,
    "MATCH_TARGET_KIND": ir.MatchTargetKind,
    "NEXT_GAME_KIND": ir.NextGameOpener,
}


def _phrase_rule(name: str, choice: type[ir.Choice]) -> str:
    # Longest first: a regex alternation takes the first phrase that matches, not the longest.
    phrases = sorted((member.value for member in choice), key=len, reverse=True)
    return f"{name}: " + " | ".join(json.dumps(p) for p in phrases)


@functools.cache
def grammar_text() -> str:
    base = resources.files("dominospec").joinpath("rules.lark").read_text(encoding="utf-8")
    phrases = "\n".join(_phrase_rule(n, c) for n, c in PHRASE_TERMINALS.items())
    return f"{base}\n{phrases}\n"


@functools.cache
def parser() -> lark.Lark:
    return lark.Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=False)
