/* Built with a variant's native source included before it (cc -include engine.c search_fairness.c -lm): for
   GAMES games, each played at random some moves into its first hand, the tiles the current seat cannot see
   (the other hands and the pile) are dealt again at random, and the expert and the search (40 iterations,
   the same seed) must choose as they did in the game as it was. Prints the games where both chose alike,
   and those where the deal dealt again differed from the first; exit 3 for a table the variant is not
   played at. Usage: search_fairness PLAYERS PARTNERSHIPS GAMES. */
#include <stdio.h>
#include <stdlib.h>

/* t's hidden tiles dealt again from rng: the other seats' hands of the same sizes, then the pile. */
static int deal_hidden_again(Game *t, Rng *rng) {
    int8_t hidden[NTILES], tiles[NTILES];
    int n = 0, seat, i, used = 0, changed = 0, observer = t->current;
    for (seat = 0; seat < t->players; ++seat) {
        if (seat != observer) {
            n += hand_tiles(t, seat, &hidden[n]);
        }
    }
    for (i = t->pile_next; i < t->pile_len; ++i) {
        hidden[n++] = t->pile[i];
    }
    memcpy(tiles, hidden, (size_t)n);
    rng_shuffle(rng, tiles, n);
    for (i = 0; i < n; ++i) {
        changed |= tiles[i] != hidden[i];
    }
    for (seat = 0; seat < t->players; ++seat) {
        if (seat != observer) {
            int size = t->hand_len[seat];
            hand_replace(t, seat, &tiles[used], size);
            used += size;
        }
    }
    for (i = t->pile_next; i < t->pile_len; ++i) {
        t->pile[i] = tiles[used++];
    }
    return changed;
}

int main(int argc, char **argv) {
    int players, partnerships, games, unit, same = 0, differed = 0;
    if (argc != 4) {
        fprintf(stderr, "usage: search_fairness PLAYERS PARTNERSHIPS GAMES\n");
        return 2;
    }
    players = atoi(argv[1]);
    partnerships = atoi(argv[2]);
    games = atoi(argv[3]);
    if (!ds_table_allowed(players, partnerships)) {
        return 3;  /* the variant is not played at this table */
    }
    for (unit = 0; unit < games; ++unit) {
        static Game g, twin, a, b;
        Knowledge k;
        Rng moves;
        Move expert[2], search[2];
        int n, chosen_alike;
        game_init(&g, players, partnerships);
        rng_seed(&g.rng, 2026, (uint64_t)unit);
        rng_seed(&moves, 7, (uint64_t)unit);
        if (deal_shuffled(&g) || begin_hand(&g, -1)) {
            return 1;
        }
        memset(k.count, 0, sizeof k.count);
        for (n = rng_below(&moves, 16); !g.hand_over; --n) {
            Move m;
            legal_moves(&g);
            if (n <= 0 && g.nlegal > 1) {
                break;
            }
            m = g.legal[rng_below(&moves, g.nlegal)];
            knowledge_observe(&k, &g, m);
            apply_move(&g, m, CLAIM_TRUE);
        }
        if (g.hand_over) {
            ++same;  /* nothing left to choose */
            continue;
        }
        twin = g;
        differed += deal_hidden_again(&twin, &moves);
        a = g;
        b = twin;
        expert[0] = expert_move(&a, &k);
        expert[1] = expert_move(&b, &k);
        a = g;
        b = twin;
        if (ismcts_move(&a, &k, 40, 0, &search[0]) != SEARCH_OK || ismcts_move(&b, &k, 40, 0, &search[1]) != SEARCH_OK) {
            return 1;
        }
        chosen_alike = moves_equal(expert[0], expert[1]) && moves_equal(search[0], search[1]);
        same += chosen_alike;
        if (!chosen_alike) {
            printf("# game %d: the choice changed with the hidden tiles\n", unit);
        }
    }
    printf("%d %d\n", same, differed);
    return 0;
}
