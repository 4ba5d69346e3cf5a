/* depth_first.py's search: the steps from a position, best first (a draw and a move joined
 * into one, a move that can wait joined with the next that uses it), and the depth-first
 * search of one run over them, within its limits. */
#include "search.h"
#include <time.h>
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

#define CHECK_EVERY 256 /* nodes between two looks at the clock and the stop flag */
/* A restarted run adds a random number below this to each step's rank: enough to mix the
 * kinds of moves next in the fixed order (measured: 60 or 400 decide fewer deals). */
#define SHUFFLE_RANKS 150

/* ------------------------------------------------------------------ steps */
static Step *new_step(Search *s) {
    if (!grow((void **)&s->arena, &s->arena_cap, s->arena_len + 1, sizeof(Step))) {
        s->failed = NO_MEMORY;
        return NULL;
    }
    Step *step = &s->arena[s->arena_len++];
    memset(step, 0, sizeof *step);
    step->foundation = -1;
    return step;
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
 * order, and the steps themselves are moved once. An index takes 16 bits of its key: a
 * position has far fewer steps than 2^16 (fewer than MAX_MOVES moves, and 2 * CARDS + 1
 * talon cards reached at the most, see talon_steps, each onto at most 24 piles). */
static void sort_by_rank(Search *s, size_t begin, size_t end) {
    size_t n = end - begin;
    if (n < 2) return;
    if (!grow((void **)&s->scratch, &s->scratch_cap, n, sizeof(Step)) ||
        !grow((void **)&s->order, &s->order_cap, 2 * n, sizeof(uint64_t))) {
        s->failed = NO_MEMORY;
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
void children(Search *s) {
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
void expand(Search *s, size_t at) {
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
        s->failed = NO_MEMORY;
        return;
    }
    /* With no tail the scratch buffer may never have been allocated, and memcpy from or to
       a null pointer is undefined even for no bytes. */
    if (tail) memcpy(s->scratch, s->arena + at + 1, tail * sizeof(Step));
    memmove(s->arena + at, s->arena + end, added * sizeof(Step));
    if (tail) memcpy(s->arena + at + added, s->scratch, tail * sizeof(Step));
    s->arena_len = at + added + tail;
}

/* ------------------------------------------------------------------ the search */
double monotonic_seconds(void) {
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
int count_node(Search *s) {
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

int run(Search *s) {
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
