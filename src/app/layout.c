/*
 * layout.c -- the board is the largest square of whole cells that fits left of the side panel
 * once room is kept for the numbers; the panel is a column of equal lines, its buttons placed on
 * them. The search tree, when shown, shares the board's side of the window. Everything scales with
 * the window; the least and most sizes (margins, lines, text) are in points, times the density
 * (pixels a point: 2 on a high-DPI screen), so that a window looks the same at any density, only
 * sharper.
 *
 * A board above NQ_MAX_N has squares smaller than a pixel when seen whole, so it is looked at
 * through a view (ui_view): a scale in pixels a square, which need not be whole, and an origin. Every
 * square rectangle and every hit test, at any size, goes through those two numbers, so drawing and
 * clicking cannot disagree; up to NQ_MAX_N they are the whole cells of the fitted board.
 */
#include "layout.h"

#include <math.h>

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

bool ui_rect_contains(ui_rect r, int x, int y)
{
    return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

ui_rect ui_layout_line(const ui_layout *l, int line)
{
    int pad = l->line_height / 2;
    return (ui_rect){l->panel.x + pad, l->panel.y + pad + line * l->line_height, l->panel.w - 2 * pad,
                     l->line_height};
}

/* A button of width w at offset dx into a line, a little shorter than the line. */
static ui_rect button_on(const ui_layout *l, int line, int dx, int w)
{
    ui_rect r = ui_layout_line(l, line);
    int inset = l->line_height / 8;
    return (ui_rect){r.x + dx, r.y + inset, w, r.h - 2 * inset};
}

/* How many digits n has (n >= 1). */
static int digits_of(int n)
{
    int digits = 1;
    for (; n >= 10; n /= 10)
        digits++;
    return digits;
}

/* points at density pixels a point, in whole pixels. */
static int px(double density, int points)
{
    return (int)lround(points * density);
}

int ui_layout_px(const ui_layout *l, int points)
{
    return px(l->density, points);
}

ui_layout ui_layout_compute(int width, int height, int n, bool tree, double density)
{
    return ui_layout_compute_lesson(width, height, n, tree, false, density);
}

ui_layout ui_layout_compute_lesson(int width, int height, int n, bool tree, bool lesson, double density)
{
    ui_layout l = {0};
    l.n = n;
    l.window = (ui_rect){0, 0, width, height};
    l.density = density;
    int margin = clamp(width / 80, px(density, 8), px(density, 24));

    l.line_height = clamp((height - 2 * margin) / (UI_LINE_COUNT + 1), px(density, 16), px(density, 34));
    int panel_w = clamp(width * 3 / 10, px(density, 300), px(density, 460));
    /* Text as large as the line allows, but small enough for the longest line to fit. */
    l.panel_font = clamp(panel_w / 23, px(density, 10), l.line_height * 3 / 5);
    l.panel = (ui_rect){width - margin - panel_w, margin, panel_w, height - 2 * margin};

    /* The board's region left of the panel; the tree panel, when shown, takes part of it: beside
     * the board when the region is wide, under it when it is not. */
    /* The timeline bar under the board, with a gap as high. */
    int bar = clamp(height / 40, px(density, 12), px(density, 22));
    int region_w = l.panel.x - 2 * margin, region_h = height - 2 * margin;
    int region_x = margin, region_y = margin;
    if (lesson) { /* a lesson's page under the board: two fifths of the height, in whole lines */
        int lines = clamp(UI_LESSON_LINES, region_h * UI_LESSON_PERCENT / 100 / l.line_height,
                          region_h * UI_LESSON_MOST_PERCENT / 100 / l.line_height);
        int box = lines * l.line_height;
        l.lesson = (ui_rect){region_x, region_y + region_h - box, region_w, box};
        int button_w = clamp(l.line_height * 3, 1, region_w / 4), inset = l.line_height / 8;
        int pad = l.line_height / 2, top = l.lesson.y + pad / 2 + inset, h = l.line_height - 2 * inset;
        l.lesson_next = (ui_rect){region_x + region_w - pad - button_w, top, button_w, h};
        l.lesson_back = (ui_rect){l.lesson_next.x - inset * 2 - button_w, top, button_w, h};
        region_h -= box + margin;
    }
    l.region = (ui_rect){region_x, region_y, region_w, region_h};
    if (tree) {
        ui_rect t;
        if (region_w * 5 >= region_h * 6 || lesson) {
            int board_w = region_w / 2;
            t = (ui_rect){region_x + board_w + margin, region_y, region_w - board_w - margin, region_h};
            region_w = board_w;
        } else {
            int board_h = region_h * 11 / 20;
            t = (ui_rect){region_x, region_y + board_h + margin, region_w, region_h - board_h - margin};
            region_h = board_h;
        }
        int labels = clamp(t.w / 12, px(density, 40), px(density, 56));
        int key = l.panel_font * 3; /* two lines of the panel's text */
        l.tree_overview = (ui_rect){t.x, t.y, t.w, bar};
        l.tree_labels = (ui_rect){t.x, t.y + 2 * bar, labels, t.h - 2 * bar - key};
        l.tree = (ui_rect){t.x + labels, t.y + 2 * bar, t.w - labels, t.h - 2 * bar - key};
        l.tree_key = (ui_rect){t.x, t.y + t.h - key, t.w, key};
    }
    /* Under the timeline, the key to the board's marks: UI_LEGEND_ROWS rows of the panel's text
     * (a board above NQ_MAX_N shows queens only, and has none). */
    bool wide = n > NQ_MAX_N;
    int legend_row = l.panel_font * 3 / 2, legend_h = wide ? 0 : UI_LEGEND_ROWS * legend_row + bar / 2;
    /* Room for the numbers, in the panel's text size: two digits (above NQ_MAX_N, as many digits as
     * n has beside the rows). */
    int area_w = region_w, area_h = region_h - 2 * bar - legend_h;
    int side = area_w < area_h ? area_w : area_h;
    int font = l.panel_font;
    int gutter = font * 3 / 2;
    int left_gutter = font * (wide ? digits_of(n) : 2) * 3 / 5 + px(density, 8);
    int room = (area_w - left_gutter < area_h - gutter ? area_w - left_gutter : area_h - gutter);
    l.cell = wide ? 0 : room / n;
    if (!wide && l.cell < 1)
        l.cell = 1;
    int board = wide ? side - left_gutter : l.cell * n;
    int left = region_x + (area_w - board - left_gutter) / 2 + left_gutter;
    int top = region_y + (area_h - board - gutter) / 2 + gutter;
    l.board = (ui_rect){left, top, board, board};
    l.scale = wide ? (double)board / n : l.cell;
    l.origin_x = left;
    l.origin_y = top;
    l.top_labels = (ui_rect){left, top - gutter, board, gutter};
    l.left_labels = (ui_rect){left - left_gutter, top, left_gutter, board};
    l.timeline = (ui_rect){left, top + board + bar, board, bar};
    l.legend = (ui_rect){region_x, l.timeline.y + bar + bar / 2, area_w, legend_h - bar / 2};
    /* The numbers are as large as the panel's text (the narration names squares by them); where a
     * square is narrower than two digits, every 2nd, 4th... one is written. */
    l.label_font = font;
    /* Two digits and a gap need about 1.6 font sizes: number every 2nd, 4th... column if not. */
    l.label_every = 1;
    while (!wide && l.label_every * l.cell < l.label_font * 16 / 10)
        l.label_every *= 2;
    if (wide)
        ui_layout_zoom(&l, ui_view_fit(n));

    int line_w = ui_layout_line(&l, UI_LINE_N).w;
    int unit = clamp(l.line_height * 5 / 4, 1, line_w / 8); /* a small square button */
    int gap = unit / 4;
    int label = l.panel_font * 5; /* room for a word before the buttons */
    int race_w = unit * 3, mode_w = clamp(line_w - label - race_w - gap, 1, unit * 4);
    /* N's line ends with the Lessons button, a quarter of the line: N's buttons take what it leaves. */
    int lessons_w = clamp(line_w / 4, 1, race_w), n_unit = clamp((line_w - label - gap - lessons_w) / 5, 1, unit);
    l.buttons[UI_N_MINUS] = button_on(&l, UI_LINE_N, label, n_unit);
    l.buttons[UI_N_FIELD] = button_on(&l, UI_LINE_N, label + n_unit + gap, n_unit * 3 - 2 * gap); /* seven digits */
    l.buttons[UI_N_PLUS] = button_on(&l, UI_LINE_N, label + n_unit * 4, n_unit);
    l.buttons[UI_MODE] = button_on(&l, UI_LINE_MODE, label, mode_w);
    l.buttons[UI_RACE] = button_on(&l, UI_LINE_MODE, line_w - race_w, race_w);
    l.buttons[UI_METHOD] = button_on(&l, UI_LINE_METHOD, label, line_w - label);
    l.buttons[UI_SLOWER] = button_on(&l, UI_LINE_SPEED, label, unit);
    l.buttons[UI_FASTER] = button_on(&l, UI_LINE_SPEED, line_w - unit, unit);
    int third = (line_w - 2 * gap) / 3;
    l.buttons[UI_PLAY] = button_on(&l, UI_LINE_CONTROLS, 0, third);
    l.buttons[UI_STEP] = button_on(&l, UI_LINE_CONTROLS, third + gap, third);
    l.buttons[UI_RESTART] = button_on(&l, UI_LINE_CONTROLS, 2 * (third + gap), third);
    l.buttons[UI_HEAT] = button_on(&l, UI_LINE_EXPLORE, 0, third);
    l.buttons[UI_VARIANTS] = button_on(&l, UI_LINE_EXPLORE, third + gap, third);
    l.buttons[UI_UNIQUE] = button_on(&l, UI_LINE_EXPLORE, 2 * (third + gap), third);
    l.buttons[UI_PREVIOUS] = button_on(&l, UI_LINE_SOLUTION, line_w - 2 * unit - gap, unit);
    l.buttons[UI_NEXT] = button_on(&l, UI_LINE_SOLUTION, line_w - unit, unit);
    l.buttons[UI_LANGUAGE] = button_on(&l, UI_LINE_TITLE, line_w - race_w, race_w);
    l.buttons[UI_LESSONS] = button_on(&l, UI_LINE_N, line_w - lessons_w, lessons_w);
    return l;
}

void ui_layout_mirror_labels(ui_layout *l)
{
    static const ui_button controls[] = {UI_N_MINUS, UI_N_FIELD, UI_N_PLUS, UI_MODE,   UI_RACE,
                                         UI_METHOD,  UI_SLOWER,  UI_FASTER, UI_LESSONS};
    if (l->labels_right)
        return;
    int label = l->buttons[UI_METHOD].x - ui_layout_line(l, UI_LINE_METHOD).x;
    for (size_t i = 0; i < sizeof controls / sizeof controls[0]; i++)
        l->buttons[controls[i]].x -= label;
    ui_rect *lesson_buttons[] = {&l->lesson_back, &l->lesson_next}; /* to the box's left end, Next first */
    for (size_t i = 0; i < 2; i++)
        lesson_buttons[i]->x = 2 * l->lesson.x + l->lesson.w - lesson_buttons[i]->x - lesson_buttons[i]->w;
    l->labels_right = true;
}

ui_rect ui_layout_label(const ui_layout *l, int line)
{
    ui_rect r = ui_layout_line(l, line), method = l->buttons[UI_METHOD];
    int gap = l->line_height / 5;
    if (l->labels_right) {
        int from = method.x + method.w + gap;
        return (ui_rect){from, r.y, r.x + r.w - from, r.h};
    }
    return (ui_rect){r.x, r.y, method.x - gap - r.x, r.h};
}

ui_view ui_view_fit(int n)
{
    return (ui_view){1, n / 2.0, n / 2.0};
}

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

ui_view ui_view_clamp(ui_view v, int n)
{
    double most = (double)n / UI_VIEW_MIN_SQUARES;
    v.zoom = clampd(v.zoom, 1, most > 1 ? most : 1);
    double half = n / v.zoom / 2;
    v.cx = clampd(v.cx, half, n - half);
    v.cy = clampd(v.cy, half, n - half);
    return v;
}

/* The number written every `step` squares: the smallest of 1, 2, 5, 10, 20, 50 ... whose squares
 * span the widest number with a gap. */
static int label_step(double scale, int width)
{
    int step = 1;
    for (int i = 0; step < 1000000000 && step * scale < width; i++)
        step = i % 3 == 1 ? step / 2 * 5 : step * 2;
    return step;
}

void ui_view_squares(ui_view v, int n, int *c0, int *c1, int *r0, int *r1)
{
    v = ui_view_clamp(v, n);
    double half = n / v.zoom / 2;
    *c0 = clamp((int)floor(v.cx - half), 0, n - 1);
    *r0 = clamp((int)floor(v.cy - half), 0, n - 1);
    *c1 = clamp((int)ceil(v.cx + half) - 1, 0, n - 1);
    *r1 = clamp((int)ceil(v.cy + half) - 1, 0, n - 1);
}

void ui_layout_zoom(ui_layout *l, ui_view v)
{
    if (l->n <= NQ_MAX_N)
        return;
    v = ui_view_clamp(v, l->n);
    l->scale = (double)l->board.w / l->n * v.zoom;
    l->origin_x = l->board.x + l->board.w / 2.0 - v.cx * l->scale;
    l->origin_y = l->board.y + l->board.h / 2.0 - v.cy * l->scale;
    l->label_every = label_step(l->scale, l->label_font * (digits_of(l->n) * 3 + 5) / 5);
    if (v.zoom > 1) {
        int side = clamp(l->board.w / 5, ui_layout_px(l, 48), ui_layout_px(l, 160));
        int inset = clamp(l->board.w / 60, ui_layout_px(l, 4), ui_layout_px(l, 12));
        l->minimap =
            (ui_rect){l->board.x + l->board.w - side - inset, l->board.y + l->board.h - side - inset, side, side};
    } else {
        l->minimap = (ui_rect){0, 0, 0, 0};
    }
}

/* The pixel where the board line at `units` squares from the edge falls. */
static int edge(double origin, double scale, int units)
{
    return (int)floor(origin + units * scale);
}

ui_rect ui_layout_square(const ui_layout *l, nq_square s)
{
    int x0 = edge(l->origin_x, l->scale, s.column), y0 = edge(l->origin_y, l->scale, s.row);
    int x1 = edge(l->origin_x, l->scale, s.column + 1), y1 = edge(l->origin_y, l->scale, s.row + 1);
    return (ui_rect){x0, y0, x1 > x0 ? x1 - x0 : 1, y1 > y0 ? y1 - y0 : 1};
}

void ui_layout_point(const ui_layout *l, int x, int y, double *column, double *row)
{
    *column = (x - l->origin_x) / l->scale;
    *row = (y - l->origin_y) / l->scale;
}

void ui_layout_visible(const ui_layout *l, int *c0, int *c1, int *r0, int *r1)
{
    double left, top, right, bottom;
    ui_layout_point(l, l->board.x, l->board.y, &left, &top);
    ui_layout_point(l, l->board.x + l->board.w, l->board.y + l->board.h, &right, &bottom); /* the far edges */
    *c0 = clamp((int)floor(left), 0, l->n - 1);
    *r0 = clamp((int)floor(top), 0, l->n - 1);
    *c1 = clamp((int)ceil(right) - 1, 0, l->n - 1);
    *r1 = clamp((int)ceil(bottom) - 1, 0, l->n - 1);
}

uint64_t ui_layout_timeline_step(const ui_layout *l, int x, uint64_t length)
{
    if (l->timeline.w <= 1 || x <= l->timeline.x)
        return 0;
    if (x >= l->timeline.x + l->timeline.w - 1)
        return length;
    /* Rounded to the nearest step, so that each end of the bar is reachable. */
    return (uint64_t)((double)(x - l->timeline.x) / (l->timeline.w - 1) * (double)length + 0.5);
}

int ui_layout_timeline_x(const ui_layout *l, uint64_t step, uint64_t length)
{
    if (length == 0)
        return l->timeline.x;
    return l->timeline.x + (int)((double)step / (double)length * (l->timeline.w - 1) + 0.5);
}

bool ui_layout_square_at(const ui_layout *l, int x, int y, nq_square *s)
{
    if (!ui_rect_contains(l->board, x, y))
        return false;
    double column, row;
    ui_layout_point(l, x, y, &column, &row);
    /* The square whose rectangle holds the pixel: rectangles start at floor(origin + i * scale). */
    int c = clamp((int)floor(column), 0, l->n - 1), r = clamp((int)floor(row), 0, l->n - 1);
    while (c + 1 < l->n && edge(l->origin_x, l->scale, c + 1) <= x)
        c++;
    while (c > 0 && edge(l->origin_x, l->scale, c) > x)
        c--;
    while (r + 1 < l->n && edge(l->origin_y, l->scale, r + 1) <= y)
        r++;
    while (r > 0 && edge(l->origin_y, l->scale, r) > y)
        r--;
    s->column = c;
    s->row = r;
    return true;
}

ui_button ui_layout_button_at(const ui_layout *l, int x, int y)
{
    for (int b = 0; b < UI_BUTTON_COUNT; b++)
        if (ui_rect_contains(l->buttons[b], x, y))
            return (ui_button)b;
    return UI_BUTTON_NONE;
}

ui_lane ui_layout_lane(const ui_layout *l, int lanes, int i)
{
    /* Side by side, one above the other, or two by two: whichever gives the largest boards. */
    ui_rect g = l->region;
    int text = l->line_height, best = -1, columns = 1;
    for (int c = 1; c <= lanes; c++) {
        int rows = (lanes + c - 1) / c;
        int w = g.w / c, h = g.h / rows - 3 * text - text / 4;
        int side = w < h ? w : h;
        if (side > best) {
            best = side;
            columns = c;
        }
    }
    int rows = (lanes + columns - 1) / columns;
    int cw = g.w / columns, ch = g.h / rows;
    ui_rect cell = {g.x + i % columns * cw, g.y + i / columns * ch, cw, ch};
    int gap = text / 2, words = 3 * text + text / 4; /* a title line over the board, two lines under it */
    int side = cell.w - gap < cell.h - words ? cell.w - gap : cell.h - words;
    ui_lane lane;
    lane.cell = side / l->n > 0 ? side / l->n : 1;
    int board = lane.cell * l->n;
    int x = cell.x + (cell.w - board) / 2;
    lane.title = (ui_rect){cell.x, cell.y, cell.w - gap, text};
    lane.board = (ui_rect){x, cell.y + text, board, board};
    lane.figures = (ui_rect){cell.x, cell.y + text + board + text / 4, cell.w - gap, 2 * text};
    return lane;
}

/* ---- the list of lessons (F2), over the whole window ---- */

/* Its heading takes this many lines, the keys under it as many; a lesson takes its title's line and
 * two for the line about it, with a quarter line between two lessons, or one for the line about it
 * when that is what it takes for all of them to fit. */
enum { LESSONS_HEAD_LINES = 2, LESSONS_FOOT_LINES = 3, LESSONS_ROOMY = 13, LESSONS_TIGHT = 9 }; /* quarters */

ui_rect ui_layout_lessons_box(const ui_layout *l)
{
    int margin = l->region.x;
    return (ui_rect){margin, margin, l->window.w - 2 * margin, l->window.h - 2 * margin};
}

/* Quarter lines a lesson takes when count of them are listed. */
static int lessons_row_quarters(const ui_layout *l, int count)
{
    int h = ui_layout_lessons_box(l).h - (LESSONS_HEAD_LINES + LESSONS_FOOT_LINES) * l->line_height;
    return count * LESSONS_ROOMY * l->line_height / 4 <= h ? LESSONS_ROOMY : LESSONS_TIGHT;
}

int ui_layout_lessons_rows(const ui_layout *l, int count)
{
    int h = ui_layout_lessons_box(l).h - (LESSONS_HEAD_LINES + LESSONS_FOOT_LINES) * l->line_height;
    int row = l->line_height * lessons_row_quarters(l, count) / 4;
    return row > 0 && h > 0 ? h / row : 0;
}

ui_rect ui_layout_lessons_row(const ui_layout *l, int count, int i)
{
    ui_rect box = ui_layout_lessons_box(l);
    int quarters = lessons_row_quarters(l, count), pad = l->line_height / 2;
    return (ui_rect){box.x + pad, box.y + LESSONS_HEAD_LINES * l->line_height + i * l->line_height * quarters / 4,
                     box.w - 2 * pad, l->line_height * (quarters - 1) / 4};
}

int ui_layout_lessons_row_at(const ui_layout *l, int count, int x, int y)
{
    int rows = ui_layout_lessons_rows(l, count);
    for (int i = 0; i < rows && i < count; i++)
        if (ui_rect_contains(ui_layout_lessons_row(l, count, i), x, y))
            return i;
    return -1;
}
