/* The play interface of the native engines: one game moved a move at a time, for a person at a table, a bot, or a
   driver in another language (Python's dominospec.native.Game, the WebAssembly module's JavaScript). The caller
   holds the game as ds_table_size() bytes, copies them to keep a position (undo is a copy put back), and reads
   each call's events as JSON lines, one object a line, as the Python engine logs them. Copied into every engine
   after its replay; read as text, never compiled on its own. */

//###{standalone play
/* A table: the game and what the table has seen of the hand under way (the thinking bots read it). One flat
   struct with no pointer kept between calls, so that a copy of its bytes is a copy of the game. */
typedef struct {
    Game game;
    Knowledge seen;
    MatchScore match;  /* where the variant has match rules: the match the game is one of */
    int games;  /* the games of the match begun, this one included */
    int first_opener;  /* the seat that opens the game's first hand, as the match rules say (-1: as the game's do) */
} Table;

enum { TABLE_REFUSED = -1 };  /* what the calls that write events return for a table, deal or move refused */
/* ds_table_state's figures: STATE_SCORES and the lists after it hold MAX_PLAYERS entries each. */
enum {
    STATE_PLAYERS, STATE_PARTNERSHIPS, STATE_SIDES, STATE_TARGET, STATE_OVER, STATE_HAND_OVER, STATE_CURRENT,
    STATE_HAND_NUMBER, STATE_OPENER, STATE_PILE, STATE_DRAWN, STATE_POOL, STATE_WINNERS_COUNT, STATE_GAMES,
    STATE_GAMES_SCORED, STATE_FIRST_OPENER, STATE_MATCH_OVER, STATE_MATCH_WINNERS_COUNT, STATE_LINE,
    STATE_GAME_POINTS, STATE_OUTRIGHT, STATE_GAME_WINNERS_COUNT, STATE_MAX_HAND_NUMBER, STATE_WINNERS,
    STATE_SCORES = STATE_WINNERS + MAX_PLAYERS, STATE_PEG_BACK = STATE_SCORES + MAX_PLAYERS,
    STATE_HAND_SIZES = STATE_PEG_BACK + MAX_PLAYERS, STATE_MATCH_POINTS = STATE_HAND_SIZES + MAX_PLAYERS,
    STATE_GAMES_WON = STATE_MATCH_POINTS + MAX_PLAYERS, STATE_MATCH_WINNERS = STATE_GAMES_WON + MAX_PLAYERS,
    STATE_GAME_WINNERS = STATE_MATCH_WINNERS + MAX_PLAYERS, STATE_COUNT = STATE_GAME_WINNERS + MAX_PLAYERS
};
enum { MOVE_INTS = 5 };  /* a move as ints: kind, tile (a muggins call: the calling seat), on, port, by (-1: none) */

/* 1 in the build that writes events (-DDS_EVENTS); the others' play interface writes none. */
int32_t ds_table_events(void) {
    return EVENTS;
}

int32_t ds_table_size(void) {
    return (int32_t)sizeof(Table);
}

int32_t ds_max_moves(void) {
    return MAX_MOVES;
}

int32_t ds_state_count(void) {
    return STATE_COUNT;
}

/* Ints ds_table_layout writes at most. */
int32_t ds_layout_ints(void) {
    return 6 + 4 * NTILES + 3 * MAX_PORTS + NTILES + 3 * (MAX_PORTS + WAITING_PORTS) + MAX_PLAYERS;
}

/* A new game at a table the rules allow, its random numbers from seed, with no hand dealt yet; 0 or TABLE_REFUSED. */
int32_t ds_table_new(Table *t, int32_t players, int32_t partnerships, uint64_t seed) {
    if (players < 1 || players > MAX_PLAYERS || partnerships < 0 || partnerships > 1
            || !table_allowed(players, partnerships)) {
        return TABLE_REFUSED;
    }
    game_init(&t->game, players, partnerships);
    rng_seed(&t->game.rng, seed, 0);
    memset(t->seen.count, 0, sizeof t->seen.count);
    match_start(&t->match, t->game.sides);
    t->games = 1;
    t->first_opener = -1;
    return 0;
}

/* Where the variant has match rules: the finished game scored in match points (ds_table_state then reads its
   line, points and winners, and the match's score); 0, or TABLE_REFUSED for a game not over or already scored. */
int32_t ds_table_finish_game(Table *t) {
    if (!HAS_MATCH_PLAY || !t->game.over || t->match.games == t->games) {
        return TABLE_REFUSED;
    }
    score_match_game(&t->match, t->game.scores);
    return 0;
}

/* The match's next game, its first hand not dealt yet, opened by opener where the match rules leave that open
   (-1: as the game's rules decide); 0, or TABLE_REFUSED for a game not scored yet, a match won, or an opener the
   match rules do not give (the loser of the previous game opens the next where they say so). */
int32_t ds_table_next_game(Table *t, int32_t opener) {
    Game *g = &t->game;
    int loser;
    if (!HAS_MATCH_PLAY || t->match.games != t->games || t->match.over || opener < -1 || opener >= g->players) {
        return TABLE_REFUSED;
    }
    loser = MATCH_LOSER_OPENS ? game_loser(g) : opener;
    if (opener >= 0 && opener != loser) {
        return TABLE_REFUSED;
    }
    game_init(g, g->players, g->partnerships);
    memset(t->seen.count, 0, sizeof t->seen.count);
    t->games++;
    t->first_opener = loser;
    return 0;
}

/* The game's number of its first hand (a record of a game's later hands starts past 1), before that hand;
   TABLE_REFUSED outside 1 to MAX_HAND_NUMBER, or once a hand is dealt. */
int32_t ds_table_first_hand(Table *t, int32_t first) {
    Game *g = &t->game;
    if (g->hand_number != g->first_hand - 1 || first < 1 || first > MAX_HAND_NUMBER) {
        return TABLE_REFUSED;
    }
    g->first_hand = first;
    g->hand_number = first - 1;
    return 0;
}

/* The game's starting scores, one a side, before its first hand; TABLE_REFUSED for one at or past the target, or
   below zero where scores may not go there. */
int32_t ds_table_start_scores(Table *t, const int64_t *scores) {
    Game *g = &t->game;
    int side;
    if (g->hand_number != g->first_hand - 1) {
        return TABLE_REFUSED;
    }
    for (side = 0; side < g->sides; ++side) {
        if ((!NO_TARGET && scores[side] >= g->target) || (!BELOW_ZERO && scores[side] < 0)) {
            return TABLE_REFUSED;
        }
    }
    for (side = 0; side < g->sides; ++side) {
        g->scores[side] = g->peg_back[side] = g->peg_front[side] = scores[side];
    }
    return 0;
}

/* The next hand: shuffled where tiles is null, else dealt as given (each seat's DEAL_SIZE tiles, then npile tiles of
   the pile in drawing order; npile -1: the pile is the tiles no hand holds, in the set's order), opened by opener
   (-1: as the rules decide). Its events go into out: their length (more than capacity: the caller puts its copy
   of the table back and calls again with more room), or TABLE_REFUSED, the table unchanged. */
int64_t ds_table_deal(Table *t, int32_t opener, const TileByte *tiles, int32_t npile, char *out, int64_t capacity) {
    Game *g = &t->game;
    EventLog log = {out, capacity, 0};
    int status;
    if (g->over || !g->hand_over || opener < -1 || opener >= g->players || npile < -1 || npile > NTILES) {
        return TABLE_REFUSED;
    }
    if (!g->hand_number && t->first_opener >= 0) {  /* a match's game opened as the match rules say */
        if (opener >= 0 && opener != t->first_opener) {
            return TABLE_REFUSED;
        }
        opener = t->first_opener;
    }
    g->log = &log;
    if (tiles) {
        TileByte dealt[MAX_PLAYERS][NTILES];
        int counts[MAX_PLAYERS], size = DEAL_SIZE[g->players], seat, i;
        for (seat = 0; seat < g->players; ++seat) {
            counts[seat] = size;
            for (i = 0; i < size; ++i) {
                dealt[seat][i] = tiles[seat * size + i];
            }
        }
        status = deal_given(g, opener, dealt, counts, tiles + g->players * size, npile);
    } else {
        Game before = *g;
        status = deal_shuffled(g) || begin_hand(g, opener) ? -1 : 0;
        if (status) {
            *g = before;
        }
    }
    g->log = (EventLog *)0;
    memset(t->seen.count, 0, sizeof t->seen.count);
    return status ? TABLE_REFUSED : log.length;
}

/* The current seat's legal moves (and the calls of muggins open to the others), MOVE_INTS each, in the Python
   engine's order; none once the hand is over. Their number. */
int32_t ds_table_legal(Table *t, int32_t *out) {
    Game *g = &t->game;
    int i;
    if (g->hand_over) {
        return 0;
    }
    legal_moves(g);
    for (i = 0; i < g->nlegal; ++i) {
        const Move *m = &g->legal[i];
        const Port *on = m->kind == MOVE_PLAY && m->at >= 0 ? &g->layout.open[m->at] : (const Port *)0;
        out[i * MOVE_INTS] = m->kind;
        out[i * MOVE_INTS + 1] = m->tile;
        out[i * MOVE_INTS + 2] = on ? on->tile : -1;
        out[i * MOVE_INTS + 3] = on ? on->kind : -1;
        out[i * MOVE_INTS + 4] = m->by;
    }
    return g->nlegal;
}

/* A move (MOVE_INTS, as ds_table_legal lists them) made if it is legal, with the points claimed for a placement
   where scores are announced (claim: -1 for none); its events into out, as ds_table_deal writes them, or
   TABLE_REFUSED for a move that is not legal now, the table unchanged. */
int64_t ds_table_apply(Table *t, const int32_t *move, int64_t claim, char *out, int64_t capacity) {
    Game *g = &t->game;
    EventLog log = {out, capacity, 0};
    int64_t wanted[MOVE_INTS];
    int i, found;
    if (g->over || g->hand_over || claim < -1 || (!ANNOUNCED && claim >= 0)) {
        return TABLE_REFUSED;  /* scores are credited at once where they are not announced: no claim */
    }
    for (i = 0; i < MOVE_INTS; ++i) {
        wanted[i] = move[i];
    }
    found = legal_index(g, wanted);
    if (found < 0) {
        return TABLE_REFUSED;
    }
    knowledge_observe(&t->seen, g, g->legal[found]);
    g->log = &log;
    apply_move(g, g->legal[found], claim > 0 ? claim : 0);
    g->log = (EventLog *)0;
    return log.length;
}

/* The move a bot (BOT_* in the low four bits, a search bot's budget above them) would make now, MOVE_INTS into
   out; 0, TABLE_REFUSED for a bot there is none of or a hand that is over, or SEARCH_MEMORY. The bots draw on the
   game's random numbers, as the simulations' do. */
int32_t ds_table_bot_move(Table *t, int32_t bot, int32_t *out) {
    Game *g = &t->game;
    Move m;
    int kind = bot & 15;
    if (g->hand_over || kind >= BOT_KINDS || bot < 0) {
        return TABLE_REFUSED;
    }
    if (kind == BOT_ISMCTS || kind == BOT_ISMCTS_MS) {
        if (ismcts_move(g, &t->seen, bot >> 4, kind == BOT_ISMCTS_MS, &m) != SEARCH_OK) {
            return SEARCH_MEMORY;
        }
    } else if (kind == BOT_EXPERT) {
        m = expert_move(g, &t->seen);
    } else {
        m = kind == BOT_GREEDY ? greedy_move(g) : random_move(g);
    }
    out[0] = m.kind;
    out[1] = m.tile;
    out[2] = m.kind == MOVE_PLAY && m.at >= 0 ? g->layout.open[m.at].tile : -1;
    out[3] = m.kind == MOVE_PLAY && m.at >= 0 ? g->layout.open[m.at].kind : -1;
    out[4] = m.by;
    return 0;
}

/* The game's figures (STATE_*) into out; the highest number a game's first hand may have is the rules' own, the same
   for every table (so read from a table of zeroed bytes too, where no game has begun). */
void ds_table_state(const Table *t, int64_t *out) {
    const Game *g = &t->game;
    int i;
    out[STATE_PLAYERS] = g->players;
    out[STATE_PARTNERSHIPS] = g->partnerships;
    out[STATE_SIDES] = g->sides;
    out[STATE_TARGET] = g->target;
    out[STATE_OVER] = g->over;
    out[STATE_HAND_OVER] = g->hand_over;
    out[STATE_CURRENT] = g->current;
    out[STATE_HAND_NUMBER] = g->hand_number;
    out[STATE_OPENER] = g->opener;
    out[STATE_PILE] = g->pile_len - g->pile_next;
    out[STATE_DRAWN] = g->drawn;
    out[STATE_POOL] = g->pool;
    out[STATE_WINNERS_COUNT] = g->nwinners;
    out[STATE_GAMES] = t->games;
    out[STATE_GAMES_SCORED] = t->match.games;
    out[STATE_FIRST_OPENER] = t->first_opener;
    out[STATE_MATCH_OVER] = t->match.over;
    out[STATE_MATCH_WINNERS_COUNT] = t->match.nwinners;
    out[STATE_LINE] = t->match.line;
    out[STATE_GAME_POINTS] = t->match.game_points;
    out[STATE_OUTRIGHT] = t->match.outright;
    out[STATE_GAME_WINNERS_COUNT] = t->match.ngame_winners;
    out[STATE_MAX_HAND_NUMBER] = MAX_HAND_NUMBER;
    for (i = 0; i < MAX_PLAYERS; ++i) {
        int here = i < g->players, side = i < g->sides;
        out[STATE_WINNERS + i] = i < g->nwinners ? g->winners[i] : -1;
        out[STATE_SCORES + i] = side ? g->scores[i] : 0;
        out[STATE_PEG_BACK + i] = side ? g->peg_back[i] : 0;
        out[STATE_HAND_SIZES + i] = here ? g->hand_len[i] : 0;
        out[STATE_MATCH_POINTS + i] = side ? t->match.points[i] : 0;
        out[STATE_GAMES_WON + i] = side ? t->match.won[i] : 0;
        out[STATE_MATCH_WINNERS + i] = i < t->match.nwinners ? t->match.winners[i] : -1;
        out[STATE_GAME_WINNERS + i] = i < t->match.ngame_winners ? t->match.game_winners[i] : -1;
    }
}

/* A seat's tiles in its hand's order (a seat out of range holds none), or the pile's left to draw (seat -1),
   into out; their number. */
int32_t ds_table_tiles(const Table *t, int32_t seat, TileByte *out) {
    const Game *g = &t->game;
    if (seat == -1) {
        int n = g->pile_len - g->pile_next;
        memcpy(out, g->pile + g->pile_next, (size_t)n);
        return n;
    }
    return seat >= 0 && seat < g->players ? hand_tiles(g, seat, out) : 0;
}

/* The table's tiles as ints into out (at most ds_layout_ints()): the placements (their number, then on, port,
   tile, the tile's port that touches: -1, -1, tile, -1 for the lead), the open ports (their number, then tile,
   port, value), the spinners (their number, then each tile), the counted ends (as the open ports), the end total,
   the seats whose trains carry a marker (their number, then each seat; -1 alone where the layout has no trains). */
int32_t ds_table_layout(const Table *t, int32_t *out) {
    const Layout *l = &t->game.layout;
    Port counted[MAX_PORTS + WAITING_PORTS];
    int n = 0, i, k, ends, total = layout_counted(l, &ends, counted);
    out[n++] = l->ntiles;
    for (i = 0; i < l->ntiles; ++i) {
        for (k = 0; k < 4; ++k) {
            out[n++] = t->game.placed[i][k];
        }
    }
    out[n++] = l->nopen;
    for (i = 0; i < l->nopen; ++i) {
        out[n++] = l->open[i].tile;
        out[n++] = l->open[i].kind;
        out[n++] = l->open[i].value;
    }
    k = n++;
    out[k] = 0;
    for (i = 0; i < l->ntiles; ++i) {
        int tile = t->game.placed[i][2];
        if (HAS_SPINNERS && l->spinner[tile]) {
            out[n++] = tile;
            out[k]++;
        }
    }
    out[n++] = ends;
    for (i = 0; i < ends; ++i) {
        out[n++] = counted[i].tile;
        out[n++] = counted[i].kind;
        out[n++] = counted[i].value;
    }
    out[n++] = total;
    k = n++;
    out[k] = TRAINS ? 0 : -1;
    for (i = 0; TRAINS && i < t->game.players; ++i) {
        if (l->markers[i]) {
            out[n++] = i;
            out[k]++;
        }
    }
    return n;
}
//###}
