/*
 * find.c -- depth-first search with forward checking and the fewest-open-squares-first rule.
 *
 * The state is one bitmask of open squares per row, copied on the way down (512 bytes a level,
 * 64 levels at most), so undoing a placement is free.
 */
#include "nq/find.h"

#include <string.h>

#include "bits.h"
#include "check.h"

typedef struct find_state {
    uint64_t open[NQ_MAX_N]; /* squares still open in each empty row; a filled row is 0 */
} find_state;

/* Places a queen on (col, row) and crosses off what it attacks in the other empty rows.
 * Returns false if some empty row is left with no open square. */
static bool place(find_state *s, int n, uint64_t filled, int row, int col)
{
    s->open[row] = 0;
    for (int r = 0; r < n; r++) {
        if (filled & (UINT64_C(1) << r) || r == row)
            continue;
        int dist = r > row ? r - row : row - r;
        uint64_t attacked = UINT64_C(1) << col;
        if (col + dist < n)
            attacked |= UINT64_C(1) << (col + dist);
        if (col - dist >= 0)
            attacked |= UINT64_C(1) << (col - dist);
        s->open[r] &= ~attacked;
        if (!s->open[r])
            return false;
    }
    return true;
}

static bool search(const find_state *s, int n, uint64_t filled, int *cols)
{
    int best = -1, best_open = NQ_MAX_N + 1;
    for (int r = 0; r < n; r++) {
        if (filled & (UINT64_C(1) << r))
            continue;
        int open = nq_popcount(s->open[r]);
        if (open < best_open) {
            best = r;
            best_open = open;
        }
    }
    if (best < 0)
        return true;
    uint64_t row_bit = UINT64_C(1) << best;
    for (uint64_t left = s->open[best]; left; left &= left - 1) { /* clears the lowest bit */
        int col = nq_lowest_column(left);
        find_state next = *s;
        if (!place(&next, n, filled, best, col))
            continue;
        cols[best] = col;
        if (search(&next, n, filled | row_bit, cols))
            return true;
    }
    return false;
}

bool nq_find(int n, const nq_square *first, int *cols)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    find_state s;
    memset(&s, 0, sizeof s);
    for (int r = 0; r < n; r++)
        s.open[r] = nq_full_row(n);
    uint64_t filled = 0;
    if (first) {
        if (!place(&s, n, 0, first->row, first->column))
            return false;
        cols[first->row] = first->column;
        filled = UINT64_C(1) << first->row;
    }
    return search(&s, n, filled, cols);
}
