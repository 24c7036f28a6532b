/*
 * team.c -- worker threads for one piece of work, joined before returning; the calling thread
 * either works too or reports on a monotonic timed wait until the last worker signals.
 */
#include "team.h"

#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "nq/clock.h"

enum { MAX_THREADS = 256 };

typedef struct crew {
    const nq_team *team;
    int running;             /* workers still working, under lock */
    pthread_mutex_t lock;
    pthread_cond_t finished; /* signalled when running drops to 0 */
} crew;

int nq_team_default_threads(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (int)cores;
}

static void *worker_thread(void *arg)
{
    crew *c = arg;
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

void nq_team_run(const nq_team *team)
{
    double start = nq_clock_seconds();
    crew c = {.team = team};
    NQ_CHECK(pthread_mutex_init(&c.lock, NULL) == 0);
    pthread_condattr_t attr;
    NQ_CHECK(pthread_condattr_init(&attr) == 0);
    NQ_CHECK(pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0);
    NQ_CHECK(pthread_cond_init(&c.finished, &attr) == 0);
    pthread_condattr_destroy(&attr);

    int threads = team->threads > 0 ? team->threads : nq_team_default_threads();
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    int helpers = team->report ? threads : threads - 1;
    pthread_t ids[MAX_THREADS];
    int started = 0;
    pthread_mutex_lock(&c.lock);
    for (; started < helpers; started++) {
        c.running++;
        if (pthread_create(&ids[started], NULL, worker_thread, &c) != 0) {
            c.running--;
            break; /* fewer threads only means slower */
        }
    }
    pthread_mutex_unlock(&c.lock);
    if (!team->report || started == 0)
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
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    pthread_cond_destroy(&c.finished);
    pthread_mutex_destroy(&c.lock);
}
