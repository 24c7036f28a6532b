/*
 * test_sizes.c -- what the window shows at its edges of size, drawn with SDL's dummy video driver
 * and read back: at the smallest window a long solution line wraps onto the line under it at the
 * panel's text size rather than shrinking out of reading; on a board above NQ_MAX_N, zoomed in, the
 * small map marks where the solution's queens are. The model runs on the scripted solver.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "render.h"
#include "render_fixture.h"
#include "solver_script.h"


/* The largest window drawn, in pixels. */
enum { MOST_W = 1280, MOST_H = 800 };
#define PAL (*ui_palette_of(EX_THEME_DARK))

static int setup(void **state)
{
    (void)state;
    return render_open(MOST_W, MOST_H);
}

static int teardown(void **state)
{
    (void)state;
    return render_close();
}

static script solver;
static double now;

static void start(explorer *ex, int n, ex_mode mode)
{
    script_init(&solver);
    now = 1.0;
    ex_init(ex, script_solver(&solver), NULL, n, NULL, mode, NQ_METHOD_BACKTRACK, EX_SPEED_MAX, now);
    ex_set_theme(ex, EX_THEME_DARK, true);
}

/* Draws the explorer in a window of w x h pixels and reads the frame back. */
static ui_layout draw_at(const explorer *ex, int w, int h)
{
    ui_layout l = ui_layout_compute(w, h, ex->n, ex_tree_shown(ex), 1);
    ui_layout_zoom(&l, ex->view);
    ui_render(renderer, &assets, &l, ex, now, UI_FRAME_WINDOW);
    assert_true(render_read());
    return l;
}

/* The rows with ink (anything but the background) in the columns [x0, x1) of rectangle r: from
 * *top to *bottom, -1 if none. */
static void ink_rows(ui_rect r, int x0, int x1, SDL_Color background, int *top, int *bottom)
{
    *top = *bottom = -1;
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = x0; x < x1; x++)
            if (!render_same(render_pixel(x, y), background)) {
                *top = *top < 0 ? y : *top;
                *bottom = y;
                break;
            }
}

/* The height of the ink of s drawn alone at size, on the panel's colour. */
static int ink_height_alone(int size, const char *s)
{
    SDL_SetRenderDrawColor(renderer, PAL.panel.r, PAL.panel.g, PAL.panel.b, 255);
    SDL_RenderClear(renderer);
    ui_text_draw(assets.text, size, 0, 0, s, PAL.bright_text);
    assert_true(render_read());
    int top, bottom, w = ui_text_width(assets.text, size, s);
    ink_rows((ui_rect){0, 0, w, ui_text_line_height(assets.text, size)}, 0, w, PAL.panel, &top, &bottom);
    assert_true(top >= 0);
    return bottom - top + 1;
}

/* At 640 x 480 a solution line too long for its place beside the paging buttons is drawn at the
 * panel's text size (its ink as tall as its first words alone at that size), the rest of it on the
 * line under it; nothing runs under the < button, and the figures follow on the next lines. */
static void test_solution_line_wraps_at_the_smallest_window(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 17, EX_SOLVE);
    ex.reported.solutions = 11343344;
    ex.viewing = true;
    ex.k = 4343936;
    for (int r = 0; r < 17; r++)
        ex.shown[r] = r;
    char line[160];
    ex_solution_text(&ex, line, sizeof line);
    assert_string_equal(line, "Solution 4,343,936 of 11,343,344 so far");
    ui_layout l = draw_at(&ex, UI_MIN_WIDTH, UI_MIN_HEIGHT);
    ui_rect first = ui_layout_line(&l, UI_LINE_SOLUTION), second = ui_layout_line(&l, UI_LINE_FIGURES);
    int room = l.buttons[UI_PREVIOUS].x - first.x - l.line_height / 4;
    if (ui_text_width(assets.text, l.panel_font, line) <= room)
        fail_msg("the line fits at %d pixels: the test needs a longer one", l.panel_font);
    int top, bottom, second_top, second_bottom;
    ink_rows(first, first.x, first.x + room, PAL.panel, &top, &bottom);
    ink_rows(second, second.x, second.x + second.w, PAL.panel, &second_top, &second_bottom);
    ui_rect gap = {l.buttons[UI_PREVIOUS].x - l.line_height / 4, first.y, l.line_height / 4, first.h};
    for (int y = gap.y; y < gap.y + gap.h; y++)
        for (int x = gap.x; x < gap.x + gap.w; x++)
            if (!render_same(render_pixel(x, y), PAL.panel))
                fail_msg("the solution line runs under the < button at (%d, %d)", x, y);
    /* The figures start a line lower: the line after the second holds "Solutions: ...". */
    int figures_top, figures_bottom;
    ui_rect third = ui_layout_line(&l, UI_LINE_FIGURES + 1);
    ink_rows(third, third.x, third.x + third.w, PAL.panel, &figures_top, &figures_bottom);
    int drawn = bottom - top + 1, full = ink_height_alone(l.panel_font, "Solution 4,343,936");
    print_message("solution line: ink %d px high on the first line, %d px alone at the panel's size %d\n", drawn,
                  full, l.panel_font);
    if (top < 0 || drawn < full - 1)
        fail_msg("the solution line is drawn %d pixels high, %d at the panel's text size: it shrank", drawn, full);
    if (second_top < 0 || figures_top < 0)
        fail_msg("the rest of the solution line or the figures after it are missing");
    ex_free(&ex);
}

/* N = 1000 zoomed in eight times: the view shows none of the solution's queens, and the small map
 * shows them all, a mark of the queens' colour where each falls (the view's frame aside), and
 * the board's light colour between them. */
static void test_small_map_marks_the_queens(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 1000, EX_WATCH);
    for (int frames = 0; ex.state == EX_SEARCHING && frames < 10000; frames++)
        ex_update(&ex, now += 1.0 / 60);
    assert_true(ex.viewing);
    ex_board_zoom(&ex, 8, 500, 500);
    ui_layout l = draw_at(&ex, MOST_W, MOST_H);
    ui_rect m = l.minimap;
    assert_true(m.w > 40);
    int marked = 0, counted = 0;
    for (int row = 0; row < ex.n; row += 7) {
        int x = m.x + (int)((int64_t)ex.shown[row] * m.w / ex.n), y = m.y + (int)((int64_t)row * m.h / ex.n);
        if (render_same(render_pixel(x, y), PAL.cursor) || render_same(render_pixel(x, y), PAL.panel))
            continue; /* under the view's frame */
        counted++;
        marked += render_same(render_pixel(x, y), PAL.wide_queen);
    }
    int light = 0;
    for (int y = m.y; y < m.y + m.h; y++)
        for (int x = m.x; x < m.x + m.w; x++)
            light += render_same(render_pixel(x, y), PAL.light_square);
    print_message("small map %dx%d: %d of %d queens looked at marked; %d light pixels\n", m.w, m.h, marked, counted,
                  light);
    assert_true(counted > 100);
    if (marked != counted)
        fail_msg("the small map marks %d of %d queens", marked, counted);
    assert_in_range(light, m.w * m.h / 2, m.w * m.h);
    ex_free(&ex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solution_line_wraps_at_the_smallest_window),
        cmocka_unit_test(test_small_map_marks_the_queens),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
