/*
 * test_draw_heat.c -- the heatmap as it is drawn, read back in pixels (SDL's dummy video driver, no
 * display), in each theme: the same count is the same colour on a light square and a dark one and
 * at every step of a watched search going on behind it (its queens and marks are not drawn over
 * the map), the colours are the palette's scale, opaque, with lightness falling as the count grows
 * (so that the map reads in grey too), a square in no solution is lighter than any counted one,
 * and the pinned queen's square is marked and left out of the scale. The model runs on the
 * scripted solver, the heatmap on the scripted heatmap job.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fonts.h"
#include "render.h"
#include "render_fixture.h"
#include "solver_script.h"


enum { POINTS_W = 1200, POINTS_H = 800 };
static const char *const theme_names[EX_THEME_COUNT] = {"dark", "light", "contrast"};

static int setup(void **state)
{
    (void)state;
    return render_open(POINTS_W, POINTS_H);
}

static int teardown(void **state)
{
    (void)state;
    return render_close();
}

/* A watch of the n x n board by method, paused at its start, with the heatmap shown and counted. */
typedef struct scene {
    explorer ex;
    script solver;
    heat_script heat;
    double now;
} scene;

static void open_scene(scene *s, ex_theme theme, int n, const nq_square *first, nq_method method)
{
    script_init(&s->solver);
    s->now = 1.0;
    ex_init(&s->ex, script_solver(&s->solver), NULL, n, first, EX_WATCH, method, EX_SPEED_MAX, s->now);
    ex_set_theme(&s->ex, theme, true);
    ex_set_heater(&s->ex, heat_script_solver(&s->heat));
    ex_act(&s->ex, EX_ACT_PLAY, 0, s->now); /* paused: the steps are taken one by one */
    ex_act(&s->ex, EX_ACT_HEAT, 0, s->now);
    for (int frames = 0; s->ex.heat.state != HEAT_DONE && frames < 100; frames++)
        ex_update(&s->ex, s->now += 0.02);
    assert_int_equal(s->ex.heat.state, HEAT_DONE);
}

static ui_layout draw(const scene *s)
{
    ui_layout l = ui_layout_compute(POINTS_W, POINTS_H, s->ex.n, ex_tree_shown(&s->ex), 1);
    ui_layout_zoom(&l, s->ex.view);
    ui_render(renderer, &assets, &l, &s->ex, s->now, UI_FRAME_WINDOW);
    assert_true(render_read());
    return l;
}

/* The colour of a square where nothing but its fill is drawn: halfway down, a seventh in from its
 * left, clear of the x of a square in no solution (corner to corner), its number (bottom right),
 * the frame of the square under the pointer and a pinned queen's picture (the disc reaches there). */
static SDL_Color square_fill(const ui_layout *l, nq_square at)
{
    ui_rect r = ui_layout_square(l, at);
    Uint32 p = pixels[(r.y + r.h / 2) * stride + r.x + r.w * 14 / 100];
    return (SDL_Color){(Uint8)(p >> 16), (Uint8)(p >> 8), (Uint8)p, 255};
}

/* CIE L* of an sRGB colour: its lightness as a person sees it, as it reads in grey. */
static double lightness(SDL_Color c)
{
    double v[3] = {c.r / 255.0, c.g / 255.0, c.b / 255.0};
    for (int i = 0; i < 3; i++)
        v[i] = v[i] <= 0.04045 ? v[i] / 12.92 : pow((v[i] + 0.055) / 1.055, 2.4);
    double y = 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    return y > 216.0 / 24389 ? 116 * cbrt(y) - 16 : y * 24389.0 / 27;
}

/* What a count was drawn in, first seen where. */
typedef struct seen {
    bool drawn;
    SDL_Color color;
    nq_square at;
    int step;
} seen;

/* Checks every square of the frame against what each count was drawn in before (and records it):
 * the same count, the same colour, the palette's colour for it; the pinned queen's square marked
 * with its disc. */
static void check_frame(const scene *s, seen *by_count, int step, const char *theme)
{
    ui_layout l = draw(s);
    const heat_map *h = &s->ex.heat;
    const ui_palette *p = ui_palette_of(s->ex.theme);
    for (int row = 0; row < s->ex.n; row++)
        for (int col = 0; col < s->ex.n; col++) {
            nq_square at = {col, row};
            uint64_t count;
            assert_true(heat_get(h, at, &count));
            SDL_Color c = square_fill(&l, at);
            if (heat_pinned(h, at)) {
                if (!render_same(c, p->pinned))
                    fail_msg("%s theme: the pinned square %d,%d is not marked with its disc", theme, col + 1, row + 1);
                continue;
            }
            SDL_Color want = ui_heat_color(p, count, h->scale);
            if (!render_same(c, want))
                fail_msg("%s theme, step %d: square %d,%d (%llu solutions) is %d,%d,%d, the scale says %d,%d,%d", theme,
                         step, col + 1, row + 1, (unsigned long long)count, c.r, c.g, c.b, want.r, want.g, want.b);
            seen *was = &by_count[count];
            if (was->drawn && !render_same(was->color, c))
                fail_msg("%s theme: %llu solutions is %d,%d,%d at %d,%d (step %d) but %d,%d,%d at %d,%d (step %d)",
                         theme, (unsigned long long)count, c.r, c.g, c.b, col + 1, row + 1, step, was->color.r,
                         was->color.g, was->color.b, was->at.column + 1, was->at.row + 1, was->step);
            *was = (seen){true, c, at, step};
        }
}

/* Lightness falls as the count grows, from a square in none (the palest) to the most. */
static void check_lightness(const seen *by_count, uint64_t most, const char *theme)
{
    double before = 101;
    uint64_t previous = 0;
    int counts = 0;
    for (uint64_t count = 0; count <= most; count++) {
        if (!by_count[count].drawn)
            continue;
        double now = lightness(by_count[count].color);
        if (!(now < before))
            fail_msg("%s theme: %llu solutions has lightness %.1f, %llu has %.1f", theme, (unsigned long long)count,
                     now, (unsigned long long)previous, before);
        before = now;
        previous = count;
        counts++;
    }
    assert_true(counts >= 3);
}

/* N = 8: the counts 4 to 18 on light and dark squares alike, at steps of backtracking and of
 * forward checking (tries, rejects, queens, crosses, wipe-outs behind the map) and with a square
 * under the pointer; then the map is hidden and the search's board is back. */
static void test_same_count_same_colour_under_every_mark(void **state)
{
    (void)state;
    for (int t = 0; t < EX_THEME_COUNT; t++) {
        for (int m = NQ_METHOD_BACKTRACK; m <= NQ_METHOD_FORWARD; m++) {
            static seen by_count[NQ_MAX_N * NQ_MAX_N];
            memset(by_count, 0, sizeof by_count);
            scene s;
            open_scene(&s, (ex_theme)t, 8, NULL, (nq_method)m);
            int light = 0, dark = 0;
            for (int step = 0; step < 60; step++) {
                check_frame(&s, by_count, step, theme_names[t]);
                ex_act(&s.ex, EX_ACT_STEP, 0, s.now);
                ex_update(&s.ex, s.now += 0.001);
                if (step == 30)
                    ex_hover(&s.ex, true, (nq_square){2, 3});
            }
            for (int row = 0; row < 8; row++) /* a count on both kinds of square: 4 at 1,1 and 3,3 */
                for (int col = 0; col < 8; col++) {
                    uint64_t count;
                    heat_get(&s.ex.heat, (nq_square){col, row}, &count);
                    light += count == 4 && (row + col) % 2 == 0;
                    dark += count == 4 && (row + col) % 2 == 1;
                }
            assert_true(light > 0 && dark > 0);
            assert_true(s.ex.has_step); /* the search went on behind the map */
            check_lightness(by_count, s.ex.heat.scale, theme_names[t]);
            ex_act(&s.ex, EX_ACT_HEAT, 0, s.now);
            ui_layout l = draw(&s);
            SDL_Color c = square_fill(&l, (nq_square){7, 7});
            if (render_same(c, ui_heat_color(ui_palette_of((ex_theme)t), 4, s.ex.heat.scale)))
                fail_msg("%s theme: the heat is still drawn once the heatmap is hidden", theme_names[t]);
            ex_free(&s.ex);
        }
    }
}

/* N = 8 with the queen at 3,1: the squares it attacks are in no solution, the palest, and its own
 * square, in all 16, is marked and left out of the scale, whose top is 8. */
static void test_pinned_square_off_the_scale(void **state)
{
    (void)state;
    for (int t = 0; t < EX_THEME_COUNT; t++) {
        static seen by_count[NQ_MAX_N * NQ_MAX_N];
        memset(by_count, 0, sizeof by_count);
        scene s;
        nq_square pin = {2, 0};
        open_scene(&s, (ex_theme)t, 8, &pin, NQ_METHOD_BACKTRACK);
        assert_int_equal(s.ex.heat.total, 16);
        assert_int_equal(s.ex.heat.scale, 8);
        check_frame(&s, by_count, 0, theme_names[t]);
        assert_true(by_count[0].drawn);
        assert_true(by_count[8].drawn);
        assert_false(by_count[16].drawn); /* the pinned square is not on the scale */
        check_lightness(by_count, 8, theme_names[t]);
        ex_free(&s.ex);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_count_same_colour_under_every_mark),
        cmocka_unit_test(test_pinned_square_off_the_scale),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
