/*
 * heat.c -- the window's heatmap: starts the solver's heatmap job for a board, and copies each
 * square's number out of it as reports come, so that the frame reads a plain array, with the top of
 * the colour scale (the pinned queen's square left out).
 */
#include "heat.h"

#include <string.h>

#include "nq/heatmap.h"

void heat_init(heat_map *map, ex_solver solver)
{
    memset(map, 0, sizeof *map);
    map->solver = solver;
}

void heat_free(heat_map *map)
{
    ex_solver_release(&map->solver);
}

bool heat_of(const heat_map *map, int n, const nq_square *first)
{
    return map->state != HEAT_NONE && map->n == n && map->has_first == (first != NULL) &&
           (!first || (map->first.column == first->column && map->first.row == first->row));
}

void heat_start(heat_map *map, int n, const nq_square *first)
{
    if (!map->solver.start || (heat_of(map, n, first) && map->state != HEAT_STOPPED))
        return;
    nq_job job = {NQ_JOB_HEATMAP, n, first != NULL, first ? *first : (nq_square){0, 0}, 0, NQ_METHOD_BACKTRACK, 1};
    map->solver.start(map->solver.context, &job);
    map->state = HEAT_COUNTING;
    map->n = n;
    map->has_first = first != NULL;
    map->first = first ? *first : (nq_square){0, 0};
    memset(map->known, 0, sizeof map->known);
    map->squares_known = 0;
    map->max = map->scale = map->total = 0;
    map->unused = 0;
    map->sums_agree = false;
}

void heat_stop(heat_map *map)
{
    if (map->state != HEAT_COUNTING)
        return;
    map->solver.cancel(map->solver.context);
    map->state = HEAT_STOPPED;
}

/* Copies every number the solver knows and the map does not yet. */
static void take_known(heat_map *map)
{
    for (int row = 0; row < map->n; row++)
        for (int column = 0; column < map->n; column++) {
            int i = row * map->n + column;
            if (map->known[i] || !map->solver.heat(map->solver.context, (nq_square){column, row}, &map->counts[i]))
                continue;
            map->known[i] = true;
            map->squares_known++;
            if (map->counts[i] > map->max)
                map->max = map->counts[i];
            if (map->counts[i] > map->scale && !heat_pinned(map, (nq_square){column, row}))
                map->scale = map->counts[i];
            if (map->counts[i] == 0)
                map->unused++;
        }
}

bool heat_update(heat_map *map)
{
    if (map->state != HEAT_COUNTING)
        return false;
    nq_event events[16];
    size_t got = map->solver.poll(map->solver.context, events, 16);
    if (!got)
        return false;
    take_known(map);
    for (size_t i = 0; i < got; i++)
        if (events[i].kind == NQ_EVENT_DONE) {
            const nq_progress *p = &events[i].as.figures.progress;
            map->state = p->complete && map->squares_known == map->n * map->n ? HEAT_DONE : HEAT_STOPPED;
            /* Every solution has one queen in the top row. */
            for (int column = 0; map->state == HEAT_DONE && column < map->n; column++)
                map->total += map->counts[column];
            bool rows = false, columns = false;
            if (map->state == HEAT_DONE)
                nq_heatmap_check(map->n, map->counts, map->total, &rows, &columns);
            map->sums_agree = rows && columns;
        }
    return true;
}

bool heat_pinned(const heat_map *map, nq_square square)
{
    return map->has_first && map->first.column == square.column && map->first.row == square.row;
}

bool heat_get(const heat_map *map, nq_square square, uint64_t *count)
{
    if (map->state == HEAT_NONE || square.column < 0 || square.row < 0 || square.column >= map->n ||
        square.row >= map->n)
        return false;
    int i = square.row * map->n + square.column;
    if (!map->known[i])
        return false;
    *count = map->counts[i];
    return true;
}
