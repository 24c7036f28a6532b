/*
 * test_enumerate.c -- the lexicographic iterator against the plain reference in brute.h:
 * complete, strictly increasing, verified; pinned queens on every square; resuming after every
 * solution; confining to a prefix.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "brute.h"
#include "oeis.h"
#include "nq/enumerate.h"
#include "nq/find.h"

static int compare_cols(const int *a, const int *b, int n)
{
    for (int r = 0; r < n; r++)
        if (a[r] != b[r])
            return a[r] < b[r] ? -1 : 1;
    return 0;
}

/* Checks that e yields exactly the entries of list from index `from` on (those with the first
 * queen, if any), in order, and then nothing more. */
static void expect_sequence(nq_enum *e, const brute_list *list, size_t from, const nq_square *first)
{
    int cols[NQ_MAX_N];
    char where[64] = "";
    if (first)
        snprintf(where, sizeof where, ", first queen at column %d, row %d", first->column + 1, first->row + 1);
    for (size_t i = from; i < list->size; i++) {
        if (first && !brute_has(list, i, *first))
            continue;
        if (!nq_enum_next(e, cols))
            fail_msg("n=%d%s: the iterator ended before reference solution %zu", list->n, where, i + 1);
        if (compare_cols(cols, brute_at(list, i), list->n) != 0)
            fail_msg("n=%d%s: solution %zu differs from the reference", list->n, where, i + 1);
    }
    for (int again = 0; again < 2; again++)
        if (nq_enum_next(e, cols))
            fail_msg("n=%d%s: the iterator goes on after the reference's last solution", list->n, where);
}

static void test_all_solutions_in_order(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        brute_list list = brute_solutions(n);
        if (list.size != oeis_a000170[n])
            fail_msg("n=%d: the reference has %zu solutions, OEIS A000170 says %llu", n, list.size,
                     (unsigned long long)oeis_a000170[n]);
        nq_enum e;
        nq_enum_init(&e, n, NULL);
        int prev[NQ_MAX_N], cols[NQ_MAX_N];
        size_t count = 0;
        while (nq_enum_next(&e, cols)) {
            if (!nq_verify(n, cols, NULL, NULL))
                fail_msg("n=%d: solution %zu is not a solution", n, count + 1);
            if (count && compare_cols(prev, cols, n) >= 0)
                fail_msg("n=%d: solution %zu does not come after solution %zu", n, count + 1, count);
            memcpy(prev, cols, sizeof cols);
            count++;
        }
        if (count != oeis_a000170[n])
            fail_msg("n=%d: the iterator gave %zu solutions, OEIS A000170 says %llu", n, count,
                     (unsigned long long)oeis_a000170[n]);
        nq_enum_init(&e, n, NULL);
        expect_sequence(&e, &list, 0, NULL);
        brute_free(&list);
    }
}

static void test_pinned_on_every_square(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        brute_list list = brute_solutions(n);
        for (int row = 0; row < n; row++) {
            for (int col = 0; col < n; col++) {
                nq_square first = {col, row};
                nq_enum e;
                nq_enum_init(&e, n, &first);
                expect_sequence(&e, &list, 0, &first);
            }
        }
        brute_free(&list);
    }
}

static void test_resume_after_every_solution(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        brute_list list = brute_solutions(n);
        for (size_t i = 0; i < list.size; i++) {
            nq_enum e;
            nq_enum_init(&e, n, NULL);
            if (!nq_enum_seek(&e, brute_at(&list, i)))
                fail_msg("n=%d: seek to solution %zu refused", n, i + 1);
            expect_sequence(&e, &list, i + 1, NULL);
        }
        brute_free(&list);
    }
    /* With a pinned queen, for every square of the 8 x 8 board. */
    brute_list list = brute_solutions(8);
    for (int sq = 0; sq < 64; sq++) {
        nq_square first = {sq % 8, sq / 8};
        for (size_t i = 0; i < list.size; i++) {
            if (!brute_has(&list, i, first))
                continue;
            nq_enum e;
            nq_enum_init(&e, 8, &first);
            if (!nq_enum_seek(&e, brute_at(&list, i)))
                fail_msg("n=8, first queen at column %d, row %d: seek to solution %zu refused", first.column + 1,
                         first.row + 1, i + 1);
            expect_sequence(&e, &list, i + 1, &first);
        }
    }
    brute_free(&list);
}

static void test_seek_rejects_non_solutions(void **state)
{
    (void)state;
    nq_enum e, before;
    nq_enum_init(&e, 4, NULL);
    before = e;
    static const int broken[] = {1, 3, 0, 1};
    assert_false(nq_enum_seek(&e, broken));
    assert_memory_equal(&e, &before, sizeof e);

    nq_square first = {0, 1};
    nq_enum_init(&e, 4, &first); /* solution 2 (3 1 4 2) has its queen of row 2 in column 1 */
    static const int other[] = {1, 3, 0, 2};
    assert_false(nq_enum_seek(&e, other));
    static const int second[] = {2, 0, 3, 1};
    assert_true(nq_enum_seek(&e, second));
    assert_false(nq_enum_next(&e, NULL));
}

static void test_below_a_prefix(void **state)
{
    (void)state;
    brute_list list = brute_solutions(8);
    for (int a = 0; a < 8; a++) {
        for (int b = 0; b < 8; b++) {
            int prefix[2] = {a, b};
            if (a == b || a == b + 1 || a + 1 == b)
                continue;
            nq_enum e;
            nq_enum_init_below(&e, 8, NULL, prefix, 2);
            int cols[NQ_MAX_N];
            for (size_t i = 0; i < list.size; i++) {
                const int *s = brute_at(&list, i);
                if (s[0] != a || s[1] != b)
                    continue;
                if (!nq_enum_next(&e, cols))
                    fail_msg("below %d %d: the iterator ended before reference solution %zu", a + 1, b + 1, i + 1);
                assert_memory_equal(cols, s, 8 * sizeof *cols);
            }
            if (nq_enum_next(&e, cols))
                fail_msg("below %d %d: the iterator goes on after the reference's last solution", a + 1, b + 1);
        }
    }
    /* A prefix that is a whole board is its one solution. */
    nq_enum e;
    nq_enum_init_below(&e, 8, NULL, brute_at(&list, 5), 8);
    int cols[NQ_MAX_N];
    assert_true(nq_enum_next(&e, cols));
    assert_memory_equal(cols, brute_at(&list, 5), 8 * sizeof *cols);
    assert_false(nq_enum_next(&e, cols));
    brute_free(&list);
}

/* The widest board, with bit 63 in play: below a deep prefix of a known solution, the iterator
 * returns that solution among others, all verified and in order. (The first solution of the
 * whole 64 x 64 board is beyond plain backtracking's reach in a test.) */
static void test_sixty_four(void **state)
{
    (void)state;
    int known[NQ_MAX_N], cols[NQ_MAX_N], prev[NQ_MAX_N];
    nq_square corner = {63, 0};
    assert_true(nq_find(64, &corner, known));
    nq_enum e;
    nq_enum_init_below(&e, 64, &corner, known, 52);
    bool seen = false;
    size_t count = 0;
    while (nq_enum_next(&e, cols)) {
        if (!nq_verify(64, cols, &corner, NULL))
            fail_msg("solution %zu below the prefix is not a solution with the first queen", count + 1);
        assert_memory_equal(cols, known, 52 * sizeof *cols);
        if (count && compare_cols(prev, cols, 64) >= 0)
            fail_msg("solution %zu below the prefix does not come after solution %zu", count + 1, count);
        seen = seen || compare_cols(cols, known, 64) == 0;
        memcpy(prev, cols, sizeof cols);
        count++;
    }
    assert_true(seen);
}

#include "nq/index.h" /* the tests below check the iterator against an index */

/* A pull with a budget of queens stops with "busy" and goes on where it stopped: pulling one
 * queen at a time gives the very sequence nq_enum_next() gives, and nodes counts every queen. */
static void test_pull_within_a_budget(void **state)
{
    (void)state;
    static const struct {
        int n;
        nq_square first;
        bool pinned;
    } boards[] = {{8, {0, 0}, false}, {21, {10, 7}, true}};
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        int n = boards[b].n;
        const nq_square *first = boards[b].pinned ? &boards[b].first : NULL;
        nq_enum whole, step;
        nq_enum_init(&whole, n, first);
        nq_enum_init(&step, n, first);
        int expected[NQ_MAX_N], cols[NQ_MAX_N];
        size_t busy = 0;
        for (int k = 0; k < 40 && nq_enum_next(&whole, expected); k++) {
            nq_enum_status got;
            for (;;) {
                uint64_t before = step.nodes;
                got = nq_enum_pull(&step, cols, 1);
                assert_in_range(step.nodes - before, 0, 1);
                if (got != NQ_ENUM_BUSY)
                    break;
                busy++;
            }
            assert_int_equal(got, NQ_ENUM_FOUND);
            assert_memory_equal(cols, expected, (size_t)n * sizeof *cols);
        }
        assert_int_equal(step.nodes, whole.nodes);
        assert_in_range(busy, 1, step.nodes);
    }
    nq_enum e;
    nq_enum_init(&e, 3, NULL);
    while (nq_enum_pull(&e, NULL, 1) == NQ_ENUM_BUSY)
        ;
    assert_int_equal(nq_enum_pull(&e, NULL, 1), NQ_ENUM_DONE);
}

typedef struct stop_at {
    uint64_t solutions;
    atomic_bool cancel;
} stop_at;

static void stop_when_known(void *context, const nq_progress *progress)
{
    stop_at *stop = context;
    if (progress->solutions >= stop->solutions)
        atomic_store(&stop->cancel, true);
}

/* On boards large enough for the look-ahead, the iterator skips no solution: its first few
 * thousand are solutions in strictly increasing order, and the last of them is the one an index
 * (a different search: no look-ahead, counted subtrees) puts at that position; then they are
 * the first ones, all of them. With and without a pinned queen. */
static void test_look_ahead_skips_no_solution(void **state)
{
    (void)state;
    enum { WANTED = 3000 };
    static const struct {
        int n;
        nq_square first;
        bool pinned;
    } boards[] = {{20, {0, 0}, false}, {21, {10, 7}, true}};
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        int n = boards[b].n;
        const nq_square *first = boards[b].pinned ? &boards[b].first : NULL;
        nq_enum e;
        nq_enum_init(&e, n, first);
        int cols[NQ_MAX_N], prev[NQ_MAX_N], expected[NQ_MAX_N];
        for (int k = 1; k <= WANTED; k++) {
            assert_true(nq_enum_next(&e, cols));
            assert_true(nq_verify(n, cols, first, NULL));
            if (k > 1)
                assert_int_equal(compare_cols(prev, cols, n), -1);
            memcpy(prev, cols, sizeof cols);
        }
        nq_index *index = nq_index_create(n, first);
        stop_at stop = {.solutions = WANTED};
        atomic_init(&stop.cancel, false);
        nq_run run = {.threads = 2, .cancel = &stop.cancel, .progress = stop_when_known, .context = &stop};
        nq_index_fill(index, &run);
        assert_true(nq_index_unrank(index, WANTED, expected));
        assert_memory_equal(cols, expected, (size_t)n * sizeof *cols);
        nq_index_free(index);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_solutions_in_order),
        cmocka_unit_test(test_pinned_on_every_square),
        cmocka_unit_test(test_resume_after_every_solution),
        cmocka_unit_test(test_seek_rejects_non_solutions),
        cmocka_unit_test(test_below_a_prefix),
        cmocka_unit_test(test_sixty_four),
        cmocka_unit_test(test_pull_within_a_budget),
        cmocka_unit_test(test_look_ahead_skips_no_solution),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
