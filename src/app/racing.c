/*
 * racing.c -- the race of the methods on one board, in the board's place: the lanes are race.c's;
 * here they start, take a method in or out, tick at the watch speed, end, and say where they
 * stand. While the race is on, the watch waits where it was, and plays on after it if it played
 * before; the panel's figure lines are the race's, and its Mode button chooses the race's goal
 * (every solution, or the first), so that a race is fair or says why not: min-conflicts stops at
 * its one solution, and a race to every solution says so in its lane.
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
    race_start(&ex->racing.run, &plan, ex->racing.set, ex->racing.goal);
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

/* The Mode button (Tab) during a race: the other goal, and the race run again to it. */
static void toggle_goal(explorer *ex)
{
    ex->racing.goal = ex->racing.goal == RACE_TO_EVERY ? RACE_TO_FIRST : RACE_TO_EVERY;
    ex_trace_line(ex, "race goal %s", ex->racing.goal == RACE_TO_FIRST ? "first" : "every");
    start_race(ex);
}

const char *ex_race_goal_button(const explorer *ex)
{
    if (ex->racing.goal == RACE_TO_FIRST)
        /* TRANSLATORS: the Mode button during a race: every method races to its first solution (a click
         * switches to all solutions). About 14 characters. */
        return C_("race goal", "First solution");
    /* TRANSLATORS: the Mode button during a race: every method races to the end of its search (all the
     * solutions; min-conflicts finds one). About 14 characters. */
    return C_("race goal", "All solutions");
}

const char *ex_race_end_button(void)
{
    /* TRANSLATORS: a button during a race: end it and go back to one board. About 8 characters. */
    return C_("button", "End race");
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

/* The lane's second line: how far it is towards its goal, short enough for a lane at 640 x 480.
 * Min-conflicts always races to one solution (its moves, then whether it found it); the complete
 * methods to all the solutions (their failures, then how many so far, or all of them) or to the
 * first (found yet or not). */
static void lane_goal_text(const explorer *ex, const race_lane *lane, char *buf, size_t size)
{
    const nq_trace *t = &lane->trace;
    char num[32], found[32];
    if (t->method == NQ_METHOD_MINCONFLICTS) {
        unsigned long moves = (unsigned long)t->moves;
        nq_grouped(t->moves, num, sizeof num);
        if (nq_trace_gave_up(t))
            /* TRANSLATORS: under a min-conflicts lane: its moves (grouped by thousands), and it ran out of moves. */
            snprintf(buf, size, ngettext("%s move: budget out", "%s moves: budget out", moves), num);
        else if (t->solutions)
            /* TRANSLATORS: under a min-conflicts lane: its moves (grouped by thousands); it found the one
             * solution it looks for (the other methods look for all of them). Short: about 25 characters. */
            snprintf(buf, size, ngettext("%s move: one solution", "%s moves: one solution", moves), num);
        else
            /* TRANSLATORS: under a min-conflicts lane: the moves it made so far (grouped by thousands); it
             * looks for one solution only (the other methods look for all of them). About 25 characters. */
            snprintf(buf, size, ngettext("%s move, for one solution", "%s moves, for one solution", moves), num);
        return;
    }
    uint64_t failures = t->dead_ends + t->wipe_outs;
    unsigned long failed = (unsigned long)failures;
    nq_grouped(failures, num, sizeof num);
    nq_grouped(t->solutions, found, sizeof found);
    if (t->solutions && ex->racing.run.goal == RACE_TO_FIRST)
        /* TRANSLATORS: under a lane of a race to the first solution: its failures (dead ends and wipe-outs,
         * grouped by thousands); it has found its first solution. About 25 characters. */
        snprintf(buf, size, ngettext("%s failure: first found", "%s failures: first found", failed), num);
    else if (lane->place && !t->solutions)
        /* TRANSLATORS: under a lane of the race that has finished: its failures (dead ends and wipe-outs,
         * grouped by thousands); the board has no solution. About 25 characters. */
        snprintf(buf, size, ngettext("%s failure: no solution", "%s failures: no solution", failed), num);
    else if (ex->racing.run.goal == RACE_TO_FIRST)
        /* TRANSLATORS: under a lane of a race to the first solution: its failures (dead ends and wipe-outs,
         * grouped by thousands); it has found none yet. About 25 characters. */
        snprintf(buf, size, ngettext("%s failure, none yet", "%s failures, none yet", failed), num);
    else if (lane->place)
        /* TRANSLATORS: under a lane of a race to all the solutions, finished: its failures (dead ends and
         * wipe-outs), then all the solutions it found (both grouped by thousands). About 25 characters. */
        snprintf(buf, size, ngettext("%s failure: all %s found", "%s failures: all %s found", failed), num, found);
    else
        /* TRANSLATORS: under a lane of a race to all the solutions: its failures (dead ends and wipe-outs),
         * then the solutions found so far (both grouped by thousands). About 25 characters. */
        snprintf(buf, size, ngettext("%s failure, %s found so far", "%s failures, %s found so far", failed), num,
                 found);
}

void ex_race_lane_words(const explorer *ex, int i, char *title, char *figures, char *goal, size_t size)
{
    const race_lane *lane = &ex->racing.run.lane[i];
    const char *method = _(nq_method_title((nq_method)lane->trace.method));
    if (lane->place)
        /* TRANSLATORS: a lane of the race: the search method's name, then its place at the finish ("1st"). */
        snprintf(title, size, _("%s: %s"), method, race_place_name(lane->place));
    else
        snprintf(title, size, "%s", method);
    char steps[32], placed[32];
    nq_grouped(lane->steps, steps, sizeof steps);
    nq_grouped(lane->trace.nodes, placed, sizeof placed);
    /* TRANSLATORS: under a lane of the race: steps taken and queens placed; both numbers are
     * already grouped by thousands. Keep it short. */
    snprintf(figures, size, ngettext("%s step, %s placed", "%s steps, %s placed", (unsigned long)lane->steps), steps,
             placed);
    lane_goal_text(ex, lane, goal, size);
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

void ex_race_solution_line(const explorer *ex, char *buf, size_t size)
{
    int lanes = ex->racing.run.lanes;
    /* TRANSLATORS: the solution line of the panel during a race, in place of "Solution 3 of 92":
     * %d methods (ways to search) race on one board, a lane each. */
    snprintf(buf, size, ngettext("A race of %d method, a lane each", "A race of %d methods, a lane each",
                                 (unsigned long)lanes),
             lanes);
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

void ex_race_figure_lines(const explorer *ex, ex_panel *p)
{
    const race *run = &ex->racing.run;
    if (run->goal == RACE_TO_FIRST)
        snprintf(p->text[EX_LINE_SOLUTIONS], EX_LINE_SIZE, "%s",
                 /* TRANSLATORS: a figure in the panel during a race: every method races to its first
                  * solution; Tab is a key name and stays as it is. */
                 _("Goal: each method's first solution (Tab: all solutions)"));
    else
        snprintf(p->text[EX_LINE_SOLUTIONS], EX_LINE_SIZE, "%s",
                 /* TRANSLATORS: a figure in the panel during a race: every method races to the end of its
                  * search, all the solutions, but min-conflicts stops at the one it finds; Tab is a key name. */
                 _("Goal: all solutions; min-conflicts finds one (Tab: the first)"));
    char ticks[32];
    nq_grouped(run->ticks, ticks, sizeof ticks);
    /* TRANSLATORS: a figure in the panel during a race: the race's clock, in ticks (each lane takes one
     * step a tick); %s is grouped by thousands. */
    snprintf(p->text[EX_LINE_PLACED], EX_LINE_SIZE, _("Ticks: %s, one step of each lane a tick"), ticks);
    snprintf(p->text[EX_LINE_DEADENDS], EX_LINE_SIZE,
             /* TRANSLATORS: a figure in the panel during a race: how many of its lanes (one method each)
              * have reached the goal. */
             ngettext("Finished: %d of %d lane", "Finished: %d of %d lanes", (unsigned long)run->lanes),
             run->finished, run->lanes);
    p->has[EX_LINE_SOLUTIONS] = p->has[EX_LINE_PLACED] = p->has[EX_LINE_DEADENDS] = true;
}

/* Space pauses the race, . takes one tick, Tab (the Mode button) switches its goal: the race's
 * own, while it is on. */
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
    case EX_ACT_MODE:
        if (!ex_racing(ex))
            return false;
        toggle_goal(ex);
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
