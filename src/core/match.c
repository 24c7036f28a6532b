/*
 * match.c -- matching the keys of left and right half boards (match.h). One side's keys become
 * bit slices: for each bit, a bitmap over the keys that have it. A key of the other side meets
 * exactly the union of the bitmaps of its bits, so its partners are the zeros of that union. The
 * union comes from tables of every union of the bitmaps of a chunk of the key's bits, so each
 * word of 64 partners costs an OR per chunk and a popcount; AVX-512 does eight words at once
 * where the processor has it, and finds the table rows of eight queries at once. Sides too small
 * for the tables to pay are matched pair by pair (nq_match_slicing_pays(), from cycles measured
 * per call). The largest sides (the even boards from N = 20) are first split into groups by seven
 * (or eight) of their bits: a group meets only the other side's groups that share none of those
 * bits, which leaves out most pairs, and its keys lose those bits. The bits are the ones most
 * pairs of these two sides both have, judged from a sample of each (nq_match_cut()): which
 * diagonals both halves take most depends on the split of the rows. A query reads a block's
 * tables a line of 512 keys at a time, so groups are not matched one by one (most hold fewer
 * keys than a line): the sliced side's keys are laid out group after group, sliced a block at a
 * time, and each group of queries reads, under a mask, the lines that hold keys of groups it can
 * meet; the groups' order (a Gray code) keeps groups that the same queries meet side by side.
 * Below 2^26 pairs grouping costs more than it saves. The pairs key by key, on the same slices,
 * are match_each.c's (matchkit.h holds what both use). */
#include "match.h"
#include "matchkit.h"

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

/* A side's keys split by group, without their cut bits: group g's are items[g][0..count[g]-1]. */
struct grouped {
    const uint64_t *items[CUT_GROUPS];
    size_t count[CUT_GROUPS];
};

/* The bits of key under mask, moved down to the lowest ones in their order: the portable kernel. */
static inline uint64_t gather_bits(uint64_t key, uint64_t mask)
{
    uint64_t out = 0;
    for (int at = 0; mask; mask &= mask - 1, at++)
        out |= (key >> __builtin_ctzll(mask) & 1) << at;
    return out;
}

/* Each key of in[0..count-1] without its cut bits into keys[i], and its group into groups[i]:
 * the portable kernel. */
static void cut_portable(const cut *c, const uint64_t *in, size_t count, uint64_t *out, unsigned char *groups)
{
    for (size_t i = 0; i < count; i++) {
        groups[i] = (unsigned char)gather_bits(in[i], c->group);
        out[i] = gather_bits(in[i], c->keep);
    }
}

/* The same with the processor's bit gather (BMI2, which every processor with AVX-512 has). */
__attribute__((target("bmi2"))) static void cut_bmi2(const cut *c, const uint64_t *in, size_t count, uint64_t *out,
                                                     unsigned char *groups)
{
    for (size_t i = 0; i < count; i++) {
        groups[i] = (unsigned char)_pext_u64(in[i], c->group);
        out[i] = _pext_u64(in[i], c->keep);
    }
}

/* Keys nq_match_cut() looks at, at most, on each side. */
enum { CUT_SAMPLE = 1024 };

/* How many of at most CUT_SAMPLE keys of k, spread evenly over it, have each bit, into counts. */
static void sample_bits(const keys *k, int key_bits, uint64_t *counts)
{
    size_t step = k->size > CUT_SAMPLE ? k->size / CUT_SAMPLE : 1;
    for (int b = 0; b < key_bits; b++)
        counts[b] = 0;
    for (size_t i = 0; i < k->size; i += step)
        for (uint64_t key = k->items[i] & nq_match_key_mask(key_bits); key; key &= key - 1)
            counts[__builtin_ctzll(key)]++;
}

cut nq_match_cut(const keys *sliced, const keys *queries, int key_bits, int group_bits)
{
    uint64_t on_sliced[MAX_KEY_BITS], on_queries[MAX_KEY_BITS], group = 0;
    sample_bits(sliced, key_bits, on_sliced);
    sample_bits(queries, key_bits, on_queries);
    /* A bit that both keys of a pair have rules it out: the bits most pairs have are the best. */
    for (int chosen = 0; chosen < group_bits; chosen++) {
        int best = -1;
        uint64_t best_pairs = 0;
        for (int b = 0; b < key_bits; b++)
            if (!(group >> b & 1) && (best < 0 || on_sliced[b] * on_queries[b] > best_pairs)) {
                best = b;
                best_pairs = on_sliced[b] * on_queries[b];
            }
        group |= UINT64_C(1) << best;
    }
    /* A bit one side never has meets nothing: the keys leave it out. */
    uint64_t on_a = 0, on_b = 0;
    for (size_t i = 0; i < sliced->size; i++)
        on_a |= sliced->items[i];
    for (size_t i = 0; i < queries->size; i++)
        on_b |= queries->items[i];
    uint64_t keep = on_a & on_b & ~group & nq_match_key_mask(key_bits);
    cut c = {group, keep, __builtin_popcountll(keep), {0}};
    /* The groups are laid out in the order of a Gray code, whose neighbours differ by one bit (one
     * group's bits are all the other's, so a query that meets the one meets the other), its
     * fastest-changing bits those the fewest queries have: a block's lines then mostly hold
     * groups that the same queries meet. place[r]: the group bit of rank r, fewest first. */
    int place[CUT_BITS_MAX], bit_of[CUT_BITS_MAX], k = 0;
    for (uint64_t g = group; g; g &= g - 1)
        bit_of[k++] = __builtin_ctzll(g);
    for (int i = 0; i < group_bits; i++) {
        int rank = 0;
        for (int o = 0; o < group_bits; o++)
            rank += on_queries[bit_of[o]] < on_queries[bit_of[i]] ||
                    (on_queries[bit_of[o]] == on_queries[bit_of[i]] && o < i);
        place[rank] = i;
    }
    for (unsigned i = 0; i < 1u << group_bits; i++) {
        unsigned gray = i ^ i >> 1, id = 0;
        for (int r = 0; r < group_bits; r++)
            id |= (gray >> r & 1) << place[r];
        c.sequence[i] = (unsigned char)id;
    }
    return c;
}

/* in's keys into out by group, in the cut's sequence (out is reused), groups holding room for
 * them: their groups found and counted, then each key cut as it is placed. The keys are taken as
 * LANES runs, each with its own counts and places, worked on side by side: one run's next key of
 * a group waits on its last store, not the others'. Inlined with a constant `gather`. */
enum { LANES = 4 };
__attribute__((always_inline)) static inline void group_keys_by(uint64_t (*gather)(uint64_t, uint64_t),
                                                                const cut *c, const keys *in, keys *out,
                                                                unsigned char *groups, grouped *g)
{
    int group_count = 1 << __builtin_popcountll(c->group);
    size_t n = in->size, lane = n / LANES, first[LANES + 1];
    for (int l = 0; l <= LANES; l++)
        first[l] = l < LANES ? (size_t)l * lane : n; /* the last lane takes the rest */
    const uint64_t *items = in->items;
    size_t count[LANES][CUT_GROUPS] = {{0}};
    for (size_t i = 0; i < lane; i++)
        for (int l = 0; l < LANES; l++) {
            unsigned char k = (unsigned char)gather(items[first[l] + i], c->group);
            groups[first[l] + i] = k;
            count[l][k]++;
        }
    for (size_t i = first[LANES - 1] + lane; i < n; i++) {
        groups[i] = (unsigned char)gather(items[i], c->group);
        count[LANES - 1][groups[i]]++;
    }
    out->size = 0;
    nq_keys_reserve(out, n);
    uint64_t *next[LANES][CUT_GROUPS];
    size_t start = 0;
    for (int k = 0; k < CUT_GROUPS; k++) {
        g->items[k] = out->items;
        g->count[k] = 0;
    }
    for (int i = 0; i < group_count; i++) {
        int k = c->sequence[i];
        g->items[k] = out->items + start;
        for (int l = 0; l < LANES; l++) {
            next[l][k] = out->items + start;
            start += count[l][k];
            g->count[k] += count[l][k];
        }
    }
    for (size_t i = 0; i < lane; i++)
        for (int l = 0; l < LANES; l++)
            *next[l][groups[first[l] + i]]++ = gather(items[first[l] + i], c->keep);
    for (size_t i = first[LANES - 1] + lane; i < n; i++)
        *next[LANES - 1][groups[i]]++ = gather(items[i], c->keep);
}

static void group_keys_portable(const cut *c, const keys *in, keys *out, unsigned char *groups, grouped *g)
{
    group_keys_by(gather_bits, c, in, out, groups, g);
}

__attribute__((target("bmi2"))) static inline uint64_t gather_bmi2(uint64_t key, uint64_t mask)
{
    return _pext_u64(key, mask);
}

/* The same with the processor's bit gather. */
__attribute__((target("bmi2"))) static void group_keys_bmi2(const cut *c, const keys *in, keys *out,
                                                            unsigned char *groups, grouped *g)
{
    group_keys_by(gather_bmi2, c, in, out, groups, g);
}

/* The chunks for keys of key_bits bits and `queries` queries a block: as many chunks as cost
 * least, a query paying a row read per chunk and the tables a row written per row (counted
 * twice: a read of two rows and a write), the bits shared evenly among them. */
layout nq_match_layout(int key_bits, size_t queries)
{
    int fewest = key_bits > MAX_CHUNK_BITS ? (key_bits + MAX_CHUNK_BITS - 1) / MAX_CHUNK_BITS : 1, best = 0;
    uint64_t best_cost = UINT64_MAX;
    for (int chunks = fewest; chunks < fewest + 4 && chunks <= MAX_CHUNKS; chunks++) {
        int width = key_bits / chunks, wider = key_bits % chunks;
        uint64_t rows = ((uint64_t)wider << (width + 1)) + ((uint64_t)(chunks - wider) << width);
        uint64_t cost = (uint64_t)chunks * queries + 2 * rows;
        if (rows <= MAX_ROWS && cost < best_cost) {
            best = chunks;
            best_cost = cost;
        }
    }
    layout l = {best, {0}, {0}, {0}, 0};
    for (int i = 0, shift = 0; i < best; i++) {
        l.bits[i] = key_bits / best + (i < key_bits % best);
        l.shift[i] = shift;
        l.first[i] = l.rows;
        shift += l.bits[i];
        l.rows += 1 << l.bits[i];
    }
    return l;
}

/* m's slices of the keys items[0..count-1] (count <= 64 * words), over `words` words: the
 * portable kernel. */
static void slice_portable(matcher *m, int key_bits, const uint64_t *items, size_t count, int words)
{
    for (int b = 0; b < key_bits; b++)
        memset(m->slices[b], 0, sizeof(uint64_t) * (size_t)words);
    for (size_t i = 0; i < count; i++)
        for (uint64_t k = items[i] & nq_match_key_mask(key_bits); k; k &= k - 1)
            m->slices[__builtin_ctzll(k)][i / 64] |= UINT64_C(1) << (i % 64);
}

/* The indices that swap bit s of the register index and bit s of the qword lane of eight
 * registers (s < 3), for the register with bit s clear (stay[s]) and set (come[s]): three such
 * swaps transpose the 8 x 8 qwords. */
typedef struct lane_swaps {
    __m512i stay[3], come[3];
} lane_swaps;

__attribute__((target("avx512f"))) static lane_swaps lane_swaps_make(void)
{
    lane_swaps l;
    for (int s = 0; s < 3; s++) {
        _Alignas(64) uint64_t stay[8], come[8]; /* 8 + x: lane x of the second register */
        for (int j = 0; j < 8; j++) {
            stay[j] = (uint64_t)(j >> s & 1 ? 8 + (j ^ 1 << s) : j);
            come[j] = (uint64_t)(j >> s & 1 ? 8 + j : j | 1 << s);
        }
        l.stay[s] = _mm512_load_si512(stay);
        l.come[s] = _mm512_load_si512(come);
    }
    return l;
}

/* r[m]'s lane j to r[j]'s lane m. */
__attribute__((target("avx512f"))) static inline void transpose_qwords(const lane_swaps *l, __m512i *r)
{
    for (int s = 0; s < 3; s++)
        for (int m = 0; m < 8; m++)
            if (!(m >> s & 1)) {
                __m512i a = r[m], b = r[m | 1 << s];
                r[m] = _mm512_permutex2var_epi64(a, l->stay[s], b);
                r[m | 1 << s] = _mm512_permutex2var_epi64(a, l->come[s], b);
            }
}

/* The same with AVX-512, 64 keys at a time: their bytes transposed (byte j of the 64 keys in one
 * register, key i in byte i), so that one test of a bit of each byte gives a whole word of a
 * slice. Keys past count read as zeros: their bits stay clear. */
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) static void slice_avx512(matcher *m, int key_bits,
                                                                               const uint64_t *items, size_t count,
                                                                               int words)
{
    size_t used = (count + 63) / 64; /* words with keys; those after them are cleared */
    for (int b = 0; b < key_bits && used < (size_t)words; b++)
        memset(m->slices[b] + used, 0, sizeof(uint64_t) * ((size_t)words - used));
    /* byte 8j + r of a register from byte 8r + j: qword j holds byte j of its eight keys */
    _Alignas(64) unsigned char order[64];
    for (int i = 0; i < 64; i++)
        order[i] = (unsigned char)(8 * (i % 8) + i / 8);
    const __m512i transpose = _mm512_load_si512(order);
    const lane_swaps swaps = lane_swaps_make();
    for (size_t w = 0; w < used; w++) {
        __m512i r[8];
        for (int k = 0; k < 8; k++) {
            size_t at = 64 * w + 8 * (size_t)k;
            __mmask8 in = (__mmask8)(at >= count ? 0 : count - at >= 8 ? 0xffu : (1u << (count - at)) - 1);
            r[k] = _mm512_permutexvar_epi8(transpose, _mm512_maskz_loadu_epi64(in, items + at));
        }
        transpose_qwords(&swaps, r);
        for (int b = 0; b < key_bits; b++)
            m->slices[b][w] = _mm512_test_epi8_mask(r[b / 8], _mm512_set1_epi8((char)(1 << b % 8)));
    }
}

/* m's tables from its slices: row first[c] + v is the OR of the slices of the bits of v,
 * chunk c's bits, over `words` words. The portable kernel. */
static void tables_portable(matcher *m, const layout *l, int words)
{
    for (int c = 0; c < l->chunks; c++) {
        uint64_t *table = m->tables + (size_t)l->first[c] * stride_of(words);
        memset(table, 0, sizeof(uint64_t) * (size_t)words);
        for (int v = 1; v < 1 << l->bits[c]; v++) {
            const uint64_t *rest = table + (size_t)(v & (v - 1)) * stride_of(words);
            const uint64_t *slice = m->slices[l->shift[c] + __builtin_ctz((unsigned)v)];
            for (int w = 0; w < words; w++)
                table[(size_t)v * stride_of(words) + (size_t)w] = rest[w] | slice[w];
        }
    }
}

/* The same with AVX-512: eight words an instruction (words is a multiple of 8 here). */
__attribute__((target("avx512f"))) static void tables_avx512(matcher *m, const layout *l, int words)
{
    for (int c = 0; c < l->chunks; c++) {
        uint64_t *table = m->tables + (size_t)l->first[c] * stride_of(words);
        memset(table, 0, sizeof(uint64_t) * (size_t)words);
        for (int v = 1; v < 1 << l->bits[c]; v++) {
            const uint64_t *rest = table + (size_t)(v & (v - 1)) * stride_of(words);
            const uint64_t *slice = m->slices[l->shift[c] + __builtin_ctz((unsigned)v)];
            uint64_t *row = table + (size_t)v * stride_of(words);
            for (int w = 0; w < words; w += 8)
                _mm512_store_si512(row + w, _mm512_or_si512(_mm512_load_si512(rest + w), _mm512_load_si512(slice + w)));
        }
    }
}

/* Sum over the queries of the keys in `mask` (NULL: in the first `words` words) that the OR of
 * their chunks' table rows leaves clear: the portable kernel. */
static uint64_t partners_portable(const matcher *m, const layout *l, int words, const block_mask *mask,
                                  const uint64_t *queries, size_t count)
{
    uint64_t hits = 0;
    for (size_t i = 0; i < count; i++) {
        const uint64_t *row[MAX_CHUNKS];
        nq_match_rows(m, l, words, queries[i], row);
        for (int e = 0; e < (mask ? mask->eight_count : words / 8); e++)
            for (int w = 8 * (mask ? mask->eights[e] : e), end = w + 8; w < end; w++)
                hits += (uint64_t)__builtin_popcountll(~nq_match_met(row, l->chunks, w) &
                                                       (mask ? mask->words[w] : ~UINT64_C(0)));
    }
    return hits;
}

/* The same with AVX-512 for `chunks` chunks, under the mask if `masked` (else over every word,
 * mask may be NULL): the table rows of eight queries found at once in vector lanes, then for each
 * query eight words an instruction, three rows a logic instruction (the last with the mask).
 * Inlined where chunks and masked are constants, so that the loops unroll. */
__attribute__((target("avx512f,avx512vpopcntdq"), always_inline)) static inline uint64_t
partners_eights(const matcher *m, const layout *l, int words, const block_mask *mask, const uint64_t *queries,
                size_t count, const int chunks, const bool masked)
{
    __m512i total = _mm512_setzero_si512();
    row_finder finder;
    nq_match_finder(l, words, chunks, &finder);
    _Alignas(64) uint64_t offset[MAX_CHUNKS][8];
    int eights = masked ? mask->eight_count : words / 8;
    for (size_t i = 0; i < count; i += 8) {
        size_t here = count - i < 8 ? count - i : 8;
        nq_match_offsets(&finder, chunks, queries + i, here, offset);
        for (size_t k = 0; k < here; k++) {
            const uint64_t *row[MAX_CHUNKS];
            for (int c = 0; c < chunks; c++)
                row[c] = m->tables + offset[c][k];
            for (int e = 0; e < eights; e++) {
                int w = masked ? 8 * mask->eights[e] : 8 * e, c = 1;
                __m512i met = _mm512_load_si512(row[0] + w), free_;
                if (masked) {
                    __m512i in = _mm512_load_si512(mask->words + w);
                    for (; c + 1 < chunks; c += 2)
                        met = _mm512_ternarylogic_epi64(met, _mm512_load_si512(row[c] + w),
                                                        _mm512_load_si512(row[c + 1] + w), 0xfe);
                    free_ = c < chunks ? _mm512_ternarylogic_epi64(met, _mm512_load_si512(row[c] + w), in, 0x02)
                                       : _mm512_andnot_si512(met, in);
                } else {
                    for (; c + 2 < chunks; c += 2)
                        met = _mm512_ternarylogic_epi64(met, _mm512_load_si512(row[c] + w),
                                                        _mm512_load_si512(row[c + 1] + w), 0xfe);
                    free_ = c + 2 == chunks   ? _mm512_ternarylogic_epi64(met, _mm512_load_si512(row[c] + w),
                                                                          _mm512_load_si512(row[c + 1] + w), 0x01)
                            : c + 1 == chunks ? _mm512_ternarylogic_epi64(met, met, _mm512_load_si512(row[c] + w), 0x01)
                                              : _mm512_ternarylogic_epi64(met, met, met, 0x01);
                }
                total = _mm512_add_epi64(total, _mm512_popcnt_epi64(free_));
            }
        }
    }
    return (uint64_t)_mm512_reduce_add_epi64(total);
}

#define PARTNERS_AVX512(CHUNKS)                                                                                     \
    __attribute__((target("avx512f,avx512vpopcntdq"))) static uint64_t partners_avx512_##CHUNKS(                   \
        const matcher *m, const layout *l, int words, const block_mask *mask, const uint64_t *queries,             \
        size_t count)                                                                                               \
    {                                                                                                               \
        return mask ? partners_eights(m, l, words, mask, queries, count, CHUNKS, true)                              \
                    : partners_eights(m, l, words, NULL, queries, count, CHUNKS, false);                            \
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

static uint64_t partners_avx512(const matcher *m, const layout *l, int words, const block_mask *mask,
                                const uint64_t *queries, size_t count)
{
    static partners_fn *const by_chunks[MAX_CHUNKS + 1] = {
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
    return by_chunks[l->chunks](m, l, words, mask, queries, count);
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

/* Adds the keys lo to hi - 1 (lo < hi) of a block to mask's words, and their groups of eight
 * words to the bits of *eights. */
static void mask_range(block_mask *mask, size_t lo, size_t hi, unsigned *eights)
{
    for (size_t w = lo / 64; w * 64 < hi; w++) {
        uint64_t from = w * 64 > lo ? 0 : lo % 64, to = (w + 1) * 64 <= hi ? 64 : hi % 64;
        mask->words[w] |= (to == 64 ? ~UINT64_C(0) : (UINT64_C(1) << to) - 1) & ~((UINT64_C(1) << from) - 1);
    }
    *eights |= (2u << (hi - 1) / 512) - (1u << lo / 512);
}

/* Lists the groups of eight words of mask whose bits *eights has. */
static void mask_eights(block_mask *mask, unsigned eights)
{
    mask->eight_count = 0;
    for (; eights; eights &= eights - 1)
        mask->eights[mask->eight_count++] = (unsigned char)__builtin_ctz(eights);
}

/* The pairs of a key of sliced[0..sliced_count-1] and a key of queries[0..query_count-1] with
 * no bit in common, through bit slices of blocks of the sliced keys. */
static uint64_t sliced_pairs(matcher *m, const kernels *kernel, int key_bits, const uint64_t *sliced,
                             size_t sliced_count, const uint64_t *queries, size_t query_count)
{
    uint64_t total = 0;
    layout l = nq_match_layout(key_bits, query_count);
    for (size_t base = 0; base < sliced_count; base += 64 * BLOCK_WORDS) {
        size_t count;
        int words = nq_match_block(m, kernel, &l, key_bits, sliced, sliced_count, base, &count);
        /* Every query misses the padding keys past `count`: take them off. */
        total += kernel->partners(m, &l, words, NULL, queries, query_count) -
                 (uint64_t)(64 * (size_t)words - count) * query_count;
    }
    return total;
}

/* Whether matching `count` sliced keys of key_bits bits with `queries` keys through bit slices
 * costs less than pair by pair, by the processor cycles each takes, as measured on AVX-512
 * (cycles per call of each way, by sizes, in a count of N = 18 and 19): pair by pair checks about
 * eight pairs a cycle; slices cost a cycle per bit of eight keys to slice, a cycle and a half per
 * table row of each eight words (and about a third of that below eight words), and for each
 * query three cycles and three quarters of one a row of eight words it reads. */
bool nq_match_slicing_pays(int key_bits, size_t count, size_t queries)
{
    if (count * queries < SLICE_PAIRS_AT_LEAST)
        return false;
    layout l = nq_match_layout(key_bits, queries);
    uint64_t eights = 0, sliced = 0;
    for (size_t base = 0; base < count; base += 64 * BLOCK_WORDS) {
        size_t keys_in = count - base < 64 * BLOCK_WORDS ? count - base : 64 * BLOCK_WORDS;
        uint64_t words = (keys_in + 63) / 64, e = (words + 7) / 8;
        eights += e;
        sliced += (keys_in / 8 + 1) * (uint64_t)key_bits +
                  (words < 8 ? (uint64_t)l.rows * words / 2 : 3 * l.rows * e / 2);
    }
    uint64_t blocks = (count + 64 * BLOCK_WORDS - 1) / (64 * BLOCK_WORDS);
    sliced += queries * (3 * blocks + 3 * (uint64_t)l.chunks * eights / 4);
    return sliced < (uint64_t)count * queries / 8;
}


/* The pairs of sliced's and queries' keys with no bit in common, both sides split into groups
 * by the cut's bits. The sliced side's keys, sorted by group, are sliced a block at a time as
 * they come, whatever their groups; a group of queries is matched against a block's keys of the
 * groups it can meet (those that share none of its cut bits), under a mask, so that the blocks
 * stay full however small the groups are. */
static uint64_t grouped_pairs(matcher *m, const kernels *kernel, int q, int group_bits, const keys *sliced,
                              const keys *queries, keys sorted[2], unsigned char **groups, size_t *group_room)
{
    cut c = nq_match_cut(sliced, queries, 4 * q - 2, group_bits);
    size_t most = sliced->size > queries->size ? sliced->size : queries->size;
    if (*group_room < most + 8) {
        free(*groups);
        *group_room = 2 * most + 8;
        *groups = nq_alloc_check(malloc(*group_room));
    }
    grouped side, other;
    kernel->group(&c, sliced, &sorted[0], *groups, &side);
    kernel->group(&c, queries, &sorted[1], *groups, &other);
    int group_count = 1 << group_bits;
    /* below[v]: the queries whose groups' bits are all in v; start[i]: where the keys of the i-th
     * group of the cut's sequence start. */
    size_t below[CUT_GROUPS], start[CUT_GROUPS + 1];
    for (int h = 0; h < group_count; h++)
        below[h] = other.count[h];
    for (int b = 0; b < group_bits; b++)
        for (int v = 0; v < group_count; v++)
            if (v >> b & 1)
                below[v] += below[v ^ 1 << b];
    uint64_t compared = 0;
    start[0] = 0;
    for (int i = 0; i < group_count; i++) {
        int g = c.sequence[i];
        start[i + 1] = start[i] + side.count[g];
        compared += (uint64_t)side.count[g] * below[(group_count - 1) & ~g];
    }
    /* The chunks are chosen for half as many queries as a whole side that compares as many
     * pairs would have: at N = 20, 4 % faster than as many, 1 % than a quarter, 9 % than twice. */
    layout l = nq_match_layout(c.bits, (size_t)(compared / sliced->size / 2));
    const uint64_t *keys_of = sorted[0].items;
    uint64_t total = 0;
    block_mask mask;
    memset(mask.words, 0, sizeof mask.words);
    int first = 0;
    for (size_t base = 0; base < sliced->size; base += 64 * BLOCK_WORDS) {
        size_t count;
        int words = nq_match_block(m, kernel, &l, c.bits, keys_of, sliced->size, base, &count);
        while (start[first + 1] <= base)
            first++;
        int end = first;
        while (end < group_count && start[end] < base + count)
            end++;
        for (int h = 0; h < group_count; h++) {
            if (!other.count[h])
                continue;
            unsigned eights = 0;
            for (int i = first; i < end; i++)
                if (!(c.sequence[i] & h) && start[i + 1] > start[i])
                    mask_range(&mask, start[i] > base ? start[i] - base : 0,
                               start[i + 1] < base + count ? start[i + 1] - base : count, &eights);
            if (!eights)
                continue;
            mask_eights(&mask, eights);
            total += kernel->partners(m, &l, words, &mask, other.items[h], other.count[h]);
            for (int e = 0; e < mask.eight_count; e++)
                memset(mask.words + 8 * mask.eights[e], 0, 8 * sizeof mask.words[0]);
        }
    }
    return total;
}

/* The pairs of a's and b's keys with no bit in common. Ungrouped, the smaller side is sliced (its
 * tables cost less); grouped, the larger, whose groups are larger: fewer of a block's lines of
 * 512 keys hold keys of several groups, which a query reads whole where any of them fits it. */
static uint64_t disjoint_pairs(matcher *m, const kernels *kernel, int q, const keys *a, const keys *b,
                               keys sorted[2], unsigned char **groups, size_t *group_room, const int group_from[2])
{
    uint64_t pairs = (uint64_t)a->size * b->size;
    const keys *smaller = a->size <= b->size ? a : b, *larger = smaller == a ? b : a;
    if (pairs >> group_from[0])
        return grouped_pairs(m, kernel, q, pairs >> group_from[1] ? COUNT_CUT_BITS_DEEP : COUNT_CUT_BITS, larger,
                             smaller, sorted, groups, group_room);
    if (!nq_match_slicing_pays(4 * q - 2, smaller->size, larger->size))
        return kernel->pairs(larger->items, larger->size, smaller->items, smaller->size);
    return sliced_pairs(m, kernel, 4 * q - 2, smaller->items, smaller->size, larger->items, larger->size);
}

nq_matcher *nq_matcher_new(bool fast)
{
    size_t bytes = (sizeof(nq_matcher) + 63) / 64 * 64;
    nq_matcher *m = nq_alloc_check(aligned_alloc(64, bytes));
    memset(m, 0, bytes);
    m->fast = fast;
    m->kernel = (kernels){fast ? partners_avx512 : partners_portable, fast ? pairs_avx512 : pairs_portable,
                          fast ? slice_avx512 : slice_portable, fast ? tables_avx512 : tables_portable,
                          fast ? cut_bmi2 : cut_portable, fast ? group_keys_bmi2 : group_keys_portable};
    nq_matcher_group_from(m, GROUP_PAIRS_LOG, DEEP_PAIRS_LOG);
    return m;
}

void nq_matcher_free(nq_matcher *m)
{
    if (!m)
        return;
    for (int k = 0; k < 2; k++)
        free(m->sorted[k].items);
    for (int k = 0; k < 2; k++) {
        free(m->each_sides[k].keys.items);
        free(m->each_sides[k].index);
        free(m->each_sides[k].counts);
    }
    free(m->sink);
    free(m->groups);
    free(m);
}

uint64_t nq_matcher_count(nq_matcher *m, int q, const keys *a, const keys *b)
{
    return disjoint_pairs(&m->m, &m->kernel, q, a, b, m->sorted, &m->groups, &m->group_room, m->group_from);
}

void nq_matcher_group_from(nq_matcher *m, int group_log, int deep_log)
{
    m->group_from[0] = group_log;
    m->group_from[1] = deep_log;
}
