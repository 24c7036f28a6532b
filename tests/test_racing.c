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

/* The lane's words, as the race view draws them. */
static void lane_words(fixture *f, int i, char *title, char *figures, char *goal)
{
    ex_race_lane_words(&f->ex, i, title, figures, goal, 200);
}

/* A race is fair or says why not: raced to every solution, the complete methods' lanes say they
 * found all 4 and min-conflicts' that it found one solution; Tab (the Mode button, which names the goal
 * and never the watch's mode during a race) races again to each method's first solution. The
 * panel's figure lines are the race's while it is on; each finished lane shows a solution. */
static void test_race_goal_and_its_words(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, EX_SPEED_MAX);
    ex_act(&f.ex, EX_ACT_RACE, 0, f.now);
    assert_string_equal(ex_race_goal_button(&f.ex), "All solutions");
    assert_string_equal(ex_race_end_button(), "End race");
    static ex_panel panel;
    ex_panel_make(&f.ex, f.now, &panel);
    assert_string_equal(panel.text[EX_LINE_SOLUTIONS], "Goal: all solutions; min-conflicts finds one (Tab: the first)");
    assert_string_equal(panel.text[EX_LINE_PLACED], "Ticks: 0, one step of each lane a tick");
    assert_string_equal(panel.text[EX_LINE_DEADENDS], "Finished: 0 of 4 lanes");
    assert_false(panel.has[EX_LINE_ELAPSED] || panel.has[EX_LINE_RATE] || panel.has[EX_LINE_UNIQUE] ||
                 panel.has[EX_LINE_TIMELINE]);
    char title[200], figures[200], goal[200];
    lane_words(&f, 0, title, figures, goal);
    assert_string_equal(title, "Backtracking");
    assert_string_equal(goal, "0 failures, 0 found so far");
    lane_words(&f, 3, title, figures, goal);
    assert_string_equal(goal, "0 moves, for one solution");
    for (int frames = 0; !race_over(&f.ex.racing.run) && frames < 1000; frames++)
        frame(&f, 1.0 / 60);
    assert_true(race_over(&f.ex.racing.run));
    for (int i = 0; i < 4; i++) {
        const race_lane *l = &f.ex.racing.run.lane[i];
        lane_words(&f, i, title, figures, goal);
        char want[200];
        uint64_t failures = l->trace.dead_ends + l->trace.wipe_outs;
        if (l->trace.method == NQ_METHOD_MINCONFLICTS)
            snprintf(want, sizeof want, "%llu moves: one solution", (unsigned long long)l->trace.moves);
        else
            snprintf(want, sizeof want, "%llu failures: all 4 found", (unsigned long long)failures);
        assert_string_equal(goal, want);
        assert_true(nq_verify(6, race_lane_board(l), NULL, NULL));
    }
    ex_panel_make(&f.ex, f.now, &panel);
    assert_string_equal(panel.text[EX_LINE_DEADENDS], "Finished: 4 of 4 lanes");

    ex_act(&f.ex, EX_ACT_MODE, 0, f.now);
    assert_true(ex_racing(&f.ex));
    assert_int_equal(f.ex.mode, EX_WATCH); /* the watch's mode stays */
    assert_traced(&f, "race goal first\n");
    assert_string_equal(ex_race_goal_button(&f.ex), "First solution");
    assert_false(race_over(&f.ex.racing.run)); /* run again, to the new goal */
    ex_panel_make(&f.ex, f.now, &panel);
    assert_string_equal(panel.text[EX_LINE_SOLUTIONS], "Goal: each method's first solution (Tab: all solutions)");
    for (int frames = 0; !race_over(&f.ex.racing.run) && frames < 1000; frames++)
        frame(&f, 1.0 / 60);
    for (int i = 0; i < 4; i++) {
        const race_lane *l = &f.ex.racing.run.lane[i];
        assert_int_equal(l->trace.solutions, 1);
        lane_words(&f, i, title, figures, goal);
        if (l->trace.method != NQ_METHOD_MINCONFLICTS && !strstr(goal, ": first found"))
            fail_msg("lane %d reads \"%s\"", i, goal);
    }
    ex_act(&f.ex, EX_ACT_MODE, 0, f.now);
    assert_traced(&f, "race goal every\n");
    ex_act(&f.ex, EX_ACT_RACE, 0, f.now);
    assert_false(ex_racing(&f.ex));
    ex_panel_make(&f.ex, f.now, &panel);
    assert_true(panel.has[EX_LINE_UNIQUE]); /* the figures are the watch's again */
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_race),
        cmocka_unit_test(test_race_goal_and_its_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
