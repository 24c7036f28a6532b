/*
 * predict.c -- "Predict the next step" (P): during a watch of a complete method, the watch stops
 * before each decision of the search and asks where it will try next; the learner clicks a square
 * or presses B ("take a queen back"), the verdict says right or wrong and why, and the watch shows
 * that step and plays by itself up to the next decision. A running score, of this search.
 *
 * Every question is read from the engine's own trace (nq/trace.h): a copy of the iterator of the
 * moment at the cursor is stepped forward to the next decision, so the answer is the step the
 * watched search takes there (the timeline records the same steps, and checks them). No rule of
 * any method is written here again.
 *
 * Which steps are questions (the first step of a decision; the rest play by themselves):
 *  - backtracking: a try (the square tried), and a take-back, asked before the dead end that
 *    announces it when there is one (the queen taken back); a reject, a placement after a try and
 *    a solution follow from the try;
 *  - forward checking: a placement (no try comes first: the square placed on), and a take-back;
 *    the crossings-off, the wipe-out that ends them, and a solution follow from the placement;
 *  - first fail: the choice of a row and the placement in it, asked as one question before the
 *    choice (the square placed on); a placement with no choice before it (the next square left
 *    of the row whose queen was just taken back); and a take-back; as forward checking otherwise.
 * A dead end that ends the search (no queen above to take back) and the end are no questions.
 *
 * The score counts each question's first answer: stepping back asks the questions again, and
 * judges them, but they do not count twice. A new search (another N, pin, method, or R) starts a
 * new score. Min-conflicts is refused (it moves at random); predicting goes off by itself when
 * Solve, Find, a board above NQ_MAX_N or min-conflicts takes the watch's place, and rests while a
 * race is in front of the watch.
 *
 * The watch is held through ex->step_limited / step_limit (run.c shows no step past it, and pauses
 * where it reaches it: at the question). UI thread.
 */
#include <string.h>

#include "feature.h"
#include "nq/i18n.h"

/* The most steps looked ahead for the next question: more than any run of steps between two
 * decisions (a row's rejects, or the crossings-off of every row below). */
enum { LOOK_AHEAD = 4 * NQ_MAX_N + 8 };

/* Whether the search in front is one predicting works on: a watch of a complete method, not
 * covered by a race or by the learner's own board (your turn). */
static bool eligible(const explorer *ex)
{
    return ex->job == NQ_JOB_WATCH && ex->timeline && !ex_racing(ex) && !ex_wide(ex) && !ex_play_on(ex) &&
           nq_method_complete((nq_method)ex->moment.trace.method);
}

static bool active(const explorer *ex)
{
    return ex->predict.on && eligible(ex);
}

/* Whether a step of this kind starts a decision of the method; a take-back is one in every one. */
static bool decision(nq_method method, nq_step_kind kind)
{
    if (kind == NQ_STEP_REMOVE)
        return true;
    if (method == NQ_METHOD_BACKTRACK)
        return kind == NQ_STEP_TRY || kind == NQ_STEP_DEAD_END;
    if (method == NQ_METHOD_FIRSTFAIL && kind == NQ_STEP_SELECT)
        return true;
    return kind == NQ_STEP_PLACE;
}

/* The step after the first of a decision that says what it is (the placement after first fail's
 * choice of a row, the take-back after a dead end); false if the search ends there. */
static bool decided(nq_trace *t, nq_step *s)
{
    if (s->kind != NQ_STEP_SELECT && s->kind != NQ_STEP_DEAD_END)
        return true;
    return nq_trace_next(t, s) && (s->kind == NQ_STEP_PLACE || s->kind == NQ_STEP_REMOVE);
}

/* The next question of the watched search from the cursor that is about a step after `after` (one
 * answered is not asked again), read from the trace: *skip steps play by themselves before it. False
 * when the search ends first, or was stopped before it recorded the step. */
static bool next_question(const explorer *ex, uint64_t after, ex_question *q, uint64_t *skip)
{
    nq_trace t = ex->moment.trace;
    nq_method method = (nq_method)t.method;
    nq_step s;
    uint8_t before = ex->cursor > 0 ? ex->moment.last.kind : NQ_STEP_DONE;
    for (uint64_t k = 0; k < LOOK_AHEAD; k++) {
        if (!nq_trace_next(&t, &s) || s.kind == NQ_STEP_DONE)
            return false;
        /* the take-back a dead end announced was asked before the dead end, the placement in the
         * row first fail chose before the choice */
        if (!decision(method, (nq_step_kind)s.kind) || (s.kind == NQ_STEP_REMOVE && before == NQ_STEP_DEAD_END) ||
            (s.kind == NQ_STEP_PLACE && before == NQ_STEP_SELECT) || ex->cursor + k + 1 <= after) {
            before = s.kind;
            continue;
        }
        nq_step_kind first = (nq_step_kind)s.kind;
        if (!decided(&t, &s) || (ex->state != EX_SEARCHING && ex->cursor + k + 1 > nq_timeline_length(ex->timeline)))
            return false; /* the search ends, or was stopped before it got there */
        q->step = ex->cursor + k + 1;
        q->method = method;
        q->back = s.kind == NQ_STEP_REMOVE;
        q->square = (nq_square){s.column, s.row};
        if (q->back)
            q->why = before == NQ_STEP_WIPE_OUT  ? EX_WHY_WIPE_OUT
                     : before == NQ_STEP_SOLUTION ? EX_WHY_SOLVED
                                                  : EX_WHY_EXHAUSTED;
        else if (method == NQ_METHOD_BACKTRACK)
            q->why = q->step == 1 ? EX_WHY_START : s.column == 0 ? EX_WHY_FIRST_COLUMN : EX_WHY_NEXT_COLUMN;
        else if (method == NQ_METHOD_FIRSTFAIL)
            q->why = first == NQ_STEP_PLACE ? EX_WHY_SAME_ROW : EX_WHY_FEWEST; /* a choice, then its placement */
        else
            q->why = EX_WHY_NEXT_LEFT;
        *skip = k;
        return true;
    }
    return false;
}

/* The question up now: the next one, with no step to play before it, not yet answered, while the
 * board shows the watched step (not a solution paged to). */
static bool question_up(const explorer *ex, ex_question *q)
{
    uint64_t skip;
    return active(ex) && !ex->viewing && next_question(ex, ex->predict.pass, q, &skip) && skip == 0;
}

bool ex_predicting(const explorer *ex)
{
    return active(ex);
}

bool ex_predict_waiting(const explorer *ex)
{
    ex_question q;
    return question_up(ex, &q);
}

void ex_predict_score(const explorer *ex, unsigned *right, unsigned *answered)
{
    *right = ex->predict.right;
    *answered = ex->predict.answered;
}

bool ex_predict_last(const explorer *ex, ex_answer *out)
{
    if (ex->predict.has_answer)
        *out = ex->predict.last;
    return ex->predict.has_answer;
}

/* A new search starts a new score (predicting stays as it was). */
static void keep_to_the_run(explorer *ex)
{
    ex_predict *p = &ex->predict;
    if (p->run == ex->run)
        return;
    bool on = p->on;
    memset(p, 0, sizeof *p);
    p->on = on;
    p->run = ex->run;
}

static void set_on(explorer *ex, bool on)
{
    ex->predict.on = on;
    ex_trace_line(ex, "predict %s", on ? "on" : "off");
    if (!on)
        ex->step_limited = false;
}

/* Judges an answer (back, or the square) to the question up, scores it, traces it, and lets the
 * watch show the step and play on. */
static void answer(explorer *ex, const ex_question *q, bool back, nq_square square)
{
    ex_predict *p = &ex->predict;
    ex_answer *a = &p->last;
    a->question = *q;
    a->back = back;
    a->square = square;
    a->crossed = !back && (nq_trace_crossed(&ex->moment.trace, square.row) >> square.column & 1);
    a->right = back == q->back && (back || (square.row == q->square.row && square.column == q->square.column));
    p->has_answer = true;
    if (q->step > p->scored_through) {
        p->scored_through = q->step;
        p->answered++;
        p->right += a->right;
    }
    p->pass = q->step;
    if (back)
        ex_trace_line(ex, "predict back %s", a->right ? "right" : "wrong");
    else
        ex_trace_line(ex, "predict %d %d %s", square.column + 1, square.row + 1, a->right ? "right" : "wrong");
    ex_play(ex);
}

bool ex_predict_click(explorer *ex, nq_square square)
{
    if (!active(ex))
        return false;
    ex_question q;
    if (square.column >= 0 && square.column < ex->n && square.row >= 0 && square.row < ex->n && question_up(ex, &q))
        answer(ex, &q, false, square);
    return true;
}

/* P: predicting on or off, where it can be. */
static void toggle(explorer *ex)
{
    if (ex->predict.on) {
        set_on(ex, false);
    } else if (ex->job == NQ_JOB_WATCH && !eligible(ex) && !ex_racing(ex) && !ex_wide(ex)) {
        ex_notify(ex, EX_NOTICE_PREDICT_RANDOM, 0, NULL, NULL);
    } else if (!eligible(ex)) {
        ex_notify(ex, EX_NOTICE_PREDICT_WATCH, 0, NULL, NULL);
    } else {
        keep_to_the_run(ex);
        ex->predict.pass = 0;
        ex->predict.seen = ex->cursor;
        set_on(ex, true);
        ex_play(ex);
    }
}

static bool predict_act(explorer *ex, ex_action action, int value, double now)
{
    (void)value;
    (void)now;
    ex_question q;
    switch (action) {
    case EX_ACT_PREDICT: toggle(ex); return true;
    case EX_ACT_PREDICT_BACK:
        if (!active(ex))
            ex_notify(ex, EX_NOTICE_PREDICT_OFF, 0, NULL, NULL);
        else if (question_up(ex, &q))
            answer(ex, &q, true, (nq_square){0, 0});
        return true;
    case EX_ACT_STEP:
    case EX_ACT_PLAY: return question_up(ex, &q); /* a question holds the watch until it is answered */
    default: return false;
    }
}

/* Holds the watch at the next question: the steps before it play, the question's own only once
 * it is answered; paused while it is up. */
static bool update_predict(explorer *ex, double now)
{
    (void)now;
    ex_predict *p = &ex->predict;
    if (p->on && !eligible(ex) && ex->job != NQ_JOB_WATCH)
        set_on(ex, false); /* Solve, Find or a board above NQ_MAX_N took the watch's place */
    keep_to_the_run(ex);
    if (p->on && ex->job == NQ_JOB_WATCH && ex->timeline && !nq_method_complete((nq_method)ex->moment.trace.method))
        set_on(ex, false); /* min-conflicts took its place */
    ex->step_limited = false;
    if (!active(ex))
        return false;
    if (ex->cursor < p->seen)
        p->pass = 0; /* stepped back: the questions come again */
    p->seen = ex->cursor;
    ex_question q;
    uint64_t skip;
    if (!next_question(ex, p->pass, &q, &skip))
        return false;
    ex->step_limited = true;
    ex->step_limit = skip;
    if (skip == 0 && !ex->paused) {
        ex->paused = true;
        return true;
    }
    return false;
}

/* ---- what is said ---- */

bool ex_predict_question_text(const explorer *ex, char *buf, size_t size)
{
    ex_question q;
    buf[0] = '\0';
    if (!question_up(ex, &q))
        return false;
    /* TRANSLATORS: the question while predicting the next step of a watched search; B is a key name
     * and stays as it is. */
    snprintf(buf, size, "%s", _("Where will the search try next? Click the square, or press B for \"take a queen "
                                "back\"."));
    return true;
}

/* The verdict on a square answer. */
static void square_verdict(const ex_answer *a, char *buf, size_t size)
{
    const ex_question *q = &a->question;
    int row = q->square.row + 1, col = q->square.column + 1;
    bool crossed = a->crossed && !a->right;
    bool firstfail = q->method == NQ_METHOD_FIRSTFAIL;
    /* TRANSLATORS: the verdicts on a prediction of the next step (this message and those that
     * follow it): "Right:" or "Wrong:", then why the search takes that step. Backtracking, forward
     * checking and first fail are the names of search methods; rows and columns are counted from 1.
     * They are read in a narrow panel: keep them short. */
    if (crossed && firstfail)
        snprintf(buf, size, _("Wrong: first fail never tries a crossed-off square; it takes row %d, column %d."), row,
                 col);
    else if (crossed)
        snprintf(buf, size, _("Wrong: forward checking never tries a crossed-off square; it takes row %d, column %d."),
                 row, col);
    else if (q->why == EX_WHY_START)
        snprintf(buf, size,
                 a->right ? _("Right: backtracking starts at the first column of row %d.")
                          : _("Wrong: backtracking starts at the first column of row %d."),
                 row);
    else if (q->why == EX_WHY_FIRST_COLUMN)
        snprintf(buf, size,
                 a->right ? _("Right: backtracking goes down to row %d and tries its first column.")
                          : _("Wrong: backtracking goes down to row %d and tries its first column."),
                 row);
    else if (q->why == EX_WHY_NEXT_COLUMN && a->right)
        snprintf(buf, size, _("Right: backtracking tries the next column of row %d."), row);
    else if (q->why == EX_WHY_NEXT_COLUMN)
        snprintf(buf, size, _("Wrong: backtracking tries the next column of row %d: column %d."), row, col);
    else if (q->why == EX_WHY_NEXT_LEFT && a->right)
        /* TRANSLATORS: "left": not crossed off, and not tried yet. */
        snprintf(buf, size, _("Right: forward checking takes the next square left in row %d."), row);
    else if (q->why == EX_WHY_NEXT_LEFT)
        snprintf(buf, size, _("Wrong: forward checking takes the next square left in row %d: column %d."), row, col);
    else if (q->why == EX_WHY_SAME_ROW && a->right)
        /* TRANSLATORS: first fail took a queen of this row back, and stays in the row. */
        snprintf(buf, size, _("Right: first fail stays in row %d and takes its next square left."), row);
    else if (q->why == EX_WHY_SAME_ROW)
        snprintf(buf, size, _("Wrong: first fail stays in row %d and takes its next square left: column %d."), row,
                 col);
    else if (a->right)
        snprintf(buf, size, _("Right: first fail picks the row with the fewest squares left: row %d."), row);
    else
        snprintf(buf, size, _("Wrong: first fail picks the row with the fewest squares left: row %d, column %d."), row,
                 col);
}

/* The verdict on a take-back, or on a square where the search takes a queen back. */
static void back_verdict(const ex_answer *a, char *buf, size_t size)
{
    const ex_question *q = &a->question;
    int row = q->square.row + 1, col = q->square.column + 1;
    if (q->why == EX_WHY_WIPE_OUT)
        snprintf(buf, size,
                 a->right ? _("Right: a wipe-out sends the newest queen, at row %d, column %d, back.")
                          : _("Wrong: a wipe-out sends the newest queen, at row %d, column %d, back."),
                 row, col);
    else if (q->why == EX_WHY_SOLVED)
        snprintf(buf, size,
                 /* TRANSLATORS: "for the next one": to look for the next solution. */
                 a->right
                     ? _("Right: after a solution the last queen, at row %d, column %d, goes back for the next one.")
                     : _("Wrong: after a solution the last queen, at row %d, column %d, goes back for the next one."),
                 row, col);
    else
        snprintf(buf, size,
                 a->right ? _("Right: every square below the queen at row %d, column %d is tried: it goes back.")
                          : _("Wrong: every square below the queen at row %d, column %d is tried: it goes back."),
                 row, col);
}

bool ex_predict_verdict_text(const explorer *ex, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!active(ex) || !ex->predict.has_answer)
        return false;
    const ex_answer *a = &ex->predict.last;
    if (a->question.back)
        back_verdict(a, buf, size);
    else
        square_verdict(a, buf, size);
    return true;
}

bool ex_predict_score_text(const explorer *ex, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!active(ex))
        return false;
    unsigned right = ex->predict.right, answered = ex->predict.answered;
    /* TRANSLATORS: the score while predicting the next step: the first %u of the second %u answers were
     * right. */
    snprintf(buf, size, ngettext("Predictions: %u of %u right", "Predictions: %u of %u right", answered), right,
             answered);
    return true;
}

const ex_feature ex_feature_predict = {"predict", predict_act, update_predict, NULL};
