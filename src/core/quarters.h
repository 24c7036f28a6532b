/*
 * quarters.h -- the quarter table of counting by halves (halves.c): for every set of rows and
 * equal-sized set of columns of a q x q quarter, the ways to put one queen on each such row and
 * column with no two on a diagonal, as their two diagonal masks. All four quarters of the board
 * are the same table, shifted. The engine's own: not for the app or the command line.
 */
#ifndef NQ_QUARTERS_H
#define NQ_QUARTERS_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/progress.h"

/* An entry: the quarter's diagonal masks in its own squares, d1 (row + column) in the low 32
 * bits, d2 (row - column + q - 1) in the high 32: 2q - 1 bits each. A half board is never packed
 * this way: its key is made from each quarter's entry (halves.c). */
enum { D2_SHIFT = 32 };
#define D1_BITS UINT64_C(0xffffffff)

typedef struct quarters {
    int q;
    uint32_t *start; /* (1 << 2q) + 1 offsets: entries of (rows, columns) at key rows << q | columns */
    uint64_t *entries;
    uint64_t *places; /* NULL, or for each entry where its queens stand: 4 bits a column, column
                         c's row in bits 4c to 4c + 3 (NQ_QUARTER_EMPTY where c has none) */
    uint64_t nodes; /* queens placed building it */
} quarters;

/* A column of an entry's places with no queen. */
enum { NQ_QUARTER_EMPTY = 15 };

/* The quarter table of q x q quarters (q <= 12), with each entry's places if asked, or, if run
 * (may be NULL) is cancelled while it is built, a table that *stopped says not to use. The caller
 * frees it with nq_quarters_free(). Any thread. */
quarters nq_quarters_build(int q, bool places, const nq_run *run, bool *stopped);

void nq_quarters_free(quarters *t);

#endif
