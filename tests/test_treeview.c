/*
 * test_treeview.c -- the tree as drawn, without a window: each parent stands over the middle of
 * its children, slots never overlap and keep the order the search tried them in, every drawn item
 * is found again under its own point, a small tree is drawn whole and fits, a large one opens only
 * the standing queens (at most n + 1 nodes a level), and the overview strip covers the root's
 * children in proportion to the queens placed under each.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

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

/* Checks the scene's geometry: parents over their children, slots apart and in order. */
static void check_shape(const tv_scene *s)
{
    for (int i = 0; i < s->count; i++) {
        const tv_item *it = &s->items[i];
        assert_in_range((long long)(it->x * 100), 0, (long long)(s->width * 100));
        double lo = 1e18, hi = -1e18, last = -1;
        int children = 0;
        for (int j = i + 1; j < s->count; j++) {
            if (s->items[j].parent != i)
                continue;
            const tv_item *c = &s->items[j];
            assert_int_equal(c->level, it->level + 1);
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
    tv_camera cam = tv_camera_fit(&s, panel, 1, 1);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_tree_is_whole_and_fits),
        cmocka_unit_test(test_large_tree_opens_the_standing_queens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
