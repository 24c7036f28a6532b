/*
 * explorer.c -- the app's model. A search is a worker job; its events are applied here in order,
 * as many per frame as the watch speed allows (at any speed, none is skipped). Paging asks the
 * worker's index for the k-th solution, so it is instant however many there are.
 */
#include "explorer.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nq/clock.h"
#include "nq/count.h"
#include "nq/symmetry.h"

/* The watch speeds [ and ] step through (steps a second); the last one means no limit. */
static const double speeds[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 100000, EX_SPEED_MAX};
enum { SPEED_COUNT = sizeof speeds / sizeof speeds[0] };

/* At full speed, at most this many steps a frame, and at most this long spent taking them. */
enum { MAX_STEPS_PER_FRAME = 1 << 18 };
#define FULL_SPEED_DRAIN_SECONDS 0.002

static void trace_line(explorer *ex, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void trace_line(explorer *ex, const char *fmt, ...)
{
    if (!ex->trace)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(ex->trace, fmt, ap);
    va_end(ap);
    fputc('\n', ex->trace);
    fflush(ex->trace);
}

void ex_set_status(explorer *ex, const char *text)
{
    snprintf(ex->status, sizeof ex->status, "%s", text);
}

static void trace_first(explorer *ex)
{
    if (ex->has_first)
        trace_line(ex, "first %d %d", ex->first.column + 1, ex->first.row + 1);
    else
        trace_line(ex, "first none");
}

/* Cancels whatever runs and starts the search the settings call for, on a clean board. */
static void start_search(explorer *ex, double now)
{
    nq_job job = {ex->mode == EX_WATCH ? NQ_JOB_WATCH : NQ_JOB_SOLVE, ex->n, ex->has_first, ex->first, 0};
    /* Solve leaves one core to the UI on a machine that has more than one. */
    int cores = nq_count_default_threads();
    job.threads = cores > 1 ? cores - 1 : 1;
    nq_worker_start(ex->worker, &job);
    ex->running = true;
    ex->stopped = false;
    ex->started_at = now;
    ex->elapsed = 0;
    ex->step_budget = 0;
    ex->steps_shown = 0;
    ex->rate = 0;
    ex->rate_mark_time = now;
    ex->rate_mark_steps = 0;
    for (int r = 0; r < NQ_MAX_N; r++)
        ex->cols[r] = -1;
    if (ex->has_first)
        ex->cols[ex->first.row] = ex->first.column;
    ex->has_step = false;
    ex->dead_end_row = -1;
    ex->flash_until = 0;
    ex->solutions = ex->reachable = ex->nodes = ex->dead_ends = 0;
    ex->has_unique = false;
    ex->unique = 0;
    ex->viewing = false;
    ex->k = 0;
    ex->goto_active = false;
    ex->status[0] = '\0';
}

void ex_init(explorer *ex, nq_worker *worker, FILE *trace, int n, const nq_square *first, ex_mode mode,
             double speed, double now)
{
    memset(ex, 0, sizeof *ex);
    ex->worker = worker;
    ex->trace = trace;
    ex->n = n;
    ex->has_first = first != NULL;
    if (first)
        ex->first = *first;
    ex->mode = mode;
    ex->speed = speed;
    trace_line(ex, "n %d", n);
    trace_first(ex);
    trace_line(ex, "mode %s", mode == EX_WATCH ? "watch" : "solve");
    start_search(ex, now);
}

void ex_free(explorer *ex)
{
    nq_worker_destroy(ex->worker);
    ex->worker = NULL;
}

const int *ex_board(const explorer *ex)
{
    return ex->viewing ? ex->shown : ex->cols;
}

bool ex_no_solution(const explorer *ex)
{
    return !ex->running && !ex->stopped && ex->solutions == 0;
}

void ex_no_solution_reason(const explorer *ex, char *buf, size_t size)
{
    if (ex->n == 2 || ex->n == 3)
        snprintf(buf, size, "No %d x %d board has a solution.", ex->n, ex->n);
    else if (ex->has_first)
        snprintf(buf, size, "No solution has a queen at column %d, row %d.", ex->first.column + 1,
                 ex->first.row + 1);
    else
        snprintf(buf, size, "This board has no solution.");
}

void ex_solution_text(const explorer *ex, char *buf, size_t size)
{
    if (ex_no_solution(ex))
        snprintf(buf, size, "No solution");
    else if (!ex->solutions)
        snprintf(buf, size, ex->running ? "Searching..." : "Stopped before a solution");
    else if (!ex->viewing)
        snprintf(buf, size, "%llu solution%s%s", (unsigned long long)ex->solutions, ex->solutions == 1 ? "" : "s",
                 ex->running ? " so far" : "");
    else
        snprintf(buf, size, "Solution %llu of %llu%s", (unsigned long long)ex->k, (unsigned long long)ex->solutions,
                 ex->running ? " so far" : "");
}

void ex_speed_text(const explorer *ex, char *buf, size_t size)
{
    if (ex->speed == EX_SPEED_MAX)
        snprintf(buf, size, "max");
    else
        snprintf(buf, size, "%g step%s/s", ex->speed, ex->speed == 1 ? "" : "s");
}

/* Shows solution k (it must be reachable) and tells the trace. */
static bool show_solution(explorer *ex, uint64_t k)
{
    int cols[NQ_MAX_N];
    if (!nq_worker_solution(ex->worker, k, cols))
        return false;
    if (!nq_verify(ex->n, cols, ex->has_first ? &ex->first : NULL, NULL)) {
        ex_set_status(ex, "internal error: a solution failed verification");
        return false;
    }
    bool changed = !ex->viewing || ex->k != k;
    memcpy(ex->shown, cols, sizeof cols);
    ex->viewing = true;
    ex->k = k;
    if (changed && ex->trace) {
        char line[NQ_MAX_N * 3 + 64];
        int len = snprintf(line, sizeof line, "solution %llu of %llu%s:", (unsigned long long)k,
                           (unsigned long long)ex->solutions, ex->running ? "+" : "");
        for (int r = 0; r < ex->n; r++)
            len += snprintf(line + len, sizeof line - (size_t)len, " %d", cols[r] + 1);
        trace_line(ex, "%s", line);
    }
    return true;
}

static const char *attack_words(int attack)
{
    return attack == NQ_LINE_COLUMN         ? "in its column"
           : attack == NQ_LINE_DOWN_RIGHT ? "on a diagonal"
                                         : "on an anti-diagonal";
}

void ex_narration(const explorer *ex, char *buf, size_t size)
{
    if (ex->mode == EX_SOLVE || !ex->has_step) {
        if (ex->running)
            snprintf(buf, size, ex->mode == EX_SOLVE ? "Solving at full speed." : "The search starts at row 1.");
        else if (ex->stopped)
            snprintf(buf, size, "The search was stopped.");
        else
            snprintf(buf, size, "The search is over: %llu solution%s.", (unsigned long long)ex->solutions,
                     ex->solutions == 1 ? "" : "s");
        return;
    }
    const nq_step *s = &ex->step;
    int row = s->row + 1, col = s->column + 1;
    switch ((nq_step_kind)s->kind) {
    case NQ_STEP_TRY: snprintf(buf, size, "row %d, column %d: trying", row, col); return;
    case NQ_STEP_REJECT:
        snprintf(buf, size, "row %d, column %d: attacked %s by the queen at column %d, row %d", row, col,
                 attack_words(s->line), s->by_column + 1, s->by_row + 1);
        return;
    case NQ_STEP_PLACE: snprintf(buf, size, "row %d, column %d: a queen is placed", row, col); return;
    case NQ_STEP_DEAD_END: snprintf(buf, size, "row %d: dead end, every square is attacked", row); return;
    case NQ_STEP_REMOVE: snprintf(buf, size, "row %d: the queen at column %d is taken back", row, col); return;
    case NQ_STEP_SOLUTION: snprintf(buf, size, "solution %llu found", (unsigned long long)s->solution); return;
    case NQ_STEP_DONE:
        snprintf(buf, size, "The search is over: %llu solution%s.", (unsigned long long)s->solution,
                 s->solution == 1 ? "" : "s");
        return;
    }
}

/* Applies one step of the watched search to the board and the figures. Cheap on purpose: at full
 * speed a frame applies tens of thousands; the narration is written only for the last one shown. */
static void apply_step(explorer *ex, const nq_step *s, double now)
{
    ex->has_step = true;
    ex->step = *s;
    ex->steps_shown++;
    switch ((nq_step_kind)s->kind) {
    case NQ_STEP_TRY:
        if (s->column == 0)
            ex->dead_end_row = -1;
        break;
    case NQ_STEP_REJECT:
        ex->dead_end_attackers[s->column] = *s;
        break;
    case NQ_STEP_PLACE:
        ex->cols[s->row] = s->column;
        ex->nodes++;
        ex->dead_end_row = -1;
        break;
    case NQ_STEP_DEAD_END:
        ex->dead_end_row = s->row;
        ex->dead_ends++;
        break;
    case NQ_STEP_REMOVE:
        ex->cols[s->row] = -1;
        break;
    case NQ_STEP_SOLUTION:
        ex->solutions = ex->reachable = s->solution;
        ex->flash_until = now + 0.4;
        break;
    case NQ_STEP_DONE:
        break;
    }
}

static void apply_done(explorer *ex, const nq_event *e)
{
    const nq_progress *p = &e->as.figures.progress;
    ex->running = false;
    ex->solutions = ex->reachable = p->solutions;
    ex->nodes = p->nodes;
    ex->dead_ends = p->dead_ends;
    ex->elapsed = p->seconds;
    if (!ex->has_first) {
        ex->unique = nq_symmetry_unique(ex->n, ex->solutions);
        ex->has_unique = true;
    }
    trace_line(ex, "done solutions %llu nodes %llu deadends %llu", (unsigned long long)ex->solutions,
               (unsigned long long)ex->nodes, (unsigned long long)ex->dead_ends);
    if (!ex->solutions)
        trace_line(ex, "nosolution");
}

bool ex_update(explorer *ex, double now)
{
    bool changed = false;
    if (ex->running)
        ex->elapsed = now - ex->started_at;
    size_t budget = 4096;
    if (ex->mode == EX_WATCH) {
        if (ex->paused) {
            budget = 0;
        } else if (ex->speed == EX_SPEED_MAX) {
            budget = MAX_STEPS_PER_FRAME;
        } else {
            budget = (size_t)ex->step_budget;
        }
    }
    nq_event events[256];
    /* At full speed the worker refills the ring while we drain it: keep draining for a few
     * milliseconds of the frame, then draw. */
    double deadline = now + (ex->mode == EX_WATCH && ex->speed == EX_SPEED_MAX ? FULL_SPEED_DRAIN_SECONDS : 0);
    while (budget > 0) {
        size_t want = budget < 256 ? budget : 256;
        size_t got = nq_worker_poll(ex->worker, events, want);
        if (!got && ex->running && nq_clock_seconds() < deadline)
            continue;
        if (!got)
            break;
        for (size_t i = 0; i < got; i++) {
            const nq_event *e = &events[i];
            if (e->kind == NQ_EVENT_STEP) {
                apply_step(ex, &e->as.step, now);
                if (ex->step_budget >= 1)
                    ex->step_budget -= 1;
            } else if (e->kind == NQ_EVENT_PROGRESS) {
                ex->solutions = e->as.figures.progress.found;
                ex->reachable = e->as.figures.progress.solutions;
                ex->nodes = e->as.figures.progress.nodes;
                ex->dead_ends = e->as.figures.progress.dead_ends;
            } else {
                apply_done(ex, e);
            }
        }
        if (ex->mode == EX_WATCH)
            budget -= got;
        changed = true;
    }
    if (ex->mode == EX_SOLVE && !ex->viewing && ex->reachable > 0)
        changed |= show_solution(ex, 1);
    if (now - ex->rate_mark_time >= 0.5) {
        ex->rate = (double)(ex->steps_shown - ex->rate_mark_steps) / (now - ex->rate_mark_time);
        ex->rate_mark_time = now;
        ex->rate_mark_steps = ex->steps_shown;
    }
    return changed;
}

void ex_advance_clock(explorer *ex, double dt)
{
    if (ex->mode != EX_WATCH || ex->paused || !ex->running || ex->speed == EX_SPEED_MAX)
        return;
    ex->step_budget += ex->speed * dt;
    if (ex->step_budget > ex->speed + 1)
        ex->step_budget = ex->speed + 1; /* after a stall, catch up at most a second's worth */
}

bool ex_animating(const explorer *ex, double now)
{
    if (ex->flash_until > now)
        return true;
    return ex->running && !(ex->mode == EX_WATCH && ex->paused);
}

void ex_click(explorer *ex, nq_square square, double now)
{
    if (ex->has_first && ex->first.column == square.column && ex->first.row == square.row)
        ex->has_first = false;
    else {
        ex->has_first = true;
        ex->first = square;
    }
    trace_first(ex);
    start_search(ex, now);
}

bool ex_set_n(explorer *ex, int n, double now)
{
    if (n < NQ_MIN_N || n > NQ_MAX_N) {
        snprintf(ex->status, sizeof ex->status, "N goes from %d to %d.", NQ_MIN_N, NQ_MAX_N);
        return false;
    }
    ex->n = n;
    trace_line(ex, "n %d", n);
    if (ex->has_first) {
        ex->has_first = false;
        trace_first(ex);
    }
    ex->pin_cursor = (nq_square){0, 0};
    start_search(ex, now);
    return true;
}

void ex_toggle_mode(explorer *ex, double now)
{
    ex->mode = ex->mode == EX_WATCH ? EX_SOLVE : EX_WATCH;
    trace_line(ex, "mode %s", ex->mode == EX_WATCH ? "watch" : "solve");
    start_search(ex, now);
}

void ex_play_pause(explorer *ex)
{
    if (ex->mode != EX_WATCH)
        return;
    ex->paused = !ex->paused;
    if (!ex->paused)
        ex->viewing = false; /* back to the live search */
}

void ex_single_step(explorer *ex, double now)
{
    if (ex->mode != EX_WATCH || !ex->running)
        return;
    ex->paused = true;
    ex->viewing = false;
    nq_event e;
    /* The next step may still be on its way from the worker: wait a moment for it. */
    for (int tries = 0; tries < 1000; tries++) {
        if (nq_worker_poll(ex->worker, &e, 1)) {
            if (e.kind == NQ_EVENT_STEP)
                apply_step(ex, &e.as.step, now);
            else if (e.kind == NQ_EVENT_DONE)
                apply_done(ex, &e);
            return;
        }
        struct timespec t = {0, 100000};
        nanosleep(&t, NULL);
    }
}

static int speed_index(double speed)
{
    for (int i = 0; i < SPEED_COUNT; i++)
        if (speeds[i] == speed)
            return i;
    return -1;
}

void ex_slower(explorer *ex)
{
    int i = speed_index(ex->speed);
    if (i < 0) { /* a speed from the command line: the next listed one below it */
        for (i = SPEED_COUNT - 2; i > 0 && speeds[i] >= ex->speed; i--)
            ;
        ex->speed = speeds[i];
    } else if (i > 0) {
        ex->speed = speeds[i - 1];
    }
}

void ex_faster(explorer *ex)
{
    int i = speed_index(ex->speed);
    if (i < 0) {
        for (i = 0; i < SPEED_COUNT - 1 && speeds[i] <= ex->speed; i++)
            ;
        ex->speed = speeds[i];
    } else if (i < SPEED_COUNT - 1) {
        ex->speed = speeds[i + 1];
    }
}

void ex_restart(explorer *ex, double now)
{
    start_search(ex, now);
}

void ex_stop(explorer *ex)
{
    if (!ex->running)
        return;
    nq_worker_cancel(ex->worker);
    ex->running = false;
    ex->stopped = true;
    ex_set_status(ex, "Search stopped. R restarts it.");
}

bool ex_page_to(explorer *ex, uint64_t k)
{
    if (k < 1 || k > ex->reachable) {
        if (ex->reachable)
            snprintf(ex->status, sizeof ex->status, "There is no solution %llu%s: pick 1 to %llu.",
                     (unsigned long long)k, ex->running ? " yet" : "", (unsigned long long)ex->reachable);
        else
            snprintf(ex->status, sizeof ex->status, "No solution to show yet.");
        return false;
    }
    if (ex->mode == EX_WATCH)
        ex->paused = true; /* paging holds the animation; Space goes back to it */
    return show_solution(ex, k);
}

bool ex_page(explorer *ex, int64_t delta)
{
    if (!ex->reachable)
        return ex_page_to(ex, 1);
    int64_t k = ex->viewing ? (int64_t)ex->k : 0;
    k += delta;
    if (k < 1)
        k = 1;
    if ((uint64_t)k > ex->reachable)
        k = (int64_t)ex->reachable;
    return ex_page_to(ex, (uint64_t)k);
}

void ex_page_last(explorer *ex)
{
    ex_page_to(ex, ex->reachable);
}

void ex_key_goto_begin(explorer *ex)
{
    ex->goto_active = true;
    ex->goto_digits[0] = '\0';
    ex_set_status(ex, "Go to solution: type its number, then Enter.");
}

void ex_key_goto_digit(explorer *ex, char digit)
{
    size_t len = strlen(ex->goto_digits);
    if (len + 1 < sizeof ex->goto_digits) {
        ex->goto_digits[len] = digit;
        ex->goto_digits[len + 1] = '\0';
    }
    snprintf(ex->status, sizeof ex->status, "Go to solution: %s", ex->goto_digits);
}

void ex_key_goto_back(explorer *ex)
{
    size_t len = strlen(ex->goto_digits);
    if (len)
        ex->goto_digits[len - 1] = '\0';
    snprintf(ex->status, sizeof ex->status, "Go to solution: %s", ex->goto_digits);
}

void ex_key_goto_enter(explorer *ex)
{
    ex->goto_active = false;
    uint64_t k;
    if (!nq_parse_number(ex->goto_digits, 1, UINT64_MAX, &k)) {
        ex_set_status(ex, "Type a solution number after G.");
        return;
    }
    if (ex_page_to(ex, k))
        ex->status[0] = '\0';
}

void ex_key_pin_begin(explorer *ex)
{
    ex->pin_active = true;
    ex->pin_cursor = ex->has_first ? ex->first : (nq_square){0, 0};
    ex_set_status(ex, "Pin a queen: arrow keys, then Enter (Esc cancels).");
}

void ex_key_pin_move(explorer *ex, int dcolumn, int drow)
{
    int c = ex->pin_cursor.column + dcolumn, r = ex->pin_cursor.row + drow;
    if (c >= 0 && c < ex->n)
        ex->pin_cursor.column = c;
    if (r >= 0 && r < ex->n)
        ex->pin_cursor.row = r;
}

void ex_key_pin_enter(explorer *ex, double now)
{
    ex->pin_active = false;
    ex->status[0] = '\0';
    ex_click(ex, ex->pin_cursor, now);
}

bool ex_escape(explorer *ex)
{
    if (ex->help) {
        ex->help = false;
    } else if (ex->goto_active || ex->pin_active) {
        ex->goto_active = ex->pin_active = false;
        ex->status[0] = '\0';
    } else if (ex->running) {
        ex_stop(ex);
    } else {
        return false;
    }
    return true;
}

char *ex_board_text(const explorer *ex)
{
    if (!ex->viewing)
        return NULL;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    fprintf(out, "Solution %llu:\n", (unsigned long long)ex->k);
    nq_board_write(out, ex->n, ex->shown);
    fclose(out);
    return text;
}
