/*
 * heat.h -- the heatmap as the window shows it: for each square of the board, how many solutions
 * (with the pinned queen, if any) put a queen there, as a solver of its own counts them (the
 * worker's heatmap job, nq/heatmap.h), square by square. Part of the model: no SDL; the explorer
 * owns one and feeds it, the renderer reads it. UI thread only.
 *
 * It keeps a copy of the numbers known so far, taken when the solver reports progress, so that
 * drawing a frame asks the solver nothing.
 */
#ifndef HEAT_H
#define HEAT_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/worker.h"
#include "solver.h"

typedef enum heat_state { HEAT_NONE, HEAT_COUNTING, HEAT_DONE, HEAT_STOPPED } heat_state;

typedef struct heat_map {
    ex_solver solver;   /* start == NULL: none; its jobs are heatmaps, read through solver.heat */
    heat_state state;
    int n;              /* the board counted */
    bool has_first;
    nq_square first;
    uint64_t counts[NQ_MAX_N * NQ_MAX_N]; /* row * n + column, where known */
    bool known[NQ_MAX_N * NQ_MAX_N];
    int squares_known;
    uint64_t max;       /* the largest number known */
    uint64_t scale;     /* the largest known outside the pinned queen's square (which every solution
                           holds): the top of the colour scale, so that the rest keeps its range */
    uint64_t total;     /* the solutions of the board, once every square is known */
    int unused;         /* squares known to be in no solution */
    bool sums_agree;    /* once done: every row and every column sums to total */
} heat_map;

/* An empty map with the solver (start may be NULL: the app has none); the map owns the solver. */
void heat_init(heat_map *map, ex_solver solver);
void heat_free(heat_map *map);

/* Counts the board n (<= NQ_MAX_N) with the optional first queen, unless the map is of it already
 * (counting or counted). */
void heat_start(heat_map *map, int n, const nq_square *first);

/* Stops the counting; what is known stays. */
void heat_stop(heat_map *map);

/* Takes the solver's reports; true if anything known changed. */
bool heat_update(heat_map *map);

/* Whether the map is of the board n with the optional first queen. */
bool heat_of(const heat_map *map, int n, const nq_square *first);

/* Whether square is the pinned queen's (left out of the colour scale). */
bool heat_pinned(const heat_map *map, nq_square square);

/* The number of square into *count; false while it is not known. */
bool heat_get(const heat_map *map, nq_square square, uint64_t *count);

#endif
