/*
 * bench_stats.h -- the order statistics every benchmark prints: sorting its repeats, and the
 * median of them. Header-only, for tests/bench.
 */
#ifndef NQ_BENCH_STATS_H
#define NQ_BENCH_STATS_H

#include <stdlib.h>

static inline int bench_by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v[0..count-1] ascending: v[0] is then the best, v[count - 1] the worst. */
static inline void bench_sort(double *v, int count)
{
    qsort(v, (size_t)count, sizeof *v, bench_by_value);
}

/* Sorts v[0..count-1] and returns its median (the mean of the middle two for an even count). */
static inline double bench_median(double *v, int count)
{
    bench_sort(v, count);
    return count % 2 ? v[count / 2] : (v[count / 2 - 1] + v[count / 2]) / 2;
}

#endif
