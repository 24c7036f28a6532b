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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tree_panel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
