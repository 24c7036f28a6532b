/*
 * treepanel.c -- the search tree beside the board: shown or hidden (by default for boards up to
 * EX_TREE_DEFAULT_N), its scene at the timeline's cursor, the camera the person zooms and moves,
 * and the two ways the tree and the timeline steer each other (a click on a node moves the
 * timeline there, keeping the node under the pointer; the pointer over a node shows its square on
 * the board), and the words the panel needs: the key to its colours, what its root is, and the
 * hover texts of its nodes, of the strip over it and of the timeline bar under the board (the
 * two bars a newcomer cannot otherwise name). The scene itself is treeview.c's.
 */
#include <stdio.h>

#include "feature.h"
#include "nq/i18n.h"

/* How far a key zooms or moves the tree's view, and how far in zoom goes (out, it stops at the
 * whole tree). */
#define TREE_ZOOM_STEP 1.25
#define TREE_ZOOM_MOST 16.0
#define TREE_PAN_UNITS 3.0

bool ex_tree_shown(const explorer *ex)
{
    return ex->tree_panel.tree && !ex->racing.run.lanes && !ex_play_on(ex) &&
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
    tv_camera c = tv_camera_fit(&ex->tree_panel.scene, panel, ex->tree_panel.zoom, ex->tree_panel.stretch, density);
    c.x += ex->tree_panel.pan_x;
    c.y += ex->tree_panel.pan_y;
    return c;
}

void ex_tree_zoom(explorer *ex, double factor)
{
    double zoom = ex->tree_panel.zoom * factor;
    if (factor > 1 ? zoom > TREE_ZOOM_MOST : zoom < 1) {
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

/* The item of the scene that is the node placed at step placed (its kind as given), or -1. */
static int item_placed_at(const tv_scene *s, uint64_t placed, tv_item_kind kind, int column)
{
    for (int i = 0; i < s->count; i++)
        if (s->items[i].node.placed == placed && s->items[i].kind == kind &&
            (kind != TV_REJECTED || s->items[i].column == column))
            return i;
    return -1;
}

void ex_tree_click(explorer *ex, int item, ui_rect panel, double density)
{
    ex_tree_panel *t = &ex->tree_panel;
    if (!ex->timeline || item < 0 || item >= t->scene.count)
        return;
    tv_item before = t->scene.items[item];
    tv_camera was = ex_tree_camera(ex, panel, density);
    int x0, y0;
    tv_item_point(&was, panel, &before, &x0, &y0);
    ex_tree_select(ex, item);
    /* The same node in the scene of the new step: a finished subtree may now stand open. */
    int now = item_placed_at(&t->scene, before.node.placed, before.kind, before.column);
    if (now < 0)
        now = item_placed_at(&t->scene, before.node.placed, TV_NODE, 0);
    if (now < 0)
        return;
    /* The same sizes as before, then moved so that the node is where it was. */
    tv_camera fit = tv_camera_fit(&t->scene, panel, 1, 1, density);
    t->zoom = was.unit / fit.unit;
    t->stretch = was.level / (fit.level * t->zoom);
    tv_camera c = ex_tree_camera(ex, panel, density);
    int x1, y1;
    tv_item_point(&c, panel, &t->scene.items[now], &x1, &y1);
    t->pan_x += (x1 - x0) / c.unit;
    t->pan_y += (y1 - y0) / c.level;
}

bool ex_tree_pointer(explorer *ex, const ui_layout *l, bool inside, int x, int y)
{
    ex_tree_panel *t = &ex->tree_panel;
    t->tip = EX_TIP_NONE;
    t->tip_x = x;
    t->tip_y = y;
    if (!inside)
        return false;
    if (ex->job == NQ_JOB_WATCH && ui_rect_contains(l->timeline, x, y))
        t->tip = EX_TIP_TIMELINE;
    if (!ex_tree_shown(ex))
        return false;
    if (ui_rect_contains(l->tree_overview, x, y))
        t->tip = EX_TIP_STRIP;
    if (!ui_rect_contains(l->tree, x, y))
        return false;
    tv_camera camera = ex_tree_camera(ex, l->tree, l->density);
    t->tip_item = tv_item_at(&t->scene, &camera, l->tree, x, y);
    if (t->tip_item >= 0)
        t->tip = EX_TIP_NODE;
    ex_tree_hover(ex, t->tip_item);
    return true;
}

void ex_tree_root_text(const explorer *ex, char *buf, size_t size)
{
    const tv_scene *s = &ex->tree_panel.scene;
    if (s->count > 0 && s->items[0].node.row >= 0)
        /* TRANSLATORS: beside the top node of the search tree when a queen was pinned before the
         * search; "row %d, column %d" names its square as the board's numbers do. */
        snprintf(buf, size, _("start: the pinned queen, row %d, column %d"), s->items[0].node.row + 1,
                 s->items[0].node.column + 1);
    else
        /* TRANSLATORS: beside the top node of the search tree: the search starts from no queen. */
        snprintf(buf, size, "%s", _("start: the empty board"));
}

bool ex_tree_tip_text(const explorer *ex, char *buf, size_t size)
{
    const ex_tree_panel *t = &ex->tree_panel;
    switch (t->tip) {
    case EX_TIP_TIMELINE:
        /* TRANSLATORS: the hover text of the bar under the board during Watch. */
        snprintf(buf, size, "%s", _("The timeline: every step of the search so far, with a mark where a solution "
                                    "was found. Click or drag it to go back to any step."));
        return true;
    case EX_TIP_STRIP:
        /* TRANSLATORS: the hover text of the bar over the search tree. */
        snprintf(buf, size, "%s", _("The whole search so far: a part for each square of the first row searched, "
                                    "as wide as the queens placed under it. Click a part to go to it."));
        return true;
    case EX_TIP_NODE: {
        if (t->tip_item < 0 || t->tip_item >= t->scene.count)
            return false;
        const tv_item *it = &t->scene.items[t->tip_item];
        if (t->tip_item == 0)
            ex_tree_root_text(ex, buf, size);
        else if (it->kind == TV_REJECTED)
            /* TRANSLATORS: the hover text of an x in the search tree: the square was tried and attacked. */
            snprintf(buf, size, _("row %d, column %d: rejected, attacked by a queen above"), it->node.child_row + 1,
                     it->column + 1);
        else
            /* TRANSLATORS: the hover text of a node of the search tree: the square of its queen. */
            snprintf(buf, size, _("row %d, column %d"), it->node.row + 1, it->node.column + 1);
        return true;
    }
    default: return false;
    }
}

int ex_tree_key(const explorer *ex, ex_tree_key_entry *out, int max)
{
    const tv_scene *s = &ex->tree_panel.scene;
    bool collapsed = false, rejected = false;
    for (int i = 0; i < s->count; i++) {
        collapsed |= s->items[i].kind == TV_COLLAPSED;
        rejected |= s->items[i].kind == TV_REJECTED;
    }
    ex_tree_key_entry all[] = {
        /* TRANSLATORS: the key to the search tree's colours (gold): the queens on the board at this step. */
        {EX_TREE_MARK_STANDING, _("on the board now")},
        /* TRANSLATORS: the key to the search tree's colours (green): a solution, or leads to one. */
        {EX_TREE_MARK_SOLUTION, _("solution")},
        /* TRANSLATORS: the key to the search tree's colours (red): no square free in the next row. */
        {EX_TREE_MARK_DEAD_END, _("dead end")},
        /* TRANSLATORS: the key to the search tree's colours (grey): searched to the end, no solution under it. */
        {EX_TREE_MARK_FINISHED, _("done, no solution")},
        /* TRANSLATORS: the key to the search tree's colours: a triangle that stands for a finished subtree. */
        {EX_TREE_MARK_COLLAPSED, _("finished part, folded")},
        /* TRANSLATORS: the key to the search tree's colours: a small x, a square tried and attacked. */
        {EX_TREE_MARK_REJECTED, _("rejected square")},
    };
    int count = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0] && count < max; i++)
        if ((all[i].mark != EX_TREE_MARK_COLLAPSED || collapsed) && (all[i].mark != EX_TREE_MARK_REJECTED || rejected))
            out[count++] = all[i];
    return count;
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
        ex->tree_panel.zoom = ex->tree_panel.stretch = 1;
        ex->tree_panel.pan_x = ex->tree_panel.pan_y = 0;
        return true;
    default: return false;
    }
}

const ex_feature ex_feature_tree = {"tree", tree_act, NULL, NULL};
