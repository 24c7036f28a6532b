/*
 * lexhalves.h -- the fill of the prefixes' counts (lexcount.h) by counting by halves: the counts
 * below every prefix and child of all solutions of a board (or of those that hold a pinned
 * queen), in about twice the count's time, where the row search below each prefix takes
 * ten times as long. Private to src/core.
 *
 * The count by halves (halves.c) never places queens row by row, so no prefix of the first rows
 * is ever in hand. But each solution's images under the symmetries of the square show its four
 * edges, and the rows of the queens in a board's first columns are its transpose's prefix: the
 * prefixes of all solutions are the same as the readings of their first columns, which a left
 * half board holds whole. lexhalves.c says how each image is read.
 */
#ifndef NQ_LEXHALVES_H
#define NQ_LEXHALVES_H

#include <stdbool.h>
#include <stdint.h>

#include "lexcount.h"
#include "nq/progress.h"

/* The smallest and largest boards whose fill is by halves: below, the row search is as fast
 * (bench_access); above, the parts of the quarter entries would take 0.5 GB (4 quarters of 7.5
 * million entries at N = 20, 16 bytes each). */
enum { NQ_LEXHALVES_MIN_N = 12, NQ_LEXHALVES_MAX_N = 19 };

/* Whether nq_lexhalves_fill() can fill lex: with or without a first queen, not canonical, its
 * prefixes (and children) no deeper than a quarter of the board is high, NQ_LEXHALVES_MIN_N <= n
 * <= NQ_LEXHALVES_MAX_N, and its readings' parts fitting beside the half boards' keys and edges
 * (nq_lexparts_fit(): an odd board's readings 6 rows at most without a pin). nq_lexcount_fill()
 * then fills it so. Any thread. */
bool nq_lexhalves_fits(const nq_lexcount *lex);

/* Makes the subproblems nq_lexhalves_fill() will count, into lex->halves (the count by halves'
 * plan: their number is the fill's progress's parts); nq_lexcount_build() calls it where
 * nq_lexhalves_fits(), and nq_lexcount_free() calls nq_lexhalves_release(). The thread that
 * builds lex. */
void nq_lexhalves_prepare(nq_lexcount *lex);
void nq_lexhalves_release(nq_lexcount *lex);

/* Fills lex (nq_lexhalves_fits()) as nq_lexcount_fill() says, on run->threads threads, except
 * that no count is final before all are: the frontier moves once, from the first prefix to the
 * end, and a cancelled fill (false) leaves it at the first. The figures are the count by halves'
 * (NQ_BASIS_HALVES). The thread that built lex; every helper is joined before it returns. */
bool nq_lexhalves_fill(nq_lexcount *lex, const nq_run *run);

#endif
