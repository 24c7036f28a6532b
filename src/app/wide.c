/*
 * wide.c -- boards above NQ_MAX_N: one solution, found directly, looked at through a view the
 * person zooms and moves (the arrow keys move it; what is not there above NQ_MAX_N says so), and
 * the keys that move the view of the search tree, which share the zoom and arrow keys.
 */
#include "feature.h"
#include "nq/i18n.h"

bool ex_wide(const explorer *ex)
{
    return ex->n > NQ_MAX_N;
}

/* How far an arrow key moves the view of a wide board: an eighth of what it shows. */
#define VIEW_PAN_SHARE 0.125

#define VIEW_ZOOM_STEP 2.0

void ex_board_zoom(explorer *ex, double factor, double column, double row)
{
    if (!ex_wide(ex))
        return;
    ui_view v = ex->view;
    ui_view z = ui_view_clamp((ui_view){v.zoom * factor, v.cx, v.cy}, ex->n);
    /* The board point under the anchor stays under it. */
    double kept = v.zoom / z.zoom;
    z.cx = column + (v.cx - column) * kept;
    z.cy = row + (v.cy - row) * kept;
    ex->view = ui_view_clamp(z, ex->n);
}

void ex_board_pan(explorer *ex, double columns, double rows)
{
    if (!ex_wide(ex))
        return;
    ex->view = ui_view_clamp((ui_view){ex->view.zoom, ex->view.cx + columns, ex->view.cy + rows}, ex->n);
}

/* The zoom and view keys on a wide board: zoom about the middle of the view, move it an eighth. */
static void view_act(explorer *ex, ex_action action)
{
    if (action == EX_ACT_VIEW_FIT) {
        ex->view = ui_view_fit(ex->n);
        return;
    }
    int zoom = (action == EX_ACT_ZOOM_IN) - (action == EX_ACT_ZOOM_OUT);
    int dx = (action == EX_ACT_VIEW_RIGHT) - (action == EX_ACT_VIEW_LEFT);
    int dy = (action == EX_ACT_VIEW_DOWN) - (action == EX_ACT_VIEW_UP);
    double span = ex->n / ex->view.zoom * VIEW_PAN_SHARE;
    if (zoom)
        ex_board_zoom(ex, zoom > 0 ? VIEW_ZOOM_STEP : 1 / VIEW_ZOOM_STEP, ex->view.cx, ex->view.cy);
    else
        ex_board_pan(ex, dx * span, dy * span);
}

/* What a wide board does with an action meant for the search in order: the arrow keys move the
 * view; the rest say why they are not there. Returns true when the action is dealt with. */
static bool wide_act(explorer *ex, ex_action action)
{
    switch (action) {
    case EX_ACT_PREVIOUS: view_act(ex, EX_ACT_VIEW_LEFT); return true;
    case EX_ACT_NEXT: view_act(ex, EX_ACT_VIEW_RIGHT); return true;
    case EX_ACT_FIRST_SOLUTION:
    case EX_ACT_LAST_SOLUTION:
    case EX_ACT_BACK_TEN:
    case EX_ACT_FORWARD_TEN:
    case EX_ACT_GOTO:
    case EX_ACT_MODE:
    case EX_ACT_PLAY:
    case EX_ACT_STEP:
    case EX_ACT_STEP_BACK:
    case EX_ACT_PREVIOUS_LANDMARK:
    case EX_ACT_NEXT_LANDMARK:
    case EX_ACT_SLOWER:
    case EX_ACT_FASTER:
    case EX_ACT_RACE:
    case EX_ACT_RACE_LANE:
    case EX_ACT_COMPARE:
    case EX_ACT_HEAT:
    case EX_ACT_VARIANTS:
    case EX_ACT_VARIANT:
    case EX_ACT_UNIQUE:
    case EX_ACT_METHOD:
    case EX_ACT_METHOD_BACK:
    case EX_ACT_TREE:
    case EX_ACT_TREE_MARKS:
        ex_notify(ex, EX_NOTICE_WIDE, 0, NULL, NULL);
        return true;
    default: return false;
    }
}

/* Above NQ_MAX_N the arrow keys move the view and the rest say why they are not there; the zoom
 * and view keys move the view (below it they are the tree's). */
static bool wide_feature_act(explorer *ex, ex_action action, int value, double now)
{
    (void)value;
    (void)now;
    if (!ex_wide(ex))
        return false;
    if (ex->keys == EX_KEYS_NORMAL && wide_act(ex, action))
        return true;
    switch (action) {
    case EX_ACT_ZOOM_IN:
    case EX_ACT_ZOOM_OUT:
    case EX_ACT_VIEW_LEFT:
    case EX_ACT_VIEW_RIGHT:
    case EX_ACT_VIEW_UP:
    case EX_ACT_VIEW_DOWN:
    case EX_ACT_VIEW_FIT: view_act(ex, action); return true;
    default: return false;
    }
}

const ex_feature ex_feature_wide = {"wide", wide_feature_act, NULL, NULL};
