/*
 * search.c -- the counting search: one board of each symmetry class, or, with a pinned queen,
 * every board that has it; row by row with bitboards, the last five rows by tables.
 *
 * A pinned queen masks every row with the squares it leaves open (so the pinned case is counted
 * directly); its subproblems are the first rows' prefixes, and when the queen stands on the
 * middle column a prefix whose mirror image comes first is left out and its mirror counted twice.
 *
 * Without one, which board of a class is searched: look at the queens on the four edges of the board and at
 * each one's distance to the nearer corner of its edge; let b be the smallest. The searched board
 * has a queen at distance b in the top row, left of the middle (column b):
 *   - b = 0 (a queen in a corner; only one corner can hold one): the corner is the top left one.
 *     The reflection in the main diagonal keeps that corner, so of the pair, the board whose
 *     second-row queen stands left of the row of the second column's queen is searched. No
 *     solution is symmetric under that reflection, so each board found stands for 8.
 *   - b > 0: the other edge queens are at distance >= b, so the side columns are closed above
 *     row b and below row n-1-b (the search closes them above and, at row n-1-b, insists that
 *     both side columns are taken), and the bottom row's queen stands in columns b..n-1-b.
 *     A class can still have up to four boards of this shape: those the rotations take the
 *     other edge queens at distance b to (reflections cannot: they would put two queens on
 *     one line). A board found is kept if it is the least, lexicographically, of these;
 *     rotations that fix it tell its class size (2, 4 or 8).
 * Subproblems are this choice plus the first rows below it, taken by threads from a shared
 * cursor.
 *
 * The last five rows are not searched: with five columns left, their solutions are the orders
 * of those columns (120 at most) that no two queens of the five attack (which depends only on
 * the gaps between the columns: 625 shapes) and that put each row's queen on a square left open
 * (five masks of five bits). Each is a precomputed set of orders as a 128-bit mask, so the count
 * is an AND of seven and a popcount. The rows near the bottom are where most queens of a search
 * are placed, so this halves the time. The few orders the leaf test must see (a rotation may
 * give the same shape) are enumerated from the set.
 */
#include "search.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "bits.h"
#include "check.h"
#include "nq/board.h"
#include "nq/clock.h"
#include "team.h"

/* Rows a subproblem fixes, on boards large enough for threads to matter: thousands of
 * subproblems for N = 17, so that the last ones are short. */
enum { TASK_ROWS = 4, TASK_MIN_N = 10 };

/* Queens a thread places between looks at the cancel flag and updates of the shared figures. */
enum { POLL_NODES = 1 << 16 };

typedef enum task_kind {
    TASK_CORNER, /* b = 0: the corner queen, row 1's queen in column b */
    TASK_EDGE,   /* the top row's queen in column b, no queen nearer a corner */
    TASK_PINNED, /* every board with the pinned queen */
} task_kind;

typedef struct task {
    unsigned char kind;          /* a task_kind */
    unsigned char b;             /* the nearest edge queen's distance to its corner */
    unsigned char weight;        /* pinned: boards each one found stands for (2: its mirror too) */
    unsigned char rows;          /* rows fixed */
    unsigned char cols[TASK_ROWS];
} task;

/* What the rule of a task's choice leaves open, row by row. */
typedef struct rules {
    uint64_t allowed[NQ_MAX_N];
    int need_row;                /* the row where both side columns must be taken, or -1 */
    uint64_t side;               /* the two side columns */
    int tail_row;                /* the first of the rows counted by the tables, or n */
} rules;

/* ---- the tables for the last rows ---- */

enum { TAIL_ROWS = 5, TAIL_ORDERS = 120, TAIL_SHAPES = 625 /* 5^4 */, TAIL_MIN_N = 10 };

/* A set of orders of the five columns (bit i: order i). */
typedef struct order_set {
    uint64_t word[2];
} order_set;

static struct tail_tables {
    unsigned char order[TAIL_ORDERS][TAIL_ROWS]; /* order i puts row r's queen on column order[i][r] */
    order_set safe[TAIL_SHAPES];                 /* orders whose queens do not attack each other */
    order_set at[TAIL_ROWS][1 << TAIL_ROWS];     /* orders that put row r's queen in the subset */
    /* Narrows fit (the safe orders of the shape) to the orders that put each row's queen on a
     * square its mask leaves open, and returns how many remain. With BMI2's PEXT and POPCNT
     * where the processor has them. */
    int (*narrow)(const uint64_t *open, uint64_t left, order_set *fit);
} tables;

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* The kernel of both versions of narrow(): subset[r] says which of the five columns left (the
 * bits of `left`, in order) row r's mask leaves open. */
static inline __attribute__((always_inline)) int narrow_by(const unsigned *subset, order_set *fit)
{
    for (int row = 0; row < TAIL_ROWS; row++)
        for (int w = 0; w < 2; w++)
            fit->word[w] &= tables.at[row][subset[row]].word[w];
    return __builtin_popcountll(fit->word[0]) + __builtin_popcountll(fit->word[1]);
}

static int narrow_plain(const uint64_t *open, uint64_t left, order_set *fit)
{
    int cols[TAIL_ROWS];
    for (int i = 0; i < TAIL_ROWS; i++, left &= left - 1)
        cols[i] = nq_lowest_column(left);
    unsigned subset[TAIL_ROWS];
    for (int r = 0; r < TAIL_ROWS; r++) {
        subset[r] = 0;
        for (int i = 0; i < TAIL_ROWS; i++)
            subset[r] |= (unsigned)((open[r] >> cols[i]) & 1) << i;
    }
    return narrow_by(subset, fit);
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("bmi2,popcnt"))) static int narrow_pext(const uint64_t *open, uint64_t left, order_set *fit)
{
    unsigned subset[TAIL_ROWS];
    for (int r = 0; r < TAIL_ROWS; r++)
        subset[r] = (unsigned)_pext_u64(open[r], left);
    return narrow_by(subset, fit);
}
#endif

static void add_order(order_set *set, int i)
{
    set->word[i / 64] |= UINT64_C(1) << (i % 64);
}

static void build_tables(void)
{
    /* The orders in lexicographic order: the next one after each, until the last. */
    unsigned char a[TAIL_ROWS] = {0, 1, 2, 3, 4};
    for (int i = 0; i < TAIL_ORDERS; i++) {
        memcpy(tables.order[i], a, sizeof a);
        int p = TAIL_ROWS - 2;
        while (p >= 0 && a[p] > a[p + 1])
            p--;
        if (p < 0)
            break;
        int q = TAIL_ROWS - 1;
        while (a[q] < a[p])
            q--;
        unsigned char swap = a[p];
        a[p] = a[q];
        a[q] = swap;
        for (int l = p + 1, h = TAIL_ROWS - 1; l < h; l++, h--) {
            swap = a[l];
            a[l] = a[h];
            a[h] = swap;
        }
    }
    /* A shape: the four gaps between the five columns, each 1 to 5 (5 standing for 5 or more:
     * rows at most 4 apart never meet on a diagonal that far). */
    for (int shape = 0; shape < TAIL_SHAPES; shape++) {
        int x[TAIL_ROWS] = {0};
        for (int i = 1, rest = shape; i < TAIL_ROWS; i++, rest /= 5)
            x[i] = x[i - 1] + rest % 5 + 1;
        for (int i = 0; i < TAIL_ORDERS; i++) {
            bool safe = true;
            for (int r1 = 0; r1 < TAIL_ROWS; r1++)
                for (int r2 = r1 + 1; r2 < TAIL_ROWS; r2++)
                    safe &= abs(x[tables.order[i][r1]] - x[tables.order[i][r2]]) != r2 - r1;
            if (safe)
                add_order(&tables.safe[shape], i);
        }
    }
    for (int r = 0; r < TAIL_ROWS; r++)
        for (unsigned subset = 0; subset < 1u << TAIL_ROWS; subset++)
            for (int i = 0; i < TAIL_ORDERS; i++)
                if (subset >> tables.order[i][r] & 1)
                    add_order(&tables.at[r][subset], i);
    tables.narrow = narrow_plain;
#if defined(__x86_64__) || defined(__i386__)
    if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt"))
        tables.narrow = narrow_pext;
#endif
}


typedef struct job {
    int n;
    const nq_square *first;      /* the pinned queen, or NULL */
    task *tasks;
    size_t size;
    atomic_size_t cursor;
    const nq_run *run;
    atomic_bool stopped;
    _Atomic uint64_t solutions, unique, nodes, dead_ends;
} job;

static void rules_of(int n, const nq_square *first, const task *k, rules *r)
{
    int last = n - 1, b = k->b;
    uint64_t full = nq_full_row(n);
    r->side = UINT64_C(1) | (UINT64_C(1) << last);
    r->need_row = k->kind == TASK_EDGE ? last - b : -1;
    r->tail_row = n >= TAIL_MIN_N ? n - TAIL_ROWS : n;
    if (k->kind == TASK_PINNED) {
        nq_allowed_rows(n, first, r->allowed);
        return;
    }
    for (int row = 0; row < n; row++)
        r->allowed[row] = full;
    if (k->kind == TASK_CORNER) {
        for (int row = 0; row < b; row++)
            r->allowed[row] &= ~(UINT64_C(1) << 1);
        return;
    }
    for (int row = 0; row < b; row++)
        r->allowed[row] &= ~r->side;
    for (int col = 0; col < n; col++)
        if (col < b || col > last - b)
            r->allowed[last] &= ~(UINT64_C(1) << col);
    /* Inside the tables' rows the same rule says it another way: no side column below it. */
    if (r->need_row >= r->tail_row) {
        for (int row = r->need_row + 1; row < n; row++)
            r->allowed[row] &= ~r->side;
        r->need_row = -1;
    }
}

/* The squares of row `row` open after the attacks a, under the rules. */
static inline uint64_t open_squares(const rules *r, int row, nq_attacks a)
{
    uint64_t open = nq_attacks_open(a, r->allowed[row]);
    if (row == r->need_row) {
        uint64_t sides = a.taken & r->side;
        if (!sides)
            return 0;
        if (sides != r->side)
            open &= r->side;
    }
    return open;
}

/* ---- the leaf test: is this board the least of its class among the searched shapes? ---- */

/* How many boards the class of the solution cols[] has, if it is the one searched; 0 if not. */
static int class_size(int n, int b, const int *cols)
{
    int last = n - 1, row_of[NQ_MAX_N] = {0};
    for (int r = 0; r < n; r++)
        row_of[cols[r]] = r;
    bool fixed90 = false, fixed180 = false;
    /* Rotation by 90 degrees: row i of the image holds column last - row_of[i]. It has the shape
     * searched when the left column's queen is b from the bottom. */
    if (row_of[0] == last - b) {
        int i = 0;
        for (; i < n && last - row_of[i] == cols[i]; i++)
            ;
        if (i < n && last - row_of[i] < cols[i])
            return 0;
        fixed90 = i == n;
    }
    /* By 180 degrees: row i holds last - cols[last - i]; the bottom queen b from the right. */
    if (cols[last] == last - b) {
        int i = 0;
        for (; i < n && last - cols[last - i] == cols[i]; i++)
            ;
        if (i < n && last - cols[last - i] < cols[i])
            return 0;
        fixed180 = i == n;
    }
    /* By 270 degrees: row i holds row_of[last - i]; the right column's queen in row b. */
    if (row_of[last] == b) {
        int i = 0;
        for (; i < n && row_of[last - i] == cols[i]; i++)
            ;
        if (i < n && row_of[last - i] < cols[i])
            return 0;
    }
    return fixed90 ? 2 : fixed180 ? 4 : 8;
}

/* ---- the search below one subproblem ---- */

typedef struct tally {
    uint64_t solutions, unique, nodes, dead_ends;
} tally;

static void flush(job *j, tally *t)
{
    atomic_fetch_add_explicit(&j->solutions, t->solutions, memory_order_relaxed);
    atomic_fetch_add_explicit(&j->unique, t->unique, memory_order_relaxed);
    atomic_fetch_add_explicit(&j->nodes, t->nodes, memory_order_relaxed);
    atomic_fetch_add_explicit(&j->dead_ends, t->dead_ends, memory_order_relaxed);
    memset(t, 0, sizeof *t);
}

/* Publishes the figures; true if the search is to stop. Rare, so kept out of the hot loop. */
__attribute__((noinline, cold)) static bool poll(job *j, tally *t)
{
    flush(j, t);
    return j->run->cancel && atomic_load_explicit(j->run->cancel, memory_order_relaxed);
}

/* A solution reached: count its class if it is the board searched. */
static void leaf(const job *j, const task *k, const uint64_t *placed, tally *t)
{
    if (k->kind == TASK_PINNED) {
        t->solutions += k->weight;
        return;
    }
    if (k->kind == TASK_CORNER) {
        t->solutions += 8;
        t->unique++;
        return;
    }
    int n = j->n, last = n - 1, b = k->b;
    /* Only a rotation that takes another edge queen at distance b to the top left can give a
     * lesser board of the shape searched, or the same one. */
    if (placed[last - b] != 1 && placed[last] != UINT64_C(1) << (last - b) &&
        placed[b] != UINT64_C(1) << last) {
        t->solutions += 8;
        t->unique++;
        return;
    }
    int cols[NQ_MAX_N] = {0};
    for (int r = 0; r < n; r++)
        cols[r] = nq_lowest_column(placed[r]);
    int size = class_size(n, b, cols);
    if (size) {
        t->solutions += (uint64_t)size;
        t->unique++;
    }
}

/* The solutions below row h = r->tail_row, entered with the attacks a (five columns left). */
static void count_tail(const job *j, const task *k, const rules *r, nq_attacks a, uint64_t *placed, tally *t)
{
    int h = r->tail_row;
    uint64_t left = nq_full_row(j->n) & ~a.taken;
    int cols[TAIL_ROWS], shape = 0;
    uint64_t rest = left;
    for (int i = 0, scale = 1; i < TAIL_ROWS; i++, rest &= rest - 1) {
        cols[i] = nq_lowest_column(rest);
        if (i > 0) {
            int gap = cols[i] - cols[i - 1];
            shape += (gap < 5 ? gap - 1 : 4) * scale;
            scale *= 5;
        }
    }
    uint64_t open[TAIL_ROWS];
    for (int row = 0; row < TAIL_ROWS; row++)
        open[row] = ~((a.down_right << row) | (a.down_left >> row)) & r->allowed[h + row];
    order_set fit = tables.safe[shape];
    int found = tables.narrow(open, left, &fit);
    if (!found)
        return;
    if (k->kind == TASK_PINNED) {
        t->solutions += k->weight * (uint64_t)found;
        return;
    }
    if (k->kind == TASK_CORNER) {
        t->solutions += 8 * (uint64_t)found;
        t->unique += (uint64_t)found;
        return;
    }
    /* The orders the leaf test must see: those a rotation may map to the same shape. */
    order_set look = {{0, 0}};
    {
        int n = j->n, last = n - 1, b = k->b;
        if (placed[b] == UINT64_C(1) << last || (last - b < h && placed[last - b] == 1)) {
            look = (order_set){{~UINT64_C(0), ~UINT64_C(0)}};
        } else {
            if (last - b >= h && (left & 1)) /* the left column's queen may stand in row last - b */
                for (int w = 0; w < 2; w++)
                    look.word[w] |= tables.at[last - b - h][1].word[w];
            if (left >> (last - b) & 1) /* the bottom queen may stand in column last - b */
                for (int w = 0; w < 2; w++)
                    look.word[w] |= tables.at[TAIL_ROWS - 1][1u << nq_popcount(left & ((UINT64_C(1) << (last - b)) - 1))]
                                        .word[w];
        }
    }
    for (int w = 0; w < 2; w++) {
        uint64_t plain = fit.word[w] & ~look.word[w];
        t->solutions += 8 * (uint64_t)nq_popcount(plain);
        t->unique += (uint64_t)nq_popcount(plain);
        for (uint64_t each = fit.word[w] & look.word[w]; each; each &= each - 1) {
            const unsigned char *order = tables.order[64 * w + nq_lowest_column(each)];
            for (int row = 0; row < TAIL_ROWS; row++)
                placed[h + row] = UINT64_C(1) << cols[order[row]];
            leaf(j, k, placed, t);
        }
    }
}

/* Searches below task k; false if it was cancelled. The stack holds, per row, the squares still
 * to try and the attacks entering the row. */
static bool search(job *j, const task *k, tally *t)
{
    rules r;
    rules_of(j->n, j->first, k, &r);
    int last = j->n - 1, start = k->rows;
    uint64_t placed[NQ_MAX_N], open[NQ_MAX_N];
    nq_attacks at[NQ_MAX_N];
    nq_attacks a = {0, 0, 0};
    for (int row = 0; row < start; row++) {
        placed[row] = UINT64_C(1) << k->cols[row];
        a = nq_attacks_next(a, placed[row]);
    }
    /* Subproblems fix at most 4 rows, of boards of 4 rows or more (10 or more, where the tables
     * take the last 5). */
    NQ_CHECK(start < last && start < r.tail_row);
    at[start] = a;
    open[start] = open_squares(&r, start, a);
    if (!open[start]) {
        t->dead_ends++;
        return true;
    }
    /* The figures stay in registers between polls. */
    uint64_t nodes = 0, dead_ends = 0;
    bool stopped = false;
    int row = start;
    for (;;) {
        uint64_t o = open[row];
        if (!o) {
            if (--row < start)
                break;
            continue;
        }
        uint64_t bit = o & (0u - o); /* lowest open square */
        open[row] = o ^ bit;
        placed[row] = bit;
        if ((++nodes & (POLL_NODES - 1)) == 0) {
            t->nodes += nodes;
            t->dead_ends += dead_ends;
            nodes = dead_ends = 0;
            if (poll(j, t)) {
                stopped = true;
                break;
            }
        }
        nq_attacks next = nq_attacks_next(at[row], bit);
        if (row + 1 == r.tail_row) {
            count_tail(j, k, &r, next, placed, t);
            continue;
        }
        uint64_t next_open = open_squares(&r, row + 1, next);
        if (!next_open) {
            dead_ends++;
            continue;
        }
        if (row + 1 == last) { /* never pushed: one column is left, so one square */
            placed[last] = next_open;
            nodes++;
            leaf(j, k, placed, t);
            continue;
        }
        row++;
        at[row] = next;
        open[row] = next_open;
    }
    t->nodes += nodes;
    t->dead_ends += dead_ends;
    return !stopped;
}

static void work(void *context)
{
    job *j = context;
    tally t = {0};
    const atomic_bool *cancel = j->run->cancel;
    for (;;) {
        if (cancel && atomic_load_explicit(cancel, memory_order_relaxed)) {
            atomic_store_explicit(&j->stopped, true, memory_order_relaxed);
            break;
        }
        size_t i = atomic_fetch_add_explicit(&j->cursor, 1, memory_order_relaxed);
        if (i >= j->size)
            break;
        if (!search(j, &j->tasks[i], &t)) {
            atomic_store_explicit(&j->stopped, true, memory_order_relaxed);
            break;
        }
    }
    flush(j, &t);
}

/* ---- the subproblems ---- */

typedef struct task_list {
    task *items;
    size_t size, capacity;
    uint64_t nodes, dead_ends; /* of the rows the subproblems fix */
} task_list;

static void add(task_list *list, const task *k)
{
    if (list->size == list->capacity) {
        list->capacity = list->capacity ? 2 * list->capacity : 256;
        list->items = NQ_CHECK_ALLOC(realloc(list->items, list->capacity * sizeof *list->items));
    }
    list->items[list->size++] = *k;
}

/* Adds k, extended row by row below its fixed rows until `rows` are fixed. */
static void extend(int n, const nq_square *first, task k, int rows, task_list *list)
{
    if (k.rows >= rows) {
        add(list, &k);
        return;
    }
    rules r;
    rules_of(n, first, &k, &r);
    nq_attacks a = {0, 0, 0};
    for (int row = 0; row < k.rows; row++)
        a = nq_attacks_next(a, UINT64_C(1) << k.cols[row]);
    uint64_t open = open_squares(&r, k.rows, a);
    if (!open)
        list->dead_ends++;
    while (open) {
        list->nodes++;
        uint64_t bit = open & (0u - open);
        open ^= bit;
        task next = k;
        next.cols[next.rows++] = (unsigned char)nq_lowest_column(bit);
        extend(n, first, next, rows, list);
    }
}

/* Whether the mirror image of cols[0..rows-1] comes before it (-1), is it (0) or after (1). */
static int mirror_order(int n, const unsigned char *cols, int rows)
{
    for (int r = 0; r < rows; r++) {
        int mirrored = n - 1 - cols[r];
        if (mirrored != cols[r])
            return mirrored < cols[r] ? -1 : 1;
    }
    return 0;
}

/* The prefixes of a pinned board; with the queen on the middle column, those whose mirror image
 * comes first are left out and the others weigh 2 (1 if their own mirror image). */
static task_list pinned_tasks(int n, const nq_square *first)
{
    task_list all = {0};
    all.nodes = 0;
    task k = {.kind = TASK_PINNED, .weight = 1};
    extend(n, first, k, n >= TASK_MIN_N ? TASK_ROWS : 0, &all);
    if (2 * first->column != n - 1)
        return all;
    size_t kept = 0;
    for (size_t i = 0; i < all.size; i++) {
        int order = mirror_order(n, all.items[i].cols, all.items[i].rows);
        if (order < 0)
            continue;
        all.items[kept] = all.items[i];
        all.items[kept++].weight = order == 0 ? 1 : 2;
    }
    all.size = kept;
    return all;
}

static task_list tasks_of(int n, const nq_square *first)
{
    if (first)
        return pinned_tasks(n, first);
    task_list list = {0};
    int last = n - 1;
    int rows = n >= TASK_MIN_N ? TASK_ROWS : 0;
    list.nodes = 1; /* the corner queen */
    for (int b = 2; b < last; b++) {
        list.nodes++;
        task k = {.kind = TASK_CORNER, .b = (unsigned char)b, .rows = 2, .cols = {0, (unsigned char)b}};
        extend(n, NULL, k, rows, &list);
    }
    for (int b = 1; b < last - b; b++) {
        list.nodes++;
        task k = {.kind = TASK_EDGE, .b = (unsigned char)b, .rows = 1, .cols = {(unsigned char)b}};
        extend(n, NULL, k, rows, &list);
    }
    return list;
}

static void report(void *context, double seconds)
{
    job *j = context;
    nq_progress p = {0};
    p.found = atomic_load_explicit(&j->solutions, memory_order_relaxed);
    p.nodes = atomic_load_explicit(&j->nodes, memory_order_relaxed);
    p.dead_ends = atomic_load_explicit(&j->dead_ends, memory_order_relaxed);
    p.seconds = seconds;
    j->run->progress(j->run->context, &p);
}

void nq_search_portable_kernel(bool portable)
{
    pthread_once(&tables_once, build_tables);
    tables.narrow = narrow_plain;
#if defined(__x86_64__) || defined(__i386__)
    if (!portable && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt"))
        tables.narrow = narrow_pext;
#endif
}

nq_search_result nq_search_count(int n, const nq_square *first, const nq_run *run)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    NQ_CHECK(!first || (first->column >= 0 && first->column < n && first->row >= 0 && first->row < n));
    double start = nq_clock_seconds();
    nq_search_result result = {.complete = true};
    if (n == 1) { /* one queen: its own class, and no edge distance to speak of */
        result.solutions = result.nodes = 1;
        result.unique = first ? 0 : 1;
    } else if (n >= 4) { /* 2 and 3 have no solution */
        pthread_once(&tables_once, build_tables);
        task_list list = tasks_of(n, first);
        job j = {.n = n, .first = first, .tasks = list.items, .size = list.size, .run = run};
        atomic_init(&j.cursor, 0);
        atomic_init(&j.stopped, false);
        atomic_init(&j.solutions, 0);
        atomic_init(&j.unique, 0);
        atomic_init(&j.nodes, list.nodes);
        atomic_init(&j.dead_ends, list.dead_ends);
        nq_team team = {run->threads, work, run->progress ? report : NULL, &j, run->interval};
        nq_team_run(&team);
        free(list.items);
        result.complete = !atomic_load_explicit(&j.stopped, memory_order_relaxed);
        result.solutions = atomic_load_explicit(&j.solutions, memory_order_relaxed);
        result.unique = atomic_load_explicit(&j.unique, memory_order_relaxed);
        result.nodes = atomic_load_explicit(&j.nodes, memory_order_relaxed);
        result.dead_ends = atomic_load_explicit(&j.dead_ends, memory_order_relaxed);
    }
    if (run->progress) {
        nq_progress p = {result.complete ? result.solutions : 0, result.solutions, result.nodes,
                         result.dead_ends, nq_clock_seconds() - start, result.complete};
        run->progress(run->context, &p);
    }
    return result;
}
