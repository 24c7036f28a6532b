/*
 * halfplan.c -- the subproblems of counting by halves and the keys of half boards (halfplan.h).
 * The plan is made once per count, before any thread starts: configurations, their groups, then
 * the splits of each group, then parts of consecutive splits of one group.
 */
#include "halfplan.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "nq/alloc.h"
#include "nq/symmetry.h"

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

static void subsets_of(unsigned cols, half_subsets *out)
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

static void task_add(half_task_list *list, half_task k)
{
    if (list->size == list->capacity) {
        list->capacity = list->capacity ? 2 * list->capacity : 1024;
        list->items = nq_alloc_check(realloc(list->items, sizeof *list->items * list->capacity));
    }
    list->items[list->size++] = k;
}

size_t nq_half_shut_cells(const half_plan *p, const half_config *c, int k)
{
    unsigned quarter = (1u << p->q) - 1, rows = c->rows >> (k % 2 ? p->s : 0) & quarter;
    return (size_t)(~rows & quarter) << p->q | (~(k < 2 ? c->left : c->right) & quarter);
}

half_filtering nq_half_filtering(const half_config *first, int group, int i)
{
    if (i >= 2 * group)
        return (half_filtering){2 + i % 2, first, first->shared[i % 2], 0};
    const half_config *c = &first[i / 2];
    return (half_filtering){i % 2, c, c->closed[i % 2], i % 2 ? 0 : c->crossing};
}

unsigned nq_half_reverse_rows(int n, unsigned rows)
{
    unsigned out = 0;
    for (int r = 0; r < n; r++)
        if (rows >> r & 1)
            out |= 1u << (n - 1 - r);
    return out;
}

/* Every split of c's rows with as many left rows as c has left columns, one per class when c
 * is split-symmetric. */
static void split_tasks(int n, const half_config *c, uint32_t index, half_task_list *list)
{
    int rows = __builtin_popcount(c->rows), left = __builtin_popcount(c->left);
    for (unsigned pick = (1u << left) - 1; pick && pick < 1u << rows; pick = next_same_bits(pick)) {
        unsigned r = deposit(pick, c->rows);
        uint32_t weight = 1;
        if (c->split_symmetric) {
            unsigned images[3] = {c->rows & ~r, nq_half_reverse_rows(n, r), c->rows & ~nq_half_reverse_rows(n, r)};
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
        task_add(list, (half_task){index, r, weight});
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

/* The diagonals of quarter k (0 left top, 1 left bottom, 2 right top, 3 right bottom) that the
 * queen on `at` attacks, as a quarter entry's masks (quarters.h), in the quarter's own squares. */
static uint64_t closed_in_quarter(const half_plan *p, int k, nq_square at)
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

/* The bits of the key of a half board (nq_half_key()) on the diagonals of the queen on `at`:
 * the keys of both halves number the board's diagonals alike, d1 = row + column from s and d2 =
 * row - column from 1 - q, and hold those that cross the middle. */
static uint64_t key_bits_of(const half_plan *p, nq_square at)
{
    int width = 2 * p->q - 1, d1 = at.row + at.column - p->s, d2 = at.row - at.column + p->q - 1;
    uint64_t out = 0;
    if (d1 >= 0 && d1 < width)
        out |= UINT64_C(1) << d1;
    if (d2 >= 0 && d2 < width)
        out |= UINT64_C(1) << (width + d2);
    return out;
}

/* Adds the configuration with the queens fixed[0..count-1] standing (the middle queens, the
 * pinned one), if none attacks another, standing for `weight` boards; split-symmetric when asked.
 * fixed[own], if own >= 0, is a queen in the left half that its group does not share: its
 * diagonals are left out of `shared` and are its `crossing` key bits. */
static void add_config(half_plan *p, const nq_square *fixed, int count, uint64_t weight, bool split_symmetric, int own)
{
    int n = p->n, s = p->s;
    half_config c = {.rows = (1u << n) - 1,
                     .left = (1u << p->q) - 1,
                     .right = (1u << p->q) - 1,
                     .grouped = own >= 0,
                     .weight = weight,
                     .split_symmetric = split_symmetric,
                     .middle_column = -1,
                     .middle_row = -1};
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
        for (int k = 0; k < 2 && i != own; k++)
            c.shared[k] |= closed_in_quarter(p, 2 + k, fixed[i]);
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
    if (own >= 0)
        c.crossing = key_bits_of(p, fixed[own]);
    c.column_sets = nq_alloc_check(malloc(2 * sizeof *c.column_sets));
    subsets_of(c.left, &c.column_sets[0]);
    subsets_of(c.right, &c.column_sets[1]);
    p->configs[p->config_count++] = c;
}

/* Whether configurations a and then b are one group: both grouped, their middle column's queen on
 * one row, and alike in everything their right half boards depend on. */
static bool same_group(const half_config *a, const half_config *b)
{
    return a->grouped && b->grouped && a->middle_row == b->middle_row && a->rows == b->rows && a->right == b->right &&
           a->shared[0] == b->shared[0] && a->shared[1] == b->shared[1] && a->weight == b->weight &&
           __builtin_popcount(a->left) == __builtin_popcount(b->left);
}

/* The configurations to count: for odd n every pair of middle queens (one of each 8 images
 * without a pin), with the pin if there is one, by the middle column's queen's row. */
half_plan nq_half_plan_of(int n, const nq_square *pin, bool grouped)
{
    int q = n / 2, s = n - q, m = q;
    half_plan p = {.n = n, .q = q, .s = s};
    p.configs = nq_alloc_check(malloc(sizeof *p.configs * (size_t)(n * n)));
    nq_square fixed[3];
    int pinned = 0;
    if (pin)
        fixed[pinned++] = *pin;
    if (n % 2 == 0) {
        add_config(&p, fixed, pinned, 1, !pin, -1);
    } else {
        for (int b = 0; b < n; b++)
            for (int a = 0; a < n; a++) {
                bool centre = a == m && b == m;
                if (!centre && (a == m || b == m))
                    continue;
                if (!pin && !centre && !pair_is_smallest(n, a, b))
                    continue;
                fixed[pinned] = (nq_square){a, m};
                fixed[pinned + 1] = (nq_square){m, b};
                /* A pin on the middle row or column is that line's queen; a middle queen that
                 * differs from it is a second queen on the line, which add_config() refuses. */
                size_t before = p.config_count;
                add_config(&p, fixed, pinned + 2, pin || centre ? 1 : 8, !pin && centre,
                           grouped && !centre && a < q ? pinned : -1);
                if (p.config_count > before) {
                    p.configs[before].middle_column = a;
                    p.configs[before].middle_row = b;
                }
            }
    }
    for (size_t i = p.config_count; i-- > 0;)
        p.configs[i].group_end =
            i + 1 < p.config_count && same_group(&p.configs[i], &p.configs[i + 1]) ? p.configs[i + 1].group_end : i + 1;
    for (size_t i = 0; i < p.config_count; i++) {
        p.configs[i].first_task = p.tasks.size;
        if (!i || !same_group(&p.configs[i - 1], &p.configs[i]))
            split_tasks(n, &p.configs[i], (uint32_t)i, &p.tasks);
        p.configs[i].end_task = p.tasks.size;
    }
    size_t per_part = p.tasks.size / PARTS_WANTED ? p.tasks.size / PARTS_WANTED : 1;
    p.part_first = nq_alloc_check(malloc(sizeof *p.part_first * (p.tasks.size + 1)));
    for (size_t i = 0; i < p.config_count; i++) {
        half_config *c = &p.configs[i];
        for (size_t k = c->first_task; k < c->end_task; k += per_part)
            p.part_first[p.part_count++] = (uint32_t)k;
        c->end_part = p.part_count;
    }
    p.part_first[p.part_count] = (uint32_t)p.tasks.size;
    return p;
}

void nq_half_plan_free(half_plan *p)
{
    for (size_t i = 0; i < p->config_count; i++)
        free(p->configs[i].column_sets);
    free(p->configs);
    free(p->tasks.items);
    free(p->part_first);
    memset(p, 0, sizeof *p);
}

half_key_shape nq_half_shape(int q, int s, bool left)
{
    half_key_shape k = {.width = 2 * q - 1};
    int key_shift[2] = {left ? s : 0, left ? 0 : s};
    for (int quarter = 0; quarter < 2; quarter++)
        for (int d = 0; d < 2; d++) {
            int move = (quarter ? s : 0) - key_shift[d];
            k.up[quarter][d] = move > 0 ? move : 0;
            k.down[quarter][d] = move < 0 ? -move : 0;
        }
    return k;
}
