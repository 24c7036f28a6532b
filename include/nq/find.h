/*
 * nq/find.h -- one solution, fast, with or without a pinned first queen.
 *
 * Not lexicographic. Up to NQ_MAX_N the search fills the most constrained row first (the row
 * with the fewest open squares) and crosses off every attacked square as it goes, so dead ends
 * show at once and a solution of a 64 x 64 board takes microseconds; it is complete: when it
 * answers "none", there is none. Larger boards always have a solution, with any queen pinned:
 * there an explicit construction gives one in O(n), and a pinned queen is moved into place by
 * swapping rows and repairing the few diagonal conflicts that leaves (local search by swaps).
 */
#ifndef NQ_FIND_H
#define NQ_FIND_H

#include <stdbool.h>

#include "nq/board.h"

/* The largest board find takes. */
enum { NQ_FIND_MAX_N = 1000000 };

/* Finds a solution of the n x n board (1 <= n <= NQ_FIND_MAX_N) containing first (NULL: any) and
 * writes it to cols (n entries, owned by the caller). Returns false when there is none. Above
 * NQ_MAX_N it allocates O(n) temporary memory. Any thread may call it. */
bool nq_find(int n, const nq_square *first, int *cols);

#endif
