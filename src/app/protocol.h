/*
 * protocol.h -- what the --trace writer (protocol.c) remembers of what it last wrote, so that a
 * line is written only when what it says changes. Part of the model: no SDL; UI thread.
 */
#ifndef EX_PROTOCOL_H
#define EX_PROTOCOL_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ex_traced {
    int board[4];       /* the board rectangle last written */
    int panel[4];       /* the side panel's, likewise */
    int timeline[4];    /* the timeline bar's, likewise */
    int variants[8][4]; /* each board of the class view's */
    int tree[4];        /* the tree panel's ({0} while it is hidden) */
    bool tree_once;     /* the tree panel has been traced at least once */
    uint64_t k, of;     /* the solution line last written: k of M */
    bool more;          /* ... with "+" (the search was running) */
    bool unique;        /* ... of the unique boards */
    int phase;          /* the phase last written (-1: none yet) */
    char *lines;        /* the panel's lines last written, EX_LINE_COUNT of EX_LINE_SIZE bytes */
    uint32_t legend;    /* the key's marks last written (legend.h) */
    bool legend_once;   /* ... written at least once */
    int lesson_next[4]; /* a lesson's Next button ({0} without a lesson) */
    bool lesson_once;   /* ... written at least once */
} ex_traced;

#endif
