/*
 * command.c -- what nqueens-cli's commands share (command.h): the checks several commands make,
 * the messages, and checked output, above all a solution printed in the chosen format.
 *
 * Every write to stdout is checked: output that cannot be written (a full disk, a closed stdout,
 * a reader that went away) ends the work at once with one line on stderr and exit status 1,
 * never a silent success. Everything the tool prints about a board is 1-based (column, row) and
 * every printed solution has passed nq_verify() first.
 */
#include "command.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nq/i18n.h"
#include "nq/symmetry.h"

int cli_parse_size(const char *text, const char *what, int largest, int *out)
{
    uint64_t value;
    if (!nq_parse_number(text, NQ_MIN_N, (uint64_t)largest, &value))
        return say_usage_error(_("%s must be a whole number from 1 to %d (got '%s')"), what, largest, text);
    *out = (int)value;
    return 0;
}

int cli_check_limit(const cli_args *args, cli_options *opt)
{
    if (args->limit_text && !nq_parse_number(args->limit_text, 1, UINT64_MAX, &opt->limit))
        return say_usage_error(_("--limit must be a whole number of at least 1 (got '%s')"), args->limit_text);
    return 0;
}

int cli_check_board_format(const cli_args *args, cli_options *opt, bool with_none)
{
    if (args->format_text) {
        if (!strcmp(args->format_text, "line"))
            opt->format = FORMAT_LINE;
        else if (!strcmp(args->format_text, "board"))
            opt->format = FORMAT_BOARD;
        else if (!strcmp(args->format_text, "coords"))
            opt->format = FORMAT_COORDS;
        else if (!strcmp(args->format_text, "json"))
            opt->format = FORMAT_JSON;
        else if (with_none && !strcmp(args->format_text, "none"))
            opt->format = FORMAT_NONE;
        else
            return with_none ? say_usage_error(_("--format must be board, line, coords, json or none (got '%s')"),
                                               args->format_text)
                             : say_usage_error(_("--format must be board, line, coords or json (got '%s')"),
                                               args->format_text);
    }
    if (opt->format == FORMAT_BOARD && opt->n > NQ_MAX_N)
        return say_usage_error(_("--format board draws at most a 64 x 64 board (N is %d): use --format line or none"),
                               opt->n);
    return 0;
}

int cli_failure(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(fmt, ap);
    va_end(ap);
    return EXIT_FAILURE;
}

int cli_no_solution(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say_v(fmt, ap);
    va_end(ap);
    return EXIT_NO_SOLUTION;
}

void cli_internal_error(const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    cli_failure(_("internal error: %s"), what);
    abort();
}

/* The error of the first write to stdout that failed, 0 while none has. */
static int output_error;

bool cli_output_ok(void)
{
    if (!output_error && ferror(stdout))
        output_error = errno ? errno : EIO;
    return !output_error;
}

int cli_finish_output(int status)
{
    if (fflush(stdout) == EOF && !output_error)
        output_error = errno ? errno : EIO;
    if (!cli_output_ok())
        return cli_failure(_("cannot write the output: %s"), strerror(output_error));
    return status;
}

void cli_verify(const cli_options *opt, const int *cols, const char *what)
{
    nq_fault fault;
    const nq_square *first = opt->has_first ? &opt->first : NULL;
    if (!nq_verify(opt->n, cols, first, &fault)) {
        char why[200];
        nq_fault_describe(&fault, opt->n, cols, first, why, sizeof why);
        cli_internal_error("%s failed verification: %s", what, why);
    }
}

bool cli_print_solution(const cli_options *opt, const int *cols, uint64_t k)
{
    cli_verify(opt, cols, "a solution");
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
        return cli_output_ok();
    }
    if (opt->format == FORMAT_COORDS) { /* the set of its squares, (column, row), 1-based */
        if (k)
            printf("%s: ", heading);
        for (int r = 0; r < opt->n; r++)
            printf("%s(%d, %d)", r ? ", " : "{", cols[r] + 1, r + 1);
        puts("}");
        return cli_output_ok();
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
        return cli_output_ok();
    }
    if (k)
        printf("%s:\n", heading);
    nq_board_write(stdout, opt->n, cols);
    putchar('\n');
    return cli_output_ok();
}

void cli_print_count(uint64_t count, const char *one, const char *many)
{
    printf("%llu %s", (unsigned long long)count, count == 1 ? one : many);
}

void cli_print_method_name(nq_method method, int width)
{
    char name[32];
    snprintf(name, sizeof name, "%s", nq_method_title(method));
    name[0] = (char)(name[0] - 'A' + 'a'); /* every title starts with a capital */
    printf("%-*s", width, name);
}
