/*
 * film.h -- the watched search as an animated GIF, for slides: from one step on, a frame a step,
 * each the board with its numbers and the method's marks as the window draws them at that step,
 * and the step's narration under it, in the language and the theme in use (right to left in
 * Persian and Hebrew, as the window writes them). Drawn off screen by a software renderer on a
 * surface of its own (no window: it runs with SDL_VIDEODRIVER=dummy too) and written by gif.h.
 *
 * The steps come from the search's own trace iterator, continued from the moment given: the
 * frames are the steps the window would show, whether or not the watch has reached them yet.
 * Bounded: at most FILM_MOST_FRAMES frames and FILM_MOST_WIDTH pixels across. Written a frame at a
 * time, so that the window's Ctrl+G (export.c) goes on drawing the window between two frames
 * rather than freezing (300 frames 800 pixels wide take seconds); nqueens-cli gif writes them in
 * one go. Needs SDL_ttf and SDL_image started (and a language chosen); the UI thread (or the
 * command line's one thread).
 */
#ifndef APP_FILM_H
#define APP_FILM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/timeline.h"
#include "layout.h"
#include "model.h"

enum {
    FILM_MOST_FRAMES = 300,
    FILM_MOST_WIDTH = 800,
    FILM_LEAST_WIDTH = 160,
    FILM_DEFAULT_FRAMES = 60,
    FILM_MOST_SPEED = 50, /* steps a second that a GIF shows: a frame of GIF_LEAST_DELAY hundredths */
};

typedef struct film_request {
    nq_moment start;      /* the first frame's moment (the watched search at the step shown) */
    int frames;           /* how many frames: the start and the steps after it (1 to FILM_MOST_FRAMES) */
    double speed;         /* steps a second (EX_SPEED_MAX: as fast as a GIF goes) */
    int pinned_row;       /* the pinned queen's row, drawn on its red disc, or -1 */
    ex_theme theme;
    int width;            /* the most pixels across a frame (FILM_LEAST_WIDTH to FILM_MOST_WIDTH) */
    double density;       /* pixels a point, as the layout takes it (1: a plain screen) */
    const ui_layout *window; /* the window's layout, whose board the film shows as it is where it
                                fits in width (NULL: none, a layout of the film's own) */
    /* A solution's lexicographic number, for the narration of first fail's (NULL, or 0: not known). */
    uint64_t (*rank)(void *context, const int *cols);
    void *rank_context;
    const char *assets;   /* the folder of the queen's image and the bundled font */
} film_request;

/* What was written: frames (fewer than asked when the search ends first) of width x height. */
typedef struct film_result {
    int frames, width, height;
} film_result;

/* GIF's delay between two frames, in hundredths of a second, at speed steps a second (at least
 * GIF_LEAST_DELAY; EX_SPEED_MAX gives the least). */
int film_delay(double speed);

typedef struct film film;

/* Starts writing the film r asks for to path (over a file there if replace, else only where none
 * is): NULL, with why, if it cannot. */
film *film_begin(const film_request *r, const char *path, bool replace, char *why, size_t why_size);

/* Draws and writes the next frame (a few milliseconds: the window draws between two); false once
 * there is none left to write, or writing failed (film_end says which). */
bool film_next(film *f);

/* The path the film goes to. */
const char *film_path(const film *f);

/* Frames written so far, and how many were asked (within FILM_MOST_FRAMES). */
int film_frames(const film *f);
int film_frames_asked(const film *f);

/* Ends the film and frees f: true with what was written once path holds all of it; false, with
 * why and no file left, if anything failed. */
bool film_end(film *f, film_result *out, char *why, size_t why_size);

/* Gives the film up and frees f: no file is left. */
void film_cancel(film *f);

/* film_begin, film_next until done, film_end: the film r asks for to path (over a file there if
 * replace, else only where none is):
 * true with what was written; false with why (a file that could not be written leaves nothing). */
bool film_save(const film_request *r, const char *path, bool replace, film_result *out, char *why, size_t why_size);

#endif
