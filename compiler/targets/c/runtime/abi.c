/* The exported functions of the native engines (the ABI the Python driver loads): bots and the simulation
   loops, and the replay of a record encoded as ints. Copied into every engine after its game; read as
   text, never compiled on its own. */

//###{standalone bots
/* The placement worth the most immediate raw points, ties to the first in legal order; else the first move. */
static Move greedy_move(Game *g) {
    const Move *moves = legal_moves(g);
    Move best = moves[0];
    int64_t best_points = -1, score = g->scores[g->side_of[g->current]];
    int i;
    for (i = 0; i < g->nlegal; ++i) {
        Layout after;
        int ends, total;
        int64_t points;
        if (moves[i].kind != MOVE_PLAY) {
            continue;
        }
        after = g->layout;
        if (moves[i].at < 0) {
            layout_lead(&after, moves[i].tile);
        } else {
            layout_cover(&after, moves[i].tile, moves[i].at, moves[i].by);
        }
        total = layout_count(&after, &ends);
        points = placement_raw(&after, total, ends, score, g->target);
        if (points > best_points) {
            best = moves[i];
            best_points = points;
        }
    }
    return best;
}

/* Play the current hand to its end, each seat moved by its bot (BOT_* in the low four bits, a search bot's budget
   above them); 0, -3 past the safety limit, or SEARCH_MEMORY where a search finds no memory for its tree. */
INLINE_CALLS static int play_hand(Game *g, const int32_t *bots) {
    long moves = 0;
    int thinking = 0, seat;
    Knowledge k;  /* what the table has seen: kept only where a bot thinks */
    for (seat = 0; seat < g->players; ++seat) {
        thinking |= (bots[seat] & 15) >= BOT_EXPERT;
    }
    memset(k.count, 0, sizeof k.count);
    while (!g->hand_over) {
        Move m;
        if (++moves > SAFETY_MOVES) {
            return -3;
        }
        if (!thinking) {
            m = bots[g->current] == BOT_GREEDY ? greedy_move(g) : random_move(g);
        } else {
            int kind = bots[g->current] & 15;
            if (kind == BOT_ISMCTS || kind == BOT_ISMCTS_MS) {
                Move searched;  /* m's address is never taken: the compiler keeps its fields in registers */
                if (ismcts_move(g, &k, bots[g->current] >> 4, kind == BOT_ISMCTS_MS, &searched) != SEARCH_OK) {
                    return SEARCH_MEMORY;
                }
                m = searched;
            } else if (kind == BOT_EXPERT) {
                m = expert_move(g, &k);
            } else {
                m = kind == BOT_GREEDY ? greedy_move(g) : random_move(g);
            }
            knowledge_observe(&k, g, m);
        }
        apply_move(g, m, CLAIM_TRUE);  /* a bot claims a placement's true points */
    }
    return 0;
}
//###}

//###{standalone simulate
enum {
    STAT_UNITS, STAT_HANDS, STAT_GAMES, STAT_MATCHES, STAT_PLACEMENTS, STAT_PLACEMENTS_SQ, STAT_PASSES,
    STAT_PASSES_SQ, STAT_DRAWS, STAT_DRAWS_SQ, STAT_BLOCKED, STAT_WENT_OUT, STAT_CANCELLED, STAT_REMAINING_PIPS,
    STAT_REMAINING_PIPS_SQ, STAT_HANDS_SQ, STAT_POINTS, STAT_POINTS_SQ = STAT_POINTS + STAT_SIDES,
    STAT_WINS = STAT_POINTS_SQ + STAT_SIDES, STAT_MATCH_POINTS = STAT_WINS + STAT_SIDES,
    STAT_COUNT = STAT_MATCH_POINTS + STAT_SIDES
};
/* What the simulations return besides 0 or a count: the table or a buffer refused, a bot refused, a unit past
   its safety limit, more hands than the rows given hold, statistics summed past 64 bits, a hand's points past
   the counts kept of them. */
enum { PLAY_TABLE = -1, PLAY_BOT = -2, PLAY_LIMIT = -3, PLAY_CAPACITY = -4, PLAY_OVERFLOW = -5, PLAY_OUTSIDE = -6 };

/* The unit being played: its record (UNIT_FIELD_COUNT figures, UNIT_* in the record schema's order) and its
   hands' rows (HAND_FIELD_COUNT each, room for capacity; kept only where keep_rows), or only the counts of each
   side's points in a hand (hand_points[points + points_radius], where hand_points is given). */
typedef struct {
    int64_t *record;
    int64_t *rows;
    int64_t nrows, capacity, unit;
    int keep_rows, game, first_opener;  /* the game being played (from 1) and the opener of its first hand */
    int64_t *hand_points;
    int64_t points_radius;
    int points_outside;                 /* a hand's points fell outside the counts */
} Unit;

/* What play_units does with each unit's record: ds_simulate's statistics, ds_play_units' records and hand rows,
   or ds_tally_hands' sums of every figure and of the products of pairs of figures (any may be null). */
typedef struct {
    int64_t *stats;
    int64_t *units, *hands;
    int64_t capacity;
    const int32_t *pairs;  /* npairs pairs of figures' offsets in a record */
    int32_t npairs;
    int64_t *sums, *products, *hand_points, points_radius;
} Outputs;

/* Deal a hand afresh and play it out, opened by opener (-1: as the rules decide); its figures go into u. */
static int unit_hand(Game *g, const int32_t *bots, Unit *u, int opener) {
    int64_t *r = u->record;
    int64_t before[MAX_PLAYERS];
    int code, seat, side, pips = 0;
    for (side = 0; side < g->sides; ++side) {
        before[side] = g->scores[side];  /* before the stakes too: a hand's points are all it changes */
    }
    code = deal_shuffled(g);
    if (code || begin_hand(g, opener)) {
        return PLAY_LIMIT;
    }
    if (g->hand_number == 1) {
        u->first_opener = g->opener;
    }
    code = play_hand(g, bots);
    if (code) {
        return code;
    }
    for (seat = 0; seat < g->players; ++seat) {
        pips += pips_of(g, seat);
        side = g->side_of[seat_after(g, g->opener, seat)];
        r[UNIT_OPENER_POINTS + seat] += g->scores[side] - before[side];
    }
    r[UNIT_HANDS]++;
    r[UNIT_BLOCKED] += g->hand_end == HAND_BLOCKED;
    r[UNIT_WENT_OUT] += g->hand_end == HAND_WENT_OUT;
    r[UNIT_WON_IN_PLAY] += g->hand_end == HAND_WON_IN_PLAY;
    r[UNIT_REMAINING_PIPS] += pips;
    if (u->hand_points) {
        for (side = 0; side < g->sides; ++side) {
            int64_t points = g->scores[side] - before[side];
            if (points < -u->points_radius || points > u->points_radius) {
                u->points_outside = 1;
            } else {
                u->hand_points[points + u->points_radius]++;
            }
        }
    }
    if (u->keep_rows) {
        int64_t *row;
        if (u->nrows >= u->capacity) {
            return PLAY_CAPACITY;
        }
        row = u->rows + u->nrows++ * HAND_FIELD_COUNT;
        row[HAND_UNIT] = u->unit;
        row[HAND_GAME] = u->game;
        row[HAND_OPENER] = g->opener;
        for (side = 0; side < MAX_PLAYERS; ++side) {
            row[HAND_POINTS + side] = side < g->sides ? g->scores[side] - before[side] : 0;
        }
    }
    return 0;
}

/* A whole game to its target, or SAFETY_HANDS hands where it has none or nobody reaches it (as the Python
   play_game stops), its first hand opened by opener (-1: as the rules decide). */
static int unit_game(Game *g, const int32_t *bots, Unit *u, int opener) {
    while (!g->over) {
        int code;
        if (g->hand_number >= SAFETY_HANDS) {
            break;
        }
        code = unit_hand(g, bots, u, g->hand_number ? -1 : opener);
        if (code) {
            return code;
        }
    }
    return 0;
}

/* The game's counts of moves and its scores, taken into the record before the game is dealt with again. */
static void take_counts(const Game *g, int64_t *r) {
    int side;
    r[UNIT_GAMES] += g->over;
    r[UNIT_PLACEMENTS] += g->placements;
    r[UNIT_TURNS] += g->placements + g->passes_made;
    r[UNIT_PASSES] += g->passes_made;
    r[UNIT_DRAWS] += g->draws_made;
    r[UNIT_CANCELLED] += g->cancelled;
    r[UNIT_PLACEMENT_POINTS] += g->placement_points;
    r[UNIT_PLACEMENT_POINTS_SQ] += g->placement_points_sq;
    r[UNIT_SCORING_PLACEMENTS] += g->scoring_placements;
    for (side = 0; side < g->sides; ++side) {
        r[UNIT_POINTS + side] += g->scores[side];
    }
}

/* won[side]: 1 for each side listed in sides (a side listed twice, for two of its seats, counts once). */
static void sides_won(const Game *g, const int *sides, int count, int *won) {
    int side;
    for (side = 0; side < g->sides; ++side) {
        won[side] = 0;
    }
    for (side = 0; side < count; ++side) {
        won[sides[side]] = 1;
    }
}

/* The sides that won (won[side]) taken into the record: by side, by seat from opener, by seat; with margin, the
   distance from the winner's final score to the nearest other side's where one side won alone (its lead over the
   best other; where the losing side records penalty points, the other's penalty points over its own). */
static void take_wins(const Game *g, int64_t *r, const int *won, int opener, int margin) {
    int side, seat, alone = -1, winners = 0, others = 0;
    int64_t nearest = 0;
    for (side = 0; side < g->sides; ++side) {
        r[UNIT_WINS + side] += won[side];
        winners += won[side];
        alone = won[side] ? side : alone;
    }
    for (seat = 0; seat < g->players; ++seat) {
        r[UNIT_OPENER_WINS + seat] += won[g->side_of[seat_after(g, opener, seat)]];
        r[UNIT_SEAT_WINS + seat] += won[g->side_of[seat]];
    }
    if (!margin || winners != 1) {
        return;
    }
    for (side = 0; side < g->sides; ++side) {
        int64_t gap = g->scores[alone] - g->scores[side];
        gap = gap < 0 ? -gap : gap;
        if (side != alone && (!others++ || gap < nearest)) {
            nearest = gap;
        }
    }
    r[UNIT_MARGIN] += nearest;
}

/* The loser of the game: the first side with the lowest score (a side number is also one of its seats). */
static int game_loser(const Game *g) {
    int side, loser = 0;
    for (side = 1; side < g->sides; ++side) {
        loser = g->scores[side] < g->scores[loser] ? side : loser;
    }
    return loser;
}

/* A whole match: games until the match is won (SAFETY_GAMES at most, none after a game stopped at its safety
   limit), each game's figures taken into the record as it ends. */
static int unit_match(Game *g, const int32_t *bots, Unit *u) {
    int64_t *r = u->record;
    MatchScore m;
    int won[MAX_PLAYERS], side, played;
    match_start(&m, g->sides);
    for (played = 0; played < SAFETY_GAMES; ++played) {
        int code, opener = -1, over;
        if (played) {
            opener = MATCH_LOSER_OPENS ? game_loser(g) : -1;  /* the loser of the previous game opens the next */
            game_init(g, g->players, g->partnerships);
        }
        u->game = played + 1;
        code = unit_game(g, bots, u, opener);
        if (code) {
            return code;
        }
        if (!g->over) {  /* stopped at its safety limit: the match goes no further, won by nobody */
            take_counts(g, r);
            break;
        }
        over = score_match_game(&m, g->scores);
        take_counts(g, r);
        sides_won(g, g->winners, g->nwinners, won);
        take_wins(g, r, won, u->first_opener, 1);
        if (m.line >= 0) {
            r[UNIT_LINE + m.line]++;
        }
        if (over) {
            sides_won(g, m.winners, m.nwinners, won);
            r[UNIT_MATCHES] = 1;
            for (side = 0; side < g->sides; ++side) {
                r[UNIT_MATCH_POINTS + side] = m.points[side];
                r[UNIT_MATCH_WINS + side] = won[side];
            }
            return 0;
        }
    }
    for (side = 0; side < g->sides; ++side) {  /* a match not won: SAFETY_GAMES games, or a game stopped */
        r[UNIT_MATCH_POINTS + side] = m.points[side];
    }
    return 0;
}

/* Unit u->unit played from its own seed into u's record: a hand (its winners, or the game's where it ended
   the game in play), a whole game, or a whole match where the variant has match rules. */
static int play_unit(Game *g, Unit *u, int players, int partnerships, uint64_t seed, const int32_t *bots,
                     int whole_games) {
    int won[MAX_PLAYERS], code;
    memset(u->record, 0, UNIT_FIELD_COUNT * sizeof *u->record);
    game_init(g, players, partnerships);
    rng_seed(&g->rng, seed, (uint64_t)u->unit);
    u->game = 1;
    u->first_opener = 0;
    if (whole_games && HAS_MATCH_PLAY) {
        return unit_match(g, bots, u);
    }
    code = whole_games ? unit_game(g, bots, u, -1) : unit_hand(g, bots, u, -1);
    if (code) {
        return code;
    }
    take_counts(g, u->record);
    if (whole_games || g->hand_end == HAND_WON_IN_PLAY) {
        sides_won(g, g->winners, g->nwinners, won);
    } else {
        sides_won(g, g->hand_winners, g->nhand_winners, won);
    }
    take_wins(g, u->record, won, whole_games ? u->first_opener : g->opener, whole_games);
    return 0;
}

/* *sum += value; 0 where the sum would pass 64 bits. */
static int add_checked(int64_t *sum, int64_t value) {
    if ((value > 0 && *sum > INT64_MAX - value) || (value < 0 && *sum < INT64_MIN - value)) {
        return 0;
    }
    *sum += value;
    return 1;
}

/* Whether the product of two figures each within these bounds stays within 64 bits. */
static int factor_fits(int64_t value) {
    return value <= INT64_C(3037000499) && value >= -INT64_C(3037000499);
}

/* A figure summed, and its square; 0 where either would pass 64 bits. */
static int add_square(int64_t *sum, int64_t *squares, int64_t value) {
    return add_checked(sum, value) && factor_fits(value) && add_checked(squares, value * value);
}

/* A unit's record into the simulation's sums: every figure, and the products of the pairs asked for; 0 where a
   sum would pass 64 bits. */
static int add_sums(const int64_t *r, const Outputs *out) {
    int i, exact = 1;
    for (i = 0; i < UNIT_FIELD_COUNT; ++i) {
        exact &= add_checked(&out->sums[i], r[i]);
    }
    for (i = 0; i < out->npairs; ++i) {
        int64_t a = r[out->pairs[2 * i]], b = r[out->pairs[2 * i + 1]];
        exact &= factor_fits(a) && factor_fits(b) && add_checked(&out->products[i], a * b);
    }
    return exact;
}

/* A unit's record summed into ds_simulate's statistics (a match's wins are the match's); 0 where a sum would pass
   64 bits (the points of many long units: their records, from ds_play_units, are summed exactly by the caller). */
static int add_stats(const Game *g, const int64_t *r, int matches, int64_t *stats) {
    int side, exact = 1;
    stats[STAT_UNITS] += 1;
    stats[STAT_HANDS] += r[UNIT_HANDS];
    stats[STAT_HANDS_SQ] += r[UNIT_HANDS] * r[UNIT_HANDS];
    stats[STAT_GAMES] += r[UNIT_GAMES];
    stats[STAT_MATCHES] += r[UNIT_MATCHES];
    exact &= add_square(&stats[STAT_PLACEMENTS], &stats[STAT_PLACEMENTS_SQ], r[UNIT_PLACEMENTS]);
    exact &= add_square(&stats[STAT_PASSES], &stats[STAT_PASSES_SQ], r[UNIT_PASSES]);
    exact &= add_square(&stats[STAT_DRAWS], &stats[STAT_DRAWS_SQ], r[UNIT_DRAWS]);
    exact &= add_square(&stats[STAT_REMAINING_PIPS], &stats[STAT_REMAINING_PIPS_SQ], r[UNIT_REMAINING_PIPS]);
    stats[STAT_BLOCKED] += r[UNIT_BLOCKED];
    stats[STAT_WENT_OUT] += r[UNIT_WENT_OUT];
    stats[STAT_CANCELLED] += r[UNIT_CANCELLED];
    for (side = 0; side < g->sides && side < STAT_SIDES; ++side) {
        exact &= add_square(&stats[STAT_POINTS + side], &stats[STAT_POINTS_SQ + side], r[UNIT_POINTS + side]);
        stats[STAT_WINS + side] += r[(matches ? UNIT_MATCH_WINS : UNIT_WINS) + side];
        stats[STAT_MATCH_POINTS + side] += r[UNIT_MATCH_POINTS + side];
    }
    return exact;
}

/* Units first .. first+count-1 in turn, each record summed into out's stats or sums, or kept in its units
   (UNIT_FIELD_COUNT each) with its hands' rows in hands (room for capacity rows); the rows written, or a PLAY_*
   code. */
static int64_t play_units(int64_t first, int64_t count, int32_t players, int32_t partnerships, uint64_t seed,
                          const int32_t *bots, int32_t whole_games, const Outputs *out) {
    Game game;
    Unit u;
    int64_t record[UNIT_FIELD_COUNT], i;
    int seat;
    if (!table_allowed(players, partnerships)) {
        return PLAY_TABLE;
    }
    if (!bots || (whole_games != 0 && whole_games != 1)) {
        return PLAY_BOT;
    }
    for (seat = 0; seat < players; ++seat) {
        int kind = bots[seat] & 15, budget = bots[seat] >> 4;
        if (bots[seat] < 0 || kind >= BOT_KINDS || (kind >= BOT_ISMCTS ? budget < 1 : budget != 0)) {
            return PLAY_BOT;
        }
    }
    u.keep_rows = out->units != (int64_t *)0;
    u.rows = out->hands;
    u.capacity = out->hands && out->capacity > 0 ? out->capacity : 0;
    u.nrows = 0;
    u.hand_points = out->hand_points;
    u.points_radius = out->points_radius;
    u.points_outside = 0;
    for (i = 0; i < count; ++i) {
        int code;
        u.unit = first + i;
        u.record = out->units ? out->units + i * UNIT_FIELD_COUNT : record;
        code = play_unit(&game, &u, players, partnerships, seed, bots, whole_games);
        if (code) {
            return code;
        }
        if (out->stats && !add_stats(&game, u.record, whole_games && HAS_MATCH_PLAY, out->stats)) {
            return PLAY_OVERFLOW;
        }
        if (out->sums && !add_sums(u.record, out)) {
            return PLAY_OVERFLOW;
        }
    }
    return u.points_outside ? PLAY_OUTSIDE : u.nrows;
}

int32_t ds_abi_version(void) {
    return ABI_VERSION;
}

int32_t ds_stat_count(void) {
    return STAT_COUNT;
}

const char *ds_stat_name(int32_t i) {
    return i >= 0 && i < STAT_COUNT ? STAT_NAMES[i] : (const char *)0;
}

int32_t ds_unit_field_count(void) {
    return UNIT_FIELD_COUNT;
}

const char *ds_unit_field_name(int32_t i) {
    return i >= 0 && i < UNIT_FIELD_COUNT ? UNIT_FIELD_NAMES[i] : (const char *)0;
}

int32_t ds_hand_field_count(void) {
    return HAND_FIELD_COUNT;
}

const char *ds_hand_field_name(int32_t i) {
    return i >= 0 && i < HAND_FIELD_COUNT ? HAND_FIELD_NAMES[i] : (const char *)0;
}

int32_t ds_table_allowed(int32_t players, int32_t partnerships) {
    return table_allowed(players, partnerships);
}

int32_t ds_simulate(int64_t first, int64_t count, int32_t players, int32_t partnerships, uint64_t seed,
                    const int32_t *bots, int32_t whole_games, int64_t *stats) {
    Outputs out;
    int64_t code;
    if (!stats) {
        return PLAY_TABLE;
    }
    memset(&out, 0, sizeof out);
    out.stats = stats;
    code = play_units(first, count, players, partnerships, seed, bots, whole_games, &out);
    return code < 0 ? (int32_t)code : 0;
}

int64_t ds_play_units(int64_t first, int64_t count, int32_t players, int32_t partnerships, uint64_t seed,
                      const int32_t *bots, int32_t whole_games, int64_t *units, int64_t *hands,
                      int64_t hand_capacity) {
    Outputs out;
    if (!units) {
        return PLAY_TABLE;
    }
    memset(&out, 0, sizeof out);
    out.units = units;
    out.hands = hands;
    out.capacity = hand_capacity;
    return play_units(first, count, players, partnerships, seed, bots, whole_games, &out);
}

/* Hands first .. first+count-1, each dealt afresh from scores of 0, as a simulation tallies them without their
   records: the sum of each figure (sums, UNIT_FIELD_COUNT of them), of the products of npairs pairs of figures
   (pairs: 2 * npairs offsets into a record; products, npairs of them), and the counts of each side's points in a
   hand (hand_points[points + points_radius], 2 * points_radius + 1 of them), all added to. 0, or a PLAY_* code:
   PLAY_OVERFLOW where a sum would pass 64 bits, PLAY_OUTSIDE where a hand's points are beyond the counts. */
int32_t ds_tally_hands(int64_t first, int64_t count, int32_t players, int32_t partnerships, uint64_t seed,
                       const int32_t *bots, const int32_t *pairs, int32_t npairs, int64_t *sums, int64_t *products,
                       int64_t *hand_points, int64_t points_radius) {
    Outputs out;
    int32_t i;
    int64_t code;
    if (!sums || !hand_points || points_radius < 0 || npairs < 0 || (npairs && (!pairs || !products))) {
        return PLAY_TABLE;
    }
    for (i = 0; i < 2 * npairs; ++i) {
        if (pairs[i] < 0 || pairs[i] >= UNIT_FIELD_COUNT) {
            return PLAY_TABLE;
        }
    }
    memset(&out, 0, sizeof out);
    out.pairs = pairs;
    out.npairs = npairs;
    out.sums = sums;
    out.products = products;
    out.hand_points = hand_points;
    out.points_radius = points_radius;
    code = play_units(first, count, players, partnerships, seed, bots, 0, &out);
    return code < 0 ? (int32_t)code : 0;
}
//###}

//###{standalone replay
enum { REPLAY_OK, REPLAY_REFUSED, REPLAY_MALFORMED, REPLAY_CAPACITY };

/* The record being read, and where the replay has got to. */
typedef struct {
    const int64_t *record;
    int64_t length, at;
    int64_t game, hand, move;
} Reader;

static int read_int(Reader *r, int64_t *value) {
    if (!r->record || r->at >= r->length) {
        return 0;
    }
    *value = r->record[r->at++];
    return 1;
}

/* n, then n tile indices, into tiles (at most NTILES): 0 when malformed. */
static int read_tiles(Reader *r, TileByte *tiles, int *count) {
    int64_t n, tile;
    int i;
    if (!read_int(r, &n) || n < 0 || n > NTILES) {
        return 0;
    }
    for (i = 0; i < n; ++i) {
        if (!read_int(r, &tile) || tile < 0 || tile >= NTILES) {
            return 0;
        }
        tiles[i] = (TileByte)tile;
    }
    *count = (int)n;
    return 1;
}

/* A hand's deal and opener, checked as the Python engine's start_hand checks them; a status. */
static int replay_deal(Reader *r, Game *g, int required_opener) {
    TileByte dealt[MAX_PLAYERS][NTILES], pile[NTILES];
    int64_t opener, has_pile;
    int counts[MAX_PLAYERS], npile = -1, seat;
    if (!read_int(r, &opener)) {
        return REPLAY_MALFORMED;
    }
    for (seat = 0; seat < g->players; ++seat) {
        if (!read_tiles(r, dealt[seat], &counts[seat])) {
            return REPLAY_MALFORMED;
        }
    }
    if (!read_int(r, &has_pile) || (has_pile != 0 && has_pile != 1)) {
        return REPLAY_MALFORMED;
    }
    if (has_pile && !read_tiles(r, pile, &npile)) {
        return REPLAY_MALFORMED;
    }
    if (opener < 0 || opener >= g->players || (required_opener >= 0 && opener != required_opener)) {
        return REPLAY_REFUSED;
    }
    return deal_given(g, (int)opener, dealt, counts, pile, npile) ? REPLAY_REFUSED : REPLAY_OK;
}

/* One recorded move, found among the legal moves and made; a status. */
static int replay_move(Reader *r, Game *g, int64_t *out, int64_t capacity, int64_t *plays, int64_t plays_at) {
    int64_t v[7];
    int i;
    Move chosen;
    for (i = 0; i < 7; ++i) {
        if (!read_int(r, &v[i])) {
            return REPLAY_MALFORMED;
        }
    }
    /* seat, kind, tile, on, port, by, claim */
    if (v[1] < MOVE_PLAY || v[1] > MOVE_MUGGINS || v[2] < -1 || v[2] >= NTILES || v[3] < -1 || v[3] >= NTILES
            || v[4] < -1 || v[4] > PORT_LAST || v[5] < -1 || v[5] > 1 || v[6] < -1 || v[6] > REPLAY_MAX_CLAIM
            || (v[1] == MOVE_PLAY && (v[2] < 0 || (v[3] < 0) != (v[4] < 0) || (v[5] >= 0 && v[3] < 0)))
            || (v[1] != MOVE_PLAY && v[6] >= 0)) {
        return REPLAY_MALFORMED;
    }
    if (g->over || g->hand_over || (v[0] != g->current && v[1] != MOVE_MUGGINS)) {
        return REPLAY_REFUSED;
    }
    if (v[1] == MOVE_MUGGINS) {
        v[2] = v[0];  /* a call of muggins names the calling seat */
    }
    i = legal_index(g, &v[1]);
    if (i < 0 || (!ANNOUNCED && v[6] >= 0)) {
        return REPLAY_REFUSED;  /* not legal; or a claim where scores are credited at once */
    }
    chosen = g->legal[i];
    apply_move(g, chosen, v[6] > 0 ? v[6] : 0);
    if (chosen.kind == MOVE_PLAY) {
        int64_t at = plays_at + 3 * *plays;
        if (at + 3 <= capacity) {
            out[at] = g->play_points;
            out[at + 1] = g->play_bonus;
            out[at + 2] = g->play_cancelled;
        }
        ++*plays;
    }
    return REPLAY_OK;
}

/* A game's hands; a status. required_opener: the seat that must open its first hand, or -1. */
static int replay_hands(Reader *r, Game *g, int64_t *out, int64_t capacity, int64_t *plays, int64_t plays_at,
                        int required_opener) {
    int64_t hands, moves;
    int status;
    if (!read_int(r, &hands) || hands < 0) {
        return REPLAY_MALFORMED;
    }
    for (r->hand = 1; r->hand <= hands; ++r->hand) {
        r->move = 0;
        if (r->hand > 1 && !g->hand_over) {
            r->hand--;  /* the record stops before the hand is decided, yet another hand follows */
            return REPLAY_REFUSED;
        }
        status = replay_deal(r, g, r->hand == 1 ? required_opener : -1);
        if (status) {
            return status;
        }
        if (!read_int(r, &moves) || moves < 0) {
            return REPLAY_MALFORMED;
        }
        for (r->move = 1; r->move <= moves; ++r->move) {
            status = replay_move(r, g, out, capacity, plays, plays_at);
            if (status) {
                return status;
            }
        }
    }
    r->hand = hands;
    return REPLAY_OK;
}

/* The record replayed: a status, with the location of a refusal and the state the replay reached. */
static int replay_record(Reader *r, Game *g, int64_t *out, int64_t capacity, int64_t *plays, int64_t plays_at,
                         MatchScore *m, int *is_match) {
    int64_t players, partnerships, has_scores, games, score, first_hand;
    int side, status;
    if (!read_int(r, &players) || !read_int(r, &partnerships) || !read_int(r, &has_scores)
            || (has_scores != 0 && has_scores != 1)) {
        return REPLAY_MALFORMED;
    }
    if (partnerships != 0 && partnerships != 1) {
        return REPLAY_MALFORMED;
    }
    if (players < 0 || players > MAX_PLAYERS || !table_allowed((int)players, (int)partnerships)) {
        return REPLAY_REFUSED;
    }
    game_init(g, (int)players, (int)partnerships);
    match_start(m, g->sides);
    if (has_scores) {
        int refused = 0;
        for (side = 0; side < g->sides; ++side) {
            if (!read_int(r, &score) || score > REPLAY_MAX_SCORE || score < -REPLAY_MAX_SCORE) {
                return REPLAY_MALFORMED;
            }
            g->scores[side] = score;
            refused |= !NO_TARGET && (score >= g->target || (!BELOW_ZERO && score < 0));
        }
        if (refused) {
            game_init(g, (int)players, (int)partnerships);
            return REPLAY_REFUSED;
        }
    }
    if (!read_int(r, &first_hand) || first_hand < 1 || first_hand > MAX_HAND_NUMBER) {
        return REPLAY_MALFORMED;
    }
    g->first_hand = (int)first_hand;
    g->hand_number = (int)first_hand - 1;
    if (!read_int(r, &games) || games < 0 || (games > 0 && (!HAS_MATCH_PLAY || has_scores || first_hand != 1))) {
        return REPLAY_MALFORMED;
    }
    *is_match = games > 0;
    for (r->game = 1; r->game <= (games ? games : 1); ++r->game) {
        int opener = -1;
        r->hand = r->move = 0;
        if (r->game > 1) {
            if (!g->over || m->over) {
                return REPLAY_REFUSED;  /* a game follows one not won, or the match already won */
            }
            opener = MATCH_LOSER_OPENS ? game_loser(g) : -1;
            if (opener >= 0 && r->at + 1 < r->length && r->record[r->at] > 0 && r->record[r->at + 1] != opener) {
                r->hand = 1;  /* refused before the game starts: the scores stay those of the game before */
                return REPLAY_REFUSED;
            }
            game_init(g, (int)players, (int)partnerships);
        }
        status = replay_hands(r, g, out, capacity, plays, plays_at, opener);
        if (status) {
            return status;
        }
        if (games && g->over) {
            score_match_game(m, g->scores);
        }
    }
    r->game = r->hand = r->move = 0;
    return r->at == r->length ? REPLAY_OK : REPLAY_MALFORMED;
}

int32_t ds_replay(const int64_t *record, int64_t length, int64_t *out, int64_t capacity) {
    Game game;
    Game *g = &game;
    Reader r;
    MatchScore m;
    int is_match = 0, side, status;
    int64_t plays = 0, plays_at, at, needed;
    if (!out || capacity < 4) {
        return REPLAY_CAPACITY;
    }
    r.record = record;
    r.length = length < 0 ? 0 : length;
    r.at = 0;
    r.game = r.hand = r.move = 0;
    g->sides = 0;
    plays_at = 4 + 4 + 3 * MAX_PLAYERS;  /* past the longest header: the plays are moved down to it at the end */
    match_start(&m, 0);
    status = replay_record(&r, g, out, capacity, &plays, plays_at, &m, &is_match);
    if (g->sides == 0) {
        game_init(g, MIN_PLAYERS, 0);
        g->sides = 0;
    }
    out[1] = status ? r.game : 0;
    out[2] = status ? r.hand : 0;
    out[3] = status ? r.move : 0;
    at = 4;
    needed = 4 + 1 + g->sides + 1 + (is_match ? m.nwinners : g->nwinners) + 1 + (is_match ? g->sides : 0) + 1
             + 3 * plays;
    if (needed > capacity || plays_at + 3 * plays > capacity) {
        out[0] = REPLAY_CAPACITY;
        return REPLAY_CAPACITY;
    }
    out[at++] = g->sides;
    for (side = 0; side < g->sides; ++side) {
        out[at++] = g->scores[side];
    }
    if (is_match) {
        out[at++] = m.nwinners;
        for (side = 0; side < m.nwinners; ++side) {
            out[at++] = m.winners[side];
        }
        out[at++] = 1;
        for (side = 0; side < g->sides; ++side) {
            out[at++] = m.points[side];
        }
    } else {
        out[at++] = g->nwinners;
        for (side = 0; side < g->nwinners; ++side) {
            out[at++] = g->winners[side];
        }
        out[at++] = 0;
    }
    out[at++] = plays;
    memmove(&out[at], &out[plays_at], (size_t)(3 * plays) * sizeof(int64_t));
    out[0] = status;
    return status;
}
//###}
