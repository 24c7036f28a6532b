/*
 * test_heatview.c -- the heatmap over the board and its solver, driven on the scripted solver (model_fixture.h).
 */
#include "model_fixture.h"

#include "brute.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_heatmap_in_the_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
