/*
 * test_wide.c -- boards above NQ_MAX_N: one solution found directly, its view, and what is not
 * there, driven on the scripted solver (model_fixture.h).
 */
#include "model_fixture.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wide_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
