/*
 * test_settings.c -- settings survive a save and a load, and a damaged file gives the defaults
 * for what it damages and nothing worse. Uses a private $XDG_DATA_HOME.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>

#include "settings.h"

static char home[] = "/tmp/nq-settings-XXXXXX";

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(home))
        return -1;
    setenv("XDG_DATA_HOME", home, 1);
    return 0;
}

static void write_file(const char *text)
{
    char *dir = SDL_GetPrefPath("nqueens", "N-Queens Explorer");
    assert_non_null(dir);
    char path[1024];
    snprintf(path, sizeof path, "%ssettings.txt", dir);
    SDL_free(dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_round_trip(void **state)
{
    (void)state;
    app_settings s = {13, EX_SOLVE, 200, 1024, 700};
    assert_true(app_settings_save(&s));
    app_settings back = app_settings_defaults();
    app_settings_load(&back);
    assert_int_equal(back.n, 13);
    assert_int_equal(back.mode, EX_SOLVE);
    assert_true(back.speed == 200);
    assert_int_equal(back.width, 1024);
    assert_int_equal(back.height, 700);

    s.speed = EX_SPEED_MAX;
    assert_true(app_settings_save(&s));
    app_settings_load(&back);
    assert_true(back.speed == EX_SPEED_MAX);
}

static void test_damaged_values_are_skipped(void **state)
{
    (void)state;
    write_file("n 99\nmode fast\nspeed -3\nwidth 10\nheight 600\ncolour blue\n");
    app_settings s = app_settings_defaults(), d = app_settings_defaults();
    app_settings_load(&s);
    assert_int_equal(s.n, d.n);
    assert_int_equal(s.mode, d.mode);
    assert_true(s.speed == d.speed);
    assert_int_equal(s.width, d.width);
    assert_int_equal(s.height, 600);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_damaged_values_are_skipped),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
