/*
 * panel.c -- the side panel as data, written whole each frame from the facts: the pinned queen,
 * the solution line, the figures (figures.c) or nothing where the comparison table or the
 * heatmap's legend has those lines, the narration of what the board shows, the class or how far
 * paging reaches, and the notice line (the answer to the last action, else the key mode's prompt,
 * else a fact about the state, else predicting's question). The narration switches on ex_showing()
 * alone; while it is the learner's turn, the solution line, the class line and the fact are play.c's.
 */
#include "panel.h"

#include <stdio.h>
#include <string.h>

#include "feature.h"
#include "nq/i18n.h"

static const char *const line_keys[EX_LINE_COUNT] = {
    "first",    "solution", "solutions", "placed", "deadends", "elapsed", "rate", "score", "verdict",
    "unique",   "timeline", "narration", "about",  "notice",   "hint",   "lesson", "lesson_page", "lesson_say",
    "lesson_task", "lesson_done", "lesson_keys",
};

const char *ex_line_key(ex_line_id id)
{
    return line_keys[id];
}

/* What a huge board's view shows. */
static void wide_narration(const explorer *ex, char *buf, size_t size)
{
    if (!ex->viewing) {
        if (ex->state == EX_SEARCHING)
            snprintf(buf, size, "%s", _("Looking for any one solution, not the first in order."));
        else
            snprintf(buf, size, "%s", _("Find was stopped."));
        return;
    }
    int c0, c1, r0, r1;
    ui_view_squares(ex->view, ex->n, &c0, &c1, &r0, &r1);
    char from_c[32], to_c[32], from_r[32], to_r[32];
    nq_grouped((uint64_t)c0 + 1, from_c, sizeof from_c);
    nq_grouped((uint64_t)c1 + 1, to_c, sizeof to_c);
    nq_grouped((uint64_t)r0 + 1, from_r, sizeof from_r);
    nq_grouped((uint64_t)r1 + 1, to_r, sizeof to_r);
    /* TRANSLATORS: the part of a huge board in the window; the numbers are grouped by thousands. */
    snprintf(buf, size, _("One solution, found directly and verified. In view: columns %s to %s, rows %s to %s."),
             from_c, to_c, from_r, to_r);
}

/* Whether the board shows the last solution a finished watch found (where it ends by itself). */
static bool last_found(const explorer *ex)
{
    return ex->job == NQ_JOB_WATCH && ex->state == EX_FINISHED && ex->k == ex_figures_shown(ex).solutions;
}

/* What a solution paged to is. */
static void solution_narration(const explorer *ex, char *buf, size_t size)
{
    char k[32];
    nq_grouped(ex->k, k, sizeof k);
    if (ex->classes.unique)
        /* TRANSLATORS: %s is a number grouped by thousands; "its class": the boards that turns and
         * mirrors make of this one; "smallest": first in lexicographic order. */
        snprintf(buf, size, _("Unique board %s, the smallest of its class."), k);
    else if (ex->job == NQ_JOB_FIND) /* TRANSLATORS: Find is the name of a way to search, as on its button. */
        snprintf(buf, size, "%s", _("Find builds one solution directly; it has no number in the order."));
    else if (last_found(ex)) {
        char all[32];
        uint64_t found = ex_figures_shown(ex).solutions;
        nq_grouped(found, all, sizeof all);
        snprintf(buf, size,
                 /* TRANSLATORS: a watched search has ended, and the board shows the last solution it
                  * found: the first %s is how many it found, the second that solution's number (both
                  * grouped by thousands; they may be reordered: %1$s, %2$s). */
                 ngettext("The search is over: %s solution. The board shows the last one found, solution %s.",
                          "The search is over: %s solutions. The board shows the last one found, solution %s.",
                          (unsigned long)found),
                 all, k);
    } else {
        /* TRANSLATORS: the narration while the board shows a solution paged to: %s is its number
         * in lexicographic order, grouped by thousands; the rest is the puzzle's rule, met. */
        snprintf(buf, size, _("Solution %s: no two queens share a row, a column or a diagonal."), k);
    }
}

/* What Solve or Find is doing before any solution is shown. */
static void search_narration(const explorer *ex, char *buf, size_t size)
{
    char count[32];
    uint64_t solutions = ex_figures_shown(ex).solutions;
    nq_grouped(solutions, count, sizeof count);
    if (ex->job == NQ_JOB_FIND && ex->state == EX_SEARCHING)
        snprintf(buf, size, "%s", _("Looking for any one solution, not the first in order."));
    else if (ex->job == NQ_JOB_FIND)
        snprintf(buf, size, "%s", _("Find was stopped."));
    else if (ex->state == EX_SEARCHING)
        snprintf(buf, size, "%s", _("Solving at full speed."));
    else if (ex->state == EX_STOPPED)
        snprintf(buf, size, "%s", _("The search was stopped."));
    else /* TRANSLATORS: %s is a number grouped by thousands. */
        snprintf(buf, size,
                 ngettext("The search is over: %s solution.", "The search is over: %s solutions.",
                          (unsigned long)solutions),
                 count);
}

void ex_rule_text(int n, char *buf, size_t size)
{
    snprintf(buf, size,
             /* TRANSLATORS: the puzzle's rule, the first thing a first start says (and the top of the
              * help); every %d is N, the board's size: the number of queens, then its columns by its
              * rows. */
             ngettext("Place %d queen on the %d x %d board so that no two queens share a row, a column or a diagonal.",
                      "Place %d queens on the %d x %d board so that no two queens share a row, a column or a "
                      "diagonal.",
                      (unsigned long)n),
             n, n, n);
}

void ex_narration(const explorer *ex, char *buf, size_t size)
{
    if (ex_welcoming(ex)) {
        ex_rule_text(ex->n, buf, size);
        return;
    }
    ex_shown shown = ex_showing(ex);
    if (shown != EX_SHOWN_RACE && shown != EX_SHOWN_WIDE && ex_heat_view(ex)) {
        ex_heat_narration(ex, buf, size);
        return;
    }
    switch (shown) {
    case EX_SHOWN_PLAY: ex_play_narration(ex, buf, size); return;
    case EX_SHOWN_RACE: ex_race_narration(ex, buf, size); return;
    case EX_SHOWN_WIDE: wide_narration(ex, buf, size); return;
    case EX_SHOWN_CLASS:
    case EX_SHOWN_SOLUTION: solution_narration(ex, buf, size); return;
    case EX_SHOWN_STEP: ex_watch_narration(ex, buf, size); return;
    case EX_SHOWN_SEARCH:
    case EX_SHOWN_COUNT: break;
    }
    search_narration(ex, buf, size);
}

/* The notice line: the answer to the last action, else the key mode's prompt, else a fact about
 * the state that the person can act on (the race's, the question while predicting). */
static bool notice_line(const explorer *ex, double now, char *buf, size_t size)
{
    if (ex_notice_text(ex, now, buf, size) || ex_key_prompt(ex, buf, size) || ex_race_fact(ex, buf, size) ||
        ex_play_fact(ex, buf, size) || ex_predict_question_text(ex, buf, size))
        return true;
    if (ex_welcoming(ex)) {
        /* TRANSLATORS: what to do first, under the puzzle's rule at a first start; Space is a key
         * name and stays as it is. */
        snprintf(buf, size, "%s",
                 _("Click a square to pin the first queen there, or press Space to start the search."));
        return true;
    }
    if (ex_run_phase(ex) == EX_PHASE_STOPPED && !ex_wide(ex)) {
        /* TRANSLATORS: R is a key name and stays as it is. */
        snprintf(buf, size, "%s", _("Search stopped. R restarts it."));
        return true;
    }
    return false;
}

void ex_panel_make(const explorer *ex, double now, ex_panel *p)
{
    memset(p->has, 0, sizeof p->has);
    p->figures = ex->figures_owner;
    if (ex->has_first)
        /* TRANSLATORS: the pinned first queen's row and column (counted from 1, from the top left). */
        snprintf(p->text[EX_LINE_FIRST], EX_LINE_SIZE, _("First queen: row %d, column %d"), ex->first.row + 1,
                 ex->first.column + 1);
    else if (ex_play_on(ex)) /* a click places the learner's queen: it pins none */
        /* TRANSLATORS: your turn, and no first queen is pinned (a click there places a queen). */
        snprintf(p->text[EX_LINE_FIRST], EX_LINE_SIZE, "%s", _("No queen pinned."));
    else /* TRANSLATORS: no first queen is pinned; clicking a square pins one there. */
        snprintf(p->text[EX_LINE_FIRST], EX_LINE_SIZE, "%s", _("No queen pinned yet: click a square."));
    p->has[EX_LINE_FIRST] = true;
    if (!ex_play_solution_line(ex, p->text[EX_LINE_SOLUTION], EX_LINE_SIZE))
        ex_solution_text(ex, p->text[EX_LINE_SOLUTION], EX_LINE_SIZE);
    p->has[EX_LINE_SOLUTION] = true;
    if ((ex->figures_owner == EX_FIGURES_FIGURES || ex_wide(ex)) && !ex_play_on(ex)) /* the search's, not yours */
        ex_figure_lines(ex, now, p);
    ex_narration(ex, p->text[EX_LINE_NARRATION], EX_LINE_SIZE);
    p->has[EX_LINE_NARRATION] = p->text[EX_LINE_NARRATION][0] != '\0';
    if (ex_play_on(ex))
        ex_play_about(ex, p->text[EX_LINE_ABOUT], EX_LINE_SIZE);
    else
        ex_class_text(ex, p->text[EX_LINE_ABOUT], EX_LINE_SIZE);
    if (!p->text[EX_LINE_ABOUT][0] && !ex_play_on(ex))
        ex_reach_text(ex, p->text[EX_LINE_ABOUT], EX_LINE_SIZE);
    p->has[EX_LINE_ABOUT] = p->text[EX_LINE_ABOUT][0] != '\0';
    p->has[EX_LINE_NOTICE] = notice_line(ex, now, p->text[EX_LINE_NOTICE], EX_LINE_SIZE);
    /* TRANSLATORS: the last line of the panel: F1 and ? are key names (keep them) that open the help. */
    snprintf(p->text[EX_LINE_HINT], EX_LINE_SIZE, "%s", _("F1 or ?: every key"));
    p->has[EX_LINE_HINT] = true;
    ex_lesson_lines(ex, p);
}
