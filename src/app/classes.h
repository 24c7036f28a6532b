/*
 * classes.h -- the symmetry classes of solutions: paging one board per class (its own solver, the
 * unique job) and the class view of the solution shown. classes.c owns the state. Part of the
 * model: no SDL; UI thread.
 */
#ifndef EX_CLASSES_H
#define EX_CLASSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver.h"
#include "nq/symmetry.h"

typedef struct explorer explorer;

typedef struct ex_class_view {
    /* Paging one board per class: the smallest board of each class under the 8 symmetries of the
     * square, from a solver of its own (the worker's unique job); the search goes on meanwhile. */
    ex_solver solver;  /* start == NULL: none */
    bool unique;       /* paging one board per class */
    ex_state state;
    int n;             /* the board its job is of */
    uint64_t counted;  /* unique boards it has counted so far (all of them once finished) */
    bool show_first;   /* show the first unique board as soon as it is reachable */
    /* The class of the solution shown (its distinct boards in order, each one's number among the
     * solutions, 0 while not known, and the symmetry that makes it from the board shown), in the
     * board's place while shown. */
    bool shown;
    int size;
    int boards[8 * NQ_MAX_N];
    uint64_t numbers[8];
    nq_symmetry made_by[8];
} ex_class_view;

/* Gives the model a solver for unique paging (U); the explorer owns it from now on. */
void ex_set_uniquer(explorer *ex, ex_solver uniquer);

/* The distinct boards of the class of the solution shown (NULL board: none shown), in
 * lexicographic order, into boards (room for 8 * n), with each one's number among the solutions
 * in order (0 while the search has not reached it) into numbers (room for 8) and the symmetry that
 * makes it from the board shown into made_by (room for 8). Returns how many (0 if none shown). */
int ex_variants(const explorer *ex, int *boards, uint64_t *numbers, nq_symmetry *made_by);

/* How many boards the class view shows in the board's place (0: it is not shown). */
int ex_variants_shown(const explorer *ex);

/* What symmetry g does to a board, in words ("turned right"), in the language in use. */
const char *ex_symmetry_words(nq_symmetry g);

/* What a person reads about the class of the solution shown ("" if none shown). */
void ex_class_text(const explorer *ex, char *buf, size_t size);

#endif
