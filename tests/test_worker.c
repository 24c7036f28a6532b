/*
 * test_worker.c -- the solver thread under load, without a window.
 *
 *  - every kind of job completes with the right totals, and a solve's solutions are reachable by
 *    index while it runs and after;
 *  - a consumer that drains slowly receives every trace step in order, while the worker sleeps;
 *  - a storm of random jobs, cancelled at random moments or run to the end: every watch step that
 *    reaches the UI is exactly the next step of that job's own trace, no event of an older
 *    generation is ever handed out, completed jobs report the right totals;
 *  - cancelling in the middle of a long count, and shutting down with jobs running.
 * Figures (cancel latency, CPU while waiting) are printed, not judged, except for bounds so
 * generous that only a broken mechanism could miss them.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <cmocka.h>

#include "nq/clock.h"
#include "nq/count.h"
#include "nq/index.h"
#include "nq/worker.h"

enum { STORM_JOBS = 10000 };

/* OEIS A000170 and A002562 for N = 1..14. */
static const uint64_t a000170[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596};
static const uint64_t a002562[] = {0, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752};

static bool same_step(const nq_step *a, const nq_step *b)
{
    return a->kind == b->kind && a->line == b->line && a->row == b->row && a->column == b->column &&
           a->by_row == b->by_row && a->by_column == b->by_column && a->solution == b->solution;
}

static void sleep_seconds(double seconds)
{
    struct timespec t = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    nanosleep(&t, NULL);
}

/* CPU time of the whole process (getrusage). */
static double process_cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 + (double)u.ru_stime.tv_sec +
           (double)u.ru_stime.tv_usec * 1e-6;
}

/* CPU time of the calling thread. */
static double thread_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Polls until the job's done event arrives and returns it; checks every event's generation. */
static nq_event wait_done(nq_worker *w, uint32_t generation)
{
    nq_event events[256];
    for (;;) {
        size_t got = nq_worker_poll(w, events, 256);
        for (size_t i = 0; i < got; i++) {
            assert_int_equal(events[i].generation, generation);
            if (events[i].kind == NQ_EVENT_DONE)
                return events[i];
        }
        if (!got)
            sleep_seconds(0.0002);
    }
}

static uint32_t start(nq_worker *w, nq_job_kind kind, int n, const nq_square *first, int threads)
{
    nq_job job = {kind, n, first != NULL, first ? *first : (nq_square){0, 0}, threads};
    return nq_worker_start(w, &job);
}

static void test_each_job_kind(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    assert_non_null(w);

    nq_event done = wait_done(w, start(w, NQ_JOB_COUNT, 10, NULL, 2));
    assert_true(done.as.figures.progress.complete);
    assert_true(done.as.figures.progress.solutions == 724);
    assert_true(done.as.figures.unique == 92);

    nq_square pin = {0, 1};
    done = wait_done(w, start(w, NQ_JOB_FIND, 8, &pin, 0));
    assert_true(done.as.figures.progress.solutions == 1);
    int cols[NQ_MAX_N];
    assert_true(nq_worker_solution(w, 1, cols));
    assert_true(nq_verify(8, cols, &pin, NULL));
    assert_false(nq_worker_solution(w, 2, cols));

    nq_square corner = {0, 0};
    done = wait_done(w, start(w, NQ_JOB_FIND, 4, &corner, 0));
    assert_true(done.as.figures.progress.solutions == 0);
    assert_false(nq_worker_solution(w, 1, cols));

    /* Solve: every solution of the 9 x 9 board with a pinned queen, by index, after the end. */
    pin = (nq_square){4, 2};
    done = wait_done(w, start(w, NQ_JOB_SOLVE, 9, &pin, 2));
    nq_index *reference = nq_index_build(9, &pin, 1);
    assert_true(done.as.figures.progress.solutions == nq_index_known(reference));
    assert_true(nq_worker_reachable(w) == nq_index_known(reference));
    for (uint64_t k = 1; k <= nq_index_known(reference); k++) {
        int expected[NQ_MAX_N];
        assert_true(nq_worker_solution(w, k, cols));
        assert_true(nq_index_unrank(reference, k, expected));
        assert_memory_equal(cols, expected, 9 * sizeof *cols);
    }
    nq_index_free(reference);

    /* Watch to the end: its solutions are reachable too. */
    done = wait_done(w, start(w, NQ_JOB_WATCH, 6, NULL, 0));
    assert_true(done.as.figures.progress.solutions == 4);
    assert_true(nq_worker_reachable(w) == 4);
    assert_true(nq_worker_solution(w, 4, cols));
    assert_true(nq_verify(6, cols, NULL, NULL));
    nq_worker_destroy(w);
}

/* While a solve of the 14 x 14 board runs, the solutions so far can already be paged. */
static void test_paging_while_solving(void **state)
{
    (void)state;
    nq_index *reference = nq_index_build(14, NULL, 0);
    nq_worker *w = nq_worker_create(NULL, NULL);
    uint32_t generation = start(w, NQ_JOB_SOLVE, 14, NULL, 1);
    nq_event events[64];
    bool done = false;
    uint64_t last_progress = 0, checked_while_running = 0;
    while (!done) {
        size_t got = nq_worker_poll(w, events, 64);
        for (size_t i = 0; i < got; i++) {
            assert_int_equal(events[i].generation, generation);
            uint64_t solutions = events[i].as.figures.progress.solutions;
            assert_true(solutions >= last_progress); /* the count only climbs */
            last_progress = solutions;
            done = events[i].kind == NQ_EVENT_DONE;
        }
        uint64_t reachable = nq_worker_reachable(w);
        if (!done && reachable > 0) {
            uint64_t k = 1 + (uint64_t)rand() % reachable;
            int cols[NQ_MAX_N], expected[NQ_MAX_N];
            assert_true(nq_worker_solution(w, k, cols));
            assert_true(nq_index_unrank(reference, k, expected));
            assert_memory_equal(cols, expected, 14 * sizeof *cols);
            checked_while_running++;
        }
    }
    assert_true(last_progress == 365596);
    assert_true(checked_while_running > 0);
    printf("     paged %llu solutions while the solve ran; index memory %zu bytes\n",
           (unsigned long long)checked_while_running, nq_worker_memory(w));
    nq_index_free(reference);
    nq_worker_destroy(w);
}

/* On a board whose first subtree alone takes ages (N = 30), the figures still climb while the
 * frontier waits for it (queens placed, and solutions found once there are any), before any
 * solution is reachable by index. */
static void test_figures_climb_inside_a_big_subtree(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    uint32_t generation = start(w, NQ_JOB_SOLVE, 30, NULL, 1);
    nq_event e;
    nq_progress last = {0};
    double until = nq_clock_seconds() + 1.0;
    while (nq_clock_seconds() < until) {
        if (!nq_worker_poll(w, &e, 1)) {
            sleep_seconds(0.005);
            continue;
        }
        assert_int_equal(e.generation, generation);
        assert_int_equal(e.kind, NQ_EVENT_PROGRESS);
        assert_true(e.as.figures.progress.nodes >= last.nodes);
        assert_true(e.as.figures.progress.found >= e.as.figures.progress.solutions);
        last = e.as.figures.progress;
    }
    printf("     N = 30 after 1 s: %llu queens placed, %llu solutions found, %llu reachable\n",
           (unsigned long long)last.nodes, (unsigned long long)last.found, (unsigned long long)last.solutions);
    assert_true(last.nodes > 0);
    nq_worker_destroy(w);
}

/* A consumer that takes one event a millisecond gets every step of N = 6, in order, while the
 * worker sleeps on the full ring instead of spinning. */
static void test_slow_consumer_gets_every_step(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    uint32_t generation = start(w, NQ_JOB_WATCH, 6, NULL, 0);
    nq_trace expected;
    nq_trace_init(&expected, 6, NULL);
    double wall0 = nq_clock_seconds(), all0 = process_cpu_seconds(), own0 = thread_cpu_seconds();
    nq_event e;
    size_t steps = 0;
    for (;;) {
        if (!nq_worker_poll(w, &e, 1)) {
            sleep_seconds(0.001);
            continue;
        }
        assert_int_equal(e.generation, generation);
        if (e.kind == NQ_EVENT_DONE)
            break;
        nq_step want;
        assert_true(nq_trace_next(&expected, &want));
        assert_true(same_step(&e.as.step, &want));
        steps++;
        sleep_seconds(0.001);
    }
    assert_false(nq_trace_next(&expected, &(nq_step){0}));
    double wall = nq_clock_seconds() - wall0;
    double others = (process_cpu_seconds() - all0) - (thread_cpu_seconds() - own0);
    printf("     %zu steps in %.2f s; worker CPU while waiting %.3f s (%.1f%% of the time)\n", steps, wall, others,
           100 * others / wall);
    assert_true(others < 0.5 * wall); /* a spinning worker would use all of it */
    nq_worker_destroy(w);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The final figures of every board and pinned square the storm may complete, from the engine:
 * a count job reports the counting search's; watch and solve the lexicographic search's, which
 * the index's fill reports. */
static nq_progress expected_figures(int n, const nq_square *first, bool counting)
{
    static nq_progress memo[2][15][15 * 15 + 1];
    static bool known[2][15][15 * 15 + 1];
    int slot = first ? first->row * n + first->column : n * n;
    if (!known[counting][n][slot]) {
        nq_progress p = {0};
        if (counting) {
            nq_count_options options = {first, !first, {.threads = 1}};
            nq_count_result r = nq_count(n, &options);
            p.solutions = r.solutions;
            p.nodes = r.nodes;
            p.dead_ends = r.dead_ends;
        } else {
            nq_index *index = nq_index_build(n, first, 1);
            p = nq_index_progress(index);
            nq_index_free(index);
        }
        memo[counting][n][slot] = p;
        known[counting][n][slot] = true;
    }
    return memo[counting][n][slot];
}

static void test_storm_of_jobs(void **state)
{
    (void)state;
    srand(2026);
    nq_worker *w = nq_worker_create(NULL, NULL);
    double latencies[STORM_JOBS];
    size_t cancels = 0, completed = 0;
    nq_event events[512];
    for (int j = 0; j < STORM_JOBS; j++) {
        int n = 1 + rand() % 14;
        nq_job_kind kind = (nq_job_kind)(rand() % 4);
        nq_square pin = {rand() % n, rand() % n};
        const nq_square *first = rand() % 2 ? &pin : NULL;
        bool cheap = kind == NQ_JOB_FIND || (kind == NQ_JOB_WATCH ? n <= 7 : n <= 10);
        bool to_the_end = cheap && rand() % 4 != 0;
        double stop_at = nq_clock_seconds() + (rand() % 1000) * 1e-6;

        uint32_t generation = start(w, kind, n, first, 1 + rand() % 2);
        nq_trace trace;
        nq_trace_init(&trace, n, first);
        bool done = false;
        while (!done && (to_the_end || nq_clock_seconds() < stop_at)) {
            size_t got = nq_worker_poll(w, events, 512);
            for (size_t i = 0; i < got && !done; i++) {
                const nq_event *e = &events[i];
                assert_int_equal(e->generation, generation);
                if (e->kind == NQ_EVENT_STEP) {
                    nq_step want;
                    assert_int_equal(kind, NQ_JOB_WATCH);
                    assert_true(nq_trace_next(&trace, &want));
                    if (!same_step(&e->as.step, &want))
                        fail_msg("job %d (n=%d): a step that is not the job's next one", j, n);
                    continue;
                }
                done = e->kind == NQ_EVENT_DONE;
                if (!done || kind == NQ_JOB_FIND)
                    continue;
                const nq_progress *p = &e->as.figures.progress;
                assert_true(p->complete);
                nq_progress want = expected_figures(n, first, kind == NQ_JOB_COUNT);
                if (p->solutions != want.solutions || p->nodes != want.nodes || p->dead_ends != want.dead_ends)
                    fail_msg("job %d (kind %d, n=%d): totals %llu/%llu/%llu, expected %llu/%llu/%llu", j, kind, n,
                             (unsigned long long)p->solutions, (unsigned long long)p->nodes,
                             (unsigned long long)p->dead_ends, (unsigned long long)want.solutions,
                             (unsigned long long)want.nodes, (unsigned long long)want.dead_ends);
                if (kind == NQ_JOB_COUNT && !first) {
                    assert_true(p->solutions == a000170[n]);
                    assert_true(e->as.figures.unique == a002562[n]);
                }
                completed++;
            }
        }
        if (done)
            continue;
        double asked = nq_clock_seconds();
        nq_worker_cancel(w);
        while (!nq_worker_idle(w))
            sleep_seconds(0.00002);
        latencies[cancels++] = nq_clock_seconds() - asked;
        /* Nothing of the cancelled job is handed out any more. */
        assert_int_equal(nq_worker_poll(w, events, 512), 0);
    }
    nq_worker_destroy(w);
    qsort(latencies, cancels, sizeof *latencies, by_value);
    printf("     %d jobs: %zu ran to the end, %zu cancelled; cancel latency median %.3f ms, worst %.3f ms\n",
           STORM_JOBS, completed, cancels, cancels ? latencies[cancels / 2] * 1e3 : 0.0,
           cancels ? latencies[cancels - 1] * 1e3 : 0.0);
    assert_true(completed > 0 && cancels > 0);
}

/* Half a second into a count that takes many seconds, cancel: the worker is idle soon after. */
static void test_cancel_in_a_long_count(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    start(w, NQ_JOB_COUNT, 18, NULL, 0);
    sleep_seconds(0.5);
    assert_false(nq_worker_idle(w));
    double asked = nq_clock_seconds();
    nq_worker_cancel(w);
    while (!nq_worker_idle(w))
        sleep_seconds(0.00002);
    double latency = nq_clock_seconds() - asked;
    printf("     cancel 0.5 s into count 18: idle after %.3f ms\n", latency * 1e3);
    assert_true(latency < 2.0); /* the count itself would take tens of seconds */
    nq_worker_destroy(w);
}

/* Destroying the worker with a job running (a watch blocked on a full ring, a solve on two
 * threads) joins everything; the sanitizers see no leak and no race. */
static void test_shutdown_with_jobs_running(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    start(w, NQ_JOB_WATCH, 14, NULL, 0);
    sleep_seconds(0.05);
    nq_worker_destroy(w);

    w = nq_worker_create(NULL, NULL);
    start(w, NQ_JOB_SOLVE, 16, NULL, 2);
    sleep_seconds(0.05);
    nq_worker_destroy(w);

    w = nq_worker_create(NULL, NULL);
    nq_worker_destroy(w);
}

/* The wake callback runs when events arrive after a poll (see test_wake_coalesces). */
static void count_wake(void *context)
{
    atomic_fetch_add((atomic_int *)context, 1);
}

static void test_wake_callback(void **state)
{
    (void)state;
    atomic_int wakes;
    atomic_init(&wakes, 0);
    nq_worker *w = nq_worker_create(count_wake, &wakes);
    wait_done(w, start(w, NQ_JOB_COUNT, 8, NULL, 1));
    assert_true(atomic_load(&wakes) >= 1);
    nq_worker_destroy(w);
}

/* The done event carries the unique count for complete watch and solve jobs without a pinned
 * queen, and 0 with one; a find never has one. */
static void test_done_carries_unique(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    assert_non_null(w);
    nq_event done = wait_done(w, start(w, NQ_JOB_WATCH, 6, NULL, 0));
    assert_int_equal(done.as.figures.unique, a002562[6]);
    done = wait_done(w, start(w, NQ_JOB_SOLVE, 10, NULL, 2));
    assert_int_equal(done.as.figures.unique, a002562[10]);
    nq_square pin = {4, 2};
    done = wait_done(w, start(w, NQ_JOB_SOLVE, 9, &pin, 2));
    assert_int_equal(done.as.figures.unique, 0);
    done = wait_done(w, start(w, NQ_JOB_FIND, 8, NULL, 0));
    assert_int_equal(done.as.figures.unique, 0);
    nq_worker_destroy(w);
}

/* One wake covers every event until the next poll: a watch that fills the ring while nobody
 * polls wakes once, and once more after a poll makes room. */
static void test_wake_coalesces(void **state)
{
    (void)state;
    atomic_int wakes;
    atomic_init(&wakes, 0);
    nq_worker *w = nq_worker_create(count_wake, &wakes);
    start(w, NQ_JOB_WATCH, 8, NULL, 0);
    while (atomic_load(&wakes) < 1)
        sleep_seconds(0.001);
    sleep_seconds(0.05); /* the worker fills the ring meanwhile, and waits for room */
    assert_int_equal(atomic_load(&wakes), 1);
    nq_event events[256];
    assert_int_equal(nq_worker_poll(w, events, 256), 256);
    while (atomic_load(&wakes) < 2)
        sleep_seconds(0.001);
    sleep_seconds(0.05);
    assert_int_equal(atomic_load(&wakes), 2);
    nq_worker_destroy(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_job_kind),
        cmocka_unit_test(test_paging_while_solving),
        cmocka_unit_test(test_figures_climb_inside_a_big_subtree),
        cmocka_unit_test(test_slow_consumer_gets_every_step),
        cmocka_unit_test(test_storm_of_jobs),
        cmocka_unit_test(test_cancel_in_a_long_count),
        cmocka_unit_test(test_shutdown_with_jobs_running),
        cmocka_unit_test(test_wake_callback),
        cmocka_unit_test(test_done_carries_unique),
        cmocka_unit_test(test_wake_coalesces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
