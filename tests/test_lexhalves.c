/*
 * test_lexhalves.c -- the fill of prefixes by halves (src/core/lexhalves.h), white-box: every
 * prefix's count and every child's equals the row search's below it (nq_lexcount_below()) for
 * N = 12 and 13 (every 4th and 16th prefix for 14 and 15), even and odd, at several depths, with
 * and without children; the figures are the count by halves' and add up to A000170; pinned
 * (a sample of squares, even and odd), every prefix equals the row search's; 1 to 4
 * threads and the portable kernels give the same counts; an odd board reads 6 rows at most; a
 * cancelled fill leaves nothing final.
 * With an argument (the Release build: 17), the boards from 16 up to it are filled too, their
 * totals checked and a random sample of their prefixes against the row search (the seed is
 * printed; NQ_SEED=S replays it), and each pinned to one square, whose readings are too long for
 * the half boards' keys to carry.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "../src/core/halfplan.h"
#include "../src/core/halves.h"
#include "../src/core/lexcount.h"
#include "../src/core/lexhalves.h"
#include "../src/core/lexparts.h"
#include "../src/core/xorshift.h"
#include "nq/figures.h"
#include "oeis.h"

static int largest = 15;

/* The solutions below prefix i of a filled lex. */
static uint64_t below(const nq_lexcount *lex, size_t i)
{
    return (i + 1 < lex->size ? lex->counts[i + 1] : lex->frontier_sum) - lex->counts[i];
}

/* Checks prefix i of a filled lex, and its children, against the row search. */
static void check_prefix(const nq_lexcount *lex, size_t i)
{
    int cols[NQ_LEXCOUNT_MAX_DEPTH + 1];
    nq_attacks a = nq_lexcount_prefix_attacks(lex, i, cols);
    uint64_t want = nq_lexcount_below(lex, lex->depth, a, cols);
    if (below(lex, i) != want)
        fail_msg("N=%d depth %d: prefix %zu has %llu below it, the row search %llu", lex->n, lex->depth, i,
                 (unsigned long long)below(lex, i), (unsigned long long)want);
    if (!lex->child_counts)
        return;
    uint32_t child = lex->first_child[i];
    for (uint64_t open = nq_attacks_open(a, lex->allowed[lex->depth]); open; open &= open - 1, child++) {
        uint64_t bit = open & (0u - open);
        cols[lex->depth] = __builtin_ctzll(bit);
        uint64_t child_want = nq_lexcount_below(lex, lex->depth + 1, nq_attacks_next(a, bit), cols);
        if (lex->child_counts[child] != child_want)
            fail_msg("N=%d depth %d: child %u of prefix %zu has %u below it, the row search %llu", lex->n, lex->depth,
                     child, i, lex->child_counts[child], (unsigned long long)child_want);
    }
    assert_int_equal(child, lex->first_child[i + 1]);
}

/* Builds lex, pinned to *pin if not NULL, and fills it by halves on `threads` threads; false if
 * the fill does not fit. */
static bool fill_pinned(nq_lexcount *lex, int n, const nq_square *pin, size_t target, bool children, int threads)
{
    nq_lexcount_build(lex, n, pin, target, children);
    if (!nq_lexhalves_fits(lex)) {
        nq_lexcount_free(lex);
        return false;
    }
    nq_run run = {.threads = threads};
    assert_true(nq_lexcount_fill(lex, &run));
    return true;
}

static bool fill(nq_lexcount *lex, int n, size_t target, bool children, int threads)
{
    return fill_pinned(lex, n, NULL, target, children, threads);
}

static void test_every_prefix_and_child_equals_the_row_search(void **state)
{
    (void)state;
    static const size_t targets[] = {1, 40, 2000, 100000};
    for (int n = NQ_LEXHALVES_MIN_N; n <= 15; n++) {
        int filled = 0;
        /* Under the thread sanitizer a fill of N = 15 takes seconds, and the row search below N =
         * 14's 0.8 million deepest children minutes: the shallower ones check the same code, and
         * from 14 on every 4th (15: 16th) prefix is checked, a row count of the board each time. */
        size_t depths = n < 14 ? sizeof targets / sizeof *targets : n == 14 ? 3 : 2;
        size_t stride = n < 14 ? 1 : n == 14 ? 4 : 16;
        for (size_t t = 0; t < depths; t++)
            for (int children = 0; children < 2; children++) {
                nq_lexcount lex;
                if (!fill(&lex, n, targets[t], children, 2))
                    continue;
                filled++;
                assert_int_equal(nq_lexcount_frontier(&lex), lex.size);
                assert_int_equal(lex.frontier_sum, oeis_a000170[n]);
                for (size_t i = 0; i < lex.size; i += stride)
                    check_prefix(&lex, i);
                nq_progress p = nq_lexcount_progress(&lex);
                assert_true(p.complete);
                assert_int_equal(p.basis, NQ_BASIS_HALVES);
                assert_int_equal(p.found, oeis_a000170[n]);
                assert_int_equal(p.solutions, oeis_a000170[n]);
                assert_int_equal(p.parts_done, p.parts);
                assert_int_equal(p.parts, lex.halves->part_count);
                nq_lexcount_free(&lex);
            }
        if (filled < (int)depths)
            fail_msg("N=%d: only %d of the %zu depths tried fit a fill by halves", n, filled, 2 * depths);
    }
}

/* Every 7th square of N = 12 pinned in turn (every row and column among them; every other one
 * with shallower prefixes), every 41st of 13 and every 23rd of 14: each prefix against the row search (so
 * the total is the pinned count), the figures the count by halves'; odd boards (13) pinned too,
 * their middle queens' placements by groups. Few squares: the row search below every prefix is
 * what takes the time, ten times as long under a sanitizer. */
static void test_pinned_prefixes_equal_the_row_search(void **state)
{
    (void)state;
    static const size_t targets[] = {40, 2000};
    for (int n = NQ_LEXHALVES_MIN_N; n <= 14; n++) {
        int step = n == 12 ? 7 : n == 13 ? 41 : 23; /* 13: a corner, the middle row and column */
        for (int square = 0; square < n * n; square += step) {
            size_t target = targets[n == 12 ? (square / step) % 2 : 1];
            nq_square pin = {square % n, square / n};
            nq_lexcount lex;
            bool fits = fill_pinned(&lex, n, &pin, target, false, 2);
            if (!fits)
                fail_msg("N=%d pinned at %d,%d, depth for %zu prefixes: no fill by halves", n, pin.column + 1,
                         pin.row + 1, target);
            nq_progress p = nq_lexcount_progress(&lex);
            assert_int_equal(p.found, lex.frontier_sum);
            assert_int_equal(p.basis, NQ_BASIS_HALVES);
            for (size_t i = 0; i < lex.size; i++)
                check_prefix(&lex, i);
            nq_lexcount_free(&lex);
        }
    }
}

/* Whether two filled lexes have the same counts and children's counts. */
static void assert_same_counts(const nq_lexcount *a, const nq_lexcount *b, const char *how)
{
    assert_int_equal(a->size, b->size);
    for (size_t i = 0; i < a->size; i++)
        if (a->counts[i] != b->counts[i])
            fail_msg("N=%d, %s: prefix %zu has %llu solutions before it, against %llu", a->n, how, i,
                     (unsigned long long)b->counts[i], (unsigned long long)a->counts[i]);
    for (uint32_t c = 0; a->child_counts && c < a->first_child[a->size]; c++)
        if (a->child_counts[c] != b->child_counts[c])
            fail_msg("N=%d, %s: child %u has %u, against %u", a->n, how, c, b->child_counts[c], a->child_counts[c]);
}

static void test_threads_and_kernels_agree(void **state)
{
    (void)state;
    static const nq_square pin = {4, 1};
    static const struct {
        int n;
        const nq_square *pin;
    } cases[] = {{13, NULL}, {14, NULL}, {14, &pin}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int n = cases[c].n;
        bool children = !cases[c].pin;
        nq_lexcount one;
        assert_true(fill_pinned(&one, n, cases[c].pin, 2000, children, 1));
        for (int threads = 2; threads <= 4; threads++) {
            nq_lexcount more;
            assert_true(fill_pinned(&more, n, cases[c].pin, 2000, children, threads));
            char how[48];
            snprintf(how, sizeof how, "%d threads%s", threads, cases[c].pin ? ", pinned" : "");
            assert_same_counts(&one, &more, how);
            nq_lexcount_free(&more);
        }
        nq_halves_portable_kernel(true);
        nq_lexcount portable;
        assert_true(fill_pinned(&portable, n, cases[c].pin, 2000, children, 2));
        nq_halves_portable_kernel(false);
        assert_same_counts(&one, &portable, cases[c].pin ? "portable kernels, pinned" : "portable kernels");
        nq_lexcount_free(&portable);
        nq_lexcount_free(&one);
    }
}

/* Readings of 7 rows of an odd board (6 prefix rows and children) do not fit by halves: the last
 * rows' part would not fit above the edge's (lexparts.h). 6 rows do. */
static void test_an_odd_board_reads_six_rows_at_most(void **state)
{
    (void)state;
    nq_lexcount lex;
    nq_lexcount_build(&lex, 15, NULL, 100000, true);
    assert_int_equal(lex.depth + 1, 7);
    assert_false(nq_lexhalves_fits(&lex));
    nq_lexcount_free(&lex);
    nq_lexcount_build(&lex, 15, NULL, 50000, true);
    assert_int_equal(lex.depth + 1, 6);
    assert_true(nq_lexhalves_fits(&lex));
    nq_lexcount_free(&lex);
}

static void test_a_cancelled_fill_leaves_nothing_final(void **state)
{
    (void)state;
    nq_lexcount lex;
    nq_lexcount_build(&lex, 15, NULL, 50000, true);
    assert_true(nq_lexhalves_fits(&lex));
    atomic_bool cancel;
    atomic_init(&cancel, true);
    nq_run run = {.threads = 2, .cancel = &cancel};
    assert_false(nq_lexcount_fill(&lex, &run));
    assert_int_equal(nq_lexcount_frontier(&lex), 0);
    nq_progress p = nq_lexcount_progress(&lex);
    assert_false(p.complete);
    assert_int_equal(p.solutions, 0);
    nq_lexcount_free(&lex);
}

static void test_large_boards(void **state)
{
    (void)state;
    const char *given = getenv("NQ_SEED");
    uint64_t seed = given ? strtoull(given, NULL, 10) : (uint64_t)time(NULL);
    for (int n = 16; n <= largest; n++) {
        nq_lexcount lex;
        assert_true(fill(&lex, n, 1 << 17, true, 2));
        assert_int_equal(lex.frontier_sum, oeis_a000170[n]);
        print_message("N=%d: %llu solutions; prefixes checked from seed %llu (NQ_SEED=%llu replays it)\n", n,
                      (unsigned long long)lex.frontier_sum, (unsigned long long)seed, (unsigned long long)seed);
        uint64_t state_ = seed | 1; /* xorshift's state must not be 0 */
        for (int k = 0; k < 200; k++)
            check_prefix(&lex, (size_t)(nq_xorshift_next(&state_) % lex.size));
        nq_lexcount_free(&lex);
        /* Pinned, the readings are too long for the keys to carry (lexparts.h): the edges come in
         * arrays, with no first rows read. */
        const nq_square pin = {n / 2 - 3, 1};
        assert_true(fill_pinned(&lex, n, &pin, 1 << 17, false, 2));
        assert_false(nq_lexparts_edge_in_key(n, lex.depth, false));
        nq_run run = {.threads = 2};
        assert_int_equal(lex.frontier_sum, nq_halves_count(n, &pin, &run).solutions);
        for (int k = 0; k < 200; k++)
            check_prefix(&lex, (size_t)(nq_xorshift_next(&state_) % lex.size));
        nq_lexcount_free(&lex);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1)
        largest = atoi(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_prefix_and_child_equals_the_row_search),
        cmocka_unit_test(test_pinned_prefixes_equal_the_row_search),
        cmocka_unit_test(test_threads_and_kernels_agree),
        cmocka_unit_test(test_an_odd_board_reads_six_rows_at_most),
        cmocka_unit_test(test_a_cancelled_fill_leaves_nothing_final),
        cmocka_unit_test(test_large_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
