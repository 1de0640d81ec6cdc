/* The types of a dominospec JavaScript engine (the module beside this file). The JavaScript target writes this
   file beside every <variant>.js, under its header; read as text. */

//###{standalone types
/** A tile as text, either half first: "[3|4]". */
export type Tile = string;
/** The ports of a layout's tiles, as the engines name them. */
export type Port = "low" | "high" | "lineA" | "lineB" | "branchA" | "branchB";

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
}

export const variant: Variant;

/** A move, deal, table, record or save the rules do not allow now; the game is left unchanged. */
export class IllegalMove extends Error {}

/** Load the WebAssembly module: by default the .wasm file of this module's name beside it (read from disk in Node,
    fetched in a browser); or from its bytes, a URL, a fetch Response or a compiled module. Resolves to the variant. */
export function load(
  source?: BufferSource | URL | string | Response | Promise<Response> | WebAssembly.Module,
): Promise<Variant>;

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
  /** "random", "greedy", "expert" or "ismcts:N" (N iterations a move). */
  botMove(name?: string): Move;
  layout(): Layout;
  view(seat: number): View;
  record(): GameRecord;
  toJSON(): SavedGame;
  static fromRecord(record: GameRecord, options?: { seed?: number | bigint }): Game;
  static fromJSON(save: string | SavedGame): Game;
}

/** G of the boardgame.io game: plain JSON, the game's save and its figures. */
export interface BoardgameState {
  save: SavedGame;
  current: number;
  over: boolean;
  handOver: boolean;
  winners: number[];
  scores: number[];
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
