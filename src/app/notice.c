/*
 * notice.c -- the answer to the person's last action, as a rule per kind: how long it may last,
 * what it is about (the run, the page, the step, or nothing but time), the condition that keeps
 * it true, and the sentence, written each frame from the state. Adding a message is adding a row
 * and, where the sentence takes numbers, a say function. Every sentence is one whole message for
 * gettext, as it was when the model stored it.
 */
#include "notice.h"

#include <stdio.h>
#include <string.h>

#include "model.h"
#include "nq/i18n.h"

/* How long each sort of notice lasts at most, in seconds. */
#define ACKNOWLEDGED 4.0 /* "Saved to ..." */
#define REFUSED 8.0      /* "There is no solution 9 ..." */
#define EXPLAINED 8.0    /* "Solution 40 is the last one reachable in order so far ..." */

/* What a notice is about: it goes when that changes. */
typedef enum scope {
    ABOUT_TIME,   /* only its time ends it */
    ABOUT_RUN,    /* the search: a new one ends it */
    ABOUT_PAGE,   /* ... and the solution paged to */
    ABOUT_CURSOR  /* ... and the watched step shown */
} scope;

typedef struct rule {
    const char *key;  /* the trace's name */
    double seconds;
    scope about;
    bool (*live)(const explorer *ex, const ex_notice *n); /* NULL: the scope and the time decide */
    const char *text; /* the whole sentence (N_), or NULL: say writes it */
    void (*say)(const explorer *ex, const ex_notice *n, char *buf, size_t size);
} rule;

/* ---- conditions ---- */

static bool still_not_pageable(const explorer *ex, const ex_notice *n)
{
    return n->value < 1 || n->value > ex_paging_reachable(ex);
}

static bool still_unreachable(const explorer *ex, const ex_notice *n)
{
    (void)n;
    return ex_paging_reachable(ex) == 0;
}

/* End's solution is the last so far while the search it comes from still runs. */
static bool still_searching(const explorer *ex, const ex_notice *n)
{
    (void)n;
    char last[32];
    return ex_paging_reach(ex, last, sizeof last) == EX_REACH_GROWING;
}

/* ---- sentences that take numbers or read the state ---- */

static void say_language(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: %s is the language's own name, as on the language button; L is a key name. */
    snprintf(buf, size, _("Language: %s. L switches to the next; the choice is kept for the next start."),
             nq_lang_name((int)n->value));
}

static void say_what(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    snprintf(buf, size, "%s", n->what);
}

static void say_theme(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: the names of the colour themes, in the panel's status after a switch. */
    static const char *const titles[EX_THEME_COUNT] = {N_("dark"), N_("light"), N_("high contrast")};
    /* TRANSLATORS: %s is a colour theme's name (dark, light, high contrast); D is a key name. */
    snprintf(buf, size, _("Colours: %s. D switches to the next; the choice is kept for the next start."),
             _(titles[n->value < EX_THEME_COUNT ? n->value : 0]));
}

static void say_saved(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: %s is a file name. */
    snprintf(buf, size, _("Saved to %s"), n->what);
}

static void say_save_failed(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: the first %s is a file name, the second why it could not be saved. */
    snprintf(buf, size, _("Could not save %s: %s"), n->what, n->why);
}

static void say_gif_saving(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: an animated GIF of the watched search is being written, a frame at a time: the
     * first %d frames are written of the second %d. */
    snprintf(buf, size, _("Saving the GIF: frame %d of %d..."), (int)(n->value >> 32), (int)(n->value & 0xFFFFFFFF));
}

static void say_gif_saved(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    int frames = (int)(n->value >> 32), w = (int)(n->value >> 16 & 0xFFFF), h = (int)(n->value & 0xFFFF);
    snprintf(buf, size,
             /* TRANSLATORS: an animated GIF was written: the first %d is how many frames (pictures) it
              * has, then its width and height in pixels; %s is the file's name. */
             ngettext("Saved %d frame (%d x %d pixels) to %s", "Saved %d frames (%d x %d pixels) to %s",
                      (unsigned long)frames),
             frames, w, h, n->what);
}

static void say_copied(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    if (!n->value) {
        /* TRANSLATORS: the solution Find found is now on the clipboard, as text. */
        snprintf(buf, size, "%s", _("The solution found is copied as text."));
        return;
    }
    char k[32];
    nq_grouped(n->value, k, sizeof k);
    /* TRANSLATORS: %s is the solution's number, grouped by thousands; it is now on the clipboard. */
    snprintf(buf, size, _("Solution %s copied as text."), k);
}

static void say_copy_failed(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: copying to the clipboard failed; %s is SDL's reason, in English. */
    snprintf(buf, size, _("Could not copy: %s"), n->why);
}

static void say_tree_marks(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)n;
    snprintf(buf, size, "%s",
             ex->tree_panel.compact ? _("The tree leaves rejected squares out.")
                                    : _("The tree marks rejected squares."));
}

static void say_seed(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: Min-conflicts is the name of a search method; the seed picks its random start. */
    snprintf(buf, size, _("Min-conflicts starts again with seed %llu."), (unsigned long long)n->value);
}

static void say_watch_method(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: %s is the name of a search method ("Backtracking", "Forward checking", ...,
     * translated); Watch is the name of a mode, as on its button; Tab is a key name. */
    snprintf(buf, size, _("Watch will search by %s: Tab switches to it."), _(nq_method_title((nq_method)n->value)));
}

static void say_one_board(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)n;
    if (ex_run_phase(ex) == EX_PHASE_PAUSED) /* TRANSLATORS: Space is a key name and stays as it is. */
        snprintf(buf, size, "%s", _("Back to one board: Space plays the watch on."));
    else
        snprintf(buf, size, "%s", _("Back to one board."));
}

static void say_no_tree(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)n;
    if (ex->job == NQ_JOB_WATCH) /* TRANSLATORS: Min-conflicts is the name of a search method. */
        snprintf(buf, size, "%s", _("Min-conflicts has no search tree: it repairs a full board, move by move."));
    else /* TRANSLATORS: Watch is the name of a mode, as on its button; Tab is a key name and stays as it is. */
        snprintf(buf, size, "%s", _("The search tree is Watch's: Tab switches to it."));
}

static void say_tree_zoom(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    if (n->value)
        /* TRANSLATORS: the search tree is zoomed in as far as it goes; Ctrl+0 is a key name and
         * stays as it is. */
        snprintf(buf, size, "%s", _("The tree is as large as it goes: Ctrl+0 fits it again."));
    else
        /* TRANSLATORS: the search tree is zoomed out as far as it goes; Ctrl+0 is a key name and
         * stays as it is. */
        snprintf(buf, size, "%s", _("The tree is as small as it goes: Ctrl+0 fits it again."));
}

static void say_number_unknown(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)n;
    if (ex->mode == EX_WATCH)
        /* TRANSLATORS: a board of the class shown has no solution number yet. Solve is the name
         * of a mode, as on its button; Tab is a key name and stays as it is. */
        snprintf(buf, size, "%s", _("Its number is not known yet: Tab switches to Solve, which numbers them all."));
    else
        /* TRANSLATORS: a board of the class shown has no solution number yet. Solve is the name
         * of a mode, as on its button. */
        snprintf(buf, size, "%s", _("Its number is not known yet: Solve has not reached it yet."));
}

static void say_n_range(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    (void)n;
    /* TRANSLATORS: N is the board's size: from %d to %d; above %d the program shows one
     * solution, built directly rather than searched for. */
    snprintf(buf, size, _("N goes from %d to %d (above %d: one solution, found directly)."), NQ_MIN_N, EX_MAX_N,
             NQ_MAX_N);
}

static void say_n_typed(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    if (n->value)
        /* TRANSLATORS: N is the board's size; %s: the digits typed, and more ("...") past them;
         * the last %d: N as it is now. Esc is a key name and stays as it is. */
        snprintf(buf, size, _("N goes from %d to %d, not %s...: type it again (Esc keeps N = %d)."), NQ_MIN_N,
                 EX_MAX_N, n->what, ex->n);
    else if (n->what[0])
        /* TRANSLATORS: N is the board's size; %s: the digits typed; the last %d: N as it is
         * now. Esc is a key name and stays as it is. */
        snprintf(buf, size, _("N goes from %d to %d, not %s: type it again (Esc keeps N = %d)."), NQ_MIN_N,
                 EX_MAX_N, n->what, ex->n);
    else
        /* TRANSLATORS: N is the board's size; the last %d: N as it is now. Esc is a key name
         * and stays as it is. */
        snprintf(buf, size, _("N goes from %d to %d: type it again (Esc keeps N = %d)."), NQ_MIN_N, EX_MAX_N,
                 ex->n);
}

static void say_no_landmark_after(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)n;
    if (ex->state == EX_SEARCHING) /* TRANSLATORS: Space is a key name and stays as it is. */
        snprintf(buf, size, "%s", _("No solution or dead end after this step yet: Space plays on."));
    else
        snprintf(buf, size, "%s", _("No solution or dead end after this step."));
}

/* "There is no solution 9: pick 1 to 8." for a number asked for (digits, as typed), with the
 * range paging reaches now. */
static void say_not_there(const explorer *ex, const char *number, char *buf, size_t size)
{
    char last[32];
    ex_reach reach = ex_paging_reach(ex, last, sizeof last);
    if (reach == EX_REACH_NONE)
        snprintf(buf, size, "%s", _("No solution to show yet."));
    else if (ex->classes.unique && reach == EX_REACH_GROWING)
        snprintf(buf, size,
                 /* TRANSLATORS: the person asked for unique board number %s (one board per class of
                  * boards that turns and mirrors make of each other); the ones that can be shown
                  * are 1 to %s. Both numbers are grouped by thousands. */
                 _("There is no unique board %s yet: pick 1 to %s (more as the search goes on)."), number, last);
    else if (ex->classes.unique)
        /* TRANSLATORS: as above, once the unique boards are all counted. */
        snprintf(buf, size, _("There is no unique board %s: pick 1 to %s."), number, last);
    else if (reach == EX_REACH_GROWING)
        snprintf(buf, size,
                 /* TRANSLATORS: the person asked for solution number %s; the ones that can be shown
                  * are 1 to %s. Both numbers are grouped by thousands. */
                 _("There is no solution %s yet: pick 1 to %s (more as the search goes on)."), number, last);
    else
        snprintf(buf, size,
                 /* TRANSLATORS: the person asked for solution number %s (as typed, or grouped by
                  * thousands); the ones that can be shown are 1 to %s. */
                 _("There is no solution %s: pick 1 to %s."), number, last);
}

static void say_not_pageable(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    char number[32];
    nq_grouped(n->value, number, sizeof number);
    say_not_there(ex, number, buf, size);
}

static void say_last_so_far(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    char k[32];
    nq_grouped(n->value, k, sizeof k);
    snprintf(buf, size,
             /* TRANSLATORS: after End (the key) while Solve still searches: %s is the solution's
              * number, grouped by thousands. Solutions can be shown only in order, without a gap, so
              * End stops at the last one before the first that is not found yet. */
             _("Solution %s is the last one reachable in order so far: the search is still running."),
             k);
}

static void say_no_number(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    char last[32];
    ex_reach reach = ex_paging_reach(ex, last, sizeof last);
    if (reach == EX_REACH_NONE)
        /* TRANSLATORS: %s: the number typed, which no solution has. */
        snprintf(buf, size, _("There is no solution %s: no solution can be shown yet."), n->what);
    else if (reach == EX_REACH_GROWING)
        snprintf(buf, size,
                 /* TRANSLATORS: the first %s: the number typed, which no solution has; the second:
                  * the last number that can be shown, grouped by thousands. */
                 _("There is no solution %s: pick 1 to %s (more as the search goes on)."), n->what, last);
    else
        snprintf(buf, size, _("There is no solution %s: pick 1 to %s."), n->what, last);
}

static void say_goto_empty(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)n;
    char last[32];
    ex_reach reach = ex_paging_reach(ex, last, sizeof last);
    if (reach == EX_REACH_NONE)
        /* TRANSLATORS: G is a key name and stays as it is. */
        snprintf(buf, size, "%s", _("Type a solution number after G: no solution can be shown yet."));
    else if (reach == EX_REACH_GROWING)
        /* TRANSLATORS: G is a key name and stays as it is; %s: the last number that can be
         * shown, grouped by thousands. */
        snprintf(buf, size, _("Type a solution number after G: pick 1 to %s (more as the search goes on)."), last);
    else
        /* TRANSLATORS: G is a key name and stays as it is; %s: the last number that can be
         * shown, grouped by thousands. */
        snprintf(buf, size, _("Type a solution number after G: pick 1 to %s."), last);
}

static void say_not_available(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: %llu is a solution's number. */
    snprintf(buf, size, _("Solution %llu is not available yet."), (unsigned long long)n->value);
}

static void say_wide(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    (void)n;
    /* TRANSLATORS: Watch and Solve are the names of the two modes, as on their buttons; N is the
     * board's size. */
    snprintf(buf, size, _("Watch, Solve and paging go up to N = %d; above it the board shows one solution, found "
                          "directly."),
             NQ_MAX_N);
}

static void say_play_range(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    (void)n;
    /* TRANSLATORS: your turn (the learner places the queens) works on boards of N = %d to %d; + and
     * - are key names and stay as they are. */
    snprintf(buf, size, _("Your turn is for N from %d to %d: set N with + and - first."), EX_PLAY_MIN_N,
             EX_PLAY_MAX_N);
}

static void say_play_nothing(const explorer *ex, const ex_notice *n, char *buf, size_t size)
{
    (void)ex;
    /* TRANSLATORS: your turn: Ctrl+Z (undo) or Ctrl+Y (redo) with nothing left to undo or redo. */
    snprintf(buf, size, "%s", n->value ? _("Nothing to redo.") : _("Nothing to undo."));
}

static const rule rules[EX_NOTICE_COUNT] = {
    [EX_NOTICE_NONE] = {"none", 0, ABOUT_TIME, NULL, "", NULL},
    [EX_NOTICE_LANGUAGE] = {"language", ACKNOWLEDGED, ABOUT_TIME, NULL, NULL, say_language},
    [EX_NOTICE_CANNOT_SHOW] = {"cannot_show", REFUSED, ABOUT_TIME, NULL, NULL, say_what},
    [EX_NOTICE_THEME] = {"theme", ACKNOWLEDGED, ABOUT_TIME, NULL, NULL, say_theme},
    [EX_NOTICE_SAVED] = {"saved", ACKNOWLEDGED, ABOUT_TIME, NULL, NULL, say_saved},
    [EX_NOTICE_SAVE_FAILED] = {"save_failed", REFUSED, ABOUT_TIME, NULL, NULL, say_save_failed},
    [EX_NOTICE_GIF_SAVING] = {"gif_saving", ACKNOWLEDGED, ABOUT_TIME, NULL, NULL, say_gif_saving},
    [EX_NOTICE_GIF_SAVED] = {"gif_saved", ACKNOWLEDGED, ABOUT_TIME, NULL, NULL, say_gif_saved},
    [EX_NOTICE_MOMENT_REFUSED] = {"moment_refused", REFUSED, ABOUT_TIME, NULL, NULL, say_what},
    [EX_NOTICE_LESSON_REFUSED] = {"lesson_refused", REFUSED, ABOUT_TIME, NULL, NULL, say_what},
    [EX_NOTICE_COPIED] = {"copied", ACKNOWLEDGED, ABOUT_TIME, NULL, NULL, say_copied},
    [EX_NOTICE_PLAY_COPIED] = {"play_copied", ACKNOWLEDGED, ABOUT_TIME, NULL,
                               /* TRANSLATORS: your turn: the learner's board, not yet a solution, is now on the
                                * clipboard as text. */
                               N_("Your board is copied as text."), NULL},
    [EX_NOTICE_COPY_FAILED] = {"copy_failed", REFUSED, ABOUT_TIME, NULL, NULL, say_copy_failed},
    [EX_NOTICE_TREE_MARKS] = {"tree_marks", ACKNOWLEDGED, ABOUT_TIME, NULL, NULL, say_tree_marks},
    [EX_NOTICE_SEED] = {"seed", ACKNOWLEDGED, ABOUT_RUN, NULL, NULL, say_seed},
    [EX_NOTICE_WATCH_METHOD] = {"watch_method", ACKNOWLEDGED, ABOUT_RUN, NULL, NULL, say_watch_method},
    [EX_NOTICE_ONE_BOARD] = {"one_board", ACKNOWLEDGED, ABOUT_RUN, NULL, NULL, say_one_board},
    [EX_NOTICE_ALL_AGAIN] = {"all_again", ACKNOWLEDGED, ABOUT_RUN, NULL, N_("Paging every solution again."), NULL},
    [EX_NOTICE_UNIQUE_LEFT] = {"unique_left", REFUSED, ABOUT_RUN, NULL,
                               N_("Unique paging is of the whole board: with a pinned queen, every solution is "
                                  "paged."),
                               NULL},
    [EX_NOTICE_NO_TREE] = {"no_tree", REFUSED, ABOUT_RUN, NULL, NULL, say_no_tree},
    [EX_NOTICE_TREE_ZOOM] = {"tree_zoom", REFUSED, ABOUT_RUN, NULL, NULL, say_tree_zoom},
    [EX_NOTICE_SAVE_TREE_FIRST] = {"save_tree_first", REFUSED, ABOUT_RUN, NULL,
                                   /* TRANSLATORS: T is a key name: keep it as it is. */
                                   N_("Show the search tree first (T), then save it."), NULL},
    [EX_NOTICE_COPY_PAGE_FIRST] = {"copy_page_first", REFUSED, ABOUT_PAGE, NULL,
                                   /* TRANSLATORS: "arrow keys" names keys on the keyboard. */
                                   N_("Page to a solution first (arrow keys), then copy it."), NULL},
    [EX_NOTICE_NO_COMPARE] = {"no_compare", REFUSED, ABOUT_TIME, NULL, N_("No comparison here."), NULL},
    [EX_NOTICE_NO_HEAT] = {"no_heat", REFUSED, ABOUT_TIME, NULL, N_("No heatmap here."), NULL},
    [EX_NOTICE_NO_UNIQUE] = {"no_unique", REFUSED, ABOUT_TIME, NULL, N_("No unique paging here."), NULL},
    [EX_NOTICE_UNIQUE_PINNED] = {"unique_pinned", REFUSED, ABOUT_RUN, NULL,
                                 N_("Unique boards are of the whole board: lift the pinned queen first (click it)."),
                                 NULL},
    [EX_NOTICE_VARIANTS_PAGE_FIRST] = {"variants_page_first", REFUSED, ABOUT_PAGE, NULL,
                                       /* TRANSLATORS: V is a key name and stays as it is. */
                                       N_("Page to a solution first (arrow keys); V then shows its class."), NULL},
    [EX_NOTICE_NUMBER_UNKNOWN] = {"number_unknown", REFUSED, ABOUT_PAGE, NULL, NULL, say_number_unknown},
    [EX_NOTICE_LANES_OUTSIDE] = {"lanes_outside", REFUSED, ABOUT_RUN, NULL,
                                 /* TRANSLATORS: 1-4 and A are key names and stay as they are. */
                                 N_("1-4 choose the methods of a race: A starts one."), NULL},
    [EX_NOTICE_TWO_LANES] = {"two_lanes", REFUSED, ABOUT_RUN, NULL, N_("A race needs two methods at least."), NULL},
    [EX_NOTICE_RACE_BOARD] = {"race_board", REFUSED, ABOUT_RUN, NULL,
                              /* TRANSLATORS: A is a key name and stays as it is. */
                              N_("The race keeps its board: A ends it, then a click pins a queen."), NULL},
    [EX_NOTICE_N_RANGE] = {"n_range", REFUSED, ABOUT_RUN, NULL, NULL, say_n_range},
    [EX_NOTICE_N_TYPED] = {"n_typed", REFUSED, ABOUT_RUN, NULL, NULL, say_n_typed},
    [EX_NOTICE_STEPS_ARE_WATCHS] = {"steps_are_watchs", REFUSED, ABOUT_RUN, NULL,
                                    /* TRANSLATORS: Watch is the name of a mode, as on its button; Tab is a key name. */
                                    N_("Steps forward and back are Watch's: Tab switches to it."), NULL},
    [EX_NOTICE_AT_START] = {"at_start", REFUSED, ABOUT_CURSOR, NULL,
                            N_("This is the start of the search: nothing before it."), NULL},
    [EX_NOTICE_NO_LANDMARK_AFTER] = {"no_landmark_after", REFUSED, ABOUT_CURSOR, NULL, NULL, say_no_landmark_after},
    [EX_NOTICE_NO_LANDMARK_BEFORE] = {"no_landmark_before", REFUSED, ABOUT_CURSOR, NULL,
                                      N_("No solution or dead end before this step."), NULL},
    [EX_NOTICE_FIND_ONE] = {"find_one", REFUSED, ABOUT_RUN, NULL,
                            /* TRANSLATORS: Find is the name of a way to search, as on its button; R is a key name. */
                            N_("Find shows one solution; R goes back to the search in order."), NULL},
    [EX_NOTICE_NOT_PAGEABLE] = {"not_pageable", REFUSED, ABOUT_PAGE, still_not_pageable, NULL, say_not_pageable},
    [EX_NOTICE_LAST_SO_FAR] = {"last_so_far", EXPLAINED, ABOUT_PAGE, still_searching, NULL, say_last_so_far},
    [EX_NOTICE_NO_NUMBER] = {"no_number", REFUSED, ABOUT_PAGE, NULL, NULL, say_no_number},
    [EX_NOTICE_GOTO_EMPTY] = {"goto_empty", REFUSED, ABOUT_PAGE, NULL, NULL, say_goto_empty},
    [EX_NOTICE_NOT_AVAILABLE] = {"not_available", REFUSED, ABOUT_PAGE, still_unreachable, NULL, say_not_available},
    [EX_NOTICE_UNVERIFIED] = {"unverified", REFUSED, ABOUT_PAGE, NULL,
                              N_("Internal error: a solution failed verification."), NULL},
    [EX_NOTICE_WIDE] = {"wide", REFUSED, ABOUT_RUN, NULL, NULL, say_wide},
    [EX_NOTICE_PLAY_RANGE] = {"play_range", REFUSED, ABOUT_TIME, NULL, NULL, say_play_range},
    [EX_NOTICE_PLAY_ONLY] = {"play_only", REFUSED, ABOUT_TIME, NULL,
                             /* TRANSLATORS: Ctrl+Z, Ctrl+Y, I and Y are key names and stay as they are. */
                             N_("Undo (Ctrl+Z), redo (Ctrl+Y) and hints (I) are for your turn: Y starts it."), NULL},
    [EX_NOTICE_PLAY_NOTHING] = {"play_nothing", REFUSED, ABOUT_TIME, NULL, NULL, say_play_nothing},
    [EX_NOTICE_PREDICT_WATCH] = {"predict_watch", REFUSED, ABOUT_RUN, NULL,
                                 /* TRANSLATORS: P is a key name; Watch is the name of a mode, as on its
                                  * button; 64: the largest board a search is watched on. */
                                 N_("P predicts the steps of a watched search (Watch, up to N = 64), not here."),
                                 NULL},
    [EX_NOTICE_PREDICT_RANDOM] = {"predict_random", REFUSED, ABOUT_RUN, NULL,
                                  /* TRANSLATORS: Min-conflicts is the name of a search method; M is a key
                                   * name and stays as it is. */
                                  N_("Min-conflicts moves at random: nothing to predict. M picks another method."),
                                  NULL},
    [EX_NOTICE_PREDICT_OFF] = {"predict_off", REFUSED, ABOUT_RUN, NULL,
                               /* TRANSLATORS: B and P are key names and stay as they are. */
                               N_("B answers a prediction: P starts predicting the next step."), NULL},
    [EX_NOTICE_GIF_WATCH_ONLY] = {"gif_watch_only", REFUSED, ABOUT_RUN, NULL,
                                  /* TRANSLATORS: Ctrl+G, Tab and Space are key names, Watch the name of a mode as
                                   * on its button. */
                                  N_("Ctrl+G saves the watched search from the step on the board: Tab switches to "
                                     "Watch, Space goes back to its step."),
                                  NULL},
    [EX_NOTICE_GIF_PAGED] = {"gif_paged", REFUSED, ABOUT_RUN, NULL,
                             /* TRANSLATORS: Ctrl+G and Space are key names; said in Watch while the board
                              * shows a solution paged to rather than a step. */
                             N_("Ctrl+G saves the watched search from the step on the board: Space goes back to "
                                "its step."),
                             NULL},
    [EX_NOTICE_GIF_ENDED] = {"gif_ended", REFUSED, ABOUT_RUN, NULL,
                             /* TRANSLATORS: Ctrl+G, "," and R are key names; said once a watch has played to its
                              * end and the board shows the last solution found. */
                             N_("The watch has ended: Ctrl+G saves from a step on the board. , steps back to one, "
                                "R watches it again."),
                             NULL},
    [EX_NOTICE_LESSON_TASK] = {"lesson_task", REFUSED, ABOUT_TIME, NULL,
                               /* TRANSLATORS: a lesson: Enter before the page's task is done; Enter is a key name. */
                               N_("First do what the page asks: Enter then goes on."), NULL},
};

ex_subject ex_subject_now(const explorer *ex)
{
    ex_subject s = {ex->run, ex->cursor, ex->viewing ? ex->k : 0, ex->classes.unique};
    return s;
}

void ex_notify(explorer *ex, ex_notice_kind kind, uint64_t value, const char *what, const char *why)
{
    ex_notice *n = &ex->notice;
    n->kind = kind;
    n->value = value;
    snprintf(n->what, sizeof n->what, "%s", what ? what : "");
    snprintf(n->why, sizeof n->why, "%s", why ? why : "");
    n->about = ex_subject_now(ex);
    n->raised = ex->last_update;
}

void ex_notice_clear(explorer *ex)
{
    ex->notice.kind = EX_NOTICE_NONE;
}

ex_notice_kind ex_notice_live(const explorer *ex, double now)
{
    const ex_notice *n = &ex->notice;
    if (n->kind == EX_NOTICE_NONE)
        return EX_NOTICE_NONE;
    const rule *r = &rules[n->kind];
    if (now - n->raised >= r->seconds)
        return EX_NOTICE_NONE;
    ex_subject s = ex_subject_now(ex);
    if (r->about >= ABOUT_RUN && s.run != n->about.run)
        return EX_NOTICE_NONE;
    if (r->about >= ABOUT_PAGE && (s.k != n->about.k || s.unique != n->about.unique))
        return EX_NOTICE_NONE;
    if (r->about >= ABOUT_CURSOR && s.cursor != n->about.cursor)
        return EX_NOTICE_NONE;
    if (r->live && !r->live(ex, n))
        return EX_NOTICE_NONE;
    return n->kind;
}

bool ex_notice_text(const explorer *ex, double now, char *buf, size_t size)
{
    buf[0] = '\0';
    ex_notice_kind kind = ex_notice_live(ex, now);
    if (kind == EX_NOTICE_NONE)
        return false;
    const rule *r = &rules[kind];
    if (r->say)
        r->say(ex, &ex->notice, buf, size);
    else
        snprintf(buf, size, "%s", _(r->text));
    return true;
}

double ex_notice_wait(const explorer *ex, double now)
{
    if (ex_notice_live(ex, now) == EX_NOTICE_NONE)
        return -1;
    double left = ex->notice.raised + rules[ex->notice.kind].seconds - now;
    return left > 0 ? left : 0;
}

const char *ex_notice_key(ex_notice_kind kind)
{
    return rules[kind].key;
}
