/*
 * cmd_trace.c -- nqueens-cli trace: the steps of the search the window animates (nq/trace.h), one
 * a line, as text a person reads or as CSV, from the K-th step on.
 *
 * The text and the CSV are formats scripts read: their words are fixed English, the same in
 * every language. The done line's figures are the row search's, under its words (nq/figures.h).
 */
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "nq/figures.h"
#include "nq/i18n.h"
#include "nq/trace.h"
#include "progress.h"

/* The CSV word of the line a reject is attacked along (the text says nq_line_name()). */
static const char *attack_word(nq_line line)
{
    switch (line) {
    case NQ_LINE_COLUMN:
        return "column";
    case NQ_LINE_DOWN_RIGHT:
        return "diagonal_down_right";
    case NQ_LINE_DOWN_LEFT:
        return "diagonal_down_left";
    case NQ_LINE_ROW:
        break;
    }
    cli_internal_error("a reject attacked along line %d", (int)line);
}

/* Writes the 1-based columns of a row's bits, space-separated: "2 5 7". */
static void print_columns(uint64_t squares)
{
    for (const char *space = ""; squares; squares &= squares - 1, space = " ")
        printf("%s%d", space, __builtin_ctzll(squares) + 1);
}

/* Whether the trace's csv has the squares and count columns: every method but backtracking. */
static bool csv_has_more_columns(const cli_options *opt)
{
    return opt->plan.method != NQ_METHOD_BACKTRACK;
}

/* The csv row of a step of forward checking, first fail or min-conflicts that backtracking does
 * not have (the row's 9 fields after the step number). */
static void print_csv_more(const nq_trace *t, const nq_step *s)
{
    int row = s->row + 1, column = s->column + 1;
    switch ((nq_step_kind)s->kind) {
    case NQ_STEP_CROSS:
        printf("cross,%d,,%d,%d,,", row, s->by_row + 1, s->by_column + 1);
        print_columns(s->squares);
        puts(",");
        break;
    case NQ_STEP_WIPE_OUT:
        printf("wipe_out,%d,,%d,%d,,,\n", row, s->by_row + 1, s->by_column + 1);
        break;
    case NQ_STEP_SELECT:
        printf("select,%d,,,,,", row);
        print_columns(s->squares);
        puts(",");
        break;
    case NQ_STEP_CONFLICT:
        printf("conflict,%d,%d,,,,,%llu\n", row, column, (unsigned long long)s->count);
        break;
    case NQ_STEP_MOVE:
        printf("move,%d,%d,%d,%d,,,%llu\n", row, column, s->by_row + 1, s->by_column + 1,
               (unsigned long long)s->count);
        break;
    case NQ_STEP_PLACE:
        if (t->method == NQ_METHOD_MINCONFLICTS)
            printf("place,%d,%d,,,,,%llu\n", row, column, (unsigned long long)s->count);
        else
            printf("place,%d,%d,,,,,\n", row, column);
        break;
    default:
        cli_internal_error("a trace step of kind %d", (int)s->kind);
    }
}

/* The text of the done step: the method's figures, those of the row search (nq/figures.h). */
static void print_done(const nq_trace *t, const nq_step *s)
{
    fputs("done ", stdout);
    cli_print_count(s->solution, "solution", "solutions");
    fputs(", ", stdout);
    cli_print_count(t->nodes, "queen placed", nq_basis_placed_words(NQ_BASIS_ROW_SEARCH));
    fputs(", ", stdout);
    switch ((nq_method)t->method) {
    case NQ_METHOD_BACKTRACK:
        cli_print_count(t->dead_ends, "dead end", nq_basis_failed_words(NQ_BASIS_ROW_SEARCH));
        break;
    case NQ_METHOD_FORWARD:
    case NQ_METHOD_FIRSTFAIL:
        cli_print_count(t->wipe_outs, "wipe-out", "wipe-outs");
        fputs(", ", stdout);
        cli_print_count(t->crossed, "square crossed off", "squares crossed off");
        break;
    default:
        cli_print_count(t->moves, "move", "moves");
        if (nq_trace_gave_up(t))
            fputs(" (the budget ran out)", stdout);
        break;
    }
    putchar('\n');
}

/* Prints step k of the trace t has just returned, in the chosen format; a solution step is
 * verified first (with the board t holds now). Returns whether the output still goes out. */
static bool print_step(const cli_options *opt, const nq_trace *t, const nq_step *s, uint64_t k)
{
    int row = s->row + 1, column = s->column + 1;
    if (s->kind == NQ_STEP_SOLUTION)
        cli_verify(opt, t->cols, "a solution of the trace");
    if (opt->format == FORMAT_CSV) {
        printf("%llu,", (unsigned long long)k);
        const char *more = csv_has_more_columns(opt) ? ",," : "";
        switch ((nq_step_kind)s->kind) {
        case NQ_STEP_TRY:
            printf("try,%d,%d,,,%s\n", row, column, more);
            break;
        case NQ_STEP_REJECT:
            printf("reject,%d,%d,%d,%d,%s%s\n", row, column, s->by_row + 1, s->by_column + 1,
                   attack_word((nq_line)s->line), more);
            break;
        case NQ_STEP_DEAD_END:
            printf("dead_end,%d,,,,%s\n", row, more);
            break;
        case NQ_STEP_REMOVE:
            printf("remove,%d,%d,,,%s\n", row, column, more);
            break;
        case NQ_STEP_SOLUTION:
            printf("solution,,,,,%s\n", more);
            break;
        case NQ_STEP_DONE:
            printf("done,,,,,%s\n", more);
            break;
        default:
            if (csv_has_more_columns(opt))
                print_csv_more(t, s);
            else if (s->kind == NQ_STEP_PLACE)
                printf("place,%d,%d,,,\n", row, column);
            else
                cli_internal_error("a trace step of kind %d", (int)s->kind);
        }
        return cli_output_ok();
    }
    printf("%llu ", (unsigned long long)k);
    switch ((nq_step_kind)s->kind) {
    case NQ_STEP_TRY:
        printf("try row %d, column %d\n", row, column);
        break;
    case NQ_STEP_REJECT:
        printf("reject row %d, column %d: attacked along the %s by the queen at row %d, column %d\n", row,
               column, nq_line_name((nq_line)s->line), s->by_row + 1, s->by_column + 1);
        break;
    case NQ_STEP_PLACE:
        printf("place row %d, column %d", row, column);
        if (t->method == NQ_METHOD_MINCONFLICTS)
            printf(": attacked by %llu", (unsigned long long)s->count);
        putchar('\n');
        break;
    case NQ_STEP_CROSS:
        printf("cross row %d: %s ", row, s->squares & (s->squares - 1) ? "columns" : "column");
        print_columns(s->squares);
        printf(" crossed off by the queen at row %d, column %d\n", s->by_row + 1, s->by_column + 1);
        break;
    case NQ_STEP_WIPE_OUT:
        printf("wipe_out row %d: no square left after the queen at row %d, column %d\n", row, s->by_row + 1,
               s->by_column + 1);
        break;
    case NQ_STEP_SELECT:
        printf("select row %d: ", row);
        cli_print_count((uint64_t)__builtin_popcountll(s->squares), "square left", "squares left");
        fputs(s->squares & (s->squares - 1) ? ", columns " : ", column ", stdout);
        print_columns(s->squares);
        putchar('\n');
        break;
    case NQ_STEP_CONFLICT:
        printf("conflict row %d, column %d: attacked by %llu\n", row, column, (unsigned long long)s->count);
        break;
    case NQ_STEP_MOVE:
        printf("move row %d, column %d to column %d: attacked by %llu there\n", row, s->by_column + 1, column,
               (unsigned long long)s->count);
        break;
    case NQ_STEP_DEAD_END:
        printf("dead_end row %d: every square is attacked\n", row);
        break;
    case NQ_STEP_REMOVE:
        printf("remove row %d, column %d\n", row, column);
        break;
    case NQ_STEP_SOLUTION:
        printf("solution %llu: ", (unsigned long long)s->solution);
        nq_line_write(stdout, opt->n, t->cols);
        break;
    case NQ_STEP_DONE:
        print_done(t, s);
        break;
    default:
        cli_internal_error("a trace step of kind %d", (int)s->kind);
    }
    return cli_output_ok();
}

/* Steps the trace skips between looks at the clock while it goes to --from K. */
enum { SKIP_BUDGET = 1 << 20 };

/* Prints steps K to K + M - 1 of the watched search; step 1 is the first the iterator returns.
 * Returns EXIT_NO_SOLUTION when the steps printed end with min-conflicts out of its budget. */
static int run_trace(const cli_args *args, const cli_options *opt)
{
    (void)args;
    nq_trace t;
    nq_trace_start(&t, &opt->plan);
    nq_step step;
    uint64_t k = 0;
    progress_line line;
    progress_start(&line, opt->quiet, "trace %d", opt->n);
    while (k + 1 < opt->from) {
        if (!nq_trace_next(&t, &step)) {
            progress_erase(&line);
            return say_usage_error(_("--from %llu is past the last step: there are %llu, so K goes from 1 to %llu"),
                               (unsigned long long)opt->from, (unsigned long long)k, (unsigned long long)k);
        }
        if (++k % SKIP_BUDGET == 0)
            progress_note(&line, "going to step %llu: %.0f M steps skipped in %.0f s", (unsigned long long)opt->from,
                          (double)k / 1e6, progress_seconds(&line));
    }
    progress_erase(&line);
    if (!nq_trace_next(&t, &step))
        return say_usage_error(_("--from %llu is past the last step: there are %llu, so K goes from 1 to %llu"),
                           (unsigned long long)opt->from, (unsigned long long)k, (unsigned long long)k);
    k++;
    if (opt->format == FORMAT_CSV &&
        (printf("step,kind,row,column,by_row,by_column,attack%s\n", csv_has_more_columns(opt) ? ",squares,count" : ""),
         !cli_output_ok()))
        return 0;
    for (uint64_t printed = 1; print_step(opt, &t, &step, k) && printed < opt->limit; printed++, k++)
        if (!nq_trace_next(&t, &step))
            break;
    /* Min-conflicts that ran out of its budget found nothing: exit 3, as find does. */
    return step.kind == NQ_STEP_DONE && nq_trace_gave_up(&t) ? EXIT_NO_SOLUTION : 0;
}

/* --from counts steps; then --limit, and text or csv. */
static int check_trace_rest(const cli_args *args, cli_options *opt)
{
    if (args->from_text && !nq_parse_number(args->from_text, 1, UINT64_MAX, &opt->from))
        return say_usage_error(_("--from must be a whole number from 1 up to the number of steps (got '%s')"),
                               args->from_text);
    int status = cli_check_limit(args, opt);
    if (status)
        return status;
    opt->format = FORMAT_TEXT;
    if (args->format_text && !strcmp(args->format_text, "csv"))
        opt->format = FORMAT_CSV;
    else if (args->format_text && strcmp(args->format_text, "text") != 0)
        return say_usage_error(_("--format must be text or csv (got '%s')"), args->format_text);
    return 0;
}

const cli_command cmd_trace = {
    .name = "trace",
    .options = {"--first", "--from", "--limit", "--format", "--method", "--seed", "--budget", "--quiet"},
    .largest_n = NQ_MAX_N,
    .positionals = 1,
    .usage = "N [--first COL,ROW] [--from K] [--limit M] [--format text|csv]\n"
             "                    [--method M [--seed S] [--budget B]] [--quiet]",
    /* TRANSLATORS: the help of nqueens-cli trace, after "  trace   " (the command's name stays
     * English): lines about as long as these, those after the first indented by 10
     * spaces. The lines it shows and the CSV's words are printed as they are: keep them in
     * English. */
    .help = N_("Print the steps of the search the app animates, one a line, numbered\n"
               "          from 1 (N from 1 to 64); backtracking unless --method says another.\n"
               "          In text (the default), squares 1-based:\n"
               "            K try row R, column C\n"
               "            K reject row R, column C: attacked along the LINE by the queen at\n"
               "              row R2, column C2    (LINE: column, diagonal down to the right,\n"
               "              diagonal down to the left; the topmost attacker, its column first)\n"
               "            K place row R, column C\n"
               "            K dead_end row R: every square is attacked\n"
               "            K remove row R, column C      (backtrack: the queen is taken back)\n"
               "            K solution S: C1 C2 ... CN    (the column of each row, top row first)\n"
               "            K done S solutions, P queens placed, D dead ends\n"
               "          Forward checking and first fail place without trying, and add:\n"
               "            K cross row R: column(s) C ... crossed off by the queen at row R2, column C2\n"
               "            K wipe_out row R: no square left after the queen at row R2, column C2\n"
               "            K select row R: S squares left, column(s) C ...   (first fail's choice)\n"
               "            K done S solutions, P queens placed, W wipe-outs, X squares crossed off\n"
               "          Min-conflicts places a queen in every row (': attacked by A'), then:\n"
               "            K conflict row R, column C: attacked by A\n"
               "            K move row R, column C2 to column C: attacked by A there\n"
               "            K done S solutions, P queens placed, M moves   (S is 0 or 1)\n"
               "          A pinned queen stands from the start: its row is never searched.\n"
               "          csv: the header step,kind,row,column,by_row,by_column,attack, then a row\n"
               "          a step: kind is try, reject, place, dead_end, remove, solution or done;\n"
               "          row and column 1-based (empty for solution and done, column empty for\n"
               "          dead_end); by_row, by_column (the attacking queen) and attack (column,\n"
               "          diagonal_down_right or diagonal_down_left) only for reject. A solution's\n"
               "          number is the count of solution rows up to it; done has no fields.\n"
               "          With --method forward, firstfail or minconflicts two more columns,\n"
               "          squares and count, and the kinds cross (row; by_row, by_column: the\n"
               "          queen; squares: the columns crossed off, space-separated), wipe_out (row,\n"
               "          by_row, by_column), select (row; squares: the columns left), conflict\n"
               "          (row, column; count: the queens attacking it) and move (row, column: where\n"
               "          it goes; by_column: where it was; count: the queens attacking it there);\n"
               "          a min-conflicts place has count too.\n"),
    .check_rest = check_trace_rest,
    .run = run_trace,
};
