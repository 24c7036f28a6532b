/*
 * bench_heatmap.c -- how long the whole solution heatmap takes: per N, the median of the repeats
 * without a first queen, and for the largest N with the first queen in the corner (1,1) and near
 * the middle (N/2,N/2), 1-based. Each run checks that every square is known and that the first
 * row sums to the total, so a fast wrong map cannot pass for a fast one.
 *
 *   bench_heatmap [FROM [TO [REPEATS [THREADS]]]]     default: 12 16 3 0 (0: one per core)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_stats.h"
#include "nq/board.h"
#include "nq/clock.h"
#include "nq/heatmap.h"

enum { MAX_REPEATS = 99 };

/* The median seconds of repeats fills of the n x n board with the first queen (or none). */
static double median_fill(int n, const nq_square *first, int repeats, int threads)
{
    double seconds[MAX_REPEATS];
    for (int i = 0; i < repeats; i++) {
        nq_heatmap *map = nq_heatmap_create(n, first);
        double start = nq_clock_seconds();
        nq_run run = {.threads = threads};
        if (!nq_heatmap_fill(map, &run) || nq_heatmap_known(map) != n * n) {
            fprintf(stderr, "bench_heatmap: the %d x %d map is not complete\n", n, n);
            exit(1);
        }
        seconds[i] = nq_clock_seconds() - start;
        uint64_t row_sum = 0, count = 0;
        for (int column = 0; column < n; column++)
            if (nq_heatmap_get(map, (nq_square){column, 0}, &count))
                row_sum += count;
        if (row_sum != nq_heatmap_total(map)) {
            fprintf(stderr, "bench_heatmap: the %d x %d map's first row does not sum to its total\n", n, n);
            exit(1);
        }
        nq_heatmap_free(map);
    }
    return bench_median(seconds, repeats);
}

int main(int argc, char **argv)
{
    int from = argc > 1 ? atoi(argv[1]) : 12;
    int to = argc > 2 ? atoi(argv[2]) : 16;
    int repeats = argc > 3 ? atoi(argv[3]) : 3;
    int threads = argc > 4 ? atoi(argv[4]) : 0;
    if (from < NQ_MIN_N || to > NQ_MAX_N || from > to || repeats < 1 || repeats > MAX_REPEATS || threads < 0) {
        fprintf(stderr, "usage: bench_heatmap [FROM [TO [REPEATS [THREADS]]]] (1 <= FROM <= TO <= 64, "
                        "1 <= REPEATS <= 99, THREADS >= 0)\n");
        return 2;
    }
    printf("heatmap, median of %d, %d threads (0: one per core)\n", repeats, threads);
    printf("%3s %-14s %10s\n", "N", "first queen", "seconds");
    for (int n = from; n <= to; n++)
        printf("%3d %-14s %10.3f\n", n, "none", median_fill(n, NULL, repeats, threads));
    nq_square corner = {0, 0}, middle = {to / 2 - 1, to / 2 - 1};
    char name[32];
    snprintf(name, sizeof name, "%d,%d", middle.column + 1, middle.row + 1);
    printf("%3d %-14s %10.3f\n", to, "1,1", median_fill(to, &corner, repeats, threads));
    printf("%3d %-14s %10.3f\n", to, name, median_fill(to, &middle, repeats, threads));
    return 0;
}
