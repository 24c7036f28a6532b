/*
 * count.c -- the counting front. Without a pinned queen: one board of each symmetry class
 * (classes.c), which gives the unique count with the total. With one: the pinned queen moved by
 * a symmetry as near to the top row as it goes (the count is the same, and the rows above it,
 * searched in full, are then fewest), then a plan of prefixes with every row masked by what the
 * queen leaves open, so the pinned case is counted directly.
 */
#include "nq/count.h"

#include "check.h"
#include "classes.h"
#include "nq/symmetry.h"
#include "plan.h"

/* Prefixes for counting: plenty for dynamic sharing among a few cores, a few KiB of memory. */
enum { COUNT_PLAN_TARGET = 4096 };

/* The image of the pinned queen under the symmetry that brings it nearest the top row, on the
 * left half where that is a tie (the mirror image counts the same). */
static nq_square nearest_top(int n, nq_square first)
{
    nq_square best = first;
    for (nq_symmetry g = NQ_SYM_IDENTITY; g < NQ_SYM_COUNT; g++) {
        nq_square s = nq_symmetry_apply(g, n, first);
        if (s.row < best.row || (s.row == best.row && s.column < best.column))
            best = s;
    }
    return best;
}

nq_count_result nq_count(int n, const nq_count_options *options)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    NQ_CHECK(!(options->unique && options->first));
    if (!options->first) {
        nq_classes_result c = nq_classes_count(n, &options->run);
        return (nq_count_result){c.complete, c.solutions, options->unique ? c.unique : 0, c.nodes,
                                 c.dead_ends};
    }
    nq_square first = nearest_top(n, *options->first);
    nq_plan plan;
    nq_plan_build(&plan, n, &first, COUNT_PLAN_TARGET, false);
    bool complete = nq_plan_fill(&plan, &options->run);
    nq_progress p = nq_plan_progress(&plan);
    nq_plan_free(&plan);
    return (nq_count_result){complete, p.solutions, 0, p.nodes, p.dead_ends};
}

int nq_count_default_threads(void)
{
    return nq_plan_default_threads();
}
