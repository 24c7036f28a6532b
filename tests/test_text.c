/*
 * test_text.c -- text in every language on SDL's dummy driver: each language's font (the one the
 * program picks through fontconfig) has a glyph for every character of every translated message;
 * right-to-left text is ordered and aligned right, its left-to-right runs (key names) kept in
 * order; Persian numbers get Persian digits; ASCII and shaped strings measure alike.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>
#include <SDL_ttf.h>

#include "fonts.h"
#include "nq/i18n.h"
#include "text.h"

enum { W = 600, H = 60 };

static SDL_Window *window;
static SDL_Renderer *renderer;
static ui_text *text;
static Uint32 pixels[W * H];

static int setup(void **state)
{
    (void)state;
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0)
        return -1;
    window = SDL_CreateWindow("test", 0, 0, W, H, SDL_WINDOW_HIDDEN);
    renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    text = renderer ? ui_text_create(renderer, NQ_TEST_ASSETS "/fonts/DejaVuSans.ttf") : NULL;
    return text ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    ui_text_destroy(text);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    TTF_Quit();
    SDL_Quit();
    return 0;
}

/* Makes language i the text's, with the font the program would pick. */
static void use(int i)
{
    ui_font_file font;
    bool has = ui_fonts_for_language(nq_lang_code(i), &font);
    if (i > 0 && !has)
        fail_msg("no font for %s: install %s", nq_lang_code(i), ui_fonts_package(nq_lang_code(i)));
    assert_true(ui_text_set_language(text, has ? font.path : NULL, has ? font.face : 0, nq_lang_rtl(i),
                                     nq_lang_numbers_of(i), nq_lang_name(i)));
}

/* The .mo file of a language, read whole; NULL for English. */
static unsigned char *read_mo(const char *code, size_t *size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/nqueens.mo", NQ_TEST_LOCALE, code);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s (the build makes it with msgfmt)", path);
    static unsigned char data[1 << 20];
    *size = fread(data, 1, sizeof data, f);
    fclose(f);
    return data;
}

static uint32_t word(const unsigned char *data, size_t at)
{
    uint32_t w;
    memcpy(&w, data + at, sizeof w);
    return w;
}

static void every_translation_has_glyphs(void **state)
{
    (void)state;
    for (int i = 1; i < NQ_LANG_COUNT; i++) {
        use(i);
        size_t size;
        const unsigned char *mo = read_mo(nq_lang_code(i), &size);
        assert_int_equal(word(mo, 0), 0x950412de);
        uint32_t count = word(mo, 8), table = word(mo, 16), checked = 0;
        assert_true(count > 50);
        for (uint32_t m = 0; m < count; m++) {
            if (!word(mo, word(mo, 12) + 8 * m))
                continue; /* the header */
            uint32_t length = word(mo, table + 8 * m), at = word(mo, table + 8 * m + 4);
            assert_in_range(at + length, 0, size - 1);
            /* Plural forms are separated by NUL bytes. */
            for (const char *s = (const char *)mo + at; s < (const char *)mo + at + length; s += strlen(s) + 1) {
                uint32_t missing = 0;
                if (!ui_text_covers(text, s, &missing))
                    fail_msg("%s: U+%04X has no glyph in the fonts picked, in \"%s\"", nq_lang_code(i),
                             (unsigned)missing, s);
                checked++;
            }
        }
        assert_true(ui_text_covers(text, nq_lang_name(i), NULL));
        assert_true(checked + 1 >= count);
    }
    use(0);
}

/* Draws s in a fresh picture at the start of the whole width; the columns with ink in *from..*to. */
static void ink_of(const char *s, int *from, int *to)
{
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
    SDL_RenderClear(renderer);
    SDL_Color white = {255, 255, 255, 255};
    ui_text_draw_start(text, 24, 0, W, 0, s, white);
    assert_int_equal(SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ARGB8888, pixels, W * 4), 0);
    *from = W;
    *to = -1;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if ((pixels[y * W + x] & 0xFF) > 96) {
                *from = SDL_min(*from, x);
                *to = SDL_max(*to, x);
            }
}

static void right_to_left_is_right_aligned(void **state)
{
    (void)state;
    int from, to;
    use(4); /* Hebrew */
    ink_of("פתרון 3 מתוך 92", &from, &to);
    assert_in_range(to, W - 6, W - 1);
    assert_in_range(from, W / 2, W - 1);
    use(0);
    ink_of("Solution 3 of 92", &from, &to);
    assert_in_range(from, 0, 5);
}

/* The columns with ink of the picture now drawn, as a string of 0 and 1, from x on, n wide. */
static void profile(int x, int n, char *out)
{
    for (int i = 0; i < n; i++) {
        out[i] = '0';
        for (int y = 0; y < H; y++)
            if ((pixels[y * W + x + i] & 0xFF) > 96)
                out[i] = '1';
    }
    out[n] = '\0';
}

/* A fresh picture with s alone at its top left, read back into pixels. */
static void draw_only(const char *s)
{
    SDL_Color white = {255, 255, 255, 255};
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
    SDL_RenderClear(renderer);
    ui_text_draw(text, 24, 0, 0, s, white);
    assert_int_equal(SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ARGB8888, pixels, W * 4), 0);
}

static void mixed_directions_are_reordered(void **state)
{
    (void)state;
    use(4);
    /* In a right-to-left paragraph the Hebrew word, read first, stands at the right, and the
     * Latin word keeps its letters left to right at the left. */
    const char *hebrew = "מלכה", *latin = "Queen";
    int wh = ui_text_width(text, 24, hebrew), wl = ui_text_width(text, 24, latin);
    char line[64];
    snprintf(line, sizeof line, "%s %s", hebrew, latin);
    int w = ui_text_width(text, 24, line);
    static char alone[W + 1], mixed[W + 1];
    draw_only(latin);
    profile(0, wl, alone);
    draw_only(line);
    profile(0, wl, mixed);
    assert_string_equal(mixed, alone);
    draw_only(hebrew);
    profile(0, wh, alone);
    draw_only(line);
    profile(w - wh, wh, mixed);
    assert_string_equal(mixed, alone);
    use(0);
}

/* A left-to-right run (key names and the signs between them) inside a right-to-left sentence keeps
 * its order: "(Shift+, / Shift+.)" at the sentence's end is drawn with the run as it is alone,
 * between the brackets, and not as "(.+Shift+, / Shift)". */
static void key_names_keep_their_order_in_right_to_left(void **state)
{
    (void)state;
    for (int lang = 2; lang <= 4; lang += 2) { /* Persian, Hebrew */
        use(lang);
        const char *keys = "Shift+, / Shift+.\xE2\x80\x8B"; /* shaped as the sentence is (a zero-width space) */
        const char *sentence = lang == 2 ? "بعدی (Shift+, / Shift+.)" : "הבא (Shift+, / Shift+.)";
        int wk = ui_text_width(text, 24, keys), wb = ui_text_width(text, 24, "(");
        static char alone[W + 1], mixed[W + 1];
        draw_only(keys);
        profile(0, wk, alone);
        draw_only(sentence);
        /* The sentence's left end: the bracket, then the run; the run as it is alone, give or take
         * a column of kerning at either end. */
        int best = -1;
        for (int shift = wb - 2; shift <= wb + 2 && best < 0; shift++) {
            profile(shift, wk, mixed);
            if (!strncmp(mixed + 1, alone + 1, (size_t)wk - 2))
                best = shift;
        }
        if (best < 0)
            fail_msg("%s: the keys are not drawn in their order:\n alone %s\n drawn %s", nq_lang_code(lang), alone,
                     mixed);
        /* and an option ("--trace") keeps its dashes before the word */
        const char *option = lang == 2 ? "گزینهٔ --trace" : "האפשרות --trace";
        int wo = ui_text_width(text, 24, "--trace");
        draw_only("--trace\xE2\x80\x8B");
        profile(0, wo, alone);
        draw_only(option);
        profile(0, wo, mixed);
        assert_string_equal(mixed, alone);
        /* and a path cut where a wrapped line ends keeps its last '/' after the word */
        const char *folder = lang == 2 ? "در /tmp/" : "אל /tmp/";
        int wf = ui_text_width(text, 24, "/tmp/");
        draw_only("/tmp/\xE2\x80\x8B");
        profile(0, wf, alone);
        draw_only(folder);
        profile(0, wf, mixed);
        assert_string_equal(mixed, alone);
    }
    use(0);
}

static void persian_numbers_have_persian_digits(void **state)
{
    (void)state;
    use(2); /* Persian */
    int shaped = ui_text_width(text, 20, "1,234.5"), written = ui_text_width(text, 20, "۱٬۲۳۴٫۵");
    assert_int_equal(shaped, written);
    /* A square, COL,ROW, keeps its comma: it groups no thousands. */
    assert_int_equal(ui_text_width(text, 20, "(1,2) 12,34"), ui_text_width(text, 20, "(۱,۲) ۱۲,۳۴"));
    assert_int_equal(ui_text_width(text, 20, "12,345"), ui_text_width(text, 20, "۱۲٬۳۴۵"));
    /* Key names keep their digits: F1 is not F۱. */
    assert_int_equal(ui_text_width(text, 20, "F1 ۱"), ui_text_width(text, 20, "F1 1"));
    assert_int_not_equal(ui_text_width(text, 20, "F۱ ۱"), ui_text_width(text, 20, "F1 1"));
    use(0);
    assert_int_not_equal(ui_text_width(text, 20, "1,234.5"), shaped);
    use(3); /* Chinese keeps Latin digits */
    assert_int_equal(ui_text_width(text, 20, "1,234.5"), ui_text_width(text, 20, "1,234.5\xE2\x80\x8B"));
    use(0);
}

static void ascii_and_shaped_text_measure_alike(void **state)
{
    (void)state;
    use(0);
    /* The same letters, one string through the glyph cache and one (a zero-width space added,
     * which is dropped) through shaping: the same width, give or take kerning. */
    int cached = ui_text_width(text, 18, "Solutions"), shaped = ui_text_width(text, 18, "Solutions\xE2\x80\x8B");
    assert_in_range(shaped, cached - 3, cached + 3);
    assert_true(ui_text_covers(text, "Solutions", NULL));
    uint32_t missing = 0;
    assert_false(ui_text_covers(text, "ไทย", &missing)); /* DejaVu has no Thai */
    assert_int_equal(missing, 0x0E44);
}

/* Where a line of the given text breaks when the line is as wide as its first `fits` bytes plus
 * two pixels. */
static size_t break_after(const char *s, size_t fits)
{
    char first[256];
    snprintf(first, sizeof first, "%.*s", (int)fits, s);
    return ui_text_fit(text, 20, ui_text_width(text, 20, first) + 2, s);
}

static void lines_break_between_words_in_every_script(void **state)
{
    (void)state;
    use(0);
    assert_int_equal(break_after("one two three", 7), 7);
    assert_int_equal(break_after("one two three", 5), 3); /* "two" does not fit: only "one" */
    assert_int_equal(ui_text_fit(text, 20, 100000, "one two three"), 13);
    assert_int_equal(ui_text_fit(text, 20, 1, "one"), 1); /* at least one character */
    use(1);
    /* คำตอบ|ที่|สาม|จาก|ทั้งหมด: no space, but libthai knows the words. */
    const char *thai = "คำตอบที่สามจากทั้งหมด";
    size_t three = strlen("คำตอบที่สาม");
    assert_int_equal(break_after(thai, three), three);
    assert_int_equal(break_after(thai, three + 3), three); /* half a word is not a place to break */
    use(3);
    const char *chinese = "第三個解，共九十二個";
    assert_int_equal(break_after(chinese, 9), 9); /* between any two characters */
    assert_int_equal(break_after(chinese, 12), 9); /* but never before a comma */
    use(0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_translation_has_glyphs),
        cmocka_unit_test(right_to_left_is_right_aligned),
        cmocka_unit_test(mixed_directions_are_reordered),
        cmocka_unit_test(key_names_keep_their_order_in_right_to_left),
        cmocka_unit_test(persian_numbers_have_persian_digits),
        cmocka_unit_test(ascii_and_shaped_text_measure_alike),
        cmocka_unit_test(lines_break_between_words_in_every_script),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
