/*
 * nq/find.h -- one solution, fast, with or without a pinned first queen.
 *
 * Not lexicographic: the search fills the most constrained row first (the row with the fewest
 * open squares) and crosses off every attacked square as it goes, so dead ends show at once and
 * a solution of a 64 x 64 board takes microseconds. The search is complete: when it answers
 * "none", there is none.
 */
#ifndef NQ_FIND_H
#define NQ_FIND_H

#include <stdbool.h>

#include "nq/board.h"

/* Finds a solution of the n x n board (1 <= n <= NQ_MAX_N) containing first (NULL: any) and
 * writes it to cols (n entries). Returns false when there is none. Any thread may call it. */
bool nq_find(int n, const nq_square *first, int *cols);

#endif
