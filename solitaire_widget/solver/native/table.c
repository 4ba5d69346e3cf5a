/* The visited positions: an open-addressing table of fingerprints (see search.h), which
 * doubles in place as it fills and is cleared, keeping the current line, at its largest. */
#include "search.h"
#ifdef __linux__
#include <sys/mman.h>
#endif

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

Slot *new_table(size_t slots) {
    Slot *table = calloc(slots, sizeof(Slot));
    advise_huge_pages(table, slots);
    return table;
}

/* The slot that holds the fingerprint (fa, fb) in an open-addressing table of mask + 1
 * slots (a slot's marks are not compared), or the empty slot where it would go. */
size_t probe(const Slot *table, size_t mask, uint64_t fa, uint64_t fb, int *found) {
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

size_t slot_of(const Search *s, uint64_t fa, uint64_t fb, int *found) {
    return probe(s->table, s->table_mask, fa, fb, found);
}

/* Puts every key in slots [0, first_free) where lookups from its home find it, in place
 * (after the table doubled, or lost some keys): each key still "pending" is moved to the
 * first slot from its home that is empty or pending (trading places with a pending key,
 * which is then moved in turn), or stays where it is when its probe reaches it first. A
 * placed key is never moved again, and the slots between its home and it hold placed keys
 * only, so every key is found from its home when all are placed. 0 when out of memory. */
int place_keys(Search *s, size_t first_free) {
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
    if (old_slots > SIZE_MAX / 2 / sizeof(Slot)) return 0; /* never, below MAX_TABLE_BITS */
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
int visit(Search *s, uint64_t fa, uint64_t fb, size_t *slot) {
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
