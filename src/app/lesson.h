/*
 * lesson.h -- a lesson: short pages, each setting up the board, saying a few sentences and waiting
 * for the learner to do something before it goes on. The file format (version 1) is fixed and
 * documented in docs/app.md ("Lessons") and man/nqueens.1 (LESSONS):
 *
 *     nqueens-lesson 1
 *     title Four queens by hand
 *     page The rule
 *     set n 4
 *     set play on
 *     say No two queens may share a row, a column or a diagonal.
 *     do place 2,1
 *     done Good: that queen guards its column and both diagonals.
 *
 * The file is outside the program's control: it is read like a moment (a regular file only, at
 * most EX_LESSON_MAX_BYTES, never blocking on a FIFO), and anything wrong in it refuses all of it
 * with the line and what is wrong. Each page's `set` lines are a moment's lines (moment.h) and are
 * checked as a moment's are, board included, so that a page never asks for a step past the end of
 * its search.
 *
 * lesson.c parses and reads; lessonrun.c runs a lesson in the explorer (a feature row) and lists
 * the bundled ones. Part of the model: no SDL; UI thread.
 */
#ifndef EX_LESSON_H
#define EX_LESSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "moment.h"

typedef struct explorer explorer;

/* The first line of every lesson file. */
#define EX_LESSON_MAGIC "nqueens-lesson 1"

/* The largest file, the most pages, the longest line (bytes, its end not counted) and the most a
 * page may say (bytes, its paragraphs together). */
enum {
    EX_LESSON_MAX_BYTES = 65536,
    EX_LESSON_MAX_PAGES = 32,
    EX_LESSON_MAX_LINE = 1000,
    EX_LESSON_MAX_SAY = 2400,
    EX_LESSON_MAX_PREDICT = 99
};

/* Paragraphs of a page's text are separated by this character. */
#define EX_LESSON_PARAGRAPH '\n'

/* What a page waits for (`do`). */
typedef enum ex_task_kind {
    EX_TASK_NONE,     /* no `do`: Next is open at once */
    EX_TASK_PLAY,     /* the watch plays */
    EX_TASK_STEP,     /* value: the watch shows that step */
    EX_TASK_DEADEND,  /* the watch shows a dead end (every square of a row attacked) or a wipe-out */
    EX_TASK_SOLUTION, /* the watch shows a solution */
    EX_TASK_END,      /* the watched search has ended */
    EX_TASK_PIN,      /* a first queen pinned (at square if has_square) */
    EX_TASK_PLACE,    /* your turn: a queen at square */
    EX_TASK_SOLVE,    /* your turn: the learner's board is a solution */
    EX_TASK_PREDICT,  /* value: right predictions since the page began */
    EX_TASK_PAGE,     /* value: solution number shown */
    EX_TASK_METHOD,   /* value: the nq_method chosen */
    EX_TASK_N,        /* value: N */
    EX_TASK_UNIQUE,   /* unique paging on */
    EX_TASK_COMPARE,  /* the comparison table shown */
    EX_TASK_COUNT
} ex_task_kind;

typedef struct ex_task {
    ex_task_kind kind;
    uint64_t value;
    bool has_square;
    nq_square square;
} ex_task;

/* A switch of `set play|predict|compare`: not given, off or on. */
typedef enum ex_switch { EX_SWITCH_UNSET = -1, EX_SWITCH_OFF, EX_SWITCH_ON } ex_switch;

typedef struct ex_lesson_page {
    int line;       /* the `page` line */
    size_t title;   /* offsets of strings in the lesson's text */
    size_t say;     /* paragraphs separated by EX_LESSON_PARAGRAPH */
    bool has_done;
    size_t done;
    bool has_set;   /* any `set` line: the board is set up afresh */
    ex_moment setup;
    ex_switch play, predict, compare;
    ex_task task;
} ex_lesson_page;

typedef struct ex_lesson {
    char name[128]; /* the file's name without .lesson */
    size_t title;
    bool has_about;
    size_t about;
    int pages;
    ex_lesson_page page[EX_LESSON_MAX_PAGES];
    size_t used;
    char text[2 * EX_LESSON_MAX_BYTES]; /* the strings, each ended by a NUL */
} ex_lesson;

/* A string of the lesson (a title, a page's paragraphs, ...) from its offset. */
const char *ex_lesson_string(const ex_lesson *lesson, size_t offset);

/*
 * Parses a lesson's text (length bytes, not NUL-terminated) into *out (large: allocate it). Returns
 * 0, or the 1-based number of the line at fault with what is wrong (a sentence in the language in
 * use) in why. Runs each page's search up to its step to check it. No SDL; UI thread (the moment
 * check it makes is).
 */
int ex_lesson_parse(const char *text, size_t length, ex_lesson *out, char *why, size_t why_size);

/* Whether the first line of the file at path, after a UTF-8 byte order mark and blanks, begins with
 * EX_LESSON_MAGIC, whatever the file's size (for `nqueens FILE` and a file dropped on the window:
 * a lesson, else a moment). */
bool ex_lesson_sniff(const char *path);

/* The lesson's name from its path: the file's name without a last ".lesson". */
void ex_lesson_name(const char *path, char *buf, size_t size);

/*
 * Reads the lesson file at path into *out. True, or false with "PATH:LINE: what is wrong" in
 * message (line 0 when the file itself cannot be read). Never blocks on a FIFO.
 */
bool ex_lesson_read(const char *path, ex_lesson *out, char *message, size_t size);

/* The folder of the bundled lessons (one folder a language inside): $NQUEENS_LESSONS, the build
 * tree's lessons/ next to the program, ../share/nqueens/lessons from it, the source tree's; false
 * when none is there (buf then names the last one looked at). */
bool ex_lessons_dir(char *buf, size_t size);

/*
 * Finds the bundled lesson NAME in the language in use (else English) under dir: its path into
 * buf; false when there is none.
 */
bool ex_lesson_find(const char *dir, const char *name, char *buf, size_t size);

/* What --lesson NAME says when NAME is neither a file nor a bundled lesson: both, the folder of the
 * bundled lessons looked in (the language in use's, else English's) and the names there. */
void ex_lesson_not_found(const char *name, char *buf, size_t size);

/* The task as a sentence to the learner ("Place a queen at row 1, column 2."). */
void ex_task_text(const ex_task *task, char *buf, size_t size);

#endif
