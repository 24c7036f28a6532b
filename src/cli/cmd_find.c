/*
 * cmd_find.c -- nqueens-cli find: one solution quickly, for N up to NQ_FIND_MAX_N (nq/find.h:
 * built, not searched, above 64), or by min-conflicts from a seed (nq/minconflicts.h).
 *
 * With --format none it prints nothing and answers by its exit status alone, for scripts.
 */
#include <stdio.h>
#include <stdlib.h>

#include "command.h"
#include "nq/find.h"
#include "nq/i18n.h"
#include "nq/minconflicts.h"

/* find --method minconflicts: one run from the seed, told on stderr, exit 3 when its budget runs out. */
static int run_find_minconflicts(const cli_options *opt, int *cols)
{
    const nq_plan *plan = &opt->plan;
    nq_mc_result r = nq_mc_find(opt->n, opt->has_first ? &opt->first : NULL, plan->seed, plan->budget, cols);
    if (!r.solved)
        return cli_no_solution(_("min-conflicts: no solution within its budget of %llu moves (seed %llu); raise it "
                                 "with --budget or try another --seed"),
                               (unsigned long long)plan->budget, (unsigned long long)plan->seed);
    cli_print_solution(opt, cols, 0);
    fprintf(stderr, _("min-conflicts: solved in %llu moves (seed %llu)\n"), (unsigned long long)r.moves,
            (unsigned long long)plan->seed);
    return 0;
}

/* Prints one solution, or says there is none. */
static int run_find(const cli_args *args, const cli_options *opt)
{
    (void)args;
    int *cols = malloc((size_t)opt->n * sizeof *cols);
    if (!cols)
        return cli_failure(_("out of memory for a board of %d rows"), opt->n);
    if (opt->has_method) {
        int status = run_find_minconflicts(opt, cols);
        free(cols);
        return status;
    }
    bool found = nq_find(opt->n, opt->has_first ? &opt->first : NULL, cols);
    if (found)
        cli_print_solution(opt, cols, 0);
    else if (opt->format != FORMAT_NONE && opt->format != FORMAT_JSON)
        puts("No solution!");
    free(cols);
    return found || opt->format != FORMAT_NONE ? 0 : EXIT_NO_SOLUTION;
}

/* --method takes min-conflicts only: the other methods search in order, as list does. */
static int check_find_method(const cli_args *args, const cli_options *opt)
{
    if (opt->has_method && opt->plan.method != NQ_METHOD_MINCONFLICTS)
        return say_usage_error(_("find --method takes only minconflicts (got '%s'); the other methods search in "
                                 "order: 'list %d --limit 1' gives their first solution"),
                               args->method_text, opt->n);
    return 0;
}

/* The board formats, and none. */
static int check_find_rest(const cli_args *args, cli_options *opt)
{
    return cli_check_board_format(args, opt, true);
}

const cli_command cmd_find = {
    .name = "find",
    .options = {"--first", "--format", "--method", "--seed", "--budget"},
    .largest_n = NQ_FIND_MAX_N,
    .positionals = 1,
    .usage = "N [--first COL,ROW] [--format board|line|coords|json|none]\n"
             "                    [--method minconflicts [--seed S] [--budget B]]",
    /* TRANSLATORS: the help of nqueens-cli find, after "  find    " (the command's name stays
     * English): lines about as long as these, those after the first indented by 10
     * spaces. What is quoted is printed as it is: keep it in English. */
    .help = N_("Print one solution quickly (not necessarily the first in order), for N from\n"
               "          1 to 1000000. Above 64 it is built, not searched for: an explicit\n"
               "          construction, or with --first a local search that repairs a random start.\n"
               "          With --method minconflicts (N up to 1000000, --first too) it runs\n"
               "          min-conflicts from seed S with a budget of B moves and says on stderr\n"
               "          'min-conflicts: solved in K moves (seed S)'; when the budget runs out it\n"
               "          says so on stderr and exits 3.\n"),
    .check_method = check_find_method,
    .check_rest = check_find_rest,
    .run = run_find,
};
