/*
 * test_plan.c -- the private plan of prefixes (src/core/plan.h), white-box: the prefixes come in
 * lexicographic order, counts[] holds the solutions before each once filled, and the counts kept
 * for each prefix's children add up to the prefix's count and equal those of the same prefixes
 * in a plan one row deeper, with and without the mirror halving and a pinned queen.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "../src/core/plan.h"
#include "oeis.h"

static void fill(nq_plan *plan, int threads)
{
    nq_run run = {.threads = threads};
    assert_true(nq_plan_fill(plan, &run));
}

/* The solutions below prefix i of a filled plan. */
static uint64_t below(const nq_plan *plan, size_t i, uint64_t total)
{
    return (i + 1 < plan->size ? plan->counts[i + 1] : total) - plan->counts[i];
}

/* Checks the kept children of one plan; false when the plan is as deep as plans go (7 rows left),
 * so that there is no deeper one to compare with. */
static bool check_children(int n, const nq_square *first, size_t target)
{
    nq_plan plan, deeper;
    nq_plan_build(&plan, n, first, target, true);
    assert_non_null(plan.child_counts);
    if (plan.depth >= n - 7) {
        nq_plan_free(&plan);
        return false;
    }
    fill(&plan, 2);
    uint64_t total = nq_plan_progress(&plan).solutions;
    /* The plan one row deeper: as deep as its first level with more prefixes than this one has
     * children, which is this depth + 1. */
    nq_plan_build(&deeper, n, first, plan.first_child[plan.size] > plan.size ? plan.first_child[plan.size] : plan.size + 1, false);
    assert_int_equal(deeper.depth, plan.depth + 1);
    fill(&deeper, 1);
    assert_int_equal(nq_plan_progress(&deeper).solutions, total);
    size_t d = 0;
    int cols[NQ_PLAN_MAX_DEPTH], deep_cols[NQ_PLAN_MAX_DEPTH];
    for (size_t i = 0; i < plan.size; i++) {
        uint64_t sum = 0;
        nq_plan_prefix(&plan, i, cols);
        for (uint32_t c = plan.first_child[i]; c < plan.first_child[i + 1]; c++) {
            /* Children in order are the deeper plan's prefixes in order. */
            if (d >= deeper.size)
                fail_msg("n=%d: prefix %zu has more children than the deeper plan has prefixes (%zu)", n, i,
                         deeper.size);
            nq_plan_prefix(&deeper, d, deep_cols);
            for (int r = 0; r < plan.depth; r++)
                assert_int_equal(deep_cols[r], cols[r]);
            if (plan.child_counts[c] != below(&deeper, d, total))
                fail_msg("n=%d: prefix %zu, child %u: kept %u, one row deeper %llu", n, i, c - plan.first_child[i],
                         plan.child_counts[c], (unsigned long long)below(&deeper, d, total));
            sum += plan.child_counts[c];
            d++;
        }
        if (sum != below(&plan, i, total))
            fail_msg("n=%d: the children of prefix %zu add up to %llu, the prefix has %llu", n, i,
                     (unsigned long long)sum, (unsigned long long)below(&plan, i, total));
    }
    assert_int_equal(d, deeper.size);
    nq_plan_free(&deeper);
    nq_plan_free(&plan);
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
            checked += check_children(n, NULL, target) + check_children(n, &middle, target) +
                       check_children(n, &off, target);
    }
    assert_in_range(checked, 25, INT_MAX);
}

static void test_prefixes_in_order(void **state)
{
    (void)state;
    nq_plan plan;
    nq_plan_build(&plan, 12, NULL, 4096, false);
    assert_null(plan.child_counts);
    for (size_t i = 1; i < plan.size; i++)
        if (plan.keys[i - 1] >= plan.keys[i])
            fail_msg("prefix %zu (key %llu) does not come after prefix %zu (key %llu)", i,
                     (unsigned long long)plan.keys[i], i - 1, (unsigned long long)plan.keys[i - 1]);
    fill(&plan, 3);
    for (size_t i = 1; i < plan.size; i++)
        if (plan.counts[i - 1] > plan.counts[i])
            fail_msg("%llu solutions before prefix %zu, fewer than the %llu before prefix %zu",
                     (unsigned long long)plan.counts[i], i, (unsigned long long)plan.counts[i - 1], i - 1);
    assert_int_equal(nq_plan_progress(&plan).solutions, oeis_a000170[12]);
    nq_plan_free(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prefixes_in_order),
        cmocka_unit_test(test_children_add_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
