/*
 * tree.c -- the search tree as records in the order the queens were placed, folded when full.
 *
 * Placement order is the tree's depth-first preorder, so a node's descendants are the records
 * right after it (its size says how many), and the tree at step k is a prefix of the records:
 * those placed by k. Each record keeps the run's counters when its queen was placed and when it was
 * taken back; a subtree's figures are their difference. Folding drops the descendants of the
 * finished subtrees that lasted fewer steps than a threshold, which doubles until the records fit
 * in half their most; a view that needs one of those back replays it into a scratch tree of its
 * own, recorded by the same function from the timeline's iterator at the step before.
 */
#include "nq/tree.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "check.h"

typedef struct record {
    uint64_t placed, removed;           /* steps; removed is 0 while the queen stands */
    uint64_t nodes_before, solutions_before;
    uint64_t nodes_end, solutions_end;  /* the counters when it was taken back */
    uint32_t size;                      /* records after it that are its descendants (once taken
                                           back; while it stands, every record after it is) */
    uint8_t row, column, depth;
    bool folded;                        /* its descendants were dropped */
} record;

enum { NONE = -1 };

struct nq_tree {
    int n, pinned_row, pinned_column; /* -1: no pinned queen */
    uint64_t steps, nodes, solutions; /* counted from the steps recorded */
    record *records;
    size_t count, capacity, most;
    long open[NQ_MAX_N + 1];          /* by depth, the record of each standing queen (NONE: it stood
                                         before the first record, in a scratch tree) */
    int depth;                        /* queens standing that the search placed */
};

struct nq_tree_view {
    const nq_tree *tree;
    uint64_t step;
    nq_moment moment;  /* the run at the view's step: which columns each row has tried */
    nq_tree *scratch;  /* the detail of the folded subtree the standing queens run through */
    uint64_t scratch_placed; /* the step that placed that subtree's root (0: no scratch) */
    long folded;       /* the main record scratch details, or NONE */
};

static nq_tree *tree_new(int n, int pinned_row, int pinned_column, size_t most)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N && most >= 2 * (size_t)(n + n * n));
    nq_tree *t = NQ_CHECK_ALLOC(calloc(1, sizeof *t));
    t->n = n;
    t->pinned_row = pinned_row;
    t->pinned_column = pinned_column;
    t->most = most;
    return t;
}

nq_tree *nq_tree_create_sized(int n, const nq_square *first, size_t most)
{
    return tree_new(n, first ? first->row : -1, first ? first->column : -1, most);
}

nq_tree *nq_tree_create(int n, const nq_square *first)
{
    return nq_tree_create_sized(n, first, NQ_TREE_MOST_RECORDS);
}

void nq_tree_free(nq_tree *t)
{
    if (!t)
        return;
    free(t->records);
    free(t);
}

size_t nq_tree_bytes(const nq_tree *t)
{
    return sizeof *t + t->capacity * sizeof *t->records;
}

size_t nq_tree_records(const nq_tree *t)
{
    return t->count;
}

/* Sets every record's size from the depths: a record's descendants run up to the next record
 * no deeper than it. */
static void resize(nq_tree *t)
{
    size_t stack[NQ_MAX_N + 1];
    int top = 0;
    for (size_t j = 0; j <= t->count; j++) {
        while (top > 0 && (j == t->count || t->records[stack[top - 1]].depth >= t->records[j].depth)) {
            size_t i = stack[--top];
            t->records[i].size = (uint32_t)(j - i - 1);
        }
        if (j < t->count)
            stack[top++] = j;
    }
}

/* Drops the descendants of the finished subtrees shorter than `below` steps. */
static void compact(nq_tree *t, uint64_t below)
{
    size_t w = 0;
    for (size_t i = 0; i < t->count; w++) {
        record r = t->records[i];
        bool fold = r.removed && r.removed - r.placed < below && r.size > 0;
        r.folded |= fold;
        if (!r.removed)
            t->open[r.depth] = (long)w;
        t->records[w] = r;
        i += fold ? (size_t)r.size + 1 : 1;
    }
    t->count = w;
    resize(t);
}

/* Folds the shortest finished subtrees, the threshold doubling from 2 steps, until the records fill
 * at most half their most. It ends: past the run's length every finished subtree folds, and what
 * is left (the root's children, the standing queens and theirs) is at most n + n * n records. */
static void fold(nq_tree *t)
{
    for (uint64_t below = 2; t->count > t->most / 2; below *= 2)
        compact(t, below);
}

void nq_tree_record(nq_tree *t, const nq_step *step)
{
    t->steps++;
    switch ((nq_step_kind)step->kind) {
    case NQ_STEP_PLACE: {
        if (t->count >= t->most)
            fold(t);
        if (t->count == t->capacity) {
            t->capacity = t->capacity ? t->capacity * 2 : 64;
            t->records = NQ_CHECK_ALLOC(realloc(t->records, t->capacity * sizeof *t->records));
        }
        NQ_CHECK(t->depth < NQ_MAX_N);
        record *r = &t->records[t->count];
        memset(r, 0, sizeof *r);
        r->placed = t->steps;
        r->nodes_before = t->nodes++;
        r->solutions_before = t->solutions;
        r->row = step->row;
        r->column = step->column;
        r->depth = (uint8_t)++t->depth;
        t->open[t->depth] = (long)t->count++;
        break;
    }
    case NQ_STEP_REMOVE: {
        NQ_CHECK(t->depth > 0);
        long i = t->open[t->depth--];
        if (i == NONE)
            break;
        record *r = &t->records[i];
        r->removed = t->steps;
        r->nodes_end = t->nodes;
        r->solutions_end = t->solutions;
        r->size = (uint32_t)(t->count - (size_t)i - 1);
        break;
    }
    case NQ_STEP_SOLUTION: t->solutions++; break;
    default: break;
    }
}

nq_tree_view *nq_tree_view_create(void)
{
    nq_tree_view *v = NQ_CHECK_ALLOC(calloc(1, sizeof *v));
    v->folded = NONE;
    return v;
}

void nq_tree_view_free(nq_tree_view *v)
{
    if (!v)
        return;
    nq_tree_free(v->scratch);
    free(v);
}

/* A node id names a record of the main tree (1 .. count) or of the scratch tree (after them). */
static const record *record_of(const nq_tree_view *v, nq_tree_id id, const nq_tree **in, size_t *index)
{
    NQ_CHECK(id != NQ_TREE_ROOT);
    size_t i = id - 1;
    *in = v->tree;
    if (i >= v->tree->count) {
        NQ_CHECK(v->scratch && i - v->tree->count < v->scratch->count);
        *in = v->scratch;
        i -= v->tree->count;
    }
    *index = i;
    return &(*in)->records[i];
}

static nq_tree_id id_of(const nq_tree_view *v, const nq_tree *in, size_t index)
{
    return (in == v->tree ? 0 : v->tree->count) + index + 1;
}

/* Whether a record stands at the view's step (placed by it and not yet taken back). */
static bool stands(const nq_tree_view *v, const record *r)
{
    return r->placed <= v->step && (!r->removed || r->removed > v->step);
}

/* The records of `in` from `from` to `to` (inclusive) that are children of a node there: each
 * placed by the view's step, skipping the descendants of each. */
static size_t list_children(const nq_tree_view *v, const nq_tree *in, size_t from, size_t to, nq_tree_id *out,
                            size_t max)
{
    size_t got = 0;
    for (size_t j = from; j <= to && j < in->count && in->records[j].placed <= v->step;) {
        if (got < max)
            out[got] = id_of(v, in, j);
        got++;
        const record *c = &in->records[j];
        j += (c->removed ? (size_t)c->size : in->count - j - 1) + 1;
    }
    return got;
}

size_t nq_tree_children(const nq_tree_view *v, nq_tree_id id, nq_tree_id *out, size_t max)
{
    if (id == NQ_TREE_ROOT)
        return list_children(v, v->tree, 0, v->tree->count, out, max);
    const nq_tree *in;
    size_t i;
    const record *r = record_of(v, id, &in, &i);
    if (r->folded) { /* only the main tree folds: the scratch tree keeps every node */
        if (v->folded != (long)i)
            return 0;
        in = v->scratch; /* its detail, replayed: record 0 is the node itself */
        i = 0;
        r = &in->records[0];
    }
    size_t last = r->removed ? i + r->size : in->count - 1;
    return list_children(v, in, i + 1, last, out, max);
}

void nq_tree_node_get(const nq_tree_view *v, nq_tree_id id, nq_tree_node *out)
{
    const nq_tree *t = v->tree;
    const nq_trace *now = &v->moment.trace;
    memset(out, 0, sizeof *out);
    bool finished = false;
    if (id == NQ_TREE_ROOT) {
        out->kind = NQ_TREE_STANDING;
        out->row = t->pinned_row;
        out->column = t->pinned_column;
        out->nodes = now->nodes;
        out->solutions = now->solutions;
        out->first_solution = now->solutions ? 1 : 0;
        out->detailed = true;
    } else {
        const nq_tree *in;
        size_t i;
        const record *r = record_of(v, id, &in, &i);
        out->row = r->row;
        out->column = r->column;
        out->depth = r->depth;
        out->index = r->nodes_before + 1;
        out->placed = r->placed;
        finished = r->removed && r->removed <= v->step;
        out->removed = finished ? r->removed : 0;
        out->nodes = (finished ? r->nodes_end : now->nodes) - r->nodes_before;
        out->solutions = (finished ? r->solutions_end : now->solutions) - r->solutions_before;
        out->first_solution = out->solutions ? r->solutions_before + 1 : 0;
        out->detailed = !r->folded || v->folded == (long)i;
    }
    nq_tree_id kids[NQ_MAX_N];
    size_t count = out->detailed ? nq_tree_children(v, id, kids, NQ_MAX_N) : 0;
    uint64_t placed = 0;
    int kid_row = -1;
    for (size_t c = 0; c < count && c < NQ_MAX_N; c++) {
        const nq_tree *in;
        size_t i;
        const record *kid = record_of(v, kids[c], &in, &i);
        placed |= UINT64_C(1) << kid->column;
        kid_row = kid->row;
    }
    bool full = out->depth + (t->pinned_row >= 0) == t->n;
    if (now->method == NQ_METHOD_FIRSTFAIL) {
        /* The row under a node is the one first fail chose there: its children's, or while it is the
         * newest queen standing, the row chosen and not yet given a queen. */
        bool choosing = !finished && now->row < t->n && now->cols[now->row] < 0 && now->depth == out->depth +
                        (t->pinned_row >= 0);
        out->child_row = full ? -1 : kid_row >= 0 ? kid_row : choosing ? now->row : -1;
    } else {
        int child = nq_trace_row_after(now, id == NQ_TREE_ROOT ? -1 : out->row);
        out->child_row = child < t->n ? child : -1;
    }
    if (out->child_row >= 0 && out->detailed) {
        /* Backtracking tries every square of the row from the left; forward checking only those left
         * open, each of which gets a queen: nothing there is rejected. */
        if (now->method == NQ_METHOD_BACKTRACK)
            out->tried = finished ? nq_full_row(t->n) : nq_full_row(now->next_column[out->child_row]);
        else
            out->tried = placed;
        out->rejected = out->tried & ~placed;
    }
    if (id == NQ_TREE_ROOT || !finished)
        out->kind = NQ_TREE_STANDING;
    else if (full)
        out->kind = NQ_TREE_SOLUTION;
    else
        out->kind = out->nodes == 1 ? NQ_TREE_DEAD_END : NQ_TREE_FINISHED;
}

/* Replays the folded subtree placed at step `placed` and taken back at `removed` into the view's
 * scratch tree, from the timeline's iterator just before it. */
static void replay_folded(nq_tree_view *v, const nq_timeline *tl, uint64_t placed, uint64_t removed)
{
    const nq_tree *t = v->tree;
    nq_tree_free(v->scratch);
    nq_tree *s = v->scratch = tree_new(t->n, t->pinned_row, t->pinned_column, SIZE_MAX);
    nq_moment m;
    nq_timeline_seek(tl, placed - 1, &m);
    s->steps = m.step;
    s->nodes = m.trace.nodes;
    s->solutions = m.trace.solutions;
    for (int r = 0; r < t->n; r++)
        if (m.trace.cols[r] >= 0 && r != t->pinned_row)
            s->open[++s->depth] = NONE;
    nq_step step;
    while (m.step < removed && nq_trace_next(&m.trace, &step)) {
        m.step++;
        nq_tree_record(s, &step);
    }
    v->scratch_placed = placed;
}

/* The child of id that stands at the view's step, or NQ_TREE_ROOT when none does. */
static nq_tree_id standing_child(const nq_tree_view *v, nq_tree_id id)
{
    nq_tree_id kids[NQ_MAX_N];
    size_t count = nq_tree_children(v, id, kids, NQ_MAX_N);
    for (size_t c = count < NQ_MAX_N ? count : NQ_MAX_N; c-- > 0;) {
        const nq_tree *in;
        size_t i;
        if (stands(v, record_of(v, kids[c], &in, &i)))
            return kids[c];
    }
    return NQ_TREE_ROOT;
}

void nq_tree_view_at(nq_tree_view *v, const nq_tree *t, const nq_timeline *tl, uint64_t k)
{
    v->tree = t;
    v->step = k;
    nq_timeline_seek(tl, k, &v->moment);
    v->folded = NONE;
    /* Down the standing queens: the first folded one among them gets its detail back. */
    for (nq_tree_id id = standing_child(v, NQ_TREE_ROOT); id != NQ_TREE_ROOT; id = standing_child(v, id)) {
        const nq_tree *in;
        size_t i;
        const record *r = record_of(v, id, &in, &i);
        if (r->folded && in == t) {
            if (v->scratch_placed != r->placed)
                replay_folded(v, tl, r->placed, r->removed);
            v->folded = (long)i;
        }
    }
}

int nq_tree_path(const nq_tree_view *v, nq_tree_id path[NQ_MAX_N + 1])
{
    int depth = 0;
    path[0] = NQ_TREE_ROOT;
    for (nq_tree_id id = standing_child(v, NQ_TREE_ROOT); id != NQ_TREE_ROOT; id = standing_child(v, id))
        path[++depth] = id;
    return depth;
}
