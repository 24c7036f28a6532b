/*
 * solver.h -- what the app's model needs of a solver, as one table of functions, so that the
 * model (model.c, heat.c) runs on the worker thread in the app and on a script in tests alike.
 * The worker's is ex_worker_solver (model.h). Part of the model: no SDL.
 */
#ifndef EX_SOLVER_H
#define EX_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/effort.h"
#include "nq/method.h"
#include "nq/worker.h"

/* Where a solver's job stands, as the model follows it (the search the person sees, or a
 * feature's own job). Not the worker's busy flag: a watched search is over
 * for the person only when its last step has been shown, long after the worker finished. */
typedef enum ex_state {
    EX_IDLE,      /* never started (a feature's solver before it is first asked) */
    EX_SEARCHING, /* its done event has not been applied */
    EX_FINISHED,  /* it ran to its end */
    EX_STOPPED    /* the person stopped it (Esc), or it ended early */
} ex_state;

/*
 * What the model needs of a solver: start a job (cancelling the previous one), cancel, take the
 * current job's events, and ask how many of its solutions are reachable by index and for the k-th
 * (cols gets n entries). nq_worker is the real one (ex_worker_solver); tests script their own.
 * destroy (may be NULL) is called by whoever owns the solver when it is done with it.
 */
typedef struct ex_solver {
    void *context;
    void (*start)(void *context, const nq_job *job);
    void (*cancel)(void *context);
    size_t (*poll)(void *context, nq_event *out, size_t max);
    uint64_t (*reachable)(void *context);
    bool (*solution)(void *context, uint64_t k, int *cols);
    uint64_t (*rank)(void *context, const int *cols); /* lexicographic position, 0: not known */
    bool (*effort)(void *context, nq_method method, nq_effort *out); /* a compare job's figures */
    void (*destroy)(void *context);
    bool (*heat)(void *context, nq_square square, uint64_t *count); /* a heatmap job's numbers (NULL for a
                                                                       solver that runs no heatmap) */
} ex_solver;

/* Destroys the solver (when it has a destroy) and leaves *solver empty. */
static inline void ex_solver_release(ex_solver *solver)
{
    if (solver->destroy)
        solver->destroy(solver->context);
    *solver = (ex_solver){0};
}

#endif
