/*
 * lexhalves.c -- the fill of prefixes by halves (lexhalves.h).
 *
 * The count by halves (halves.c) counts each subproblem once for all its images under the
 * symmetries of the square. The fill needs, for each prefix of the first L rows (the prefixes,
 * or with children the children), how many solutions start with it. Over all solutions that is
 * the same as how many have those rows for the queens of their first L columns, because the
 * transpose of a solution is a solution; call the rows of a board's first L columns its reading.
 * Each image of a solution s shows one edge of s first, read one way or the other:
 *   - s itself: the rows of s's first columns, from its left half board alone;
 *   - its mirror image (left and right swap): s's last columns, from the right half board;
 *   - upside down and turned half round: the same two with every row r read as n - 1 - r;
 *   - for an odd board's middle pair (8 images): its transposes, which read s's first rows
 *     (columns of the queens of the top quarters of both halves) and its last rows.
 * So the fill runs the count's own tasks and matching (halfplan.c, match.c), keeps with each half
 * board the parts of these readings its quarters give (lexparts.c), and adds each half board's
 * partners to its edge's reading; the first and last rows, which need both halves, are read pair
 * by pair (the matching's visitor, a batch of pairs at a time), only for the odd boards' middle
 * pairs.
 * Readings upside down are never made: every reading is added twice, and at the end the count of
 * a reading is the sum of its own and its upside-down one's, halved. A split whose images are
 * fewer than four (the count weighs it 2) adds its readings once where its solutions are their
 * own upside-down images, and leaves out the right half where that half's solutions are the left
 * half's upside down.
 *
 * With a pinned queen the prefixes are those of the solutions that hold it, and
 * their transposes are the solutions that hold the pin's transpose. The count by halves counts
 * those with that square fixed, every split and no image for another, so each is read once, by
 * its own left edge (added twice, folded with nothing), the pin's field fixed with it.
 *
 * A reading becomes a position among the prefixes (or children) through the placements of the
 * first rows in the order nq_lexcount_build() lists them in (readings.c). Each thread adds into
 * its own array of counts by slot; they are summed when all tasks are done, which is when the
 * frontier moves, all at once.
 */
#include "lexhalves.h"

#include <immintrin.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "check.h"
#include "halfplan.h"
#include "halves.h"
#include "lexparts.h"
#include "match.h"
#include "nq/alloc.h"
#include "quarters.h"
#include "readings.h"
#include "tally.h"
#include "team.h"

/* Bits a field of a reading takes (readings.h). */
enum { FIELD_BITS = NQ_READING_FIELD_BITS };

/* ---- half boards with their readings ---- */

/* The half boards of one side of a task: their keys (for the matching) and the reading of their
 * edge unless the keys carry it; where the first and last rows are read, the keys carry the
 * first rows' parts their top quarters give, and the edges the last rows' parts of their bottom
 * quarters (lexparts.h). */
typedef struct boards {
    keys keys;
    uint64_t *edge;
    size_t capacity;
    uint32_t *partners; /* nq_matcher_each()'s counts */
} boards;

/* Room for `more` half boards in b: the edges too if `edges` (the keys do not carry them); the
 * same for every call of a fill. */
static void boards_reserve(boards *b, size_t more, bool edges)
{
    nq_keys_reserve(&b->keys, more);
    if (b->keys.size + more > b->capacity) {
        b->capacity = b->keys.capacity;
        if (edges)
            b->edge = nq_alloc_check(realloc(b->edge, sizeof *b->edge * b->capacity));
        b->partners = nq_alloc_check(realloc(b->partners, sizeof *b->partners * b->capacity));
    }
}

static void boards_free(boards *b)
{
    free(b->keys.items);
    free(b->edge);
    free(b->partners);
}

typedef struct lexhalves_job {
    nq_lexcount *lex;
    const half_plan *p; /* lex->halves */
    quarters t;
    lexparts parts; /* its entries' parts, and the round's quarters */
    nq_readings index;
    int length;
    uint64_t constants[4];    /* the fixed queens' fields of the readings: left edge, right edge,
                                 first rows, last rows */
    bool pinned;              /* lex has a pin: the plan has its transpose, and only left edges
                                 are read */
    bool across;              /* the first and last rows are read: an odd board without a pin */
    atomic_size_t next_part;
    size_t end_part;
    atomic_int slots;                      /* the threads of the round so far */
    uint32_t *counts[NQ_TEAM_MAX_THREADS]; /* each thread's twice-counted readings by slot */
    struct worker *workers[NQ_TEAM_MAX_THREADS]; /* each slot's buffers, kept from round to round */
    atomic_bool stopped;
} lexhalves_job;

/* Readings a thread gathers before it finds their slots and adds them: enough that the
 * look-ups of eight readings at once and the adds, fetched ahead, overlap their cache misses. An
 * add waits on its line of counts (1.8 MB a thread at N = 17, past the second-level cache): 48
 * ahead, `list 17` took 3 % less time than 16 ahead, and 96 no less than 48. */
enum { PENDING = 4096, PREFETCH_AHEAD = 48 };

/* One thread's buffers: a slot's, made in its first round and kept until the fill ends (a
 * matcher's tables and the half boards take megabytes, new to the process each time they are
 * made). */
typedef struct worker {
    nq_matcher *matcher;
    boards sides[2];  /* left, right */
    uint32_t *counts; /* the job's counts of this thread */
    bool fast;        /* AVX-512 kernels */
    const lexhalves_job *job;
    size_t pending; /* readings waiting to be added */
    uint64_t readings[PENDING];
    uint32_t amounts[PENDING];
    uint32_t slots[PENDING];
} worker;

/* Adds the waiting readings to the thread's counts. */
static void add_pending(worker *w)
{
    NQ_CHECK(w->pending <= PENDING);
    nq_readings_slots_of(&w->job->index, w->fast, w->readings, w->pending, w->slots);
    for (size_t i = 0; i < w->pending; i++) {
        if (i + PREFETCH_AHEAD < w->pending)
            __builtin_prefetch(&w->counts[w->slots[i + PREFETCH_AHEAD]], 1);
        w->counts[w->slots[i]] += w->amounts[i];
    }
    w->pending = 0;
}

/* Room for `count` (at most 16) more readings after the `pending` waiting; returns how many wait
 * now. Whatever adds readings calls this first, and may leave them full. A writer keeps the count
 * in a local and sets w->pending when it is done: its vector stores may write anything as far as
 * the compiler knows, so a count in w would be stored and loaded again at every step, each load
 * waiting on the store before it. */
static inline size_t make_room(worker *w, size_t pending, size_t count)
{
    if (pending <= PENDING - count)
        return pending;
    w->pending = pending;
    add_pending(w);
    return 0;
}

/* The half boards of top entries top[first..end-1] and bottom entries bottom[b_first..b_first +
 * b_count - 1] that fit, appended to out (which has room for them and eight more), with their
 * edges if the keys do not carry them (the parts have edges): the portable kernel. */
static void pair_portable(const quarter_parts *top, uint32_t first, uint32_t end, const quarter_parts *bottom,
                          uint32_t b_first, size_t b_count, boards *out)
{
    size_t at = out->keys.size;
    for (uint32_t a = first; a < end; a++)
        for (size_t k = b_first; k < b_first + b_count; k++) {
            if (top->key[a] & bottom->key[k])
                continue;
            out->keys.items[at] = top->key[a] | bottom->key[k];
            if (top->edge)
                out->edge[at] = top->edge[a] | bottom->edge[k];
            at++;
        }
    out->keys.size = at;
}

/* The same with AVX-512: eight bottom entries an instruction, loaded once for every top entry;
 * those that fit are compressed in a register and stored whole (out has room for eight past its
 * end), with no branch on whether any fit. */
__attribute__((target("avx512f"))) static void pair_avx512(const quarter_parts *top, uint32_t first, uint32_t end,
                                                           const quarter_parts *bottom, uint32_t b_first,
                                                           size_t b_count, boards *out)
{
    size_t at = out->keys.size;
    const bool edges = top->edge != NULL;
    for (size_t i = 0; i < b_count; i += 8) {
        __mmask8 in = (__mmask8)(b_count - i >= 8 ? 0xffu : (1u << (b_count - i)) - 1);
        const size_t k = b_first + i;
        __m512i b_key = _mm512_maskz_loadu_epi64(in, bottom->key + k);
        __m512i b_edge = edges ? _mm512_maskz_loadu_epi64(in, bottom->edge + k) : _mm512_setzero_si512();
        for (uint32_t a = first; a < end; a++) {
            __m512i key = _mm512_set1_epi64((long long)top->key[a]);
            __mmask8 fit = _mm512_mask_testn_epi64_mask(in, key, b_key);
            _mm512_storeu_si512(out->keys.items + at, _mm512_maskz_compress_epi64(fit, _mm512_or_si512(key, b_key)));
            if (edges) {
                __m512i edge = _mm512_set1_epi64((long long)top->edge[a]);
                _mm512_storeu_si512(out->edge + at, _mm512_maskz_compress_epi64(fit, _mm512_or_si512(edge, b_edge)));
            }
            at += (size_t)__builtin_popcount(fit);
        }
    }
    out->keys.size = at;
}

/* Appends to out the half boards of one side of a task, as halves.c's half_keys() makes their
 * keys, with their edges unless the keys carry them: the round's quarters `quarter` (top) and
 * `quarter + 1` (bottom). Returns the pairs of quarter entries tried. */
static uint64_t half_boards(worker *w, int quarter, unsigned top, unsigned bottom, unsigned cols,
                            const half_subsets *col_sets, boards *out)
{
    const lexhalves_job *j = w->job;
    const quarters *upper = j->parts.open[quarter], *lower = j->parts.open[quarter + 1];
    const quarter_parts *upper_parts = j->parts.parts[quarter], *lower_parts = j->parts.parts[quarter + 1];
    int q = j->p->q, top_count = __builtin_popcount(top);
    uint64_t tried = 0;
    for (unsigned i = col_sets->start[top_count]; i < col_sets->start[top_count + 1]; i++) {
        unsigned top_cols = col_sets->masks[i];
        unsigned a_key = top << q | top_cols, b_key = bottom << q | (cols & ~top_cols);
        uint32_t a_first = upper->start[a_key], a_end = upper->start[a_key + 1];
        uint32_t b_first = lower->start[b_key], b_end = lower->start[b_key + 1];
        size_t b_count = b_end - b_first;
        if (a_first == a_end || !b_count)
            continue;
        tried += (uint64_t)(a_end - a_first) * b_count;
        boards_reserve(out, (size_t)(a_end - a_first) * b_count + 8, !j->parts.edge_in_key);
        (w->fast ? pair_avx512 : pair_portable)(upper_parts, a_first, a_end, lower_parts, b_first, b_count, out);
    }
    return tried;
}

/* The first and last rows of the pairs (left board a_index[p], right board b_index[p]), p <
 * count, each a solution: their readings are added twice. The portable kernel. */
static void across_portable(worker *w, const uint32_t *a_index, const uint32_t *b_index, size_t count)
{
    const boards *left = &w->sides[0], *right = &w->sides[1];
    const uint64_t first = w->job->constants[2], last = w->job->constants[3];
    int shift = nq_lexparts_carried_shift(w->job->p->q), last_rows = nq_lexparts_last_rows_shift(w->job->length);
    size_t pending = w->pending;
    for (size_t p = 0; p < count; p++) {
        pending = make_room(w, pending, 2);
        size_t i = a_index[p], k = b_index[p];
        w->readings[pending] = left->keys.items[i] >> shift | right->keys.items[k] >> shift | first;
        w->readings[pending + 1] = left->edge[i] >> last_rows | right->edge[k] >> last_rows | last;
        w->amounts[pending] = w->amounts[pending + 1] = 2;
        pending += 2;
    }
    w->pending = pending;
}

/* The same with AVX-512: eight pairs an instruction, their parts gathered, each side's eight
 * readings stored whole (a register's lanes past the pairs are stored and written over). */
__attribute__((target("avx512f"))) static void across_avx512(worker *w, const uint32_t *a_index,
                                                             const uint32_t *b_index, size_t count)
{
    const boards *left = &w->sides[0], *right = &w->sides[1];
    const __m512i first = _mm512_set1_epi64((long long)w->job->constants[2]);
    const __m512i last = _mm512_set1_epi64((long long)w->job->constants[3]);
    const __m256i twice = _mm256_set1_epi32(2);
    const __m512i shift = _mm512_set1_epi64(nq_lexparts_carried_shift(w->job->p->q));
    const __m512i last_rows = _mm512_set1_epi64(nq_lexparts_last_rows_shift(w->job->length));
    size_t pending = w->pending;
    for (size_t p = 0; p < count; p += 8) {
        pending = make_room(w, pending, 16);
        size_t here = count - p < 8 ? count - p : 8;
        __mmask8 in = (__mmask8)((1u << here) - 1);
        __m256i i = _mm512_castsi512_si256(_mm512_maskz_loadu_epi32((__mmask16)in, a_index + p));
        __m256i k = _mm512_castsi512_si256(_mm512_maskz_loadu_epi32((__mmask16)in, b_index + p));
        const __m512i none = _mm512_setzero_si512();
        __m512i both = _mm512_or_si512(_mm512_mask_i32gather_epi64(none, in, i, left->keys.items, 8),
                                       _mm512_mask_i32gather_epi64(none, in, k, right->keys.items, 8));
        __m512i top = _mm512_srlv_epi64(both, shift);
        __m512i bottom = _mm512_srlv_epi64(_mm512_or_si512(_mm512_mask_i32gather_epi64(none, in, i, left->edge, 8),
                                                           _mm512_mask_i32gather_epi64(none, in, k, right->edge, 8)),
                                           last_rows);
        _mm512_storeu_si512(w->readings + pending, _mm512_or_si512(top, first));
        _mm256_storeu_si256((__m256i *)(void *)(w->amounts + pending), twice);
        pending += here;
        _mm512_storeu_si512(w->readings + pending, _mm512_or_si512(bottom, last));
        _mm256_storeu_si256((__m256i *)(void *)(w->amounts + pending), twice);
        pending += here;
    }
    w->pending = pending;
}

/* The matching's visitor for the first and last rows (see across_portable()). */
static void across_pairs(void *context, const uint32_t *a_index, const uint32_t *b_index, size_t count)
{
    worker *w = context;
    (w->fast ? across_avx512 : across_portable)(w, a_index, b_index, count);
}

/* Where the edge readings of b's boards are: their keys from *shift up where the keys carry them
 * (lexparts.h), else their edges (*shift 0); *fields masks the reading's fields (an edge may carry
 * the last rows' above them). */
static const uint64_t *edge_source(const worker *w, const boards *b, int *shift, uint64_t *fields)
{
    bool in_key = w->job->parts.edge_in_key;
    *shift = in_key ? nq_lexparts_carried_shift(w->job->p->q) : 0;
    *fields = (UINT64_C(1) << nq_lexparts_last_rows_shift(w->job->length)) - 1;
    return in_key ? b->keys.items : b->edge;
}

/* Adds the edge readings of b's boards that have partners, with `constant` (the middle queens'
 * fields), each `weight` times its partners; returns the partners of all b's boards: the portable
 * kernel. */
static uint64_t edge_readings_portable(worker *w, const boards *b, uint64_t constant, uint32_t weight)
{
    uint64_t partners = 0;
    size_t pending = w->pending;
    int shift;
    uint64_t fields;
    const uint64_t *edge = edge_source(w, b, &shift, &fields);
    /* Half the boards have partners, at random: kept without a branch on which. */
    for (size_t i = 0; i < b->keys.size; i++) {
        pending = make_room(w, pending, 1);
        w->readings[pending] = (edge[i] >> shift & fields) | constant;
        w->amounts[pending] = weight * b->partners[i];
        pending += b->partners[i] != 0;
        partners += b->partners[i];
    }
    w->pending = pending;
    return partners;
}

/* The same with AVX-512: eight boards an instruction, those with partners compressed in a register
 * and stored whole (a compressed store to memory is slow). */
__attribute__((target("avx512f"))) static uint64_t edge_readings_avx512(worker *w, const boards *b, uint64_t constant,
                                                                        uint32_t weight)
{
    const __m512i with = _mm512_set1_epi64((long long)constant), times = _mm512_set1_epi32((int)weight);
    __m512i sum = _mm512_setzero_si512();
    const uint32_t *board_partners = b->partners;
    int shift;
    uint64_t fields;
    const uint64_t *edge = edge_source(w, b, &shift, &fields);
    const __m512i mask = _mm512_set1_epi64((long long)fields);
    size_t size = b->keys.size, pending = w->pending;
    for (size_t i = 0; i < size; i += 8) {
        pending = make_room(w, pending, 8);
        __mmask8 in = (__mmask8)(size - i >= 8 ? 0xffu : (1u << (size - i)) - 1);
        __m512i partners = _mm512_maskz_loadu_epi32((__mmask16)in, board_partners + i);
        __m512i wide = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(partners));
        sum = _mm512_add_epi64(sum, wide);
        __mmask8 keep = _mm512_test_epi64_mask(wide, wide);
        __m512i reading = _mm512_srli_epi64(_mm512_maskz_loadu_epi64(in, edge + i), (unsigned)shift);
        reading = _mm512_ternarylogic_epi64(reading, mask, with, 0xea); /* reading & mask | with */
        _mm512_storeu_si512(w->readings + pending, _mm512_maskz_compress_epi64(keep, reading));
        __m512i amounts = _mm512_maskz_compress_epi32((__mmask16)keep, _mm512_mullo_epi32(partners, times));
        _mm256_storeu_si256((__m256i *)(void *)(w->amounts + pending), _mm512_castsi512_si256(amounts));
        pending += (size_t)__builtin_popcount(keep);
    }
    w->pending = pending;
    return (uint64_t)_mm512_reduce_add_epi64(sum);
}

/* How many times each side's edge readings are added, for split r of configuration c (see the
 * top of the file): both twice for a middle pair or a split with four images; else once each
 * where the split is its own upside-down image, or the left only, twice, where the right half's
 * solutions are the left half's upside down. With a pin no image is read: the left only, twice. */
static void edge_weights(const lexhalves_job *j, const half_config *c, const half_task *k, uint32_t weight[2])
{
    const half_plan *p = j->p;
    weight[0] = 2;
    weight[1] = j->pinned ? 0 : 2;
    if (c->split_symmetric) {
        unsigned r = k->rows_left, flipped = nq_half_reverse_rows(p->n, r);
        if (flipped == r)
            weight[0] = weight[1] = 1;
        else if ((c->rows & ~r) == flipped)
            weight[1] = 0;
        NQ_CHECK(weight[0] + weight[1] == k->weight);
    }
}

/* Counts task k: the half boards of each configuration of its group on the left and theirs on the
 * right, their partners, and the readings they give. */
static void count_task(worker *w, const half_task *k, nq_tally *tally)
{
    const lexhalves_job *j = w->job;
    const half_plan *p = j->p;
    const half_config *c = &p->configs[k->config];
    unsigned quarter = (1u << p->q) - 1, r = k->rows_left, other = c->rows & ~r;
    boards *left = &w->sides[0], *right = &w->sides[1];
    bool across = c->weight == 8;
    uint64_t tried = 0;
    left->keys.size = 0;
    for (int g = 0; g < j->parts.group; g++)
        tried +=
            half_boards(w, 2 * g, r & quarter, (r >> p->s) & quarter, c[g].left, &c[g].column_sets[0], left);
    right->keys.size = 0;
    if (left->keys.size)
        tried += half_boards(w, 2 * j->parts.group, other & quarter, (other >> p->s) & quarter, c->right,
                             &c->column_sets[1], right);
    uint64_t pairs = 0;
    if (left->keys.size && right->keys.size) {
        memset(left->partners, 0, sizeof *left->partners * left->keys.size);
        memset(right->partners, 0, sizeof *right->partners * right->keys.size);
        nq_matcher_each(w->matcher, p->q, &left->keys, &right->keys, left->partners, right->partners,
                        across ? across_pairs : NULL, w);
        uint32_t weight[2];
        edge_weights(j, c, k, weight);
        pairs = (w->fast ? edge_readings_avx512 : edge_readings_portable)(w, left, j->constants[0], weight[0]);
        if (weight[1])
            (w->fast ? edge_readings_avx512 : edge_readings_portable)(w, right, j->constants[1], weight[1]);
    }
    size_t boards_made = left->keys.size + right->keys.size;
    tally->found += pairs * k->weight * c->weight;
    tally->nodes += boards_made;
    tally->dead_ends += tried - boards_made + left->keys.size * right->keys.size - pairs;
}

static void lexhalves_work(void *context)
{
    lexhalves_job *j = context;
    int slot = atomic_fetch_add_explicit(&j->slots, 1, memory_order_relaxed);
    NQ_CHECK(slot < NQ_TEAM_MAX_THREADS);
    if (!j->counts[slot])
        j->counts[slot] = nq_alloc_check(calloc(nq_readings_slots(&j->index), sizeof *j->counts[slot]));
    worker *w = j->workers[slot];
    if (!w) {
        w = nq_alloc_check(calloc(1, sizeof *w)); /* 64 KB of readings waiting: not on the stack */
        w->matcher = nq_matcher_new(j->parts.fast);
        w->counts = j->counts[slot];
        w->fast = j->parts.fast;
        w->job = j;
        j->workers[slot] = w;
    }
    nq_tally_totals *totals = &j->lex->totals;
    nq_tally tally = {0};
    for (;;) {
        if (nq_tally_cancelled(totals)) {
            atomic_store_explicit(&j->stopped, true, memory_order_relaxed);
            break;
        }
        size_t i = atomic_fetch_add_explicit(&j->next_part, 1, memory_order_relaxed);
        if (i >= j->end_part)
            break;
        for (size_t k = j->p->part_first[i]; k < j->p->part_first[i + 1]; k++)
            count_task(w, &j->p->tasks.items[k], &tally);
        nq_tally_flush(totals, &tally, 1);
        nq_tally_part_done(totals, 1);
    }
    nq_tally_flush(totals, &tally, 1);
    add_pending(w);
}

/* Frees the slots' buffers, once the fill's rounds are done. */
static void workers_free(lexhalves_job *j)
{
    for (int t = 0; t < NQ_TEAM_MAX_THREADS; t++)
        if (j->workers[t]) {
            boards_free(&j->workers[t]->sides[0]);
            boards_free(&j->workers[t]->sides[1]);
            nq_matcher_free(j->workers[t]->matcher);
            free(j->workers[t]);
        }
}

/* ---- the fill ---- */

static int reading_length(const nq_lexcount *lex)
{
    return lex->depth + (lex->child_counts != NULL);
}

bool nq_lexhalves_fits(const nq_lexcount *lex)
{
    return !lex->canonical && lex->n >= NQ_LEXHALVES_MIN_N && lex->n <= NQ_LEXHALVES_MAX_N &&
           reading_length(lex) <= lex->n / 2 &&
           nq_lexparts_fit(lex->n, reading_length(lex), lex->n % 2 && !lex->has_first);
}

void nq_lexhalves_prepare(nq_lexcount *lex)
{
    NQ_CHECK(nq_lexhalves_fits(lex) && !lex->halves);
    lex->halves = nq_alloc_check(malloc(sizeof *lex->halves));
    /* The readings are of the transposes (see the top of the file): the pin's too. */
    nq_square transposed = {lex->first.row, lex->first.column};
    *lex->halves = nq_half_plan_of(lex->n, lex->has_first ? &transposed : NULL, true);
}

void nq_lexhalves_release(nq_lexcount *lex)
{
    if (lex->halves)
        nq_half_plan_free(lex->halves);
    free(lex->halves);
    lex->halves = NULL;
}

/* The fields the queens of c's group fix give each reading (see lexhalves_job.constants): the
 * pinned queen's, in its transpose, and the middle queens' but a grouped configuration's own one
 * on the left edge (its left top quarter's edges hold it: lexparts.c). */
static void fixed_fields(lexhalves_job *j, const half_config *c)
{
    int n = j->p->n, m = n / 2, length = j->length;
    memset(j->constants, 0, sizeof j->constants);
    const nq_lexcount *lex = j->lex;
    if (j->pinned && lex->first.row < length)
        j->constants[0] = (uint64_t)lex->first.column << (FIELD_BITS * lex->first.row);
    if (c->middle_column < 0)
        return;
    int a = c->middle_column, b = c->middle_row;
    int place[4] = {a, n - 1 - a, b, n - 1 - b}; /* where each reading meets a middle line */
    for (int k = c->grouped; k < 4; k++)
        if (place[k] < length)
            j->constants[k] = (uint64_t)m << (FIELD_BITS * place[k]);
    /* Its own queen meets the right edge past the reading, which is n / 2 long at most. */
    NQ_CHECK(!c->grouped || place[1] >= length);
}

/* The counts by slot of every thread, summed by position, and each added to its upside-down
 * image's (mirror; NULL with a pin, whose readings are added twice themselves) and halved, into
 * lex: its children's counts and its prefixes' (through nq_lexcount_settle()). Returns the
 * solutions in all. */
static uint64_t settle(lexhalves_job *j, const uint32_t *mirror)
{
    nq_lexcount *lex = j->lex;
    const nq_readings *x = &j->index;
    size_t size = x->sizes[x->length];
    uint64_t *twice = nq_alloc_check(calloc(size ? size : 1, sizeof *twice));
    int threads = 0;
    while (threads < NQ_TEAM_MAX_THREADS && j->counts[threads])
        threads++;
    nq_readings_sum(x, j->counts, threads, twice);
    uint64_t *below = nq_alloc_check(calloc(lex->size ? lex->size : 1, sizeof *below));
    uint64_t total = 0;
    bool children = lex->child_counts != NULL;
    if (children)
        NQ_CHECK(lex->first_child[lex->size] == size);
    else
        NQ_CHECK(lex->size == size);
    for (size_t i = 0, prefix = 0; i < size; i++) {
        uint64_t sum = mirror ? twice[i] + twice[mirror[i]] : twice[i];
        NQ_CHECK(sum % 2 == 0);
        uint64_t count = sum / 2;
        if (children) {
            while (lex->first_child[prefix + 1] <= i)
                prefix++;
            NQ_CHECK(count <= UINT32_MAX);
            lex->child_counts[i] = (uint32_t)count;
            below[prefix] += count;
        } else {
            below[i] = count;
        }
        total += count;
    }
    nq_lexcount_settle(lex, below);
    free(below);
    free(twice);
    return total;
}

/* The job's table of placements of the first rows, and their mirror images unless pinned. */
typedef struct readings_build {
    lexhalves_job *j;
    uint32_t *mirror;
} readings_build;

static void build_readings(void *context)
{
    readings_build *b = context;
    nq_readings_build(&b->j->index, b->j->lex->n, b->j->length, b->j->lex->allowed, b->j->pinned ? NULL : &b->mirror);
}

bool nq_lexhalves_fill(nq_lexcount *lex, const nq_run *run)
{
    NQ_CHECK(nq_lexhalves_fits(lex) && lex->halves);
    lexhalves_job j = {.lex = lex, .length = reading_length(lex)};
    j.p = lex->halves;
    atomic_init(&j.stopped, false);
    nq_tally_start(&lex->totals, run);
    j.pinned = lex->has_first;
    j.across = lex->n % 2 && !j.pinned;
    /* The placements' table is built on a thread of its own while this one builds the quarter
     * table, where the run has more than one: each takes milliseconds on one thread, while the
     * others would wait. */
    readings_build build = {&j, NULL};
    nq_team placements = {1, build_readings, &build, NULL, NULL, 0};
    nq_team_threads helper;
    bool overlap = run->threads != 1;
    if (overlap)
        nq_team_start(&placements, &helper);
    else
        build_readings(&build);
    bool stopped;
    j.t = nq_quarters_build(j.p->q, true, run, &stopped);
    if (overlap)
        nq_team_join(&helper);
    uint32_t *mirror = build.mirror;
    atomic_store_explicit(&j.stopped, stopped, memory_order_relaxed);
    nq_tally tally = {.nodes = j.t.nodes};
    nq_tally_flush(&lex->totals, &tally, 1);
    nq_team team = {run->threads, lexhalves_work, &j, run->progress ? nq_tally_report : NULL,
                    &lex->totals, run->interval};
    size_t first_part = 0;
    if (!stopped)
        nq_lexparts_make(&j.parts, j.p, &j.t, j.length, j.across, run->threads);
    /* A round for each group of configurations: its quarters filtered, then its parts. */
    for (size_t i = 0; i < j.p->config_count && !atomic_load_explicit(&j.stopped, memory_order_relaxed);
         i = j.p->configs[i].group_end) {
        const half_config *c = &j.p->configs[i];
        nq_lexparts_round(&j.parts, c, (int)(c->group_end - i), run->threads);
        fixed_fields(&j, c);
        atomic_init(&j.next_part, first_part);
        atomic_init(&j.slots, 0);
        j.end_part = c->end_part;
        nq_team_run(&team);
        first_part = c->end_part;
    }
    workers_free(&j);
    nq_lexparts_free(&j.parts);
    bool complete = !atomic_load_explicit(&j.stopped, memory_order_relaxed);
    if (complete)
        NQ_CHECK(settle(&j, mirror) == nq_tally_progress(&lex->totals).found);
    nq_tally_report_end(&lex->totals, complete);
    for (int t = 0; t < NQ_TEAM_MAX_THREADS; t++)
        free(j.counts[t]);
    free(mirror);
    nq_readings_free(&j.index);
    nq_quarters_free(&j.t);
    return complete;
}
