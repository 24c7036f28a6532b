/*
 * matchkit.h -- what the two ways of matching half boards' keys share: the count of pairs
 * (match.c) and the pairs key by key (match_each.c). The bit slices, their tables, the cut into
 * groups and the choice between slices and pair by pair are match.c's; match_each.c uses them.
 * Private to those two files.
 */
#ifndef NQ_MATCHKIT_H
#define NQ_MATCHKIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <immintrin.h>

#include "match.h"

/* Keys of one side are sliced in blocks of BLOCK_WORDS words (64 keys a word). A block's tables
 * hold at most MAX_ROWS rows of its words (1 MB), so that they stay in the second-level cache;
 * its chunks are at most MAX_CHUNK_BITS wide, as wide as the number of queries pays for (see
 * nq_match_layout()). Sides of 2^GROUP_PAIRS_LOG pairs or more are grouped by some of their bits,
 * chosen for the two sides at hand (nq_match_cut()): the count of pairs (match.c) by
 * COUNT_CUT_BITS (128 groups), from 2^DEEP_PAIRS_LOG pairs by COUNT_CUT_BITS_DEEP (256); the pairs
 * key by key (match_each.c), which match group by group, by CUT_BITS (16) and CUT_BITS_DEEP (64).
 * Groups and sides where the tables would cost more than they save are matched pair by pair
 * (nq_match_slicing_pays()). */
enum {
    BLOCK_WORDS = 32,
    MAX_KEY_BITS = 48,
    MAX_CHUNK_BITS = 10,
    MAX_CHUNKS = 12,
    MAX_ROWS = 4096,
    GROUP_PAIRS_LOG = 26,
    DEEP_PAIRS_LOG = 32,
    SLICE_PAIRS_AT_LEAST = 1 << 12,
    CUT_BITS = 4,                         /* the bits a group of the pairs key by key is made of */
    CUT_BITS_DEEP = 6,                    /* the same from 2^DEEP_PAIRS_LOG pairs */
    COUNT_CUT_BITS = 7,                   /* the bits a group of the count of pairs is made of */
    COUNT_CUT_BITS_DEEP = 8,              /* the same from 2^DEEP_PAIRS_LOG pairs */
    CUT_BITS_MAX = COUNT_CUT_BITS_DEEP,
    CUT_GROUPS = 1 << CUT_BITS_MAX
};

/* The bits of a key that make its group (`group`, at most CUT_BITS_MAX of them; group bit i is
 * the i-th lowest of them) and the ones it keeps, moved down over them (`keep`, `bits` of them:
 * the others but those one of the two sides never has, which meet nothing). */
typedef struct cut {
    uint64_t group, keep;
    int bits;
    unsigned char sequence[CUT_GROUPS]; /* the groups in the order their keys are laid out */
} cut;

/* The cut of `group_bits` bits (at most CUT_BITS_MAX) for matching the keys of `sliced` with
 * those of `queries` (keys of key_bits bits): the bits whose share of the pairs both sides' keys
 * have, judged from a sample of each, is largest, so that the groups that can meet leave out the
 * most pairs; its sequence is every group once, each next to groups whose bits are its own but
 * one. The same sides give the same cut. */
cut nq_match_cut(const keys *sliced, const keys *queries, int key_bits, int group_bits);

typedef void cut_fn(const cut *, const uint64_t *, size_t, uint64_t *, unsigned char *);

/* How a block's tables cut the keys: chunk i is bits shift[i] to shift[i] + bits[i] - 1, its
 * table the rows first[i] to first[i] + 2^bits[i] - 1. */
typedef struct layout {
    int chunks;
    int shift[MAX_CHUNKS], bits[MAX_CHUNKS], first[MAX_CHUNKS];
    int rows;
} layout;

/* The chunks for keys of key_bits bits and `queries` queries a block, as cost least. */
layout nq_match_layout(int key_bits, size_t queries);

/* A block's bit slices and tables, aligned to cache lines: a table's rows are whole lines of
 * eight words (stride_of()), so that a row of eight words is read in one line. */
typedef struct matcher {
    _Alignas(64) uint64_t slices[MAX_KEY_BITS][BLOCK_WORDS];
    _Alignas(64) uint64_t tables[MAX_ROWS * BLOCK_WORDS]; /* row r at r * stride_of(words) */
} matcher;

/* The words between two rows of a table of `words` words: whole groups of eight. */
/* The bits of a key of key_bits bits: those above are the caller's (nq_matcher_each()). */
static inline uint64_t nq_match_key_mask(int key_bits)
{
    return (UINT64_C(1) << key_bits) - 1;
}

static inline size_t stride_of(int words)
{
    return (size_t)(words + 7) / 8 * 8;
}

/* Where each chunk of a query's key finds its row of the tables, into row[0..chunks-1]: the
 * portable look-up, as every portable kernel makes it. */
static inline void nq_match_rows(const matcher *m, const layout *l, int words, uint64_t query, const uint64_t **row)
{
    for (int c = 0; c < l->chunks; c++)
        row[c] = m->tables + (size_t)(l->first[c] + (int)(query >> l->shift[c] & ((1u << l->bits[c]) - 1))) *
                                 stride_of(words);
}

/* Word w of the OR of a query's rows: the keys it meets. */
static inline uint64_t nq_match_met(const uint64_t *const *row, int chunks, int w)
{
    uint64_t met = 0;
    for (int c = 0; c < chunks; c++)
        met |= row[c][w];
    return met;
}

/* What the AVX-512 kernels need to find the rows of eight queries at once: each chunk's shift,
 * mask and first row, and the stride between rows. */
typedef struct row_finder {
    __m512i shift[MAX_CHUNKS], low[MAX_CHUNKS], first[MAX_CHUNKS], stride;
} row_finder;

__attribute__((target("avx512f"))) static inline void nq_match_finder(const layout *l, int words, int chunks,
                                                                      row_finder *f)
{
    f->stride = _mm512_set1_epi64((long long)stride_of(words));
    for (int c = 0; c < chunks; c++) {
        f->shift[c] = _mm512_set1_epi64(l->shift[c]);
        f->low[c] = _mm512_set1_epi64((1 << l->bits[c]) - 1);
        f->first[c] = _mm512_set1_epi64((long long)((size_t)l->first[c] * stride_of(words)));
    }
}

/* The offsets of the rows of the `here` (at most 8) queries from queries[0], by chunk: offset[c][k]
 * is query k's row of chunk c. Inlined where chunks is a constant, so the loop unrolls. */
__attribute__((target("avx512f"))) static inline void nq_match_offsets(const row_finder *f, int chunks,
                                                                       const uint64_t *queries, size_t here,
                                                                       uint64_t (*offset)[8])
{
    __m512i key = _mm512_maskz_loadu_epi64((__mmask8)((1u << here) - 1), queries);
    for (int c = 0; c < chunks; c++) {
        __m512i value = _mm512_and_si512(_mm512_srlv_epi64(key, f->shift[c]), f->low[c]);
        _mm512_store_si512(offset[c], _mm512_add_epi64(f->first[c], _mm512_mul_epu32(value, f->stride)));
    }
}

/* The keys of a block a call of the query kernel matches (a NULL mask: all its words' keys): bit
 * i of word w is key 64 w + i, and the groups of eight words with any key are listed, the others
 * left out. */
typedef struct block_mask {
    _Alignas(64) uint64_t words[BLOCK_WORDS];
    unsigned char eights[BLOCK_WORDS / 8];
    int eight_count;
} block_mask;

typedef uint64_t partners_fn(const matcher *, const layout *, int, const block_mask *, const uint64_t *, size_t);

/* A side's keys split by group (match.c). */
typedef struct grouped grouped;

/* The kernels a count uses: AVX-512 ones or portable ones (the bit gathers: BMI2's or portable). */
typedef struct kernels {
    partners_fn *partners;
    uint64_t (*pairs)(const uint64_t *, size_t, const uint64_t *, size_t);
    void (*slice)(matcher *, int, const uint64_t *, size_t, int);
    void (*tables)(matcher *, const layout *, int);
    cut_fn *cut;
    void (*group)(const cut *, const keys *, keys *, unsigned char *, grouped *);
} kernels;


/* Slices the block of sliced keys from `base` (at most 64 * BLOCK_WORDS of them, *count) and
 * builds its tables in m; returns the words a slice has: whole groups of eight, since masked
 * reads of a part of a group cost more than reading padding keys, which stay zero. */
static inline int nq_match_block(matcher *m, const kernels *kernel, const layout *l, int key_bits,
                                 const uint64_t *sliced, size_t sliced_count, size_t base, size_t *count)
{
    *count = sliced_count - base < 64 * BLOCK_WORDS ? sliced_count - base : 64 * BLOCK_WORDS;
    int words = (int)((*count + 511) / 512 * 8);
    kernel->slice(m, key_bits, sliced + base, *count, words);
    kernel->tables(m, l, words);
    return words;
}

/* Whether matching `count` sliced keys of key_bits bits with `queries` keys through bit slices
 * costs less than pair by pair (match.c says how it is measured). */
bool nq_match_slicing_pays(int key_bits, size_t count, size_t queries);

/* One side's keys cut and sorted by group for nq_matcher_each(): keys[first[g]..first[g + 1] - 1]
 * are group g's, index[i] is where key i stood on its side, and counts[i] its pairs so far. */
typedef struct each_side {
    keys keys;
    uint32_t *index, *counts;
    size_t first[CUT_GROUPS + 1];
} each_side;

struct nq_matcher {
    matcher m;
    kernels kernel;
    keys sorted[2];         /* the sliced and the query keys by group */
    unsigned char *groups;  /* the cut keys' groups */
    size_t group_room;
    int group_from[2];      /* grouped from 2^[0] pairs, more finely from 2^[1] (the bits above) */
    each_side each_sides[2]; /* nq_matcher_each()'s sliced and query keys by group */
    bool fast;               /* the AVX-512 kernels */
    struct each_sink *sink;  /* nq_matcher_each()'s pairs found (match_each.c), NULL until then */
};

#endif
