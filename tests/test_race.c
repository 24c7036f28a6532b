/*
 * test_race.c -- the race's lanes: one step each per tick, a lane's figures those of its method's
 * own trace, places in the order of finishing (shared on the same tick), the ticks an update may
 * take capped.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "race.h"

static uint64_t steps_of(int n, nq_method method)
{
    nq_plan plan = nq_plan_make(n, NULL, method);
    nq_trace t;
    nq_trace_start(&t, &plan);
    nq_step step;
    uint64_t steps = 0;
    while (nq_trace_next(&t, &step))
        steps++;
    return steps;
}

static void test_lanes_finish_in_order(void **state)
{
    (void)state;
    nq_plan plan = nq_plan_make(8, NULL, NQ_METHOD_BACKTRACK);
    race r;
    race_start(&r, &plan, RACE_ALL);
    assert_int_equal(r.lanes, 4);
    assert_int_equal(race_methods(&r), RACE_ALL);
    assert_int_equal(race_advance(&r, RACE_MOST_TICKS + 5), RACE_MOST_TICKS);
    race big;
    nq_plan plan64 = nq_plan_make(64, NULL, NQ_METHOD_BACKTRACK);
    race_start(&big, &plan64, RACE_ALL);
    assert_int_equal(race_most_ticks(&big), RACE_MOST_TICKS / 8);
    assert_int_equal(race_advance(&big, RACE_MOST_TICKS), RACE_MOST_TICKS / 8);
    while (!race_over(&r))
        race_advance(&r, 1000);
    /* Min-conflicts first, then first fail, forward checking, backtracking: by their steps. */
    for (int i = 0; i < 4; i++)
        assert_int_equal(r.lane[i].steps, steps_of(8, (nq_method)r.lane[i].trace.method));
    assert_int_equal(r.lane[NQ_METHOD_MINCONFLICTS].place, 1);
    assert_int_equal(r.lane[NQ_METHOD_FIRSTFAIL].place, 2);
    assert_int_equal(r.lane[NQ_METHOD_FORWARD].place, 3);
    assert_int_equal(r.lane[NQ_METHOD_BACKTRACK].place, 4);
    assert_int_equal(r.ticks, r.lane[NQ_METHOD_BACKTRACK].steps);
    assert_int_equal(race_advance(&r, 10), 0);
    assert_string_equal(race_place_name(1), "1st");
    assert_string_equal(race_place_name(4), "4th");
}

/* Backtracking and first fail take five steps each on the 1 x 1 board: they share first place. */
static void test_a_tie_shares_the_place(void **state)
{
    (void)state;
    nq_plan plan = nq_plan_make(1, NULL, NQ_METHOD_BACKTRACK);
    race r;
    race_start(&r, &plan, 1u << NQ_METHOD_BACKTRACK | 1u << NQ_METHOD_FIRSTFAIL | 1u << NQ_METHOD_FORWARD);
    assert_int_equal(r.lanes, 3);
    while (!race_over(&r))
        race_advance(&r, 1);
    assert_int_equal(r.lane[0].steps, 5);
    assert_int_equal(r.lane[2].steps, 5);
    assert_int_equal(r.lane[1].steps, 4);
    assert_int_equal(r.lane[1].place, 1);
    assert_int_equal(r.lane[0].place, 2);
    assert_int_equal(r.lane[2].place, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lanes_finish_in_order),
        cmocka_unit_test(test_a_tie_shares_the_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
