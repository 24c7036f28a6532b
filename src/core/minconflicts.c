/*
 * minconflicts.c -- the min-conflicts rule of nq/minconflicts.h, and its full-speed run.
 *
 * Counting queens per column and diagonal makes "how many queens attack this square" three
 * look-ups, so a move costs one pass over its row, and the start one look-up per try. A random free
 * column is found in a Fenwick tree of the free columns (the k-th one from the left in O(log n)),
 * which is what lets the start of a board of 10^6 queens take a fraction of a second. A queen in
 * conflict is picked by drawing rows until one is: uniform among them, and cheap however few are
 * left, as the attacking pairs are counted as the board changes.
 */
#include "nq/minconflicts.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nq/find.h"
#include "nq/method.h"
#include "xorshift.h"

uint64_t nq_mc_below(uint64_t *state, uint64_t bound)
{
    NQ_CHECK(bound >= 1);
    /* Rejection keeps it uniform: draws in the last partial multiple of bound are redrawn. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t v;
    do
        v = nq_splitmix_next(state);
    while (v >= limit);
    return v % bound;
}

/* ---- the free columns: a Fenwick tree over 1..n, 1 where no queen stands ---- */

static void free_add(const nq_mc_board *b, int column, int delta)
{
    for (int i = column + 1; i <= b->n; i += i & -i)
        b->free[i] = (uint32_t)((int)b->free[i] + delta);
}

static uint32_t free_count(const nq_mc_board *b)
{
    uint32_t sum = 0;
    for (int i = b->n; i > 0; i -= i & -i)
        sum += b->free[i];
    return sum;
}

/* The k-th (from 0) free column from the left; k < free_count. */
static int free_kth(const nq_mc_board *b, uint32_t k)
{
    int pos = 0, step = 1;
    while (step * 2 <= b->n)
        step *= 2;
    for (; step > 0; step /= 2) {
        if (pos + step <= b->n && b->free[pos + step] <= k) {
            pos += step;
            k -= b->free[pos];
        }
    }
    return pos; /* 1-based pos + 1 is the column's slot: 0-based that is pos */
}

/* Every column free, no queen, nothing counted. */
static void board_clear(nq_mc_board *b)
{
    int n = b->n;
    memset(b->columns, 0, (size_t)n * sizeof *b->columns);
    memset(b->downs, 0, (size_t)(2 * n - 1) * sizeof *b->downs);
    memset(b->ups, 0, (size_t)(2 * n - 1) * sizeof *b->ups);
    b->free[0] = 0;
    for (int i = 1; i <= n; i++)
        b->free[i] = (uint32_t)(i & -i);
    for (int r = 0; r < n; r++)
        b->cols[r] = -1;
    b->pairs = 0;
}

void nq_mc_put(nq_mc_board *b, int row, int column)
{
    NQ_CHECK(b->cols[row] < 0 && column >= 0 && column < b->n);
    uint32_t *column_count = &b->columns[column];
    uint32_t *down = &b->downs[row - column + b->n - 1];
    uint32_t *up = &b->ups[row + column];
    b->pairs += *column_count + *down + *up;
    if ((*column_count)++ == 0)
        free_add(b, column, -1);
    ++*down;
    ++*up;
    b->cols[row] = column;
}

void nq_mc_lift(nq_mc_board *b, int row)
{
    int column = b->cols[row];
    NQ_CHECK(column >= 0);
    uint32_t *column_count = &b->columns[column];
    uint32_t *down = &b->downs[row - column + b->n - 1];
    uint32_t *up = &b->ups[row + column];
    if (--*column_count == 0)
        free_add(b, column, +1);
    --*down;
    --*up;
    b->pairs -= *column_count + *down + *up;
    b->cols[row] = -1;
}

uint32_t nq_mc_attacks(const nq_mc_board *b, int row, int column)
{
    uint32_t a = b->columns[column] + b->downs[row - column + b->n - 1] + b->ups[row + column];
    return b->cols[row] == column ? a - 3 : a; /* the row's own queen shares all three lines */
}

void nq_mc_small_set(nq_mc_small *s, int n, const int *cols, int pinned_row)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    s->board = (nq_mc_board){n, pinned_row, s->cols, s->columns, s->downs, s->ups, s->free, 0};
    board_clear(&s->board);
    for (int r = 0; r < n; r++)
        if (cols[r] >= 0)
            nq_mc_put(&s->board, r, cols[r]);
}

int nq_mc_start_column(const nq_mc_board *b, int row, uint64_t *rng, uint32_t *attacks)
{
    uint32_t free = free_count(b);
    NQ_CHECK(b->cols[row] < 0 && free > 0);
    int best = -1;
    uint32_t least = UINT32_MAX;
    for (int i = 0; i < NQ_MC_START_TRIES && least > 0; i++) {
        int c = free_kth(b, (uint32_t)nq_mc_below(rng, free));
        uint32_t a = nq_mc_attacks(b, row, c);
        if (a < least) {
            least = a;
            best = c;
        }
    }
    *attacks = least;
    return best;
}

int nq_mc_pick(const nq_mc_board *b, uint64_t *rng)
{
    NQ_CHECK(b->pairs > 0);
    for (;;) {
        int r = (int)nq_mc_below(rng, (uint64_t)b->n);
        if (r != b->pinned_row && b->cols[r] >= 0 && nq_mc_attacks(b, r, b->cols[r]) > 0)
            return r;
    }
}

int nq_mc_best_column(const nq_mc_board *b, int row, uint64_t *rng, uint32_t *attacks)
{
    NQ_CHECK(b->n >= 2);
    int best = -1;
    uint32_t least = UINT32_MAX;
    uint64_t ties = 0;
    for (int c = 0; c < b->n; c++) {
        if (c == b->cols[row])
            continue;
        uint32_t a = nq_mc_attacks(b, row, c);
        if (a < least) {
            least = a;
            best = c;
            ties = 1;
        } else if (a == least && nq_mc_below(rng, ++ties) == 0) {
            best = c; /* each of the ties kept with chance 1 / ties: uniform among them */
        }
    }
    *attacks = least;
    return best;
}

nq_mc_result nq_mc_find(int n, const nq_square *first, uint64_t seed, uint64_t budget, int *cols)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_FIND_MAX_N);
    size_t lines = 2 * (size_t)n - 1;
    nq_mc_board b = {n, first ? first->row : -1, cols, NQ_CHECK_ALLOC(malloc((size_t)n * sizeof(uint32_t))),
                     NQ_CHECK_ALLOC(malloc(lines * sizeof(uint32_t))), NQ_CHECK_ALLOC(malloc(lines * sizeof(uint32_t))),
                     NQ_CHECK_ALLOC(malloc(((size_t)n + 1) * sizeof(uint32_t))), 0};
    board_clear(&b);
    uint64_t rng = seed;
    if (first)
        nq_mc_put(&b, first->row, first->column);
    for (int r = 0; r < n; r++) {
        if (b.cols[r] < 0) {
            uint32_t a;
            nq_mc_put(&b, r, nq_mc_start_column(&b, r, &rng, &a));
        }
    }
    nq_mc_result result = {false, 0, b.pairs};
    uint64_t most = budget ? budget : NQ_PLAN_BUDGET;
    while (b.pairs > 0 && result.moves < most) {
        int r = nq_mc_pick(&b, &rng);
        uint32_t a;
        int c = nq_mc_best_column(&b, r, &rng, &a);
        nq_mc_lift(&b, r);
        nq_mc_put(&b, r, c);
        result.moves++;
    }
    result.solved = b.pairs == 0;
    free(b.columns);
    free(b.downs);
    free(b.ups);
    free(b.free);
    return result;
}
