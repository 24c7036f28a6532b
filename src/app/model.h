/*
 * model.h -- the app's model: what the person sees and does, without SDL. The board, the pinned
 * queen, the search being watched (by one of four methods) or solved, the solution being paged,
 * the keyboard modes (go to a number, pin with the arrow keys), the help overlay, and the
 * features around them (the race of the methods, their comparison table, the heatmap, the classes
 * of solutions, the search tree, boards above NQ_MAX_N, the learner's own turn), each in a file of
 * its own (feature.h).
 *
 * The model stores facts only: what the person chose, what the solvers reported, where the cursor
 * is. Every sentence a person reads is written each frame from those facts (panel.h); the one
 * thing that outlives a frame is the notice answering the person's last action (notice.h). What
 * the board shows and where the run stands are decided once (shown.h).
 *
 * The model is fed only through the ex_* functions below, as microui's host feeds its context:
 * the app turns SDL events into these calls and draws what the model says, but never writes a
 * field. Time is an input too (every call that needs it takes `now`), so tests can script a whole
 * run without a thread or a sleep.
 *
 * The search itself runs elsewhere, behind ex_solver: the worker thread in the app, a script in
 * tests. The model keeps no second copy of what the solver knows: it asks it how many solutions
 * are reachable and for the k-th; it keeps only what the person has been shown (the steps applied,
 * the figures of the solver's last report).
 *
 * With a trace stream, every change a person can see is also written there as one line (the
 * `--trace` protocol, docs/internals.md): protocol.c is its only writer. A write that fails (a
 * closed pipe) ends the trace with one line on stderr; the program goes on.
 * Everything here runs on the UI thread.
 */
#ifndef EX_MODEL_H
#define EX_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "nq/board.h"
#include "nq/effort.h"
#include "nq/find.h"
#include "nq/symmetry.h"
#include "nq/timeline.h"
#include "nq/trace.h"
#include "nq/tree.h"
#include "nq/worker.h"
#include "classes.h"
#include "compare.h"
#include "heat.h"
#include "lessonrun.h"
#include "moment.h"
#include "notice.h"
#include "play.h"
#include "predict.h"
#include "protocol.h"
#include "racing.h"
#include "shown.h"
#include "solver.h"
#include "treepanel.h"

typedef enum ex_mode { EX_WATCH, EX_SOLVE } ex_mode;

/* Watch speeds a person steps through with [ and ]; 0 is as fast as the machine goes. */
enum { EX_SPEED_MAX = 0 };

/* The solver behind w; ex_free destroys w. */
ex_solver ex_worker_solver(nq_worker *w);


/* The actions a person can take, from any input (keys, buttons); the app's key table maps keys
 * to these and gives each its help line. Those up to EX_ACTION_MODEL_END change the model
 * (ex_act); the rest belong to the app (save, copy, quit). */
typedef enum ex_action {
    EX_ACT_PREVIOUS,
    EX_ACT_NEXT,
    EX_ACT_FIRST_SOLUTION,
    EX_ACT_LAST_SOLUTION,
    EX_ACT_BACK_TEN,
    EX_ACT_FORWARD_TEN,
    EX_ACT_GOTO,
    EX_ACT_N_UP,
    EX_ACT_N_DOWN,
    EX_ACT_MODE,
    EX_ACT_PLAY,
    EX_ACT_STEP,
    EX_ACT_STEP_BACK,
    EX_ACT_PREVIOUS_LANDMARK, /* the previous solution or dead end of the watched search */
    EX_ACT_NEXT_LANDMARK,
    EX_ACT_SLOWER,
    EX_ACT_FASTER,
    EX_ACT_RESTART,
    EX_ACT_FIND,
    EX_ACT_ESCAPE,
    EX_ACT_PIN_KEYS,
    EX_ACT_HELP,
    EX_ACT_GOTO_DIGIT,   /* value: the digit */
    EX_ACT_GOTO_ERASE,
    EX_ACT_GOTO_ENTER,
    EX_ACT_PIN_LEFT,
    EX_ACT_PIN_RIGHT,
    EX_ACT_PIN_UP,
    EX_ACT_PIN_DOWN,
    EX_ACT_PIN_ENTER,
    EX_ACT_TREE,         /* show or hide the search tree */
    EX_ACT_TREE_MARKS,   /* draw the rejected squares in the tree, or leave them out */
    EX_ACT_ZOOM_IN,      /* the tree's view, or the view of a board above NQ_MAX_N */
    EX_ACT_ZOOM_OUT,
    EX_ACT_VIEW_LEFT,    /* move the view (what is shown seems to move the other way) */
    EX_ACT_VIEW_RIGHT,
    EX_ACT_VIEW_UP,
    EX_ACT_VIEW_DOWN,
    EX_ACT_VIEW_FIT,     /* back to the fitted view (the tree's follows the selected node) */
    EX_ACT_SIZE,         /* type N: digits, then Enter */
    EX_ACT_SIZE_DIGIT,   /* value: the digit */
    EX_ACT_SIZE_ERASE,
    EX_ACT_SIZE_ENTER,
    EX_ACT_METHOD,       /* Watch's next method (backtracking, forward checking, first fail, min-conflicts) */
    EX_ACT_METHOD_BACK,  /* ... the previous one */
    EX_ACT_RACE,         /* start a race of the methods on this board, or leave it */
    EX_ACT_RACE_LANE,    /* value: the nq_method to take into the race or out of it */
    EX_ACT_COMPARE,      /* show the methods' comparison table in the panel, or hide it */
    EX_ACT_HEAT,         /* show the heatmap (how many solutions use each square), or hide it */
    EX_ACT_VARIANTS,     /* show the shown solution's class (its distinct rotations and reflections), or hide it */
    EX_ACT_VARIANT,      /* value: page to that board of the class shown (0-based) */
    EX_ACT_UNIQUE,       /* page one board per class (the smallest of each), or all of them again */
    EX_ACT_LANGUAGE,     /* the next language of nq/i18n.h (English, Thai, Persian, Chinese, Hebrew) */
    EX_ACT_LANGUAGE_BACK, /* ... the previous one */
    EX_ACT_THEME,        /* the next colour theme (dark, light, high contrast) */
    EX_ACT_THEME_BACK,   /* ... the previous one */
    EX_ACT_YOUR_TURN,    /* your turn: the learner places the queens (play.h), or back to the search */
    EX_ACT_UNDO,         /* your turn: undo the last placement or take-back */
    EX_ACT_REDO,         /* ... make it again */
    EX_ACT_HINT,         /* ... what backtracking would do next from the learner's board */
    EX_ACT_PREDICT,      /* predict the watched search's next steps, or stop (predict.h) */
    EX_ACT_PREDICT_BACK, /* the answer "it takes a queen back" */
    EX_ACT_LESSONS,      /* the list of bundled lessons, open or closed (lessonrun.h) */
    EX_ACT_LESSON_UP,    /* in the list: the lesson above / below */
    EX_ACT_LESSON_DOWN,
    EX_ACT_LESSON_OPEN,  /* in the list: open the lesson picked */
    EX_ACT_LESSON_PICK,  /* value: in the list, pick that row (the picked one: open it) */
    EX_ACT_LESSON_NEXT,  /* in a lesson: the next page, once its task is met (after the last: leave) */
    EX_ACT_LESSON_BACK,  /* ... the page before */
    EX_ACTION_MODEL_END, /* below: the app's own */
    EX_ACT_SAVE = EX_ACTION_MODEL_END,
    EX_ACT_COPY,
    EX_ACT_SAVE_TREE,
    EX_ACT_SAVE_MOMENT, /* the moment to a file that `nqueens FILE` opens (moment.h) */
    EX_ACT_SAVE_GIF,    /* the watch from the step shown as an animated GIF (film.h) */
    EX_ACT_QUIT,
    EX_ACTION_COUNT
} ex_action;

/* The buckets the timeline's solution marks are kept in, however long the run. */
enum { EX_MARKS = 1024 };

/* The tree panel is shown by default for boards up to this size (T shows or hides it). */
enum { EX_TREE_DEFAULT_N = 6 };

/* Which keys are live: the goto, pin and size modes take the keyboard until Enter or Esc. */
typedef enum ex_key_mode { EX_KEYS_NORMAL, EX_KEYS_GOTO, EX_KEYS_PIN, EX_KEYS_SIZE, EX_KEYS_LESSONS } ex_key_mode;

/* The largest board the window shows (one solution, found directly, above NQ_MAX_N). */
enum { EX_MAX_N = NQ_FIND_MAX_N };

/* The window's colours: the dark theme of the first release, a light one, and a high-contrast one
 * whose colours stay apart for people who do not see all colours. Named in the settings, on the
 * command line and in the trace by ex_theme_key(). */
typedef enum ex_theme { EX_THEME_DARK, EX_THEME_LIGHT, EX_THEME_CONTRAST, EX_THEME_COUNT } ex_theme;

/* Which view has the panel's figure lines: the figures, the comparison table or the heatmap's
 * legend (one at a time). */
typedef enum ex_figures_owner { EX_FIGURES_FIGURES, EX_FIGURES_COMPARE, EX_FIGURES_HEAT } ex_figures_owner;

/* The figures of a search, with the kind of search that made them (nq/figures.h's basis): what a
 * panel line labels "Queens placed" is the plain row search's, and other searches' figures are
 * labelled as what they are. */
typedef struct ex_figures {
    int basis;          /* nq_basis */
    nq_method method;   /* the method of a row search */
    uint64_t solutions; /* found so far (all of them, once finished) */
    uint64_t placed;    /* queens placed */
    uint64_t dead_ends; /* rows found with every square attacked */
    uint64_t wipe_outs; /* rows left with no square by a queen's crossing off */
    uint64_t crossed;   /* squares crossed off */
    uint64_t moves;     /* min-conflicts' moves */
} ex_figures;

/* Makes the window able to show language lang (its fonts); false, with why (why_size bytes) said
 * in the language in use, if it cannot. UI thread. */
typedef bool (*ex_language_hook)(void *context, int lang, char *why, size_t why_size);

typedef struct explorer {
    ex_solver solver;
    FILE *trace; /* NULL: no --trace */

    ex_language_hook show_language; /* NULL: any language can be shown (tests) */
    void *show_language_context;

    int n;
    bool has_first;
    nq_square first;
    ex_mode mode;
    nq_method method; /* how Watch searches */
    ex_theme theme;   /* the colours the window is drawn in */
    uint64_t seed;    /* min-conflicts' seed: R starts again with the next */
    double speed; /* steps a second in Watch; EX_SPEED_MAX for no limit */
    bool paused;
    bool welcome;         /* a first start, and nothing done yet but the language, theme or help */
    uint32_t welcome_run; /* ... the run it waits at */

    /* The current search. */
    uint32_t run;       /* counts the searches started: what a notice was about */
    nq_job_kind job;    /* what runs: watch, solve, or find (one solution, not in order) */
    ex_state state;
    ex_clock clock;     /* runs while the search plays or solves (shown.h) */
    double last_update; /* the `now` of the last ex_update */
    double step_budget; /* Watch: steps owed to the animation */
    bool step_wanted;   /* one single step asked for and not yet shown */
    bool trace_cursor;  /* ... and the trace is to say where it lands */
    bool step_limited;  /* Watch: no step is shown past step_limit steps from the cursor, and it pauses
                           there (predict.c) */
    uint64_t step_limit;
    uint64_t steps_shown;
    double rate;        /* steps shown a second over the last stretch the watch played */
    double rate_mark_time;
    uint64_t rate_mark_steps;

    /* The watched search: every step recorded, and the one shown. */
    nq_timeline *timeline; /* watch jobs; NULL otherwise */
    uint64_t cursor;       /* the step shown, 1-based (0: before the first); at most the recorded length */
    nq_moment moment;      /* the timeline at the cursor: the board and figures as they were then
                              (wipe-outs, squares crossed off and moves are read from here) */
    int cols[NQ_MAX_N]; /* each row's queen, -1 for none; the pinned queen included */
    bool has_step;
    nq_step step;       /* the step shown */
    int dead_end_row;   /* the step's row when it is a dead end (every square attacked), or -1 */
    uint64_t solution_rank; /* the step shown is a solution: its lexicographic number (0: not known yet) */
    bool marks[EX_MARKS]; /* marks[i]: a solution among steps i * mark_span + 1 .. (i + 1) * mark_span */
    uint64_t mark_span;   /* doubles (pairs of buckets merged) when a solution comes past the last bucket */
    double flash_until; /* a solution was just found */

    /* The figures of the solver's last report (for a watch: of its last step shown). */
    ex_figures reported;
    double solver_seconds; /* Solve and Find: the worker's own time at their end (-1 before) */
    bool has_unique;    /* the finished search counted the classes (no pinned queen, a complete method) */
    uint64_t unique;

    /* Paging. */
    bool viewing;       /* the board shows solution k rather than the live search */
    uint64_t k;
    int *shown;         /* the solution shown (n entries; room for `room`) */
    int *fetched;       /* where a solution is checked before it is shown (as much room) */
    int room;
    uint64_t shown_serial; /* counts the solutions shown, so a drawing made of one knows when it is old */

    /* A board above NQ_MAX_N is looked at through a view (zoom and pan); smaller ones fit whole. */
    ui_view view;

    ex_notice notice; /* the answer to the person's last action */

    /* Keyboard modes and pointer. */
    bool help;
    ex_key_mode keys;
    char goto_digits[21];
    bool goto_too_long;    /* more digits were typed than any solution number has */
    char size_digits[8];   /* N being typed */
    bool size_too_long;    /* more digits were typed than any N has */
    nq_square pin_cursor;
    bool has_hover;
    nq_square hover;

    ex_tree_panel tree_panel; /* the search tree beside the board */
    ex_race_view racing;      /* the race of the methods, in the board's place */

    ex_figures_owner figures_owner; /* the figures, the comparison table or the heatmap's legend */
    ex_comparison compare; /* each method's whole search on this board, by a second solver */

    ex_class_view classes; /* one board per class, and the class of the solution shown */

    /* The heatmap over the board, counted by a solver of its own while it is shown. */
    heat_map heat;       /* over the board while its legend has the figure lines */

    ex_play_board play; /* your turn: the learner's own board (play.h) */
    ex_replay replay; /* a moment being opened (moment.h): the watch replays to its step */
    ex_predict predict; /* predicting the watched search's next steps (P) */
    ex_lesson_run lesson; /* a lesson open, and the list of bundled ones (lessonrun.h) */

    ex_traced traced; /* what the trace last said (protocol.c) */
} explorer;

/* A first start: the watch waits before its first step, and the panel says the puzzle's rule and
 * what to do next, until the person's first action (switching the language or the theme, or
 * opening the help, is not one). UI thread. */
void ex_welcome(explorer *ex, double now);

/* Whether the first start's welcome is up: ex_welcome() was called, nothing has been done since,
 * and the watch still waits before its first step. */
bool ex_welcoming(const explorer *ex);

/* Sets everything up and starts the first search (Watch searches by method). The explorer owns the
 * solver from now on. */
void ex_init(explorer *ex, ex_solver solver, FILE *trace, int n, const nq_square *first, ex_mode mode,
             nq_method method, double speed, double now);

/* The app's way to show a language (its fonts), asked before every switch. */
void ex_set_language_hook(explorer *ex, ex_language_hook show, void *context);

/* Switches messages to language lang (nq/i18n.h) if the window can show it; false (and a status
 * saying why) if not. Traced as "lang CODE". UI thread. */
bool ex_set_language(explorer *ex, int lang);







/* Gives the model a solver for the heatmap (H); the explorer owns it from now on. */
void ex_set_heater(explorer *ex, ex_solver heater);

/* Whether the heatmap is over the board (its legend in the panel's figure lines). */
bool ex_heat_shown(const explorer *ex);

/* Whether the board area shows the heatmap of this board (shown, of this N and pin, and not the
 * learner's turn): the board's view then, in place of the search's marks. */
bool ex_heat_view(const explorer *ex);

/* The narration of the heatmap shown: what its colours say, and of which solutions. */
void ex_heat_narration(const explorer *ex, char *buf, size_t size);


/* "dark", "light" or "contrast": the theme's name in the settings, on the command line and in the
 * trace (never translated). */
const char *ex_theme_key(ex_theme theme);

/* The theme named key (as ex_theme_key() spells it); false if none is. */
bool ex_theme_parse(const char *key, ex_theme *theme);

/* Draws the window in theme from the next frame; traced as "theme NAME", and the panel's status
 * says which and how to switch (quiet: the start's theme, traced only). UI thread. */
void ex_set_theme(explorer *ex, ex_theme theme, bool quiet);

/* A new board at once: N, the pinned queen (NULL: none), the mode and the method, each traced, and
 * one search of it started (the views that belong to another board are left: the race, unique
 * paging, the variants, the heatmap). */
void ex_set_board(explorer *ex, int n, const nq_square *first, ex_mode mode, nq_method method, double now);

/* Watch's method; a watch running restarts with it. */
void ex_set_method(explorer *ex, nq_method method, double now);

/* Whether the board is above NQ_MAX_N: one solution, found directly, looked at through ex->view. */
bool ex_wide(const explorer *ex);

/* Zooms the view of a wide board by factor, keeping the board point (column, row), in squares,
 * where it is on the screen; pans it by (columns, rows) squares. Clamped (ui_view_clamp); nothing
 * for boards up to NQ_MAX_N. */
void ex_board_zoom(explorer *ex, double factor, double column, double row);
void ex_board_pan(explorer *ex, double columns, double rows);


/* Stops the search and destroys the solver. */
void ex_free(explorer *ex);

/* Takes the solver's events due by now (at the watch speed, from the time of the last update)
 * and applies them in order; none is ever skipped. Returns true if anything visible changed. */
bool ex_update(explorer *ex, double now);

/* Seconds from now until the model changes by itself: 0 when it should be updated every frame
 * (full speed, or events owed), a positive wait (the next step of a slow watch, the end of a
 * flash), or a negative number when only input or the solver's events can change it. */
double ex_wait(const explorer *ex, double now);

/* Whether Watch runs at full speed, where the app keeps draining events for part of a frame. */
bool ex_full_speed(const explorer *ex);

/* Whether a watched search is playing (live, or steps recorded after the person went back), or
 * the race is. */
bool ex_playing(const explorer *ex);


/* ---- what a person does ---- */

/* Applies a model action (below EX_ACTION_MODEL_END); value is the digit of EX_ACT_GOTO_DIGIT. */
void ex_act(explorer *ex, ex_action action, int value, double now);

/* The key mode in force (the app routes keys by it). */
ex_key_mode ex_keys(const explorer *ex);

/* The key mode's prompt ("Go to solution: 12"), from what has been typed; false (and "") in the
 * normal mode. */
bool ex_key_prompt(const explorer *ex, char *buf, size_t size);

void ex_click(explorer *ex, nq_square square, double now); /* pin there, or lift the pin there */
bool ex_set_n(explorer *ex, int n, double now);            /* false (and a status) if out of range */
void ex_set_speed(explorer *ex, double speed);             /* a listed speed or EX_SPEED_MAX */
void ex_play(explorer *ex);                                /* Watch: go on from here */
void ex_stop(explorer *ex);                                /* stops the search */
bool ex_page_to(explorer *ex, uint64_t k);                 /* false (and a status) if k is not there */
void ex_seek(explorer *ex, uint64_t step);                 /* a watched search to that step (clamped to the recorded) */
void ex_hover(explorer *ex, bool over, nq_square square);  /* the pointer is over a square, or not */

/* The app's notes for the trace and the status line: the board's rectangle in window points
 * (traced at the first call and whenever it changes), and a board saved to path (ok) or not (path: what was tried, why:
 * the reason). */
void ex_note_board(explorer *ex, int x, int y, int w, int h);
void ex_note_timeline(explorer *ex, int x, int y, int w, int h);
void ex_note_panel(explorer *ex, int x, int y, int w, int h);
void ex_note_saved(explorer *ex, const char *path, bool ok, const char *why);
/* The same for a GIF of frames of w x h pixels. */
void ex_note_gif(explorer *ex, const char *path, bool ok, const char *why, int frames, int w, int h);

/* Whether Ctrl+G may save the watch as a GIF now: the board shows a step of a watched search. If
 * not, false, and the notice says what is true now and what to do (Tab to Watch; in Watch, Space
 * back to the step from a solution paged to; once a watch has ended, step back or watch again). */
bool ex_gif_allowed(explorer *ex);

/* The board of variant i (0-based) of the class view, in window points (traced like the board). */
void ex_note_variant(explorer *ex, int i, int x, int y, int w, int h);

/* The tree panel's rectangle, or shown false when it is hidden (traced like the board). */
void ex_note_tree(explorer *ex, bool shown, int x, int y, int w, int h);

/* A lesson's Next button, or shown false without a lesson (traced like the tree). */
void ex_note_lesson_next(explorer *ex, bool shown, int x, int y, int w, int h);

/* ---- the search tree ---- */






/* ---- what is shown ---- */

/* The *_text functions below write a sentence in the language in use into buf (cut to size): give
 * them room for about 3 bytes a character (Thai and Chinese in UTF-8), e.g. 480 for a line that
 * needs 160 in English. */

/* The queens on the board as shown, n entries: the chosen solution, or the live search. Points
 * into ex; valid until the next ex_* call. */
const int *ex_board(const explorer *ex);

/* Solutions the person can page to now: the first ones in lexicographic order. */
uint64_t ex_reachable(const explorer *ex);

/* The boards paging reaches now: ex_reachable, or the unique boards while paging one per class. */
uint64_t ex_paging_reachable(const explorer *ex);

/* How far paging reaches, for the sentences that name the numbers a person can pick: none yet,
 * all there are, or those found so far with more to come. */
typedef enum ex_reach { EX_REACH_NONE, EX_REACH_ALL, EX_REACH_GROWING } ex_reach;

/* ... and the last number it reaches, grouped by thousands, into last[size]. */
ex_reach ex_paging_reach(const explorer *ex, char *last, size_t size);

/* The figures as of what the board shows: the step's while it shows a watched step, the run's
 * (as far as it has gone) otherwise. The solution line and the panel's figures read them both. */
ex_figures ex_figures_shown(const explorer *ex);

/* The count of unique solutions (one per class under the 8 symmetries of the square) of this
 * board, from whichever solver knows it: true with *count when it is known in full; with *so_far
 * set instead while unique paging still counts them (*count then holds the count so far). */
bool ex_unique_count(const explorer *ex, uint64_t *count, bool *so_far);

/* "Solution 3 of 92", "Solution 3 of 40 so far", "No solution", "Searching...". */
void ex_solution_text(const explorer *ex, char *buf, size_t size);

/* While a search in order runs and paging cannot reach every solution found yet, why ("Pageable:
 * the first 4,343,936 in order; the rest as the search goes on."); in a Solve that has had no
 * solution in order for a few seconds, that F finds one at once; otherwise "". */
void ex_reach_text(const explorer *ex, char *buf, size_t size);

/* Where the watched search's timeline stands: "Step 12 of 345" ("of 345 so far" while it runs),
 * or "" for other jobs. */
void ex_step_text(const explorer *ex, char *buf, size_t size);

/* Steps of the watched search recorded so far (0 for other jobs). */
uint64_t ex_timeline_length(const explorer *ex);

/* Whether a solution was found among the steps from..to (1-based, inclusive) as far as the marks
 * tell (to the nearest mark_span steps). */
bool ex_marked(const explorer *ex, uint64_t from, uint64_t to);

/* The line of plain text that narrates the current step. */
void ex_narration(const explorer *ex, char *buf, size_t size);

/* The narration of the watched search at moment m (as the window says it at that step), the
 * solution there being number solution_rank in lexicographic order (0: not known). */
void ex_step_narration(const nq_moment *m, uint64_t solution_rank, char *buf, size_t size);

/* The run's time at now (its clock: paused time never counts) as text: "12.34 s"; in a watch
 * slower than 10 steps a second, "12 s". */
void ex_elapsed_text(const explorer *ex, double now, char *buf, size_t size);

/* Steps shown a second lately while the watch plays, as text; "-" when it does not play. */
void ex_rate_text(const explorer *ex, char *buf, size_t size);

/* The speed as text ("10 steps/s", "max"). */
void ex_speed_text(const explorer *ex, char *buf, size_t size);

/* Whether the board has no solution at all (the search finished and found none). */
bool ex_no_solution(const explorer *ex);

/* Why there is none, as a sentence. */
void ex_no_solution_reason(const explorer *ex, char *buf, size_t size);

/* The board as text (DESIGN.md's layout, headed "Solution K:"; English in every language, as
 * `nqueens-cli list --format board` writes it, for programs too) into a new string (free() it),
 * or NULL when no solution is shown. During your turn, the learner's board: "Solution K:" once
 * solved, "Your board (not a solution yet):" before. */
char *ex_board_text(const explorer *ex);


/* A count in at most six characters, for a table's narrow column: 98,765 as it is, then 123.4 K,
 * 1.1 M, 14.7 G. */
void ex_compact(uint64_t v, char *buf, size_t size);

#endif
