/*
 * team.h -- every thread the engine starts besides the worker's own: one piece of work on
 * several threads at once, with an optional reporter, or in the background. Private to src/core.
 *
 * Every thread runs the same work function, which takes subproblems from a shared cursor of its
 * own until none are left (or it sees a cancel flag): that is the engine's dynamic work sharing,
 * and this module only owns the threads. nq_team_run() returns when the work is done: with a
 * reporter the calling thread does no work and calls it every `interval` seconds until the
 * workers are done; otherwise the calling thread is one of the workers. nq_team_start() and
 * nq_team_join() run the work on threads of their own while the calling thread does something
 * else in between.
 */
#ifndef NQ_TEAM_H
#define NQ_TEAM_H

#include <pthread.h>

/* The most threads a team starts; more asked for are this many. */
enum { NQ_TEAM_MAX_THREADS = 256 };

typedef struct nq_team {
    int threads;                     /* workers; 0 means one per core online */
    void (*work)(void *context);     /* run once on every worker thread */
    void *context;
    void (*report)(void *report_context, double seconds); /* NULL, or called while the work runs */
    void *report_context;
    double interval;                 /* seconds between reports; 0 means 1/60 */
} nq_team;

/* The threads of a running team. Owned by the thread that started it; opaque to others. */
typedef struct nq_team_threads {
    const nq_team *team;
    int running;             /* workers still working, under lock */
    int started;
    pthread_mutex_t lock;
    pthread_cond_t finished; /* signalled when running drops to 0 */
    pthread_t ids[NQ_TEAM_MAX_THREADS];
} nq_team_threads;

/* Runs team->work on team->threads threads and returns when every one has returned (all are
 * joined). If a thread cannot be started, fewer do the work. Any thread may call it. */
void nq_team_run(const nq_team *team);

/* Starts team->work on team->threads threads of their own (the reporter is not used) and
 * returns at once; *threads must stay where it is until nq_team_join(). */
void nq_team_start(const nq_team *team, nq_team_threads *threads);

/* Waits for the threads nq_team_start() started and joins them. If none could be started, runs
 * the work on the calling thread first, so the work is always done once this returns. */
void nq_team_join(nq_team_threads *threads);

/* The number of threads 0 stands for: the cores online. */
int nq_team_default_threads(void);

#endif
