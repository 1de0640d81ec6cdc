"""`dominospec replay --target js`: a record replayed by the variant's JavaScript engine (its ES module and
WebAssembly, as `compile --target js` writes them) in Node.js. The record's hands are dealt and its moves applied
one at a time, as Game.fromRecord does, so that the events and scores up to a move the rules refuse are kept; the
message for a refused record is the Python replay's (the same words, and the same place in the record, as the
other targets give). A match ('games') is refused: the JavaScript engine plays one game and keeps no match score."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from ...language import ir
from ...language.diagnostics import Diagnostic, InputError, UsageError
from ...play.replay import ReplayResult

# The Node script: argv ENGINE.js RECORD.json; prints {events, scores, winners, target, refusal}.
DRIVER = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [enginePath, recordPath] = process.argv.slice(2);
const { load, Game, IllegalMove } = await import(pathToFileURL(enginePath).href);
await load();
const record = JSON.parse(readFileSync(recordPath, "utf8"));
let game = null, refusal = null;

function attempt(where, call) {
  try {
    call();
    return true;
  } catch (error) {
    if (!(error instanceof IllegalMove)) throw error;
    refusal = where === null ? error.message : `${where}: ${error.message}`;
    return false;
  }
}

// The record's table (fromRecord checks it without its hands), then each hand dealt and each move applied.
const table = Array.isArray(record.hands) ? { ...record, hands: [] } : record;
if (attempt(null, () => { game = Game.fromRecord(table); })) {
  const hands = record.hands;
  hands.every((hand, h) => {
    const where = `hand ${h + 1}`;
    if (game.over) return attempt(where, () => { throw new IllegalMove("the game was already won"); });
    const ok = attempt(where, () => {
      if (hand === null || typeof hand !== "object" || Array.isArray(hand)) throw new IllegalMove("not a hand");
      if (!Array.isArray(hand.moves ?? [])) throw new IllegalMove("'moves' must be a list");
      game.startHand({ opener: hand.opener, hands: hand.deal, pile: hand.boneyard });
    });
    if (!ok) return false;
    const played = (hand.moves ?? []).every((move, m) => attempt(`${where}, move ${m + 1}`, () => {
      if (game.over) throw new IllegalMove("the game is already won");
      if (game.handOver) throw new IllegalMove("the hand is already over");
      game.apply(move);
    }));
    if (!played) return false;
    if (h < hands.length - 1 && !game.handOver) {
      return attempt(where, () => { throw new IllegalMove("the record stops before the hand is decided"); });
    }
    return true;
  });
}
const figures = game === null ? { events: [], scores: [], winners: [], target: 0 }
  : { events: game.events, scores: game.scores, winners: game.winners, target: game.target };
process.stdout.write(JSON.stringify({ ...figures, refusal }));
"""

MATCH_REFUSED = ("'games': the JavaScript engine plays one game and keeps no match score, so it cannot replay a "
                 "match of games; replay this record with --target python (or --target c)")


def node() -> str:
    """The node command; UsageError (exit 2) where there is none."""
    found = shutil.which("node")
    if found is None:
        raise UsageError([Diagnostic("node is not on PATH: --target js replays in the JavaScript engine, which "
                                     "runs in Node.js 18 or later", None,
                                     hint="install Node.js, or replay with --target python")])
    return found


class JsReplayer:
    """A variant's JavaScript engine, written into a folder of its own, replaying records in Node."""

    def __init__(self, variant: ir.Variant, spec_path: Path, python: Any) -> None:
        from ...targets import TARGETS
        from ...targets.codegen import generate
        self._node = node()
        js = TARGETS["js"]
        refused = js.refusal(variant)
        if refused is not None:
            raise InputError([Diagnostic(refused[0], None, refused[1], file=str(spec_path))])
        assert js.companions is not None
        self._python = python  # the Python engine: its messages for records the rules refuse
        self._files = {js.suffix: generate(variant, spec_path.name, js), **js.companions(variant, spec_path.name)}
        self._module = js.module_name(spec_path)
        self._has_match = variant.match is not None

    def replay(self, record: dict[str, Any]) -> ReplayResult:
        from ...play.replay import replay as python_replay
        result = ReplayResult()
        if self._has_match and "games" in record:
            result.error = MATCH_REFUSED
            return result
        with tempfile.TemporaryDirectory(prefix="dominospec-js-") as work:
            folder = Path(work)
            for suffix, data in self._files.items():
                path = folder / f"{self._module}{suffix}"
                if isinstance(data, bytes):
                    path.write_bytes(data)
                else:
                    path.write_text(data, encoding="utf-8")
            (folder / "replay.mjs").write_text(DRIVER, encoding="utf-8")
            (folder / "record.json").write_text(json.dumps(record), encoding="utf-8")
            done = subprocess.run([self._node, "replay.mjs", f"{self._module}.js", "record.json"], cwd=folder,
                                  capture_output=True, text=True, errors="replace", check=False)
        if done.returncode != 0:
            raise UsageError([Diagnostic(f"the JavaScript engine failed in node (exit {done.returncode})", None,
                                         hint=done.stderr.strip()[-2000:] or "it said nothing")])
        out = json.loads(done.stdout)
        result.events, result.scores, result.winners = out["events"], out["scores"], out["winners"]
        result.target = out["target"]
        if out["refusal"] is not None:  # the Python replay's words for it (the JavaScript engine's where it has none)
            result.error = python_replay(self._python, record).error or out["refusal"]
        return result
