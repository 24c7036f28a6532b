/*
 * cmd_heatmap.c -- nqueens-cli heatmap: for every square, how many solutions (with the pinned
 * queen, if any) put a queen there (nq/heatmap.h), then whether every row and every column sums
 * to the number of solutions, as one queen a row and a column says it must.
 */
#include <stdio.h>

#include "command.h"
#include "nq/clock.h"
#include "nq/heatmap.h"
#include "nq/i18n.h"
#include "progress.h"

/* A heatmap's fill, watched: its figures are squares known (progress.solutions) of all squares. */
typedef struct heatmap_watch {
    progress_watch w;
    uint64_t squares;
} heatmap_watch;

/* nq_progress_fn of the heatmap's fill: the share of squares known on the progress line. */
static void watch_heatmap(void *context, const nq_progress *progress)
{
    heatmap_watch *watch = context;
    nq_progress squares = {.parts_done = progress->solutions, .parts = watch->squares, .seconds = progress->seconds};
    progress_update(&watch->w.line, &squares);
}

/* The number of decimal digits of value. */
static int digits(uint64_t value)
{
    int count = 1;
    for (; value >= 10; value /= 10)
        count++;
    return count;
}

/* Writes "each LINES sums to T solutions: yes" (or no, when agree is false). */
static void print_sum_check(const char *lines, uint64_t total, bool agree)
{
    printf("each %s sums to ", lines);
    cli_print_count(total, "solution", "solutions");
    printf(": %s\n", agree ? "yes" : "no");
}

/* Every square's number, then the row and column sums checked against the total. */
static int run_heatmap(const cli_args *args, const cli_options *opt)
{
    (void)args;
    int n = opt->n;
    nq_heatmap *map = nq_heatmap_create(n, opt->has_first ? &opt->first : NULL);
    heatmap_watch watch = {.squares = (uint64_t)n * (uint64_t)n};
    progress_start(&watch.w.line, opt->quiet, "heatmap %d", n);
    watch.w.line.parts_word = N_("squares");
    watch.w.line.shows_solutions = false;
    nq_run run = progress_watch_begin(&watch.w, opt->threads);
    run.progress = watch_heatmap;
    run.context = &watch;
    double start = nq_clock_seconds();
    bool complete = nq_heatmap_fill(map, &run);
    double seconds = nq_clock_seconds() - start;
    int status = progress_watch_end(&watch.w, complete);
    if (status) {
        nq_heatmap_free(map);
        return status;
    }
    uint64_t total = nq_heatmap_total(map), counts[NQ_MAX_N * NQ_MAX_N] = {0};
    /* Row numbers take the digits of N; a column, those of the widest number or of its own. */
    int label = digits((uint64_t)n), width = digits(nq_heatmap_max(map));
    if (width < label)
        width = label;
    printf("%*s", label, "");
    for (int column = 0; column < n; column++)
        printf("%*d", width + 2, column + 1);
    putchar('\n');
    for (int row = 0; row < n && cli_output_ok(); row++) {
        printf("%*d", label, row + 1);
        for (int column = 0; column < n; column++) {
            uint64_t count;
            if (!nq_heatmap_get(map, (nq_square){column, row}, &count))
                cli_internal_error("a complete heatmap does not know column %d, row %d", column + 1, row + 1);
            printf("%*llu", width + 2, (unsigned long long)count);
            counts[row * n + column] = count;
        }
        putchar('\n');
    }
    nq_heatmap_free(map);
    putchar('\n');
    bool rows, columns;
    nq_heatmap_check(n, counts, total, &rows, &columns);
    print_sum_check("row", total, rows);
    print_sum_check("column", total, columns);
    printf("time: %.3f s\n", seconds);
    if (!rows || !columns)
        return cli_failure(_("the heatmap's rows or columns do not sum to its %llu solutions"),
                           (unsigned long long)total);
    return 0;
}

const cli_command cmd_heatmap = {
    .name = "heatmap",
    .options = {"--first", "--threads", "--quiet"},
    .largest_n = NQ_MAX_N,
    .positionals = 1,
    .usage = "N [--first COL,ROW] [--threads T] [--quiet]",
    /* TRANSLATORS: the help of nqueens-cli heatmap, after "  heatmap " (the command's name stays
     * English): lines about as long as these, those after the first indented by 10
     * spaces. What is quoted is printed as it is: keep it in English. */
    .help = N_("For every square of the N x N board (N from 1 to 64), how many solutions\n"
               "          put a queen there (with --first: how many of the solutions with that\n"
               "          queen): the numbers in rows from the top, the row numbers down the left\n"
               "          and the column numbers across the top, each column right-aligned to the\n"
               "          widest number; then whether each row and each column sums to the number\n"
               "          of solutions, 'each row sums to 92 solutions: yes', and time:.\n"),
    .run = run_heatmap,
};
