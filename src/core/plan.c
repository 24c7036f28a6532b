/*
 * plan.c -- prefixes of the first rows, and counting the solutions below them on all cores.
 *
 * Prefixes are built a level at a time, each level by extending the previous one's prefixes in
 * order, so the list comes out lexicographically sorted and the depth can stop where the list is
 * long enough. Threads take prefixes from a shared atomic cursor, one at a time, so a slow
 * subtree never leaves another core idle while work remains.
 */
#include "plan.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bits.h"
#include "check.h"

enum { KEY_BITS = 6 };

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

size_t nq_plan_find(const nq_plan *plan, const int *cols)
{
    uint64_t key = key_of(cols, plan->depth);
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

/* Attack masks entering row `depth` after the prefix cols[0..depth-1]. */
static nq_attacks attacks_after(const int *cols, int depth)
{
    nq_attacks a = {0, 0, 0};
    for (int r = 0; r < depth; r++)
        a = nq_attacks_next(a, UINT64_C(1) << cols[r]);
    return a;
}

void nq_plan_build(nq_plan *plan, int n, const nq_square *first, size_t target)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    memset(plan, 0, sizeof *plan);
    plan->n = n;
    plan->has_first = first != NULL;
    if (first)
        plan->first = *first;
    nq_allowed_rows(n, first, plan->allowed);

    /* Level 0: the one empty prefix. */
    size_t size = 1, capacity = 16;
    uint64_t *keys = NQ_CHECK_ALLOC(malloc(capacity * sizeof *keys));
    keys[0] = 0;
    int depth = 0;
    int max_depth = n < NQ_PLAN_MAX_DEPTH ? n : NQ_PLAN_MAX_DEPTH;
    while (depth < max_depth && size < target && size > 0) {
        size_t next_size = 0;
        uint64_t *next = NQ_CHECK_ALLOC(malloc(capacity * sizeof *next));
        int cols[NQ_PLAN_MAX_DEPTH];
        for (size_t i = 0; i < size; i++) {
            plan->keys = keys;
            plan->depth = depth;
            nq_plan_prefix(plan, i, cols);
            uint64_t open = nq_attacks_open(attacks_after(cols, depth), plan->allowed[depth]);
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
        free(keys);
        keys = next;
        size = next_size;
        plan->nodes += next_size;
        depth++;
    }
    plan->keys = keys;
    plan->size = size;
    plan->depth = depth;
    plan->counts = NQ_CHECK_ALLOC(calloc(size ? size : 1, sizeof *plan->counts));
}

void nq_plan_free(nq_plan *plan)
{
    free(plan->keys);
    free(plan->counts);
    memset(plan, 0, sizeof *plan);
}

int nq_plan_default_threads(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > 256 ? 256 : (int)cores;
}

/* ---- counting below a prefix ---- */

typedef struct subtree_search {
    const uint64_t *allowed;
    int last;       /* n - 1 */
    uint64_t nodes; /* queens placed */
} subtree_search;

static uint64_t count_below(subtree_search *s, int row, uint64_t taken, uint64_t down_right,
                            uint64_t down_left)
{
    uint64_t open = ~(taken | down_right | down_left) & s->allowed[row];
    if (row == s->last) {
        /* Every open square of the last row completes a solution. */
        s->nodes += (uint64_t)nq_popcount(open);
        return (uint64_t)nq_popcount(open);
    }
    uint64_t total = 0;
    while (open) {
        uint64_t bit = open & (0u - open); /* lowest open square */
        open ^= bit;
        s->nodes++;
        total += count_below(s, row + 1, taken | bit, (down_right | bit) << 1, (down_left | bit) >> 1);
    }
    return total;
}

static uint64_t count_prefix(const nq_plan *plan, size_t i, uint64_t *nodes)
{
    if (plan->depth == plan->n)
        return 1;
    int cols[NQ_PLAN_MAX_DEPTH];
    nq_plan_prefix(plan, i, cols);
    nq_attacks a = attacks_after(cols, plan->depth);
    subtree_search s = {plan->allowed, plan->n - 1, 0};
    uint64_t count = count_below(&s, plan->depth, a.taken, a.down_right, a.down_left);
    *nodes += s.nodes;
    return count;
}

typedef struct count_job {
    nq_plan *plan;
    const size_t *work; /* indices of the prefixes to search */
    size_t work_size;
    atomic_size_t cursor;
    atomic_uint_fast64_t nodes;
} count_job;

/* Runs on each counting thread (and on the calling one): takes prefixes until none are left.
 * Each prefix's count is written by exactly one thread; pthread_join publishes them. */
static void *count_worker(void *arg)
{
    count_job *job = arg;
    uint64_t nodes = 0;
    for (;;) {
        size_t w = atomic_fetch_add_explicit(&job->cursor, 1, memory_order_relaxed);
        if (w >= job->work_size)
            break;
        size_t i = job->work[w];
        job->plan->counts[i] = count_prefix(job->plan, i, &nodes);
    }
    atomic_fetch_add_explicit(&job->nodes, nodes, memory_order_relaxed);
    return NULL;
}

/* The mirror image (column c -> n - 1 - c) of prefix i, as a key. */
static uint64_t mirror_key(const nq_plan *plan, size_t i, int *cols)
{
    nq_plan_prefix(plan, i, cols);
    for (int r = 0; r < plan->depth; r++)
        cols[r] = plan->n - 1 - cols[r];
    return key_of(cols, plan->depth);
}

void nq_plan_count(nq_plan *plan, int threads)
{
    /* The mirror maps solutions to solutions one to one, and keeps the first queen where it is
     * only when there is none or it stands on the middle column. */
    bool mirror = !plan->has_first || 2 * plan->first.column == plan->n - 1;
    size_t *work = NQ_CHECK_ALLOC(malloc((plan->size ? plan->size : 1) * sizeof *work));
    size_t work_size = 0;
    int cols[NQ_PLAN_MAX_DEPTH];
    for (size_t i = 0; i < plan->size; i++)
        if (!mirror || plan->keys[i] <= mirror_key(plan, i, cols))
            work[work_size++] = i;

    count_job job = {.plan = plan, .work = work, .work_size = work_size};
    atomic_init(&job.cursor, 0);
    atomic_init(&job.nodes, 0);
    if (threads <= 0)
        threads = nq_plan_default_threads();
    if ((size_t)threads > work_size)
        threads = work_size ? (int)work_size : 1;
    pthread_t helpers[256];
    int started = 0;
    for (int t = 1; t < threads && t <= 256; t++) {
        if (pthread_create(&helpers[started], NULL, count_worker, &job) != 0)
            break; /* fewer helpers only means slower: the calling thread does the rest */
        started++;
    }
    count_worker(&job);
    for (int t = 0; t < started; t++)
        pthread_join(helpers[t], NULL);

    if (mirror) {
        for (size_t i = 0; i < plan->size; i++) {
            uint64_t m = mirror_key(plan, i, cols);
            if (m < plan->keys[i]) {
                size_t j = nq_plan_find(plan, cols);
                NQ_CHECK(j < plan->size);
                plan->counts[i] = plan->counts[j];
            }
        }
    }
    plan->nodes += atomic_load(&job.nodes);
    free(work);
}
