/*
 * render.c -- one frame of the window, drawn immediate mode with SDL_Renderer primitives,
 * glyph-cached text and one queen texture, in the colours of the theme chosen (palette.c). It sets
 * the frame's style, then lets the model's one decision of what the board area shows (ex_showing)
 * pick one drawer: the learner's own board, the race, a board above NQ_MAX_N, a solution's class,
 * or the board with its numbers, timeline, key and tree. The panel follows, and the help goes over
 * everything. Each part is drawn by its own draw_*.c, and what they share is in draw.h. Sizes grow
 * with the layout's
 * density, so that a high-DPI screen shows the same window, sharper: text is laid out at its pixel
 * size, never scaled.
 */
#include "render.h"

#include "draw.h"

/* Text never shrinks below this many points to fit (it wraps or is cut instead), and a thin line
 * is this many points wide; the frame's style holds both in pixels at the layout's density. */
enum { SMALLEST_TEXT_POINTS = 9, STROKE_POINTS = 1 };

/* The board with its numbers, the timeline and the key under it, and the tree beside it. */
static void draw_one_board(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now,
                           ui_frame what)
{
    draw_labels(a, l);
    draw_board(r, a, l, ex, now, what);
    if (what == UI_FRAME_WINDOW)
        draw_timeline(r, a, l, ex);
    draw_legend(r, a, l, ex, now, what);
    draw_tree(r, a, l, ex, what);
}

void ui_render_style(const ui_layout *layout, ex_theme theme)
{
    draw_frame_style.palette = ui_palette_of(theme);
    draw_frame_style.smallest_text = ui_layout_px(layout, SMALLEST_TEXT_POINTS);
    draw_frame_style.stroke = ui_layout_px(layout, STROKE_POINTS);
}

void ui_render(SDL_Renderer *renderer, const ui_assets *assets, const ui_layout *layout, const explorer *ex,
               double now, ui_frame what)
{
    ui_render_style(layout, ex->theme);
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    draw_set_color(renderer, P.background);
    SDL_RenderClear(renderer);
    switch (ex_showing(ex)) {
    case EX_SHOWN_RACE: draw_race(renderer, assets, layout, ex); break;
    case EX_SHOWN_PLAY:
        draw_labels(assets, layout);
        draw_play(renderer, assets, layout, ex, what);
        draw_legend(renderer, assets, layout, ex, now, what);
        draw_tree(renderer, assets, layout, ex, what);
        break;
    case EX_SHOWN_WIDE: draw_wide(renderer, assets, layout, ex, what); break;
    case EX_SHOWN_CLASS:
        if (layout->variants > 0) /* else the layout has not made room for the class yet */
            draw_variants(renderer, assets, layout, ex);
        else
            draw_one_board(renderer, assets, layout, ex, now, what);
        break;
    default: draw_one_board(renderer, assets, layout, ex, now, what); break;
    }
    draw_panel(renderer, assets, layout, ex, now);
    if (what == UI_FRAME_WINDOW && ex_lessons_listing(ex))
        draw_lesson_list(renderer, assets, layout, ex);
    if (what == UI_FRAME_WINDOW && ex->help)
        draw_help(renderer, assets, layout);
}
