/*
 * nq/i18n.h -- the language a person reads: which one, and where its translations are.
 *
 * Messages are marked in the source with _() (translated where they are used) or N_() (marked
 * only, translated later) and looked up through GNU gettext in the text domain "nqueens". The
 * languages are English (the default and the fallback), Thai, Persian, Traditional Chinese and
 * Hebrew. The choice follows the GNU order: an explicit choice (--lang, the settings), then
 * LANGUAGE, LC_ALL, LC_MESSAGES and LANG; the first that names one of ours wins, and anything
 * else means English.
 *
 * Only messages change with the language. Numbers in output a program reads (the trace protocol,
 * list formats, CSV) never do: LC_NUMERIC stays "C".
 */
#ifndef NQ_I18N_H
#define NQ_I18N_H

#include <libintl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define _(text) nq_gettext(text)
#define N_(text) text
/* A message whose English alone is ambiguous ("Solve" the mode, a list's ", "): the context
 * tells translators which one, and xgettext reads it (--keyword=C_:1c,2). */
#define C_(context, text) nq_pgettext(context "\004" text, text)
/* Plural forms go through nq_ngettext too, so that the English switch below covers them. */
#undef ngettext
#define ngettext(one, many, count) nq_ngettext(one, many, count)

/* The languages, by code: "en", "th", "fa", "zh_TW", "he". */
enum { NQ_LANG_COUNT = 5 };

/* The code of language i (0 <= i < NQ_LANG_COUNT), English first. */
const char *nq_lang_code(int i);

/* The language's own name for itself ("ไทย", "فارسی", ...). */
const char *nq_lang_name(int i);

/* The language's name in English ("Thai"), marked for translation: _() gives it in the language in
 * use, for a sentence that names a language the window cannot show. */
const char *nq_lang_english_name(int i);

/* The index of the language code names ("th", "th_TH.UTF-8", "zh_TW", "zh_HK" counts as
 * Traditional Chinese, "fa_IR", "he_IL", "iw"), or -1 if it names none of ours. */
int nq_lang_find(const char *code);

/* The language the environment asks for: the first of LANGUAGE (a colon-separated list), LC_ALL,
 * LC_MESSAGES and LANG that names one of ours, else English (0). */
int nq_lang_from_environment(void);

/* Makes messages from now on come in language i, with the translations found in locale_dir (the
 * folder holding <code>/LC_MESSAGES/nqueens.mo; NULL: beside the program in a build tree, else
 * under its installation prefix, else where it was built to look). Called on the main thread
 * before others start, and again to switch. */
void nq_lang_use(int i, const char *locale_dir);

/* The language in use now. */
int nq_lang_current(void);

/* The translation of a message marked with C_ (its context, byte 4, then its text), or text
 * itself where there is none. Any thread, once the language is set. */
const char *nq_pgettext(const char *with_context, const char *text) __attribute__((format_arg(2)));

/* The translation of text (gettext), or text itself while this thread reads English (below). */
const char *nq_gettext(const char *text) __attribute__((format_arg(1)));

/* The plural form of a message for count, as ngettext gives it (English rules while this thread
 * reads English). */
const char *nq_ngettext(const char *one, const char *many, unsigned long count)
    __attribute__((format_arg(1), format_arg(2)));

/* Makes this thread's messages English (true) or the language in use again (false), whatever the
 * language is: the app writes what the window says to its --trace in English this way, in the
 * same frame, without switching the language. Per thread, so no other thread is affected. */
void nq_lang_english(bool english);

/* Whether language i is written right to left (Persian, Hebrew). */
bool nq_lang_rtl(int i);

/*
 * How a person reading language i writes numbers in the window: the digit zero (the other nine
 * follow it in Unicode), the thousands separator and the decimal separator, as code points. The
 * window writes numbers the English way and turns them into these where it draws them; terminal
 * output keeps the English way in every language.
 */
typedef struct nq_lang_numbers {
    uint32_t zero, group, decimal;
} nq_lang_numbers;
const nq_lang_numbers *nq_lang_numbers_of(int i);

#endif
