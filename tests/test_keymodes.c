/*
 * test_keymodes.c -- the key modes: a number typed after G, N typed after N, and what each says at
 * Enter, driven on the scripted solver (model_fixture.h).
 */
#include "model_fixture.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_goto_names_the_range),
        cmocka_unit_test(test_n_typed_in),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
