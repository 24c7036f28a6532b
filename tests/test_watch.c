/*
 * test_watch.c -- the watched search: every step applied in order at the speed asked, single steps,
 * going back and replaying exactly what was shown, landmarks, marks and seeking, each method,
 * driven on the scripted solver (model_fixture.h).
 */
#include "model_fixture.h"

static void test_watch_to_the_end(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    nq_trace t;
    nq_trace_init(&t, 6, NULL);
    nq_step step;
    while (nq_trace_next(&t, &step))
        ;
    assert_int_equal(ex_figures_shown(&f.ex).solutions, 4);
    assert_int_equal(ex_figures_shown(&f.ex).placed, t.nodes);
    assert_int_equal(ex_figures_shown(&f.ex).dead_ends, t.dead_ends);
    char line[96];
    snprintf(line, sizeof line, "done solutions 4 nodes %llu deadends %llu", (unsigned long long)t.nodes,
             (unsigned long long)t.dead_ends);
    assert_traced(&f, "n 6\nfirst none\nmode watch\n");
    assert_traced(&f, line);
    /* The unique count is the solver's, not recomputed. */
    assert_true(f.ex.has_unique);
    assert_int_equal(f.ex.unique, 4242);
    finish(&f);
}

/* Single steps arrive one at a time, each the next step of the search. */
static void test_single_steps_in_order(void **state)
{
    (void)state;
    fixture f;
    nq_square first = {1, 2};
    start(&f, 5, &first, EX_WATCH, 1);
    nq_trace t;
    nq_trace_init(&t, 5, &first);
    nq_step want;
    for (uint64_t i = 0; i < 300 && nq_trace_next(&t, &want) && want.kind != NQ_STEP_DONE; i++) {
        ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
        frame(&f, 0.001);
        assert_true(f.ex.paused);
        assert_int_equal(f.ex.step.kind, want.kind);
        assert_int_equal(f.ex.step.row, want.row);
        assert_int_equal(f.ex.step.column, want.column);
        assert_int_equal(f.ex.steps_shown, i + 1);
        /* Paused, time alone shows nothing more. */
        frame(&f, 5.0);
        assert_int_equal(f.ex.steps_shown, i + 1);
    }
    finish(&f);
}

/* At 640 steps a second, 64 frames 1/64 s apart show exactly 640 steps, in order, none skipped,
 * even when the worker hands over only a few events at a time. */
static void test_speed_paces_steps(void **state)
{
    (void)state;
    fixture f;
    start(&f, 10, NULL, EX_WATCH, 640);
    nq_trace t;
    nq_trace_init(&t, 10, NULL);
    nq_step want = {0};
    uint64_t seen = 0;
    for (int i = 0; i < 64; i++) {
        frame(&f, 1.0 / 64);
        while (seen < f.ex.steps_shown) {
            assert_true(nq_trace_next(&t, &want));
            seen++;
        }
        assert_int_equal(f.ex.step.kind, want.kind);
        assert_int_equal(f.ex.step.row, want.row);
        assert_int_equal(f.ex.step.column, want.column);
    }
    assert_int_equal(f.ex.steps_shown, 640);

    /* A worker that lags: only 3 events made by the next frame. What is owed is shown later,
     * never dropped, and never more than a second's worth is caught up. */
    f.s.lagging = true;
    f.s.ready = 3;
    uint64_t before = f.ex.steps_shown;
    frame(&f, 1.0 / 64);
    assert_int_equal(f.ex.steps_shown, before + 3);
    f.s.lagging = false;
    frame(&f, 1.0 / 64);
    assert_int_equal(f.ex.steps_shown, before + 20);
    for (int i = 0; i < 62; i++)
        frame(&f, 1.0 / 64);
    assert_int_equal(f.ex.steps_shown, before + 640);
    finish(&f);
}

/* A slow watch asks to be woken for its next step, not every frame; a finished one not at all.
 * Elapsed is the time the person watched, not the worker's. */
static void test_slow_watch_sleeps(void **state)
{
    (void)state;
    fixture f;
    start(&f, 4, NULL, EX_WATCH, 1);
    frame(&f, 0.5);
    double wait = ex_wait(&f.ex, f.now);
    assert_true(wait > 0.05);
    assert_true(wait <= 0.5);
    ex_set_speed(&f.ex, EX_SPEED_MAX);
    run_to_end(&f);
    assert_true(ex_clock_read(&f.ex.clock, f.now) > 0.4); /* the script's job took 0.001 s */
    frame(&f, 1.0);                  /* past the flash of the last solution */
    assert_true(ex_wait(&f.ex, f.now) < 0);
    assert_false(frame(&f, 1.0)); /* nothing changes by itself any more */
    finish(&f);
}

/* A dead end is drawn while it is the last step; the step after it (taking a queen back) is not
 * a dead end any more. */
static void test_dead_end_lasts_one_step(void **state)
{
    (void)state;
    fixture f;
    start(&f, 4, NULL, EX_WATCH, 1);
    int steps = 0;
    while (!(f.ex.has_step && f.ex.step.kind == NQ_STEP_DEAD_END) && steps++ < 1000) {
        ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
        frame(&f, 0.001);
    }
    assert_int_equal(f.ex.step.kind, NQ_STEP_DEAD_END);
    assert_int_equal(f.ex.dead_end_row, f.ex.step.row);
    ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
    frame(&f, 0.001);
    assert_int_equal(f.ex.step.kind, NQ_STEP_REMOVE);
    assert_int_equal(f.ex.dead_end_row, -1);
    finish(&f);
}

/* What a person sees at one step, for comparing. */
typedef struct seen {
    int cols[NQ_MAX_N];
    uint64_t nodes, dead_ends, solutions;
    int kind, row, column, dead_end_row;
    char narration[200];
} seen;

static seen look(const explorer *ex)
{
    seen v;
    memset(&v, 0, sizeof v);
    memcpy(v.cols, ex->cols, sizeof v.cols);
    ex_figures f = ex_figures_shown(ex);
    v.nodes = f.placed;
    v.dead_ends = f.dead_ends;
    v.solutions = f.solutions;
    v.kind = ex->step.kind;
    v.row = ex->step.row;
    v.column = ex->step.column;
    v.dead_end_row = ex->dead_end_row;
    ex_narration(ex, v.narration, sizeof v.narration);
    return v;
}

static void assert_same_view(const seen *a, const seen *b, uint64_t step)
{
    if (memcmp(a->cols, b->cols, sizeof a->cols) != 0 || a->nodes != b->nodes || a->dead_ends != b->dead_ends ||
        a->solutions != b->solutions || a->kind != b->kind || a->row != b->row || a->column != b->column ||
        a->dead_end_row != b->dead_end_row || strcmp(a->narration, b->narration) != 0)
        fail_msg("step %llu: going back shows \"%s\" (%llu placed, %llu dead ends, %llu solutions); first shown "
                 "\"%s\" (%llu, %llu, %llu)",
                 (unsigned long long)step, b->narration, (unsigned long long)b->nodes,
                 (unsigned long long)b->dead_ends, (unsigned long long)b->solutions, a->narration,
                 (unsigned long long)a->nodes, (unsigned long long)a->dead_ends, (unsigned long long)a->solutions);
}

/* Stepping back shows each step exactly as it was first shown (board, step, figures, narration);
 * stepping forward again replays the timeline without the worker; Space plays on from there. */
static void test_step_back_shows_what_was_shown(void **state)
{
    (void)state;
    enum { STEPS = 250 }; /* of the 308 the run takes */
    static seen first_time[STEPS + 1];
    fixture f;
    nq_square pin = {1, 2};
    start(&f, 6, &pin, EX_WATCH, 1);
    first_time[0] = look(&f.ex);
    for (int k = 1; k <= STEPS; k++) {
        ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
        frame(&f, 0.001);
        assert_int_equal(f.ex.cursor, k);
        first_time[k] = look(&f.ex);
    }
    assert_int_equal(ex_figures_shown(&f.ex).dead_ends, first_time[STEPS].dead_ends);
    for (int k = STEPS - 1; k >= 0; k--) {
        ex_act(&f.ex, EX_ACT_STEP_BACK, 0, f.now);
        assert_int_equal(f.ex.cursor, k);
        seen now = look(&f.ex);
        assert_same_view(&first_time[k], &now, (uint64_t)k);
    }
    ex_act(&f.ex, EX_ACT_STEP_BACK, 0, f.now); /* before the first step: stays, and says so */
    assert_int_equal(f.ex.cursor, 0);
    assert_notice_line(&f, "This is the start of the search: nothing before it.");
    f.s.lagging = true; /* the worker gives nothing now: forward must come from the timeline */
    f.s.ready = 0;
    for (int k = 1; k <= 50; k++) {
        ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
        frame(&f, 0.001);
        seen now = look(&f.ex);
        assert_same_view(&first_time[k], &now, (uint64_t)k);
    }
    assert_traced(&f, "step 50 of 250+\n");
    f.s.lagging = false;
    ex_set_speed(&f.ex, EX_SPEED_MAX);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    run_to_end(&f);
    nq_trace t;
    nq_trace_init(&t, 6, &pin);
    nq_step step;
    while (nq_trace_next(&t, &step))
        ;
    assert_int_equal(ex_figures_shown(&f.ex).placed, t.nodes);
    assert_int_equal(ex_figures_shown(&f.ex).dead_ends, t.dead_ends);
    assert_int_equal(ex_figures_shown(&f.ex).solutions, t.solutions);
    char text[64];
    ex_step_text(&f.ex, text, sizeof text);
    char want[64];
    snprintf(want, sizeof want, "Step %llu of %llu", (unsigned long long)f.ex.cursor, (unsigned long long)f.ex.cursor);
    assert_string_equal(text, want);
    finish(&f);
}

/* Shift+, and Shift+. land on the previous and next solution or dead end; a finished run that
 * was gone back through plays to its end again, and "No solution" shows only at the end. */
static void test_landmarks_and_replaying_a_finished_run(void **state)
{
    (void)state;
    fixture f;
    start(&f, 5, NULL, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    uint64_t end = f.ex.cursor;
    nq_trace t;
    nq_trace_init(&t, 5, NULL);
    nq_step step;
    uint64_t first_landmark = 0, second_landmark = 0;
    for (uint64_t k = 1; nq_trace_next(&t, &step) && !second_landmark; k++)
        if (step.kind == NQ_STEP_SOLUTION || step.kind == NQ_STEP_DEAD_END)
            *(first_landmark ? &second_landmark : &first_landmark) = k;
    ex_act(&f.ex, EX_ACT_STEP_BACK, 0, f.now);
    for (uint64_t k = f.ex.cursor; k > 0; k--)
        ex_act(&f.ex, EX_ACT_STEP_BACK, 0, f.now);
    assert_int_equal(f.ex.cursor, 0);
    ex_act(&f.ex, EX_ACT_NEXT_LANDMARK, 0, f.now);
    assert_int_equal(f.ex.cursor, first_landmark);
    ex_act(&f.ex, EX_ACT_NEXT_LANDMARK, 0, f.now);
    assert_int_equal(f.ex.cursor, second_landmark);
    ex_act(&f.ex, EX_ACT_PREVIOUS_LANDMARK, 0, f.now);
    assert_int_equal(f.ex.cursor, first_landmark);
    ex_act(&f.ex, EX_ACT_PREVIOUS_LANDMARK, 0, f.now);
    assert_notice_line(&f, "No solution or dead end before this step.");
    frame(&f, 1.0); /* past the last solution's flash: only the notice's time is left to wait for */
    assert_true(ex_wait(&f.ex, f.now) > 0);
    frame(&f, ex_wait(&f.ex, f.now));
    assert_notice_line(&f, "");
    assert_true(ex_wait(&f.ex, f.now) < 0); /* paused there: nothing moves */
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    assert_true(ex_playing(&f.ex));
    assert_int_equal(ex_wait(&f.ex, f.now), 0);
    for (int i = 0; i < 100 && f.ex.cursor < end; i++)
        frame(&f, 1.0 / 64);
    assert_int_equal(f.ex.cursor, end);
    assert_int_equal(ex_figures_shown(&f.ex).solutions, 10);
    finish(&f);

    start(&f, 3, NULL, EX_SOLVE, 5);
    ex_act(&f.ex, EX_ACT_STEP_BACK, 0, f.now); /* Solve has no steps to go through: it says so */
    assert_notice_line(&f, "Steps forward and back are Watch's: Tab switches to it.");
    finish(&f);

    start(&f, 3, NULL, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    assert_true(ex_no_solution(&f.ex));
    ex_act(&f.ex, EX_ACT_STEP_BACK, 0, f.now);
    assert_false(ex_no_solution(&f.ex)); /* a step of the search, not its end */
    finish(&f);
}

/* The bar's marks say where solutions were found, however long the run (the buckets merge), and
 * a seek from the bar lands on the step asked, clamped to what was recorded. */
static void test_marks_and_seeking(void **state)
{
    (void)state;
    fixture f;
    start(&f, 7, NULL, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    uint64_t length = ex_timeline_length(&f.ex);
    assert_in_range(length, EX_MARKS + 1, UINT64_MAX); /* long enough to merge the buckets */
    nq_trace t;
    nq_trace_init(&t, 7, NULL);
    nq_step step;
    uint64_t first_solution = 0;
    for (uint64_t k = 1; nq_trace_next(&t, &step) && !first_solution; k++)
        if (step.kind == NQ_STEP_SOLUTION)
            first_solution = k;
    assert_true(ex_marked(&f.ex, first_solution, first_solution));
    assert_false(ex_marked(&f.ex, 1, first_solution - 2 * f.ex.mark_span)); /* nothing before it */
    assert_true(ex_marked(&f.ex, 1, length));
    ex_seek(&f.ex, length / 2);
    assert_int_equal(f.ex.cursor, length / 2);
    assert_true(f.ex.paused);
    char line[64];
    snprintf(line, sizeof line, "step %llu of %llu\n", (unsigned long long)(length / 2), (unsigned long long)length);
    assert_traced(&f, line);
    ex_seek(&f.ex, length + 1000);
    assert_int_equal(f.ex.cursor, length);
    ex_note_timeline(&f.ex, 1, 2, 3, 4);
    ex_note_timeline(&f.ex, 1, 2, 3, 4);
    assert_traced(&f, "timeline 1 2 3 4\n");
    finish(&f);
}

/* M goes through the methods; the watch restarts with each and its steps are that method's, every
 * figure the moment's; forward checking's solutions page in order, first fail's once it is over with
 * each solution's lexicographic number in the narration; min-conflicts has no tree and R gives it
 * the next seed. */
static void test_methods_in_watch(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, EX_SPEED_MAX);
    ex_act(&f.ex, EX_ACT_METHOD, 0, f.now);
    assert_int_equal(f.ex.method, NQ_METHOD_FORWARD);
    assert_int_equal(f.s.job.method, NQ_METHOD_FORWARD);
    assert_int_equal(f.s.starts, 2);
    assert_traced(&f, "method forward\n");
    run_to_end(&f);
    nq_plan plan = nq_plan_make(6, NULL, NQ_METHOD_FORWARD);
    nq_trace t;
    nq_trace_start(&t, &plan);
    nq_step step;
    while (nq_trace_next(&t, &step))
        continue;
    assert_int_equal(ex_figures_shown(&f.ex).placed, t.nodes);
    assert_int_equal(f.ex.moment.trace.wipe_outs, t.wipe_outs);
    assert_int_equal(f.ex.moment.trace.crossed, t.crossed);
    assert_int_equal(ex_figures_shown(&f.ex).solutions, 4);
    assert_int_equal(ex_reachable(&f.ex), 4);

    ex_act(&f.ex, EX_ACT_METHOD, 0, f.now);
    assert_int_equal(f.ex.method, NQ_METHOD_FIRSTFAIL);
    /* First fail's first solution: not pageable while it runs, numbered in the narration. */
    char text[300];
    while (ex_figures_shown(&f.ex).solutions == 0 && f.ex.state == EX_SEARCHING) {
        ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
        frame(&f, 0.01);
    }
    assert_int_equal(f.ex.step.kind, NQ_STEP_SOLUTION);
    assert_int_equal(ex_reachable(&f.ex), 0);
    assert_int_not_equal(f.ex.solution_rank, 0);
    int cols[NQ_MAX_N];
    assert_true(f.s.cols[f.ex.solution_rank - 1][0] >= 0);
    memcpy(cols, f.s.cols[f.ex.solution_rank - 1], sizeof cols);
    assert_memory_equal(cols, f.ex.moment.trace.cols, 6 * sizeof(int));
    ex_narration(&f.ex, text, sizeof text);
    char expected[120];
    snprintf(expected, sizeof expected, "solution 1 found: number %llu in lexicographic order",
             (unsigned long long)f.ex.solution_rank);
    assert_string_equal(text, expected);
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "First fail finds solutions out of order: pageable once it is over.");
    ex_play(&f.ex);
    run_to_end(&f);
    assert_int_equal(ex_reachable(&f.ex), 4);

    ex_act(&f.ex, EX_ACT_METHOD, 0, f.now);
    assert_int_equal(f.ex.method, NQ_METHOD_MINCONFLICTS);
    assert_false(ex_tree_shown(&f.ex));
    ex_act(&f.ex, EX_ACT_TREE, 0, f.now);
    assert_notice_line(&f, "Min-conflicts has no search tree: it repairs a full board, move by move.");
    assert_int_equal(f.s.job.seed, 1);
    ex_act(&f.ex, EX_ACT_RESTART, 0, f.now);
    assert_int_equal(f.s.job.seed, 2);
    run_to_end(&f);
    assert_int_equal(ex_figures_shown(&f.ex).solutions, 1);
    ex_narration(&f.ex, text, sizeof text);
    assert_non_null(strstr(text, "Solved after"));

    ex_act(&f.ex, EX_ACT_METHOD_BACK, 0, f.now);
    assert_int_equal(f.ex.method, NQ_METHOD_FIRSTFAIL);
    ex_act(&f.ex, EX_ACT_MODE, 0, f.now);
    int starts = f.s.starts;
    ex_act(&f.ex, EX_ACT_METHOD, 0, f.now);
    assert_int_equal(f.s.starts, starts); /* Solve does not restart for Watch's method */
    assert_notice_line(&f, "Watch will search by Min-conflicts: Tab switches to it.");
    finish(&f);
}

/* A wipe-out is narrated in the word the figures count it by ("Wipe-outs"). */
static void test_a_wipe_out_is_narrated_as_counted(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 1);
    ex_set_method(&f.ex, NQ_METHOD_FORWARD, f.now);
    for (int i = 0; i < 500 && !(f.ex.has_step && f.ex.step.kind == NQ_STEP_WIPE_OUT); i++) {
        ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
        frame(&f, 0.001);
    }
    assert_int_equal(f.ex.step.kind, NQ_STEP_WIPE_OUT);
    static ex_panel panel;
    ex_panel_make(&f.ex, f.now, &panel);
    if (!strstr(panel.text[EX_LINE_NARRATION], "a wipe-out") || !strstr(panel.text[EX_LINE_DEADENDS], "Wipe-outs: 1"))
        fail_msg("the narration \"%s\" and the figure \"%s\" do not name it alike", panel.text[EX_LINE_NARRATION],
                 panel.text[EX_LINE_DEADENDS]);
    finish(&f);
}

/* Ctrl+G's refusal says what is true in each state where the board shows no step to save from:
 * a watch played to its end shows its last solution (it is already Watch: not "Tab switches to
 * Watch"), a solution paged to mid-watch, and Solve. Where a step is on the board, it may save. */
static void test_gif_refusal_fits_the_state(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    frame(&f, 1.0 / 64);
    assert_int_equal(ex_showing(&f.ex), EX_SHOWN_SOLUTION);
    assert_false(ex_gif_allowed(&f.ex));
    assert_notice_line(&f, "The watch has ended: Ctrl+G saves from a step on the board. , steps back to one, R "
                           "watches it again.");
    ex_act(&f.ex, EX_ACT_STEP_BACK, 0, f.now); /* as the notice says: a step on the board */
    assert_int_equal(ex_showing(&f.ex), EX_SHOWN_STEP);
    assert_true(ex_gif_allowed(&f.ex));
    finish(&f);

    start(&f, 6, NULL, EX_WATCH, 100);
    for (int i = 0; i < 100000 && ex_figures_shown(&f.ex).solutions == 0; i++)
        frame(&f, 1.0 / 64);
    assert_int_equal(f.ex.state, EX_SEARCHING);
    assert_true(ex_gif_allowed(&f.ex));
    ex_act(&f.ex, EX_ACT_LAST_SOLUTION, 0, f.now);
    assert_false(ex_gif_allowed(&f.ex));
    assert_notice_line(&f, "Ctrl+G saves the watched search from the step on the board: Space goes back to its "
                           "step.");
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    assert_true(ex_gif_allowed(&f.ex));
    finish(&f);

    start(&f, 6, NULL, EX_SOLVE, 100);
    run_to_end(&f);
    assert_false(ex_gif_allowed(&f.ex));
    assert_notice_line(&f, "Ctrl+G saves the watched search from the step on the board: Tab switches to Watch, "
                           "Space goes back to its step.");
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_watch_to_the_end),
        cmocka_unit_test(test_gif_refusal_fits_the_state),
        cmocka_unit_test(test_single_steps_in_order),
        cmocka_unit_test(test_speed_paces_steps),
        cmocka_unit_test(test_slow_watch_sleeps),
        cmocka_unit_test(test_dead_end_lasts_one_step),
        cmocka_unit_test(test_step_back_shows_what_was_shown),
        cmocka_unit_test(test_landmarks_and_replaying_a_finished_run),
        cmocka_unit_test(test_marks_and_seeking),
        cmocka_unit_test(test_methods_in_watch),
        cmocka_unit_test(test_a_wipe_out_is_narrated_as_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
