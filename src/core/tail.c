/*
 * tail.c -- the tables for the last five rows and the two kernels that narrow them.
 *
 * build_tables() lists the 120 orders of five columns in lexicographic order, then for each of
 * the 625 shapes (the four gaps between the columns) the orders no two queens of which attack,
 * and for each row and each subset of the five columns the orders that put that row's queen in
 * the subset. A fit is then safe[shape] AND, for each row, at[row][the columns its mask leaves
 * open]. Only the subset extraction differs between the kernels: PEXT gathers the five columns'
 * bits of a mask in one instruction, the portable kernel tests them one by one. A search that
 * only counts (nq_tail_count_above()) hands over a whole row one or two above the five: one call
 * per row rather than per square, the row between walked and each square's fit inlined, the
 * columns found once for the shape and the subsets.
 */
#include "tail.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "bits.h"

/* 5^4 shapes: four gaps of 1, 2, 3, 4, or 5 and more (rows at most 4 apart never meet on a
 * diagonal wider than that). */
enum { SHAPES = 625, GAP_KINDS = 5 };

typedef int narrow_fn(const uint64_t *open, uint64_t left, nq_tail_set *fit);
typedef uint64_t count_above_fn(uint64_t full, const nq_attacks *a, uint64_t squares, const uint64_t *allowed,
                                int above, nq_tail_walk *walk);

static struct tail_tables {
    unsigned char order[NQ_TAIL_ORDERS][NQ_TAIL_ROWS]; /* order i puts row r's queen on column order[i][r] */
    nq_tail_set safe[SHAPES];                          /* orders whose queens do not attack each other */
    nq_tail_set at[NQ_TAIL_ROWS][1 << NQ_TAIL_ROWS];   /* orders that put row r's queen in the subset */
    narrow_fn *narrow;                                 /* the kernel in use */
    count_above_fn *count_above;                       /* nq_tail_count_above()'s, of the same kind */
} tables;

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* The shape of the five columns of `left` in base 5: each gap between neighbouring columns, 1 to
 * 4 or 5 for "5 and more", as one digit (gap - 1), the leftmost gap the lowest digit. cols
 * receives the columns, left to right. */
static inline __attribute__((always_inline)) int shape_of(uint64_t left, int cols[NQ_TAIL_ROWS])
{
    int shape = 0;
    uint64_t rest = left;
    for (int i = 0, scale = 1; i < NQ_TAIL_ROWS; i++, rest &= rest - 1) { /* clears the lowest bit */
        cols[i] = nq_lowest_column(rest);
        if (i > 0) {
            int gap = cols[i] - cols[i - 1];
            shape += (gap < GAP_KINDS ? gap - 1 : GAP_KINDS - 1) * scale;
            scale *= GAP_KINDS;
        }
    }
    return shape;
}

/* The kernel of both versions of narrow(): subset[r] says which of the five columns left (the
 * bits of `left`, in order) row r's mask leaves open. Narrows fit to the orders that put each
 * row's queen on such a column and returns how many remain. */
static inline __attribute__((always_inline)) int narrow_by(const unsigned *subset, nq_tail_set *fit)
{
    for (int row = 0; row < NQ_TAIL_ROWS; row++)
        for (int w = 0; w < 2; w++)
            fit->word[w] &= tables.at[row][subset[row]].word[w];
    return nq_popcount(fit->word[0]) + nq_popcount(fit->word[1]);
}

/* Without PEXT: for each row, bit i of its subset is the bit of its mask at cols[i], the i-th of
 * the five columns left. */
static inline __attribute__((always_inline)) int narrow_at(const uint64_t *open, const int *cols, nq_tail_set *fit)
{
    unsigned subset[NQ_TAIL_ROWS];
    for (int r = 0; r < NQ_TAIL_ROWS; r++) {
        subset[r] = 0;
        for (int i = 0; i < NQ_TAIL_ROWS; i++)
            subset[r] |= (unsigned)((open[r] >> cols[i]) & 1) << i;
    }
    return narrow_by(subset, fit);
}

/* The five columns of `left` one by one (lowest set bit, then clear it), then narrow_at(). */
static int narrow_plain(const uint64_t *open, uint64_t left, nq_tail_set *fit)
{
    int cols[NQ_TAIL_ROWS];
    for (int i = 0; i < NQ_TAIL_ROWS; i++, left &= left - 1)
        cols[i] = nq_lowest_column(left);
    return narrow_at(open, cols, fit);
}

/* The five columns left below a queen on the square bit of the row entered with the attacks a
 * (of a board whose columns are full), and the open squares of the five rows, each masked by
 * allowed[i], into open[]: row i below sees the diagonals i rows further on. */
static inline __attribute__((always_inline)) uint64_t below_square(uint64_t full, nq_attacks a, uint64_t bit,
                                                                   const uint64_t *allowed, uint64_t *open)
{
    nq_attacks next = nq_attacks_next(a, bit);
    for (int i = 0; i < NQ_TAIL_ROWS; i++)
        open[i] = ~((next.down_right << i) | (next.down_left >> i)) & allowed[i];
    return full & ~next.taken;
}

/* The solutions of the five rows below a queen on the square bit of the row entered with the
 * attacks a, row i of them masked by allowed[i]: the columns found once for the shape and the
 * subsets. */
static inline __attribute__((always_inline)) uint64_t five_plain(uint64_t full, nq_attacks a, uint64_t bit,
                                                                 const uint64_t *allowed)
{
    uint64_t open[NQ_TAIL_ROWS];
    uint64_t left = below_square(full, a, bit, allowed, open);
    int cols[NQ_TAIL_ROWS];
    nq_tail_set fit = tables.safe[shape_of(left, cols)];
    return (uint64_t)narrow_at(open, cols, &fit);
}

/* nq_tail_count_above() without PEXT. */
static uint64_t count_above_plain(uint64_t full, const nq_attacks *entering, uint64_t squares, const uint64_t *allowed,
                                  int above, nq_tail_walk *walk)
{
    const nq_attacks a = *entering;
    uint64_t total = 0, second = 0, dead_ends = 0;
    walk->queens[0] = (uint64_t)nq_popcount(squares);
    for (; squares; squares &= squares - 1) { /* lowest square first, then clear it */
        uint64_t bit = squares & (0u - squares);
        if (above == 1) {
            total += five_plain(full, a, bit, allowed);
            continue;
        }
        nq_attacks next = nq_attacks_next(a, bit);
        uint64_t open = nq_attacks_open(next, allowed[0]);
        dead_ends += !open;
        second += (uint64_t)nq_popcount(open);
        for (; open; open &= open - 1)
            total += five_plain(full, next, open & (0u - open), allowed + 1);
    }
    walk->queens[1] = second;
    walk->dead_ends = dead_ends;
    return total;
}

#if defined(__x86_64__) || defined(__i386__)
/* PEXT packs the bits of open[r] at the columns of `left` into the low five bits, in order. */
static inline __attribute__((target("bmi2,popcnt"), always_inline)) int narrow_pext(const uint64_t *open, uint64_t left,
                                                                                  nq_tail_set *fit)
{
    unsigned subset[NQ_TAIL_ROWS];
    for (int r = 0; r < NQ_TAIL_ROWS; r++)
        subset[r] = (unsigned)_pext_u64(open[r], left);
    return narrow_by(subset, fit);
}

/* five_plain() with PEXT. */
static inline __attribute__((target("bmi2,popcnt"), always_inline)) uint64_t
five_pext(uint64_t full, nq_attacks a, uint64_t bit, const uint64_t *allowed)
{
    uint64_t open[NQ_TAIL_ROWS];
    uint64_t left = below_square(full, a, bit, allowed, open);
    int cols[NQ_TAIL_ROWS];
    nq_tail_set fit = tables.safe[shape_of(left, cols)];
    return (uint64_t)narrow_pext(open, left, &fit);
}

/* count_above_plain() with PEXT and the processor's popcount, every square's count inlined. */
__attribute__((target("bmi2,popcnt"))) static uint64_t count_above_pext(uint64_t full, const nq_attacks *entering,
                                                                        uint64_t squares, const uint64_t *allowed,
                                                                        int above, nq_tail_walk *walk)
{
    const nq_attacks a = *entering;
    uint64_t total = 0, second = 0, dead_ends = 0;
    walk->queens[0] = (uint64_t)nq_popcount(squares);
    for (; squares; squares &= squares - 1) {
        uint64_t bit = squares & (0u - squares);
        if (above == 1) {
            total += five_pext(full, a, bit, allowed);
            continue;
        }
        nq_attacks next = nq_attacks_next(a, bit);
        uint64_t open = nq_attacks_open(next, allowed[0]);
        dead_ends += !open;
        second += (uint64_t)nq_popcount(open);
        for (; open; open &= open - 1)
            total += five_pext(full, next, open & (0u - open), allowed + 1);
    }
    walk->queens[1] = second;
    walk->dead_ends = dead_ends;
    return total;
}
#endif

/* Puts the kernels in use: the portable ones when asked, or where the processor lacks BMI2 or
 * POPCNT. */
static void use_kernel(bool portable)
{
#if defined(__x86_64__) || defined(__i386__)
    if (!portable && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt")) {
        tables.narrow = narrow_pext;
        tables.count_above = count_above_pext;
        return;
    }
#endif
    (void)portable;
    tables.narrow = narrow_plain;
    tables.count_above = count_above_plain;
}

static void add_order(nq_tail_set *set, int i)
{
    set->word[i / NQ_TAIL_WORD_BITS] |= UINT64_C(1) << (i % NQ_TAIL_WORD_BITS);
}

/* Fills tables.order with the orders in lexicographic order: each is the next permutation of the
 * one before (the longest falling suffix, the swap before it, the suffix reversed). */
static void list_orders(void)
{
    unsigned char a[NQ_TAIL_ROWS] = {0, 1, 2, 3, 4};
    for (int i = 0; i < NQ_TAIL_ORDERS; i++) {
        memcpy(tables.order[i], a, sizeof a);
        int p = NQ_TAIL_ROWS - 2;
        while (p >= 0 && a[p] > a[p + 1])
            p--;
        if (p < 0)
            break;
        int q = NQ_TAIL_ROWS - 1;
        while (a[q] < a[p])
            q--;
        unsigned char swap = a[p];
        a[p] = a[q];
        a[q] = swap;
        for (int l = p + 1, h = NQ_TAIL_ROWS - 1; l < h; l++, h--) {
            swap = a[l];
            a[l] = a[h];
            a[h] = swap;
        }
    }
}

static void build_tables(void)
{
    list_orders();
    /* Shape s in base 5: digit i - 1 is the gap between columns i - 1 and i, minus one. */
    for (int shape = 0; shape < SHAPES; shape++) {
        int x[NQ_TAIL_ROWS] = {0};
        for (int i = 1, rest = shape; i < NQ_TAIL_ROWS; i++, rest /= GAP_KINDS)
            x[i] = x[i - 1] + rest % GAP_KINDS + 1;
        for (int i = 0; i < NQ_TAIL_ORDERS; i++) {
            bool safe = true;
            for (int r1 = 0; r1 < NQ_TAIL_ROWS; r1++)
                for (int r2 = r1 + 1; r2 < NQ_TAIL_ROWS; r2++)
                    safe &= abs(x[tables.order[i][r1]] - x[tables.order[i][r2]]) != r2 - r1;
            if (safe)
                add_order(&tables.safe[shape], i);
        }
    }
    for (int r = 0; r < NQ_TAIL_ROWS; r++)
        for (unsigned subset = 0; subset < 1u << NQ_TAIL_ROWS; subset++)
            for (int i = 0; i < NQ_TAIL_ORDERS; i++)
                if (subset >> tables.order[i][r] & 1)
                    add_order(&tables.at[r][subset], i);
    use_kernel(false);
}

void nq_tail_init(void)
{
    pthread_once(&tables_once, build_tables);
}

void nq_tail_portable_kernel(bool portable)
{
    nq_tail_init();
    use_kernel(portable);
}

int nq_tail_fit(uint64_t left, const uint64_t open[NQ_TAIL_ROWS], int cols[NQ_TAIL_ROWS], nq_tail_set *fit)
{
    *fit = tables.safe[shape_of(left, cols)];
    return tables.narrow(open, left, fit);
}

uint64_t nq_tail_count_above(int n, const nq_attacks *a, uint64_t squares, const uint64_t *allowed, int above,
                             nq_tail_walk *walk)
{
    return tables.count_above(nq_full_row(n), a, squares, allowed, above, walk);
}

const nq_tail_set *nq_tail_orders_placing(int r, unsigned subset)
{
    return &tables.at[r][subset];
}

const unsigned char *nq_tail_order(int i)
{
    return tables.order[i];
}
