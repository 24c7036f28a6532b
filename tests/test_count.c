/*
 * test_count.c -- counts against OEIS A000170 and A002562 up to N = 17 (by the row search, then
 * by halves), pinned counts against the reference
 * filter on every square, the row-sum identity, and the same answer on any number of threads.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "brute.h"
#include "nq/count.h"
#include "nq/symmetry.h"
#include "oeis.h"

static nq_count_result count(int n, const nq_square *first, int threads, bool unique)
{
    nq_count_options options = {first, unique, {.threads = threads}};
    return nq_count(n, &options);
}

static void test_counts_match_oeis(void **state)
{
    (void)state;
    for (int n = 1; n <= 17; n++) {
        nq_count_result r = count(n, NULL, 0, true);
        if (r.solutions != oeis_a000170[n])
            fail_msg("n=%d: counted %llu, OEIS A000170 says %llu", n, (unsigned long long)r.solutions,
                     (unsigned long long)oeis_a000170[n]);
        if (r.unique != oeis_a002562[n])
            fail_msg("n=%d: counted %llu unique, OEIS A002562 says %llu", n, (unsigned long long)r.unique,
                     (unsigned long long)oeis_a002562[n]);
        if (r.solutions > 0 && r.nodes < (uint64_t)n)
            fail_msg("n=%d: %llu queens placed, fewer than one solution needs", n, (unsigned long long)r.nodes);
        /* The classes the search keeps are the orbits Burnside's lemma counts independently. */
        uint64_t orbits = nq_symmetry_unique(n, r.solutions);
        if (r.unique != orbits)
            fail_msg("n=%d: the search keeps %llu classes, Burnside's lemma counts %llu", n,
                     (unsigned long long)r.unique, (unsigned long long)orbits);
    }
}

static void test_pinned_counts_on_every_square(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++) { /* from 10 on, the last five rows are counted by tables */
        brute_list list = brute_solutions(n);
        for (int row = 0; row < n; row++) {
            uint64_t row_sum = 0;
            for (int col = 0; col < n; col++) {
                nq_square first = {col, row};
                uint64_t expected = 0;
                for (size_t i = 0; i < list.size; i++)
                    expected += (uint64_t)brute_has(&list, i, first);
                nq_count_result r = count(n, &first, 0, false);
                if (r.solutions != expected)
                    fail_msg("n=%d, column %d, row %d: counted %llu, the filter finds %llu", n, col + 1, row + 1,
                             (unsigned long long)r.solutions, (unsigned long long)expected);
                row_sum += r.solutions;
            }
            if (row_sum != list.size)
                fail_msg("n=%d, row %d: the pinned counts add up to %llu, not %zu", n, row + 1,
                         (unsigned long long)row_sum, list.size);
        }
        brute_free(&list);
    }
}

/* Every row holds exactly one queen, so a row's pinned counts add up to the total. */
static void test_row_sums_for_larger_boards(void **state)
{
    (void)state;
    for (int n = 11; n <= 12; n++) {
        for (int row = 0; row < n; row += n - 1 - row > row ? n / 3 : 1) {
            uint64_t row_sum = 0;
            for (int col = 0; col < n; col++) {
                nq_square first = {col, row};
                row_sum += count(n, &first, 0, false).solutions;
            }
            if (row_sum != oeis_a000170[n])
                fail_msg("n=%d, row %d: the pinned counts add up to %llu, not %llu", n, row + 1,
                         (unsigned long long)row_sum, (unsigned long long)oeis_a000170[n]);
        }
    }
}

static void test_threads_agree(void **state)
{
    (void)state;
    nq_square pins[] = {{5, 6}, {0, 0}, {6, 11}};
    for (int threads = 1; threads <= 4; threads++) {
        uint64_t all = count(12, NULL, threads, true).solutions;
        if (all != oeis_a000170[12])
            fail_msg("%d threads: %llu solutions", threads, (unsigned long long)all);
        for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++) {
            uint64_t got = count(12, &pins[i], threads, false).solutions;
            uint64_t one = count(12, &pins[i], 1, false).solutions;
            if (got != one)
                fail_msg("column %d, row %d: %llu solutions on %d threads, %llu on one", pins[i].column + 1,
                         pins[i].row + 1, (unsigned long long)got, threads, (unsigned long long)one);
        }
    }
    assert_int_equal(count(12, NULL, 1, false).nodes, count(12, NULL, 3, false).nodes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_match_oeis),
        cmocka_unit_test(test_pinned_counts_on_every_square),
        cmocka_unit_test(test_row_sums_for_larger_boards),
        cmocka_unit_test(test_threads_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
