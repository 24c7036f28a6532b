/*
 * text.c -- the two caches of text.h and the way a string becomes a picture.
 *
 * A face set holds, for one pixel size, both fonts and the 95 ASCII glyph textures of the
 * fallback font, drawn on the line's common baseline. A string with anything beyond ASCII is laid
 * out (decoded, numbers shaped, left-to-right runs isolated (bidi.c), levels from FriBidi, cut
 * into runs of one font and one level, the runs put in visual order by rule L2 of the
 * bidirectional algorithm), measured per run by
 * SDL2_ttf (HarfBuzz shapes it there, with the run's script and direction), and, when first
 * drawn, rendered run by run into one surface, then one texture. Sizes change only when the window
 * does; strings come and go, so the least recently used string goes when the cache is full.
 */
#include "text.h"

#include <SDL_ttf.h>
#include <fribidi.h>
#include <thai/thwbrk.h>
#include <stdlib.h>
#include <string.h>

#include "bidi.h"

enum {
    SIZES = 10,
    FIRST = 32,
    LAST = 126,
    GLYPHS = LAST - FIRST + 1,
    STRINGS = 256,
    MAX_CHARS = 512, /* a string is cut here; the panel never shows one this long */
    MAX_RUNS = 64,
};

typedef struct face_set {
    int size; /* 0: unused */
    TTF_Font *fallback, *script; /* script: NULL when the language has no font of its own */
    int ascent, line_height;     /* the baseline and line of both fonts together */
    SDL_Texture *glyph[GLYPHS];
    int w[GLYPHS], h[GLYPHS];
} face_set;

typedef struct layout layout;

typedef struct shaped {
    char *s; /* NULL: unused */
    unsigned hash;
    int size, w;
    layout *l;            /* laid out once, for the width and then the texture */
    SDL_Texture *texture; /* NULL until first drawn */
    unsigned long used;
} shaped;

struct ui_text {
    SDL_Renderer *renderer;
    char *fallback_path, *script_path;
    int script_face;
    bool rtl;
    nq_lang_numbers numbers;
    face_set sets[SIZES];
    int next_victim;
    shaped strings[STRINGS];
    unsigned long clock;
    ThBrk *thai;     /* libthai's word breaker, opened on the first Thai line break */
    bool thai_tried; /* ... and not again if that failed */
};

/* One run: characters [from, to) of the laid-out string, one font (the language's, or the
 * fallback), one bidi level. */
typedef struct run {
    int from, to, level, w;
    bool script;
} run;

struct layout {
    uint32_t c[MAX_CHARS];
    int length, runs;
    run run[MAX_RUNS]; /* in visual order, left to right */
};

static void drop_set(face_set *set)
{
    for (int i = 0; i < GLYPHS; i++)
        if (set->glyph[i])
            SDL_DestroyTexture(set->glyph[i]);
    if (set->fallback)
        TTF_CloseFont(set->fallback);
    if (set->script)
        TTF_CloseFont(set->script);
    memset(set, 0, sizeof *set);
}

static void drop_strings(ui_text *text)
{
    for (int i = 0; i < STRINGS; i++) {
        if (text->strings[i].texture)
            SDL_DestroyTexture(text->strings[i].texture);
        free(text->strings[i].s);
        free(text->strings[i].l);
        memset(&text->strings[i], 0, sizeof text->strings[i]);
    }
}

static void drop_all(ui_text *text)
{
    for (int i = 0; i < SIZES; i++)
        drop_set(&text->sets[i]);
    drop_strings(text);
}

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
    text->fallback_path = SDL_strdup(font_path);
    text->numbers = *nq_lang_numbers_of(0);
    return text;
}

void ui_text_destroy(ui_text *text)
{
    if (!text)
        return;
    drop_all(text);
    if (text->thai)
        th_brk_delete(text->thai);
    SDL_free(text->fallback_path);
    SDL_free(text->script_path);
    free(text);
}

bool ui_text_rtl(const ui_text *text)
{
    return text->rtl;
}

/* Both fonts and the ASCII glyphs at this size, made on first use; NULL if a font will not open. */
static face_set *faces(ui_text *text, int size)
{
    if (size < 4)
        size = 4;
    for (int i = 0; i < SIZES; i++)
        if (text->sets[i].size == size)
            return &text->sets[i];
    face_set *set = &text->sets[text->next_victim];
    text->next_victim = (text->next_victim + 1) % SIZES;
    drop_set(set);
    set->fallback = TTF_OpenFont(text->fallback_path, size);
    if (text->script_path)
        set->script = TTF_OpenFontIndex(text->script_path, size, text->script_face);
    if (!set->fallback || (text->script_path && !set->script)) {
        drop_set(set);
        return NULL;
    }
    set->size = size;
    /* A script font declares room for its tallest stacks of marks (Noto Sans Arabic: 43 pixels of
     * line at 20), far more than its letters take; the line gives it a quarter more than the
     * fallback's room above the baseline and twice as much below, which its letters fit in. */
    set->ascent = TTF_FontAscent(set->fallback);
    int below = TTF_FontHeight(set->fallback) - set->ascent;
    if (set->script) {
        set->ascent = SDL_max(set->ascent, SDL_min(TTF_FontAscent(set->script), set->ascent * 5 / 4));
        below = SDL_max(below, SDL_min(TTF_FontHeight(set->script) - TTF_FontAscent(set->script), below * 2));
    }
    set->line_height = set->ascent + below;
    SDL_Color white = {255, 255, 255, 255};
    for (int i = 0; i < GLYPHS; i++) {
        char s[2] = {(char)(FIRST + i), '\0'};
        SDL_Surface *surface = TTF_RenderUTF8_Blended(set->fallback, s, white);
        if (!surface)
            continue;
        set->glyph[i] = SDL_CreateTextureFromSurface(text->renderer, surface);
        set->w[i] = surface->w;
        set->h[i] = surface->h;
        SDL_FreeSurface(surface);
    }
    return set;
}

/* The next code point of UTF-8 at *p, moving *p past it; U+FFFD for a malformed sequence. */
static uint32_t next_char(const unsigned char **p)
{
    const unsigned char *s = *p;
    int extra = s[0] < 0x80 ? 0 : s[0] >= 0xF0 && s[0] < 0xF5 ? 3 : s[0] >= 0xE0 ? 2 : s[0] >= 0xC2 ? 1 : -1;
    if (extra < 0) {
        *p = s + 1;
        return 0xFFFD;
    }
    uint32_t c = extra ? s[0] & (0x3F >> extra) : s[0];
    for (int i = 1; i <= extra; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *p = s + i;
            return 0xFFFD;
        }
        c = c << 6 | (s[i] & 0x3F);
    }
    *p = s + extra + 1;
    return c;
}

/* Characters that take no room and need no glyph: the zero-width space (a line-break hint in
 * Thai), the joiners and non-joiners (Persian words need them), the direction marks. */
static bool invisible(uint32_t c)
{
    return (c >= 0x200B && c <= 0x200F) || c == 0x2060 || (c >= UI_BIDI_LRI && c <= UI_BIDI_PDI) || c == 0xFEFF;
}

static bool digit(uint32_t c)
{
    return c >= '0' && c <= '9';
}

/* s decoded into l->c, with the language's digits and separators in numbers; zero-width spaces
 * dropped (the other invisibles stay: shaping needs them). */
static void decode(const ui_text *text, const char *s, layout *l)
{
    l->length = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p && l->length < MAX_CHARS;) {
        uint32_t c = next_char(&p);
        if (c != 0x200B)
            l->c[l->length++] = c;
    }
    const nq_lang_numbers *n = &text->numbers;
    if (n->zero == '0')
        return;
    /* Word by word (spaces apart): a word with a Latin letter in it is a name ("F1", "Ctrl+0")
     * and keeps its digits. Separators first, while the digits around them are still ASCII. */
    for (int from = 0, to; from < l->length; from = to + 1) {
        bool name = false;
        for (to = from; to < l->length && l->c[to] != ' '; to++)
            name |= l->c[to] < 0x80 && SDL_isalpha((int)l->c[to]);
        if (name)
            continue;
        for (int i = from + 1; i + 1 < to; i++) {
            if (!digit(l->c[i - 1]) || !digit(l->c[i + 1]))
                continue;
            /* A comma groups thousands only before three digits: "1,2" is a square, COL,ROW. */
            bool three = i + 3 < to && digit(l->c[i + 2]) && digit(l->c[i + 3]) &&
                         (i + 4 >= to || !digit(l->c[i + 4]));
            if (l->c[i] == ',' && three)
                l->c[i] = n->group;
            else if (l->c[i] == '.')
                l->c[i] = n->decimal;
        }
        for (int i = from; i < to; i++)
            if (digit(l->c[i]))
                l->c[i] = n->zero + (l->c[i] - '0');
    }
}

static bool has_glyph(TTF_Font *font, uint32_t c)
{
    return font && TTF_GlyphIsProvided32(font, c);
}

/* Whether c can be written with these fonts: a glyph in one of them, or nothing to draw (line
 * breaks and tabs are laid out, never drawn). */
static bool writable(TTF_Font *script, TTF_Font *fallback, uint32_t c)
{
    return c < 0x20 || invisible(c) || has_glyph(script, c) || has_glyph(fallback, c);
}

bool ui_text_set_language(ui_text *text, const char *script_font, int face, bool rtl,
                          const nq_lang_numbers *numbers, const char *sample)
{
    TTF_Font *script = script_font ? TTF_OpenFontIndex(script_font, 12, face) : NULL;
    TTF_Font *fallback = TTF_OpenFont(text->fallback_path, 12);
    bool covered = fallback && (script || !script_font);
    for (const unsigned char *p = (const unsigned char *)sample; covered && *p;) {
        uint32_t c = next_char(&p);
        covered = writable(script, fallback, c);
    }
    if (script)
        TTF_CloseFont(script);
    if (fallback)
        TTF_CloseFont(fallback);
    if (!covered)
        return false;
    drop_all(text);
    SDL_free(text->script_path);
    text->script_path = script_font ? SDL_strdup(script_font) : NULL;
    text->script_face = face;
    text->rtl = rtl;
    text->numbers = *numbers;
    return true;
}

/* The font that writes c: Latin and ASCII signs from the fallback, everything else from the
 * language's font; spaces, signs and invisibles stay with the font of the run they are in, so
 * that a run is not cut at every space. Whichever has the glyph, else the language's. */
static TTF_Font *font_for(const face_set *set, uint32_t c, TTF_Font *current)
{
    bool sign = (c < 0x80 && !SDL_isalnum((int)c)) || invisible(c);
    if (current && sign && (invisible(c) || has_glyph(current, c)))
        return current;
    TTF_Font *first = c < 0x250 ? set->fallback : set->script, *second = c < 0x250 ? set->script : set->fallback;
    if (has_glyph(first, c))
        return first;
    if (has_glyph(second, c))
        return second;
    return set->script ? set->script : set->fallback;
}

static bool ideograph(uint32_t c)
{
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF);
}

static bool thai(uint32_t c)
{
    return c >= 0x0E00 && c <= 0x0E7F;
}

/* ISO 15924 script of a run, from its first letter of a known script, for HarfBuzz. */
static const char *script_of(const layout *l, const run *r)
{
    for (int i = r->from; i < r->to; i++) {
        uint32_t c = l->c[i];
        if (thai(c))
            return "Thai";
        if ((c >= 0x0600 && c <= 0x06FF) || (c >= 0xFB50 && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF))
            return "Arab";
        if (c >= 0x0590 && c <= 0x05FF)
            return "Hebr";
        if (ideograph(c))
            return "Hani";
        if (c < 0x250 && SDL_isalpha((int)c))
            return "Latn";
    }
    return "Zyyy";
}

/* The UTF-8 of the run's characters into out (size bytes). */
static void run_utf8(const layout *l, const run *r, char *out, size_t size)
{
    size_t o = 0;
    for (int i = r->from; i < r->to; i++) {
        uint32_t c = l->c[i];
        if (c >= UI_BIDI_LRI && c <= UI_BIDI_PDI)
            continue; /* the isolates are laid out, not shaped */
        unsigned char b[4];
        size_t n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        if (n == 1)
            b[0] = (unsigned char)c;
        else {
            for (size_t k = n - 1; k > 0; k--, c >>= 6)
                b[k] = (unsigned char)(0x80 | (c & 0x3F));
            b[0] = (unsigned char)((0xF00u >> n) | c);
        }
        if (o + n + 1 > size)
            break;
        memcpy(out + o, b, n);
        o += n;
    }
    out[o] = '\0';
}

static TTF_Font *font_of(const face_set *set, const run *r)
{
    return r->script ? set->script : set->fallback;
}

/* The run's font, its direction and script set as HarfBuzz is to shape the run. */
static TTF_Font *prepare(const face_set *set, const layout *l, const run *r)
{
    TTF_Font *font = font_of(set, r);
    TTF_SetFontDirection(font, r->level & 1 ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR);
    TTF_SetFontScriptName(font, script_of(l, r));
    return font;
}

/* Reverses runs [from, to). */
static void reverse(run *runs, int from, int to)
{
    for (to--; from < to; from++, to--) {
        run t = runs[from];
        runs[from] = runs[to];
        runs[to] = t;
    }
}

/* s laid out at this size: levels, runs in visual order, each measured. */
static void lay_out(const ui_text *text, const face_set *set, const char *s, layout *l)
{
    decode(text, s, l);
    static FriBidiCharType types[MAX_CHARS];
    static FriBidiBracketType brackets[MAX_CHARS];
    static FriBidiLevel levels[MAX_CHARS];
    fribidi_get_bidi_types(l->c, l->length, types);
    /* A right-to-left paragraph needs a right-to-left letter: "F1 / ?" stays as it is. */
    FriBidiParType base = FRIBIDI_PAR_LTR;
    for (int i = 0; text->rtl && i < l->length && base == FRIBIDI_PAR_LTR; i++)
        if (types[i] == FRIBIDI_TYPE_RTL || types[i] == FRIBIDI_TYPE_AL)
            base = FRIBIDI_PAR_RTL;
    if (base == FRIBIDI_PAR_RTL)
        l->length = ui_bidi_isolate(l->c, types, l->length, MAX_CHARS);
    fribidi_get_bracket_types(l->c, l->length, types, brackets);
    if (!fribidi_get_par_embedding_levels_ex(types, brackets, l->length, &base, levels))
        memset(levels, text->rtl, sizeof levels);
    l->runs = 0;
    for (int i = 0; i < l->length; i++) {
        run *last = l->runs ? &l->run[l->runs - 1] : NULL;
        TTF_Font *font = font_for(set, l->c[i], last && last->level == levels[i] ? font_of(set, last) : NULL);
        bool script = font && font == set->script;
        if (last && last->level == levels[i] && last->script == script) {
            last->to = i + 1;
            continue;
        }
        if (l->runs == MAX_RUNS) {
            l->length = i;
            break;
        }
        l->run[l->runs++] = (run){i, i + 1, levels[i], 0, script};
    }
    /* Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs
     * at that level or above. */
    int high = 0, low = 255;
    for (int r = 0; r < l->runs; r++) {
        high = SDL_max(high, l->run[r].level);
        low = SDL_min(low, l->run[r].level);
    }
    for (int level = high; level >= (low | 1); level--)
        for (int r = 0; r < l->runs;) {
            if (l->run[r].level < level) {
                r++;
                continue;
            }
            int end = r;
            while (end < l->runs && l->run[end].level >= level)
                end++;
            reverse(l->run, r, end);
            r = end;
        }
    char utf8[MAX_CHARS * 4 + 1];
    for (int r = 0; r < l->runs; r++) {
        run_utf8(l, &l->run[r], utf8, sizeof utf8);
        int w = 0, h = 0;
        TTF_SizeUTF8(prepare(set, l, &l->run[r]), utf8, &w, &h);
        l->run[r].w = w;
    }
}

static bool plain_ascii(const ui_text *text, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < FIRST || *p > LAST || (text->numbers.zero != '0' && *p >= '0' && *p <= '9'))
            return false;
    return true;
}

static unsigned hash_of(const char *s, int size)
{
    unsigned h = 2166136261u ^ (unsigned)size;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

/* The cache's entry for s at this size, laid out and measured if it is new; NULL when out of
 * memory or the fonts will not open. */
static shaped *shaped_string(ui_text *text, face_set *set, const char *s)
{
    unsigned hash = hash_of(s, set->size);
    shaped *victim = &text->strings[0];
    for (int i = 0; i < STRINGS; i++) {
        shaped *e = &text->strings[i];
        if (e->s && e->hash == hash && e->size == set->size && !strcmp(e->s, s)) {
            e->used = ++text->clock;
            return e;
        }
        if (!e->s || (victim->s && e->used < victim->used))
            victim = e;
    }
    char *copy = SDL_strdup(s);
    layout *l = malloc(sizeof *l);
    if (!copy || !l) {
        free(copy);
        free(l);
        return NULL;
    }
    if (victim->texture)
        SDL_DestroyTexture(victim->texture);
    free(victim->s);
    free(victim->l);
    lay_out(text, set, s, l);
    int w = 0;
    for (int r = 0; r < l->runs; r++)
        w += l->run[r].w;
    *victim = (shaped){copy, hash, set->size, w, l, NULL, ++text->clock};
    return victim;
}

/* The entry's texture, rendered run by run on the first draw; NULL if that fails. */
static SDL_Texture *texture_of(ui_text *text, face_set *set, shaped *e)
{
    if (e->texture || e->w <= 0)
        return e->texture;
    const layout *l = e->l;
    SDL_Surface *line = SDL_CreateRGBSurfaceWithFormat(0, e->w, set->line_height, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!line)
        return NULL;
    SDL_Color white = {255, 255, 255, 255};
    char utf8[MAX_CHARS * 4 + 1];
    for (int r = 0, x = 0; r < l->runs; x += l->run[r].w, r++) {
        run_utf8(l, &l->run[r], utf8, sizeof utf8);
        TTF_Font *font = prepare(set, l, &l->run[r]);
        SDL_Surface *piece = TTF_RenderUTF8_Blended(font, utf8, white);
        if (!piece)
            continue;
        SDL_SetSurfaceBlendMode(piece, SDL_BLENDMODE_NONE);
        SDL_Rect at = {x, set->ascent - TTF_FontAscent(font), piece->w, piece->h};
        SDL_BlitSurface(piece, NULL, line, &at);
        SDL_FreeSurface(piece);
    }
    e->texture = SDL_CreateTextureFromSurface(text->renderer, line);
    SDL_FreeSurface(line);
    if (e->texture)
        SDL_SetTextureBlendMode(e->texture, SDL_BLENDMODE_BLEND);
    return e->texture;
}

bool ui_text_covers(ui_text *text, const char *s, uint32_t *missing)
{
    face_set *set = faces(text, 16);
    if (!set)
        return false;
    static layout l;
    decode(text, s, &l);
    for (int i = 0; i < l.length; i++) {
        if (writable(set->script, set->fallback, l.c[i]))
            continue;
        if (missing)
            *missing = l.c[i];
        return false;
    }
    return true;
}

static void tint(SDL_Texture *texture, SDL_Color color)
{
    SDL_SetTextureColorMod(texture, color.r, color.g, color.b);
    SDL_SetTextureAlphaMod(texture, color.a);
}

int ui_text_draw(ui_text *text, int size, int x, int y, const char *s, SDL_Color color)
{
    face_set *set = faces(text, size);
    if (!set)
        return 0;
    if (!plain_ascii(text, s)) {
        shaped *e = shaped_string(text, set, s);
        SDL_Texture *texture = e ? texture_of(text, set, e) : NULL;
        if (!texture)
            return e ? e->w : 0;
        tint(texture, color);
        SDL_Rect dst = {x, y, e->w, set->line_height};
        SDL_RenderCopy(text->renderer, texture, NULL, &dst);
        return e->w;
    }
    int start = x, drop = set->ascent - TTF_FontAscent(set->fallback);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        int i = *p - FIRST;
        if (!set->glyph[i])
            continue;
        tint(set->glyph[i], color);
        SDL_Rect dst = {x, y + drop, set->w[i], set->h[i]};
        SDL_RenderCopy(text->renderer, set->glyph[i], NULL, &dst);
        x += set->w[i];
    }
    return x - start;
}

int ui_text_draw_start(ui_text *text, int size, int x, int width, int y, const char *s, SDL_Color color)
{
    if (text->rtl)
        x += width - ui_text_width(text, size, s);
    return ui_text_draw(text, size, x, y, s, color);
}

/* Signs a line never starts with, and signs it never ends with (Chinese and ASCII). */
static bool closing(uint32_t c)
{
    static const uint32_t signs[] = {0x3001, 0x3002, 0xFF0C, 0xFF09, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F,
                                     0x300D, 0x300F, 0x3011, ')', ',', '.', ':', ';', '!', '?'};
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
        if (c == signs[i])
            return true;
    return false;
}

static bool opening(uint32_t c)
{
    return c == 0xFF08 || c == 0x300C || c == 0x300E || c == 0x3010 || c == '(';
}

/* The width of s's bytes [from, to). */
static int width_of(ui_text *text, int size, const char *s, int from, int to)
{
    char piece[MAX_CHARS * 4 + 1];
    int n = SDL_min(to - from, (int)sizeof piece - 1);
    memcpy(piece, s + from, (size_t)n);
    piece[n] = '\0';
    return ui_text_width(text, size, piece);
}

size_t ui_text_fit(ui_text *text, int size, int width, const char *s)
{
    static uint32_t c[MAX_CHARS + 1];
    static int at[MAX_CHARS + 1];
    static bool may[MAX_CHARS + 1]; /* may[i]: a line may end before character i */
    int n = 0;
    bool has_thai = false;
    for (const unsigned char *p = (const unsigned char *)s; *p && n < MAX_CHARS;) {
        at[n] = (int)((const char *)p - s);
        c[n] = next_char(&p);
        has_thai |= thai(c[n]);
        n++;
    }
    const unsigned char *end = (const unsigned char *)s + (n ? at[n - 1] : 0);
    if (n)
        next_char(&end); /* the end of the last character decoded */
    at[n] = (int)((const char *)end - s);
    for (int i = 1; i < n; i++) {
        uint32_t before = c[i - 1], after = c[i];
        bool cjk = (ideograph(before) || ideograph(after)) && before != ' ' && after != ' ' && !closing(after) &&
                   !opening(before);
        may[i] = (before == ' ' && after != ' ') || before == '/' || before == 0x200B || cjk;
    }
    may[n] = true;
    if (has_thai) {
        if (!text->thai_tried) {
            text->thai = th_brk_new(NULL);
            text->thai_tried = true;
        }
        static thwchar_t wide[MAX_CHARS + 1];
        static int breaks[MAX_CHARS];
        for (int i = 0; i < n; i++)
            wide[i] = (thwchar_t)c[i];
        wide[n] = 0;
        int found = text->thai ? th_brk_wc_find_breaks(text->thai, wide, breaks, MAX_CHARS) : 0;
        for (int b = 0; b < found; b++)
            if (breaks[b] > 0 && breaks[b] < n && thai(c[breaks[b] - 1]) && thai(c[breaks[b]]))
                may[breaks[b]] = true;
    }
    /* Whole pieces between two places to break while they fit, spaces at a line's end not
     * counted; then the line as a whole, which can be a pixel or so wider than its pieces (each
     * piece's width is rounded), back to the place before while it does not fit. */
    static int fits[MAX_CHARS + 1];
    int places = 0, used = 0;
    for (int i = 1, start = 0; i <= n; i++) {
        if (!may[i])
            continue;
        int last = i;
        while (last > start && c[last - 1] == ' ')
            last--;
        if (used + width_of(text, size, s, at[start], at[last]) > width)
            break;
        used += width_of(text, size, s, at[start], at[i]);
        fits[places++] = i;
        start = i;
    }
    int fit = 0;
    for (; places > 0; places--) {
        fit = fits[places - 1];
        int last = fit;
        while (last > 1 && c[last - 1] == ' ')
            last--;
        if (width_of(text, size, s, 0, at[last]) <= width)
            break;
    }
    if (!places)
        fit = 0;
    if (fit == n)
        return (size_t)at[n];
    if (fit == 0) { /* the first word is wider than the line: as many characters as fit, */
        for (fit = 1; fit < n && width_of(text, size, s, 0, at[fit + 1]) <= width;)
            fit++;
        while (fit < n && fribidi_get_bidi_type(c[fit]) == FRIBIDI_TYPE_NSM)
            fit++; /* with the marks of the last (Thai vowels and tones, Hebrew points) */
    }
    while (fit > 1 && c[fit - 1] == ' ')
        fit--;
    return (size_t)at[fit];
}

int ui_text_width(ui_text *text, int size, const char *s)
{
    face_set *set = faces(text, size);
    if (!set)
        return 0;
    if (!plain_ascii(text, s)) {
        shaped *e = shaped_string(text, set, s);
        return e ? e->w : 0;
    }
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        w += set->w[*p - FIRST];
    return w;
}

int ui_text_line_height(ui_text *text, int size)
{
    face_set *set = faces(text, size);
    return set ? set->line_height : size;
}
