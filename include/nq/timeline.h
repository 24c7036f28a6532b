/*
 * nq/timeline.h -- every step of one watched search, reachable in any order, in bounded memory.
 *
 * A run is recorded step by step as it is shown. The timeline keeps its own trace iterator in
 * lockstep (each recorded step must be the one the iterator gives: the worker's steps are), and a
 * copy of that iterator, a checkpoint, every NQ_TIMELINE_SPACING steps. Reaching step k copies the
 * last checkpoint before k and replays at most one spacing of steps: the iterator then holds
 * exactly the board and the figures (queens placed, dead ends, solutions) a person saw at step k. A
 * run longer than NQ_TIMELINE_MOST_CHECKPOINTS spacings keeps every other checkpoint and doubles
 * the spacing, as often as it takes: memory never passes that many checkpoints (36 MB), and a seek
 * in a run of 10^10 steps still replays under 300,000. Nothing else is stored: the checkpoints' own
 * counters say in which stretch of the run the next or previous solution or dead end lies, and a
 * replay of that stretch finds it.
 *
 * Memory: sizeof(nq_trace) (544 bytes on x86-64) per NQ_TIMELINE_SPACING steps, in an array that
 * grows by doubling: 2.2 MB for a run of 10^7 steps and 17.8 MB for 10^8, at most 35.7 MB for any
 * run (bench_timeline; nq_timeline_bytes says exactly). Seeking replays at most the spacing of the
 * moment: 0.02 ms median, about 0.1 ms at worst, on a run of 10^7 or 10^8 steps.
 * A timeline belongs to one thread at a time; it allocates with NQ_CHECK_ALLOC (out of memory ends
 * the program with status 1).
 */
#ifndef NQ_TIMELINE_H
#define NQ_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/trace.h"

/* Steps between two checkpoints at first (doubled as the run outgrows the most kept), and the most
 * checkpoints kept. */
enum { NQ_TIMELINE_SPACING = 4096, NQ_TIMELINE_MOST_CHECKPOINTS = 1 << 16 };

typedef struct nq_timeline nq_timeline;

/* What a person sees at one step of the run. */
typedef struct nq_moment {
    uint64_t step;  /* 1-based: the step-th step of the run; 0 before the first */
    nq_step last;   /* that step (kind NQ_STEP_TRY with row 0, column 0 when step is 0: unused) */
    nq_trace trace; /* the iterator just after it: cols is the board, and its counters the figures */
} nq_moment;

/* A new, empty timeline of the run the plan describes (nq_trace_start); _create: of backtracking on
 * the n x n board with the optional pinned queen. */
nq_timeline *nq_timeline_create_plan(const nq_plan *plan);
nq_timeline *nq_timeline_create(int n, const nq_square *first);

/* The same with a first spacing (>= 1) and a most of checkpoints (>= 2) of the caller's: for tests
 * that want the thinning on a short run. */
nq_timeline *nq_timeline_create_sized(const nq_plan *plan, uint64_t spacing, size_t most);

void nq_timeline_free(nq_timeline *tl);

/*
 * Records the run's next step. The step must be the next one of the trace of this board (it is
 * checked: a different step is a bug and ends the program). Returns false, recording nothing, once
 * the done step has been recorded.
 */
bool nq_timeline_record(nq_timeline *tl, const nq_step *step);

/* Steps recorded so far; whether the done step is among them. */
uint64_t nq_timeline_length(const nq_timeline *tl);
bool nq_timeline_complete(const nq_timeline *tl);

/* The moment at step k, 0 <= k <= nq_timeline_length(). */
void nq_timeline_seek(const nq_timeline *tl, uint64_t k, nq_moment *out);

/* The kinds of landmark a person jumps between; a wipe-out counts as a dead end. */
typedef enum nq_landmark { NQ_LANDMARK_SOLUTION = 1, NQ_LANDMARK_DEAD_END = 2 } nq_landmark;

/*
 * The nearest recorded step after k (forward) or before k (backward) that is a solution or a dead
 * end, as kinds (a bit set of nq_landmark) asks. Returns false when there is none among the steps
 * recorded; *step is then untouched.
 */
bool nq_timeline_find(const nq_timeline *tl, uint64_t k, bool forward, unsigned kinds, uint64_t *step);

/* Bytes the timeline holds. */
size_t nq_timeline_bytes(const nq_timeline *tl);

#endif
