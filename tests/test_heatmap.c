/*
 * test_heatmap.c -- the solution heatmap against the plain reference and against itself:
 *  - each row and each column sums to the board's solutions (N = 1 to 12, with and without a
 *    first queen), and the total, the largest number and the final report agree;
 *  - every square matches brute.h's filter for N <= 10 without a first queen, with one on every
 *    square for N <= 7 and on a sample of squares for N = 8 to 10;
 *  - squares a symmetry keeping the first queen swaps have the same number;
 *  - a cancel stops the fill (also in the middle of one square's count, N = 18), and the squares
 *    known by then are right;
 *  - a reader on another thread while the map fills never sees a wrong number, a count of known
 *    squares it cannot read, or a total before the end.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "brute.h"
#include "nq/count.h"
#include "nq/heatmap.h"
#include "nq/symmetry.h"
#include "oeis.h"

/* A filled map, checked complete. */
static nq_heatmap *filled(int n, const nq_square *first, int threads)
{
    nq_heatmap *map = nq_heatmap_create(n, first);
    assert_true(nq_heatmap_fill(map, &(nq_run){.threads = threads}));
    assert_int_equal(nq_heatmap_known(map), n * n);
    return map;
}

static uint64_t heat_at(const nq_heatmap *map, int column, int row)
{
    uint64_t count = 0;
    if (!nq_heatmap_get(map, (nq_square){column, row}, &count))
        fail_msg("square at column %d, row %d is not known", column + 1, row + 1);
    return count;
}

/* The last report a fill made. */
static void keep_last(void *context, const nq_progress *progress)
{
    *(nq_progress *)context = *progress;
}

/* Each row and each column of the map sums to total; the largest number is max. */
static void check_sums(const nq_heatmap *map, int n, uint64_t total)
{
    uint64_t max = 0;
    for (int i = 0; i < n; i++) {
        uint64_t row_sum = 0, column_sum = 0;
        for (int j = 0; j < n; j++) {
            row_sum += heat_at(map, j, i);
            column_sum += heat_at(map, i, j);
            if (heat_at(map, j, i) > max)
                max = heat_at(map, j, i);
        }
        assert_int_equal(row_sum, total);
        assert_int_equal(column_sum, total);
    }
    assert_int_equal(nq_heatmap_max(map), max);
}

static void test_rows_and_columns_sum_to_the_total(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++) {
        nq_square pins[] = {{0, 0}, {1 % n, 0}, {n / 2, n / 2}, {n - 1, n / 3}, {n / 3, n - 1}};
        for (int p = -1; p < (int)(sizeof pins / sizeof pins[0]); p++) {
            const nq_square *first = p < 0 ? NULL : &pins[p];
            nq_count_options options = {first, false, {.threads = 1}};
            uint64_t total = nq_count(n, &options).solutions;
            if (!first)
                assert_int_equal(total, oeis_a000170[n]);
            nq_progress last = {0};
            nq_heatmap *map = nq_heatmap_create(n, first);
            assert_int_equal(nq_heatmap_total(map), 0);
            assert_true(nq_heatmap_fill(map, &(nq_run){.threads = 2, .progress = keep_last, .context = &last}));
            assert_int_equal(nq_heatmap_known(map), n * n);
            assert_int_equal(nq_heatmap_total(map), total);
            check_sums(map, n, total);
            assert_true(last.complete);
            assert_int_equal(last.solutions, (uint64_t)(n * n));
            assert_int_equal(last.found, total);
            if (first)
                assert_int_equal(heat_at(map, first->column, first->row), total);
            nq_heatmap_free(map);
        }
    }
}

/* brute.h's count of the solutions with a queen on square and on first (if any). */
static uint64_t brute_heat(const brute_list *all, nq_square square, const nq_square *first)
{
    uint64_t count = 0;
    for (size_t i = 0; i < all->size; i++)
        count += brute_has(all, i, square) && (!first || brute_has(all, i, *first));
    return count;
}

static void check_against_brute(const brute_list *all, int n, const nq_square *first)
{
    nq_heatmap *map = filled(n, first, 2);
    for (int row = 0; row < n; row++) {
        for (int column = 0; column < n; column++) {
            uint64_t want = brute_heat(all, (nq_square){column, row}, first);
            uint64_t got = heat_at(map, column, row);
            if (got != want)
                fail_msg("n=%d, first queen %s at column %d, row %d; square at column %d, row %d: %llu, the "
                         "reference says %llu",
                         n, first ? "" : "none", first ? first->column + 1 : 0, first ? first->row + 1 : 0,
                         column + 1, row + 1, (unsigned long long)got, (unsigned long long)want);
        }
    }
    nq_heatmap_free(map);
}

static void test_matches_brute_force(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        brute_list all = brute_solutions(n);
        check_against_brute(&all, n, NULL);
        for (int row = 0; row < n; row++) {
            for (int column = 0; column < n; column++) {
                /* Every square up to 7; a diagonal, an edge and a knight's-move sample above. */
                bool sampled = column == row || row == 0 || (2 * column + row) % n == 1;
                if (n <= 7 || sampled)
                    check_against_brute(&all, n, &(nq_square){column, row});
            }
        }
        brute_free(&all);
    }
}

/* Whether symmetry g leaves first (if any) where it is. */
static bool keeps(nq_symmetry g, int n, const nq_square *first)
{
    if (!first)
        return true;
    nq_square moved = nq_symmetry_apply(g, n, *first);
    return moved.column == first->column && moved.row == first->row;
}

static void test_symmetric_squares_agree(void **state)
{
    (void)state;
    for (int n = 8; n <= 11; n++) {
        nq_square pins[] = {{0, 0}, {n / 2, n / 2}, {(n - 1) / 2, 2}, {2, 3}};
        for (int p = -1; p < (int)(sizeof pins / sizeof pins[0]); p++) {
            const nq_square *first = p < 0 ? NULL : &pins[p];
            nq_heatmap *map = filled(n, first, 1);
            for (nq_symmetry g = NQ_SYM_IDENTITY; g < NQ_SYM_COUNT; g++) {
                if (!keeps(g, n, first))
                    continue;
                for (int row = 0; row < n; row++) {
                    for (int column = 0; column < n; column++) {
                        nq_square image = nq_symmetry_apply(g, n, (nq_square){column, row});
                        assert_int_equal(heat_at(map, image.column, image.row), heat_at(map, column, row));
                    }
                }
            }
            nq_heatmap_free(map);
        }
    }
}

/* Sets the cancel flag (the context) at the first report with a square known beyond those known
 * from the start (known_before). */
typedef struct canceller {
    atomic_bool cancel;
    uint64_t known_before;
    uint64_t known_at_cancel;
} canceller;

static void cancel_when_known(void *context, const nq_progress *progress)
{
    canceller *c = context;
    if (progress->solutions > c->known_before && !atomic_load(&c->cancel)) {
        c->known_at_cancel = progress->solutions;
        atomic_store(&c->cancel, true);
    }
}

/* Cancelled once some squares are known: the fill says so, stops there, and what it knows is what
 * a complete fill gives. */
static void test_cancel_keeps_what_is_known(void **state)
{
    (void)state;
    nq_square first = {2, 5};
    const nq_square *firsts[] = {NULL, &first};
    for (int f = 0; f < 2; f++) {
        int n = 13;
        nq_heatmap *reference = filled(n, firsts[f], 2);
        nq_heatmap *map = nq_heatmap_create(n, firsts[f]);
        canceller c = {.known_before = (uint64_t)nq_heatmap_known(map)};
        atomic_init(&c.cancel, false);
        /* A report after each square (interval below any clock step). */
        nq_run run = {2, &c.cancel, cancel_when_known, &c, 1e-9};
        assert_false(nq_heatmap_fill(map, &run));
        assert_int_equal((uint64_t)nq_heatmap_known(map), c.known_at_cancel);
        assert_in_range(nq_heatmap_known(map), 1, n * n - 1);
        assert_int_equal(nq_heatmap_total(map), 0);
        int known = 0;
        for (int row = 0; row < n; row++) {
            for (int column = 0; column < n; column++) {
                uint64_t got;
                if (!nq_heatmap_get(map, (nq_square){column, row}, &got))
                    continue;
                known++;
                assert_int_equal(got, heat_at(reference, column, row));
            }
        }
        assert_int_equal(known, nq_heatmap_known(map));
        nq_heatmap_free(map);
        nq_heatmap_free(reference);
    }
}

/* Sets the cancel flag (the context) at the first report. */
static void cancel_at_once(void *context, const nq_progress *progress)
{
    (void)progress;
    atomic_store((atomic_bool *)context, true);
}

/* N = 18, where one square's count takes seconds: the cancel reaches inside it, and the square
 * stays unknown. */
static void test_cancel_inside_a_count(void **state)
{
    (void)state;
    atomic_bool cancel;
    atomic_init(&cancel, false);
    nq_heatmap *map = nq_heatmap_create(18, NULL);
    nq_run run = {2, &cancel, cancel_at_once, &cancel, 1e-9};
    assert_false(nq_heatmap_fill(map, &run));
    assert_int_equal(nq_heatmap_known(map), 0);
    assert_int_equal(nq_heatmap_max(map), 0);
    nq_heatmap_free(map);
}

typedef struct fill_thread {
    nq_heatmap *map;
    atomic_bool done;
} fill_thread;

static void *fill_on_thread(void *context)
{
    fill_thread *t = context;
    nq_heatmap_fill(t->map, &(nq_run){.threads = 1});
    atomic_store_explicit(&t->done, true, memory_order_release);
    return NULL;
}

/* One thread fills while this one reads every square over and over: a number, once there, is
 * the reference's; at least `known` squares are readable after reading known; the largest number
 * and the count of known squares never go down; the total appears only with the last square. */
static void test_readers_during_fill(void **state)
{
    (void)state;
    nq_square first = {1, 3};
    const nq_square *firsts[] = {NULL, &first};
    for (int f = 0; f < 2; f++) {
        int n = 12;
        nq_heatmap *reference = filled(n, firsts[f], 2);
        fill_thread t = {.map = nq_heatmap_create(n, firsts[f])};
        atomic_init(&t.done, false);
        pthread_t thread;
        assert_int_equal(pthread_create(&thread, NULL, fill_on_thread, &t), 0);
        int last_known = 0;
        uint64_t last_max = 0;
        unsigned long rounds = 0;
        for (bool done = false; !done; rounds++) {
            done = atomic_load_explicit(&t.done, memory_order_acquire);
            int known = nq_heatmap_known(t.map);
            uint64_t max = nq_heatmap_max(t.map), total = nq_heatmap_total(t.map);
            assert_in_range(known, last_known, n * n);
            assert_in_range(max, last_max, nq_heatmap_max(reference));
            if (total)
                assert_int_equal(total, nq_heatmap_total(reference));
            int readable = 0;
            for (int row = 0; row < n; row++) {
                for (int column = 0; column < n; column++) {
                    uint64_t got;
                    if (!nq_heatmap_get(t.map, (nq_square){column, row}, &got))
                        continue;
                    readable++;
                    assert_int_equal(got, heat_at(reference, column, row));
                }
            }
            assert_in_range(readable, known, n * n);
            if (total)
                assert_int_equal(readable, n * n);
            last_known = known;
            last_max = max;
        }
        assert_int_equal(pthread_join(thread, NULL), 0);
        assert_int_equal(nq_heatmap_known(t.map), n * n);
        assert_int_equal(nq_heatmap_total(t.map), nq_heatmap_total(reference));
        print_message("     n=%d, %s: %lu rounds of reading while it filled\n", n,
                      firsts[f] ? "first queen at column 2, row 4" : "no first queen", rounds);
        nq_heatmap_free(t.map);
        nq_heatmap_free(reference);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_and_columns_sum_to_the_total),
        cmocka_unit_test(test_matches_brute_force),
        cmocka_unit_test(test_symmetric_squares_agree),
        cmocka_unit_test(test_cancel_keeps_what_is_known),
        cmocka_unit_test(test_cancel_inside_a_count),
        cmocka_unit_test(test_readers_during_fill),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
