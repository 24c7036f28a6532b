/*
 * nq/trace.h -- a search as the steps a person watches, for each method of nq/method.h.
 *
 * A pull iterator: each nq_trace_next() returns one step. Backtracking fills rows top to bottom and
 * tries each column of a row from the left: a square is tried, then either rejected (naming the
 * queen that attacks it and how) or a queen is placed there and the search moves to the next row.
 * A row whose squares were all rejected is a dead end. When a row runs out of squares the search
 * removes the queen of the row above and goes on there (backtracks). A full board is a solution;
 * the search then goes on for the next one. A pinned first queen stands on the board from the
 * start: its row is never searched and the queen never moves.
 * The solutions come out in the same order as nq_enum gives them.
 *
 * Forward checking places a queen on the leftmost square of the row that nothing has crossed off
 * (no try, no reject: the squares left are safe by construction), then crosses off, row by row
 * below (every row without a queen, top to bottom), the squares the queen attacks that were still
 * open: one step per row that loses a square. A row left with none is a wipe-out: the search stops
 * crossing off and takes the queen back at once. A row whose squares have all been tried is not a
 * dead end (it never reached one) but simply gives back to the queen placed before it.
 * First fail is forward checking that, before each placement, selects the row with the fewest
 * squares left (ties: the topmost) rather than the next row down: its solutions come out in another
 * order, the same set. A pinned queen crosses off its squares before anything else.
 * Min-conflicts (nq/minconflicts.h) places a queen in every row, then moves queens in conflict
 * until none is, or its budget of moves runs out; it finds at most one solution.
 *
 * The iterator is a plain struct (544 bytes on x86-64), owned by the caller; one thread at a time.
 */
#ifndef NQ_TRACE_H
#define NQ_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/method.h"

typedef enum nq_step_kind {
    NQ_STEP_TRY,      /* row, column: the square about to be checked */
    NQ_STEP_REJECT,   /* row, column, line, by_row, by_column: it is attacked */
    NQ_STEP_PLACE,    /* row, column: a queen is placed there */
    NQ_STEP_DEAD_END, /* row: every square of this row was rejected */
    NQ_STEP_REMOVE,   /* row, column: the queen there is taken back (backtrack) */
    NQ_STEP_SOLUTION, /* solution: its 1-based index; the placed queens form it */
    NQ_STEP_DONE,     /* the search is over; solution: how many it found */
    NQ_STEP_CROSS,    /* row, by_row, by_column, squares: the queen crossed these off in the row */
    NQ_STEP_WIPE_OUT, /* row, by_row, by_column: that queen crossed off the row's last square */
    NQ_STEP_SELECT,   /* row, squares: first fail searches this row next; its squares left */
    NQ_STEP_CONFLICT, /* row, column, count: the queen in conflict chosen to move; queens attacking it */
    NQ_STEP_MOVE      /* row, column, by_column, count: the queen moves from by_column to column,
                         where count queens attack it */
} nq_step_kind;

/* One step, 0-based squares. Small on purpose: steps travel through the worker's queue. */
typedef struct nq_step {
    uint8_t kind;      /* nq_step_kind */
    uint8_t line;      /* for a reject: the nq_line it is attacked along (never NQ_LINE_ROW) */
    uint8_t row, column;
    uint8_t by_row, by_column; /* for a reject: the queen that attacks the square (the topmost,
                                  and by its column before its diagonals) */
    union {
        uint64_t solution; /* solution, done */
        uint64_t squares;  /* cross, select: bit c for column c */
        uint64_t count;    /* min-conflicts' place, conflict, move: queens attacking the square */
    };
} nq_step;

typedef struct nq_trace {
    int n;
    int pinned_row; /* -1: no pinned queen */
    int row;        /* the row being searched; n after a solution */
    int state;      /* what the next step is (trace.c) */
    int method;     /* nq_method */
    uint64_t solutions;
    uint64_t nodes;     /* queens placed (min-conflicts: at its start) */
    uint64_t dead_ends; /* rows with every square rejected (backtracking) */
    uint64_t wipe_outs; /* rows left with no square by a queen's crossing off */
    uint64_t crossed;   /* squares crossed off */
    uint64_t moves;     /* min-conflicts: moves made */
    uint64_t budget;    /* min-conflicts: the most moves */
    uint64_t random;    /* min-conflicts: the state of its random sequence (from the plan's seed) */
    int depth;          /* forward checking, first fail: queens standing (the pinned one too) */
    int cursor;         /* ... the next row the newest queen crosses off in (n: it has finished) */
    uint8_t order[NQ_MAX_N]; /* ... the rows of the standing queens, in the order they were placed */
    int cols[NQ_MAX_N];          /* each row's queen, -1 for none */
    uint8_t next_column[NQ_MAX_N]; /* the next column to try in each row */
    bool placed_any[NQ_MAX_N];   /* a queen was placed in this row since the search came to it */
} nq_trace;

/* Starts the backtracking search of the n x n board (1 <= n <= NQ_MAX_N) with the optional pinned
 * queen. */
void nq_trace_init(nq_trace *t, int n, const nq_square *first);

/* Starts the search the plan describes (1 <= n <= NQ_MAX_N, the first queen on the board). */
void nq_trace_start(nq_trace *t, const nq_plan *plan);


/* Starts backtracking from a position rather than from the empty board: the queens of cols[0..n-1]
 * (-1: none) stand, the pinned queen among them (first, or NULL), and the search goes on in the
 * topmost row without a queen, from its leftmost square, as backtracking does when it comes to a
 * row; a row with a queen goes on after its queen's column once the search backs up into it. The
 * queens may stand in any rows and attack one another: each reject still names the topmost
 * attacker (nq_trace_attacker). With no row left the next step is the solution step. For the
 * learner's board: what backtracking would do next from there. */
void nq_trace_resume(nq_trace *t, int n, const int *cols, const nq_square *first);

/* The next step into *step. Returns false once the done step has been returned. */
bool nq_trace_next(nq_trace *t, nq_step *step);

/* Forward checking and first fail: the squares of row (bit c) the standing queens have crossed off
 * so far (the newest only as far as it has got); 0 for a row with a queen and for other methods. */
uint64_t nq_trace_crossed(const nq_trace *t, int row);

/* How many squares of row (without a queen) are not crossed off yet: the row's width for methods
 * that cross nothing off. */
int nq_trace_squares_left(const nq_trace *t, int row);

/* How many squares a cross or select step names. */
int nq_step_squares(const nq_step *step);

/* Whether the search ended by running out of its budget (min-conflicts, unsolved). */
bool nq_trace_gave_up(const nq_trace *t);

/* The row after row that backtracking and forward checking fill (the pinned row is not
 * searched): the first one for row -1, and n when row is the last. */
int nq_trace_row_after(const nq_trace *t, int row);

/* The row before row that backtracking fills (the pinned row is not searched), or -1: the row whose
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
