/*
 * cmd_list.c -- nqueens-cli list: solutions in lexicographic order, from the K-th on, in any of
 * the board formats; with --unique, one board per class under rotation and reflection.
 *
 * The list walks an iterator (nq/enumerate.h) from the start, which is quickest for a small K;
 * for a large K it counts its way there through an index (nq/index.h) instead, on every core,
 * and the iterator goes on from the solution the index gives. Either way a long wait shows a
 * progress line and Ctrl+C stops it.
 */
#include <stdatomic.h>
#include <stdio.h>

#include "command.h"
#include "nq/enumerate.h"
#include "nq/i18n.h"
#include "nq/index.h"
#include "nq/symmetry.h"
#include "progress.h"

/* Queens a pull places between looks at the clock: a few milliseconds. */
enum { PULL_BUDGET = 1 << 18 };

/* nq_enum_pull() of the next solution the list shows: with --unique, solutions that are not the
 * smallest of their class are passed over (their queens count against the budget too), and the
 * list ends at the first board whose top queen stands on the middle column or right of it, which
 * no later board's is left of: the mirror image of such a board starts further left, or on the
 * middle column its bottom row's queen would have to stand there too to keep the board the
 * smallest (every edge queen at least as far from a corner as the top one). Not on the 1 x 1
 * board, whose one board is its own mirror image. */
static nq_enum_status pull_listed(const cli_options *opt, nq_enum *e, int *cols, uint64_t budget)
{
    uint64_t start = e->nodes;
    for (;;) {
        uint64_t spent = e->nodes - start;
        if (spent >= budget)
            return NQ_ENUM_BUSY;
        nq_enum_status got = nq_enum_pull(e, cols, budget - spent);
        if (got != NQ_ENUM_FOUND || !opt->unique || nq_symmetry_is_canonical(opt->n, cols))
            return got;
        if (nq_symmetry_apply(NQ_SYM_MIRROR, opt->n, (nq_square){cols[0], 0}).column <= cols[0])
            return NQ_ENUM_DONE;
    }
}

/* Pulls solution k (in order) of the list into cols, with a status line while it takes long.
 * Returns false when there are no more. */
static bool next_solution(const cli_options *opt, nq_enum *e, int *cols, uint64_t k)
{
    uint64_t start = e->nodes;
    nq_enum_status got = pull_listed(opt, e, cols, PULL_BUDGET);
    if (got != NQ_ENUM_BUSY)
        return got == NQ_ENUM_FOUND;
    progress_line line;
    progress_start(&line, opt->quiet, "list %d", e->n);
    while ((got = pull_listed(opt, e, cols, PULL_BUDGET)) == NQ_ENUM_BUSY)
        progress_note(&line, "solution %llu in order: %.1f M queens placed in %.0f s; 'find %d' gives one at once",
                      (unsigned long long)k, (double)(e->nodes - start) / 1e6, progress_seconds(&line), e->n);
    progress_erase(&line);
    return got == NQ_ENUM_FOUND;
}

/* How the list reaches solution K. */
typedef enum { REACHED, NO_SOLUTION, PAST_THE_END, INTERRUPTED } reach;

/* Walks e through solutions 1 to K, however long that takes, with a status line while it takes
 * long; cols holds solution K when it is reached, and *total counts the solutions walked. */
static reach walk_to(const cli_options *opt, nq_enum *e, uint64_t k, int *cols, uint64_t *total)
{
    for (*total = 0; *total < k; ++*total)
        if (!next_solution(opt, e, cols, *total + 1))
            return *total ? PAST_THE_END : NO_SOLUTION;
    return REACHED;
}

/* Queens the list places walking towards --from K before it counts its way there through an
 * index instead: the walk wins where K is small, the index where K is large. */
enum { WALK_BUDGET = 1 << 22 };

/* Above this size an index counts subtrees of billions of solutions below each of its prefixes,
 * far slower than walking to any K one can wait for: there the list always walks. */
enum { COUNT_MAX_N = 23 };

/* walk_to() within WALK_BUDGET queens placed. Returns false, having settled nothing, when the
 * budget runs out first. */
static bool walk_within_budget(const cli_options *opt, nq_enum *e, uint64_t k, int *cols, reach *out,
                               uint64_t *total)
{
    uint64_t start = e->nodes;
    for (*total = 0; *total < k; ++*total) {
        uint64_t spent = e->nodes - start;
        nq_enum_status got = spent < WALK_BUDGET ? pull_listed(opt, e, cols, WALK_BUDGET - spent) : NQ_ENUM_BUSY;
        if (got == NQ_ENUM_BUSY)
            return false;
        if (got == NQ_ENUM_DONE) {
            *out = *total ? PAST_THE_END : NO_SOLUTION;
            return true;
        }
    }
    *out = REACHED;
    return true;
}

/* The state of an index fill that stops once solution K is known; its cancel flag is set then,
 * or by Ctrl+C. */
typedef struct fill_watch {
    progress_watch w;
    uint64_t k;
    bool reached; /* solution K is known */
} fill_watch;

/* nq_progress_fn of the fill, on the thread that runs it. */
static void watch_fill(void *context, const nq_progress *progress)
{
    fill_watch *watch = context;
    if (progress->solutions >= watch->k) {
        watch->reached = true;
        atomic_store(&watch->w.cancel, true);
    }
    progress_update(&watch->w.line, progress);
}

/* Counts the solutions in order through an index until solution K is known (or all are), and
 * when there is one, moves e to just after it, with it in cols; INTERRUPTED when Ctrl+C stopped
 * the count first (and said so). */
static reach count_to(const cli_options *opt, nq_enum *e, int *cols, uint64_t *total)
{
    nq_index *index = opt->unique ? nq_index_create_unique(opt->n)
                                  : nq_index_create(opt->n, opt->has_first ? &opt->first : NULL);
    fill_watch watch = {.k = opt->from};
    progress_start(&watch.w.line, opt->quiet, "list %d --from %llu", opt->n, (unsigned long long)opt->from);
    nq_run run = progress_watch_begin(&watch.w, opt->threads);
    run.progress = watch_fill;
    run.context = &watch;
    run.interval = 0.01; /* the fill stops soon after solution K is known */
    bool complete = nq_index_fill(index, &run);
    if (progress_watch_end(&watch.w, complete || watch.reached)) {
        nq_index_free(index);
        return INTERRUPTED;
    }
    *total = nq_index_known(index);
    bool found = nq_index_unrank(index, opt->from, cols);
    nq_index_free(index);
    if (!found)
        return *total ? PAST_THE_END : NO_SOLUTION;
    if (!nq_enum_seek(e, cols))
        cli_internal_error("the index and the iterator disagree on solution %llu", (unsigned long long)opt->from);
    return REACHED;
}

/* Prints solutions K to K + M - 1 of the list (--from K, --limit M), or says why there are none. */
static int run_list(const cli_args *args, const cli_options *opt)
{
    (void)args;
    nq_enum e;
    nq_enum_init(&e, opt->n, opt->has_first ? &opt->first : NULL);
    int cols[NQ_MAX_N];
    uint64_t k = opt->from, total = 0;
    reach where;
    if (k == 1 || opt->n > COUNT_MAX_N)
        where = walk_to(opt, &e, k, cols, &total);
    /* Each solution walked places one queen at least: a K above the budget is out of its reach. */
    else if (k > WALK_BUDGET || !walk_within_budget(opt, &e, k, cols, &where, &total))
        where = count_to(opt, &e, cols, &total);
    if (where == INTERRUPTED)
        return PROGRESS_INTERRUPTED;
    if (where == NO_SOLUTION) {
        if (opt->format != FORMAT_JSON) /* scripts read no object: no solution */
            puts("No solution!");
        return 0;
    }
    if (where == PAST_THE_END)
        return opt->unique
                   ? say_usage_error(_("--from %llu is past the last unique solution: there are %llu, so K goes "
                                       "from 1 to %llu"),
                                     (unsigned long long)k, (unsigned long long)total, (unsigned long long)total)
                   : say_usage_error(_("--from %llu is past the last solution: there are %llu, so K goes from 1 "
                                       "to %llu"),
                                     (unsigned long long)k, (unsigned long long)total, (unsigned long long)total);
    for (uint64_t printed = 1; cli_print_solution(opt, cols, k) && printed < opt->limit; printed++)
        if (!next_solution(opt, &e, cols, ++k))
            break;
    return 0;
}

/* --from counts solutions; then --limit and the board formats. */
static int check_list_rest(const cli_args *args, cli_options *opt)
{
    if (args->from_text && !nq_parse_number(args->from_text, 1, UINT64_MAX, &opt->from))
        return say_usage_error(_("--from must be a whole number from 1 up to the number of solutions (got '%s')"),
                               args->from_text);
    int status = cli_check_limit(args, opt);
    return status ? status : cli_check_board_format(args, opt, false);
}

const cli_command cmd_list = {
    .name = "list",
    .options = {"--first", "--from", "--limit", "--format", "--unique", "--quiet"},
    .largest_n = NQ_MAX_N,
    .positionals = 1,
    .usage = "N [--first COL,ROW | --unique] [--from K] [--limit M]\n"
             "                    [--format board|line|coords|json] [--quiet]",
    /* TRANSLATORS: the help of nqueens-cli list, after "  list    " (the command's name stays
     * English): lines about as long as these, those after the first indented by 10
     * spaces. What is quoted is printed as it is: keep it in English. */
    .help = N_("Print solutions in lexicographic order (by the column of each row, top row\n"
               "          first), each headed 'Solution K:' with K its position in that order.\n"
               "          With --unique, one board per class under rotation and reflection (the\n"
               "          smallest of its class), numbered 1 to the unique count, each with its class\n"
               "          size (8, 4 or 2 distinct boards; 1 for N = 1): 'Unique solution K (class of\n"
               "          S):' (board), 'Unique solution K (class of S): {...}' (coords), 'class of S:\n"
               "          C1 C2 ...' (line), \"unique\": true, \"class\": S in json.\n"),
    .unique_first = N_("--unique lists solutions up to rotation and reflection, which a pinned queen breaks: drop "
                       "--first or --unique"),
    .check_rest = check_list_rest,
    .run = run_list,
};
