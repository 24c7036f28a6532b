/*
 * test_treepanel.c -- the search tree beside the board, tied to the timeline, driven on the
 * scripted solver (model_fixture.h).
 */
#include "model_fixture.h"

/* The tree panel: shown by default up to N = 6, T hides and shows it (the choice outlives a new
 * N), Watch's only; clicking a node moves the timeline to the step that placed it, and the trace
 * says the step and the node; the scene at any step is the tree as it stood then. */
static void test_tree_panel(void **state)
{
    (void)state;
    fixture f;
    start(&f, 4, NULL, EX_WATCH, EX_SPEED_MAX);
    assert_true(ex_tree_shown(&f.ex));
    run_to_end(&f);
    const tv_scene *s = &f.ex.tree_panel.scene;
    int queens = 0;
    for (int i = 1; i < s->count; i++)
        queens += s->items[i].kind == TV_NODE;
    assert_int_equal(queens, ex_figures_shown(&f.ex).placed); /* N = 4: the whole tree */
    /* The first child of the root: the queen at column 1, row 1. */
    assert_int_equal(s->top_count, 4);
    int first = s->top_items[0];
    uint64_t placed = s->items[first].node.placed;
    ex_tree_select(&f.ex, first);
    assert_int_equal(f.ex.cursor, placed);
    assert_int_equal(f.ex.cols[0], 0);
    char line[64];
    snprintf(line, sizeof line, "step %llu of %llu\nnode 1 1\n", (unsigned long long)placed,
             (unsigned long long)ex_timeline_length(&f.ex));
    assert_traced(&f, line);
    assert_int_equal(s->items[s->selected].node.placed, placed);
    ex_tree_hover(&f.ex, first);
    assert_true(f.ex.has_hover);
    assert_int_equal(f.ex.hover.row, 0);
    assert_int_equal(f.ex.hover.column, 0);
    ex_seek(&f.ex, 0);
    assert_traced(&f, "step 0 of");
    assert_traced(&f, "node none\n");
    assert_int_equal(f.ex.tree_panel.scene.count, 1); /* before the first step: the root alone, nothing tried */
    ex_act(&f.ex, EX_ACT_TREE, 0, f.now);
    assert_false(ex_tree_shown(&f.ex));
    ex_note_tree(&f.ex, false, 0, 0, 0, 0);
    assert_traced(&f, "tree none\n");
    ex_set_n(&f.ex, 5, f.now);
    assert_false(ex_tree_shown(&f.ex)); /* the person's choice stands */
    ex_act(&f.ex, EX_ACT_TREE, 0, f.now);
    assert_true(ex_tree_shown(&f.ex));
    ex_note_tree(&f.ex, true, 1, 2, 3, 4);
    assert_traced(&f, "tree 1 2 3 4\n");
    ex_act(&f.ex, EX_ACT_MODE, 0, f.now);
    assert_false(ex_tree_shown(&f.ex)); /* Solve has no tree */
    ex_act(&f.ex, EX_ACT_TREE, 0, f.now);
    assert_notice_line(&f, "The search tree is Watch's: Tab switches to it.");
    finish(&f);

    start(&f, 8, NULL, EX_WATCH, EX_SPEED_MAX);
    assert_false(ex_tree_shown(&f.ex));
    finish(&f);
}

/* Where the node placed at step `placed` is drawn in panel now, or false if the scene has none. */
static bool point_of(const explorer *ex, ui_rect panel, uint64_t placed, int *x, int *y)
{
    const tv_scene *s = &ex->tree_panel.scene;
    for (int i = 1; i < s->count; i++)
        if (s->items[i].kind != TV_REJECTED && s->items[i].node.placed == placed) {
            tv_camera c = ex_tree_camera(ex, panel, 1);
            tv_item_point(&c, panel, &s->items[i], x, y);
            return true;
        }
    return false;
}

/* Clicking a node moves the board to its step and keeps the node where it was drawn (the tree at
 * that step is smaller, so the fitted view alone would move it); Ctrl+0 fits the tree again. */
static void test_click_keeps_the_node_in_place(void **state)
{
    (void)state;
    fixture f;
    start(&f, 5, NULL, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    ui_layout l = ui_layout_compute(640, 480, 5, true, 1);
    int clicked = 0, items = f.ex.tree_panel.scene.count;
    for (int i = 1; i < items && clicked < 6; i += 7) {
        ex_seek(&f.ex, ex_timeline_length(&f.ex)); /* each click from the whole tree, as the view stands */
        const tv_item *it = &f.ex.tree_panel.scene.items[i];
        if (it->kind == TV_REJECTED)
            continue;
        uint64_t placed = it->node.placed;
        int x0, y0, x1, y1;
        assert_true(point_of(&f.ex, l.tree, placed, &x0, &y0));
        ex_tree_click(&f.ex, i, l.tree, 1);
        assert_int_equal(f.ex.cursor, placed);
        assert_true(point_of(&f.ex, l.tree, placed, &x1, &y1));
        assert_in_range(x1, x0 - 1, x0 + 1);
        assert_in_range(y1, y0 - 1, y0 + 1);
        clicked++;
    }
    assert_int_equal(clicked, 6);
    ex_act(&f.ex, EX_ACT_VIEW_FIT, 0, f.now);
    assert_true(f.ex.tree_panel.zoom == 1 && f.ex.tree_panel.stretch == 1);
    assert_true(f.ex.tree_panel.pan_x == 0 && f.ex.tree_panel.pan_y == 0);
    finish(&f);
}

/* The hover texts: the timeline bar and the strip over the tree say what they are; a node names
 * its square; the key lists the marks the tree shows, and the root says what it is. */
static void test_tips_and_key(void **state)
{
    (void)state;
    fixture f;
    start(&f, 4, NULL, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    ui_layout l = ui_layout_compute(640, 480, 4, true, 1);
    char tip[512];
    assert_false(ex_tree_pointer(&f.ex, &l, true, l.timeline.x + 2, l.timeline.y + 1));
    assert_int_equal(f.ex.tree_panel.tip, EX_TIP_TIMELINE);
    assert_true(ex_tree_tip_text(&f.ex, tip, sizeof tip));
    assert_non_null(strstr(tip, "timeline"));
    assert_false(ex_tree_pointer(&f.ex, &l, true, l.tree_overview.x + 2, l.tree_overview.y + 1));
    assert_int_equal(f.ex.tree_panel.tip, EX_TIP_STRIP);
    assert_true(ex_tree_tip_text(&f.ex, tip, sizeof tip));
    assert_non_null(strstr(tip, "first row"));
    const tv_scene *s = &f.ex.tree_panel.scene;
    int item = s->top_items[1], x, y;
    tv_camera c = ex_tree_camera(&f.ex, l.tree, 1);
    tv_item_point(&c, l.tree, &s->items[item], &x, &y);
    assert_true(ex_tree_pointer(&f.ex, &l, true, x, y));
    assert_int_equal(f.ex.tree_panel.tip, EX_TIP_NODE);
    assert_true(ex_tree_tip_text(&f.ex, tip, sizeof tip));
    assert_string_equal(tip, "row 1, column 2");
    assert_true(f.ex.has_hover);
    assert_false(ex_tree_pointer(&f.ex, &l, false, x, y));
    assert_false(ex_tree_tip_text(&f.ex, tip, sizeof tip));
    ex_tree_root_text(&f.ex, tip, sizeof tip);
    assert_string_equal(tip, "start: the empty board");
    ex_tree_key_entry key[8];
    int count = ex_tree_key(&f.ex, key, 8);
    assert_int_equal(count, 5); /* no folded subtree in a tree of 4 */
    assert_int_equal(key[0].mark, EX_TREE_MARK_STANDING);
    assert_int_equal(key[count - 1].mark, EX_TREE_MARK_REJECTED);
    ex_act(&f.ex, EX_ACT_TREE_MARKS, 0, f.now);
    assert_int_equal(ex_tree_key(&f.ex, key, 8), 4); /* no rejected squares drawn: none in the key */
    finish(&f);

    nq_square pin = {1, 0};
    start(&f, 4, &pin, EX_WATCH, EX_SPEED_MAX);
    run_to_end(&f);
    ex_tree_root_text(&f.ex, tip, sizeof tip);
    assert_string_equal(tip, "start: the pinned queen, row 1, column 2");
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tree_panel),
        cmocka_unit_test(test_click_keeps_the_node_in_place),
        cmocka_unit_test(test_tips_and_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
