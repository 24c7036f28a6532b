/*
 * treeview.h -- the search tree as it is drawn: which nodes are shown, where, and what is under
 * the pointer. Pure functions of the engine's tree view and the panel's rectangle; no SDL.
 *
 * A scene is laid out in units: each leaf (a node drawn without children, or a collapsed subtree)
 * takes one unit across and a parent stands over the middle of its children; each depth is one
 * level down. A node's rejected squares take no room of their own: they fan out under it, within
 * its unit, half a level down, short stubs (their row is still the level below), so that no two
 * parents' ones run together however many there are. Small trees are drawn whole. In a
 * large one only the root and the standing queens are opened: their children are drawn, each
 * finished one collapsed into one mark with its figures (the way Gecode's Gist and CP-Profiler
 * keep big trees readable), so a scene never holds more than about n * n items.
 * The camera says which unit and level sit at the panel's centre and how many pixels a unit is;
 * it follows the selected node unless the person has moved it.
 */
#ifndef TV_TREEVIEW_H
#define TV_TREEVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"
#include "nq/tree.h"

/* Trees with at most this many queens placed so far are drawn whole. */
enum { TV_WHOLE = 64 };

typedef enum tv_item_kind {
    TV_NODE,      /* a queen (or the root), drawn as a disc */
    TV_COLLAPSED, /* a finished subtree drawn as one mark sized by its queens */
    TV_REJECTED   /* a square of the row below its parent that was rejected (after its parent's children) */
} tv_item_kind;

typedef struct tv_item {
    tv_item_kind kind;
    nq_tree_node node; /* TV_NODE, TV_COLLAPSED: the node; TV_REJECTED: its parent's */
    int column;        /* TV_REJECTED: the rejected square's column (its row: node.child_row) */
    int parent;        /* the item it hangs from, -1 for the root */
    double x;          /* its centre, in units from the scene's left */
    int level;         /* depth below the root */
    bool on_path;      /* the root or a standing queen */
} tv_item;

typedef struct tv_scene {
    tv_item *items; /* items[0] is the root */
    int count, capacity;
    double width;   /* units across */
    int levels;     /* deepest level + 1 */
    int selected;   /* the item of the queen placed last that still stands (the root if none) */
    bool whole;     /* every node placed so far is drawn */
    bool folded;    /* a collapsed subtree is drawn (its triangle and two lines of labels hang under it) */
    /* The overview strip: the root's children, each with the queens placed below it so far. */
    int top_count;
    int top_items[64];
} tv_scene;

/* Frees what a scene holds and leaves it empty. */
void tv_scene_free(tv_scene *scene);

/* Builds the scene of the tree at the view's step; rejected squares are drawn unless compact. */
void tv_scene_build(tv_scene *scene, const nq_tree_view *view, bool compact);

/* What the camera looks at: unit and level at the panel's centre, and pixels a unit and a level
 * take. */
typedef struct tv_camera {
    double x, y;
    double unit, level;
} tv_camera;

/* The camera that shows the scene in the panel: at zoom 1 the whole scene, as large as fits (up to
 * a most size in points, at density pixels a point) with room for the root's words over it and the
 * labels under its deepest level; zoom multiplies the size across and down
 * (down also times stretch). Where the scene is larger than the panel, the selected node is at the
 * centre, kept so that no more than half the panel shows past either end. */
tv_camera tv_camera_fit(const tv_scene *scene, ui_rect panel, double zoom, double stretch, double density);

/* The radius in pixels of a node's disc under this camera. */
int tv_radius(const tv_camera *camera);

/* The half width in pixels of a rejected square's cross under this camera. */
int tv_cross_half(const tv_camera *camera);

/* The height in pixels of a collapsed subtree's triangle, under discs of radius pixels: taller for
 * more queens placed in it (its top is a radius above the item's point). */
int tv_collapsed_height(int radius, uint64_t nodes);

/* A label of the tree: the queens placed in a collapsed subtree, the numbers of the solutions it
 * holds or a solution leaf's number, and the root's sentence; its rectangle in pixels. */
typedef enum tv_label_kind { TV_LABEL_ROOT, TV_LABEL_SOLUTIONS, TV_LABEL_QUEENS } tv_label_kind;

typedef struct tv_label {
    tv_label_kind kind;
    int item;
    ui_rect rect;
    char text[96];
} tv_label;

/* The width in pixels of text as drawn (ctx: the caller's). */
typedef int (*tv_measure)(const char *text, void *ctx);

/* Places the labels of the items in view, by priority (the root's sentence, then the solutions'
 * numbers left to right, then the queens of the largest subtrees first), each in its whole form, or
 * else shortened ("#3+", "12k"), or else left out: none overlaps another, a disc or a mark, and
 * every one is inside the panel. root: the root's sentence (over its disc, else beside it), or
 * NULL; line: the labels' line height. Returns how many it wrote to out (at most max). */
int tv_labels(const tv_scene *scene, const tv_camera *camera, ui_rect panel, const char *root, int line,
              tv_measure measure, void *ctx, tv_label *out, int max);

/* Where an item's centre is drawn, in pixels. */
void tv_item_point(const tv_camera *camera, ui_rect panel, const tv_item *item, int *x, int *y);

/* The item whose mark is under pixel (x, y) (within half a unit across and a third of a level;
 * a rejected square: its cross, a quarter of a level down), or -1. */
int tv_item_at(const tv_scene *scene, const tv_camera *camera, ui_rect panel, int x, int y);

/* The overview strip's segment of each of the root's children: segment i spans pixels
 * [*from, *to) of the strip for scene->top_items[i]. */
void tv_overview_segment(const tv_scene *scene, ui_rect strip, int i, int *from, int *to);

/* The index into top_items under pixel x of the strip, or -1. */
int tv_overview_at(const tv_scene *scene, ui_rect strip, int x);

#endif
