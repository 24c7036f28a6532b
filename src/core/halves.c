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
 * stand on the centre): their rows, columns and diagonals are closed to the quarters. A pair of
 * them other than the centre has 8 distinct images under the symmetries of the square, so only
 * one pair of each 8 is counted. Otherwise (even n, and the centre) a split R, its mirror image
 * (the other rows: left and right swap) and its upside-down image count the same, and one of
 * each such class is counted.
 */
#include "halves.h"

#include <immintrin.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "check.h"
#include "match.h"
#include "nq/alloc.h"
#include "nq/board.h"
#include "nq/symmetry.h"
#include "quarters.h"
#include "source.h"
#include "tally.h"
#include "team.h"

/* ---- subsets ---- */

/* The bits of `mask`, lowest first, chosen by the bits of `pick` (bit i: the i-th bit of mask). */
static unsigned deposit(unsigned pick, unsigned mask)
{
    unsigned out = 0;
    for (; pick; pick >>= 1, mask &= mask - 1)
        if (pick & 1)
            out |= mask & (0u - mask);
    return out;
}

/* The next number with as many bits as x (Gosper's rule), or 0 past 32 bits. */
static unsigned next_same_bits(unsigned x)
{
    unsigned low = x & (0u - x), ripple = x + low;
    return ripple ? ripple | ((x ^ ripple) >> 2) / low : 0;
}

/* The subsets of a set of a quarter's columns, by size: those with k columns are
 * masks[start[k]] up to masks[start[k + 1]]. */
enum { QUARTER_MAX = NQ_HALVES_MAX_N / 2 };
typedef struct subsets {
    unsigned start[QUARTER_MAX + 2];
    unsigned masks[1 << QUARTER_MAX];
} subsets;

static void subsets_of(unsigned cols, subsets *out)
{
    memset(out->start, 0, sizeof out->start);
    for (unsigned sub = cols;; sub = (sub - 1) & cols) {
        out->start[__builtin_popcount(sub) + 1]++;
        if (!sub)
            break;
    }
    for (int k = 0; k <= QUARTER_MAX; k++)
        out->start[k + 1] += out->start[k];
    unsigned next[QUARTER_MAX + 1];
    memcpy(next, out->start, sizeof next);
    for (unsigned sub = cols;; sub = (sub - 1) & cols) {
        out->masks[next[__builtin_popcount(sub)]++] = sub;
        if (!sub)
            break;
    }
}

/* ---- the subproblems ---- */

typedef struct config {
    unsigned rows;    /* the rows the quarters fill (all but the middle queens' rows) */
    unsigned left;    /* the left quarters' free columns (quarter coordinates) */
    unsigned right;   /* the right quarters' */
    uint64_t closed[4]; /* diagonals the middle queens close, in each quarter's own entries: left top,
                           left bottom, right top, right bottom */
    uint64_t weight;  /* boards this one stands for under the symmetries of the square */
    bool split_symmetric; /* splits are taken one per class of mirror and upside-down images */
    size_t first_task, end_task; /* its splits in the plan's task list */
    size_t end_part;             /* its parts end here: they follow the previous configuration's */
    subsets *column_sets;        /* [0]: of left, [1]: of right */
} config;

typedef struct task {
    uint32_t config;
    uint32_t rows_left; /* R: the rows whose queen stands in the left half */
    uint32_t weight;    /* splits of R's class */
} task;

typedef struct task_list {
    task *items;
    size_t size, capacity;
} task_list;

static void task_add(task_list *list, task k)
{
    if (list->size == list->capacity) {
        list->capacity = list->capacity ? 2 * list->capacity : 1024;
        list->items = nq_alloc_check(realloc(list->items, sizeof *list->items * list->capacity));
    }
    list->items[list->size++] = k;
}

static unsigned reverse_rows(int n, unsigned rows)
{
    unsigned out = 0;
    for (int r = 0; r < n; r++)
        if (rows >> r & 1)
            out |= 1u << (n - 1 - r);
    return out;
}

/* Every split of c's rows with as many left rows as c has left columns, one per class when c
 * is split-symmetric. */
static void split_tasks(int n, const config *c, uint32_t index, task_list *list)
{
    int rows = __builtin_popcount(c->rows), left = __builtin_popcount(c->left);
    for (unsigned pick = (1u << left) - 1; pick && pick < 1u << rows; pick = next_same_bits(pick)) {
        unsigned r = deposit(pick, c->rows);
        uint32_t weight = 1;
        if (c->split_symmetric) {
            unsigned images[3] = {c->rows & ~r, reverse_rows(n, r), c->rows & ~reverse_rows(n, r)};
            bool smallest = true;
            int same = 1;
            for (int i = 0; i < 3; i++) {
                smallest = smallest && images[i] >= r;
                same += images[i] == r;
            }
            if (!smallest)
                continue;
            weight = (uint32_t)(4 / same);
        }
        task_add(list, (task){index, r, weight});
    }
}

/* Whether the middle pair of the n x n board (the middle row's queen on column a, the middle
 * column's on row b, neither on the centre) comes first, as (a, b), among its images under the
 * symmetries of the square. An image of the pair is again one queen on each middle line. */
static bool pair_is_smallest(int n, int a, int b)
{
    int m = n / 2;
    for (nq_symmetry g = NQ_SYM_IDENTITY + 1; g < NQ_SYM_COUNT; g++) {
        nq_square p = nq_symmetry_apply(g, n, (nq_square){a, m}), q = nq_symmetry_apply(g, n, (nq_square){m, b});
        int image_a = p.row == m ? p.column : q.column, image_b = p.row == m ? q.row : p.row;
        if (image_a < a || (image_a == a && image_b < b))
            return false;
    }
    return true;
}

/* The parts the tasks are cut into, the units of a run's source: a few thousand, each a run of
 * consecutive tasks of one configuration, as many in each as a part holds. Odd boards split
 * into hundreds of thousands of tasks of microseconds each, too many to journal one by one. */
enum { PARTS_WANTED = 4096 };

typedef struct plan {
    int n, q, s;   /* size, quarter size, offset of the bottom and right quarters */
    config *configs;
    size_t config_count;
    task_list tasks;
    uint32_t *part_first; /* part i: tasks part_first[i] to part_first[i + 1] - 1 */
    size_t part_count;
} plan;

/* The diagonals of quarter k (0 left top, 1 left bottom, 2 right top, 3 right bottom) that the
 * queen on `at` attacks, as a quarter entry's masks (quarters.h), in the quarter's own squares. */
static uint64_t closed_in_quarter(const plan *p, int k, nq_square at)
{
    int q = p->q, row = at.row - (k % 2 ? p->s : 0), column = at.column - (k >= 2 ? p->s : 0);
    int d1 = row + column, d2 = row - column + q - 1;
    uint64_t out = 0;
    if (d1 >= 0 && d1 <= 2 * q - 2)
        out |= UINT64_C(1) << d1;
    if (d2 >= 0 && d2 <= 2 * q - 2)
        out |= UINT64_C(1) << (D2_SHIFT + d2);
    return out;
}

/* Adds the configuration with the queens fixed[0..count-1] standing (the middle queens, the
 * pinned one), if none attacks another, standing for `weight` boards; split-symmetric when asked. */
static void add_config(plan *p, const nq_square *fixed, int count, uint64_t weight, bool split_symmetric)
{
    int n = p->n, s = p->s;
    config c = {(1u << n) - 1, (1u << p->q) - 1, (1u << p->q) - 1, {0}, weight, split_symmetric, 0, 0, 0, NULL};
    uint64_t d1 = 0, d2 = 0;
    bool middle_column = false; /* odd n: the middle column has its queen */
    for (int i = 0; i < count; i++) {
        int r = fixed[i].row, col = fixed[i].column;
        uint64_t a = UINT64_C(1) << nq_line_number(NQ_LINE_DOWN_LEFT, n, col, r);
        uint64_t b = UINT64_C(1) << nq_line_number(NQ_LINE_DOWN_RIGHT, n, col, r);
        bool same = false; /* the middle queens of the centre are one queen */
        for (int k = 0; k < i; k++)
            same = same || (fixed[k].row == r && fixed[k].column == col);
        if (same)
            continue;
        if (!(c.rows >> r & 1) || (d1 & a) || (d2 & b))
            return;
        c.rows &= ~(1u << r);
        d1 |= a;
        d2 |= b;
        for (int k = 0; k < 4; k++)
            c.closed[k] |= closed_in_quarter(p, k, fixed[i]);
        if (col < p->q) {
            if (!(c.left >> col & 1))
                return;
            c.left &= ~(1u << col);
        } else if (col >= s) {
            if (!(c.right >> (col - s) & 1))
                return;
            c.right &= ~(1u << (col - s));
        } else {
            if (middle_column)
                return;
            middle_column = true;
        }
    }
    c.column_sets = nq_alloc_check(malloc(2 * sizeof *c.column_sets));
    subsets_of(c.left, &c.column_sets[0]);
    subsets_of(c.right, &c.column_sets[1]);
    p->configs[p->config_count++] = c;
}

/* The configurations to count: for odd n every pair of middle queens (one of each 8 images
 * without a pin), with the pin if there is one. */
static plan plan_of(int n, const nq_square *pin)
{
    int q = n / 2, s = n - q, m = q;
    plan p = {.n = n, .q = q, .s = s};
    p.configs = nq_alloc_check(malloc(sizeof *p.configs * (size_t)(n * n)));
    nq_square fixed[3];
    int pinned = 0;
    if (pin)
        fixed[pinned++] = *pin;
    if (n % 2 == 0) {
        add_config(&p, fixed, pinned, 1, !pin);
    } else {
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++) {
                bool centre = a == m && b == m;
                if (!centre && (a == m || b == m))
                    continue;
                if (!pin && !centre && !pair_is_smallest(n, a, b))
                    continue;
                fixed[pinned] = (nq_square){a, m};
                fixed[pinned + 1] = (nq_square){m, b};
                /* A pin on the middle row or column is that line's queen; a middle queen that
                 * differs from it is a second queen on the line, which add_config() refuses. */
                add_config(&p, fixed, pinned + 2, pin || centre ? 1 : 8, !pin && centre);
            }
    }
    for (size_t i = 0; i < p.config_count; i++) {
        p.configs[i].first_task = p.tasks.size;
        split_tasks(n, &p.configs[i], (uint32_t)i, &p.tasks);
        p.configs[i].end_task = p.tasks.size;
    }
    size_t per_part = p.tasks.size / PARTS_WANTED ? p.tasks.size / PARTS_WANTED : 1;
    p.part_first = nq_alloc_check(malloc(sizeof *p.part_first * (p.tasks.size + 1)));
    for (size_t i = 0; i < p.config_count; i++) {
        config *c = &p.configs[i];
        for (size_t k = c->first_task; k < c->end_task; k += per_part)
            p.part_first[p.part_count++] = (uint32_t)k;
        c->end_part = p.part_count;
    }
    p.part_first[p.part_count] = (uint32_t)p.tasks.size;
    return p;
}

/* ---- half boards ---- */

/* How a quarter entry becomes its part of a half board's key. The key holds the half board's
 * diagonals that cross the middle, 2q - 1 of each direction: in the half board's rows, the d1
 * ones from bit d1_shift and the d2 ones from bit d2_shift (left half: s and 0; right half: 0 and
 * s), where the bottom quarter's diagonals stand s higher than in its own entry. So an entry's
 * diagonals of each direction move up or down by the difference, in 64 bits: the half board's
 * masks are never packed whole (for n >= 23 they would not fit 64 bits). A top and a bottom
 * entry meet on a diagonal only where the two quarters' diagonals overlap, which is among the
 * crossing ones: two entries fit exactly when their keys have no bit in common, and the key of
 * the half board they make is the OR of theirs. */
typedef struct key_shape {
    int width;                /* 2q - 1 */
    int up[2][2], down[2][2]; /* [top, bottom][d1, d2]: the moves of an entry's diagonals */
} key_shape;

static key_shape shape_of(int q, int s, bool left)
{
    key_shape k = {.width = 2 * q - 1};
    int key_shift[2] = {left ? s : 0, left ? 0 : s};
    for (int quarter = 0; quarter < 2; quarter++)
        for (int d = 0; d < 2; d++) {
            int move = (quarter ? s : 0) - key_shift[d];
            k.up[quarter][d] = move > 0 ? move : 0;
            k.down[quarter][d] = move < 0 ? -move : 0;
        }
    return k;
}

/* The key of a top (quarter 0) or bottom (1) quarter entry in shape k. */
static uint64_t key_of(const key_shape *k, int quarter, uint64_t entry)
{
    uint64_t low = (UINT64_C(1) << k->width) - 1, d1 = entry & D1_BITS, d2 = entry >> D2_SHIFT;
    return ((d1 << k->up[quarter][0] >> k->down[quarter][0]) & low) |
           ((d2 << k->up[quarter][1] >> k->down[quarter][1]) & low) << k->width;
}

/* Appends to out the keys of the half boards made of a top quarter entry of top[0..top_count-1]
 * and a bottom entry of b[0..count-1] whose diagonals do not meet: the portable kernel. */
static void pair_portable(const key_shape *k, const uint64_t *top, size_t top_count, const uint64_t *b,
                          size_t count, keys *out)
{
    nq_keys_reserve(out, top_count * count);
    for (size_t t = 0; t < top_count; t++) {
        uint64_t top_key = key_of(k, 0, top[t]);
        for (size_t i = 0; i < count; i++) {
            uint64_t bottom_key = key_of(k, 1, b[i]);
            if (!(top_key & bottom_key))
                out->items[out->size++] = top_key | bottom_key;
        }
    }
}

/* Top entries whose keys pair_avx512() computes at a time. */
enum { TOP_BLOCK = 256 };

/* The same with AVX-512: eight bottom entries an instruction. Each side's keys are computed once,
 * and the fitting ones are compressed in a register and stored whole: out keeps room for eight
 * keys past its end. */
__attribute__((target("avx512f"))) static void pair_avx512(const key_shape *k, const uint64_t *top,
                                                           size_t top_count, const uint64_t *b, size_t count,
                                                           keys *out)
{
    nq_keys_reserve(out, top_count * count + 8);
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
            top_keys[j] = key_of(k, 0, top[first + j]);
        for (size_t i = 0; i < count; i += 8) {
            __mmask8 in = (__mmask8)(count - i >= 8 ? 0xffu : (1u << (count - i)) - 1);
            __m512i entry = _mm512_maskz_loadu_epi64(in, b + i);
            __m512i d1 = _mm512_srl_epi64(_mm512_sll_epi64(_mm512_and_si512(entry, d1_bits), up1), down1);
            __m512i d2 = _mm512_srl_epi64(_mm512_sll_epi64(_mm512_srli_epi64(entry, D2_SHIFT), up2), down2);
            __m512i bottom_keys =
                _mm512_or_si512(_mm512_and_si512(d1, low), _mm512_sll_epi64(_mm512_and_si512(d2, low), width));
            for (size_t j = 0; j < block; j++) {
                __m512i top_key = _mm512_set1_epi64((long long)top_keys[j]);
                __mmask8 fit = _mm512_mask_testn_epi64_mask(in, top_key, bottom_keys);
                _mm512_storeu_si512(next, _mm512_maskz_compress_epi64(fit, _mm512_or_si512(bottom_keys, top_key)));
                next += __builtin_popcount(fit);
            }
        }
    }
    out->size = (size_t)(next - out->items);
}

typedef void pair_fn(const key_shape *, const uint64_t *, size_t, const uint64_t *, size_t, keys *);

/* The subproblems of a count (halves.h): the plan, and once prepared the quarter table (t.start
 * is NULL until then). */
struct nq_halves_split {
    plan p;
    quarters t;
};

typedef struct halves_job {
    const plan *p;
    const quarters *t;
    const quarters *open[4]; /* the entries the middle queens leave open: left top, left bottom,
                                right top, right bottom (all of t without middle queens) */
    int key_bits;
    size_t end;              /* the parts of the configuration being counted end here */
    nq_source *source;
    atomic_bool stopped;
    nq_tally_totals totals;
} halves_job;

/* One thread's buffers. */
typedef struct worker {
    nq_matcher *matcher; /* what matching the two halves' keys needs */
    keys left, right;    /* the two halves' keys */
} worker;

/* The keys of one half board's crossing diagonals into out: the left (left: true) or right half,
 * its top quarter's entries from upper, its bottom quarter's from lower, with its top rows `top`
 * and bottom rows `bottom` (quarter coordinates) and its free columns `cols`. Returns the pairs
 * of quarter entries it tried. */
static uint64_t half_keys(const halves_job *j, pair_fn *pair, bool left, const quarters *upper,
                          const quarters *lower, unsigned top, unsigned bottom, unsigned cols,
                          const subsets *col_sets, keys *out)
{
    int q = upper->q, s = j->p->s, top_count = __builtin_popcount(top);
    key_shape shape = shape_of(q, s, left);
    uint64_t tried = 0;
    out->size = 0;
    for (unsigned i = col_sets->start[top_count]; i < col_sets->start[top_count + 1]; i++) {
        unsigned top_cols = col_sets->masks[i], bottom_cols = cols & ~top_cols;
        unsigned a_key = top << q | top_cols, b_key = bottom << q | bottom_cols;
        const uint64_t *b = lower->entries + lower->start[b_key];
        size_t b_count = lower->start[b_key + 1] - lower->start[b_key];
        size_t a_count = upper->start[a_key + 1] - upper->start[a_key];
        if (a_count && b_count) {
            tried += a_count * b_count;
            pair(&shape, upper->entries + upper->start[a_key], a_count, b, b_count, out);
        }
    }
    return tried;
}

/* ---- kernels ---- */

static _Atomic bool use_portable;

/* Whether this thread's count uses the AVX-512 kernels: the processor has them and the tests
 * have not asked for the portable ones. */
static bool fast_kernels(void)
{
    return !atomic_load_explicit(&use_portable, memory_order_relaxed) && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512vpopcntdq");
}

void nq_halves_portable_kernel(bool portable)
{
    atomic_store_explicit(&use_portable, portable, memory_order_relaxed);
}

/* ---- the work ---- */

/* Counts task k into *tally with the thread's buffers w. */
static void count_task(const halves_job *j, pair_fn *pair, worker *w, const task *k, nq_tally *tally)
{
    const plan *p = j->p;
    const config *c = &p->configs[k->config];
    unsigned quarter = (1u << p->q) - 1;
    unsigned r = k->rows_left, other = c->rows & ~r;
    uint64_t tried = half_keys(j, pair, true, j->open[0], j->open[1], r & quarter, (r >> p->s) & quarter,
                               c->left, &c->column_sets[0], &w->left);
    w->right.size = 0;
    if (w->left.size)
        tried += half_keys(j, pair, false, j->open[2], j->open[3], other & quarter, (other >> p->s) & quarter,
                           c->right, &c->column_sets[1], &w->right);
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
    const plan *p = j->p;
    bool fast = fast_kernels();
    pair_fn *pair = fast ? pair_avx512 : pair_portable;
    worker w = {nq_matcher_new(fast), {0}, {0}};
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
            count_task(j, pair, &w, &p->tasks.items[k], &tally);
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
    split->p = plan_of(n, pin);
    return split;
}

void nq_halves_split_free(nq_halves_split *split)
{
    if (!split)
        return;
    free(split->t.start);
    free(split->t.entries);
    for (size_t i = 0; i < split->p.config_count; i++)
        free(split->p.configs[i].column_sets);
    free(split->p.configs);
    free(split->p.tasks.items);
    free(split->p.part_first);
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
        quarters t = nq_quarters_build(split->p.n / 2, run, &stopped);
        if (stopped) {
            free(t.start);
            free(t.entries);
            *setup = (nq_count_figures){0, 0, 0, 0, NQ_BASIS_HALVES};
            return false;
        }
        split->t = t;
    }
    *setup = (nq_count_figures){0, 0, split->t.nodes, 0, NQ_BASIS_HALVES};
    return true;
}

/* The four filterings of a configuration's round (nq_quarters_open()): the entries its middle
 * queens leave open, for the left top, left bottom, right top and right bottom quarters. */
typedef struct open_job {
    const quarters *t;
    const plan *p;
    const config *c;
    quarters *open; /* [4] */
    atomic_int next; /* the next quarter to filter */
} open_job;

/* Filters quarters of an open_job until none is left: the four are shared out among the team's
 * threads, so that no thread waits while one filters them all. */
static void open_work(void *context)
{
    open_job *o = context;
    for (int k; (k = atomic_fetch_add_explicit(&o->next, 1, memory_order_relaxed)) < 4;)
        nq_quarters_open(o->t, o->c->closed[k], &o->open[k]);
}

bool nq_halves_split_run(nq_halves_split *split, const nq_count_source *source, const nq_run *run,
                         nq_count_figures *sum)
{
    const plan *p = &split->p;
    nq_count_figures setup;
    bool prepared = nq_halves_split_prepare(split, run, &setup);
    nq_source from;
    nq_source_init(&from, source, p->part_count);
    halves_job j = {.p = p, .t = &split->t, .key_bits = 4 * p->q - 2, .source = &from};
    atomic_init(&j.stopped, !prepared);
    nq_tally_init(&j.totals, NQ_BASIS_HALVES, setup.nodes, 0);
    nq_tally_parts(&j.totals, p->part_count);
    nq_tally_start(&j.totals, run);
    nq_team team = {run->threads, halves_work, &j, run->progress ? nq_tally_report : NULL, &j.totals, run->interval};
    uint64_t first;
    /* A round for each configuration that has a part to count: its entries left open, its parts. */
    while (!atomic_load_explicit(&j.stopped, memory_order_relaxed) && nq_source_peek(&from, &first)) {
        const config *c = &p->configs[p->tasks.items[p->part_first[first]].config];
        quarters open[4];
        bool middle = c->closed[0] || c->closed[1] || c->closed[2] || c->closed[3];
        if (middle) {
            open_job o = {.t = j.t, .p = p, .c = c, .open = open};
            atomic_init(&o.next, 0);
            nq_team filter = {run->threads, open_work, &o, NULL, NULL, 0};
            nq_team_run(&filter);
        }
        for (int k = 0; k < 4; k++)
            j.open[k] = middle ? &open[k] : j.t;
        j.end = c->end_part;
        nq_team_run(&team);
        for (int k = 0; middle && k < 4; k++) {
            free(open[k].start);
            free(open[k].entries);
        }
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
    quarters t = nq_quarters_build(n / 2, NULL, &stopped);
    size_t cells = (size_t)1 << 2 * t.q;
    size_t bytes = sizeof *t.start * (cells + 1) + sizeof *t.entries * t.start[cells];
    free(t.start);
    free(t.entries);
    return bytes;
}
