/*
 * cmd_count.c -- nqueens-cli count: how many solutions a board has, by the engine's fast count
 * (nq/count.h), with a journal to go on from (resume.h), or by one method's whole search
 * (nq/effort.h) with --method.
 *
 * The two work figures are printed under the words of their basis (nq/figures.h), so that the
 * fast count's figures never pass for the plain row-by-row search's, which --method backtrack
 * prints.
 */
#include <stdio.h>

#include "command.h"
#include "nq/clock.h"
#include "nq/count.h"
#include "nq/effort.h"
#include "nq/figures.h"
#include "nq/i18n.h"
#include "progress.h"
#include "resume.h"

/* count --method: the method's whole search. */
static int run_count_method(const cli_options *opt)
{
    progress_watch w;
    progress_start(&w.line, opt->quiet, "count %d", opt->n);
    nq_run run = progress_watch_begin(&w, opt->threads);
    nq_effort e = nq_effort_run(&opt->plan, &run);
    int status = progress_watch_end(&w, e.complete);
    if (status)
        return status;
    fputs("method: ", stdout);
    cli_print_method_name(e.method, 0);
    printf("\nsolutions: %llu\n", (unsigned long long)e.solutions);
    printf("%s: %llu\n", nq_basis_placed_words(e.basis), (unsigned long long)e.nodes);
    printf("failures: %llu (%llu %s, %llu wipe-outs)\n", (unsigned long long)nq_failures(e.dead_ends, e.wipe_outs),
           (unsigned long long)e.dead_ends, nq_basis_failed_words(e.basis), (unsigned long long)e.wipe_outs);
    printf("squares crossed off: %llu\n", (unsigned long long)e.crossed);
    printf("time: %.3f s\n", e.seconds);
    return 0;
}

/* The fast count, with its journal when --journal names one. */
static int run_count(const cli_args *args, const cli_options *opt)
{
    (void)args;
    if (opt->has_method)
        return run_count_method(opt);
    if (opt->journal) {
        resume_request r = {opt->n, opt->has_first ? &opt->first : NULL, opt->unique, opt->threads, opt->journal,
                            opt->quiet};
        return resume_count(&r);
    }
    progress_watch w;
    progress_start(&w.line, opt->quiet, "count %d", opt->n);
    nq_count_options options = {opt->has_first ? &opt->first : NULL, opt->unique,
                                progress_watch_begin(&w, opt->threads)};
    double start = nq_clock_seconds();
    nq_count_result result = nq_count(opt->n, &options);
    double seconds = nq_clock_seconds() - start;
    int status = progress_watch_end(&w, result.complete);
    if (status)
        return status;
    nq_count_figures total = {result.solutions, result.unique, result.nodes, result.dead_ends, result.basis};
    resume_print(&total, opt->unique, result.unique, seconds);
    return 0;
}

/* --method runs one method's whole search, which finds every solution (not min-conflicts), counts
 * no unique solutions and is not split into the parts a journal keeps. */
static int check_count_method(const cli_args *args, const cli_options *opt)
{
    if (opt->plan.method == NQ_METHOD_MINCONFLICTS)
        return say_usage_error(_("count cannot use --method minconflicts: it finds one solution, not all; use "
                                 "'find %d --method minconflicts', or compare"),
                               opt->n);
    if (opt->has_method && args->unique)
        return say_usage_error(_("--unique is not counted by --method's search: drop --unique or --method"));
    if (opt->has_method && args->journal_text)
        return say_usage_error(_("--journal keeps the parts of the fast count, which --method's search is not split "
                                 "into: drop --journal or --method"));
    return 0;
}

const cli_command cmd_count = {
    .name = "count",
    .options = {"--first", "--threads", "--unique", "--method", "--journal", "--quiet"},
    .largest_n = NQ_MAX_N,
    .positionals = 1,
    .usage = "N [--first COL,ROW] [--threads T] [--unique | --method M]\n"
             "                    [--journal FILE] [--quiet]",
    /* TRANSLATORS: the help of nqueens-cli count, after "  count   " (the command's name stays
     * English): lines about as long as these, those after the first indented by 10
     * spaces. The labels ending in ':' are printed as they are: keep them in English. */
    .help = N_("Count the solutions of the N x N board (N from 1 to 64) and print\n"
               "          solutions:, unique: (with --unique), two figures of its search's work,\n"
               "          each labelled with what it counts, and time: (seconds).\n"
               "          With --method backtrack, forward or firstfail it runs that method's whole\n"
               "          search and prints method:, solutions:, queens placed:, failures: (dead ends\n"
               "          plus wipe-outs, each given), squares crossed off: and time:.\n"),
    .unique_first = N_("--unique counts solutions up to rotation and reflection, which a pinned queen breaks: drop "
                       "--first or --unique"),
    .check_method = check_count_method,
    .run = run_count,
};
