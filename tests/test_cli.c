/*
 * test_cli.c -- nqueens-cli as a script would use it: the exact text of its output, and for every
 * kind of bad input exit status 2, one line on stderr naming the problem, nothing on stdout.
 * The path of the binary comes as the first argument.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <errno.h>

#include "brute.h"
#include "proc.h"
#include "nq/count.h"
#include "nq/effort.h"
#include "nq/figures.h"
#include "nq/minconflicts.h"
#include "nq/symmetry.h"
#include "nq/trace.h"

static const char *cli_path;

typedef struct run_result {
    int status;
    char *out;
    char *err;
} run_result;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    return text;
}

/* Runs a shell script in which $NQ is the path of nqueens-cli, and collects what it prints. */
static run_result run_script(const char *script)
{
    char out_path[] = "/tmp/nq-cli-out-XXXXXX", err_path[] = "/tmp/nq-cli-err-XXXXXX";
    int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
    assert_true(out_fd >= 0 && err_fd >= 0);
    close(out_fd);
    close(err_fd);
    char command[1024];
    snprintf(command, sizeof command, "(NQ='%s'; %s) >%s 2>%s </dev/null", cli_path, script, out_path, err_path);
    int raw = system(command);
    assert_true(WIFEXITED(raw));
    run_result r = {WEXITSTATUS(raw), slurp(out_path), slurp(err_path)};
    unlink(out_path);
    unlink(err_path);
    return r;
}

/* Runs nqueens-cli with the arguments (already shell-quoted where needed). */
static run_result run(const char *args)
{
    char script[512];
    snprintf(script, sizeof script, "\"$NQ\" %s", args);
    return run_script(script);
}

static void release(run_result *r)
{
    free(r->out);
    free(r->err);
}

static void test_list_four_is_the_design_example(void **state)
{
    (void)state;
    run_result r = run("list 4");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "Solution 1:\n"
                               "   1  2  3  4\n"
                               "1  .  Q  .  .\n"
                               "2  .  .  .  Q\n"
                               "3  Q  .  .  .\n"
                               "4  .  .  Q  .\n"
                               "\n"
                               "Solution 2:\n"
                               "   1  2  3  4\n"
                               "1  .  .  Q  .\n"
                               "2  Q  .  .  .\n"
                               "3  .  .  .  Q\n"
                               "4  .  Q  .  .\n"
                               "\n");
    assert_string_equal(r.err, "");
    release(&r);
}

/* The lines the reference gives for the board, optionally pinned, from solution `from` on. */
static char *expected_lines(int n, const nq_square *first, size_t from, size_t limit)
{
    brute_list list = brute_solutions(n);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    size_t k = 0, printed = 0;
    for (size_t i = 0; i < list.size && printed < limit; i++) {
        if (first && !brute_has(&list, i, *first))
            continue;
        if (++k < from)
            continue;
        for (int r = 0; r < n; r++)
            fprintf(out, r ? " %d" : "%d", brute_at(&list, i)[r] + 1);
        fputc('\n', out);
        printed++;
    }
    fclose(out);
    brute_free(&list);
    return text;
}

static void test_list_lines_with_first_queen(void **state)
{
    (void)state;
    run_result r = run("list 8 --first 1,2 --format line");
    assert_int_equal(r.status, 0);
    char *expected = expected_lines(8, &(nq_square){0, 1}, 1, SIZE_MAX);
    assert_string_equal(r.out, expected);
    free(expected);
    release(&r);

    r = run("list 10 --from 700 --limit 5 --format=line");
    assert_int_equal(r.status, 0);
    expected = expected_lines(10, NULL, 700, 5);
    assert_string_equal(r.out, expected);
    free(expected);
    release(&r);

    r = run("list 9 --first 5,5 --from 3 --format line");
    assert_int_equal(r.status, 0);
    expected = expected_lines(9, &(nq_square){4, 4}, 3, SIZE_MAX);
    assert_string_equal(r.out, expected);
    free(expected);
    release(&r);
}

static void test_list_from_numbers_the_boards(void **state)
{
    (void)state;
    run_result r = run("list 8 --from 91");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Solution 91:\n"));
    assert_non_null(strstr(r.out, "Solution 92:\n"));
    assert_null(strstr(r.out, "Solution 90:\n"));
    assert_null(strstr(r.out, "Solution 93:\n"));
    release(&r);
}

static void test_no_solution(void **state)
{
    (void)state;
    static const char *commands[] = {"list 3", "list 2 --format line", "find 3", "list 4 --first 1,1",
                                     "find 6 --first 1,1", "list 3 --from 2"};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        run_result r = run(commands[i]);
        assert_int_equal(r.status, 0);
        if (strcmp(r.out, "No solution!\n") != 0)
            fail_msg("'%s' printed '%s'", commands[i], r.out);
        release(&r);
    }
}

static void test_count_and_table(void **state)
{
    (void)state;
    run_result r = run("count 8 --unique");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "solutions: 92\nunique: 12\nqueens placed (symmetry shortcut): "));
    assert_non_null(strstr(r.out, "\ntime: "));
    release(&r);

    r = run("count 10 --first 3,4 --threads 2");
    assert_int_equal(r.status, 0);
    brute_list list = brute_solutions(10);
    size_t expected = 0;
    for (size_t i = 0; i < list.size; i++)
        expected += (size_t)brute_has(&list, i, (nq_square){2, 3});
    brute_free(&list);
    char line[64];
    snprintf(line, sizeof line, "solutions: %zu\n", expected);
    assert_non_null(strstr(r.out, line));
    assert_null(strstr(r.out, "unique"));
    release(&r);

    r = run("table 1 10");
    assert_int_equal(r.status, 0);
    static const unsigned long solutions[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    static const unsigned long unique[] = {1, 0, 0, 1, 2, 1, 6, 12, 46, 92};
    const char *p = strchr(r.out, '\n');
    assert_non_null(p);
    for (int n = 1; n <= 10; n++) {
        int got_n;
        unsigned long got_s, got_u;
        double seconds;
        assert_int_equal(sscanf(p + 1, "%d %lu %lu %lf", &got_n, &got_s, &got_u, &seconds), 4);
        assert_int_equal(got_n, n);
        assert_int_equal(got_s, solutions[n - 1]);
        assert_int_equal(got_u, unique[n - 1]);
        p = strchr(p + 1, '\n');
        assert_non_null(p);
    }
    assert_string_equal(p, "\n");
    release(&r);
}

/* count labels its two work figures with the words of their basis (nq/figures.h), which says
 * what its search counted: queens placed and dead ends of the search by classes up to N = 13, the
 * partial boards built and the pairs that did not fit by halves from 14 (with --first: even N from
 * 16). The figures are nq_count()'s. */
static void test_count_labels_what_it_counted(void **state)
{
    (void)state;
    static const struct {
        const char *args;
        int n;
        bool pinned;
        nq_square first;
        nq_basis basis;
    } counts[] = {
        {"count 8", 8, false, {0, 0}, NQ_BASIS_CLASSES},
        {"count 8 --first 1,2", 8, true, {0, 1}, NQ_BASIS_CLASSES},
        {"count 14", 14, false, {0, 0}, NQ_BASIS_HALVES},
        {"count 15 --first 2,1 --threads 2", 15, true, {1, 0}, NQ_BASIS_CLASSES},
        {"count 16 --first 1,1 --threads 2", 16, true, {0, 0}, NQ_BASIS_HALVES},
    };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        nq_count_options options = {counts[i].pinned ? &counts[i].first : NULL, false, {.threads = 1}};
        nq_count_result c = nq_count(counts[i].n, &options);
        assert_string_equal(nq_basis_key(c.basis), nq_basis_key(counts[i].basis));
        char want[256];
        snprintf(want, sizeof want, "solutions: %llu\n%s: %llu\n%s: %llu\ntime: ", (unsigned long long)c.solutions,
                 nq_basis_placed_words(c.basis), (unsigned long long)c.nodes, nq_basis_failed_words(c.basis),
                 (unsigned long long)c.dead_ends);
        run_result r = run(counts[i].args);
        assert_int_equal(r.status, 0);
        r.out[strnlen(r.out, strlen(want))] = '\0'; /* up to the time */
        assert_string_equal(r.out, want);
        if (i == 0) /* the words themselves, once */
            assert_string_equal(r.out, "solutions: 92\nqueens placed (symmetry shortcut): 505\n"
                                       "dead ends (symmetry shortcut): 180\ntime: ");
        if (i == 2)
            assert_string_equal(r.out, "solutions: 365596\npartial boards built: 448113\n"
                                       "pairs of partial boards that did not fit: 47685518\ntime: ");
        release(&r);
    }
}

static void test_find(void **state)
{
    (void)state;
    run_result r = run("find 30 --first 7,19 --format line");
    assert_int_equal(r.status, 0);
    int cols[30], n = 0, offset = 0, value;
    const char *p = r.out;
    while (n < 30 && sscanf(p, "%d%n", &value, &offset) == 1) {
        cols[n++] = value - 1;
        p += offset;
    }
    assert_int_equal(n, 30);
    assert_string_equal(p, "\n");
    assert_true(nq_verify(30, cols, &(nq_square){6, 18}, NULL));
    release(&r);

    r = run("find 5");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "   1  2  3  4  5\n1  "));
    release(&r);
}

/* Beyond 64 rows find prints a line by default; with --format none nothing, having verified. */
static void test_find_on_huge_boards(void **state)
{
    (void)state;
    enum { N = 20000 };
    static int cols[N];
    run_result r = run("find 20000 --first 12345,678");
    assert_int_equal(r.status, 0);
    int n = 0, offset = 0, value;
    const char *p = r.out;
    while (n < N && sscanf(p, "%d%n", &value, &offset) == 1) {
        cols[n++] = value - 1;
        p += offset;
    }
    assert_int_equal(n, N);
    assert_string_equal(p, "\n");
    assert_true(nq_verify(N, cols, &(nq_square){12344, 677}, NULL));
    release(&r);

    r = run("find 1000000 --first 1000000,1 --format none");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, "");
    release(&r);
}

/* Bad input: exit 2, nothing on stdout, one line on stderr containing the phrase. */
static void test_bad_input(void **state)
{
    (void)state;
    static const struct {
        const char *args, *phrase;
    } cases[] = {
        {"", "missing command"},
        {"solve 8", "unknown command 'solve'"},
        {"count", "needs N"},
        {"count abc", "N must be a whole number from 1 to 64 (got 'abc')"},
        {"count 0", "from 1 to 64 (got '0')"},
        {"count 65", "from 1 to 64 (got '65')"},
        {"count -3", "from 1 to 64"},
        {"count 8 9", "unexpected argument '9'"},
        {"count 8 --first 9,1", "off the 8 x 8 board: column and row go from 1 to 8"},
        {"count 8 --first 1,0", "from 1 to 8"},
        {"list 8 --first 1", "'1' is not COL,ROW"},
        {"list 8 --first a,b", "is not COL,ROW"},
        {"find 8 --first", "--first needs a value"},
        {"count 8 --first 1,1 --unique", "drop --first or --unique"},
        {"count 8 --bogus", "unknown option '--bogus' for 'count'"},
        {"table 1 8 --first 1,1", "unknown option '--first' for 'table'"},
        {"count 8 --journal", "--journal needs a value"},
        {"count 8 --journal ''", "--journal needs the name of a file (got an empty one)"},
        {"count 8 --journal /tmp/nq-never.journal --method forward", "drop --journal or --method"},
        {"count 8 --journal /nonexistent-dir/a.journal", "cannot open the journal '/nonexistent-dir/a.journal'"},
        {"count 8 --journal /dev/null", "the journal '/dev/null' is not a regular file"},
        {"list 8 --journal x", "unknown option '--journal' for 'list'"},
        {"count 8 --threads 0", "--threads must be a whole number from 1 to 256 (got '0')"},
        {"count 8 --threads x", "from 1 to 256"},
        {"count 8 --unique=yes", "takes no value"},
        {"table 4 8 --quiet=yes", "--quiet takes no value (got '--quiet=yes')"},
        {"find 8 --quiet", "unknown option '--quiet' for 'find'"},
        {"list 8 --from 0", "--from must be a whole number from 1"},
        {"list 8 --from 93", "--from 93 is past the last solution: there are 92, so K goes from 1 to 92"},
        {"list 8 --limit 0", "--limit must be a whole number of at least 1"},
        {"list 8 --format xml", "--format must be board, line, coords or json (got 'xml')"},
        {"list 8 --format JSON", "--format must be board, line, coords or json (got 'JSON')"},
        {"list 8 --format line --format board", "--format is given twice"},
        {"table 5 3", "TO must not be below FROM"},
        {"table 5", "needs FROM and TO"},
        {"table 1 65", "TO must be a whole number from 1 to 64"},
        {"find 0", "N must be a whole number from 1 to 1000000 (got '0')"},
        {"find 1000001", "from 1 to 1000000 (got '1000001')"},
        {"find", "needs N, the board size, a whole number from 1 to 1000000"},
        {"find 65 --format board", "--format board draws at most a 64 x 64 board (N is 65)"},
        {"find 100 --first 101,1", "off the 100 x 100 board: column and row go from 1 to 100"},
        {"find 8 --format xml", "--format must be board, line, coords, json or none (got 'xml')"},
        {"list 8 --format none", "--format must be board, line, coords or json (got 'none')"},
        {"count 8 '--first --threads' line", "unknown option '--first --threads' for 'count'"},
        {"list 8 '--from --limit' 2", "unknown option '--from --limit' for 'list'"},
        {"count \"$(printf '8\\n9')\"", "(got '8\\n9')"},
        {"list 8 --first \"$(printf '1\\001,2')\"", "'1\\x01,2' is not COL,ROW"},
        {"count 8 \"$(printf -- '--bo\\tgus')\"", "unknown option '--bo\\tgus' for 'count'"},
        {"list 8 --format \"$(printf 'x\\033[31m\\\\')\"", "(got 'x\\x1b[31m\\\\')"},
        /* C1 controls (U+009B, a CSI on some terminals; U+0085) and bytes that are not UTF-8 */
        {"trace \"$(printf '\\302\\233')\"", "(got '\\u009b')"},
        {"list 8 --format \"$(printf 'a\\302\\205b')\"", "(got 'a\\u0085b')"},
        {"count 8 \"$(printf -- '--x\\377\\300y')\"", "unknown option '--x\\xff\\xc0y' for 'count'"},
        {"trace", "'trace' needs N, the board size, a whole number from 1 to 64"},
        {"trace 0", "N must be a whole number from 1 to 64 (got '0')"},
        {"trace 65", "N must be a whole number from 1 to 64 (got '65')"},
        {"trace 8 --first 9,9", "off the 8 x 8 board"},
        {"trace 8 --format board", "--format must be text or csv (got 'board')"},
        {"trace 8 --format csv --format text", "--format is given twice"},
        {"trace 8 --from 0", "--from must be a whole number from 1 up to the number of steps (got '0')"},
        {"trace 8 --limit 0", "--limit must be a whole number of at least 1"},
        {"trace 4 --from 144", "--from 144 is past the last step: there are 143, so K goes from 1 to 143"},
        {"trace 1 --from 6 --format csv", "--from 6 is past the last step: there are 5, so K goes from 1 to 5"},
        {"trace 8 --threads 2", "unknown option '--threads' for 'trace'"},
        {"trace 8 --unique", "unknown option '--unique' for 'trace'"},
        {"trace 8 --fro 2", "unknown option '--fro' for 'trace'"},
        {"trace 8 9", "unexpected argument '9' for 'trace'"},
        {"count 8 --method xyz", "--method must be backtrack, forward, firstfail or minconflicts (got 'xyz')"},
        {"trace 8 --method", "--method needs a value"},
        {"count 8 --method minconflicts", "count cannot use --method minconflicts: it finds one solution"},
        {"count 8 --method forward --unique", "drop --unique or --method"},
        {"count 8 --method forward --method backtrack", "--method is given twice"},
        {"find 8 --method forward", "find --method takes only minconflicts (got 'forward')"},
        {"find 8 --seed 3", "--seed is for --method minconflicts"},
        {"trace 8 --method firstfail --seed 3", "--seed is for --method minconflicts"},
        {"trace 8 --budget 30", "--budget is for --method minconflicts"},
        {"find 8 --method minconflicts --seed -1", "--seed must be a whole number of 0 or more (got '-1')"},
        {"find 8 --method minconflicts --budget 0", "--budget must be a whole number of moves, 1 or more (got '0')"},
        {"compare 8 --budget x", "--budget must be a whole number of moves, 1 or more (got 'x')"},
        {"trace 65 --method minconflicts", "N must be a whole number from 1 to 64 (got '65')"},
        {"compare 65", "N must be a whole number from 1 to 64 (got '65')"},
        {"compare", "'compare' needs N"},
        {"compare 8 --seed 2", "unknown option '--seed' for 'compare'"},
        {"compare 8 --method forward", "unknown option '--method' for 'compare'"},
        {"count 8 --seed 2", "unknown option '--seed' for 'count'"},
        {"heatmap", "'heatmap' needs N, the board size, a whole number from 1 to 64"},
        {"heatmap 65", "N must be a whole number from 1 to 64 (got '65')"},
        {"heatmap x", "N must be a whole number from 1 to 64 (got 'x')"},
        {"heatmap 8 9", "unexpected argument '9' for 'heatmap'"},
        {"heatmap 8 --first 9,1", "off the 8 x 8 board"},
        {"heatmap 8 --first 1,1 --first 2,2", "--first is given twice"},
        {"heatmap 8 --threads 0", "--threads must be a whole number from 1 to 256 (got '0')"},
        {"heatmap 8 --unique", "unknown option '--unique' for 'heatmap'"},
        {"heatmap 8 --format line", "unknown option '--format' for 'heatmap'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_result r = run(cases[i].args);
        if (r.status != 2)
            fail_msg("'%s' exited %d, not 2", cases[i].args, r.status);
        if (r.out[0])
            fail_msg("'%s' printed '%s' on stdout", cases[i].args, r.out);
        if (!strstr(r.err, cases[i].phrase))
            fail_msg("'%s' said '%s', not '%s'", cases[i].args, r.err, cases[i].phrase);
        if (strncmp(r.err, "nqueens-cli: ", 13) != 0 || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
            fail_msg("'%s' did not say one line: '%s'", cases[i].args, r.err);
        release(&r);
    }
}

static void test_help_and_version(void **state)
{
    (void)state;
    run_result r = run("--help");
    assert_int_equal(r.status, 0);
    static const char *words[] = {"count N",           "list  N",         "table FROM TO", "find  N",  "trace N",
                                  "--format text|csv", "--first COL,ROW", "--threads T",   "--unique", "--from K",
                                  "--limit M",         "--format",        "--quiet",       "Ctrl+C",   "--help",
                                  "--version",         "No solution!"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strstr(r.out, words[i]))
            fail_msg("--help does not mention '%s'", words[i]);
    release(&r);
    r = run("--version");
    assert_int_equal(r.status, 0);
    assert_int_equal(strncmp(r.out, "nqueens-cli ", 12), 0);
    release(&r);
}

/* Output that cannot be written (a full disk, a closed stdout, a reader that went away while
 * SIGPIPE is ignored) is one line on stderr and exit status 1, never a silent success. */
/* A machine out of memory gets the words "out of memory" and status 1, wherever the allocation
 * failed (here the engine's, verifying a board of a million rows under a 12 MB address space).
 * A sanitizer reserves terabytes of address space, so there the limit cannot be set. */
static void test_out_of_memory_is_said(void **state)
{
    (void)state;
#ifdef NQ_SANITIZED
    skip();
#else
    run_result r = run_script("ulimit -v 12000; \"$NQ\" find 1000000 --format none");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, "out of memory\n");
    release(&r);
#endif
}

static void test_output_that_cannot_be_written(void **state)
{
    (void)state;
    static const struct {
        const char *script;
        int error;
    } cases[] = {
        {"\"$NQ\" count 8 >/dev/full", ENOSPC},
        {"\"$NQ\" list 8 >/dev/full", ENOSPC},
        {"\"$NQ\" find 5000 >/dev/full", ENOSPC},
        {"\"$NQ\" table 1 4 >/dev/full", ENOSPC},
        {"\"$NQ\" --help >/dev/full", ENOSPC},
        {"\"$NQ\" count 8 >&-", EBADF},
        {"\"$NQ\" list 6 --format line >&-", EBADF},
        {"\"$NQ\" trace 6 >/dev/full", ENOSPC},
        {"\"$NQ\" trace 6 --format csv >&-", EBADF},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_result r = run_script(cases[i].script);
        char expected[200];
        snprintf(expected, sizeof expected, "nqueens-cli: cannot write the output: %s\n", strerror(cases[i].error));
        if (r.status != 1)
            fail_msg("'%s' exited %d, not 1", cases[i].script, r.status);
        if (strcmp(r.err, expected) != 0)
            fail_msg("'%s' said '%s', not '%s'", cases[i].script, r.err, expected);
        release(&r);
    }
    /* The reader takes one line and leaves; the list stops there instead of running on. */
    run_result r = run_script("trap '' PIPE; (\"$NQ\" list 12 --format line; echo \"exit $?\" >&2) | head -n 1");
    char expected[200];
    snprintf(expected, sizeof expected, "nqueens-cli: cannot write the output: %s\nexit 1\n", strerror(EPIPE));
    assert_string_equal(r.err, expected);
    assert_string_equal(r.out, "1 3 5 8 10 12 6 11 2 7 9 4\n");
    release(&r);
}

/* --help anywhere on the line prints the help and nothing else, whatever surrounds it. */
static void test_help_anywhere(void **state)
{
    (void)state;
    run_result help = run("--help");
    static const char *args[] = {"count 8 --help", "list 8 --first 1,1 --help --limit 3", "table 1 --help",
                                 "find --help", "solve --help", "count 99 --bogus --help"};
    for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
        run_result r = run(args[i]);
        if (r.status != 0)
            fail_msg("'%s' exited %d, not 0", args[i], r.status);
        if (strcmp(r.out, help.out) != 0)
            fail_msg("'%s' printed '%s', not the help", args[i], r.out);
        assert_string_equal(r.err, "");
        release(&r);
    }
    release(&help);
}

/* find --format none prints nothing at all: the exit status says whether there is a solution
 * (0, verified) or none (3). */
static void test_find_format_none_answers_by_status(void **state)
{
    (void)state;
    static const struct {
        const char *args;
        int status;
    } cases[] = {
        {"find 3 --format none", 3},
        {"find 2 --format none", 3},
        {"find 6 --first 1,1 --format none", 3},
        {"find 8 --format none", 0},
        {"find 6 --first 2,1 --format none", 0},
        {"find 100 --first 1,1 --format none", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_result r = run(cases[i].args);
        if (r.status != cases[i].status)
            fail_msg("'%s' exited %d, not %d", cases[i].args, r.status, cases[i].status);
        if (r.out[0] || r.err[0])
            fail_msg("'%s' printed '%s' and '%s'", cases[i].args, r.out, r.err);
        release(&r);
    }
}

/* --from K walks only the solutions before K: on a board whose solutions could never all be
 * counted, the list from K is the list up to K + 1 without its first K - 1 lines. (The timeout only
 * keeps a broken build from hanging the suite.) */
static void test_list_from_on_a_huge_board(void **state)
{
    (void)state;
    run_result all = run_script("timeout 120 \"$NQ\" list 25 --limit 4 --format line");
    run_result from = run_script("timeout 120 \"$NQ\" list 25 --from 3 --limit 2 --format line");
    assert_int_equal(all.status, 0);
    assert_int_equal(from.status, 0);
    const char *third = strchr(strchr(all.out, '\n') + 1, '\n') + 1;
    assert_string_equal(from.out, third);
    release(&all);
    release(&from);
}

/* Far into the list --from counts its way to K through an index rather than walk there. The last
 * solution is the mirror image of the first, and the list goes on in order from any K. */
static void test_list_from_far_into_the_list(void **state)
{
    (void)state;
    enum { N = 14 };
    run_result first = run("list 14 --limit 1 --format line");
    char mirrored[128] = "";
    int column, offset;
    for (const char *p = first.out; sscanf(p, "%d%n", &column, &offset) == 1; p += offset)
        snprintf(mirrored + strlen(mirrored), sizeof mirrored - strlen(mirrored), "%s%d", p == first.out ? "" : " ",
                 N + 1 - column);
    strcat(mirrored, "\n");
    run_result end = run("list 14 --from 365595 --limit 5 --format line");
    assert_int_equal(end.status, 0);
    const char *second = strchr(end.out, '\n') + 1;
    assert_string_equal(second, mirrored);
    release(&first);
    release(&end);

    run_result two = run("list 14 --from 200000 --limit 2 --format line");
    run_result one = run("list 14 --from 200001 --limit 1 --format line");
    assert_string_equal(strchr(two.out, '\n') + 1, one.out);
    release(&two);
    release(&one);

    run_result past = run("list 14 --from 365597");
    assert_int_equal(past.status, 2);
    assert_string_equal(past.err, "nqueens-cli: --from 365597 is past the last solution: there are 365596, so K "
                                  "goes from 1 to 365596\n");
    release(&past);
}

/* The first steps of the watched search of the 4 x 4 board, worked out from nq/trace.h: rows top
 * to bottom, columns from the left, a reject names the topmost attacking queen, its column before
 * its diagonals. */
static const char trace_four_text[] =
    "1 try row 1, column 1\n"
    "2 place row 1, column 1\n"
    "3 try row 2, column 1\n"
    "4 reject row 2, column 1: attacked along the column by the queen at row 1, column 1\n"
    "5 try row 2, column 2\n"
    "6 reject row 2, column 2: attacked along the diagonal down to the right by the queen at row 1, column 1\n"
    "7 try row 2, column 3\n"
    "8 place row 2, column 3\n"
    "9 try row 3, column 1\n"
    "10 reject row 3, column 1: attacked along the column by the queen at row 1, column 1\n"
    "11 try row 3, column 2\n"
    "12 reject row 3, column 2: attacked along the diagonal down to the left by the queen at row 2, column 3\n";

static const char trace_four_csv[] = "step,kind,row,column,by_row,by_column,attack\n"
                                     "1,try,1,1,,,\n"
                                     "2,place,1,1,,,\n"
                                     "3,try,2,1,,,\n"
                                     "4,reject,2,1,1,1,column\n"
                                     "5,try,2,2,,,\n"
                                     "6,reject,2,2,1,1,diagonal_down_right\n"
                                     "7,try,2,3,,,\n"
                                     "8,place,2,3,,,\n"
                                     "9,try,3,1,,,\n"
                                     "10,reject,3,1,1,1,column\n"
                                     "11,try,3,2,,,\n"
                                     "12,reject,3,2,2,3,diagonal_down_left\n";

/* The first characters of text up to and including its count-th newline, as a new string. */
static char *first_lines(const char *text, size_t count)
{
    const char *end = text;
    for (size_t i = 0; i < count; i++) {
        end = strchr(end, '\n');
        assert_non_null(end);
        end++;
    }
    return strndup(text, (size_t)(end - text));
}

/* Lines from (1-based) to from + count - 1 of text, or to its end, as a new string. */
static char *middle_lines(const char *text, size_t from, size_t count)
{
    const char *start = text;
    for (size_t i = 1; i < from; i++) {
        start = strchr(start, '\n');
        assert_non_null(start);
        start++;
    }
    size_t lines = 0;
    for (const char *p = start; *p; p++)
        lines += *p == '\n';
    return first_lines(start, count < lines ? count : lines);
}

static void test_trace_four_text_and_csv(void **state)
{
    (void)state;
    run_result r = run("trace 4 --limit 12");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, trace_four_text);
    assert_string_equal(r.err, "");
    release(&r);

    r = run("trace 4 --format csv --limit 12");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, trace_four_csv);
    release(&r);

    /* The whole trace begins the same, has both solutions in order, and ends with done. */
    r = run("trace 4");
    assert_int_equal(r.status, 0);
    char *head = first_lines(r.out, 12);
    assert_string_equal(head, trace_four_text);
    free(head);
    assert_non_null(strstr(r.out, "\n17 dead_end row 3: every square is attacked\n18 remove row 2, column 3\n"));
    const char *one = strstr(r.out, " solution 1: 2 4 1 3\n"), *two = strstr(r.out, " solution 2: 3 1 4 2\n");
    assert_non_null(one);
    assert_non_null(two);
    assert_true(one < two);
    assert_null(strstr(r.out, " solution 3:"));
    const char *done = strstr(r.out, " done 2 solutions, ");
    assert_non_null(done);
    assert_string_equal(strstr(done, " dead ends\n"), " dead ends\n"); /* the last line */
    release(&r);
}

/* The CSV of N = 6 has as many place, dead_end and solution rows as done says in the text (queens
 * placed, dead ends, solutions), 4 solutions, the same as list, and a done row last. */
static void test_trace_six_counts(void **state)
{
    (void)state;
    run_result text = run("trace 6");
    run_result csv = run("trace 6 --format csv");
    assert_int_equal(text.status, 0);
    assert_int_equal(csv.status, 0);
    unsigned long long last = 0, solutions = 0, placed = 0, dead_ends = 0;
    const char *done = strstr(text.out, " done ");
    assert_non_null(done);
    while (done > text.out && done[-1] != '\n')
        done--;
    assert_int_equal(sscanf(done, "%llu done %llu solutions, %llu queens placed, %llu dead ends", &last, &solutions,
                            &placed, &dead_ends),
                     4);
    assert_int_equal(solutions, 4);

    const char *p = strchr(csv.out, '\n');
    assert_non_null(p);
    unsigned long long rows = 0, places = 0, dead_end_rows = 0, solution_rows = 0, done_rows = 0;
    for (p++; *p; p = strchr(p, '\n') + 1) {
        unsigned long long step;
        char kind[16];
        assert_int_equal(sscanf(p, "%llu,%15[a-z_],", &step, kind), 2);
        assert_int_equal(step, ++rows);
        places += !strcmp(kind, "place");
        dead_end_rows += !strcmp(kind, "dead_end");
        done_rows += !strcmp(kind, "done");
        if (!strcmp(kind, "solution")) {
            solution_rows++;
            assert_int_equal(strncmp(strchr(p, ','), ",solution,,,,,\n", 15), 0);
        }
    }
    assert_int_equal(rows, last);
    assert_int_equal(places, placed);
    assert_int_equal(dead_end_rows, dead_ends);
    assert_int_equal(solution_rows, solutions);
    assert_int_equal(done_rows, 1);
    assert_non_null(strstr(csv.out, ",done,,,,,\n"));
    assert_string_equal(strstr(csv.out, ",done,,,,,\n"), ",done,,,,,\n");

    /* The solutions the text shows are the list's, in its order. */
    char *listed = expected_lines(6, NULL, 1, SIZE_MAX), *shown = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&shown, &size);
    for (const char *s = text.out; (s = strstr(s, " solution ")) != NULL; s++)
        fprintf(out, "%.*s", (int)(strchr(s, '\n') + 1 - (strchr(s, ':') + 2)), strchr(s, ':') + 2);
    fclose(out);
    assert_string_equal(shown, listed);
    free(shown);
    free(listed);
    release(&text);
    release(&csv);
}

/* --from K --limit M gives lines K to K + M - 1 of the whole trace (the CSV under its header). */
static void test_trace_slices(void **state)
{
    (void)state;
    run_result text = run("trace 6");
    run_result csv = run("trace 6 --format csv");
    size_t steps = 0;
    for (const char *p = text.out; *p; p++)
        steps += *p == '\n';
    static const struct {
        size_t from, limit;
    } slices[] = {{1, 1}, {2, 5}, {100, 37}, {571, 1}, {0, 3}, {0, 1}, {0, 100}, {1, 0}, {300, 0}};
    for (size_t i = 0; i < sizeof slices / sizeof slices[0]; i++) {
        /* from 0: that many steps before the end; limit 0: no --limit. */
        size_t from = slices[i].from ? slices[i].from : steps + 1 - slices[i].limit;
        if (from > steps)
            continue;
        char args[128];
        if (slices[i].limit)
            snprintf(args, sizeof args, "trace 6 --from %zu --limit %zu", from, slices[i].limit);
        else
            snprintf(args, sizeof args, "trace 6 --from %zu", from);
        run_result r = run(args);
        char *expected = middle_lines(text.out, from, slices[i].limit ? slices[i].limit : SIZE_MAX);
        if (r.status != 0 || strcmp(r.out, expected) != 0)
            fail_msg("'%s' exited %d and printed '%s', not '%s'", args, r.status, r.out, expected);
        free(expected);
        release(&r);

        strcat(args, " --format=csv");
        r = run(args);
        char *rows = middle_lines(strchr(csv.out, '\n') + 1, from, slices[i].limit ? slices[i].limit : SIZE_MAX);
        size_t header = strlen("step,kind,row,column,by_row,by_column,attack\n");
        if (r.status != 0 || strncmp(r.out, csv.out, header) != 0 || strcmp(r.out + header, rows) != 0)
            fail_msg("'%s' exited %d and printed '%s'", args, r.status, r.out);
        free(rows);
        release(&r);
    }
    char past[64], message[160];
    snprintf(past, sizeof past, "trace 6 --from %zu", steps + 1);
    snprintf(message, sizeof message,
             "nqueens-cli: --from %zu is past the last step: there are %zu, so K goes from 1 to %zu\n", steps + 1,
             steps, steps);
    run_result r = run(past);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, message);
    release(&r);
    release(&text);
    release(&csv);
}

/* A pinned queen stands from the start: its row is never searched, and it is in every solution. */
static void test_trace_pinned_queen(void **state)
{
    (void)state;
    run_result r = run("trace 4 --first 2,1");
    assert_int_equal(r.status, 0);
    assert_string_equal(
        r.out,
        "1 try row 2, column 1\n"
        "2 reject row 2, column 1: attacked along the diagonal down to the left by the queen at row 1, column 2\n"
        "3 try row 2, column 2\n"
        "4 reject row 2, column 2: attacked along the column by the queen at row 1, column 2\n"
        "5 try row 2, column 3\n"
        "6 reject row 2, column 3: attacked along the diagonal down to the right by the queen at row 1, column 2\n"
        "7 try row 2, column 4\n"
        "8 place row 2, column 4\n"
        "9 try row 3, column 1\n"
        "10 place row 3, column 1\n"
        "11 try row 4, column 1\n"
        "12 reject row 4, column 1: attacked along the column by the queen at row 3, column 1\n"
        "13 try row 4, column 2\n"
        "14 reject row 4, column 2: attacked along the column by the queen at row 1, column 2\n"
        "15 try row 4, column 3\n"
        "16 place row 4, column 3\n"
        "17 solution 1: 2 4 1 3\n"
        "18 remove row 4, column 3\n"
        "19 try row 4, column 4\n"
        "20 reject row 4, column 4: attacked along the column by the queen at row 2, column 4\n"
        "21 remove row 3, column 1\n"
        "22 try row 3, column 2\n"
        "23 reject row 3, column 2: attacked along the column by the queen at row 1, column 2\n"
        "24 try row 3, column 3\n"
        "25 reject row 3, column 3: attacked along the diagonal down to the left by the queen at row 2, column 4\n"
        "26 try row 3, column 4\n"
        "27 reject row 3, column 4: attacked along the diagonal down to the right by the queen at row 1, column 2\n"
        "28 remove row 2, column 4\n"
        "29 done 1 solution, 3 queens placed, 0 dead ends\n");
    release(&r);

    /* Pinned at column 1, row 2 of the 8 x 8 board: no step is in row 2, the solutions are list's. */
    r = run("trace 8 --first 1,2 --format csv");
    assert_int_equal(r.status, 0);
    for (const char *p = strchr(r.out, '\n') + 1; *p; p = strchr(p, '\n') + 1) {
        unsigned row;
        char kind[16];
        if (sscanf(p, "%*u,%15[a-z_],%u,", kind, &row) == 2 && row == 2)
            fail_msg("a step in the pinned row: %.*s", (int)(strchr(p, '\n') - p), p);
    }
    release(&r);
    r = run("trace 8 --first 1,2");
    char *listed = expected_lines(8, &(nq_square){0, 1}, 1, SIZE_MAX), *shown = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&shown, &size);
    for (const char *s = r.out; (s = strstr(s, " solution ")) != NULL; s++)
        fprintf(out, "%.*s", (int)(strchr(s, '\n') + 1 - (strchr(s, ':') + 2)), strchr(s, ':') + 2);
    fclose(out);
    assert_string_equal(shown, listed);
    assert_non_null(strstr(r.out, " done 8 solutions, "));
    free(shown);
    free(listed);
    release(&r);
}

/* A trace of billions of steps stops as soon as its reader leaves: at once with SIGPIPE (status
 * 141 from the shell), and with SIGPIPE ignored with one line and status 1. (The timeout only
 * keeps a broken build from hanging the suite; it would show as status 124.) */
static void test_trace_stops_when_the_reader_leaves(void **state)
{
    (void)state;
    run_result r =
        run_script("trap '' PIPE; (timeout 60 \"$NQ\" trace 12; echo \"exit $?\" >&2) | head -n 1");
    char expected[200];
    snprintf(expected, sizeof expected, "nqueens-cli: cannot write the output: %s\nexit 1\n", strerror(EPIPE));
    assert_string_equal(r.err, expected);
    assert_string_equal(r.out, "1 try row 1, column 1\n");
    release(&r);

    r = run_script("(timeout 60 \"$NQ\" trace 16 --format csv; echo \"exit $?\" >&2) | head -n 3");
    assert_string_equal(r.err, "exit 141\n");
    assert_string_equal(r.out, "step,kind,row,column,by_row,by_column,attack\n1,try,1,1,,,\n2,place,1,1,,,\n");
    release(&r);

    r = run_script("trap '' PIPE; (timeout 60 \"$NQ\" trace 16; echo \"exit $?\" >&2) | head -n 3");
    assert_string_equal(r.err, expected);
    assert_string_equal(r.out, "1 try row 1, column 1\n2 place row 1, column 1\n3 try row 2, column 1\n");
    release(&r);
}

/* The figures of the method's whole search on n x n with the queen first (NULL: none). */
static nq_effort effort_of(int n, const nq_square *first, nq_method method)
{
    nq_plan plan = nq_plan_make(n, first, method);
    nq_run run = {.threads = 1};
    return nq_effort_run(&plan, &run);
}

/* count --method prints the method's figures, those of nq_effort_run, in the compare table's words. */
static void test_count_with_a_method(void **state)
{
    (void)state;
    static const char *const keys[] = {"backtrack", "forward", "firstfail"};
    static const char *const names[] = {"backtracking", "forward checking", "first fail"};
    for (int m = 0; m < 3; m++) {
        char args[96];
        snprintf(args, sizeof args, "count 9 --first 2,1 --threads 2 --method %s", keys[m]);
        run_result r = run(args);
        assert_int_equal(r.status, 0);
        assert_string_equal(r.err, "");
        nq_effort e = effort_of(9, &(nq_square){1, 0}, (nq_method)m);
        char want[512];
        snprintf(want, sizeof want,
                 "method: %s\nsolutions: %llu\nqueens placed: %llu\nfailures: %llu (%llu dead ends, %llu "
                 "wipe-outs)\nsquares crossed off: %llu\ntime: ",
                 names[m], (unsigned long long)e.solutions, (unsigned long long)e.nodes,
                 (unsigned long long)nq_failures(e.dead_ends, e.wipe_outs), (unsigned long long)e.dead_ends,
                 (unsigned long long)e.wipe_outs, (unsigned long long)e.crossed);
        assert_int_equal(strncmp(r.out, want, strlen(want)), 0);
        double seconds;
        char rest[8];
        assert_int_equal(sscanf(r.out + strlen(want), "%lf %7s", &seconds, rest), 2);
        assert_string_equal(rest, "s");
        release(&r);
    }
}

/* compare: a header, then one line a method in order, the figures nq_effort_run gives. */
static void test_compare_table(void **state)
{
    (void)state;
    run_result r = run("compare 8 --first 2,1 --budget 500");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    const char *line = r.out;
    assert_int_equal(strncmp(line, "method ", 7), 0);
    assert_non_null(strstr(line, "queens_placed"));
    static const char *const names[] = {"backtracking", "forward checking", "first fail", "min-conflicts"};
    nq_square first = {1, 0};
    for (int m = 0; m < NQ_METHOD_COUNT; m++) {
        line = strchr(line, '\n');
        assert_non_null(line);
        line++;
        assert_int_equal(strncmp(line, names[m], strlen(names[m])), 0);
        assert_int_equal(line[18], ' ');
        char figures[6][32];
        assert_int_equal(sscanf(line + 18, "%31s %31s %31s %31s %31s %31s", figures[0], figures[1], figures[2],
                                figures[3], figures[4], figures[5]), 6);
        char want[6][32];
        if (m == NQ_METHOD_MINCONFLICTS) {
            nq_plan plan = nq_plan_make(8, &first, NQ_METHOD_MINCONFLICTS);
            plan.budget = 500;
            nq_run run_one = {.threads = 1};
            nq_effort e = nq_effort_run(&plan, &run_one);
            snprintf(want[0], 32, "-");
            snprintf(want[1], 32, "-");
            snprintf(want[2], 32, "-");
            snprintf(want[3], 32, "%llu/9", (unsigned long long)e.solutions);
            snprintf(want[4], 32, "%llu", (unsigned long long)e.moves);
        } else {
            nq_effort e = effort_of(8, &first, (nq_method)m);
            snprintf(want[0], 32, "%llu", (unsigned long long)e.nodes);
            snprintf(want[1], 32, "%llu", (unsigned long long)nq_failures(e.dead_ends, e.wipe_outs));
            snprintf(want[2], 32, "%llu", (unsigned long long)e.crossed);
            snprintf(want[3], 32, "%llu", (unsigned long long)e.solutions);
            snprintf(want[4], 32, "-");
        }
        for (int i = 0; i < 5; i++)
            assert_string_equal(figures[i], want[i]);
    }
    assert_string_equal(strchr(line, '\n'), "\n");
    release(&r);
}

/* heatmap: the exact text for N = 4 (the corners are 0) and N = 6 with a first queen, the time
 * last; for N = 9 with a first queen every number is brute.h's, right-aligned under its column. */
static void test_heatmap(void **state)
{
    (void)state;
    run_result r = run("heatmap 4");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    static const char four[] = "   1  2  3  4\n"
                               "1  0  1  1  0\n"
                               "2  1  0  0  1\n"
                               "3  1  0  0  1\n"
                               "4  0  1  1  0\n"
                               "\n"
                               "each row sums to 2 solutions: yes\n"
                               "each column sums to 2 solutions: yes\n"
                               "time: ";
    assert_memory_equal(r.out, four, sizeof four - 1);
    assert_string_equal(strchr(r.out + sizeof four - 1, '\n'), "\n");
    release(&r);

    r = run("heatmap 6 --first 2,1 --threads 2");
    assert_int_equal(r.status, 0);
    static const char six[] = "   1  2  3  4  5  6\n"
                              "1  0  1  0  0  0  0\n"
                              "2  0  0  0  1  0  0\n"
                              "3  0  0  0  0  0  1\n"
                              "4  1  0  0  0  0  0\n"
                              "5  0  0  1  0  0  0\n"
                              "6  0  0  0  0  1  0\n"
                              "\n"
                              "each row sums to 1 solution: yes\n"
                              "each column sums to 1 solution: yes\n"
                              "time: ";
    assert_memory_equal(r.out, six, sizeof six - 1);
    release(&r);

    r = run("heatmap 9 --first 3,4");
    assert_int_equal(r.status, 0);
    brute_list list = brute_solutions(9);
    nq_square first = {2, 3};
    uint64_t total = 0;
    for (size_t i = 0; i < list.size; i++)
        total += (uint64_t)brute_has(&list, i, first);
    const char *line = strchr(r.out, '\n') + 1;
    /* The widest number has two digits: each column takes four characters. */
    assert_int_equal(strncmp(r.out, "    1   2", 9), 0);
    for (int row = 0; row < 9; row++) {
        assert_int_equal(line[0] - '0', row + 1);
        for (int column = 0; column < 9; column++) {
            uint64_t want = 0;
            for (size_t i = 0; i < list.size; i++)
                want += (uint64_t)(brute_has(&list, i, first) && brute_has(&list, i, (nq_square){column, row}));
            char cell[8];
            snprintf(cell, sizeof cell, "%4llu", (unsigned long long)want);
            assert_memory_equal(line + 1 + 4 * column, cell, 4);
        }
        line = strchr(line, '\n') + 1;
    }
    char check[96];
    snprintf(check, sizeof check, "\neach row sums to %llu solutions: yes\neach column sums to %llu solutions: yes\n",
             (unsigned long long)total, (unsigned long long)total);
    assert_memory_equal(line, check, strlen(check));
    brute_free(&list);
    release(&r);
}

/* The trace of each method in text and csv: as many steps, csv rows of nine fields, and the done
 * line with the figures of the trace itself. */
static void test_trace_methods(void **state)
{
    (void)state;
    static const char *const keys[] = {"forward", "firstfail", "minconflicts"};
    nq_square first = {2, 3};
    for (int m = 0; m < 3; m++) {
        nq_plan plan = nq_plan_make(6, &first, (nq_method)(NQ_METHOD_FORWARD + m));
        plan.seed = 5;
        plan.budget = 200; /* 6 has no solution with this queen: min-conflicts gives up */
        nq_trace t;
        nq_trace_start(&t, &plan);
        nq_step step;
        unsigned long steps = 0;
        while (nq_trace_next(&t, &step))
            steps++;
        char args[96], want[200];
        snprintf(args, sizeof args, "trace 6 --first 3,4 --method %s%s", keys[m],
                 m == 2 ? " --seed 5 --budget 200" : "");
        run_result text = run(args);
        assert_int_equal(text.status, m == 2 ? 3 : 0); /* min-conflicts out of its budget: exit 3 */
        if (m == 2)
            snprintf(want, sizeof want, "%lu done 0 solutions, %llu queens placed, %llu moves (the budget ran out)\n",
                     steps, (unsigned long long)t.nodes, (unsigned long long)t.moves);
        else
            snprintf(want, sizeof want, "%lu done %llu solutions, %llu queens placed, %llu wipe-outs, %llu squares "
                     "crossed off\n", steps, (unsigned long long)t.solutions, (unsigned long long)t.nodes,
                     (unsigned long long)t.wipe_outs, (unsigned long long)t.crossed);
        const char *last = strrchr(text.out, '\n');
        while (last > text.out && last[-1] != '\n')
            last--;
        assert_string_equal(last, want);
        release(&text);

        snprintf(args + strlen(args), sizeof args - strlen(args), " --format csv");
        run_result csv = run(args);
        assert_int_equal(csv.status, m == 2 ? 3 : 0);
        assert_int_equal(strncmp(csv.out, "step,kind,row,column,by_row,by_column,attack,squares,count\n", 59), 0);
        unsigned long rows = 0;
        for (const char *p = strchr(csv.out, '\n') + 1; *p; p = strchr(p, '\n') + 1) {
            int commas = 0;
            for (const char *q = p; *q != '\n'; q++)
                commas += *q == ',';
            assert_int_equal(commas, 8);
            rows++;
        }
        assert_int_equal(rows, steps);
        release(&csv);
    }
    run_result r = run("trace 4 --method forward --format csv --limit 3");
    assert_string_equal(r.out, "step,kind,row,column,by_row,by_column,attack,squares,count\n"
                               "1,place,1,1,,,,,\n2,cross,2,,1,1,,1 2,\n3,cross,3,,1,1,,1 3,\n");
    release(&r);
    r = run("trace 4 --method firstfail --limit 3");
    assert_string_equal(r.out, "1 select row 1: 4 squares left, columns 1 2 3 4\n2 place row 1, column 1\n"
                               "3 cross row 2: columns 1 2 crossed off by the queen at row 1, column 1\n");
    release(&r);
    /* Cut short by --limit before its budget runs out, min-conflicts has not given up: exit 0. */
    r = run("trace 6 --first 3,4 --method minconflicts --seed 5 --budget 200 --limit 3");
    assert_int_equal(r.status, 0);
    release(&r);
}

/* find --method minconflicts: the board of nq_mc_find for the seed, its moves on stderr; a budget
 * run out says how to go on and exits 3. */
static void test_find_minconflicts(void **state)
{
    (void)state;
    run_result r = run("find 200 --first 7,9 --method minconflicts --seed 4 --format line");
    assert_int_equal(r.status, 0);
    int got[200], want[200], n = 0, offset = 0;
    const char *p = r.out;
    while (n < 200 && sscanf(p, "%d%n", &got[n], &offset) == 1) {
        got[n++]--;
        p += offset;
    }
    assert_int_equal(n, 200);
    nq_mc_result mc = nq_mc_find(200, &(nq_square){6, 8}, 4, 0, want);
    assert_true(mc.solved);
    assert_memory_equal(got, want, sizeof got);
    char said[96];
    snprintf(said, sizeof said, "min-conflicts: solved in %llu moves (seed 4)\n", (unsigned long long)mc.moves);
    assert_string_equal(r.err, said);
    release(&r);

    r = run("find 3 --method minconflicts --budget 40");
    assert_int_equal(r.status, 3);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, "nqueens-cli: min-conflicts: no solution within its budget of 40 moves (seed 1); "
                               "raise it with --budget or try another --seed\n");
    release(&r);

    r = run("find 8 --method minconflicts --seed 0");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "   1  2  3  4  5  6  7  8\n1  "));
    release(&r);
}

/* coords: each solution as the set of its squares, (column, row) 1-based, numbered in the list; json:
 * one object a line with n, index (null for find) and the 1-based columns; no object at all when
 * there is no solution. Both agree with the line format, board by board. */
static void test_coords_and_json(void **state)
{
    (void)state;
    run_result r = run("list 4 --format coords");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "Solution 1: {(2, 1), (4, 2), (1, 3), (3, 4)}\n"
                               "Solution 2: {(3, 1), (1, 2), (4, 3), (2, 4)}\n");
    release(&r);
    r = run("list 4 --format json");
    assert_string_equal(r.out, "{\"n\": 4, \"index\": 1, \"columns\": [2, 4, 1, 3]}\n"
                               "{\"n\": 4, \"index\": 2, \"columns\": [3, 1, 4, 2]}\n");
    release(&r);

    run_result lines = run("list 8 --first 1,2 --from 3 --limit 4 --format line");
    run_result json = run("list 8 --first 1,2 --from 3 --limit 4 --format json");
    run_result coords = run("list 8 --first 1,2 --from 3 --limit 4 --format coords");
    const char *l = lines.out, *j = json.out, *c = coords.out;
    for (int k = 3; k <= 6; k++) {
        int cols[8];
        for (int row = 0; row < 8; row++) {
            int used = 0;
            assert_int_equal(sscanf(l, "%d%n", &cols[row], &used), 1);
            l += used;
        }
        char want[200];
        int len = snprintf(want, sizeof want, "{\"n\": 8, \"index\": %d, \"columns\": [", k);
        for (int row = 0; row < 8; row++)
            len += snprintf(want + len, sizeof want - (size_t)len, "%s%d", row ? ", " : "", cols[row]);
        snprintf(want + len, sizeof want - (size_t)len, "]}\n");
        assert_memory_equal(j, want, strlen(want));
        j += strlen(want);
        len = snprintf(want, sizeof want, "Solution %d: ", k);
        for (int row = 0; row < 8; row++)
            len += snprintf(want + len, sizeof want - (size_t)len, "%s(%d, %d)", row ? ", " : "{", cols[row],
                            row + 1);
        snprintf(want + len, sizeof want - (size_t)len, "}\n");
        assert_memory_equal(c, want, strlen(want));
        c += strlen(want);
    }
    assert_string_equal(j, "");
    assert_string_equal(c, "");
    release(&lines);
    release(&json);
    release(&coords);

    r = run("find 1000 --first 7,500 --format json");
    assert_int_equal(r.status, 0);
    assert_memory_equal(r.out, "{\"n\": 1000, \"index\": null, \"columns\": [", 39);
    assert_non_null(strstr(r.out, "]}\n"));
    release(&r);
    r = run("find 6 --first 2,1 --format coords");
    assert_int_equal(r.status, 0);
    assert_memory_equal(r.out, "{(2, 1), ", 9);
    release(&r);
    static const char *none[] = {"list 3 --format json", "find 3 --format json", "list 4 --first 1,1 --format json"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        r = run(none[i]);
        assert_int_equal(r.status, 0);
        assert_string_equal(r.out, "");
        release(&r);
    }
    r = run("list 3 --format coords");
    assert_string_equal(r.out, "No solution!\n");
    release(&r);
}

/* list --unique: one board per class, numbered 1 to the unique count, each saying its class size
 * in every format; --first is refused. */
static void test_list_unique(void **state)
{
    (void)state;
    run_result r = run("list 4 --unique");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "Unique solution 1 (class of 2):\n"
                               "   1  2  3  4\n"
                               "1  .  Q  .  .\n"
                               "2  .  .  .  Q\n"
                               "3  Q  .  .  .\n"
                               "4  .  .  Q  .\n"
                               "\n");
    release(&r);
    r = run("list 6 --unique --format line");
    assert_string_equal(r.out, "class of 4: 2 4 6 1 3 5\n");
    release(&r);
    r = run("list 6 --unique --format coords");
    assert_string_equal(r.out, "Unique solution 1 (class of 4): {(2, 1), (4, 2), (6, 3), (1, 4), (3, 5), (5, 6)}\n");
    release(&r);
    r = run("list 8 --unique --format json --from 10 --limit 1");
    assert_string_equal(
        r.out, "{\"n\": 8, \"index\": 10, \"unique\": true, \"class\": 4, \"columns\": [3, 5, 2, 8, 1, 7, 4, 6]}\n");
    release(&r);

    /* N = 8: 12 boards, each the smallest of its class, whose classes hold the 92 solutions. */
    r = run("list 8 --unique --format line");
    assert_int_equal(r.status, 0);
    const char *line = r.out;
    int boards = 0, covered = 0, of_four = 0;
    int before[8] = {0};
    while (*line) {
        int size, used, cols[8];
        assert_int_equal(sscanf(line, "class of %d: %n", &size, &used), 1);
        line += used;
        for (int row = 0; row < 8; row++) {
            assert_int_equal(sscanf(line, "%d%n", &cols[row], &used), 1);
            line += used;
            cols[row]--;
        }
        assert_int_equal(*line++, '\n');
        assert_true(nq_verify(8, cols, NULL, NULL));
        assert_true(nq_symmetry_is_canonical(8, cols));
        assert_int_equal(size, nq_symmetry_classify(8, cols).size);
        int same = 0;
        while (same < 8 && before[same] == cols[same])
            same++;
        if (boards && (same == 8 || before[same] > cols[same]))
            fail_msg("unique board %d does not come after board %d", boards + 1, boards);
        memcpy(before, cols, sizeof cols);
        boards++;
        covered += size;
        of_four += size == 4;
    }
    assert_int_equal(boards, 12);
    assert_int_equal(covered, 92);
    assert_int_equal(of_four, 1);
    release(&r);
    r = run("count 8 --unique");
    assert_non_null(strstr(r.out, "unique: 12\n"));
    release(&r);

    /* Far into the list of N = 14 (through the unique index): the last board is number 45752. */
    r = run("list 14 --unique --from 45752 --format line");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "class of 8: 7 10 4 2 9 5 14 1 11 13 6 12 3 8\n");
    release(&r);
    r = run("list 14 --unique --from 45753");
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, "nqueens-cli: --from 45753 is past the last unique solution: there are 45752, so K goes "
                               "from 1 to 45752\n");
    release(&r);

    r = run("list 3 --unique");
    assert_string_equal(r.out, "No solution!\n");
    release(&r);
    r = run("list 1 --unique --format json");
    assert_string_equal(r.out, "{\"n\": 1, \"index\": 1, \"unique\": true, \"class\": 1, \"columns\": [1]}\n");
    release(&r);
    r = run("list 8 --unique --first 1,1");
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, "nqueens-cli: --unique lists solutions up to rotation and reflection, which a pinned "
                               "queen breaks: drop --first or --unique\n");
    release(&r);
}

/* A count long enough in every build to be stopped while its progress shows, a line every
 * fraction of a second (8 s in Release). */
#define LONG_COUNT "count", "19", "--threads", "1"

/* A count that completes and takes over a second in this build (count 19: 4 s in Release, 17
 * under a sanitizer). */
#ifdef NQ_SANITIZED
#define COMPLETE_N "17"
#define COMPLETE_SOLUTIONS "95815104"
#else
#define COMPLETE_N "19"
#define COMPLETE_SOLUTIONS "4968057848"
#endif

/* Seconds a count may take to end after SIGINT before it counts as not stopping (it takes
 * milliseconds; a sanitizer build and a loaded machine take longer). */
#ifdef NQ_SANITIZED
#define STOP_LIMIT 3.0
#else
#define STOP_LIMIT 1.0
#endif

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The columns of text[0..bytes) on a terminal: one a UTF-8 character, trailing spaces left out. */
static int columns_of(const char *text, size_t bytes)
{
    while (bytes > 0 && text[bytes - 1] == ' ')
        bytes--;
    int columns = 0;
    for (size_t i = 0; i < bytes; i++)
        columns += ((unsigned char)text[i] & 0xC0) != 0x80;
    return columns;
}

/* How many times text redraws the progress line: the pieces that follow a "\r" up to the next
 * "\r" and hold "% of". Each must fit in room columns. */
static int progress_redraws(const char *text, int room)
{
    int redraws = 0;
    for (const char *c = strchr(text, '\r'); c; c = strchr(c + 1, '\r')) {
        const char *end = strchr(c + 1, '\r');
        size_t bytes = end ? (size_t)(end - c - 1) : strlen(c + 1);
        char piece[1024];
        snprintf(piece, sizeof piece, "%.*s", (int)bytes, c + 1);
        if (!strstr(piece, "% of"))
            continue;
        redraws++;
        if (columns_of(piece, bytes) > room)
            fail_msg("a progress line wider than %d columns: '%s'", room, piece);
    }
    return redraws;
}

/* Checks that text[0..end) ends with the erase of a progress line: "\r", spaces over at least
 * as many columns as the line drawn last took, "\r" (the cursor at column 0 of a blank line). */
static void assert_erased_before(const char *text, size_t end)
{
    if (end < 2 || text[end - 1] != '\r')
        fail_msg("the line is not erased before '%s'", text + end);
    size_t spaces = end - 1;
    while (spaces > 0 && text[spaces - 1] == ' ')
        spaces--;
    if (spaces == 0 || text[spaces - 1] != '\r')
        fail_msg("no \\r starts the erase before '%s'", text + end);
    size_t line_end = spaces - 1, line = line_end;
    while (line > 0 && text[line - 1] != '\r')
        line--;
    int drawn = columns_of(text + line, line_end - line);
    assert_in_range(end - 1 - spaces, (uintmax_t)drawn, 1000);
}

/* Starts nqueens-cli with the arguments, stderr on a terminal 60 columns wide, stdout on out_fd
 * (-1: the terminal too). */
static proc_pty start_on_terminal(const char *const *args, int out_fd)
{
    char *argv[16] = {(char *)cli_path};
    for (int i = 0; args[i]; i++)
        argv[i + 1] = (char *)args[i];
    proc_pty p;
    assert_true(proc_pty_start(&p, argv, 60, out_fd));
    return p;
}

/* The exit status of a program whose wait status is status; fails if a signal ended it. */
static int exit_status(int status)
{
    if (!WIFEXITED(status))
        fail_msg("nqueens-cli ended by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return WEXITSTATUS(status);
}

/* Checks the line a count stopped by Ctrl+C ends with, "count 19 stopped after 2.5 s: 31% of
 * parts done, 4,422,590 solutions so far (incomplete)", at text + at, and that nothing follows. */
static void assert_stopped_line(const char *text, const char *at)
{
    if (!at)
        fail_msg("no stopped line in '%s'", text);
    double seconds = 0;
    int percent = -1, end = 0;
    char solutions[32] = "";
    int got =
        sscanf(at, "count 19 stopped after %lf s: %d%% of parts done, %31[0-9,] solutions so far (incomplete)\n%n",
               &seconds, &percent, solutions, &end);
    if (got != 3)
        fail_msg("the stopped line is '%s'", at);
    assert_in_range(percent, 0, 100);
    assert_string_equal(at + end, "");
}

/* On a terminal a long count redraws its progress line in place; Ctrl+C stops it at once, the
 * line is erased and one line says how far it got, stdout stays empty, and the status is 130. */
static void test_progress_and_ctrl_c_on_a_terminal(void **state)
{
    (void)state;
    char out_path[] = "/tmp/nq-cli-out-XXXXXX";
    int out_fd = mkstemp(out_path);
    assert_true(out_fd >= 0);
    static const char *const args[] = {LONG_COUNT, NULL};
    proc_pty p = start_on_terminal(args, out_fd);
    close(out_fd);
    while (progress_redraws(p.text, 59) < 2)
        if (!proc_pty_read(&p, 0.1))
            fail_msg("the count ended before it showed progress twice: '%s'", p.text);
    kill(p.pid, SIGINT);
    double sent = seconds_now();
    bool running = true;
    while (running && seconds_now() - sent < STOP_LIMIT)
        running = proc_pty_read(&p, 0.05);
    if (running) {
        kill(p.pid, SIGKILL);
        fail_msg("the count still ran %.1f s after SIGINT", STOP_LIMIT);
    }
    assert_int_equal(exit_status(proc_pty_finish(&p)), 130);
    char *stopped = strstr(p.text, "count 19 stopped after ");
    assert_stopped_line(p.text, stopped);
    assert_erased_before(p.text, (size_t)(stopped - p.text));
    char *out = slurp(out_path);
    assert_string_equal(out, "");
    free(out);
    unlink(out_path);
    free(p.text);
}

/* A count that completes on a terminal erases its line before the result; one that ran over a
 * second must have shown it. */
static void test_progress_erased_when_a_count_completes(void **state)
{
    (void)state;
    static const char *const args[] = {"count", COMPLETE_N, NULL};
    double start = seconds_now();
    proc_pty p = start_on_terminal(args, -1);
    assert_int_equal(exit_status(proc_pty_finish(&p)), 0);
    double seconds = seconds_now() - start;
    char *result = strstr(p.text, "solutions: " COMPLETE_SOLUTIONS "\n");
    if (!result)
        fail_msg("no result in '%s'", p.text);
    size_t before = (size_t)(result - p.text);
    if (before == 0 && seconds > 2)
        fail_msg("count %s ran %.1f s and showed no progress", COMPLETE_N, seconds);
    if (before > 0) {
        assert_in_range(progress_redraws(p.text, 59), 1, 1000);
        assert_erased_before(p.text, before);
    }
    assert_null(strchr(result, '\r'));
    free(p.text);
}

/* Stopped by Ctrl+C with stderr a pipe, or on a terminal with --quiet: no progress at all, only
 * the stopped line. */
static void test_no_progress_on_a_pipe_or_when_quiet(void **state)
{
    (void)state;
    run_result r = run_script("timeout --foreground --preserve-status -s INT 1.5 \"$NQ\" count 19 --threads 1");
    assert_int_equal(r.status, 130);
    assert_string_equal(r.out, "");
    assert_null(strchr(r.err, '\r'));
    assert_stopped_line(r.err, r.err);
    release(&r);

    static const char *const args[] = {LONG_COUNT, "--quiet", NULL};
    proc_pty p = start_on_terminal(args, -1);
    double start = seconds_now();
    while (seconds_now() - start < 1.5)
        if (!proc_pty_read(&p, 0.1))
            fail_msg("the count ended within 1.5 s: '%s'", p.text);
    kill(p.pid, SIGINT);
    assert_int_equal(exit_status(proc_pty_finish(&p)), 130);
    assert_null(strchr(p.text, '\r'));
    assert_stopped_line(p.text, p.text);
    free(p.text);
}

/* ---- the journal ---- */

/* The lines of a count's output without its time. */
static char *without_time(const char *out)
{
    char *copy = strdup(out);
    char *time = strstr(copy, "time: ");
    if (!time)
        fail_msg("no time line in '%s'", out);
    *time = '\0';
    return copy;
}

/* A count killed partway (kill -9) goes on from its journal: the rerun says how many parts the
 * journal held, counts the others, and prints the figures of a count in one go; every part is on
 * file exactly once. */
static void test_journal_goes_on_after_a_kill(void **state)
{
    (void)state;
    run_result whole = run("count 17");
    assert_int_equal(whole.status, 0);
    run_result r = run_script(
        "F=$(mktemp -u /tmp/nq-journal-XXXXXX); \"$NQ\" count 17 --threads 1 --journal \"$F\" >/dev/null 2>&1 & p=$!; "
        "for i in $(seq 1 3000); do [ \"$(grep -c '^part ' \"$F\" 2>/dev/null)\" -ge 200 ] 2>/dev/null && break; "
        "sleep 0.01; done; kill -9 $p; wait $p; "
        "before=$(grep -c '^part ' \"$F\"); \"$NQ\" count 17 --journal \"$F\"; status=$?; "
        "echo \"before $before status $status lines $(grep -c '^part ' \"$F\") "
        "distinct $(grep '^part ' \"$F\" | cut -d' ' -f2 | sort -u | wc -l)\" >&2; rm -f \"$F\"");
    assert_int_equal(r.status, 0);
    char *got = without_time(r.out), *want = without_time(whole.out);
    assert_string_equal(got, want);
    unsigned long before = 0, status = 1, lines = 0, distinct = 0, held = 0;
    const char *figures = strstr(r.err, "before ");
    if (!figures || sscanf(figures, "before %lu status %lu lines %lu distinct %lu", &before, &status, &lines,
                           &distinct) != 4)
        fail_msg("stderr is '%s'", r.err);
    assert_int_equal(status, 0);
    assert_int_equal(lines, 4395);
    assert_int_equal(distinct, 4395);
    assert_in_range(before, 200, 4394);
    const char *said = strstr(r.err, "nqueens-cli: the journal '");
    if (!said || !strstr(said, "' holds "))
        fail_msg("the rerun does not say what the journal held: '%s'", r.err);
    for (const char *c = strstr(said, "' holds ") + 8; (*c >= '0' && *c <= '9') || *c == ','; c++)
        held = *c == ',' ? held : 10 * held + (unsigned long)(*c - '0');
    assert_int_equal(held, before);
    if (!strstr(r.err, "of the 4,395 parts: counting the others\n"))
        fail_msg("'%s'", r.err);
    free(got);
    free(want);
    release(&whole);
    release(&r);
}

/* Ctrl+C keeps the journal and says so; the rerun goes on from it and, on a terminal, its
 * progress line says how much came from the journal. The Ctrl+C comes once the journal holds a
 * part (after a fixed time, a slow build had none yet, and the rerun then had nothing to say it
 * took from the journal: it counted all of 19 under ThreadSanitizer). */
static void test_journal_after_ctrl_c(void **state)
{
    (void)state;
    char journal_path[] = "/tmp/nq-journal-XXXXXX";
    int fd = mkstemp(journal_path);
    assert_true(fd >= 0);
    close(fd);
    char script[512];
    snprintf(script, sizeof script,
             "F=%s; env --default-signal=INT \"$NQ\" count 19 --journal \"$F\" & p=$!; "
             "while ! grep -q '^part ' \"$F\" && kill -0 $p 2>/dev/null; do sleep 0.02; done; kill -INT $p; wait $p",
             journal_path);
    run_result r = run_script(script);
    assert_int_equal(r.status, 130);
    assert_string_equal(r.out, "");
    if (!strstr(r.err, "count 19 stopped after ") || !strstr(r.err, "nqueens-cli: the journal '") ||
        !strstr(r.err, " of the 4,142 parts: run the same command to go on\n"))
        fail_msg("stderr is '%s'", r.err);
    release(&r);

    static const char *args[] = {"count", "19", "--journal", NULL, NULL};
    args[3] = journal_path;
    proc_pty p = start_on_terminal(args, -1);
    while (!strstr(p.text, "from the journal"))
        if (!proc_pty_read(&p, 0.1))
            fail_msg("the count ended without saying what came from the journal: '%s'", p.text);
    kill(p.pid, SIGINT);
    assert_int_equal(exit_status(proc_pty_finish(&p)), 130);
    if (!strstr(p.text, "holds ") || !strstr(p.text, "keeps "))
        fail_msg("'%s'", p.text);
    free(p.text);
    unlink(journal_path);
}

/* One SIGINT delivered twice at once, as timeout(1) delivers it (to the program and to its
 * group): still one Ctrl+C, which says how far the count got, every time. Sent as soon as the
 * journal has its header, the first moment a person could see the count at work: the count
 * catches SIGINT before it writes the header. The shell starts a job in the background with
 * SIGINT ignored: env gives it back its default. */
static void test_one_ctrl_c_delivered_twice(void **state)
{
    (void)state;
    run_result r = run_script("F=$(mktemp -u /tmp/nq-journal-XXXXXX); for i in 1 2 3 4 5 6 7 8; do "
                              "env --default-signal=INT \"$NQ\" count 19 --journal \"$F\" 2>\"$F.err\" & p=$!; "
                              "while ! [ -s \"$F\" ] && kill -0 $p 2>/dev/null; do "
                              "sleep 0.02; done; "
                              "kill -INT $p; kill -INT $p; wait $p; "
                              "echo \"$? $(grep -c 'keeps' \"$F.err\")\"; rm -f \"$F\"; done; rm -f \"$F.err\"");
    assert_string_equal(r.out, "130 1\n130 1\n130 1\n130 1\n130 1\n130 1\n130 1\n130 1\n");
    release(&r);
}

/* A journal of another count, or a file that is no journal, is refused and left as it was. */
static void test_journal_of_another_count_is_refused(void **state)
{
    (void)state;
    run_result r = run_script("F=$(mktemp /tmp/nq-journal-XXXXXX); \"$NQ\" count 9 --journal \"$F\" >/dev/null; "
                              "cp \"$F\" \"$F.before\"; \"$NQ\" count 10 --journal \"$F\"; s1=$?; "
                              "\"$NQ\" count 9 --first 2,1 --journal \"$F\"; s2=$?; cmp -s \"$F\" \"$F.before\"; "
                              "same=$?; echo 'a line of notes' > \"$F\"; \"$NQ\" count 9 --journal \"$F\"; s3=$?; "
                              "echo \"$s1 $s2 $same $(cat \"$F\")\"; rm -f \"$F\" \"$F.before\"");
    assert_string_equal(r.out, "2 2 0 a line of notes\n");
    if (!strstr(r.err, "is of 'count 9', not of 'count 10': give the name of a new file, or run 'count 9' to go on "
                       "with it\n") ||
        !strstr(r.err, "is of 'count 9', not of 'count 9 --first 2,1'") || !strstr(r.err, "is not a count journal"))
        fail_msg("stderr is '%s'", r.err);
    release(&r);
}

/* Ctrl+C stops a table within its current N: the rows before it stay, and the stopped line
 * names the N it stopped in (14 to 18 take a second and a half in Release, 19 four more). */
static void test_ctrl_c_stops_a_table(void **state)
{
    (void)state;
    run_result r = run_script("timeout --foreground --preserve-status -s INT 1.5 \"$NQ\" table 14 19");
    assert_int_equal(r.status, 130);
    int last = 13, n;
    for (const char *line = strchr(r.out, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        assert_int_equal(sscanf(line + 1, "%d", &n), 1);
        assert_int_equal(n, last + 1);
        last = n;
    }
    char expected[64];
    snprintf(expected, sizeof expected, "table, N = %d stopped after ", last + 1);
    assert_memory_equal(r.err, expected, strlen(expected));
    assert_non_null(strstr(r.err, "(incomplete)\n"));
    release(&r);
}

/* The language comes from the environment as in every GNU program, and --lang overrides it;
 * messages change, exit statuses and standard output do not. */
static void test_messages_in_the_language_asked(void **state)
{
    (void)state;
    const char *thai = "\xe0\xb8"; /* the start of every letter of the Thai block in UTF-8 */
    run_result r = run_script("LANGUAGE=th \"$NQ\" count 0");
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, thai));
    assert_non_null(strstr(r.err, "'0'"));
    release(&r);
    r = run_script("LANG=C LANGUAGE= \"$NQ\" --lang th count 0");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, thai));
    release(&r);
    r = run_script("LANGUAGE=th \"$NQ\" --lang en count 0");
    assert_string_equal(r.err, "nqueens-cli: N must be a whole number from 1 to 64 (got '0')\n");
    release(&r);
    r = run_script("LANGUAGE=he:th \"$NQ\" count 8");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "solutions: 92\n"));
    release(&r);
    r = run("--lang xx count 8");
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, "nqueens-cli: --lang must be one of en, th, fa, zh_TW and he (got 'xx')\n");
    release(&r);
    r = run("--lang xx --lang en count 8"); /* a later good code does not hide a bad one */
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    release(&r);
    r = run("count 8 --lang");
    assert_int_equal(r.status, 2);
    assert_string_equal(r.err, "nqueens-cli: --lang must be one of en, th, fa, zh_TW and he (got '')\n");
    release(&r);
}

/* Whether text is well-formed UTF-8 with no control character but the newline, no DEL and no C1
 * control: safe to put on a terminal. */
static bool safe_for_a_terminal(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        if (*p < 0x80) {
            if ((*p < 0x20 && *p != '\n') || *p == 0x7f)
                return false;
            p++;
            continue;
        }
        int len = (*p & 0xe0) == 0xc0 ? 2 : (*p & 0xf0) == 0xe0 ? 3 : (*p & 0xf8) == 0xf0 ? 4 : 0;
        if (!len || (len == 2 && *p < 0xc2))
            return false;
        for (int i = 1; i < len; i++)
            if ((p[i] & 0xc0) != 0x80)
                return false;
        if (len == 2 && *p == 0xc2 && p[1] <= 0x9f) /* U+0080 to U+009F */
            return false;
        p += len;
    }
    return true;
}

/* C0, DEL and C1 controls and bytes that are not UTF-8, typed in every place an argument goes, in
 * every language: each is refused with exit 2, and what comes back on stderr is safe for a
 * terminal (escaped), never the bytes themselves. */
static void test_control_bytes_never_reach_the_terminal(void **state)
{
    (void)state;
    static const char *const bad[] = {"\\302\\233", "\\302\\205x", "\\377\\300", "\\033[2J", "\\177"};
    static const char *const places[] = {
        "count %s",           "count 8 --first %s", "count 8 --threads %s", "count 8 %s",
        "list 8 --from %s",   "list 8 --format %s", "table 4 %s",           "find %s",
        "trace 6 --limit %s", "compare %s",         "heatmap 6 --first %s", "%s 8",
    };
    static const char *const languages[] = {"en", "th", "fa", "zh_TW", "he"};
    for (size_t l = 0; l < sizeof languages / sizeof languages[0]; l++)
        for (size_t i = 0; i < sizeof places / sizeof places[0]; i++)
            for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
                char value[64], args[160], script[320];
                snprintf(value, sizeof value, "\"$(printf -- '%s')\"", bad[b]);
                const char *at = strstr(places[i], "%s"); /* the place: the value goes there */
                snprintf(args, sizeof args, "%.*s%s%s", (int)(at - places[i]), places[i], value, at + 2);
                snprintf(script, sizeof script, "\"$NQ\" --lang %s %s", languages[l], args);
                run_result r = run_script(script);
                if (r.status != 2 || !r.err[0] || !safe_for_a_terminal(r.err))
                    fail_msg("%s: exit %d, stderr '%s'", script, r.status, r.err);
                release(&r);
            }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_cli PATH-TO-nqueens-cli\n");
        return 2;
    }
    cli_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list_four_is_the_design_example),
        cmocka_unit_test(test_list_lines_with_first_queen),
        cmocka_unit_test(test_list_from_numbers_the_boards),
        cmocka_unit_test(test_coords_and_json),
        cmocka_unit_test(test_list_unique),
        cmocka_unit_test(test_no_solution),
        cmocka_unit_test(test_count_and_table),
        cmocka_unit_test(test_count_labels_what_it_counted),
        cmocka_unit_test(test_find),
        cmocka_unit_test(test_find_on_huge_boards),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_control_bytes_never_reach_the_terminal),
        cmocka_unit_test(test_help_and_version),
        cmocka_unit_test(test_output_that_cannot_be_written),
        cmocka_unit_test(test_out_of_memory_is_said),
        cmocka_unit_test(test_help_anywhere),
        cmocka_unit_test(test_find_format_none_answers_by_status),
        cmocka_unit_test(test_list_from_on_a_huge_board),
        cmocka_unit_test(test_list_from_far_into_the_list),
        cmocka_unit_test(test_trace_four_text_and_csv),
        cmocka_unit_test(test_trace_six_counts),
        cmocka_unit_test(test_trace_slices),
        cmocka_unit_test(test_trace_pinned_queen),
        cmocka_unit_test(test_trace_stops_when_the_reader_leaves),
        cmocka_unit_test(test_count_with_a_method),
        cmocka_unit_test(test_compare_table),
        cmocka_unit_test(test_heatmap),
        cmocka_unit_test(test_trace_methods),
        cmocka_unit_test(test_find_minconflicts),
        cmocka_unit_test(test_progress_and_ctrl_c_on_a_terminal),
        cmocka_unit_test(test_progress_erased_when_a_count_completes),
        cmocka_unit_test(test_no_progress_on_a_pipe_or_when_quiet),
        cmocka_unit_test(test_journal_goes_on_after_a_kill),
        cmocka_unit_test(test_journal_after_ctrl_c),
        cmocka_unit_test(test_journal_of_another_count_is_refused),
        cmocka_unit_test(test_one_ctrl_c_delivered_twice),
        cmocka_unit_test(test_ctrl_c_stops_a_table),
        cmocka_unit_test(test_messages_in_the_language_asked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
