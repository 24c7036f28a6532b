/*
 * test_compare.c -- the comparison table and its second solver, driven on the scripted solver (model_fixture.h),
 * its key and its time column.
 */
#include "model_fixture.h"

/* C shows the comparison table: the second solver runs every method on this board, the table fills
 * as each finishes (traced once each), a new board starts it again, C again hides and stops it. */
static void test_compare_table(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 10);
    ex_act(&f.ex, EX_ACT_COMPARE, 0, f.now);
    assert_notice_line(&f, "No comparison here.");
    script c;
    script_init(&c);
    ex_set_comparer(&f.ex, script_solver(&c));
    ex_act(&f.ex, EX_ACT_COMPARE, 0, f.now);
    assert_true((f.ex.figures_owner == EX_FIGURES_COMPARE));
    assert_int_equal(c.job.kind, NQ_JOB_COMPARE);
    assert_int_equal(c.job.n, 6);
    assert_traced(&f, "compare shown\n");
    for (int i = 0; i < 10 && f.ex.compare.state == EX_SEARCHING; i++)
        frame(&f, 0.01);
    assert_int_equal(f.ex.compare.state, EX_FINISHED);
    for (int m = 0; m < NQ_METHOD_COUNT; m++) {
        assert_true(f.ex.compare.known[m]);
        nq_plan plan = nq_plan_make(6, NULL, (nq_method)m);
        nq_effort e = nq_effort_run(&plan, &(nq_run){1, NULL, NULL, NULL, 0});
        assert_int_equal(f.ex.compare.efforts[m].nodes, e.nodes);
        assert_int_equal(f.ex.compare.efforts[m].moves, e.moves);
    }
    assert_traced(&f, "compare forward placed 130 failures 44 crossed 410 solutions 4 moves 0\n");
    ex_click(&f.ex, (nq_square){1, 0}, f.now);
    assert_int_equal(c.starts, 2);
    assert_int_equal(c.job.has_first, true);
    assert_int_equal(f.ex.compare.state, EX_SEARCHING);
    ex_act(&f.ex, EX_ACT_COMPARE, 0, f.now);
    assert_false((f.ex.figures_owner == EX_FIGURES_COMPARE));
    assert_int_equal(c.cancels, 1);
    assert_traced(&f, "compare none\n");
    finish(&f);
}

/* The time column says something at every N: a search of a fraction of a microsecond up to
 * minutes reads with a figure that is not zero, in the unit that fits. */
static void test_time_column(void **state)
{
    (void)state;
    static const struct {
        double seconds;
        const char *text;
    } cases[] = {
        {1e-7, "0.1 µs"},  {4.5e-6, "4.5 µs"}, {5.2e-5, "52 µs"},  {9.994e-4, "999 µs"}, {9.996e-4, "1.0 ms"},
        {3.44e-3, "3.4 ms"}, {0.25, "250 ms"}, {0.9996, "1.00 s"}, {1.25, "1.25 s"},    {123.4, "123.40 s"},
    };
    char text[48];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ex_compare_time_text(cases[i].seconds, text, sizeof text);
        if (strcmp(text, cases[i].text))
            fail_msg("%g s reads \"%s\", not \"%s\"", cases[i].seconds, text, cases[i].text);
    }
    for (double seconds = 1e-7; seconds < 1000; seconds *= 1.7) {
        ex_compare_time_text(seconds, text, sizeof text);
        if (!strpbrk(text, "123456789"))
            fail_msg("%g s reads \"%s\": no figure", seconds, text);
    }
}

/* The key under the table names each column in words a learner reads, failures as dead ends and
 * wipe-outs (the figures' word); the table's own times, as the engine measured them, each read
 * with a figure. */
static void test_key_and_the_table_times(void **state)
{
    (void)state;
    char key[300];
    ex_compare_key(key, sizeof key);
    assert_string_equal(key, "placed: queens put on the board; failed: dead ends and wipe-outs; crossed: squares "
                             "crossed off.");
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 10);
    script c;
    script_init(&c);
    ex_set_comparer(&f.ex, script_solver(&c));
    ex_act(&f.ex, EX_ACT_COMPARE, 0, f.now);
    for (int i = 0; i < 10 && f.ex.compare.state == EX_SEARCHING; i++)
        frame(&f, 0.01);
    for (int m = 0; m < NQ_METHOD_MINCONFLICTS; m++) {
        char text[48];
        assert_true(f.ex.compare.known[m]);
        ex_compare_time_text(f.ex.compare.efforts[m].seconds, text, sizeof text);
        if (!strpbrk(text, "123456789"))
            fail_msg("method %d took %g s, which reads \"%s\"", m, f.ex.compare.efforts[m].seconds, text);
    }
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compare_table),
        cmocka_unit_test(test_time_column),
        cmocka_unit_test(test_key_and_the_table_times),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
