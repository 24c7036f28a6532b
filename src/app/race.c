/*
 * race.c -- lanes of lockstep traces; a lane finishes with its done step, or with its first
 * solution when the race is to the first, and keeps the last solution it found to show at the end.
 */
#include "race.h"

#include <string.h>

#include "nq/i18n.h"

void race_start(race *r, const nq_plan *plan, unsigned methods, race_goal goal)
{
    memset(r, 0, sizeof *r);
    r->goal = goal;
    for (int m = 0; m < NQ_METHOD_COUNT; m++) {
        if (!(methods >> m & 1))
            continue;
        nq_plan lane = *plan;
        lane.method = (nq_method)m;
        nq_trace_start(&r->lane[r->lanes++].trace, &lane);
    }
}

uint64_t race_most_ticks(const race *r)
{
    int n = r->lanes ? r->lane[0].trace.n : 1;
    return n <= 8 ? RACE_MOST_TICKS : (uint64_t)RACE_MOST_TICKS * 8 / (uint64_t)n;
}

uint64_t race_advance(race *r, uint64_t ticks)
{
    if (ticks > race_most_ticks(r))
        ticks = race_most_ticks(r);
    uint64_t taken = 0;
    for (; taken < ticks && !race_over(r); taken++) {
        r->ticks++;
        int place = r->finished + 1;
        for (int i = 0; i < r->lanes; i++) {
            race_lane *l = &r->lane[i];
            if (l->place || !nq_trace_next(&l->trace, &l->last))
                continue;
            l->steps++;
            if (l->last.kind == NQ_STEP_SOLUTION) {
                l->solved = true;
                memcpy(l->solution, l->trace.cols, (size_t)l->trace.n * sizeof *l->solution);
            }
            if (l->last.kind == NQ_STEP_DONE || (r->goal == RACE_TO_FIRST && l->last.kind == NQ_STEP_SOLUTION)) {
                l->place = place;
                r->finished++;
            }
        }
    }
    return taken;
}

const int *race_lane_board(const race_lane *lane)
{
    return lane->place && lane->solved ? lane->solution : lane->trace.cols;
}

bool race_over(const race *r)
{
    return r->finished == r->lanes;
}

unsigned race_methods(const race *r)
{
    unsigned set = 0;
    for (int i = 0; i < r->lanes; i++)
        set |= 1u << r->lane[i].trace.method;
    return set;
}

const char *race_place_name(int place)
{
    static const char *const names[] = {
        "",
        /* TRANSLATORS: the place a method finished a race in, on a label after its name ("Backtracking:
         * 1st"): keep it short, about 4 characters. */
        N_("1st"),
        N_("2nd"),
        N_("3rd"),
        N_("4th"),
    };
    return place >= 1 && place <= 4 ? _(names[place]) : "";
}

int race_lanes_in(unsigned set)
{
    int lanes = 0;
    for (int m = 0; m < NQ_METHOD_COUNT; m++)
        lanes += (set >> m) & 1u;
    return lanes;
}
