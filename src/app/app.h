/*
 * app.h -- the window and its loop: SDL events become explorer actions, the worker's events are
 * drained, the layout follows the window, and the frame is drawn and presented. The loop sleeps
 * in SDL_WaitEventTimeout when nothing moves; the worker wakes it with an SDL user event.
 */
#ifndef APP_APP_H
#define APP_APP_H

#include "args.h"

/* Runs the program with parsed arguments until the person quits. Returns the exit status. */
int app_run(app_args *args);

#endif
