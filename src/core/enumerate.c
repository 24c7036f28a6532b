/*
 * enumerate.c -- the lexicographic solution iterator.
 *
 * An explicit-stack version of the row-by-row bitboard backtracking search, so that it can return
 * in the middle of the search and pick up where it left off. For every row on the current path
 * it keeps the attack masks entering that row and the columns not yet tried there; trying
 * columns lowest bit first gives lexicographic order.
 */
#include "nq/enumerate.h"

#include <string.h>

#include "bits.h"
#include "check.h"

/* Squares of row r not attacked by the queens above it. */
static uint64_t open_squares(const nq_enum *e, int r)
{
    return ~(e->taken[r] | e->down_right[r] | e->down_left[r]) & e->allowed[r];
}

/* Places the queen of row r on column col, filling in the attack masks entering row r + 1. */
static void place(nq_enum *e, int r, int col)
{
    uint64_t bit = UINT64_C(1) << col;
    e->cols[r] = col;
    e->taken[r + 1] = e->taken[r] | bit;
    e->down_right[r + 1] = ((e->down_right[r] | bit) << 1) & nq_full_row(e->n);
    e->down_left[r + 1] = (e->down_left[r] | bit) >> 1;
    e->nodes++;
}

void nq_enum_init_below(nq_enum *e, int n, const nq_square *first, const int *prefix, int depth)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N && depth >= 0 && depth <= n);
    memset(e, 0, sizeof *e);
    e->n = n;
    e->has_first = first != NULL;
    if (first)
        e->first = *first;
    nq_allowed_rows(n, first, e->allowed);
    for (int r = 0; r < depth; r++)
        place(e, r, prefix[r]);
    e->nodes = 0;
    e->floor = depth;
    e->row = depth;
    e->pending = depth == n;
    if (depth < n)
        e->untried[depth] = open_squares(e, depth);
}

void nq_enum_init(nq_enum *e, int n, const nq_square *first)
{
    nq_enum_init_below(e, n, first, NULL, 0);
}

bool nq_enum_seek(nq_enum *e, const int *solution)
{
    if (e->floor != 0 || !nq_verify(e->n, solution, e->has_first ? &e->first : NULL, NULL))
        return false;
    for (int r = 0; r < e->n; r++) {
        uint64_t bit = UINT64_C(1) << solution[r];
        /* (bit << 1) - 1 is every column up to and including this one; it wraps to all ones
         * for column 63, which is still right. */
        e->untried[r] = open_squares(e, r) & ~((bit << 1) - 1);
        place(e, r, solution[r]);
    }
    e->row = e->n;
    e->done = false;
    e->pending = false;
    return true;
}

bool nq_enum_next(nq_enum *e, int *cols)
{
    if (e->done)
        return false;
    int n = e->n;
    int r = e->row;
    if (r == n) {
        if (e->pending) {
            e->pending = false;
            goto found;
        }
        r = n - 1;
    }
    for (;;) {
        if (r < e->floor) {
            e->done = true;
            return false;
        }
        if (!e->untried[r]) {
            r--;
            continue;
        }
        uint64_t bit = e->untried[r] & (0u - e->untried[r]); /* leftmost column left to try */
        e->untried[r] ^= bit;
        place(e, r, nq_lowest_column(bit));
        r++;
        if (r == n)
            break;
        e->untried[r] = open_squares(e, r);
    }
found:
    e->row = n;
    if (cols)
        memcpy(cols, e->cols, (size_t)n * sizeof *cols);
    return true;
}
