/*
 * readings.h -- where a reading stands among the prefixes: the fill by halves (lexhalves.c) reads
 * each solution's first columns (the rows of their queens, L of them, a field each), and each
 * such reading is a placement of the first L rows, whose position among those placements in
 * lexicographic order is the position of a prefix (or child) of nq_lexcount. This module owns the
 * table of those placements, level by level, and the way from a reading to its place. Private to
 * src/core.
 *
 * A thread's counts are kept by slot, not by position: the position of the reading's first L - 1
 * rows among the placements of the level above the last, times n, plus its last row's column.
 * The slots of a placement's children are side by side, and the last level's look-up, a cache
 * miss on most reads, is made once for all threads at the end (nq_readings_sum()).
 */
#ifndef NQ_READINGS_H
#define NQ_READINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lexcount.h"

/* Bits a field of a reading takes: the row (or column) of one of its L columns (rows), field k
 * at bit NQ_READING_FIELD_BITS * k. Enough for boards up to 32. */
enum { NQ_READING_FIELD_BITS = 5 };

typedef struct nq_readings {
    int n;
    int length;                               /* L: the rows (columns) a reading has */
    uint64_t *levels[NQ_LEXCOUNT_MAX_DEPTH + 1]; /* level k's placements: the position of the first
                                                    child (low 32 bits), the open squares (high 32) */
    size_t sizes[NQ_LEXCOUNT_MAX_DEPTH + 2];     /* placements of each level, 0..L */
    int direct_levels;                           /* D: the first levels, gone down at once through */
    uint32_t *direct;                            /* the position at level D of the placement of
                                                    columns f0, f1, ... at f0 + n f1 + n^2 f2 ... */
} nq_readings;

/* The placements of the first `length` rows (1 <= length <= NQ_LEXCOUNT_MAX_DEPTH + 1) of the
 * n x n board, each row's queen on a square of rows[row] (nq_lexcount's allowed rows: a pinned
 * queen's row has only its square), into *x. Unless mirror is NULL, *mirror gets (allocated here,
 * the caller frees it), for each placement of the last level, the position of its mirror image
 * (each column c read as n - 1 - c), which is the upside-down image of its reading; rows must
 * then be whole rows. The caller frees x with nq_readings_free(). Any thread. */
void nq_readings_build(nq_readings *x, int n, int length, const uint64_t *rows, uint32_t **mirror);

void nq_readings_free(nq_readings *x);

/* The slots a thread's counts have. */
size_t nq_readings_slots(const nq_readings *x);

/* The slots of readings[0..count-1] (each a placement of x) into out, with the AVX-512 kernel if
 * `fast` (nq_halves_fast_kernels()). Any thread. */
void nq_readings_slots_of(const nq_readings *x, bool fast, const uint64_t *readings, size_t count, uint32_t *out);

/* The counts by slot of `threads` threads, counts[0..threads-1], summed by position into
 * out[0..x->sizes[x->length] - 1] (zeroed by the caller). */
void nq_readings_sum(const nq_readings *x, uint32_t *const *counts, int threads, uint64_t *out);

#endif
