/*
 * draw_board.c -- a board up to NQ_MAX_N, square by square: its numbers, the light and dark
 * squares, what the watched method knows at the step shown (the attacked squares shaded, the
 * squares crossed off, the conflicts counted, the step framed with a line to its cause), the
 * queens, the keyboard cursor and the "No solution" veil. Everything but the numbers and the veil
 * draws into a board frame (a corner, n and the size of a square) rather than the window's board,
 * so that a race lane and a board of a class are drawn by the same functions and show a method
 * exactly as the window's board does.
 */
#include <stdio.h>

#include "draw.h"
#include "nq/i18n.h"
#include "nq/minconflicts.h"

void draw_labels(const ui_assets *a, const ui_layout *l)
{
    char num[16];
    int lh = ui_text_line_height(a->text, l->label_font);
    for (int i = 0; i < l->n; i++) {
        /* Every label_every-th number, and 1 as well where the next one is far enough. */
        if ((i + 1) % l->label_every != 0 && !(i == 0 && l->label_every > 2))
            continue;
        snprintf(num, sizeof num, "%d", i + 1);
        int w = ui_text_width(a->text, l->label_font, num);
        int x = l->board.x + i * l->cell + (l->cell - w) / 2;
        ui_text_draw(a->text, l->label_font, x, l->top_labels.y + (l->top_labels.h - lh) / 2, num, P.dim_text);
        int y = l->board.y + i * l->cell + (l->cell - lh) / 2;
        ui_text_draw(a->text, l->label_font, l->left_labels.x + l->left_labels.w - w - 3, y, num, P.dim_text);
    }
}

draw_board_frame draw_layout_board(const ui_layout *l)
{
    return (draw_board_frame){l->board, l->n, l->cell};
}

int draw_frame_width(const draw_board_frame *f)
{
    int stroke = draw_frame_style.stroke;
    return f->cell > 24 * stroke ? 3 * stroke : stroke;
}

ui_rect draw_board_square(const draw_board_frame *f, int column, int row)
{
    return (ui_rect){f->board.x + column * f->cell, f->board.y + row * f->cell, f->cell, f->cell};
}

void draw_squares(SDL_Renderer *r, const draw_board_frame *f)
{
    for (int row = 0; row < f->n; row++)
        for (int col = 0; col < f->n; col++)
            draw_fill(r, draw_board_square(f, col, row), (row + col) % 2 ? P.dark_square : P.light_square);
}

/* Shades the squares the queens of cols attack. */
static void shade_rows(SDL_Renderer *r, const draw_board_frame *f, const int *cols, SDL_Color c)
{
    for (int row = 0; row < f->n; row++) {
        uint64_t attacked = nq_board_attacked_in_row(f->n, cols, row);
        for (int col = 0; col < f->n; col++)
            if (attacked >> col & 1)
                draw_fill(r, draw_board_square(f, col, row), c);
    }
}

/* In the one colour that means "the pointer", so the board's colours keep their meaning underneath. */
void draw_hover(SDL_Renderer *r, const draw_board_frame *f, nq_square at)
{
    int n = f->n, c = at.column, w = f->cell > 24 ? 2 : 1, x0, y0, x1, y1;
    /* Each line from the square's edge of the board to the other: a direction and how far back and
     * forward it reaches. */
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int d = 0; d < 4; d++) {
        int dc = dirs[d][0], dr = dirs[d][1], back = 0, ahead = 0;
        while (c - dc * (back + 1) >= 0 && at.row - dr * (back + 1) >= 0 && at.row - dr * (back + 1) < n)
            back++;
        while (c + dc * (ahead + 1) < n && at.row + dr * (ahead + 1) >= 0 && at.row + dr * (ahead + 1) < n)
            ahead++;
        if (!back && !ahead)
            continue;
        draw_centre(draw_board_square(f, c - dc * back, at.row - dr * back), &x0, &y0);
        draw_centre(draw_board_square(f, c + dc * ahead, at.row + dr * ahead), &x1, &y1);
        draw_thick_line(r, x0, y0, x1, y1, w, P.hover);
    }
    draw_outline(r, draw_board_square(f, c, at.row), draw_frame_width(f), P.hover);
}

/* What backtracking knows: the squares the queens attack shaded (what a propagating solver would
 * strike out), and the step: the tried square, a rejected square with a line to its attacker, the
 * dead-end row with a line from each square to what attacks it. */
static void draw_backtracking(SDL_Renderer *r, const draw_board_frame *f, const nq_trace *t, const nq_step *s)
{
    shade_rows(r, f, t->cols, P.attacked);
    if (!s)
        return;
    ui_rect sq = draw_board_square(f, s->column, s->row);
    int thickness = draw_frame_width(f);
    int x0, y0, x1, y1;
    if (s->kind == NQ_STEP_DEAD_END) {
        for (int col = 0; col < f->n; col++) {
            nq_step why;
            if (!nq_trace_attacker(t, s->row, col, &why))
                continue;
            ui_rect from = draw_board_square(f, col, s->row);
            draw_centre(from, &x0, &y0);
            draw_centre(draw_board_square(f, why.by_column, why.by_row), &x1, &y1);
            draw_outline(r, from, thickness, P.reject);
            draw_thick_line(r, x0, y0, x1, y1, 1, P.reject);
        }
    } else if (s->kind == NQ_STEP_TRY || s->kind == NQ_STEP_PLACE) {
        draw_outline(r, sq, thickness, P.tried);
    } else if (s->kind == NQ_STEP_REJECT) {
        draw_centre(sq, &x0, &y0);
        draw_centre(draw_board_square(f, s->by_column, s->by_row), &x1, &y1);
        draw_outline(r, sq, thickness, P.reject);
        draw_thick_line(r, x0, y0, x1, y1, thickness, P.reject);
    }
}

/* What forward checking and first fail know: an x on every square crossed off (bright for those the
 * step shown crossed off, with a line to the queen that did), the row a wipe-out emptied framed red,
 * the row first fail chose framed gold. */
static void draw_crossed(SDL_Renderer *r, const draw_board_frame *f, const nq_trace *t, const nq_step *s)
{
    int half = f->cell / 4 > 2 ? f->cell / 4 : 2, x0, y0, x1, y1;
    for (int row = 0; row < f->n; row++) {
        uint64_t crossed = nq_trace_crossed(t, row);
        for (int col = 0; col < f->n; col++) {
            if (!(crossed >> col & 1))
                continue;
            bool now = s && s->kind == NQ_STEP_CROSS && s->row == row && (s->squares >> col & 1);
            draw_centre(draw_board_square(f, col, row), &x0, &y0);
            draw_cross(r, x0, y0, half, now ? P.reject : P.crossed);
            if (now && f->cell >= 12) {
                draw_centre(draw_board_square(f, s->by_column, s->by_row), &x1, &y1);
                draw_thick_line(r, x0, y0, x1, y1, 1, P.reject);
            }
        }
    }
    if (!s)
        return;
    ui_rect row = {f->board.x, f->board.y + s->row * f->cell, f->board.w, f->cell};
    int thickness = draw_frame_width(f);
    if (s->kind == NQ_STEP_WIPE_OUT)
        draw_outline(r, row, thickness, P.reject);
    else if (s->kind == NQ_STEP_SELECT)
        draw_outline(r, row, thickness, P.tried);
    else if (s->kind == NQ_STEP_PLACE)
        draw_outline(r, draw_board_square(f, s->column, s->row), thickness, P.tried);
}

/* What min-conflicts knows: on every empty square the number of queens attacking it, a red ring
 * under each queen in conflict, and the step's queen framed (red when chosen, gold where it moved,
 * with a line from where it stood). */
static void draw_conflicts(SDL_Renderer *r, const ui_assets *a, const draw_board_frame *f, const nq_trace *t,
                           const nq_step *s)
{
    nq_mc_small small;
    nq_mc_small_set(&small, t->n, t->cols, t->pinned_row);
    int size = f->cell * 2 / 5, x, y;
    for (int row = 0; row < f->n; row++) {
        for (int col = 0; col < f->n; col++) {
            uint32_t attacks = nq_mc_attacks(&small.board, row, col);
            ui_rect sq = draw_board_square(f, col, row);
            draw_centre(sq, &x, &y);
            if (t->cols[row] == col) {
                if (attacks)
                    draw_disc(r, x, y, f->cell / 2 - 1, P.conflict);
            } else if (attacks && size >= SMALLEST_TEXT) {
                char count[12];
                snprintf(count, sizeof count, "%u", attacks);
                draw_text_centred(a, size, x, y - ui_text_line_height(a->text, size) / 2, count, P.conflict);
            }
        }
    }
    if (!s)
        return;
    int thickness = draw_frame_width(f);
    ui_rect sq = draw_board_square(f, s->column, s->row);
    if (s->kind == NQ_STEP_CONFLICT) {
        draw_outline(r, sq, thickness, P.reject);
    } else if (s->kind == NQ_STEP_MOVE || s->kind == NQ_STEP_PLACE) {
        draw_outline(r, sq, thickness, P.tried);
        if (s->kind == NQ_STEP_MOVE) {
            int x1, y1;
            draw_centre(sq, &x, &y);
            draw_centre(draw_board_square(f, s->by_column, s->row), &x1, &y1);
            draw_thick_line(r, x, y, x1, y1, thickness, P.tried);
        }
    }
}

void draw_method_marks(SDL_Renderer *r, const ui_assets *a, const draw_board_frame *f, const nq_trace *t,
                       const nq_step *s)
{
    switch ((nq_method)t->method) {
    case NQ_METHOD_BACKTRACK: draw_backtracking(r, f, t, s); break;
    case NQ_METHOD_FORWARD:
    case NQ_METHOD_FIRSTFAIL: draw_crossed(r, f, t, s); break;
    default: draw_conflicts(r, a, f, t, s); break;
    }
}

void draw_queens(SDL_Renderer *r, const ui_assets *a, const draw_board_frame *f, const int *cols, int pinned_row)
{
    for (int row = 0; row < f->n; row++)
        if (cols[row] >= 0)
            draw_queen(r, a, draw_board_square(f, cols[row], row), row == pinned_row);
}

/* The veil's text, sized from the board's width: "No solution" at a ninth of it, in at most nine
 * tenths of it; the reason under it at a 28th of it (12 pixels at least), in at most 19 twentieths. */
enum {
    VEIL_TITLE_SIZE_DIVISOR = 9,
    VEIL_TITLE_WIDTH_PERCENT = 90,
    VEIL_REASON_SIZE_DIVISOR = 28,
    VEIL_REASON_LEAST_PX = 12,
    VEIL_REASON_WIDTH_PERCENT = 95,
};

void draw_no_solution(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    draw_fill(r, l->board, P.veil);
    char reason[DRAW_TEXT_BYTES];
    ex_no_solution_reason(ex, reason, sizeof reason);
    /* TRANSLATORS: written large over a board on which no solution exists; the reason follows below. */
    const char *title = _("No solution");
    int width = l->board.w, reason_size = width / VEIL_REASON_SIZE_DIVISOR;
    int big = draw_fitting_size(a, width / VEIL_TITLE_SIZE_DIVISOR, width * VEIL_TITLE_WIDTH_PERCENT / 100, title);
    reason_size = reason_size < VEIL_REASON_LEAST_PX ? VEIL_REASON_LEAST_PX : reason_size;
    int small = draw_fitting_size(a, reason_size, width * VEIL_REASON_WIDTH_PERCENT / 100, reason);
    int y = l->board.y + l->board.h / 2 - big;
    int w = ui_text_width(a->text, big, title);
    ui_text_draw(a->text, big, l->board.x + (l->board.w - w) / 2, y, title, P.bright_text);
    w = ui_text_width(a->text, small, reason);
    ui_text_draw(a->text, small, l->board.x + (l->board.w - w) / 2, y + big * 3 / 2, reason, P.text);
}

void draw_board(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now,
                ui_frame what)
{
    if (draw_heat(r, a, l, ex, what)) /* the heatmap is a view of its own (draw_heat.c) */
        return;
    const int *board = ex_board(ex);
    draw_board_frame f = draw_layout_board(l);
    draw_squares(r, &f);
    /* The watched search as its method sees it; a solution shown gets nothing: it is complete. */
    ex_shown shown = ex_showing(ex);
    if (shown != EX_SHOWN_SOLUTION) {
        if (shown == EX_SHOWN_STEP)
            draw_method_marks(r, a, &f, &ex->moment.trace, ex->has_step ? &ex->step : NULL);
        else
            shade_rows(r, &f, board, P.attacked);
        if (what == UI_FRAME_WINDOW && ex->has_hover && board[ex->hover.row] != ex->hover.column)
            draw_hover(r, &f, ex->hover);
    }
    draw_queens(r, a, &f, board, ex->has_first ? ex->first.row : -1);
    if (what == UI_FRAME_WINDOW && ex_keys(ex) == EX_KEYS_PIN)
        draw_outline(r, ui_layout_square(l, ex->pin_cursor), l->cell > 16 ? 3 : 2, P.cursor);
    if (ex->flash_until > now && shown == EX_SHOWN_STEP)
        draw_fill(r, l->board, P.flash);
    if (ex_no_solution(ex))
        draw_no_solution(r, a, l, ex);
}
