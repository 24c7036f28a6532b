/*
 * test_effort.c -- the full-speed figures of each method against the trace's, which define them:
 * every complete method on boards 1 to 10, without a pinned queen and with one on every square,
 * on one thread and on several; min-conflicts against nq_mc_find over the same seeds; a cancel.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "nq/effort.h"
#include "nq/minconflicts.h"
#include "nq/trace.h"

/* The figures of the trace of plan, run to its end. */
static nq_effort traced(const nq_plan *plan)
{
    nq_trace t;
    nq_trace_start(&t, plan);
    nq_step step;
    while (nq_trace_next(&t, &step))
        ;
    return (nq_effort){.method = plan->method, .complete = true, .solutions = t.solutions, .nodes = t.nodes,
                       .dead_ends = t.dead_ends, .wipe_outs = t.wipe_outs, .crossed = t.crossed};
}

/* Checks every figure of nq_effort_run(plan) on the given threads against the trace's, naming the
 * plan and printing both values on a difference. */
static void check_against_trace(const nq_plan *plan, int threads)
{
    nq_effort want = traced(plan);
    nq_run run = {.threads = threads};
    nq_effort got = nq_effort_run(plan, &run);
    const char *what[] = {"solutions", "nodes", "dead ends", "wipe-outs", "crossed"};
    uint64_t wanted[] = {want.solutions, want.nodes, want.dead_ends, want.wipe_outs, want.crossed};
    uint64_t gotten[] = {got.solutions, got.nodes, got.dead_ends, got.wipe_outs, got.crossed};
    char first[32] = "none";
    if (plan->has_first)
        snprintf(first, sizeof first, "%d,%d", plan->first.column + 1, plan->first.row + 1);
    for (int i = 0; i < 5; i++)
        if (wanted[i] != gotten[i])
            fail_msg("%s, n=%d, first %s, %d threads: %s %llu, the trace's %llu", nq_method_key(plan->method), plan->n,
                     first, threads, what[i], (unsigned long long)gotten[i], (unsigned long long)wanted[i]);
    assert_true(got.complete);
    assert_int_equal(got.method, plan->method);
}

static void test_figures_equal_the_trace_without_first_queen(void **state)
{
    (void)state;
    for (int method = NQ_METHOD_BACKTRACK; method <= NQ_METHOD_FIRSTFAIL; method++)
        for (int n = 1; n <= 10; n++) {
            nq_plan plan = nq_plan_make(n, NULL, (nq_method)method);
            check_against_trace(&plan, 1);
            check_against_trace(&plan, 3);
        }
}

static void test_figures_equal_the_trace_with_first_queen_on_every_square(void **state)
{
    (void)state;
    for (int method = NQ_METHOD_BACKTRACK; method <= NQ_METHOD_FIRSTFAIL; method++)
        for (int n = 1; n <= 10; n++)
            for (int row = 0; row < n; row++)
                for (int column = 0; column < n; column++) {
                    nq_square first = {column, row};
                    nq_plan plan = nq_plan_make(n, &first, (nq_method)method);
                    check_against_trace(&plan, 2);
                }
}

/* Forward checking and first fail never place more queens than backtracking; all three agree on
 * the solutions (the counts of OEIS A000170 for 12). */
static void test_crossing_off_places_fewer_queens(void **state)
{
    (void)state;
    nq_run run = {.threads = 2};
    for (int n = 1; n <= 12; n++) {
        nq_plan plan = nq_plan_make(n, NULL, NQ_METHOD_BACKTRACK);
        nq_effort backtrack = nq_effort_run(&plan, &run);
        for (int method = NQ_METHOD_FORWARD; method <= NQ_METHOD_FIRSTFAIL; method++) {
            plan.method = (nq_method)method;
            nq_effort e = nq_effort_run(&plan, &run);
            assert_int_equal(e.solutions, backtrack.solutions);
            if (e.nodes > backtrack.nodes)
                fail_msg("n=%d: %s placed %llu queens, backtracking %llu", n, nq_method_key(plan.method),
                         (unsigned long long)e.nodes, (unsigned long long)backtrack.nodes);
        }
        if (n == 12)
            assert_int_equal(backtrack.solutions, 14200);
    }
}

/* Solutions and the median agree with nq_mc_find run over seeds 1..NQ_EFFORT_SEEDS. */
static void check_minconflicts(int n, const nq_square *first, uint64_t budget)
{
    nq_plan plan = nq_plan_make(n, first, NQ_METHOD_MINCONFLICTS);
    plan.budget = budget;
    plan.seed = 77; /* not used: the seeds are 1..NQ_EFFORT_SEEDS */
    nq_run run = {.threads = 1};
    nq_effort e = nq_effort_run(&plan, &run);
    int *cols = malloc((size_t)n * sizeof *cols);
    assert_non_null(cols);
    uint64_t solved = 0, below = 0, above = 0;
    for (uint64_t seed = 1; seed <= NQ_EFFORT_SEEDS; seed++) {
        nq_mc_result r = nq_mc_find(n, first, seed, budget, cols);
        if (!r.solved)
            continue;
        solved++;
        below += r.moves < e.moves;
        above += r.moves > e.moves;
    }
    free(cols);
    assert_true(e.complete);
    assert_int_equal(e.seeds, NQ_EFFORT_SEEDS);
    assert_int_equal(e.solutions, solved);
    if (solved == 0) {
        assert_int_equal(e.moves, 0);
        return;
    }
    /* the lower middle one: at most (solved - 1) / 2 below it, at most solved / 2 above it */
    assert_in_range(below, 0, (solved - 1) / 2);
    assert_in_range(above, 0, solved / 2);
}

static void test_minconflicts_over_the_seeds(void **state)
{
    (void)state;
    nq_square first = {1, 0};
    check_minconflicts(8, NULL, 0);
    check_minconflicts(8, &first, 0);
    check_minconflicts(64, NULL, 0);
    check_minconflicts(1000, &first, 0);
    check_minconflicts(3, NULL, 50);
    check_minconflicts(12, NULL, 3); /* a tight budget: some seeds give up */
}

static void test_cancel_set_before_the_start(void **state)
{
    (void)state;
    atomic_bool cancel;
    atomic_init(&cancel, true);
    nq_run run = {.threads = 2, .cancel = &cancel};
    for (int method = NQ_METHOD_BACKTRACK; method < NQ_METHOD_COUNT; method++) {
        nq_plan plan = nq_plan_make(method == NQ_METHOD_MINCONFLICTS ? 100000 : 30, NULL, (nq_method)method);
        nq_effort e = nq_effort_run(&plan, &run);
        assert_false(e.complete);
        assert_int_equal(e.method, method);
    }
}

/* The progress reports: the figures climb, and the last one is the result, complete. */
typedef struct watch {
    int reports;
    bool ended;
    nq_progress last;
    atomic_bool cancel;
    bool cancel_at_first;
} watch;

static void on_progress(void *context, const nq_progress *progress)
{
    watch *w = context;
    assert_false(w->ended);
    if (w->reports && progress->nodes < w->last.nodes)
        fail_msg("nodes went from %llu down to %llu", (unsigned long long)w->last.nodes,
                 (unsigned long long)progress->nodes);
    w->reports++;
    w->last = *progress;
    w->ended = progress->complete;
    if (w->cancel_at_first)
        atomic_store(&w->cancel, true);
}

static void test_progress_reports_the_figures(void **state)
{
    (void)state;
    watch w = {0};
    atomic_init(&w.cancel, false);
    nq_run run = {.threads = 2, .progress = on_progress, .context = &w, .interval = 0.001};
    nq_plan plan = nq_plan_make(11, NULL, NQ_METHOD_FORWARD);
    nq_effort e = nq_effort_run(&plan, &run);
    assert_true(e.complete);
    assert_true(w.ended);
    assert_int_equal(w.last.found, e.solutions);
    assert_int_equal(w.last.nodes, e.nodes);
    assert_int_equal(w.last.dead_ends, e.dead_ends);
}

/* A cancel set while the threads search stops them, and the figures say it is partial. */
static void test_cancel_while_searching(void **state)
{
    (void)state;
    watch w = {.cancel_at_first = true};
    atomic_init(&w.cancel, false);
    nq_run run = {.threads = 2, .cancel = &w.cancel, .progress = on_progress, .context = &w, .interval = 0.001};
    for (int method = NQ_METHOD_BACKTRACK; method <= NQ_METHOD_FIRSTFAIL; method++) {
        atomic_store(&w.cancel, false);
        w.reports = 0;
        w.ended = false;
        nq_plan plan = nq_plan_make(40, NULL, (nq_method)method);
        nq_effort e = nq_effort_run(&plan, &run);
        assert_false(e.complete);
        assert_false(w.last.complete);
        assert_int_equal(w.last.nodes, e.nodes);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figures_equal_the_trace_without_first_queen),
        cmocka_unit_test(test_figures_equal_the_trace_with_first_queen_on_every_square),
        cmocka_unit_test(test_crossing_off_places_fewer_queens),
        cmocka_unit_test(test_minconflicts_over_the_seeds),
        cmocka_unit_test(test_cancel_set_before_the_start),
        cmocka_unit_test(test_progress_reports_the_figures),
        cmocka_unit_test(test_cancel_while_searching),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
