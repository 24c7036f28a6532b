/*
 * render.c -- immediate-mode drawing with SDL_Renderer primitives, glyph-cached text and one
 * queen texture. Colours were picked so that the queen (navy with a white outline) stands out on
 * both the light and the dark squares, and shading stays translucent so squares remain legible.
 */
#include "render.h"

#include <stdio.h>
#include <string.h>

const SDL_Color UI_LIGHT_SQUARE = {240, 217, 181, 255};
const SDL_Color UI_DARK_SQUARE = {181, 136, 99, 255};
const SDL_Color UI_BACKGROUND = {34, 38, 46, 255};
const SDL_Color UI_PINNED = {200, 30, 45, 255};

static const SDL_Color panel_color = {44, 49, 58, 255};
static const SDL_Color text_color = {230, 230, 230, 255};
static const SDL_Color dim_color = {154, 163, 173, 255};
static const SDL_Color button_color = {70, 78, 92, 255};
static const SDL_Color attacked_shade = {200, 40, 40, 80};
static const SDL_Color hover_shade = {40, 110, 220, 80};
static const SDL_Color tried_color = {255, 216, 77, 255};
static const SDL_Color reject_color = {230, 40, 40, 255};
static const SDL_Color flash_shade = {60, 200, 90, 90};
static const SDL_Color cursor_color = {40, 220, 230, 255};

static void set_color(SDL_Renderer *r, SDL_Color c)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
}

static void fill(SDL_Renderer *r, ui_rect rect, SDL_Color c)
{
    set_color(r, c);
    SDL_RenderFillRect(r, &(SDL_Rect){rect.x, rect.y, rect.w, rect.h});
}

/* A frame `thickness` pixels wide inside rect. */
static void frame(SDL_Renderer *r, ui_rect rect, int thickness, SDL_Color c)
{
    set_color(r, c);
    for (int i = 0; i < thickness; i++)
        SDL_RenderDrawRect(r, &(SDL_Rect){rect.x + i, rect.y + i, rect.w - 2 * i, rect.h - 2 * i});
}

static void disc(SDL_Renderer *r, int cx, int cy, int radius, SDL_Color c)
{
    set_color(r, c);
    for (int dy = -radius; dy <= radius; dy++) {
        int dx = (int)SDL_sqrt((double)(radius * radius - dy * dy));
        SDL_RenderDrawLine(r, cx - dx, cy + dy, cx + dx, cy + dy);
    }
}

/* A line a few pixels thick between two points. */
static void thick_line(SDL_Renderer *r, int x0, int y0, int x1, int y1, int thickness, SDL_Color c)
{
    set_color(r, c);
    for (int i = -thickness / 2; i <= thickness / 2; i++) {
        SDL_RenderDrawLine(r, x0 + i, y0, x1 + i, y1);
        SDL_RenderDrawLine(r, x0, y0 + i, x1, y1 + i);
    }
}

bool ui_attacks(nq_square a, nq_square b)
{
    return a.column == b.column || a.row == b.row || a.row - a.column == b.row - b.column ||
           a.row + a.column == b.row + b.column;
}

static void centre(ui_rect rect, int *x, int *y)
{
    *x = rect.x + rect.w / 2;
    *y = rect.y + rect.h / 2;
}

/* Numbers with thousands separators: 14,772,512. */
static void grouped(uint64_t v, char *buf, size_t size)
{
    char digits[24];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    size_t o = 0;
    for (int i = 0; i < len && o + 2 < size; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
}

static void draw_queen(SDL_Renderer *r, const ui_assets *a, ui_rect cell, bool pinned)
{
    int pad = cell.w / 10;
    if (pinned) {
        int cx, cy;
        centre(cell, &cx, &cy);
        disc(r, cx, cy, cell.w / 2 - 1, UI_PINNED);
    }
    SDL_RenderCopy(r, a->queen, NULL, &(SDL_Rect){cell.x + pad, cell.y + pad, cell.w - 2 * pad, cell.h - 2 * pad});
}

static void draw_labels(const ui_assets *a, const ui_layout *l)
{
    char num[16];
    int lh = ui_text_line_height(a->text, l->label_font);
    for (int i = 0; i < l->n; i++) {
        /* Every label_every-th number, and 1 as well where the next one is far enough. */
        if ((i + 1) % l->label_every != 0 && !(i == 0 && l->label_every > 2))
            continue;
        snprintf(num, sizeof num, "%d", i + 1);
        int w = ui_text_width(a->text, l->label_font, num);
        int x = l->board.x + i * l->cell + (l->cell - w) / 2;
        ui_text_draw(a->text, l->label_font, x, l->top_labels.y + (l->top_labels.h - lh) / 2, num, dim_color);
        int y = l->board.y + i * l->cell + (l->cell - lh) / 2;
        ui_text_draw(a->text, l->label_font, l->left_labels.x + l->left_labels.w - w - 3, y, num, dim_color);
    }
}

static void draw_board(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex, double now)
{
    int n = l->n;
    const int *board = ex_board(ex);
    for (int row = 0; row < n; row++)
        for (int col = 0; col < n; col++)
            fill(r, ui_layout_square(l, (nq_square){col, row}), (row + col) % 2 ? UI_DARK_SQUARE : UI_LIGHT_SQUARE);

    /* Shade what the queens on the board attack (the squares a propagating solver would strike
     * out), or, on a shown solution, nothing: it is complete. */
    if (!ex->viewing) {
        for (int row = 0; row < n; row++) {
            for (int col = 0; col < n; col++) {
                if (board[row] == col)
                    continue;
                for (int q = 0; q < n; q++) {
                    if (board[q] >= 0 && ui_attacks((nq_square){board[q], q}, (nq_square){col, row})) {
                        fill(r, ui_layout_square(l, (nq_square){col, row}), attacked_shade);
                        break;
                    }
                }
            }
        }
    }
    if (ex->has_hover && !ex->viewing && board[ex->hover.row] != ex->hover.column) {
        for (int row = 0; row < n; row++)
            for (int col = 0; col < n; col++)
                if ((col != ex->hover.column || row != ex->hover.row) &&
                    ui_attacks(ex->hover, (nq_square){col, row}))
                    fill(r, ui_layout_square(l, (nq_square){col, row}), hover_shade);
    }

    /* The watched step: the tried square, a rejected square with a line to its attacker, the
     * dead-end row with a line from each square to what attacks it. */
    if (ex->mode == EX_WATCH && !ex->viewing && ex->has_step) {
        const nq_step *s = &ex->step;
        ui_rect sq = ui_layout_square(l, (nq_square){s->column, s->row});
        int thickness = l->cell > 24 ? 3 : 1;
        if (ex->dead_end_row >= 0) {
            for (int col = 0; col < n; col++) {
                const nq_step *why = &ex->dead_end_attackers[col];
                ui_rect from = ui_layout_square(l, (nq_square){col, ex->dead_end_row});
                ui_rect to = ui_layout_square(l, (nq_square){why->by_column, why->by_row});
                int x0, y0, x1, y1;
                centre(from, &x0, &y0);
                centre(to, &x1, &y1);
                frame(r, from, thickness, reject_color);
                thick_line(r, x0, y0, x1, y1, 1, reject_color);
            }
        } else if (s->kind == NQ_STEP_TRY || s->kind == NQ_STEP_PLACE) {
            frame(r, sq, thickness, tried_color);
        } else if (s->kind == NQ_STEP_REJECT) {
            int x0, y0, x1, y1;
            centre(sq, &x0, &y0);
            centre(ui_layout_square(l, (nq_square){s->by_column, s->by_row}), &x1, &y1);
            frame(r, sq, thickness, reject_color);
            thick_line(r, x0, y0, x1, y1, thickness, reject_color);
        }
    }

    for (int row = 0; row < n; row++)
        if (board[row] >= 0)
            draw_queen(r, a, ui_layout_square(l, (nq_square){board[row], row}),
                       ex->has_first && ex->first.row == row && ex->first.column == board[row]);

    if (ex->pin_active)
        frame(r, ui_layout_square(l, ex->pin_cursor), l->cell > 16 ? 3 : 2, cursor_color);
    if (ex->flash_until > now && !ex->viewing)
        fill(r, l->board, flash_shade);

    if (ex_no_solution(ex)) {
        fill(r, l->board, (SDL_Color){20, 20, 24, 170});
        int big = l->board.w / 9, small = l->board.w / 28 < 12 ? 12 : l->board.w / 28;
        char reason[160];
        ex_no_solution_reason(ex, reason, sizeof reason);
        int w = ui_text_width(a->text, big, "No solution");
        int y = l->board.y + l->board.h / 2 - big;
        ui_text_draw(a->text, big, l->board.x + (l->board.w - w) / 2, y, "No solution", (SDL_Color){255, 255, 255, 255});
        w = ui_text_width(a->text, small, reason);
        ui_text_draw(a->text, small, l->board.x + (l->board.w - w) / 2, y + big * 3 / 2, reason, text_color);
    }
}

static void draw_button(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, ui_button b, const char *label)
{
    ui_rect rect = l->buttons[b];
    fill(r, rect, button_color);
    int w = ui_text_width(a->text, l->panel_font, label);
    int h = ui_text_line_height(a->text, l->panel_font);
    ui_text_draw(a->text, l->panel_font, rect.x + (rect.w - w) / 2, rect.y + (rect.h - h) / 2, label, text_color);
}

static void panel_text(const ui_assets *a, const ui_layout *l, int line, int dx, const char *s, SDL_Color c)
{
    ui_rect rect = ui_layout_line(l, line);
    int h = ui_text_line_height(a->text, l->panel_font);
    ui_text_draw(a->text, l->panel_font, rect.x + dx, rect.y + (rect.h - h) / 2, s, c);
}

/* Writes text over up to `lines` panel lines, breaking at spaces. */
static void wrapped(const ui_assets *a, const ui_layout *l, int line, int lines, const char *text, SDL_Color c)
{
    int width = ui_layout_line(l, line).w;
    const char *p = text;
    for (int i = 0; i < lines && *p; i++) {
        char buf[256];
        size_t fit = 0, last_space = 0;
        while (p[fit] && fit + 1 < sizeof buf) {
            buf[fit] = p[fit];
            buf[fit + 1] = '\0';
            if (ui_text_width(a->text, l->panel_font, buf) > width)
                break;
            if (p[fit] == ' ' || p[fit] == '/')
                last_space = fit + (p[fit] == '/'); /* a path breaks after its slashes */
            fit++;
        }
        if (p[fit] && last_space > 0)
            fit = last_space;
        memcpy(buf, p, fit);
        buf[fit] = '\0';
        panel_text(a, l, line + i, 0, buf, c);
        p += fit;
        while (*p == ' ')
            p++;
    }
}

static void draw_panel(SDL_Renderer *r, const ui_assets *a, const ui_layout *l, const explorer *ex)
{
    fill(r, l->panel, panel_color);
    char buf[200], num[32];
    ui_rect title = ui_layout_line(l, UI_LINE_TITLE);
    ui_text_draw(a->text, l->panel_font * 5 / 4, title.x, title.y, "N-Queens Explorer", (SDL_Color){255, 255, 255, 255});

    panel_text(a, l, UI_LINE_N, 0, "N", dim_color);
    draw_button(r, a, l, UI_N_MINUS, "-");
    snprintf(buf, sizeof buf, "%d", ex->n);
    int mid = l->buttons[UI_N_MINUS].x + l->buttons[UI_N_MINUS].w;
    int span = l->buttons[UI_N_PLUS].x - mid;
    ui_rect nline = ui_layout_line(l, UI_LINE_N);
    int h = ui_text_line_height(a->text, l->panel_font);
    ui_text_draw(a->text, l->panel_font, mid + (span - ui_text_width(a->text, l->panel_font, buf)) / 2,
                 nline.y + (nline.h - h) / 2, buf, text_color);
    draw_button(r, a, l, UI_N_PLUS, "+");

    panel_text(a, l, UI_LINE_MODE, 0, "Mode", dim_color);
    draw_button(r, a, l, UI_MODE, ex->mode == EX_WATCH ? "Watch" : "Solve");

    panel_text(a, l, UI_LINE_SPEED, 0, "Speed", ex->mode == EX_WATCH ? dim_color : (SDL_Color){90, 96, 106, 255});
    draw_button(r, a, l, UI_SLOWER, "<<");
    ex_speed_text(ex, buf, sizeof buf);
    mid = l->buttons[UI_SLOWER].x + l->buttons[UI_SLOWER].w;
    span = l->buttons[UI_FASTER].x - mid;
    ui_rect sline = ui_layout_line(l, UI_LINE_SPEED);
    ui_text_draw(a->text, l->panel_font, mid + (span - ui_text_width(a->text, l->panel_font, buf)) / 2,
                 sline.y + (sline.h - h) / 2, buf, text_color);
    draw_button(r, a, l, UI_FASTER, ">>");

    draw_button(r, a, l, UI_PLAY, ex->mode == EX_WATCH && !ex->paused && ex->running ? "Pause" : "Play");
    draw_button(r, a, l, UI_STEP, "Step");
    draw_button(r, a, l, UI_RESTART, "Restart");

    if (ex->has_first)
        snprintf(buf, sizeof buf, "First queen: column %d, row %d", ex->first.column + 1, ex->first.row + 1);
    else
        snprintf(buf, sizeof buf, "First queen: none: click a square");
    panel_text(a, l, UI_LINE_FIRST, 0, buf, text_color);

    ex_solution_text(ex, buf, sizeof buf);
    panel_text(a, l, UI_LINE_SOLUTION, 0, buf, (SDL_Color){255, 255, 255, 255});
    draw_button(r, a, l, UI_PREVIOUS, "<");
    draw_button(r, a, l, UI_NEXT, ">");

    grouped(ex->solutions, num, sizeof num);
    snprintf(buf, sizeof buf, "Solutions: %s%s", num, ex->running ? " so far" : "");
    panel_text(a, l, UI_LINE_FIGURES, 0, buf, text_color);
    grouped(ex->nodes, num, sizeof num);
    snprintf(buf, sizeof buf, "Queens placed: %s", num);
    panel_text(a, l, UI_LINE_FIGURES + 1, 0, buf, text_color);
    grouped(ex->dead_ends, num, sizeof num);
    snprintf(buf, sizeof buf, "Dead ends: %s", num);
    panel_text(a, l, UI_LINE_FIGURES + 2, 0, buf, text_color);
    snprintf(buf, sizeof buf, "Elapsed: %.2f s", ex->elapsed);
    panel_text(a, l, UI_LINE_FIGURES + 3, 0, buf, text_color);
    grouped((uint64_t)(ex->rate + 0.5), num, sizeof num);
    snprintf(buf, sizeof buf, "Steps per second: %s", ex->mode == EX_WATCH ? num : "-");
    panel_text(a, l, UI_LINE_FIGURES + 4, 0, buf, text_color);
    if (ex->has_first)
        snprintf(buf, sizeof buf, "Unique: not with a pinned queen");
    else if (ex->has_unique) {
        grouped(ex->unique, num, sizeof num);
        snprintf(buf, sizeof buf, "Unique (rotation, reflection): %s", num);
    } else
        snprintf(buf, sizeof buf, "Unique: when the search ends");
    panel_text(a, l, UI_LINE_FIGURES + 5, 0, buf, text_color);

    ex_narration(ex, buf, sizeof buf);
    wrapped(a, l, UI_LINE_NARRATION, 3, buf, (SDL_Color){255, 236, 180, 255});
    wrapped(a, l, UI_LINE_STATUS, 2, ex->status, dim_color);
    panel_text(a, l, UI_LINE_HINT, 0, "F1 or ?: every key", dim_color);
}

static void draw_help(SDL_Renderer *r, const ui_assets *a, const ui_layout *l)
{
    static const char *keys[][2] = {
        {"Left / Right", "previous / next solution"},
        {"Home / End", "first / last solution"},
        {"PgUp / PgDn", "ten back / ten forward"},
        {"G, digits, Enter", "go to a solution"},
        {"+ / -", "N up / down"},
        {"Tab", "switch Watch / Solve"},
        {"Space", "play / pause"},
        {".", "one step"},
        {"[ / ]", "slower / faster"},
        {"R", "restart the search"},
        {"Esc", "stop the search, close this help"},
        {"Q, arrows, Enter", "pin a queen from the keyboard"},
        {"Click a square", "pin the first queen (again: lift it)"},
        {"Ctrl+S", "save the board as PNG"},
        {"Ctrl+C", "copy the solution as text"},
        {"F1 or ?", "this help"},
        {"Ctrl+Q", "quit"},
    };
    fill(r, l->window, (SDL_Color){10, 12, 16, 230});
    int size = l->panel_font * 6 / 5;
    int lh = ui_text_line_height(a->text, size) + 2;
    int count = (int)(sizeof keys / sizeof keys[0]);
    int key_w = ui_text_width(a->text, size, "G, digits, Enter") + size * 2;
    int width = key_w + ui_text_width(a->text, size, "pin the first queen (again: lift it)");
    int x = (l->window.w - width) / 2, y = (l->window.h - (count + 2) * lh) / 2;
    ui_text_draw(a->text, size, x, y, "Keys", (SDL_Color){255, 216, 77, 255});
    for (int i = 0; i < count; i++) {
        ui_text_draw(a->text, size, x, y + (i + 2) * lh, keys[i][0], (SDL_Color){255, 236, 180, 255});
        ui_text_draw(a->text, size, x + key_w, y + (i + 2) * lh, keys[i][1], text_color);
    }
}

void ui_render(SDL_Renderer *renderer, const ui_assets *assets, const ui_layout *layout, const explorer *ex,
               double now)
{
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    set_color(renderer, UI_BACKGROUND);
    SDL_RenderClear(renderer);
    draw_labels(assets, layout);
    draw_board(renderer, assets, layout, ex, now);
    draw_panel(renderer, assets, layout, ex);
    if (ex->help)
        draw_help(renderer, assets, layout);
}
