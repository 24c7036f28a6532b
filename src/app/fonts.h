/*
 * fonts.h -- which installed font writes a language's script, asked of fontconfig.
 *
 * The bundled DejaVu Sans writes English (and Latin digits and signs in every language); each
 * other language needs a font of its script: Noto Sans Thai, Arabic (for Persian), Hebrew and
 * CJK TC from Debian's fonts-noto-core and fonts-noto-cjk, or whatever fontconfig has that
 * covers the language when those are missing. No SDL here: the answer is a file and a face.
 */
#ifndef UI_FONTS_H
#define UI_FONTS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ui_font_file {
    char path[4096];
    int face; /* the face's index inside a collection (.ttc), else 0 */
} ui_font_file;

/*
 * The font for language code ("th", "fa", "zh_TW", "he"): the preferred Noto family if it is
 * installed, else the best font fontconfig has whose languages include it. False (and *out
 * untouched) when there is none, or for English, which needs none. Main thread; fontconfig is
 * opened on first use and kept.
 */
bool ui_fonts_for_language(const char *code, ui_font_file *out);

/* The Debian package that holds the preferred font of language code ("fonts-noto-core"), for a
 * message that tells a person what to install; NULL for English. */
const char *ui_fonts_package(const char *code);

#endif
