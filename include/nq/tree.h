/*
 * nq/tree.h -- the search tree of one watched run, as it stood at any step, in bounded memory.
 *
 * The tree a textbook draws beside the board: the root is the empty board (or the pinned queen),
 * each node a queen the search placed, under the queen placed before it (the row above, for
 * backtracking and forward checking; first fail chooses the row under each node), its children in
 * the order the search tried them. Min-conflicts has no tree. It is recorded from the same steps as
 * the timeline (nq_timeline) and read back at any step of it through a view: what had been placed
 * by then, which queens stood, which subtrees were finished and what they held (queens placed,
 * solutions, the lexicographic number of their first solution), which squares of a row were
 * rejected.
 *
 * Memory: a node is a 56-byte record. When the records reach their most, the finished subtrees
 * that lasted fewest steps give up their detail (the subtree's root keeps its figures: it is drawn
 * collapsed, as Gecode's Gist and CP-Profiler draw big trees) until half the records are free:
 * the subtrees that keep their detail are the long-lived ones, of which every depth has few. A view
 * whose standing queens run through such a folded subtree gets its detail back by replaying its
 * steps from the timeline (as many as that subtree lasted: a few milliseconds at worst).
 * A tree and its views belong to one thread at a time; out of memory ends the program (status 1).
 */
#ifndef NQ_TREE_H
#define NQ_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/timeline.h"
#include "nq/trace.h"

/* The most records a tree keeps before it folds (14.7 MB). */
enum { NQ_TREE_MOST_RECORDS = 1 << 18 };

typedef struct nq_tree nq_tree;

/* A new tree of the run of the n x n board with the optional pinned queen; _sized with a most of
 * records of the caller's (at least 2 * (n + n * n): what never folds must fit in half), for tests
 * that want folding on a short run. */
nq_tree *nq_tree_create(int n, const nq_square *first);
nq_tree *nq_tree_create_sized(int n, const nq_square *first, size_t most);
void nq_tree_free(nq_tree *tree);

/* Records the run's next step: the steps of nq_trace for this board, in order (the timeline
 * checks them; the tree trusts them). */
void nq_tree_record(nq_tree *tree, const nq_step *step);

/* Bytes the tree holds; records kept (the nodes, while nothing is folded). */
size_t nq_tree_bytes(const nq_tree *tree);
size_t nq_tree_records(const nq_tree *tree);

/* A node's identity within one view: valid until the view is set again or the tree records. */
typedef size_t nq_tree_id;
enum { NQ_TREE_ROOT = 0 };

typedef enum nq_tree_kind {
    NQ_TREE_STANDING, /* its queen is on the board at the view's step (the root always is) */
    NQ_TREE_FINISHED, /* taken back, with queens placed below it */
    NQ_TREE_DEAD_END, /* taken back, nothing placed below it: the next row had no free square (or its
                         crossing off wiped a row out) */
    NQ_TREE_SOLUTION  /* its queen completed the board (a leaf) */
} nq_tree_kind;

/* A node as it stood at the view's step. */
typedef struct nq_tree_node {
    nq_tree_kind kind;
    int row, column;         /* 0-based square of its queen; the root's: the pinned queen, or -1 */
    int depth;               /* queens the search placed on the way to it, itself included; root 0 */
    int child_row;           /* the row searched under it, or -1 when its board is full (first fail:
                                or while it has chosen none) */
    uint64_t index;          /* its place among the queens placed, 1-based (root 0) */
    uint64_t placed;         /* the step that placed it (1-based; root 0) */
    uint64_t removed;        /* the step that took it back, 0 while it stands */
    uint64_t nodes;          /* queens placed in its subtree by the view's step, itself included */
    uint64_t solutions;      /* solutions found in its subtree by the view's step */
    uint64_t first_solution; /* the number of the first of them, in the order found (0 if none): the
                                lexicographic number, but for first fail */
    bool detailed;           /* its children and rejected squares are known (false: folded) */
    uint64_t tried;          /* the columns of child_row tried under it by the view's step (bit c) */
    uint64_t rejected;       /* of those, the ones rejected (no queen placed there; backtracking only:
                                the other methods try only squares left open) */
} nq_tree_node;

typedef struct nq_tree_view nq_tree_view;

nq_tree_view *nq_tree_view_create(void);
void nq_tree_view_free(nq_tree_view *view);

/* Sets the view to the tree at step k of the run (0 <= k <= the timeline's length); tree and tl
 * record the same run and must outlive the view's use. */
void nq_tree_view_at(nq_tree_view *view, const nq_tree *tree, const nq_timeline *tl, uint64_t k);

/* The node id as it stood at the view's step. */
void nq_tree_node_get(const nq_tree_view *view, nq_tree_id id, nq_tree_node *out);

/* The children of id placed by the view's step, left to right, into out (at most max; the
 * return value is how many there are). A folded node has none. */
size_t nq_tree_children(const nq_tree_view *view, nq_tree_id id, nq_tree_id *out, size_t max);

/* The standing queens at the view's step, root first: path[0] is the root, path[depth] the queen
 * placed last that still stands (the node a person sees selected). Returns the depth. */
int nq_tree_path(const nq_tree_view *view, nq_tree_id path[NQ_MAX_N + 1]);

#endif
