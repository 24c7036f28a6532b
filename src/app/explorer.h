/*
 * explorer.h -- what the person sees and does, without SDL: the board, the pinned queen, the
 * search being watched or solved, the solution being paged, the figures and the narration.
 *
 * The app translates input into the ex_* calls below and draws what this struct holds; tests
 * drive it directly. All of it runs on the UI thread; the search runs on the worker it owns.
 * With a trace stream, every change a person can see is also written there as a line (the
 * `--trace` protocol of the README), so scripts can drive and check the program.
 */
#ifndef EX_EXPLORER_H
#define EX_EXPLORER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "nq/board.h"
#include "nq/trace.h"
#include "nq/worker.h"

typedef enum ex_mode { EX_WATCH, EX_SOLVE } ex_mode;

/* Watch speeds a person steps through with [ and ]; 0 is as fast as the machine goes. */
enum { EX_SPEED_MAX = 0 };

typedef struct explorer {
    nq_worker *worker;
    FILE *trace; /* NULL: no --trace */

    int n;
    bool has_first;
    nq_square first;
    ex_mode mode;
    double speed; /* steps a second in Watch; EX_SPEED_MAX for no limit */
    bool paused;

    /* The current search. */
    bool running;       /* its done event has not arrived */
    bool stopped;       /* the person stopped it (Esc) */
    double started_at;
    double elapsed;
    double step_budget; /* Watch: steps owed to the animation */
    uint64_t steps_shown;
    double rate;        /* steps shown a second, lately */
    double rate_mark_time;
    uint64_t rate_mark_steps;

    /* The board of the watched search. */
    int cols[NQ_MAX_N]; /* each row's queen, -1 for none; the pinned queen included */
    bool has_step;
    nq_step step;       /* the last step shown */
    int dead_end_row;   /* -1, or the row just found with every square attacked */
    nq_step dead_end_attackers[NQ_MAX_N]; /* for that row: who attacks each square */
    double flash_until; /* a solution was just found */

    /* The figures. */
    uint64_t solutions; /* found so far (all, once done) */
    uint64_t reachable; /* the first ones in order, which paging can show */
    uint64_t nodes;
    uint64_t dead_ends;
    bool has_unique;
    uint64_t unique;

    /* Paging. */
    bool viewing;       /* the board shows solution k rather than the live search */
    uint64_t k;
    int shown[NQ_MAX_N];

    char status[300];

    /* Keyboard modes. */
    bool help;
    bool goto_active;
    char goto_digits[21];
    bool pin_active;
    nq_square pin_cursor;
    bool has_hover;
    nq_square hover;
} explorer;

/* Sets everything up and starts the first search. The explorer owns worker from now on. */
void ex_init(explorer *ex, nq_worker *worker, FILE *trace, int n, const nq_square *first, ex_mode mode,
             double speed, double now);

/* Stops the search and frees the worker. */
void ex_free(explorer *ex);

/* Takes the worker's events due by now (at the watch speed) and applies them in order.
 * Returns true if anything visible changed. */
bool ex_update(explorer *ex, double now);

/* Adds the steps a frame of dt seconds owes the watch animation at its speed. */
void ex_advance_clock(explorer *ex, double dt);

/* Whether something moves by itself, so the app should draw the next frame soon. */
bool ex_animating(const explorer *ex, double now);

/* ---- what a person does ---- */
void ex_click(explorer *ex, nq_square square, double now); /* pin there, or lift the pin there */
bool ex_set_n(explorer *ex, int n, double now);            /* false (and a status) if out of range */
void ex_toggle_mode(explorer *ex, double now);
void ex_play_pause(explorer *ex);
void ex_single_step(explorer *ex, double now);
void ex_slower(explorer *ex);
void ex_faster(explorer *ex);
void ex_restart(explorer *ex, double now);
void ex_stop(explorer *ex);                           /* Esc: stops the search */
bool ex_page(explorer *ex, int64_t delta);            /* by delta solutions, clamped */
bool ex_page_to(explorer *ex, uint64_t k);            /* false (and a status) if k is not there */
void ex_page_last(explorer *ex);
void ex_key_goto_begin(explorer *ex);
void ex_key_goto_digit(explorer *ex, char digit);
void ex_key_goto_back(explorer *ex);
void ex_key_goto_enter(explorer *ex);
void ex_key_pin_begin(explorer *ex);
void ex_key_pin_move(explorer *ex, int dcolumn, int drow);
void ex_key_pin_enter(explorer *ex, double now);
bool ex_escape(explorer *ex);                         /* closes what is open, else stops; false if nothing */

/* ---- what is shown ---- */

/* The queens on the board as shown: the chosen solution, or the live search. */
const int *ex_board(const explorer *ex);

/* "Solution 3 of 92", "Solution 3 of 40 so far", "No solution", "Searching..." */
void ex_solution_text(const explorer *ex, char *buf, size_t size);

/* The line of plain text that narrates the current step. */
void ex_narration(const explorer *ex, char *buf, size_t size);

/* The speed as text ("10 steps/s", "max"). */
void ex_speed_text(const explorer *ex, char *buf, size_t size);

/* Whether the board has no solution at all (the search is over and found none). */
bool ex_no_solution(const explorer *ex);

/* Why there is none, as a sentence. */
void ex_no_solution_reason(const explorer *ex, char *buf, size_t size);

/* The board as text (DESIGN.md's layout, headed "Solution K:") into a new string (free() it),
 * or NULL when no solution is shown. */
char *ex_board_text(const explorer *ex);

/* Sets the status line, and with a trace, nothing (status is not part of the protocol). */
void ex_set_status(explorer *ex, const char *text);

#endif
