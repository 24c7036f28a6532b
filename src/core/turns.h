/*
 * turns.h -- the solutions a turn of the board leaves as they are. Private to src/core.
 *
 * Counting by halves (halves.h) counts every solution, not one per symmetry class. The classes
 * then come from Burnside's lemma: their number is the average, over the 8 symmetries of the
 * square, of the solutions each leaves unchanged. Above n = 1 no reflection leaves a solution
 * unchanged (two queens would share a row, a column or a diagonal), so only the turns count,
 * and a board a turn keeps is fixed by its first rows: these searches are tiny next to the
 * count.
 */
#ifndef NQ_TURNS_H
#define NQ_TURNS_H

#include <stdint.h>

/* The largest n the turns are counted for (their diagonals fit a 64-bit mask). */
enum { NQ_TURNS_MAX_N = 32 };

/* The solutions of the n x n board (1 <= n <= NQ_TURNS_MAX_N) that a half turn leaves unchanged
 * (into *half) and that a quarter turn does (into *quarter). Any thread. */
void nq_turns_count(int n, uint64_t *half, uint64_t *quarter);

/* The number of classes under the 8 symmetries of the square among `total` solutions of the
 * n x n board, `half` and `quarter` of them as nq_turns_count() gives. */
uint64_t nq_turns_unique(int n, uint64_t total, uint64_t half, uint64_t quarter);

#endif
