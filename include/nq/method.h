/*
 * nq/method.h -- the ways the program can search a board, by name: backtracking, forward checking,
 * first fail and min-conflicts, and what a search of one of them is set up with (nq_plan).
 *
 * Names are written once here for the CLI (`--method backtrack`), the app's settings and chooser,
 * and the figures' tables, so every place says the same word for the same method.
 */
#ifndef NQ_METHOD_H
#define NQ_METHOD_H

#include <stdbool.h>
#include <stdint.h>

#include "nq/board.h"

typedef enum nq_method {
    NQ_METHOD_BACKTRACK,    /* rows top to bottom, each square checked against the queens placed */
    NQ_METHOD_FORWARD,      /* each queen crosses off what it attacks below; an emptied row fails at once */
    NQ_METHOD_FIRSTFAIL,    /* forward checking, the row with the fewest squares left searched next */
    NQ_METHOD_MINCONFLICTS, /* a full board repaired move by move; one solution, not all */
    NQ_METHOD_COUNT
} nq_method;

/* What one search is: the board, the optional pinned queen, the method, and for min-conflicts
 * its seed (the same seed gives the same run) and its budget of moves (0: NQ_PLAN_BUDGET). */
typedef struct nq_plan {
    int n;
    bool has_first;
    nq_square first;
    nq_method method;
    uint64_t seed;
    uint64_t budget;
} nq_plan;

/* Min-conflicts' moves when the plan says 0. */
enum { NQ_PLAN_BUDGET = 100000 };

/* "backtrack", "forward", "firstfail", "minconflicts": the word scripts and settings use. */
const char *nq_method_key(nq_method method);

/* "Backtracking", "Forward checking", "First fail", "Min-conflicts": the name a person reads, in
 * English (marked for translation: the window shows _(nq_method_title(m)); nqueens-cli's figures
 * keep it English). */
const char *nq_method_title(nq_method method);

/* The method whose key is text into *method; false (and *method untouched) for any other text. */
bool nq_method_parse(const char *text, nq_method *method);

/* Whether the method searches the whole board and finds every solution (all but min-conflicts). */
bool nq_method_complete(nq_method method);

/* A plan of method for the board with the optional pinned queen, seed 1 and the default budget. */
nq_plan nq_plan_make(int n, const nq_square *first, nq_method method);

#endif
