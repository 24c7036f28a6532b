/*
 * match.c -- matching the keys of left and right half boards (match.h). One side's keys become
 * bit slices: for each bit, a bitmap over the keys that have it. A key of the other side meets
 * exactly the union of the bitmaps of its bits, so its partners are the zeros of that union. The
 * union comes from tables of every union of the bitmaps of a chunk of the key's bits, so each
 * word of 64 partners costs an OR per chunk and a popcount; AVX-512 does eight words at once
 * where the processor has it. Sides too small for that are matched pair by pair.
 */
#include "match.h"

#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

#include "nq/alloc.h"

void nq_keys_reserve(keys *out, size_t more)
{
    if (out->size + more > out->capacity) {
        out->capacity = out->capacity * 2 > out->size + more ? out->capacity * 2 : out->size + more + 4096;
        out->items = nq_alloc_check(realloc(out->items, sizeof *out->items * out->capacity));
    }
}

/* Keys of one side are sliced in blocks of BLOCK_WORDS words (64 keys a word), so that the
 * tables of one block (CHUNKS x 512 x BLOCK_WORDS words) stay in the second-level cache. Sides
 * with fewer than SMALL_PAIRS pairs are matched pair by pair at once; groups with fewer than
 * SLICE_PAIRS pairs too, where building the tables would cost more than it saves. */
enum {
    BLOCK_WORDS = 32,
    CHUNK_BITS = 9,
    CHUNK_VALUES = 1 << CHUNK_BITS,
    MAX_KEY_BITS = 48,
    CHUNKS = (MAX_KEY_BITS + CHUNK_BITS - 1) / CHUNK_BITS,
    SMALL_PAIRS = 1 << 18,
    SLICE_PAIRS = 1 << 19,
    CUT_BITS = 2,
    CUT_GROUPS = 1 << CUT_BITS
};

/* A side's keys split by group: group g's are items[g][0..count[g]-1]. A key's group is its bits
 * on the two longest diagonals, bits 3q - 2 and q - 1 of the key (see disjoint_pairs()). */
typedef struct grouped {
    const uint64_t *items[CUT_GROUPS];
    size_t count[CUT_GROUPS];
} grouped;

typedef struct matcher {
    uint64_t slices[MAX_KEY_BITS][BLOCK_WORDS];
    uint64_t tables[CHUNKS][CHUNK_VALUES][BLOCK_WORDS];
} matcher;

/* The values a chunk of keys of key_bits bits takes: a last chunk narrower than CHUNK_BITS takes
 * fewer, and its table is built and read only that far. */
static int chunk_values(int c, int key_bits)
{
    int bits = key_bits - c * CHUNK_BITS;
    return bits >= CHUNK_BITS ? CHUNK_VALUES : 1 << bits;
}

/* m's tables from its slices of keys of key_bits bits: tables[c][v] is the OR of the slices of
 * the bits of v, chunk c's bits, over the first `words` words. The portable kernel. */
static void tables_portable(matcher *m, int key_bits, int words)
{
    for (int c = 0; c * CHUNK_BITS < key_bits; c++) {
        memset(m->tables[c][0], 0, sizeof(uint64_t) * (size_t)words);
        for (int v = 1; v < chunk_values(c, key_bits); v++) {
            const uint64_t *rest = m->tables[c][v & (v - 1)];
            const uint64_t *slice = m->slices[c * CHUNK_BITS + __builtin_ctz((unsigned)v)];
            for (int w = 0; w < words; w++)
                m->tables[c][v][w] = rest[w] | slice[w];
        }
    }
}

/* The same with AVX-512: eight words an instruction (words is a multiple of 8 here). */
__attribute__((target("avx512f"))) static void tables_avx512(matcher *m, int key_bits, int words)
{
    for (int c = 0; c * CHUNK_BITS < key_bits; c++) {
        memset(m->tables[c][0], 0, sizeof(uint64_t) * (size_t)words);
        for (int v = 1; v < chunk_values(c, key_bits); v++) {
            const uint64_t *rest = m->tables[c][v & (v - 1)];
            const uint64_t *slice = m->slices[c * CHUNK_BITS + __builtin_ctz((unsigned)v)];
            for (int w = 0; w < words; w += 8)
                _mm512_storeu_si512(m->tables[c][v] + w,
                                    _mm512_or_si512(_mm512_loadu_si512(rest + w), _mm512_loadu_si512(slice + w)));
        }
    }
}

/* Sum over the queries of the zeros among the first `words` words of the OR of their chunks'
 * table rows: the portable kernel. */
static uint64_t partners_portable(const matcher *m, int chunks, int words, const uint64_t *queries, size_t count)
{
    uint64_t hits = 0;
    for (size_t i = 0; i < count; i++) {
        const uint64_t *row[CHUNKS];
        for (int c = 0; c < chunks; c++)
            row[c] = m->tables[c][(queries[i] >> (c * CHUNK_BITS)) & (CHUNK_VALUES - 1)];
        for (int w = 0; w < words; w++) {
            uint64_t met = 0;
            for (int c = 0; c < chunks; c++)
                met |= row[c][w];
            hits += (uint64_t)__builtin_popcountll(~met);
        }
    }
    return hits;
}

/* The same with AVX-512: eight words an instruction (words is a multiple of 8 here). */
__attribute__((target("avx512f,avx512vpopcntdq"))) static uint64_t partners_avx512(const matcher *m, int chunks,
                                                                                 int words, const uint64_t *queries,
                                                                                 size_t count)
{
    __m512i total = _mm512_setzero_si512();
    for (size_t i = 0; i < count; i++) {
        const uint64_t *row[CHUNKS];
        for (int c = 0; c < chunks; c++)
            row[c] = m->tables[c][(queries[i] >> (c * CHUNK_BITS)) & (CHUNK_VALUES - 1)];
        for (int w = 0; w < words; w += 8) {
            __m512i met = _mm512_loadu_si512(row[0] + w);
            for (int c = 1; c < chunks; c++)
                met = _mm512_or_si512(met, _mm512_loadu_si512(row[c] + w));
            total = _mm512_add_epi64(total, _mm512_popcnt_epi64(_mm512_xor_si512(met, _mm512_set1_epi64(-1))));
        }
    }
    return (uint64_t)_mm512_reduce_add_epi64(total);
}

/* The pairs of a[0..a_count-1] and b[0..b_count-1] with no bit in common, pair by pair: for
 * sides too small to slice. The portable kernel. */
static uint64_t pairs_portable(const uint64_t *a, size_t a_count, const uint64_t *b, size_t b_count)
{
    uint64_t total = 0;
    for (size_t i = 0; i < a_count; i++)
        for (size_t k = 0; k < b_count; k++)
            total += (a[i] & b[k]) == 0;
    return total;
}

/* The same with AVX-512: eight of b an instruction, four of a at a time sharing each load of
 * b, the fitting pairs counted in vector lanes (no mask leaves the vector unit in the loop). */
__attribute__((target("avx512f"))) static uint64_t pairs_avx512(const uint64_t *a, size_t a_count,
                                                                const uint64_t *b, size_t b_count)
{
    size_t whole = b_count / 8 * 8;
    __mmask8 tail = (__mmask8)((1u << (b_count - whole)) - 1);
    __m512i one = _mm512_set1_epi64(1), total = _mm512_setzero_si512();
    size_t i = 0;
    for (; i + 4 <= a_count; i += 4) {
        __m512i x0 = _mm512_set1_epi64((long long)a[i]), x1 = _mm512_set1_epi64((long long)a[i + 1]);
        __m512i x2 = _mm512_set1_epi64((long long)a[i + 2]), x3 = _mm512_set1_epi64((long long)a[i + 3]);
        __m512i t0 = _mm512_setzero_si512(), t1 = _mm512_setzero_si512();
        for (size_t k = 0; k < b_count; k += 8) {
            __mmask8 in = k < whole ? 0xff : tail;
            __m512i y = _mm512_maskz_loadu_epi64(in, b + k);
            t0 = _mm512_mask_add_epi64(t0, _mm512_mask_testn_epi64_mask(in, x0, y), t0, one);
            t1 = _mm512_mask_add_epi64(t1, _mm512_mask_testn_epi64_mask(in, x1, y), t1, one);
            t0 = _mm512_mask_add_epi64(t0, _mm512_mask_testn_epi64_mask(in, x2, y), t0, one);
            t1 = _mm512_mask_add_epi64(t1, _mm512_mask_testn_epi64_mask(in, x3, y), t1, one);
        }
        total = _mm512_add_epi64(total, _mm512_add_epi64(t0, t1));
    }
    for (; i < a_count; i++) {
        __m512i x = _mm512_set1_epi64((long long)a[i]);
        for (size_t k = 0; k < b_count; k += 8) {
            __mmask8 in = k < whole ? 0xff : tail;
            __m512i y = _mm512_maskz_loadu_epi64(in, b + k);
            total = _mm512_mask_add_epi64(total, _mm512_mask_testn_epi64_mask(in, x, y), total, one);
        }
    }
    return (uint64_t)_mm512_reduce_add_epi64(total);
}

typedef uint64_t partners_fn(const matcher *, int, int, const uint64_t *, size_t);

/* The kernels a count uses: AVX-512 ones or portable ones. */
typedef struct kernels {
    partners_fn *partners;
    uint64_t (*pairs)(const uint64_t *, size_t, const uint64_t *, size_t);
    void (*group)(int, const keys *, keys *, grouped *);
    void (*tables)(matcher *, int, int);
} kernels;

/* The pairs of a key of sliced[0..sliced_count-1] and a key of queries[0..query_count-1] with
 * no bit in common, through bit slices of blocks of the sliced keys. */
static uint64_t sliced_pairs(matcher *m, const kernels *kernel, int key_bits, const uint64_t *sliced,
                             size_t sliced_count, const uint64_t *const *queries, const size_t *query_counts,
                             int query_groups)
{
    uint64_t total = 0;
    int chunks = (key_bits + CHUNK_BITS - 1) / CHUNK_BITS;
    for (size_t base = 0; base < sliced_count; base += 64 * BLOCK_WORDS) {
        size_t count = sliced_count - base < 64 * BLOCK_WORDS ? sliced_count - base : 64 * BLOCK_WORDS;
        int words = (int)((count + 511) / 512 * 8); /* whole eight-word groups; the rest stay zero */
        for (int b = 0; b < key_bits; b++)
            memset(m->slices[b], 0, sizeof(uint64_t) * (size_t)words);
        for (size_t i = 0; i < count; i++)
            for (uint64_t k = sliced[base + i]; k; k &= k - 1)
                m->slices[__builtin_ctzll(k)][i / 64] |= UINT64_C(1) << (i % 64);
        kernel->tables(m, key_bits, words);
        /* Every query misses the padding keys past `count`: take them off. */
        for (int g = 0; g < query_groups; g++)
            if (query_counts[g])
                total += kernel->partners(m, chunks, words, queries[g], query_counts[g]) -
                         (uint64_t)(64 * (size_t)words - count) * query_counts[g];
    }
    return total;
}

/* in's keys into out by group in one pass: group g's go to out's region g, which starts at
 * g * (in->size + 8) (room for a whole vector store past the last key). The portable kernel. */
static void group_portable(int q, const keys *in, keys *out, grouped *g)
{
    size_t stride = in->size + 8;
    out->size = 0;
    nq_keys_reserve(out, CUT_GROUPS * stride);
    uint64_t *next[CUT_GROUPS];
    for (int k = 0; k < CUT_GROUPS; k++)
        next[k] = out->items + (size_t)k * stride;
    int low = q - 1, high = 3 * q - 3; /* bit 3q - 2 lands on bit 1 of the group */
    for (size_t i = 0; i < in->size; i++) {
        uint64_t key = in->items[i];
        *next[(key >> low & 1) | (key >> high & 2)]++ = key;
    }
    for (int k = 0; k < CUT_GROUPS; k++) {
        g->items[k] = out->items + (size_t)k * stride;
        g->count[k] = (size_t)(next[k] - g->items[k]);
    }
}

/* The same with AVX-512: eight keys an instruction, each group's compressed in a register and
 * stored whole. */
__attribute__((target("avx512f"))) static void group_avx512(int q, const keys *in, keys *out, grouped *g)
{
    size_t stride = in->size + 8;
    out->size = 0;
    nq_keys_reserve(out, CUT_GROUPS * stride);
    uint64_t *next[CUT_GROUPS];
    for (int k = 0; k < CUT_GROUPS; k++)
        next[k] = out->items + (size_t)k * stride;
    uint64_t low = UINT64_C(1) << (q - 1), high = UINT64_C(1) << (3 * q - 2);
    __m512i cut = _mm512_set1_epi64((long long)(low | high)), value[CUT_GROUPS];
    value[0] = _mm512_setzero_si512();
    value[1] = _mm512_set1_epi64((long long)low);
    value[2] = _mm512_set1_epi64((long long)high);
    value[3] = cut;
    for (size_t i = 0; i < in->size; i += 8) {
        __mmask8 in_range = (__mmask8)(in->size - i >= 8 ? 0xffu : (1u << (in->size - i)) - 1);
        __m512i key = _mm512_maskz_loadu_epi64(in_range, in->items + i);
        __m512i bits = _mm512_and_si512(key, cut);
        for (int k = 0; k < CUT_GROUPS; k++) {
            __mmask8 of = _mm512_mask_cmpeq_epi64_mask(in_range, bits, value[k]);
            _mm512_storeu_si512(next[k], _mm512_maskz_compress_epi64(of, key));
            next[k] += __builtin_popcount(of);
        }
    }
    for (int k = 0; k < CUT_GROUPS; k++) {
        g->items[k] = out->items + (size_t)k * stride;
        g->count[k] = (size_t)(next[k] - g->items[k]);
    }
}

/* The pairs of a key of `sliced` (the smaller side) and a key of `queries` with no bit in
 * common. Both sides are first split into groups by their bits on the diagonals most often
 * taken (the longest ones, where the two halves meet most): a group is matched only with the
 * groups of the other side that share none of those bits, which leaves out about half of all
 * pairs. Small groups are matched pair by pair, large ones through bit slices. */
static uint64_t disjoint_pairs(matcher *m, const kernels *kernel, int q, int key_bits, const keys *sliced,
                               const keys *queries, keys sorted[2])
{
    if (sliced->size * queries->size < SMALL_PAIRS)
        return kernel->pairs(queries->items, queries->size, sliced->items, sliced->size);
    grouped side, other;
    kernel->group(q, sliced, &sorted[0], &side);
    kernel->group(q, queries, &sorted[1], &other);
    uint64_t total = 0;
    for (unsigned g = 0; g < CUT_GROUPS; g++) {
        size_t count = side.count[g];
        if (!count)
            continue;
        const uint64_t *group = side.items[g];
        const uint64_t *group_queries[CUT_GROUPS];
        size_t group_counts[CUT_GROUPS], matched = 0;
        int groups = 0;
        for (unsigned h = 0; h < CUT_GROUPS; h++)
            if (!(g & h) && other.count[h]) {
                group_queries[groups] = other.items[h];
                group_counts[groups++] = other.count[h];
                matched += other.count[h];
            }
        if (count * matched >= SLICE_PAIRS)
            total += sliced_pairs(m, kernel, key_bits, group, count, group_queries, group_counts, groups);
        else
            for (int h = 0; h < groups; h++)
                total += kernel->pairs(group_queries[h], group_counts[h], group, count);
    }
    return total;
}

struct nq_matcher {
    matcher m;
    kernels kernel;
    keys sorted[2]; /* the sliced and the query keys by group */
};

nq_matcher *nq_matcher_new(bool fast)
{
    nq_matcher *m = nq_alloc_check(calloc(1, sizeof *m));
    m->kernel = (kernels){fast ? partners_avx512 : partners_portable, fast ? pairs_avx512 : pairs_portable,
                          fast ? group_avx512 : group_portable, fast ? tables_avx512 : tables_portable};
    return m;
}

void nq_matcher_free(nq_matcher *m)
{
    if (!m)
        return;
    free(m->sorted[0].items);
    free(m->sorted[1].items);
    free(m);
}

uint64_t nq_matcher_count(nq_matcher *m, int q, const keys *a, const keys *b)
{
    bool a_sliced = a->size <= b->size;
    return disjoint_pairs(&m->m, &m->kernel, q, 4 * q - 2, a_sliced ? a : b, a_sliced ? b : a, m->sorted);
}
