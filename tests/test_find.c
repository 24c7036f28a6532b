/*
 * test_find.c -- one solution fast: found exactly when one exists (checked against the counts on
 * every square up to N = 10), always verified, for every N up to 64; beyond, the construction for
 * every N up to 5,000 and the pinned local search on every square of N = 65 and 66, on the
 * edges and diagonals of N = 67..72, on random squares of random N up to 100,000, and on
 * N = 1,000,000 (fewer under the sanitizers).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "nq/count.h"
#include "nq/find.h"

/* Beyond N = 64 with a pinned queen: the boards from 65 on checked on every square (the others on
 * their edges and diagonals), and the random large boards. The sanitizers run find ten to thirty
 * times slower, so they check fewer. */
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
enum { EVERY_SQUARE_BOARDS = 0, RANDOM_BOARDS = 30 };
#else
enum { EVERY_SQUARE_BOARDS = 2, RANDOM_BOARDS = 150 };
#endif

static void test_every_size(void **state)
{
    (void)state;
    for (int n = 1; n <= NQ_MAX_N; n++) {
        int cols[NQ_MAX_N];
        bool found = nq_find(n, NULL, cols);
        if (found != (n != 2 && n != 3))
            fail_msg("n=%d: find says %s", n, found ? "found" : "none");
        if (found && !nq_verify(n, cols, NULL, NULL))
            fail_msg("n=%d: what find returned is not a solution", n);
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
            if (found && !nq_verify(n, cols, &first, NULL))
                fail_msg("n=%d, column %d, row %d: what find returned is not a solution with that queen", n,
                         first.column + 1, first.row + 1);
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
                if (!nq_find(n, &first, cols) || !nq_verify(n, cols, &first, NULL))
                    fail_msg("n=%d: no verified solution through column %d, row %d", n, col + 1, row + 1);
            }
        }
    }
}

/* The construction (no pinned queen) for every size past the searched ones. */
static void test_construction_for_every_size(void **state)
{
    (void)state;
    int *cols = malloc(5000 * sizeof *cols);
    for (int n = NQ_MAX_N + 1; n <= 5000; n++) {
        if (!nq_find(n, NULL, cols) || !nq_verify(n, cols, NULL, NULL))
            fail_msg("n=%d: the construction gives no verified solution", n);
    }
    free(cols);
}

static void check_pinned(int n, nq_square first, int *cols)
{
    if (!nq_find(n, &first, cols) || !nq_verify(n, cols, &first, NULL))
        fail_msg("n=%d: no verified solution with the queen at column %d, row %d", n, first.column + 1,
                 first.row + 1);
}

static void test_pinned_beyond_the_search(void **state)
{
    (void)state;
    int *cols = malloc(100000 * sizeof *cols);
    for (int n = NQ_MAX_N + 1; n <= NQ_MAX_N + 8; n++) {
        bool every_square = n <= NQ_MAX_N + EVERY_SQUARE_BOARDS;
        for (int row = 0; row < n; row++)
            for (int col = 0; col < n; col++)
                if (every_square || row == 0 || row == n - 1 || col == 0 || col == n - 1 || row == col ||
                    row + col == n - 1)
                    check_pinned(n, (nq_square){col, row}, cols);
    }
    srand(65);
    for (int i = 0; i < RANDOM_BOARDS; i++) {
        int n = NQ_MAX_N + 1 + rand() % (100000 - NQ_MAX_N);
        check_pinned(n, (nq_square){rand() % n, rand() % n}, cols);
    }
    /* The bottom left corner of the eleven largest sizes. */
    for (int n = 99990; n <= 100000; n++)
        check_pinned(n, (nq_square){0, n - 1}, cols);
    free(cols);
}

static void test_a_million(void **state)
{
    (void)state;
    int n = NQ_FIND_MAX_N;
    int *cols = malloc((size_t)n * sizeof *cols);
    assert_true(nq_find(n, NULL, cols));
    assert_true(nq_verify(n, cols, NULL, NULL));
    check_pinned(n, (nq_square){n / 2, n / 3}, cols);
    check_pinned(n, (nq_square){0, 0}, cols);
    free(cols);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_size),
        cmocka_unit_test(test_found_exactly_when_one_exists),
        cmocka_unit_test(test_pinned_on_large_boards),
        cmocka_unit_test(test_construction_for_every_size),
        cmocka_unit_test(test_pinned_beyond_the_search),
        cmocka_unit_test(test_a_million),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
