/*
 * lessonrun.h -- a lesson run in the explorer, and the list of the bundled lessons (F2). The
 * lesson's page sets the board up through the moment code (moment.h), says its title, paragraphs
 * and task, and checks the task each update from the model's facts (your turn's queens, the
 * watch's step, the score of predictions, the page, N, the method, the views); Next opens once it
 * is met. Leaving (Esc, or Next after the last page) gives back what the person had before: the
 * moment taken on entering, and your turn, predicting and the comparison table as they were.
 *
 * The state here is facts only (the lesson as read, the page shown, whether its task was met, what
 * to give back); panel.c writes the lesson's lines from them every frame. Traced as
 * "lesson NAME page P", "lesson done NAME page P", "lesson off", and the list as "lessons COUNT"
 * and "lessons pick NAME". Part of the model: no SDL; UI thread.
 */
#ifndef EX_LESSONRUN_H
#define EX_LESSONRUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lesson.h"

typedef struct explorer explorer;
typedef struct ex_panel ex_panel;

/* The most lessons the list shows. */
enum { EX_LESSONS_MAX = 64 };

/* A bundled lesson in the list: its name, title and line about it (or, for a file that does not
 * load, what is wrong with it). */
typedef struct ex_lesson_entry {
    char name[128];
    char title[EX_LESSON_MAX_LINE + 1];
    char about[EX_LESSON_MAX_LINE + 1];
    bool bad;
} ex_lesson_entry;

typedef struct ex_lesson_run {
    ex_lesson *lesson; /* the lesson open (owned), NULL for none */
    int page;          /* the page shown, 0-based */
    bool done;         /* its task is met */
    bool pending;      /* a setup is on its way (the moment replays): then the switches below are set */
    ex_switch want_play, want_predict, want_compare;
    uint32_t predict_run; /* the search and score at the page's start (do predict K) */
    unsigned predict_base;
    ex_moment before; /* what the explorer showed before the lesson */
    bool before_play, before_predict, before_compare;

    char dir[1024];            /* the folder the list was read from (a language's) */
    ex_lesson_entry *entries;  /* the list (owned), read when it opens */
    int count, pick;
} ex_lesson_run;

/* Starts lesson (allocated with malloc; the explorer owns it from now on) at its first page;
 * a lesson already open is left first, and what it gave back is kept as the state to give back. */
void ex_lesson_start(explorer *ex, ex_lesson *lesson, double now);

/* Reads the lesson at path and starts it; false, with "FILE:LINE: what is wrong" in a notice and
 * nothing changed, if it is bad. */
bool ex_lesson_open(explorer *ex, const char *path, double now);

/* Ends the lesson open (if any), giving back what was shown before it, as Esc does. */
void ex_lesson_close(explorer *ex, double now);

/* Whether a lesson is open; its pages, the one shown (0-based) and whether that page's task is met. */
bool ex_lesson_on(const explorer *ex);
int ex_lesson_pages(const explorer *ex);
int ex_lesson_page_shown(const explorer *ex);
bool ex_lesson_task_done(const explorer *ex);

/* The lesson's lines of the panel (lesson, lesson_page, lesson_say, lesson_task, lesson_done,
 * lesson_keys) while one is open. */
void ex_lesson_lines(const explorer *ex, ex_panel *p);

/* The list of bundled lessons (F2): whether it is open, how many it holds, each entry, the one
 * picked, and its heading and keys as sentences. */
bool ex_lessons_listing(const explorer *ex);
int ex_lessons_count(const explorer *ex);
const ex_lesson_entry *ex_lessons_entry(const explorer *ex, int i);
int ex_lessons_pick(const explorer *ex);
void ex_lessons_heading(const explorer *ex, char *buf, size_t size);
void ex_lessons_keys(char *buf, size_t size);

/* The first entry shown when `rows` fit: the picked one stays in view. */
int ex_lessons_first_shown(const explorer *ex, int rows);

/* Frees the lesson and the list. */
void ex_lesson_free(explorer *ex);

#endif
