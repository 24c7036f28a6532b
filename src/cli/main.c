/*
 * nqueens-cli -- the engine for scripts: count, list, table, find, trace, compare, heatmap.
 *
 * This file reads the command line and hands it to the command it names; each command is a file
 * of its own (command.h). The table below lists them in the order --help gives them, and is the
 * one place that knows which commands there are: the options each takes, the sizes it takes, the
 * list of commands a message names, the usage and the dispatch all come from it, as git's git.c
 * does with its commands[].
 *
 * Arguments are parsed completely and checked before any work starts, so bad input prints one
 * line on stderr, exits 2, and nothing else; what the user typed is echoed with control characters
 * escaped, so that message stays one line. When a line holds several mistakes, the checks' order
 * (check_options()) decides which is named.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "nq/board.h"
#include "nq/i18n.h"
#include "nq/method.h"
#include "say.h"

#ifndef NQ_VERSION
#define NQ_VERSION "unknown"
#endif

enum { MAX_THREADS = 256 };

/* The commands, in the order of --help. */
static const cli_command *const commands[] = {
    &cmd_count, &cmd_list, &cmd_table, &cmd_find, &cmd_trace, &cmd_compare, &cmd_heatmap,
#ifdef NQ_HAS_GIF
    &cmd_gif,
#endif
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

/* The command named name, or NULL. */
static const cli_command *command_named(const char *name)
{
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (!strcmp(commands[i]->name, name))
            return commands[i];
    return NULL;
}

/* The option named by the first length characters of name if the command takes it, else NULL:
 * whole names only, so that "--first --threads" is no option at all. */
static const char *option_named(const cli_command *c, const char *name, size_t length)
{
    for (size_t i = 0; i < sizeof c->options / sizeof c->options[0] && c->options[i]; i++)
        if (strlen(c->options[i]) == length && !strncmp(c->options[i], name, length))
            return c->options[i];
    return NULL;
}

/* Whether the command takes the option (its whole name). */
static bool takes(const cli_command *c, const char *option)
{
    return option_named(c, option, strlen(option)) != NULL;
}

/* The commands' names as a person reads a list of them, "count, list, ... or heatmap", into
 * text (size bytes). */
static void command_list(char *text, size_t size)
{
    /* TRANSLATORS: between two commands' names in a list of them ("count, list, table"). */
    const char *comma = C_("list of commands", ", ");
    /* TRANSLATORS: before the last command's name in a list of them ("trace, compare or heatmap"). */
    const char *last = C_("list of commands", " or ");
    size_t at = 0;
    text[0] = '\0';
    for (int i = 0; i < COMMAND_COUNT && at < size; i++)
        at += (size_t)snprintf(text + at, size - at, "%s%s", i == 0 ? "" : i + 1 < COMMAND_COUNT ? comma : last,
                               commands[i]->name);
}

/* The help: the usage lines come from the commands' rows, and so do their paragraphs. The rest
 * is in pieces that each stay within the length C requires compilers to take. */
static const char *const help_after_commands[] = {
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
    /* TRANSLATORS: the heading of nqueens-cli's usage lines, which follow in English. */
    fputs(_("Usage:\n"), stdout);
    for (int i = 0; i < COMMAND_COUNT; i++)
        printf("  nqueens-cli %-5s %s\n", commands[i]->name, commands[i]->usage);
    fputs("  nqueens-cli --help | --version\n\n", stdout);
    /* TRANSLATORS: the heading of the commands' paragraphs in nqueens-cli --help. */
    fputs(_("Commands:\n"), stdout);
    for (int i = 0; i < COMMAND_COUNT; i++)
        printf("  %-7s %s", commands[i]->name, _(commands[i]->help));
    putchar('\n');
    for (size_t i = 0; i < sizeof help_after_commands / sizeof help_after_commands[0]; i++)
        fputs(_(help_after_commands[i]), stdout);
}

/* Splits argv (after the command, argv[1]) into the command's positional arguments and its
 * options, each option once and only those the command takes. */
static int split_args(int argc, char **argv, const cli_command *c, cli_args *args)
{
    memset(args, 0, sizeof *args);
    args->command = c;
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "-o") && takes(c, "--output"))
            arg = "--output"; /* gif's short name of it */
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            if (args->positional_count == c->positionals)
                return say_usage_error(_("unexpected argument '%s' for '%s'; see nqueens-cli --help"), arg, c->name);
            args->positional[args->positional_count++] = arg;
            continue;
        }
        const char *equals = strchr(arg, '=');
        size_t name_length = equals ? (size_t)(equals - arg) : strlen(arg);
        const char *name = option_named(c, arg, name_length);
        const char *value = NULL;
        if (!name)
            return say_usage_error(_("unknown option '%.*s' for '%s'; see nqueens-cli --help"), (int)name_length, arg,
                                   c->name);
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
                            : !strcmp(name, "--speed")   ? &args->speed_text
                            : !strcmp(name, "--size")    ? &args->size_text
                            : !strcmp(name, "--theme")   ? &args->theme_text
                            : !strcmp(name, "--output")  ? &args->output_text
                                                         : &args->format_text;
        if (*slot)
            return say_usage_error(_("%s is given twice"), name);
        *slot = value;
    }
    if (args->positional_count < c->positionals)
        return c->positionals == 2
                   ? say_usage_error(_("'%s' needs FROM and TO, each a board size from 1 to %d"), c->name, c->largest_n)
                   : say_usage_error(_("'%s' needs N, the board size, a whole number from 1 to %d"), c->name,
                                     c->largest_n);
    return 0;
}

/* Checks --method, --seed and --budget into opt->plan (opt->n and the first queen already set),
 * with the command's own rules of --method. */
static int check_method(const cli_args *args, cli_options *opt)
{
    const cli_command *c = args->command;
    nq_method method = NQ_METHOD_BACKTRACK;
    if (args->method_text && !nq_method_parse(args->method_text, &method))
        return say_usage_error(_("--method must be backtrack, forward, firstfail or minconflicts (got '%s')"),
                               args->method_text);
    opt->has_method = args->method_text != NULL;
    opt->plan = nq_plan_make(opt->n, opt->has_first ? &opt->first : NULL, method);
    int status = c->check_method ? c->check_method(args, opt) : 0;
    if (status)
        return status;
    /* A command without --method (compare) runs min-conflicts among the others: its budget counts. */
    if (args->seed_text && method != NQ_METHOD_MINCONFLICTS)
        return say_usage_error(_("--seed is for --method minconflicts (the other methods use no randomness)"));
    if (args->budget_text && method != NQ_METHOD_MINCONFLICTS && takes(c, "--method"))
        return say_usage_error(_("--budget is for --method minconflicts (the other methods run to their end)"));
    if (args->seed_text && !nq_parse_number(args->seed_text, 0, UINT64_MAX, &opt->plan.seed))
        return say_usage_error(_("--seed must be a whole number of 0 or more (got '%s')"), args->seed_text);
    if (args->budget_text && !nq_parse_number(args->budget_text, 1, UINT64_MAX, &opt->plan.budget))
        return say_usage_error(_("--budget must be a whole number of moves, 1 or more (got '%s')"), args->budget_text);
    if (!args->budget_text)
        opt->plan.budget = NQ_PLAN_BUDGET;
    return 0;
}

/* Checks every option's value against the allowed range, in the order people read them; the
 * command's own checks of --from, --limit and --format come last. */
static int check_options(const cli_args *args, cli_options *opt)
{
    const cli_command *c = args->command;
    memset(opt, 0, sizeof *opt);
    opt->from = 1;
    opt->limit = UINT64_MAX;
    int status = cli_parse_size(args->positional[0], c->positionals == 2 ? "FROM" : "N", c->largest_n, &opt->n);
    if (status)
        return status;
    if (args->first_text) {
        char err[160];
        if (!nq_square_parse(args->first_text, opt->n, &opt->first, err, sizeof err))
            return say_usage_error(_("--first: %s"), err);
        opt->has_first = true;
    }
    if (args->unique && opt->has_first)
        return say_usage_error("%s", _(c->unique_first));
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
    opt->format = opt->n > NQ_MAX_N ? FORMAT_LINE : FORMAT_BOARD;
    return c->check_rest ? c->check_rest(args, opt) : 0;
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
    char names[256];
    command_list(names, sizeof names);
    if (argc < 2)
        return say_usage_error(_("missing command: %s; see nqueens-cli --help"), names);
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        print_usage();
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        puts("nqueens-cli " NQ_VERSION);
        return 0;
    }
    const cli_command *c = command_named(argv[1]);
    if (!c)
        return say_usage_error(_("unknown command '%s': use %s; see nqueens-cli --help"), argv[1], names);
    cli_args args;
    cli_options opt;
    int status = split_args(argc, argv, c, &args);
    if (!status)
        status = check_options(&args, &opt);
    return status ? status : c->run(&args, &opt);
}

int main(int argc, char **argv)
{
    return cli_finish_output(run(argc, argv));
}
