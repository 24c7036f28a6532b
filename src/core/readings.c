/*
 * readings.c -- the placements of the first rows, and where a reading stands among them
 * (readings.h). A reading goes down the levels as the prefixes were listed: at each level the
 * position of its placement's first child plus the rank of its column among the open squares;
 * the first three levels at once, through a table of every code f0 + n f1 + n^2 f2.
 */
#include "readings.h"

#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "check.h"
#include "nq/alloc.h"

enum { FIELD_BITS = NQ_READING_FIELD_BITS };

/* The most levels nq_readings.direct takes: n^3 positions, in the first-level cache. */
enum { DIRECT_LEVELS = 3 };

/* The bits set in each byte: a rank in a row of up to 24 squares is three look-ups (the build
 * has no popcount instruction to count on, and the library's call costs more). */
static const uint8_t byte_bits[256] = {
#define BITS2(x) x, x + 1, x + 1, x + 2
#define BITS4(x) BITS2(x), BITS2(x + 1), BITS2(x + 1), BITS2(x + 2)
#define BITS6(x) BITS4(x), BITS4(x + 1), BITS4(x + 1), BITS4(x + 2)
    BITS6(0), BITS6(1), BITS6(1), BITS6(2)
#undef BITS2
#undef BITS4
#undef BITS6
};

/* A reading's slot (readings.h): through the direct table, then level by level. */
static inline uint32_t slot_of(const nq_readings *x, uint64_t reading)
{
    const uint64_t field = (1u << FIELD_BITS) - 1;
    uint32_t code = 0;
    for (int k = x->direct_levels - 1; k >= 0; k--)
        code = code * (uint32_t)x->n + (uint32_t)(reading >> FIELD_BITS * k & field);
    uint32_t at = x->direct[code];
    reading >>= FIELD_BITS * x->direct_levels;
    for (int k = x->direct_levels; k + 1 < x->length; k++, reading >>= FIELD_BITS) {
        uint64_t node = x->levels[k][at];
        uint32_t before = (uint32_t)(node >> 32) & ((UINT32_C(1) << (reading & field)) - 1);
        at = (uint32_t)node + byte_bits[before & 255] + byte_bits[before >> 8 & 255] + byte_bits[before >> 16];
    }
    return at * (uint32_t)x->n + (uint32_t)(reading & field);
}

size_t nq_readings_slots(const nq_readings *x)
{
    return x->sizes[x->length - 1] * (size_t)x->n;
}

/* A placement's mirror image is its parent's mirror image's child in the mirrored column, and
 * mirroring reverses the order of a row's open squares, so each level's images follow from the
 * level above without a look-up. */
void nq_readings_build(nq_readings *x, int n, int length, const uint64_t *rows, uint32_t **mirror)
{
    NQ_CHECK(length >= 1 && length <= NQ_LEXCOUNT_MAX_DEPTH + 1);
    memset(x, 0, sizeof *x);
    x->n = n;
    x->length = length;
    size_t size = 1;
    nq_attacks *attacks = nq_alloc_check(malloc(sizeof *attacks));
    uint32_t *images = mirror ? nq_alloc_check(malloc(sizeof *images)) : NULL;
    attacks[0] = (nq_attacks){0, 0, 0};
    if (images)
        images[0] = 0;
    x->sizes[0] = 1;
    for (int k = 0; k < length; k++) {
        x->levels[k] = nq_alloc_check(malloc(sizeof *x->levels[k] * size));
        size_t next = 0;
        for (size_t i = 0; i < size; i++) {
            uint64_t open = nq_attacks_open(attacks[i], rows[k]);
            x->levels[k][i] = (uint64_t)next | open << 32;
            next += (size_t)nq_popcount(open);
        }
        NQ_CHECK(next < UINT32_MAX);
        bool last = k + 1 == length; /* the last level's placements need no attacks */
        nq_attacks *next_attacks = last ? NULL : nq_alloc_check(malloc(sizeof *next_attacks * (next ? next : 1)));
        uint32_t *next_images = images ? nq_alloc_check(malloc(sizeof *next_images * (next ? next : 1))) : NULL;
        for (size_t i = 0; i < size; i++) {
            uint32_t first = (uint32_t)x->levels[k][i], image = images ? (uint32_t)x->levels[k][images[i]] : 0;
            uint32_t children = (uint32_t)nq_popcount(x->levels[k][i] >> 32), c = 0;
            for (uint64_t open = x->levels[k][i] >> 32; open; open &= open - 1, c++) {
                if (!last)
                    next_attacks[first + c] = nq_attacks_next(attacks[i], open & (0u - open));
                if (images)
                    next_images[first + c] = image + children - 1 - c;
            }
        }
        free(attacks);
        free(images);
        attacks = next_attacks;
        images = next_images;
        size = next;
        x->sizes[k + 1] = size;
    }
    free(attacks);
    if (mirror)
        *mirror = images;
    x->direct_levels = length - 1 < DIRECT_LEVELS ? length - 1 : DIRECT_LEVELS;
    size_t codes = 1;
    for (int k = 0; k < x->direct_levels; k++)
        codes *= (size_t)n;
    x->direct = nq_alloc_check(calloc(codes, sizeof *x->direct));
    for (size_t code = 0; code < codes; code++) {
        uint32_t at = 0;
        size_t rest = code;
        int k = 0;
        for (; k < x->direct_levels; k++, rest /= (size_t)n) {
            uint64_t node = x->levels[k][at], open = node >> 32;
            unsigned column = (unsigned)(rest % (size_t)n);
            if (!(open >> column & 1))
                break; /* no such placement: never read */
            at = (uint32_t)node + (uint32_t)nq_popcount(open & ((UINT64_C(1) << column) - 1));
        }
        x->direct[code] = k == x->direct_levels ? at : 0;
    }
}

void nq_readings_free(nq_readings *x)
{
    for (int k = 0; k < x->length; k++)
        free(x->levels[k]);
    free(x->direct);
}

/* The slots of readings[0..count-1] into out: the portable kernel. */
static void positions_portable(const nq_readings *x, const uint64_t *readings, size_t count, uint32_t *out)
{
    for (size_t i = 0; i < count; i++)
        out[i] = slot_of(x, readings[i]);
}

/* The same with AVX-512: sixteen readings go down the levels at once, two vectors of eight side
 * by side (each level's look-ups of one wait on the last level's, so the other's overlap them),
 * their nodes gathered. */
__attribute__((target("avx512f,avx512vpopcntdq"))) static void positions_avx512(const nq_readings *x,
                                                                               const uint64_t *readings, size_t count,
                                                                               uint32_t *out)
{
    const __m512i field = _mm512_set1_epi64((1 << FIELD_BITS) - 1), one = _mm512_set1_epi64(1);
    const __m512i low = _mm512_set1_epi64((long long)UINT32_MAX), n = _mm512_set1_epi64(x->n);
    for (size_t i = 0; i < count; i += 16) {
        __mmask8 in[2];
        __m512i reading[2], code[2], at[2];
        for (int h = 0; h < 2; h++) {
            size_t from = i + 8 * (size_t)h, left = count > from ? count - from : 0;
            in[h] = (__mmask8)(left >= 8 ? 0xffu : (1u << left) - 1);
            reading[h] = _mm512_maskz_loadu_epi64(in[h], readings + from);
            code[h] = _mm512_setzero_si512();
        }
        for (int k = x->direct_levels - 1; k >= 0; k--)
            for (int h = 0; h < 2; h++)
                code[h] = _mm512_add_epi64(_mm512_mul_epu32(code[h], n),
                                           _mm512_and_si512(_mm512_srli_epi64(reading[h], FIELD_BITS * k), field));
        for (int h = 0; h < 2; h++) {
            at[h] = _mm512_cvtepu32_epi64(
                _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), in[h], code[h], x->direct, 4));
            reading[h] = _mm512_srli_epi64(reading[h], FIELD_BITS * x->direct_levels);
        }
        for (int k = x->direct_levels; k + 1 < x->length; k++)
            for (int h = 0; h < 2; h++) {
                __m512i node = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), in[h], at[h], x->levels[k], 8);
                __m512i below = _mm512_sub_epi64(_mm512_sllv_epi64(one, _mm512_and_si512(reading[h], field)), one);
                __m512i before = _mm512_and_si512(_mm512_srli_epi64(node, 32), below);
                at[h] = _mm512_add_epi64(_mm512_and_si512(node, low), _mm512_popcnt_epi64(before));
                reading[h] = _mm512_srli_epi64(reading[h], FIELD_BITS);
            }
        for (int h = 0; h < 2; h++) {
            __m512i slot = _mm512_add_epi64(_mm512_mul_epu32(at[h], n), _mm512_and_si512(reading[h], field));
            _mm512_mask_cvtepi64_storeu_epi32(out + i + 8 * (size_t)h, in[h], slot);
        }
    }
}

void nq_readings_slots_of(const nq_readings *x, bool fast, const uint64_t *readings, size_t count, uint32_t *out)
{
    (fast ? positions_avx512 : positions_portable)(x, readings, count, out);
}

/* From slots to positions: the children of each placement of the level above the last, in the
 * order of their columns. */
void nq_readings_sum(const nq_readings *x, uint32_t *const *counts, int threads, uint64_t *out)
{
    for (size_t p = 0; p < x->sizes[x->length - 1]; p++) {
        uint64_t node = x->levels[x->length - 1][p];
        size_t child = (uint32_t)node;
        for (uint64_t open = node >> 32; open; open &= open - 1, child++) {
            size_t slot = p * (size_t)x->n + (size_t)nq_lowest_column(open);
            for (int t = 0; t < threads; t++)
                out[child] += counts[t][slot];
        }
    }
}
