/*
 * board.c -- verify, parse and print placements, and the attacked squares of a row. This is the
 * only file that turns 0-based squares into the 1-based (column, row) people read, and back, and
 * the one that names the lines a queen attacks along.
 *
 * Verify keeps, for every column and both diagonal directions, the row that first claimed it, so
 * it names the two queens of the first attack in row order in O(n).
 */
#include "nq/board.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "nq/i18n.h"
#include "check.h"

const char *nq_line_name(nq_line line)
{
    static const char *const names[] = {
        [NQ_LINE_ROW] = "row",
        [NQ_LINE_COLUMN] = "column",
        [NQ_LINE_DOWN_RIGHT] = "diagonal down to the right",
        [NQ_LINE_DOWN_LEFT] = "diagonal down to the left",
    };
    NQ_CHECK((size_t)line < sizeof names / sizeof names[0]);
    return names[line];
}

uint64_t nq_board_attacked_in_row(int n, const int *cols, int row)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N && row >= 0 && row < n);
    uint64_t attacked = 0;
    for (int r = 0; r < n; r++)
        if (cols[r] >= 0)
            attacked |= nq_queen_attacks_row(n, cols[r], r > row ? r - row : row - r);
    return attacked;
}

bool nq_verify(int n, const int *cols, const nq_square *first, nq_fault *fault)
{
    nq_fault found = {NQ_FAULT_NONE, -1, -1, NQ_LINE_ROW};
    if (n < 1) {
        found.kind = NQ_FAULT_SIZE;
        goto done;
    }
    /* owners[i] = 1 + the row whose queen claimed line i; 0 = free. Columns, then down-right
     * diagonals, then down-left diagonals, each numbered by nq_line_number(). */
    size_t lines = (size_t)n + 2 * (2 * (size_t)n - 1);
    int small[NQ_MAX_N * 5];
    int *owners = lines <= sizeof small / sizeof small[0] ? small
                                                           : NQ_CHECK_ALLOC(malloc(lines * sizeof *owners));
    memset(owners, 0, lines * sizeof *owners);
    int *first_owner[NQ_CLAIMED_LINES] = {owners, owners + n, owners + n + (2 * n - 1)};
    for (int row = 0; row < n && found.kind == NQ_FAULT_NONE; row++) {
        int col = cols[row];
        if (col < 0 || col >= n) {
            found = (nq_fault){NQ_FAULT_OFF_BOARD, row, -1, NQ_LINE_ROW};
            break;
        }
        for (int i = 0; i < NQ_CLAIMED_LINES && found.kind == NQ_FAULT_NONE; i++) {
            int *claim = &first_owner[i][nq_line_number(nq_claimed_line(i), n, col, row)];
            if (*claim)
                found = (nq_fault){NQ_FAULT_ATTACK, *claim - 1, row, nq_claimed_line(i)};
            else
                *claim = row + 1;
        }
    }
    if (owners != small)
        free(owners);
    if (found.kind == NQ_FAULT_NONE && first &&
        (first->row < 0 || first->row >= n || cols[first->row] != first->column))
        found = (nq_fault){NQ_FAULT_FIRST_QUEEN, first->row, -1, NQ_LINE_ROW};
done:
    if (fault)
        *fault = found;
    return found.kind == NQ_FAULT_NONE;
}

void nq_fault_describe(const nq_fault *fault, int n, const int *cols, const nq_square *first,
                       char *buf, size_t size)
{
    int a = fault->row_a, b = fault->row_b;
    switch (fault->kind) {
    case NQ_FAULT_NONE:
        snprintf(buf, size, "no two queens attack each other");
        return;
    case NQ_FAULT_SIZE:
        snprintf(buf, size, "the board size %d is not at least 1", n);
        return;
    case NQ_FAULT_OFF_BOARD:
        snprintf(buf, size, "row %d has its queen in column %d, outside 1 to %d", a + 1, cols[a] + 1, n);
        return;
    case NQ_FAULT_FIRST_QUEEN:
        snprintf(buf, size, "the first queen at column %d, row %d is not on the board",
                 first ? first->column + 1 : 0, first ? first->row + 1 : 0);
        return;
    case NQ_FAULT_ATTACK:
        snprintf(buf, size, "the queens at column %d, row %d and column %d, row %d share a %s",
                 cols[a] + 1, a + 1, cols[b] + 1, b + 1, nq_line_name(fault->line));
        return;
    }
}

bool nq_parse_number(const char *text, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!text || !*text)
        return false;
    uint64_t value = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned digit = (unsigned)(*p - '0');
        if (value > (UINT64_MAX - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    if (value < lo || value > hi)
        return false;
    *out = value;
    return true;
}

bool nq_square_parse(const char *text, int n, nq_square *out, char *err, size_t err_size)
{
    const char *comma = text ? strchr(text, ',') : NULL;
    char column_text[24];
    uint64_t column = 0, row = 0;
    size_t column_len = comma ? (size_t)(comma - text) : 0;
    if (!comma || column_len >= sizeof column_text) {
        snprintf(err, err_size, _("'%s' is not COL,ROW (two whole numbers from 1 to %d, e.g. 1,2)"),
                 text ? text : "", n);
        return false;
    }
    memcpy(column_text, text, column_len);
    column_text[column_len] = '\0';
    bool column_ok = nq_parse_number(column_text, 0, UINT64_MAX, &column);
    bool row_ok = nq_parse_number(comma + 1, 0, UINT64_MAX, &row);
    if (!column_ok || !row_ok) {
        snprintf(err, err_size, _("'%s' is not COL,ROW (two whole numbers from 1 to %d, e.g. 1,2)"), text, n);
        return false;
    }
    if (column < 1 || column > (uint64_t)n || row < 1 || row > (uint64_t)n) {
        snprintf(err, err_size, _("'%s' is off the %d x %d board: column and row go from 1 to %d"), text, n,
                 n, n);
        return false;
    }
    out->column = (int)column - 1;
    out->row = (int)row - 1;
    return true;
}

static int digits(int value)
{
    int count = 1;
    while (value >= 10) {
        value /= 10;
        count++;
    }
    return count;
}

void nq_board_write(FILE *out, int n, const int *cols)
{
    int width = digits(n);
    fprintf(out, "%*s", width, "");
    for (int col = 0; col < n; col++)
        fprintf(out, "%3d", col + 1);
    fputc('\n', out);
    for (int row = 0; row < n; row++) {
        fprintf(out, "%*d", width, row + 1);
        for (int col = 0; col < n; col++)
            fputs(cols[row] == col ? "  Q" : "  .", out);
        fputc('\n', out);
    }
}

void nq_line_write(FILE *out, int n, const int *cols)
{
    for (int row = 0; row < n; row++)
        fprintf(out, row ? " %d" : "%d", cols[row] + 1);
    fputc('\n', out);
}

/* The length of the well-formed UTF-8 sequence at p (1 to 4), with its code point in *cp; 0 when
 * the bytes there are not one (a stray continuation byte, a sequence cut short, an overlong form,
 * a surrogate, or past U+10FFFF). */
static int utf8_sequence(const unsigned char *p, uint32_t *cp)
{
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    int len = p[0] < 0x80 ? 1 : (p[0] & 0xe0) == 0xc0 ? 2 : (p[0] & 0xf0) == 0xe0 ? 3 : (p[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (!len)
        return 0;
    uint32_t c = len == 1 ? p[0] : p[0] & (0x7fu >> len);
    for (int i = 1; i < len; i++) {
        if ((p[i] & 0xc0) != 0x80) /* also stops at the string's end */
            return 0;
        c = (c << 6) | (p[i] & 0x3fu);
    }
    if (c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return len;
}

void nq_write_escaped(FILE *out, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        uint32_t c;
        int len = utf8_sequence(p, &c);
        if (!len) { /* not UTF-8: the byte as it is, escaped */
            fprintf(out, "\\x%02x", *p++);
            continue;
        }
        if (c == '\n')
            fputs("\\n", out);
        else if (c == '\r')
            fputs("\\r", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c == '\\')
            fputs("\\\\", out);
        else if (c < 0x20 || c == 0x7f)
            fprintf(out, "\\x%02x", (unsigned)c);
        else if (c >= 0x80 && c <= 0x9f) /* C1 controls: U+009B is a CSI on some terminals */
            fprintf(out, "\\u%04x", (unsigned)c);
        else
            fwrite(p, 1, (size_t)len, out);
        p += len;
    }
}

void nq_grouped(uint64_t value, char *buf, size_t size)
{
    char digits[24];
    int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)value);
    if (!size)
        return;
    size_t o = 0;
    for (int i = 0; i < len; i++) {
        bool comma = i > 0 && (len - i) % 3 == 0;
        if (o + comma + 2 > size) /* the digit, its comma and the end must fit */
            break;
        if (comma)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
}
