/*
 * draw_heat.c -- the heatmap's pixels: each square shaded by how many solutions put a queen on it,
 * the squares no solution uses veiled and crossed, the numbers in the squares' corners where they
 * fit, and the heatmap's lines in the panel (its heading, its legend, the square under the
 * pointer and the sum check). The numbers are the model's (heat.c); the squares are shaded only
 * while they are of the board shown, pin included. One colour scale serves the squares and the
 * legend's strip, so that the legend reads the board.
 */
#include <stdio.h>

#include "draw.h"
#include "nq/i18n.h"

/* A heatmap's numbers are written in squares at least this many points wide. */
enum { HEAT_NUMBERS_CELL = 28 };

/* The colour of a heatmap square holding count of at most max solutions: from the palette's colour
 * for few (a pale yellow in the dark theme) to its colour for the most (a strong red), colour and
 * opacity alike in proportion. */
static SDL_Color heat_color(uint64_t count, uint64_t max)
{
    double t = max ? (double)count / (double)max : 0;
    SDL_Color lo = P.heat_low, hi = P.heat_high;
    return (SDL_Color){(Uint8)(lo.r + (hi.r - lo.r) * t), (Uint8)(lo.g + (hi.g - lo.g) * t),
                       (Uint8)(lo.b + (hi.b - lo.b) * t), (Uint8)(lo.a + (hi.a - lo.a) * t)};
}

void draw_heat(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, bool numbers)
{
    const heat_map *h = &ex->heat;
    if (!ex_heat_shown(ex) || !heat_of(h, ex->n, ex->has_first ? &ex->first : NULL))
        return;
    if (numbers && l->cell < ui_layout_px(l, HEAT_NUMBERS_CELL))
        return;
    draw_board_frame f = draw_layout_board(l);
    int size = l->cell / 4 > SMALLEST_TEXT ? l->cell / 4 : SMALLEST_TEXT, lh = ui_text_line_height(a->text, size);
    for (int row = 0; row < l->n; row++)
        for (int col = 0; col < l->n; col++) {
            uint64_t count;
            if (!heat_get(h, (nq_square){col, row}, &count))
                continue;
            ui_rect sq = draw_board_square(&f, col, row);
            if (numbers && count > 0) {
                char num[32];
                ex_compact(count, num, sizeof num);
                int w = ui_text_width(a->text, size, num);
                if (w <= sq.w - 4) {
                    draw_fill(r, (ui_rect){sq.x + sq.w - w - 3, sq.y + sq.h - lh, w + 3, lh}, P.heat_label);
                    ui_text_draw(a->text, size, sq.x + sq.w - w - 2, sq.y + sq.h - lh, num, P.heat_text);
                }
            }
            if (numbers)
                continue;
            if (count == 0) {
                draw_fill(r, sq, P.heat_unused);
                int cx, cy;
                draw_centre(sq, &cx, &cy);
                draw_cross(r, cx, cy, sq.w / 4 > 2 ? sq.w / 4 : 2, P.dim_text);
                continue;
            }
            draw_fill(r, sq, heat_color(count, h->max));
        }
}

/* The heatmap's heading: its board size, the pinned queen if any, and how far the count got (current:
 * the heatmap is of the board shown). */
static void heat_title(const explorer *ex, bool current, char *buf, size_t size)
{
    const heat_map *h = &ex->heat;
    int n = ex->n, column = ex->first.column + 1, row = ex->first.row + 1, squares = n * n;
    bool counting = current && h->state == HEAT_COUNTING, stopped = current && h->state == HEAT_STOPPED;
    if (ex->has_first && counting)
        snprintf(buf, size,
                 /* TRANSLATORS: the heatmap's heading while it counts: board size N, the pinned queen's column,row,
                  * then how many of the board's squares are counted so far. */
                 ngettext("Heatmap, N = %d, queen at %d,%d: %d of %d square",
                          "Heatmap, N = %d, queen at %d,%d: %d of %d squares", (unsigned long)squares),
                 n, column, row, h->squares_known, squares);
    else if (ex->has_first && stopped)
        /* TRANSLATORS: the heatmap's heading once its count was stopped: board size N, the pinned queen's
         * column,row. */
        snprintf(buf, size, _("Heatmap, N = %d, queen at %d,%d: stopped"), n, column, row);
    else if (ex->has_first)
        /* TRANSLATORS: the heatmap's heading: board size N, the pinned queen's column,row. */
        snprintf(buf, size, _("Heatmap, N = %d, queen at %d,%d"), n, column, row);
    else if (counting)
        snprintf(buf, size,
                 /* TRANSLATORS: the heatmap's heading while it counts: board size N, then how many of the board's
                  * squares are counted so far. */
                 ngettext("Heatmap, N = %d: %d of %d square", "Heatmap, N = %d: %d of %d squares",
                          (unsigned long)squares),
                 n, h->squares_known, squares);
    else if (stopped)
        /* TRANSLATORS: the heatmap's heading once its count was stopped: board size N. */
        snprintf(buf, size, _("Heatmap, N = %d: stopped"), n);
    else
        /* TRANSLATORS: the heatmap's heading: board size N. */
        snprintf(buf, size, _("Heatmap, N = %d"), n);
}

/* The legend's strip keeps this many pixels from the numbers on either side of it, and the words
 * beside the mark of an unused square this many from the mark. */
enum { LEGEND_GAP_PX = 8, LEGEND_MARK_GAP_PX = 6 };
/* The most bytes a heatmap line in the panel takes: 200 characters of three bytes (its heading
 * names the board, the pin and how far the count got). */
enum { HEAT_TEXT_BYTES = 600 };

void draw_heat_panel(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    const heat_map *h = &ex->heat;
    char buf[HEAT_TEXT_BYTES], num[32], total[32];
    int line = UI_LINE_FIGURES;
    bool current = heat_of(h, ex->n, ex->has_first ? &ex->first : NULL);
    heat_title(ex, current, buf, sizeof buf);
    draw_panel_text(a, l, line++, buf, P.heading);

    /* The legend: "1" a strip "max" */
    ui_rect row = ui_layout_line(l, line);
    nq_grouped(h->max, num, sizeof num);
    int lo_w = ui_text_width(a->text, l->panel_font, "1"), hi_w = ui_text_width(a->text, l->panel_font, num);
    draw_text_in_line(a, l, line, row.x, lo_w, "1", P.text);
    int strip_x = row.x + lo_w + LEGEND_GAP_PX, strip_w = row.w - lo_w - hi_w - 2 * LEGEND_GAP_PX;
    draw_fill(r, (ui_rect){strip_x, row.y + row.h / 4, strip_w, row.h / 2}, P.light_square); /* as on the board */
    for (int x = 0; x < strip_w; x++)
        draw_fill(r, (ui_rect){strip_x + x, row.y + row.h / 4, 1, row.h / 2},
                  heat_color((uint64_t)x + 1, (uint64_t)(strip_w > 1 ? strip_w : 1)));
    draw_text_in_line(a, l, line++, row.x + row.w - hi_w, hi_w, current && h->max ? num : "?", P.text);

    row = ui_layout_line(l, line);
    ui_rect mark = {row.x, row.y + row.h / 6, row.h * 2 / 3, row.h * 2 / 3};
    draw_fill(r, mark, P.heat_unused);
    int cx, cy;
    draw_centre(mark, &cx, &cy);
    draw_cross(r, cx, cy, mark.w / 4, P.dim_text);
    nq_grouped((uint64_t)h->unused, num, sizeof num);
    if (h->state == HEAT_DONE)
        /* TRANSLATORS: the heatmap's legend, beside a crossed grey square: the squares no solution uses;
         * %s is grouped by thousands. */
        snprintf(buf, sizeof buf, ngettext("in no solution: %s square", "in no solution: %s squares",
                                           (unsigned long)h->unused), num);
    else
        /* TRANSLATORS: the heatmap's legend, beside a crossed grey square, while it counts: the squares
         * no solution uses so far; %s is grouped by thousands. */
        snprintf(buf, sizeof buf, ngettext("in no solution (%s square so far)", "in no solution (%s squares so far)",
                                           (unsigned long)h->unused), num);
    draw_text_in_line(a, l, line++, mark.x + mark.w + LEGEND_MARK_GAP_PX, row.w - mark.w - LEGEND_MARK_GAP_PX, buf,
                      P.text);

    uint64_t count;
    if (ex->has_hover && current && heat_get(h, ex->hover, &count)) {
        nq_grouped(count, num, sizeof num);
        snprintf(buf, sizeof buf,
                 /* TRANSLATORS: the heatmap's square under the pointer: its column and row, then how many solutions
                  * put a queen there (%s is grouped by thousands). */
                 ngettext("Column %d, row %d: %s solution", "Column %d, row %d: %s solutions",
                          (unsigned long)count),
                 ex->hover.column + 1, ex->hover.row + 1, num);
    } else if (ex->has_hover && current) {
        /* TRANSLATORS: the heatmap's square under the pointer (its column and row) is not counted yet. */
        snprintf(buf, sizeof buf, _("Column %d, row %d: not counted yet"), ex->hover.column + 1,
                 ex->hover.row + 1);
    } else {
        /* TRANSLATORS: the heatmap's hint: point the mouse at a square to see its number of solutions. */
        snprintf(buf, sizeof buf, _("Point at a square for its number."));
    }
    draw_panel_text(a, l, line++, buf, P.bright_text);

    if (current && h->state == HEAT_DONE) {
        nq_grouped(h->total, total, sizeof total);
        if (h->sums_agree)
            /* TRANSLATORS: the heatmap's check: each row's and each column's numbers add up to the number
             * of solutions, %s, grouped by thousands. */
            snprintf(buf, sizeof buf, _("Each row and column sums to %s."), total);
        else
            /* TRANSLATORS: the heatmap's check failed; %s is the number of solutions, grouped by thousands. */
            snprintf(buf, sizeof buf, _("Sum check failed: rows and columns do not all sum to %s."), total);
        draw_panel_text(a, l, line++, buf, P.text);
    }
}
