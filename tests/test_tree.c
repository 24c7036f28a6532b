/*
 * test_tree.c -- the search tree says what the trace did: its nodes are the queens placed, its
 * solution leaves carry their lexicographic numbers and spell those solutions, its dead ends are
 * the trace's, node -> step -> node comes back to the same node, and a tree folded to a few
 * records shows at any step exactly what the whole one shows (the folded part replayed).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nq/enumerate.h"
#include "nq/tree.h"

typedef struct run {
    nq_tree *tree;
    nq_timeline *tl;
    nq_trace end; /* the iterator after the done step */
} run;

static run record(int n, const nq_square *first, size_t most)
{
    run r = {nq_tree_create_sized(n, first, most), nq_timeline_create(n, first), {0}};
    nq_trace_init(&r.end, n, first);
    nq_step step;
    while (nq_trace_next(&r.end, &step)) {
        assert_true(nq_timeline_record(r.tl, &step));
        nq_tree_record(r.tree, &step);
    }
    return r;
}

static void run_free(run *r)
{
    nq_tree_free(r->tree);
    nq_timeline_free(r->tl);
}

/* What a walk of the whole tree at a view's step found. */
typedef struct tally {
    uint64_t nodes, solutions, dead_ends;
} tally;

/* Walks the subtree of id: checks each node against its children and each solution leaf against
 * the lexicographic order; cols holds the queens of the path down to id. */
static void walk(const nq_tree_view *v, nq_tree_id id, int n, const nq_square *first, int *cols, tally *t)
{
    nq_tree_node node;
    nq_tree_node_get(v, id, &node);
    if (id != NQ_TREE_ROOT) {
        t->nodes++;
        cols[node.row] = node.column;
    }
    if (node.child_row < 0) { /* a full board: a solution leaf (or the root, for N = 1 pinned) */
        assert_true(node.kind == NQ_TREE_SOLUTION || id == NQ_TREE_ROOT);
        t->solutions++;
        assert_int_equal(node.solutions, 1);
        /* The first_solution-th solution in lexicographic order is the board on the path. */
        nq_enum e;
        nq_enum_init(&e, n, first);
        int expect[NQ_MAX_N];
        for (uint64_t k = 0; k < node.first_solution; k++)
            assert_true(nq_enum_next(&e, expect));
        for (int r = 0; r < n; r++)
            assert_int_equal(cols[r], expect[r]);
    }
    if (node.kind == NQ_TREE_DEAD_END) {
        t->dead_ends++;
        assert_int_equal(node.rejected, node.tried);
    }
    nq_tree_id kids[NQ_MAX_N];
    size_t count = nq_tree_children(v, id, kids, NQ_MAX_N);
    uint64_t below = 0, solutions = 0;
    for (size_t c = 0; c < count; c++) {
        nq_tree_node child;
        nq_tree_node_get(v, kids[c], &child);
        below += child.nodes;
        solutions += child.solutions;
        assert_int_equal(child.row, node.child_row);
        if (c > 0) {
            nq_tree_node before;
            nq_tree_node_get(v, kids[c - 1], &before);
            assert_true(before.column < child.column); /* left to right, as tried */
        }
        walk(v, kids[c], n, first, cols, t);
    }
    if (node.detailed) {
        assert_int_equal(node.nodes, below + (id != NQ_TREE_ROOT));
        assert_int_equal(node.solutions, solutions + (node.child_row < 0));
    }
    if (id != NQ_TREE_ROOT)
        cols[node.row] = first && node.row == first->row ? first->column : -1;
}

static const nq_square pins[] = {{0, 0}, {1, 0}, {2, 1}, {0, 3}, {3, 3}};
enum { PINS = sizeof pins / sizeof pins[0] };

/* The whole tree at the end of the run: its nodes, solutions and dead ends are the trace's. */
static void check_whole(int n, const nq_square *first)
{
    run r = record(n, first, NQ_TREE_MOST_RECORDS);
    assert_int_equal(nq_tree_records(r.tree), r.end.nodes);
    nq_tree_view *v = nq_tree_view_create();
    nq_tree_view_at(v, r.tree, r.tl, nq_timeline_length(r.tl));
    int cols[NQ_MAX_N];
    for (int i = 0; i < n; i++)
        cols[i] = first && i == first->row ? first->column : -1;
    tally t = {0, 0, 0};
    walk(v, NQ_TREE_ROOT, n, first, cols, &t);
    assert_int_equal(t.nodes, r.end.nodes);
    assert_int_equal(t.solutions, r.end.solutions);
    nq_tree_node root;
    nq_tree_node_get(v, NQ_TREE_ROOT, &root);
    /* A dead end right under the root has no node to mark. */
    assert_int_equal(t.dead_ends + (root.child_row >= 0 && !r.end.nodes),
                     r.end.dead_ends);
    nq_tree_id path[NQ_MAX_N + 1];
    assert_int_equal(nq_tree_path(v, path), 0); /* at the end every queen is taken back */
    nq_tree_view_free(v);
    run_free(&r);
}

static void test_whole_tree_is_the_trace(void **state)
{
    (void)state;
    for (int n = 1; n <= 8; n++) {
        check_whole(n, NULL);
        for (int p = 0; p < PINS; p++)
            if (pins[p].row < n && pins[p].column < n)
                check_whole(n, &pins[p]);
    }
}

/* Every node, selected at the step that placed it, is the queen placed last that still stands. */
static void round_trip(const nq_tree_view *end, nq_tree_view *at, const run *r, nq_tree_id id, uint64_t *checked)
{
    nq_tree_id kids[NQ_MAX_N];
    size_t count = nq_tree_children(end, id, kids, NQ_MAX_N);
    for (size_t c = 0; c < count; c++) {
        nq_tree_node node;
        nq_tree_node_get(end, kids[c], &node);
        nq_tree_view_at(at, r->tree, r->tl, node.placed);
        nq_tree_id path[NQ_MAX_N + 1];
        int depth = nq_tree_path(at, path);
        assert_int_equal(depth, node.depth);
        nq_tree_node selected;
        nq_tree_node_get(at, path[depth], &selected);
        assert_int_equal(selected.placed, node.placed);
        assert_int_equal(selected.index, node.index);
        assert_int_equal(selected.row, node.row);
        assert_int_equal(selected.column, node.column);
        assert_int_equal(selected.kind, NQ_TREE_STANDING);
        assert_int_equal(selected.nodes, 1);
        /* The step itself placed that queen. */
        nq_moment m;
        nq_timeline_seek(r->tl, node.placed, &m);
        assert_int_equal(m.last.kind, NQ_STEP_PLACE);
        assert_int_equal(m.last.row, node.row);
        assert_int_equal(m.last.column, node.column);
        assert_int_equal(m.trace.nodes, node.index);
        (*checked)++;
        round_trip(end, at, r, kids[c], checked);
    }
}

static void test_node_step_node(void **state)
{
    (void)state;
    for (int n = 4; n <= 7; n++) {
        run r = record(n, n == 6 ? &pins[2] : NULL, NQ_TREE_MOST_RECORDS);
        nq_tree_view *end = nq_tree_view_create(), *at = nq_tree_view_create();
        nq_tree_view_at(end, r.tree, r.tl, nq_timeline_length(r.tl));
        uint64_t checked = 0;
        round_trip(end, at, &r, NQ_TREE_ROOT, &checked);
        assert_int_equal(checked, r.end.nodes);
        nq_tree_view_free(end);
        nq_tree_view_free(at);
        run_free(&r);
    }
}

/* The textbook walk of N = 4: (1,1) first, its row 2 tries, two dead ends under it, on to the two
 * solutions under (2,1) and (3,1). */
static void test_four(void **state)
{
    (void)state;
    run r = record(4, NULL, NQ_TREE_MOST_RECORDS);
    nq_tree_view *v = nq_tree_view_create();
    nq_tree_view_at(v, r.tree, r.tl, nq_timeline_length(r.tl));
    nq_tree_id kids[NQ_MAX_N];
    assert_int_equal(nq_tree_children(v, NQ_TREE_ROOT, kids, NQ_MAX_N), 4);
    nq_tree_node first;
    nq_tree_node_get(v, kids[0], &first);
    assert_int_equal(first.row, 0);
    assert_int_equal(first.column, 0);
    assert_int_equal(first.solutions, 0);
    assert_int_equal(first.kind, NQ_TREE_FINISHED);
    assert_int_equal(first.rejected, 0x3); /* (1,2) and (2,2) share its column and diagonal */
    uint64_t expected_solutions[4] = {0, 1, 1, 0}, expected_first[4] = {0, 1, 2, 0};
    for (int c = 0; c < 4; c++) {
        nq_tree_node node;
        nq_tree_node_get(v, kids[c], &node);
        assert_int_equal(node.solutions, expected_solutions[c]);
        assert_int_equal(node.first_solution, expected_first[c]);
    }
    nq_tree_view_free(v);
    run_free(&r);
}

/* Fields a person sees of a node, compared between two views. */
static void same_node(const nq_tree_node *a, const nq_tree_node *b)
{
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->row, b->row);
    assert_int_equal(a->column, b->column);
    assert_int_equal(a->depth, b->depth);
    assert_int_equal(a->index, b->index);
    assert_int_equal(a->placed, b->placed);
    assert_int_equal(a->removed, b->removed);
    assert_int_equal(a->nodes, b->nodes);
    assert_int_equal(a->solutions, b->solutions);
    assert_int_equal(a->first_solution, b->first_solution);
}

/* A tree folded to 256 records shows at any step the same standing queens, and the same
 * children under each of them, as the whole tree. */
static void test_folded_tree_shows_the_same(void **state)
{
    (void)state;
    for (int n = 7; n <= 9; n++) {
        run whole = record(n, NULL, NQ_TREE_MOST_RECORDS), folded = record(n, NULL, 256);
        assert_true(nq_tree_records(folded.tree) <= 256);
        assert_true(nq_tree_records(whole.tree) > 2 * 256);
        nq_tree_view *a = nq_tree_view_create(), *b = nq_tree_view_create();
        srand(7 + (unsigned)n);
        uint64_t length = nq_timeline_length(whole.tl);
        for (int i = 0; i < 400; i++) {
            uint64_t k = i == 0 ? length : (uint64_t)rand() % (length + 1);
            nq_tree_view_at(a, whole.tree, whole.tl, k);
            nq_tree_view_at(b, folded.tree, folded.tl, k);
            nq_tree_id pa[NQ_MAX_N + 1], pb[NQ_MAX_N + 1];
            int depth = nq_tree_path(a, pa);
            assert_int_equal(nq_tree_path(b, pb), depth);
            for (int d = 0; d <= depth; d++) {
                nq_tree_node x, y;
                nq_tree_node_get(a, pa[d], &x);
                nq_tree_node_get(b, pb[d], &y);
                same_node(&x, &y);
                assert_true(y.detailed);
                assert_int_equal(x.tried, y.tried);
                assert_int_equal(x.rejected, y.rejected);
                nq_tree_id ka[NQ_MAX_N], kb[NQ_MAX_N];
                size_t count = nq_tree_children(a, pa[d], ka, NQ_MAX_N);
                assert_int_equal(nq_tree_children(b, pb[d], kb, NQ_MAX_N), count);
                for (size_t c = 0; c < count; c++) {
                    nq_tree_node_get(a, ka[c], &x);
                    nq_tree_node_get(b, kb[c], &y);
                    same_node(&x, &y);
                }
            }
        }
        nq_tree_view_free(a);
        nq_tree_view_free(b);
        run_free(&whole);
        run_free(&folded);
    }
}

/* Memory stays within the most of records however long the run: N = 11 places 40 times as many
 * queens as this tree keeps. */
static void test_memory_is_bounded(void **state)
{
    (void)state;
    run r = record(11, NULL, 4096);
    assert_true(r.end.nodes > 40 * 4096);
    assert_true(nq_tree_records(r.tree) <= 4096);
    assert_true(nq_tree_bytes(r.tree) <= 4096 * 64 + 1024);
    run_free(&r);
}


/* Walks a whole tree of forward checking or first fail: each node's children in its child row, left
 * to right; returns in *t the nodes, the solution leaves and the leaves a wipe-out ended. */
static void walk_propagation(const nq_tree_view *v, nq_tree_id id, int n, tally *t)
{
    nq_tree_node node;
    nq_tree_node_get(v, id, &node);
    t->nodes += id != NQ_TREE_ROOT;
    t->solutions += node.kind == NQ_TREE_SOLUTION;
    t->dead_ends += node.kind == NQ_TREE_DEAD_END;
    assert_int_equal(node.rejected, 0); /* only squares left open are tried, and each gets a queen */
    nq_tree_id kids[NQ_MAX_N];
    size_t count = nq_tree_children(v, id, kids, NQ_MAX_N);
    if (node.kind == NQ_TREE_SOLUTION)
        assert_int_equal(count, 0);
    for (size_t c = 0; c < count; c++) {
        nq_tree_node child;
        nq_tree_node_get(v, kids[c], &child);
        assert_int_equal(child.row, node.child_row);
        assert_int_equal(child.depth, node.depth + 1);
        walk_propagation(v, kids[c], n, t);
    }
}

/* The trees of forward checking and first fail at the end of their runs: a node for every queen
 * placed, a solution leaf for every solution, a red leaf for every wipe-out; first fail's levels
 * are the rows it chose, which differ from branch to branch. */
static void test_trees_of_propagation(void **state)
{
    (void)state;
    for (nq_method m = NQ_METHOD_FORWARD; m <= NQ_METHOD_FIRSTFAIL; m++) {
        for (int n = 1; n <= 7; n++) {
            nq_plan plan = nq_plan_make(n, NULL, m);
            nq_tree *tree = nq_tree_create(n, NULL);
            nq_timeline *tl = nq_timeline_create_plan(&plan);
            nq_trace end;
            nq_trace_start(&end, &plan);
            nq_step step;
            while (nq_trace_next(&end, &step)) {
                assert_true(nq_timeline_record(tl, &step));
                nq_tree_record(tree, &step);
            }
            nq_tree_view *v = nq_tree_view_create();
            nq_tree_view_at(v, tree, tl, nq_timeline_length(tl));
            tally t = {0, 0, 0};
            walk_propagation(v, NQ_TREE_ROOT, n, &t);
            assert_int_equal(t.nodes, end.nodes);
            assert_int_equal(t.solutions, end.solutions);
            assert_int_equal(t.dead_ends, end.wipe_outs);
            nq_tree_view_free(v);
            nq_tree_free(tree);
            nq_timeline_free(tl);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trees_of_propagation),
        cmocka_unit_test(test_whole_tree_is_the_trace), cmocka_unit_test(test_node_step_node),
        cmocka_unit_test(test_four), cmocka_unit_test(test_folded_tree_shows_the_same),
        cmocka_unit_test(test_memory_is_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
