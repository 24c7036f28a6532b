/*
 * team.c -- worker threads for one piece of work, joined before the work counts as done; the
 * calling thread works too, reports on a monotonic timed wait until the last worker signals, or
 * (started in the background) goes about its own business until it joins.
 */
#include "team.h"

#include <time.h>
#include <unistd.h>

#include "check.h"
#include "nq/clock.h"

int nq_team_default_threads(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > NQ_TEAM_MAX_THREADS ? NQ_TEAM_MAX_THREADS : (int)cores;
}

static void *worker_thread(void *arg)
{
    nq_team_threads *c = arg;
    c->team->work(c->team->context);
    pthread_mutex_lock(&c->lock);
    if (--c->running == 0)
        pthread_cond_signal(&c->finished);
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

static struct timespec deadline_after(double seconds)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    long long ns = t.tv_nsec + (long long)(seconds * 1e9);
    t.tv_sec += (time_t)(ns / 1000000000);
    t.tv_nsec = (long)(ns % 1000000000);
    return t;
}

/* The worker threads asked for, within 1..NQ_TEAM_MAX_THREADS. */
static int threads_of(const nq_team *team)
{
    int threads = team->threads > 0 ? team->threads : nq_team_default_threads();
    return threads > NQ_TEAM_MAX_THREADS ? NQ_TEAM_MAX_THREADS : threads;
}

/* Sets up c and starts up to `helpers` threads running the team's work. */
static void start_helpers(const nq_team *team, nq_team_threads *c, int helpers)
{
    c->team = team;
    c->running = 0;
    c->started = 0;
    NQ_CHECK(pthread_mutex_init(&c->lock, NULL) == 0);
    pthread_condattr_t attr;
    NQ_CHECK(pthread_condattr_init(&attr) == 0);
    NQ_CHECK(pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0);
    NQ_CHECK(pthread_cond_init(&c->finished, &attr) == 0);
    pthread_condattr_destroy(&attr);
    pthread_mutex_lock(&c->lock);
    for (; c->started < helpers; c->started++) {
        c->running++;
        if (pthread_create(&c->ids[c->started], NULL, worker_thread, c) != 0) {
            c->running--;
            break; /* fewer threads only means slower */
        }
    }
    pthread_mutex_unlock(&c->lock);
}

static void join_helpers(nq_team_threads *c)
{
    for (int t = 0; t < c->started; t++)
        pthread_join(c->ids[t], NULL);
    pthread_cond_destroy(&c->finished);
    pthread_mutex_destroy(&c->lock);
}

void nq_team_run(const nq_team *team)
{
    double start = nq_clock_seconds();
    nq_team_threads c;
    int threads = threads_of(team);
    start_helpers(team, &c, team->report ? threads : threads - 1);
    if (!team->report || c.started == 0)
        team->work(team->context);
    if (team->report) {
        double interval = team->interval > 0 ? team->interval : 1.0 / 60;
        pthread_mutex_lock(&c.lock);
        while (c.running > 0) {
            struct timespec deadline = deadline_after(interval);
            if (pthread_cond_timedwait(&c.finished, &c.lock, &deadline) == 0 && c.running == 0)
                break;
            pthread_mutex_unlock(&c.lock);
            team->report(team->report_context, nq_clock_seconds() - start);
            pthread_mutex_lock(&c.lock);
        }
        pthread_mutex_unlock(&c.lock);
    }
    join_helpers(&c);
}

void nq_team_start(const nq_team *team, nq_team_threads *threads)
{
    start_helpers(team, threads, threads_of(team));
}

void nq_team_join(nq_team_threads *threads)
{
    if (threads->started == 0)
        threads->team->work(threads->team->context);
    join_helpers(threads);
}
