/*
 * watch.c -- the watched search as a person steers it: the timeline's cursor (play, pause, one
 * step, one step back, seek, the previous or next solution or dead end), the speed, the marks of
 * the solutions found along the timeline, the narration of the step shown, and whether Ctrl+G may
 * save the watch from the step on the board (what to do when not). The steps come
 * from run.c, which records them; here they are shown, always read back from the timeline.
 */
#include <string.h>

#include "feature.h"
#include "nq/i18n.h"

/* The watch speeds [ and ] step through (steps a second); the last one means no limit. */
static const double speeds[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 100000, EX_SPEED_MAX};

enum { SPEED_COUNT = sizeof speeds / sizeof speeds[0] };

void ex_speed_text(const explorer *ex, char *buf, size_t size)
{
    if (ex->speed == EX_SPEED_MAX) {
        /* TRANSLATORS: the watch's speed when it has no limit, on a small label: keep it short. */
        snprintf(buf, size, "%s", C_("speed", "max"));
    } else {
        char speed[32];
        nq_grouped((uint64_t)ex->speed, speed, sizeof speed);
        /* TRANSLATORS: the watch's speed, on a small label: %s is a number already grouped by
         * thousands; "/s": a second. */
        snprintf(buf, size, ngettext("%s step/s", "%s steps/s", (unsigned long)ex->speed), speed);
    }
}

void ex_step_text(const explorer *ex, char *buf, size_t size)
{
    if (!ex->timeline) {
        buf[0] = '\0';
        return;
    }
    char k[32], length[32];
    nq_grouped(ex->cursor, k, sizeof k);
    nq_grouped(nq_timeline_length(ex->timeline), length, sizeof length);
    ex_phase phase = ex_run_phase(ex);
    if (phase == EX_PHASE_PLAYING || (phase == EX_PHASE_REPLAYING && ex->state == EX_SEARCHING))
        /* TRANSLATORS: where the watched search's timeline stands: step %s of %s recorded
         * (numbers grouped by thousands); "so far": the search still runs. */
        snprintf(buf, size, _("Step %s of %s so far"), k, length);
    else if (ex->state == EX_SEARCHING)
        /* TRANSLATORS: as above, while the search waits (paused, paging, or a race in front of
         * it): step %s of the %s recorded so far. */
        snprintf(buf, size, _("Step %s of %s (paused)"), k, length);
    else /* TRANSLATORS: as above, the search over. */
        snprintf(buf, size, _("Step %s of %s"), k, length);
}

/* Shows the watched search at step k of its timeline: the board, the step, the figures, all as
 * they were when that step was first shown. */
void ex_show_step(explorer *ex, uint64_t k)
{
    nq_timeline_seek(ex->timeline, k, &ex->moment);
    const nq_trace *t = &ex->moment.trace;
    ex->cursor = k;
    for (int r = 0; r < NQ_MAX_N; r++)
        ex->cols[r] = r < ex->n ? t->cols[r] : -1;
    ex->has_step = k > 0;
    ex->step = ex->moment.last;
    ex->dead_end_row = k > 0 && ex->step.kind == NQ_STEP_DEAD_END ? ex->step.row : -1;
    if (k == nq_timeline_length(ex->timeline)) { /* the live edge: the run's figures so far */
        ex_figures *f = &ex->reported;
        f->method = (nq_method)t->method;
        f->solutions = t->solutions;
        f->placed = t->nodes;
        f->dead_ends = t->dead_ends;
        f->wipe_outs = t->wipe_outs;
        f->crossed = t->crossed;
        f->moves = t->moves;
    }
    ex->solution_rank = 0;
    if (k > 0 && ex->step.kind == NQ_STEP_SOLUTION && nq_method_complete((nq_method)t->method))
        ex->solution_rank = ex->solver.rank(ex->solver.context, t->cols);
    ex_tree_update(ex);
}

/* Marks the bucket of a solution found at step (1-based). A step past the last bucket first merges
 * the buckets pairwise and doubles the span until it fits; steps without a solution need nothing,
 * as a bucket past the last marked one reads as unmarked whatever the span. */
void ex_mark_solution(explorer *ex, uint64_t step)
{
    while ((step - 1) / ex->mark_span >= EX_MARKS) {
        for (int i = 0; i < EX_MARKS / 2; i++)
            ex->marks[i] = ex->marks[2 * i] || ex->marks[2 * i + 1];
        memset(ex->marks + EX_MARKS / 2, 0, EX_MARKS / 2 * sizeof ex->marks[0]);
        ex->mark_span *= 2;
    }
    ex->marks[(step - 1) / ex->mark_span] = true;
}

uint64_t ex_timeline_length(const explorer *ex)
{
    return ex->timeline ? nq_timeline_length(ex->timeline) : 0;
}

bool ex_marked(const explorer *ex, uint64_t from, uint64_t to)
{
    if (!ex->timeline || from < 1 || to < from)
        return false;
    for (uint64_t i = (from - 1) / ex->mark_span; i <= (to - 1) / ex->mark_span && i < EX_MARKS; i++)
        if (ex->marks[i])
            return true;
    return false;
}

void ex_play(explorer *ex)
{
    ex->paused = false;
    ex->viewing = false; /* back to the live search */
    ex_sync_clock(ex, ex->last_update);
}

static void play_pause(explorer *ex)
{
    if (ex->job != NQ_JOB_WATCH)
        return;
    if (ex->paused)
        ex_play(ex);
    else
        ex->paused = true;
    ex_sync_clock(ex, ex->last_update);
}

/* Says that stepping is Watch's, and returns whether this search has a timeline to step through. */
static bool has_timeline(explorer *ex)
{
    if (!ex->timeline)
        ex_notify(ex, EX_NOTICE_STEPS_ARE_WATCHS, 0, NULL, NULL);
    return ex->timeline != NULL;
}

/* One step forward in a watched search: the next update shows it, from the timeline if it is
 * recorded, else from the worker when it comes. */
static void single_step(explorer *ex)
{
    if (!has_timeline(ex) || (ex->state != EX_SEARCHING && ex->cursor == nq_timeline_length(ex->timeline)))
        return;
    ex->paused = true;
    ex->viewing = false;
    ex->step_wanted = true;
    ex->trace_cursor = true;
    ex_sync_clock(ex, ex->last_update);
}

/* Moves the watched search's timeline to step k at once, paused there. */
void ex_move_to(explorer *ex, uint64_t k)
{
    ex->paused = true;
    ex->viewing = false;
    ex->step_wanted = false;
    ex_show_step(ex, k);
    ex_trace_step(ex);
    ex_sync_clock(ex, ex->last_update);
}

void ex_seek(explorer *ex, uint64_t step)
{
    if (ex_racing(ex) || !ex->timeline)
        return;
    ex_notice_clear(ex);
    uint64_t length = nq_timeline_length(ex->timeline);
    ex_move_to(ex, step < length ? step : length);
}

bool ex_gif_allowed(explorer *ex)
{
    if (ex_showing(ex) == EX_SHOWN_STEP && ex->timeline)
        return true;
    bool watch = ex->job == NQ_JOB_WATCH && ex->timeline && ex->viewing && !ex_racing(ex);
    bool ended = watch && ex->state == EX_FINISHED && ex->cursor == nq_timeline_length(ex->timeline);
    ex_notify(ex, !watch ? EX_NOTICE_GIF_WATCH_ONLY : ended ? EX_NOTICE_GIF_ENDED : EX_NOTICE_GIF_PAGED, 0, NULL,
              NULL);
    return false;
}

/* One step back in a watched search. */
static void step_back(explorer *ex)
{
    if (!has_timeline(ex))
        return;
    if (ex->cursor == 0) {
        ex_notify(ex, EX_NOTICE_AT_START, 0, NULL, NULL);
        return;
    }
    ex_move_to(ex, ex->cursor - 1);
}

/* To the previous or next solution or dead end on the timeline. */
static void jump(explorer *ex, bool forward)
{
    uint64_t k;
    if (!has_timeline(ex))
        return;
    if (nq_timeline_find(ex->timeline, ex->cursor, forward, NQ_LANDMARK_SOLUTION | NQ_LANDMARK_DEAD_END, &k))
        ex_move_to(ex, k);
    else
        ex_notify(ex, forward ? EX_NOTICE_NO_LANDMARK_AFTER : EX_NOTICE_NO_LANDMARK_BEFORE, 0, NULL, NULL);
}

static int speed_index(double speed)
{
    for (int i = 0; i < SPEED_COUNT; i++)
        if (speeds[i] == speed)
            return i;
    return -1;
}

void ex_set_speed(explorer *ex, double speed)
{
    ex->speed = speed;
}

static void slower(explorer *ex)
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

static void faster(explorer *ex)
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

void ex_watch_narration(const explorer *ex, char *buf, size_t size)
{
    ex_step_narration(&ex->moment, ex->solution_rank, buf, size);
}

void ex_step_narration(const nq_moment *m, uint64_t solution_rank, char *buf, size_t size)
{
    char count[32];
    if (m->step == 0) {
        nq_method method = (nq_method)m->trace.method;
        if (method == NQ_METHOD_MINCONFLICTS)
            /* TRANSLATORS: Min-conflicts is the name of a search method: it starts from a queen in
             * every row and moves them until none attacks another. */
            snprintf(buf, size, "%s", _("Min-conflicts starts from a full board and repairs it, move by move."));
        else if (method == NQ_METHOD_FIRSTFAIL)
            /* TRANSLATORS: First fail is the name of a search method. */
            snprintf(buf, size, "%s", _("First fail starts with the row that has the fewest free squares."));
        else /* TRANSLATORS: %d: the first row the search puts a queen in, counted from 1. */
            snprintf(buf, size, _("The search starts at row %d."), nq_trace_row_after(&m->trace, -1) + 1);
        return;
    }
    const nq_step *s = &m->last;
    int row = s->row + 1, col = s->column + 1;
    nq_method method = (nq_method)m->trace.method;
    bool crosses = method == NQ_METHOD_FORWARD || method == NQ_METHOD_FIRSTFAIL;
    char moves[32];
    nq_grouped(m->trace.moves, moves, sizeof moves);
    unsigned long moved = (unsigned long)m->trace.moves;
    switch ((nq_step_kind)s->kind) {
    case NQ_STEP_TRY:
        /* TRANSLATORS: the narration of a search, step by step, in a line of plain text under the
         * board (this message and those that follow it). Rows and columns are counted from 1, as on
         * the board's labels; "row %d, column %d" names the square the step is about. The
         * placeholders may be reordered in a translation (%1$d, %2$d, ...). */
        snprintf(buf, size, _("row %d, column %d: trying"), row, col);
        return;
    case NQ_STEP_REJECT:
        if (s->line == NQ_LINE_COLUMN)
            snprintf(buf, size,
                     /* TRANSLATORS: the square tried is attacked by the queen named after it (its
                      * row, then its column), along the column. */
                     _("row %d, column %d: attacked along the column by the queen at row %d, column %d"), row,
                     col, s->by_row + 1, s->by_column + 1);
        else if (s->line == NQ_LINE_DOWN_RIGHT)
            snprintf(buf, size,
                     /* TRANSLATORS: the square tried is attacked by the queen named after it (its
                      * row, then its column), along the diagonal that goes down to the right. */
                     _("row %d, column %d: attacked along the diagonal down to the right by the queen at row %d, "
                       "column %d"),
                     row, col, s->by_row + 1, s->by_column + 1);
        else
            snprintf(buf, size,
                     /* TRANSLATORS: the square tried is attacked by the queen named after it (its
                      * row, then its column), along the diagonal that goes down to the left. */
                     _("row %d, column %d: attacked along the diagonal down to the left by the queen at row %d, "
                       "column %d"),
                     row, col, s->by_row + 1, s->by_column + 1);
        return;
    case NQ_STEP_PLACE:
        if (method == NQ_METHOD_MINCONFLICTS)
            snprintf(buf, size,
                     /* TRANSLATORS: the last %d: how many queens attack the queen placed. */
                     _("row %d, column %d: the start puts a queen here, attacked by %d"), row, col, (int)s->count);
        else if (crosses)
            snprintf(buf, size,
                     /* TRANSLATORS: "left": not crossed off yet by the queens above. */
                     _("row %d, column %d: a queen on the first square left; it crosses off what it attacks "
                       "below"),
                     row, col);
        else
            snprintf(buf, size, _("row %d, column %d: a queen is placed"), row, col);
        return;
    case NQ_STEP_CROSS: {
        int crossed = nq_step_squares(s);
        int left = nq_trace_squares_left(&m->trace, s->row);
        snprintf(buf, size,
                 /* TRANSLATORS: the queen named (its row, then its column) crosses off squares of the
                  * row named first; the last %d: how many squares of that row are left. */
                 ngettext("row %d: the queen at row %d, column %d crosses off %d square; %d left",
                          "row %d: the queen at row %d, column %d crosses off %d squares; %d left",
                          (unsigned long)crossed),
                 row, s->by_row + 1, s->by_column + 1, crossed, left);
        return;
    }
    case NQ_STEP_WIPE_OUT:
        /* TRANSLATORS: a wipe-out (the word the figures count them by, "Wipe-outs"): the queen named (its
         * row, then its column) crossed off the last free square of the row named first; "take it back":
         * take back that queen. */
        snprintf(buf, size, _("row %d: a wipe-out: the queen at row %d, column %d crossed off its last square; "
                              "take it back"),
                 row, s->by_row + 1, s->by_column + 1);
        return;
    case NQ_STEP_SELECT: {
        int left = nq_step_squares(s);
        if (left == 1) /* TRANSLATORS: the row a queen goes in next. */
            snprintf(buf, size, _("row %d next: only 1 square left"), row);
        else
            snprintf(buf, size,
                     /* TRANSLATORS: the row a queen goes in next, and how many squares are left in it. */
                     ngettext("row %d next: %d square left, no row has fewer",
                              "row %d next: %d squares left, no row has fewer", (unsigned long)left),
                     row, left);
        return;
    }
    case NQ_STEP_CONFLICT:
        /* TRANSLATORS: the last %d: how many queens attack it. */
        snprintf(buf, size, _("the queen at row %d, column %d is attacked by %d: it moves"), row, col,
                 (int)s->count);
        return;
    case NQ_STEP_MOVE:
        snprintf(buf, size,
                 /* TRANSLATORS: the last %d: how many queens attack it on its new square; %s: the number
                  * of this move, grouped by thousands. */
                 _("row %d: the queen moves from column %d to column %d, attacked by %d there (move %s)"), row,
                 s->by_column + 1, col, (int)s->count, moves);
        return;
    case NQ_STEP_DEAD_END: {
        int above = nq_trace_row_before(&m->trace, s->row);
        if (above < 0)
            snprintf(buf, size,
                     _("row %d has no free square, and there is no queen above to take back: the search is over"),
                     row);
        else
            snprintf(buf, size,
                     /* TRANSLATORS: "further right": the search tries the squares to the right of that
                      * queen. */
                     _("row %d has no free square: take back the queen at row %d, column %d and try further "
                       "right"),
                     row, above + 1, m->trace.cols[above] + 1);
        return;
    }
    case NQ_STEP_REMOVE:
        if (crosses)
            snprintf(buf, size,
                     /* TRANSLATORS: "left": not crossed off yet by the queens above. */
                     _("row %d: the queen at column %d is taken back; the search tries the next square left"),
                     row, col);
        else
            snprintf(buf, size, _("row %d: the queen at column %d is taken back; the search tries further right"),
                     row, col);
        return;
    case NQ_STEP_SOLUTION: {
        nq_grouped(s->solution, count, sizeof count);
        char rank[32];
        nq_grouped(solution_rank, rank, sizeof rank);
        if (method == NQ_METHOD_MINCONFLICTS)
            snprintf(buf, size,
                     /* TRANSLATORS: %s: how many moves, grouped by thousands. */
                     ngettext("no queen attacks another: a solution after %s move",
                              "no queen attacks another: a solution after %s moves", moved),
                     moves);
        else if (method != NQ_METHOD_FIRSTFAIL) /* TRANSLATORS: "solution 3 found": the third one found. */
            snprintf(buf, size, _("solution %s found"), count);
        else if (solution_rank)
            snprintf(buf, size,
                     /* TRANSLATORS: the solution found as the first %s is the second %s in lexicographic
                      * order. */
                     _("solution %s found: number %s in lexicographic order"), count, rank);
        else
            snprintf(buf, size, _("solution %s found (its number in lexicographic order is not known yet)"), count);
        return;
    }
    case NQ_STEP_DONE:
        nq_grouped(s->solution, count, sizeof count);
        if (nq_trace_gave_up(&m->trace))
            snprintf(buf, size,
                     /* TRANSLATORS: min-conflicts gave up after %s moves; R is a key name and stays as it
                      * is; the seed picks its random start. */
                     ngettext("No solution within %s move: the budget ran out. R starts again with another seed.",
                              "No solution within %s moves: the budget ran out. R starts again with another seed.",
                              moved),
                     moves);
        else if (method == NQ_METHOD_MINCONFLICTS) /* TRANSLATORS: %s: how many moves, grouped by thousands. */
            snprintf(buf, size, ngettext("Solved after %s move.", "Solved after %s moves.", moved), moves);
        else
            snprintf(buf, size,
                     ngettext("The search is over: %s solution.", "The search is over: %s solutions.",
                              (unsigned long)s->solution),
                     count);
        return;
    }
}

/* The watch's keys: play and pause, steps, landmarks and speed. */
static bool watch_act(explorer *ex, ex_action action, int value, double now)
{
    (void)value;
    (void)now;
    switch (action) {
    case EX_ACT_PLAY: play_pause(ex); return true;
    case EX_ACT_STEP: single_step(ex); return true;
    case EX_ACT_STEP_BACK: step_back(ex); return true;
    case EX_ACT_PREVIOUS_LANDMARK: jump(ex, false); return true;
    case EX_ACT_NEXT_LANDMARK: jump(ex, true); return true;
    case EX_ACT_SLOWER: slower(ex); return true;
    case EX_ACT_FASTER: faster(ex); return true;
    default: return false;
    }
}

const ex_feature ex_feature_watch = {"watch", watch_act, NULL, NULL};
