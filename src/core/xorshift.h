/*
 * xorshift.h -- the engine's pseudo-random generators, private to src/core. Marsaglia's xorshift64
 * (shifts 13, 7, 17) for the searches that seed it from the question, so the same question always
 * gets the same answer; splitmix64 for min-conflicts, whose seeds a person picks: any seed works,
 * 0 too, and neighbouring seeds (1, 2, 3 ...) give unrelated streams. Nothing here needs more than a
 * fast, well-spread stream.
 */
#ifndef NQ_XORSHIFT_H
#define NQ_XORSHIFT_H

#include <stdint.h>

/* 2^64 divided by the golden ratio: its bits are well spread, so that mixing a question's few bits
 * into it (find) or stepping by it (splitmix64) makes seeds that differ everywhere from the next. */
#define NQ_GOLDEN_GAMMA UINT64_C(0x9E3779B97F4A7C15)

/* Advances *state (never 0: 0 stays 0) and returns the new value. */
static inline uint64_t nq_xorshift_next(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* splitmix64: advances *state (any value) and returns the next number of its sequence. */
static inline uint64_t nq_splitmix_next(uint64_t *state)
{
    uint64_t z = (*state += NQ_GOLDEN_GAMMA);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

#endif
