/* father_dead_ends.py's dead-end test for games without building on the tableau (Father):
 * positions whose tableau cannot be cleared even in an easier game. */
#include "search.h"

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
int cannot_clear(Search *s) {
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
