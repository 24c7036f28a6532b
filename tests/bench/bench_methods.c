/*
 * bench_methods.c -- what each search method costs: the compare table (queens placed, failures,
 * squares crossed off, solutions, seconds, on every core) for N = 8, 12 and 16 without a pinned
 * queen and with one at column 2, row 1; then min-conflicts alone on large boards, seeds 1 to 5
 * with a budget no run reaches: the median of their moves and of their times.
 *
 *   bench_methods [LARGEST]   the largest min-conflicts board, 64 to 1000000 (default 1000000)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_stats.h"
#include "nq/clock.h"
#include "nq/effort.h"
#include "nq/find.h"
#include "nq/minconflicts.h"

/* Seeds of each large board, and moves none of them comes near. */
enum { LARGE_SEEDS = 5, LARGE_BUDGET = 100000000 };

static void compare(int n, const nq_square *first)
{
    for (int m = 0; m < NQ_METHOD_COUNT; m++) {
        nq_plan plan = nq_plan_make(n, first, (nq_method)m);
        nq_run run = {.threads = 0};
        nq_effort e = nq_effort_run(&plan, &run);
        printf("%3d %6s %-14s", n, first ? "2,1" : "none", nq_method_key(e.method));
        if (nq_method_complete(e.method))
            printf(" %12llu %12llu %12llu %10llu %12s", (unsigned long long)e.nodes,
                   (unsigned long long)nq_failures(e.dead_ends, e.wipe_outs), (unsigned long long)e.crossed,
                   (unsigned long long)e.solutions, "-");
        else
            printf(" %12s %12s %12s %8llu/%d %12llu", "-", "-", "-", (unsigned long long)e.solutions, e.seeds,
                   (unsigned long long)e.moves);
        printf(" %9.3f\n", e.seconds);
        fflush(stdout);
    }
}

static void large(int n, int *cols)
{
    double moves[LARGE_SEEDS], seconds[LARGE_SEEDS];
    for (int seed = 1; seed <= LARGE_SEEDS; seed++) {
        double start = nq_clock_seconds();
        nq_mc_result r = nq_mc_find(n, NULL, (uint64_t)seed, LARGE_BUDGET, cols);
        seconds[seed - 1] = nq_clock_seconds() - start;
        if (!r.solved || !nq_verify(n, cols, NULL, NULL)) {
            fprintf(stderr, "bench_methods: no verified solution for N=%d, seed %d\n", n, seed);
            exit(1);
        }
        moves[seed - 1] = (double)r.moves;
    }
    printf("%9d %12.0f %12.3f\n", n, bench_median(moves, LARGE_SEEDS), bench_median(seconds, LARGE_SEEDS));
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int largest = argc > 1 ? atoi(argv[1]) : NQ_FIND_MAX_N;
    if (largest < 64 || largest > NQ_FIND_MAX_N) {
        fprintf(stderr, "usage: bench_methods [LARGEST] with 64 <= LARGEST <= 1000000\n");
        return 2;
    }
    printf("%3s %6s %-14s %12s %12s %12s %10s %12s %9s\n", "N", "first", "method", "placed", "failures",
           "crossed_off", "solutions", "median_moves", "seconds");
    nq_square first = {1, 0};
    for (int n = 8; n <= 16; n += 4) {
        compare(n, NULL);
        compare(n, &first);
    }
    int *cols = malloc((size_t)largest * sizeof *cols);
    if (!cols)
        return 1;
    printf("\nmin-conflicts, seeds 1 to %d: medians\n%9s %12s %12s\n", LARGE_SEEDS, "N", "moves", "seconds");
    const int sizes[] = {64, 1000, 10000, 1000000};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0] && sizes[i] <= largest; i++)
        large(sizes[i], cols);
    free(cols);
    return 0;
}
