/*
 * heatview.c -- the heatmap over the board (how many solutions use each square), counted by a
 * solver of its own while it is shown; its legend then has the panel's figure lines. The counts
 * and the board they are of are heat.c's. While it shows the board's heatmap, it is the board's
 * view: the narration says so, and the key lists its scale.
 */
#include <stdio.h>

#include "feature.h"
#include "nq/i18n.h"

void ex_set_heater(explorer *ex, ex_solver heater)
{
    heat_free(&ex->heat);
    heat_init(&ex->heat, heater);
}

bool ex_heat_shown(const explorer *ex)
{
    return ex->figures_owner == EX_FIGURES_HEAT;
}

bool ex_heat_view(const explorer *ex)
{
    return ex_heat_shown(ex) && !ex_play_on(ex) && heat_of(&ex->heat, ex->n, ex->has_first ? &ex->first : NULL);
}

void ex_heat_narration(const explorer *ex, char *buf, size_t size)
{
    if (ex->has_first)
        /* TRANSLATORS: the narration while the heatmap is shown with a pinned queen (its row, then its
         * column). */
        snprintf(buf, size,
                 _("The heatmap of the solutions with the queen at row %d, column %d: a square's colour says "
                   "how many of them put a queen there."),
                 ex->first.row + 1, ex->first.column + 1);
    else /* TRANSLATORS: the narration while the heatmap is shown. */
        snprintf(buf, size, "%s",
                 _("The heatmap: a square's colour says how many solutions put a queen there, the darker the more."));
}

static void start_heat(explorer *ex, double now)
{
    (void)now;
    if (ex_heat_shown(ex))
        heat_start(&ex->heat, ex->n, ex->has_first ? &ex->first : NULL);
}

static void toggle_heat(explorer *ex, double now)
{
    if (!ex->heat.solver.start) {
        ex_notify(ex, EX_NOTICE_NO_HEAT, 0, NULL, NULL);
        return;
    }
    ex_own_figures(ex, ex_heat_shown(ex) ? EX_FIGURES_FIGURES : EX_FIGURES_HEAT);
    start_heat(ex, now);
    if (!ex_heat_shown(ex) && ex->heat.state == HEAT_COUNTING)
        heat_stop(&ex->heat);
}

/* Takes the heatmap's reports; its end to the trace. A heatmap no longer shown stops counting. */
static bool update_heat(explorer *ex, double now)
{
    (void)now;
    if (!ex_heat_shown(ex)) {
        if (ex->heat.state == HEAT_COUNTING)
            heat_stop(&ex->heat);
        return false;
    }
    heat_state before = ex->heat.state;
    bool changed = heat_update(&ex->heat);
    if (before != HEAT_DONE && ex->heat.state == HEAT_DONE) {
        ex_trace_line(ex, "heat done total %llu max %llu unused %d", (unsigned long long)ex->heat.total,
                      (unsigned long long)ex->heat.max, ex->heat.unused);
    }
    return changed;
}

static bool heat_act(explorer *ex, ex_action action, int value, double now)
{
    (void)value;
    if (action != EX_ACT_HEAT)
        return false;
    toggle_heat(ex, now);
    return true;
}

const ex_feature ex_feature_heat = {"heat", heat_act, update_heat, start_heat};
