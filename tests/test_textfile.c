/*
 * test_textfile.c -- the reader of the small files a person hands the program (textfile.h): a
 * regular file read whole, one byte too many refused with the caller's words, a folder, a FIFO and a
 * device refused without waiting, a missing file with ENOENT; and the line of the first byte that is
 * not UTF-8, over random texts.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "textfile.h"

static char dir[] = "/tmp/nq-textfile-XXXXXX";

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    return system(command) == 0 ? 0 : -1;
}

/* Writes length bytes of text to dir/name; its path into path. */
static void write_file(const char *name, const char *text, size_t length, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, length, f), length);
    assert_int_equal(fclose(f), 0);
}

static void test_sizes(void **state)
{
    (void)state;
    char path[256], buf[9], why[128];
    write_file("eight", "12345678", 8, path, sizeof path);
    assert_int_equal(ex_file_read(path, buf, 8, "too big", why, sizeof why), 8);
    assert_memory_equal(buf, "12345678", 8);
    write_file("nine", "123456789", 9, path, sizeof path);
    assert_int_equal(ex_file_read(path, buf, 8, "too big", why, sizeof why), -1);
    assert_string_equal(why, "too big");
    assert_int_equal(errno, 0);
    write_file("empty", "", 0, path, sizeof path);
    assert_int_equal(ex_file_read(path, buf, 8, "too big", why, sizeof why), 0);
}

static void test_not_regular(void **state)
{
    (void)state;
    char path[256], buf[65], why[128];
    snprintf(path, sizeof path, "%s/missing", dir);
    assert_int_equal(ex_file_read(path, buf, 64, "", why, sizeof why), -1);
    assert_int_equal(errno, ENOENT);
    assert_string_equal(why, strerror(ENOENT));
    const char *refused[] = {dir, "/dev/null", "/dev/zero", NULL};
    snprintf(path, sizeof path, "%s/fifo", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    refused[3] = path; /* no writer: opening it must not wait for one */
    for (int i = 0; i < 4; i++) {
        why[0] = '\0';
        assert_int_equal(ex_file_read(refused[i], buf, 64, "", why, sizeof why), -1);
        if (strcmp(why, "not a regular file") != 0)
            fail_msg("%s: '%s'", refused[i], why);
    }
}

/* A random text with one bad byte somewhere (or none): the line found is the line it is on. */
static void test_utf8_lines(void **state)
{
    (void)state;
    uint64_t seed = (uint64_t)time(NULL);
    static const char *const good[] = {"a", "\n", "\xd7\x90", "\xe0\xb8\x81", "\xf0\x9f\x91\x91", " "};
    static const char *const bad[] = {"\xff", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe0\xb8", "\0"};
    for (int round = 0; round < 2000; round++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t r = seed;
        char text[512];
        size_t length = 0;
        int lines = 1, at = (int)(r % 40), want = 0;
        for (int piece = 0; piece < 40; piece++) {
            r = r * 6364136223846793005ULL + 1;
            const char *p = good[(r >> 33) % 6];
            size_t n = strlen(p);
            if (piece == at && round % 4) {
                p = bad[(r >> 40) % 6];
                n = p[0] ? strlen(p) : 1;
                want = lines;
            }
            memcpy(text + length, p, n);
            length += n;
            lines += p[0] == '\n';
            if (piece == at && want)
                break; /* a cut sequence must end the text or be followed by what cannot continue it */
        }
        int got = ex_utf8_bad_line(text, length);
        if (got != want)
            fail_msg("seed %llu round %d: line %d, not %d", (unsigned long long)seed, round, got, want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_not_regular),
        cmocka_unit_test(test_utf8_lines),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
