/*
 * predict.h -- "Predict the next step" (P) during a watch: the facts the model keeps about it and
 * the functions a lesson (or a test) reads them by. predict.c owns the rules; this header is the
 * part the rest of the model and the app may see. Part of the model: no SDL; UI thread.
 */
#ifndef EX_PREDICT_H
#define EX_PREDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nq/board.h"

typedef struct explorer explorer;

/* Why the search takes the step a question is about: what the verdict says. */
typedef enum ex_predict_why {
    EX_WHY_START,        /* backtracking's first try: the first column of its first row */
    EX_WHY_FIRST_COLUMN, /* backtracking goes down a row and tries its first column */
    EX_WHY_NEXT_COLUMN,  /* backtracking tries the next column of the same row */
    EX_WHY_NEXT_LEFT,    /* forward checking places a queen on the next square left in the row */
    EX_WHY_FEWEST,       /* first fail: the row with the fewest squares left, its next square left */
    EX_WHY_SAME_ROW,     /* first fail: the next square left of the row whose queen went back */
    EX_WHY_WIPE_OUT,     /* a take-back after a wipe-out */
    EX_WHY_SOLVED,       /* a take-back after a solution, to look for the next one */
    EX_WHY_EXHAUSTED     /* a take-back: every square below the queen has been tried */
} ex_predict_why;

/* One question: the step the search takes next at a decision, read from the engine's trace. */
typedef struct ex_question {
    uint64_t step;     /* the timeline's step (1-based) that is the decision's first */
    bool back;         /* the search takes a queen back (square: that queen) */
    nq_square square;  /* the square tried or placed on, or the queen taken back */
    ex_predict_why why;
    int method;        /* nq_method */
} ex_question;

/* One answer and its verdict. */
typedef struct ex_answer {
    ex_question question;
    bool back;        /* the learner said "take a queen back" (B) */
    nq_square square; /* ... else the square clicked */
    bool crossed;     /* that square was crossed off (forward checking, first fail) */
    bool right;
} ex_answer;

typedef struct ex_predict {
    bool on;
    uint32_t run;            /* the search the score is of (a new search resets it) */
    unsigned right, answered; /* the score */
    uint64_t scored_through; /* the last question's step that counted (stepping back asks it again) */
    uint64_t pass;           /* the question's step just answered: the watch may show it */
    uint64_t seen;           /* the cursor at the last update (a smaller one: the person stepped back) */
    bool has_answer;
    ex_answer last;
} ex_predict;

/* Whether predicting is on (P): the watch of a complete method pauses before each decision. */
bool ex_predicting(const explorer *ex);

/* Whether the watch waits for an answer now: the question is up. */
bool ex_predict_waiting(const explorer *ex);

/* The score: answers that counted, and how many of them were right (since the search started). */
void ex_predict_score(const explorer *ex, unsigned *right, unsigned *answered);

/* The last answer (what the learner said, and whether it was right); false if none since the
 * search started. */
bool ex_predict_last(const explorer *ex, ex_answer *out);

/* A click on the board while predicting: the answer if a question is up, else ignored; true when
 * predicting took the click (it never pins then). */
bool ex_predict_click(explorer *ex, nq_square square);

/* The question while it is up, else false (and ""). */
bool ex_predict_question_text(const explorer *ex, char *buf, size_t size);

/* The verdict of the last answer while predicting: "Right: ...", "Wrong: ..."; else false. */
bool ex_predict_verdict_text(const explorer *ex, char *buf, size_t size);

/* The score line while predicting ("Predictions: 3 of 4 right"); else false. */
bool ex_predict_score_text(const explorer *ex, char *buf, size_t size);

#endif
