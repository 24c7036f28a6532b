/*
 * i18n.c -- the language in use and the gettext binding (nq/i18n.h).
 *
 * GNU gettext ignores LANGUAGE while LC_MESSAGES is "C", and a machine may have no locale of the
 * language generated (a fresh Debian has only C and C.UTF-8). So the choice is made here, from the
 * same variables in the same order, and handed to gettext through LANGUAGE with LC_MESSAGES set
 * to the environment's locale when it has one, else to C.UTF-8: translations then appear on any
 * machine. LC_CTYPE follows the environment the same way (UTF-8 at least); LC_NUMERIC is left
 * alone.
 */
#include "nq/i18n.h"
#include "nq/progdir.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef NQ_LOCALEDIR
#define NQ_LOCALEDIR "/usr/local/share/locale"
#endif

/* Persian is read with its own digits and separators (U+06F0..U+06F9, U+066C, U+066B); Thai,
 * Chinese and Hebrew readers use the Latin digits and the comma and point of English. */
static const nq_lang_numbers latin = {0x30, ',', '.'}, persian = {0x6F0, 0x66C, 0x66B};

static const struct {
    const char *code, *name, *english;
    bool rtl;
    const nq_lang_numbers *numbers;
} languages[NQ_LANG_COUNT] = {
    {"en", "English", N_("English"), false, &latin},
    {"th", "ไทย", N_("Thai"), false, &latin},
    {"fa", "فارسی", N_("Persian"), true, &persian},
    {"zh_TW", "繁體中文", N_("Traditional Chinese"), false, &latin},
    {"he", "עברית", N_("Hebrew"), true, &latin},
};

static int current;

const char *nq_lang_code(int i)
{
    return languages[i].code;
}

const char *nq_lang_name(int i)
{
    return languages[i].name;
}

const char *nq_lang_english_name(int i)
{
    return languages[i].english;
}

/* Set while this thread writes English whatever the language (nq_lang_english). */
static _Thread_local bool english_only;

void nq_lang_english(bool english)
{
    english_only = english;
}

const char *nq_gettext(const char *text)
{
    return english_only ? text : gettext(text);
}

const char *nq_ngettext(const char *one, const char *many, unsigned long count)
{
    if (english_only)
        return count == 1 ? one : many;
    return dngettext(NULL, one, many, count); /* libintl's ngettext, which nq/i18n.h's macro hides */
}

const char *nq_pgettext(const char *with_context, const char *text)
{
    if (english_only)
        return text;
    const char *found = gettext(with_context);
    return found == with_context ? text : found;
}

bool nq_lang_rtl(int i)
{
    return languages[i].rtl;
}

const nq_lang_numbers *nq_lang_numbers_of(int i)
{
    return languages[i].numbers;
}

int nq_lang_current(void)
{
    return current;
}

/* Whether text[0..length) starts with prefix and ends there or goes on with one of stops. */
static bool names(const char *text, size_t length, const char *prefix, const char *stops)
{
    size_t p = strlen(prefix);
    return length >= p && !strncmp(text, prefix, p) && (length == p || strchr(stops, text[p]));
}

/* nq_lang_find() on text[0..length). */
static int find_in(const char *text, size_t length)
{
    if (names(text, length, "zh_TW", "._@") || names(text, length, "zh_HK", "._@") ||
        names(text, length, "zh_Hant", "._@-"))
        return 3;
    if (names(text, length, "iw", "._@"))
        return 4;
    for (int i = 0; i < NQ_LANG_COUNT; i++)
        if (i != 3 && names(text, length, languages[i].code, "._@"))
            return i;
    return -1;
}

int nq_lang_find(const char *code)
{
    return code ? find_in(code, strlen(code)) : -1;
}

int nq_lang_from_environment(void)
{
    const char *language = getenv("LANGUAGE");
    if (language)
        for (const char *at = language; *at;) {
            size_t length = strcspn(at, ":");
            int i = find_in(at, length);
            if (i >= 0)
                return i;
            at += length + (at[length] == ':');
        }
    const char *vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t v = 0; v < sizeof vars / sizeof vars[0]; v++) {
        const char *value = getenv(vars[v]);
        if (value && *value) { /* the first one set decides, as for setlocale() */
            int i = nq_lang_find(value);
            return i >= 0 ? i : 0;
        }
    }
    return 0;
}

/* Where the translations are: beside the program in a build tree (<its folder>/locale), else
 * under the prefix it is installed in (<its folder>/../share/locale, or ../../share/locale from
 * libexec/nqueens/, where nqueens-gif is), else where it was built to look. Into dir (size bytes). */
static void find_locale_dir(char *dir, size_t size)
{
    char here[4096];
    if (nq_program_dir(here, sizeof here)) {
        const char *tries[] = {"locale", "../share/locale", "../../share/locale"};
        for (size_t t = 0; t < sizeof tries / sizeof tries[0]; t++) {
            struct stat st;
            snprintf(dir, size, "%s%s", here, tries[t]);
            if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
                return;
        }
    }
    snprintf(dir, size, "%s", NQ_LOCALEDIR);
}

/* Sets category to the environment's locale, or to C.UTF-8 where that is missing or plain C. */
static void use_locale(int category)
{
    const char *set = setlocale(category, "");
    if (!set || !strcmp(set, "C") || !strcmp(set, "POSIX"))
        setlocale(category, "C.UTF-8");
}

void nq_lang_use(int i, const char *locale_dir)
{
    current = i;
    use_locale(LC_MESSAGES);
    use_locale(LC_CTYPE);
    setenv("LANGUAGE", languages[i].code, 1);
    char found[4200];
    if (!locale_dir) {
        find_locale_dir(found, sizeof found);
        locale_dir = found;
    }
    bindtextdomain("nqueens", locale_dir);
    bind_textdomain_codeset("nqueens", "UTF-8");
    textdomain("nqueens");
}
