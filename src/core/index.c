/*
 * index.c -- random access over a lexicographic count with many prefixes (lexcount.c). Behind
 * its frontier, counts[i] is the number of solutions before prefix i; everything here reads only
 * behind the frontier, and counts inside one subtree with lexcount's own count below a row.
 * The unique index is the same over a canonical count: "solution" below means what the count
 * counts, and the walks pass the columns placed so that its count below can test whole boards.
 */
#include "nq/index.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "check.h"
#include "lexcount.h"
#include "nq/symmetry.h"

/* Prefixes for random access: deep enough that one subtree holds a few hundred solutions at
 * most for N up to 18. */
enum { INDEX_PREFIX_TARGET = 1 << 17 };

/* The unique index's: its rules thin the first rows (the top queen left of the middle, ...), so
 * for the same target its listing would stop a row deeper than the full index's, holding five
 * times the memory (20 MB for N = 17) for no gain: the subtrees are as deep as the full index's
 * with a quarter of the target, and far thinner. */
enum { INDEX_UNIQUE_PREFIX_TARGET = INDEX_PREFIX_TARGET / 4 };

/* From here on, without a pinned queen, the subtrees below the prefixes grow large enough for
 * counting them to show, so the index also keeps the counts one row deeper. Below it the fill
 * does without: at N = 17 and 18 that level is 3.7 and 5.8 million slots a thread, whose adds
 * miss the caches and took a fifth of the fill, while the K-th solution found without it takes
 * 0.1 ms and 0.4 ms (median; 0.5 and 1.8 ms at worst), not 0.02 and 0.06. A pinned queen keeps
 * subtrees small. The unique index, filled by rows, keeps them from 17, where its subtrees'
 * counts would show. */
enum { INDEX_CHILDREN_MIN_N = 19, INDEX_UNIQUE_CHILDREN_MIN_N = 17 };

struct nq_index {
    nq_lexcount lex;
};

nq_index *nq_index_create(int n, const nq_square *first)
{
    nq_index *index = NQ_CHECK_ALLOC(malloc(sizeof *index));
    nq_lexcount_build(&index->lex, n, first, INDEX_PREFIX_TARGET, !first && n >= INDEX_CHILDREN_MIN_N);
    return index;
}

nq_index *nq_index_create_unique(int n)
{
    nq_index *index = NQ_CHECK_ALLOC(malloc(sizeof *index));
    nq_lexcount_build_canonical(&index->lex, n, INDEX_UNIQUE_PREFIX_TARGET, n >= INDEX_UNIQUE_CHILDREN_MIN_N);
    return index;
}

bool nq_index_fill(nq_index *index, const nq_run *run)
{
    return nq_lexcount_fill(&index->lex, run);
}

nq_index *nq_index_build(int n, const nq_square *first, int threads)
{
    nq_index *index = nq_index_create(n, first);
    nq_run run = {.threads = threads};
    NQ_CHECK(nq_index_fill(index, &run));
    return index;
}

void nq_index_free(nq_index *index)
{
    if (!index)
        return;
    nq_lexcount_free(&index->lex);
    free(index);
}

uint64_t nq_index_known(const nq_index *index)
{
    return nq_lexcount_progress(&index->lex).solutions;
}

nq_progress nq_index_progress(const nq_index *index)
{
    return nq_lexcount_progress(&index->lex);
}

size_t nq_index_bytes(const nq_index *index)
{
    return sizeof *index + nq_lexcount_bytes(&index->lex);
}

bool nq_index_unrank(const nq_index *index, uint64_t k, int *cols)
{
    const nq_lexcount *lex = &index->lex;
    /* Known first, then the frontier: then every one of the known solutions lies before it. */
    uint64_t known = nq_index_known(index);
    size_t frontier = nq_lexcount_frontier(lex);
    if (k < 1 || k > known || frontier == 0)
        return false;
    /* The last final prefix with fewer than k solutions before it holds the k-th: the next one
     * (if final) has at least k before it, and otherwise known >= k ends this one's subtree. */
    const uint64_t *before = lex->counts;
    size_t lo = 0, hi = frontier;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (before[mid] < k)
            lo = mid;
        else
            hi = mid;
    }
    /* Below the prefix, row by row: skip whole subtrees by their counts, in column order, until
     * the one that holds the k-th; the first row's counts are kept, the others are counted, and
     * that counting stops at the subtree that holds it. */
    k -= before[lo];
    nq_attacks a = nq_lexcount_prefix_attacks(lex, lo, cols);
    const uint64_t *allowed = nq_lexcount_allowed(lex, cols);
    const uint32_t *kept = lex->child_counts ? lex->child_counts + lex->first_child[lo] : NULL;
    for (int row = lex->depth; row < lex->n; row++) {
        uint64_t open = nq_attacks_open(a, allowed[row]);
        for (;;) {
            NQ_CHECK(open);
            uint64_t bit = open & (0u - open);
            open ^= bit;
            nq_attacks next = nq_attacks_next(a, bit);
            cols[row] = nq_lowest_column(bit);
            uint64_t below = kept ? *kept++ : nq_lexcount_below(lex, row + 1, next, cols);
            if (k <= below) {
                a = next;
                break;
            }
            k -= below;
        }
        kept = NULL;
    }
    return true;
}

uint64_t nq_index_rank(const nq_index *index, const int *cols)
{
    const nq_lexcount *lex = &index->lex;
    if (!nq_verify(lex->n, cols, lex->has_first ? &lex->first : NULL, NULL))
        return 0;
    if (lex->canonical && !nq_symmetry_is_canonical(lex->n, cols))
        return 0; /* not the smallest of its class */
    size_t frontier = nq_lexcount_frontier(lex);
    size_t i = nq_lexcount_find(lex, cols);
    if (i >= frontier)
        return 0;
    /* The solutions before it below the prefix: those of the subtrees left of its path. */
    uint64_t k = lex->counts[i] + 1;
    int path[NQ_MAX_N]; /* cols, but for the square tried in the row being walked */
    memcpy(path, cols, (size_t)lex->n * sizeof *path);
    nq_attacks a = nq_lexcount_prefix_attacks(lex, i, path);
    const uint64_t *allowed = nq_lexcount_allowed(lex, cols);
    const uint32_t *kept = lex->child_counts ? lex->child_counts + lex->first_child[i] : NULL;
    for (int row = lex->depth; row < lex->n; row++) {
        uint64_t left = nq_attacks_open(a, allowed[row]) & ((UINT64_C(1) << cols[row]) - 1);
        while (left) {
            uint64_t bit = left & (0u - left);
            left ^= bit;
            path[row] = nq_lowest_column(bit);
            k += kept ? *kept++ : nq_lexcount_below(lex, row + 1, nq_attacks_next(a, bit), path);
        }
        path[row] = cols[row];
        kept = NULL;
        a = nq_attacks_next(a, UINT64_C(1) << cols[row]);
    }
    return k;
}
