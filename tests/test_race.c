/*
 * test_race.c -- the race's lanes: one step each per tick, a lane's figures those of its method's
 * own trace, places in the order of finishing (shared on the same tick), the ticks an update may
 * take capped, a race to the first solution, and the board each lane shows once it has finished.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "nq/board.h"
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

/* The steps of the method's trace up to and with its first solution step, and that solution. */
static uint64_t steps_to_first(int n, nq_method method, int *first)
{
    nq_plan plan = nq_plan_make(n, NULL, method);
    nq_trace t;
    nq_trace_start(&t, &plan);
    nq_step step;
    uint64_t steps = 0;
    while (nq_trace_next(&t, &step)) {
        steps++;
        if (step.kind == NQ_STEP_SOLUTION) {
            memcpy(first, t.cols, (size_t)n * sizeof *first);
            return steps;
        }
    }
    fail_msg("method %d found no solution of %d", (int)method, n);
    return 0;
}

/* Raced to the first solution, each lane finishes at its method's first solution step, and shows
 * that solution; raced to every solution, each finished lane shows the last solution it found
 * (backtracking's is the last in order), never an empty board. */
static void test_race_to_the_first_and_the_boards_at_the_end(void **state)
{
    (void)state;
    nq_plan plan = nq_plan_make(8, NULL, NQ_METHOD_BACKTRACK);
    race r;
    race_start(&r, &plan, RACE_ALL, RACE_TO_FIRST);
    assert_int_equal(r.goal, RACE_TO_FIRST);
    while (!race_over(&r))
        race_advance(&r, 1000);
    for (int i = 0; i < r.lanes; i++) {
        int first[NQ_MAX_N];
        uint64_t steps = steps_to_first(8, (nq_method)r.lane[i].trace.method, first);
        if (r.lane[i].steps != steps)
            fail_msg("lane %d (method %d): %llu steps to its first solution, its trace takes %llu", i,
                     r.lane[i].trace.method, (unsigned long long)r.lane[i].steps, (unsigned long long)steps);
        assert_int_equal(r.lane[i].trace.solutions, 1);
        assert_memory_equal(race_lane_board(&r.lane[i]), first, 8 * sizeof *first);
        assert_true(nq_verify(8, race_lane_board(&r.lane[i]), NULL, NULL));
    }
    static const int first_in_order[8] = {0, 4, 7, 5, 2, 6, 1, 3}; /* 1 5 8 6 3 7 2 4 */
    assert_memory_equal(race_lane_board(&r.lane[NQ_METHOD_BACKTRACK]), first_in_order, sizeof first_in_order);

    race_start(&r, &plan, RACE_ALL, RACE_TO_EVERY);
    while (!race_over(&r))
        race_advance(&r, 1000);
    static const int last_in_order[8] = {7, 3, 0, 2, 5, 1, 6, 4}; /* 8 4 1 3 6 2 7 5 */
    assert_int_equal(r.lane[NQ_METHOD_BACKTRACK].trace.solutions, 92);
    assert_memory_equal(race_lane_board(&r.lane[NQ_METHOD_BACKTRACK]), last_in_order, sizeof last_in_order);
    for (int i = 0; i < r.lanes; i++)
        assert_true(nq_verify(8, race_lane_board(&r.lane[i]), NULL, NULL));
}

static void test_lanes_finish_in_order(void **state)
{
    (void)state;
    nq_plan plan = nq_plan_make(8, NULL, NQ_METHOD_BACKTRACK);
    race r;
    race_start(&r, &plan, RACE_ALL, RACE_TO_EVERY);
    assert_int_equal(r.lanes, 4);
    assert_int_equal(race_methods(&r), RACE_ALL);
    assert_int_equal(race_advance(&r, RACE_MOST_TICKS + 5), RACE_MOST_TICKS);
    race big;
    nq_plan plan64 = nq_plan_make(64, NULL, NQ_METHOD_BACKTRACK);
    race_start(&big, &plan64, RACE_ALL, RACE_TO_EVERY);
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
    race_start(&r, &plan, 1u << NQ_METHOD_BACKTRACK | 1u << NQ_METHOD_FIRSTFAIL | 1u << NQ_METHOD_FORWARD,
               RACE_TO_EVERY);
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
        cmocka_unit_test(test_race_to_the_first_and_the_boards_at_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
