// Plays whole games of one variant's boardgame.io game definition (the engine module's boardgameGame()) in
// boardgame.io's own headless Client, for tests/test_js_boardgame.py: each move chosen from ai.enumerate by a seeded
// choice, made as the current seat. Along the way it checks that the turn is the engine's current seat, that a move
// out of turn is refused, and that a player's view is the engine's view(seat) (a spectator's holds no hand). Where the
// variant has match rules a boardgame.io game is a whole match, its games one after another.
// usage: node js_boardgame.mjs ENGINE.js INPUT.json; INPUT: {games: [{players, seed}]}; prints one JSON object.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

// boardgame.io 0.50 has no "exports" map, so Node's ES modules cannot import 'boardgame.io/client' (a folder):
// its CommonJS build is required by that name instead, the same Client.
const { Client } = createRequire(import.meta.url)("boardgame.io/client");

const [enginePath, inputPath] = process.argv.slice(2);
const input = JSON.parse(readFileSync(inputPath, "utf8"));
const js = await import(pathToFileURL(enginePath).href);
await js.load();
const errors = [];
const games = [];

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

for (const { players, seed } of input.games) {
  const where = `${players}p seed ${seed}`;
  const definition = js.boardgameGame();
  const client = Client({ game: { ...definition, seed: `seed ${seed}` }, numPlayers: players, debug: false });
  client.start();
  const rng = mulberry32(seed * 7919 + players);
  let moves = 0, views = 0, hands = 1;
  for (;;) {
    const { G, ctx } = client.store.getState(); // the master's state, the save included
    if (ctx.gameover !== undefined) break;
    if (moves > 20000) {
      errors.push(`${where}: no end after ${moves} moves`);
      break;
    }
    if (ctx.currentPlayer !== String(G.current)) errors.push(`${where}: the turn is ${ctx.currentPlayer}, not ${G.current}`);
    if (G.handOver) errors.push(`${where}: a hand ended and the next was not dealt`);
    const engine = js.variant.match ? js.Match.fromJSON(G.save).game : js.Game.fromJSON(G.save);
    hands = Math.max(hands, engine.handNumber);
    const choices = definition.ai.enumerate(G, ctx, ctx.currentPlayer);
    const seat = G.current;
    if (choices.length === 0) {
      errors.push(`${where}: no move to enumerate`);
      break;
    }
    if (moves % 17 === 0) { // the view of the seat to move, of another seat, and a spectator's
      const other = (seat + 1) % players;
      for (const id of [String(seat), String(other), null]) {
        client.updatePlayerID(id);
        const seen = client.getState().G;
        const expected = id === null ? [] : engine.hand(Number(id));
        if ("save" in seen) errors.push(`${where}: the view of ${id} shows the save`);
        if (JSON.stringify(seen.view.hand) !== JSON.stringify(expected)) {
          errors.push(`${where}: the view of ${id} shows the hand ${JSON.stringify(seen.view.hand)}`);
        }
        if (id !== null && JSON.stringify(seen.view) !== JSON.stringify(engine.view(Number(id)))) {
          errors.push(`${where}: the view of ${id} is not the engine's view`);
        }
        if (id === null && seen.view.events.some((e) => e.event === "draw" && e.tile !== null)) {
          errors.push(`${where}: a spectator sees a drawn tile`);
        }
      }
      views += 1;
      // a move out of turn is refused, the state unchanged
      const before = client.store.getState()._stateID;
      client.updatePlayerID(String(other));
      const consoleError = console.error;
      console.error = () => {}; // boardgame.io reports the refused move
      client.moves.move({ seat: other, pass: true });
      console.error = consoleError;
      if (client.store.getState()._stateID !== before) errors.push(`${where}: a move out of turn was made`);
    }
    const { move, args } = choices[Math.floor(rng() * choices.length)];
    client.updatePlayerID(String(args[0].seat));
    const before = client.store.getState()._stateID;
    client.moves[move](...args);
    if (client.store.getState()._stateID === before) errors.push(`${where}: the move ${JSON.stringify(args[0])} was refused`);
    moves += 1;
  }
  const { G, ctx } = client.store.getState();
  games.push({ players, seed, moves, views, hands, gameover: ctx.gameover ?? null, winners: G.winners, scores: G.scores,
    matchPoints: G.matchPoints ?? null, record: G.save.record,
    json: JSON.stringify(G) === JSON.stringify(JSON.parse(JSON.stringify(G))) });
  client.stop();
}
process.stdout.write(JSON.stringify({ errors, games }));
