/*
 * match_each.c -- the pairs of half boards' keys with no bit in common, key by key
 * (nq_matcher_each(), match.h): the same bit slices and cut into groups as the count of pairs
 * (matchkit.h), but each group is matched on its own and every key's partners are counted, so
 * that the fill by halves (lexhalves.c) knows every half board's. With a visitor, each query's
 * free words are looked at where they have a pair, and each pair found is recorded on both
 * sides; without one, no pair is listed: the free words of a batch of queries go into vertical
 * counters of the sliced keys, a bit plane a weight, and each query's popcounts are summed, at
 * about two logic instructions a word more than the count of pairs takes.
 */
#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "matchkit.h"
#include "nq/alloc.h"

/* ---- pairs one by one (nq_matcher_each()) ---- */

/* Pairs a sink holds before it hands them to the visitor: the kernels call no function on a
 * pair, which would make them save their vector registers around every call. */
enum { EACH_PAIRS_HELD = NQ_PAIRS_VISITED };

/* Pairs the AVX-512 kernels find before their keys are counted: room for the pairs of one group
 * of eight words past the bound, which is looked at before each such group, and for eight more,
 * as a register of them is stored whole (a compressed store to memory is slow). */
enum { EACH_FOUND_HELD = 4096, EACH_FOUND_ROOM = EACH_FOUND_HELD + 8 * 64 + 8 };

/* Where nq_matcher_each() puts what it finds: the counts of the queries' and the sliced keys',
 * and, for the visitor, the pairs found, with queries from side a or side b. Positions are those
 * of the keys as matched; where they were grouped, the counts are in that order (each side's
 * own, put back in place at the end: a count by place would be a cache miss a pair), and
 * query_index and sliced_index (else NULL) give each key's place on its side as given. */
typedef struct each_sink {
    uint32_t *query_counts, *sliced_counts;
    size_t sliced_size; /* the sliced keys' counts */
    uint64_t key_mask;  /* the keys' bits that are matched (those above are the caller's) */
    const uint32_t *query_index, *sliced_index;
    nq_pair_visit *visit;
    void *context;
    bool queries_are_a;
    size_t held;
    uint32_t held_a[EACH_PAIRS_HELD], held_b[EACH_PAIRS_HELD]; /* the pairs held, by side */
    size_t found_count;
    uint64_t found[EACH_FOUND_ROOM]; /* query << 32 | sliced */
} each_sink;

/* Hands the pairs held to the visitor. */
__attribute__((noinline)) static void each_hand_over(each_sink *sink)
{
    sink->visit(sink->context, sink->held_a, sink->held_b, sink->held);
    sink->held = 0;
}

/* Holds the pair of the query at position i and the sliced key at k for the visitor, if any. */
static inline void each_visit(each_sink *sink, size_t i, size_t k)
{
    if (sink->visit) {
        if (sink->query_index) {
            i = sink->query_index[i];
            k = sink->sliced_index[k];
        }
        sink->held_a[sink->held] = (uint32_t)(sink->queries_are_a ? i : k);
        sink->held_b[sink->held] = (uint32_t)(sink->queries_are_a ? k : i);
        if (++sink->held == EACH_PAIRS_HELD)
            each_hand_over(sink);
    }
}

/* Records the pair of the query at position i and the sliced key at k. */
static inline void each_pair(each_sink *sink, size_t i, size_t k)
{
    sink->query_counts[i]++;
    sink->sliced_counts[k]++;
    each_visit(sink, i, k);
}

/* Holds the pairs found for the visitor, eight an instruction: each side's positions taken out
 * of the pairs, put back in place through the sides' index where they were grouped, and stored
 * on the visitor's side. The AVX-512 kernels' (only they find pairs this way). */
__attribute__((target("avx512f"))) static void each_visit_found(each_sink *sink)
{
    const __m512i low = _mm512_set1_epi64((long long)UINT32_MAX);
    for (size_t p = 0; p < sink->found_count; p += 8) {
        if (sink->held > EACH_PAIRS_HELD - 8)
            each_hand_over(sink);
        size_t here = sink->found_count - p < 8 ? sink->found_count - p : 8;
        __mmask8 in = (__mmask8)((1u << here) - 1);
        __m512i pairs = _mm512_maskz_loadu_epi64(in, sink->found + p);
        __m512i query = _mm512_srli_epi64(pairs, 32), sliced = _mm512_and_si512(pairs, low);
        __m256i i, k;
        if (sink->query_index) {
            i = _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), in, query, sink->query_index, 4);
            k = _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), in, sliced, sink->sliced_index, 4);
        } else {
            i = _mm512_cvtepi64_epi32(query);
            k = _mm512_cvtepi64_epi32(sliced);
        }
        _mm256_storeu_si256((__m256i *)(void *)(sink->held_a + sink->held), sink->queries_are_a ? i : k);
        _mm256_storeu_si256((__m256i *)(void *)(sink->held_b + sink->held), sink->queries_are_a ? k : i);
        sink->held += here;
    }
}

/* Records the pairs found: both keys' counts, and the visitor's pairs. */
static void each_found(each_sink *sink)
{
    for (size_t p = 0; p < sink->found_count; p++) {
        sink->query_counts[sink->found[p] >> 32]++;
        sink->sliced_counts[(uint32_t)sink->found[p]]++;
    }
    if (sink->visit)
        each_visit_found(sink);
    sink->found_count = 0;
}

/* Records the pairs of query i with the sliced keys of the bits of `free_`, word w of a block
 * whose first key is at `base`. */
static inline void each_word(each_sink *sink, size_t i, size_t base, size_t w, uint64_t free_)
{
    for (; free_; free_ &= free_ - 1)
        each_pair(sink, i, base + 64 * w + (size_t)__builtin_ctzll(free_));
}

/* The block's pairs, for the queries queries[0..count-1] at positions first and on: the portable
 * kernel. Every query meets the padding after the block's keys (pad()). */
static void each_sliced_portable(const matcher *m, const layout *l, int words, const uint64_t *queries, size_t count,
                                 size_t first, size_t base, each_sink *sink)
{
    for (size_t i = 0; i < count; i++) {
        const uint64_t *row[MAX_CHUNKS];
        nq_match_rows(m, l, words, queries[i], row);
        for (int w = 0; w < words; w++) {
            uint64_t met = nq_match_met(row, l->chunks, w);
            if (~met)
                each_word(sink, first + i, base, (size_t)w, ~met);
        }
    }
}

/* The pairs of the query at position i in the free words `free_`, eight words of a block from
 * word w (its first key at `base`), into the sink's found pairs from found[found] on; returns the
 * pairs found in all. A bit of each word at a time, the lowest, in vector lanes: the first two
 * rounds whatever (a branch on how many pairs a word has would mostly guess wrong; a third is
 * rare), both found before either is stored, so that where the next group's pairs go waits on one
 * addition, not on the rounds. */
__attribute__((target("avx512f,avx512vpopcntdq"), always_inline)) static inline size_t
each_free(each_sink *sink, size_t found, size_t i, size_t base, int w, __m512i free_)
{
    const __m512i lanes = _mm512_setr_epi64(0, 64, 128, 192, 256, 320, 384, 448), one = _mm512_set1_epi64(1);
    uint64_t at = (uint64_t)i << 32 | (base + 64 * (size_t)w);
    __m512i first = _mm512_add_epi64(_mm512_set1_epi64((long long)at), lanes);
    __m512i below = _mm512_sub_epi64(free_, one), second = _mm512_and_si512(free_, below);
    __m512i second_below = _mm512_sub_epi64(second, one), rest = _mm512_and_si512(second, second_below);
    __mmask8 in_first = _mm512_test_epi64_mask(free_, free_), in_second = _mm512_test_epi64_mask(second, second);
    /* The lowest bit's place: the bits under it (below ANDed with the complement of free_). */
    __m512i pairs_first = _mm512_add_epi64(first, _mm512_popcnt_epi64(_mm512_andnot_si512(free_, below)));
    __m512i pairs_second = _mm512_add_epi64(first, _mm512_popcnt_epi64(_mm512_andnot_si512(second, second_below)));
    size_t firsts = (size_t)__builtin_popcount(in_first);
    _mm512_storeu_si512(sink->found + found, _mm512_maskz_compress_epi64(in_first, pairs_first));
    _mm512_storeu_si512(sink->found + found + firsts, _mm512_maskz_compress_epi64(in_second, pairs_second));
    found += firsts + (size_t)__builtin_popcount(in_second);
    for (__mmask8 left = _mm512_test_epi64_mask(rest, rest); left; left = _mm512_test_epi64_mask(rest, rest)) {
        below = _mm512_sub_epi64(rest, one);
        __m512i pair = _mm512_add_epi64(first, _mm512_popcnt_epi64(_mm512_andnot_si512(rest, below)));
        _mm512_storeu_si512(sink->found + found, _mm512_maskz_compress_epi64(left, pair));
        found += (size_t)__builtin_popcount(left);
        rest = _mm512_and_si512(rest, below);
    }
    return found;
}

/* A kernel's batch: BATCH queries (their rows found at once, a vector lane each) against the
 * groups of eight words of a block, at most BATCH_GROUPS; a bit for each pair of the two fits a
 * 32-bit mask. */
enum { BATCH = 8, BATCH_GROUPS = BLOCK_WORDS / 8 };
_Static_assert(BATCH * BATCH_GROUPS <= 32, "a batch's groups with a pair are a 32-bit mask");

/* The free words of eight queries (`here` of them) in a block of `groups` groups of eight words,
 * their rows' offsets from tables by chunk in offset, into free_words[8 g + k] (query k, group g),
 * and a bit set at 8 g + k where any of them has a pair: with no branch on any word, which would
 * mostly guess wrong. Inlined where chunks and groups are constants, so that the loops unroll and
 * each group's bits stay in a register. */
__attribute__((target("avx512f,avx512bw"), always_inline)) static inline uint32_t
each_batch(const uint64_t *tables, uint64_t (*offset)[8], size_t here, const int chunks, const int groups,
           uint64_t (*free_words)[8])
{
    uint64_t any[BATCH_GROUPS] = {0}; /* byte k of any[g]: query k's group g has a pair */
    for (size_t k = 0; k < here; k++) {
        const uint64_t *row[MAX_CHUNKS];
        for (int c = 0; c < chunks; c++)
            row[c] = tables + offset[c][k];
        for (int g = 0; g < groups; g++) {
            int w = 8 * g, c = 1;
            __m512i met = _mm512_load_si512(row[0] + w);
            for (; c + 1 < chunks; c += 2)
                met = _mm512_ternarylogic_epi64(met, _mm512_load_si512(row[c] + w), _mm512_load_si512(row[c + 1] + w),
                                                0xfe);
            if (c < chunks)
                met = _mm512_or_si512(met, _mm512_load_si512(row[c] + w));
            __m512i free_ = _mm512_ternarylogic_epi64(met, met, met, 0x01); /* ~met */
            _mm512_store_si512(free_words[BATCH * g + (int)k], free_);
            any[g] |= (uint64_t)_mm512_test_epi64_mask(free_, free_) << (8 * k);
        }
    }
    _Static_assert(BATCH_GROUPS == 4, "the groups' bytes fill half a register");
    __m512i bytes = _mm512_setr_epi64((long long)any[0], (long long)any[1], (long long)any[2], (long long)any[3], 0, 0,
                                      0, 0);
    return (uint32_t)_mm512_test_epi8_mask(bytes, bytes);
}

/* The same with AVX-512 for CHUNKS chunks (a constant, so that the loops unroll): the rows of
 * eight queries found at once, their free words stored with a bit for those that have a pair
 * (each_batch()), then the pairs of those, whose words are still in the first-level cache. */
#define EACH_AVX512(CHUNKS)                                                                                         \
    __attribute__((target("avx512f,avx512vpopcntdq,avx512bw"))) static void each_sliced_avx512_##CHUNKS(         \
        const matcher *m, const layout *l, int words, const uint64_t *queries, size_t count, size_t first,             \
        size_t base, each_sink *sink)                                                                               \
    {                                                                                                               \
        row_finder finder;                                                                                          \
        nq_match_finder(l, words, CHUNKS, &finder);                                                                 \
        _Alignas(64) uint64_t offset[CHUNKS][8];                                                                    \
        _Alignas(64) uint64_t free_words[BATCH * BATCH_GROUPS][8];                                                  \
        int groups = words / 8;                                                                                     \
        for (size_t i = 0; i < count; i += 8) {                                                                     \
            size_t here = count - i < 8 ? count - i : 8;                                                            \
            nq_match_offsets(&finder, CHUNKS, queries + i, here, offset);                                           \
            uint32_t hits = groups == 4   ? each_batch(m->tables, offset, here, CHUNKS, 4, free_words)              \
                            : groups == 3 ? each_batch(m->tables, offset, here, CHUNKS, 3, free_words)              \
                            : groups == 2 ? each_batch(m->tables, offset, here, CHUNKS, 2, free_words)              \
                                          : each_batch(m->tables, offset, here, CHUNKS, 1, free_words);             \
            size_t found = sink->found_count;                                                                       \
            for (; hits; hits &= hits - 1) {                                                                        \
                if (found > EACH_FOUND_HELD) {                                                                      \
                    sink->found_count = found;                                                                      \
                    each_found(sink);                                                                               \
                    found = 0;                                                                                      \
                }                                                                                                   \
                unsigned h = (unsigned)__builtin_ctz(hits);                                                         \
                found = each_free(sink, found, first + i + h % BATCH, base, 8 * (int)(h / BATCH),                   \
                                  _mm512_load_si512(free_words[h]));                                                \
            }                                                                                                       \
            sink->found_count = found;                                                                              \
        }                                                                                                           \
    }
EACH_AVX512(1)
EACH_AVX512(2)
EACH_AVX512(3)
EACH_AVX512(4)
EACH_AVX512(5)
EACH_AVX512(6)
EACH_AVX512(7)
EACH_AVX512(8)
EACH_AVX512(9)
EACH_AVX512(10)
EACH_AVX512(11)
EACH_AVX512(12)

/* ---- partners counted, not listed (no visitor) ---- */

/* The sliced keys' partners are counted in vertical counters: a bit of each plane for each key
 * of a block. A batch's free words are added into planes 0 to 3 by a tree of full adders (two
 * logic instructions each, about two an added word in all); a carry out of them goes on through
 * the planes up to CARRIED - 1 whatever it is, and above only if any is left, which takes
 * 2^CARRIED queries at least (a branch on it at every plane would mostly guess wrong). Every
 * COUNT_FLUSH queries at most, and when a call ends, the planes are added to the keys' counts: a
 * key's count is then at most 2^PLANES - 1, which they hold. */
enum { CARRIED = 7, PLANES = 12, COUNT_FLUSH = (1 << PLANES) - 1 - BATCH };

/* The planes of a group of eight words: planes[d], weight 2^d. */
typedef struct count_planes {
    _Alignas(64) uint64_t planes[PLANES][8];
} count_planes;

/* The full adder of three words of bits: their sums' low bits, and their carries into *high. */
__attribute__((target("avx512f"), always_inline)) static inline __m512i add3(__m512i a, __m512i b, __m512i c,
                                                                             __m512i *high)
{
    *high = _mm512_ternarylogic_epi64(a, b, c, 0xe8); /* at least two of three */
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);  /* odd */
}

/* Adds the counts that p's planes hold to counts[0..room - 1], the keys of its eight words that
 * have a count (the planes of those past them are clear), and clears them: 32 keys an
 * instruction, in 16-bit lanes. */
__attribute__((target("avx512f,avx512bw"))) static void flush_planes(count_planes *p, size_t room, uint32_t *counts)
{
    _Static_assert(PLANES <= 16, "a key's count fits 16 bits");
    for (size_t w = 0; w < 8 && 64 * w < room; w++)
        for (size_t half = 0; half < 2 && 64 * w + 32 * half < room; half++) {
            __m512i sum = _mm512_setzero_si512();
            for (int d = 0; d < PLANES; d++)
                sum = _mm512_mask_add_epi16(sum, (__mmask32)(p->planes[d][w] >> 32 * half), sum,
                                            _mm512_set1_epi16((short)(1 << d)));
            size_t from = 64 * w + 32 * half, left = room - from;
            __mmask16 in[2] = {(__mmask16)(left >= 16 ? 0xffffu : (1u << left) - 1),
                               (__mmask16)(left >= 32 ? 0xffffu : left <= 16 ? 0 : (1u << (left - 16)) - 1)};
            __m512i part[2] = {_mm512_cvtepu16_epi32(_mm512_castsi512_si256(sum)),
                               _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(sum, 1))};
            for (int k = 0; k < 2; k++) {
                uint32_t *at = counts + from + 16 * (size_t)k;
                _mm512_mask_storeu_epi32(at, in[k], _mm512_add_epi32(_mm512_maskz_loadu_epi32(in[k], at), part[k]));
            }
        }
    memset(p->planes, 0, sizeof p->planes);
}

/* Adds the sum of the lanes of v[k] to counts[k], k < here: the eight sums at once, pairs of
 * vectors folded into one, then pairs of those, then the last pair (21 instructions, where a sum
 * at a time takes 8 a vector and waits on each). */
__attribute__((target("avx512f"), always_inline)) static inline void add_sums(const __m512i *v, size_t here,
                                                                              uint32_t *counts)
{
    __m512i a[4], b[2];
    for (int p = 0; p < 4; p++) /* lanes: v[2p], v[2p + 1], in each 128 bits */
        a[p] = _mm512_add_epi64(_mm512_unpacklo_epi64(v[2 * p], v[2 * p + 1]),
                                _mm512_unpackhi_epi64(v[2 * p], v[2 * p + 1]));
    for (int p = 0; p < 2; p++) /* 128 bits: v[4p], v[4p + 1] twice, then v[4p + 2], v[4p + 3] twice */
        b[p] = _mm512_add_epi64(_mm512_shuffle_i64x2(a[2 * p], a[2 * p + 1], 0x88),
                                _mm512_shuffle_i64x2(a[2 * p], a[2 * p + 1], 0xdd));
    __m512i sums = _mm512_add_epi64(_mm512_shuffle_i64x2(b[0], b[1], 0x88), _mm512_shuffle_i64x2(b[0], b[1], 0xdd));
    __mmask16 in = (__mmask16)((1u << here) - 1);
    __m512i to = _mm512_castsi256_si512(_mm512_cvtepi64_epi32(sums));
    _mm512_mask_storeu_epi32(counts, in, _mm512_add_epi32(_mm512_maskz_loadu_epi32(in, counts), to));
}

/* A batch of eight queries (`here` of them; the others' words count as none) against `groups`
 * groups of eight words: each query's free words' popcounts summed in found[k]'s lanes, and each
 * group's eight free words added into its planes. Inlined where chunks and groups are constants,
 * so that the loops unroll. */
__attribute__((target("avx512f,avx512vpopcntdq"), always_inline)) static inline void
count_batch(const uint64_t *tables, uint64_t (*offset)[8], size_t here, const int chunks, const int groups,
            count_planes *planes, __m512i *found)
{
    for (int g = 0; g < groups; g++) {
        uint64_t(*plane)[8] = planes[g].planes;
        __m512i free_[8];
        for (size_t k = 0; k < 8; k++) {
            int w = 8 * g, c = 1;
            __m512i met = _mm512_load_si512(tables + offset[0][k] + w);
            for (; c + 1 < chunks; c += 2)
                met = _mm512_ternarylogic_epi64(met, _mm512_load_si512(tables + offset[c][k] + w),
                                                _mm512_load_si512(tables + offset[c + 1][k] + w), 0xfe);
            if (c < chunks)
                met = _mm512_or_si512(met, _mm512_load_si512(tables + offset[c][k] + w));
            /* ~met, and nothing for the lanes past the batch (whose offsets are query 0's). */
            free_[k] = _mm512_maskz_ternarylogic_epi64((__mmask8)(k < here ? 0xff : 0), met, met, met, 0x01);
            found[k] = _mm512_add_epi64(found[k], _mm512_popcnt_epi64(free_[k]));
        }
        __m512i ones = _mm512_load_si512(plane[0]), twos = _mm512_load_si512(plane[1]);
        __m512i fours = _mm512_load_si512(plane[2]), two[4], four[2], carry;
        for (int p = 0; p < 4; p++)
            ones = add3(ones, free_[2 * p], free_[2 * p + 1], &two[p]);
        for (int p = 0; p < 2; p++)
            twos = add3(twos, two[2 * p], two[2 * p + 1], &four[p]);
        fours = add3(fours, four[0], four[1], &carry);
        _mm512_store_si512(plane[0], ones);
        _mm512_store_si512(plane[1], twos);
        _mm512_store_si512(plane[2], fours);
        int d = 3;
        for (; d < CARRIED; d++) {
            __m512i at = _mm512_load_si512(plane[d]);
            _mm512_store_si512(plane[d], _mm512_xor_si512(at, carry));
            carry = _mm512_and_si512(at, carry);
        }
        for (; d < PLANES && _mm512_test_epi64_mask(carry, carry); d++) {
            __m512i at = _mm512_load_si512(plane[d]);
            _mm512_store_si512(plane[d], _mm512_xor_si512(at, carry));
            carry = _mm512_and_si512(at, carry);
        }
    }
}

/* The partners of the queries queries[0..count-1] (at positions first and on) among the block's
 * keys (the first at `base`) and theirs among the queries, counted into the sink, with AVX-512 for
 * CHUNKS chunks (count_batch()). */
#define COUNT_AVX512(CHUNKS)                                                                                        \
    __attribute__((target("avx512f,avx512vpopcntdq,avx512bw"))) static void count_sliced_avx512_##CHUNKS(        \
        const matcher *m, const layout *l, int words, const uint64_t *queries, size_t count, size_t first,             \
        size_t base, each_sink *sink)                                                                               \
    {                                                                                                               \
        row_finder finder;                                                                                          \
        nq_match_finder(l, words, CHUNKS, &finder);                                                                 \
        _Alignas(64) uint64_t offset[CHUNKS][8];                                                                    \
        count_planes planes[BATCH_GROUPS];                                                                          \
        int groups = words / 8;                                                                                     \
        memset(planes, 0, sizeof planes);                                                                           \
        size_t since = 0; /* queries added since the planes were last flushed */                                   \
        for (size_t i = 0; i < count; i += 8) {                                                                     \
            size_t here = count - i < 8 ? count - i : 8;                                                            \
            nq_match_offsets(&finder, CHUNKS, queries + i, here, offset);                                           \
            /* The offsets read back from memory, a load each, not taken out of their registers. */                \
            __asm__ volatile("" : : "r"(offset) : "memory");                                                       \
            __m512i found[8];                                                                                       \
            for (int k = 0; k < 8; k++)                                                                             \
                found[k] = _mm512_setzero_si512();                                                                  \
            if (groups == 4)                                                                                        \
                count_batch(m->tables, offset, here, CHUNKS, 4, planes, found);                                     \
            else if (groups == 3)                                                                                   \
                count_batch(m->tables, offset, here, CHUNKS, 3, planes, found);                                     \
            else if (groups == 2)                                                                                   \
                count_batch(m->tables, offset, here, CHUNKS, 2, planes, found);                                     \
            else                                                                                                    \
                count_batch(m->tables, offset, here, CHUNKS, 1, planes, found);                                     \
            add_sums(found, here, sink->query_counts + first + i);                                                  \
            since += here;                                                                                          \
            if (since > COUNT_FLUSH || i + 8 >= count) {                                                            \
                for (size_t g = 0; g < (size_t)groups; g++)                                                         \
                    flush_planes(&planes[g], sink->sliced_size - base - 512 * g,                                    \
                                 sink->sliced_counts + base + 512 * g);                                             \
                since = 0;                                                                                          \
            }                                                                                                       \
        }                                                                                                           \
    }
COUNT_AVX512(1)
COUNT_AVX512(2)
COUNT_AVX512(3)
COUNT_AVX512(4)
COUNT_AVX512(5)
COUNT_AVX512(6)
COUNT_AVX512(7)
COUNT_AVX512(8)
COUNT_AVX512(9)
COUNT_AVX512(10)
COUNT_AVX512(11)
COUNT_AVX512(12)

/* A kernel of the sliced keys of a block against queries, and the table of one for each number
 * of chunks (its instances NAME_1 to NAME_12). */
typedef void each_sliced_fn(const matcher *, const layout *, int, const uint64_t *, size_t, size_t, size_t,
                            each_sink *);
#define BY_CHUNKS(NAME)                                                                                             \
    {                                                                                                               \
        NULL, NAME##_1, NAME##_2, NAME##_3, NAME##_4, NAME##_5, NAME##_6, NAME##_7, NAME##_8, NAME##_9, NAME##_10,  \
            NAME##_11, NAME##_12                                                                                    \
    }
_Static_assert(MAX_CHUNKS == 12, "a kernel for each number of chunks");

static void count_sliced_avx512(const matcher *m, const layout *l, int words, const uint64_t *queries, size_t count,
                                size_t first, size_t base, each_sink *sink)
{
    static each_sliced_fn *const by_chunks[MAX_CHUNKS + 1] = BY_CHUNKS(count_sliced_avx512);
    by_chunks[l->chunks](m, l, words, queries, count, first, base, sink);
}

static void each_sliced_avx512(const matcher *m, const layout *l, int words, const uint64_t *queries, size_t count,
                               size_t first, size_t base, each_sink *sink)
{
    static each_sliced_fn *const by_chunks[MAX_CHUNKS + 1] = BY_CHUNKS(each_sliced_avx512);
    by_chunks[l->chunks](m, l, words, queries, count, first, base, sink);
}

/* Makes every query of a block of `count` keys meet the padding after them (keys with no bit,
 * which would fit every query): those bits set in every row of the first chunk's table, which
 * each query reads one row of. */
static void pad(matcher *m, const layout *l, int words, size_t count)
{
    for (int w = (int)(count / 64); w < words; w++) {
        size_t from = 64 * (size_t)w;
        uint64_t padding = count <= from ? UINT64_MAX : ~((UINT64_C(1) << (count - from)) - 1);
        for (int r = 0; r < 1 << l->bits[0]; r++)
            m->tables[(size_t)(l->first[0] + r) * stride_of(words) + (size_t)w] |= padding;
    }
}

/* The pairs of the queries queries[0..query_count-1] (at positions query_first and on) and the
 * sliced keys sliced[0..sliced_count-1] (at sliced_first and on), pair by pair: for sides too
 * small to slice. The portable kernel. */
static void each_pairs_portable(const uint64_t *queries, size_t query_count, size_t query_first,
                                const uint64_t *sliced, size_t sliced_count, size_t sliced_first,
                                each_sink *sink)
{
    for (size_t i = 0; i < query_count; i++)
        for (size_t k = 0; k < sliced_count; k++)
            if (!(queries[i] & sliced[k] & sink->key_mask))
                each_pair(sink, query_first + i, sliced_first + k);
}

/* The same with AVX-512: eight sliced keys an instruction, four queries at a time sharing each
 * load, and a branch only where one of the four has a pair among the eight, which is rare for
 * half boards. */
__attribute__((target("avx512f"))) static void each_pairs_avx512(const uint64_t *queries, size_t query_count,
                                                                size_t query_first, const uint64_t *sliced,
                                                                size_t sliced_count, size_t sliced_first,
                                                                each_sink *sink)
{
    size_t i = 0;
    for (; i + 4 <= query_count; i += 4) {
        const uint64_t mask = sink->key_mask;
        __m512i x0 = _mm512_set1_epi64((long long)(queries[i] & mask));
        __m512i x1 = _mm512_set1_epi64((long long)(queries[i + 1] & mask));
        __m512i x2 = _mm512_set1_epi64((long long)(queries[i + 2] & mask));
        __m512i x3 = _mm512_set1_epi64((long long)(queries[i + 3] & mask));
        for (size_t k = 0; k < sliced_count; k += 8) {
            __mmask8 in = (__mmask8)(sliced_count - k >= 8 ? 0xffu : (1u << (sliced_count - k)) - 1);
            __m512i y = _mm512_maskz_loadu_epi64(in, sliced + k);
            __mmask8 fit[4] = {_mm512_mask_testn_epi64_mask(in, x0, y), _mm512_mask_testn_epi64_mask(in, x1, y),
                               _mm512_mask_testn_epi64_mask(in, x2, y), _mm512_mask_testn_epi64_mask(in, x3, y)};
            if (!(fit[0] | fit[1] | fit[2] | fit[3]))
                continue;
            for (int q = 0; q < 4; q++)
                for (unsigned f = fit[q]; f; f &= f - 1)
                    each_pair(sink, query_first + i + (size_t)q, sliced_first + k + (size_t)__builtin_ctz(f));
        }
    }
    for (; i < query_count; i++) {
        __m512i key = _mm512_set1_epi64((long long)(queries[i] & sink->key_mask));
        for (size_t k = 0; k < sliced_count; k += 8) {
            __mmask8 in = (__mmask8)(sliced_count - k >= 8 ? 0xffu : (1u << (sliced_count - k)) - 1);
            for (unsigned f = _mm512_mask_testn_epi64_mask(in, key, _mm512_maskz_loadu_epi64(in, sliced + k)); f;
                 f &= f - 1)
                each_pair(sink, query_first + i, sliced_first + k + (size_t)__builtin_ctz(f));
        }
    }
}

/* The pairs of the queries (`count` keys at `first` positions) and the sliced keys, a block
 * at a time, through bit slices of key_bits bits. */
static void each_sliced(nq_matcher *nm, int key_bits, const uint64_t *sliced, size_t sliced_count, size_t sliced_first,
                        const uint64_t *const *queries, const size_t *counts, const size_t *firsts, int groups,
                        each_sink *sink)
{
    matcher *m = &nm->m;
    each_sliced_fn *each = !nm->fast ? each_sliced_portable : sink->visit ? each_sliced_avx512 : count_sliced_avx512;
    size_t query_count = 0;
    for (int g = 0; g < groups; g++)
        query_count += counts[g];
    layout l = nq_match_layout(key_bits, query_count);
    for (size_t base = 0; base < sliced_count; base += 64 * BLOCK_WORDS) {
        size_t count;
        int words = nq_match_block(m, &nm->kernel, &l, key_bits, sliced, sliced_count, base, &count);
        pad(m, &l, words, count);
        for (int g = 0; g < groups; g++)
            if (counts[g])
                each(m, &l, words, queries[g], counts[g], firsts[g], sliced_first + base, sink);
    }
    each_found(sink);
}

/* in's keys cut by c and sorted by group into out. */
static void each_group(const kernels *kernel, const cut *c, const keys *in, each_side *out, unsigned char **groups,
                       size_t *group_room)
{
    size_t n = in->size;
    if (*group_room < n + 8) {
        free(*groups);
        *group_room = 2 * n + 8;
        *groups = nq_alloc_check(malloc(*group_room));
    }
    keys cut_keys = {0};
    nq_keys_reserve(&cut_keys, n);
    kernel->cut(c, in->items, n, cut_keys.items, *groups);
    memset(out->first, 0, sizeof out->first);
    for (size_t i = 0; i < n; i++)
        out->first[(*groups)[i] + 1]++;
    for (int g = 0; g < CUT_GROUPS; g++)
        out->first[g + 1] += out->first[g];
    size_t next[CUT_GROUPS];
    memcpy(next, out->first, sizeof next);
    out->keys.size = 0;
    nq_keys_reserve(&out->keys, n);
    out->index = nq_alloc_check(realloc(out->index, sizeof *out->index * (n ? n : 1)));
    out->counts = nq_alloc_check(realloc(out->counts, sizeof *out->counts * (n ? n : 1)));
    memset(out->counts, 0, sizeof *out->counts * n);
    for (size_t i = 0; i < n; i++) {
        size_t at = next[(*groups)[i]]++;
        out->keys.items[at] = cut_keys.items[i];
        out->index[at] = (uint32_t)i;
    }
    out->keys.size = n;
    free(cut_keys.items);
}

/* The pairs of sliced's and queries' keys into sink. */
static void each_all(nq_matcher *nm, int q, const keys *sliced, const keys *queries, each_sink *sink)
{
    int key_bits = 4 * q - 2;
    if (!sliced->size || !queries->size)
        return;
    uint64_t pairs = (uint64_t)sliced->size * queries->size;
    if (!(pairs >> nm->group_from[0])) {
        if (!nq_match_slicing_pays(key_bits, sliced->size, queries->size)) {
            (nm->fast ? each_pairs_avx512 : each_pairs_portable)(queries->items, queries->size, 0, sliced->items,
                                                            sliced->size, 0, sink);
            return;
        }
        const uint64_t *items[1] = {queries->items};
        size_t counts[1] = {queries->size}, firsts[1] = {0};
        each_sliced(nm, key_bits, sliced->items, sliced->size, 0, items, counts, firsts, 1, sink);
        return;
    }
    /* Grouped by a cut as nq_matcher_count()'s, of fewer bits (a group is matched on its own, its
     * blocks as full as it), each key's place kept. */
    int group_bits = pairs >> nm->group_from[1] ? CUT_BITS_DEEP : CUT_BITS;
    cut c = nq_match_cut(sliced, queries, key_bits, group_bits);
    each_side *side = nm->each_sides;
    each_group(&nm->kernel, &c, sliced, &side[0], &nm->groups, &nm->group_room);
    each_group(&nm->kernel, &c, queries, &side[1], &nm->groups, &nm->group_room);
    uint32_t *sliced_counts = sink->sliced_counts, *query_counts = sink->query_counts;
    sink->sliced_index = side[0].index;
    sink->query_index = side[1].index;
    sink->sliced_counts = side[0].counts;
    sink->query_counts = side[1].counts;
    for (unsigned g = 0; g < 1u << group_bits; g++) {
        size_t first = side[0].first[g], count = side[0].first[g + 1] - first;
        if (!count)
            continue;
        const uint64_t *group_queries[CUT_GROUPS];
        size_t group_counts[CUT_GROUPS], group_firsts[CUT_GROUPS], matched = 0;
        int groups_matched = 0;
        for (unsigned h = 0; h < 1u << group_bits; h++) {
            size_t from = side[1].first[h], size = side[1].first[h + 1] - from;
            if (!(g & h) && size) {
                group_queries[groups_matched] = side[1].keys.items + from;
                group_firsts[groups_matched] = from;
                group_counts[groups_matched++] = size;
                matched += size;
            }
        }
        const uint64_t *group = side[0].keys.items + first;
        if (nq_match_slicing_pays(c.bits, count, matched))
            each_sliced(nm, c.bits, group, count, first, group_queries, group_counts, group_firsts, groups_matched,
                        sink);
        else
            for (int h = 0; h < groups_matched; h++)
                (nm->fast ? each_pairs_avx512 : each_pairs_portable)(group_queries[h], group_counts[h],
                                                                group_firsts[h], group, count, first, sink);
    }
    for (size_t i = 0; i < sliced->size; i++)
        sliced_counts[side[0].index[i]] += side[0].counts[i];
    for (size_t i = 0; i < queries->size; i++)
        query_counts[side[1].index[i]] += side[1].counts[i];
}

void nq_matcher_each(nq_matcher *nm, int q, const keys *a, const keys *b, uint32_t *a_counts, uint32_t *b_counts,
                     nq_pair_visit *visit, void *context)
{
    if (!nm->sink)
        nm->sink = nq_alloc_check(malloc(sizeof *nm->sink));
    each_sink *sink = nm->sink;
    sink->query_index = sink->sliced_index = NULL;
    sink->visit = visit;
    sink->context = context;
    sink->held = 0;
    sink->found_count = 0;
    bool a_sliced = a->size <= b->size;
    sink->query_counts = a_sliced ? b_counts : a_counts;
    sink->sliced_counts = a_sliced ? a_counts : b_counts;
    sink->sliced_size = a_sliced ? a->size : b->size;
    sink->key_mask = nq_match_key_mask(4 * q - 2);
    sink->queries_are_a = !a_sliced;
    each_all(nm, q, a_sliced ? a : b, a_sliced ? b : a, sink);
    if (sink->held)
        each_hand_over(sink);
}
