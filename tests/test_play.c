/*
 * test_play.c -- your turn (play.c) on the scripted solver (model_fixture.h), against oracles of
 * its own: a refused click names the queen that attacks the square (nq_board_attacked_in_row of
 * that one queen, and no queen above it does), a stuck row is one a plain attack check finds full,
 * the hint is what the backtracking trace does next from that board (positions the trace itself
 * reaches, and random boards of the learner's own), a full board's number is its place in
 * nq_enum's order and in brute force's (the order `nqueens-cli list` prints), its class is
 * nq_symmetry_variants' count, undo and redo go back and forth through every board, and the keys
 * outside the range or outside your turn are refused with what to do, and the search's figures
 * are put away while it is on. Random cases print their seed (NQ_SEED=S replays one).
 */
#include "model_fixture.h"

#include "brute.h"
#include "legend.h"
#include "nq/enumerate.h"
#include "nq/symmetry.h"

static uint64_t rng;

static int pick(int below)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (int)(rng % (uint64_t)below);
}

/* The seeds a test runs: NQ_SEED alone, or count of them from 1. */
static int seeds(uint64_t *list, int count)
{
    const char *one = getenv("NQ_SEED");
    if (one) {
        list[0] = strtoull(one, NULL, 10);
        return 1;
    }
    for (int i = 0; i < count; i++)
        list[i] = (uint64_t)i + 1;
    return count;
}

/* Starts the random sequence of seed s, printed (shown with a failure). */
static void seed(uint64_t s)
{
    print_message("seed %llu (NQ_SEED=%llu replays it)\n", (unsigned long long)s, (unsigned long long)s);
    rng = s * 2654435761u + 88172645463325252ull;
}

/* Whether the queen at (qc, qr) attacks square (c, r), by hand. */
static bool hand_attacks(int qc, int qr, int c, int r)
{
    if (qc == c && qr == r)
        return false;
    return qc == c || qr == r || qc - c == qr - r || qc - c == r - qr;
}

static void enter(fixture *f)
{
    ex_act(&f->ex, EX_ACT_YOUR_TURN, 0, f->now);
    assert_true(ex_play_on(&f->ex));
}

/* The panel's narration now. */
static const char *narration(fixture *f)
{
    static ex_panel panel;
    ex_panel_make(&f->ex, f->now, &panel);
    return panel.text[EX_LINE_NARRATION];
}

/* Takes every queen the learner placed back, by clicks. */
static void clear_board(fixture *f)
{
    const int *cols = ex_play_queens(&f->ex, NULL);
    for (int r = 0; r < f->ex.n; r++)
        if (cols[r] >= 0 && !(f->ex.has_first && r == f->ex.first.row))
            ex_click(&f->ex, (nq_square){cols[r], r}, f->now);
}

/* What Ctrl+C copies during your turn: the learner's board, headed by its number once solved (k),
 * else as "Your board (not a solution yet)" (k 0). */
static void check_copied(fixture *f, const int *cols, uint64_t k)
{
    char *want = NULL, *got = ex_board_text(&f->ex);
    size_t size = 0;
    FILE *out = open_memstream(&want, &size);
    assert_non_null(out);
    if (k)
        fprintf(out, "Solution %llu:\n", (unsigned long long)k);
    else
        fprintf(out, "Your board (not a solution yet):\n");
    nq_board_write(out, f->ex.n, cols);
    fclose(out);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
    free(want);
}

/* A refusal names the topmost attacker after the row's own queen, and says so. */
static void test_refusals_name_the_attacker(void **state)
{
    (void)state;
    uint64_t list[40];
    int count = seeds(list, 40);
    for (int i = 0; i < count; i++) {
        seed(list[i]);
        fixture f;
        int n = 4 + pick(9);
        start(&f, n, NULL, EX_WATCH, 5);
        enter(&f);
        for (int click = 0; click < 60; click++) {
            nq_square sq = {pick(n), pick(n)};
            int before[EX_PLAY_MAX_N];
            memcpy(before, ex_play_queens(&f.ex, NULL), sizeof before);
            ex_click(&f.ex, sq, f.now);
            ex_play_action last = ex_play_last(&f.ex);
            bool attacked = false;
            for (int r = 0; r < n; r++)
                attacked |= before[r] >= 0 && hand_attacks(before[r], r, sq.column, sq.row);
            if (before[sq.row] == sq.column) {
                assert_int_equal(last.did, EX_PLAY_REMOVED);
                continue;
            }
            if (!attacked) {
                if (last.did != EX_PLAY_PLACED)
                    fail_msg("seed %llu: row %d, column %d is free and was not placed (did %d)",
                             (unsigned long long)list[i], sq.row + 1, sq.column + 1, last.did);
                continue;
            }
            if (last.did != EX_PLAY_REFUSED)
                fail_msg("seed %llu: row %d, column %d is attacked and was not refused (did %d)",
                         (unsigned long long)list[i], sq.row + 1, sq.column + 1, last.did);
            int alone[EX_PLAY_MAX_N];
            for (int r = 0; r < n; r++)
                alone[r] = r == last.by.row ? before[r] : -1;
            assert_int_equal(before[last.by.row], last.by.column);
            assert_true(nq_board_attacked_in_row(n, alone, sq.row) >> sq.column & 1);
            if (before[sq.row] >= 0) {
                assert_int_equal(last.by.row, sq.row);
                assert_int_equal(last.line, NQ_LINE_ROW);
            } else {
                for (int r = 0; r < last.by.row; r++)
                    if (before[r] >= 0 && hand_attacks(before[r], r, sq.column, sq.row))
                        fail_msg("seed %llu: row %d's queen attacks row %d, column %d before row %d's",
                                 (unsigned long long)list[i], r + 1, sq.row + 1, sq.column + 1, last.by.row + 1);
            }
            assert_memory_equal(ex_play_queens(&f.ex, NULL), before, (size_t)n * sizeof(int));
            char line[64];
            snprintf(line, sizeof line, "play refused %d %d by %d %d\n", sq.column + 1, sq.row + 1,
                     last.by.column + 1, last.by.row + 1);
            assert_traced(&f, line);
        }
        finish(&f);
    }
    fixture f;
    start(&f, 4, NULL, EX_WATCH, 5);
    enter(&f);
    ex_click(&f.ex, (nq_square){3, 0}, f.now);
    ex_click(&f.ex, (nq_square){1, 2}, f.now);
    assert_string_equal(narration(&f), "Row 3, column 2 is attacked along the diagonal down to the left by the queen "
                                       "at row 1, column 4.");
    assert_true(ex_legend(&f.ex, f.now) >> EX_MARK_REJECTED & 1);
    ex_click(&f.ex, (nq_square){1, 0}, f.now);
    assert_string_equal(narration(&f), "Row 1, column 2 is attacked along the row by the queen at row 1, column 4: "
                                       "one queen a row. Click that queen to take it back first.");
    finish(&f);
}

/* A row without a queen whose every square is attacked is stuck, said and traced. */
static void test_stuck_rows(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 5);
    enter(&f);
    const int clicks[][2] = {{1, 0}, {3, 1}, {0, 2}, {2, 3}, {4, 4}};
    for (size_t i = 0; i < sizeof clicks / sizeof clicks[0]; i++)
        ex_click(&f.ex, (nq_square){clicks[i][0], clicks[i][1]}, f.now);
    assert_int_equal(ex_play_stuck_rows(&f.ex), 1u << 5);
    assert_string_equal(narration(&f), "Row 6 has no free square: take a queen back.");
    assert_traced(&f, "play stuck 6\n");
    assert_true(ex_legend(&f.ex, f.now) >> EX_MARK_DEAD_END & 1);
    ex_act(&f.ex, EX_ACT_UNDO, 0, f.now);
    assert_int_equal(ex_play_stuck_rows(&f.ex), 0);
    assert_false(ex_legend(&f.ex, f.now) >> EX_MARK_DEAD_END & 1);
    finish(&f);
    uint64_t list[30];
    int count = seeds(list, 30);
    for (int i = 0; i < count; i++) {
        seed(list[i]);
        int n = 4 + pick(9);
        start(&f, n, NULL, EX_WATCH, 5);
        enter(&f);
        for (int click = 0; click < 40; click++) {
            ex_click(&f.ex, (nq_square){pick(n), pick(n)}, f.now);
            const int *cols = ex_play_queens(&f.ex, NULL);
            uint64_t want = 0;
            for (int r = 0; r < n; r++) {
                bool all = cols[r] < 0;
                for (int c = 0; c < n && all; c++) {
                    bool hit = false;
                    for (int q = 0; q < n; q++)
                        hit |= cols[q] >= 0 && hand_attacks(cols[q], q, c, r);
                    all = hit;
                }
                want |= (uint64_t)all << r;
            }
            if (ex_play_stuck_rows(&f.ex) != want)
                fail_msg("seed %llu: stuck rows %llx, by hand %llx", (unsigned long long)list[i],
                         (unsigned long long)ex_play_stuck_rows(&f.ex), (unsigned long long)want);
        }
        finish(&f);
    }
}

/* The hint of the board shown against the steps t takes next (t a copy: it is left as it was). */
static void check_hint(fixture *f, nq_trace t, uint64_t s)
{
    nq_step step;
    ex_play_hint h = ex_play_hint_now(&f->ex);
    int tries = 0;
    while (nq_trace_next(&t, &step)) {
        if (step.kind == NQ_STEP_REJECT)
            tries++;
        if (step.kind == NQ_STEP_PLACE || step.kind == NQ_STEP_REMOVE) {
            ex_play_hint_kind want = step.kind == NQ_STEP_PLACE ? EX_HINT_PLACE : EX_HINT_REMOVE;
            if (h.kind != want || h.square.column != step.column || h.square.row != step.row)
                fail_msg("seed %llu, n %d: the hint is %d at row %d, column %d; the trace does %d at row %d, "
                         "column %d",
                         (unsigned long long)s, f->ex.n, h.kind, h.square.row + 1, h.square.column + 1, want,
                         step.row + 1, step.column + 1);
            if (want == EX_HINT_PLACE)
                assert_int_equal(h.rejected, tries);
            break;
        }
        if (step.kind == NQ_STEP_DONE || step.kind == NQ_STEP_SOLUTION) {
            assert_int_equal(h.kind, step.kind == NQ_STEP_DONE ? EX_HINT_NONE : EX_HINT_SOLVED);
            break;
        }
    }
    ex_act(&f->ex, EX_ACT_HINT, 0, f->now);
    assert_int_equal(ex_play_last(&f->ex).did, EX_PLAY_HINTED);
    if (h.kind != EX_HINT_SOLVED && strncmp(narration(f), "Hint: ", 6) != 0) /* solved: it says so */
        fail_msg("seed %llu: the narration after I is '%s'", (unsigned long long)s, narration(f));
}

/* From every position the trace reaches by placing a queen (random ones of them), the hint is the
 * trace's next placement or take-back. */
static void test_hints_follow_the_trace(void **state)
{
    (void)state;
    uint64_t list[24];
    int count = seeds(list, 24);
    for (int i = 0; i < count; i++) {
        seed(list[i]);
        int n = 4 + pick(6);
        nq_square pin = {pick(n), pick(n)};
        bool pinned = pick(2);
        fixture f;
        start(&f, n, pinned ? &pin : NULL, EX_WATCH, 5);
        enter(&f);
        nq_trace t;
        nq_trace_init(&t, n, pinned ? &pin : NULL);
        check_hint(&f, t, list[i]);
        nq_step step;
        int checked = 0;
        while (nq_trace_next(&t, &step) && checked < 25) {
            if (step.kind != NQ_STEP_PLACE || pick(3))
                continue;
            clear_board(&f);
            for (int r = 0; r < n; r++)
                if (t.cols[r] >= 0 && !(pinned && r == pin.row))
                    ex_click(&f.ex, (nq_square){t.cols[r], r}, f.now);
            assert_memory_equal(ex_play_queens(&f.ex, NULL), t.cols, (size_t)n * sizeof(int));
            check_hint(&f, t, list[i]);
            checked++;
        }
        finish(&f);
    }
}

/* On boards of the learner's own (queens in any rows), the hint keeps backtracking's rule: the
 * topmost row without a queen, its leftmost free square after the attacked ones; a full row's
 * take-back is the queen of the row above it. */
static void test_hints_on_any_board(void **state)
{
    (void)state;
    uint64_t list[40];
    int count = seeds(list, 40);
    for (int i = 0; i < count; i++) {
        seed(list[i]);
        int n = 4 + pick(9);
        fixture f;
        start(&f, n, NULL, EX_WATCH, 5);
        enter(&f);
        for (int click = 0; click < 12; click++)
            ex_click(&f.ex, (nq_square){pick(n), pick(n)}, f.now);
        const int *cols = ex_play_queens(&f.ex, NULL);
        int row = 0;
        while (row < n && cols[row] >= 0)
            row++;
        ex_play_hint h = ex_play_hint_now(&f.ex);
        if (row == n) {
            assert_int_equal(h.kind, EX_HINT_SOLVED);
        } else if (h.kind == EX_HINT_PLACE) {
            assert_int_equal(h.square.row, row);
            uint64_t attacked = nq_board_attacked_in_row(n, cols, row);
            assert_false(attacked >> h.square.column & 1);
            assert_int_equal(attacked & ((1ull << h.square.column) - 1), (1ull << h.square.column) - 1);
            assert_int_equal(h.rejected, h.square.column);
        } else {
            assert_true(ex_play_stuck_rows(&f.ex) >> row & 1);
            assert_int_equal(h.row, row);
            if (row == 0) {
                assert_int_equal(h.kind, EX_HINT_NONE);
            } else {
                assert_int_equal(h.kind, EX_HINT_REMOVE);
                assert_int_equal(h.square.row, row - 1);
                assert_int_equal(h.square.column, cols[row - 1]);
            }
        }
        finish(&f);
    }
    fixture f; /* row 1 attacked whole by queens below it: nothing above to take back */
    start(&f, 5, NULL, EX_WATCH, 5);
    enter(&f);
    ex_click(&f.ex, (nq_square){2, 1}, f.now);
    ex_click(&f.ex, (nq_square){0, 2}, f.now);
    ex_click(&f.ex, (nq_square){4, 4}, f.now);
    assert_int_equal(ex_play_hint_now(&f.ex).kind, EX_HINT_NONE);
    ex_act(&f.ex, EX_ACT_HINT, 0, f.now);
    assert_traced(&f, "play hint none 1\n");
    finish(&f);
}

/* Every solution of N = 6, and of N = 8 with a pin, placed by clicks in a random row order: its
 * number is its place in nq_enum's order and brute force's, traced; its class is its variants'. */
static void test_solved_boards_are_numbered(void **state)
{
    (void)state;
    seed(7);
    const struct {
        int n;
        bool pinned;
        nq_square pin;
    } boards[] = {{6, false, {0, 0}}, {8, true, {2, 3}}, {4, false, {0, 0}}, {7, true, {0, 0}},
                   {4, true, {0, 1}}};
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        int n = boards[b].n;
        const nq_square *pin = boards[b].pinned ? &boards[b].pin : NULL;
        brute_list all = brute_solutions(n);
        uint64_t total = 0;
        for (size_t i = 0; i < all.size; i++)
            total += !pin || brute_has(&all, i, *pin);
        nq_enum e;
        nq_enum_init(&e, n, pin);
        int cols[NQ_MAX_N];
        fixture f;
        start(&f, n, pin, EX_SOLVE, 5);
        enter(&f);
        uint64_t k = 0;
        size_t at = 0;
        while (nq_enum_next(&e, cols)) {
            k++;
            while (pin && !brute_has(&all, at, *pin))
                at++;
            assert_memory_equal(brute_at(&all, at), cols, (size_t)n * sizeof(int));
            at++;
            clear_board(&f);
            int pinned_only[NQ_MAX_N];
            for (int r = 0; r < n; r++)
                pinned_only[r] = pin && r == pin->row ? pin->column : -1;
            check_copied(&f, pinned_only, 0);
            int order[NQ_MAX_N];
            for (int r = 0; r < n; r++)
                order[r] = r;
            for (int r = n - 1; r > 0; r--) {
                int j = pick(r + 1), swap = order[r];
                order[r] = order[j];
                order[j] = swap;
            }
            for (int r = 0; r < n; r++)
                if (!(pin && order[r] == pin->row))
                    ex_click(&f.ex, (nq_square){cols[order[r]], order[r]}, f.now);
            uint64_t rank = 0;
            assert_true(ex_play_solved(&f.ex, &rank));
            assert_int_equal(rank, k);
            check_copied(&f, cols, k);
            char line[64], said[200];
            snprintf(line, sizeof line, "play solved %llu\n", (unsigned long long)k);
            assert_traced(&f, line);
            if (pin && total == 1)
                snprintf(said, sizeof said, "Solved! No two queens attack each other: this is the only solution that "
                                            "holds the pinned queen.");
            else if (pin)
                snprintf(said, sizeof said,
                         "Solved! No two queens attack each other: this is solution %llu of the %llu that hold the "
                         "pinned queen, in lexicographic order.",
                         (unsigned long long)k, (unsigned long long)total);
            else
                snprintf(said, sizeof said,
                         "Solved! No two queens attack each other: this is solution %llu of %llu in lexicographic "
                         "order.",
                         (unsigned long long)k, (unsigned long long)total);
            assert_string_equal(narration(&f), said);
            int variants[8 * NQ_MAX_N];
            char size[32];
            snprintf(size, sizeof size, "make %d board", nq_symmetry_variants(n, cols, variants));
            static ex_panel panel;
            ex_panel_make(&f.ex, f.now, &panel);
            if (!panel.has[EX_LINE_ABOUT] || !strstr(panel.text[EX_LINE_ABOUT], size))
                fail_msg("n %d, solution %llu: the class line '%s' lacks '%s'", n, (unsigned long long)k,
                         panel.text[EX_LINE_ABOUT], size);
            assert_true(ex_legend(&f.ex, f.now) >> EX_MARK_SOLUTION & 1);
        }
        assert_int_equal(k, total);
        brute_free(&all);
        finish(&f);
    }
}

/* Undo goes back through every board to the empty one and redo forward again; a new move after
 * an undo forgets what was undone. */
static void test_undo_redo(void **state)
{
    (void)state;
    uint64_t list[20];
    int count = seeds(list, 20);
    for (int i = 0; i < count; i++) {
        seed(list[i]);
        int n = 4 + pick(9);
        fixture f;
        start(&f, n, NULL, EX_WATCH, 5);
        enter(&f);
        int boards[64][EX_PLAY_MAX_N], moves = 0;
        memcpy(boards[0], ex_play_queens(&f.ex, NULL), sizeof boards[0]);
        for (int click = 0; click < 200 && moves < 63; click++) {
            ex_click(&f.ex, (nq_square){pick(n), pick(n)}, f.now);
            ex_play_did did = ex_play_last(&f.ex).did;
            if (did == EX_PLAY_PLACED || did == EX_PLAY_REMOVED)
                memcpy(boards[++moves], ex_play_queens(&f.ex, NULL), sizeof boards[0]);
        }
        for (int m = moves; m > 0; m--) {
            ex_act(&f.ex, EX_ACT_UNDO, 0, f.now);
            if (memcmp(ex_play_queens(&f.ex, NULL), boards[m - 1], (size_t)n * sizeof(int)))
                fail_msg("seed %llu: undo %d did not give back board %d", (unsigned long long)list[i],
                         moves - m + 1, m - 1);
        }
        ex_act(&f.ex, EX_ACT_UNDO, 0, f.now);
        assert_notice_line(&f, "Nothing to undo.");
        for (int m = 1; m <= moves; m++) {
            ex_act(&f.ex, EX_ACT_REDO, 0, f.now);
            assert_memory_equal(ex_play_queens(&f.ex, NULL), boards[m], (size_t)n * sizeof(int));
        }
        ex_act(&f.ex, EX_ACT_REDO, 0, f.now);
        assert_notice_line(&f, "Nothing to redo.");
        if (moves > 0) {
            ex_act(&f.ex, EX_ACT_UNDO, 0, f.now);
            const int *cols = ex_play_queens(&f.ex, NULL);
            int row = 0;
            while (row < n && cols[row] < 0)
                row++;
            if (row < n) { /* a take-back: a new move */
                ex_click(&f.ex, (nq_square){cols[row], row}, f.now);
                ex_act(&f.ex, EX_ACT_REDO, 0, f.now);
                assert_notice_line(&f, "Nothing to redo.");
            }
        }
        finish(&f);
    }
}

/* Y outside N = 4..12 is refused with the range; Ctrl+Z, Ctrl+Y and I outside your turn say how
 * to start it; N taken out of the range ends it; an action of the search leaves it and Y comes
 * back to the same board; the pinned queen stays. */
static void test_keys_and_range(void **state)
{
    (void)state;
    fixture f;
    start(&f, 3, NULL, EX_WATCH, 5);
    ex_act(&f.ex, EX_ACT_YOUR_TURN, 0, f.now);
    assert_false(ex_play_on(&f.ex));
    assert_notice_line(&f, "Your turn is for N from 4 to 12: set N with + and - first.");
    ex_act(&f.ex, EX_ACT_HINT, 0, f.now);
    assert_notice_line(&f, "Undo (Ctrl+Z), redo (Ctrl+Y) and hints (I) are for your turn: Y starts it.");
    static ex_panel panel;
    ex_panel_make(&f.ex, f.now, &panel);
    assert_string_equal(panel.text[EX_LINE_FIRST], "No queen pinned yet: click a square.");
    ex_set_n(&f.ex, 12, f.now);
    enter(&f);
    assert_traced(&f, "play on\n");
    ex_panel_make(&f.ex, f.now, &panel); /* a click places a queen now: the line asks for none */
    assert_string_equal(panel.text[EX_LINE_FIRST], "No queen pinned.");
    assert_int_equal(ex_showing(&f.ex), EX_SHOWN_PLAY);
    assert_false(ex_tree_shown(&f.ex));
    /* the search's figures are put away; the solution line counts the queens */
    ex_panel_make(&f.ex, f.now, &panel);
    assert_false(panel.has[EX_LINE_SOLUTIONS]);
    assert_string_equal(panel.text[EX_LINE_SOLUTION], "Your turn: 0 of 12 queens");
    ex_click(&f.ex, (nq_square){4, 2}, f.now);
    assert_traced(&f, "play place 5 3\n");
    ex_act(&f.ex, EX_ACT_NEXT, 0, f.now); /* paging is the search's: your turn ends */
    assert_false(ex_play_on(&f.ex));
    assert_traced(&f, "play off\n");
    enter(&f);
    assert_int_equal(ex_play_queens(&f.ex, NULL)[2], 4);
    ex_act(&f.ex, EX_ACT_THEME, 0, f.now); /* the colours leave it on */
    assert_true(ex_play_on(&f.ex));
    ex_act(&f.ex, EX_ACT_N_UP, 0, f.now);
    assert_false(ex_play_on(&f.ex));
    assert_notice_line(&f, "Your turn is for N from 4 to 12: set N with + and - first.");
    finish(&f);
    nq_square pin = {1, 0};
    start(&f, 4, &pin, EX_WATCH, 5);
    enter(&f);
    assert_int_equal(ex_run_phase(&f.ex), EX_PHASE_PAUSED);
    ex_click(&f.ex, pin, f.now);
    assert_true(f.ex.has_first);
    assert_int_equal(ex_play_last(&f.ex).did, EX_PLAY_PINNED);
    assert_string_equal(narration(&f), "The pinned queen at row 1, column 2 stays while it is your turn: Y leaves "
                                       "it, and a click then lifts the pin.");
    ex_act(&f.ex, EX_ACT_ESCAPE, 0, f.now);
    assert_false(ex_play_on(&f.ex));
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals_name_the_attacker), cmocka_unit_test(test_stuck_rows),
        cmocka_unit_test(test_hints_follow_the_trace),     cmocka_unit_test(test_hints_on_any_board),
        cmocka_unit_test(test_solved_boards_are_numbered), cmocka_unit_test(test_undo_redo),
        cmocka_unit_test(test_keys_and_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
