/*
 * test_racing.c -- the race of the methods on one board, driven on the scripted solver (model_fixture.h).
 */
#include "model_fixture.h"

/* A races the methods in lockstep: every lane one step a tick, each finishing with its own figures
 * and place; 1-4 take a method out or in (never below two); the race keeps its board; Esc ends it. */
static void test_race(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 1000);
    ex_act(&f.ex, EX_ACT_RACE, 0, f.now);
    assert_true(ex_racing(&f.ex));
    assert_int_equal(f.ex.racing.run.lanes, 4);
    assert_traced(&f, "race backtrack forward firstfail minconflicts\n");
    ex_act(&f.ex, EX_ACT_RACE_LANE, NQ_METHOD_MINCONFLICTS, f.now);
    assert_int_equal(f.ex.racing.run.lanes, 3);
    assert_traced(&f, "race backtrack forward firstfail\n");
    ex_act(&f.ex, EX_ACT_RACE_LANE, NQ_METHOD_BACKTRACK, f.now);
    ex_act(&f.ex, EX_ACT_RACE_LANE, NQ_METHOD_FORWARD, f.now);
    assert_notice_line(&f, "A race needs two methods at least.");
    assert_int_equal(f.ex.racing.run.lanes, 2);
    ex_act(&f.ex, EX_ACT_RACE_LANE, NQ_METHOD_BACKTRACK, f.now);
    assert_int_equal(f.ex.racing.run.lanes, 3);

    frame(&f, 0.01); /* 1000 ticks a second: ten ticks */
    for (int i = 0; i < 3; i++)
        assert_int_equal(f.ex.racing.run.lane[i].steps, 10);
    ex_click(&f.ex, (nq_square){1, 1}, f.now);
    assert_false(f.ex.has_first);
    for (int frames = 0; !race_over(&f.ex.racing.run) && frames < 100000; frames++)
        frame(&f, 1.0 / 60);
    assert_true(race_over(&f.ex.racing.run));
    for (int i = 0; i < 3; i++) {
        const race_lane *l = &f.ex.racing.run.lane[i];
        nq_plan plan = nq_plan_make(6, NULL, (nq_method)l->trace.method);
        nq_trace t;
        nq_trace_start(&t, &plan);
        nq_step step;
        uint64_t steps = 0;
        while (nq_trace_next(&t, &step))
            steps++;
        assert_int_equal(l->steps, steps);
        assert_int_equal(l->trace.solutions, 4);
        assert_int_equal(l->trace.nodes, t.nodes);
        for (int j = 0; j < 3; j++)
            if (f.ex.racing.run.lane[j].steps < l->steps)
                assert_true(f.ex.racing.run.lane[j].place < l->place);
    }
    char line[80];
    snprintf(line, sizeof line, "finished backtrack %d steps %llu\n", f.ex.racing.run.lane[0].place,
             (unsigned long long)f.ex.racing.run.lane[0].steps);
    assert_traced(&f, line);
    assert_true(f.ex.paused); /* the watch waited through the race */
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now);
    assert_false(ex_racing(&f.ex));
    assert_false(f.ex.paused); /* and plays on, as it did before */
    assert_traced(&f, "race none\n");
    ex_act(&f.ex, EX_ACT_RACE_LANE, 0, f.now);
    assert_notice_line(&f, "1-4 choose the methods of a race: A starts one.");
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_race),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
