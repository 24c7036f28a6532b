/*
 * count.c -- the counting front: a coarse plan (enough prefixes to keep every core busy, few
 * enough to cost nothing), filled, summed; unique counts from the symmetry module.
 */
#include "nq/count.h"

#include "check.h"
#include "nq/symmetry.h"
#include "plan.h"

/* Prefixes for counting: plenty for dynamic sharing among a few cores, a few KiB of memory. */
enum { COUNT_PLAN_TARGET = 4096 };

nq_count_result nq_count(int n, const nq_count_options *options)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    NQ_CHECK(!(options->unique && options->first));
    nq_plan plan;
    nq_plan_build(&plan, n, options->first, COUNT_PLAN_TARGET);
    bool complete = nq_plan_fill(&plan, &options->run);
    nq_progress p = nq_plan_progress(&plan);
    nq_plan_free(&plan);
    nq_count_result result = {complete, p.solutions, 0, p.nodes, p.dead_ends};
    if (complete && options->unique)
        result.unique = nq_symmetry_unique(n, result.solutions);
    return result;
}

int nq_count_default_threads(void)
{
    return nq_plan_default_threads();
}
