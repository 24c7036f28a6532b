/*
 * nq/count.h -- how many solutions a board has, on all cores.
 *
 * The work is split into independent subproblems (the first rows) that threads take from a
 * shared cursor, so no core idles while work remains. Without a pinned queen the search visits
 * one board of each class under the 8 symmetries of the square and weighs it by its class size:
 * the unique count comes with it at no cost. A pinned first queen is counted directly, by masking
 * every row with the squares it leaves open, never by filtering.
 */
#ifndef NQ_COUNT_H
#define NQ_COUNT_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/progress.h"

typedef struct nq_count_options {
    const nq_square *first; /* the pinned first queen, or NULL */
    bool unique;            /* also report solutions unique under symmetry (needs first == NULL) */
    nq_run run;             /* threads, cancel flag, progress reports */
} nq_count_options;

typedef struct nq_count_result {
    bool complete;      /* false: cancelled, and the figures are partial */
    uint64_t solutions;
    uint64_t unique;    /* when asked for */
    uint64_t nodes;     /* queens placed by the search it ran (see nq/progress.h) */
    uint64_t dead_ends; /* rows it found with every square attacked */
} nq_count_result;

/* Counts the solutions of the n x n board, 1 <= n <= NQ_MAX_N. Every helper thread is joined
 * before it returns. */
nq_count_result nq_count(int n, const nq_count_options *options);

/* The number of threads run.threads = 0 stands for: the cores online. */
int nq_count_default_threads(void);

#endif
