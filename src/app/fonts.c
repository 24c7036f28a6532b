/*
 * fonts.c -- a language's font through fontconfig: a fixed preference per language (the Noto
 * family Debian packages for its script), asked as a pattern with the language in it, and the
 * answer kept only if fontconfig says the font covers that language. fontconfig always answers
 * with its closest match, often DejaVu, so the coverage check is what makes "none" possible.
 */
#include "fonts.h"

#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <string.h>

typedef struct preference {
    const char *code;    /* ours, as nq_lang_code gives it */
    const char *fc_lang; /* fontconfig's name of the language */
    const char *family;  /* the family asked for first */
    const char *package; /* the Debian package that holds it */
} preference;

static const preference preferences[] = {
    {"th", "th", "Noto Sans Thai", "fonts-noto-core"},
    {"fa", "fa", "Noto Sans Arabic", "fonts-noto-core"},
    {"zh_TW", "zh-tw", "Noto Sans CJK TC", "fonts-noto-cjk"},
    {"he", "he", "Noto Sans Hebrew", "fonts-noto-core"},
};

static const preference *preference_of(const char *code)
{
    for (size_t i = 0; code && i < sizeof preferences / sizeof preferences[0]; i++)
        if (!strcmp(preferences[i].code, code))
            return &preferences[i];
    return NULL;
}

const char *ui_fonts_package(const char *code)
{
    const preference *p = preference_of(code);
    return p ? p->package : NULL;
}

/* fontconfig's best font for pattern, if it covers lang; into out. */
static bool best(FcPattern *pattern, const char *lang, ui_font_file *out)
{
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *font = FcFontMatch(NULL, pattern, &result);
    bool found = false;
    FcChar8 *file = NULL;
    FcLangSet *langs = NULL;
    int face = 0;
    if (font && FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch &&
        FcPatternGetLangSet(font, FC_LANG, 0, &langs) == FcResultMatch &&
        FcLangSetHasLang(langs, (const FcChar8 *)lang) == FcLangEqual) {
        FcPatternGetInteger(font, FC_INDEX, 0, &face);
        int length = snprintf(out->path, sizeof out->path, "%s", (const char *)file);
        found = length > 0 && (size_t)length < sizeof out->path;
        out->face = face;
    }
    if (font)
        FcPatternDestroy(font);
    return found;
}

bool ui_fonts_for_language(const char *code, ui_font_file *out)
{
    const preference *p = preference_of(code);
    if (!p || !FcInit())
        return false;
    ui_font_file found;
    /* First the family we chose; then any font of the language, fontconfig's order. */
    for (int attempt = 0; attempt < 2; attempt++) {
        FcPattern *pattern = FcPatternCreate();
        if (!pattern)
            return false;
        if (attempt == 0)
            FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)p->family);
        FcPatternAddString(pattern, FC_STYLE, (const FcChar8 *)"Regular");
        FcLangSet *langs = FcLangSetCreate();
        if (langs) {
            FcLangSetAdd(langs, (const FcChar8 *)p->fc_lang);
            FcPatternAddLangSet(pattern, FC_LANG, langs);
            FcLangSetDestroy(langs);
        }
        bool ok = best(pattern, p->fc_lang, &found);
        FcPatternDestroy(pattern);
        if (ok) {
            *out = found;
            return true;
        }
    }
    return false;
}
