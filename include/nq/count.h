/*
 * nq/count.h -- how many solutions a board has, on all cores.
 *
 * Two searches, chosen by size (each where it is the faster). Up to N = 13, and above 22, a
 * search row by row: without a pinned queen it visits one board of each class under the 8
 * symmetries of the square and weighs it by its class size, so the unique count comes with it; a
 * pinned first queen is counted directly, by masking every row with the squares it leaves open.
 * From 14 to 22 (with a pinned queen: even N from 16) solutions of the board's quarters are
 * joined into half boards and the halves matched, which grows about half as fast with N; the
 * unique count then comes from the few boards a turn leaves unchanged. Either way the work is
 * split into independent subproblems that threads take from a shared cursor, so no core idles
 * while work remains, and the counts are the same on any number of threads.
 */
#ifndef NQ_COUNT_H
#define NQ_COUNT_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/figures.h"
#include "nq/progress.h"

typedef struct nq_count_options {
    const nq_square *first; /* the pinned first queen, or NULL */
    bool unique;            /* also report solutions unique under symmetry (needs first == NULL) */
    nq_run run;             /* threads, cancel flag, progress reports */
} nq_count_options;

typedef struct nq_count_result {
    bool complete;      /* false: cancelled, and the figures are partial */
    uint64_t solutions;
    uint64_t unique;    /* when asked for */
    uint64_t nodes;     /* queens placed by the search by classes; by halves, the partial boards
                           built */
    uint64_t dead_ends; /* rows found with every square attacked; by halves, the pairs tried that
                           did not fit (quarters into halves, halves into solutions) */
    nq_basis basis;     /* which of the two: NQ_BASIS_CLASSES or NQ_BASIS_HALVES (nq/figures.h) */
} nq_count_result;

/* Counts the solutions of the n x n board, 1 <= n <= NQ_MAX_N. Every helper thread is joined
 * before it returns. It is the count of a split (below) that takes every part. */
nq_count_result nq_count(int n, const nq_count_options *options);

/* ---- a count in parts: for counts that stop and go on (a journal) or run on many machines ----
 *
 * A split is the list of a count's independent subproblems (parts), numbered from 0, always the
 * same for the same board, pinned queen and program version. Counting a part always gives the
 * same figures, so a count can be done in pieces, on any number of threads and machines, in any
 * grouping, and the sums equal nq_count()'s: the set-up's figures plus every part's. */

typedef struct nq_count_split nq_count_split;

/* The figures of one part, of the set-up, or a sum of them. */
typedef struct nq_count_figures {
    uint64_t solutions;
    uint64_t unique;    /* the row search without a pinned queen: classes; otherwise 0 (see
                           nq_count_split_unique()) */
    uint64_t nodes;
    uint64_t dead_ends;
    nq_basis basis;     /* what nodes and dead ends count: the split's (nq_count_split_basis()) */
} nq_count_figures;

/* Adds *add's figures to *sum's; false, *sum unchanged, if a figure would pass 2^64 - 1 (no true
 * count does: only figures read from outside, a forged journal line, can). The basis is not
 * added: sum keeps its own (the figures of one split all have the split's). Any thread. */
bool nq_count_figures_add(nq_count_figures *sum, const nq_count_figures *add);

/* Where the parts of one nq_count_split_run() come from and where their figures go. The engine
 * calls next() and done() from its counting threads, never two calls at once (it holds a lock
 * around each), so a source needs no lock of its own for them; next() may wait for a part.
 *   next: the next part to count, into *part; false when there are none left. Each part at most
 *         once, in increasing order (a halves split counts its parts group by group).
 *   done: a part next() gave has been counted, with these figures. A part taken when the run is
 *         cancelled may never be done. */
typedef struct nq_count_source {
    bool (*next)(void *context, uint64_t *part);
    void (*done)(void *context, uint64_t part, const nq_count_figures *figures);
    void *context;
} nq_count_source;

/* The split of the count of the n x n board (1 <= n <= NQ_MAX_N) with a queen on *first (NULL:
 * none): the method nq_count() chooses and its parts. Quick (no tables are built); the caller
 * frees it with nq_count_split_free(). Any thread. */
nq_count_split *nq_count_split_new(int n, const nq_square *first);

void nq_count_split_free(nq_count_split *split);

/* The number of parts. */
uint64_t nq_count_split_parts(const nq_count_split *split);

/* The method's name, the same in every language: "halves" or "rows". */
const char *nq_count_split_method(const nq_count_split *split);

/* What the figures of its parts count: NQ_BASIS_HALVES or NQ_BASIS_CLASSES. */
nq_basis nq_count_split_basis(const nq_count_split *split);

/* Builds what counting a part needs (the quarter tables of a halves split; quick for rows), once,
 * on run->threads threads, and gives the set-up's figures (the tables' partial boards, the rows
 * listed before any part; the whole count of a board too small to split). False if run was
 * cancelled first. nq_count_split_run() calls it itself if it has not been called. */
bool nq_count_split_prepare(nq_count_split *split, const nq_run *run, nq_count_figures *setup);

/* Counts the parts source gives (NULL: every part) on run->threads threads, which report their
 * progress through run: parts_done counts this run's parts, parts is the split's. Adds the
 * set-up's figures and those of every part done in this run into *sum (zeroed first). Returns
 * whether it ran to the end (false: cancelled). Every helper thread is joined before it returns. */
bool nq_count_split_run(nq_count_split *split, const nq_count_source *source, const nq_run *run,
                        nq_count_figures *sum);

/* The unique count of a complete count without a pinned queen whose figures, set-up and every
 * part, sum to *total: the sum of the parts' classes (rows), or from the solutions by Burnside's
 * lemma (halves). */
uint64_t nq_count_split_unique(const nq_count_split *split, const nq_count_figures *total);

/* The number of threads run.threads = 0 stands for: the cores online. */
int nq_count_default_threads(void);

#endif
