/*
 * check.h -- the engine's way of dying loudly. An invariant that does not hold is a bug: print
 * file and line, abort. An allocation that fails ends the program as nq/alloc.h says. Neither is
 * ever a way to report bad input. Private to src/core.
 */
#ifndef NQ_CHECK_H
#define NQ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "nq/alloc.h"

#define NQ_CHECK(cond)                                                                   \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: internal error: %s\n", __FILE__, __LINE__, #cond);   \
            abort();                                                                     \
        }                                                                                \
    } while (0)

/* Dies at a place the code never reaches; msg names what was expected before it ("a symmetry of
 * the square"). It takes a string, not a condition, so that no compiler reads the text as one. */
#define NQ_UNREACHABLE(msg)                                                              \
    do {                                                                                 \
        fprintf(stderr, "%s:%d: internal error: expected %s\n", __FILE__, __LINE__, (msg)); \
        abort();                                                                         \
    } while (0)

/* Returns p, or ends the program with status 1 if an allocation returned NULL (nq/alloc.h). */
#define NQ_CHECK_ALLOC(p) nq_alloc_check(p)

#endif
