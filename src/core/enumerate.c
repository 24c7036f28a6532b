/*
 * enumerate.c -- the lexicographic solution iterator.
 *
 * An explicit-stack version of the row-by-row bitboard backtracking search, so that it can return
 * in the middle of the search and pick up where it left off. For every row on the current path
 * it keeps the attack masks entering that row and the columns not yet tried there; trying
 * columns lowest bit first gives lexicographic order.
 *
 * On large boards, after each queen it looks ahead (forward checking, and placing the queens that a
 * row with a single open square, or a column open in a single row, forces): when some row below has
 * no open square left, or some free column no open square in any row below, nothing below can be a
 * solution and the queen moves on at once. That only cuts subtrees without solutions, so the order
 * stays exactly lexicographic. It cuts the time to the first solution in order by a factor of about
 * four, but does not change its nature: that search still grows exponentially with N, and find (any
 * solution) is the fast way.
 */
#include "nq/enumerate.h"

#include <string.h>

#include "bits.h"
#include "check.h"

/* What the queens above row r attack in it. */
static nq_attacks attacks_entering(const nq_enum *e, int r)
{
    return (nq_attacks){e->taken[r], e->down_right[r], e->down_left[r]};
}

/* Squares of row r not attacked by the queens above it. */
static uint64_t open_squares(const nq_enum *e, int r)
{
    return nq_attacks_open(attacks_entering(e, r), e->allowed[r]);
}

/* Places the queen of row r on column col, filling in the attack masks entering row r + 1. */
static void place(nq_enum *e, int r, int col)
{
    nq_attacks next = nq_attacks_next(attacks_entering(e, r), UINT64_C(1) << col);
    e->cols[r] = col;
    e->taken[r + 1] = next.taken;
    e->down_right[r + 1] = next.down_right;
    e->down_left[r + 1] = next.down_left;
}

/* From this size on each queen is followed by the look-ahead below. Smaller boards, whose
 * solutions people list in full, skip it: there it costs about twice what it saves. */
enum { LOOKAHEAD_MIN_N = 20 };

/* The rows below the current path and the squares still open in each. */
typedef struct rest {
    int count;
    int row[NQ_MAX_N];
    uint64_t open[NQ_MAX_N];
} rest;

/* The row that must take a free column open in no other row (the column has to be filled), made
 * a row with that single open square; -1 when every free column is open in two rows or more. */
static int column_forced(rest *r, uint64_t free_columns)
{
    uint64_t seen = 0, twice = 0; /* columns open in at least one row, in at least two */
    for (int i = 0; i < r->count; i++) {
        twice |= seen & r->open[i];
        seen |= r->open[i];
    }
    uint64_t once = free_columns & seen & ~twice;
    if (!once)
        return -1;
    uint64_t column = once & (0u - once); /* the leftmost such column */
    int forced = 0;
    while (!(r->open[forced] & column))
        forced++;
    r->open[forced] = column;
    return forced;
}

/* Places, for as long as one is left, a forced queen: that of a row with a single open square,
 * or of a free column open in a single row, crossing off what it attacks in the other rows
 * (free_columns: the columns no queen holds). Returns false
 * when that leaves a row without an open square, or a free column without one in any row. */
static bool place_forced(rest *r, uint64_t free_columns)
{
    for (;;) {
        int forced = 0;
        /* m & (m - 1) clears the lowest set bit: zero for a row with one open square. */
        while (forced < r->count && (r->open[forced] & (r->open[forced] - 1)))
            forced++;
        if (forced == r->count && (forced = column_forced(r, free_columns)) < 0)
            return true;
        uint64_t bit = r->open[forced];
        int row = r->row[forced];
        uint64_t reachable = 0;
        int kept = 0;
        free_columns &= ~bit;
        for (int i = 0; i < r->count; i++) {
            if (i == forced)
                continue;
            int d = r->row[i] > row ? r->row[i] - row : row - r->row[i];
            /* d rows away the queen's diagonals are d columns to either side. */
            uint64_t open = r->open[i] & ~(bit | bit << d | bit >> d);
            if (!open)
                return false;
            reachable |= open;
            r->row[kept] = r->row[i];
            r->open[kept++] = open;
        }
        r->count = kept;
        if (free_columns & ~reachable)
            return false;
    }
}

/* Whether the rows from r down may still all hold a queen with the queens above r where they
 * are (false only when they cannot): every row keeps an open square and every free column an
 * open square in some row, also once the forced queens are placed. */
static bool completable(const nq_enum *e, int r)
{
    nq_attacks a = attacks_entering(e, r);
    uint64_t reachable = 0;
    rest below;
    below.count = 0;
    /* k rows further down, a diagonal has moved k columns: the attacks go on down with no queen
     * added (bit 0). */
    for (int row = r; row < e->n; row++, a = nq_attacks_next(a, 0)) {
        uint64_t open = nq_attacks_open(a, e->allowed[row]);
        if (!open)
            return false;
        reachable |= open;
        below.row[below.count] = row;
        below.open[below.count++] = open;
    }
    uint64_t free_columns = ~a.taken & nq_full_row(e->n);
    return !(free_columns & ~reachable) && place_forced(&below, free_columns);
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

nq_enum_status nq_enum_pull(nq_enum *e, int *cols, uint64_t budget)
{
    NQ_CHECK(budget >= 1);
    if (e->done)
        return NQ_ENUM_DONE;
    int n = e->n;
    int r = e->row;
    uint64_t placed = 0; /* kept here, not in e, while the loop runs: it is the hot path */
    nq_enum_status status = NQ_ENUM_FOUND;
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
            status = NQ_ENUM_DONE;
            break;
        }
        if (!e->untried[r]) {
            r--;
            continue;
        }
        if (placed == budget) {
            e->row = r;
            status = NQ_ENUM_BUSY;
            break;
        }
        uint64_t bit = e->untried[r] & (0u - e->untried[r]); /* leftmost column left to try */
        e->untried[r] ^= bit;
        place(e, r, nq_lowest_column(bit));
        placed++;
        if (r + 1 == n)
            goto found;
        if (n < LOOKAHEAD_MIN_N || completable(e, r + 1)) {
            r++;
            e->untried[r] = open_squares(e, r);
        }
    }
    e->nodes += placed;
    return status;
found:
    e->nodes += placed;
    e->row = n;
    if (cols)
        memcpy(cols, e->cols, (size_t)n * sizeof *cols);
    return NQ_ENUM_FOUND;
}

bool nq_enum_next(nq_enum *e, int *cols)
{
    return nq_enum_pull(e, cols, UINT64_MAX) == NQ_ENUM_FOUND;
}
