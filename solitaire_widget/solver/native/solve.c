/* What Python calls (see native/__init__.py): sw_solve checks the request, loads it into a
 * Search, runs the search and hands back its verdict and line; sw_free frees the line; the
 * library's interface version and source digest. */
#include "search.h"

/* The build passes the first 16 hex digits of the SHA-256 of the library's sources (bare,
 * not quoted: quotes do not survive every compiler's command line), so that Python can tell
 * a library built from another version of them. */
#define SW_STRING(x) #x
#define SW_EXPANDED_STRING(x) SW_STRING(x)
#ifdef SW_SOURCE_DIGEST
#define SW_DIGEST SW_EXPANDED_STRING(SW_SOURCE_DIGEST)
#else
#define SW_DIGEST "unknown"
#endif

/* ------------------------------------------------------------------ the request checked */
/* Python fills sw_rules and sw_position, but no count of theirs is taken on trust: each is
 * checked against the capacity it counts in, and each card against the deck, before load
 * reads them. With every card in the deck at most once, no pile outgrows its CARDS places
 * during the search, nor a key its buffer. */

static int check_rules(const sw_rules *r) {
    if (r->tableau_count < 1 || r->tableau_count > MAX_TABLEAU || r->foundation_count < 1 ||
        r->foundation_count > MAX_FOUNDATIONS || r->foundation_split < 0 ||
        r->foundation_split > r->foundation_count || r->draw < 1 || r->draw > CARDS)
        return BAD_RULES;
    /* every set of cards within the deck: a card found in one indexes tables of CARDS */
    uint64_t sets = 0;
    for (int card = 0; card < CARDS; card++) {
        for (int kind = KIND_WASTE; kind <= KIND_FOUNDATION; kind++) sets |= r->parents[kind][card];
        sets |= r->safe_needs[card];
    }
    for (int f = 0; f < r->foundation_count; f++)
        for (int top = 0; top <= NO_CARD; top++) sets |= r->wants[f][top];
    return sets >> CARDS ? BAD_RULES : 0;
}

/* Adds a pile's `len` cards to *dealt, the cards seen so far: BAD_COUNT when `len` is not
 * within the pile's places, BAD_CARDS when a card is not in the deck or was dealt before. */
static int check_pile(const uint8_t *cards, int32_t len, uint64_t *dealt) {
    if (len < 0 || len > CARDS) return BAD_COUNT;
    for (int i = 0; i < len; i++) {
        if (cards[i] >= CARDS || (*dealt & bit(cards[i]))) return BAD_CARDS;
        *dealt |= bit(cards[i]);
    }
    return 0;
}

static int check_position(const sw_rules *r, const sw_position *p) {
    uint64_t dealt = 0;
    int problem = p->redeals_left < -1 ? BAD_COUNT : check_pile(p->stock, p->stock_len, &dealt);
    if (!problem) problem = check_pile(p->waste, p->waste_len, &dealt);
    for (int f = 0; f < r->foundation_count && !problem; f++)
        problem = check_pile(p->foundations[f], p->foundation_len[f], &dealt);
    for (int t = 0; t < r->tableau_count && !problem; t++) {
        problem = check_pile(p->down[t], p->down_len[t], &dealt);
        if (!problem) problem = check_pile(p->up[t], p->up_len[t], &dealt);
    }
    return problem;
}

/* 0 when sw_solve may search the request, else why not (a code of the enum in search.h). */
static int check_request(const sw_rules *r, const sw_position *p, int table_bits, int64_t restart_nodes,
                         volatile const int32_t *stop) {
    if (!r || !p || !stop) return NULL_POINTER;
    if (table_bits < MIN_TABLE_BITS || table_bits > MAX_TABLE_BITS || restart_nodes < 0) return BAD_LIMITS;
    int problem = check_rules(r);
    return problem ? problem : check_position(r, p);
}

/* ------------------------------------------------------------------ the request loaded */
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
 * free its line with sw_free. Returns the verdict, or a failure: out of memory, or a
 * request check_request refuses (nothing searched). */
int sw_solve(const sw_rules *r, const sw_position *p, double seconds, int64_t node_limit, int table_bits,
             int64_t restart_nodes, volatile const int32_t *stop, sw_result *out) {
    if (!out) return NULL_POINTER;
    memset(out, 0, sizeof *out);
    int problem = check_request(r, p, table_bits, restart_nodes, stop);
    if (problem) return out->verdict = problem;
    Search *s = calloc(1, sizeof(Search));
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
    /* A short search (thousands of them judge one turn) touches few slots: a small first
     * table spares it the page faults of a large one; a long one doubles it as it fills. */
    size_t slots = table_bits < FIRST_TABLE_BITS ? s->table_largest : (size_t)1 << FIRST_TABLE_BITS;
    s->table = new_table(slots);
    int verdict = NO_MEMORY;
    if (s->table) {
        s->table_mask = slots - 1;
        s->table_max = slots - slots / 4;
        verdict = run_with_restarts(s, restart_nodes);
    }
    if (verdict == WINNABLE && s->played_len > INT32_MAX / 3) verdict = NO_MEMORY; /* a line_len too long */
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

void sw_free(sw_result *out) {
    free(out->line);
    out->line = NULL;
}

int sw_interface_version(void) { return SW_INTERFACE_VERSION; }

const char *sw_source_digest(void) { return SW_DIGEST; }
