/*
 * test_team.c -- the private team of threads (src/core/team.h), white-box. On 1 to 4 threads, and
 * on 0 (one per core): the work runs once on each of that many distinct threads, the calling
 * thread among them; the items the calls share through one cursor are each taken exactly once;
 * every call has returned and every thread is gone when nq_team_run returns. With a reporter,
 * the calling thread reports, on its own thread, while the work runs, and does none of the work.
 */
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "../src/core/team.h"
#include "proc.h"

enum { ITEMS = 20000, MAX_CALLS = 256 };

/* What the work and the reporter share, and what they saw. */
typedef struct shared {
    pthread_t caller;              /* the thread that called nq_team_run */
    bool wait_for_a_report;        /* each work call starts only once a report has been made */
    atomic_int next_item;          /* the cursor the calls take items from */
    atomic_int taken[ITEMS];       /* how often each item was taken */
    atomic_int calls;              /* work calls begun */
    atomic_int returned;           /* work calls at their end */
    atomic_int work_on_caller;     /* work calls on the calling thread */
    pthread_t threads[MAX_CALLS];  /* the thread of each call, in the order they began */
    atomic_int reports;            /* reporter calls */
    atomic_int reports_elsewhere;  /* reporter calls not on the calling thread */
    atomic_int seconds_went_back;  /* reporter calls whose seconds were below the previous call's */
    double last_seconds;           /* the previous report's seconds (reports come from one thread) */
} shared;

static void work(void *context)
{
    shared *s = context;
    int call = atomic_fetch_add(&s->calls, 1);
    if (call < MAX_CALLS)
        s->threads[call] = pthread_self();
    if (pthread_equal(pthread_self(), s->caller))
        atomic_fetch_add(&s->work_on_caller, 1);
    while (s->wait_for_a_report && atomic_load(&s->reports) == 0)
        proc_sleep_seconds(0.0001);
    for (int item; (item = atomic_fetch_add(&s->next_item, 1)) < ITEMS;)
        atomic_fetch_add(&s->taken[item], 1);
    atomic_fetch_add(&s->returned, 1);
}

static void report(void *context, double seconds)
{
    shared *s = context;
    if (!pthread_equal(pthread_self(), s->caller))
        atomic_fetch_add(&s->reports_elsewhere, 1);
    if (seconds < s->last_seconds || seconds < 0)
        atomic_fetch_add(&s->seconds_went_back, 1);
    s->last_seconds = seconds;
    atomic_fetch_add(&s->reports, 1);
}

static shared *shared_new(bool wait_for_a_report)
{
    shared *s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->caller = pthread_self();
    s->wait_for_a_report = wait_for_a_report;
    return s;
}

/* Runs the team and checks what every run must show, whatever the reporter: `expected` calls on
 * as many distinct threads, each item taken once, every call returned and every thread gone. */
static void run_and_check(shared *s, const nq_team *team, int expected)
{
    size_t threads_before = proc_threads(NULL, 0);
    nq_team_run(team);
    assert_int_equal(proc_threads(NULL, 0), threads_before);
    assert_int_equal(atomic_load(&s->calls), expected);
    assert_int_equal(atomic_load(&s->returned), expected);
    for (int a = 0; a < expected && a < MAX_CALLS; a++)
        for (int b = 0; b < a; b++)
            if (pthread_equal(s->threads[a], s->threads[b]))
                fail_msg("%d threads: calls %d and %d of the work ran on the same thread", expected, b + 1, a + 1);
    for (int item = 0; item < ITEMS; item++)
        if (atomic_load(&s->taken[item]) != 1)
            fail_msg("%d threads: item %d was taken %d times", expected, item, atomic_load(&s->taken[item]));
}

static void test_every_thread_works_and_takes_each_item_once(void **state)
{
    (void)state;
    for (int threads = 1; threads <= 4; threads++) {
        shared *s = shared_new(false);
        nq_team team = {.threads = threads, .work = work, .context = s};
        run_and_check(s, &team, threads);
        assert_int_equal(atomic_load(&s->work_on_caller), 1); /* without a reporter the caller works too */
        free(s);
    }
}

static void test_zero_threads_means_one_per_core(void **state)
{
    (void)state;
    assert_int_equal(nq_team_default_threads(), sysconf(_SC_NPROCESSORS_ONLN));
    shared *s = shared_new(false);
    nq_team team = {.threads = 0, .work = work, .context = s};
    run_and_check(s, &team, nq_team_default_threads());
    free(s);
}

/* Every work call waits for the first report before it takes anything, so the reporter is seen
 * running while the work runs; a reporter that only ran once the work was done would leave the
 * work waiting (and ctest's timeout would tell). */
static void test_reporter_on_the_calling_thread_while_the_work_runs(void **state)
{
    (void)state;
    for (int threads = 1; threads <= 3; threads++) {
        shared *s = shared_new(true);
        nq_team team = {
            .threads = threads, .work = work, .context = s, .report = report, .report_context = s, .interval = 0.001};
        run_and_check(s, &team, threads);
        assert_int_equal(atomic_load(&s->work_on_caller), 0);
        assert_in_range(atomic_load(&s->reports), 1, INT_MAX);
        assert_int_equal(atomic_load(&s->reports_elsewhere), 0);
        assert_int_equal(atomic_load(&s->seconds_went_back), 0);
        free(s);
    }
}

/* In the background: the caller is free between start and join, and join leaves the work done
 * once on every thread, each item taken once, and no thread behind. */
static void test_start_and_join_in_the_background(void **state)
{
    (void)state;
    for (int threads = 1; threads <= 3; threads++) {
        shared *s = shared_new(false);
        nq_team team = {.threads = threads, .work = work, .context = s};
        size_t threads_before = proc_threads(NULL, 0);
        nq_team_threads running;
        nq_team_start(&team, &running);
        nq_team_join(&running);
        assert_int_equal(proc_threads(NULL, 0), threads_before);
        assert_int_equal(atomic_load(&s->calls), threads);
        assert_int_equal(atomic_load(&s->work_on_caller), 0);
        for (int item = 0; item < ITEMS; item++)
            if (atomic_load(&s->taken[item]) != 1)
                fail_msg("%d threads: item %d was taken %d times", threads, item, atomic_load(&s->taken[item]));
        free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_thread_works_and_takes_each_item_once),
        cmocka_unit_test(test_zero_threads_means_one_per_core),
        cmocka_unit_test(test_reporter_on_the_calling_thread_while_the_work_runs),
        cmocka_unit_test(test_start_and_join_in_the_background),
    };
    return cmocka_run_group_tests(tests, proc_start_runtime_threads, NULL);
}
