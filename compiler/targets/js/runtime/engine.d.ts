/* The types of a dominospec JavaScript module (the module beside this file): the types every module shares, then
   a variant engine's, or a match format's. The JavaScript target writes them beside every <variant>.js and
   <format>.js, under its header; read as text. */

//###{standalone shared_types
/** A move, deal, table, record, save or score the rules do not allow now; nothing is changed. */
export class IllegalMove extends Error {}

/** What load() reads the WebAssembly from. */
export type WasmSource = BufferSource | URL | string | Response | Promise<Response> | WebAssembly.Module;

/** One game scored in match points, as the Python engine's MatchScore gives it. */
export interface GameResult {
  game: number;
  scores: number[];
  /** The sides that reached the game target. */
  winners: number[];
  /** The deepest line the best loser is below, or null. */
  line: string | null;
  points: number;
  /** Whether that line wins the whole match. */
  outright: boolean;
  match_points: number[];
  games_won: number[];
  match_over: boolean;
  match_winners: number[];
}
//###}

//###{standalone types
/** A tile as text, either half first: "[3|4]". */
export type Tile = string;
/** The ports of a layout's tiles, as the engines name them: the hub's train<k> starts seat k's train. */
export type Port = "low" | "high" | "lineA" | "lineB" | "branchA" | "branchB" | "toeA" | "toeB" | "toeC"
  | `train${number}` | "public";

/** A move, as a record writes it: a placement (on and port left out for the lead; by where a wild tile names the
    half that touches; claim where scores are announced), a draw, a pass, or a call of muggins (seat: the caller). */
export type Move =
  | { seat: number; play: Tile; on?: Tile; port?: Port; by?: "low" | "high"; claim?: number }
  | { seat: number; draw: true }
  | { seat: number; pass: true }
  | { seat: number; muggins: true };

/** An event, as the Python engine logs it: {event: "hand" | "play" | "draw" | "pass" | "penalty" | "muggins" | "out" |
    "hand_end" | "award" | "stake" | "pool" | "pip_penalty" | "win", ...its fields}. */
export interface GameEvent {
  event: string;
  [field: string]: unknown;
}

/** The table, as the Python engine's Layout.to_dict() gives it. */
export interface Layout {
  tiles: Tile[];
  connections: [Tile, Port, Tile, Port][];
  spinners: Tile[];
  open_ports: [Tile, Port, number][];
  counted_ends: [Tile, Port, number][];
  end_total: number;
  /** Where the layout has trains: the seats whose trains carry a marker. */
  markers?: number[];
}

/** What a seat can see. */
export interface View {
  seat: number;
  hand: Tile[];
  handSizes: number[];
  pileSize: number;
  layout: Layout;
  scores: number[];
  pegs: [number, number][];
  current: number;
  handOver: boolean;
  over: boolean;
  winners: number[];
  /** The events, the tiles other seats drew hidden (tile: null). */
  events: GameEvent[];
  /** The seat's own legal moves now: its turn's, or its calls of muggins. */
  legalMoves: Move[];
}

/** A hand of a record: its opener, the tiles dealt to each seat, the pile in drawing order, the moves. */
export interface RecordedHand {
  opener: number;
  deal: Tile[][];
  boneyard?: Tile[];
  moves: Move[];
}

/** One game in the replay record format (`dominospec replay` reads it). */
export interface GameRecord {
  players: number;
  partnerships?: boolean;
  scores?: number[];
  /** The game's number of the record's first hand, where it is not 1. */
  first_hand?: number;
  hands: RecordedHand[];
}

/** A save: the record, the seed, and the steps that drew on the seed's numbers (runs of moves, "deal" or "given"
    with the opener asked for, "bot NAME"). */
export interface SavedGame {
  variant: string;
  seed: string;
  steps: (number | string)[];
  record: GameRecord;
}

export interface GameOptions {
  /** One of variant.playerCounts. */
  players: number;
  /** Left out: as the variant plays four (fixed partnerships), else none. */
  partnerships?: boolean;
  /** Of the deals and the bots' choices; random where left out. A number or BigInt from 0 to 2**64 - 1. */
  seed?: number | bigint;
  /** Each side's score before the first hand. */
  scores?: number[];
  /** The game's number of its first hand (1 to 1,000,000; 1 where left out): a game may start at a later hand. */
  firstHand?: number;
  /** The first hand's opener, where the rules would otherwise decide. */
  opener?: number;
  /** false: no hand dealt yet (call startHand). */
  deal?: boolean;
}

export interface DealOptions {
  opener?: number;
  /** Each seat's tiles; shuffled by the game's seed where left out. */
  hands?: Tile[][];
  /** The pile in drawing order (with hands only); the tiles no hand holds, in the set's order, where left out. */
  pile?: Tile[];
}

/** The variant this module plays. */
export interface Variant {
  name: string;
  maxPip: number;
  playerCounts: number[];
  playersText: string;
  partnershipsFixed: boolean;
  dealSizes: Record<number, number>;
  announced: boolean;
  /** Where the variant has match rules: the names of its lines (deepest first) and the games' target. */
  match: { lines: string[]; gameTarget: number } | null;
}

export const variant: Variant;

/** Load the WebAssembly module: by default the .wasm file of this module's name beside it (read from disk in Node,
    fetched in a browser); or from its bytes, a URL, a fetch Response or a compiled module. Resolves to the variant. */
export function load(source?: WasmSource): Promise<Variant>;

/** Load the module at once from its bytes or a compiled module. */
export function loadSync(bytes: BufferSource | WebAssembly.Module): Variant;

/** One game to its target, hand by hand. Drive it with legalMoves() and apply(); after a hand ends call startHand()
    for the next. */
export class Game {
  constructor(options: GameOptions);
  readonly players: number;
  readonly partnerships: boolean;
  readonly sides: number;
  readonly target: number;
  readonly over: boolean;
  readonly handOver: boolean;
  readonly current: number;
  readonly handNumber: number;
  readonly firstHand: number;
  readonly opener: number;
  readonly pileSize: number;
  readonly seed: bigint;
  readonly scores: number[];
  readonly startingScores: number[];
  readonly pegs: [number, number][];
  readonly winners: number[];
  readonly handSizes: number[];
  /** A copy of the event log. */
  readonly events: GameEvent[];
  readonly hands: Tile[][];
  readonly pile: Tile[];
  hand(seat: number): Tile[];
  startHand(options?: DealOptions): GameEvent[];
  legalMoves(): Move[];
  /** Play a move (a placement with the points claimed for it, where scores are announced); its events. */
  apply(move: Move, claim?: number | bigint): GameEvent[];
  /** Take back the last move of the hand under way (a deal is not taken back). */
  undo(): void;
  /** "random", "greedy", "expert" or "ismcts:N" (N iterations a move); where scores are announced a placement
      carries the claim of its true points. */
  botMove(name?: string): Move;
  /** The displayed points a placement would score now: the true points its claim should name. */
  pointsFor(move: Move): number;
  layout(): Layout;
  view(seat: number): View;
  record(): GameRecord;
  toJSON(): SavedGame;
  static fromRecord(record: GameRecord, options?: { seed?: number | bigint }): Game;
  static fromJSON(save: string | SavedGame): Game;
}

/** A match in the replay record format: its games, each with its hands. */
export interface MatchRecord {
  players: number;
  partnerships?: boolean;
  games: { hands: RecordedHand[] }[];
}

/** A match's save: its seed, each game's steps, how many games are scored, and its record. */
export interface SavedMatch {
  variant: string;
  seed: string;
  games: (number | string)[][];
  scored: number;
  record: MatchRecord;
}

export interface MatchOptions {
  players: number;
  partnerships?: boolean;
  seed?: number | bigint;
  /** The first game's first opener, where the rules would otherwise decide. */
  opener?: number;
  /** false: the first game's first hand is not dealt yet. */
  deal?: boolean;
}

/** A match of games, where the variant has match rules (IllegalMove where it has none). Play match.game as any
    Game; when it is over call finishGame(), then nextGame() until the match is over. */
export class Match {
  constructor(options: MatchOptions);
  /** The game being played (the last one, once the match is over). */
  readonly game: Game;
  readonly games: Game[];
  readonly players: number;
  readonly partnerships: boolean;
  readonly sides: number;
  readonly seed: bigint;
  readonly results: GameResult[];
  readonly matchPoints: number[];
  readonly gamesWon: number[];
  readonly over: boolean;
  readonly winners: number[];
  /** Every game's events, each game's between {event: "game"} and {event: "game_end", ...its result}. */
  readonly events: GameEvent[];
  finishGame(): GameResult;
  /** The next game, opened as the match rules say (or by opener where they leave it open). */
  nextGame(options?: { opener?: number; deal?: boolean }): Game;
  record(): MatchRecord;
  toJSON(): SavedMatch;
  static fromRecord(record: MatchRecord, options?: { seed?: number | bigint }): Match;
  static fromJSON(save: string | SavedMatch): Match;
}

/** G of the boardgame.io game: plain JSON, the game's save (the match's, where the variant has match rules) and
    its figures (the game under way's, the match's over, winners and matchPoints). */
export interface BoardgameState {
  save: SavedGame | SavedMatch;
  current: number;
  over: boolean;
  handOver: boolean;
  winners: number[];
  scores: number[];
  matchPoints?: number[];
}

/** What a player (or a spectator: seat null, no hand, no moves) sees of G. */
export interface BoardgamePlayerView extends Omit<BoardgameState, "save"> {
  view: Omit<View, "seat"> & { seat: number | null };
}

export interface BoardgameSetupData {
  seed?: number;
  partnerships?: boolean;
  scores?: number[];
}

/** A boardgame.io game definition (its Game type, in the parts this one fills). */
export interface BoardgameGame {
  name: string;
  minPlayers: number;
  maxPlayers: number;
  validateSetupData(setupData: BoardgameSetupData | undefined, numPlayers: number): string | undefined;
  setup(context: { ctx: { numPlayers: number }; random: { Number(): number } },
    setupData?: BoardgameSetupData): BoardgameState;
  moves: {
    move: {
      move(context: { G: BoardgameState; playerID: string | null | undefined }, move: Move): BoardgameState | "INVALID_MOVE";
      client: false;
    };
  };
  turn: {
    order: { first(context: { G: BoardgameState }): number; next(context: { G: BoardgameState }): number };
    endIf(context: { G: BoardgameState; ctx: { currentPlayer: string } }): boolean;
    activePlayers?: { all: null };
  };
  endIf(context: { G: BoardgameState }): { winners: number[] } | undefined;
  playerView(context: { G: BoardgameState; playerID?: string | null }): BoardgamePlayerView;
  ai: {
    enumerate(G: BoardgameState | BoardgamePlayerView, ctx: { currentPlayer: string },
      playerID?: string | null): { move: "move"; args: [Move] }[];
  };
}

/** The variant as a boardgame.io game (load the engine first): one move, `move`, taking a move as legalMoves()
    writes it; the turn following the engine's current seat; each hand dealt when the last ends. */
export function boardgameGame(options?: { name?: string }): BoardgameGame;
//###}

//###{standalone format_types
/** The match format this module scores. */
export interface MatchFormat {
  name: string;
  gameTarget: number;
  /** The names of its lines, deepest first. */
  lines: string[];
  /** The most sides a match is between. */
  sidesAtMost: number;
}

export const format: MatchFormat;

/** Load the WebAssembly module (as a variant's module loads its engine). Resolves to the format. */
export function load(source?: WasmSource): Promise<MatchFormat>;

/** Load the module at once from its bytes or a compiled module. */
export function loadSync(bytes: BufferSource | WebAssembly.Module): MatchFormat;

/** The running match score: feed it each game's final scores, in order. */
export class MatchScore {
  constructor(sides: number);
  readonly sides: number;
  readonly matchPoints: number[];
  readonly gamesWon: number[];
  readonly over: boolean;
  readonly winners: number[];
  readonly results: GameResult[];
  /** Score one finished game (its scores, one a side); IllegalMove, the match unchanged, where the rules refuse
      them. */
  addGame(scores: number[]): GameResult;
}
//###}
