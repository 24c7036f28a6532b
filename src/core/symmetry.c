/*
 * symmetry.c -- counting the solutions a symmetry of the square fixes.
 *
 * A solution fixed by g is a union of whole orbits of g (a square, its image, the image of that,
 * ...). The search fills the top empty row by choosing a column, places that square's whole orbit
 * at once, and recurses; each fixed solution is reached by exactly one path because the top
 * empty row's queen determines the orbit placed. The orbits fill up to four rows a step and most
 * choices fail at once, which is why this is tiny next to the full count. The lines a queen
 * takes are numbered by bits.h's nq_line_number(), the engine's one statement of the attack rule.
 */
#include "nq/symmetry.h"

#include <string.h>

#include "bits.h"
#include "check.h"

nq_square nq_symmetry_apply(nq_symmetry g, int n, nq_square s)
{
    int c = s.column, r = s.row, last = n - 1;
    switch (g) {
    case NQ_SYM_IDENTITY: return s;
    case NQ_SYM_ROTATE_90: return (nq_square){last - r, c};
    case NQ_SYM_ROTATE_180: return (nq_square){last - c, last - r};
    case NQ_SYM_ROTATE_270: return (nq_square){r, last - c};
    case NQ_SYM_MIRROR: return (nq_square){last - c, r};
    case NQ_SYM_FLIP: return (nq_square){c, last - r};
    case NQ_SYM_TRANSPOSE: return (nq_square){r, c};
    case NQ_SYM_ANTI_TRANSPOSE: return (nq_square){last - r, last - c};
    case NQ_SYM_COUNT: break;
    }
    NQ_UNREACHABLE("a symmetry of the square");
    return s;
}

typedef struct orbit_search {
    nq_symmetry g;
    int n;
    int cols[NQ_MAX_N];                   /* column of each row's queen, -1 while empty */
    unsigned char used[NQ_CLAIMED_LINES][2 * NQ_MAX_N]; /* by nq_line_number(): a queen is on it */
} orbit_search;

static bool square_free(const orbit_search *s, nq_square q)
{
    if (s->cols[q.row] >= 0)
        return false;
    for (int i = 0; i < NQ_CLAIMED_LINES; i++)
        if (s->used[i][nq_line_number(nq_claimed_line(i), s->n, q.column, q.row)])
            return false;
    return true;
}

static void mark(orbit_search *s, nq_square q, bool on)
{
    s->cols[q.row] = on ? q.column : -1;
    for (int i = 0; i < NQ_CLAIMED_LINES; i++)
        s->used[i][nq_line_number(nq_claimed_line(i), s->n, q.column, q.row)] = on;
}

/* Places the orbit of start; returns how many squares it has (at most 4), or 0 after undoing
 * everything when two of them attack each other or one is attacked already. */
static int place_orbit(orbit_search *s, nq_square start, nq_square orbit[4])
{
    int size = 0;
    nq_square q = start;
    do {
        if (!square_free(s, q)) {
            while (size > 0)
                mark(s, orbit[--size], false);
            return 0;
        }
        mark(s, q, true);
        orbit[size++] = q;
        q = nq_symmetry_apply(s->g, s->n, q);
    } while (q.column != start.column || q.row != start.row);
    return size;
}

static uint64_t fixed_below(orbit_search *s, int row)
{
    while (row < s->n && s->cols[row] >= 0)
        row++;
    if (row == s->n)
        return 1;
    uint64_t total = 0;
    for (int col = 0; col < s->n; col++) {
        nq_square orbit[4];
        int size = place_orbit(s, (nq_square){col, row}, orbit);
        if (!size)
            continue;
        total += fixed_below(s, row + 1);
        while (size > 0)
            mark(s, orbit[--size], false);
    }
    return total;
}

uint64_t nq_symmetry_fixed(nq_symmetry g, int n)
{
    NQ_CHECK(g != NQ_SYM_IDENTITY && g < NQ_SYM_COUNT && n >= NQ_MIN_N && n <= NQ_MAX_N);
    orbit_search s;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.n = n;
    for (int r = 0; r < n; r++)
        s.cols[r] = -1;
    return fixed_below(&s, 0);
}

uint64_t nq_symmetry_unique(int n, uint64_t solutions)
{
    uint64_t fixed = solutions;
    for (nq_symmetry g = NQ_SYM_ROTATE_90; g < NQ_SYM_COUNT; g++)
        fixed += nq_symmetry_fixed(g, n);
    NQ_CHECK(fixed % NQ_SYM_COUNT == 0);
    return fixed / NQ_SYM_COUNT;
}
