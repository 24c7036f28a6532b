/*
 * legend.c -- which marks the board shows, decided from the facts draw_board.c draws from: what is
 * shown (ex_showing), the watched method's trace and step at the cursor, the pin, the pointer, the
 * keyboard's pin cursor, the flash of a solution and the heatmap; on the learner's own board
 * (your turn), play.c's marks. It asks the same questions as the
 * drawing (is a square attacked, crossed off, in conflict; what kind of step is shown) rather
 * than keeping a list the drawing fills, so the key is a function of the state like every line of
 * the panel; tests/test_legend.c holds the two together square by square.
 */
#include "legend.h"

#include "feature.h"
#include "nq/i18n.h"
#include "nq/minconflicts.h"

/* Whether any queen of cols attacks a square. */
static bool any_attacked(int n, const int *cols)
{
    for (int row = 0; row < n; row++)
        if (nq_board_attacked_in_row(n, cols, row))
            return true;
    return false;
}

/* The marks of a step of backtracking. */
static uint32_t backtracking(const explorer *ex)
{
    const nq_trace *t = &ex->moment.trace;
    uint32_t marks = any_attacked(t->n, t->cols) ? 1u << EX_MARK_ATTACKED : 0;
    if (!ex->has_step)
        return marks;
    switch ((nq_step_kind)ex->step.kind) {
    case NQ_STEP_TRY: return marks | 1u << EX_MARK_TRYING;
    case NQ_STEP_PLACE: return marks | 1u << EX_MARK_JUST_PLACED;
    case NQ_STEP_REJECT: return marks | 1u << EX_MARK_REJECTED;
    case NQ_STEP_DEAD_END: return marks | 1u << EX_MARK_DEAD_END;
    default: return marks;
    }
}

/* The marks of a step of forward checking or first fail. */
static uint32_t crossing(const explorer *ex)
{
    const nq_trace *t = &ex->moment.trace;
    uint32_t marks = 0;
    for (int row = 0; row < t->n; row++) {
        uint64_t crossed = nq_trace_crossed(t, row);
        if (ex->has_step && ex->step.kind == NQ_STEP_CROSS && ex->step.row == row)
            crossed &= ~ex->step.squares; /* drawn as the step's, in its red */
        if (crossed)
            marks |= 1u << EX_MARK_CROSSED;
    }
    if (!ex->has_step)
        return marks;
    switch ((nq_step_kind)ex->step.kind) {
    case NQ_STEP_CROSS: return ex->step.squares ? marks | 1u << EX_MARK_CROSSING : marks;
    case NQ_STEP_WIPE_OUT: return marks | 1u << EX_MARK_WIPE_OUT;
    case NQ_STEP_SELECT: return marks | 1u << EX_MARK_CHOSEN_ROW;
    case NQ_STEP_PLACE: return marks | 1u << EX_MARK_JUST_PLACED;
    default: return marks;
    }
}

/* The marks of a step of min-conflicts. */
static uint32_t repairing(const explorer *ex)
{
    const nq_trace *t = &ex->moment.trace;
    nq_mc_small small;
    nq_mc_small_set(&small, t->n, t->cols, t->pinned_row);
    uint32_t marks = 0;
    for (int row = 0; row < t->n; row++)
        for (int col = 0; col < t->n; col++)
            if (nq_mc_attacks(&small.board, row, col))
                marks |= 1u << (t->cols[row] == col ? EX_MARK_IN_CONFLICT : EX_MARK_ATTACK_COUNT);
    if (!ex->has_step)
        return marks;
    switch ((nq_step_kind)ex->step.kind) {
    case NQ_STEP_CONFLICT: return marks | 1u << EX_MARK_TO_MOVE;
    case NQ_STEP_MOVE: return marks | 1u << EX_MARK_MOVED;
    case NQ_STEP_PLACE: return marks | 1u << EX_MARK_JUST_PLACED;
    default: return marks;
    }
}

uint32_t ex_legend(const explorer *ex, double now)
{
    ex_shown shown = ex_showing(ex);
    if (shown == EX_SHOWN_RACE || shown == EX_SHOWN_WIDE)
        return 0;
    if (shown == EX_SHOWN_PLAY) {
        uint32_t marks = ex_play_marks(ex);
        if (ex->has_hover && ex_play_queens(ex, NULL)[ex->hover.row] != ex->hover.column)
            marks |= 1u << EX_MARK_POINTER;
        return marks;
    }
    const int *board = ex_board(ex);
    uint32_t marks = 0;
    for (int row = 0; row < ex->n; row++)
        if (board[row] >= 0)
            marks |= 1u << (ex->has_first && row == ex->first.row ? EX_MARK_PINNED : EX_MARK_QUEEN);
    if (ex_heat_view(ex))
        return (marks & 1u << EX_MARK_PINNED) | 1u << EX_MARK_HEAT;
    if (shown == EX_SHOWN_STEP) {
        switch ((nq_method)ex->moment.trace.method) {
        case NQ_METHOD_BACKTRACK: marks |= backtracking(ex); break;
        case NQ_METHOD_FORWARD:
        case NQ_METHOD_FIRSTFAIL: marks |= crossing(ex); break;
        default: marks |= repairing(ex); break;
        }
        if (ex->flash_until > now)
            marks |= 1u << EX_MARK_SOLUTION;
    } else if (shown == EX_SHOWN_SEARCH && any_attacked(ex->n, board)) {
        marks |= 1u << EX_MARK_ATTACKED;
    }
    if (shown != EX_SHOWN_SOLUTION && ex->has_hover && board[ex->hover.row] != ex->hover.column)
        marks |= 1u << EX_MARK_POINTER;
    if (ex_keys(ex) == EX_KEYS_PIN)
        marks |= 1u << EX_MARK_CURSOR;
    return marks;
}

const char *ex_mark_words(ex_mark mark)
{
    static const char *const words[EX_MARK_COUNT] = {
        [EX_MARK_QUEEN] =
            /* TRANSLATORS: the key to the board's marks, under the board: a few words beside a
             * small picture of each mark (this message and those that follow it). Keep them short. */
            N_("queen"),
        [EX_MARK_PINNED] = N_("pinned first queen"),
        [EX_MARK_ATTACKED] = N_("attacked by a queen"),
        [EX_MARK_TRYING] = N_("square being tried"),
        [EX_MARK_JUST_PLACED] = N_("queen just placed"),
        [EX_MARK_REJECTED] = N_("rejected: the line leads to its attacker"),
        [EX_MARK_DEAD_END] = N_("dead end: no free square in the row"),
        [EX_MARK_CROSSED] = N_("crossed off"),
        [EX_MARK_CROSSING] = N_("just crossed off: the line leads to the queen"),
        [EX_MARK_WIPE_OUT] = N_("wipe-out: the row has no square left"),
        [EX_MARK_CHOSEN_ROW] = N_("row with the fewest squares left: searched next"),
        [EX_MARK_ATTACK_COUNT] = N_("queens attacking the square"),
        [EX_MARK_IN_CONFLICT] = N_("queen in conflict"),
        [EX_MARK_TO_MOVE] = N_("queen chosen to move"),
        [EX_MARK_MOVED] = N_("queen moved: the line leads from where it stood"),
        [EX_MARK_SOLUTION] = N_("solution found"),
        [EX_MARK_POINTER] = N_("pointer: what a queen there would attack"),
        [EX_MARK_CURSOR] = N_("square to pin: Enter"),
        [EX_MARK_HEAT] = N_("solutions through the square: few to many"),
        /* TRANSLATORS: the key, on your turn: the hint's frame on the board. */
        [EX_MARK_HINT] = N_("hint: backtracking's next move"),
    };
    return _(words[mark]);
}

const char *ex_mark_key(ex_mark mark)
{
    static const char *const keys[EX_MARK_COUNT] = {
        [EX_MARK_QUEEN] = "queen",
        [EX_MARK_PINNED] = "pinned",
        [EX_MARK_ATTACKED] = "attacked",
        [EX_MARK_TRYING] = "trying",
        [EX_MARK_JUST_PLACED] = "placed",
        [EX_MARK_REJECTED] = "rejected",
        [EX_MARK_DEAD_END] = "dead-end",
        [EX_MARK_CROSSED] = "crossed",
        [EX_MARK_CROSSING] = "crossing",
        [EX_MARK_WIPE_OUT] = "wipe-out",
        [EX_MARK_CHOSEN_ROW] = "chosen-row",
        [EX_MARK_ATTACK_COUNT] = "attack-count",
        [EX_MARK_IN_CONFLICT] = "in-conflict",
        [EX_MARK_TO_MOVE] = "to-move",
        [EX_MARK_MOVED] = "moved",
        [EX_MARK_SOLUTION] = "solution",
        [EX_MARK_POINTER] = "pointer",
        [EX_MARK_CURSOR] = "cursor",
        [EX_MARK_HEAT] = "heat",
        [EX_MARK_HINT] = "hint",
    };
    return keys[mark];
}
