/*
 * classes.h -- counting every solution by searching one board of each symmetry class.
 * Private to src/core.
 *
 * The eight symmetries of the square map solutions to solutions. The search visits only the
 * boards whose queen nearest to a corner stands in the top row, left of the middle, and prunes
 * by that rule as it goes; each solution it keeps stands for its whole class (8, 4 or 2 boards).
 * So the number of classes (unique solutions) comes with the total, for free.
 */
#ifndef NQ_CLASSES_H
#define NQ_CLASSES_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/progress.h"

typedef struct nq_classes_result {
    bool complete;       /* false: cancelled, and the figures are partial */
    uint64_t solutions;  /* all solutions */
    uint64_t unique;     /* symmetry classes */
    uint64_t nodes;      /* queens this search placed */
    uint64_t dead_ends;  /* rows it found with every square closed */
} nq_classes_result;

/* Counts the solutions of the n x n board (1 <= n <= NQ_MAX_N) on run->threads threads, which
 * take subproblems from a shared cursor. Progress reports carry the running total in `found`
 * (`solutions` stays 0 until the end: nothing is known in lexicographic order). Any thread; every
 * helper thread is joined before it returns. */
nq_classes_result nq_classes_count(int n, const nq_run *run);

#endif
