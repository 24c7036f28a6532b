/*
 * lexcount.h -- the lexicographic parallel count behind the random-access index: the list of
 * every safe placement of the first `depth` rows (a prefix), in lexicographic order, and the
 * number of solutions below each. Private to src/core.
 *
 * Counting splits into these independent subproblems so that threads can take them in any
 * order; random access keeps the counts, because the solutions before a prefix are exactly the
 * solutions below the prefixes listed before it.
 *
 * Filling by rows is progressive: a frontier advances over the prefixes whose counts are final,
 * and behind it counts[i] holds the solutions *before* prefix i (a fill by halves, lexhalves.h,
 * moves it once, to the end). Readers on any thread may use
 * every prefix before the frontier (acquire-load it first) while the fill goes on beyond it.
 * Building, filling and freeing belong to one thread; nq_lexcount_fill() joins its helpers
 * before it returns.
 *
 * A canonical count (nq_lexcount_build_canonical) counts, below every prefix, only the boards that
 * are the lexicographically smallest of their class under the 8 symmetries: the same prefixes,
 * frontier and random access, with a search that carries the columns to test each leaf.
 */
#ifndef NQ_LEXCOUNT_H
#define NQ_LEXCOUNT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "bits.h"
#include "nq/progress.h"
#include "tally.h"

/* At most this many rows in a prefix: 6 bits a row fit 10 rows in a uint64_t key. */
enum { NQ_LEXCOUNT_MAX_DEPTH = 10 };

typedef struct nq_lexcount {
    int n;
    int depth;
    bool has_first;
    nq_square first;
    bool mirror;                /* a prefix whose mirror image comes first is not searched */
    bool canonical;             /* only the smallest board of each symmetry class counts */
    uint64_t allowed[NQ_MAX_N]; /* squares the first queen leaves open, per row; canonical: the
                                   top row's squares a smallest board may use, other rows full */
    uint64_t *canonical_rows;   /* canonical: per top-row column c (n rows from c * n), the squares
                                   a smallest board with its top queen on c may use */
    size_t size;                /* number of prefixes */
    uint64_t *keys;             /* prefix columns, 6 bits a row, row 0 in the highest bits:
                                   numeric order is lexicographic order */
    uint64_t *counts;           /* beyond the frontier: solutions below prefix i, once done[i];
                                   before it: solutions before prefix i */
    atomic_uchar *done;         /* counts[i] has been written (release) */
    uint32_t *first_child;      /* NULL, or (size + 1 entries) where prefix i's children start in */
    uint32_t *child_counts;     /* the solutions below each child of each prefix (the prefix one row
                                   deeper), in order; final with the prefix's count */
    atomic_size_t frontier;     /* every prefix before it is final */
    nq_tally_totals totals;     /* the figures so far, the listing of prefixes included; known:
                                   the solutions before the frontier */
    struct half_plan *halves;   /* NULL, or the subproblems of the fill by halves (lexhalves.h) */
    pthread_mutex_t frontier_lock; /* serialises advancing the frontier */
    uint64_t frontier_sum;         /* solutions before the frontier, under frontier_lock */
} nq_lexcount;

/* Lists the prefixes of the n x n board with the optional first queen, as deep as needed for
 * at least target prefixes, but one row at least, no deeper than NQ_LEXCOUNT_MAX_DEPTH and leaving
 * 7 rows below on boards of 8 rows or more. With
 * children (and n <= 20, where a child's count fits 32 bits), the fill also keeps the count below
 * each child of each prefix: one more level at 4 bytes a child. */
void nq_lexcount_build(nq_lexcount *lex, int n, const nq_square *first, size_t target, bool children);

/* nq_lexcount_build() without a first queen, for a canonical count. */
void nq_lexcount_build_canonical(nq_lexcount *lex, int n, size_t target, bool children);

/* Counts the solutions below every prefix, in order, on run->threads threads; or, where
 * nq_lexhalves_fits(), by halves, all at once (lexhalves.h). With a progress
 * function the calling thread only reports (every run->interval seconds and at the end);
 * otherwise it counts too. Returns false if run->cancel stopped it: the frontier then marks how
 * far the counts are final. */
bool nq_lexcount_fill(nq_lexcount *lex, const nq_run *run);

/* Makes every prefix final at once, with below[i] solutions below prefix i (the children's
 * counts already in child_counts): for a fill that knows no count before all (lexhalves.c). The
 * thread filling lex, after its helpers are done. */
void nq_lexcount_settle(nq_lexcount *lex, const uint64_t *below);

/* Bytes of memory the prefixes, their counts and the canonical rules take. */
size_t nq_lexcount_bytes(const nq_lexcount *lex);

/* The columns of prefix i, into cols[0..depth-1]. Any thread. */
void nq_lexcount_prefix(const nq_lexcount *lex, size_t i, int *cols);

/* The columns of prefix i into cols[0..depth-1], and the attacks entering the row below it. */
nq_attacks nq_lexcount_prefix_attacks(const nq_lexcount *lex, size_t i, int *cols);

/* The squares each row may use below the placed rows cols[0..] (at least the top row placed):
 * n entries. Any thread. */
const uint64_t *nq_lexcount_allowed(const nq_lexcount *lex, const int *cols);

/* The solutions below `row` (depth <= row <= n) entered with the attacks a after the rows
 * cols[0..row-1] (at row n: 1, or for a canonical count whether cols is canonical), every row
 * masked by nq_lexcount_allowed(). Adds nothing to the figures; any thread, also while the fill
 * runs. */
uint64_t nq_lexcount_below(const nq_lexcount *lex, int row, nq_attacks a, const int *cols);

/* The position of the prefix with the columns cols[0..depth-1], or lex->size if none. */
size_t nq_lexcount_find(const nq_lexcount *lex, const int *cols);

/* The frontier (acquire): prefixes before it may be read. Any thread. */
size_t nq_lexcount_frontier(const nq_lexcount *lex);

/* The figures so far. Any thread. A frontier read after this call is at least as far as the
 * one these solutions lie before. */
nq_progress nq_lexcount_progress(const nq_lexcount *lex);

void nq_lexcount_free(nq_lexcount *lex);

#endif
