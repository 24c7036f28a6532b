/*
 * render.c -- immediate-mode drawing with SDL_Renderer primitives, glyph-cached text and one
 * queen texture, in the colours of the theme chosen (palette.c). Sizes grow with the layout's
 * density, so that a high-DPI screen shows the same window, sharper: text is laid out at its pixel
 * size, never scaled. The one thing it keeps between frames is the overview of a board above
 * NQ_MAX_N (the assets' ui_overview), made again only when another solution is shown.
 *
 * Every label and sentence it writes goes through gettext where it is drawn, one whole message per
 * case (the product's name, key names and bare numbers stay as they are); the buffers that hold
 * translated text leave room for three bytes a character (Thai, Chinese), and wrapped text breaks
 * at a space or else between two characters, never inside one.
 */
#include "render.h"

#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "input.h"
#include "nq/i18n.h"
#include "nq/minconflicts.h"
#include "panel.h"

/* A button, its label greyed when it does nothing on this board. */
static void draw_button_if(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, ui_button b, const char *label,
                           bool live)
{
    ui_rect rect = l->buttons[b];
    draw_fill(r, rect, P.button);
    int size = draw_fitting_size(a, l->panel_font, rect.w - 4, label);
    int w = ui_text_width(a->text, size, label);
    int h = ui_text_line_height(a->text, size);
    ui_text_draw(a->text, size, rect.x + (rect.w - w) / 2, rect.y + (rect.h - h) / 2, label,
                 live ? P.text : P.disabled_text);
}

static void draw_button(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, ui_button b, const char *label)
{
    draw_button_if(r, a, l, b, label, true);
}

/* Text centred in the gap between two buttons of a line. */
static void between(const ui_assets *a, const ui_layout *l, int line, ui_button left, ui_button right,
                    const char *s)
{
    int from = l->buttons[left].x + l->buttons[left].w, gap = l->buttons[right].x - from;
    int size = draw_fitting_size(a, l->panel_font, gap - 4, s);
    int w = ui_text_width(a->text, size, s);
    ui_rect rect = ui_layout_line(l, line);
    int h = ui_text_line_height(a->text, size);
    ui_text_draw(a->text, size, from + (gap - w) / 2, rect.y + (rect.h - h) / 2, s, P.text);
}


static void draw_controls(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    char buf[192];
    ui_rect title = ui_layout_line(l, UI_LINE_TITLE);
    title.w = l->buttons[UI_LANGUAGE].x - title.x - 4;
    int title_size = draw_fitting_size(a, l->panel_font * 5 / 4, title.w, "N-Queens Explorer");
    ui_text_draw(a->text, title_size, title.x, title.y, "N-Queens Explorer", P.bright_text);
    draw_button(r, a, l, UI_LANGUAGE, nq_lang_name(nq_lang_current()));

    draw_label_text(a, l, UI_LINE_N, "N", P.dim_text);
    draw_button(r, a, l, UI_N_MINUS, "-");
    if (ex_keys(ex) == EX_KEYS_SIZE) { /* N being typed: the field is open, with a caret */
        snprintf(buf, sizeof buf, "%s_", ex->size_digits);
        draw_fill(r, l->buttons[UI_N_FIELD], P.timeline_done);
        draw_frame(r, l->buttons[UI_N_FIELD], 1, P.cursor);
    } else {
        snprintf(buf, sizeof buf, "%d", ex->n);
    }
    between(a, l, UI_LINE_N, UI_N_MINUS, UI_N_PLUS, buf);
    draw_button(r, a, l, UI_N_PLUS, "+");

    /* Above NQ_MAX_N only N, the pin and Restart (find again) do anything. */
    bool live = !ex_wide(ex), watch = live && ex->mode == EX_WATCH;
    /* TRANSLATORS: a label in the panel, left of the two mode buttons (Watch or Solve, Race). */
    draw_label_text(a, l, UI_LINE_MODE, _("Mode"), live ? P.dim_text : P.disabled_text);
    /* TRANSLATORS: the Mode button: the mode that animates the search step by step. About 6 characters. */
    const char *watch_mode = C_("mode", "Watch");
    /* TRANSLATORS: the Mode button: the mode that searches at full speed. About 6 characters. */
    const char *solve_mode = C_("mode", "Solve");
    draw_button_if(r, a, l, UI_MODE, ex->mode == EX_WATCH ? watch_mode : solve_mode, live);
    /* TRANSLATORS: a button: back from the race to one board. About 5 characters. */
    const char *one = C_("button", "One");
    /* TRANSLATORS: a button: race the search methods side by side. About 5 characters. */
    const char *race_label = C_("button", "Race");
    draw_button_if(r, a, l, UI_RACE, ex_racing(ex) ? one : race_label, live);

    /* TRANSLATORS: a label in the panel, left of the button naming the search method. */
    draw_label_text(a, l, UI_LINE_METHOD, _("Method"), watch ? P.dim_text : P.disabled_text);
    draw_button_if(r, a, l, UI_METHOD, _(nq_method_title(ex->method)), live);

    /* TRANSLATORS: a label in the panel, left of the watch speed and its buttons. */
    draw_label_text(a, l, UI_LINE_SPEED, _("Speed"), watch ? P.dim_text : P.disabled_text);
    draw_button_if(r, a, l, UI_SLOWER, "<<", live);
    ex_speed_text(ex, buf, sizeof buf);
    between(a, l, UI_LINE_SPEED, UI_SLOWER, UI_FASTER, buf);
    draw_button_if(r, a, l, UI_FASTER, ">>", live);

    /* TRANSLATORS: a button that pauses the watched search. About 6 characters. */
    const char *pause = C_("button", "Pause");
    /* TRANSLATORS: a button that plays the watched search. About 6 characters. */
    const char *play = C_("button", "Play");
    draw_button_if(r, a, l, UI_PLAY, ex_playing(ex) ? pause : play, live);
    /* TRANSLATORS: a button (a verb): take one step of the watched search. About 6 characters. */
    draw_button_if(r, a, l, UI_STEP, C_("button", "Step"), live);
    /* TRANSLATORS: a button: start the search again. About 8 characters. */
    draw_button(r, a, l, UI_RESTART, C_("button", "Restart"));

    /* TRANSLATORS: a button showing the heatmap (how many solutions use each square), while it is shown.
     * About 8 characters. */
    const char *heat_on = C_("button", "Heat: on");
    /* TRANSLATORS: a button that shows the heatmap (how many solutions use each square). About 8 characters. */
    const char *heat = C_("button", "Heat");
    draw_button_if(r, a, l, UI_HEAT, ex_heat_shown(ex) ? heat_on : heat, live);
    /* TRANSLATORS: a button showing the solution's variants (its turns and mirror images), while they are
     * shown. About 12 characters. */
    const char *variants_on = C_("button", "Variants: on");
    /* TRANSLATORS: a button that shows the solution's variants (its turns and mirror images). About 12
     * characters. */
    const char *variants = C_("button", "Variants");
    draw_button_if(r, a, l, UI_VARIANTS, ex->variants_shown ? variants_on : variants, live && ex->viewing);
    /* TRANSLATORS: a button: page through all solutions again (not one per class). About 6 characters. */
    const char *all = C_("button", "All");
    /* TRANSLATORS: a button: page through one solution per class under rotation and reflection. About 6
     * characters. */
    const char *unique = C_("button", "Unique");
    draw_button_if(r, a, l, UI_UNIQUE, ex->unique_paging ? all : unique, live && !ex->has_first);
}

/* The figure lines of the panel, each from the next slot on (wrapped onto the slots the lines left
 * out leave free), then where the timeline stands. */
static void draw_figures(const ui_assets *a, const ui_layout *l, const ex_panel *p)
{
    enum { SLOTS = 6 };
    int slot = UI_LINE_FIGURES, left = 0;
    for (int id = EX_LINE_SOLUTIONS; id <= EX_LINE_UNIQUE; id++)
        left += p->has[id];
    for (int id = EX_LINE_SOLUTIONS; id <= EX_LINE_UNIQUE; id++)
        if (p->has[id]) {
            left--;
            int room = UI_LINE_FIGURES + SLOTS - slot - left;
            slot += draw_wrapped(a, l, slot, room > 1 ? room : 1, p->text[id], P.text);
        }
    if (p->has[EX_LINE_TIMELINE])
        draw_panel_text(a, l, UI_LINE_FIGURES + 6, p->text[EX_LINE_TIMELINE], P.dim_text);
}

static void draw_panel(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now)
{
    static ex_panel p; /* large, and the UI thread's alone */
    ex_panel_make(ex, now, &p);
    draw_fill(r, l->panel, P.panel);
    draw_controls(r, a, l, ex);
    draw_panel_text(a, l, UI_LINE_FIRST, p.text[EX_LINE_FIRST], P.text);

    ui_rect line = ui_layout_line(l, UI_LINE_SOLUTION);
    draw_text_in_line(a, l, UI_LINE_SOLUTION, line.x, l->buttons[UI_PREVIOUS].x - line.x - l->line_height / 4,
                      p.text[EX_LINE_SOLUTION], P.bright_text);
    draw_button(r, a, l, UI_PREVIOUS, "<");
    draw_button(r, a, l, UI_NEXT, ">");

    if (p.figures == EX_FIGURES_COMPARE)
        draw_compare(a, l, ex);
    else if (p.figures == EX_FIGURES_HEAT && !ex_wide(ex))
        draw_heat_panel(r, a, l, ex);
    else
        draw_figures(a, l, &p);

    /* The narration, then the class or why paging cannot reach everything yet, in the lines it leaves. */
    int used = p.has[EX_LINE_NARRATION]
                   ? draw_wrapped(a, l, UI_LINE_NARRATION, UI_NARRATION_LINES, p.text[EX_LINE_NARRATION], P.narration)
                   : 0;
    if (p.has[EX_LINE_ABOUT])
        draw_wrapped(a, l, UI_LINE_NARRATION + used, UI_NARRATION_LINES - used, p.text[EX_LINE_ABOUT], P.dim_text);
    if (p.has[EX_LINE_NOTICE])
        draw_wrapped(a, l, UI_LINE_STATUS, UI_STATUS_LINES, p.text[EX_LINE_NOTICE], P.dim_text);
    draw_panel_text(a, l, UI_LINE_HINT, p.text[EX_LINE_HINT], P.dim_text);
}

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

/* What a help line shows in its keys' column: key names as they are, a mouse action translated. */
static const char *help_keys(const input_help_line *line)
{
    return strcmp(line->section, "Mouse") ? line->keys : _(line->keys);
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

/* The help overlay, from the key table, at the largest size at which both columns fit. */
static void draw_help(SDL_Renderer *r, const ui_assets *a, const ui_layout *l)
{
    input_help_line lines[64];
    int count = input_help(lines, 64);
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
    int size = l->panel_font * 6 / 5, key_w[2], text_w[2], lh = 0, width = 0;
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
        bool fits_height = rows * lh + 2 * size <= l->window.h;
        if ((width + 2 * size <= l->window.w && fits_height) || (size <= SMALLEST_TEXT && rows * lh <= l->window.h) ||
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
    int x0 = (l->window.w - width) / 2, y0 = (l->window.h - rows * lh) / 2;
    int column_x[2] = {x0, x0 + key_w[0] + size + text_w[0] + 2 * size};
    int y[2] = {y0 > 0 ? y0 : 0, y0 > 0 ? y0 : 0};
    const char *section[2] = {NULL, NULL};
    for (int i = 0; i < count; i++) {
        int side = help_side(lines, i, split), x = column_x[side];
        if (!section[side] || strcmp(section[side], lines[i].section) != 0) {
            if (section[side])
                y[side] += lh;
            section[side] = lines[i].section;
            ui_text_draw_start(a->text, size, x, key_w[side] + size + text_w[side], y[side], _(lines[i].section),
                               P.heading);
            y[side] += lh;
        }
        ui_text_draw(a->text, size, x, y[side], help_keys(&lines[i]), P.narration);
        draw_text_in(a, x + key_w[side] + size, y[side], text_w[side], size, _(lines[i].text), P.text);
        y[side] += lh;
    }
}

/* The board with its numbers, the timeline under it and the tree beside it. */
static void draw_one_board(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now,
                           ui_frame what)
{
    draw_labels(a, l);
    draw_board(r, a, l, ex, now, what);
    if (what == UI_FRAME_WINDOW)
        draw_timeline(r, l, ex);
    draw_tree(r, a, l, ex);
}

void ui_render(SDL_Renderer *renderer, const ui_assets *assets, const ui_layout *layout, const explorer *ex,
               double now, ui_frame what)
{
    draw_frame_style.palette = ui_palette_of(ex->theme);
    draw_frame_style.smallest_text = ui_layout_px(layout, 9);
    draw_frame_style.stroke = ui_layout_px(layout, 1);
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    draw_set_color(renderer, P.background);
    SDL_RenderClear(renderer);
    switch (ex_showing(ex)) {
    case EX_SHOWN_RACE: draw_race(renderer, assets, layout, ex); break;
    case EX_SHOWN_WIDE:
        draw_wide(renderer, assets, layout, ex, what);
        break;
    case EX_SHOWN_CLASS:
        if (layout->variants > 0) /* else the layout has not made room for the class yet */
            draw_variants(renderer, assets, layout, ex);
        else
            draw_one_board(renderer, assets, layout, ex, now, what);
        break;
    default: draw_one_board(renderer, assets, layout, ex, now, what); break;
    }
    draw_panel(renderer, assets, layout, ex, now);
    if (what == UI_FRAME_WINDOW && ex->help)
        draw_help(renderer, assets, layout);
}
