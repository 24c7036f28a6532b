/*
 * draw_help.c -- the help overlay (F1): the puzzle's rule first (panel.c's sentence, over both
 * columns), then, read from the key table (input.c) so that it cannot drift from what the keys
 * do, each section with its keys and what they do, in two columns, the Keys
 * section split where the columns come out most even. It is drawn at the largest size at which
 * both columns fit the window, and where even the smallest does not, the texts are cut rather than
 * a row lost. Right to left, the columns and each row are mirrored, so that a key stands beside its
 * text. The texts, section names, mouse actions and the words among key names ("arrow keys") are
 * translated here, where they are drawn; key names are the keyboard's and stay as they are.
 */
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "input.h"
#include "nq/i18n.h"
#include "panel.h"

/* Room for the key table's help lines: input_help() fills at most this many. */
enum { HELP_LINES_MOST = 96 };

/* Which column of the help line i goes in: the first `split` lines of the Keys section on the
 * left; the rest of it and every other section on the right. */
static int help_side(const input_help_line *lines, int i, int split)
{
    if (strcmp(lines[i].section, "Keys") != 0)
        return 1;
    int before = 0;
    for (int j = 0; j < i; j++)
        before += !strcmp(lines[j].section, "Keys");
    return before >= split;
}

/* What a help line shows in its keys' column: a mouse action or the words among key names
 * ("arrow keys") translated; a key name that is not marked for translation comes back as it is. */
static const char *help_keys(const input_help_line *line)
{
    return _(line->keys);
}

/* Rows a column of the help takes: its lines, a heading per section, a blank row between two. */
static int help_rows(const input_help_line *lines, int count, int side, int split)
{
    int rows = 0;
    const char *section = NULL;
    for (int i = 0; i < count; i++) {
        if (help_side(lines, i, split) != side)
            continue;
        if (!section || strcmp(section, lines[i].section) != 0)
            rows += section ? 2 : 1;
        section = lines[i].section;
        rows++;
    }
    return rows;
}

/* The lines text takes wrapped in width at size; drawn from the top of `at` (a line's box: its
 * x, y, width and height) when it is not NULL, each at the start of its line. */
static int rule_lines(const ui_assets *a, int size, int width, const char *text, const ui_rect *at)
{
    int lines = 0;
    for (const char *rest = text; *rest; lines++) {
        size_t take = ui_text_fit(a->text, size, width, rest);
        char line[DRAW_TEXT_BYTES];
        snprintf(line, sizeof line, "%.*s", (int)take, rest);
        if (at)
            ui_text_draw_start(a->text, size, at->x, at->w, at->y + lines * at->h, line, P.bright_text);
        rest += take;
        while (*rest == ' ')
            rest++;
    }
    return lines;
}

void draw_help(SDL_Renderer *r, const ui_assets *a, const ui_layout *l)
{
    input_help_line lines[HELP_LINES_MOST];
    int count = input_help(lines, HELP_LINES_MOST);
    /* The Keys section split where the two columns come out most even. */
    int split = 0, rows = count * 2;
    for (int k = 0; k <= count; k++) {
        int left = help_rows(lines, count, 0, k), right = help_rows(lines, count, 1, k);
        if (SDL_max(left, right) < rows) {
            rows = SDL_max(left, right);
            split = k;
        }
    }
    /* Each side's keys and texts as wide as their widest; the largest size at which both sides fit,
     * and where even the smallest does not, the texts cut to what is left. Every row is shown: a
     * script with tall lines goes a little below the smallest size rather than lose the last. */
    char rule[DRAW_TEXT_BYTES];
    ex_rule_text(l->n, rule, sizeof rule);
    int size = l->panel_font * 6 / 5, key_w[2], text_w[2], lh = 0, width = 0, rule_rows = 0;
    for (;; size--) {
        key_w[0] = key_w[1] = text_w[0] = text_w[1] = 0;
        for (int i = 0; i < count; i++) {
            int side = help_side(lines, i, split);
            int kw = ui_text_width(a->text, size, help_keys(&lines[i]));
            int tw = ui_text_width(a->text, size, _(lines[i].text));
            key_w[side] = kw > key_w[side] ? kw : key_w[side];
            text_w[side] = tw > text_w[side] ? tw : text_w[side];
        }
        lh = ui_text_line_height(a->text, size) + size / 6;
        width = key_w[0] + text_w[0] + key_w[1] + text_w[1] + 4 * size;
        rule_rows = rule_lines(a, size, SDL_min(width, l->window.w - 2 * size), rule, NULL) + 1;
        int all = rows + rule_rows;
        bool fits_height = all * lh + 2 * size <= l->window.h;
        if ((width + 2 * size <= l->window.w && fits_height) || (size <= SMALLEST_TEXT && all * lh <= l->window.h) ||
            size <= SMALLEST_TEXT - 3)
            break;
    }
    int room = l->window.w - 2 * size;
    if (width > room) {
        int excess = width - room, total = text_w[0] + text_w[1];
        int cut0 = (int)((long long)excess * text_w[0] / (total > 0 ? total : 1));
        text_w[0] -= cut0;
        text_w[1] -= excess - cut0;
        width = room;
    }
    draw_fill(r, l->window, P.help_veil);
    /* Right to left, everything is mirrored: the first column at the right, and in each the keys at
     * the right with their texts ending beside them. */
    bool rtl = ui_text_rtl(a->text);
    int x0 = (l->window.w - width) / 2, y0 = (l->window.h - (rows + rule_rows) * lh) / 2;
    y0 = y0 > 0 ? y0 : 0;
    /* The puzzle's rule first, over both columns. */
    rule_lines(a, size, width, rule, &(ui_rect){x0, y0, width, lh});
    y0 += rule_rows * lh;
    int column_w[2] = {key_w[0] + size + text_w[0], key_w[1] + size + text_w[1]};
    int column_x[2] = {x0, x0 + column_w[0] + 2 * size};
    if (rtl) {
        column_x[1] = x0;
        column_x[0] = x0 + column_w[1] + 2 * size;
    }
    int y[2] = {y0, y0};
    const char *section[2] = {NULL, NULL};
    for (int i = 0; i < count; i++) {
        int side = help_side(lines, i, split), x = column_x[side];
        if (!section[side] || strcmp(section[side], lines[i].section) != 0) {
            if (section[side])
                y[side] += lh;
            section[side] = lines[i].section;
            ui_text_draw_start(a->text, size, x, column_w[side], y[side], _(lines[i].section), P.heading);
            y[side] += lh;
        }
        int key_x = rtl ? x + text_w[side] + size : x, text_x = rtl ? x : x + key_w[side] + size;
        ui_text_draw_start(a->text, size, key_x, key_w[side], y[side], help_keys(&lines[i]), P.narration);
        draw_text_in(a, text_x, y[side], text_w[side], size, _(lines[i].text), P.text);
        y[side] += lh;
    }
}
