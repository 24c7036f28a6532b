/*
 * layout.h -- where everything goes in the window, as pure functions of the window size and N.
 *
 * Computed afresh every frame from the renderer's output size, so a resize needs no bookkeeping;
 * hit-testing is the exact inverse of the same numbers, and tests call both without a window.
 * Pixels are the renderer's (on a high-DPI screen, more than the window's points); the density says
 * how many pixels a point is, and every least or most size is so many points.
 */
#ifndef UI_LAYOUT_H
#define UI_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"

typedef struct ui_rect {
    int x, y, w, h;
} ui_rect;

typedef enum ui_button {
    UI_BUTTON_NONE = -1,
    UI_N_MINUS,
    UI_N_FIELD, /* the number between them: a click types N */
    UI_N_PLUS,
    UI_MODE,
    UI_RACE,
    UI_METHOD,
    UI_SLOWER,
    UI_FASTER,
    UI_PLAY,
    UI_STEP,
    UI_RESTART,
    UI_HEAT,     /* the heatmap */
    UI_VARIANTS, /* the shown solution's class */
    UI_UNIQUE,   /* one board per class */
    UI_PREVIOUS,
    UI_NEXT,
    UI_LANGUAGE, /* on the title's line: the language's own name; a click switches to the next */
    UI_LESSONS,  /* at the end of N's line: the list of lessons (F2) */
    UI_BUTTON_COUNT
} ui_button;

/* The side panel's lines, top to bottom. */
typedef enum ui_line {
    UI_LINE_TITLE,
    UI_LINE_N,
    UI_LINE_MODE,
    UI_LINE_METHOD,
    UI_LINE_SPEED,
    UI_LINE_CONTROLS,
    UI_LINE_EXPLORE, /* Heat, Variants, Unique */
    UI_LINE_FIRST,
    UI_LINE_SOLUTION,
    UI_LINE_FIGURES,      /* six lines of figures start here, then the timeline's position */
    UI_LINE_NARRATION = UI_LINE_FIGURES + 7, /* UI_NARRATION_LINES lines */
    UI_LINE_STATUS = UI_LINE_NARRATION + 3,  /* UI_STATUS_LINES lines */
    UI_LINE_HINT = UI_LINE_STATUS + 2,
    UI_LINE_COUNT
} ui_line;

enum { UI_NARRATION_LINES = UI_LINE_STATUS - UI_LINE_NARRATION, UI_STATUS_LINES = UI_LINE_HINT - UI_LINE_STATUS };

/* How a board above NQ_MAX_N squares a side is looked at: zoom 1 fits the whole board in the view,
 * zoom z shows n / z squares a side; (cx, cy) is the board point (in squares from the top left
 * corner) at the middle of the view. Boards up to NQ_MAX_N are always shown whole. */
typedef struct ui_view {
    double zoom, cx, cy;
} ui_view;

typedef struct ui_layout {
    int n;
    ui_rect window;
    double density;      /* pixels a point: 1, or more on a high-DPI screen or with --scale */
    ui_rect region;      /* everything left of the panel (inside the margins): the race's */
    ui_rect board;       /* the view of the board: up to NQ_MAX_N, the n x n squares, cell pixels each */
    int cell;            /* up to NQ_MAX_N: pixels a square */
    double scale;        /* pixels a square (up to NQ_MAX_N: cell) */
    double origin_x, origin_y; /* the pixel of the board's top left corner (outside the view when zoomed) */
    ui_rect minimap;     /* above NQ_MAX_N and zoomed in: the whole board in small, with the view framed */
    ui_rect top_labels;  /* column numbers, above the board */
    ui_rect left_labels; /* row numbers, left of the board */
    ui_rect timeline;    /* the watched search's timeline bar, under the board */
    ui_rect legend;      /* under it: the key to the marks on the board ({0} above NQ_MAX_N) */
    ui_rect tree;        /* the search tree panel ({0} when it is hidden) */
    ui_rect tree_overview; /* the strip over it that shows the whole run so far */
    ui_rect tree_labels; /* left of it: the row each level of the tree stands for */
    ui_rect tree_key;    /* under both: what the tree's colours mean */
    int label_font;      /* pixel size for the numbers */
    int label_every;     /* every how many columns and rows a number fits (above NQ_MAX_N: at this zoom) */
    ui_rect panel;
    int line_height;
    int panel_font;
    ui_rect buttons[UI_BUTTON_COUNT];
    bool labels_right;   /* right to left: each labelled line's label at its right end (ui_layout_mirror_labels) */
    int variants;        /* boards of a solution's class shown in the region, as lanes (0: none) */
    ui_rect lesson;      /* a lesson's page, under the region ({0} without a lesson) */
    ui_rect lesson_back, lesson_next; /* ... its Back and Next buttons, on its first line */
} ui_layout;

/* The part of the height left of the panel a lesson's page takes under the board, and the lines it
 * has at least (a small window's page would be cut otherwise), up to UI_LESSON_MOST_PERCENT. */
enum { UI_LESSON_PERCENT = 40, UI_LESSON_LINES = 12, UI_LESSON_MOST_PERCENT = 50 };

/* The rows of the key to the board's marks, under the timeline. */
enum { UI_LEGEND_ROWS = 2 };

/* The smallest window the layout is designed for, in points. */
enum { UI_MIN_WIDTH = 640, UI_MIN_HEIGHT = 480 };

/* The layout of a window of width x height pixels for board size n, with the tree panel or not,
 * at density pixels a point (1 or more). */
ui_layout ui_layout_compute(int width, int height, int n, bool tree, double density);

/* ... with a lesson open or not: its page then takes the bottom UI_LESSON_PERCENT of the height
 * left of the panel (at least UI_LESSON_LINES lines where that is at most UI_LESSON_MOST_PERCENT),
 * the board, its key and the tree (beside the board) the rest. */
ui_layout ui_layout_compute_lesson(int width, int height, int n, bool tree, bool lesson, double density);

/* Right to left: the label of each labelled panel line (N, mode, method, speed) goes to the line's
 * right end, and its controls, in the same order, just left of it; a lesson's Back and Next go to the
 * left end of its box, mirrored. Once, after ui_layout_compute. */
void ui_layout_mirror_labels(ui_layout *layout);

/* The room for the label of a labelled panel line: before its controls, or after them once
 * mirrored. */
ui_rect ui_layout_label(const ui_layout *layout, int line);

/* points in the layout's pixels, rounded. */
int ui_layout_px(const ui_layout *layout, int points);

/* The largest zoom of a board above NQ_MAX_N: a view still shows this many squares a side. */
enum { UI_VIEW_MIN_SQUARES = 8 };

/* The view of the whole board of size n, centred. */
ui_view ui_view_fit(int n);

/* The view clamped to what can be shown: zoom from 1 to n / UI_VIEW_MIN_SQUARES, the centre far
 * enough from the edges that the view stays on the board. */
ui_view ui_view_clamp(ui_view view, int n);

/* The squares view shows of a board of size n (clamped to it): columns and rows first..last. */
void ui_view_squares(ui_view view, int n, int *first_column, int *last_column, int *first_row, int *last_row);

/* Looks at a board above NQ_MAX_N through view (clamped): sets scale, origin, label_every and the
 * minimap. Nothing changes for boards up to NQ_MAX_N. */
void ui_layout_zoom(ui_layout *layout, ui_view view);

/* The squares of the board at least partly in view: columns and rows first..last, 0-based. */
void ui_layout_visible(const ui_layout *layout, int *first_column, int *last_column, int *first_row, int *last_row);

/* The board point (in squares, fractional) under pixel (x, y), on or off the board. */
void ui_layout_point(const ui_layout *layout, int x, int y, double *column, double *row);

/* One lane of a race of `lanes` (2 to 4) in the region: its title line, its board (a square of n
 * whole cells) and the lines of figures under it. */
typedef struct ui_lane {
    ui_rect title, board, figures;
    int cell;
} ui_lane;

ui_lane ui_layout_lane(const ui_layout *layout, int lanes, int i);

/* The rectangle of a square (0-based column, row), at least a pixel wide; partly or wholly out of
 * view when the board is zoomed in. */
ui_rect ui_layout_square(const ui_layout *layout, nq_square square);

/* The step of a run of length steps at pixel column x of the timeline bar (its left edge is step
 * 0, its right edge the last step; clamped outside), and the reverse. */
uint64_t ui_layout_timeline_step(const ui_layout *layout, int x, uint64_t length);
int ui_layout_timeline_x(const ui_layout *layout, uint64_t step, uint64_t length);

/* The square under pixel (x, y); false when the point is off the board. */
bool ui_layout_square_at(const ui_layout *layout, int x, int y, nq_square *square);

/* The button under pixel (x, y), or UI_BUTTON_NONE. */
ui_button ui_layout_button_at(const ui_layout *layout, int x, int y);

/* The rectangle of a panel line (its full width). */
ui_rect ui_layout_line(const ui_layout *layout, int line);

bool ui_rect_contains(ui_rect r, int x, int y);

/* The list of lessons (F2) over the whole window, count lessons long: its box, how many lessons fit
 * in it (each a title and a line or two about it), the rectangle of the i-th shown (counted from
 * the first shown), and the one under pixel (x, y) (-1: none). */
ui_rect ui_layout_lessons_box(const ui_layout *l);
int ui_layout_lessons_rows(const ui_layout *l, int count);
ui_rect ui_layout_lessons_row(const ui_layout *l, int count, int i);
int ui_layout_lessons_row_at(const ui_layout *l, int count, int x, int y);

#endif
