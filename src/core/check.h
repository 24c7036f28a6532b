/*
 * check.h -- the engine's way of dying loudly. An invariant that does not hold is a bug: print
 * file and line, abort. An allocation that fails is an exhausted machine, not a bug and not the
 * user's mistake: say "out of memory" and exit with status 1 at once (_Exit: other threads may be
 * in the middle of anything). Neither is ever a way to report bad input. Private to src/core.
 */
#ifndef NQ_CHECK_H
#define NQ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

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

/* Returns p, or ends the program with status 1 if an allocation returned NULL. */
#define NQ_CHECK_ALLOC(p) nq_check_alloc(p)

static inline void *nq_check_alloc(void *p)
{
    if (!p) {
        fputs("out of memory\n", stderr);
        _Exit(EXIT_FAILURE);
    }
    return p;
}

#endif
