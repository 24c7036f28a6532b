/*
 * test_settings.c -- settings survive a save and a load; a damaged file gives the defaults for
 * what it damages and nothing worse; a settings path that is not a regular file (a symlink to
 * /dev/zero, a FIFO, a folder) or is too large is refused at once; a save that cannot happen says
 * why and leaves the old file whole; a window too large for the screen is fitted to it.
 * Uses a private $XDG_DATA_HOME and scratch files under it, removed at the end. Tests may run
 * as root, where permission bits stop nothing, so an unwritable place is a path under a regular
 * file.
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

#include <cmocka.h>

#include <SDL.h>
#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "settings.h"

static char home[] = "/tmp/nq-settings-XXXXXX";

/* Room for a scratch path, and for a message that names one. */
enum { PATH_SIZE = 512, TEXT_SIZE = 2048 };

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(home))
        return -1;
    setenv("XDG_DATA_HOME", home, 1);
    return 0;
}

/* Removes path and everything under it, without following symlinks. */
static void remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        unlink(path);
        return;
    }
    DIR *dir = opendir(path);
    for (struct dirent *e; dir && (e = readdir(dir));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char child[2 * PATH_SIZE];
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        remove_tree(child);
    }
    if (dir)
        closedir(dir);
    rmdir(path);
}

static int teardown(void **state)
{
    (void)state;
    remove_tree(home);
    return 0;
}

/* A fresh scratch folder under home for one test; *path is then folder/name. */
static void scratch(char *path, size_t size, const char *test, const char *name)
{
    char folder[PATH_SIZE - 32];
    snprintf(folder, sizeof folder, "%s/%s", home, test);
    assert_int_equal(mkdir(folder, 0700), 0);
    snprintf(path, size, "%s/%s", folder, name);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static void assert_settings_equal(const app_settings *a, const app_settings *b)
{
    assert_int_equal(a->n, b->n);
    assert_int_equal(a->mode, b->mode);
    assert_int_equal(a->method, b->method);
    assert_memory_equal(&a->speed, &b->speed, sizeof a->speed);
    assert_int_equal(a->width, b->width);
    assert_int_equal(a->height, b->height);
    assert_int_equal(a->lang, b->lang);
    assert_int_equal(a->theme, b->theme);
    assert_memory_equal(&a->scale, &b->scale, sizeof a->scale);
}

/* Reading path must fail with exactly "cannot read the settings from PATH: reason; ..." and keep
 * the defaults. */
static void assert_refused(const char *path, const char *reason)
{
    app_settings s = app_settings_defaults(), d = app_settings_defaults();
    char why[TEXT_SIZE], expected[TEXT_SIZE];
    assert_false(app_settings_read(path, &s, why, sizeof why));
    snprintf(expected, sizeof expected, "cannot read the settings from %s: %s; using the defaults", path, reason);
    assert_string_equal(why, expected);
    assert_settings_equal(&s, &d);
}

static void test_round_trip_through_the_preference_folder(void **state)
{
    (void)state;
    app_settings s = {13, EX_SOLVE, NQ_METHOD_FIRSTFAIL, 200, 1024, 700, 2, EX_THEME_CONTRAST, 1.75, false};
    assert_true(app_settings_save(&s));
    app_settings back = app_settings_defaults();
    app_settings_load(&back);
    assert_settings_equal(&back, &s);
    assert_false(back.first_start); /* a file was there: not a first start */

    s.speed = EX_SPEED_MAX;
    assert_true(app_settings_save(&s));
    app_settings_load(&back);
    assert_settings_equal(&back, &s);

    char *dir = SDL_GetPrefPath(APP_PREF_ORG, APP_PREF_APP);
    assert_non_null(dir);
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s%s", dir, APP_SETTINGS_FILE);
    SDL_free(dir);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
}

static void test_the_file_is_key_value_lines(void **state)
{
    (void)state;
    char path[PATH_SIZE], why[TEXT_SIZE];
    scratch(path, sizeof path, "lines", "settings.txt");
    app_settings s = {13, EX_SOLVE, NQ_METHOD_FIRSTFAIL, 200, 1024, 700, 3, EX_THEME_LIGHT, 2.25, false};
    assert_true(app_settings_write(path, &s, why, sizeof why));
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char text[256] = {0};
    const char *lines =
        "n 13\nmode solve\nmethod firstfail\nspeed 200\nwidth 1024\nheight 700\nlang zh_TW\ntheme light\nscale 2.25\n";
    assert_int_equal(fread(text, 1, sizeof text - 1, f), strlen(lines));
    fclose(f);
    assert_string_equal(text, lines);
}

static void test_a_missing_file_is_quietly_the_defaults(void **state)
{
    (void)state;
    char path[PATH_SIZE], why[64] = "";
    scratch(path, sizeof path, "missing", "settings.txt");
    app_settings s = app_settings_defaults(), d = app_settings_defaults();
    assert_true(app_settings_read(path, &s, why, sizeof why));
    assert_string_equal(why, "");
    assert_settings_equal(&s, &d);
    assert_true(s.first_start); /* no file: the program's first start */
    assert_false(d.first_start);
}

static void test_damaged_values_keep_the_defaults(void **state)
{
    (void)state;
    char path[PATH_SIZE], why[TEXT_SIZE], expected[TEXT_SIZE];
    scratch(path, sizeof path, "damaged", "settings.txt");
    write_text(path, "n 1000001\nmode fast\nspeed -3\nwidth 10\nheight 600\ncolour blue\nspeed 1000001\n"
                     "width 16385\nmode watch \nn 8\r\nn\n\nn 0x10\n");
    app_settings s = app_settings_defaults(), d = app_settings_defaults();
    assert_false(app_settings_read(path, &s, why, sizeof why));
    snprintf(expected, sizeof expected,
             "skipped line 1 of the settings in %s ('n 1000001'): not a known key with a good value", path);
    assert_string_equal(why, expected);
    d.height = 600;
    assert_settings_equal(&s, &d);
}

static void test_good_lines_count_around_a_bad_one(void **state)
{
    (void)state;
    char path[PATH_SIZE], why[TEXT_SIZE], expected[TEXT_SIZE];
    scratch(path, sizeof path, "mixed", "settings.txt");
    write_text(path, "n 10\nmode solve\nthis line is junk\nspeed max\nwidth 16384\nlang xx\nlang he\nheight 480\n"
                     "theme light\ntheme grey\nscale 2.5\nscale 4.1\nscale 1e0");
    app_settings s = app_settings_defaults(),
                 want = {10, EX_SOLVE, NQ_METHOD_BACKTRACK, EX_SPEED_MAX, 16384, 480, 4, EX_THEME_LIGHT, 2.5, false};
    assert_false(app_settings_read(path, &s, why, sizeof why));
    snprintf(expected, sizeof expected,
             "skipped line 3 of the settings in %s ('this line is junk'): not a known key with a good value", path);
    assert_string_equal(why, expected);
    assert_settings_equal(&s, &want);
}

static void test_a_symlink_to_dev_zero_is_refused(void **state)
{
    (void)state;
    char path[PATH_SIZE];
    scratch(path, sizeof path, "zero", "settings.txt");
    assert_int_equal(symlink("/dev/zero", path), 0);
    assert_refused(path, "not a regular file");
}

static void test_a_fifo_is_refused_without_waiting(void **state)
{
    (void)state;
    char path[PATH_SIZE];
    scratch(path, sizeof path, "fifo", "settings.txt");
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_refused(path, "not a regular file");
}

static void test_a_folder_is_refused(void **state)
{
    (void)state;
    char path[PATH_SIZE];
    scratch(path, sizeof path, "folder", "settings.txt");
    assert_int_equal(mkdir(path, 0700), 0);
    assert_refused(path, "not a regular file");
}

/* Fills path with "n 5\n" lines up to bytes bytes. */
static void write_lines_of_n5(const char *path, size_t bytes)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (size_t i = 0; i < bytes / 4; i++)
        fputs("n 5\n", f);
    fputs(&"n 5\n"[4 - bytes % 4], f);
    assert_int_equal(fclose(f), 0);
}

static void test_a_file_over_the_limit_is_refused(void **state)
{
    (void)state;
    char path[PATH_SIZE], reason[64];
    scratch(path, sizeof path, "large", "settings.txt");
    write_lines_of_n5(path, APP_SETTINGS_MAX_BYTES + 1);
    snprintf(reason, sizeof reason, "larger than %d bytes", APP_SETTINGS_MAX_BYTES);
    assert_refused(path, reason);

    write_lines_of_n5(path, APP_SETTINGS_MAX_BYTES);
    app_settings s = app_settings_defaults();
    char why[TEXT_SIZE];
    assert_true(app_settings_read(path, &s, why, sizeof why));
    assert_int_equal(s.n, 5);
}

static void test_a_path_under_a_regular_file_cannot_be_saved(void **state)
{
    (void)state;
    char plain[PATH_SIZE], path[PATH_SIZE + 16], why[TEXT_SIZE], expected[TEXT_SIZE];
    scratch(plain, sizeof plain, "unwritable", "plain");
    write_text(plain, "a regular file, not a folder\n");
    snprintf(path, sizeof path, "%s/settings.txt", plain);
    app_settings s = app_settings_defaults();
    assert_false(app_settings_write(path, &s, why, sizeof why));
    snprintf(expected, sizeof expected, "cannot save the settings to %s: %s", path, strerror(ENOTDIR));
    assert_string_equal(why, expected);
}

static void test_a_failed_save_leaves_no_trace(void **state)
{
    (void)state;
    char path[PATH_SIZE], why[TEXT_SIZE], expected[TEXT_SIZE];
    scratch(path, sizeof path, "nosave", "settings.txt");
    assert_int_equal(mkdir(path, 0700), 0);
    app_settings s = app_settings_defaults();
    assert_false(app_settings_write(path, &s, why, sizeof why));
    snprintf(expected, sizeof expected, "cannot save the settings to %s: %s", path, strerror(EISDIR));
    assert_string_equal(why, expected);

    /* Only the folder that stood in the way is there: the new file was removed. */
    char folder[PATH_SIZE];
    snprintf(folder, sizeof folder, "%s/nosave", home);
    DIR *dir = opendir(folder);
    assert_non_null(dir);
    int entries = 0;
    for (struct dirent *e; (e = readdir(dir));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            entries++;
    closedir(dir);
    assert_int_equal(entries, 1);
}

static void test_a_save_replaces_a_symlink(void **state)
{
    (void)state;
    char path[PATH_SIZE], why[TEXT_SIZE];
    scratch(path, sizeof path, "link", "settings.txt");
    assert_int_equal(symlink("/dev/null", path), 0);
    app_settings s = {21, EX_SOLVE, NQ_METHOD_BACKTRACK, 50, 900, 700, -1, EX_THEME_DARK, 0, false},
                 back = app_settings_defaults();
    assert_true(app_settings_write(path, &s, why, sizeof why));
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_true(app_settings_read(path, &back, why, sizeof why));
    assert_settings_equal(&back, &s);
}

static void test_no_preference_folder_keeps_the_defaults(void **state)
{
    (void)state;
    char plain[PATH_SIZE];
    scratch(plain, sizeof plain, "nohome", "plain");
    write_text(plain, "a regular file where the data folder should be\n");
    setenv("XDG_DATA_HOME", plain, 1);
    app_settings s = {13, EX_SOLVE, NQ_METHOD_BACKTRACK, 200, 1024, 700, -1, EX_THEME_DARK, 0, false},
                 d = app_settings_defaults();
    bool saved = app_settings_save(&s);
    app_settings back = app_settings_defaults();
    app_settings_load(&back);
    setenv("XDG_DATA_HOME", home, 1);
    assert_false(saved);
    assert_settings_equal(&back, &d);
}

static void test_a_window_is_fitted_to_the_screen(void **state)
{
    (void)state;
    static const struct {
        int width, height, usable_width, usable_height;
        int fitted_width, fitted_height;
    } cases[] = {
        {16384, 16384, 1920, 1040, 1920, 1040},
        {1200, 800, 1024, 740, 1024, 740},
        {1200, 800, 1920, 700, 1200, 700},
        {1200, 800, 320, 200, 640, 480}, /* a screen smaller than the layout's minimum */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        app_settings s = {8, EX_WATCH, NQ_METHOD_BACKTRACK, 5, cases[i].width, cases[i].height, -1, EX_THEME_DARK,
                          0, false};
        char note[256], expected[256];
        assert_true(app_settings_fit(&s, cases[i].usable_width, cases[i].usable_height, note, sizeof note));
        assert_int_equal(s.width, cases[i].fitted_width);
        assert_int_equal(s.height, cases[i].fitted_height);
        snprintf(expected, sizeof expected, "the window is %dx%d, as large as the screen has room for (%dx%d was "
                 "asked for)", cases[i].fitted_width, cases[i].fitted_height, cases[i].width, cases[i].height);
        assert_string_equal(note, expected);
    }

    static const int untouched[][4] = {{1200, 800, 1920, 1040}, {1920, 1040, 1920, 1040}, {16384, 16384, 0, 0},
                                       {640, 480, 640, -1}};
    for (size_t i = 0; i < sizeof untouched / sizeof untouched[0]; i++) {
        app_settings s = {8, EX_WATCH, NQ_METHOD_BACKTRACK, 5, untouched[i][0], untouched[i][1], -1, EX_THEME_DARK,
                          0, false};
        char note[256] = "";
        assert_false(app_settings_fit(&s, untouched[i][2], untouched[i][3], note, sizeof note));
        assert_int_equal(s.width, untouched[i][0]);
        assert_int_equal(s.height, untouched[i][1]);
        assert_string_equal(note, "");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_through_the_preference_folder),
        cmocka_unit_test(test_the_file_is_key_value_lines),
        cmocka_unit_test(test_a_missing_file_is_quietly_the_defaults),
        cmocka_unit_test(test_damaged_values_keep_the_defaults),
        cmocka_unit_test(test_good_lines_count_around_a_bad_one),
        cmocka_unit_test(test_a_symlink_to_dev_zero_is_refused),
        cmocka_unit_test(test_a_fifo_is_refused_without_waiting),
        cmocka_unit_test(test_a_folder_is_refused),
        cmocka_unit_test(test_a_file_over_the_limit_is_refused),
        cmocka_unit_test(test_a_path_under_a_regular_file_cannot_be_saved),
        cmocka_unit_test(test_a_failed_save_leaves_no_trace),
        cmocka_unit_test(test_a_save_replaces_a_symlink),
        cmocka_unit_test(test_no_preference_folder_keeps_the_defaults),
        cmocka_unit_test(test_a_window_is_fitted_to_the_screen),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
