/*
 * test_find.c -- one solution fast: found exactly when one exists (checked against the counts on
 * every square up to N = 10), always verified, for every N up to 64.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "nq/count.h"
#include "nq/find.h"

static void test_every_size(void **state)
{
    (void)state;
    for (int n = 1; n <= NQ_MAX_N; n++) {
        int cols[NQ_MAX_N];
        bool found = nq_find(n, NULL, cols);
        assert_int_equal(found, n != 2 && n != 3);
        if (found)
            assert_true(nq_verify(n, cols, NULL, NULL));
    }
}

static void test_found_exactly_when_one_exists(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        for (int sq = 0; sq < n * n; sq++) {
            nq_square first = {sq % n, sq / n};
            nq_count_options options = {&first, false, {.threads = 1}};
            bool exists = nq_count(n, &options).solutions > 0;
            int cols[NQ_MAX_N];
            bool found = nq_find(n, &first, cols);
            if (found != exists)
                fail_msg("n=%d, column %d, row %d: find says %d, count says %d", n, first.column + 1,
                         first.row + 1, found, exists);
            if (found)
                assert_true(nq_verify(n, cols, &first, NULL));
        }
    }
}

/* Every square of every board from 11 to 24, and the edges, corners and centre up to 64. */
static void test_pinned_on_large_boards(void **state)
{
    (void)state;
    for (int n = 11; n <= NQ_MAX_N; n++) {
        int step = n <= 24 ? 1 : n / 4;
        for (int row = 0; row < n; row += row + step < n || row == n - 1 ? step : n - 1 - row) {
            for (int col = 0; col < n; col += col + step < n || col == n - 1 ? step : n - 1 - col) {
                nq_square first = {col, row};
                int cols[NQ_MAX_N];
                if (!nq_find(n, &first, cols))
                    fail_msg("n=%d: no solution found through column %d, row %d", n, col + 1, row + 1);
                assert_true(nq_verify(n, cols, &first, NULL));
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_size),
        cmocka_unit_test(test_found_exactly_when_one_exists),
        cmocka_unit_test(test_pinned_on_large_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
