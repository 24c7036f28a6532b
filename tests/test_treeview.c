/*
 * test_treeview.c -- the tree as drawn, without a window: each parent stands over the middle of
 * its children, slots never overlap and keep the order the search tried them in, every drawn item
 * is found again under its own point, a small tree is drawn whole and fits, a large one opens only
 * the standing queens (at most n + 1 nodes a level), and the overview strip covers the root's
 * children in proportion to the queens placed under each. At 640 x 480 the trees of N = 4 to 6 are
 * in the panel whole at every step, marks and labels; labels never overlap one another or a mark;
 * a rejected square hangs between its parent and the row below, close under it, and no two
 * parents' rejected squares run together.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "layout.h"
#include "treeview.h"

typedef struct run {
    nq_tree *tree;
    nq_timeline *tl;
    nq_tree_view *view;
} run;

static run record(int n, uint64_t steps)
{
    run r = {nq_tree_create(n, NULL), nq_timeline_create(n, NULL), nq_tree_view_create()};
    nq_trace t;
    nq_trace_init(&t, n, NULL);
    nq_step step;
    for (uint64_t k = 0; k < steps && nq_trace_next(&t, &step); k++) {
        nq_timeline_record(r.tl, &step);
        nq_tree_record(r.tree, &step);
    }
    return r;
}

static void run_free(run *r)
{
    nq_tree_view_free(r->view);
    nq_tree_free(r->tree);
    nq_timeline_free(r->tl);
}

/* Checks the scene's geometry: parents over their queens, slots apart and in order; each parent's
 * rejected squares in column order, none on an edge to a queen (where it crosses their line). */
static void check_shape(const tv_scene *s)
{
    for (int i = 0; i < s->count; i++) {
        const tv_item *it = &s->items[i];
        assert_in_range((long long)(it->x * 100), 0, (long long)(s->width * 100));
        double lo = 1e18, hi = -1e18, last = -1, last_cross = -1;
        int children = 0, last_column = -1;
        for (int j = i + 1; j < s->count; j++) {
            if (s->items[j].parent != i)
                continue;
            const tv_item *c = &s->items[j];
            assert_int_equal(c->level, it->level + 1);
            if (c->kind == TV_REJECTED) {
                assert_true(c->column > last_column && c->x > last_cross); /* left to right by column */
                last_column = c->column;
                last_cross = c->x;
                for (int k = i + 1; k < s->count; k++) /* never on the edge to a queen of i */
                    if (s->items[k].parent == i && s->items[k].kind != TV_REJECTED)
                        assert_true(fabs(c->x - (it->x + s->items[k].x) / 2) > 0.05);
                continue;
            }
            assert_true(c->x > last); /* left to right as tried */
            last = c->x;
            lo = c->x < lo ? c->x : lo;
            hi = c->x > hi ? c->x : hi;
            children++;
        }
        if (children)
            assert_int_equal((long long)(it->x * 1000 + 0.5), (long long)((lo + hi) / 2 * 1000 + 0.5));
    }
}

static void test_small_tree_is_whole_and_fits(void **state)
{
    (void)state;
    run r = record(4, UINT64_MAX);
    nq_tree_view_at(r.view, r.tree, r.tl, nq_timeline_length(r.tl));
    tv_scene s = {0};
    tv_scene_build(&s, r.view, false);
    assert_true(s.whole);
    check_shape(&s);
    int nodes = 0;
    for (int i = 1; i < s.count; i++)
        nodes += s.items[i].kind == TV_NODE;
    nq_tree_node root;
    nq_tree_node_get(r.view, NQ_TREE_ROOT, &root);
    assert_int_equal(nodes, root.nodes);
    assert_int_equal(s.levels, 5);
    ui_rect panel = {10, 20, 800, 300};
    tv_camera cam = tv_camera_fit(&s, panel, 1, 1, 1);
    for (int i = 0; i < s.count; i++) {
        int x, y;
        tv_item_point(&cam, panel, &s.items[i], &x, &y);
        assert_true(ui_rect_contains(panel, x, y));
        assert_int_equal(tv_item_at(&s, &cam, panel, x, y), i);
    }
    assert_int_equal(tv_item_at(&s, &cam, panel, panel.x - 1, panel.y), -1);
    /* Compact: the rejected squares go, the queens stay. */
    int with_marks = s.count;
    tv_scene_build(&s, r.view, true);
    assert_int_equal(s.count, nodes + 1);
    assert_true(s.count < with_marks);
    check_shape(&s);
    tv_scene_free(&s);
    run_free(&r);
}

static void test_large_tree_opens_the_standing_queens(void **state)
{
    (void)state;
    run r = record(10, 50000);
    nq_tree_view_at(r.view, r.tree, r.tl, nq_timeline_length(r.tl));
    tv_scene s = {0};
    tv_scene_build(&s, r.view, true);
    assert_false(s.whole);
    check_shape(&s);
    nq_tree_id path[NQ_MAX_N + 1];
    int depth = nq_tree_path(r.view, path);
    assert_int_equal(s.items[s.selected].node.depth, depth);
    int per_level[NQ_MAX_N + 1] = {0}, collapsed = 0;
    for (int i = 0; i < s.count; i++) {
        per_level[s.items[i].level]++;
        collapsed += s.items[i].kind == TV_COLLAPSED;
        if (s.items[i].kind == TV_NODE && !s.items[i].on_path)
            assert_true(s.items[i].node.kind != NQ_TREE_FINISHED);
    }
    assert_true(collapsed > 0);
    for (int level = 1; level <= depth; level++)
        assert_in_range(per_level[level], 1, 10); /* the standing queen and its siblings */
    assert_in_range(per_level[depth + 1], 0, 10);
    assert_int_equal(per_level[depth + 2], 0);
    /* The strip: each of the root's children, as wide as its share of the queens placed. */
    ui_rect strip = {0, 0, 1000, 10};
    int end = strip.x;
    uint64_t total = 0;
    for (int i = 0; i < s.top_count; i++)
        total += s.items[s.top_items[i]].node.nodes;
    for (int i = 0; i < s.top_count; i++) {
        int from, to;
        tv_overview_segment(&s, strip, i, &from, &to);
        assert_int_equal(from, end);
        assert_in_range(to - from, (long long)(s.items[s.top_items[i]].node.nodes * 1000 / total) - 1,
                        (long long)(s.items[s.top_items[i]].node.nodes * 1000 / total) + 1);
        if (to > from)
            assert_int_equal(tv_overview_at(&s, strip, (from + to) / 2), i);
        end = to;
    }
    assert_int_equal(end, strip.x + strip.w);
    tv_scene_free(&s);
    run_free(&r);
}

/* A label's width as tests measure it: 6 pixels a byte. */
static int measure(const char *text, void *ctx)
{
    (void)ctx;
    return (int)strlen(text) * 6;
}

/* The rectangle an item's mark covers under camera c. */
static ui_rect mark_of(const tv_scene *s, const tv_camera *c, ui_rect panel, int i)
{
    int x, y, r = tv_radius(c);
    tv_item_point(c, panel, &s->items[i], &x, &y);
    if (s->items[i].kind == TV_REJECTED)
        r = tv_cross_half(c);
    int h = s->items[i].kind == TV_COLLAPSED ? tv_collapsed_height(r, s->items[i].node.nodes) - r : r;
    return (ui_rect){x - r, y - r, 2 * r + 1, r + h + 1};
}

static bool overlap(ui_rect a, ui_rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static bool within(ui_rect r, ui_rect panel)
{
    return r.x >= panel.x && r.y >= panel.y && r.x + r.w <= panel.x + panel.w && r.y + r.h <= panel.y + panel.h;
}

/* The labels of the scene under camera c: each inside the panel, none over another or a mark. */
static void check_labels(const tv_scene *s, const tv_camera *c, ui_rect panel)
{
    static tv_label labels[1024];
    int count = tv_labels(s, c, panel, "start: the empty board", 12, measure, NULL, labels, 1024);
    for (int i = 0; i < count; i++) {
        assert_true(within(labels[i].rect, panel));
        for (int j = 0; j < i; j++)
            assert_false(overlap(labels[i].rect, labels[j].rect));
        for (int k = 0; k < s->count; k++)
            if (overlap(mark_of(s, c, panel, k), panel))
                assert_false(overlap(labels[i].rect, mark_of(s, c, panel, k)));
    }
}

/* At 640 x 480, for N = 4 to 6, at every step of the run: the fitted camera puts every mark and
 * label inside the tree's panel (Ctrl+0 fits whatever is drawn). */
static void test_fits_at_the_smallest_window(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        ui_layout l = ui_layout_compute(640, 480, n, true, 1);
        run r = record(n, UINT64_MAX);
        uint64_t length = nq_timeline_length(r.tl), every = length / 200 + 1;
        tv_scene s = {0};
        for (uint64_t k = 0; k <= length; k += k + every > length && k < length ? length - k : every) {
            nq_tree_view_at(r.view, r.tree, r.tl, k);
            tv_scene_build(&s, r.view, false);
            tv_camera c = tv_camera_fit(&s, l.tree, 1, 1, l.density);
            for (int i = 0; i < s.count; i++) {
                ui_rect m = mark_of(&s, &c, l.tree, i);
                if (!within(m, l.tree))
                    print_message("n %d step %llu item %d kind %d: %d %d %d %d in %d %d %d %d\n", n,
                                  (unsigned long long)k, i, s.items[i].kind, m.x, m.y, m.w, m.h, l.tree.x, l.tree.y,
                                  l.tree.w, l.tree.h);
                assert_true(within(m, l.tree));
            }
            check_labels(&s, &c, l.tree);
        }
        tv_scene_free(&s);
        run_free(&r);
    }
}

/* Labels of large trees, fitted and zoomed in, at several window sizes: none overlaps. */
static void test_labels_never_overlap(void **state)
{
    (void)state;
    const ui_rect panels[] = {{0, 0, 270, 150}, {10, 40, 800, 260}, {0, 0, 1400, 700}};
    for (int n = 6; n <= 9; n++) {
        run r = record(n, 20000);
        nq_tree_view_at(r.view, r.tree, r.tl, nq_timeline_length(r.tl) * 2 / 3);
        tv_scene s = {0};
        tv_scene_build(&s, r.view, n % 2 == 0);
        for (size_t p = 0; p < sizeof panels / sizeof panels[0]; p++)
            for (double zoom = 1; zoom <= 8; zoom *= 2) {
                tv_camera c = tv_camera_fit(&s, panels[p], zoom, 1, 1);
                check_labels(&s, &c, panels[p]);
            }
        tv_scene_free(&s);
        run_free(&r);
    }
}

/* A rejected square hangs under its parent: its point lies between the parent's and the row
 * below, and it is found again under its point; two parents' rejected squares
 * never run together (a clear gap between any two of a level that are not the same parent's). */
static void test_rejected_squares_hang_under_their_parent(void **state)
{
    (void)state;
    run r = record(5, UINT64_MAX);
    nq_tree_view_at(r.view, r.tree, r.tl, nq_timeline_length(r.tl));
    tv_scene s = {0};
    tv_scene_build(&s, r.view, false);
    check_shape(&s);
    ui_rect panel = {0, 0, 2000, 600};
    tv_camera c = tv_camera_fit(&s, panel, 1, 1, 1);
    int rejected = 0;
    for (int i = 1; i < s.count; i++) {
        const tv_item *it = &s.items[i];
        if (it->kind != TV_REJECTED)
            continue;
        rejected++;
        int x, y, px, py;
        tv_item_point(&c, panel, it, &x, &y);
        tv_item_point(&c, panel, &s.items[it->parent], &px, &py);
        tv_item row = *it;
        row.kind = TV_NODE;
        int rx, ry;
        tv_item_point(&c, panel, &row, &rx, &ry);
        assert_in_range(y, py + tv_radius(&c), ry - tv_cross_half(&c)); /* a stub: between the parent and its row */
        assert_int_equal(tv_item_at(&s, &c, panel, x, y), i);
        for (int j = 1; j < i; j++)
            if (s.items[j].kind == TV_REJECTED && s.items[j].level == it->level && s.items[j].parent != it->parent)
                assert_true(s.items[j].x < it->x - 0.35 || s.items[j].x > it->x + 0.35);
    }
    assert_true(rejected > 0);
    tv_scene_free(&s);
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fits_at_the_smallest_window),
        cmocka_unit_test(test_labels_never_overlap),
        cmocka_unit_test(test_rejected_squares_hang_under_their_parent),
        cmocka_unit_test(test_small_tree_is_whole_and_fits),
        cmocka_unit_test(test_large_tree_opens_the_standing_queens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
