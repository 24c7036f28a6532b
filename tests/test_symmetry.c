/*
 * test_symmetry.c -- the 8 symmetries form the group of the square, and the number of solutions
 * each fixes (hence the unique count) matches a direct check of every solution. The images of a
 * solution compose as the symmetries do; its class (size, fixing symmetries, variants) and the
 * canonical test agree with a plain check of all 8 images, for every solution up to N = 12.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "brute.h"
#include "nq/symmetry.h"

enum { CLASS_MAX_N = 12 };

static void test_group_laws(void **state)
{
    (void)state;
    for (int n = 1; n <= 7; n++) {
        for (int g = 0; g < NQ_SYM_COUNT; g++) {
            unsigned char hit[49] = {0};
            for (int row = 0; row < n; row++) {
                for (int col = 0; col < n; col++) {
                    nq_square s = nq_symmetry_apply((nq_symmetry)g, n, (nq_square){col, row});
                    if (s.column < 0 || s.column >= n || s.row < 0 || s.row >= n)
                        fail_msg("n=%d, symmetry %d takes column %d, row %d off the board (column %d, row %d)", n,
                                 g, col + 1, row + 1, s.column + 1, s.row + 1);
                    hit[s.row * n + s.column]++;
                    /* Reflections undo themselves; a quarter turn four times is the identity. */
                    nq_square back = s;
                    int order = g == NQ_SYM_ROTATE_90 || g == NQ_SYM_ROTATE_270 ? 4 : 2;
                    for (int i = 1; i < order; i++)
                        back = nq_symmetry_apply((nq_symmetry)g, n, back);
                    if (g != NQ_SYM_IDENTITY && (back.column != col || back.row != row))
                        fail_msg("n=%d, symmetry %d done %d times takes column %d, row %d to column %d, row %d", n,
                                 g, order, col + 1, row + 1, back.column + 1, back.row + 1);
                }
            }
            for (int i = 0; i < n * n; i++) /* a bijection of the board */
                if (hit[i] != 1)
                    fail_msg("n=%d, symmetry %d: column %d, row %d is the image of %d squares", n, g, i % n + 1,
                             i / n + 1, hit[i]);
        }
        /* A quarter turn clockwise takes the top left corner to the top right. */
        nq_square corner = nq_symmetry_apply(NQ_SYM_ROTATE_90, n, (nq_square){0, 0});
        assert_int_equal(corner.column, n - 1);
        assert_int_equal(corner.row, 0);
    }
}

/* Whether g maps the solution cols onto itself. */
static int fixes(nq_symmetry g, int n, const int *cols)
{
    for (int row = 0; row < n; row++) {
        nq_square s = nq_symmetry_apply(g, n, (nq_square){cols[row], row});
        if (cols[s.row] != s.column)
            return 0;
    }
    return 1;
}

/* The smallest of the 8 images of cols, in lexicographic order, is cols itself. */
static int is_canonical(int n, const int *cols)
{
    for (int g = 1; g < NQ_SYM_COUNT; g++) {
        int image[NQ_MAX_N];
        for (int row = 0; row < n; row++) {
            nq_square s = nq_symmetry_apply((nq_symmetry)g, n, (nq_square){cols[row], row});
            image[s.row] = s.column;
        }
        int r = 0;
        while (r < n && image[r] == cols[r])
            r++;
        if (r < n && image[r] < cols[r])
            return 0;
    }
    return 1;
}

static void test_fixed_counts_and_unique(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        brute_list list = brute_solutions(n);
        for (int g = 1; g < NQ_SYM_COUNT; g++) {
            uint64_t expected = 0;
            for (size_t i = 0; i < list.size; i++)
                expected += (uint64_t)fixes((nq_symmetry)g, n, brute_at(&list, i));
            uint64_t got = nq_symmetry_fixed((nq_symmetry)g, n);
            if (got != expected)
                fail_msg("n=%d, symmetry %d: %llu fixed, direct check finds %llu", n, g, (unsigned long long)got,
                         (unsigned long long)expected);
        }
        uint64_t canonical = 0;
        for (size_t i = 0; i < list.size; i++)
            canonical += (uint64_t)is_canonical(n, brute_at(&list, i));
        uint64_t unique = nq_symmetry_unique(n, list.size);
        if (unique != canonical)
            fail_msg("n=%d: %llu unique, direct check finds %llu canonical solutions", n,
                     (unsigned long long)unique, (unsigned long long)canonical);
        brute_free(&list);
    }
}

/* The symmetry that does what g after h does to every square of the n x n board (h first). */
static nq_symmetry composed(nq_symmetry g, nq_symmetry h, int n)
{
    for (int k = 0; k < NQ_SYM_COUNT; k++) {
        int same = 1;
        for (int sq = 0; sq < n * n && same; sq++) {
            nq_square s = {sq % n, sq / n};
            nq_square one = nq_symmetry_apply((nq_symmetry)k, n, s);
            nq_square two = nq_symmetry_apply(g, n, nq_symmetry_apply(h, n, s));
            same = one.column == two.column && one.row == two.row;
        }
        if (same)
            return (nq_symmetry)k;
    }
    fail_msg("n=%d: symmetry %d after %d is none of the 8", n, g, h);
    return NQ_SYM_IDENTITY;
}

static void test_images_compose(void **state)
{
    (void)state;
    for (int n = 4; n <= 10; n++) {
        nq_symmetry table[NQ_SYM_COUNT][NQ_SYM_COUNT];
        for (int g = 0; g < NQ_SYM_COUNT; g++)
            for (int h = 0; h < NQ_SYM_COUNT; h++)
                table[g][h] = composed((nq_symmetry)g, (nq_symmetry)h, n);
        brute_list list = brute_solutions(n);
        for (size_t i = 0; i < list.size; i++) {
            const int *cols = brute_at(&list, i);
            int identity[NQ_MAX_N];
            nq_symmetry_image(NQ_SYM_IDENTITY, n, cols, identity);
            assert_memory_equal(identity, cols, (size_t)n * sizeof *cols);
            for (int g = 0; g < NQ_SYM_COUNT; g++) {
                for (int h = 0; h < NQ_SYM_COUNT; h++) {
                    int first[NQ_MAX_N], both[NQ_MAX_N], direct[NQ_MAX_N];
                    nq_symmetry_image((nq_symmetry)h, n, cols, first);
                    nq_symmetry_image((nq_symmetry)g, n, first, both);
                    nq_symmetry_image(table[g][h], n, cols, direct);
                    assert_memory_equal(both, direct, (size_t)n * sizeof *both);
                    if (table[g][h] == NQ_SYM_IDENTITY) /* h undoes g: back where it started */
                        assert_memory_equal(both, cols, (size_t)n * sizeof *both);
                }
            }
        }
        brute_free(&list);
    }
}

/* <0, 0, >0 as a comes before, equals or comes after b in lexicographic order. */
static int compare(int n, const int *a, const int *b)
{
    for (int r = 0; r < n; r++)
        if (a[r] != b[r])
            return a[r] < b[r] ? -1 : 1;
    return 0;
}

/* One solution's class against a plain look at its 8 images. */
static void check_class(int n, const int *cols)
{
    int images[NQ_SYM_COUNT][NQ_MAX_N];
    unsigned fixed = 0;
    int smallest = 0;
    for (int g = 0; g < NQ_SYM_COUNT; g++) {
        nq_symmetry_image((nq_symmetry)g, n, cols, images[g]);
        if (!compare(n, images[g], cols))
            fixed |= 1u << g;
        if (compare(n, images[g], images[smallest]) < 0)
            smallest = g;
    }
    nq_symmetry_class c = nq_symmetry_classify(n, cols);
    assert_int_equal(c.fixed, fixed);
    assert_int_equal(c.size * __builtin_popcount(c.fixed), NQ_SYM_COUNT);
    assert_memory_equal(images[c.first_image], images[smallest], (size_t)n * sizeof(int));
    assert_int_equal(nq_symmetry_is_canonical(n, cols), compare(n, cols, images[smallest]) == 0);

    int variants[NQ_SYM_COUNT * NQ_MAX_N];
    int size = nq_symmetry_variants(n, cols, variants);
    assert_int_equal(size, c.size);
    assert_memory_equal(variants, images[smallest], (size_t)n * sizeof(int));
    for (int v = 0; v < size; v++) {
        const int *board = variants + v * n;
        if (!nq_verify(n, board, NULL, NULL))
            fail_msg("n=%d: variant %d of a solution is no solution", n, v + 1);
        if (v > 0 && compare(n, board - n, board) >= 0)
            fail_msg("n=%d: variants %d and %d are not in increasing order", n, v, v + 1);
        int is_image = 0;
        for (int g = 0; g < NQ_SYM_COUNT; g++)
            is_image |= !compare(n, board, images[g]);
        assert_int_equal(is_image, 1);
        assert_int_equal(nq_symmetry_classify(n, board).size, c.size);
        assert_int_equal(nq_symmetry_is_canonical(n, board), v == 0);
    }
    for (int g = 0; g < NQ_SYM_COUNT; g++) { /* every image is one of the variants */
        int found = 0;
        for (int v = 0; v < size; v++)
            found |= !compare(n, images[g], variants + v * n);
        assert_int_equal(found, 1);
    }
}

static void test_classes(void **state)
{
    (void)state;
    for (int n = 1; n <= CLASS_MAX_N; n++) {
        brute_list list = brute_solutions(n);
        uint64_t canonical = 0, covered = 0;
        for (size_t i = 0; i < list.size; i++) {
            const int *cols = brute_at(&list, i);
            check_class(n, cols);
            if (nq_symmetry_is_canonical(n, cols)) {
                canonical++;
                covered += (uint64_t)nq_symmetry_classify(n, cols).size;
            }
        }
        assert_int_equal(covered, list.size); /* the classes of the canonical boards cover every solution once */
        assert_int_equal(canonical, nq_symmetry_unique(n, list.size));
        brute_free(&list);
    }
}

/* The known classes of N = 8: 12 shapes, one of them with a half turn's symmetry (4 boards). */
static void test_eight_queens_classes(void **state)
{
    (void)state;
    static const int symmetric[] = {2, 4, 1, 7, 0, 6, 3, 5}; /* 3 5 2 8 1 7 4 6 */
    nq_symmetry_class c = nq_symmetry_classify(8, symmetric);
    assert_int_equal(c.size, 4);
    assert_int_equal(c.fixed, (1u << NQ_SYM_IDENTITY) | (1u << NQ_SYM_ROTATE_180));
    assert_true(nq_symmetry_is_canonical(8, symmetric));
    static const int one[] = {0};
    assert_int_equal(nq_symmetry_classify(1, one).size, 1);
    assert_int_equal(nq_symmetry_classify(1, one).fixed, 0xffu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_laws),
        cmocka_unit_test(test_fixed_counts_and_unique),
        cmocka_unit_test(test_images_compose),
        cmocka_unit_test(test_classes),
        cmocka_unit_test(test_eight_queens_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
