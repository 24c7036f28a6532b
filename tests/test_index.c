/*
 * test_index.c -- random access: k -> solution -> k round-trips, and the k-th solution is the
 * k-th of the enumeration, for every k up to N = 12 (with and without a pinned queen, on every
 * square up to N = 9; with the tail tables' kernel for the processor and the portable one) and
 * for sampled k for N = 13 and 14. The unique index: its k-th board is the k-th
 * smallest-of-its-class board of brute force up to N = 12, every other solution has rank 0, and a
 * cancelled fill keeps what it knows reachable.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/core/tail.h"
#include "brute.h"
#include "nq/count.h"
#include "nq/enumerate.h"
#include "nq/index.h"
#include "nq/symmetry.h"
#include "oeis.h"

/* Every k of the board with the optional first queen against the enumeration. */
static void check_every_k(int n, const nq_square *first)
{
    nq_index *index = nq_index_build(n, first, 0);
    nq_enum e;
    nq_enum_init(&e, n, first);
    char where[64] = "";
    if (first)
        snprintf(where, sizeof where, ", first queen at column %d, row %d", first->column + 1, first->row + 1);
    int expected[NQ_MAX_N], cols[NQ_MAX_N];
    uint64_t k = 0;
    while (nq_enum_next(&e, expected)) {
        k++;
        if (!nq_index_unrank(index, k, cols))
            fail_msg("n=%d%s: no solution %llu", n, where, (unsigned long long)k);
        if (memcmp(cols, expected, (size_t)n * sizeof *cols) != 0)
            fail_msg("n=%d%s: solution %llu differs from the enumeration", n, where, (unsigned long long)k);
        uint64_t rank = nq_index_rank(index, cols);
        if (rank != k)
            fail_msg("n=%d%s: solution %llu has rank %llu", n, where, (unsigned long long)k, (unsigned long long)rank);
    }
    if (nq_index_known(index) != k)
        fail_msg("n=%d%s: the index knows %llu solutions, the enumeration gives %llu", n, where,
                 (unsigned long long)nq_index_known(index), (unsigned long long)k);
    if (nq_index_unrank(index, 0, cols) || nq_index_unrank(index, k + 1, cols))
        fail_msg("n=%d%s: a solution 0 or %llu, outside 1 to %llu", n, where, (unsigned long long)k + 1,
                 (unsigned long long)k);
    nq_index_free(index);
}

/* Every k up to N = 12, with the first queen on every square up to N = 9 and on a few above,
 * with the given kernel of the tables that count the last five rows. */
static void check_every_k_small_boards(bool portable)
{
    nq_tail_portable_kernel(portable);
    for (int n = 1; n <= 12; n++)
        check_every_k(n, NULL);
    for (int n = 1; n <= 9; n++)
        for (int sq = 0; sq < n * n; sq++)
            check_every_k(n, &(nq_square){sq % n, sq / n});
    check_every_k(10, &(nq_square){4, 3});
    check_every_k(11, &(nq_square){5, 9});
    check_every_k(12, &(nq_square){0, 11});
    nq_tail_portable_kernel(false);
}

static void test_every_k_small_boards(void **state)
{
    (void)state;
    check_every_k_small_boards(false);
}

static void test_every_k_small_boards_portable_kernel(void **state)
{
    (void)state;
    check_every_k_small_boards(true);
}

static void test_sampled_k_larger_boards(void **state)
{
    (void)state;
    srand(12345);
    for (int n = 12; n <= 14; n++) {
        const nq_square pin = {n / 2, n / 3};
        const nq_square *firsts[] = {NULL, &pin};
        for (int f = 0; f < 2; f++) {
            nq_index *index = nq_index_build(n, firsts[f], 0);
            nq_count_options options = {firsts[f], false, {.threads = 0}};
            uint64_t total = nq_count(n, &options).solutions;
            assert_int_equal(nq_index_known(index), total);
            for (int sample = 0; sample < 300; sample++) {
                uint64_t k = sample == 0 ? 1 : sample == 1 ? total : 1 + (uint64_t)rand() % total;
                int cols[NQ_MAX_N], next[NQ_MAX_N], expected[NQ_MAX_N];
                if (!nq_index_unrank(index, k, cols) || !nq_verify(n, cols, firsts[f], NULL))
                    fail_msg("n=%d%s: no verified solution %llu", n, f ? " pinned" : "", (unsigned long long)k);
                uint64_t rank = nq_index_rank(index, cols);
                if (rank != k)
                    fail_msg("n=%d%s: solution %llu has rank %llu", n, f ? " pinned" : "", (unsigned long long)k,
                             (unsigned long long)rank);
                /* The enumeration resumed at the k-th agrees with the (k+1)-th. */
                nq_enum e;
                nq_enum_init(&e, n, firsts[f]);
                assert_true(nq_enum_seek(&e, cols));
                if (k < total) {
                    assert_true(nq_enum_next(&e, expected));
                    assert_true(nq_index_unrank(index, k + 1, next));
                    assert_memory_equal(next, expected, (size_t)n * sizeof *next);
                } else {
                    assert_false(nq_enum_next(&e, expected));
                }
            }
            nq_index_free(index);
        }
    }
}

static void test_rank_of_non_members(void **state)
{
    (void)state;
    nq_square first = {1, 0};
    nq_index *index = nq_index_build(4, &first, 1);
    assert_int_equal(nq_index_known(index), 1);
    static const int member[] = {1, 3, 0, 2}, other[] = {2, 0, 3, 1}, broken[] = {1, 3, 0, 1};
    assert_int_equal(nq_index_rank(index, member), 1);
    assert_int_equal(nq_index_rank(index, other), 0);
    assert_int_equal(nq_index_rank(index, broken), 0);
    nq_index_free(index);

    for (int n = 2; n <= 3; n++) {
        index = nq_index_build(n, NULL, 0);
        int cols[NQ_MAX_N];
        assert_int_equal(nq_index_known(index), 0);
        assert_false(nq_index_unrank(index, 1, cols));
        nq_index_free(index);
    }
}

/* Memory does not grow with the solutions: the filled index of N = 14 holds exactly the bytes it
 * held when it had only listed its prefixes, fewer than its 365,596 solutions would take at a
 * byte a queen. */
static void test_memory_stays_small(void **state)
{
    (void)state;
    nq_index *index = nq_index_create(14, NULL);
    size_t listed = nq_index_bytes(index);
    nq_run run = {.threads = 0};
    assert_true(nq_index_fill(index, &run));
    assert_int_equal(nq_index_known(index), oeis_a000170[14]);
    assert_int_equal(nq_index_bytes(index), listed);
    assert_in_range(nq_index_bytes(index), 1, oeis_a000170[14] * 14 - 1);
    nq_index_free(index);
}

static void test_unique_index_small_boards(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++) {
        nq_index *index = nq_index_create_unique(n);
        nq_run run = {.threads = 2};
        assert_true(nq_index_fill(index, &run));
        brute_list list = brute_solutions(n);
        uint64_t k = 0;
        int cols[NQ_MAX_N];
        for (size_t i = 0; i < list.size; i++) {
            const int *board = brute_at(&list, i);
            uint64_t rank = nq_index_rank(index, board);
            if (!brute_smallest_of_class(n, board)) {
                if (rank != 0)
                    fail_msg("n=%d: solution %zu is not the smallest of its class, yet has rank %llu", n, i + 1,
                             (unsigned long long)rank);
                continue;
            }
            k++;
            if (!nq_index_unrank(index, k, cols))
                fail_msg("n=%d: no unique board %llu", n, (unsigned long long)k);
            if (memcmp(cols, board, (size_t)n * sizeof *cols) != 0)
                fail_msg("n=%d: unique board %llu is not solution %zu, the %llu-th smallest of its class", n,
                         (unsigned long long)k, i + 1, (unsigned long long)k);
            if (rank != k)
                fail_msg("n=%d: unique board %llu has rank %llu", n, (unsigned long long)k, (unsigned long long)rank);
        }
        assert_int_equal(nq_index_known(index), k);
        assert_int_equal(k, nq_symmetry_unique(n, list.size));
        nq_progress p = nq_index_progress(index);
        assert_int_equal(p.solutions, k);
        assert_true(p.complete);
        assert_false(nq_index_unrank(index, 0, cols));
        assert_false(nq_index_unrank(index, k + 1, cols));
        static const int broken[NQ_MAX_N] = {0}; /* every queen in column 1: a solution only for N = 1 */
        assert_int_equal(nq_index_rank(index, broken), n == 1);
        brute_free(&list);
        nq_index_free(index);
    }
}

/* Sampled k on larger boards: rank(unrank(k)) == k, each board canonical and after the one before. */
static void test_unique_index_sampled(void **state)
{
    (void)state;
    srand(4321);
    for (int n = 13; n <= 14; n++) {
        nq_index *index = nq_index_create_unique(n);
        nq_run run = {.threads = 0};
        assert_true(nq_index_fill(index, &run));
        uint64_t total = nq_index_known(index);
        nq_count_options options = {NULL, true, {.threads = 0}};
        assert_int_equal(total, nq_count(n, &options).unique);
        for (int sample = 0; sample < 300; sample++) {
            uint64_t k = sample == 0 ? 1 : sample == 1 ? total : 1 + (uint64_t)rand() % total;
            int cols[NQ_MAX_N];
            if (!nq_index_unrank(index, k, cols) || !nq_verify(n, cols, NULL, NULL))
                fail_msg("n=%d: no verified unique board %llu", n, (unsigned long long)k);
            assert_true(brute_smallest_of_class(n, cols));
            assert_int_equal(nq_index_rank(index, cols), k);
        }
        nq_index_free(index);
    }
}

typedef struct cancel_after_first {
    atomic_bool cancel;
} cancel_after_first;

/* Progress of the fill below: cancels it once anything is known. */
static void cancel_once_known(void *context, const nq_progress *p)
{
    cancel_after_first *c = context;
    if (p->solutions > 0)
        atomic_store(&c->cancel, true);
}

/* A fill cancelled early (N = 16 takes seconds; it stops after the first report that knows a
 * board) keeps its known boards reachable, in order, and no more. */
static void test_unique_index_cancelled(void **state)
{
    (void)state;
    const int n = 16;
    nq_index *index = nq_index_create_unique(n);
    cancel_after_first c;
    atomic_init(&c.cancel, false);
    nq_run run = {.threads = 1, .cancel = &c.cancel, .progress = cancel_once_known, .context = &c,
                  .interval = 0.001};
    assert_false(nq_index_fill(index, &run));
    nq_progress p = nq_index_progress(index);
    assert_false(p.complete);
    uint64_t known = nq_index_known(index);
    assert_in_range(known, 1, oeis_a002562[n] - 1);
    int cols[NQ_MAX_N], before[NQ_MAX_N];
    uint64_t checked = known < 2000 ? known : 2000;
    for (uint64_t k = 1; k <= checked; k++) {
        if (!nq_index_unrank(index, k, cols) || !nq_verify(n, cols, NULL, NULL))
            fail_msg("no verified unique board %llu of the %llu known", (unsigned long long)k,
                     (unsigned long long)known);
        assert_true(brute_smallest_of_class(n, cols));
        assert_int_equal(nq_index_rank(index, cols), k);
        int r = 0;
        while (k > 1 && r < n && before[r] == cols[r])
            r++;
        if (k > 1 && (r == n || before[r] > cols[r]))
            fail_msg("unique board %llu does not come after board %llu", (unsigned long long)k,
                     (unsigned long long)k - 1);
        memcpy(before, cols, (size_t)n * sizeof *cols);
    }
    /* The first known board is the first board of the enumeration that is the smallest of its class. */
    nq_enum e;
    nq_enum_init(&e, n, NULL);
    int first[NQ_MAX_N];
    do {
        assert_true(nq_enum_next(&e, first));
    } while (!brute_smallest_of_class(n, first));
    assert_true(nq_index_unrank(index, 1, cols));
    assert_memory_equal(cols, first, (size_t)n * sizeof *cols);
    assert_false(nq_index_unrank(index, known + 1, cols));
    nq_index_free(index);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_k_small_boards),
        cmocka_unit_test(test_every_k_small_boards_portable_kernel),
        cmocka_unit_test(test_sampled_k_larger_boards),
        cmocka_unit_test(test_rank_of_non_members),
        cmocka_unit_test(test_memory_stays_small),
        cmocka_unit_test(test_unique_index_small_boards),
        cmocka_unit_test(test_unique_index_sampled),
        cmocka_unit_test(test_unique_index_cancelled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
