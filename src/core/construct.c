/*
 * construct.c -- the explicit construction and the repair for a pinned queen.
 *
 * The construction (Hoffman, Loessi and Moore, 1969, in the form of the even-then-odd lists):
 * row i takes the i-th number of the list 2, 4, 6, ... followed by 1, 3, 5, ...; when n mod 6 is
 * 2, the odd part starts 3, 1 and sends 5 to its end; when n mod 6 is 3, the even part sends 2 to
 * its end and the odd part sends 1 and 3 to its end. It is O(n) and holds for every n >= 4.
 *
 * A pinned queen: the construction is no good start, because its queens fill a solid band of
 * diagonals around the main one, and a queen swapped out of place finds almost no free pair of
 * diagonals elsewhere (measured: 14 million tries, 1.6 s, for N = 1,000,000). So, after Sosic and
 * Gu's local search: place the pinned queen, then each other row in turn on a random remaining
 * column whose diagonals are free (a few random tries; the last rows may be left in conflict).
 * That gives a permutation with a handful of conflicts and randomly spread diagonals. Then take a
 * queen in conflict and swap its column with a random other row's (never the pinned one) when
 * that lowers the number of conflicts; about half the diagonals are free anywhere, so a few tries
 * fix each conflict. The whole is O(n); a budget of tries bounds it, and the caller restarts with
 * another seed if it runs out.
 */
#include "construct.h"

#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "xorshift.h"

void nq_construct(int n, int *cols)
{
    NQ_CHECK(n >= 4);
    int k = 0, rest = n % 6;
    /* 1-based numbers v go into cols as v - 1. */
    if (rest == 3) {
        for (int v = 4; v <= n; v += 2)
            cols[k++] = v - 1;
        cols[k++] = 1;
        for (int v = 5; v <= n; v += 2)
            cols[k++] = v - 1;
        cols[k++] = 0;
        cols[k++] = 2;
    } else if (rest == 2) {
        for (int v = 2; v <= n; v += 2)
            cols[k++] = v - 1;
        cols[k++] = 2;
        cols[k++] = 0;
        for (int v = 7; v <= n; v += 2)
            cols[k++] = v - 1;
        cols[k++] = 4;
    } else {
        for (int v = 2; v <= n; v += 2)
            cols[k++] = v - 1;
        for (int v = 1; v <= n; v += 2)
            cols[k++] = v - 1;
    }
    NQ_CHECK(k == n);
}

/* Tries a conflicted queen gets at finding a partner whose swap lowers the conflicts, and a row of
 * the start at finding a column with free diagonals. */
enum { TRIES = 256, START_TRIES = 32 };

typedef struct repair {
    int n;
    int *cols;
    int pinned;        /* the row never swapped */
    int32_t *down;     /* queens on each diagonal row - column + n - 1 */
    int32_t *up;       /* queens on each diagonal row + column */
    int64_t conflicts; /* sum over diagonals of (queens on it - 1) where positive */
    int *suspects;     /* rows that may be in conflict */
    size_t suspect_count, suspect_capacity;
    uint64_t random;
} repair;

static void add(repair *r, int row)
{
    int col = r->cols[row];
    if (++r->down[row - col + r->n - 1] > 1)
        r->conflicts++;
    if (++r->up[row + col] > 1)
        r->conflicts++;
}

static void take(repair *r, int row)
{
    int col = r->cols[row];
    if (r->down[row - col + r->n - 1]-- > 1)
        r->conflicts--;
    if (r->up[row + col]-- > 1)
        r->conflicts--;
}

static bool free_square(const repair *r, int row, int col)
{
    return r->down[row - col + r->n - 1] == 0 && r->up[row + col] == 0;
}

static bool in_conflict(const repair *r, int row)
{
    int col = r->cols[row];
    return r->down[row - col + r->n - 1] > 1 || r->up[row + col] > 1;
}

static void swap_rows(repair *r, int a, int b)
{
    take(r, a);
    take(r, b);
    int col = r->cols[a];
    r->cols[a] = r->cols[b];
    r->cols[b] = col;
    add(r, a);
    add(r, b);
}

static void suspect(repair *r, int row)
{
    if (row == r->pinned)
        return;
    if (r->suspect_count == r->suspect_capacity) {
        r->suspect_capacity = r->suspect_capacity ? 2 * r->suspect_capacity : 64;
        r->suspects = NQ_CHECK_ALLOC(realloc(r->suspects, r->suspect_capacity * sizeof *r->suspects));
    }
    r->suspects[r->suspect_count++] = row;
}

/* Every row in conflict becomes a suspect: the first pass, and the fallback if the list ran dry
 * while conflicts remain. O(n). */
static void suspect_all(repair *r)
{
    for (int row = 0; row < r->n; row++)
        if (in_conflict(r, row))
            suspect(r, row);
}

static int random_below(repair *r, int limit)
{
    return (int)(nq_xorshift_next(&r->random) % (uint64_t)limit);
}

/* The start: the pinned queen, then row by row a random remaining column, with free diagonals
 * when a few tries find one. */
static void random_start(repair *r, nq_square first)
{
    int n = r->n;
    int *left = NQ_CHECK_ALLOC(malloc((size_t)n * sizeof *left)); /* columns not yet taken */
    int remaining = 0;
    for (int col = 0; col < n; col++)
        if (col != first.column)
            left[remaining++] = col;
    r->cols[first.row] = first.column;
    add(r, first.row);
    for (int row = 0; row < n; row++) {
        if (row == first.row)
            continue;
        int pick = random_below(r, remaining);
        for (int t = 1; t < START_TRIES && !free_square(r, row, left[pick]); t++)
            pick = random_below(r, remaining);
        r->cols[row] = left[pick];
        left[pick] = left[--remaining];
        add(r, row);
    }
    free(left);
}

bool nq_construct_pinned(int n, int *cols, nq_square first, unsigned long long seed)
{
    NQ_CHECK(n >= 4 && first.column >= 0 && first.column < n && first.row >= 0 && first.row < n);
    repair r = {.n = n, .cols = cols, .pinned = first.row, .random = seed | 1};
    r.down = NQ_CHECK_ALLOC(calloc(2 * (size_t)n - 1, sizeof *r.down));
    r.up = NQ_CHECK_ALLOC(calloc(2 * (size_t)n - 1, sizeof *r.up));
    random_start(&r, first);
    suspect_all(&r);
    /* Plenty for the few conflicts a swap leaves; a search that needs more restarts instead. */
    int64_t budget = 64 * (int64_t)n + 100000;
    while (r.conflicts > 0 && budget > 0) {
        if (r.suspect_count == 0) {
            suspect_all(&r);
            budget -= n / TRIES + 1;
            continue;
        }
        int row = r.suspects[--r.suspect_count];
        if (!in_conflict(&r, row))
            continue;
        bool better = false;
        for (int t = 0; t < TRIES && !better; t++, budget--) {
            int other = random_below(&r, n);
            if (other == row || other == r.pinned)
                continue;
            int64_t before = r.conflicts;
            swap_rows(&r, row, other);
            better = r.conflicts < before;
            if (!better)
                swap_rows(&r, row, other);
            else
                suspect(&r, other);
        }
        if (!better) { /* stuck here: move it anyway and look again later */
            int other = random_below(&r, n);
            if (other != row && other != r.pinned) {
                swap_rows(&r, row, other);
                suspect(&r, other);
            }
        }
        suspect(&r, row);
    }
    bool solved = r.conflicts == 0;
    free(r.down);
    free(r.up);
    free(r.suspects);
    return solved;
}
