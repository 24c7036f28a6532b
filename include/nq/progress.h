/*
 * nq/progress.h -- how a long search is controlled and watched from another thread: a cancel
 * flag it polls, and the figures it reports while it runs.
 *
 * The figures are those of the search that runs: queens placed (nodes) and dead ends count
 * different things in different searches, and `basis` says which (nq/figures.h, which also holds
 * the words to show them under).
 */
#ifndef NQ_PROGRESS_H
#define NQ_PROGRESS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "nq/figures.h"

typedef struct nq_progress {
    uint64_t solutions; /* solutions so far: the first `solutions` in lexicographic order */
    uint64_t found;     /* solutions counted so far in any order (at least `solutions`); the
                           count climbs here while a big subtree holds the frontier back */
    uint64_t nodes;     /* queens placed, as basis counts them */
    uint64_t dead_ends; /* rows where every square was attacked, as basis counts them */
    nq_basis basis;     /* the search nodes and dead ends are of */
    uint64_t parts_done; /* independent subproblems finished (mirror images copied count too) */
    uint64_t parts;     /* subproblems in all; 0 when the search is not split into them */
    double seconds;     /* since the search started */
    bool complete;      /* the last report of a search that ran to its end */
} nq_progress;

/* Called on the thread that started the search, never concurrently with itself. */
typedef void nq_progress_fn(void *context, const nq_progress *progress);

typedef struct nq_run {
    int threads;                /* 0: one per core */
    const atomic_bool *cancel;  /* NULL, or a flag another thread sets to stop the search soon */
    nq_progress_fn *progress;   /* NULL, or called about every `interval` seconds and at the end */
    void *context;
    double interval;            /* seconds between reports; 0 means 1/60 */
} nq_run;

/* Whether another thread has asked run's search to stop (a relaxed read: the search polls it). */
static inline bool nq_run_cancelled(const nq_run *run)
{
    return run->cancel && atomic_load_explicit(run->cancel, memory_order_relaxed);
}

#endif
