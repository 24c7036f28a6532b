/*
 * count.c -- the counting front. Without a pinned queen: one board of each symmetry class
 * (search.c), which gives the unique count with the total. With one: the pinned queen moved by a
 * symmetry as near to the top row as it goes (the count is the same, and the rows above it,
 * searched in full, are then fewest), then counted directly by the same search.
 */
#include "nq/count.h"

#include "check.h"
#include "nq/symmetry.h"
#include "search.h"
#include "team.h"

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
    nq_square moved;
    if (options->first)
        moved = nearest_top(n, *options->first);
    nq_search_result r = nq_search_count(n, options->first ? &moved : NULL, &options->run);
    return (nq_count_result){r.complete, r.solutions, options->unique ? r.unique : 0, r.nodes, r.dead_ends};
}

int nq_count_default_threads(void)
{
    return nq_team_default_threads();
}
