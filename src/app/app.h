/*
 * app.h -- the window and its loop: SDL starts, the window opens, and every frame input becomes
 * actions (input.c), the solver's events are applied to the model (model.c), the layout follows
 * the window, and the frame is drawn (render.c) and presented. The loop sleeps in
 * SDL_WaitEventTimeout for as long as the model says nothing moves; the worker wakes it with an
 * SDL user event. UI thread only.
 */
#ifndef APP_APP_H
#define APP_APP_H

#include <stdbool.h>
#include <stddef.h>

#include "args.h"
#include "model.h"
#include "settings.h"

typedef struct app app;

/* The assets folder (the bundled font, the queen's image) into dir: $NQUEENS_ASSETS (said on stderr
 * when it does not hold them), next to the binary, installed under share/ (from bin/, or from
 * libexec/nqueens/ for nqueens-gif), or the source tree the binary was built from. False when none
 * holds them. Also for nqueens-cli gif. */
bool app_assets_find(char *dir, size_t size);

/* Runs the program until the person quits (or the --bench-ui run ends), starting from the merged
 * settings, or at moment (NULL: none; read already, named by args->moment), or in lesson (NULL:
 * none; read already; the app owns it from now on); on return *settings
 * holds what to keep for the next run (N, mode, speed, window size). Returns the exit status. */
int app_run(const app_args *args, app_settings *settings, const ex_moment *moment, ex_lesson *lesson);

/* Times of the frames drawn, for the UI benchmark. */
typedef struct app_frames {
    double *seconds;
    size_t count, capacity;
} app_frames;

/* Runs frames until the person quits or the clock passes until (0: no limit); records the time
 * each frame drawn took into frames (may be NULL). */
void app_loop(app *a, double until, app_frames *frames);

/* Lays out and draws one frame now, whatever changed; returns the seconds it took (for the UI
 * benchmark, which moves the view between frames). */
double app_draw_now(app *a);

/* The model the loop runs. */
explorer *app_explorer(app *a);

#endif
