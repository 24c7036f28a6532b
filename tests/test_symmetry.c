/*
 * test_symmetry.c -- the 8 symmetries form the group of the square, and the number of solutions
 * each fixes (hence the unique count) matches a direct check of every solution.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "brute.h"
#include "nq/symmetry.h"

static void test_group_laws(void **state)
{
    (void)state;
    for (int n = 1; n <= 7; n++) {
        for (int g = 0; g < NQ_SYM_COUNT; g++) {
            unsigned char hit[49] = {0};
            for (int row = 0; row < n; row++) {
                for (int col = 0; col < n; col++) {
                    nq_square s = nq_symmetry_apply((nq_symmetry)g, n, (nq_square){col, row});
                    if (s.column < 0 || s.column >= n || s.row < 0 || s.row >= n)
                        fail_msg("n=%d, symmetry %d takes column %d, row %d off the board (column %d, row %d)", n,
                                 g, col + 1, row + 1, s.column + 1, s.row + 1);
                    hit[s.row * n + s.column]++;
                    /* Reflections undo themselves; a quarter turn four times is the identity. */
                    nq_square back = s;
                    int order = g == NQ_SYM_ROTATE_90 || g == NQ_SYM_ROTATE_270 ? 4 : 2;
                    for (int i = 1; i < order; i++)
                        back = nq_symmetry_apply((nq_symmetry)g, n, back);
                    if (g != NQ_SYM_IDENTITY && (back.column != col || back.row != row))
                        fail_msg("n=%d, symmetry %d done %d times takes column %d, row %d to column %d, row %d", n,
                                 g, order, col + 1, row + 1, back.column + 1, back.row + 1);
                }
            }
            for (int i = 0; i < n * n; i++) /* a bijection of the board */
                if (hit[i] != 1)
                    fail_msg("n=%d, symmetry %d: column %d, row %d is the image of %d squares", n, g, i % n + 1,
                             i / n + 1, hit[i]);
        }
        /* A quarter turn clockwise takes the top left corner to the top right. */
        nq_square corner = nq_symmetry_apply(NQ_SYM_ROTATE_90, n, (nq_square){0, 0});
        assert_int_equal(corner.column, n - 1);
        assert_int_equal(corner.row, 0);
    }
}

/* Whether g maps the solution cols onto itself. */
static int fixes(nq_symmetry g, int n, const int *cols)
{
    for (int row = 0; row < n; row++) {
        nq_square s = nq_symmetry_apply(g, n, (nq_square){cols[row], row});
        if (cols[s.row] != s.column)
            return 0;
    }
    return 1;
}

/* The smallest of the 8 images of cols, in lexicographic order, is cols itself. */
static int is_canonical(int n, const int *cols)
{
    for (int g = 1; g < NQ_SYM_COUNT; g++) {
        int image[NQ_MAX_N];
        for (int row = 0; row < n; row++) {
            nq_square s = nq_symmetry_apply((nq_symmetry)g, n, (nq_square){cols[row], row});
            image[s.row] = s.column;
        }
        int r = 0;
        while (r < n && image[r] == cols[r])
            r++;
        if (r < n && image[r] < cols[r])
            return 0;
    }
    return 1;
}

static void test_fixed_counts_and_unique(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        brute_list list = brute_solutions(n);
        for (int g = 1; g < NQ_SYM_COUNT; g++) {
            uint64_t expected = 0;
            for (size_t i = 0; i < list.size; i++)
                expected += (uint64_t)fixes((nq_symmetry)g, n, brute_at(&list, i));
            uint64_t got = nq_symmetry_fixed((nq_symmetry)g, n);
            if (got != expected)
                fail_msg("n=%d, symmetry %d: %llu fixed, direct check finds %llu", n, g, (unsigned long long)got,
                         (unsigned long long)expected);
        }
        uint64_t canonical = 0;
        for (size_t i = 0; i < list.size; i++)
            canonical += (uint64_t)is_canonical(n, brute_at(&list, i));
        uint64_t unique = nq_symmetry_unique(n, list.size);
        if (unique != canonical)
            fail_msg("n=%d: %llu unique, direct check finds %llu canonical solutions", n,
                     (unsigned long long)unique, (unsigned long long)canonical);
        brute_free(&list);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_laws),
        cmocka_unit_test(test_fixed_counts_and_unique),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
