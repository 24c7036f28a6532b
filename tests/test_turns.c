/*
 * test_turns.c -- the solutions a half or a quarter turn keeps, against every solution turned by
 * hand for N <= 11, against OEIS A032522 / A033148 above, and the unique counts Burnside's
 * lemma gives against OEIS A002562 for every N the table has counts for up to 17.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "brute.h"
#include "oeis.h"
#include "turns.h"

/* Whether the board cols maps to itself under a quarter turn (quarter) or a half turn. */
static bool kept(int n, const int *cols, bool quarter)
{
    for (int r = 0; r < n; r++) {
        int c = cols[r];
        if (quarter ? cols[c] != n - 1 - r : cols[n - 1 - r] != n - 1 - c)
            return false;
    }
    return true;
}

static void test_turns_match_every_solution(void **state)
{
    (void)state;
    for (int n = 1; n <= 11; n++) {
        brute_list all = brute_solutions(n);
        uint64_t half = 0, quarter = 0;
        for (size_t i = 0; i < all.size; i++) {
            half += kept(n, brute_at(&all, i), false);
            quarter += kept(n, brute_at(&all, i), true);
        }
        uint64_t got_half, got_quarter;
        nq_turns_count(n, &got_half, &got_quarter);
        assert_int_equal(got_half, half);
        assert_int_equal(got_quarter, quarter);
        brute_free(&all);
    }
}

static void test_larger_turns_match_oeis(void **state)
{
    (void)state;
    /* OEIS A032522 (kept by a half turn) and A033148 (kept by a quarter turn), N = 12..20. */
    static const uint64_t half[] = {80, 136, 420, 1240, 3000, 8152, 18104, 44184, 144620};
    static const uint64_t quarter[] = {8, 8, 0, 0, 64, 128, 0, 0, 480};
    for (int n = 12; n <= 20; n++) {
        uint64_t got_half, got_quarter;
        nq_turns_count(n, &got_half, &got_quarter);
        assert_int_equal(got_half, half[n - 12]);
        assert_int_equal(got_quarter, quarter[n - 12]);
    }
}

static void test_unique_matches_oeis(void **state)
{
    (void)state;
    for (int n = 1; n <= 20; n++) {
        uint64_t half, quarter;
        nq_turns_count(n, &half, &quarter);
        assert_int_equal(nq_turns_unique(n, oeis_a000170[n], half, quarter), oeis_a002562[n]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turns_match_every_solution),
        cmocka_unit_test(test_larger_turns_match_oeis),
        cmocka_unit_test(test_unique_matches_oeis),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
