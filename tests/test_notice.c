/*
 * test_notice.c -- the notice line (notice.c, keymodes.c' prompts): the answer to the last action
 * lasts only while what it was about is what the window shows, its condition holds and its time
 * is not up; the numbers it names are the ones true now; key-mode prompts are written from what
 * was typed; facts about the state are shown while they are true.
 */
#include "model_fixture.h"

static ex_panel notice_panel;

static const char *notice_line(fixture *f)
{
    ex_panel_make(&f->ex, f->now, &notice_panel);
    return notice_panel.has[EX_LINE_NOTICE] ? notice_panel.text[EX_LINE_NOTICE] : "";
}

/* A refusal about the step shown goes when the watch moves on, with no key pressed. */
static void test_a_step_notice_goes_with_its_step(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 1);
    ex_act(&f.ex, EX_ACT_STEP_BACK, 0, f.now);
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_AT_START);
    assert_string_equal(notice_line(&f), "This is the start of the search: nothing before it.");
    frame(&f, 0.5);
    assert_int_equal(f.ex.cursor, 0); /* the same step: it stays */
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_AT_START);
    frame(&f, 0.6);
    assert_int_equal(f.ex.cursor, 1);
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_NONE);
    assert_string_equal(notice_line(&f), "");
    finish(&f);
}

/* "No solution to show yet." goes as soon as Solve shows its first solution. */
static void test_nothing_to_show_goes_when_something_is(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_SOLVE, 5);
    f.s.lagging = true;
    f.s.ready = 0;
    ex_act(&f.ex, EX_ACT_NEXT, 0, f.now);
    assert_string_equal(notice_line(&f), "No solution to show yet.");
    f.s.lagging = false;
    frame(&f, 0.01);
    assert_true(f.ex.viewing);
    assert_string_equal(notice_line(&f), "");
    ex_panel_make(&f.ex, f.now, &notice_panel);
    assert_string_equal(notice_panel.text[EX_LINE_SOLUTION], "Solution 1 of 92");
    finish(&f);
}

/* The range a refusal names is the range now: it loses "yet" when the search is over. */
static void test_the_range_named_is_the_range_now(void **state)
{
    (void)state;
    fixture f;
    nq_square first = {0, 1};
    start(&f, 8, &first, EX_SOLVE, 5);
    f.s.lagging = true; /* only the progress report: the first 4 of 8 pageable */
    f.s.ready = 1;
    frame(&f, 0.01);
    ex_act(&f.ex, EX_ACT_GOTO, 0, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_DIGIT, 9, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_ENTER, 0, f.now);
    assert_string_equal(notice_line(&f), "There is no solution 9 yet: pick 1 to 4 (more as the search goes on).");
    f.s.lagging = false;
    frame(&f, 0.01);
    assert_int_equal(f.ex.state, EX_FINISHED);
    assert_string_equal(notice_line(&f), "There is no solution 9: pick 1 to 8.");
    finish(&f);
}

/* An acknowledgement lasts a few seconds; the next action ends any notice. */
static void test_acknowledgements_time_out(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 5);
    ex_act(&f.ex, EX_ACT_THEME, 0, f.now);
    assert_string_equal(notice_line(&f),
                        "Colours: light. D switches to the next; the choice is kept for the next start.");
    double wait = ex_wait(&f.ex, f.now);
    assert_true(wait > 0 && wait <= 4.0);
    frame(&f, 3.0);
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_THEME);
    frame(&f, 1.5);
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_NONE);
    ex_act(&f.ex, EX_ACT_RACE_LANE, 1, f.now);
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_LANES_OUTSIDE);
    ex_act(&f.ex, EX_ACT_SLOWER, 0, f.now);
    assert_int_equal(ex_notice_live(&f.ex, f.now), EX_NOTICE_NONE);
    finish(&f);
}

/* Prompts are written from what was typed, and go with the mode. */
static void test_prompts_follow_the_keys(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_SOLVE, 5);
    run_to_end(&f);
    ex_act(&f.ex, EX_ACT_GOTO, 0, f.now);
    assert_string_equal(notice_line(&f), "Go to solution: type its number, then Enter.");
    ex_act(&f.ex, EX_ACT_GOTO_DIGIT, 1, f.now);
    ex_act(&f.ex, EX_ACT_GOTO_DIGIT, 2, f.now);
    assert_string_equal(notice_line(&f), "Go to solution: 12");
    ex_act(&f.ex, EX_ACT_GOTO_ERASE, 0, f.now);
    assert_string_equal(notice_line(&f), "Go to solution: 1");
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now);
    assert_string_equal(notice_line(&f), "");
    ex_act(&f.ex, EX_ACT_PIN_KEYS, 0, f.now);
    assert_string_equal(notice_line(&f), "Pin a queen: arrow keys, then Enter (Esc cancels).");
    ex_act(&f.ex, EX_ACT_PIN_ENTER, 0, f.now);
    assert_string_equal(notice_line(&f), "");
    finish(&f);
}

/* A stopped search says so while it is stopped, and no longer once it runs again. */
static void test_facts_last_while_true(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now);
    assert_string_equal(notice_line(&f), "Search stopped. R restarts it.");
    frame(&f, 60.0);
    assert_string_equal(notice_line(&f), "Search stopped. R restarts it.");
    ex_act(&f.ex, EX_ACT_RESTART, 0, f.now);
    assert_string_equal(notice_line(&f), "");
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_step_notice_goes_with_its_step),
        cmocka_unit_test(test_nothing_to_show_goes_when_something_is),
        cmocka_unit_test(test_the_range_named_is_the_range_now),
        cmocka_unit_test(test_acknowledgements_time_out),
        cmocka_unit_test(test_prompts_follow_the_keys),
        cmocka_unit_test(test_facts_last_while_true),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
