/*
 * test_lesson.c -- the lesson file (lesson.h): the format's example and every keyword parse to what
 * they say; every refusal names its line; the limits (size, pages, line length, UTF-8, what a page
 * says, a step past the search's end) hold; files are read defensively; every bundled lesson
 * (the .lesson files of lessons/LANG in the source tree, NQ_LESSONS_SOURCE) loads with the messages in every
 * language; and a fuzz of the test and bundled lessons mutated thousands of times (its seed printed;
 * NQ_FUZZ_SEED picks it, NQ_FUZZ_ROUNDS how many) gives only clean parses or refusals with a line
 * number within the file.
 */
#include <dirent.h>
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

#include "lesson.h"
#include "model.h"
#include "mutate.h"
#include "nq/i18n.h"

static ex_lesson *lesson;

static int setup(void **state)
{
    (void)state;
    lesson = malloc(sizeof *lesson);
    return lesson ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(lesson);
    return 0;
}

/* Parses text: the line refused (0: none), with why. */
static int parse(const char *text, char *why, size_t size)
{
    why[0] = '\0';
    return ex_lesson_parse(text, strlen(text), lesson, why, size);
}

/* A lesson refused: at which line, and a piece of the sentence saying why. */
typedef struct refusal {
    const char *text;
    int line;
    const char *says;
} refusal;

/* Every text of texts[0..count-1] is read without a refusal. */
static void expect_read(const char *const *texts, size_t count)
{
    char why[512];
    for (size_t i = 0; i < count; i++) {
        int line = parse(texts[i], why, sizeof why);
        if (line)
            fail_msg("case %zu: refused at line %d with \"%s\"\n%s", i, line, why, texts[i]);
    }
}

/* Every case of cases[0..count-1] is refused at its line, its sentence holding its piece and at least
 * shortest bytes long. */
static void expect_refused(const refusal *cases, size_t count, size_t shortest)
{
    char why[512];
    for (size_t i = 0; i < count; i++) {
        int line = parse(cases[i].text, why, sizeof why);
        if (line != cases[i].line || !strstr(why, cases[i].says) || strlen(why) < shortest)
            fail_msg("case %zu: refused at line %d (want %d) with \"%s\" (want \"%s\")\n%s", i, line, cases[i].line,
                     why, cases[i].says, cases[i].text);
    }
}

static const char example[] = "nqueens-lesson 1\n"
                              "title Four queens by hand\n"
                              "about The rule, and a board you fill yourself.\n"
                              "\n"
                              "page The rule\n"
                              "set n 4\n"
                              "set play on\n"
                              "say Four queens go on a 4 x 4 board.\n"
                              "say No two may share a row, a column or a diagonal.\n"
                              "do place 2,1\n"
                              "done Good: the queen at column 2 of row 1 now guards its column and both diagonals.\n";

/* The format's own example (docs/app.md, lesson-format): one page, set up, said, asked, answered. */
static void test_example(void **state)
{
    (void)state;
    char why[512];
    int line = parse(example, why, sizeof why);
    if (line)
        fail_msg("line %d: %s", line, why);
    assert_string_equal(ex_lesson_string(lesson, lesson->title), "Four queens by hand");
    assert_true(lesson->has_about);
    assert_string_equal(ex_lesson_string(lesson, lesson->about), "The rule, and a board you fill yourself.");
    assert_int_equal(lesson->pages, 1);
    const ex_lesson_page *p = &lesson->page[0];
    assert_int_equal(p->line, 5);
    assert_string_equal(ex_lesson_string(lesson, p->title), "The rule");
    assert_string_equal(ex_lesson_string(lesson, p->say),
                        "Four queens go on a 4 x 4 board. No two may share a row, a column or a diagonal.");
    assert_true(p->has_set);
    assert_int_equal(p->setup.n, 4);
    assert_int_equal(p->setup.mode, EX_WATCH);
    assert_int_equal(p->setup.step, 0);
    assert_int_equal(p->play, EX_SWITCH_ON);
    assert_int_equal(p->predict, EX_SWITCH_UNSET);
    assert_int_equal(p->task.kind, EX_TASK_PLACE);
    assert_int_equal(p->task.square.column, 1);
    assert_int_equal(p->task.square.row, 0);
    assert_true(p->has_done);
    char task[256];
    ex_task_text(&p->task, task, sizeof task);
    assert_string_equal(task, "Place a queen at row 1, column 2.");
}

/* Every `set` key and every `do` task, blanks trimmed, comments and blank lines passed over, a
 * `say` alone starting a paragraph, a page without `set` keeping the board. */
static void test_keywords(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        ex_task_kind kind;
        uint64_t value;
        int column, row; /* 1-based, 0: none */
    } tasks[] = {
        {"do play", EX_TASK_PLAY, 0, 0, 0},       {"do step 12", EX_TASK_STEP, 12, 0, 0},
        {"do deadend", EX_TASK_DEADEND, 0, 0, 0}, {"do solution", EX_TASK_SOLUTION, 0, 0, 0},
        {"do end", EX_TASK_END, 0, 0, 0},         {"do pin", EX_TASK_PIN, 0, 0, 0},
        {"do pin 3,2", EX_TASK_PIN, 0, 3, 2},     {"do place 4,3", EX_TASK_PLACE, 0, 4, 3},
        {"do solve", EX_TASK_SOLVE, 0, 0, 0},     {"do predict 3", EX_TASK_PREDICT, 3, 0, 0},
        {"do page 2", EX_TASK_PAGE, 2, 0, 0},     {"do method firstfail", EX_TASK_METHOD, NQ_METHOD_FIRSTFAIL, 0, 0},
        {"do n 6", EX_TASK_N, 6, 0, 0},           {"do unique", EX_TASK_UNIQUE, 0, 0, 0},
        {"do compare", EX_TASK_COMPARE, 0, 0, 0},
    };
    char text[8192], why[512];
    int used = snprintf(text, sizeof text, "nqueens-lesson 1\n# a comment\n  title   T  \nabout A\n");
    for (size_t i = 0; i < sizeof tasks / sizeof tasks[0]; i++)
        used += snprintf(text + used, sizeof text - (size_t)used,
                         "\npage P%zu\n\tsay  One.  \nsay Two.\nsay\nsay Three.\n%s\ndone D%zu\n", i, tasks[i].line, i);
    used += snprintf(text + used, sizeof text - (size_t)used,
                     "page Set\nset n 6\nset first 2,3\nset mode watch\nset method forward\nset seed 7\nset step 5\n"
                     "set speed max\nset tree hidden\nset heat shown\nset variants hidden\nset unique hidden\n"
                     "set page 0\nset predict on\nset compare on\nset play off\nsay S.\n"
                     "page Solve\nset mode solve\nset page 3\nsay S.\n");
    int line = parse(text, why, sizeof why);
    if (line)
        fail_msg("line %d: %s\n%s", line, why, text);
    assert_string_equal(ex_lesson_string(lesson, lesson->title), "T");
    assert_int_equal(lesson->pages, (int)(sizeof tasks / sizeof tasks[0]) + 2);
    for (size_t i = 0; i < sizeof tasks / sizeof tasks[0]; i++) {
        const ex_lesson_page *p = &lesson->page[i];
        assert_false(p->has_set);
        assert_string_equal(ex_lesson_string(lesson, p->say), "One. Two.\nThree.");
        if (p->task.kind != tasks[i].kind || p->task.value != tasks[i].value)
            fail_msg("%s: kind %d value %llu", tasks[i].line, p->task.kind, (unsigned long long)p->task.value);
        assert_int_equal(p->task.has_square, tasks[i].column > 0);
        if (tasks[i].column) {
            assert_int_equal(p->task.square.column, tasks[i].column - 1);
            assert_int_equal(p->task.square.row, tasks[i].row - 1);
        }
        char said[256];
        ex_task_text(&p->task, said, sizeof said);
        assert_true(strlen(said) > 10);
    }
    const ex_lesson_page *set = &lesson->page[lesson->pages - 2];
    assert_true(set->has_set);
    assert_int_equal(set->setup.n, 6);
    assert_true(set->setup.has_first);
    assert_int_equal(set->setup.first.column, 1);
    assert_int_equal(set->setup.first.row, 2);
    assert_int_equal(set->setup.method, NQ_METHOD_FORWARD);
    assert_int_equal(set->setup.seed, 7);
    assert_int_equal(set->setup.step, 5);
    assert_true(set->setup.speed == EX_SPEED_MAX);
    assert_true(set->setup.heat);
    assert_int_equal(set->predict, EX_SWITCH_ON);
    assert_int_equal(set->compare, EX_SWITCH_ON);
    assert_int_equal(set->play, EX_SWITCH_OFF);
    assert_int_equal(set->task.kind, EX_TASK_NONE);
    const ex_lesson_page *solve = &lesson->page[lesson->pages - 1];
    assert_int_equal(solve->setup.n, 8); /* a moment's default */
    assert_int_equal(solve->setup.mode, EX_SOLVE);
    assert_int_equal(solve->setup.page, 3);
}

/* Each bad lesson is refused at its line, with a sentence. */
static void test_refusals(void **state)
{
    (void)state;
    static const refusal cases[] = {
        {"", 1, "first line"},
        {"nqueens-lesson 2\ntitle T\npage P\nsay S\n", 1, "first line"},
        {"nqueens-moment 1\nn 4\n", 1, "first line"},
        {"nqueens-lesson 1\ntitle T\n", 2, "at least one page"},
        {"nqueens-lesson 1\npage P\nsay S\n", 2, "title"},
        {"nqueens-lesson 1\ntitle T\ntitle U\npage P\nsay S\n", 3, "twice"},
        {"nqueens-lesson 1\ntitle T\nabout A\nabout B\npage P\nsay S\n", 4, "twice"},
        {"nqueens-lesson 1\ntitle\npage P\nsay S\n", 2, "text"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ntitle U\n", 5, "before the first page"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\nabout U\n", 5, "before the first page"},
        {"nqueens-lesson 1\ntitle T\nsay S\n", 3, "belongs to a page"},
        {"nqueens-lesson 1\ntitle T\nset n 4\n", 3, "belongs to a page"},
        {"nqueens-lesson 1\ntitle T\npage\nsay S\n", 3, "title"},
        {"nqueens-lesson 1\ntitle T\npage P\n", 3, "say"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay\npage Q\nsay S\n", 3, "say"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\nshout S\n", 5, "unknown keyword"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\nset colour red\n", 5, "unknown key"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\nset n\n", 5, "set"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\nset n 0\n", 5, "n must be"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\nset n 4\nset n 5\n", 6, "first on line 5"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nset first 5,1\nsay S\n", 5, "first"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nset step 999\nsay S\n", 5, "past the end"},
        {"nqueens-lesson 1\ntitle T\npage P\nset mode fast\nsay S\n", 4, "mode must be"},
        {"nqueens-lesson 1\ntitle T\npage P\nset play yes\nsay S\n", 4, "on or off"},
        {"nqueens-lesson 1\ntitle T\npage P\nset play on\nset play on\nsay S\n", 5, "twice"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 20\nset play on\nsay S\n", 5, "play"},
        {"nqueens-lesson 1\ntitle T\npage P\nset mode solve\nset play on\nsay S\n", 5, "play"},
        {"nqueens-lesson 1\ntitle T\npage P\nset method minconflicts\nset predict on\nsay S\n", 5, "predict"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 100\nset compare on\nsay S\n", 5, "above N"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo fly\n", 5, "unknown task"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo\n", 5, "do needs a task: play, step,"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo   \n", 5, "do needs a task: play, step,"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo play now\n", 5, "no value"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo step\n", 5, "needs a value"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo step x\n", 5, "step"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo predict 0\n", 5, "predictions"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo predict 100\n", 5, "predictions"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo page 0\n", 5, "page"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo method fast\n", 5, "method"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo n 0\n", 5, "n must be"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nsay S\ndo place 5,1\n", 6, ""},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo pin 1,\n", 5, ""},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo play\ndo end\n", 6, "twice"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndone D\n", 5, "done"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo play\ndone D\ndone E\n", 7, "twice"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\ndo play\ndone\n", 6, "text"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\xff\n", 4, "UTF-8"},
        {"nqueens-lesson 1\ntitle T\npage P\nsay S\xc3\n", 4, "UTF-8"},
    };
    expect_refused(cases, sizeof cases / sizeof cases[0], 8);
    char why[512];
    static const char nul[] = "nqueens-lesson 1\ntitle T\n\npage P\nsay S\0\n"; /* a NUL inside */
    assert_int_equal(ex_lesson_parse(nul, sizeof nul - 1, lesson, why, sizeof why), 5);
    assert_non_null(strstr(why, "UTF-8"));
}

/* A task's square is on the page's own board: its `set n`, else the N the page before left (its set
 * n, or K after its `do n K`), whatever the page before that had. */
static void test_page_n(void **state)
{
    (void)state;
    static const char *const good[] = {
        "nqueens-lesson 1\ntitle T\npage P\nset n 4\nsay x\npage Q\nset n 10\nset play on\nsay y\n"
        "do place 9,1\n",
        "nqueens-lesson 1\ntitle T\npage P\nset n 4\nset play on\nsay x\ndo n 6\npage Q\nsay y\n"
        "do place 6,6\n",
        "nqueens-lesson 1\ntitle T\npage P\nset n 70\nsay x\ndo pin 70,70\n",
        "nqueens-lesson 1\ntitle T\npage P\nset n 70\nsay x\npage Q\nsay y\ndo pin 1,70\n",
    };
    expect_read(good, sizeof good / sizeof good[0]);
    static const refusal bad[] = {
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nsay x\npage Q\nset n 10\nset play on\nsay y\n"
         "do place 11,1\n", 10, "10 x 10"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nset play on\nsay x\ndo n 6\npage Q\nsay y\n"
         "do place 7,1\n", 10, "6 x 6"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 6\nsay x\npage Q\nset n 4\nset play on\nsay y\n"
         "do place 5,1\n", 10, "4 x 4"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 70\nsay x\ndo pin 71,1\n", 6, "70 x 70"},
    };
    expect_refused(bad, sizeof bad / sizeof bad[0], 0);
}

/* A task that can never be met is refused at its do line, saying why: a page past the count (with
 * the page's pin), a step past the watched search's end, a step in Solve, placing or solving without
 * your turn, predicting without predicting on (each on the page, or from the page before). */
static void test_unmeetable(void **state)
{
    (void)state;
    static const char *const good[] = {
        "nqueens-lesson 1\ntitle T\npage P\nset n 4\nset mode solve\nsay x\ndo page 2\n",
        "nqueens-lesson 1\ntitle T\npage P\nset n 4\nsay x\ndo step 143\n",
        "nqueens-lesson 1\ntitle T\npage P\nset n 4\nset predict on\nsay x\ndo predict 2\n",
        "nqueens-lesson 1\ntitle T\npage P\nset n 5\nset play on\nsay x\npage Q\nsay y\ndo solve\n",
        "nqueens-lesson 1\ntitle T\npage P\nset n 6\nset method firstfail\nsay x\ndo page 4\n",
    };
    expect_read(good, sizeof good / sizeof good[0]);
    static const refusal bad[] = {
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nset mode solve\nsay x\ndo page 3\n", 7, "solutions (2)"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 2\nset mode solve\nsay x\ndo page 1\n", 7, "solutions (0)"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nset first 2,1\nset mode solve\nsay x\ndo page 2\n", 8,
         "solutions (1)"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nsay x\ndo page 3\n", 6, "solutions (2)"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 6\nset method minconflicts\nsay x\ndo page 1\n", 7,
         "min-conflicts"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nsay x\ndo step 999\n", 6, "ends at step 143"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nset mode solve\nsay x\ndo step 5\n", 7, "set mode watch"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nsay x\ndo place 2,1\n", 6, "set play on"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 5\nsay x\npage Q\nsay y\ndo solve\n", 8, "set play on"},
        {"nqueens-lesson 1\ntitle T\npage P\nset n 4\nsay x\ndo predict 2\n", 6, "set predict on"},
    };
    expect_refused(bad, sizeof bad / sizeof bad[0], 0);
}

/* The limits: 64 KiB, 32 pages, 1,000-byte lines, what a page says, Windows line ends. */
static void test_limits(void **state)
{
    (void)state;
    static char text[EX_LESSON_MAX_BYTES + 4096];
    char why[512];
    int used = snprintf(text, sizeof text, "nqueens-lesson 1\r\ntitle T\r\n");
    for (int p = 0; p < EX_LESSON_MAX_PAGES; p++)
        used += snprintf(text + used, sizeof text - (size_t)used, "page P%d\r\nsay S\r\n", p);
    assert_int_equal(parse(text, why, sizeof why), 0);
    assert_int_equal(lesson->pages, EX_LESSON_MAX_PAGES);
    assert_string_equal(ex_lesson_string(lesson, lesson->page[0].title), "P0");
    snprintf(text + used, sizeof text - (size_t)used, "page Q\nsay S\n");
    assert_int_equal(parse(text, why, sizeof why), 3 + 2 * EX_LESSON_MAX_PAGES);
    assert_non_null(strstr(why, "32"));

    /* A line of exactly the most bytes passes; one more is refused. */
    used = snprintf(text, sizeof text, "nqueens-lesson 1\ntitle T\npage P\nsay ");
    memset(text + used, 'x', EX_LESSON_MAX_LINE - 4);
    snprintf(text + used + EX_LESSON_MAX_LINE - 4, 8, "\n");
    assert_int_equal(parse(text, why, sizeof why), 0);
    memset(text + used, 'x', EX_LESSON_MAX_LINE - 3);
    snprintf(text + used + EX_LESSON_MAX_LINE - 3, 8, "\n");
    assert_int_equal(parse(text, why, sizeof why), 4);
    assert_non_null(strstr(why, "1000"));

    /* A page saying more than it can show. */
    used = snprintf(text, sizeof text, "nqueens-lesson 1\ntitle T\npage P\n");
    int lines = 3;
    while (used < EX_LESSON_MAX_SAY + 2000) {
        used += snprintf(text + used, sizeof text - (size_t)used, "say %0500d\n", 0);
        lines++;
    }
    int line = parse(text, why, sizeof why);
    assert_true(line > 4 && line <= lines);
    assert_non_null(strstr(why, "split"));

    /* Over 64 KiB, whatever it holds. */
    used = snprintf(text, sizeof text, "nqueens-lesson 1\ntitle T\npage P\nsay S\n");
    while ((size_t)used <= EX_LESSON_MAX_BYTES)
        used += snprintf(text + used, sizeof text - (size_t)used, "# %0200d\n", 0);
    assert_int_equal(ex_lesson_parse(text, (size_t)used, lesson, why, sizeof why), 1);
    assert_non_null(strstr(why, "65536"));
}

/* Files: read whole, named by their file, refused as FILE:LINE; a folder, a FIFO and a missing file
 * at line 0, never blocking. */
static void test_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_lesson.XXXXXX", path[256], message[1600];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/02-good.lesson", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(example, f);
    fclose(f);
    assert_true(ex_lesson_sniff(path));
    assert_true(ex_lesson_read(path, lesson, message, sizeof message));
    assert_string_equal(lesson->name, "02-good");

    /* Told from a moment by the first line after a byte order mark and blanks, whatever the size:
     * Notepad's mark and leading blanks are taken, and a lesson too large is refused as a lesson. */
    static const char *const starts[] = {"\xEF\xBB\xBF", "  \t", "\xEF\xBB\xBF "};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        f = fopen(path, "w");
        fprintf(f, "%s%s", starts[i], example);
        fclose(f);
        if (!ex_lesson_sniff(path) || !ex_lesson_read(path, lesson, message, sizeof message))
            fail_msg("start %zu: sniffed %d, read as \"%s\"", i, ex_lesson_sniff(path), message);
    }
    f = fopen(path, "w");
    fputs(example, f);
    for (long bytes = 0; bytes <= EX_LESSON_MAX_BYTES; bytes += 202)
        fprintf(f, "# %0199d\n", 0);
    fclose(f);
    assert_true(ex_lesson_sniff(path));
    assert_false(ex_lesson_read(path, lesson, message, sizeof message));
    char want_large[600];
    snprintf(want_large, sizeof want_large, "%s:0: larger than 65536 bytes: no lesson is", path);
    assert_string_equal(message, want_large);
    f = fopen(path, "w");
    fputs("\xEF\xBB\xBFnqueens-moment 1\nn 4\n", f);
    fclose(f);
    assert_false(ex_lesson_sniff(path));

    snprintf(path, sizeof path, "%s/bad.lesson", dir);
    f = fopen(path, "w");
    fputs("nqueens-lesson 1\ntitle T\npage P\nset n 4\nset step 99999\nsay S\n", f);
    fclose(f);
    assert_false(ex_lesson_read(path, lesson, message, sizeof message));
    char want[512];
    snprintf(want, sizeof want, "%s:5: ", path);
    assert_memory_equal(message, want, strlen(want));

    assert_false(ex_lesson_read(dir, lesson, message, sizeof message));
    snprintf(want, sizeof want, "%s:0: ", dir);
    assert_memory_equal(message, want, strlen(want));
    snprintf(path, sizeof path, "%s/fifo.lesson", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_false(ex_lesson_sniff(path));
    assert_false(ex_lesson_read(path, lesson, message, sizeof message));
    unlink(path);
    snprintf(path, sizeof path, "%s/none.lesson", dir);
    assert_false(ex_lesson_read(path, lesson, message, sizeof message));
    assert_false(ex_lesson_sniff(path));

    char name[64];
    ex_lesson_name("/a/b/03-pinned.lesson", name, sizeof name);
    assert_string_equal(name, "03-pinned");
    ex_lesson_name("plain", name, sizeof name);
    assert_string_equal(name, "plain");

    /* A bundled lesson by name: the language's, else English's. */
    char lang_dir[300], found[600];
    snprintf(lang_dir, sizeof lang_dir, "%s/en", dir);
    assert_int_equal(mkdir(lang_dir, 0700), 0);
    snprintf(path, sizeof path, "%s/en/01-x.lesson", dir);
    f = fopen(path, "w");
    fputs(example, f);
    fclose(f);
    snprintf(path, sizeof path, "%s/en/02-y.lesson", dir);
    f = fopen(path, "w");
    fclose(f);
    nq_lang_use(nq_lang_find("th"), NULL);
    /* A name that is no file and no bundled lesson: both said, with where and what there is. */
    char said[3000], want_said[3000];
    setenv("NQUEENS_LESSONS", dir, 1);
    ex_lesson_not_found("nosuch", said, sizeof said); /* Thai has none here: English's are named */
    assert_non_null(strstr(said, "/en"));
    assert_non_null(strstr(said, "01-x, 02-y"));
    nq_lang_use(0, NULL);
    ex_lesson_not_found("nosuch", said, sizeof said);
    snprintf(want_said, sizeof want_said,
             "nosuch: there is no such file, and no bundled lesson of that name in %s/en; the bundled lessons are "
             "01-x, 02-y",
             dir);
    assert_string_equal(said, want_said);
    unlink(path);
    snprintf(path, sizeof path, "%s/none", dir);
    setenv("NQUEENS_LESSONS", path, 1);
    ex_lesson_not_found("nosuch", said, sizeof said);
    snprintf(want_said, sizeof want_said, "nosuch: there is no such file, and no bundled lessons were found in %s/en",
             path);
    assert_string_equal(said, want_said);
    unsetenv("NQUEENS_LESSONS");
    snprintf(path, sizeof path, "%s/en/01-x.lesson", dir);
    nq_lang_use(nq_lang_find("th"), NULL);
    assert_true(ex_lesson_find(dir, "01-x", found, sizeof found));
    assert_string_equal(found, path);
    assert_false(ex_lesson_find(dir, "02-y", found, sizeof found));
    assert_false(ex_lesson_find(dir, "../en/01-x", found, sizeof found));
    nq_lang_use(0, NULL);
    unlink(path);
    rmdir(lang_dir);
    snprintf(path, sizeof path, "%s/02-good.lesson", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/bad.lesson", dir);
    unlink(path);
    rmdir(dir);
}

/* The lesson files to check and to mutate: tests/lessons and the source tree's lessons/LANG. */
enum { FILES_MAX = 128 };
static char files[FILES_MAX][600];
static int file_count, bundled_count;

static void add_dir(const char *dir, bool bundled)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) && file_count < FILES_MAX) {
        size_t length = strlen(e->d_name);
        if (length > 7 && !strcmp(e->d_name + length - 7, ".lesson")) {
            snprintf(files[file_count++], sizeof files[0], "%s/%s", dir, e->d_name);
            bundled_count += bundled;
        }
    }
    closedir(d);
}

static void find_files(void)
{
    file_count = bundled_count = 0;
    const char *source = getenv("NQ_LESSONS_SOURCE");
    const char *tests = getenv("NQ_TEST_LESSONS");
    if (tests)
        add_dir(tests, false);
    if (!source)
        return;
    for (int lang = 0; lang < NQ_LANG_COUNT; lang++) {
        char dir[600];
        snprintf(dir, sizeof dir, "%s/%s", source, nq_lang_code(lang));
        add_dir(dir, true);
    }
}

/* Every bundled lesson (and every test lesson) loads, with the messages in every language; every
 * language has the same lessons as English. Passes with none, and says how many it loaded. */
static void test_bundled(void **state)
{
    (void)state;
    find_files();
    int loaded = 0;
    for (int lang = 0; lang < NQ_LANG_COUNT; lang++) {
        nq_lang_use(lang, NULL);
        for (int i = 0; i < file_count; i++) {
            char message[1600];
            if (!ex_lesson_read(files[i], lesson, message, sizeof message))
                fail_msg("%s (messages in %s)", message, nq_lang_code(lang));
            loaded++;
        }
    }
    nq_lang_use(0, NULL);
    const char *source = getenv("NQ_LESSONS_SOURCE");
    for (int i = 0; i < file_count && source; i++) {
        const char *slash = strrchr(files[i], '/');
        char english[700];
        snprintf(english, sizeof english, "%s/en%s", source, slash);
        if (strstr(files[i], source) == files[i] && access(english, R_OK) != 0)
            fail_msg("%s has no English lesson of its name (%s)", files[i], english);
    }
    printf("bundled: %d lesson files (%d bundled), %d loads in %d languages\n", file_count, bundled_count, loaded,
           NQ_LANG_COUNT);
}

/* The format's own words, for the fuzz to put in. */
static const char *const lesson_words[] = {"page ",
                                           "say ",
                                           "set ",
                                           "do ",
                                           "done ",
                                           "title ",
                                           "about ",
                                           "n ",
                                           "first ",
                                           "step ",
                                           "mode solve",
                                           "play on",
                                           "predict on",
                                           "compare on",
                                           "method minconflicts",
                                           "place 9,9",
                                           "solve",
                                           "end",
                                           "\n",
                                           " ",
                                           "\t",
                                           "\xff",
                                           "\xc3",
                                           "\r",
                                           "#",
                                           "0",
                                           "999",
                                           "18446744073709551616",
                                           "4",
                                           "2,1",
                                           "deadend",
                                           "unique",
                                           "page 99",
                                           "step 4000000",
                                           "nqueens-lesson 1\n",
                                           "\n\n\n"};

/* The test and bundled lessons (else the format's example) mutated thousands of times: each parse
 * is clean or refuses at a line within the file, with a sentence. */
static void test_fuzz(void **state)
{
    (void)state;
    find_files();
    mutate_seed("fuzz");
    const char *env = getenv("NQ_FUZZ_ROUNDS");
    long rounds = env ? atol(env) : 3000, parsed = 0, refused = 0;
    static char original[EX_LESSON_MAX_BYTES + 1], text[EX_LESSON_MAX_BYTES + 4096];
    for (long round = 0; round < rounds; round++) {
        size_t length;
        if (file_count) {
            FILE *f = fopen(files[below((uint64_t)file_count)], "rb");
            assert_non_null(f);
            length = fread(original, 1, EX_LESSON_MAX_BYTES, f);
            fclose(f);
        } else {
            length = strlen(example);
            memcpy(original, example, length);
        }
        memcpy(text, original, length);
        for (uint64_t k = 1 + below(6); k > 0; k--)
            length = mutate(text, length, EX_LESSON_MAX_BYTES, lesson_words,
                            sizeof lesson_words / sizeof lesson_words[0], 40);
        int lines = 1;
        for (size_t i = 0; i < length; i++)
            lines += text[i] == '\n';
        char why[600] = "";
        int line = ex_lesson_parse(text, length, lesson, why, sizeof why);
        if (line < 0 || line > lines || (line && strlen(why) < 8) || (line == 0 && lesson->pages < 1))
            fail_msg("round %ld: refused at line %d of %d with \"%s\"", round, line, lines, why);
        if (line)
            refused++;
        else
            parsed++;
    }
    printf("fuzz: %ld mutated lessons, %ld parsed, %ld refused with a line\n", rounds, parsed, refused);
    assert_true(refused > 0);
}

int main(void)
{
    nq_lang_use(0, NULL);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_example), cmocka_unit_test(test_keywords), cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_page_n), cmocka_unit_test(test_unmeetable),
        cmocka_unit_test(test_limits),  cmocka_unit_test(test_files),    cmocka_unit_test(test_bundled),
        cmocka_unit_test(test_fuzz),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
