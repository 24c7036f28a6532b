/*
 * index.c -- random access over a fine plan. Behind the plan's frontier, counts[i] is the number
 * of solutions before prefix i; everything here reads only behind the frontier.
 */
#include "nq/index.h"

#include <stdlib.h>

#include "check.h"
#include "bits.h"
#include "plan.h"

/* Prefixes for random access: deep enough that one subtree holds a few hundred solutions at
 * most for N up to 18. */
enum { INDEX_PLAN_TARGET = 1 << 17 };

/* From here on, without a pinned queen, the subtrees below the prefixes grow large enough for
 * counting them to show (a millisecond and more for N = 18), so the index also keeps the counts
 * one row deeper. A pinned queen keeps subtrees small. */
enum { INDEX_CHILDREN_MIN_N = 17 };

struct nq_index {
    nq_plan plan;
};

nq_index *nq_index_create(int n, const nq_square *first)
{
    nq_index *index = NQ_CHECK_ALLOC(malloc(sizeof *index));
    nq_plan_build(&index->plan, n, first, INDEX_PLAN_TARGET, !first && n >= INDEX_CHILDREN_MIN_N);
    return index;
}

bool nq_index_fill(nq_index *index, const nq_run *run)
{
    return nq_plan_fill(&index->plan, run);
}

nq_index *nq_index_build(int n, const nq_square *first, int threads)
{
    nq_index *index = nq_index_create(n, first);
    nq_run run = {.threads = threads};
    NQ_CHECK(nq_index_fill(index, &run));
    return index;
}

void nq_index_free(nq_index *index)
{
    if (!index)
        return;
    nq_plan_free(&index->plan);
    free(index);
}

uint64_t nq_index_known(const nq_index *index)
{
    return nq_plan_progress(&index->plan).solutions;
}

bool nq_index_complete(const nq_index *index)
{
    return nq_plan_frontier(&index->plan) == index->plan.size;
}

nq_progress nq_index_progress(const nq_index *index)
{
    return nq_plan_progress(&index->plan);
}

size_t nq_index_bytes(const nq_index *index)
{
    const nq_plan *plan = &index->plan;
    size_t bytes = sizeof *index + plan->size * (sizeof *plan->keys + sizeof *plan->counts + sizeof *plan->done);
    if (plan->child_counts)
        bytes += (plan->size + 1) * sizeof *plan->first_child +
                 plan->first_child[plan->size] * sizeof *plan->child_counts;
    return bytes;
}

/* Solutions below a row with the attacks a (every row below masked by allowed). */
static uint64_t count_below(int n, const uint64_t *allowed, int row, nq_attacks a)
{
    uint64_t open = nq_attacks_open(a, allowed[row]);
    if (row == n - 1)
        return open != 0;
    uint64_t total = 0;
    while (open) {
        uint64_t bit = open & (0u - open); /* lowest open square */
        open ^= bit;
        total += count_below(n, allowed, row + 1, nq_attacks_next(a, bit));
    }
    return total;
}

/* The attacks entering the row below prefix i, with its columns in cols[0..depth-1]. */
static nq_attacks prefix_attacks(const nq_plan *plan, size_t i, int *cols)
{
    nq_plan_prefix(plan, i, cols);
    nq_attacks a = {0, 0, 0};
    for (int r = 0; r < plan->depth; r++)
        a = nq_attacks_next(a, UINT64_C(1) << cols[r]);
    return a;
}

bool nq_index_unrank(const nq_index *index, uint64_t k, int *cols)
{
    const nq_plan *plan = &index->plan;
    /* Known first, then the frontier: then every one of the known solutions lies before it. */
    uint64_t known = nq_index_known(index);
    size_t frontier = nq_plan_frontier(plan);
    if (k < 1 || k > known || frontier == 0)
        return false;
    /* The last final prefix with fewer than k solutions before it holds the k-th: the next one
     * (if final) has at least k before it, and otherwise known >= k ends this one's subtree. */
    const uint64_t *before = plan->counts;
    size_t lo = 0, hi = frontier;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (before[mid] < k)
            lo = mid;
        else
            hi = mid;
    }
    /* Below the prefix, row by row: skip whole subtrees by their counts, in column order, until
     * the one that holds the k-th; the first row's counts are kept, the others are counted, and
     * that counting stops at the subtree that holds it. */
    k -= before[lo];
    nq_attacks a = prefix_attacks(plan, lo, cols);
    const uint32_t *kept = plan->child_counts ? plan->child_counts + plan->first_child[lo] : NULL;
    for (int row = plan->depth; row < plan->n; row++) {
        uint64_t open = nq_attacks_open(a, plan->allowed[row]);
        for (;;) {
            NQ_CHECK(open);
            uint64_t bit = open & (0u - open);
            open ^= bit;
            nq_attacks next = nq_attacks_next(a, bit);
            uint64_t below = row == plan->n - 1 ? 1
                             : kept                ? *kept++
                                                   : count_below(plan->n, plan->allowed, row + 1, next);
            if (k <= below) {
                cols[row] = nq_lowest_column(bit);
                a = next;
                break;
            }
            k -= below;
        }
        kept = NULL;
    }
    return true;
}

uint64_t nq_index_rank(const nq_index *index, const int *cols)
{
    const nq_plan *plan = &index->plan;
    if (!nq_verify(plan->n, cols, plan->has_first ? &plan->first : NULL, NULL))
        return 0;
    size_t frontier = nq_plan_frontier(plan);
    size_t i = nq_plan_find(plan, cols);
    if (i >= frontier)
        return 0;
    /* The solutions before it below the prefix: those of the subtrees left of its path. */
    uint64_t k = plan->counts[i] + 1;
    int prefix[NQ_MAX_N];
    nq_attacks a = prefix_attacks(plan, i, prefix);
    const uint32_t *kept = plan->child_counts ? plan->child_counts + plan->first_child[i] : NULL;
    for (int row = plan->depth; row < plan->n; row++) {
        uint64_t left = nq_attacks_open(a, plan->allowed[row]) & ((UINT64_C(1) << cols[row]) - 1);
        while (row < plan->n - 1 && left) {
            uint64_t bit = left & (0u - left);
            left ^= bit;
            k += kept ? *kept++ : count_below(plan->n, plan->allowed, row + 1, nq_attacks_next(a, bit));
        }
        kept = NULL;
        if (row == plan->n - 1)
            k += (uint64_t)nq_popcount(left);
        a = nq_attacks_next(a, UINT64_C(1) << cols[row]);
    }
    return k;
}
