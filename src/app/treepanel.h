/*
 * treepanel.h -- the search tree beside the board: the tree of the watched search, its view at the
 * cursor as drawn, and the camera the person moves. treepanel.c owns it. Part of the model: no
 * SDL; UI thread.
 */
#ifndef EX_TREEPANEL_H
#define EX_TREEPANEL_H

#include <stdbool.h>

#include "layout.h"
#include "nq/tree.h"
#include "treeview.h"

typedef struct explorer explorer;

typedef struct ex_tree_panel {
    nq_tree *tree;       /* watch jobs; NULL otherwise */
    nq_tree_view *view;  /* the tree at the cursor (with tree) */
    tv_scene scene;      /* ... as drawn: rebuilt with every step shown while the panel is */
    int choice;          /* -1: shown by default (N <= EX_TREE_DEFAULT_N); 0 hidden; 1 shown */
    bool compact;        /* rejected squares left out */
    double zoom;         /* 1: as fitted */
    double pan_x, pan_y; /* units and levels the person moved the view by */
} ex_tree_panel;

/* Whether the tree panel is shown (the layout makes room for it). */
bool ex_tree_shown(const explorer *ex);

/* The camera that shows the tree in panel (the fitted one, moved and zoomed as the person did), at
 * density pixels a point. */
tv_camera ex_tree_camera(const explorer *ex, ui_rect panel, double density);

/* The person clicked item of the scene: the timeline goes to the step that placed its queen (a
 * rejected square: the step that rejected it is not kept, so its parent's). */
void ex_tree_select(explorer *ex, int item);

/* The pointer is over item of the scene (-1: over none): the board shows its square. */
void ex_tree_hover(explorer *ex, int item);

/* Zooms the tree view by factor (> 0); moves it by units across and levels down. */
void ex_tree_zoom(explorer *ex, double factor);

void ex_tree_pan(explorer *ex, double units, double levels);

#endif
