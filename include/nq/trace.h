/*
 * nq/trace.h -- the row-by-row backtracking search as the steps a person watches.
 *
 * A pull iterator: each nq_trace_next() returns one step. The search fills rows top to bottom and
 * tries each column of a row from the left: a square is tried, then either rejected (naming the
 * queen that attacks it and how) or a queen is placed there and the search moves to the next row.
 * A row whose squares were all rejected is a dead end. When a row runs out of squares the search
 * removes the queen of the row above and goes on there (backtracks). A full board is a solution;
 * the search then goes on for the next one. A pinned first queen stands on the board from the
 * start: its row is never searched and the queen never moves.
 * The solutions come out in the same order as nq_enum gives them. The iterator is a plain
 * struct (424 bytes on x86-64), owned by the caller; one thread at a time.
 */
#ifndef NQ_TRACE_H
#define NQ_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"

typedef enum nq_step_kind {
    NQ_STEP_TRY,      /* row, column: the square about to be checked */
    NQ_STEP_REJECT,   /* row, column, line, by_row, by_column: it is attacked */
    NQ_STEP_PLACE,    /* row, column: a queen is placed there */
    NQ_STEP_DEAD_END, /* row: every square of this row was rejected */
    NQ_STEP_REMOVE,   /* row, column: the queen there is taken back (backtrack) */
    NQ_STEP_SOLUTION, /* solution: its 1-based index; the placed queens form it */
    NQ_STEP_DONE      /* the search is over; solution: how many it found */
} nq_step_kind;

/* One step, 0-based squares. Small on purpose: steps travel through the worker's queue. */
typedef struct nq_step {
    uint8_t kind;      /* nq_step_kind */
    uint8_t line;      /* for a reject: the nq_line it is attacked along (never NQ_LINE_ROW) */
    uint8_t row, column;
    uint8_t by_row, by_column; /* for a reject: the queen that attacks the square (the topmost,
                                  and by its column before its diagonals) */
    uint64_t solution;
} nq_step;

typedef struct nq_trace {
    int n;
    int pinned_row; /* -1: no pinned queen */
    int row;        /* the row being searched; n after a solution */
    int state;      /* what the next step is (trace.c) */
    uint64_t solutions;
    uint64_t nodes;     /* queens placed */
    uint64_t dead_ends; /* rows with every square rejected */
    int cols[NQ_MAX_N];          /* each row's queen, -1 for none */
    uint8_t next_column[NQ_MAX_N]; /* the next column to try in each row */
    bool placed_any[NQ_MAX_N];   /* a queen was placed in this row since the search came to it */
} nq_trace;

/* Starts the search of the n x n board (1 <= n <= NQ_MAX_N) with the optional pinned queen. */
void nq_trace_init(nq_trace *t, int n, const nq_square *first);

/* The next step into *step. Returns false once the done step has been returned. */
bool nq_trace_next(nq_trace *t, nq_step *step);

/* The row after row that the search fills (the pinned row is not searched): the first one for
 * row -1, and n when row is the last. */
int nq_trace_row_after(const nq_trace *t, int row);

/* The row before row that the search fills (the pinned row is not searched), or -1: the row whose
 * queen is taken back when row runs out of squares. */
int nq_trace_row_before(const nq_trace *t, int row);

/*
 * The queen of t's board that the search names as attacking (column, row): the topmost, and by
 * its column before its diagonals; queens in the square's own row do not count. Fills line,
 * by_row and by_column of *reject (nothing else) and returns true, or returns false, leaving
 * *reject as it was, when no queen attacks the square. This is how every reject is named, and
 * how a dead-end row's squares can be explained again later.
 */
bool nq_trace_attacker(const nq_trace *t, int row, int column, nq_step *reject);

#endif
