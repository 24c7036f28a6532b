/*
 * bench_ui.h -- `nqueens --bench-ui SECONDS`: the frame rate, frame times and CPU of the real
 * window while Watch runs at full speed on N = 14 (a run of 8 * 10^8 steps, longer than any
 * measurement), then the CPU used idle. Prints figures; never
 * fails on time. UI thread only.
 */
#ifndef APP_BENCH_UI_H
#define APP_BENCH_UI_H

#include "app.h"

void bench_ui_run(app *a, double seconds);

#endif
