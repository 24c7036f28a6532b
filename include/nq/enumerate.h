/*
 * nq/enumerate.h -- every solution in lexicographic order, one at a time, as a pull iterator.
 *
 * The caller owns the iterator (it is a plain struct, about 3 KiB, no heap) and pulls with
 * nq_enum_next(); between any two pulls it may stop, so a worker thread can check for
 * cancellation as often as it likes. A pull can take long on large boards (the first solution in
 * order takes seconds from N = 35 on, and ever longer), so nq_enum_pull() also stops after a
 * budget of queens placed and says "not yet"; nodes tells how far the search has gone.
 * The iterator can start after any given solution
 * (nq_enum_seek) and can be confined to the solutions below a fixed prefix of the first rows
 * (nq_enum_init_below), which is how random access finishes its walk.
 * One thread at a time per iterator; iterators share nothing.
 */
#ifndef NQ_ENUMERATE_H
#define NQ_ENUMERATE_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"

typedef struct nq_enum {
    int n;
    int floor;        /* rows above floor are a fixed prefix the iterator never changes */
    int row;          /* the row being filled; n right after a solution was returned */
    bool done;
    bool pending;     /* the fixed prefix is a whole board, not yet returned */
    bool has_first;
    nq_square first;  /* the pinned first queen, when has_first */
    uint64_t nodes;   /* queens the pulls have placed since init (not the prefix, not a seek) */
    uint64_t allowed[NQ_MAX_N];   /* squares the first queen leaves open, per row */
    uint64_t untried[NQ_MAX_N];   /* columns of each row still to try on the current path */
    uint64_t taken[NQ_MAX_N + 1]; /* columns attacked entering row r */
    uint64_t down_right[NQ_MAX_N + 1]; /* squares of row r attacked along down-right diagonals */
    uint64_t down_left[NQ_MAX_N + 1];  /* squares of row r attacked along down-left diagonals */
    int cols[NQ_MAX_N];           /* the current path; a solution when row == n */
} nq_enum;

/* Starts before the first solution of the n x n board (1 <= n <= NQ_MAX_N) that contains the
 * square first (NULL: no pinned queen; otherwise it must be on the board). */
void nq_enum_init(nq_enum *e, int n, const nq_square *first);

/* Starts before the first solution whose first depth rows are prefix[0..depth-1], and ends after
 * the last one. The prefix must be a safe placement that agrees with first. */
void nq_enum_init_below(nq_enum *e, int n, const nq_square *first, const int *prefix, int depth);

/*
 * Repositions an iterator made by nq_enum_init() so that the next pull returns the solution that
 * follows solution in lexicographic order. Returns false (and leaves e as it was) when solution is
 * not a solution of this board with this first queen.
 */
bool nq_enum_seek(nq_enum *e, const int *solution);

typedef enum nq_enum_status {
    NQ_ENUM_FOUND, /* the next solution is in cols */
    NQ_ENUM_DONE,  /* there are no more; every later pull says so too */
    NQ_ENUM_BUSY   /* the budget ran out first: pull again to go on from where it stopped */
} nq_enum_status;

/* Advances towards the next solution, placing at most budget queens (budget >= 1), and copies
 * the solution it finds into cols (n entries, if cols is not NULL). */
nq_enum_status nq_enum_pull(nq_enum *e, int *cols, uint64_t budget);

/* Advances to the next solution and copies it into cols (n entries, if cols is not NULL), however
 * long that takes. Returns false when there are no more; it then keeps returning false. */
bool nq_enum_next(nq_enum *e, int *cols);

#endif
