/*
 * nq/index.h -- random access to the solutions in lexicographic order: the k-th solution, and
 * the position (rank) of a given one, without walking the solutions before it.
 *
 * Building an index counts the solutions below every prefix of the first few rows (on all
 * cores) and keeps, per prefix, its key and the number of solutions before it: 16 bytes a prefix,
 * a few MiB at most, however many solutions there are. Finding the k-th solution is then a binary
 * search over the prefixes and a short enumeration inside one small subtree.
 * An index is immutable once built: any number of threads may read it at once.
 */
#ifndef NQ_INDEX_H
#define NQ_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"

typedef struct nq_index nq_index;

/* Counts and indexes the n x n board (1 <= n <= NQ_MAX_N) with the optional first queen using
 * threads threads (0: one per core). The caller owns the result: free it with nq_index_free(). */
nq_index *nq_index_build(int n, const nq_square *first, int threads);

void nq_index_free(nq_index *index);

/* The number of solutions. */
uint64_t nq_index_total(const nq_index *index);

/* Queens placed while building the index. */
uint64_t nq_index_nodes(const nq_index *index);

/* Bytes of memory the index holds. */
size_t nq_index_bytes(const nq_index *index);

/* The k-th solution (1 <= k <= total) into cols; false if k is out of range. */
bool nq_index_unrank(const nq_index *index, uint64_t k, int *cols);

/* The position (from 1) of solution cols among the index's solutions, or 0 if cols is not one
 * of them. */
uint64_t nq_index_rank(const nq_index *index, const int *cols);

#endif
