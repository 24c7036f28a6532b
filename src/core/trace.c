/*
 * trace.c -- the search as a state machine that stops after every step.
 *
 * Plain arrays rather than bitboards: a watched search runs at most a few million steps a second,
 * and every reject has to name its attacker, which a scan of the placed queens gives directly.
 * Each call runs the machine until it has one step to return.
 */
#include "nq/trace.h"

#include <string.h>

#include "bits.h"
#include "check.h"

enum trace_state {
    STATE_TRY,      /* try the next column of the current row, or finish the row */
    STATE_CHECK,    /* the tried square: reject it or place a queen */
    STATE_SOLUTION, /* the board is full */
    STATE_BACK,     /* take back the queen of the row above */
    STATE_DONE,     /* return the done step */
    STATE_FINISHED
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

/* Makes row the row being searched, from its leftmost square. */
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

void nq_trace_init(nq_trace *t, int n, const nq_square *first)
{
    NQ_CHECK(n >= NQ_MIN_N && n <= NQ_MAX_N);
    memset(t, 0, sizeof *t);
    t->n = n;
    t->pinned_row = first ? first->row : -1;
    for (int r = 0; r < n; r++)
        t->cols[r] = -1;
    if (first)
        t->cols[first->row] = first->column;
    enter_row(t, nq_trace_row_after(t, -1));
}

static nq_step make_step(nq_step_kind kind, int row, int column)
{
    nq_step step;
    memset(&step, 0, sizeof step); /* padding too: steps are compared and copied whole */
    step.kind = (uint8_t)kind;
    step.row = (uint8_t)row;
    step.column = (uint8_t)column;
    return step;
}

bool nq_trace_next(nq_trace *t, nq_step *step)
{
    for (;;) {
        int r = t->row;
        switch ((enum trace_state)t->state) {
        case STATE_TRY:
            if (t->next_column[r] < t->n) {
                *step = make_step(NQ_STEP_TRY, r, t->next_column[r]);
                t->state = STATE_CHECK;
                return true;
            }
            t->state = STATE_BACK;
            if (!t->placed_any[r]) {
                t->dead_ends++;
                *step = make_step(NQ_STEP_DEAD_END, r, 0);
                return true;
            }
            continue;
        case STATE_CHECK: {
            int c = t->next_column[r]++;
            *step = make_step(NQ_STEP_REJECT, r, c);
            if (nq_trace_attacker(t, r, c, step)) {
                t->state = STATE_TRY;
                return true;
            }
            *step = make_step(NQ_STEP_PLACE, r, c);
            t->cols[r] = c;
            t->placed_any[r] = true;
            t->nodes++;
            enter_row(t, nq_trace_row_after(t, r));
            return true;
        }
        case STATE_SOLUTION:
            *step = make_step(NQ_STEP_SOLUTION, 0, 0);
            step->solution = ++t->solutions;
            t->state = STATE_BACK;
            return true;
        case STATE_BACK: {
            int above = nq_trace_row_before(t, r);
            if (above < 0) {
                t->state = STATE_DONE;
                continue;
            }
            *step = make_step(NQ_STEP_REMOVE, above, t->cols[above]);
            t->cols[above] = -1;
            t->row = above;
            t->state = STATE_TRY;
            return true;
        }
        case STATE_DONE:
            *step = make_step(NQ_STEP_DONE, 0, 0);
            step->solution = t->solutions;
            t->state = STATE_FINISHED;
            return true;
        case STATE_FINISHED:
            return false;
        }
    }
}
