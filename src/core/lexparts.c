/*
 * lexparts.c -- the quarter entries' parts of the fill by halves' half boards (lexparts.h). An
 * entry's places (quarters.h) give its parts of the readings: the rows of the queens of its
 * columns from each end (a half board's edge: left, or right read from the board's last column)
 * and the columns of the queens of its rows from each end (the first rows, or the last rows read
 * from the bottom). A quarter's neighbour below or to the right is s rows or columns further on,
 * which adds s to each field that has a queen. Worked out eight entries an instruction with
 * AVX-512, one at a time otherwise.
 */
#include "lexparts.h"

#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

#include "halves.h"
#include "nq/alloc.h"
#include "readings.h"
#include "team.h"

/* Bits a field of a reading takes (readings.h). */
enum { FIELD_BITS = NQ_READING_FIELD_BITS };

/* The parts of entry e in each quarter k (k % 2: a bottom one, k >= 2: a right one). The edge: a
 * left half's columns 0, 1, ... or a right half's n - 1, n - 2, ..., each the row of its queen;
 * across: the top quarter's rows 0, 1, ... or the bottom's n - 1, n - 2, ..., each the column of
 * its queen. */
static void parts_of(lexparts *x, size_t e)
{
    int q = x->p->q, length = x->length;
    uint64_t places = x->t->places[e];
    /* The left top quarter's edge, the right top's, the left top's across and the left bottom's,
     * and a 1 in each of their fields that has a queen: s times that is what the quarter's
     * neighbour adds (its rows or columns are s further on). */
    uint64_t fields[4] = {0}, ones[4] = {0};
    for (int c = 0; c < q; c++) {
        int r = (int)(places >> 4 * c & 15);
        if (r == NQ_QUARTER_EMPTY)
            continue;
        const int at[4] = {c, q - 1 - c, r, q - 1 - r};
        const uint64_t value[4] = {(uint64_t)r, (uint64_t)r, (uint64_t)c, (uint64_t)c};
        for (int k = 0; k < 4; k++)
            if (at[k] < length) {
                fields[k] |= value[k] << (FIELD_BITS * at[k]);
                ones[k] |= UINT64_C(1) << (FIELD_BITS * at[k]);
            }
    }
    uint64_t s = (uint64_t)x->p->s;
    const uint64_t edge[4] = {fields[0], fields[0] + s * ones[0], fields[1], fields[1] + s * ones[1]};
    const uint64_t across[4] = {fields[2], fields[3], fields[2] + s * ones[2], fields[3] + s * ones[3]};
    int shift = nq_lexparts_carried_shift(x->p->q), last_rows = nq_lexparts_last_rows_shift(length);
    for (int k = 0; k < 4; k++) {
        uint64_t key = nq_half_key(&x->shapes[k >= 2], k % 2, x->t->entries[e]);
        if (x->edge_in_key)
            key |= edge[k] << shift;
        else
            x->whole[k].edge[e] = x->across && k % 2 ? edge[k] | across[k] << last_rows : edge[k];
        x->whole[k].key[e] = x->across && k % 2 == 0 ? key | across[k] << shift : key;
    }
}

/* The same for the entries e to e + here - 1 (here <= 8) with AVX-512: a column of all eight at a
 * time, in vector lanes, where parts_of() takes a queen at a time and branches on where it
 * stands. */
__attribute__((target("avx512f"))) static void parts_avx512(lexparts *x, size_t e, size_t here)
{
    int q = x->p->q, length = x->length;
    __mmask8 in = (__mmask8)((1u << here) - 1);
    __m512i places = _mm512_maskz_loadu_epi64(in, x->t->places + e);
    const __m512i empty = _mm512_set1_epi64(NQ_QUARTER_EMPTY), one = _mm512_set1_epi64(1);
    const __m512i reading = _mm512_set1_epi64(length), last = _mm512_set1_epi64(q - 1);
    __m512i fields[4], ones[4];
    for (int k = 0; k < 4; k++)
        fields[k] = ones[k] = _mm512_setzero_si512();
    for (int c = 0; c < q; c++) {
        __m512i r = _mm512_and_si512(_mm512_srli_epi64(places, 4 * (unsigned)c), empty);
        __mmask8 queen = _mm512_cmpneq_epi64_mask(r, empty);
        /* The edges: column c (left) and q - 1 - c (right), the same for all eight. */
        const int at[2] = {c, q - 1 - c};
        for (int k = 0; k < 2; k++)
            if (at[k] < length) {
                __m512i shift = _mm512_set1_epi64(FIELD_BITS * at[k]);
                fields[k] = _mm512_mask_or_epi64(fields[k], queen, fields[k], _mm512_sllv_epi64(r, shift));
                ones[k] = _mm512_mask_or_epi64(ones[k], queen, ones[k], _mm512_sllv_epi64(one, shift));
            }
        if (!x->across)
            continue;
        /* Across: row r (top) and q - 1 - r (bottom), each lane its own. */
        const __m512i column = _mm512_set1_epi64(c), place[2] = {r, _mm512_sub_epi64(last, r)};
        for (int k = 0; k < 2; k++) {
            __mmask8 read = _mm512_mask_cmplt_epi64_mask(queen, place[k], reading);
            __m512i shift = _mm512_add_epi64(_mm512_slli_epi64(place[k], 2), place[k]); /* FIELD_BITS * place */
            fields[2 + k] = _mm512_mask_or_epi64(fields[2 + k], read, fields[2 + k], _mm512_sllv_epi64(column, shift));
            ones[2 + k] = _mm512_mask_or_epi64(ones[2 + k], read, ones[2 + k], _mm512_sllv_epi64(one, shift));
        }
    }
    _Static_assert(FIELD_BITS == 5, "a field's place is its rank times four plus its rank");
    /* s times the ones: a shifted copy for each bit of s. */
    __m512i further[4];
    for (int k = 0; k < 4; k++) {
        further[k] = fields[k];
        for (int b = 0; 1 << b <= x->p->s; b++)
            if (x->p->s >> b & 1)
                further[k] = _mm512_add_epi64(further[k], _mm512_slli_epi64(ones[k], (unsigned)b));
    }
    const __m512i edge[4] = {fields[0], further[0], fields[1], further[1]};
    const __m512i across[4] = {fields[2], fields[3], further[2], further[3]};
    __m512i entries = _mm512_maskz_loadu_epi64(in, x->t->entries + e);
    __m512i d1 = _mm512_and_si512(entries, _mm512_set1_epi64((long long)D1_BITS));
    __m512i d2 = _mm512_srli_epi64(entries, D2_SHIFT);
    const __m512i shift = _mm512_set1_epi64(nq_lexparts_carried_shift(x->p->q));
    const __m512i last_rows = _mm512_set1_epi64(nq_lexparts_last_rows_shift(length));
    for (int k = 0; k < 4; k++) {
        const half_key_shape *shape = &x->shapes[k >= 2];
        int quarter = k % 2;
        __m512i low = _mm512_set1_epi64((long long)((UINT64_C(1) << shape->width) - 1));
        __m512i a = _mm512_srlv_epi64(_mm512_sllv_epi64(d1, _mm512_set1_epi64(shape->up[quarter][0])),
                                      _mm512_set1_epi64(shape->down[quarter][0]));
        __m512i b = _mm512_srlv_epi64(_mm512_sllv_epi64(d2, _mm512_set1_epi64(shape->up[quarter][1])),
                                      _mm512_set1_epi64(shape->down[quarter][1]));
        __m512i key = _mm512_or_si512(_mm512_and_si512(a, low),
                                      _mm512_sllv_epi64(_mm512_and_si512(b, low), _mm512_set1_epi64(shape->width)));
        if (x->across && k % 2 == 0)
            key = _mm512_or_si512(key, _mm512_sllv_epi64(across[k], shift));
        if (x->edge_in_key)
            key = _mm512_or_si512(key, _mm512_sllv_epi64(edge[k], shift));
        else if (x->across && k % 2)
            _mm512_mask_storeu_epi64(x->whole[k].edge + e, in,
                                     _mm512_or_si512(edge[k], _mm512_sllv_epi64(across[k], last_rows)));
        else
            _mm512_mask_storeu_epi64(x->whole[k].edge + e, in, edge[k]);
        _mm512_mask_storeu_epi64(x->whole[k].key + e, in, key);
    }
}

/* Room for the parts of `entries` entries and eight more (a register of them is stored whole):
 * the edges' only if `edge`. */
static void parts_alloc(quarter_parts *parts, size_t entries, bool edge)
{
    parts->key = nq_alloc_check(malloc(sizeof *parts->key * (entries + 8)));
    parts->edge = edge ? nq_alloc_check(malloc(sizeof *parts->edge * (entries + 8))) : NULL;
}

static void parts_free(quarter_parts *parts)
{
    free(parts->key);
    free(parts->edge);
    memset(parts, 0, sizeof *parts);
}

/* Entries whose parts a thread takes at a time. */
enum { PARTS_RUN = 1 << 14 };

/* The parts of every entry of the quarter table in each quarter, shared among the team's
 * threads PARTS_RUN entries at a time (x->whole is allocated): once a fill. */
static void whole_work(void *context)
{
    lexparts *x = context;
    size_t entries = x->t->start[(size_t)1 << 2 * x->p->q];
    for (size_t from; (from = atomic_fetch_add_explicit(&x->next_entry, PARTS_RUN, memory_order_relaxed)) < entries;) {
        size_t end = from + PARTS_RUN < entries ? from + PARTS_RUN : entries;
        if (x->fast)
            for (size_t e = from; e < end; e += 8)
                parts_avx512(x, e, end - e < 8 ? end - e : 8);
        else
            for (size_t e = from; e < end; e++)
                parts_of(x, e);
    }
}

/* The field a grouped configuration's own queen gives the left edge's reading: the readings of
 * its group's right half boards cannot hold it, so its left top quarter's edges do. */
static uint64_t own_edge(const lexparts *x, const half_config *c)
{
    int a = c->middle_column;
    return c->grouped && a < x->length ? (uint64_t)(x->p->n / 2) << (FIELD_BITS * a) : 0;
}

/* Where the round's filtering i keeps its entries. The right quarters, closed to what the group
 * shares, keep most entries: they come first, so that every round writes them over the same
 * memory, whose pages were made in the first. */
static int filtered_at(const lexparts *x, int i)
{
    return i >= 2 * x->group ? i - 2 * x->group : i + 2;
}

/* What a filtering keeps (filter_work()): the entries of quarter k outside the cells `shut` that
 * `closed` leaves open, each key ORed with key_bits and each edge with edge_bits. */
typedef struct keeping {
    int k;
    size_t shut;
    uint64_t closed, key_bits, edge_bits;
} keeping;

/* The entries that h keeps, into out (its start by cell) and parts, which have room for them and
 * eight more: the portable kernel. */
static void keep_portable(const lexparts *x, const keeping *h, quarters *out, quarter_parts *parts)
{
    size_t cells = (size_t)1 << 2 * x->p->q;
    const quarter_parts *whole = &x->whole[h->k];
    uint32_t kept = 0;
    for (size_t cell = 0; cell < cells; cell++) {
        out->start[cell] = kept;
        if (cell & h->shut)
            continue;
        for (uint32_t e = x->t->start[cell]; e < x->t->start[cell + 1]; e++)
            if (!(x->t->entries[e] & h->closed)) {
                parts->key[kept] = whole->key[e] | h->key_bits;
                if (parts->edge)
                    parts->edge[kept] = whole->edge[e] | h->edge_bits;
                kept++;
            }
    }
    out->start[cells] = kept;
}

/* The same with AVX-512: eight entries an instruction, those kept compressed in a register and
 * stored whole, with no branch on which are kept (about half, at random). */
__attribute__((target("avx512f"))) static void keep_avx512(const lexparts *x, const keeping *h, quarters *out,
                                                           quarter_parts *parts)
{
    size_t cells = (size_t)1 << 2 * x->p->q;
    const quarter_parts *whole = &x->whole[h->k];
    const __m512i closed = _mm512_set1_epi64((long long)h->closed);
    const __m512i key_bits = _mm512_set1_epi64((long long)h->key_bits);
    const __m512i edge_bits = _mm512_set1_epi64((long long)h->edge_bits);
    uint32_t kept = 0;
    for (size_t cell = 0; cell < cells; cell++) {
        out->start[cell] = kept;
        if (cell & h->shut)
            continue;
        for (uint32_t e = x->t->start[cell], end = x->t->start[cell + 1]; e < end; e += 8) {
            __mmask8 in = (__mmask8)(end - e >= 8 ? 0xffu : (1u << (end - e)) - 1);
            __mmask8 open = _mm512_mask_testn_epi64_mask(in, _mm512_maskz_loadu_epi64(in, x->t->entries + e), closed);
            __m512i key = _mm512_or_si512(_mm512_maskz_loadu_epi64(in, whole->key + e), key_bits);
            _mm512_storeu_si512(parts->key + kept, _mm512_maskz_compress_epi64(open, key));
            if (parts->edge) {
                __m512i edge = _mm512_or_si512(_mm512_maskz_loadu_epi64(in, whole->edge + e), edge_bits);
                _mm512_storeu_si512(parts->edge + kept, _mm512_maskz_compress_epi64(open, edge));
            }
            kept += (uint32_t)__builtin_popcount(open);
        }
    }
    out->start[cells] = kept;
}

/* The entries of each of the round's quarters that the middle queens leave open
 * (nq_half_filtering()), with their parts, the left top ones with their configuration's own
 * queen's edge field: shared among the team's threads a quarter each. */
static void filter_work(void *context)
{
    lexparts *x = context;
    size_t cells = (size_t)1 << 2 * x->p->q;
    for (int i;
         (i = atomic_fetch_add_explicit(&x->next_quarter, 1, memory_order_relaxed)) < nq_half_filterings(x->group);) {
        half_filtering f = nq_half_filtering(x->config, x->group, i);
        uint64_t edge_bits = f.k ? 0 : own_edge(x, f.c);
        keeping h = {.k = f.k,
                     .shut = nq_half_shut_cells(x->p, f.c, f.k), /* left empty */
                     .closed = f.closed,
                     .key_bits = f.crossing |
                                 (x->edge_in_key ? edge_bits << nq_lexparts_carried_shift(x->p->q) : 0),
                     .edge_bits = edge_bits};
        quarters *out = &x->filtered[filtered_at(x, i)];
        quarter_parts *parts = &x->filtered_parts[filtered_at(x, i)];
        if (!out->start)
            *out = (quarters){.q = x->p->q, .start = nq_alloc_check(malloc(sizeof *out->start * (cells + 1)))};
        if (!parts->key)
            parts_alloc(parts, x->t->start[cells], !x->edge_in_key);
        (x->fast ? keep_avx512 : keep_portable)(x, &h, out, parts);
    }
}

void nq_lexparts_make(lexparts *x, const half_plan *p, const quarters *t, int length, bool across, int threads)
{
    *x = (lexparts){.p = p,
                    .t = t,
                    .length = length,
                    .across = across,
                    .edge_in_key = nq_lexparts_edge_in_key(p->n, length, across),
                    .fast = nq_halves_fast_kernels()};
    x->shapes[0] = nq_half_shape(p->q, p->s, true);
    x->shapes[1] = nq_half_shape(p->q, p->s, false);
    for (int k = 0; k < 4; k++)
        parts_alloc(&x->whole[k], t->start[(size_t)1 << 2 * p->q], !x->edge_in_key);
    atomic_init(&x->next_entry, 0);
    nq_team whole = {threads, whole_work, x, NULL, NULL, 0};
    nq_team_run(&whole);
    for (size_t i = 0; i < p->config_count; i = p->configs[i].group_end) {
        size_t count = (size_t)nq_half_filterings((int)(p->configs[i].group_end - i));
        if (nq_half_filtered(&p->configs[i]) && count > x->room)
            x->room = count;
    }
    x->filtered = nq_alloc_check(calloc(x->room ? x->room : 1, sizeof *x->filtered));
    x->filtered_parts = nq_alloc_check(calloc(x->room ? x->room : 1, sizeof *x->filtered_parts));
    x->open = nq_alloc_check(calloc(x->room > 4 ? x->room : 4, sizeof *x->open));
    x->parts = nq_alloc_check(calloc(x->room > 4 ? x->room : 4, sizeof *x->parts));
}

void nq_lexparts_round(lexparts *x, const half_config *c, int group, int threads)
{
    bool middle = nq_half_filtered(c);
    x->config = c;
    x->group = group;
    for (int k = 0; k < (middle ? nq_half_filterings(group) : 4); k++) {
        x->open[k] = middle ? &x->filtered[filtered_at(x, k)] : x->t;
        x->parts[k] = middle ? &x->filtered_parts[filtered_at(x, k)] : &x->whole[k];
    }
    if (middle) {
        atomic_init(&x->next_quarter, 0);
        nq_team filter = {threads, filter_work, x, NULL, NULL, 0};
        nq_team_run(&filter);
    }
}

void nq_lexparts_free(lexparts *x)
{
    for (size_t k = 0; k < x->room; k++) {
        nq_quarters_free(&x->filtered[k]);
        parts_free(&x->filtered_parts[k]);
    }
    free(x->filtered);
    free(x->filtered_parts);
    free(x->open);
    free(x->parts);
    for (int k = 0; k < 4; k++)
        parts_free(&x->whole[k]);
}
