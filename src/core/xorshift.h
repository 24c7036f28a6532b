/*
 * xorshift.h -- the engine's one pseudo-random generator (Marsaglia's xorshift64, shifts 13, 7,
 * 17). Private to src/core. The searches that use it seed it from the question, so the same
 * question always gets the same answer; nothing here needs more than a fast, well-spread stream.
 */
#ifndef NQ_XORSHIFT_H
#define NQ_XORSHIFT_H

#include <stdint.h>

/* Advances *state (never 0: 0 stays 0) and returns the new value. */
static inline uint64_t nq_xorshift_next(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

#endif
