/*
 * play.h -- "Your turn": the learner places the queens by clicking, on a board of their own (N from
 * EX_PLAY_MIN_N to EX_PLAY_MAX_N, the pinned queen standing if there is one). A click on a free
 * square places a queen, on a queen takes it back; a click on an attacked square (or in a row that
 * has its queen) is refused, naming the queen that attacks it by the engine's rule
 * (nq_trace_attacker). Undo and redo walk the placements and take-backs; a hint says what
 * backtracking would do next from this board (nq_trace_resume, then the trace's own steps); a full
 * board is named by its number in lexicographic order (nq/index.h) and its class (nq/symmetry.h).
 *
 * The state here is facts only: the queens, the moves made (for undo and redo), the learner's last
 * action and, once solved, the board's number. Every sentence and mark is derived from them each
 * frame. The functions under "for a lesson" are what a lesson will read to check what the learner
 * did. Part of the model: no SDL; UI thread.
 */
#ifndef EX_PLAY_H
#define EX_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"
#include "nq/trace.h"

typedef struct explorer explorer;

/* The boards the learner can fill: from 4 (the first with a solution, bar 1) to 12. */
enum { EX_PLAY_MIN_N = 4, EX_PLAY_MAX_N = 12 };

/* Moves kept for undo; past this the oldest are forgotten. */
enum { EX_PLAY_HISTORY = 256 };

/* What the learner did last. */
typedef enum ex_play_did {
    EX_PLAY_NOTHING, /* nothing yet on this board */
    EX_PLAY_PLACED,  /* square: a queen placed there */
    EX_PLAY_REMOVED, /* square: the queen there taken back */
    EX_PLAY_REFUSED, /* square: refused; by, line: the queen that attacks it and along what */
    EX_PLAY_PINNED,  /* square: a click on the pinned queen, which stays */
    EX_PLAY_UNDID,   /* square: the move undone; placed: whether it had placed a queen */
    EX_PLAY_REDID,   /* square: the move made again; placed: whether it places a queen */
    EX_PLAY_HINTED   /* a hint asked for (ex_play_hint says it) */
} ex_play_did;

typedef struct ex_play_action {
    ex_play_did did;
    nq_square square;
    bool placed;
    nq_square by;
    nq_line line;
} ex_play_action;

/* One move of the history: a queen placed at square, or taken back from it. */
typedef struct ex_play_move {
    bool place;
    nq_square square;
} ex_play_move;

typedef struct ex_play_board {
    bool on;
    int n;                    /* the board the queens stand on (0: none yet) */
    bool has_first;
    nq_square first;
    int cols[EX_PLAY_MAX_N];  /* each row's queen, -1 for none; the pinned queen included */
    ex_play_action last;
    ex_play_move history[EX_PLAY_HISTORY];
    int done;                 /* moves in force: undo takes back history[done - 1] */
    int recorded;             /* moves recorded: redo makes history[done] again, up to here */
    uint64_t rank, total;     /* a full board: its number in lexicographic order, of total */
    uint64_t stuck_traced;    /* the rows last traced as stuck (bit r) */
} ex_play_board;

/* What backtracking would do next from the learner's board. */
typedef enum ex_play_hint_kind {
    EX_HINT_PLACE,  /* place a queen on square, in row `row`, after `rejected` attacked squares */
    EX_HINT_REMOVE, /* every square of row `row` is attacked: take back the queen on square */
    EX_HINT_NONE,   /* every square of row `row` is attacked, and no queen above it to take back */
    EX_HINT_SOLVED  /* the board is full: nothing is left to place */
} ex_play_hint_kind;

typedef struct ex_play_hint {
    ex_play_hint_kind kind;
    int row;
    nq_square square;
    int rejected;
} ex_play_hint;

/* ---- what the app and the rest of the model call ---- */

/* A click on a square while your turn is on: place, take back, or refuse (traced). */
void ex_play_click(explorer *ex, nq_square square);

/* The narration of the learner's board (the last action, a stuck row, the solved board). */
void ex_play_narration(const explorer *ex, char *buf, size_t size);

/* The solution line while your turn is on ("Your turn: 3 of 6 queens"); false when it is off. */
bool ex_play_solution_line(const explorer *ex, char *buf, size_t size);

/* The class of the solved board ("Its class ... has 8 boards ..."); false (and "") otherwise. */
bool ex_play_about(const explorer *ex, char *buf, size_t size);

/* What the keys do while your turn is on; false when it is off. */
bool ex_play_fact(const explorer *ex, char *buf, size_t size);

/* The queen of the learner's board that attacks square (its own row's queen first, then the
 * topmost, by nq_trace_attacker): true with *by and *line, false when none does. */
bool ex_play_attacker(const explorer *ex, nq_square square, nq_square *by, nq_line *line);

/* The rows (bit r) with no queen and every square attacked. */
uint64_t ex_play_stuck_rows(const explorer *ex);

/* The key's marks of the learner's board (legend.h), but the pointer. */
uint32_t ex_play_marks(const explorer *ex);

/* ---- for a lesson ---- */

/* Whether your turn is on (the board shows the learner's queens). */
bool ex_play_on(const explorer *ex);

/* The learner's queens: n entries, -1 for a row without one, the pinned queen included; *count
 * (if not NULL) gets how many the learner placed (the pinned one not counted). */
const int *ex_play_queens(const explorer *ex, int *count);

/* The learner's last action on this board. */
ex_play_action ex_play_last(const explorer *ex);

/* Whether the board is full and verified: *rank (if not NULL) gets its number in lexicographic
 * order among the solutions with the pin. */
bool ex_play_solved(const explorer *ex, uint64_t *rank);

/* Forgets the learner's board: an empty one (the pinned queen alone) now if your turn is on, else
 * at the next entry. A lesson's page that sets up its board starts from it. */
void ex_play_forget(explorer *ex);

/* What backtracking would do next from the learner's board (its next placement or take-back). */
ex_play_hint ex_play_hint_now(const explorer *ex);

#endif
