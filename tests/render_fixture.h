/*
 * render_fixture.h -- what the render tests share: a hidden window on SDL's dummy driver with a
 * software renderer, the assets the app draws with (the bundled font, the queen picture), and the
 * frame read back as pixels. Each test file opens the window at the largest size it draws, from
 * its cmocka group setup, and draws with ui_render() itself. UI thread only, like the drawing.
 */
#ifndef TEST_RENDER_FIXTURE_H
#define TEST_RENDER_FIXTURE_H

#include <stdbool.h>
#include <stdlib.h>

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include "render.h"

static SDL_Window *window;
static SDL_Renderer *renderer;
static ui_assets assets;
static ui_overview overview;
static Uint32 *pixels;
static int stride, rows; /* the renderer's pixels: room for the largest frame drawn */

/* Opens the window (width x height pixels) and the assets; 0, or -1 when anything is missing. */
static inline int render_open(int width, int height)
{
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0 || !(IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG))
        return -1;
    window = SDL_CreateWindow("test", 0, 0, width, height, SDL_WINDOW_HIDDEN);
    renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (!renderer)
        return -1;
    assets.text = ui_text_create(renderer, NQ_TEST_ASSETS "/fonts/DejaVuSans.ttf");
    assets.queen = IMG_LoadTexture(renderer, NQ_TEST_ASSETS "/queen.png");
    assets.overview = &overview;
    SDL_GetRendererOutputSize(renderer, &stride, &rows);
    pixels = malloc((size_t)stride * (size_t)rows * sizeof *pixels);
    return assets.text && assets.queen && pixels ? 0 : -1;
}

static inline int render_close(void)
{
    free(pixels);
    ui_overview_free(&overview);
    ui_text_destroy(assets.text);
    SDL_DestroyTexture(assets.queen);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return 0;
}

/* Reads the frame drawn back into pixels; false if the renderer cannot. */
static inline bool render_read(void)
{
    return SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ARGB8888, pixels, stride * 4) == 0;
}

static inline SDL_Color render_pixel(int x, int y)
{
    Uint32 p = pixels[y * stride + x];
    return (SDL_Color){(Uint8)(p >> 16), (Uint8)(p >> 8), (Uint8)p, 255};
}

static inline bool render_same(SDL_Color a, SDL_Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

#endif
