/*
 * shown.c -- what the board area shows and where the run stands, decided once from the facts, and
 * the run's clock. The precedence is written here and nowhere else: the learner's own board (your
 * turn) covers everything; then a race; a
 * board above NQ_MAX_N has only its one solution; the class view needs a solution paged to; a page
 * covers the watched step; otherwise a watch shows its cursor and Solve or Find the board it
 * starts from.
 */
#include "shown.h"

#include "model.h"

ex_shown ex_showing(const explorer *ex)
{
    if (ex_play_on(ex))
        return EX_SHOWN_PLAY;
    if (ex_racing(ex))
        return EX_SHOWN_RACE;
    if (ex_wide(ex))
        return EX_SHOWN_WIDE;
    if (ex->viewing && ex->classes.shown && ex->classes.size > 0)
        return EX_SHOWN_CLASS;
    if (ex->viewing)
        return EX_SHOWN_SOLUTION;
    if (ex->timeline)
        return EX_SHOWN_STEP;
    return EX_SHOWN_SEARCH;
}

ex_phase ex_run_phase(const explorer *ex)
{
    bool watch = ex->job == NQ_JOB_WATCH && ex->timeline;
    if (watch && !ex->paused && !ex_racing(ex) && ex->cursor < nq_timeline_length(ex->timeline))
        return EX_PHASE_REPLAYING;
    if (ex->state == EX_FINISHED)
        return EX_PHASE_FINISHED;
    if (ex->state == EX_STOPPED)
        return EX_PHASE_STOPPED;
    if (!watch)
        return EX_PHASE_SOLVING;
    if (ex->paused || ex_racing(ex))
        return EX_PHASE_PAUSED;
    return EX_PHASE_PLAYING;
}

const char *ex_shown_key(ex_shown shown)
{
    static const char *const keys[EX_SHOWN_COUNT] = {"search", "step", "solution", "class", "wide", "race", "play"};
    return keys[shown];
}

const char *ex_phase_key(ex_phase phase)
{
    static const char *const keys[EX_PHASE_COUNT] = {"playing", "replaying", "paused",
                                                     "solving", "finished",  "stopped"};
    return keys[phase];
}

bool ex_phase_clocked(ex_phase phase)
{
    return phase == EX_PHASE_PLAYING || phase == EX_PHASE_SOLVING;
}

void ex_clock_reset(ex_clock *c, double now)
{
    c->played = 0;
    c->since = now;
    c->running = false;
}

void ex_clock_run(ex_clock *c, bool running, double now)
{
    if (running == c->running)
        return;
    if (c->running && now > c->since)
        c->played += now - c->since;
    c->since = now;
    c->running = running;
}

double ex_clock_read(const ex_clock *c, double now)
{
    return c->played + (c->running && now > c->since ? now - c->since : 0);
}

void ex_sync_clock(explorer *ex, double now)
{
    ex_clock_run(&ex->clock, ex_phase_clocked(ex_run_phase(ex)), now);
}
