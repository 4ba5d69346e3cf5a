/* A position of the search: moves played and taken back (Position's push and pop, with the
 * sets of cards home and in the talon kept up to date), and its canonical key. */
#include "search.h"

/* ------------------------------------------------------------------ playing moves */
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
        s->failed = NO_MEMORY;
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

void undo_to(Search *s, size_t mark) {
    while (s->played_len > mark) pop(s);
}

static void draw_once(Search *s) {
    int n = s->len[STOCK] < s->r->draw ? s->len[STOCK] : s->r->draw;
    push(s, STOCK, WASTE, n);
}

void play_segment(Search *s, const Segment *g) {
    for (int i = 0; i < g->d1; i++) draw_once(s);
    if (g->redeal) push(s, WASTE, STOCK, s->len[WASTE]);
    for (int i = 0; i < g->d2; i++) draw_once(s);
    push(s, g->src, g->dst, g->count);
}

void play_step(Search *s, const Step *step) {
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
void fingerprint(uint8_t *buf, size_t n, uint64_t *fa, uint64_t *fb) {
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

void sort_small(int *v, int n, const int *by) {
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
void key_of(const Search *s, uint64_t *fa, uint64_t *fb) {
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
