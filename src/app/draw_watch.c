/*
 * draw_watch.c -- the watched search's timeline bar under the board: how far the step shown is
 * into the run recorded so far, and where solutions were found. The bar is as wide as the board,
 * so one pixel column can stand for many steps; a column is marked when any of its steps found a
 * solution, so that no solution is lost to the scale. Steps and pixels are turned into each other
 * by the layout (ui_layout_timeline_x, ui_layout_timeline_step), as a click on the bar is. While
 * the pointer is on the bar, its hover text (ex_tree_tip_text) says what it is, over the board.
 */
#include "draw.h"

void draw_timeline(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    uint64_t length = ex_timeline_length(ex);
    ui_rect bar = l->timeline;
    if (ex->job != NQ_JOB_WATCH || bar.w < 2)
        return;
    draw_fill(r, bar, P.button);
    int x = ui_layout_timeline_x(l, ex->cursor, length);
    draw_fill(r, (ui_rect){bar.x, bar.y, x - bar.x, bar.h}, P.timeline_done);
    draw_set_color(r, P.flash_mark);
    for (int px = 0; px < bar.w; px++) {
        uint64_t from = ui_layout_timeline_step(l, bar.x + px, length);
        uint64_t to = ui_layout_timeline_step(l, bar.x + px + 1, length);
        if (ex_marked(ex, from > 0 ? from : 1, to))
            SDL_RenderDrawLine(r, bar.x + px, bar.y, bar.x + px, bar.y + bar.h - 1);
    }
    draw_fill(r, (ui_rect){x - 2, bar.y - 2, 5, bar.h + 4}, P.tried);
    char tip[DRAW_TEXT_BYTES];
    if (ex->tree_panel.tip == EX_TIP_TIMELINE && ex_tree_tip_text(ex, tip, sizeof tip))
        draw_tip(r, a, l, (ui_rect){bar.x, l->board.y, bar.w, bar.y - l->board.y}, ex->tree_panel.tip_x, bar.y, true,
                 tip);
}
