/* The bots that think, as the Python engines' search.py has them: an expert that weighs each placement by named
   features, and information-set Monte Carlo tree search over the deals a seat cannot tell apart. Both read the
   hidden part of the game only to set it aside: a seat's knowledge is its own hand, the table, the sizes of the
   hands and the pile, and what the hand's passes and draws showed. Copied into every engine after its game; read
   as text, never compiled on its own. */

//###{standalone search
/* Whether a pass or a draw shows that the seat holds no tile of the numbers open: it may pass or draw only when
   it cannot place, and a tile fits an end by showing its number (where every seat may use every end: no trains). */
#define INFERS_LACKS (!(MAY_DRAW || MAY_PASS || HAS_WILD || OWN_MATCHING || CROSS_ARMS || TRAINS))
#define MAX_LIMITS 16
#define SEARCH_DEPTH 1024  /* moves of one hand the tree follows at most; the rest is played out at random */

#if defined(__GNUC__)
#define NO_INLINE __attribute__((noinline))  /* kept out of the flattened hand loops: a bot's search is its own */
#else
#define NO_INLINE
#endif

enum { BOT_RANDOM, BOT_GREEDY, BOT_EXPERT, BOT_ISMCTS, BOT_ISMCTS_MS, BOT_KINDS };
enum { SEARCH_OK = 0, SEARCH_MEMORY = -7 };

/* A seat showed it held no tile of these numbers (it passed, or drew, with them open): it holds at most allowed
   of them now, one for each tile it has drawn since and not played. */
typedef struct {
    uint32_t numbers;
    int allowed;
} Limit;

/* What the table has seen of every seat in the hand under way. */
typedef struct {
    Limit limit[MAX_PLAYERS][MAX_LIMITS];
    int count[MAX_PLAYERS];
} Knowledge;

static void limit_drop(Knowledge *k, int seat, int i) {
    k->limit[seat][i] = k->limit[seat][--k->count[seat]];
}

/* Take in the move the current seat is about to make. */
static void knowledge_observe(Knowledge *k, const Game *g, Move m) {
    int seat = g->current, i;
    if (!INFERS_LACKS) {
        return;
    }
    if (m.kind == MOVE_PLAY) {
        uint32_t shown = TILE_MASK[m.tile];
        for (i = 0; i < k->count[seat];) {
            if ((k->limit[seat][i].numbers & shown) && --k->limit[seat][i].allowed < 0) {
                limit_drop(k, seat, i);  /* the reading was wrong for this hand: forget it */
            } else {
                ++i;
            }
        }
    } else if ((m.kind == MOVE_PASS || m.kind == MOVE_DRAW) && g->layout.ntiles) {
        uint32_t open = 0;
        for (i = 0; i < g->layout.nopen; ++i) {
            open |= (uint32_t)1 << g->layout.open[i].value;
        }
        for (i = 0; i < k->count[seat];) {
            if (k->limit[seat][i].numbers == open) {
                limit_drop(k, seat, i);  /* the new one is tighter */
            } else {
                ++i;
            }
        }
        if (k->count[seat] == MAX_LIMITS) {
            limit_drop(k, seat, 0);
        }
        k->limit[seat][k->count[seat]].numbers = open;
        k->limit[seat][k->count[seat]++].allowed = 0;
        if (m.kind == MOVE_DRAW) {
            for (i = 0; i < k->count[seat]; ++i) {
                k->limit[seat][i].allowed++;  /* the tile drawn may be of any number */
            }
        }
    }
}

static int may_hold(const Knowledge *k, int seat, int tile) {
    uint32_t shown = TILE_MASK[tile];
    int i;
    for (i = 0; i < k->count[seat]; ++i) {
        if (k->limit[seat][i].allowed == 0 && (k->limit[seat][i].numbers & shown)) {
            return 0;
        }
    }
    return 1;
}

/* The tiles observer cannot see, in the set's order (so that what it does with them depends on nothing hidden). */
static int unseen_tiles(const Game *g, int observer, TileByte *tiles) {
    TileByte in_pile[NTILES];
    int i, n = 0;
    memset(in_pile, 0, sizeof in_pile);
    for (i = g->pile_next; i < g->pile_len; ++i) {
        in_pile[g->pile[i]] = 1;
    }
    for (i = 0; i < NTILES; ++i) {
        if (in_pile[i] || (g->holder[i] >= 0 && g->holder[i] != observer)) {
            tiles[n++] = (TileByte)i;
        }
    }
    return n;
}

/* Deal the tiles observer cannot see afresh in t, at random as the limits allow: the other seats' hands (the
   seats with limits first) and then the pile; where twenty tries find no such deal, the limits are set aside. */
static void determinize(Game *t, const Knowledge *k, int observer, Rng *rng) {
    TileByte unseen[NTILES], tiles[NTILES], left[NTILES], hands[MAX_PLAYERS][NTILES], own[NTILES];
    int order[MAX_PLAYERS], sizes[MAX_PLAYERS];
    int n = unseen_tiles(t, observer, unseen), nown = hand_tiles(t, observer, own), norder = 0, attempt, i, s;
    for (s = 0; s < t->players; ++s) {
        sizes[s] = t->hand_len[s];
        if (s != observer && k->count[s]) {
            order[norder++] = s;
        }
    }
    for (s = 0; s < t->players; ++s) {
        if (s != observer && !k->count[s]) {
            order[norder++] = s;
        }
    }
    for (attempt = 0; attempt < 21; ++attempt) {
        int ntiles = n, ok = 1, o;
        memcpy(tiles, unseen, (size_t)n);
        rng_shuffle(rng, tiles, n);
        for (o = 0; o < norder && ok; ++o) {
            int seat = order[o], taken = 0, nleft = 0, held[MAX_LIMITS] = {0}, limits = attempt < 20 ? k->count[seat] : 0;
            for (i = 0; i < ntiles; ++i) {
                int tile = tiles[i], allowed = taken < sizes[seat], l;
                uint32_t shown = TILE_MASK[tile];
                for (l = 0; l < limits && allowed; ++l) {
                    if ((k->limit[seat][l].numbers & shown) && held[l] >= k->limit[seat][l].allowed) {
                        allowed = 0;
                    }
                }
                if (!allowed) {
                    left[nleft++] = (TileByte)tile;
                    continue;
                }
                for (l = 0; l < limits; ++l) {
                    held[l] += (k->limit[seat][l].numbers & shown) != 0;
                }
                hands[seat][taken++] = (TileByte)tile;
            }
            ok = taken == sizes[seat];
            memcpy(tiles, left, (size_t)nleft);
            ntiles = nleft;
        }
        if (!ok) {
            continue;
        }
        hands_clear(t);
        for (s = 0; s < t->players; ++s) {
            hand_join(t, s, s == observer ? own : hands[s], s == observer ? nown : sizes[s]);
        }
        for (i = 0; i < ntiles && t->pile_next + i < t->pile_len; ++i) {
            t->pile[t->pile_next + i] = tiles[i];
        }
        return;
    }
}

static int moves_equal(Move a, Move b) {
    return a.kind == b.kind && a.tile == b.tile && a.at == b.at && a.by == b.by;
}

/* --- the expert ------------------------------------------------------------------------------ */

/* The raw points of placement m on layout (left as it was) into *after's copy, for a side whose score is score. */
static int64_t placed_points(const Game *g, const Layout *layout, Move m, int64_t score, Layout *after) {
    int ends, total;
    *after = *layout;
    if (m.at < 0) {
        layout_lead(after, m.tile);
    } else {
        layout_cover(after, m.tile, m.at, m.by);
    }
    total = layout_count(after, &ends);
    return placement_raw(after, total, ends, score, g->target);
}

/* seat's hand in t replaced by tiles[0..n-1]. */
static void hand_replace(Game *t, int seat, const TileByte *tiles, int n) {
    TileByte kept[MAX_PLAYERS][NTILES];
    int counts[MAX_PLAYERS], s;
    for (s = 0; s < t->players; ++s) {
        counts[s] = s == seat ? 0 : hand_tiles(t, s, kept[s]);
    }
    hands_clear(t);
    for (s = 0; s < t->players; ++s) {
        hand_join(t, s, s == seat ? tiles : kept[s], s == seat ? n : counts[s]);
    }
}

/* The placements seat could make in t on the layout given; into t's legal moves. */
static void placements_on(Game *t, const Layout *layout, int seat) {
    t->layout = *layout;
    t->current = seat;
    t->drawn = -1;
    t->extra = 0;
    t->hand_over = 0;
    t->legal_ok = LEGAL_UNKNOWN;  /* another seat's, on another layout: its placements are found afresh */
    own_moves(t);
}

static double expert_worth(const Game *g, const Knowledge *k, Move m) {
    Game t;  /* a copy to list moves in */
    Layout after, reply;
    TileByte likely[NTILES], unseen[NTILES];
    double replies[NTILES], worth, chance, expected = 0, none_yet = 1;
    int64_t best[NTILES];
    int seat = g->current, side = g->side_of[seat], following, nlikely = 0, n, i, fitting = 0, nreplies = 0, follow = 0;
    int64_t score = g->scores[side], top = INT64_MIN;
    worth = EXPERT_POINTS * (double)placed_points(g, &g->layout, m, score, &after);
    worth += EXPERT_DOUBLE * (TILE_LOW[m.tile] == TILE_HIGH[m.tile]) + EXPERT_PIPS * (TILE_LOW[m.tile] + TILE_HIGH[m.tile]);
    t = *g;
    hand_remove(&t, seat, m.tile);
    placements_on(&t, &after, seat);
    {
        TileByte counted[NTILES];
        memset(counted, 0, sizeof counted);
        for (i = 0; i < t.nlegal; ++i) {
            if (t.legal[i].kind == MOVE_PLAY && !counted[t.legal[i].tile]) {
                counted[t.legal[i].tile] = 1;
                follow++;
            }
        }
    }
    worth += EXPERT_FOLLOW * follow;
    following = seat_after(g, seat, 1);
    while (!g->hand_len[following] && following != seat) {
        following = seat_after(g, following, 1);
    }
    if (following == seat) {
        return worth;
    }
    n = unseen_tiles(g, seat, unseen);
    for (i = 0; i < n; ++i) {
        if (may_hold(k, following, unseen[i])) {
            likely[nlikely++] = unseen[i];
        }
    }
    if (!nlikely) {
        return worth;
    }
    chance = (double)g->hand_len[following] / nlikely;
    chance = chance > 1 ? 1 : chance;
    hand_replace(&t, following, likely, nlikely);
    placements_on(&t, &after, following);
    for (i = 0; i < NTILES; ++i) {
        best[i] = -1;
    }
    for (i = 0; i < t.nlegal; ++i) {
        Move r = t.legal[i];
        int64_t points;
        if (r.kind != MOVE_PLAY || (HAS_WILD && WILD[r.tile])) {
            continue;
        }
        points = placed_points(g, &after, r, g->scores[g->side_of[following]], &reply);
        if (best[r.tile] < 0) {
            fitting++;
        }
        if (points > best[r.tile]) {
            best[r.tile] = points;
        }
    }
    for (i = 0; i < NTILES; ++i) {
        if (best[i] >= 0) {
            replies[nreplies++] = (double)best[i];
        }
    }
    for (i = 1; i < nreplies; ++i) {  /* largest first: the expected best reply is each one, if no better is held */
        double v = replies[i];
        int j = i;
        for (; j > 0 && replies[j - 1] < v; --j) {
            replies[j] = replies[j - 1];
        }
        replies[j] = v;
    }
    for (i = 0; i < nreplies; ++i) {
        expected += replies[i] * chance * none_yet;
        none_yet *= 1.0 - chance;
    }
    worth -= EXPERT_REPLY * expected;
    for (i = 0; i < g->sides; ++i) {
        if (i != side && g->scores[i] > top) {
            top = g->scores[i];
        }
    }
    if (score > top) {
        worth += EXPERT_BLOCK * (1.0 - (double)fitting / nlikely);
    }
    return worth;
}

/* The expert's move: the placement worth the most, ties to the first in legal order; else the first move. */
static NO_INLINE Move expert_move(Game *g, const Knowledge *k) {
    Move moves[MAX_MOVES], best;
    int n, i, placements = 0;
    double best_worth = 0;
    legal_moves(g);
    n = g->nlegal;
    memcpy(moves, g->legal, sizeof(Move) * (size_t)n);
    best = moves[0];
    for (i = 0; i < n; ++i) {
        if (moves[i].kind == MOVE_PLAY) {
            if (!placements++) {
                best = moves[i];
            }
        }
    }
    if (placements < 2) {
        return best;
    }
    placements = 0;
    for (i = 0; i < n; ++i) {
        double worth;
        if (moves[i].kind != MOVE_PLAY) {
            continue;
        }
        worth = expert_worth(g, k, moves[i]);
        if (!placements++ || worth > best_worth) {
            best = moves[i];
            best_worth = worth;
        }
    }
    return best;
}

/* --- the search ------------------------------------------------------------------------------ */

/* A move in the search tree: how often it was tried, what it earned its mover's side, how often it was legal when
   its parent was reached; its children and next sibling by their place in the arena (0: none, the root's place). */
typedef struct {
    Move move;
    int side, visits, available, child, sibling;
    double reward;
} Node;

typedef struct {
    Node *nodes;
    int count, capacity;
} Arena;

static int arena_add(Arena *a, Move move, int side) {
    Node *node;
    if (a->count == a->capacity) {
        int capacity = a->capacity ? a->capacity * 2 : 1024;
        Node *grown = (Node *)realloc(a->nodes, sizeof(Node) * (size_t)capacity);
        if (!grown) {
            return -1;
        }
        a->nodes = grown;
        a->capacity = capacity;
    }
    node = &a->nodes[a->count];
    node->move = move;
    node->side = side;
    node->visits = node->available = node->child = node->sibling = 0;
    node->reward = 0;
    return a->count++;
}

/* The rest of the hand, every seat moving at random. */
static INLINE_CALLS void random_rollout(Game *t) {
    long moves = 0;
    while (!t->hand_over && ++moves <= SAFETY_MOVES) {
        apply_move(t, random_move(t), CLAIM_TRUE);
    }
}

/* The search bot's move (Cowling, Powley and Whitehouse, 2012): each iteration deals what the seat cannot see as
   its knowledge allows, walks the tree by the moves legal in that deal (UCB1, each move's chance counted from the
   times it was legal), adds one move, and plays the hand out at random; the move played is the most tried.
   budget: iterations, or CPU milliseconds where by_time. SEARCH_MEMORY where the tree finds no memory. */
static NO_INLINE int ismcts_move(Game *g, const Knowledge *k, int budget, int by_time, Move *chosen) {
    Game t;  /* the deal being played out */
    Arena arena = {0, 0, 0};
    Rng rng;
    int seat = g->current, done = 0, path[SEARCH_DEPTH], i, most = -1;
    int64_t base[MAX_PLAYERS];
    double scale = g->target / 8.0 > 1 ? g->target / 8.0 : 1;
    clock_t deadline = by_time ? clock() + (clock_t)((double)budget * CLOCKS_PER_SEC / 1000) : 0;
    legal_moves(g);
    if (g->nlegal == 1) {
        *chosen = g->legal[0];
        return SEARCH_OK;
    }
    rng_seed(&rng, rng_next(&g->rng), (uint64_t)seat);
    for (i = 0; i < g->sides; ++i) {
        base[i] = g->scores[i];
    }
    if (arena_add(&arena, g->legal[0], g->side_of[seat]) < 0) {
        return SEARCH_MEMORY;
    }
    for (;;) {
        int node = 0, depth = 0, side;
        double values[MAX_PLAYERS];
        if (by_time ? done && !(done % 8) && clock() >= deadline : done == budget) {
            break;
        }
        done++;
        t = *g;
        determinize(&t, k, seat, &rng);
        rng_seed(&t.rng, rng_next(&rng), 0);
        while (!t.hand_over && depth < SEARCH_DEPTH) {
            Move legal[MAX_MOVES];
            int nlegal, untried[MAX_MOVES], nuntried = 0, pick = -1, c;
            double best_value = -1;
            legal_moves(&t);
            nlegal = t.nlegal;
            memcpy(legal, t.legal, sizeof(Move) * (size_t)nlegal);
            for (i = 0; i < nlegal; ++i) {
                for (c = arena.nodes[node].child; c && !moves_equal(arena.nodes[c].move, legal[i]); c = arena.nodes[c].sibling) {
                }
                if (!c) {
                    untried[nuntried++] = i;
                }
            }
            if (nuntried) {
                Move m = legal[untried[rng_below(&rng, nuntried)]];
                int added = arena_add(&arena, m, t.side_of[t.current]);
                if (added < 0) {
                    free(arena.nodes);
                    return SEARCH_MEMORY;
                }
                arena.nodes[added].sibling = arena.nodes[node].child;
                arena.nodes[node].child = added;
                apply_move(&t, m, CLAIM_TRUE);
                path[depth++] = added;
                break;
            }
            for (i = 0; i < nlegal; ++i) {
                Node *n;
                double value;
                for (c = arena.nodes[node].child; !moves_equal(arena.nodes[c].move, legal[i]); c = arena.nodes[c].sibling) {
                }
                n = &arena.nodes[c];
                n->available++;
                value = n->reward / n->visits + ISMCTS_EXPLORATION * sqrt(log((double)n->available) / n->visits);
                if (value > best_value) {
                    best_value = value;
                    pick = c;
                }
            }
            node = pick;
            apply_move(&t, arena.nodes[node].move, CLAIM_TRUE);
            path[depth++] = node;
        }
        random_rollout(&t);
        for (side = 0; side < g->sides; ++side) {
            if (t.over) {
                int w;
                values[side] = 0;
                for (w = 0; w < t.nwinners; ++w) {
                    values[side] = t.winners[w] == side ? 1 : values[side];
                }
            } else {
                int64_t gain = t.scores[side] - base[side], other = INT64_MIN;
                int o;
                for (o = 0; o < g->sides; ++o) {
                    if (o != side && t.scores[o] - base[o] > other) {
                        other = t.scores[o] - base[o];
                    }
                }
                values[side] = 0.5 + 0.5 * tanh((double)(gain - other) / scale);
            }
        }
        for (i = 0; i < depth; ++i) {
            arena.nodes[path[i]].visits++;
            arena.nodes[path[i]].reward += values[arena.nodes[path[i]].side];
        }
    }
    legal_moves(g);
    *chosen = g->legal[0];
    for (i = 0; i < g->nlegal; ++i) {  /* the most tried, ties to the first in legal order */
        int c;
        for (c = arena.nodes[0].child; c && !moves_equal(arena.nodes[c].move, g->legal[i]); c = arena.nodes[c].sibling) {
        }
        if (c && arena.nodes[c].visits > most) {
            most = arena.nodes[c].visits;
            *chosen = g->legal[i];
        }
    }
    free(arena.nodes);
    return SEARCH_OK;
}
//###}
