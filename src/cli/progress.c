/*
 * progress.c -- the progress line of nqueens-cli's long runs, and Ctrl+C (see progress.h).
 *
 * Each redraw is one write: a carriage return, the new text, and spaces over whatever the
 * previous text left further right, so the line never scrolls and never flickers. The line stays
 * one column narrower than the terminal (asked at each redraw, so a resized window is followed;
 * 80 when the terminal does not say), since writing the last column makes some terminals wrap:
 * a figure that does not fit is left out whole, the bar is drawn only where every figure fits
 * beside it, and only a name too long for the terminal is cut. Every character the line holds
 * takes one column, so columns are counted as UTF-8 characters (the separator is a middle dot).
 *
 * The figures: the share is parts_done of parts, with those a journal held; the estimate of the
 * time left assumes the parts still to do take as long on average as those this run did; the
 * rate is this run's solutions over its seconds. Numbers are grouped by thousands with commas, for a person to read.
 */
#include "progress.h"

#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include "nq/board.h"
#include "nq/clock.h"
#include "nq/i18n.h"

/* Seconds before the first line, and between two redraws. */
#define FIRST_LINE_AFTER 1.0
#define REDRAW_EVERY 0.25

/* Cells of the bar, drawn before the share when the terminal has room for it. */
enum { BAR_CELLS = 20 };

/* The longest text a line holds, in bytes, before it is cut to the terminal's width. */
enum { TEXT_BYTES = 512 };

static const char SEPARATOR[] = " \u00b7 ";

void progress_start(progress_line *line, bool quiet, const char *fmt, ...)
{
    double now = nq_clock_seconds();
    *line = (progress_line){.shown = !quiet && isatty(STDERR_FILENO) == 1,
                            .parts_word = N_("parts"),
                            .shows_solutions = true,
                            .start = now,
                            .next = now + FIRST_LINE_AFTER};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line->what, sizeof line->what, fmt, ap);
    va_end(ap);
}

double progress_seconds(const progress_line *line)
{
    return nq_clock_seconds() - line->start;
}

/* The terminal's width in columns, 80 when it does not say. */
static int terminal_columns(void)
{
    struct winsize size;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
        return size.ws_col;
    return 80;
}

/* The character at text: its bytes into *bytes, and the columns a terminal gives it (2 for a
 * Chinese character, 0 for a Thai vowel or tone mark written over its consonant, 1 for most;
 * a byte that starts no character of the locale's encoding counts as one column). */
static int next_character(const char *text, size_t *bytes)
{
    mbstate_t state;
    memset(&state, 0, sizeof state);
    wchar_t wide;
    size_t length = mbrtowc(&wide, text, MB_CUR_MAX, &state);
    if (length == 0 || length == (size_t)-1 || length == (size_t)-2) {
        *bytes = 1;
        return 1;
    }
    *bytes = length;
    int width = wcwidth(wide);
    return width < 0 ? 1 : width;
}

/* The columns text takes on a terminal. */
static int columns_of(const char *text)
{
    int columns = 0;
    size_t bytes;
    for (; *text; text += bytes)
        columns += next_character(text, &bytes);
    return columns;
}

/* Writes text over the line, cut to room columns, padded over what the last text left. */
static void draw(progress_line *line, const char *text, int room)
{
    char out[1 + TEXT_BYTES + TEXT_BYTES];
    size_t length = 0, bytes;
    int columns = 0;
    out[length++] = '\r';
    for (const char *c = text; *c; c += bytes) {
        int width = next_character(c, &bytes);
        if (columns + width > room)
            break;
        columns += width;
        memcpy(out + length, c, bytes);
        length += bytes;
    }
    int blank = line->width < room ? line->width : room;
    for (; blank > columns; blank--)
        out[length++] = ' ';
    fwrite(out, 1, length, stderr);
    fflush(stderr);
    line->width = columns;
}

/* Whether the line is due for a redraw now; if so, the next one is due REDRAW_EVERY later. */
static bool due(progress_line *line)
{
    double now = nq_clock_seconds();
    if (!line->shown || now < line->next)
        return false;
    line->next = now + REDRAW_EVERY;
    return true;
}

/* Appends to text (of TEXT_BYTES) at *at, never past its end. */
__attribute__((format(printf, 3, 4))) static void append(char *text, size_t *at, const char *fmt, ...)
{
    if (*at >= TEXT_BYTES)
        return;
    va_list ap;
    va_start(ap, fmt);
    int length = vsnprintf(text + *at, TEXT_BYTES - *at, fmt, ap);
    va_end(ap);
    if (length > 0)
        *at += (size_t)length < TEXT_BYTES - 1 - *at ? (size_t)length : TEXT_BYTES - 1 - *at;
}

/* Writes a rate per second with a metric prefix: "95.1 M/s", "812 k/s", "7/s". */
static void write_rate(char *out, size_t size, double rate)
{
    static const char prefixes[] = " kMGTPE";
    int p = 0;
    for (; rate >= 1000 && p + 1 < (int)sizeof prefixes - 1; p++)
        rate /= 1000;
    if (p == 0)
        snprintf(out, size, "%.0f/s", rate);
    else
        snprintf(out, size, rate < 100 ? "%.1f %c/s" : "%.0f %c/s", rate, prefixes[p]);
}

/* Writes the time left as a person says it: "about 4 s left", "about 3 min left",
 * "about 2 h 5 min left". */
static void write_time_left(char *out, size_t size, double seconds)
{
    long whole = (long)(seconds + 0.5);
    if (whole < 60)
        snprintf(out, size, _("about %ld s left"), whole);
    else if (whole < 3600)
        snprintf(out, size, _("about %ld min left"), (whole + 30) / 60);
    else
        snprintf(out, size, _("about %ld h %ld min left"), whole / 3600, whole % 3600 / 60);
}

/* The share of parts done, from 0 to 1, with those done before this run; figures->parts must not
 * be 0. */
static double share_of(const progress_line *line, const nq_progress *figures)
{
    return (double)(figures->parts_done + line->resumed_parts) / (double)figures->parts;
}

/* Appends separator and piece to text (at *at) if the line stays within room columns; returns
 * whether it did. */
static bool add_piece(char *text, size_t *at, int room, const char *separator, const char *piece)
{
    if (columns_of(text) + columns_of(separator) + columns_of(piece) > room)
        return false;
    append(text, at, "%s%s", separator, piece);
    return true;
}

/* Writes the line for figures into text: the run's name, the bar if asked for, then each figure
 * that applies (the share, the solutions, the time left, the rate: the least needed last) in that
 * order as long as the line stays within room columns. Returns whether every figure fitted. */
static bool compose(const progress_line *line, const nq_progress *figures, double seconds, int room, bool bar,
                    char *text)
{
    size_t at = 0;
    text[0] = '\0';
    if (bar) {
        char cells[BAR_CELLS + 1];
        int filled = (int)(BAR_CELLS * share_of(line, figures));
        for (int i = 0; i < BAR_CELLS; i++)
            cells[i] = i < filled ? '#' : '.';
        cells[BAR_CELLS] = '\0';
        append(text, &at, "%s [%s]", line->what, cells);
    } else {
        append(text, &at, "%s:", line->what);
    }
    char piece[96], number[32];
    const char *separator = " ";
    bool fits = true;
    if (figures->parts) {
        nq_grouped(figures->parts, number, sizeof number);
        snprintf(piece, sizeof piece, _("%d%% of %s %s"), (int)(100 * share_of(line, figures)), number,
                 _(line->parts_word));
        fits = add_piece(text, &at, room, separator, piece);
        separator = SEPARATOR;
    }
    if (fits && figures->parts && line->resumed_parts) {
        snprintf(piece, sizeof piece, _("%d%% from the journal"),
                 (int)(100 * (double)line->resumed_parts / (double)figures->parts));
        fits = add_piece(text, &at, room, separator, piece);
    }
    uint64_t found = figures->found + line->resumed_found;
    if (fits && line->shows_solutions) {
        nq_grouped(found, number, sizeof number);
        snprintf(piece, sizeof piece, ngettext("%s solution", "%s solutions", found), number);
        fits = add_piece(text, &at, room, separator, piece);
        separator = SEPARATOR;
    }
    uint64_t left = figures->parts - figures->parts_done - line->resumed_parts;
    if (fits && figures->parts && figures->parts_done && left) {
        write_time_left(piece, sizeof piece, seconds * (double)left / (double)figures->parts_done);
        fits = add_piece(text, &at, room, separator, piece);
        separator = SEPARATOR;
    }
    if (fits && line->shows_solutions) {
        write_rate(piece, sizeof piece, seconds > 0 ? (double)figures->found / seconds : 0);
        fits = add_piece(text, &at, room, separator, piece);
    }
    return fits;
}

void progress_update(progress_line *line, const nq_progress *figures)
{
    line->last = *figures;
    if (!due(line))
        return;
    double seconds = progress_seconds(line);
    int room = terminal_columns() - 1;
    char text[TEXT_BYTES];
    /* The bar only where every figure fits beside it. */
    if (!figures->parts || !compose(line, figures, seconds, room, true, text))
        compose(line, figures, seconds, room, false, text);
    draw(line, text, room);
}

void progress_report(void *context, const nq_progress *figures)
{
    progress_update(context, figures);
}

void progress_note(progress_line *line, const char *fmt, ...)
{
    if (!due(line))
        return;
    char text[TEXT_BYTES];
    size_t at = 0;
    append(text, &at, "%s: ", line->what);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text + at, sizeof text - at, fmt, ap);
    va_end(ap);
    draw(line, text, terminal_columns() - 1);
}

void progress_erase(progress_line *line)
{
    if (!line->width)
        return;
    fprintf(stderr, "\r%*s\r", line->width, "");
    fflush(stderr);
    line->width = 0;
}

void progress_stopped(progress_line *line)
{
    progress_erase(line);
    const nq_progress *figures = &line->last;
    char text[TEXT_BYTES], number[32];
    size_t at = 0;
    append(text, &at, _("%s stopped after %.1f s"), line->what, progress_seconds(line));
    /* TRANSLATORS: between "count 19 stopped after 3.0 s" and what it got done. */
    const char *separator = C_("after the stopped time", ": ");
    if (figures->parts) {
        append(text, &at, _("%s%d%% of %s done"), separator, (int)(100 * share_of(line, figures)),
               _(line->parts_word));
        /* TRANSLATORS: between "8% of parts done" and "698,252,392 solutions so far". */
        separator = C_("list separator", ", ");
    }
    if (line->shows_solutions) {
        uint64_t found = figures->found + line->resumed_found;
        nq_grouped(found, number, sizeof number);
        append(text, &at, ngettext("%s%s solution so far", "%s%s solutions so far", found), separator, number);
    }
    fprintf(stderr, _("%s (incomplete)\n"), text);
}

/* The flag SIGINT sets, and where it is, and when the first SIGINT came (milliseconds of the
 * monotonic clock, 0: none yet): a handler may only touch lock-free atomics. */
_Static_assert(ATOMIC_BOOL_LOCK_FREE == 2 && ATOMIC_POINTER_LOCK_FREE == 2 && ATOMIC_LLONG_LOCK_FREE == 2,
               "a signal handler can use only lock-free atomics");
static _Atomic(atomic_bool *) interrupt_flag;
static atomic_llong first_interrupt;

/* A second SIGINT this soon after the first is the same Ctrl+C delivered twice (timeout(1) sends
 * it to the process and to its group), not a second press. */
enum { SECOND_INTERRUPT_AFTER_MS = 500 };

static long long monotonic_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000 + 1;
}

/* The handler of SIGINT (and of SIGTERM for progress_catch_termination()): on whichever thread
 * the signal lands, the first sets the flag and returns; a second SIGINT, a moment later, takes
 * the default action. Only async-signal-safe calls. */
static void on_interrupt(int signal)
{
    long long now = monotonic_ms(), first = atomic_load(&first_interrupt);
    if (!first) {
        atomic_store(&first_interrupt, now);
        atomic_store_explicit(atomic_load(&interrupt_flag), true, memory_order_relaxed);
    } else if (signal == SIGINT && now - first >= SECOND_INTERRUPT_AFTER_MS) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = SIG_DFL;
        sigaction(SIGINT, &action, NULL);
        raise(SIGINT);
    }
}

/* What SIGINT did before progress_catch_interrupt(), put back by progress_release_interrupt(). */
static struct sigaction interrupt_before;

/* Routes `signal` to on_interrupt(). SA_RESTART: the output being written when it lands
 * (table's rows) goes on rather than failing with EINTR. */
static void catch_signal(int signal)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(signal, &action, NULL);
}

void progress_catch_interrupt(atomic_bool *cancel)
{
    sigaction(SIGINT, NULL, &interrupt_before);
    /* Ignored (a background job of a shell without job control): Ctrl+C is not for this run. */
    if (interrupt_before.sa_handler == SIG_IGN)
        return;
    atomic_store(&first_interrupt, 0);
    atomic_store(&interrupt_flag, cancel);
    catch_signal(SIGINT);
}

void progress_catch_termination(atomic_bool *cancel)
{
    progress_catch_interrupt(cancel);
    atomic_store(&interrupt_flag, cancel);
    catch_signal(SIGTERM);
}

void progress_release_interrupt(void)
{
    sigaction(SIGINT, &interrupt_before, NULL);
}

/* Seconds between the engine's progress reports: often enough for the line's redraws. */
#define REPORT_EVERY 0.1

nq_run progress_watch_begin(progress_watch *w, int threads)
{
    atomic_init(&w->cancel, false);
    progress_catch_interrupt(&w->cancel);
    return (nq_run){.threads = threads, .cancel = &w->cancel, .progress = progress_report, .context = &w->line,
                    .interval = REPORT_EVERY};
}

int progress_watch_end(progress_watch *w, bool complete)
{
    progress_release_interrupt();
    if (complete) {
        progress_erase(&w->line);
        return 0;
    }
    progress_stopped(&w->line);
    return PROGRESS_INTERRUPTED;
}
