/*
 * feature.h -- how the model's files fit together: each feature (the watch, paging, the race, the
 * comparison table, the heatmap, the classes, the search tree, boards above NQ_MAX_N, the key
 * modes, your turn) is one file that fills an ex_feature row, and model.c only loops over the rows: an action
 * goes to the first feature that takes it, an update to each, and a new search of the board to
 * each (htop's MeterClass and Platform_meterTypes[], lite-xl's status items, in C). Below the
 * table, the few functions the model's files call in one another: the run, the page, the step,
 * and the trace writer. Not for the app: it uses model.h. UI thread.
 */
#ifndef EX_FEATURE_H
#define EX_FEATURE_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "panel.h"

typedef struct ex_feature {
    const char *name;
    /* Takes the action if it is this feature's: true when dealt with (NULL: none are). */
    bool (*act)(explorer *ex, ex_action action, int value, double now);
    /* Takes what its solver reported and moves on with time: true if anything visible changed. */
    bool (*update)(explorer *ex, double now);
    /* A new search of the board started (N, the pin, the mode or the method changed). */
    void (*board_changed)(explorer *ex, double now);
} ex_feature;

/* The rows, in the order actions are offered to them. */
extern const ex_feature ex_feature_moment, ex_feature_wide, ex_feature_keymodes, ex_feature_watch, ex_feature_paging,
    ex_feature_race, ex_feature_compare, ex_feature_heat, ex_feature_classes, ex_feature_tree, ex_feature_play,
    ex_feature_predict, ex_feature_lesson;

/* ---- the model (model.c) ---- */

/* Gives the panel's figure lines to owner (the figures, the comparison table, the heatmap's
 * legend), taking them from whoever had them; traced. Its features start their solvers. */
void ex_own_figures(explorer *ex, ex_figures_owner owner);

/* ---- the figures (figures.c) ---- */

/* The panel's figure lines (solutions to the timeline's position) into p. */
void ex_figure_lines(const explorer *ex, double now, ex_panel *p);

/* ---- the run (run.c) ---- */

/* Room for a solution of the n x n board in shown and fetched. */
void ex_make_room(explorer *ex, int n);

/* Cancels whatever runs and starts a job of the given kind, on a clean board. */
void ex_start_job(explorer *ex, nq_job_kind kind, double now);

/* Takes the main solver's events due by now and shows where the run got to: true if anything
 * visible changed. */
bool ex_run_update(explorer *ex, double now);

/* ---- the watch (watch.c) ---- */

/* Shows the watched search at step k of its timeline, as it was when first shown. */
void ex_show_step(explorer *ex, uint64_t k);

/* Marks a solution found at step (1-based) on the timeline's bar. */
void ex_mark_solution(explorer *ex, uint64_t step);

/* Moves the timeline to step k at once, paused there, and traces it. */
void ex_move_to(explorer *ex, uint64_t k);

/* The narration of the watched step shown. */
void ex_watch_narration(const explorer *ex, char *buf, size_t size);

/* ---- paging (paging.c) ---- */

/* Shows solution k of the pager's solver (it must be reachable); false (and a notice) if it cannot. */
bool ex_show_solution(explorer *ex, uint64_t k);

/* ---- classes (classes.c) ---- */

/* The class of the solution just shown, and the numbers of its boards known so far. */
void ex_note_class(explorer *ex);
bool ex_refresh_variant_numbers(explorer *ex);

/* Back to paging every solution. */
void ex_leave_unique(explorer *ex);

/* ---- the race (racing.c) ---- */

/* Ends the race: the watch plays on if it played before. */
void ex_leave_race(explorer *ex);

/* The race's narration: its tick and the places so far. */
void ex_race_narration(const explorer *ex, char *buf, size_t size);

/* The panel's figure lines during a race, the race's own: its goal, its clock and how many lanes
 * have finished (the others are left out). */
void ex_race_figure_lines(const explorer *ex, ex_panel *p);

/* While the race is on, what the person can do with it (or that it is over); false otherwise. */
bool ex_race_fact(const explorer *ex, char *buf, size_t size);
/* The solution line during a race: what races, in place of a solution's number. */
void ex_race_solution_line(const explorer *ex, char *buf, size_t size);

/* ---- the tree (treepanel.c) ---- */

/* Sets the tree's view and scene to the cursor, while the panel shows them. */
void ex_tree_update(explorer *ex);

/* ---- the trace (protocol.c) ---- */

void ex_trace_line(explorer *ex, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ex_trace_first(explorer *ex);
void ex_trace_step(explorer *ex);

#endif
