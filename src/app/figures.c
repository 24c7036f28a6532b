/*
 * figures.c -- the panel's figure lines: solutions, queens placed, dead ends (or what the method
 * counts instead), elapsed time, steps a second, the unique count and where the timeline stands.
 * Every line reads one value, ex_figures_shown(), as of what the board shows, and says which time
 * it is of ("so far", "up to this step", "before the stop"); the labels of the work figures come
 * from the engine's words for the search that made them (nq/figures.h), so a fast search's
 * figures are never shown as the plain row search's.
 */
#include <stdio.h>
#include <string.h>

#include "feature.h"
#include "nq/figures.h"
#include "nq/i18n.h"
#include "panel.h"

void ex_compact(uint64_t v, char *buf, size_t size)
{
    static const char *const units[] = {"K", "M", "G", "T", "P", "E"};
    if (v < 100000) {
        nq_grouped(v, buf, size);
        return;
    }
    double x = (double)v / 1000;
    int u = 0;
    while (x >= 999.95 && u < 5) {
        x /= 1000;
        u++;
    }
    snprintf(buf, size, x >= 100 ? "%.0f %s" : "%.1f %s", x, units[u]);
}

/* "Queens placed: 2,056": a label of the engine's words (translated, its first letter a capital
 * where the script has capitals) and a count. */
static void labelled(const char *words, uint64_t count, char *buf, size_t size)
{
    char label[256], number[32];
    snprintf(label, sizeof label, "%s", _(words));
    if (label[0] >= 'a' && label[0] <= 'z')
        label[0] = (char)(label[0] - 'a' + 'A');
    nq_grouped(count, number, sizeof number);
    /* TRANSLATORS: a figure in the panel: its name (as the figures are named elsewhere, e.g.
     * "Queens placed"), then its value, a number grouped by thousands. */
    snprintf(buf, size, C_("figure", "%s: %s"), label, number);
}

/* Which time the figures shown are of. */
typedef enum as_of { LIVE, UP_TO_STEP, WAITING, STOPPED, FINAL } as_of;

static as_of figures_time(const explorer *ex)
{
    ex_phase phase = ex_run_phase(ex);
    bool step = ex_showing(ex) == EX_SHOWN_STEP;
    bool at_edge = !ex->timeline || ex->cursor == nq_timeline_length(ex->timeline);
    if (step && !at_edge)
        return UP_TO_STEP;
    switch (phase) {
    case EX_PHASE_PLAYING:
    case EX_PHASE_SOLVING: return LIVE;
    case EX_PHASE_PAUSED:
    case EX_PHASE_REPLAYING: return step ? UP_TO_STEP : WAITING;
    case EX_PHASE_STOPPED: return STOPPED;
    default: return FINAL;
    }
}

static void solutions_line(const explorer *ex, const ex_figures *f, char *buf, size_t size)
{
    char num[32];
    nq_grouped(f->solutions, num, sizeof num);
    if (ex->job == NQ_JOB_FIND) {
        /* TRANSLATORS: a figure in the panel: F found one solution without counting them (Find is that search). */
        snprintf(buf, size, "%s", _("Solutions: not counted by Find"));
        return;
    }
    switch (figures_time(ex)) {
    case LIVE: /* TRANSLATORS: a figure in the panel, while the search goes on; %s is grouped by thousands. */
        snprintf(buf, size, _("Solutions: %s so far"), num);
        break;
    case UP_TO_STEP:
        /* TRANSLATORS: a figure in the panel: the solutions found up to the step of the watched
         * search the board shows (%s, grouped by thousands). */
        snprintf(buf, size, _("Solutions up to this step: %s"), num);
        break;
    case WAITING:
        /* TRANSLATORS: a figure in the panel: the solutions the watched search has found (%s,
         * grouped by thousands); it waits and goes on when played. */
        snprintf(buf, size, _("Solutions: %s (search paused)"), num);
        break;
    case STOPPED:
        /* TRANSLATORS: a figure in the panel: the solutions found before the search was stopped. */
        snprintf(buf, size, _("Solutions: %s before the stop"), num);
        break;
    case FINAL: /* TRANSLATORS: a figure in the panel; %s is a number already grouped by thousands. */
        snprintf(buf, size, _("Solutions: %s"), num);
        break;
    }
}

/* The third figure: the dead ends, or what the method counts in their place. */
static void failures_line(const ex_figures *f, char *buf, size_t size)
{
    char num[32], crossed[32];
    if (f->basis != NQ_BASIS_ROW_SEARCH || f->method == NQ_METHOD_BACKTRACK) {
        labelled(nq_basis_failed_words((nq_basis)f->basis), f->dead_ends, buf, size);
    } else if (f->method == NQ_METHOD_MINCONFLICTS) {
        nq_grouped(f->moves, num, sizeof num);
        /* TRANSLATORS: a figure in the panel: min-conflicts' moves; %s is grouped by thousands. */
        snprintf(buf, size, _("Moves: %s"), num);
    } else {
        nq_grouped(f->wipe_outs, num, sizeof num);
        nq_grouped(f->crossed, crossed, sizeof crossed);
        /* TRANSLATORS: a figure in the panel: rows left with no free square, and squares crossed off as
         * attacked; both numbers are grouped by thousands. */
        snprintf(buf, size, _("Wipe-outs: %s, crossed off: %s"), num, crossed);
    }
}

static void unique_line(const explorer *ex, char *buf, size_t size)
{
    uint64_t count;
    bool so_far;
    char num[32];
    bool known = ex_unique_count(ex, &count, &so_far);
    nq_grouped(known || so_far ? count : 0, num, sizeof num);
    if (ex->has_first) {
        /* TRANSLATORS: a figure in the panel: unique solutions are not counted while a queen is pinned. */
        snprintf(buf, size, "%s", _("Unique: not with a pinned queen"));
    } else if (known) {
        /* TRANSLATORS: a figure in the panel: solutions counted once per class under rotation and
         * reflection; %s is grouped by thousands. */
        snprintf(buf, size, _("Unique (rotation, reflection): %s"), num);
    } else if (so_far) {
        /* TRANSLATORS: as above, while they are still being counted. */
        snprintf(buf, size, _("Unique (rotation, reflection): %s so far"), num);
    } else if (ex->job == NQ_JOB_FIND) {
        /* TRANSLATORS: a figure in the panel: the unique solutions (one per class under rotation and
         * reflection) are not counted by a Find. */
        snprintf(buf, size, "%s", _("Unique: not counted by Find"));
    } else if (ex->job == NQ_JOB_WATCH && !nq_method_complete(ex->method)) {
        /* TRANSLATORS: a figure in the panel: a method that finds one solution (%s is its name,
         * "Min-conflicts") does not count the unique ones. */
        snprintf(buf, size, _("Unique: not counted by %s"), _(nq_method_title(ex->method)));
    } else {
        /* TRANSLATORS: a figure in the panel: the unique solutions are counted once the search ends. */
        snprintf(buf, size, "%s", _("Unique: when the search ends"));
    }
}

void ex_figure_lines(const explorer *ex, double now, ex_panel *p)
{
    if (ex_racing(ex)) { /* the race's own (racing.c) */
        ex_race_figure_lines(ex, p);
        return;
    }
    ex_figures f = ex_figures_shown(ex);
    char num[32];
    solutions_line(ex, &f, p->text[EX_LINE_SOLUTIONS], EX_LINE_SIZE);
    labelled(nq_basis_placed_words((nq_basis)f.basis), f.placed, p->text[EX_LINE_PLACED], EX_LINE_SIZE);
    failures_line(&f, p->text[EX_LINE_DEADENDS], EX_LINE_SIZE);
    ex_elapsed_text(ex, now, num, sizeof num);
    /* TRANSLATORS: a figure in the panel: the time the search has run, like "1.5 s". */
    snprintf(p->text[EX_LINE_ELAPSED], EX_LINE_SIZE, _("Elapsed: %s"), num);
    ex_rate_text(ex, num, sizeof num);
    /* TRANSLATORS: a figure in the panel; %s is a number grouped by thousands, or "-" when solving. */
    snprintf(p->text[EX_LINE_RATE], EX_LINE_SIZE, _("Steps per second: %s"), num);
    unique_line(ex, p->text[EX_LINE_UNIQUE], EX_LINE_SIZE);
    for (int i = EX_LINE_SOLUTIONS; i <= EX_LINE_UNIQUE; i++)
        p->has[i] = true;
    p->has[EX_LINE_RATE] = ex->job == NQ_JOB_WATCH; /* only a watch goes step by step */
    /* While predicting: the score and the last verdict, in the places of the rate, the time and the
     * unique count (the person's pace, not the search's, sets them then); unique paging keeps its
     * count beside its "Unique k of U". */
    p->has[EX_LINE_SCORE] = ex_predict_score_text(ex, p->text[EX_LINE_SCORE], EX_LINE_SIZE);
    p->has[EX_LINE_VERDICT] = ex_predict_verdict_text(ex, p->text[EX_LINE_VERDICT], EX_LINE_SIZE);
    if (p->has[EX_LINE_SCORE])
        p->has[EX_LINE_RATE] = p->has[EX_LINE_ELAPSED] = false;
    if (p->has[EX_LINE_SCORE] && !ex->classes.unique)
        p->has[EX_LINE_UNIQUE] = false;
    if (ex->job == NQ_JOB_FIND) /* Find counts nothing: only its time and its one solution */
        p->has[EX_LINE_PLACED] = p->has[EX_LINE_DEADENDS] = false;
    ex_step_text(ex, p->text[EX_LINE_TIMELINE], EX_LINE_SIZE);
    p->has[EX_LINE_TIMELINE] = p->text[EX_LINE_TIMELINE][0] != '\0';
}
