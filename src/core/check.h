/*
 * check.h -- the engine's way of dying loudly. An allocation that fails or an invariant that does
 * not hold is a bug or an exhausted machine, never a user's mistake: print file and line, abort.
 * Private to src/core.
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

/* Returns p, or dies if an allocation returned NULL. */
#define NQ_CHECK_ALLOC(p) nq_check_alloc((p), __FILE__, __LINE__)

static inline void *nq_check_alloc(void *p, const char *file, int line)
{
    if (!p) {
        fprintf(stderr, "%s:%d: out of memory\n", file, line);
        abort();
    }
    return p;
}

#endif
