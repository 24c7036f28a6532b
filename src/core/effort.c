/*
 * effort.c -- the complete methods' whole searches as bitboard recursions, and min-conflicts over
 * its seeds.
 *
 * Backtracking fills rows top to bottom with the attacks of the rows above in three masks, as the
 * counting search does (bits.h), each row masked by the squares a pinned queen leaves open, so a
 * row with no open square is exactly a trace's dead end. Forward checking and first fail keep the
 * squares left of every row without a queen (its domain, a row's bits) and a mask of those rows:
 * a placed queen crosses off in them top to bottom and stops at the first one it empties, as the
 * trace does, so the squares crossed off are counted alike. A node's domains depend only on the
 * queens standing, never on the order they came in, so every subtree is a search of its own.
 *
 * The calling thread runs the search to a depth of SPLIT_DEPTH queens, counting those nodes and
 * keeping each node found at that depth as a subproblem; the team's threads (team.h) then take
 * subproblems from a shared cursor and search each to its end. Their queens, dead ends and
 * solutions go through tally.h (polling for cancel as they go); wipe-outs and squares crossed off,
 * which no report carries, are added up when each thread finishes.
 */
#include "nq/effort.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "bits.h"
#include "check.h"
#include "nq/clock.h"
#include "nq/find.h"
#include "nq/minconflicts.h"
#include "tally.h"
#include "team.h"

/* Queens placed (the pinned one aside) at which the calling thread hands subtrees over: about n^2
 * subproblems, plenty for a few threads even where first fail's subtrees differ widely. */
enum { SPLIT_DEPTH = 2 };

/* A node of the search: what it needs to go on from there. */
typedef struct node {
    int depth;             /* queens placed, the pinned one aside */
    int row;               /* backtracking: the row to fill next */
    nq_attacks attacks;    /* backtracking: what the rows above attack in that row */
    uint64_t free;         /* forward checking, first fail: bit r for each row without a queen */
    uint64_t dom[NQ_MAX_N]; /* forward checking, first fail: each such row's squares left */
} node;

typedef struct job {
    int n;
    nq_method method;
    int pinned_row; /* -1: none */
    uint64_t allowed[NQ_MAX_N];
    node *tasks;    /* the subproblems */
    size_t size, capacity;
    atomic_size_t cursor;
    atomic_bool stopped;
    nq_tally_totals totals;
    _Atomic uint64_t wipe_outs, crossed;
} job;

/* One thread's search: its figures not yet added up, and where nodes at the split depth go. */
typedef struct searcher {
    job *j;
    nq_tally t;
    uint64_t wipe_outs, crossed;
    int split;      /* the depth whose nodes become subproblems; -1: none, search them */
} searcher;

/* One more queen placed; false once the run is cancelled. */
static bool count_node(searcher *s)
{
    return (++s->t.nodes & (NQ_TALLY_POLL_NODES - 1)) != 0 || !nq_tally_poll(&s->j->totals, &s->t, 1);
}

static void add_task(job *j, const node *at)
{
    if (j->size == j->capacity) {
        j->capacity = j->capacity ? 2 * j->capacity : 64;
        j->tasks = NQ_CHECK_ALLOC(realloc(j->tasks, j->capacity * sizeof *j->tasks));
    }
    j->tasks[j->size++] = *at;
}

/* ---- backtracking ---- */

/* Searches below at: false once cancelled. */
static bool backtrack(searcher *s, const node *at)
{
    const job *j = s->j;
    node child = *at;
    if (child.row == j->pinned_row) /* never searched: its queen stands there from the start */
        child.attacks = nq_attacks_next(child.attacks, j->allowed[child.row++]);
    if (child.row == j->n) {
        s->t.found++;
        return true;
    }
    uint64_t open = nq_attacks_open(child.attacks, j->allowed[child.row]);
    if (!open) {
        s->t.dead_ends++;
        return true;
    }
    child.row++;
    child.depth++;
    nq_attacks above = child.attacks;
    while (open) {
        uint64_t bit = open & (0 - open); /* the leftmost open square */
        open ^= bit;
        if (!count_node(s))
            return false;
        child.attacks = nq_attacks_next(above, bit);
        if (child.depth == s->split)
            add_task(s->j, &child);
        else if (!backtrack(s, &child))
            return false;
    }
    return true;
}

/* ---- forward checking and first fail ---- */

/* The queen on (column, row) crosses off in the rows of at->free other than its own, top to
 * bottom, into child (domains and free rows). Returns false at the first row it empties (a
 * wipe-out), whose rows below it leaves as they were. */
static bool cross_off(searcher *s, const node *at, int row, int column, node *child)
{
    uint64_t bit = UINT64_C(1) << column;
    child->free = at->free & ~(UINT64_C(1) << row);
    for (uint64_t rows = child->free; rows; rows &= rows - 1) {
        int r = nq_lowest_column(rows);
        int dist = r > row ? r - row : row - r;
        /* its column, and its diagonals dist rows away; bits past the board fall outside dom */
        uint64_t hit = at->dom[r] & (bit | bit << dist | bit >> dist);
        s->crossed += (uint64_t)nq_popcount(hit);
        if (hit && hit == at->dom[r]) {
            s->wipe_outs++;
            return false;
        }
        child->dom[r] = at->dom[r] & ~hit;
    }
    return true;
}

/* The row searched next at at (which has one): the topmost, or for first fail the one with the
 * fewest squares left (ties: the topmost). */
static int next_row(const job *j, const node *at)
{
    int best = nq_lowest_column(at->free);
    if (j->method != NQ_METHOD_FIRSTFAIL)
        return best;
    int fewest = nq_popcount(at->dom[best]);
    for (uint64_t rows = at->free & (at->free - 1); rows && fewest > 1; rows &= rows - 1) {
        int r = nq_lowest_column(rows);
        int left = nq_popcount(at->dom[r]);
        if (left < fewest) {
            fewest = left;
            best = r;
        }
    }
    return best;
}

/* Searches below at: false once cancelled. */
static bool propagate(searcher *s, const node *at)
{
    if (!at->free) {
        s->t.found++;
        return true;
    }
    int row = next_row(s->j, at);
    node child;
    child.depth = at->depth + 1;
    for (uint64_t open = at->dom[row]; open; open &= open - 1) {
        if (!count_node(s))
            return false;
        if (!cross_off(s, at, row, nq_lowest_column(open), &child))
            continue;
        if (child.depth == s->split)
            add_task(s->j, &child);
        else if (!propagate(s, &child))
            return false;
    }
    return true;
}

/* ---- the run ---- */

static bool search(searcher *s, const node *at)
{
    return s->j->method == NQ_METHOD_BACKTRACK ? backtrack(s, at) : propagate(s, at);
}

/* Adds the searcher's figures to the job's. */
static void searcher_flush(searcher *s)
{
    nq_tally_flush(&s->j->totals, &s->t, 1);
    atomic_fetch_add_explicit(&s->j->wipe_outs, s->wipe_outs, memory_order_relaxed);
    atomic_fetch_add_explicit(&s->j->crossed, s->crossed, memory_order_relaxed);
    s->wipe_outs = s->crossed = 0;
}

/* nq_team's work: subproblems from the cursor until none is left or the run is cancelled. */
static void work(void *context)
{
    job *j = context;
    searcher s = {.j = j, .split = -1};
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&j->cursor, 1, memory_order_relaxed);
        if (i >= j->size)
            break;
        if (nq_tally_cancelled(&j->totals) || !search(&s, &j->tasks[i])) {
            atomic_store_explicit(&j->stopped, true, memory_order_relaxed);
            break;
        }
    }
    searcher_flush(&s);
}

/* The root of the search: no queen placed; with a pinned queen, the squares it leaves open
 * (forward checking and first fail count its crossing off). Returns false when the pinned queen
 * wipes a row out, so there is nothing to search. */
static bool root_of(searcher *s, const nq_plan *plan, node *root)
{
    const job *j = s->j;
    root->depth = 0;
    root->row = 0;
    root->attacks = (nq_attacks){0, 0, 0};
    root->free = nq_full_row(j->n);
    for (int r = 0; r < j->n; r++)
        root->dom[r] = nq_full_row(j->n);
    if (j->method == NQ_METHOD_BACKTRACK || !plan->has_first)
        return true;
    node open = *root;
    return cross_off(s, &open, plan->first.row, plan->first.column, root);
}

/* The complete methods. */
static nq_effort run_complete(const nq_plan *plan, const nq_run *run)
{
    NQ_CHECK(plan->n >= NQ_MIN_N && plan->n <= NQ_MAX_N);
    job j = {.n = plan->n, .method = plan->method, .pinned_row = plan->has_first ? plan->first.row : -1};
    nq_allowed_rows(plan->n, plan->has_first ? &plan->first : NULL, j.allowed);
    atomic_init(&j.cursor, 0);
    atomic_init(&j.stopped, false);
    atomic_init(&j.wipe_outs, 0);
    atomic_init(&j.crossed, 0);
    nq_tally_init(&j.totals, NQ_BASIS_ROW_SEARCH, 0, 0);
    nq_tally_start(&j.totals, run);
    searcher top = {.j = &j, .split = SPLIT_DEPTH};
    node root;
    if (root_of(&top, plan, &root) && !search(&top, &root))
        atomic_store_explicit(&j.stopped, true, memory_order_relaxed);
    searcher_flush(&top);
    if (j.size && !atomic_load_explicit(&j.stopped, memory_order_relaxed)) {
        nq_team team = {run->threads, work, &j, run->progress ? nq_tally_report : NULL, &j.totals, run->interval};
        nq_team_run(&team);
    }
    free(j.tasks);
    nq_effort e = {.method = plan->method, .complete = !atomic_load_explicit(&j.stopped, memory_order_relaxed)};
    nq_progress p = nq_tally_progress(&j.totals);
    e.solutions = p.found;
    e.nodes = p.nodes;
    e.dead_ends = p.dead_ends;
    e.basis = p.basis;
    e.wipe_outs = atomic_load_explicit(&j.wipe_outs, memory_order_relaxed);
    e.crossed = atomic_load_explicit(&j.crossed, memory_order_relaxed);
    nq_tally_report_end(&j.totals, e.complete);
    return e;
}

static int compare_moves(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Min-conflicts over seeds 1..NQ_EFFORT_SEEDS, on the calling thread. */
static nq_effort run_minconflicts(const nq_plan *plan, const nq_run *run)
{
    NQ_CHECK(plan->n >= NQ_MIN_N && plan->n <= NQ_FIND_MAX_N);
    nq_effort e = {.method = NQ_METHOD_MINCONFLICTS, .complete = true, .basis = NQ_BASIS_ROW_SEARCH};
    int *cols = NQ_CHECK_ALLOC(malloc((size_t)plan->n * sizeof *cols));
    uint64_t moves[NQ_EFFORT_SEEDS];
    for (int seed = 1; seed <= NQ_EFFORT_SEEDS; seed++) {
        if (nq_run_cancelled(run)) {
            e.complete = false;
            break;
        }
        nq_mc_result r = nq_mc_find(plan->n, plan->has_first ? &plan->first : NULL, (uint64_t)seed, plan->budget, cols);
        e.seeds = seed;
        if (r.solved)
            moves[e.solutions++] = r.moves;
    }
    free(cols);
    if (e.solutions) {
        qsort(moves, (size_t)e.solutions, sizeof *moves, compare_moves);
        e.moves = moves[(e.solutions - 1) / 2];
    }
    return e;
}

nq_effort nq_effort_run(const nq_plan *plan, const nq_run *run)
{
    NQ_CHECK(plan->method >= 0 && plan->method < NQ_METHOD_COUNT);
    NQ_CHECK(!plan->has_first || (plan->first.column >= 0 && plan->first.column < plan->n &&
                                  plan->first.row >= 0 && plan->first.row < plan->n));
    double start = nq_clock_seconds();
    nq_effort e = plan->method == NQ_METHOD_MINCONFLICTS ? run_minconflicts(plan, run) : run_complete(plan, run);
    e.seconds = nq_clock_seconds() - start;
    return e;
}
