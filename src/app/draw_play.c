/*
 * draw_play.c -- your turn on the board (play.h): the learner's queens, the squares they attack
 * shaded as the watch shades them, a refused square framed red with a line to the queen that
 * attacks it (as the watch draws a rejection), each square of a stuck row framed red and lined to
 * its attacker (as the watch draws a dead end), the hint framed in the step's gold, and a solved
 * board in the colour of a solution found. The same marks as the watch's, so the key under the
 * board (legend.c, from ex_play_marks) explains them; no sentence is composed here.
 */
#include "draw.h"
#include "legend.h"

/* A red frame on square with a line from its centre to the queen at by. */
static void draw_refusal(SDL_Renderer *r, const draw_board_frame *f, nq_square square, nq_square by, int thickness,
                         int line)
{
    int x0, y0, x1, y1;
    ui_rect sq = draw_board_square(f, square.column, square.row);
    draw_centre(sq, &x0, &y0);
    draw_centre(draw_board_square(f, by.column, by.row), &x1, &y1);
    draw_outline(r, sq, thickness, P.reject);
    draw_thick_line(r, x0, y0, x1, y1, line, P.reject);
}

void draw_play(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, ui_frame what)
{
    draw_board_frame f = draw_layout_board(l);
    const int *cols = ex_play_queens(ex, NULL);
    int thickness = draw_frame_width(&f);
    uint32_t marks = ex_play_marks(ex);
    draw_squares(r, &f);
    for (int row = 0; row < f.n && marks >> EX_MARK_ATTACKED & 1; row++) {
        uint64_t attacked = nq_board_attacked_in_row(f.n, cols, row);
        for (int col = 0; col < f.n; col++)
            if (attacked >> col & 1)
                draw_fill(r, draw_board_square(&f, col, row), P.attacked);
    }
    uint64_t stuck = ex_play_stuck_rows(ex);
    for (int row = 0; row < f.n; row++)
        for (int col = 0; stuck >> row & 1 && col < f.n; col++) {
            nq_square by;
            nq_line line;
            if (ex_play_attacker(ex, (nq_square){col, row}, &by, &line))
                draw_refusal(r, &f, (nq_square){col, row}, by, thickness, 1);
        }
    if (what == UI_FRAME_WINDOW && ex->has_hover && cols[ex->hover.row] != ex->hover.column)
        draw_hover(r, &f, ex->hover);
    ex_play_action last = ex_play_last(ex);
    if (marks >> EX_MARK_REJECTED & 1) /* over the pointer: the answer to the click under it */
        draw_refusal(r, &f, last.square, last.by, thickness, thickness);
    draw_queens(r, a, &f, cols, ex->has_first ? ex->first.row : -1);
    if (marks >> EX_MARK_HINT & 1) {
        nq_square at = ex_play_hint_now(ex).square;
        int frame = f.cell / 6 > thickness * 2 ? f.cell / 6 : thickness * 2; /* plain in small squares too */
        draw_outline(r, draw_board_square(&f, at.column, at.row), frame, P.tried);
    }
    if (marks >> EX_MARK_SOLUTION & 1) {
        draw_fill(r, l->board, P.flash);
        draw_outline(r, l->board, thickness * 2, P.flash_mark);
    }
}
