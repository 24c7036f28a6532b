/*
 * render.h -- draws one frame of the explorer: the board with its numbers, queens, shading (each
 * row's attacked squares from the engine) and the watched step; the search tree and its overview
 * strip, as the model's scene places them; the side panel, every line fitted
 * to its width; "No solution"; the help overlay, read from the key table. Reads the explorer and
 * the layout, changes neither. UI thread only.
 */
#ifndef UI_RENDER_H
#define UI_RENDER_H

#include <SDL.h>

#include "model.h"
#include "layout.h"
#include "palette.h"
#include "text.h"

/* The whole of a board above NQ_MAX_N in small: how many queens fall in each texel, drawn when the
 * view shows too many rows to draw one by one, and in the small map. Made again only when another
 * solution is shown, so a frame costs the same however large the board. */
typedef struct ui_overview {
    SDL_Texture *texture; /* NULL until the first wide board */
    int side;             /* texels a side */
    uint64_t serial;      /* the explorer's shown_serial it was made from */
    SDL_Texture *marks;   /* the small map's queens, a texel a pixel of it (NULL until zoomed in) */
    int marks_w, marks_h;
    uint64_t marks_serial;
} ui_overview;

typedef struct ui_assets {
    ui_text *text;
    SDL_Texture *queen;
    ui_overview *overview; /* a cache the renderer fills (may be NULL: no overview drawn) */
} ui_assets;

/* What a frame shows: everything, or only the board and its numbers as a saved picture wants
 * them (no pointer shading, keyboard cursor or help overlay). */
typedef enum ui_frame { UI_FRAME_WINDOW, UI_FRAME_PICTURE } ui_frame;

void ui_render(SDL_Renderer *renderer, const ui_assets *assets, const ui_layout *layout, const explorer *ex,
               double now, ui_frame frame);

/* Sets the style every drawing function draws the next frame with (draw.h): the theme's palette,
 * the smallest text and a thin line's width at the layout's density. ui_render() sets it itself;
 * a picture drawn without it (film.c) sets it first. */
void ui_render_style(const ui_layout *layout, ex_theme theme);

/* Frees the overview's texture (the struct is the caller's). */
void ui_overview_free(ui_overview *overview);

#endif
