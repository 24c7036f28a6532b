/*
 * shown.h -- the two decisions every line on screen and every drawing follows: what the board area
 * shows (ex_showing) and where the run stands (ex_run_phase). They are made here once, from the
 * model's facts; the narration, the solution line, the figures and the renderer switch on them and
 * never on the fields behind them. Also the run's clock, which runs only while the search plays or
 * solves, so that Elapsed never counts a pause. Part of the model: no SDL; UI thread.
 */
#ifndef EX_SHOWN_H
#define EX_SHOWN_H

#include <stdbool.h>

typedef struct explorer explorer;

/* What the board area shows. */
typedef enum ex_shown {
    EX_SHOWN_SEARCH,   /* Solve or Find with no solution shown yet: the board the search starts from */
    EX_SHOWN_STEP,     /* the watched search at the timeline's cursor */
    EX_SHOWN_SOLUTION, /* solution k, paged to (of all of them, or one board per class) */
    EX_SHOWN_CLASS,    /* the class of the solution paged to: its turns and mirror images */
    EX_SHOWN_WIDE,     /* a board above NQ_MAX_N: one solution, found directly, through a view */
    EX_SHOWN_RACE,     /* the methods' race, lane by lane */
    EX_SHOWN_PLAY,     /* your turn: the learner's own queens (play.h) */
    EX_SHOWN_COUNT
} ex_shown;

/* Where the run (the search of the board, as the person follows it) stands. */
typedef enum ex_phase {
    EX_PHASE_PLAYING,   /* a watch plays at the live edge */
    EX_PHASE_REPLAYING, /* a watch plays steps it has shown before (the person went back) */
    EX_PHASE_PAUSED,    /* a watch waits: paused, paging, or a race in front of it */
    EX_PHASE_SOLVING,   /* Solve or Find at work */
    EX_PHASE_FINISHED,  /* the search ran to its end (and the watch shows its last step, if a watch) */
    EX_PHASE_STOPPED,   /* stopped by the person, or ended early */
    EX_PHASE_COUNT
} ex_phase;

ex_shown ex_showing(const explorer *ex);
ex_phase ex_run_phase(const explorer *ex);

/* Stable English names, for the trace: "step", "solution" ...; "playing", "paused" ... */
const char *ex_shown_key(ex_shown shown);
const char *ex_phase_key(ex_phase phase);

/* Whether the run's clock runs in this phase: while a watch plays at its live edge, and while
 * Solve or Find works. */
bool ex_phase_clocked(ex_phase phase);

/* The run's clock: played time, folded in whenever the phase changes. */
typedef struct ex_clock {
    double played;  /* seconds the clock ran before `since` */
    double since;   /* when it last started running */
    bool running;
} ex_clock;

/* Starts the clock of a new run at now, stopped. */
void ex_clock_reset(ex_clock *c, double now);

/* Runs the clock or stops it at now (nothing if it already does so). */
void ex_clock_run(ex_clock *c, bool running, double now);

/* Seconds the clock has run by now. */
double ex_clock_read(const ex_clock *c, double now);

/* Sets the clock to the run's phase at now: every call that changes the phase ends with it. */
void ex_sync_clock(explorer *ex, double now);

#endif
