/*
 * construct.h -- a solution of a large board without a search tree: an explicit construction,
 * and a local search by swaps that holds a pinned queen. Private to src/core.
 */
#ifndef NQ_CONSTRUCT_H
#define NQ_CONSTRUCT_H

#include <stdbool.h>

#include "nq/board.h"

/* Writes into cols[0..n-1] the solution of the n x n board (n >= 4) the construction gives. */
void nq_construct(int n, int *cols);

/* Writes into cols[0..n-1] (n >= 4) a solution with a queen on `first`: a random start that
 * holds it, then swaps of other rows' columns while that lowers the number of queens sharing a
 * diagonal, until none do. Rows stay a permutation throughout, so columns never clash; seed
 * drives the random choices. Returns false if a budget of swaps ran out (cols then holds some
 * permutation): the caller tries another seed. O(n) time and memory. Any thread. */
bool nq_construct_pinned(int n, int *cols, nq_square first, unsigned long long seed);

#endif
