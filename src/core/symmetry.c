/*
 * symmetry.c -- the 8 symmetries of the square: where each takes a square, the images and the
 * class of a placement, and counting the solutions a symmetry fixes.
 *
 * nq_symmetry_apply() is the one statement of where a square goes; images, classes, the
 * canonical test and the orbit search all go through it.
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

void nq_symmetry_image(nq_symmetry g, int n, const int *cols, int *out)
{
    for (int row = 0; row < n; row++) {
        nq_square s = nq_symmetry_apply(g, n, (nq_square){cols[row], row});
        out[s.row] = s.column;
    }
}

/* <0, 0 or >0 as placement a comes before, equals or comes after b in lexicographic order. */
static int compare(int n, const int *a, const int *b)
{
    for (int row = 0; row < n; row++)
        if (a[row] != b[row])
            return a[row] < b[row] ? -1 : 1;
    return 0;
}

/* The distinct boards among the 8 images (images[g] is g's), in lexicographic order, into out;
 * returns how many. */
static int distinct_images(int n, int images[NQ_SYM_COUNT][NQ_MAX_N], int *out)
{
    /* Selection of the smallest image larger than the last one written: 8 boards, no more. */
    int size = 0;
    const int *last = NULL;
    for (;;) {
        const int *next = NULL;
        for (int g = 0; g < NQ_SYM_COUNT; g++)
            if ((!last || compare(n, images[g], last) > 0) && (!next || compare(n, images[g], next) < 0))
                next = images[g];
        if (!next)
            return size;
        memcpy(out + (size_t)size * (size_t)n, next, (size_t)n * sizeof *out);
        last = out + (size_t)size * (size_t)n;
        size++;
    }
}

static void all_images(int n, const int *cols, int images[NQ_SYM_COUNT][NQ_MAX_N])
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    for (int g = 0; g < NQ_SYM_COUNT; g++)
        nq_symmetry_image((nq_symmetry)g, n, cols, images[g]);
}

int nq_symmetry_variants(int n, const int *cols, int *out)
{
    int images[NQ_SYM_COUNT][NQ_MAX_N];
    all_images(n, cols, images);
    return distinct_images(n, images, out);
}

nq_symmetry_class nq_symmetry_classify(int n, const int *cols)
{
    nq_symmetry_class c = {0, 0, NQ_SYM_IDENTITY};
    int images[NQ_SYM_COUNT][NQ_MAX_N], variants[NQ_SYM_COUNT * NQ_MAX_N];
    all_images(n, cols, images);
    c.size = distinct_images(n, images, variants);
    for (int g = 0; g < NQ_SYM_COUNT; g++) {
        if (!compare(n, images[g], cols))
            c.fixed |= 1u << g;
        if (!compare(n, images[g], variants)) /* the first variant is the smallest */
            c.first_image = (nq_symmetry)g;
    }
    return c;
}

/*
 * Compares cols with each image, and builds an image only when its first row can tie: every
 * symmetry takes one edge of the board (top or bottom row, left or right column) onto the top
 * row, so the image's first entry is where the queen of that edge lands, and applying g to the
 * (at most four) edge queens finds it. The leaves of the unique index pass through here, so the
 * whole image is rarely built.
 */
bool nq_symmetry_is_canonical(int n, const int *cols)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    int last = n - 1;
    nq_square edge[4] = {{cols[0], 0}, {cols[last], last}, {0, -1}, {last, -1}};
    for (int row = 0; row < n; row++) {
        if (cols[row] == 0)
            edge[2].row = row;
        if (cols[row] == last)
            edge[3].row = row;
    }
    for (int g = NQ_SYM_ROTATE_90; g < NQ_SYM_COUNT; g++) {
        int first = -1;
        for (int e = 0; e < 4 && first < 0; e++) {
            nq_square s = nq_symmetry_apply((nq_symmetry)g, n, edge[e]);
            if (s.row == 0)
                first = s.column;
        }
        NQ_CHECK(first >= 0); /* a placement has a queen in every row and column */
        if (first < cols[0])
            return false;
        if (first > cols[0])
            continue;
        int image[NQ_MAX_N];
        nq_symmetry_image((nq_symmetry)g, n, cols, image);
        if (compare(n, image, cols) < 0)
            return false;
    }
    return true;
}
