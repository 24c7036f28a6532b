/*
 * test_panel.c -- the panel as the person reads it (panel.c, figures.c, shown.c): each line is
 * true of what the board shows now. Each case is a contradiction a new user once met, replayed:
 * the narration of a step under a solution, "Searching..." while paused, a clock that counts a
 * pause, figures with four meanings under one label, a unique count beside another. And the
 * figures of a finished watch are the engine's row search's, as the comparison table's are.
 */
#include "model_fixture.h"

#include "nq/effort.h"
#include "nq/figures.h"

static ex_panel shown_panel;

/* The panel's line id as the person reads it now ("" when it is not there). */
static const char *line(fixture *f, ex_line_id id)
{
    ex_panel_make(&f->ex, f->now, &shown_panel);
    return shown_panel.has[id] ? shown_panel.text[id] : "";
}

/* Plays the watch until its figures have a solution (at most a number of frames). */
static void play_to_a_solution(fixture *f)
{
    for (int i = 0; i < 100000 && ex_figures_shown(&f->ex).solutions == 0; i++)
        frame(f, 1.0 / 64);
    assert_true(ex_figures_shown(&f->ex).solutions > 0);
}

/* After End the board shows a solution, and so do the narration and the figures. */
static void test_a_solution_shown_is_narrated_as_one(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 100);
    play_to_a_solution(&f);
    frame(&f, 1.0 / 64); /* on past it: the step shown is another */
    assert_int_equal(f.ex.state, EX_SEARCHING);
    ex_act(&f.ex, EX_ACT_LAST_SOLUTION, 0, f.now);
    assert_int_equal(ex_showing(&f.ex), EX_SHOWN_SOLUTION);
    char want[96];
    snprintf(want, sizeof want, "Solution %llu: no two queens share a row, a column or a diagonal.",
             (unsigned long long)f.ex.k);
    assert_string_equal(line(&f, EX_LINE_NARRATION), want);
    assert_int_equal(ex_run_phase(&f.ex), EX_PHASE_PAUSED); /* paging holds the watch */
    snprintf(want, sizeof want, "Solution %llu of %llu (search paused)", (unsigned long long)f.ex.k,
             (unsigned long long)ex_figures_shown(&f.ex).solutions);
    assert_string_equal(line(&f, EX_LINE_SOLUTION), want);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now); /* Space: back to the search, narrated as a step again */
    assert_int_equal(ex_showing(&f.ex), EX_SHOWN_STEP);
    assert_null(strstr(line(&f, EX_LINE_NARRATION), "no two queens share"));
    finish(&f);
}

/* Paused, nothing says the search is going on; the steps a second read "-"; on play it says so. */
static void test_paused_is_not_searching(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 20);
    frame(&f, 0.5);
    assert_string_equal(line(&f, EX_LINE_SOLUTION), "Searching...");
    frame(&f, 0.5);
    assert_string_not_equal(line(&f, EX_LINE_RATE), "Steps per second: -");
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    assert_int_equal(ex_run_phase(&f.ex), EX_PHASE_PAUSED);
    frame(&f, 3.0);
    for (int id = 0; id < EX_LINE_COUNT; id++) {
        assert_null(strstr(line(&f, (ex_line_id)id), "Searching"));
        assert_null(strstr(line(&f, (ex_line_id)id), "so far"));
    }
    assert_string_equal(line(&f, EX_LINE_SOLUTION), "No solution up to this step");
    assert_string_equal(line(&f, EX_LINE_RATE), "Steps per second: -");
    finish(&f);
}

/* Two seconds of play, eight paused, one more of play: Elapsed reads three. */
static void test_elapsed_does_not_count_a_pause(void **state)
{
    (void)state;
    fixture f;
    start(&f, 10, NULL, EX_WATCH, 100);
    for (int i = 0; i < 128; i++)
        frame(&f, 1.0 / 64);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    assert_string_equal(line(&f, EX_LINE_ELAPSED), "Elapsed: 2.00 s");
    frame(&f, 8.0);
    assert_string_equal(line(&f, EX_LINE_ELAPSED), "Elapsed: 2.00 s");
    assert_true(ex_wait(&f.ex, f.now) < 0); /* and the clock wakes nothing */
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    for (int i = 0; i < 64; i++)
        frame(&f, 1.0 / 64);
    assert_string_equal(line(&f, EX_LINE_ELAPSED), "Elapsed: 3.00 s");
    finish(&f);
}

/* A pause the window sleeps through (no frame while it lasts: the app waits for input) counts
 * neither as run time nor as steps owed: Space plays on from where it stood, a step at a time. */
static void test_a_pause_slept_through(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    for (int i = 0; i < 64; i++)
        frame(&f, 1.0 / 64);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now); /* pause */
    frame(&f, 1.0 / 64);
    uint64_t at = f.ex.cursor;
    f.now += 30; /* no update: the window slept */
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    frame(&f, 1.0 / 64);
    if (f.ex.cursor > at + 1)
        fail_msg("Space after a long pause jumped from step %llu to %llu", (unsigned long long)at,
                 (unsigned long long)f.ex.cursor);
    assert_string_equal(line(&f, EX_LINE_ELAPSED), "Elapsed: 1 s");
    finish(&f);
}

/* A finished run shows its last solution; scrubbed back, it reads its figures as of the step, not
 * "Stopped before a solution". */
static void test_a_finished_run_scrubbed_back(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    /* It ends on its last solution, not on the empty board the search ends with. */
    assert_string_equal(line(&f, EX_LINE_SOLUTION), "Solution 4 of 4");
    assert_string_equal(line(&f, EX_LINE_NARRATION),
                        "The search is over: 4 solutions. The board shows the last one found, solution 4.");
    assert_int_equal(ex_showing(&f.ex), EX_SHOWN_SOLUTION);
    uint64_t length = ex_timeline_length(&f.ex);
    ex_seek(&f.ex, 10);
    assert_int_equal(ex_run_phase(&f.ex), EX_PHASE_FINISHED);
    assert_string_equal(line(&f, EX_LINE_SOLUTION), "No solution up to this step");
    assert_string_equal(line(&f, EX_LINE_SOLUTIONS), "Solutions up to this step: 0");
    char want[64], total[32];
    nq_grouped(length, total, sizeof total);
    snprintf(want, sizeof want, "Step 10 of %s", total);
    assert_string_equal(line(&f, EX_LINE_TIMELINE), want);
    ex_seek(&f.ex, length);
    assert_string_equal(line(&f, EX_LINE_SOLUTIONS), "Solutions: 4");
    finish(&f);
}

/* Pinning after a finished run starts the new search as the first one started: playing, from the
 * first free row. */
static void test_a_new_pin_after_the_end_plays(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 5);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now); /* paused, then finished at full speed */
    ex_act(&f.ex, EX_ACT_FASTER, 0, f.now);
    ex_set_speed(&f.ex, EX_SPEED_MAX);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    run_to_end(&f);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    ex_click(&f.ex, (nq_square){1, 0}, f.now);
    assert_int_equal(ex_run_phase(&f.ex), EX_PHASE_PLAYING);
    assert_string_equal(line(&f, EX_LINE_NARRATION), "The search starts at row 2.");
    frame(&f, 0.5);
    assert_true(f.ex.cursor > 0);
    finish(&f);
}

/* Min-conflicts finds one solution and counts no classes: it says so rather than "Unique: 0". */
static void test_min_conflicts_counts_no_classes(void **state)
{
    (void)state;
    fixture f;
    memset(&f, 0, sizeof f);
    script_init(&f.s);
    f.now = 100.0;
    f.trace_stream = open_memstream(&f.trace, &f.trace_size);
    ex_init(&f.ex, script_solver(&f.s), f.trace_stream, 8, NULL, EX_WATCH, NQ_METHOD_MINCONFLICTS, EX_SPEED_MAX,
            f.now);
    run_to_end(&f);
    assert_string_equal(line(&f, EX_LINE_UNIQUE), "Unique: not counted by Min-conflicts");
    assert_string_equal(line(&f, EX_LINE_SOLUTIONS), "Solutions: 1");
    finish(&f);
}

/* Solve's work figures are its fast fill's and say so; "Queens placed" is the row search's alone. */
static void test_solve_labels_its_own_figures(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_SOLVE, 5);
    run_to_end(&f);
    char want[128];
    snprintf(want, sizeof want, "Queens placed above the last five rows: 100");
    assert_string_equal(line(&f, EX_LINE_PLACED), want);
    assert_string_equal(line(&f, EX_LINE_DEADENDS), "Dead ends above the last five rows: 50");
    assert_false(shown_panel.has[EX_LINE_RATE]); /* Solve has no steps a second */
    assert_int_equal(ex_figures_shown(&f.ex).basis, NQ_BASIS_INDEX_FILL);
    finish(&f);
}

/* For N = 1 to 10, pinned and not: a finished watch's figures are the engine's row search's, the
 * comparison table's row for backtracking, and the panel prints them under the row search's words. */
static void test_watch_figures_are_the_row_search(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++)
        for (int pin = -1; pin < n; pin++) {
            nq_square first = {pin < 0 ? 0 : pin, pin < 0 ? 0 : (pin * 3) % n};
            fixture f;
            start(&f, n, pin < 0 ? NULL : &first, EX_WATCH, EX_SPEED_MAX);
            run_to_end(&f);
            nq_plan plan = nq_plan_make(n, pin < 0 ? NULL : &first, NQ_METHOD_BACKTRACK);
            nq_effort e = nq_effort_run(&plan, &(nq_run){1, NULL, NULL, NULL, 0});
            ex_figures got = ex_figures_shown(&f.ex);
            assert_int_equal(got.basis, NQ_BASIS_ROW_SEARCH);
            assert_int_equal(got.solutions, e.solutions);
            assert_int_equal(got.placed, e.nodes);
            assert_int_equal(got.dead_ends, e.dead_ends);
            char placed[64], dead_ends[64];
            snprintf(placed, sizeof placed, "Queens placed: %llu", (unsigned long long)e.nodes);
            snprintf(dead_ends, sizeof dead_ends, "Dead ends: %llu", (unsigned long long)e.dead_ends);
            if (e.nodes < 1000 && e.dead_ends < 1000) { /* no thousands separator to write */
                assert_string_equal(line(&f, EX_LINE_PLACED), placed);
                assert_string_equal(line(&f, EX_LINE_DEADENDS), dead_ends);
            }
            char done[96];
            snprintf(done, sizeof done, "done solutions %llu nodes %llu deadends %llu\n",
                     (unsigned long long)e.solutions, (unsigned long long)e.nodes, (unsigned long long)e.dead_ends);
            assert_traced(&f, done);
            finish(&f);
        }
}

/* The unique count has one reader: unique paging's "of U" and the figure agree while it counts. */
static void test_unique_has_one_reader(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    script u;
    script_init(&u);
    ex_set_uniquer(&f.ex, script_solver(&u));
    ex_act(&f.ex, EX_ACT_UNIQUE, 0, f.now);
    u.lagging = true; /* its first report only: half of them */
    u.ready = 1;
    frame(&f, 0.01);
    assert_string_equal(line(&f, EX_LINE_SOLUTION), "Unique 1 of 6 so far");
    assert_string_equal(line(&f, EX_LINE_UNIQUE), "Unique (rotation, reflection): 6 so far");
    u.lagging = false;
    frame(&f, 0.01);
    assert_string_equal(line(&f, EX_LINE_SOLUTION), "Unique 1 of 12");
    assert_string_equal(line(&f, EX_LINE_UNIQUE), "Unique (rotation, reflection): 12");
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_solution_shown_is_narrated_as_one),
        cmocka_unit_test(test_paused_is_not_searching),
        cmocka_unit_test(test_elapsed_does_not_count_a_pause),
        cmocka_unit_test(test_a_pause_slept_through),
        cmocka_unit_test(test_a_finished_run_scrubbed_back),
        cmocka_unit_test(test_a_new_pin_after_the_end_plays),
        cmocka_unit_test(test_min_conflicts_counts_no_classes),
        cmocka_unit_test(test_solve_labels_its_own_figures),
        cmocka_unit_test(test_watch_figures_are_the_row_search),
        cmocka_unit_test(test_unique_has_one_reader),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
