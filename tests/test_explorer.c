/*
 * test_explorer.c -- the app's model driven by a scripted solver and scripted times: no thread,
 * no sleep, no window. The script plays the worker's part from the engine's own pieces (the
 * step-by-step trace, the enumeration), so the model is checked against the engine: watching
 * applies every step in order at the speed asked, paging reaches exactly what the solver says is
 * reachable, bad input leaves the state as it was, and the --trace lines say what a person sees.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"
#include "panel.h"
#include "brute.h"
#include "nq/i18n.h"
#include "solver_script.h"

typedef struct fixture {
    explorer ex;
    script s;
    char *trace;
    size_t trace_size;
    FILE *trace_stream;
    double now;
} fixture;

static void start(fixture *f, int n, const nq_square *first, ex_mode mode, double speed)
{
    memset(f, 0, sizeof *f);
    script_init(&f->s);
    f->s.unique = 4242;
    f->now = 100.0;
    f->trace_stream = open_memstream(&f->trace, &f->trace_size);
    ex_init(&f->ex, script_solver(&f->s), f->trace_stream, n, first, mode, NQ_METHOD_BACKTRACK, speed, f->now);
}

static void finish(fixture *f)
{
    ex_free(&f->ex);
    fclose(f->trace_stream);
    free(f->trace);
}

/* The trace so far holds this text. */
static void assert_traced(fixture *f, const char *text)
{
    fflush(f->trace_stream);
    if (!strstr(f->trace, text))
        fail_msg("the trace lacks \"%s\"; it is:\n%s", text, f->trace);
}

/* The panel's notice line reads text ("" for none): the notice, the key mode's prompt or a fact. */
static void assert_notice_line(fixture *f, const char *text)
{
    static ex_panel panel;
    ex_panel_make(&f->ex, f->now, &panel);
    assert_string_equal(panel.has[EX_LINE_NOTICE] ? panel.text[EX_LINE_NOTICE] : "", text);
}

/* One frame dt seconds after the last. */
static bool frame(fixture *f, double dt)
{
    f->now += dt;
    return ex_update(&f->ex, f->now);
}

static void run_to_end(fixture *f)
{
    for (int frames = 0; f->ex.state == EX_SEARCHING && frames < 100000; frames++)
        frame(f, 1.0 / 64);
    assert_int_equal(f->ex.state, EX_FINISHED);
}

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

static void test_solve_and_page(void **state)
{
    (void)state;
    fixture f;
    nq_square first = {0, 1};
    start(&f, 8, &first, EX_SOLVE, 5);
    f.s.lagging = true; /* only the progress report has come */
    f.s.ready = 1;
    frame(&f, 0.01);
    f.s.lagging = false;
    /* After the progress report: half reachable, and the panel says why not more. */
    assert_int_equal(ex_reachable(&f.ex), 4);
    assert_int_equal(ex_figures_shown(&f.ex).solutions, 5);
    char text[160];
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "Pageable: the first 4 in order; the rest as the search goes on.");
    assert_true(f.ex.viewing); /* Solve shows the first solution as soon as there is one */
    assert_int_equal(f.ex.k, 1);
    assert_traced(&f, "solution 1 of 5+: 3 1 7 5 8 2 4 6\n");
    run_to_end(&f);
    assert_int_equal(ex_figures_shown(&f.ex).solutions, 8);
    assert_traced(&f, "done solutions 8 nodes 100 deadends 50\n");
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "");
    for (uint64_t k = 1; k <= 8; k++) {
        assert_true(ex_page_to(&f.ex, k));
        assert_memory_equal(ex_board(&f.ex), f.s.cols[k - 1], 8 * sizeof(int));
        char line[80];
        int len = snprintf(line, sizeof line, "solution %llu of 8:", (unsigned long long)k);
        for (int r = 0; r < 8; r++)
            len += snprintf(line + len, sizeof line - (size_t)len, " %d", f.s.cols[k - 1][r] + 1);
        assert_traced(&f, line);
    }
    ex_act(&f.ex, EX_ACT_FORWARD_TEN, 0, f.now);
    assert_int_equal(f.ex.k, 8);
    ex_act(&f.ex, EX_ACT_BACK_TEN, 0, f.now);
    assert_int_equal(f.ex.k, 1);
    ex_act(&f.ex, EX_ACT_LAST_SOLUTION, 0, f.now);
    assert_int_equal(f.ex.k, 8);
    assert_false(ex_page_to(&f.ex, 9));
    assert_int_equal(f.ex.k, 8);
    assert_notice_line(&f, "There is no solution 9: pick 1 to 8.");
    ex_act(&f.ex, EX_ACT_GOTO, 0, f.now);
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_GOTO);
    ex_act(&f.ex, EX_ACT_GOTO_DIGIT, 5, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_ENTER, 0, f.now);
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_NORMAL);
    assert_int_equal(f.ex.k, 5);
    ex_solution_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "Solution 5 of 8");
    finish(&f);
}

/* The class sentence of each size of class: one queen (every symmetry keeps it), turned a quarter,
 * turned half way, and none. */
static void test_class_sentence(void **state)
{
    (void)state;
    static const struct {
        int n;
        const char *text;
    } cases[] = {
        {1, "Its class: 1 board; the same turned right, turned half way, turned left, mirrored, flipped, "
            "mirrored on \\, mirrored on /."},
        {4, "Its class: 2 boards; the same turned right, turned half way, turned left."},
        {6, "Its class: 4 boards; the same turned half way."},
        {8, "Its class: 8 boards; no turn or mirror keeps it."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture f;
        start(&f, cases[i].n, NULL, EX_WATCH, EX_SPEED_MAX);
        run_to_end(&f);
        assert_true(ex_page_to(&f.ex, 1));
        char text[300];
        ex_class_text(&f.ex, text, sizeof text);
        assert_string_equal(text, cases[i].text);
        finish(&f);
    }
}

/* G then 0, or a number past every solution, or nothing: the message gives the valid range. */
static void test_goto_names_the_range(void **state)
{
    (void)state;
    fixture f;
    start(&f, 10, NULL, EX_SOLVE, 5);
    run_to_end(&f);
    assert_true(ex_page_to(&f.ex, 3));
    ex_act(&f.ex, EX_ACT_GOTO, 0, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_DIGIT, 0, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_ENTER, 0, f.now);
    assert_notice_line(&f, "There is no solution 0: pick 1 to 724.");
    ex_act(&f.ex, EX_ACT_GOTO, 0, f.now);
    for (int i = 0; i < 25; i++)
        ex_act(&f.ex, EX_ACT_GOTO_DIGIT, 9, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_ENTER, 0, f.now);
    assert_notice_line(&f, "There is no solution 99999999999999999999: pick 1 to 724.");
    ex_act(&f.ex, EX_ACT_GOTO, 0, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_ENTER, 0, f.now);
    assert_notice_line(&f, "Type a solution number after G: pick 1 to 724.");
    ex_act(&f.ex, EX_ACT_GOTO, 0, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_DIGIT, 1, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_DIGIT, 2, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_ERASE, 0, f.now);
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now); /* Esc cancels: nothing moves */
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_NORMAL);
    assert_int_equal(f.ex.k, 3);
    assert_int_equal(f.ex.state, EX_FINISHED);
    finish(&f);
}

static void test_board_text_is_the_design_layout(void **state)
{
    (void)state;
    fixture f;
    start(&f, 4, NULL, EX_SOLVE, 5);
    run_to_end(&f);
    assert_true(ex_page_to(&f.ex, 1));
    char *text = ex_board_text(&f.ex);
    assert_string_equal(text, "Solution 1:\n   1  2  3  4\n1  .  Q  .  .\n2  .  .  .  Q\n3  Q  .  .  .\n4  .  .  Q  .\n");
    free(text);
    finish(&f);
    start(&f, 4, NULL, EX_WATCH, 5);
    assert_null(ex_board_text(&f.ex)); /* nothing paged to yet */
    finish(&f);
}

static void test_bad_n_keeps_the_state(void **state)
{
    (void)state;
    fixture f;
    nq_square first = {2, 2};
    start(&f, 6, &first, EX_WATCH, 5);
    ex_hover(&f.ex, true, (nq_square){5, 5});
    assert_false(ex_set_n(&f.ex, 0, f.now));
    assert_false(ex_set_n(&f.ex, 1000001, f.now));
    assert_int_equal(f.ex.n, 6);
    assert_true(f.ex.has_first);
    assert_int_equal(f.s.starts, 1);
    assert_notice_line(&f, "N goes from 1 to 1000000 (above 64: one solution, found directly).");
    ex_act(&f.ex, EX_ACT_N_UP, 0, f.now);
    assert_int_equal(f.ex.n, 7);
    assert_false(f.ex.has_first); /* a new N lifts the pin */
    assert_false(f.ex.has_hover); /* and the square under the pointer is another one */
    assert_traced(&f, "n 7\nfirst none\n");
    for (int i = 0; i < 10; i++)
        ex_act(&f.ex, EX_ACT_N_DOWN, 0, f.now);
    assert_int_equal(f.ex.n, 1);
    assert_notice_line(&f, "N goes from 1 to 1000000 (above 64: one solution, found directly).");
    finish(&f);
}

static void test_click_pins_and_lifts(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    ex_click(&f.ex, (nq_square){0, 1}, f.now);
    assert_true(f.ex.has_first);
    assert_int_equal(f.ex.first.column, 0);
    assert_int_equal(f.ex.first.row, 1);
    assert_int_equal(f.ex.cols[1], 0); /* the pinned queen stands on the board */
    assert_true(f.s.job.has_first);
    assert_traced(&f, "first 1 2\n");
    ex_click(&f.ex, (nq_square){0, 1}, f.now);
    assert_false(f.ex.has_first);
    assert_traced(&f, "first 1 2\nfirst none\n");
    ex_click(&f.ex, (nq_square){8, 1}, f.now); /* off the board: nothing */
    assert_false(f.ex.has_first);

    /* The same from the keyboard: Q, right, down, Enter. */
    ex_act(&f.ex, EX_ACT_PIN_KEYS, 0, f.now);
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_PIN);
    ex_act(&f.ex, EX_ACT_PIN_RIGHT, 0, f.now);
    ex_act(&f.ex, EX_ACT_PIN_DOWN, 0, f.now);
    for (int i = 0; i < 5; i++)
        ex_act(&f.ex, EX_ACT_PIN_LEFT, 0, f.now); /* stops at the edge */
    ex_act(&f.ex, EX_ACT_PIN_RIGHT, 0, f.now);
    ex_act(&f.ex, EX_ACT_PIN_RIGHT, 0, f.now);
    ex_act(&f.ex, EX_ACT_PIN_ENTER, 0, f.now);
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_NORMAL);
    assert_true(f.ex.has_first);
    assert_int_equal(f.ex.first.column, 2);
    assert_int_equal(f.ex.first.row, 1);
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
    assert_traced(&f, "nosolution\n");
    finish(&f);

    start(&f, 4, &(nq_square){0, 0}, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    assert_true(ex_no_solution(&f.ex));
    ex_no_solution_reason(&f.ex, why, sizeof why);
    assert_string_equal(why, "No solution has a queen at column 1, row 1.");
    finish(&f);
}

/* A search that ends early is stopped, not "no solution", and has no unique count. */
static void test_incomplete_end_is_stopped(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_SOLVE, 5);
    f.s.complete = false;
    for (int i = 0; i < 10 && f.ex.state == EX_SEARCHING; i++)
        frame(&f, 0.1);
    assert_int_equal(f.ex.state, EX_STOPPED);
    assert_false(ex_no_solution(&f.ex));
    assert_false(f.ex.has_unique);
    finish(&f);
}

static void test_escape_stops_and_speed_steps(void **state)
{
    (void)state;
    fixture f;
    start(&f, 12, NULL, EX_WATCH, 5);
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now);
    assert_int_equal(f.ex.state, EX_STOPPED);
    assert_int_equal(f.s.cancels, 1);
    assert_false(ex_no_solution(&f.ex)); /* stopped is not "no solution" */
    ex_act(&f.ex, EX_ACT_FASTER, 0, f.now);
    assert_true(f.ex.speed == 10);
    ex_act(&f.ex, EX_ACT_SLOWER, 0, f.now);
    ex_act(&f.ex, EX_ACT_SLOWER, 0, f.now);
    assert_true(f.ex.speed == 2);
    char text[32];
    ex_speed_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "2 steps/s");
    for (int i = 0; i < 12; i++)
        ex_act(&f.ex, EX_ACT_FASTER, 0, f.now);
    ex_speed_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "100,000 steps/s");
    for (int i = 0; i < 20; i++)
        ex_act(&f.ex, EX_ACT_FASTER, 0, f.now);
    assert_true(f.ex.speed == EX_SPEED_MAX);
    ex_speed_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "max");
    ex_act(&f.ex, EX_ACT_MODE, 0, f.now);
    assert_int_equal(f.ex.state, EX_SEARCHING);
    assert_int_equal(f.ex.mode, EX_SOLVE);
    assert_int_equal(f.s.job.kind, NQ_JOB_SOLVE);
    assert_traced(&f, "mode solve\n");
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

/* Find shows one solution (verified), says it has no number, and paging says why it cannot. */
static void test_find_offers_one_solution(void **state)
{
    (void)state;
    fixture f;
    start(&f, 40, NULL, EX_SOLVE, 5);
    /* The first solution in order takes long at this N: after a while the panel offers Find. */
    char text[160];
    frame(&f, 1.0);
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "");
    frame(&f, 4.0);
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "The first solution in order can take long at N = 40: F finds one solution now.");
    ex_act(&f.ex, EX_ACT_FIND, 0, f.now);
    assert_int_equal(f.s.job.kind, NQ_JOB_FIND);
    frame(&f, 0.01);
    assert_int_equal(f.ex.state, EX_FINISHED);
    assert_true(f.ex.viewing);
    assert_memory_equal(ex_board(&f.ex), f.s.found, 40 * sizeof(int));
    assert_traced(&f, "found:");
    ex_solution_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "One solution, found directly");
    assert_false(ex_page_to(&f.ex, 2));
    assert_notice_line(&f, "Find shows one solution; R goes back to the search in order.");
    char *board = ex_board_text(&f.ex);
    assert_non_null(board);
    assert_memory_equal(board, "Solution:\n", 10);
    free(board);
    finish(&f);
}

/* Lines are named in the engine's words. */
static void test_words_and_numbers(void **state)
{
    (void)state;
    fixture f;
    start(&f, 4, NULL, EX_WATCH, 1);
    char text[200];
    /* Step to the first rejected square: row 2, column 1 is under the queen of row 1. */
    while (!(f.ex.has_step && f.ex.step.kind == NQ_STEP_REJECT)) {
        ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
        frame(&f, 0.001);
    }
    ex_narration(&f.ex, text, sizeof text);
    assert_string_equal(text, "row 2, column 1: attacked along the column by the queen at column 1, row 1");
    ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
    frame(&f, 0.001);
    ex_narration(&f.ex, text, sizeof text);
    assert_string_equal(text, "row 2, column 2: trying");
    ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
    frame(&f, 0.001);
    ex_narration(&f.ex, text, sizeof text);
    assert_string_equal(text,
                        "row 2, column 2: attacked along the diagonal down to the right by the queen at column 1, row 1");
    finish(&f);
}

/* A trace nobody can read any more stops; the program goes on. */
static void test_trace_that_cannot_be_written(void **state)
{
    (void)state;
    fixture f;
    start(&f, 5, NULL, EX_WATCH, EX_SPEED_MAX);
    FILE *full = fopen("/dev/full", "w");
    assert_non_null(full);
    f.ex.trace = full; /* as if the reader of stdout went away */
    ex_click(&f.ex, (nq_square){0, 0}, f.now);
    assert_null(f.ex.trace);
    run_to_end(&f);
    assert_int_equal(ex_figures_shown(&f.ex).solutions, 2);
    fclose(full);
    finish(&f);
}

/* The board rectangle is traced when it changes, and saving reports where. */
static void test_app_notes(void **state)
{
    (void)state;
    fixture f;
    start(&f, 5, NULL, EX_WATCH, 5);
    ex_note_board(&f.ex, 10, 20, 300, 300);
    ex_note_board(&f.ex, 10, 20, 300, 300);
    ex_note_board(&f.ex, 10, 20, 400, 400);
    fflush(f.trace_stream);
    assert_string_equal(strstr(f.trace, "board"), "board 10 20 300 300\nboard 10 20 400 400\n");
    ex_note_saved(&f.ex, "/tmp/x.png", true, "");
    assert_notice_line(&f, "Saved to /tmp/x.png");
    assert_traced(&f, "saved /tmp/x.png\n");
    ex_note_saved(&f.ex, "y.png", false, "no room");
    assert_notice_line(&f, "Could not save y.png: no room");
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

/* Space after Find does not throw the found board away; Find is not offered during a watch. */
static void test_find_is_kept_and_only_offered_to_solve(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 1);
    frame(&f, 5.0);
    char text[160];
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "");
    ex_act(&f.ex, EX_ACT_FIND, 0, f.now);
    frame(&f, 0.01);
    assert_true(f.ex.viewing);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    frame(&f, 0.01);
    assert_true(f.ex.viewing);
    assert_memory_equal(ex_board(&f.ex), f.s.found, 8 * sizeof(int));
    ex_solution_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "One solution, found directly");
    finish(&f);
}

/* With solutions found but none pageable yet, the panel and goto say so, never "1 to 0"; a
 * stopped count says it is partial. */
static void test_nothing_pageable_yet_and_stopped(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_SOLVE, 5);
    f.s.lagging = true; /* the progress report alone: 47 found, none pageable */
    f.s.ready = 1;
    f.s.index_behind = true;
    frame(&f, 0.01);
    assert_false(f.ex.viewing);
    char text[160];
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "None pageable yet: solutions become pageable in order as the search goes on.");
    ex_act(&f.ex, EX_ACT_GOTO, 0, f.now);
    for (int i = 0; i < 21; i++)
        ex_act(&f.ex, EX_ACT_GOTO_DIGIT, 9, f.now);
    assert_notice_line(&f, "Go to solution: 99999999999999999999 (a solution number has at most 20 digits)");
    ex_act(&f.ex, EX_ACT_GOTO_ENTER, 0, f.now);
    assert_notice_line(&f, "There is no solution 99999999999999999999: no solution can be shown yet.");
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now);
    assert_int_equal(f.ex.state, EX_STOPPED);
    ex_solution_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "47 solutions before the stop");
    finish(&f);
}

/* A new search (here a new N from its button) ends a pin in progress, prompt and cursor both. */
static void test_new_search_ends_the_key_modes(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    ex_act(&f.ex, EX_ACT_PIN_KEYS, 0, f.now);
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_PIN);
    ex_act(&f.ex, EX_ACT_N_DOWN, 0, f.now);
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_NORMAL);
    assert_notice_line(&f, "");
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

/* The tree panel: shown by default up to N = 6, T hides and shows it (the choice outlives a new
 * N), Watch's only; clicking a node moves the timeline to the step that placed it, and the trace
 * says the step and the node; the scene at any step is the tree as it stood then. */
static void test_tree_panel(void **state)
{
    (void)state;
    fixture f;
    start(&f, 4, NULL, EX_WATCH, EX_SPEED_MAX);
    assert_true(ex_tree_shown(&f.ex));
    run_to_end(&f);
    const tv_scene *s = &f.ex.scene;
    int queens = 0;
    for (int i = 1; i < s->count; i++)
        queens += s->items[i].kind == TV_NODE;
    assert_int_equal(queens, ex_figures_shown(&f.ex).placed); /* N = 4: the whole tree */
    /* The first child of the root: the queen at column 1, row 1. */
    assert_int_equal(s->top_count, 4);
    int first = s->top_items[0];
    uint64_t placed = s->items[first].node.placed;
    ex_tree_select(&f.ex, first);
    assert_int_equal(f.ex.cursor, placed);
    assert_int_equal(f.ex.cols[0], 0);
    char line[64];
    snprintf(line, sizeof line, "step %llu of %llu\nnode 1 1\n", (unsigned long long)placed,
             (unsigned long long)ex_timeline_length(&f.ex));
    assert_traced(&f, line);
    assert_int_equal(s->items[s->selected].node.placed, placed);
    ex_tree_hover(&f.ex, first);
    assert_true(f.ex.has_hover);
    assert_int_equal(f.ex.hover.row, 0);
    assert_int_equal(f.ex.hover.column, 0);
    ex_seek(&f.ex, 0);
    assert_traced(&f, "step 0 of");
    assert_traced(&f, "node none\n");
    assert_int_equal(f.ex.scene.count, 1); /* before the first step: the root alone, nothing tried */
    ex_act(&f.ex, EX_ACT_TREE, 0, f.now);
    assert_false(ex_tree_shown(&f.ex));
    ex_note_tree(&f.ex, false, 0, 0, 0, 0);
    assert_traced(&f, "tree none\n");
    ex_set_n(&f.ex, 5, f.now);
    assert_false(ex_tree_shown(&f.ex)); /* the person's choice stands */
    ex_act(&f.ex, EX_ACT_TREE, 0, f.now);
    assert_true(ex_tree_shown(&f.ex));
    ex_note_tree(&f.ex, true, 1, 2, 3, 4);
    assert_traced(&f, "tree 1 2 3 4\n");
    ex_act(&f.ex, EX_ACT_MODE, 0, f.now);
    assert_false(ex_tree_shown(&f.ex)); /* Solve has no tree */
    ex_act(&f.ex, EX_ACT_TREE, 0, f.now);
    assert_notice_line(&f, "The search tree is Watch's: Tab switches to it.");
    finish(&f);

    start(&f, 8, NULL, EX_WATCH, EX_SPEED_MAX);
    assert_false(ex_tree_shown(&f.ex));
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

/* A races the methods in lockstep: every lane one step a tick, each finishing with its own figures
 * and place; 1-4 take a method out or in (never below two); the race keeps its board; Esc ends it. */
static void test_race(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 1000);
    ex_act(&f.ex, EX_ACT_RACE, 0, f.now);
    assert_true(ex_racing(&f.ex));
    assert_int_equal(f.ex.race.lanes, 4);
    assert_traced(&f, "race backtrack forward firstfail minconflicts\n");
    ex_act(&f.ex, EX_ACT_RACE_LANE, NQ_METHOD_MINCONFLICTS, f.now);
    assert_int_equal(f.ex.race.lanes, 3);
    assert_traced(&f, "race backtrack forward firstfail\n");
    ex_act(&f.ex, EX_ACT_RACE_LANE, NQ_METHOD_BACKTRACK, f.now);
    ex_act(&f.ex, EX_ACT_RACE_LANE, NQ_METHOD_FORWARD, f.now);
    assert_notice_line(&f, "A race needs two methods at least.");
    assert_int_equal(f.ex.race.lanes, 2);
    ex_act(&f.ex, EX_ACT_RACE_LANE, NQ_METHOD_BACKTRACK, f.now);
    assert_int_equal(f.ex.race.lanes, 3);

    frame(&f, 0.01); /* 1000 ticks a second: ten ticks */
    for (int i = 0; i < 3; i++)
        assert_int_equal(f.ex.race.lane[i].steps, 10);
    ex_click(&f.ex, (nq_square){1, 1}, f.now);
    assert_false(f.ex.has_first);
    for (int frames = 0; !race_over(&f.ex.race) && frames < 100000; frames++)
        frame(&f, 1.0 / 60);
    assert_true(race_over(&f.ex.race));
    for (int i = 0; i < 3; i++) {
        const race_lane *l = &f.ex.race.lane[i];
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
            if (f.ex.race.lane[j].steps < l->steps)
                assert_true(f.ex.race.lane[j].place < l->place);
    }
    char line[80];
    snprintf(line, sizeof line, "finished backtrack %d steps %llu\n", f.ex.race.lane[0].place,
             (unsigned long long)f.ex.race.lane[0].steps);
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
    for (int i = 0; i < 10 && f.ex.compare_state == EX_SEARCHING; i++)
        frame(&f, 0.01);
    assert_int_equal(f.ex.compare_state, EX_FINISHED);
    for (int m = 0; m < NQ_METHOD_COUNT; m++) {
        assert_true(f.ex.effort_known[m]);
        nq_plan plan = nq_plan_make(6, NULL, (nq_method)m);
        nq_effort e = nq_effort_run(&plan, &(nq_run){1, NULL, NULL, NULL, 0});
        assert_int_equal(f.ex.efforts[m].nodes, e.nodes);
        assert_int_equal(f.ex.efforts[m].moves, e.moves);
    }
    assert_traced(&f, "compare forward placed 130 failures 44 crossed 410 solutions 4 moves 0\n");
    ex_click(&f.ex, (nq_square){1, 0}, f.now);
    assert_int_equal(c.starts, 2);
    assert_int_equal(c.job.has_first, true);
    assert_int_equal(f.ex.compare_state, EX_SEARCHING);
    ex_act(&f.ex, EX_ACT_COMPARE, 0, f.now);
    assert_false((f.ex.figures_owner == EX_FIGURES_COMPARE));
    assert_int_equal(c.cancels, 1);
    assert_traced(&f, "compare none\n");
    finish(&f);
}


/* N typed in: digits and Enter set it (a board above 64 runs find); a bad number says why and
 * keeps the keys open and N as it was; Esc keeps N. */
static void test_n_typed_in(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 5);
    ex_act(&f.ex, EX_ACT_SIZE, 0, f.now);
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_SIZE);
    for (int i = 0; i < 8; i++) /* one digit too many is refused */
        ex_act(&f.ex, EX_ACT_SIZE_DIGIT, 9, f.now);
    assert_string_equal(f.ex.size_digits, "9999999");
    assert_notice_line(&f, "N: 9999999... is too large: N goes up to 1000000 (Backspace, or Esc).");
    ex_act(&f.ex, EX_ACT_SIZE_ENTER, 0, f.now);
    assert_int_equal(f.ex.n, 6);
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_SIZE);
    assert_notice_line(&f, "N goes from 1 to 1000000, not 9999999...: type it again (Esc keeps N = 6).");
    for (int i = 0; i < 12; i++)
        ex_act(&f.ex, EX_ACT_SIZE_DIGIT, 9, f.now);
    ex_act(&f.ex, EX_ACT_SIZE_ERASE, 0, f.now); /* the digits past the field go at once */
    ex_act(&f.ex, EX_ACT_SIZE_ENTER, 0, f.now);
    assert_notice_line(&f, "N goes from 1 to 1000000, not 9999999: type it again (Esc keeps N = 6).");
    ex_act(&f.ex, EX_ACT_SIZE_ENTER, 0, f.now); /* nothing typed */
    assert_notice_line(&f, "N goes from 1 to 1000000: type it again (Esc keeps N = 6).");
    ex_act(&f.ex, EX_ACT_SIZE_DIGIT, 1, f.now);
    ex_act(&f.ex, EX_ACT_SIZE_DIGIT, 2, f.now);
    ex_act(&f.ex, EX_ACT_SIZE_DIGIT, 3, f.now);
    ex_act(&f.ex, EX_ACT_SIZE_ERASE, 0, f.now);
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now);
    assert_int_equal(f.ex.n, 6);
    assert_int_equal(ex_keys(&f.ex), EX_KEYS_NORMAL);
    assert_int_equal(f.s.starts, 1);

    ex_act(&f.ex, EX_ACT_SIZE, 0, f.now);
    const int digits[] = {1, 0, 0, 0, 0, 0};
    for (int i = 0; i < 6; i++)
        ex_act(&f.ex, EX_ACT_SIZE_DIGIT, digits[i], f.now);
    ex_act(&f.ex, EX_ACT_SIZE_ENTER, 0, f.now);
    assert_int_equal(f.ex.n, 100000);
    assert_true(ex_wide(&f.ex));
    assert_int_equal(f.s.job.kind, NQ_JOB_FIND);
    assert_int_equal(f.s.job.n, 100000);
    run_to_end(&f);
    assert_true(f.ex.viewing);
    assert_true(nq_verify(100000, f.ex.shown, NULL, NULL));
    assert_traced(&f, "n 100000\n");
    assert_traced(&f, "found: ");
    finish(&f);
}

/* Above 64: the search in order is not there, and every key for it says so without changing
 * anything; the arrow and zoom keys move the view, clamped to the board; a click pins and finds
 * again; Ctrl+0 fits the board again. */
static void test_wide_board(void **state)
{
    (void)state;
    fixture f;
    start(&f, 1000, NULL, EX_WATCH, 5);
    run_to_end(&f);
    assert_int_equal(f.s.job.kind, NQ_JOB_FIND);
    const ex_action refused[] = {EX_ACT_MODE, EX_ACT_PLAY, EX_ACT_STEP, EX_ACT_STEP_BACK, EX_ACT_RACE,
                                 EX_ACT_COMPARE, EX_ACT_METHOD, EX_ACT_GOTO, EX_ACT_FIRST_SOLUTION, EX_ACT_TREE,
                                 EX_ACT_FASTER};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        ex_act(&f.ex, refused[i], 0, f.now);
        assert_notice_line(&f, "Watch, Solve and paging go up to N = 64; above it the board shows one "
                                         "solution, found directly.");
        assert_int_equal(f.s.starts, 1);
        assert_int_equal(f.ex.mode, EX_WATCH);
        assert_int_equal(ex_keys(&f.ex), EX_KEYS_NORMAL);
    }
    assert_true(f.ex.view.zoom == 1.0);
    ex_act(&f.ex, EX_ACT_NEXT, 0, f.now); /* whole: nowhere to move */
    assert_true(f.ex.view.cx == 500.0);
    ex_act(&f.ex, EX_ACT_ZOOM_IN, 0, f.now);
    ex_act(&f.ex, EX_ACT_ZOOM_IN, 0, f.now);
    assert_true(f.ex.view.zoom == 4.0);
    ex_act(&f.ex, EX_ACT_NEXT, 0, f.now); /* an eighth of the 250 squares in view */
    assert_true(f.ex.view.cx == 500.0 + 250.0 / 8);
    ex_act(&f.ex, EX_ACT_VIEW_UP, 0, f.now);
    assert_true(f.ex.view.cy == 500.0 - 250.0 / 8);
    for (int i = 0; i < 100; i++)
        ex_act(&f.ex, EX_ACT_PREVIOUS, 0, f.now);
    assert_true(f.ex.view.cx == 125.0); /* the view's left edge on the board's */
    int c0, c1, r0, r1;
    ui_view_squares(f.ex.view, f.ex.n, &c0, &c1, &r0, &r1);
    assert_int_equal(c0, 0);
    assert_int_equal(c1, 249);
    for (int i = 0; i < 100; i++)
        ex_act(&f.ex, EX_ACT_ZOOM_IN, 0, f.now);
    assert_true(f.ex.view.zoom == 1000.0 / UI_VIEW_MIN_SQUARES);
    assert_true(f.ex.view.cx == 125.0);
    ex_board_zoom(&f.ex, 0.5, 121, 500); /* the point under the pointer, the view's left edge, stays put */
    assert_true(f.ex.view.zoom == 62.5);
    assert_true(f.ex.view.cx - 1000.0 / 62.5 / 2 == 121.0);
    ex_act(&f.ex, EX_ACT_VIEW_FIT, 0, f.now);
    assert_true(f.ex.view.zoom == 1.0 && f.ex.view.cx == 500.0 && f.ex.view.cy == 500.0);

    ex_click(&f.ex, (nq_square){999, 0}, f.now);
    assert_int_equal(f.s.starts, 2);
    assert_int_equal(f.s.job.kind, NQ_JOB_FIND);
    assert_true(f.s.job.has_first);
    run_to_end(&f);
    assert_true(nq_verify(1000, f.ex.shown, &(nq_square){999, 0}, NULL));
    assert_traced(&f, "first 1000 1\n");
    char *text = ex_board_text(&f.ex);
    assert_non_null(text);
    assert_int_equal(strncmp(text, "Solution of the 1000 x 1000 board", 33), 0);
    free(text);

    ex_act(&f.ex, EX_ACT_PIN_KEYS, 0, f.now); /* the cursor starts on the pin, in view */
    assert_int_equal(f.ex.pin_cursor.column, 999);
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now);
    ex_act(&f.ex, EX_ACT_N_DOWN, 0, f.now);
    ex_act(&f.ex, EX_ACT_SIZE, 0, f.now);
    ex_act(&f.ex, EX_ACT_SIZE_DIGIT, 8, f.now);
    ex_act(&f.ex, EX_ACT_SIZE_ENTER, 0, f.now);
    assert_int_equal(f.ex.n, 8);
    assert_false(ex_wide(&f.ex));
    assert_int_equal(f.s.job.kind, NQ_JOB_WATCH);
    finish(&f);
}


/* H: the heatmap of the board as it is, from its own solver: every square's number is brute
 * force's; it follows the pin; C puts it away (the two share the panel); a wide board refuses it. */
static void test_heatmap_in_the_model(void **state)
{
    (void)state;
    fixture f;
    heat_script h;
    script compare;
    start(&f, 6, NULL, EX_SOLVE, 5);
    ex_set_heater(&f.ex, heat_script_solver(&h));
    script_init(&compare);
    ex_set_comparer(&f.ex, script_solver(&compare));
    ex_act(&f.ex, EX_ACT_HEAT, 0, f.now);
    assert_true(ex_heat_shown(&f.ex));
    assert_traced(&f, "heat shown\n");
    frame(&f, 0.02);
    assert_int_equal(f.ex.heat.state, HEAT_DONE);
    assert_true(f.ex.heat.sums_agree);
    brute_list all = brute_solutions(6);
    for (int pin = 0; pin < 2; pin++) {
        uint64_t total = 0;
        for (int row = 0; row < 6; row++)
            for (int col = 0; col < 6; col++) {
                uint64_t want = 0, got = 99;
                for (size_t i = 0; i < all.size; i++)
                    want += brute_at(&all, i)[row] == col && (!pin || brute_has(&all, i, (nq_square){1, 0}));
                assert_true(heat_get(&f.ex.heat, (nq_square){col, row}, &got));
                assert_int_equal(got, want);
                total += row == 0 ? got : 0;
            }
        assert_int_equal(f.ex.heat.total, total);
        if (!pin) {
            assert_traced(&f, "heat done total 4 max 1 unused 12\n");
            ex_click(&f.ex, (nq_square){1, 0}, f.now); /* the map follows the pin */
            assert_int_equal(h.starts, 2);
            frame(&f, 0.02);
            assert_traced(&f, "heat done total 1 max 1 unused 30\n");
        }
    }
    brute_free(&all);
    ex_act(&f.ex, EX_ACT_COMPARE, 0, f.now);
    assert_false(ex_heat_shown(&f.ex));
    assert_true((f.ex.figures_owner == EX_FIGURES_COMPARE));
    ex_act(&f.ex, EX_ACT_HEAT, 0, f.now);
    assert_false((f.ex.figures_owner == EX_FIGURES_COMPARE));
    assert_true(ex_heat_shown(&f.ex));
    assert_true(ex_set_n(&f.ex, 100, f.now));
    assert_false(ex_heat_shown(&f.ex));
    ex_act(&f.ex, EX_ACT_HEAT, 0, f.now);
    assert_false(ex_heat_shown(&f.ex));
    finish(&f);
}

/* U pages one board per class: the smallest of each, 12 for N = 8, each verified and the class
 * sizes summing to 92; a pin ends it, and U with a pin says why; V shows the class of the board
 * shown, numbered in the order, and picking one pages to it among all 92. */
static void test_unique_paging_and_variants(void **state)
{
    (void)state;
    fixture f;
    script u;
    start(&f, 8, NULL, EX_SOLVE, 5);
    run_to_end(&f);
    script_init(&u);
    ex_set_uniquer(&f.ex, script_solver(&u));
    ex_act(&f.ex, EX_ACT_UNIQUE, 0, f.now);
    assert_true(f.ex.unique_paging);
    assert_int_equal(u.job.kind, NQ_JOB_UNIQUE);
    u.lagging = true; /* nothing reachable at first: no complaint, the first board comes when it can */
    frame(&f, 0.02);
    assert_false(f.ex.viewing);
    assert_notice_line(&f, "");
    u.lagging = false;
    for (int i = 0; i < 4; i++)
        frame(&f, 0.02);
    assert_int_equal(f.ex.unique_state, EX_FINISHED);
    assert_int_equal(f.ex.unique_known, 12);
    assert_true(f.ex.viewing);
    assert_int_equal(f.ex.k, 1);
    char text[160];
    ex_solution_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "Unique 1 of 12");
    int classes = 0;
    for (int k = 1; k <= 12; k++) {
        if (k > 1)
            ex_act(&f.ex, EX_ACT_NEXT, 0, f.now);
        assert_int_equal(f.ex.k, k);
        assert_true(nq_symmetry_is_canonical(8, f.ex.shown));
        classes += nq_symmetry_classify(8, f.ex.shown).size;
    }
    assert_int_equal(classes, 92);
    assert_traced(&f, "unique 12 of 12:");
    ex_act(&f.ex, EX_ACT_NEXT, 0, f.now); /* no 13th */
    assert_int_equal(f.ex.k, 12);

    ex_act(&f.ex, EX_ACT_VARIANTS, 0, f.now);
    assert_int_equal(ex_variants_shown(&f.ex), nq_symmetry_classify(8, f.ex.shown).size);
    int boards[8 * NQ_MAX_N];
    uint64_t numbers[8];
    nq_symmetry made_by[8];
    int count = ex_variants(&f.ex, boards, numbers, made_by);
    assert_int_equal(count, ex_variants_shown(&f.ex));
    for (int i = 0; i < count; i++) {
        assert_true(nq_verify(8, boards + i * 8, NULL, NULL));
        assert_in_range(numbers[i], 1, 92);
        assert_true(i == 0 || numbers[i] > numbers[i - 1]);
    }
    ex_class_text(&f.ex, text, sizeof text);
    assert_non_null(strstr(text, "Its class: "));
    ex_act(&f.ex, EX_ACT_VARIANT, count - 1, f.now);
    assert_false(f.ex.unique_paging);
    assert_int_equal(f.ex.k, numbers[count - 1]);
    assert_memory_equal(f.ex.shown, boards + (count - 1) * 8, 8 * sizeof(int));

    ex_act(&f.ex, EX_ACT_UNIQUE, 0, f.now);
    assert_true(f.ex.unique_paging);
    assert_int_equal(u.starts, 1); /* counted once for this N */
    ex_click(&f.ex, (nq_square){0, 0}, f.now);
    assert_false(f.ex.unique_paging);
    assert_notice_line(&f, "Unique paging is of the whole board: with a pinned queen, every solution is paged.");
    ex_act(&f.ex, EX_ACT_UNIQUE, 0, f.now);
    assert_false(f.ex.unique_paging);
    assert_notice_line(&f, "Unique boards are of the whole board: lift the pinned queen first (click it).");
    finish(&f);
}

/* The window's hook, as if Thai had no font here. */
static bool no_thai(void *context, int lang, char *why, size_t why_size)
{
    (*(int *)context)++;
    if (strcmp(nq_lang_code(lang), "th"))
        return true;
    snprintf(why, why_size, "no Thai here");
    return false;
}

static void test_languages_switch_and_skip_what_cannot_be_shown(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 5);
    assert_traced(&f, "lang en\n");
    ex_act(&f.ex, EX_ACT_LANGUAGE, 0, f.now); /* no hook: every language can be shown */
    assert_int_equal(nq_lang_current(), nq_lang_find("th"));
    assert_traced(&f, "lang en\nn 6\n");
    assert_traced(&f, "lang th\n");
    ex_act(&f.ex, EX_ACT_LANGUAGE_BACK, 0, f.now);
    assert_int_equal(nq_lang_current(), 0);

    int asked = 0;
    ex_set_language_hook(&f.ex, no_thai, &asked);
    ex_act(&f.ex, EX_ACT_LANGUAGE, 0, f.now); /* Thai is passed over, and the status says why */
    assert_int_equal(nq_lang_current(), nq_lang_find("fa"));
    assert_notice_line(&f, "no Thai here");
    assert_traced(&f, "lang fa\n");
    ex_act(&f.ex, EX_ACT_LANGUAGE_BACK, 0, f.now); /* back: Persian to English, past Thai */
    assert_int_equal(nq_lang_current(), 0);
    assert_false(ex_set_language(&f.ex, nq_lang_find("th")));
    assert_int_equal(nq_lang_current(), 0);
    assert_int_equal(nq_lang_current(), 0);
    assert_true(asked >= 5);
    for (int i = 0; i < NQ_LANG_COUNT; i++) /* the help's L and Shift+L never get stuck: all but Thai */
        ex_act(&f.ex, EX_ACT_LANGUAGE, 0, f.now);
    assert_int_not_equal(nq_lang_current(), nq_lang_find("th"));
    ex_set_language(&f.ex, 0);
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_watch_to_the_end),
        cmocka_unit_test(test_single_steps_in_order),
        cmocka_unit_test(test_speed_paces_steps),
        cmocka_unit_test(test_solve_and_page),
        cmocka_unit_test(test_goto_names_the_range),
        cmocka_unit_test(test_board_text_is_the_design_layout),
        cmocka_unit_test(test_bad_n_keeps_the_state),
        cmocka_unit_test(test_click_pins_and_lifts),
        cmocka_unit_test(test_no_solution_says_why),
        cmocka_unit_test(test_incomplete_end_is_stopped),
        cmocka_unit_test(test_escape_stops_and_speed_steps),
        cmocka_unit_test(test_slow_watch_sleeps),
        cmocka_unit_test(test_find_offers_one_solution),
        cmocka_unit_test(test_words_and_numbers),
        cmocka_unit_test(test_trace_that_cannot_be_written),
        cmocka_unit_test(test_app_notes),
        cmocka_unit_test(test_dead_end_lasts_one_step),
        cmocka_unit_test(test_find_is_kept_and_only_offered_to_solve),
        cmocka_unit_test(test_nothing_pageable_yet_and_stopped),
        cmocka_unit_test(test_new_search_ends_the_key_modes),
        cmocka_unit_test(test_step_back_shows_what_was_shown),
        cmocka_unit_test(test_landmarks_and_replaying_a_finished_run),
        cmocka_unit_test(test_marks_and_seeking),
        cmocka_unit_test(test_tree_panel),
        cmocka_unit_test(test_methods_in_watch),
        cmocka_unit_test(test_race),
        cmocka_unit_test(test_compare_table),
        cmocka_unit_test(test_n_typed_in),
        cmocka_unit_test(test_wide_board),
        cmocka_unit_test(test_heatmap_in_the_model),
        cmocka_unit_test(test_unique_paging_and_variants),
        cmocka_unit_test(test_class_sentence),
        cmocka_unit_test(test_languages_switch_and_skip_what_cannot_be_shown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
