/* The solver's depth-first search (solitaire_widget/solver/depth_first.py) in C99, for speed.
 *
 * It is the same search, step for step: the same steps in the same order, the same
 * canonical keys, the same visited sets, so it searches the same positions and reports
 * the same node counts and winning lines (until its table of lost positions is cleared,
 * which happens at a different size than in Python, or it restarts: see below). See depth_first.py's docstring for the
 * technique; the comments here only say where C differs.
 *
 * No game rule is written here: Python passes the game's tables (sw_rules), made from
 * the engine's Rules, and the position (sw_position). Piles are numbered as
 * Position.pile_ids: 0 the stock, 1 the waste, 2.. the foundations, then the tableau.
 *
 * Visited positions: one open-addressing table of 96-bit fingerprints of the canonical key
 * (95 bits are compared; the slot's other 32 bits hold its marks: on the current line, or
 * open, see finish_frame). Two different keys share a fingerprint with a chance of about
 * 2^-95 per pair, taking the mixing below as a random function (it is not a cryptographic
 * hash, but keys are not chosen against it); with at most 2^25 keys in the table and some
 * 10^9 looks per search that is below 10^-11 a search. Full keys would take six times the
 * memory for no useful gain. A collision could only make the search skip a position as
 * visited (a wrong "unwinnable", never a wrong "winnable": Python replays every winning
 * line). The table starts small and doubles in place when three quarters full, up to the
 * size Python allows; at that size it is cleared instead, keeping the keys of the current
 * line, which only costs repeated work.
 *
 * Restarts (run_with_restarts): a search that runs past its share of positions starts
 * again in a random order, keeping the positions found lost for good (restarts.py), and
 * between two runs goes on with a best-first search (best_first.py). The Python search
 * does the same, node for node, at the same share.
 */
#define _POSIX_C_SOURCE 200112L /* clock_gettime */
#define _DEFAULT_SOURCE            /* madvise's MADV_HUGEPAGE, where there is one */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <intrin.h>
#define SW_EXPORT __declspec(dllexport)
#else
#define SW_EXPORT
#endif

/* Python refuses a library whose interface differs from the one it was written for: raise
 * this whenever an exported function or one of the structs below changes. */
#define SW_INTERFACE_VERSION 5
/* The build passes the first 16 hex digits of this file's SHA-256 (bare, not quoted: quotes
 * do not survive every compiler's command line), so that Python can tell a library built
 * from another version of it. */
#define SW_STRING(x) #x
#define SW_EXPANDED_STRING(x) SW_STRING(x)
#ifdef SW_SOURCE_DIGEST
#define SW_DIGEST SW_EXPANDED_STRING(SW_SOURCE_DIGEST)
#else
#define SW_DIGEST "unknown"
#endif

#define CARDS 52
#define NO_CARD 52
#define MAX_FOUNDATIONS 8
#define MAX_TABLEAU 16
#define MAX_PILES (2 + MAX_FOUNDATIONS + MAX_TABLEAU)
#define STOCK 0
#define WASTE 1
#define CHECK_EVERY 256 /* nodes between two looks at the clock and the stop flag */
/* A restarted run adds a random number below this to each step's rank: enough to mix the
 * kinds of moves next in the fixed order (measured: 60 or 400 decide fewer deals). */
#define SHUFFLE_RANKS 150
#define BEST_CHILDREN 3 /* best_first.py's: the children of a position it goes on with */
#define BEST_MOST_NODES 3000000 /* best_first.py's: it stops with this many positions */
#define RELAXED_NODE_LIMIT 1000 /* father_dead_ends.py's */
#define RELAXED_SLOTS 4096 /* above twice RELAXED_NODE_LIMIT, a power of two */

enum { KIND_WASTE, KIND_TABLEAU, KIND_FOUNDATION };
enum { WINNABLE = 0, UNWINNABLE = 1, UNKNOWN = 2, RESTART = 3, GO_ON = 4, NO_MEMORY = -1, TABLE_TOO_SMALL = -2 };

typedef struct {
    int32_t tableau_count;
    int32_t foundation_count;
    int32_t foundation_split; /* foundations [0, split) and [split, count) are keyed apart */
    int32_t draw;
    int32_t foundation_to_tableau;
    int32_t look_for_dead_ends; /* run hopeless() at each new position */
    uint64_t parents[3][CARDS];  /* [kind][card]: the tableau tops it may go on */
    uint8_t fills_empty[3][CARDS];
    uint64_t wants[MAX_FOUNDATIONS][CARDS + 1]; /* [foundation][top or NO_CARD] */
    uint64_t safe_needs[CARDS]; /* cards that must be home before this one goes home safely */
    int32_t look_for_uncleared_tableau; /* run relaxed_clears() at each new position */
    int32_t arrangement_free; /* arrangements.py's: the key leaves the loose tableau cards out */
} sw_rules;

typedef struct {
    int32_t redeals_left; /* -1: unlimited */
    int32_t stock_len, waste_len;
    int32_t foundation_len[MAX_FOUNDATIONS], down_len[MAX_TABLEAU], up_len[MAX_TABLEAU];
    uint8_t stock[CARDS], waste[CARDS];
    uint8_t foundations[MAX_FOUNDATIONS][CARDS], down[MAX_TABLEAU][CARDS], up[MAX_TABLEAU][CARDS];
} sw_position;

typedef struct {
    int32_t verdict;
    int32_t line_len;
    int64_t nodes;
    uint8_t *line; /* line_len moves of 3 bytes: source pile, target pile, count */
    int32_t most_home; /* the most cards home in any position searched (see note_progress) */
} sw_result;

/* Draws (d1 of them), maybe a redeal, more draws (d2), then one move. */
typedef struct {
    uint8_t d1, redeal, d2, src, dst, count;
} Segment;

/* A _Joined entry's kind: a card put on `pile`, or a run moved off `pile` (its run_left). */
enum { JOINED_CARD = 1, JOINED_RUN = 2 };

typedef struct {
    int32_t rank;
    uint8_t joined; /* a _Joined entry, expanded when the search reaches it: JOINED_* */
    uint8_t pile;   /* joined: the tableau pile index */
    int8_t foundation; /* joined: the foundation index the card left, or -1 */
    uint8_t two;    /* second segment used */
    Segment a, b;
} Step;

typedef struct {
    uint8_t src, dst, count, turned;
} Played;

typedef struct {
    size_t begin, end, next, mark, slot;
    uint64_t fa, fb;
    uint32_t place, low; /* its place among the open positions; the lowest place it leans on */
} Frame;

typedef struct {
    uint64_t a, b; /* the fingerprint; b's low 32 bits (PAYLOAD) hold the marks below */
} Slot;

/* A slot's marks: ON_LINE for a position on the current line, OPEN for one searched without
 * a win whose loss leans on a position still open (see finish_frame), each with the
 * position's place among the open ones (open_keys) in the bits above; none for a position
 * lost for good. */
#define PAYLOAD 0xffffffffULL
#define ON_LINE 1u
#define OPEN 2u
#define MARKS 3u

/* A child of the position the best-first search goes on from, while it ranks them. */
typedef struct {
    uint64_t rank; /* estimate << 32 | arena place: ties go to the earlier step */
    uint64_t fa, fb;
} BestChild;

/* The best-first search's positions, each as the step from the one it was reached from
 * (best_first.py's BestFirst). */
typedef struct {
    uint32_t parent; /* the node it was reached from (the root: itself) */
    uint32_t depth;  /* the steps from the start */
    Step step;       /* the step from there */
} BestNode;

typedef struct {
    BestNode *nodes;
    size_t len, cap;
    uint64_t *heap; /* estimate << 32 | node, least first: ties go to the node made first */
    size_t heap_len, heap_cap;
    Slot *seen; /* the keys of the nodes made */
    size_t seen_mask, seen_count;
    uint32_t *path;
    size_t path_cap;
    uint32_t played;     /* the node whose position is played now */
    size_t *marks;       /* played_len after each step to it, by depth (marks[0]: the start) */
    size_t marks_cap;
    BestChild *kept; /* the children being ranked */
    size_t kept_cap;
} BestFirst;

typedef struct {
    const sw_rules *r;
    int T, F, first_tableau;
    uint8_t cards[MAX_PILES][CARDS]; /* every pile; a tableau pile's face-up cards */
    int len[MAX_PILES];
    uint8_t down[MAX_TABLEAU][CARDS];
    int down_len[MAX_TABLEAU];
    int redeals, home_count, free_talon;
    int goes_direct[3]; /* by kind: depth_first.py's goes_direct (see expand) */
    int runs_extend;    /* depth_first.py's runs_extend: a run moved off a pile is JOINED_RUN */
    int most_home; /* see note_progress */
    uint64_t home, talon; /* the cards home, the cards in the stock and waste */
    uint64_t kids[CARDS]; /* tableau cards that may go on each card */
    uint64_t home_after[CARDS]; /* the foundation tops each card may go on */
    uint64_t starters;          /* the cards that start a foundation */
    uint64_t needs[CARDS];      /* the cards that must go home before this one can */

    Played *played;
    size_t played_len, played_cap;
    Step *arena, *scratch;
    size_t arena_len, arena_cap, scratch_cap;
    uint64_t *order;
    size_t order_cap;
    Frame *frames;
    size_t depth, frames_cap;
    Slot *table;
    size_t table_mask, table_count, table_max, table_largest;
    int64_t clears; /* times the table was cleared, full at its largest */
    Slot *open_keys; /* the open positions (on the line, or OPEN), oldest first */
    size_t open_len, open_cap;
    BestFirst best;

    int64_t nodes, node_limit;
    int64_t run_end; /* the node count at which this run gives way to the next (0: never) */
    uint64_t shuffle; /* 0: the fixed order of steps; else the state of a run's random order */
    int has_deadline;
    double deadline; /* seconds on monotonic_seconds()'s clock */
    volatile const int32_t *stop; /* set to nonzero by another thread to end the search */
    int failed;

    /* father_dead_ends.py's relaxed game: its positions seen in this test, and how many
     * more it may search */
    Slot relaxed_seen[RELAXED_SLOTS];
    uint16_t relaxed_used[RELAXED_NODE_LIMIT];
    int relaxed_used_len, relaxed_left;
} Search;

/* ------------------------------------------------------------------ growing arrays */
static int grow(void **items, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 1;
    size_t cap2 = *cap ? *cap : 64;
    while (cap2 < need) cap2 *= 2;
    void *p = realloc(*items, cap2 * size);
    if (!p) return 0;
    *items = p;
    *cap = cap2;
    return 1;
}

static Step *new_step(Search *s) {
    if (!grow((void **)&s->arena, &s->arena_cap, s->arena_len + 1, sizeof(Step))) {
        s->failed = 1;
        return NULL;
    }
    Step *step = &s->arena[s->arena_len++];
    memset(step, 0, sizeof *step);
    step->foundation = -1;
    return step;
}

/* ------------------------------------------------------------------ playing moves */
/* A few cards at a time: a loop is cheaper than a call to memcpy. */
static inline uint64_t bit(int card) { return (uint64_t)1 << card; }

static inline void copy_cards(uint8_t *to, const uint8_t *from, int count) {
    for (int i = 0; i < count; i++) to[i] = from[i];
}

static inline int top_of(const Search *s, int pile) {
    return s->len[pile] ? s->cards[pile][s->len[pile] - 1] : NO_CARD;
}

static inline int is_foundation(const Search *s, int pile) {
    return pile >= 2 && pile < s->first_tableau;
}

static void push(Search *s, int src, int dst, int count) {
    Played p = {(uint8_t)src, (uint8_t)dst, (uint8_t)count, 0};
    if (src == STOCK) {
        for (int i = 0; i < count; i++) s->cards[WASTE][s->len[WASTE]++] = s->cards[STOCK][--s->len[STOCK]];
    } else if (dst == STOCK) {
        while (s->len[WASTE]) s->cards[STOCK][s->len[STOCK]++] = s->cards[WASTE][--s->len[WASTE]];
        if (s->redeals > 0) s->redeals--;
    } else {
        int from = s->len[src] - count;
        copy_cards(&s->cards[dst][s->len[dst]], &s->cards[src][from], count);
        s->len[dst] += count;
        s->len[src] = from;
        if (is_foundation(s, dst)) {
            s->home |= (uint64_t)1 << top_of(s, dst);
            s->home_count++;
        } else if (is_foundation(s, src)) {
            s->home &= ~((uint64_t)1 << s->cards[src][from]);
            s->home_count--;
        }
        if (src == WASTE) s->talon &= ~((uint64_t)1 << s->cards[dst][s->len[dst] - 1]);
        if (src >= s->first_tableau && from == 0) {
            int t = src - s->first_tableau;
            if (s->down_len[t]) {
                s->cards[src][s->len[src]++] = s->down[t][--s->down_len[t]];
                p.turned = 1;
            }
        }
    }
    if (!grow((void **)&s->played, &s->played_cap, s->played_len + 1, sizeof(Played))) {
        s->failed = 1;
        return;
    }
    s->played[s->played_len++] = p;
}

static void pop(Search *s) {
    Played p = s->played[--s->played_len];
    int src = p.src, dst = p.dst, count = p.count;
    if (src == STOCK) {
        for (int i = 0; i < count; i++) s->cards[STOCK][s->len[STOCK]++] = s->cards[WASTE][--s->len[WASTE]];
    } else if (dst == STOCK) {
        while (s->len[STOCK]) s->cards[WASTE][s->len[WASTE]++] = s->cards[STOCK][--s->len[STOCK]];
        if (s->redeals >= 0) s->redeals++;
    } else {
        if (p.turned) {
            int t = src - s->first_tableau;
            s->down[t][s->down_len[t]++] = s->cards[src][--s->len[src]];
        }
        if (is_foundation(s, dst)) {
            s->home &= ~((uint64_t)1 << top_of(s, dst));
            s->home_count--;
        } else if (is_foundation(s, src)) {
            s->home |= (uint64_t)1 << s->cards[dst][s->len[dst] - 1];
            s->home_count++;
        }
        if (src == WASTE) s->talon |= (uint64_t)1 << s->cards[dst][s->len[dst] - 1];
        s->len[dst] -= count;
        copy_cards(&s->cards[src][s->len[src]], &s->cards[dst][s->len[dst]], count);
        s->len[src] += count;
    }
}

static void undo_to(Search *s, size_t mark) {
    while (s->played_len > mark) pop(s);
}

static void draw_once(Search *s) {
    int n = s->len[STOCK] < s->r->draw ? s->len[STOCK] : s->r->draw;
    push(s, STOCK, WASTE, n);
}

static void play_segment(Search *s, const Segment *g) {
    for (int i = 0; i < g->d1; i++) draw_once(s);
    if (g->redeal) push(s, WASTE, STOCK, s->len[WASTE]);
    for (int i = 0; i < g->d2; i++) draw_once(s);
    push(s, g->src, g->dst, g->count);
}

static void play_step(Search *s, const Step *step) {
    play_segment(s, &step->a);
    if (step->two) play_segment(s, &step->b);
}

/* ------------------------------------------------------------------ keys */
static inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static inline uint64_t avalanche(uint64_t x) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
}

/* Two 64-bit lanes with different multipliers and rotations, each word fed to both. */
static void fingerprint(uint8_t *buf, size_t n, uint64_t *fa, uint64_t *fb) {
    uint64_t a = 0x243f6a8885a308d3ULL ^ n, b = 0x13198a2e03707344ULL + n;
    memset(buf + n, 0, 8); /* the last word's padding; n itself tells the lengths apart */
    for (size_t i = 0; i < n; i += 8) {
        uint64_t w;
        memcpy(&w, buf + i, 8);
        a = rotl(a ^ w, 23) * 0x9e3779b97f4a7c15ULL;
        b = (rotl(b + w, 41) * 0xc2b2ae3d27d4eb4fULL) ^ (a >> 7);
    }
    *fa = avalanche(a ^ rotl(b, 17)) | 1;          /* never 0: 0 marks an empty slot */
    *fb = avalanche(b + 3 * a) & ~PAYLOAD;          /* a slot's low half holds its marks */
}

static int pile_order(const Search *s, int t) {
    if (s->down_len[t]) return s->down[t][0];
    if (s->len[s->first_tableau + t]) return CARDS + s->cards[s->first_tableau + t][0];
    return 2 * CARDS;
}

static void sort_small(int *v, int n, const int *by) {
    for (int i = 1; i < n; i++) {
        int x = v[i], j = i;
        while (j > 0 && by[v[j - 1]] > by[x]) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

/* The canonical key of depth_first.py's _key_function, as bytes with lengths (so injective),
 * then its fingerprint. Any fixed order of the piles gives the same equality; here a
 * pile sorts by its bottom card, which no other pile holds. */
static void key_of(const Search *s, uint64_t *fa, uint64_t *fb) {
    uint8_t buf[16 + 2 * CARDS + MAX_FOUNDATIONS + 2 * MAX_TABLEAU + CARDS];
    size_t n = 0;
    int32_t redeals = s->redeals;
    int at = s->len[WASTE], stock = s->len[STOCK];
    if (redeals < 0 && (at % s->r->draw == 0 || stock == 0)) at = 0;
    memcpy(buf, &redeals, 4);
    n = 4;
    buf[n++] = (uint8_t)at;
    buf[n++] = (uint8_t)(s->len[WASTE] + stock);
    copy_cards(buf + n, s->cards[WASTE], s->len[WASTE]);
    n += (size_t)s->len[WASTE];
    for (int i = stock - 1; i >= 0; i--) buf[n++] = s->cards[STOCK][i];

    int tops[MAX_FOUNDATIONS], order[MAX_TABLEAU], by[MAX_TABLEAU] = {0}; /* {0}: gcc cannot see it filled */
    for (int f = 0; f < s->F; f++) tops[f] = top_of(s, 2 + f);
    for (int group = 0; group < 2; group++) {
        int lo = group ? s->r->foundation_split : 0, hi = group ? s->F : s->r->foundation_split;
        for (int i = lo + 1; i < hi; i++) {
            int x = tops[i], j = i;
            while (j > lo && tops[j - 1] > x) {
                tops[j] = tops[j - 1];
                j--;
            }
            tops[j] = x;
        }
    }
    for (int f = 0; f < s->F; f++) buf[n++] = (uint8_t)tops[f];

    for (int t = 0; t < s->T; t++) {
        order[t] = t;
        by[t] = pile_order(s, t);
    }
    sort_small(order, s->T, by);
    for (int i = 0; i < s->T; i++) {
        int t = order[i], up = s->len[s->first_tableau + t];
        const uint8_t *pile = s->cards[s->first_tableau + t];
        buf[n++] = (uint8_t)s->down_len[t];
        copy_cards(buf + n, s->down[t], s->down_len[t]);
        n += (size_t)s->down_len[t];
        if (s->r->arrangement_free) /* the loose cards left out: up to where the top run starts */
            while (up > 1 && (s->kids[pile[up - 2]] & bit(pile[up - 1]))) up--;
        buf[n++] = (uint8_t)up;
        copy_cards(buf + n, pile, up);
        n += (size_t)up;
    }
    fingerprint(buf, n, fa, fb);
}

/* ------------------------------------------------------------------ visited positions */
/* Each look is a jump to a random slot: huge pages save most of the TLB misses. */
static void advise_huge_pages(Slot *table, size_t slots) {
#ifdef MADV_HUGEPAGE
    size_t bytes = slots * sizeof(Slot), page = 4096;
    if (table && bytes >= ((size_t)4 << 20)) {
        uintptr_t from = ((uintptr_t)table + page - 1) & ~(uintptr_t)(page - 1);
        uintptr_t to = ((uintptr_t)table + bytes) & ~(uintptr_t)(page - 1);
        madvise((void *)from, to - from, MADV_HUGEPAGE);
    }
#else
    (void)table;
    (void)slots;
#endif
}

static Slot *new_table(size_t slots) {
    Slot *table = calloc(slots, sizeof(Slot));
    advise_huge_pages(table, slots);
    return table;
}

static inline size_t home_slot(const Search *s, uint64_t fa) { return (size_t)(fa >> 20) & s->table_mask; }

/* Asks for a slot's memory ahead of its probe (a hint only: without it the code is the same). */
static inline void prefetch(const Slot *slot) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(slot);
#else
    (void)slot;
#endif
}

/* The slot that holds the fingerprint (fa, fb) in an open-addressing table of mask + 1
 * slots (a slot's marks are not compared), or the empty slot where it would go. */
static size_t probe(const Slot *table, size_t mask, uint64_t fa, uint64_t fb, int *found) {
    size_t i = (size_t)(fa >> 20) & mask;
    for (;;) {
        const Slot *slot = &table[i];
        if (!slot->a) {
            *found = 0;
            return i;
        }
        if (slot->a == fa && (slot->b & ~PAYLOAD) == fb) {
            *found = 1;
            return i;
        }
        i = (i + 1) & mask;
    }
}

static size_t slot_of(const Search *s, uint64_t fa, uint64_t fb, int *found) {
    return probe(s->table, s->table_mask, fa, fb, found);
}

/* Puts every key in slots [0, first_free) where lookups from its home find it, in place
 * (after the table doubled, or lost some keys): each key still "pending" is moved to the
 * first slot from its home that is empty or pending (trading places with a pending key,
 * which is then moved in turn), or stays where it is when its probe reaches it first. A
 * placed key is never moved again, and the slots between its home and it hold placed keys
 * only, so every key is found from its home when all are placed. 0 when out of memory. */
static int place_keys(Search *s, size_t first_free) {
    Slot *table = s->table;
    uint64_t *pending = calloc(first_free / 64 + 1, sizeof(uint64_t));
    if (!pending) return 0;
    for (size_t i = 0; i < first_free; i++)
        if (table[i].a) pending[i / 64] |= (uint64_t)1 << (i % 64);
    for (size_t i = 0; i < first_free; i++) {
        while (pending[i / 64] & ((uint64_t)1 << (i % 64))) {
            size_t j = home_slot(s, table[i].a);
            while (j != i && table[j].a && !(j < first_free && (pending[j / 64] & ((uint64_t)1 << (j % 64)))))
                j = (j + 1) & s->table_mask;
            if (j == i) {
                pending[i / 64] &= ~((uint64_t)1 << (i % 64));
            } else if (!table[j].a) {
                table[j] = table[i];
                table[i] = (Slot){0, 0};
                pending[i / 64] &= ~((uint64_t)1 << (i % 64));
            } else {
                Slot placed = table[i];
                table[i] = table[j];
                table[j] = placed;
                pending[j / 64] &= ~((uint64_t)1 << (j % 64));
            }
        }
    }
    free(pending);
    for (size_t d = 0; d < s->depth; d++) {
        int found;
        s->frames[d].slot = slot_of(s, s->frames[d].fa, s->frames[d].fb, &found);
    }
    return 1;
}

/* The table at twice the size, every key (and its marks) kept; 0 when out of memory. It
 * grows in place, so that the old and the new table are never held at once (for large
 * tables realloc moves pages rather than bytes, where the system can). */
static int double_table(Search *s) {
    size_t old_slots = s->table_mask + 1, slots = 2 * old_slots;
    Slot *table = realloc(s->table, slots * sizeof(Slot));
    if (!table) return 0;
    s->table = table;
    memset(table + old_slots, 0, old_slots * sizeof(Slot));
    advise_huge_pages(table, slots);
    size_t mask = s->table_mask;
    s->table_mask = slots - 1;
    if (!place_keys(s, old_slots)) {
        s->table_mask = mask; /* the keys are where they were */
        return 0;
    }
    s->table_max = slots - slots / 4;
    return 1;
}

/* Enter a key as on the current line; returns its slot. */
static size_t put(Search *s, uint64_t fa, uint64_t fb) {
    int found;
    size_t i = slot_of(s, fa, fb, &found);
    if (!found) s->table_count++;
    s->table[i].a = fa;
    s->table[i].b = fb | ON_LINE;
    return i;
}

/* 1 when the position is on the line or lost (its slot in *slot); else it is entered as on
 * the line, in *slot. Sets s->failed when the table cannot take it. */
static int visit(Search *s, uint64_t fa, uint64_t fb, size_t *slot) {
    int found;
    size_t i = slot_of(s, fa, fb, &found);
    if (found) {
        *slot = i;
        return 1;
    }
    if (s->table_count >= s->table_max) {
        if (s->table_mask + 1 < s->table_largest && double_table(s)) {
            *slot = put(s, fa, fb);
            return 0;
        }
        memset(s->table, 0, (s->table_mask + 1) * sizeof(Slot));
        s->table_count = 0;
        s->clears++;
        /* the open positions are the line's alone now; what each leaned on is gone, so none
         * is lost for good before the first position ends (low 0) */
        s->open_len = 0;
        for (size_t d = 0; d < s->depth; d++) {
            Frame *frame = &s->frames[d];
            frame->slot = put(s, frame->fa, frame->fb);
            frame->place = (uint32_t)d;
            frame->low = 0;
            s->table[frame->slot].b |= (uint64_t)d << 2;
            s->open_keys[s->open_len++] = (Slot){frame->fa, frame->fb};
        }
        if (s->table_count >= s->table_max) {
            s->failed = TABLE_TOO_SMALL;
            return 1;
        }
        i = slot_of(s, fa, fb, &found);
    }
    s->table_count++;
    s->table[i].a = fa;
    s->table[i].b = fb | ON_LINE;
    *slot = i;
    return 0;
}

/* A position met again while searching the top frame's: when it is open, the top frame's
 * loss (if it is lost) leans on it. */
static void lean_on(Search *s, size_t slot) {
    uint64_t marks = s->table[slot].b & PAYLOAD;
    Frame *frame = &s->frames[s->depth - 1];
    if ((marks & MARKS) && (uint32_t)(marks >> 2) < frame->low) frame->low = (uint32_t)(marks >> 2);
}

/* The top frame's position was searched without a win. Its loss is for good when it leans
 * on no position opened before it (Tarjan's strongly connected components: it closes a
 * component), and so is that of every position opened since, which all lean on it or
 * later ones: their slots lose their marks. Else it stays open (OPEN), and its parent leans
 * on what it leaned on. Only losses for good outlive a run (run_with_restarts): an open one
 * may lean on a position whose search the run did not finish. */
static void finish_frame(Search *s) {
    Frame *frame = &s->frames[s->depth - 1];
    if (frame->low >= frame->place) {
        for (size_t i = frame->place; i < s->open_len; i++) {
            int found;
            size_t slot = slot_of(s, s->open_keys[i].a, s->open_keys[i].b, &found);
            if (found) s->table[slot].b = s->open_keys[i].b;
        }
        s->open_len = frame->place;
        return;
    }
    s->table[frame->slot].b = frame->fb | (uint64_t)frame->place << 2 | OPEN;
    if (s->depth > 1 && frame->low < frame[-1].low) frame[-1].low = frame->low;
}

/* ------------------------------------------------------------------ steps */
static inline int is_safe(const Search *s, int card) {
    return (s->r->safe_needs[card] & ~s->home) == 0;
}


static inline int lowest_card(uint64_t cards) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(cards);
#elif defined(_MSC_VER)
    unsigned long card;
    _BitScanForward64(&card, cards);
    return (int)card;
#else
    int card = 0;
    while (!(cards & 1)) cards >>= 1, card++;
    return card;
#endif
}

/* depth_first.py's talon_steps: appends each talon card's steps to the arena; with onto >= 0
 * only those onto tableau pile `onto`. Returns 1 when a safe step home was found: it is
 * then the only step appended. */
static int talon_steps(Search *s, int onto) {
    const sw_rules *r = s->r;
    int nw = s->len[WASTE], ns = s->len[STOCK], size = nw + ns;
    if (!size) return 0;
    uint8_t talon[CARDS];
    copy_cards(talon, s->cards[WASTE], nw);
    for (int i = 0; i < ns; i++) talon[nw + i] = s->cards[STOCK][ns - 1 - i];
    int safe_ok = r->draw == 1 && onto < 0, endless = s->redeals < 0, may_redeal = s->redeals != 0;
    size_t begin = s->arena_len;
    /* depth_first.py's passed_cards_come_back: with no redeal limit, or where any waste card
     * goes on any pile (Father), cards going home come first whatever the draws. */
    int passed_back = endless;
    if (!passed_back) {
        passed_back = 1;
        for (int c = 0; c < CARDS; c++)
            if (r->parents[KIND_WASTE][c] != (((uint64_t)1 << CARDS) - 1)) {
                passed_back = 0;
                break;
            }
    }

    /* the reach of _Talon.reach, one entry at a time: (w, d1, redeal, d2) */
    uint8_t seen[CARDS + 1] = {0};
    int reach_w[2 * CARDS + 1], reach_d1[2 * CARDS + 1], reach_r[2 * CARDS + 1], reach_d2[2 * CARDS + 1];
    int n = 0, w = nw, d = 0;
    if (nw) {
        reach_w[n] = nw, reach_d1[n] = 0, reach_r[n] = 0, reach_d2[n++] = 0;
    }
    seen[nw] = 1;
    while (w < size) {
        w += size - w < r->draw ? size - w : r->draw;
        d++;
        reach_w[n] = w, reach_d1[n] = d, reach_r[n] = 0, reach_d2[n++] = 0;
        seen[w] = 1;
    }
    if (may_redeal) {
        int e = 0;
        w = 0;
        while (w < size) {
            w += size - w < r->draw ? size - w : r->draw;
            e++;
            if (!seen[w]) {
                reach_w[n] = w, reach_d1[n] = d, reach_r[n] = 1, reach_d2[n++] = e;
                seen[w] = 1;
            }
        }
    }

    uint64_t tops = 0, takers = 0;
    uint32_t empties = 0;
    uint8_t pile_of[CARDS];
    for (int t = 0; t < s->T; t++) {
        if (onto >= 0 && t != onto) continue;
        int top = top_of(s, s->first_tableau + t);
        if (top == NO_CARD) {
            empties |= (uint32_t)1 << t;
        } else {
            tops |= bit(top);
            pile_of[top] = (uint8_t)t;
        }
    }
    empties &= -empties; /* the first only: see legal_moves */
    if (onto < 0)
        for (int f = 0; f < s->F; f++) takers |= r->wants[f][top_of(s, 2 + f)];

    for (int k = 0; k < n; k++) {
        int card = talon[reach_w[k] - 1];
        int draws = reach_d1[k] + reach_r[k] + reach_d2[k];
        int cost = endless || !draws ? draws : 1000 + 10 * draws;
        int home_cost = passed_back ? draws : cost;
        Segment seg = {(uint8_t)reach_d1[k], (uint8_t)reach_r[k], (uint8_t)reach_d2[k], WASTE, 0, 1};
        if (takers & bit(card)) {
            for (int f = 0; f < s->F; f++) {
                if (!(r->wants[f][top_of(s, 2 + f)] & bit(card))) continue;
                seg.dst = (uint8_t)(2 + f);
                if (safe_ok && (!draws || s->free_talon) && is_safe(s, card)) {
                    s->arena_len = begin;
                    Step *step = new_step(s);
                    if (!step) return 0;
                    step->rank = -1;
                    step->a = seg;
                    return 1;
                }
                Step *step = new_step(s);
                if (!step) return 0;
                step->rank = 20 + home_cost;
                step->a = seg;
            }
        }
        uint32_t piles = r->fills_empty[KIND_WASTE][card] ? empties : 0;
        for (uint64_t on = r->parents[KIND_WASTE][card] & tops; on; on &= on - 1)
            piles |= (uint32_t)1 << pile_of[lowest_card(on)];
        for (; piles; piles &= piles - 1) {
            int t = lowest_card(piles);
            Step *step = new_step(s);
            if (!step) return 0;
            seg.dst = (uint8_t)(s->first_tableau + t);
            step->rank = 100 + cost;
            step->a = seg;
            if (s->free_talon && onto < 0) {
                step->joined = JOINED_CARD;
                step->pile = (uint8_t)t;
            }
        }
    }
    return 0;
}

/* dead_ends.py's DeadEnds.talon_reach: the talon cards that can some day lie on top of the
 * waste, given `leaves`, the talon cards that can some day leave. seq[1..n] is the talon in
 * the order the cards come up. */
static uint64_t talon_reach(const Search *s, uint64_t leaves) {
    if (s->free_talon) return s->talon;
    int draw = s->r->draw, at = s->len[WASTE], n = at + s->len[STOCK];
    uint8_t seq[CARDS + 1];
    copy_cards(seq + 1, s->cards[WASTE], at);
    for (int i = 0; i < s->len[STOCK]; i++) seq[at + 1 + i] = s->cards[STOCK][s->len[STOCK] - 1 - i];
    uint64_t reach = 0;
    if (at) reach |= bit(seq[at]);
    for (int j = at + draw; j < n; j += draw) reach |= bit(seq[j]);
    int last = 1;
    for (int j = n; j >= 1; j--) {
        if (last) reach |= bit(seq[j]);
        last = last && (leaves & bit(seq[j]));
    }
    int passed = 0; /* how many of the cards before j can leave */
    for (int j = 1; j <= n; j++) {
        if (s->redeals != 0)
            for (int gone = 0; gone <= passed && gone < draw; gone++)
                if ((j - gone) % draw == 0) reach |= bit(seq[j]);
        if (j < n && (leaves & bit(seq[j + 1]))) reach |= bit(seq[j]);
        if (leaves & bit(seq[j])) passed++;
    }
    return reach;
}

/* dead_ends.py's DeadEnds.hopeless: 1 when some card can never go home, whatever is played
 * (see there for the rules and why each holds). Sets of cards are bit masks; `cleared`
 * holds, per tableau pile, the indexes (from the bottom, face-down cards first) of the
 * cards known able to leave the card under them. */
static int hopeless(const Search *s) {
    const sw_rules *r = s->r;
    const uint64_t all = ((uint64_t)1 << CARDS) - 1;
    uint64_t home = s->home, leaves = 0, talon = talon_reach(s, leaves), tops = 0, cleared[MAX_TABLEAU];
    uint8_t pile[MAX_TABLEAU][CARDS], run_end[MAX_TABLEAU][CARDS];
    int size[MAX_TABLEAU], empty = 0;
    for (int t = 0; t < s->T; t++) {
        int down = s->down_len[t], up = s->len[s->first_tableau + t], n = down + up;
        copy_cards(pile[t], s->down[t], down);
        copy_cards(pile[t] + down, s->cards[s->first_tableau + t], up);
        size[t] = n;
        cleared[t] = bit(n);
        empty |= n == 0;
        for (int j = n - 1; j >= 0; j--) {
            int linked = j >= down && j + 1 < n && (r->parents[KIND_TABLEAU][pile[t][j + 1]] & bit(pile[t][j]));
            run_end[t][j] = linked ? run_end[t][j + 1] : (uint8_t)(j + 1);
        }
    }
    for (;;) {
        uint64_t tops_before = tops, home_before = home;
        int empty_before = empty;
        for (int t = 0; t < s->T; t++) {
            uint64_t done = cleared[t];
            if (done == (bit(size[t] + 1) - 1)) continue; /* every card can leave, its tops are known */
            for (int j = size[t] - 1; j >= 0; j--) {
                int card = pile[t][j];
                if (done & bit(j + 1)) tops |= bit(card);
                if (done & bit(j)) continue;
                int leaves = (r->parents[KIND_TABLEAU][card] & tops) || (r->fills_empty[KIND_TABLEAU][card] && empty);
                if ((leaves && (done & bit(run_end[t][j]))) || ((done & bit(j + 1)) && (home & bit(card))))
                    done |= bit(j);
            }
            cleared[t] = done;
            empty |= (int)(done & 1);
        }
        for (uint64_t open = (talon | tops) & ~home; open; open &= open - 1) {
            int card = lowest_card(open);
            if ((s->starters & bit(card)) || (s->home_after[card] & home)) home |= bit(card);
        }
        if (home == all) return 0;
        for (uint64_t open = talon & ~tops; open; open &= open - 1) {
            int card = lowest_card(open);
            if ((r->parents[KIND_WASTE][card] & tops) || (r->fills_empty[KIND_WASTE][card] && empty))
                tops |= bit(card);
        }
        if (r->foundation_to_tableau)
            for (uint64_t open = home & ~tops; open; open &= open - 1) {
                int card = lowest_card(open);
                if ((r->parents[KIND_FOUNDATION][card] & tops) || (r->fills_empty[KIND_FOUNDATION][card] && empty))
                    tops |= bit(card);
            }
        uint64_t leaving = talon & (home | tops);
        if (!s->free_talon && leaving != leaves) { /* a free talon is reached whole already */
            leaves = leaving;
            talon = talon_reach(s, leaves);
            continue;
        }
        if (tops == tops_before && home == home_before && empty == empty_before) return 1;
    }
}

/* father_dead_ends.py's relaxed game: the tableau, the talon's cards free to go home, the
 * foundations' tops. */
typedef struct {
    uint8_t cards[MAX_TABLEAU][CARDS];
    int height[MAX_TABLEAU], tops[MAX_FOUNDATIONS];
    uint64_t talon;
} Relaxed;

/* FatherDeadEnds.send_home: every card the foundations take, lowest first, until none. */
static void relaxed_send_home(const Search *s, Relaxed *x) {
    for (;;) {
        uint64_t takers = 0, ready;
        for (int f = 0; f < s->F; f++) takers |= s->r->wants[f][x->tops[f]];
        ready = takers & x->talon;
        for (int t = 0; t < s->T; t++)
            if (x->height[t]) ready |= takers & bit(x->cards[t][x->height[t] - 1]);
        if (!ready) return;
        int card = lowest_card(ready), f = 0;
        while (!(s->r->wants[f][x->tops[f]] & bit(card))) f++;
        x->tops[f] = card;
        if (x->talon & bit(card)) {
            x->talon &= ~bit(card);
            continue;
        }
        int t = 0;
        while (!x->height[t] || x->cards[t][x->height[t] - 1] != card) t++;
        x->height[t]--;
    }
}

/* 1 when the relaxed position was seen in this test, else it is entered. Its key: the
 * talon cards, then the piles in the order of their bottom cards (as a set, as Python's). */
static int relaxed_seen(Search *s, const Relaxed *x) {
    uint8_t buf[8 + MAX_TABLEAU + CARDS + 8];
    int order[MAX_TABLEAU], by[MAX_TABLEAU] = {0}, n = 0; /* {0}: gcc cannot see it filled */
    size_t len = 8;
    memcpy(buf, &x->talon, 8);
    for (int t = 0; t < s->T; t++) {
        by[t] = x->height[t] ? x->cards[t][0] : NO_CARD;
        if (x->height[t]) order[n++] = t;
    }
    sort_small(order, n, by);
    for (int i = 0; i < n; i++) {
        int t = order[i];
        buf[len++] = (uint8_t)x->height[t];
        copy_cards(buf + len, x->cards[t], x->height[t]);
        len += (size_t)x->height[t];
    }
    uint64_t fa, fb;
    fingerprint(buf, len, &fa, &fb);
    int found;
    size_t i = probe(s->relaxed_seen, RELAXED_SLOTS - 1, fa, fb, &found);
    if (found) return 1;
    s->relaxed_seen[i].a = fa;
    s->relaxed_seen[i].b = fb;
    s->relaxed_used[s->relaxed_used_len++] = (uint16_t)i;
    return 0;
}

/* FatherDeadEnds.clears: 1 when the relaxed game can be won, 0 when not, -1 when the test
 * ran out of positions first. Changes *x. */
static int relaxed_clears(Search *s, Relaxed *x) {
    if (--s->relaxed_left < 0) return -1;
    relaxed_send_home(s, x);
    int empty = -1, left = 0;
    for (int t = s->T - 1; t >= 0; t--) {
        if (!x->height[t]) empty = t;
        left += x->height[t];
    }
    if (!left) return 1;
    if (relaxed_seen(s, x) || empty < 0) return 0;
    for (int t = 0; t < s->T; t++) {
        if (x->height[t] < 2) continue;
        Relaxed after = *x;
        after.cards[empty][0] = after.cards[t][--after.height[t]];
        after.height[empty] = 1;
        int found = relaxed_clears(s, &after);
        if (found) return found;
    }
    return 0;
}

/* FatherDeadEnds.cannot_clear: 1 when the relaxed game of the position cannot be won. */
static int cannot_clear(Search *s) {
    Relaxed x;
    for (int t = 0; t < s->T; t++) {
        int down = s->down_len[t], up = s->len[s->first_tableau + t];
        copy_cards(x.cards[t], s->down[t], down);
        copy_cards(x.cards[t] + down, s->cards[s->first_tableau + t], up);
        x.height[t] = down + up;
    }
    for (int f = 0; f < s->F; f++) x.tops[f] = top_of(s, 2 + f);
    x.talon = s->talon;
    s->relaxed_left = RELAXED_NODE_LIMIT;
    int found = relaxed_clears(s, &x);
    while (s->relaxed_used_len) s->relaxed_seen[s->relaxed_used[--s->relaxed_used_len]].a = 0;
    return found == 0;
}

/* 1 when a dead-end test of the game finds the position lost. */
static int seen_lost(Search *s) {
    return (s->r->look_for_dead_ends && hopeless(s)) || (s->r->look_for_uncleared_tableau && cannot_clear(s));
}

typedef struct {
    uint8_t src, dst, count;
} Move;

/* depth_first.py's tableau_moves: Position._generate_moves in its order, without the waste's
 * and the stock's moves (the search takes those through talon_steps), and into the first
 * empty tableau pile only. Returns the number of moves. */
static int legal_moves(const Search *s, Move *out) {
    const sw_rules *r = s->r;
    int n = 0, T = s->T, F = s->F, first = s->first_tableau, first_empty = -1;
    for (int t = T - 1; t >= 0; t--)
        if (!s->len[first + t]) first_empty = t;
    for (int t = 0; t < T; t++) {
        int top = top_of(s, first + t);
        if (top == NO_CARD) continue;
        for (int f = 0; f < F; f++)
            if (r->wants[f][top_of(s, 2 + f)] & bit(top)) out[n++] = (Move){(uint8_t)(first + t), (uint8_t)(2 + f), 1};
    }

    /* movable runs: each card heading one, with its pile and length */
    uint8_t head_pile[CARDS], head_count[CARDS], run_len[MAX_TABLEAU];
    uint64_t heads = 0;
    for (int t = 0; t < T; t++) {
        const uint8_t *pile = s->cards[first + t];
        int len = s->len[first + t], count = len ? 1 : 0;
        run_len[t] = 0;
        while (count) {
            int card = pile[len - count];
            heads |= bit(card);
            head_pile[card] = (uint8_t)t;
            head_count[card] = (uint8_t)count;
            run_len[t] = (uint8_t)count;
            count = count < len && (r->parents[KIND_TABLEAU][card] & bit(pile[len - count - 1])) ? count + 1 : 0;
        }
    }
    for (int target = 0; target < T; target++) {
        int top = top_of(s, first + target);
        if (top != NO_CARD) {
            for (uint64_t kids = heads & s->kids[top]; kids; kids &= kids - 1) {
                int card = lowest_card(kids);
                if (head_pile[card] != target)
                    out[n++] = (Move){(uint8_t)(first + head_pile[card]), (uint8_t)(first + target), head_count[card]};
            }
        } else if (target == first_empty) {
            for (int t = 0; t < T; t++) {
                if (t == target) continue;
                const uint8_t *pile = s->cards[first + t];
                int len = s->len[first + t];
                for (int count = 1; count <= run_len[t]; count++)
                    if (r->fills_empty[KIND_TABLEAU][pile[len - count]])
                        out[n++] = (Move){(uint8_t)(first + t), (uint8_t)(first + target), (uint8_t)count};
            }
        }
    }
    if (r->foundation_to_tableau) {
        for (int f = 0; f < F; f++) {
            int card = top_of(s, 2 + f);
            if (card == NO_CARD) continue;
            for (int t = 0; t < T; t++) {
                int top = top_of(s, first + t);
                if (top == NO_CARD ? t == first_empty && r->fills_empty[KIND_FOUNDATION][card]
                                   : (r->parents[KIND_FOUNDATION][card] & bit(top)) != 0)
                    out[n++] = (Move){(uint8_t)(2 + f), (uint8_t)(first + t), 1};
            }
        }
    }
    return n;
}

#define MAX_MOVES 2048 /* above the most moves 16 piles can have: 16 * 52 + 2 * 16 * 8 */

/* xorshift64*: the random order of a restarted run, the same on every machine. */
static inline uint64_t next_random(Search *s) {
    s->shuffle ^= s->shuffle >> 12;
    s->shuffle ^= s->shuffle << 25;
    s->shuffle ^= s->shuffle >> 27;
    return s->shuffle * 0x2545f4914f6cdd1dULL;
}

/* Stable by rank, as Python's sort: sorting (rank, index) pairs keeps equal ranks in
 * order, and the steps themselves are moved once. */
static void sort_by_rank(Search *s, size_t begin, size_t end) {
    size_t n = end - begin;
    if (n < 2) return;
    if (!grow((void **)&s->scratch, &s->scratch_cap, n, sizeof(Step)) ||
        !grow((void **)&s->order, &s->order_cap, 2 * n, sizeof(uint64_t))) {
        s->failed = 1;
        return;
    }
    Step *steps = s->arena + begin;
    uint64_t *keys = s->order, *tmp = s->order + n;
    int sorted = 1;
    for (size_t i = 0; i < n; i++) {
        keys[i] = ((uint64_t)(uint32_t)(steps[i].rank + 1) << 32) | i;
        if (s->shuffle) {
            /* two statements: C leaves the order of two calls in one expression open, and
             * restarts.py draws the rank's jitter first, then the tie-break */
            uint64_t jitter = next_random(s) % SHUFFLE_RANKS;
            uint64_t tie = next_random(s) & 0xffff;
            keys[i] += jitter << 32 | tie << 16;
        }
        sorted &= i == 0 || keys[i] > keys[i - 1];
    }
    if (sorted) return;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = keys[j] < keys[i] ? keys[j++] : keys[i++];
            while (i < mid) tmp[k++] = keys[i++];
            while (j < hi) tmp[k++] = keys[j++];
        }
        uint64_t *swap = keys;
        keys = tmp;
        tmp = swap;
    }
    for (size_t i = 0; i < n; i++) s->scratch[i] = steps[keys[i] & 0xffff];
    memcpy(steps, s->scratch, n * sizeof(Step));
}

/* depth_first.py's children: the steps from here, appended to the arena, best first. */
static void children(Search *s) {
    size_t begin = s->arena_len;
    if (talon_steps(s, -1) || s->failed) return;
    Move moves[MAX_MOVES];
    int n = legal_moves(s, moves), first = s->first_tableau;
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        int rank, joined = 0;
        if (is_foundation(s, m.dst)) {
            int t = m.src - first;
            if (is_safe(s, top_of(s, m.src))) {
                s->arena_len = begin;
                Step *step = new_step(s);
                if (step) step->a = (Segment){0, 0, 0, m.src, m.dst, m.count};
                return;
            }
            rank = s->len[first + t] == 1 ? 0 : 30;
        } else if (m.src >= first) {
            int t = m.src - first, whole = m.count == s->len[m.src];
            if (whole && !s->down_len[t]) {
                if (!s->len[m.dst]) continue;
                rank = 10;
            } else if (whole) {
                rank = 10;
            } else {
                rank = 200;
                if (s->runs_extend) joined = JOINED_RUN;
            }
        } else {
            rank = 300;
            joined = JOINED_CARD;
        }
        Step *step = new_step(s);
        if (!step) return;
        step->rank = rank;
        step->a = (Segment){0, 0, 0, m.src, m.dst, m.count};
        step->joined = (uint8_t)joined;
        if (joined == JOINED_RUN) {
            step->pile = (uint8_t)(m.src - first);
        } else if (joined) {
            step->pile = (uint8_t)(m.dst - first);
            step->foundation = (int8_t)(m.src - 2);
        }
    }
    sort_by_rank(s, begin, s->arena_len);
}

/* depth_first.py's followed: replaces the joined step at arena[at] (in the top frame, whose
 * steps end the arena) by the steps that join it with each next move using its card. */
static void expand(Search *s, size_t at) {
    Step joined = s->arena[at];
    size_t end = s->arena_len, mark = s->played_len;
    int pile = s->first_tableau + joined.pile, run_left = joined.joined == JOINED_RUN;
    int foundation = joined.foundation >= 0 ? 2 + joined.foundation : -1;
    /* moves from a card's `pile` join it only where the card could not have gone there directly */
    int moves_on = !s->goes_direct[foundation >= 0 ? KIND_FOUNDATION : KIND_WASTE];
    play_segment(s, &joined.a);
    Move moves[MAX_MOVES];
    int n = legal_moves(s, moves);
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        if (run_left ? m.src == pile || m.dst == pile
                     : (moves_on && m.src == pile && (m.count > 1 || m.dst >= s->first_tableau)) || m.dst == pile ||
                           (foundation >= 0 && m.src == foundation)) {
            Step *step = new_step(s);
            if (!step) return;
            step->a = joined.a;
            step->two = 1;
            step->b = (Segment){0, 0, 0, m.src, m.dst, m.count};
        }
    }
    size_t talon_begin = s->arena_len;
    talon_steps(s, joined.pile);
    for (size_t i = talon_begin; i < s->arena_len; i++) {
        s->arena[i].b = s->arena[i].a;
        s->arena[i].a = joined.a;
        s->arena[i].two = 1;
    }
    undo_to(s, mark);
    if (s->failed) return;
    /* arena: [.. at, tail .. end) [new .. arena_len): move the new steps to `at` */
    size_t added = s->arena_len - end, tail = end - at - 1;
    if (!grow((void **)&s->scratch, &s->scratch_cap, tail, sizeof(Step))) {
        s->failed = 1;
        return;
    }
    memcpy(s->scratch, s->arena + at + 1, tail * sizeof(Step));
    memmove(s->arena + at, s->arena + end, added * sizeof(Step));
    memcpy(s->arena + at + added, s->scratch, tail * sizeof(Step));
    s->arena_len = at + added + tail;
}

/* ------------------------------------------------------------------ the search */
static double monotonic_seconds(void) {
#ifdef _WIN32
    LARGE_INTEGER now, frequency;
    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&frequency);
    return (double)now.QuadPart / (double)frequency.QuadPart;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
#endif
}

static int time_is_up(const Search *s) { return monotonic_seconds() > s->deadline; }

/* 0 to go on, else why the run ends here: UNKNOWN (a limit) or RESTART (its share of nodes). */
static int count_node(Search *s) {
    s->nodes++;
    if (s->node_limit > 0 && s->nodes > s->node_limit) {
        s->nodes--;
        return UNKNOWN;
    }
    if (s->nodes == s->run_end) {
        s->nodes--;
        return RESTART;
    }
    if (s->nodes % CHECK_EVERY) return 0;
    return *s->stop || (s->has_deadline && time_is_up(s)) ? UNKNOWN : 0;
}

/* The progress a search reached, for a search stopped by its limits (the fair strategy
 * values such samples by it): depth_first.py's most_home, counted at the same positions. */
static inline void note_progress(Search *s) {
    if (s->home_count > s->most_home) s->most_home = s->home_count;
}

static int push_frame(Search *s, size_t mark, uint64_t fa, uint64_t fb, size_t slot) {
    if (!grow((void **)&s->frames, &s->frames_cap, s->depth + 1, sizeof(Frame)) ||
        !grow((void **)&s->open_keys, &s->open_cap, s->open_len + 1, sizeof(Slot)))
        return 0;
    Frame *frame = &s->frames[s->depth++];
    frame->place = frame->low = (uint32_t)s->open_len;
    s->open_keys[s->open_len++] = (Slot){fa, fb};
    s->table[slot].b = fb | (uint64_t)frame->place << 2 | ON_LINE;
    frame->begin = frame->next = s->arena_len;
    frame->mark = mark;
    frame->slot = slot;
    frame->fa = fa;
    frame->fb = fb;
    children(s);
    frame = &s->frames[s->depth - 1];
    frame->end = s->arena_len;
    return !s->failed;
}

static int run(Search *s) {
    int ended = count_node(s);
    if (ended) return ended;
    if (s->home_count == CARDS) return WINNABLE;
    uint64_t fa, fb;
    size_t slot;
    key_of(s, &fa, &fb);
    visit(s, fa, fb, &slot);
    if (seen_lost(s)) return UNWINNABLE;
    if (!push_frame(s, 0, fa, fb, slot)) return NO_MEMORY;
    while (s->depth) {
        Frame *frame = &s->frames[s->depth - 1];
        if (frame->next < frame->end) {
            size_t at = frame->next;
            if (s->arena[at].joined) {
                expand(s, at);
                if (s->failed) return NO_MEMORY;
                frame->end = s->arena_len;
                continue;
            }
            frame->next = at + 1;
            ended = count_node(s);
            if (ended) return ended;
            size_t mark = s->played_len;
            Step step = s->arena[at];
            play_step(s, &step);
            if (s->failed) return NO_MEMORY;
            note_progress(s);
            if (s->home_count == CARDS) return WINNABLE;
            key_of(s, &fa, &fb);
            if (visit(s, fa, fb, &slot)) {
                if (s->failed) return s->failed;
                lean_on(s, slot);
                undo_to(s, mark);
                continue;
            }
            if (seen_lost(s)) {
                s->table[slot].b = fb; /* lost for good */
                undo_to(s, mark);
                continue;
            }
            if (!push_frame(s, mark, fa, fb, slot)) return NO_MEMORY;
            continue;
        }
        /* every step from here was searched: no win below this position */
        finish_frame(s);
        s->arena_len = frame->begin;
        undo_to(s, frame->mark);
        s->depth--;
    }
    return UNWINNABLE;
}

/* ------------------------------------------------------------------ the best-first search */
/* best_first.py's moves_left: a rough count of the moves the position still needs. */
static int moves_left(const Search *s) {
    int left = CARDS - s->home_count, stock = s->len[STOCK], draw = s->r->draw;
    left += stock + (stock + draw - 1) / draw + s->len[WASTE];
    uint64_t under = 0;
    for (int i = 0; i < s->len[WASTE]; i++) {
        int card = s->cards[WASTE][i];
        left += (s->needs[card] & under) != 0;
        under |= bit(card);
    }
    for (int t = 0; t < s->T; t++) {
        int pile = s->first_tableau + t;
        left += 2 * s->down_len[t] + s->len[pile];
        uint64_t blocked = 0;
        for (int i = 0; i < s->len[pile]; i++) blocked |= s->needs[s->cards[pile][i]];
        for (int i = s->down_len[t] - 1; i >= 0; i--) {
            int card = s->down[t][i];
            left += (blocked & bit(card)) != 0;
            blocked |= s->needs[card];
        }
    }
    return left;
}

/* The best-first search's own set of the positions it kept, at most half full. */
static int seen_before(const BestFirst *b, uint64_t fa, uint64_t fb) {
    int found;
    probe(b->seen, b->seen_mask, fa, fb, &found);
    return found;
}

static int note_seen(BestFirst *b, uint64_t fa, uint64_t fb) {
    int found;
    if (2 * (b->seen_count + 1) > b->seen_mask + 1) {
        size_t mask = 2 * b->seen_mask + 1;
        Slot *table = calloc(mask + 1, sizeof(Slot));
        if (!table) return 0;
        for (size_t i = 0; i <= b->seen_mask; i++)
            if (b->seen[i].a) table[probe(table, mask, b->seen[i].a, b->seen[i].b, &found)] = b->seen[i];
        free(b->seen);
        b->seen = table;
        b->seen_mask = mask;
    }
    b->seen[probe(b->seen, b->seen_mask, fa, fb, &found)] = (Slot){fa, fb};
    b->seen_count++;
    return 1;
}

static void heap_push(BestFirst *b, uint64_t entry) {
    size_t i = b->heap_len++;
    while (i && b->heap[(i - 1) / 2] > entry) {
        b->heap[i] = b->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    b->heap[i] = entry;
}

static uint64_t heap_pop(BestFirst *b) {
    uint64_t least = b->heap[0], last = b->heap[--b->heap_len];
    size_t i = 0, n = b->heap_len;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && b->heap[child + 1] < b->heap[child]) child++;
        if (b->heap[child] >= last) break;
        b->heap[i] = b->heap[child];
        i = child;
    }
    if (n) b->heap[i] = last;
    return least;
}

/* Plays node `at`'s position: back from the node played now to their last common node, then
 * on to `at`. Consecutive nodes are mostly near each other (siblings, cousins), so this
 * plays a few steps where playing from the start took the whole line, and reads few nodes
 * (each read of a node far back in the array waits for memory). */
static int replay(Search *s, BestFirst *b, uint32_t at) {
    const BestNode *nodes = b->nodes;
    uint32_t from = b->played, to = at;
    size_t n = 0;
    if (!grow((void **)&b->marks, &b->marks_cap, (size_t)nodes[at].depth + 1, sizeof(size_t))) return 0;
    while (from != to) {
        if (nodes[from].depth > nodes[to].depth) {
            from = nodes[from].parent;
            continue;
        }
        if (!grow((void **)&b->path, &b->path_cap, n + 1, sizeof(uint32_t))) return 0;
        b->path[n++] = to;
        to = nodes[to].parent;
    }
    undo_to(s, to ? b->marks[nodes[to].depth] : 0);
    while (n) {
        const BestNode *node = &nodes[b->path[--n]];
        play_step(s, &node->step);
        b->marks[node->depth] = s->played_len;
    }
    b->played = at;
    return !s->failed;
}

static int by_rank(const void *x, const void *y) {
    uint64_t a = ((const BestChild *)x)->rank, b = ((const BestChild *)y)->rank;
    return (a > b) - (a < b);
}

/* best_first.py's _search_children: searches node `at`'s children and keeps the best.
 * WINNABLE (the line played), UNKNOWN at a limit, NO_MEMORY, or GO_ON. Between two runs of
 * the depth-first search the table holds only positions lost for good. */
static int best_children(Search *s, BestFirst *b, uint32_t at) {
    if (!replay(s, b, at)) return NO_MEMORY;
    size_t mark = s->played_len, made = 0, n = 0;
    s->arena_len = 0;
    children(s);
    /* First every child's key, asking for its slots in both tables ahead (the probes were a
     * fifth of the time, each waiting for memory in turn); then the probes, and the children
     * not seen are played again for the dead-end test and the estimate. */
    for (size_t i = 0; i < s->arena_len && !s->failed;) {
        if (s->arena[i].joined) {
            expand(s, i);
            continue;
        }
        int ended = count_node(s);
        if (ended) return ended;
        Step step = s->arena[i];
        play_step(s, &step);
        note_progress(s);
        if (s->home_count == CARDS) return WINNABLE;
        if (!grow((void **)&b->kept, &b->kept_cap, made + 1, sizeof(BestChild))) return NO_MEMORY;
        BestChild *child = &b->kept[made++];
        key_of(s, &child->fa, &child->fb);
        child->rank = i;
        prefetch(&s->table[home_slot(s, child->fa)]);
        prefetch(&b->seen[(size_t)(child->fa >> 20) & b->seen_mask]);
        undo_to(s, mark);
        i++;
    }
    if (s->failed) return NO_MEMORY;
    for (size_t k = 0; k < made; k++) {
        BestChild child = b->kept[k];
        int found;
        slot_of(s, child.fa, child.fb, &found);
        if (found || seen_before(b, child.fa, child.fb)) continue;
        Step step = s->arena[child.rank];
        play_step(s, &step);
        if (!seen_lost(s)) {
            uint64_t f = (uint64_t)(s->played_len + (size_t)moves_left(s));
            b->kept[n++] = (BestChild){f << 32 | child.rank, child.fa, child.fb};
        }
        undo_to(s, mark);
    }
    if (s->failed) return NO_MEMORY;
    qsort(b->kept, n, sizeof(BestChild), by_rank); /* the ranks differ: no tie to break */
    for (size_t k = 0; k < n && k < BEST_CHILDREN; k++) {
        const BestChild *child = &b->kept[k];
        if (!grow((void **)&b->nodes, &b->cap, b->len + 1, sizeof(BestNode)) ||
            !grow((void **)&b->heap, &b->heap_cap, b->heap_len + 1, sizeof(uint64_t)) ||
            !note_seen(b, child->fa, child->fb))
            return NO_MEMORY;
        b->nodes[b->len] = (BestNode){at, b->nodes[at].depth + 1, s->arena[child->rank & 0xffffffffu]};
        heap_push(b, (child->rank & ~(uint64_t)0xffffffffu) | b->len);
        b->len++;
    }
    return GO_ON;
}

/* best_first.py's BestFirst.go_on: the best-first search, from where it stopped, until it
 * has searched `share` more positions (or a little more: it stops between two positions'
 * children). WINNABLE with the line played, UNKNOWN or NO_MEMORY, else RESTART (no win yet,
 * or none it can find: it keeps only the best children, so it proves no loss), the position
 * left at the start. */
static int best_first(Search *s, int64_t share) {
    BestFirst *b = &s->best;
    if (!b->seen) {
        b->seen_mask = 1023;
        b->seen = calloc(b->seen_mask + 1, sizeof(Slot));
        uint64_t fa, fb;
        key_of(s, &fa, &fb);
        if (!b->seen || !note_seen(b, fa, fb) || !grow((void **)&b->nodes, &b->cap, 1, sizeof(BestNode)) ||
            !grow((void **)&b->heap, &b->heap_cap, 1, sizeof(uint64_t)))
            return NO_MEMORY;
        b->nodes[b->len++] = (BestNode){0};
        heap_push(b, 0);
    }
    b->played = 0; /* the search stands at the start */
    int64_t end = s->nodes + share;
    int verdict = RESTART;
    s->run_end = 0;
    while (b->heap_len && b->len < BEST_MOST_NODES && s->nodes < end) {
        verdict = best_children(s, b, (uint32_t)(heap_pop(b) & 0xffffffffu));
        if (verdict != GO_ON) break;
        verdict = RESTART;
    }
    if (verdict != WINNABLE) undo_to(s, 0);
    s->arena_len = 0;
    return verdict;
}

/* Empties the slots of open positions (the line's among them), keeping the losses for good,
 * and places the keys left. */
static void keep_losses_for_good(Search *s) {
    size_t slots = s->table_mask + 1;
    for (size_t i = 0; i < slots; i++) {
        if (s->table[i].a && (s->table[i].b & MARKS)) {
            s->table[i] = (Slot){0, 0};
            s->table_count--;
        }
    }
    s->open_len = 0;
    if (!place_keys(s, slots)) {
        memset(s->table, 0, slots * sizeof(Slot));
        s->table_count = 0;
    }
}

/* The search, run again from the start in a new random order each time a run has searched
 * restart_nodes positions (the first run in the fixed order), until one decides or a limit
 * ends it (0: one run in the fixed order). A run keeps the positions found lost for good by
 * the runs before it, and only those (see finish_frame), so each is exact, and a proof of
 * a loss goes on where the run before left it: so the runs need not grow (measured: runs
 * of equal share decide more deals than runs each twice as long as the one before). Except
 * where a run had to clear its table, losing what it kept: the next run's share is then
 * twice as large, so that some run can finish within its share. Between two runs the
 * best-first search goes on for restart_nodes positions, in the fixed order. */
static int run_with_restarts(Search *s, int64_t restart_nodes) {
    int64_t share = restart_nodes;
    for (uint64_t round = 1;; round++) {
        int64_t clears = s->clears;
        s->run_end = share > 0 ? s->nodes + share + 1 : 0;
        int verdict = run(s);
        if (verdict != RESTART) return verdict;
        if (s->clears != clears) share *= 2;
        undo_to(s, 0);
        s->depth = 0;
        s->arena_len = 0;
        keep_losses_for_good(s);
        s->shuffle = 0; /* the best-first search takes the fixed order */
        verdict = best_first(s, restart_nodes);
        if (verdict != RESTART) return verdict;
        s->shuffle = 0x9e3779b97f4a7c15ULL * round;
    }
}

static void load(Search *s, const sw_rules *r, const sw_position *p) {
    s->r = r;
    s->T = r->tableau_count;
    s->F = r->foundation_count;
    s->first_tableau = 2 + s->F;
    s->redeals = p->redeals_left;
    s->free_talon = r->draw == 1 && p->redeals_left < 0;
    s->runs_extend = 1;
    for (int kind = KIND_WASTE; kind <= KIND_FOUNDATION; kind++) {
        s->goes_direct[kind] = 1;
        for (int card = 0; card < CARDS; card++) {
            if ((r->parents[KIND_TABLEAU][card] & ~r->parents[kind][card]) ||
                (r->fills_empty[KIND_TABLEAU][card] && !r->fills_empty[kind][card]))
                s->goes_direct[kind] = 0;
            if (r->parents[kind][card] & ~r->parents[KIND_TABLEAU][card]) s->runs_extend = 0;
        }
    }
    s->len[STOCK] = p->stock_len;
    memcpy(s->cards[STOCK], p->stock, (size_t)p->stock_len);
    s->len[WASTE] = p->waste_len;
    memcpy(s->cards[WASTE], p->waste, (size_t)p->waste_len);
    for (int i = 0; i < p->stock_len; i++) s->talon |= bit(p->stock[i]);
    for (int i = 0; i < p->waste_len; i++) s->talon |= bit(p->waste[i]);
    for (int f = 0; f < s->F; f++) {
        s->len[2 + f] = p->foundation_len[f];
        memcpy(s->cards[2 + f], p->foundations[f], (size_t)p->foundation_len[f]);
        for (int i = 0; i < p->foundation_len[f]; i++) s->home |= bit(p->foundations[f][i]);
        s->home_count += p->foundation_len[f];
    }
    for (int t = 0; t < s->T; t++) {
        s->len[s->first_tableau + t] = p->up_len[t];
        memcpy(s->cards[s->first_tableau + t], p->up[t], (size_t)p->up_len[t]);
        s->down_len[t] = p->down_len[t];
        memcpy(s->down[t], p->down[t], (size_t)p->down_len[t]);
    }
    for (int card = 0; card < CARDS; card++)
        for (int onto = 0; onto < CARDS; onto++)
            if (r->parents[KIND_TABLEAU][card] & bit(onto)) s->kids[onto] |= bit(card);
    for (int f = 0; f < s->F; f++) {
        s->starters |= r->wants[f][NO_CARD];
        for (int top = 0; top < CARDS; top++)
            for (uint64_t cards = r->wants[f][top]; cards; cards &= cards - 1) s->home_after[lowest_card(cards)] |= bit(top);
    }
    /* best_first.py's cards_needed_first: home_after[card] is the cards it may go home on */
    for (int card = 0; card < CARDS; card++) {
        if (s->starters & bit(card)) continue;
        for (int at = card; s->home_after[at] && !(s->home_after[at] & (s->home_after[at] - 1));) {
            at = lowest_card(s->home_after[at]);
            if (s->needs[card] & bit(at)) break;
            s->needs[card] |= bit(at);
        }
    }
}

/* Search `p` for a win within `seconds` (<= 0: no limit) and `node_limit` (<= 0: none),
 * with a table of at most 2^table_bits fingerprints, restarted as run_with_restarts says
 * (restart_nodes 0: never). The search also ends, as unknown, soon
 * after another thread sets `*stop` to nonzero (Python does on an interrupt). Fills `out`;
 * free its line with sw_free. */
SW_EXPORT int sw_solve(const sw_rules *r, const sw_position *p, double seconds, int64_t node_limit, int table_bits,
             int64_t restart_nodes, volatile const int32_t *stop, sw_result *out) {
    Search *s = calloc(1, sizeof(Search));
    memset(out, 0, sizeof *out);
    if (!s) return out->verdict = NO_MEMORY;
    load(s, r, p);
    s->stop = stop;
    s->node_limit = node_limit;
    s->most_home = s->home_count;
    if (seconds > 0) {
        s->has_deadline = 1;
        s->deadline = monotonic_seconds() + seconds;
    }
    s->table_largest = (size_t)1 << table_bits;
    size_t slots = table_bits < 16 ? s->table_largest : (size_t)1 << 16;
    s->table = new_table(slots);
    int verdict = NO_MEMORY;
    if (s->table) {
        s->table_mask = slots - 1;
        s->table_max = slots - slots / 4;
        verdict = run_with_restarts(s, restart_nodes);
    }
    if (verdict == WINNABLE) {
        out->line = malloc(3 * s->played_len + 1);
        if (out->line) {
            for (size_t i = 0; i < s->played_len; i++) {
                out->line[3 * i] = s->played[i].src;
                out->line[3 * i + 1] = s->played[i].dst;
                out->line[3 * i + 2] = s->played[i].count;
            }
            out->line_len = (int32_t)s->played_len;
        } else {
            verdict = NO_MEMORY;
        }
    }
    out->verdict = verdict;
    out->nodes = s->nodes;
    out->most_home = s->most_home;
    free(s->table);
    free(s->played);
    free(s->arena);
    free(s->scratch);
    free(s->order);
    free(s->frames);
    free(s->open_keys);
    free(s->best.nodes);
    free(s->best.heap);
    free(s->best.seen);
    free(s->best.path);
    free(s->best.marks);
    free(s->best.kept);
    free(s);
    return verdict;
}

SW_EXPORT void sw_free(sw_result *out) {
    free(out->line);
    out->line = NULL;
}

SW_EXPORT int sw_interface_version(void) { return SW_INTERFACE_VERSION; }

SW_EXPORT const char *sw_source_digest(void) { return SW_DIGEST; }
