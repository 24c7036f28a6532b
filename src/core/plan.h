/*
 * plan.h -- the engine's unit of shared work: the list of every safe placement of the first
 * `depth` rows (a prefix), in lexicographic order, and the number of solutions below each.
 * Private to src/core.
 *
 * Counting splits into these independent subproblems so that threads (and one day other
 * machines) can take them in any order; random access keeps the counts, because the solutions
 * before a prefix are exactly the solutions below the prefixes listed before it.
 *
 * Filling is progressive: a frontier advances over the prefixes whose counts are final, and
 * behind it counts[i] holds the solutions *before* prefix i. Readers on any thread may use
 * every prefix before the frontier (acquire-load it first) while the fill goes on beyond it.
 * Building, filling and freeing belong to one thread; nq_plan_fill() joins its helpers before it
 * returns.
 */
#ifndef NQ_PLAN_H
#define NQ_PLAN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/progress.h"

/* At most this many rows in a prefix: 6 bits a row fit 10 rows in a uint64_t key. */
enum { NQ_PLAN_MAX_DEPTH = 10 };

typedef struct nq_plan {
    int n;
    int depth;
    bool has_first;
    nq_square first;
    bool mirror;                /* a prefix whose mirror image comes first is not searched */
    uint64_t allowed[NQ_MAX_N]; /* squares the first queen leaves open, per row */
    size_t size;                /* number of prefixes */
    uint64_t *keys;             /* prefix columns, 6 bits a row, row 0 in the highest bits:
                                   numeric order is lexicographic order */
    uint64_t *counts;           /* beyond the frontier: solutions below prefix i, once done[i];
                                   before it: solutions before prefix i */
    atomic_uchar *done;         /* counts[i] has been written (release) */
    uint32_t *first_child;      /* NULL, or (size + 1 entries) where prefix i's children start in */
    uint32_t *child_counts;     /* the solutions below each child of each prefix (the prefix one row
                                   deeper), in order; final with the prefix's count */
    atomic_size_t frontier;     /* every prefix before it is final */
    _Atomic uint64_t known;     /* solutions before the frontier */
    _Atomic uint64_t nodes;     /* queens placed so far, the listing of prefixes included */
    _Atomic uint64_t dead_ends; /* rows found with every square attacked so far */
    _Atomic uint64_t found;     /* solutions counted so far, in any order */
    pthread_mutex_t frontier_lock; /* serialises advancing the frontier */
    uint64_t frontier_sum;         /* solutions before the frontier, under frontier_lock */
} nq_plan;

/* Lists the prefixes of the n x n board with the optional first queen, as deep as needed for
 * at least target prefixes, but no deeper than NQ_PLAN_MAX_DEPTH and leaving 7 rows below. With
 * children (and n <= 20, where a child's count fits 32 bits), the fill also keeps the count below
 * each child of each prefix: one more level at 4 bytes a child. */
void nq_plan_build(nq_plan *plan, int n, const nq_square *first, size_t target, bool children);

/* Counts the solutions below every prefix, in order, on run->threads threads. With a progress
 * function the calling thread only reports (every run->interval seconds and at the end);
 * otherwise it counts too. Returns false if run->cancel stopped it: the frontier then marks how
 * far the counts are final. */
bool nq_plan_fill(nq_plan *plan, const nq_run *run);

/* The columns of prefix i, into cols[0..depth-1]. Any thread. */
void nq_plan_prefix(const nq_plan *plan, size_t i, int *cols);

/* The position of the prefix with the columns cols[0..depth-1], or plan->size if none. */
size_t nq_plan_find(const nq_plan *plan, const int *cols);

/* The frontier (acquire): prefixes before it may be read. Any thread. */
size_t nq_plan_frontier(const nq_plan *plan);

/* The figures so far. Any thread. A frontier read after this call is at least as far as the
 * one these solutions lie before. */
nq_progress nq_plan_progress(const nq_plan *plan);

void nq_plan_free(nq_plan *plan);

#endif
