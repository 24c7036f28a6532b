/*
 * draw_heat.c -- the heatmap's pixels: a view of the board of its own, in the board's place while
 * the heatmap is shown and of the board as it is (pin included). Each square is painted opaque by
 * how many solutions put a queen on it, on one colour scale (palette.c) that the squares' own
 * colours and the search's marks never touch: the same number is the same colour on a light
 * square and a dark one, whatever the search is doing. The search's queens and marks are not
 * drawn over it; the pinned queen is, on its square, which is left out of the scale (every
 * solution holds it) so that the rest keeps its range. A square in no solution is the palest and
 * crossed; the numbers go in the squares' corners where they fit. The panel gets the heatmap's
 * lines (its heading, its legend, the square under the pointer and the sum check). The numbers are
 * the model's (heat.c).
 */
#include <stdio.h>

#include "draw.h"
#include "nq/i18n.h"

/* A heatmap's numbers are written in squares at least this many points wide. */
enum { HEAT_NUMBERS_CELL = 28 };

/* The square under the pointer: a dark frame with a white one inside it, seen on every colour of
 * the scale. */
static void draw_pointed(SDL_Renderer *r, const draw_board_frame *f, nq_square at)
{
    ui_rect sq = draw_board_square(f, at.column, at.row);
    int thick = sq.w > 24 ? 3 : 2;
    draw_outline(r, sq, thick, P.heat_text);
    draw_outline(r, (ui_rect){sq.x + thick, sq.y + thick, sq.w - 2 * thick, sq.h - 2 * thick}, 1,
                 (SDL_Color){255, 255, 255, 255});
}

/* A square's number in its corner, on a pale box, when it fits. */
static void draw_number(SDL_Renderer *r, const ui_assets *a, ui_rect sq, int size, uint64_t count)
{
    char num[32];
    ex_compact(count, num, sizeof num);
    int w = ui_text_width(a->text, size, num), lh = ui_text_line_height(a->text, size);
    if (w > sq.w - 4)
        return;
    draw_fill(r, (ui_rect){sq.x + sq.w - w - 3, sq.y + sq.h - lh, w + 3, lh}, P.heat_label);
    ui_text_draw(a->text, size, sq.x + sq.w - w - 2, sq.y + sq.h - lh, num, P.heat_text);
}

bool draw_heat(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, ui_frame what)
{
    const heat_map *h = &ex->heat;
    if (!ex_heat_view(ex))
        return false;
    draw_board_frame f = draw_layout_board(l);
    draw_squares(r, &f); /* what is not counted yet */
    bool numbers = l->cell >= ui_layout_px(l, HEAT_NUMBERS_CELL);
    int size = l->cell / 4 > SMALLEST_TEXT ? l->cell / 4 : SMALLEST_TEXT;
    for (int row = 0; row < l->n; row++)
        for (int col = 0; col < l->n; col++) {
            uint64_t count;
            nq_square at = {col, row};
            if (heat_pinned(h, at) || !heat_get(h, at, &count))
                continue;
            ui_rect sq = draw_board_square(&f, col, row);
            draw_fill(r, sq, ui_heat_color(&P, count, h->scale));
            if (count == 0) {
                int cx, cy;
                draw_centre(sq, &cx, &cy);
                draw_cross(r, cx, cy, sq.w / 4 > 2 ? sq.w / 4 : 2, P.heat_text);
            } else if (numbers) {
                draw_number(r, a, sq, size, count);
            }
        }
    if (ex->has_first)
        draw_queen(r, a, draw_board_square(&f, ex->first.column, ex->first.row), true);
    if (what == UI_FRAME_WINDOW && ex->has_hover)
        draw_pointed(r, &f, ex->hover);
    if (what == UI_FRAME_WINDOW && ex_keys(ex) == EX_KEYS_PIN)
        draw_outline(r, ui_layout_square(l, ex->pin_cursor), l->cell > 16 ? 3 : 2, P.cursor);
    if (ex_no_solution(ex))
        draw_no_solution(r, a, l, ex);
    return true;
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
 * beside the mark of an unused square (or of the pinned queen) this many from the mark. */
enum { LEGEND_GAP_PX = 8, LEGEND_MARK_GAP_PX = 6 };
/* The most bytes a heatmap line in the panel takes: 200 characters of three bytes (its heading
 * names the board, the pin and how far the count got). */
enum { HEAT_TEXT_BYTES = 600 };

/* A mark of the legend on panel line row: at its start, the left or (right to left) the right. */
static ui_rect legend_mark(const ui_assets *a, ui_rect row)
{
    int side = row.h * 2 / 3;
    return (ui_rect){ui_text_rtl(a->text) ? row.x + row.w - side : row.x, row.y + row.h / 6, side, side};
}

/* The words beside a legend's mark on line `line` (row). */
static void legend_words(const ui_assets *a, const ui_layout *l, int line, ui_rect row, const char *s)
{
    int skip = row.h * 2 / 3 + LEGEND_MARK_GAP_PX;
    draw_text_in_line(a, l, line, ui_text_rtl(a->text) ? row.x : row.x + skip, row.w - skip, s, P.text);
}

void draw_heat_panel(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    const heat_map *h = &ex->heat;
    char buf[HEAT_TEXT_BYTES], num[32], total[32];
    int line = UI_LINE_FIGURES;
    bool current = heat_of(h, ex->n, ex->has_first ? &ex->first : NULL);
    heat_title(ex, current, buf, sizeof buf);
    draw_panel_text(a, l, line++, buf, P.heading);

    /* The legend: "1" a strip "the most", over the squares without the pinned one. */
    ui_rect row = ui_layout_line(l, line);
    nq_grouped(h->scale, num, sizeof num);
    const char *most = current && h->scale ? num : "?";
    int lo_w = ui_text_width(a->text, l->panel_font, "1"), hi_w = ui_text_width(a->text, l->panel_font, most);
    draw_text_in_line(a, l, line, row.x, lo_w, "1", P.text);
    int strip_x = row.x + lo_w + LEGEND_GAP_PX, strip_w = row.w - lo_w - hi_w - 2 * LEGEND_GAP_PX;
    uint64_t top = h->scale > 1 ? h->scale : 2, last = strip_w > 1 ? (uint64_t)strip_w - 1 : 1;
    for (int x = 0; x < strip_w; x++)
        draw_fill(r, (ui_rect){strip_x + x, row.y + row.h / 4, 1, row.h / 2},
                  ui_heat_color(&P, 1 + (top - 1) * (uint64_t)x / last, top));
    draw_text_in_line(a, l, line++, row.x + row.w - hi_w, hi_w, most, P.text);

    row = ui_layout_line(l, line);
    ui_rect mark = legend_mark(a, row);
    draw_fill(r, mark, P.heat_unused);
    draw_outline(r, mark, 1, P.dim_text); /* the palest colour, seen on a light panel too */
    int cx, cy;
    draw_centre(mark, &cx, &cy);
    draw_cross(r, cx, cy, mark.w / 4, P.heat_text);
    nq_grouped((uint64_t)h->unused, num, sizeof num);
    if (h->state == HEAT_DONE)
        /* TRANSLATORS: the heatmap's legend, beside a crossed pale square: the squares no solution uses;
         * %s is grouped by thousands. */
        snprintf(buf, sizeof buf, ngettext("in no solution: %s square", "in no solution: %s squares",
                                           (unsigned long)h->unused), num);
    else
        /* TRANSLATORS: the heatmap's legend, beside a crossed pale square, while it counts: the squares
         * no solution uses so far; %s is grouped by thousands. */
        snprintf(buf, sizeof buf, ngettext("in no solution (%s square so far)", "in no solution (%s squares so far)",
                                           (unsigned long)h->unused), num);
    legend_words(a, l, line++, row, buf);

    if (ex->has_first) { /* the pinned queen's square: in every solution, so not on the scale */
        row = ui_layout_line(l, line);
        draw_queen(r, a, legend_mark(a, row), true);
        /* TRANSLATORS: the heatmap's legend, beside a small pinned queen: its square is in every solution,
         * so the colour scale leaves it out. */
        snprintf(buf, sizeof buf, "%s", _("pinned queen: in every solution, off the scale"));
        legend_words(a, l, line++, row, buf);
    }

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
