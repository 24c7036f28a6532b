/*
 * bench_find.c -- one solution of a huge board: for N = 10^3 .. 10^6, the time of nq_find without
 * and with a pinned queen (the median and worst of the repeats; each pin a different random
 * square), and of verifying the result, which every run does.
 *
 *   bench_find [REPEATS]      default: 7
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_stats.h"
#include "nq/board.h"
#include "nq/clock.h"
#include "nq/find.h"

/* Finds and verifies `repeats` times; prints the median and worst find and the median verify. */
static void measure(int n, bool pinned, int repeats, int *cols)
{
    double find[99], verify[99];
    for (int i = 0; i < repeats; i++) {
        nq_square first = {(int)(((unsigned)rand() * 2654435761u) % (unsigned)n), rand() % n};
        double t0 = nq_clock_seconds();
        bool found = nq_find(n, pinned ? &first : NULL, cols);
        double t1 = nq_clock_seconds();
        if (!found || !nq_verify(n, cols, pinned ? &first : NULL, NULL)) {
            fprintf(stderr, "bench_find: no verified solution for N=%d\n", n);
            exit(1);
        }
        find[i] = t1 - t0;
        verify[i] = nq_clock_seconds() - t1;
    }
    bench_sort(find, repeats);
    bench_sort(verify, repeats);
    printf("%9d %7s %12.2f %12.2f %12.2f\n", n, pinned ? "random" : "none", find[repeats / 2] * 1e3,
           find[repeats - 1] * 1e3, verify[repeats / 2] * 1e3);
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 7;
    if (repeats < 1 || repeats > 99) {
        fprintf(stderr, "usage: bench_find [REPEATS] with 1 <= REPEATS <= 99\n");
        return 2;
    }
    srand(2026);
    int *cols = malloc((size_t)NQ_FIND_MAX_N * sizeof *cols);
    if (!cols)
        return 1;
    printf("median of %d; times in ms\n", repeats);
    printf("%9s %7s %12s %12s %12s\n", "N", "first", "find median", "find worst", "verify");
    for (int n = 1000; n <= NQ_FIND_MAX_N; n *= 10) {
        measure(n, false, repeats, cols);
        measure(n, true, repeats, cols);
    }
    free(cols);
    return 0;
}
