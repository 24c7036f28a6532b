/*
 * test_args.c -- the app's command line as a person types it: every option, every error with its
 * exact message and exit status 2 and nothing changed, --help anywhere, and messages that stay on
 * one line whatever was typed. Also the mode names and ranges that the settings file shares.
 * stderr is captured through a temporary file, so the messages are checked word for word.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "args.h"
#include "layout.h"

enum { MAX_ARGS = 16 };

/* What a run printed on stderr; filled by capture_end(). */
typedef struct capture {
    FILE *file;
    int saved_fd;
    char text[1024];
} capture;

static void capture_begin(capture *c)
{
    fflush(stderr);
    c->file = tmpfile();
    assert_non_null(c->file);
    c->saved_fd = dup(STDERR_FILENO);
    assert_true(c->saved_fd >= 0);
    assert_int_equal(dup2(fileno(c->file), STDERR_FILENO), STDERR_FILENO);
}

static void capture_end(capture *c)
{
    fflush(stderr);
    assert_int_equal(dup2(c->saved_fd, STDERR_FILENO), STDERR_FILENO);
    close(c->saved_fd);
    rewind(c->file);
    size_t got = fread(c->text, 1, sizeof c->text - 1, c->file);
    c->text[got] = '\0';
    fclose(c->file);
}

/* app_args_parse on "nqueens" and the given arguments (NULL-terminated), stderr into err. */
static int parse(app_args *args, capture *err, const char *const *tail)
{
    char *argv[MAX_ARGS + 1] = {"nqueens"};
    int argc = 1;
    for (; tail[argc - 1]; argc++) {
        assert_true(argc < MAX_ARGS);
        argv[argc] = (char *)tail[argc - 1];
    }
    capture_begin(err);
    int status = app_args_parse(argc, argv, args);
    capture_end(err);
    return status;
}
#define PARSE(args, err, ...) parse((args), (err), (const char *const[]){__VA_ARGS__, NULL})

/* A struct full of a byte pattern, to see that a failed parse leaves every byte alone. */
static app_args sentinel(void)
{
    app_args a;
    memset(&a, 0xA5, sizeof a);
    return a;
}

/* Field by field: the padding of a struct assigned whole is not specified. */
static void assert_args_equal(const app_args *a, const app_args *b)
{
    assert_int_equal(a->has_n, b->has_n);
    assert_int_equal(a->has_first, b->has_first);
    assert_int_equal(a->has_mode, b->has_mode);
    assert_int_equal(a->has_method, b->has_method);
    assert_int_equal(a->method, b->method);
    assert_int_equal(a->has_speed, b->has_speed);
    assert_int_equal(a->has_size, b->has_size);
    assert_int_equal(a->n, b->n);
    assert_int_equal(a->first.column, b->first.column);
    assert_int_equal(a->first.row, b->first.row);
    assert_int_equal(a->mode, b->mode);
    assert_memory_equal(&a->speed, &b->speed, sizeof a->speed);
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    assert_int_equal(a->trace, b->trace);
    assert_int_equal(a->has_scale, b->has_scale);
    assert_memory_equal(&a->scale, &b->scale, sizeof a->scale);
    assert_int_equal(a->has_theme, b->has_theme);
    assert_int_equal(a->theme, b->theme);
    assert_memory_equal(&a->bench_seconds, &b->bench_seconds, sizeof a->bench_seconds);
    assert_int_equal(a->help, b->help);
    assert_ptr_equal(a->first_text, b->first_text);
}

static void test_no_options_set_nothing(void **state)
{
    (void)state;
    app_args a = sentinel(), none = {0};
    capture err;
    char *argv[] = {"nqueens", NULL};
    capture_begin(&err);
    assert_int_equal(app_args_parse(1, argv, &a), 0);
    capture_end(&err);
    assert_string_equal(err.text, "");
    assert_args_equal(&a, &none);
}

static void test_every_option_is_taken(void **state)
{
    (void)state;
    app_args a = sentinel();
    capture err;
    assert_int_equal(PARSE(&a, &err, "--n", "12", "--first", "2,3", "--mode", "solve", "--speed", "250", "--size",
                           "800x600", "--trace", "--bench-ui", "5"),
                     0);
    assert_string_equal(err.text, "");
    assert_true(a.has_n);
    assert_int_equal(a.n, 12);
    assert_true(a.has_mode);
    assert_int_equal(a.mode, EX_SOLVE);
    assert_true(a.has_speed);
    assert_int_equal((int)a.speed, 250);
    assert_true(a.has_size);
    assert_int_equal(a.width, 800);
    assert_int_equal(a.height, 600);
    assert_true(a.trace);
    assert_int_equal((int)a.bench_seconds, 5);
    assert_false(a.help);
    assert_string_equal(a.first_text, "2,3");
    assert_false(a.has_first);

    assert_int_equal(app_args_check_first(&a, a.n), 0);
    assert_true(a.has_first);
    assert_int_equal(a.first.column, 1);
    assert_int_equal(a.first.row, 2);
}

static void test_limits_are_taken(void **state)
{
    (void)state;
    app_args a;
    capture err;
    assert_int_equal(PARSE(&a, &err, "--n", "1", "--speed", "1", "--size", "640x480", "--bench-ui", "1"), 0);
    assert_int_equal(a.n, 1);
    assert_int_equal((int)a.speed, 1);
    assert_int_equal(a.width, UI_MIN_WIDTH);
    assert_int_equal(a.height, UI_MIN_HEIGHT);
    assert_int_equal(PARSE(&a, &err, "--n", "64", "--speed", "1000000", "--size", "16384x16384", "--bench-ui", "3600"),
                     0);
    assert_int_equal(a.n, NQ_MAX_N);
    assert_int_equal((int)a.speed, APP_SPEED_LIMIT);
    assert_int_equal(a.width, APP_SIZE_LIMIT);
    assert_int_equal(a.height, APP_SIZE_LIMIT);
    assert_int_equal((int)a.bench_seconds, 3600);
    assert_int_equal(PARSE(&a, &err, "--speed", "max", "--mode", "watch", "--method", "firstfail"), 0);
    assert_int_equal((int)a.speed, EX_SPEED_MAX);
    assert_int_equal(a.mode, EX_WATCH);
    assert_true(a.has_method);
    assert_int_equal(a.method, NQ_METHOD_FIRSTFAIL);
    assert_string_equal(err.text, "");
    assert_int_equal(PARSE(&a, &err, "--scale", "1", "--theme", "dark"), 0);
    assert_true(a.has_scale);
    assert_int_equal((int)(a.scale * 4), 4);
    assert_true(a.has_theme);
    assert_int_equal(a.theme, EX_THEME_DARK);
    assert_int_equal(PARSE(&a, &err, "--scale", "4", "--theme", "contrast"), 0);
    assert_int_equal((int)(a.scale * 4), 16);
    assert_int_equal(a.theme, EX_THEME_CONTRAST);
    static const struct {
        const char *text;
        double scale;
    } scales[] = {{"1.25", 1.25}, {"1.5", 1.5}, {"1.50", 1.5}, {"2", 2}, {"2.75", 2.75}, {"4.00", 4}, {"auto", 0}};
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++) {
        assert_int_equal(PARSE(&a, &err, "--scale", scales[i].text, "--theme", "light"), 0);
        if (a.scale != scales[i].scale)
            fail_msg("--scale %s gave %g, not %g", scales[i].text, a.scale, scales[i].scale);
    }
    assert_int_equal(a.theme, EX_THEME_LIGHT);
}

static void test_last_value_wins(void **state)
{
    (void)state;
    app_args a;
    capture err;
    assert_int_equal(PARSE(&a, &err, "--n", "5", "--mode", "solve", "--n", "7", "--mode", "watch"), 0);
    assert_int_equal(a.n, 7);
    assert_int_equal(a.mode, EX_WATCH);
}

/* Each bad command line: status 2, nothing changed, exactly this one line on stderr. */
static void test_bad_command_lines(void **state)
{
    (void)state;
    static const struct {
        const char *args[4];
        const char *message;
    } cases[] = {
        {{"--n", "0"}, "--n must be a whole number from 1 to 1000000 (got '0')"},
        {{"--n", "1000001"}, "--n must be a whole number from 1 to 1000000 (got '1000001')"},
        {{"--n", "x"}, "--n must be a whole number from 1 to 1000000 (got 'x')"},
        {{"--n", ""}, "--n must be a whole number from 1 to 1000000 (got '')"},
        {{"--n", "-1"}, "--n must be a whole number from 1 to 1000000 (got '-1')"},
        {{"--n", "--trace"}, "--n must be a whole number from 1 to 1000000 (got '--trace')"},
        {{"--n"}, "--n needs a value; see nqueens --help"},
        {{"--first"}, "--first needs a value; see nqueens --help"},
        {{"--mode", "fast"}, "--mode must be watch or solve (got 'fast')"},
        {{"--method", "Forward"}, "--method must be backtrack, forward, firstfail or minconflicts (got 'Forward')"},
        {{"--method", ""}, "--method must be backtrack, forward, firstfail or minconflicts (got '')"},
        {{"--mode", "Watch"}, "--mode must be watch or solve (got 'Watch')"},
        {{"--mode", "watc"}, "--mode must be watch or solve (got 'watc')"},
        {{"--mode"}, "--mode needs a value; see nqueens --help"},
        {{"--speed", "0"}, "--speed must be a whole number of steps a second from 1 to 1000000, or max (got '0')"},
        {{"--speed", "1000001"},
         "--speed must be a whole number of steps a second from 1 to 1000000, or max (got '1000001')"},
        {{"--speed", "MAX"}, "--speed must be a whole number of steps a second from 1 to 1000000, or max (got 'MAX')"},
        {{"--speed", "2.5"}, "--speed must be a whole number of steps a second from 1 to 1000000, or max (got '2.5')"},
        {{"--size", "10x10"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got '10x10')"},
        {{"--size", "639x480"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got '639x480')"},
        {{"--size", "640x479"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got '640x479')"},
        {{"--size", "16385x600"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got '16385x600')"},
        {{"--size", "800x16385"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got '800x16385')"},
        {{"--size", "big"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got 'big')"},
        {{"--size", "800x"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got '800x')"},
        {{"--size", "x600"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got 'x600')"},
        {{"--size", "800X600"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got '800X600')"},
        {{"--size", "800x600x2"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got '800x600x2')"},
        {{"--scale", "0"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '0')"},
        {{"--scale", "0.75"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '0.75')"},
        {{"--scale", "4.25"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '4.25')"},
        {{"--scale", "5"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '5')"},
        {{"--scale", "1.3"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '1.3')"},
        {{"--scale", "1."}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '1.')"},
        {{"--scale", "1.255"},
         "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '1.255')"},
        {{"--scale", ".5"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '.5')"},
        {{"--scale", "1e0"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '1e0')"},
        {{"--scale", " 2"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got ' 2')"},
        {{"--scale", "2 "}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '2 ')"},
        {{"--scale", "0x2"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '0x2')"},
        {{"--scale", "-1"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '-1')"},
        {{"--scale", "Auto"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got 'Auto')"},
        {{"--scale", ""}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '')"},
        {{"--scale", "100"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '100')"},
        {{"--scale", "1,5"}, "--scale must be a number from 1 to 4 in steps of 0.25 (like 1.5), or auto (got '1,5')"},
        {{"--theme", "Dark"}, "--theme must be dark, light or contrast (got 'Dark')"},
        {{"--theme", "grey"}, "--theme must be dark, light or contrast (got 'grey')"},
        {{"--theme", ""}, "--theme must be dark, light or contrast (got '')"},
        {{"--theme", "high-contrast"}, "--theme must be dark, light or contrast (got 'high-contrast')"},
        {{"--theme", "contrast "}, "--theme must be dark, light or contrast (got 'contrast ')"},
        {{"--scale"}, "--scale needs a value; see nqueens --help"},
        {{"--theme"}, "--theme needs a value; see nqueens --help"},
        {{"--bench-ui", "0"}, "--bench-ui must be a whole number of seconds from 1 to 3600 (got '0')"},
        {{"--bench-ui", "3601"}, "--bench-ui must be a whole number of seconds from 1 to 3600 (got '3601')"},
        {{"--bogus"}, "unknown option '--bogus'; see nqueens --help"},
        {{"--tr"}, "unknown option '--tr'; see nqueens --help"},
        {{"--trace=yes"}, "unknown option '--trace=yes'; see nqueens --help"},
        {{"--n=8"}, "unknown option '--n=8'; see nqueens --help"},
        {{"--nn", "8"}, "unknown option '--nn'; see nqueens --help"},
        {{"-n", "8"}, "unknown option '-n'; see nqueens --help"},
        {{"--help-me"}, "unknown option '--help-me'; see nqueens --help"},
        {{"a.nqmoment", "b.nqmoment"}, "one moment at a time: 'b.nqmoment' is a second file; see nqueens --help"},
        {{"--moment", "a", "b"}, "one moment at a time: 'b' is a second file; see nqueens --help"},
        {{"--lesson", "a", "--lesson", "b"}, "one lesson at a time: 'b' is a second one; see nqueens --help"},
        {{"--n", "8", "--mode", "fast"}, "--mode must be watch or solve (got 'fast')"},
        {{"--trace", "--size", "1x1"}, "--size must be WxH, at least 640x480 and at most 16384x16384 (got '1x1')"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *argv[6] = {"nqueens"};
        int argc = 1;
        for (; argc <= 4 && cases[i].args[argc - 1]; argc++)
            argv[argc] = (char *)cases[i].args[argc - 1];
        app_args a = sentinel(), untouched = sentinel();
        capture err;
        capture_begin(&err);
        int status = app_args_parse(argc, argv, &a);
        capture_end(&err);
        char expected[256];
        snprintf(expected, sizeof expected, "nqueens: %s\n", cases[i].message);
        assert_string_equal(err.text, expected);
        assert_int_equal(status, APP_EXIT_USAGE);
        assert_memory_equal(&a, &untouched, sizeof a);
    }
}

/* A moment to open: the one argument that is no option, or --moment's value. */
static void test_moment_argument(void **state)
{
    (void)state;
    char *positional[] = {"nqueens", "--trace", "lesson.nqmoment"};
    char *option[] = {"nqueens", "--moment", "-odd name", "--n", "5"};
    app_args a;
    assert_int_equal(app_args_parse(3, positional, &a), 0);
    assert_string_equal(a.moment, "lesson.nqmoment");
    assert_true(a.trace);
    assert_int_equal(app_args_parse(5, option, &a), 0);
    assert_string_equal(a.moment, "-odd name");
    assert_int_equal(a.n, 5);
}

static void test_help_anywhere_wins(void **state)
{
    (void)state;
    static const char *const lines[][4] = {
        {"--help"}, {"-h"}, {"--n", "99", "--help"}, {"--bogus", "-h"}, {"--n", "--help"}, {"--trace", "--help", "--n"},
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        app_args a = sentinel(), help_only = {.help = true};
        capture err;
        assert_int_equal(parse(&a, &err, lines[i]), 0);
        assert_string_equal(err.text, "");
        assert_args_equal(&a, &help_only);
    }
}

static void test_control_characters_are_escaped(void **state)
{
    (void)state;
    app_args a;
    capture err;
    assert_int_equal(PARSE(&a, &err, "--n", "8\n9"), APP_EXIT_USAGE);
    assert_string_equal(err.text, "nqueens: --n must be a whole number from 1 to 1000000 (got '8\\n9')\n");
    assert_int_equal(PARSE(&a, &err, "--mode", "\x01watch\t\r\x1b[2J\x7f"), APP_EXIT_USAGE);
    assert_string_equal(err.text, "nqueens: --mode must be watch or solve (got '\\x01watch\\t\\r\\x1b[2J\\x7f')\n");
    assert_int_equal(PARSE(&a, &err, "--x\ny"), APP_EXIT_USAGE);
    assert_string_equal(err.text, "nqueens: unknown option '--x\\ny'; see nqueens --help\n");
    /* Letters of other scripts are not control characters. */
    assert_int_equal(PARSE(&a, &err, "--mode", "\xe0\xb8\x94\xe0\xb8\xb9"), APP_EXIT_USAGE);
    assert_string_equal(err.text, "nqueens: --mode must be watch or solve (got '\xe0\xb8\x94\xe0\xb8\xb9')\n");
}

static void test_first_is_checked_against_n(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *message;
    } cases[] = {
        {"9,9", "nqueens: --first: '9,9' is off the 8 x 8 board: column and row go from 1 to 8\n"},
        {"0,1", "nqueens: --first: '0,1' is off the 8 x 8 board: column and row go from 1 to 8\n"},
        {"1", "nqueens: --first: '1' is not COL,ROW (two whole numbers from 1 to 8, e.g. 1,2)\n"},
        {"1,\n2", "nqueens: --first: '1,\\n2' is not COL,ROW (two whole numbers from 1 to 8, e.g. 1,2)\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        app_args a;
        capture err;
        assert_int_equal(PARSE(&a, &err, "--first", cases[i].text), 0);
        app_args before = a;
        capture_begin(&err);
        int status = app_args_check_first(&a, 8);
        capture_end(&err);
        assert_string_equal(err.text, cases[i].message);
        assert_int_equal(status, APP_EXIT_USAGE);
        assert_memory_equal(&a, &before, sizeof a);
    }

    /* A long value is quoted whole, not cut short. */
    char long_text[300], expected[400];
    memset(long_text, '7', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    snprintf(expected, sizeof expected,
             "nqueens: --first: '%s' is not COL,ROW (two whole numbers from 1 to 8, e.g. 1,2)\n", long_text);
    app_args a;
    capture err;
    assert_int_equal(PARSE(&a, &err, "--first", long_text), 0);
    capture_begin(&err);
    assert_int_equal(app_args_check_first(&a, 8), APP_EXIT_USAGE);
    capture_end(&err);
    assert_string_equal(err.text, expected);

    assert_int_equal(PARSE(&a, &err, "--n", "8"), 0);
    assert_int_equal(app_args_check_first(&a, 8), 0);
    assert_false(a.has_first);
    assert_int_equal(PARSE(&a, &err, "--first", "8,1"), 0);
    assert_int_equal(app_args_check_first(&a, 8), 0);
    assert_true(a.has_first);
    assert_int_equal(a.first.column, 7);
    assert_int_equal(a.first.row, 0);
}

static void test_mode_names(void **state)
{
    (void)state;
    assert_string_equal(app_mode_name(EX_WATCH), "watch");
    assert_string_equal(app_mode_name(EX_SOLVE), "solve");
    ex_mode mode = EX_SOLVE;
    assert_true(app_mode_parse("watch", &mode));
    assert_int_equal(mode, EX_WATCH);
    assert_true(app_mode_parse(app_mode_name(EX_SOLVE), &mode));
    assert_int_equal(mode, EX_SOLVE);
    static const char *const bad[] = {"", "Solve", "solve ", "solved", "w", "max"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_false(app_mode_parse(bad[i], &mode));
        assert_int_equal(mode, EX_SOLVE);
    }
}

static void test_shared_ranges(void **state)
{
    (void)state;
    double speed = 7;
    assert_false(app_speed_parse("0", &speed));
    assert_false(app_speed_parse("1000001", &speed));
    assert_false(app_speed_parse("", &speed));
    assert_int_equal((int)speed, 7);
    assert_true(app_speed_parse("1000000", &speed));
    assert_int_equal((int)speed, APP_SPEED_LIMIT);
    assert_true(app_speed_parse("max", &speed));
    assert_int_equal((int)speed, EX_SPEED_MAX);

    int side = 1;
    assert_false(app_width_parse("639", &side));
    assert_false(app_width_parse("16385", &side));
    assert_false(app_height_parse("479", &side));
    assert_false(app_height_parse("16385", &side));
    assert_int_equal(side, 1);
    assert_true(app_width_parse("640", &side));
    assert_int_equal(side, UI_MIN_WIDTH);
    assert_true(app_height_parse("480", &side));
    assert_int_equal(side, UI_MIN_HEIGHT);
    assert_true(app_height_parse("16384", &side));
    assert_int_equal(side, APP_SIZE_LIMIT);
}

/* The usage text is a literal; this keeps its figures equal to the ones the parser uses. */
static void test_usage_states_the_ranges(void **state)
{
    (void)state;
    char text[64];
    snprintf(text, sizeof text, "1 to %d, or max", APP_SPEED_LIMIT);
    assert_non_null(strstr(app_usage, text));
    snprintf(text, sizeof text, "from %dx%d to %dx%d", UI_MIN_WIDTH, UI_MIN_HEIGHT, APP_SIZE_LIMIT, APP_SIZE_LIMIT);
    assert_non_null(strstr(app_usage, text));
    snprintf(text, sizeof text, "board size, %d to %d", NQ_MIN_N, NQ_FIND_MAX_N);
    assert_non_null(strstr(app_usage, text));
    snprintf(text, sizeof text, "above %d the board", NQ_MAX_N);
    assert_non_null(strstr(app_usage, text));
}

static void test_warn_is_one_line(void **state)
{
    (void)state;
    capture err;
    capture_begin(&err);
    app_warn("cannot save the settings to %s: %s", "/tmp/a\nb/settings.txt", "No such file");
    capture_end(&err);
    assert_string_equal(err.text, "nqueens: cannot save the settings to /tmp/a\\nb/settings.txt: No such file\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_options_set_nothing),
        cmocka_unit_test(test_every_option_is_taken),
        cmocka_unit_test(test_limits_are_taken),
        cmocka_unit_test(test_last_value_wins),
        cmocka_unit_test(test_bad_command_lines),
        cmocka_unit_test(test_moment_argument),
        cmocka_unit_test(test_help_anywhere_wins),
        cmocka_unit_test(test_control_characters_are_escaped),
        cmocka_unit_test(test_first_is_checked_against_n),
        cmocka_unit_test(test_mode_names),
        cmocka_unit_test(test_shared_ranges),
        cmocka_unit_test(test_usage_states_the_ranges),
        cmocka_unit_test(test_warn_is_one_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
