/*
 * nq/effort.h -- what each search method of nq/method.h costs on a whole board, at full speed:
 * the figures the step-by-step trace (nq/trace.h) counts, without its steps.
 *
 * For a complete method the figures are exactly the trace's for the same plan (the trace run to
 * its end is the definition; the tests hold the two together): queens placed, dead ends,
 * wipe-outs, squares crossed off and solutions. Min-conflicts finds one solution, not all, and
 * depends on its seed, so its figures are over seeds 1 to NQ_EFFORT_SEEDS instead.
 */
#ifndef NQ_EFFORT_H
#define NQ_EFFORT_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/figures.h"
#include "nq/method.h"
#include "nq/progress.h"

typedef struct nq_effort {
    nq_method method;
    bool complete;       /* ran to its end (false: cancelled; the figures are partial) */
    uint64_t solutions;  /* complete methods: solutions; min-conflicts: seeds that solved */
    uint64_t nodes;      /* queens placed, never the pinned one (min-conflicts: 0) */
    uint64_t dead_ends;  /* backtracking: rows entered with every square attacked */
    nq_basis basis;      /* what nodes and dead ends count: always NQ_BASIS_ROW_SEARCH */
    uint64_t wipe_outs;  /* forward checking, first fail: rows a queen's crossing off left empty */
    uint64_t crossed;    /* forward checking, first fail: squares crossed off */
    uint64_t moves;      /* min-conflicts: the median of the moves of the seeds that solved (the
                            lower middle one when their number is even); 0 when none solved */
    int seeds;           /* min-conflicts: seeds run (1 up to NQ_EFFORT_SEEDS; fewer if cancelled) */
    double seconds;
} nq_effort;

/* Min-conflicts' seeds: 1 to this many. */
enum { NQ_EFFORT_SEEDS = 9 };

/*
 * Runs plan->method on the plan's board (1 <= n <= NQ_MAX_N for a complete method, up to
 * NQ_FIND_MAX_N for min-conflicts, which ignores plan->seed and runs seeds 1..NQ_EFFORT_SEEDS with
 * plan->budget) to its end, or until run->cancel is set (seen within milliseconds).
 * A complete method runs on run->threads threads (0: one per core), which take subtrees from a
 * shared cursor; run->progress, if any, gets solutions (in `found`), queens placed and dead ends
 * so far on the calling thread, and a last report. Min-conflicts runs its seeds on the calling
 * thread, one after another, and reports nothing. Any thread; every helper thread is joined
 * before it returns.
 */
nq_effort nq_effort_run(const nq_plan *plan, const nq_run *run);

#endif
