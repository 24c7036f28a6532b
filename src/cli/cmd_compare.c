/*
 * cmd_compare.c -- nqueens-cli compare: every search method's whole search of one board
 * (nq/effort.h), one line each, in plain numbers a script reads.
 *
 * The figures are the row search's (nq/figures.h), failures as nq_failures() defines them; the
 * column names are fixed words for scripts, not the figures' labels.
 */
#include <stdio.h>

#include "command.h"
#include "nq/effort.h"
#include "nq/figures.h"
#include "nq/i18n.h"

/* Every method on the board, one line each, printed as each finishes. */
static int run_compare(const cli_args *args, const cli_options *opt)
{
    (void)args;
    printf("%-18s %14s %14s %14s %12s %12s %10s\n", "method", "queens_placed", "failures", "crossed_off",
           "solutions", "median_moves", "seconds");
    for (int m = 0; m < NQ_METHOD_COUNT && cli_output_ok(); m++) {
        nq_plan plan = opt->plan;
        plan.method = (nq_method)m;
        nq_run run = {.threads = opt->threads};
        nq_effort e = nq_effort_run(&plan, &run);
        cli_print_method_name(e.method, 18);
        if (nq_method_complete(e.method)) {
            printf(" %14llu %14llu %14llu %12llu %12s", (unsigned long long)e.nodes,
                   (unsigned long long)nq_failures(e.dead_ends, e.wipe_outs), (unsigned long long)e.crossed,
                   (unsigned long long)e.solutions, "-");
        } else {
            char solved[32];
            snprintf(solved, sizeof solved, "%llu/%d", (unsigned long long)e.solutions, e.seeds);
            printf(" %14s %14s %14s %12s ", "-", "-", "-", solved);
            if (e.solutions)
                printf("%12llu", (unsigned long long)e.moves);
            else
                printf("%12s", "-");
        }
        printf(" %10.3f\n", e.seconds);
        fflush(stdout);
    }
    return 0;
}

const cli_command cmd_compare = {
    .name = "compare",
    .options = {"--first", "--threads", "--budget"},
    .largest_n = NQ_MAX_N,
    .positionals = 1,
    .usage = "N [--first COL,ROW] [--threads T] [--budget B]",
    /* TRANSLATORS: the help of nqueens-cli compare, after "  compare " (the command's name stays
     * English): lines about as long as these, those after the first indented by 10
     * spaces. The column names and quoted text are printed as they are: keep them in English. */
    .help = N_("Run every method on the N x N board (N from 1 to 64) and print a table,\n"
               "          one line a method after a header line, the method's name in the first 18\n"
               "          characters, then plain numbers (no separators) in aligned columns:\n"
               "            queens_placed failures crossed_off solutions median_moves seconds\n"
               "          failures are dead ends plus wipe-outs. Min-conflicts finds one solution,\n"
               "          not all: its solutions column is SOLVED/9, seeds 1 to 9 each run with the\n"
               "          budget, and median_moves the median of the moves of those that solved;\n"
               "          '-' where a figure does not apply.\n"),
    .run = run_compare,
};
