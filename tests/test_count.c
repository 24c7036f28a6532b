/*
 * test_count.c -- counts against OEIS A000170 and A002562 up to N = 17 (by the row search, then
 * by halves), pinned counts against the reference
 * filter on every square, the row-sum identity, the same answer on any number of threads, and a
 * count's parts, counted in pieces, shuffled or cancelled and gone on with, summing to the whole.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "brute.h"
#include "nq/count.h"
#include "nq/symmetry.h"
#include "oeis.h"

static nq_count_result count(int n, const nq_square *first, int threads, bool unique)
{
    nq_count_options options = {first, unique, {.threads = threads}};
    return nq_count(n, &options);
}

static void test_counts_match_oeis(void **state)
{
    (void)state;
    for (int n = 1; n <= 17; n++) {
        nq_count_result r = count(n, NULL, 0, true);
        if (r.solutions != oeis_a000170[n])
            fail_msg("n=%d: counted %llu, OEIS A000170 says %llu", n, (unsigned long long)r.solutions,
                     (unsigned long long)oeis_a000170[n]);
        if (r.unique != oeis_a002562[n])
            fail_msg("n=%d: counted %llu unique, OEIS A002562 says %llu", n, (unsigned long long)r.unique,
                     (unsigned long long)oeis_a002562[n]);
        if (r.solutions > 0 && r.nodes < (uint64_t)n)
            fail_msg("n=%d: %llu queens placed, fewer than one solution needs", n, (unsigned long long)r.nodes);
        /* The classes the search keeps are the orbits Burnside's lemma counts independently. */
        uint64_t orbits = nq_symmetry_unique(n, r.solutions);
        if (r.unique != orbits)
            fail_msg("n=%d: the search keeps %llu classes, Burnside's lemma counts %llu", n,
                     (unsigned long long)r.unique, (unsigned long long)orbits);
    }
}

static void test_pinned_counts_on_every_square(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++) { /* from 10 on, the last five rows are counted by tables */
        brute_list list = brute_solutions(n);
        for (int row = 0; row < n; row++) {
            uint64_t row_sum = 0;
            for (int col = 0; col < n; col++) {
                nq_square first = {col, row};
                uint64_t expected = 0;
                for (size_t i = 0; i < list.size; i++)
                    expected += (uint64_t)brute_has(&list, i, first);
                nq_count_result r = count(n, &first, 0, false);
                if (r.solutions != expected)
                    fail_msg("n=%d, column %d, row %d: counted %llu, the filter finds %llu", n, col + 1, row + 1,
                             (unsigned long long)r.solutions, (unsigned long long)expected);
                row_sum += r.solutions;
            }
            if (row_sum != list.size)
                fail_msg("n=%d, row %d: the pinned counts add up to %llu, not %zu", n, row + 1,
                         (unsigned long long)row_sum, list.size);
        }
        brute_free(&list);
    }
}

/* Every row holds exactly one queen, so a row's pinned counts add up to the total. */
static void test_row_sums_for_larger_boards(void **state)
{
    (void)state;
    for (int n = 11; n <= 12; n++) {
        for (int row = 0; row < n; row += n - 1 - row > row ? n / 3 : 1) {
            uint64_t row_sum = 0;
            for (int col = 0; col < n; col++) {
                nq_square first = {col, row};
                row_sum += count(n, &first, 0, false).solutions;
            }
            if (row_sum != oeis_a000170[n])
                fail_msg("n=%d, row %d: the pinned counts add up to %llu, not %llu", n, row + 1,
                         (unsigned long long)row_sum, (unsigned long long)oeis_a000170[n]);
        }
    }
}

static void test_threads_agree(void **state)
{
    (void)state;
    nq_square pins[] = {{5, 6}, {0, 0}, {6, 11}};
    for (int threads = 1; threads <= 4; threads++) {
        uint64_t all = count(12, NULL, threads, true).solutions;
        if (all != oeis_a000170[12])
            fail_msg("%d threads: %llu solutions", threads, (unsigned long long)all);
        for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++) {
            uint64_t got = count(12, &pins[i], threads, false).solutions;
            uint64_t one = count(12, &pins[i], 1, false).solutions;
            if (got != one)
                fail_msg("column %d, row %d: %llu solutions on %d threads, %llu on one", pins[i].column + 1,
                         pins[i].row + 1, (unsigned long long)got, threads, (unsigned long long)one);
        }
    }
    assert_int_equal(count(12, NULL, 1, false).nodes, count(12, NULL, 3, false).nodes);
}

/* ---- a count in parts ---- */

/* A source that gives the parts whose number leaves `rest` modulo `every` (every 1: all) and
 * that skip does not hold, in order, stops after `stop_after` parts are done by setting *cancel,
 * and keeps each part's figures. */
typedef struct picker {
    uint64_t parts, next, every, rest;
    uint64_t stop_after, done_count;
    atomic_bool *cancel;
    nq_count_figures *figures; /* [parts] */
    bool *seen;                /* [parts]: done */
    const bool *skip;          /* NULL, or [parts]: not to give */
} picker;

static bool picker_next(void *context, uint64_t *part)
{
    picker *p = context;
    while (p->next < p->parts && (p->next % p->every != p->rest || (p->skip && p->skip[p->next])))
        p->next++;
    if (p->next >= p->parts)
        return false;
    *part = p->next++;
    return true;
}

static void picker_done(void *context, uint64_t part, const nq_count_figures *figures)
{
    picker *p = context;
    if (part >= p->parts || part % p->every != p->rest || p->seen[part] || (p->skip && p->skip[part]))
        fail_msg("part %llu done, not given or given twice", (unsigned long long)part);
    p->seen[part] = true;
    p->figures[part] = *figures;
    if (++p->done_count == p->stop_after)
        atomic_store(p->cancel, true);
}

/* Counts the split of (n, first) in `every` runs, each taking every `every`-th part from a
 * different start, on `threads` threads, and checks that the set-up's figures and the parts'
 * add up to nq_count()'s, unique too. Returns each part's figures (the caller frees them). */
static nq_count_figures *count_in_pieces(int n, const nq_square *first, uint64_t every, int threads)
{
    nq_count_split *split = nq_count_split_new(n, first);
    uint64_t parts = nq_count_split_parts(split);
    nq_count_figures *figures = calloc(parts + 1, sizeof *figures);
    bool *seen = calloc(parts + 1, sizeof *seen);
    nq_basis basis = nq_count_split_basis(split);
    nq_count_figures setup, total = {0, 0, 0, 0, basis};
    atomic_bool cancel = false;
    nq_run run = {.threads = threads, .cancel = &cancel};
    assert_true(nq_count_split_prepare(split, &run, &setup));
    nq_count_figures_add(&total, &setup);
    for (uint64_t rest = 0; rest < every; rest++) {
        picker p = {parts, 0, every, rest, 0, 0, &cancel, figures, seen, NULL};
        nq_count_source source = {picker_next, picker_done, &p};
        nq_count_figures sum;
        assert_true(nq_count_split_run(split, &source, &run, &sum));
        assert_int_equal(sum.basis, basis);
        nq_count_figures own = setup;
        for (uint64_t i = rest; i < parts; i += every)
            nq_count_figures_add(&own, &figures[i]);
        if (sum.solutions != own.solutions || sum.nodes != own.nodes || sum.dead_ends != own.dead_ends)
            fail_msg("n=%d, parts %llu mod %llu: the run sums %llu solutions, %llu nodes; set-up and parts %llu, %llu",
                     n, (unsigned long long)rest, (unsigned long long)every, (unsigned long long)sum.solutions,
                     (unsigned long long)sum.nodes, (unsigned long long)own.solutions, (unsigned long long)own.nodes);
    }
    for (uint64_t i = 0; i < parts; i++) {
        if (!seen[i])
            fail_msg("n=%d: part %llu of %llu never done", n, (unsigned long long)i, (unsigned long long)parts);
        assert_int_equal(figures[i].basis, basis);
        nq_count_figures_add(&total, &figures[i]);
    }
    nq_count_options options = {first, !first, {.threads = threads}};
    nq_count_result whole = nq_count(n, &options);
    assert_int_equal(setup.basis, basis);
    assert_int_equal(whole.basis, basis);
    if (total.solutions != whole.solutions || total.nodes != whole.nodes || total.dead_ends != whole.dead_ends)
        fail_msg("n=%d (%s, %llu parts): pieces sum to %llu solutions, %llu nodes, %llu dead ends; nq_count %llu, "
                 "%llu, %llu",
                 n, nq_count_split_method(split), (unsigned long long)parts, (unsigned long long)total.solutions,
                 (unsigned long long)total.nodes, (unsigned long long)total.dead_ends,
                 (unsigned long long)whole.solutions, (unsigned long long)whole.nodes,
                 (unsigned long long)whole.dead_ends);
    if (!first && nq_count_split_unique(split, &total) != whole.unique)
        fail_msg("n=%d: unique from the pieces %llu, nq_count %llu", n,
                 (unsigned long long)nq_count_split_unique(split, &total), (unsigned long long)whole.unique);
    free(seen);
    nq_count_split_free(split);
    return figures;
}

static void test_pieces_sum_to_the_count(void **state)
{
    (void)state;
    for (int n = 1; n <= 16; n++)
        free(count_in_pieces(n, NULL, n % 3 + 2, 2));
    nq_square pins[] = {{0, 0}, {3, 5}, {7, 7}, {1, 8}};
    for (int n = 9; n <= 16; n += 7) /* rows (9) and halves (16) */
        for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++)
            free(count_in_pieces(n, &pins[i], 3, 3));
    /* Odd boards pinned: by rows below 16, by halves from 17 (their placements of the middle
     * queens by groups): a pin on the middle column (one group, and the placements whose middle
     * row's queen stands on the right, each on its own), and the centre. */
    nq_square odd_pins[] = {{8, 2}, {8, 8}};
    for (size_t i = 0; i < sizeof odd_pins / sizeof odd_pins[0]; i++) {
        for (int n = 15; n <= 17; n += 2) {
            nq_count_split *split = nq_count_split_new(n, &odd_pins[i]);
            assert_string_equal(nq_count_split_method(split), n == 17 ? "halves" : "rows");
            nq_count_split_free(split);
        }
        free(count_in_pieces(17, &odd_pins[i], 3, 2));
    }
}

static void test_split_is_the_same_on_any_threads(void **state)
{
    (void)state;
    int sizes[] = {12, 15}; /* rows, and halves with its middle queens' groups */
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        nq_count_split *split = nq_count_split_new(n, NULL);
        uint64_t parts = nq_count_split_parts(split);
        nq_count_split_free(split);
        nq_count_figures *one = count_in_pieces(n, NULL, 1, 1), *three = count_in_pieces(n, NULL, 5, 3);
        for (uint64_t i = 0; i < parts; i++)
            if (one[i].solutions != three[i].solutions || one[i].nodes != three[i].nodes ||
                one[i].dead_ends != three[i].dead_ends || one[i].unique != three[i].unique)
                fail_msg("n=%d part %llu: %llu solutions, %llu nodes on one thread; %llu, %llu on three", n,
                         (unsigned long long)i, (unsigned long long)one[i].solutions,
                         (unsigned long long)one[i].nodes, (unsigned long long)three[i].solutions,
                         (unsigned long long)three[i].nodes);
        free(one);
        free(three);
    }
}

/* The parts cover each subproblem exactly once, whatever the order they are counted in: the
 * parts, shuffled, are cut into batches, each counted by a run of its own (a source gives a
 * batch's parts in increasing order, as it must) on two threads; every part is done once, with
 * the figures it has in a run of every part in order, and the set-up's and the parts' solutions
 * sum to A000170 and their classes to A002562. Rows (12), halves of an odd board with its middle
 * queens' groups (15) and of an even one (16). */
static void test_shuffled_parts_cover_the_count(void **state)
{
    (void)state;
    int sizes[] = {12, 15, 16};
    uint64_t random = 0x2804u;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        nq_count_figures *in_order = count_in_pieces(n, NULL, 1, 1);
        nq_count_split *split = nq_count_split_new(n, NULL);
        uint64_t parts = nq_count_split_parts(split);
        uint64_t *order = malloc(sizeof *order * parts);
        for (uint64_t i = 0; i < parts; i++)
            order[i] = i;
        for (uint64_t i = parts - 1; i > 0; i--) { /* Fisher-Yates, by xorshift64 */
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            uint64_t k = random % (i + 1), t = order[i];
            order[i] = order[k];
            order[k] = t;
        }
        nq_count_figures *figures = calloc(parts, sizeof *figures);
        bool *seen = calloc(parts, sizeof *seen), *skip = malloc(parts);
        atomic_bool cancel = false;
        nq_run run = {.threads = 2, .cancel = &cancel};
        uint64_t batch = parts / 7 + 1, done = 0;
        for (uint64_t first = 0; first < parts; first += batch) {
            for (uint64_t i = 0; i < parts; i++)
                skip[i] = true;
            for (uint64_t i = first; i < parts && i < first + batch; i++)
                skip[order[i]] = false;
            picker p = {parts, 0, 1, 0, 0, 0, &cancel, figures, seen, skip};
            nq_count_source source = {picker_next, picker_done, &p};
            nq_count_figures sum;
            assert_true(nq_count_split_run(split, &source, &run, &sum));
            done += p.done_count;
        }
        assert_int_equal(done, parts);
        nq_count_figures setup;
        assert_true(nq_count_split_prepare(split, &run, &setup));
        nq_count_figures total = setup;
        for (uint64_t i = 0; i < parts; i++) {
            if (!seen[i])
                fail_msg("n=%d: part %llu of %llu never done", n, (unsigned long long)i, (unsigned long long)parts);
            if (figures[i].solutions != in_order[i].solutions || figures[i].nodes != in_order[i].nodes ||
                figures[i].dead_ends != in_order[i].dead_ends || figures[i].unique != in_order[i].unique)
                fail_msg("n=%d part %llu: %llu solutions, %llu nodes shuffled; %llu, %llu in order", n,
                         (unsigned long long)i, (unsigned long long)figures[i].solutions,
                         (unsigned long long)figures[i].nodes, (unsigned long long)in_order[i].solutions,
                         (unsigned long long)in_order[i].nodes);
            nq_count_figures_add(&total, &figures[i]);
        }
        if (total.solutions != oeis_a000170[n] || nq_count_split_unique(split, &total) != oeis_a002562[n])
            fail_msg("n=%d (%s, %llu parts shuffled): %llu solutions, %llu unique; A000170 %llu, A002562 %llu", n,
                     nq_count_split_method(split), (unsigned long long)parts, (unsigned long long)total.solutions,
                     (unsigned long long)nq_count_split_unique(split, &total), (unsigned long long)oeis_a000170[n],
                     (unsigned long long)oeis_a002562[n]);
        free(skip);
        free(seen);
        free(figures);
        free(order);
        free(in_order);
        nq_count_split_free(split);
    }
}

/* A run cancelled partway, then a run of the parts it did not do, make the whole count: what a
 * journal does. */
static void test_cancelled_run_goes_on(void **state)
{
    (void)state;
    int sizes[] = {13, 15, 16};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        nq_count_split *split = nq_count_split_new(n, NULL);
        uint64_t parts = nq_count_split_parts(split);
        nq_count_figures *figures = calloc(parts, sizeof *figures);
        bool *seen = calloc(parts, sizeof *seen);
        atomic_bool cancel = false;
        nq_run run = {.threads = 2, .cancel = &cancel};
        bool *again = calloc(parts, sizeof *again);
        picker first = {parts, 0, 1, 0, parts / 3, 0, &cancel, figures, seen, NULL};
        nq_count_source source = {picker_next, picker_done, &first};
        nq_count_figures sum, setup;
        assert_false(nq_count_split_run(split, &source, &run, &sum));
        if (first.done_count < parts / 3 || first.done_count >= parts)
            fail_msg("n=%d: %llu of %llu parts done before the cancel took", n, (unsigned long long)first.done_count,
                     (unsigned long long)parts);
        /* The rest: every part not done, which a journal would list as missing; none twice. */
        atomic_store(&cancel, false);
        picker rest = {parts, 0, 1, 0, 0, 0, &cancel, figures, again, seen};
        nq_count_source left = {picker_next, picker_done, &rest};
        assert_true(nq_count_split_run(split, &left, &run, &sum));
        if (first.done_count + rest.done_count != parts)
            fail_msg("n=%d: %llu parts done, then %llu, of %llu", n, (unsigned long long)first.done_count,
                     (unsigned long long)rest.done_count, (unsigned long long)parts);
        assert_true(nq_count_split_prepare(split, &run, &setup));
        nq_count_figures total = setup;
        for (uint64_t i = 0; i < parts; i++)
            nq_count_figures_add(&total, &figures[i]);
        nq_count_options options = {NULL, true, {.threads = 1}};
        nq_count_result whole = nq_count(n, &options);
        if (total.solutions != whole.solutions || total.nodes != whole.nodes)
            fail_msg("n=%d: %llu solutions after going on, %llu in one count", n, (unsigned long long)total.solutions,
                     (unsigned long long)whole.solutions);
        free(again);
        free(seen);
        free(figures);
        nq_count_split_free(split);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_match_oeis),
        cmocka_unit_test(test_pinned_counts_on_every_square),
        cmocka_unit_test(test_row_sums_for_larger_boards),
        cmocka_unit_test(test_threads_agree),
        cmocka_unit_test(test_pieces_sum_to_the_count),
        cmocka_unit_test(test_split_is_the_same_on_any_threads),
        cmocka_unit_test(test_shuffled_parts_cover_the_count),
        cmocka_unit_test(test_cancelled_run_goes_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
