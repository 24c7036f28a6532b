/*
 * count_pins.h -- counting the boards that hold a queen on every one of a set of squares, for
 * the engine's own users (the heatmap pins two: the first queen and the square it asks about).
 * Private to src/core.
 *
 * It is the same count as nq_count() with a pinned first queen, written once in count.c: the
 * pins are moved by the symmetry of the square that brings them nearest the top row, then
 * counted directly by the search of search.c.
 */
#ifndef NQ_COUNT_PINS_H
#define NQ_COUNT_PINS_H

#include "nq/board.h"
#include "nq/progress.h"
#include "search.h"

/* Counts the solutions of the n x n board (1 <= n <= NQ_MAX_N) with a queen on each of
 * pins[0..pin_count-1] (1 <= pin_count <= n, every pin on the board; pins that attack each other
 * give 0), on run->threads threads, cancellable and reporting through run as nq_search_count()
 * does. Any thread; every helper thread is joined before it returns. */
nq_search_result nq_count_pinned(int n, const nq_square *pins, int pin_count, const nq_run *run);

#endif
