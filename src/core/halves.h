/*
 * halves.h -- counting without placing queens row by row: solutions of the board's four quarters,
 * joined into half boards, and half boards matched in pairs. Private to src/core.
 *
 * A row-by-row search grows about seven times per N; this grows about half as fast, so it takes
 * over from search.c above a size (count.c chooses). It counts all solutions, or those with a
 * pinned queen (without the symmetries: search.c, with the pin near the top, is faster there);
 * the unique count comes from the boards a symmetry keeps (nq/symmetry.h). The quarter tables grow
 * with N: NQ_HALVES_MAX_N bounds them (see nq_halves_table_bytes()).
 */
#ifndef NQ_HALVES_H
#define NQ_HALVES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/count.h"
#include "nq/progress.h"
#include "search.h"

/* The sizes this counter takes: from 6 (below, a half board is too small to split) to 24, whose
 * quarter table takes 5.1 GB (nq_halves_table_bytes()); 25 would hold it and up to four filtered
 * copies of it at once, beyond 16 GB. Keys of 4q - 2 bits fit the matching's 48. */
enum { NQ_HALVES_MIN_N = 6, NQ_HALVES_MAX_N = 24 };

/* The subproblems of the count of the n x n board (NQ_HALVES_MIN_N <= n <= NQ_HALVES_MAX_N) with
 * a queen on *pin (NULL: all solutions): one split of the rows between the left and right half
 * boards each, for each placement of an odd board's middle queens. Listed here; the quarter
 * table is built by nq_halves_split_prepare(). The caller frees it with nq_halves_split_free().
 * Any thread. */
typedef struct nq_halves_split nq_halves_split;
nq_halves_split *nq_halves_split_new(int n, const nq_square *pin);
void nq_halves_split_free(nq_halves_split *split);
uint64_t nq_halves_split_parts(const nq_halves_split *split);

/* Builds the quarter table once and gives its figures; as nq_count_split_prepare() says. */
bool nq_halves_split_prepare(nq_halves_split *split, const nq_run *run, nq_count_figures *setup);

/* Counts the subproblems source gives (NULL: all) as nq_count_split_run() says (nq/count.h); the
 * figures' unique is 0. */
bool nq_halves_split_run(nq_halves_split *split, const nq_count_source *source, const nq_run *run,
                         nq_count_figures *sum);

/* Counts the solutions of the n x n board, NQ_HALVES_MIN_N <= n <= NQ_HALVES_MAX_N, that have a
 * queen on *pin (NULL: all solutions), on run->threads threads. The result's nodes are the
 * partial boards it built (quarters and half boards) and its dead ends the pairs it tried that
 * did not fit (of quarters into a half board, of half boards into a solution); unique is 0.
 * Progress reports carry the running total in `found` and the share of subproblems (one split
 * of the rows between the board's left and right halves each) in parts_done / parts. Any thread;
 * every helper thread is joined before it returns. */
nq_search_result nq_halves_count(int n, const nq_square *pin, const nq_run *run);

/* The bytes of the quarter table nq_halves_count(n) builds. It holds more besides: for odd n up
 * to four copies of the entries the middle queens leave open, and about 1 MB of matching
 * tables a thread with its half boards' keys. Any thread. */
size_t nq_halves_table_bytes(int n);

/* Whether a count started now uses the AVX-512 kernels: the processor has them (AVX-512F,
 * VPOPCNTDQ, and BW and VBMI, whose byte tests and shuffles make the bit slices, and BMI2's bit
 * gather, which nq_match_cut()'s groups use) and the tests have not asked for the portable ones
 * (nq_halves_portable_kernel()). Any thread. */
bool nq_halves_fast_kernels(void);

/* Makes later counts match half boards with the portable kernel even where the processor has
 * AVX-512 (true), or the fastest one it has (false, the default). For the tests, which compare
 * the two; not to be called while a count runs. */
void nq_halves_portable_kernel(bool portable);

#endif
