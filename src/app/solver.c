/*
 * solver.c -- the worker behind the ex_solver seam (solver.h): each call handed to nq_worker as it
 * is, so that the model runs on the worker thread in the app and on a script in tests alike.
 */
#include "model.h"

static void worker_start(void *w, const nq_job *job)
{
    nq_worker_start(w, job);
}

static void worker_cancel(void *w)
{
    nq_worker_cancel(w);
}

static size_t worker_poll(void *w, nq_event *out, size_t max)
{
    return nq_worker_poll(w, out, max);
}

static uint64_t worker_reachable(void *w)
{
    return nq_worker_reachable(w);
}

static bool worker_solution(void *w, uint64_t k, int *cols)
{
    return nq_worker_solution(w, k, cols);
}

static uint64_t worker_rank(void *w, const int *cols)
{
    return nq_worker_rank(w, cols);
}

static bool worker_effort(void *w, nq_method method, nq_effort *out)
{
    return nq_worker_effort(w, method, out);
}

static void worker_destroy(void *w)
{
    nq_worker_destroy(w);
}

static bool worker_heat(void *w, nq_square square, uint64_t *count)
{
    return nq_worker_heat(w, square, count);
}

ex_solver ex_worker_solver(nq_worker *w)
{
    return (ex_solver){w,           worker_start,  worker_cancel,  worker_poll, worker_reachable, worker_solution,
                       worker_rank, worker_effort, worker_destroy, worker_heat};
}
