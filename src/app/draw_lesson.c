/*
 * draw_lesson.c -- a lesson in the window: its page in the box the layout keeps for it under the
 * board (so that the panel keeps its figures, the comparison table, the narration and the notice),
 * and the list of bundled lessons (F2) over the whole window. The page's lines come from ex_lesson_lines() (panel.c
 * calls it) and the list's from lessonrun.h; this file only places them: the page's number and
 * title (on two lines where it needs them), its paragraphs (each wrapped, smaller when that is what it
 * takes to fit, spaced by the smaller size's lines, and ending with an ellipsis where cut), the task
 * and its state, the done text once it is met, and the keys. Right-to-left text is laid out by the text
 * code the panel uses, each line at the start of its box.
 */
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "nq/i18n.h"
#include "panel.h"

/* The most bytes of one paragraph of a page. */
enum { PARAGRAPH_BYTES = EX_LINE_SIZE };

/* Paragraphs in text (separated by EX_LESSON_PARAGRAPH). */
static int paragraphs(const char *text)
{
    int count = 1;
    for (const char *s = text; *s; s++)
        count += *s == EX_LESSON_PARAGRAPH;
    return count;
}

/* Lines text needs (at most max) wrapped in width at size. */
static int lines_for(const ui_assets *a, int size, int width, const char *text, int max)
{
    int count = 0;
    for (const char *p = text; *p && count <= max; count++) {
        p += ui_text_fit(a->text, size, width, p);
        p += strspn(p, " ");
    }
    return count;
}

/* The line of text from p that fits width: its bytes into buf, the spaces after it passed over. */
static const char *take_line(const ui_assets *a, int size, int width, const char *p, char *buf, size_t room)
{
    size_t fit = ui_text_fit(a->text, size, width, p);
    snprintf(buf, room, "%.*s", (int)(fit < room ? fit : room - 1), p);
    p += fit;
    return p + strspn(p, " ");
}

void draw_wrap(const ui_assets *a, int width, int height, int line_h, int size, const char *text, bool more,
               draw_wrap_text *w)
{
    static const char ellipsis[] = "…";
    int full = size, step, room;
    for (;; size--) {
        step = SDL_max(ui_text_line_height(a->text, size), line_h * size / full);
        room = SDL_max(1, SDL_min(height / step, DRAW_WRAP_LINES));
        if (lines_for(a, size, width, text, room) <= room || size <= SMALLEST_TEXT)
            break;
    }
    w->size = size;
    w->step = step;
    w->count = 0;
    const char *p = text, *last = text;
    while (*p && w->count < room) {
        last = p;
        p = take_line(a, size, width, p, w->line[w->count], sizeof w->line[0]);
        w->count++;
    }
    w->cut = *p != '\0' || more;
    if (!w->cut)
        return;
    /* The last line again, narrower by the ellipsis, without the spaces at its end. */
    char *line = w->line[w->count - 1];
    take_line(a, size, width - ui_text_width(a->text, size, ellipsis), last, line, sizeof w->line[0] - 4);
    size_t length = strlen(line);
    while (length && line[length - 1] == ' ')
        length--;
    snprintf(line + length, sizeof w->line[0] - length, "%s", ellipsis);
}

/* text wrapped over up to `lines` lines of line_h pixels from (x, y), width wide, at size or smaller
 * (draw_wrap, `more` when text not drawn here follows), each line at the start of the box. */
static void wrap_more(const ui_assets *a, ui_rect at, int lines, int line_h, int size, const char *text, bool more,
                      SDL_Color c)
{
    static draw_wrap_text w; /* large; the UI thread's */
    draw_wrap(a, at.w, lines * line_h, line_h, size, text, more, &w);
    int h = ui_text_line_height(a->text, w.size);
    for (int i = 0; i < w.count; i++)
        ui_text_draw_start(a->text, w.size, at.x, at.w, at.y + i * w.step + (w.step - h) / 2, w.line[i], c);
}

static void wrap_in(const ui_assets *a, ui_rect at, int lines, int line_h, int size, const char *text, SDL_Color c)
{
    wrap_more(a, at, lines, line_h, size, text, false, c);
}

/* A button of the page, its label greyed when it does nothing now. */
static void page_button(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, ui_rect b, const char *label,
                        bool live)
{
    draw_fill(r, b, P.button);
    int size = draw_fitting_size(a, l->panel_font, b.w - 4, label), h = ui_text_line_height(a->text, size);
    draw_text_centred(a, size, b.x + b.w / 2, b.y + (b.h - h) / 2, label, live ? P.text : P.disabled_text);
}

void draw_lesson_page(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex,
                      const ex_panel *p)
{
    ui_rect box = l->lesson;
    if (box.h <= 0)
        return;
    draw_fill(r, box, P.panel);
    draw_outline(r, box, draw_frame_style.stroke, P.heading);
    int lh = l->line_height, pad = lh / 2, font = l->panel_font;
    ui_rect at = {box.x + pad, box.y + pad / 2, box.w - 2 * pad, lh};
    int lines = (box.h - pad) / lh, task = p->has[EX_LINE_LESSON_TASK], done = p->has[EX_LINE_LESSON_DONE];
    /* The page's number and title beside Back and Next (Next ends the lesson on its last page), then
     * what it says, the task, what is said once it is met, and the keys on the last line; the
     * paragraphs get what the others leave, each at least a line. */
    /* TRANSLATORS: a lesson's buttons: the page before, and the next page (End on the last page). */
    page_button(r, a, l, l->lesson_back, C_("button", "Back"), ex_lesson_page_shown(ex) > 0);
    bool last = ex_lesson_page_shown(ex) + 1 == ex_lesson_pages(ex);
    page_button(r, a, l, l->lesson_next, last ? C_("button", "End") : C_("button", "Next"), ex_lesson_task_done(ex));
    ui_rect title = at;
    int buttons = l->lesson_next.w + l->lesson_back.w + pad;
    title.w -= buttons;
    if (l->labels_right)
        title.x += buttons;
    /* The title takes a second line where it needs one and the box has the room. */
    int title_lines = lines >= 6 && lines_for(a, font, title.w, p->text[EX_LINE_LESSON_PAGE], 2) > 1 ? 2 : 1;
    wrap_in(a, title, title_lines, lh, font, p->text[EX_LINE_LESSON_PAGE], P.heading);
    at.y += title_lines * lh;
    int rest = lines - 1 - title_lines;
    int task_lines = task ? SDL_min(2, lines_for(a, font, at.w, p->text[EX_LINE_LESSON_TASK], 2)) : 0;
    int done_lines = done ? SDL_min(2, lines_for(a, font, at.w, p->text[EX_LINE_LESSON_DONE], 2)) : 0;
    const char *say = p->text[EX_LINE_LESSON_SAY];
    int needed = task_lines + done_lines;
    for (const char *s = say; *s;) {
        const char *stop = strchr(s, EX_LESSON_PARAGRAPH);
        size_t length = stop ? (size_t)(stop - s) : strlen(s);
        char paragraph[PARAGRAPH_BYTES];
        snprintf(paragraph, sizeof paragraph, "%.*s", (int)length, s);
        needed += lines_for(a, font, at.w, paragraph, lines);
        s = stop ? stop + 1 : s + length;
    }
    /* The keys take the lines they need (two at most): cut, they would say nothing; the paragraphs
     * are made smaller instead. */
    int keys = lines_for(a, SMALLEST_TEXT, at.w, p->text[EX_LINE_LESSON_KEYS], 2) > 1 ||
                       (lines_for(a, font, at.w, p->text[EX_LINE_LESSON_KEYS], 2) > 1 && needed + 2 <= rest)
                   ? 2
                   : 1;
    rest -= keys - 1;
    int left = paragraphs(say);
    for (const char *s = say; left > 0 && rest > 0; left--) {
        const char *stop = strchr(s, EX_LESSON_PARAGRAPH);
        size_t length = stop ? (size_t)(stop - s) : strlen(s);
        char paragraph[PARAGRAPH_BYTES];
        snprintf(paragraph, sizeof paragraph, "%.*s", (int)length, s);
        int room = SDL_max(1, rest - task_lines - done_lines - (left - 1));
        int used = SDL_min(room, lines_for(a, font, at.w, paragraph, room));
        /* The last paragraph there is room for ends with an ellipsis when others follow unshown. */
        wrap_more(a, at, used, lh, font, paragraph, left > 1 && rest - used <= 0, P.text);
        at.y += used * lh;
        rest -= used;
        s = stop ? stop + 1 : s + length;
    }
    if (task && rest > 0) {
        int used = SDL_max(1, SDL_min(task_lines, rest - done_lines));
        wrap_in(a, at, used, lh, font, p->text[EX_LINE_LESSON_TASK], P.narration);
        at.y += used * lh;
        rest -= used;
    }
    if (done && rest > 0) {
        int used = SDL_max(1, SDL_min(done_lines, rest));
        wrap_in(a, at, used, lh, font, p->text[EX_LINE_LESSON_DONE], P.bright_text);
    }
    at.y = box.y + box.h - pad / 2 - keys * lh;
    wrap_in(a, at, keys, lh, font, p->text[EX_LINE_LESSON_KEYS], P.dim_text);
}

void draw_lesson_list(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    ui_rect box = ui_layout_lessons_box(l);
    draw_fill(r, box, P.panel);
    draw_outline(r, box, draw_frame_style.stroke, P.heading);
    int pad = l->line_height / 2, lh = l->line_height, count = ex_lessons_count(ex);
    char text[DRAW_TEXT_BYTES];
    ex_lessons_heading(ex, text, sizeof text);
    ui_rect head = {box.x + pad, box.y + pad / 2, box.w - 2 * pad, lh * 3 / 2};
    wrap_in(a, head, 1, head.h, l->panel_font * 5 / 4, text, P.bright_text);
    int rows = ui_layout_lessons_rows(l, count), from = ex_lessons_first_shown(ex, rows);
    for (int i = 0; i < rows && from + i < count; i++) {
        const ex_lesson_entry *e = ex_lessons_entry(ex, from + i);
        ui_rect row = ui_layout_lessons_row(l, count, i);
        bool picked = from + i == ex_lessons_pick(ex);
        if (picked) {
            draw_fill(r, row, P.button);
            draw_outline(r, row, draw_frame_style.stroke, P.cursor);
        }
        ui_rect inner = {row.x + pad / 2, row.y, row.w - pad, lh};
        wrap_in(a, inner, 1, lh, l->panel_font, e->title, picked ? P.bright_text : P.text);
        inner.y += lh;
        wrap_in(a, inner, row.h / lh - 1 > 0 ? row.h / lh - 1 : 1, lh, l->panel_font, e->about,
                e->bad ? P.reject : P.dim_text);
    }
    ex_lessons_keys(text, sizeof text);
    ui_rect foot = {box.x + pad, box.y + box.h - lh * 5 / 2, box.w - 2 * pad, lh * 2};
    wrap_in(a, foot, 2, lh, l->panel_font, text, P.dim_text);
}
