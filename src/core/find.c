/*
 * find.c -- depth-first search with forward checking and the fewest-open-squares-first rule,
 * restarted with a budget.
 *
 * The state is one bitmask of open squares per row, copied on the way down (512 bytes a level,
 * 64 levels at most), so undoing a placement is free. A search that always tries columns in the
 * same order has a heavy tail: a few pinned squares of the 64 x 64 board take minutes. So each
 * attempt tries columns from a random starting point and gives up after a budget of queens
 * placed; the next attempt gets a new order and a budget half again as large. The last attempt has
 * no budget, so the search stays complete and "none" is a proof. Small boards skip straight to it.
 *
 * Boards beyond NQ_MAX_N have no search tree (construct.c): an explicit construction, or with a
 * pinned queen a local search by swaps from a random start. Both are O(n): milliseconds for a
 * million rows.
 */
#include "nq/find.h"

#include <string.h>

#include "bits.h"
#include "check.h"
#include "construct.h"
#include "xorshift.h"

enum {
    SMALL_BOARD = 16,    /* up to here the complete search is instant whatever the order */
    ATTEMPTS = 40,       /* budgeted attempts before the unbudgeted one */
    FIRST_BUDGET = 4096, /* queens placed by the first attempt */
};

typedef struct find_search {
    int n;
    uint64_t budget;  /* queens the attempt may still place; UINT64_MAX: no limit */
    uint64_t random;  /* xorshift64 state, never 0 */
    int *cols;
} find_search;

typedef struct find_state {
    uint64_t open[NQ_MAX_N]; /* squares still open in each empty row; a filled row is 0 */
    uint64_t filled;         /* rows holding a queen */
} find_state;

/* Places a queen on (col, row) and crosses off what it attacks in the other empty rows.
 * Returns false if some empty row is left with no open square. */
static bool place(find_state *st, int n, int row, int col)
{
    st->open[row] = 0;
    st->filled |= UINT64_C(1) << row;
    for (int r = 0; r < n; r++) {
        if (st->filled & (UINT64_C(1) << r))
            continue;
        st->open[r] &= ~nq_queen_attacks_row(n, col, r > row ? r - row : row - r);
        if (!st->open[r])
            return false;
    }
    return true;
}

/* 1: solved; 0: no solution below this state; -1: out of budget. */
static int search(find_search *s, const find_state *st)
{
    int best = -1, best_open = NQ_MAX_N + 1;
    for (int r = 0; r < s->n; r++) {
        if (st->filled & (UINT64_C(1) << r))
            continue;
        int open = nq_popcount(st->open[r]);
        if (open < best_open) {
            best = r;
            best_open = open;
        }
    }
    if (best < 0)
        return 1;
    /* Columns from a random start, wrapping around: those at or after it, then those before. */
    int start = s->budget == UINT64_MAX ? 0 : (int)(nq_xorshift_next(&s->random) % (uint64_t)s->n);
    uint64_t from_start = st->open[best] & ~((UINT64_C(1) << start) - 1);
    uint64_t halves[2] = {from_start, st->open[best] & ~from_start};
    bool exhausted = true;
    for (int h = 0; h < 2; h++) {
        for (uint64_t left = halves[h]; left; left &= left - 1) { /* clears the lowest bit */
            if (s->budget == 0)
                return -1;
            if (s->budget != UINT64_MAX)
                s->budget--;
            int col = nq_lowest_column(left);
            find_state next = *st;
            if (!place(&next, s->n, best, col))
                continue;
            s->cols[best] = col;
            int found = search(s, &next);
            if (found == 1)
                return 1;
            if (found < 0)
                exhausted = false;
        }
    }
    return exhausted ? 0 : -1;
}

/* Seeds the pinned construction tries before giving up. One has always been enough; needing
 * more would mean a bug, not a hard board. */
enum { SEEDS = 64 };

static bool find_large(int n, const nq_square *first, int *cols)
{
    if (!first) {
        nq_construct(n, cols);
        return true;
    }
    /* Seeded by the question, so the same question always gets the same answer. */
    uint64_t seed = NQ_GOLDEN_GAMMA ^ ((uint64_t)n << 32) ^ ((uint64_t)first->row << 12) ^
                    (uint64_t)first->column;
    for (int attempt = 0; attempt < SEEDS; attempt++, nq_xorshift_next(&seed))
        if (nq_construct_pinned(n, cols, *first, seed))
            return true;
    NQ_UNREACHABLE("a pinned construction within the seeds");
    return false;
}

bool nq_find(int n, const nq_square *first, int *cols)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_FIND_MAX_N);
    if (n > NQ_MAX_N)
        return find_large(n, first, cols);
    find_state start;
    memset(&start, 0, sizeof start);
    for (int r = 0; r < n; r++)
        start.open[r] = nq_full_row(n);
    if (first) {
        if (!place(&start, n, first->row, first->column))
            return false;
        cols[first->row] = first->column;
    }
    /* Seeded by the question, so the same question always gets the same answer. */
    find_search s = {n, 0, NQ_GOLDEN_GAMMA ^ (uint64_t)n, cols};
    if (first)
        s.random ^= (uint64_t)(first->row * NQ_MAX_N + first->column + 1) << 20;
    uint64_t budget = FIRST_BUDGET;
    for (int attempt = 0; n > SMALL_BOARD && attempt < ATTEMPTS; attempt++) {
        s.budget = budget;
        int found = search(&s, &start);
        if (found >= 0)
            return found == 1;
        budget += budget / 2;
    }
    s.budget = UINT64_MAX;
    return search(&s, &start) == 1;
}
