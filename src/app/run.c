/*
 * run.c -- the search of the board as the person follows it: the solver's job, its events applied
 * in order (as many per update as the watch speed has earned since the last one; at any speed
 * none is skipped), its state, its clock, and its figures. A watched search's steps go into the
 * timeline as they are shown, and the board, the step and the figures are read back from the
 * timeline at the cursor (watch.c); so going back shows a step exactly as it was first shown, and
 * playing on goes through the recorded steps before it takes new ones from the worker.
 */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "feature.h"
#include "nq/figures.h"
#include "nq/i18n.h"

/* At full speed, at most this many steps an update (a few milliseconds for the costliest method
 * on the largest board; the app calls again while its frame has time); Solve takes every
 * progress event there is. */
enum { MAX_STEPS_PER_UPDATE = 1 << 13, SOLVE_EVENTS_PER_UPDATE = 4096 };
/* Events are taken from the solver in batches of this many. */
enum { EVENT_BATCH = 256 };
#define FLASH_SECONDS 0.4       /* a found solution lights the board this long */
#define RATE_WINDOW_SECONDS 0.5 /* steps per second are measured over this long of play */
#define SLOW_WATCH 10.0         /* steps a second below which the clock shows whole seconds */

/* Room for a solution of the n x n board in shown and fetched (at least NQ_MAX_N); ends the
 * program, as every allocation that fails does, when there is no memory. */
void ex_make_room(explorer *ex, int n)
{
    int room = n > NQ_MAX_N ? n : NQ_MAX_N;
    if (room <= ex->room)
        return;
    int *shown = realloc(ex->shown, (size_t)room * sizeof *shown);
    int *fetched = shown ? realloc(ex->fetched, (size_t)room * sizeof *fetched) : NULL;
    if (!shown || !fetched) {
        /* TRANSLATORS: %d is N, the board's size. */
        app_warn(_("out of memory for a board of %d"), n);
        abort();
    }
    ex->shown = shown;
    ex->fetched = fetched;
    ex->room = room;
}

void ex_start_job(explorer *ex, nq_job_kind kind, double now)
{
    nq_job job = {kind, ex->n, ex->has_first, ex->first, 0, ex->method, ex->seed};
    ex->solver.start(ex->solver.context, &job);
    ex->run++;
    ex->job = kind;
    ex->state = EX_SEARCHING;
    ex->paused = false; /* every search starts the way the first one did: playing */
    ex->last_update = now;
    ex_clock_reset(&ex->clock, now);
    ex->step_budget = 0;
    ex->step_wanted = ex->trace_cursor = false;
    ex->steps_shown = 0;
    ex->rate = 0;
    ex->rate_mark_time = now;
    ex->rate_mark_steps = 0;
    for (int r = 0; r < NQ_MAX_N; r++)
        ex->cols[r] = -1;
    if (ex->has_first && !ex_wide(ex))
        ex->cols[ex->first.row] = ex->first.column;
    const nq_square *first = ex->has_first ? &ex->first : NULL;
    nq_timeline_free(ex->timeline);
    nq_tree_free(ex->tree_panel.tree);
    nq_tree_view_free(ex->tree_panel.view);
    bool watch = kind == NQ_JOB_WATCH, tree = watch && nq_method_complete(ex->method);
    nq_plan plan = nq_plan_make(ex->n, first, ex->method);
    plan.seed = ex->seed;
    ex->timeline = watch ? nq_timeline_create_plan(&plan) : NULL;
    ex->tree_panel.tree = tree ? nq_tree_create(ex->n, first) : NULL;
    ex->tree_panel.view = tree ? nq_tree_view_create() : NULL;
    ex->cursor = 0;
    if (ex->timeline) /* before the first step: the board the method starts from */
        nq_timeline_seek(ex->timeline, 0, &ex->moment);
    else
        memset(&ex->moment, 0, sizeof ex->moment);
    memset(ex->marks, 0, sizeof ex->marks);
    ex->mark_span = 1;
    ex->has_step = false;
    ex->dead_end_row = -1;
    ex->flash_until = 0;
    memset(&ex->reported, 0, sizeof ex->reported);
    ex->reported.basis = watch ? NQ_BASIS_ROW_SEARCH : NQ_BASIS_INDEX_FILL;
    ex->reported.method = watch ? ex->method : NQ_METHOD_BACKTRACK;
    ex->solver_seconds = -1;
    ex->solution_rank = 0;
    ex->has_unique = false;
    ex->unique = 0;
    ex->viewing = false;
    ex->k = ex->traced.k = 0;
    ex->keys = EX_KEYS_NORMAL; /* a goto or pin in progress belonged to the board that was */
    ex_tree_update(ex);
    ex_sync_clock(ex, now);
}

void ex_stop(explorer *ex)
{
    if (ex->state != EX_SEARCHING)
        return;
    ex->solver.cancel(ex->solver.context);
    ex->state = EX_STOPPED;
    ex_sync_clock(ex, ex->last_update);
}

bool ex_no_solution(const explorer *ex)
{
    bool at_end = !ex->timeline || ex->cursor == nq_timeline_length(ex->timeline);
    return ex->state == EX_FINISHED && ex->reported.solutions == 0 && at_end;
}

void ex_no_solution_reason(const explorer *ex, char *buf, size_t size)
{
    if (ex->n == 2 || ex->n == 3) /* TRANSLATORS: the board's size, columns by rows: 2 x 2 or 3 x 3. */
        snprintf(buf, size, _("No %d x %d board has a solution."), ex->n, ex->n);
    else if (ex->has_first) /* TRANSLATORS: where the pinned queen stands, counted from 1. */
        snprintf(buf, size, _("No solution has a queen at row %d, column %d."), ex->first.row + 1,
                 ex->first.column + 1);
    else
        snprintf(buf, size, "%s", _("This board has no solution."));
}

/* The figures of a report of Solve or Find (a watch's come from its timeline). */
static void take_figures(explorer *ex, const nq_progress *p, bool done)
{
    ex_figures *f = &ex->reported;
    f->basis = (int)p->basis;
    f->solutions = done ? p->solutions : p->found;
    f->placed = p->nodes;
    f->dead_ends = p->dead_ends;
}

static void apply_done(explorer *ex, const nq_event *e)
{
    const nq_progress *p = &e->as.figures.progress;
    ex->state = p->complete ? EX_FINISHED : EX_STOPPED;
    if (ex->job != NQ_JOB_WATCH) {
        take_figures(ex, p, true);
        ex->solver_seconds = p->seconds;
    }
    ex->has_unique = p->complete && !ex->has_first && ex->job != NQ_JOB_FIND &&
                     (ex->job != NQ_JOB_WATCH || nq_method_complete(ex->method));
    ex->unique = e->as.figures.unique;
    if (ex->job == NQ_JOB_FIND) {
        if (p->solutions)
            ex_show_solution(ex, 1);
        else
            ex_trace_line(ex, "nosolution");
        return;
    }
    /* A watch's figures are its last step's, which the update shows after this event. */
    uint64_t solutions = ex->job == NQ_JOB_WATCH ? p->solutions : ex->reported.solutions;
    uint64_t placed = ex->job == NQ_JOB_WATCH ? p->nodes : ex->reported.placed;
    uint64_t dead_ends = ex->job == NQ_JOB_WATCH ? p->dead_ends : ex->reported.dead_ends;
    ex_trace_line(ex, "done solutions %llu nodes %llu deadends %llu", (unsigned long long)solutions,
                  (unsigned long long)placed, (unsigned long long)dead_ends);
    if (!solutions && p->complete)
        ex_trace_line(ex, "nosolution");
}

/* Applies one event: a watched step is recorded in the timeline (the cursor follows it after
 * the update), figures replace the figures, the end ends the search. */
static void apply_event(explorer *ex, const nq_event *e)
{
    switch ((nq_event_kind)e->kind) {
    case NQ_EVENT_STEP:
        nq_timeline_record(ex->timeline, &e->as.step);
        if (ex->tree_panel.tree)
            nq_tree_record(ex->tree_panel.tree, &e->as.step);
        if (e->as.step.kind == NQ_STEP_SOLUTION)
            ex_mark_solution(ex, nq_timeline_length(ex->timeline));
        break;
    case NQ_EVENT_PROGRESS:
        if (ex->job != NQ_JOB_WATCH)
            take_figures(ex, &e->as.figures.progress, false);
        break;
    case NQ_EVENT_DONE: apply_done(ex, e); break;
    }
}

/* How many events this update may take. */
static size_t events_due(explorer *ex, double now)
{
    if (ex->job != NQ_JOB_WATCH)
        return ex->state == EX_SEARCHING ? SOLVE_EVENTS_PER_UPDATE : 0;
    size_t due;
    if (ex->step_wanted)
        due = 1;
    else if (ex->replay.active && ex_moment_due(ex) > 0) /* a moment opened replays to its step */
        due = ex_moment_due(ex) < MAX_STEPS_PER_UPDATE ? (size_t)ex_moment_due(ex) : MAX_STEPS_PER_UPDATE;
    else if (ex->paused)
        due = 0;
    else if (ex->speed == EX_SPEED_MAX)
        due = MAX_STEPS_PER_UPDATE;
    else {
        ex->step_budget += ex->speed * (now - ex->last_update);
        if (ex->step_budget > ex->speed + 1)
            ex->step_budget = ex->speed + 1; /* after a stall, catch up at most a second's worth */
        due = (size_t)ex->step_budget;
    }
    return ex->step_limited && due > ex->step_limit ? (size_t)ex->step_limit : due; /* a question holds it */
}

/* Measures the steps shown a second over the last RATE_WINDOW_SECONDS of play; while the watch
 * does not play the measure starts again, so a pause never counts. */
static void measure_rate(explorer *ex, double now)
{
    ex_phase phase = ex_run_phase(ex);
    if (phase != EX_PHASE_PLAYING && phase != EX_PHASE_REPLAYING) {
        ex->rate = 0;
        ex->rate_mark_time = now;
        ex->rate_mark_steps = ex->steps_shown;
    } else if (now - ex->rate_mark_time >= RATE_WINDOW_SECONDS) {
        ex->rate = (double)(ex->steps_shown - ex->rate_mark_steps) / (now - ex->rate_mark_time);
        ex->rate_mark_time = now;
        ex->rate_mark_steps = ex->steps_shown;
    }
}

/* How finely the run's time is shown: to a hundredth of a second, but in a watch slower than
 * SLOW_WATCH steps a second to the second, so that the clock alone redraws the window once a
 * second rather than every frame. */
static double elapsed_tick(const explorer *ex)
{
    return ex->job == NQ_JOB_WATCH && ex->speed != EX_SPEED_MAX && ex->speed < SLOW_WATCH ? 1.0 : 0.01;
}

/* The run's time: the worker's own at the end of Solve or Find, else the clock's. */
static double elapsed(const explorer *ex, double now)
{
    return ex->solver_seconds >= 0 ? ex->solver_seconds : ex_clock_read(&ex->clock, now);
}

/* Whether this update played a watch to its end (the cursor was at `from` and the state
 * `before`): the search is over, the last step is shown and nothing holds the animation. The
 * board then shows the last solution found, as End would, rather than the empty board the
 * search ends on. */
static bool played_to_the_end(const explorer *ex, uint64_t from, ex_state before)
{
    if (ex->job != NQ_JOB_WATCH || ex->state != EX_FINISHED || !ex->timeline || ex->paused || ex->viewing ||
        ex->classes.unique || ex_racing(ex) || ex->cursor != nq_timeline_length(ex->timeline))
        return false;
    return (ex->cursor != from || before != EX_FINISHED) && ex_paging_reachable(ex) > 0;
}

bool ex_run_update(explorer *ex, double now)
{
    bool changed = false;
    double shown_before = elapsed(ex, ex->last_update);
    size_t due = events_due(ex, now);
    uint64_t from = ex->cursor, solutions_before = ex->reported.solutions;
    ex_state state_before = ex->state;
    if (ex->timeline) {
        /* Steps already recorded first (the person went back), then new ones from the worker. */
        uint64_t behind = nq_timeline_length(ex->timeline) - ex->cursor;
        uint64_t replayed = due < behind ? due : behind;
        ex->cursor += replayed;
        due -= (size_t)replayed;
    }
    nq_event events[EVENT_BATCH];
    while (due > 0 && ex->state == EX_SEARCHING && (!ex->timeline || ex->cursor == nq_timeline_length(ex->timeline))) {
        size_t got = ex->solver.poll(ex->solver.context, events, due < EVENT_BATCH ? due : EVENT_BATCH);
        for (size_t i = 0; i < got && ex->state == EX_SEARCHING; i++)
            apply_event(ex, &events[i]);
        if (ex->timeline)
            ex->cursor = nq_timeline_length(ex->timeline);
        if (!got)
            break;
        due -= got;
        changed = true;
    }
    if (ex->timeline && ex->cursor != from) {
        uint64_t moved = ex->cursor - from;
        ex_show_step(ex, ex->cursor);
        ex->steps_shown += moved;
        ex->step_budget = ex->step_budget >= (double)moved ? ex->step_budget - (double)moved : 0;
        ex->step_wanted = false;
        if (ex->step_limited && moved == ex->step_limit)
            ex->paused = true; /* it waits there (predict.c: a question) */
        if (ex->trace_cursor) {
            ex->trace_cursor = false;
            ex_trace_step(ex);
        }
        if (ex->moment.trace.solutions > solutions_before && ex->cursor == nq_timeline_length(ex->timeline))
            ex->flash_until = now + FLASH_SECONDS;
        changed = true;
    }
    if (played_to_the_end(ex, from, state_before))
        changed |= ex_show_solution(ex, ex_paging_reachable(ex));
    ex_sync_clock(ex, now);
    double tick = elapsed_tick(ex), shown_now = elapsed(ex, now);
    changed |= (long long)(shown_before / tick) != (long long)(shown_now / tick); /* the time shown moved */
    if (ex->job == NQ_JOB_SOLVE && !ex->viewing && ex_reachable(ex) > 0 && !ex->classes.unique)
        changed |= ex_show_solution(ex, 1);
    measure_rate(ex, now);
    if (ex->flash_until > 0 && now >= ex->flash_until) {
        ex->flash_until = 0;
        changed = true;
    }
    return changed;
}

/* Seconds until the run's time shown moves on by itself (negative: it does not). */
static double elapsed_wait(const explorer *ex, double now)
{
    if (!ex->clock.running)
        return -1;
    double tick = elapsed_tick(ex), t = elapsed(ex, now);
    return (double)((long long)(t / tick) + 1) * tick - t;
}

double ex_wait(const explorer *ex, double now)
{
    double wait = -1;
    if (ex_racing(ex) && !ex->racing.paused && !race_over(&ex->racing.run))
        return 0;
    if (ex->replay.active) /* a moment opened: its replay, or its page on the way */
        return 0;
    ex_phase phase = ex_run_phase(ex);
    bool replaying = phase == EX_PHASE_REPLAYING;
    if (ex->state == EX_SEARCHING || replaying) {
        bool watch = ex->job == NQ_JOB_WATCH;
        if (!watch || ex->step_wanted || (!ex->paused && (ex->speed == EX_SPEED_MAX || ex->step_budget >= 1)))
            wait = 0;
        else if (!ex->paused)
            wait = (1 - ex->step_budget) / ex->speed;
    }
    double clock = elapsed_wait(ex, now), notice = ex_notice_wait(ex, now);
    if (clock >= 0 && (wait < 0 || clock < wait))
        wait = clock;
    if (notice >= 0 && (wait < 0 || notice < wait))
        wait = notice;
    if (ex->flash_until > 0) {
        double flash = ex->flash_until - now;
        if (flash < 0)
            flash = 0;
        if (wait < 0 || flash < wait)
            wait = flash;
    }
    return wait;
}

void ex_elapsed_text(const explorer *ex, double now, char *buf, size_t size)
{
    double t = elapsed(ex, now);
    if (elapsed_tick(ex) >= 1)
        /* TRANSLATORS: the time the search has taken, in seconds ("s"), on a small label. */
        snprintf(buf, size, _("%lld s"), (long long)t);
    else /* TRANSLATORS: the time the search has taken, in seconds ("s"), on a small label. */
        snprintf(buf, size, _("%.2f s"), t);
}

void ex_rate_text(const explorer *ex, char *buf, size_t size)
{
    ex_phase phase = ex_run_phase(ex);
    if (ex->job != NQ_JOB_WATCH || (phase != EX_PHASE_PLAYING && phase != EX_PHASE_REPLAYING))
        snprintf(buf, size, "-");
    else
        nq_grouped((uint64_t)(ex->rate + 0.5), buf, size);
}

ex_figures ex_figures_shown(const explorer *ex)
{
    if (ex_showing(ex) == EX_SHOWN_STEP) {
        const nq_trace *t = &ex->moment.trace;
        ex_figures f = {NQ_BASIS_ROW_SEARCH, (nq_method)t->method, t->solutions, t->nodes,
                        t->dead_ends,        t->wipe_outs,         t->crossed,   t->moves};
        return f;
    }
    ex_figures f = ex->reported;
    /* The worker's index may be ahead of its last report: what can be paged is found. */
    uint64_t reachable = ex->job == NQ_JOB_WATCH ? 0 : ex->solver.reachable(ex->solver.context);
    if (reachable > f.solutions)
        f.solutions = reachable;
    return f;
}

bool ex_unique_count(const explorer *ex, uint64_t *count, bool *so_far)
{
    *so_far = false;
    if (ex->has_first)
        return false;
    bool of_this_board =
        (ex->classes.state == EX_SEARCHING || ex->classes.state == EX_FINISHED) && ex->classes.n == ex->n;
    if (of_this_board && ex->classes.state == EX_FINISHED) {
        *count = ex->classes.counted;
        return true;
    }
    if (ex->has_unique && ex->job != NQ_JOB_FIND) {
        *count = ex->unique;
        return true;
    }
    if (of_this_board && ex->classes.unique) {
        *count = ex->classes.counted;
        *so_far = true;
    }
    return false;
}
