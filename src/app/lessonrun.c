/*
 * lessonrun.c -- a lesson in the explorer (lessonrun.h), as a feature row (feature.h) first in the
 * table, so that Enter, Backspace and Esc are the lesson's while one is open and nothing else is
 * (the help, a key mode, the race or the variants keep Esc). A page's setup is a moment (opened
 * through moment.c); your turn, predicting and the comparison table follow it once it has arrived,
 * through the actions a person would take. A page's task is a test of the model's facts made at
 * every update; once met it stays met for that visit of the page. The list of bundled lessons is
 * a key mode of its own (EX_KEYS_LESSONS), read from the folder when it opens.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "lessonrun.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "feature.h"
#include "nq/i18n.h"

bool ex_lesson_on(const explorer *ex)
{
    return ex->lesson.lesson != NULL;
}

int ex_lesson_pages(const explorer *ex)
{
    return ex->lesson.lesson ? ex->lesson.lesson->pages : 0;
}

int ex_lesson_page_shown(const explorer *ex)
{
    return ex->lesson.page;
}

bool ex_lesson_task_done(const explorer *ex)
{
    return ex->lesson.lesson && ex->lesson.done;
}

/* ---- the facts a task is met by ---- */

static bool step_is(const explorer *ex, nq_step_kind kind)
{
    return ex->job == NQ_JOB_WATCH && ex->has_step && ex_showing(ex) == EX_SHOWN_STEP && ex->step.kind == kind;
}

/* Right predictions since the page began (a new search's score starts from none). */
static unsigned predictions(const explorer *ex)
{
    unsigned right, answered;
    ex_predict_score(ex, &right, &answered);
    if (ex->predict.run != ex->lesson.predict_run)
        return right;
    return right >= ex->lesson.predict_base ? right - ex->lesson.predict_base : 0;
}

static bool task_met(const explorer *ex, const ex_task *t)
{
    const int *queens;
    switch (t->kind) {
    case EX_TASK_NONE: return true;
    case EX_TASK_PLAY: return ex_playing(ex) && !ex_racing(ex);
    case EX_TASK_STEP: return ex->job == NQ_JOB_WATCH && ex->cursor == t->value;
    case EX_TASK_DEADEND:
        return step_is(ex, NQ_STEP_DEAD_END) || step_is(ex, NQ_STEP_WIPE_OUT) || step_is(ex, NQ_STEP_REMOVE);
    case EX_TASK_SOLUTION: return step_is(ex, NQ_STEP_SOLUTION);
    case EX_TASK_END:
        return ex->job == NQ_JOB_WATCH && (step_is(ex, NQ_STEP_DONE) || (ex->state == EX_FINISHED &&
                                                                          ex->cursor == ex_timeline_length(ex)));
    case EX_TASK_PIN:
        return ex->has_first && (!t->has_square || (ex->first.column == t->square.column &&
                                                    ex->first.row == t->square.row));
    case EX_TASK_PLACE:
        if (!ex_play_on(ex) || t->square.row >= ex->play.n)
            return false;
        queens = ex_play_queens(ex, NULL);
        return queens[t->square.row] == t->square.column;
    case EX_TASK_SOLVE: return ex_play_on(ex) && ex_play_solved(ex, NULL);
    case EX_TASK_PREDICT: return predictions(ex) >= t->value;
    case EX_TASK_PAGE: return ex->viewing && ex->k == t->value && ex->job != NQ_JOB_FIND && !ex->classes.unique;
    case EX_TASK_METHOD: return ex->method == (nq_method)t->value;
    case EX_TASK_N: return ex->n == (int)t->value;
    case EX_TASK_UNIQUE: return ex->classes.unique;
    case EX_TASK_COMPARE: return ex->figures_owner == EX_FIGURES_COMPARE;
    default: return false;
    }
}

/* ---- pages ---- */

static const ex_lesson_page *page_of(const explorer *ex)
{
    return &ex->lesson.lesson->page[ex->lesson.page];
}

/* The switches of your turn, predicting and the table, each as wanted (EX_SWITCH_UNSET: as it is),
 * through the actions a person takes. */
static void set_switches(explorer *ex, double now)
{
    ex_lesson_run *r = &ex->lesson;
    if (r->want_compare != EX_SWITCH_UNSET &&
        (r->want_compare == EX_SWITCH_ON) != (ex->figures_owner == EX_FIGURES_COMPARE))
        ex_act(ex, EX_ACT_COMPARE, 0, now);
    if (r->want_play != EX_SWITCH_UNSET && (r->want_play == EX_SWITCH_ON) != ex_play_on(ex))
        ex_act(ex, EX_ACT_YOUR_TURN, 0, now);
    if (r->want_predict != EX_SWITCH_UNSET && (r->want_predict == EX_SWITCH_ON) != ex_predicting(ex))
        ex_act(ex, EX_ACT_PREDICT, 0, now);
}

/* The page's start, for `do predict K`. */
static void mark_score(explorer *ex)
{
    unsigned answered;
    ex->lesson.predict_run = ex->predict.run;
    ex_predict_score(ex, &ex->lesson.predict_base, &answered);
}

/* Shows page k (0-based): its setup if it has one (else the board stays), traced. */
static void show_page(explorer *ex, int k, double now)
{
    ex_lesson_run *r = &ex->lesson;
    r->page = k;
    r->done = false;
    const ex_lesson_page *pg = page_of(ex);
    ex_trace_line(ex, "lesson %s page %d", r->lesson->name, k + 1);
    if (pg->has_set) {
        r->want_play = pg->play == EX_SWITCH_ON ? EX_SWITCH_ON : EX_SWITCH_OFF;
        r->want_predict = pg->predict == EX_SWITCH_ON ? EX_SWITCH_ON : EX_SWITCH_OFF;
        r->want_compare = pg->compare == EX_SWITCH_ON ? EX_SWITCH_ON : EX_SWITCH_OFF;
        r->pending = true;
        ex_play_forget(ex); /* the page's board is set up afresh: no queen of the page before */
        ex_moment_set(ex, &pg->setup, now);
        if (ex->job == NQ_JOB_WATCH)
            ex->paused = true;
    } else {
        r->pending = false;
        mark_score(ex);
    }
}

/* Leaves the lesson: what the explorer showed before comes back. */
static void leave(explorer *ex, double now)
{
    ex_lesson_run *r = &ex->lesson;
    free(r->lesson);
    r->lesson = NULL;
    ex_trace_line(ex, "lesson off");
    r->want_play = r->before_play ? EX_SWITCH_ON : EX_SWITCH_OFF;
    r->want_predict = r->before_predict ? EX_SWITCH_ON : EX_SWITCH_OFF;
    r->want_compare = r->before_compare ? EX_SWITCH_ON : EX_SWITCH_OFF;
    r->pending = true;
    ex_moment_set(ex, &r->before, now);
}

void ex_lesson_start(explorer *ex, ex_lesson *lesson, double now)
{
    ex_lesson_run *r = &ex->lesson;
    if (r->lesson) {
        free(r->lesson);
    } else {
        r->before = ex_moment_take(ex);
        r->before_play = ex_play_on(ex);
        r->before_predict = ex_predicting(ex);
        r->before_compare = ex->figures_owner == EX_FIGURES_COMPARE;
    }
    if (ex->keys == EX_KEYS_LESSONS)
        ex->keys = EX_KEYS_NORMAL;
    ex->welcome = false;
    r->lesson = lesson;
    show_page(ex, 0, now);
}

void ex_lesson_close(explorer *ex, double now)
{
    if (ex->lesson.lesson)
        leave(ex, now);
}

bool ex_lesson_open(explorer *ex, const char *path, double now)
{
    ex_lesson *lesson = malloc(sizeof *lesson);
    char message[1600];
    if (!lesson) {
        snprintf(message, sizeof message, "%s:0: %s", path, strerror(ENOMEM));
        ex_notify(ex, EX_NOTICE_LESSON_REFUSED, 0, message, NULL);
        return false;
    }
    if (!ex_lesson_read(path, lesson, message, sizeof message)) {
        free(lesson);
        ex_notify(ex, EX_NOTICE_LESSON_REFUSED, 0, message, NULL);
        return false;
    }
    ex_lesson_start(ex, lesson, now);
    return true;
}

/* Enter: the next page once the task is met; after the last, the lesson ends. */
static void next(explorer *ex, double now)
{
    ex_lesson_run *r = &ex->lesson;
    if (!r->done) {
        ex_notify(ex, EX_NOTICE_LESSON_TASK, 0, NULL, NULL);
        return;
    }
    if (r->page + 1 < r->lesson->pages)
        show_page(ex, r->page + 1, now);
    else
        leave(ex, now);
}

/* ---- the list ---- */

static int by_name(const void *a, const void *b)
{
    return strcmp(((const ex_lesson_entry *)a)->name, ((const ex_lesson_entry *)b)->name);
}

/* s into buf, cut to size - 1 bytes. */
static void copy(char *buf, size_t size, const char *s)
{
    size_t length = strnlen(s, size - 1);
    memcpy(buf, s, length);
    buf[length] = '\0';
}

static bool has_lessons(const char *dir)
{
    struct stat st;
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Reads the list from the language's folder (else English's): each lesson's title and about, or
 * what is wrong with it. */
static void read_list(explorer *ex)
{
    ex_lesson_run *r = &ex->lesson;
    r->count = r->pick = 0;
    if (!r->entries)
        r->entries = calloc(EX_LESSONS_MAX, sizeof *r->entries);
    char base[900];
    bool found = ex_lessons_dir(base, sizeof base); /* else base names the last folder looked in */
    snprintf(r->dir, sizeof r->dir, "%s/%s", base, nq_lang_code(nq_lang_current()));
    if (!has_lessons(r->dir))
        snprintf(r->dir, sizeof r->dir, "%s/en", base);
    if (!r->entries || !found)
        return;
    DIR *d = opendir(r->dir);
    if (!d)
        return;
    static ex_lesson lesson; /* large; the UI thread's */
    struct dirent *e;
    while ((e = readdir(d)) && r->count < EX_LESSONS_MAX) {
        size_t length = strlen(e->d_name);
        if (length <= 7 || strcmp(e->d_name + length - 7, ".lesson") || e->d_name[0] == '.')
            continue;
        ex_lesson_entry *entry = &r->entries[r->count++];
        char path[2048], message[1600];
        snprintf(path, sizeof path, "%s/%s", r->dir, e->d_name);
        ex_lesson_name(path, entry->name, sizeof entry->name);
        entry->bad = !ex_lesson_read(path, &lesson, message, sizeof message);
        copy(entry->title, sizeof entry->title, entry->bad ? entry->name : ex_lesson_string(&lesson, lesson.title));
        copy(entry->about, sizeof entry->about,
             entry->bad ? message : lesson.has_about ? ex_lesson_string(&lesson, lesson.about) : "");
    }
    closedir(d);
    qsort(r->entries, (size_t)r->count, sizeof *r->entries, by_name);
}

static void pick(explorer *ex, int i)
{
    ex_lesson_run *r = &ex->lesson;
    if (i < 0 || i >= r->count)
        return;
    r->pick = i;
    ex_trace_line(ex, "lessons pick %s", r->entries[i].name);
}

static void open_picked(explorer *ex, double now)
{
    ex_lesson_run *r = &ex->lesson;
    if (r->pick >= r->count)
        return;
    char path[2048];
    snprintf(path, sizeof path, "%s/%s.lesson", r->dir, r->entries[r->pick].name);
    ex->keys = EX_KEYS_NORMAL;
    ex_lesson_open(ex, path, now);
}

/* The list's own actions while it is open. */
static bool list_act(explorer *ex, ex_action action, int value, double now)
{
    ex_lesson_run *r = &ex->lesson;
    switch (action) {
    case EX_ACT_ESCAPE:
        if (ex->help)
            return false; /* the help over the list closes first */
        ex->keys = EX_KEYS_NORMAL;
        return true;
    case EX_ACT_LESSONS: ex->keys = EX_KEYS_NORMAL; return true;
    case EX_ACT_LESSON_UP: pick(ex, r->pick - 1); return true;
    case EX_ACT_LESSON_DOWN: pick(ex, r->pick + 1); return true;
    case EX_ACT_LESSON_OPEN: open_picked(ex, now); return true;
    case EX_ACT_LESSON_PICK:
        if (value == r->pick)
            open_picked(ex, now);
        else
            pick(ex, value);
        return true;
    default: return false;
    }
}

/* ---- the feature ---- */

/* Whether Esc is the lesson's: nothing else is open that Esc closes first. */
static bool escape_is_ours(const explorer *ex)
{
    return ex->lesson.lesson && !ex->help && ex->keys == EX_KEYS_NORMAL && !ex_racing(ex) && !ex->classes.shown;
}

static bool lesson_act(explorer *ex, ex_action action, int value, double now)
{
    ex_lesson_run *r = &ex->lesson;
    if (ex->keys == EX_KEYS_LESSONS)
        return list_act(ex, action, value, now);
    switch (action) {
    case EX_ACT_LESSONS:
        read_list(ex);
        ex->keys = EX_KEYS_LESSONS;
        ex_trace_line(ex, "lessons %d", r->count);
        return true;
    case EX_ACT_LESSON_NEXT:
        if (r->lesson)
            next(ex, now);
        return true;
    case EX_ACT_LESSON_BACK:
        if (r->lesson && r->page > 0)
            show_page(ex, r->page - 1, now);
        return true;
    case EX_ACT_ESCAPE:
        if (!escape_is_ours(ex))
            return false;
        leave(ex, now);
        return true;
    default: return false;
    }
}

/* Sets the switches once a setup has arrived, then checks the page's task. */
static bool lesson_update(explorer *ex, double now)
{
    ex_lesson_run *r = &ex->lesson;
    bool changed = false;
    if (r->pending && ex_moment_arrived(ex)) {
        r->pending = false;
        set_switches(ex, now);
        if (r->lesson)
            mark_score(ex);
        changed = true;
    }
    if (r->lesson && !r->pending && !r->done && task_met(ex, &page_of(ex)->task)) {
        r->done = true;
        ex_trace_line(ex, "lesson done %s page %d", r->lesson->name, r->page + 1);
        changed = true;
    }
    return changed;
}

const ex_feature ex_feature_lesson = {"lesson", lesson_act, lesson_update, NULL};

void ex_lesson_free(explorer *ex)
{
    free(ex->lesson.lesson);
    free(ex->lesson.entries);
    ex->lesson.lesson = NULL;
    ex->lesson.entries = NULL;
    ex->lesson.count = 0;
}

/* ---- what is shown ---- */

void ex_lesson_lines(const explorer *ex, ex_panel *p)
{
    const ex_lesson_run *r = &ex->lesson;
    if (!r->lesson)
        return;
    const ex_lesson *l = r->lesson;
    const ex_lesson_page *pg = page_of(ex);
    snprintf(p->text[EX_LINE_LESSON], EX_LINE_SIZE, "%s", ex_lesson_string(l, l->title));
    /* TRANSLATORS: a lesson's page: which of how many, then the page's own title. */
    snprintf(p->text[EX_LINE_LESSON_PAGE], EX_LINE_SIZE, _("Page %d of %d: %s"), r->page + 1, l->pages,
             ex_lesson_string(l, pg->title));
    snprintf(p->text[EX_LINE_LESSON_SAY], EX_LINE_SIZE, "%s", ex_lesson_string(l, pg->say));
    p->has[EX_LINE_LESSON] = p->has[EX_LINE_LESSON_PAGE] = p->has[EX_LINE_LESSON_SAY] = true;
    if (pg->task.kind != EX_TASK_NONE) {
        char task[EX_LINE_SIZE / 2];
        ex_task_text(&pg->task, task, sizeof task);
        /* TRANSLATORS: a lesson's task, with whether it is done yet; %s is the task as a sentence. */
        snprintf(p->text[EX_LINE_LESSON_TASK], EX_LINE_SIZE, r->done ? _("Done: %s") : _("To go on: %s"), task);
        p->has[EX_LINE_LESSON_TASK] = true;
    }
    if (r->done && pg->has_done) {
        snprintf(p->text[EX_LINE_LESSON_DONE], EX_LINE_SIZE, "%s", ex_lesson_string(l, pg->done));
        p->has[EX_LINE_LESSON_DONE] = true;
    }
    bool last = r->page + 1 == l->pages;
    const char *keys;
    if (!r->done) /* TRANSLATORS: a lesson's keys; Backspace and Esc are key names and stay as they are. */
        keys = _("Do the task to go on. Backspace: the page before. Esc: leave the lesson.");
    else if (last) /* TRANSLATORS: as above, on the last page; Enter is a key name. */
        keys = _("Enter: end the lesson. Backspace: the page before. Esc: leave the lesson.");
    else /* TRANSLATORS: as above; Enter is a key name. */
        keys = _("Enter: the next page. Backspace: the page before. Esc: leave the lesson.");
    snprintf(p->text[EX_LINE_LESSON_KEYS], EX_LINE_SIZE, "%s", keys);
    p->has[EX_LINE_LESSON_KEYS] = true;
}

bool ex_lessons_listing(const explorer *ex)
{
    return ex->keys == EX_KEYS_LESSONS;
}

int ex_lessons_count(const explorer *ex)
{
    return ex->lesson.count;
}

const ex_lesson_entry *ex_lessons_entry(const explorer *ex, int i)
{
    return &ex->lesson.entries[i];
}

int ex_lessons_pick(const explorer *ex)
{
    return ex->lesson.pick;
}

void ex_lessons_heading(const explorer *ex, char *buf, size_t size)
{
    if (ex->lesson.count)
        /* TRANSLATORS: the heading of the list of lessons (F2). */
        snprintf(buf, size, "%s", _("Lessons"));
    else /* TRANSLATORS: F2 found no lesson; %s is the folder looked in. */
        snprintf(buf, size, _("No lessons were found in %s."), ex->lesson.dir);
}

void ex_lessons_keys(char *buf, size_t size)
{
    /* TRANSLATORS: under the list of lessons: Up, Down, Enter and Esc are key names and stay as they are. */
    snprintf(buf, size, "%s", _("Up / Down or a click: choose. Enter or a second click: open. Esc: close."));
}

int ex_lessons_first_shown(const explorer *ex, int rows)
{
    int pick = ex->lesson.pick;
    return rows > 0 && pick >= rows ? pick - rows + 1 : 0;
}
