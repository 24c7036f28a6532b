/*
 * draw_classes.c -- the class of the solution shown, in the board's place: each distinct board
 * that a turn or a mirror image of it makes, with its number among all solutions and the words for
 * what turns the shown one into it. The model works out the class (ex_variants); here its boards
 * are drawn in the layout's lanes, the same rectangles a click on one of them is tested against
 * (input.c), with the lane's board drawn by the functions of the window's board (draw_board.c).
 * The words under a board take its two lines where one is too narrow ("mirrored left to right").
 */
#include <stdio.h>

#include "draw.h"
#include "nq/i18n.h"

/* The words under a board of the class, in the lane's two lines of figures: on one line at the
 * panel's size if they fit, else broken at a space over two, else made smaller. */
static void draw_words(const ui_assets *a, const ui_layout *l, ui_rect at, const char *words, SDL_Color c)
{
    int size = l->panel_font, lh = at.h / 2;
    if (ui_text_width(a->text, size, words) <= at.w) {
        draw_text_in(a, at.x, at.y, at.w, size, words, c);
        return;
    }
    size_t fit = ui_text_fit(a->text, size, at.w, words);
    char first[DRAW_TEXT_BYTES];
    snprintf(first, sizeof first, "%.*s", (int)fit, words);
    const char *rest = words + fit;
    while (*rest == ' ')
        rest++;
    draw_text_in(a, at.x, at.y, at.w, size, first, c);
    draw_text_in(a, at.x, at.y + lh, at.w, size, rest, c);
}

void draw_variants(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    int boards[8 * NQ_MAX_N];
    uint64_t numbers[8];
    nq_symmetry made_by[8];
    int count = ex_variants(ex, boards, numbers, made_by);
    char buf[DRAW_TEXT_BYTES], num[32];
    for (int i = 0; i < count; i++) {
        ui_lane at = ui_layout_lane(l, count, i);
        const int *board = boards + (size_t)i * l->n;
        bool shown = made_by[i] == NQ_SYM_IDENTITY;
        nq_grouped(numbers[i], num, sizeof num);
        if (numbers[i])
            /* TRANSLATORS: over one board of a solution's class: its number in the order, grouped by
             * thousands. */
            snprintf(buf, sizeof buf, _("Solution %s"), num);
        else
            /* TRANSLATORS: over one board of a solution's class whose number the search has not reached. */
            snprintf(buf, sizeof buf, _("Not reached yet"));
        if (numbers[i] && ui_text_width(a->text, SMALLEST_TEXT, buf) > at.title.w) /* the number alone, whole */
            snprintf(buf, sizeof buf, "%s", num);
        SDL_Color title = shown ? P.heading : P.bright_text;
        draw_text_in(a, at.title.x, at.title.y, at.title.w, l->panel_font, buf, title);
        draw_board_frame f = {at.board, l->n, at.cell};
        draw_squares(r, &f);
        draw_queens(r, a, &f, board, -1);
        if (shown)
            draw_outline(r, (ui_rect){at.board.x - 3, at.board.y - 3, at.board.w + 6, at.board.h + 6}, 2, P.heading);
        draw_words(a, l, at.figures, ex_symmetry_words(made_by[i]), P.text);
    }
}
