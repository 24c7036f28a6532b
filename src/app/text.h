/*
 * text.h -- text through SDL2_ttf, drawn from cached glyph textures.
 *
 * Rendering a string with TTF every frame costs a surface and a texture upload per string; the
 * panel redraws dozens of strings 60 times a second. So each printable ASCII glyph is rendered
 * once per pixel size (white, tinted when drawn) and strings are runs of texture copies.
 * UI thread only; the cache belongs to one renderer.
 */
#ifndef UI_TEXT_H
#define UI_TEXT_H

#include <SDL.h>

typedef struct ui_text ui_text;

/* Opens the font file; NULL (with SDL_GetError() set) if it cannot be read. */
ui_text *ui_text_create(SDL_Renderer *renderer, const char *font_path);
void ui_text_destroy(ui_text *text);

/* Draws s with its top left at (x, y) at the given pixel size; returns its width. */
int ui_text_draw(ui_text *text, int size, int x, int y, const char *s, SDL_Color color);

/* The width s would take, and the height of a line, at the given pixel size. */
int ui_text_width(ui_text *text, int size, const char *s);
int ui_text_line_height(ui_text *text, int size);

#endif
