/*
 * treepanel.h -- the search tree beside the board: the tree of the watched search, its view at the
 * cursor as drawn, the camera the person moves, and what the pointer is over that a hover text
 * explains (a node, the strip over the tree, the timeline bar), with the words of its key and hover
 * texts. treepanel.c owns it. Part of the model: no SDL; UI thread.
 */
#ifndef EX_TREEPANEL_H
#define EX_TREEPANEL_H

#include <stdbool.h>
#include <stddef.h>

#include "layout.h"
#include "nq/tree.h"
#include "treeview.h"

typedef struct explorer explorer;

/* What the pointer is over that a hover text explains. */
typedef enum ex_tree_tip {
    EX_TIP_NONE,
    EX_TIP_NODE,     /* an item of the tree's scene (tip_item) */
    EX_TIP_STRIP,    /* the strip over the tree */
    EX_TIP_TIMELINE  /* the timeline bar under the board */
} ex_tree_tip;

/* An entry of the key to the tree's colours: which mark it shows. */
typedef enum ex_tree_mark {
    EX_TREE_MARK_STANDING,  /* a gold disc */
    EX_TREE_MARK_SOLUTION,  /* a green disc */
    EX_TREE_MARK_DEAD_END,  /* a red disc */
    EX_TREE_MARK_FINISHED,  /* a grey disc */
    EX_TREE_MARK_COLLAPSED, /* a triangle */
    EX_TREE_MARK_REJECTED   /* a small x */
} ex_tree_mark;

typedef struct ex_tree_key_entry {
    ex_tree_mark mark;
    const char *text; /* translated */
} ex_tree_key_entry;

typedef struct ex_tree_panel {
    nq_tree *tree;       /* watch jobs; NULL otherwise */
    nq_tree_view *view;  /* the tree at the cursor (with tree) */
    tv_scene scene;      /* ... as drawn: rebuilt with every step shown while the panel is */
    int choice;          /* -1: shown by default (N <= EX_TREE_DEFAULT_N); 0 hidden; 1 shown */
    bool compact;        /* rejected squares left out */
    double zoom;         /* 1: as fitted */
    double stretch;      /* the levels' zoom over the units' (1: as fitted; a click keeps both sizes) */
    double pan_x, pan_y; /* units and levels the person moved the view by */
    ex_tree_tip tip;     /* what the pointer is over, at (tip_x, tip_y) pixels */
    int tip_item, tip_x, tip_y;
} ex_tree_panel;

/* Whether the tree panel is shown (the layout makes room for it). */
bool ex_tree_shown(const explorer *ex);

/* The camera that shows the tree in panel (the fitted one, moved and zoomed as the person did), at
 * density pixels a point. */
tv_camera ex_tree_camera(const explorer *ex, ui_rect panel, double density);

/* The person clicked item of the scene: the timeline goes to the step that placed its queen (a
 * rejected square: the step that rejected it is not kept, so its parent's). */
void ex_tree_select(explorer *ex, int item);

/* The person clicked item of the scene at its point in panel (the camera at density): as
 * ex_tree_select, and the view moves so that the item stays where it was drawn, at the same size,
 * however the tree at the new step is laid out. */
void ex_tree_click(explorer *ex, int item, ui_rect panel, double density);

/* The pointer is over item of the scene (-1: over none): the board shows its square. */
void ex_tree_hover(explorer *ex, int item);

/* The pointer is at (x, y) of the layout (inside: in the window at all): notes what hover text it
 * calls for, and over the tree, the square of the node under it. True when it is over the tree
 * (the board's own hover is then not the pointer's). */
bool ex_tree_pointer(explorer *ex, const ui_layout *layout, bool inside, int x, int y);

/* The hover text for what the pointer is over, into buf; false when there is none. */
bool ex_tree_tip_text(const explorer *ex, char *buf, size_t size);

/* What the tree's root stands for: the empty board, or the pinned queen. */
void ex_tree_root_text(const explorer *ex, char *buf, size_t size);

/* The key to the tree's colours as the scene uses them, into out (at most max); returns how many. */
int ex_tree_key(const explorer *ex, ex_tree_key_entry *out, int max);

/* Zooms the tree view by factor (> 0); moves it by units across and levels down. */
void ex_tree_zoom(explorer *ex, double factor);

void ex_tree_pan(explorer *ex, double units, double levels);

#endif
