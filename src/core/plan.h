/*
 * plan.h -- the engine's unit of shared work: the list of every safe placement of the first
 * `depth` rows (a prefix), in lexicographic order, and the number of solutions below each.
 * Private to src/core.
 *
 * Counting splits into these independent subproblems so that threads (and one day other
 * machines) can take them in any order; random access keeps the counts, because the solutions
 * before a prefix are exactly the solutions below the prefixes listed before it.
 * A plan is owned by one thread; only nq_plan_count() uses helpers, and joins them before it
 * returns.
 */
#ifndef NQ_PLAN_H
#define NQ_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"

/* At most this many rows in a prefix: 6 bits a row fit 10 rows in a uint64_t key. */
enum { NQ_PLAN_MAX_DEPTH = 10 };

typedef struct nq_plan {
    int n;
    int depth;
    bool has_first;
    nq_square first;
    uint64_t allowed[NQ_MAX_N]; /* squares the first queen leaves open, per row */
    size_t size;                /* number of prefixes */
    uint64_t *keys;             /* prefix columns, 6 bits a row, row 0 in the highest bits:
                                   numeric order is lexicographic order */
    uint64_t *counts;           /* solutions below each prefix, after nq_plan_count() */
    uint64_t nodes;             /* queens placed listing the prefixes, and by nq_plan_count() */
} nq_plan;

/* Lists the prefixes of the n x n board with the optional first queen, as deep as needed for
 * at least target prefixes (or as deep as the board or NQ_PLAN_MAX_DEPTH allow). */
void nq_plan_build(nq_plan *plan, int n, const nq_square *first, size_t target);

/* Counts the solutions below every prefix using threads threads (0: one per core). Prefixes that
 * are the mirror image of an earlier one are not searched: they have the same count. */
void nq_plan_count(nq_plan *plan, int threads);

/* The columns of prefix i, into cols[0..depth-1]. */
void nq_plan_prefix(const nq_plan *plan, size_t i, int *cols);

/* The position of the prefix with the columns cols[0..depth-1], or plan->size if none. */
size_t nq_plan_find(const nq_plan *plan, const int *cols);

void nq_plan_free(nq_plan *plan);

/* The number of threads nq_plan_count() uses for threads = 0: the cores online. */
int nq_plan_default_threads(void);

#endif
