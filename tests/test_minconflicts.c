/*
 * test_minconflicts.c -- the min-conflicts rule (nq/minconflicts.h): every board it calls solved
 * verifies, from small boards to 100000 rows, with and without a pinned queen; a seed always gives
 * the same run; boards without a solution give up after the budget; the pinned queen never moves;
 * and the counting board agrees with a count of every pair of queens by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nq/method.h"
#include "nq/minconflicts.h"

/* Runs seed on the board and checks that a solved board verifies and keeps the pinned queen;
 * returns the result. cols (n entries) gets the board. */
static nq_mc_result run_checked(int n, const nq_square *first, uint64_t seed, uint64_t budget, int *cols)
{
    nq_mc_result r = nq_mc_find(n, first, seed, budget, cols);
    if (first)
        assert_int_equal(cols[first->row], first->column);
    if (r.solved) {
        nq_fault fault;
        if (!nq_verify(n, cols, first, &fault)) {
            char why[200];
            nq_fault_describe(&fault, n, cols, first, why, sizeof why);
            fail_msg("n=%d, seed %llu: a solved board fails: %s", n, (unsigned long long)seed, why);
        }
    }
    return r;
}

static void test_solved_boards_verify(void **state)
{
    (void)state;
    const int sizes[] = {1, 4, 8, 64, 1000, 100000};
    int *cols = malloc(100000 * sizeof *cols);
    assert_non_null(cols);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int n = sizes[i];
        int solved = 0;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            solved += run_checked(n, NULL, seed, 0, cols).solved;
            nq_square first = {n / 3, n / 2};
            run_checked(n, &first, seed, 0, cols);
        }
        if (solved == 0)
            fail_msg("n=%d: none of seeds 1 to 3 solved the board", n);
    }
    free(cols);
}

static void test_same_seed_same_run(void **state)
{
    (void)state;
    int a[1000], b[1000];
    nq_square first = {10, 500};
    for (uint64_t seed = 1; seed <= 4; seed++) {
        nq_mc_result x = nq_mc_find(1000, &first, seed, 0, a);
        nq_mc_result y = nq_mc_find(1000, &first, seed, 0, b);
        assert_int_equal(x.solved, y.solved);
        assert_int_equal(x.moves, y.moves);
        assert_int_equal(x.start_conflicts, y.start_conflicts);
        assert_memory_equal(a, b, sizeof a);
    }
}

static void test_boards_without_solution_give_up_after_the_budget(void **state)
{
    (void)state;
    int cols[3];
    for (int n = 2; n <= 3; n++) {
        for (uint64_t budget = 1; budget <= 100; budget *= 10) {
            nq_mc_result r = nq_mc_find(n, NULL, 5, budget, cols);
            assert_false(r.solved);
            assert_int_equal(r.moves, budget);
        }
        nq_mc_result r = nq_mc_find(n, NULL, 5, 0, cols);
        assert_false(r.solved);
        assert_int_equal(r.moves, NQ_PLAN_BUDGET);
    }
}

/* Pinned where 4 has no solution: the queen stays put through the whole budget. */
static void test_pinned_queen_never_moves(void **state)
{
    (void)state;
    int cols[4];
    nq_square corner = {0, 0};
    nq_mc_result r = run_checked(4, &corner, 9, 500, cols);
    assert_false(r.solved);
    assert_int_equal(r.moves, 500);
    int big[200];
    for (int column = 0; column < 200; column += 37) {
        nq_square first = {column, 199 - column};
        run_checked(200, &first, (uint64_t)column + 1, 0, big);
    }
}

/* Queens of cols (n entries, -1 none) other than row's that attack (column, row), counted by hand. */
static uint32_t attackers(int n, const int *cols, int row, int column)
{
    uint32_t count = 0;
    for (int r = 0; r < n; r++) {
        int c = cols[r];
        if (r == row || c < 0)
            continue;
        count += c == column || r - c == row - column || r + c == row + column;
    }
    return count;
}

static uint64_t pairs(int n, const int *cols)
{
    uint64_t count = 0;
    for (int r = 0; r < n; r++)
        if (cols[r] >= 0)
            count += attackers(n, cols, r, cols[r]);
    return count / 2;
}

static void check_counts(const nq_mc_board *b)
{
    assert_int_equal(b->pairs, pairs(b->n, b->cols));
    for (int r = 0; r < b->n; r++)
        for (int c = 0; c < b->n; c++)
            assert_int_equal(nq_mc_attacks(b, r, c), attackers(b->n, b->cols, r, c));
}

static void test_counting_board_matches_a_count_by_hand(void **state)
{
    (void)state;
    uint64_t rng = 42;
    for (int n = 1; n <= 12; n++) {
        int cols[12];
        for (int r = 0; r < n; r++)
            cols[r] = (int)nq_mc_below(&rng, (uint64_t)n + 1) - 1; /* -1: an empty row */
        nq_mc_small s;
        nq_mc_small_set(&s, n, cols, -1);
        check_counts(&s.board);
        for (int k = 0; k < 20; k++) {
            int r = (int)nq_mc_below(&rng, (uint64_t)n);
            if (s.board.cols[r] >= 0)
                nq_mc_lift(&s.board, r);
            else
                nq_mc_put(&s.board, r, (int)nq_mc_below(&rng, (uint64_t)n));
            check_counts(&s.board);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solved_boards_verify),
        cmocka_unit_test(test_same_seed_same_run),
        cmocka_unit_test(test_boards_without_solution_give_up_after_the_budget),
        cmocka_unit_test(test_pinned_queen_never_moves),
        cmocka_unit_test(test_counting_board_matches_a_count_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
