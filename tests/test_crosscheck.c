/*
 * test_crosscheck.c -- "queens placed", "dead ends" and "solutions" are the same figures wherever
 * the row search's words stand: on every board from N = 1 to 10, without a pinned queen and with
 * one (every square up to N = 8; the top row, the main diagonal and the bottom row of 9 and 10),
 * these agree:
 *   - nqueens-cli count N --method backtrack   (queens placed:, the dead ends of failures:, solutions:)
 *   - the done line of nqueens-cli trace N     (the same pin)
 *   - nq_effort_run() with NQ_METHOD_BACKTRACK
 *   - the window's Watch at its end (the model on the scripted solver), read from its panel lines
 *   - the window's comparison table, its backtracking row
 * Each source is one entry of `sources` below, which gives its three figures for a list of boards
 * of one size: a source added there (the window's Watch, its comparison table) is checked against
 * the others on every board. The CLI reads its words from nq/figures.h, so its lines are parsed
 * with those words: a label that drifts from the table fails here too.
 * The path of nqueens-cli comes as the first argument.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"
#include "nq/effort.h"
#include "nq/figures.h"
#include "nq/method.h"
#include "panel.h"
#include "proc.h"
#include "solver_script.h"

static const char *cli_path;

/* The row search's three figures of one board. */
typedef struct triple {
    uint64_t placed, dead_ends, solutions;
} triple;

/* A board: its size and its pinned queen, if any. */
typedef struct board {
    int n;
    bool pinned;
    nq_square pin;
} board;

/* The boards of size n the check runs on: the unpinned one first, then the pins. */
enum { MAX_BOARDS = 1 + 10 * 10 };

static int boards_of(int n, board *out)
{
    int count = 0;
    out[count++] = (board){n, false, {0, 0}};
    for (int row = 0; row < n; row++)
        for (int column = 0; column < n; column++)
            if (n <= 8 || row == 0 || row == n - 1 || row == column)
                out[count++] = (board){n, true, {column, row}};
    return count;
}

/* "--first C,R" for a pinned board, "" for the other, into text. */
static void first_option(const board *b, char *text, size_t size)
{
    if (b->pinned)
        snprintf(text, size, " --first %d,%d", b->pin.column + 1, b->pin.row + 1);
    else
        text[0] = '\0';
}

/* Runs `nqueens-cli COMMAND N OPTIONS --first C,R TAIL` for every board in one shell (no --first for
 * the unpinned board; tail: a pipe the output goes through, or "") and returns all they print. */
static char *run_for_each(const board *boards, int count, const char *command, const char *options,
                          const char *tail)
{
    size_t size = strlen(cli_path) + 64 + (size_t)count * (64 + strlen(command) + strlen(options) + strlen(tail));
    char *commands = malloc(size);
    assert_non_null(commands);
    size_t at = (size_t)snprintf(commands, size, "(NQ='%s'; ", cli_path);
    for (int i = 0; i < count; i++) {
        char first[40];
        first_option(&boards[i], first, sizeof first);
        at += (size_t)snprintf(commands + at, size - at, "\"$NQ\" %s %d%s%s%s; ", command, boards[i].n, options, first,
                               tail);
    }
    snprintf(commands + at, size - at, ") </dev/null");
    int status;
    char *out = proc_output(commands, &status);
    assert_non_null(out);
    assert_int_equal(status, 0);
    free(commands);
    return out;
}

/* The value of the line "LABEL: VALUE" at *at (which moves past it); fails unless its label is
 * label. */
static uint64_t labelled(const char **at, const char *label)
{
    const char *line = *at, *end = strchr(line, '\n');
    assert_non_null(end);
    const char *colon = strstr(line, ": ");
    assert_true(colon && colon < end);
    char got[96];
    snprintf(got, sizeof got, "%.*s", (int)(colon - line), line);
    assert_string_equal(got, label);
    *at = end + 1;
    return strtoull(colon + 2, NULL, 10);
}

/* Source: nqueens-cli count N --method backtrack. Its failures: line gives the dead ends in
 * brackets, "failures: F (D dead ends, W wipe-outs)". */
static void from_cli_count(const board *boards, int count, triple *out)
{
    char *text = run_for_each(boards, count, "count", " --method backtrack", "");
    const char *at = text;
    const char *placed = nq_basis_placed_words(NQ_BASIS_ROW_SEARCH);
    const char *dead = nq_basis_failed_words(NQ_BASIS_ROW_SEARCH);
    for (int i = 0; i < count; i++) {
        assert_int_equal(strncmp(at, "method: backtracking\n", 21), 0);
        at += 21;
        out[i].solutions = labelled(&at, "solutions");
        out[i].placed = labelled(&at, placed);
        unsigned long long failures, dead_ends, wipe_outs;
        char words[64];
        assert_int_equal(sscanf(at, "failures: %llu (%llu %63[a-z ], %llu wipe-outs)", &failures, &dead_ends, words,
                                &wipe_outs), 4);
        assert_string_equal(words, dead);
        assert_int_equal(wipe_outs, 0);
        assert_int_equal(failures, nq_failures(dead_ends, wipe_outs));
        out[i].dead_ends = dead_ends;
        at = strchr(at, '\n');
        assert_non_null(at);
        at++;
        labelled(&at, "squares crossed off");
        labelled(&at, "time");
    }
    assert_string_equal(at, "");
    free(text);
}

/* The next number of a done line at *at, then the words after it up to a comma or the line's end,
 * which must be one or many as the number says. */
static uint64_t counted(const char **at, const char *one, const char *many)
{
    char *end;
    uint64_t value = strtoull(*at, &end, 10);
    assert_true(end != *at && *end == ' ');
    size_t length = strcspn(end + 1, ",\n");
    char words[96];
    snprintf(words, sizeof words, "%.*s", (int)length, end + 1);
    assert_string_equal(words, value == 1 ? one : many);
    *at = end + 1 + length + (end[1 + length] == ',' ? 2 : 0);
    return value;
}

/* Source: the done line of nqueens-cli trace N, "K done S solutions, P queens placed, D dead ends". */
static void from_cli_trace(const board *boards, int count, triple *out)
{
    char *text = run_for_each(boards, count, "trace", "", " | tail -n 1");
    const char *at = text;
    for (int i = 0; i < count; i++) {
        const char *done = strstr(at, " done ");
        assert_non_null(done);
        at = done + 6;
        out[i].solutions = counted(&at, "solution", "solutions");
        out[i].placed = counted(&at, "queen placed", nq_basis_placed_words(NQ_BASIS_ROW_SEARCH));
        out[i].dead_ends = counted(&at, "dead end", nq_basis_failed_words(NQ_BASIS_ROW_SEARCH));
        assert_int_equal(*at, '\n');
        at++;
    }
    assert_string_equal(at, "");
    free(text);
}

/* Source: nq_effort_run() with backtracking (on one thread: the test starts none; test_effort
 * checks any number of threads gives the same figures). */
static void from_effort(const board *boards, int count, triple *out)
{
    for (int i = 0; i < count; i++) {
        nq_plan plan = nq_plan_make(boards[i].n, boards[i].pinned ? &boards[i].pin : NULL, NQ_METHOD_BACKTRACK);
        nq_effort e = nq_effort_run(&plan, &(nq_run){.threads = 1});
        assert_true(e.complete);
        assert_string_equal(nq_basis_key(e.basis), nq_basis_key(NQ_BASIS_ROW_SEARCH));
        out[i] = (triple){e.nodes, e.dead_ends, e.solutions};
    }
}

/* The number after "Label: " in a panel line whose label is words (the engine's, capitalised as the
 * window writes them), thousands separators skipped. */
static uint64_t panel_figure(const char *line, const char *words)
{
    char label[128];
    snprintf(label, sizeof label, "%s: ", words);
    label[0] = (char)(label[0] - 'a' + 'A');
    if (strncmp(line, label, strlen(label)) != 0)
        fail_msg("the panel line \"%s\" is not labelled \"%s\"", line, label);
    uint64_t v = 0;
    for (const char *p = line + strlen(label); *p; p++)
        if (*p >= '0' && *p <= '9')
            v = v * 10 + (uint64_t)(*p - '0');
    return v;
}

/* Source: the window's Watch by backtracking, run to its end at full speed, as its panel reads. */
static void from_watch(const board *boards, int count, triple *out)
{
    static ex_panel panel;
    for (int i = 0; i < count; i++) {
        script s;
        script_init(&s);
        explorer ex;
        double now = 1;
        ex_init(&ex, script_solver(&s), NULL, boards[i].n, boards[i].pinned ? &boards[i].pin : NULL, EX_WATCH,
                NQ_METHOD_BACKTRACK, EX_SPEED_MAX, now);
        for (int frames = 0; ex.state == EX_SEARCHING && frames < 100000; frames++)
            ex_update(&ex, now += 1.0 / 64);
        assert_int_equal(ex.state, EX_FINISHED);
        ex_panel_make(&ex, now, &panel);
        assert_true(panel.has[EX_LINE_PLACED] && panel.has[EX_LINE_DEADENDS]);
        out[i].placed = panel_figure(panel.text[EX_LINE_PLACED], nq_basis_placed_words(NQ_BASIS_ROW_SEARCH));
        out[i].dead_ends = panel_figure(panel.text[EX_LINE_DEADENDS], nq_basis_failed_words(NQ_BASIS_ROW_SEARCH));
        out[i].solutions = panel_figure(panel.text[EX_LINE_SOLUTIONS], "solutions");
        ex_free(&ex);
    }
}

/* Source: the window's comparison table of the board, its backtracking row. */
static void from_compare_table(const board *boards, int count, triple *out)
{
    for (int i = 0; i < count; i++) {
        script s, c;
        script_init(&s);
        script_init(&c);
        explorer ex;
        double now = 1;
        ex_init(&ex, script_solver(&s), NULL, boards[i].n, boards[i].pinned ? &boards[i].pin : NULL, EX_WATCH,
                NQ_METHOD_BACKTRACK, 1, now);
        ex_set_comparer(&ex, script_solver(&c));
        ex_act(&ex, EX_ACT_COMPARE, 0, now);
        for (int frames = 0; ex.compare.state == EX_SEARCHING && frames < 1000; frames++)
            ex_update(&ex, now += 1.0 / 64);
        assert_int_equal(ex.compare.state, EX_FINISHED);
        assert_true(ex.compare.known[NQ_METHOD_BACKTRACK]);
        const nq_effort *e = &ex.compare.efforts[NQ_METHOD_BACKTRACK];
        out[i] = (triple){e->nodes, nq_failures(e->dead_ends, e->wipe_outs), e->solutions};
        ex_free(&ex);
    }
}

/* Every source of the row search's figures, by name. */
static const struct {
    const char *name;
    void (*figures)(const board *boards, int count, triple *out);
} sources[] = {
    {"nqueens-cli count --method backtrack", from_cli_count},
    {"nqueens-cli trace (done)", from_cli_trace},
    {"nq_effort_run(backtrack)", from_effort},
    {"the window's Watch at its end", from_watch},
    {"the window's comparison table", from_compare_table},
};
enum { SOURCES = sizeof sources / sizeof sources[0] };

/* Fills figures[s][i] with source s's figures of boards[i], for every source. */
static void gather(const board *boards, int count, triple figures[SOURCES][MAX_BOARDS])
{
    for (int s = 0; s < SOURCES; s++)
        sources[s].figures(boards, count, figures[s]);
}

static void test_every_source_agrees(void **state)
{
    (void)state;
    static triple figures[SOURCES][MAX_BOARDS];
    board boards[MAX_BOARDS];
    for (int n = 1; n <= 10; n++) {
        int count = boards_of(n, boards);
        gather(boards, count, figures);
        for (int i = 0; i < count; i++)
            for (int s = 1; s < SOURCES; s++) {
                const triple *a = &figures[0][i], *b = &figures[s][i];
                if (a->placed == b->placed && a->dead_ends == b->dead_ends && a->solutions == b->solutions)
                    continue;
                char first[40];
                first_option(&boards[i], first, sizeof first);
                fail_msg("N = %d%s: %s gives %llu queens placed, %llu dead ends, %llu solutions; %s gives %llu, "
                         "%llu, %llu",
                         n, first, sources[0].name, (unsigned long long)a->placed, (unsigned long long)a->dead_ends,
                         (unsigned long long)a->solutions, sources[s].name, (unsigned long long)b->placed,
                         (unsigned long long)b->dead_ends, (unsigned long long)b->solutions);
            }
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_crosscheck PATH_TO_NQUEENS_CLI\n");
        return 2;
    }
    cli_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_source_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
