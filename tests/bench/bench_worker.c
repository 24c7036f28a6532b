/*
 * bench_worker.c -- the worker's figures: solve jobs run to the end (time, solutions, the memory
 * the index holds for random access, the process's peak resident memory), the latency of
 * cancelling a long count at random moments, and the CPU the worker uses while a slow consumer
 * (one event a millisecond) keeps the ring of a watch full: a worker that sleeps on the full ring
 * uses a small fraction of the time, a spinning one all of it. The tests check that the worker
 * sleeps; this measures how much it costs.
 *
 *   bench_worker [FROM [TO [CANCELS]]]     default: 16 17 20 (solve N = FROM..TO)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "../proc.h"
#include "bench_stats.h"
#include "nq/clock.h"
#include "nq/worker.h"

static long peak_rss_kib(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

int main(int argc, char **argv)
{
    int from = argc > 1 ? atoi(argv[1]) : 16;
    int to = argc > 2 ? atoi(argv[2]) : 17;
    int cancels = argc > 3 ? atoi(argv[3]) : 20;
    if (from < 1 || to > 64 || from > to || cancels < 1 || cancels > 1000) {
        fprintf(stderr, "usage: bench_worker [FROM [TO [CANCELS]]] with 1 <= FROM <= TO <= 64, 1..1000 cancels\n");
        return 2;
    }
    nq_worker *w = nq_worker_create(NULL, NULL);
    if (!w)
        return 1;
    printf("%3s %14s %9s %14s %14s\n", "N", "solutions", "solve s", "index bytes", "peak RSS KiB");
    for (int n = from; n <= to; n++) {
        nq_job job = {NQ_JOB_SOLVE, n, false, {0, 0}, 0, NQ_METHOD_BACKTRACK, 1};
        nq_worker_start(w, &job);
        nq_event e;
        for (;;) {
            if (!nq_worker_poll(w, &e, 1)) {
                proc_sleep_seconds(0.001);
                continue;
            }
            if (e.kind == NQ_EVENT_DONE)
                break;
        }
        printf("%3d %14llu %9.2f %14zu %14ld\n", n, (unsigned long long)e.as.figures.progress.solutions,
               e.as.figures.progress.seconds, nq_worker_memory(w), peak_rss_kib());
    }

    double latency[1000];
    srand(7);
    for (int i = 0; i < cancels; i++) {
        nq_job job = {NQ_JOB_COUNT, 18, false, {0, 0}, 0, NQ_METHOD_BACKTRACK, 1};
        nq_worker_start(w, &job);
        proc_sleep_seconds(0.1 + (rand() % 900) * 1e-3);
        double asked = nq_clock_seconds();
        nq_worker_cancel(w);
        while (!nq_worker_idle(w))
            proc_sleep_seconds(0.00002);
        latency[i] = nq_clock_seconds() - asked;
    }
    double median = bench_median(latency, cancels);
    printf("cancel of count 18 at a random moment (%d times): median %.3f ms, worst %.3f ms\n", cancels,
           median * 1e3, latency[cancels - 1] * 1e3);

    /* A watch of N = 14 (far more steps than the ring holds) consumed one event a millisecond:
     * the CPU of every thread but this one is the worker's. */
    nq_job watch = {NQ_JOB_WATCH, 14, false, {0, 0}, 0, NQ_METHOD_BACKTRACK, 1};
    nq_worker_start(w, &watch);
    proc_sleep_seconds(0.1); /* let it fill the ring */
    double wall0 = nq_clock_seconds(), all0 = proc_cpu_seconds(), own0 = proc_thread_cpu_seconds();
    nq_event e;
    int taken = 0;
    while (taken < 1000) {
        taken += (int)nq_worker_poll(w, &e, 1);
        proc_sleep_seconds(0.001);
    }
    double wall = nq_clock_seconds() - wall0;
    double worker = (proc_cpu_seconds() - all0) - (proc_thread_cpu_seconds() - own0);
    printf("watch 14, one event a millisecond: worker CPU %.3f s in %.2f s (%.1f%% of the time)\n", worker, wall,
           100 * worker / wall);
    nq_worker_destroy(w);
    return 0;
}
