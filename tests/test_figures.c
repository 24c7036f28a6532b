/*
 * test_figures.c -- the bases of the work figures (nq/figures.h): each has its own key and words,
 * "failures" has one definition, and every search that reports figures says which basis they
 * have, in its result and in each progress report: the count by classes (N = 8, and with a pinned
 * queen) and by halves (N = 14, and N = 16 with a pinned queen), the methods' whole searches, the
 * index fill, the heatmap, and the worker's jobs (watch, solve, unique, count, compare).
 * A basis is compared by its key, so that a failure names both.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "nq/count.h"
#include "nq/effort.h"
#include "nq/figures.h"
#include "nq/heatmap.h"
#include "nq/index.h"
#include "nq/worker.h"
#include "proc.h"

/* Fails, naming both, unless basis got is basis want. */
#define assert_basis(got, want) assert_string_equal(nq_basis_key(got), nq_basis_key(want))

static void test_each_basis_has_its_own_words(void **state)
{
    (void)state;
    for (int b = 0; b < NQ_BASIS_COUNT; b++) {
        const char *mine[] = {nq_basis_key((nq_basis)b), nq_basis_placed_words((nq_basis)b),
                              nq_basis_failed_words((nq_basis)b)};
        for (int i = 0; i < 3; i++) {
            assert_non_null(mine[i]);
            assert_true(mine[i][0] >= 'a' && mine[i][0] <= 'z'); /* lowercase: a label's head */
            assert_null(strchr(mine[i], ':'));
        }
        assert_string_not_equal(mine[1], mine[2]);
        for (int other = 0; other < b; other++) {
            assert_string_not_equal(mine[0], nq_basis_key((nq_basis)other));
            assert_string_not_equal(mine[1], nq_basis_placed_words((nq_basis)other));
            assert_string_not_equal(mine[2], nq_basis_failed_words((nq_basis)other));
        }
    }
    /* The textbook search keeps the plain words. */
    assert_string_equal(nq_basis_placed_words(NQ_BASIS_ROW_SEARCH), "queens placed");
    assert_string_equal(nq_basis_failed_words(NQ_BASIS_ROW_SEARCH), "dead ends");
    assert_string_equal(nq_basis_key(NQ_BASIS_ROW_SEARCH), "rows");
    assert_string_equal(nq_basis_key(NQ_BASIS_INDEX_FILL), "index");
    assert_string_equal(nq_basis_key(NQ_BASIS_CLASSES), "classes");
    assert_string_equal(nq_basis_key(NQ_BASIS_HALVES), "halves");
}

static void test_failures(void **state)
{
    (void)state;
    assert_int_equal(nq_failures(0, 0), 0);
    assert_int_equal(nq_failures(644, 0), 644);
    assert_int_equal(nq_failures(0, 37), 37);
    assert_int_equal(nq_failures(12, 30), 42);
}

/* Where a run's progress reports go: the basis of each, and how many came. */
typedef struct reports {
    int count;
    int wrong; /* reports whose basis is not `want` */
    nq_basis want, last;
} reports;

static void keep_basis(void *context, const nq_progress *p)
{
    reports *r = context;
    r->count++;
    r->last = p->basis;
    r->wrong += p->basis != r->want;
}

/* Counts (n, first) on one thread with a progress report for every poll; checks the result's basis
 * and every report's against want. */
static void check_count(int n, const nq_square *first, nq_basis want)
{
    reports r = {.want = want, .last = NQ_BASIS_COUNT};
    nq_count_options options = {first, false, {.threads = 1, .progress = keep_basis, .context = &r, .interval = 1e-9}};
    nq_count_result result = nq_count(n, &options);
    assert_true(result.complete);
    assert_basis(result.basis, want);
    assert_true(r.count > 0);
    assert_basis(r.last, want);
    assert_int_equal(r.wrong, 0);
    nq_count_split *split = nq_count_split_new(n, first);
    assert_basis(nq_count_split_basis(split), want);
    nq_count_figures setup;
    assert_true(nq_count_split_prepare(split, &options.run, &setup));
    assert_basis(setup.basis, want);
    nq_count_split_free(split);
}

static void test_count_says_classes_or_halves(void **state)
{
    (void)state;
    check_count(8, NULL, NQ_BASIS_CLASSES);
    check_count(8, &(nq_square){2, 3}, NQ_BASIS_CLASSES);
    check_count(1, NULL, NQ_BASIS_CLASSES);
    check_count(14, NULL, NQ_BASIS_HALVES);
    check_count(16, &(nq_square){1, 0}, NQ_BASIS_HALVES);
}

static void test_effort_is_the_row_search(void **state)
{
    (void)state;
    for (int m = 0; m < NQ_METHOD_COUNT; m++) {
        nq_plan plan = nq_plan_make(8, NULL, (nq_method)m);
        reports r = {.want = NQ_BASIS_ROW_SEARCH};
        nq_run run = {.threads = 2, .progress = keep_basis, .context = &r, .interval = 1e-9};
        nq_effort e = nq_effort_run(&plan, &run);
        assert_basis(e.basis, NQ_BASIS_ROW_SEARCH);
        assert_int_equal(r.wrong, 0);
    }
}

/* Where the fill leaves no row to the tables (N up to 5), its figures are the plain row search's:
 * so said, and equal to backtracking's; from N = 6 the fill's own. */
static void test_small_fill_is_the_row_search(void **state)
{
    (void)state;
    for (int n = 4; n <= 7; n++) {
        nq_index *index = nq_index_create(n, NULL);
        assert_true(nq_index_fill(index, &(nq_run){.threads = 1}));
        nq_progress fill = nq_index_progress(index);
        nq_index_free(index);
        if (n >= 6) {
            assert_basis(fill.basis, NQ_BASIS_INDEX_FILL);
            continue;
        }
        assert_basis(fill.basis, NQ_BASIS_ROW_SEARCH);
        nq_plan plan = nq_plan_make(n, NULL, NQ_METHOD_BACKTRACK);
        nq_effort e = nq_effort_run(&plan, &(nq_run){.threads = 1});
        if (fill.nodes != e.nodes || fill.dead_ends != e.dead_ends)
            fail_msg("n %d: the fill placed %llu and met %llu dead ends, the row search %llu and %llu", n,
                     (unsigned long long)fill.nodes, (unsigned long long)fill.dead_ends, (unsigned long long)e.nodes,
                     (unsigned long long)e.dead_ends);
    }
}

static void test_index_fill_and_heatmap(void **state)
{
    (void)state;
    reports r = {.want = NQ_BASIS_INDEX_FILL};
    nq_index *index = nq_index_create(10, NULL);
    assert_true(nq_index_fill(index, &(nq_run){.threads = 1, .progress = keep_basis, .context = &r, .interval = 1e-9}));
    assert_basis(nq_index_progress(index).basis, NQ_BASIS_INDEX_FILL);
    assert_int_equal(r.wrong, 0);
    nq_index_free(index);

    r = (reports){.want = NQ_BASIS_CLASSES};
    nq_heatmap *map = nq_heatmap_create(8, NULL);
    assert_true(nq_heatmap_fill(map, &(nq_run){.threads = 1, .progress = keep_basis, .context = &r, .interval = 1e-9}));
    assert_true(r.count > 0);
    assert_int_equal(r.wrong, 0);
    nq_heatmap_free(map);
}

/* Runs a job of the kind on the 10 x 10 board to its end; checks the basis of every figures event
 * of it against want. */
static void check_job(nq_worker *w, nq_job_kind kind, nq_basis want)
{
    nq_job job = {.kind = kind, .n = 10, .threads = 2, .method = NQ_METHOD_BACKTRACK, .seed = 1};
    uint32_t generation = nq_worker_start(w, &job);
    nq_event events[256];
    for (;;) {
        size_t got = nq_worker_poll(w, events, 256);
        for (size_t i = 0; i < got; i++) {
            assert_int_equal(events[i].generation, generation);
            if (events[i].kind == NQ_EVENT_STEP)
                continue;
            assert_basis(events[i].as.figures.progress.basis, want);
            if (events[i].kind == NQ_EVENT_DONE) {
                assert_true(events[i].as.figures.progress.complete);
                return;
            }
        }
        if (!got)
            proc_sleep_seconds(0.0002);
    }
}

static void test_worker_jobs(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    assert_non_null(w);
    check_job(w, NQ_JOB_WATCH, NQ_BASIS_ROW_SEARCH);
    check_job(w, NQ_JOB_SOLVE, NQ_BASIS_INDEX_FILL);
    check_job(w, NQ_JOB_UNIQUE, NQ_BASIS_INDEX_FILL);
    check_job(w, NQ_JOB_COUNT, NQ_BASIS_CLASSES);
    check_job(w, NQ_JOB_COMPARE, NQ_BASIS_ROW_SEARCH);
    check_job(w, NQ_JOB_HEATMAP, NQ_BASIS_CLASSES);
    nq_worker_destroy(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_basis_has_its_own_words),
        cmocka_unit_test(test_failures),
        cmocka_unit_test(test_count_says_classes_or_halves),
        cmocka_unit_test(test_effort_is_the_row_search),
        cmocka_unit_test(test_small_fill_is_the_row_search),
        cmocka_unit_test(test_index_fill_and_heatmap),
        cmocka_unit_test(test_worker_jobs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
