/*
 * cmd_table.c -- nqueens-cli table: the solutions, the unique solutions and the seconds of every N
 * from FROM to TO, one line each, by the engine's fast count (nq/count.h).
 *
 * Each line is printed as its N is counted, so a long table shows its rows as it goes, and
 * Ctrl+C keeps those printed.
 */
#include <stdio.h>

#include "command.h"
#include "nq/clock.h"
#include "nq/count.h"
#include "nq/i18n.h"
#include "progress.h"

/* Prints a line for every N from FROM to TO, each as soon as it is counted. */
static int run_table(const cli_args *args, const cli_options *opt)
{
    int last = 0;
    int status = cli_parse_size(args->positional[1], "TO", NQ_MAX_N, &last);
    if (status)
        return status;
    if (last < opt->n)
        return say_usage_error(_("TO must not be below FROM (got FROM %s, TO %s)"), args->positional[0],
                               args->positional[1]);
    printf("%3s %22s %22s %10s\n", "N", "solutions", "unique", "seconds");
    progress_watch w; /* its line starts again for each N; started here for progress_watch_end() even with none */
    progress_start(&w.line, opt->quiet, "table, N = %d", opt->n);
    nq_count_options options = {NULL, true, progress_watch_begin(&w, opt->threads)};
    bool complete = true;
    for (int n = opt->n; n <= last && complete && cli_output_ok(); n++) {
        progress_start(&w.line, opt->quiet, "table, N = %d", n);
        double start = nq_clock_seconds();
        nq_count_result result = nq_count(n, &options);
        double seconds = nq_clock_seconds() - start;
        complete = result.complete;
        progress_erase(&w.line);
        if (complete)
            printf("%3d %22llu %22llu %10.3f\n", n, (unsigned long long)result.solutions,
                   (unsigned long long)result.unique, seconds);
        fflush(stdout);
    }
    return progress_watch_end(&w, complete);
}

const cli_command cmd_table = {
    .name = "table",
    .options = {"--threads", "--quiet"},
    .largest_n = NQ_MAX_N,
    .positionals = 2,
    .usage = "FROM TO [--threads T] [--quiet]",
    /* TRANSLATORS: the help of nqueens-cli table, after "  table   " (the command's name stays
     * English): one line about as long as this. */
    .help = N_("Print N, solutions, unique solutions and seconds for every N from FROM to TO.\n"),
    .run = run_table,
};
