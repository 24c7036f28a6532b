/*
 * palette.h -- every colour the window is drawn with, one palette per theme (model.h's
 * ex_theme): the dark theme of the first release, a light one, and a high-contrast one built on
 * the Okabe-Ito colours, whose queens, pinned queen, shading, crosses and heat stay apart for
 * people with any of the three common colour-vision deficiencies (tests/test_palette.c checks
 * them through a simulation and states the contrast ratios of every text colour).
 */
#ifndef UI_PALETTE_H
#define UI_PALETTE_H

#include <SDL.h>

#include "model.h"

typedef struct ui_palette {
    SDL_Color light_square, dark_square, background, pinned;
    SDL_Color panel, text, bright_text, dim_text, disabled_text, narration, heading, button;
    SDL_Color attacked, hover, tried, reject, flash, cursor, veil, help_veil, timeline_done, flash_mark;
    SDL_Color tree_background, tree_edge, tree_node, tree_path, tree_dead_end, tree_solution, tree_collapsed,
        tree_rejected;
    SDL_Color crossed, conflict, wide_queen;
    SDL_Color heat_low, heat_high; /* the fewest and the most solutions, opacity too */
    SDL_Color heat_unused, heat_text, heat_label;
} ui_palette;

/* The palette of theme (a constant: any thread). */
const ui_palette *ui_palette_of(ex_theme theme);

/* The body of the queen picture (assets/queen.png), which no theme recolours: the colours a queen
 * must stand apart from. */
extern const SDL_Color UI_QUEEN_BODY;

#endif
