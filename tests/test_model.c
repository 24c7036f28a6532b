/*
 * test_model.c -- the model as a whole: N, the pinned queen, no solution and why, Esc, the words
 * and numbers of the panel in English, the trace and the app's notes, the languages, driven on the
 * scripted solver (model_fixture.h).
 */
#include "model_fixture.h"

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
    assert_string_equal(why, "No solution has a queen at row 1, column 1.");
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
    assert_string_equal(text, "row 2, column 1: attacked along the column by the queen at row 1, column 1");
    ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
    frame(&f, 0.001);
    ex_narration(&f.ex, text, sizeof text);
    assert_string_equal(text, "row 2, column 2: trying");
    ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
    frame(&f, 0.001);
    ex_narration(&f.ex, text, sizeof text);
    assert_string_equal(
        text, "row 2, column 2: attacked along the diagonal down to the right by the queen at row 1, column 1");
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
    /* A folder named with control characters: the trace writes them escaped, on one line. */
    ex_note_saved(&f.ex, "/tmp/a\nb\x1b[2J\xc2\x9b/x.png", true, "");
    assert_traced(&f, "saved /tmp/a\\nb\\x1b[2J\\u009b/x.png\n");
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
        cmocka_unit_test(test_bad_n_keeps_the_state),
        cmocka_unit_test(test_click_pins_and_lifts),
        cmocka_unit_test(test_no_solution_says_why),
        cmocka_unit_test(test_incomplete_end_is_stopped),
        cmocka_unit_test(test_escape_stops_and_speed_steps),
        cmocka_unit_test(test_words_and_numbers),
        cmocka_unit_test(test_trace_that_cannot_be_written),
        cmocka_unit_test(test_app_notes),
        cmocka_unit_test(test_new_search_ends_the_key_modes),
        cmocka_unit_test(test_languages_switch_and_skip_what_cannot_be_shown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
