/*
 * test_render.c -- draws known states with SDL's dummy video driver (a software renderer, no
 * display), reads the pixels back and checks that queens, the pinned queen, shading and
 * "No solution" are where the layout says.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include "nq/clock.h"
#include "render.h"

static SDL_Window *window;
static SDL_Renderer *renderer;
static ui_assets assets;
static Uint32 *pixels;
static int width, height;

static int setup(void **state)
{
    (void)state;
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0 || !(IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG))
        return -1;
    window = SDL_CreateWindow("test", 0, 0, 1200, 800, SDL_WINDOW_HIDDEN);
    renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (!renderer)
        return -1;
    assets.text = ui_text_create(renderer, NQ_TEST_ASSETS "/fonts/DejaVuSans.ttf");
    assets.queen = IMG_LoadTexture(renderer, NQ_TEST_ASSETS "/queen.png");
    SDL_GetRendererOutputSize(renderer, &width, &height);
    pixels = malloc((size_t)width * (size_t)height * sizeof *pixels);
    return assets.text && assets.queen && pixels ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(pixels);
    ui_text_destroy(assets.text);
    SDL_DestroyTexture(assets.queen);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return 0;
}

static void start(explorer *ex, int n, const nq_square *first, ex_mode mode)
{
    nq_worker *w = nq_worker_create(NULL, NULL);
    assert_non_null(w);
    ex_init(ex, w, NULL, n, first, mode, EX_SPEED_MAX, nq_clock_seconds());
}

static void run_to_end(explorer *ex)
{
    while (ex->running) {
        ex_advance_clock(ex, 1.0 / 60);
        if (!ex_update(ex, nq_clock_seconds())) {
            struct timespec t = {0, 1000000};
            nanosleep(&t, NULL);
        }
    }
}

/* Draws the explorer and reads the whole frame back. */
static ui_layout draw(const explorer *ex)
{
    ui_layout l = ui_layout_compute(width, height, ex->n);
    ui_render(renderer, &assets, &l, ex, nq_clock_seconds());
    assert_int_equal(SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ARGB8888, pixels, width * 4), 0);
    return l;
}

static SDL_Color pixel(int x, int y)
{
    Uint32 p = pixels[y * width + x];
    return (SDL_Color){(Uint8)(p >> 16), (Uint8)(p >> 8), (Uint8)p, 255};
}

static bool same(SDL_Color a, SDL_Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

static SDL_Color square_color(nq_square s)
{
    return (s.row + s.column) % 2 ? UI_DARK_SQUARE : UI_LIGHT_SQUARE;
}

/* The middle of a square holding a queen shows the queen's dark body. */
static bool queen_at(const ui_layout *l, nq_square s)
{
    ui_rect r = ui_layout_square(l, s);
    SDL_Color c = pixel(r.x + r.w / 2, r.y + r.h * 3 / 5);
    return c.r + c.g + c.b < 250;
}

static void test_solution_with_pinned_queen(void **state)
{
    (void)state;
    explorer ex;
    nq_square first = {0, 1};
    start(&ex, 8, &first, EX_SOLVE);
    run_to_end(&ex);
    assert_true(ex_page_to(&ex, 3));
    ui_layout l = draw(&ex);
    assert_true(same(pixel(1, 1), UI_BACKGROUND));
    const int *cols = ex_board(&ex);
    for (int row = 0; row < 8; row++) {
        for (int col = 0; col < 8; col++) {
            nq_square s = {col, row};
            ui_rect r = ui_layout_square(&l, s);
            if (cols[row] == col) {
                if (!queen_at(&l, s))
                    fail_msg("no queen drawn at column %d, row %d", col + 1, row + 1);
            } else if (!same(pixel(r.x + r.w / 2, r.y + r.h / 2), square_color(s))) {
                fail_msg("the empty square at column %d, row %d is not plain", col + 1, row + 1);
            }
        }
    }
    /* The pinned queen stands on a red disc; the others on the bare square. */
    ui_rect pin = ui_layout_square(&l, first);
    assert_true(same(pixel(pin.x + pin.w * 14 / 100, pin.y + pin.h / 2), UI_PINNED));
    nq_square other = {cols[0], 0};
    ui_rect o = ui_layout_square(&l, other);
    assert_true(same(pixel(o.x + o.w * 14 / 100, o.y + o.h / 2), square_color(other)));
    ex_free(&ex);
}

/* In a watched search, the squares the placed queens attack are shaded, and no others. */
static void test_live_board_shading(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 6, NULL, EX_WATCH);
    ex.paused = true;
    for (int placed = 0; placed < 2;) {
        ex_single_step(&ex, nq_clock_seconds());
        placed = (ex.cols[0] >= 0) + (ex.cols[1] >= 0);
    }
    ex_single_step(&ex, nq_clock_seconds()); /* a try in row 3: its square gets a frame only */
    ui_layout l = draw(&ex);
    int shaded = 0, plain = 0;
    for (int row = 2; row < 6; row++) {
        for (int col = 0; col < 6; col++) {
            nq_square s = {col, row};
            bool attacked = false;
            for (int q = 0; q < 2; q++)
                attacked = attacked || ui_attacks((nq_square){ex.cols[q], q}, s);
            ui_rect r = ui_layout_square(&l, s);
            SDL_Color c = pixel(r.x + r.w / 2, r.y + r.h / 2), base = square_color(s);
            if (attacked) {
                assert_false(same(c, base));
                assert_true(c.g < base.g && c.b < base.b); /* tinted red */
                shaded++;
            } else {
                assert_true(same(c, base));
                plain++;
            }
        }
    }
    assert_true(shaded > 0 && plain > 0);
    assert_true(queen_at(&l, (nq_square){ex.cols[0], 0}) && queen_at(&l, (nq_square){ex.cols[1], 1}));
    ex_free(&ex);
}

/* With no solution, the board is dimmed and the words stand over it. */
static void test_no_solution_covers_the_board(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 3, NULL, EX_SOLVE);
    run_to_end(&ex);
    ui_layout l = draw(&ex);
    ui_rect corner = ui_layout_square(&l, (nq_square){0, 0});
    SDL_Color c = pixel(corner.x + 2, corner.y + 2);
    assert_true(c.r < UI_LIGHT_SQUARE.r / 2 && c.g < UI_LIGHT_SQUARE.g / 2);
    /* White letters somewhere in the middle band of the board. */
    int white = 0;
    for (int x = l.board.x; x < l.board.x + l.board.w; x++)
        for (int y = l.board.y + l.board.h / 2 - l.board.w / 9; y < l.board.y + l.board.h / 2; y++) {
            SDL_Color p = pixel(x, y);
            white += p.r > 240 && p.g > 240 && p.b > 240;
        }
    assert_true(white > 50);
    ex_free(&ex);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solution_with_pinned_queen),
        cmocka_unit_test(test_live_board_shading),
        cmocka_unit_test(test_no_solution_covers_the_board),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
