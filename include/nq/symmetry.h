/*
 * nq/symmetry.h -- the 8 symmetries of the square (rotations and reflections) and the number
 * of solutions each one leaves unchanged.
 *
 * By Burnside's lemma the number of solutions unique under symmetry is the average, over the 8
 * symmetries, of the solutions each one fixes. The identity fixes all of them (the plain count);
 * the other 7 fix so few that a search over whole orbits of squares counts them in a blink.
 * So counting unique solutions costs no more than counting all of them.
 *
 * The same 8 symmetries also act on one solution: its images, its class (the distinct boards they
 * make, and which symmetries leave it unchanged), its variants in order, and whether it is the
 * smallest of its class, the board the unique listing and the unique index keep.
 */
#ifndef NQ_SYMMETRY_H
#define NQ_SYMMETRY_H

#include <stdbool.h>
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

/* The placement symmetry g makes of placement cols[0..n-1] (one queen per row and per column, as
 * every solution is), into out[0..n-1] (out must not overlap cols). Any n >= 1. Any thread. */
void nq_symmetry_image(nq_symmetry g, int n, const int *cols, int *out);

/* The class of a solution: the distinct boards its 8 images make, and which symmetries leave it
 * unchanged. */
typedef struct nq_symmetry_class {
    int size;       /* distinct boards: 8, 4, 2, or 1 (only the 1 x 1 board) */
    unsigned fixed; /* bit g set: symmetry g maps the board onto itself (bit 0, the identity, always) */
    nq_symmetry first_image; /* a symmetry that gives the class's lexicographically smallest board */
} nq_symmetry_class;

/* The class of solution cols[0..n-1], 1 <= n <= NQ_MAX_N. Any thread. */
nq_symmetry_class nq_symmetry_classify(int n, const int *cols);

/* The distinct boards of the class of solution cols[0..n-1] (1 <= n <= NQ_MAX_N), in lexicographic
 * order, into out: board i at out[i * n .. i * n + n - 1]; out has room for 8 * n entries. Returns
 * how many (the class size). Any thread. */
int nq_symmetry_variants(int n, const int *cols, int *out);

/* Whether solution cols[0..n-1] is the lexicographically smallest board of its class (the one the
 * unique listing and unique paging show). Any thread. */
bool nq_symmetry_is_canonical(int n, const int *cols);

#endif
