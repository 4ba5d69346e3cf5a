/* best_first.py's search, which goes on between two runs of the depth-first search: the
 * positions it kept, each as the step from its parent, the best of them searched first. */
#include "search.h"

#define BEST_CHILDREN 3 /* best_first.py's: the children of a position it goes on with */
#define BEST_MOST_NODES 3000000 /* best_first.py's: it stops with this many positions */

/* Asks for a slot's memory ahead of its probe (a hint only: without it the code is the same). */
static inline void prefetch(const Slot *slot) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(slot);
#else
    (void)slot;
#endif
}

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
int best_first(Search *s, int64_t share) {
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
    int64_t end = nodes_after(s->nodes, share);
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
