/*
 * text.c -- a small glyph cache: a few sizes, each with its font handle and 95 glyph textures.
 * When a new size arrives and the cache is full, the oldest size goes (sizes change only when
 * the window does).
 */
#include "text.h"

#include <SDL_ttf.h>
#include <stdlib.h>
#include <string.h>

enum { SIZES = 10, FIRST = 32, LAST = 126, GLYPHS = LAST - FIRST + 1 };

typedef struct glyph_set {
    int size; /* 0: unused */
    TTF_Font *font;
    int line_height;
    SDL_Texture *glyph[GLYPHS];
    int w[GLYPHS], h[GLYPHS];
} glyph_set;

struct ui_text {
    SDL_Renderer *renderer;
    char *path;
    glyph_set sets[SIZES];
    int next_victim;
};

ui_text *ui_text_create(SDL_Renderer *renderer, const char *font_path)
{
    TTF_Font *probe = TTF_OpenFont(font_path, 12);
    if (!probe)
        return NULL;
    TTF_CloseFont(probe);
    ui_text *text = calloc(1, sizeof *text);
    if (!text) {
        SDL_OutOfMemory();
        return NULL;
    }
    text->renderer = renderer;
    text->path = SDL_strdup(font_path);
    return text;
}

static void drop_set(glyph_set *set)
{
    for (int i = 0; i < GLYPHS; i++)
        if (set->glyph[i])
            SDL_DestroyTexture(set->glyph[i]);
    if (set->font)
        TTF_CloseFont(set->font);
    memset(set, 0, sizeof *set);
}

void ui_text_destroy(ui_text *text)
{
    if (!text)
        return;
    for (int i = 0; i < SIZES; i++)
        drop_set(&text->sets[i]);
    SDL_free(text->path);
    free(text);
}

/* The glyphs at this size, rendering them on first use; NULL if the font will not open. */
static glyph_set *glyphs(ui_text *text, int size)
{
    if (size < 4)
        size = 4;
    for (int i = 0; i < SIZES; i++)
        if (text->sets[i].size == size)
            return &text->sets[i];
    glyph_set *set = &text->sets[text->next_victim];
    text->next_victim = (text->next_victim + 1) % SIZES;
    drop_set(set);
    set->font = TTF_OpenFont(text->path, size);
    if (!set->font)
        return NULL;
    set->size = size;
    set->line_height = TTF_FontHeight(set->font);
    SDL_Color white = {255, 255, 255, 255};
    for (int i = 0; i < GLYPHS; i++) {
        char s[2] = {(char)(FIRST + i), '\0'};
        SDL_Surface *surface = TTF_RenderUTF8_Blended(set->font, s, white);
        if (!surface)
            continue;
        set->glyph[i] = SDL_CreateTextureFromSurface(text->renderer, surface);
        set->w[i] = surface->w;
        set->h[i] = surface->h;
        SDL_FreeSurface(surface);
    }
    return set;
}

int ui_text_draw(ui_text *text, int size, int x, int y, const char *s, SDL_Color color)
{
    glyph_set *set = glyphs(text, size);
    if (!set)
        return 0;
    int start = x;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        int i = (*p >= FIRST && *p <= LAST ? *p : '?') - FIRST;
        if (!set->glyph[i])
            continue;
        SDL_SetTextureColorMod(set->glyph[i], color.r, color.g, color.b);
        SDL_SetTextureAlphaMod(set->glyph[i], color.a);
        SDL_Rect dst = {x, y, set->w[i], set->h[i]};
        SDL_RenderCopy(text->renderer, set->glyph[i], NULL, &dst);
        x += set->w[i];
    }
    return x - start;
}

int ui_text_width(ui_text *text, int size, const char *s)
{
    glyph_set *set = glyphs(text, size);
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; set && *p; p++)
        w += set->w[(*p >= FIRST && *p <= LAST ? *p : '?') - FIRST];
    return w;
}

int ui_text_line_height(ui_text *text, int size)
{
    glyph_set *set = glyphs(text, size);
    return set ? set->line_height : size;
}
