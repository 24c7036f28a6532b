/*
 * draw_legend.c -- the key to the board's marks, under the timeline: for each mark ex_legend()
 * says is on the board, a small square drawn the way the board draws that mark, and its words.
 * The entries flow in reading order (from the right in a right-to-left language) over the
 * layout's UI_LEGEND_ROWS rows, each row centred, at the panel's text size, or smaller (never below the smallest
 * text) when that is what it takes to show them all; what still does not fit is left out from
 * the end, where the least needed marks stand (the pointer, the cursor).
 */
#include "draw.h"
#include "legend.h"

/* Marks drawn over a whole row on the board get a swatch two squares wide. */
static bool row_mark(ex_mark m)
{
    return m == EX_MARK_DEAD_END || m == EX_MARK_WIPE_OUT || m == EX_MARK_CHOSEN_ROW || m == EX_MARK_HEAT;
}

/* The swatch of mark m in the rectangle sw (one or two squares of side sw.h). */
static void draw_swatch(SDL_Renderer *r, const ui_assets *a, ui_rect sw, ex_mark m)
{
    int thick = sw.h > 24 ? 3 : 2, x, y;
    ui_rect square = {sw.x, sw.y, sw.h, sw.h};
    draw_fill(r, sw, P.light_square);
    draw_centre(square, &x, &y);
    switch (m) {
    case EX_MARK_QUEEN: draw_queen(r, a, square, false); break;
    case EX_MARK_PINNED: draw_queen(r, a, square, true); break;
    case EX_MARK_ATTACKED: draw_fill(r, sw, P.attacked); break;
    case EX_MARK_TRYING:
    case EX_MARK_JUST_PLACED: draw_outline(r, square, thick, P.tried); break;
    case EX_MARK_REJECTED:
        draw_outline(r, square, thick, P.reject);
        draw_thick_line(r, x, y, sw.x + sw.w, sw.y, thick, P.reject);
        break;
    case EX_MARK_DEAD_END:
        for (int i = 0; i < 2; i++) {
            ui_rect one = {sw.x + i * sw.h, sw.y, sw.h, sw.h};
            draw_outline(r, one, thick, P.reject);
        }
        break;
    case EX_MARK_CROSSED: draw_cross(r, x, y, sw.h / 4, P.crossed); break;
    case EX_MARK_CROSSING:
        draw_cross(r, x, y, sw.h / 4, P.reject);
        draw_thick_line(r, x, y, sw.x + sw.w, sw.y, 1, P.reject);
        break;
    case EX_MARK_WIPE_OUT: draw_outline(r, sw, thick, P.reject); break;
    case EX_MARK_CHOSEN_ROW: draw_outline(r, sw, thick, P.tried); break;
    case EX_MARK_ATTACK_COUNT: draw_text_centred(a, sw.h * 4 / 5, x, sw.y + sw.h / 10, "2", P.conflict); break;
    case EX_MARK_IN_CONFLICT:
        draw_disc(r, x, y, sw.h / 2 - 1, P.conflict);
        draw_queen(r, a, square, false);
        break;
    case EX_MARK_TO_MOVE:
        draw_queen(r, a, square, false);
        draw_outline(r, square, thick, P.reject);
        break;
    case EX_MARK_MOVED:
        draw_queen(r, a, square, false);
        draw_outline(r, square, thick, P.tried);
        break;
    case EX_MARK_SOLUTION: draw_fill(r, sw, P.flash_mark); break;
    case EX_MARK_POINTER:
        draw_thick_line(r, sw.x, y, sw.x + sw.w, y, 1, P.hover);
        draw_thick_line(r, x, sw.y, x, sw.y + sw.h, 1, P.hover);
        draw_outline(r, square, thick, P.hover);
        break;
    case EX_MARK_CURSOR: draw_outline(r, square, thick, P.cursor); break;
    case EX_MARK_HINT: draw_outline(r, square, thick, P.tried); break;
    case EX_MARK_HEAT:
        for (int i = 0; i < sw.w; i++) {
            SDL_Color lo = P.heat_low, hi = P.heat_high;
            double t = sw.w > 1 ? (double)i / (sw.w - 1) : 1;
            SDL_Color c = {(Uint8)(lo.r + (hi.r - lo.r) * t), (Uint8)(lo.g + (hi.g - lo.g) * t),
                           (Uint8)(lo.b + (hi.b - lo.b) * t), (Uint8)(lo.a + (hi.a - lo.a) * t)};
            draw_fill(r, (ui_rect){sw.x + i, sw.y, 1, sw.h}, c);
        }
        break;
    case EX_MARK_COUNT: break;
    }
}

/* One entry's width at size: the swatch, a gap, the words. */
static int entry_width(const ui_assets *a, int size, ex_mark m)
{
    int side = ui_text_line_height(a->text, size) * 4 / 5;
    return side * (row_mark(m) ? 2 : 1) + size / 2 + ui_text_width(a->text, size, ex_mark_words(m));
}

/* How many of the n marks fit in rows rows of width w at size, in order. */
static int fitting(const ui_assets *a, int size, int w, int rows, const ex_mark *marks, int n)
{
    int row = 0, x = 0, gap = size;
    for (int i = 0; i < n; i++) {
        int width = entry_width(a, size, marks[i]);
        if (x > 0 && x + width > w) {
            row++;
            x = 0;
        }
        if (row >= rows || width > w)
            return i;
        x += width + gap;
    }
    return n;
}

void draw_legend(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now,
                 ui_frame what)
{
    uint32_t set = ex_legend(ex, now);
    if (what != UI_FRAME_WINDOW) /* the pointer and the cursor are not in a saved picture */
        set &= ~(1u << EX_MARK_POINTER | 1u << EX_MARK_CURSOR);
    if (!set || l->legend.h <= 0)
        return;
    ex_mark marks[EX_MARK_COUNT];
    int n = 0;
    for (int m = 0; m < EX_MARK_COUNT; m++)
        if (set >> m & 1)
            marks[n++] = (ex_mark)m;
    int rows = UI_LEGEND_ROWS, size = l->panel_font;
    while (size > SMALLEST_TEXT && fitting(a, size, l->legend.w, rows, marks, n) < n)
        size--;
    int shown = fitting(a, size, l->legend.w, rows, marks, n);
    int line = l->legend.h / rows, height = ui_text_line_height(a->text, size), side = height * 4 / 5;
    bool rtl = ui_text_rtl(a->text);
    /* Each row's width, to centre it under the board. */
    int row_w[UI_LEGEND_ROWS] = {0}, row = 0, x = 0, gap = size;
    for (int i = 0; i < shown; i++) {
        int width = entry_width(a, size, marks[i]);
        if (x > 0 && x + width > l->legend.w) {
            row++;
            x = 0;
        }
        row_w[row] = x + width;
        x += width + gap;
    }
    row = x = 0;
    for (int i = 0; i < shown; i++) {
        int width = entry_width(a, size, marks[i]);
        if (x > 0 && x + width > l->legend.w) {
            row++;
            x = 0;
        }
        int y = l->legend.y + row * line + (line - height) / 2, indent = (l->legend.w - row_w[row]) / 2;
        int sw_w = side * (row_mark(marks[i]) ? 2 : 1);
        int left = rtl ? l->legend.x + l->legend.w - indent - x - width : l->legend.x + indent + x;
        ui_rect sw = {rtl ? left + width - sw_w : left, y + (height - side) / 2, sw_w, side};
        draw_swatch(r, a, sw, marks[i]);
        int text_x = rtl ? left : left + sw_w + size / 2;
        ui_text_draw(a->text, size, text_x, y, ex_mark_words(marks[i]), P.text);
        x += width + gap;
    }
}
