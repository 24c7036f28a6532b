/*
 * draw_compare.c -- the comparison table, in the panel in place of the figures: its caption (the
 * board) over the methods' names and the column heads, a row for each complete method with its
 * queens placed, failures, squares crossed off and time, a line for min-conflicts' median moves
 * to its one solution, and under it the key that says what the columns count. The figures and the
 * words of the key and the time column are the model's (compare.c), filled in as each method
 * finishes; a cell shows "…" until its method is done. The columns are laid out from the panel
 * line's width and run from the right where the language is written right to left.
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

/* The table's caption, in its methods' column over their names: the board it is of. */
static void caption(const explorer *ex, char *buf, size_t size)
{
    if (ex->compare.has_first)
        /* TRANSLATORS: the caption of the comparison table, over the methods' names (short): the board size
         * N, and the pinned first queen's column,row. */
        snprintf(buf, size, _("N = %d, pin %d,%d"), ex->compare.n, ex->compare.first.column + 1,
                 ex->compare.first.row + 1);
    else
        snprintf(buf, size, "N = %d", ex->compare.n);
}

void draw_compare(const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    char buf[DRAW_TEXT_BYTES], cell[48];
    int line = UI_LINE_FIGURES;
    bool working = ex->compare.state == EX_SEARCHING;
    ui_rect row = ui_layout_line(l, line);
    int name_w = row.w * COMPARE_NAMES_PERCENT / 100, col_w = (row.w - name_w) / COMPARE_COLUMNS;
    caption(ex, buf, sizeof buf);
    table_cell(a, l, line, -1, name_w, col_w, buf, P.heading);
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
    for (int c = 0; c < COMPARE_COLUMNS; c++)
        table_cell(a, l, line, c, name_w, col_w, _(heads[c]), P.dim_text);
    line++;
    for (int m = 0; m < NQ_METHOD_MINCONFLICTS; m++, line++) {
        table_cell(a, l, line, -1, name_w, col_w, _(nq_method_title((nq_method)m)), P.text);
        const nq_effort *e = &ex->compare.efforts[m];
        uint64_t values[3] = {e->nodes, e->dead_ends + e->wipe_outs, e->crossed};
        for (int c = 0; c < COMPARE_COLUMNS; c++) {
            if (!ex->compare.known[m])
                snprintf(cell, sizeof cell, "%s", working ? "…" : "");
            else if (c < 3 && (c != 2 || m != NQ_METHOD_BACKTRACK))
                ex_compact(values[c], cell, sizeof cell);
            else if (c < 3)
                snprintf(cell, sizeof cell, "-");
            else
                ex_compare_time_text(e->seconds, cell, sizeof cell);
            table_cell(a, l, line, c, name_w, col_w, cell, ex->compare.known[m] ? P.text : P.dim_text);
        }
    }
    const nq_effort *mc = &ex->compare.efforts[NQ_METHOD_MINCONFLICTS];
    if (ex->compare.known[NQ_METHOD_MINCONFLICTS] && mc->solutions == (uint64_t)mc->seeds) {
        nq_grouped(mc->moves, cell, sizeof cell);
        snprintf(buf, sizeof buf,
                 /* TRANSLATORS: under the comparison table: min-conflicts looks for one solution only (the three
                  * methods above find them all), and the median moves it took to find it over its runs (each
                  * with another seed); %s is grouped by thousands. */
                 ngettext("Min-conflicts, one solution: %s move (median)",
                          "Min-conflicts, one solution: %s moves (median)", (unsigned long)mc->moves),
                 cell);
    } else if (ex->compare.known[NQ_METHOD_MINCONFLICTS]) {
        snprintf(buf, sizeof buf,
                 /* TRANSLATORS: under the comparison table: how many of min-conflicts' runs (each with another
                  * seed) found a solution, when some did not. */
                 ngettext("Min-conflicts: %llu of %d run found a solution",
                          "Min-conflicts: %llu of %d runs found a solution", (unsigned long)mc->seeds),
                 (unsigned long long)mc->solutions, mc->seeds);
    } else {
        /* TRANSLATORS: under the comparison table, until min-conflicts' figure is known: it looks for one
         * solution only. */
        snprintf(buf, sizeof buf, "%s", _("Min-conflicts: moves to one solution"));
    }
    draw_panel_text(a, l, line++, buf, P.text);
    ex_compare_key(buf, sizeof buf);
    draw_wrapped(a, l, line, UI_LINE_NARRATION - line, buf, P.dim_text);
}
