/*
 * nq/count.h -- how many solutions a board has, on all cores.
 *
 * Two searches, chosen by size (each where it is the faster). Up to N = 13, and above 22, a
 * search row by row: without a pinned queen it visits one board of each class under the 8
 * symmetries of the square and weighs it by its class size, so the unique count comes with it; a
 * pinned first queen is counted directly, by masking every row with the squares it leaves open.
 * From 14 to 22 (with a pinned queen: even N from 16) solutions of the board's quarters are
 * joined into half boards and the halves matched, which grows about half as fast with N; the
 * unique count then comes from the few boards a turn leaves unchanged. Either way the work is
 * split into independent subproblems that threads take from a shared cursor, so no core idles
 * while work remains, and the counts are the same on any number of threads.
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
    uint64_t nodes;     /* queens placed by the row search (see nq/progress.h); by halves, the
                           partial boards built */
    uint64_t dead_ends; /* rows found with every square attacked; by halves, the pairs tried that
                           did not fit (quarters into halves, halves into solutions) */
} nq_count_result;

/* Counts the solutions of the n x n board, 1 <= n <= NQ_MAX_N. Every helper thread is joined
 * before it returns. */
nq_count_result nq_count(int n, const nq_count_options *options);

/* The number of threads run.threads = 0 stands for: the cores online. */
int nq_count_default_threads(void);

#endif
