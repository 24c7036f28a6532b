/*
 * nq/heatmap.h -- where the solutions are: for every square, how many solutions (of those with
 * the pinned first queen, when there is one) put a queen there.
 *
 * Each square's number is a pinned count (the square, and the first queen if any, both pinned).
 * The symmetries of the square that keep the first queen where it is (all 8 without one) map
 * squares onto squares with the same number, so each class of squares is counted once. Squares
 * fill in as their class finishes, row by row from the top (the first queen's own square first),
 * so a reader on another thread sees the map grow; a square the first queen attacks, or one in
 * the first queen's row, is known at once (0). A number once known never changes.
 *
 * Threads: create, fill and free belong to one thread; the reading functions may be called from
 * any thread while the fill runs (the reader must be done before the free).
 */
#ifndef NQ_HEATMAP_H
#define NQ_HEATMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/progress.h"

typedef struct nq_heatmap nq_heatmap;

/* An empty map of the n x n board (1 <= n <= NQ_MAX_N) with the optional first queen; nothing is
 * counted yet. The caller owns it: free it with nq_heatmap_free(). */
nq_heatmap *nq_heatmap_create(int n, const nq_square *first);

/* Counts every class of squares, on run->threads threads, cancellable by run->cancel, reporting
 * through run->progress (progress.solutions: the squares known so far; progress.found: the
 * solutions of the board, once known; nodes and dead ends: those of the counts so far, whose basis
 * is NQ_BASIS_CLASSES). Returns false if cancelled: what is known stays readable.
 * Call it once. */
bool nq_heatmap_fill(nq_heatmap *map, const nq_run *run);

void nq_heatmap_free(nq_heatmap *map);

/* The number of solutions with a queen on square (on the board), into *count; false while it is
 * not known yet. */
bool nq_heatmap_get(const nq_heatmap *map, nq_square square, uint64_t *count);

/* How many of the n * n squares are known. */
int nq_heatmap_known(const nq_heatmap *map);

/* The solutions of the board (with the first queen), once every square is known; else 0. */
uint64_t nq_heatmap_total(const nq_heatmap *map);

/* The check every heatmap passes, since each solution has one queen in each row and each column:
 * whether every row (*rows) and every column (*columns) of counts (n x n, row after row) sums to
 * total. Any thread. */
void nq_heatmap_check(int n, const uint64_t *counts, uint64_t total, bool *rows, bool *columns);

/* The largest number known so far (the top of the map's scale). */
uint64_t nq_heatmap_max(const nq_heatmap *map);

#endif
