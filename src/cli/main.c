/*
 * nqueens-cli -- the engine for scripts: count, list, table, find, trace, compare, heatmap.
 *
 * Arguments are parsed completely and checked before any work starts, so bad input prints one
 * line on stderr, exits 2, and nothing else; what the user typed is echoed with control characters
 * escaped, so that message stays one line. Everything the tool prints about a board is 1-based
 * (column, row) and every printed solution has passed nq_verify() first.
 *
 * Every write to stdout is checked: output that cannot be written (a full disk, a closed stdout,
 * a reader that went away) ends the work at once with one line on stderr and exit status 1,
 * never a silent success.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nq/board.h"
#include "nq/clock.h"
#include "nq/count.h"
#include "nq/effort.h"
#include "nq/enumerate.h"
#include "nq/figures.h"
#include "nq/find.h"
#include "nq/heatmap.h"
#include "nq/i18n.h"
#include "nq/index.h"
#include "nq/method.h"
#include "nq/minconflicts.h"
#include "nq/symmetry.h"
#include "nq/trace.h"
#include "progress.h"
#include "resume.h"
#include "say.h"

#ifndef NQ_VERSION
#define NQ_VERSION "unknown"
#endif

/* Exit statuses besides 0 and EXIT_FAILURE (1: the output cannot be written, or out of memory). */
enum { EXIT_USAGE = SAY_EXIT_USAGE, EXIT_NO_SOLUTION = 3 };

enum { MAX_THREADS = 256 };

/* The help, in pieces that each stay within the length C requires compilers to take. */
static const char *const usage_text[] = {
    N_("Usage:\n"
    "  nqueens-cli count N [--first COL,ROW] [--threads T] [--unique | --method M]\n"
    "                    [--journal FILE] [--quiet]\n"
    "  nqueens-cli list  N [--first COL,ROW | --unique] [--from K] [--limit M]\n"
    "                    [--format board|line|coords|json] [--quiet]\n"
    "  nqueens-cli table FROM TO [--threads T] [--quiet]\n"
    "  nqueens-cli find  N [--first COL,ROW] [--format board|line|coords|json|none]\n"
    "                    [--method minconflicts [--seed S] [--budget B]]\n"
    "  nqueens-cli trace N [--first COL,ROW] [--from K] [--limit M] [--format text|csv]\n"
    "                    [--method M [--seed S] [--budget B]] [--quiet]\n"
    "  nqueens-cli compare N [--first COL,ROW] [--threads T] [--budget B]\n"
    "  nqueens-cli heatmap N [--first COL,ROW] [--threads T] [--quiet]\n"
    "  nqueens-cli --help | --version\n"
    "\n"),
    N_("Commands:\n"
    "  count   Count the solutions of the N x N board (N from 1 to 64) and print\n"
    "          solutions:, unique: (with --unique), two figures of its search's work,\n"
    "          each labelled with what it counts, and time: (seconds).\n"
    "          With --method backtrack, forward or firstfail it runs that method's whole\n"
    "          search and prints method:, solutions:, queens placed:, failures: (dead ends\n"
    "          plus wipe-outs, each given), squares crossed off: and time:.\n"
    "  list    Print solutions in lexicographic order (by the column of each row, top row\n"
    "          first), each headed 'Solution K:' with K its position in that order.\n"
    "          With --unique, one board per class under rotation and reflection (the\n"
    "          smallest of its class), numbered 1 to the unique count, each with its class\n"
    "          size (8, 4 or 2 distinct boards; 1 for N = 1): 'Unique solution K (class of\n"
    "          S):' (board), 'Unique solution K (class of S): {...}' (coords), 'class of S:\n"
    "          C1 C2 ...' (line), \"unique\": true, \"class\": S in json.\n"
    "  table   Print N, solutions, unique solutions and seconds for every N from FROM to TO.\n"),
    N_("  find    Print one solution quickly (not necessarily the first in order), for N from\n"
    "          1 to 1000000. Above 64 it is built, not searched for: an explicit\n"
    "          construction, or with --first a local search that repairs a random start.\n"
    "          With --method minconflicts (N up to 1000000, --first too) it runs\n"
    "          min-conflicts from seed S with a budget of B moves and says on stderr\n"
    "          'min-conflicts: solved in K moves (seed S)'; when the budget runs out it\n"
    "          says so on stderr and exits 3.\n"
    "  trace   Print the steps of the search the app animates, one a line, numbered\n"
    "          from 1 (N from 1 to 64); backtracking unless --method says another.\n"
    "          In text (the default), squares 1-based:\n"
    "            K try row R, column C\n"
    "            K reject row R, column C: attacked along the LINE by the queen at\n"
    "              column C2, row R2    (LINE: column, diagonal down to the right,\n"
    "              diagonal down to the left; the topmost attacker, its column first)\n"
    "            K place row R, column C\n"
    "            K dead_end row R: every square is attacked\n"
    "            K remove row R, column C      (backtrack: the queen is taken back)\n"
    "            K solution S: C1 C2 ... CN    (the column of each row, top row first)\n"
    "            K done S solutions, P queens placed, D dead ends\n"
    "          Forward checking and first fail place without trying, and add:\n"
    "            K cross row R: column(s) C ... crossed off by the queen at column C2, row R2\n"
    "            K wipe_out row R: no square left after the queen at column C2, row R2\n"
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
    "          a min-conflicts place has count too.\n"
    "  compare Run every method on the N x N board (N from 1 to 64) and print a table,\n"
    "          one line a method after a header line, the method's name in the first 18\n"
    "          characters, then plain numbers (no separators) in aligned columns:\n"),
    N_("            queens_placed failures crossed_off solutions median_moves seconds\n"
    "          failures are dead ends plus wipe-outs. Min-conflicts finds one solution,\n"
    "          not all: its solutions column is SOLVED/9, seeds 1 to 9 each run with the\n"
    "          budget, and median_moves the median of the moves of those that solved;\n"
    "          '-' where a figure does not apply.\n"
    "  heatmap For every square of the N x N board (N from 1 to 64), how many solutions\n"
    "          put a queen there (with --first: how many of the solutions with that\n"
    "          queen): the numbers in rows from the top, the row numbers down the left\n"
    "          and the column numbers across the top, each column right-aligned to the\n"
    "          widest number; then whether each row and each column sums to the number\n"
    "          of solutions, 'each row sums to 92 solutions: yes', and time:.\n"
    "\n"),
    /* xgettext:no-c-format */
    N_("Options:\n"
    "  --first COL,ROW   Pin the first queen at column COL, row ROW (1-based, from the top\n"
    "                    left); only solutions with a queen there count.\n"
    "  --threads T       Threads to count with, 1 to 256 (default: one per core).\n"
    "  --unique          count: also count solutions unique under rotation and\n"
    "                    reflection; list: list one board per class (see list above).\n"
    "                    Not with --first: a pinned queen breaks the symmetry.\n"
    "  --from K          Start the list at the K-th solution, the trace at the K-th\n"
    "                    step (default 1).\n"
    "  --limit M         Print at most M solutions, or M steps (default: all).\n"
    "  --method M        backtrack, forward (forward checking), firstfail (first fail)\n"
    "                    or minconflicts (count: not minconflicts, which finds one\n"
    "                    solution, nor with --unique; find: minconflicts only).\n"
    "  --seed S          Min-conflicts' seed, 0 or more (default 1): the same seed\n"
    "                    gives the same run. Only with --method minconflicts.\n"
    "  --budget B        Min-conflicts' most moves, 1 or more (default 100000). Only\n"
    "                    with --method minconflicts, and for compare.\n"
    "  --format F        board: the board drawn with Q and . (default up to N = 64);\n"
    "                    line: the 1-based column of each row, top row first (default\n"
    "                    above 64, where a board is too large to draw);\n"
    "                    coords: the solution as its set of (column, row) squares,\n"
    "                    1-based: {(2, 1), (4, 2), (1, 3), (3, 4)};\n"
    "                    json: one object a line, {\"n\": 4, \"index\": 1, \"columns\":\n"
    "                    [2, 4, 1, 3]} (index null for find; no line at all when\n"
    "                    there is no solution);\n"
    "                    none (find only): print nothing, only verify the solution;\n"
    "                    the exit status says whether there is one;\n"
    "                    text, csv (trace only): see trace above (default text).\n"
    "  --journal FILE    count: keep each part's figures in FILE and go on from it\n"
    "                    (see Journal below). Not with --method.\n"
    "  --quiet           No progress line on stderr (see below), even on a terminal.\n"
    "  --help            Print this help (also anywhere after the command).\n"
    "  --version         Print the version.\n"
    "\n"
    "With no solution at all, list and find print 'No solution!' (find --format none\n"
    "prints nothing and exits 3).\n"
    "Progress: a count, table, list, trace or heatmap that runs longer than a second\n"
    "shows one line on stderr when stderr is a terminal (not with --quiet), redrawn in\n"
    "place and erased at the end; for a count, the share of its parts done, the\n"
    "solutions so far, their rate and about how long is left.\n"
    "Ctrl+C stops a count, table, heatmap or list --from's counting within a moment:\n"
    "one line on stderr says how far it got ('count 18 stopped after 3.2 s: 41% of\n"
    "parts done, 273,062,912 solutions so far (incomplete)'), nothing more goes to\n"
    "stdout (table keeps the rows it printed), and the exit status is 130. A second\n"
    "Ctrl+C ends the program at once.\n"
    "Exit status: 0 on success; 1 when the output cannot be written (the list or trace\n"
    "stops at once) or memory runs out; 2 on bad input, --from past the last solution or\n"
    "step included (one line on stderr says what and why); 3 when find --format none\n"
    "finds that there is no solution, or min-conflicts runs out of its budget; 130 when\n"
    "Ctrl+C stopped the work.\n"),
    N_("Journal: 'count N --journal FILE' writes the figures of each part of the count\n"
    "to FILE as soon as it is counted, one line a part, flushed at once. Run the same\n"
    "command again after Ctrl+C, a kill or a crash: it counts only the parts FILE\n"
    "lacks and prints the same totals; the progress line says how much came from\n"
    "FILE. FILE must be new, empty, or a journal of this very count (the same N,\n"
    "--first and program version); anything else is refused with exit 2, and so is a\n"
    "damaged line, which the message names. A last line cut off by a crash is dropped\n"
    "and its part counted again. nqueens-mpi counts across machines and writes the\n"
    "same journal.\n"
    "\n"),
    N_("Language: messages and this help come in English, Thai, Persian, Traditional\n"
    "Chinese or Hebrew: --lang en|th|fa|zh_TW|he anywhere on the line, else the first\n"
    "of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that names one of them, else English.\n"
    "What goes to stdout (counts, lists, traces, CSV) never changes with the language.\n"),
};

static void print_usage(void)
{
    for (size_t i = 0; i < sizeof usage_text / sizeof usage_text[0]; i++)
        fputs(_(usage_text[i]), stdout);
}

/* Everything the command line says, checked. */
typedef struct cli_args {
    const char *command;
    const char *positional[2];
    int positional_count;
    const char *first_text, *threads_text, *from_text, *limit_text, *format_text;
    const char *method_text, *seed_text, *budget_text, *journal_text;
    bool unique, quiet;
} cli_args;

typedef struct cli_options {
    int n;
    bool has_first;
    nq_square first;
    int threads;
    uint64_t from, limit;
    nq_plan plan; /* the method, and min-conflicts' seed and budget (--method, --seed, --budget) */
    bool has_method;
    bool unique; /* list: only the smallest board of each class under rotation and reflection */
    bool quiet;  /* no progress line, even on a terminal */
    const char *journal; /* count --journal: the journal's path, or NULL */
    enum { FORMAT_BOARD, FORMAT_LINE, FORMAT_COORDS, FORMAT_JSON, FORMAT_NONE, FORMAT_TEXT, FORMAT_CSV } format;
} cli_options;

/* Says why the work could not be done; returns EXIT_FAILURE. */
__attribute__((format(printf, 1, 2))) static int failure(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(fmt, ap);
    va_end(ap);
    return EXIT_FAILURE;
}

/* Says why a search ended without a solution; returns EXIT_NO_SOLUTION. */
__attribute__((format(printf, 1, 2))) static int no_solution(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(fmt, ap);
    va_end(ap);
    return EXIT_NO_SOLUTION;
}

/* Says that the engine broke its word, and aborts: a bug, not something a user can mend. */
__attribute__((format(printf, 1, 2), noreturn)) static void internal_error(const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    failure(_("internal error: %s"), what);
    abort();
}

/* The error of the first write to stdout that failed, 0 while none has. */
static int output_error;

/* Whether everything printed on stdout so far went out (as far as stdio knows); call it after
 * each piece of output. On the first failure it remembers errno, which the failed write set. */
static bool output_ok(void)
{
    if (!output_error && ferror(stdout))
        output_error = errno ? errno : EIO;
    return !output_error;
}

/* Flushes stdout and turns a failed write into one line on stderr and EXIT_FAILURE; otherwise
 * returns status. Called once, as the command ends. */
static int finish_output(int status)
{
    if (fflush(stdout) == EOF && !output_error)
        output_error = errno ? errno : EIO;
    if (!output_ok())
        return failure(_("cannot write the output: %s"), strerror(output_error));
    return status;
}

/* The option named by the first length characters of name if the command takes it, else NULL:
 * whole names only, so that "--first --threads" is no option at all. */
static const char *option_named(const char *command, const char *name, size_t length)
{
    static const struct {
        const char *command;
        const char *options[8];
    } table[] = {
        {"count", {"--first", "--threads", "--unique", "--method", "--journal", "--quiet"}},
        {"list", {"--first", "--from", "--limit", "--format", "--unique", "--quiet"}},
        {"table", {"--threads", "--quiet"}},
        {"find", {"--first", "--format", "--method", "--seed", "--budget"}},
        {"trace", {"--first", "--from", "--limit", "--format", "--method", "--seed", "--budget", "--quiet"}},
        {"compare", {"--first", "--threads", "--budget"}},
        {"heatmap", {"--first", "--threads", "--quiet"}},
    };
    size_t most = sizeof table[0].options / sizeof table[0].options[0];
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (strcmp(table[i].command, command) != 0)
            continue;
        for (size_t j = 0; j < most && table[i].options[j]; j++)
            if (strlen(table[i].options[j]) == length && !strncmp(table[i].options[j], name, length))
                return table[i].options[j];
    }
    return NULL;
}

static int positional_wanted(const char *command)
{
    return !strcmp(command, "table") ? 2 : 1;
}

/* The largest N a command takes: find builds huge boards, the others search them. */
static int largest_n(const char *command)
{
    return !strcmp(command, "find") ? NQ_FIND_MAX_N : NQ_MAX_N;
}

/* Splits argv into the command, its positional arguments and its options. */
static int split_args(int argc, char **argv, cli_args *args)
{
    memset(args, 0, sizeof *args);
    args->command = argv[1];
    for (int i = 2; i < argc; i++) {
        char *arg = argv[i];
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            if (args->positional_count == positional_wanted(args->command))
                return say_usage_error(_("unexpected argument '%s' for '%s'; see nqueens-cli --help"), arg,
                                   args->command);
            args->positional[args->positional_count++] = arg;
            continue;
        }
        const char *equals = strchr(arg, '=');
        size_t name_length = equals ? (size_t)(equals - arg) : strlen(arg);
        const char *name = option_named(args->command, arg, name_length);
        const char *value = NULL;
        if (!name)
            return say_usage_error(_("unknown option '%.*s' for '%s'; see nqueens-cli --help"), (int)name_length, arg,
                               args->command);
        if (!strcmp(name, "--unique") || !strcmp(name, "--quiet")) {
            if (equals)
                return say_usage_error(_("%s takes no value (got '%s')"), name, arg);
            *(!strcmp(name, "--unique") ? &args->unique : &args->quiet) = true;
            continue;
        }
        if (equals) {
            value = equals + 1;
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            return say_usage_error(_("%s needs a value; see nqueens-cli --help"), name);
        }
        const char **slot = !strcmp(name, "--first")     ? &args->first_text
                            : !strcmp(name, "--threads") ? &args->threads_text
                            : !strcmp(name, "--from")    ? &args->from_text
                            : !strcmp(name, "--limit")   ? &args->limit_text
                            : !strcmp(name, "--method")  ? &args->method_text
                            : !strcmp(name, "--seed")    ? &args->seed_text
                            : !strcmp(name, "--budget")  ? &args->budget_text
                            : !strcmp(name, "--journal") ? &args->journal_text
                                                         : &args->format_text;
        if (*slot)
            return say_usage_error(_("%s is given twice"), name);
        *slot = value;
    }
    if (args->positional_count < positional_wanted(args->command))
        return !strcmp(args->command, "table")
                   ? say_usage_error(_("'table' needs FROM and TO, each a board size from 1 to 64"))
                   : say_usage_error(_("'%s' needs N, the board size, a whole number from 1 to %d"), args->command,
                                 largest_n(args->command));
    return 0;
}

static int parse_size(const char *text, const char *what, int largest, int *out)
{
    uint64_t value;
    if (!nq_parse_number(text, NQ_MIN_N, (uint64_t)largest, &value))
        return say_usage_error(_("%s must be a whole number from 1 to %d (got '%s')"), what, largest, text);
    *out = (int)value;
    return 0;
}

/* Checks --method, --seed and --budget into opt->plan (opt->n and the first queen already set). */
static int check_method(const cli_args *args, cli_options *opt)
{
    nq_method method = NQ_METHOD_BACKTRACK;
    if (args->method_text && !nq_method_parse(args->method_text, &method))
        return say_usage_error(_("--method must be backtrack, forward, firstfail or minconflicts (got '%s')"),
                           args->method_text);
    opt->has_method = args->method_text != NULL;
    opt->plan = nq_plan_make(opt->n, opt->has_first ? &opt->first : NULL, method);
    bool count = !strcmp(args->command, "count"), find = !strcmp(args->command, "find");
    if (count && method == NQ_METHOD_MINCONFLICTS)
        return say_usage_error(_("count cannot use --method minconflicts: it finds one solution, not all; use "
                           "'find %d --method minconflicts', or compare"), opt->n);
    if (count && opt->has_method && args->unique)
        return say_usage_error(_("--unique is not counted by --method's search: drop --unique or --method"));
    if (count && opt->has_method && args->journal_text)
        return say_usage_error(_("--journal keeps the parts of the fast count, which --method's search is not split "
                             "into: drop --journal or --method"));
    if (find && opt->has_method && method != NQ_METHOD_MINCONFLICTS)
        return say_usage_error(_("find --method takes only minconflicts (got '%s'); the other methods search in "
                           "order: 'list %d --limit 1' gives their first solution"), args->method_text, opt->n);
    bool compare = !strcmp(args->command, "compare");
    if (args->seed_text && method != NQ_METHOD_MINCONFLICTS)
        return say_usage_error(_("--seed is for --method minconflicts (the other methods use no randomness)"));
    if (args->budget_text && method != NQ_METHOD_MINCONFLICTS && !compare)
        return say_usage_error(_("--budget is for --method minconflicts (the other methods run to their end)"));
    if (args->seed_text && !nq_parse_number(args->seed_text, 0, UINT64_MAX, &opt->plan.seed))
        return say_usage_error(_("--seed must be a whole number of 0 or more (got '%s')"), args->seed_text);
    if (args->budget_text && !nq_parse_number(args->budget_text, 1, UINT64_MAX, &opt->plan.budget))
        return say_usage_error(_("--budget must be a whole number of moves, 1 or more (got '%s')"), args->budget_text);
    if (!args->budget_text)
        opt->plan.budget = NQ_PLAN_BUDGET;
    return 0;
}

/* Checks every option's value against the allowed range, in the order people read them. */
static int check_options(const cli_args *args, cli_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->from = 1;
    opt->limit = UINT64_MAX;
    int status = parse_size(args->positional[0], !strcmp(args->command, "table") ? "FROM" : "N",
                            largest_n(args->command), &opt->n);
    if (status)
        return status;
    if (args->first_text) {
        char err[160];
        if (!nq_square_parse(args->first_text, opt->n, &opt->first, err, sizeof err))
            return say_usage_error(_("--first: %s"), err);
        opt->has_first = true;
    }
    if (args->unique && opt->has_first)
        return !strcmp(args->command, "list")
                   ? say_usage_error(_("--unique lists solutions up to rotation and reflection, which a pinned queen "
                                   "breaks: drop --first or --unique"))
                   : say_usage_error(_("--unique counts solutions up to rotation and reflection, which a pinned queen "
                                   "breaks: drop --first or --unique"));
    opt->unique = args->unique;
    opt->quiet = args->quiet;
    if (args->journal_text && !args->journal_text[0])
        return say_usage_error(_("--journal needs the name of a file (got an empty one)"));
    opt->journal = args->journal_text;
    uint64_t value;
    if (args->threads_text) {
        if (!nq_parse_number(args->threads_text, 1, MAX_THREADS, &value))
            return say_usage_error(_("--threads must be a whole number from 1 to 256 (got '%s')"), args->threads_text);
        opt->threads = (int)value;
    }
    status = check_method(args, opt);
    if (status)
        return status;
    bool trace = !strcmp(args->command, "trace");
    if (args->from_text && !nq_parse_number(args->from_text, 1, UINT64_MAX, &opt->from))
        return trace ? say_usage_error(_("--from must be a whole number from 1 up to the number of steps (got '%s')"),
                                   args->from_text)
                     : say_usage_error(_("--from must be a whole number from 1 up to the number of solutions (got '%s')"),
                                   args->from_text);
    if (args->limit_text && !nq_parse_number(args->limit_text, 1, UINT64_MAX, &opt->limit))
        return say_usage_error(_("--limit must be a whole number of at least 1 (got '%s')"), args->limit_text);
    bool find = !strcmp(args->command, "find");
    if (trace) {
        opt->format = FORMAT_TEXT;
        if (args->format_text && !strcmp(args->format_text, "csv"))
            opt->format = FORMAT_CSV;
        else if (args->format_text && strcmp(args->format_text, "text") != 0)
            return say_usage_error(_("--format must be text or csv (got '%s')"), args->format_text);
        return 0;
    }
    opt->format = opt->n > NQ_MAX_N ? FORMAT_LINE : FORMAT_BOARD;
    if (args->format_text) {
        if (!strcmp(args->format_text, "line"))
            opt->format = FORMAT_LINE;
        else if (!strcmp(args->format_text, "board"))
            opt->format = FORMAT_BOARD;
        else if (!strcmp(args->format_text, "coords"))
            opt->format = FORMAT_COORDS;
        else if (!strcmp(args->format_text, "json"))
            opt->format = FORMAT_JSON;
        else if (find && !strcmp(args->format_text, "none"))
            opt->format = FORMAT_NONE;
        else
            return find ? say_usage_error(_("--format must be board, line, coords, json or none (got '%s')"),
                                      args->format_text)
                        : say_usage_error(_("--format must be board, line, coords or json (got '%s')"), args->format_text);
    }
    if (opt->format == FORMAT_BOARD && opt->n > NQ_MAX_N)
        return say_usage_error(_("--format board draws at most a 64 x 64 board (N is %d): use --format line or none"),
                           opt->n);
    return 0;
}

/* Ends the program (an engine bug) unless cols is a solution with the pinned queen; what names the
 * board in the message. */
static void verify_or_die(const cli_options *opt, const int *cols, const char *what)
{
    nq_fault fault;
    const nq_square *first = opt->has_first ? &opt->first : NULL;
    if (!nq_verify(opt->n, cols, first, &fault)) {
        char why[200];
        nq_fault_describe(&fault, opt->n, cols, first, why, sizeof why);
        internal_error("%s failed verification: %s", what, why);
    }
}

/* Prints one solution after verifying it; a solution that fails is an engine bug. Returns
 * whether the output is still being written (see output_ok()). */
static bool print_solution(const cli_options *opt, const int *cols, uint64_t k)
{
    verify_or_die(opt, cols, "a solution");
    if (opt->format == FORMAT_NONE)
        return true;
    /* A unique board says how many distinct boards its class holds, in every format. */
    int class_size = opt->unique ? nq_symmetry_classify(opt->n, cols).size : 0;
    char heading[64];
    snprintf(heading, sizeof heading, class_size ? "Unique solution %llu (class of %d)" : "Solution %llu",
             (unsigned long long)k, class_size);
    if (opt->format == FORMAT_LINE) {
        if (class_size)
            printf("class of %d: ", class_size);
        nq_line_write(stdout, opt->n, cols);
        return output_ok();
    }
    if (opt->format == FORMAT_COORDS) { /* the set of its squares, (column, row), 1-based */
        if (k)
            printf("%s: ", heading);
        for (int r = 0; r < opt->n; r++)
            printf("%s(%d, %d)", r ? ", " : "{", cols[r] + 1, r + 1);
        puts("}");
        return output_ok();
    }
    if (opt->format == FORMAT_JSON) { /* one object a line; find's solution has no index */
        printf("{\"n\": %d, \"index\": ", opt->n);
        if (k)
            printf("%llu", (unsigned long long)k);
        else
            fputs("null", stdout);
        if (class_size)
            printf(", \"unique\": true, \"class\": %d", class_size);
        fputs(", \"columns\": [", stdout);
        for (int r = 0; r < opt->n; r++)
            printf("%s%d", r ? ", " : "", cols[r] + 1);
        puts("]}");
        return output_ok();
    }
    if (k)
        printf("%s:\n", heading);
    nq_board_write(stdout, opt->n, cols);
    putchar('\n');
    return output_ok();
}

/* A long run a person may watch: its progress line (see progress.h), and the flag Ctrl+C sets to
 * stop it. It must stay where it is while the run goes on: the run points into it. */
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
        internal_error("the index and the iterator disagree on solution %llu", (unsigned long long)opt->from);
    return REACHED;
}

static int run_list(const cli_options *opt)
{
    nq_enum e;
    nq_enum_init(&e, opt->n, opt->has_first ? &opt->first : NULL);
    int cols[NQ_MAX_N];
    uint64_t k = opt->from, total = 0;
    reach where;
    if (k == 1 || opt->n > COUNT_MAX_N)
        where = walk_to(opt, &e, k, cols, &total);
    else if (!walk_within_budget(opt, &e, k, cols, &where, &total))
        where = count_to(opt, &e, cols, &total);
    if (where == INTERRUPTED)
        return PROGRESS_INTERRUPTED;
    if (where == NO_SOLUTION) {
        if (opt->format != FORMAT_JSON) /* scripts read no object: no solution */
            puts("No solution!");
        return 0;
    }
    if (where == PAST_THE_END)
        return opt->unique ? say_usage_error(_("--from %llu is past the last unique solution: there are %llu, so K goes "
                                           "from 1 to %llu"),
                                         (unsigned long long)k, (unsigned long long)total, (unsigned long long)total)
                           : say_usage_error(_("--from %llu is past the last solution: there are %llu, so K goes from 1 "
                                           "to %llu"),
                                         (unsigned long long)k, (unsigned long long)total, (unsigned long long)total);
    for (uint64_t printed = 1; print_solution(opt, cols, k) && printed < opt->limit; printed++)
        if (!next_solution(opt, &e, cols, ++k))
            break;
    return 0;
}

/* find --method minconflicts: one run from the seed, told on stderr, exit 3 when its budget runs out. */
static int run_find_minconflicts(const cli_options *opt, int *cols)
{
    const nq_plan *plan = &opt->plan;
    nq_mc_result r = nq_mc_find(opt->n, opt->has_first ? &opt->first : NULL, plan->seed, plan->budget, cols);
    if (!r.solved)
        return no_solution(_("min-conflicts: no solution within its budget of %llu moves (seed %llu); raise it "
                           "with --budget or try another --seed"),
                           (unsigned long long)plan->budget, (unsigned long long)plan->seed);
    print_solution(opt, cols, 0);
    fprintf(stderr, _("min-conflicts: solved in %llu moves (seed %llu)\n"), (unsigned long long)r.moves,
            (unsigned long long)plan->seed);
    return 0;
}

static int run_find(const cli_options *opt)
{
    int *cols = malloc((size_t)opt->n * sizeof *cols);
    if (!cols)
        return failure(_("out of memory for a board of %d rows"), opt->n);
    if (opt->has_method) {
        int status = run_find_minconflicts(opt, cols);
        free(cols);
        return status;
    }
    bool found = nq_find(opt->n, opt->has_first ? &opt->first : NULL, cols);
    if (found)
        print_solution(opt, cols, 0);
    else if (opt->format != FORMAT_NONE && opt->format != FORMAT_JSON)
        puts("No solution!");
    free(cols);
    return found || opt->format != FORMAT_NONE ? 0 : EXIT_NO_SOLUTION;
}

/* The method's name as the figures say it: "forward checking". */
static void print_method_name(nq_method method, int width)
{
    char name[32];
    snprintf(name, sizeof name, "%s", nq_method_title(method));
    name[0] = (char)(name[0] - 'A' + 'a'); /* every title starts with a capital */
    printf("%-*s", width, name);
}

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
    print_method_name(e.method, 0);
    printf("\nsolutions: %llu\n", (unsigned long long)e.solutions);
    printf("%s: %llu\n", nq_basis_placed_words(e.basis), (unsigned long long)e.nodes);
    printf("failures: %llu (%llu %s, %llu wipe-outs)\n", (unsigned long long)nq_failures(e.dead_ends, e.wipe_outs),
           (unsigned long long)e.dead_ends, nq_basis_failed_words(e.basis), (unsigned long long)e.wipe_outs);
    printf("squares crossed off: %llu\n", (unsigned long long)e.crossed);
    printf("time: %.3f s\n", e.seconds);
    return 0;
}

/* compare: every method on the board, one line each. */
static int run_compare(const cli_options *opt)
{
    printf("%-18s %14s %14s %14s %12s %12s %10s\n", "method", "queens_placed", "failures", "crossed_off",
           "solutions", "median_moves", "seconds");
    for (int m = 0; m < NQ_METHOD_COUNT && output_ok(); m++) {
        nq_plan plan = opt->plan;
        plan.method = (nq_method)m;
        nq_run run = {.threads = opt->threads};
        nq_effort e = nq_effort_run(&plan, &run);
        print_method_name(e.method, 18);
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

static int run_count(const cli_options *opt, bool unique)
{
    if (opt->journal) {
        resume_request r = {opt->n, opt->has_first ? &opt->first : NULL, unique, opt->threads, opt->journal,
                            opt->quiet};
        return resume_count(&r);
    }
    progress_watch w;
    progress_start(&w.line, opt->quiet, "count %d", opt->n);
    nq_count_options options = {opt->has_first ? &opt->first : NULL, unique, progress_watch_begin(&w, opt->threads)};
    double start = nq_clock_seconds();
    nq_count_result result = nq_count(opt->n, &options);
    double seconds = nq_clock_seconds() - start;
    int status = progress_watch_end(&w, result.complete);
    if (status)
        return status;
    nq_count_figures total = {result.solutions, result.unique, result.nodes, result.dead_ends, result.basis};
    resume_print(&total, unique, result.unique, seconds);
    return 0;
}

static int run_table(const cli_args *args, const cli_options *opt)
{
    int last = 0;
    int status = parse_size(args->positional[1], "TO", NQ_MAX_N, &last);
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
    for (int n = opt->n; n <= last && complete && output_ok(); n++) {
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
    internal_error("a reject attacked along line %d", (int)line);
}

/* Writes the count and then the word for one or for many: "1 solution", "4 solutions". */
static void print_count(uint64_t count, const char *one, const char *many)
{
    printf("%llu %s", (unsigned long long)count, count == 1 ? one : many);
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
        internal_error("a trace step of kind %d", (int)s->kind);
    }
}

/* The text of the done step: the method's figures, those of the row search (nq/figures.h). */
static void print_done(const nq_trace *t, const nq_step *s)
{
    fputs("done ", stdout);
    print_count(s->solution, "solution", "solutions");
    fputs(", ", stdout);
    print_count(t->nodes, "queen placed", nq_basis_placed_words(NQ_BASIS_ROW_SEARCH));
    fputs(", ", stdout);
    switch ((nq_method)t->method) {
    case NQ_METHOD_BACKTRACK:
        print_count(t->dead_ends, "dead end", nq_basis_failed_words(NQ_BASIS_ROW_SEARCH));
        break;
    case NQ_METHOD_FORWARD:
    case NQ_METHOD_FIRSTFAIL:
        print_count(t->wipe_outs, "wipe-out", "wipe-outs");
        fputs(", ", stdout);
        print_count(t->crossed, "square crossed off", "squares crossed off");
        break;
    default:
        print_count(t->moves, "move", "moves");
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
        verify_or_die(opt, t->cols, "a solution of the trace");
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
                internal_error("a trace step of kind %d", (int)s->kind);
        }
        return output_ok();
    }
    printf("%llu ", (unsigned long long)k);
    switch ((nq_step_kind)s->kind) {
    case NQ_STEP_TRY:
        printf("try row %d, column %d\n", row, column);
        break;
    case NQ_STEP_REJECT:
        printf("reject row %d, column %d: attacked along the %s by the queen at column %d, row %d\n", row,
               column, nq_line_name((nq_line)s->line), s->by_column + 1, s->by_row + 1);
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
        printf(" crossed off by the queen at column %d, row %d\n", s->by_column + 1, s->by_row + 1);
        break;
    case NQ_STEP_WIPE_OUT:
        printf("wipe_out row %d: no square left after the queen at column %d, row %d\n", row, s->by_column + 1,
               s->by_row + 1);
        break;
    case NQ_STEP_SELECT:
        printf("select row %d: ", row);
        print_count((uint64_t)__builtin_popcountll(s->squares), "square left", "squares left");
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
        internal_error("a trace step of kind %d", (int)s->kind);
    }
    return output_ok();
}

/* Steps the trace skips between looks at the clock while it goes to --from K. */
enum { SKIP_BUDGET = 1 << 20 };

/* Prints steps K to K + M - 1 of the watched search; step 1 is the first the iterator returns. */
static int run_trace(const cli_options *opt)
{
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
         !output_ok()))
        return 0;
    for (uint64_t printed = 1; print_step(opt, &t, &step, k) && printed < opt->limit; printed++, k++)
        if (!nq_trace_next(&t, &step))
            break;
    return 0;
}

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
    print_count(total, "solution", "solutions");
    printf(": %s\n", agree ? "yes" : "no");
}

/* heatmap: every square's number, then the row and column sums checked against the total. */
static int run_heatmap(const cli_options *opt)
{
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
    for (int row = 0; row < n && output_ok(); row++) {
        printf("%*d", label, row + 1);
        for (int column = 0; column < n; column++) {
            uint64_t count;
            if (!nq_heatmap_get(map, (nq_square){column, row}, &count))
                internal_error("a complete heatmap does not know column %d, row %d", column + 1, row + 1);
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
        return failure(_("the heatmap's rows or columns do not sum to its %llu solutions"), (unsigned long long)total);
    return 0;
}

/* Runs the command; bad input never gets as far as the work. */
static int run(int argc, char **argv)
{
    if (!say_choose_language(&argc, argv))
        return EXIT_USAGE;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            print_usage();
            return 0;
        }
    }
    if (argc < 2)
        return say_usage_error(
            _("missing command: count, list, table, find, trace, compare or heatmap; see nqueens-cli --help"));
    const char *command = argv[1];
    if (!strcmp(command, "-h") || !strcmp(command, "help")) {
        print_usage();
        return 0;
    }
    if (!strcmp(command, "--version")) {
        puts("nqueens-cli " NQ_VERSION);
        return 0;
    }
    if (strcmp(command, "count") && strcmp(command, "list") && strcmp(command, "table") &&
        strcmp(command, "find") && strcmp(command, "trace") && strcmp(command, "compare") &&
        strcmp(command, "heatmap"))
        return say_usage_error(_("unknown command '%s': use count, list, table, find, trace, compare or heatmap; see "
                           "nqueens-cli --help"),
                           command);
    cli_args args;
    cli_options opt;
    int status = split_args(argc, argv, &args);
    if (!status)
        status = check_options(&args, &opt);
    if (status)
        return status;
    if (!strcmp(command, "count"))
        return opt.has_method ? run_count_method(&opt) : run_count(&opt, args.unique);
    if (!strcmp(command, "compare"))
        return run_compare(&opt);
    if (!strcmp(command, "heatmap"))
        return run_heatmap(&opt);
    if (!strcmp(command, "list"))
        return run_list(&opt);
    if (!strcmp(command, "find"))
        return run_find(&opt);
    if (!strcmp(command, "trace"))
        return run_trace(&opt);
    return run_table(&args, &opt);
}

int main(int argc, char **argv)
{
    return finish_output(run(argc, argv));
}
