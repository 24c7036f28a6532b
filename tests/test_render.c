/*
 * test_render.c -- draws known states with SDL's dummy video driver (a software renderer, no
 * display), reads the pixels back and checks that queens, the pinned queen, shading and
 * "No solution" are where the layout says, and that the panel's text stays inside its lines at
 * the smallest window with the longest figures. The model runs on the scripted solver.
 *
 * The board's tests run again in each theme at densities 1 and 2 (a high-DPI screen: a window of
 * 1200 x 800 points drawn in 2400 x 1600 pixels); at 2 the text is laid out at twice the pixel
 * size, as sharp as at 1, not scaled up.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fonts.h"
#include "nq/i18n.h"
#include "draw.h"
#include "render.h"
#include "render_fixture.h"
#include "solver_script.h"


/* The window the tests draw, in points, and the variant they draw it in. */
enum { POINTS_W = 1200, POINTS_H = 800, MOST_DENSITY = 2 };
typedef struct variant {
    ex_theme theme;
    double density;
} variant;
static variant drawn = {EX_THEME_DARK, 1};
#define PAL (*ui_palette_of(drawn.theme))

static int setup(void **state)
{
    (void)state;
    return render_open(POINTS_W * MOST_DENSITY, POINTS_H * MOST_DENSITY);
}

static int teardown(void **state)
{
    (void)state;
    return render_close();
}

static script solver;
static double now;

static void start(explorer *ex, int n, const nq_square *first, ex_mode mode)
{
    script_init(&solver);
    now = 1.0;
    ex_init(ex, script_solver(&solver), NULL, n, first, mode, NQ_METHOD_BACKTRACK, EX_SPEED_MAX, now);
    ex_set_theme(ex, drawn.theme, true);
}

static void run_to_end(explorer *ex)
{
    for (int frames = 0; ex->state == EX_SEARCHING && frames < 10000; frames++)
        ex_update(ex, now += 1.0 / 60);
    assert_int_equal(ex->state, EX_FINISHED);
}

/* One step of a paused watch. */
static void single_step(explorer *ex)
{
    ex_act(ex, EX_ACT_STEP, 0, now);
    ex_update(ex, now += 0.001);
}

/* Draws the explorer in a window of w x h points at the variant's density, and reads the whole
 * frame back. */
static ui_layout draw_frame_at(const explorer *ex, int w, int h, ui_frame frame)
{
    ui_layout l = ui_layout_compute((int)(w * drawn.density), (int)(h * drawn.density), ex->n, ex_tree_shown(ex),
                                    drawn.density);
    if (ui_text_rtl(assets.text)) /* as the app lays it out */
        ui_layout_mirror_labels(&l);
    ui_layout_zoom(&l, ex->view);
    ui_render(renderer, &assets, &l, ex, now, frame);
    assert_true(render_read());
    return l;
}

static ui_layout draw_at(const explorer *ex, int w, int h)
{
    return draw_frame_at(ex, w, h, UI_FRAME_WINDOW);
}

static ui_layout draw(const explorer *ex)
{
    return draw_at(ex, POINTS_W, POINTS_H);
}

static SDL_Color square_color(nq_square s)
{
    return (s.row + s.column) % 2 ? PAL.dark_square : PAL.light_square;
}

/* The middle of a square holding a queen shows the queen's dark body. */
static bool queen_at(const ui_layout *l, nq_square s)
{
    ui_rect r = ui_layout_square(l, s);
    SDL_Color c = render_pixel(r.x + r.w / 2, r.y + r.h * 3 / 5);
    return c.r + c.g + c.b < 250;
}

static void test_solution_with_pinned_queen(void **state)
{
    (void)state;
    explorer ex;
    nq_square first = {0, 1};
    start(&ex, 8, &first, EX_SOLVE);
    run_to_end(&ex);
    assert_true(ex_page_to(&ex, 3));
    ui_layout l = draw(&ex);
    assert_true(render_same(render_pixel(1, 1), PAL.background));
    const int *cols = ex_board(&ex);
    for (int row = 0; row < 8; row++) {
        for (int col = 0; col < 8; col++) {
            nq_square s = {col, row};
            ui_rect r = ui_layout_square(&l, s);
            if (cols[row] == col) {
                if (!queen_at(&l, s))
                    fail_msg("no queen drawn at column %d, row %d", col + 1, row + 1);
            } else if (!render_same(render_pixel(r.x + r.w / 2, r.y + r.h / 2), square_color(s))) {
                fail_msg("the empty square at column %d, row %d is not plain", col + 1, row + 1);
            }
        }
    }
    /* The pinned queen stands on a red disc; the others on the bare square. */
    ui_rect pin = ui_layout_square(&l, first);
    assert_true(render_same(render_pixel(pin.x + pin.w * 14 / 100, pin.y + pin.h / 2), PAL.pinned));
    nq_square other = {cols[0], 0};
    ui_rect o = ui_layout_square(&l, other);
    assert_true(render_same(render_pixel(o.x + o.w * 14 / 100, o.y + o.h / 2), square_color(other)));
    ex_free(&ex);
}

/* In a watched search, the squares the placed queens attack are shaded, all in the one attacked
 * colour (on light and dark squares alike), and no others. */
static void test_live_board_shading(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 6, NULL, EX_WATCH);
    for (int placed = 0; placed < 2;) {
        single_step(&ex);
        placed = (ex.cols[0] >= 0) + (ex.cols[1] >= 0);
    }
    single_step(&ex); /* a try in row 3: its square gets a frame only */
    ui_layout l = draw(&ex);
    int shaded = 0, plain = 0, shaded_dark = 0;
    for (int row = 2; row < 6; row++) {
        for (int col = 0; col < 6; col++) {
            nq_square s = {col, row};
            bool attacked = false;
            for (int q = 0; q < 2; q++) {
                int dc = ex.cols[q] - col, dr = q - row;
                attacked = attacked || dc == 0 || dc == dr || dc == -dr; /* this test's own rule */
            }
            ui_rect r = ui_layout_square(&l, s);
            SDL_Color c = render_pixel(r.x + r.w / 2, r.y + r.h / 2), base = square_color(s);
            if (attacked) { /* one colour, whatever the square's own */
                if (!render_same(c, PAL.attacked))
                    fail_msg("attacked square column %d, row %d: %d,%d,%d, not the attacked colour %d,%d,%d", col + 1,
                             row + 1, c.r, c.g, c.b, PAL.attacked.r, PAL.attacked.g, PAL.attacked.b);
                shaded++;
                shaded_dark += (row + col) % 2;
            } else {
                assert_true(render_same(c, base));
                plain++;
            }
        }
    }
    assert_in_range(shaded, 1, 23);
    assert_in_range(shaded_dark, 1, shaded - 1); /* light and dark squares both among them */
    assert_in_range(plain, 1, 23);
    assert_true(queen_at(&l, (nq_square){ex.cols[0], 0}));
    assert_true(queen_at(&l, (nq_square){ex.cols[1], 1}));
    ex_free(&ex);
}

/* With no solution, the board is dimmed and the words stand over it. */
static void test_no_solution_covers_the_board(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 3, NULL, EX_SOLVE);
    run_to_end(&ex);
    ui_layout l = draw(&ex);
    ui_rect corner = ui_layout_square(&l, (nq_square){0, 0});
    SDL_Color c = render_pixel(corner.x + 2, corner.y + 2);
    assert_false(render_same(c, PAL.light_square));
    /* Letters in the theme's brightest text colour somewhere in the middle band of the board. */
    int letters = 0;
    for (int x = l.board.x; x < l.board.x + l.board.w; x++)
        for (int y = l.board.y + l.board.h / 2 - l.board.w / 9; y < l.board.y + l.board.h / 2; y++)
            letters += render_same(render_pixel(x, y), PAL.bright_text);
    assert_in_range(letters, 51, l.board.w * l.board.h);
    ex_free(&ex);
}

/* A saved picture shows the board alone: with the help open and the pointer over a square, the
 * window shows both, the picture neither. */
static void test_picture_leaves_out_the_overlays(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 8, NULL, EX_SOLVE);
    run_to_end(&ex);
    assert_true(ex_page_to(&ex, 1));
    ex_act(&ex, EX_ACT_HELP, 0, now);
    ex_act(&ex, EX_ACT_PIN_KEYS, 0, now); /* the keyboard cursor on column 1, row 1 */
    nq_square empty = {ex_board(&ex)[0] == 0 ? 1 : 0, 0};
    ui_layout l = draw_frame_at(&ex, POINTS_W, POINTS_H, UI_FRAME_WINDOW);
    ui_rect r = ui_layout_square(&l, empty);
    SDL_Color c = render_pixel(r.x + r.w / 2, r.y + r.h / 2);
    assert_false(render_same(c, square_color(empty))); /* under the help's veil */
    l = draw_frame_at(&ex, POINTS_W, POINTS_H, UI_FRAME_PICTURE);
    c = render_pixel(r.x + r.w / 2, r.y + r.h / 2);
    assert_true(render_same(c, square_color(empty)));
    ui_rect corner = ui_layout_square(&l, (nq_square){0, 0});
    assert_true(render_same(render_pixel(corner.x + 1, corner.y + 1), square_color((nq_square){0, 0}))); /* no cursor */
    ex_free(&ex);
}

/* The timeline bar of a finished watch: green ticks where solutions were found (four for N = 6),
 * the handle at its right end; going back moves the handle. Solve has no bar. */
static void test_timeline_bar(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 6, NULL, EX_WATCH);
    run_to_end(&ex);
    ui_layout l = draw(&ex);
    ui_rect bar = l.timeline;
    int y = bar.y + bar.h / 2, ticks = 0;
    for (int x = bar.x; x < bar.x + bar.w; x++)
        ticks += render_same(render_pixel(x, y), PAL.flash_mark) &&
                 !render_same(render_pixel(x - 1, y), PAL.flash_mark);
    assert_int_equal(ticks, 4);
    int end = ui_layout_timeline_x(&l, ex.cursor, ex_timeline_length(&ex));
    assert_true(render_same(render_pixel(end, bar.y - 1), PAL.tried));
    ex_seek(&ex, ex_timeline_length(&ex) / 2);
    l = draw(&ex);
    int middle = ui_layout_timeline_x(&l, ex.cursor, ex_timeline_length(&ex));
    assert_true(render_same(render_pixel(middle, bar.y - 1), PAL.tried));
    assert_false(render_same(render_pixel(end, bar.y - 1), PAL.tried));
    ex_free(&ex);

    start(&ex, 6, NULL, EX_SOLVE);
    run_to_end(&ex);
    l = draw(&ex);
    SDL_Color centre = render_pixel(l.timeline.x + l.timeline.w / 2, l.timeline.y + l.timeline.h / 2);
    assert_true(render_same(centre, PAL.background));
    ex_free(&ex);
}

/* The N = 4 tree at the end of the run, where the layout and the camera put it: a disc for each of
 * the 16 queens placed (as many as the trace places), red for the dead ends and green for the
 * solution leaves (as many as the trace has), an x for every square the trace rejected; the strip
 * over it green where solutions are; the key under it shows each of the tree's colours. */
static void test_tree_of_four(void **state)
{
    (void)state;
    nq_trace t;
    nq_trace_init(&t, 4, NULL);
    nq_step step;
    int rejected = 0;
    while (nq_trace_next(&t, &step))
        rejected += step.kind == NQ_STEP_REJECT;
    explorer ex;
    start(&ex, 4, NULL, EX_WATCH);
    run_to_end(&ex);
    ui_layout l = draw(&ex);
    assert_true(l.tree.w > 0);
    tv_camera cam = ex_tree_camera(&ex, l.tree, l.density);
    int radius = tv_radius(&cam);
    int queens = 0, dead_ends = 0, solutions = 0, crosses = 0;
    for (int i = 1; i < ex.tree_panel.scene.count; i++) {
        const tv_item *it = &ex.tree_panel.scene.items[i];
        int x, y;
        tv_item_point(&cam, l.tree, it, &x, &y);
        assert_true(ui_rect_contains(l.tree, x, y)); /* the whole tree is in view */
        if (it->kind == TV_REJECTED) {
            crosses += render_same(render_pixel(x, y), PAL.tree_rejected);
            continue;
        }
        SDL_Color c = render_pixel(x - radius * 3 / 4, y); /* inside the disc, left of its number */
        queens += it->kind == TV_NODE;
        dead_ends += render_same(c, PAL.tree_dead_end);
        solutions += render_same(c, PAL.tree_solution) && it->node.kind == NQ_TREE_SOLUTION;
    }
    assert_int_equal(queens, t.nodes);
    assert_int_equal(dead_ends, t.dead_ends);
    assert_int_equal(solutions, t.solutions);
    assert_int_equal(crosses, rejected);
    /* The strip: row 1's columns 2 and 3 hold the solutions. */
    int from, to;
    tv_overview_segment(&ex.tree_panel.scene, l.tree_overview, 1, &from, &to);
    int mid = l.tree_overview.y + l.tree_overview.h / 2;
    assert_true(render_same(render_pixel((from + to) / 2, mid), PAL.tree_solution));
    tv_overview_segment(&ex.tree_panel.scene, l.tree_overview, 0, &from, &to);
    assert_true(render_same(render_pixel((from + to) / 2, mid), PAL.tree_collapsed));
    /* The key under the tree: a mark in each of the tree's colours. */
    const SDL_Color keyed[] = {PAL.tree_path, PAL.tree_solution, PAL.tree_dead_end, PAL.tree_node, PAL.tree_rejected};
    for (size_t k = 0; k < sizeof keyed / sizeof keyed[0]; k++) {
        int found = 0;
        for (int y = l.tree_key.y; y < l.tree_key.y + l.tree_key.h; y++)
            for (int x = l.tree_key.x; x < l.tree_key.x + l.tree_key.w; x++)
                found += render_same(render_pixel(x, y), keyed[k]);
        assert_true(found > 0);
    }
    ex_free(&ex);
}

/* Whether every pixel of the rectangle (clipped to the frame) has colour c. */
static bool all_of(ui_rect r, SDL_Color c)
{
    for (int y = r.y; y < r.y + r.h && y < rows; y++)
        for (int x = r.x; x < r.x + r.w && x < stride; x++)
            if (!render_same(render_pixel(x, y), c))
                return false;
    return true;
}

/* At the smallest window: nothing right of the panel, every line's padding bare on both sides
 * (long text would cross it), the gap between the labels and the buttons bare (N, Mode, Method and
 * Speed end before them, or right to left start after them), and the gap before the < button bare ("Solution k of M so
 * far" ends before it). */
static void panel_fits(const explorer *ex, int pass)
{
    ui_layout l = draw_at(ex, UI_MIN_WIDTH, UI_MIN_HEIGHT);
    SDL_Color background = PAL.background, panel = PAL.panel;
    ui_rect right = {l.panel.x + l.panel.w, 0, l.window.w - l.panel.x - l.panel.w, l.window.h};
    if (!all_of(right, background))
        fail_msg("pass %d: something is drawn right of the panel", pass);
    for (int line = UI_LINE_N; line < UI_LINE_COUNT; line++) {
        ui_rect r = ui_layout_line(&l, line);
        ui_rect pad = {r.x + r.w, r.y, l.panel.x + l.panel.w - r.x - r.w, r.h};
        ui_rect left = {l.panel.x, r.y, r.x - l.panel.x, r.h};
        if (!all_of(pad, panel) || !all_of(left, panel))
            fail_msg("pass %d: text of panel line %d runs off the panel", pass, line);
    }
    for (int line = UI_LINE_N; line <= UI_LINE_SPEED; line++) {
        ui_rect first = l.buttons[UI_N_MINUS], method = l.buttons[UI_METHOD], r = ui_layout_line(&l, line);
        ui_rect gap = {l.labels_right ? method.x + method.w : first.x - 3, r.y, 3, r.h};
        if (!all_of(gap, panel))
            fail_msg("pass %d: the label of panel line %d runs under its buttons", pass, line);
    }
    ui_rect prev = l.buttons[UI_PREVIOUS];
    ui_rect gap = {prev.x - l.line_height / 4, prev.y, l.line_height / 4, prev.h};
    if (!all_of(gap, panel))
        fail_msg("pass %d: the solution line runs under the < button", pass);
}

/* At the smallest window, with the longest figures a count of N = 17 gives, no text runs under
 * the paging buttons or off the panel. */
static void test_panel_fits_the_longest_figures(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 17, NULL, EX_SOLVE);
    /* The figures of a search that is still running, as the worker would report them. */
    ex.reported.solutions = 11343344;
    ex.reported.placed = 18446744073709551615u;
    ex.reported.dead_ends = 9876543210987;
    ex.viewing = true;
    ex.k = 4343936;
    for (int r = 0; r < 17; r++)
        ex.shown[r] = r;
    ex.clock.played = 123456.78;
    ex_notify(&ex, EX_NOTICE_SAVED, 0,
              "/home/someone/a/rather/long/folder/name/nqueens-17-first-17-17-solution-95815104.png", NULL);
    for (int pass = 0; pass < 2; pass++) {
        panel_fits(&ex, pass);
        /* The second pass: finished, at the total of N = 17. */
        ex.state = EX_FINISHED;
        ex.reported.solutions = ex.k = 95815104;
        ex.has_unique = true;
        ex.unique = 11977939;
    }
    ex_free(&ex);
}

/* A watch ten million steps in: "Step 10,000,000 of 10,000,000 so far" fits the panel too. */
static void test_panel_fits_a_long_timeline(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 12, NULL, EX_WATCH);
    while (ex_timeline_length(&ex) < 10000000)
        ex_update(&ex, now += 1.0 / 60);
    char text[64];
    ex_step_text(&ex, text, sizeof text);
    assert_memory_equal(text, "Step 10,", 8);
    panel_fits(&ex, 2);
    ex_free(&ex);
}


/* Messages and fonts in language i, as the app sets them. */
static void use_language(int i)
{
    ui_font_file font;
    bool has = ui_fonts_for_language(nq_lang_code(i), &font);
    if (i > 0 && !has)
        fail_msg("no font for %s (install %s)", nq_lang_code(i), ui_fonts_package(nq_lang_code(i)));
    nq_lang_use(i, NQ_TEST_LOCALE);
    assert_true(ui_text_set_language(assets.text, has ? font.path : NULL, has ? font.face : 0, nq_lang_rtl(i),
                                     nq_lang_numbers_of(i), nq_lang_name(i)));
}

/* The columns of panel line `line` that have text on them: from *from to *to (-1 if none). */
static void ink_of_line(const ui_layout *l, int line, int *from, int *to)
{
    ui_rect r = ui_layout_line(l, line);
    *from = -1;
    *to = -1;
    for (int x = r.x; x < r.x + r.w; x++)
        for (int y = r.y; y < r.y + r.h; y++)
            if (!render_same(render_pixel(x, y), PAL.panel)) {
                if (*from < 0)
                    *from = x;
                *to = x;
                break;
            }
}

/* In every language: the panel draws, at the smallest window with the longest figures nothing runs
 * off its box or under a button, and its text lines start at the left, or at the right in Persian
 * and Hebrew. */
static void test_panel_in_every_language(void **state)
{
    (void)state;
    for (int i = 0; i < NQ_LANG_COUNT; i++) {
        use_language(i);
        explorer ex;
        nq_square first = {1, 0};
        start(&ex, 8, &first, EX_WATCH);
        ex_act(&ex, EX_ACT_PLAY, 0, now); /* paused, a few steps in: the narration speaks */
        for (int s = 0; s < 5; s++)
            single_step(&ex);
        ex.moment.trace.solutions = 11343344; /* the figures of the step shown */
        ex.moment.trace.nodes = 18446744073709551615u;
        ex.moment.trace.dead_ends = 9876543210987;
        ex.clock.played = 123456.78;
        panel_fits(&ex, i);
        ui_layout l = draw(&ex);
        for (int line = UI_LINE_FIGURES; line < UI_LINE_FIGURES + 4; line++) {
            ui_rect r = ui_layout_line(&l, line);
            int from, to;
            ink_of_line(&l, line, &from, &to);
            if (from < 0)
                fail_msg("%s: panel line %d is empty", nq_lang_code(i), line);
            int edge = nq_lang_rtl(i) ? r.x + r.w - 1 - to : from - r.x;
            if (edge > 3)
                fail_msg("%s: panel line %d starts %d pixels from its %s edge", nq_lang_code(i), line, edge,
                         nq_lang_rtl(i) ? "right" : "left");
            if (ui_text_rtl(assets.text) && from - r.x < 3)
                fail_msg("%s: panel line %d fills its whole width", nq_lang_code(i), line);
        }
        ex_free(&ex);
    }
    use_language(0);
}

/* Forward checking on the 4 x 4 board, two steps in: the queen at column 1, row 1 has just crossed
 * off columns 1 and 2 of row 2 (bright red x's at their centres, no shading); the squares it has
 * not reached yet are plain. Then min-conflicts: a number on each empty square attacked. */
static void test_method_marks(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 4, NULL, EX_WATCH);
    ex_set_method(&ex, NQ_METHOD_FORWARD, now);
    single_step(&ex);
    single_step(&ex);
    assert_int_equal(ex.step.kind, NQ_STEP_CROSS);
    ui_layout l = draw(&ex);
    for (int col = 0; col < 4; col++) {
        ui_rect r = ui_layout_square(&l, (nq_square){col, 1});
        SDL_Color c = render_pixel(r.x + r.w / 2, r.y + r.h / 2);
        if (col < 2)
            assert_true(render_same(c, PAL.reject));
        else
            assert_true(render_same(c, square_color((nq_square){col, 1})));
        r = ui_layout_square(&l, (nq_square){col, 2}); /* not crossed yet */
        assert_true(render_same(render_pixel(r.x + r.w / 2, r.y + r.h / 2), square_color((nq_square){col, 2})));
    }
    single_step(&ex); /* row 3 crossed off too: row 2's x's are dark now (off the red line that
                          runs from row 3 up to the queen through the middle of column 1) */
    l = draw(&ex);
    ui_rect r = ui_layout_square(&l, (nq_square){0, 1});
    int arm = r.w / 8;
    assert_true(render_same(render_pixel(r.x + r.w / 2 + arm, r.y + r.h / 2 + arm), PAL.crossed));

    ex_set_method(&ex, NQ_METHOD_MINCONFLICTS, now);
    for (int i = 0; i < 4; i++)
        single_step(&ex); /* the start: a queen in every row */
    l = draw(&ex);
    int numbered = 0;
    for (int row = 0; row < 4; row++) {
        for (int col = 0; col < 4; col++) {
            if (ex.cols[row] == col)
                continue;
            r = ui_layout_square(&l, (nq_square){col, row});
            bool red = false;
            for (int y = r.y; y < r.y + r.h; y++)
                for (int x = r.x; x < r.x + r.w; x++)
                    red = red || render_same(render_pixel(x, y), PAL.conflict);
            numbered += red;
        }
    }
    assert_int_equal(numbered, 12); /* every empty square of a 4 x 4 board with 4 queens is attacked */
    ex_free(&ex);
}


/* A pinned queen on the 1,000,000 x 1,000,000 board is drawn where the layout puts its square,
 * seen whole and zoomed in (the square then holds the queen on its red disc); the small map comes
 * with the zoom, and the board whole shows the solution's queens from the overview. */
static void test_wide_board_pin_where_the_layout_says(void **state)
{
    (void)state;
    explorer ex;
    nq_square first = {765432, 123456};
    start(&ex, 1000000, &first, EX_WATCH);
    run_to_end(&ex);
    assert_true(ex.viewing);
    assert_int_equal(ex.shown[first.row], first.column);
    ui_layout l = draw(&ex);
    ui_rect pin = ui_layout_square(&l, first);
    int cx = pin.x + pin.w / 2, cy = pin.y + pin.h / 2;
    assert_true(render_same(render_pixel(cx, cy), PAL.pinned));
    assert_int_equal(l.minimap.w, 0);
    int dark = 0;
    for (int y = l.board.y; y < l.board.y + l.board.h; y += 3)
        for (int x = l.board.x; x < l.board.x + l.board.w; x += 3)
            dark += render_pixel(x, y).r < PAL.light_square.r - 40;
    assert_in_range(dark, 100, l.board.w * l.board.h / 9);

    ex_board_zoom(&ex, 1e9, first.column + 0.5, first.row + 0.5);
    l = draw(&ex);
    pin = ui_layout_square(&l, first);
    assert_in_range(pin.w, 40, l.board.w);
    assert_true(ui_rect_contains(l.board, pin.x + pin.w / 2, pin.y + pin.h / 2));
    assert_true(render_same(render_pixel(pin.x + 2, pin.y + pin.h / 2), square_color(first)) ||
                render_same(render_pixel(pin.x + pin.w / 2, pin.y + 2), PAL.pinned));
    assert_true(render_same(render_pixel(pin.x + pin.w / 2, pin.y + pin.h / 10 + 1), PAL.pinned));
    assert_true(l.minimap.w > 0);
    assert_true(render_same(render_pixel(l.minimap.x - 2, l.minimap.y - 2), PAL.panel));
    /* A square beside it holds no queen: the row has one, the column too. */
    ui_rect beside = ui_layout_square(&l, (nq_square){first.column + 1, first.row});
    assert_true(render_same(render_pixel(beside.x + beside.w / 2, beside.y + beside.h / 2),
                     square_color((nq_square){first.column + 1, first.row})));
    ex_free(&ex);
}

/* The product's name at the top of the panel, drawn at the variant's density: the height of its
 * ink in pixels, and the share of its ink pixels only partly covered (the letters' soft edges). */
static void title_ink(int *ink_height, double *edge_share)
{
    explorer ex;
    start(&ex, 8, NULL, EX_SOLVE);
    ui_layout l = draw(&ex);
    ui_rect r = ui_layout_line(&l, UI_LINE_TITLE);
    r.w = l.buttons[UI_LANGUAGE].x - r.x;
    int top = -1, bottom = -1, ink = 0, solid = 0;
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++) {
            SDL_Color c = render_pixel(x, y);
            if (render_same(c, PAL.panel))
                continue;
            ink++;
            solid += render_same(c, PAL.bright_text);
            top = top < 0 ? y : top;
            bottom = y;
        }
    assert_in_range(ink, 100, r.w * r.h);
    *ink_height = bottom - top + 1;
    *edge_share = (double)(ink - solid) / ink;
    ex_free(&ex);
}

/* At density 2 the title is twice as tall and laid out at that pixel size: its soft edges stay a
 * pixel wide while its strokes double, so a smaller share of its ink is edge. Text drawn at density
 * 1 and scaled up would keep the share (or blur it larger). */
static void test_text_is_sharp_at_density_two(void **state)
{
    (void)state;
    int height_1, height_2;
    double edges_1, edges_2;
    drawn.density = 1;
    title_ink(&height_1, &edges_1);
    drawn.density = 2;
    title_ink(&height_2, &edges_2);
    drawn.density = 1;
    print_message("title ink: %d px high, %.3f edge at density 1; %d px, %.3f at 2\n", height_1, edges_1, height_2,
                  edges_2);
    assert_in_range(height_2, height_1 * 2 - 3, height_1 * 2 + 3);
    if (!(edges_2 < edges_1 * 0.8))
        fail_msg("edge share %.3f at density 2 against %.3f at 1: the text is not drawn at its pixel size", edges_2,
                 edges_1);
}

/* Each variant's own setup: the board's tests then draw in its theme at its density. */
static int use_variant(void **state)
{
    drawn = *(const variant *)*state;
    return 0;
}

static int end_variant(void **state)
{
    (void)state;
    drawn = (variant){EX_THEME_DARK, 1};
    return 0;
}

static const variant variants[] = {
    {EX_THEME_DARK, 2}, {EX_THEME_LIGHT, 1}, {EX_THEME_LIGHT, 2}, {EX_THEME_CONTRAST, 1}, {EX_THEME_CONTRAST, 2},
};

#define IN_VARIANT(test, i) \
    cmocka_unit_test_prestate_setup_teardown(test, use_variant, end_variant, (void *)&variants[i])
#define BOARD_TESTS(i)                                                                                              \
    IN_VARIANT(test_solution_with_pinned_queen, i), IN_VARIANT(test_live_board_shading, i),                        \
        IN_VARIANT(test_no_solution_covers_the_board, i), IN_VARIANT(test_picture_leaves_out_the_overlays, i),     \
        IN_VARIANT(test_timeline_bar, i), IN_VARIANT(test_tree_of_four, i),                                          \
        IN_VARIANT(test_wide_board_pin_where_the_layout_says, i)

/* A lesson's text in its box at 640 x 480: the page's title takes two lines at the panel's size; a
 * text that does not fit, made smaller, is spaced by its own size's lines, and what is still cut ends
 * with an ellipsis, as does a paragraph with others after it unshown. */
static void test_lesson_text_cut_with_an_ellipsis(void **state)
{
    (void)state;
    explorer ex;
    start(&ex, 4, NULL, EX_WATCH);
    ui_layout l = draw_at(&ex, 640, 480); /* sets the frame's smallest size */
    ex_free(&ex);
    int font = l.panel_font, lh = l.line_height, pad = lh / 2;
    ui_layout lesson = ui_layout_compute_lesson(640, 480, 4, true, true, 1);
    int title_w = lesson.lesson.w - 2 * pad - (lesson.lesson_next.w + lesson.lesson_back.w + pad);
    static draw_wrap_text w;
    const char *title = "Page 1 of 6: Row by row, from the left";
    draw_wrap(&assets, title_w, 2 * lh, lh, font, title, false, &w);
    if (w.cut || w.size != font || w.count != 2)
        fail_msg("title in %d px: size %d (want %d), %d lines, cut %d", title_w, w.size, font, w.count, w.cut);

    static char text[2401];
    for (size_t used = 0; used + 12 < sizeof text;)
        used += (size_t)snprintf(text + used, sizeof text - used, "queens %3zu. ", used / 12);
    draw_wrap(&assets, 300, 4 * lh, lh, font, text, false, &w);
    size_t length = strlen(w.line[w.count - 1]);
    if (!w.cut || length < 3 || strcmp(w.line[w.count - 1] + length - 3, "\u2026"))
        fail_msg("cut %d, last line \"%s\"", w.cut, w.line[w.count - 1]);
    assert_int_equal(w.size, SMALLEST_TEXT);
    if (w.step >= lh || w.count <= 4 || w.count * w.step > 4 * lh)
        fail_msg("size %d: %d lines spaced %d px in %d px (a full line: %d px)", w.size, w.count, w.step, 4 * lh, lh);

    draw_wrap(&assets, 300, lh, lh, font, "Paragraph 6.", false, &w);
    assert_false(w.cut);
    assert_string_equal(w.line[0], "Paragraph 6.");
    assert_int_equal(w.step, lh);
    draw_wrap(&assets, 300, lh, lh, font, "Paragraph 6.", true, &w);
    assert_string_equal(w.line[0], "Paragraph 6.\u2026");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solution_with_pinned_queen),
        cmocka_unit_test(test_live_board_shading),
        cmocka_unit_test(test_no_solution_covers_the_board),
        cmocka_unit_test(test_panel_fits_the_longest_figures),
        cmocka_unit_test(test_panel_fits_a_long_timeline),
        cmocka_unit_test(test_panel_in_every_language),
        cmocka_unit_test(test_picture_leaves_out_the_overlays),
        cmocka_unit_test(test_timeline_bar),
        cmocka_unit_test(test_tree_of_four),
        cmocka_unit_test(test_method_marks),
        cmocka_unit_test(test_wide_board_pin_where_the_layout_says),
        cmocka_unit_test(test_text_is_sharp_at_density_two),
        cmocka_unit_test(test_lesson_text_cut_with_an_ellipsis),
        BOARD_TESTS(0),
        BOARD_TESTS(1),
        BOARD_TESTS(2),
        BOARD_TESTS(3),
        BOARD_TESTS(4),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
