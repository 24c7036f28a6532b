/*
 * test_trace.c -- replays the whole step-by-step search on an empty board and checks that every
 * step is legal and consistent, that its solutions are the enumeration's in the same order, and
 * that its totals (solutions, queens placed, dead ends) are those the lexicographic fill of the
 * index reports for the same search.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nq/enumerate.h"
#include "nq/index.h"
#include "nq/trace.h"

/* Whether the queen at (qc, qr) attacks (c, r) along the nq_line `line`. */
static bool attacks_as_said(int qc, int qr, int c, int r, int line)
{
    switch (line) {
    case NQ_LINE_COLUMN: return qc == c;
    case NQ_LINE_DOWN_RIGHT: return qr - qc == r - c;
    case NQ_LINE_DOWN_LEFT: return qr + qc == r + c;
    default: return false;
    }
}

static bool attacked(const int *board, int n, int c, int r)
{
    for (int q = 0; q < n; q++)
        if (board[q] >= 0 && q != r &&
            (board[q] == c || q - board[q] == r - c || q + board[q] == r + c))
            return true;
    return false;
}

/* The checks inside replay(), which uses its n, where and steps: on failure they name the board,
 * the first queen and the step, and print both values. */
#define replay_fail(why, ...)                                                                          \
    fail_msg("n=%d%s, step %llu: " why, n, where, (unsigned long long)steps, __VA_ARGS__)
#define replay_int_equal(a, b)                                                                         \
    do {                                                                                               \
        long long a_ = (long long)(a), b_ = (long long)(b);                                            \
        if (a_ != b_)                                                                                  \
            replay_fail("%s is %lld, %s is %lld", #a, a_, #b, b_);                                     \
    } while (0)
#define replay_true(condition)                                                                         \
    do {                                                                                               \
        if (!(condition))                                                                              \
            replay_fail("%s does not hold", #condition);                                               \
    } while (0)

/* Replays the trace of the board with the optional first queen and checks everything. */
static void replay(int n, const nq_square *first)
{
    char where[64] = "";
    if (first)
        snprintf(where, sizeof where, ", first queen at column %d, row %d", first->column + 1, first->row + 1);
    uint64_t steps = 0;
    int board[NQ_MAX_N];
    for (int r = 0; r < n; r++)
        board[r] = -1;
    if (first)
        board[first->row] = first->column;
    int placed[NQ_MAX_N], depth = 0; /* the rows of placed queens, in order: a stack */
    int tried_row = -1, tried_col = -1, rejects_in_row = 0;
    uint64_t solutions = 0, nodes = 0, dead_ends = 0;
    nq_enum e;
    nq_enum_init(&e, n, first);
    nq_trace t;
    nq_trace_init(&t, n, first);
    nq_step step;
    bool done = false;
    while (nq_trace_next(&t, &step)) {
        steps++;
        replay_true(!done);
        int r = step.row, c = step.column;
        switch (step.kind) {
        case NQ_STEP_TRY:
            /* Always the top empty row, which is never the pinned one. */
            for (int q = 0; q < r; q++)
                replay_true(board[q] >= 0);
            replay_int_equal(board[r], -1);
            if (r != tried_row || c <= tried_col)
                rejects_in_row = 0;
            replay_true(r != tried_row || c != tried_col);
            tried_row = r;
            tried_col = c;
            break;
        case NQ_STEP_REJECT:
            replay_int_equal(r, tried_row);
            replay_int_equal(c, tried_col);
            replay_int_equal(board[step.by_row], step.by_column); /* a real queen */
            replay_true(attacks_as_said(step.by_column, step.by_row, c, r, step.line));
            rejects_in_row++;
            break;
        case NQ_STEP_PLACE:
            replay_int_equal(r, tried_row);
            replay_int_equal(c, tried_col);
            replay_true(!attacked(board, n, c, r)); /* safe */
            board[r] = c;
            placed[depth++] = r;
            nodes++;
            tried_row = -1;
            break;
        case NQ_STEP_DEAD_END:
            /* The row that was being tried, every one of its squares rejected. */
            replay_int_equal(r, tried_row);
            replay_int_equal(tried_col, n - 1);
            replay_int_equal(rejects_in_row, n);
            dead_ends++;
            break;
        case NQ_STEP_REMOVE:
            /* Undoes the last place. */
            replay_true(depth > 0);
            replay_int_equal(placed[depth - 1], r);
            replay_int_equal(board[r], c);
            board[r] = -1;
            depth--;
            tried_row = r;
            tried_col = c;
            rejects_in_row = -n; /* a row with a placed queen is no dead end */
            break;
        case NQ_STEP_SOLUTION: {
            replay_int_equal(step.solution, ++solutions);
            int expected[NQ_MAX_N];
            replay_true(nq_enum_next(&e, expected));
            if (memcmp(board, expected, (size_t)n * sizeof *board) != 0)
                replay_fail("solution %llu differs from the enumeration's", (unsigned long long)solutions);
            replay_true(nq_verify(n, board, first, NULL));
            break;
        }
        case NQ_STEP_DONE:
            replay_int_equal(step.solution, solutions);
            replay_int_equal(depth, 0);
            done = true;
            break;
        default:
            replay_fail("unknown step kind %d", step.kind);
        }
    }
    if (!done)
        fail_msg("n=%d%s: the trace ended after %llu steps without its done step", n, where, (unsigned long long)steps);
    if (nq_enum_next(&e, NULL))
        fail_msg("n=%d%s: the enumeration has solutions the trace never reached", n, where);
    if (nq_trace_next(&t, &step))
        fail_msg("n=%d%s: the trace gives a step after its done step", n, where);
    if (t.solutions != solutions || t.nodes != nodes || t.dead_ends != dead_ends)
        fail_msg("n=%d%s: the trace reports %llu/%llu/%llu, its steps show %llu/%llu/%llu (solutions/nodes/dead ends)",
                 n, where, (unsigned long long)t.solutions, (unsigned long long)t.nodes,
                 (unsigned long long)t.dead_ends, (unsigned long long)solutions, (unsigned long long)nodes,
                 (unsigned long long)dead_ends);
    /* The index's fill, on two threads and halved by the mirror, reports the same figures. */
    nq_index *index = nq_index_build(n, first, 2);
    nq_progress counted = nq_index_progress(index);
    nq_index_free(index);
    if (counted.solutions != solutions || counted.nodes != nodes || counted.dead_ends != dead_ends)
        fail_msg("n=%d%s: trace %llu/%llu/%llu, count %llu/%llu/%llu (solutions/nodes/dead ends)", n, where,
                 (unsigned long long)solutions, (unsigned long long)nodes, (unsigned long long)dead_ends,
                 (unsigned long long)counted.solutions, (unsigned long long)counted.nodes,
                 (unsigned long long)counted.dead_ends);
}

#undef replay_fail
#undef replay_int_equal
#undef replay_true

static void test_replay_without_first_queen(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++)
        replay(n, NULL);
}

static void test_replay_with_first_queen_on_every_square(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++)
        for (int sq = 0; sq < n * n; sq++)
            replay(n, &(nq_square){sq % n, sq / n});
}

/* The steps of the 4 x 4 board begin as a person would narrate them. */
static void test_first_steps_of_four(void **state)
{
    (void)state;
    nq_trace t;
    nq_trace_init(&t, 4, NULL);
    static const struct {
        int kind, row, column;
    } expected[] = {
        {NQ_STEP_TRY, 0, 0},    {NQ_STEP_PLACE, 0, 0},  {NQ_STEP_TRY, 1, 0},    {NQ_STEP_REJECT, 1, 0},
        {NQ_STEP_TRY, 1, 1},    {NQ_STEP_REJECT, 1, 1}, {NQ_STEP_TRY, 1, 2},    {NQ_STEP_PLACE, 1, 2},
        {NQ_STEP_TRY, 2, 0},    {NQ_STEP_REJECT, 2, 0}, {NQ_STEP_TRY, 2, 1},    {NQ_STEP_REJECT, 2, 1},
        {NQ_STEP_TRY, 2, 2},    {NQ_STEP_REJECT, 2, 2}, {NQ_STEP_TRY, 2, 3},    {NQ_STEP_REJECT, 2, 3},
        {NQ_STEP_DEAD_END, 2, 0}, {NQ_STEP_REMOVE, 1, 2}, {NQ_STEP_TRY, 1, 3}, {NQ_STEP_PLACE, 1, 3},
    };
    nq_step step;
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        assert_true(nq_trace_next(&t, &step));
        assert_int_equal(step.kind, expected[i].kind);
        assert_int_equal(step.row, expected[i].row);
        if (step.kind != NQ_STEP_DEAD_END)
            assert_int_equal(step.column, expected[i].column);
    }
    /* (column 2, row 2) is attacked on a diagonal by the queen at column 1, row 1. */
    nq_trace_init(&t, 4, NULL);
    for (int i = 0; i < 6; i++)
        assert_true(nq_trace_next(&t, &step));
    assert_int_equal(step.kind, NQ_STEP_REJECT);
    assert_int_equal(step.line, NQ_LINE_DOWN_RIGHT);
    assert_int_equal(step.by_row, 0);
    assert_int_equal(step.by_column, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_without_first_queen),
        cmocka_unit_test(test_replay_with_first_queen_on_every_square),
        cmocka_unit_test(test_first_steps_of_four),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
