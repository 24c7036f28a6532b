/*
 * export.h -- the board out of the program: as a PNG file (the board and its numbers, or the search
 * tree, as drawn in the last frame), as text on the clipboard (the layout nqueens-cli prints), and
 * the moment as a file that reopens it (moment.h).
 * Both report to the explorer's status line (and the PNG to its trace). UI thread only.
 */
#ifndef APP_EXPORT_H
#define APP_EXPORT_H

#include <SDL.h>

#include "model.h"
#include "layout.h"

/* What a PNG holds: the board (and the search tree beside it, when it is shown), or the tree. */
typedef enum export_what { EXPORT_BOARD, EXPORT_TREE } export_what;

/*
 * Saves that area of the frame just drawn (before it is presented) as a PNG named after N, the
 * pinned queen and the solution or step shown, in the current folder, or in the preference folder
 * if that one is not writable. Never overwrites: a name already taken gets -2, -3, ... before .png.
 */
void export_png(SDL_Renderer *renderer, const ui_layout *layout, explorer *ex, export_what what);

/* Saves the moment shown (moment.h) as a new file named after N, the pinned queen and the step
 * ("nqueens-6-first-2-1-step-37.nqmoment"), where and as a PNG is saved; the panel and the trace
 * say where it went. */
void export_moment(explorer *ex);

/* Copies the solution shown as text, or says why not. */
void export_copy(explorer *ex);

#endif
