/*
 * command.h -- what nqueens-cli's commands share: the command line as parsed and checked, the row
 * each command gives the command table, and the output every command writes the same way.
 *
 * Each command lives in a file of its own (cmd_count.c, cmd_list.c, ...), which ends with its
 * cli_command: its name, the options it takes, the sizes it takes, its usage and help text, the
 * checks only it makes and the work it does. main.c's table lists those rows, and everything that
 * names the commands (the options a command accepts, the checks of N, the list of commands in a
 * message, the usage, the dispatch) reads them from there: a command is added in one file and one
 * line of the table.
 *
 * Main thread only.
 */
#ifndef NQ_CLI_COMMAND_H
#define NQ_CLI_COMMAND_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/method.h"
#include "say.h"

/* Exit statuses besides 0 and EXIT_FAILURE (1: the output cannot be written, or out of memory). */
enum { EXIT_USAGE = SAY_EXIT_USAGE, EXIT_NO_SOLUTION = 3 };

typedef struct cli_command cli_command;

/* Everything the command line says, as text, split (main.c) but not checked yet. */
typedef struct cli_args {
    const cli_command *command;
    const char *positional[2];
    int positional_count;
    const char *first_text, *threads_text, *from_text, *limit_text, *format_text;
    const char *method_text, *seed_text, *budget_text, *journal_text;
    const char *speed_text, *size_text, *theme_text, *output_text; /* gif's */
    bool unique, quiet;
} cli_args;

/* What the command line says, checked: each value is in range for the command. */
typedef struct cli_options {
    int n;
    bool has_first;
    nq_square first;
    int threads;
    uint64_t from, limit;
    nq_plan plan; /* the method, and min-conflicts' seed and budget (--method, --seed, --budget) */
    bool has_method;
    bool unique; /* --unique: count the unique solutions too, or list one board per class */
    bool quiet;  /* no progress line, even on a terminal */
    const char *journal; /* count --journal: the journal's path, or NULL */
    enum { FORMAT_BOARD, FORMAT_LINE, FORMAT_COORDS, FORMAT_JSON, FORMAT_NONE, FORMAT_TEXT, FORMAT_CSV } format;
} cli_options;

/* A command: its row of main.c's table. The checks run in the order main.c's check_options()
 * gives, which decides which mistake is named when a command line holds several; a command's own
 * checks run at their place in that order. */
struct cli_command {
    const char *name;
    const char *options[12];    /* the options it takes, by their whole names */
    int largest_n;              /* N from 1 to this (table: FROM and TO) */
    int positionals;            /* 1: N; 2: FROM TO */
    const char *usage;          /* its usage after "nqueens-cli NAME ", lines after the first
                                   indented by 20 spaces; not translated */
    const char *help;           /* its paragraph of --help after the name, lines after the first
                                   indented by 10 spaces; marked with N_() */
    const char *unique_first;   /* a command with --unique: why it and --first cannot go together
                                   (a whole message, marked with N_()) */
    /* Its own rules of --method (and what goes with it) once opt->plan is made, or NULL: 0, or
     * says what is wrong and returns EXIT_USAGE. */
    int (*check_method)(const cli_args *args, const cli_options *opt);
    /* The last checks: --from, --limit and --format into opt, or NULL (--format's default stays,
     * which only list and find read). 0, or says what is wrong and returns EXIT_USAGE. */
    int (*check_rest)(const cli_args *args, cli_options *opt);
    /* Does the work, the input checked; returns the exit status. */
    int (*run)(const cli_args *args, const cli_options *opt);
};

extern const cli_command cmd_count, cmd_list, cmd_table, cmd_find, cmd_trace, cmd_compare, cmd_heatmap;
#ifdef NQ_HAS_GIF
extern const cli_command cmd_gif; /* cmd_gif.c: only in builds with the app, whose drawing it uses */
#endif

/* ---- checks shared by commands ---- */

/* Reads text, a board size from 1 to largest named what ("N", "FROM", "TO"), into *out: 0, or
 * says what is wrong and returns EXIT_USAGE. */
int cli_parse_size(const char *text, const char *what, int largest, int *out);

/* Reads --limit into opt->limit (all when absent): 0, or says what is wrong and returns
 * EXIT_USAGE. */
int cli_check_limit(const cli_args *args, cli_options *opt);

/* Reads --format as the board formats (board, line, coords, json, and none when with_none) into
 * opt->format, after its default (board up to N = 64, line above): 0, or says what is wrong and
 * returns EXIT_USAGE. */
int cli_check_board_format(const cli_args *args, cli_options *opt, bool with_none);

/* ---- messages ---- */

/* Says why the work could not be done; returns EXIT_FAILURE. */
__attribute__((format(printf, 1, 2))) int cli_failure(const char *fmt, ...);

/* Says why a search ended without a solution; returns EXIT_NO_SOLUTION. */
__attribute__((format(printf, 1, 2))) int cli_no_solution(const char *fmt, ...);

/* Says that the engine broke its word, and aborts: a bug, not something a user can mend. */
__attribute__((format(printf, 1, 2), noreturn)) void cli_internal_error(const char *fmt, ...);

/* ---- output: every write to stdout is checked ---- */

/* Whether everything printed on stdout so far went out (as far as stdio knows); call it after
 * each piece of output. On the first failure it remembers errno, which the failed write set. */
bool cli_output_ok(void);

/* Flushes stdout and turns a failed write into one line on stderr and EXIT_FAILURE; otherwise
 * returns status. Called once, as the command ends. */
int cli_finish_output(int status);

/* Ends the program (an engine bug) unless cols is a solution with the pinned queen; what names the
 * board in the message. */
void cli_verify(const cli_options *opt, const int *cols, const char *what);

/* Prints one solution, the k-th in order (0: find's, which has no number), in opt->format after
 * verifying it. Returns whether the output is still being written (see cli_output_ok()). */
bool cli_print_solution(const cli_options *opt, const int *cols, uint64_t k);

/* Writes the count and then the word for one or for many: "1 solution", "4 solutions". */
void cli_print_count(uint64_t count, const char *one, const char *many);

/* Writes the method's name as the figures say it, "forward checking", left-aligned in width
 * columns (0: as long as it is). */
void cli_print_method_name(nq_method method, int width);

#endif
