/*
 * test_readings.c -- where a reading stands among the placements of the first rows
 * (src/core/readings.h), white-box: every placement of the first L rows of small boards, listed
 * by a plain recursion in lexicographic order, is found at its own position (through the slots
 * and nq_readings_sum()) by both kernels; the mirror images are the column-reversed placements;
 * with a pinned queen's rows only the placements that respect it are listed, in the same order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../src/core/bits.h"
#include "../src/core/halves.h"
#include "../src/core/readings.h"

enum { MOST = 400000 };

/* Every placement of the first `length` rows with each row's queen on rows[row], in
 * lexicographic order, as readings (column of row k in field k) into out; returns how many. */
static size_t list_placements(int n, int length, const uint64_t *rows, uint64_t *out)
{
    size_t count = 0;
    int cols[NQ_MAX_N];
    int row = 0;
    cols[0] = -1;
    while (row >= 0) {
        int c = ++cols[row];
        if (c >= n) {
            row--;
            continue;
        }
        bool ok = rows[row] >> c & 1;
        for (int r = 0; ok && r < row; r++)
            ok = cols[r] != c && abs(cols[r] - c) != row - r;
        if (!ok)
            continue;
        if (row + 1 == length) {
            uint64_t reading = 0;
            for (int r = 0; r < length; r++)
                reading |= (uint64_t)cols[r] << (NQ_READING_FIELD_BITS * r);
            assert_true(count < MOST);
            out[count++] = reading;
        } else {
            cols[++row] = -1;
        }
    }
    return count;
}

/* The column-reversed reading (each column c read as n - 1 - c). */
static uint64_t mirrored(int n, int length, uint64_t reading)
{
    uint64_t out = 0, field = (1u << NQ_READING_FIELD_BITS) - 1;
    for (int r = 0; r < length; r++) {
        uint64_t c = reading >> (NQ_READING_FIELD_BITS * r) & field;
        out |= ((uint64_t)n - 1 - c) << (NQ_READING_FIELD_BITS * r);
    }
    return out;
}

/* Builds the readings of (n, length, rows) and checks each listed placement's position with both
 * kernels, and the mirror images if whole rows. */
static void check(int n, int length, const uint64_t *rows, bool whole)
{
    uint64_t *listed = malloc(sizeof *listed * MOST);
    assert_non_null(listed);
    size_t count = list_placements(n, length, rows, listed);
    nq_readings x;
    uint32_t *mirror = NULL;
    nq_readings_build(&x, n, length, rows, whole ? &mirror : NULL);
    if (x.sizes[length] != count)
        fail_msg("N=%d L=%d: %zu placements, the recursion lists %zu", n, length, x.sizes[length], count);
    uint32_t *slots = malloc(sizeof *slots * (count ? count : 1));
    uint32_t *counts = calloc(nq_readings_slots(&x), sizeof *counts);
    uint64_t *positions = calloc(count ? count : 1, sizeof *positions);
    assert_non_null(slots);
    assert_non_null(counts);
    assert_non_null(positions);
    for (int kernel = 0; kernel < 2; kernel++) {
        bool fast = kernel == 1;
        if (fast && !nq_halves_fast_kernels())
            continue;
        nq_readings_slots_of(&x, fast, listed, count, slots);
        /* Placement i counted i + 1 times: its position's sum says which placement it is. */
        memset(counts, 0, sizeof *counts * nq_readings_slots(&x));
        for (size_t i = 0; i < count; i++) {
            assert_true(slots[i] < nq_readings_slots(&x));
            counts[slots[i]] += (uint32_t)(i + 1);
        }
        memset(positions, 0, sizeof *positions * count);
        uint32_t *threads[1] = {counts};
        nq_readings_sum(&x, threads, 1, positions);
        for (size_t i = 0; i < count; i++)
            if (positions[i] != i + 1)
                fail_msg("N=%d L=%d, %s kernel: placement %zu is found at position %llu", n, length,
                         fast ? "AVX-512" : "portable", i, (unsigned long long)positions[i] - 1);
    }
    if (whole) {
        nq_readings_slots_of(&x, false, listed, count, slots);
        for (size_t i = 0; i < count; i++) {
            uint64_t image = mirrored(n, length, listed[i]);
            if (listed[mirror[i]] != image)
                fail_msg("N=%d L=%d: the mirror image of placement %zu is said to be %u", n, length, i, mirror[i]);
        }
    }
    free(positions);
    free(counts);
    free(slots);
    free(mirror);
    nq_readings_free(&x);
    free(listed);
}

static void test_every_placement_is_found_at_its_position(void **state)
{
    (void)state;
    uint64_t rows[NQ_MAX_N];
    for (int n = 4; n <= 12; n++) {
        nq_allowed_rows(n, NULL, rows);
        for (int length = 1; length <= 6 && length <= n; length++)
            check(n, length, rows, true);
    }
}

static void test_a_pinned_queens_rows(void **state)
{
    (void)state;
    uint64_t rows[NQ_MAX_N];
    for (int n = 6; n <= 12; n += 3)
        for (int square = 0; square < n * n; square += 5) {
            nq_square pin = {square % n, square / n};
            nq_allowed_rows(n, &pin, rows);
            check(n, 5, rows, false);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_placement_is_found_at_its_position),
        cmocka_unit_test(test_a_pinned_queens_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
