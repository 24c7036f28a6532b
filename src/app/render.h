/*
 * render.h -- draws one frame of the explorer: the board with its numbers, queens, shading and
 * the watched step; the side panel; "No solution"; the help overlay. Reads the explorer and the
 * layout, changes neither. UI thread only.
 */
#ifndef UI_RENDER_H
#define UI_RENDER_H

#include <SDL.h>

#include "explorer.h"
#include "layout.h"
#include "text.h"

typedef struct ui_assets {
    ui_text *text;
    SDL_Texture *queen;
} ui_assets;

/* The colours the tests look for. */
extern const SDL_Color UI_LIGHT_SQUARE, UI_DARK_SQUARE, UI_BACKGROUND, UI_PINNED;

void ui_render(SDL_Renderer *renderer, const ui_assets *assets, const ui_layout *layout, const explorer *ex,
               double now);

/* Whether squares a and b attack each other (share a column, a row or a diagonal). */
bool ui_attacks(nq_square a, nq_square b);

#endif
