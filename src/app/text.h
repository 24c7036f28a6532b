/*
 * text.h -- text through SDL2_ttf, in any of the program's languages.
 *
 * Two fonts write every string: the bundled DejaVu Sans (Latin, digits, signs; the fallback for
 * any character the other lacks) and the language's own font (Thai, Arabic script, Hebrew, CJK),
 * set with ui_text_set_language. A string is split into runs of one font and one direction,
 * ordered with GNU FriBidi (right-to-left languages have a right-to-left paragraph), and each run
 * is shaped by HarfBuzz inside SDL2_ttf with its script and direction set. Persian numbers are
 * written with Persian digits and separators where they are drawn.
 *
 * Rendering with TTF every frame costs a surface and a texture per string, and the panel redraws
 * dozens 60 times a second; so plain ASCII is drawn from cached glyph textures, and every other
 * string is kept as one texture, the least recently used going first. UI thread only; the caches
 * belong to one renderer.
 */
#ifndef UI_TEXT_H
#define UI_TEXT_H

#include <SDL.h>
#include <stdbool.h>

#include "nq/i18n.h"

typedef struct ui_text ui_text;

/* Opens the fallback font file; NULL (with SDL_GetError() set) if it cannot be read. */
ui_text *ui_text_create(SDL_Renderer *renderer, const char *font_path);
void ui_text_destroy(ui_text *text);

/*
 * From now on, the language's own font (script_font, face `face` of it; NULL: none, the fallback
 * writes everything), the paragraph direction and how numbers are written. False, with nothing
 * changed, if the font cannot be opened or a character of sample (the language's own name, say)
 * has a glyph in neither font.
 */
bool ui_text_set_language(ui_text *text, const char *script_font, int face, bool rtl,
                          const nq_lang_numbers *numbers, const char *sample);

/* Whether text is laid out right to left now: callers align it to the right of its box. */
bool ui_text_rtl(const ui_text *text);

/* Whether every character of s (after number shaping) has a glyph in one of the two fonts; if
 * not and missing is not NULL, *missing is the first that has none. */
bool ui_text_covers(ui_text *text, const char *s, uint32_t *missing);

/* Draws s with its top left at (x, y) at the given pixel size; returns its width. */
int ui_text_draw(ui_text *text, int size, int x, int y, const char *s, SDL_Color color);

/* Draws s at the start of the box from x, width wide: at its left, or at its right when text is
 * right to left. Returns its width. */
int ui_text_draw_start(ui_text *text, int size, int x, int width, int y, const char *s, SDL_Color color);

/*
 * How many bytes of s go on one line `width` pixels wide at size: up to the last place where a
 * line may end before the text gets too wide (after a space or a slash, between two Chinese
 * characters, between two Thai words, at a zero-width space), or all of s if it fits. At least
 * one whole character, so that a word wider than the line is cut rather than looped on. The
 * caller skips the spaces after the break.
 */
size_t ui_text_fit(ui_text *text, int size, int width, const char *s);

/* The width s would take, and the height of a line, at the given pixel size. */
int ui_text_width(ui_text *text, int size, const char *s);
int ui_text_line_height(ui_text *text, int size);

#endif
