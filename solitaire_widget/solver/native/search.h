/* The solver's depth-first search (solitaire_widget/solver/depth_first.py) in C99, for speed:
 * what its files share. Internal: Python sees only the SW_EXPORT functions and the sw_*
 * structs, declared at the end (native/__init__.py mirrors them with ctypes).
 *
 * It is the same search, step for step: the same steps in the same order, the same
 * canonical keys, the same visited sets, so it searches the same positions and reports
 * the same node counts and winning lines (until its table of lost positions is cleared,
 * which happens at a different size than in Python, or it restarts: see below). See
 * depth_first.py's docstring for the technique; the comments here only say where C differs.
 *
 * No game rule is written here: Python passes the game's tables (sw_rules), made from
 * the engine's Rules, and the position (sw_position), which solve.c checks against the
 * capacities below before anything reads them. Piles are numbered as Position.pile_ids: 0
 * the stock, 1 the waste, 2.. the foundations, then the tableau.
 *
 * The files, each after the Python module it follows:
 *   positions.c         a position: moves played and taken back, its canonical key
 *   table.c             the visited positions (the table of fingerprints)
 *   restarts.c          restarts.py: open positions, losses for good, runs in random orders
 *   dead_ends.c         dead_ends.py: the dead-end test
 *   father_dead_ends.c  father_dead_ends.py: the relaxed game of games without building
 *   depth_first.c       depth_first.py: the steps from a position and the search itself
 *   best_first.c        best_first.py: the best-first search between two runs
 *   solve.c             what Python calls: the request checked and loaded, the answer
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
#ifndef SW_SEARCH_H
#define SW_SEARCH_H

/* Before any system header, in every file (each includes this one first). */
#define _POSIX_C_SOURCE 200112L /* clock_gettime */
#define _DEFAULT_SOURCE            /* madvise's MADV_HUGEPAGE, where there is one */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <intrin.h>
#endif

/* SW_EXPORT: what Python calls. SW_INTERNAL: what the files share; hidden from the
 * library's users, so that no other library's function of the same name (push, run, ...)
 * can stand in for one of these when Python loads it. */
#ifdef _WIN32
#define SW_EXPORT __declspec(dllexport)
#define SW_INTERNAL
#elif defined(__GNUC__) || defined(__clang__)
#define SW_EXPORT __attribute__((visibility("default")))
#define SW_INTERNAL __attribute__((visibility("hidden")))
#else
#define SW_EXPORT
#define SW_INTERNAL
#endif

/* Python refuses a library whose interface differs from the one it was written for: raise
 * this whenever an exported function, one of the sw_* structs or a code sw_solve returns
 * changes. */
#define SW_INTERFACE_VERSION 6

#define CARDS 52
#define NO_CARD 52
#define MAX_FOUNDATIONS 8
#define MAX_TABLEAU 16
#define MAX_PILES (2 + MAX_FOUNDATIONS + MAX_TABLEAU)
#define STOCK 0
#define WASTE 1
#define MIN_TABLE_BITS 2 /* a table of 4 slots: a quarter of them always empty */
#define FIRST_TABLE_BITS 10 /* a search's table starts at 16 KB (see sw_solve) */
/* A slot's marks hold a position's place among the open ones in 30 bits, and there are no
 * more open positions than slots; the table's bytes must fit a size_t. */
#if SIZE_MAX > 0xffffffffu
#define MAX_TABLE_BITS 30
#else
#define MAX_TABLE_BITS 27 /* 2^27 slots of 16 bytes: 2 GB, all that 32 bits address */
#endif
#define RELAXED_NODE_LIMIT 1000 /* father_dead_ends.py's */
#define RELAXED_SLOTS 4096 /* above twice RELAXED_NODE_LIMIT, a power of two */

enum { KIND_WASTE, KIND_TABLEAU, KIND_FOUNDATION };
/* What a search ends with: a verdict (Python's _VERDICTS), a step between two runs, or a
 * failure (Python's _FAILURES): out of memory, a table too small for the line, or a request
 * refused by solve.c's checks. */
enum { WINNABLE = 0, UNWINNABLE = 1, UNKNOWN = 2, RESTART = 3, GO_ON = 4 };
enum { NO_MEMORY = -1, TABLE_TOO_SMALL = -2, BAD_RULES = -3, BAD_COUNT = -4, BAD_CARDS = -5, BAD_LIMITS = -6,
       NULL_POINTER = -7 };

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

/* ------------------------------------------------------------------ small helpers */
/* Makes room for `need` items of `size` bytes in *items (holding *cap), doubling; 0 when
 * out of memory or when the bytes would not fit a size_t, *items then left as it was. */
static inline int grow(void **items, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 1;
    if (need > SIZE_MAX / size) return 0;
    size_t cap2 = *cap ? *cap : 64;
    while (cap2 < need) cap2 = cap2 > SIZE_MAX / 2 ? need : 2 * cap2;
    void *p = realloc(*items, cap2 * size);
    if (!p) return 0;
    *items = p;
    *cap = cap2;
    return 1;
}

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

static inline size_t home_slot(const Search *s, uint64_t fa) { return (size_t)(fa >> 20) & s->table_mask; }

/* The node count `more` nodes after `nodes` (both at least 0), or INT64_MAX where that is
 * beyond it: a count the search never reaches. */
static inline int64_t nodes_after(int64_t nodes, int64_t more) {
    return more > INT64_MAX - nodes ? INT64_MAX : nodes + more;
}

/* The progress a search reached, for a search stopped by its limits (the fair strategy
 * values such samples by it): depth_first.py's most_home, counted at the same positions. */
static inline void note_progress(Search *s) {
    if (s->home_count > s->most_home) s->most_home = s->home_count;
}

/* ------------------------------------------------------------------ shared by the files */
/* positions.c */
SW_INTERNAL void undo_to(Search *s, size_t mark);
SW_INTERNAL void play_segment(Search *s, const Segment *g);
SW_INTERNAL void play_step(Search *s, const Step *step);
SW_INTERNAL void sort_small(int *v, int n, const int *by);
SW_INTERNAL void fingerprint(uint8_t *buf, size_t n, uint64_t *fa, uint64_t *fb);
SW_INTERNAL void key_of(const Search *s, uint64_t *fa, uint64_t *fb);

/* table.c */
SW_INTERNAL Slot *new_table(size_t slots);
SW_INTERNAL size_t probe(const Slot *table, size_t mask, uint64_t fa, uint64_t fb, int *found);
SW_INTERNAL size_t slot_of(const Search *s, uint64_t fa, uint64_t fb, int *found);
SW_INTERNAL int place_keys(Search *s, size_t first_free);
SW_INTERNAL int visit(Search *s, uint64_t fa, uint64_t fb, size_t *slot);

/* restarts.c */
SW_INTERNAL void lean_on(Search *s, size_t slot);
SW_INTERNAL void finish_frame(Search *s);
SW_INTERNAL int run_with_restarts(Search *s, int64_t restart_nodes);

/* dead_ends.c, father_dead_ends.c */
SW_INTERNAL int seen_lost(Search *s);
SW_INTERNAL int cannot_clear(Search *s);

/* depth_first.c */
SW_INTERNAL double monotonic_seconds(void);
SW_INTERNAL int count_node(Search *s);
SW_INTERNAL void children(Search *s);
SW_INTERNAL void expand(Search *s, size_t at);
SW_INTERNAL int run(Search *s);

/* best_first.c */
SW_INTERNAL int best_first(Search *s, int64_t share);

/* solve.c: what Python calls */
SW_EXPORT int sw_solve(const sw_rules *r, const sw_position *p, double seconds, int64_t node_limit, int table_bits,
                       int64_t restart_nodes, volatile const int32_t *stop, sw_result *out);
SW_EXPORT void sw_free(sw_result *out);
SW_EXPORT int sw_interface_version(void);
SW_EXPORT const char *sw_source_digest(void);

#endif
