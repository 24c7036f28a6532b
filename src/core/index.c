/*
 * index.c -- random access over a fine plan. The plan's per-prefix counts become running sums
 * in place: before[i] = solutions below the prefixes listed before prefix i.
 */
#include "nq/index.h"

#include <stdlib.h>

#include "check.h"
#include "nq/enumerate.h"
#include "plan.h"

/* Prefixes for random access: deep enough that one subtree holds a few hundred solutions at
 * most for N up to 18, at 16 bytes a prefix. */
enum { INDEX_PLAN_TARGET = 1 << 17 };

struct nq_index {
    nq_plan plan; /* counts[] hold the solutions before each prefix */
    uint64_t total;
};

nq_index *nq_index_build(int n, const nq_square *first, int threads)
{
    nq_index *index = NQ_CHECK_ALLOC(malloc(sizeof *index));
    nq_plan_build(&index->plan, n, first, INDEX_PLAN_TARGET);
    nq_plan_count(&index->plan, threads);
    uint64_t before = 0;
    for (size_t i = 0; i < index->plan.size; i++) {
        uint64_t count = index->plan.counts[i];
        index->plan.counts[i] = before;
        before += count;
    }
    index->total = before;
    return index;
}

void nq_index_free(nq_index *index)
{
    if (!index)
        return;
    nq_plan_free(&index->plan);
    free(index);
}

uint64_t nq_index_total(const nq_index *index)
{
    return index->total;
}

uint64_t nq_index_nodes(const nq_index *index)
{
    return index->plan.nodes;
}

size_t nq_index_bytes(const nq_index *index)
{
    return sizeof *index + index->plan.size * (sizeof *index->plan.keys + sizeof *index->plan.counts);
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
    if (k < 1 || k > index->total)
        return false;
    /* The last prefix with fewer than k solutions before it holds the k-th: the next one (if
     * any) has at least k before it, so this one's subtree reaches k. */
    const uint64_t *before = index->plan.counts;
    size_t lo = 0, hi = index->plan.size;
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
    size_t i = nq_plan_find(plan, cols);
    if (i == plan->size)
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
