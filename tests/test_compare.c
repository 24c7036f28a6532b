/*
 * test_compare.c -- the comparison table and its second solver, driven on the scripted solver (model_fixture.h).
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compare_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
