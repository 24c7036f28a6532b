/*
 * compare.c -- the methods' comparison table: each method's whole search of the board, run by a
 * second solver of its own (so the watch goes on) while the table has the panel's figure lines.
 * The table keeps the board it is of and is never shown for another; the effort figures are the
 * engine's (nq_effort, the row search's), failures counted by nq_failures() alone. The words of its
 * key and its time column are written here, so that the table says what its columns count and
 * its times read at every N.
 */
#include <stdio.h>
#include <string.h>

#include "feature.h"
#include "nq/figures.h"
#include "nq/i18n.h"

void ex_set_comparer(explorer *ex, ex_solver comparer)
{
    ex->compare.solver = comparer;
}

bool ex_compare_current(const explorer *ex)
{
    return (ex->compare.state == EX_SEARCHING || ex->compare.state == EX_FINISHED) && ex->compare.n == ex->n &&
           ex->compare.has_first == ex->has_first &&
           (!ex->has_first || (ex->compare.first.column == ex->first.column && ex->compare.first.row == ex->first.row));
}

void ex_compare_time_text(double seconds, char *buf, size_t size)
{
    double us = seconds * 1e6;
    if (us < 10)
        /* TRANSLATORS: a time in the comparison table, in microseconds ("µs"), like "4.5 µs". */
        snprintf(buf, size, _("%.1f µs"), us);
    else if (us < 999.5)
        /* TRANSLATORS: a time in the comparison table, in microseconds ("µs"), like "52 µs". */
        snprintf(buf, size, _("%.0f µs"), us);
    else if (us < 9999.5)
        /* TRANSLATORS: a time in the comparison table, in milliseconds, like "3.4 ms". */
        snprintf(buf, size, _("%.1f ms"), us / 1e3);
    else if (us < 999500)
        /* TRANSLATORS: a time in the comparison table, in milliseconds, like "250 ms". */
        snprintf(buf, size, _("%.0f ms"), us / 1e3);
    else
        /* TRANSLATORS: seconds in the comparison table's time column, like "1.25 s". */
        snprintf(buf, size, _("%.2f s"), seconds);
}

void ex_compare_key(char *buf, size_t size)
{
    snprintf(buf, size, "%s",
             /* TRANSLATORS: the key under the comparison table: what each column counts. "placed", "failed"
              * and "crossed" are the column headings, as translated there; a wipe-out is a row left with no
              * free square (the word the figures use). */
             _("placed: queens put on the board; failed: dead ends and wipe-outs; crossed: squares crossed off."));
}

/* Starts the comparison of the board as it is now, unless the table is of it already. */
static void start_compare(explorer *ex, double now)
{
    (void)now;
    if (ex->figures_owner != EX_FIGURES_COMPARE || ex_compare_current(ex))
        return;
    nq_job job = {NQ_JOB_COMPARE, ex->n, ex->has_first, ex->first, 0, NQ_METHOD_BACKTRACK, 1};
    ex->compare.solver.start(ex->compare.solver.context, &job);
    ex->compare.state = EX_SEARCHING;
    ex->compare.n = ex->n;
    ex->compare.has_first = ex->has_first;
    ex->compare.first = ex->first;
    memset(ex->compare.known, 0, sizeof ex->compare.known);
}

/* A table no longer shown stops its searches. */
static void stop_unless_shown(explorer *ex)
{
    if (ex->compare.state == EX_SEARCHING && ex->figures_owner != EX_FIGURES_COMPARE) {
        ex->compare.solver.cancel(ex->compare.solver.context);
        ex->compare.state = EX_STOPPED;
    }
}

static void toggle_compare(explorer *ex, double now)
{
    if (!ex->compare.solver.start) {
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
    if (ex->compare.state != EX_SEARCHING)
        return false;
    nq_event events[16];
    size_t got = ex->compare.solver.poll(ex->compare.solver.context, events, 16);
    for (int m = 0; got > 0 && m < NQ_METHOD_COUNT; m++) {
        if (ex->compare.known[m] ||
            !ex->compare.solver.effort(ex->compare.solver.context, (nq_method)m, &ex->compare.efforts[m]))
            continue;
        ex->compare.known[m] = true;
        const nq_effort *e = &ex->compare.efforts[m];
        ex_trace_line(ex, "compare %s placed %llu failures %llu crossed %llu solutions %llu moves %llu",
                      nq_method_key((nq_method)m), (unsigned long long)e->nodes,
                      (unsigned long long)nq_failures(e->dead_ends, e->wipe_outs), (unsigned long long)e->crossed,
                      (unsigned long long)e->solutions, (unsigned long long)e->moves);
    }
    for (size_t i = 0; i < got; i++)
        if (events[i].kind == NQ_EVENT_DONE)
            ex->compare.state = events[i].as.figures.progress.complete ? EX_FINISHED : EX_STOPPED;
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
