/*
 * bench_count.c -- our count next to an in-repo baseline in the same run: the classic recursive
 * bitboard counter with mirror symmetry, on one thread. Prints, per N, the times (the median of
 * the repeats) of the baseline, of ours on one thread and of ours on every core, the counts
 * (which must agree), and the ratio baseline / ours on every core.
 *
 *   bench_count [FROM [TO [REPEATS]]]     default: 14 17 3
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_stats.h"
#include "nq/board.h"
#include "nq/clock.h"
#include "nq/count.h"

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

int main(int argc, char **argv)
{
    int from = argc > 1 ? atoi(argv[1]) : 14;
    int to = argc > 2 ? atoi(argv[2]) : 17;
    int repeats = argc > 3 ? atoi(argv[3]) : 3;
    if (from < 1 || to > 64 || from > to || repeats < 1 || repeats > 99) {
        fprintf(stderr, "usage: bench_count [FROM [TO [REPEATS]]] with 1 <= FROM <= TO <= 64, 1 <= REPEATS <= 99\n");
        return 2;
    }
    printf("threads: %d, median of %d\n", nq_count_default_threads(), repeats);
    printf("%3s %14s %12s %12s %12s %8s\n", "N", "solutions", "baseline s", "ours 1 thr s", "ours s", "ratio");
    for (int n = from; n <= to; n++) {
        double base_t[99], one_t[99], ours_t[99];
        uint64_t base_count = 0, one_count = 0, ours_count = 0;
        for (int i = 0; i < repeats; i++) {
            double t0 = nq_clock_seconds();
            base_count = baseline_count(n);
            double t1 = nq_clock_seconds();
            nq_count_options one = {NULL, false, {.threads = 1}};
            one_count = nq_count(n, &one).solutions;
            double t2 = nq_clock_seconds();
            nq_count_options all = {NULL, false, {.threads = 0}};
            ours_count = nq_count(n, &all).solutions;
            double t3 = nq_clock_seconds();
            base_t[i] = t1 - t0;
            one_t[i] = t2 - t1;
            ours_t[i] = t3 - t2;
        }
        double b = bench_median(base_t, repeats), s = bench_median(one_t, repeats), o = bench_median(ours_t, repeats);
        printf("%3d %14llu %12.3f %12.3f %12.3f %8.2f%s\n", n, (unsigned long long)ours_count, b, s, o,
               o > 0 ? b / o : 0.0, base_count == ours_count && one_count == ours_count ? "" : "  COUNTS DISAGREE");
        fflush(stdout);
    }
    pinned(to, repeats);
    return 0;
}
