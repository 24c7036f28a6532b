/*
 * args.c -- the app's options and the values it shares with the settings file, checked with the
 * engine's own parsers so that the messages and ranges match nqueens-cli.
 *
 * Every message goes through one printer (vwarn) that keeps it on one line whatever the person
 * typed; the parser fills a copy of the result and hands it over only when the whole command
 * line is good, so a bad one changes nothing.
 *
 * The help and the messages are marked for translation like nqueens-cli's; option names, their
 * values and the figures in them stay as they are in every language. The help is one literal with
 * its figures written out, so that xgettext reads it whole (tests/test_args.c keeps those figures
 * equal to the parser's).
 */
#include "args.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "nq/find.h"
#include "nq/i18n.h"

enum { BENCH_LIMIT_SECONDS = 3600 };

const char app_usage[] = N_(
    /* TRANSLATORS: the desktop app's --help. Keep the option names (--n, --first...), their values
     * (watch, solve, backtrack, max...), F1 and ? (key names) and the columns; translate the rest. */
    "Usage: nqueens [--n N] [--first COL,ROW] [--mode watch|solve] [--method M]\n"
    "               [--speed STEPS_PER_S|max] [--size WxH] [--scale S|auto]\n"
    "               [--theme dark|light|contrast] [--lang CODE] [--trace]\n"
    "               [--bench-ui SECONDS] [--help] [--lesson FILE|NAME] [[--moment] FILE]\n"
    "\n"
    "  --n N             board size, 1 to 1000000 (default: the last one used, else 8);\n"
    "                    above 64 the board shows one solution, found directly\n"
    "  --first COL,ROW   pin the first queen at column COL, row ROW (1-based, from the top left)\n"
    "  --mode M          watch: animate the search step by step; solve: at full speed\n"
    "  --method M        how Watch searches: backtrack, forward (forward checking), firstfail\n"
    "                    (first fail) or minconflicts (default: the last one used, else backtrack)\n"
    "  --speed S         watch speed in steps a second, 1 to 1000000, or max\n"
    "  --size WxH        window size in points, from 640x480 to 16384x16384\n"
    "                    (a window larger than the screen is made to fit it)\n"
    "  --scale S         how large text and controls are: 1 to 4 in steps of 0.25, for a\n"
    "                    screen of many pixels an inch; auto: as the desktop says (GDK_SCALE),\n"
    "                    else 1 (default: the last one given, else auto). A desktop that\n"
    "                    scales windows itself (Wayland, macOS) gets sharp pixels either way\n"
    "  --theme T         the colours: dark, light, or contrast (high contrast, told apart\n"
    "                    without relying on red and green) (default: the last one used, else\n"
    "                    dark); D in the window switches to the next\n"
    "  --lang CODE       the language: en (English), th (Thai), fa (Persian), zh_TW\n"
    "                    (Traditional Chinese) or he (Hebrew); default: the last one used,\n"
    "                    else LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English.\n"
    "                    L in the window switches to the next\n"
    "  --trace           print a line on stdout for every change a person can see\n"
    "  --bench-ui SECS   measure frame rate and CPU while Watch runs at full speed on N = 14,\n"
    "                    then the CPU used idle for 10 s; print the figures and quit\n"
    "  --help            print this help\n"
    "  --moment FILE     open the moment saved in FILE (Ctrl+M in the window saves one): its\n"
    "                    board, method, step, views and page; FILE alone does the same\n"
    "  --lesson L        open a lesson: a lesson file, or the name of a bundled one (F2 in the\n"
    "                    window lists them); a lesson FILE alone opens too\n"
    "\n"
    "Keys: press F1 or ? in the window.\n");

static const char *const mode_names[] = {[EX_WATCH] = "watch", [EX_SOLVE] = "solve"};

const char *app_mode_name(ex_mode mode)
{
    return mode_names[mode];
}

bool app_mode_parse(const char *text, ex_mode *mode)
{
    for (size_t m = 0; m < sizeof mode_names / sizeof mode_names[0]; m++) {
        if (!strcmp(text, mode_names[m])) {
            *mode = (ex_mode)m;
            return true;
        }
    }
    return false;
}

bool app_scale_parse(const char *text, double *scale)
{
    if (!strcmp(text, "auto")) {
        *scale = 0;
        return true;
    }
    /* Whole quarters: "1", "1.5", "2.25"; digits only, so that "1e0", " 2" or "0x2" are refused. */
    int whole = 0, hundredths = 0, digits = 0;
    const char *c = text;
    for (; *c >= '0' && *c <= '9' && digits < 2; c++, digits++)
        whole = whole * 10 + (*c - '0');
    if (digits == 0)
        return false;
    if (*c == '.') {
        int places = 0;
        for (c++; *c >= '0' && *c <= '9' && places < 2; c++, places++)
            hundredths += (*c - '0') * (places == 0 ? 10 : 1);
        if (places == 0)
            return false;
    }
    int quarters = whole * 4 + hundredths / 25;
    if (*c != '\0' || hundredths % 25 != 0 || quarters < 4 || quarters > 16)
        return false;
    *scale = quarters / 4.0;
    return true;
}

bool app_n_parse(const char *text, int *n)
{
    uint64_t value;
    if (!nq_parse_number(text, NQ_MIN_N, EX_MAX_N, &value))
        return false;
    *n = (int)value;
    return true;
}

bool app_speed_parse(const char *text, double *speed)
{
    uint64_t steps;
    if (!strcmp(text, "max"))
        *speed = EX_SPEED_MAX;
    else if (nq_parse_number(text, 1, APP_SPEED_LIMIT, &steps))
        *speed = (double)steps;
    else
        return false;
    return true;
}

static bool side_parse(const char *text, int least, int *side)
{
    uint64_t points;
    if (!nq_parse_number(text, (uint64_t)least, APP_SIZE_LIMIT, &points))
        return false;
    *side = (int)points;
    return true;
}

bool app_width_parse(const char *text, int *side)
{
    return side_parse(text, UI_MIN_WIDTH, side);
}

bool app_height_parse(const char *text, int *side)
{
    return side_parse(text, UI_MIN_HEIGHT, side);
}

/* "WxH": both sides must parse, or neither is written. */
static bool size_parse(const char *text, int *width, int *height)
{
    const char *x = strchr(text, 'x');
    char width_text[16];
    size_t width_len = x ? (size_t)(x - text) : 0;
    int w, h;
    if (!x || width_len >= sizeof width_text)
        return false;
    memcpy(width_text, text, width_len);
    width_text[width_len] = '\0';
    if (!app_width_parse(width_text, &w) || !app_height_parse(x + 1, &h))
        return false;
    *width = w;
    *height = h;
    return true;
}

/* The one printer behind every message: formats the whole line first, so that the values in it
 * are escaped along with the rest. */
__attribute__((format(printf, 1, 0))) static void vwarn(const char *fmt, va_list ap)
{
    va_list measure;
    va_copy(measure, ap);
    int length = vsnprintf(NULL, 0, fmt, measure);
    va_end(measure);
    char *line = length >= 0 ? malloc((size_t)length + 1) : NULL;
    fputs("nqueens: ", stderr);
    if (line) {
        vsnprintf(line, (size_t)length + 1, fmt, ap);
        nq_write_escaped(stderr, line);
        free(line);
    } else {
        fputs(_("out of memory while writing a message"), stderr);
    }
    fputc('\n', stderr);
}

void app_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwarn(fmt, ap);
    va_end(ap);
}

int app_finish_output(int status)
{
    errno = 0;
    if (fflush(stdout) != EOF && !ferror(stdout))
        return status;
    /* TRANSLATORS: standard output could not be written; %s says why (from the system). */
    app_warn(_("cannot write the output: %s"), strerror(errno ? errno : EIO));
    return status ? status : 1;
}

/* Prints the message like app_warn; returns the exit status for a bad command line. */
__attribute__((format(printf, 1, 2))) static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwarn(fmt, ap);
    va_end(ap);
    return APP_EXIT_USAGE;
}

static bool is_help(const char *arg)
{
    return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

static const char *const with_value[] = {"--n",    "--first", "--mode",     "--method", "--speed",
                                         "--size", "--scale", "--bench-ui", "--lang",   "--theme",
                                         "--moment", "--lesson"};

static bool takes_value(const char *opt)
{
    for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
        if (!strcmp(opt, with_value[k]))
            return true;
    return false;
}

/* One option with its value; writes only into *a. */
static int parse_option(const char *opt, const char *value, app_args *a)
{
    uint64_t number;
    if (!strcmp(opt, "--n")) {
        if (!app_n_parse(value, &a->n))
            return usage_error(_("--n must be a whole number from %d to %d (got '%s')"), NQ_MIN_N, EX_MAX_N, value);
        a->has_n = true;
    } else if (!strcmp(opt, "--first")) {
        a->first_text = value;
    } else if (!strcmp(opt, "--mode")) {
        if (!app_mode_parse(value, &a->mode))
            /* TRANSLATORS: the first two %s are the option's values "watch" and "solve": they stay as they are. */
            return usage_error(_("--mode must be %s or %s (got '%s')"), app_mode_name(EX_WATCH),
                               app_mode_name(EX_SOLVE), value);
        a->has_mode = true;
    } else if (!strcmp(opt, "--method")) {
        if (!nq_method_parse(value, &a->method))
            return usage_error(_("--method must be backtrack, forward, firstfail or minconflicts (got '%s')"), value);
        a->has_method = true;
    } else if (!strcmp(opt, "--speed")) {
        if (!app_speed_parse(value, &a->speed))
            /* TRANSLATORS: "max" is the option's value: it stays as it is. */
            return usage_error(_("--speed must be a whole number of steps a second from 1 to %d, or max (got '%s')"),
                               APP_SPEED_LIMIT, value);
        a->has_speed = true;
    } else if (!strcmp(opt, "--size")) {
        if (!size_parse(value, &a->width, &a->height))
            /* TRANSLATORS: WxH is how the value is written (width x height): it stays as it is. */
            return usage_error(_("--size must be WxH, at least %dx%d and at most %dx%d (got '%s')"), UI_MIN_WIDTH,
                               UI_MIN_HEIGHT, APP_SIZE_LIMIT, APP_SIZE_LIMIT, value);
        a->has_size = true;
    } else if (!strcmp(opt, "--scale")) {
        if (!app_scale_parse(value, &a->scale))
            /* TRANSLATORS: "auto" is the option's value: it stays as it is. */
            return usage_error(
                _("--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '%s')"), value);
        a->has_scale = true;
    } else if (!strcmp(opt, "--theme")) {
        if (!ex_theme_parse(value, &a->theme))
            /* TRANSLATORS: dark, light and contrast are the option's values: they stay as they are. */
            return usage_error(_("--theme must be dark, light or contrast (got '%s')"), value);
        a->has_theme = true;
    } else if (!strcmp(opt, "--moment")) {
        if (a->moment)
            /* TRANSLATORS: %s is the second file named; the window opens one moment. */
            return usage_error(_("one moment at a time: '%s' is a second file; see nqueens --help"), value);
        a->moment = value;
    } else if (!strcmp(opt, "--lesson")) {
        if (a->lesson)
            /* TRANSLATORS: %s is the second lesson named; the window opens one lesson. */
            return usage_error(_("one lesson at a time: '%s' is a second one; see nqueens --help"), value);
        a->lesson = value;
    } else if (!strcmp(opt, "--lang")) {
        if (nq_lang_find(value) < 0)
            return usage_error(_("--lang must be one of en, th, fa, zh_TW and he (got '%s')"), value);
        a->lang = nq_lang_find(value);
        a->has_lang = true;
    } else {
        if (!nq_parse_number(value, 1, BENCH_LIMIT_SECONDS, &number))
            return usage_error(_("--bench-ui must be a whole number of seconds from 1 to %d (got '%s')"),
                               BENCH_LIMIT_SECONDS, value);
        a->bench_seconds = (double)number;
    }
    return 0;
}

int app_args_parse(int argc, char **argv, app_args *args)
{
    app_args a = {0};
    for (int i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            *args = (app_args){.help = true};
            return 0;
        }
    }
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--trace")) {
            a.trace = true;
            continue;
        }
        if (opt[0] != '-') { /* FILE: a moment to open */
            int status = parse_option("--moment", opt, &a);
            if (status)
                return status;
            continue;
        }
        if (!takes_value(opt))
            return usage_error(_("unknown option '%s'; see nqueens --help"), opt);
        if (i + 1 >= argc)
            /* TRANSLATORS: %s is the name of an option, like --n. */
            return usage_error(_("%s needs a value; see nqueens --help"), opt);
        int status = parse_option(opt, argv[++i], &a);
        if (status)
            return status;
    }
    *args = a;
    return 0;
}

int app_args_check_first(app_args *args, int n)
{
    if (!args->first_text)
        return 0;
    /* The engine's message quotes the text: room for all of it, however long, and for its words
     * in three bytes a character. */
    size_t err_size = strlen(args->first_text) + 480;
    char *err = malloc(err_size);
    if (!err)
        return usage_error(_("--first: out of memory while checking '%s'"), args->first_text);
    int status = 0;
    if (nq_square_parse(args->first_text, n, &args->first, err, err_size))
        args->has_first = true;
    else
        /* TRANSLATORS: %s is why the value of --first is wrong (a whole clause, translated already). */
        status = usage_error(_("--first: %s"), err);
    free(err);
    return status;
}
