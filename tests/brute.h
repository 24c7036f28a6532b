/*
 * brute.h -- an independent, deliberately plain reference for the tests: every solution of the
 * n x n board in lexicographic order, found by trying each column of each row and checking every
 * earlier queen by hand (no bitboards, nothing shared with the engine); and whether a board is
 * the smallest of its symmetry class, by comparing it with all eight images (only the images come
 * from the engine, and test_symmetry checks them).
 */
#ifndef NQ_TEST_BRUTE_H
#define NQ_TEST_BRUTE_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "nq/board.h"
#include "nq/symmetry.h"

typedef struct brute_list {
    int n;
    size_t size;
    int *cols; /* size solutions of n columns each */
} brute_list;

static inline int brute_safe(const int *cols, int row, int col)
{
    for (int r = 0; r < row; r++) {
        int d = row - r;
        if (cols[r] == col || cols[r] == col - d || cols[r] == col + d)
            return 0;
    }
    return 1;
}

static inline void brute_walk(brute_list *list, int *cols, int row, size_t *capacity)
{
    if (row == list->n) {
        if (list->size == *capacity) {
            *capacity = *capacity ? 2 * *capacity : 64;
            list->cols = realloc(list->cols, *capacity * (size_t)list->n * sizeof(int));
        }
        memcpy(list->cols + list->size * (size_t)list->n, cols, (size_t)list->n * sizeof(int));
        list->size++;
        return;
    }
    for (int col = 0; col < list->n; col++) {
        if (brute_safe(cols, row, col)) {
            cols[row] = col;
            brute_walk(list, cols, row + 1, capacity);
        }
    }
}

/* All solutions of the n x n board in lexicographic order; free with brute_free(). */
static inline brute_list brute_solutions(int n)
{
    brute_list list = {n, 0, NULL};
    int cols[NQ_MAX_N];
    size_t capacity = 0;
    brute_walk(&list, cols, 0, &capacity);
    return list;
}

static inline const int *brute_at(const brute_list *list, size_t i)
{
    return list->cols + i * (size_t)list->n;
}

static inline int brute_has(const brute_list *list, size_t i, nq_square first)
{
    return brute_at(list, i)[first.row] == first.column;
}

static inline void brute_free(brute_list *list)
{
    free(list->cols);
    list->cols = NULL;
}

/* Whether cols is the lexicographically smallest of its 8 images, by building them all. */
static inline bool brute_smallest_of_class(int n, const int *cols)
{
    for (int g = 1; g < NQ_SYM_COUNT; g++) {
        int image[NQ_MAX_N];
        nq_symmetry_image((nq_symmetry)g, n, cols, image);
        int r = 0;
        while (r < n && image[r] == cols[r])
            r++;
        if (r < n && image[r] < cols[r])
            return false;
    }
    return true;
}

#endif
