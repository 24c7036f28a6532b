/*
 * racing.h -- the race of the methods on one board: the lanes (race.h) and how they run here.
 * racing.c owns it. Part of the model: no SDL; UI thread.
 */
#ifndef EX_RACING_H
#define EX_RACING_H

#include <stdbool.h>

#include "race.h"

typedef struct explorer explorer;

/* While run.lanes > 0 the race takes the board's place, and the watch waits paused. */
typedef struct ex_race_view {
    race run;
    unsigned set;  /* the methods the next race runs (at least two) */
    bool paused;
    bool resume;   /* the watch was playing when the race began: it plays on after it */
    double owed;   /* ticks owed to the race at a slow speed */
} ex_race_view;

/* Whether the race view is shown. */
bool ex_racing(const explorer *ex);

#endif
