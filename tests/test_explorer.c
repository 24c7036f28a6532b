/*
 * test_explorer.c -- the app's model with a real worker and no window: watching applies every
 * step in order at any speed, solving pages every solution, bad input leaves the state as it
 * was, "No solution" says why, and the --trace lines say what a person sees.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "explorer.h"
#include "nq/clock.h"
#include "nq/count.h"
#include "nq/index.h"

typedef struct fixture {
    explorer ex;
    char *trace;
    size_t trace_size;
    FILE *trace_stream;
} fixture;

static void start(fixture *f, int n, const nq_square *first, ex_mode mode, double speed)
{
    memset(f, 0, sizeof *f);
    f->trace_stream = open_memstream(&f->trace, &f->trace_size);
    nq_worker *w = nq_worker_create(NULL, NULL);
    assert_non_null(w);
    ex_init(&f->ex, w, f->trace_stream, n, first, mode, speed, nq_clock_seconds());
}

static void finish(fixture *f)
{
    ex_free(&f->ex);
    fclose(f->trace_stream);
    free(f->trace);
}

static bool traced(fixture *f, const char *line)
{
    fflush(f->trace_stream);
    return strstr(f->trace, line) != NULL;
}

static void sleep_ms(int ms)
{
    struct timespec t = {0, ms * 1000000L};
    nanosleep(&t, NULL);
}

/* Runs frames until the search is over. */
static void run_to_end(fixture *f)
{
    for (int frames = 0; f->ex.running && frames < 200000; frames++) {
        ex_advance_clock(&f->ex, 1.0 / 60);
        if (!ex_update(&f->ex, nq_clock_seconds()))
            sleep_ms(1);
    }
    assert_false(f->ex.running);
}

static void test_watch_to_the_end(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    nq_index *index = nq_index_build(6, NULL, 1);
    nq_progress want = nq_index_progress(index);
    nq_index_free(index);
    assert_true(f.ex.solutions == 4 && f.ex.nodes == want.nodes && f.ex.dead_ends == want.dead_ends);
    char line[96];
    snprintf(line, sizeof line, "done solutions 4 nodes %llu deadends %llu", (unsigned long long)want.nodes,
             (unsigned long long)want.dead_ends);
    assert_true(traced(&f, "n 6\nfirst none\nmode watch\n"));
    assert_true(traced(&f, line));
    assert_true(f.ex.has_unique && f.ex.unique == 1);
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
    for (int i = 0; i < 300 && nq_trace_next(&t, &want); i++) {
        ex_single_step(&f.ex, nq_clock_seconds());
        assert_true(f.ex.paused);
        if (want.kind == NQ_STEP_DONE)
            break;
        assert_int_equal(f.ex.step.kind, want.kind);
        assert_int_equal(f.ex.step.row, want.row);
        assert_int_equal(f.ex.step.column, want.column);
        assert_int_equal(f.ex.steps_shown, i + 1);
    }
    finish(&f);
}

/* At 600 steps a second, a second of 60 frames shows 600 steps, in order, none skipped. */
static void test_speed_paces_steps(void **state)
{
    (void)state;
    fixture f;
    start(&f, 10, NULL, EX_WATCH, 600);
    sleep_ms(50); /* let the worker fill the ring */
    nq_trace t;
    nq_trace_init(&t, 10, NULL);
    nq_step want;
    uint64_t seen = 0;
    for (int frame = 0; frame < 60; frame++) {
        ex_advance_clock(&f.ex, 1.0 / 60);
        ex_update(&f.ex, nq_clock_seconds());
        /* Every step shown since the last frame is the next one of the search. */
        while (seen < f.ex.steps_shown) {
            assert_true(nq_trace_next(&t, &want));
            seen++;
        }
        assert_int_equal(f.ex.step.kind, want.kind);
        assert_int_equal(f.ex.step.row, want.row);
        assert_int_equal(f.ex.step.column, want.column);
    }
    assert_in_range(f.ex.steps_shown, 590, 600);
    finish(&f);
}

static void test_solve_and_page(void **state)
{
    (void)state;
    fixture f;
    nq_square first = {0, 1};
    start(&f, 8, &first, EX_SOLVE, 5);
    run_to_end(&f);
    assert_true(f.ex.solutions == 8);
    assert_true(traced(&f, "done solutions 8 nodes "));
    nq_index *index = nq_index_build(8, &first, 1);
    for (uint64_t k = 1; k <= 8; k++) {
        int cols[NQ_MAX_N];
        assert_true(ex_page_to(&f.ex, k));
        assert_true(nq_index_unrank(index, k, cols));
        assert_memory_equal(ex_board(&f.ex), cols, 8 * sizeof *cols);
        char line[80];
        int len = snprintf(line, sizeof line, "solution %llu of 8:", (unsigned long long)k);
        for (int r = 0; r < 8; r++)
            len += snprintf(line + len, sizeof line - (size_t)len, " %d", cols[r] + 1);
        assert_true(traced(&f, line));
    }
    nq_index_free(index);
    ex_page(&f.ex, 10);
    assert_true(f.ex.k == 8);
    ex_page(&f.ex, -10);
    assert_true(f.ex.k == 1);
    ex_page_last(&f.ex);
    assert_true(f.ex.k == 8);
    assert_false(ex_page_to(&f.ex, 9));
    assert_true(f.ex.k == 8);
    assert_non_null(strstr(f.ex.status, "pick 1 to 8"));
    ex_key_goto_begin(&f.ex);
    ex_key_goto_digit(&f.ex, '5');
    ex_key_goto_enter(&f.ex);
    assert_true(f.ex.k == 5);
    char text[32];
    ex_solution_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "Solution 5 of 8");
    finish(&f);
}

static void test_board_text_is_the_design_layout(void **state)
{
    (void)state;
    fixture f;
    start(&f, 4, NULL, EX_SOLVE, 5);
    run_to_end(&f);
    assert_null(ex_board_text(&(explorer){0}));
    assert_true(ex_page_to(&f.ex, 1));
    char *text = ex_board_text(&f.ex);
    assert_string_equal(text, "Solution 1:\n   1  2  3  4\n1  .  Q  .  .\n2  .  .  .  Q\n3  Q  .  .  .\n4  .  .  Q  .\n");
    free(text);
    finish(&f);
}

static void test_bad_n_keeps_the_state(void **state)
{
    (void)state;
    fixture f;
    nq_square first = {2, 2};
    start(&f, 6, &first, EX_WATCH, 5);
    assert_false(ex_set_n(&f.ex, 0, nq_clock_seconds()));
    assert_false(ex_set_n(&f.ex, 65, nq_clock_seconds()));
    assert_int_equal(f.ex.n, 6);
    assert_true(f.ex.has_first);
    assert_non_null(strstr(f.ex.status, "1 to 64"));
    assert_true(ex_set_n(&f.ex, 7, nq_clock_seconds()));
    assert_false(f.ex.has_first); /* a new N lifts the pin */
    assert_true(traced(&f, "n 7\nfirst none\n"));
    finish(&f);
}

static void test_click_pins_and_lifts(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    ex_click(&f.ex, (nq_square){0, 1}, nq_clock_seconds());
    assert_true(f.ex.has_first && f.ex.first.column == 0 && f.ex.first.row == 1);
    assert_int_equal(f.ex.cols[1], 0); /* the pinned queen stands on the board */
    assert_true(traced(&f, "first 1 2\n"));
    ex_click(&f.ex, (nq_square){0, 1}, nq_clock_seconds());
    assert_false(f.ex.has_first);
    assert_true(traced(&f, "first 1 2\nfirst none\n"));

    /* The same from the keyboard: Q, right, down, Enter. */
    ex_key_pin_begin(&f.ex);
    ex_key_pin_move(&f.ex, 1, 0);
    ex_key_pin_move(&f.ex, 0, 1);
    ex_key_pin_move(&f.ex, -5, 0); /* off the board: stays */
    ex_key_pin_move(&f.ex, 1, 0);
    ex_key_pin_enter(&f.ex, nq_clock_seconds());
    assert_true(f.ex.has_first && f.ex.first.column == 2 && f.ex.first.row == 1);
    finish(&f);
}

static void test_no_solution_says_why(void **state)
{
    (void)state;
    fixture f;
    start(&f, 3, NULL, EX_SOLVE, 5);
    run_to_end(&f);
    assert_true(ex_no_solution(&f.ex));
    char why[120];
    ex_no_solution_reason(&f.ex, why, sizeof why);
    assert_string_equal(why, "No 3 x 3 board has a solution.");
    assert_true(traced(&f, "nosolution\n"));
    finish(&f);

    start(&f, 4, &(nq_square){0, 0}, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    assert_true(ex_no_solution(&f.ex));
    ex_no_solution_reason(&f.ex, why, sizeof why);
    assert_string_equal(why, "No solution has a queen at column 1, row 1.");
    finish(&f);
}

static void test_escape_stops_and_speed_steps(void **state)
{
    (void)state;
    fixture f;
    start(&f, 12, NULL, EX_WATCH, 5);
    assert_true(ex_escape(&f.ex));
    assert_false(f.ex.running);
    assert_true(f.ex.stopped);
    assert_false(ex_no_solution(&f.ex)); /* stopped is not "no solution" */
    ex_faster(&f.ex);
    assert_true(f.ex.speed == 10);
    ex_slower(&f.ex);
    ex_slower(&f.ex);
    assert_true(f.ex.speed == 2);
    for (int i = 0; i < 20; i++)
        ex_faster(&f.ex);
    assert_true(f.ex.speed == EX_SPEED_MAX);
    char text[32];
    ex_speed_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "max");
    ex_toggle_mode(&f.ex, nq_clock_seconds());
    assert_true(f.ex.running && f.ex.mode == EX_SOLVE);
    assert_true(traced(&f, "mode solve\n"));
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_watch_to_the_end),
        cmocka_unit_test(test_single_steps_in_order),
        cmocka_unit_test(test_speed_paces_steps),
        cmocka_unit_test(test_solve_and_page),
        cmocka_unit_test(test_board_text_is_the_design_layout),
        cmocka_unit_test(test_bad_n_keeps_the_state),
        cmocka_unit_test(test_click_pins_and_lifts),
        cmocka_unit_test(test_no_solution_says_why),
        cmocka_unit_test(test_escape_stops_and_speed_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
