/*
 * tally.h -- the figures of a counting search shared between its threads, and the one way they
 * poll for cancel and report progress. Private to src/core.
 *
 * Each counting thread keeps its figures in a private nq_tally (registers, no sharing) and every
 * NQ_TALLY_POLL_NODES queens calls nq_tally_poll(): that adds them to the shared nq_tally_totals,
 * where the reporter reads them, and looks at the cancel flag. So the hot loop touches no shared
 * line, the figures climb inside a big subtree, and a cancel is seen within well under a
 * millisecond. The reporter is nq_tally_report(), run by team.c on the calling thread.
 */
#ifndef NQ_TALLY_H
#define NQ_TALLY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "nq/count.h"
#include "nq/progress.h"

/* Queens a counting thread places between polls: well under a millisecond of work, and rare
 * enough to cost nothing. A power of two, so that the test is a mask. */
enum { NQ_TALLY_POLL_NODES = 1 << 16 };

/* One thread's figures not yet added to the totals, and those of the part it counts. */
typedef struct nq_tally {
    uint64_t found;     /* solutions, in any order */
    uint64_t unique;    /* symmetry classes (the counting search without a pinned queen) */
    uint64_t nodes;     /* queens placed */
    uint64_t dead_ends; /* rows found with every square attacked */
    nq_count_figures part; /* everything added to the totals since the part began */
} nq_tally;

/* The figures of every thread so far, and the run they report to. */
typedef struct nq_tally_totals {
    const nq_run *run;
    nq_basis basis;         /* what nodes and dead ends count: the search's */
    _Atomic uint64_t found, unique, nodes, dead_ends;
    _Atomic uint64_t known; /* solutions known to be the first ones in lexicographic order */
    _Atomic uint64_t parts_done; /* subproblems finished */
    uint64_t parts;         /* subproblems in all, set before the threads start */
    double start;           /* nq_clock_seconds() when the search began */
} nq_tally_totals;

/* Starts the totals of a search whose figures have this basis with the figures of its set-up
 * (nodes and dead ends of the rows listed before any thread counts). Called before any other
 * thread uses them. */
void nq_tally_init(nq_tally_totals *totals, nq_basis basis, uint64_t nodes, uint64_t dead_ends);

/* Sets the number of subproblems the search is split into. Before the threads start. */
void nq_tally_parts(nq_tally_totals *totals, uint64_t parts);

/* Records that `finished` more subproblems are done. Any counting thread. */
void nq_tally_part_done(nq_tally_totals *totals, uint64_t finished);

/* Binds the totals to the run about to start and starts its clock. Before the threads start. */
void nq_tally_start(nq_tally_totals *totals, const nq_run *run);

/* Adds weight times *t's figures to the totals and to t->part, and zeroes the figures. Any
 * counting thread. */
void nq_tally_flush(nq_tally_totals *totals, nq_tally *t, uint64_t weight);

/* Ends the part *t counted: flushes t, records one more part done and gives the part's figures
 * (t->part, zeroed for the next part). Any counting thread. */
nq_count_figures nq_tally_part_end(nq_tally_totals *totals, nq_tally *t);

/* nq_tally_flush(), then whether the run's cancel flag is set. Kept out of line and cold: the
 * hot loops call it once every NQ_TALLY_POLL_NODES queens. */
bool nq_tally_poll(nq_tally_totals *totals, nq_tally *t, uint64_t weight);

/* Whether the run's cancel flag is set. Any thread. */
bool nq_tally_cancelled(const nq_tally_totals *totals);

/* The figures so far, with the search's basis (seconds and complete left 0). `found` is never
 * below `known`: solutions a search copies rather than counts (mirror images) are found too. Any
 * thread. */
nq_progress nq_tally_progress(const nq_tally_totals *totals);

/* The reporter for nq_team (context: the nq_tally_totals): passes the figures so far to the
 * run's progress function. Called on the thread that started the search. */
void nq_tally_report(void *context, double seconds);

/* The last report of the search, if the run has a progress function: the figures, the seconds
 * since start and whether it completed. */
void nq_tally_report_end(const nq_tally_totals *totals, bool complete);

#endif
