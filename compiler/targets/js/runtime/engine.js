/* The JavaScript engine's fixed code: a variant's WebAssembly module (its C engine built for wasm32) driven a move
   at a time through the C runtime's play interface (the ds_table_* functions of play.c), as the Python driver
   dominospec.native.Game (compiler/targets/native_game.py) drives the same interface over ctypes. Every rule is the
   engine's: this code translates moves, reads events and figures, keeps the game's bytes for undo and builds
   records. The JavaScript target copies the section below into every <variant>.js, after the variant's data
   (VARIANT), the interface's numbering (ABI) and the loader (loader.js); this file is read as text, never run
   alone. */

//###{standalone engine
const TABLE_REFUSED = -1;
const MOVE_INTS = 5; // a move as ints: kind, tile (a muggins call: the calling seat), on, port, by (-1: none)
const MUGGINS = ABI.moveKinds.indexOf("muggins");
const TILES = []; // the set in the engine's order, as text: [0|0], [0|1], ... [N|N]
for (let low = 0; low <= VARIANT.maxPip; low++) {
  for (let high = low; high <= VARIANT.maxPip; high++) TILES.push(`[${low}|${high}]`);
}
const TILE_INDEX = new Map(TILES.map((text, index) => [text, index]));
const TILE_TEXT = /^\s*\[\s*([0-9]{1,4})\s*\|\s*([0-9]{1,4})\s*\]\s*$/;
const decoder = new TextDecoder();
const CONTINUED = Symbol("continued"); // the options of a match's next game: the bytes it starts from
let inMatch = null; // what a Match asks of its games (Game's own calls, given out in its static block)

/** The variant this module plays. */
export const variant = VARIANT;

// --- the WebAssembly module's buffers: one set a page (or process), for every game's calls

function setUp(x) { // the loader's call, once the module is loaded: the buffers every game's calls use
  if (!x.ds_table_events()) throw new Error(`the ${VARIANT.name} WebAssembly module was built without its events`);
  const e = {
    x, tableSize: x.ds_table_size(), stateCount: x.ds_state_count(), room: ABI.eventRoom, loaded: null,
  };
  const alloc = (bytes) => {
    const at = x.malloc(bytes);
    if (!at) throw new Error(`the ${VARIANT.name} engine found no memory`);
    return at;
  };
  e.table = alloc(e.tableSize); // the game of the call under way (each game keeps its bytes in JavaScript)
  e.ints = alloc(4 * Math.max(x.ds_max_moves() * MOVE_INTS, x.ds_layout_ints()));
  e.figures = alloc(8 * e.stateCount);
  e.tiles = alloc(TILES.length);
  e.events = alloc(e.room);
  e.alloc = alloc;
  // The highest number a game's first hand may have is the rules' own (the last round, in a game of rounds): a state
  // figure of any table, read once from zeroed bytes.
  new Uint8Array(x.memory.buffer, e.table, e.tableSize).fill(0);
  x.ds_table_state(e.table, e.figures);
  e.maxHandNumber = Number(new BigInt64Array(x.memory.buffer, e.figures, e.stateCount)[
    ABI.stateFigures.indexOf("max_hand_number")]);
  return e;
}

function enter(table) { // the game's bytes into the module's table, unless they are there already
  if (engine.loaded !== table) {
    bytesAt(engine.table, engine.tableSize).set(table);
    engine.loaded = table;
  }
}

function leave() { // the module's table as the game's new bytes (never written to again: undo keeps the old ones)
  engine.loaded = bytesAt(engine.table, engine.tableSize).slice();
  return engine.loaded;
}

// --- words and values

function tileIndex(text) {
  const found = typeof text === "string" ? TILE_TEXT.exec(text) : null;
  if (!found) throw new IllegalMove(`not a tile: ${brief(text)} (write tiles as "[a|b]")`);
  const a = Number(found[1]), b = Number(found[2]);
  const index = TILE_INDEX.get(`[${Math.min(a, b)}|${Math.max(a, b)}]`);
  if (index === undefined) throw new IllegalMove(`${text.trim()} is not in the double-${VARIANT.maxPip} set`);
  return index;
}

function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function copy(value) { // events, records and views are JSON: a copy shares nothing with the game
  return JSON.parse(JSON.stringify(value));
}

function same(a, b) { // JSON values alike, whatever the order of their keys
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => same(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    return keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length &&
      keys.every((key) => has(b, key) && same(a[key], b[key]));
  }
  return a === b;
}

function seedOf(seed) {
  if (seed === undefined || seed === null) {
    const words = new Uint32Array(2);
    if (globalThis.crypto && typeof globalThis.crypto.getRandomValues === "function") {
      globalThis.crypto.getRandomValues(words);
    } else {
      words[0] = Math.random() * 2 ** 32;
      words[1] = Math.random() * 2 ** 32;
    }
    return (BigInt(words[0]) << 32n) | BigInt(words[1]);
  }
  if (typeof seed === "number" && Number.isSafeInteger(seed) && seed >= 0) return BigInt(seed);
  if (typeof seed === "bigint" && seed >= 0n && seed < 1n << 64n) return seed;
  throw new IllegalMove(`a seed is a whole number from 0 to 2**64 - 1 (a number or a BigInt), not ${brief(seed)}`);
}

function botCode(name) {
  if (ABI.simpleBots.includes(name)) return ABI.botCodes[name];
  const found = typeof name === "string" ? /^ismcts:([0-9]{1,9})(ms)?$/.exec(name) : null;
  if (found && found[2]) {
    throw new IllegalMove(`${name}: the WebAssembly engine has no clock to give a search milliseconds; ` +
      "give it iterations, such as ismcts:400");
  }
  if (found) {
    const iterations = Number(found[1]);
    if (iterations >= 1 && iterations <= ABI.maxIterations) return ABI.botCodes.ismcts | (iterations << 4);
    throw new IllegalMove(`a search bot searches 1 to ${ABI.maxIterations} iterations a move, not ${iterations}`);
  }
  throw new IllegalMove(`unknown bot ${brief(name)}: the bots are ${ABI.simpleBots.join(", ")} ` +
    "and ismcts:N (N iterations a move)");
}

function saved(text, kind) { // a save's object: its text read, or the object itself
  if (typeof text !== "string") return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new IllegalMove(`not a saved ${kind}: ${error.message}`);
  }
}

function within(where, error) { // an IllegalMove said again with the place in a record it stands
  return error instanceof IllegalMove ? new IllegalMove(`${where}: ${error.message}`) : error;
}

// --- a game

/** One game to its target, hand by hand, played in the engine. Drive it with legalMoves() and apply(); after a
    hand ends call startHand() for the next. The constructor deals the first hand unless deal is false. */
export class Game {
  #table; // the game's bytes: the engine's whole game, as ds_table_size() bytes
  #seed;
  #state = {};
  #lists = {};
  #starting = [];
  #first = 1; // the game's number of its first hand here: a record of a game's later hands starts past 1
  #log = []; // the events
  #deals = []; // each hand's [opener, hands, pile], as dealt
  #history = []; // before each move of the hand under way: the bytes and the lengths of the lists
  #steps = []; // what drew on the game's random numbers, in order, for a save: deals, moves and bots asked

  constructor({ players, partnerships, seed, scores, opener, deal = true, firstHand = 1,
    [CONTINUED]: continued } = {}) {
    need();
    const x = engine.x;
    if (continued) { // a match's next game: the table the match rules left, no hand dealt
      this.#table = continued.table;
      this.#seed = continued.seed;
      this.#read();
      this.#starting = this.scores;
      return;
    }
    if (!Number.isInteger(players) || !VARIANT.playerCounts.includes(players)) {
      throw new IllegalMove(`${VARIANT.name} is played by ${VARIANT.playersText} players, not ${brief(players)}`);
    }
    if (partnerships !== undefined && partnerships !== null && typeof partnerships !== "boolean") {
      throw new IllegalMove(`partnerships is true, false or left out, not ${brief(partnerships)}`);
    }
    const together = partnerships ?? (VARIANT.partnershipsFixed && players === 4);
    if (!x.ds_table_allowed(players, together ? 1 : 0)) {
      throw new IllegalMove(together ? `${VARIANT.name} has no partnerships with ${players} players`
        : `${VARIANT.name} is always played by 4 as two partnerships`);
    }
    this.#seed = seedOf(seed);
    enter(new Uint8Array(engine.tableSize));
    if (x.ds_table_new(engine.table, players, together ? 1 : 0, this.#seed) === TABLE_REFUSED) {
      throw new IllegalMove(`this variant is not played by ${players} players${together ? " in partnerships" : ""}`);
    }
    if (!Game.firstHandIn(firstHand)) {
      throw new IllegalMove("first_hand, the number of the game's hand it starts at, is a whole number from 1 to " +
        `${engine.maxHandNumber.toLocaleString("en-US")}, not ${brief(firstHand)}`);
    }
    x.ds_table_first_hand(engine.table, firstHand);
    this.#first = firstHand;
    this.#table = leave();
    this.#read();
    if (scores !== undefined && scores !== null) {
      if (!Array.isArray(scores) || scores.length !== this.sides || !scores.every(Number.isSafeInteger)) {
        throw new IllegalMove(`starting scores are ${this.sides} whole numbers, not ${brief(scores)}`);
      }
      new BigInt64Array(engine.x.memory.buffer, engine.figures, this.sides).set(scores.map(BigInt));
      const refused = x.ds_table_start_scores(engine.table, engine.figures);
      if (refused) throw new IllegalMove(`starting scores are below the target (and not below zero), not ${brief(scores)}`);
      this.#table = leave();
      this.#read();
    }
    this.#starting = this.scores;
    if (deal) {
      this.startHand({ opener });
    } else if (opener !== undefined && opener !== null) {
      throw new IllegalMove("an opener is given for a hand that is not dealt");
    }
  }

  /** Whether a record's first_hand is one a game may start at. */
  static firstHandIn(first) { return Number.isInteger(first) && first >= 1 && first <= engine.maxHandNumber; }
  static get FIRST_HAND_REFUSED() {
    return "'first_hand' must be the number of the record's first hand in its game, from 1 to " +
      engine.maxHandNumber.toLocaleString("en-US");
  }

  // --- the figures, read from the engine after every call

  #read() {
    enter(this.#table);
    engine.x.ds_table_state(engine.table, engine.figures);
    const figures = Array.from(new BigInt64Array(engine.x.memory.buffer, engine.figures, engine.stateCount), Number);
    const named = ABI.stateFigures.length;
    const seats = (figures.length - named) / ABI.stateLists.length;
    this.#state = Object.fromEntries(ABI.stateFigures.map((name, i) => [name, figures[i]]));
    this.#lists = Object.fromEntries(ABI.stateLists.map((name, k) => [name,
      figures.slice(named + k * seats, named + (k + 1) * seats)]));
  }

  get players() { return this.#state.players; }
  get partnerships() { return Boolean(this.#state.partnerships); }
  get sides() { return this.#state.sides; }
  get target() { return this.#state.target; }
  get over() { return Boolean(this.#state.over); }
  get handOver() { return Boolean(this.#state.hand_over); }
  get current() { return this.#state.current; }
  get handNumber() { return this.#state.hand_number; }
  get firstHand() { return this.#first; }
  get opener() { return this.#state.opener; }
  get pileSize() { return this.#state.pile; }
  get seed() { return this.#seed; }
  get scores() { return this.#lists.scores.slice(0, this.sides); }
  get startingScores() { return this.#starting.slice(); }
  get pegs() { return this.#lists.peg_back.slice(0, this.sides).map((back, side) => [back, this.#lists.scores[side]]); }
  get winners() { return this.#lists.winners.slice(0, this.#state.winners_count); }
  get handSizes() { return this.#lists.hand_sizes.slice(0, this.players); }
  get #scored() { return this.#state.games_scored === this.#state.games; }

  /** The event log: hands, placements, draws, passes, hand ends, awards, wins (a copy). */
  get events() { return copy(this.#log); }

  /** The tiles seat holds, in its hand's order. */
  hand(seat) { return this.#tiles(this.#seat(seat)); }

  get hands() { return Array.from({ length: this.players }, (_, seat) => this.#tiles(seat)); }

  /** The tiles left to draw, in drawing order. */
  get pile() { return this.#tiles(-1); }

  #tiles(seat) {
    enter(this.#table);
    const count = engine.x.ds_table_tiles(engine.table, seat, engine.tiles);
    return Array.from(new Uint8Array(engine.x.memory.buffer, engine.tiles, count), (tile) => TILES[tile]);
  }

  #seat(seat) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.players) {
      throw new IllegalMove(`a seat is a whole number from 0 to ${this.players - 1}, not ${brief(seat)}`);
    }
    return seat;
  }

  // --- moving

  /* A call that writes events, made again with more room while they do not fit (the game's bytes put back in
     between); its events, or null where the engine refused it. */
  #call(fn, ...args) {
    const before = this.#table;
    for (;;) {
      enter(before);
      const length = Number(fn(engine.table, ...args, engine.events, BigInt(engine.room)));
      this.#table = leave();
      if (length === TABLE_REFUSED) return null;
      if (length <= engine.room) {
        const text = decoder.decode(bytesAt(engine.events, length));
        return text.split("\n").filter((line) => line).map((line) => JSON.parse(line));
      }
      this.#table = before;
      engine.x.free(engine.events);
      engine.events = 0;
      engine.events = engine.alloc(2 * length);
      engine.room = 2 * length;
    }
  }

  /** Deal a new hand (shuffled by the game's seed unless hands are given, with the pile in drawing order, or
      the tiles no hand holds where no pile is given) and set its opener (by the rules where none is given);
      returns the events it caused. */
  startHand({ opener, hands, pile } = {}) {
    if (this.over) throw new IllegalMove("the game is over");
    if (!this.handOver) throw new IllegalMove("the current hand is not over");
    const chosen = opener === undefined || opener === null ? null : this.#seat(opener);
    let tiles = 0, npile = -1;
    if (hands !== undefined && hands !== null) {
      const size = VARIANT.dealSizes[this.players];
      if (!Array.isArray(hands) || hands.length !== this.players ||
          !hands.every((hand) => Array.isArray(hand) && hand.length === size)) {
        throw new IllegalMove(`a deal is ${this.players} hands of ${size} tiles, not ${brief(hands)}`);
      }
      const dealt = hands.flat().map(tileIndex);
      let rest = [];
      if (pile !== undefined && pile !== null) {
        if (!Array.isArray(pile)) throw new IllegalMove(`a pile is a list of tiles, not ${brief(pile)}`);
        rest = pile.map(tileIndex);
        npile = rest.length;
      }
      if (dealt.length + rest.length > TILES.length) {
        throw new IllegalMove(`a deal and its pile hold at most the ${TILES.length} tiles of the set`);
      }
      new Uint8Array(engine.x.memory.buffer, engine.tiles, TILES.length).set([...dealt, ...rest]);
      tiles = engine.tiles;
    } else if (pile !== undefined && pile !== null) {
      throw new IllegalMove("a pile is given together with the hands it is left from");
    }
    const events = this.#call(engine.x.ds_table_deal, chosen ?? -1, tiles, npile);
    if (events === null) throw new IllegalMove("the rules refuse this deal or its opener");
    this.#history.length = 0; // a deal is not taken back
    this.#read();
    this.#deals.push([this.opener, this.hands, this.pile]);
    this.#log.push(...events);
    this.#steps.push([tiles ? "given" : "deal", chosen]);
    return copy(events);
  }

  /** The current seat's legal moves (and the calls of muggins open to the others), in the engine's order, each
      as a record writes it: {seat, play, on, port} (by, where a wild tile names its half), {seat, draw: true},
      {seat, pass: true} or {seat, muggins: true}. */
  legalMoves() {
    enter(this.#table);
    const count = engine.x.ds_table_legal(engine.table, engine.ints);
    this.#table = leave();
    const ints = new Int32Array(engine.x.memory.buffer, engine.ints, count * MOVE_INTS);
    return Array.from({ length: count }, (_, i) => this.#move(ints.subarray(i * MOVE_INTS, (i + 1) * MOVE_INTS)));
  }

  #move([kind, tile, on, port, by]) {
    const name = ABI.moveKinds[kind];
    if (kind === MUGGINS) return { seat: tile, muggins: true };
    if (name !== "play") return { seat: this.current, [name]: true };
    const move = { seat: this.current, play: TILES[tile] };
    if (on >= 0) {
      move.on = TILES[on];
      move.port = ABI.ports[port];
    }
    if (by >= 0) move.by = ABI.halves[by];
    return move;
  }

  /* A move's ints for the engine; IllegalMove for anything that is not a move's shape, as a record writes it. */
  #ints(move) {
    if (!isObject(move)) {
      throw new IllegalMove("a move is an object such as {seat: 0, play: \"[1|4]\", on: \"[4|4]\", port: \"lineA\"}, " +
        `{seat: 0, draw: true}, {seat: 0, pass: true} or {seat: 0, muggins: true}, not ${brief(move)}`);
    }
    if (!Number.isInteger(move.seat)) throw new IllegalMove(`a move's seat is a seat number, not ${brief(move.seat)}`);
    const kinds = ABI.moveKinds.filter((kind) => has(move, kind));
    if (kinds.length !== 1) {
      throw new IllegalMove(`a move has exactly one of 'play', 'pass', 'draw' or 'muggins': ${brief(move)}`);
    }
    const kind = kinds[0], code = ABI.moveKinds.indexOf(kind);
    if (has(move, "claim") && kind !== "play") throw new IllegalMove("only a placement carries a 'claim'");
    const on = move.on ?? null, port = move.port ?? null;
    if (has(move, "by") && (kind !== "play" || on === null)) {
      throw new IllegalMove("only a placement on a tile of the table carries 'by'");
    }
    if (kind !== "play") {
      if (move[kind] !== true) throw new IllegalMove(`write ${kind}: true`);
      return [code, kind === "muggins" ? move.seat : -1, -1, -1, -1];
    }
    const tile = tileIndex(move.play);
    if (on === null && port === null) return [code, tile, -1, -1, -1];
    if (on === null || port === null) {
      throw new IllegalMove("a placement needs both 'on' and 'port' (or neither, for the lead)");
    }
    if (!ABI.ports.includes(port)) {
      throw new IllegalMove(`unknown port ${brief(port)}; ports are ${ABI.ports.join(", ")}`);
    }
    const by = has(move, "by") ? ABI.halves.indexOf(move.by) : -1;
    if (has(move, "by") && by < 0) {
      throw new IllegalMove(`'by' names the half of a wild tile that touches: "low" or "high", not ${brief(move.by)}`);
    }
    return [code, tile, tileIndex(on), ABI.ports.indexOf(port), by];
  }

  /** Play one move (a placement with the points claimed for it, where scores are announced: claim, else the
      move's own claim); returns the events it caused. IllegalMove, the game unchanged, for a move not legal now
      or not a move at all. */
  apply(move, claim) {
    const ints = this.#ints(move);
    if (claim === undefined) claim = move.claim;
    let claimed = -1n;
    if (claim !== undefined && claim !== null) {
      if (!(Number.isSafeInteger(claim) && claim >= 0) && !(typeof claim === "bigint" && claim >= 0n && claim < 2n ** 62n)) {
        throw new IllegalMove(`a claim is a whole number of points, 0 or more, not ${brief(claim)}`);
      }
      if (!VARIANT.announced) {
        throw new IllegalMove(`${VARIANT.name} credits placement points at once: a placement carries no claim`);
      }
      claimed = BigInt(claim);
    }
    if (this.over) throw new IllegalMove("the game is over");
    if (this.handOver) throw new IllegalMove("the hand is over: deal the next one with startHand()");
    if (ints[0] !== MUGGINS && move.seat !== this.current) {
      throw new IllegalMove(`it is seat ${this.current}'s turn, not seat ${move.seat}'s`);
    }
    new Int32Array(engine.x.memory.buffer, engine.ints, MOVE_INTS).set(ints);
    const before = this.#table;
    const events = this.#call(engine.x.ds_table_apply, engine.ints, claimed);
    if (events === null) {
      const legal = this.legalMoves().map((m) => JSON.stringify(m)).join(", ") || "none: the hand is over";
      throw new IllegalMove(`${brief(move)} is not a legal move now; the legal moves are ${legal}`);
    }
    this.#history.push({ table: before, log: this.#log.length, steps: this.#steps.length });
    this.#read();
    this.#log.push(...events);
    this.#steps.push(1);
    return copy(events);
  }

  /** Take back the last move of the hand under way (a deal is not taken back); IllegalMove where the hand has no
      move yet. */
  undo() {
    if (this.#scored) throw new IllegalMove("the game is scored in its match: its moves are not taken back");
    const last = this.#history.pop();
    if (!last) throw new IllegalMove("there is nothing to undo: the hand under way has no move yet");
    this.#table = last.table;
    this.#log.length = last.log;
    this.#steps.length = last.steps;
    this.#read();
  }

  /** The displayed points a placement would score now: its true points, which its claim should name (the
      placement made in the engine and its bytes put back). IllegalMove for a move that is no legal placement. */
  pointsFor(move) {
    const ints = this.#ints(move);
    if (!has(move, "play")) throw new IllegalMove(`only a placement scores points, not ${brief(move)}`);
    if (this.over || this.handOver || move.seat !== this.current) {
      throw new IllegalMove(`${brief(move)} is not a legal move now`);
    }
    new Int32Array(engine.x.memory.buffer, engine.ints, MOVE_INTS).set(ints);
    const before = this.#table;
    const events = this.#call(engine.x.ds_table_apply, engine.ints, -1n);
    this.#table = before; // the engine's table is loaded again before the next call
    if (events === null) throw new IllegalMove(`${brief(move)} is not a legal move now`);
    return events.find((e) => e.event === "play").points;
  }

  /** The move the named bot (random, greedy, expert or ismcts:N) would make for the current seat; where scores are
      announced, a placement carries the claim of its true points, as the engines' bots claim. The bots draw on
      the game's random numbers. */
  botMove(name = "greedy") {
    const code = botCode(name);
    enter(this.#table);
    const result = engine.x.ds_table_bot_move(engine.table, code, engine.ints);
    if (result === TABLE_REFUSED) throw new IllegalMove("no bot moves now: the hand is over");
    this.#table = leave();
    this.#steps.push(["bot", name]);
    if (result !== 0) throw new Error(`the bot ${name} found no memory for its search`);
    const move = this.#move(new Int32Array(engine.x.memory.buffer, engine.ints, MOVE_INTS));
    if (VARIANT.announced && move.play !== undefined) {
      const points = this.pointsFor(move);
      if (points) move.claim = points;
    }
    return move;
  }

  // --- what a seat sees, the record and the save

  /** The table as the Python engine's Layout.to_dict() gives it: tiles, connections, spinners, open_ports,
      counted_ends and end_total, and markers where the layout has trains. */
  layout() {
    enter(this.#table);
    const n = engine.x.ds_table_layout(engine.table, engine.ints);
    const ints = Array.from(new Int32Array(engine.x.memory.buffer, engine.ints, n));
    let at = 0;
    const count = ints[at++];
    const placed = Array.from({ length: count }, (_, i) => ints.slice(at + 4 * i, at + 4 * i + 4));
    at += 4 * count;
    const ports = () => {
      const found = Array.from({ length: ints[at] }, (_, i) => [TILES[ints[at + 1 + 3 * i]],
        ABI.ports[ints[at + 2 + 3 * i]], ints[at + 3 + 3 * i]]);
      at += 1 + 3 * found.length;
      return found;
    };
    const openPorts = ports();
    const spinners = ints.slice(at + 1, at + 1 + ints[at]).map((tile) => TILES[tile]);
    at += 1 + ints[at];
    const counted = ports();
    const layout = {
      tiles: placed.map((p) => TILES[p[2]]),
      connections: placed.filter((p) => p[0] >= 0).map(([on, port, tile, touch]) => [TILES[on], ABI.ports[port],
        TILES[tile], ABI.ports[touch]]),
      spinners, open_ports: openPorts, counted_ends: counted, end_total: ints[at],
    };
    const markers = ints[at + 1]; // -1 where the layout has no trains
    if (markers >= 0) layout.markers = ints.slice(at + 2, at + 2 + markers);
    return layout;
  }

  /** What seat can see: its own hand and legal moves, the others' hand sizes, the table, the scores and the public
      events (the tiles others drew hidden). */
  view(seat) {
    this.#seat(seat);
    const events = this.#log.map((e) => (e.event === "draw" && e.seat !== seat ? { ...e, tile: null } : e));
    return {
      seat, hand: this.hand(seat), handSizes: this.handSizes, pileSize: this.pileSize, layout: this.layout(),
      scores: this.scores, pegs: this.pegs, current: this.current, handOver: this.handOver, over: this.over,
      winners: this.winners, events: copy(events), legalMoves: this.legalMoves().filter((move) => move.seat === seat),
    };
  }

  /** The game so far in the replay record format (`dominospec replay` reads it back). */
  record() {
    const hands = [];
    for (const event of this.#log) {
      const kind = event.event;
      if (kind === "hand") {
        const [opener, dealt, pile] = this.#deals[hands.length];  // in order: a hand played again keeps its number
        hands.push({ opener, deal: copy(dealt), boneyard: pile.slice(), moves: [] });
      } else if (kind === "play") {
        const move = { seat: event.seat, play: event.tile };
        if (event.on !== null && event.on !== undefined) {
          move.on = event.on;
          move.port = event.port;
        }
        if (has(event, "by")) move.by = event.by;
        if (event.claim) move.claim = event.claim;
        hands[hands.length - 1].moves.push(move);
      } else if (kind === "muggins" || kind === "draw" || kind === "pass") {
        hands[hands.length - 1].moves.push({ seat: event.seat, [kind]: true });
      }
    }
    const record = { players: this.players, partnerships: this.partnerships, scores: this.startingScores };
    if (this.#first !== 1) record.first_hand = this.#first;
    return { ...record, hands };
  }

  /** A game played again from its record (the replay record format of one game): its deals dealt as written, its
      moves applied, with seed for what is to come (random where none is given). IllegalMove, naming the hand and
      the move, for a record that does not play by the rules. */
  static fromRecord(record, { seed } = {}) {
    need();
    if (!isObject(record)) throw new IllegalMove(`a record is a JSON object, not ${brief(record)}`);
    if (has(record, "games")) {
      throw new IllegalMove("'games' holds a match of games: read it with Match.fromRecord");
    }
    if (!Number.isInteger(record.players)) throw new IllegalMove("'players' must be a number");
    if (record.partnerships !== undefined && record.partnerships !== null &&
        typeof record.partnerships !== "boolean") {
      throw new IllegalMove("'partnerships' must be true or false");
    }
    if (record.scores !== undefined && record.scores !== null &&
        !(Array.isArray(record.scores) && record.scores.every(Number.isInteger))) {
      throw new IllegalMove("'scores' must be a list of numbers");
    }
    if (has(record, "first_hand") && !Game.firstHandIn(record.first_hand)) {
      throw new IllegalMove(Game.FIRST_HAND_REFUSED);
    }
    if (!Array.isArray(record.hands)) throw new IllegalMove("'hands' must be a list");
    const game = new Game({ players: record.players, partnerships: record.partnerships, scores: record.scores, seed,
      firstHand: record.first_hand ?? 1, deal: false });
    game.#replay(record.hands, "");
    return game;
  }

  /* A record's hands dealt and moved on this game, each refusal said with its place (after prefix). */
  #replay(hands, prefix) {
    const game = this;
    hands.forEach((hand, h) => {
      const where = `${prefix}hand ${h + 1}`;
      if (game.over) throw new IllegalMove(`${where}: the game was already won`);
      if (!isObject(hand)) throw new IllegalMove(`${where}: a hand is an object with 'opener', 'deal' and 'moves'`);
      if (!Number.isInteger(hand.opener)) throw new IllegalMove(`${where}: 'opener' must be a seat number`);
      if (!Array.isArray(hand.deal)) throw new IllegalMove(`${where}: 'deal' must hold one list of tiles per seat`);
      const moves = hand.moves ?? [];
      if (!Array.isArray(moves)) throw new IllegalMove(`${where}: 'moves' must be a list`);
      try {
        game.startHand({ opener: hand.opener, hands: hand.deal, pile: hand.boneyard });
      } catch (error) {
        throw within(where, error);
      }
      moves.forEach((move, m) => {
        const at = `${where}, move ${m + 1}`;
        if (game.over) throw new IllegalMove(`${at}: the game is already won`);
        if (game.handOver) throw new IllegalMove(`${at}: the hand is already over`);
        try {
          game.apply(move);
        } catch (error) {
          throw within(at, error);
        }
      });
      if (h < hands.length - 1 && !game.handOver) {
        throw new IllegalMove(`${where}: the record stops before the hand is decided, yet another hand follows`);
      }
    });
  }

  // --- a game of a match: what a Match asks of its games

  static {
    inMatch = {
      finish: (game) => game.#finish(),
      next: (game, opener) => game.#next(opener),
      steps: (game, steps, record) => game.#play(steps, record),
      replay: (game, hands, prefix) => game.#replay(hands, prefix),
      savedSteps: (game) => game.#savedSteps(),
    };
  }

  /* The finished game scored in match points by the engine: its result, as the Python engine's MatchScore gives
     it. */
  #finish() {
    if (!this.over) throw new IllegalMove("the current game is not over");
    if (this.#scored) throw new IllegalMove("this game has already been scored");
    enter(this.#table);
    if (engine.x.ds_table_finish_game(engine.table) === TABLE_REFUSED) {
      throw new IllegalMove("the engine refuses to score this game");
    }
    this.#table = leave();
    this.#read();
    const s = this.#state, sides = (name) => this.#lists[name].slice(0, this.sides);
    return {
      game: s.games, scores: this.scores, winners: this.#lists.game_winners.slice(0, s.game_winners_count),
      line: s.line >= 0 ? VARIANT.match.lines[s.line] : null, points: s.game_points, outright: Boolean(s.outright),
      match_points: sides("match_points"), games_won: sides("games_won"), match_over: Boolean(s.match_over),
      match_winners: this.#lists.match_winners.slice(0, s.match_winners_count),
    };
  }

  /* The match's next game, from this scored game's table: opened as the match rules say (or by opener where they
     leave it open), no hand dealt. */
  #next(opener) {
    const chosen = opener === undefined || opener === null ? -1 : this.#seat(opener);
    if (!this.#scored) throw new IllegalMove("score the current game with finishGame() first");
    if (this.#state.match_over) throw new IllegalMove("the match is over");
    const table = (asked) => {
      enter(this.#table);
      const refused = engine.x.ds_table_next_game(engine.table, asked) === TABLE_REFUSED;
      return refused ? null : leave();
    };
    const free = table(-1); // the opener the match rules give, where they give one
    enter(free);
    engine.x.ds_table_state(engine.table, engine.figures);
    const given = Number(new BigInt64Array(engine.x.memory.buffer, engine.figures, engine.stateCount)[
      ABI.stateFigures.indexOf("first_opener")]);
    if (chosen >= 0 && given >= 0 && given !== chosen) {
      throw new IllegalMove(`the match rules have seat ${given} open the next game, not seat ${chosen}`);
    }
    const next = chosen >= 0 ? table(chosen) : free;
    return new Game({ [CONTINUED]: { table: next, seed: this.#seed } });
  }

  /** The game as a save (JSON.stringify(game) writes it): its record, its seed and the steps that drew on the
      seed's numbers (deals shuffled or given, runs of moves, bots asked), so that Game.fromJSON plays it again to
      the very position, random numbers and all. */
  toJSON() {
    return { variant: VARIANT.name, seed: String(this.#seed), steps: this.#savedSteps(), record: this.record() };
  }

  #savedSteps() {
    const steps = [];
    for (const step of this.#steps) {
      if (step === 1 && typeof steps[steps.length - 1] === "number") {
        steps[steps.length - 1] += 1;
      } else {
        steps.push(step === 1 ? 1 : step.filter((part) => part !== null).join(" "));
      }
    }
    return steps;
  }

  /** The game a save holds (its text, or the object toJSON gives): played again step by step, and held to the
      record it keeps; IllegalMove for anything else. */
  static fromJSON(text) {
    need();
    const save = saved(text, "game");
    if (!isObject(save) || !Array.isArray(save.steps) || !isObject(save.record) || typeof save.seed !== "string" ||
        !/^[0-9]{1,20}$/.test(save.seed) || !Array.isArray(save.record.hands)) {
      throw new IllegalMove("not a saved game: a save is {variant, seed, steps, record}, as toJSON() writes it");
    }
    if (save.variant !== VARIANT.name) {
      throw new IllegalMove(`this save is for ${brief(save.variant)}, not ${JSON.stringify(VARIANT.name)}`);
    }
    const { record, steps } = save;
    const game = new Game({ players: record.players, partnerships: record.partnerships, scores: record.scores,
      firstHand: record.first_hand ?? 1, seed: BigInt(save.seed), deal: false });
    game.#play(steps, record);
    if (!same(game.record(), record)) {
      throw new IllegalMove("not a saved game: its steps, played from its seed, do not give its record");
    }
    return game;
  }

  /* A save's steps played on this game, dealing and moving as its record (of this game) has it. */
  #play(steps, record) {
    let hand = -1, move = 0;
    steps.forEach((step, s) => {
      const where = `not a saved game: step ${s + 1} (${brief(step)})`;
      try {
        if (Number.isSafeInteger(step) && step > 0) {
          const moves = record.hands[hand] ? record.hands[hand].moves : undefined;
          if (!Array.isArray(moves) || move + step > moves.length) throw new IllegalMove("the record lacks its moves");
          for (let i = 0; i < step; i++) this.apply(moves[move++]);
          return;
        }
        const [kind, argument, ...more] = typeof step === "string" ? step.split(" ") : [];
        const opener = argument === undefined ? null : /^[0-9]{1,3}$/.test(argument) ? Number(argument) : NaN;
        if ((kind === "deal" || kind === "given") && !more.length && !Number.isNaN(opener)) {
          hand += 1;
          move = 0;
          const written = record.hands[hand];
          if (!isObject(written)) throw new IllegalMove("the record lacks the hand");
          if (kind === "given") {
            this.startHand({ opener, hands: written.deal, pile: written.boneyard });
          } else {
            this.startHand({ opener });
          }
        } else if (kind === "bot" && argument !== undefined && !more.length) {
          this.botMove(argument);
        } else {
          throw new IllegalMove("a step is a number of moves, \"deal\", \"given\" (each with an opener or none) " +
            "or \"bot NAME\"");
        }
      } catch (error) {
        throw within(where, error);
      }
    });
  }
}

// --- a match

/** A match of games, where the variant has match rules: each game to its target, games won scored in match points
    (the engine scores them). Play match.game as any Game; when it is over call finishGame(), then nextGame(). */
export class Match {
  #games = [];
  #results = [];

  constructor({ players, partnerships, seed, opener, deal = true } = {}) {
    need();
    if (!VARIANT.match) throw new IllegalMove(`${VARIANT.name} has no match rules: play one Game`);
    this.#games.push(new Game({ players, partnerships, seed, opener, deal }));
  }

  /** The game being played (or the last one, once the match is over). */
  get game() { return this.#games[this.#games.length - 1]; }
  get games() { return this.#games.slice(); }
  get players() { return this.game.players; }
  get partnerships() { return this.game.partnerships; }
  get sides() { return this.game.sides; }
  /** The seed of the match's deals and bots (its first game's: the later games go on drawing from its numbers). */
  get seed() { return this.#games[0].seed; }
  /** Each game scored so far: its scores and winners, the line its best loser is below, the match points it gave,
      and the match's score after it. */
  get results() { return copy(this.#results); }
  get #last() { return this.#results[this.#results.length - 1]; }
  get matchPoints() { return this.#last ? this.#last.match_points.slice() : new Array(this.sides).fill(0); }
  get gamesWon() { return this.#last ? this.#last.games_won.slice() : new Array(this.sides).fill(0); }
  get over() { return Boolean(this.#last && this.#last.match_over); }
  get winners() { return this.#last ? this.#last.match_winners.slice() : []; }

  /** The events of every game, each game's between {event: "game", game} and, once scored, {event: "game_end",
      ...its result}, as `dominospec replay --json` gives a match's. */
  get events() {
    return this.#games.flatMap((game, g) => [{ event: "game", game: g + 1 }, ...game.events,
      ...(g < this.#results.length ? [{ event: "game_end", ...copy(this.#results[g]) }] : [])]);
  }

  /** Score the finished current game in match points; its result. */
  finishGame() {
    if (this.#results.length === this.#games.length) throw new IllegalMove("this game has already been scored");
    const result = inMatch.finish(this.game);
    this.#results.push(result);
    return copy(result);
  }

  /** Start the match's next game, its first hand opened as the match rules say (or by opener where they leave it
      open); with deal false its first hand waits for startHand(). */
  nextGame({ opener, deal = true } = {}) {
    if (this.over) throw new IllegalMove("the match is over");
    if (this.#results.length !== this.#games.length) {
      throw new IllegalMove("score the current game with finishGame() first");
    }
    const game = inMatch.next(this.game, opener);
    if (deal) game.startHand();
    this.#games.push(game);
    return game;
  }

  /** The match so far in the replay record format: its games, each with its hands. */
  record() {
    return { players: this.players, partnerships: this.partnerships,
      games: this.#games.map((game) => ({ hands: game.record().hands })) };
  }

  /** A match played again from its record ({players, partnerships, games: [{hands}, ...]}), each finished game
      scored; IllegalMove, naming the game, hand and move, for a record that does not play by the rules. */
  static fromRecord(record, { seed } = {}) {
    need();
    if (!isObject(record)) throw new IllegalMove(`a record is a JSON object, not ${brief(record)}`);
    if (!Array.isArray(record.games) || !record.games.length) {
      throw new IllegalMove("'games' must be a list of the match's games, each {hands: [...]}");
    }
    if (has(record, "first_hand") && !Game.firstHandIn(record.first_hand)) {
      throw new IllegalMove(Game.FIRST_HAND_REFUSED);
    }
    if (record.scores !== undefined && record.scores !== null) {
      throw new IllegalMove("'scores' start a single game; a match of games starts from nothing");
    }
    if (has(record, "first_hand")) {
      throw new IllegalMove("'first_hand' starts a single game at a later hand; each game of a match starts at its " +
        "first hand");
    }
    const match = new Match({ players: record.players, partnerships: record.partnerships ?? undefined, seed,
      deal: false });
    record.games.forEach((game, g) => {
      const where = `game ${g + 1}`;
      if (!isObject(game) || !Array.isArray(game.hands)) throw new IllegalMove(`${where}: 'hands' must be a list`);
      if (g > 0) {
        if (!match.game.over) throw new IllegalMove(`game ${g} is not won, yet another game follows`);
        if (match.over) throw new IllegalMove(`${where}: the match was already won`);
        const first = game.hands[0];
        try {
          match.nextGame({ opener: isObject(first) && Number.isInteger(first.opener) ? first.opener : null,
            deal: false });
        } catch (error) {
          throw within(where, error);
        }
      }
      inMatch.replay(match.game, game.hands, `${where}, `);
      if (match.game.over) match.finishGame();
    });
    return match;
  }

  /** The match as a save: its seed, each game's steps (as Game's toJSON writes them), the games scored and the
      record. */
  toJSON() {
    return { variant: VARIANT.name, seed: String(this.seed), games: this.#games.map(inMatch.savedSteps),
      scored: this.#results.length, record: this.record() };
  }

  /** The match a save holds, played again game by game and held to its record; IllegalMove for anything else. */
  static fromJSON(text) {
    need();
    const save = saved(text, "match");
    if (!isObject(save) || !Array.isArray(save.games) || !save.games.length || !save.games.every(Array.isArray) ||
        !isObject(save.record) || !Array.isArray(save.record.games) || typeof save.seed !== "string" ||
        !/^[0-9]{1,20}$/.test(save.seed) || !Number.isInteger(save.scored) ||
        save.record.games.length !== save.games.length || !save.record.games.every(isObject)) {
      throw new IllegalMove("not a saved match: a save is {variant, seed, games, scored, record}, as toJSON() " +
        "writes it");
    }
    if (save.variant !== VARIANT.name) {
      throw new IllegalMove(`this save is for ${brief(save.variant)}, not ${JSON.stringify(VARIANT.name)}`);
    }
    const { record } = save;
    const match = new Match({ players: record.players, partnerships: record.partnerships, seed: BigInt(save.seed),
      deal: false });
    save.games.forEach((steps, g) => {
      try {
        if (g > 0) {
          match.finishGame();
          match.nextGame({ deal: false });
        }
        inMatch.steps(match.game, steps, record.games[g]);
      } catch (error) {
        throw within(`not a saved match: game ${g + 1}`, error);
      }
    });
    if (save.scored === save.games.length) match.finishGame();
    if (!same(match.record(), record) || match.#results.length !== save.scored) {
      throw new IllegalMove("not a saved match: its steps, played from its seed, do not give its record");
    }
    return match;
  }
}

// --- boardgame.io

/** A boardgame.io game definition of the variant (https://boardgame.io), over this engine (load it first). G is
    plain JSON: {save, current, over, handOver, winners, scores}, save being the game's save (toJSON()), from which
    each move builds the game again. One move, `move`, takes a move as legalMoves() writes it; its seat must be the
    player's (a call of muggins may be made out of turn, where scores are announced). The turn follows the engine's
    current seat; a hand that ends deals the next at once; the game ends with {winners}. Where the variant has match
    rules it is a whole match: save is the match's, a game that ends is scored and the next dealt at once, G has
    matchPoints, and it ends with the match's winners. setupData: {seed, partnerships, scores (a single game's)};
    the seed is drawn from boardgame.io's random numbers where none is given. playerView is the engine's view(seat)
    of the player in the game under way (spectators see no hand), with the figures above. */
export function boardgameGame({ name = VARIANT.name.toLowerCase().replace(/[^a-z0-9]+/g, "-") } = {}) {
  // Where the variant has match rules a boardgame.io game is a whole match: its games are played one after another.
  const reopen = (save) => (VARIANT.match ? Match.fromJSON(save) : Game.fromJSON(save));
  const gameOf = (played) => (played instanceof Match ? played.game : played);
  const figures = (played) => {
    const game = gameOf(played);
    return {
      save: played.toJSON(), current: game.current, over: played.over, handOver: game.handOver,
      winners: played.winners, scores: game.scores, ...(played instanceof Match ? { matchPoints: played.matchPoints } : {}),
    };
  };
  const seatOf = (playerID) => (playerID === null || playerID === undefined ? null : Number(playerID));
  const definition = {
    name,
    minPlayers: Math.min(...VARIANT.playerCounts),
    maxPlayers: Math.max(...VARIANT.playerCounts),
    validateSetupData(setupData, numPlayers) {
      if (!VARIANT.playerCounts.includes(numPlayers)) {
        return `${VARIANT.name} is played by ${VARIANT.playersText} players, not ${numPlayers}`;
      }
      return undefined;
    },
    setup({ ctx, random }, setupData = {}) {
      const seed = setupData.seed ?? Math.floor(random.Number() * Number.MAX_SAFE_INTEGER);
      const table = { players: ctx.numPlayers, seed, partnerships: setupData.partnerships };
      return figures(VARIANT.match ? new Match(table) : new Game({ ...table, scores: setupData.scores }));
    },
    moves: {
      move: {
        move({ G, playerID }, move) {
          const seat = seatOf(playerID);
          if (G.over || !isObject(move) || move.seat !== seat) return "INVALID_MOVE";
          const played = reopen(G.save);
          const game = gameOf(played);
          try {
            game.apply(move);
          } catch (error) {
            if (error instanceof IllegalMove) return "INVALID_MOVE";
            throw error;
          }
          if (game.handOver && !game.over) game.startHand();
          if (played instanceof Match && game.over) { // the engine scores the game; the match plays on
            played.finishGame();
            if (!played.over) played.nextGame();
          }
          return figures(played);
        },
        client: false, // the move replays the game (the match): the master alone makes it
      },
    },
    turn: {
      order: {
        first: ({ G }) => G.current,
        next: ({ G }) => G.current,
      },
      endIf: ({ G, ctx }) => !G.over && String(G.current) !== ctx.currentPlayer,
    },
    endIf: ({ G }) => (G.over ? { winners: G.winners.slice() } : undefined),
    playerView({ G, playerID }) {
      const seat = seatOf(playerID);
      const game = gameOf(reopen(G.save));
      const { save, ...shown } = G;
      let view;
      if (seat !== null && seat >= 0 && seat < game.players) {
        view = game.view(seat);
      } else { // a spectator: no hand, no move, no tile drawn
        view = { ...game.view(0), seat: null, hand: [], legalMoves: [] };
        view.events = view.events.map((e) => (e.event === "draw" ? { ...e, tile: null } : e));
      }
      return { ...shown, view };
    },
    ai: {
      enumerate: (G, ctx, playerID) => {
        if (G.over) return [];
        const seat = seatOf(playerID ?? ctx.currentPlayer);
        const moves = G.save ? gameOf(reopen(G.save)).legalMoves() : G.view.legalMoves; // the master's G, or a view
        return moves.filter((m) => m.seat === seat)
          .map((m) => ({ move: "move", args: [m] }));
      },
    },
  };
  if (VARIANT.announced) definition.turn.activePlayers = { all: null }; // a muggins call comes out of turn
  return definition;
}
//###}
