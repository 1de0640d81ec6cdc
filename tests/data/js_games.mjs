// Plays games of one variant's JavaScript engine for tests/test_js_target.py, and replays the records it is given.
// usage: node js_games.mjs ENGINE.js INPUT.json; prints one JSON object.
// INPUT: {tables: [[players, partnerships]], seeds: [...], handsAtMost, undoShare, gamesAtMost, records: [record]}.
// Games are played by random and greedy bots mixed at the table (claims true, missing or wrong where scores are
// announced); now and then a move is made and taken back, which must leave the game as it was; once a game its
// save is restored and played on in lockstep with it; a view of one seat is kept at one point of each game.
// Where the variant has match rules, whole matches are played too, their saves restored on the way and at the end.
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";

const [enginePath, inputPath] = process.argv.slice(2);
const input = JSON.parse(readFileSync(inputPath, "utf8"));
const bytes = readFileSync(enginePath.replace(/\.js$/, ".wasm"));
const imports = WebAssembly.Module.imports(new WebAssembly.Module(bytes)).map((i) => `${i.module}.${i.name}`);
const js = await import(pathToFileURL(enginePath).href);
const { Game, Match, IllegalMove, variant } = js;
await js.load(); // the .wasm beside the module, read as the module reads it in Node
const errors = [];

function mulberry32(seed) { // the driver's own choices, the same on every run
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function withoutClaim(move) { // a bot's move as the legal moves list it: a claim is the mover's word, not the move
  const { claim, ...bare } = move;
  return claim === undefined ? move : bare;
}

function state(game) {
  return JSON.stringify([game.events, game.scores, game.winners, game.over, game.handOver, game.current,
    game.legalMoves(), game.hands, game.pile, game.pegs, game.record(), game.layout(), game.handSizes]);
}

function expectIllegal(where, call) {
  try {
    call();
  } catch (error) {
    if (error instanceof IllegalMove) return error.message;
    errors.push(`${where}: threw ${error} instead of IllegalMove`);
    return null;
  }
  errors.push(`${where}: no IllegalMove`);
  return null;
}

function play(players, partnerships, seed) {
  const rng = mulberry32(seed * 7919 + players * 31 + (partnerships ? 1 : 0));
  const where = `${players}p${partnerships ? " partnerships" : ""} seed ${seed}`;
  const bots = Array.from({ length: players }, () => (rng() < 0.4 ? "greedy" : "random"));
  const game = new Game({ players, partnerships, seed });
  let twin = null; // the game restored from a save, played on in lockstep
  const saveAt = Math.floor(rng() * 40), viewAt = Math.floor(rng() * 40);
  let moves = 0, view = null;
  const both = (call) => {
    const mine = call(game);
    if (twin !== null) {
      const theirs = call(twin);
      if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
        errors.push(`${where}: the restored save went another way: ${JSON.stringify(theirs)} for ${JSON.stringify(mine)}`);
        twin = null;
      }
    }
    return mine;
  };
  while (!game.over && !(game.handOver && game.handNumber >= input.handsAtMost)) {
    if (game.handOver) {
      both((g) => g.startHand());
      continue; // a hand may be decided as it is dealt
    }
    if (moves === saveAt && twin === null) {
      const text = JSON.stringify(game);
      twin = Game.fromJSON(text);
      if (JSON.stringify(twin) !== text || state(twin) !== state(game)) {
        errors.push(`${where}: a save restored is not the game saved`);
      }
    }
    if (moves === viewAt) {
      const record = game.record();
      const seat = Math.floor(rng() * players);
      view = { hand: record.hands.length, moves: record.hands[record.hands.length - 1].moves.length, seat,
        view: game.view(seat) };
    }
    const move = both((g) => g.botMove(bots[game.current]));
    const legal = game.legalMoves();
    if (move.claim !== undefined && move.claim !== game.pointsFor(move)) {
      errors.push(`${where}: the bot claims ${move.claim} for ${JSON.stringify(move)}, not its true points`);
    }
    if (!legal.some((m) => JSON.stringify(m) === JSON.stringify(withoutClaim(move)))) {
      errors.push(`${where}: the bot's move ${JSON.stringify(move)} is not among the legal moves`);
    }
    if (rng() < input.undoShare) { // another legal move, made and taken back
      const before = state(game);
      const other = legal[Math.floor(rng() * legal.length)];
      game.apply(other, variant.announced && other.play ? 5 : undefined);
      game.undo();
      if (state(game) !== before) errors.push(`${where}: undo did not give back the game before ${JSON.stringify(other)}`);
    }
    let claim;
    if (variant.announced && move.play !== undefined) claim = [undefined, 0, 5, 10][Math.floor(rng() * 4)];
    both((g) => g.apply(move, claim));
    moves += 1;
  }
  if (twin !== null && state(twin) !== state(game)) errors.push(`${where}: the restored save ended elsewhere`);
  return { players, partnerships, seed, record: game.record(), events: game.events, scores: game.scores,
    winners: game.winners, over: game.over, view };
}

function matchState(match) {
  return JSON.stringify([match.events, match.results, match.matchPoints, match.gamesWon, match.over, match.winners,
    match.record(), match.games.map(state)]);
}

function playMatch(players, partnerships, seed) { // a whole match, bots mixed, moves taken back, saves restored
  const rng = mulberry32(seed * 104729 + players * 17 + (partnerships ? 1 : 0));
  const where = `match ${players}p${partnerships ? " partnerships" : ""} seed ${seed}`;
  const bots = Array.from({ length: players }, () => (rng() < 0.5 ? "greedy" : "random"));
  const match = new Match({ players, partnerships, seed });
  const saveAt = Math.floor(rng() * 200);
  let moves = 0;
  const restored = () => {
    const text = JSON.stringify(match);
    const twin = Match.fromJSON(text);
    if (JSON.stringify(twin) !== text || matchState(twin) !== matchState(match)) {
      errors.push(`${where}: a save restored after ${moves} moves is not the match saved`);
    }
  };
  while (!match.over && match.games.length <= input.gamesAtMost) {
    const game = match.game;
    if (game.over) {
      match.finishGame();
      expectIllegal(`${where}: a scored game's move taken back`, () => game.undo());
      if (!match.over) match.nextGame();
    } else if (game.handOver) {
      game.startHand();
    } else {
      if (moves === saveAt) restored();
      const move = game.botMove(bots[game.current]);
      if (rng() < input.undoShare) {
        const before = matchState(match);
        game.apply(move);
        game.undo();
        if (matchState(match) !== before) errors.push(`${where}: undo did not give back the match`);
      }
      game.apply(move);
      moves += 1;
    }
  }
  restored();
  if (match.over) {
    expectIllegal(`${where}: a game after the match is won`, () => match.nextGame());
    expectIllegal(`${where}: a game scored twice`, () => match.finishGame());
  }
  return { players, partnerships, seed, record: match.record(), events: match.events, scores: match.game.scores,
    winners: match.winners, matchPoints: match.matchPoints, over: match.over };
}

function refusals() { // what a game refuses, the game unchanged
  const [players, partnerships] = input.tables[0];
  const game = new Game({ players, partnerships, seed: 1 });
  const before = state(game);
  const hand = game.hand(game.current);
  const other = game.hand((game.current + 1) % players);
  const malformed = [null, 3, "play", [], {}, { seat: game.current }, { seat: game.current, play: other[0] },
    { seat: game.current, play: "[99|99]" }, { seat: game.current, play: hand[0], on: hand[0] },
    { seat: game.current, play: hand[0], on: hand[0], port: "north" }, { seat: game.current, pass: "yes" },
    { seat: game.current, draw: true, pass: true }, { seat: (game.current + 1) % players, play: hand[0] },
    { seat: game.current, pass: true, claim: 3 }, { seat: 1.5, pass: true }];
  const messages = malformed.map((move, i) => expectIllegal(`malformed move ${i}`, () => game.apply(move)));
  expectIllegal("a claim that is no number", () => game.apply(game.legalMoves()[0], "ten"));
  if (!game.handOver) expectIllegal("a deal before the hand ends", () => game.startHand());
  expectIllegal("an unknown bot", () => game.botMove("clever"));
  expectIllegal("a bot given milliseconds", () => game.botMove("ismcts:5ms"));
  expectIllegal("a seat out of range", () => game.view(players));
  expectIllegal("a table the variant does not play", () => new Game({ players: 99 }));
  expectIllegal("a seed past 64 bits", () => new Game({ players, partnerships, seed: 1n << 64n }));
  expectIllegal("a save of another variant", () => Game.fromJSON({ ...game.toJSON(), variant: "Nothing" }));
  expectIllegal("a save that is no JSON", () => Game.fromJSON("{"));
  expectIllegal("a record of a match", () => Game.fromRecord({ players, games: [] }));
  if (variant.match) {
    const match = new Match({ players, partnerships, seed: 1 });
    expectIllegal("a game scored before it is over", () => match.finishGame());
    expectIllegal("a next game before this one is scored", () => match.nextGame());
    expectIllegal("a save of a match read as a game's", () => Game.fromJSON(JSON.stringify(match)));
    expectIllegal("a match save that is no match", () => Match.fromJSON({ ...match.toJSON(), games: [] }));
  } else {
    expectIllegal("a match of a variant without match rules", () => new Match({ players, partnerships }));
  }
  expectIllegal("nothing to undo", () => new Game({ players, partnerships, seed: 1 }).undo()); // a deal stays
  if (state(game) !== before) errors.push("a refused call changed the game");
  const fresh = new Game({ players, partnerships, seed: 1 });
  if (state(fresh) !== before) errors.push("a game of the same seed was dealt another way");
  for (const bot of ["expert", "ismcts:30"]) { // the thinking bots move legally
    const move = game.botMove(bot);
    if (!game.legalMoves().some((m) => JSON.stringify(m) === JSON.stringify(withoutClaim(move)))) {
      errors.push(`${bot} chose ${JSON.stringify(move)}, which is not legal`);
    }
  }
  return messages;
}

function replayed(record) {
  if (record.games) {
    const match = Match.fromRecord(record, { seed: 3 });
    return { events: match.events, scores: match.game.scores, winners: match.winners, refusal: null,
      matchPoints: match.matchPoints };
  }
  const game = Game.fromRecord(record, { seed: 3 });
  const broken = JSON.parse(JSON.stringify(record));
  const hand = broken.hands.find((h) => h.moves.some((m) => m.play !== undefined));
  let refusal = null;
  if (hand) { // a placement of a tile its seat does not hold
    const move = hand.moves.find((m) => m.play !== undefined);
    move.play = hand.deal.filter((_, seat) => seat !== move.seat).flat()[0];
    refusal = expectIllegal("a record broken", () => Game.fromRecord(broken));
  }
  return { events: game.events, scores: game.scores, winners: game.winners, refusal };
}

const games = [];
for (const [players, partnerships] of input.tables) {
  for (const seed of input.seeds) games.push(play(players, partnerships, seed));
}
const matches = [];
if (variant.match) {
  for (const [players, partnerships] of input.tables) {
    for (const seed of input.seeds) matches.push(playMatch(players, partnerships, seed));
  }
}
const messages = refusals();
const records = input.records.map(replayed);
process.stdout.write(JSON.stringify({ imports, variant, games, matches, records, messages, errors }));
