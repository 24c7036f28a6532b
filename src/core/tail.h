/*
 * tail.h -- the last five rows of a search, counted by tables instead of placing queens there.
 * Private to src/core.
 *
 * With five columns left for five rows, their solutions are the orders of those columns (120
 * at most) that no two queens of the five attack, which depends only on the gaps between the
 * columns (625 shapes), and that put each row's queen on a square left open (five masks of five
 * bits). Each is a precomputed set of orders as a 128-bit mask, so the count is an AND of seven
 * and a popcount. The rows near the bottom are where most queens of a search are placed, so this
 * halves the time of the count. The tables are built once per process; the AND runs with BMI2's
 * PEXT where the processor has it, or with a portable kernel.
 */
#ifndef NQ_TAIL_H
#define NQ_TAIL_H

#include <stdbool.h>
#include <stdint.h>

#include "bits.h"

enum { NQ_TAIL_ROWS = 5, NQ_TAIL_ORDERS = 120, NQ_TAIL_WORD_BITS = 64 };

/* A set of orders of the five columns left: order i (in lexicographic order) is bit
 * i % NQ_TAIL_WORD_BITS of word[i / NQ_TAIL_WORD_BITS]. */
typedef struct nq_tail_set {
    uint64_t word[2];
} nq_tail_set;

/* Builds the tables and picks the fastest kernel the processor has, once per process; any
 * thread, any number of times. Call it before the other functions. */
void nq_tail_init(void);

/* The orders of the five columns of `left` (the board's columns with no queen yet; exactly five
 * bits) that fit the five rows whose open squares are open[0..4], into *fit; returns how many.
 * cols receives the five columns, left to right: order i puts row r's queen on
 * cols[nq_tail_order(i)[r]]. Any thread. */
int nq_tail_fit(uint64_t left, const uint64_t open[NQ_TAIL_ROWS], int cols[NQ_TAIL_ROWS], nq_tail_set *fit);

/* The most rows nq_tail_count_above() walks above the five. */
enum { NQ_TAIL_ABOVE = 2 };

/* What nq_tail_count_above() walked: the queens it placed in each of its rows, and the rows
 * below its first that it found with every square attacked. */
typedef struct nq_tail_walk {
    uint64_t queens[NQ_TAIL_ABOVE];
    uint64_t dead_ends;
} nq_tail_walk;

/* For a search that only counts: the solutions of the last `above` + 5 rows (above: 1 or
 * NQ_TAIL_ABOVE) of the n x n board, entered with the attacks *a, with the first row's queen on
 * each of `squares` (its open squares) in turn, then the second row's (when above is 2) on each
 * square it leaves open, and the five rows below counted by the tables. allowed[i] masks the
 * (i + 1)-th row below the first (and leaves the columns past n - 1 closed). *walk receives what
 * it placed. The kernel counts the queens with the processor's popcount where the caller's code
 * may have none. Any thread. */
uint64_t nq_tail_count_above(int n, const nq_attacks *a, uint64_t squares, const uint64_t *allowed, int above,
                             nq_tail_walk *walk);

/* The orders that put row r's queen (0 to 4) on one of the columns in subset (bit i: the i-th of
 * the five columns left, from the left). */
const nq_tail_set *nq_tail_orders_placing(int r, unsigned subset);

/* Order i (0 to 119): row r's queen stands on the order[r]-th of the five columns left. */
const unsigned char *nq_tail_order(int i);

/* Makes later fits and counts use the portable kernel even where the processor has BMI2 and POPCNT
 * (true), or the fastest one it has (false, the default). For the tests, which compare the
 * two; not to be called while a count runs. */
void nq_tail_portable_kernel(bool portable);

#endif
