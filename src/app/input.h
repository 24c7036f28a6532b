/*
 * input.h -- the one place where SDL events become the app's words: an action (with the digit of
 * a goto), a click on a square, on the timeline or in the tree, a drag or a wheel turn over the
 * tree, the pointer over the board, quit. One key table maps keys to actions in each key mode
 * and carries each key's help text; the same table drives the handler, the F1 overlay and the key
 * table of docs/app.md (input_help_markdown), so the three cannot disagree. UI thread only.
 */
#ifndef APP_INPUT_H
#define APP_INPUT_H

#include <SDL.h>
#include <stdbool.h>
#include <stdio.h>

#include "model.h"
#include "layout.h"

typedef enum input_kind {
    INPUT_NONE,   /* nothing the app acts on (a redraw may still be due) */
    INPUT_ACTION, /* action, value */
    INPUT_SQUARE, /* a click on square */
    INPUT_TIMELINE, /* a click on, or a drag along, the timeline bar at pixel column value */
    INPUT_TREE,     /* a click in the tree panel at pixel (x, y) */
    INPUT_TREE_PAN, /* a drag in the tree panel by (x, y) pixels */
    INPUT_TREE_ZOOM, /* the wheel turned value notches over the tree panel (up: positive) */
    INPUT_OVERVIEW, /* a click on the strip over the tree at pixel column value */
    INPUT_BOARD_PAN,  /* a board above NQ_MAX_N dragged by (x, y) pixels */
    INPUT_BOARD_ZOOM, /* the wheel turned value notches over a board above NQ_MAX_N, the pointer at (x, y) */
    INPUT_MINIMAP,    /* a click on the small map of a board above NQ_MAX_N at pixel (x, y) */
    INPUT_LESSON_ROW, /* a click while the list of lessons is open, at pixel (x, y) */
    INPUT_QUIT
} input_kind;

typedef struct input {
    input_kind kind;
    ex_action action;
    int value;
    nq_square square;
    int x, y;
} input;

/* What a held left button drags. */
typedef enum input_drag { INPUT_DRAG_NONE, INPUT_DRAG_TIMELINE, INPUT_DRAG_TREE, INPUT_DRAG_BOARD } input_drag;

/* A press on a board above NQ_MAX_N that moves less than this many pixels is a click (it pins a
 * queen when the button comes up); further, it drags the view. */
enum { INPUT_DRAG_SLACK = 4 }; /* points */

/* Where the pointer is, in renderer pixels, so the square under it can be found again after the
 * layout changes (a resize, a new N). */
typedef struct input_pointer {
    bool inside;
    int x, y;
    input_drag drag; /* what the left button went down on, while it is still down */
    int press_x, press_y; /* where it went down */
    bool dragged;         /* INPUT_DRAG_BOARD: it has moved beyond INPUT_DRAG_SLACK */
} input_pointer;

/*
 * Translates one SDL event. keys: the key mode in force; help_open: the help overlay is up (a
 * click closes it); layout: the frame last drawn (clicks are hit-tested against it); scale:
 * renderer pixels per window point. The pointer is updated on motion, on the button going down on
 * the timeline bar, the tree or a board above NQ_MAX_N and up anywhere, and when it leaves. On a
 * board above NQ_MAX_N a click pins when the button comes up without having dragged.
 */
input input_translate(const SDL_Event *e, ex_key_mode keys, bool help_open, const ui_layout *layout, double scale,
                      input_pointer *pointer);

/* The square under the pointer in this layout; false when it is not over the board. */
bool input_pointer_square(const input_pointer *pointer, const ui_layout *layout, nq_square *square);

/* One line of help: the keys (joined with " / ") and what they do, in a section. All English: the
 * section, the text and a mouse action's name (section "Mouse") are marked for translation and
 * go through _() where a person reads them; key names stay as they are. */
typedef struct input_help_line {
    const char *section; /* "Keys", "After G", "After N", "After Q", "Mouse" */
    char keys[64];
    const char *text;
} input_help_line;

/* The help lines in table order; returns how many were written (at most max). */
int input_help(input_help_line *lines, int max);

/* Room enough for every help line of the key table (input_help()'s max where all are wanted). */
enum { INPUT_HELP_MOST = 96 };

/* The help of the line that covers action, or NULL if no key or click does it. */
const char *input_action_help(ex_action action);

/* Writes the key table of docs/app.md (a Markdown table, one row per help line) to out. */
void input_help_markdown(FILE *out);

#endif
