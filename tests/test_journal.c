/*
 * test_journal.c -- the journal of a long count (src/cli/journal.c): written and read back, a
 * cut-off last line dropped and the file mended, and every kind of file that is not a journal of
 * this count refused with a message that says which, the file left as it was.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "journal.h"

static char dir[] = "/tmp/nq-journal-XXXXXX";
static char path[256];

static const journal_count COUNT18 = {18, false, {0, 0}, "halves", 6142, NQ_BASIS_HALVES};

static char *slurp(const char *name)
{
    FILE *f = fopen(name, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = calloc((size_t)size + 1, 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    return text;
}

static void write_file(const char *name, const char *text, size_t length)
{
    FILE *f = fopen(name, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, length, f), length);
    fclose(f);
}

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/count.journal", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(path);
    rmdir(dir);
    return 0;
}

/* A journal of count 18 with parts 3 and 7 on it, closed. */
static void write_two_parts(void)
{
    unlink(path);
    journal j;
    char message[512] = "";
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    assert_int_equal(j.done_count, 0);
    nq_count_figures a = {100, 0, 20, 30, NQ_BASIS_HALVES}, b = {5, 1, 2, 3, NQ_BASIS_HALVES};
    assert_int_equal(journal_add(&j, 3, &a, message, sizeof message), JOURNAL_OK);
    assert_int_equal(journal_add(&j, 7, &b, message, sizeof message), JOURNAL_OK);
    journal_close(&j);
}

/* Opens path for `of`, expecting a refusal whose message holds `said`, and checks that the file
 * is as it was. */
static void assert_refused(const journal_count *of, const char *said)
{
    char *before = slurp(path);
    journal j;
    char message[1024] = "";
    assert_int_equal(journal_open(&j, path, of, message, sizeof message), JOURNAL_BAD);
    if (!strstr(message, said))
        fail_msg("the message '%s' does not say '%s'", message, said);
    char *after = slurp(path);
    assert_string_equal(after, before);
    free(before);
    free(after);
}

static void test_written_and_read_back(void **state)
{
    (void)state;
    write_two_parts();
    char *text = slurp(path);
    const char *header = "nqueens-journal 2\nprogram " NQ_VERSION "\nn 18\nfirst none\nmethod halves\nparts 6142\n";
    assert_memory_equal(text, header, strlen(header));
    if (!strstr(text, "\npart 3 100 0 20 30 ") || !strstr(text, "\npart 7 5 1 2 3 "))
        fail_msg("the part lines are not in '%s'", text);
    free(text);
    journal j;
    char message[512] = "";
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    assert_int_equal(j.done_count, 2);
    assert_true(journal_has(&j, 3));
    assert_true(journal_has(&j, 7));
    assert_false(journal_has(&j, 4));
    assert_false(journal_has(&j, 6142));
    assert_int_equal(j.sum.solutions, 105);
    assert_int_equal(j.sum.unique, 1);
    assert_int_equal(j.sum.nodes, 22);
    assert_int_equal(j.sum.dead_ends, 33);
    assert_int_equal(j.sum.basis, NQ_BASIS_HALVES); /* the count's, which the file does not hold */
    assert_false(j.torn);
    journal_close(&j);
}

static void test_pinned_header(void **state)
{
    (void)state;
    unlink(path);
    journal_count pinned = {9, true, {2, 0}, "rows", 40, NQ_BASIS_CLASSES};
    journal j;
    char message[512] = "";
    assert_int_equal(journal_open(&j, path, &pinned, message, sizeof message), JOURNAL_OK);
    journal_close(&j);
    char *text = slurp(path);
    if (!strstr(text, "\nn 9\nfirst 3,1\nmethod rows\nparts 40\n"))
        fail_msg("the header is '%s'", text);
    free(text);
    journal_count unpinned = {9, false, {0, 0}, "rows", 9, NQ_BASIS_CLASSES};
    assert_refused(&unpinned, "is of 'count 9 --first 3,1', not of 'count 9'");
}

/* A write cut off by a crash leaves a last line without its newline: it is dropped, the file is
 * cut back to the line before, and the next part follows on a line of its own. */
static void test_cut_off_last_line_is_dropped(void **state)
{
    (void)state;
    write_two_parts();
    char *whole = slurp(path);
    FILE *f = fopen(path, "ab");
    fputs("part 9 12 0 3", f);
    fclose(f);
    journal j;
    char message[512] = "";
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    assert_true(j.torn);
    assert_int_equal(j.done_count, 2);
    assert_false(journal_has(&j, 9));
    char *cut = slurp(path);
    assert_string_equal(cut, whole);
    nq_count_figures c = {12, 0, 3, 4, NQ_BASIS_HALVES};
    assert_int_equal(journal_add(&j, 9, &c, message, sizeof message), JOURNAL_OK);
    journal_close(&j);
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    assert_int_equal(j.done_count, 3);
    assert_false(j.torn);
    journal_close(&j);
    free(whole);
    free(cut);
}

/* An empty file, or one cut off while its header was written, holds nothing yet: started again. */
static void test_empty_or_half_header_starts_again(void **state)
{
    (void)state;
    const char *starts[] = {"", "nqueens-journal 2\nprogram ", "nqueens-journal 2\nprogram " NQ_VERSION "\nn 18\n"};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        write_file(path, starts[i], strlen(starts[i]));
        journal j;
        char message[512] = "";
        assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
        assert_int_equal(j.done_count, 0);
        journal_close(&j);
        char *text = slurp(path);
        assert_string_equal(text,
                            "nqueens-journal 2\nprogram " NQ_VERSION "\nn 18\nfirst none\nmethod halves\nparts 6142\n");
        free(text);
    }
}

static void test_another_count_or_version_is_refused(void **state)
{
    (void)state;
    write_two_parts();
    journal_count other_n = {17, false, {0, 0}, "halves", 4191, NQ_BASIS_HALVES};
    assert_refused(&other_n, "is of 'count 18', not of 'count 17'");
    journal_count pinned = {18, true, {0, 2}, "halves", 6142, NQ_BASIS_HALVES};
    assert_refused(&pinned, "is of 'count 18', not of 'count 18 --first 1,3'");
    journal_count other_split = {18, false, {0, 0}, "rows", 6142, NQ_BASIS_CLASSES};
    assert_refused(&other_split, "has a damaged header (line 5: its split is not this version's)");
    journal_count other_parts = {18, false, {0, 0}, "halves", 6143, NQ_BASIS_HALVES};
    assert_refused(&other_parts, "has a damaged header (line 6: its split is not this version's)");

    char *text = slurp(path);
    char *version = strstr(text, "program ");
    char edited[4096];
    snprintf(edited, sizeof edited, "%.*sprogram 0.0.1%s", (int)(version - text), text, strchr(version, '\n'));
    write_file(path, edited, strlen(edited));
    assert_refused(&COUNT18, "was written by version 0.0.1, and this is version " NQ_VERSION);
    free(text);
}

static void test_not_a_journal_is_refused(void **state)
{
    (void)state;
    const char *notes = "Chapter 1\nMy thesis, which must not be written over.\n";
    write_file(path, notes, strlen(notes));
    assert_refused(&COUNT18, "is not a count journal");
    const char binary[] = {'\x7f', 'E', 'L', 'F', '\0', '\1', '\n'};
    write_file(path, binary, sizeof binary);
    assert_refused(&COUNT18, "is not a count journal");
    /* Format 1, whose lines' checks were of their own text alone: refused, never added. */
    const char *format1 = "nqueens-journal 1\nprogram x\nn 18\nfirst none\nmethod halves\nparts 6142\n";
    write_file(path, format1, strlen(format1));
    assert_refused(&COUNT18, "of a format this version does not read (1)");
    const char *format3 = "nqueens-journal 3\nprogram x\nn 18\nfirst none\nmethod halves\nparts 6142\n";
    write_file(path, format3, strlen(format3));
    assert_refused(&COUNT18, "of a format this version does not read (3)");
    const char *crlf = "nqueens-journal 2\r\nprogram x\r\n";
    write_file(path, crlf, strlen(crlf));
    assert_refused(&COUNT18, "has Windows line ends (CR LF)");
    const char *no_n = "nqueens-journal 2\nprogram " NQ_VERSION "\nsize 18\nfirst none\nmethod halves\nparts 6142\n";
    write_file(path, no_n, strlen(no_n));
    assert_refused(&COUNT18, "has a damaged header (line 3: the journal's header has no 'n' line here)");
}

/* Appends the bytes to a fresh journal of two parts and expects a refusal naming line 9 (after
 * the six lines of the header and the two parts) for `why`. */
static void assert_damaged_line(const char *bytes, size_t length, const char *why)
{
    write_two_parts();
    FILE *f = fopen(path, "ab");
    assert_int_equal(fwrite(bytes, 1, length, f), length);
    fclose(f);
    char said[256];
    snprintf(said, sizeof said, "is damaged at line 9: %s", why);
    assert_refused(&COUNT18, said);
}

#define DAMAGED(literal, why) assert_damaged_line(literal, sizeof literal - 1, why)

static void test_damaged_lines_are_named(void **state)
{
    (void)state;
    write_two_parts();
    char *text = slurp(path);
    /* A digit of part 3's solutions changed: the check no longer matches. */
    char *figure = strstr(text, "part 3 100");
    figure[7] = '2';
    write_file(path, text, strlen(text));
    assert_refused(&COUNT18, "is damaged at line 7: its check does not match its figures");

    /* Part 3's line as the journal of another count writes it (the same N, a pinned queen):
     * well-formed, with a check right for that count, so refused here, never added. */
    journal_count pinned = {18, true, {2, 0}, "halves", 6142, NQ_BASIS_HALVES};
    free(text);
    unlink(path);
    journal other;
    char message[512] = "";
    assert_int_equal(journal_open(&other, path, &pinned, message, sizeof message), JOURNAL_OK);
    nq_count_figures f = {100, 0, 20, 30, NQ_BASIS_HALVES};
    assert_int_equal(journal_add(&other, 3, &f, message, sizeof message), JOURNAL_OK);
    journal_close(&other);
    char *theirs = slurp(path);
    char *their_line = strstr(theirs, "part 3 ");
    write_two_parts();
    text = slurp(path);
    char *ours = strstr(text, "part 3 ");
    char swapped[8192];
    int their_length = (int)(strchr(their_line, '\n') + 1 - their_line);
    snprintf(swapped, sizeof swapped, "%.*s%.*s%s", (int)(ours - text), text, their_length, their_line,
             strchr(ours, '\n') + 1);
    write_file(path, swapped, strlen(swapped));
    free(theirs);
    assert_refused(&COUNT18, "is damaged at line 7: its check does not match its figures (or it is a line of another "
                             "count)");
    free(text);

    DAMAGED("hello\n", "it is not a line of a journal");
    DAMAGED("\n", "it is not a line of a journal");
    DAMAGED("part 9 1 2 3 4\n", "it is not a line of a journal");
    DAMAGED("part 9 1 2 3 4 zzzzzzzz\n", "it is not a line of a journal");
    DAMAGED("part 09 1 2 3 4 00000000\n", "it is not a line of a journal");
    DAMAGED("part -1 1 2 3 4 00000000\n", "it is not a line of a journal");
    DAMAGED("part 99999999999999999999 1 2 3 4 00000000\n", "it is not a line of a journal");
    DAMAGED("part 9 1 2 3 4 0000000000\n", "it is not a line of a journal");
    DAMAGED("part 9 1 2 3 4 00000000\r\n", "it is not a line of a journal");
    DAMAGED("part 9 1 2 3\0 4 00000000\n", "it is not a line of a journal");
    /* A last line without its newline that no cut-off write of a part line leaves. */
    DAMAGED("my note: keep this", "it is not a line of a journal, nor the start of one cut off");
    DAMAGED("part 9 1 2 3 4 0000000g", "it is not a line of a journal, nor the start of one cut off");
    DAMAGED("part 9\0", "it is not a line of a journal, nor the start of one cut off");

    char long_line[400];
    memset(long_line, '7', sizeof long_line - 2);
    long_line[sizeof long_line - 2] = '\n';
    long_line[sizeof long_line - 1] = '\0';
    assert_damaged_line(long_line, strlen(long_line), "it is not a line of a journal");
}

/* The check a journal of COUNT18 writes after a part line's text: FNV-1a over its header, then the
 * text (written here again from the format, so that the two cannot drift together). */
static unsigned check_for_count18(const char *text)
{
    const char *header = "nqueens-journal 2\nprogram " NQ_VERSION "\nn 18\nfirst none\nmethod halves\nparts 6142\n";
    uint32_t hash = 2166136261u;
    for (const char *p = header; *p; p++)
        hash = (hash ^ (unsigned char)*p) * 16777619u;
    for (const char *p = text; *p; p++)
        hash = (hash ^ (unsigned char)*p) * 16777619u;
    return hash;
}

/* The same part twice, and a part the split does not have, each written with a right check. A
 * header edited to fewer parts makes its lines' checks wrong. */
static void test_parts_twice_or_out_of_range(void **state)
{
    (void)state;
    journal_count wide = {18, false, {0, 0}, "halves", 10000, NQ_BASIS_HALVES};
    journal j;
    char message[512] = "";
    unlink(path);
    assert_int_equal(journal_open(&j, path, &wide, message, sizeof message), JOURNAL_OK);
    nq_count_figures f = {1, 0, 1, 1, NQ_BASIS_HALVES};
    assert_int_equal(journal_add(&j, 7000, &f, message, sizeof message), JOURNAL_OK);
    journal_close(&j);
    char *text = slurp(path);
    char *parts = strstr(text, "parts 10000");
    memcpy(parts, "parts 6142\n", 11);
    memmove(parts + 11, parts + 12, strlen(parts + 12) + 1);
    write_file(path, text, strlen(text));
    free(text);
    assert_refused(&COUNT18, "is damaged at line 7: its check does not match its figures");

    write_two_parts();
    text = slurp(path);
    char beyond[8192];
    snprintf(beyond, sizeof beyond, "%spart 7000 1 0 1 1 %08x\n", text, check_for_count18("part 7000 1 0 1 1"));
    write_file(path, beyond, strlen(beyond));
    free(text);
    assert_refused(&COUNT18, "is damaged at line 9: part 7000 is not one of its 6142 parts");

    write_two_parts();
    text = slurp(path);
    char *line = strstr(text, "part 7 ");
    char twice[8192];
    snprintf(twice, sizeof twice, "%s%s", text, line);
    write_file(path, twice, strlen(twice));
    free(text);
    assert_refused(&COUNT18, "is damaged at line 9: part 7 is on an earlier line already");
}

static void test_paths_that_cannot_be_a_journal(void **state)
{
    (void)state;
    journal j;
    char message[512] = "";
    assert_int_equal(journal_open(&j, "/nonexistent-dir/x.journal", &COUNT18, message, sizeof message), JOURNAL_BAD);
    if (!strstr(message, "cannot open the journal '/nonexistent-dir/x.journal'"))
        fail_msg("'%s'", message);
    assert_int_equal(journal_open(&j, dir, &COUNT18, message, sizeof message), JOURNAL_BAD);
    if (!strstr(message, "cannot open the journal") && !strstr(message, "is not a regular file"))
        fail_msg("'%s'", message);
    assert_int_equal(journal_open(&j, "/dev/null", &COUNT18, message, sizeof message), JOURNAL_BAD);
    if (!strstr(message, "is not a regular file"))
        fail_msg("'%s'", message);
    /* A FIFO (opening it must not wait for a writer) and a symlink to a device. */
    char other[300];
    snprintf(other, sizeof other, "%s/fifo", dir);
    assert_int_equal(mkfifo(other, 0600), 0);
    assert_int_equal(journal_open(&j, other, &COUNT18, message, sizeof message), JOURNAL_BAD);
    if (!strstr(message, "is not a regular file"))
        fail_msg("a FIFO: '%s'", message);
    unlink(other);
    snprintf(other, sizeof other, "%s/device", dir);
    assert_int_equal(symlink("/dev/zero", other), 0);
    assert_int_equal(journal_open(&j, other, &COUNT18, message, sizeof message), JOURNAL_BAD);
    if (!strstr(message, "is not a regular file"))
        fail_msg("a symlink to a device: '%s'", message);
    unlink(other);
    /* A journal that may not be written (root may write it all the same: then it is used). */
    write_two_parts();
    char *before = slurp(path);
    assert_int_equal(chmod(path, 0444), 0);
    journal_status read_only = journal_open(&j, path, &COUNT18, message, sizeof message);
    if (geteuid() != 0) {
        assert_int_equal(read_only, JOURNAL_BAD);
        if (!strstr(message, "cannot open the journal"))
            fail_msg("a read-only journal: '%s'", message);
    } else if (read_only == JOURNAL_OK) {
        journal_close(&j);
    }
    chmod(path, 0644);
    char *after = slurp(path);
    assert_string_equal(after, before);
    free(before);
    free(after);
    /* One count at a time. */
    write_two_parts();
    journal first;
    assert_int_equal(journal_open(&first, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_BAD);
    if (!strstr(message, "is in use by another count"))
        fail_msg("'%s'", message);
    journal_close(&first);
}

/* A journal deleted, or changed by something else, while a count writes it stops the count. */
static void test_a_journal_changed_under_a_count(void **state)
{
    (void)state;
    journal j;
    char message[512] = "";
    nq_count_figures f = {1, 0, 1, 1, NQ_BASIS_HALVES};
    write_two_parts();
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    assert_int_equal(truncate(path, 10), 0);
    assert_int_equal(journal_add(&j, 11, &f, message, sizeof message), JOURNAL_FAILED);
    if (!strstr(message, "was changed by something else while the count ran"))
        fail_msg("'%s'", message);
    journal_close(&j);

    write_two_parts();
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    assert_int_equal(journal_add(&j, 11, &f, message, sizeof message), JOURNAL_OK);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(journal_add(&j, 12, &f, message, sizeof message), JOURNAL_FAILED);
    if (!strstr(message, "was deleted while the count ran"))
        fail_msg("'%s'", message);
    journal_close(&j);
}

/* A journal that cannot take another line says so, and the part is not taken as on file: the
 * file may grow no further (RLIMIT_FSIZE, as a full disk would refuse it). */
static void test_a_write_that_fails_is_said(void **state)
{
    (void)state;
    write_two_parts();
    journal j;
    char message[512] = "";
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    struct rlimit before, limit;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &before), 0);
    limit = before;
    limit.rlim_cur = (rlim_t)j.size;
    void (*had)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &limit), 0);
    nq_count_figures f = {1, 0, 1, 1, NQ_BASIS_HALVES};
    journal_status status = journal_add(&j, 11, &f, message, sizeof message);
    setrlimit(RLIMIT_FSIZE, &before);
    signal(SIGXFSZ, had);
    assert_int_equal(status, JOURNAL_FAILED);
    if (!strstr(message, "cannot write to the journal"))
        fail_msg("'%s'", message);
    assert_false(journal_has(&j, 11));
    journal_close(&j);
    /* The journal on disk stays usable: its parts are there, and the next one is taken. */
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    assert_int_equal(j.done_count, 2);
    assert_int_equal(journal_add(&j, 11, &f, message, sizeof message), JOURNAL_OK);
    journal_close(&j);
    assert_int_equal(journal_open(&j, path, &COUNT18, message, sizeof message), JOURNAL_OK);
    assert_true(journal_has(&j, 11));
    journal_close(&j);
}

/* A journal whose header cannot be written (the file may not grow at all, as on a full disk) is
 * a failure to write, not bad input, and the file made for it is gone again; an empty file that
 * was there stays. */
static void test_a_header_that_cannot_be_written(void **state)
{
    (void)state;
    struct rlimit before, limit;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &before), 0);
    limit = before;
    limit.rlim_cur = 0;
    void (*had)(int) = signal(SIGXFSZ, SIG_IGN);
    journal j;
    char message[512] = "", empty_message[512] = "";
    unlink(path);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &limit), 0);
    journal_status made = journal_open(&j, path, &COUNT18, message, sizeof message);
    bool left = access(path, F_OK) == 0;
    setrlimit(RLIMIT_FSIZE, &before);
    write_file(path, "", 0);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &limit), 0);
    journal_status was_empty = journal_open(&j, path, &COUNT18, empty_message, sizeof empty_message);
    setrlimit(RLIMIT_FSIZE, &before);
    signal(SIGXFSZ, had);
    assert_int_equal(made, JOURNAL_FAILED);
    if (!strstr(message, "cannot write to the journal"))
        fail_msg("'%s'", message);
    assert_false(left);
    assert_int_equal(was_empty, JOURNAL_FAILED);
    assert_int_equal(access(path, F_OK), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_written_and_read_back),
        cmocka_unit_test(test_pinned_header),
        cmocka_unit_test(test_cut_off_last_line_is_dropped),
        cmocka_unit_test(test_empty_or_half_header_starts_again),
        cmocka_unit_test(test_another_count_or_version_is_refused),
        cmocka_unit_test(test_not_a_journal_is_refused),
        cmocka_unit_test(test_damaged_lines_are_named),
        cmocka_unit_test(test_parts_twice_or_out_of_range),
        cmocka_unit_test(test_paths_that_cannot_be_a_journal),
        cmocka_unit_test(test_a_journal_changed_under_a_count),
        cmocka_unit_test(test_a_write_that_fails_is_said),
        cmocka_unit_test(test_a_header_that_cannot_be_written),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
