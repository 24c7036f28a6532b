/*
 * racing.c -- the race of the methods on one board, in the board's place: the lanes are race.c's;
 * here they start, take a method in or out, tick at the watch speed, end, and say where they
 * stand. While the race is on, the watch waits where it was, and plays on after it if it played
 * before.
 */
#include <stdio.h>
#include <string.h>

#include "feature.h"
#include "nq/i18n.h"

bool ex_racing(const explorer *ex)
{
    return ex->racing.run.lanes > 0;
}

/* (Re)starts the race of the chosen methods on the board as it is now, and says so. */
static void start_race(explorer *ex)
{
    nq_plan plan = nq_plan_make(ex->n, ex->has_first ? &ex->first : NULL, NQ_METHOD_BACKTRACK);
    plan.seed = ex->seed;
    if (!ex->racing.run.lanes)
        ex->racing.resume = !ex->paused;
    race_start(&ex->racing.run, &plan, ex->racing.set);
    ex->racing.paused = false;
    ex->racing.owed = 0;
    ex->paused = true; /* the watch waits where it is */
    ex_sync_clock(ex, ex->last_update);
    char line[80];
    int len = snprintf(line, sizeof line, "race");
    for (int i = 0; i < ex->racing.run.lanes && len > 0 && (size_t)len < sizeof line; i++)
        len += snprintf(line + len, sizeof line - (size_t)len, " %s",
                        nq_method_key((nq_method)ex->racing.run.lane[i].trace.method));
    ex_trace_line(ex, "%s", line);
}

void ex_leave_race(explorer *ex)
{
    ex->racing.run.lanes = 0;
    ex->paused = !ex->racing.resume;
    ex_sync_clock(ex, ex->last_update);
    ex_trace_line(ex, "race none");
}

static void toggle_race(explorer *ex)
{
    if (ex_racing(ex)) {
        ex_leave_race(ex);
        ex_notify(ex, EX_NOTICE_ONE_BOARD, 0, NULL, NULL);
        return;
    }
    start_race(ex);
}

static void toggle_lane(explorer *ex, int method)
{
    if (!ex_racing(ex)) {
        ex_notify(ex, EX_NOTICE_LANES_OUTSIDE, 0, NULL, NULL);
        return;
    }
    unsigned set = ex->racing.set ^ (1u << method);
    if (race_lanes_in(set) < 2) {
        ex_notify(ex, EX_NOTICE_TWO_LANES, 0, NULL, NULL);
        return;
    }
    ex->racing.set = set;
    start_race(ex);
}

/* Advances the race by the ticks due at the watch speed; says each finish in the trace. */
static bool update_race(explorer *ex, double now)
{
    double since = now - ex->last_update;
    if (!ex_racing(ex) || ex->racing.paused || race_over(&ex->racing.run))
        return false;
    uint64_t ticks = race_most_ticks(&ex->racing.run);
    if (ex->speed != EX_SPEED_MAX) {
        ex->racing.owed += since * ex->speed;
        ticks = (uint64_t)ex->racing.owed;
        ex->racing.owed -= (double)ticks;
    }
    bool running[RACE_MOST_LANES];
    for (int i = 0; i < ex->racing.run.lanes; i++)
        running[i] = !ex->racing.run.lane[i].place;
    if (!race_advance(&ex->racing.run, ticks))
        return false;
    for (int i = 0; i < ex->racing.run.lanes; i++) {
        const race_lane *l = &ex->racing.run.lane[i];
        if (running[i] && l->place)
            ex_trace_line(ex, "finished %s %d steps %llu", nq_method_key((nq_method)l->trace.method), l->place,
                       (unsigned long long)l->steps);
    }
    return true;
}

/* Writes into buf a space, then the sentence of how method (its name, translated) finished a race,
 * in place (1 to 4); returns what snprintf returns. */
static int race_finish_text(char *buf, size_t size, int place, const char *method)
{
    /* A space parts two sentences in each of our languages (a message cannot be translated to
     * nothing, so the gap is not one). */
    int gap = snprintf(buf, size, " ");
    if (gap < 0 || (size_t)gap >= size)
        return gap;
    int len;
    if (place == 1)
        len = snprintf(buf + gap, size - (size_t)gap,
                       /* TRANSLATORS: how a method finished a race: first; %s is its name ("Backtracking"). */
                       _("1st: %s."), method);
    else if (place == 2)
        len = snprintf(buf + gap, size - (size_t)gap,
                       /* TRANSLATORS: how a method finished a race: second; %s is its name. */
                       _("2nd: %s."), method);
    else if (place == 3)
        len = snprintf(buf + gap, size - (size_t)gap,
                       /* TRANSLATORS: how a method finished a race: third; %s is its name. */
                       _("3rd: %s."), method);
    else
        len = snprintf(buf + gap, size - (size_t)gap,
                       /* TRANSLATORS: how a method finished a race: fourth; %s is its name. */
                       _("4th: %s."), method);
    return len < 0 ? len : gap + len;
}

void ex_race_narration(const explorer *ex, char *buf, size_t size)
{
    char ticks[32];
    nq_grouped(ex->racing.run.ticks, ticks, sizeof ticks);
    /* TRANSLATORS: a tick of the race's clock; %s is a number grouped by thousands. */
    int len = snprintf(buf, size, _("Race, tick %s."), ticks);
    for (int place = 1; place <= ex->racing.run.lanes && len > 0 && (size_t)len < size; place++)
        for (int i = 0; i < ex->racing.run.lanes && len > 0 && (size_t)len < size; i++)
            if (ex->racing.run.lane[i].place == place)
                len += race_finish_text(buf + len, size - (size_t)len, place,
                                        _(nq_method_title((nq_method)ex->racing.run.lane[i].trace.method)));
}

bool ex_race_fact(const explorer *ex, char *buf, size_t size)
{
    if (!ex_racing(ex))
        return false;
    if (race_over(&ex->racing.run))
        /* TRANSLATORS: R, A and Esc are key names and stay as they are. */
        snprintf(buf, size, "%s", _("The race is over. R runs it again; A or Esc ends it."));
    else
        /* TRANSLATORS: methods (ways to search) race on one board, each taking one step per tick of
         * the race's clock. 1-4, A and Esc are key names and stay as they are. */
        snprintf(buf, size, "%s", _("A race: one step each per tick. 1-4 take a method in or out; A or Esc ends it."));
    return true;
}

/* Space pauses the race, . takes one tick: the race's own, while it is on. */
static bool race_act(explorer *ex, ex_action action, int value, double now)
{
    (void)now;
    switch (action) {
    case EX_ACT_RACE: toggle_race(ex); return true;
    case EX_ACT_RACE_LANE: toggle_lane(ex, value); return true;
    case EX_ACT_PLAY:
        if (!ex_racing(ex))
            return false;
        ex->racing.paused = !ex->racing.paused;
        return true;
    case EX_ACT_STEP:
        if (!ex_racing(ex))
            return false;
        ex->racing.paused = true;
        race_advance(&ex->racing.run, 1);
        return true;
    default: return false;
    }
}

static void race_board_changed(explorer *ex, double now)
{
    (void)now;
    if (ex_racing(ex))
        start_race(ex);
}

const ex_feature ex_feature_race = {"race", race_act, update_race, race_board_changed};
