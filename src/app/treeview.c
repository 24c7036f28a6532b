/*
 * treeview.c -- one depth-first walk lays the scene out: leaves and rejected squares take their
 * slots left to right in the order the search tried them, and each parent is placed over its
 * children once they are placed. The camera is computed from the scene every frame, so a resize
 * or a new step needs no bookkeeping.
 */
#include "treeview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nq/alloc.h"

/* Units across: a leaf or collapsed subtree. A parent's rejected squares fan out under it, CROSS_STEP
 * apart (closer only between two of its queens' edges), and its part of the tree widens so that
 * they stay CROSS_MARGIN inside it: two parents' rejected squares are never closer than twice that. */
#define LEAF_UNITS 1.0
#define CROSS_STEP 0.22
#define CROSS_MARGIN 0.2
/* A rejected square hangs this many levels under its parent (half way to its row): a short stub. */
#define REJECTED_DROP 0.5

/* Points a unit and a level take at most when fitted (a small tree stays compact); the fitted
 * camera has no least size: it shows whatever is drawn. */
enum { UNIT_MAX = 60, LEVEL_MAX = 64 };
/* Points kept free left and right of a fitted tree: a mark's least size (a disc of radius 2, the
 * selected one's ring) still fits when the tree is drawn very small. */
enum { EDGE = 6 };
/* Points kept free for a line of labels (of the smallest text): over the fitted tree for the root's
 * words, and under it for the solutions' numbers or the queens of the collapsed subtrees, whose
 * triangles reach this many levels further down. */
enum { LABEL_ROOM = 14 };
#define FOLDED_LEVELS 0.6

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

/* Spreads the rejected squares of parent p, items first..first + count - 1 (in column order), along
 * the line half a level under it, in column order among the points where the edges to its queens
 * cross that line: CROSS_STEP apart outside the outermost such points (or centred under p, when it
 * has no queen under it), evenly between two of them. So no cross sits on an edge. kids: p's
 * queens' items, in order. */
static void fan(tv_scene *s, int p, const int *kids, int kid_count, int first, int count)
{
    double px = s->items[p].x;
    int r = first, end = first + count;
    for (int k = 0; k <= kid_count; k++) {
        int next_column = k < kid_count ? s->items[kids[k]].node.column : NQ_MAX_N;
        int run = r;
        while (run < end && s->items[run].column < next_column)
            run++;
        int j = run - r; /* the crosses right of queen k - 1 and left of queen k */
        double lo = k > 0 ? (px + s->items[kids[k - 1]].x) / 2 : 0;
        double hi = k < kid_count ? (px + s->items[kids[k]].x) / 2 : 0;
        for (int t = 0; t < j; t++)
            s->items[r + t].x = kid_count == 0    ? px + (t - (j - 1) / 2.0) * CROSS_STEP /* under p itself */
                                : k == 0          ? hi - (j - t) * CROSS_STEP
                                : k == kid_count  ? lo + (t + 1) * CROSS_STEP
                                                  : lo + (hi - lo) * (t + 1) / (j + 1);
        r = run;
    }
}

/* The rejected squares of node left of its first queen's column (or all, with none) and right of
 * its last's. */
static void outer_runs(const nq_tree_node *node, const tv_scene *s, const int *kids, int kid_count, int *left,
                       int *right)
{
    *left = *right = 0;
    for (int c = 0; c < NQ_MAX_N; c++)
        if (node->rejected >> c & 1) {
            if (kid_count == 0 || c < s->items[kids[0]].node.column)
                ++*left;
            else if (c > s->items[kids[kid_count - 1]].node.column)
                ++*right;
        }
}

/* Places node id, whose node is given (and, if it is opened, everything drawn under it); returns its
 * item. Its rejected squares are items too, after its children, placed once it is. */
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
    int first = -1, last = -1, items[NQ_MAX_N], placed = 0;
    double start = w->cursor; /* the left edge of its part of the tree */
    if (open && node->child_row >= 0) {
        nq_tree_id kids[NQ_MAX_N];
        size_t count = nq_tree_children(w->view, id, kids, NQ_MAX_N);
        nq_tree_node child;
        for (size_t k = 0; k < count && k < NQ_MAX_N; k++) {
            nq_tree_node_get(w->view, kids[k], &child);
            last = items[placed++] = place(w, kids[k], &child, me, level + 1);
            if (first < 0)
                first = last;
        }
    }
    bool crosses = open && node->child_row >= 0 && !w->compact && node->rejected;
    int left = 0, right = 0;
    if (crosses)
        outer_runs(node, s, items, placed, &left, &right);
    if (first < 0) {
        double width = (left - 1) * CROSS_STEP + 2 * CROSS_MARGIN;
        width = width > LEAF_UNITS ? width : LEAF_UNITS;
        s->items[me].x = w->cursor + width / 2;
        w->cursor += width;
    } else {
        s->items[me].x = (s->items[first].x + s->items[last].x) / 2;
        /* Room for the crosses outside its queens' edges: its part moves right, or widens. */
        double need = start + CROSS_MARGIN + left * CROSS_STEP - (s->items[me].x + s->items[first].x) / 2;
        if (left && need > 0) {
            for (int i = me; i < s->count; i++)
                s->items[i].x += need;
            w->cursor += need;
        }
        need = (s->items[me].x + s->items[last].x) / 2 + right * CROSS_STEP + CROSS_MARGIN - w->cursor;
        if (right && need > 0)
            w->cursor += need;
    }
    if (crosses) {
        int from = s->count;
        for (int c = 0; c < NQ_MAX_N; c++)
            if (node->rejected >> c & 1) {
                int item = add(s, TV_REJECTED, me, level + 1);
                s->items[item].node = *node;
                s->items[item].column = c;
            }
        fan(s, me, items, placed, from, s->count - from);
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
    s->folded = false;
    place(&w, NQ_TREE_ROOT, &root, -1, 0);
    s->width = w.cursor;
    for (int i = 0; i < s->count; i++)
        s->folded |= s->items[i].kind == TV_COLLAPSED;
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

tv_camera tv_camera_fit(const tv_scene *s, ui_rect panel, double zoom, double stretch, double density)
{
    tv_camera c;
    double edge = 2 * EDGE * density; /* the marks' least sizes, kept inside at any scale */
    double top = LABEL_ROOM * density;  /* the root's words over it */
    double bottom = LABEL_ROOM * density;                   /* the labels under the deepest level */
    double extra = s->folded ? FOLDED_LEVELS : 0;           /* ... under a triangle */
    c.unit = clampd((panel.w - edge) / (s->width + LEAF_UNITS), 1, UNIT_MAX * density) * zoom;
    c.level = clampd((panel.h - top - bottom) / (s->levels + 0.5 + extra), 1, LEVEL_MAX * density) * zoom * stretch;
    if (s->count == 0) {
        c.x = c.y = 0;
        return c;
    }
    const tv_item *sel = &s->items[s->selected];
    /* Half a unit of margin at each side, half a level above the root and below the deepest. */
    c.x = centre_on(s->width + LEAF_UNITS, panel.w / c.unit, sel->x + LEAF_UNITS / 2) - LEAF_UNITS / 2;
    c.y = centre_on(s->levels + extra, (panel.h - top - bottom) / c.level, sel->level + 0.5) - 0.5 -
          (top - bottom) / 2 / c.level;
    return c;
}

int tv_radius(const tv_camera *c)
{
    double r = c->unit * 0.4 < c->level * 0.28 ? c->unit * 0.4 : c->level * 0.28;
    return r < 2 ? 2 : (int)r;
}

int tv_cross_half(const tv_camera *c)
{
    int half = tv_radius(c) / 2, most = (int)(c->unit * CROSS_STEP * 0.4);
    half = half < most ? half : most;
    return half < 2 ? 2 : half;
}

int tv_collapsed_height(int radius, uint64_t nodes)
{
    int h = radius * 2;
    for (uint64_t v = nodes; v > 8 && h < radius * 4; v /= 8)
        h += radius / 2; /* taller with each factor of 8 in queens placed */
    return h;
}

/* ---- labels ---- */

/* Where labels may not go: the discs and marks in view, and the labels placed so far. */
typedef struct taken {
    ui_rect *rects;
    int count; /* room for every mark, two labels an item and the root's */
} taken;

static bool overlaps(ui_rect a, ui_rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static bool inside(ui_rect r, ui_rect panel)
{
    return r.x >= panel.x && r.y >= panel.y && r.x + r.w <= panel.x + panel.w && r.y + r.h <= panel.y + panel.h;
}

/* The rectangle an item's mark covers (a disc, a cross, a triangle). */
static ui_rect mark_rect(const tv_camera *c, const tv_item *it, int x, int y, int radius)
{
    if (it->kind == TV_COLLAPSED)
        return (ui_rect){x - radius, y - radius, 2 * radius, tv_collapsed_height(radius, it->node.nodes)};
    int r = it->kind == TV_REJECTED ? tv_cross_half(c) : radius + 3;
    return (ui_rect){x - r, y - r, 2 * r + 1, 2 * r + 1};
}

/* A candidate label: its item, kind, whole and short text, and where its top centre goes (the
 * root's: over its disc, or else its left middle right of the disc, at (x2, y2)). */
typedef struct candidate {
    tv_label_kind kind;
    int item, x, y, x2, y2;
    uint64_t weight; /* among queens' labels: the larger subtree first */
    char whole[96], brief[32];
} candidate;

static int by_priority(const void *a, const void *b)
{
    const candidate *p = a, *q = b;
    if (p->kind != q->kind)
        return p->kind < q->kind ? -1 : 1;
    if (p->kind == TV_LABEL_QUEENS && p->weight != q->weight)
        return p->weight > q->weight ? -1 : 1;
    return p->item < q->item ? -1 : p->item > q->item;
}

/* Puts a candidate's text in its place (beside: the root's second place); true if it fits the panel
 * and meets nothing taken. */
static bool try_place(const candidate *c, const char *text, bool beside, ui_rect panel, int line, tv_measure measure,
                      void *ctx, const taken *t, tv_label *out)
{
    if (!text[0])
        return false;
    int w = measure(text, ctx);
    ui_rect r = beside ? (ui_rect){c->x2, c->y2 - line / 2, w, line} : (ui_rect){c->x - w / 2, c->y, w, line};
    if (!inside(r, panel))
        return false;
    for (int i = 0; i < t->count; i++)
        if (overlaps(r, t->rects[i]))
            return false;
    out->kind = c->kind;
    out->item = c->item;
    out->rect = r;
    snprintf(out->text, sizeof out->text, "%s", text);
    return true;
}

/* The number of queens in short: 999, 12k, 3M. */
static void brief_count(uint64_t v, char *buf, size_t size)
{
    if (v < 1000)
        snprintf(buf, size, "%llu", (unsigned long long)v);
    else if (v < 1000000)
        snprintf(buf, size, "%lluk", (unsigned long long)(v / 1000));
    else
        snprintf(buf, size, "%lluM", (unsigned long long)(v / 1000000));
}

int tv_labels(const tv_scene *s, const tv_camera *c, ui_rect panel, const char *root, int line, tv_measure measure,
              void *ctx, tv_label *out, int max)
{
    int radius = tv_radius(c), placed = 0, count = 0;
    taken t = {nq_alloc_check(calloc((size_t)s->count * 3 + 1, sizeof(ui_rect))), 0};
    candidate *cs = nq_alloc_check(calloc((size_t)s->count * 2 + 1, sizeof *cs));
    for (int i = 0; i < s->count; i++) {
        const tv_item *it = &s->items[i];
        int x, y;
        tv_item_point(c, panel, it, &x, &y);
        ui_rect m = mark_rect(c, it, x, y, radius);
        if (!overlaps(m, panel))
            continue;
        t.rects[t.count++] = m;
        const nq_tree_node *n = &it->node;
        int below = m.y + m.h + 1;
        if (i == 0 && root) {
            candidate *k = &cs[count++];
            *k = (candidate){TV_LABEL_ROOT, i, x, m.y - line - 1, m.x + m.w + radius, y, 0, "", ""};
            snprintf(k->whole, sizeof k->whole, "%s", root);
        }
        bool leaf_solution = it->kind == TV_NODE && (n->kind == NQ_TREE_SOLUTION ||
                                                     (n->depth > 0 && n->child_row < 0 && n->solutions));
        if (leaf_solution || (it->kind == TV_COLLAPSED && n->solutions)) {
            candidate *k = &cs[count++];
            *k = (candidate){TV_LABEL_SOLUTIONS, i, x, below, 0, 0, 0, "", ""};
            int len = snprintf(k->whole, sizeof k->whole, "#%llu", (unsigned long long)n->first_solution);
            snprintf(k->brief, sizeof k->brief, "#%llu", (unsigned long long)n->first_solution);
            if (n->solutions > 1 && it->kind == TV_COLLAPSED) {
                snprintf(k->whole + len, sizeof k->whole - (size_t)len, "-%llu",
                         (unsigned long long)(n->first_solution + n->solutions - 1));
                snprintf(k->brief + len, sizeof k->brief - (size_t)len, "+");
            }
        }
        if (it->kind == TV_COLLAPSED) {
            candidate *k = &cs[count++];
            *k = (candidate){TV_LABEL_QUEENS, i, x, below + (n->solutions ? line : 0), 0, 0, n->nodes, "", ""};
            nq_grouped(n->nodes, k->whole, sizeof k->whole);
            brief_count(n->nodes, k->brief, sizeof k->brief);
        }
    }
    qsort(cs, (size_t)count, sizeof *cs, by_priority);
    for (int i = 0; i < count && placed < max; i++) {
        tv_label *l = &out[placed];
        bool beside = cs[i].kind == TV_LABEL_ROOT; /* the root tries a second place, not a second text */
        if (try_place(&cs[i], cs[i].whole, false, panel, line, measure, ctx, &t, l) ||
            try_place(&cs[i], beside ? cs[i].whole : cs[i].brief, beside, panel, line, measure, ctx, &t, l)) {
            t.rects[t.count++] = l->rect;
            placed++;
        }
    }
    free(cs);
    free(t.rects);
    return placed;
}

void tv_item_point(const tv_camera *c, ui_rect panel, const tv_item *it, int *x, int *y)
{
    double down = it->kind == TV_REJECTED ? it->level - 1 + REJECTED_DROP : it->level;
    *x = panel.x + panel.w / 2 + (int)((it->x - c->x) * c->unit + (it->x >= c->x ? 0.5 : -0.5));
    *y = panel.y + panel.h / 2 + (int)((down - c->y) * c->level + (down >= c->y ? 0.5 : -0.5));
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
        bool rejected = s->items[i].kind == TV_REJECTED;
        double reach = rejected ? tv_cross_half(c) + 1 : LEAF_UNITS * c->unit / 2;
        double rise = (rejected ? REJECTED_DROP / 2 : 1.0 / 3) * c->level;
        double dx = x - px, dy = y - py;
        if (dx < -reach || dx > reach || dy < -rise || dy > rise)
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
