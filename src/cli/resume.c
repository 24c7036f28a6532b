/*
 * resume.c -- a count with its journal (resume.h).
 *
 * The engine takes parts from a source whose next() walks the parts the journal lacks, in order,
 * and whose done() writes each to the journal. A write that fails stops the run (through the
 * same cancel flag as Ctrl+C) and is reported as such: a count that cannot keep its journal must
 * not run on as if it did.
 */
#include "resume.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>

#include "nq/clock.h"
#include "nq/figures.h"
#include "nq/i18n.h"
#include "progress.h"
#include "say.h"

/* The source of a run: the parts not on file. */
typedef struct missing {
    journal *j;
    uint64_t next;
    atomic_bool *cancel;
    journal_status failed;
    char message[1024];
} missing;

static bool missing_next(void *context, uint64_t *part)
{
    missing *m = context;
    while (m->next < m->j->of.parts && journal_has(m->j, m->next))
        m->next++;
    if (m->next >= m->j->of.parts || m->failed)
        return false;
    *part = m->next++;
    return true;
}

static void missing_done(void *context, uint64_t part, const nq_count_figures *figures)
{
    missing *m = context;
    if (m->failed)
        return;
    m->failed = journal_add(m->j, part, figures, m->message, sizeof m->message);
    if (m->failed)
        atomic_store(m->cancel, true);
}

int resume_open(journal *j, const char *path, int n, const nq_square *first, const nq_count_split *split, bool quiet)
{
    journal_count of = {n, first != NULL, first ? *first : (nq_square){0, 0}, nq_count_split_method(split),
                        nq_count_split_parts(split), nq_count_split_basis(split)};
    char message[1024];
    journal_status status = journal_open(j, path, &of, message, sizeof message);
    if (status) {
        say("%s", message);
        return status;
    }
    char done[32], parts[32];
    nq_grouped(j->done_count, done, sizeof done);
    nq_grouped(of.parts, parts, sizeof parts);
    if (!quiet && j->done_count && j->done_count == of.parts)
        say(_("the journal '%s' holds all %s parts: nothing is left to count"), path, parts);
    else if (!quiet && j->done_count)
        say(_("the journal '%s' holds %s of the %s parts: counting the others"), path, done, parts);
    if (!quiet && j->torn)
        say(_("the journal's last line was cut off (the run before was stopped as it wrote): its part is counted "
              "again"));
    return 0;
}

void resume_say_kept(const journal *j)
{
    char done[32], parts[32];
    nq_grouped(j->done_count, done, sizeof done);
    nq_grouped(j->of.parts, parts, sizeof parts);
    say(_("the journal '%s' keeps %s of the %s parts: run the same command to go on"), j->path, done, parts);
}

void resume_print(const nq_count_figures *total, bool unique, uint64_t unique_count, double seconds)
{
    printf("solutions: %" PRIu64 "\n", total->solutions);
    if (unique)
        printf("unique: %" PRIu64 "\n", unique_count);
    printf("%s: %" PRIu64 "\n", nq_basis_placed_words(total->basis), total->nodes);
    printf("%s: %" PRIu64 "\n", nq_basis_failed_words(total->basis), total->dead_ends);
    printf("time: %.3f s\n", seconds);
}

void resume_print_total(const nq_count_split *split, const nq_count_figures *setup, const nq_count_figures *parts,
                        bool unique, double seconds)
{
    nq_count_figures total = *setup;
    total.basis = nq_count_split_basis(split);
    nq_count_figures_add(&total, parts);
    resume_print(&total, unique, unique ? nq_count_split_unique(split, &total) : 0, seconds);
}

int resume_count(const resume_request *r)
{
    nq_count_split *split = nq_count_split_new(r->n, r->first);
    /* Ctrl+C is caught before the journal opens: from the moment its header is on disk, an
     * interrupt ends the count with the "stopped" line and status 130, never silently. */
    progress_watch w;
    progress_start(&w.line, r->quiet, "count %d", r->n);
    nq_run run = progress_watch_begin(&w, r->threads);
    journal j;
    int status = resume_open(&j, r->journal, r->n, r->first, split, r->quiet);
    if (status) {
        progress_release_interrupt();
        nq_count_split_free(split);
        return status;
    }
    w.line.resumed_parts = j.done_count;
    w.line.resumed_found = j.sum.solutions;
    missing m = {&j, 0, &w.cancel, JOURNAL_OK, ""};
    nq_count_source source = {missing_next, missing_done, &m};
    double start = nq_clock_seconds();
    nq_count_figures sum, setup;
    bool complete = nq_count_split_run(split, &source, &run, &sum);
    double seconds = nq_clock_seconds() - start;
    if (m.failed) {
        progress_release_interrupt();
        progress_erase(&w.line);
        say("%s", m.message);
        status = m.failed;
    } else {
        status = progress_watch_end(&w, complete);
    }
    if (status) {
        resume_say_kept(&j);
    } else {
        nq_count_split_prepare(split, &run, &setup);
        resume_print_total(split, &setup, &j.sum, r->unique, seconds);
    }
    journal_close(&j);
    nq_count_split_free(split);
    return status;
}
