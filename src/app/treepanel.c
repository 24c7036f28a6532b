/*
 * treepanel.c -- the search tree beside the board: shown or hidden (by default for boards up to
 * EX_TREE_DEFAULT_N), its scene at the timeline's cursor, the camera the person zooms and moves,
 * and the two ways the tree and the timeline steer each other (a click on a node moves the
 * timeline there; the pointer over a node shows its square on the board). The scene itself is
 * treeview.c's.
 */
#include "feature.h"
#include "nq/i18n.h"

/* How far a key zooms or moves the tree's view, and how far zoom goes either way. */
#define TREE_ZOOM_STEP 1.25
#define TREE_ZOOM_MOST 4.0
#define TREE_PAN_UNITS 3.0

bool ex_tree_shown(const explorer *ex)
{
    return ex->tree_panel.tree && !ex->racing.run.lanes &&
           (ex->tree_panel.choice < 0 ? ex->n <= EX_TREE_DEFAULT_N : ex->tree_panel.choice == 1);
}

/* Sets the tree's view and scene to the cursor, while the panel shows them. */
void ex_tree_update(explorer *ex)
{
    if (!ex_tree_shown(ex))
        return;
    nq_tree_view_at(ex->tree_panel.view, ex->tree_panel.tree, ex->timeline, ex->cursor);
    tv_scene_build(&ex->tree_panel.scene, ex->tree_panel.view, ex->tree_panel.compact);
}

tv_camera ex_tree_camera(const explorer *ex, ui_rect panel, double density)
{
    tv_camera c = tv_camera_fit(&ex->tree_panel.scene, panel, ex->tree_panel.zoom, density);
    c.x += ex->tree_panel.pan_x;
    c.y += ex->tree_panel.pan_y;
    return c;
}

void ex_tree_zoom(explorer *ex, double factor)
{
    double zoom = ex->tree_panel.zoom * factor;
    if (zoom > TREE_ZOOM_MOST || zoom < 1 / TREE_ZOOM_MOST) {
        ex_notify(ex, EX_NOTICE_TREE_ZOOM, zoom > 1, NULL, NULL);
        return;
    }
    ex->tree_panel.zoom = zoom;
}

void ex_tree_pan(explorer *ex, double units, double levels)
{
    ex->tree_panel.pan_x += units;
    ex->tree_panel.pan_y += levels;
}

static void toggle_tree(explorer *ex)
{
    if (!ex->tree_panel.tree) {
        ex_notify(ex, EX_NOTICE_NO_TREE, 0, NULL, NULL);
        return;
    }
    ex->tree_panel.choice = !ex_tree_shown(ex);
    ex_tree_update(ex);
}

static void toggle_tree_marks(explorer *ex)
{
    ex->tree_panel.compact = !ex->tree_panel.compact;
    ex_notify(ex, EX_NOTICE_TREE_MARKS, 0, NULL, NULL);
    ex_tree_update(ex);
}

void ex_tree_hover(explorer *ex, int item)
{
    ex->has_hover = false;
    if (item < 0 || item >= ex->tree_panel.scene.count)
        return;
    const tv_item *it = &ex->tree_panel.scene.items[item];
    nq_square square = {it->kind == TV_REJECTED ? it->column : it->node.column,
                        it->kind == TV_REJECTED ? it->node.child_row : it->node.row};
    ex_hover(ex, square.row >= 0, square);
}

void ex_tree_select(explorer *ex, int item)
{
    if (!ex->timeline || item < 0 || item >= ex->tree_panel.scene.count)
        return;
    ex_notice_clear(ex);
    ex_move_to(ex, ex->tree_panel.scene.items[item].node.placed);
}

static bool tree_act(explorer *ex, ex_action action, int value, double now)
{
    (void)value;
    (void)now;
    switch (action) {
    case EX_ACT_TREE: toggle_tree(ex); return true;
    case EX_ACT_TREE_MARKS: toggle_tree_marks(ex); return true;
    case EX_ACT_ZOOM_IN: ex_tree_zoom(ex, TREE_ZOOM_STEP); return true;
    case EX_ACT_ZOOM_OUT: ex_tree_zoom(ex, 1 / TREE_ZOOM_STEP); return true;
    case EX_ACT_VIEW_LEFT: ex_tree_pan(ex, -TREE_PAN_UNITS, 0); return true;
    case EX_ACT_VIEW_RIGHT: ex_tree_pan(ex, TREE_PAN_UNITS, 0); return true;
    case EX_ACT_VIEW_UP: ex_tree_pan(ex, 0, -1); return true;
    case EX_ACT_VIEW_DOWN: ex_tree_pan(ex, 0, 1); return true;
    case EX_ACT_VIEW_FIT:
        ex->tree_panel.zoom = 1;
        ex->tree_panel.pan_x = ex->tree_panel.pan_y = 0;
        return true;
    default: return false;
    }
}

const ex_feature ex_feature_tree = {"tree", tree_act, NULL, NULL};
