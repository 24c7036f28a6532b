/*
 * test_lexcount.c -- the private lexicographic count (src/core/lexcount.h), white-box: the
 * prefixes come in lexicographic order, counts[] holds the solutions before each once filled, and
 * the counts kept for each prefix's children add up to the prefix's count and equal those of the
 * same prefixes in a count one row deeper, with and without the mirror halving and a pinned queen,
 * and in a canonical count (the smallest board of each symmetry class only). Every prefix's count
 * and every child's, at several depths, equals brute force's up to N = 12, with and without a
 * pinned queen (on every square up to N = 9) and in a canonical count, with the tail tables'
 * kernel for the processor and with the portable one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "../src/core/lexcount.h"
#include "../src/core/tail.h"
#include "brute.h"
#include "nq/symmetry.h"
#include "oeis.h"

static void fill(nq_lexcount *lex, int threads)
{
    nq_run run = {.threads = threads};
    assert_true(nq_lexcount_fill(lex, &run));
}

/* The solutions below prefix i of a filled count. */
static uint64_t below(const nq_lexcount *lex, size_t i, uint64_t total)
{
    return (i + 1 < lex->size ? lex->counts[i + 1] : total) - lex->counts[i];
}

/* A canonical count when canonical (first is then NULL), else a count with the optional first queen. */
static void build(nq_lexcount *lex, int n, const nq_square *first, bool canonical, size_t target, bool children)
{
    if (canonical)
        nq_lexcount_build_canonical(lex, n, target, children);
    else
        nq_lexcount_build(lex, n, first, target, children);
}

/* Checks the kept children of one count; false when it is as deep as prefixes go (7 rows left),
 * so that there is no deeper one to compare with. */
static bool check_children(int n, const nq_square *first, bool canonical, size_t target)
{
    nq_lexcount lex, deeper;
    build(&lex, n, first, canonical, target, true);
    assert_non_null(lex.child_counts);
    if (lex.depth >= n - 7) {
        nq_lexcount_free(&lex);
        return false;
    }
    fill(&lex, 2);
    uint64_t total = nq_lexcount_progress(&lex).solutions;
    /* The count one row deeper: as deep as its first level with more prefixes than this one has
     * children, which is this depth + 1. */
    build(&deeper, n, first, canonical, lex.first_child[lex.size] > lex.size ? lex.first_child[lex.size] : lex.size + 1,
          false);
    assert_int_equal(deeper.depth, lex.depth + 1);
    fill(&deeper, 1);
    assert_int_equal(nq_lexcount_progress(&deeper).solutions, total);
    size_t d = 0;
    int cols[NQ_LEXCOUNT_MAX_DEPTH], deep_cols[NQ_LEXCOUNT_MAX_DEPTH];
    for (size_t i = 0; i < lex.size; i++) {
        uint64_t sum = 0;
        nq_lexcount_prefix(&lex, i, cols);
        for (uint32_t c = lex.first_child[i]; c < lex.first_child[i + 1]; c++) {
            /* Children in order are the deeper count's prefixes in order. */
            if (d >= deeper.size)
                fail_msg("n=%d: prefix %zu has more children than the deeper lex has prefixes (%zu)", n, i,
                         deeper.size);
            nq_lexcount_prefix(&deeper, d, deep_cols);
            for (int r = 0; r < lex.depth; r++)
                assert_int_equal(deep_cols[r], cols[r]);
            if (lex.child_counts[c] != below(&deeper, d, total))
                fail_msg("n=%d: prefix %zu, child %u: kept %u, one row deeper %llu", n, i, c - lex.first_child[i],
                         lex.child_counts[c], (unsigned long long)below(&deeper, d, total));
            sum += lex.child_counts[c];
            d++;
        }
        if (sum != below(&lex, i, total))
            fail_msg("n=%d: the children of prefix %zu add up to %llu, the prefix has %llu", n, i,
                     (unsigned long long)sum, (unsigned long long)below(&lex, i, total));
    }
    assert_int_equal(d, deeper.size);
    nq_lexcount_free(&deeper);
    nq_lexcount_free(&lex);
    return true;
}

static void test_children_add_up(void **state)
{
    (void)state;
    int checked = 0;
    for (int n = 10; n <= 14; n++) {
        nq_square middle = {(n - 1) / 2, n / 3}; /* mirrored when n is odd */
        nq_square off = {1, n - 2};
        for (size_t target = 16; target <= 4096; target *= 16)
            checked += check_children(n, NULL, false, target) + check_children(n, &middle, false, target) +
                       check_children(n, &off, false, target) + check_children(n, NULL, true, target);
    }
    assert_in_range(checked, 33, INT_MAX);
}

static void test_prefixes_in_order(void **state)
{
    (void)state;
    nq_lexcount lex;
    nq_lexcount_build(&lex, 12, NULL, 4096, false);
    assert_null(lex.child_counts);
    for (size_t i = 1; i < lex.size; i++)
        if (lex.keys[i - 1] >= lex.keys[i])
            fail_msg("prefix %zu (key %llu) does not come after prefix %zu (key %llu)", i,
                     (unsigned long long)lex.keys[i], i - 1, (unsigned long long)lex.keys[i - 1]);
    fill(&lex, 3);
    for (size_t i = 1; i < lex.size; i++)
        if (lex.counts[i - 1] > lex.counts[i])
            fail_msg("%llu solutions before prefix %zu, fewer than the %llu before prefix %zu",
                     (unsigned long long)lex.counts[i], i, (unsigned long long)lex.counts[i - 1], i - 1);
    assert_int_equal(nq_lexcount_progress(&lex).solutions, oeis_a000170[12]);
    nq_lexcount_free(&lex);
}

/* The position of solution cols's child among the children of its prefix i: the open squares
 * of the row below the prefix left of its column. */
static uint32_t child_of(const nq_lexcount *lex, size_t i, const int *cols)
{
    int prefix[NQ_LEXCOUNT_MAX_DEPTH];
    nq_attacks a = nq_lexcount_prefix_attacks(lex, i, prefix);
    uint64_t open = nq_attacks_open(a, nq_lexcount_allowed(lex, prefix)[lex->depth]);
    uint64_t left_of = open & ((UINT64_C(1) << cols[lex->depth]) - 1);
    return lex->first_child[i] + (uint32_t)__builtin_popcountll(left_of);
}

/* One filled count against the solutions of brute force that it counts (those with the first
 * queen, or the smallest of their class when canonical): below every prefix, and below every
 * child where the count keeps them. */
static void check_against_brute(const brute_list *list, const nq_square *first, bool canonical, size_t target)
{
    int n = list->n;
    nq_lexcount lex;
    build(&lex, n, first, canonical, target, true);
    fill(&lex, 2);
    uint64_t *expected = calloc(lex.size + 1, sizeof *expected);
    uint32_t children = lex.child_counts ? lex.first_child[lex.size] : 0;
    uint64_t *expected_children = calloc(children + 1, sizeof *expected_children);
    uint64_t total = 0;
    for (size_t s = 0; s < list->size; s++) {
        const int *cols = brute_at(list, s);
        if ((first && !brute_has(list, s, *first)) || (canonical && !brute_smallest_of_class(n, cols)))
            continue;
        total++;
        size_t i = nq_lexcount_find(&lex, cols);
        if (i >= lex.size)
            fail_msg("n=%d: solution %zu of brute force has no prefix in the count", n, s + 1);
        expected[i]++;
        if (lex.child_counts)
            expected_children[child_of(&lex, i, cols)]++;
    }
    assert_int_equal(nq_lexcount_progress(&lex).solutions, total);
    for (size_t i = 0; i < lex.size; i++)
        if (below(&lex, i, total) != expected[i])
            fail_msg("n=%d, first queen %d,%d%s, depth %d: prefix %zu has %llu solutions, brute force %llu", n,
                     first ? first->column + 1 : 0, first ? first->row + 1 : 0, canonical ? ", canonical" : "",
                     lex.depth, i, (unsigned long long)below(&lex, i, total), (unsigned long long)expected[i]);
    for (uint32_t c = 0; c < children; c++)
        if (lex.child_counts[c] != expected_children[c])
            fail_msg("n=%d, first queen %d,%d%s, depth %d: child %u has %u solutions, brute force %llu", n,
                     first ? first->column + 1 : 0, first ? first->row + 1 : 0, canonical ? ", canonical" : "",
                     lex.depth, c, lex.child_counts[c], (unsigned long long)expected_children[c]);
    free(expected);
    free(expected_children);
    nq_lexcount_free(&lex);
}

/* Counts as shallow as one row, about a hundred prefixes and as deep as prefixes go. */
static const size_t brute_targets[] = {1, 100, 1u << 20};

/* Every N up to 12 without a first queen, canonical, and with the first queen on every square up
 * to N = 9 and on three squares above (the middle column, which keeps the mirror halving, one
 * beside the middle, a corner); with the given kernel of the tail tables. */
static void check_every_board(bool portable)
{
    nq_tail_portable_kernel(portable);
    for (int n = 1; n <= 12; n++) {
        brute_list list = brute_solutions(n);
        for (size_t t = 0; t < sizeof brute_targets / sizeof *brute_targets; t++) {
            check_against_brute(&list, NULL, false, brute_targets[t]);
            check_against_brute(&list, NULL, true, brute_targets[t]);
            if (n <= 9) {
                for (int sq = 0; sq < n * n; sq++)
                    check_against_brute(&list, &(nq_square){sq % n, sq / n}, false, brute_targets[t]);
                continue;
            }
            const nq_square pins[] = {{(n - 1) / 2, n / 3}, {n / 2, n - 2}, {0, n - 1}};
            for (size_t p = 0; p < sizeof pins / sizeof *pins; p++)
                check_against_brute(&list, &pins[p], false, brute_targets[t]);
        }
        brute_free(&list);
    }
    nq_tail_portable_kernel(false);
}

static void test_counts_as_brute_force(void **state)
{
    (void)state;
    check_every_board(false);
}

static void test_counts_as_brute_force_portable_kernel(void **state)
{
    (void)state;
    check_every_board(true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prefixes_in_order),
        cmocka_unit_test(test_children_add_up),
        cmocka_unit_test(test_counts_as_brute_force),
        cmocka_unit_test(test_counts_as_brute_force_portable_kernel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
