/*
 * test_worker.c -- the solver thread under load, without a window.
 *
 *  - every kind of job completes with the right totals, and a solve's solutions are reachable by
 *    index while it runs and after; a unique job's are the unique index's boards, ranked by it;
 *  - while the UI takes nothing, the worker fills the ring and then sleeps (its threads asleep,
 *    using no CPU); a consumer that then drains slowly receives every trace step in order;
 *  - a storm of random jobs, cancelled at random moments or run to the end: every watch step that
 *    reaches the UI is exactly the next step of that job's own trace, no event of an older
 *    generation is ever handed out, completed jobs report the right totals;
 *  - a heatmap job's map, read through the worker, and its cancel by the next job;
 *  - cancelling in the middle of a long count, and shutting down with jobs running: every thread
 *    ends;
 *  - the wake callback: a UI that sleeps whenever it finds the ring empty is woken for what follows.
 * Nothing here is judged against a clock: where a test must wait for the worker it waits as long
 * as it takes (ctest's timeout catches a hang). How fast the worker is (cancel latency, CPU while
 * waiting) is bench_worker's business.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nq/clock.h"
#include "nq/count.h"
#include "nq/heatmap.h"
#include "nq/index.h"
#include "nq/symmetry.h"
#include "nq/worker.h"
#include "oeis.h"
#include "proc.h"

enum { STORM_JOBS = 2000 };

static bool same_step(const nq_step *a, const nq_step *b)
{
    return a->kind == b->kind && a->line == b->line && a->row == b->row && a->column == b->column &&
           a->by_row == b->by_row && a->by_column == b->by_column && a->solution == b->solution;
}

enum { MAX_THREADS = 64 };

/* Some of the process's threads, as /proc lists them. */
typedef struct thread_set {
    size_t size;
    proc_thread threads[MAX_THREADS];
} thread_set;

static thread_set threads_now(void)
{
    thread_set set;
    set.size = proc_threads(set.threads, MAX_THREADS);
    assert_in_range(set.size, 1, MAX_THREADS);
    return set;
}

/* The threads alive now that were not in `before`: those the worker started since. */
static thread_set threads_since(const thread_set *before)
{
    thread_set now = threads_now(), since = {0};
    for (size_t i = 0; i < now.size; i++) {
        bool old = false;
        for (size_t j = 0; j < before->size && !old; j++)
            old = before->threads[j].tid == now.threads[i].tid;
        if (!old)
            since.threads[since.size++] = now.threads[i];
    }
    return since;
}

/* Waits, as long as it takes, until the threads started since `before` are all asleep and have
 * used no CPU since the previous look a millisecond earlier; returns them as they are then. Every
 * few thousand looks it prints what it sees, so that a worker that never sleeps (it spins, say)
 * shows itself in the log of the run that ctest's timeout stops. */
static thread_set wait_until_asleep(const thread_set *before)
{
    thread_set last = {0};
    for (unsigned long looks = 1;; looks++) {
        thread_set now = threads_since(before);
        bool still = now.size > 0 && now.size == last.size;
        for (size_t i = 0; still && i < now.size; i++)
            still = now.threads[i].state == 'S' && now.threads[i].tid == last.threads[i].tid &&
                    now.threads[i].cpu_ns == last.threads[i].cpu_ns;
        if (still)
            return now;
        if (looks % 4000 == 0)
            for (size_t i = 0; i < now.size; i++)
                print_message("     still waiting for the worker to sleep: thread %d is '%c', %llu ns of CPU\n",
                              now.threads[i].tid, now.threads[i].state, (unsigned long long)now.threads[i].cpu_ns);
        last = now;
        proc_sleep_seconds(0.001);
    }
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
            proc_sleep_seconds(0.0002);
    }
}

static uint32_t start(nq_worker *w, nq_job_kind kind, int n, const nq_square *first, int threads)
{
    nq_job job = {kind, n, first != NULL, first ? *first : (nq_square){0, 0}, threads, NQ_METHOD_BACKTRACK, 1};
    return nq_worker_start(w, &job);
}

static void test_each_job_kind(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    assert_non_null(w);

    nq_event done = wait_done(w, start(w, NQ_JOB_COUNT, 10, NULL, 2));
    assert_true(done.as.figures.progress.complete);
    assert_int_equal(done.as.figures.progress.solutions, oeis_a000170[10]);
    assert_int_equal(done.as.figures.unique, oeis_a002562[10]);

    nq_square pin = {0, 1};
    done = wait_done(w, start(w, NQ_JOB_FIND, 8, &pin, 0));
    assert_int_equal(done.as.figures.progress.solutions, 1);
    int cols[NQ_MAX_N];
    assert_true(nq_worker_solution(w, 1, cols));
    assert_true(nq_verify(8, cols, &pin, NULL));
    assert_false(nq_worker_solution(w, 2, cols));

    nq_square corner = {0, 0};
    done = wait_done(w, start(w, NQ_JOB_FIND, 4, &corner, 0));
    assert_int_equal(done.as.figures.progress.solutions, 0);
    assert_false(nq_worker_solution(w, 1, cols));

    /* Solve: every solution of the 9 x 9 board with a pinned queen, by index, after the end. */
    pin = (nq_square){4, 2};
    done = wait_done(w, start(w, NQ_JOB_SOLVE, 9, &pin, 2));
    nq_index *reference = nq_index_build(9, &pin, 1);
    assert_int_equal(done.as.figures.progress.solutions, nq_index_known(reference));
    assert_int_equal(nq_worker_reachable(w), nq_index_known(reference));
    for (uint64_t k = 1; k <= nq_index_known(reference); k++) {
        int expected[NQ_MAX_N];
        assert_true(nq_index_unrank(reference, k, expected));
        if (!nq_worker_solution(w, k, cols) || memcmp(cols, expected, 9 * sizeof *cols) != 0)
            fail_msg("solve of 9 x 9, first queen at column 5, row 3: solution %llu is not the index's",
                     (unsigned long long)k);
    }
    nq_index_free(reference);

    /* Watch to the end: its solutions are reachable too. */
    done = wait_done(w, start(w, NQ_JOB_WATCH, 6, NULL, 0));
    assert_int_equal(done.as.figures.progress.solutions, oeis_a000170[6]);
    assert_int_equal(nq_worker_reachable(w), oeis_a000170[6]);
    assert_true(nq_worker_solution(w, 4, cols));
    assert_true(nq_verify(6, cols, NULL, NULL));

    /* Watch by first fail: its solutions are reachable in order once it is over, and ranked;
     * by min-conflicts: its one solution, no unique count. */
    nq_job watch = {NQ_JOB_WATCH, 6, false, {0, 0}, 0, NQ_METHOD_FIRSTFAIL, 1};
    done = wait_done(w, nq_worker_start(w, &watch));
    assert_int_equal(done.as.figures.progress.solutions, oeis_a000170[6]);
    assert_int_equal(nq_worker_reachable(w), oeis_a000170[6]);
    assert_true(nq_worker_solution(w, 3, cols));
    assert_int_equal(nq_worker_rank(w, cols), 3);
    watch.method = NQ_METHOD_MINCONFLICTS;
    done = wait_done(w, nq_worker_start(w, &watch));
    assert_int_equal(done.as.figures.progress.solutions, 1);
    assert_int_equal(done.as.figures.unique, 0);
    assert_int_equal(nq_worker_reachable(w), 1);
    assert_true(nq_worker_solution(w, 1, cols));
    assert_true(nq_verify(6, cols, NULL, NULL));
    assert_int_equal(nq_worker_rank(w, cols), 0);

    /* Compare: every method's figures, as nq_effort_run gives them. */
    pin = (nq_square){1, 0};
    done = wait_done(w, start(w, NQ_JOB_COMPARE, 8, &pin, 2));
    assert_true(done.as.figures.progress.complete);
    for (int m = 0; m < NQ_METHOD_COUNT; m++) {
        nq_effort got, want;
        assert_true(nq_worker_effort(w, (nq_method)m, &got));
        nq_plan plan = nq_plan_make(8, &pin, (nq_method)m);
        want = nq_effort_run(&plan, &(nq_run){1, NULL, NULL, NULL, 0});
        assert_int_equal(got.nodes, want.nodes);
        assert_int_equal(got.wipe_outs, want.wipe_outs);
        assert_int_equal(got.crossed, want.crossed);
        assert_int_equal(got.solutions, want.solutions);
        assert_int_equal(got.moves, want.moves);
    }
    nq_effort none;
    wait_done(w, start(w, NQ_JOB_COUNT, 6, NULL, 1));
    assert_false(nq_worker_effort(w, NQ_METHOD_FORWARD, &none));
    nq_worker_destroy(w);
}

/* While a solve of the 14 x 14 board runs, the solutions so far can already be paged: at every
 * poll, the solutions reachable never go down, include all those the last progress event
 * announced, and each is the reference index's solution of that number. (How many polls fall
 * before the end depends on the machine's speed; the figure is printed, not judged.) */
static void test_paging_while_solving(void **state)
{
    (void)state;
    nq_index *reference = nq_index_build(14, NULL, 0);
    nq_worker *w = nq_worker_create(NULL, NULL);
    uint32_t generation = start(w, NQ_JOB_SOLVE, 14, NULL, 1);
    nq_event events[64];
    bool done = false;
    uint64_t last_progress = 0, last_reachable = 0, checked_while_running = 0;
    while (!done) {
        size_t got = nq_worker_poll(w, events, 64);
        for (size_t i = 0; i < got; i++) {
            assert_int_equal(events[i].generation, generation);
            uint64_t solutions = events[i].as.figures.progress.solutions;
            if (solutions < last_progress) /* the count only climbs */
                fail_msg("progress went back from %llu to %llu solutions", (unsigned long long)last_progress,
                         (unsigned long long)solutions);
            last_progress = solutions;
            done = events[i].kind == NQ_EVENT_DONE;
        }
        uint64_t reachable = nq_worker_reachable(w);
        if (reachable < last_reachable || reachable < last_progress)
            fail_msg("%llu solutions reachable, after %llu were and progress announced %llu",
                     (unsigned long long)reachable, (unsigned long long)last_reachable,
                     (unsigned long long)last_progress);
        last_reachable = reachable;
        if (reachable > 0) {
            uint64_t k = 1 + (uint64_t)rand() % reachable;
            int cols[NQ_MAX_N], expected[NQ_MAX_N];
            assert_true(nq_index_unrank(reference, k, expected));
            if (!nq_worker_solution(w, k, cols) || memcmp(cols, expected, 14 * sizeof *cols) != 0)
                fail_msg("solution %llu of %llu reachable is not the index's", (unsigned long long)k,
                         (unsigned long long)reachable);
            checked_while_running += !done;
        }
    }
    assert_int_equal(last_progress, oeis_a000170[14]);
    assert_int_equal(nq_worker_reachable(w), oeis_a000170[14]);
    printf("     paged %llu solutions while the solve ran; index memory %zu bytes\n",
           (unsigned long long)checked_while_running, nq_worker_memory(w));
    nq_index_free(reference);
    nq_worker_destroy(w);
}

/* On a board whose first subtree alone takes ages (N = 30: no machine finishes it), the figures
 * still climb while the frontier waits for it: progress events keep coming, the queens placed go
 * up from one to the next (solutions found, once there are any, never fewer than the reachable),
 * and no solution is reachable by index. */
static void test_figures_climb_inside_a_big_subtree(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    uint32_t generation = start(w, NQ_JOB_SOLVE, 30, NULL, 1);
    nq_event e;
    nq_progress last = {0};
    int climbs = 0;
    while (climbs < 3) {
        if (!nq_worker_poll(w, &e, 1)) {
            proc_sleep_seconds(0.005);
            continue;
        }
        assert_int_equal(e.generation, generation);
        assert_int_equal(e.kind, NQ_EVENT_PROGRESS);
        const nq_progress *p = &e.as.figures.progress;
        if (p->nodes < last.nodes || p->found < p->solutions)
            fail_msg("progress with %llu queens placed after %llu, %llu solutions found and %llu reachable",
                     (unsigned long long)p->nodes, (unsigned long long)last.nodes, (unsigned long long)p->found,
                     (unsigned long long)p->solutions);
        assert_int_equal(p->solutions, 0);
        climbs += p->nodes > last.nodes;
        last = *p;
    }
    assert_int_equal(nq_worker_reachable(w), 0);
    printf("     N = 30: %llu queens placed, %llu solutions found, none reachable yet\n",
           (unsigned long long)last.nodes, (unsigned long long)last.found);
    nq_worker_destroy(w);
}

/* The watch of N = 8 has 34,233 steps, far more than the ring holds. While the UI takes nothing,
 * the worker fills the ring and then sleeps: its threads are asleep and use no CPU at all for as
 * long as the UI stays away. A consumer that then takes one event at a time gets every step, in
 * order; every 1,000 steps it stops until the worker is asleep again, so that the hand-off at a
 * full ring is crossed many times. */
static void test_slow_consumer_gets_every_step(void **state)
{
    (void)state;
    thread_set before = threads_now();
    nq_worker *w = nq_worker_create(NULL, NULL);
    uint32_t generation = start(w, NQ_JOB_WATCH, 8, NULL, 0);
    thread_set asleep = wait_until_asleep(&before);
    proc_sleep_seconds(0.02); /* the UI stays away a while longer */
    thread_set later = threads_since(&before);
    assert_int_equal(later.size, asleep.size);
    for (size_t i = 0; i < asleep.size; i++) {
        assert_int_equal(later.threads[i].tid, asleep.threads[i].tid);
        if (later.threads[i].cpu_ns != asleep.threads[i].cpu_ns)
            fail_msg("thread %d used %llu ns of CPU while the ring stayed full", asleep.threads[i].tid,
                     (unsigned long long)(later.threads[i].cpu_ns - asleep.threads[i].cpu_ns));
    }

    nq_trace expected;
    nq_trace_init(&expected, 8, NULL);
    nq_event e;
    size_t steps = 0;
    for (;;) {
        if (!nq_worker_poll(w, &e, 1)) {
            proc_sleep_seconds(0.0002);
            continue;
        }
        assert_int_equal(e.generation, generation);
        if (e.kind == NQ_EVENT_DONE)
            break;
        nq_step want;
        if (!nq_trace_next(&expected, &want) || !same_step(&e.as.step, &want))
            fail_msg("step %zu is not the trace's next one", steps + 1);
        if (++steps % 1000 == 0)
            wait_until_asleep(&before);
    }
    assert_false(nq_trace_next(&expected, &(nq_step){0}));
    nq_worker_destroy(w);
}

/* The final figures of every board and pinned square the storm may complete, from the engine:
 * a count job reports the counting search's, a solve job the index fill's (the rows above the
 * last five walked) and a watch job the step-by-step trace's (every queen placed). */
static nq_progress expected_figures(int n, const nq_square *first, nq_job_kind kind)
{
    enum { COUNTED, FILLED, TRACED, SEARCHES };
    static nq_progress memo[SEARCHES][15][15 * 15 + 1];
    static bool known[SEARCHES][15][15 * 15 + 1];
    int search = kind == NQ_JOB_COUNT ? COUNTED : kind == NQ_JOB_SOLVE ? FILLED : TRACED;
    int slot = first ? first->row * n + first->column : n * n;
    if (!known[search][n][slot]) {
        nq_progress p = {0};
        if (search == COUNTED) {
            nq_count_options options = {first, !first, {.threads = 1}};
            nq_count_result r = nq_count(n, &options);
            p.solutions = r.solutions;
            p.nodes = r.nodes;
            p.dead_ends = r.dead_ends;
        } else if (search == FILLED) {
            nq_index *index = nq_index_build(n, first, 1);
            p = nq_index_progress(index);
            nq_index_free(index);
        } else {
            nq_trace t;
            nq_trace_init(&t, n, first);
            nq_step step;
            while (nq_trace_next(&t, &step))
                ;
            p.solutions = t.solutions;
            p.nodes = t.nodes;
            p.dead_ends = t.dead_ends;
        }
        memo[search][n][slot] = p;
        known[search][n][slot] = true;
    }
    return memo[search][n][slot];
}

/* The clock only picks the moment of each cancel (up to a millisecond into the job); nothing is
 * judged by it. A watch of 11 rows or more (millions of steps) cannot end within a millisecond on
 * any machine, so some jobs are always cancelled; those run to the end always complete. */
static void test_storm_of_jobs(void **state)
{
    (void)state;
    srand(2026);
    nq_worker *w = nq_worker_create(NULL, NULL);
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
                if (!p->complete)
                    fail_msg("job %d (kind %d, n=%d) ended incomplete without a cancel", j, kind, n);
                nq_progress want = expected_figures(n, first, kind);
                if (p->solutions != want.solutions || p->nodes != want.nodes || p->dead_ends != want.dead_ends)
                    fail_msg("job %d (kind %d, n=%d): totals %llu/%llu/%llu, expected %llu/%llu/%llu", j, kind, n,
                             (unsigned long long)p->solutions, (unsigned long long)p->nodes,
                             (unsigned long long)p->dead_ends, (unsigned long long)want.solutions,
                             (unsigned long long)want.nodes, (unsigned long long)want.dead_ends);
                if (kind == NQ_JOB_COUNT && !first &&
                    (p->solutions != oeis_a000170[n] || e->as.figures.unique != oeis_a002562[n]))
                    fail_msg("job %d (count, n=%d): %llu solutions in %llu classes", j, n,
                             (unsigned long long)p->solutions, (unsigned long long)e->as.figures.unique);
                completed++;
            }
        }
        if (done)
            continue;
        nq_worker_cancel(w);
        cancels++;
        /* Nothing of the cancelled job is handed out any more: not while it stops, nor after. */
        size_t after_cancel = nq_worker_poll(w, events, 512);
        if (after_cancel)
            fail_msg("job %d (kind %d, n=%d): %zu events handed out after its cancel", j, kind, n, after_cancel);
        while (!nq_worker_idle(w))
            proc_sleep_seconds(0.00002);
        after_cancel = nq_worker_poll(w, events, 512);
        if (after_cancel)
            fail_msg("job %d (kind %d, n=%d): %zu events handed out after it stopped", j, kind, n, after_cancel);
    }
    nq_worker_destroy(w);
    printf("     %d jobs: %zu ran to the end, %zu cancelled\n", STORM_JOBS, completed, cancels);
    assert_in_range(completed, 1, STORM_JOBS);
    assert_in_range(cancels, 1, STORM_JOBS);
}

/* A count far from its end (N = 20 takes many minutes on one core), cancelled once its first
 * progress event shows it running: nothing of it is handed out afterwards, the worker becomes
 * idle, and the next job runs to the right totals. (How soon it is idle: bench_worker.) */
static void test_cancel_in_a_long_count(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    uint32_t generation = start(w, NQ_JOB_COUNT, 20, NULL, 0);
    nq_event e;
    while (!nq_worker_poll(w, &e, 1))
        proc_sleep_seconds(0.001);
    assert_int_equal(e.generation, generation);
    assert_int_equal(e.kind, NQ_EVENT_PROGRESS);
    assert_false(nq_worker_idle(w));
    nq_worker_cancel(w);
    assert_int_equal(nq_worker_poll(w, &e, 1), 0);
    while (!nq_worker_idle(w))
        proc_sleep_seconds(0.00002);
    assert_int_equal(nq_worker_poll(w, &e, 1), 0);

    nq_event done = wait_done(w, start(w, NQ_JOB_COUNT, 10, NULL, 0));
    assert_true(done.as.figures.progress.complete);
    assert_int_equal(done.as.figures.progress.solutions, oeis_a000170[10]);
    assert_int_equal(done.as.figures.unique, oeis_a002562[10]);
    nq_worker_destroy(w);
}

/* A heatmap job: progress events whose known squares never go down, then done with every square
 * known and the board's total; nq_worker_heat gives the map a direct fill gives, with and without
 * a first queen. Cancelled by the start of another job (N = 17 takes seconds): nothing of it is
 * handed out afterwards, its numbers are gone, and the next job runs to the right totals. */
static void test_heatmap_job(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    nq_square pin = {2, 0};
    const nq_square *firsts[] = {NULL, &pin};
    for (int f = 0; f < 2; f++) {
        int n = 11;
        nq_heatmap *reference = nq_heatmap_create(n, firsts[f]);
        assert_true(nq_heatmap_fill(reference, &(nq_run){.threads = 1}));
        uint32_t generation = start(w, NQ_JOB_HEATMAP, n, firsts[f], 2);
        nq_event events[64];
        uint64_t known = 0;
        nq_event done = {0};
        while (done.kind != NQ_EVENT_DONE) {
            size_t got = nq_worker_poll(w, events, 64);
            for (size_t i = 0; i < got; i++) {
                assert_int_equal(events[i].generation, generation);
                assert_in_range(events[i].as.figures.progress.solutions, known, (uint64_t)(n * n));
                known = events[i].as.figures.progress.solutions;
                if (events[i].kind == NQ_EVENT_DONE)
                    done = events[i];
                else
                    assert_int_equal(events[i].kind, NQ_EVENT_PROGRESS);
            }
            if (!got)
                proc_sleep_seconds(0.0002);
        }
        assert_true(done.as.figures.progress.complete);
        assert_int_equal(done.as.figures.progress.solutions, (uint64_t)(n * n));
        assert_int_equal(done.as.figures.progress.found, nq_heatmap_total(reference));
        assert_int_equal(done.as.figures.unique, 0);
        for (int row = 0; row < n; row++) {
            for (int column = 0; column < n; column++) {
                uint64_t got = 0, want = 0;
                assert_true(nq_worker_heat(w, (nq_square){column, row}, &got));
                assert_true(nq_heatmap_get(reference, (nq_square){column, row}, &want));
                assert_int_equal(got, want);
            }
        }
        nq_heatmap_free(reference);
    }

    uint32_t generation = start(w, NQ_JOB_HEATMAP, 17, NULL, 0);
    nq_event e;
    while (!nq_worker_poll(w, &e, 1))
        proc_sleep_seconds(0.001);
    assert_int_equal(e.generation, generation);
    assert_int_equal(e.kind, NQ_EVENT_PROGRESS);
    nq_event done = wait_done(w, start(w, NQ_JOB_COUNT, 10, NULL, 0));
    assert_true(done.as.figures.progress.complete);
    assert_int_equal(done.as.figures.progress.solutions, oeis_a000170[10]);
    uint64_t count;
    assert_false(nq_worker_heat(w, (nq_square){0, 0}, &count));
    nq_worker_destroy(w);
}

/* Destroying the worker with a job running (a watch asleep on a full ring, a solve on two
 * counting threads) or with none leaves exactly the threads there were before it was created.
 * What it allocated is checked under ASan, whose leak checker reports at exit anything destroy
 * did not free; TSan checks the joins for races. */
static void test_shutdown_with_jobs_running(void **state)
{
    (void)state;
    thread_set before = threads_now();
    nq_worker *w = nq_worker_create(NULL, NULL);
    start(w, NQ_JOB_WATCH, 14, NULL, 0);
    wait_until_asleep(&before);
    nq_worker_destroy(w);
    assert_int_equal(threads_now().size, before.size);

    w = nq_worker_create(NULL, NULL);
    uint32_t generation = start(w, NQ_JOB_SOLVE, 16, NULL, 2);
    nq_event e;
    while (!nq_worker_poll(w, &e, 1)) /* a progress event: the counting threads run */
        proc_sleep_seconds(0.001);
    assert_int_equal(e.generation, generation);
    assert_int_equal(e.kind, NQ_EVENT_PROGRESS);
    nq_worker_destroy(w);
    assert_int_equal(threads_now().size, before.size);

    w = nq_worker_create(NULL, NULL);
    nq_worker_destroy(w);
    assert_int_equal(threads_now().size, before.size);
}

/* What the wake callback has done: how often it was called, and how often on the UI thread. */
typedef struct wake_log {
    pthread_t ui;
    atomic_int wakes;
    atomic_int on_ui_thread;
} wake_log;

static void log_wake(void *context)
{
    wake_log *log = context;
    atomic_fetch_add(&log->on_ui_thread, pthread_equal(pthread_self(), log->ui) ? 1 : 0);
    atomic_fetch_add(&log->wakes, 1);
}

/* The contract a UI that sleeps whenever it finds the ring empty relies on: once the last event
 * of a job has been published, the callback has been called since the UI last polled an empty
 * ring, and always on the worker thread. Checked for a job of each kind, polled as such a UI
 * does; the wake count is read before each poll, so that a wake racing with an empty poll can
 * only make the check more lenient, never fail it wrongly. Once the done event is in, the worker
 * becomes idle only after its last wake has returned. */
static void test_wake_callback(void **state)
{
    (void)state;
    wake_log log = {.ui = pthread_self()};
    atomic_init(&log.wakes, 0);
    atomic_init(&log.on_ui_thread, 0);
    nq_worker *w = nq_worker_create(log_wake, &log);
    static const struct {
        nq_job_kind kind;
        int n;
    } jobs[] = {{NQ_JOB_COUNT, 8}, {NQ_JOB_WATCH, 8}, {NQ_JOB_SOLVE, 13}, {NQ_JOB_FIND, 30}, {NQ_JOB_WATCH, 5}};
    nq_event events[256];
    for (size_t j = 0; j < sizeof jobs / sizeof jobs[0]; j++) {
        int at_empty_poll = atomic_load(&log.wakes);
        assert_int_equal(nq_worker_poll(w, events, 256), 0); /* the UI finds the ring empty */
        uint32_t generation = start(w, jobs[j].kind, jobs[j].n, NULL, 1);
        bool done = false;
        while (!done) {
            int seen = atomic_load(&log.wakes);
            size_t got = nq_worker_poll(w, events, 256);
            if (!got) {
                at_empty_poll = seen;
                proc_sleep_seconds(0.0002);
            }
            for (size_t i = 0; i < got; i++) {
                assert_int_equal(events[i].generation, generation);
                done = events[i].kind == NQ_EVENT_DONE;
            }
        }
        while (!nq_worker_idle(w))
            proc_sleep_seconds(0.0002);
        int wakes = atomic_load(&log.wakes);
        if (wakes <= at_empty_poll)
            fail_msg("job %zu (kind %d, n=%d): %d wakes, none since the UI last found the ring empty (at %d)", j,
                     jobs[j].kind, jobs[j].n, wakes, at_empty_poll);
    }
    assert_int_equal(atomic_load(&log.on_ui_thread), 0);
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
    assert_int_equal(done.as.figures.unique, oeis_a002562[6]);
    done = wait_done(w, start(w, NQ_JOB_SOLVE, 10, NULL, 2));
    assert_int_equal(done.as.figures.unique, oeis_a002562[10]);
    nq_square pin = {4, 2};
    done = wait_done(w, start(w, NQ_JOB_SOLVE, 9, &pin, 2));
    assert_int_equal(done.as.figures.unique, 0);
    done = wait_done(w, start(w, NQ_JOB_FIND, 8, NULL, 0));
    assert_int_equal(done.as.figures.unique, 0);
    nq_worker_destroy(w);
}

/* The unique job pages the smallest board of each class: its done event counts them (figures and
 * unique), and solution, rank, reachable and memory answer over the unique index. */
static void test_unique_job(void **state)
{
    (void)state;
    nq_worker *w = nq_worker_create(NULL, NULL);
    assert_non_null(w);
    for (int n = 1; n <= 12; n++) {
        nq_event done = wait_done(w, start(w, NQ_JOB_UNIQUE, n, NULL, 2));
        assert_true(done.as.figures.progress.complete);
        assert_int_equal(done.as.figures.progress.solutions, oeis_a002562[n]);
        assert_int_equal(done.as.figures.unique, oeis_a002562[n]);
        assert_int_equal(nq_worker_reachable(w), oeis_a002562[n]);
        nq_index *reference = nq_index_create_unique(n);
        assert_true(nq_index_fill(reference, &(nq_run){.threads = 1}));
        assert_int_equal(nq_worker_memory(w), nq_index_bytes(reference));
        int cols[NQ_MAX_N], expected[NQ_MAX_N];
        for (uint64_t k = 1; k <= oeis_a002562[n]; k++) {
            assert_true(nq_index_unrank(reference, k, expected));
            if (!nq_worker_solution(w, k, cols) || memcmp(cols, expected, (size_t)n * sizeof *cols) != 0)
                fail_msg("unique job of %d x %d: board %llu is not the unique index's", n, n, (unsigned long long)k);
            assert_int_equal(nq_worker_rank(w, cols), k);
        }
        assert_false(nq_worker_solution(w, oeis_a002562[n] + 1, cols));
        if (n == 8) { /* the mirror image of the first unique board is a solution, not unique */
            assert_true(nq_worker_solution(w, 1, cols));
            for (int r = 0; r < n; r++)
                expected[r] = n - 1 - cols[r];
            assert_false(nq_symmetry_is_canonical(n, expected));
            assert_int_equal(nq_worker_rank(w, expected), 0);
        }
        nq_index_free(reference);
    }
    nq_worker_destroy(w);
}

/* One wake covers every event until the next poll: a watch that fills the ring while nobody
 * polls wakes once, and once more after a poll makes room. */
static void test_wake_coalesces(void **state)
{
    (void)state;
    wake_log log = {.ui = pthread_self()};
    atomic_init(&log.wakes, 0);
    atomic_init(&log.on_ui_thread, 0);
    nq_worker *w = nq_worker_create(log_wake, &log);
    start(w, NQ_JOB_WATCH, 8, NULL, 0);
    while (atomic_load(&log.wakes) < 1)
        proc_sleep_seconds(0.001);
    proc_sleep_seconds(0.05); /* the worker fills the ring meanwhile, and waits for room */
    assert_int_equal(atomic_load(&log.wakes), 1);
    nq_event events[256];
    assert_int_equal(nq_worker_poll(w, events, 256), 256);
    while (atomic_load(&log.wakes) < 2)
        proc_sleep_seconds(0.001);
    proc_sleep_seconds(0.05);
    assert_int_equal(atomic_load(&log.wakes), 2);
    assert_int_equal(atomic_load(&log.on_ui_thread), 0);
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
        cmocka_unit_test(test_heatmap_job),
        cmocka_unit_test(test_shutdown_with_jobs_running),
        cmocka_unit_test(test_wake_callback),
        cmocka_unit_test(test_done_carries_unique),
        cmocka_unit_test(test_unique_job),
        cmocka_unit_test(test_wake_coalesces),
    };
    return cmocka_run_group_tests(tests, proc_start_runtime_threads, NULL);
}
