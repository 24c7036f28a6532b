/*
 * search.c -- the counting search: one board of each symmetry class, or, with pinned queens,
 * every board that has them all; row by row with bitboards, the last five rows by tables.
 *
 * Each pinned queen masks every row with the squares it leaves open, and the pins together with
 * the squares all of them leave open (so the pinned case is counted directly, one pin or several
 * alike); the subproblems are the first rows' prefixes, and when every pin stands on the middle
 * column a prefix whose mirror image comes first is left out and its mirror counted twice.
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
 * cursor; their figures and cancel polling go through tally.h.
 *
 * The last five rows are not searched but counted by the tables of tail.c. Only the few orders
 * the leaf test must see (those a rotation may give the same shape) are enumerated from the set
 * of orders that fit.
 */
#include "search.h"

#include <stdlib.h>

#include "bits.h"
#include "check.h"
#include "nq/board.h"
#include "nq/symmetry.h"
#include "source.h"
#include "tail.h"
#include "tally.h"
#include "team.h"

/* Rows a subproblem fixes, on boards large enough for threads to matter: thousands of
 * subproblems for N = 17, so that the last ones are short. */
enum { TASK_ROWS = 4, TASK_MIN_N = 10 };

/* From this size on the last NQ_TAIL_ROWS rows are counted by the tables: the smallest board
 * that leaves above them the TASK_ROWS rows a subproblem fixes and one row to search. */
enum { TAIL_MIN_N = TASK_ROWS + 1 + NQ_TAIL_ROWS };

/* The boards of a class that no symmetry but the identity fixes: one per symmetry. */
enum { FULL_CLASS = NQ_SYM_COUNT };

typedef enum task_kind {
    TASK_CORNER, /* b = 0: the corner queen, row 1's queen in column b */
    TASK_EDGE,   /* the top row's queen in column b, no queen nearer a corner */
    TASK_PINNED, /* every board with the pinned queens */
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

/* The subproblems of a count (search.h). */
struct nq_search_split {
    int n;
    nq_square pins[NQ_MAX_N];    /* the pinned queens (pin_count of them) */
    int pin_count;
    task *tasks;
    size_t size;
    nq_count_figures setup;      /* the rows the subproblems fix; the whole of n < 4 */
};

typedef struct job {
    int n;
    const nq_square *pins;       /* the split's */
    int pin_count;
    const task *tasks;
    nq_source *source;
    atomic_bool stopped;
    nq_tally_totals totals;      /* found: all solutions so far; unique: the classes */
} job;

/* The squares of each row that every pin leaves open. */
static void pinned_rows(int n, const nq_square *pins, int pin_count, uint64_t allowed[NQ_MAX_N])
{
    nq_allowed_rows(n, NULL, allowed);
    for (int i = 0; i < pin_count; i++) {
        uint64_t one[NQ_MAX_N];
        nq_allowed_rows(n, &pins[i], one);
        for (int row = 0; row < n; row++)
            allowed[row] &= one[row];
    }
}

static void rules_of(int n, const nq_square *pins, int pin_count, const task *k, rules *r)
{
    int last = n - 1, b = k->b;
    uint64_t full = nq_full_row(n);
    r->side = UINT64_C(1) | (UINT64_C(1) << last);
    r->need_row = k->kind == TASK_EDGE ? last - b : -1;
    r->tail_row = n >= TAIL_MIN_N ? n - NQ_TAIL_ROWS : n;
    if (k->kind == TASK_PINNED) {
        pinned_rows(n, pins, pin_count, r->allowed);
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
    return fixed90 ? FULL_CLASS / 4 : fixed180 ? FULL_CLASS / 2 : FULL_CLASS;
}

/* ---- the search below one subproblem ---- */

/* A solution reached: count its class if it is the board searched. */
static void leaf(const job *j, const task *k, const uint64_t *placed, nq_tally *t)
{
    if (k->kind == TASK_PINNED) {
        t->found += k->weight;
        return;
    }
    if (k->kind == TASK_CORNER) {
        t->found += FULL_CLASS;
        t->unique++;
        return;
    }
    int n = j->n, last = n - 1, b = k->b;
    /* Only a rotation that takes another edge queen at distance b to the top left can give a
     * lesser board of the shape searched, or the same one. */
    if (placed[last - b] != 1 && placed[last] != UINT64_C(1) << (last - b) &&
        placed[b] != UINT64_C(1) << last) {
        t->found += FULL_CLASS;
        t->unique++;
        return;
    }
    int cols[NQ_MAX_N] = {0};
    for (int r = 0; r < n; r++)
        cols[r] = nq_lowest_column(placed[r]);
    int size = class_size(n, b, cols);
    if (size) {
        t->found += (uint64_t)size;
        t->unique++;
    }
}

/* The orders of the tail the leaf test must see: those that may put another edge queen at
 * distance b where a rotation takes it to the top left (see class_size()), or all of them when a
 * queen above the tail already stands so. left: the five columns left; h: the tail's first row. */
static nq_tail_set orders_to_check(const job *j, const task *k, int h, const uint64_t *placed, uint64_t left)
{
    int last = j->n - 1, b = k->b;
    if (placed[b] == UINT64_C(1) << last || (last - b < h && placed[last - b] == 1))
        return (nq_tail_set){{~UINT64_C(0), ~UINT64_C(0)}};
    nq_tail_set look = {{0, 0}};
    if (last - b >= h && (left & 1)) { /* the left column's queen may stand in row last - b */
        const nq_tail_set *in_left = nq_tail_orders_placing(last - b - h, 1);
        for (int w = 0; w < 2; w++)
            look.word[w] |= in_left->word[w];
    }
    if (left >> (last - b) & 1) {
        /* The bottom queen may stand in column last - b, which is the i-th of the columns left
         * where i counts those left of it (the bits of left below it). */
        unsigned i = (unsigned)nq_popcount(left & ((UINT64_C(1) << (last - b)) - 1));
        const nq_tail_set *at_bottom = nq_tail_orders_placing(NQ_TAIL_ROWS - 1, 1u << i);
        for (int w = 0; w < 2; w++)
            look.word[w] |= at_bottom->word[w];
    }
    return look;
}

/* The solutions below row h = r->tail_row, entered with the attacks a (five columns left). */
static void count_tail(const job *j, const task *k, const rules *r, nq_attacks a, uint64_t *placed, nq_tally *t)
{
    int h = r->tail_row;
    uint64_t left = nq_full_row(j->n) & ~a.taken;
    /* Row h + i sees the diagonals i rows further on: shifted i columns. */
    uint64_t open[NQ_TAIL_ROWS];
    for (int row = 0; row < NQ_TAIL_ROWS; row++)
        open[row] = ~((a.down_right << row) | (a.down_left >> row)) & r->allowed[h + row];
    int cols[NQ_TAIL_ROWS];
    nq_tail_set fit;
    int found = nq_tail_fit(left, open, cols, &fit);
    if (!found)
        return;
    if (k->kind == TASK_PINNED) {
        t->found += k->weight * (uint64_t)found;
        return;
    }
    if (k->kind == TASK_CORNER) {
        t->found += FULL_CLASS * (uint64_t)found;
        t->unique += (uint64_t)found;
        return;
    }
    nq_tail_set look = orders_to_check(j, k, h, placed, left);
    for (int w = 0; w < 2; w++) {
        uint64_t plain = fit.word[w] & ~look.word[w]; /* the least of its class: a class of 8 */
        t->found += FULL_CLASS * (uint64_t)nq_popcount(plain);
        t->unique += (uint64_t)nq_popcount(plain);
        for (uint64_t each = fit.word[w] & look.word[w]; each; each &= each - 1) { /* lowest first */
            const unsigned char *order = nq_tail_order(NQ_TAIL_WORD_BITS * w + nq_lowest_column(each));
            for (int row = 0; row < NQ_TAIL_ROWS; row++)
                placed[h + row] = UINT64_C(1) << cols[order[row]];
            leaf(j, k, placed, t);
        }
    }
}

/* Searches below task k; false if it was cancelled. The stack holds, per row, the squares still
 * to try and the attacks entering the row. */
static bool search(job *j, const task *k, nq_tally *t)
{
    rules r;
    rules_of(j->n, j->pins, j->pin_count, k, &r);
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
        if ((++nodes & (NQ_TALLY_POLL_NODES - 1)) == 0) {
            t->nodes += nodes;
            t->dead_ends += dead_ends;
            nodes = dead_ends = 0;
            if (nq_tally_poll(&j->totals, t, 1)) {
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
    nq_tally t = {0};
    uint64_t i;
    for (;;) {
        bool cancelled = nq_tally_cancelled(&j->totals);
        if (!cancelled && !nq_source_next(j->source, UINT64_MAX, &i))
            break;
        if (cancelled || !search(j, &j->tasks[i], &t)) {
            atomic_store_explicit(&j->stopped, true, memory_order_relaxed);
            break;
        }
        nq_count_figures done = nq_tally_part_end(&j->totals, &t);
        nq_source_done(j->source, i, &done);
    }
    nq_tally_flush(&j->totals, &t, 1);
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
static void extend(int n, const nq_square *pins, int pin_count, task k, int rows, task_list *list)
{
    if (k.rows >= rows) {
        add(list, &k);
        return;
    }
    rules r;
    rules_of(n, pins, pin_count, &k, &r);
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
        extend(n, pins, pin_count, next, rows, list);
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

/* The prefixes of a pinned board; with every pin on the middle column, those whose mirror image
 * comes first are left out and the others weigh 2 (1 if their own mirror image). */
static task_list pinned_tasks(int n, const nq_square *pins, int pin_count)
{
    task_list all = {0};
    task k = {.kind = TASK_PINNED, .weight = 1};
    extend(n, pins, pin_count, k, n >= TASK_MIN_N ? TASK_ROWS : 0, &all);
    for (int i = 0; i < pin_count; i++)
        if (2 * pins[i].column != n - 1)
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

static task_list tasks_of(int n, const nq_square *pins, int pin_count)
{
    if (pin_count)
        return pinned_tasks(n, pins, pin_count);
    task_list list = {0};
    int last = n - 1;
    int rows = n >= TASK_MIN_N ? TASK_ROWS : 0;
    list.nodes = 1; /* the corner queen */
    for (int b = 2; b < last; b++) {
        list.nodes++;
        task k = {.kind = TASK_CORNER, .b = (unsigned char)b, .rows = 2, .cols = {0, (unsigned char)b}};
        extend(n, NULL, 0, k, rows, &list);
    }
    for (int b = 1; b < last - b; b++) {
        list.nodes++;
        task k = {.kind = TASK_EDGE, .b = (unsigned char)b, .rows = 1, .cols = {(unsigned char)b}};
        extend(n, NULL, 0, k, rows, &list);
    }
    return list;
}

nq_search_split *nq_search_split_new(int n, const nq_square *pins, int pin_count)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    NQ_CHECK(pin_count >= 0 && pin_count <= n);
    nq_search_split *split = NQ_CHECK_ALLOC(calloc(1, sizeof *split));
    split->n = n;
    split->pin_count = pin_count;
    for (int i = 0; i < pin_count; i++) {
        NQ_CHECK(pins[i].column >= 0 && pins[i].column < n && pins[i].row >= 0 && pins[i].row < n);
        split->pins[i] = pins[i];
    }
    split->setup = (nq_count_figures){.basis = NQ_BASIS_CLASSES}; /* 2 and 3: no solution, nothing to list */
    if (n == 1) { /* one queen: its own class, and no edge distance to speak of */
        split->setup = (nq_count_figures){1, pin_count ? 0 : 1, 1, 0, NQ_BASIS_CLASSES};
    } else if (n >= 4) {
        task_list list = tasks_of(n, pins, pin_count);
        split->tasks = list.items;
        split->size = list.size;
        split->setup = (nq_count_figures){0, 0, list.nodes, list.dead_ends, NQ_BASIS_CLASSES};
    }
    return split;
}

void nq_search_split_free(nq_search_split *split)
{
    if (!split)
        return;
    free(split->tasks);
    free(split);
}

uint64_t nq_search_split_parts(const nq_search_split *split)
{
    return split->size;
}

nq_count_figures nq_search_split_setup(const nq_search_split *split)
{
    return split->setup;
}

bool nq_search_split_run(const nq_search_split *split, const nq_count_source *source, const nq_run *run,
                         nq_count_figures *sum)
{
    nq_tail_init();
    nq_source from;
    nq_source_init(&from, source, split->size);
    job j = {.n = split->n, .pins = split->pins, .pin_count = split->pin_count, .tasks = split->tasks, .source = &from};
    atomic_init(&j.stopped, false);
    nq_tally_init(&j.totals, NQ_BASIS_CLASSES, split->setup.nodes, split->setup.dead_ends);
    nq_tally_parts(&j.totals, split->size);
    nq_tally_start(&j.totals, run);
    nq_tally setup = {split->setup.solutions, split->setup.unique, 0, 0, {0}};
    nq_tally_flush(&j.totals, &setup, 1);
    if (split->size) {
        nq_team team = {run->threads, work, &j, run->progress ? nq_tally_report : NULL, &j.totals, run->interval};
        nq_team_run(&team);
    }
    bool complete = !atomic_load_explicit(&j.stopped, memory_order_relaxed);
    nq_progress p = nq_tally_progress(&j.totals);
    *sum = (nq_count_figures){p.found, atomic_load_explicit(&j.totals.unique, memory_order_relaxed), p.nodes,
                              p.dead_ends, p.basis};
    /* Only a complete count of every part knows the first solutions in lexicographic order: all. */
    if (complete && !source)
        atomic_store_explicit(&j.totals.known, p.found, memory_order_release);
    nq_tally_report_end(&j.totals, complete);
    nq_source_destroy(&from);
    return complete;
}

nq_search_result nq_search_count(int n, const nq_square *pins, int pin_count, const nq_run *run)
{
    nq_search_split *split = nq_search_split_new(n, pins, pin_count);
    nq_count_figures f;
    bool complete = nq_search_split_run(split, NULL, run, &f);
    nq_search_split_free(split);
    return (nq_search_result){complete, f.solutions, f.unique, f.nodes, f.dead_ends};
}
