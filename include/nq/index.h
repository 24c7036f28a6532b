/*
 * nq/index.h -- random access to the solutions in lexicographic order: the k-th solution, and
 * the position (rank) of a given one, without walking the solutions before it.
 *
 * An index counts the solutions below every prefix of the first few rows (on all cores) and keeps,
 * per prefix, its key and the number of solutions before it: 17 bytes a prefix, a few MiB at
 * most, however many solutions there are. The k-th solution is then a binary search over the
 * prefixes and a short enumeration inside one small subtree.
 *
 * Filling goes in lexicographic order, so while it runs the first nq_index_known() solutions are
 * already reachable: a worker thread fills, and the UI thread pages, at the same time. Every
 * reading function may be called from any thread during the fill; create, fill and free belong to
 * one thread (the reader must be done before the free).
 */
#ifndef NQ_INDEX_H
#define NQ_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/progress.h"

typedef struct nq_index nq_index;

/* Lists the prefixes of the n x n board (1 <= n <= NQ_MAX_N) with the optional first queen;
 * nothing is counted yet. The caller owns the result: free it with nq_index_free(). */
nq_index *nq_index_create(int n, const nq_square *first);

/* An index of the boards unique under symmetry of the n x n board (no pinned queen): of each class
 * of solutions under the 8 rotations and reflections, only its lexicographically smallest board
 * (nq_symmetry_is_canonical), in lexicographic order. Every function below works on it the same way:
 * known, unrank and rank count those boards only (rank is 0 for a board that is not the smallest of
 * its class), and the progress figures' solutions are those boards. Its nodes and dead ends are
 * those of its own narrower search, which counts the last five rows by tables. */
nq_index *nq_index_create_unique(int n);

/* Counts everything, in order, on run->threads threads, cancellable by run->cancel, with
 * progress reports through run->progress.
 * Returns false if cancelled: what is known stays reachable. Call it once. */
bool nq_index_fill(nq_index *index, const nq_run *run);

/* create + fill on `threads` threads (0: one per core), not cancellable. */
nq_index *nq_index_build(int n, const nq_square *first, int threads);

void nq_index_free(nq_index *index);

/* Solutions reachable so far (all of them once the fill is complete). */
uint64_t nq_index_known(const nq_index *index);

/* The figures of the fill so far: those of the search it runs, whose last five rows are counted
 * by tables rather than placed (basis NQ_BASIS_INDEX_FILL, nq/figures.h), or, from N = 12 to 19
 * without a first queen, those of the count by halves it runs (NQ_BASIS_HALVES). */
nq_progress nq_index_progress(const nq_index *index);

/* Bytes of memory the index holds. */
size_t nq_index_bytes(const nq_index *index);

/* The k-th solution (1 <= k <= known) into cols[0..n-1] (n entries); false if k is out of that
 * range. */
bool nq_index_unrank(const nq_index *index, uint64_t k, int *cols);

/* The position (from 1) of solution cols[0..n-1] among the index's solutions, or 0 if cols is
 * not one of them or not reachable yet. */
uint64_t nq_index_rank(const nq_index *index, const int *cols);

#endif
