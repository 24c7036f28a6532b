/*
 * panel.h -- the side panel as data: every line of text it shows, written from the model's facts
 * for this frame (lite-xl's status items: a line that is not true is simply not there). The
 * renderer draws these lines in their slots and composes no sentence; tests read them without a
 * window; the trace writes each one as it changes, in English, so that a script sees what a person
 * reads. Part of the model: no SDL; UI thread.
 */
#ifndef EX_PANEL_H
#define EX_PANEL_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/* Bytes a line may take: room for a translated sentence, about 3 bytes a character in Thai or
 * Chinese. */
enum { EX_LINE_SIZE = 2600 };

typedef enum ex_line_id {
    EX_LINE_FIRST,     /* "First queen: column 2, row 1" */
    EX_LINE_SOLUTION,  /* the line over the paging buttons: "Solution 3 of 92" */
    EX_LINE_SOLUTIONS, /* the figures (while they own their lines): "Solutions: 92" */
    EX_LINE_PLACED,    /* "Queens placed: 2,056" */
    EX_LINE_DEADENDS,  /* "Dead ends: 644" (wipe-outs and squares crossed off, moves: by method) */
    EX_LINE_ELAPSED,
    EX_LINE_RATE,
    EX_LINE_SCORE,     /* while predicting, in the rate's place: "Predictions: 3 of 4 right" */
    EX_LINE_VERDICT,   /* ... and the last answer's verdict, in the time's and the unique count's */
    EX_LINE_UNIQUE,
    EX_LINE_TIMELINE,  /* "Step 12 of 345" */
    EX_LINE_NARRATION, /* what the board shows, in a sentence */
    EX_LINE_ABOUT,     /* the class of the solution shown, or how far paging reaches */
    EX_LINE_NOTICE,    /* the notice, else the key mode's prompt, else a fact about the state */
    EX_LINE_HINT,      /* "F1 or ?: every key" */
    EX_LINE_LESSON,       /* while a lesson is open: its title */
    EX_LINE_LESSON_PAGE,  /* "Page 2 of 6: The rule" */
    EX_LINE_LESSON_SAY,   /* what the page says, paragraphs separated by EX_LESSON_PARAGRAPH */
    EX_LINE_LESSON_TASK,  /* the task, and whether it is done */
    EX_LINE_LESSON_DONE,  /* once it is done: the page's done text */
    EX_LINE_LESSON_KEYS,  /* what Enter, Backspace and Esc do now */
    EX_LINE_COUNT
} ex_line_id;

typedef struct ex_panel {
    bool has[EX_LINE_COUNT];
    char text[EX_LINE_COUNT][EX_LINE_SIZE];
    ex_figures_owner figures; /* who has the figure lines (the table and the legend draw themselves) */
} ex_panel;

/* Writes the panel as it reads at now, in the language in use. */
void ex_panel_make(const explorer *ex, double now, ex_panel *out);

/* The line's stable English name in the trace: "first", "solution", "solutions", "placed",
 * "deadends", "elapsed", "rate", "score", "verdict", "unique", "timeline", "narration", "about", "notice", "hint",
 * "lesson", "lesson_page", "lesson_say", "lesson_task", "lesson_done", "lesson_keys". */
const char *ex_line_key(ex_line_id id);

/* The puzzle's rule for a board of size n, in one sentence: the first start's narration and the
 * first line of the help. */
void ex_rule_text(int n, char *buf, size_t size);

/* The line of plain text that narrates what the board shows (at a first start, the rule): the
 * watched step, the solution paged to, the race, the huge board's view, or the search at work. */
void ex_narration(const explorer *ex, char *buf, size_t size);

/* Writes to the trace where the run stands ("phase paused") and each panel line that changed
 * since the last call ("panel solution: Solution 3 of 92", "panel notice none"), in English
 * whatever the language. The app calls it after each frame it draws; nothing without a trace. */
void ex_note_frame(explorer *ex, double now);

#endif
