/*
 * test_trace.c -- replays the whole step-by-step search on an empty board and checks that every
 * step is legal and consistent, that its solutions are the enumeration's in the same order, and
 * that the lexicographic fill of the index finds the same solutions and reports the figures of the
 * search it runs: the trace's queens placed and dead ends in the rows above the last five, which
 * it counts by tables (every row below N = 7). Forward checking and first fail are run against
 * brute force: the same solutions (forward checking in the same order), every crossing off and
 * wipe-out legal, their figures the sums of their steps, never more queens placed than
 * backtracking. Min-conflicts is checked for a verified result and a replay that repeats it step
 * for step. Backtracking resumed at a board the search reached goes on as the search does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "brute.h"
#include "nq/enumerate.h"
#include "nq/index.h"
#include "nq/minconflicts.h"
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
    /* The fill's search walks the rows above the last five only, from N = 7 on (where its prefixes
     * of one row leave a row to walk above them). */
    const int tail_row = n >= 7 ? n - 5 : n;
    uint64_t nodes_walked = 0, dead_ends_walked = 0;
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
            nodes_walked += r < tail_row;
            tried_row = -1;
            break;
        case NQ_STEP_DEAD_END:
            /* The row that was being tried, every one of its squares rejected. */
            replay_int_equal(r, tried_row);
            replay_int_equal(tried_col, n - 1);
            replay_int_equal(rejects_in_row, n);
            dead_ends++;
            dead_ends_walked += r < tail_row;
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
    /* The index's fill, on two threads and halved by the mirror, reports the figures of the rows
     * it walks. */
    nq_index *index = nq_index_build(n, first, 2);
    nq_progress counted = nq_index_progress(index);
    nq_index_free(index);
    if (counted.solutions != solutions || counted.nodes != nodes_walked || counted.dead_ends != dead_ends_walked)
        fail_msg("n=%d%s: trace %llu/%llu/%llu above row %d, fill %llu/%llu/%llu (solutions/nodes/dead ends)", n, where,
                 (unsigned long long)solutions, (unsigned long long)nodes_walked, (unsigned long long)dead_ends_walked,
                 tail_row + 1, (unsigned long long)counted.solutions, (unsigned long long)counted.nodes,
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


static uint64_t full_row(int n)
{
    return n >= 64 ? UINT64_MAX : (UINT64_C(1) << n) - 1;
}

/* The squares of row r the queens of a board attack (a queen in row r itself not counted). */
static uint64_t attacked_squares(const int *board, int n, int r)
{
    uint64_t squares = 0;
    for (int c = 0; c < n; c++)
        if (attacked(board, n, c, r))
            squares |= UINT64_C(1) << c;
    return squares;
}

/* The figures one propagating run adds up from its steps, and its solutions in the order found. */
typedef struct propagated {
    uint64_t nodes, wipe_outs, crossed, solutions;
    brute_list found;
} propagated;

#define run_fail(why, ...) fail_msg("n=%d%s %s, step %llu: " why, n, where, key, (unsigned long long)steps, __VA_ARGS__)

/* Runs forward checking or first fail and checks every step against a board kept by hand. */
static propagated propagate(int n, const nq_square *first, nq_method method)
{
    char where[64] = "";
    if (first)
        snprintf(where, sizeof where, ", pin at column %d, row %d", first->column + 1, first->row + 1);
    const char *key = nq_method_key(method);
    nq_plan plan = nq_plan_make(n, first, method);
    nq_trace t;
    nq_trace_start(&t, &plan);
    int board[NQ_MAX_N];
    for (int r = 0; r < n; r++)
        board[r] = -1;
    if (first)
        board[first->row] = first->column;
    propagated p = {0, 0, 0, 0, {n, 0, NULL}};
    size_t capacity = 0;
    uint64_t steps = 0;
    nq_step step;
    while (nq_trace_next(&t, &step)) {
        steps++;
        switch ((nq_step_kind)step.kind) {
        case NQ_STEP_SELECT: {
            /* The fewest squares left, the topmost of the fewest. */
            int left = __builtin_popcountll(step.squares);
            if (step.squares != (full_row(n) & ~attacked_squares(board, n, step.row)))
                run_fail("row %d's squares left %llx, the board's %llx", step.row + 1,
                         (unsigned long long)step.squares,
                         (unsigned long long)(full_row(n) & ~attacked_squares(board, n, step.row)));
            for (int r = 0; r < n; r++) {
                int other = board[r] >= 0 ? 99 : __builtin_popcountll(full_row(n) & ~attacked_squares(board, n, r));
                if (other < left || (other == left && r < step.row))
                    run_fail("row %d chosen with %d left, row %d has %d", step.row + 1, left, r + 1, other);
            }
            break;
        }
        case NQ_STEP_PLACE:
            if (board[step.row] >= 0 || attacked(board, n, step.column, step.row))
                run_fail("a queen on (%d, %d), which is taken or attacked", step.column + 1, step.row + 1);
            board[step.row] = step.column;
            p.nodes++;
            break;
        case NQ_STEP_CROSS: {
            /* Only squares the queen attacks that nothing had crossed off before. */
            int saved = board[step.by_row];
            board[step.by_row] = -1;
            uint64_t before = attacked_squares(board, n, step.row);
            board[step.by_row] = saved;
            for (int c = 0; c < n; c++) {
                bool hit = step.squares >> c & 1;
                int d = step.row > step.by_row ? step.row - step.by_row : step.by_row - step.row;
                bool attacks = saved == c || saved == c - d || saved == c + d;
                bool open = !(before >> c & 1);
                if (hit != (attacks && open))
                    run_fail("column %d of row %d: crossed %d, attacked by the queen and open %d", c + 1,
                             step.row + 1, hit, attacks && open);
            }
            p.crossed += (uint64_t)__builtin_popcountll(step.squares);
            if (nq_trace_crossed(&t, step.row) != (before | step.squares))
                run_fail("row %d: the trace says %llx crossed off, the steps %llx", step.row + 1,
                         (unsigned long long)nq_trace_crossed(&t, step.row),
                         (unsigned long long)(before | step.squares));
            break;
        }
        case NQ_STEP_WIPE_OUT:
            if (attacked_squares(board, n, step.row) != full_row(n))
                run_fail("row %d is not empty at its wipe-out", step.row + 1);
            p.wipe_outs++;
            break;
        case NQ_STEP_REMOVE:
            if (board[step.row] != step.column)
                run_fail("no queen on (%d, %d) to take back", step.column + 1, step.row + 1);
            board[step.row] = -1;
            break;
        case NQ_STEP_SOLUTION:
            if (!nq_verify(n, board, first, NULL))
                run_fail("solution %llu does not verify", (unsigned long long)step.solution);
            if (p.found.size == capacity) {
                capacity = capacity ? 2 * capacity : 64;
                p.found.cols = realloc(p.found.cols, capacity * (size_t)n * sizeof(int));
            }
            memcpy(p.found.cols + p.found.size++ * (size_t)n, board, (size_t)n * sizeof(int));
            p.solutions++;
            break;
        case NQ_STEP_DONE: break;
        default: run_fail("a step of kind %d", step.kind);
        }
    }
    if (t.nodes != p.nodes || t.wipe_outs != p.wipe_outs || t.crossed != p.crossed || t.solutions != p.solutions ||
        t.dead_ends != 0)
        run_fail("the trace reports %llu/%llu/%llu/%llu/%llu, its steps %llu/%llu/%llu/%llu/0 (placed, wipe-outs, "
                 "crossed off, solutions, dead ends)", (unsigned long long)t.nodes, (unsigned long long)t.wipe_outs,
                 (unsigned long long)t.crossed, (unsigned long long)t.solutions, (unsigned long long)t.dead_ends,
                 (unsigned long long)p.nodes, (unsigned long long)p.wipe_outs, (unsigned long long)p.crossed,
                 (unsigned long long)p.solutions);
    return p;
}

#undef run_fail

static int sorted_n; /* the board size compare_boards sorts by */

static int compare_boards(const void *a, const void *b)
{
    return memcmp(a, b, (size_t)sorted_n * sizeof(int));
}

/* The queens backtracking places on the same board. */
static uint64_t backtracking_nodes(int n, const nq_square *first)
{
    nq_trace t;
    nq_trace_init(&t, n, first);
    nq_step step;
    while (nq_trace_next(&t, &step))
        continue;
    return t.nodes;
}

/* Both propagating methods on one board and pin: brute force's solutions, forward checking's in
 * order, first fail's as a set; no more queens placed than backtracking. */
static void check_propagation(const brute_list *all, int n, const nq_square *first)
{
    brute_list expected = {n, 0, malloc(all->size * (size_t)n * sizeof(int) + sizeof(int))};
    for (size_t i = 0; i < all->size; i++)
        if (!first || brute_has(all, i, *first))
            memcpy(expected.cols + expected.size++ * (size_t)n, brute_at(all, i), (size_t)n * sizeof(int));
    uint64_t most = backtracking_nodes(n, first);
    for (nq_method m = NQ_METHOD_FORWARD; m <= NQ_METHOD_FIRSTFAIL; m++) {
        propagated p = propagate(n, first, m);
        assert_int_equal(p.found.size, expected.size);
        if (m == NQ_METHOD_FIRSTFAIL && p.found.size > 1)
        {
            sorted_n = n;
            qsort(p.found.cols, p.found.size, (size_t)n * sizeof(int), compare_boards);
        }
        if (expected.size)
            assert_memory_equal(p.found.cols, expected.cols, expected.size * (size_t)n * sizeof(int));
        if (p.nodes > most)
            fail_msg("n=%d: %s placed %llu queens, backtracking %llu", n, nq_method_key(m),
                     (unsigned long long)p.nodes, (unsigned long long)most);
        free(p.found.cols);
    }
    free(expected.cols);
}

static void test_propagation_finds_brute_force_solutions(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        brute_list all = brute_solutions(n);
        check_propagation(&all, n, NULL);
        for (int sq = 0; sq < n * n; sq++)
            check_propagation(&all, n, &(nq_square){sq % n, sq / n});
        brute_free(&all);
    }
}

/* Forward checking's first steps on the 4 x 4 board: a queen, then a crossing off per row below. */
static void test_forward_checking_of_four(void **state)
{
    (void)state;
    nq_plan plan = nq_plan_make(4, NULL, NQ_METHOD_FORWARD);
    nq_trace t;
    nq_trace_start(&t, &plan);
    nq_step step;
    static const struct {
        int kind, row;
        uint64_t squares;
    } expected[] = {
        {NQ_STEP_PLACE, 0, 0},      {NQ_STEP_CROSS, 1, 0x3},   {NQ_STEP_CROSS, 2, 0x5}, {NQ_STEP_CROSS, 3, 0x9},
        {NQ_STEP_PLACE, 1, 0},      {NQ_STEP_CROSS, 2, 0xa},   {NQ_STEP_WIPE_OUT, 2, 0}, {NQ_STEP_REMOVE, 1, 0},
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        assert_true(nq_trace_next(&t, &step));
        assert_int_equal(step.kind, expected[i].kind);
        assert_int_equal(step.row, expected[i].row);
        if (step.kind == NQ_STEP_CROSS)
            assert_int_equal(step.squares, expected[i].squares);
    }
}

/* Min-conflicts: its result verifies, its moves are counted, the same seed replays the same steps,
 * another seed another run; 2 x 2 and 3 x 3 boards use the budget up and say so. */
/* Backtracking resumed at a board it reached by placing a queen (nq_trace_resume) takes the same
 * steps from there as the search that reached it (the next 400 of them, or to its end); resumed
 * at the start it is the search from the start. Every N from 4 to 8, without a pin and with each
 * square of the top row pinned. */
static void test_resume_takes_the_same_steps(void **state)
{
    (void)state;
    for (int n = 4; n <= 8; n++) {
        for (int pin = -1; pin < n; pin++) {
            nq_square first = {pin, 0};
            const nq_square *p = pin >= 0 ? &first : NULL;
            nq_trace t, resumed;
            nq_trace_init(&t, n, p);
            nq_step step;
            uint64_t positions = 0;
            for (bool placed = true; placed; positions++) {
                nq_trace_resume(&resumed, n, t.cols, p);
                nq_trace follow = t;
                nq_step a, b;
                for (int i = 0; i < 400 && nq_trace_next(&follow, &a); i++) {
                    assert_true(nq_trace_next(&resumed, &b));
                    if (a.kind != b.kind || a.row != b.row || a.column != b.column || a.by_row != b.by_row ||
                        a.by_column != b.by_column || a.line != b.line)
                        fail_msg("n %d, pin %d, position %llu: the search goes on with step %d at row %d, column %d; "
                                 "resumed, with step %d at row %d, column %d",
                                 n, pin + 1, (unsigned long long)positions, a.kind, a.row + 1, a.column + 1, b.kind,
                                 b.row + 1, b.column + 1);
                }
                placed = false;
                while (!placed && nq_trace_next(&t, &step))
                    placed = step.kind == NQ_STEP_PLACE;
            }
            assert_true(positions > 1);
        }
    }
}

static void test_min_conflicts(void **state)
{
    (void)state;
    for (int n = 1; n <= 24; n++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            nq_plan plan = nq_plan_make(n, NULL, NQ_METHOD_MINCONFLICTS);
            plan.seed = seed;
            plan.budget = 2000;
            nq_trace a, b;
            nq_trace_start(&a, &plan);
            nq_trace_start(&b, &plan);
            nq_step sa, sb;
            uint64_t moves = 0;
            while (nq_trace_next(&a, &sa)) {
                assert_true(nq_trace_next(&b, &sb));
                assert_memory_equal(&sa, &sb, sizeof sa);
                moves += sa.kind == NQ_STEP_MOVE;
                if (sa.kind == NQ_STEP_MOVE)
                    assert_int_not_equal(sa.column, sa.by_column);
            }
            assert_false(nq_trace_next(&b, &sb));
            assert_int_equal(a.moves, moves);
            if (n == 2 || n == 3) {
                assert_true(nq_trace_gave_up(&a));
                assert_int_equal(a.moves, 2000);
                assert_int_equal(a.solutions, 0);
            } else if (!nq_trace_gave_up(&a)) {
                assert_int_equal(a.solutions, 1);
                assert_true(nq_verify(n, a.cols, NULL, NULL));
            }
        }
    }
    /* A pinned queen stays where it is. */
    nq_square pin = {2, 5};
    nq_plan plan = nq_plan_make(12, &pin, NQ_METHOD_MINCONFLICTS);
    nq_trace t;
    nq_trace_start(&t, &plan);
    nq_step step;
    while (nq_trace_next(&t, &step))
        assert_true(step.kind != NQ_STEP_MOVE || step.row != pin.row);
    assert_int_equal(t.cols[pin.row], pin.column);
    assert_int_equal(t.solutions, 1);
    assert_true(nq_verify(12, t.cols, &pin, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_without_first_queen),
        cmocka_unit_test(test_replay_with_first_queen_on_every_square),
        cmocka_unit_test(test_first_steps_of_four),
        cmocka_unit_test(test_propagation_finds_brute_force_solutions),
        cmocka_unit_test(test_forward_checking_of_four),
        cmocka_unit_test(test_min_conflicts),
        cmocka_unit_test(test_resume_takes_the_same_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
