/*
 * match.h -- the last step of counting by halves (halves.c): given the keys of the left and of
 * the right half boards of one subproblem (each key the half's diagonals that cross the middle),
 * the number of pairs of a left and a right key with no bit in common. Also the growing array of
 * keys both files fill. Private to src/core.
 */
#ifndef NQ_MATCH_H
#define NQ_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A growing array of keys. */
typedef struct keys {
    uint64_t *items;
    size_t size, capacity;
} keys;

/* Room for `more` keys after the ones out holds. */
void nq_keys_reserve(keys *out, size_t more);

/* One thread's matching buffers (about 1 MB, and room for a side's keys three times) and
 * kernels: AVX-512 ones (fast: the caller has checked that the processor has avx512f,
 * avx512vpopcntdq and bmi2) or portable ones. */
typedef struct nq_matcher nq_matcher;
nq_matcher *nq_matcher_new(bool fast);
void nq_matcher_free(nq_matcher *m);

/* The pairs of a key of a and a key of b with no bit in common: keys of the half boards of
 * q x q quarters, 4q - 2 bits (at most 48). The same figure whichever kernels m has. */
uint64_t nq_matcher_count(nq_matcher *m, int q, const keys *a, const keys *b);

/* Called with pairs of a key of a and a key of b with no bit in common, by their positions:
 * pair p is (a_index[p], b_index[p]), p < count (at most NQ_PAIRS_VISITED at a call). The arrays
 * are the matcher's, valid during the call only; a batch, so that the visitor can take eight
 * pairs an instruction. */
enum { NQ_PAIRS_VISITED = 1024 };
typedef void nq_pair_visit(void *context, const uint32_t *a_index, const uint32_t *b_index, size_t count);

/* The same pairs as nq_matcher_count() finds, key by key: a_counts[i] (b_counts[k]) gains the
 * partners of a's key i (b's key k), and visit, if not NULL, is called for every pair once, in no
 * set order (without a visitor the pairs are only counted, which costs less). The keys' bits from
 * 4q - 2 up are left out: they are the caller's, who may keep there what goes with a key. The
 * arrays hold a->size and b->size counts, which the caller zeroes. Sides are matched through bit
 * slices where that pays, and grouped where nq_matcher_count() groups them. */
void nq_matcher_each(nq_matcher *m, int q, const keys *a, const keys *b, uint32_t *a_counts, uint32_t *b_counts,
                     nq_pair_visit *visit, void *context);

/* Makes m group sides of 2^group_log pairs or more, and of 2^deep_log or more more finely
 * (matchkit.h says by how many bits; both at most 63; by default 26 and 32, as measured
 * fastest): for the tests, which check the groupings on sides small enough for a plain loop. */
void nq_matcher_group_from(nq_matcher *m, int group_log, int deep_log);

#endif
