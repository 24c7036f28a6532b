/*
 * halves.c -- counting by quarters and halves (halves.h).
 *
 * Cut the board into four q x q quarters (q = n / 2); for odd n the middle row and the middle
 * column are left over. Every solution puts exactly one queen in each row and column, so it is
 * made of a left half board (one queen in each of the left q columns, on some set R of rows) and
 * a right half board (on the other rows), and each half of a top and a bottom quarter, whose row
 * and column sets split the half's. So:
 *   - The quarter table (quarters.c) lists, for every set of rows and equal-sized set of columns of a q x q
 *     quarter, the ways to put one queen on each such row and column with no two on a diagonal,
 *     as their two diagonal masks. All four quarters are the same table, shifted.
 *   - For each split R of the rows (a subproblem), the left half boards are the pairs of a top
 *     and a bottom quarter entry whose columns split the left columns and whose diagonals do not
 *     meet; likewise on the right.
 *   - Rows and columns are then already right: a left and a right half make a solution exactly
 *     when their diagonals do not meet. Only the diagonals that cross the middle can, 2q - 1 of
 *     each direction: each half board comes down to a key of 4q - 2 bits, and the count is the
 *     number of pairs of keys with no bit in common.
 *   - That count is bit-sliced (match.c): the keys of one side become, for each bit, a bitmap
 *     over the keys that have it; a key of the other side meets exactly the union of the bitmaps
 *     of its bits, so its partners are the zeros of that union.
 * Odd n first places the queens of the middle row and the middle column (one queen where both
 * stand on the centre): their rows, columns and diagonals are closed to the quarters, whose
 * entries left open a round keeps as their shares of a half board's key (so does a pinned queen's
 * round). A pair of them other than the centre has 8 distinct images under the symmetries of the
 * square, so only one pair of each 8 is counted. The pairs whose middle column's queen stands on
 * one row (and whose middle row's queen stands in the left half) are a group, counted in one
 * round: their right half boards differ only by that middle row's queen, so a task builds them
 * once and matches them against the left half boards of every pair of the group, each with that
 * queen's diagonals in its keys (halfplan.h). N = 17 builds half as many half boards so.
 * Otherwise (even n, and the centre) a split R, its mirror image (the other rows: left and right
 * swap) and its upside-down image count the same, and one of each such class is counted.
 */
#include "halves.h"

#include <immintrin.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "check.h"
#include "halfplan.h"
#include "match.h"
#include "nq/alloc.h"
#include "nq/board.h"
#include "nq/symmetry.h"
#include "quarters.h"
#include "source.h"
#include "tally.h"
#include "team.h"

/* ---- half boards ---- */

/* Appends to out the keys of the half boards made of a top quarter entry of top[0..top_count-1]
 * and a bottom entry of b[0..count-1] whose diagonals do not meet, with room in out for them and
 * eight more: the portable kernel. */
static void pair_portable(const half_key_shape *k, const uint64_t *top, size_t top_count, const uint64_t *b,
                          size_t count, keys *out)
{
    for (size_t t = 0; t < top_count; t++) {
        uint64_t top_key = nq_half_key(k, 0, top[t]);
        for (size_t i = 0; i < count; i++) {
            uint64_t bottom_key = nq_half_key(k, 1, b[i]);
            if (!(top_key & bottom_key))
                out->items[out->size++] = top_key | bottom_key;
        }
    }
}

/* Top entries whose keys pair_avx512() computes at a time. */
enum { TOP_BLOCK = 256 };

/* Stores at next the keys of the half boards of the top share `key` and each of the eight bottom
 * shares of `bottom` (lanes `in`) that it fits, compressed in a register and stored whole (there
 * is room for eight); returns where the next ones go. */
__attribute__((target("avx512f"))) static inline uint64_t *pair_eight(uint64_t *next, __m512i key, __m512i bottom,
                                                                      __mmask8 in)
{
    __mmask8 fit = _mm512_mask_testn_epi64_mask(in, key, bottom);
    _mm512_storeu_si512(next, _mm512_maskz_compress_epi64(fit, _mm512_or_si512(key, bottom)));
    return next + __builtin_popcount(fit);
}

/* The same with AVX-512: eight bottom entries an instruction. Each side's keys are computed once,
 * and the fitting ones are compressed in a register and stored whole: out keeps room for eight
 * keys past its end. */
__attribute__((target("avx512f"))) static void pair_avx512(const half_key_shape *k, const uint64_t *top,
                                                           size_t top_count, const uint64_t *b, size_t count, keys *out)
{
    __m512i low = _mm512_set1_epi64((long long)((UINT64_C(1) << k->width) - 1));
    __m512i d1_bits = _mm512_set1_epi64((long long)D1_BITS);
    __m128i up1 = _mm_cvtsi32_si128(k->up[1][0]), down1 = _mm_cvtsi32_si128(k->down[1][0]),
            up2 = _mm_cvtsi32_si128(k->up[1][1]), down2 = _mm_cvtsi32_si128(k->down[1][1]),
            width = _mm_cvtsi32_si128(k->width);
    uint64_t top_keys[TOP_BLOCK];
    uint64_t *next = out->items + out->size;
    for (size_t first = 0; first < top_count; first += TOP_BLOCK) {
        size_t block = top_count - first < TOP_BLOCK ? top_count - first : TOP_BLOCK;
        for (size_t j = 0; j < block; j++)
            top_keys[j] = nq_half_key(k, 0, top[first + j]);
        for (size_t i = 0; i < count; i += 8) {
            __mmask8 in = (__mmask8)(count - i >= 8 ? 0xffu : (1u << (count - i)) - 1);
            __m512i entry = _mm512_maskz_loadu_epi64(in, b + i);
            __m512i d1 = _mm512_srl_epi64(_mm512_sll_epi64(_mm512_and_si512(entry, d1_bits), up1), down1);
            __m512i d2 = _mm512_srl_epi64(_mm512_sll_epi64(_mm512_srli_epi64(entry, D2_SHIFT), up2), down2);
            __m512i bottom_keys =
                _mm512_or_si512(_mm512_and_si512(d1, low), _mm512_sll_epi64(_mm512_and_si512(d2, low), width));
            for (size_t j = 0; j < block; j++)
                next = pair_eight(next, _mm512_set1_epi64((long long)top_keys[j]), bottom_keys, in);
        }
    }
    out->size = (size_t)(next - out->items);
}

/* Appends to out the keys of the half boards made of a top share top[0..top_count-1] and a
 * bottom share b[0..count-1] that do not meet, where the quarters' entries are already shares of
 * a half board's key (quarter_cells), with room in out for eight keys past them: the portable
 * kernel. */
static void pair_keys_portable(const uint64_t *top, size_t top_count, const uint64_t *b, size_t count, keys *out)
{
    for (size_t t = 0; t < top_count; t++)
        for (size_t i = 0; i < count; i++)
            if (!(top[t] & b[i]))
                out->items[out->size++] = top[t] | b[i];
}

/* The same with AVX-512: eight bottom shares loaded once for every top share, those that fit
 * compressed in a register and stored whole, with no branch on whether any fit. */
__attribute__((target("avx512f"))) static void pair_keys_avx512(const uint64_t *top, size_t top_count,
                                                                const uint64_t *b, size_t count, keys *out)
{
    uint64_t *next = out->items + out->size;
    for (size_t i = 0; i < count; i += 8) {
        __mmask8 in = (__mmask8)(count - i >= 8 ? 0xffu : (1u << (count - i)) - 1);
        __m512i bottom = _mm512_maskz_loadu_epi64(in, b + i);
        for (size_t t = 0; t < top_count; t++)
            next = pair_eight(next, _mm512_set1_epi64((long long)top[t]), bottom, in);
    }
    out->size = (size_t)(next - out->items);
}

/* A quarter's cells: the items of (rows, columns) key k are items[start[k]..start[k + 1] - 1].
 * They are the quarter table's entries, or, in a round with middle queens or a pin, the entries
 * it leaves open, each as its share of a half board's key (nq_half_key()): such a round pairs
 * them in calls of a few entries, where making the shares in each call would cost as much as
 * pairing them. */
typedef struct quarter_cells {
    uint32_t *start;
    uint64_t *items;
} quarter_cells;

/* The subproblems of a count (halves.h): the plan, and once prepared the quarter table (t.start
 * is NULL until then). */
struct nq_halves_split {
    half_plan p;
    quarters t;
};

typedef struct halves_job {
    const half_plan *p;
    const quarters *t;
    const quarter_cells *left; /* the left top and bottom quarters' of each configuration of the round */
    quarter_cells right[2];    /* the right top and bottom quarters' */
    bool shares;               /* the cells hold key shares, not entries */
    size_t end;                /* the parts of the group being counted end here */
    nq_source *source;
    atomic_bool stopped;
    nq_tally_totals totals;
} halves_job;

/* One thread's buffers. */
typedef struct worker {
    nq_matcher *matcher; /* what matching the two halves' keys needs */
    keys left, right;    /* the two halves' keys */
    bool fast;           /* the AVX-512 kernels */
} worker;

/* Appends to out the keys of one half board's crossing diagonals: the left (left: true) or right
 * half, its top quarter's cells `upper`, its bottom quarter's `lower`, with its top rows `top` and
 * bottom rows `bottom` (quarter coordinates) and its free columns `cols`. Returns the pairs of
 * quarter entries it tried. */
static uint64_t half_keys(const halves_job *j, const worker *w, bool left, const quarter_cells *upper,
                          const quarter_cells *lower, unsigned top, unsigned bottom, unsigned cols,
                          const half_subsets *col_sets, keys *out)
{
    int q = j->p->q, top_count = __builtin_popcount(top);
    half_key_shape shape = nq_half_shape(q, j->p->s, left);
    uint64_t tried = 0;
    for (unsigned i = col_sets->start[top_count]; i < col_sets->start[top_count + 1]; i++) {
        unsigned top_cols = col_sets->masks[i], bottom_cols = cols & ~top_cols;
        unsigned a_key = top << q | top_cols, b_key = bottom << q | bottom_cols;
        uint32_t a_first = upper->start[a_key], b_first = lower->start[b_key];
        size_t a_count = upper->start[a_key + 1] - a_first, b_count = lower->start[b_key + 1] - b_first;
        if (a_count && b_count) {
            tried += a_count * b_count;
            nq_keys_reserve(out, a_count * b_count + 8);
            const uint64_t *a = upper->items + a_first, *b = lower->items + b_first;
            if (j->shares)
                (w->fast ? pair_keys_avx512 : pair_keys_portable)(a, a_count, b, b_count, out);
            else
                (w->fast ? pair_avx512 : pair_portable)(&shape, a, a_count, b, b_count, out);
        }
    }
    return tried;
}

/* ---- kernels ---- */

static _Atomic bool use_portable;

bool nq_halves_fast_kernels(void)
{
    return !atomic_load_explicit(&use_portable, memory_order_relaxed) && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("bmi2");
}

void nq_halves_portable_kernel(bool portable)
{
    atomic_store_explicit(&use_portable, portable, memory_order_relaxed);
}

/* ---- the work ---- */

/* Counts task k into *tally with the thread's buffers w: the left half boards of every
 * configuration of its group against their right half boards. */
static void count_task(const halves_job *j, worker *w, const half_task *k, nq_tally *tally)
{
    const half_plan *p = j->p;
    const half_config *c = &p->configs[k->config];
    unsigned quarter = (1u << p->q) - 1;
    unsigned r = k->rows_left, other = c->rows & ~r;
    unsigned left_top = r & quarter, left_bottom = (r >> p->s) & quarter;
    unsigned right_top = other & quarter, right_bottom = (other >> p->s) & quarter;
    uint64_t tried = 0;
    w->left.size = 0;
    for (size_t g = 0; g < c->group_end - k->config; g++)
        tried += half_keys(j, w, true, &j->left[2 * g], &j->left[2 * g + 1], left_top, left_bottom, c[g].left,
                           &c[g].column_sets[0], &w->left);
    w->right.size = 0;
    if (w->left.size)
        tried += half_keys(j, w, false, &j->right[0], &j->right[1], right_top, right_bottom, c->right,
                           &c->column_sets[1], &w->right);
    uint64_t found = 0;
    if (w->left.size && w->right.size)
        found = nq_matcher_count(w->matcher, p->q, &w->left, &w->right);
    tally->found += found * k->weight * c->weight;
    tally->nodes += w->left.size + w->right.size;
    tally->dead_ends += tried - w->left.size - w->right.size + w->left.size * w->right.size - found;
}

static void halves_work(void *context)
{
    halves_job *j = context;
    const half_plan *p = j->p;
    bool fast = nq_halves_fast_kernels();
    worker w = {nq_matcher_new(fast), {0}, {0}, fast};
    nq_tally tally = {0};
    uint64_t i;
    for (;;) {
        if (nq_tally_cancelled(&j->totals)) {
            atomic_store_explicit(&j->stopped, true, memory_order_relaxed);
            break;
        }
        if (!nq_source_next(j->source, j->end, &i))
            break;
        size_t k = p->part_first[i];
        for (; k < p->part_first[i + 1] && !nq_tally_cancelled(&j->totals); k++)
            count_task(j, &w, &p->tasks.items[k], &tally);
        if (k < p->part_first[i + 1]) {
            atomic_store_explicit(&j->stopped, true, memory_order_relaxed);
            break;
        }
        nq_count_figures done = nq_tally_part_end(&j->totals, &tally);
        nq_source_done(j->source, i, &done);
    }
    nq_tally_flush(&j->totals, &tally, 1);
    free(w.left.items);
    free(w.right.items);
    nq_matcher_free(w.matcher);
}

nq_halves_split *nq_halves_split_new(int n, const nq_square *pin)
{
    NQ_CHECK(n >= NQ_HALVES_MIN_N && n <= NQ_HALVES_MAX_N);
    NQ_CHECK(!pin || (pin->column >= 0 && pin->column < n && pin->row >= 0 && pin->row < n));
    nq_halves_split *split = nq_alloc_check(calloc(1, sizeof *split));
    split->p = nq_half_plan_of(n, pin, true);
    return split;
}

void nq_halves_split_free(nq_halves_split *split)
{
    if (!split)
        return;
    nq_quarters_free(&split->t);
    nq_half_plan_free(&split->p);
    free(split);
}

uint64_t nq_halves_split_parts(const nq_halves_split *split)
{
    return split->p.part_count;
}

bool nq_halves_split_prepare(nq_halves_split *split, const nq_run *run, nq_count_figures *setup)
{
    if (!split->t.start) {
        bool stopped;
        quarters t = nq_quarters_build(split->p.n / 2, false, run, &stopped);
        if (stopped) {
            nq_quarters_free(&t);
            *setup = (nq_count_figures){0, 0, 0, 0, NQ_BASIS_HALVES};
            return false;
        }
        split->t = t;
    }
    *setup = (nq_count_figures){0, 0, split->t.nodes, 0, NQ_BASIS_HALVES};
    return true;
}

/* The filterings of a round (nq_half_filtering()), into open[], as key shares. */
typedef struct open_job {
    const quarters *t;
    const half_plan *p;
    const half_config *first;
    int group;
    quarter_cells *open;
    atomic_int next; /* the next one to filter */
} open_job;

/* Filters quarters of an open_job until none is left: they are shared out among the team's
 * threads, so that no thread waits while one filters them all. */
static void open_work(void *context)
{
    open_job *o = context;
    const quarters *t = o->t;
    size_t cells = (size_t)1 << 2 * t->q;
    for (int i; (i = atomic_fetch_add_explicit(&o->next, 1, memory_order_relaxed)) < nq_half_filterings(o->group);) {
        half_filtering f = nq_half_filtering(o->first, o->group, i);
        int k = f.k;
        half_key_shape shape = nq_half_shape(t->q, o->p->s, k < 2);
        size_t shut = nq_half_shut_cells(o->p, f.c, k); /* left empty */
        quarter_cells *out = &o->open[i];
        out->start = nq_alloc_check(malloc(sizeof *out->start * (cells + 1)));
        out->items = nq_alloc_check(malloc(sizeof *out->items * (t->start[cells] ? t->start[cells] : 1)));
        uint32_t kept = 0;
        for (size_t cell = 0; cell < cells; cell++) {
            out->start[cell] = kept;
            if (cell & shut)
                continue;
            for (uint32_t e = t->start[cell]; e < t->start[cell + 1]; e++)
                if (!(t->entries[e] & f.closed))
                    out->items[kept++] = nq_half_key(&shape, k % 2, t->entries[e]) | f.crossing;
        }
        out->start[cells] = kept;
        out->items = nq_alloc_check(realloc(out->items, sizeof *out->items * (kept ? kept : 1)));
    }
}

bool nq_halves_split_run(nq_halves_split *split, const nq_count_source *source, const nq_run *run,
                         nq_count_figures *sum)
{
    const half_plan *p = &split->p;
    nq_count_figures setup;
    bool prepared = nq_halves_split_prepare(split, run, &setup);
    nq_source from;
    nq_source_init(&from, source, p->part_count);
    halves_job j = {.p = p, .t = &split->t, .source = &from};
    atomic_init(&j.stopped, !prepared);
    nq_tally_init(&j.totals, NQ_BASIS_HALVES, setup.nodes, 0);
    nq_tally_parts(&j.totals, p->part_count);
    nq_tally_start(&j.totals, run);
    nq_team team = {run->threads, halves_work, &j, run->progress ? nq_tally_report : NULL, &j.totals, run->interval};
    uint64_t first;
    /* A round for each group that has a part to count: the entries it leaves open, its parts. */
    while (!atomic_load_explicit(&j.stopped, memory_order_relaxed) && nq_source_peek(&from, &first)) {
        size_t first_config = p->tasks.items[p->part_first[first]].config;
        const half_config *c = &p->configs[first_config];
        int group = (int)(c->group_end - first_config), count = nq_half_filterings(group);
        bool middle = nq_half_filtered(c);
        quarter_cells table = {j.t->start, j.t->entries}, plain[2] = {table, table};
        quarter_cells *open = middle ? nq_alloc_check(malloc(sizeof *open * (size_t)count)) : NULL;
        if (middle) {
            open_job o = {.t = j.t, .p = p, .first = c, .group = group, .open = open};
            atomic_init(&o.next, 0);
            nq_team filter = {run->threads, open_work, &o, NULL, NULL, 0};
            nq_team_run(&filter);
        }
        j.left = middle ? open : plain;
        for (int k = 0; k < 2; k++)
            j.right[k] = middle ? open[2 * group + k] : table;
        j.shares = middle;
        j.end = c->end_part;
        nq_team_run(&team);
        for (int k = 0; middle && k < count; k++) {
            free(open[k].start);
            free(open[k].items);
        }
        free(open);
    }
    bool complete = !atomic_load_explicit(&j.stopped, memory_order_relaxed);
    nq_progress progress = nq_tally_progress(&j.totals);
    *sum = (nq_count_figures){progress.found, 0, progress.nodes, progress.dead_ends, progress.basis};
    nq_tally_report_end(&j.totals, complete);
    nq_source_destroy(&from);
    return complete;
}

nq_search_result nq_halves_count(int n, const nq_square *pin, const nq_run *run)
{
    nq_halves_split *split = nq_halves_split_new(n, pin);
    nq_count_figures f;
    bool complete = nq_halves_split_run(split, NULL, run, &f);
    nq_halves_split_free(split);
    return (nq_search_result){complete, f.solutions, 0, f.nodes, f.dead_ends};
}

size_t nq_halves_table_bytes(int n)
{
    NQ_CHECK(n >= NQ_HALVES_MIN_N && n <= NQ_HALVES_MAX_N);
    bool stopped;
    quarters t = nq_quarters_build(n / 2, false, NULL, &stopped);
    size_t cells = (size_t)1 << 2 * t.q;
    size_t bytes = sizeof *t.start * (cells + 1) + sizeof *t.entries * t.start[cells];
    nq_quarters_free(&t);
    return bytes;
}
