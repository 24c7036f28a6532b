/*
 * journal.c -- the journal of a long count (journal.h): its header, its lines, their checks.
 *
 * A line is read a byte at a time into a fixed buffer, so a huge file without newlines, or one
 * with zero bytes, costs nothing to refuse. The check is the 32-bit FNV-1a hash of the count's
 * header followed by the line's text before it, in hexadecimal: a line changed by hand or by a
 * disk does not pass, and neither does a well-formed line of another journal (another N, pin,
 * split, version or number of parts), which would add another count's figures. A file that
 * is a beginning of this count's header (empty, or cut off while the header was written) holds no
 * part yet and is started again.
 */
#include "journal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nq/alloc.h"
#include "nq/clock.h"
#include "nq/i18n.h"

#ifndef NQ_VERSION
#define NQ_VERSION "unknown"
#endif

/* The longest line a journal holds: a part line of six 20-digit numbers and a check is 137. */
enum { LINE_BYTES = 160, HEADER_LINES = 6, HEADER_BYTES = 256 };

/* Format 2 binds each line's check to the header; format 1's lines had checks of their own text. */
static const char MAGIC[] = "nqueens-journal 2";
static const char HEX[] = "0123456789abcdef";

/* How a count is named to the user, as the command that runs it: "count 18 --first 3,1". */
static void count_name(const journal_count *of, char *out, size_t size)
{
    if (of->has_first)
        snprintf(out, size, "count %d --first %d,%d", of->n, of->first.column + 1, of->first.row + 1);
    else
        snprintf(out, size, "count %d", of->n);
}

/* The header a journal of `of` begins with; returns its length. */
static size_t header_text(const journal_count *of, char *out, size_t size)
{
    char first[32] = "none";
    if (of->has_first)
        snprintf(first, sizeof first, "%d,%d", of->first.column + 1, of->first.row + 1);
    int length = snprintf(out, size, "%s\nprogram %s\nn %d\nfirst %s\nmethod %s\nparts %" PRIu64 "\n", MAGIC,
                          NQ_VERSION, of->n, first, of->method, of->parts);
    return length < 0 ? 0 : (size_t)length;
}

/* FNV-1a over text, from hash. */
static uint32_t fnv1a(uint32_t hash, const char *text, size_t length)
{
    for (size_t i = 0; i < length; i++)
        hash = (hash ^ (unsigned char)text[i]) * 16777619u;
    return hash;
}

/* The check of a part line's text in the journal of `of`: its header's text, then the line's. */
static uint32_t check_of(const journal_count *of, const char *text, size_t length)
{
    char header[HEADER_BYTES];
    size_t header_length = header_text(of, header, sizeof header);
    return fnv1a(fnv1a(2166136261u, header, header_length), text, length);
}

typedef struct line {
    char text[LINE_BYTES + 1];
    size_t length;
    bool ended;     /* by its newline (not by the end of the file) */
    bool bad_bytes; /* longer than LINE_BYTES, or holding a zero byte */
} line;

/* Reads the next line of f; false at the end of the file. */
static bool read_line(FILE *f, line *l)
{
    l->length = 0;
    l->ended = l->bad_bytes = false;
    int c;
    bool any = false;
    while ((c = getc(f)) != EOF) {
        any = true;
        if (c == '\n') {
            l->ended = true;
            break;
        }
        if (c == '\0' || l->length == LINE_BYTES)
            l->bad_bytes = true;
        else
            l->text[l->length++] = (char)c;
    }
    l->text[l->length] = '\0';
    return any;
}

/* Reads a whole number of 1 to 20 digits at *at, no sign, no leading zero but for 0 itself, and
 * the one space or the end after it; moves *at past them. */
static bool take_number(const char **at, uint64_t *value)
{
    const char *s = *at;
    size_t digits = 0;
    uint64_t v = 0;
    while (s[digits] >= '0' && s[digits] <= '9') {
        unsigned d = (unsigned)(s[digits] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
        digits++;
    }
    if (digits == 0 || (digits > 1 && s[0] == '0') || (s[digits] != ' ' && s[digits] != '\0'))
        return false;
    *value = v;
    *at = s + digits + (s[digits] == ' ');
    return true;
}

/* Says in reason (size bytes) what is wrong with a part line, or gives its part and figures. */
static bool parse_part(const journal *j, const line *l, uint64_t *part, nq_count_figures *f, char *reason, size_t size)
{
    const char *at = l->text;
    uint64_t v[5];
    bool ok = !l->bad_bytes && !strncmp(at, "part ", 5);
    at += 5;
    for (int i = 0; ok && i < 5; i++)
        ok = take_number(&at, &v[i]) && *at != '\0';
    const char *check = at;
    uint32_t written = 0;
    for (int i = 0; ok && i < 8; i++) {
        const char *digit = strchr(HEX, check[i]);
        ok = check[i] != '\0' && digit;
        written = ok ? written << 4 | (uint32_t)(digit - HEX) : 0;
    }
    if (!ok || check[8] != '\0') {
        snprintf(reason, size, "%s", _("it is not a line of a journal"));
        return false;
    }
    if (written != check_of(&j->of, l->text, (size_t)(check - 1 - l->text))) {
        snprintf(reason, size, "%s", _("its check does not match its figures (or it is a line of another count)"));
        return false;
    }
    if (v[0] >= j->of.parts) {
        snprintf(reason, size, _("part %" PRIu64 " is not one of its %" PRIu64 " parts"), v[0], j->of.parts);
        return false;
    }
    if (j->done[v[0]]) {
        snprintf(reason, size, _("part %" PRIu64 " is on an earlier line already"), v[0]);
        return false;
    }
    *part = v[0];
    *f = (nq_count_figures){v[1], v[2], v[3], v[4], j->of.basis};
    return true;
}

/* The message for line `number` of the journal, damaged as `reason` says. */
static journal_status damaged(const journal *j, uint64_t number, const char *reason, char *message, size_t size)
{
    snprintf(message, size,
             _("the journal '%s' is damaged at line %" PRIu64 ": %s; move that line out of it, or give the name of a "
               "new file"),
             j->path, number, reason);
    return JOURNAL_BAD;
}

/* The message for line `number` of the header, damaged as `reason` says: no line of it can be
 * moved out. */
static journal_status header_damaged(const journal *j, uint64_t number, const char *reason, char *message, size_t size)
{
    snprintf(message, size,
             _("the journal '%s' has a damaged header (line %" PRIu64 ": %s): give the name of a new file"), j->path,
             number, reason);
    return JOURNAL_BAD;
}

/* Checks the header's lines against this count's; on a mismatch says which in message. */
static journal_status check_header(journal *j, char *message, size_t size)
{
    static const char *const keys[HEADER_LINES] = {"nqueens-journal", "program", "n", "first", "method", "parts"};
    char expected[HEADER_BYTES];
    header_text(&j->of, expected, sizeof expected);
    char values[HEADER_LINES][LINE_BYTES + 1];
    const char *want = expected;
    bool same = true;
    for (int i = 0; i < HEADER_LINES; i++) {
        line l;
        bool got = read_line(j->file, &l);
        size_t key = strlen(keys[i]);
        if (i == 0 && got && l.length && l.text[l.length - 1] == '\r') {
            snprintf(message, size,
                     _("the journal '%s' has Windows line ends (CR LF), which no journal has: give the name of a new "
                       "file"),
                     j->path);
            return JOURNAL_BAD;
        }
        if (i == 0 && (!got || l.bad_bytes || strncmp(l.text, keys[0], key) || l.text[key] != ' ')) {
            snprintf(message, size,
                     _("'%s' is not a count journal (it does not begin with '%s'); give the name of a new file, or "
                       "of a journal of this count"),
                     j->path, MAGIC);
            return JOURNAL_BAD;
        }
        if (!got || !l.ended || l.bad_bytes || strncmp(l.text, keys[i], key) || l.text[key] != ' ') {
            char reason[256];
            snprintf(reason, sizeof reason, _("the journal's header has no '%s' line here"), keys[i]);
            return header_damaged(j, (uint64_t)i + 1, reason, message, size);
        }
        snprintf(values[i], sizeof values[i], "%s", l.text + key + 1);
        const char *end = strchr(want, '\n');
        same = same && (size_t)(end - want) == l.length && !strncmp(want, l.text, l.length);
        want = end + 1;
    }
    if (same)
        return JOURNAL_OK;
    char ours[64];
    count_name(&j->of, ours, sizeof ours);
    if (strcmp(values[0], MAGIC + strlen(keys[0]) + 1) != 0) {
        snprintf(message, size,
                 _("the journal '%s' is of a format this version does not read (%s); give the name of a new file"),
                 j->path, values[0]);
    } else if (strcmp(values[1], NQ_VERSION) != 0) {
        snprintf(message, size,
                 _("the journal '%s' was written by version %s, and this is version %s, whose parts may differ: give "
                   "the name of a new file"),
                 j->path, values[1], NQ_VERSION);
    } else {
        char theirs[2 * LINE_BYTES + 32];
        if (!strcmp(values[3], "none"))
            snprintf(theirs, sizeof theirs, "count %s", values[2]);
        else
            snprintf(theirs, sizeof theirs, "count %s --first %s", values[2], values[3]);
        if (strcmp(theirs, ours) != 0)
            snprintf(message, size,
                     _("the journal '%s' is of '%s', not of '%s': give the name of a new file, or run '%s' to go on "
                       "with it"),
                     j->path, theirs, ours, theirs);
        else
            return header_damaged(j, strcmp(values[4], j->of.method) ? 5 : 6, _("its split is not this version's"),
                                  message, size);
    }
    return JOURNAL_BAD;
}

/* Whether a last line without its newline can be the start of a part line whose write was cut
 * off: "part " (or less of it), then digits, spaces and hexadecimal digits only. */
static bool could_be_cut_part(const line *l)
{
    if (l->bad_bytes)
        return false;
    for (size_t i = 0; i < l->length; i++)
        if (i < 5 ? l->text[i] != "part "[i] : !strchr("0123456789abcdef ", l->text[i]))
            return false;
    return true;
}

/* Reads the part lines after the header; drops a cut-off last line (the file is cut back to the
 * end of the line before it). */
static journal_status read_parts(journal *j, char *message, size_t size)
{
    line l;
    uint64_t number = HEADER_LINES;
    long good_end = ftell(j->file);
    while (read_line(j->file, &l)) {
        number++;
        if (!l.ended) { /* only the last line can lack its newline: a write was cut */
            if (!could_be_cut_part(&l))
                return damaged(j, number, _("it is not a line of a journal, nor the start of one cut off"), message,
                               size);
            j->torn = true;
            break;
        }
        uint64_t part;
        nq_count_figures f;
        char reason[256];
        if (!parse_part(j, &l, &part, &f, reason, sizeof reason))
            return damaged(j, number, reason, message, size);
        if (!nq_count_figures_add(&j->sum, &f))
            return damaged(j, number, _("its figures add up to more than a count can hold"), message, size);
        j->done[part] = 1;
        j->done_count++;
        good_end = ftell(j->file);
    }
    if (ferror(j->file) || good_end < 0) {
        snprintf(message, size, _("cannot read the journal '%s': %s"), j->path, strerror(errno ? errno : EIO));
        return JOURNAL_BAD;
    }
    if (j->torn && ftruncate(fileno(j->file), (off_t)good_end) != 0) {
        snprintf(message, size, _("cannot write to the journal '%s': %s"), j->path, strerror(errno));
        return JOURNAL_BAD;
    }
    j->size = (off_t)good_end;
    return fseek(j->file, good_end, SEEK_SET) == 0 ? JOURNAL_OK : JOURNAL_BAD;
}

/* Whether the file (size bytes) is a beginning of the header, so holds nothing yet. */
static bool only_header_begun(FILE *f, off_t size, const char *header, size_t header_length)
{
    if (size > (off_t)header_length)
        return false;
    char start[HEADER_BYTES];
    return fread(start, 1, (size_t)size, f) == (size_t)size && !memcmp(start, header, (size_t)size);
}

journal_status journal_open(journal *j, const char *path, const journal_count *of, char *message, size_t size)
{
    *j = (journal){.path = path, .of = *of, .sum = {.basis = of->basis}};
    /* Made here (not there before): a header that cannot be written takes it away again. */
    int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    bool made = fd >= 0;
    if (!made && errno == EEXIST)
        fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        snprintf(message, size, _("cannot open the journal '%s': %s"), path, strerror(errno));
        return JOURNAL_BAD;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(message, size, _("the journal '%s' is not a regular file"), path);
        close(fd);
        return JOURNAL_BAD;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        snprintf(message, size, _("the journal '%s' is in use by another count"), path);
        close(fd);
        return JOURNAL_BAD;
    }
    j->file = fdopen(fd, "r+");
    if (!j->file) {
        snprintf(message, size, _("cannot open the journal '%s': %s"), path, strerror(errno));
        close(fd);
        return JOURNAL_BAD;
    }
    j->done = nq_alloc_check(calloc(of->parts ? of->parts : 1, 1));
    char header[HEADER_BYTES];
    size_t header_length = header_text(of, header, sizeof header);
    journal_status status;
    if (only_header_begun(j->file, st.st_size, header, header_length)) {
        bool written = ftruncate(fd, 0) == 0 && fseek(j->file, 0, SEEK_SET) == 0 &&
                       fwrite(header, 1, header_length, j->file) == header_length && fflush(j->file) == 0 &&
                       fsync(fd) == 0;
        /* A full disk or a quota is no fault of the command: status 1, as for any write. */
        status = written ? JOURNAL_OK : JOURNAL_FAILED;
        j->size = (off_t)header_length;
        if (!written) {
            snprintf(message, size, _("cannot write to the journal '%s': %s"), path, strerror(errno ? errno : EIO));
            if (made)
                unlink(path);
        }
    } else {
        rewind(j->file);
        status = check_header(j, message, size);
        if (status == JOURNAL_OK)
            status = read_parts(j, message, size);
    }
    if (status != JOURNAL_OK) {
        fclose(j->file);
        free(j->done);
        *j = (journal){0};
        return status;
    }
    j->synced = nq_clock_seconds();
    return JOURNAL_OK;
}

bool journal_has(const journal *j, uint64_t part)
{
    return part < j->of.parts && j->done[part];
}

journal_status journal_add(journal *j, uint64_t part, const nq_count_figures *figures, char *message, size_t size)
{
    struct stat st = {0};
    if (fstat(fileno(j->file), &st) != 0 || st.st_nlink == 0 || st.st_size != j->size) {
        snprintf(message, size,
                 st.st_nlink == 0 ? _("the journal '%s' was deleted while the count ran")
                                  : _("the journal '%s' was changed by something else while the count ran"),
                 j->path);
        return JOURNAL_FAILED;
    }
    char text[LINE_BYTES + 1];
    int length = snprintf(text, sizeof text, "part %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64, part,
                          figures->solutions, figures->unique, figures->nodes, figures->dead_ends);
    int written = fprintf(j->file, "%s %08" PRIx32 "\n", text, check_of(&j->of, text, (size_t)length));
    bool ok = written > 0 && fflush(j->file) == 0;
    if (ok)
        j->size += written;
    double now = nq_clock_seconds();
    if (ok && now - j->synced >= 1.0) {
        ok = fsync(fileno(j->file)) == 0;
        j->synced = now;
    }
    if (!ok) {
        snprintf(message, size, _("cannot write to the journal '%s': %s"), j->path, strerror(errno ? errno : EIO));
        return JOURNAL_FAILED;
    }
    j->done[part] = 1;
    j->done_count++;
    nq_count_figures_add(&j->sum, figures);
    return JOURNAL_OK;
}

void journal_close(journal *j)
{
    if (!j->file)
        return;
    fsync(fileno(j->file));
    fclose(j->file);
    free(j->done);
    *j = (journal){0};
}
