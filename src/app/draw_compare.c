/*
 * draw_compare.c -- the comparison table, in the panel in place of the figures: a row for each
 * complete method with its queens placed, failures, squares crossed off and time, then a line
 * for min-conflicts' median moves and one for the solutions every complete method found. The
 * figures are the model's (compare.c), filled in as each method finishes; a cell stays empty
 * until its method is done. The columns are laid out from the panel line's width and run from the
 * right where the language is written right to left.
 */
#include <stdio.h>

#include "draw.h"
#include "nq/i18n.h"

/* A cell of the comparison table on panel line `line`: column c (0 to 3) of col_w pixels, each
 * ended at its right with a gap before the next, or the methods' column (c = -1) of name_w. The
 * columns run from the left, or from the right where text is right to left. */
static void table_cell(const ui_assets *a, const ui_layout *l, int line, int c, int name_w, int col_w,
                       const char *s, SDL_Color color)
{
    ui_rect row = ui_layout_line(l, line);
    bool rtl = ui_text_rtl(a->text);
    int gap = l->panel_font / 2;
    if (c < 0) {
        draw_text_in_line(a, l, line, rtl ? row.x + row.w - name_w + gap : row.x, name_w - gap, s, color);
        return;
    }
    int size = draw_fitting_size(a, l->panel_font, col_w - gap, s), w = ui_text_width(a->text, size, s);
    int right = rtl ? row.x + row.w - name_w - c * col_w : row.x + name_w + (c + 1) * col_w;
    draw_text_in_line(a, l, line, right - w, w, s, color);
}

/* The table's columns: the methods' names take 36 percent of the line, and the four figure columns
 * (placed, failed, crossed, time) share the rest. */
enum { COMPARE_NAMES_PERCENT = 36, COMPARE_COLUMNS = 4 };

void draw_compare(const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    char buf[DRAW_TEXT_BYTES], cell[48];
    int line = UI_LINE_FIGURES;
    bool working = ex->compare.state == EX_SEARCHING;
    int column = ex->compare.first.column + 1, first_row = ex->compare.first.row + 1;
    if (ex->compare.has_first && working)
        /* TRANSLATORS: the heading of the comparison table while its searches run: the board size N, and
         * the pinned first queen's column,row. */
        snprintf(buf, sizeof buf, _("Compare, N = %d, pin %d,%d: working"), ex->compare.n, column, first_row);
    else if (ex->compare.has_first)
        /* TRANSLATORS: the heading of the comparison table: the board size N, and the pinned first queen's
         * column,row. */
        snprintf(buf, sizeof buf, _("Compare, N = %d, pin %d,%d"), ex->compare.n, column, first_row);
    else if (working)
        /* TRANSLATORS: the heading of the comparison table while its searches run: the board size N. */
        snprintf(buf, sizeof buf, _("Compare, N = %d: working"), ex->compare.n);
    else
        /* TRANSLATORS: the heading of the comparison table: the board size N. */
        snprintf(buf, sizeof buf, _("Compare, N = %d"), ex->compare.n);
    draw_panel_text(a, l, line++, buf, P.heading);
    ui_rect row = ui_layout_line(l, line);
    int name_w = row.w * COMPARE_NAMES_PERCENT / 100, col_w = (row.w - name_w) / COMPARE_COLUMNS;
    static const char *const heads[COMPARE_COLUMNS] = {
        /* TRANSLATORS: a column heading of the comparison table: queens placed. One short word. */
        N_("placed"),
        /* TRANSLATORS: a column heading of the comparison table: failures (dead ends and wipe-outs). One
         * short word. */
        N_("failed"),
        /* TRANSLATORS: a column heading of the comparison table: squares crossed off. One short word. */
        N_("crossed"),
        /* TRANSLATORS: a column heading of the comparison table: the time each search took. One short word. */
        N_("time"),
    };
    for (int c = 0; c < COMPARE_COLUMNS; c++) {
        table_cell(a, l, line, c, name_w, col_w, _(heads[c]), P.dim_text);
    }
    line++;
    for (int m = 0; m < NQ_METHOD_MINCONFLICTS; m++, line++) {
        table_cell(a, l, line, -1, name_w, col_w, _(nq_method_title((nq_method)m)), P.text);
        if (!ex->compare.known[m])
            continue;
        const nq_effort *e = &ex->compare.efforts[m];
        uint64_t values[3] = {e->nodes, e->dead_ends + e->wipe_outs, e->crossed};
        for (int c = 0; c < COMPARE_COLUMNS; c++) {
            if (c < 3 && (c != 2 || m != NQ_METHOD_BACKTRACK))
                ex_compact(values[c], cell, sizeof cell);
            else if (c < 3)
                snprintf(cell, sizeof cell, "-");
            else
                /* TRANSLATORS: seconds in the comparison table's time column, like "0.25 s". */
                snprintf(cell, sizeof cell, _("%.2f s"), e->seconds);
            table_cell(a, l, line, c, name_w, col_w, cell, P.text);
        }
    }
    const nq_effort *mc = &ex->compare.efforts[NQ_METHOD_MINCONFLICTS];
    if (ex->compare.known[NQ_METHOD_MINCONFLICTS]) {
        nq_grouped(mc->moves, cell, sizeof cell);
        snprintf(buf, sizeof buf,
                 /* TRANSLATORS: under the comparison table: the median moves min-conflicts took (grouped by
                  * thousands), then how many of its runs (each with another seed) found a solution. */
                 ngettext("Min-conflicts: %s move (median), %llu of %d solved",
                          "Min-conflicts: %s moves (median), %llu of %d solved", (unsigned long)mc->moves),
                 cell, (unsigned long long)mc->solutions, mc->seeds);
    } else {
        /* TRANSLATORS: under the comparison table, until min-conflicts' figure is known. */
        snprintf(buf, sizeof buf, _("Min-conflicts: moves to a solution"));
    }
    draw_panel_text(a, l, line++, buf, P.text);
    if (ex->compare.known[NQ_METHOD_BACKTRACK]) {
        nq_grouped(ex->compare.efforts[NQ_METHOD_BACKTRACK].solutions, cell, sizeof cell);
        /* TRANSLATORS: under the comparison table: the solutions every complete method found (the same
         * number for each); %s is grouped by thousands. */
        snprintf(buf, sizeof buf, _("Solutions: %s by each complete method"), cell);
        draw_panel_text(a, l, line, buf, P.dim_text);
    }
}
