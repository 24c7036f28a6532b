/*
 * nqueens-cli -- the engine for scripts: count, list, table, find.
 *
 * Arguments are parsed completely and checked before any work starts, so bad input prints one
 * line on stderr, exits 2, and nothing else. Everything the tool prints about a board is 1-based
 * (column, row) and every printed solution has passed nq_verify() first.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nq/board.h"
#include "nq/clock.h"
#include "nq/count.h"
#include "nq/enumerate.h"
#include "nq/find.h"
#include "nq/index.h"

#ifndef NQ_VERSION
#define NQ_VERSION "unknown"
#endif

enum { EXIT_USAGE = 2, MAX_THREADS = 256 };

static const char usage_text[] =
    "Usage:\n"
    "  nqueens-cli count N [--first COL,ROW] [--threads T] [--unique]\n"
    "  nqueens-cli list  N [--first COL,ROW] [--from K] [--limit M] [--format board|line]\n"
    "  nqueens-cli table FROM TO [--threads T]\n"
    "  nqueens-cli find  N [--first COL,ROW] [--format board|line|none]\n"
    "  nqueens-cli --help | --version\n"
    "\n"
    "Commands:\n"
    "  count   Count the solutions of the N x N board (N from 1 to 64) and print\n"
    "          solutions:, unique: (with --unique), nodes: (queens placed), dead ends: (rows\n"
    "          found with every square attacked) and time: (seconds).\n"
    "  list    Print solutions in lexicographic order (by the column of each row, top row\n"
    "          first), each headed 'Solution K:' with K its position in that order.\n"
    "  table   Print N, solutions, unique solutions and seconds for every N from FROM to TO.\n"
    "  find    Print one solution quickly (not necessarily the first in order), for N from\n"
    "          1 to 1000000. Above 64 it is built, not searched for: an explicit\n"
    "          construction, or with --first a local search that repairs a random start.\n"
    "\n"
    "Options:\n"
    "  --first COL,ROW   Pin the first queen at column COL, row ROW (1-based, from the top\n"
    "                    left); only solutions with a queen there count.\n"
    "  --threads T       Threads to count with, 1 to 256 (default: one per core).\n"
    "  --unique          Also count solutions unique under rotation and reflection\n"
    "                    (not with --first: a pinned queen breaks the symmetry).\n"
    "  --from K          Start the list at the K-th solution (default 1).\n"
    "  --limit M         Print at most M solutions (default: all).\n"
    "  --format F        board: the board drawn with Q and . (default up to N = 64);\n"
    "                    line: the 1-based column of each row, top row first (default\n"
    "                    above 64, where a board is too large to draw);\n"
    "                    none (find only): print nothing, only verify the solution.\n"
    "  --help            Print this help.\n"
    "  --version         Print the version.\n"
    "\n"
    "With no solution at all, list and find print 'No solution!'.\n"
    "Exit status: 0 on success, 2 on bad input (one line on stderr says what and why).\n";

/* Everything the command line says, checked. */
typedef struct cli_args {
    const char *command;
    const char *positional[2];
    int positional_count;
    const char *first_text, *threads_text, *from_text, *limit_text, *format_text;
    bool unique;
} cli_args;

typedef struct cli_options {
    int n;
    bool has_first;
    nq_square first;
    int threads;
    uint64_t from, limit;
    enum { FORMAT_BOARD, FORMAT_LINE, FORMAT_NONE } format;
} cli_options;

/* Prints "nqueens-cli: <message>" on stderr; returns the exit status for bad input. */
__attribute__((format(printf, 1, 2))) static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("nqueens-cli: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\n", stderr);
    va_end(ap);
    return EXIT_USAGE;
}

/* Which options each command takes. */
static bool takes(const char *command, const char *option)
{
    static const struct {
        const char *command, *options;
    } table[] = {
        {"count", " --first --threads --unique "},
        {"list", " --first --from --limit --format "},
        {"table", " --threads "},
        {"find", " --first --format "},
    };
    char padded[40];
    snprintf(padded, sizeof padded, " %s ", option);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(table[i].command, command))
            return strstr(table[i].options, padded) != NULL;
    return false;
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
                return usage_error("unexpected argument '%s' for '%s'; see nqueens-cli --help", arg,
                                   args->command);
            args->positional[args->positional_count++] = arg;
            continue;
        }
        char name[32];
        const char *value = NULL;
        const char *equals = strchr(arg, '=');
        size_t name_len = equals ? (size_t)(equals - arg) : strlen(arg);
        if (name_len >= sizeof name)
            name_len = sizeof name - 1;
        memcpy(name, arg, name_len);
        name[name_len] = '\0';
        if (!takes(args->command, name))
            return usage_error("unknown option '%s' for '%s'; see nqueens-cli --help", name, args->command);
        if (!strcmp(name, "--unique")) {
            if (equals)
                return usage_error("%s takes no value (got '%s')", name, arg);
            args->unique = true;
            continue;
        }
        if (equals) {
            value = equals + 1;
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            return usage_error("%s needs a value; see nqueens-cli --help", name);
        }
        const char **slot = !strcmp(name, "--first")     ? &args->first_text
                            : !strcmp(name, "--threads") ? &args->threads_text
                            : !strcmp(name, "--from")    ? &args->from_text
                            : !strcmp(name, "--limit")   ? &args->limit_text
                                                         : &args->format_text;
        if (*slot)
            return usage_error("%s is given twice", name);
        *slot = value;
    }
    if (args->positional_count < positional_wanted(args->command))
        return !strcmp(args->command, "table")
                   ? usage_error("'table' needs FROM and TO, each a board size from 1 to 64")
                   : usage_error("'%s' needs N, the board size, a whole number from 1 to %d", args->command,
                                 largest_n(args->command));
    return 0;
}

static int parse_size(const char *text, const char *what, int largest, int *out)
{
    uint64_t value;
    if (!nq_parse_number(text, NQ_MIN_N, (uint64_t)largest, &value))
        return usage_error("%s must be a whole number from 1 to %d (got '%s')", what, largest, text);
    *out = (int)value;
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
            return usage_error("--first: %s", err);
        opt->has_first = true;
    }
    if (args->unique && opt->has_first)
        return usage_error("--unique counts solutions up to rotation and reflection, which a pinned "
                           "queen breaks: drop --first or --unique");
    uint64_t value;
    if (args->threads_text) {
        if (!nq_parse_number(args->threads_text, 1, MAX_THREADS, &value))
            return usage_error("--threads must be a whole number from 1 to 256 (got '%s')", args->threads_text);
        opt->threads = (int)value;
    }
    if (args->from_text && !nq_parse_number(args->from_text, 1, UINT64_MAX, &opt->from))
        return usage_error("--from must be a whole number from 1 up to the number of solutions "
                           "(got '%s')",
                           args->from_text);
    if (args->limit_text && !nq_parse_number(args->limit_text, 1, UINT64_MAX, &opt->limit))
        return usage_error("--limit must be a whole number of at least 1 (got '%s')", args->limit_text);
    bool find = !strcmp(args->command, "find");
    opt->format = opt->n > NQ_MAX_N ? FORMAT_LINE : FORMAT_BOARD;
    if (args->format_text) {
        if (!strcmp(args->format_text, "line"))
            opt->format = FORMAT_LINE;
        else if (!strcmp(args->format_text, "board"))
            opt->format = FORMAT_BOARD;
        else if (find && !strcmp(args->format_text, "none"))
            opt->format = FORMAT_NONE;
        else
            return usage_error("--format must be %s (got '%s')", find ? "board, line or none" : "board or line",
                               args->format_text);
    }
    if (opt->format == FORMAT_BOARD && opt->n > NQ_MAX_N)
        return usage_error("--format board draws at most a 64 x 64 board (N is %d): use --format line or none",
                           opt->n);
    return 0;
}

/* Prints one solution after verifying it; a solution that fails is an engine bug. */
static void print_solution(const cli_options *opt, const int *cols, uint64_t k)
{
    nq_fault fault;
    if (!nq_verify(opt->n, cols, opt->has_first ? &opt->first : NULL, &fault)) {
        char why[200];
        nq_fault_describe(&fault, opt->n, cols, opt->has_first ? &opt->first : NULL, why, sizeof why);
        fprintf(stderr, "nqueens-cli: internal error: a solution failed verification: %s\n", why);
        abort();
    }
    if (opt->format == FORMAT_NONE)
        return;
    if (opt->format == FORMAT_LINE) {
        nq_line_write(stdout, opt->n, cols);
        return;
    }
    if (k)
        printf("Solution %llu:\n", (unsigned long long)k);
    nq_board_write(stdout, opt->n, cols);
    putchar('\n');
}

static int run_count(const cli_options *opt, bool unique)
{
    nq_count_options options = {opt->has_first ? &opt->first : NULL, unique, {.threads = opt->threads}};
    double start = nq_clock_seconds();
    nq_count_result result = nq_count(opt->n, &options);
    double seconds = nq_clock_seconds() - start;
    printf("solutions: %llu\n", (unsigned long long)result.solutions);
    if (unique)
        printf("unique: %llu\n", (unsigned long long)result.unique);
    printf("nodes: %llu\n", (unsigned long long)result.nodes);
    printf("dead ends: %llu\n", (unsigned long long)result.dead_ends);
    printf("time: %.3f s\n", seconds);
    return 0;
}

static int run_list(const cli_options *opt)
{
    const nq_square *first = opt->has_first ? &opt->first : NULL;
    nq_enum e;
    nq_enum_init(&e, opt->n, first);
    int cols[NQ_MAX_N];
    uint64_t k = opt->from;
    if (opt->from > 1) {
        /* Jump straight to the K-th solution through the index, then go on in order from it. */
        nq_index *index = nq_index_build(opt->n, first, opt->threads);
        uint64_t total = nq_index_known(index);
        bool found = nq_index_unrank(index, opt->from, cols);
        nq_index_free(index);
        if (!total) {
            puts("No solution!");
            return 0;
        }
        if (!found) {
            fprintf(stderr,
                    "nqueens-cli: --from %llu is past the last solution: there are %llu, so K goes "
                    "from 1 to %llu\n",
                    (unsigned long long)opt->from, (unsigned long long)total, (unsigned long long)total);
            return EXIT_USAGE;
        }
        print_solution(opt, cols, k++);
        nq_enum_seek(&e, cols);
    } else if (!nq_enum_next(&e, cols)) {
        puts("No solution!");
        return 0;
    } else {
        print_solution(opt, cols, k++);
    }
    for (uint64_t printed = 1; printed < opt->limit && nq_enum_next(&e, cols); printed++)
        print_solution(opt, cols, k++);
    return 0;
}

static int run_find(const cli_options *opt)
{
    int *cols = malloc((size_t)opt->n * sizeof *cols);
    if (!cols) {
        fprintf(stderr, "nqueens-cli: out of memory for a board of %d rows\n", opt->n);
        return 1;
    }
    if (nq_find(opt->n, opt->has_first ? &opt->first : NULL, cols))
        print_solution(opt, cols, 0);
    else
        puts("No solution!");
    free(cols);
    return 0;
}

static int run_table(const cli_args *args, const cli_options *opt)
{
    int last = 0;
    int status = parse_size(args->positional[1], "TO", NQ_MAX_N, &last);
    if (status)
        return status;
    if (last < opt->n)
        return usage_error("TO must not be below FROM (got FROM %s, TO %s)", args->positional[0],
                           args->positional[1]);
    printf("%3s %22s %22s %10s\n", "N", "solutions", "unique", "seconds");
    for (int n = opt->n; n <= last; n++) {
        nq_count_options options = {NULL, true, {.threads = opt->threads}};
        double start = nq_clock_seconds();
        nq_count_result result = nq_count(n, &options);
        double seconds = nq_clock_seconds() - start;
        printf("%3d %22llu %22llu %10.3f\n", n, (unsigned long long)result.solutions,
               (unsigned long long)result.unique, seconds);
        fflush(stdout);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("missing command: count, list, table or find; see nqueens-cli --help");
    const char *command = argv[1];
    if (!strcmp(command, "--help") || !strcmp(command, "-h") || !strcmp(command, "help")) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (!strcmp(command, "--version")) {
        puts("nqueens-cli " NQ_VERSION);
        return 0;
    }
    if (strcmp(command, "count") && strcmp(command, "list") && strcmp(command, "table") &&
        strcmp(command, "find"))
        return usage_error("unknown command '%s': use count, list, table or find; see nqueens-cli --help",
                           command);
    cli_args args;
    cli_options opt;
    int status = split_args(argc, argv, &args);
    if (!status)
        status = check_options(&args, &opt);
    if (status)
        return status;
    if (!strcmp(command, "count"))
        return run_count(&opt, args.unique);
    if (!strcmp(command, "list"))
        return run_list(&opt);
    if (!strcmp(command, "find"))
        return run_find(&opt);
    return run_table(&args, &opt);
}
