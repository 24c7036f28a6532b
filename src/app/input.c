/*
 * input.c -- SDL events to the app's actions, through one key table.
 *
 * Each row of the table is a key (or a run of keys, like the digits) in one key mode, with the
 * modifiers it needs, the action it takes and, for the first row of each help line, the help
 * text. Rows that continue a help line add their name to its keys ("Left / Right"); rows with no
 * name are quiet aliases (keypad keys, Shift+= for +). The handler, the F1 overlay and the key
 * table of docs/app.md are all read from these rows. In the goto, pin and size modes only that
 * mode's rows are live, except for Ctrl combinations (save, copy, quit) and the help, which work
 * everywhere.
 *
 * The help texts, the section headings and the names of mouse actions are English here, marked
 * with N_(): the overlay translates them where it draws them, and docs/app.md's table stays
 * English. Key names ("Tab", "Ctrl+0") are the keyboard's and are never translated; the words
 * among them ("arrow keys") are marked too.
 */
#include "input.h"

#include <stdlib.h>
#include <string.h>

#include "nq/i18n.h"

enum { EITHER = -1 }; /* shift: pressed or not */

typedef struct key_row {
    ex_key_mode mode;
    SDL_Keycode first, last; /* last: 0 for a single key, else the run first..last */
    int ctrl, shift;         /* ctrl: must match; shift: must match unless EITHER */
    ex_action action;
    int value;               /* passed with the action; a run adds the key's offset */
    const char *name;        /* NULL: a quiet alias of the line above */
    const char *help;        /* non-NULL: starts a help line */
} key_row;

/* Clicks are not keys, but they are help lines of the same kind. */
#define MOUSE SDLK_UNKNOWN

static const key_row key_table[] = {
    /* TRANSLATORS: the help (F1): what a key does, beside the key's name; short, lower case. N is the board size. */
    {EX_KEYS_NORMAL, SDLK_LEFT, 0, 0, EITHER, EX_ACT_PREVIOUS, 0, "Left",
     N_("previous / next solution (above N = 64: move the view)")},
    {EX_KEYS_NORMAL, SDLK_RIGHT, 0, 0, EITHER, EX_ACT_NEXT, 0, "Right", NULL},
    {EX_KEYS_NORMAL, SDLK_HOME, 0, 0, EITHER, EX_ACT_FIRST_SOLUTION, 0, "Home", N_("first / last solution")},
    {EX_KEYS_NORMAL, SDLK_END, 0, 0, EITHER, EX_ACT_LAST_SOLUTION, 0, "End", NULL},
    {EX_KEYS_NORMAL, SDLK_PAGEUP, 0, 0, EITHER, EX_ACT_BACK_TEN, 0, "PgUp", N_("ten solutions back / forward")},
    {EX_KEYS_NORMAL, SDLK_PAGEDOWN, 0, 0, EITHER, EX_ACT_FORWARD_TEN, 0, "PgDn", NULL},
    {EX_KEYS_NORMAL, SDLK_g, 0, 0, EITHER, EX_ACT_GOTO, 0, "G", N_("go to a solution by its number")},
    {EX_KEYS_NORMAL, SDLK_UP, 0, 0, EITHER, EX_ACT_VIEW_UP, 0, "Up",
     N_("move the view of a board above 64, or the tree")},
    {EX_KEYS_NORMAL, SDLK_DOWN, 0, 0, EITHER, EX_ACT_VIEW_DOWN, 0, "Down", NULL},
    {EX_KEYS_NORMAL, SDLK_n, 0, 0, EITHER, EX_ACT_SIZE, 0, "N",
     N_("type N, 1 to 1000000 (above 64: one solution to zoom into)")},
    {EX_KEYS_NORMAL, SDLK_PLUS, 0, 0, EITHER, EX_ACT_N_UP, 0, "+", N_("N up / down by one")},
    {EX_KEYS_NORMAL, SDLK_EQUALS, 0, 0, 1, EX_ACT_N_UP, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_KP_PLUS, 0, 0, EITHER, EX_ACT_N_UP, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_MINUS, 0, 0, EITHER, EX_ACT_N_DOWN, 0, "-", NULL},
    {EX_KEYS_NORMAL, SDLK_KP_MINUS, 0, 0, EITHER, EX_ACT_N_DOWN, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_TAB, 0, 0, EITHER, EX_ACT_MODE, 0, "Tab",
     /* TRANSLATORS: help: Watch and Solve are the names of the two modes, as on their button; during a
      * race the same key chooses what the methods race to: all the solutions, or each one's first. */
     N_("switch between Watch and Solve (in a race: race to all solutions or to the first)")},
    {EX_KEYS_NORMAL, SDLK_SPACE, 0, 0, EITHER, EX_ACT_PLAY, 0, "Space", N_("play / pause the watched search")},
    {EX_KEYS_NORMAL, SDLK_COMMA, 0, 0, 0, EX_ACT_STEP_BACK, 0, ",",
     N_("one step back / forward in the watched search")},
    {EX_KEYS_NORMAL, SDLK_PERIOD, 0, 0, 0, EX_ACT_STEP, 0, ".", NULL},
    /* TRANSLATORS: help: "Shift+," and "Shift+." are key names: keep them as they are. */
    {EX_KEYS_NORMAL, SDLK_COMMA, 0, 0, 1, EX_ACT_PREVIOUS_LANDMARK, 0, "<",
     N_("previous / next solution or dead end (Shift+, / Shift+.)")},
    {EX_KEYS_NORMAL, SDLK_LESS, 0, 0, EITHER, EX_ACT_PREVIOUS_LANDMARK, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_PERIOD, 0, 0, 1, EX_ACT_NEXT_LANDMARK, 0, ">", NULL},
    {EX_KEYS_NORMAL, SDLK_GREATER, 0, 0, EITHER, EX_ACT_NEXT_LANDMARK, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_LEFTBRACKET, 0, 0, EITHER, EX_ACT_SLOWER, 0, "[",
     N_("slower / faster (1 step a second to max)")},
    {EX_KEYS_NORMAL, SDLK_RIGHTBRACKET, 0, 0, EITHER, EX_ACT_FASTER, 0, "]", NULL},
    {EX_KEYS_NORMAL, SDLK_p, 0, 0, EITHER, EX_ACT_PREDICT, 0, "P",
     N_("predict the watched search's next step: click the square it tries (again: stop)")},
    {EX_KEYS_NORMAL, SDLK_b, 0, 0, EITHER, EX_ACT_PREDICT_BACK, 0, "B",
     N_("while predicting: the search takes a queen back")},
    {EX_KEYS_NORMAL, SDLK_t, 0, 0, 0, EX_ACT_TREE, 0, "T",
     N_("show / hide the search tree (shown up to N = 6 at first)")},
    {EX_KEYS_NORMAL, SDLK_t, 0, 0, 1, EX_ACT_TREE_MARKS, 0, "Shift+T",
     N_("mark rejected squares in the tree, or leave them out")},
    {EX_KEYS_NORMAL, SDLK_EQUALS, 0, 1, EITHER, EX_ACT_ZOOM_IN, 0, "Ctrl++",
     N_("zoom a board above 64, or the tree, in / out (or the wheel)")},
    {EX_KEYS_NORMAL, SDLK_PLUS, 0, 1, EITHER, EX_ACT_ZOOM_IN, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_KP_PLUS, 0, 1, EITHER, EX_ACT_ZOOM_IN, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_MINUS, 0, 1, EITHER, EX_ACT_ZOOM_OUT, 0, "Ctrl+-", NULL},
    {EX_KEYS_NORMAL, SDLK_KP_MINUS, 0, 1, EITHER, EX_ACT_ZOOM_OUT, 0, NULL, NULL},
    /* TRANSLATORS: help, in the keys' column: Ctrl is a key name (keep it); translate "arrow keys". */
    {EX_KEYS_NORMAL, SDLK_LEFT, 0, 1, EITHER, EX_ACT_VIEW_LEFT, 0, N_("Ctrl+arrow keys"),
     N_("move the view of a board above 64, or the tree (or drag it)")},
    {EX_KEYS_NORMAL, SDLK_RIGHT, 0, 1, EITHER, EX_ACT_VIEW_RIGHT, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_UP, 0, 1, EITHER, EX_ACT_VIEW_UP, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_DOWN, 0, 1, EITHER, EX_ACT_VIEW_DOWN, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_0, 0, 1, EITHER, EX_ACT_VIEW_FIT, 0, "Ctrl+0",
     N_("fit a board above 64, or the tree, in view again")},
    {EX_KEYS_NORMAL, SDLK_m, 0, 0, 0, EX_ACT_METHOD, 0, "M",
     N_("next search method for Watch (backtracking, forward checking, first fail, min-conflicts)")},
    {EX_KEYS_NORMAL, SDLK_m, 0, 0, 1, EX_ACT_METHOD_BACK, 0, "Shift+M", N_("previous search method")},
    /* TRANSLATORS: help: "again" means pressing the same key once more. */
    {EX_KEYS_NORMAL, SDLK_a, 0, 0, EITHER, EX_ACT_RACE, 0, "A",
     N_("race the methods side by side on this board, one step each per tick (again: end it)")},
    /* TRANSLATORS: help: the four search methods by name; "take in or out" means add or remove its lane. */
    {EX_KEYS_NORMAL, SDLK_1, SDLK_4, 0, EITHER, EX_ACT_RACE_LANE, 0, "1-4",
     N_("in a race: take backtracking, forward checking, first fail or min-conflicts in or out")},
    {EX_KEYS_NORMAL, SDLK_c, 0, 0, EITHER, EX_ACT_COMPARE, 0, "C",
     N_("compare the methods' effort on this board in the panel (again: the figures)")},
    {EX_KEYS_NORMAL, SDLK_h, 0, 0, EITHER, EX_ACT_HEAT, 0, "H",
     N_("heatmap: how many solutions use each square (again: hide it)")},
    {EX_KEYS_NORMAL, SDLK_v, 0, 0, EITHER, EX_ACT_VARIANTS, 0, "V",
     N_("the class of the solution shown: its turns and mirror images")},
    {EX_KEYS_NORMAL, SDLK_u, 0, 0, EITHER, EX_ACT_UNIQUE, 0, "U",
     N_("page one board per class (again: every solution)")},
    /* TRANSLATORS: help: "your turn" is the mode in which the person places the queens; N is the board size. */
    {EX_KEYS_NORMAL, SDLK_y, 0, 0, EITHER, EX_ACT_YOUR_TURN, 0, "Y",
     N_("your turn: place the queens yourself by clicking, N = 4 to 12 (again: back to the search)")},
    {EX_KEYS_NORMAL, SDLK_z, 0, 1, EITHER, EX_ACT_UNDO, 0, "Ctrl+Z",
     N_("your turn: undo / redo the last placement or take-back")},
    {EX_KEYS_NORMAL, SDLK_y, 0, 1, EITHER, EX_ACT_REDO, 0, "Ctrl+Y", NULL},
    {EX_KEYS_NORMAL, SDLK_i, 0, 0, EITHER, EX_ACT_HINT, 0, "I",
     N_("your turn: a hint, what backtracking would do next from your board, and why")},
    /* TRANSLATORS: help: a lesson is a short course of pages, each with a task; the list shows the bundled ones. */
    {EX_KEYS_NORMAL, SDLK_F2, 0, 0, EITHER, EX_ACT_LESSONS, 0, "F2", N_("the list of lessons (again: close it)")},
    {EX_KEYS_NORMAL, SDLK_RETURN, 0, 0, EITHER, EX_ACT_LESSON_NEXT, 0, "Enter",
     N_("in a lesson: the next page once its task is done / the page before")},
    {EX_KEYS_NORMAL, SDLK_KP_ENTER, 0, 0, EITHER, EX_ACT_LESSON_NEXT, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_BACKSPACE, 0, 0, EITHER, EX_ACT_LESSON_BACK, 0, "Backspace", NULL},
    {EX_KEYS_NORMAL, SDLK_r, 0, 0, EITHER, EX_ACT_RESTART, 0, "R",
     N_("restart the search (min-conflicts: with the next seed)")},
    {EX_KEYS_NORMAL, SDLK_f, 0, 0, EITHER, EX_ACT_FIND, 0, "F", N_("find one solution now (not the first in order)")},
    {EX_KEYS_NORMAL, SDLK_ESCAPE, 0, 0, EITHER, EX_ACT_ESCAPE, 0, "Esc",
     N_("stop the search, or close what is open (in a lesson: leave it)")},
    {EX_KEYS_NORMAL, SDLK_q, 0, 0, EITHER, EX_ACT_PIN_KEYS, 0, "Q", N_("pin a queen from the keyboard")},
    /* TRANSLATORS: help: PNG is the file format; the panel then says the file's name. */
    {EX_KEYS_NORMAL, SDLK_s, 0, 1, EITHER, EX_ACT_SAVE, 0, "Ctrl+S",
     N_("save the board (and the tree, if shown) as PNG (the panel says where)")},
    {EX_KEYS_NORMAL, SDLK_t, 0, 1, EITHER, EX_ACT_SAVE_TREE, 0, "Ctrl+T", N_("save the search tree as PNG")},
    {EX_KEYS_NORMAL, SDLK_c, 0, 1, EITHER, EX_ACT_COPY, 0, "Ctrl+C", N_("copy the solution shown as text")},
    /* TRANSLATORS: help: a moment is the board, its search, step, views and page, kept in a small file
     * that `nqueens FILE` opens as it was; the panel then says the file's name. */
    {EX_KEYS_NORMAL, SDLK_m, 0, 1, EITHER, EX_ACT_SAVE_MOMENT, 0, "Ctrl+M",
     N_("save the moment (board, search, step, views, page) to a file that reopens it")},
    /* TRANSLATORS: help: GIF is the file format; the panel then says the file's name. */
    {EX_KEYS_NORMAL, SDLK_g, 0, 1, EITHER, EX_ACT_SAVE_GIF, 0, "Ctrl+G",
     N_("save the watch from this step as an animated GIF (60 steps at the watch's speed)")},
    /* TRANSLATORS: help: the languages by their English names; the choice is saved with the settings. */
    {EX_KEYS_NORMAL, SDLK_l, 0, 0, 0, EX_ACT_LANGUAGE, 0, "L",
     N_("next language: English, Thai, Persian, Traditional Chinese, Hebrew (kept for the next start)")},
    {EX_KEYS_NORMAL, SDLK_l, 0, 0, 1, EX_ACT_LANGUAGE_BACK, 0, "Shift+L", N_("previous language")},
    {EX_KEYS_NORMAL, SDLK_d, 0, 0, 0, EX_ACT_THEME, 0, "D",
     N_("next colours: dark, light, high contrast (kept for the next start)")},
    {EX_KEYS_NORMAL, SDLK_d, 0, 0, 1, EX_ACT_THEME_BACK, 0, "Shift+D", N_("previous colours")},
    {EX_KEYS_NORMAL, SDLK_F1, 0, 0, EITHER, EX_ACT_HELP, 0, "F1", N_("this help")},
    {EX_KEYS_NORMAL, SDLK_SLASH, 0, 0, 1, EX_ACT_HELP, 0, "?", NULL},
    {EX_KEYS_NORMAL, SDLK_QUESTION, 0, 0, EITHER, EX_ACT_HELP, 0, NULL, NULL},
    {EX_KEYS_NORMAL, SDLK_q, 0, 1, EITHER, EX_ACT_QUIT, 0, "Ctrl+Q", N_("quit")},
    /* TRANSLATORS: help, in the keys' column: a mouse action, as short as the key names beside it. */
    {EX_KEYS_NORMAL, MOUSE, 0, 0, EITHER, EX_ACTION_COUNT, 0, N_("Click a square"),
     N_("pin the first queen there (again: lift it); while predicting: the answer")},
    /* TRANSLATORS: help: Back and Next are the buttons of a lesson's page, as drawn there. */
    {EX_KEYS_NORMAL, MOUSE, 0, 0, EITHER, EX_ACTION_COUNT, 0, N_("Click Back or Next"),
     N_("in a lesson: the page before / the next page, as Backspace and Enter")},
    {EX_KEYS_NORMAL, MOUSE, 0, 0, EITHER, EX_ACTION_COUNT, 0, N_("Click on your turn"),
     N_("place a queen on a free square; click a queen to take it back")},
    {EX_KEYS_NORMAL, MOUSE, 0, 0, EITHER, EX_ACTION_COUNT, 0, N_("Wheel, drag the board"),
     N_("above N = 64: zoom at the pointer, move the view")},
    {EX_KEYS_NORMAL, MOUSE, 0, 0, EITHER, EX_ACTION_COUNT, 0, N_("Click the small map"),
     N_("look at that part of the board")},
    {EX_KEYS_NORMAL, MOUSE, 0, 0, EITHER, EX_ACT_VARIANT, 0, N_("Click a board of the class"),
     /* TRANSLATORS: help: V is a key name: keep it as it is. */
     N_("page to it (after V)")},
    {EX_KEYS_NORMAL, MOUSE, 0, 0, EITHER, EX_ACTION_COUNT, 0, N_("Click or drag the bar"),
     N_("the watched search at that step")},
    {EX_KEYS_NORMAL, MOUSE, 0, 0, EITHER, EX_ACTION_COUNT, 0, N_("Click a queen in the tree"),
     N_("the watched search at the step that placed it")},
    {EX_KEYS_NORMAL, MOUSE, 0, 0, EITHER, EX_ACTION_COUNT, 0, N_("Click the strip over the tree"),
     N_("the first queen of that part of the run")},

    /* TRANSLATORS: help, after G was pressed: the digits type a solution's number. */
    {EX_KEYS_GOTO, SDLK_0, SDLK_9, 0, EITHER, EX_ACT_GOTO_DIGIT, 0, "0-9", N_("type the solution's number")},
    {EX_KEYS_GOTO, SDLK_KP_1, SDLK_KP_9, 0, EITHER, EX_ACT_GOTO_DIGIT, 1, NULL, NULL},
    {EX_KEYS_GOTO, SDLK_KP_0, 0, 0, EITHER, EX_ACT_GOTO_DIGIT, 0, NULL, NULL},
    {EX_KEYS_GOTO, SDLK_BACKSPACE, 0, 0, EITHER, EX_ACT_GOTO_ERASE, 0, "Backspace", N_("erase the last digit")},
    {EX_KEYS_GOTO, SDLK_RETURN, 0, 0, EITHER, EX_ACT_GOTO_ENTER, 0, "Enter", N_("go to that solution")},
    {EX_KEYS_GOTO, SDLK_KP_ENTER, 0, 0, EITHER, EX_ACT_GOTO_ENTER, 0, NULL, NULL},
    {EX_KEYS_GOTO, SDLK_ESCAPE, 0, 0, EITHER, EX_ACT_ESCAPE, 0, "Esc", N_("cancel")},

    {EX_KEYS_SIZE, SDLK_0, SDLK_9, 0, EITHER, EX_ACT_SIZE_DIGIT, 0, "0-9", N_("type N")},
    {EX_KEYS_SIZE, SDLK_KP_1, SDLK_KP_9, 0, EITHER, EX_ACT_SIZE_DIGIT, 1, NULL, NULL},
    {EX_KEYS_SIZE, SDLK_KP_0, 0, 0, EITHER, EX_ACT_SIZE_DIGIT, 0, NULL, NULL},
    {EX_KEYS_SIZE, SDLK_BACKSPACE, 0, 0, EITHER, EX_ACT_SIZE_ERASE, 0, "Backspace", N_("erase the last digit")},
    {EX_KEYS_SIZE, SDLK_RETURN, 0, 0, EITHER, EX_ACT_SIZE_ENTER, 0, "Enter", N_("set N")},
    {EX_KEYS_SIZE, SDLK_KP_ENTER, 0, 0, EITHER, EX_ACT_SIZE_ENTER, 0, NULL, NULL},
    {EX_KEYS_SIZE, SDLK_ESCAPE, 0, 0, EITHER, EX_ACT_ESCAPE, 0, "Esc", N_("keep N as it was")},

    /* TRANSLATORS: help, in the keys' column: the four arrow keys of the keyboard. */
    {EX_KEYS_PIN, SDLK_LEFT, 0, 0, EITHER, EX_ACT_PIN_LEFT, 0, N_("arrow keys"), N_("move the cursor")},
    {EX_KEYS_PIN, SDLK_RIGHT, 0, 0, EITHER, EX_ACT_PIN_RIGHT, 0, NULL, NULL},
    {EX_KEYS_PIN, SDLK_UP, 0, 0, EITHER, EX_ACT_PIN_UP, 0, NULL, NULL},
    {EX_KEYS_PIN, SDLK_DOWN, 0, 0, EITHER, EX_ACT_PIN_DOWN, 0, NULL, NULL},
    {EX_KEYS_PIN, SDLK_RETURN, 0, 0, EITHER, EX_ACT_PIN_ENTER, 0, "Enter", N_("pin the first queen there")},
    {EX_KEYS_PIN, SDLK_KP_ENTER, 0, 0, EITHER, EX_ACT_PIN_ENTER, 0, NULL, NULL},
    {EX_KEYS_PIN, SDLK_ESCAPE, 0, 0, EITHER, EX_ACT_ESCAPE, 0, "Esc", N_("cancel")},

    /* TRANSLATORS: help, in the list of lessons (F2); a click picks a lesson too, a second click opens it. */
    {EX_KEYS_LESSONS, SDLK_UP, 0, 0, EITHER, EX_ACT_LESSON_UP, 0, "Up", N_("the lesson above / below (or a click)")},
    {EX_KEYS_LESSONS, SDLK_DOWN, 0, 0, EITHER, EX_ACT_LESSON_DOWN, 0, "Down", NULL},
    {EX_KEYS_LESSONS, MOUSE, 0, 0, EITHER, EX_ACT_LESSON_PICK, 0, NULL, NULL},
    {EX_KEYS_LESSONS, SDLK_RETURN, 0, 0, EITHER, EX_ACT_LESSON_OPEN, 0, "Enter",
     N_("open the lesson chosen / close the list")},
    {EX_KEYS_LESSONS, SDLK_KP_ENTER, 0, 0, EITHER, EX_ACT_LESSON_OPEN, 0, NULL, NULL},
    {EX_KEYS_LESSONS, SDLK_ESCAPE, 0, 0, EITHER, EX_ACT_ESCAPE, 0, "Esc", NULL},
    {EX_KEYS_LESSONS, SDLK_F2, 0, 0, EITHER, EX_ACT_LESSONS, 0, NULL, NULL},
};
enum { KEY_ROWS = sizeof key_table / sizeof key_table[0] };

/* The buttons of the panel do what these keys do. */
static const ex_action button_actions[UI_BUTTON_COUNT] = {
    [UI_N_MINUS] = EX_ACT_N_DOWN, [UI_N_FIELD] = EX_ACT_SIZE,      [UI_N_PLUS] = EX_ACT_N_UP,
    [UI_MODE] = EX_ACT_MODE,      [UI_RACE] = EX_ACT_RACE,         [UI_METHOD] = EX_ACT_METHOD,
    [UI_SLOWER] = EX_ACT_SLOWER,  [UI_FASTER] = EX_ACT_FASTER,     [UI_PLAY] = EX_ACT_PLAY,
    [UI_STEP] = EX_ACT_STEP,      [UI_RESTART] = EX_ACT_RESTART,   [UI_PREVIOUS] = EX_ACT_PREVIOUS,
    [UI_NEXT] = EX_ACT_NEXT,      [UI_HEAT] = EX_ACT_HEAT,         [UI_VARIANTS] = EX_ACT_VARIANTS,
    [UI_UNIQUE] = EX_ACT_UNIQUE,  [UI_LANGUAGE] = EX_ACT_LANGUAGE, [UI_LESSONS] = EX_ACT_LESSONS,
};

/* The help's section for a key mode, in English (translated where drawn). */
static const char *section_of(ex_key_mode mode)
{
    switch (mode) {
    /* TRANSLATORS: a heading of the help: the keys that work once G was pressed (G is a key name). */
    case EX_KEYS_GOTO: return N_("After G");
    /* TRANSLATORS: a heading of the help: the keys that work once Q was pressed (Q is a key name). */
    case EX_KEYS_PIN: return N_("After Q");
    /* TRANSLATORS: a heading of the help: the keys that work once N was pressed (N is a key name). */
    case EX_KEYS_SIZE: return N_("After N");
    /* TRANSLATORS: a heading of the help: the keys that work in the list of lessons (F2 is a key name). */
    case EX_KEYS_LESSONS: return N_("After F2");
    /* TRANSLATORS: a heading of the help: the keys that work at any time. */
    default: return N_("Keys");
    }
}

static bool matches(const key_row *row, ex_key_mode mode, SDL_Keycode key, bool ctrl, bool shift)
{
    if (row->mode != mode || row->first == MOUSE || row->ctrl != (int)ctrl)
        return false;
    if (row->shift != EITHER && row->shift != (int)shift)
        return false;
    return row->last ? key >= row->first && key <= row->last : key == row->first;
}

/* The row a key press takes in this mode, or NULL. */
static const key_row *row_for(ex_key_mode mode, const SDL_KeyboardEvent *k)
{
    bool ctrl = (k->keysym.mod & KMOD_CTRL) != 0, shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    for (int i = 0; i < KEY_ROWS; i++)
        if (matches(&key_table[i], mode, k->keysym.sym, ctrl, shift))
            return &key_table[i];
    if (mode == EX_KEYS_NORMAL)
        return NULL;
    const key_row *normal = row_for(EX_KEYS_NORMAL, k);
    return normal && (ctrl || normal->action == EX_ACT_HELP) ? normal : NULL;
}

static input on_key(const SDL_KeyboardEvent *k, ex_key_mode keys)
{
    const key_row *row = row_for(keys, k);
    if (!row)
        return (input){INPUT_NONE, EX_ACTION_COUNT, 0, {0, 0}, 0, 0};
    int value = row->value + (row->last ? (int)(k->keysym.sym - row->first) : 0);
    return (input){INPUT_ACTION, row->action, value, {0, 0}, 0, 0};
}

static input on_click(int x, int y, bool help_open, ex_key_mode keys, const ui_layout *layout,
                      input_pointer *pointer)
{
    input in = {INPUT_NONE, EX_ACTION_COUNT, 0, {0, 0}, 0, 0};
    if (help_open) {
        in.kind = INPUT_ACTION;
        in.action = EX_ACT_HELP; /* a click anywhere closes the help */
        return in;
    }
    if (keys == EX_KEYS_LESSONS) { /* the list of lessons takes the clicks while it is open */
        in.kind = INPUT_LESSON_ROW;
        in.x = x;
        in.y = y;
        return in;
    }
    ui_button b = ui_layout_button_at(layout, x, y);
    for (int i = 0; i < layout->variants && b == UI_BUTTON_NONE; i++) {
        ui_lane lane = ui_layout_lane(layout, layout->variants, i);
        if (ui_rect_contains(lane.board, x, y) || ui_rect_contains(lane.title, x, y)) {
            in.kind = INPUT_ACTION;
            in.action = EX_ACT_VARIANT;
            in.value = i;
            return in;
        }
    }
    if (ui_rect_contains(layout->lesson_next, x, y) || ui_rect_contains(layout->lesson_back, x, y)) {
        in.kind = INPUT_ACTION;
        in.action = ui_rect_contains(layout->lesson_next, x, y) ? EX_ACT_LESSON_NEXT : EX_ACT_LESSON_BACK;
        return in;
    }
    if (ui_rect_contains(layout->timeline, x, y)) {
        pointer->drag = INPUT_DRAG_TIMELINE;
        in.kind = INPUT_TIMELINE;
        in.value = x;
    } else if (ui_rect_contains(layout->tree, x, y)) {
        pointer->drag = INPUT_DRAG_TREE;
        in.kind = INPUT_TREE;
        in.x = x;
        in.y = y;
    } else if (ui_rect_contains(layout->tree_overview, x, y)) {
        in.kind = INPUT_OVERVIEW;
        in.value = x;
    } else if (b != UI_BUTTON_NONE) {
        in.kind = INPUT_ACTION;
        in.action = button_actions[b];
    } else if (ui_rect_contains(layout->minimap, x, y)) {
        in.kind = INPUT_MINIMAP;
        in.x = x;
        in.y = y;
    } else if (layout->n > NQ_MAX_N && ui_rect_contains(layout->board, x, y)) {
        pointer->drag = INPUT_DRAG_BOARD; /* a click or a drag: the button coming up tells */
        pointer->press_x = x;
        pointer->press_y = y;
        pointer->dragged = false;
    } else if (ui_layout_square_at(layout, x, y, &in.square)) {
        in.kind = INPUT_SQUARE;
    }
    return in;
}

input input_translate(const SDL_Event *e, ex_key_mode keys, bool help_open, const ui_layout *layout, double scale,
                      input_pointer *pointer)
{
    input none = {INPUT_NONE, EX_ACTION_COUNT, 0, {0, 0}, 0, 0};
    switch (e->type) {
    case SDL_QUIT: return (input){INPUT_QUIT, EX_ACT_QUIT, 0, {0, 0}, 0, 0};
    case SDL_KEYDOWN: return on_key(&e->key, keys);
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button != SDL_BUTTON_LEFT)
            return none;
        return on_click((int)(e->button.x * scale), (int)(e->button.y * scale), help_open, keys, layout, pointer);
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return none;
        input in = none;
        if (pointer->drag == INPUT_DRAG_BOARD && !pointer->dragged && !help_open &&
            ui_layout_square_at(layout, pointer->press_x, pointer->press_y, &in.square))
            in.kind = INPUT_SQUARE;
        pointer->drag = INPUT_DRAG_NONE;
        return in;
    }
    case SDL_MOUSEMOTION: {
        int x = (int)(e->motion.x * scale), y = (int)(e->motion.y * scale);
        input in = none;
        if (pointer->drag == INPUT_DRAG_TIMELINE && (e->motion.state & SDL_BUTTON_LMASK))
            in = (input){INPUT_TIMELINE, EX_ACTION_COUNT, x, {0, 0}, 0, 0};
        else if (pointer->drag == INPUT_DRAG_TREE && (e->motion.state & SDL_BUTTON_LMASK) && pointer->inside)
            in = (input){INPUT_TREE_PAN, EX_ACTION_COUNT, 0, {0, 0}, x - pointer->x, y - pointer->y};
        else if (pointer->drag == INPUT_DRAG_BOARD && (e->motion.state & SDL_BUTTON_LMASK) && pointer->inside) {
            int slack = ui_layout_px(layout, INPUT_DRAG_SLACK);
            if (abs(x - pointer->press_x) > slack || abs(y - pointer->press_y) > slack)
                pointer->dragged = true;
            if (pointer->dragged)
                in = (input){INPUT_BOARD_PAN, EX_ACTION_COUNT, 0, {0, 0}, x - pointer->x, y - pointer->y};
        }
        pointer->inside = true;
        pointer->x = x;
        pointer->y = y;
        return in;
    }
    case SDL_MOUSEWHEEL: {
        if (help_open || !pointer->inside || !e->wheel.y)
            return none;
        int notches = e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e->wheel.y : e->wheel.y;
        if (ui_rect_contains(layout->tree, pointer->x, pointer->y))
            return (input){INPUT_TREE_ZOOM, EX_ACTION_COUNT, notches, {0, 0}, 0, 0};
        if (layout->n > NQ_MAX_N && ui_rect_contains(layout->board, pointer->x, pointer->y))
            return (input){INPUT_BOARD_ZOOM, EX_ACTION_COUNT, notches, {0, 0}, pointer->x, pointer->y};
        return none;
    }
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_LEAVE)
            pointer->inside = false;
        return none;
    default: return none;
    }
}

bool input_pointer_square(const input_pointer *pointer, const ui_layout *layout, nq_square *square)
{
    return pointer->inside && ui_layout_square_at(layout, pointer->x, pointer->y, square);
}

int input_help(input_help_line *lines, int max)
{
    int count = -1;
    for (int i = 0; i < KEY_ROWS; i++) {
        const key_row *row = &key_table[i];
        if (row->help) {
            if (++count >= max)
                return max;
            /* TRANSLATORS: a heading of the help: what clicks and the wheel do. */
            lines[count].section = row->first == MOUSE ? N_("Mouse") : section_of(row->mode);
            lines[count].text = row->help;
            snprintf(lines[count].keys, sizeof lines[count].keys, "%s", row->name);
        } else if (row->name && count >= 0) {
            size_t len = strlen(lines[count].keys);
            snprintf(lines[count].keys + len, sizeof lines[count].keys - len, " / %s", row->name);
        }
    }
    return count + 1;
}

const char *input_action_help(ex_action action)
{
    const char *help = NULL;
    for (int i = 0; i < KEY_ROWS; i++) {
        if (key_table[i].help)
            help = key_table[i].help;
        if (key_table[i].action == action)
            return help;
    }
    return NULL;
}

void input_help_markdown(FILE *out)
{
    input_help_line lines[INPUT_HELP_MOST];
    int count = input_help(lines, INPUT_HELP_MOST);
    fprintf(out, "| keys | does |\n|---|---|\n");
    for (int i = 0; i < count; i++) {
        bool plain = !strcmp(lines[i].section, "Keys") || !strcmp(lines[i].section, "Mouse");
        fprintf(out, "| %s%s%s | %s |\n", plain ? "" : lines[i].section, plain ? "" : ": ", lines[i].keys,
                lines[i].text);
    }
}
