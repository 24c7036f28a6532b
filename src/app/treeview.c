/*
 * treeview.c -- one depth-first walk lays the scene out: leaves and rejected squares take their
 * slots left to right in the order the search tried them, and each parent is placed over its
 * children once they are placed. The camera is computed from the scene every frame, so a resize
 * or a new step needs no bookkeeping.
 */
#include "treeview.h"

#include <stdlib.h>
#include <string.h>

#include "nq/alloc.h"

/* Units across: a leaf or collapsed subtree, and a rejected square's slot. */
#define LEAF_UNITS 1.0
#define REJECTED_UNITS 0.4

/* Pixels a unit and a level take when fitted: never smaller (labels stay legible), never larger
 * (a small tree stays compact). */
enum { UNIT_MIN = 24, UNIT_MAX = 60, LEVEL_MIN = 26, LEVEL_MAX = 64 };

void tv_scene_free(tv_scene *s)
{
    free(s->items);
    memset(s, 0, sizeof *s);
}

static int add(tv_scene *s, tv_item_kind kind, int parent, int level)
{
    if (s->count == s->capacity) {
        s->capacity = s->capacity ? s->capacity * 2 : 256;
        s->items = nq_alloc_check(realloc(s->items, (size_t)s->capacity * sizeof *s->items));
    }
    tv_item *it = &s->items[s->count];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->parent = parent;
    it->level = level;
    if (level + 1 > s->levels)
        s->levels = level + 1;
    return s->count++;
}

typedef struct walk {
    tv_scene *scene;
    const nq_tree_view *view;
    nq_tree_id path[NQ_MAX_N + 1];
    int depth;
    bool compact;
    double cursor; /* the next free unit */
} walk;

static bool on_path(const walk *w, const nq_tree_node *node, nq_tree_id id)
{
    return node->depth <= w->depth && w->path[node->depth] == id;
}

/* Places node id, whose node is given (and, if it is opened, everything drawn under it); returns its
 * item. */
static int place(walk *w, nq_tree_id id, const nq_tree_node *node, int parent, int level)
{
    tv_scene *s = w->scene;
    bool path = on_path(w, node, id);
    bool open = node->detailed && (s->whole || path);
    int me = add(s, open || node->kind != NQ_TREE_FINISHED ? TV_NODE : TV_COLLAPSED, parent, level);
    s->items[me].node = *node;
    s->items[me].on_path = path;
    if (path && node->depth == w->depth)
        s->selected = me;
    int first = -1, last = -1;
    if (open && node->child_row >= 0) {
        nq_tree_id kids[NQ_MAX_N];
        size_t count = nq_tree_children(w->view, id, kids, NQ_MAX_N), next = 0;
        nq_tree_node child;
        if (count)
            nq_tree_node_get(w->view, kids[0], &child);
        for (int c = 0; c < NQ_MAX_N && (next < count || node->rejected >> c); c++) {
            int item = -1;
            if (next < count && child.column == c) {
                item = place(w, kids[next++], &child, me, level + 1);
                if (next < count)
                    nq_tree_node_get(w->view, kids[next], &child);
            } else if (!w->compact && (node->rejected >> c & 1)) {
                item = add(s, TV_REJECTED, me, level + 1);
                s->items[item].node = *node;
                s->items[item].column = c;
                s->items[item].x = w->cursor + REJECTED_UNITS / 2;
                w->cursor += REJECTED_UNITS;
            }
            if (item >= 0) {
                if (first < 0)
                    first = item;
                last = item;
            }
        }
    }
    if (first < 0) {
        s->items[me].x = w->cursor + LEAF_UNITS / 2;
        w->cursor += LEAF_UNITS;
    } else {
        s->items[me].x = (s->items[first].x + s->items[last].x) / 2;
    }
    return me;
}

void tv_scene_build(tv_scene *s, const nq_tree_view *view, bool compact)
{
    s->count = 0;
    s->levels = 0;
    s->selected = 0;
    s->top_count = 0;
    walk w = {s, view, {0}, 0, compact, 0};
    w.depth = nq_tree_path(view, w.path);
    nq_tree_node root;
    nq_tree_node_get(view, NQ_TREE_ROOT, &root);
    s->whole = root.nodes <= TV_WHOLE;
    place(&w, NQ_TREE_ROOT, &root, -1, 0);
    s->width = w.cursor;
    for (int i = 1; i < s->count && s->top_count < (int)(sizeof s->top_items / sizeof s->top_items[0]); i++)
        if (s->items[i].parent == 0 && s->items[i].kind != TV_REJECTED)
            s->top_items[s->top_count++] = i;
}

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The centre along one axis: the middle of the content when it fits, else the selected point, kept
 * so that no more than half the panel shows past either end. */
static double centre_on(double content, double span, double selected)
{
    if (content <= span)
        return content / 2;
    return clampd(selected, span / 2, content - span / 2);
}

tv_camera tv_camera_fit(const tv_scene *s, ui_rect panel, double zoom, double density)
{
    tv_camera c;
    c.unit = clampd(panel.w / (s->width + LEAF_UNITS), UNIT_MIN * density, UNIT_MAX * density) * zoom;
    c.level = clampd(panel.h / (s->levels + 0.5), LEVEL_MIN * density, LEVEL_MAX * density) * zoom;
    if (s->count == 0) {
        c.x = c.y = 0;
        return c;
    }
    const tv_item *sel = &s->items[s->selected];
    /* Half a unit of margin at each side, half a level above the root and below the deepest. */
    c.x = centre_on(s->width + LEAF_UNITS, panel.w / c.unit, sel->x + LEAF_UNITS / 2) - LEAF_UNITS / 2;
    c.y = centre_on(s->levels, panel.h / c.level, sel->level + 0.5) - 0.5;
    return c;
}

int tv_radius(const tv_camera *c)
{
    double r = c->unit * 0.3 < c->level * 0.28 ? c->unit * 0.3 : c->level * 0.28;
    return r < 3 ? 3 : (int)r;
}

void tv_item_point(const tv_camera *c, ui_rect panel, const tv_item *it, int *x, int *y)
{
    *x = panel.x + panel.w / 2 + (int)((it->x - c->x) * c->unit + (it->x >= c->x ? 0.5 : -0.5));
    *y = panel.y + panel.h / 2 + (int)((it->level - c->y) * c->level + (it->level >= c->y ? 0.5 : -0.5));
}

int tv_item_at(const tv_scene *s, const tv_camera *c, ui_rect panel, int x, int y)
{
    if (!ui_rect_contains(panel, x, y))
        return -1;
    int best = -1;
    double best_d = 0;
    for (int i = 0; i < s->count; i++) {
        int px, py;
        tv_item_point(c, panel, &s->items[i], &px, &py);
        double reach = (s->items[i].kind == TV_REJECTED ? REJECTED_UNITS : LEAF_UNITS) * c->unit / 2;
        double dx = x - px, dy = y - py;
        if (dx < -reach || dx > reach || dy < -c->level / 3 || dy > c->level / 3)
            continue;
        double d = dx * dx + dy * dy;
        if (best < 0 || d < best_d) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

/* The queens below the root's children, in all. */
static uint64_t overview_total(const tv_scene *s)
{
    uint64_t total = 0;
    for (int i = 0; i < s->top_count; i++)
        total += s->items[s->top_items[i]].node.nodes;
    return total;
}

void tv_overview_segment(const tv_scene *s, ui_rect strip, int i, int *from, int *to)
{
    uint64_t total = overview_total(s), before = 0;
    for (int j = 0; j < i; j++)
        before += s->items[s->top_items[j]].node.nodes;
    uint64_t after = before + s->items[s->top_items[i]].node.nodes;
    *from = strip.x + (int)((double)before / (double)total * strip.w);
    *to = strip.x + (int)((double)after / (double)total * strip.w);
}

int tv_overview_at(const tv_scene *s, ui_rect strip, int x)
{
    if (x < strip.x || x >= strip.x + strip.w)
        return -1;
    for (int i = 0; i < s->top_count; i++) {
        int from, to;
        tv_overview_segment(s, strip, i, &from, &to);
        if (x >= from && x < to)
            return i;
    }
    return -1;
}
