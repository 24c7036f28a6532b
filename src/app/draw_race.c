/*
 * draw_race.c -- the race: one lane for each method taking part, side by side where the layout
 * puts them, each with its method's name and place at the finish, its board as its search stands
 * and its figures below. A lane's board is drawn by the same functions as the window's board
 * (draw_board.c), so a method looks the same in a lane as when it is watched alone.
 */
#include <stdio.h>

#include "draw.h"
#include "nq/i18n.h"

/* One lane: its method and place, its board as its search stands, and its figures. */
static void draw_lane(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, int i)
{
    const race_lane *lane = &ex->racing.run.lane[i];
    const nq_trace *t = &lane->trace;
    ui_lane at = ui_layout_lane(l, ex->racing.run.lanes, i);
    char buf[DRAW_TEXT_BYTES], steps[32], placed[32], failures[32], found[32];
    const char *title = _(nq_method_title((nq_method)t->method));
    if (lane->place)
        /* TRANSLATORS: a lane of the race: the search method's name, then its place at the finish ("1st"). */
        snprintf(buf, sizeof buf, _("%s: %s"), title, race_place_name(lane->place));
    else
        snprintf(buf, sizeof buf, "%s", title);
    draw_text_in(a, at.title.x, at.title.y, at.title.w, l->panel_font, buf,
                 lane->place == 1 ? P.heading : P.bright_text);

    draw_board_frame f = {at.board, l->n, at.cell};
    draw_squares(r, &f);
    draw_method_marks(r, a, &f, t, lane->steps ? &lane->last : NULL);
    draw_queens(r, a, &f, t->cols, t->pinned_row);

    nq_grouped(lane->steps, steps, sizeof steps);
    nq_grouped(t->nodes, placed, sizeof placed);
    nq_grouped(t->dead_ends + t->wipe_outs, failures, sizeof failures);
    nq_grouped(t->method == NQ_METHOD_MINCONFLICTS ? t->moves : t->solutions, found, sizeof found);
    int lh = at.figures.h / 2;
    /* TRANSLATORS: under a lane of the race: steps taken and queens placed; both numbers are
     * already grouped by thousands. Keep it short. */
    snprintf(buf, sizeof buf, ngettext("%s step, %s placed", "%s steps, %s placed", (unsigned long)lane->steps),
             steps, placed);
    draw_text_in(a, at.figures.x, at.figures.y, at.figures.w, l->panel_font, buf, P.text);
    unsigned long moves = (unsigned long)t->moves;
    if (t->method == NQ_METHOD_MINCONFLICTS && nq_trace_gave_up(t))
        /* TRANSLATORS: under a min-conflicts lane: its moves (grouped by thousands), and it ran out of moves. */
        snprintf(buf, sizeof buf, ngettext("%s move: budget out", "%s moves: budget out", moves), found);
    else if (t->method == NQ_METHOD_MINCONFLICTS && t->solutions)
        /* TRANSLATORS: under a min-conflicts lane: its moves (grouped by thousands), and it found a solution. */
        snprintf(buf, sizeof buf, ngettext("%s move: solved", "%s moves: solved", moves), found);
    else if (t->method == NQ_METHOD_MINCONFLICTS)
        /* TRANSLATORS: under a min-conflicts lane: the moves it made so far (grouped by thousands). */
        snprintf(buf, sizeof buf, ngettext("%s move", "%s moves", moves), found);
    else
        snprintf(buf, sizeof buf,
                 /* TRANSLATORS: under a lane of the race: failures (dead ends and wipe-outs) and solutions found;
                  * both numbers are already grouped by thousands. Keep it short. */
                 ngettext("%s failure, %s found", "%s failures, %s found",
                          (unsigned long)(t->dead_ends + t->wipe_outs)),
                 failures, found);
    draw_text_in(a, at.figures.x, at.figures.y + lh, at.figures.w, l->panel_font, buf, P.text);
}

void draw_race(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    for (int i = 0; i < ex->racing.run.lanes; i++)
        draw_lane(r, a, l, ex, i);
}
