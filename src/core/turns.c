/*
 * turns.c -- the solutions a half or quarter turn keeps (turns.h).
 *
 * Such a board is made of orbits of its queens under the turn: pairs (row r, column c) and
 * (n - 1 - r, n - 1 - c) for a half turn, fours for a quarter turn, and the centre square alone
 * (which an odd board's turn-kept solution must use: the middle row's queen has to be its own
 * image). The search takes the first row with no queen yet, tries each column for it, and puts
 * the whole orbit at once, each of its queens checked against the others' column and diagonals.
 */
#include "turns.h"

#include <stdbool.h>

#include "check.h"

typedef struct turn_search {
    int n;
    bool quarter;     /* a quarter turn; else a half turn */
    int col_of[NQ_TURNS_MAX_N]; /* -1: the row has no queen yet */
    uint64_t cols, d1, d2;      /* taken columns, row + column, row - column + n - 1 */
} turn_search;

/* Puts a queen on (r, c) if its row, column and diagonals are free; returns whether it did. */
static bool put(turn_search *t, int r, int c)
{
    uint64_t col = UINT64_C(1) << c, a = UINT64_C(1) << (r + c), b = UINT64_C(1) << (r - c + t->n - 1);
    if (t->col_of[r] >= 0 || (t->cols & col) || (t->d1 & a) || (t->d2 & b))
        return false;
    t->col_of[r] = c;
    t->cols |= col;
    t->d1 |= a;
    t->d2 |= b;
    return true;
}

static void take(turn_search *t, int r, int c)
{
    t->col_of[r] = -1;
    t->cols &= ~(UINT64_C(1) << c);
    t->d1 &= ~(UINT64_C(1) << (r + c));
    t->d2 &= ~(UINT64_C(1) << (r - c + t->n - 1));
}

/* The solutions that complete the board from row `row` on. */
static uint64_t complete(turn_search *t, int row)
{
    int n = t->n;
    while (row < n && t->col_of[row] >= 0)
        row++;
    if (row == n)
        return 1;
    uint64_t total = 0;
    for (int c = 0; c < n; c++) {
        /* The orbit of (row, c): a quarter turn takes (r, c) to (c, n - 1 - r). */
        int orbit[4][2] = {{row, c}, {n - 1 - row, n - 1 - c}, {c, n - 1 - row}, {n - 1 - c, row}};
        int size = t->quarter ? 4 : 2, placed = 0;
        while (placed < size && put(t, orbit[placed][0], orbit[placed][1]))
            placed++;
        if (placed == size)
            total += complete(t, row + 1);
        while (placed > 0) {
            placed--;
            take(t, orbit[placed][0], orbit[placed][1]);
        }
    }
    return total;
}

static uint64_t kept_by(int n, bool quarter)
{
    turn_search t = {.n = n, .quarter = quarter};
    for (int r = 0; r < n; r++)
        t.col_of[r] = -1;
    if (n % 2 && !put(&t, n / 2, n / 2))
        return 0;
    return complete(&t, 0);
}

void nq_turns_count(int n, uint64_t *half, uint64_t *quarter)
{
    NQ_CHECK(n >= 1 && n <= NQ_TURNS_MAX_N);
    *half = kept_by(n, false);
    *quarter = kept_by(n, true);
}

uint64_t nq_turns_unique(int n, uint64_t total, uint64_t half, uint64_t quarter)
{
    if (n == 1)
        return 1;
    /* Burnside: (identity + two quarter turns + the half turn + four reflections, which keep
     * none) / 8. */
    uint64_t sum = total + half + 2 * quarter;
    NQ_CHECK(sum % 8 == 0);
    return sum / 8;
}
