/*
 * args.h -- the app's command line:
 *   nqueens [--n N] [--first COL,ROW] [--mode watch|solve] [--speed STEPS_PER_S|max]
 *           [--size WxH] [--trace] [--bench-ui SECONDS] [--help]
 * Parsed completely before anything starts; bad values get one line on stderr and exit 2.
 */
#ifndef APP_ARGS_H
#define APP_ARGS_H

#include <stdbool.h>

#include "explorer.h"

typedef struct app_args {
    bool has_n, has_first, has_mode, has_speed, has_size;
    int n;
    nq_square first;
    ex_mode mode;
    double speed;
    int width, height;
    bool trace;
    double bench_seconds; /* 0: no benchmark */
    bool help;
    const char *first_text; /* checked by app_args_check_first() once N is known */
} app_args;

/* Parses argv into *args. Returns 0, or 2 after printing what was wrong. */
int app_args_parse(int argc, char **argv, app_args *args);

/* Checks --first against the board size in use (from --n or the saved settings). Returns 0, or
 * 2 after printing what was wrong. */
int app_args_check_first(app_args *args, int n);

extern const char app_usage[];

#endif
