/*
 * nq/figures.h -- what the work figures of a search count, and the words for them, once.
 *
 * Every search reports queens placed (nodes) and dead ends, but each counts them in its own
 * search, so the same two numbers mean four different things depending on which search made
 * them. The basis says which; every figure the engine reports carries one (nq_progress,
 * nq_effort, nq_count_result, nq_count_figures), and the words for each basis live here, for the
 * window and for nqueens-cli alike, so that a figure is never shown under another search's name.
 *
 *   row search  the step-by-step trace (Watch), nq_effort_run() (compare, the race) and count
 *               --method: every queen the method places, the pinned one never; a dead end is a
 *               row entered with every square attacked. The textbook search tree.
 *   index fill  filling an index (Solve, list --from): queens are placed in the rows above the
 *               last five only, which tables count (from N = 7 on), so its figures are the
 *               trace's in those rows, even where it skips a mirror-image half of the board.
 *   classes     the count's row search up to N = 13 (and above 22): one board of each symmetry
 *               class, or with a pinned queen every board that has it, turned so that the queen
 *               stands nearest the top row (and placed like the others); from N = 10 the last
 *               five rows are counted by tables.
 *   halves      the count from N = 14 (with a pinned queen: even N from 16) to 22: the partial
 *               boards built (quarters and half boards), and the pairs tried that did not fit
 *               (quarters into half boards, half boards into solutions).
 *
 * The words are English message ids, lowercase, marked for translation but not translated here:
 * nqueens-cli prints them as they are ("queens placed: 2056"), the window capitalises and
 * translates them with _().
 */
#ifndef NQ_FIGURES_H
#define NQ_FIGURES_H

#include <stdint.h>

typedef enum nq_basis {
    NQ_BASIS_ROW_SEARCH, /* every queen the method places: trace, effort, race (the textbook tree) */
    NQ_BASIS_INDEX_FILL, /* Solve: queens placed above the last five rows; those five counted by table */
    NQ_BASIS_CLASSES,    /* count: one board per symmetry class (or the pin moved nearest the top), weighted */
    NQ_BASIS_HALVES,     /* count from N = 14: partial boards built; pairs that did not fit */
    NQ_BASIS_COUNT
} nq_basis;

/* The one definition of "failures": the dead ends (a row entered with every square attacked) plus
 * the wipe-outs (a row a queen's crossing off left empty). */
uint64_t nq_failures(uint64_t dead_ends, uint64_t wipe_outs);

/* "rows", "index", "classes", "halves": a stable English key, for files and tests. */
const char *nq_basis_key(nq_basis b);

/* The label of the queens-placed figure of basis b: "queens placed" for the row search, a longer
 * label that says what was counted for the others. An English message id (see above). */
const char *nq_basis_placed_words(nq_basis b);

/* The label of the dead-ends figure of basis b: "dead ends" for the row search, a longer label
 * for the others. An English message id (see above). */
const char *nq_basis_failed_words(nq_basis b);

#endif
