/*
 * match.c -- matching the keys of left and right half boards (match.h). Both sides are first
 * split into groups by their bits on the diagonals most often taken (the longest ones, where the
 * two halves meet most): a group meets only the other side's groups that share none of those
 * bits, which leaves out most pairs, and its keys lose those bits. Then one side's keys become
 * bit slices: for each bit, a bitmap over the keys that have it. A key of the other side meets
 * exactly the union of the bitmaps of its bits, so its partners are the zeros of that union. The
 * union comes from tables of every union of the bitmaps of a chunk of the key's bits, so each
 * word of 64 partners costs an OR per chunk and a popcount; AVX-512 does eight words at once
 * where the processor has it. Groups too small for that are matched pair by pair.
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

/* Keys of one side are sliced in blocks of BLOCK_WORDS words (64 keys a word). A block's tables
 * hold at most MAX_ROWS rows of its words (1 MB), so that they stay in the second-level cache;
 * its chunks are at most MAX_CHUNK_BITS wide, as wide as the number of queries pays for (see
 * chunk_layout()). Sides with fewer than SMALL_PAIRS pairs are matched pair by pair at once;
 * groups too, where building the tables would cost more than it saves (slicing_pays()). */
enum {
    BLOCK_WORDS = 32,
    MAX_KEY_BITS = 48,
    MAX_CHUNK_BITS = 10,
    MAX_CHUNKS = 12,
    MAX_ROWS = 4096,
    SMALL_PAIRS = 1 << 18,
    SLICE_PAIRS_AT_LEAST = 1 << 12,
    CUT_RUN = 2,                      /* the cut bits of each direction of diagonals */
    CUT_GROUPS = 1 << (2 * CUT_RUN) /* 16 */
};

/* Where a key's cut bits are: a run of CUT_RUN bits of each direction's `width` bits (4q - 2 bits
 * in all), on the longest diagonals: those through the middle of the half boards' edge, bits
 * q - 1 and 3q - 2 of the key, and their neighbours. */
typedef struct cut {
    int low;   /* the first cut bit of the d1 diagonals (the d2 ones: low + width) */
    int width; /* 2q - 1 */
    int bits;  /* the bits a key keeps, 4q - 2 - 2 CUT_RUN */
} cut;

static cut cut_of(int q)
{
    int width = 2 * q - 1;
    return (cut){q - 1 - CUT_RUN / 2, width, 2 * width - 2 * CUT_RUN};
}

/* A key's group: its d1 cut bits, then its d2 ones. */
static unsigned group_of(const cut *c, uint64_t key)
{
    uint64_t run = (UINT64_C(1) << CUT_RUN) - 1;
    return (unsigned)((key >> c->low & run) | (key >> (c->low + c->width) & run) << CUT_RUN);
}

/* The key without its cut bits: those above each run move down over it. */
static uint64_t key_without_cut(const cut *c, uint64_t key)
{
    int high = c->low + c->width;
    uint64_t below_high = (UINT64_C(1) << high) - 1, below_low = (UINT64_C(1) << c->low) - 1;
    key = (key & below_high) | (key >> CUT_RUN & ~below_high);
    return (key & below_low) | (key >> CUT_RUN & ~below_low);
}

/* A side's keys split by group, without their cut bits: group g's are items[g][0..count[g]-1]. */
typedef struct grouped {
    const uint64_t *items[CUT_GROUPS];
    size_t count[CUT_GROUPS];
} grouped;

/* in's keys into out by group (out is reused), in two passes: count, then place. */
static void group_keys(const cut *c, const keys *in, keys *out, grouped *g)
{
    size_t count[CUT_GROUPS] = {0};
    for (size_t i = 0; i < in->size; i++)
        count[group_of(c, in->items[i])]++;
    out->size = 0;
    nq_keys_reserve(out, in->size);
    uint64_t *next[CUT_GROUPS];
    size_t start = 0;
    for (int k = 0; k < CUT_GROUPS; k++) {
        g->items[k] = next[k] = out->items + start;
        g->count[k] = count[k];
        start += count[k];
    }
    for (size_t i = 0; i < in->size; i++) {
        uint64_t key = in->items[i];
        *next[group_of(c, key)]++ = key_without_cut(c, key);
    }
}

/* How a block's tables cut the keys: chunk i is bits shift[i] to shift[i] + bits[i] - 1, its
 * table the rows first[i] to first[i] + 2^bits[i] - 1. */
typedef struct layout {
    int chunks;
    int shift[MAX_CHUNKS], bits[MAX_CHUNKS], first[MAX_CHUNKS];
    int rows;
} layout;

/* The chunks for keys of key_bits bits and `queries` queries a block: as many chunks as cost
 * least, a query paying a row read per chunk and the tables a row written per row (counted
 * twice: a read of two rows and a write), the bits shared evenly among them. */
static layout chunk_layout(int key_bits, size_t queries)
{
    layout best = {0};
    uint64_t best_cost = UINT64_MAX;
    int fewest = (key_bits + MAX_CHUNK_BITS - 1) / MAX_CHUNK_BITS;
    for (int chunks = fewest ? fewest : 1; chunks <= MAX_CHUNKS && chunks <= (key_bits ? key_bits : 1); chunks++) {
        layout l = {chunks, {0}, {0}, {0}, 0};
        for (int i = 0, shift = 0; i < chunks; i++) {
            l.bits[i] = key_bits / chunks + (i < key_bits % chunks);
            l.shift[i] = shift;
            l.first[i] = l.rows;
            shift += l.bits[i];
            l.rows += 1 << l.bits[i];
        }
        uint64_t cost = (uint64_t)chunks * queries + 2 * (uint64_t)l.rows;
        if (l.rows <= MAX_ROWS && cost < best_cost) {
            best = l;
            best_cost = cost;
        }
    }
    return best;
}

typedef struct matcher {
    uint64_t slices[MAX_KEY_BITS][BLOCK_WORDS];
    uint64_t tables[MAX_ROWS * BLOCK_WORDS]; /* row r at r * words */
} matcher;

/* m's slices of the keys items[0..count-1] (count <= 64 * words), over `words` words: the
 * portable kernel. */
static void slice_portable(matcher *m, int key_bits, const uint64_t *items, size_t count, int words)
{
    for (int b = 0; b < key_bits; b++)
        memset(m->slices[b], 0, sizeof(uint64_t) * (size_t)words);
    for (size_t i = 0; i < count; i++)
        for (uint64_t k = items[i]; k; k &= k - 1)
            m->slices[__builtin_ctzll(k)][i / 64] |= UINT64_C(1) << (i % 64);
}

/* The same with AVX-512: eight keys a load, each bit of them tested at once, the eight answers
 * stored as a byte of the slice (x86 is little-endian: byte j of a word is its keys 8j to 8j + 7). */
__attribute__((target("avx512f"))) static void slice_avx512(matcher *m, int key_bits, const uint64_t *items,
                                                            size_t count, int words)
{
    for (size_t i = 0; i < 64 * (size_t)words; i += 8) {
        __mmask8 in = (__mmask8)(i >= count ? 0 : count - i >= 8 ? 0xffu : (1u << (count - i)) - 1);
        __m512i v = _mm512_maskz_loadu_epi64(in, items + i);
        unsigned char *at = (unsigned char *)m->slices + i / 8;
        for (int b = 0; b < key_bits; b++)
            at[(size_t)b * sizeof m->slices[0]] =
                (unsigned char)_mm512_test_epi64_mask(v, _mm512_set1_epi64((long long)(UINT64_C(1) << b)));
    }
}

/* m's tables from its slices: row first[c] + v is the OR of the slices of the bits of v,
 * chunk c's bits, over `words` words. The portable kernel. */
static void tables_portable(matcher *m, const layout *l, int words)
{
    for (int c = 0; c < l->chunks; c++) {
        uint64_t *table = m->tables + (size_t)l->first[c] * (size_t)words;
        memset(table, 0, sizeof(uint64_t) * (size_t)words);
        for (int v = 1; v < 1 << l->bits[c]; v++) {
            const uint64_t *rest = table + (size_t)(v & (v - 1)) * (size_t)words;
            const uint64_t *slice = m->slices[l->shift[c] + __builtin_ctz((unsigned)v)];
            for (int w = 0; w < words; w++)
                table[(size_t)v * (size_t)words + (size_t)w] = rest[w] | slice[w];
        }
    }
}

/* The same with AVX-512: eight words an instruction (words is a multiple of 8 here). */
__attribute__((target("avx512f"))) static void tables_avx512(matcher *m, const layout *l, int words)
{
    for (int c = 0; c < l->chunks; c++) {
        uint64_t *table = m->tables + (size_t)l->first[c] * (size_t)words;
        memset(table, 0, sizeof(uint64_t) * (size_t)words);
        for (int v = 1; v < 1 << l->bits[c]; v++) {
            const uint64_t *rest = table + (size_t)(v & (v - 1)) * (size_t)words;
            const uint64_t *slice = m->slices[l->shift[c] + __builtin_ctz((unsigned)v)];
            uint64_t *row = table + (size_t)v * (size_t)words;
            for (int w = 0; w < words; w += 8)
                _mm512_storeu_si512(row + w, _mm512_or_si512(_mm512_loadu_si512(rest + w), _mm512_loadu_si512(slice + w)));
        }
    }
}

/* Sum over the queries of the zeros among the first `words` words of the OR of their chunks'
 * table rows: the portable kernel. */
static uint64_t partners_portable(const matcher *m, const layout *l, int words, const uint64_t *queries,
                                  size_t count)
{
    uint64_t hits = 0;
    for (size_t i = 0; i < count; i++) {
        const uint64_t *row[MAX_CHUNKS];
        for (int c = 0; c < l->chunks; c++)
            row[c] = m->tables + (size_t)(l->first[c] + (int)(queries[i] >> l->shift[c] & ((1u << l->bits[c]) - 1))) *
                                     (size_t)words;
        for (int w = 0; w < words; w++) {
            uint64_t met = 0;
            for (int c = 0; c < l->chunks; c++)
                met |= row[c][w];
            hits += (uint64_t)__builtin_popcountll(~met);
        }
    }
    return hits;
}

/* The same with AVX-512 for CHUNKS chunks (a constant, so that the loops unroll): eight words
 * an instruction (words is a multiple of 8 here), three rows a logic instruction. */
#define PARTNERS_AVX512(CHUNKS)                                                                                     \
    __attribute__((target("avx512f,avx512vpopcntdq"))) static uint64_t partners_avx512_##CHUNKS(                   \
        const matcher *m, const layout *l, int words, const uint64_t *queries, size_t count)                       \
    {                                                                                                               \
        __m512i total = _mm512_setzero_si512();                                                                     \
        size_t stride = (size_t)words;                                                                              \
        for (size_t i = 0; i < count; i++) {                                                                        \
            const uint64_t *row[CHUNKS];                                                                            \
            for (int c = 0; c < CHUNKS; c++)                                                                        \
                row[c] = m->tables +                                                                                \
                         (size_t)(l->first[c] + (int)(queries[i] >> l->shift[c] & ((1u << l->bits[c]) - 1))) * stride; \
            for (int w = 0; w < words; w += 8) {                                                                    \
                __m512i met = _mm512_loadu_si512(row[0] + w);                                                       \
                int c = 1;                                                                                          \
                for (; c + 2 < CHUNKS; c += 2)                                                                      \
                    met = _mm512_ternarylogic_epi64(met, _mm512_loadu_si512(row[c] + w),                            \
                                                    _mm512_loadu_si512(row[c + 1] + w), 0xfe);                      \
                __m512i free_ = c + 2 == CHUNKS ? _mm512_ternarylogic_epi64(met, _mm512_loadu_si512(row[c] + w),    \
                                                                            _mm512_loadu_si512(row[c + 1] + w), 0x01) \
                                : c + 1 == CHUNKS ? _mm512_ternarylogic_epi64(met, met, _mm512_loadu_si512(row[c] + w), \
                                                                              0x01)                                 \
                                                  : _mm512_ternarylogic_epi64(met, met, met, 0x01);                 \
                total = _mm512_add_epi64(total, _mm512_popcnt_epi64(free_));                                        \
            }                                                                                                       \
        }                                                                                                           \
        return (uint64_t)_mm512_reduce_add_epi64(total);                                                            \
    }
PARTNERS_AVX512(1)
PARTNERS_AVX512(2)
PARTNERS_AVX512(3)
PARTNERS_AVX512(4)
PARTNERS_AVX512(5)
PARTNERS_AVX512(6)
PARTNERS_AVX512(7)
PARTNERS_AVX512(8)
PARTNERS_AVX512(9)
PARTNERS_AVX512(10)
PARTNERS_AVX512(11)
PARTNERS_AVX512(12)

static uint64_t partners_avx512(const matcher *m, const layout *l, int words, const uint64_t *queries, size_t count)
{
    static uint64_t (*const by_chunks[MAX_CHUNKS + 1])(const matcher *, const layout *, int, const uint64_t *,
                                                       size_t) = {
        NULL,
        partners_avx512_1,
        partners_avx512_2,
        partners_avx512_3,
        partners_avx512_4,
        partners_avx512_5,
        partners_avx512_6,
        partners_avx512_7,
        partners_avx512_8,
        partners_avx512_9,
        partners_avx512_10,
        partners_avx512_11,
        partners_avx512_12,
    };
    return by_chunks[l->chunks](m, l, words, queries, count);
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

typedef uint64_t partners_fn(const matcher *, const layout *, int, const uint64_t *, size_t);

/* The kernels a count uses: AVX-512 ones or portable ones. */
typedef struct kernels {
    partners_fn *partners;
    uint64_t (*pairs)(const uint64_t *, size_t, const uint64_t *, size_t);
    void (*slice)(matcher *, int, const uint64_t *, size_t, int);
    void (*tables)(matcher *, const layout *, int);
} kernels;

/* The pairs of a key of sliced[0..sliced_count-1] and a key of queries[0..query_count-1] with
 * no bit in common, through bit slices of blocks of the sliced keys. */
static uint64_t sliced_pairs(matcher *m, const kernels *kernel, int key_bits, const uint64_t *sliced,
                             size_t sliced_count, const uint64_t *const *queries, const size_t *query_counts,
                             int query_groups)
{
    uint64_t total = 0;
    size_t query_count = 0;
    for (int g = 0; g < query_groups; g++)
        query_count += query_counts[g];
    layout l = chunk_layout(key_bits, query_count);
    for (size_t base = 0; base < sliced_count; base += 64 * BLOCK_WORDS) {
        size_t count = sliced_count - base < 64 * BLOCK_WORDS ? sliced_count - base : 64 * BLOCK_WORDS;
        int words = (int)((count + 511) / 512 * 8); /* whole eight-word groups; the rest stay zero */
        kernel->slice(m, key_bits, sliced + base, count, words);
        kernel->tables(m, &l, words);
        /* Every query misses the padding keys past `count`: take them off. */
        for (int g = 0; g < query_groups; g++)
            if (query_counts[g])
                total += kernel->partners(m, &l, words, queries[g], query_counts[g]) -
                         (uint64_t)(64 * (size_t)words - count) * query_counts[g];
    }
    return total;
}

/* Whether matching `count` sliced keys of key_bits bits with `queries` keys through bit slices
 * costs less than pair by pair, by the vector instructions each takes: a pair-by-pair test checks
 * eight pairs and takes about a third of an instruction's slot more to count them; slices cost
 * the slicing, the tables' rows and each query's reads of them, eight words an instruction. */
static bool slicing_pays(int key_bits, size_t count, size_t queries)
{
    if (count * queries < SLICE_PAIRS_AT_LEAST)
        return false;
    layout l = chunk_layout(key_bits, queries);
    uint64_t blocks = (count + 64 * BLOCK_WORDS - 1) / (64 * BLOCK_WORDS);
    uint64_t eights = (count + 511) / 512;                 /* eight-word groups of all blocks */
    uint64_t pairwise = (uint64_t)count * queries / 6;
    uint64_t sliced = eights * (3 * (uint64_t)l.rows + (uint64_t)(l.chunks + 2) * queries) +
                      (count / 8 + 1) * (uint64_t)key_bits * 2 + blocks * 100;
    return sliced < pairwise;
}

/* The pairs of a key of `sliced` (the smaller side) and a key of `queries` with no bit in
 * common: each group of one side against the groups of the other that share none of its cut
 * bits, small groups pair by pair, large ones through bit slices. */
static uint64_t disjoint_pairs(matcher *m, const kernels *kernel, int q, const keys *sliced, const keys *queries,
                               keys sorted[2])
{
    if (sliced->size * queries->size < SMALL_PAIRS)
        return kernel->pairs(queries->items, queries->size, sliced->items, sliced->size);
    cut c = cut_of(q);
    grouped side, other;
    group_keys(&c, sliced, &sorted[0], &side);
    group_keys(&c, queries, &sorted[1], &other);
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
        if (slicing_pays(c.bits, count, matched))
            total += sliced_pairs(m, kernel, c.bits, group, count, group_queries, group_counts, groups);
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
                          fast ? slice_avx512 : slice_portable, fast ? tables_avx512 : tables_portable};
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
    return disjoint_pairs(&m->m, &m->kernel, q, a_sliced ? a : b, a_sliced ? b : a, m->sorted);
}
