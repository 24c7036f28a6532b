/*
 * model.c -- the app's model as a whole: setting it up and tearing it down, what the person
 * chooses for the board (N, the pinned queen, the mode, the method, the theme, the language), and
 * the loops over the features (feature.h): an action goes to the first feature that takes it, an
 * update to each feature and then to the run, a new search of the board to each. No feature is
 * named here but in the table, and none knows another's fields.
 */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "feature.h"
#include "nq/i18n.h"

/* The features, in the order an action is offered to them: a lesson first (Enter, Backspace, its
 * list's keys and, when nothing else is open, Esc are its own), then a moment being opened (any action
 * ends its replay), then your turn (while it is on, what is not its own leaves it before anyone
 * acts), a wide board's (above NQ_MAX_N the arrow keys move its view), the key modes, then the race
 * (Space and . are its own while it is on), predicting (a question holds the watch's single step),
 * then the rest. */
static const ex_feature *const features[] = {
    &ex_feature_lesson,  &ex_feature_moment, &ex_feature_play,   &ex_feature_wide,    &ex_feature_keymodes,
    &ex_feature_race,    &ex_feature_predict, &ex_feature_watch, &ex_feature_paging,  &ex_feature_compare,
    &ex_feature_heat,    &ex_feature_classes, &ex_feature_tree,
};
enum { FEATURE_COUNT = sizeof features / sizeof features[0] };

void ex_set_language_hook(explorer *ex, ex_language_hook show, void *context)
{
    ex->show_language = show;
    ex->show_language_context = context;
}

bool ex_set_language(explorer *ex, int lang)
{
    char why[512];
    if (ex->show_language && !ex->show_language(ex->show_language_context, lang, why, sizeof why)) {
        ex_notify(ex, EX_NOTICE_CANNOT_SHOW, 0, why, NULL);
        return false;
    }
    nq_lang_use(lang, NULL);
    ex_trace_line(ex, "lang %s", nq_lang_code(lang));
    ex_notify(ex, EX_NOTICE_LANGUAGE, (uint64_t)lang, NULL, NULL);
    return true;
}

/* The next language that can be shown, `step` places on (1: the next, NQ_LANG_COUNT - 1: the
 * previous); the first one passed over is named in the notice, in the language switched to. */
static void step_language(explorer *ex, int step)
{
    int skipped = -1, from = nq_lang_current();
    for (int k = 1; k < NQ_LANG_COUNT; k++) {
        int lang = (from + step * k) % NQ_LANG_COUNT;
        if (ex_set_language(ex, lang)) {
            char why[512];
            if (skipped >= 0 && !ex->show_language(ex->show_language_context, skipped, why, sizeof why))
                ex_notify(ex, EX_NOTICE_CANNOT_SHOW, 0, why, NULL);
            return;
        }
        if (skipped < 0)
            skipped = lang;
    }
}

/* The search the mode calls for, and each feature's of the same board. */
static void start_search(explorer *ex, double now)
{
    if (ex_wide(ex)) {
        ex_start_job(ex, NQ_JOB_FIND, now);
        return;
    }
    ex_start_job(ex, ex->mode == EX_WATCH ? NQ_JOB_WATCH : NQ_JOB_SOLVE, now);
    for (int i = 0; i < FEATURE_COUNT; i++)
        if (features[i]->board_changed)
            features[i]->board_changed(ex, now);
    ex_sync_clock(ex, now);
}

void ex_own_figures(explorer *ex, ex_figures_owner owner)
{
    static const char *const traced[] = {NULL, "compare", "heat"};
    ex_figures_owner was = ex->figures_owner;
    if (was == owner)
        return;
    ex->figures_owner = owner;
    if (traced[was])
        ex_trace_line(ex, "%s none", traced[was]);
    if (traced[owner])
        ex_trace_line(ex, "%s shown", traced[owner]);
}

void ex_init(explorer *ex, ex_solver solver, FILE *trace, int n, const nq_square *first, ex_mode mode,
             nq_method method, double speed, double now)
{
    memset(ex, 0, sizeof *ex);
    ex->solver = solver;
    ex->trace = trace;
    ex->traced.phase = -1;
    ex->n = n;
    ex_make_room(ex, n);
    ex->view = ui_view_fit(n);
    ex->has_first = first != NULL;
    if (first)
        ex->first = *first;
    ex->mode = mode;
    ex->method = method;
    ex->seed = 1;
    ex->speed = speed;
    ex->tree_panel.choice = -1;
    ex->tree_panel.zoom = ex->tree_panel.stretch = 1;
    ex->racing.set = RACE_ALL;
    ex->compare.state = EX_IDLE;
    ex->classes.state = EX_IDLE;
    ex->last_update = now;
    ex_trace_line(ex, "lang %s", nq_lang_code(nq_lang_current()));
    ex_trace_line(ex, "n %d", n);
    ex_trace_first(ex);
    ex_trace_line(ex, "mode %s", app_mode_name(mode));
    ex_trace_line(ex, "method %s", nq_method_key(method));
    start_search(ex, now);
}

void ex_welcome(explorer *ex, double now)
{
    ex->welcome = true;
    ex->welcome_run = ex->run;
    if (ex->job == NQ_JOB_WATCH)
        ex->paused = true;
    ex_sync_clock(ex, now);
}

bool ex_welcoming(const explorer *ex)
{
    return ex->welcome && ex->run == ex->welcome_run && ex_showing(ex) == EX_SHOWN_STEP && ex->cursor == 0 &&
           ex_run_phase(ex) == EX_PHASE_PAUSED;
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
    ex->theme = theme;
    ex_trace_line(ex, "theme %s", ex_theme_key(theme));
    if (!quiet)
        ex_notify(ex, EX_NOTICE_THEME, theme, NULL, NULL);
}

void ex_set_board(explorer *ex, int n, const nq_square *first, ex_mode mode, nq_method method, double now)
{
    if (ex_racing(ex))
        ex_leave_race(ex);
    if (ex->classes.unique)
        ex_leave_unique(ex);
    ex->classes.shown = false;
    ex_own_figures(ex, EX_FIGURES_FIGURES);
    ex_make_room(ex, n);
    ex->n = n;
    ex->view = ui_view_fit(n);
    ex->has_first = first != NULL;
    if (first)
        ex->first = *first;
    ex->mode = mode;
    ex->method = method;
    ex->pin_cursor = (nq_square){0, 0};
    ex->has_hover = false;
    ex->welcome = false;
    ex_trace_line(ex, "n %d", n);
    ex_trace_first(ex);
    ex_trace_line(ex, "mode %s", app_mode_name(mode));
    ex_trace_line(ex, "method %s", nq_method_key(method));
    start_search(ex, now);
}

void ex_set_method(explorer *ex, nq_method method, double now)
{
    ex->method = method;
    ex_trace_line(ex, "method %s", nq_method_key(method));
    if (ex->mode == EX_WATCH)
        start_search(ex, now);
    else
        ex_notify(ex, EX_NOTICE_WATCH_METHOD, method, NULL, NULL);
}

void ex_free(explorer *ex)
{
    free(ex->shown);
    free(ex->fetched);
    ex->shown = ex->fetched = NULL;
    ex->room = 0;
    nq_timeline_free(ex->timeline);
    ex->timeline = NULL;
    nq_tree_free(ex->tree_panel.tree);
    ex->tree_panel.tree = NULL;
    nq_tree_view_free(ex->tree_panel.view);
    ex->tree_panel.view = NULL;
    tv_scene_free(&ex->tree_panel.scene);
    ex_solver_release(&ex->solver);
    ex_solver_release(&ex->compare.solver);
    ex_solver_release(&ex->classes.solver);
    heat_free(&ex->heat);
    free(ex->traced.lines);
    ex->traced.lines = NULL;
    ex_lesson_free(ex);
}

bool ex_update(explorer *ex, double now)
{
    bool noticed = ex_notice_live(ex, ex->last_update) != EX_NOTICE_NONE;
    bool changed = false;
    for (int i = 0; i < FEATURE_COUNT; i++)
        if (features[i]->update)
            changed |= features[i]->update(ex, now);
    changed |= ex_run_update(ex, now);
    changed |= noticed != (ex_notice_live(ex, now) != EX_NOTICE_NONE); /* a notice ended */
    ex->last_update = now;
    return changed;
}

bool ex_full_speed(const explorer *ex)
{
    if (ex_moment_due(ex) > 0 && ex->replay.active)
        return true;
    return ex_playing(ex) && ex->speed == EX_SPEED_MAX;
}

bool ex_playing(const explorer *ex)
{
    if (ex_racing(ex))
        return !ex->racing.paused && !race_over(&ex->racing.run);
    ex_phase phase = ex_run_phase(ex);
    return ex->job == NQ_JOB_WATCH && (phase == EX_PHASE_PLAYING || phase == EX_PHASE_REPLAYING);
}

/* The person acts at now. While nothing played, the window may have slept since the last update:
 * that time is neither run time nor steps owed, so the model's time moves on to now first (a long
 * pause, then Space, plays on a step at a time rather than a second's worth at once). */
static void wake(explorer *ex, double now)
{
    if (!ex_playing(ex) && now > ex->last_update)
        ex->last_update = now;
}

void ex_click(explorer *ex, nq_square square, double now)
{
    wake(ex, now);
    ex_notice_clear(ex);
    ex->welcome = false;
    if (ex_play_on(ex)) { /* the learner's own board takes the click */
        ex_play_click(ex, square);
        return;
    }
    if (ex_racing(ex)) {
        ex_notify(ex, EX_NOTICE_RACE_BOARD, 0, NULL, NULL);
        return;
    }
    if (ex_predict_click(ex, square))
        return; /* an answer while predicting, never a pin */
    if (square.column < 0 || square.column >= ex->n || square.row < 0 || square.row >= ex->n)
        return;
    bool was_unique = ex->classes.unique;
    if (was_unique)
        ex_leave_unique(ex);
    if (ex->has_first && ex->first.column == square.column && ex->first.row == square.row) {
        ex->has_first = false;
    } else {
        ex->has_first = true;
        ex->first = square;
    }
    ex_trace_first(ex);
    start_search(ex, now);
    if (was_unique)
        ex_notify(ex, EX_NOTICE_UNIQUE_LEFT, 0, NULL, NULL);
}

bool ex_set_n(explorer *ex, int n, double now)
{
    if (n < NQ_MIN_N || n > EX_MAX_N) {
        ex_notify(ex, EX_NOTICE_N_RANGE, 0, NULL, NULL);
        return false;
    }
    if (n > NQ_MAX_N) { /* one solution, found directly: none of the views of a search */
        if (ex_racing(ex))
            ex_leave_race(ex);
        ex_own_figures(ex, EX_FIGURES_FIGURES);
        if (ex->classes.unique)
            ex_leave_unique(ex);
        ex->classes.shown = false;
    }
    ex_make_room(ex, n);
    ex->n = n;
    ex->view = ui_view_fit(n);
    ex_trace_line(ex, "n %d", n);
    if (ex->has_first) {
        ex->has_first = false;
        ex_trace_first(ex);
    }
    ex->pin_cursor = (nq_square){0, 0};
    ex->has_hover = false; /* the square under the pointer is another one now */
    start_search(ex, now);
    return true;
}

static void toggle_mode(explorer *ex, double now)
{
    ex->mode = ex->mode == EX_WATCH ? EX_SOLVE : EX_WATCH;
    ex_trace_line(ex, "mode %s", app_mode_name(ex->mode));
    start_search(ex, now);
}

/* Esc: closes what is open, else stops the search. */
static void escape(explorer *ex)
{
    if (ex->help) {
        ex->help = false;
    } else if (ex->keys != EX_KEYS_NORMAL) {
        ex->keys = EX_KEYS_NORMAL;
    } else if (ex_racing(ex)) {
        ex_leave_race(ex);
        ex_notify(ex, EX_NOTICE_ONE_BOARD, 0, NULL, NULL);
    } else if (ex->classes.shown) {
        ex_act(ex, EX_ACT_VARIANTS, 0, ex->last_update);
    } else {
        ex_stop(ex);
    }
}

/* The actions of the board as a whole: N, the mode, the method, restarting, Find, Esc, help, the
 * language and the theme. */
static bool board_act(explorer *ex, ex_action action, double now)
{
    switch (action) {
    case EX_ACT_N_UP: ex_set_n(ex, ex->n + 1, now); return true;
    case EX_ACT_N_DOWN: ex_set_n(ex, ex->n - 1, now); return true;
    case EX_ACT_MODE: toggle_mode(ex, now); return true;
    case EX_ACT_LANGUAGE: step_language(ex, 1); return true;
    case EX_ACT_LANGUAGE_BACK: step_language(ex, NQ_LANG_COUNT - 1); return true;
    case EX_ACT_THEME: ex_set_theme(ex, (ex_theme)((ex->theme + 1) % EX_THEME_COUNT), false); return true;
    case EX_ACT_THEME_BACK:
        ex_set_theme(ex, (ex_theme)((ex->theme + EX_THEME_COUNT - 1) % EX_THEME_COUNT), false);
        return true;
    case EX_ACT_RESTART:
        start_search(ex, now);
        if (ex->method == NQ_METHOD_MINCONFLICTS && ex->mode == EX_WATCH)
            ex_notify(ex, EX_NOTICE_SEED, ex->seed, NULL, NULL);
        return true;
    case EX_ACT_METHOD: ex_set_method(ex, (nq_method)((ex->method + 1) % NQ_METHOD_COUNT), now); return true;
    case EX_ACT_METHOD_BACK:
        ex_set_method(ex, (nq_method)((ex->method + NQ_METHOD_COUNT - 1) % NQ_METHOD_COUNT), now);
        return true;
    case EX_ACT_FIND: ex_start_job(ex, NQ_JOB_FIND, now); return true;
    case EX_ACT_ESCAPE: escape(ex); return true;
    case EX_ACT_HELP: ex->help = !ex->help; return true;
    default: return false;
    }
}

void ex_act(explorer *ex, ex_action action, int value, double now)
{
    if (action >= EX_ACTION_MODEL_END)
        return; /* the app's own */
    wake(ex, now);
    ex_notice_clear(ex); /* a notice answers the last action only */
    if (action != EX_ACT_LANGUAGE && action != EX_ACT_LANGUAGE_BACK && action != EX_ACT_THEME &&
        action != EX_ACT_THEME_BACK && action != EX_ACT_HELP)
        ex->welcome = false; /* the first action ends the first start's welcome */
    if (action == EX_ACT_RESTART && ex->method == NQ_METHOD_MINCONFLICTS && ex->mode == EX_WATCH &&
        !ex_wide(ex))
        ex->seed++; /* min-conflicts starts again from another random start */
    bool done = false;
    for (int i = 0; i < FEATURE_COUNT && !done; i++)
        done = features[i]->act && features[i]->act(ex, action, value, now);
    if (!done)
        board_act(ex, action, now);
    ex_sync_clock(ex, now);
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
