/*
 * test_progdir.c -- the running program's folder (nq/progdir.h): the folder this test was started
 * from, ending in '/', the test itself inside it; and a buffer too small for it refused, empty.
 */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "nq/progdir.h"

static char started_as[PATH_MAX];

static void test_the_folder_holds_this_program(void **state)
{
    (void)state;
    char dir[PATH_MAX], mine[2 * PATH_MAX];
    assert_true(nq_program_dir(dir, sizeof dir));
    size_t length = strlen(dir);
    assert_true(length > 1);
    assert_int_equal(dir[0], '/');
    assert_int_equal(dir[length - 1], '/');
    const char *slash = strrchr(started_as, '/');
    snprintf(mine, sizeof mine, "%s%s", dir, slash ? slash + 1 : started_as);
    struct stat found, started; /* the same file, whatever path it was started by */
    assert_int_equal(stat(mine, &found), 0);
    assert_int_equal(stat(started_as, &started), 0);
    assert_int_equal(found.st_dev, started.st_dev);
    assert_int_equal(found.st_ino, started.st_ino);
}

static void test_a_small_buffer_is_refused_empty(void **state)
{
    (void)state;
    char dir[PATH_MAX];
    assert_true(nq_program_dir(dir, sizeof dir));
    size_t length = strlen(dir);
    char small[PATH_MAX];
    memset(small, 'x', sizeof small);
    errno = 0;
    assert_false(nq_program_dir(small, length));
    assert_string_equal(small, "");
    assert_int_equal(errno, ENAMETOOLONG);
    assert_false(nq_program_dir(small, 1));
    assert_string_equal(small, "");
}

int main(int argc, char **argv)
{
    (void)argc;
    snprintf(started_as, sizeof started_as, "%s", argv[0]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_folder_holds_this_program),
        cmocka_unit_test(test_a_small_buffer_is_refused_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
