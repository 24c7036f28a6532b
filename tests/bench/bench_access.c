/*
 * bench_access.c -- random access to the k-th solution once the index is filled: the index's
 * fill time and memory, then the median and worst time of 1,000 random k (each solution checked
 * by nq_verify) and of ranking each back, for each N asked, with and without a pinned first
 * queen, and for the unique index (one board per symmetry class). The totals without a pinned
 * queen are checked against the OEIS.
 *
 *   bench_access [N ...]      default: 16 17
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../oeis.h"
#include "bench_stats.h"
#include "nq/board.h"
#include "nq/clock.h"
#include "nq/index.h"

/* The engine's generator: 64 random bits a call, where the C library's rand() has too few. */
#include "../../src/core/xorshift.h"

enum { SAMPLES = 1000 };

static bool lexicographically_before(int n, const int *a, const int *b)
{
    for (int r = 0; r < n; r++)
        if (a[r] != b[r])
            return a[r] < b[r];
    return false;
}

/* The index of the board with the optional first queen, or the unique index, filled on every core. */
static nq_index *filled(int n, const nq_square *first, bool unique)
{
    if (!unique)
        return nq_index_build(n, first, 0);
    nq_index *index = nq_index_create_unique(n);
    nq_run run = {.threads = 0};
    if (!nq_index_fill(index, &run)) {
        fprintf(stderr, "bench_access: the unique index of N=%d did not complete\n", n);
        exit(1);
    }
    return index;
}

static void measure(int n, const nq_square *first, bool unique)
{
    double t0 = nq_clock_seconds();
    nq_index *index = filled(n, first, unique);
    double fill = nq_clock_seconds() - t0;
    uint64_t total = nq_index_known(index);
    uint64_t known = unique ? oeis_a002562[n] : oeis_a000170[n];
    if (!first && total != known) {
        fprintf(stderr, "bench_access: the %sindex of N=%d holds %llu solutions, the OEIS says %llu\n",
                unique ? "unique " : "", n, (unsigned long long)total, (unsigned long long)known);
        exit(1);
    }
    double times[SAMPLES], rank_times[SAMPLES];
    uint64_t state = 0x9E3779B97F4A7C15u ^ (uint64_t)n;
    for (int i = 0; i < SAMPLES; i++) {
        uint64_t k = 1 + nq_xorshift_next(&state) % total;
        int cols[NQ_MAX_N];
        double s = nq_clock_seconds();
        int ok = nq_index_unrank(index, k, cols);
        times[i] = nq_clock_seconds() - s;
        s = nq_clock_seconds();
        uint64_t rank = nq_index_rank(index, cols);
        rank_times[i] = nq_clock_seconds() - s;
        int after[NQ_MAX_N];
        bool ordered = k == total || (nq_index_unrank(index, k + 1, after) && lexicographically_before(n, cols, after));
        if (!ok || !nq_verify(n, cols, first, NULL) || rank != k || !ordered) {
            fprintf(stderr, "bench_access: solution %llu of N=%d is wrong\n", (unsigned long long)k, n);
            exit(1);
        }
    }
    double median = bench_median(times, SAMPLES), rank_median = bench_median(rank_times, SAMPLES);
    char pin[32] = "none";
    if (first)
        snprintf(pin, sizeof pin, "%d,%d", first->column + 1, first->row + 1);
    printf("%3d %7s %12llu %9.2f %9.2f %10.3f %10.3f %10.3f %10.3f\n", n, unique ? "unique" : pin,
           (unsigned long long)total, fill, (double)nq_index_bytes(index) / 1048576.0, median * 1e3,
           times[SAMPLES - 1] * 1e3, rank_median * 1e3, rank_times[SAMPLES - 1] * 1e3);
    nq_index_free(index);
}

int main(int argc, char **argv)
{
    int sizes[16] = {16, 17}, count = 2;
    if (argc > 1) {
        count = 0;
        for (int i = 1; i < argc && count < 16; i++) {
            int n = atoi(argv[i]);
            if (n < 4 || n > 20) {
                fprintf(stderr, "usage: bench_access [N ...] with 4 <= N <= 20\n");
                return 2;
            }
            sizes[count++] = n;
        }
    }
    printf("%d random k each; times in ms\n", SAMPLES);
    printf("%3s %7s %12s %9s %9s %10s %10s %10s %10s\n", "N", "first", "solutions", "fill s", "index MB",
           "median ms", "worst ms", "rank med", "rank worst");
    for (int i = 0; i < count; i++) {
        int n = sizes[i];
        measure(n, NULL, false);
        nq_square pin = {n / 2, n / 3};
        measure(n, &pin, false);
        measure(n, NULL, true);
    }
    return 0;
}
