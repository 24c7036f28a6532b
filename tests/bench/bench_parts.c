/*
 * bench_parts.c -- how a count splits into parts and what one part costs: for each N, the split
 * nq_count() uses (its method and number of parts), then a sample of its parts counted on ONE
 * thread, each timed by that thread's CPU clock (the machine is shared: wall time would measure
 * the neighbours), and the spread of those times, the core-seconds all parts would take, and
 * the solutions of the sampled parts. Where every part of N <= 22 is counted, the total is
 * checked against OEIS A000170. Prints figures, never fails on time.
 *
 * The parts are timed inside the count's own source: next() reads the clock as it hands a part
 * out, done() as the part comes back. With one thread and no progress reporter the engine counts
 * on the calling thread, so both reads are of the same thread's clock. What a part's time holds
 * is what a machine handed that part alone would spend: for a halves split, the first part of a
 * group of parts also opens that group's tables. The quarter tables are built first, timed apart.
 *
 * Sample: by default, every part when the whole count would take under WHOLE_LIMIT CPU seconds,
 * else as many parts as fit the budget. The parts are drawn in a seeded random order (the same
 * for the same N and seed) and counted in rounds of growing size, each round in increasing order
 * as a source must give them: the first round is one part, and each next one is sized from the
 * mean so far, at most four times the parts counted before it, until the budget is spent. The
 * parts counted are then a uniform random sample of the split. --sample K counts the first K parts
 * of that order in one round.
 *
 * Each N's lines end with the process's peak resident size so far (getrusage()): run one N a process
 * to read it as that N's. It holds the quarter tables, the part list, each sampled part's tables
 * its middle queens leave open and the largest keys a sampled part made, on one thread.
 *
 * --rows counts by rows where nq_count() counts by halves (N = 14 to 22), so that the growth of
 * the rows method's cost per N can be measured; the last lines extrapolate it from the largest
 * rows N measured to N = 27, using the exact number of parts of each N.
 *
 *   bench_parts FROM TO [--sample K] [--seed S] [--budget SECONDS] [--rows]
 *   defaults: every part or a budget of 90 CPU seconds per N, seed 1
 */
#include <errno.h>
#include <math.h>
#include <sys/resource.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../oeis.h"
#include "bench_stats.h"
#include "nq/board.h"
#include "nq/count.h"
#include "search.h"
#include "xorshift.h"

/* CPU seconds under which the whole count is counted part by part; the default budget; the
 * largest N extrapolated to (the largest count the OEIS lists). */
static const double WHOLE_LIMIT = 60, DEFAULT_BUDGET = 90;
enum { EXTRAPOLATE_TO = 27, ROUND_GROWTH = 4 };

/* This thread's CPU seconds. */
static double cpu_seconds(void)
{
    struct timespec t;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) {
        perror("bench_parts: clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
        exit(1);
    }
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The split counted: the engine's choice, or by rows whatever N is (--rows). */
typedef struct counter {
    nq_count_split *split;
    nq_search_split *rows;
} counter;

static counter counter_new(int n, bool rows)
{
    counter c = {NULL, NULL};
    if (rows)
        c.rows = nq_search_split_new(n, NULL, 0);
    else
        c.split = nq_count_split_new(n, NULL);
    return c;
}

static void counter_free(counter *c)
{
    nq_count_split_free(c->split);
    nq_search_split_free(c->rows);
}

static uint64_t counter_parts(const counter *c)
{
    return c->rows ? nq_search_split_parts(c->rows) : nq_count_split_parts(c->split);
}

static const char *counter_method(const counter *c)
{
    return c->rows ? "rows" : nq_count_split_method(c->split);
}

static bool counter_prepare(counter *c, const nq_run *run, nq_count_figures *setup)
{
    if (c->rows) {
        *setup = nq_search_split_setup(c->rows);
        return true;
    }
    return nq_count_split_prepare(c->split, run, setup);
}

static bool counter_run(counter *c, const nq_count_source *source, const nq_run *run)
{
    nq_count_figures sum;
    return c->rows ? nq_search_split_run(c->rows, source, run, &sum) : nq_count_split_run(c->split, source, run, &sum);
}

/* One round's parts and every timed part so far. next() and done() run on the counting thread. */
typedef struct sampler {
    const uint64_t *round;  /* this round's parts, increasing */
    size_t round_size, given;
    uint64_t in_hand;       /* the part given last, and the CPU clock when it was given */
    double started;
    double *seconds;        /* each counted part's CPU seconds, in the order counted */
    size_t counted;
    uint64_t solutions;     /* of the counted parts */
} sampler;

static bool sampler_next(void *context, uint64_t *part)
{
    sampler *s = context;
    if (s->given == s->round_size)
        return false;
    *part = s->in_hand = s->round[s->given++];
    s->started = cpu_seconds();
    return true;
}

static void sampler_done(void *context, uint64_t part, const nq_count_figures *figures)
{
    sampler *s = context;
    double now = cpu_seconds();
    if (part != s->in_hand) {
        fprintf(stderr, "bench_parts: part %llu done while %llu was in hand: not one thread\n",
                (unsigned long long)part, (unsigned long long)s->in_hand);
        exit(1);
    }
    s->seconds[s->counted++] = now - s->started;
    s->solutions += figures->solutions;
}

static int by_part(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Counts order[from..to) (sorted in place, as a source must give them) on one thread. */
static void count_round(counter *c, sampler *s, uint64_t *order, size_t from, size_t to)
{
    qsort(order + from, to - from, sizeof *order, by_part);
    s->round = order + from;
    s->round_size = to - from;
    s->given = 0;
    nq_count_source source = {sampler_next, sampler_done, s};
    nq_run run = {.threads = 1};
    if (!counter_run(c, &source, &run) || s->counted != to) {
        fprintf(stderr, "bench_parts: a round ended with %zu of %zu parts counted\n", s->counted, to);
        exit(1);
    }
}

/* v[0..count-1] sorted: the value at fraction p by nearest rank. */
static double percentile(const double *v, size_t count, double p)
{
    size_t rank = (size_t)ceil(p * (double)count);
    return v[rank ? rank - 1 : 0];
}

/* What one N measured, for the extrapolation. */
typedef struct measured {
    int n;
    bool rows;   /* counted by rows */
    double mean; /* CPU seconds per part; 0 without parts */
} measured;

/* Samples, times and prints N. */
static measured bench_n(int n, bool rows, long long sample, uint64_t seed, double budget)
{
    counter c = counter_new(n, rows);
    uint64_t parts = counter_parts(&c);
    nq_run one = {.threads = 1};
    nq_count_figures setup;
    double start = cpu_seconds();
    if (!counter_prepare(&c, &one, &setup)) {
        fprintf(stderr, "bench_parts: N=%d: the set-up did not finish\n", n);
        exit(1);
    }
    double setup_seconds = cpu_seconds() - start;

    /* The seeded random order: a Fisher-Yates shuffle, its stream mixed from the seed and N. */
    uint64_t *order = malloc((size_t)(parts ? parts : 1) * sizeof *order);
    double *seconds = malloc((size_t)(parts ? parts : 1) * sizeof *seconds);
    if (!order || !seconds) {
        fprintf(stderr, "bench_parts: out of memory for %llu parts\n", (unsigned long long)parts);
        exit(1);
    }
    uint64_t state = seed * NQ_GOLDEN_GAMMA + (uint64_t)n;
    for (uint64_t i = 0; i < parts; i++)
        order[i] = i;
    for (uint64_t i = parts; i > 1; i--) {
        uint64_t j = nq_splitmix_next(&state) % i;
        uint64_t t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }

    sampler s = {.seconds = seconds};
    int rounds = 0;
    bool whole = false;
    if (sample > 0) {
        count_round(&c, &s, order, 0, (size_t)((uint64_t)sample < parts ? (uint64_t)sample : parts));
        rounds = 1;
    } else {
        double spent = 0;
        size_t next = parts ? 1 : 0;
        while (next > s.counted) {
            count_round(&c, &s, order, s.counted, next);
            rounds++;
            spent = 0;
            for (size_t i = 0; i < s.counted; i++)
                spent += seconds[i];
            double mean = spent / (double)s.counted;
            size_t left = (size_t)parts - s.counted;
            if (!whole && mean * (double)parts <= WHOLE_LIMIT) {
                whole = true;
                next = (size_t)parts;
            } else if (!whole && spent < budget) {
                double fit = (budget - spent) / mean;
                double most = (double)(ROUND_GROWTH * s.counted);
                double k = fit < most ? fit : most;
                size_t add = k < 1 ? 1 : (size_t)k;
                next = s.counted + (add < left ? add : left);
            }
        }
    }
    size_t m = s.counted;
    bool all = m == parts;

    double sum = 0, sum_sq = 0;
    for (size_t i = 0; i < m; i++) {
        sum += seconds[i];
        sum_sq += seconds[i] * seconds[i];
    }
    double mean = m ? sum / (double)m : 0;
    /* The relative standard error of the mean, with the finite-population correction. */
    double var = m > 1 ? (sum_sq - sum * mean) / (double)(m - 1) : 0;
    double rse = m > 1 && mean > 0 ? sqrt(var / (double)m * (1 - (double)m / (double)parts)) / mean : 0;
    bench_sort(seconds, (int)m);
    double estimate = mean * (double)parts;
    printf("%3d %-6s %8llu %8zu %10.4g %10.4g %10.4g %10.4g %10.4g %6.1f%% %13.1f %11.2f %8.3f %20llu\n", n,
           counter_method(&c), (unsigned long long)parts, m, m ? percentile(seconds, m, 0.1) : 0,
           m ? bench_median(seconds, (int)m) : 0, m ? percentile(seconds, m, 0.9) : 0, m ? seconds[m - 1] : 0,
           mean, 100 * rse, estimate, (estimate + setup_seconds) / 3600, setup_seconds,
           (unsigned long long)(s.solutions + setup.solutions));
    if (all)
        printf("    sample: every part (%d round%s)", rounds, rounds == 1 ? "" : "s");
    else
        printf("    sample: %zu of %llu parts at random (seed %llu, %d round%s)", m, (unsigned long long)parts,
               (unsigned long long)seed, rounds, rounds == 1 ? "" : "s");
    if (all && n <= OEIS_MAX_N) {
        uint64_t total = s.solutions + setup.solutions;
        printf("; total %llu %s OEIS A000170 (%llu)", (unsigned long long)total,
               total == oeis_a000170[n] ? "equals" : "DIFFERS FROM", (unsigned long long)oeis_a000170[n]);
    }
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) == 0)
        printf("; peak resident size so far %.0f MB", (double)usage.ru_maxrss / 1024);
    printf("\n");
    fflush(stdout);
    free(order);
    free(seconds);
    measured result = {n, strcmp(counter_method(&c), "rows") == 0, mean};
    counter_free(&c);
    return result;
}

/* The rows method's cost per part from the first to the last rows N measured: its growth per N,
 * and the estimate for each N after the last up to EXTRAPOLATE_TO. */
static void extrapolate(const measured *rows, int count)
{
    if (count < 2)
        return;
    printf("\nrows method, CPU seconds per part: growth per N\n");
    for (int i = 1; i < count; i++)
        printf("  %d -> %d: x%.2f\n", rows[i - 1].n, rows[i].n,
               pow(rows[i].mean / rows[i - 1].mean, 1.0 / (rows[i].n - rows[i - 1].n)));
    const measured *first = &rows[0], *last = &rows[count - 1];
    double growth = pow(last->mean / first->mean, 1.0 / (last->n - first->n));
    printf("  %d -> %d: x%.2f per N (geometric mean)\n", first->n, last->n, growth);
    if (last->n >= EXTRAPOLATE_TO)
        return;
    printf("\nEXTRAPOLATED from N=%d's measured mean, x%.2f per part per N; parts exact:\n", last->n, growth);
    printf("%3s %8s %14s %14s %12s\n", "N", "parts", "mean_s/part", "core_hours", "cores_24h");
    double mean = last->mean;
    for (int n = last->n + 1; n <= EXTRAPOLATE_TO; n++) {
        mean *= growth;
        nq_search_split *split = nq_search_split_new(n, NULL, 0);
        uint64_t parts = nq_search_split_parts(split);
        nq_search_split_free(split);
        double hours = mean * (double)parts / 3600;
        printf("%3d %8llu %14.4g %14.0f %12.0f\n", n, (unsigned long long)parts, mean, hours, ceil(hours / 24));
    }
}

static bool parse_long(const char *s, long long low, long long high, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < low || v > high)
        return false;
    *out = v;
    return true;
}

static int usage(const char *why)
{
    fprintf(stderr, "bench_parts: %s\nusage: bench_parts FROM TO [--sample K] [--seed S] [--budget SECONDS] [--rows]"
                    " with 1 <= FROM <= TO <= %d\n",
            why, NQ_MAX_N);
    return 2;
}

int main(int argc, char **argv)
{
    long long from, to, sample = 0, seed = 1, budget = (long long)DEFAULT_BUDGET;
    bool rows = false;
    if (argc < 3 || !parse_long(argv[1], 1, NQ_MAX_N, &from) || !parse_long(argv[2], from, NQ_MAX_N, &to))
        return usage("FROM and TO must be board sizes, FROM first");
    for (int i = 3; i < argc; i++) {
        const char *option = argv[i];
        if (strcmp(option, "--rows") == 0) {
            rows = true;
            continue;
        }
        if (strcmp(option, "--sample") && strcmp(option, "--seed") && strcmp(option, "--budget"))
            return usage("unknown option");
        if (++i == argc)
            return usage("an option lacks its value");
        if (strcmp(option, "--sample") == 0 && !parse_long(argv[i], 1, INT32_MAX, &sample))
            return usage("--sample takes a number of parts, at least 1");
        if (strcmp(option, "--seed") == 0 && !parse_long(argv[i], 0, INT64_MAX, &seed))
            return usage("--seed takes a whole number, at least 0");
        if (strcmp(option, "--budget") == 0 && !parse_long(argv[i], 1, 86400, &budget))
            return usage("--budget takes CPU seconds, 1 to 86400");
    }
    printf("one thread, CPU seconds of that thread; core_hours = (mean x parts + set-up) / 3600\n");
    printf("%3s %-6s %8s %8s %10s %10s %10s %10s %10s %7s %13s %11s %8s %20s\n", "N", "method", "parts", "sampled",
           "p10_s", "median_s", "p90_s", "max_s", "mean_s", "rse", "est_core_s", "core_hours", "setup_s",
           "solutions_sampled");
    measured by_rows[NQ_MAX_N];
    int rows_count = 0;
    for (int n = (int)from; n <= (int)to; n++) {
        measured m = bench_n(n, rows, sample, (uint64_t)seed, (double)budget);
        if (m.rows && m.mean > 0)
            by_rows[rows_count++] = m;
    }
    extrapolate(by_rows, rows_count);
    return 0;
}
