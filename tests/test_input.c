/*
 * test_input.c -- the key table: every action a person can take has a help line, every key of
 * the help does what it says in its mode, the overlay's lines are the table's, and the key table
 * of docs/app.md is exactly the one the program would write. Needs SDL's headers, not a window.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "input.h"

static input key(ex_key_mode mode, SDL_Keycode sym, Uint16 mod)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = sym;
    e.key.keysym.mod = mod;
    input_pointer pointer = {0};
    ui_layout layout = ui_layout_compute(1200, 800, 8, false, 1);
    return input_translate(&e, mode, false, &layout, 1.0, &pointer);
}

static void test_every_action_has_a_help_line(void **state)
{
    (void)state;
    for (int a = 0; a < EX_ACTION_COUNT; a++) {
        const char *help = input_action_help((ex_action)a);
        if (!help || !help[0])
            fail_msg("action %d has no key with a help line", a);
    }
}

static void test_keys_do_what_the_help_says(void **state)
{
    (void)state;
    static const struct {
        ex_key_mode mode;
        SDL_Keycode sym;
        Uint16 mod;
        ex_action action;
        int value;
    } cases[] = {
        {EX_KEYS_NORMAL, SDLK_RIGHT, 0, EX_ACT_NEXT, 0},
        {EX_KEYS_NORMAL, SDLK_EQUALS, KMOD_LSHIFT, EX_ACT_N_UP, 0},
        {EX_KEYS_NORMAL, SDLK_KP_MINUS, 0, EX_ACT_N_DOWN, 0},
        {EX_KEYS_NORMAL, SDLK_q, 0, EX_ACT_PIN_KEYS, 0},
        {EX_KEYS_NORMAL, SDLK_q, KMOD_LCTRL, EX_ACT_QUIT, 0},
        {EX_KEYS_NORMAL, SDLK_SLASH, KMOD_RSHIFT, EX_ACT_HELP, 0},
        {EX_KEYS_NORMAL, SDLK_f, 0, EX_ACT_FIND, 0},
        {EX_KEYS_GOTO, SDLK_7, 0, EX_ACT_GOTO_DIGIT, 7},
        {EX_KEYS_GOTO, SDLK_KP_0, 0, EX_ACT_GOTO_DIGIT, 0},
        {EX_KEYS_GOTO, SDLK_KP_3, 0, EX_ACT_GOTO_DIGIT, 3},
        {EX_KEYS_GOTO, SDLK_KP_ENTER, 0, EX_ACT_GOTO_ENTER, 0},
        {EX_KEYS_GOTO, SDLK_s, KMOD_LCTRL, EX_ACT_SAVE, 0}, /* Ctrl keys work in every mode */
        {EX_KEYS_PIN, SDLK_UP, 0, EX_ACT_PIN_UP, 0},
        {EX_KEYS_PIN, SDLK_F1, 0, EX_ACT_HELP, 0}, /* and the help */
        {EX_KEYS_PIN, SDLK_ESCAPE, 0, EX_ACT_ESCAPE, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        input in = key(cases[i].mode, cases[i].sym, cases[i].mod);
        if (in.kind != INPUT_ACTION || in.action != cases[i].action || in.value != cases[i].value)
            fail_msg("case %zu (key %d in mode %d): kind %d action %d value %d, want action %d value %d", i,
                     (int)cases[i].sym, (int)cases[i].mode, (int)in.kind, (int)in.action, in.value,
                     (int)cases[i].action, cases[i].value);
    }
    /* Keys of another mode do nothing: G's digits are not live outside it, Right not inside it. */
    assert_int_equal(key(EX_KEYS_NORMAL, SDLK_7, 0).kind, INPUT_NONE);
    assert_int_equal(key(EX_KEYS_GOTO, SDLK_RIGHT, 0).kind, INPUT_NONE);
    assert_int_equal(key(EX_KEYS_GOTO, SDLK_f, 0).kind, INPUT_NONE); /* F is not Find while typing */
    assert_int_equal(key(EX_KEYS_NORMAL, SDLK_EQUALS, 0).kind, INPUT_NONE); /* = without Shift */
}

static void test_clicks_and_pointer(void **state)
{
    (void)state;
    ui_layout l = ui_layout_compute(1200, 800, 8, false, 1);
    input_pointer pointer = {0};
    ui_rect sq = ui_layout_square(&l, (nq_square){2, 5});
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = sq.x + 1;
    e.button.y = sq.y + 1;
    input in = input_translate(&e, EX_KEYS_NORMAL, false, &l, 1.0, &pointer);
    assert_int_equal(in.kind, INPUT_SQUARE);
    assert_int_equal(in.square.column, 2);
    assert_int_equal(in.square.row, 5);
    in = input_translate(&e, EX_KEYS_NORMAL, true, &l, 1.0, &pointer);
    assert_int_equal(in.kind, INPUT_ACTION); /* the help is up: the click closes it */
    assert_int_equal(in.action, EX_ACT_HELP);
    ui_rect next = l.buttons[UI_NEXT];
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.x = next.x + next.w / 2;
    e.button.y = next.y + next.h / 2;
    in = input_translate(&e, EX_KEYS_NORMAL, false, &l, 1.0, &pointer);
    assert_int_equal(in.action, EX_ACT_NEXT);

    /* A click on the timeline bar, then a drag along it while the button is held, then the button up. */
    ui_rect bar = l.timeline;
    e.button.x = bar.x + bar.w / 2;
    e.button.y = bar.y + bar.h / 2;
    in = input_translate(&e, EX_KEYS_NORMAL, false, &l, 1.0, &pointer);
    assert_int_equal(in.kind, INPUT_TIMELINE);
    assert_int_equal(in.value, bar.x + bar.w / 2);
    SDL_Event drag;
    SDL_zero(drag);
    drag.type = SDL_MOUSEMOTION;
    drag.motion.state = SDL_BUTTON_LMASK;
    drag.motion.x = bar.x + 10;
    drag.motion.y = bar.y - 40; /* off the bar: a drag goes on wherever the pointer goes */
    in = input_translate(&drag, EX_KEYS_NORMAL, false, &l, 1.0, &pointer);
    assert_int_equal(in.kind, INPUT_TIMELINE);
    assert_int_equal(in.value, bar.x + 10);
    SDL_Event up;
    SDL_zero(up);
    up.type = SDL_MOUSEBUTTONUP;
    up.button.button = SDL_BUTTON_LEFT;
    input_translate(&up, EX_KEYS_NORMAL, false, &l, 1.0, &pointer);
    in = input_translate(&drag, EX_KEYS_NORMAL, false, &l, 1.0, &pointer);
    assert_int_equal(in.kind, INPUT_NONE); /* the drag is over */

    /* The pointer is remembered in pixels, so a new layout finds its square again. */
    SDL_zero(e);
    e.type = SDL_MOUSEMOTION;
    int px = sq.x + sq.w / 2, py = sq.y + sq.h / 2;
    px -= px % 2; /* a whole window point at a scale of 2 */
    py -= py % 2;
    e.motion.x = px / 2;
    e.motion.y = py / 2;
    input_translate(&e, EX_KEYS_NORMAL, false, &l, 2.0, &pointer);
    nq_square s;
    assert_true(input_pointer_square(&pointer, &l, &s));
    assert_int_equal(s.column, 2);
    assert_int_equal(s.row, 5);
    ui_layout bigger = ui_layout_compute(1200, 800, 16, false, 1);
    nq_square want;
    assert_true(ui_layout_square_at(&bigger, px, py, &want));
    assert_true(input_pointer_square(&pointer, &bigger, &s));
    assert_int_equal(s.column, want.column);
    assert_int_equal(s.row, want.row);
    SDL_zero(e);
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_LEAVE;
    input_translate(&e, EX_KEYS_NORMAL, false, &l, 1.0, &pointer);
    assert_false(input_pointer_square(&pointer, &l, &s));
}

static void test_help_lines(void **state)
{
    (void)state;
    input_help_line lines[96];
    int count = input_help(lines, 96);
    assert_in_range(count, 20, 95);
    assert_string_equal(lines[0].keys, "Left / Right");
    assert_string_equal(lines[0].text, "previous / next solution (above N = 64: move the view)");
    bool plus = false, arrows = false;
    for (int i = 0; i < count; i++) {
        plus = plus || !strcmp(lines[i].keys, "+ / -");
        arrows = arrows || (!strcmp(lines[i].section, "After Q") && !strcmp(lines[i].keys, "arrow keys"));
    }
    assert_true(plus);
    assert_true(arrows);
}

/* The key table of docs/app.md is the one the program writes, between its two markers. */
static void test_doc_key_table_matches(void **state)
{
    (void)state;
    FILE *f = fopen(NQ_KEY_TABLE_DOC, "r");
    assert_non_null(f);
    static char doc[1 << 17];
    size_t len = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[len] = '\0';
    const char *begin = strstr(doc, "<!-- keys -->\n"), *end = strstr(doc, "<!-- /keys -->");
    assert_non_null(begin);
    assert_non_null(end);
    begin += strlen("<!-- keys -->\n");
    char *want = NULL;
    size_t want_size = 0;
    FILE *out = open_memstream(&want, &want_size);
    input_help_markdown(out);
    fclose(out);
    char *have = strndup(begin, (size_t)(end - begin));
    if (strcmp(have, want) != 0)
        fail_msg("%s: the key table differs from the program's; it should read:\n%s", NQ_KEY_TABLE_DOC, want);
    free(have);
    free(want);
}

/* On a high-DPI screen (2 pixels a point) the layout is in pixels and SDL's clicks in points: a
 * click in the middle of each square, each button and the timeline, given in points, lands on it. */
static void test_clicks_at_density_two(void **state)
{
    (void)state;
    ui_layout l = ui_layout_compute(2400, 1600, 8, false, 2);
    input_pointer pointer = {0};
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++) {
            ui_rect sq = ui_layout_square(&l, (nq_square){col, row});
            e.button.x = (sq.x + sq.w / 2) / 2;
            e.button.y = (sq.y + sq.h / 2) / 2;
            input in = input_translate(&e, EX_KEYS_NORMAL, false, &l, 2.0, &pointer);
            assert_int_equal(in.kind, INPUT_SQUARE);
            assert_int_equal(in.square.column, col);
            assert_int_equal(in.square.row, row);
        }
    static const ex_action actions[] = {[UI_N_PLUS] = EX_ACT_N_UP, [UI_NEXT] = EX_ACT_NEXT, [UI_PLAY] = EX_ACT_PLAY};
    static const ui_button buttons[] = {UI_N_PLUS, UI_NEXT, UI_PLAY};
    for (size_t b = 0; b < sizeof buttons / sizeof buttons[0]; b++) {
        ui_rect r = l.buttons[buttons[b]];
        e.button.x = (r.x + r.w / 2) / 2;
        e.button.y = (r.y + r.h / 2) / 2;
        input in = input_translate(&e, EX_KEYS_NORMAL, false, &l, 2.0, &pointer);
        assert_int_equal(in.kind, INPUT_ACTION);
        assert_int_equal(in.action, actions[buttons[b]]);
    }
    /* The layout at density 2 is the layout at 1, twice as large (to a pixel or two of rounding). */
    ui_layout one = ui_layout_compute(1200, 800, 8, false, 1);
    assert_in_range(l.board.w, 2 * one.board.w - 16, 2 * one.board.w + 16);
    assert_in_range(l.panel.w, 2 * one.panel.w - 2, 2 * one.panel.w + 2);
    assert_in_range(l.panel_font, 2 * one.panel_font - 2, 2 * one.panel_font + 2);
    assert_in_range(l.line_height, 2 * one.line_height - 2, 2 * one.line_height + 2);
    e.button.x = (l.timeline.x + l.timeline.w / 2) / 2;
    e.button.y = (l.timeline.y + l.timeline.h / 2) / 2;
    input in = input_translate(&e, EX_KEYS_NORMAL, false, &l, 2.0, &pointer);
    assert_int_equal(in.kind, INPUT_TIMELINE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_action_has_a_help_line),
        cmocka_unit_test(test_keys_do_what_the_help_says),
        cmocka_unit_test(test_clicks_and_pointer),
        cmocka_unit_test(test_clicks_at_density_two),
        cmocka_unit_test(test_help_lines),
        cmocka_unit_test(test_doc_key_table_matches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
