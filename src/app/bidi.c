/*
 * bidi.c -- finding the left-to-right runs of a right-to-left line (bidi.h): word by word, from a
 * Latin letter, over what is stuck to it, up to the next right-to-left letter.
 */
#include "bidi.h"

#include <stdbool.h>
#include <string.h>

static bool strong_rtl(FriBidiCharType type)
{
    return type == FRIBIDI_TYPE_RTL || type == FRIBIDI_TYPE_AL;
}

/* Signs that close a bracket, a quotation or a sentence: they belong to the right-to-left
 * sentence around a Latin run, not to the run ("F1." ends a sentence), unless a key name ends
 * with them ("Shift+."). */
static bool sentence_sign(uint32_t c)
{
    return c == ')' || c == ']' || c == '}' || c == '"' || c == '\'' || c == '.' || c == ',' || c == ':' ||
           c == ';' || c == '!' || c == '?';
}

/* The next left-to-right run of c[0..length) at or after `from`, as bidi.h says: [*start, *end).
 * False when there is none. */
static bool next_latin_run(const uint32_t *c, const FriBidiCharType *types, int length, int from, int *start,
                           int *end)
{
    int i = from;
    while (i < length && types[i] != FRIBIDI_TYPE_LTR)
        i++;
    if (i == length)
        return false;
    int a = i; /* back over what is stuck to the letter: digits, signs, not a space or a bracket */
    while (a > from && c[a - 1] != ' ' && !strong_rtl(types[a - 1]) && c[a - 1] != '(' &&
           c[a - 1] != '[' && !(c[a - 1] == '-' && a - 1 > 0 && strong_rtl(types[a - 2])))
        a--;
    int b = i + 1;
    for (int j = i + 1; j < length && !strong_rtl(types[j]); j++) {
        uint32_t sign = c[j];
        if (c[j - 1] == '+' && sign != ' ')
            b = j + 1; /* the key after a '+' */
        else if (types[j] == FRIBIDI_TYPE_LTR || types[j] == FRIBIDI_TYPE_EN || types[j] == FRIBIDI_TYPE_AN)
            b = j + 1;
        else if (sign != ' ' && !sentence_sign(sign) && sign != '(' && sign != '[' && b == j &&
                 (j + 1 == length || (c[j + 1] != ' ' && !strong_rtl(types[j + 1]))))
            b = j + 1; /* a sign inside a word, or ending the line: "--trace", "Ctrl+0", a path "/tmp/" */
    }
    *start = a;
    *end = b;
    return true;
}

int ui_bidi_isolate(uint32_t *c, FriBidiCharType *types, int length, int most)
{
    int from = 0, start, end;
    while (length + 2 <= most && next_latin_run(c, types, length, from, &start, &end)) {
        memmove(&c[end + 2], &c[end], (size_t)(length - end) * sizeof c[0]);
        memmove(&c[start + 1], &c[start], (size_t)(end - start) * sizeof c[0]);
        c[start] = UI_BIDI_LRI;
        c[end + 1] = UI_BIDI_PDI;
        length += 2;
        fribidi_get_bidi_types(c, length, types);
        from = end + 2;
    }
    return length;
}
