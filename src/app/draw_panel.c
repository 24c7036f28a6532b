/*
 * draw_panel.c -- the side panel: the product's name and the buttons with their labels, then the
 * lines of ex_panel_make() (panel.c), each in its slot: the first queen, the solution line beside
 * the paging buttons, the figures (or in their place the comparison table or the heatmap's lines,
 * drawn by their own files), the narration and what follows it, the notice and the hint. panel.c
 * writes those lines from the model's facts; this file places and fits them, and composes no
 * sentence itself: it writes only the buttons' labels and the number in the N field. A long line
 * wraps over the slots it is given, at a smaller size if that is what it takes to fit whole; the
 * solution line, the one a person reads first, never gets smaller than the panel's text: it takes
 * the first figure line as well instead.
 */
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "nq/i18n.h"
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

/* The product's name is written a quarter larger than the panel's text. */
enum { TITLE_SIZE_PERCENT = 125 };
/* The most bytes of the text between two buttons (N as it is typed, the speed): 64 characters of
 * three bytes. */
enum { CONTROL_TEXT_BYTES = 192 };

/* The product's name, the language and the controls: N (an open field while it is typed), the mode,
 * the method, the speed, play, step and restart, heat, variants and unique; a control that does
 * nothing on this board is greyed. */
static void draw_controls(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    char buf[CONTROL_TEXT_BYTES];
    ui_rect title = ui_layout_line(l, UI_LINE_TITLE);
    title.w = l->buttons[UI_LANGUAGE].x - title.x - 4;
    int title_size = draw_fitting_size(a, l->panel_font * TITLE_SIZE_PERCENT / 100, title.w, "N-Queens Explorer");
    ui_text_draw(a->text, title_size, title.x, title.y, "N-Queens Explorer", P.bright_text);
    draw_button(r, a, l, UI_LANGUAGE, nq_lang_name(nq_lang_current()));

    draw_label_text(a, l, UI_LINE_N, "N", P.dim_text);
    draw_button(r, a, l, UI_N_MINUS, "-");
    if (ex_keys(ex) == EX_KEYS_SIZE) { /* N being typed: the field is open, with a caret */
        snprintf(buf, sizeof buf, "%s_", ex->size_digits);
        draw_fill(r, l->buttons[UI_N_FIELD], P.timeline_done);
        draw_outline(r, l->buttons[UI_N_FIELD], 1, P.cursor);
    } else {
        snprintf(buf, sizeof buf, "%d", ex->n);
    }
    between(a, l, UI_LINE_N, UI_N_MINUS, UI_N_PLUS, buf);
    draw_button(r, a, l, UI_N_PLUS, "+");
    /* TRANSLATORS: a button at the end of N's line: the list of lessons (F2). About 7 characters. */
    draw_button(r, a, l, UI_LESSONS, C_("button", "Lessons"));

    /* Above NQ_MAX_N only N, the pin and Restart (find again) do anything. */
    bool live = !ex_wide(ex), watch = live && ex->mode == EX_WATCH;
    /* TRANSLATORS: a label in the panel, left of the two mode buttons (Watch or Solve, Race). */
    draw_label_text(a, l, UI_LINE_MODE, _("Mode"), live ? P.dim_text : P.disabled_text);
    /* TRANSLATORS: the Mode button: the mode that animates the search step by step. About 6 characters. */
    const char *watch_mode = C_("mode", "Watch");
    /* TRANSLATORS: the Mode button: the mode that searches at full speed. About 6 characters. */
    const char *solve_mode = C_("mode", "Solve");
    const char *mode = ex->mode == EX_WATCH ? watch_mode : solve_mode;
    draw_button_if(r, a, l, UI_MODE, ex_racing(ex) ? ex_race_goal_button(ex) : mode, live); /* a race's goal */
    /* TRANSLATORS: a button: race the search methods side by side. About 5 characters. */
    const char *race_label = C_("button", "Race");
    draw_button_if(r, a, l, UI_RACE, ex_racing(ex) ? ex_race_end_button() : race_label, live);

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
    draw_button_if(r, a, l, UI_VARIANTS, ex->classes.shown ? variants_on : variants, live && ex->viewing);
    /* TRANSLATORS: a button: page through all solutions again (not one per class). About 6 characters. */
    const char *all = C_("button", "All");
    /* TRANSLATORS: a button: page through one solution per class under rotation and reflection. About 6
     * characters. */
    const char *unique = C_("button", "Unique");
    draw_button_if(r, a, l, UI_UNIQUE, ex->classes.unique ? all : unique, live && !ex->has_first);
}

/* The figure lines of the panel, each from the next slot on from `first` (wrapped onto the slots
 * the lines left out leave free; when the solution line took the first slot and every figure is
 * there, the last has none and is left out), then where the timeline stands. */
static void draw_figures(const ui_assets *a, const ui_layout *l, const ex_panel *p, int first)
{
    enum { SLOTS = 6 }; /* the panel lines of the figures; the timeline's line follows them */
    int slot = first, end = UI_LINE_FIGURES + SLOTS, left = 0;
    for (int id = EX_LINE_SOLUTIONS; id <= EX_LINE_UNIQUE; id++)
        left += p->has[id];
    for (int id = EX_LINE_SOLUTIONS; id <= EX_LINE_UNIQUE && slot < end; id++)
        if (p->has[id]) {
            left--;
            int room = end - slot - left;
            slot += draw_wrapped(a, l, slot, room > 1 ? room : 1, p->text[id], P.text);
        }
    if (p->has[EX_LINE_TIMELINE])
        draw_panel_text(a, l, end, p->text[EX_LINE_TIMELINE], P.dim_text);
}

/* The most bytes of the solution line's part beside the paging buttons. */
enum { SOLUTION_PART_BYTES = 768 };

/* The solution line beside the paging buttons at the panel's text size. Where it does not fit
 * there and may take the line under it (the first figure line), what is left goes there, at the
 * same size, rather than all of it shrinking out of reading (a small window, a long language).
 * Returns the lines it took: 1 or 2. */
static int draw_solution(const ui_assets *a, const ui_layout *l, const char *s, bool may_wrap)
{
    ui_rect line = ui_layout_line(l, UI_LINE_SOLUTION);
    int width = l->buttons[UI_PREVIOUS].x - line.x - l->line_height / 4;
    if (!may_wrap || ui_text_width(a->text, l->panel_font, s) <= width) {
        draw_text_in_line(a, l, UI_LINE_SOLUTION, line.x, width, s, P.bright_text);
        return 1;
    }
    size_t fit = ui_text_fit(a->text, l->panel_font, width, s);
    char part[SOLUTION_PART_BYTES];
    /* A bracket's words go together onto the second line when what is before them fits. */
    const char *bracket = strstr(s, " (");
    if (bracket && (size_t)(bracket - s) < fit)
        fit = (size_t)(bracket - s);
    else if (!strchr(s + fit + strspn(s + fit, " "), ' ')) {
        /* ... and a last word does not go down alone ("so / far"): the word before it goes too. */
        size_t space = fit > 0 ? fit - 1 : 0;
        while (space > 0 && s[space] != ' ')
            space--;
        if (space > 0)
            fit = space;
    }
    snprintf(part, sizeof part, "%.*s", (int)fit, s);
    draw_text_in_line(a, l, UI_LINE_SOLUTION, line.x, width, part, P.bright_text);
    const char *rest = s + fit;
    while (*rest == ' ')
        rest++;
    draw_panel_text(a, l, UI_LINE_FIGURES, rest, P.bright_text);
    return 2;
}

void draw_panel(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now)
{
    static ex_panel p; /* large, and the UI thread's alone */
    ex_panel_make(ex, now, &p);
    draw_fill(r, l->panel, P.panel);
    draw_controls(r, a, l, ex);
    draw_panel_text(a, l, UI_LINE_FIRST, p.text[EX_LINE_FIRST], P.text);

    /* The comparison table and the heatmap's lines take every figure line: the solution line keeps
     * to its own there. */
    bool figures = p.figures != EX_FIGURES_COMPARE && !(p.figures == EX_FIGURES_HEAT && !ex_wide(ex));
    int solution_lines = draw_solution(a, l, p.text[EX_LINE_SOLUTION], figures);
    draw_button(r, a, l, UI_PREVIOUS, "<");
    draw_button(r, a, l, UI_NEXT, ">");

    if (p.figures == EX_FIGURES_COMPARE)
        draw_compare(a, l, ex);
    else if (!figures)
        draw_heat_panel(r, a, l, ex);
    else
        draw_figures(a, l, &p, UI_LINE_FIGURES + solution_lines - 1);

    /* The narration, then the class or why paging cannot reach everything yet, in the lines it leaves. */
    int used = p.has[EX_LINE_NARRATION]
                   ? draw_wrapped(a, l, UI_LINE_NARRATION, UI_NARRATION_LINES, p.text[EX_LINE_NARRATION], P.narration)
                   : 0;
    if (p.has[EX_LINE_ABOUT]) /* with the notice's lines too while there is no notice */
        draw_wrapped(a, l, UI_LINE_NARRATION + used,
                     UI_NARRATION_LINES - used + (p.has[EX_LINE_NOTICE] ? 0 : UI_STATUS_LINES), p.text[EX_LINE_ABOUT],
                     P.dim_text);
    if (p.has[EX_LINE_NOTICE])
        draw_wrapped(a, l, UI_LINE_STATUS, UI_STATUS_LINES, p.text[EX_LINE_NOTICE], P.dim_text);
    draw_panel_text(a, l, UI_LINE_HINT, p.text[EX_LINE_HINT], P.dim_text);
    if (p.has[EX_LINE_LESSON]) /* the same frame's lines: the lesson's page, in its box under the board */
        draw_lesson_page(r, a, l, ex, &p);
}
