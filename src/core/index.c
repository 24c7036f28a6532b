/*
 * index.c -- random access over a fine plan. Behind the plan's frontier, counts[i] is the number
 * of solutions before prefix i; everything here reads only behind the frontier.
 */
#include "nq/index.h"

#include <stdlib.h>

#include "check.h"
#include "nq/enumerate.h"
#include "plan.h"

/* Prefixes for random access: deep enough that one subtree holds a few hundred solutions at
 * most for N up to 18. */
enum { INDEX_PLAN_TARGET = 1 << 17 };

struct nq_index {
    nq_plan plan;
};

nq_index *nq_index_create(int n, const nq_square *first)
{
    nq_index *index = NQ_CHECK_ALLOC(malloc(sizeof *index));
    nq_plan_build(&index->plan, n, first, INDEX_PLAN_TARGET);
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
    return sizeof *index + plan->size * (sizeof *plan->keys + sizeof *plan->counts + sizeof *plan->done);
}

/* Starts e on the solutions below prefix i. */
static void enum_below(const nq_index *index, size_t i, nq_enum *e)
{
    const nq_plan *plan = &index->plan;
    int prefix[NQ_PLAN_MAX_DEPTH];
    nq_plan_prefix(plan, i, prefix);
    nq_enum_init_below(e, plan->n, plan->has_first ? &plan->first : NULL, prefix, plan->depth);
}

bool nq_index_unrank(const nq_index *index, uint64_t k, int *cols)
{
    /* Known first, then the frontier: then every one of the known solutions lies before it. */
    uint64_t known = nq_index_known(index);
    size_t frontier = nq_plan_frontier(&index->plan);
    if (k < 1 || k > known || frontier == 0)
        return false;
    /* The last final prefix with fewer than k solutions before it holds the k-th: the next one
     * (if final) has at least k before it, and otherwise known >= k ends this one's subtree. */
    const uint64_t *before = index->plan.counts;
    size_t lo = 0, hi = frontier;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (before[mid] < k)
            lo = mid;
        else
            hi = mid;
    }
    nq_enum e;
    enum_below(index, lo, &e);
    for (uint64_t step = before[lo]; step < k; step++)
        NQ_CHECK(nq_enum_next(&e, cols));
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
    nq_enum e;
    enum_below(index, i, &e);
    int found[NQ_MAX_N];
    for (uint64_t k = plan->counts[i] + 1; nq_enum_next(&e, found); k++) {
        int r = plan->depth;
        while (r < plan->n && found[r] == cols[r])
            r++;
        if (r == plan->n)
            return k;
    }
    return 0;
}
