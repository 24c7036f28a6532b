/*
 * test_halves_match.c -- the matching of half boards' keys (src/core/match.c): for random keys of
 * every width counting by halves uses, on sides from a few keys (pair by pair) to thousands
 * (bit-sliced in several blocks), the count of pairs with no bit in common equals a plain double
 * loop's, with the portable kernels and with AVX-512 where the processor has it, whichever side is
 * given first, and grouped as the matcher groups from 2^26 pairs and from 2^32 (by 7 and 8 bits,
 * 4 and 6 key by key), here from 2^10 pairs, so that a plain loop can check them, with keys of
 * even density and with keys that have a few bits far more often (the groups are cut by those).
 * Key by key (nq_matcher_each()), each key's count of partners and the pairs visited are the
 * plain loop's, in the same ways. The cut itself: its group bits are as many as asked, its keys
 * keep every other bit both sides have and no other, and its sequence lists every group once,
 * each next to one that differs from it by a bit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "halves.h"
#include "match.h"
#include "matchkit.h"
#include "xorshift.h"

/* count random keys of 4q - 2 bits into out, each bit set with probability 1 / 2^sparse: sparse
 * keys have many partners, as half boards' keys do. */
static void random_keys(uint64_t *state, int q, int sparse, uint64_t dense, size_t count, keys *out)
{
    uint64_t width = (UINT64_C(1) << (4 * q - 2)) - 1;
    out->size = 0;
    nq_keys_reserve(out, count);
    for (size_t i = 0; i < count; i++) {
        uint64_t key = width;
        for (int k = 0; k < sparse; k++)
            key &= nq_xorshift_next(state);
        key |= dense & (nq_xorshift_next(state) | nq_xorshift_next(state) | nq_xorshift_next(state));
        out->items[out->size++] = key;
    }
}

/* in's keys into out, each with random bits above its 4q - 2. */
static void with_payload(uint64_t *state, int q, const keys *in, keys *out)
{
    out->size = 0;
    nq_keys_reserve(out, in->size);
    for (size_t i = 0; i < in->size; i++)
        out->items[out->size++] = in->items[i] | nq_xorshift_next(state) << (4 * q - 2);
}

/* Bits that most keys have, apart and at both ends of a key of 4q - 2 bits: where a split of the
 * rows makes the halves take some diagonals far more often than others, the matcher groups the
 * keys by such bits, wherever they are. */
static uint64_t dense_bits(int q)
{
    const int at[] = {0, 2, q + 1, 2 * q, 3 * q - 1, 4 * q - 3};
    uint64_t mask = 0;
    for (size_t i = 0; i < sizeof at / sizeof *at; i++)
        mask |= UINT64_C(1) << at[i];
    return mask;
}

static uint64_t plain_count(const keys *a, const keys *b)
{
    uint64_t total = 0;
    for (size_t i = 0; i < a->size; i++)
        for (size_t k = 0; k < b->size; k++)
            total += (a->items[i] & b->items[k]) == 0;
    return total;
}

static void test_counts_equal_a_plain_loop(void **state)
{
    (void)state;
    static const size_t sizes[][2] = {{1, 1},       {7, 300},     {300, 300},  {700, 900},
                                      {1500, 2500}, {5000, 4100}, {9000, 6000}};
    bool fast = nq_halves_fast_kernels();
    nq_matcher *matchers[2] = {nq_matcher_new(false), fast ? nq_matcher_new(true) : NULL};
    uint64_t seed = 28;
    keys a = {0}, b = {0};
    for (int q = 6; q <= 11; q++)
        for (size_t s = 0; s < 2 * (sizeof sizes / sizeof *sizes); s++) {
            size_t at = s / 2;
            uint64_t dense = s % 2 ? dense_bits(q) : 0;
            random_keys(&seed, q, 3, dense, sizes[at][0], &a);
            random_keys(&seed, q, 3, dense, sizes[at][1], &b);
            uint64_t want = plain_count(&a, &b);
            for (int m = 0; m < 2 && matchers[m]; m++)
                for (int g = 0; g < 3; g++) {
                    static const int group_from[3][2] = {{26, 32}, {10, 63}, {10, 10}};
                    nq_matcher_group_from(matchers[m], group_from[g][0], group_from[g][1]);
                    uint64_t got = nq_matcher_count(matchers[m], q, &a, &b);
                    uint64_t swapped = nq_matcher_count(matchers[m], q, &b, &a);
                    if (got != want || swapped != want)
                        fail_msg("q=%d, %zu x %zu keys (dense bits %#llx), %s kernels, grouped from 2^%d and 2^%d "
                                 "pairs: %llu and %llu (swapped), plainly %llu",
                                 q, a.size, b.size, (unsigned long long)dense, m ? "AVX-512" : "portable",
                                 group_from[g][0], group_from[g][1], (unsigned long long)got,
                                 (unsigned long long)swapped, (unsigned long long)want);
                }
        }
    free(a.items);
    free(b.items);
    nq_matcher_free(matchers[0]);
    nq_matcher_free(matchers[1]);
}

/* What nq_matcher_each()'s visitor saw: a bit for each pair (a key of a, a key of b). */
typedef struct seen {
    uint8_t *pairs;
    size_t b_size;
    size_t twice; /* pairs visited more than once */
} seen;

static void see(void *context, const uint32_t *a_index, const uint32_t *b_index, size_t count)
{
    seen *s = context;
    assert_in_range(count, 1, NQ_PAIRS_VISITED);
    for (size_t p = 0; p < count; p++) {
        uint8_t *at = &s->pairs[(size_t)a_index[p] * s->b_size + b_index[p]];
        s->twice += *at;
        *at = 1;
    }
}

/* The key of `side` at i's partners in the other side, by a plain loop. */
static uint32_t plain_partners(const keys *side, size_t i, const keys *other)
{
    uint32_t total = 0;
    for (size_t k = 0; k < other->size; k++)
        total += !(side->items[i] & other->items[k]);
    return total;
}

/* Fails unless each key of `side` (named name) has counts[i] partners in `other`. */
static void expect_partners(const char *name, const keys *side, const keys *other, const uint32_t *counts,
                            const char *context)
{
    for (size_t i = 0; i < side->size; i++) {
        uint32_t want = plain_partners(side, i, other);
        if (counts[i] != want)
            fail_msg("%s: key %zu of %s has %u partners, plainly %u", context, i, name, counts[i], want);
    }
}

static void test_each_key_equals_a_plain_loop(void **state)
{
    (void)state;
    static const size_t sizes[][2] = {{1, 1},       {7, 300},     {300, 300},  {700, 900},
                                      {2500, 1500}, {4100, 3000}, {9000, 700}, {5000, 2200}};
    bool fast = nq_halves_fast_kernels();
    nq_matcher *matchers[2] = {nq_matcher_new(false), fast ? nq_matcher_new(true) : NULL};
    uint64_t seed = 29;
    keys a = {0}, b = {0}, a_payload = {0}, b_payload = {0};
    for (int q = 6; q <= 10; q += 2)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            uint64_t dense = s % 2 ? dense_bits(q) : 0;
            random_keys(&seed, q, 3, dense, sizes[s][0], &a);
            random_keys(&seed, q, 3, dense, sizes[s][1], &b);
            /* The same keys with random bits above their 4q - 2, the caller's, which the matching
             * leaves out. */
            with_payload(&seed, q, &a, &a_payload);
            with_payload(&seed, q, &b, &b_payload);
            uint32_t *a_counts = calloc(a.size, sizeof *a_counts), *b_counts = calloc(b.size, sizeof *b_counts);
            seen visited = {calloc(a.size * b.size, 1), b.size, 0};
            assert_non_null(a_counts);
            assert_non_null(b_counts);
            assert_non_null(visited.pairs);
            for (int m = 0; m < 2 && matchers[m]; m++)
                for (int g = 0; g < 6; g++) {
                    /* Half the runs without a visitor: their partners are counted, not listed. */
                    bool visit = g < 3;
                    static const int group_from[3][2] = {{26, 32}, {10, 63}, {10, 10}};
                    nq_matcher_group_from(matchers[m], group_from[g % 3][0], group_from[g % 3][1]);
                    memset(a_counts, 0, a.size * sizeof *a_counts);
                    memset(b_counts, 0, b.size * sizeof *b_counts);
                    memset(visited.pairs, 0, a.size * b.size);
                    visited.twice = 0;
                    nq_matcher_each(matchers[m], q, &a_payload, &b_payload, a_counts, b_counts, visit ? see : NULL,
                                    &visited);
                    const char *how = m ? "AVX-512" : "portable";
                    if (visited.twice)
                        fail_msg("q=%d, %zu x %zu keys, %s, grouped from 2^%d: %zu pairs visited twice", q, a.size,
                                 b.size, how, group_from[g % 3][0], visited.twice);
                    char context[120];
                    snprintf(context, sizeof context,
                             "q=%d, %zu x %zu keys (dense bits %#llx), %s, grouped from 2^%d, %s", q, a.size, b.size,
                             (unsigned long long)dense, how, group_from[g % 3][0], visit ? "listed" : "counted");
                    expect_partners("a", &a, &b, a_counts, context);
                    expect_partners("b", &b, &a, b_counts, context);
                    for (size_t i = 0; i < a.size && visit; i++)
                        for (size_t k = 0; k < b.size; k++)
                            if (visited.pairs[i * b.size + k] != !(a.items[i] & b.items[k]))
                                fail_msg("%s: pair (%zu, %zu) visited %d, fits %d", context, i, k,
                                         visited.pairs[i * b.size + k], !(a.items[i] & b.items[k]));
                }
            free(a_counts);
            free(b_counts);
            free(visited.pairs);
        }
    free(a.items);
    free(b.items);
    free(a_payload.items);
    free(b_payload.items);
    nq_matcher_free(matchers[0]);
    nq_matcher_free(matchers[1]);
}

static void test_cut(void **state)
{
    (void)state;
    uint64_t seed = 30;
    keys a = {0}, b = {0};
    for (int round = 0; round < 200; round++) {
        int q = 6 + round % 6, key_bits = 4 * q - 2, group_bits = 1 + round % CUT_BITS_MAX;
        uint64_t dense = round % 2 ? dense_bits(q) : 0;
        random_keys(&seed, q, 2 + round % 3, dense, 1 + (size_t)(nq_xorshift_next(&seed) % 3000), &a);
        random_keys(&seed, q, 2 + round % 3, dense, 1 + (size_t)(nq_xorshift_next(&seed) % 3000), &b);
        /* One bit that only one side has, which the cut leaves out. */
        a.items[0] |= UINT64_C(1) << (round % key_bits);
        for (size_t k = 0; k < b.size; k++)
            b.items[k] &= ~(UINT64_C(1) << (round % key_bits));
        uint64_t on_a = 0, on_b = 0;
        for (size_t i = 0; i < a.size; i++)
            on_a |= a.items[i];
        for (size_t k = 0; k < b.size; k++)
            on_b |= b.items[k];
        cut c = nq_match_cut(&a, &b, key_bits, group_bits);
        char context[96];
        snprintf(context, sizeof context, "round %d (seed 30), q=%d, %zu x %zu keys, %d group bits", round, q,
                 a.size, b.size, group_bits);
        if (__builtin_popcountll(c.group) != group_bits || c.group >> key_bits)
            fail_msg("%s: group bits %#llx", context, (unsigned long long)c.group);
        if (c.keep != (on_a & on_b & ~c.group) || c.bits != __builtin_popcountll(c.keep))
            fail_msg("%s: keeps %#llx (%d bits), both sides have %#llx beside the group %#llx", context,
                     (unsigned long long)c.keep, c.bits, (unsigned long long)(on_a & on_b),
                     (unsigned long long)c.group);
        bool listed[CUT_GROUPS] = {false};
        for (int i = 0; i < 1 << group_bits; i++) {
            unsigned g = c.sequence[i];
            if (g >> group_bits || listed[g])
                fail_msg("%s: sequence[%d] is %u, out of range or listed twice", context, i, g);
            listed[g] = true;
            if (i && __builtin_popcount(g ^ c.sequence[i - 1]) != 1)
                fail_msg("%s: sequence[%d] = %u follows %u", context, i, g, c.sequence[i - 1]);
        }
    }
    free(a.items);
    free(b.items);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_equal_a_plain_loop),
        cmocka_unit_test(test_each_key_equals_a_plain_loop),
        cmocka_unit_test(test_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
