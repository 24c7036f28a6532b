/*
 * test_journal_fuzz.c -- a journal never makes a count wrong. Real journals of small counts
 * (nqueens-cli count N --journal, N = 8 to 12, pinned and not) are mutated thousands of times,
 * each from its own seed: lines swapped in from the journals of other counts, digits changed,
 * lines cut short, dropped, repeated or moved, header lines edited, or several at once. Each
 * mutated file is opened as the journal of its count: it is either refused (with a message that
 * names the line, or says whose count or which format it is), or every part it takes has exactly
 * that part's true figures, so the count that goes on from it (counting the parts it lacks) gives
 * the true total. Every few hundred mutations the whole nqueens-cli count runs on the mutated file
 * too: exit 2, or exit 0 with the true number of solutions.
 * The path of nqueens-cli comes as the first argument; NQ_MUTATIONS changes how many.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "journal.h"
#include "nq/count.h"
#include "proc.h"

enum { COUNTS = 8, DEFAULT_MUTATIONS = 10000, CLI_EVERY = 250, MOST_LINES = 2048, LINE_BYTES = 200 };

static const char *cli_path;
static char dir[] = "/tmp/nq-journal-fuzz-XXXXXX";

/* A real journal of one count, and what that count is. */
typedef struct original {
    int n;
    bool pinned;
    nq_square pin;
    uint64_t solutions;             /* the count's true total */
    journal_count of;               /* as nqueens-cli opens it */
    nq_count_split *split;
    int lines;                      /* the file's lines: the header, then the parts */
    char text[MOST_LINES][LINE_BYTES];
    nq_count_figures *truth;        /* [of.parts]: each part's figures, as counted */
} original;

static original counts[COUNTS];

static uint64_t rng;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A number from 0 to n - 1 (0 when n is not above 0). */
static int pick(int n)
{
    return n > 0 ? (int)(next() % (uint64_t)n) : 0;
}

/* Runs nqueens-cli count on the journal at path for count c; its exit status and solutions. */
static int run_count(const original *c, const char *path, uint64_t *solutions)
{
    char command[1024], first[64] = "";
    if (c->pinned)
        snprintf(first, sizeof first, " --first %d,%d", c->pin.column + 1, c->pin.row + 1);
    int length = snprintf(command, sizeof command, "'%s' count %d%s --journal '%s' --quiet 2>/dev/null </dev/null",
                          cli_path, c->n, first, path);
    assert_true(length > 0 && (size_t)length < sizeof command);
    int status;
    char *out = proc_output(command, &status);
    assert_non_null(out);
    const char *line = strstr(out, "solutions: ");
    *solutions = line ? strtoull(line + 11, NULL, 10) : 0;
    free(out);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Makes count c's journal with nqueens-cli and reads it back, with each part's true figures. */
static void make_original(original *c, int n, const nq_square *pin)
{
    c->n = n;
    c->pinned = pin != NULL;
    if (pin)
        c->pin = *pin;
    char path[128];
    snprintf(path, sizeof path, "%s/original-%d-%d", dir, n, pin ? pin->column * 100 + pin->row : -1);
    unlink(path);
    assert_int_equal(run_count(c, path, &c->solutions), 0);
    assert_true(c->solutions > 0);
    c->split = nq_count_split_new(n, pin);
    assert_non_null(c->split);
    c->of = (journal_count){n, c->pinned, c->pinned ? c->pin : (nq_square){0, 0}, nq_count_split_method(c->split),
                            nq_count_split_parts(c->split), nq_count_split_basis(c->split)};
    c->truth = calloc(c->of.parts, sizeof *c->truth);
    assert_non_null(c->truth);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    c->lines = 0;
    while (c->lines < MOST_LINES && fgets(c->text[c->lines], LINE_BYTES, f)) {
        unsigned long long part, solutions, unique, nodes, dead_ends;
        if (sscanf(c->text[c->lines], "part %llu %llu %llu %llu %llu", &part, &solutions, &unique, &nodes,
                   &dead_ends) == 5) {
            assert_true(part < c->of.parts);
            c->truth[part] = (nq_count_figures){solutions, unique, nodes, dead_ends, c->of.basis};
        }
        c->lines++;
    }
    assert_true(feof(f));
    fclose(f);
    assert_int_equal(c->lines, 6 + (int)c->of.parts); /* the header, then every part once */
}

/* One mutation of count c's lines into out (room for MOST_LINES + 1): returns how many lines.
 * A line may lose its end ("cut"), so the lines are written as they are, newlines included. */
static int mutate(const original *c, char out[][LINE_BYTES], char *what, size_t what_size)
{
    int lines = c->lines;
    memcpy(out, c->text, (size_t)lines * LINE_BYTES);
    int changes = 1 + pick(3), used = 0;
    what[0] = '\0';
    for (int k = 0; k < changes; k++) {
        int at = 6 + pick(lines - 6 > 0 ? lines - 6 : 1); /* a part line (or the first after the header) */
        const original *other = &counts[pick(COUNTS)];
        int kind = pick(8);
        if (kind == 0 && other != c) { /* a line of another count, the same part where it has one */
            int from = 6 + pick(other->lines - 6);
            unsigned long long part;
            if (sscanf(out[at], "part %llu", &part) == 1 && 6 + (int)part < other->lines)
                from = 6 + (int)part;
            snprintf(out[at], LINE_BYTES, "%s", other->text[from]);
        } else if (kind == 1) { /* a digit changed */
            char *line = out[at];
            size_t length = strlen(line);
            size_t i = (size_t)pick((int)length);
            if (line[i] >= '0' && line[i] <= '9')
                line[i] = (char)('0' + (line[i] - '0' + 1 + pick(9)) % 10);
            else
                line[i] = (char)('0' + pick(10));
        } else if (kind == 2) { /* cut short: the file ends in the middle of the line */
            out[at][pick((int)strlen(out[at]))] = '\0';
            lines = at + 1;
        } else if (kind == 3 && lines < MOST_LINES) { /* a line repeated */
            memmove(out[at + 1], out[at], (size_t)(lines - at) * LINE_BYTES);
            lines++;
        } else if (kind == 4 && lines > 7) { /* a line dropped */
            memmove(out[at], out[at + 1], (size_t)(lines - at - 1) * LINE_BYTES);
            lines--;
        } else if (kind == 5) { /* two lines swapped */
            int with = 6 + pick(lines - 6 > 0 ? lines - 6 : 1);
            char keep[LINE_BYTES];
            memcpy(keep, out[at], LINE_BYTES);
            memcpy(out[at], out[with], LINE_BYTES);
            memcpy(out[with], keep, LINE_BYTES);
        } else if (kind == 6) { /* a header line edited: a digit of n, first or parts, or another count's */
            int line = 2 + pick(4);
            if (pick(2))
                snprintf(out[line], LINE_BYTES, "%s", other->text[line]);
            else
                for (char *p = out[line]; *p; p++)
                    if (*p >= '0' && *p <= '9') {
                        *p = (char)('0' + (*p - '0' + 1) % 10);
                        break;
                    }
        } else { /* a line of the same count moved to the end */
            if (lines < MOST_LINES) {
                memcpy(out[lines], out[at], LINE_BYTES);
                memmove(out[at], out[at + 1], (size_t)(lines - at) * LINE_BYTES);
            }
        }
        used += snprintf(what + used, what_size - (size_t)used, "%s%d@%d", k ? "+" : "", kind, at + 1);
    }
    return lines;
}

static void write_lines(const char *path, char lines[][LINE_BYTES], int count)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i < count; i++)
        fputs(lines[i], f);
    assert_int_equal(fclose(f), 0);
}

static void test_no_mutated_journal_makes_a_count_wrong(void **state)
{
    (void)state;
    static const struct {
        int n, column, row; /* column -1: no pin */
    } boards[COUNTS] = {{8, -1, 0}, {9, -1, 0}, {10, -1, 0}, {11, -1, 0}, {12, -1, 0},
                        {8, 0, 0},  {10, 1, 0}, {12, 2, 1}};
    for (int i = 0; i < COUNTS; i++) {
        nq_square pin = {boards[i].column, boards[i].row};
        make_original(&counts[i], boards[i].n, boards[i].column < 0 ? NULL : &pin);
    }
    const char *many = getenv("NQ_MUTATIONS");
    int mutations = many ? atoi(many) : DEFAULT_MUTATIONS;
    static char lines[MOST_LINES + 1][LINE_BYTES];
    char path[128], what[128];
    snprintf(path, sizeof path, "%s/mutated", dir);
    int refused = 0, taken = 0;
    for (int m = 1; m <= mutations; m++) {
        rng = (uint64_t)m * 0x9e3779b97f4a7c15u + 1;
        const original *c = &counts[pick(COUNTS)];
        int count = mutate(c, lines, what, sizeof what);
        write_lines(path, lines, count);
        journal j;
        char message[1024] = "";
        journal_status status = journal_open(&j, path, &c->of, message, sizeof message);
        if (status != JOURNAL_OK) {
            if (status != JOURNAL_BAD ||
                !(strstr(message, "line ") || strstr(message, "is of 'count") || strstr(message, "format")))
                fail_msg("mutation %d (%s) of count %d: refused without naming the line: '%s'", m, what, c->n, message);
            refused++;
        } else {
            nq_count_figures sum = {0, 0, 0, 0, c->of.basis};
            for (uint64_t part = 0; part < c->of.parts; part++)
                if (journal_has(&j, part))
                    nq_count_figures_add(&sum, &c->truth[part]);
            if (sum.solutions != j.sum.solutions || sum.nodes != j.sum.nodes || sum.dead_ends != j.sum.dead_ends ||
                sum.unique != j.sum.unique)
                fail_msg("mutation %d (%s, NQ_MUTATIONS=%d replays up to it) of count %d took figures that are not "
                         "its parts': %llu solutions, %llu nodes, %llu dead ends on file; %llu, %llu, %llu true",
                         m, what, m, c->n, (unsigned long long)j.sum.solutions, (unsigned long long)j.sum.nodes,
                         (unsigned long long)j.sum.dead_ends, (unsigned long long)sum.solutions,
                         (unsigned long long)sum.nodes, (unsigned long long)sum.dead_ends);
            journal_close(&j);
            taken++;
        }
        if (m % CLI_EVERY == 0) { /* the whole program on the same file */
            write_lines(path, lines, count);
            uint64_t solutions = 0;
            int exit_status = run_count(c, path, &solutions);
            if (!(exit_status == 2 || (exit_status == 0 && solutions == c->solutions)))
                fail_msg("mutation %d (%s) of count %d: nqueens-cli exited %d with %llu solutions, not %llu", m, what,
                         c->n, exit_status, (unsigned long long)solutions, (unsigned long long)c->solutions);
        }
    }
    print_message("%d mutated journals: %d refused with the line named, %d taken with only true figures\n", mutations,
                  refused, taken);
    assert_true(refused > 0 && taken > 0);
    for (int i = 0; i < COUNTS; i++) {
        free(counts[i].truth);
        nq_count_split_free(counts[i].split);
    }
    unlink(path);
}

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    return system(command) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_journal_fuzz PATH/nqueens-cli\n");
        return 2;
    }
    cli_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_mutated_journal_makes_a_count_wrong),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
