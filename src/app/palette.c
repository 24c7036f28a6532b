/*
 * palette.c -- the three themes' colours. The dark theme's were picked so that the queen (navy
 * with a white outline) stands out on both the light and the dark squares. An attacked square is
 * one opaque colour whatever its own (one hue means one thing), and the square under the pointer
 * is not shaded at all: it is outlined, with thin lines along what a queen there would attack.
 * The light theme keeps the board and turns the panel and the tree light. The high-contrast theme
 * draws text white and yellow on black, the board in white and grey, and tells things apart by
 * Okabe and Ito's colours (blue, orange, vermillion, sky blue, bluish green, reddish purple,
 * yellow), which differ in lightness as well as hue, so that they stay apart when red and green
 * (or blue and yellow) cannot be told apart.
 *
 * The heatmap is a view of its own, drawn in opaque colours: a sequential scale of three stops
 * whose lightness falls from the fewest solutions to the most (pale yellow, orange, dark red; in
 * the high-contrast theme orange, vermillion, deep purple), so that it reads in grey too, and a
 * square in no solution lighter still, marked with an x.
 */
#include "palette.h"

const SDL_Color UI_QUEEN_BODY = {29, 42, 77, 255};

static const ui_palette palettes[EX_THEME_COUNT] =
    {
        [EX_THEME_DARK] =
            {
                .light_square = {240, 217, 181, 255},
                .dark_square = {181, 136, 99, 255},
                .background = {34, 38, 46, 255},
                .pinned = {200, 30, 45, 255},
                .panel = {44, 49, 58, 255},
                .text = {230, 230, 230, 255},
                .bright_text = {255, 255, 255, 255},
                .dim_text = {154, 163, 173, 255},
                .disabled_text = {90, 96, 106, 255},
                .narration = {255, 236, 180, 255},
                .heading = {255, 216, 77, 255},
                .button = {70, 78, 92, 255},
                .attacked = {232, 140, 140, 255},
                .hover = {30, 100, 230, 255},
                .tried = {255, 216, 77, 255},
                .reject = {230, 40, 40, 255},
                .flash = {60, 200, 90, 90},
                .cursor = {40, 220, 230, 255},
                .veil = {20, 20, 24, 170},
                .help_veil = {10, 12, 16, 245},
                .timeline_done = {96, 106, 124, 255},
                .flash_mark = {60, 200, 90, 255},
                .tree_background = {28, 31, 38, 255},
                .tree_edge = {110, 120, 136, 255},
                .tree_node = {150, 160, 176, 255},
                .tree_path = {255, 216, 77, 255},
                .tree_dead_end = {210, 70, 70, 255},
                .tree_solution = {60, 200, 90, 255},
                .tree_collapsed = {96, 106, 124, 255},
                .tree_rejected = {170, 80, 80, 255},
                .crossed = {120, 30, 30, 255},
                .conflict = {170, 30, 30, 255},
                .wide_queen = {20, 20, 28, 255},
                .heat_low = {254, 226, 140, 255},
                .heat_middle = {253, 141, 60, 255},
                .heat_high = {165, 0, 38, 255},
                .heat_unused = {238, 238, 238, 255},
                .heat_text = {20, 20, 28, 255},
                .heat_label = {255, 255, 255, 170},
            },
        [EX_THEME_LIGHT] =
            {
                .light_square = {240, 217, 181, 255},
                .dark_square = {181, 136, 99, 255},
                .background = {232, 236, 241, 255},
                .pinned = {200, 30, 45, 255},
                .panel = {255, 255, 255, 255},
                .text = {33, 37, 43, 255},
                .bright_text = {0, 0, 0, 255},
                .dim_text = {84, 92, 104, 255},
                .disabled_text = {150, 156, 166, 255},
                .narration = {110, 62, 0, 255},
                .heading = {150, 70, 0, 255},
                .button = {220, 226, 234, 255},
                .attacked = {232, 140, 140, 255},
                .hover = {30, 100, 230, 255},
                .tried = {230, 160, 0, 255},
                .reject = {220, 30, 30, 255},
                .flash = {60, 200, 90, 90},
                .cursor = {0, 150, 175, 255},
                .veil = {232, 236, 241, 190},
                .help_veil = {248, 249, 251, 245},
                .timeline_done = {160, 168, 182, 255},
                .flash_mark = {20, 150, 60, 255},
                .tree_background = {245, 247, 250, 255},
                .tree_edge = {150, 158, 172, 255},
                .tree_node = {96, 106, 124, 255},
                .tree_path = {215, 140, 0, 255},
                .tree_dead_end = {205, 50, 50, 255},
                .tree_solution = {20, 150, 60, 255},
                .tree_collapsed = {150, 158, 172, 255},
                .tree_rejected = {215, 130, 130, 255},
                .crossed = {140, 35, 35, 255},
                .conflict = {170, 30, 30, 255},
                .wide_queen = {20, 20, 28, 255},
                .heat_low = {254, 226, 140, 255},
                .heat_middle = {253, 141, 60, 255},
                .heat_high = {165, 0, 38, 255},
                .heat_unused = {238, 238, 238, 255},
                .heat_text = {20, 20, 28, 255},
                .heat_label = {255, 255, 255, 170},
            },
        [EX_THEME_CONTRAST] =
            {
                .light_square = {255, 255, 255, 255},
                .dark_square = {160, 160, 160, 255},
                .background = {0, 0, 0, 255},
                .pinned = {0, 114, 178, 255},
                .panel = {16, 16, 16, 255},
                .text = {255, 255, 255, 255},
                .bright_text = {255, 255, 255, 255},
                .dim_text = {215, 215, 215, 255},
                .disabled_text = {125, 125, 125, 255},
                .narration = {240, 228, 66, 255},
                .heading = {240, 228, 66, 255},
                .button = {52, 52, 52, 255},
                .attacked = {240, 228, 66, 255},
                .hover = {0, 158, 115, 255},
                .tried = {204, 121, 167, 255},
                .reject = {213, 94, 0, 255},
                .flash = {86, 180, 233, 110},
                .cursor = {0, 0, 0, 255},
                .veil = {0, 0, 0, 200},
                .help_veil = {0, 0, 0, 245},
                .timeline_done = {120, 120, 120, 255},
                .flash_mark = {86, 180, 233, 255},
                .tree_background = {0, 0, 0, 255},
                .tree_edge = {160, 160, 160, 255},
                .tree_node = {230, 230, 230, 255},
                .tree_path = {240, 228, 66, 255},
                .tree_dead_end = {213, 94, 0, 255},
                .tree_solution = {86, 180, 233, 255},
                .tree_collapsed = {120, 120, 120, 255},
                .tree_rejected = {204, 121, 167, 255},
                .crossed = {0, 0, 0, 255},
                .conflict = {213, 94, 0, 255},
                .wide_queen = {0, 0, 0, 255},
                .heat_low = {245, 175, 70, 255},
                .heat_middle = {213, 94, 0, 255},
                .heat_high = {120, 20, 150, 255},
                .heat_unused = {160, 210, 245, 255},
                .heat_text = {20, 20, 28, 255},
                .heat_label = {255, 255, 255, 210},
            },
};

const ui_palette *ui_palette_of(ex_theme theme)
{
    return &palettes[theme];
}

/* The colour a fraction t (0 to 1) along from a to b. */
static SDL_Color mix(SDL_Color a, SDL_Color b, double t)
{
    return (SDL_Color){(Uint8)(a.r + (b.r - a.r) * t + 0.5), (Uint8)(a.g + (b.g - a.g) * t + 0.5),
                       (Uint8)(a.b + (b.b - a.b) * t + 0.5), 255};
}

SDL_Color ui_heat_color(const ui_palette *p, uint64_t count, uint64_t most)
{
    if (count == 0)
        return p->heat_unused;
    double t = most > 1 ? (double)(count - 1) / (double)(most - 1) : 1;
    t = t > 1 ? 1 : t;
    return t < 0.5 ? mix(p->heat_low, p->heat_middle, t * 2) : mix(p->heat_middle, p->heat_high, t * 2 - 1);
}
