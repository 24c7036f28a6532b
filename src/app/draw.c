/*
 * draw.c -- the drawing files' common ground: the style of the frame being drawn, the shapes
 * every part of the window is made of, and text fitted to a width. Text shrinks to fit down to the
 * smallest size the frame allows and is then cut or wrapped, never scaled, so that it stays sharp
 * at any density. The shapes take a colour each time and set it themselves, so no caller depends
 * on the colour another one left behind.
 */
#include "draw.h"

#include <stdio.h>
#include <string.h>

draw_style draw_frame_style;

void draw_set_color(SDL_Renderer *r, SDL_Color c)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
}

void draw_fill(SDL_Renderer *r, ui_rect rect, SDL_Color c)
{
    draw_set_color(r, c);
    SDL_RenderFillRect(r, &(SDL_Rect){rect.x, rect.y, rect.w, rect.h});
}

void draw_outline(SDL_Renderer *r, ui_rect rect, int thickness, SDL_Color c)
{
    draw_set_color(r, c);
    for (int i = 0; i < thickness; i++)
        SDL_RenderDrawRect(r, &(SDL_Rect){rect.x + i, rect.y + i, rect.w - 2 * i, rect.h - 2 * i});
}

void draw_disc(SDL_Renderer *r, int cx, int cy, int radius, SDL_Color c)
{
    draw_set_color(r, c);
    for (int dy = -radius; dy <= radius; dy++) {
        int dx = (int)SDL_sqrt((double)(radius * radius - dy * dy));
        SDL_RenderDrawLine(r, cx - dx, cy + dy, cx + dx, cy + dy);
    }
}

void draw_thick_line(SDL_Renderer *r, int x0, int y0, int x1, int y1, int thickness, SDL_Color c)
{
    draw_set_color(r, c);
    for (int i = -thickness / 2; i <= thickness / 2; i++) {
        SDL_RenderDrawLine(r, x0 + i, y0, x1 + i, y1);
        SDL_RenderDrawLine(r, x0, y0 + i, x1, y1 + i);
    }
}

void draw_cross(SDL_Renderer *r, int x, int y, int half, SDL_Color c)
{
    draw_set_color(r, c);
    for (int d = 0; d <= (half >= 8); d++) {
        SDL_RenderDrawLine(r, x - half + d, y - half, x + half + d, y + half);
        SDL_RenderDrawLine(r, x - half + d, y + half, x + half + d, y - half);
    }
}

void draw_centre(ui_rect rect, int *x, int *y)
{
    *x = rect.x + rect.w / 2;
    *y = rect.y + rect.h / 2;
}

void draw_queen(SDL_Renderer *r, const ui_assets *a, ui_rect cell, bool pinned)
{
    int pad = cell.w / 10;
    if (pinned) {
        int cx, cy;
        draw_centre(cell, &cx, &cy);
        draw_disc(r, cx, cy, cell.w / 2 - 1, P.pinned);
    }
    SDL_RenderCopy(r, a->queen, NULL, &(SDL_Rect){cell.x + pad, cell.y + pad, cell.w - 2 * pad, cell.h - 2 * pad});
}

int draw_fitting_size(const ui_assets *a, int size, int width, const char *s)
{
    while (size > SMALLEST_TEXT && ui_text_width(a->text, size, s) > width)
        size--;
    return size;
}

void draw_text_centred(const ui_assets *a, int size, int x, int y, const char *s, SDL_Color c)
{
    ui_text_draw(a->text, size, x - ui_text_width(a->text, size, s) / 2, y, s, c);
}

void draw_text_in(const ui_assets *a, int x, int y, int width, int size, const char *s, SDL_Color c)
{
    size = draw_fitting_size(a, size, width, s);
    char cut[DRAW_TEXT_BYTES];
    snprintf(cut, sizeof cut, "%s", s);
    for (size_t len = strlen(cut); len > 1 && ui_text_width(a->text, size, cut) > width;) {
        do /* back to the first byte of the last character */
            len--;
        while (len > 0 && ((unsigned char)cut[len] & 0xC0) == 0x80);
        cut[len] = '\0';
    }
    ui_text_draw_start(a->text, size, x, width, y, cut, c);
}

void draw_text_in_line(const ui_assets *a, const ui_layout *l, int line, int x, int width, const char *s,
                       SDL_Color c)
{
    ui_rect rect = ui_layout_line(l, line);
    int size = draw_fitting_size(a, l->panel_font, width, s);
    int h = ui_text_line_height(a->text, size);
    ui_text_draw_start(a->text, size, x, width, rect.y + (rect.h - h) / 2, s, c);
}

void draw_panel_text(const ui_assets *a, const ui_layout *l, int line, const char *s, SDL_Color c)
{
    ui_rect rect = ui_layout_line(l, line);
    draw_text_in_line(a, l, line, rect.x, rect.w, s, c);
}

void draw_label_text(const ui_assets *a, const ui_layout *l, int line, const char *s, SDL_Color c)
{
    ui_rect rect = ui_layout_label(l, line);
    draw_text_in_line(a, l, line, rect.x, rect.w, s, c);
}

/* The most bytes one wrapped line holds: more than a panel line of three-byte characters. */
enum { WRAP_LINE_BYTES = 768 };

/* The next line's start after a break at fit. */
static const char *after_break(const char *p, size_t fit)
{
    p += fit;
    while (*p == ' ')
        p++;
    return p;
}

/* Lines text needs at size (counting stops past max). */
static int lines_needed(const ui_assets *a, int size, int width, const char *text, int max)
{
    int count = 0;
    for (const char *p = text; *p && count <= max; count++)
        p = after_break(p, ui_text_fit(a->text, size, width, p));
    return count;
}

int draw_wrapped(const ui_assets *a, const ui_layout *l, int line, int lines, const char *text, SDL_Color c)
{
    if (lines <= 0)
        return 0;
    ui_rect first = ui_layout_line(l, line);
    return draw_wrapped_box(a, (ui_rect){first.x, first.y, first.w, lines * l->line_height}, lines, l->panel_font,
                            text, c);
}

int draw_wrapped_box(const ui_assets *a, ui_rect box, int lines, int size, const char *text, SDL_Color c)
{
    if (lines <= 0)
        return 0;
    int width = box.w, line_h = box.h / lines;
    while (size > SMALLEST_TEXT && lines_needed(a, size, width, text, lines) > lines)
        size--;
    int h = ui_text_line_height(a->text, size), used = 0;
    for (const char *p = text; used < lines && *p; used++) {
        size_t fit = ui_text_fit(a->text, size, width, p);
        char buf[WRAP_LINE_BYTES];
        snprintf(buf, sizeof buf, "%.*s", (int)fit, p);
        ui_text_draw_start(a->text, size, box.x, box.w, box.y + used * line_h + (line_h - h) / 2, buf, c);
        p = after_break(p, fit);
    }
    return used;
}
