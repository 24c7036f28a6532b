/* test_board.c -- verify, its descriptions, parsing of numbers and squares, the text layouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nq/board.h"

static void expect_fault(int n, const int *cols, const nq_square *first, nq_fault_kind kind, int row_a,
                         int row_b, const char *phrase)
{
    nq_fault fault;
    assert_false(nq_verify(n, cols, first, &fault));
    assert_int_equal(fault.kind, kind);
    assert_int_equal(fault.row_a, row_a);
    assert_int_equal(fault.row_b, row_b);
    char text[200];
    nq_fault_describe(&fault, n, cols, first, text, sizeof text);
    if (!strstr(text, phrase))
        fail_msg("'%s' does not contain '%s'", text, phrase);
}

static void test_verify_accepts_solutions(void **state)
{
    (void)state;
    static const int four[] = {1, 3, 0, 2};
    static const int eight[] = {0, 4, 7, 5, 2, 6, 1, 3};
    static const int one[] = {0};
    nq_fault fault;
    assert_true(nq_verify(4, four, NULL, &fault));
    assert_int_equal(fault.kind, NQ_FAULT_NONE);
    assert_true(nq_verify(8, eight, NULL, NULL));
    assert_true(nq_verify(1, one, NULL, NULL));
    nq_square pin = {4, 1};
    assert_true(nq_verify(8, eight, &pin, NULL));
}

/* A 100 x 100 placement goes beyond the stack buffer: the heap path must agree. */
static void test_verify_large_board(void **state)
{
    (void)state;
    enum { N = 100 };
    int cols[N];
    /* n = 100 is 4 mod 6, where the classic construction is: evens then odds, 1-based. */
    for (int i = 0; i < N / 2; i++) {
        cols[i] = 2 * i + 1;
        cols[N / 2 + i] = 2 * i;
    }
    assert_true(nq_verify(N, cols, NULL, NULL));
    /* Swapped, rows 10 and 11 hold columns 23 and 21 (0-based); the first conflict in row order
     * is row 11's queen with row 9's (column 19), on one down-right diagonal. */
    int tmp = cols[10];
    cols[10] = cols[11];
    cols[11] = tmp;
    expect_fault(N, cols, NULL, NQ_FAULT_ATTACK, 9, 11,
                 "the queens at column 20, row 10 and column 22, row 12");
    nq_fault fault;
    assert_false(nq_verify(N, cols, NULL, &fault));
    assert_int_equal(fault.line, NQ_LINE_DOWN_RIGHT);
}

static void test_verify_names_every_fault(void **state)
{
    (void)state;
    expect_fault(0, NULL, NULL, NQ_FAULT_SIZE, -1, -1, "not at least 1");
    static const int off_right[] = {1, 3, 0, 4};
    expect_fault(4, off_right, NULL, NQ_FAULT_OFF_BOARD, 3, -1, "row 4 has its queen in column 5, outside 1 to 4");
    static const int off_left[] = {-1, 3, 0, 2};
    expect_fault(4, off_left, NULL, NQ_FAULT_OFF_BOARD, 0, -1, "row 1");
    static const int column[] = {1, 3, 1, 2};
    expect_fault(4, column, NULL, NQ_FAULT_ATTACK, 0, 2,
                 "the queens at column 2, row 1 and column 2, row 3 share a column");
    static const int diagonal[] = {0, 2, 3, 1};
    /* (col 3,row 2) and (col 4,row 3) lie on one down-right diagonal; checked before anything later. */
    expect_fault(4, diagonal, NULL, NQ_FAULT_ATTACK, 1, 2, "down to the right");
    static const int anti[] = {2, 1, 3, 0};
    /* (col 3,row 1) and (col 2,row 2) lie on one down-left diagonal. */
    expect_fault(4, anti, NULL, NQ_FAULT_ATTACK, 0, 1, "down to the left");
    static const int four[] = {1, 3, 0, 2};
    nq_square pin = {0, 0};
    expect_fault(4, four, &pin, NQ_FAULT_FIRST_QUEEN, 0, -1, "first queen at column 1, row 1");
}

static void test_parse_number(void **state)
{
    (void)state;
    uint64_t v = 7;
    assert_true(nq_parse_number("64", 1, 64, &v));
    assert_int_equal(v, 64);
    assert_true(nq_parse_number("18446744073709551615", 0, UINT64_MAX, &v));
    assert_int_equal(v, UINT64_MAX);
    v = 7;
    static const char *bad[] = {"", "0", "65", "-1", "+1", " 1", "1 ", "1.0", "abc", "0x10",
                                "18446744073709551616", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (nq_parse_number(bad[i], 1, 64, &v))
            fail_msg("'%s' was accepted", bad[i]);
        assert_int_equal(v, 7);
    }
    assert_false(nq_parse_number(NULL, 1, 64, &v));
}

static void test_square_parse(void **state)
{
    (void)state;
    nq_square sq = {-5, -5};
    char err[160];
    assert_true(nq_square_parse("1,2", 8, &sq, err, sizeof err));
    assert_int_equal(sq.column, 0);
    assert_int_equal(sq.row, 1);
    assert_true(nq_square_parse("8,8", 8, &sq, err, sizeof err));
    assert_int_equal(sq.column, 7);
    assert_int_equal(sq.row, 7);

    static const char *off[] = {"0,2", "9,1", "1,9", "1,0", "100,100"};
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
        nq_square before = sq;
        assert_false(nq_square_parse(off[i], 8, &sq, err, sizeof err));
        assert_memory_equal(&before, &sq, sizeof sq);
        if (!strstr(err, "from 1 to 8") || !strstr(err, off[i]))
            fail_msg("message for '%s' was '%s'", off[i], err);
    }
    static const char *malformed[] = {"", "1", ",", "1,", ",2", "1,2,3", "a,b", "1 ,2", "1, 2",
                                      "-1,2", "+1,2", "1;2", "1.5,2", "123456789012345678901234,1"};
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
        nq_square before = sq;
        assert_false(nq_square_parse(malformed[i], 8, &sq, err, sizeof err));
        assert_memory_equal(&before, &sq, sizeof sq);
        if (!strstr(err, "COL,ROW") || !strstr(err, "from 1 to 8"))
            fail_msg("message for '%s' was '%s'", malformed[i], err);
    }
}

/* Runs a writer into memory and returns what it wrote (caller frees). */
static char *capture(void (*writer)(FILE *, int, const int *), int n, const int *cols)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    writer(out, n, cols);
    fclose(out);
    return text;
}

static void test_board_layout(void **state)
{
    (void)state;
    static const int four[] = {1, 3, 0, 2};
    char *text = capture(nq_board_write, 4, four);
    assert_string_equal(text, "   1  2  3  4\n"
                              "1  .  Q  .  .\n"
                              "2  .  .  .  Q\n"
                              "3  Q  .  .  .\n"
                              "4  .  .  Q  .\n");
    free(text);

    /* Two-digit N: row numbers right-aligned in two characters, header indented by two. */
    static const int ten[] = {0, 2, 5, 7, 9, 4, 8, 1, 3, 6};
    assert_true(nq_verify(10, ten, NULL, NULL));
    text = capture(nq_board_write, 10, ten);
    const char *expected_start = "    1  2  3  4  5  6  7  8  9 10\n"
                                 " 1  Q  .  .  .  .  .  .  .  .  .\n";
    assert_memory_equal(text, expected_start, strlen(expected_start));
    assert_non_null(strstr(text, "\n10  .  .  .  .  .  .  Q  .  .  .\n"));
    free(text);
}

static void test_line_layout(void **state)
{
    (void)state;
    static const int four[] = {1, 3, 0, 2};
    char *text = capture(nq_line_write, 4, four);
    assert_string_equal(text, "2 4 1 3\n");
    free(text);
    static const int one[] = {0};
    text = capture(nq_line_write, 1, one);
    assert_string_equal(text, "1\n");
    free(text);
}

/* Each attack fault names the line the two queens share, in the words of nq_line_name(). */
static void test_attack_faults_name_their_line(void **state)
{
    (void)state;
    static const int column[] = {1, 3, 1, 2};
    static const int diagonal[] = {0, 2, 3, 1};
    static const int anti[] = {2, 1, 3, 0};
    const int *boards[] = {column, diagonal, anti};
    static const nq_line lines[] = {NQ_LINE_COLUMN, NQ_LINE_DOWN_RIGHT, NQ_LINE_DOWN_LEFT};
    for (int i = 0; i < 3; i++) {
        nq_fault fault;
        assert_false(nq_verify(4, boards[i], NULL, &fault));
        assert_int_equal(fault.line, lines[i]);
    }
    assert_string_equal(nq_line_name(NQ_LINE_ROW), "row");
    assert_string_equal(nq_line_name(NQ_LINE_COLUMN), "column");
    assert_string_equal(nq_line_name(NQ_LINE_DOWN_RIGHT), "diagonal down to the right");
    assert_string_equal(nq_line_name(NQ_LINE_DOWN_LEFT), "diagonal down to the left");
    char text[200];
    nq_fault fault;
    assert_false(nq_verify(4, diagonal, NULL, &fault));
    nq_fault_describe(&fault, 4, diagonal, NULL, text, sizeof text);
    assert_string_equal(text, "the queens at column 3, row 2 and column 4, row 3 share a diagonal down to the right");
}

/* The attacked squares of every row, against the rule written out square by square. */
static void test_attacked_in_row(void **state)
{
    (void)state;
    enum { N = 9 };
    static const int cols[N] = {0, -1, 4, -1, -1, 8, 2, -1, -1};
    for (int row = 0; row < N; row++) {
        uint64_t expected = 0;
        for (int c = 0; c < N; c++)
            for (int r = 0; r < N; r++) {
                int q = cols[r], dr = r > row ? r - row : row - r, dc = q > c ? q - c : c - q;
                if (q >= 0 && !(r == row && q == c) && (r == row || q == c || dr == dc))
                    expected |= UINT64_C(1) << c;
            }
        assert_int_equal(nq_board_attacked_in_row(N, cols, row), expected);
    }
    int full[64];
    for (int r = 0; r < 64; r++)
        full[r] = -1;
    full[0] = 63;
    assert_int_equal(nq_board_attacked_in_row(64, full, 0), ~UINT64_C(0) >> 1);
    assert_int_equal(nq_board_attacked_in_row(64, full, 63), (UINT64_C(1) << 63) | 1);
}

/* Typed text quoted in a message stays one line and cannot fake an escape. */
static void test_escaped_text_is_one_line(void **state)
{
    (void)state;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    nq_write_escaped(out, "a\nb\r\tc\\n\x1b[31m\x7f\xc3\xa9");
    fclose(out);
    assert_string_equal(text, "a\\nb\\r\\tc\\\\n\\x1b[31m\\x7f\xc3\xa9");
    free(text);
}

/* C1 controls (a one-byte CSI on some terminals, NEL) and bytes that are not UTF-8 are escaped
 * too; every well-formed character of every language passes as it is. */
#define WORDS_OF_EVERY_LANGUAGE "ไทย فارسی 中文 עברית \xf0\x9f\x91\x91"
static void test_escaped_text_is_safe_for_a_terminal(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"\xc2\x9b" "31m", "\\u009b31m"},        /* U+009B, CSI */
        {"a\xc2\x85" "b", "a\\u0085b"},          /* U+0085, NEL */
        {"\xc2\x80\xc2\x9f\xc2\xa0", "\\u0080\\u009f\xc2\xa0"}, /* C1's ends; NBSP is text */
        {"\x9b", "\\x9b"},                       /* a lone byte of Latin-1's CSI */
        {"\xc3", "\\xc3"},                       /* cut short at the end */
        {"\xc3(", "\\xc3("},                     /* cut short by another character */
        {"\xc0\xaf", "\\xc0\\xaf"},             /* overlong '/' */
        {"\xe0\x80\xaf", "\\xe0\\x80\\xaf"},   /* overlong, three bytes */
        {"\xed\xa0\x80", "\\xed\\xa0\\x80"},   /* a surrogate */
        {"\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80"}, /* past U+10FFFF */
        {"\xff\xfe", "\\xff\\xfe"},
        {WORDS_OF_EVERY_LANGUAGE, WORDS_OF_EVERY_LANGUAGE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = NULL;
        size_t size = 0;
        FILE *out = open_memstream(&text, &size);
        assert_non_null(out);
        nq_write_escaped(out, cases[i].in);
        fclose(out);
        assert_string_equal(text, cases[i].out);
        free(text);
    }
}

/* Numbers a person reads have thousands separators; a buffer too small cuts them short, ended. */
static void test_grouped(void **state)
{
    (void)state;
    char buf[40];
    nq_grouped(95815104, buf, sizeof buf);
    assert_string_equal(buf, "95,815,104");
    nq_grouped(999, buf, sizeof buf);
    assert_string_equal(buf, "999");
    nq_grouped(1000, buf, sizeof buf);
    assert_string_equal(buf, "1,000");
    nq_grouped(0, buf, sizeof buf);
    assert_string_equal(buf, "0");
    nq_grouped(UINT64_MAX, buf, sizeof buf);
    assert_string_equal(buf, "18,446,744,073,709,551,615");
    char small[6];
    nq_grouped(1234567, small, sizeof small);
    assert_string_equal(small, "1,234");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verify_accepts_solutions),
        cmocka_unit_test(test_escaped_text_is_one_line),
        cmocka_unit_test(test_escaped_text_is_safe_for_a_terminal),
        cmocka_unit_test(test_verify_large_board),
        cmocka_unit_test(test_verify_names_every_fault),
        cmocka_unit_test(test_parse_number),
        cmocka_unit_test(test_square_parse),
        cmocka_unit_test(test_board_layout),
        cmocka_unit_test(test_line_layout),
        cmocka_unit_test(test_attack_faults_name_their_line),
        cmocka_unit_test(test_attacked_in_row),
        cmocka_unit_test(test_grouped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
