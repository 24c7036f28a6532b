/*
 * moment.h -- a moment of the explorer kept in a small text file that opens the window exactly as
 * it was: N, the pinned queen, the mode, the method (and min-conflicts' seed), the watched step (and
 * how far the watch had recorded), the views (the search tree, the heatmap, the class's variants,
 * unique paging), the page and the speed.
 * "key value" lines in UTF-8 after a first line naming the format and its version:
 *
 *     nqueens-moment 1
 *     n 6
 *     first 2,1
 *     method forward
 *     step 37
 *
 * The file is outside the program's control: it is read like the settings (a regular file only, at
 * most EX_MOMENT_MAX_BYTES, never blocking on a FIFO), and anything wrong with it (not UTF-8, a wrong
 * first line, an unknown or repeated key, a value out of range, a step past the end of the search, a
 * page past the solutions) refuses all of it with the line and what is wrong. The step and the page
 * are checked against the engine's own search before anything opens.
 *
 * Opening a moment in the window starts its search and replays the watch silently as far as it was
 * recorded, at full speed, then pauses at its step, sets the views and pages; any action of the person ends the replay
 * where it is. A lesson can embed a moment's text (ex_moment_parse), apply it (ex_moment_apply), ask
 * whether it has arrived (ex_moment_arrived), and write the one shown (ex_moment_take,
 * ex_moment_format). Part of the model: no SDL; UI thread.
 */
#ifndef EX_MOMENT_H
#define EX_MOMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/method.h"

typedef struct explorer explorer;

/* The first line of every moment file, and the largest file and line read. */
#define EX_MOMENT_MAGIC "nqueens-moment 1"
enum { EX_MOMENT_MAX_BYTES = 4096, EX_MOMENT_MAX_LINE = 256 };

/* The furthest step a moment opens at (its check takes a fraction of a second there, the replay a
 * few seconds). */
#define EX_MOMENT_MAX_STEP 5000000

/* Pages of Solve and of unique paging are checked against a count up to this N before the window
 * opens; above it, in the window once the search reaches them. */
enum { EX_MOMENT_COUNT_MAX_N = 14 };

/* A moment, as the file says it. */
typedef struct ex_moment {
    int n;
    bool has_first;
    nq_square first;
    int mode;          /* ex_mode */
    nq_method method;
    uint64_t seed;     /* min-conflicts' */
    uint64_t step;     /* the watched search's cursor (0 in Solve) */
    uint64_t recorded; /* ... and the steps recorded so far (at least step; the bar shows them) */
    double speed;      /* steps a second, or EX_SPEED_MAX */
    bool tree, heat, variants, unique;
    uint64_t page;     /* the solution (or unique board) shown; 0: the search's own board */
} ex_moment;

/* Where the opening of a moment stands while the window replays to it. */
typedef struct ex_replay {
    bool active;
    bool at_step;   /* the step is reached; the page waits for its solver */
    ex_moment want;
} ex_replay;

/* The moment without a file: the defaults of every key but n. */
ex_moment ex_moment_defaults(int n);

/*
 * Parses a moment's text (length bytes, not NUL-terminated). Returns 0 with *m filled, or the
 * 1-based number of the line at fault with what is wrong (a sentence in the language in use) in
 * why; *m is then untouched. Runs the watched search up to the step to check it (and a count for
 * a page of Solve). No SDL; any thread.
 */
int ex_moment_parse(const char *text, size_t length, ex_moment *m, char *why, size_t why_size);

/* Checks m as a file's keys are checked together (the step against its watched search, the page
 * against the solutions, up to EX_MOMENT_COUNT_MAX_N): true, or false with what is wrong in why.
 * Runs the search; UI thread. */
bool ex_moment_check(const ex_moment *m, char *why, size_t why_size);

/*
 * Reads the moment file at path. True with *m, or false with "PATH:LINE: what is wrong" in message
 * (line 0 when the file itself cannot be read: missing, not a regular file, too large). Never
 * blocks on a FIFO.
 */
bool ex_moment_read(const char *path, ex_moment *m, char *message, size_t size);

/* The moment the explorer shows now. */
ex_moment ex_moment_take(const explorer *ex);

/* The file's text of m into buf (EX_MOMENT_MAX_BYTES is room enough); its length. */
size_t ex_moment_format(const ex_moment *m, char *buf, size_t size);

/* Opens m in the explorer: traced as "opened NAME", then as the usual lines (n, first, mode,
 * method, and the step once the replay gets there). */
void ex_moment_apply(explorer *ex, const ex_moment *m, const char *name, double now);

/* Opens m as ex_moment_apply does, without the "opened" line: a lesson's page, or what the
 * explorer showed before a lesson. */
void ex_moment_set(explorer *ex, const ex_moment *m, double now);

/* Reads the file at path and opens it (a lesson open ends first); false, with the refusal in a
 * notice and nothing changed, if it is bad. */
bool ex_moment_open(explorer *ex, const char *path, double now);

/* Whether the last moment opened is all there: its step, views and page (false while it replays). */
bool ex_moment_arrived(const explorer *ex);

/* While a moment replays: how many steps the watch takes at most in this update. */
uint64_t ex_moment_due(const explorer *ex);

#endif
