/*
 * test_search.c -- the private counting search (src/core/search.h), white-box: both kernels for
 * the last five rows (PEXT and POPCNT, and the portable one every processor runs) give the known
 * totals and classes, and the same pinned counts, on one thread and on three.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "../src/core/search.h"
#include "oeis.h"
#include "tail.h"

/* The kernel switch is process-wide: each test starts with the best kernel and, through cmocka's
 * teardown, leaves it so even when a failed assertion jumps out of the test. */
static int best_kernel(void **state)
{
    (void)state;
    nq_tail_portable_kernel(false);
    return 0;
}

static void test_both_kernels(void **state)
{
    (void)state;
    for (int portable = 0; portable <= 1; portable++) {
        nq_tail_portable_kernel(portable);
        for (int n = 1; n <= 14; n++) {
            nq_run run = {.threads = 1 + 2 * portable};
            nq_search_result r = nq_search_count(n, NULL, 0, &run);
            if (!r.complete || r.solutions != oeis_a000170[n] || r.unique != oeis_a002562[n])
                fail_msg("n=%d, %s kernel: %s count of %llu solutions in %llu classes, OEIS says %llu in %llu", n,
                         portable ? "portable" : "best", r.complete ? "a complete" : "an incomplete",
                         (unsigned long long)r.solutions, (unsigned long long)r.unique,
                         (unsigned long long)oeis_a000170[n], (unsigned long long)oeis_a002562[n]);
        }
    }
}

static void test_pinned_same_with_both_kernels(void **state)
{
    (void)state;
    for (int n = 10; n <= 13; n++) {
        for (int row = 0; row < n; row += 3) {
            for (int col = 0; col < n; col++) {
                nq_square first = {col, row};
                nq_run run = {.threads = 2};
                nq_tail_portable_kernel(false);
                uint64_t best = nq_search_count(n, &first, 1, &run).solutions;
                nq_tail_portable_kernel(true);
                uint64_t portable = nq_search_count(n, &first, 1, &run).solutions;
                if (best != portable)
                    fail_msg("n=%d, column %d, row %d: %llu with the best kernel, %llu with the portable one", n,
                             col + 1, row + 1, (unsigned long long)best, (unsigned long long)portable);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_both_kernels, best_kernel, best_kernel),
        cmocka_unit_test_setup_teardown(test_pinned_same_with_both_kernels, best_kernel, best_kernel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
