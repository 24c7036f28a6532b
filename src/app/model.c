/*
 * model.c -- the app's model. A search is a solver job; its events are applied here in order,
 * as many per update as the watch speed has earned since the last one (at any speed, none is
 * skipped). A watched search's steps go into a timeline as they are shown, and the board, the
 * step and the figures are always read back from the timeline at the cursor: so going back shows
 * a step exactly as it was first shown, and playing on goes through the recorded steps before it
 * takes new ones from the worker. Paging asks the solver for the k-th solution, so it is instant
 * however many there are. Every sentence a person reads about the search is written here, each
 * marked for translation as one whole message (a case that reads differently has its own message,
 * never an English piece glued in); the --trace lines stay English, for programs to read.
 */
#include "model.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "nq/i18n.h"

/* The watch speeds [ and ] step through (steps a second); the last one means no limit. */
static const double speeds[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 100000, EX_SPEED_MAX};
enum { SPEED_COUNT = sizeof speeds / sizeof speeds[0] };

/* At full speed, at most this many steps an update (a few milliseconds for the costliest method
 * on the largest board; the app calls again while its frame has time); Solve takes every
 * progress event there is. */
enum { MAX_STEPS_PER_UPDATE = 1 << 13, SOLVE_EVENTS_PER_UPDATE = 4096 };
/* Events are taken from the solver in batches of this many. */
enum { EVENT_BATCH = 256 };
#define FLASH_SECONDS 0.4       /* a found solution lights the board this long */
#define RATE_WINDOW_SECONDS 0.5 /* steps per second are measured over this long */
#define FIND_HINT_SECONDS 3.0   /* after this long with no solution in order, offer Find */
#define SLOW_WATCH 10.0         /* steps a second below which the clock shows whole seconds */

/* ---- the solver behind the worker ---- */

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

/* ---- the trace and the status line ---- */

static void trace_line(explorer *ex, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void trace_line(explorer *ex, const char *fmt, ...)
{
    if (!ex->trace)
        return;
    va_list ap;
    va_start(ap, fmt);
    int written = vfprintf(ex->trace, fmt, ap);
    va_end(ap);
    if (written < 0 || fputc('\n', ex->trace) == EOF || fflush(ex->trace) != 0) {
        /* TRANSLATORS: --trace is a command-line option and stays as it is; %s says why (from the
         * system). */
        app_warn(_("--trace: cannot write the trace (%s); tracing stops"), strerror(errno));
        ex->trace = NULL;
    }
}

void ex_status(explorer *ex, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ex->status, sizeof ex->status, fmt, ap);
    va_end(ap);
}

static void trace_first(explorer *ex)
{
    if (ex->has_first)
        trace_line(ex, "first %d %d", ex->first.column + 1, ex->first.row + 1);
    else
        trace_line(ex, "first none");
}

/* Keeps the rectangle (x, y, w, h) in traced; true if it differs from the one kept before. */
static bool rect_changed(int traced[4], int x, int y, int w, int h)
{
    int rect[4] = {x, y, w, h};
    if (!memcmp(rect, traced, sizeof rect))
        return false;
    memcpy(traced, rect, sizeof rect);
    return true;
}

void ex_note_board(explorer *ex, int x, int y, int w, int h)
{
    if (rect_changed(ex->traced_board, x, y, w, h))
        trace_line(ex, "board %d %d %d %d", x, y, w, h);
}

void ex_note_timeline(explorer *ex, int x, int y, int w, int h)
{
    if (rect_changed(ex->traced_timeline, x, y, w, h))
        trace_line(ex, "timeline %d %d %d %d", x, y, w, h);
}

void ex_note_panel(explorer *ex, int x, int y, int w, int h)
{
    if (rect_changed(ex->traced_panel, x, y, w, h))
        trace_line(ex, "panel %d %d %d %d", x, y, w, h);
}

void ex_set_language_hook(explorer *ex, ex_language_hook show, void *context)
{
    ex->show_language = show;
    ex->show_language_context = context;
}

bool ex_set_language(explorer *ex, int lang)
{
    char why[512];
    if (ex->show_language && !ex->show_language(ex->show_language_context, lang, why, sizeof why)) {
        ex_status(ex, "%s", why);
        return false;
    }
    nq_lang_use(lang, NULL);
    trace_line(ex, "lang %s", nq_lang_code(lang));
    /* TRANSLATORS: %s is the language's own name, as on the language button; L is a key name. */
    ex_status(ex, _("Language: %s. L switches to the next; the choice is kept for the next start."),
              nq_lang_name(lang));
    return true;
}

/* The next language that can be shown, `step` places on (1: the next, NQ_LANG_COUNT - 1: the
 * previous); the first one passed over is named in the status, in the language switched to. */
static void step_language(explorer *ex, int step)
{
    int skipped = -1, from = nq_lang_current();
    for (int k = 1; k < NQ_LANG_COUNT; k++) {
        int lang = (from + step * k) % NQ_LANG_COUNT;
        if (ex_set_language(ex, lang)) {
            char why[512];
            if (skipped >= 0 && !ex->show_language(ex->show_language_context, skipped, why, sizeof why))
                ex_status(ex, "%s", why);
            return;
        }
        if (skipped < 0)
            skipped = lang;
    }
}

void ex_note_variant(explorer *ex, int i, int x, int y, int w, int h)
{
    if (i >= 0 && i < 8 && rect_changed(ex->traced_variants[i], x, y, w, h))
        trace_line(ex, "variant %d %d %d %d %d", i + 1, x, y, w, h);
}

void ex_note_saved(explorer *ex, const char *path, bool ok, const char *why)
{
    if (!ok) {
        /* TRANSLATORS: the first %s is a file name, the second why it could not be saved. */
        ex_status(ex, _("Could not save %s: %s"), path, why);
        return;
    }
    /* TRANSLATORS: %s is a file name. */
    ex_status(ex, _("Saved to %s"), path);
    trace_line(ex, "saved %s", path);
}

/* ---- the search tree ---- */

/* How far a key zooms or moves the tree's view, and how far zoom goes either way. */
#define TREE_ZOOM_STEP 1.25
#define TREE_ZOOM_MOST 4.0
#define TREE_PAN_UNITS 3.0

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

bool ex_tree_shown(const explorer *ex)
{
    return ex->tree && !ex->race.lanes && (ex->tree_choice < 0 ? ex->n <= EX_TREE_DEFAULT_N : ex->tree_choice == 1);
}

/* Sets the tree's view and scene to the cursor, while the panel shows them. */
static void update_tree(explorer *ex)
{
    if (!ex_tree_shown(ex))
        return;
    nq_tree_view_at(ex->tree_view, ex->tree, ex->timeline, ex->cursor);
    tv_scene_build(&ex->scene, ex->tree_view, ex->tree_compact);
}

void ex_note_tree(explorer *ex, bool shown, int x, int y, int w, int h)
{
    bool changed = shown ? rect_changed(ex->traced_tree, x, y, w, h) : rect_changed(ex->traced_tree, 0, 0, 0, 0);
    if (!changed && ex->traced_tree_once)
        return;
    ex->traced_tree_once = true;
    if (shown)
        trace_line(ex, "tree %d %d %d %d", x, y, w, h);
    else
        trace_line(ex, "tree none");
}

tv_camera ex_tree_camera(const explorer *ex, ui_rect panel, double density)
{
    tv_camera c = tv_camera_fit(&ex->scene, panel, ex->tree_zoom, density);
    c.x += ex->tree_pan_x;
    c.y += ex->tree_pan_y;
    return c;
}

void ex_tree_zoom(explorer *ex, double factor)
{
    double zoom = ex->tree_zoom * factor;
    if (zoom > TREE_ZOOM_MOST || zoom < 1 / TREE_ZOOM_MOST) {
        if (zoom > 1) {
            /* TRANSLATORS: the search tree is zoomed in as far as it goes; Ctrl+0 is a key name and
             * stays as it is. */
            ex_status(ex, "%s", _("The tree is as large as it goes: Ctrl+0 fits it again."));
        } else {
            /* TRANSLATORS: the search tree is zoomed out as far as it goes; Ctrl+0 is a key name and
             * stays as it is. */
            ex_status(ex, "%s", _("The tree is as small as it goes: Ctrl+0 fits it again."));
        }
        return;
    }
    ex->tree_zoom = zoom;
}

void ex_tree_pan(explorer *ex, double units, double levels)
{
    ex->tree_pan_x += units;
    ex->tree_pan_y += levels;
}

static void toggle_tree(explorer *ex)
{
    if (!ex->tree) {
        if (ex->job == NQ_JOB_WATCH) {
            /* TRANSLATORS: Min-conflicts is the name of a search method. */
            ex_status(ex, "%s", _("Min-conflicts has no search tree: it repairs a full board, move by move."));
        } else {
            /* TRANSLATORS: Watch is the name of a mode, as on its button; Tab is a key name and stays
             * as it is. */
            ex_status(ex, "%s", _("The search tree is Watch's: Tab switches to it."));
        }
        return;
    }
    ex->tree_choice = !ex_tree_shown(ex);
    update_tree(ex);
}

static void toggle_tree_marks(explorer *ex)
{
    ex->tree_compact = !ex->tree_compact;
    if (ex->tree_compact)
        ex_status(ex, "%s", _("The tree leaves rejected squares out."));
    else
        ex_status(ex, "%s", _("The tree marks rejected squares."));
    update_tree(ex);
}

void ex_tree_hover(explorer *ex, int item)
{
    ex->has_hover = false;
    if (item < 0 || item >= ex->scene.count)
        return;
    const tv_item *it = &ex->scene.items[item];
    nq_square square = {it->kind == TV_REJECTED ? it->column : it->node.column,
                        it->kind == TV_REJECTED ? it->node.child_row : it->node.row};
    ex_hover(ex, square.row >= 0, square);
}

/* ---- starting and stopping ---- */

bool ex_wide(const explorer *ex)
{
    return ex->n > NQ_MAX_N;
}

/* Room for a solution of the n x n board in shown and fetched (at least NQ_MAX_N); ends the
 * program, as every allocation that fails does, when there is no memory. */
static void make_room(explorer *ex, int n)
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

/* Cancels whatever runs and starts a job of the given kind, on a clean board. */
static void start_job(explorer *ex, nq_job_kind kind, double now)
{
    nq_job job = {kind, ex->n, ex->has_first, ex->first, 0, ex->method, ex->seed};
    ex->solver.start(ex->solver.context, &job);
    ex->job = kind;
    ex->state = EX_SEARCHING;
    ex->started_at = now;
    ex->last_update = now;
    ex->elapsed = 0;
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
    nq_tree_free(ex->tree);
    nq_tree_view_free(ex->tree_view);
    bool watch = kind == NQ_JOB_WATCH, tree = watch && nq_method_complete(ex->method);
    nq_plan plan = nq_plan_make(ex->n, first, ex->method);
    plan.seed = ex->seed;
    ex->timeline = watch ? nq_timeline_create_plan(&plan) : NULL;
    ex->tree = tree ? nq_tree_create(ex->n, first) : NULL;
    ex->tree_view = tree ? nq_tree_view_create() : NULL;
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
    ex->solutions = ex->nodes = ex->dead_ends = 0;
    ex->solution_rank = 0;
    ex->has_unique = false;
    ex->unique = 0;
    ex->viewing = false;
    ex->k = ex->traced_k = 0;
    ex->keys = EX_KEYS_NORMAL; /* a goto or pin in progress belonged to the board that was */
    ex->status[0] = '\0';
    update_tree(ex);
}

static void start_race(explorer *ex);
static void start_compare(explorer *ex);
static void start_heat(explorer *ex);
static void start_unique(explorer *ex);
static void toggle_heat(explorer *ex);
static void toggle_race(explorer *ex);
static bool show_solution(explorer *ex, uint64_t k);

/* The search the mode calls for (and the race and the comparison of the same board, while they
 * are shown). */
static void start_search(explorer *ex, double now)
{
    if (ex_wide(ex)) {
        start_job(ex, NQ_JOB_FIND, now);
        return;
    }
    start_job(ex, ex->mode == EX_WATCH ? NQ_JOB_WATCH : NQ_JOB_SOLVE, now);
    if (ex->race.lanes > 0)
        start_race(ex);
    if (ex->compare_shown)
        start_compare(ex);
    if (ex->heat_shown)
        start_heat(ex);
    if (ex->unique_paging)
        start_unique(ex);
}

/* ---- the comparison table ---- */

void ex_set_comparer(explorer *ex, ex_solver comparer)
{
    ex->comparer = comparer;
}

/* Whether the table is of the board as it is now. */
static bool compare_current(const explorer *ex)
{
    return ex->compare_state != EX_STOPPED && ex->compare_n == ex->n && ex->compare_has_first == ex->has_first &&
           (!ex->has_first || (ex->compare_first.column == ex->first.column && ex->compare_first.row == ex->first.row));
}

/* Starts the comparison of the board as it is now, unless the table is of it already. */
static void start_compare(explorer *ex)
{
    if (compare_current(ex))
        return;
    nq_job job = {NQ_JOB_COMPARE, ex->n, ex->has_first, ex->first, 0, NQ_METHOD_BACKTRACK, 1};
    ex->comparer.start(ex->comparer.context, &job);
    ex->compare_state = EX_SEARCHING;
    ex->compare_n = ex->n;
    ex->compare_has_first = ex->has_first;
    ex->compare_first = ex->first;
    memset(ex->effort_known, 0, sizeof ex->effort_known);
}

static void toggle_compare(explorer *ex)
{
    if (!ex->comparer.start) {
        ex_status(ex, "%s", _("No comparison here."));
        return;
    }
    ex->compare_shown = !ex->compare_shown;
    trace_line(ex, "compare %s", ex->compare_shown ? "shown" : "none");
    if (ex->compare_shown && ex->heat_shown)
        toggle_heat(ex);
    if (ex->compare_shown) {
        start_compare(ex);
    } else if (ex->compare_state == EX_SEARCHING) {
        ex->comparer.cancel(ex->comparer.context);
        ex->compare_state = EX_STOPPED;
    }
}

/* Takes the comparer's events: each method's figures as it finishes, traced once. */
static bool update_compare(explorer *ex)
{
    if (ex->compare_state != EX_SEARCHING)
        return false;
    nq_event events[16];
    size_t got = ex->comparer.poll(ex->comparer.context, events, 16);
    for (int m = 0; got > 0 && m < NQ_METHOD_COUNT; m++) {
        if (ex->effort_known[m] || !ex->comparer.effort(ex->comparer.context, (nq_method)m, &ex->efforts[m]))
            continue;
        ex->effort_known[m] = true;
        const nq_effort *e = &ex->efforts[m];
        trace_line(ex, "compare %s placed %llu failures %llu crossed %llu solutions %llu moves %llu",
                   nq_method_key((nq_method)m), (unsigned long long)e->nodes,
                   (unsigned long long)(e->dead_ends + e->wipe_outs), (unsigned long long)e->crossed,
                   (unsigned long long)e->solutions, (unsigned long long)e->moves);
    }
    for (size_t i = 0; i < got; i++)
        if (events[i].kind == NQ_EVENT_DONE)
            ex->compare_state = events[i].as.figures.progress.complete ? EX_FINISHED : EX_STOPPED;
    return got > 0;
}

/* ---- one board per class ---- */

void ex_set_uniquer(explorer *ex, ex_solver uniquer)
{
    ex->uniquer = uniquer;
}

/* Counts the unique boards of the board as it is now, unless that runs or ran already; the first
 * one is shown as soon as it can be. */
static void start_unique(explorer *ex)
{
    ex->unique_show_first = true;
    if (ex->unique_state != EX_STOPPED && ex->unique_n == ex->n)
        return;
    nq_job job = {NQ_JOB_UNIQUE, ex->n, false, {0, 0}, 0, NQ_METHOD_BACKTRACK, 1};
    ex->uniquer.start(ex->uniquer.context, &job);
    ex->unique_state = EX_SEARCHING;
    ex->unique_n = ex->n;
    ex->unique_known = 0;
}

/* Back to paging every solution; the board shows the search again. */
static void leave_unique(explorer *ex)
{
    ex->unique_paging = false;
    ex->unique_show_first = false;
    ex->viewing = false;
    ex->k = 0;
    trace_line(ex, "unique none");
}

static void toggle_unique(explorer *ex)
{
    if (!ex->uniquer.start) {
        ex_status(ex, "%s", _("No unique paging here."));
        return;
    }
    if (ex->unique_paging) {
        leave_unique(ex);
        ex_status(ex, "%s", _("Paging every solution again."));
        return;
    }
    if (ex->has_first) {
        ex_status(ex, "%s", _("Unique boards are of the whole board: lift the pinned queen first (click it)."));
        return;
    }
    if (ex_racing(ex))
        toggle_race(ex);
    ex->unique_paging = true;
    ex->viewing = false;
    ex->k = 0;
    trace_line(ex, "unique shown");
    start_unique(ex);
}

/* Takes the unique job's reports: how many boards so far, its end; shows the first board when
 * paging begins. */
static bool update_unique(explorer *ex)
{
    if (ex->unique_state != EX_SEARCHING && !ex->unique_show_first)
        return false;
    nq_event events[16];
    size_t got = ex->unique_state == EX_SEARCHING ? ex->uniquer.poll(ex->uniquer.context, events, 16) : 0;
    for (size_t i = 0; i < got; i++) {
        const nq_progress *p = &events[i].as.figures.progress;
        if (p->solutions > ex->unique_known)
            ex->unique_known = p->solutions;
        if (events[i].kind == NQ_EVENT_DONE) {
            ex->unique_state = p->complete ? EX_FINISHED : EX_STOPPED;
            ex->unique_known = events[i].as.figures.unique;
            if (ex->unique_paging)
                trace_line(ex, "unique done %llu", (unsigned long long)ex->unique_known);
        }
    }
    uint64_t reachable = ex->uniquer.reachable(ex->uniquer.context);
    if (reachable > ex->unique_known)
        ex->unique_known = reachable;
    bool changed = got > 0;
    if (ex->unique_paging && ex->unique_show_first && reachable > 0) {
        ex->unique_show_first = false;
        changed |= show_solution(ex, 1);
    }
    return changed;
}

/* ---- the class of the solution shown ---- */

/* The class of the solution just shown: its distinct boards and the symmetry that makes each from
 * it; their numbers are asked for while the class is shown (refresh_variant_numbers). */
static void note_class(explorer *ex)
{
    ex->class_size = ex_wide(ex) ? 0 : nq_symmetry_variants(ex->n, ex->shown, ex->class_boards);
    int images[NQ_SYM_COUNT][NQ_MAX_N];
    for (int g = 0; g < NQ_SYM_COUNT && ex->class_size; g++)
        nq_symmetry_image((nq_symmetry)g, ex->n, ex->shown, images[g]);
    for (int i = 0; i < ex->class_size; i++) {
        ex->class_numbers[i] = 0;
        for (int g = NQ_SYM_COUNT - 1; g >= 0; g--) /* the first symmetry that makes it */
            if (!memcmp(images[g], ex->class_boards + (size_t)i * ex->n, (size_t)ex->n * sizeof images[g][0]))
                ex->class_made_by[i] = (nq_symmetry)g;
    }
}

/* Asks the solver for the numbers of the class's boards it did not know yet (they become known as
 * the search reaches them). True if one came. */
static bool refresh_variant_numbers(explorer *ex)
{
    bool came = false;
    for (int i = 0; i < ex->class_size && ex->variants_shown && ex->viewing; i++)
        if (!ex->class_numbers[i]) {
            ex->class_numbers[i] = ex->solver.rank(ex->solver.context, ex->class_boards + (size_t)i * ex->n);
            came |= ex->class_numbers[i] != 0;
        }
    return came;
}

int ex_variants(const explorer *ex, int *boards, uint64_t *numbers, nq_symmetry *made_by)
{
    if (!ex->viewing || ex_wide(ex))
        return 0;
    memcpy(boards, ex->class_boards, (size_t)ex->class_size * (size_t)ex->n * sizeof *boards);
    memcpy(numbers, ex->class_numbers, (size_t)ex->class_size * sizeof *numbers);
    memcpy(made_by, ex->class_made_by, (size_t)ex->class_size * sizeof *made_by);
    return ex->class_size;
}

int ex_variants_shown(const explorer *ex)
{
    if (!ex->variants_shown || !ex->viewing || ex_wide(ex) || ex_racing(ex))
        return 0;
    return ex->class_size;
}

/* What each symmetry does, in words short enough to go under a small board (a backslash is the
 * diagonal from the top left, a slash the other). */
static const char *const symmetry_words[NQ_SYM_COUNT] = {
    /* TRANSLATORS: a label under a small board of a solution's class, saying how it was made from
     * the board shown: keep it short, about 15 characters. */
    N_("as shown"),
    /* TRANSLATORS: a label under a small board: the board turned a quarter clockwise. */
    N_("turned right"),
    /* TRANSLATORS: a label under a small board: the board turned 180 degrees. */
    N_("turned half way"),
    /* TRANSLATORS: a label under a small board: the board turned a quarter counterclockwise. */
    N_("turned left"),
    /* TRANSLATORS: a label under a small board: left and right swapped. */
    N_("mirrored"),
    /* TRANSLATORS: a label under a small board: top and bottom swapped. */
    N_("flipped"),
    /* TRANSLATORS: a label under a small board: mirrored on the diagonal from the top left to the
     * bottom right; the backslash draws that diagonal and stays as it is. */
    N_("mirrored on \\"),
    /* TRANSLATORS: a label under a small board: mirrored on the diagonal from the bottom left to the
     * top right; the slash draws that diagonal and stays as it is. */
    N_("mirrored on /"),
};

const char *ex_symmetry_words(nq_symmetry g)
{
    return _(symmetry_words[g]);
}

void ex_class_text(const explorer *ex, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!ex->viewing || ex_wide(ex))
        return;
    /* A mirror keeps no solution of more than one queen (a queen and its mirror image would share a
     * row, a column or a diagonal), so the turns that keep a solution follow from the size of its
     * class: each size has its own sentence. */
    nq_symmetry_class c = nq_symmetry_classify(ex->n, ex->shown);
    const char *text;
    if (c.size == 8) /* TRANSLATORS: the class of a solution: the boards its turns and mirrors make. */
        text = _("Its class: 8 boards; no turn or mirror keeps it.");
    else if (c.size == 4)
        text = _("Its class: 4 boards; the same turned half way.");
    else if (c.size == 2)
        text = _("Its class: 2 boards; the same turned right, turned half way, turned left.");
    else /* the board of one queen: every turn and mirror keeps it */
        text = _("Its class: 1 board; the same turned right, turned half way, turned left, mirrored, flipped, "
                 "mirrored on \\, mirrored on /.");
    snprintf(buf, size, "%s", text);
}

static void toggle_variants(explorer *ex)
{
    if (!ex->variants_shown && !ex->viewing) {
        /* TRANSLATORS: V is a key name and stays as it is. */
        ex_status(ex, "%s", _("Page to a solution first (arrow keys); V then shows its class."));
        return;
    }
    if (!ex->variants_shown && ex_racing(ex))
        toggle_race(ex);
    ex->variants_shown = !ex->variants_shown;
    ex->status[0] = '\0';
    refresh_variant_numbers(ex);
    trace_line(ex, "variants %s", ex->variants_shown ? "shown" : "none");
}

/* Pages to board i of the class shown, among every solution (leaving unique paging). */
static void pick_variant(explorer *ex, int i)
{
    int boards[8 * NQ_MAX_N];
    uint64_t numbers[8];
    nq_symmetry made_by[8];
    int count = ex_variants(ex, boards, numbers, made_by);
    if (i < 0 || i >= count)
        return;
    if (!numbers[i]) {
        if (ex->mode == EX_WATCH) {
            /* TRANSLATORS: a board of the class shown has no solution number yet. Solve is the name
             * of a mode, as on its button; Tab is a key name and stays as it is. */
            ex_status(ex, "%s", _("Its number is not known yet: Tab switches to Solve, which numbers them all."));
        } else {
            /* TRANSLATORS: a board of the class shown has no solution number yet. Solve is the name
             * of a mode, as on its button. */
            ex_status(ex, "%s", _("Its number is not known yet: Solve has not reached it yet."));
        }
        return;
    }
    if (ex->unique_paging)
        leave_unique(ex);
    ex_page_to(ex, numbers[i]);
}

/* ---- the heatmap ---- */

void ex_set_heater(explorer *ex, ex_solver heater)
{
    heat_free(&ex->heat);
    heat_init(&ex->heat, heater);
}

static void start_heat(explorer *ex)
{
    heat_start(&ex->heat, ex->n, ex->has_first ? &ex->first : NULL);
}

static void toggle_heat(explorer *ex)
{
    if (!ex->heat.solver.start) {
        ex_status(ex, "%s", _("No heatmap here."));
        return;
    }
    ex->heat_shown = !ex->heat_shown;
    trace_line(ex, "heat %s", ex->heat_shown ? "shown" : "none");
    if (ex->heat_shown) {
        if (ex->compare_shown) /* the two share the panel's lines */
            toggle_compare(ex);
        start_heat(ex);
    } else {
        heat_stop(&ex->heat);
    }
}

/* Takes the heatmap's reports; its end to the trace. */
static bool update_heat(explorer *ex)
{
    heat_state before = ex->heat.state;
    bool changed = heat_update(&ex->heat);
    if (before != HEAT_DONE && ex->heat.state == HEAT_DONE) {
        trace_line(ex, "heat done total %llu max %llu unused %d", (unsigned long long)ex->heat.total,
                   (unsigned long long)ex->heat.max, ex->heat.unused);
    }
    return changed;
}

/* ---- the race ---- */

bool ex_racing(const explorer *ex)
{
    return ex->race.lanes > 0;
}

/* (Re)starts the race of the chosen methods on the board as it is now, and says so. */
static void start_race(explorer *ex)
{
    nq_plan plan = nq_plan_make(ex->n, ex->has_first ? &ex->first : NULL, NQ_METHOD_BACKTRACK);
    plan.seed = ex->seed;
    if (!ex->race.lanes)
        ex->race_resume = !ex->paused;
    race_start(&ex->race, &plan, ex->race_set);
    ex->race_paused = false;
    ex->race_owed = 0;
    ex->paused = true; /* the watch waits where it is */
    char line[80] = "race";
    for (int i = 0; i < ex->race.lanes; i++) {
        strcat(line, " ");
        strcat(line, nq_method_key((nq_method)ex->race.lane[i].trace.method));
    }
    trace_line(ex, "%s", line);
}

static void toggle_race(explorer *ex)
{
    if (ex_racing(ex)) {
        ex->race.lanes = 0;
        ex->paused = !ex->race_resume;
        trace_line(ex, "race none");
        if (ex->paused) /* TRANSLATORS: Space is a key name and stays as it is. */
            ex_status(ex, "%s", _("Back to one board: Space plays the watch on."));
        else
            ex_status(ex, "%s", _("Back to one board."));
        return;
    }
    start_race(ex);
    /* TRANSLATORS: methods (ways to search) race on one board, each taking one step per tick of the
     * race's clock. 1-4, A and Esc are key names and stay as they are. */
    ex_status(ex, "%s", _("A race: one step each per tick. 1-4 take a method in or out; A or Esc ends it."));
}

static void toggle_lane(explorer *ex, int method)
{
    if (!ex_racing(ex)) {
        /* TRANSLATORS: 1-4 and A are key names and stay as they are. */
        ex_status(ex, "%s", _("1-4 choose the methods of a race: A starts one."));
        return;
    }
    unsigned set = ex->race_set ^ (1u << method);
    if (__builtin_popcount(set) < 2) {
        ex_status(ex, "%s", _("A race needs two methods at least."));
        return;
    }
    ex->race_set = set;
    start_race(ex);
}

/* Advances the race by the ticks due at the watch speed; says each finish in the trace. */
static bool update_race(explorer *ex, double since)
{
    if (!ex_racing(ex) || ex->race_paused || race_over(&ex->race))
        return false;
    uint64_t ticks = race_most_ticks(&ex->race);
    if (ex->speed != EX_SPEED_MAX) {
        ex->race_owed += since * ex->speed;
        ticks = (uint64_t)ex->race_owed;
        ex->race_owed -= (double)ticks;
    }
    bool running[RACE_MOST_LANES];
    for (int i = 0; i < ex->race.lanes; i++)
        running[i] = !ex->race.lane[i].place;
    if (!race_advance(&ex->race, ticks))
        return false;
    for (int i = 0; i < ex->race.lanes; i++) {
        const race_lane *l = &ex->race.lane[i];
        if (running[i] && l->place)
            trace_line(ex, "finished %s %d steps %llu", nq_method_key((nq_method)l->trace.method), l->place,
                       (unsigned long long)l->steps);
    }
    if (race_over(&ex->race))
        /* TRANSLATORS: R, A and Esc are key names and stay as they are. */
        ex_status(ex, "%s", _("The race is over. R runs it again; A or Esc ends it."));
    return true;
}

void ex_init(explorer *ex, ex_solver solver, FILE *trace, int n, const nq_square *first, ex_mode mode,
             nq_method method, double speed, double now)
{
    memset(ex, 0, sizeof *ex);
    ex->solver = solver;
    ex->trace = trace;
    ex->n = n;
    make_room(ex, n);
    ex->view = ui_view_fit(n);
    ex->has_first = first != NULL;
    if (first)
        ex->first = *first;
    ex->mode = mode;
    ex->method = method;
    ex->seed = 1;
    ex->speed = speed;
    ex->tree_choice = -1;
    ex->tree_zoom = 1;
    ex->race_set = RACE_ALL;
    ex->compare_state = EX_STOPPED; /* nothing compared yet */
    ex->unique_state = EX_STOPPED;  /* no unique board counted yet */
    trace_line(ex, "lang %s", nq_lang_code(nq_lang_current()));
    trace_line(ex, "n %d", n);
    trace_first(ex);
    trace_line(ex, "mode %s", app_mode_name(mode));
    trace_line(ex, "method %s", nq_method_key(method));
    start_search(ex, now);
}

static const char *const theme_keys[EX_THEME_COUNT] = {"dark", "light", "contrast"};

const char *ex_theme_key(ex_theme theme)
{
    return theme_keys[theme];
}

bool ex_theme_parse(const char *key, ex_theme *theme)
{
    for (int t = 0; t < EX_THEME_COUNT; t++)
        if (!strcmp(key, theme_keys[t])) {
            *theme = (ex_theme)t;
            return true;
        }
    return false;
}

void ex_set_theme(explorer *ex, ex_theme theme, bool quiet)
{
    /* TRANSLATORS: the names of the colour themes, in the panel's status after a switch. */
    static const char *const titles[EX_THEME_COUNT] = {N_("dark"), N_("light"), N_("high contrast")};
    ex->theme = theme;
    trace_line(ex, "theme %s", ex_theme_key(theme));
    if (!quiet)
        /* TRANSLATORS: %s is a colour theme's name (dark, light, high contrast); D is a key name. */
        ex_status(ex, _("Colours: %s. D switches to the next; the choice is kept for the next start."),
                  _(titles[theme]));
}

void ex_set_method(explorer *ex, nq_method method, double now)
{
    ex->method = method;
    trace_line(ex, "method %s", nq_method_key(method));
    if (ex->mode == EX_WATCH)
        start_search(ex, now);
    else
        /* TRANSLATORS: %s is the name of a search method ("Backtracking", "Forward checking", ...,
         * translated); Watch is the name of a mode, as on its button; Tab is a key name. */
        ex_status(ex, _("Watch will search by %s: Tab switches to it."), _(nq_method_title(method)));
}

void ex_free(explorer *ex)
{
    free(ex->shown);
    free(ex->fetched);
    ex->shown = ex->fetched = NULL;
    ex->room = 0;
    nq_timeline_free(ex->timeline);
    ex->timeline = NULL;
    nq_tree_free(ex->tree);
    ex->tree = NULL;
    nq_tree_view_free(ex->tree_view);
    ex->tree_view = NULL;
    tv_scene_free(&ex->scene);
    ex_solver_release(&ex->solver);
    ex_solver_release(&ex->comparer);
    ex_solver_release(&ex->uniquer);
    heat_free(&ex->heat);
}

void ex_stop(explorer *ex)
{
    if (ex->state != EX_SEARCHING)
        return;
    ex->solver.cancel(ex->solver.context);
    ex->state = EX_STOPPED;
    /* TRANSLATORS: R is a key name and stays as it is. */
    ex_status(ex, "%s", _("Search stopped. R restarts it."));
}

/* ---- what is shown ---- */

const int *ex_board(const explorer *ex)
{
    return ex->viewing ? ex->shown : ex->cols;
}

/* The solver paging reads: the unique job's while paging one board per class. */
static const ex_solver *pager(const explorer *ex)
{
    return ex->unique_paging ? &ex->uniquer : &ex->solver;
}

/* The boards paging can reach now. */
static uint64_t paging_reachable(const explorer *ex)
{
    return ex->unique_paging ? ex->uniquer.reachable(ex->uniquer.context) : ex_reachable(ex);
}

uint64_t ex_reachable(const explorer *ex)
{
    uint64_t reachable = ex->solver.reachable(ex->solver.context);
    /* Watch pages only what the animation has shown, though the worker may be further on. */
    if (ex->job == NQ_JOB_WATCH && reachable > ex->solutions)
        reachable = ex->solutions;
    return reachable;
}

bool ex_no_solution(const explorer *ex)
{
    bool at_end = !ex->timeline || ex->cursor == nq_timeline_length(ex->timeline);
    return ex->state == EX_FINISHED && ex->solutions == 0 && at_end;
}

void ex_no_solution_reason(const explorer *ex, char *buf, size_t size)
{
    if (ex->n == 2 || ex->n == 3) /* TRANSLATORS: the board's size, columns by rows: 2 x 2 or 3 x 3. */
        snprintf(buf, size, _("No %d x %d board has a solution."), ex->n, ex->n);
    else if (ex->has_first) /* TRANSLATORS: where the pinned queen stands, counted from 1. */
        snprintf(buf, size, _("No solution has a queen at column %d, row %d."), ex->first.column + 1,
                 ex->first.row + 1);
    else
        snprintf(buf, size, "%s", _("This board has no solution."));
}

void ex_solution_text(const explorer *ex, char *buf, size_t size)
{
    char k[32], total[32];
    nq_grouped(ex->k, k, sizeof k);
    nq_grouped(ex->solutions, total, sizeof total);
    if (ex->unique_paging) {
        nq_grouped(ex->unique_known, total, sizeof total);
        if (ex->viewing && ex->unique_state == EX_SEARCHING)
            /* TRANSLATORS: the count line above the board, paging one board per class (the boards
             * that turns and mirrors make of each other): board %s of %s found so far. Numbers are
             * grouped by thousands ("1,234"). */
            snprintf(buf, size, _("Unique %s of %s so far"), k, total);
        else if (ex->viewing) /* TRANSLATORS: as above, once the unique boards are all counted. */
            snprintf(buf, size, _("Unique %s of %s"), k, total);
        else if (ex->unique_state == EX_SEARCHING)
            snprintf(buf, size, "%s", _("Unique boards: counting..."));
        else
            snprintf(buf, size, "%s", _("No unique board"));
        return;
    }
    unsigned long n = (unsigned long)ex->solutions;
    if (ex->job == NQ_JOB_FIND && ex->viewing)
        snprintf(buf, size, "%s", _("One solution, found directly"));
    else if (ex->job == NQ_JOB_FIND && ex->state == EX_SEARCHING)
        snprintf(buf, size, "%s", _("Finding one solution..."));
    else if (ex->job == NQ_JOB_FIND)
        snprintf(buf, size, "%s", _("Find was stopped"));
    else if (ex_no_solution(ex))
        snprintf(buf, size, "%s", _("No solution"));
    else if (!ex->solutions && ex->state == EX_SEARCHING)
        snprintf(buf, size, "%s", _("Searching..."));
    else if (!ex->solutions)
        snprintf(buf, size, "%s", _("Stopped before a solution"));
    else if (!ex->viewing && ex->state == EX_SEARCHING)
        /* TRANSLATORS: the count line above the board: %s is a number grouped by thousands
         * ("1,234"); "so far": the search still runs; "before the stop": it was stopped. */
        snprintf(buf, size, ngettext("%s solution so far", "%s solutions so far", n), total);
    else if (!ex->viewing && ex->state == EX_STOPPED)
        snprintf(buf, size, ngettext("%s solution before the stop", "%s solutions before the stop", n), total);
    else if (!ex->viewing) /* TRANSLATORS: the count line above the board, the search over. */
        snprintf(buf, size, ngettext("%s solution", "%s solutions", n), total);
    else if (ex->state == EX_SEARCHING)
        /* TRANSLATORS: the count line above the board: the solution shown is the first %s of the
         * second %s found (numbers grouped by thousands, "1,234"); "so far": the search still runs;
         * "before the stop": it was stopped. */
        snprintf(buf, size, _("Solution %s of %s so far"), k, total);
    else if (ex->state == EX_STOPPED)
        snprintf(buf, size, _("Solution %s of %s before the stop"), k, total);
    else /* TRANSLATORS: the count line above the board: solution %s of %s, the search over. */
        snprintf(buf, size, _("Solution %s of %s"), k, total);
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
    if (ex->state != EX_SEARCHING || ex->job == NQ_JOB_FIND)
        return;
    uint64_t reachable = ex_reachable(ex);
    if (ex->job == NQ_JOB_SOLVE && reachable == 0 && ex->last_update - ex->started_at >= FIND_HINT_SECONDS) {
        /* TRANSLATORS: N is the board's size; F is a key name and stays as it is. */
        snprintf(buf, size, _("The first solution in order can take long at N = %d: F finds one solution now."),
                 ex->n);
    } else if (ex->job == NQ_JOB_WATCH && ex->method == NQ_METHOD_FIRSTFAIL && ex->solutions > 0) {
        /* TRANSLATORS: First fail is the name of a search method; pageable: the person can page to
         * them (arrow keys). */
        snprintf(buf, size, "%s", _("First fail finds solutions out of order: pageable once it is over."));
    } else if (reachable == 0 && ex->solutions > 0) {
        snprintf(buf, size, "%s", _("None pageable yet: solutions become pageable in order as the search goes on."));
    } else if (reachable < ex->solutions) {
        char first[32];
        nq_grouped(reachable, first, sizeof first);
        /* TRANSLATORS: %s is a count of solutions, already grouped by thousands. */
        snprintf(buf, size, _("Pageable: the first %s in order; the rest as the search goes on."), first);
    }
}

void ex_speed_text(const explorer *ex, char *buf, size_t size)
{
    if (ex->speed == EX_SPEED_MAX) {
        /* TRANSLATORS: the watch's speed when it has no limit, on a small label: keep it short. */
        snprintf(buf, size, "%s", C_("speed", "max"));
    } else {
        char speed[32];
        nq_grouped((uint64_t)ex->speed, speed, sizeof speed);
        /* TRANSLATORS: the watch's speed, on a small label: %s is a number already grouped by
         * thousands; "/s": a second. */
        snprintf(buf, size, ngettext("%s step/s", "%s steps/s", (unsigned long)ex->speed), speed);
    }
}

void ex_step_text(const explorer *ex, char *buf, size_t size)
{
    if (!ex->timeline) {
        buf[0] = '\0';
        return;
    }
    char k[32], length[32];
    nq_grouped(ex->cursor, k, sizeof k);
    nq_grouped(nq_timeline_length(ex->timeline), length, sizeof length);
    if (ex->state == EX_SEARCHING)
        /* TRANSLATORS: where the watched search's timeline stands: step %s of %s recorded
         * (numbers grouped by thousands); "so far": the search still runs. */
        snprintf(buf, size, _("Step %s of %s so far"), k, length);
    else /* TRANSLATORS: as above, the search over. */
        snprintf(buf, size, _("Step %s of %s"), k, length);
}

/* Writes into buf a space, then the sentence of how method (its name, translated) finished a race,
 * in place (1 to 4); returns what snprintf returns. */
static int race_finish_text(char *buf, size_t size, int place, const char *method)
{
    /* A space parts two sentences in each of our languages (a message cannot be translated to
     * nothing, so the gap is not one). */
    int gap = snprintf(buf, size, " ");
    if (gap < 0 || (size_t)gap >= size)
        return gap;
    int len;
    if (place == 1)
        len = snprintf(buf + gap, size - (size_t)gap,
                       /* TRANSLATORS: how a method finished a race: first; %s is its name ("Backtracking"). */
                       _("1st: %s."), method);
    else if (place == 2)
        len = snprintf(buf + gap, size - (size_t)gap,
                       /* TRANSLATORS: how a method finished a race: second; %s is its name. */
                       _("2nd: %s."), method);
    else if (place == 3)
        len = snprintf(buf + gap, size - (size_t)gap,
                       /* TRANSLATORS: how a method finished a race: third; %s is its name. */
                       _("3rd: %s."), method);
    else
        len = snprintf(buf + gap, size - (size_t)gap,
                       /* TRANSLATORS: how a method finished a race: fourth; %s is its name. */
                       _("4th: %s."), method);
    return len < 0 ? len : gap + len;
}

void ex_narration(const explorer *ex, char *buf, size_t size)
{
    char count[32];
    nq_grouped(ex->solutions, count, sizeof count);
    if (ex->unique_paging && ex->viewing) {
        char k[32];
        nq_grouped(ex->k, k, sizeof k);
        /* TRANSLATORS: %s is a number grouped by thousands; "its class": the boards that turns and
         * mirrors make of this one; "smallest": first in lexicographic order. */
        snprintf(buf, size, _("Unique board %s, the smallest of its class."), k);
        return;
    }
    if (ex_wide(ex) && ex->viewing) {
        int c0, c1, r0, r1;
        ui_view_squares(ex->view, ex->n, &c0, &c1, &r0, &r1);
        char from_c[32], to_c[32], from_r[32], to_r[32];
        nq_grouped((uint64_t)c0 + 1, from_c, sizeof from_c);
        nq_grouped((uint64_t)c1 + 1, to_c, sizeof to_c);
        nq_grouped((uint64_t)r0 + 1, from_r, sizeof from_r);
        nq_grouped((uint64_t)r1 + 1, to_r, sizeof to_r);
        /* TRANSLATORS: the part of a huge board in the window; the numbers are grouped by thousands. */
        snprintf(buf, size, _("One solution, found directly and verified. In view: columns %s to %s, rows %s to "
                              "%s."),
                 from_c, to_c, from_r, to_r);
        return;
    }
    if (ex->job == NQ_JOB_FIND) {
        if (ex->state == EX_SEARCHING)
            snprintf(buf, size, "%s", _("Looking for any one solution, not the first in order."));
        else if (ex->viewing) /* TRANSLATORS: Find is the name of a way to search, as on its button. */
            snprintf(buf, size, "%s", _("Find builds one solution directly; it has no number in the order."));
        else
            snprintf(buf, size, "%s", _("Find was stopped."));
        return;
    }
    if (ex_racing(ex)) {
        char ticks[32];
        nq_grouped(ex->race.ticks, ticks, sizeof ticks);
        /* TRANSLATORS: a tick of the race's clock; %s is a number grouped by thousands. */
        int len = snprintf(buf, size, _("Race, tick %s."), ticks);
        for (int place = 1; place <= ex->race.lanes && len > 0 && (size_t)len < size; place++)
            for (int i = 0; i < ex->race.lanes && len > 0 && (size_t)len < size; i++)
                if (ex->race.lane[i].place == place)
                    len += race_finish_text(buf + len, size - (size_t)len, place,
                                            _(nq_method_title((nq_method)ex->race.lane[i].trace.method)));
        return;
    }
    if (ex->mode == EX_SOLVE || !ex->has_step) {
        if (ex->state == EX_SEARCHING && ex->mode == EX_SOLVE)
            snprintf(buf, size, "%s", _("Solving at full speed."));
        else if (ex->state == EX_SEARCHING)
            snprintf(buf, size, "%s", _("The search starts at row 1."));
        else if (ex->state == EX_STOPPED)
            snprintf(buf, size, "%s", _("The search was stopped."));
        else /* TRANSLATORS: %s is a number grouped by thousands. */
            snprintf(buf, size, ngettext("The search is over: %s solution.", "The search is over: %s solutions.",
                                         (unsigned long)ex->solutions),
                     count);
        return;
    }
    const nq_step *s = &ex->step;
    int row = s->row + 1, col = s->column + 1;
    nq_method method = (nq_method)ex->moment.trace.method;
    bool crosses = method == NQ_METHOD_FORWARD || method == NQ_METHOD_FIRSTFAIL;
    char moves[32];
    nq_grouped(ex->moment.trace.moves, moves, sizeof moves);
    unsigned long moved = (unsigned long)ex->moment.trace.moves;
    switch ((nq_step_kind)s->kind) {
    case NQ_STEP_TRY:
        /* TRANSLATORS: the narration of a search, step by step, in a line of plain text under the
         * board (this message and those that follow it). Rows and columns are counted from 1, as on
         * the board's labels; "row %d, column %d" names the square the step is about. The
         * placeholders may be reordered in a translation (%1$d, %2$d, ...). */
        snprintf(buf, size, _("row %d, column %d: trying"), row, col);
        return;
    case NQ_STEP_REJECT:
        if (s->line == NQ_LINE_COLUMN)
            snprintf(buf, size,
                     /* TRANSLATORS: the square tried is attacked by the queen named after it (its
                      * column, then its row), along the column. */
                     _("row %d, column %d: attacked along the column by the queen at column %d, row %d"), row,
                     col, s->by_column + 1, s->by_row + 1);
        else if (s->line == NQ_LINE_DOWN_RIGHT)
            snprintf(buf, size,
                     /* TRANSLATORS: the square tried is attacked by the queen named after it (its
                      * column, then its row), along the diagonal that goes down to the right. */
                     _("row %d, column %d: attacked along the diagonal down to the right by the queen at column "
                       "%d, row %d"),
                     row, col, s->by_column + 1, s->by_row + 1);
        else
            snprintf(buf, size,
                     /* TRANSLATORS: the square tried is attacked by the queen named after it (its
                      * column, then its row), along the diagonal that goes down to the left. */
                     _("row %d, column %d: attacked along the diagonal down to the left by the queen at column "
                       "%d, row %d"),
                     row, col, s->by_column + 1, s->by_row + 1);
        return;
    case NQ_STEP_PLACE:
        if (method == NQ_METHOD_MINCONFLICTS)
            snprintf(buf, size,
                     /* TRANSLATORS: the last %d: how many queens attack the queen placed. */
                     _("row %d, column %d: the start puts a queen here, attacked by %d"), row, col, (int)s->count);
        else if (crosses)
            snprintf(buf, size,
                     /* TRANSLATORS: "left": not crossed off yet by the queens above. */
                     _("row %d, column %d: a queen on the first square left; it crosses off what it attacks "
                       "below"),
                     row, col);
        else
            snprintf(buf, size, _("row %d, column %d: a queen is placed"), row, col);
        return;
    case NQ_STEP_CROSS: {
        int crossed = __builtin_popcountll(s->squares);
        int left = ex->n - __builtin_popcountll(nq_trace_crossed(&ex->moment.trace, s->row));
        snprintf(buf, size,
                 /* TRANSLATORS: the queen named (its column, then its row) crosses off squares of the
                  * row named first; the last %d: how many squares of that row are left. */
                 ngettext("row %d: the queen at column %d, row %d crosses off %d square; %d left",
                          "row %d: the queen at column %d, row %d crosses off %d squares; %d left",
                          (unsigned long)crossed),
                 row, s->by_column + 1, s->by_row + 1, crossed, left);
        return;
    }
    case NQ_STEP_WIPE_OUT:
        /* TRANSLATORS: "take it back": take back that queen. */
        snprintf(buf, size, _("row %d has no square left after the queen at column %d, row %d: take it back"),
                 row, s->by_column + 1, s->by_row + 1);
        return;
    case NQ_STEP_SELECT: {
        int left = __builtin_popcountll(s->squares);
        if (left == 1) /* TRANSLATORS: the row a queen goes in next. */
            snprintf(buf, size, _("row %d next: only 1 square left"), row);
        else
            snprintf(buf, size,
                     /* TRANSLATORS: the row a queen goes in next, and how many squares are left in it. */
                     ngettext("row %d next: %d square left, no row has fewer",
                              "row %d next: %d squares left, no row has fewer", (unsigned long)left),
                     row, left);
        return;
    }
    case NQ_STEP_CONFLICT:
        /* TRANSLATORS: the last %d: how many queens attack it. */
        snprintf(buf, size, _("the queen at column %d, row %d is attacked by %d: it moves"), col, row,
                 (int)s->count);
        return;
    case NQ_STEP_MOVE:
        snprintf(buf, size,
                 /* TRANSLATORS: the last %d: how many queens attack it on its new square; %s: the number
                  * of this move, grouped by thousands. */
                 _("row %d: the queen moves from column %d to column %d, attacked by %d there (move %s)"), row,
                 s->by_column + 1, col, (int)s->count, moves);
        return;
    case NQ_STEP_DEAD_END: {
        int above = nq_trace_row_before(&ex->moment.trace, s->row);
        if (above < 0)
            snprintf(buf, size,
                     _("row %d has no free square, and there is no queen above to take back: the search is over"),
                     row);
        else
            snprintf(buf, size,
                     /* TRANSLATORS: "further right": the search tries the squares to the right of that
                      * queen. */
                     _("row %d has no free square: take back the queen at column %d, row %d and try further "
                       "right"),
                     row, ex->cols[above] + 1, above + 1);
        return;
    }
    case NQ_STEP_REMOVE:
        if (crosses)
            snprintf(buf, size,
                     /* TRANSLATORS: "left": not crossed off yet by the queens above. */
                     _("row %d: the queen at column %d is taken back; the search tries the next square left"),
                     row, col);
        else
            snprintf(buf, size, _("row %d: the queen at column %d is taken back; the search tries further right"),
                     row, col);
        return;
    case NQ_STEP_SOLUTION: {
        nq_grouped(s->solution, count, sizeof count);
        char rank[32];
        nq_grouped(ex->solution_rank, rank, sizeof rank);
        if (method == NQ_METHOD_MINCONFLICTS)
            snprintf(buf, size,
                     /* TRANSLATORS: %s: how many moves, grouped by thousands. */
                     ngettext("no queen attacks another: a solution after %s move",
                              "no queen attacks another: a solution after %s moves", moved),
                     moves);
        else if (method != NQ_METHOD_FIRSTFAIL) /* TRANSLATORS: "solution 3 found": the third one found. */
            snprintf(buf, size, _("solution %s found"), count);
        else if (ex->solution_rank)
            snprintf(buf, size,
                     /* TRANSLATORS: the solution found as the first %s is the second %s in lexicographic
                      * order. */
                     _("solution %s found: number %s in lexicographic order"), count, rank);
        else
            snprintf(buf, size, _("solution %s found (its number in lexicographic order is not known yet)"), count);
        return;
    }
    case NQ_STEP_DONE:
        nq_grouped(s->solution, count, sizeof count);
        if (nq_trace_gave_up(&ex->moment.trace))
            snprintf(buf, size,
                     /* TRANSLATORS: min-conflicts gave up after %s moves; R is a key name and stays as it
                      * is; the seed picks its random start. */
                     ngettext("No solution within %s move: the budget ran out. R starts again with another seed.",
                              "No solution within %s moves: the budget ran out. R starts again with another seed.",
                              moved),
                     moves);
        else if (method == NQ_METHOD_MINCONFLICTS) /* TRANSLATORS: %s: how many moves, grouped by thousands. */
            snprintf(buf, size, ngettext("Solved after %s move.", "Solved after %s moves.", moved), moves);
        else
            snprintf(buf, size,
                     ngettext("The search is over: %s solution.", "The search is over: %s solutions.",
                              (unsigned long)s->solution),
                     count);
        return;
    }
}

char *ex_board_text(const explorer *ex)
{
    if (!ex->viewing)
        return NULL;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    if (ex_wide(ex)) /* a million rows of a million squares would not fit: the line of columns */
        fprintf(out, "Solution of the %d x %d board (each row's column, top row first):\n", ex->n, ex->n);
    else if (ex->job == NQ_JOB_FIND)
        fprintf(out, "Solution:\n");
    else
        fprintf(out, "Solution %llu:\n", (unsigned long long)ex->k);
    if (ex_wide(ex))
        nq_line_write(out, ex->n, ex->shown);
    else
        nq_board_write(out, ex->n, ex->shown);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* ---- applying the solver's events ---- */

/* Shows solution k of the solver (it must be reachable) and tells the trace when the line a
 * person reads ("Solution k of M") is not the one it last told. */
static bool show_solution(explorer *ex, uint64_t k)
{
    int *cols = ex->fetched;
    const ex_solver *from = pager(ex);
    if (!from->solution(from->context, k, cols)) {
        /* TRANSLATORS: %llu is a solution's number. */
        ex_status(ex, _("Solution %llu is not available yet."), (unsigned long long)k);
        return false;
    }
    if (!nq_verify(ex->n, cols, ex->has_first ? &ex->first : NULL, NULL) ||
        (ex->unique_paging && !nq_symmetry_is_canonical(ex->n, cols))) {
        ex_status(ex, "%s", _("Internal error: a solution failed verification."));
        return false;
    }
    ex->fetched = ex->shown;
    ex->shown = cols;
    ex->shown_serial++;
    note_class(ex);
    refresh_variant_numbers(ex);
    ex->viewing = true;
    ex->k = k;
    bool more = ex->unique_paging ? ex->unique_state == EX_SEARCHING : ex->state == EX_SEARCHING;
    uint64_t of = ex->unique_paging ? ex->unique_known : ex->solutions;
    if (ex->traced_k == k && ex->traced_of == of && ex->traced_more == more && ex->traced_unique == ex->unique_paging)
        return true;
    ex->traced_k = k;
    ex->traced_of = of;
    ex->traced_more = more;
    ex->traced_unique = ex->unique_paging;
    if (ex->trace) {
        /* Written a row at a time: a board above NQ_MAX_N has up to a million columns. */
        if (ex->job == NQ_JOB_FIND && !ex->unique_paging)
            fputs("found:", ex->trace);
        else
            fprintf(ex->trace, "%s %llu of %llu%s:", ex->unique_paging ? "unique" : "solution", (unsigned long long)k,
                    (unsigned long long)of, more ? "+" : "");
        for (int r = 0; r + 1 < ex->n; r++)
            fprintf(ex->trace, " %d", cols[r] + 1);
        trace_line(ex, " %d", cols[ex->n - 1] + 1);
    }
    return true;
}

/* Shows the watched search at step k of its timeline: the board, the step, the figures, all as
 * they were when that step was first shown. */
static void show_step(explorer *ex, uint64_t k)
{
    nq_timeline_seek(ex->timeline, k, &ex->moment);
    const nq_trace *t = &ex->moment.trace;
    ex->cursor = k;
    for (int r = 0; r < NQ_MAX_N; r++)
        ex->cols[r] = r < ex->n ? t->cols[r] : -1;
    ex->has_step = k > 0;
    ex->step = ex->moment.last;
    ex->dead_end_row = k > 0 && ex->step.kind == NQ_STEP_DEAD_END ? ex->step.row : -1;
    ex->nodes = t->nodes;
    ex->dead_ends = t->dead_ends;
    ex->solutions = t->solutions;
    ex->solution_rank = 0;
    if (k > 0 && ex->step.kind == NQ_STEP_SOLUTION && nq_method_complete((nq_method)t->method))
        ex->solution_rank = ex->solver.rank(ex->solver.context, t->cols);
    update_tree(ex);
}

/* Tells the trace where the timeline stands, after the person moved it. */
static void trace_step(explorer *ex)
{
    trace_line(ex, "step %llu of %llu%s", (unsigned long long)ex->cursor,
               (unsigned long long)nq_timeline_length(ex->timeline), ex->state == EX_SEARCHING ? "+" : "");
    if (!ex_tree_shown(ex))
        return;
    const nq_tree_node *selected = &ex->scene.items[ex->scene.selected].node;
    if (selected->depth == 0)
        trace_line(ex, "node none");
    else
        trace_line(ex, "node %d %d", selected->row + 1, selected->column + 1);
}

static void apply_done(explorer *ex, const nq_event *e, double now)
{
    const nq_progress *p = &e->as.figures.progress;
    ex->state = p->complete ? EX_FINISHED : EX_STOPPED;
    ex->solutions = p->solutions;
    if (ex->job != NQ_JOB_FIND) {
        ex->nodes = p->nodes;
        ex->dead_ends = p->dead_ends;
    }
    /* A watched search lasts as long as its animation; the worker's own time is far shorter. */
    ex->elapsed = ex->job == NQ_JOB_WATCH ? now - ex->started_at : p->seconds;
    ex->has_unique = p->complete && !ex->has_first && ex->job != NQ_JOB_FIND;
    ex->unique = e->as.figures.unique;
    if (ex->job == NQ_JOB_FIND) {
        if (p->solutions)
            show_solution(ex, 1);
        else
            trace_line(ex, "nosolution");
        return;
    }
    trace_line(ex, "done solutions %llu nodes %llu deadends %llu", (unsigned long long)ex->solutions,
               (unsigned long long)ex->nodes, (unsigned long long)ex->dead_ends);
    if (!ex->solutions && p->complete)
        trace_line(ex, "nosolution");
}

/* Marks the bucket of a solution found at step (1-based). A step past the last bucket first merges
 * the buckets pairwise and doubles the span until it fits; steps without a solution need nothing,
 * as a bucket past the last marked one reads as unmarked whatever the span. */
static void mark_solution(explorer *ex, uint64_t step)
{
    while ((step - 1) / ex->mark_span >= EX_MARKS) {
        for (int i = 0; i < EX_MARKS / 2; i++)
            ex->marks[i] = ex->marks[2 * i] || ex->marks[2 * i + 1];
        memset(ex->marks + EX_MARKS / 2, 0, EX_MARKS / 2 * sizeof ex->marks[0]);
        ex->mark_span *= 2;
    }
    ex->marks[(step - 1) / ex->mark_span] = true;
}

uint64_t ex_timeline_length(const explorer *ex)
{
    return ex->timeline ? nq_timeline_length(ex->timeline) : 0;
}

bool ex_marked(const explorer *ex, uint64_t from, uint64_t to)
{
    if (!ex->timeline || from < 1 || to < from)
        return false;
    for (uint64_t i = (from - 1) / ex->mark_span; i <= (to - 1) / ex->mark_span && i < EX_MARKS; i++)
        if (ex->marks[i])
            return true;
    return false;
}

/* Applies one event: a watched step is recorded in the timeline (the cursor follows it after
 * the update), figures replace the figures, the end ends the search. */
static void apply_event(explorer *ex, const nq_event *e, double now)
{
    switch ((nq_event_kind)e->kind) {
    case NQ_EVENT_STEP:
        nq_timeline_record(ex->timeline, &e->as.step);
        if (ex->tree)
            nq_tree_record(ex->tree, &e->as.step);
        if (e->as.step.kind == NQ_STEP_SOLUTION)
            mark_solution(ex, nq_timeline_length(ex->timeline));
        break;
    case NQ_EVENT_PROGRESS:
        ex->solutions = e->as.figures.progress.found;
        ex->nodes = e->as.figures.progress.nodes;
        ex->dead_ends = e->as.figures.progress.dead_ends;
        break;
    case NQ_EVENT_DONE: apply_done(ex, e, now); break;
    }
}

/* How many events this update may take. */
static size_t events_due(explorer *ex, double now)
{
    if (ex->job != NQ_JOB_WATCH)
        return ex->state == EX_SEARCHING ? SOLVE_EVENTS_PER_UPDATE : 0;
    if (ex->step_wanted)
        return 1;
    if (ex->paused)
        return 0;
    if (ex->speed == EX_SPEED_MAX)
        return MAX_STEPS_PER_UPDATE;
    ex->step_budget += ex->speed * (now - ex->last_update);
    if (ex->step_budget > ex->speed + 1)
        ex->step_budget = ex->speed + 1; /* after a stall, catch up at most a second's worth */
    return (size_t)ex->step_budget;
}

/* How finely the elapsed time is shown while the search runs: to a hundredth of a second, but
 * while a watch is paused or slower than SLOW_WATCH steps a second, to the second, so that the
 * clock alone redraws the window once a second rather than every frame. */
static double elapsed_tick(const explorer *ex)
{
    bool slow = ex->job == NQ_JOB_WATCH && (ex->paused || (ex->speed != EX_SPEED_MAX && ex->speed < SLOW_WATCH));
    return slow ? 1.0 : 0.01;
}

void ex_elapsed_text(const explorer *ex, char *buf, size_t size)
{
    if (ex->state == EX_SEARCHING && elapsed_tick(ex) >= 1)
        /* TRANSLATORS: the time the search has taken, in seconds ("s"), on a small label. */
        snprintf(buf, size, _("%lld s"), (long long)ex->elapsed);
    else /* TRANSLATORS: the time the search has taken, in seconds ("s"), on a small label. */
        snprintf(buf, size, _("%.2f s"), ex->elapsed);
}

bool ex_update(explorer *ex, double now)
{
    bool changed = update_race(ex, now - ex->last_update);
    changed |= update_compare(ex);
    changed |= update_heat(ex);
    changed |= update_unique(ex);
    changed |= refresh_variant_numbers(ex);
    size_t due = events_due(ex, now);
    uint64_t from = ex->cursor, solutions_before = ex->solutions;
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
            apply_event(ex, &events[i], now);
        if (ex->timeline)
            ex->cursor = nq_timeline_length(ex->timeline);
        if (!got)
            break;
        due -= got;
        changed = true;
    }
    if (ex->timeline && ex->cursor != from) {
        uint64_t moved = ex->cursor - from;
        show_step(ex, ex->cursor);
        ex->steps_shown += moved;
        ex->step_budget = ex->step_budget >= (double)moved ? ex->step_budget - (double)moved : 0;
        ex->step_wanted = false;
        if (ex->trace_cursor) {
            ex->trace_cursor = false;
            trace_step(ex);
        }
        if (ex->solutions > solutions_before)
            ex->flash_until = now + FLASH_SECONDS;
        changed = true;
    }
    if (ex->state == EX_SEARCHING) {
        double tick = elapsed_tick(ex), before = ex->elapsed;
        ex->elapsed = now - ex->started_at;
        changed |= (long long)(before / tick) != (long long)(ex->elapsed / tick); /* the time shown moved */
    }
    uint64_t reachable = ex_reachable(ex);
    /* The worker's index may be ahead of its last progress event: what can be paged is found. */
    if (reachable > ex->solutions)
        ex->solutions = reachable;
    if (ex->job == NQ_JOB_SOLVE && !ex->viewing && reachable > 0 && !ex->unique_paging)
        changed |= show_solution(ex, 1);
    if (now - ex->rate_mark_time >= RATE_WINDOW_SECONDS) {
        ex->rate = (double)(ex->steps_shown - ex->rate_mark_steps) / (now - ex->rate_mark_time);
        ex->rate_mark_time = now;
        ex->rate_mark_steps = ex->steps_shown;
    }
    if (ex->flash_until > 0 && now >= ex->flash_until) {
        ex->flash_until = 0;
        changed = true;
    }
    ex->last_update = now;
    return changed;
}

/* Whether a watch plays back steps already recorded (the person went back, then pressed Space). */
static bool replaying(const explorer *ex)
{
    return ex->timeline && !ex->paused && ex->cursor < nq_timeline_length(ex->timeline);
}

double ex_wait(const explorer *ex, double now)
{
    double wait = -1;
    if (ex_racing(ex) && !ex->race_paused && !race_over(&ex->race))
        return 0;
    if (ex->state == EX_SEARCHING || replaying(ex)) {
        bool watch = ex->job == NQ_JOB_WATCH;
        if (!watch || (!ex->paused && (ex->speed == EX_SPEED_MAX || ex->step_budget >= 1)))
            wait = 0;
        else if (!ex->paused)
            wait = (1 - ex->step_budget) / ex->speed;
    }
    if (ex->state == EX_SEARCHING) {
        /* Wake for the elapsed time shown to move on, too. */
        double tick = elapsed_tick(ex), elapsed = now - ex->started_at;
        double next = (double)((long long)(elapsed / tick) + 1) * tick - elapsed;
        if (wait < 0 || next < wait)
            wait = next;
    }
    if (ex->flash_until > 0) {
        double flash = ex->flash_until - now;
        if (flash < 0)
            flash = 0;
        if (wait < 0 || flash < wait)
            wait = flash;
    }
    return wait;
}

bool ex_full_speed(const explorer *ex)
{
    return ex_playing(ex) && ex->speed == EX_SPEED_MAX;
}

bool ex_playing(const explorer *ex)
{
    if (ex_racing(ex))
        return !ex->race_paused && !race_over(&ex->race);
    return ex->job == NQ_JOB_WATCH && !ex->paused && (ex->state == EX_SEARCHING || replaying(ex));
}

/* ---- what a person does ---- */

void ex_click(explorer *ex, nq_square square, double now)
{
    if (ex_racing(ex)) {
        /* TRANSLATORS: A is a key name and stays as it is. */
        ex_status(ex, "%s", _("The race keeps its board: A ends it, then a click pins a queen."));
        return;
    }
    if (square.column < 0 || square.column >= ex->n || square.row < 0 || square.row >= ex->n)
        return;
    bool was_unique = ex->unique_paging;
    if (was_unique)
        leave_unique(ex);
    if (ex->has_first && ex->first.column == square.column && ex->first.row == square.row) {
        ex->has_first = false;
    } else {
        ex->has_first = true;
        ex->first = square;
    }
    trace_first(ex);
    start_search(ex, now);
    if (was_unique)
        ex_status(ex, "%s", _("Unique paging is of the whole board: with a pinned queen, every solution is paged."));
}

bool ex_set_n(explorer *ex, int n, double now)
{
    if (n < NQ_MIN_N || n > EX_MAX_N) {
        /* TRANSLATORS: N is the board's size: from %d to %d; above %d the program shows one
         * solution, built directly rather than searched for. */
        ex_status(ex, _("N goes from %d to %d (above %d: one solution, found directly)."), NQ_MIN_N, EX_MAX_N,
                  NQ_MAX_N);
        return false;
    }
    if (n > NQ_MAX_N) {
        if (ex_racing(ex))
            toggle_race(ex);
        if (ex->compare_shown)
            toggle_compare(ex);
        if (ex->heat_shown)
            toggle_heat(ex);
        if (ex->unique_paging)
            leave_unique(ex);
        ex->variants_shown = false;
    }
    make_room(ex, n);
    ex->n = n;
    ex->view = ui_view_fit(n);
    trace_line(ex, "n %d", n);
    if (ex->has_first) {
        ex->has_first = false;
        trace_first(ex);
    }
    ex->pin_cursor = (nq_square){0, 0};
    ex->has_hover = false; /* the square under the pointer is another one now */
    start_search(ex, now);
    return true;
}

static void toggle_mode(explorer *ex, double now)
{
    ex->mode = ex->mode == EX_WATCH ? EX_SOLVE : EX_WATCH;
    trace_line(ex, "mode %s", app_mode_name(ex->mode));
    start_search(ex, now);
}

void ex_play(explorer *ex)
{
    ex->paused = false;
    ex->viewing = false; /* back to the live search */
}

static void play_pause(explorer *ex)
{
    if (ex_racing(ex)) {
        ex->race_paused = !ex->race_paused;
        return;
    }
    if (ex->job != NQ_JOB_WATCH)
        return;
    if (ex->paused)
        ex_play(ex);
    else
        ex->paused = true;
}

/* Says that stepping is Watch's, and returns whether this search has a timeline to step through. */
static bool has_timeline(explorer *ex)
{
    if (!ex->timeline)
        /* TRANSLATORS: Watch is the name of a mode, as on its button; Tab is a key name. */
        ex_status(ex, "%s", _("Steps forward and back are Watch's: Tab switches to it."));
    return ex->timeline != NULL;
}

/* One step forward in a watched search: the next update shows it, from the timeline if it is
 * recorded, else from the worker when it comes. */
static void single_step(explorer *ex)
{
    if (ex_racing(ex)) {
        ex->race_paused = true;
        race_advance(&ex->race, 1);
        return;
    }
    if (!has_timeline(ex) || (ex->state != EX_SEARCHING && ex->cursor == nq_timeline_length(ex->timeline)))
        return;
    ex->paused = true;
    ex->viewing = false;
    ex->step_wanted = true;
    ex->trace_cursor = true;
}

/* Moves the watched search's timeline to step k at once, paused there. */
static void move_to(explorer *ex, uint64_t k)
{
    ex->paused = true;
    ex->viewing = false;
    ex->step_wanted = false;
    show_step(ex, k);
    trace_step(ex);
}

void ex_seek(explorer *ex, uint64_t step)
{
    if (ex_racing(ex))
        return;
    if (!ex->timeline)
        return;
    uint64_t length = nq_timeline_length(ex->timeline);
    move_to(ex, step < length ? step : length);
}

void ex_tree_select(explorer *ex, int item)
{
    if (!ex->timeline || item < 0 || item >= ex->scene.count)
        return;
    move_to(ex, ex->scene.items[item].node.placed);
}

/* One step back in a watched search. */
static void step_back(explorer *ex)
{
    if (!has_timeline(ex))
        return;
    if (ex->cursor == 0) {
        ex_status(ex, "%s", _("This is the start of the search: nothing before it."));
        return;
    }
    move_to(ex, ex->cursor - 1);
}

/* To the previous or next solution or dead end on the timeline. */
static void jump(explorer *ex, bool forward)
{
    uint64_t k;
    if (!has_timeline(ex))
        return;
    if (nq_timeline_find(ex->timeline, ex->cursor, forward, NQ_LANDMARK_SOLUTION | NQ_LANDMARK_DEAD_END, &k))
        move_to(ex, k);
    else if (forward)
        ex_status(ex, "%s",
                  ex->state == EX_SEARCHING
                      /* TRANSLATORS: Space is a key name and stays as it is. */
                      ? _("No solution or dead end after this step yet: Space plays on.")
                      : _("No solution or dead end after this step."));
    else
        ex_status(ex, "%s", _("No solution or dead end before this step."));
}

static int speed_index(double speed)
{
    for (int i = 0; i < SPEED_COUNT; i++)
        if (speeds[i] == speed)
            return i;
    return -1;
}

void ex_set_speed(explorer *ex, double speed)
{
    ex->speed = speed;
}

static void slower(explorer *ex)
{
    int i = speed_index(ex->speed);
    if (i < 0) { /* a speed from the command line: the next listed one below it */
        for (i = SPEED_COUNT - 2; i > 0 && speeds[i] >= ex->speed; i--)
            ;
        ex->speed = speeds[i];
    } else if (i > 0) {
        ex->speed = speeds[i - 1];
    }
}

static void faster(explorer *ex)
{
    int i = speed_index(ex->speed);
    if (i < 0) {
        for (i = 0; i < SPEED_COUNT - 1 && speeds[i] <= ex->speed; i++)
            ;
        ex->speed = speeds[i];
    } else if (i < SPEED_COUNT - 1) {
        ex->speed = speeds[i + 1];
    }
}

/* How far paging reaches, for the sentences that say which numbers a person can pick. */
typedef enum { REACH_NONE, REACH_ALL, REACH_GROWING } reach_kind;

/* How far paging reaches now: none yet, up to last (grouped into last[size]), or up to last with
 * more as the search goes on. */
static reach_kind paging_reach(const explorer *ex, char *last, size_t size)
{
    uint64_t reachable = paging_reachable(ex);
    nq_grouped(reachable, last, size);
    if (!reachable)
        return REACH_NONE;
    return (ex->unique_paging ? ex->unique_state : ex->state) == EX_SEARCHING ? REACH_GROWING : REACH_ALL;
}

bool ex_page_to(explorer *ex, uint64_t k)
{
    uint64_t reachable = paging_reachable(ex);
    if (ex->job == NQ_JOB_FIND && !ex->unique_paging) {
        /* TRANSLATORS: Find is the name of a way to search, as on its button; R is a key name. */
        ex_status(ex, "%s", _("Find shows one solution; R goes back to the search in order."));
        return false;
    }
    if (k < 1 || k > reachable) {
        char number[32], last[32];
        nq_grouped(k, number, sizeof number);
        reach_kind reach = paging_reach(ex, last, sizeof last);
        if (reach == REACH_NONE)
            ex_status(ex, "%s", _("No solution to show yet."));
        else if (ex->unique_paging && reach == REACH_GROWING)
            ex_status(ex,
                      /* TRANSLATORS: the person asked for unique board number %s (one board per class of
                       * boards that turns and mirrors make of each other); the ones that can be shown
                       * are 1 to %s. Both numbers are grouped by thousands. */
                      _("There is no unique board %s yet: pick 1 to %s (more as the search goes on)."), number,
                      last);
        else if (ex->unique_paging)
            ex_status(ex,
                      /* TRANSLATORS: as above, once the unique boards are all counted. */
                      _("There is no unique board %s: pick 1 to %s."), number, last);
        else if (reach == REACH_GROWING)
            ex_status(ex,
                      /* TRANSLATORS: the person asked for solution number %s; the ones that can be shown
                       * are 1 to %s. Both numbers are grouped by thousands. */
                      _("There is no solution %s yet: pick 1 to %s (more as the search goes on)."), number, last);
        else
            ex_status(ex,
                      /* TRANSLATORS: the person asked for solution number %s (as typed, or grouped by
                       * thousands); the ones that can be shown are 1 to %s. */
                      _("There is no solution %s: pick 1 to %s."), number, last);
        return false;
    }
    if (ex->mode == EX_WATCH && !ex->unique_paging)
        ex->paused = true; /* paging holds the animation; Space goes back to it */
    return show_solution(ex, k);
}

static void page(explorer *ex, int64_t delta)
{
    uint64_t reachable = paging_reachable(ex);
    if (!reachable || (ex->job == NQ_JOB_FIND && !ex->unique_paging)) {
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

/* A field of typed digits (the solution number after G, N after N): adds digit, unless it is not
 * one or the field is full (returns false); erase takes the last one back. */
static bool digits_add(char *digits, size_t size, int digit)
{
    size_t len = strlen(digits);
    if (digit < 0 || digit > 9 || len + 1 >= size)
        return false;
    digits[len] = (char)('0' + digit);
    digits[len + 1] = '\0';
    return true;
}

static void digits_erase(char *digits)
{
    size_t len = strlen(digits);
    if (len)
        digits[len - 1] = '\0';
}

static void goto_begin(explorer *ex)
{
    ex->keys = EX_KEYS_GOTO;
    ex->goto_digits[0] = '\0';
    /* TRANSLATORS: Enter is a key name and stays as it is. */
    ex_status(ex, "%s", _("Go to solution: type its number, then Enter."));
}

static void goto_digit(explorer *ex, int digit)
{
    if (digit < 0 || digit > 9)
        return;
    if (!digits_add(ex->goto_digits, sizeof ex->goto_digits, digit))
        /* TRANSLATORS: %s: the digits typed so far; %zu: how many digits a number may have. */
        ex_status(ex, _("Go to solution: %s (a solution number has at most %zu digits)"), ex->goto_digits,
                  sizeof ex->goto_digits - 1);
    else /* TRANSLATORS: %s: the digits of a solution number typed so far. */
        ex_status(ex, _("Go to solution: %s"), ex->goto_digits);
}

static void goto_erase(explorer *ex)
{
    digits_erase(ex->goto_digits);
    ex_status(ex, _("Go to solution: %s"), ex->goto_digits);
}

static void goto_enter(explorer *ex)
{
    ex->keys = EX_KEYS_NORMAL;
    uint64_t k;
    char last[32];
    reach_kind reach = paging_reach(ex, last, sizeof last);
    if (!ex->goto_digits[0]) {
        if (reach == REACH_NONE) {
            /* TRANSLATORS: G is a key name and stays as it is. */
            ex_status(ex, "%s", _("Type a solution number after G: no solution can be shown yet."));
        } else if (reach == REACH_GROWING) {
            /* TRANSLATORS: G is a key name and stays as it is; %s: the last number that can be
             * shown, grouped by thousands. */
            ex_status(ex, _("Type a solution number after G: pick 1 to %s (more as the search goes on)."), last);
        } else {
            /* TRANSLATORS: G is a key name and stays as it is; %s: the last number that can be
             * shown, grouped by thousands. */
            ex_status(ex, _("Type a solution number after G: pick 1 to %s."), last);
        }
        return;
    }
    if (!nq_parse_number(ex->goto_digits, 1, UINT64_MAX, &k)) {
        if (reach == REACH_NONE)
            ex_status(ex,
                      /* TRANSLATORS: %s: the number typed, which no solution has. */
                      _("There is no solution %s: no solution can be shown yet."), ex->goto_digits);
        else if (reach == REACH_GROWING)
            ex_status(ex,
                      /* TRANSLATORS: the first %s: the number typed, which no solution has; the second:
                       * the last number that can be shown, grouped by thousands. */
                      _("There is no solution %s: pick 1 to %s (more as the search goes on)."), ex->goto_digits,
                      last);
        else
            ex_status(ex, _("There is no solution %s: pick 1 to %s."), ex->goto_digits, last);
        return;
    }
    if (ex_page_to(ex, k))
        ex->status[0] = '\0';
}

static void size_begin(explorer *ex)
{
    ex->keys = EX_KEYS_SIZE;
    ex->size_digits[0] = '\0';
    ex->size_too_long = false;
    /* TRANSLATORS: N is the board's size; Enter is a key name and stays as it is. */
    ex_status(ex, _("N: type the board size (%d to %d), then Enter."), NQ_MIN_N, EX_MAX_N);
}

static void size_digit(explorer *ex, int digit)
{
    if (digit < 0 || digit > 9)
        return;
    ex->size_too_long = ex->size_too_long || !digits_add(ex->size_digits, sizeof ex->size_digits, digit);
    if (ex->size_too_long)
        /* TRANSLATORS: %s: the digits typed for N, the board's size; Backspace and Esc are key
         * names and stay as they are. */
        ex_status(ex, _("N: %s... is too large: N goes up to %d (Backspace, or Esc)."), ex->size_digits,
                  EX_MAX_N);
    else /* TRANSLATORS: %s: the digits typed so far for N, the board's size. */
        ex_status(ex, _("N: %s"), ex->size_digits);
}

static void size_erase(explorer *ex)
{
    if (ex->size_too_long) /* the digits past the field go first, all at once */
        ex->size_too_long = false;
    else
        digits_erase(ex->size_digits);
    ex_status(ex, _("N: %s"), ex->size_digits);
}

static void size_enter(explorer *ex, double now)
{
    uint64_t n;
    if (ex->size_too_long) {
        /* TRANSLATORS: N is the board's size; %s: the digits typed, and more ("...") past them;
         * the last %d: N as it is now. Esc is a key name and stays as it is. */
        ex_status(ex, _("N goes from %d to %d, not %s...: type it again (Esc keeps N = %d)."), NQ_MIN_N,
                  EX_MAX_N, ex->size_digits, ex->n);
        ex->size_digits[0] = '\0';
        ex->size_too_long = false;
        return;
    }
    if (!nq_parse_number(ex->size_digits, NQ_MIN_N, EX_MAX_N, &n)) {
        if (ex->size_digits[0])
            ex_status(ex,
                      /* TRANSLATORS: N is the board's size; %s: the digits typed; the last %d: N as it is
                       * now. Esc is a key name and stays as it is. */
                      _("N goes from %d to %d, not %s: type it again (Esc keeps N = %d)."), NQ_MIN_N, EX_MAX_N,
                      ex->size_digits, ex->n);
        else
            ex_status(ex,
                      /* TRANSLATORS: N is the board's size; the last %d: N as it is now. Esc is a key name
                       * and stays as it is. */
                      _("N goes from %d to %d: type it again (Esc keeps N = %d)."), NQ_MIN_N, EX_MAX_N, ex->n);
        ex->size_digits[0] = '\0';
        return;
    }
    ex->keys = EX_KEYS_NORMAL;
    ex->status[0] = '\0';
    ex_set_n(ex, (int)n, now);
}

/* Keeps the pin cursor of a wide board in view. */
static void follow_cursor(explorer *ex)
{
    if (!ex_wide(ex))
        return;
    int c0, c1, r0, r1, c = ex->pin_cursor.column, r = ex->pin_cursor.row;
    ui_view_squares(ex->view, ex->n, &c0, &c1, &r0, &r1);
    ex_board_pan(ex, c < c0 ? c - c0 : c > c1 ? c - c1 : 0, r < r0 ? r - r0 : r > r1 ? r - r1 : 0);
}
static void pin_begin(explorer *ex)
{
    ex->keys = EX_KEYS_PIN;
    if (ex->has_first)
        ex->pin_cursor = ex->first;
    else if (ex_wide(ex)) /* the square in the middle of the view */
        ex->pin_cursor = (nq_square){(int)ex->view.cx < ex->n ? (int)ex->view.cx : ex->n - 1,
                                     (int)ex->view.cy < ex->n ? (int)ex->view.cy : ex->n - 1};
    else
        ex->pin_cursor = (nq_square){0, 0};
    follow_cursor(ex);
    /* TRANSLATORS: to pin a queen is to fix the first queen on a square; Enter and Esc are key
     * names and stay as they are. */
    ex_status(ex, "%s", _("Pin a queen: arrow keys, then Enter (Esc cancels)."));
}

static void pin_move(explorer *ex, int dcolumn, int drow)
{
    int c = ex->pin_cursor.column + dcolumn, r = ex->pin_cursor.row + drow;
    if (c >= 0 && c < ex->n)
        ex->pin_cursor.column = c;
    if (r >= 0 && r < ex->n)
        ex->pin_cursor.row = r;
    follow_cursor(ex);
}

static void pin_enter(explorer *ex, double now)
{
    ex->keys = EX_KEYS_NORMAL;
    ex->status[0] = '\0';
    ex_click(ex, ex->pin_cursor, now);
}

/* Esc: closes what is open, else stops the search. */
static void escape(explorer *ex)
{
    if (ex->help) {
        ex->help = false;
    } else if (ex->keys != EX_KEYS_NORMAL) {
        ex->keys = EX_KEYS_NORMAL;
        ex->status[0] = '\0';
    } else if (ex_racing(ex)) {
        toggle_race(ex);
    } else if (ex->variants_shown) {
        toggle_variants(ex);
    } else {
        ex_stop(ex);
    }
}

ex_key_mode ex_keys(const explorer *ex)
{
    return ex->keys;
}

void ex_hover(explorer *ex, bool over, nq_square square)
{
    ex->has_hover = over && square.column >= 0 && square.column < ex->n && square.row >= 0 && square.row < ex->n;
    if (ex->has_hover)
        ex->hover = square;
}

/* ---- a board above NQ_MAX_N ---- */

/* How far an arrow key moves the view of a wide board: an eighth of what it shows. */
#define VIEW_PAN_SHARE 0.125
#define VIEW_ZOOM_STEP 2.0

void ex_board_zoom(explorer *ex, double factor, double column, double row)
{
    if (!ex_wide(ex))
        return;
    ui_view v = ex->view;
    ui_view z = ui_view_clamp((ui_view){v.zoom * factor, v.cx, v.cy}, ex->n);
    /* The board point under the anchor stays under it. */
    double kept = v.zoom / z.zoom;
    z.cx = column + (v.cx - column) * kept;
    z.cy = row + (v.cy - row) * kept;
    ex->view = ui_view_clamp(z, ex->n);
}

void ex_board_pan(explorer *ex, double columns, double rows)
{
    if (!ex_wide(ex))
        return;
    ex->view = ui_view_clamp((ui_view){ex->view.zoom, ex->view.cx + columns, ex->view.cy + rows}, ex->n);
}

/* The arrow keys and the zoom keys: the tree's view, or a wide board's. */
static void view_act(explorer *ex, ex_action action)
{
    bool wide = ex_wide(ex);
    if (action == EX_ACT_VIEW_FIT) {
        if (wide) {
            ex->view = ui_view_fit(ex->n);
        } else {
            ex->tree_zoom = 1;
            ex->tree_pan_x = ex->tree_pan_y = 0;
        }
        return;
    }
    int zoom = (action == EX_ACT_ZOOM_IN) - (action == EX_ACT_ZOOM_OUT);
    int dx = (action == EX_ACT_VIEW_RIGHT) - (action == EX_ACT_VIEW_LEFT);
    int dy = (action == EX_ACT_VIEW_DOWN) - (action == EX_ACT_VIEW_UP);
    double span = ex->n / ex->view.zoom * VIEW_PAN_SHARE;
    if (wide && zoom)
        ex_board_zoom(ex, zoom > 0 ? VIEW_ZOOM_STEP : 1 / VIEW_ZOOM_STEP, ex->view.cx, ex->view.cy);
    else if (wide)
        ex_board_pan(ex, dx * span, dy * span);
    else if (zoom)
        ex_tree_zoom(ex, zoom > 0 ? TREE_ZOOM_STEP : 1 / TREE_ZOOM_STEP);
    else
        ex_tree_pan(ex, dx * TREE_PAN_UNITS, dy);
}
/* What a wide board does with an action meant for the search in order: the arrow keys move the
 * view; the rest say why they are not there. Returns true when the action is dealt with. */
static bool wide_act(explorer *ex, ex_action action)
{
    switch (action) {
    case EX_ACT_PREVIOUS: view_act(ex, EX_ACT_VIEW_LEFT); return true;
    case EX_ACT_NEXT: view_act(ex, EX_ACT_VIEW_RIGHT); return true;
    case EX_ACT_FIRST_SOLUTION:
    case EX_ACT_LAST_SOLUTION:
    case EX_ACT_BACK_TEN:
    case EX_ACT_FORWARD_TEN:
    case EX_ACT_GOTO:
    case EX_ACT_MODE:
    case EX_ACT_PLAY:
    case EX_ACT_STEP:
    case EX_ACT_STEP_BACK:
    case EX_ACT_PREVIOUS_LANDMARK:
    case EX_ACT_NEXT_LANDMARK:
    case EX_ACT_SLOWER:
    case EX_ACT_FASTER:
    case EX_ACT_RACE:
    case EX_ACT_RACE_LANE:
    case EX_ACT_COMPARE:
    case EX_ACT_HEAT:
    case EX_ACT_VARIANTS:
    case EX_ACT_VARIANT:
    case EX_ACT_UNIQUE:
    case EX_ACT_METHOD:
    case EX_ACT_METHOD_BACK:
    case EX_ACT_TREE:
    case EX_ACT_TREE_MARKS:
        /* TRANSLATORS: Watch and Solve are the names of the two modes, as on their buttons; N is the
         * board's size. */
        ex_status(ex, _("Watch, Solve and paging go up to N = %d; above it the board shows one solution, found "
                        "directly."),
                  NQ_MAX_N);
        return true;
    default: return false;
    }
}

void ex_act(explorer *ex, ex_action action, int value, double now)
{
    if (ex_wide(ex) && ex->keys == EX_KEYS_NORMAL && wide_act(ex, action))
        return;
    switch (action) {
    case EX_ACT_PREVIOUS: page(ex, -1); break;
    case EX_ACT_NEXT: page(ex, 1); break;
    case EX_ACT_FIRST_SOLUTION: ex_page_to(ex, 1); break;
    case EX_ACT_LAST_SOLUTION: ex_page_to(ex, paging_reachable(ex)); break;
    case EX_ACT_BACK_TEN: page(ex, -10); break;
    case EX_ACT_FORWARD_TEN: page(ex, 10); break;
    case EX_ACT_GOTO: goto_begin(ex); break;
    case EX_ACT_N_UP: ex_set_n(ex, ex->n + 1, now); break;
    case EX_ACT_N_DOWN: ex_set_n(ex, ex->n - 1, now); break;
    case EX_ACT_MODE: toggle_mode(ex, now); break;
    case EX_ACT_PLAY: play_pause(ex); break;
    case EX_ACT_STEP: single_step(ex); break;
    case EX_ACT_STEP_BACK: step_back(ex); break;
    case EX_ACT_PREVIOUS_LANDMARK: jump(ex, false); break;
    case EX_ACT_NEXT_LANDMARK: jump(ex, true); break;
    case EX_ACT_SLOWER: slower(ex); break;
    case EX_ACT_FASTER: faster(ex); break;
    case EX_ACT_RACE: toggle_race(ex); break;
    case EX_ACT_COMPARE: toggle_compare(ex); break;
    case EX_ACT_HEAT: toggle_heat(ex); break;
    case EX_ACT_VARIANTS: toggle_variants(ex); break;
    case EX_ACT_VARIANT: pick_variant(ex, value); break;
    case EX_ACT_UNIQUE: toggle_unique(ex); break;
    case EX_ACT_LANGUAGE: step_language(ex, 1); break;
    case EX_ACT_LANGUAGE_BACK: step_language(ex, NQ_LANG_COUNT - 1); break;
    case EX_ACT_THEME: ex_set_theme(ex, (ex_theme)((ex->theme + 1) % EX_THEME_COUNT), false); break;
    case EX_ACT_THEME_BACK:
        ex_set_theme(ex, (ex_theme)((ex->theme + EX_THEME_COUNT - 1) % EX_THEME_COUNT), false);
        break;
    case EX_ACT_RACE_LANE: toggle_lane(ex, value); break;
    case EX_ACT_RESTART:
        if (ex->method == NQ_METHOD_MINCONFLICTS && ex->mode == EX_WATCH) {
            ex->seed++;
            /* TRANSLATORS: Min-conflicts is the name of a search method; the seed picks its random
             * start. */
            ex_status(ex, _("Min-conflicts starts again with seed %llu."), (unsigned long long)ex->seed);
        }
        start_search(ex, now);
        break;
    case EX_ACT_METHOD: ex_set_method(ex, (nq_method)((ex->method + 1) % NQ_METHOD_COUNT), now); break;
    case EX_ACT_METHOD_BACK:
        ex_set_method(ex, (nq_method)((ex->method + NQ_METHOD_COUNT - 1) % NQ_METHOD_COUNT), now);
        break;
    case EX_ACT_FIND: start_job(ex, NQ_JOB_FIND, now); break;
    case EX_ACT_ESCAPE: escape(ex); break;
    case EX_ACT_PIN_KEYS: pin_begin(ex); break;
    case EX_ACT_HELP: ex->help = !ex->help; break;
    case EX_ACT_GOTO_DIGIT: goto_digit(ex, value); break;
    case EX_ACT_GOTO_ERASE: goto_erase(ex); break;
    case EX_ACT_GOTO_ENTER: goto_enter(ex); break;
    case EX_ACT_PIN_LEFT: pin_move(ex, -1, 0); break;
    case EX_ACT_PIN_RIGHT: pin_move(ex, 1, 0); break;
    case EX_ACT_PIN_UP: pin_move(ex, 0, -1); break;
    case EX_ACT_PIN_DOWN: pin_move(ex, 0, 1); break;
    case EX_ACT_PIN_ENTER: pin_enter(ex, now); break;
    case EX_ACT_TREE: toggle_tree(ex); break;
    case EX_ACT_TREE_MARKS: toggle_tree_marks(ex); break;
    case EX_ACT_ZOOM_IN:
    case EX_ACT_ZOOM_OUT:
    case EX_ACT_VIEW_LEFT:
    case EX_ACT_VIEW_RIGHT:
    case EX_ACT_VIEW_UP:
    case EX_ACT_VIEW_DOWN:
    case EX_ACT_VIEW_FIT: view_act(ex, action); break;
    case EX_ACT_SIZE: size_begin(ex); break;
    case EX_ACT_SIZE_DIGIT: size_digit(ex, value); break;
    case EX_ACT_SIZE_ERASE: size_erase(ex); break;
    case EX_ACT_SIZE_ENTER: size_enter(ex, now); break;
    case EX_ACT_SAVE:
    case EX_ACT_COPY:
    case EX_ACT_SAVE_TREE:
    case EX_ACT_QUIT:
    case EX_ACTION_COUNT: break; /* the app's own */
    }
}
