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

/* The pinned queen's square is in every solution: it is left out of the colour scale, whose top is
 * the largest number of any other square, so that the rest keeps its range (N = 8, queen at 3,1:
 * 16 solutions, no other square in more than 8). */
static void test_the_pin_is_off_the_scale(void **state)
{
    (void)state;
    fixture f;
    heat_script h;
    nq_square pin = {2, 0};
    start(&f, 8, &pin, EX_SOLVE, 5);
    ex_set_heater(&f.ex, heat_script_solver(&h));
    ex_act(&f.ex, EX_ACT_HEAT, 0, f.now);
    for (int i = 0; i < 20 && f.ex.heat.state != HEAT_DONE; i++)
        frame(&f, 0.02);
    assert_int_equal(f.ex.heat.state, HEAT_DONE);
    uint64_t count, most = 0;
    assert_true(heat_pinned(&f.ex.heat, pin));
    assert_false(heat_pinned(&f.ex.heat, (nq_square){3, 0}));
    assert_true(heat_get(&f.ex.heat, pin, &count));
    assert_int_equal(count, f.ex.heat.total);
    assert_int_equal(f.ex.heat.max, f.ex.heat.total);
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++)
            if (!heat_pinned(&f.ex.heat, (nq_square){col, row}) && heat_get(&f.ex.heat, (nq_square){col, row}, &count))
                most = count > most ? count : most;
    assert_int_equal(f.ex.heat.scale, most);
    assert_int_equal(f.ex.heat.total, 16);
    assert_int_equal(f.ex.heat.scale, 8);
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_heatmap_in_the_model),
        cmocka_unit_test(test_the_pin_is_off_the_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
