/*
 * args.h -- the app's command line:
 *   nqueens [--n N] [--first COL,ROW] [--mode watch|solve] [--method M] [--speed STEPS_PER_S|max]
 *           [--size WxH] [--scale S|auto] [--theme dark|light|contrast] [--lang CODE] [--trace]
 *           [--bench-ui SECONDS] [--help] [--lesson FILE|NAME] [[--moment] FILE]
 * and the words and ranges that the command line and the settings file share: N, the mode names,
 * the speed and the window size are parsed by the functions below and nowhere else.
 *
 * Parsed completely before anything starts; bad values get one line on stderr and exit status 2.
 * No SDL here: the model and the tests use this file without a window.
 */
#ifndef APP_ARGS_H
#define APP_ARGS_H

#include <stdbool.h>

#include "model.h"

/* The largest watch speed in steps a second, and the largest window side in points; the
 * smallest window is the layout's (UI_MIN_WIDTH x UI_MIN_HEIGHT in layout.h). Macros, so that
 * the usage text can spell them. */
#define APP_SPEED_LIMIT 1000000
#define APP_SIZE_LIMIT 16384

/* The exit status for a bad command line. */
enum { APP_EXIT_USAGE = 2 };

typedef struct app_args {
    bool has_n, has_first, has_mode, has_method, has_speed, has_size, has_lang, has_scale, has_theme;
    int n;
    int lang; /* a language of nq/i18n.h */
    nq_square first;
    ex_mode mode;
    nq_method method;
    double speed;
    int width, height;
    double scale; /* 1 to 4, or 0: auto */
    ex_theme theme;
    bool trace;
    double bench_seconds; /* 0: no benchmark */
    bool help;
    const char *first_text; /* points into argv; checked by app_args_check_first() once N is known */
    const char *moment;     /* a moment file to open (moment.h), from --moment or the one positional
                               argument; points into argv; NULL: none */
    const char *lesson;     /* --lesson: a lesson file or a bundled lesson's name (lesson.h); NULL: none */
} app_args;

/*
 * Parses argv into *args. Options are matched by their whole name; a value is the next
 * argument, whatever it looks like; an option given twice keeps its last value, but a second
 * moment (--moment, or an argument not beginning with '-') is refused. --help (or -h)
 * anywhere wins: *args then says only help, and nothing else is checked.
 * Returns 0, or APP_EXIT_USAGE after printing one line saying what was wrong; *args is then
 * untouched.
 */
int app_args_parse(int argc, char **argv, app_args *args);

/* Checks --first against the board size in use (from --n or the saved settings) and sets
 * args->first and has_first. Returns 0, or APP_EXIT_USAGE after printing what was wrong; *args
 * is then untouched. */
int app_args_check_first(app_args *args, int n);

/* The text --help prints, in English: printed as _(app_usage). */
extern const char app_usage[];

/* "watch" or "solve", as the command line, the settings file and the --trace lines spell them. */
const char *app_mode_name(ex_mode mode);

/* Parses "watch" or "solve". Returns false on anything else; *mode is then untouched. */
bool app_mode_parse(const char *text, ex_mode *mode);

/* Parses a watch speed: a whole number of steps a second from 1 to APP_SPEED_LIMIT, or "max"
 * (EX_SPEED_MAX). Returns false on anything else; *speed is then untouched. */
bool app_speed_parse(const char *text, double *speed);

/* Parses a scale of text and controls: 1 to 4 in steps of 0.25 ("1", "1.5", "2.25"), or "auto"
 * (0). Returns false on anything else; *scale is then untouched. */
bool app_scale_parse(const char *text, double *scale);

/* N: a whole number from NQ_MIN_N to EX_MAX_N (above NQ_MAX_N the window shows one solution).
 * False, *n untouched, for anything else. */
bool app_n_parse(const char *text, int *n);

/* Parse a window width (UI_MIN_WIDTH to APP_SIZE_LIMIT) or height (UI_MIN_HEIGHT to
 * APP_SIZE_LIMIT) in points. Return false on anything else; *side is then untouched. */
bool app_width_parse(const char *text, int *side);
bool app_height_parse(const char *text, int *side);

/*
 * Prints "nqueens: ", the message and a newline on stderr, always as one line: a control
 * character in the message (a newline in a value someone typed, say) is written escaped, as \n,
 * \r, \t or \xHH. Any thread; nothing is kept.
 */
__attribute__((format(printf, 1, 2))) void app_warn(const char *fmt, ...);

/* Flushes standard output (the help, the UI benchmark's figures): status when all of it was
 * written, else 1 with one line on stderr saying why (a full disk, a closed pipe). Main thread. */
int app_finish_output(int status);

#endif
