/*
 * lexcount.c -- prefixes of the first rows, and counting the solutions below them on all cores,
 * in lexicographic order. One count_below() serves the fill and, read-only, the index;
 * canonical_below() does the same for the index of unique boards. count_below() places queens
 * down to the second row above the last five and hands that row to tail.h, which walks it and
 * the next in one call and counts the five below by tables: the count below every square walked
 * stays exact, which is all the prefixes and their children need.
 *
 * Prefixes are built a level at a time, each level by extending the previous one's prefixes in
 * order, so the list comes out lexicographically sorted and the depth can stop where the list is
 * long enough. Threads take prefixes from a shared atomic cursor in order, one at a time, so a
 * slow subtree never leaves another core idle while work remains, and the finished prefixes form
 * a growing lexicographic range early: that is what lets a running search be paged.
 *
 * The mirror image (column c -> n - 1 - c) maps solutions to solutions and subtrees to subtrees
 * of the same shape, so a prefix whose mirror comes earlier is never searched: when the frontier
 * reaches it, its mirror is already final and its count is copied.
 *
 * A canonical count keeps the same prefixes, frontier and children, but counts below a prefix
 * with canonical_below(): a search that carries the columns, closes the squares no smallest board
 * of a class can use (canonical_rules(), corner_rule()), counts the last five rows by tail.h's
 * tables (canonical_tail()) and tests with nq_symmetry_is_canonical() only the boards that may tie
 * with one of their images. Mirroring is off there: a board and its mirror image are in one class,
 * so at most one of them counts.
 */
#include "lexcount.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "halfplan.h"
#include "lexhalves.h"
#include "nq/symmetry.h"
#include "tail.h"
#include "team.h"

/* Bits a row's column takes in a key: enough for NQ_MAX_N = 64 columns. */
enum { KEY_BITS = 6 };

/* The largest board on which the counts of the prefixes' children are kept: a child's count
 * still fits 32 bits. */
enum { CHILDREN_MAX_N = 20 };

/* Rows a prefix leaves at least for its subtree (when the board has more). */
enum { SUBTREE_MIN_ROWS = 7 };

/* The first row the tables of the last five rows may start at: the rows above hold at least the
 * prefix's first row (and a canonical count's top queen), from N = 6 on. count_below() hands
 * tail.h a row one or two above them, so it uses them where it starts there or higher: from
 * N = 7 on. */
enum { TAIL_MIN_ROW = 1 };

static uint64_t key_of(const int *cols, int depth)
{
    uint64_t key = 0;
    for (int r = 0; r < depth; r++)
        key = (key << KEY_BITS) | (uint64_t)cols[r];
    return key;
}

/* The columns of the key of a prefix of depth rows, into cols[0..depth-1]. */
static void decode_key(uint64_t key, int depth, int *cols)
{
    for (int r = depth - 1; r >= 0; r--) {
        cols[r] = (int)(key & ((1u << KEY_BITS) - 1));
        key >>= KEY_BITS;
    }
}

void nq_lexcount_prefix(const nq_lexcount *lex, size_t i, int *cols)
{
    decode_key(lex->keys[i], lex->depth, cols);
}

static size_t find_key(const nq_lexcount *lex, uint64_t key)
{
    size_t lo = 0, hi = lex->size;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (lex->keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < lex->size && lex->keys[lo] == key ? lo : lex->size;
}

size_t nq_lexcount_find(const nq_lexcount *lex, const int *cols)
{
    return find_key(lex, key_of(cols, lex->depth));
}

/* The key of the mirror image of prefix i. */
static uint64_t mirror_key(const nq_lexcount *lex, size_t i)
{
    int cols[NQ_LEXCOUNT_MAX_DEPTH];
    nq_lexcount_prefix(lex, i, cols);
    for (int r = 0; r < lex->depth; r++)
        cols[r] = lex->n - 1 - cols[r];
    return key_of(cols, lex->depth);
}

/* Attack masks entering row `depth` after the prefix cols[0..depth-1]. */
static nq_attacks attacks_after(const int *cols, int depth)
{
    nq_attacks a = {0, 0, 0};
    for (int r = 0; r < depth; r++)
        a = nq_attacks_next(a, UINT64_C(1) << cols[r]);
    return a;
}

nq_attacks nq_lexcount_prefix_attacks(const nq_lexcount *lex, size_t i, int *cols)
{
    nq_lexcount_prefix(lex, i, cols);
    return attacks_after(cols, lex->depth);
}

/* Where each prefix's children start in child_counts: as many as its row below has open squares
 * (one on the pinned row). */
static void list_children(nq_lexcount *lex)
{
    lex->first_child = NQ_CHECK_ALLOC(malloc((lex->size + 1) * sizeof *lex->first_child));
    uint64_t total = 0;
    int cols[NQ_LEXCOUNT_MAX_DEPTH];
    for (size_t i = 0; i < lex->size; i++) {
        lex->first_child[i] = (uint32_t)total;
        nq_attacks a = nq_lexcount_prefix_attacks(lex, i, cols);
        total += (uint64_t)nq_popcount(nq_attacks_open(a, nq_lexcount_allowed(lex, cols)[lex->depth]));
        NQ_CHECK(total < UINT32_MAX);
    }
    lex->first_child[lex->size] = (uint32_t)total;
    lex->child_counts = NQ_CHECK_ALLOC(calloc(total ? total : 1, sizeof *lex->child_counts));
}

/* How many columns the top queen of a canonical board may take: 0..(n-1)/2 (see below). */
static int canonical_tops(int n)
{
    return (n - 1) / 2 + 1;
}

/*
 * The squares a canonical board (the smallest of its class) whose top queen stands on column c0
 * may use, into rows[0..n-1]. Each symmetry takes one edge of the board (top or bottom row, left
 * or right column) onto the top row, and the queen of that edge then gives the image's first
 * entry: its place along the edge counted from one end or the other. The identity's is c0, so a
 * canonical board has no edge queen nearer an end of its edge than c0:
 *   - the top queen itself: c0 <= n-1-c0 (its mirror image), so c0 <= (n-1)/2, which is the top
 *     row's mask in lex->allowed;
 *   - the bottom row's queen stands in columns c0..n-1-c0;
 *   - the left and right columns' queens stand in rows c0..n-1-c0, so the rows above c0 and the
 *     rows below n-1-c0 have no queen in either side column (canonical_below() also fails a
 *     board that enters row n-c0 with a side column still empty: nothing could fill it).
 * Ties (an edge queen exactly c0 from an end) are left to the test of the whole board, but for
 * one that a search knowing the second row's queen closes (corner_rule()).
 */
static void canonical_rules(int n, int c0, uint64_t *rows)
{
    int last = n - 1;
    uint64_t full = nq_full_row(n), sides = UINT64_C(1) | (UINT64_C(1) << last);
    for (int row = 0; row < n; row++)
        rows[row] = row < c0 || row > last - c0 ? full & ~sides : full;
    rows[0] = UINT64_C(1) << c0;
    rows[last] &= nq_full_row(n - c0) & ~nq_full_row(c0); /* columns c0..n-1-c0 */
}

/*
 * With the top queen in the corner (c0 = 0) the corner queen is its own edge queen for the top
 * row and the left column, so the transpose's image starts with 0 as well; its second entry is
 * the row of column 1's queen, and the identity's is c1, the second row's column. A canonical
 * board has c1 <= that row: column 1 is closed in rows 2..c1-1 (rows 0 and 1 hold other
 * columns). rows[] are the canonical rules of c0 = 0, narrowed in place; cols[0..placed-1] are
 * the rows placed (placed >= 2). Returns false if those already break the rule.
 */
static bool corner_rule(const int *cols, int placed, uint64_t *rows)
{
    for (int row = 2; row < cols[1]; row++) {
        if (row < placed && cols[row] == 1)
            return false;
        rows[row] &= ~(UINT64_C(1) << 1);
    }
    return true;
}

const uint64_t *nq_lexcount_allowed(const nq_lexcount *lex, const int *cols)
{
    return lex->canonical ? lex->canonical_rows + (size_t)cols[0] * (size_t)lex->n : lex->allowed;
}

static void build(nq_lexcount *lex, int n, const nq_square *first, bool canonical, size_t target, bool children)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    memset(lex, 0, sizeof *lex);
    lex->n = n;
    lex->has_first = first != NULL;
    if (first)
        lex->first = *first;
    /* Mirroring keeps the first queen where it is only when there is none or it stands on the
     * middle column. */
    lex->mirror = !canonical && (!first || 2 * first->column == n - 1);
    lex->canonical = canonical;
    nq_allowed_rows(n, first, lex->allowed);
    nq_tail_init();
    if (canonical) {
        int top = canonical_tops(n);
        lex->allowed[0] = nq_full_row(top);
        lex->canonical_rows = NQ_CHECK_ALLOC(malloc((size_t)top * (size_t)n * sizeof *lex->canonical_rows));
        for (int c0 = 0; c0 < top; c0++)
            canonical_rules(n, c0, lex->canonical_rows + (size_t)c0 * (size_t)n);
    }

    /* Level 0: the one empty prefix. */
    size_t size = 1, capacity = 16;
    uint64_t *keys = NQ_CHECK_ALLOC(malloc(capacity * sizeof *keys));
    keys[0] = 0;
    uint64_t nodes = 0, dead_ends = 0;
    int depth = 0;
    /* Leave the last rows to the subtrees: below 7 free rows a subtree holds a handful of
     * solutions at most, so going deeper would only make the list longer than the answers. */
    int max_depth = n - SUBTREE_MIN_ROWS < 1 ? 1 : n - SUBTREE_MIN_ROWS;
    if (max_depth > NQ_LEXCOUNT_MAX_DEPTH)
        max_depth = NQ_LEXCOUNT_MAX_DEPTH;
    /* One row at least, whatever the target: a canonical search needs its top queen placed. */
    while (depth < max_depth && (depth == 0 || size < target) && size > 0) {
        bool pinned_row = first && first->row == depth;
        size_t next_size = 0;
        uint64_t *next = NQ_CHECK_ALLOC(malloc(capacity * sizeof *next));
        int cols[NQ_LEXCOUNT_MAX_DEPTH];
        for (size_t i = 0; i < size; i++) {
            decode_key(keys[i], depth, cols);
            const uint64_t *rows = depth ? nq_lexcount_allowed(lex, cols) : lex->allowed;
            uint64_t open = nq_attacks_open(attacks_after(cols, depth), rows[depth]);
            if (!open)
                dead_ends++;
            while (open) {
                uint64_t bit = open & (0u - open); /* leftmost open column first keeps the order */
                open ^= bit;
                if (next_size == capacity) {
                    capacity *= 2;
                    next = NQ_CHECK_ALLOC(realloc(next, capacity * sizeof *next));
                }
                next[next_size++] = (keys[i] << KEY_BITS) | (uint64_t)nq_lowest_column(bit);
            }
        }
        if (!pinned_row) /* the pinned queen stands there from the start: not placed */
            nodes += next_size;
        free(keys);
        keys = next;
        size = next_size;
        depth++;
    }
    lex->keys = keys;
    lex->size = size;
    lex->depth = depth;
    lex->counts = NQ_CHECK_ALLOC(calloc(size ? size : 1, sizeof *lex->counts));
    if (children && n <= CHILDREN_MAX_N && depth + 2 <= n)
        list_children(lex);
    lex->done = NQ_CHECK_ALLOC(calloc(size ? size : 1, sizeof *lex->done));
    atomic_init(&lex->frontier, 0);
    /* Up to N = NQ_TAIL_ROWS + TAIL_MIN_ROW - 1 no row is left to the tables: every queen is
     * placed, and the figures are the plain row search's. */
    bool tables = n - NQ_TAIL_ROWS >= TAIL_MIN_ROW;
    /* Here, not in the fill: readers may take the figures while the fill starts. */
    if (nq_lexhalves_fits(lex)) {
        nq_tally_init(&lex->totals, NQ_BASIS_HALVES, 0, 0);
        nq_lexhalves_prepare(lex);
        nq_tally_parts(&lex->totals, lex->halves->part_count);
    } else {
        nq_tally_init(&lex->totals, tables ? NQ_BASIS_INDEX_FILL : NQ_BASIS_ROW_SEARCH, nodes, dead_ends);
        nq_tally_parts(&lex->totals, size);
    }
    NQ_CHECK(pthread_mutex_init(&lex->frontier_lock, NULL) == 0);
}

void nq_lexcount_build(nq_lexcount *lex, int n, const nq_square *first, size_t target, bool children)
{
    build(lex, n, first, false, target, children);
}

void nq_lexcount_build_canonical(nq_lexcount *lex, int n, size_t target, bool children)
{
    build(lex, n, NULL, true, target, children);
}

void nq_lexcount_free(nq_lexcount *lex)
{
    free(lex->keys);
    free(lex->counts);
    free(lex->first_child);
    free(lex->child_counts);
    free(lex->done);
    free(lex->canonical_rows);
    nq_lexhalves_release(lex);
    pthread_mutex_destroy(&lex->frontier_lock);
    memset(lex, 0, sizeof *lex);
}

size_t nq_lexcount_bytes(const nq_lexcount *lex)
{
    size_t bytes = lex->size * (sizeof *lex->keys + sizeof *lex->counts + sizeof *lex->done);
    if (lex->child_counts)
        bytes += (lex->size + 1) * sizeof *lex->first_child + lex->first_child[lex->size] * sizeof *lex->child_counts;
    if (lex->canonical_rows)
        bytes += (size_t)canonical_tops(lex->n) * (size_t)lex->n * sizeof *lex->canonical_rows;
    return bytes;
}

size_t nq_lexcount_frontier(const nq_lexcount *lex)
{
    /* Pairs with the release store in advance_frontier(). */
    return atomic_load_explicit(&lex->frontier, memory_order_acquire);
}

nq_progress nq_lexcount_progress(const nq_lexcount *lex)
{
    nq_progress p = nq_tally_progress(&lex->totals);
    p.complete = nq_lexcount_frontier(lex) == lex->size;
    return p;
}

/* ---- counting below a prefix ---- */

typedef struct subtree_search {
    nq_tally_totals *totals; /* NULL: a read-only count for the index, which keeps no figures */
    const uint64_t *allowed; /* count_below(): the squares each row may use (a canonical search
                                uses rows) */
    int last;          /* n - 1 */
    bool canonical;    /* canonical_below(), with the columns in cols */
    int sides_row;     /* canonical: the row both side columns must be taken by (n if none) */
    int tail_row;      /* the first of the last five rows, which the tables count, or -1 */
    bool corner_ruled; /* canonical: corner_rule() is in force (the top queen in the corner, the
                          second row's queen known), which makes every board found canonical */
    const uint64_t *base;    /* canonical: nq_lexcount_allowed(), whose squares the first row
                                walked tries, one child each, as list_children() counts them */
    uint64_t rows[NQ_MAX_N]; /* canonical: base narrowed by corner_rule(), what the search uses
                                (a copy, so the search can be passed by value) */
    int pinned_row;    /* the first queen's row, or -1 */
    bool stopped;
    uint64_t multiplicity; /* 2 when the mirror image of this subtree is not searched */
    nq_tally tally;        /* figures not yet added to the totals */
    int cols[NQ_MAX_N];    /* canonical: the columns of the rows placed */
} subtree_search;

/* Every NQ_TALLY_POLL_NODES queens: adds the walk's queens placed and dead ends since the last
 * poll to the figures, publishes them (so they climb inside a big subtree) and looks at the
 * cancel flag. True when the search is to return at once. */
__attribute__((noinline, cold)) static bool poll(subtree_search *s, uint64_t nodes, uint64_t dead_ends)
{
    s->tally.nodes += nodes;
    s->tally.dead_ends += dead_ends;
    if (s->totals && nq_tally_poll(s->totals, &s->tally, s->multiplicity))
        s->stopped = true;
    return s->stopped;
}

/* The rows from `row` (one or two above the last five) to the last, handed whole to tail.h's
 * walk: the row's open squares `squares` entered with the attacks *a. children, if not NULL,
 * receives the count below each square, in column order. Adds the queens placed (none on the
 * pinned row) and the dead ends below the row to *nodes and *dead_ends. */
static uint64_t count_tail_rows(const subtree_search *s, int row, const nq_attacks *a, uint64_t squares,
                                uint32_t *children, uint64_t *nodes, uint64_t *dead_ends)
{
    const int n = s->last + 1, above = s->tail_row - row;
    const uint64_t *below = s->allowed + row + 1;
    nq_tail_walk walk;
    uint64_t total = 0;
    if (!children) {
        total = nq_tail_count_above(n, a, squares, below, above, &walk);
        for (int i = 0; i < above; i++)
            *nodes += row + i == s->pinned_row ? 0 : walk.queens[i];
        *dead_ends += walk.dead_ends;
        return total;
    }
    for (; squares; squares &= squares - 1) /* lowest square first, then clear it */
        total += *children++ = (uint32_t)count_tail_rows(s, row, a, squares & (0u - squares), NULL, nodes, dead_ends);
    return total;
}

/* The solutions below a row entered with the attacks a: queen by queen down to the second row
 * above the last five, which count_tail_rows() takes whole (or the first, when the search starts
 * there), or to the last row when the search starts below them. children, if not NULL, receives
 * the count below each square of this row that was tried, in column order. A loop over an
 * explicit stack of rows with its figures in locals; the pinned row's mask holds just its square,
 * which it takes without counting a queen. */
static uint64_t count_below(subtree_search *s, int row, nq_attacks a, uint32_t *children)
{
    const int top = row, last = s->last, handed = s->tail_row - NQ_TAIL_ABOVE, pinned_row = s->pinned_row;
    const uint64_t *allowed = s->allowed;
    uint64_t open[NQ_MAX_N];
    nq_attacks entering[NQ_MAX_N];
    uint64_t total = 0, before_choice = 0; /* before_choice: total when the top row's square was taken */
    bool chosen = false;
    int r = top;
    entering[r] = a;
    open[r] = nq_attacks_open(a, allowed[r]);
    uint64_t nodes = 0, dead_ends = !open[r];
    if (top == handed || top == handed + 1) { /* the whole walk is the tables' */
        total = count_tail_rows(s, top, &a, open[r], children, &nodes, &dead_ends);
        open[r] = 0;
    }
    for (;;) {
        if (!open[r]) {
            if (r == top)
                break;
            r--;
            continue;
        }
        uint64_t bit = open[r] & (0u - open[r]); /* lowest open square */
        open[r] ^= bit;
        nodes += r != pinned_row;
        if (nodes >= NQ_TALLY_POLL_NODES) {
            if (poll(s, nodes, dead_ends))
                return 0;
            nodes = dead_ends = 0;
        }
        if (r == top && children) {
            if (chosen)
                *children++ = (uint32_t)(total - before_choice);
            before_choice = total;
            chosen = true;
        }
        if (r == last) { /* one column was left, so one square */
            total++;
            continue;
        }
        nq_attacks next = nq_attacks_next(entering[r], bit);
        uint64_t next_open = nq_attacks_open(next, allowed[r + 1]);
        dead_ends += !next_open;
        if (r + 1 == handed) {
            total += count_tail_rows(s, r + 1, &next, next_open, NULL, &nodes, &dead_ends);
            continue;
        }
        r++;
        entering[r] = next;
        open[r] = next_open;
    }
    if (children && chosen)
        *children = (uint32_t)(total - before_choice);
    s->tally.nodes += nodes;
    s->tally.dead_ends += dead_ends;
    s->tally.found += total;
    return total;
}

/* A board completed by a canonical search: counted if it is the smallest of its class. */
static uint64_t canonical_leaf(subtree_search *s)
{
    if (!s->corner_ruled && !nq_symmetry_is_canonical(s->last + 1, s->cols))
        return 0;
    s->tally.found++;
    return 1;
}

/*
 * The canonical boards below the first of the last five rows, h = n - 5, entered with the
 * attacks a: tail.h's tables give the orders of the five columns left that fit, and only those
 * where the board might tie with an image (canonical_rules()) are tested whole; the others are
 * canonical. Ties: with the corner rule in force, none (corner_rule()); otherwise an edge queen
 * exactly c0 from an end of its edge: the bottom row's queen on column c0 or n-1-c0, or a side
 * column's queen on row c0 or n-1-c0, placed above the tail already or put there by the order.
 * Every row above the tail obeys s->rows (canonical_below() sees to the first one).
 */
static uint64_t canonical_tail(subtree_search *s, nq_attacks a)
{
    const int n = s->last + 1, last = s->last, h = n - NQ_TAIL_ROWS, c0 = s->cols[0];
    uint64_t left = nq_full_row(n) & ~a.taken;
    uint64_t open[NQ_TAIL_ROWS];
    for (int row = 0; row < NQ_TAIL_ROWS; row++) /* row h + i sees the diagonals i rows further on */
        open[row] = ~((a.down_right << row) | (a.down_left >> row)) & s->rows[h + row];
    int cols[NQ_TAIL_ROWS];
    nq_tail_set fit;
    int found = nq_tail_fit(left, open, cols, &fit);
    if (!found)
        return 0;
    nq_tail_set look = {{0, 0}};
    const uint64_t sides = UINT64_C(1) | (UINT64_C(1) << last);
    const int tie_rows[2] = {c0, last - c0};
    bool all = false;
    if (!s->corner_ruled)
        all = c0 == 0 || 2 * c0 == last; /* a corner queen ties with its transpose; a middle one with its mirror */
    for (int t = 0; t < 2 && !all && !s->corner_ruled; t++) {
        int row = tie_rows[t];
        if (row < h) {
            all = (UINT64_C(1) << s->cols[row]) & sides;
            continue;
        }
        unsigned subset = 0; /* the side columns among the five left, as tail.h numbers them */
        if (left & 1)
            subset |= 1u;
        if (left >> last & 1)
            subset |= 1u << (NQ_TAIL_ROWS - 1);
        const nq_tail_set *side = nq_tail_orders_placing(row - h, subset);
        for (int w = 0; w < 2; w++)
            look.word[w] |= side->word[w];
    }
    for (int t = 0; t < 2 && !all && !s->corner_ruled; t++) {
        int col = tie_rows[t];
        if (!(left >> col & 1))
            continue;
        unsigned i = (unsigned)nq_popcount(left & ((UINT64_C(1) << col) - 1)); /* its place among those left */
        const nq_tail_set *bottom = nq_tail_orders_placing(NQ_TAIL_ROWS - 1, 1u << i);
        for (int w = 0; w < 2; w++)
            look.word[w] |= bottom->word[w];
    }
    if (all)
        look = (nq_tail_set){{~UINT64_C(0), ~UINT64_C(0)}};
    uint64_t total = 0;
    for (int w = 0; w < 2; w++) {
        total += (uint64_t)nq_popcount(fit.word[w] & ~look.word[w]);
        for (uint64_t each = fit.word[w] & look.word[w]; each; each &= each - 1) {
            const unsigned char *order = nq_tail_order(NQ_TAIL_WORD_BITS * w + nq_lowest_column(each));
            for (int row = 0; row < NQ_TAIL_ROWS; row++)
                s->cols[h + row] = cols[order[row]];
            total += nq_symmetry_is_canonical(n, s->cols);
        }
    }
    s->tally.found += total;
    return total;
}

/* count_below() for a canonical count: the same walk down to the tail (canonical_tail()), or to
 * the last row when it starts below it, carrying the columns in s->cols, every row masked by
 * s->rows. The first row walks every square of s->base, one child each, and counts none below
 * those s->rows closes. A loop over an explicit stack of rows with its figures in locals rather
 * than a recursion: the column written on every queen would otherwise make the compiler reload
 * the search's fields after each store. */
static uint64_t canonical_below(subtree_search *s, int row, nq_attacks a, uint32_t *children)
{
    /* In locals: every store to s->cols could otherwise change them, as far as the compiler knows. */
    const int top = row, last = s->last, tail_row = s->tail_row, sides_row = s->sides_row;
    const uint64_t sides = UINT64_C(1) | (UINT64_C(1) << last);
    const uint64_t *rows = s->rows;
    uint64_t open[NQ_MAX_N];
    nq_attacks entering[NQ_MAX_N];
    uint64_t total = 0, before_choice = 0; /* before_choice: total when the top row's square was taken */
    bool chosen = false;
    if (top == tail_row && !children)
        return canonical_tail(s, a);
    int r = top;
    entering[r] = a;
    open[r] = nq_attacks_open(a, s->base[r]); /* every child of the first row, see base */
    uint64_t nodes = 0, dead_ends = !open[r];
    for (;;) {
        if (!open[r]) {
            if (r == top)
                break;
            r--;
            continue;
        }
        uint64_t bit = open[r] & (0u - open[r]); /* lowest open square */
        open[r] ^= bit;
        if ((++nodes & (NQ_TALLY_POLL_NODES - 1)) == 0) {
            if (poll(s, nodes, dead_ends))
                return 0;
            nodes = dead_ends = 0;
        }
        s->cols[r] = nq_lowest_column(bit);
        if (r == top) {
            if (children && chosen)
                *children++ = (uint32_t)(total - before_choice);
            before_choice = total;
            chosen = true;
            if (!(bit & rows[r])) /* a child the rules close: counted, as none */
                continue;
        }
        if (r == last) {
            total += canonical_leaf(s);
            continue;
        }
        nq_attacks next = nq_attacks_next(entering[r], bit);
        if (r + 1 == tail_row) {
            total += canonical_tail(s, next);
            continue;
        }
        r++;
        entering[r] = next;
        /* canonical_rules(): entering row n - c0 with a side column empty, nothing can fill it */
        open[r] = r == sides_row && (next.taken & sides) != sides ? 0 : nq_attacks_open(next, rows[r]);
        dead_ends += !open[r];
    }
    if (children && chosen)
        *children = (uint32_t)(total - before_choice);
    s->tally.nodes += nodes;
    s->tally.dead_ends += dead_ends;
    return total;
}

/* A search below the rows cols[0..row-1] (row >= 1 in a canonical count). */
static subtree_search subtree_search_of(const nq_lexcount *lex, nq_tally_totals *totals, const int *cols, int row)
{
    subtree_search s = {.totals = totals,
                        .allowed = lex->allowed,
                        .last = lex->n - 1,
                        .canonical = lex->canonical,
                        .tail_row = lex->n - NQ_TAIL_ROWS >= TAIL_MIN_ROW ? lex->n - NQ_TAIL_ROWS : -1,
                        .pinned_row = lex->has_first ? lex->first.row : -1,
                        .multiplicity = 1};
    if (lex->canonical && row > 0) {
        s.base = nq_lexcount_allowed(lex, cols);
        memcpy(s.rows, s.base, (size_t)lex->n * sizeof *s.rows);
        s.corner_ruled = cols[0] == 0 && row > 1;
        if (s.corner_ruled && !corner_rule(cols, row, s.rows))
            memset(s.rows, 0, sizeof s.rows); /* the rows placed break it: no canonical board below */
        s.sides_row = cols[0] ? lex->n - cols[0] : lex->n;
        memcpy(s.cols, cols, (size_t)row * sizeof *cols);
    }
    return s;
}

/* The count below row (< n) of the search s, into children as count_below() says. */
static uint64_t search_below(subtree_search *s, int row, nq_attacks a, uint32_t *children)
{
    return s->canonical ? canonical_below(s, row, a, children) : count_below(s, row, a, children);
}

uint64_t nq_lexcount_below(const nq_lexcount *lex, int row, nq_attacks a, const int *cols)
{
    if (row == lex->n)
        return lex->canonical ? (uint64_t)nq_symmetry_is_canonical(lex->n, cols) : 1;
    subtree_search s = subtree_search_of(lex, NULL, cols, row);
    return search_below(&s, row, a, NULL);
}

typedef struct fill_job {
    nq_lexcount *lex;
    atomic_size_t cursor;     /* the next prefix to take */
    atomic_bool stopped;      /* a thread saw the cancel flag */
} fill_job;

/* The count of final prefix m, now that the frontier f is past it. */
static uint64_t final_count(const nq_lexcount *lex, size_t m, size_t f, uint64_t sum_before_f)
{
    uint64_t after = m + 1 < f ? lex->counts[m + 1] : sum_before_f;
    return after - lex->counts[m];
}

/* The children of prefix f are the mirror images of those of prefix m, in reverse order. */
static void copy_mirrored_children(nq_lexcount *lex, size_t m, size_t f)
{
    if (!lex->child_counts)
        return;
    uint32_t from = lex->first_child[m], to = lex->first_child[f];
    uint32_t size = lex->first_child[m + 1] - from;
    NQ_CHECK(lex->first_child[f + 1] - to == size);
    for (uint32_t j = 0; j < size; j++)
        lex->child_counts[to + j] = lex->child_counts[from + size - 1 - j];
}

/* Moves the frontier over every prefix whose count is known: counted ones, and mirror images of
 * final ones. Any counting thread, after finishing a prefix. */
static void advance_frontier(nq_lexcount *lex)
{
    pthread_mutex_lock(&lex->frontier_lock);
    size_t f = atomic_load_explicit(&lex->frontier, memory_order_relaxed);
    uint64_t sum = lex->frontier_sum;
    size_t start = f;
    while (f < lex->size) {
        uint64_t count;
        uint64_t mirrored = lex->mirror ? mirror_key(lex, f) : lex->keys[f];
        /* Pairs with the release store after counts[f] was written in count_prefixes(). */
        if (atomic_load_explicit(&lex->done[f], memory_order_acquire)) {
            count = lex->counts[f];
        } else if (mirrored < lex->keys[f]) {
            size_t m = find_key(lex, mirrored);
            NQ_CHECK(m < f);
            count = final_count(lex, m, f, sum);
            copy_mirrored_children(lex, m, f);
        } else {
            break;
        }
        lex->counts[f] = sum;
        sum += count;
        f++;
    }
    if (f != start) {
        lex->frontier_sum = sum;
        /* Publishes counts[start..f-1]; pairs with the acquire in nq_lexcount_frontier(). */
        atomic_store_explicit(&lex->frontier, f, memory_order_release);
        /* After the frontier, so that whoever acquires this sum sees a frontier at least as far
         * (pairs with the acquire in nq_tally_progress()). */
        atomic_store_explicit(&lex->totals.known, sum, memory_order_release);
    }
    pthread_mutex_unlock(&lex->frontier_lock);
}

/* Takes prefixes in order until none are left or the search is cancelled. */
static void count_prefixes(void *context)
{
    fill_job *job = context;
    nq_lexcount *lex = job->lex;
    subtree_search s = subtree_search_of(lex, &lex->totals, NULL, 0);
    for (;;) {
        if (nq_tally_cancelled(&lex->totals))
            s.stopped = true;
        if (s.stopped)
            break;
        size_t i = atomic_fetch_add_explicit(&job->cursor, 1, memory_order_relaxed);
        if (i >= lex->size)
            break;
        s.multiplicity = 1;
        if (lex->mirror) {
            uint64_t m = mirror_key(lex, i);
            if (m < lex->keys[i]) {
                nq_tally_part_done(&lex->totals, 1);
                continue; /* the frontier copies it from its mirror */
            }
            s.multiplicity = m == lex->keys[i] ? 1 : 2;
        }
        int cols[NQ_LEXCOUNT_MAX_DEPTH];
        nq_attacks a = nq_lexcount_prefix_attacks(lex, i, cols);
        if (lex->canonical) { /* the rules and columns of this prefix; the tally and cancel stay */
            subtree_search next = subtree_search_of(lex, &lex->totals, cols, lex->depth);
            next.tally = s.tally;
            next.stopped = s.stopped;
            s = next;
        }
        uint64_t count; /* a prefix as deep as the board is a solution, if canonical when that counts */
        if (lex->depth < lex->n) {
            uint32_t *children = lex->child_counts ? lex->child_counts + lex->first_child[i] : NULL;
            count = search_below(&s, lex->depth, a, children);
            if (s.stopped)
                break;
        } else {
            count = nq_lexcount_below(lex, lex->n, a, cols);
            s.tally.found += count;
        }
        lex->counts[i] = count;
        atomic_store_explicit(&lex->done[i], 1, memory_order_release);
        nq_tally_flush(&lex->totals, &s.tally, s.multiplicity);
        nq_tally_part_done(&lex->totals, 1);
        advance_frontier(lex);
    }
    if (s.stopped)
        atomic_store_explicit(&job->stopped, true, memory_order_relaxed);
}

void nq_lexcount_settle(nq_lexcount *lex, const uint64_t *below)
{
    pthread_mutex_lock(&lex->frontier_lock);
    uint64_t sum = 0;
    for (size_t i = 0; i < lex->size; i++) {
        lex->counts[i] = sum;
        sum += below[i];
        atomic_store_explicit(&lex->done[i], 1, memory_order_relaxed);
    }
    lex->frontier_sum = sum;
    /* As advance_frontier() publishes them. */
    atomic_store_explicit(&lex->frontier, lex->size, memory_order_release);
    atomic_store_explicit(&lex->totals.known, sum, memory_order_release);
    pthread_mutex_unlock(&lex->frontier_lock);
}

bool nq_lexcount_fill(nq_lexcount *lex, const nq_run *run)
{
    if (nq_lexhalves_fits(lex))
        return nq_lexhalves_fill(lex, run);
    fill_job job = {.lex = lex};
    atomic_init(&job.cursor, 0);
    atomic_init(&job.stopped, false);
    nq_tally_start(&lex->totals, run);
    nq_team team = {run->threads, count_prefixes, &job, run->progress ? nq_tally_report : NULL, &lex->totals,
                    run->interval};
    nq_team_run(&team);
    bool finished = !atomic_load_explicit(&job.stopped, memory_order_relaxed);
    if (finished)
        NQ_CHECK(nq_lexcount_frontier(lex) == lex->size);
    nq_tally_report_end(&lex->totals, finished);
    return finished;
}
