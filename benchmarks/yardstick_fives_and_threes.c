/* A yardstick for the native engine: 4-player Fives and Threes hands, written by hand in plain C.
 *
 * It draws its randomness exactly as the native engines' ABI prescribes (a xoshiro256** generator per
 * hand seeded through splitmix64, a Fisher-Yates deal, the opener by lot, a random bot's pick among the
 * legal moves in the Python engine's order), so it plays the very hands the native Fives and Threes
 * engine plays from the same seed. Partners sit opposite (side = seat % 2), no double branches, the
 * undealt tiles are out of play, a seat that cannot play knocks, a placement scores the ends' fives
 * and threes, exactly 61 wins and an event that would pass it is cancelled whole, going out scores 1,
 * a blocked hand has no winner.
 *
 * Build: cc -O2 -shared -fPIC -std=c99 yardstick_fives_and_threes.c -o yardstick.so
 */
#include <stdint.h>

enum { SEATS = 4, HAND_SIZE = 5, TILE_COUNT = 28, TARGET = 61, GOING_OUT_BONUS = 1 };

enum {
    STAT_HANDS, STAT_PLACEMENTS, STAT_PASSES, STAT_BLOCKED, STAT_WENT_OUT, STAT_WON, STAT_CANCELLED,
    STAT_REMAINING_PIPS, STAT_POINTS_0, STAT_POINTS_1, STAT_COUNT
};

static const char *const STAT_NAMES[STAT_COUNT] = {
    "hands", "placements", "passes", "blocked", "went_out", "won", "cancelled",
    "remaining_pips", "points_0", "points_1",
};

int32_t yardstick_stat_count(void) { return STAT_COUNT; }

const char *yardstick_stat_name(int32_t i) { return i >= 0 && i < STAT_COUNT ? STAT_NAMES[i] : 0; }

typedef struct { uint64_t s[4]; } Rng;

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next(Rng *rng) {
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static uint32_t bounded(Rng *rng, uint32_t n) { return (uint32_t)(((next(rng) >> 32) * (uint64_t)n) >> 32); }

/* Points for an end total: a positive multiple of 3 scores total / 3, of 5 total / 5, of 15 both. Two ends
   of a double-six line count 24 at most. */
static const uint8_t POINTS[25] = {0, 0, 0, 1, 0, 1, 2, 0, 0, 3, 2, 0, 4, 0, 0, 8, 0, 0, 6, 0, 4, 7, 0, 0, 8};

/* The tiles in the engine's order (0,0), (0,1), ..., (6,6): their halves. */
static const uint8_t LOW[TILE_COUNT] = {0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6};
static const uint8_t HIGH[TILE_COUNT] = {0, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 2, 3, 4, 5, 6, 3, 4, 5, 6, 4, 5, 6, 5, 6, 6};

/* A hand is its five deal positions: a 5-bit mask of those still held, and per number the mask of positions
   whose tile shows it. The held positions in ascending order are the hand in the engine's order. */
static const uint8_t BITS[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};
static const uint8_t LOWEST[32] = {0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0};

/* The position of the k-th (from 0) set bit of a 5-bit mask. */
static int select_bit(unsigned mask, int k) {
    while (k--) mask &= mask - 1;
    return LOWEST[mask];
}

/* Play unit `unit`'s hand from scores of 0 and add its figures into stats. */
static void play_hand(uint64_t seed, int64_t unit, int64_t *stats) {
    Rng rng;
    uint64_t x = seed ^ ((uint64_t)unit * 0xD1B54A32D192ED03ULL);
    for (int i = 0; i < 4; i++) rng.s[i] = splitmix64(&x);

    uint8_t tiles[TILE_COUNT];
    for (int i = 0; i < TILE_COUNT; i++) tiles[i] = (uint8_t)i;
    for (int k = TILE_COUNT - 1; k >= 1; k--) {
        uint32_t j = bounded(&rng, (uint32_t)k + 1);
        uint8_t swap = tiles[k];
        tiles[k] = tiles[j];
        tiles[j] = swap;
    }
    unsigned held[SEATS], shows[SEATS][7] = {{0}};
    for (int s = 0; s < SEATS; s++) {
        held[s] = (1u << HAND_SIZE) - 1;
        for (int i = 0; i < HAND_SIZE; i++) {
            int tile = tiles[s * HAND_SIZE + i];
            shows[s][LOW[tile]] |= 1u << i;
            shows[s][HIGH[tile]] |= 1u << i;
        }
    }
    int seat = (int)bounded(&rng, SEATS);

    /* The two open ends in the engine's open-port order (an end just covered moves behind the other):
       the number a tile must show there, and what the end counts (a double at an end both halves). */
    int value[2], counts[2];
    int scores[2] = {0, 0};
    int placements = 0, passes = 0, blocked = 0, went_out = 0, won = 0, cancelled = 0;

    int index = (int)bounded(&rng, HAND_SIZE);
    int tile = tiles[seat * HAND_SIZE + index];
    int low = LOW[tile], high = HIGH[tile];
    if (low == high) {
        value[0] = value[1] = low;
        counts[0] = counts[1] = 2 * low;
    } else {
        value[0] = counts[0] = high;
        value[1] = counts[1] = low;
    }
    int total = low + high; /* the lead counts alone: a lone double once */
    for (;;) {
        held[seat] &= ~(1u << index);
        placements++;
        int side = seat & 1;
        int goes_out = !held[seat] && !held[seat ^ 2];
        int gained = POINTS[total] + goes_out * GOING_OUT_BONUS;
        if (gained) {
            if (scores[side] + gained > TARGET) {
                cancelled++;
            } else if ((scores[side] += gained) == TARGET) {
                won = 1;
                break;
            }
        }
        if (goes_out) {
            went_out = 1;
            break;
        }
        /* The next seat that still holds tiles plays, or knocks while another seat can play. */
        unsigned fits0, fits1;
        for (;;) {
            do seat = (seat + 1) & 3; while (!held[seat]);
            fits0 = held[seat] & shows[seat][value[0]];
            fits1 = held[seat] & shows[seat][value[1]];
            if (fits0 | fits1) break;
            unsigned playable = 0;
            for (int s = 0; s < SEATS; s++) playable |= held[s] & (shows[s][value[0]] | shows[s][value[1]]);
            if (!playable) {
                blocked = 1;
                break;
            }
            bounded(&rng, 1); /* the knock is the one legal move: the bot still draws for it */
            passes++;
        }
        if (blocked) break;
        /* The legal moves: end 0's fitting tiles in hand order, then end 1's. */
        int first = BITS[fits0];
        int pick = (int)bounded(&rng, (uint32_t)(first + BITS[fits1]));
        int end = pick >= first;
        index = end ? select_bit(fits1, pick - first) : select_bit(fits0, pick);
        tile = tiles[seat * HAND_SIZE + index];
        int on = value[end];
        int new_value = LOW[tile] ^ HIGH[tile] ^ on; /* the other half; a double shows on again */
        int new_count = LOW[tile] == HIGH[tile] ? 2 * on : new_value;
        if (end == 0) {
            value[0] = value[1];
            counts[0] = counts[1];
        }
        value[1] = new_value;
        counts[1] = new_count;
        total = counts[0] + counts[1];
    }
    int remaining = 0;
    for (int s = 0; s < SEATS; s++)
        for (int i = 0; i < HAND_SIZE; i++)
            if (held[s] >> i & 1) remaining += LOW[tiles[s * HAND_SIZE + i]] + HIGH[tiles[s * HAND_SIZE + i]];
    stats[STAT_HANDS] += 1;
    stats[STAT_PLACEMENTS] += placements;
    stats[STAT_PASSES] += passes;
    stats[STAT_BLOCKED] += blocked;
    stats[STAT_WENT_OUT] += went_out;
    stats[STAT_WON] += won;
    stats[STAT_CANCELLED] += cancelled;
    stats[STAT_REMAINING_PIPS] += remaining;
    stats[STAT_POINTS_0] += scores[0];
    stats[STAT_POINTS_1] += scores[1];
}

/* Play the hands of units first .. first + count - 1, adding their figures into stats (zeroed by the
   caller, yardstick_stat_count() of them); returns the number of hands played. */
int64_t yardstick_hands(int64_t first, int64_t count, uint64_t seed, int64_t *stats) {
    for (int64_t unit = first; unit < first + count; unit++) play_hand(seed, unit, stats);
    return count > 0 ? count : 0;
}
