/*
 * bits.h -- the bitboard vocabulary and the attack rule shared by the engine. Private to src/core.
 *
 * A row's squares are the bits of a uint64_t: bit c is column c, so the lowest set bit is the
 * leftmost free column and taking bits lowest first walks a row in lexicographic order.
 * Going one row down, a queen's down-right diagonal moves one column right (shift left) and its
 * down-left diagonal one column left (shift right).
 *
 * The attack rule itself is written here once: nq_line_number() numbers the lines through a
 * square (two queens attack each other when they share a number), nq_queen_line() applies it to
 * a pair of squares and nq_queen_attacks_row() gives it as a row's bits; the searches, verify and
 * the public nq_board_attacked_in_row() say it through these.
 */
#ifndef NQ_BITS_H
#define NQ_BITS_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"

/* All n columns of a row. */
static inline uint64_t nq_full_row(int n)
{
    return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
}

/* Column of the lowest set bit; m must not be 0. */
static inline int nq_lowest_column(uint64_t m)
{
    return __builtin_ctzll(m);
}

static inline int nq_popcount(uint64_t m)
{
    return __builtin_popcountll(m);
}

/* A placement holds one queen a row, so the lines its queens can share are the other three:
 * line i (0 <= i < NQ_CLAIMED_LINES) is NQ_LINE_COLUMN + i. Verify and the orbit search keep
 * track of these. */
enum { NQ_CLAIMED_LINES = 3 };

static inline nq_line nq_claimed_line(int i)
{
    return (nq_line)(NQ_LINE_COLUMN + i);
}

/* The number of the line of the given direction through (column, row) on an n x n board: rows
 * and columns 0..n-1, diagonals 0..2n-2. Two squares attack each other along a line exactly
 * when their numbers for it are equal. */
static inline int nq_line_number(nq_line line, int n, int column, int row)
{
    switch (line) {
    case NQ_LINE_ROW: return row;
    case NQ_LINE_COLUMN: return column;
    case NQ_LINE_DOWN_RIGHT: return row - column + n - 1; /* equal row - column */
    case NQ_LINE_DOWN_LEFT: return row + column;          /* equal row + column */
    }
    return -1;
}

/* Whether a queen on (column, row) attacks the other square (c, r) of an n x n board, and if so
 * along which line into *line: its row, then its column, then the diagonals. A square does not
 * attack itself. */
static inline bool nq_queen_line(int n, int column, int row, int c, int r, nq_line *line)
{
    if (column == c && row == r)
        return false;
    for (nq_line l = NQ_LINE_ROW; l <= NQ_LINE_DOWN_LEFT; l++) {
        if (nq_line_number(l, n, column, row) == nq_line_number(l, n, c, r)) {
            *line = l;
            return true;
        }
    }
    return false;
}

/* The squares of a row `dist` rows away from a queen on `column` of an n-column board that the
 * queen attacks: the rest of its own row at distance 0, otherwise its column and the two
 * diagonal squares that are still on the board. */
static inline uint64_t nq_queen_attacks_row(int n, int column, int dist)
{
    uint64_t bit = UINT64_C(1) << column;
    if (dist == 0)
        return nq_full_row(n) & ~bit;
    uint64_t attacked = bit;
    if (column + dist < n)
        attacked |= bit << dist;
    if (column - dist >= 0)
        attacked |= bit >> dist;
    return attacked;
}

/* What the queens placed so far attack in the row being filled: their columns, and the squares
 * their down-right and down-left diagonals reach in this row. */
typedef struct nq_attacks {
    uint64_t taken, down_right, down_left;
} nq_attacks;

/* The attacks entering the next row after a queen on the square bit of this one. Bits pushed past
 * column n - 1 are harmless as long as every row is masked with its allowed squares. */
static inline nq_attacks nq_attacks_next(nq_attacks a, uint64_t bit)
{
    return (nq_attacks){a.taken | bit, (a.down_right | bit) << 1, (a.down_left | bit) >> 1};
}

/* Squares of a row that the attacks leave open, among allowed. */
static inline uint64_t nq_attacks_open(nq_attacks a, uint64_t allowed)
{
    return ~(a.taken | a.down_right | a.down_left) & allowed;
}

/*
 * allowed[r] = the squares of row r a pinned first queen leaves open: only its own square in its
 * row, and every square it does not attack elsewhere. Without a first queen every row is full.
 * Masking each row with these prunes the rows above the pin as early as the rows below.
 */
static inline void nq_allowed_rows(int n, const nq_square *first, uint64_t allowed[NQ_MAX_N])
{
    uint64_t full = nq_full_row(n);
    for (int row = 0; row < n; row++) {
        if (!first) {
            allowed[row] = full;
            continue;
        }
        if (row == first->row) {
            allowed[row] = UINT64_C(1) << first->column;
            continue;
        }
        int dist = row > first->row ? row - first->row : first->row - row;
        allowed[row] = full & ~nq_queen_attacks_row(n, first->column, dist);
    }
}

#endif
