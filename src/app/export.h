/*
 * export.h -- the board out of the program: as a PNG file (the board and its numbers, or the search
 * tree, as drawn in the last frame), as text on the clipboard (the layout nqueens-cli prints), the
 * moment as a file that reopens it (moment.h), and the watch from the step shown as an animated GIF
 * (film.h), written a frame at a time between the window's frames.
 * Both report to the explorer's status line (and the PNG to its trace). UI thread only.
 */
#ifndef APP_EXPORT_H
#define APP_EXPORT_H

#include <SDL.h>

#include "film.h"
#include "layout.h"
#include "model.h"

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

/* A GIF of the watch being saved from the window (export.c). */
typedef struct export_gif export_gif;

/* Starts saving the watched search from the step on the board as a GIF (FILM_DEFAULT_FRAMES frames
 * at the watch's speed, as wide as the window's board and its numbers up to FILM_MOST_WIDTH, at the
 * layout's density), named after N, the pinned queen and the step ("nqueens-8-step-37.gif"), where
 * and as a PNG is saved: the current folder, else (when it cannot be written there, even once the
 * GIF is under way) the preference folder. assets: the folder of the queen and the font. Returns
 * the GIF to go on with export_gif_continue(), or NULL when it is refused or cannot start (the
 * panel says why). The board and the watch stay as they are. */
export_gif *export_gif_start(explorer *ex, const ui_layout *layout, const char *assets);

/* Writes frames of g for about seconds, then returns g while frames are left (the panel says how
 * many are written), or NULL once it has ended and is freed: the panel and the trace then say
 * where it went, or the panel why it could not be saved. */
export_gif *export_gif_continue(export_gif *g, explorer *ex, double seconds);

/* Gives g up (the window closes): nothing is left of it. */
void export_gif_cancel(export_gif *g);

/* Copies the solution shown as text, or says why not. */
void export_copy(explorer *ex);

#endif
