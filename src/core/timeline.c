/*
 * timeline.c -- checkpoints of the trace iterator and replays from them.
 *
 * Checkpoint i is the iterator just after step i * spacing (checkpoint 0: before the first step).
 * When the checkpoints reach their most, every other one is dropped and the spacing doubles, so a
 * run of any length keeps at most that many, and a seek replays at most one spacing. The trace is
 * deterministic, so replaying from a checkpoint gives back exactly the steps that were recorded;
 * the live iterator, kept in lockstep with what is recorded, is the proof (every recorded step is
 * compared with it).
 *
 * Landmarks (solutions, dead ends) are found through the iterator's own counters: they never go
 * down, and a step is a landmark exactly when it raises one. So "the first step at which the
 * counters reach v" answers both directions: a binary search over the checkpoints finds the
 * stretch, a replay of at most one stretch finds the step.
 */
#include "nq/timeline.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nq/figures.h"

struct nq_timeline {
    nq_trace live;        /* just after the last step recorded */
    nq_step last;         /* that step */
    uint64_t length;      /* steps recorded */
    uint64_t next;        /* the step after which the next checkpoint is taken */
    bool complete;        /* the done step is among them */
    uint64_t spacing;     /* steps between checkpoints: doubles each time the checkpoints are thinned */
    size_t most;          /* checkpoints kept at most: reaching it thins them to half */
    nq_trace *checkpoints;
    size_t count, capacity;
};

/* Keeps every other checkpoint (0, 2, 4, ...): the spacing doubles, the memory stays. */
static void thin(nq_timeline *tl)
{
    for (size_t i = 0; 2 * i < tl->count; i++)
        tl->checkpoints[i] = tl->checkpoints[2 * i];
    tl->count = (tl->count + 1) / 2;
    tl->spacing *= 2;
}

/* Takes a checkpoint if the run is at the next one's step (thinning first if they are full), and
 * sets the step of the one after. */
static void add_checkpoint(nq_timeline *tl)
{
    if (tl->count == tl->most)
        thin(tl);
    tl->next = (uint64_t)tl->count * tl->spacing;
    if (tl->length != tl->next)
        return; /* thinned: not on the new spacing */
    if (tl->count == tl->capacity) {
        tl->capacity = tl->capacity ? tl->capacity * 2 : 16;
        tl->checkpoints = NQ_CHECK_ALLOC(realloc(tl->checkpoints, tl->capacity * sizeof *tl->checkpoints));
    }
    tl->checkpoints[tl->count++] = tl->live;
    tl->next += tl->spacing;
}

nq_timeline *nq_timeline_create_sized(const nq_plan *plan, uint64_t spacing, size_t most)
{
    NQ_CHECK(spacing >= 1 && most >= 2);
    nq_timeline *tl = NQ_CHECK_ALLOC(calloc(1, sizeof *tl));
    nq_trace_start(&tl->live, plan);
    tl->spacing = spacing;
    tl->most = most;
    add_checkpoint(tl);
    return tl;
}

nq_timeline *nq_timeline_create_plan(const nq_plan *plan)
{
    return nq_timeline_create_sized(plan, NQ_TIMELINE_SPACING, NQ_TIMELINE_MOST_CHECKPOINTS);
}

nq_timeline *nq_timeline_create(int n, const nq_square *first)
{
    nq_plan plan = nq_plan_make(n, first, NQ_METHOD_BACKTRACK);
    return nq_timeline_create_plan(&plan);
}

void nq_timeline_free(nq_timeline *tl)
{
    if (!tl)
        return;
    free(tl->checkpoints);
    free(tl);
}

/* Field by field: a struct copy need not copy padding, so memcmp could see a difference. */
static bool same_step(const nq_step *a, const nq_step *b)
{
    return a->kind == b->kind && a->line == b->line && a->row == b->row && a->column == b->column &&
           a->by_row == b->by_row && a->by_column == b->by_column && a->solution == b->solution;
}

bool nq_timeline_record(nq_timeline *tl, const nq_step *step)
{
    if (tl->complete)
        return false;
    nq_step expected;
    NQ_CHECK(nq_trace_next(&tl->live, &expected));
    NQ_CHECK(same_step(&expected, step));
    tl->last = expected;
    tl->length++;
    tl->complete = step->kind == NQ_STEP_DONE;
    if (tl->length == tl->next)
        add_checkpoint(tl);
    return true;
}

uint64_t nq_timeline_length(const nq_timeline *tl)
{
    return tl->length;
}

bool nq_timeline_complete(const nq_timeline *tl)
{
    return tl->complete;
}

/* Replays out forward to step k (out->step <= k <= length). */
static void replay_to(nq_moment *out, uint64_t k)
{
    for (; out->step < k; out->step++)
        NQ_CHECK(nq_trace_next(&out->trace, &out->last));
}

/* Starts out at checkpoint i. */
static void from_checkpoint(const nq_timeline *tl, size_t i, nq_moment *out)
{
    memset(&out->last, 0, sizeof out->last);
    out->trace = tl->checkpoints[i];
    out->step = (uint64_t)i * tl->spacing;
}

void nq_timeline_seek(const nq_timeline *tl, uint64_t k, nq_moment *out)
{
    NQ_CHECK(k <= tl->length);
    if (k == tl->length) { /* the live edge, where the app looks most often: nothing to replay */
        out->step = k;
        out->trace = tl->live;
        if (k)
            out->last = tl->last;
        else
            memset(&out->last, 0, sizeof out->last);
        return;
    }
    /* Step k itself is replayed (not only the state after it), so start one stretch back when k
     * falls on a checkpoint. */
    from_checkpoint(tl, k ? (size_t)((k - 1) / tl->spacing) : 0, out);
    replay_to(out, k);
}

/* The landmarks of the kinds asked for that the iterator has passed. */
static uint64_t landmarks(const nq_trace *t, unsigned kinds)
{
    return (kinds & NQ_LANDMARK_SOLUTION ? t->solutions : 0) +
           (kinds & NQ_LANDMARK_DEAD_END ? nq_failures(t->dead_ends, t->wipe_outs) : 0);
}

/* The first recorded step at which the landmarks passed reach v (v >= 1); false if none does. */
static bool first_reaching(const nq_timeline *tl, unsigned kinds, uint64_t v, uint64_t *step)
{
    /* The last checkpoint still below v: checkpoint 0 always is. */
    size_t lo = 0, hi = tl->count;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (landmarks(&tl->checkpoints[mid], kinds) < v)
            lo = mid;
        else
            hi = mid;
    }
    nq_moment m;
    from_checkpoint(tl, lo, &m);
    while (m.step < tl->length) {
        replay_to(&m, m.step + 1);
        if (landmarks(&m.trace, kinds) >= v) {
            *step = m.step;
            return true;
        }
    }
    return false;
}

bool nq_timeline_find(const nq_timeline *tl, uint64_t k, bool forward, unsigned kinds, uint64_t *step)
{
    NQ_CHECK(k <= tl->length);
    nq_moment m;
    if (forward) {
        nq_timeline_seek(tl, k, &m);
        return first_reaching(tl, kinds, landmarks(&m.trace, kinds) + 1, step);
    }
    if (k == 0)
        return false;
    /* The landmark before k is where the count that stands just before k was reached. */
    nq_timeline_seek(tl, k - 1, &m);
    uint64_t before = landmarks(&m.trace, kinds);
    return before > 0 && first_reaching(tl, kinds, before, step);
}

size_t nq_timeline_bytes(const nq_timeline *tl)
{
    return sizeof *tl + tl->capacity * sizeof *tl->checkpoints;
}
