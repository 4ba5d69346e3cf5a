/* dead_ends.py's dead-end test: positions seen to be lost, whatever is played. */
#include "search.h"

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
                int moves_off = (r->parents[KIND_TABLEAU][card] & tops) || (r->fills_empty[KIND_TABLEAU][card] && empty);
                if ((moves_off && (done & bit(run_end[t][j]))) || ((done & bit(j + 1)) && (home & bit(card))))
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

/* 1 when a dead-end test of the game finds the position lost. */
int seen_lost(Search *s) {
    return (s->r->look_for_dead_ends && hopeless(s)) || (s->r->look_for_uncleared_tableau && cannot_clear(s));
}
