/*
 * nq/minconflicts.h -- local search: a full board (one queen a row) repaired move by move.
 *
 * The rule is written here once, for the watched trace (nq_trace, boards up to NQ_MAX_N, one step
 * at a time) and for the CLI's find (boards up to NQ_FIND_MAX_N, at full speed):
 *  - Start: the rows top to bottom (a pinned queen stands from the start and never moves). Each
 *    row takes a random free column (no queen stands in it: the k-th free column from the left, k
 *    uniform), trying up to NQ_MC_START_TRIES of them until one is attacked by no queen; failing
 *    that, the least attacked of those it tried (the first tried of the least).
 *  - Move: while two queens attack each other, a queen in conflict (attacked by another; never the
 *    pinned one), chosen uniformly at random, moves to the square of its row that the other queens
 *    attack least, other than its own square (ties: uniformly at random). It must move, so a board
 *    where every queen already stands on its best square still changes.
 *  - It gives up after the plan's budget of moves.
 * Randomness comes from splitmix64 seeded with the plan's seed: the same seed gives the same run.
 *
 * An nq_mc_board is a view: the caller owns its arrays (nq_mc_small holds them for n <= NQ_MAX_N;
 * nq_mc_find allocates its own). Any thread; one thread per board.
 */
#ifndef NQ_MINCONFLICTS_H
#define NQ_MINCONFLICTS_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"

/* Random free columns a row of the start tries before it settles for the least attacked. */
enum { NQ_MC_START_TRIES = 16 };

typedef struct nq_mc_board {
    int n;
    int pinned_row;     /* -1: none */
    int *cols;          /* n: each row's queen, -1 for none */
    uint32_t *columns;  /* n: queens in each column */
    uint32_t *downs;    /* 2n - 1: queens on each down-right diagonal (row - column + n - 1) */
    uint32_t *ups;      /* 2n - 1: queens on each down-left diagonal (row + column) */
    uint32_t *free;     /* n + 1: a Fenwick tree of the columns no queen stands in */
    uint64_t pairs;     /* pairs of queens that attack each other */
} nq_mc_board;

/* The arrays of a board up to NQ_MAX_N, and its view. */
typedef struct nq_mc_small {
    nq_mc_board board;
    int cols[NQ_MAX_N];
    uint32_t columns[NQ_MAX_N], downs[2 * NQ_MAX_N - 1], ups[2 * NQ_MAX_N - 1], free[NQ_MAX_N + 1];
} nq_mc_small;

/* The next number of the seeded sequence (splitmix64) uniform below bound (>= 1). */
uint64_t nq_mc_below(uint64_t *state, uint64_t bound);

/* Sets s up as the board cols[0..n-1] (-1: no queen), n <= NQ_MAX_N, with the pinned row (-1:
 * none); s->board is the view. */
void nq_mc_small_set(nq_mc_small *s, int n, const int *cols, int pinned_row);

/* Puts a queen on (column, row) (the row must have none) / lifts the row's queen. */
void nq_mc_put(nq_mc_board *b, int row, int column);
void nq_mc_lift(nq_mc_board *b, int row);

/* The queens of other rows that attack (column, row). */
uint32_t nq_mc_attacks(const nq_mc_board *b, int row, int column);

/* The start's column for row (which has no queen), by the rule above; *attacks gets how many
 * queens attack it. */
int nq_mc_start_column(const nq_mc_board *b, int row, uint64_t *rng, uint32_t *attacks);

/* A queen in conflict, by the rule above; b->pairs must not be 0. */
int nq_mc_pick(const nq_mc_board *b, uint64_t *rng);

/* The square row's queen moves to, by the rule above (n >= 2); *attacks gets how many attack it. */
int nq_mc_best_column(const nq_mc_board *b, int row, uint64_t *rng, uint32_t *attacks);

/* What a full-speed run did. */
typedef struct nq_mc_result {
    bool solved;
    uint64_t moves;            /* moves made */
    uint64_t start_conflicts;  /* pairs of queens attacking each other after the start */
} nq_mc_result;

/*
 * Runs min-conflicts on the n x n board (1 <= n <= NQ_FIND_MAX_N) with the optional pinned queen,
 * seed and budget of moves (0: NQ_PLAN_BUDGET), leaving the board in cols (n entries, the
 * caller's): a solution when the result says solved. Allocates O(n) memory (out of memory ends the
 * program with status 1). Any thread.
 */
nq_mc_result nq_mc_find(int n, const nq_square *first, uint64_t seed, uint64_t budget, int *cols);

#endif
