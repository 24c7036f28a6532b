/*
 * solver_script.h -- a scripted solver for the model's tests: it plays the worker's part with no
 * thread, from the engine's own pieces (the step-by-step trace for watch, the enumeration for
 * solve and paging, find), so a test drives the model with scripted times and sees exactly what
 * the engine would have sent. It can lag (hand out only `ready` events) or stay silent (a solve
 * above ENUMERATED rows never reports, as at a large N).
 */
#ifndef TEST_SOLVER_SCRIPT_H
#define TEST_SOLVER_SCRIPT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "nq/effort.h"
#include "nq/enumerate.h"
#include "nq/figures.h"
#include "nq/find.h"
#include "nq/heatmap.h"
#include "nq/symmetry.h"
#include "nq/trace.h"

/* The solutions a script keeps for paging; the tests page boards with fewer. Boards above
 * ENUMERATED rows are too big to list: their solve never reports (as at a large N). */
enum { KEPT = 400, ENUMERATED = 12 };

typedef struct script {
    nq_job job;
    int starts, cancels;
    bool lagging;         /* the "worker" has only `ready` events made so far */
    bool index_behind;    /* solve: the progress report comes before any solution is pageable */
    bool by_halves;       /* solve: reports the figures of a fill by halves (NQ_BASIS_HALVES) */
    size_t ready;
    nq_trace trace;
    bool over;            /* the job's done event was handed out */
    bool trace_ended;     /* watch: the done step was handed out, the done event is next */
    bool complete;        /* the done event says it ran to its end */
    uint64_t unique;      /* what the done event carries */
    double seconds;       /* what the done event says the job took */
    uint64_t published;   /* solutions reachable by index so far */
    uint64_t solved;      /* solve: how far the script has got */
    int cols[KEPT][NQ_MAX_N];
    uint64_t count;       /* solutions of the board (all of them, whatever was kept) */
    int *found;           /* find: its solution (room for found_room columns; freed by the solver's destroy) */
    int found_room;
    nq_effort efforts[NQ_METHOD_COUNT]; /* compare: worked out at the start, handed out in order */
    int efforts_out;
} script;

static void script_start(void *context, const nq_job *job)
{
    script *s = context;
    s->job = *job;
    s->starts++;
    s->over = s->trace_ended = false;
    s->published = s->solved = s->count = 0;
    const nq_square *first = job->has_first ? &job->first : NULL;
    if (job->n <= NQ_MAX_N) { /* above it only find runs */
        nq_plan plan = nq_plan_make(job->n, first, job->method);
        plan.seed = job->seed;
        nq_trace_start(&s->trace, &plan);
        nq_enum e;
        nq_enum_init(&e, job->n, first);
        int cols[NQ_MAX_N];
        /* A unique job keeps the smallest board of each class only. */
        while (job->n <= ENUMERATED && nq_enum_next(&e, cols)) {
            if (job->kind == NQ_JOB_UNIQUE && !nq_symmetry_is_canonical(job->n, cols))
                continue;
            if (s->count < KEPT)
                memcpy(s->cols[s->count], cols, sizeof cols);
            s->count++;
        }
    }
    if (job->kind == NQ_JOB_FIND && job->n > s->found_room) {
        free(s->found);
        s->found = malloc((size_t)job->n * sizeof *s->found);
        s->found_room = s->found ? job->n : 0;
    }
    if (job->kind == NQ_JOB_FIND && s->found && nq_find(job->n, first, s->found))
        s->published = 1;
    s->efforts_out = 0;
    for (int m = 0; job->kind == NQ_JOB_COMPARE && m < NQ_METHOD_COUNT; m++) {
        nq_plan p = nq_plan_make(job->n, first, (nq_method)m);
        s->efforts[m] = nq_effort_run(&p, &(nq_run){1, NULL, NULL, NULL, 0});
    }
}

static void script_cancel(void *context)
{
    script *s = context;
    s->cancels++;
    s->over = true;
}

static nq_event done_event(script *s, uint64_t solutions, uint64_t nodes, uint64_t dead_ends)
{
    nq_event e = {.generation = 0, .kind = NQ_EVENT_DONE};
    e.as.figures.progress = (nq_progress){
        .solutions = solutions,
        .found = solutions,
        .nodes = nodes,
        .dead_ends = dead_ends,
        .seconds = s->seconds,
        .complete = s->complete,
        .basis = s->job.kind == NQ_JOB_WATCH ? NQ_BASIS_ROW_SEARCH
                 : s->by_halves              ? NQ_BASIS_HALVES
                                             : NQ_BASIS_INDEX_FILL,
    };
    e.as.figures.unique = s->unique;
    s->over = true;
    return e;
}

static size_t script_poll(void *context, nq_event *out, size_t max)
{
    script *s = context;
    if (s->lagging && max > s->ready)
        max = s->ready;
    size_t got = 0;
    bool solve = s->job.kind == NQ_JOB_SOLVE || s->job.kind == NQ_JOB_UNIQUE;
    if (solve && s->job.n > ENUMERATED)
        return 0;
    for (; got < max && !s->over; s->ready -= s->lagging) {
        if (s->job.kind == NQ_JOB_COMPARE && s->efforts_out < NQ_METHOD_COUNT) {
            nq_event e = {.kind = NQ_EVENT_PROGRESS};
            s->efforts_out++;
            out[got++] = e;
        } else if (s->job.kind == NQ_JOB_COMPARE) {
            out[got++] = done_event(s, 0, 0, 0);
        } else if (s->job.kind == NQ_JOB_FIND) {
            out[got++] = done_event(s, s->published, 0, 0);
        } else if (solve && s->solved < s->count / 2) {
            /* First a progress report with half of them known, then the end. */
            s->solved = s->count / 2;
            s->published = s->index_behind ? 0 : s->solved;
            nq_event e = {.kind = NQ_EVENT_PROGRESS};
            e.as.figures.progress = (nq_progress){
                .solutions = s->solved,
                .found = s->solved + 1,
                .nodes = 7,
                .dead_ends = 3,
                .basis = s->by_halves ? NQ_BASIS_HALVES : NQ_BASIS_INDEX_FILL,
            };
            out[got++] = e;
        } else if (solve) {
            s->published = s->count;
            out[got++] = done_event(s, s->count, 100, 50);
            if (s->job.kind == NQ_JOB_UNIQUE) /* as the worker's: the number of unique boards */
                out[got - 1].as.figures.unique = s->count;
        } else if (s->trace_ended) {
            out[got++] = done_event(s, s->trace.solutions, s->trace.nodes, s->trace.dead_ends);
        } else {
            nq_event e = {.kind = NQ_EVENT_STEP};
            s->trace_ended = !nq_trace_next(&s->trace, &e.as.step) || e.as.step.kind == NQ_STEP_DONE;
            /* As the worker: first fail's solutions are pageable once it is over; min-conflicts
                 * keeps no list. */
            if (s->job.method == NQ_METHOD_FIRSTFAIL ? e.as.step.kind == NQ_STEP_DONE
                                                     : e.as.step.kind == NQ_STEP_SOLUTION &&
                                                           s->job.method != NQ_METHOD_MINCONFLICTS)
                s->published = s->trace.solutions;
            out[got++] = e;
        }
    }
    return got;
}

static uint64_t script_reachable(void *context)
{
    const script *s = context;
    return s->published;
}

static bool script_solution(void *context, uint64_t k, int *cols)
{
    const script *s = context;
    if (k < 1 || k > s->published)
        return false;
    if (s->job.kind == NQ_JOB_FIND) {
        memcpy(cols, s->found, (size_t)s->job.n * sizeof *cols);
        return true;
    }
    if (k > KEPT)
        return false;
    memcpy(cols, s->cols[k - 1], (size_t)s->job.n * sizeof *cols);
    return true;
}

/* The position of cols among the kept solutions (1-based), 0 if it is not one of them. */
static uint64_t script_rank(void *context, const int *cols)
{
    const script *s = context;
    for (uint64_t k = 0; k < s->count && k < KEPT; k++)
        if (!memcmp(s->cols[k], cols, (size_t)s->job.n * sizeof *cols))
            return k + 1;
    return 0;
}

/* A compare job's figures of a method handed out so far. */
static bool script_effort(void *context, nq_method method, nq_effort *out)
{
    const script *s = context;
    if (s->job.kind != NQ_JOB_COMPARE || (int)method >= s->efforts_out)
        return false;
    *out = s->efforts[method];
    return true;
}

/* A script that runs jobs to their end, with a job time of 1 ms and no unique count. */
static inline void script_init(script *s)
{
    memset(s, 0, sizeof *s);
    s->complete = true;
    s->seconds = 0.001;
}

static void script_destroy(void *context)
{
    script *s = context;
    free(s->found);
    s->found = NULL;
    s->found_room = 0;
}

static inline ex_solver script_solver(script *s)
{
    return (ex_solver){s, script_start, script_cancel, script_poll, script_reachable, script_solution, script_rank,
                       script_effort, script_destroy, NULL};
}

/* A heatmap solver for the model's tests: it counts the whole map when started, then reports its
 * end at the first poll. */
typedef struct heat_script {
    nq_heatmap *map;
    int starts, cancels;
    bool over;
} heat_script;

static void heat_script_start(void *context, const nq_job *job)
{
    heat_script *h = context;
    nq_heatmap_free(h->map);
    h->map = nq_heatmap_create(job->n, job->has_first ? &job->first : NULL);
    nq_heatmap_fill(h->map, &(nq_run){1, NULL, NULL, NULL, 0});
    h->starts++;
    h->over = false;
}

static void heat_script_cancel(void *context)
{
    heat_script *h = context;
    h->cancels++;
    h->over = true;
}

static size_t heat_script_poll(void *context, nq_event *out, size_t max)
{
    heat_script *h = context;
    if (h->over || !max)
        return 0;
    h->over = true;
    out[0] = (nq_event){.kind = NQ_EVENT_DONE};
    out[0].as.figures.progress = (nq_progress){
        .solutions = (uint64_t)nq_heatmap_known(h->map),
        .found = nq_heatmap_total(h->map),
        .seconds = 0.001,
        .complete = true,
    };
    return 1;
}

static bool heat_script_heat(void *context, nq_square square, uint64_t *count)
{
    heat_script *h = context;
    return h->map && nq_heatmap_get(h->map, square, count);
}

static void heat_script_destroy(void *context)
{
    heat_script *h = context;
    nq_heatmap_free(h->map);
    h->map = NULL;
}

static inline ex_solver heat_script_solver(heat_script *h)
{
    memset(h, 0, sizeof *h);
    return (ex_solver){.context = h, .start = heat_script_start, .cancel = heat_script_cancel, .poll = heat_script_poll,
                       .destroy = heat_script_destroy, .heat = heat_script_heat};
}

#endif
