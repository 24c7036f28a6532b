/*
 * palette.h -- every colour the window is drawn with, one palette per theme (model.h's
 * ex_theme): the dark theme of the first release, a light one, and a high-contrast one built on
 * the Okabe-Ito colours, whose queens, pinned queen, shading, crosses and heat stay apart for
 * people with any of the three common colour-vision deficiencies (tests/test_palette.c checks
 * them through a simulation and states the contrast ratios of every text colour).
 */
#ifndef UI_PALETTE_H
#define UI_PALETTE_H

#include <stdint.h>

#include <SDL.h>

#include "model.h"

typedef struct ui_palette {
    SDL_Color light_square, dark_square, background, pinned;
    SDL_Color panel, text, bright_text, dim_text, disabled_text, narration, heading, button;
    SDL_Color attacked, hover, tried, reject, flash, cursor, veil, help_veil, timeline_done, flash_mark;
    SDL_Color tree_background, tree_edge, tree_node, tree_path, tree_dead_end, tree_solution, tree_collapsed,
        tree_rejected;
    SDL_Color crossed, conflict, wide_queen;
    SDL_Color heat_low, heat_middle, heat_high; /* the heatmap's scale: one solution, half way, the most */
    SDL_Color heat_unused, heat_text, heat_label; /* a square in no solution; a number and its box */
} ui_palette;

/* The palette of theme (a constant: any thread). */
const ui_palette *ui_palette_of(ex_theme theme);

/* The heatmap's colour of a square that count solutions use, when the most any square takes part
 * in is most: the palette's scale from one solution (heat_low) through heat_middle to most
 * (heat_high), opaque, its lightness falling as count grows; heat_unused for none. A count above
 * most (the pinned queen's square, which every solution holds) takes heat_high. */
SDL_Color ui_heat_color(const ui_palette *p, uint64_t count, uint64_t most);

/* The body of the queen picture (assets/queen.png), which no theme recolours: the colours a queen
 * must stand apart from. */
extern const SDL_Color UI_QUEEN_BODY;

#endif
