/*
 * test_legend.c -- the key to the board's marks (legend.c, draw_legend.c) and the board it
 * explains, drawn with SDL's dummy driver and read back:
 *   - step by step through watched searches of every method, a mark is in the key exactly when its
 *     colour is on the board (the attacked fill, the step's gold, the red of a rejection, a dead
 *     end or a wipe-out, the crosses, the conflict numbers), and the key draws each swatch;
 *   - the square under the pointer repaints no square: it is outlined, with thin lines, in the
 *     pointer's colour, and the key says what that is;
 *   - the first start's welcome: the rule and what to do, gone at the first action, kept through
 *     a switch of language;
 *   - your turn: the learner's board, its refusal, stuck row, hint and solved board, against the key.
 */
#include "model_fixture.h"

#include "fonts.h"
#include "layout.h"
#include "legend.h"
#include "palette.h"
#include "render.h"
#include "render_fixture.h"

enum { W = 1200, H = 800 };


static int setup(void **state)
{
    (void)state;
    return render_open(W, H);
}

static int teardown(void **state)
{
    (void)state;
    return render_close();
}

/* Draws the window and reads it back. */
static ui_layout draw(const fixture *f)
{
    ui_layout l = ui_layout_compute(W, H, f->ex.n, ex_tree_shown(&f->ex), 1);
    ui_render(renderer, &assets, &l, &f->ex, f->now, UI_FRAME_WINDOW);
    assert_true(render_read());
    return l;
}

/* Pixels of colour c in r. */
static int count_in(ui_rect r, SDL_Color c)
{
    int count = 0;
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++)
            count += render_same(render_pixel(x, y), c);
    return count;
}

/* Square centres of colour c on the board. */
static int centres_of(const ui_layout *l, SDL_Color c)
{
    int count = 0;
    for (int row = 0; row < l->n; row++)
        for (int col = 0; col < l->n; col++) {
            ui_rect s = ui_layout_square(l, (nq_square){col, row});
            count += render_same(render_pixel(s.x + s.w / 2, s.y + s.h / 2), c);
        }
    return count;
}

static bool has(uint32_t set, ex_mark m)
{
    return set >> m & 1;
}

/* The colours of the board against the key: what is drawn is listed, and nothing else. */
static void check_board_against_key(const fixture *f, uint64_t step)
{
    const ui_palette *p = ui_palette_of(f->ex.theme);
    ui_layout l = draw(f);
    uint32_t key = ex_legend(&f->ex, f->now);
    struct {
        const char *what;
        bool drawn, listed;
    } pairs[] = {
        {"attacked fill", centres_of(&l, p->attacked) > 0, has(key, EX_MARK_ATTACKED)},
        {"the step's gold", count_in(l.board, p->tried) > 0,
         has(key, EX_MARK_TRYING) || has(key, EX_MARK_JUST_PLACED) || has(key, EX_MARK_CHOSEN_ROW) ||
             has(key, EX_MARK_MOVED) || has(key, EX_MARK_HINT)},
        {"red of a failure", count_in(l.board, p->reject) > 0,
         has(key, EX_MARK_REJECTED) || has(key, EX_MARK_DEAD_END) || has(key, EX_MARK_CROSSING) ||
             has(key, EX_MARK_WIPE_OUT) || has(key, EX_MARK_TO_MOVE)},
        {"crosses", count_in(l.board, p->crossed) > 0, has(key, EX_MARK_CROSSED)},
        {"conflicts", count_in(l.board, p->conflict) > 0,
         has(key, EX_MARK_ATTACK_COUNT) || has(key, EX_MARK_IN_CONFLICT)},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (pairs[i].drawn != pairs[i].listed)
            fail_msg("method %d, step %llu (kind %d, shown %d): the %s is %s the board but %s the key", f->ex.method,
                     (unsigned long long)step, f->ex.has_step ? f->ex.step.kind : -1, ex_showing(&f->ex),
                     pairs[i].what, pairs[i].drawn ? "on" : "not on", pairs[i].listed ? "in" : "not in");
    /* The key draws a swatch for the fill and the failure's red when it lists them. */
    if (has(key, EX_MARK_ATTACKED) && count_in(l.legend, p->attacked) == 0)
        fail_msg("step %llu: the key lists the attacked squares but draws no swatch", (unsigned long long)step);
    if ((has(key, EX_MARK_REJECTED) || has(key, EX_MARK_DEAD_END)) && count_in(l.legend, p->reject) == 0)
        fail_msg("step %llu: the key lists a failure but draws no red swatch", (unsigned long long)step);
}

/* Steps through a watched search of n with method, paused, checking each step. */
static void walk(nq_method method, int n, int steps)
{
    fixture f;
    start(&f, n, NULL, EX_WATCH, 5);
    ex_set_method(&f.ex, method, f.now);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now); /* paused */
    frame(&f, 0.01);
    for (int i = 0; i < steps && f.ex.state == EX_SEARCHING; i++) {
        ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
        frame(&f, 0.01);
        if (f.ex.has_step && f.ex.step.kind == NQ_STEP_SOLUTION && !has(ex_legend(&f.ex, f.now), EX_MARK_SOLUTION))
            fail_msg("step %llu: a solution found, and the key does not say so", (unsigned long long)f.ex.cursor);
        frame(&f, 0.5); /* past a solution's flash, which tints every colour */
        check_board_against_key(&f, f.ex.cursor);
    }
    finish(&f);
}

static void test_backtracking_key(void **state)
{
    (void)state;
    walk(NQ_METHOD_BACKTRACK, 5, 120);
}

static void test_forward_checking_key(void **state)
{
    (void)state;
    walk(NQ_METHOD_FORWARD, 6, 120);
}

static void test_first_fail_key(void **state)
{
    (void)state;
    walk(NQ_METHOD_FIRSTFAIL, 6, 120);
}

static void test_min_conflicts_key(void **state)
{
    (void)state;
    walk(NQ_METHOD_MINCONFLICTS, 8, 40);
}

/* The pointer over an empty square repaints none: every square's corner keeps its colour, the
 * square is outlined in the pointer's colour, and the key says so. */
static void test_the_pointer_keeps_the_colours(void **state)
{
    (void)state;
    fixture f;
    start(&f, 8, NULL, EX_WATCH, 5);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    frame(&f, 0.01);
    for (int i = 0; i < 3; i++) { /* two queens and a try */
        ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
        frame(&f, 0.5);
    }
    ui_layout l = draw(&f);
    SDL_Color before[8][8];
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++) {
            ui_rect s = ui_layout_square(&l, (nq_square){col, row});
            before[row][col] = render_pixel(s.x + s.w * 3 / 8, s.y + s.h / 8); /* off every line of the pointer */
        }
    assert_false(has(ex_legend(&f.ex, f.now), EX_MARK_POINTER));
    nq_square at = {4, 5};
    ex_hover(&f.ex, true, at);
    l = draw(&f);
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++) {
            if (row == at.row && col == at.column)
                continue;
            ui_rect s = ui_layout_square(&l, (nq_square){col, row});
            SDL_Color c = render_pixel(s.x + s.w * 3 / 8, s.y + s.h / 8);
            if (!render_same(c, before[row][col]))
                fail_msg("column %d, row %d changed under the pointer: %d,%d,%d, was %d,%d,%d", col + 1, row + 1, c.r,
                         c.g, c.b, before[row][col].r, before[row][col].g, before[row][col].b);
        }
    const ui_palette *p = ui_palette_of(f.ex.theme);
    ui_rect sq = ui_layout_square(&l, at);
    assert_true(render_same(render_pixel(sq.x, sq.y + sq.h / 3), p->hover));
    assert_true(has(ex_legend(&f.ex, f.now), EX_MARK_POINTER));
    assert_true(count_in(l.legend, p->hover) > 0);
    finish(&f);
}

/* Your turn: the learner's board against its key at each stage (queens and what they attack, a
 * refusal, a stuck row, the hint), and a solved board in the solution's colour, in the dark and
 * light themes (the high-contrast one gives a failure's red to min-conflicts' numbers too, so the
 * colours alone cannot tell those two marks apart there). */
static void test_your_turn_key(void **state)
{
    (void)state;
    for (int theme = EX_THEME_DARK; theme <= EX_THEME_LIGHT; theme++) {
        fixture f;
        start(&f, 6, NULL, EX_WATCH, 5);
        ex_set_theme(&f.ex, (ex_theme)theme, true);
        ex_act(&f.ex, EX_ACT_YOUR_TURN, 0, f.now);
        check_board_against_key(&f, 0);
        const int clicks[][2] = {{1, 0}, {3, 1}, {2, 2}, {0, 2}, {2, 3}, {4, 4}};
        for (size_t i = 0; i < sizeof clicks / sizeof clicks[0]; i++) {
            ex_click(&f.ex, (nq_square){clicks[i][0], clicks[i][1]}, f.now);
            check_board_against_key(&f, i + 1);
        }
        uint32_t key = ex_legend(&f.ex, f.now);
        assert_true(has(key, EX_MARK_DEAD_END));
        ex_act(&f.ex, EX_ACT_HINT, 0, f.now);
        check_board_against_key(&f, 7);
        assert_true(has(ex_legend(&f.ex, f.now), EX_MARK_HINT));
        ui_layout l = draw(&f);
        assert_true(count_in(l.legend, ui_palette_of(f.ex.theme)->tried) > 0);
        for (int i = 0; i < 5; i++)
            ex_act(&f.ex, EX_ACT_UNDO, 0, f.now);
        const int solution[] = {1, 3, 5, 0, 2, 4};
        for (int row = 0; row < 6; row++)
            ex_click(&f.ex, (nq_square){solution[row], row}, f.now);
        key = ex_legend(&f.ex, f.now);
        assert_true(has(key, EX_MARK_SOLUTION));
        check_board_against_key(&f, 8);
        l = draw(&f);
        const ui_palette *p = ui_palette_of(f.ex.theme);
        assert_true(count_in(l.board, p->flash_mark) > 0);
        assert_true(count_in(l.legend, p->flash_mark) > 0);
        finish(&f);
    }
}

/* A first start says the rule and what to do while the watch waits at its start; a language
 * switch keeps it, the first action ends it. */
static void test_the_welcome(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 5);
    ex_welcome(&f.ex, f.now);
    frame(&f, 1);
    static ex_panel panel;
    ex_panel_make(&f.ex, f.now, &panel);
    assert_int_equal(ex_run_phase(&f.ex), EX_PHASE_PAUSED);
    assert_int_equal(f.ex.cursor, 0);
    assert_string_equal(panel.text[EX_LINE_NARRATION],
                        "Place 6 queens on the 6 x 6 board so that no two queens share a row, a column or a diagonal.");
    assert_notice_line(&f, "Click a square to pin the first queen there, or press Space to start the search.");
    ex_act(&f.ex, EX_ACT_THEME, 0, f.now);
    assert_true(ex_welcoming(&f.ex));
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    frame(&f, 1);
    assert_false(ex_welcoming(&f.ex));
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now); /* paused again, past the start: the welcome stays gone */
    ex_act(&f.ex, EX_ACT_RESTART, 0, f.now);
    frame(&f, 0.01);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    assert_false(ex_welcoming(&f.ex));
    ex_panel_make(&f.ex, f.now, &panel);
    if (strstr(panel.text[EX_LINE_NARRATION], "Place 6 queens"))
        fail_msg("the rule outlived the first action: '%s'", panel.text[EX_LINE_NARRATION]);
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_backtracking_key),          cmocka_unit_test(test_forward_checking_key),
        cmocka_unit_test(test_first_fail_key),            cmocka_unit_test(test_min_conflicts_key),
        cmocka_unit_test(test_the_pointer_keeps_the_colours), cmocka_unit_test(test_the_welcome),
        cmocka_unit_test(test_your_turn_key),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
