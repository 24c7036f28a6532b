/*
 * classes.c -- the symmetry classes of solutions: the class of the solution paged to (its distinct
 * turns and mirror images, each with its number among the solutions once the search has reached
 * it, shown in the board's place while the class view is on), and paging one board per class (the
 * smallest of each), counted by a solver of its own while the search goes on.
 */
#include <string.h>

#include "feature.h"
#include "nq/i18n.h"

void ex_set_uniquer(explorer *ex, ex_solver uniquer)
{
    ex->classes.solver = uniquer;
}

/* Counts the unique boards of the board as it is now, unless that runs or ran already; the first
 * one is shown as soon as it can be. */
static void start_unique(explorer *ex)
{
    if (!ex->classes.unique)
        return;
    ex->classes.show_first = true;
    if ((ex->classes.state == EX_SEARCHING || ex->classes.state == EX_FINISHED) && ex->classes.n == ex->n)
        return;
    nq_job job = {NQ_JOB_UNIQUE, ex->n, false, {0, 0}, 0, NQ_METHOD_BACKTRACK, 1};
    ex->classes.solver.start(ex->classes.solver.context, &job);
    ex->classes.state = EX_SEARCHING;
    ex->classes.n = ex->n;
    ex->classes.counted = 0;
}

/* Back to paging every solution; the board shows the search again. */
void ex_leave_unique(explorer *ex)
{
    ex->classes.unique = false;
    ex->classes.show_first = false;
    ex->viewing = false;
    ex->k = 0;
    ex_trace_line(ex, "unique none");
}

static void toggle_unique(explorer *ex)
{
    if (!ex->classes.solver.start) {
        ex_notify(ex, EX_NOTICE_NO_UNIQUE, 0, NULL, NULL);
        return;
    }
    if (ex->classes.unique) {
        ex_leave_unique(ex);
        ex_notify(ex, EX_NOTICE_ALL_AGAIN, 0, NULL, NULL);
        return;
    }
    if (ex->has_first) {
        ex_notify(ex, EX_NOTICE_UNIQUE_PINNED, 0, NULL, NULL);
        return;
    }
    if (ex_racing(ex))
        ex_leave_race(ex);
    ex->classes.unique = true;
    ex->viewing = false;
    ex->k = 0;
    ex_trace_line(ex, "unique shown");
    start_unique(ex);
}

/* Takes the unique job's reports: how many boards so far, its end; shows the first board when
 * paging begins. */
static bool update_unique(explorer *ex)
{
    if (ex->classes.state != EX_SEARCHING && !ex->classes.show_first)
        return false;
    nq_event events[16];
    size_t got =
        ex->classes.state == EX_SEARCHING ? ex->classes.solver.poll(ex->classes.solver.context, events, 16) : 0;
    for (size_t i = 0; i < got; i++) {
        const nq_progress *p = &events[i].as.figures.progress;
        if (p->solutions > ex->classes.counted)
            ex->classes.counted = p->solutions;
        if (events[i].kind == NQ_EVENT_DONE) {
            ex->classes.state = p->complete ? EX_FINISHED : EX_STOPPED;
            ex->classes.counted = events[i].as.figures.unique;
            if (ex->classes.unique)
                ex_trace_line(ex, "unique done %llu", (unsigned long long)ex->classes.counted);
        }
    }
    uint64_t reachable = ex->classes.solver.reachable(ex->classes.solver.context);
    if (reachable > ex->classes.counted)
        ex->classes.counted = reachable;
    bool changed = got > 0;
    if (ex->classes.unique && ex->classes.show_first && reachable > 0) {
        ex->classes.show_first = false;
        changed |= ex_show_solution(ex, 1);
    }
    return changed;
}

/* The class of the solution just shown: its distinct boards and the symmetry that makes each from
 * it; their numbers are asked for while the class is shown (ex_refresh_variant_numbers). */
void ex_note_class(explorer *ex)
{
    ex->classes.size = ex_wide(ex) ? 0 : nq_symmetry_variants(ex->n, ex->shown, ex->classes.boards);
    int images[NQ_SYM_COUNT][NQ_MAX_N];
    for (int g = 0; g < NQ_SYM_COUNT && ex->classes.size; g++)
        nq_symmetry_image((nq_symmetry)g, ex->n, ex->shown, images[g]);
    for (int i = 0; i < ex->classes.size; i++) {
        ex->classes.numbers[i] = 0;
        for (int g = NQ_SYM_COUNT - 1; g >= 0; g--) /* the first symmetry that makes it */
            if (!memcmp(images[g], ex->classes.boards + (size_t)i * ex->n, (size_t)ex->n * sizeof images[g][0]))
                ex->classes.made_by[i] = (nq_symmetry)g;
    }
}

/* Asks the solver for the numbers of the class's boards it did not know yet (they become known as
 * the search reaches them). True if one came. */
bool ex_refresh_variant_numbers(explorer *ex)
{
    bool came = false;
    for (int i = 0; i < ex->classes.size && ex->classes.shown && ex->viewing; i++)
        if (!ex->classes.numbers[i]) {
            ex->classes.numbers[i] = ex->solver.rank(ex->solver.context, ex->classes.boards + (size_t)i * ex->n);
            came |= ex->classes.numbers[i] != 0;
        }
    return came;
}

int ex_variants(const explorer *ex, int *boards, uint64_t *numbers, nq_symmetry *made_by)
{
    if (!ex->viewing || ex_wide(ex))
        return 0;
    memcpy(boards, ex->classes.boards, (size_t)ex->classes.size * (size_t)ex->n * sizeof *boards);
    memcpy(numbers, ex->classes.numbers, (size_t)ex->classes.size * sizeof *numbers);
    memcpy(made_by, ex->classes.made_by, (size_t)ex->classes.size * sizeof *made_by);
    return ex->classes.size;
}

int ex_variants_shown(const explorer *ex)
{
    if (!ex->classes.shown || !ex->viewing || ex_wide(ex) || ex_racing(ex))
        return 0;
    return ex->classes.size;
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
    /* TRANSLATORS: a label under a small board: its left and right swapped (a mirror standing
     * upright in the middle). */
    N_("mirrored left to right"),
    /* TRANSLATORS: a label under a small board: its top and bottom swapped (turned over on the
     * line across its middle). */
    N_("flipped top to bottom"),
    /* TRANSLATORS: a label under a small board: mirrored on the diagonal from the top left to the
     * bottom right; the backslash draws that diagonal and stays as it is. */
    N_("mirrored on the diagonal \\"),
    /* TRANSLATORS: a label under a small board: mirrored on the diagonal from the bottom left to the
     * top right; the slash draws that diagonal and stays as it is. */
    N_("mirrored on the diagonal /"),
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
        text = _("Its class: 1 board; the same turned right, turned half way, turned left, mirrored left to "
                 "right, flipped top to bottom, and mirrored on either diagonal.");
    snprintf(buf, size, "%s", text);
}

static void toggle_variants(explorer *ex)
{
    if (!ex->classes.shown && !ex->viewing) {
        ex_notify(ex, EX_NOTICE_VARIANTS_PAGE_FIRST, 0, NULL, NULL);
        return;
    }
    if (!ex->classes.shown && ex_racing(ex))
        ex_leave_race(ex);
    ex->classes.shown = !ex->classes.shown;
    ex_refresh_variant_numbers(ex);
    ex_trace_line(ex, "variants %s", ex->classes.shown ? "shown" : "none");
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
        ex_notify(ex, EX_NOTICE_NUMBER_UNKNOWN, 0, NULL, NULL);
        return;
    }
    if (ex->classes.unique)
        ex_leave_unique(ex);
    ex_page_to(ex, numbers[i]);
}

static bool classes_act(explorer *ex, ex_action action, int value, double now)
{
    (void)now;
    switch (action) {
    case EX_ACT_VARIANTS: toggle_variants(ex); return true;
    case EX_ACT_VARIANT: pick_variant(ex, value); return true;
    case EX_ACT_UNIQUE: toggle_unique(ex); return true;
    default: return false;
    }
}

static bool classes_update(explorer *ex, double now)
{
    (void)now;
    bool changed = update_unique(ex);
    return ex_refresh_variant_numbers(ex) || changed;
}

static void classes_board_changed(explorer *ex, double now)
{
    (void)now;
    start_unique(ex);
}

const ex_feature ex_feature_classes = {"classes", classes_act, classes_update, classes_board_changed};
