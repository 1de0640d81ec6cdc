"""`dominospec replay --target js`: a record replayed by the variant's JavaScript engine (its ES module and
WebAssembly, as `compile --target js` writes them) in Node.js. The record's hands are dealt and its moves applied
one at a time, as Game.fromRecord does, so that the events and scores up to a move the rules refuse are kept; the
message for a refused record is the Python replay's (the same words, and the same place in the record, as the
other targets give). A match ('games') is played game by game by the engine's Match, which scores each game."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from ...language import ir
from ...language.diagnostics import Diagnostic, UsageError
from ...play.replay import ReplayResult

# The Node script: argv ENGINE.js RECORD.json; prints {events, scores, winners, target, match_points, refusal}.
DRIVER = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [enginePath, recordPath] = process.argv.slice(2);
const { load, Game, Match, IllegalMove } = await import(pathToFileURL(enginePath).href);
await load();
const record = JSON.parse(readFileSync(recordPath, "utf8"));
let game = null, match = null, refusal = null, started = 0; // started: the match's games whose replay began

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

// A game's hands, each dealt and each move applied, up to the first the rules refuse.
function playHands(game, hands, prefix) {
  if (!Array.isArray(hands)) return attempt(prefix, () => { throw new IllegalMove("'hands' must be a list"); });
  return hands.every((hand, h) => {
    const where = `${prefix}hand ${h + 1}`;
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

// The record's table (fromRecord checks it without its hands), then its hands, or a match's games one by one, each
// begun once its record has the shape of a game (and, after the first, once the match lets it follow).
if (Array.isArray(record.games)) {
  const table = () => {
    if (Object.hasOwn(record, "first_hand") && !Game.firstHandIn(record.first_hand)) {
      throw new IllegalMove(Game.FIRST_HAND_REFUSED);
    }
    if (record.scores !== undefined && record.scores !== null) {
      throw new IllegalMove("'scores' start a single game; a match of games starts from nothing");
    }
    if (Object.hasOwn(record, "first_hand")) {
      throw new IllegalMove("'first_hand' starts a single game at a later hand; each game of a match starts at its " +
        "first hand");
    }
    match = new Match({ players: record.players, partnerships: record.partnerships ?? undefined, deal: false });
  };
  if (attempt(null, table)) {
    record.games.every((written, g) => {
      const where = `game ${g + 1}`;
      const shaped = written !== null && typeof written === "object" && Array.isArray(written.hands);
      const shape = () => { throw new IllegalMove("a game is an object with a list of 'hands'"); };
      if (!shaped) return attempt(where, shape);
      if (g > 0) {
        const first = written.hands[0];
        const opener = first && Number.isInteger(first.opener) ? first.opener : undefined;
        const follows = () => {
          if (!match.game.over) throw new IllegalMove(`game ${g} is not won, yet another game follows`);
          match.nextGame({ opener, deal: false });
        };
        if (!attempt(where, follows)) return false;
      }
      started += 1;
      const played = playHands(match.game, written.hands, `${where}, `);
      if (played && match.game.over) match.finishGame();
      return played;
    });
    game = started ? match.game : null;
  }
} else {
  const table = Array.isArray(record.hands) ? { ...record, hands: [] } : record;
  if (attempt(null, () => { game = Game.fromRecord(table); })) playHands(game, record.hands, "");
}
// A match's games are the ones begun (a first game refused before it began leaves none: no figures).
const figures = game === null ? { events: [], scores: [], winners: [], target: 0 }
  : { events: (match ?? game).events, scores: game.scores, winners: (match ?? game).winners, target: game.target };
process.stdout.write(JSON.stringify({ ...figures, match_points: match ? match.matchPoints : null, refusal }));
"""


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
        assert js.companions is not None
        self._python = python  # the Python engine: its messages for records the rules refuse
        self._files = {js.suffix: generate(variant, spec_path.name, js), **js.companions(variant, spec_path.name)}
        self._module = js.module_name(spec_path)

    def replay(self, record: dict[str, Any]) -> ReplayResult:
        from ...play.replay import replay as python_replay
        result = ReplayResult()
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
        result.match_points = out["match_points"]
        if out["refusal"] is not None:  # the Python replay's words for it (the JavaScript engine's where it has none)
            result.error = python_replay(self._python, record).error or out["refusal"]
        return result
