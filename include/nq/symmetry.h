/*
 * nq/symmetry.h -- the 8 symmetries of the square (rotations and reflections) and the number
 * of solutions each one leaves unchanged.
 *
 * By Burnside's lemma the number of solutions unique under symmetry is the average, over the 8
 * symmetries, of the solutions each one fixes. The identity fixes all of them (the plain count);
 * the other 7 fix so few that a search over whole orbits of squares counts them in a blink.
 * So counting unique solutions costs no more than counting all of them.
 */
#ifndef NQ_SYMMETRY_H
#define NQ_SYMMETRY_H

#include <stdint.h>

#include "nq/board.h"

typedef enum nq_symmetry {
    NQ_SYM_IDENTITY,
    NQ_SYM_ROTATE_90,      /* a quarter turn clockwise */
    NQ_SYM_ROTATE_180,
    NQ_SYM_ROTATE_270,
    NQ_SYM_MIRROR,         /* left and right swap */
    NQ_SYM_FLIP,           /* top and bottom swap */
    NQ_SYM_TRANSPOSE,      /* across the diagonal from the top left */
    NQ_SYM_ANTI_TRANSPOSE, /* across the diagonal from the top right */
    NQ_SYM_COUNT
} nq_symmetry;

/* Where symmetry g takes the square at (column, row) of an n x n board. */
nq_square nq_symmetry_apply(nq_symmetry g, int n, nq_square square);

/* The number of solutions of the n x n board (1 <= n <= NQ_MAX_N) that g maps onto
 * themselves. Not for NQ_SYM_IDENTITY (that is the full count). Any thread may call it. */
uint64_t nq_symmetry_fixed(nq_symmetry g, int n);

/* Solutions unique under symmetry, from the full count of the n x n board. */
uint64_t nq_symmetry_unique(int n, uint64_t solutions);

#endif
