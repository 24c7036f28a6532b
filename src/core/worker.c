/*
 * worker.c -- the solver thread, its job hand-off and its event ring.
 *
 * The UI hands a job over under a mutex (rare, and never while the worker holds it for long);
 * events flow back through the lock-free ring (frequent). Cancelling is an atomic flag every search
 * polls: the counting threads every NQ_TALLY_POLL_NODES queens (tally.h), the trace between steps.
 * The results a job makes reachable (its index, the one solution of a find, the figures of a
 * compare, the heatmap) live behind results_lock, which only guards their lifetime: the UI holds it
 * for one lookup, the worker to swap in a new job's results. Every thread besides the worker's own
 * comes from team.c.
 *
 * Two Dekker-style hand-shakes cross the ring, each with a seq_cst fence between one side's
 * store and its load of the other side's, so that at least one of them sees the other:
 *   - room: the worker announces it is waiting, then looks at the ring; the UI pops, then looks
 *     for the announcement. So the worker never sleeps through the room the UI just made.
 *   - wake: the UI clears wake_pending, then pops; the worker pushes, then looks at wake_pending
 *     and wakes the UI only if it is clear (setting it). So one wake covers every event until the
 *     UI polls again (coalesced, as libuv's async handles do), the UI never sleeps on an event it
 *     was not woken for, and the worker never reads the consumer's index to decide.
 */
#include "nq/worker.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nq/clock.h"
#include "nq/count.h"
#include "nq/find.h"
#include "nq/heatmap.h"
#include "nq/index.h"
#include "nq/spsc.h"
#include "nq/symmetry.h"
#include "team.h"

/* A few thousand steps of slack between the worker and a UI that drains once a frame. */
enum { EVENT_RING_CAPACITY = 4096 };
SPSC_DEFINE(event_ring, nq_event, EVENT_RING_CAPACITY)

struct nq_worker {
    event_ring ring; /* first: it is cache-line aligned */

    pthread_t thread;
    void (*wake)(void *);
    void *wake_context;

    pthread_mutex_t lock;   /* guards the hand-off below */
    pthread_cond_t changed; /* a job, a cancel or shutdown arrived, or the ring has room */
    bool shutdown;
    bool has_job;           /* pending is waiting to be taken */
    nq_job pending;
    uint32_t pending_generation;
    uint32_t ui_generation; /* the newest generation: the UI thread's own copy */

    atomic_bool cancel;     /* stop the running job */
    atomic_bool busy;       /* a job is pending or running */
    atomic_bool waiting_for_room;
    atomic_bool wake_pending; /* the UI was woken and has not polled since */

    pthread_mutex_t results_lock; /* guards the lifetime of what follows */
    uint32_t results_generation;
    nq_index *index;              /* watch, solve, unique */
    bool found;                   /* find, and a min-conflicts watch's solution */
    int found_n;                  /* find: the columns in found_cols */
    int *found_cols;              /* room for found_room columns (a find goes up to NQ_FIND_MAX_N) */
    int found_room;
    _Atomic uint64_t trace_solutions; /* watch: solutions the trace has reached */
    nq_effort efforts[NQ_METHOD_COUNT]; /* compare: each method's figures ... */
    bool effort_known[NQ_METHOD_COUNT]; /* ... once it has finished */
    nq_heatmap *heatmap;          /* heatmap: read while the worker fills it (nq/heatmap.h) */
    bool trace_job;
};

/* ---- worker side ---- */

static bool cancelled(nq_worker *w)
{
    return atomic_load_explicit(&w->cancel, memory_order_relaxed);
}

/* Pushes e; true if it is in the ring. With wait, sleeps while the ring is full (until room or a
 * cancel); without, drops e when full (for progress reports, which the next one replaces). */
static bool publish(nq_worker *w, const nq_event *e, bool wait)
{
    while (!event_ring_try_push(&w->ring, e)) {
        if (!wait || cancelled(w))
            return false;
        pthread_mutex_lock(&w->lock);
        atomic_store_explicit(&w->waiting_for_room, true, memory_order_relaxed);
        /* Pairs with the fence in nq_worker_poll(): our announcement or its pop is seen. */
        atomic_thread_fence(memory_order_seq_cst);
        while (event_ring_size(&w->ring) == EVENT_RING_CAPACITY && !cancelled(w))
            pthread_cond_wait(&w->changed, &w->lock);
        atomic_store_explicit(&w->waiting_for_room, false, memory_order_relaxed);
        pthread_mutex_unlock(&w->lock);
    }
    if (w->wake) {
        /* Pairs with the fence in nq_worker_poll(): either this sees wake_pending cleared, or
         * the UI's pops after clearing it see the event just pushed. */
        atomic_thread_fence(memory_order_seq_cst);
        if (!atomic_load_explicit(&w->wake_pending, memory_order_relaxed) &&
            !atomic_exchange_explicit(&w->wake_pending, true, memory_order_relaxed))
            w->wake(w->wake_context);
    }
    return true;
}

static nq_event figures_event(uint32_t generation, nq_event_kind kind, const nq_progress *p, uint64_t unique)
{
    nq_event e;
    memset(&e, 0, sizeof e);
    e.generation = generation;
    e.kind = (uint8_t)kind;
    e.as.figures.progress = *p;
    e.as.figures.unique = unique;
    return e;
}

typedef struct progress_target {
    nq_worker *w;
    uint32_t generation;
} progress_target;

static void publish_progress(void *context, const nq_progress *p)
{
    progress_target *t = context;
    if (p->complete)
        return; /* the job publishes its own final event */
    nq_event e = figures_event(t->generation, NQ_EVENT_PROGRESS, p, 0);
    publish(t->w, &e, false);
}

/* Installs a job's reachable results (and frees the previous job's). */
static void set_results(nq_worker *w, uint32_t generation, nq_index *index, bool trace_job)
{
    pthread_mutex_lock(&w->results_lock);
    nq_index_free(w->index);
    w->index = index;
    nq_heatmap_free(w->heatmap);
    w->heatmap = NULL;
    w->results_generation = generation;
    w->found = false;
    memset(w->effort_known, 0, sizeof w->effort_known);
    w->trace_job = trace_job;
    atomic_store_explicit(&w->trace_solutions, 0, memory_order_relaxed);
    pthread_mutex_unlock(&w->results_lock);
}

/* The unique count that goes with a complete count of all solutions: none with a pinned queen
 * (the symmetries move it) or for a stopped search. */
static uint64_t unique_of(const nq_job *job, const nq_progress *p)
{
    bool all = job->kind != NQ_JOB_WATCH || nq_method_complete(job->method);
    return job->has_first || !p->complete || !all ? 0 : nq_symmetry_unique(job->n, p->solutions);
}

typedef struct background_fill {
    nq_index *index;
    nq_run run;
} background_fill;

static void fill_in_background(void *context)
{
    background_fill *fill = context;
    nq_index_fill(fill->index, &fill->run);
}

/* The one solution of a find job, or min-conflicts' solution in a watch: reachable as solution 1. */
static void set_found(nq_worker *w, uint32_t generation, int n, const int *cols)
{
    pthread_mutex_lock(&w->results_lock);
    if (w->results_generation == generation) {
        if (n > w->found_room) {
            free(w->found_cols);
            w->found_cols = NQ_CHECK_ALLOC(malloc((size_t)n * sizeof *w->found_cols));
            w->found_room = n;
        }
        memcpy(w->found_cols, cols, (size_t)n * sizeof *cols);
        w->found_n = n;
        w->found = true;
    }
    pthread_mutex_unlock(&w->results_lock);
}

static void run_watch(nq_worker *w, const nq_job *job, uint32_t generation)
{
    const nq_square *first = job->has_first ? &job->first : NULL;
    double start = nq_clock_seconds();
    bool complete_method = nq_method_complete(job->method);
    nq_index *index = complete_method ? nq_index_create(job->n, first) : NULL;
    set_results(w, generation, index, true);
    /* The index that pages the trace's solutions fills on one more thread: far faster than any
     * watched trace, so it is always ahead of it. */
    background_fill fill = {index, {.threads = 1, .cancel = &w->cancel}};
    nq_team filler = {.threads = 1, .work = fill_in_background, .context = &fill};
    nq_team_threads filling;
    if (index)
        nq_team_start(&filler, &filling);

    nq_plan plan = nq_plan_make(job->n, first, job->method);
    plan.seed = job->seed;
    nq_trace t;
    nq_trace_start(&t, &plan);
    nq_event e;
    memset(&e, 0, sizeof e);
    e.generation = generation;
    e.kind = NQ_EVENT_STEP;
    bool stopped = false;
    bool in_order = job->method != NQ_METHOD_FIRSTFAIL;
    while (!stopped && nq_trace_next(&t, &e.as.step)) {
        if (e.as.step.kind == NQ_STEP_SOLUTION && !complete_method)
            set_found(w, generation, job->n, t.cols);
        if ((e.as.step.kind == NQ_STEP_SOLUTION && in_order) || e.as.step.kind == NQ_STEP_DONE)
            atomic_store_explicit(&w->trace_solutions, t.solutions, memory_order_relaxed);
        stopped = !publish(w, &e, true);
    }
    if (index)
        nq_team_join(&filling); /* fills here if its thread could not start (at once if cancelled) */
    nq_progress p = {
        .solutions = t.solutions,
        .found = t.solutions,
        .nodes = t.nodes,
        .dead_ends = t.dead_ends,
        .basis = NQ_BASIS_ROW_SEARCH,
        .seconds = nq_clock_seconds() - start,
        .complete = !stopped,
    };
    e = figures_event(generation, NQ_EVENT_DONE, &p, unique_of(job, &p));
    publish(w, &e, true);
}

/* Solve and unique: fills the job's index, the one the UI pages, while it runs. */
static void run_solve(nq_worker *w, const nq_job *job, uint32_t generation)
{
    bool unique = job->kind == NQ_JOB_UNIQUE;
    const nq_square *first = job->has_first ? &job->first : NULL;
    nq_index *index = unique ? nq_index_create_unique(job->n) : nq_index_create(job->n, first);
    set_results(w, generation, index, false);
    progress_target target = {w, generation};
    nq_run run = {job->threads, &w->cancel, publish_progress, &target, 0};
    double start = nq_clock_seconds();
    bool complete = nq_index_fill(index, &run);
    nq_progress p = nq_index_progress(index);
    p.seconds = nq_clock_seconds() - start;
    p.complete = complete;
    /* The unique index's solutions are the unique boards themselves. */
    uint64_t unique_boards = unique ? (complete ? p.solutions : 0) : unique_of(job, &p);
    nq_event e = figures_event(generation, NQ_EVENT_DONE, &p, unique_boards);
    publish(w, &e, true);
}

static void run_count(nq_worker *w, const nq_job *job, uint32_t generation)
{
    set_results(w, generation, NULL, false);
    progress_target target = {w, generation};
    nq_count_options options = {job->has_first ? &job->first : NULL, !job->has_first,
                                {job->threads, &w->cancel, publish_progress, &target, 0}};
    double start = nq_clock_seconds();
    nq_count_result r = nq_count(job->n, &options);
    nq_progress p = {
        .solutions = r.solutions,
        .found = r.solutions,
        .nodes = r.nodes,
        .dead_ends = r.dead_ends,
        .basis = r.basis,
        .seconds = nq_clock_seconds() - start,
        .complete = r.complete,
    };
    nq_event e = figures_event(generation, NQ_EVENT_DONE, &p, r.unique);
    publish(w, &e, true);
}

static void run_compare(nq_worker *w, const nq_job *job, uint32_t generation)
{
    set_results(w, generation, NULL, false);
    double start = nq_clock_seconds();
    nq_run run = {job->threads, &w->cancel, NULL, NULL, 0};
    bool complete = true;
    /* Min-conflicts first: it takes moments on any board, where a whole search of a large one
     * may never end. */
    for (int i = 0; i < NQ_METHOD_COUNT; i++) {
        int m = (i + NQ_METHOD_MINCONFLICTS) % NQ_METHOD_COUNT;
        nq_plan plan = nq_plan_make(job->n, job->has_first ? &job->first : NULL, (nq_method)m);
        nq_effort effort = nq_effort_run(&plan, &run);
        complete = effort.complete;
        if (!complete)
            break;
        pthread_mutex_lock(&w->results_lock);
        w->efforts[m] = effort;
        w->effort_known[m] = true;
        pthread_mutex_unlock(&w->results_lock);
        nq_progress p = {.found = (uint64_t)i + 1, .basis = NQ_BASIS_ROW_SEARCH, .seconds = nq_clock_seconds() - start};
        nq_event e = figures_event(generation, NQ_EVENT_PROGRESS, &p, 0);
        publish(w, &e, true);
    }
    nq_progress p = {.basis = NQ_BASIS_ROW_SEARCH, .seconds = nq_clock_seconds() - start, .complete = complete};
    nq_event e = figures_event(generation, NQ_EVENT_DONE, &p, 0);
    publish(w, &e, true);
}

bool nq_worker_effort(nq_worker *w, nq_method method, nq_effort *out)
{
    pthread_mutex_lock(&w->results_lock);
    bool known = w->results_generation == w->ui_generation && w->effort_known[method];
    if (known)
        *out = w->efforts[method];
    pthread_mutex_unlock(&w->results_lock);
    return known;
}

/* Where a heatmap job's reports go: on to the UI as progress events, and the last one kept for
 * the job's done event. */
typedef struct heat_target {
    progress_target target;
    nq_progress last;
} heat_target;

static void publish_heat_progress(void *context, const nq_progress *p)
{
    heat_target *t = context;
    t->last = *p;
    publish_progress(&t->target, p);
}

static void run_heatmap(nq_worker *w, const nq_job *job, uint32_t generation)
{
    set_results(w, generation, NULL, false);
    nq_heatmap *map = nq_heatmap_create(job->n, job->has_first ? &job->first : NULL);
    pthread_mutex_lock(&w->results_lock);
    w->heatmap = map;
    pthread_mutex_unlock(&w->results_lock);
    heat_target target = {{w, generation}, {.basis = NQ_BASIS_CLASSES}}; /* the fill's counts' (nq/heatmap.h) */
    nq_run run = {job->threads, &w->cancel, publish_heat_progress, &target, 0};
    /* The last report of the fill holds its final figures and whether it completed. */
    nq_heatmap_fill(map, &run);
    nq_event e = figures_event(generation, NQ_EVENT_DONE, &target.last, 0);
    publish(w, &e, true);
}

bool nq_worker_heat(nq_worker *w, nq_square square, uint64_t *count)
{
    pthread_mutex_lock(&w->results_lock);
    bool known = w->results_generation == w->ui_generation && w->heatmap &&
                 nq_heatmap_get(w->heatmap, square, count);
    pthread_mutex_unlock(&w->results_lock);
    return known;
}

static void run_find(nq_worker *w, const nq_job *job, uint32_t generation)
{
    set_results(w, generation, NULL, false);
    double start = nq_clock_seconds();
    int *cols = NQ_CHECK_ALLOC(malloc((size_t)job->n * sizeof *cols));
    bool found = nq_find(job->n, job->has_first ? &job->first : NULL, cols);
    if (found) {
        NQ_CHECK(nq_verify(job->n, cols, job->has_first ? &job->first : NULL, NULL));
        set_found(w, generation, job->n, cols);
    }
    free(cols);
    nq_progress p = {
        .solutions = found ? 1 : 0,
        .found = found ? 1 : 0,
        .seconds = nq_clock_seconds() - start,
        .complete = true,
    };
    nq_event e = figures_event(generation, NQ_EVENT_DONE, &p, 0);
    publish(w, &e, true);
}

static void *worker_main(void *arg)
{
    nq_worker *w = arg;
    for (;;) {
        pthread_mutex_lock(&w->lock);
        while (!w->has_job && !w->shutdown) {
            atomic_store_explicit(&w->busy, false, memory_order_release);
            pthread_cond_wait(&w->changed, &w->lock);
        }
        if (w->shutdown) {
            pthread_mutex_unlock(&w->lock);
            return NULL;
        }
        nq_job job = w->pending;
        uint32_t generation = w->pending_generation;
        w->has_job = false;
        /* Under the lock: a start or cancel after this point sets it again. */
        atomic_store_explicit(&w->cancel, false, memory_order_relaxed);
        pthread_mutex_unlock(&w->lock);

        switch (job.kind) {
        case NQ_JOB_WATCH: run_watch(w, &job, generation); break;
        case NQ_JOB_SOLVE:
        case NQ_JOB_UNIQUE: run_solve(w, &job, generation); break;
        case NQ_JOB_COUNT: run_count(w, &job, generation); break;
        case NQ_JOB_FIND: run_find(w, &job, generation); break;
        case NQ_JOB_COMPARE: run_compare(w, &job, generation); break;
        case NQ_JOB_HEATMAP: run_heatmap(w, &job, generation); break;
        }
    }
}

/* ---- UI side ---- */

nq_worker *nq_worker_create(void (*wake)(void *context), void *context)
{
    nq_worker *w = aligned_alloc(SPSC_CACHE_LINE, (sizeof(nq_worker) + SPSC_CACHE_LINE - 1) /
                                                      SPSC_CACHE_LINE * SPSC_CACHE_LINE);
    if (!w)
        return NULL;
    memset(w, 0, sizeof *w);
    event_ring_init(&w->ring);
    w->wake = wake;
    w->wake_context = context;
    atomic_init(&w->cancel, false);
    atomic_init(&w->busy, false);
    atomic_init(&w->waiting_for_room, false);
    atomic_init(&w->wake_pending, false);
    atomic_init(&w->trace_solutions, 0);
    if (pthread_mutex_init(&w->lock, NULL) != 0)
        goto fail_lock;
    if (pthread_mutex_init(&w->results_lock, NULL) != 0)
        goto fail_results_lock;
    if (pthread_cond_init(&w->changed, NULL) != 0)
        goto fail_cond;
    if (pthread_create(&w->thread, NULL, worker_main, w) != 0)
        goto fail_thread;
    return w;

fail_thread:
    pthread_cond_destroy(&w->changed);
fail_cond:
    pthread_mutex_destroy(&w->results_lock);
fail_results_lock:
    pthread_mutex_destroy(&w->lock);
fail_lock:
    free(w);
    return NULL;
}

/* Sets the cancel flag and wakes the worker wherever it sleeps. Called with w->lock held. */
static uint32_t cancel_locked(nq_worker *w)
{
    atomic_store_explicit(&w->cancel, true, memory_order_relaxed);
    w->has_job = false;
    pthread_cond_broadcast(&w->changed);
    return ++w->ui_generation;
}

void nq_worker_destroy(nq_worker *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->lock);
    cancel_locked(w);
    w->shutdown = true;
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    nq_index_free(w->index);
    nq_heatmap_free(w->heatmap);
    pthread_cond_destroy(&w->changed);
    pthread_mutex_destroy(&w->results_lock);
    pthread_mutex_destroy(&w->lock);
    free(w->found_cols);
    free(w);
}

uint32_t nq_worker_start(nq_worker *w, const nq_job *job)
{
    NQ_CHECK(job->n >= NQ_MIN_N && job->n <= (job->kind == NQ_JOB_FIND ? NQ_FIND_MAX_N : NQ_MAX_N));
    NQ_CHECK(!job->has_first || (job->first.row >= 0 && job->first.row < job->n &&
                                 job->first.column >= 0 && job->first.column < job->n));
    NQ_CHECK(job->kind != NQ_JOB_UNIQUE || !job->has_first); /* symmetries move a pinned queen */
    pthread_mutex_lock(&w->lock);
    uint32_t generation = cancel_locked(w);
    w->pending = *job;
    w->pending_generation = generation;
    w->has_job = true;
    atomic_store_explicit(&w->busy, true, memory_order_relaxed);
    pthread_mutex_unlock(&w->lock);
    return generation;
}

uint32_t nq_worker_cancel(nq_worker *w)
{
    pthread_mutex_lock(&w->lock);
    uint32_t generation = cancel_locked(w);
    pthread_mutex_unlock(&w->lock);
    return generation;
}

size_t nq_worker_poll(nq_worker *w, nq_event *out, size_t max)
{
    atomic_store_explicit(&w->wake_pending, false, memory_order_relaxed);
    /* Pairs with the fence in publish(): the pops below see its event, or it sees the clear. */
    atomic_thread_fence(memory_order_seq_cst);
    size_t taken = 0;
    bool popped = false;
    /* The generation only changes on this thread, so no lock is needed to read it. */
    uint32_t current = w->ui_generation;
    while (taken < max) {
        size_t got = event_ring_pop_batch(&w->ring, out + taken, max - taken);
        if (!got)
            break;
        popped = true;
        size_t end = taken + got;
        for (size_t i = taken; i < end; i++) /* keep the current generation, in order */
            if (out[i].generation == current)
                out[taken++] = out[i];
    }
    if (popped) {
        /* Pairs with the fence in publish(): our pop or its announcement is seen. */
        atomic_thread_fence(memory_order_seq_cst);
        if (atomic_load_explicit(&w->waiting_for_room, memory_order_relaxed)) {
            pthread_mutex_lock(&w->lock);
            pthread_cond_broadcast(&w->changed);
            pthread_mutex_unlock(&w->lock);
        }
    }
    return taken;
}

uint64_t nq_worker_reachable(nq_worker *w)
{
    pthread_mutex_lock(&w->results_lock);
    uint64_t reachable = 0;
    if (w->results_generation == w->ui_generation) {
        if (w->index) {
            reachable = nq_index_known(w->index);
            uint64_t traced = atomic_load_explicit(&w->trace_solutions, memory_order_relaxed);
            if (w->trace_job && traced < reachable)
                reachable = traced;
        } else {
            reachable = w->found ? 1 : 0;
        }
    }
    pthread_mutex_unlock(&w->results_lock);
    return reachable;
}

uint64_t nq_worker_rank(nq_worker *w, const int *cols)
{
    pthread_mutex_lock(&w->results_lock);
    uint64_t rank = w->results_generation == w->ui_generation && w->index ? nq_index_rank(w->index, cols) : 0;
    pthread_mutex_unlock(&w->results_lock);
    return rank;
}

bool nq_worker_solution(nq_worker *w, uint64_t k, int *cols)
{
    if (k < 1 || k > nq_worker_reachable(w))
        return false;
    pthread_mutex_lock(&w->results_lock);
    bool ok = false;
    if (w->results_generation == w->ui_generation) {
        if (w->index) {
            ok = nq_index_unrank(w->index, k, cols);
        } else if (w->found && k == 1) {
            memcpy(cols, w->found_cols, (size_t)w->found_n * sizeof *cols);
            ok = true;
        }
    }
    pthread_mutex_unlock(&w->results_lock);
    return ok;
}

bool nq_worker_idle(const nq_worker *w)
{
    return !atomic_load_explicit(&w->busy, memory_order_acquire);
}

size_t nq_worker_memory(nq_worker *w)
{
    pthread_mutex_lock(&w->results_lock);
    size_t bytes = w->index && w->results_generation == w->ui_generation ? nq_index_bytes(w->index) : 0;
    pthread_mutex_unlock(&w->results_lock);
    return bytes;
}
