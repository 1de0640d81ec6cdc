/* A match format's JavaScript module: its WebAssembly (the C target's match format engine, built for wasm32) scores
   the games of a match in match points, fed each game's final scores, as the Python target's MatchScore does; the
   rules are the engine's, and the words of a refusal are the Python engine's. The JavaScript target copies the
   section below into every <format>.js, after the format's data (FORMAT), the interface's numbering (ABI) and the
   loader (loader.js); this file is read as text, never run alone. */

//###{standalone match_format
/** The match format this module scores. */
export const format = FORMAT;

const REFUSALS = { // ds_match_add_game's refusals
  [-2]: () => "the match is already won",
  [-3]: (scores) => `nobody reached ${FORMAT.gameTarget} in the scores [${scores.join(", ")}]: the game is not over`,
  [-4]: (scores) => `a game to exactly ${FORMAT.gameTarget} cannot end on ${Math.max(...scores)}`,
};

function setUp(x) { // the loader's call: one match's bytes and its figures, for every match's calls
  const alloc = (bytes) => {
    const at = x.malloc(bytes);
    if (!at) throw new Error(`the ${FORMAT.name} engine found no memory`);
    return at;
  };
  const size = x.ds_match_size(), stateCount = x.ds_match_state_count();
  return { x, size, stateCount, match: alloc(size), figures: alloc(8 * stateCount) };
}

/** The running match score: feed it each game's final scores, in order (addGame). */
export class MatchScore {
  #bytes;
  #results = [];

  constructor(sides) {
    need();
    if (!Number.isInteger(sides) || sides < 2) {
      throw new IllegalMove(`a match is between 2 or more sides, not ${brief(sides)}`);
    }
    if (engine.x.ds_match_new(engine.match, sides) !== 0) {
      throw new IllegalMove(`a match of ${FORMAT.name} is between 2 and ${FORMAT.sidesAtMost} sides, not ${sides}`);
    }
    this.#bytes = bytesAt(engine.match, engine.size).slice();
  }

  #state() {
    bytesAt(engine.match, engine.size).set(this.#bytes);
    engine.x.ds_match_state(engine.match, engine.figures);
    const figures = Array.from(new BigInt64Array(engine.x.memory.buffer, engine.figures, engine.stateCount), Number);
    const named = ABI.matchFigures.length, seats = (figures.length - named) / ABI.matchLists.length;
    const state = Object.fromEntries(ABI.matchFigures.map((name, i) => [name, figures[i]]));
    ABI.matchLists.forEach((name, k) => { state[name] = figures.slice(named + k * seats, named + (k + 1) * seats); });
    return state;
  }

  get sides() { return this.#state().sides; }
  get matchPoints() { const s = this.#state(); return s.points.slice(0, s.sides); }
  get gamesWon() { const s = this.#state(); return s.won.slice(0, s.sides); }
  get over() { return Boolean(this.#state().over); }
  get winners() { const s = this.#state(); return s.winners.slice(0, s.winners_count); }
  /** Each game scored so far, as addGame returned it. */
  get results() { return JSON.parse(JSON.stringify(this.#results)); }

  /** Score one finished game: its scores, one a side; its winners are the sides that reached the game target.
      Its result: {game, scores, winners, line, points, outright, match_points, games_won, match_over,
      match_winners}. IllegalMove, the match unchanged, for scores the rules refuse. */
  addGame(scores) {
    const sides = this.sides;
    if (!Array.isArray(scores) || scores.length !== sides || !scores.every((s) => Number.isSafeInteger(s) && s >= 0)) {
      throw new IllegalMove(`a game's result is ${sides} whole numbers of at least 0, not ${brief(scores)}`);
    }
    bytesAt(engine.match, engine.size).set(this.#bytes);
    new BigInt64Array(engine.x.memory.buffer, engine.figures, sides).set(scores.map(BigInt));
    const refused = engine.x.ds_match_add_game(engine.match, engine.figures);
    if (refused !== 0) throw new IllegalMove((REFUSALS[refused] ?? (() => "the engine refuses these scores"))(scores));
    this.#bytes = bytesAt(engine.match, engine.size).slice();
    const s = this.#state();
    const result = {
      game: s.games, scores: scores.slice(), winners: s.game_winners.slice(0, s.game_winners_count),
      line: s.line >= 0 ? FORMAT.lines[s.line] : null, points: s.game_points, outright: Boolean(s.outright),
      match_points: s.points.slice(0, sides), games_won: s.won.slice(0, sides), match_over: Boolean(s.over),
      match_winners: s.winners.slice(0, s.winners_count),
    };
    this.#results.push(result);
    return JSON.parse(JSON.stringify(result));
  }
}
//###}
