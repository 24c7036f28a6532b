/*
 * search.h -- the counting search. Private to src/core.
 *
 * Without a pinned queen it visits one board of each class under the 8 symmetries of the square
 * (the boards whose queen nearest a corner stands in the top row, left of the middle) and weighs
 * each by its class size, so the number of classes (unique solutions) comes with the total for
 * free. With pinned queens (one, or several: the heatmap pins two), it counts every board that
 * has them all directly: each row masked by the squares every pin leaves open, a mirrored half
 * left out when every pin stands on the middle column. Both count the last five rows by tables
 * instead of placing queens there.
 */
#ifndef NQ_SEARCH_H
#define NQ_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/count.h"
#include "nq/progress.h"

typedef struct nq_search_result {
    bool complete;       /* false: cancelled, and the figures are partial */
    uint64_t solutions;  /* all solutions (with the pinned queens, if any) */
    uint64_t unique;     /* symmetry classes; 0 with pinned queens */
    uint64_t nodes;      /* queens this search placed (the last five rows are counted, not placed) */
    uint64_t dead_ends;  /* rows it found with every square closed */
} nq_search_result;

/* The subproblems of the count of the n x n board (1 <= n <= NQ_MAX_N) with a queen on each of
 * pins[0..pin_count-1] (pin_count 0: all solutions; copied): the first rows' prefixes, listed
 * here. The caller frees it with nq_search_split_free(). Any thread. */
typedef struct nq_search_split nq_search_split;
nq_search_split *nq_search_split_new(int n, const nq_square *pins, int pin_count);
void nq_search_split_free(nq_search_split *split);
uint64_t nq_search_split_parts(const nq_search_split *split);

/* The figures of the rows the subproblems fix (all of the count, for n < 4). */
nq_count_figures nq_search_split_setup(const nq_search_split *split);

/* Counts the subproblems source gives (NULL: all) as nq_count_split_run() says (nq/count.h). */
bool nq_search_split_run(const nq_search_split *split, const nq_count_source *source, const nq_run *run,
                         nq_count_figures *sum);

/* Counts the solutions of the n x n board (1 <= n <= NQ_MAX_N) that have a queen on each of
 * pins[0..pin_count-1] (pin_count 0: all solutions, pins may be NULL) on run->threads threads,
 * which take subproblems from a shared cursor. Pins that attack each other give 0. The search
 * is fastest with the pins as near the top row as they go: count.c's nq_count_pinned() moves
 * them there. Progress reports carry the running total in `found` (`solutions` stays 0 until
 * the end: nothing is known in lexicographic order). Any thread; every helper thread is joined
 * before it returns. */
nq_search_result nq_search_count(int n, const nq_square *pins, int pin_count, const nq_run *run);

#endif
