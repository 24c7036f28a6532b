/*
 * team.h -- running one piece of work on several threads at once, with an optional reporter.
 * Private to src/core.
 *
 * Every thread runs the same work function, which takes subproblems from a shared cursor of its
 * own until none are left (or it sees a cancel flag): that is the engine's dynamic work sharing,
 * and this module only owns the threads. With a reporter the calling thread does no work and
 * calls it every `interval` seconds until the workers are done; otherwise the calling thread is
 * one of the workers.
 */
#ifndef NQ_TEAM_H
#define NQ_TEAM_H

typedef struct nq_team {
    int threads;                     /* workers; 0 means one per core online */
    void (*work)(void *context);     /* run once on every worker thread */
    void *context;
    void (*report)(void *report_context, double seconds); /* NULL, or called while the work runs */
    void *report_context;
    double interval;                 /* seconds between reports; 0 means 1/60 */
} nq_team;

/* Runs team->work on team->threads threads and returns when every one has returned (all are
 * joined). If a thread cannot be started, fewer do the work. Any thread may call it. */
void nq_team_run(const nq_team *team);

/* The number of threads 0 stands for: the cores online. */
int nq_team_default_threads(void);

#endif
