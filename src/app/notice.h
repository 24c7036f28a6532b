/*
 * notice.h -- the one line that answers the person's last action ("There is no solution 9: pick 1
 * to 8.", "Saved to nqueens-8-solution-3.png"). It stores what was asked and what it was about,
 * never the sentence: the sentence is written each frame from the state (so a range it names is
 * the range now), and the notice is gone as soon as the person acts again, its subject is no
 * longer what the window shows (another run, another step, another page), its condition no longer
 * holds, or its time is up. lite's message_timeout and lite-xl's status items, with a subject.
 *
 * Key-mode prompts ("Go to solution: 12") and facts about the state ("Search stopped. R restarts
 * it.") are not notices: panel.c derives them. Part of the model: no SDL; UI thread.
 */
#ifndef EX_NOTICE_H
#define EX_NOTICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct explorer explorer;

typedef enum ex_notice_kind {
    EX_NOTICE_NONE,
    /* acknowledgements: true for a few seconds whatever happens next */
    EX_NOTICE_LANGUAGE,        /* value: the language switched to */
    EX_NOTICE_CANNOT_SHOW,     /* what: why a language cannot be shown (the app's fonts said so) */
    EX_NOTICE_THEME,           /* value: the theme switched to */
    EX_NOTICE_SAVED,           /* what: the file */
    EX_NOTICE_SAVE_FAILED,     /* what: the file tried; why: the reason */
    EX_NOTICE_GIF_SAVING,      /* what: the GIF; value: frames written << 32 | frames asked */
    EX_NOTICE_GIF_SAVED,       /* what: the GIF; value: frames << 32 | width << 16 | height */
    EX_NOTICE_MOMENT_REFUSED,  /* what: "FILE:LINE: what is wrong" of a moment that could not be opened */
    EX_NOTICE_LESSON_REFUSED,  /* what: "FILE:LINE: what is wrong" of a lesson that could not be opened */
    EX_NOTICE_COPIED,          /* value: the solution's number (0: Find's) */
    EX_NOTICE_PLAY_COPIED,     /* your turn's board, not a solution yet, copied */
    EX_NOTICE_COPY_FAILED,     /* why: the reason */
    EX_NOTICE_TREE_MARKS,      /* the tree's marks were switched (the sentence reads which now) */
    EX_NOTICE_SEED,            /* value: min-conflicts' new seed */
    EX_NOTICE_WATCH_METHOD,    /* value: the method Watch will use */
    EX_NOTICE_ONE_BOARD,       /* the race was left */
    EX_NOTICE_ALL_AGAIN,       /* unique paging was left */
    EX_NOTICE_UNIQUE_LEFT,     /* a pin ended unique paging */
    /* refusals: about the run, the page or the step they were raised at */
    EX_NOTICE_NO_TREE,         /* T where there is no tree (min-conflicts, or not Watch) */
    EX_NOTICE_TREE_ZOOM,       /* value: 1 zoomed in as far as it goes, 0 out */
    EX_NOTICE_SAVE_TREE_FIRST,
    EX_NOTICE_COPY_PAGE_FIRST,
    EX_NOTICE_NO_COMPARE,
    EX_NOTICE_NO_HEAT,
    EX_NOTICE_NO_UNIQUE,
    EX_NOTICE_UNIQUE_PINNED,
    EX_NOTICE_VARIANTS_PAGE_FIRST,
    EX_NOTICE_NUMBER_UNKNOWN,  /* a board of the class shown has no number yet */
    EX_NOTICE_LANES_OUTSIDE,   /* 1-4 with no race */
    EX_NOTICE_TWO_LANES,
    EX_NOTICE_RACE_BOARD,      /* a click during a race */
    EX_NOTICE_N_RANGE,         /* N out of range from - and + */
    EX_NOTICE_N_TYPED,         /* what: the digits typed; value: 1 if more were typed than fit */
    EX_NOTICE_STEPS_ARE_WATCHS,
    EX_NOTICE_AT_START,        /* one step back at step 0 */
    EX_NOTICE_NO_LANDMARK_AFTER,
    EX_NOTICE_NO_LANDMARK_BEFORE,
    EX_NOTICE_FIND_ONE,        /* paging while Find shows its one solution */
    EX_NOTICE_NOT_PAGEABLE,    /* value: the number asked for, while it is past what paging reaches */
    EX_NOTICE_LAST_SO_FAR,     /* value: the solution End reached while Solve still runs */
    EX_NOTICE_NO_NUMBER,       /* what: digits typed after G that are no solution's number */
    EX_NOTICE_GOTO_EMPTY,      /* Enter after G with no digits */
    EX_NOTICE_NOT_AVAILABLE,   /* value: a solution the solver could not give */
    EX_NOTICE_UNVERIFIED,      /* a solution failed verification (a bug) */
    EX_NOTICE_WIDE,            /* an action that is not there above NQ_MAX_N */
    EX_NOTICE_PLAY_RANGE,      /* your turn (Y) outside its N, or N taken outside it */
    EX_NOTICE_PLAY_ONLY,       /* undo, redo or a hint outside your turn */
    EX_NOTICE_PLAY_NOTHING,    /* value: 0 nothing to undo, 1 nothing to redo */
    EX_NOTICE_PREDICT_WATCH,   /* P outside a watch of a board up to NQ_MAX_N (or in a race) */
    EX_NOTICE_PREDICT_RANDOM,  /* P while min-conflicts is watched */
    EX_NOTICE_PREDICT_OFF,     /* B while not predicting */
    EX_NOTICE_GIF_WATCH_ONLY,  /* Ctrl+G while the board shows no step of a watched search */
    EX_NOTICE_GIF_PAGED,       /* ... in Watch, while a solution is paged to */
    EX_NOTICE_GIF_ENDED,       /* ... in Watch, played to its end: the last solution on the board */
    EX_NOTICE_LESSON_TASK,     /* Enter in a lesson before the page's task is met */
    EX_NOTICE_COUNT
} ex_notice_kind;

/* What the window showed when a notice was raised. */
typedef struct ex_subject {
    uint32_t run;    /* bumped by every new search: a notice never survives a restart */
    uint64_t cursor; /* the watched search's step */
    uint64_t k;      /* the page (0: none) */
    bool unique;     /* ... of one board per class */
} ex_subject;

typedef struct ex_notice {
    ex_notice_kind kind;
    uint64_t value;
    char what[1024]; /* a file name, typed digits or a reason given by another part */
    char why[256];
    ex_subject about;
    double raised;  /* when (the time of the last update before it) */
} ex_notice;

/* The subject of what the window shows now. */
ex_subject ex_subject_now(const explorer *ex);

/* Raises a notice of kind about what the window shows now, replacing any other. what and why may
 * be NULL. */
void ex_notify(explorer *ex, ex_notice_kind kind, uint64_t value, const char *what, const char *why);

/* Ends the notice (the person acted again). */
void ex_notice_clear(explorer *ex);

/* The notice in force at time now: its kind, or EX_NOTICE_NONE when there is none or it is no
 * longer live. */
ex_notice_kind ex_notice_live(const explorer *ex, double now);

/* The live notice's sentence, in the language in use, into buf; false (and "") when none is live. */
bool ex_notice_text(const explorer *ex, double now, char *buf, size_t size);

/* Seconds until the notice in force ends by its time (negative: none is in force). */
double ex_notice_wait(const explorer *ex, double now);

/* A stable English name of kind, for the trace ("not_pageable"). */
const char *ex_notice_key(ex_notice_kind kind);

#endif
