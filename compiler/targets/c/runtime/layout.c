/* The layout of the native engines: the tiles on the table, the ports still open, and the count of the ends.
   The C target copies the marked sections into every engine after the rule constants it generates; the
   constants (NTILES, SIDES_FIRST, ...) fold every rule a variant does not have away. This file is read as
   text, never compiled on its own. */

//###{standalone layout
/* A chicken foot's three toes come after the line's and the spinners' ports, so that their numbers stay; then the
   hub's: seat k's train on PORT_TRAIN_0 + k, for a seat of any table, and the public train's (PORT_TEXT names them). */
enum {
    PORT_LOW, PORT_HIGH, PORT_LINE_A, PORT_LINE_B, PORT_BRANCH_A, PORT_BRANCH_B, PORT_TOE_A, PORT_TOE_B, PORT_TOE_C,
    PORT_TRAIN_0, PORT_PUBLIC = PORT_TRAIN_0 + TRAIN_PORTS
};
/* The last port a tile of this variant may join. */
enum {
    PORT_LAST = TRAINS ? (PUBLIC_TRAIN ? PORT_PUBLIC : PORT_TRAIN_0 + MAX_PLAYERS - 1)
        : CHICKEN_FEET ? PORT_TOE_C : PORT_BRANCH_B
};

/* The layout's numbers are 16 bits or wider, not char-sized: a store to a char may change anything, so the compiler
   would read every other field again after each one. */
typedef struct {
    int16_t tile, kind;
    int32_t value;  /* a tile placed here must show value (by the variant's matching); 32-bit, so that a port is
                       8 bytes: moved as one word, and found by a scaled index */
} Port;

typedef struct {
    int ntiles;                     /* tiles on the table */
    int doubles;                    /* doubles on the table, the one just placed included */
    int nopen, nwaiting;
    int filling;                    /* the spinner (or chicken foot) whose sides are being covered, or -1 */
    int sides_covered;
    int arms_left;                  /* arms of the cross still waiting for their double */
    int total;                      /* the end total (RUNNING_TOTAL): kept as tiles go on, read on every placement */
    int touched;                    /* the port of the tile placed last that touches the end it joined */
    int players;                    /* the seats, each with its train (TRAINS) */
    int unsatisfied;                /* a double in a train whose line B is not yet covered, or -1 */
    int markers[MAX_PLAYERS];       /* a seat's train carries its marker: any seat may place on it (TRAINS) */
    int16_t train[NTILES];          /* tiles in a train: its train, seat k's train k, the public train -1 */
    int16_t lines_filled[NTILES];   /* tiles on the table: how many line sides of a double are covered (0 for a
                                       tile that is none: kept for every tile, so read without a test) */
    int16_t spinner[NTILES];        /* tiles on the table: 1 for a spinner */
    Port open[MAX_PORTS];           /* in the Python engine's open-port order */
    Port waiting[WAITING_PORTS];    /* ends that take no tile until the spinner's sides are covered (or the
                                       unsatisfied double is) */
} Layout;

/* An empty table for players seats. */
static void layout_reset(Layout *l, int players) {
    l->ntiles = l->doubles = l->nopen = l->nwaiting = 0;
    l->filling = l->unsatisfied = -1;
    l->sides_covered = l->arms_left = l->total = 0;
    l->players = players;
    if (TRAINS) {
        memset(l->markers, 0, sizeof l->markers);
    }
}

static void ports_push(Port *list, int *count, int capacity, int tile, int kind, int value) {
    if (*count < capacity) {  /* never full: MAX_PORTS bounds what any layout opens */
        list[*count].tile = (int16_t)tile;
        list[*count].kind = (int16_t)kind;
        list[*count].value = value;
        ++*count;
    }
}

static void open_push(Layout *l, int tile, int kind, int value) {
    ports_push(l->open, &l->nopen, MAX_PORTS, tile, kind, value);
}

/* The end a placed tile grows: open, or waiting for the spinner's sides. */
static void grown_push(Layout *l, int waiting, int tile, int kind, int value) {
    if (SIDES_FIRST && waiting) {
        ports_push(l->waiting, &l->nwaiting, WAITING_PORTS, tile, kind, value);
    } else {
        open_push(l, tile, kind, value);
    }
}

static void layout_release_waiting(Layout *l) {
    int i;
    for (i = 0; i < l->nwaiting; ++i) {
        open_push(l, l->waiting[i].tile, l->waiting[i].kind, l->waiting[i].value);
    }
    l->nwaiting = 0;
}

static void layout_new_double(Layout *l, int tile) {
    if (FIRST_DOUBLE_ONLY && l->doubles > 1) {
        return;  /* only the first double played is a spinner */
    }
    l->spinner[tile] = 1;
    if (BRANCHES_AT_ONCE) {
        open_push(l, tile, PORT_BRANCH_A, TILE_LOW[tile]);
        open_push(l, tile, PORT_BRANCH_B, TILE_LOW[tile]);
    }
    if (SIDES_FIRST) {
        /* Its sides are covered first: the other ends wait. The lead has none covered, a joined double one. */
        int i, kept = 0;
        l->filling = tile;
        l->sides_covered = l->ntiles == 1 ? 0 : 1;
        for (i = 0; i < l->nopen; ++i) {
            if (l->open[i].tile != tile) {
                ports_push(l->waiting, &l->nwaiting, WAITING_PORTS, l->open[i].tile, l->open[i].kind,
                           l->open[i].value);
            }
        }
        for (i = 0; i < l->nopen; ++i) {
            if (l->open[i].tile == tile) {
                l->open[kept++] = l->open[i];
            }
        }
        l->nopen = kept;
    }
}

static void layout_lead(Layout *l, int tile) {
    int low = TILE_LOW[tile], high = TILE_HIGH[tile], seat;
    l->ntiles++;
    l->spinner[tile] = 0;
    if (TRAINS) {  /* the engine is the hub: its ports start the trains, each taking a tile by the engine's value */
        l->lines_filled[tile] = 0;
        for (seat = 0; seat < l->players; ++seat) {
            open_push(l, tile, PORT_TRAIN_0 + seat, low);
        }
        if (PUBLIC_TRAIN) {
            open_push(l, tile, PORT_PUBLIC, low);
        }
        return;
    }
    l->total = low + high;  /* its two ends, or a lone double's pips once */
    l->lines_filled[tile] = 0;
    if (low != high) {
        open_push(l, tile, PORT_HIGH, high);
        open_push(l, tile, PORT_LOW, low);
        return;
    }
    l->doubles++;
    open_push(l, tile, PORT_LINE_A, low);
    open_push(l, tile, PORT_LINE_B, low);
    if (HAS_SPINNERS) {
        layout_new_double(l, tile);
    }
}

/* A tile joined at the end showing value: its half that touches (where halves add up to a number). */
static int touching_half(int value) {
    return HALVES_SUM >= 0 ? HALVES_SUM - value : value;
}

/* The halves that may touch an end showing value, as a mask of pips (0 where no half of the set may). */
static uint32_t touching_mask(int value) {
    int half = touching_half(value);
    return half >= 0 && half <= MAX_PIP ? (uint32_t)1 << half : 0;
}

static int tile_fits(int tile, int value) {
    if (HAS_WILD && WILD[tile]) {
        return 1;
    }
    return (TILE_MASK[tile] & touching_mask(value)) != 0;
}

/* The train a tile joins on the port kind of tile (TRAINS): the hub's port of seat k starts seat k's train k, its
   public port the public train, -1; any other port continues tile's own train. */
static int train_at(const Layout *l, int tile, int kind) {
    if (kind >= PORT_TRAIN_0) {
        return kind == PORT_PUBLIC ? -1 : kind - PORT_TRAIN_0;
    }
    return l->train[tile];
}

/* Whether seat may place on the open port numbered p: on its own train, the public train or a train carrying its
   owner's marker; on an unsatisfied double (SATISFIED_DOUBLES), whoever owns its train. */
static int layout_usable(const Layout *l, int seat, int p) {
    int train;
    if (!TRAINS || (SATISFIED_DOUBLES && l->unsatisfied >= 0)) {
        return 1;
    }
    train = train_at(l, l->open[p].tile, l->open[p].kind);
    return train == seat || train < 0 || l->markers[train];
}

/* A double placed in a train, unsatisfied (SATISFIED_DOUBLES): its line B, just opened, is the only open end until
   a tile covers it; the others wait, in their order. */
static void layout_unsatisfied(Layout *l, int tile) {
    int i;
    for (i = 0; i < l->nopen - 1; ++i) {
        ports_push(l->waiting, &l->nwaiting, WAITING_PORTS, l->open[i].tile, l->open[i].kind, l->open[i].value);
    }
    l->open[0] = l->open[l->nopen - 1];
    l->nopen = 1;
    l->unsatisfied = tile;
}

/* A double joined after the spinner, as a chicken foot (CHICKEN_FEET): every open end waits, and its three toes,
   showing value, are the only open ports until they are covered; its join counts as a side covered, so that the three
   toes make the four. */
static void layout_foot(Layout *l, int tile, int value) {
    int i;
    for (i = 0; i < l->nopen; ++i) {
        ports_push(l->waiting, &l->nwaiting, WAITING_PORTS, l->open[i].tile, l->open[i].kind, l->open[i].value);
    }
    l->nopen = 0;
    open_push(l, tile, PORT_TOE_A, value);
    open_push(l, tile, PORT_TOE_B, value);
    open_push(l, tile, PORT_TOE_C, value);
    l->filling = tile;
    l->sides_covered = 1;
}

/* A tile goes on the open port numbered at, known to be legal; by names the half that touches (0 low, 1 high)
   of a wild tile that is no double, else -1. */
static void layout_cover(Layout *l, int tile, int at, int by) {
    int i, waiting = 0, low = TILE_LOW[tile], high = TILE_HIGH[tile];
    int line, filled, grown;
    int on = l->open[at].tile, port = l->open[at].kind, value = l->open[at].value;
    if (!HAS_SPINNERS && !TRAINS) {  /* a line has two open ends: the other one comes first now (no branch on which) */
        l->open[0] = l->open[1 - at];
        l->nopen = 1;
    } else {
        for (l->nopen--, i = at; i < l->nopen; ++i) {  /* swapped down, not shifted: the compiler makes a shift of a
                                                          few bytes a call to memmove */
            Port later = l->open[i + 1];
            l->open[i + 1] = l->open[i];
            l->open[i] = later;
        }
    }
    l->ntiles++;
    l->spinner[tile] = 0;
    if (TRAINS) {
        l->train[tile] = (int16_t)train_at(l, on, port);
        if (SATISFIED_DOUBLES && on == l->unsatisfied) {  /* satisfied: the ends held back open again, before the new */
            layout_release_waiting(l);
            l->unsatisfied = -1;
        }
    }
    if (SIDES_FIRST) {
        if (on == l->filling) {
            l->sides_covered++;
            waiting = 1;
        } else if (CROSS_ARMS && l->arms_left) {
            waiting = 1;
        }
    }
    /* The covered end's count goes (a spinner's branch counted nothing). Covered on both sides a double counts
       nothing: at both halves its open side counted it all (a lone double's too), at one half each side one. Worked
       out by products of 0 or 1 and bitwise ors, not conditionals, which GCC makes branches: which end a random
       tile takes is a coin toss no predictor learns. */
    line = (port == PORT_LINE_A) | (port == PORT_LINE_B);  /* a line side of a double is now covered */
    filled = l->lines_filled[on] + line;
    l->lines_filled[on] = (int16_t)filled;
    if (RUNNING_TOTAL == 2) {
        l->total -= (line & (filled == 2)) * 2 * value + ((port == PORT_LOW) | (port == PORT_HIGH)) * value;
    } else if (RUNNING_TOTAL == 1) {
        l->total -= (line | (port == PORT_LOW) | (port == PORT_HIGH)) * value;
    }
    if (BRANCHES_AFTER_LINE_SIDES && line && filled == 2 && l->spinner[on]) {
        open_push(l, on, PORT_BRANCH_A, TILE_LOW[on]);
        open_push(l, on, PORT_BRANCH_B, TILE_LOW[on]);
    }
    /* A double goes crosswise, its open side showing the end's number (its own, where halves add up): a branch,
       taken seldom enough to be learnt. Another tile grows the half away from the end, chosen by arithmetic. */
    if (low == high) {
        grown = OWN_MATCHING ? low : value;
        l->doubles++;
        l->lines_filled[tile] = 1;
        l->total += RUNNING_TOTAL * grown;
        l->touched = PORT_LINE_A;
        if (CHICKEN_FEET && l->doubles > 1) {  /* a double after the first, the spinner: a chicken foot */
            layout_foot(l, tile, value);
        } else {
            grown_push(l, waiting, tile, PORT_LINE_B, grown);
            if (HAS_SPINNERS) {
                layout_new_double(l, tile);
            }
            if (SATISFIED_DOUBLES) {
                layout_unsatisfied(l, tile);
            }
        }
    } else {
        int low_touches = OWN_MATCHING ? (by == 0) | ((by < 0) & (low == touching_half(value))) : low == value;
        l->lines_filled[tile] = 0;
        grown = low + low_touches * (high - low);
        if (EVENTS) {
            l->touched = PORT_HIGH - low_touches * (PORT_HIGH - PORT_LOW);
        }
        l->total += grown;
        grown_push(l, waiting, tile, PORT_LOW + low_touches * (PORT_HIGH - PORT_LOW), grown);
    }
    if (SIDES_FIRST && waiting) {
        /* A tile went on the spinner (or the chicken foot) being covered or on an arm's end: open the other ends once
           the arms carry their doubles, or once its four sides are covered (a foot's join and three toes). */
        if (CROSS_ARMS && l->arms_left) {
            if (!--l->arms_left) {
                layout_release_waiting(l);
            }
            return;
        }
        if (l->sides_covered < 4) {
            return;
        }
        l->filling = -1;
        layout_release_waiting(l);
        if (CROSS_ARMS) {
            l->arms_left = 4;
        }
    }
}

/* What an end double with one line side covered counts at its open side. */
static int double_end_value(const Layout *l, int tile, int value) {
    if (DOUBLE_END_BOTH_HALVES) {
        return 2 * value;
    }
    return BRANCHES_COUNT && l->spinner[tile] ? 2 * value : value;
}

/* The ends that count, each as the port it counts at (a lone double at its line side A, with its pips), into
   listed where it is given: their sum, and how many there are (ends). */
static int layout_counted(const Layout *l, int *ends, Port *listed) {
    int total = 0, counted = 0, lone_double_seen = 0, i, lists;
    if (TRAINS) {
        *ends = 0;  /* the engine and the trains' ends count nothing */
        return 0;
    }
    for (lists = 0; lists < (SIDES_FIRST ? 2 : 1); ++lists) {
        const Port *ports = lists ? l->waiting : l->open;
        int n = lists ? l->nwaiting : l->nopen;
        for (i = 0; i < n; ++i) {
            int kind = ports[i].kind, value = ports[i].value, tile = ports[i].tile;
            int counts = -1;  /* what the port counts, or -1: nothing */
            if (kind == PORT_LOW || kind == PORT_HIGH) {
                counts = value;
            } else if (kind == PORT_LINE_A || kind == PORT_LINE_B) {
                int filled = l->lines_filled[tile];
                if (filled == 1) {
                    counts = double_end_value(l, tile, value);
                } else if (filled == 0 && !lone_double_seen) {
                    lone_double_seen = 1;
                    counts = 2 * value;
                    kind = PORT_LINE_A;
                }
            } else if (BRANCHES_COUNT && l->lines_filled[tile] == 2) {
                counts = value;  /* an open branch of a spinner covered on both line sides */
            }
            if (counts >= 0) {
                if (listed) {
                    listed[counted].tile = (int16_t)tile;
                    listed[counted].kind = (int16_t)kind;
                    listed[counted].value = counts;
                }
                total += counts;
                counted++;
            }
        }
    }
    *ends = counted;
    return total;
}

/* The counted ends' sum and how many there are (ends), as far as the placement formula reads them. */
static int layout_count(const Layout *l, int *ends) {
    if (!USES_TOTAL && !USES_ENDS) {
        *ends = 0;  /* the formula reads neither */
        return 0;
    }
    if (RUNNING_TOTAL && !USES_ENDS) {
        *ends = 0;  /* the formula reads no count of the ends */
        return l->total;
    }
    return layout_counted(l, ends, (Port *)0);
}

/* 1 when at least two ports are open and all show the same number (a lone double's two do), else 0. */
static int layout_ends_alike(const Layout *l) {
    int i;
    if (l->nopen < 2) {
        return 0;
    }
    for (i = 1; i < l->nopen; ++i) {
        if (l->open[i].value != l->open[0].value) {
            return 0;
        }
    }
    return 1;
}

/* 1 when an open port belongs to a double standing at its end (one line side covered), else 0. */
static int layout_double_end(const Layout *l) {
    int i;
    for (i = 0; i < l->nopen; ++i) {
        int kind = l->open[i].kind;
        if ((kind == PORT_LINE_A || kind == PORT_LINE_B) && l->lines_filled[l->open[i].tile] == 1) {
            return 1;
        }
    }
    return 0;
}

/* Whether seat may place tile anywhere now (the lead on an empty table). */
static int layout_takes(const Layout *l, int seat, int tile) {
    int i;
    if (!l->ntiles) {
        return 1;
    }
    if (CROSS_ARMS && l->arms_left && TILE_LOW[tile] != TILE_HIGH[tile]) {
        return 0;
    }
    for (i = 0; i < l->nopen; ++i) {
        if (tile_fits(tile, l->open[i].value) && layout_usable(l, seat, i)) {
            return 1;
        }
    }
    return 0;
}
//###}
