/* Match play: games to a target scored in match points by the board's lines, until a side wins the match. The
   score every engine keeps of a match (its simulations, its replay, its play interface), and the whole of a match
   format's engine, which scores the games a caller gives it. Copied into every engine after its rule constants (a
   variant's, or a match format's); read as text, never compiled on its own. */

//###{standalone match
/* A match's score: match points and games won, a side each, and the last game scored. */
typedef struct {
    int sides;
    int points[MAX_PLAYERS], won[MAX_PLAYERS];
    int games, over, nwinners, winners[MAX_PLAYERS];  /* games scored; the match won, by winners */
    int line, game_points, outright, ngame_winners, game_winners[MAX_PLAYERS];  /* the last game: line -1: none */
} MatchScore;

static void match_start(MatchScore *m, int sides) {
    memset(m, 0, sizeof *m);
    m->sides = sides;
    m->line = -1;
}

/* A finished game's scores, one a side, scored in match points: the first line, deepest first, that its best
   loser is below, the points to each side that reached the game target, and the match won where that line wins it
   outright or a side reached the match target. 1 when the match is won. */
static int score_match_game(MatchScore *m, const int64_t *scores) {
    int side, any_loser = 0, i, n = 0;
    int64_t best_loser = -1;
    for (side = 0; side < m->sides; ++side) {
        if (scores[side] < GAME_TARGET && (!any_loser || scores[side] > best_loser)) {
            best_loser = scores[side];
            any_loser = 1;
        }
    }
    if (!any_loser) {
        best_loser = GAME_TARGET;
    }
    m->line = -1;
    m->game_points = MATCH_WIN_POINTS;
    m->outright = 0;
    for (i = 0; i < MATCH_LINE_COUNT; ++i) {
        if (best_loser < MATCH_LINE_CUTOFF[i]) {
            m->game_points = MATCH_LINE_POINTS[i];
            m->outright = MATCH_LINE_OUTRIGHT[i];
            m->line = i;
            break;
        }
    }
    m->ngame_winners = 0;
    for (side = 0; side < m->sides; ++side) {
        if (scores[side] >= GAME_TARGET) {
            m->points[side] += m->game_points;
            m->won[side]++;
            m->game_winners[m->ngame_winners++] = side;
        }
    }
    m->games++;
    if (m->outright) {
        memcpy(m->winners, m->game_winners, sizeof m->winners);
        n = m->ngame_winners;
    } else {
        for (side = 0; side < m->sides; ++side) {
            if (MATCH_FIRST_TO ? m->points[side] >= MATCH_TARGET : 2 * m->won[side] > MATCH_TARGET) {
                m->winners[n++] = side;
            }
        }
    }
    m->nwinners = n;
    m->over = n > 0;
    return m->over;
}
//###}

//###{standalone match_format
/* A match format's interface: a match kept as ds_match_size() bytes by the caller, fed each game's final scores. */
enum { MATCH_REFUSED = -1, MATCH_WON = -2, MATCH_NOT_OVER = -3, MATCH_PAST_TARGET = -4, MATCH_BELOW_ZERO = -5 };
/* ds_match_state's figures; the four lists after them hold MAX_PLAYERS entries each. */
enum {
    MATCH_STATE_SIDES, MATCH_STATE_GAMES, MATCH_STATE_OVER, MATCH_STATE_WINNERS_COUNT, MATCH_STATE_LINE,
    MATCH_STATE_GAME_POINTS, MATCH_STATE_OUTRIGHT, MATCH_STATE_GAME_WINNERS_COUNT, MATCH_STATE_POINTS,
    MATCH_STATE_WON = MATCH_STATE_POINTS + MAX_PLAYERS, MATCH_STATE_WINNERS = MATCH_STATE_WON + MAX_PLAYERS,
    MATCH_STATE_GAME_WINNERS = MATCH_STATE_WINNERS + MAX_PLAYERS, MATCH_STATE_COUNT = MATCH_STATE_GAME_WINNERS + MAX_PLAYERS
};

int32_t ds_abi_version(void) {
    return ABI_VERSION;
}

int32_t ds_match_size(void) {
    return (int32_t)sizeof(MatchScore);
}

int32_t ds_match_state_count(void) {
    return MATCH_STATE_COUNT;
}

/* A new match between sides sides; 0, or MATCH_REFUSED for fewer than 2 or more than MAX_PLAYERS. */
int32_t ds_match_new(MatchScore *m, int32_t sides) {
    if (sides < 2 || sides > MAX_PLAYERS) {
        return MATCH_REFUSED;
    }
    match_start(m, sides);
    return 0;
}

/* A game's final scores (one a side) scored; 0, or why they are refused, the match unchanged: MATCH_WON (the match
   is already won), MATCH_BELOW_ZERO (a score below zero), MATCH_PAST_TARGET (past a target that is exact),
   MATCH_NOT_OVER (nobody reached the game target). */
int32_t ds_match_add_game(MatchScore *m, const int64_t *scores) {
    int side, reached = 0;
    if (m->over) {
        return MATCH_WON;
    }
    for (side = 0; side < m->sides; ++side) {
        if (scores[side] < 0) {
            return MATCH_BELOW_ZERO;
        }
        if (MATCH_EXACT_TARGET && scores[side] > GAME_TARGET) {
            return MATCH_PAST_TARGET;
        }
        reached |= scores[side] >= GAME_TARGET;
    }
    if (!reached) {
        return MATCH_NOT_OVER;
    }
    score_match_game(m, scores);
    return 0;
}

/* The match's figures (MATCH_STATE_*) into out. */
void ds_match_state(const MatchScore *m, int64_t *out) {
    int i;
    out[MATCH_STATE_SIDES] = m->sides;
    out[MATCH_STATE_GAMES] = m->games;
    out[MATCH_STATE_OVER] = m->over;
    out[MATCH_STATE_WINNERS_COUNT] = m->nwinners;
    out[MATCH_STATE_LINE] = m->line;
    out[MATCH_STATE_GAME_POINTS] = m->game_points;
    out[MATCH_STATE_OUTRIGHT] = m->outright;
    out[MATCH_STATE_GAME_WINNERS_COUNT] = m->ngame_winners;
    for (i = 0; i < MAX_PLAYERS; ++i) {
        out[MATCH_STATE_POINTS + i] = m->points[i];
        out[MATCH_STATE_WON + i] = m->won[i];
        out[MATCH_STATE_WINNERS + i] = i < m->nwinners ? m->winners[i] : -1;
        out[MATCH_STATE_GAME_WINNERS + i] = i < m->ngame_winners ? m->game_winners[i] : -1;
    }
}
//###}
