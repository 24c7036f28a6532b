/*
 * bench_count.c -- the counters side by side in the same run, per N: the classic recursive
 * bitboard counter with mirror symmetry on one thread (an in-repo baseline, up to --baseline-to),
 * the row-by-row search (up to --rows-to) on every core, quarters joined into halves on one and on
 * two threads (wall seconds, and CPU seconds of the process, user + system: the steadier figure on
 * a shared machine), the two threads' speed-up (one thread's wall time over two threads'), their
 * idle time (twice their wall time less their CPU time: the core-seconds a thread had no part to
 * count, while the table was built on one thread, at the end of a round or of the count, or
 * while a neighbour held its core), the growth of one thread's CPU time from N - 1, the peak
 * resident size of the process so far (it only grows, and each N needs more than the one
 * before), and, when its program is given, the
 * anchor (a public counter outside this repository, run with 1 and with 2 threads; "-" for an N
 * it has no program for) and the ratio of its better time to ours by halves on two threads.
 * Medians of the repeats; every count must agree. With --pinned N, the slowest pinned count of N
 * over the squares that differ up to symmetry, next to the unpinned count.
 *
 *   bench_count [FROM [TO [REPEATS]]] [--rows-to N] [--baseline-to N] [--pinned N] [--anchor PATTERN]
 *   default: 14 17 3, rows up to 17, baseline up to 16
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench_stats.h"
#include "nq/board.h"
#include "nq/clock.h"
#include "nq/count.h"
#include "halves.h"
#include "search.h"

/* The baseline: one thread, columns as bits, half the first row doubled. */
static uint64_t baseline_below(uint64_t full, uint64_t taken, uint64_t down_right, uint64_t down_left)
{
    if (taken == full)
        return 1;
    uint64_t total = 0;
    uint64_t open = ~(taken | down_right | down_left) & full;
    while (open) {
        uint64_t bit = open & (0u - open); /* lowest open square */
        open ^= bit;
        total += baseline_below(full, taken | bit, ((down_right | bit) << 1) & full, (down_left | bit) >> 1);
    }
    return total;
}

static uint64_t baseline_count(int n)
{
    uint64_t full = n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    uint64_t total = 0;
    for (int col = 0; col < n / 2; col++) {
        uint64_t bit = UINT64_C(1) << col;
        total += 2 * baseline_below(full, bit, (bit << 1) & full, bit >> 1);
    }
    if (n % 2) {
        uint64_t bit = UINT64_C(1) << (n / 2);
        total += baseline_below(full, bit, (bit << 1) & full, bit >> 1);
    }
    return total;
}

/* Every square up to symmetry (the top left quadrant, on or below its diagonal) pinned once,
 * next to the unpinned count: the slowest and the median pinned time. */
static void pinned(int n, int repeats)
{
    double unpinned[99];
    for (int i = 0; i < repeats; i++) {
        double t0 = nq_clock_seconds();
        nq_count_options all = {NULL, false, {.threads = 0}};
        (void)nq_count(n, &all);
        unpinned[i] = nq_clock_seconds() - t0;
    }
    double times[NQ_MAX_N * NQ_MAX_N];
    int count = 0, slow_col = 0, slow_row = 0;
    double slowest = 0;
    for (int col = 0; col <= (n - 1) / 2; col++) {
        for (int row = 0; row <= col; row++) {
            nq_square first = {col, row};
            nq_count_options options = {&first, false, {.threads = 0}};
            double t0 = nq_clock_seconds();
            (void)nq_count(n, &options);
            times[count] = nq_clock_seconds() - t0;
            if (times[count] > slowest) {
                slowest = times[count];
                slow_col = col;
                slow_row = row;
            }
            count++;
        }
    }
    printf("N = %d pinned, %d squares (every one up to symmetry): median %.3f s, slowest %.3f s "
           "(column %d, row %d); unpinned %.3f s\n",
           n, count, bench_median(times, count), slowest, slow_col + 1, slow_row + 1, bench_median(unpinned, repeats));
}

/* The anchor's program for n: pattern with n in place of its %d. */
static void anchor_program(const char *pattern, int n, char *program, size_t size)
{
    const char *at_n = strstr(pattern, "%d");
    snprintf(program, size, "%.*s%d%s", (int)(at_n - pattern), pattern, n, at_n + 2);
}

/* The anchor: a counter outside this repository, run as `PROGRAM THREADS`; its count is the
 * number after "Result:" in what it prints. Returns false if it could not be run or said none. */
static bool anchor_run(const char *pattern, int n, int threads, uint64_t *count, double *seconds)
{
    char command[1200];
    char program[1024];
    anchor_program(pattern, n, program, sizeof program);
    snprintf(command, sizeof command, "'%s' %d 2>&1", program, threads);
    double t0 = nq_clock_seconds();
    FILE *out = popen(command, "r");
    if (!out)
        return false;
    char line[256];
    bool found = false;
    while (fgets(line, sizeof line, out)) {
        const char *at = strstr(line, "Result:");
        unsigned long long value;
        if (at && sscanf(at + 7, "%llu", &value) == 1) {
            *count = value;
            found = true;
        }
    }
    int status = pclose(out);
    *seconds = nq_clock_seconds() - t0;
    return found && status == 0;
}

/* The row-by-row search (search.c) on every core: what count ran below NQ_COUNT_HALVES_FROM. */
static uint64_t rows_count(int n)
{
    nq_run run = {.threads = 0};
    return nq_search_count(n, NULL, 0, &run).solutions;
}

/* Quarters and halves (halves.c) on `threads` threads. */
static uint64_t halves_count(int n, int threads)
{
    nq_run run = {.threads = threads};
    return nq_halves_count(n, NULL, &run).solutions;
}

/* The CPU seconds the process has used, user and system, every thread. */
static double cpu_seconds(void)
{
    struct rusage use;
    getrusage(RUSAGE_SELF, &use);
    return (double)use.ru_utime.tv_sec + (double)use.ru_utime.tv_usec / 1e6 + (double)use.ru_stime.tv_sec +
           (double)use.ru_stime.tv_usec / 1e6;
}

/* The peak resident size of the process so far, in MB. */
static double peak_mb(void)
{
    struct rusage use;
    getrusage(RUSAGE_SELF, &use);
    return (double)use.ru_maxrss / 1024.0;
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_count [FROM [TO [REPEATS]]] [--rows-to N] [--baseline-to N] [--pinned N]\n"
                    "                   [--anchor PATTERN]\n"
                    "  1 <= FROM <= TO <= %d, 1 <= REPEATS <= 99; PATTERN names the anchor's program for\n"
                    "  each N with %%d in place of N (e.g. /opt/anchor/nqueens-%%d)\n",
                    NQ_HALVES_MAX_N);
}

int main(int argc, char **argv)
{
    int positional[3] = {14, 17, 3}, given = 0;
    int rows_to = 17, baseline_to = 16, pinned_n = 0;
    const char *anchor = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--anchor") && i + 1 < argc)
            anchor = argv[++i];
        else if (!strcmp(argv[i], "--rows-to") && i + 1 < argc)
            rows_to = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--baseline-to") && i + 1 < argc)
            baseline_to = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--pinned") && i + 1 < argc)
            pinned_n = atoi(argv[++i]);
        else if (given < 3 && argv[i][0] != '-')
            positional[given++] = atoi(argv[i]);
        else {
            usage();
            return 2;
        }
    }
    int from = positional[0], to = positional[1], repeats = positional[2];
    if (from < 1 || to > NQ_HALVES_MAX_N || from > to || repeats < 1 || repeats > 99 ||
        (anchor && !strstr(anchor, "%d"))) {
        usage();
        return 2;
    }
    printf("median of %d; rows: the row-by-row search on every core (%d threads), halves: quarters joined into\n"
           "halves (count uses them from N = 14) on 1 and 2 threads, wall and CPU seconds (user + system); x2: one\n"
           "thread's wall time over two threads'; idle: two threads' wall time times 2 less their CPU time, in\n"
           "core-seconds; growth: one thread's CPU time over N - 1's; peak: the process's peak resident size so\n"
           "far; anchor: %s\n",
           repeats, nq_count_default_threads(), anchor ? anchor : "none given");
    printf("%3s %16s %9s %9s %9s %9s %9s %9s %6s %7s %7s %8s %9s %9s %9s\n", "N", "solutions", "baseline", "rows",
           "halves 1", "cpu 1", "halves 2", "cpu 2", "x2", "idle", "growth", "peak MB", "anchor 1", "anchor 2",
           "anchor/us");
    double last_cpu1 = -1;
    for (int n = from; n <= to; n++) {
        double base_t[99], rows_t[99], halves_t[2][99], halves_cpu[2][99], idle_t[99], anchor_t[2][99];
        uint64_t halves_value = 0;
        char program[1024] = "";
        if (anchor)
            anchor_program(anchor, n, program, sizeof program);
        bool agree = true, anchor_there = anchor && access(program, X_OK) == 0, anchor_ok = anchor_there;
        for (int i = 0; i < repeats; i++) {
            double t0 = nq_clock_seconds();
            uint64_t base_value = n <= baseline_to ? baseline_count(n) : 0;
            double t1 = nq_clock_seconds();
            uint64_t rows_value = n <= rows_to ? rows_count(n) : 0;
            double t2 = nq_clock_seconds();
            base_t[i] = t1 - t0;
            rows_t[i] = t2 - t1;
            for (int threads = 1; threads <= 2; threads++) {
                double c0 = cpu_seconds(), w0 = nq_clock_seconds();
                uint64_t value = n >= NQ_HALVES_MIN_N ? halves_count(n, threads) : rows_value;
                halves_t[threads - 1][i] = nq_clock_seconds() - w0;
                halves_cpu[threads - 1][i] = cpu_seconds() - c0;
                agree = agree && (threads == 1 || value == halves_value);
                halves_value = value;
            }
            idle_t[i] = 2 * halves_t[1][i] - halves_cpu[1][i];
            agree = agree && (n > baseline_to || base_value == halves_value) &&
                    (n > rows_to || rows_value == halves_value);
            for (int threads = 1; anchor_ok && threads <= 2; threads++) {
                uint64_t value = 0;
                anchor_ok = anchor_run(anchor, n, threads, &value, &anchor_t[threads - 1][i]);
                agree = agree && (!anchor_ok || value == halves_value);
            }
        }
        bool halves = n >= NQ_HALVES_MIN_N;
        double medians[8] = {n <= baseline_to ? bench_median(base_t, repeats) : -1,
                             n <= rows_to ? bench_median(rows_t, repeats) : -1,
                             halves ? bench_median(halves_t[0], repeats) : -1,
                             halves ? bench_median(halves_cpu[0], repeats) : -1,
                             halves ? bench_median(halves_t[1], repeats) : -1,
                             halves ? bench_median(halves_cpu[1], repeats) : -1,
                             anchor_ok ? bench_median(anchor_t[0], repeats) : -1,
                             anchor_ok ? bench_median(anchor_t[1], repeats) : -1};
        char cells[8][16];
        for (int c = 0; c < 8; c++)
            snprintf(cells[c], sizeof cells[c], medians[c] < 0 ? "-" : "%.3f", medians[c]);
        char speedup[16] = "-", idle[16] = "-", growth[16] = "-", ratio[16] = "-";
        if (halves && medians[4] > 0)
            snprintf(speedup, sizeof speedup, "%.2f", medians[2] / medians[4]);
        if (halves)
            snprintf(idle, sizeof idle, "%.2f", bench_median(idle_t, repeats));
        if (halves && last_cpu1 > 0)
            snprintf(growth, sizeof growth, "%.2f", medians[3] / last_cpu1);
        last_cpu1 = halves ? medians[3] : -1;
        double best_anchor = medians[6] < medians[7] ? medians[6] : medians[7];
        if (anchor_ok && medians[4] > 0)
            snprintf(ratio, sizeof ratio, "%.2f", best_anchor / medians[4]);
        printf("%3d %16llu %9s %9s %9s %9s %9s %9s %6s %7s %7s %8.1f %9s %9s %9s%s\n", n,
               (unsigned long long)halves_value, cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], speedup,
               idle, growth, peak_mb(), cells[6], cells[7], ratio, agree ? "" : "  COUNTS DISAGREE");
        if (anchor_there && !anchor_ok)
            printf("    (%s could not be run or printed no Result:)\n", program);
        fflush(stdout);
    }
    if (pinned_n)
        pinned(pinned_n, repeats);
    return 0;
}
