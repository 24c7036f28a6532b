/*
 * nq/alloc.h -- what the program does when memory runs out: an exhausted machine, not a bug and
 * not the user's mistake. It says "out of memory" and exits with status 1 at once (_Exit: other
 * threads may be in the middle of anything). The engine and the app's model both allocate through
 * it, so there is one such policy.
 */
#ifndef NQ_ALLOC_H
#define NQ_ALLOC_H

#include <stdio.h>
#include <stdlib.h>

/* Returns p, or ends the program with status 1 if an allocation returned NULL. Any thread. */
static inline void *nq_alloc_check(void *p)
{
    if (!p) {
        fputs("out of memory\n", stderr);
        _Exit(EXIT_FAILURE);
    }
    return p;
}

#endif
