/*
 * race.h -- the race view's model: two to four searches of the same board, one method each,
 * advanced one step each per tick, with their figures and the order they finish in. No SDL.
 *
 * The lanes are the engine's own trace iterators, stepped here on the UI thread rather than by the
 * worker: every lane must take exactly one step per tick, which lockstep iterators give for free. A
 * step costs up to a few microseconds on a large board (forward checking and min-conflicts look at
 * every row), so an update advances at most RACE_MOST_TICKS ticks on boards up to 8 and
 * proportionally fewer above (2,500 on 64 x 64: about 2 ms) and a frame waits a few milliseconds at
 * most. Nothing is recorded: a race only goes forward (R runs it again).
 */
#ifndef RACE_H
#define RACE_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/method.h"
#include "nq/trace.h"

enum { RACE_MOST_LANES = NQ_METHOD_COUNT, RACE_MOST_TICKS = 20000 };

/* Where the lanes race to: the end of the whole search (every solution: the complete methods
 * find them all, min-conflicts its one), or the first solution each finds, so that every method
 * runs to the same finish. */
typedef enum race_goal { RACE_TO_EVERY, RACE_TO_FIRST } race_goal;

typedef struct race_lane {
    nq_trace trace; /* the lane's search: its board and figures */
    nq_step last;   /* the step shown (when steps > 0) */
    uint64_t steps; /* steps taken */
    int place;      /* 1 for the first to finish (lanes finishing on the same tick share it); 0 running */
    bool solved;    /* solution holds the last solution the lane found */
    int solution[NQ_MAX_N];
} race_lane;

typedef struct race {
    int lanes;                  /* 0: no race */
    race_goal goal;
    race_lane lane[RACE_MOST_LANES];
    uint64_t ticks;
    int finished;               /* lanes finished */
} race;

/* The methods of a race as a bit set (bit m: nq_method m); the default: all four. */
enum { RACE_ALL = (1 << NQ_METHOD_COUNT) - 1 };

/* How many methods the set of methods (bit m: method m) holds. */
int race_lanes_in(unsigned set);

/* Starts a race of the methods in the set (at least two) on the plan's board, pin and seed, to
 * the goal; the lanes go in the methods' order. A lane finishes with its done step, or with its
 * first solution when that is the goal. */
void race_start(race *r, const nq_plan *plan, unsigned methods, race_goal goal);

/* Advances every running lane by up to ticks steps (at most race_most_ticks); returns the ticks
 * taken (fewer once every lane has finished). */
uint64_t race_advance(race *r, uint64_t ticks);

/* The most ticks one update takes on the race's board: RACE_MOST_TICKS up to n = 8, then that
 * times 8 / n. */
uint64_t race_most_ticks(const race *r);

/* The board a lane shows: its search as it stands while it runs; once it has finished, the last
 * solution it found (its search's board when it found none). */
const int *race_lane_board(const race_lane *lane);

/* Whether every lane has finished. */
bool race_over(const race *r);

/* The methods racing, as a bit set. */
unsigned race_methods(const race *r);

/* "1st", "2nd", "3rd", "4th", in the language in use (a static string). */
const char *race_place_name(int place);

#endif
