/* args.c -- the app's options, checked with the engine's own parsers so that the messages and
 * ranges match nqueens-cli. */
#include "args.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

const char app_usage[] =
    "Usage: nqueens [--n N] [--first COL,ROW] [--mode watch|solve] [--speed STEPS_PER_S|max]\n"
    "               [--size WxH] [--trace] [--bench-ui SECONDS] [--help]\n"
    "\n"
    "  --n N             board size, 1 to 64 (default: the last one used, else 8)\n"
    "  --first COL,ROW   pin the first queen at column COL, row ROW (1-based, from the top left)\n"
    "  --mode M          watch: animate the search step by step; solve: at full speed\n"
    "  --speed S         watch speed in steps a second, 1 to 1000000, or max\n"
    "  --size WxH        window size in points, at least 640x480\n"
    "  --trace           print a line on stdout for every change a person can see\n"
    "  --bench-ui SECS   measure frame rate and CPU while Watch runs at full speed on N = 12,\n"
    "                    then the CPU used idle for 10 s; print the figures and quit\n"
    "  --help            print this help\n"
    "\n"
    "Keys: press F1 or ? in the window.\n";

__attribute__((format(printf, 1, 2))) static int bad(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("nqueens: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

int app_args_parse(int argc, char **argv, app_args *args)
{
    memset(args, 0, sizeof *args);
    const char *first_text = NULL;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
            args->help = true;
            continue;
        }
        if (!strcmp(opt, "--trace")) {
            args->trace = true;
            continue;
        }
        static const char *const with_value[] = {"--n", "--first", "--mode", "--speed", "--size", "--bench-ui"};
        bool known = false;
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
            known = known || !strcmp(opt, with_value[k]);
        if (!known)
            return bad("unknown option '%s'; see nqueens --help", opt);
        if (i + 1 >= argc)
            return bad("%s needs a value; see nqueens --help", opt);
        const char *value = argv[++i];
        uint64_t number;
        if (!strcmp(opt, "--n")) {
            if (!nq_parse_number(value, NQ_MIN_N, NQ_MAX_N, &number))
                return bad("--n must be a whole number from 1 to 64 (got '%s')", value);
            args->n = (int)number;
            args->has_n = true;
        } else if (!strcmp(opt, "--first")) {
            first_text = value;
        } else if (!strcmp(opt, "--mode")) {
            if (strcmp(value, "watch") && strcmp(value, "solve"))
                return bad("--mode must be watch or solve (got '%s')", value);
            args->mode = !strcmp(value, "watch") ? EX_WATCH : EX_SOLVE;
            args->has_mode = true;
        } else if (!strcmp(opt, "--speed")) {
            if (!strcmp(value, "max"))
                args->speed = EX_SPEED_MAX;
            else if (nq_parse_number(value, 1, 1000000, &number))
                args->speed = (double)number;
            else
                return bad("--speed must be a whole number of steps a second from 1 to 1000000, or max (got '%s')",
                           value);
            args->has_speed = true;
        } else if (!strcmp(opt, "--size")) {
            const char *x = strchr(value, 'x');
            char w_text[16];
            uint64_t w, h;
            size_t w_len = x ? (size_t)(x - value) : 0;
            if (!x || w_len >= sizeof w_text)
                return bad("--size must be WxH, at least 640x480 and at most 16384x16384 (got '%s')", value);
            memcpy(w_text, value, w_len);
            w_text[w_len] = '\0';
            if (!nq_parse_number(w_text, UI_MIN_WIDTH, 16384, &w) || !nq_parse_number(x + 1, UI_MIN_HEIGHT, 16384, &h))
                return bad("--size must be WxH, at least 640x480 and at most 16384x16384 (got '%s')", value);
            args->width = (int)w;
            args->height = (int)h;
            args->has_size = true;
        } else {
            if (!nq_parse_number(value, 1, 3600, &number))
                return bad("--bench-ui must be a whole number of seconds from 1 to 3600 (got '%s')", value);
            args->bench_seconds = (double)number;
        }
    }
    args->first_text = first_text;
    return 0;
}

int app_args_check_first(app_args *args, int n)
{
    if (!args->first_text)
        return 0;
    char err[160];
    if (!nq_square_parse(args->first_text, n, &args->first, err, sizeof err))
        return bad("--first: %s", err);
    args->has_first = true;
    return 0;
}
