/*
 * nq/worker.h -- the solver's own thread. It runs one job at a time and talks to the UI only
 * through a lock-free ring of events (plus atomics for cancelling), so the UI never waits on it.
 *
 * Threads: nq_worker_create, _start, _cancel, _poll, _solution, _reachable, _rank, _effort, _heat,
 * _memory and _destroy belong to one thread, the UI thread (the ring's consumer). The worker thread
 * (the ring's producer) and the counting threads it starts are internal.
 *
 * Generations: every start and every cancel makes a new generation; each event carries the
 * generation of its job, and _poll hands out only events of the newest one. So once _start or
 * _cancel has returned, nothing of an older job ever reaches the UI, whatever is still in the ring.
 *
 * Jobs:
 *   watch  the step-by-step trace of the job's method; every step is an event and none is ever
 *          dropped: when the ring is full the worker sleeps until the UI makes room. The UI sets the
 *          pace by how many events it takes per frame. Solutions the trace finds are reachable by
 *          index, in lexicographic order: as the trace finds them for backtracking and forward
 *          checking; all of them once first fail (which finds them out of order) is over. Min-
 *          conflicts' one solution is reachable as solution 1 once found.
 *   solve  every solution in lexicographic order at full speed, on `threads` threads; progress
 *          events about 60 times a second, and the solutions so far are reachable by index
 *          (nq_worker_solution) while it runs and after: memory stays a few MiB however many
 *          there are, because nothing stores solutions; the engine's index finds the k-th.
 *   count  the fast count (and the unique count when no queen is pinned); progress, then totals.
 *   find   one solution (nq_worker_solution with k = 1), for any pinned square, of any board up to
 *          NQ_FIND_MAX_N (the only job above NQ_MAX_N).
 *   heatmap  for every square of the board, how many solutions (with the pinned queen, if any)
 *          use it (nq/heatmap.h) on `threads` threads: a progress event as each class of squares
 *          finishes (progress.solutions: squares known), whose numbers nq_worker_heat then gives.
 *   unique   as solve, but over the boards unique under symmetry (the smallest of each class,
 *          nq_index_create_unique; no pinned queen): reachable, solution and rank count those
 *          boards only, and its done event's figures.unique is their number.
 *   compare  each method's whole search at full speed (nq/effort.h), one after another
 *          (min-conflicts first, then the methods' order), on `threads` threads: a progress event
 *          as each one finishes, whose figures nq_worker_effort then gives.
 * Every job ends with one NQ_EVENT_DONE, unless a newer generation replaced it. Its
 * figures.unique is filled by watch, solve, count and unique when no queen is pinned and the
 * search completed (figures.progress.complete); otherwise, and always for find, it is 0.
 * Its figures.progress.basis (and that of every progress event) says what nodes and dead ends
 * count (nq/figures.h): the row search for watch (and compare, which reports none), the index fill
 * for solve and unique, the count's own search for count (classes or halves), classes for
 * heatmap; find places no queens and reports none.
 */
#ifndef NQ_WORKER_H
#define NQ_WORKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/effort.h"
#include "nq/method.h"
#include "nq/progress.h"
#include "nq/trace.h"

typedef enum nq_job_kind {
    NQ_JOB_WATCH,
    NQ_JOB_SOLVE,
    NQ_JOB_COUNT,
    NQ_JOB_FIND,
    NQ_JOB_COMPARE,
    NQ_JOB_HEATMAP,
    NQ_JOB_UNIQUE
} nq_job_kind;

typedef struct nq_job {
    nq_job_kind kind;
    int n;             /* 1 to NQ_MAX_N (find: to NQ_FIND_MAX_N) */
    bool has_first;
    nq_square first;   /* the pinned first queen, when has_first */
    int threads;       /* solve, count, compare, heatmap and unique: counting threads, 0 for one per core */
    nq_method method;  /* watch: the method traced */
    uint64_t seed;     /* watch with min-conflicts: its seed */
} nq_job;

typedef enum nq_event_kind {
    NQ_EVENT_STEP,     /* watch: step */
    NQ_EVENT_PROGRESS, /* solve, count, compare, heatmap: figures so far */
    NQ_EVENT_DONE      /* the job's end: final figures (figures.complete is false if it stopped) */
} nq_event_kind;

typedef struct nq_event {
    uint32_t generation;
    uint8_t kind; /* nq_event_kind */
    union {
        nq_step step;
        struct {
            nq_progress progress;
            uint64_t unique; /* DONE of a complete watch, solve, count or unique without a pinned queen:
                                solutions unique under rotation and reflection; else 0 */
        } figures;
    } as;
} nq_event;

typedef struct nq_worker nq_worker;

/* Starts the worker thread. wake (may be NULL) is called on the worker thread when an event
 * arrives, once until the UI's next nq_worker_poll() however many more follow, so that a UI
 * sleeping on its event loop can wake up; it must be cheap and must not call back into the
 * worker. Returns NULL if the thread cannot start. */
nq_worker *nq_worker_create(void (*wake)(void *context), void *context);

/* Cancels the running job, stops it within milliseconds, joins every thread, frees all. */
void nq_worker_destroy(nq_worker *w);

/* Cancels whatever runs and starts job; returns its generation. The job must be valid (n in
 * range, the first queen on the board). */
uint32_t nq_worker_start(nq_worker *w, const nq_job *job);

/* Cancels whatever runs; nothing more of it is handed out. Returns the new generation. */
uint32_t nq_worker_cancel(nq_worker *w);

/* Moves up to max events of the current generation into out, oldest first, and returns how
 * many. Events of older generations are discarded on the way. Re-arms the wake callback. */
size_t nq_worker_poll(nq_worker *w, nq_event *out, size_t max);

/* Solutions of the current job reachable by index right now (they are the first ones in
 * lexicographic order). For watch, at most as many as the trace has found. */
uint64_t nq_worker_reachable(nq_worker *w);

/* The k-th solution (from 1) of the current job into cols[0..n-1], n being the job's board size
 * (exactly n entries are written); false if it is not reachable (yet). */
bool nq_worker_solution(nq_worker *w, uint64_t k, int *cols);

/* The position (from 1) in lexicographic order of solution cols[0..n-1] of the current job's
 * board, or 0 when the job keeps no index or it has not reached that solution yet. */
uint64_t nq_worker_rank(nq_worker *w, const int *cols);

/* The figures of method found by the current compare job into *out; false while it has not
 * finished that method (or the job is not a compare). */
bool nq_worker_effort(nq_worker *w, nq_method method, nq_effort *out);

/* The number of solutions of the current heatmap job that use square, into *count; false while
 * it is not known yet (or the job is not a heatmap). */
bool nq_worker_heat(nq_worker *w, nq_square square, uint64_t *count);

/* Whether the worker has no job running or waiting: true soon after a cancel. Any thread. */
bool nq_worker_idle(const nq_worker *w);

/* Bytes the current job holds for random access to its solutions. */
size_t nq_worker_memory(nq_worker *w);

#endif
