// A typed use of a JavaScript engine, checked by tsc --strict against the engine's .d.ts
// (tests/test_js_types.py): never run, only type-checked.
import {
  load, Game, IllegalMove, variant,
  type GameEvent, type GameRecord, type Move, type SavedGame, type Tile, type Variant, type View,
} from "../../generated/fives_and_threes.js";

const loaded: Variant = await load();
const players: number = loaded.playerCounts[0] ?? 2;
const game = new Game({ players, seed: 7n, partnerships: false });
const log: GameEvent[] = [];
while (!game.over) {
  if (game.handOver) {
    log.push(...game.startHand());
    continue;
  }
  const moves: Move[] = game.legalMoves();
  const first: Move | undefined = moves[0];
  if (first !== undefined && "play" in first) {
    const tile: Tile = first.play;
    log.push(...game.apply(first, 0));
    game.undo();
    console.log(tile, first.on ?? "lead", first.port);
  }
  const seen: View = game.view(game.current);
  const mine: Tile[] = seen.hand;
  console.log(mine.length, seen.handSizes, seen.layout.end_total, seen.legalMoves.length);
  try {
    game.apply({ seat: game.current, pass: true });
  } catch (error) {
    if (!(error instanceof IllegalMove)) throw error;
    const message: string = error.message;
    console.log(message);
  }
  log.push(...game.apply(game.botMove(game.current % 2 === 0 ? "greedy" : "ismcts:50")));
}
const record: GameRecord = game.record();
const save: SavedGame = game.toJSON();
const again: Game = Game.fromJSON(JSON.stringify(save));
const replayed: Game = Game.fromRecord(record, { seed: 1 });
const winners: number[] = replayed.winners;
console.log(variant.name, log.length, again.scores, winners, game.pegs.map(([back, front]) => front - back));

// The boardgame.io adapter's definition, its G and a player's view.
import { boardgameGame, type BoardgameState, type BoardgamePlayerView } from "../../generated/fives_and_threes.js";
const definition = boardgameGame({ name: "fives" });
const G: BoardgameState = definition.setup({ ctx: { numPlayers: 2 }, random: { Number: Math.random } }, { seed: 3 });
const firstHands = "hands" in G.save.record ? G.save.record.hands : G.save.record.games[0]?.hands ?? [];
const next = definition.moves.move.move({ G, playerID: "0" }, firstHands[0]?.moves[0] ?? { seat: 0, pass: true });
const shown: BoardgamePlayerView = definition.playerView({ G, playerID: null });
const choices: Move[] = definition.ai.enumerate(G, { currentPlayer: "0" }).map((choice) => choice.args[0]);
console.log(next === "INVALID_MOVE" ? null : next.winners, shown.view.hand, choices.length, definition.endIf({ G }));

// A match, where the variant has match rules (this one has none: the constructor would throw IllegalMove).
import { Match, type GameResult, type MatchRecord, type SavedMatch } from "../../generated/fives_and_threes.js";
function playMatch(): [number[], MatchRecord, SavedMatch] {
  const match = new Match({ players: 2, seed: 1 });
  const results: GameResult[] = [];
  while (!match.over) {
    const current: Game = match.game;
    while (!current.over) {
      if (current.handOver) current.startHand();
      else current.apply(current.botMove());
    }
    results.push(match.finishGame());
    if (!match.over) match.nextGame({ deal: true });
  }
  const lines: (string | null)[] = results.map((result) => result.line);
  console.log(lines, match.gamesWon, variant.match?.lines ?? [], Match.fromRecord(match.record()).winners);
  return [match.matchPoints, match.record(), match.toJSON()];
}
console.log(variant.match === null ? "one game" : playMatch());
