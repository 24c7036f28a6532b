/*
 * bench_ui.c -- the UI benchmark: drives the model through its own input functions (full speed,
 * N = 14), lets the loop run as it does for a person, and measures from outside: frames drawn
 * and their times, steps shown, CPU of the whole process; then the same loop idle. Then the
 * frame time of the board of N = 1,000,000 seen whole and zoomed in, the view moving every frame,
 * beside N = 64's.
 */
#include "bench_ui.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "nq/clock.h"

/* The board watched: its run outlasts the measurement (N = 12 ends within a few seconds). */
enum { BENCH_N = 14 };
/* The wide board, and the frames drawn of each view of it. */
enum { WIDE_N = 1000000, WIDE_FRAMES = 240 };
#define IDLE_SECONDS 10.0
#define SETTLE_SECONDS 1.0

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 + (double)u.ru_stime.tv_sec +
           (double)u.ru_stime.tv_usec * 1e-6;
}

static int by_value(const void *x, const void *y)
{
    double p = *(const double *)x, q = *(const double *)y;
    return (p > q) - (p < q);
}

/* Draws WIDE_FRAMES frames of the board shown, the view moved by a square's width each frame,
 * and prints their median and 99th percentile. */
static void time_view(app *a, const char *name, double zoom, double *times)
{
    explorer *ex = app_explorer(a);
    if (ex_wide(ex)) {
        ex_act(ex, EX_ACT_VIEW_FIT, 0, nq_clock_seconds());
        ex_board_zoom(ex, zoom, ex->n * 0.37, ex->n * 0.61);
    }
    for (int i = 0; i < WIDE_FRAMES; i++) {
        ex_board_pan(ex, i % 2 ? -1 : 1, 1);
        times[i] = app_draw_now(a);
    }
    qsort(times, WIDE_FRAMES, sizeof *times, by_value);
    printf("frame time, %s: median %.2f ms, p99 %.2f ms\n", name, times[WIDE_FRAMES / 2] * 1e3,
           times[WIDE_FRAMES * 99 / 100] * 1e3);
}

/* Waits (the loop running) until the search or find the model runs is over. */
static void settle(app *a)
{
    explorer *ex = app_explorer(a);
    for (int i = 0; i < 600 && ex->state == EX_SEARCHING; i++)
        app_loop(a, nq_clock_seconds() + 0.05, NULL);
}

static void bench_wide(app *a)
{
    explorer *ex = app_explorer(a);
    double times[WIDE_FRAMES];
    ex_act(ex, EX_ACT_MODE, 0, nq_clock_seconds());
    ex_set_n(ex, 64, nq_clock_seconds());
    settle(a); /* Solve of 64 shows no solution soon: find one */
    ex_act(ex, EX_ACT_FIND, 0, nq_clock_seconds());
    settle(a);
    time_view(a, "N=64, a solution", 1, times);
    ex_set_n(ex, WIDE_N, nq_clock_seconds());
    settle(a);
    time_view(a, "N=1000000 seen whole", 1, times);
    time_view(a, "N=1000000, 2,000 rows in view", WIDE_N / 2000.0, times);
    time_view(a, "N=1000000, 40 rows in view", WIDE_N / 40.0, times);
    fflush(stdout);
}

void bench_ui_run(app *a, double seconds)
{
    explorer *ex = app_explorer(a);
    app_frames frames = {malloc(((size_t)(seconds * 1000) + 16) * sizeof(double)), 0, (size_t)(seconds * 1000) + 16};
    if (!frames.seconds) {
        app_warn("out of memory");
        return;
    }
    if (ex->mode != EX_WATCH)
        ex_act(ex, EX_ACT_MODE, 0, nq_clock_seconds());
    ex_play(ex);
    ex_set_speed(ex, EX_SPEED_MAX);
    ex_set_n(ex, BENCH_N, nq_clock_seconds());
    double wall0 = nq_clock_seconds(), cpu0 = cpu_seconds();
    uint64_t steps0 = ex->steps_shown;
    app_loop(a, wall0 + seconds, &frames);
    double wall = nq_clock_seconds() - wall0, cpu = cpu_seconds() - cpu0;
    uint64_t steps = ex->steps_shown - steps0;
    ex_stop(ex);
    app_loop(a, nq_clock_seconds() + SETTLE_SECONDS, NULL); /* let the stop settle before measuring idle */
    double idle0 = nq_clock_seconds(), idle_cpu0 = cpu_seconds();
    app_loop(a, idle0 + IDLE_SECONDS, NULL);
    double idle_wall = nq_clock_seconds() - idle0, idle_cpu = cpu_seconds() - idle_cpu0;
    qsort(frames.seconds, frames.count, sizeof *frames.seconds, by_value);
    size_t n = frames.count;
    printf("bench-ui: watch N=%d at full speed for %.1f s\n", BENCH_N, wall);
    printf("frames per second: %.1f\n", (double)n / wall);
    printf("frame time p99: %.2f ms (median %.2f ms)\n", n ? frames.seconds[n * 99 / 100] * 1e3 : 0.0,
           n ? frames.seconds[n / 2] * 1e3 : 0.0);
    printf("steps shown per second: %.0f\n", (double)steps / wall);
    printf("CPU used: %.0f%% of one core (all threads)\n", 100 * cpu / wall);
    printf("CPU used idle for %.0f s: %.2f%% of one core\n", idle_wall, 100 * idle_cpu / idle_wall);
    fflush(stdout);
    free(frames.seconds);
    bench_wide(a);
}
