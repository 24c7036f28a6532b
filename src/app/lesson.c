/*
 * lesson.c -- the lesson file (lesson.h): its text parsed and checked line by line, each page's
 * `set` lines checked as the moment they make (moment.c, board and step included), the file read
 * through the moment's bounded reader, the task said in words, and where the bundled lessons are.
 *
 * The messages about a file are marked for translation, one whole sentence per case; keywords and
 * values stay as they are in every language.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "lesson.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "model.h"
#include "nq/i18n.h"
#include "nq/progdir.h"
#include "textfile.h"

#ifndef NQ_SOURCE_LESSONS
#define NQ_SOURCE_LESSONS "lessons"
#endif

/* The `do` tasks by their keyword, and whether each takes a value (a square for pin: optional). */
static const char *const task_words[EX_TASK_COUNT] = {
    [EX_TASK_PLAY] = "play",   [EX_TASK_STEP] = "step",       [EX_TASK_DEADEND] = "deadend",
    [EX_TASK_SOLUTION] = "solution", [EX_TASK_END] = "end",   [EX_TASK_PIN] = "pin",
    [EX_TASK_PLACE] = "place", [EX_TASK_SOLVE] = "solve",     [EX_TASK_PREDICT] = "predict",
    [EX_TASK_PAGE] = "page",   [EX_TASK_METHOD] = "method",   [EX_TASK_N] = "n",
    [EX_TASK_UNIQUE] = "unique", [EX_TASK_COMPARE] = "compare",
};

/* The keys of a moment file a `set` line may give (moment.h), besides play, predict and compare. */
enum { MOMENT_KEYS = 12 };
static const char *const moment_keys[MOMENT_KEYS] = {"n",    "first", "mode", "method",   "seed",   "step",
                                                     "speed", "tree", "heat", "variants", "unique", "page"};

const char *ex_lesson_string(const ex_lesson *lesson, size_t offset)
{
    return lesson->text + offset;
}

/* ---- parsing ---- */

/* What the parser keeps while it reads a page. */
typedef struct page_state {
    char moment[EX_LESSON_MAX_BYTES]; /* the page's `set` lines as a moment's text */
    size_t moment_used;
    int moment_lines[EX_LESSON_MAX_BYTES / 4]; /* the lesson's line of each of the moment's lines */
    int moment_count;
    bool has_n;
    int set_lines[3]; /* where play, predict and compare were given */
    int key_lines[MOMENT_KEYS]; /* ... and each of the moment's keys */
    int do_line, done_line;
    bool open_paragraph; /* the last `say` had text: the next joins its paragraph */
    char say[EX_LESSON_MAX_SAY + 1]; /* the paragraphs so far */
    size_t say_bytes;
} page_state;

typedef struct parser {
    ex_lesson *l;
    page_state page;
    int known_n; /* N the pages so far leave (0: the learner's, not known) */
    ex_switch play, predict; /* your turn and predicting as they leave them (EX_SWITCH_UNSET: not known) */
    char *why;
    size_t why_size;
} parser;

/* Adds s (length bytes) at the end of the strings; false if there is no room (it cannot happen
 * within the file's limit, but it is checked). */
static bool append(ex_lesson *l, const char *s, size_t length)
{
    if (l->used + length + 1 > sizeof l->text)
        return false;
    memcpy(l->text + l->used, s, length);
    l->used += length;
    l->text[l->used] = '\0';
    return true;
}

/* A new string: its offset. */
static bool add_string(ex_lesson *l, const char *s, size_t *offset)
{
    if (l->used + 1 > sizeof l->text)
        return false;
    l->used++; /* past the NUL of the string before (offset 0 is no string) */
    *offset = l->used;
    l->text[l->used] = '\0';
    return append(l, s, strlen(s));
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* on or off. */
static bool switch_parse(const char *s, ex_switch *out)
{
    if (strcmp(s, "on") && strcmp(s, "off"))
        return false;
    *out = strcmp(s, "on") ? EX_SWITCH_OFF : EX_SWITCH_ON;
    return true;
}

/* A square COL,ROW on the largest board: finish_page checks it against the page's own N, known
 * only once the page is read. */
static bool square_parse(parser *p, const char *value, nq_square *square)
{
    char err[480];
    if (nq_square_parse(value, EX_MAX_N, square, err, sizeof err))
        return true;
    snprintf(p->why, p->why_size, "%s", err);
    return false;
}

/* `do TASK [VALUE]` into the page's task. */
static bool parse_task(parser *p, char *rest, ex_task *t)
{
    char *value = rest + strcspn(rest, " \t");
    if (*value) {
        *value++ = '\0';
        value += strspn(value, " \t");
    }
    int kind = EX_TASK_COUNT;
    for (int k = 1; k < EX_TASK_COUNT; k++)
        if (!strcmp(rest, task_words[k]))
            kind = k;
    if (!*rest) {
        /* TRANSLATORS: a lesson file's `do` line names no task; do and the task words stay as they are. */
        snprintf(p->why, p->why_size, "%s",
                 _("do needs a task: play, step, deadend, solution, end, pin, place, solve, predict, page, method, n, "
                   "unique or compare"));
        return false;
    }
    if (kind == EX_TASK_COUNT) {
        /* TRANSLATORS: a lesson file's `do` line names no task it knows; %s is what it names; do and
         * the task words stay as they are. */
        snprintf(p->why, p->why_size,
                 _("unknown task '%s': do takes play, step, deadend, solution, end, pin, place, solve, predict, "
                   "page, method, n, unique or compare"),
                 rest);
        return false;
    }
    *t = (ex_task){.kind = (ex_task_kind)kind};
    bool wants = kind == EX_TASK_STEP || kind == EX_TASK_PLACE || kind == EX_TASK_PREDICT ||
                 kind == EX_TASK_PAGE || kind == EX_TASK_METHOD || kind == EX_TASK_N;
    if (!wants && *value && kind != EX_TASK_PIN) {
        /* TRANSLATORS: a lesson's `do` line gives a value to a task that takes none; %s is the task word. */
        snprintf(p->why, p->why_size, _("do %s takes no value"), rest);
        return false;
    }
    if (wants && !*value) {
        /* TRANSLATORS: a lesson's `do` line lacks the value its task needs; %s is the task word. */
        snprintf(p->why, p->why_size, _("do %s needs a value"), rest);
        return false;
    }
    int n;
    nq_method method;
    switch (t->kind) {
    case EX_TASK_PIN:
        t->has_square = *value != '\0';
        return !t->has_square || square_parse(p, value, &t->square);
    case EX_TASK_PLACE: t->has_square = true; return square_parse(p, value, &t->square);
    case EX_TASK_STEP:
        if (nq_parse_number(value, 0, EX_MOMENT_MAX_STEP, &t->value))
            return true;
        /* TRANSLATORS: a lesson's `do step K` has a K out of range; the %d is the largest. */
        snprintf(p->why, p->why_size, _("the step must be a whole number from 0 to %d (got '%s')"),
                 EX_MOMENT_MAX_STEP, value);
        return false;
    case EX_TASK_PREDICT:
        if (nq_parse_number(value, 1, EX_LESSON_MAX_PREDICT, &t->value))
            return true;
        /* TRANSLATORS: a lesson's `do predict K` has a K out of range; %d is the largest. */
        snprintf(p->why, p->why_size, _("the predictions must be a whole number from 1 to %d (got '%s')"),
                 EX_LESSON_MAX_PREDICT, value);
        return false;
    case EX_TASK_PAGE:
        if (nq_parse_number(value, 1, UINT64_MAX, &t->value))
            return true;
        /* TRANSLATORS: a lesson's `do page K`: K is a solution's number. */
        snprintf(p->why, p->why_size, _("the page must be a whole number from 1 (got '%s')"), value);
        return false;
    case EX_TASK_METHOD:
        if (nq_method_parse(value, &method)) {
            t->value = (uint64_t)method;
            return true;
        }
        snprintf(p->why, p->why_size, _("method must be backtrack, forward, firstfail or minconflicts (got '%s')"),
                 value);
        return false;
    case EX_TASK_N:
        if (app_n_parse(value, &n)) {
            t->value = (uint64_t)n;
            return true;
        }
        snprintf(p->why, p->why_size, _("n must be a whole number from %d to %d (got '%s')"), NQ_MIN_N, EX_MAX_N,
                 value);
        return false;
    default: return true;
    }
}

/* `set KEY VALUE`: play, predict and compare kept, the rest added to the page's moment. */
static bool parse_set(parser *p, char *rest, int number)
{
    ex_lesson_page *pg = &p->l->page[p->l->pages - 1];
    page_state *s = &p->page;
    char *value = rest + strcspn(rest, " \t");
    if (*value) {
        *value++ = '\0';
        value += strspn(value, " \t");
    }
    if (!*value) {
        /* TRANSLATORS: a lesson file's `set` line lacks its value; set stays as it is. */
        snprintf(p->why, p->why_size, "%s", _("a set line is set, a key and a value"));
        return false;
    }
    pg->has_set = true;
    static const char *const switches[3] = {"play", "predict", "compare"};
    ex_switch *targets[3] = {&pg->play, &pg->predict, &pg->compare};
    for (int i = 0; i < 3; i++)
        if (!strcmp(rest, switches[i])) {
            if (s->set_lines[i]) {
                snprintf(p->why, p->why_size, _("'%s' is given twice (first on line %d)"), rest, s->set_lines[i]);
                return false;
            }
            s->set_lines[i] = number;
            if (switch_parse(value, targets[i]))
                return true;
            /* TRANSLATORS: a lesson's `set play|predict|compare` line: %s is the key; on and off stay as they are. */
            snprintf(p->why, p->why_size, _("%s must be on or off (got '%s')"), rest, value);
            return false;
        }
    int k = MOMENT_KEYS;
    for (int i = 0; i < MOMENT_KEYS; i++)
        if (!strcmp(rest, moment_keys[i]))
            k = i;
    if (k < MOMENT_KEYS && s->key_lines[k]) { /* said here, with the lesson's lines */
        snprintf(p->why, p->why_size, _("'%s' is given twice (first on line %d)"), rest, s->key_lines[k]);
        return false;
    }
    if (k == MOMENT_KEYS) {
        /* TRANSLATORS: a lesson's `set` line names no key it knows; %s is what it names. The keys stay
         * as they are. */
        snprintf(p->why, p->why_size,
                 _("unknown key '%s': set takes n, first, mode, method, seed, step, speed, tree, heat, variants, "
                   "unique, page, play, predict or compare"),
                 rest);
        return false;
    }
    int length = snprintf(s->moment + s->moment_used, sizeof s->moment - s->moment_used, "%s %s\n", rest, value);
    if (length < 0 || (size_t)length >= sizeof s->moment - s->moment_used ||
        s->moment_count >= (int)(sizeof s->moment_lines / sizeof s->moment_lines[0])) {
        snprintf(p->why, p->why_size, "%s", _("this page sets too much"));
        return false;
    }
    s->key_lines[k] = number;
    s->moment_used += (size_t)length;
    s->moment_lines[s->moment_count++] = number;
    s->has_n |= !strcmp(rest, "n");
    return true;
}

/* `say TEXT`: joins the paragraph open, or starts one; `say` alone ends the paragraph. */
static bool parse_say(parser *p, const char *rest)
{
    page_state *s = &p->page;
    if (!*rest) {
        s->open_paragraph = false;
        return true;
    }
    size_t length = strlen(rest), join = s->say_bytes > 0;
    if (s->say_bytes + join + length > EX_LESSON_MAX_SAY) {
        /* TRANSLATORS: a lesson's page says too much to be shown; %d is the most bytes it may say. */
        snprintf(p->why, p->why_size, _("this page says more than %d bytes: split it into two pages"),
                 EX_LESSON_MAX_SAY);
        return false;
    }
    if (join)
        s->say[s->say_bytes++] = s->open_paragraph ? ' ' : EX_LESSON_PARAGRAPH;
    memcpy(s->say + s->say_bytes, rest, length + 1);
    s->say_bytes += length;
    s->open_paragraph = true;
    return true;
}

/* The page's `set` lines as a moment: checked whole (board and step), then the switches. */
static int check_setup(parser *p)
{
    ex_lesson_page *pg = &p->l->page[p->l->pages - 1];
    page_state *s = &p->page;
    char text[sizeof s->moment + 64];
    int head = snprintf(text, sizeof text, "%s\n%s", EX_MOMENT_MAGIC, s->has_n ? "" : "n 8\n");
    memcpy(text + head, s->moment, s->moment_used);
    int bad = ex_moment_parse(text, (size_t)head + s->moment_used, &pg->setup, p->why, p->why_size);
    int first_set = 2 + !s->has_n; /* the moment's line of the page's first set line */
    if (bad)
        return bad >= first_set && bad - first_set < s->moment_count ? s->moment_lines[bad - first_set] : pg->line;
    const ex_moment *m = &pg->setup;
    if (pg->play == EX_SWITCH_ON && (m->mode != EX_WATCH || m->n < EX_PLAY_MIN_N || m->n > EX_PLAY_MAX_N)) {
        /* TRANSLATORS: a lesson's `set play on` on a board where your turn cannot be: the %d are its
         * smallest and largest N; mode and watch stay as they are. */
        snprintf(p->why, p->why_size, _("play is on in mode watch for N from %d to %d only"), EX_PLAY_MIN_N,
                 EX_PLAY_MAX_N);
        return s->set_lines[0];
    }
    if (pg->predict == EX_SWITCH_ON &&
        (m->mode != EX_WATCH || !nq_method_complete(m->method) || m->n > NQ_MAX_N || pg->play == EX_SWITCH_ON)) {
        /* TRANSLATORS: a lesson's `set predict on` where predicting cannot be. */
        snprintf(p->why, p->why_size, "%s",
                 _("predict is on in mode watch, by backtrack, forward or firstfail, without play"));
        return s->set_lines[1];
    }
    if (pg->compare == EX_SWITCH_ON && m->n > NQ_MAX_N) {
        snprintf(p->why, p->why_size, _("above N = %d the board shows one solution, found directly: no step, page "
                                        "or view"),
                 NQ_MAX_N);
        return s->set_lines[2];
    }
    return 0;
}

/* Whether the page's task can be met at all: your turn or predicting on for the tasks that need it
 * (set on this page, or on from the page before when this one sets nothing); on a page that sets the
 * board up, a step within its watched search and a page within its solutions (counted up to
 * EX_MOMENT_COUNT_MAX_N), each checked as a moment's. 0, or the line at fault with why. */
static int check_task(parser *p)
{
    const ex_lesson_page *pg = &p->l->page[p->l->pages - 1];
    const ex_task *t = &pg->task;
    int line = p->page.do_line;
    ex_switch play = pg->has_set ? (pg->play == EX_SWITCH_ON ? EX_SWITCH_ON : EX_SWITCH_OFF) : p->play;
    ex_switch predict = pg->has_set ? (pg->predict == EX_SWITCH_ON ? EX_SWITCH_ON : EX_SWITCH_OFF) : p->predict;
    p->play = play;
    p->predict = predict;
    if ((t->kind == EX_TASK_PLACE || t->kind == EX_TASK_SOLVE) && play == EX_SWITCH_OFF) {
        /* TRANSLATORS: a lesson's `do place` or `do solve` (%s) on a page where your turn is off; do, set
         * play on and the task words stay as they are. */
        snprintf(p->why, p->why_size,
                 _("do %s is done on your turn, which is off here: give this page 'set play on' (a page without "
                   "set lines keeps the page before's)"),
                 task_words[t->kind]);
        return line;
    }
    if (t->kind == EX_TASK_PREDICT && predict == EX_SWITCH_OFF) {
        /* TRANSLATORS: a lesson's `do predict K` on a page where predicting is off; do predict and set
         * predict on stay as they are. */
        snprintf(p->why, p->why_size, "%s",
                 _("do predict needs predicting, which is off here: give this page 'set predict on' (a page "
                   "without set lines keeps the page before's)"));
        return line;
    }
    if (!pg->has_set || (t->kind != EX_TASK_STEP && t->kind != EX_TASK_PAGE))
        return 0;
    if (t->kind == EX_TASK_STEP && pg->setup.mode != EX_WATCH) {
        /* TRANSLATORS: a lesson's `do step K` on a page in mode solve; the keywords stay as they are. */
        snprintf(p->why, p->why_size, "%s",
                 _("do step is a step of the watched search, and this page's mode is solve: set mode watch, or "
                   "give another task"));
        return line;
    }
    ex_moment m = pg->setup; /* the page's board, brought to the task */
    m.variants = false;
    if (t->kind == EX_TASK_STEP) {
        m.step = m.recorded = t->value;
        m.page = 0;
    } else {
        if (m.mode != EX_WATCH || m.unique || m.method != NQ_METHOD_MINCONFLICTS)
            m.mode = EX_SOLVE; /* paging reaches every solution in time: the count, as Solve's */
        m.step = m.recorded = 0;
        m.tree = false;
        m.page = t->value;
    }
    char why[400];
    if (ex_moment_check(&m, why, sizeof why))
        return 0;
    /* TRANSLATORS: a lesson's `do step K` or `do page K` that the page's board never reaches; %s says why
     * (a moment's refusal, as "step 999 is past the end of this search, which ends at step 143"). */
    snprintf(p->why, p->why_size, _("this task can never be met: %s; ask for one the page's board reaches"), why);
    return line;
}

/* The page just read is whole: it says something, its setup is a moment that opens, and the square
 * of its task is on its board: the page's N is its own `set n` (8 when it sets the board up without
 * one), else the N the page before left, which is that page's, or K after its `do n K`. */
static int finish_page(parser *p)
{
    ex_lesson_page *pg = &p->l->page[p->l->pages - 1];
    page_state *s = &p->page;
    if (!s->say_bytes) {
        /* TRANSLATORS: a page of a lesson file has no `say` line with text; say stays as it is. */
        snprintf(p->why, p->why_size, "%s", _("a page says something: give it a say line"));
        return pg->line;
    }
    if (!add_string(p->l, s->say, &pg->say)) {
        snprintf(p->why, p->why_size, "%s", _("this page sets too much"));
        return pg->line;
    }
    if (pg->has_set) {
        int bad = check_setup(p);
        if (bad)
            return bad;
    }
    int page_n = pg->has_set ? pg->setup.n : p->known_n;
    p->known_n = pg->task.kind == EX_TASK_N ? (int)pg->task.value : page_n;
    int n = page_n ? page_n : NQ_MAX_N;
    if (pg->task.has_square && (pg->task.square.column >= n || pg->task.square.row >= n)) {
        /* TRANSLATORS: a lesson's `do place` or `do pin` names a square off the page's board; the first
         * two %d are its column and row, the last two the board's size. */
        snprintf(p->why, p->why_size, _("square %d,%d is off the %d x %d board"), pg->task.square.column + 1,
                 pg->task.square.row + 1, n, n);
        return s->do_line;
    }
    return check_task(p);
}

/* Starts page number `pages` at line number. */
static bool start_page(parser *p, const char *rest, int number)
{
    ex_lesson *l = p->l;
    if (l->pages == EX_LESSON_MAX_PAGES) {
        /* TRANSLATORS: a lesson file has too many pages; %d is the most it may have. */
        snprintf(p->why, p->why_size, _("a lesson has at most %d pages"), EX_LESSON_MAX_PAGES);
        return false;
    }
    ex_lesson_page *pg = &l->page[l->pages++];
    *pg = (ex_lesson_page){.line = number, .play = EX_SWITCH_UNSET, .predict = EX_SWITCH_UNSET,
                           .compare = EX_SWITCH_UNSET};
    memset(&p->page, 0, sizeof p->page);
    if (!*rest) {
        /* TRANSLATORS: a lesson file's `page` line has no title after it; page stays as it is. */
        snprintf(p->why, p->why_size, "%s", _("a page has a title: page TEXT"));
        return false;
    }
    return add_string(l, rest, &pg->title);
}

/* One line (trimmed, not blank, not a comment) of the lesson after the first: keyword and text. */
static int parse_line(parser *p, char *line, int number)
{
    ex_lesson *l = p->l;
    char *rest = line + strcspn(line, " \t");
    if (*rest) {
        *rest++ = '\0';
        rest += strspn(rest, " \t");
    }
    bool in_page = l->pages > 0;
    if (!strcmp(line, "title") || !strcmp(line, "about")) {
        bool title = line[0] == 't';
        if (in_page) {
            /* TRANSLATORS: %s is title or about, lines of a lesson file that stay as they are. */
            snprintf(p->why, p->why_size, _("%s comes before the first page"), line);
            return number;
        }
        if (title ? l->title != 0 : l->has_about) {
            snprintf(p->why, p->why_size, _("'%s' is given twice"), line);
            return number;
        }
        if (!*rest) {
            /* TRANSLATORS: %s is title or about: a lesson file's line without its text. */
            snprintf(p->why, p->why_size, _("%s needs its text"), line);
            return number;
        }
        l->has_about |= !title;
        return add_string(l, rest, title ? &l->title : &l->about) ? 0 : number;
    }
    if (!strcmp(line, "page")) {
        if (!l->title) {
            /* TRANSLATORS: a lesson file gives no title line before its first page; title stays as it is. */
            snprintf(p->why, p->why_size, "%s", _("a lesson has a title line before its first page"));
            return number;
        }
        if (in_page) {
            int bad = finish_page(p);
            if (bad)
                return bad;
        }
        return start_page(p, rest, number) ? 0 : number;
    }
    bool known = !strcmp(line, "set") || !strcmp(line, "say") || !strcmp(line, "do") || !strcmp(line, "done");
    if (!known) {
        /* TRANSLATORS: a lesson file's line begins with no keyword it knows; %s is that word. The
         * keywords stay as they are. */
        snprintf(p->why, p->why_size,
                 _("unknown keyword '%s': a line begins with title, about, page, set, say, do or done"), line);
        return number;
    }
    if (!in_page) {
        /* TRANSLATORS: %s is set, say, do or done: lines of a lesson file that belong to a page. */
        snprintf(p->why, p->why_size, _("%s belongs to a page: begin one with a page line first"), line);
        return number;
    }
    ex_lesson_page *pg = &l->page[l->pages - 1];
    page_state *s = &p->page;
    if (!strcmp(line, "set"))
        return parse_set(p, rest, number) ? 0 : number;
    if (!strcmp(line, "say"))
        return parse_say(p, rest) ? 0 : number;
    if (!strcmp(line, "do")) {
        if (s->do_line) {
            snprintf(p->why, p->why_size, _("'%s' is given twice (first on line %d)"), line, s->do_line);
            return number;
        }
        s->do_line = number;
        return parse_task(p, rest, &pg->task) ? 0 : number;
    }
    if (s->done_line) {
        snprintf(p->why, p->why_size, _("'%s' is given twice (first on line %d)"), line, s->done_line);
        return number;
    }
    if (!s->do_line) {
        /* TRANSLATORS: a lesson's `done` line (what is said once the task is done) comes before the
         * page's `do` line (the task), or the page has none. done and do stay as they are. */
        snprintf(p->why, p->why_size, "%s", _("done follows the page's do line: it is said once the task is done"));
        return number;
    }
    if (!*rest) {
        snprintf(p->why, p->why_size, _("%s needs its text"), line);
        return number;
    }
    s->done_line = number;
    pg->has_done = true;
    return add_string(l, rest, &pg->done) ? 0 : number;
}

int ex_lesson_parse(const char *text, size_t length, ex_lesson *out, char *why, size_t why_size)
{
    if (length > EX_LESSON_MAX_BYTES) {
        /* TRANSLATORS: a lesson file is too large; %d is the most bytes one may have. */
        snprintf(why, why_size, _("larger than %d bytes: no lesson is"), EX_LESSON_MAX_BYTES);
        return 1;
    }
    int bad = ex_text_begin(&text, &length, why, why_size);
    if (bad)
        return bad;
    static parser p; /* large; the UI thread's */
    memset(&p.page, 0, sizeof p.page);
    p.l = out;
    p.known_n = 0;
    p.play = p.predict = EX_SWITCH_UNSET;
    p.why = why;
    p.why_size = why_size;
    memset(out, 0, offsetof(ex_lesson, text));
    out->text[0] = '\0';
    int number = 0;
    for (size_t start = 0; start < length;) {
        const char *end = memchr(text + start, '\n', length - start);
        size_t line_len = end ? (size_t)(end - (text + start)) : length - start;
        number++;
        char line[EX_LESSON_MAX_LINE + 2];
        if (line_len && text[start + line_len - 1] == '\r')
            line_len--; /* written on Windows */
        if (line_len > EX_LESSON_MAX_LINE) {
            /* TRANSLATORS: a line of a lesson file is too long; %d: the most bytes a line may have. */
            snprintf(why, why_size, _("the line is longer than %d bytes"), EX_LESSON_MAX_LINE);
            return number;
        }
        memcpy(line, text + start, line_len);
        line[line_len] = '\0';
        start = end ? (size_t)(end - text) + 1 : length;
        char *from = line + strspn(line, " \t");
        size_t trimmed = strlen(from);
        while (trimmed && is_blank(from[trimmed - 1]))
            from[--trimmed] = '\0';
        if (number == 1) {
            if (strcmp(from, EX_LESSON_MAGIC)) {
                /* TRANSLATORS: %s is the line every lesson file begins with; it stays as it is. */
                snprintf(why, why_size, _("not a lesson: the first line must be '%s'"), EX_LESSON_MAGIC);
                return 1;
            }
            continue;
        }
        if (!*from || *from == '#')
            continue;
        bad = parse_line(&p, from, number);
        if (bad)
            return bad;
    }
    if (!number) {
        snprintf(why, why_size, _("not a lesson: the first line must be '%s'"), EX_LESSON_MAGIC);
        return 1;
    }
    if (!out->pages) {
        /* TRANSLATORS: a lesson file has no `page` line; page stays as it is. */
        snprintf(why, why_size, "%s", _("a lesson has at least one page"));
        return number;
    }
    return finish_page(&p);
}

/* ---- files ---- */

bool ex_lesson_sniff(const char *path)
{
    char head[256], why[256];
    long length = ex_file_head(path, head, sizeof head - 1, why, sizeof why);
    if (length < 0)
        return false;
    size_t from = ex_bom_length(head, (size_t)length), magic = strlen(EX_LESSON_MAGIC);
    while (from < (size_t)length && (head[from] == ' ' || head[from] == '\t'))
        from++;
    return (size_t)length - from >= magic && !memcmp(head + from, EX_LESSON_MAGIC, magic);
}

void ex_lesson_name(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t length = strlen(base);
    const char *suffix = ".lesson";
    if (length > strlen(suffix) && !strcmp(base + length - strlen(suffix), suffix))
        length -= strlen(suffix);
    snprintf(buf, size, "%.*s", (int)length, base);
}

bool ex_lesson_read(const char *path, ex_lesson *out, char *message, size_t size)
{
    static char text[EX_LESSON_MAX_BYTES + 1];
    char why[600], too_large[256];
    snprintf(too_large, sizeof too_large, _("larger than %d bytes: no lesson is"), EX_LESSON_MAX_BYTES);
    long length = ex_file_read(path, text, EX_LESSON_MAX_BYTES, too_large, why, sizeof why);
    int line = length < 0 ? 0 : ex_lesson_parse(text, (size_t)length, out, why, sizeof why);
    if (length >= 0 && !line) {
        ex_lesson_name(path, out->name, sizeof out->name);
        return true;
    }
    snprintf(message, size, "%s:%d: %s", path, line, why);
    return false;
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool ex_lessons_dir(char *buf, size_t size)
{
    const char *env = getenv("NQUEENS_LESSONS");
    if (env && *env) {
        snprintf(buf, size, "%s", env);
        return is_dir(buf);
    }
    char here[1024];
    if (nq_program_dir(here, sizeof here)) {
        snprintf(buf, size, "%slessons", here);
        if (is_dir(buf))
            return true;
        snprintf(buf, size, "%s../share/nqueens/lessons", here);
        if (is_dir(buf))
            return true;
    }
    snprintf(buf, size, "%s", NQ_SOURCE_LESSONS);
    return is_dir(buf);
}

bool ex_lesson_find(const char *dir, const char *name, char *buf, size_t size)
{
    if (!*name || strchr(name, '/'))
        return false;
    const char *langs[2] = {nq_lang_code(nq_lang_current()), "en"};
    for (int i = 0; i < 2; i++) {
        snprintf(buf, size, "%s/%s/%s.lesson", dir, langs[i], name);
        if (access(buf, R_OK) == 0)
            return true;
    }
    return false;
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The names of the .lesson files in dir, sorted, joined by ", " into buf; how many. */
static int list_names(const char *dir, char *buf, size_t size)
{
    enum { MOST = 64 };
    static char names[MOST][256];
    const char *sorted[MOST];
    int count = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) && count < MOST) {
        size_t length = strlen(e->d_name);
        if (length > 7 && !strcmp(e->d_name + length - 7, ".lesson") && e->d_name[0] != '.') {
            ex_lesson_name(e->d_name, names[count], sizeof names[count]);
            sorted[count] = names[count];
            count++;
        }
    }
    if (d)
        closedir(d);
    qsort(sorted, (size_t)count, sizeof sorted[0], by_string);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && used < size; i++) {
        int wrote = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", sorted[i]);
        used += wrote > 0 ? (size_t)wrote : 0;
    }
    return count;
}

void ex_lesson_not_found(const char *name, char *buf, size_t size)
{
    char base[1024], dir[1100], names[1200];
    bool found = ex_lessons_dir(base, sizeof base);
    snprintf(dir, sizeof dir, "%s/%s", base, nq_lang_code(nq_lang_current()));
    if (!is_dir(dir))
        snprintf(dir, sizeof dir, "%s/en", base);
    if (!found || !list_names(dir, names, sizeof names))
        /* TRANSLATORS: --lesson NAME names neither a file nor a bundled lesson, and there are no bundled
         * lessons; the first %s is NAME, the second the folder looked in. */
        snprintf(buf, size, _("%s: there is no such file, and no bundled lessons were found in %s"), name, dir);
    else
        /* TRANSLATORS: --lesson NAME names neither a file nor a bundled lesson; the first %s is NAME, the
         * second the folder of the bundled lessons looked in, the last their names (comma-separated). */
        snprintf(buf, size, _("%s: there is no such file, and no bundled lesson of that name in %s; the bundled "
                              "lessons are %s"),
                 name, dir, names);
}

/* ---- the task in words ---- */

void ex_task_text(const ex_task *t, char *buf, size_t size)
{
    unsigned long long v = (unsigned long long)t->value;
    int c = t->square.column + 1, r = t->square.row + 1;
    switch (t->kind) {
    /* TRANSLATORS: what a lesson's page asks the learner to do before going on; Space is a key name. */
    case EX_TASK_PLAY: snprintf(buf, size, "%s", _("Start the watch with Space.")); return;
    /* TRANSLATORS: a lesson's task; %llu is a step of the watched search. */
    case EX_TASK_STEP: snprintf(buf, size, _("Bring the watch to step %llu."), v); return;
    case EX_TASK_DEADEND:
        snprintf(buf, size, "%s", _("Bring the watch to a step where the search takes a queen back.")); return;
    case EX_TASK_SOLUTION:
        snprintf(buf, size, "%s", _("Bring the watch to a step where all the queens stand: a solution.")); return;
    case EX_TASK_END: snprintf(buf, size, "%s", _("Let the watched search run to its end.")); return;
    case EX_TASK_PIN:
        if (t->has_square) /* TRANSLATORS: a lesson's task: pin the first queen on that square; row, then column, as
                            * everywhere in the window. */
            snprintf(buf, size, _("Pin the first queen at row %d, column %d: click that square."), r, c);
        else
            snprintf(buf, size, "%s", _("Pin a first queen: click any square."));
        return;
    /* TRANSLATORS: a lesson's task on your turn: place a queen on that square; row, then column. */
    case EX_TASK_PLACE: snprintf(buf, size, _("Place a queen at row %d, column %d."), r, c); return;
    case EX_TASK_SOLVE:
        snprintf(buf, size, "%s", _("Fill the board with queens that do not attack each other."));
        return;
    case EX_TASK_PREDICT:
        /* TRANSLATORS: a lesson's task: predict the search's next step rightly %llu times. */
        snprintf(buf, size,
                 ngettext("Predict the next step right %llu time.", "Predict the next step right %llu times.",
                          (unsigned long)v),
                 v);
        return;
    /* TRANSLATORS: a lesson's task: page to the solution with that number. */
    case EX_TASK_PAGE: snprintf(buf, size, _("Page to solution %llu."), v); return;
    /* TRANSLATORS: a lesson's task: choose that search method (M: next method); %s is its name. */
    case EX_TASK_METHOD: snprintf(buf, size, _("Choose %s with M."), _(nq_method_title((nq_method)t->value))); return;
    /* TRANSLATORS: a lesson's task: set N (the board's size) with + and -. */
    case EX_TASK_N: snprintf(buf, size, _("Set N to %llu with + and -."), v); return;
    case EX_TASK_UNIQUE: snprintf(buf, size, "%s", _("Page one board per class with U.")); return;
    case EX_TASK_COMPARE: snprintf(buf, size, "%s", _("Show the methods' comparison with C.")); return;
    default: buf[0] = '\0'; return;
    }
}
