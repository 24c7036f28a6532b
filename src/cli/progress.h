/*
 * progress.h -- how nqueens-cli shows a long run on stderr, and how Ctrl+C stops it.
 *
 * A run draws one line, redrawn in place, only when stderr is a terminal and --quiet was not
 * given: a script reading stderr gets nothing extra. The line stays away for the first second
 * (a quick run shows nothing), is redrawn at most four times a second, never wider than the
 * terminal, and is erased at the end, the cursor back at column 0 of a blank line.
 *
 * Ctrl+C (SIGINT) sets the run's cancel flag and nothing else; the command then erases the line
 * and says, whatever stderr is, how far the run got (progress_stopped()), and exits with
 * PROGRESS_INTERRUPTED. A second SIGINT ends the process at once, unless it comes within half a
 * second of the first: timeout(1) and some shells deliver one Ctrl+C twice. A process started
 * with SIGINT ignored (a background job) leaves it so.
 *
 * Everything here runs on the main thread: the engine calls its progress function on the thread
 * that started the search.
 */
#ifndef NQ_CLI_PROGRESS_H
#define NQ_CLI_PROGRESS_H

#include <stdatomic.h>
#include <stdbool.h>

#include "nq/progress.h"

/* The exit status of a run stopped by Ctrl+C, as a shell reports a process ended by SIGINT. */
enum { PROGRESS_INTERRUPTED = 130 };

typedef struct progress_line {
    bool shown;             /* stderr is a terminal and --quiet was not given */
    char what[96];          /* what runs, as the line and the stopped message begin: "count 18" */
    const char *parts_word; /* what the share counts: "parts" (the default), "squares" */
    bool shows_solutions;   /* the solutions so far and their rate (the default), or not */
    double start, next;     /* when the run began; when the line may be drawn again */
    int width;              /* columns the line takes now: what an erase blanks */
    nq_progress last;       /* the latest figures (progress_update) */
    uint64_t resumed_parts; /* parts done before this run (a journal's), and their solutions: */
    uint64_t resumed_found; /* shown with this run's figures, left out of its rates */
} progress_line;

/* Starts a line for a run, silent until about a second has gone by; fmt names the run. */
__attribute__((format(printf, 3, 4))) void progress_start(progress_line *line, bool quiet, const char *fmt, ...);

/* Takes the run's latest figures and redraws the line when it is due: the share of parts done
 * (when parts is not 0, with an estimate of the time left, and the share that came from a
 * journal when line->resumed_parts is not 0), the solutions so far (found) and their rate. */
void progress_update(progress_line *line, const nq_progress *figures);

/* An nq_progress_fn whose context is a progress_line: progress_update(). */
void progress_report(void *context, const nq_progress *figures);

/* Redraws the line with free text after the run's name, when it is due (for runs that report
 * no nq_progress). */
__attribute__((format(printf, 2, 3))) void progress_note(progress_line *line, const char *fmt, ...);

/* Seconds since progress_start(). */
double progress_seconds(const progress_line *line);

/* Blanks the line, if one is drawn, and leaves the cursor at column 0. */
void progress_erase(progress_line *line);

/* Erases the line and writes, whatever stderr is, the one line that says how far the run got
 * by its latest figures: "count 18 stopped after 3.2 s: 41% of parts done, 273,062,912
 * solutions so far (incomplete)". */
void progress_stopped(progress_line *line);

/* Makes SIGINT set *cancel (until progress_release_interrupt()); a second one, half a second or
 * more after the first, takes the default action. *cancel must outlive the catch. A SIGINT the
 * process was started ignoring stays ignored. */
void progress_catch_interrupt(atomic_bool *cancel);

/* progress_catch_interrupt(), and SIGTERM sets *cancel too, for good: for a process a job
 * launcher stops (mpirun sends SIGTERM), which says how far it got before it goes. */
void progress_catch_termination(atomic_bool *cancel);

/* Puts back what SIGINT did before progress_catch_interrupt(). */
void progress_release_interrupt(void);

/* A run Ctrl+C stops, and its line. */
typedef struct progress_watch {
    progress_line line;
    atomic_bool cancel;
} progress_watch;

/* Makes Ctrl+C stop w's runs (until progress_watch_end()) and returns the nq_run, on `threads`
 * threads, that reports to its line, which the caller has started with progress_start(). */
nq_run progress_watch_begin(progress_watch *w, int threads);

/* Ends a watched run: Ctrl+C takes its default action again, and the line goes; a run that did
 * not complete (Ctrl+C stopped it) says how far it got. Returns 0, or PROGRESS_INTERRUPTED. */
int progress_watch_end(progress_watch *w, bool complete);

#endif
