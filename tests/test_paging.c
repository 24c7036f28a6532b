/*
 * test_paging.c -- paging: it reaches exactly what the solver says is reachable, the board as text,
 * Find's one solution, End's notice while Solve runs, driven on the scripted solver (model_fixture.h).
 */
#include "model_fixture.h"

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

static void test_board_text_is_the_design_layout(void **state)
{
    (void)state;
    fixture f;
    start(&f, 4, NULL, EX_SOLVE, 5);
    run_to_end(&f);
    assert_true(ex_page_to(&f.ex, 1));
    char *text = ex_board_text(&f.ex);
    assert_string_equal(text,
                        "Solution 1:\n   1  2  3  4\n1  .  Q  .  .\n2  .  .  .  Q\n3  Q  .  .  .\n4  .  .  Q  .\n");
    free(text);
    finish(&f);
    start(&f, 4, NULL, EX_WATCH, 5);
    assert_null(ex_board_text(&f.ex)); /* nothing paged to yet */
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

/* Starts a Solve of 8 x 8 that reports as a fill by halves does: solutions found, none pageable. */
static void start_by_halves(fixture *f)
{
    start(f, 8, NULL, EX_SOLVE, 5);
    f->s.lagging = true;
    f->s.ready = 1;
    f->s.index_behind = true;
    f->s.by_halves = true;
    frame(f, 0.01);
}

/* A Solve that counts by halves makes no solution pageable before it ends, and says so. */
static void test_nothing_pageable_before_a_fill_by_halves_ends(void **state)
{
    (void)state;
    fixture f;
    start_by_halves(&f);
    char text[160];
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "None pageable yet: this search puts the solutions in order only when it ends; then all "
                              "are pageable.");
    f.s.lagging = false;
    frame(&f, 0.01);
    assert_int_equal(f.ex.state, EX_FINISHED);
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "");
    assert_int_equal(ex_reachable(&f.ex), 92);
    finish(&f);
}

/* Stopped before its end, a Solve by halves has nothing pageable, and the panel says why. */
static void test_a_fill_by_halves_stopped_says_why_none_is_pageable(void **state)
{
    (void)state;
    fixture f;
    start_by_halves(&f);
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now);
    assert_int_equal(f.ex.state, EX_STOPPED);
    char text[160];
    ex_reach_text(&f.ex, text, sizeof text);
    assert_string_equal(text, "None pageable: the search was stopped before its end, where it puts them in order.");
    finish(&f);
}

/* End while Solve still runs pages to the last solution reachable in order and says so, and why;
 * the sentence goes once the search is over (End then reaches the last of all, and says nothing). */
static void test_end_during_solve_says_last_so_far(void **state)
{
    (void)state;
    fixture f;
    nq_square first = {0, 1};
    start(&f, 8, &first, EX_SOLVE, 5);
    f.s.lagging = true; /* 5 found, the first 4 in order */
    f.s.ready = 1;
    frame(&f, 0.01);
    f.s.lagging = false;
    assert_int_equal(ex_reachable(&f.ex), 4);
    ex_act(&f.ex, EX_ACT_LAST_SOLUTION, 0, f.now);
    assert_int_equal(f.ex.k, 4);
    assert_notice_line(&f, "Solution 4 is the last one reachable in order so far: the search is still running.");
    run_to_end(&f);
    assert_notice_line(&f, ""); /* no longer "so far" */
    ex_act(&f.ex, EX_ACT_LAST_SOLUTION, 0, f.now);
    assert_int_equal(f.ex.k, 8);
    assert_notice_line(&f, "");
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_and_page),
        cmocka_unit_test(test_board_text_is_the_design_layout),
        cmocka_unit_test(test_find_offers_one_solution),
        cmocka_unit_test(test_find_is_kept_and_only_offered_to_solve),
        cmocka_unit_test(test_nothing_pageable_yet_and_stopped),
        cmocka_unit_test(test_nothing_pageable_before_a_fill_by_halves_ends),
        cmocka_unit_test(test_a_fill_by_halves_stopped_says_why_none_is_pageable),
        cmocka_unit_test(test_end_during_solve_says_last_so_far),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
