/*
 * paging.c -- the solutions in lexicographic order, one at a time: the number paged to, the board
 * shown (fetched from the solver, checked, then shown), how far paging reaches while the search
 * goes on, the solution line over the paging buttons, and the board as text. Paging asks the
 * solver for the k-th solution, so it is instant however many there are; while unique paging is
 * on, it asks the unique job's solver for the k-th board of one per class.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feature.h"
#include "nq/figures.h"
#include "nq/i18n.h"
#include "play.h"

#define FIND_HINT_SECONDS 3.0   /* after this long with no solution in order, offer Find */

const int *ex_board(const explorer *ex)
{
    return ex->viewing ? ex->shown : ex->cols;
}

/* The solver paging reads: the unique job's while paging one board per class. */
static const ex_solver *pager(const explorer *ex)
{
    return ex->classes.unique ? &ex->classes.solver : &ex->solver;
}

/* The boards paging can reach now. */
uint64_t ex_paging_reachable(const explorer *ex)
{
    return ex->classes.unique ? ex->classes.solver.reachable(ex->classes.solver.context) : ex_reachable(ex);
}

uint64_t ex_reachable(const explorer *ex)
{
    uint64_t reachable = ex->solver.reachable(ex->solver.context);
    /* Watch pages only what the animation has shown, though the worker may be further on. */
    if (ex->job == NQ_JOB_WATCH && reachable > ex->reported.solutions)
        reachable = ex->reported.solutions;
    return reachable;
}

/* The unique-paging line: "Unique 3 of 12". */
static void unique_line(const explorer *ex, char *buf, size_t size)
{
    char k[32], total[32];
    nq_grouped(ex->k, k, sizeof k);
    nq_grouped(ex->classes.counted, total, sizeof total);
    if (ex->viewing && ex->classes.state == EX_SEARCHING)
        /* TRANSLATORS: the count line above the board, paging one board per class (the boards
         * that turns and mirrors make of each other): board %s of %s found so far. Numbers are
         * grouped by thousands ("1,234"). */
        snprintf(buf, size, _("Unique %s of %s so far"), k, total);
    else if (ex->viewing) /* TRANSLATORS: as above, once the unique boards are all counted. */
        snprintf(buf, size, _("Unique %s of %s"), k, total);
    else if (ex->classes.state == EX_SEARCHING)
        snprintf(buf, size, "%s", _("Unique boards: counting..."));
    else
        snprintf(buf, size, "%s", _("No unique board"));
}

/* The line while the board shows solution k of the run's M. */
static void page_line(const explorer *ex, uint64_t m, char *buf, size_t size)
{
    char k[32], total[32];
    nq_grouped(ex->k, k, sizeof k);
    nq_grouped(m, total, sizeof total);
    switch (ex_run_phase(ex)) {
    case EX_PHASE_PLAYING:
    case EX_PHASE_SOLVING:
        /* TRANSLATORS: the count line above the board: the solution shown is the first %s of the
         * second %s found (numbers grouped by thousands, "1,234"); "so far": the search still runs;
         * "before the stop": it was stopped. */
        snprintf(buf, size, _("Solution %s of %s so far"), k, total);
        break;
    case EX_PHASE_PAUSED:
    case EX_PHASE_REPLAYING:
        /* TRANSLATORS: as above, while the watched search waits: solution %s of the %s it has
         * found; it goes on when played. */
        snprintf(buf, size, _("Solution %s of %s (search paused)"), k, total);
        break;
    case EX_PHASE_STOPPED: snprintf(buf, size, _("Solution %s of %s before the stop"), k, total); break;
    default: /* TRANSLATORS: the count line above the board: solution %s of %s, the search over. */
        snprintf(buf, size, _("Solution %s of %s"), k, total);
    }
}

/* The line while the board shows the search itself (its step, or the board it starts from). */
static void search_line(const explorer *ex, uint64_t m, char *buf, size_t size)
{
    char total[32];
    nq_grouped(m, total, sizeof total);
    unsigned long n = (unsigned long)m;
    ex_phase phase = ex_run_phase(ex);
    bool at_edge = !ex->timeline || ex->cursor == nq_timeline_length(ex->timeline);
    bool live = phase == EX_PHASE_PLAYING || phase == EX_PHASE_SOLVING;
    if (ex_no_solution(ex))
        snprintf(buf, size, "%s", _("No solution"));
    else if (live && !m)
        snprintf(buf, size, "%s", _("Searching..."));
    else if (live)
        /* TRANSLATORS: the count line above the board: %s is a number grouped by thousands
         * ("1,234"); "so far": the search still runs; "before the stop": it was stopped. */
        snprintf(buf, size, ngettext("%s solution so far", "%s solutions so far", n), total);
    else if ((!at_edge || phase == EX_PHASE_PAUSED) && !m)
        /* TRANSLATORS: the count line above the board while it shows a step of the watched search
         * that is not its latest (or the search is paused): none found up to it. */
        snprintf(buf, size, "%s", _("No solution up to this step"));
    else if (!at_edge || phase == EX_PHASE_PAUSED)
        /* TRANSLATORS: as above: %s solutions found up to the step shown (grouped by thousands). */
        snprintf(buf, size, ngettext("%s solution up to this step", "%s solutions up to this step", n), total);
    else if (phase == EX_PHASE_STOPPED && !m)
        snprintf(buf, size, "%s", _("Stopped before a solution"));
    else if (phase == EX_PHASE_STOPPED)
        snprintf(buf, size, ngettext("%s solution before the stop", "%s solutions before the stop", n), total);
    else /* TRANSLATORS: the count line above the board, the search over. */
        snprintf(buf, size, ngettext("%s solution", "%s solutions", n), total);
}

void ex_solution_text(const explorer *ex, char *buf, size_t size)
{
    ex_shown shown = ex_showing(ex);
    if (shown == EX_SHOWN_RACE) { /* no board of the search is shown: the lanes are */
        ex_race_solution_line(ex, buf, size);
        return;
    }
    if (ex->classes.unique && shown != EX_SHOWN_STEP && shown != EX_SHOWN_SEARCH) {
        unique_line(ex, buf, size);
        return;
    }
    if (ex->job == NQ_JOB_FIND) {
        if (ex->viewing)
            snprintf(buf, size, "%s", _("One solution, found directly"));
        else if (ex->state == EX_SEARCHING)
            snprintf(buf, size, "%s", _("Finding one solution..."));
        else
            snprintf(buf, size, "%s", _("Find was stopped"));
        return;
    }
    if (ex->classes.unique) {
        unique_line(ex, buf, size);
        return;
    }
    uint64_t m = ex_figures_shown(ex).solutions;
    if (ex->viewing)
        page_line(ex, m, buf, size);
    else
        search_line(ex, m, buf, size);
}

void ex_reach_text(const explorer *ex, char *buf, size_t size)
{
    buf[0] = '\0';
    if (ex_wide(ex)) {
        /* TRANSLATORS: Watch and Solve are the names of the two modes, as on their buttons; N is the
         * board's size. */
        snprintf(buf, size, _("Watch, Solve and paging: N up to %d."), NQ_MAX_N);
        return;
    }
    bool by_halves = ex->job == NQ_JOB_SOLVE && ex->reported.basis == NQ_BASIS_HALVES;
    if (by_halves && ex->state == EX_STOPPED && ex_reachable(ex) == 0 && ex_figures_shown(ex).solutions > 0) {
        /* TRANSLATORS: after "None pageable yet: this search puts the solutions in order only when
         * it ends; then all are pageable.", when the person stopped that search first. */
        snprintf(buf, size, "%s",
                 _("None pageable: the search was stopped before its end, where it puts them in order."));
        return;
    }
    if (ex->state != EX_SEARCHING || ex->job == NQ_JOB_FIND)
        return;
    uint64_t reachable = ex_reachable(ex);
    uint64_t found = ex_figures_shown(ex).solutions;
    if (ex->job == NQ_JOB_SOLVE && reachable == 0 && ex_clock_read(&ex->clock, ex->last_update) >= FIND_HINT_SECONDS) {
        /* TRANSLATORS: N is the board's size; F is a key name and stays as it is. */
        snprintf(buf, size, _("The first solution in order can take long at N = %d: F finds one solution now."),
                 ex->n);
    } else if (ex->job == NQ_JOB_WATCH && ex->method == NQ_METHOD_FIRSTFAIL && found > 0) {
        /* TRANSLATORS: First fail is the name of a search method; pageable: the person can page to
         * them (arrow keys). */
        snprintf(buf, size, "%s", _("First fail finds solutions out of order: pageable once it is over."));
    } else if (reachable == 0 && found > 0 && by_halves) {
        snprintf(buf, size, "%s",
                 /* TRANSLATORS: Solve of a board from 12 to 19 (with or without a pinned queen) counts
                  * by halves (a fast search that finds no solution in order); pageable: the person
                  * can page to them. */
                 _("None pageable yet: this search puts the solutions in order only when it ends; then all are "
                   "pageable."));
    } else if (reachable == 0 && found > 0) {
        snprintf(buf, size, "%s", _("None pageable yet: solutions become pageable in order as the search goes on."));
    } else if (reachable < found) {
        char first[32];
        nq_grouped(reachable, first, sizeof first);
        /* TRANSLATORS: %s is a count of solutions, already grouped by thousands. */
        snprintf(buf, size, _("Pageable: the first %s in order; the rest as the search goes on."), first);
    }
}

char *ex_board_text(const explorer *ex)
{
    uint64_t rank = 0;
    bool play = ex_play_on(ex), solved = play && ex_play_solved(ex, &rank);
    if (!play && !ex->viewing)
        return NULL;
    const int *cols = play ? ex_play_queens(ex, NULL) : ex->shown;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    if (ex_wide(ex)) /* a million rows of a million squares would not fit: the line of columns */
        fprintf(out, "Solution of the %d x %d board (each row's column, top row first):\n", ex->n, ex->n);
    else if (play && !solved)
        fprintf(out, "Your board (not a solution yet):\n");
    else if (!play && ex->job == NQ_JOB_FIND)
        fprintf(out, "Solution:\n");
    else
        fprintf(out, "Solution %llu:\n", (unsigned long long)(play ? rank : ex->k));
    if (ex_wide(ex))
        nq_line_write(out, ex->n, cols);
    else
        nq_board_write(out, ex->n, cols);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Shows solution k of the solver (it must be reachable) and tells the trace when the line a
 * person reads ("Solution k of M") is not the one it last told. */
bool ex_show_solution(explorer *ex, uint64_t k)
{
    int *cols = ex->fetched;
    const ex_solver *from = pager(ex);
    if (!from->solution(from->context, k, cols)) {
        ex_notify(ex, EX_NOTICE_NOT_AVAILABLE, k, NULL, NULL);
        return false;
    }
    if (!nq_verify(ex->n, cols, ex->has_first ? &ex->first : NULL, NULL) ||
        (ex->classes.unique && !nq_symmetry_is_canonical(ex->n, cols))) {
        ex_notify(ex, EX_NOTICE_UNVERIFIED, 0, NULL, NULL);
        return false;
    }
    ex->fetched = ex->shown;
    ex->shown = cols;
    ex->shown_serial++;
    ex_note_class(ex);
    ex_refresh_variant_numbers(ex);
    ex->viewing = true;
    ex->k = k;
    bool more = ex->classes.unique ? ex->classes.state == EX_SEARCHING : ex->state == EX_SEARCHING;
    uint64_t of = ex->classes.unique ? ex->classes.counted : ex_figures_shown(ex).solutions;
    if (ex->traced.k == k && ex->traced.of == of && ex->traced.more == more && ex->traced.unique == ex->classes.unique)
        return true;
    ex->traced.k = k;
    ex->traced.of = of;
    ex->traced.more = more;
    ex->traced.unique = ex->classes.unique;
    if (ex->trace) {
        /* Written a row at a time: a board above NQ_MAX_N has up to a million columns. */
        if (ex->job == NQ_JOB_FIND && !ex->classes.unique)
            fputs("found:", ex->trace);
        else
            fprintf(ex->trace, "%s %llu of %llu%s:", ex->classes.unique ? "unique" : "solution", (unsigned long long)k,
                    (unsigned long long)of, more ? "+" : "");
        for (int r = 0; r + 1 < ex->n; r++)
            fprintf(ex->trace, " %d", cols[r] + 1);
        ex_trace_line(ex, " %d", cols[ex->n - 1] + 1);
    }
    return true;
}

ex_reach ex_paging_reach(const explorer *ex, char *last, size_t size)
{
    uint64_t reachable = ex_paging_reachable(ex);
    nq_grouped(reachable, last, size);
    if (!reachable)
        return EX_REACH_NONE;
    return (ex->classes.unique ? ex->classes.state : ex->state) == EX_SEARCHING ? EX_REACH_GROWING : EX_REACH_ALL;
}

bool ex_page_to(explorer *ex, uint64_t k)
{
    if (ex->job == NQ_JOB_FIND && !ex->classes.unique) {
        ex_notify(ex, EX_NOTICE_FIND_ONE, 0, NULL, NULL);
        return false;
    }
    if (k < 1 || k > ex_paging_reachable(ex)) {
        ex_notify(ex, EX_NOTICE_NOT_PAGEABLE, k, NULL, NULL);
        return false;
    }
    if (ex->mode == EX_WATCH && !ex->classes.unique)
        ex->paused = true; /* paging holds the animation; Space goes back to it */
    bool shown = ex_show_solution(ex, k);
    ex_sync_clock(ex, ex->last_update);
    return shown;
}

static void page(explorer *ex, int64_t delta)
{
    uint64_t reachable = ex_paging_reachable(ex);
    if (!reachable || (ex->job == NQ_JOB_FIND && !ex->classes.unique)) {
        ex_page_to(ex, 1);
        return;
    }
    int64_t k = ex->viewing ? (int64_t)ex->k : 0;
    k += delta;
    if (k < 1)
        k = 1;
    if ((uint64_t)k > reachable)
        k = (int64_t)reachable;
    ex_page_to(ex, (uint64_t)k);
}

/* End: the last solution paging reaches; while Solve still runs, a notice says it is the last so
 * far, and why. */
static void last_solution(explorer *ex)
{
    char last[32];
    if (ex_page_to(ex, ex_paging_reachable(ex)) && ex->job == NQ_JOB_SOLVE && !ex->classes.unique &&
        ex_paging_reach(ex, last, sizeof last) == EX_REACH_GROWING)
        ex_notify(ex, EX_NOTICE_LAST_SO_FAR, ex->k, NULL, NULL);
}

/* The paging keys: arrows, Home and End, PgUp and PgDn. */
static bool paging_act(explorer *ex, ex_action action, int value, double now)
{
    (void)value;
    (void)now;
    switch (action) {
    case EX_ACT_PREVIOUS: page(ex, -1); return true;
    case EX_ACT_NEXT: page(ex, 1); return true;
    case EX_ACT_FIRST_SOLUTION: ex_page_to(ex, 1); return true;
    case EX_ACT_LAST_SOLUTION: last_solution(ex); return true;
    case EX_ACT_BACK_TEN: page(ex, -10); return true;
    case EX_ACT_FORWARD_TEN: page(ex, 10); return true;
    default: return false;
    }
}

const ex_feature ex_feature_paging = {"paging", paging_act, NULL, NULL};
