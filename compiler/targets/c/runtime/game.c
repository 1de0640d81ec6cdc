/* The game of the native engines: hands dealt, moves listed and made, hands reckoned, games and matches
   won, as the Python engine of the same spec plays them. Copied into every engine after its rule constants,
   its layout and its placement formula; read as text, never compiled on its own. */

//###{standalone arithmetic
/* Python's floor division and remainder, as the formulas and the roundings use them, in 64 bits (the checks
   keep every value of a formula within them); 0 where b is 0 (the checks refuse a formula that divides by 0). */
static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q;
    if (b == 0) {
        return 0;
    }
    q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int64_t floor_mod(int64_t a, int64_t b) {
    return b == 0 ? 0 : a - floor_div(a, b) * b;
}
//###}

//###{standalone random
/* xoshiro256** seeded by splitmix64: the ABI's generator, one per unit. */
typedef struct {
    uint64_t s[4];
} Rng;

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void rng_seed(Rng *r, uint64_t seed, uint64_t unit) {
    uint64_t x = seed ^ (unit * 0xD1B54A32D192ED03ULL);
    int i;
    for (i = 0; i < 4; ++i) {
        r->s[i] = splitmix64(&x);
    }
}

static uint64_t rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(Rng *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static int rng_below(Rng *r, int n) {
    return (int)(uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* tiles[0..n-1] in a random order (Fisher and Yates, from the last). */
static void rng_shuffle(Rng *r, TileByte *tiles, int n) {
    int k;
    for (k = n - 1; k >= 1; --k) {
        int j = rng_below(r, k + 1);
        TileByte swap = tiles[k];
        tiles[k] = tiles[j];
        tiles[j] = swap;
    }
}
//###}

//###{standalone game
enum { MOVE_PLAY, MOVE_DRAW, MOVE_PASS, MOVE_MUGGINS };
enum {
    OPENER_LOT, OPENER_NEXT_SEAT, OPENER_LAST_TILE, OPENER_HIGHEST_DOUBLE, OPENER_WINNER, OPENER_SIDE_CHOICE,
    OPENER_HEAVIEST_TILE
};
enum { HAND_WON_IN_PLAY, HAND_WENT_OUT, HAND_BLOCKED };
enum { CLAIM_TRUE = -1 };  /* the claim of a placement's true displayed points, whatever they turn out to be */
/* What is known of the current seat's moves: nothing yet, their list (legal), or only the masks of its placements
   (fit, as next_turn found them: the list is built where a bot asks for it). */
enum { LEGAL_UNKNOWN, LEGAL_LISTED, LEGAL_COUNTED };

typedef struct {
    int16_t kind, tile, by;  /* a muggins call holds the calling seat in tile; not char-sized, so that writing a
                                move makes the compiler reload nothing else */
    int16_t at;              /* a placement's open port by its place in the layout's list (its tile and kind are
                                there), so that placing looks for it nowhere; -1 for a lead or another move */
} Move;

/* A hand is a set of slots, one per tile in the order it came (dealt, then drawn): the held slots in ascending
   order are the hand in the Python engine's order. Masks of slots, MASK_WORDS 64-bit words, say which slots are
   held and which show each number, so that the tiles fitting an end are found without a look at the others. */
#define MASK_WORDS ((NTILES + 63) / 64)

#if defined(__GNUC__)
#define lowest_bit(word) __builtin_ctzll(word)
/* A hand's move loop with every call it makes inlined (GCC and Clang): no call is paid per move, and each call's
   arguments fold as constants where the loop knows them. */
#define INLINE_CALLS __attribute__((flatten))
/* Kept out of the hand loops (and of their flattening): the events, written only where a game is played a move at a
   time. */
#define EVENT_CALL __attribute__((noinline, cold))
#else
#define INLINE_CALLS
#define EVENT_CALL
static int lowest_bit(uint64_t word) {
    int n = 0;
    for (; !(word & 1); word >>= 1) {
        ++n;
    }
    return n;
}
#endif

/* The set bits of a mask of a hand's slots; wide where the hand takes more than SLOT_LIMIT slots. */
#if defined(__GNUC__) && (defined(__POPCNT__) || defined(__aarch64__) || defined(__wasm__))
#define slot_bits(word, wide) ((void)(wide), __builtin_popcountll(word))
#else
/* Counted in parallel, without a branch: a loop over the bits mispredicts its exit on nearly every mask of fitting
   tiles. */
static int bits_counted(uint64_t word) {
    word -= (word >> 1) & 0x5555555555555555ULL;
    word = (word & 0x3333333333333333ULL) + ((word >> 2) & 0x3333333333333333ULL);
    word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((word * 0x0101010101010101ULL) >> 56);
}

#if SLOT_LIMIT <= 32
/* Without an instruction for it (x86-64 at plain -O2) GCC makes the builtin a call. A hand in play takes SLOT_LIMIT
   slots at most: their bytes' counts are looked up, one load a byte, fewer instructions than counting in parallel.
   A hand that takes more (one a search bot imagines: every tile a seat may hold) is counted in parallel. */
#define BITS_2(n) n, n + 1, n + 1, n + 2
#define BITS_4(n) BITS_2(n), BITS_2(n + 1), BITS_2(n + 1), BITS_2(n + 2)
#define BITS_6(n) BITS_4(n), BITS_4(n + 1), BITS_4(n + 1), BITS_4(n + 2)
static const uint8_t BYTE_BITS[256] = {BITS_6(0), BITS_6(1), BITS_6(1), BITS_6(2)};
enum { SLOT_BYTES = (SLOT_LIMIT + 7) / 8 };

static int slot_bits(uint64_t word, int wide) {
    int b, n = 0;
    if (wide) {
        return bits_counted(word);
    }
    for (b = 0; b < SLOT_BYTES; ++b) {
        n += BYTE_BITS[word >> (8 * b) & 255];
    }
    return n;
}
#else
#define slot_bits(word, wide) ((void)(wide), bits_counted(word))
#endif
#endif

/* The word of the masks that holds slot: the first, where the set has 64 tiles at most (so the compiler knows it). */
static unsigned slot_word(unsigned slot) {
    return MASK_WORDS > 1 ? slot / 64 : 0;
}

/* Where the events of a move go, as JSON lines (one object a line, as the Python engine's events): only for a game
   played through the play interface; the simulations log nothing. length counts what did not fit as well. */
typedef struct {
    char *out;
    int64_t capacity, length;
} EventLog;

typedef struct {
    Rng rng;
    int players, partnerships, sides, target;
    int side_of[MAX_PLAYERS];
    int64_t scores[MAX_PLAYERS];        /* scores, points and stakes are 64-bit: a formula's points may be large */
    int16_t slot_tile[MAX_PLAYERS][NTILES];  /* each seat's tiles by slot, in the order they came (16-bit, as the
                                                layout's numbers are) */
    int nslots[MAX_PLAYERS], hand_len[MAX_PLAYERS];
    int pips[MAX_PLAYERS];              /* what each hand's tiles count at a hand's end: their pips, or PIPS_LEFT's */
    uint64_t held[MAX_PLAYERS][MASK_WORDS];                /* the slots still in hand */
    uint64_t shows[MAX_PLAYERS][MAX_PIP + 2][MASK_WORDS];  /* the slots whose tile shows each number (none shows
                                                              MAX_PIP + 1: an end no half touches reads it) */
    uint64_t wilds[MAX_PLAYERS][MASK_WORDS], doubles[MAX_PLAYERS][MASK_WORDS];
    uint64_t named[MAX_PLAYERS][MASK_WORDS];               /* wild tiles that name the half that touches */
    int16_t holder[NTILES], slot_of[NTILES];               /* each tile's seat (-1: in no hand) and slot */
    TileByte pile[NTILES];                /* drawn from pile_next on */
    int pile_next, pile_len;
    Layout layout;
    int opener, current, hand_over, over, hand_number;
    int first_hand;                     /* the game's number of its first hand here: a record may start later */
    int winners[MAX_PLAYERS], nwinners;
    int last_tile_seat, last_blocked, extra, drawn, draws, passes, lead_tile;
    int winner_seat;                    /* the seat that won the last hand (WINNER_LEADS) */
    int either_end;                     /* the hand's last tile matched both open ends (EITHER_END_BONUS) */
    int blank_end;                      /* ... was [0|0] gone out with on a single blank end (BLANK_END_BONUS) */
    int pushes;                         /* hands played again after a tie (PUSH): each keeps the number it replays */
    int named_now;                      /* the named lead leads the hand being played (where it leads only some) */
    int last_drawn;                     /* the last hand was drawn: nobody won it (LEAD_NAMED_LEVEL) */
    int choosing_side;                  /* the side that won the last decided hand (-1: none yet) chooses the opener */
    int64_t claim, muggins, pool;
    int64_t eggs;                       /* the points of tied hands, carried to the next decided hand */
    int hand_end;                       /* how the hand ended: HAND_WON_IN_PLAY until it ends otherwise */
    int hand_winners[MAX_PLAYERS], nhand_winners;
    int64_t placements, passes_made, draws_made, cancelled;  /* counted for the statistics */
    int64_t placement_points, placement_points_sq, scoring_placements;  /* the formula's points, cancelled or not */
    int64_t play_points, play_bonus;                         /* the last placement, for the replay */
    int play_cancelled;
    int legal_ok, nlegal;               /* LEGAL_* */
    int nfit;                           /* LEGAL_COUNTED: the placements placement_masks found, into fit */
    uint64_t fit[MAX_PORTS * MASK_WORDS];
    int fit_moves[MAX_PORTS * MASK_WORDS];  /* the moves of each word of fit */
    Move legal[MAX_MOVES];
    /* Only where a game is played a move at a time, after the fields the hand loops read: */
    EventLog *log;                      /* null: no events written */
    int64_t peg_back[MAX_PLAYERS], peg_front[MAX_PLAYERS];  /* the cribbage board's pegs, moved as events show */
    int16_t placed[NTILES][4];          /* the hand's placements, while events are written: on, its port, tile, the
                                           tile's port that touches (-1, -1 for the lead) */
} Game;

/* --- events, written where a game is played move by move ---------------------------------------- */
/* Whether g writes events now: never in the build the simulations run (no DS_EVENTS), where every test folds away. */
#define LOGGING(g) (EVENTS && (g)->log)

EVENT_CALL static void log_text(EventLog *log, const char *text) {
    for (; *text; ++text, ++log->length) {
        if (log->length < log->capacity) {
            log->out[log->length] = *text;
        }
    }
}

EVENT_CALL static void log_number(EventLog *log, int64_t value) {
    char digits[24];
    int n = 0;
    uint64_t magnitude = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
    do {
        digits[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (value < 0) {
        log_text(log, "-");
    }
    while (n) {
        char digit[2] = {digits[--n], 0};
        log_text(log, digit);
    }
}

EVENT_CALL static void log_key(EventLog *log, const char *key) {
    log_text(log, ", \"");
    log_text(log, key);
    log_text(log, "\": ");
}

/* An event begins: {"event": "kind" (ev_end closes it). */
EVENT_CALL static void ev_begin(Game *g, const char *kind) {
    log_text(g->log, "{\"event\": \"");
    log_text(g->log, kind);
    log_text(g->log, "\"");
}

EVENT_CALL static void ev_end(Game *g) {
    log_text(g->log, "}\n");
}

EVENT_CALL static void ev_int(Game *g, const char *key, int64_t value) {
    log_key(g->log, key);
    log_number(g->log, value);
}

EVENT_CALL static void ev_bool(Game *g, const char *key, int value) {
    log_key(g->log, key);
    log_text(g->log, value ? "true" : "false");
}

/* A tile as the records write it, "[low|high]"; null for -1. */
EVENT_CALL static void ev_tile(Game *g, const char *key, int tile) {
    log_key(g->log, key);
    if (tile < 0) {
        log_text(g->log, "null");
        return;
    }
    log_text(g->log, "\"[");
    log_number(g->log, TILE_LOW[tile]);
    log_text(g->log, "|");
    log_number(g->log, TILE_HIGH[tile]);
    log_text(g->log, "]\"");
}

EVENT_CALL static void ev_port(Game *g, const char *key, int port) {
    log_key(g->log, key);
    if (port < 0) {
        log_text(g->log, "null");
        return;
    }
    log_text(g->log, "\"");
    log_text(g->log, PORT_TEXT[port]);
    log_text(g->log, "\"");
}

EVENT_CALL static void ev_list(Game *g, const char *key, const int64_t *values, int n) {
    int i;
    log_key(g->log, key);
    log_text(g->log, "[");
    for (i = 0; i < n; ++i) {
        if (i) {
            log_text(g->log, ", ");
        }
        log_number(g->log, values[i]);
    }
    log_text(g->log, "]");
}

EVENT_CALL static void ev_ints(Game *g, const char *key, const int *values, int n) {
    int64_t wide[MAX_PLAYERS];
    int i;
    for (i = 0; i < n; ++i) {
        wide[i] = values[i];
    }
    ev_list(g, key, wide, n);
}

/* The scores, and the pegs: a side whose score changed since the last event that showed them moves its back peg
   to where its front peg stood (every change of a score is shown before that side's score changes again). */
EVENT_CALL static void ev_scores(Game *g) {
    int side;
    ev_list(g, "scores", g->scores, g->sides);
    log_key(g->log, "pegs");
    log_text(g->log, "[");
    for (side = 0; side < g->sides; ++side) {
        if (g->scores[side] != g->peg_front[side]) {
            g->peg_back[side] = g->peg_front[side];
            g->peg_front[side] = g->scores[side];
        }
        log_text(g->log, side ? ", [" : "[");
        log_number(g->log, g->peg_back[side]);
        log_text(g->log, ", ");
        log_number(g->log, g->peg_front[side]);
        log_text(g->log, "]");
    }
    log_text(g->log, "]");
}

/* An event of a seat alone (draw, pass, out). */
EVENT_CALL static void ev_seat(Game *g, const char *kind, int seat) {
    ev_begin(g, kind);
    ev_int(g, "seat", seat);
    ev_end(g);
}

/* An event of points per side and the scores they leave (award, pip_penalty; pool and stake with the pool). */
EVENT_CALL static void ev_points(Game *g, const char *kind, const int64_t *points, int with_pool) {
    ev_begin(g, kind);
    ev_list(g, "points", points, g->sides);
    if (with_pool) {
        ev_int(g, "pool", g->pool);
    }
    ev_scores(g);
    ev_end(g);
}

/* An event of one seat's points (muggins, penalty). */
EVENT_CALL static void ev_seat_points(Game *g, const char *kind, int seat, int64_t points) {
    ev_begin(g, kind);
    ev_int(g, "seat", seat);
    ev_int(g, "points", points);
    ev_scores(g);
    ev_end(g);
}

/* pips to the nearest multiple of step: a remainder below half rounds down, from half up. */
static int nearest(int pips, int step) {
    int remainder = (int)floor_mod(pips, step);
    return pips - remainder + (remainder * 2 >= step ? step : 0);
}

/* The game's number of the hand being played: a push keeps the number of the hand it plays again. */
static int game_hand(const Game *g) {
    return g->hand_number - g->pushes;
}

/* The seat k places to the left of seat (0 <= k < players): without a division, which costs more than a turn. */
static int seat_after(const Game *g, int seat, int k) {
    seat += k;
    return seat >= g->players ? seat - g->players : seat;
}

static int max0(int a) {
    return a > 0 ? a : 0;
}

static int table_allowed(int players, int partnerships) {
    if (players < MIN_PLAYERS || players > MAX_PLAYERS || !PLAYERS_ALLOWED[players]) {
        return 0;
    }
    if (partnerships != 0 && partnerships != 1) {
        return 0;
    }
    if (PARTNERSHIPS_FIXED) {
        return partnerships == (players == 4);
    }
    return !partnerships || (PARTNERSHIPS_POSSIBLE && players == 4);
}

/* Every hand emptied, as before a deal. What was known of the current seat's moves goes too: counted placements
   are masks of slots, and hands joined again take other slots. */
static void hands_clear(Game *g) {
    g->legal_ok = LEGAL_UNKNOWN;
    memset(g->nslots, 0, sizeof g->nslots);
    memset(g->hand_len, 0, sizeof g->hand_len);
    memset(g->pips, 0, sizeof g->pips);
    memset(g->held, 0, sizeof g->held);
    memset(g->shows, 0, sizeof g->shows);
    if (HAS_WILD) {
        memset(g->wilds, 0, sizeof g->wilds);
        memset(g->named, 0, sizeof g->named);
    }
    if (CROSS_ARMS) {
        memset(g->doubles, 0, sizeof g->doubles);
    }
    memset(g->holder, -1, sizeof g->holder);
}

/* Whether placing tile names the half that touches: a wild tile that is no double, listed once for each half. */
static int names_half(int tile) {
    return HAS_WILD && (WILD[tile] & (TILE_LOW[tile] != TILE_HIGH[tile]));
}

/* tiles[0..n-1] join seat's hand, at its end; the hand's counts are updated once, not per tile. The masks of
   kinds of tile take a bit whatever the tile is: a branch on the tile, at random, costs more. */
static void hand_join(Game *g, int seat, const TileByte *tiles, int n) {
    unsigned first = (unsigned)g->nslots[seat], i;
    int pips = 0;
    for (i = 0; i < (unsigned)n; ++i) {
        unsigned slot = first + i, w = slot_word(slot);  /* unsigned: a shift and a mask, no sign fixed */
        uint64_t bit = (uint64_t)1 << (slot % 64);
        int tile = tiles[i];
        g->slot_tile[seat][slot] = (int16_t)tile;
        g->holder[tile] = (int16_t)seat;
        g->slot_of[tile] = (int16_t)slot;
        pips += PIPS_LEFT[tile];
        g->held[seat][w] |= bit;
        g->shows[seat][TILE_LOW[tile]][w] |= bit;
        g->shows[seat][TILE_HIGH[tile]][w] |= bit;
        if (HAS_WILD) {
            g->wilds[seat][w] |= (uint64_t)WILD[tile] << (slot % 64);
            g->named[seat][w] |= (uint64_t)names_half(tile) << (slot % 64);
        }
        if (CROSS_ARMS) {
            g->doubles[seat][w] |= (uint64_t)(TILE_LOW[tile] == TILE_HIGH[tile]) << (slot % 64);
        }
    }
    g->nslots[seat] += n;
    g->hand_len[seat] += n;
    g->pips[seat] += pips;
}

static void hand_add(Game *g, int seat, int tile) {
    TileByte joined = (TileByte)tile;
    hand_join(g, seat, &joined, 1);
}

/* The seat's hand in its order, into tiles; its length. */
static int hand_tiles(const Game *g, int seat, TileByte *tiles) {
    int w, n = 0;
    for (w = 0; w < MASK_WORDS; ++w) {
        uint64_t m;
        for (m = g->held[seat][w]; m; m &= m - 1) {
            tiles[n++] = g->slot_tile[seat][w * 64 + lowest_bit(m)];
        }
    }
    return n;
}

/* Word w of the slots among only (of the current seat) whose tile may go on an end showing value. */
static uint64_t fitting(const Game *g, int seat, const uint64_t *only, int value, int w) {
    int half = touching_half(value);  /* where equal halves match, every end shows a number of the set */
    uint64_t m = g->shows[seat][HALVES_SUM < 0 || (half >= 0 && half <= MAX_PIP) ? half : MAX_PIP + 1][w];
    if (HAS_WILD) {
        m |= g->wilds[seat][w];
    }
    if (CROSS_ARMS && g->layout.arms_left) {
        m &= g->doubles[seat][w];  /* the arms of the cross take doubles only */
    }
    return m & only[w];
}

static void game_init(Game *g, int players, int partnerships) {
    int seat;
    g->players = players;
    g->partnerships = partnerships;
    g->sides = partnerships ? 2 : players;
    g->target = TARGET_FOR[players];
    g->log = (EventLog *)0;
    for (seat = 0; seat < players; ++seat) {
        g->side_of[seat] = partnerships ? seat % 2 : seat;
        g->scores[seat] = 0;
        if (EVENTS) {
            g->peg_back[seat] = g->peg_front[seat] = 0;
        }
    }
    hands_clear(g);
    g->pile_next = g->pile_len = 0;
    layout_reset(&g->layout, players);
    g->opener = g->current = -1;
    g->hand_over = 1;
    g->over = g->hand_number = g->nwinners = 0;
    g->first_hand = 1;
    g->last_tile_seat = g->winner_seat = g->choosing_side = -1;
    g->pushes = g->either_end = g->blank_end = g->named_now = g->last_drawn = 0;
    g->last_blocked = g->extra = g->draws = g->passes = g->claim = g->muggins = g->pool = g->eggs = 0;
    g->drawn = -1;
    g->lead_tile = 0;
    g->hand_end = HAND_WON_IN_PLAY;
    g->nhand_winners = 0;
    g->placements = g->passes_made = g->draws_made = g->cancelled = 0;
    g->placement_points = g->placement_points_sq = g->scoring_placements = 0;
    g->play_points = g->play_bonus = g->play_cancelled = 0;
    g->legal_ok = LEGAL_UNKNOWN;
    g->nlegal = 0;
}

/* What seat's hand counts at a hand's end: its tiles' PIPS_LEFT, or the LONE_PIPS of a tile left alone. */
static int pips_of(const Game *g, int seat) {
    if (HAS_LONE_PIPS && g->hand_len[seat] == 1) {
        TileByte lone[NTILES];
        hand_tiles(g, seat, lone);
        if (LONE_PIPS[lone[0]] >= 0) {
            return LONE_PIPS[lone[0]];
        }
    }
    return g->pips[seat];
}

static void game_win(Game *g, const int *sides, int count) {
    int i, j;
    g->over = g->hand_over = 1;
    g->legal_ok = LEGAL_UNKNOWN;
    for (i = 0; i < count; ++i) {  /* sorted, as the Python engine's winners are */
        int side = sides[i];
        for (j = i; j > 0 && g->winners[j - 1] > side; --j) {
            g->winners[j] = g->winners[j - 1];
        }
        g->winners[j] = side;
    }
    g->nwinners = count;
    if (LOGGING(g)) {
        ev_begin(g, "win");
        ev_ints(g, "sides", g->winners, count);
        ev_list(g, "scores", g->scores, g->sides);
        ev_end(g);
    }
}

static void game_win_one(Game *g, int side) {
    game_win(g, &side, 1);
}

static int can_draw(const Game *g) {
    return g->pile_len - g->pile_next > RESERVE && (DRAW_LIMIT < 0 || g->draws < DRAW_LIMIT);
}

/* A legal move listed: of kind, placing tile on the open port numbered at (-1: none, or the lead). */
static void legal_push(Game *g, int kind, int tile, int at, int by) {
    if (g->nlegal < MAX_MOVES) {  /* never full: MAX_MOVES bounds ports * hand * 2 */
        Move *m = &g->legal[g->nlegal++];
        m->kind = (int16_t)kind;
        m->tile = (int16_t)tile;
        m->by = (int16_t)by;
        m->at = (int16_t)at;
    }
}

/* The slots of the current seat that may move, into only: the whole hand, or a tile drawn to be played at once. */
static void movable(const Game *g, uint64_t *only) {
    memcpy(only, g->held[g->current], sizeof(uint64_t) * MASK_WORDS);
    if (DRAWN_AT_ONCE && g->drawn >= 0) {
        unsigned slot = (unsigned)g->slot_of[g->drawn];
        memset(only, 0, sizeof(uint64_t) * MASK_WORDS);
        only[slot_word(slot)] = (uint64_t)1 << (slot % 64);
    }
}

/* The slots among only (of seat) that fit an open end, over the words of the masks: 0 where none fits. Every port
   and word is taken, with no branch on what fits: whether a hand is blocked is a branch no predictor learns. */
static uint64_t fits_somewhere(const Game *g, int seat, const uint64_t *only) {
    int p, w;
    uint64_t fits = 0;
    for (p = 0; p < g->layout.nopen; ++p) {
        for (w = 0; w < MASK_WORDS; ++w) {
            fits |= fitting(g, seat, only, g->layout.open[p].value, w);
        }
    }
    return fits;
}

/* The current seat's placements, in the Python engine's order, which own_moves lists and placement_pick follows:
   for each open port p in turn, the slots among only that fit it (g->fit[p * MASK_WORDS + w]) in ascending order,
   each one move (two, low half touching then high, where it names its half); the moves of each word into
   g->fit_moves. Their number. */
static int placement_masks(Game *g, const uint64_t *only) {
    int seat = g->current, p, w, n = 0, wide = g->nslots[seat] > SLOT_LIMIT;  /* wide: a hand a search imagines */
    for (p = 0; p < g->layout.nopen; ++p) {
        /* Another seat's train without its marker takes no tile of this seat's (TRAINS). */
        uint64_t usable = layout_usable(&g->layout, seat, p) ? ~(uint64_t)0 : 0;
        for (w = 0; w < MASK_WORDS; ++w) {
            uint64_t m = fitting(g, seat, only, g->layout.open[p].value, w) & usable;
            int moves = slot_bits(m, wide);
            if (HAS_WILD) {
                moves += slot_bits(m & g->named[seat][w], wide);  /* a second move */
            }
            g->fit[p * MASK_WORDS + w] = m;
            g->fit_moves[p * MASK_WORDS + w] = moves;
            n += moves;
        }
    }
    return n;
}

/* The placement own_moves would list k-th (from 0; k below the number placement_masks gave). */
static Move placement_pick(const Game *g, int k) {
    int seat = g->current, i;
    Move chosen;
    for (i = 0;; ++i) {
        uint64_t m = g->fit[i], named = HAS_WILD ? m & g->named[seat][i % MASK_WORDS] : 0;
        if (k >= g->fit_moves[i]) {  /* a word of fewer than k + 1 moves is skipped whole */
            k -= g->fit_moves[i];
            continue;
        }
        if (!HAS_WILD) {  /* one move a tile: the k-th bit */
            for (; k; --k) {
                m &= m - 1;
            }
        }
        for (; m; m &= m - 1) {
            int slot = i % MASK_WORDS * 64 + lowest_bit(m), half = (int)(named >> (slot % 64) & 1);
            if (k <= half) {  /* where no tile is wild, the first bit left is the one picked */
                chosen.kind = MOVE_PLAY;
                chosen.tile = g->slot_tile[seat][slot];
                chosen.by = (int16_t)(half * (k + 1) - 1);  /* k where it names its half, else -1 */
                chosen.at = (int16_t)(i / MASK_WORDS);
                return chosen;
            }
            k -= 1 + half;
        }
    }
}

/* The own moves listed after the current seat's placements (it has some): an optional extra turn declined, or a
   draw and a pass where the rules offer them. */
static void moves_after_placements(Game *g) {
    if (OPTIONAL_EXTRA && g->extra) {
        legal_push(g, MOVE_PASS, -1, -1, -1);  /* an optional extra turn may be declined */
        return;
    }
    if (MAY_DRAW && can_draw(g)) {
        legal_push(g, MOVE_DRAW, -1, -1, -1);
    }
    if (MAY_PASS && (!DRAWN_AT_ONCE || g->drawn < 0)) {
        legal_push(g, MOVE_PASS, -1, -1, -1);
    }
}

/* The one own move of a seat with no placement to make: an extra turn ends, else it draws where it may, or passes. */
static int stuck_move(const Game *g) {
    if (EXTRA_ENDS_WHEN_STUCK && g->extra) {
        return MOVE_PASS;  /* an extra turn with no legal tile simply ends */
    }
    return DRAWS && can_draw(g) ? MOVE_DRAW : MOVE_PASS;
}

/* The current seat's own moves, in the Python engine's order (its placements from fit, where next_turn counted
   them). */
static void own_moves(Game *g) {
    const Layout *l = &g->layout;
    int seat = g->current, i, p, w;
    uint64_t only[MASK_WORDS];
    g->nlegal = 0;
    if (g->hand_over) {
        return;
    }
    movable(g, only);
    if (!l->ntiles) {
        TileByte hand[NTILES];
        int n = 0;
        for (w = 0; w < MASK_WORDS; ++w) {
            uint64_t m;
            for (m = only[w]; m; m &= m - 1) {
                hand[n++] = g->slot_tile[seat][w * 64 + lowest_bit(m)];
            }
        }
        if (LEAD_NAMED && (!LEAD_NAMED_FIRST_HAND_ONLY || g->named_now)) {
            int held = DRAWN_AT_ONCE && g->drawn >= 0 ? g->drawn == g->lead_tile : g->holder[g->lead_tile] == seat;
            if (LEAD_DRAWN_FOR && !held) {
                legal_push(g, MOVE_DRAW, -1, -1, -1);  /* nobody was dealt it: each seat in turn draws a tile for it */
            } else {
                legal_push(g, MOVE_PLAY, g->lead_tile, -1, -1);  /* the tile the lead names; its holder opens */
            }
        } else if (LEAD_OFFERED) {
            for (i = 0; i < n; ++i) {
                if (LEAD_ALLOWED[hand[i]]) {
                    legal_push(g, MOVE_PLAY, hand[i], -1, -1);
                }
            }
            if (!g->nlegal) {
                legal_push(g, LEADER_DRAWS && can_draw(g) ? MOVE_DRAW : MOVE_PASS, -1, -1, -1);
            }
        } else {
            int doubles = 0;
            if (LEAD_DOUBLE_IF_HELD) {
                for (i = 0; i < n; ++i) {
                    if (TILE_LOW[hand[i]] == TILE_HIGH[hand[i]]) {
                        legal_push(g, MOVE_PLAY, hand[i], -1, -1);
                        doubles++;
                    }
                }
            }
            if (!doubles) {
                for (i = 0; i < n; ++i) {
                    legal_push(g, MOVE_PLAY, hand[i], -1, -1);
                }
            }
        }
        return;
    }
    if (g->legal_ok == LEGAL_COUNTED ? g->nfit : placement_masks(g, only)) {
        for (p = 0; p < l->nopen; ++p) {
            for (w = 0; w < MASK_WORDS; ++w) {
                uint64_t m;
                for (m = g->fit[p * MASK_WORDS + w]; m; m &= m - 1) {
                    int tile = g->slot_tile[seat][w * 64 + lowest_bit(m)];
                    if (names_half(tile)) {
                        legal_push(g, MOVE_PLAY, tile, p, 0);
                        legal_push(g, MOVE_PLAY, tile, p, 1);
                    } else {
                        legal_push(g, MOVE_PLAY, tile, p, -1);
                    }
                }
            }
        }
        moves_after_placements(g);
        return;
    }
    legal_push(g, stuck_move(g), -1, -1, -1);
}

/* The calls of muggins listed after the own moves, where the mover's points are open to one. */
static void muggins_calls(Game *g) {
    if (ANNOUNCED && g->muggins) {
        int seat, mover = g->side_of[g->last_tile_seat];
        for (seat = 0; seat < g->players; ++seat) {
            if (g->side_of[seat] != mover) {
                legal_push(g, MOVE_MUGGINS, seat, -1, -1);
            }
        }
    }
}

static void compute_legal(Game *g) {
    own_moves(g);
    if (g->nlegal && g->layout.ntiles) {
        muggins_calls(g);
    }
    g->legal_ok = LEGAL_LISTED;
}

static const Move *legal_moves(Game *g) {
    if (g->legal_ok != LEGAL_LISTED) {
        compute_legal(g);
    }
    return g->legal;
}

/* A random bot's move: the legal move rng_below(&g->rng, g->nlegal) picks. Where only the placements are
   counted, the moves listed after them are found (the same count drawn from), and only the move picked is made. */
static Move random_move(Game *g) {
    if (g->legal_ok == LEGAL_COUNTED) {
        int n = g->nfit, k;
        g->nlegal = 0;  /* the list's tail alone, as own_moves and compute_legal end it on a table with tiles */
        if (n) {
            moves_after_placements(g);
        } else {
            legal_push(g, stuck_move(g), -1, -1, -1);
        }
        muggins_calls(g);
        k = rng_below(&g->rng, n + g->nlegal);
        return g->nlegal && k >= n ? g->legal[k - n] : placement_pick(g, k);
    }
    legal_moves(g);
    return g->legal[rng_below(&g->rng, g->nlegal)];
}

/* The award for going out or a blocked hand, from the pips counted and the winner's own. */
static int pip_award(const int *source, int nsource, const int *own, int nown, int round_to, int each_hand,
                     int less_own, int divide_by) {
    int i, pips = 0, mine = 0;
    for (i = 0; i < nsource; ++i) {
        pips += round_to && each_hand ? nearest(source[i], round_to) : source[i];
    }
    for (i = 0; i < nown && less_own; ++i) {
        mine += round_to && each_hand ? nearest(own[i], round_to) : own[i];
    }
    pips -= mine;
    if (round_to && !each_hand) {
        pips = nearest(max0(pips), round_to);
    }
    return (int)floor_div(max0(pips), divide_by);
}

/* The plain award: pips rounded to the nearest multiple, then divided. */
static int round_award(int pips) {
    if (AWARD_ROUND_TO) {
        pips = nearest(pips, AWARD_ROUND_TO);
    }
    return (int)floor_div(pips, AWARD_DIVIDE_BY);
}

/* An award's pips: those of the seats it counts (AWARD_FROM_*) for the winning side. */
static int award_source(const Game *g, const int *remaining, int from, int side, int out_seat, int *source) {
    int seat, n = 0;
    for (seat = 0; seat < g->players; ++seat) {  /* each seat written, and kept or not: no branch on its side */
        source[n] = remaining[seat];
        n += (from == AWARD_FROM_EVERY_HAND) | ((from == AWARD_FROM_OTHER_SIDES) & (g->side_of[seat] != side))
             | ((from == AWARD_FROM_OTHER_HANDS) & (seat != out_seat));
    }
    return n;
}

static int side_pips(const Game *g, const int *remaining, int side, int *own) {
    int seat, n = 0;
    for (seat = 0; seat < g->players; ++seat) {
        own[n] = remaining[seat];
        n += g->side_of[seat] == side;
    }
    return n;
}

/* The seat that wins a blocked hand decided between the blocker (who placed the last tile) and the next seat. */
static int blocked_winner(const Game *g, const int *remaining) {
    /* A seat: the checks allow this rule only where some tile is placed before a hand can block. */
    int blocker = g->last_tile_seat >= 0 ? g->last_tile_seat : 0, following = seat_after(g, blocker, 1);
    return remaining[following] < remaining[blocker] ? following : blocker;
}

/* The hand-end reckoning: the winning sides (hand_winners) and the points awarded per side. */
static void reckon(Game *g, const int *remaining, int out_seat, const int *double_pips, const int *holds_double,
                   int *awards) {
    /* Zeroed for the compiler, which cannot always see award_source and side_pips fill what pip_award reads. */
    int source[MAX_PLAYERS] = {0}, own[MAX_PLAYERS] = {0}, side, seat, nsource, nown;
    for (side = 0; side < g->sides; ++side) {
        awards[side] = 0;
    }
    g->nhand_winners = 0;
    if (out_seat >= 0) {
        int winner = g->side_of[out_seat];
        g->hand_winners[g->nhand_winners++] = winner;
        if (HAND_AWARDS) {
            if (OUT_FIXED < 0) {
                nsource = award_source(g, remaining, OUT_FROM, winner, out_seat, source);
                nown = side_pips(g, remaining, winner, own);
                awards[winner] = pip_award(source, nsource, own, nown, OUT_ROUND_TO, OUT_EACH_HAND, OUT_LESS_OWN,
                                           OUT_DIVIDE_BY);
            } else {
                awards[winner] = OUT_FIXED;
            }
        } else if (HAS_AWARD) {
            nsource = award_source(g, remaining, AWARD_FROM_OPPONENTS ? AWARD_FROM_OTHER_SIDES : AWARD_FROM_OTHER_HANDS,
                                   winner, out_seat, source);
            for (seat = 0, nown = 0; seat < nsource; ++seat) {
                nown += source[seat];
            }
            awards[winner] = round_award(nown);
        }
        if (!EXACT) {
            awards[winner] += GOING_OUT_BONUS;  /* the bonus joins the hand-end awards */
        }
        return;
    }
    if (!BLOCKED_HAS_WINNER) {
        return;
    }
    if (BLOCKER_AND_NEXT) {  /* the blocker against the next seat: fewer pips win, equal pips the blocker */
        g->hand_winners[g->nhand_winners++] = g->side_of[blocked_winner(g, remaining)];
    } else if (DOUBLES_FIRST) {
        /* The seats holding no double are the candidates; if every seat holds one, all are, without their doubles. */
        int weight[MAX_PLAYERS], candidate[MAX_PLAYERS], any = 0, lowest = 0, first = 1;
        for (seat = 0; seat < g->players; ++seat) {
            any |= !holds_double[seat];
        }
        for (seat = 0; seat < g->players; ++seat) {
            candidate[seat] = !any || !holds_double[seat];
            weight[seat] = remaining[seat] - 2 * double_pips[seat];
            if (candidate[seat] && (first || weight[seat] < lowest)) {
                lowest = weight[seat];
                first = 0;
            }
        }
        for (seat = 0; seat < g->players; ++seat) {
            if (candidate[seat] && weight[seat] == lowest) {
                g->hand_winners[g->nhand_winners++] = g->side_of[seat];
            }
        }
    } else {
        int weight[MAX_PLAYERS], lowest = 0;
        for (side = 0; side < g->sides; ++side) {
            int i, sum = 0, least = 0;
            nown = side_pips(g, remaining, side, own);
            for (i = 0; i < nown; ++i) {
                sum += own[i];
                least = i == 0 || own[i] < least ? own[i] : least;
            }
            weight[side] = BLOCKED_BY_COMBINED_PIPS ? sum : least;
            lowest = side == 0 || weight[side] < lowest ? weight[side] : lowest;
        }
        for (side = 0; side < g->sides; ++side) {
            if (weight[side] == lowest) {
                g->hand_winners[g->nhand_winners++] = side;
            }
        }
    }
    if (TIE_MEANS_NO_WINNER && g->nhand_winners > 1) {
        g->nhand_winners = 0;
    }
    if (LEADERS_WIN_TIES && g->nhand_winners > 1) {  /* a tie: the side that led the hand wins it */
        g->nhand_winners = 1;
        g->hand_winners[0] = g->side_of[g->opener];
    }
    if (BLOCKERS_WIN_TIES && g->nhand_winners > 1) {  /* a tie: the blocker's side wins it */
        g->nhand_winners = 1;  /* a seat: the checks allow this rule only where some tile is placed before a block */
        g->hand_winners[0] = g->side_of[g->last_tile_seat >= 0 ? g->last_tile_seat : 0];
    }
    for (seat = 0; seat < g->nhand_winners; ++seat) {  /* each tied side takes a full award */
        side = g->hand_winners[seat];
        if (HAND_AWARDS) {
            if (BLOCKED_FIXED < 0) {
                nsource = award_source(g, remaining, BLOCKED_FROM, side, -1, source);
                nown = side_pips(g, remaining, side, own);
                awards[side] = pip_award(source, nsource, own, nown, BLOCKED_ROUND_TO, BLOCKED_EACH_HAND,
                                         BLOCKED_LESS_OWN, BLOCKED_DIVIDE_BY);
            } else {
                awards[side] = BLOCKED_FIXED;
            }
        } else if (HAS_AWARD) {
            int i, sum = 0;
            nsource = award_source(g, remaining, AWARD_FROM_OTHER_SIDES, side, -1, source);
            for (i = 0; i < nsource; ++i) {
                sum += source[i];
            }
            awards[side] = round_award(sum);
        }
    }
}

static void end_hand(Game *g, int blocked) {
    int remaining[MAX_PLAYERS], double_pips[MAX_PLAYERS], holds_double[MAX_PLAYERS], awards[MAX_PLAYERS] = {0};
    int reached[MAX_PLAYERS], nreached = 0, seat, side, any = 0, any_left = 0, level;
    g->hand_over = 1;
    g->last_blocked = blocked;
    g->legal_ok = LEGAL_UNKNOWN;
    g->hand_end = blocked ? HAND_BLOCKED : HAND_WENT_OUT;
    for (seat = 0; seat < g->players; ++seat) {
        TileByte hand[NTILES];
        int i, n = DOUBLES_FIRST ? hand_tiles(g, seat, hand) : 0;  /* the doubles held count only there */
        remaining[seat] = pips_of(g, seat);
        double_pips[seat] = holds_double[seat] = 0;
        for (i = 0; i < n; ++i) {
            int tile = hand[i];
            if (TILE_LOW[tile] == TILE_HIGH[tile]) {
                holds_double[seat] = 1;
                double_pips[seat] += TILE_LOW[tile];
            }
        }
    }
    reckon(g, remaining, blocked ? -1 : g->last_tile_seat, double_pips, holds_double, awards);
    if (LOSERS_RECORD) {  /* the losing side records the hand's points (there are two sides) */
        int kept = awards[0];
        awards[0] = awards[1];
        awards[1] = kept;
    }
    if (WINNER_LEADS) {  /* the seat that won leads the next hand: the one that went out, or the blocked hand's */
        g->winner_seat = blocked && BLOCKER_AND_NEXT ? blocked_winner(g, remaining) : g->last_tile_seat;
        if (blocked && LOWEST_SEAT && g->nhand_winners) {  /* its side's lowest, first in play order from the blocker */
            int least = -1, k;
            for (seat = 0; seat < g->players; ++seat) {
                if (g->side_of[seat] == g->hand_winners[0] && (least < 0 || remaining[seat] < least)) {
                    least = remaining[seat];
                }
            }
            for (k = 0; k < g->players; ++k) {
                seat = seat_after(g, g->last_tile_seat >= 0 ? g->last_tile_seat : 0, k);
                if (g->side_of[seat] == g->hand_winners[0] && remaining[seat] == least) {
                    g->winner_seat = seat;
                    break;
                }
            }
        } else if (blocked && LOWEST_SEAT) {  /* nobody won: the seat after this hand's opener leads the next */
            g->winner_seat = seat_after(g, g->opener, 1);
        }
    }
    if (LEAD_NAMED_LEVEL) {
        g->last_drawn = !g->nhand_winners;  /* a drawn hand: the level lead leads the next */
    }
    level = BRUK && g->sides == 2 && g->scores[0] == 1 && g->scores[1] == 1;  /* one all, playing for two */
    if (EITHER_END_BONUS && !blocked && g->either_end) {  /* the last tile matched both ends: the bonus joins */
        awards[g->hand_winners[0]] += EITHER_END_BONUS;
    }
    if (BLANK_END_BONUS && !blocked && g->blank_end) {  /* [0|0] on a single blank end: the bonus joins */
        awards[g->hand_winners[0]] += BLANK_END_BONUS;
    }
    if (BLOCKED_BONUS && blocked) {  /* winning a blocked hand scores more: the bonus joins each winner's award */
        for (seat = 0; seat < g->nhand_winners; ++seat) {
            awards[g->hand_winners[seat]] += BLOCKED_BONUS;
        }
    }
    if (HAND_BONUS_COUNT && game_hand(g) <= HAND_BONUS_COUNT) {  /* winning this hand of the game scores more */
        for (seat = 0; seat < g->nhand_winners; ++seat) {
            awards[g->hand_winners[seat]] += HAND_BONUS[game_hand(g)];
        }
    }
    if (SIDE_CHOOSES && g->nhand_winners == 1) {  /* a decided hand: its winning side chooses the next opener */
        g->choosing_side = g->hand_winners[0];
    }
    if (LOGGING(g)) {
        ev_begin(g, "hand_end");
        ev_int(g, "hand", game_hand(g));
        ev_bool(g, "blocked", blocked);
        ev_ints(g, "winners", g->hand_winners, g->nhand_winners);
        ev_ints(g, "remaining_pips", remaining, g->players);
        ev_ints(g, "awards", awards, g->sides);
        ev_end(g);
    }
    if (PUSH && blocked && !g->nhand_winners) {  /* a push: the next hand is this one played again */
        g->pushes++;
    }
    if (TIED_CARRIED) {
        if (!g->nhand_winners) {  /* a tied hand: its points (the blocked award, whoever won) are carried */
            int source[MAX_PLAYERS], nsource = award_source(g, remaining, BLOCKED_FROM, 0, -1, source);
            int64_t carried = BLOCKED_FIXED >= 0 ? BLOCKED_FIXED
                : pip_award(source, nsource, source, 0, BLOCKED_ROUND_TO, BLOCKED_EACH_HAND, 0, BLOCKED_DIVIDE_BY);
            g->eggs += carried;
            if (LOGGING(g)) {
                ev_begin(g, "eggs");
                ev_int(g, "points", carried);
                ev_int(g, "eggs", g->eggs);
                ev_end(g);
            }
        } else if (g->eggs) {  /* the side that records this hand's points takes the carried points too */
            awards[LOSERS_RECORD ? 1 - g->hand_winners[0] : g->hand_winners[0]] += (int)g->eggs;
            g->eggs = 0;
        }
    }
    for (side = 0; side < g->sides; ++side) {
        any |= awards[side] != 0;
    }
    if (EXACT) {
        for (side = 0; side < g->sides; ++side) {  /* each award is its own event, kept or cancelled whole */
            if (awards[side] && !g->over) {
                int cancelled = g->scores[side] + awards[side] > g->target;
                if (cancelled) {
                    g->cancelled++;
                } else {
                    g->scores[side] += awards[side];
                }
                if (LOGGING(g)) {
                    ev_begin(g, "award");
                    ev_int(g, "side", side);
                    ev_int(g, "points", awards[side]);
                    ev_bool(g, "cancelled", cancelled);
                    ev_scores(g);
                    ev_end(g);
                }
                if (g->scores[side] == g->target) {
                    game_win_one(g, side);
                }
            }
        }
    } else if (any) {
        int void_sides[MAX_PLAYERS], nvoid = 0;
        for (side = 0; side < g->sides; ++side) {  /* applied together; all who reach the target share the win */
            if (FIRST_SCORE_AWARDS && g->scores[side] == 0 && awards[side] > 0 && awards[side] < FIRST_SCORE) {
                void_sides[nvoid++] = side;  /* a side not yet in scores no award below FIRST_SCORE */
            } else {
                g->scores[side] += awards[side];
            }
        }
        if (LOGGING(g)) {
            int64_t points[MAX_PLAYERS];
            for (side = 0; side < g->sides; ++side) {
                points[side] = awards[side];
            }
            ev_begin(g, "award");
            ev_list(g, "points", points, g->sides);
            ev_scores(g);
            if (nvoid) {
                ev_ints(g, "void", void_sides, nvoid);
            }
            ev_end(g);
        }
        if (WINS_DURING_PLAY) {
            for (side = 0; side < g->sides; ++side) {
                if (g->scores[side] >= g->target) {
                    reached[nreached++] = side;
                }
            }
            if (nreached) {
                game_win(g, reached, nreached);
            }
        }
    }
    if (POOL) {
        int n = g->nhand_winners;
        int64_t shares[MAX_PLAYERS];
        for (side = 0; side < g->sides; ++side) {
            shares[side] = 0;
        }
        if (POOL_DIVIDED ? n > 0 : n == 1) {  /* tied winners divide it, the remainder carried; else carried */
            int64_t share = floor_div(g->pool, n);
            int i;
            if (share) {
                for (i = 0; i < n; ++i) {
                    g->scores[g->hand_winners[i]] += share;
                    shares[g->hand_winners[i]] = share;
                }
                g->pool -= share * n;
            }
        }
        if (LOGGING(g)) {
            ev_points(g, "pool", shares, 1);
        }
    }
    if (PENALTY && !g->over) {  /* every side loses its own pips */
        int penalties[MAX_PLAYERS], any_penalty = 0;
        for (side = 0; side < g->sides; ++side) {
            penalties[side] = 0;
        }
        for (seat = 0; seat < g->players; ++seat) {
            penalties[g->side_of[seat]] -= PENALTY_EACH_HAND ? nearest(remaining[seat], PENALTY_ROUND_TO)
                                                             : remaining[seat];
        }
        if (!PENALTY_EACH_HAND && PENALTY_ROUND_TO) {
            for (side = 0; side < g->sides; ++side) {
                penalties[side] = -nearest(-penalties[side], PENALTY_ROUND_TO);  /* the side's pips rounded once */
            }
        }
        if (PENALTY_OUT_EXEMPT && !blocked) {
            penalties[g->side_of[g->last_tile_seat]] = 0;  /* the side that went out loses nothing */
        }
        for (side = 0; side < g->sides; ++side) {
            g->scores[side] += penalties[side];
            any_penalty |= penalties[side] != 0;
        }
        if (LOGGING(g) && any_penalty) {
            int64_t points[MAX_PLAYERS];
            for (side = 0; side < g->sides; ++side) {
                points[side] = penalties[side];
            }
            ev_points(g, "pip_penalty", points, 0);
        }
    }
    if (PIPS_ADDED) {  /* every seat adds the pips left in its own hand to its own score */
        int64_t points[MAX_PLAYERS];
        for (seat = 0; seat < g->players; ++seat) {
            points[seat] = remaining[seat];
            g->scores[g->side_of[seat]] += remaining[seat];
            any_left |= remaining[seat] != 0;
        }
        if (LOGGING(g) && any_left) {
            ev_begin(g, "pips_left");
            ev_list(g, "points", points, g->players);
            ev_scores(g);
            ev_end(g);
        }
    }
    if (ROUNDS && game_hand(g) == ROUNDS) {  /* the last round: the lowest total wins, seats tied for it all win */
        int lowest_sides[MAX_PLAYERS], nlowest = 0;
        int64_t lowest = g->scores[0];
        for (side = 1; side < g->sides; ++side) {
            lowest = g->scores[side] < lowest ? g->scores[side] : lowest;
        }
        for (side = 0; side < g->sides; ++side) {
            if (g->scores[side] == lowest) {
                lowest_sides[nlowest++] = side;
            }
        }
        game_win(g, lowest_sides, nlowest);
    }
    if (BRUK && g->nhand_winners && g->scores[0] >= 1 && g->scores[1] >= 1
            && !(g->scores[0] == 1 && g->scores[1] == 1)) {
        /* Both sides have points: from 1-1 the losers go back to 0, else every side does (the game bruks), or the
           losers alone where the winner keeps its points (BRUK_KEEPS_WINNER). */
        int64_t back[MAX_PLAYERS];
        for (side = 0; side < g->sides; ++side) {
            back[side] = (level || BRUK_KEEPS_WINNER) && side == g->hand_winners[0] ? 0 : -g->scores[side];
            g->scores[side] += back[side];
        }
        if (LOGGING(g)) {
            ev_points(g, "reset", back, 0);
        }
    }
    if (JUDGED_AT_HAND_END && LOSERS_RECORD && !g->over) {  /* the side at the target loses: the other wins */
        for (side = 0; side < 2; ++side) {
            if (g->scores[side] >= g->target) {
                game_win_one(g, 1 - side);  /* only one side records in a hand */
                break;
            }
        }
    } else if (JUDGED_AT_HAND_END && !g->over) {  /* judged now: the highest score wins, however many reach it */
        int64_t best = g->scores[0];
        for (side = 1; side < g->sides; ++side) {
            best = g->scores[side] > best ? g->scores[side] : best;
        }
        if (best >= g->target) {
            for (side = 0; side < g->sides; ++side) {
                if (g->scores[side] == best) {
                    reached[nreached++] = side;
                }
            }
            game_win(g, reached, nreached);
        }
    }
}

/* Start a turn: the next seat's (advance) or the same seat's again; end the hand if it is blocked. */
static void next_turn(Game *g, int advance) {
    int seat, i;
    const Layout *l = &g->layout;
    uint64_t only[MASK_WORDS], fits;
    if (advance) {
        int skipped = 0;
        g->extra = 0;
        g->draws = 0;
        seat = seat_after(g, g->current, 1);
        while (!g->hand_len[seat] && skipped++ < g->players) {  /* a seat that has gone out is skipped */
            seat = seat_after(g, seat, 1);
        }
        g->current = seat;
    }
    if (l->ntiles) {  /* the moves are counted, not listed: the list is built where a bot asks for it */
        movable(g, only);
        g->nfit = placement_masks(g, only);
        g->legal_ok = LEGAL_COUNTED;
        if (g->nfit || stuck_move(g) != MOVE_PASS) {
            return;
        }
    } else {
        compute_legal(g);
        if (g->legal[0].kind != MOVE_PASS) {
            return;
        }
    }
    if (LEAD_OFFERED && !l->ntiles) {  /* before the lead: blocked once no seat may lead (and none can draw) */
        if (LEADER_DRAWS && g->pile_len - g->pile_next > RESERVE) {
            return;
        }
        for (seat = 0; seat < g->players; ++seat) {
            TileByte hand[NTILES];
            int n = hand_tiles(g, seat, hand);
            for (i = 0; i < n; ++i) {
                if (LEAD_ALLOWED[hand[i]]) {
                    return;
                }
            }
        }
        end_hand(g, 1);
        return;
    }
    if (DRAWS && g->pile_len - g->pile_next > RESERVE) {
        return;
    }
    fits = 0;
    for (seat = 0; seat < g->players; ++seat) {  /* blocked unless some seat holds a tile that fits an open end */
        fits |= fits_somewhere(g, seat, g->held[seat]);
    }
    if (!fits) {
        end_hand(g, 1);
    }
}

/* tile leaves seat's hand, which holds it (a legal placement's tile is the mover's). */
static void hand_remove(Game *g, int seat, int tile) {
    unsigned slot = (unsigned)g->slot_of[tile];
    g->held[seat][slot_word(slot)] &= ~((uint64_t)1 << (slot % 64));
    g->holder[tile] = -1;
    g->hand_len[seat]--;
    g->pips[seat] -= PIPS_LEFT[tile];
}

/* The play event of the placement just made (its points scored, or not); claim where scores are announced. */
EVENT_CALL static void ev_play(Game *g, int seat, int tile, int64_t raw, int64_t points, int hand_ends, int cancelled,
                    int64_t claim, int by) {
    const int16_t *placed = g->placed[g->layout.ntiles - 1];
    int ends;
    ev_begin(g, "play");
    ev_int(g, "seat", seat);
    ev_tile(g, "tile", tile);
    ev_tile(g, "on", placed[0]);
    ev_port(g, "port", placed[1]);
    ev_int(g, "total", layout_counted(&g->layout, &ends, (Port *)0));
    ev_int(g, "raw", raw);
    ev_int(g, "points", points);
    if (EXACT && hand_ends) {
        ev_int(g, "bonus", GOING_OUT_BONUS);
    }
    if (EXACT && cancelled) {
        ev_bool(g, "cancelled", 1);
    }
    if (!EXACT && !ANNOUNCED && FIRST_SCORE > 0 && cancelled) {
        ev_bool(g, "void", 1);  /* the side was not yet in */
    }
    if (ANNOUNCED) {
        ev_int(g, "claim", claim);
    }
    if (HAS_WILD && by >= 0) {
        ev_port(g, "by", by);  /* the half of a wild tile that touches: low or high, as ports are named */
    }
    ev_scores(g);
    ev_end(g);
}

static void play_tile(Game *g, int tile, int at, int by) {
    int seat = g->current, side = g->side_of[seat], from_draw = g->drawn >= 0, hand_ends = 0, ends, total, left;
    int64_t points, raw, score_before = g->scores[side];
    Layout *l = &g->layout;
    int on = -1, port = -1;
    if (LOGGING(g) && at >= 0) {
        on = l->open[at].tile;
        port = l->open[at].kind;
    }
    if ((EITHER_END_BONUS || BLANK_END_BONUS) && g->hand_len[seat] == 1) {  /* going out: the other open end */
        int i, double_ok = EITHER_END_DOUBLES || TILE_LOW[tile] != TILE_HIGH[tile];
        g->either_end = g->blank_end = 0;
        for (i = 0; at >= 0 && i < l->nopen; ++i) {
            if (i != at) {
                int value = l->open[i].value;
                g->either_end |= double_ok && (TILE_LOW[tile] == value || TILE_HIGH[tile] == value)
                                 && (!EITHER_END_TWO_NUMBERS || value != l->open[at].value);
                g->blank_end |= TILE_HIGH[tile] == 0 && value != 0;  /* [0|0], the other end not blank */
            }
        }
    }
    if (at < 0) {
        layout_lead(l, tile);
    } else {
        layout_cover(l, tile, at, by);
        if (TRAINS && l->train[tile] == seat) {
            l->markers[seat] = 0;  /* a tile on its own train takes the seat's marker off */
        }
    }
    if (LOGGING(g)) {
        int16_t *placed = g->placed[l->ntiles - 1];
        placed[0] = (int16_t)on;
        placed[1] = (int16_t)port;
        placed[2] = (int16_t)tile;
        placed[3] = (int16_t)(at < 0 ? -1 : l->touched);
    }
    hand_remove(g, seat, tile);
    g->placements++;
    g->passes = 0;
    g->drawn = -1;
    g->last_tile_seat = seat;
    total = layout_count(l, &ends);
    raw = placement_raw(l, total, ends, score_before, g->target);
    points = floor_div(raw, RAW_PER_DISPLAYED);
    g->placement_points += points;
    g->placement_points_sq += points * points;
    g->scoring_placements += points > 0;
    left = g->hand_len[seat];
    if (!left) {
        hand_ends = PARTNER_OUT_TOO ? !g->partnerships || !g->hand_len[(seat + 2) % 4] : 1;
    }
    g->play_points = points;
    g->play_bonus = 0;
    g->play_cancelled = 0;
    if (EXACT) {
        /* The placement and the going-out bonus are one event, kept or cancelled whole. Worked out without a branch
           on whether it scores, which no predictor learns: a branch there costs more than the whole event. */
        int64_t gained = points + (hand_ends ? GOING_OUT_BONUS : 0), after = g->scores[side] + gained;
        int cancelled = gained != 0 && (after > g->target || (LEAD_MAY_NOT_WIN && at < 0 && after == g->target));
        g->play_bonus = hand_ends ? GOING_OUT_BONUS : 0;
        g->play_cancelled = cancelled;
        g->cancelled += cancelled;
        gained = cancelled ? 0 : gained;
        g->scores[side] += gained;
        if (LOGGING(g)) {
            ev_play(g, seat, tile, raw, points, hand_ends, cancelled, 0, by);
        }
        if (gained && g->scores[side] == g->target) {
            game_win_one(g, side);
            return;
        }
    } else if (ANNOUNCED) {
        /* The mover scores the points only if he claimed them exactly; a wrong claim above 0 is a penalty the
           next opponent clockwise scores; points not claimed exactly wait for a muggins call. */
        int64_t claim = g->claim == CLAIM_TRUE ? points : g->claim;
        if (points && claim == points) {
            g->scores[side] += points;
        }
        if (LOGGING(g)) {
            ev_play(g, seat, tile, raw, points, hand_ends, 0, claim, by);
        }
        if (g->scores[side] >= g->target) {
            game_win_one(g, side);
            return;
        }
        if (claim && claim != points) {
            int opponent_seat = seat_after(g, seat, 1), opponent = g->side_of[opponent_seat];
            g->scores[opponent] += claim;
            if (LOGGING(g)) {
                ev_seat_points(g, "penalty", opponent_seat, claim);
            }
            if (g->scores[opponent] >= g->target) {
                game_win_one(g, opponent);
                return;
            }
        }
        g->muggins = claim != points ? points : 0;
    } else {
        int void_points = FIRST_SCORE > 0 && g->scores[side] == 0 && points > 0 && points < FIRST_SCORE;
        if (points && !void_points) {
            g->scores[side] += points;
        }
        if (LOGGING(g)) {
            ev_play(g, seat, tile, raw, points, hand_ends, void_points, 0, by);
        }
        if (WINS_DURING_PLAY && g->scores[side] >= g->target) {
            game_win_one(g, side);
            return;
        }
    }
    if (!left && g->log) {
        ev_begin(g, "out");
        ev_int(g, "seat", seat);
        if (EITHER_END_BONUS && g->either_end) {
            ev_bool(g, "either_end", 1);
        }
        if (BLANK_END_BONUS && g->blank_end) {
            ev_bool(g, "blank_end", 1);
        }
        ev_end(g);
    }
    if (hand_ends) {
        end_hand(g, 0);
        return;
    }
    if (EXTRA_TURNS && left && (!EXTRA_NEEDS_FROM_DRAW || !from_draw) && (EXTRA_AFTER_LEAD || at >= 0)
            && (EXTRA_AFTER_ANY || (EXTRA_AFTER_DOUBLE && TILE_LOW[tile] == TILE_HIGH[tile])
                || (EXTRA_AFTER_SCORE && raw > 0))) {
        g->extra = 1;
        g->draws = 0;
        next_turn(g, 0);
        return;
    }
    next_turn(g, 1);
}

static void draw_tile(Game *g) {
    int tile = g->pile[g->pile_next++], seat = g->current;
    hand_add(g, seat, tile);
    g->draws++;
    g->draws_made++;
    if (LOGGING(g)) {
        ev_begin(g, "draw");
        ev_int(g, "seat", seat);
        ev_tile(g, "tile", tile);
        ev_end(g);
    }
    /* A playable drawn tile is played at once; one drawn for the lead joins the hand (one drawn for the named lead
       does too, but where tiles join by their own matching, which takes any tile on the empty table). */
    if (DRAWN_AT_ONCE && (g->layout.ntiles || (!LEADER_DRAWS && (!LEAD_DRAWN_FOR || OWN_MATCHING)))
            && layout_takes(&g->layout, seat, tile)) {
        g->drawn = tile;
    }
    /* Drawing for the named lead, a seat that did not draw it hands the draw on; else the last tile drawn may leave
       nobody able to play: the hand ends now. */
    next_turn(g, LEAD_DRAWN_FOR && !g->layout.ntiles && tile != g->lead_tile);
}

/* Points a pass scores for a side (an opponent's pass, a pass all round, or right after the lead, as the event's
   flag says): whether they won the game, at once. */
static int pass_scores(Game *g, int side, int points, const char *flag) {
    g->scores[side] += points;
    if (LOGGING(g)) {
        ev_begin(g, "pass_points");
        ev_int(g, "side", side);
        ev_int(g, "points", points);
        if (flag) {
            ev_bool(g, flag, 1);
        }
        ev_scores(g);
        ev_end(g);
    }
    if (WINS_DURING_PLAY && g->scores[side] >= g->target) {
        game_win_one(g, side);  /* the game ends at once, in the middle of the hand */
        return 1;
    }
    return 0;
}

static void pass_turn(Game *g) {
    g->passes_made++;
    if (LOGGING(g)) {
        ev_seat(g, "pass", g->current);
    }
    if (TRAINS) {
        g->layout.markers[g->current] = 1;  /* a pass puts the seat's marker on its own train */
    }
    if (LEAD_PASS && g->layout.ntiles == 1 && seat_after(g, g->last_tile_seat, 1) == g->current) {
        /* A pass right after the lead: the leader's side scores, by whether the lead (on the table alone) was a
           double. */
        if (pass_scores(g, g->side_of[g->last_tile_seat], g->layout.doubles ? LEAD_PASS_DOUBLE : LEAD_PASS_OTHER,
                        "after_lead")) {
            return;
        }
    } else if (PASS_POINTS && g->layout.ntiles) {  /* an opponent's pass scores for the side of the last tile placed */
        int side = g->side_of[g->last_tile_seat];
        if (side != g->side_of[g->current] && pass_scores(g, side, PASS_POINTS, NULL)) {  /* a partner's: nothing */
            return;
        }
    }
    /* A pass all round: the seat before the last tile's passes, so every other seat has passed since it. */
    if (ROUND_PASS_POINTS && g->layout.ntiles && seat_after(g, g->current, 1) == g->last_tile_seat
            && pass_scores(g, g->side_of[g->last_tile_seat], ROUND_PASS_POINTS, "all_round")) {
        return;
    }
    if (MAY_PASS) {
        int seat, holding = 0;
        g->passes++;
        for (seat = 0; seat < g->players; ++seat) {
            holding += g->hand_len[seat] > 0;
        }
        if (g->passes >= holding) {  /* everyone passed in turn: nobody will play */
            end_hand(g, 1);
            return;
        }
    }
    next_turn(g, 1);
}

/* An opponent takes the points the mover did not claim exactly. */
static void call_muggins(Game *g, int seat) {
    int side = g->side_of[seat];
    g->scores[side] += g->muggins;
    if (LOGGING(g)) {
        ev_seat_points(g, "muggins", seat, g->muggins);
    }
    g->muggins = 0;
    if (g->scores[side] >= g->target) {
        game_win_one(g, side);
    }
}

/* Make a legal move (one of g->legal, copied); claim: the points claimed for a placement where scores are
   announced (at least 0, or CLAIM_TRUE). */
static void apply_move(Game *g, Move m, int64_t claim) {
    g->legal_ok = LEGAL_UNKNOWN;
    if (ANNOUNCED) {
        if (m.kind == MOVE_MUGGINS) {
            call_muggins(g, m.tile);
            return;
        }
        g->muggins = 0;  /* the next move is made: points nobody called muggins on are lost */
        g->claim = claim;
    }
    if (m.kind == MOVE_PLAY) {
        play_tile(g, m.tile, m.at, m.by);
    } else if (m.kind == MOVE_DRAW) {
        draw_tile(g);
    } else {
        pass_turn(g);
    }
}

/* The round's engine of the hand about to be dealt, by the hands dealt so far (a game has ROUNDS of them). */
static int round_engine(const Game *g) {
    return ROUND_ENGINE[g->hand_number <= MAX_PIP ? g->hand_number : MAX_PIP];
}

/* The seat that holds tile in the hands being dealt, or -1. */
static int holder_of(const Game *g, int tile) {
    return g->holder[tile];
}

/* The first tile of LEAD_ORDER that a hand holds (into *tile), and its holder; -1 when no hand holds one. */
static int first_held(const Game *g, int *tile) {
    int i;
    for (i = 0; i < LEAD_ORDER_LENGTH; ++i) {
        int seat = holder_of(g, LEAD_ORDER[i]);
        if (seat >= 0) {
            *tile = LEAD_ORDER[i];
            return seat;
        }
    }
    return -1;
}

/* The tile the named lead names in the hand about to be dealt (into *tile) and its holder, -1 where no hand holds it:
   the round's engine (LEAD_ROUND_DOUBLE), the double ROUND_ENGINE gives the hand's number; else the
   first tile of LEAD_ORDER that a hand holds. */
static int named_holder(const Game *g, int *tile) {
    if (LEAD_ROUND_DOUBLE) {
        *tile = round_engine(g);
        return holder_of(g, *tile);
    }
    return first_held(g, tile);
}

static int highest_double_holder(const Game *g) {
    int pip;
    for (pip = MAX_PIP; pip >= 0; --pip) {
        int seat = holder_of(g, DOUBLE_TILE[pip]);
        if (seat >= 0) {
            return seat;
        }
    }
    return -1;
}

/* The seat holding the heaviest tile dealt (most pips; between equal sums the greater higher half), or -1. */
static int heaviest_tile_holder(const Game *g) {
    int tile, heaviest = -1, most = -1;
    for (tile = 0; tile < NTILES; ++tile) {
        int weight = (TILE_LOW[tile] + TILE_HIGH[tile]) * (MAX_PIP + 1) + TILE_HIGH[tile];  /* pips, then the half */
        if (holder_of(g, tile) >= 0 && weight > most) {
            most = weight;
            heaviest = tile;
        }
    }
    return heaviest < 0 ? -1 : holder_of(g, heaviest);
}

/* Whether the named lead leads the hand about to be dealt where it leads only some: the game's first hand, or
   (LEAD_NAMED_LEVEL) a hand dealt at 0-0 or 1-1 or after a drawn hand. */
static int named_lead_now(const Game *g) {
    int side, level = 1;
    if (!LEAD_NAMED_LEVEL) {
        return game_hand(g) == 0;
    }
    for (side = 1; side < g->sides; ++side) {
        level &= g->scores[side] == g->scores[0];
    }
    return (level && (g->scores[0] == 0 || g->scores[0] == 1)) || g->last_drawn;
}

/* The hand's opener: given (a seat, or -1 to decide it), checked against the rules; -2 where they refuse it. */
static int choose_opener(Game *g, int given) {
    int rule, decided = -1;
    g->named_now = named_lead_now(g);
    if (LEAD_NAMED && (!LEAD_NAMED_FIRST_HAND_ONLY || g->named_now)) {
        int tile = 0, holder = named_holder(g, &tile);
        if (LEAD_ROUND_DOUBLE) {
            g->lead_tile = tile;  /* the round's engine, held or not */
        }
        if (holder >= 0 || !LEAD_DRAWN_FOR) {
            if (holder < 0 || (given >= 0 && given != holder)) {
                return -2;  /* a void deal, or an opener that does not hold the lead */
            }
            g->lead_tile = tile;
            return holder;
        }
        /* nobody was dealt it: the opener rules say which seat draws for it first */
    }
    rule = game_hand(g) == 0 ? FIRST_OPENER : g->last_blocked ? AFTER_BLOCKED_OPENER : NEXT_OPENER;
    /* A record may start at a later hand of its game: with no hand before it (opener -1) a lot decides. */
    if (rule == OPENER_NEXT_SEAT && g->opener >= 0) {
        decided = seat_after(g, g->opener, 1);
    } else if (rule == OPENER_LAST_TILE && g->opener >= 0) {
        decided = g->last_tile_seat;
    } else if (rule == OPENER_WINNER && g->opener >= 0) {
        decided = g->winner_seat;
    } else if (rule == OPENER_SIDE_CHOICE && g->choosing_side >= 0) {  /* any seat of the side that won */
        int seats[MAX_PLAYERS], n = 0, seat;
        for (seat = 0; seat < g->players; ++seat) {
            if (g->side_of[seat] == g->choosing_side) {
                seats[n++] = seat;
            }
        }
        if (given >= 0) {
            return g->side_of[given] == g->choosing_side ? given : -2;
        }
        return seats[rng_below(&g->rng, n)];
    } else if (rule == OPENER_HIGHEST_DOUBLE) {
        decided = highest_double_holder(g);
    } else if (rule == OPENER_HEAVIEST_TILE) {
        decided = heaviest_tile_holder(g);
    }
    if (given >= 0) {
        return decided >= 0 && given != decided ? -2 : given;
    }
    return decided >= 0 ? decided : rng_below(&g->rng, g->players);
}

/* The hand dealt (hands and pile set) begins: its opener chosen (given, or -1), the stakes paid. -2: the rules
   refuse the opener, or the deal is void. */
static int begin_hand(Game *g, int given) {
    int opener = choose_opener(g, given), side;
    if (opener < 0) {
        return -2;
    }
    if (LEAD_SET_ASIDE) {
        g->lead_tile = round_engine(g);  /* the hand about to be dealt is the next: its engine, set aside */
    }
    g->hand_number++;
    layout_reset(&g->layout, g->players);
    if (LEAD_SET_ASIDE) {  /* the round's engine, set aside on the table: no move places it, no event tells it */
        layout_lead(&g->layout, g->lead_tile);
        if (LOGGING(g)) {
            int16_t *placed = g->placed[0];
            placed[0] = placed[1] = placed[3] = -1;
            placed[2] = (int16_t)g->lead_tile;
        }
    }
    g->opener = g->current = opener;
    g->hand_over = 0;
    g->extra = g->draws = g->passes = 0;
    g->drawn = -1;
    g->hand_end = HAND_WON_IN_PLAY;
    g->nhand_winners = 0;
    if (LOGGING(g)) {
        ev_begin(g, "hand");
        ev_int(g, "hand", game_hand(g));
        ev_int(g, "opener", opener);
        ev_end(g);
    }
    if (POOL) {
        int64_t stakes[MAX_PLAYERS];
        for (side = 0; side < g->sides; ++side) {  /* every player stakes into the pool */
            g->scores[side] -= POOL;
            stakes[side] = -POOL;
        }
        g->pool += POOL * g->sides;
        if (LOGGING(g)) {
            ev_points(g, "stake", stakes, 1);
        }
    }
    if (LEAD_OFFERED || LEAD_SET_ASIDE) {
        /* a deal may leave no seat a tile it may lead, or one for the engine on the table: blocked at once */
        next_turn(g, 0);
    } else {
        compute_legal(g);
    }
    return 0;
}

/* A hand dealt as given (counts[seat] tiles of dealt[seat] each, then npile tiles of pile in drawing order; npile
   -1: the tiles no hand holds, in the set's order) and begun, opened by opener (-1: as the rules decide), checked
   as the Python engine's start_hand checks them: 0, or -2 where it refuses them, the game unchanged. Where the
   round's engine is set aside (LEAD_SET_ASIDE), the hands and the pile hold every other tile, and it in none. */
static int deal_given(Game *g, int opener, TileByte dealt[][NTILES], const int *counts, const TileByte *pile, int npile) {
    TileByte seen[NTILES], rest[NTILES];
    int nrest = 0, seat, i, total = 0, refused = 0, aside = LEAD_SET_ASIDE ? round_engine(g) : -1;
    memset(seen, 0, sizeof seen);
    for (seat = 0; seat < g->players; ++seat) {
        refused |= counts[seat] != DEAL_SIZE[g->players];
        for (i = 0; i < counts[seat] && !refused; ++i) {
            refused |= dealt[seat][i] >= NTILES || seen[dealt[seat][i]]++ != 0;
        }
        total += counts[seat];
    }
    for (i = 0; i < npile && !refused; ++i) {
        refused |= pile[i] >= NTILES || seen[pile[i]]++ != 0;
        rest[nrest++] = pile[i];
    }
    for (i = 0; i < NTILES && npile < 0; ++i) {  /* no pile given: the tiles no hand holds, in the set's order */
        if (!seen[i] && i != aside) {
            rest[nrest++] = (TileByte)i;
        }
    }
    refused |= aside >= 0 && seen[aside];  /* the tile set aside is on the table: no hand and no pile holds it */
    if (refused || total + nrest != NTILES - LEAD_SET_ASIDE || g->over || !g->hand_over) {
        return -2;
    }
    {
        Game before = *g;
        hands_clear(g);
        for (seat = 0; seat < g->players; ++seat) {
            hand_join(g, seat, dealt[seat], counts[seat]);
        }
        memcpy(g->pile, rest, (size_t)nrest);
        g->pile_len = nrest;
        g->pile_next = 0;
        if (begin_hand(g, opener)) {
            *g = before;
            return -2;
        }
    }
    return 0;
}

/* Where the move (kind, tile: a muggins call's calling seat, on, port, by; -1 for none) stands among the current
   seat's legal moves; -1 where it is not one. */
static int legal_index(Game *g, const int64_t *move) {
    int i;
    if (g->over || g->hand_over) {
        return -1;
    }
    legal_moves(g);
    for (i = 0; i < g->nlegal; ++i) {
        const Move *m = &g->legal[i];
        int same = m->kind == move[0] && m->tile == move[1];
        if (same && m->kind == MOVE_PLAY) {
            const Port *on = m->at >= 0 ? &g->layout.open[m->at] : (const Port *)0;  /* none: the lead */
            same = (on ? on->tile : -1) == move[2] && (on ? on->kind : -1) == move[3] && m->by == move[4];
        }
        if (same) {
            return i;
        }
    }
    return -1;
}

/* A shuffled deal (a void one shuffled again); 0, or -3 past the safety limit. Where the round's engine is set
   aside (LEAD_SET_ASIDE), the other tiles are shuffled, from the set's order without it. */
static int deal_shuffled(Game *g) {
    TileByte tiles[NTILES];
    int size = DEAL_SIZE[g->players], attempt, seat, n = NTILES - LEAD_SET_ASIDE;
    for (attempt = 0; attempt < SAFETY_DEALS; ++attempt) {
        int tile = 0;
        memcpy(tiles, SET_ORDER, sizeof tiles);
        if (LEAD_SET_ASIDE) {  /* SET_ORDER holds each tile at its own index: the engine's is taken out */
            int aside = round_engine(g);
            memmove(&tiles[aside], &tiles[aside + 1], (size_t)(NTILES - 1 - aside));
        }
        rng_shuffle(&g->rng, tiles, n);
        hands_clear(g);
        for (seat = 0; seat < g->players; ++seat) {
            hand_join(g, seat, &tiles[seat * size], size);
        }
        g->pile_len = n - g->players * size;
        memcpy(g->pile, &tiles[g->players * size], (size_t)g->pile_len);
        g->pile_next = 0;
        if (!LEAD_VOID || (LEAD_NAMED_FIRST_HAND_ONLY && !named_lead_now(g)) || named_holder(g, &tile) >= 0) {
            return 0;
        }
    }
    return -3;
}
//###}
