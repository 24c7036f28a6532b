/*
 * legend.h -- the key to the board: which marks the board shows now, each with a few words, in the
 * order the key lists them. A mark that is not on the board is not in the key, so the key changes
 * with the step (a dead end's red frames are explained while they are drawn, and only then). Part
 * of the model: no SDL; UI thread.
 */
#ifndef EX_LEGEND_H
#define EX_LEGEND_H

#include <stdint.h>

#include "model.h"

typedef enum ex_mark {
    EX_MARK_QUEEN,        /* a queen standing */
    EX_MARK_PINNED,       /* the pinned first queen, on its disc */
    EX_MARK_ATTACKED,     /* a square a queen attacks (backtracking, and Solve's board) */
    EX_MARK_TRYING,       /* backtracking: the square the step tries */
    EX_MARK_JUST_PLACED,  /* the queen the step placed */
    EX_MARK_REJECTED,     /* the square the step rejected, with a line to its attacker */
    EX_MARK_DEAD_END,     /* a row with no free square, each square lined to its attacker */
    EX_MARK_CROSSED,      /* forward checking, first fail: a square crossed off */
    EX_MARK_CROSSING,     /* ... the squares the step crossed off, lined to their queen */
    EX_MARK_WIPE_OUT,     /* ... a row left with no square */
    EX_MARK_CHOSEN_ROW,   /* first fail: the row with the fewest squares left, searched next */
    EX_MARK_ATTACK_COUNT, /* min-conflicts: how many queens attack an empty square */
    EX_MARK_IN_CONFLICT,  /* ... a queen another attacks */
    EX_MARK_TO_MOVE,      /* ... the queen the step chose to move */
    EX_MARK_MOVED,        /* ... where it moved, lined to where it stood */
    EX_MARK_SOLUTION,     /* the flash of a solution just found */
    EX_MARK_POINTER,      /* the square under the pointer and the lines a queen there would attack */
    EX_MARK_CURSOR,       /* the keyboard's square to pin */
    EX_MARK_HEAT,         /* the heatmap's scale */
    EX_MARK_HINT,         /* your turn: the square backtracking would fill next, or the queen it would take back */
    EX_MARK_COUNT
} ex_mark;

/* The marks on the board at now, as a set (bit m: mark m). None for a board above NQ_MAX_N or
 * during a race (its lanes say their own). */
uint32_t ex_legend(const explorer *ex, double now);

/* The key's words for a mark, in the language in use: "attacked by a queen". */
const char *ex_mark_words(ex_mark mark);

/* The mark's stable English name in the trace ("attacked", "dead-end"). */
const char *ex_mark_key(ex_mark mark);

#endif
