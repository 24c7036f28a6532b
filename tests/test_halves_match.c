/*
 * test_halves_match.c -- the matching of half boards' keys (src/core/match.c): for random keys of
 * every width counting by halves uses, on sides from a few keys (pair by pair) to thousands
 * (bit-sliced in several blocks), the count of pairs with no bit in common equals a plain double
 * loop's, with the portable kernels and with AVX-512 where the processor has it, whichever side is
 * given first, and grouped as the matcher groups from 2^26 pairs (16 groups) and from 2^32 (64
 * groups), here from 2^10 pairs, so that a plain loop can check them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "match.h"
#include "xorshift.h"

/* count random keys of 4q - 2 bits into out, each bit set with probability 1 / 2^sparse: sparse
 * keys have many partners, as half boards' keys do. */
static void random_keys(uint64_t *state, int q, int sparse, size_t count, keys *out)
{
    uint64_t width = (UINT64_C(1) << (4 * q - 2)) - 1;
    out->size = 0;
    nq_keys_reserve(out, count);
    for (size_t i = 0; i < count; i++) {
        uint64_t key = width;
        for (int k = 0; k < sparse; k++)
            key &= nq_xorshift_next(state);
        out->items[out->size++] = key;
    }
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
    bool fast = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq");
    nq_matcher *matchers[2] = {nq_matcher_new(false), fast ? nq_matcher_new(true) : NULL};
    uint64_t seed = 28;
    keys a = {0}, b = {0};
    for (int q = 6; q <= 11; q++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            random_keys(&seed, q, 3, sizes[s][0], &a);
            random_keys(&seed, q, 3, sizes[s][1], &b);
            uint64_t want = plain_count(&a, &b);
            for (int m = 0; m < 2 && matchers[m]; m++)
                for (int g = 0; g < 3; g++) {
                    static const int group_from[3][2] = {{26, 32}, {10, 63}, {10, 10}};
                    nq_matcher_group_from(matchers[m], group_from[g][0], group_from[g][1]);
                    uint64_t got = nq_matcher_count(matchers[m], q, &a, &b);
                    uint64_t swapped = nq_matcher_count(matchers[m], q, &b, &a);
                    if (got != want || swapped != want)
                        fail_msg("q=%d, %zu x %zu keys, %s kernels, grouped from 2^%d and 2^%d pairs: %llu and %llu "
                                 "(swapped), plainly %llu",
                                 q, a.size, b.size, m ? "AVX-512" : "portable", group_from[g][0], group_from[g][1],
                                 (unsigned long long)got, (unsigned long long)swapped, (unsigned long long)want);
                }
        }
    free(a.items);
    free(b.items);
    nq_matcher_free(matchers[0]);
    nq_matcher_free(matchers[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_equal_a_plain_loop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
