/*
 * draw_race.c -- the race: one lane for each method taking part, side by side where the layout
 * puts them, each with its method's name and place at the finish, its board as its search stands
 * (once it has finished, the last solution it found) and its figures below, which say what it
 * races to: all the solutions, the first, or min-conflicts' one. A lane's board is drawn by the
 * same functions as the window's board (draw_board.c), so a method looks the same in a lane as
 * when it is watched alone.
 */
#include "draw.h"

/* One lane: its method and place, its board, and its figures (the model's words, racing.c). */
static void draw_lane(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, int i)
{
    const race_lane *lane = &ex->racing.run.lane[i];
    const nq_trace *t = &lane->trace;
    ui_lane at = ui_layout_lane(l, ex->racing.run.lanes, i);
    char title[DRAW_TEXT_BYTES], figures[DRAW_TEXT_BYTES], goal[DRAW_TEXT_BYTES];
    ex_race_lane_words(ex, i, title, figures, goal, DRAW_TEXT_BYTES);
    draw_text_in(a, at.title.x, at.title.y, at.title.w, l->panel_font, title,
                 lane->place == 1 ? P.heading : P.bright_text);

    draw_board_frame f = {at.board, l->n, at.cell};
    draw_squares(r, &f);
    if (!lane->place) /* a finished lane shows its last solution, which needs no marks */
        draw_method_marks(r, a, &f, t, lane->steps ? &lane->last : NULL);
    draw_queens(r, a, &f, race_lane_board(lane), t->pinned_row);

    int lh = at.figures.h / 2;
    draw_text_in(a, at.figures.x, at.figures.y, at.figures.w, l->panel_font, figures, P.text);
    draw_text_in(a, at.figures.x, at.figures.y + lh, at.figures.w, l->panel_font, goal, P.text);
}

void draw_race(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    for (int i = 0; i < ex->racing.run.lanes; i++)
        draw_lane(r, a, l, ex, i);
}
