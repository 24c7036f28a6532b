/*
 * compare.h -- the methods' comparison table: its state (a second solver, the board the table is
 * of, each method's figures as it finishes) and what the app asks of it. compare.c owns it. Part
 * of the model: no SDL; UI thread.
 */
#ifndef EX_COMPARE_H
#define EX_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver.h"

typedef struct explorer explorer;

typedef struct ex_comparison {
    ex_solver solver; /* start == NULL: none */
    ex_state state;
    int n;            /* the board the table is of */
    bool has_first;
    nq_square first;
    nq_effort efforts[NQ_METHOD_COUNT];
    bool known[NQ_METHOD_COUNT];
} ex_comparison;

/* Gives the model a second solver for the comparison table (C); the explorer owns it from now on. */
void ex_set_comparer(explorer *ex, ex_solver comparer);

/* Whether the comparison table is of the board as it is now. */
bool ex_compare_current(const explorer *ex);

/* The time column's cell for a search of `seconds`, in the unit that gives it a figure at every N:
 * microseconds below a millisecond, milliseconds below a second, then seconds ("52 µs", "3.4 ms",
 * "1.25 s"), in the language in use. */
void ex_compare_time_text(double seconds, char *buf, size_t size);

/* The key under the comparison table, in words a learner reads: what placed, failed and crossed
 * count. */
void ex_compare_key(char *buf, size_t size);

#endif
