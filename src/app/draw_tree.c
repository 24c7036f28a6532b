/*
 * draw_tree.c -- the search tree beside the board and the strip over it, where the model's scene
 * (treeview.c) and its camera put each item: edges, then the queens as discs with their column,
 * collapsed subtrees as triangles sized by the queens placed under them, rejected squares as small
 * crosses at the end of a thin edge from the node they were tried under, and the row each level
 * fills at the left. The labels (the root's sentence, solution numbers, queens of collapsed
 * subtrees) go where tv_labels() finds room for them. Under the tree, the key to its colours
 * (ex_tree_key); over everything, the hover text of what the pointer is over. Items outside the
 * tree's panel are passed over and the rest is clipped to it. A disc keeps its column's number
 * while the number fits inside it; a smaller one is left bare, and hovering it names its square.
 */
#include <stdio.h>

#include "draw.h"
#include "nq/i18n.h"

/* The most bytes of a row's label left of the tree ("row 12"): 24 characters of three bytes. */
enum { ROW_LABEL_BYTES = 72 };
/* The tree's text grows with its discs up to this many points; a disc's number and the row labels
 * shrink down to TREE_TEXT_LEAST_POINTS to fit before they are left out. */
enum { TREE_TEXT_MOST_POINTS = 18, TREE_TEXT_LEAST_POINTS = 7 };
/* The most labels and key entries drawn. */
enum { TREE_LABELS_MOST = 512, TREE_KEY_MOST = 8 };
/* A hover text is at most this many points wide, and this many lines. */
enum { TIP_MOST_POINTS = 320, TIP_MOST_LINES = 6 };

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

/* The largest pixel size up to size at which s is at most w wide and h high; 0 below least. */
static int size_within(const ui_assets *a, int size, int least, int w, int h, const char *s)
{
    for (; size >= least; size--)
        if (ui_text_width(a->text, size, s) <= w && ui_text_line_height(a->text, size) <= h)
            return size;
    return 0;
}

/* The row each level of the scene stands for, left of the tree, as large as the levels' spacing
 * allows; a label that would run into the one above is left out. */
static void draw_tree_rows(const ui_assets *a, const ui_layout *l, const tv_scene *s, const tv_camera *cam, bool ff)
{
    ui_rect panel = l->tree;
    int most = SMALLEST_TEXT + ui_layout_px(l, 3), least = ui_layout_px(l, TREE_TEXT_LEAST_POINTS);
    int shown = -1, bottom = panel.y;
    for (int i = 1; i < s->count; i++) {
        const tv_item *it = &s->items[i];
        if (it->level <= shown)
            continue;
        shown = it->level;
        tv_item at_level = *it; /* a rejected square hangs above its row's level */
        at_level.kind = TV_NODE;
        int x, y;
        tv_item_point(cam, panel, &at_level, &x, &y);
        char label[ROW_LABEL_BYTES];
        if (ff) /* its levels are not rows: each queen says its own */
            /* TRANSLATORS: left of a level of the search tree: the how-manieth queen placed. Very short. */
            snprintf(label, sizeof label, _("queen %d"), it->level);
        else
            /* TRANSLATORS: left of a level of the search tree: the board row it fills. Very short. */
            snprintf(label, sizeof label, _("row %d"),
                     (it->kind == TV_REJECTED ? it->node.child_row : it->node.row) + 1);
        int size = size_within(a, most, least, l->tree_labels.w - 6, (int)cam->level, label);
        if (!size)
            continue;
        int h = ui_text_line_height(a->text, size), top = y - h / 2;
        if (top < bottom || top + h > panel.y + panel.h)
            continue;
        bottom = top + h;
        ui_text_draw_start(a->text, size, l->tree_labels.x + 3, l->tree_labels.w - 6, top, label, P.dim_text);
    }
}

/* One item: a disc with its column while it fits (gold on the path, ringed when selected), a
 * triangle for a collapsed subtree, an x for a rejected square. */
static void draw_tree_item(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const tv_camera *cam,
                           const tv_item *it, int x, int y, int size, bool selected, bool compact, bool ff)
{
    const nq_tree_node *n = &it->node;
    int radius = tv_radius(cam);
    if (it->kind == TV_REJECTED) {
        draw_cross(r, x, y, tv_cross_half(cam), P.tree_rejected);
        return;
    }
    if (it->kind == TV_COLLAPSED) {
        triangle(r, x, y - radius, radius * 2, tv_collapsed_height(radius, n->nodes),
                 n->solutions ? P.tree_solution : P.tree_collapsed);
        return;
    }
    if (selected)
        draw_disc(r, x, y, radius + 3, P.bright_text);
    draw_disc(r, x, y, radius, node_colour(it));
    if (n->depth > 0) {
        char label[32];
        if (ff) /* first fail: the square, column then row, as the rows differ along a level */
            snprintf(label, sizeof label, "%d,%d", n->column + 1, n->row + 1);
        else
            snprintf(label, sizeof label, "%d", n->column + 1);
        int fit = size_within(a, size, ui_layout_px(l, TREE_TEXT_LEAST_POINTS), radius * 2 - 2, radius * 2,
                              label);
        if (fit)
            draw_text_centred(a, fit, x, y - ui_text_line_height(a->text, fit) / 2, label, P.background);
    }
    if (n->kind == NQ_TREE_DEAD_END && compact) /* else its row's rejected squares show it */
        draw_cross(r, x, y + radius + radius / 2 + 2, radius / 2, P.tree_dead_end);
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

/* The width of text at the tree's label size (a tv_measure). */
typedef struct measuring {
    const ui_assets *a;
    int size;
} measuring;

static int measure(const char *text, void *ctx)
{
    const measuring *m = ctx;
    return ui_text_width(m->a->text, m->size, text);
}

/* The labels tv_labels() finds room for: the root's sentence, solution numbers, queens of collapsed
 * subtrees. */
static void draw_tree_labels(const ui_assets *a, const explorer *ex, ui_rect panel, const tv_camera *cam, int size)
{
    static tv_label labels[TREE_LABELS_MOST];
    char root[DRAW_TEXT_BYTES];
    ex_tree_root_text(ex, root, sizeof root);
    measuring m = {a, size};
    int count = tv_labels(&ex->tree_panel.scene, cam, panel, root, ui_text_line_height(a->text, size), measure, &m,
                          labels, TREE_LABELS_MOST);
    for (int i = 0; i < count; i++)
        ui_text_draw(a->text, size, labels[i].rect.x, labels[i].rect.y, labels[i].text,
                     labels[i].kind == TV_LABEL_SOLUTIONS ? P.tree_solution : P.dim_text);
}

/* One mark of the key, centred on (x, y), `half` pixels each way. */
static void draw_key_mark(SDL_Renderer *r, ex_tree_mark mark, int x, int y, int half)
{
    switch (mark) {
    case EX_TREE_MARK_STANDING: draw_disc(r, x, y, half, P.tree_path); break;
    case EX_TREE_MARK_SOLUTION: draw_disc(r, x, y, half, P.tree_solution); break;
    case EX_TREE_MARK_DEAD_END: draw_disc(r, x, y, half, P.tree_dead_end); break;
    case EX_TREE_MARK_FINISHED: draw_disc(r, x, y, half, P.tree_node); break;
    case EX_TREE_MARK_COLLAPSED: triangle(r, x, y - half, half * 2, half * 2, P.tree_collapsed); break;
    case EX_TREE_MARK_REJECTED: draw_cross(r, x, y, half * 2 / 3, P.tree_rejected); break;
    }
}

/* The key under the tree: a mark and its words for each entry, flowing along its lines (from the
 * right in a right-to-left language); what does not fit in its lines is left out. */
static void draw_tree_key(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    ui_rect key = l->tree_key;
    draw_fill(r, key, P.tree_background);
    ex_tree_key_entry entries[TREE_KEY_MOST];
    int count = ex_tree_key(ex, entries, TREE_KEY_MOST);
    int line = key.h / 2, half = line / 4, pad = ui_layout_px(l, 4);
    int size = SDL_max(SMALLEST_TEXT, SDL_min(l->panel_font, line * 2 / 3)); /* as the panel's text where it fits */
    int h = ui_text_line_height(a->text, size);
    bool rtl = ui_text_rtl(a->text);
    int x = pad, row = 0; /* x from the key's start */
    for (int i = 0; i < count; i++) {
        int w = 2 * half + pad / 2 + ui_text_width(a->text, size, entries[i].text);
        if (x + w > key.w - pad && x > pad) {
            x = pad;
            row++;
        }
        if (row >= 2 || w > key.w - 2 * pad)
            break;
        int y = key.y + row * line + line / 2;
        int mark_x = rtl ? key.x + key.w - x - half : key.x + x + half;
        int text_x = rtl ? key.x + key.w - x - w : key.x + x + 2 * half + pad / 2;
        draw_key_mark(r, entries[i].mark, mark_x, y, half);
        ui_text_draw(a->text, size, text_x, y - h / 2, entries[i].text, P.dim_text);
        x += w + 2 * pad;
    }
}

void draw_tip(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, ui_rect within, int x, int y, bool above,
              const char *text)
{
    int size = SMALLEST_TEXT + ui_layout_px(l, 2), pad = ui_layout_px(l, 4);
    int most = ui_layout_px(l, TIP_MOST_POINTS);
    int width = (within.w - 2 * pad < most ? within.w - 2 * pad : most) - 2 * pad;
    if (width < 1)
        return;
    size_t starts[TIP_MOST_LINES], lens[TIP_MOST_LINES];
    int lines = 0, widest = 0;
    for (const char *s = text; *s && lines < TIP_MOST_LINES; lines++) {
        size_t n = ui_text_fit(a->text, size, width, s);
        starts[lines] = (size_t)(s - text);
        lens[lines] = n;
        char part[DRAW_TEXT_BYTES];
        snprintf(part, sizeof part, "%.*s", (int)n, s);
        int w = ui_text_width(a->text, size, part);
        widest = w > widest ? w : widest;
        for (s += n; *s == ' '; s++)
            ;
    }
    int h = ui_text_line_height(a->text, size);
    ui_rect box = {x + pad, above ? y - lines * h - 3 * pad : y + 3 * pad, widest + 2 * pad, lines * h + 2 * pad};
    if (box.x + box.w > within.x + within.w)
        box.x = within.x + within.w - box.w;
    box.x = box.x < within.x ? within.x : box.x;
    if (box.y + box.h > l->window.y + l->window.h)
        box.y = y - box.h - 2 * pad;
    box.y = box.y < l->window.y ? l->window.y : box.y;
    draw_fill(r, box, P.button);
    draw_outline(r, box, 1, P.dim_text);
    for (int i = 0; i < lines; i++) {
        char part[DRAW_TEXT_BYTES];
        snprintf(part, sizeof part, "%.*s", (int)lens[i], text + starts[i]);
        ui_text_draw_start(a->text, size, box.x + pad, box.w - 2 * pad, box.y + pad + i * h, part, P.text);
    }
}

void draw_tree(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, ui_frame what)
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
    int least = ui_layout_px(l, TREE_TEXT_LEAST_POINTS);
    int size = radius * 5 / 4 > most ? most : radius * 5 / 4 < least ? least : radius * 5 / 4;
    for (int i = 1; i < s->count; i++) {
        const tv_item *it = &s->items[i];
        int x, y, px, py;
        tv_item_point(&cam, panel, it, &x, &y);
        tv_item_point(&cam, panel, &s->items[it->parent], &px, &py);
        bool path = it->on_path && s->items[it->parent].on_path;
        if (it->kind == TV_REJECTED) { /* a thin, faint edge that ends at the cross */
            SDL_Color faint = P.tree_rejected;
            faint.a = 120;
            draw_thick_line(r, px, py, x, y - tv_cross_half(&cam), stroke, faint);
        } else {
            draw_thick_line(r, px, py, x, y, path ? 3 * stroke : stroke, path ? P.tree_path : P.tree_edge);
        }
    }
    for (int i = 0; i < s->count; i++) {
        int x, y;
        tv_item_point(&cam, panel, &s->items[i], &x, &y);
        if (x < panel.x - 2 * radius || x > panel.x + panel.w + 2 * radius || y < panel.y - 4 * radius ||
            y > panel.y + panel.h + 2 * radius)
            continue;
        draw_tree_item(r, a, l, &cam, &s->items[i], x, y, size, i == s->selected, ex->tree_panel.compact,
                       ex->method == NQ_METHOD_FIRSTFAIL);
    }
    int label = SMALLEST_TEXT + ui_layout_px(l, 2);
    draw_tree_labels(a, ex, panel, &cam, size < SMALLEST_TEXT ? SMALLEST_TEXT : size > label ? label : size);
    SDL_RenderSetClipRect(r, NULL);
    draw_tree_rows(a, l, s, &cam, ex->method == NQ_METHOD_FIRSTFAIL);
    draw_tree_key(r, a, l, ex);
    char tip[DRAW_TEXT_BYTES];
    ex_tree_tip tipped = ex->tree_panel.tip;
    if (what == UI_FRAME_WINDOW && (tipped == EX_TIP_NODE || tipped == EX_TIP_STRIP) &&
        ex_tree_tip_text(ex, tip, sizeof tip)) {
        ui_rect all = {l->tree_overview.x, l->tree_overview.y, l->tree_overview.w,
                       l->tree_key.y + l->tree_key.h - l->tree_overview.y};
        draw_tip(r, a, l, all, ex->tree_panel.tip_x, ex->tree_panel.tip_y, false, tip);
    }
}
