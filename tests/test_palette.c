/*
 * test_palette.c -- the themes' colours, checked the way a person would see them:
 *   - every text colour against what it is written on, by the contrast ratio of WCAG 2 (4.5:1 for
 *     normal text at least; 7:1 in the high-contrast theme);
 *   - in the high-contrast theme, the things on the board that must be told apart (a queen, the
 *     pinned queen's disc, attacked shading, crossed-off squares, the heat's few and many, the
 *     squares themselves) stay at least MIN_DELTA_E apart (CIE76) for normal vision and through
 *     a simulation of each of the three dichromacies (Machado, Oliveira and Fernandes 2009, at
 *     full severity, applied in linear RGB), each translucent colour composited over the square it
 *     is drawn on.
 * The figures are printed (ctest -V) for docs/app.md, "Colours and high-DPI screens".
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "palette.h"

/* The least distance between colours that must be told apart, in the high-contrast theme. */
#define MIN_DELTA_E 20.0

typedef struct rgb {
    double r, g, b; /* linear, 0 to 1 */
} rgb;

static double linear(Uint8 v)
{
    double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static rgb to_linear(SDL_Color c)
{
    return (rgb){linear(c.r), linear(c.g), linear(c.b)};
}

/* c drawn over an opaque background with c's alpha, as SDL's blending does (in sRGB). */
static SDL_Color over(SDL_Color c, SDL_Color under)
{
    double a = c.a / 255.0;
    return (SDL_Color){(Uint8)lround(c.r * a + under.r * (1 - a)), (Uint8)lround(c.g * a + under.g * (1 - a)),
                       (Uint8)lround(c.b * a + under.b * (1 - a)), 255};
}

static double luminance(SDL_Color c)
{
    rgb l = to_linear(c);
    return 0.2126 * l.r + 0.7152 * l.g + 0.0722 * l.b;
}

static double contrast(SDL_Color a, SDL_Color b)
{
    double la = luminance(a), lb = luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* Normal vision, then protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1). */
enum { VISIONS = 4 };
static const char *const vision_names[VISIONS] = {"normal", "protanopia", "deuteranopia", "tritanopia"};
static const double vision[VISIONS][3][3] = {
    {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
    {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
    {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
    {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
};

static double clamp01(double v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* CIELAB (D65) of c as seen with vision v. */
static void lab(SDL_Color c, int v, double out[3])
{
    rgb l = to_linear(c);
    const double(*m)[3] = vision[v];
    double r = clamp01(m[0][0] * l.r + m[0][1] * l.g + m[0][2] * l.b);
    double g = clamp01(m[1][0] * l.r + m[1][1] * l.g + m[1][2] * l.b);
    double b = clamp01(m[2][0] * l.r + m[2][1] * l.g + m[2][2] * l.b);
    double xyz[3] = {(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
                     (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883};
    double f[3];
    for (int i = 0; i < 3; i++)
        f[i] = xyz[i] > 216.0 / 24389 ? cbrt(xyz[i]) : (24389.0 / 27 * xyz[i] + 16) / 116;
    out[0] = 116 * f[1] - 16;
    out[1] = 500 * (f[0] - f[1]);
    out[2] = 200 * (f[1] - f[2]);
}

static double delta_e(SDL_Color a, SDL_Color b, int v)
{
    double x[3], y[3];
    lab(a, v, x);
    lab(b, v, y);
    return sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) + (x[2] - y[2]) * (x[2] - y[2]));
}

static const char *const theme_names[EX_THEME_COUNT] = {"dark", "light", "contrast"};

/* Text on what it is written on: the panel's lines, its buttons, the board's numbers. */
static void test_text_contrast(void **state)
{
    (void)state;
    for (int t = 0; t < EX_THEME_COUNT; t++) {
        const ui_palette *p = ui_palette_of((ex_theme)t);
        const struct {
            const char *what;
            SDL_Color fg, bg;
        } pairs[] = {
            {"text on the panel", p->text, p->panel},
            {"bright text on the panel", p->bright_text, p->panel},
            {"dim text on the panel", p->dim_text, p->panel},
            {"narration on the panel", p->narration, p->panel},
            {"headings on the panel", p->heading, p->panel},
            {"button labels", p->bright_text, p->button},
            {"board numbers", p->dim_text, p->background},
            {"tree row labels", p->dim_text, p->tree_background},
            {"heat numbers", p->heat_text, over(p->heat_label, p->dark_square)},
        };
        double least = t == EX_THEME_CONTRAST ? 7.0 : 4.5;
        for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
            double ratio = contrast(pairs[i].fg, pairs[i].bg);
            print_message("%-8s %-26s %5.1f:1\n", theme_names[t], pairs[i].what, ratio);
            if (ratio < least)
                fail_msg("%s theme: %s have a contrast of %.2f:1, below %.1f:1", theme_names[t], pairs[i].what, ratio,
                         least);
        }
    }
}

/* What a colour of the board means. The same thing on either square is not compared with itself,
 * and the heatmap, which hides the search's marks, is compared with the squares, the queens and
 * itself only. */
typedef enum meaning {
    M_LIGHT_SQUARE,
    M_DARK_SQUARE,
    M_QUEEN,
    M_PINNED,
    M_CROSSED,
    M_ATTACKED,
    M_HEAT_FEW,
    M_HEAT_MOST,
    M_HEAT_NONE
} meaning;

typedef struct seen {
    const char *what;
    SDL_Color color;
    meaning means;
} seen;

static bool search_mark(meaning m)
{
    return m == M_PINNED || m == M_CROSSED || m == M_ATTACKED;
}

static bool heat(meaning m)
{
    return m >= M_HEAT_FEW;
}

/* The colours of the board a person must tell apart, as drawn (translucent ones over a square). */
static int board_colours(const ui_palette *p, seen *out)
{
    SDL_Color squares[2] = {p->light_square, p->dark_square};
    static const char *const square_names[2] = {"light", "dark"};
    int count = 0;
    out[count++] = (seen){"light square", p->light_square, M_LIGHT_SQUARE};
    out[count++] = (seen){"dark square", p->dark_square, M_DARK_SQUARE};
    out[count++] = (seen){"queen", UI_QUEEN_BODY, M_QUEEN};
    out[count++] = (seen){"pinned queen's disc", p->pinned, M_PINNED};
    out[count++] = (seen){"cross of a square crossed off", p->crossed, M_CROSSED};
    static char names[2][4][48];
    for (int s = 0; s < 2; s++) {
        snprintf(names[s][0], sizeof names[s][0], "attacked %s square", square_names[s]);
        snprintf(names[s][1], sizeof names[s][1], "heat: few, %s square", square_names[s]);
        snprintf(names[s][2], sizeof names[s][2], "heat: most, %s square", square_names[s]);
        snprintf(names[s][3], sizeof names[s][3], "heat: none, %s square", square_names[s]);
        out[count++] = (seen){names[s][0], over(p->attacked, squares[s]), M_ATTACKED};
        out[count++] = (seen){names[s][1], over(p->heat_low, squares[s]), M_HEAT_FEW};
        out[count++] = (seen){names[s][2], over(p->heat_high, squares[s]), M_HEAT_MOST};
        out[count++] = (seen){names[s][3], over(p->heat_unused, squares[s]), M_HEAT_NONE};
    }
    return count;
}

/* The least distance between two things of the board that mean different things, with vision v;
 * the pair in *a, *b. */
static double least_distance(const ui_palette *p, int v, const char **a, const char **b)
{
    seen colours[16];
    int count = board_colours(p, colours);
    double least = 1e9;
    for (int i = 0; i < count; i++)
        for (int j = i + 1; j < count; j++) {
            meaning mi = colours[i].means, mj = colours[j].means;
            if (mi == mj || (heat(mi) && search_mark(mj)) || (heat(mj) && search_mark(mi)))
                continue;
            double d = delta_e(colours[i].color, colours[j].color, v);
            if (d < least) {
                least = d;
                *a = colours[i].what;
                *b = colours[j].what;
            }
        }
    return least;
}

static void test_board_colours_apart_for_every_vision(void **state)
{
    (void)state;
    for (int t = 0; t < EX_THEME_COUNT; t++)
        for (int v = 0; v < VISIONS; v++) {
            const char *a = "", *b = "";
            double d = least_distance(ui_palette_of((ex_theme)t), v, &a, &b);
            print_message("%-8s %-12s least delta E %5.1f (%s / %s)\n", theme_names[t], vision_names[v], d, a, b);
            if (t == EX_THEME_CONTRAST && d < MIN_DELTA_E)
                fail_msg("contrast theme, %s: %s and %s are only %.1f apart (delta E), below %.0f", vision_names[v], a,
                         b, d, MIN_DELTA_E);
        }
}

/* The simulation itself: red and green, far apart for normal vision, come close for protanopia and
 * deuteranopia but not for tritanopia; blue and yellow stay apart for the first two. */
static void test_the_simulation_confuses_what_it_should(void **state)
{
    (void)state;
    SDL_Color red = {200, 60, 40, 255}, green = {90, 150, 40, 255}, blue = {0, 90, 220, 255},
              yellow = {230, 200, 40, 255};
    double normal = delta_e(red, green, 0);
    assert_true(normal > 40);
    for (int v = 1; v <= 2; v++) {
        if (!(delta_e(red, green, v) < normal / 2))
            fail_msg("%s: red and green %.1f apart, normal %.1f", vision_names[v], delta_e(red, green, v), normal);
        if (!(delta_e(blue, yellow, v) > 60))
            fail_msg("%s: blue and yellow only %.1f apart", vision_names[v], delta_e(blue, yellow, v));
    }
    if (!(delta_e(red, green, 3) > normal / 2))
        fail_msg("tritanopia: red and green %.1f apart, normal %.1f", delta_e(red, green, 3), normal);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_simulation_confuses_what_it_should),
        cmocka_unit_test(test_text_contrast),
        cmocka_unit_test(test_board_colours_apart_for_every_vision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
