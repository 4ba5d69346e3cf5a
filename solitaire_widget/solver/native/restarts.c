/* restarts.py's part of the search: the open positions of a run, which tell its losses for
 * good from those that lean on a position still open, and the runs in random orders. */
#include "search.h"

/* A position met again while searching the top frame's: when it is open, the top frame's
 * loss (if it is lost) leans on it. */
void lean_on(Search *s, size_t slot) {
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
void finish_frame(Search *s) {
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
int run_with_restarts(Search *s, int64_t restart_nodes) {
    int64_t share = restart_nodes;
    for (uint64_t round = 1;; round++) {
        int64_t clears = s->clears;
        s->run_end = share > 0 ? nodes_after(s->nodes + 1, share) : 0;
        int verdict = run(s);
        if (verdict != RESTART) return verdict;
        if (s->clears != clears) share = share > INT64_MAX / 2 ? INT64_MAX : 2 * share;
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
