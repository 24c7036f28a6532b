/*
 * tally.c -- the shared figures of a counting search: relaxed atomic adds from the counting
 * threads, read by the reporter; only `known` orders memory (lexcount.c stores it with release
 * after its frontier).
 */
#include "tally.h"

#include <stddef.h>

#include "nq/clock.h"

void nq_tally_init(nq_tally_totals *totals, nq_basis basis, uint64_t nodes, uint64_t dead_ends)
{
    totals->run = NULL;
    totals->basis = basis;
    totals->start = 0;
    atomic_init(&totals->found, 0);
    atomic_init(&totals->unique, 0);
    atomic_init(&totals->nodes, nodes);
    atomic_init(&totals->dead_ends, dead_ends);
    atomic_init(&totals->known, 0);
    atomic_init(&totals->parts_done, 0);
    totals->parts = 0;
}

void nq_tally_parts(nq_tally_totals *totals, uint64_t parts)
{
    totals->parts = parts;
}

void nq_tally_part_done(nq_tally_totals *totals, uint64_t finished)
{
    atomic_fetch_add_explicit(&totals->parts_done, finished, memory_order_relaxed);
}

void nq_tally_start(nq_tally_totals *totals, const nq_run *run)
{
    totals->run = run;
    totals->start = nq_clock_seconds();
}

void nq_tally_flush(nq_tally_totals *totals, nq_tally *t, uint64_t weight)
{
    nq_count_figures add = {t->found * weight, t->unique * weight, t->nodes * weight, t->dead_ends * weight,
                            totals->basis};
    atomic_fetch_add_explicit(&totals->found, add.solutions, memory_order_relaxed);
    atomic_fetch_add_explicit(&totals->unique, add.unique, memory_order_relaxed);
    atomic_fetch_add_explicit(&totals->nodes, add.nodes, memory_order_relaxed);
    atomic_fetch_add_explicit(&totals->dead_ends, add.dead_ends, memory_order_relaxed);
    nq_count_figures_add(&t->part, &add);
    t->found = t->unique = t->nodes = t->dead_ends = 0;
}

nq_count_figures nq_tally_part_end(nq_tally_totals *totals, nq_tally *t)
{
    nq_tally_flush(totals, t, 1);
    nq_count_figures part = t->part;
    part.basis = totals->basis;
    t->part = (nq_count_figures){0};
    nq_tally_part_done(totals, 1);
    return part;
}

bool nq_tally_cancelled(const nq_tally_totals *totals)
{
    return nq_run_cancelled(totals->run);
}

__attribute__((noinline, cold)) bool nq_tally_poll(nq_tally_totals *totals, nq_tally *t, uint64_t weight)
{
    nq_tally_flush(totals, t, weight);
    return nq_tally_cancelled(totals);
}

nq_progress nq_tally_progress(const nq_tally_totals *totals)
{
    nq_progress p = {0};
    /* Pairs with the release store of known in lexcount.c's advance_frontier(): a frontier read
     * after this is at least as far as the one these solutions lie before. */
    p.solutions = atomic_load_explicit(&totals->known, memory_order_acquire);
    p.found = atomic_load_explicit(&totals->found, memory_order_relaxed);
    p.nodes = atomic_load_explicit(&totals->nodes, memory_order_relaxed);
    p.dead_ends = atomic_load_explicit(&totals->dead_ends, memory_order_relaxed);
    p.basis = totals->basis;
    p.parts_done = atomic_load_explicit(&totals->parts_done, memory_order_relaxed);
    p.parts = totals->parts;
    if (p.found < p.solutions)
        p.found = p.solutions;
    return p;
}

void nq_tally_report(void *context, double seconds)
{
    const nq_tally_totals *totals = context;
    nq_progress p = nq_tally_progress(totals);
    p.seconds = seconds;
    totals->run->progress(totals->run->context, &p);
}

void nq_tally_report_end(const nq_tally_totals *totals, bool complete)
{
    if (!totals->run->progress)
        return;
    nq_progress p = nq_tally_progress(totals);
    p.seconds = nq_clock_seconds() - totals->start;
    p.complete = complete;
    totals->run->progress(totals->run->context, &p);
}
