/*
 * draw_tree.c -- the search tree beside the board and the strip over it, where the model's scene
 * (treeview.c) and its camera put each item: edges, then the queens as discs with their column,
 * collapsed subtrees as triangles sized by the queens placed under them, rejected squares as
 * crosses, and the row each level fills at the left. Items outside the tree's panel are passed
 * over and the rest is clipped to it. Text shrinks with the discs down to the smallest size, and a
 * disc too small for its column's number is left bare.
 */
#include <stdio.h>

#include "draw.h"
#include "nq/i18n.h"

/* The most bytes of a row's label left of the tree ("row 12"): 24 characters of three bytes. */
enum { ROW_LABEL_BYTES = 72 };
/* The tree's text grows with its discs up to this many points. */
enum { TREE_TEXT_MOST_POINTS = 18 };

/* A triangle pointing down from (x, y), w across and h high: a collapsed subtree. */
static void triangle(SDL_Renderer *r, int x, int y, int w, int h, SDL_Color c)
{
    SDL_Vertex v[3] = {{{(float)x, (float)y}, c, {0, 0}},
                       {{(float)(x - w / 2), (float)(y + h)}, c, {0, 0}},
                       {{(float)(x + w / 2), (float)(y + h)}, c, {0, 0}}};
    SDL_RenderGeometry(r, NULL, v, 3, NULL, 0);
}

/* The colour a node is drawn in. */
static SDL_Color node_colour(const tv_item *it)
{
    if (it->on_path)
        return P.tree_path;
    switch (it->node.kind) {
    case NQ_TREE_SOLUTION: return P.tree_solution;
    case NQ_TREE_DEAD_END: return P.tree_dead_end;
    default: return it->node.solutions ? P.tree_solution : P.tree_node;
    }
}

/* The row each level of the scene stands for, left of the tree. */
static void draw_tree_rows(const ui_assets *a, const ui_layout *l, const tv_scene *s, const tv_camera *cam, int size,
                           bool ff)
{
    ui_rect panel = l->tree;
    int shown = -1;
    for (int i = 1; i < s->count; i++) {
        const tv_item *it = &s->items[i];
        if (it->level <= shown)
            continue;
        shown = it->level;
        int x, y;
        tv_item_point(cam, panel, it, &x, &y);
        char label[ROW_LABEL_BYTES];
        if (ff) /* its levels are not rows: each queen says its own */
            /* TRANSLATORS: left of a level of the search tree: the how-manieth queen placed. Very short. */
            snprintf(label, sizeof label, _("queen %d"), it->level);
        else
            /* TRANSLATORS: left of a level of the search tree: the board row it fills. Very short. */
            snprintf(label, sizeof label, _("row %d"),
                     (it->kind == TV_REJECTED ? it->node.child_row : it->node.row) + 1);
        if (y >= panel.y && y < panel.y + panel.h)
            ui_text_draw(a->text, draw_fitting_size(a, size, l->tree_labels.w - 4, label), l->tree_labels.x + 4,
                         y - ui_text_line_height(a->text, size) / 2, label, P.dim_text);
    }
}

/* One item: a disc with its column (gold on the path, ringed when selected), a triangle for a
 * collapsed subtree, an x for a rejected square; solution leaves carry their number. */
static void draw_tree_item(SDL_Renderer *r, const ui_assets *a, const tv_item *it, int x, int y, int radius,
                           int size, bool selected, bool compact, bool ff)
{
    char label[32];
    const nq_tree_node *n = &it->node;
    if (it->kind == TV_REJECTED) {
        draw_cross(r, x, y, radius / 2 > 2 ? radius / 2 : 2, P.tree_rejected);
        return;
    }
    if (it->kind == TV_COLLAPSED) {
        int h = radius * 2;
        for (uint64_t v = n->nodes; v > 8 && h < radius * 5; v /= 8)
            h += radius / 2; /* taller with each factor of 8 in queens placed */
        triangle(r, x, y - radius, radius * 2, h, n->solutions ? P.tree_solution : P.tree_collapsed);
        nq_grouped(n->nodes, label, sizeof label);
        draw_text_centred(a, size, x, y - radius + h + 1, label, P.dim_text);
        if (n->solutions) { /* which solutions it holds, by number */
            int len = snprintf(label, sizeof label, "#%llu", (unsigned long long)n->first_solution);
            if (n->solutions > 1)
                snprintf(label + len, sizeof label - (size_t)len, "-%llu",
                         (unsigned long long)(n->first_solution + n->solutions - 1));
            draw_text_centred(a, size, x, y - radius + h + 1 + ui_text_line_height(a->text, size), label,
                              P.tree_solution);
        }
        return;
    }
    if (selected)
        draw_disc(r, x, y, radius + 3, P.bright_text);
    draw_disc(r, x, y, radius, node_colour(it));
    if (n->depth > 0 && radius >= 6) {
        if (ff) /* first fail: the square, column then row, as the rows differ along a level */
            snprintf(label, sizeof label, "%d,%d", n->column + 1, n->row + 1);
        else
            snprintf(label, sizeof label, "%d", n->column + 1);
        int fit = draw_fitting_size(a, size, radius * 2, label);
        draw_text_centred(a, fit, x, y - ui_text_line_height(a->text, fit) / 2, label, P.background);
    }
    if (n->kind == NQ_TREE_DEAD_END && compact) /* else its row's rejected squares show it */
        draw_cross(r, x, y + radius + radius / 2 + 2, radius / 2, P.tree_dead_end);
    if (n->kind == NQ_TREE_SOLUTION || (n->depth > 0 && n->child_row < 0 && n->solutions)) {
        snprintf(label, sizeof label, "#%llu", (unsigned long long)n->first_solution);
        draw_text_centred(a, size, x, y + radius + 1, label, P.tree_solution);
    }
}

/* The strip over the tree: the root's children side by side, as wide as the queens placed under
 * each so far, green where solutions were found; the one being searched (or selected) framed. */
static void draw_overview(SDL_Renderer *r, const ui_layout *l, const tv_scene *s)
{
    ui_rect strip = l->tree_overview;
    draw_fill(r, strip, P.button);
    for (int i = 0; i < s->top_count; i++) {
        const tv_item *it = &s->items[s->top_items[i]];
        int from, to;
        tv_overview_segment(s, strip, i, &from, &to);
        if (to <= from)
            continue;
        ui_rect seg = {from, strip.y, to - from, strip.h};
        draw_fill(r, seg, it->node.solutions ? P.tree_solution : P.tree_collapsed);
        draw_set_color(r, P.background);
        SDL_RenderDrawLine(r, from, strip.y, from, strip.y + strip.h - 1);
        if (it->on_path)
            draw_outline(r, seg, 2, P.tree_path);
    }
}

void draw_tree(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    const tv_scene *s = &ex->tree_panel.scene;
    ui_rect panel = l->tree;
    if (!ex_tree_shown(ex) || panel.w <= 0 || s->count == 0)
        return;
    draw_overview(r, l, s);
    draw_fill(r, l->tree_labels, P.tree_background);
    draw_fill(r, panel, P.tree_background);
    SDL_RenderSetClipRect(r, &(SDL_Rect){panel.x, panel.y, panel.w, panel.h});
    tv_camera cam = ex_tree_camera(ex, panel, l->density);
    int radius = tv_radius(&cam), stroke = draw_frame_style.stroke;
    int most = ui_layout_px(l, TREE_TEXT_MOST_POINTS);
    int size = radius < 7 * stroke ? SMALLEST_TEXT : radius * 5 / 4 > most ? most : radius * 5 / 4;
    size = size < SMALLEST_TEXT ? SMALLEST_TEXT : size;
    for (int i = 1; i < s->count; i++) {
        const tv_item *it = &s->items[i];
        int x, y, px, py;
        tv_item_point(&cam, panel, it, &x, &y);
        tv_item_point(&cam, panel, &s->items[it->parent], &px, &py);
        bool path = it->on_path && s->items[it->parent].on_path;
        if (it->kind == TV_REJECTED)
            continue;
        draw_thick_line(r, px, py, x, y, path ? 3 * stroke : stroke, path ? P.tree_path : P.tree_edge);
    }
    for (int i = 0; i < s->count; i++) {
        int x, y;
        tv_item_point(&cam, panel, &s->items[i], &x, &y);
        if (x < panel.x - 2 * radius || x > panel.x + panel.w + 2 * radius || y < panel.y - 4 * radius ||
            y > panel.y + panel.h + 2 * radius)
            continue;
        draw_tree_item(r, a, &s->items[i], x, y, radius, size, i == s->selected, ex->tree_panel.compact,
                       ex->method == NQ_METHOD_FIRSTFAIL);
    }
    SDL_RenderSetClipRect(r, NULL);
    draw_tree_rows(a, l, s, &cam, SMALLEST_TEXT + ui_layout_px(l, 3), ex->method == NQ_METHOD_FIRSTFAIL);
}
