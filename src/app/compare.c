/*
 * compare.c -- the methods' comparison table: each method's whole search of the board, run by a
 * second solver of its own (so the watch goes on) while the table has the panel's figure lines.
 * The table keeps the board it is of and is never shown for another; the effort figures are the
 * engine's (nq_effort, the row search's), failures counted by nq_failures() alone.
 */
#include <string.h>

#include "feature.h"
#include "nq/figures.h"

void ex_set_comparer(explorer *ex, ex_solver comparer)
{
    ex->comparer = comparer;
}

bool ex_compare_current(const explorer *ex)
{
    return (ex->compare_state == EX_SEARCHING || ex->compare_state == EX_FINISHED) && ex->compare_n == ex->n && ex->compare_has_first == ex->has_first &&
           (!ex->has_first || (ex->compare_first.column == ex->first.column && ex->compare_first.row == ex->first.row));
}

/* Starts the comparison of the board as it is now, unless the table is of it already. */
static void start_compare(explorer *ex, double now)
{
    (void)now;
    if (ex->figures_owner != EX_FIGURES_COMPARE || ex_compare_current(ex))
        return;
    nq_job job = {NQ_JOB_COMPARE, ex->n, ex->has_first, ex->first, 0, NQ_METHOD_BACKTRACK, 1};
    ex->comparer.start(ex->comparer.context, &job);
    ex->compare_state = EX_SEARCHING;
    ex->compare_n = ex->n;
    ex->compare_has_first = ex->has_first;
    ex->compare_first = ex->first;
    memset(ex->effort_known, 0, sizeof ex->effort_known);
}

/* A table no longer shown stops its searches. */
static void stop_unless_shown(explorer *ex)
{
    if (ex->compare_state == EX_SEARCHING && ex->figures_owner != EX_FIGURES_COMPARE) {
        ex->comparer.cancel(ex->comparer.context);
        ex->compare_state = EX_STOPPED;
    }
}

static void toggle_compare(explorer *ex, double now)
{
    if (!ex->comparer.start) {
        ex_notify(ex, EX_NOTICE_NO_COMPARE, 0, NULL, NULL);
        return;
    }
    bool shown = ex->figures_owner == EX_FIGURES_COMPARE;
    ex_own_figures(ex, shown ? EX_FIGURES_FIGURES : EX_FIGURES_COMPARE);
    start_compare(ex, now);
    stop_unless_shown(ex);
}

/* Takes the comparer's events: each method's figures as it finishes, traced once. */
static bool update_compare(explorer *ex, double now)
{
    (void)now;
    stop_unless_shown(ex);
    if (ex->compare_state != EX_SEARCHING)
        return false;
    nq_event events[16];
    size_t got = ex->comparer.poll(ex->comparer.context, events, 16);
    for (int m = 0; got > 0 && m < NQ_METHOD_COUNT; m++) {
        if (ex->effort_known[m] || !ex->comparer.effort(ex->comparer.context, (nq_method)m, &ex->efforts[m]))
            continue;
        ex->effort_known[m] = true;
        const nq_effort *e = &ex->efforts[m];
        ex_trace_line(ex, "compare %s placed %llu failures %llu crossed %llu solutions %llu moves %llu",
                      nq_method_key((nq_method)m), (unsigned long long)e->nodes,
                      (unsigned long long)nq_failures(e->dead_ends, e->wipe_outs), (unsigned long long)e->crossed,
                      (unsigned long long)e->solutions, (unsigned long long)e->moves);
    }
    for (size_t i = 0; i < got; i++)
        if (events[i].kind == NQ_EVENT_DONE)
            ex->compare_state = events[i].as.figures.progress.complete ? EX_FINISHED : EX_STOPPED;
    return got > 0;
}

static bool compare_act(explorer *ex, ex_action action, int value, double now)
{
    (void)value;
    if (action != EX_ACT_COMPARE)
        return false;
    toggle_compare(ex, now);
    return true;
}

const ex_feature ex_feature_compare = {"compare", compare_act, update_compare, start_compare};
