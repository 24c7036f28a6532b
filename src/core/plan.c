/*
 * plan.c -- prefixes of the first rows, and counting the solutions below them on all cores.
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
#include "plan.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "check.h"
#include "nq/clock.h"
#include "team.h"

enum { KEY_BITS = 6 };

/* Queens a counting thread places between looks at the cancel flag (and between updates of the
 * shared figures): well under a millisecond of work, and cheap enough to be free. */
enum { POLL_NODES = 1 << 16 };

/* The largest board whose plans can keep the counts of the prefixes' children: a child's count
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

void nq_plan_prefix(const nq_plan *plan, size_t i, int *cols)
{
    uint64_t key = plan->keys[i];
    for (int r = plan->depth - 1; r >= 0; r--) {
        cols[r] = (int)(key & ((1u << KEY_BITS) - 1));
        key >>= KEY_BITS;
    }
}

static size_t find_key(const nq_plan *plan, uint64_t key)
{
    size_t lo = 0, hi = plan->size;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (plan->keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < plan->size && plan->keys[lo] == key ? lo : plan->size;
}

size_t nq_plan_find(const nq_plan *plan, const int *cols)
{
    return find_key(plan, key_of(cols, plan->depth));
}

/* The key of the mirror image of prefix i. */
static uint64_t mirror_key(const nq_plan *plan, size_t i)
{
    int cols[NQ_PLAN_MAX_DEPTH];
    nq_plan_prefix(plan, i, cols);
    for (int r = 0; r < plan->depth; r++)
        cols[r] = plan->n - 1 - cols[r];
    return key_of(cols, plan->depth);
}

/* Attack masks entering row `depth` after the prefix cols[0..depth-1]. */
static nq_attacks attacks_after(const int *cols, int depth)
{
    nq_attacks a = {0, 0, 0};
    for (int r = 0; r < depth; r++)
        a = nq_attacks_next(a, UINT64_C(1) << cols[r]);
    return a;
}

/* Where each prefix's children start in child_counts: as many as its row below has open squares
 * (one on the pinned row). */
static void list_children(nq_plan *plan)
{
    plan->first_child = NQ_CHECK_ALLOC(malloc((plan->size + 1) * sizeof *plan->first_child));
    uint64_t total = 0;
    int cols[NQ_PLAN_MAX_DEPTH];
    for (size_t i = 0; i < plan->size; i++) {
        plan->first_child[i] = (uint32_t)total;
        nq_plan_prefix(plan, i, cols);
        total += (uint64_t)nq_popcount(nq_attacks_open(attacks_after(cols, plan->depth), plan->allowed[plan->depth]));
        NQ_CHECK(total < UINT32_MAX);
    }
    plan->first_child[plan->size] = (uint32_t)total;
    plan->child_counts = NQ_CHECK_ALLOC(calloc(total ? total : 1, sizeof *plan->child_counts));
}

void nq_plan_build(nq_plan *plan, int n, const nq_square *first, size_t target, bool children)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    memset(plan, 0, sizeof *plan);
    plan->n = n;
    plan->has_first = first != NULL;
    if (first)
        plan->first = *first;
    /* Mirroring keeps the first queen where it is only when there is none or it stands on the
     * middle column. */
    plan->mirror = !first || 2 * first->column == n - 1;
    nq_allowed_rows(n, first, plan->allowed);

    /* Level 0: the one empty prefix. */
    size_t size = 1, capacity = 16;
    uint64_t *keys = NQ_CHECK_ALLOC(malloc(capacity * sizeof *keys));
    keys[0] = 0;
    uint64_t nodes = 0, dead_ends = 0;
    int depth = 0;
    /* Leave the last rows to the subtrees: below 7 free rows a subtree holds a handful of
     * solutions at most, so going deeper would only make the list longer than the answers. */
    int max_depth = n - SUBTREE_MIN_ROWS < 1 ? 1 : n - SUBTREE_MIN_ROWS;
    if (max_depth > NQ_PLAN_MAX_DEPTH)
        max_depth = NQ_PLAN_MAX_DEPTH;
    while (depth < max_depth && size < target && size > 0) {
        bool pinned_row = first && first->row == depth;
        size_t next_size = 0;
        uint64_t *next = NQ_CHECK_ALLOC(malloc(capacity * sizeof *next));
        int cols[NQ_PLAN_MAX_DEPTH];
        for (size_t i = 0; i < size; i++) {
            plan->keys = keys;
            plan->depth = depth;
            nq_plan_prefix(plan, i, cols);
            uint64_t open = nq_attacks_open(attacks_after(cols, depth), plan->allowed[depth]);
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
    plan->keys = keys;
    plan->size = size;
    plan->depth = depth;
    plan->counts = NQ_CHECK_ALLOC(calloc(size ? size : 1, sizeof *plan->counts));
    if (children && n <= CHILDREN_MAX_N && depth + 2 <= n)
        list_children(plan);
    plan->done = NQ_CHECK_ALLOC(calloc(size ? size : 1, sizeof *plan->done));
    atomic_init(&plan->frontier, 0);
    atomic_init(&plan->known, 0);
    atomic_init(&plan->nodes, nodes);
    atomic_init(&plan->dead_ends, dead_ends);
    atomic_init(&plan->found, 0);
    NQ_CHECK(pthread_mutex_init(&plan->frontier_lock, NULL) == 0);
}

void nq_plan_free(nq_plan *plan)
{
    free(plan->keys);
    free(plan->counts);
    free(plan->first_child);
    free(plan->child_counts);
    free(plan->done);
    pthread_mutex_destroy(&plan->frontier_lock);
    memset(plan, 0, sizeof *plan);
}

size_t nq_plan_frontier(const nq_plan *plan)
{
    /* Pairs with the release store in advance_frontier(). */
    return atomic_load_explicit(&plan->frontier, memory_order_acquire);
}

nq_progress nq_plan_progress(const nq_plan *plan)
{
    nq_progress p = {0};
    p.solutions = atomic_load_explicit(&plan->known, memory_order_acquire);
    p.nodes = atomic_load_explicit(&plan->nodes, memory_order_relaxed);
    p.dead_ends = atomic_load_explicit(&plan->dead_ends, memory_order_relaxed);
    p.found = atomic_load_explicit(&plan->found, memory_order_relaxed);
    if (p.found < p.solutions) /* the mirror images the frontier copied are found too */
        p.found = p.solutions;
    p.complete = nq_plan_frontier(plan) == plan->size;
    return p;
}

/* ---- counting below a prefix ---- */

typedef struct subtree_search {
    nq_plan *plan;
    const uint64_t *allowed;
    int last;          /* n - 1 */
    int pinned_row;    /* the first queen's row, or -1 */
    const atomic_bool *cancel;
    bool stopped;
    uint64_t multiplicity; /* 2 when the mirror image of this subtree is not searched */
    /* Figures not yet added to the plan's. */
    uint64_t nodes;
    uint64_t dead_ends;
    uint64_t found;
} subtree_search;

/* Adds this thread's figures to the plan's, where progress reports read them. */
static void flush_figures(subtree_search *s)
{
    atomic_fetch_add_explicit(&s->plan->nodes, s->nodes * s->multiplicity, memory_order_relaxed);
    atomic_fetch_add_explicit(&s->plan->dead_ends, s->dead_ends * s->multiplicity, memory_order_relaxed);
    atomic_fetch_add_explicit(&s->plan->found, s->found * s->multiplicity, memory_order_relaxed);
    s->nodes = s->dead_ends = s->found = 0;
}

/* No square open anywhere: what a cancelled search sees, so that it unwinds at once. */
static const uint64_t no_squares[NQ_MAX_N];

/* Every POLL_NODES queens: publishes the figures (so they climb inside a big subtree) and looks
 * at the cancel flag. To stop, it closes every square: each call then returns at its first line,
 * so the hot loop needs no check of its own. */
__attribute__((noinline, cold)) static void poll(subtree_search *s)
{
    flush_figures(s);
    if (s->cancel && atomic_load_explicit(s->cancel, memory_order_relaxed)) {
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
            s->found++;
        if (children)
            children[0] = (uint32_t)total;
        return total;
    }
    if (!open) {
        s->dead_ends++;
        return 0;
    }
    if (row == s->last) {
        s->nodes++; /* exactly one square can be open in the last row: one column is left */
        s->found++;
        return 1;
    }
    uint64_t total = 0;
    while (open) {
        uint64_t bit = open & (0u - open); /* lowest open square */
        open ^= bit;
        if ((++s->nodes & (POLL_NODES - 1)) == 0) /* flush_figures() zeroes nodes */
            poll(s);
        uint64_t below = count_below(s, row + 1, nq_attacks_next(a, bit), NULL);
        if (children)
            *children++ = (uint32_t)below;
        total += below;
    }
    return total;
}

typedef struct fill_job {
    nq_plan *plan;
    const nq_run *run;
    atomic_size_t cursor;     /* the next prefix to take */
    atomic_bool stopped;      /* a thread saw the cancel flag */
    double start;             /* when the fill began */
} fill_job;

/* The count of final prefix m, now that the frontier f is past it. */
static uint64_t final_count(const nq_plan *plan, size_t m, size_t f, uint64_t sum_before_f)
{
    uint64_t after = m + 1 < f ? plan->counts[m + 1] : sum_before_f;
    return after - plan->counts[m];
}

/* The children of prefix f are the mirror images of those of prefix m, in reverse order. */
static void copy_mirrored_children(nq_plan *plan, size_t m, size_t f)
{
    if (!plan->child_counts)
        return;
    uint32_t from = plan->first_child[m], to = plan->first_child[f];
    uint32_t size = plan->first_child[m + 1] - from;
    NQ_CHECK(plan->first_child[f + 1] - to == size);
    for (uint32_t j = 0; j < size; j++)
        plan->child_counts[to + j] = plan->child_counts[from + size - 1 - j];
}

/* Moves the frontier over every prefix whose count is known: counted ones, and mirror images of
 * final ones. Any counting thread, after finishing a prefix. */
static void advance_frontier(nq_plan *plan)
{
    pthread_mutex_lock(&plan->frontier_lock);
    size_t f = atomic_load_explicit(&plan->frontier, memory_order_relaxed);
    uint64_t sum = plan->frontier_sum;
    size_t start = f;
    while (f < plan->size) {
        uint64_t count;
        uint64_t mirrored = plan->mirror ? mirror_key(plan, f) : plan->keys[f];
        /* Pairs with the release store after counts[f] was written in count_prefixes(). */
        if (atomic_load_explicit(&plan->done[f], memory_order_acquire)) {
            count = plan->counts[f];
        } else if (mirrored < plan->keys[f]) {
            size_t m = find_key(plan, mirrored);
            NQ_CHECK(m < f);
            count = final_count(plan, m, f, sum);
            copy_mirrored_children(plan, m, f);
        } else {
            break;
        }
        plan->counts[f] = sum;
        sum += count;
        f++;
    }
    if (f != start) {
        plan->frontier_sum = sum;
        /* Publishes counts[start..f-1]; pairs with the acquire in nq_plan_frontier(). */
        atomic_store_explicit(&plan->frontier, f, memory_order_release);
        /* After the frontier, so that whoever acquires this sum sees a frontier at least as far
         * (pairs with the acquire in nq_plan_progress()). */
        atomic_store_explicit(&plan->known, sum, memory_order_release);
    }
    pthread_mutex_unlock(&plan->frontier_lock);
}

/* Takes prefixes in order until none are left or the search is cancelled. */
static void count_prefixes(void *context)
{
    fill_job *job = context;
    nq_plan *plan = job->plan;
    subtree_search s = {.plan = plan,
                        .allowed = plan->allowed,
                        .last = plan->n - 1,
                        .pinned_row = plan->has_first ? plan->first.row : -1,
                        .cancel = job->run->cancel,
                        .multiplicity = 1};
    for (;;) {
        if (s.cancel && atomic_load_explicit(s.cancel, memory_order_relaxed))
            s.stopped = true;
        if (s.stopped)
            break;
        size_t i = atomic_fetch_add_explicit(&job->cursor, 1, memory_order_relaxed);
        if (i >= plan->size)
            break;
        s.multiplicity = 1;
        if (plan->mirror) {
            uint64_t m = mirror_key(plan, i);
            if (m < plan->keys[i])
                continue; /* the frontier copies it from its mirror */
            s.multiplicity = m == plan->keys[i] ? 1 : 2;
        }
        uint64_t count = 1; /* a prefix as deep as the board is a solution */
        if (plan->depth < plan->n) {
            int cols[NQ_PLAN_MAX_DEPTH];
            nq_plan_prefix(plan, i, cols);
            uint32_t *children = plan->child_counts ? plan->child_counts + plan->first_child[i] : NULL;
            count = count_below(&s, plan->depth, attacks_after(cols, plan->depth), children);
            if (s.stopped)
                break;
        } else {
            s.found++;
        }
        plan->counts[i] = count;
        atomic_store_explicit(&plan->done[i], 1, memory_order_release);
        flush_figures(&s);
        advance_frontier(plan);
    }
    if (s.stopped)
        atomic_store_explicit(&job->stopped, true, memory_order_relaxed);
}

/* The reports while the fill runs. */
static void report(void *context, double seconds)
{
    fill_job *job = context;
    nq_progress p = nq_plan_progress(job->plan);
    p.seconds = seconds;
    p.complete = false;
    job->run->progress(job->run->context, &p);
}

bool nq_plan_fill(nq_plan *plan, const nq_run *run)
{
    fill_job job = {.plan = plan, .run = run, .start = nq_clock_seconds()};
    atomic_init(&job.cursor, 0);
    atomic_init(&job.stopped, false);
    nq_team team = {run->threads, count_prefixes, run->progress ? report : NULL, &job, run->interval};
    nq_team_run(&team);
    bool finished = !atomic_load_explicit(&job.stopped, memory_order_relaxed);
    if (finished)
        NQ_CHECK(nq_plan_frontier(plan) == plan->size);
    if (run->progress) {
        nq_progress p = nq_plan_progress(plan);
        p.seconds = nq_clock_seconds() - job.start;
        p.complete = finished;
        run->progress(run->context, &p);
    }
    return finished;
}
