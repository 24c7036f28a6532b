/*
 * nq/board.h -- the board as the whole program speaks of it: sizes, squares, placements, the
 * lines a queen attacks along and the squares it attacks, the one verify function every shown or
 * printed board passes, and the text layouts.
 *
 * A placement is an array of N column numbers, one per row, top row first, 0-based inside the
 * program. People see 1-based (column, row) pairs; nq_square_parse() and the writers below are
 * the one place where the two meet.
 */
#ifndef NQ_BOARD_H
#define NQ_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The board sizes the bitboard engine (enumeration, counting, random access) accepts. */
enum { NQ_MIN_N = 1, NQ_MAX_N = 64 };

/* A square, 0-based: column counts from the left, row from the top. */
typedef struct nq_square {
    int column;
    int row;
} nq_square;

/* The lines along which a queen attacks, in the words used everywhere (CLI, app, narration). */
typedef enum nq_line { NQ_LINE_ROW, NQ_LINE_COLUMN, NQ_LINE_DOWN_RIGHT, NQ_LINE_DOWN_LEFT } nq_line;

/* "row", "column", "diagonal down to the right", "diagonal down to the left" */
const char *nq_line_name(nq_line line);

/* The squares of `row` (bit c = column c) that the queens of cols attack; cols[r] < 0 means row
   r has no queen; only rows 0..n-1 are read; a queen attacks the rest of its own row too, never
   its own square. n <= NQ_MAX_N. Any thread. */
uint64_t nq_board_attacked_in_row(int n, const int *cols, int row);

/* What verify found wrong with a placement. Rows are 0-based; row_b is the later row. */
typedef enum nq_fault_kind {
    NQ_FAULT_NONE,
    NQ_FAULT_SIZE,       /* n is below 1 */
    NQ_FAULT_OFF_BOARD,  /* row_a holds a column outside 0..n-1 */
    NQ_FAULT_ATTACK,     /* the queens of row_a and row_b attack each other along `line` */
    NQ_FAULT_FIRST_QUEEN /* the pinned first queen is not in the placement */
} nq_fault_kind;

typedef struct nq_fault {
    nq_fault_kind kind;
    int row_a;
    int row_b;
    nq_line line; /* NQ_FAULT_ATTACK: the line the two queens share (never NQ_LINE_ROW) */
} nq_fault;

/*
 * Checks that cols[0..n-1] places n queens no two of which attack each other, and, when first
 * is not NULL, that the queen of first->row stands on first->column. Works for any n >= 1 (also
 * beyond NQ_MAX_N); O(n) time, and for n > 64 O(n) temporary memory. On failure it fills *fault
 * (if not NULL) with the first problem in row order. Any thread may call it.
 */
bool nq_verify(int n, const int *cols, const nq_square *first, nq_fault *fault);

/* Writes a sentence, 1-based as people count, that says what *fault means for cols (reads the
 * rows the fault names). */
void nq_fault_describe(const nq_fault *fault, int n, const int *cols, const nq_square *first,
                       char *buf, size_t size);

/*
 * Parses "COL,ROW" (1-based, each from 1 to n, digits only) into a 0-based square.
 * Returns false and writes a message naming the allowed range into err when the text is
 * malformed or off the board; *out is then untouched.
 */
bool nq_square_parse(const char *text, int n, nq_square *out, char *err, size_t err_size);

/*
 * Parses a whole number from lo to hi (digits only, no sign, no spaces) into *out.
 * Returns false on anything else; *out is then untouched.
 */
bool nq_parse_number(const char *text, uint64_t lo, uint64_t hi, uint64_t *out);

/*
 * The board layout of DESIGN.md: a header of column numbers, then each row with its number and
 * "  Q" or "  ." per square. Reads cols[0..n-1]. Writes neither a heading nor the blank line after
 * the board.
 */
void nq_board_write(FILE *out, int n, const int *cols);

/*
 * Writes text to out with every control character written as a C escape (\n, \r, \t, \xHH for
 * the rest of C0 and DEL, \uHHHH for the C1 controls U+0080 to U+009F), every byte that is not
 * part of well-formed UTF-8 as \xHH, and a backslash doubled, so that something a person typed can
 * be quoted in a one-line message, in any language, without splitting it, faking an escape or
 * sending the terminal a control sequence. Any thread.
 */
void nq_write_escaped(FILE *out, const char *text);

/* One line: the 1-based columns of cols[0..n-1] separated by single spaces, then a newline. */
void nq_line_write(FILE *out, int n, const int *cols);

/* value with thousands separators, "14,772,512", into buf (size bytes; cut short, but always
 * ended, if it is too small), as every count a person reads is written. Any thread. */
void nq_grouped(uint64_t value, char *buf, size_t size);

#endif
