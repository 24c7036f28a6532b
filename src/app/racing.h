/*
 * racing.h -- the race of the methods on one board: the lanes (race.h) and how they run here.
 * racing.c owns it. Part of the model: no SDL; UI thread.
 */
#ifndef EX_RACING_H
#define EX_RACING_H

#include <stdbool.h>
#include <stddef.h>

#include "race.h"

typedef struct explorer explorer;

/* While run.lanes > 0 the race takes the board's place, and the watch waits paused. */
typedef struct ex_race_view {
    race run;
    unsigned set;  /* the methods the next race runs (at least two) */
    race_goal goal; /* where the next race runs to (the Mode button or Tab switches it during a race) */
    bool paused;
    bool resume;   /* the watch was playing when the race began: it plays on after it */
    double owed;   /* ticks owed to the race at a slow speed */
} ex_race_view;

/* Whether the race view is shown. */
bool ex_racing(const explorer *ex);

/* The words of lane i (0-based) of the race, each into its own buffer of size bytes: its title
 * (the method, and its place once it has finished: "First fail: 2nd"), its figures ("120 steps, 31
 * placed") and how far it is towards its goal ("12 failures, 40 found so far", "560 failures: all 92
 * found", "20 moves: one solution", "42 failures: first found"). */
void ex_race_lane_words(const explorer *ex, int i, char *title, char *figures, char *goal, size_t size);

/* The words of the Mode button during a race, where it chooses the race's goal: "All solutions"
 * or "First solution", in the language in use. */
const char *ex_race_goal_button(const explorer *ex);

/* The words of the Race button during a race, which ends it: "End race", in the language in use. */
const char *ex_race_end_button(void);

#endif
