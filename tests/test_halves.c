/*
 * test_halves.c -- counting by quarters and halves: every size it takes up to 17 (18 in the Release
 * build, given as the argument) against OEIS A000170, both matching kernels against each other,
 * against the row-by-row search with and without a pin on every square up to 12, the same figures
 * on any number of threads, progress reports that carry the share of subproblems, a cancel that
 * stops it, the groups of an odd board's configurations (each in one group, whose tasks are its
 * first one's), and the split of the largest size it takes (24: only its plan, never its count).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "halfplan.h"
#include "halves.h"
#include "oeis.h"
#include "search.h"

static int largest = 17; /* the last size checked against OEIS: the argument, if any */

static nq_search_result halves(int n, int threads)
{
    nq_run run = {.threads = threads};
    return nq_halves_count(n, NULL, &run);
}

static void test_counts_match_oeis(void **state)
{
    (void)state;
    for (int n = NQ_HALVES_MIN_N; n <= largest; n++) {
        nq_search_result r = halves(n, 0);
        assert_true(r.complete);
        if (r.solutions != oeis_a000170[n])
            fail_msg("n=%d: counted %llu, OEIS A000170 says %llu", n, (unsigned long long)r.solutions,
                     (unsigned long long)oeis_a000170[n]);
    }
}

/* The portable kernels and the fastest ones the processor has agree on every figure. */
static void test_kernels_agree(void **state)
{
    (void)state;
    for (int n = NQ_HALVES_MIN_N; n <= 16; n++) {
        nq_search_result fast = halves(n, 2);
        nq_halves_portable_kernel(true);
        nq_search_result portable = halves(n, 2);
        nq_halves_portable_kernel(false);
        assert_int_equal(portable.solutions, oeis_a000170[n]);
        assert_int_equal(portable.solutions, fast.solutions);
        assert_int_equal(portable.nodes, fast.nodes);
        assert_int_equal(portable.dead_ends, fast.dead_ends);
    }
}

static void test_agrees_with_the_row_search(void **state)
{
    (void)state;
    for (int n = NQ_HALVES_MIN_N; n <= 13; n++) {
        nq_run run = {.threads = 2};
        nq_search_result rows = nq_search_count(n, NULL, 0, &run);
        nq_search_result joined = halves(n, 2);
        if (joined.solutions != rows.solutions)
            fail_msg("n=%d: %llu by halves, %llu row by row", n, (unsigned long long)joined.solutions,
                     (unsigned long long)rows.solutions);
    }
}

/* Every square pinned, every size up to 12: the same count as the row search with that pin. */
static void test_pins_agree_with_the_row_search(void **state)
{
    (void)state;
    for (int n = NQ_HALVES_MIN_N; n <= 12; n++)
        for (int row = 0; row < n; row++)
            for (int col = 0; col < n; col++) {
                nq_square pin = {col, row};
                nq_run run = {.threads = 1};
                nq_search_result rows = nq_search_count(n, &pin, 1, &run);
                nq_search_result joined = nq_halves_count(n, &pin, &run);
                if (joined.solutions != rows.solutions)
                    fail_msg("n=%d, pin at column %d, row %d: %llu by halves, %llu row by row", n, col + 1, row + 1,
                             (unsigned long long)joined.solutions, (unsigned long long)rows.solutions);
            }
}

static void test_threads_agree(void **state)
{
    (void)state;
    for (int n = 14; n <= 15; n++) {
        nq_search_result one = halves(n, 1);
        for (int threads = 2; threads <= 4; threads++) {
            nq_search_result more = halves(n, threads);
            assert_int_equal(more.solutions, one.solutions);
            assert_int_equal(more.nodes, one.nodes);
            assert_int_equal(more.dead_ends, one.dead_ends);
        }
    }
}

typedef struct watch {
    atomic_bool cancel;
    int reports;
    bool complete_seen;
    uint64_t parts, last_done, last_found;
    bool went_back;
} watch;

/* nq_progress_fn: records what the reports say; cancels at the first one if asked to. */
static void on_progress(void *context, const nq_progress *p)
{
    watch *w = context;
    w->reports++;
    if (p->complete)
        w->complete_seen = true;
    if (p->parts_done < w->last_done || p->found < w->last_found)
        w->went_back = true;
    w->parts = p->parts;
    w->last_done = p->parts_done;
    w->last_found = p->found;
}

static void test_progress_counts_parts(void **state)
{
    (void)state;
    watch w = {.reports = 0};
    atomic_init(&w.cancel, false);
    nq_run run = {.threads = 2, .progress = on_progress, .context = &w, .interval = 0.001};
    nq_search_result r = nq_halves_count(16, NULL, &run);
    assert_true(r.complete);
    assert_true(w.complete_seen);
    assert_false(w.went_back);
    assert_true(w.parts > 1000);
    assert_int_equal(w.last_done, w.parts);
    assert_int_equal(w.last_found, oeis_a000170[16]);
}

/* nq_progress_fn: sets the cancel flag at the first report. */
static void cancel_at_once(void *context, const nq_progress *p)
{
    watch *w = context;
    if (!p->complete)
        atomic_store(&w->cancel, true);
    on_progress(context, p);
}

static void test_cancel_stops(void **state)
{
    (void)state;
    watch w = {.reports = 0};
    atomic_init(&w.cancel, false);
    nq_run run = {.threads = 2, .cancel = &w.cancel, .progress = cancel_at_once, .context = &w, .interval = 0.001};
    nq_search_result r = nq_halves_count(17, NULL, &run);
    assert_false(r.complete);
    assert_true(r.solutions < oeis_a000170[17]);
    assert_true(w.last_done < w.parts);
}

/* A cancel already set stops the quarter table's walk at once (its nodes are the queens the walk
 * placed: a 10 x 10 quarter has 7,535,369 placements), and nothing is counted. */
static void test_cancel_before_the_tables(void **state)
{
    (void)state;
    atomic_bool cancel;
    atomic_init(&cancel, true);
    nq_run run = {.threads = 2, .cancel = &cancel};
    nq_search_result r = nq_halves_count(20, NULL, &run);
    assert_false(r.complete);
    assert_int_equal(r.solutions, 0);
    if (r.nodes >= 1000)
        fail_msg("the quarter tables' walk placed %llu queens after the cancel", (unsigned long long)r.nodes);
}

static void test_table_bytes(void **state)
{
    (void)state;
    /* 915,442 placements on a 9 x 9 quarter, 8 bytes each, and the offsets of 2^18 cells. */
    assert_int_equal(nq_halves_table_bytes(18), 915442 * 8 + ((1u << 18) + 1) * 4);
    assert_int_equal(nq_halves_table_bytes(19), nq_halves_table_bytes(18));
}

/* Count goes by halves up to NQ_HALVES_MAX_N (24) and by rows above; the plan of 24, with and
 * without a pin, is a few thousand parts (its splits, one of each 4 images, shared out). */
/* Grouped, an odd board's plan has the ungrouped one's configurations in groups: each in exactly
 * one, a group's configurations alike in their right half boards, and its tasks those of its first
 * configuration ungrouped; only grouped configurations share a group. */
static void test_groups(void **state)
{
    (void)state;
    nq_square pins[] = {{1, 0}, {3, 4}, {4, 2}};
    for (int n = 7; n <= 19; n += 2)
        for (int pinned = -1; pinned < 3; pinned++) {
            const nq_square *pin = pinned < 0 || pins[pinned].column >= n ? NULL : &pins[pinned];
            half_plan grouped = nq_half_plan_of(n, pin, true), alone = nq_half_plan_of(n, pin, false);
            assert_int_equal(grouped.config_count, alone.config_count);
            size_t tasks = 0, groups = 0;
            for (size_t i = 0; i < grouped.config_count; i = grouped.configs[i].group_end, groups++) {
                const half_config *first = &grouped.configs[i];
                if (first->group_end <= i || first->group_end > grouped.config_count)
                    fail_msg("N=%d pin %d: configuration %zu's group ends at %zu", n, pinned, i, first->group_end);
                size_t own = alone.configs[i].end_task - alone.configs[i].first_task;
                if (first->end_task - first->first_task != own)
                    fail_msg("N=%d pin %d: group %zu has %zu tasks, its first configuration %zu", n, pinned, i,
                             first->end_task - first->first_task, own);
                tasks += own;
                for (size_t k = i + 1; k < first->group_end; k++) {
                    const half_config *c = &grouped.configs[k];
                    if (!first->grouped || !c->grouped || c->middle_row != first->middle_row ||
                        c->rows != first->rows || c->right != first->right || c->end_task != c->first_task ||
                        c->weight != first->weight)
                        fail_msg("N=%d pin %d: configuration %zu is unlike the first of its group, %zu", n, pinned, k,
                                 i);
                    assert_int_equal(alone.configs[k].middle_row, c->middle_row);
                    assert_int_equal(alone.configs[k].middle_column, c->middle_column);
                }
            }
            assert_int_equal(grouped.tasks.size, tasks);
            if (!pin && groups >= grouped.config_count)
                fail_msg("N=%d pin %d: %zu groups of %zu configurations", n, pinned, groups, grouped.config_count);
            nq_half_plan_free(&grouped);
            nq_half_plan_free(&alone);
        }
}

static void test_largest_split(void **state)
{
    (void)state;
    assert_int_equal(NQ_HALVES_MAX_N, 24);
    nq_count_split *by_halves = nq_count_split_new(24, NULL), *by_rows = nq_count_split_new(25, NULL);
    assert_string_equal(nq_count_split_method(by_halves), "halves");
    assert_string_equal(nq_count_split_method(by_rows), "rows");
    nq_count_split_free(by_halves);
    nq_count_split_free(by_rows);
    nq_square pin = {5, 11};
    for (int pinned = 0; pinned < 2; pinned++) {
        nq_halves_split *split = nq_halves_split_new(24, pinned ? &pin : NULL);
        uint64_t parts = nq_halves_split_parts(split);
        if (parts < 4000 || parts > 4200)
            fail_msg("N=24%s: %llu parts", pinned ? " pinned" : "", (unsigned long long)parts);
        nq_halves_split_free(split);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1)
        largest = atoi(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_match_oeis),
        cmocka_unit_test(test_kernels_agree),
        cmocka_unit_test(test_agrees_with_the_row_search),
        cmocka_unit_test(test_pins_agree_with_the_row_search),
        cmocka_unit_test(test_threads_agree),
        cmocka_unit_test(test_progress_counts_parts),
        cmocka_unit_test(test_cancel_stops),
        cmocka_unit_test(test_cancel_before_the_tables),
        cmocka_unit_test(test_table_bytes),
        cmocka_unit_test(test_groups),
        cmocka_unit_test(test_largest_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
