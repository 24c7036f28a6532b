/*
 * test_moment.c -- the moment file (moment.h): random moments written, parsed and opened in the
 * model give back the same moment; every refusal names a line; the file is read defensively (a
 * missing file, a folder, a FIFO, a huge file); a bad file opened in the window changes nothing;
 * and a fuzz of real moment files mutated thousands of times (its seed printed; NQ_FUZZ_SEED picks
 * it, NQ_FUZZ_ROUNDS how many) gives only clean opens or refusals with a line number.
 */
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "model_fixture.h"
#include "moment.h"
#include "mutate.h"
#include "nq/count.h"
#include "nq/trace.h"

/* The watched search of m to its end: its length, and the solutions found by step m->step. */
static uint64_t search_length(const ex_moment *m, uint64_t step, uint64_t *found)
{
    nq_plan plan = nq_plan_make(m->n, m->has_first ? &m->first : NULL, m->method);
    plan.seed = m->seed;
    static nq_trace t;
    nq_trace_start(&t, &plan);
    nq_step s;
    uint64_t k = 0;
    *found = 0;
    while (nq_trace_next(&t, &s)) {
        k++;
        if (k == step)
            *found = t.solutions;
    }
    return k;
}

/* A random moment that opens: N = 4 to 8, every method, both modes, views and pages that exist. */
static ex_moment random_moment(void)
{
    static const double speeds[] = {1, 5, 20, 1000, EX_SPEED_MAX};
    ex_moment m = ex_moment_defaults(4 + (int)below(5));
    m.method = (nq_method)below(NQ_METHOD_COUNT);
    m.seed = 1 + below(5);
    m.speed = speeds[below(5)];
    m.mode = below(4) ? EX_WATCH : EX_SOLVE;
    m.has_first = below(2);
    m.first = (nq_square){(int)below((uint64_t)m.n), (int)below((uint64_t)m.n)};
    m.unique = !m.has_first && !below(4);
    m.heat = !below(3);
    uint64_t found = 0, boards;
    if (m.mode == EX_WATCH) {
        uint64_t length = search_length(&m, 0, &found);
        m.step = below(length + 1);
        m.recorded = below(2) ? m.step : m.step + below(length - m.step + 1); /* stepped back, or not */
        search_length(&m, m.recorded, &found);
        m.tree = nq_method_complete(m.method) && below(2);
        boards = found;
        if (m.method == NQ_METHOD_MINCONFLICTS || (m.method == NQ_METHOD_FIRSTFAIL && m.recorded != length))
            boards = 0;
    } else {
        m.tree = false;
        nq_count_options options = {m.has_first ? &m.first : NULL, false, {1, NULL, NULL, NULL, 0}};
        boards = nq_count(m.n, &options).solutions;
    }
    if (m.unique) {
        nq_count_options options = {NULL, true, {1, NULL, NULL, NULL, 0}};
        boards = nq_count(m.n, &options).unique;
    }
    m.page = below(3) ? below(boards + 1) : 0;
    if ((m.unique || m.mode == EX_SOLVE) && boards) /* Solve and unique paging show their first board */
        m.page = 1 + below(boards);
    m.variants = m.page > 0 && below(2);
    return m;
}

static void assert_same(const ex_moment *want, const ex_moment *got, const char *text)
{
    char a[EX_MOMENT_MAX_BYTES], b[EX_MOMENT_MAX_BYTES];
    ex_moment_format(want, a, sizeof a);
    ex_moment_format(got, b, sizeof b);
    if (strcmp(a, b))
        fail_msg("the moment\n%sopened as\n%s(from the text\n%s)", a, b, text);
}

/* Each random moment written, parsed and opened in the model: the same moment back, and the trace
 * says opened, then the usual lines, then the step (a watch). */
static void test_round_trip(void **state)
{
    (void)state;
    mutate_seed("round trip");
    for (int round = 0; round < 300; round++) {
        ex_moment m = random_moment(), parsed;
        char text[EX_MOMENT_MAX_BYTES], why[512];
        ex_moment_format(&m, text, sizeof text);
        int line = ex_moment_parse(text, strlen(text), &parsed, why, sizeof why);
        if (line)
            fail_msg("a moment written was refused at line %d: %s\n%s", line, why, text);
        assert_same(&m, &parsed, text);

        fixture f;
        script u;
        heat_script h = {0};
        start(&f, 8, NULL, EX_WATCH, 5);
        script_init(&u);
        ex_set_uniquer(&f.ex, script_solver(&u));
        ex_set_heater(&f.ex, heat_script_solver(&h));
        ex_moment_apply(&f.ex, &parsed, "round.nqmoment", f.now);
        for (int frames = 0; !ex_moment_arrived(&f.ex) && frames < 100000; frames++)
            frame(&f, 1.0 / 64);
        assert_true(ex_moment_arrived(&f.ex));
        frame(&f, 1.0 / 64);
        ex_moment back = ex_moment_take(&f.ex);
        assert_same(&m, &back, text);
        assert_traced(&f, "\nopened round.nqmoment\n");
        fflush(f.trace_stream);
        const char *opened = strstr(f.trace, "\nopened ");
        char n_line[32];
        snprintf(n_line, sizeof n_line, "\nn %d\n", m.n);
        if (!strstr(opened, n_line) || !strstr(opened, "\nmethod "))
            fail_msg("after the opened line, no \"%s\" and method line:\n%s", n_line + 1, opened);
        if (m.mode == EX_WATCH) {
            char step_line[64];
            snprintf(step_line, sizeof step_line, "\nstep %llu of ", (unsigned long long)m.step);
            if (!strstr(opened, step_line))
                fail_msg("the trace lacks \"%s\" after opening:\n%s", step_line + 1, opened);
            assert_true(f.ex.paused);
        }
        finish(&f);
    }
}

typedef struct bad_case {
    const char *text;
    int line;
} bad_case;

/* Each kind of bad text is refused at its line, with words saying what is wrong. */
static void test_refusals(void **state)
{
    (void)state;
    static const bad_case cases[] = {
        {"", 1},
        {"nqueens-moment 2\nn 6\n", 1},
        {"hello\n", 1},
        {"nqueens-moment 1\n", 1},
        {"nqueens-moment 1\nmethod forward\n", 2},
        {"nqueens-moment 1\nn 6\ncolour red\n", 3},
        {"nqueens-moment 1\nn 6\nmethod forward\nmethod backtrack\n", 4},
        {"nqueens-moment 1\nn 0\n", 2},
        {"nqueens-moment 1\nn six\n", 2},
        {"nqueens-moment 1\nn\n", 2},
        {"nqueens-moment 1\nn 6\n\nfirst 7,1\n", 4},
        {"nqueens-moment 1\nfirst 6,6\nn 5\n", 2},
        {"nqueens-moment 1\nn 6\nstep 100000\n", 3},
        {"nqueens-moment 1\nn 6\nstep 99999999999\n", 3},
        {"nqueens-moment 1\nn 6\nmode solve\nstep 3\n", 4},
        {"nqueens-moment 1\nn 6\nmode solve\npage 5\n", 4},
        {"nqueens-moment 1\nn 6\nstep 10\npage 1\n", 4},
        {"nqueens-moment 1\nn 6\nmethod minconflicts\ntree shown\n", 4},
        {"nqueens-moment 1\nn 6\nfirst 2,1\nunique shown\n", 4},
        {"nqueens-moment 1\nn 6\nvariants shown\n", 3},
        {"nqueens-moment 1\nn 6\nheat yes\n", 3},
        {"nqueens-moment 1\nn 6\nspeed fast\n", 3},
        {"nqueens-moment 1\nn 100\nstep 5\n", 3},
        {"nqueens-moment 1\nn 6\nmethod firstfail\nstep 40\npage 1\n", 5},
        {"nqueens-moment 1\nn 6\nmethod minconflicts\nstep 20\npage 1\n", 5},
        {"nqueens-moment 1\nn 6\nseed 0\n", 3},
        {"nqueens-moment 1\nn 6\nstep 30\nrecorded 20\n", 4},
        {"nqueens-moment 1\nn 6\nrecorded 30000\nstep 20\n", 3},
        {"nqueens-moment 1\nn 6\nmode solve\nrecorded 20\n", 4},
        {"nqueens-moment 1\nn 6\nmethod \xff\n", 3},
        {"nqueens-moment 1\nn 6\n\xc0\x80\n", 3},
        {"nqueens-moment 1\nn 6\nfirst \xed\xa0\x80\n", 3},
        {"nqueens-moment 1\r\nn 6\r\nmode  watch\n", 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ex_moment m = ex_moment_defaults(5);
        char why[512] = "";
        int line = ex_moment_parse(cases[i].text, strlen(cases[i].text), &m, why, sizeof why);
        if (line != cases[i].line)
            fail_msg("case %zu (\"%s\"): refused at line %d, not %d (%s)", i, cases[i].text, line, cases[i].line, why);
        assert_true(strlen(why) > 10);
        assert_int_equal(m.n, 5); /* untouched */
    }
    char longline[EX_MOMENT_MAX_LINE + 40];
    snprintf(longline, sizeof longline, "nqueens-moment 1\nn 6\n#%0*d\n", EX_MOMENT_MAX_LINE, 0);
    ex_moment m;
    char why[512];
    assert_int_equal(ex_moment_parse(longline, strlen(longline), &m, why, sizeof why), 3);
    /* A NUL in the text is no text. */
    assert_int_equal(ex_moment_parse("nqueens-moment 1\nn 6\0\n", 22, &m, why, sizeof why), 2);
    /* Comments, blank lines and a line break of Windows are taken. */
    const char *good = "nqueens-moment 1\r\n# a moment of a lesson\r\n\r\nn 6\r\nfirst 2,1\r\nstep 12\r\n";
    assert_int_equal(ex_moment_parse(good, strlen(good), &m, why, sizeof why), 0);
    assert_int_equal(m.n, 6);
    assert_true(m.has_first);
    assert_int_equal(m.first.column, 1);
    assert_int_equal(m.first.row, 0);
    assert_int_equal(m.step, 12);
    /* A UTF-8 byte order mark before the first line (Notepad's) is taken; one anywhere else is not. */
    const char *bom = "\xEF\xBB\xBFnqueens-moment 1\r\nn 5\r\n";
    int line = ex_moment_parse(bom, strlen(bom), &m, why, sizeof why);
    if (line)
        fail_msg("a moment after a byte order mark: refused at line %d with \"%s\"", line, why);
    assert_int_equal(m.n, 5);
    const char *late = "nqueens-moment 1\n\xEF\xBB\xBFn 5\n";
    assert_int_equal(ex_moment_parse(late, strlen(late), &m, why, sizeof why), 2);
}

/* A path that is no moment file is refused with line 0, and never blocks. */
static void test_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_moment.XXXXXX", path[256], message[1024];
    assert_non_null(mkdtemp(dir));
    ex_moment m;
    snprintf(path, sizeof path, "%s/missing.nqmoment", dir);
    assert_false(ex_moment_read(path, &m, message, sizeof message));
    assert_non_null(strstr(message, ":0: "));
    assert_false(ex_moment_read(dir, &m, message, sizeof message));
    assert_non_null(strstr(message, ":0: "));
    snprintf(path, sizeof path, "%s/fifo", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_false(ex_moment_read(path, &m, message, sizeof message)); /* no writer: would block */
    assert_non_null(strstr(message, ":0: "));
    unlink(path);
    snprintf(path, sizeof path, "%s/huge.nqmoment", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("nqueens-moment 1\nn 6\n", f);
    for (int i = 0; i < EX_MOMENT_MAX_BYTES; i++)
        fputc('\n', f);
    fclose(f);
    assert_false(ex_moment_read(path, &m, message, sizeof message));
    assert_non_null(strstr(message, ":0: "));
    f = fopen(path, "w");
    fputs("nqueens-moment 1\nn 6\nmethod sideways\n", f);
    fclose(f);
    assert_false(ex_moment_read(path, &m, message, sizeof message));
    char want[400];
    snprintf(want, sizeof want, "%s:3: ", path);
    assert_memory_equal(message, want, strlen(want));
    f = fopen(path, "w");
    fputs("nqueens-moment 1\nn 7\nstep 5\n", f);
    fclose(f);
    assert_true(ex_moment_read(path, &m, message, sizeof message));
    assert_int_equal(m.n, 7);
    unlink(path);
    rmdir(dir);
}

/* A bad file opened in the window: the same words in a notice, nothing changed, nothing traced. */
static void test_refused_in_the_window(void **state)
{
    (void)state;
    char path[] = "/tmp/test_moment_bad.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char *text = "nqueens-moment 1\nn 5\nstep 9999999\n";
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    uint32_t run = f.ex.run;
    assert_false(ex_moment_open(&f.ex, path, f.now));
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_MOMENT_REFUSED);
    char want[128];
    snprintf(want, sizeof want, "%s:3: ", path);
    static ex_panel panel;
    ex_panel_make(&f.ex, f.now, &panel);
    assert_memory_equal(panel.text[EX_LINE_NOTICE], want, strlen(want));
    assert_int_equal(f.ex.n, 8);
    assert_int_equal(f.ex.run, run);
    fflush(f.trace_stream);
    assert_null(strstr(f.trace, "opened"));
    finish(&f);
    unlink(path);
}

/* The person's first action during the replay ends it where it is. */
static void test_action_ends_the_replay(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    ex_moment m = ex_moment_defaults(8);
    m.step = m.recorded = 1500;
    ex_moment_apply(&f.ex, &m, "long.nqmoment", f.now);
    assert_false(ex_moment_arrived(&f.ex));
    ex_act(&f.ex, EX_ACT_SLOWER, 0, f.now);
    assert_true(ex_moment_arrived(&f.ex));
    frame(&f, 1.0);
    assert_true(f.ex.cursor < 1500);
    finish(&f);
}

/* Opens m in the model on scripted solvers and plays frames until it has arrived. */
static void open_in_model(const ex_moment *m)
{
    fixture f;
    script u;
    heat_script h = {0};
    start(&f, 8, NULL, EX_WATCH, 5);
    script_init(&u);
    ex_set_uniquer(&f.ex, script_solver(&u));
    ex_set_heater(&f.ex, heat_script_solver(&h));
    ex_moment_apply(&f.ex, m, "fuzz.nqmoment", f.now);
    for (int frames = 0; !ex_moment_arrived(&f.ex) && frames < 100000; frames++)
        frame(&f, 1.0 / 64);
    assert_true(ex_moment_arrived(&f.ex));
    assert_int_equal(f.ex.n, m->n);
    finish(&f);
}

/* A board above NQ_MAX_N opens as the window shows it: one solution, found, and no step. */
static void test_wide_moment(void **state)
{
    (void)state;
    const char *text = "nqueens-moment 1\nn 100\nmethod firstfail\nspeed max\n";
    ex_moment m;
    char why[512];
    assert_int_equal(ex_moment_parse(text, strlen(text), &m, why, sizeof why), 0);
    open_in_model(&m);
}

/* The format's own words, for the fuzz to put in. */
static const char *const moment_words[] = {
    "n ",     "first ", "mode ", "method ",   "seed ",        "step ",
    "speed ", "tree ",  "heat ", "page ",     "unique ",      "shown",
    "hidden", "none",   "0",     "1",         "999",          "18446744073709551616",
    "\n",     " ",      "\xff",  "\xc3",      "\r",           "#",
    "max",    "solve",  "watch", "firstfail", "minconflicts", "65",
    "-1",     "2,1",    "9,9",   "variants "};

/* Real moment files mutated thousands of times: each parse opens cleanly (and that moment writes
 * out and parses back the same, and a small one opens in the model) or refuses with a line number
 * within the file. */
static void test_fuzz(void **state)
{
    (void)state;
    mutate_seed("fuzz");
    const char *env = getenv("NQ_FUZZ_ROUNDS");
    long rounds = env ? atol(env) : 4000;
    long opened = 0, refused = 0;
    for (long round = 0; round < rounds; round++) {
        ex_moment m = random_moment();
        char text[EX_MOMENT_MAX_BYTES + 64], why[512];
        size_t length = ex_moment_format(&m, text, EX_MOMENT_MAX_BYTES);
        for (uint64_t k = 1 + below(4); k > 0; k--)
            length = mutate(text, length, EX_MOMENT_MAX_BYTES, moment_words,
                            sizeof moment_words / sizeof moment_words[0], 12);
        int lines = 1;
        for (size_t i = 0; i < length; i++)
            lines += text[i] == '\n';
        ex_moment got = ex_moment_defaults(5);
        why[0] = '\0';
        int line = ex_moment_parse(text, length, &got, why, sizeof why);
        if (line < 0 || line > lines || (line && strlen(why) < 10))
            fail_msg("round %ld: refused at line %d of %d with \"%s\":\n%.*s", round, line, lines, why, (int)length,
                     text);
        if (line) {
            refused++;
            continue;
        }
        opened++;
        char again[EX_MOMENT_MAX_BYTES];
        ex_moment back;
        ex_moment_format(&got, again, sizeof again);
        if (ex_moment_parse(again, strlen(again), &back, why, sizeof why))
            fail_msg("round %ld: a moment that opened does not open once written: %s\n%s", round, why, again);
        assert_same(&got, &back, again);
        if (got.n <= 10 && got.step <= 20000) /* opened in the model too: it gets there */
            open_in_model(&got);
    }
    printf("fuzz: %ld mutated files, %ld opened, %ld refused with a line\n", rounds, opened, refused);
    assert_true(refused > 0);
}

int main(void)
{
    nq_lang_use(0, NULL);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_refused_in_the_window),
        cmocka_unit_test(test_action_ends_the_replay),
        cmocka_unit_test(test_wide_moment),
        cmocka_unit_test(test_fuzz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
