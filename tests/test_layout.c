/*
 * test_layout.c -- layout and hit-testing as pure functions: every square's centre maps back to
 * that square, the board fits beside the panel, buttons never overlap the board or each other,
 * at several window sizes and for every N; right to left, the labels stand right of their controls.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "layout.h"

static const int sizes[][2] = {{640, 480}, {800, 600}, {1200, 800}, {1920, 1080}, {2560, 1440}, {700, 1400}};

static bool overlap(ui_rect a, ui_rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static void test_every_square_maps_back(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (int n = 1; n <= NQ_MAX_N; n++) {
            ui_layout l = ui_layout_compute(sizes[s][0], sizes[s][1], n, false, 1);
            assert_int_equal(l.board.w, l.cell * n);
            assert_int_equal(l.board.h, l.cell * n);
            for (int row = 0; row < n; row++) {
                for (int col = 0; col < n; col++) {
                    ui_rect r = ui_layout_square(&l, (nq_square){col, row});
                    nq_square back;
                    assert_true(ui_layout_square_at(&l, r.x + r.w / 2, r.y + r.h / 2, &back));
                    assert_int_equal(back.column, col);
                    assert_int_equal(back.row, row);
                    /* The corners of a square belong to it too. */
                    assert_true(ui_layout_square_at(&l, r.x, r.y, &back));
                    assert_int_equal(back.column, col);
                    assert_true(ui_layout_square_at(&l, r.x + r.w - 1, r.y + r.h - 1, &back));
                    assert_int_equal(back.row, row);
                }
            }
            nq_square none;
            assert_false(ui_layout_square_at(&l, l.board.x - 1, l.board.y, &none));
            assert_false(ui_layout_square_at(&l, l.board.x + l.board.w, l.board.y, &none));
            assert_false(ui_layout_square_at(&l, l.board.x, l.board.y + l.board.h, &none));
        }
    }
}

static void test_parts_fit_and_do_not_overlap(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        for (int n = 1; n <= NQ_MAX_N; n++) {
            ui_layout l = ui_layout_compute(w, h, n, false, 1);
            assert_true(l.board.x >= 0 && l.board.y >= 0 && l.board.x + l.board.w <= l.panel.x);
            assert_true(l.board.y + l.board.h <= h);
            assert_true(l.top_labels.y >= 0 && l.left_labels.x >= 0);
            assert_true(l.panel.x + l.panel.w <= w && l.panel.y + l.panel.h <= h);
            assert_true(l.cell >= 3); /* even 64 x 64 in the smallest window */
            for (int b = 0; b < UI_BUTTON_COUNT; b++) {
                assert_false(overlap(l.buttons[b], l.board));
                assert_true(ui_rect_contains(l.panel, l.buttons[b].x, l.buttons[b].y));
                assert_true(l.buttons[b].y + l.buttons[b].h <= l.panel.y + l.panel.h);
                for (int c = b + 1; c < UI_BUTTON_COUNT; c++)
                    assert_false(overlap(l.buttons[b], l.buttons[c]));
                ui_rect r = l.buttons[b];
                assert_int_equal(ui_layout_button_at(&l, r.x + r.w / 2, r.y + r.h / 2), b);
            }
            assert_int_equal(ui_layout_button_at(&l, l.board.x + 1, l.board.y + 1), UI_BUTTON_NONE);
            /* The timeline bar: under the board, as wide, inside the window, clear of the panel. */
            assert_int_equal(l.timeline.x, l.board.x);
            assert_int_equal(l.timeline.w, l.board.w);
            assert_in_range(l.timeline.y, l.board.y + l.board.h + 1, h - l.timeline.h);
            assert_in_range(l.timeline.h, 12, 22);
            assert_false(overlap(l.timeline, l.panel));
            /* Every label fits its column: numbers are skipped rather than crammed. */
            assert_true(l.label_every * l.cell >= l.label_font * 16 / 10);
        }
    }
}

/* The row and column numbers are as large as the panel's text at every size, with the tree or
 * without, at density 1 or 2, in gutters that hold them; the key under the timeline stays inside
 * the board's side of the window, clear of the board, the tree and the panel. */
static void test_numbers_as_large_as_the_text_and_the_key_in_place(void **state)
{
    (void)state;
    static const int windows[][3] = {{640, 480, 1}, {1280, 800, 1}, {1920, 1080, 1}, {3840, 2160, 2}, {1280, 720, 2}};
    static const int ns[] = {4, 8, 12, 16, 33, 64};
    for (size_t s = 0; s < sizeof windows / sizeof windows[0]; s++)
        for (int tree = 0; tree < 2; tree++)
            for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
                int w = windows[s][0], h = windows[s][1];
                ui_layout l = ui_layout_compute(w, h, ns[i], tree, windows[s][2]);
                if (l.label_font < l.panel_font)
                    fail_msg("%dx%d, N = %d, tree %d: numbers at %d px, the panel's text at %d", w, h, ns[i], tree,
                             l.label_font, l.panel_font);
                assert_true(l.top_labels.h >= l.label_font);
                assert_true(l.left_labels.w >= l.label_font); /* two digits at 3/5 of the size each */
                assert_true(l.legend.h >= UI_LEGEND_ROWS * l.panel_font);
                assert_true(l.legend.y >= l.timeline.y + l.timeline.h);
                assert_true(l.legend.y + l.legend.h <= h && l.legend.x >= 0);
                assert_false(overlap(l.legend, l.panel));
                assert_false(overlap(l.legend, l.board));
                if (tree)
                    assert_false(overlap(l.legend, l.tree) || overlap(l.legend, l.tree_labels));
            }
}

/* The bar's ends are the run's ends, and every step's column maps back to that step when the bar
 * is wider than the run, or to a step within one column's worth when it is narrower. */
static void test_timeline_steps_and_columns(void **state)
{
    (void)state;
    ui_layout l = ui_layout_compute(1200, 800, 8, false, 1);
    int right = l.timeline.x + l.timeline.w - 1;
    uint64_t lengths[] = {0, 1, 7, 100, 34233, 21378655};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        uint64_t length = lengths[i];
        assert_int_equal(ui_layout_timeline_step(&l, l.timeline.x - 5, length), 0);
        assert_int_equal(ui_layout_timeline_step(&l, l.timeline.x, length), 0);
        assert_int_equal(ui_layout_timeline_step(&l, right, length), length);
        assert_int_equal(ui_layout_timeline_step(&l, right + 9, length), length);
        assert_int_equal(ui_layout_timeline_x(&l, length, length), length ? right : l.timeline.x);
        uint64_t per_column = length / (uint64_t)(l.timeline.w - 1) + 1;
        for (uint64_t k = 0; k <= length; k += length / 97 + 1) {
            uint64_t back = ui_layout_timeline_step(&l, ui_layout_timeline_x(&l, k, length), length);
            uint64_t off = back > k ? back - k : k - back;
            if (off > per_column)
                fail_msg("length %llu: step %llu maps back to %llu", (unsigned long long)length,
                         (unsigned long long)k, (unsigned long long)back);
        }
    }
}

/* The board is the largest that fits: more room gives a board at least as large. */
/* With the tree shown: the strip, the row labels and the tree take their own part of the board's
 * side, inside the window, clear of the board, its numbers, the timeline and the panel, and large
 * enough to draw in; hidden, the tree has no rectangle. */
static void test_tree_has_its_own_room(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        for (int n = 1; n <= NQ_MAX_N; n += 7) {
            ui_layout hidden = ui_layout_compute(w, h, n, false, 1);
            assert_int_equal(hidden.tree.w, 0);
            assert_int_equal(hidden.tree_overview.w, 0);
            ui_layout l = ui_layout_compute(w, h, n, true, 1);
            ui_rect parts[] = {l.tree, l.tree_overview, l.tree_labels};
            ui_rect others[] = {l.board, l.top_labels, l.left_labels, l.timeline, l.panel};
            for (size_t i = 0; i < 3; i++) {
                ui_rect p = parts[i];
                assert_true(p.x >= 0 && p.y >= 0 && p.x + p.w <= w && p.y + p.h <= h);
                for (size_t j = 0; j < sizeof others / sizeof others[0]; j++)
                    assert_false(overlap(p, others[j]));
                for (size_t j = i + 1; j < 3; j++)
                    assert_false(overlap(p, parts[j]));
            }
            assert_in_range(l.tree.w, 150, w);
            assert_in_range(l.tree.h, 120, h);
            assert_in_range(l.cell, 1, hidden.cell); /* the board gives up room, never gains */
        }
    }
}

/* A race's lanes: inside the region left of the panel, apart, each board n whole cells square
 * under its title and over its figures; four lanes at the smallest window still have boards. */
static void test_race_lanes(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        for (int n = 1; n <= NQ_MAX_N; n += 9) {
            ui_layout l = ui_layout_compute(w, h, n, false, 1);
            for (int lanes = 2; lanes <= 4; lanes++) {
                for (int i = 0; i < lanes; i++) {
                    ui_lane a = ui_layout_lane(&l, lanes, i);
                    assert_int_equal(a.board.w, a.cell * n);
                    assert_int_equal(a.board.h, a.cell * n);
                    ui_rect parts[] = {a.title, a.board, a.figures};
                    for (size_t p = 0; p < 3; p++) {
                        assert_true(parts[p].x >= l.region.x && parts[p].y >= l.region.y);
                        assert_true(parts[p].x + parts[p].w <= l.region.x + l.region.w);
                        assert_true(parts[p].y + parts[p].h <= l.region.y + l.region.h);
                        assert_false(overlap(parts[p], l.panel));
                    }
                    assert_true(a.title.y + a.title.h <= a.board.y && a.board.y + a.board.h <= a.figures.y);
                    for (int j = i + 1; j < lanes; j++) {
                        ui_lane b = ui_layout_lane(&l, lanes, j);
                        assert_false(overlap(a.board, b.board));
                        assert_false(overlap(a.figures, b.board));
                        assert_false(overlap(a.title, b.figures));
                    }
                    if (n <= 10)
                        assert_in_range(a.cell, 8, w);
                }
            }
        }
    }
}

static void test_board_grows_with_the_window(void **state)
{
    (void)state;
    for (int n = 1; n <= NQ_MAX_N; n++) {
        ui_layout small = ui_layout_compute(800, 600, n, false, 1), large = ui_layout_compute(1600, 1200, n, false, 1);
        assert_true(large.board.w >= small.board.w);
        assert_true(large.board.w >= 2 * small.board.w - 2 * n);
    }
    /* At 64 x 64 in the default window a square is still a readable size. */
    ui_layout l = ui_layout_compute(1200, 800, 64, false, 1);
    assert_true(l.cell >= 10);
}


/* Boards above NQ_MAX_N at several zooms and pans: every pixel of the view hits the square whose
 * rectangle holds it, every square in view has its centre map back to it, the numbers are far
 * enough apart, and the small map shows only when zoomed in. */
static void test_zoomed_views_hit_what_they_draw(void **state)
{
    (void)state;
    const int boards[] = {1000, 1000000};
    const ui_view views[] = {{1, 0, 0}, {2, 100, 900}, {8, 333.3, 12.5}, {64, 1e9, 1e9}, {125, 500, 500},
                             {1e7, 777777.7, 3.2}, {3000, 250000, 999000}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t b = 0; b < 2; b++)
            for (size_t v = 0; v < sizeof views / sizeof views[0]; v++) {
                int n = boards[b];
                ui_view view = views[v].zoom == 1 ? ui_view_fit(n) : views[v];
                ui_layout l = ui_layout_compute(sizes[s][0], sizes[s][1], n, false, 1);
                ui_layout_zoom(&l, view);
                ui_view shown = ui_view_clamp(view, n);
                assert_in_range(shown.zoom, 1, n / UI_VIEW_MIN_SQUARES);
                assert_int_equal(l.minimap.w > 0, shown.zoom > 1);
                assert_true(l.scale * l.n >= l.board.w - 1);
                int c0, c1, r0, r1;
                ui_layout_visible(&l, &c0, &c1, &r0, &r1);
                /* The view shows n / zoom squares a side, give or take the partial ones at the edges. */
                assert_in_range(c1 - c0 + 1, (int)(n / shown.zoom) - 1, (int)(n / shown.zoom) + 2);
                assert_in_range(r1 - r0 + 1, (int)(n / shown.zoom) - 1, (int)(n / shown.zoom) + 2);
                if (shown.zoom == 1) {
                    assert_int_equal(c0, 0);
                    assert_int_equal(r1, n - 1);
                }
                for (int y = l.board.y; y < l.board.y + l.board.h; y += 7)
                    for (int x = l.board.x; x < l.board.x + l.board.w; x += 13) {
                        nq_square sq;
                        assert_true(ui_layout_square_at(&l, x, y, &sq));
                        assert_in_range(sq.column, c0, c1);
                        assert_in_range(sq.row, r0, r1);
                        ui_rect r = ui_layout_square(&l, sq);
                        assert_in_range(x, r.x, r.x + r.w - 1);
                        assert_in_range(y, r.y, r.y + r.h - 1);
                    }
                if (l.scale >= 2)
                    for (int col = c0 + 1; col < c1; col += (c1 - c0) / 5 + 1) {
                        nq_square sq = {col, (r0 + r1) / 2}, back;
                        ui_rect r = ui_layout_square(&l, sq);
                        assert_true(ui_layout_square_at(&l, r.x + r.w / 2, r.y + r.h / 2, &back));
                        assert_int_equal(back.column, sq.column);
                        assert_int_equal(back.row, sq.row);
                    }
                assert_false(ui_layout_square_at(&l, l.board.x - 1, l.board.y, &(nq_square){0, 0}));
                assert_false(ui_layout_square_at(&l, l.board.x, l.board.y + l.board.h, &(nq_square){0, 0}));
                /* Seven digits and a gap fit between two numbers. */
                assert_true(l.label_every * l.scale >= l.label_font * (n >= 1000000 ? 7 : 4) * 3 / 5);
            }
}

/* The view of a pinned square at the deepest zoom holds it whole, where the point maps. */
static void test_deepest_zoom_shows_a_square_whole(void **state)
{
    (void)state;
    int n = 1000000;
    ui_layout l = ui_layout_compute(1200, 800, n, false, 1);
    ui_layout_zoom(&l, (ui_view){1e9, 123456.5, 654321.5});
    ui_rect r = ui_layout_square(&l, (nq_square){123456, 654321});
    assert_int_equal(r.x + r.w / 2, l.board.x + l.board.w / 2);
    assert_in_range(r.w, l.board.w / UI_VIEW_MIN_SQUARES - 1, l.board.w / UI_VIEW_MIN_SQUARES + 1);
    double column, row;
    ui_layout_point(&l, r.x + 1, r.y + 1, &column, &row);
    assert_int_equal((int)column, 123456);
    assert_int_equal((int)row, 654321);
}

/* Right to left, each labelled line's label room is at the line's right end and its controls, in
 * the same order and as wide, end before it; the label room never meets a button. */
static void test_labels_go_right_to_left(void **state)
{
    (void)state;
    static const ui_button controls[] = {UI_N_MINUS, UI_N_FIELD, UI_N_PLUS, UI_MODE,
                                         UI_RACE,    UI_METHOD,  UI_SLOWER, UI_FASTER, UI_LESSONS};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        ui_layout l = ui_layout_compute(sizes[s][0], sizes[s][1], 8, false, 1), m = l;
        ui_layout_mirror_labels(&m);
        ui_layout_mirror_labels(&m); /* once only */
        for (int line = UI_LINE_N; line <= UI_LINE_SPEED; line++) {
            ui_rect r = ui_layout_line(&l, line), before = ui_layout_label(&l, line), after = ui_layout_label(&m, line);
            assert_int_equal(before.x, r.x);
            assert_int_equal(after.x + after.w, r.x + r.w);
            assert_int_equal(after.w, before.w);
        }
        int shift = m.buttons[UI_N_MINUS].x - l.buttons[UI_N_MINUS].x;
        assert_true(shift < 0);
        for (size_t i = 0; i < sizeof controls / sizeof controls[0]; i++) {
            ui_rect b = m.buttons[controls[i]];
            assert_int_equal(b.x - l.buttons[controls[i]].x, shift);
            assert_int_equal(b.w, l.buttons[controls[i]].w);
            assert_true(b.x >= ui_layout_line(&m, UI_LINE_N).x);
            assert_true(b.x + b.w < ui_layout_label(&m, UI_LINE_N).x);
        }
    }
}

/* A lesson's page has its box under the board, the tree beside the board: nothing overlaps it, and
 * the board still has squares a finger wide. */
static void test_lesson_box(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int tree = 0; tree < 2; tree++) {
            ui_layout l = ui_layout_compute_lesson(sizes[s][0], sizes[s][1], 8, tree, true, 1);
            ui_rect box = l.lesson;
            assert_true(box.h >= 4 * l.line_height);
            assert_true(box.x >= 0 && box.y >= 0 && box.x + box.w <= l.panel.x && box.y + box.h <= sizes[s][1]);
            ui_rect parts[] = {l.board, l.timeline, l.legend, l.tree, l.tree_key, l.tree_overview, l.panel, l.region};
            for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++)
                if (parts[p].w > 0)
                    assert_false(overlap(box, parts[p]));
            assert_true(l.cell >= 12);
            ui_layout plain = ui_layout_compute(sizes[s][0], sizes[s][1], 8, tree, 1);
            assert_int_equal(plain.lesson.h, 0);
        }
}

/* The list of lessons: every row shown is inside the window's box, below the one before, and a
 * click in it finds it; a short list gets roomy rows, a long one as many as fit. */
static void test_lessons_list(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        ui_layout l = ui_layout_compute(sizes[s][0], sizes[s][1], 8, false, 1);
        ui_rect box = ui_layout_lessons_box(&l);
        assert_true(box.x >= 0 && box.y >= 0 && box.x + box.w <= sizes[s][0] && box.y + box.h <= sizes[s][1]);
        static const int counts[] = {1, 6, 64};
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            int rows = ui_layout_lessons_rows(&l, counts[c]);
            assert_true(rows >= 3);
            int bottom = box.y;
            for (int i = 0; i < rows && i < counts[c]; i++) {
                ui_rect r = ui_layout_lessons_row(&l, counts[c], i);
                assert_true(r.y >= bottom && r.x >= box.x && r.x + r.w <= box.x + box.w);
                assert_true(r.y + r.h <= box.y + box.h - 2 * l.line_height);
                assert_int_equal(ui_layout_lessons_row_at(&l, counts[c], r.x + r.w / 2, r.y + r.h / 2), i);
                bottom = r.y + r.h;
            }
            assert_int_equal(ui_layout_lessons_row_at(&l, counts[c], box.x + 1, box.y + 1), -1);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_square_maps_back),
        cmocka_unit_test(test_lessons_list),
        cmocka_unit_test(test_lesson_box),
        cmocka_unit_test(test_parts_fit_and_do_not_overlap),
        cmocka_unit_test(test_board_grows_with_the_window),
        cmocka_unit_test(test_timeline_steps_and_columns),
        cmocka_unit_test(test_numbers_as_large_as_the_text_and_the_key_in_place),
        cmocka_unit_test(test_tree_has_its_own_room),
        cmocka_unit_test(test_race_lanes),
        cmocka_unit_test(test_zoomed_views_hit_what_they_draw),
        cmocka_unit_test(test_deepest_zoom_shows_a_square_whole),
        cmocka_unit_test(test_labels_go_right_to_left),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
