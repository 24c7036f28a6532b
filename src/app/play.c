/*
 * play.c -- "Your turn" (play.h): the learner's board, its clicks, undo and redo, the hint, the
 * solved board's number and class, and every sentence about them, written each frame from the
 * facts. The attack rule is the engine's: a square's attacker is nq_trace_attacker's (after the
 * queen of its own row, which the trace never meets), a row is stuck when
 * nq_board_attacked_in_row covers it, and the hint is the backtracking trace itself, resumed at
 * the learner's board (nq_trace_resume) and run to its next placement or take-back. The trace
 * lines (`play on`, `play place C R` ...) are written here as they happen.
 */
#include "play.h"

#include <stdio.h>
#include <string.h>

#include "feature.h"
#include "legend.h"
#include "nq/i18n.h"
#include "nq/index.h"
#include "nq/symmetry.h"

static const nq_square *pin_of(const ex_play_board *p)
{
    return p->has_first ? &p->first : NULL;
}

bool ex_play_on(const explorer *ex)
{
    return ex->play.on;
}

const int *ex_play_queens(const explorer *ex, int *count)
{
    const ex_play_board *p = &ex->play;
    if (count) {
        *count = 0;
        for (int r = 0; r < p->n; r++)
            *count += p->cols[r] >= 0 && !(p->has_first && r == p->first.row);
    }
    return p->cols;
}

ex_play_action ex_play_last(const explorer *ex)
{
    return ex->play.last;
}

bool ex_play_solved(const explorer *ex, uint64_t *rank)
{
    if (rank)
        *rank = ex->play.rank;
    return ex->play.rank > 0;
}

bool ex_play_attacker(const explorer *ex, nq_square square, nq_square *by, nq_line *line)
{
    const ex_play_board *p = &ex->play;
    int own = p->cols[square.row];
    if (own >= 0 && own != square.column) {
        *by = (nq_square){own, square.row};
        *line = NQ_LINE_ROW;
        return true;
    }
    nq_trace t;
    nq_trace_resume(&t, p->n, p->cols, pin_of(p));
    nq_step why;
    if (!nq_trace_attacker(&t, square.row, square.column, &why))
        return false;
    *by = (nq_square){why.by_column, why.by_row};
    *line = (nq_line)why.line;
    return true;
}

uint64_t ex_play_stuck_rows(const explorer *ex)
{
    const ex_play_board *p = &ex->play;
    uint64_t full = (1ull << p->n) - 1, stuck = 0; /* n <= EX_PLAY_MAX_N */
    for (int r = 0; r < p->n; r++)
        if (p->cols[r] < 0 && (nq_board_attacked_in_row(p->n, p->cols, r) & full) == full)
            stuck |= 1ull << r;
    return stuck;
}

ex_play_hint ex_play_hint_now(const explorer *ex)
{
    const ex_play_board *p = &ex->play;
    ex_play_hint h = {EX_HINT_SOLVED, -1, {-1, -1}, 0};
    nq_trace t;
    nq_trace_resume(&t, p->n, p->cols, pin_of(p));
    nq_step s;
    while (nq_trace_next(&t, &s)) {
        switch ((nq_step_kind)s.kind) {
        case NQ_STEP_TRY: h.row = s.row; break;
        case NQ_STEP_REJECT: h.rejected++; break;
        case NQ_STEP_PLACE:
        case NQ_STEP_REMOVE:
            h.kind = s.kind == NQ_STEP_PLACE ? EX_HINT_PLACE : EX_HINT_REMOVE;
            h.square = (nq_square){s.column, s.row};
            return h;
        case NQ_STEP_DONE: h.kind = EX_HINT_NONE; return h;
        case NQ_STEP_SOLUTION: return h;
        default: break;
        }
    }
    return h;
}

uint32_t ex_play_marks(const explorer *ex)
{
    const ex_play_board *p = &ex->play;
    uint32_t marks = 0;
    bool solved = ex_play_solved(ex, NULL);
    for (int r = 0; r < p->n; r++) {
        if (p->cols[r] >= 0)
            marks |= 1u << (p->has_first && r == p->first.row ? EX_MARK_PINNED : EX_MARK_QUEEN);
        if (!solved && nq_board_attacked_in_row(p->n, p->cols, r))
            marks |= 1u << EX_MARK_ATTACKED;
    }
    if (p->last.did == EX_PLAY_REFUSED)
        marks |= 1u << EX_MARK_REJECTED;
    if (ex_play_stuck_rows(ex))
        marks |= 1u << EX_MARK_DEAD_END;
    if (p->last.did == EX_PLAY_HINTED) {
        ex_play_hint h = ex_play_hint_now(ex);
        if (h.kind == EX_HINT_PLACE || h.kind == EX_HINT_REMOVE)
            marks |= 1u << EX_MARK_HINT;
    }
    if (solved)
        marks |= 1u << EX_MARK_SOLUTION;
    return marks;
}

/* ---- changing the board ---- */

/* Empties the board for the one shown now (N and the pin), the pinned queen standing. */
static void reset(explorer *ex)
{
    ex_play_board *p = &ex->play;
    p->n = ex->n;
    p->has_first = ex->has_first;
    p->first = ex->first;
    for (int r = 0; r < EX_PLAY_MAX_N; r++)
        p->cols[r] = -1;
    if (p->has_first)
        p->cols[p->first.row] = p->first.column;
    memset(&p->last, 0, sizeof p->last);
    p->done = p->recorded = 0;
    p->rank = p->total = 0;
    p->stuck_traced = 0;
}

/* After the board changed: the rows newly stuck and a full board are traced, and a full board
 * is verified and numbered. */
static void board_moved(explorer *ex)
{
    ex_play_board *p = &ex->play;
    uint64_t stuck = ex_play_stuck_rows(ex);
    for (int r = 0; r < p->n; r++)
        if ((stuck & ~p->stuck_traced) >> r & 1)
            ex_trace_line(ex, "play stuck %d", r + 1);
    p->stuck_traced = stuck;
    p->rank = p->total = 0;
    for (int r = 0; r < p->n; r++)
        if (p->cols[r] < 0)
            return;
    if (!nq_verify(p->n, p->cols, pin_of(p), NULL))
        return;
    nq_index *index = nq_index_build(p->n, pin_of(p), 1);
    if (!index)
        return;
    p->rank = nq_index_rank(index, p->cols);
    p->total = nq_index_known(index);
    nq_index_free(index);
    if (p->rank)
        ex_trace_line(ex, "play solved %llu", (unsigned long long)p->rank);
}

/* Makes move (or its reverse) on the board, traced. */
static void apply(explorer *ex, ex_play_move move, bool reverse)
{
    bool place = move.place != reverse;
    ex->play.cols[move.square.row] = place ? move.square.column : -1;
    ex_trace_line(ex, "play %s %d %d", place ? "place" : "remove", move.square.column + 1, move.square.row + 1);
    board_moved(ex);
}

/* A new move: the moves undone are forgotten, the oldest too when the history is full. */
static void record(explorer *ex, ex_play_move move)
{
    ex_play_board *p = &ex->play;
    if (p->done == EX_PLAY_HISTORY) {
        memmove(p->history, p->history + 1, (EX_PLAY_HISTORY - 1) * sizeof p->history[0]);
        p->done--;
    }
    p->history[p->done++] = move;
    p->recorded = p->done;
    apply(ex, move, false);
    p->last = (ex_play_action){move.place ? EX_PLAY_PLACED : EX_PLAY_REMOVED, move.square, move.place, {0, 0}, 0};
}

void ex_play_click(explorer *ex, nq_square square)
{
    ex_play_board *p = &ex->play;
    if (square.column < 0 || square.column >= p->n || square.row < 0 || square.row >= p->n)
        return;
    if (p->has_first && p->first.row == square.row && p->first.column == square.column) {
        p->last = (ex_play_action){EX_PLAY_PINNED, square, false, {0, 0}, 0};
        ex_trace_line(ex, "play pinned %d %d", square.column + 1, square.row + 1);
        return;
    }
    if (p->cols[square.row] == square.column) {
        record(ex, (ex_play_move){false, square});
        return;
    }
    nq_square by;
    nq_line line;
    if (ex_play_attacker(ex, square, &by, &line)) {
        p->last = (ex_play_action){EX_PLAY_REFUSED, square, false, by, line};
        ex_trace_line(ex, "play refused %d %d by %d %d", square.column + 1, square.row + 1, by.column + 1,
                      by.row + 1);
        return;
    }
    record(ex, (ex_play_move){true, square});
}

/* Ctrl+Z (back one move) or Ctrl+Y (forward one). */
static void undo_redo(explorer *ex, bool redo)
{
    ex_play_board *p = &ex->play;
    if (redo ? p->done == p->recorded : p->done == 0) {
        ex_notify(ex, EX_NOTICE_PLAY_NOTHING, redo, NULL, NULL);
        return;
    }
    ex_play_move move = redo ? p->history[p->done++] : p->history[--p->done];
    apply(ex, move, !redo);
    p->last = (ex_play_action){redo ? EX_PLAY_REDID : EX_PLAY_UNDID, move.square, move.place, {0, 0}, 0};
}

static void hint(explorer *ex)
{
    ex_play_hint h = ex_play_hint_now(ex);
    ex->play.last = (ex_play_action){EX_PLAY_HINTED, h.square, false, {0, 0}, 0};
    switch (h.kind) {
    case EX_HINT_PLACE:
    case EX_HINT_REMOVE:
        ex_trace_line(ex, "play hint %s %d %d", h.kind == EX_HINT_PLACE ? "place" : "remove", h.square.column + 1,
                      h.square.row + 1);
        break;
    case EX_HINT_NONE: ex_trace_line(ex, "play hint none %d", h.row + 1); break;
    case EX_HINT_SOLVED: ex_trace_line(ex, "play hint solved"); break;
    }
}

static bool in_range(int n)
{
    return n >= EX_PLAY_MIN_N && n <= EX_PLAY_MAX_N;
}

/* Whether the learner's board is of the board shown now: its N and its pin. */
static bool same_board(const explorer *ex)
{
    const ex_play_board *p = &ex->play;
    return p->n == ex->n && p->has_first == ex->has_first &&
           (!p->has_first || (p->first.row == ex->first.row && p->first.column == ex->first.column));
}

static void leave(explorer *ex)
{
    ex->play.on = false;
    ex_trace_line(ex, "play off");
}

/* Y: your turn on, on the board left before if N and the pin are the same, else on an empty one. */
static void enter(explorer *ex)
{
    if (!in_range(ex->n)) {
        ex_notify(ex, EX_NOTICE_PLAY_RANGE, 0, NULL, NULL);
        return;
    }
    if (ex_racing(ex))
        ex_leave_race(ex);
    ex_play_board *p = &ex->play;
    if (!same_board(ex))
        reset(ex);
    p->on = true;
    if (ex->job == NQ_JOB_WATCH)
        ex->paused = true; /* the watch waits where it is */
    ex_trace_line(ex, "play on");
}

/* Actions that leave the learner's board where it is: N (a new board), the language, the colours,
 * the help, the panel's table, Watch's method. */
static bool passes(ex_action action)
{
    switch (action) {
    case EX_ACT_N_UP:
    case EX_ACT_N_DOWN:
    case EX_ACT_SIZE:
    case EX_ACT_SIZE_DIGIT:
    case EX_ACT_SIZE_ERASE:
    case EX_ACT_SIZE_ENTER:
    case EX_ACT_LANGUAGE:
    case EX_ACT_LANGUAGE_BACK:
    case EX_ACT_THEME:
    case EX_ACT_THEME_BACK:
    case EX_ACT_HELP:
    case EX_ACT_COMPARE:
    case EX_ACT_METHOD:
    case EX_ACT_METHOD_BACK: return true;
    default: return false;
    }
}

static bool play_act(explorer *ex, ex_action action, int value, double now)
{
    (void)value;
    (void)now;
    ex_play_board *p = &ex->play;
    if (action == EX_ACT_YOUR_TURN) {
        if (p->on)
            leave(ex);
        else
            enter(ex);
        return true;
    }
    if (action == EX_ACT_UNDO || action == EX_ACT_REDO || action == EX_ACT_HINT) {
        if (!p->on)
            ex_notify(ex, EX_NOTICE_PLAY_ONLY, 0, NULL, NULL);
        else if (action == EX_ACT_HINT)
            hint(ex);
        else
            undo_redo(ex, action == EX_ACT_REDO);
        return true;
    }
    if (!p->on || passes(action) || ex->help || ex->keys != EX_KEYS_NORMAL)
        return false;
    leave(ex); /* anything else is the search's: back to it, and it acts */
    return action == EX_ACT_ESCAPE;
}

/* N or the pin changed: a new empty board, or your turn ends when N is out of its range. */
void ex_play_forget(explorer *ex)
{
    if (!ex->play.on) {
        ex->play.n = 0; /* no board is the same: the next entry starts an empty one */
        return;
    }
    reset(ex);
    ex_trace_line(ex, "play on");
}

static void play_board_changed(explorer *ex, double now)
{
    (void)now;
    ex_play_board *p = &ex->play;
    if (!p->on)
        return;
    if (!in_range(ex->n)) {
        leave(ex);
        ex_notify(ex, EX_NOTICE_PLAY_RANGE, 0, NULL, NULL);
        return;
    }
    if (ex->job == NQ_JOB_WATCH)
        ex->paused = true;
    if (!same_board(ex)) {
        reset(ex);
        ex_trace_line(ex, "play on");
    }
}

const ex_feature ex_feature_play = {"play", play_act, NULL, play_board_changed};

/* ---- sentences ---- */

static void say_refused(const ex_play_action *a, char *buf, size_t size)
{
    int r = a->square.row + 1, c = a->square.column + 1, br = a->by.row + 1, bc = a->by.column + 1;
    switch (a->line) {
    case NQ_LINE_ROW:
        snprintf(buf, size,
                 /* TRANSLATORS: your turn: the learner clicked a square of a row that has its queen.
                  * Squares are named by row, then column, counted from 1 from the top left. */
                 _("Row %d, column %d is attacked along the row by the queen at row %d, column %d: one queen a "
                   "row. Click that queen to take it back first."),
                 r, c, br, bc);
        break;
    case NQ_LINE_COLUMN:
        /* TRANSLATORS: your turn: a click on an attacked square, refused; row, then column. */
        snprintf(buf, size, _("Row %d, column %d is attacked along the column by the queen at row %d, column %d."),
                 r, c, br, bc);
        break;
    case NQ_LINE_DOWN_RIGHT:
        snprintf(buf, size,
                 /* TRANSLATORS: your turn: a click on an attacked square, refused; row, then column. */
                 _("Row %d, column %d is attacked along the diagonal down to the right by the queen at row %d, "
                   "column %d."),
                 r, c, br, bc);
        break;
    case NQ_LINE_DOWN_LEFT:
        snprintf(buf, size,
                 /* TRANSLATORS: your turn: a click on an attacked square, refused; row, then column. */
                 _("Row %d, column %d is attacked along the diagonal down to the left by the queen at row %d, "
                   "column %d."),
                 r, c, br, bc);
        break;
    }
}

static void say_hint(const explorer *ex, char *buf, size_t size)
{
    ex_play_hint h = ex_play_hint_now(ex);
    int row = h.row + 1, r = h.square.row + 1, c = h.square.column + 1;
    switch (h.kind) {
    case EX_HINT_PLACE:
        if (h.rejected == 0)
            snprintf(buf, size,
                     /* TRANSLATORS: your turn, a hint: what the backtracking search would do from the
                      * learner's board. The first %d is a row; then the square by row and column. */
                     _("Hint: backtracking fills row %d next, from the left: its first square, row %d, column %d, is "
                       "free, so it would place a queen there."),
                     row, r, c);
        else
            snprintf(buf, size,
                     /* TRANSLATORS: your turn, a hint: the first %d is a row; the second how many of
                      * its squares, from the left, are attacked; then the square by row and column. */
                     ngettext("Hint: backtracking fills row %d next, from the left: %d square is attacked, so it "
                              "would place a queen at row %d, column %d.",
                              "Hint: backtracking fills row %d next, from the left: %d squares are attacked, so it "
                              "would place a queen at row %d, column %d.",
                              (unsigned long)h.rejected),
                     row, h.rejected, r, c);
        return;
    case EX_HINT_REMOVE:
        snprintf(buf, size,
                 /* TRANSLATORS: your turn, a hint: the first %d is the row with no free square; then the
                  * queen backtracking would take back, by row and column. */
                 _("Hint: every square of row %d is attacked, so backtracking would take back the queen above "
                   "it, at row %d, column %d."),
                 row, r, c);
        return;
    case EX_HINT_NONE:
        snprintf(buf, size,
                 /* TRANSLATORS: your turn, a hint: %d is a row whose squares are all attacked by queens
                  * below it; backtracking fills rows from the top, so it has no queen above to take back. */
                 _("Hint: every square of row %d is attacked by queens below it, and backtracking, which fills "
                   "the rows from the top, has no queen above it to take back: take back one below."),
                 row);
        return;
    case EX_HINT_SOLVED:
        /* TRANSLATORS: your turn, a hint asked for on a full board. */
        snprintf(buf, size, "%s", _("Hint: the board is full; nothing is left to place."));
        return;
    }
}

static void say_solved(const explorer *ex, char *buf, size_t size)
{
    const ex_play_board *p = &ex->play;
    char k[32], of[32];
    nq_grouped(p->rank, k, sizeof k);
    nq_grouped(p->total, of, sizeof of);
    if (p->has_first && p->total == 1)
        snprintf(buf, size, "%s",
                 /* TRANSLATORS: your turn, the learner filled the board, and no other solution holds the
                  * pinned queen. */
                 _("Solved! No two queens attack each other: this is the only solution that holds the pinned "
                   "queen."));
    else if (p->has_first)
        snprintf(buf, size,
                 /* TRANSLATORS: your turn, the learner filled the board: the first %s is its number in
                  * lexicographic order among the %s solutions that hold the pinned queen (both grouped
                  * by thousands). */
                 _("Solved! No two queens attack each other: this is solution %s of the %s that hold the pinned "
                   "queen, in lexicographic order."),
                 k, of);
    else
        snprintf(buf, size,
                 /* TRANSLATORS: your turn, the learner filled the board: the first %s is its number in
                  * lexicographic order among all %s solutions (both grouped by thousands). */
                 _("Solved! No two queens attack each other: this is solution %s of %s in lexicographic order."),
                 k, of);
}

static void say_move(const ex_play_action *a, char *buf, size_t size)
{
    int r = a->square.row + 1, c = a->square.column + 1;
    bool placed = a->did == EX_PLAY_PLACED || (a->did == EX_PLAY_UNDID && !a->placed) ||
                  (a->did == EX_PLAY_REDID && a->placed);
    /* TRANSLATORS: your turn: what the learner's last click, undo (Ctrl+Z) or redo (Ctrl+Y) did to
     * the square at row %d, column %d (this message and the five after it). */
    if (a->did == EX_PLAY_UNDID && placed)
        snprintf(buf, size, _("Undone: the queen is back at row %d, column %d."), r, c);
    else if (a->did == EX_PLAY_UNDID)
        snprintf(buf, size, _("Undone: the queen at row %d, column %d is taken back."), r, c);
    else if (a->did == EX_PLAY_REDID && placed)
        snprintf(buf, size, _("Redone: queen placed at row %d, column %d."), r, c);
    else if (a->did == EX_PLAY_REDID)
        snprintf(buf, size, _("Redone: the queen at row %d, column %d is taken back."), r, c);
    else if (placed)
        snprintf(buf, size, _("Queen placed at row %d, column %d."), r, c);
    else
        snprintf(buf, size, _("Queen at row %d, column %d taken back."), r, c);
}

void ex_play_narration(const explorer *ex, char *buf, size_t size)
{
    const ex_play_board *p = &ex->play;
    const ex_play_action *a = &p->last;
    uint64_t stuck = ex_play_stuck_rows(ex);
    if (a->did == EX_PLAY_REFUSED) {
        say_refused(a, buf, size);
    } else if (a->did == EX_PLAY_PINNED) {
        snprintf(buf, size,
                 /* TRANSLATORS: your turn: a click on the pinned first queen (row, then column); Y is a key
                  * name and stays as it is. */
                 _("The pinned queen at row %d, column %d stays while it is your turn: Y leaves it, and a click "
                   "then lifts the pin."),
                 a->square.row + 1, a->square.column + 1);
    } else if (a->did == EX_PLAY_HINTED && !ex_play_solved(ex, NULL)) {
        say_hint(ex, buf, size);
    } else if (ex_play_solved(ex, NULL)) {
        say_solved(ex, buf, size);
    } else if (stuck) {
        int row = 0;
        while (!(stuck >> row & 1))
            row++;
        /* TRANSLATORS: your turn: every square of row %d is attacked and it has no queen. */
        snprintf(buf, size, _("Row %d has no free square: take a queen back."), row + 1);
    } else if (a->did == EX_PLAY_NOTHING) {
        snprintf(buf, size,
                 /* TRANSLATORS: your turn starts: %d is N, the number of queens and the board's size. */
                 ngettext("Your turn: place %d queen so that no two share a row, a column or a diagonal. Click a "
                          "square to place a queen there.",
                          "Your turn: place %d queens so that no two share a row, a column or a diagonal. Click a "
                          "square to place a queen there.",
                          (unsigned long)p->n),
                 p->n);
    } else {
        say_move(a, buf, size);
    }
}

bool ex_play_solution_line(const explorer *ex, char *buf, size_t size)
{
    if (!ex->play.on)
        return false;
    int count;
    ex_play_queens(ex, &count);
    if (ex->play.has_first)
        count++;
    /* TRANSLATORS: your turn: the first %d is how many queens stand on the board (the pinned one
     * too), the second N, how many it takes. */
    snprintf(buf, size, ngettext("Your turn: %d of %d queen", "Your turn: %d of %d queens", (unsigned long)ex->play.n),
             count, ex->play.n);
    return true;
}

bool ex_play_about(const explorer *ex, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!ex->play.on || !ex_play_solved(ex, NULL))
        return false;
    const ex_play_board *p = &ex->play;
    nq_symmetry_class c = nq_symmetry_classify(p->n, p->cols);
    if (p->has_first)
        snprintf(buf, size,
                 /* TRANSLATORS: your turn, a solved board's class: %d boards are the distinct turns and
                  * mirror images of it (it among them). */
                 ngettext("Its turns and mirror images make %d board.", "Its turns and mirror images make %d boards.",
                          (unsigned long)c.size),
                 c.size);
    else if (nq_symmetry_is_canonical(p->n, p->cols))
        snprintf(buf, size,
                 /* TRANSLATORS: your turn, a solved board's class: %d boards are the distinct turns and
                  * mirror images of it (it among them); U is a key name and stays as it is. */
                 ngettext("Its turns and mirror images make %d board, and it is the first of them in order: the "
                          "one U pages to.",
                          "Its turns and mirror images make %d boards, and it is the first of them in order: the "
                          "one U pages to.",
                          (unsigned long)c.size),
                 c.size);
    else
        snprintf(buf, size,
                 /* TRANSLATORS: as above, for a board that is not the first of its class in order. */
                 ngettext("Its turns and mirror images make %d board; U pages to the first of them in order.",
                          "Its turns and mirror images make %d boards; U pages to the first of them in order.",
                          (unsigned long)c.size),
                 c.size);
    return true;
}

bool ex_play_fact(const explorer *ex, char *buf, size_t size)
{
    if (!ex->play.on || ex_play_solved(ex, NULL)) /* solved: the class has these lines */
        return false;
    /* TRANSLATORS: your turn: what the keys do; Ctrl+Z, Ctrl+Y, I and Y are key names and stay as
     * they are. */
    snprintf(buf, size, "%s",
             _("Click a queen to take it back. Ctrl+Z undoes, Ctrl+Y redoes, I gives a hint, Y leaves your turn."));
    return true;
}
