/*
 * lexcount.c -- prefixes of the first rows, and counting the solutions below them on all cores,
 * in lexicographic order. One recursive count_below() serves the fill and, read-only, the index.
 *
 * Prefixes are built a level at a time, each level by extending the previous one's prefixes in
 * order, so the list comes out lexicographically sorted and the depth can stop where the list is
 * long enough. Threads take prefixes from a shared atomic cursor in order, one at a time, so a
 * slow subtree never leaves another core idle while work remains, and the finished prefixes form
 * a growing lexicographic range early: that is what lets a running search be paged.
 *
 * The mirror image (column c -> n - 1 - c) maps solutions to solutions and subtrees to subtrees
 * of the same shape, so a prefix whose mirror comes earlier is never searched: when the frontier
 * reaches it, its mirror is already final and its count is copied.
 */
#include "lexcount.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "team.h"

/* Bits a row's column takes in a key: enough for NQ_MAX_N = 64 columns. */
enum { KEY_BITS = 6 };

/* The largest board on which the counts of the prefixes' children are kept: a child's count
 * still fits 32 bits. */
enum { CHILDREN_MAX_N = 20 };

/* Rows a prefix leaves at least for its subtree (when the board has more). */
enum { SUBTREE_MIN_ROWS = 7 };

static uint64_t key_of(const int *cols, int depth)
{
    uint64_t key = 0;
    for (int r = 0; r < depth; r++)
        key = (key << KEY_BITS) | (uint64_t)cols[r];
    return key;
}

/* The columns of the key of a prefix of depth rows, into cols[0..depth-1]. */
static void decode_key(uint64_t key, int depth, int *cols)
{
    for (int r = depth - 1; r >= 0; r--) {
        cols[r] = (int)(key & ((1u << KEY_BITS) - 1));
        key >>= KEY_BITS;
    }
}

void nq_lexcount_prefix(const nq_lexcount *lex, size_t i, int *cols)
{
    decode_key(lex->keys[i], lex->depth, cols);
}

static size_t find_key(const nq_lexcount *lex, uint64_t key)
{
    size_t lo = 0, hi = lex->size;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (lex->keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < lex->size && lex->keys[lo] == key ? lo : lex->size;
}

size_t nq_lexcount_find(const nq_lexcount *lex, const int *cols)
{
    return find_key(lex, key_of(cols, lex->depth));
}

/* The key of the mirror image of prefix i. */
static uint64_t mirror_key(const nq_lexcount *lex, size_t i)
{
    int cols[NQ_LEXCOUNT_MAX_DEPTH];
    nq_lexcount_prefix(lex, i, cols);
    for (int r = 0; r < lex->depth; r++)
        cols[r] = lex->n - 1 - cols[r];
    return key_of(cols, lex->depth);
}

/* Attack masks entering row `depth` after the prefix cols[0..depth-1]. */
static nq_attacks attacks_after(const int *cols, int depth)
{
    nq_attacks a = {0, 0, 0};
    for (int r = 0; r < depth; r++)
        a = nq_attacks_next(a, UINT64_C(1) << cols[r]);
    return a;
}

nq_attacks nq_lexcount_prefix_attacks(const nq_lexcount *lex, size_t i, int *cols)
{
    nq_lexcount_prefix(lex, i, cols);
    return attacks_after(cols, lex->depth);
}

/* Where each prefix's children start in child_counts: as many as its row below has open squares
 * (one on the pinned row). */
static void list_children(nq_lexcount *lex)
{
    lex->first_child = NQ_CHECK_ALLOC(malloc((lex->size + 1) * sizeof *lex->first_child));
    uint64_t total = 0;
    int cols[NQ_LEXCOUNT_MAX_DEPTH];
    for (size_t i = 0; i < lex->size; i++) {
        lex->first_child[i] = (uint32_t)total;
        nq_attacks a = nq_lexcount_prefix_attacks(lex, i, cols);
        total += (uint64_t)nq_popcount(nq_attacks_open(a, lex->allowed[lex->depth]));
        NQ_CHECK(total < UINT32_MAX);
    }
    lex->first_child[lex->size] = (uint32_t)total;
    lex->child_counts = NQ_CHECK_ALLOC(calloc(total ? total : 1, sizeof *lex->child_counts));
}

void nq_lexcount_build(nq_lexcount *lex, int n, const nq_square *first, size_t target, bool children)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    memset(lex, 0, sizeof *lex);
    lex->n = n;
    lex->has_first = first != NULL;
    if (first)
        lex->first = *first;
    /* Mirroring keeps the first queen where it is only when there is none or it stands on the
     * middle column. */
    lex->mirror = !first || 2 * first->column == n - 1;
    nq_allowed_rows(n, first, lex->allowed);

    /* Level 0: the one empty prefix. */
    size_t size = 1, capacity = 16;
    uint64_t *keys = NQ_CHECK_ALLOC(malloc(capacity * sizeof *keys));
    keys[0] = 0;
    uint64_t nodes = 0, dead_ends = 0;
    int depth = 0;
    /* Leave the last rows to the subtrees: below 7 free rows a subtree holds a handful of
     * solutions at most, so going deeper would only make the list longer than the answers. */
    int max_depth = n - SUBTREE_MIN_ROWS < 1 ? 1 : n - SUBTREE_MIN_ROWS;
    if (max_depth > NQ_LEXCOUNT_MAX_DEPTH)
        max_depth = NQ_LEXCOUNT_MAX_DEPTH;
    while (depth < max_depth && size < target && size > 0) {
        bool pinned_row = first && first->row == depth;
        size_t next_size = 0;
        uint64_t *next = NQ_CHECK_ALLOC(malloc(capacity * sizeof *next));
        int cols[NQ_LEXCOUNT_MAX_DEPTH];
        for (size_t i = 0; i < size; i++) {
            decode_key(keys[i], depth, cols);
            uint64_t open = nq_attacks_open(attacks_after(cols, depth), lex->allowed[depth]);
            if (!open)
                dead_ends++;
            while (open) {
                uint64_t bit = open & (0u - open); /* leftmost open column first keeps the order */
                open ^= bit;
                if (next_size == capacity) {
                    capacity *= 2;
                    next = NQ_CHECK_ALLOC(realloc(next, capacity * sizeof *next));
                }
                next[next_size++] = (keys[i] << KEY_BITS) | (uint64_t)nq_lowest_column(bit);
            }
        }
        if (!pinned_row) /* the pinned queen stands there from the start: not placed */
            nodes += next_size;
        free(keys);
        keys = next;
        size = next_size;
        depth++;
    }
    lex->keys = keys;
    lex->size = size;
    lex->depth = depth;
    lex->counts = NQ_CHECK_ALLOC(calloc(size ? size : 1, sizeof *lex->counts));
    if (children && n <= CHILDREN_MAX_N && depth + 2 <= n)
        list_children(lex);
    lex->done = NQ_CHECK_ALLOC(calloc(size ? size : 1, sizeof *lex->done));
    atomic_init(&lex->frontier, 0);
    nq_tally_init(&lex->totals, nodes, dead_ends);
    NQ_CHECK(pthread_mutex_init(&lex->frontier_lock, NULL) == 0);
}

void nq_lexcount_free(nq_lexcount *lex)
{
    free(lex->keys);
    free(lex->counts);
    free(lex->first_child);
    free(lex->child_counts);
    free(lex->done);
    pthread_mutex_destroy(&lex->frontier_lock);
    memset(lex, 0, sizeof *lex);
}

size_t nq_lexcount_frontier(const nq_lexcount *lex)
{
    /* Pairs with the release store in advance_frontier(). */
    return atomic_load_explicit(&lex->frontier, memory_order_acquire);
}

nq_progress nq_lexcount_progress(const nq_lexcount *lex)
{
    nq_progress p = nq_tally_progress(&lex->totals);
    p.complete = nq_lexcount_frontier(lex) == lex->size;
    return p;
}

/* ---- counting below a prefix ---- */

typedef struct subtree_search {
    nq_tally_totals *totals; /* NULL: a read-only count for the index, which keeps no figures */
    const uint64_t *allowed;
    int last;          /* n - 1 */
    int pinned_row;    /* the first queen's row, or -1 */
    bool stopped;
    uint64_t multiplicity; /* 2 when the mirror image of this subtree is not searched */
    nq_tally tally;        /* figures not yet added to the totals */
} subtree_search;

/* No square open anywhere: what a cancelled search sees, so that it unwinds at once. */
static const uint64_t no_squares[NQ_MAX_N];

/* Every NQ_TALLY_POLL_NODES queens: publishes the figures (so they climb inside a big subtree)
 * and looks at the cancel flag. To stop, it closes every square: each call then returns at its
 * first line, so the hot loop needs no check of its own. */
__attribute__((noinline, cold)) static void poll(subtree_search *s)
{
    if (s->totals && nq_tally_poll(s->totals, &s->tally, s->multiplicity)) {
        s->stopped = true;
        s->allowed = no_squares;
    }
}

/* The solutions below a row entered with the attacks a. children, if not NULL, receives the count
 * below each square of this row that was tried, in column order. */
static uint64_t count_below(subtree_search *s, int row, nq_attacks a, uint32_t *children)
{
    uint64_t open = nq_attacks_open(a, s->allowed[row]);
    if (row == s->pinned_row && open) { /* the pinned queen is there: go past it, placing nothing */
        uint64_t total = 1;
        if (row != s->last)
            total = count_below(s, row + 1, nq_attacks_next(a, open), NULL);
        else
            s->tally.found++;
        if (children)
            children[0] = (uint32_t)total;
        return total;
    }
    if (!open) {
        s->tally.dead_ends++;
        return 0;
    }
    if (row == s->last) {
        s->tally.nodes++; /* exactly one square can be open in the last row: one column is left */
        s->tally.found++;
        return 1;
    }
    uint64_t total = 0;
    while (open) {
        uint64_t bit = open & (0u - open); /* lowest open square */
        open ^= bit;
        if ((++s->tally.nodes & (NQ_TALLY_POLL_NODES - 1)) == 0) /* a flush zeroes nodes */
            poll(s);
        uint64_t below = count_below(s, row + 1, nq_attacks_next(a, bit), NULL);
        if (children)
            *children++ = (uint32_t)below;
        total += below;
    }
    return total;
}

static subtree_search subtree_search_of(const nq_lexcount *lex, nq_tally_totals *totals)
{
    return (subtree_search){.totals = totals,
                            .allowed = lex->allowed,
                            .last = lex->n - 1,
                            .pinned_row = lex->has_first ? lex->first.row : -1,
                            .multiplicity = 1};
}

uint64_t nq_lexcount_below(const nq_lexcount *lex, int row, nq_attacks a)
{
    subtree_search s = subtree_search_of(lex, NULL);
    return count_below(&s, row, a, NULL);
}

typedef struct fill_job {
    nq_lexcount *lex;
    atomic_size_t cursor;     /* the next prefix to take */
    atomic_bool stopped;      /* a thread saw the cancel flag */
} fill_job;

/* The count of final prefix m, now that the frontier f is past it. */
static uint64_t final_count(const nq_lexcount *lex, size_t m, size_t f, uint64_t sum_before_f)
{
    uint64_t after = m + 1 < f ? lex->counts[m + 1] : sum_before_f;
    return after - lex->counts[m];
}

/* The children of prefix f are the mirror images of those of prefix m, in reverse order. */
static void copy_mirrored_children(nq_lexcount *lex, size_t m, size_t f)
{
    if (!lex->child_counts)
        return;
    uint32_t from = lex->first_child[m], to = lex->first_child[f];
    uint32_t size = lex->first_child[m + 1] - from;
    NQ_CHECK(lex->first_child[f + 1] - to == size);
    for (uint32_t j = 0; j < size; j++)
        lex->child_counts[to + j] = lex->child_counts[from + size - 1 - j];
}

/* Moves the frontier over every prefix whose count is known: counted ones, and mirror images of
 * final ones. Any counting thread, after finishing a prefix. */
static void advance_frontier(nq_lexcount *lex)
{
    pthread_mutex_lock(&lex->frontier_lock);
    size_t f = atomic_load_explicit(&lex->frontier, memory_order_relaxed);
    uint64_t sum = lex->frontier_sum;
    size_t start = f;
    while (f < lex->size) {
        uint64_t count;
        uint64_t mirrored = lex->mirror ? mirror_key(lex, f) : lex->keys[f];
        /* Pairs with the release store after counts[f] was written in count_prefixes(). */
        if (atomic_load_explicit(&lex->done[f], memory_order_acquire)) {
            count = lex->counts[f];
        } else if (mirrored < lex->keys[f]) {
            size_t m = find_key(lex, mirrored);
            NQ_CHECK(m < f);
            count = final_count(lex, m, f, sum);
            copy_mirrored_children(lex, m, f);
        } else {
            break;
        }
        lex->counts[f] = sum;
        sum += count;
        f++;
    }
    if (f != start) {
        lex->frontier_sum = sum;
        /* Publishes counts[start..f-1]; pairs with the acquire in nq_lexcount_frontier(). */
        atomic_store_explicit(&lex->frontier, f, memory_order_release);
        /* After the frontier, so that whoever acquires this sum sees a frontier at least as far
         * (pairs with the acquire in nq_tally_progress()). */
        atomic_store_explicit(&lex->totals.known, sum, memory_order_release);
    }
    pthread_mutex_unlock(&lex->frontier_lock);
}

/* Takes prefixes in order until none are left or the search is cancelled. */
static void count_prefixes(void *context)
{
    fill_job *job = context;
    nq_lexcount *lex = job->lex;
    subtree_search s = subtree_search_of(lex, &lex->totals);
    for (;;) {
        if (nq_tally_cancelled(&lex->totals))
            s.stopped = true;
        if (s.stopped)
            break;
        size_t i = atomic_fetch_add_explicit(&job->cursor, 1, memory_order_relaxed);
        if (i >= lex->size)
            break;
        s.multiplicity = 1;
        if (lex->mirror) {
            uint64_t m = mirror_key(lex, i);
            if (m < lex->keys[i])
                continue; /* the frontier copies it from its mirror */
            s.multiplicity = m == lex->keys[i] ? 1 : 2;
        }
        uint64_t count = 1; /* a prefix as deep as the board is a solution */
        if (lex->depth < lex->n) {
            int cols[NQ_LEXCOUNT_MAX_DEPTH];
            nq_attacks a = nq_lexcount_prefix_attacks(lex, i, cols);
            uint32_t *children = lex->child_counts ? lex->child_counts + lex->first_child[i] : NULL;
            count = count_below(&s, lex->depth, a, children);
            if (s.stopped)
                break;
        } else {
            s.tally.found++;
        }
        lex->counts[i] = count;
        atomic_store_explicit(&lex->done[i], 1, memory_order_release);
        nq_tally_flush(&lex->totals, &s.tally, s.multiplicity);
        advance_frontier(lex);
    }
    if (s.stopped)
        atomic_store_explicit(&job->stopped, true, memory_order_relaxed);
}

bool nq_lexcount_fill(nq_lexcount *lex, const nq_run *run)
{
    fill_job job = {.lex = lex};
    atomic_init(&job.cursor, 0);
    atomic_init(&job.stopped, false);
    nq_tally_start(&lex->totals, run);
    nq_team team = {run->threads, count_prefixes, &job, run->progress ? nq_tally_report : NULL, &lex->totals,
                    run->interval};
    nq_team_run(&team);
    bool finished = !atomic_load_explicit(&job.stopped, memory_order_relaxed);
    if (finished)
        NQ_CHECK(nq_lexcount_frontier(lex) == lex->size);
    nq_tally_report_end(&lex->totals, finished);
    return finished;
}
