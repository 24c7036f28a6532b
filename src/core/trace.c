/*
 * trace.c -- the searches as a state machine that stops after every step.
 *
 * Plain arrays rather than bitboards: a watched search runs at most a few million steps a second,
 * and every reject has to name its attacker, which a scan of the placed queens gives directly.
 * Each call runs the machine until it has one step to return.
 *
 * Forward checking keeps no domains: a row's squares left are those no standing queen attacks
 * (the newest only in the rows it has crossed off so far), computed from the board when needed.
 * So the iterator stays a small copyable struct (the timeline's checkpoints are copies of it), and
 * taking a queen back restores every row at once. Min-conflicts likewise rebuilds its counting
 * board (nq/minconflicts.h) from the columns at each step: O(n), nothing to keep in step.
 */
#include "nq/trace.h"

#include <string.h>

#include "bits.h"
#include "check.h"
#include "nq/minconflicts.h"

enum trace_state {
    STATE_TRY,      /* backtracking: try the next column of the current row, or finish the row */
    STATE_CHECK,    /* backtracking: the tried square: reject it or place a queen */
    STATE_SOLUTION, /* the board is full */
    STATE_BACK,     /* take back the queen of the row above (the newest queen) */
    STATE_DONE,     /* return the done step */
    STATE_FINISHED,
    STATE_NEXT_ROW, /* forward checking, first fail: choose the row to search next */
    STATE_PLACE,    /* ... place a queen on the row's next square left, or give the row up */
    STATE_CROSS,    /* ... the newest queen crosses off in the next row it touches */
    STATE_WIPE_OUT, /* ... the row crossed off last has no square left */
    STATE_MC_START, /* min-conflicts: put a queen in the next empty row */
    STATE_MC_PICK,  /* ... choose a queen in conflict, or finish */
    STATE_MC_MOVE   /* ... move it */
};

int nq_trace_row_after(const nq_trace *t, int row)
{
    row++;
    return row == t->pinned_row ? row + 1 : row;
}

int nq_trace_row_before(const nq_trace *t, int row)
{
    row--;
    return row >= 0 && row == t->pinned_row ? row - 1 : row;
}

bool nq_trace_attacker(const nq_trace *t, int row, int column, nq_step *reject)
{
    for (int r = 0; r < t->n; r++) {
        int c = t->cols[r];
        if (c < 0 || r == row)
            continue;
        nq_line line;
        if (nq_queen_line(t->n, c, r, column, row, &line)) {
            reject->line = (uint8_t)line;
            reject->by_row = (uint8_t)r;
            reject->by_column = (uint8_t)c;
            return true;
        }
    }
    return false;
}

/* What the queen of row q attacks in row r (r != q). */
static uint64_t attacks_of(const nq_trace *t, int q, int r)
{
    return nq_queen_attacks_row(t->n, t->cols[q], r > q ? r - q : q - r);
}

/* The squares of row r (without a queen) crossed off by the standing queens placed before the
 * newest one. */
static uint64_t crossed_before_newest(const nq_trace *t, int r)
{
    uint64_t crossed = 0;
    for (int i = 0; i + 1 < t->depth; i++)
        crossed |= attacks_of(t, t->order[i], r);
    return crossed;
}

uint64_t nq_trace_crossed(const nq_trace *t, int row)
{
    if ((t->method != NQ_METHOD_FORWARD && t->method != NQ_METHOD_FIRSTFAIL) || t->cols[row] >= 0 || t->depth == 0)
        return 0;
    uint64_t crossed = crossed_before_newest(t, row);
    if (row < t->cursor)
        crossed |= attacks_of(t, t->order[t->depth - 1], row);
    return crossed;
}

/* The squares of row r (without a queen) not crossed off. */
static uint64_t squares_left(const nq_trace *t, int r)
{
    return nq_full_row(t->n) & ~nq_trace_crossed(t, r);
}

int nq_trace_squares_left(const nq_trace *t, int row)
{
    return nq_popcount(squares_left(t, row));
}

int nq_step_squares(const nq_step *step)
{
    return nq_popcount(step->squares);
}

bool nq_trace_gave_up(const nq_trace *t)
{
    return t->method == NQ_METHOD_MINCONFLICTS && t->state == STATE_FINISHED && t->solutions == 0;
}

/* Makes row the row backtracking searches, from its leftmost square. */
static void enter_row(nq_trace *t, int row)
{
    t->row = row;
    if (row == t->n) {
        t->state = STATE_SOLUTION;
        return;
    }
    t->next_column[row] = 0;
    t->placed_any[row] = false;
    t->state = STATE_TRY;
}

void nq_trace_start(nq_trace *t, const nq_plan *plan)
{
    int n = plan->n;
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N && plan->method >= 0 && plan->method < NQ_METHOD_COUNT);
    memset(t, 0, sizeof *t);
    t->n = n;
    t->method = plan->method;
    t->pinned_row = plan->has_first ? plan->first.row : -1;
    for (int r = 0; r < n; r++)
        t->cols[r] = -1;
    t->cursor = n;
    if (plan->has_first) {
        NQ_CHECK(plan->first.column >= 0 && plan->first.column < n && plan->first.row >= 0 && plan->first.row < n);
        t->cols[plan->first.row] = plan->first.column;
    }
    switch (plan->method) {
    case NQ_METHOD_BACKTRACK: enter_row(t, nq_trace_row_after(t, -1)); break;
    case NQ_METHOD_FORWARD:
    case NQ_METHOD_FIRSTFAIL:
        t->state = STATE_NEXT_ROW;
        if (plan->has_first) {
            t->order[t->depth++] = (uint8_t)plan->first.row; /* it crosses off first */
            t->cursor = 0;
            t->state = STATE_CROSS;
        }
        break;
    default:
        t->random = plan->seed;
        t->budget = plan->budget ? plan->budget : NQ_PLAN_BUDGET;
        t->row = 0;
        t->state = STATE_MC_START;
        break;
    }
}

void nq_trace_init(nq_trace *t, int n, const nq_square *first)
{
    nq_plan plan = nq_plan_make(n, first, NQ_METHOD_BACKTRACK);
    nq_trace_start(t, &plan);
}

void nq_trace_resume(nq_trace *t, int n, const int *cols, const nq_square *first)
{
    nq_trace_init(t, n, first);
    int row = n;
    for (int r = n - 1; r >= 0; r--) {
        if (r == t->pinned_row)
            continue;
        NQ_CHECK(cols[r] >= -1 && cols[r] < n);
        t->cols[r] = cols[r];
        if (cols[r] < 0) {
            row = r;
            continue;
        }
        t->next_column[r] = (uint8_t)(cols[r] + 1);
        t->placed_any[r] = true;
    }
    enter_row(t, row);
}

/* Writes a step of the given kind into *step, every other byte zero (padding too: steps are copied
 * whole). Written in place, not built aside and copied: a small struct
 * assembled byte by byte and then read whole stalls the processor, at every step. */
static void put_step(nq_step *step, nq_step_kind kind, int row, int column)
{
    memset(step, 0, sizeof *step);
    step->kind = (uint8_t)kind;
    step->row = (uint8_t)row;
    step->column = (uint8_t)column;
}

/* The step naming the queen of row q as the one that crosses off. */
static void put_crossing(const nq_trace *t, nq_step *step, nq_step_kind kind, int row, int q)
{
    put_step(step, kind, row, 0);
    step->by_row = (uint8_t)q;
    step->by_column = (uint8_t)t->cols[q];
}

/* Forward checking and first fail: the row to search next, or -1 when every row has a queen. */
static int next_row(const nq_trace *t)
{
    int best = -1, fewest = t->n + 1;
    for (int r = 0; r < t->n; r++) {
        if (t->cols[r] >= 0)
            continue;
        if (t->method == NQ_METHOD_FORWARD)
            return r;
        int left = nq_popcount(squares_left(t, r));
        if (left < fewest) {
            fewest = left;
            best = r;
        }
    }
    return best;
}

/* One step of forward checking or first fail; false when the machine only changed state. */
static bool propagate_step(nq_trace *t, nq_step *step)
{
    int r = t->row;
    switch ((enum trace_state)t->state) {
    case STATE_NEXT_ROW:
        r = next_row(t);
        if (r < 0) {
            t->row = t->n;
            t->state = STATE_SOLUTION;
            return false;
        }
        t->row = r;
        t->next_column[r] = 0;
        t->state = STATE_PLACE;
        if (t->method == NQ_METHOD_FORWARD)
            return false;
        put_step(step, NQ_STEP_SELECT, r, 0);
        step->squares = squares_left(t, r);
        return true;
    case STATE_PLACE: {
        uint64_t open = squares_left(t, r) & ~nq_full_row(t->next_column[r]);
        if (!open) {
            t->state = STATE_BACK;
            return false;
        }
        int c = nq_lowest_column(open);
        t->next_column[r] = (uint8_t)(c + 1);
        t->cols[r] = c;
        t->order[t->depth++] = (uint8_t)r;
        t->nodes++;
        t->cursor = 0;
        t->state = STATE_CROSS;
        put_step(step, NQ_STEP_PLACE, r, c);
        return true;
    }
    case STATE_CROSS: {
        int q = t->order[t->depth - 1];
        for (int below = t->cursor; below < t->n; below++) {
            if (t->cols[below] >= 0)
                continue;
            uint64_t before = nq_full_row(t->n) & ~crossed_before_newest(t, below);
            uint64_t hit = before & attacks_of(t, q, below);
            if (!hit)
                continue;
            t->cursor = below + 1;
            t->crossed += (uint64_t)nq_popcount(hit);
            if (hit == before)
                t->state = STATE_WIPE_OUT;
            put_crossing(t, step, NQ_STEP_CROSS, below, q);
            step->squares = hit;
            return true;
        }
        t->cursor = t->n;
        t->state = STATE_NEXT_ROW;
        return false;
    }
    case STATE_WIPE_OUT:
        t->wipe_outs++;
        t->state = STATE_BACK;
        put_crossing(t, step, NQ_STEP_WIPE_OUT, t->cursor - 1, t->order[t->depth - 1]);
        return true;
    case STATE_BACK: {
        if (t->depth == 0 || (t->depth == 1 && t->pinned_row >= 0)) {
            t->state = STATE_DONE;
            return false;
        }
        int q = t->order[--t->depth];
        put_step(step, NQ_STEP_REMOVE, q, t->cols[q]);
        t->cols[q] = -1;
        t->row = q;
        t->cursor = t->n;
        t->state = STATE_PLACE;
        return true;
    }
    default: NQ_UNREACHABLE("a state of forward checking");
    }
}

/* One step of min-conflicts; false when the machine only changed state. */
static bool repair_step(nq_trace *t, nq_step *step)
{
    nq_mc_small small;
    nq_mc_small_set(&small, t->n, t->cols, t->pinned_row);
    nq_mc_board *b = &small.board;
    uint32_t attacks;
    switch ((enum trace_state)t->state) {
    case STATE_MC_START: {
        int r = t->row;
        while (r < t->n && t->cols[r] >= 0)
            r++;
        if (r == t->n) {
            t->state = STATE_MC_PICK;
            return false;
        }
        int c = nq_mc_start_column(b, r, &t->random, &attacks);
        t->cols[r] = c;
        t->nodes++;
        t->row = r + 1;
        put_step(step, NQ_STEP_PLACE, r, c);
        step->count = attacks;
        return true;
    }
    case STATE_MC_PICK: {
        if (b->pairs == 0) {
            t->state = STATE_SOLUTION;
            return false;
        }
        if (t->moves >= t->budget) {
            t->state = STATE_DONE;
            return false;
        }
        int r = nq_mc_pick(b, &t->random);
        t->row = r;
        t->state = STATE_MC_MOVE;
        put_step(step, NQ_STEP_CONFLICT, r, t->cols[r]);
        step->count = nq_mc_attacks(b, r, t->cols[r]);
        return true;
    }
    case STATE_MC_MOVE: {
        int r = t->row;
        int c = nq_mc_best_column(b, r, &t->random, &attacks);
        put_step(step, NQ_STEP_MOVE, r, c);
        step->by_row = (uint8_t)r;
        step->by_column = (uint8_t)t->cols[r];
        step->count = attacks;
        t->cols[r] = c;
        t->moves++;
        t->state = STATE_MC_PICK;
        return true;
    }
    default: NQ_UNREACHABLE("a state of min-conflicts");
    }
}

/* One step of backtracking; false when the machine only changed state. */
static bool backtrack_step(nq_trace *t, nq_step *step)
{
    int r = t->row;
    switch ((enum trace_state)t->state) {
    case STATE_TRY:
        if (t->next_column[r] < t->n) {
            put_step(step, NQ_STEP_TRY, r, t->next_column[r]);
            t->state = STATE_CHECK;
            return true;
        }
        t->state = STATE_BACK;
        if (!t->placed_any[r]) {
            t->dead_ends++;
            put_step(step, NQ_STEP_DEAD_END, r, 0);
            return true;
        }
        return false;
    case STATE_CHECK: {
        int c = t->next_column[r]++;
        put_step(step, NQ_STEP_REJECT, r, c);
        if (nq_trace_attacker(t, r, c, step)) {
            t->state = STATE_TRY;
            return true;
        }
        put_step(step, NQ_STEP_PLACE, r, c);
        t->cols[r] = c;
        t->placed_any[r] = true;
        t->nodes++;
        enter_row(t, nq_trace_row_after(t, r));
        return true;
    }
    case STATE_BACK: {
        int above = nq_trace_row_before(t, r);
        if (above < 0) {
            t->state = STATE_DONE;
            return false;
        }
        put_step(step, NQ_STEP_REMOVE, above, t->cols[above]);
        t->cols[above] = -1;
        t->row = above;
        t->state = STATE_TRY;
        return true;
    }
    default: NQ_UNREACHABLE("a state of backtracking");
    }
}

bool nq_trace_next(nq_trace *t, nq_step *step)
{
    for (;;) {
        switch ((enum trace_state)t->state) {
        case STATE_SOLUTION:
            put_step(step, NQ_STEP_SOLUTION, 0, 0);
            step->solution = ++t->solutions;
            t->state = t->method == NQ_METHOD_MINCONFLICTS ? STATE_DONE : STATE_BACK;
            return true;
        case STATE_DONE:
            put_step(step, NQ_STEP_DONE, 0, 0);
            step->solution = t->solutions;
            t->state = STATE_FINISHED;
            return true;
        case STATE_FINISHED: return false;
        default: break;
        }
        bool stepped;
        switch ((nq_method)t->method) {
        case NQ_METHOD_BACKTRACK: stepped = backtrack_step(t, step); break;
        case NQ_METHOD_FORWARD:
        case NQ_METHOD_FIRSTFAIL: stepped = propagate_step(t, step); break;
        default: stepped = repair_step(t, step); break;
        }
        if (stepped)
            return true;
    }
}
