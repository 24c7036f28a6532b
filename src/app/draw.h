/*
 * draw.h -- what the drawing files share: the style of the frame being drawn, the primitives
 * (filled and framed rectangles, discs, thick lines, crosses) and the text that is fitted, cut or
 * wrapped into a width. One file draws each part of the window (draw_board.c, draw_wide.c,
 * draw_panel.c, ...); render.c picks which ones draw a frame. Everything here is immediate mode on
 * the SDL_Renderer given, keeps nothing between frames and is for the UI thread only.
 *
 * Every label and sentence the drawing files write goes through gettext where it is drawn, one
 * whole message per case (the product's name, key names and bare numbers stay as they are); the
 * buffers that hold translated text leave room for three bytes a character (Thai, Chinese), and
 * wrapped text breaks at a space or else between two characters, never inside one.
 */
#ifndef UI_DRAW_H
#define UI_DRAW_H

#include <stdbool.h>

#include <SDL.h>

#include "panel.h"
#include "render.h"

/* What this frame is drawn with: the theme's palette, the smallest text and the width of a thin
 * line, both in pixels at the layout's density. */
typedef struct draw_style {
    const ui_palette *palette;
    int smallest_text; /* text never shrinks below this pixel size to fit; it wraps or is cut instead */
    int stroke;        /* a thin line's width */
} draw_style;

/* Set by ui_render() for the frame it draws (UI thread only), so that every drawing function draws
 * the same way without passing it along. */
extern draw_style draw_frame_style;
#define P             (*draw_frame_style.palette)
#define SMALLEST_TEXT draw_frame_style.smallest_text

/* The most bytes a line of translated text takes: 160 characters of three bytes (Thai, Chinese). */
enum { DRAW_TEXT_BYTES = 480 };

/* ---- primitives (draw.c) ---- */

void draw_set_color(SDL_Renderer *r, SDL_Color c);
void draw_fill(SDL_Renderer *r, ui_rect rect, SDL_Color c);
/* An outline `thickness` pixels wide inside rect (a square framed, the cursor, a selection). */
void draw_outline(SDL_Renderer *r, ui_rect rect, int thickness, SDL_Color c);
void draw_disc(SDL_Renderer *r, int cx, int cy, int radius, SDL_Color c);
/* A line a few pixels thick between two points. */
void draw_thick_line(SDL_Renderer *r, int x0, int y0, int x1, int y1, int thickness, SDL_Color c);
/* A small x centred on (x, y), `half` pixels each way; two pixels thick from half = 8. */
void draw_cross(SDL_Renderer *r, int x, int y, int half, SDL_Color c);
void draw_centre(ui_rect rect, int *x, int *y);
/* The queen's image in cell, on a red disc if it is the pinned one. */
void draw_queen(SDL_Renderer *r, const ui_assets *a, ui_rect cell, bool pinned);

/* ---- text (draw.c) ---- */

/* The largest pixel size up to size at which s is at most width wide (SMALLEST_TEXT at least). */
int draw_fitting_size(const ui_assets *a, int size, int width, const char *s);
/* Text centred on x with its top at y. */
void draw_text_centred(const ui_assets *a, int size, int x, int y, const char *s, SDL_Color c);
/* Text at (x, y) no wider than width: as large as size allows, and what still does not fit cut, a
 * whole character at a time (s is first cut to DRAW_TEXT_BYTES). */
void draw_text_in(const ui_assets *a, int x, int y, int width, int size, const char *s, SDL_Color c);
/* Text at x within a panel line, vertically centred, shrunk to fit width, down to SMALLEST_TEXT. */
void draw_text_in_line(const ui_assets *a, const ui_layout *l, int line, int x, int width, const char *s,
                       SDL_Color c);
/* Text over the whole width of a panel line. */
void draw_panel_text(const ui_assets *a, const ui_layout *l, int line, const char *s, SDL_Color c);
/* A label beside a line's buttons (N, Mode, Method, Speed): left of them, or right of them right to left. */
void draw_label_text(const ui_assets *a, const ui_layout *l, int line, const char *s, SDL_Color c);
/* Writes text over up to `lines` panel lines from line, breaking between words, at the largest size
 * up to the panel's at which all of it fits (what still does not fit at SMALLEST_TEXT is cut);
 * returns how many lines it took (0 when lines <= 0). */
int draw_wrapped(const ui_assets *a, const ui_layout *l, int line, int lines, const char *text, SDL_Color c);
/* The same in box, its height shared by `lines` lines, at the largest size up to size at which all
 * of it fits. */
int draw_wrapped_box(const ui_assets *a, ui_rect box, int lines, int size, const char *text, SDL_Color c);

/* ---- the board (draw_board.c) ---- */

/* A board of n cells of `cell` pixels from board's corner: the window's board, or a race lane's. The
 * same functions draw both, so a lane shows a method exactly as the board does. */
typedef struct draw_board_frame {
    ui_rect board;
    int n, cell;
} draw_board_frame;

/* The window's board, as the layout places it. */
draw_board_frame draw_layout_board(const ui_layout *l);
/* The rectangle of the square at (0-based) column, row of f. */
ui_rect draw_board_square(const draw_board_frame *f, int column, int row);
/* The light and dark squares. */
void draw_squares(SDL_Renderer *r, const draw_board_frame *f);

/* The width of the frames and strokes drawn in squares of f: thicker in large squares. */
int draw_frame_width(const draw_board_frame *f);

/* The square under the pointer, outlined, with thin lines along what a queen there would attack. */
void draw_hover(SDL_Renderer *r, const draw_board_frame *f, nq_square at);
/* What the method t searches by knows, at step s (NULL: before the first step). */
void draw_method_marks(SDL_Renderer *r, const ui_assets *a, const draw_board_frame *f, const nq_trace *t,
                       const nq_step *s);
/* The queens of cols, the one in the pinned row (-1: none) on its red disc. */
void draw_queens(SDL_Renderer *r, const ui_assets *a, const draw_board_frame *f, const int *cols, int pinned_row);
/* The column numbers over the window's board and the row numbers left of it. */
void draw_labels(const ui_assets *a, const ui_layout *l);
/* "No solution" over the window's board, and why, each line no wider than the board. */
void draw_no_solution(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex);
/* The window's board as the model shows it (or the heatmap in its place, draw_heat): the squares,
 * the method's marks at the step shown (or the squares the queens attack), what a queen under the
 * pointer would attack, the queens, the keyboard cursor, the flash of a solution found and the veil
 * of no solution. The pointer's squares and the cursor are drawn in the window only, not in a saved
 * picture. */
void draw_board(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now,
                ui_frame what);

/* ---- the key to the board's marks (draw_legend.c) ---- */

/* Under the timeline, a swatch and a few words for each mark ex_legend() finds on the board (the
 * pointer's and the cursor's in the window only). */
void draw_legend(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now,
                 ui_frame what);

/* ---- a board above NQ_MAX_N (draw_wide.c) ---- */

/* The numbers in view, then the board through the view: its squares (or the overview), the queens,
 * the pinned queen, the keyboard cursor, the square under the pointer, the small map and the veil
 * of no solution. The cursor, the pointer's square and the small map are drawn in the window only,
 * not in a saved picture. */
void draw_wide(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, ui_frame what);

/* ---- the watched search (draw_watch.c) ---- */

/* The watched search's timeline: the track, the part up to the step shown, a tick where solutions
 * were found, and the handle at the step shown; over the board, its hover text while the pointer
 * is on it. Nothing for other jobs. */
void draw_timeline(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex);

/* ---- the search tree (draw_tree.c) ---- */

/* The tree, the strip over it and the key under it, when the tree is shown and there is room for
 * it; in the window (not a saved picture), the hover text of the node or strip under the pointer. */
void draw_tree(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, ui_frame what);

/* A hover text in a box near (x, y): under it, or over it when above; kept within `within` across
 * and within the window down, wrapped into a few lines. */
void draw_tip(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, ui_rect within, int x, int y, bool above,
              const char *text);

/* ---- the race (draw_race.c) ---- */

/* The race in the board's place: a lane for each method taking part. */
void draw_race(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex);

/* ---- the class of a solution (draw_classes.c) ---- */

/* The distinct boards of the shown solution's class in the board's place, each with its number in
 * the order and what turns the shown board into it; the shown one framed. */
void draw_variants(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex);

/* ---- the heatmap (draw_heat.c) ---- */

/* The heatmap in the board's place, a view of its own: each square counted painted opaque by its
 * number on the palette's scale (ui_heat_color, the pinned queen's square left out of it), a square
 * no solution uses the palest and crossed, the numbers in the squares' corners where they fit, the
 * pinned queen, and in the window the square under the pointer and the keyboard cursor; the veil
 * of no solution. Squares not counted yet stay plain; the search's queens and marks are not drawn.
 * False (nothing drawn) while the heatmap is hidden or of another board. */
bool draw_heat(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, ui_frame what);

/* The heatmap's lines in the panel: what it is of and how far it got, its legend (a strip from the
 * fewest to the most solutions, the mark of a square in none, and the pinned queen's), the square
 * under the pointer, and the sum check once every square is known. */
void draw_heat_panel(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex);

/* ---- the comparison of the methods (draw_compare.c) ---- */

/* The comparison table in place of the figures: each complete method's queens placed, failures,
 * squares crossed off and time, then min-conflicts' median moves, as each finishes. */
void draw_compare(const ui_assets *a, const ui_layout *l, const explorer *ex);

/* ---- the panel (draw_panel.c) ---- */

/* The side panel: its buttons, then the lines of ex_panel_make() for the frame at `now`. */
void draw_panel(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now);

/* ---- a lesson (draw_lesson.c) ---- */

/* The lesson's page (ex_panel's lesson lines) in the layout's lesson box, with its Back and Next. */
void draw_lesson_page(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex,
                      const ex_panel *p);

/* Text wrapped in a box `width` x `height` pixels whose lines are line_h high at size: drawn at size,
 * else at the largest smaller size (down to SMALLEST_TEXT) at which it all fits, the lines spaced by
 * that size's own line height (line_h scaled to it); what still does not fit is cut, the last line
 * ending with an ellipsis, as it does too when `more` says that text not given here follows. */
enum { DRAW_WRAP_LINES = 64 };
typedef struct draw_wrap_text {
    int size, step, count; /* the pixel size, the lines' spacing, how many lines */
    bool cut;
    char line[DRAW_WRAP_LINES][DRAW_TEXT_BYTES];
} draw_wrap_text;
void draw_wrap(const ui_assets *a, int width, int height, int line_h, int size, const char *text, bool more,
               draw_wrap_text *w);

/* The list of bundled lessons (F2) over the whole window. */
void draw_lesson_list(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex);

/* ---- the help (draw_help.c) ---- */

/* The help overlay, from the key table, at the largest size at which both columns fit. */
void draw_help(SDL_Renderer *r, const ui_assets *a, const ui_layout *l);

/* Your turn (draw_play.c): the learner's queens, what they attack, a refused square lined to its
 * attacker, the stuck rows, the hint, and a solved board in the solution's colour. */
void draw_play(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, ui_frame what);

#endif
