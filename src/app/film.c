/*
 * film.c -- the watch as an animated GIF: a layout like the window's for a board as wide as the
 * film may be, a software renderer on a surface of the frame's size (with its own glyph cache and
 * queen texture, in the language in use), and for each step the window's own drawing of the board
 * at that step (draw_board.c: the squares, the method's marks, the queens, the numbers) with the
 * window's narration of the step (ex_step_narration) wrapped under it. Each frame is read off the
 * surface and handed to the encoder (gif.h) with the theme's colours to keep exact.
 */
#include "film.h"

#include <SDL_image.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "fonts.h"
#include "gif.h"
#include "nq/i18n.h"

/* Lines of narration under the board, as many as the panel gives it. */
enum { NARRATION_LINES = UI_NARRATION_LINES };

_Static_assert(FILM_MOST_SPEED * GIF_LEAST_DELAY == 100, "FILM_MOST_SPEED is GIF's shortest frame");

int film_delay(double speed)
{
    if (speed <= 0)
        return GIF_LEAST_DELAY;
    int delay = (int)(100 / speed + 0.5);
    return delay < GIF_LEAST_DELAY ? GIF_LEAST_DELAY : delay;
}

/* The numbers and board of layout l: from the row numbers' left edge and the column numbers' top
 * to the board's right and bottom edges (what Ctrl+S saves). */
static ui_rect board_span(const ui_layout *l)
{
    return (ui_rect){l->left_labels.x, l->top_labels.y, l->board.x + l->board.w - l->left_labels.x,
                     l->board.y + l->board.h - l->top_labels.y};
}

/* Whether the board and numbers of l, with a margin right of them, fit in width. */
static bool fits(const ui_layout *l, int width)
{
    return board_span(l).w + l->panel_font / 2 <= width;
}

/* The window's layout (q->window when it fits, else that of the largest window of the usual shape,
 * 16:10, whose board fits) whose board and numbers, with a margin right of them, are at most
 * q->width across, moved so that they start at (0, 0): the numbers' size and spacing follow the
 * window's own rules. */
static ui_layout film_layout(const film_request *q)
{
    int n = q->start.trace.n, low = UI_MIN_HEIGHT / 4, high = 16 * FILM_MOST_WIDTH;
    ui_layout l;
    if (q->window && fits(q->window, q->width)) {
        l = *q->window;
    } else {
        while (low < high) {
            int h = low + (high - low + 1) / 2;
            l = ui_layout_compute(h * 16 / 10, h, n, false, q->density);
            if (fits(&l, q->width))
                low = h;
            else
                high = h - 1;
        }
        l = ui_layout_compute(low * 16 / 10, low, n, false, q->density);
    }
    ui_rect span = board_span(&l);
    ui_rect *moved[] = {&l.board, &l.top_labels, &l.left_labels, &l.timeline};
    for (size_t i = 0; i < sizeof moved / sizeof moved[0]; i++)
        moved[i]->x -= span.x, moved[i]->y -= span.y;
    l.origin_x -= span.x;
    l.origin_y -= span.y;
    return l;
}

/* The theme's colours, which every frame keeps exact, and the queen's body. */
static int exact_colours(const ui_palette *p, uint32_t *out, int room)
{
    _Static_assert(sizeof(ui_palette) % sizeof(SDL_Color) == 0, "a palette is a row of colours");
    const SDL_Color *colours = (const SDL_Color *)p;
    int count = 0;
    for (size_t i = 0; i < sizeof(ui_palette) / sizeof(SDL_Color) && count < room - 1; i++)
        if (colours[i].a == SDL_ALPHA_OPAQUE)
            out[count++] = (uint32_t)colours[i].r << 16 | (uint32_t)colours[i].g << 8 | colours[i].b;
    out[count++] = (uint32_t)UI_QUEEN_BODY.r << 16 | (uint32_t)UI_QUEEN_BODY.g << 8 | UI_QUEEN_BODY.b;
    return count;
}

/* One frame: the board at moment m as the window draws a watched step (without the pointer's
 * shading, the cursor or the flash of a solution), and its narration in band. */
static void draw_film_frame(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const film_request *q,
                            const nq_moment *m, ui_rect band)
{
    draw_set_color(r, P.background);
    SDL_RenderClear(r);
    draw_labels(a, l);
    draw_board_frame f = draw_layout_board(l);
    draw_squares(r, &f);
    draw_method_marks(r, a, &f, &m->trace, m->step ? &m->last : NULL);
    draw_queens(r, a, &f, m->trace.cols, q->pinned_row);
    uint64_t rank = 0;
    if (m->step && m->last.kind == NQ_STEP_SOLUTION && q->rank && nq_method_complete((nq_method)m->trace.method))
        rank = q->rank(q->rank_context, m->trace.cols);
    char narration[DRAW_TEXT_BYTES];
    ex_step_narration(m, rank, narration, sizeof narration);
    draw_wrapped_box(a, band, NARRATION_LINES, l->panel_font, narration, P.narration);
    SDL_RenderFlush(r);
}

/* The film's drawing kit: a surface, its renderer, and the text and queen drawn with it. */
typedef struct kit {
    SDL_Surface *surface;
    SDL_Renderer *renderer;
    ui_assets assets;
} kit;

static void kit_free(kit *k)
{
    ui_text_destroy(k->assets.text);
    if (k->assets.queen)
        SDL_DestroyTexture(k->assets.queen);
    if (k->renderer)
        SDL_DestroyRenderer(k->renderer);
    SDL_FreeSurface(k->surface);
}

/* Makes the kit for frames of w x h in the language in use; false with SDL's reason. */
static bool kit_make(kit *k, const char *assets, int w, int h, char *why, size_t why_size)
{
    char path[4200];
    memset(k, 0, sizeof *k);
    k->surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    k->renderer = k->surface ? SDL_CreateSoftwareRenderer(k->surface) : NULL;
    if (k->renderer) {
        snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf", assets);
        k->assets.text = ui_text_create(k->renderer, path);
        snprintf(path, sizeof path, "%s/queen.png", assets);
        k->assets.queen = IMG_LoadTexture(k->renderer, path);
    }
    if (!k->assets.text || !k->assets.queen) {
        snprintf(why, why_size, "%s", SDL_GetError());
        kit_free(k);
        return false;
    }
    int lang = nq_lang_current();
    ui_font_file font;
    bool has_font = ui_fonts_for_language(nq_lang_code(lang), &font);
    ui_text_set_language(k->assets.text, has_font ? font.path : NULL, has_font ? font.face : 0, nq_lang_rtl(lang),
                         nq_lang_numbers_of(lang), nq_lang_name(lang));
    SDL_SetRenderDrawBlendMode(k->renderer, SDL_BLENDMODE_BLEND);
    return true;
}

struct film {
    film_request request;
    ui_layout layout;
    ui_rect band;
    kit kit;
    gif_file *gif;
    nq_moment moment; /* the next frame's */
    int frames;       /* written so far */
    bool more;        /* the search has a step after the last frame's */
    char path[4096];
};

film *film_begin(const film_request *q, const char *path, bool replace, char *why, size_t why_size)
{
    film *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(why, why_size, "%s", strerror(ENOMEM));
        return NULL;
    }
    f->request = *q;
    snprintf(f->path, sizeof f->path, "%s", path);
    f->layout = film_layout(q);
    f->request.window = NULL; /* the caller's, read once */
    ui_rect span = board_span(&f->layout);
    int gap = f->layout.timeline.h, pad = f->layout.panel_font / 2;
    f->band = (ui_rect){pad, span.h + gap, span.w - pad, NARRATION_LINES * f->layout.line_height};
    int w = span.w + pad, h = f->band.y + f->band.h + gap;
    if (!kit_make(&f->kit, q->assets, w, h, why, why_size)) {
        free(f);
        return NULL;
    }
    ui_render_style(&f->layout, q->theme);
    uint32_t exact[256];
    int exact_count = exact_colours(&P, exact, 256);
    f->gif = gif_begin(path, replace, w, h, film_delay(q->speed), exact, exact_count, why, why_size);
    if (!f->gif) {
        kit_free(&f->kit);
        free(f);
        return NULL;
    }
    gif_favour(f->gif, 0, 0, w, span.h); /* the board and its numbers before the narration's edges */
    f->moment = q->start;
    f->more = true;
    return f;
}

bool film_next(film *f)
{
    if (!f->more || f->frames >= f->request.frames || f->frames >= FILM_MOST_FRAMES)
        return false;
    ui_render_style(&f->layout, f->request.theme); /* the window draws in between */
    draw_film_frame(f->kit.renderer, &f->kit.assets, &f->layout, &f->request, &f->moment, f->band);
    f->frames++;
    if (!gif_frame(f->gif, f->kit.surface->pixels, f->kit.surface->pitch / 4))
        return f->more = false;
    nq_step next = {0};
    f->more = nq_trace_next(&f->moment.trace, &next);
    f->moment.last = next;
    f->moment.step++;
    return f->more && f->frames < f->request.frames && f->frames < FILM_MOST_FRAMES;
}

const char *film_path(const film *f)
{
    return f->path;
}

int film_frames(const film *f)
{
    return f->frames;
}

int film_frames_asked(const film *f)
{
    return f->request.frames < FILM_MOST_FRAMES ? f->request.frames : FILM_MOST_FRAMES;
}

bool film_end(film *f, film_result *out, char *why, size_t why_size)
{
    *out = (film_result){f->frames, f->kit.surface->w, f->kit.surface->h};
    kit_free(&f->kit);
    bool saved = gif_end(f->gif, why, why_size);
    free(f);
    return saved;
}

void film_cancel(film *f)
{
    kit_free(&f->kit);
    gif_cancel(f->gif);
    free(f);
}

bool film_save(const film_request *q, const char *path, bool replace, film_result *out, char *why, size_t why_size)
{
    film *f = film_begin(q, path, replace, why, why_size);
    if (!f)
        return false;
    while (film_next(f))
        continue;
    return film_end(f, out, why, why_size);
}
