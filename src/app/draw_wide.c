/*
 * draw_wide.c -- a board above NQ_MAX_N, seen through the view the person zooms and pans: only what
 * is in view is drawn, so a frame costs the same whatever N. Few enough rows in view are drawn
 * queen by queen; more are drawn from the overview, the whole board in small. The small map has
 * marks of its own, a mark a queen at the map's size, so that every queen shows on it. The overview
 * and the map's marks (the assets' ui_overview) are what the drawing keeps between frames, made
 * again only when another solution is shown (or the map changes size).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"

/* A view showing more rows than this draws the overview rather than each row's queen. */
enum { WIDE_DIRECT_ROWS = 4096, OVERVIEW_MOST = 1024 };
/* Squares at least this many pixels wide are drawn light and dark; smaller ones as one colour. */
enum { WIDE_SQUARES_PX = 6, WIDE_QUEEN_IMAGE_PX = 12 };

void ui_overview_free(ui_overview *o)
{
    if (o && o->texture)
        SDL_DestroyTexture(o->texture);
    if (o && o->marks)
        SDL_DestroyTexture(o->marks);
    if (o)
        *o = (ui_overview){0};
}

/* The small map's marks for the solution shown, w x h, made again for another solution or size: a
 * mark of two by two pixels where each queen falls, so that every queen shows however many squares
 * a pixel of the map holds (the overview, stretched down to the map, would drop most of them). White
 * on clear, tinted when drawn, so that a theme needs no new picture. False when they cannot be made. */
static bool marks_ready(SDL_Renderer *r, ui_overview *o, const explorer *ex, int w, int h)
{
    if (!o || !ex->viewing || w <= 1 || h <= 1)
        return false;
    if (o->marks && o->marks_serial == ex->shown_serial && o->marks_w == w && o->marks_h == h)
        return true;
    if (!o->marks || o->marks_w != w || o->marks_h != h) {
        if (o->marks)
            SDL_DestroyTexture(o->marks);
        o->marks = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
        if (!o->marks)
            return false;
        SDL_SetTextureBlendMode(o->marks, SDL_BLENDMODE_BLEND);
        o->marks_w = w;
        o->marks_h = h;
    }
    void *pixels;
    int pitch;
    if (SDL_LockTexture(o->marks, NULL, &pixels, &pitch) != 0)
        return false;
    for (int y = 0; y < h; y++)
        memset((unsigned char *)pixels + (size_t)y * pitch, 0, (size_t)w * 4);
    for (int row = 0; row < ex->n; row++) {
        int x = (int)((int64_t)ex->shown[row] * w / ex->n), y = (int)((int64_t)row * h / ex->n);
        x = x < w - 1 ? x : w - 2;
        y = y < h - 1 ? y : h - 2;
        for (int dy = 0; dy < 2; dy++) {
            uint32_t *line = (uint32_t *)((unsigned char *)pixels + (size_t)(y + dy) * pitch);
            line[x] = line[x + 1] = 0xFFFFFFFFu;
        }
    }
    SDL_UnlockTexture(o->marks);
    o->marks_serial = ex->shown_serial;
    return true;
}

/* The overview of the solution shown, made again if it is of another one. False when it cannot be
 * made (then it is not drawn). */
static bool overview_ready(SDL_Renderer *r, ui_overview *o, const explorer *ex)
{
    if (!o || !ex->viewing)
        return false;
    if (o->texture && o->serial == ex->shown_serial)
        return true;
    int side = ex->n < OVERVIEW_MOST ? ex->n : OVERVIEW_MOST;
    if (!o->texture || o->side != side) {
        ui_overview_free(o);
        o->texture = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, side, side);
        if (!o->texture)
            return false;
        o->side = side;
    }
    void *pixels;
    int pitch;
    if (SDL_LockTexture(o->texture, NULL, &pixels, &pitch) != 0)
        return false;
    uint16_t *counts = calloc((size_t)side * side, sizeof *counts);
    if (counts) {
        for (int row = 0; row < ex->n; row++) {
            size_t at = (size_t)((int64_t)row * side / ex->n) * side + (size_t)((int64_t)ex->shown[row] * side / ex->n);
            if (counts[at] < UINT16_MAX)
                counts[at]++;
        }
    }
    /* Empty texels are the board's light colour; a texel with queens darkens towards the queens'
     * colour as it holds more of the queens its rows could hold. */
    double full = (double)ex->n / side;
    for (int y = 0; y < side; y++) {
        uint32_t *line = (uint32_t *)((unsigned char *)pixels + (size_t)y * pitch);
        for (int x = 0; x < side; x++) {
            double t = counts ? counts[(size_t)y * side + x] / (full > 4 ? full / 4 : 1) : 0;
            t = t > 1 ? 1 : t > 0 ? 0.45 + 0.55 * t : 0;
            SDL_Color a = P.light_square, b = P.wide_queen;
            uint32_t red = (uint32_t)(a.r + (b.r - a.r) * t), green = (uint32_t)(a.g + (b.g - a.g) * t),
                     blue = (uint32_t)(a.b + (b.b - a.b) * t);
            line[x] = 0xFF000000u | red << 16 | green << 8 | blue;
        }
    }
    free(counts);
    SDL_UnlockTexture(o->texture);
    o->serial = ex->shown_serial;
    return true;
}

static SDL_Rect sdl_rect(ui_rect r)
{
    return (SDL_Rect){r.x, r.y, r.w, r.h};
}

/* The numbers every label_every squares in view (and 1), each over the middle of its square. */
static void draw_wide_labels(const ui_assets *a, const ui_layout *l)
{
    int c0, c1, r0, r1;
    ui_layout_visible(l, &c0, &c1, &r0, &r1);
    int lh = ui_text_line_height(a->text, l->label_font), step = l->label_every;
    char num[16];
    for (int axis = 0; axis < 2; axis++) {
        int from = axis ? r0 : c0, to = axis ? r1 : c1;
        int last_end = -1000000;
        for (int i = from / step * step - 1; i <= to; i += step) {
            int k = i < 0 ? 0 : i; /* square k is numbered k + 1: the numbers step, 2 step ... and 1 */
            if (k < from)
                continue;
            snprintf(num, sizeof num, "%d", k + 1);
            int w = ui_text_width(a->text, l->label_font, num);
            ui_rect sq = ui_layout_square(l, axis ? (nq_square){0, k} : (nq_square){k, 0});
            if (axis == 0) {
                int x = sq.x + (sq.w - w) / 2;
                if (x < last_end + 4 || x < l->top_labels.x - w / 2 || x + w > l->top_labels.x + l->top_labels.w + 2)
                    continue;
                last_end = x + w;
                ui_text_draw(a->text, l->label_font, x, l->top_labels.y + (l->top_labels.h - lh) / 2, num, P.dim_text);
            } else {
                int y = sq.y + (sq.h - lh) / 2;
                if (y < last_end + 2 || y < l->left_labels.y - lh / 2 ||
                    y + lh > l->left_labels.y + l->left_labels.h + lh / 2)
                    continue;
                last_end = y + lh;
                ui_text_draw(a->text, l->label_font, l->left_labels.x + l->left_labels.w - w - 3, y, num, P.dim_text);
            }
        }
    }
}

/* The pinned queen, findable at any zoom: its square, and a ring around it at least a few pixels
 * across. */
static void draw_wide_pin(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    if (!ex->has_first)
        return;
    ui_rect sq = ui_layout_square(l, ex->first);
    if (sq.w >= WIDE_QUEEN_IMAGE_PX) {
        draw_queen(r, a, sq, true);
        return;
    }
    int cx, cy;
    draw_centre(sq, &cx, &cy);
    int radius = sq.w / 2 > 4 ? sq.w / 2 : 4;
    draw_disc(r, cx, cy, radius + 3, P.bright_text);
    draw_disc(r, cx, cy, radius + 1, P.pinned);
}

/* The small map: the whole board with a mark where each queen is, the view framed on it, the pinned
 * queen as a dot. */
static void draw_minimap(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    ui_rect m = l->minimap;
    if (m.w <= 0)
        return;
    draw_fill(r, (ui_rect){m.x - 3, m.y - 3, m.w + 6, m.h + 6}, P.panel);
    draw_fill(r, m, P.light_square);
    if (marks_ready(r, a->overview, ex, m.w, m.h)) {
        SDL_Rect to = sdl_rect(m);
        SDL_SetTextureColorMod(a->overview->marks, P.wide_queen.r, P.wide_queen.g, P.wide_queen.b);
        SDL_RenderCopy(r, a->overview->marks, NULL, &to);
    }
    int c0, c1, r0, r1;
    ui_layout_visible(l, &c0, &c1, &r0, &r1);
    double k = (double)m.w / l->n;
    int x0 = m.x + (int)(c0 * k), y0 = m.y + (int)(r0 * k);
    int x1 = m.x + (int)((c1 + 1) * k), y1 = m.y + (int)((r1 + 1) * k);
    draw_outline(r, (ui_rect){x0 - 1, y0 - 1, x1 - x0 + 3, y1 - y0 + 3}, 2, P.cursor);
    if (ex->has_first)
        draw_disc(r, m.x + (int)((ex->first.column + 0.5) * k), m.y + (int)((ex->first.row + 0.5) * k), 3, P.pinned);
}

/* A board above NQ_MAX_N through the view: only what is in view is drawn, row by row when few
 * enough rows show, else from the overview; then the pinned queen, the keyboard cursor, the
 * square under the pointer and the small map. */
static void draw_wide_board(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex,
                            ui_frame what)
{
    SDL_Rect clip = sdl_rect(l->board);
    SDL_RenderSetClipRect(r, &clip);
    int c0, c1, r0, r1;
    ui_layout_visible(l, &c0, &c1, &r0, &r1);
    bool overview = overview_ready(r, a->overview, ex);
    bool direct = r1 - r0 < WIDE_DIRECT_ROWS || !overview;
    if (l->scale >= WIDE_SQUARES_PX) {
        for (int row = r0; row <= r1; row++)
            for (int col = c0; col <= c1; col++)
                draw_fill(r, ui_layout_square(l, (nq_square){col, row}),
                          (row + col) % 2 ? P.dark_square : P.light_square);
    } else if (ex->viewing && !direct) {
        /* The texels of the squares in view, stretched over those squares' pixels. */
        int side = a->overview->side;
        int tx0 = (int)((int64_t)c0 * side / l->n), ty0 = (int)((int64_t)r0 * side / l->n);
        int tx1 = (int)((int64_t)c1 * side / l->n), ty1 = (int)((int64_t)r1 * side / l->n);
        SDL_Rect from = {tx0, ty0, tx1 - tx0 + 1, ty1 - ty0 + 1};
        ui_rect first =
            ui_layout_square(l, (nq_square){(int)((int64_t)tx0 * l->n / side), (int)((int64_t)ty0 * l->n / side)});
        ui_rect last = ui_layout_square(l, (nq_square){(int)((int64_t)(tx1 + 1) * l->n / side) - 1,
                                                      (int)((int64_t)(ty1 + 1) * l->n / side) - 1});
        SDL_Rect to = {first.x, first.y, last.x + last.w - first.x, last.y + last.h - first.y};
        SDL_RenderCopy(r, a->overview->texture, &from, &to);
    } else {
        draw_fill(r, l->board, P.light_square);
    }
    if (ex->viewing && direct) {
        for (int row = r0; row <= r1; row++) {
            int col = ex->shown[row];
            if (col < c0 || col > c1)
                continue;
            ui_rect sq = ui_layout_square(l, (nq_square){col, row});
            if (sq.w >= WIDE_QUEEN_IMAGE_PX) {
                draw_queen(r, a, sq, false);
                continue;
            }
            ui_rect inset = {sq.x + sq.w / 6, sq.y + sq.h / 6, sq.w - sq.w / 3, sq.h - sq.h / 3};
            draw_fill(r, sq.w >= 3 ? inset : sq, P.wide_queen);
        }
    }
    draw_wide_pin(r, a, l, ex);
    if (what == UI_FRAME_WINDOW && ex_keys(ex) == EX_KEYS_PIN)
        draw_outline(r, ui_layout_square(l, ex->pin_cursor), 2, P.cursor);
    if (what == UI_FRAME_WINDOW && ex->has_hover && l->scale >= 4)
        draw_outline(r, ui_layout_square(l, ex->hover), 1, P.hover);
    SDL_RenderSetClipRect(r, NULL);
    if (what == UI_FRAME_WINDOW)
        draw_minimap(r, a, l, ex);
    if (ex_no_solution(ex))
        draw_no_solution(r, a, l, ex);
}

void draw_wide(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, ui_frame what)
{
    draw_wide_labels(a, l);
    draw_wide_board(r, a, l, ex, what);
}
