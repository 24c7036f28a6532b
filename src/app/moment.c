/*
 * moment.c -- the moment file (moment.h): its text parsed and checked line by line, then against
 * the engine's own search (the step, the page); the moment the explorer shows, written as text;
 * and the opening of a moment in the explorer, with the replay to its step as a feature row of
 * its own (feature.h), first in the table so that the person's first action ends it.
 *
 * The messages about a file are marked for translation, one whole sentence per case; the keys and
 * values of the file stay as they are in every language.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "moment.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "feature.h"
#include "lessonrun.h"
#include "nq/count.h"
#include "nq/i18n.h"
#include "nq/trace.h"
#include "textfile.h"

/* The keys of the file, in the order it is written. */
typedef enum key {
    KEY_N, KEY_FIRST, KEY_MODE, KEY_METHOD, KEY_SEED, KEY_STEP, KEY_RECORDED, KEY_SPEED, KEY_TREE, KEY_HEAT,
    KEY_VARIANTS, KEY_UNIQUE, KEY_PAGE, KEY_COUNT
} key;

static const char *const key_names[KEY_COUNT] = {"n",     "first", "mode", "method", "seed",     "step", "recorded",
                                                 "speed", "tree",  "heat", "variants", "unique", "page"};

/* The largest seed a file may give (min-conflicts' random start). */
#define SEED_LIMIT 1000000000000000000ULL
/* The largest page a file may give (no board of NQ_MAX_N has more solutions to page to). */
#define PAGE_LIMIT 10000000000000000000ULL

ex_moment ex_moment_defaults(int n)
{
    return (ex_moment){.n = n, .mode = EX_WATCH, .method = NQ_METHOD_BACKTRACK, .seed = 1, .speed = 5,
                       .tree = n <= EX_TREE_DEFAULT_N};
}

/* ---- reading the text ---- */

/* "shown" or "hidden". */
static bool shown_parse(const char *text, bool *shown)
{
    if (strcmp(text, "shown") && strcmp(text, "hidden"))
        return false;
    *shown = !strcmp(text, "shown");
    return true;
}

/* Takes the value of key k into *m (first is only kept as text: it needs n). False with why. */
static bool take_value(key k, const char *value, ex_moment *m, char *why, size_t size)
{
    ex_mode mode;
    bool *view[KEY_COUNT] = {[KEY_TREE] = &m->tree, [KEY_HEAT] = &m->heat, [KEY_VARIANTS] = &m->variants,
                             [KEY_UNIQUE] = &m->unique};
    switch (k) {
    case KEY_N:
        if (app_n_parse(value, &m->n))
            return true;
        /* TRANSLATORS: a line of a moment file is wrong: n is a key of the file and stays as it is. */
        snprintf(why, size, _("n must be a whole number from %d to %d (got '%s')"), NQ_MIN_N, EX_MAX_N, value);
        return false;
    case KEY_FIRST: return true;
    case KEY_MODE:
        if (app_mode_parse(value, &mode)) {
            m->mode = (int)mode;
            return true;
        }
        /* TRANSLATORS: mode, watch and solve are a key of a moment file and its values: they stay as they are. */
        snprintf(why, size, _("mode must be watch or solve (got '%s')"), value);
        return false;
    case KEY_METHOD:
        if (nq_method_parse(value, &m->method))
            return true;
        /* TRANSLATORS: method and its values are a key of a moment file and its words: they stay as they are. */
        snprintf(why, size, _("method must be backtrack, forward, firstfail or minconflicts (got '%s')"), value);
        return false;
    case KEY_SEED:
        if (nq_parse_number(value, 1, SEED_LIMIT, &m->seed))
            return true;
        /* TRANSLATORS: seed is a key of a moment file (min-conflicts' random start) and stays as it is. */
        snprintf(why, size, _("seed must be a whole number from 1 to %llu (got '%s')"), SEED_LIMIT, value);
        return false;
    case KEY_STEP:
        if (nq_parse_number(value, 0, EX_MOMENT_MAX_STEP, &m->step))
            return true;
        /* TRANSLATORS: step is a key of a moment file (the watched search's step) and stays as it is. */
        snprintf(why, size, _("step must be a whole number from 0 to %d (got '%s')"), EX_MOMENT_MAX_STEP, value);
        return false;
    case KEY_RECORDED:
        if (nq_parse_number(value, 0, EX_MOMENT_MAX_STEP, &m->recorded))
            return true;
        /* TRANSLATORS: recorded is a key of a moment file (how many steps of the watched search had been
         * recorded) and stays as it is. */
        snprintf(why, size, _("recorded must be a whole number from 0 to %d (got '%s')"), EX_MOMENT_MAX_STEP,
                 value);
        return false;
    case KEY_SPEED:
        if (app_speed_parse(value, &m->speed))
            return true;
        /* TRANSLATORS: speed and max are a key of a moment file and a value: they stay as they are. */
        snprintf(why, size, _("speed must be a whole number of steps a second from 1 to %d, or max (got '%s')"),
                 APP_SPEED_LIMIT, value);
        return false;
    case KEY_PAGE:
        if (nq_parse_number(value, 0, PAGE_LIMIT, &m->page))
            return true;
        /* TRANSLATORS: page is a key of a moment file (the solution shown; 0: none) and stays as it is. */
        snprintf(why, size, _("page must be a whole number, 0 for none (got '%s')"), value);
        return false;
    default:
        if (shown_parse(value, view[k]))
            return true;
        /* TRANSLATORS: the first %s is a key of a moment file (tree, heat, variants, unique); it and the
         * values shown and hidden stay as they are. */
        snprintf(why, size, _("%s must be shown or hidden (got '%s')"), key_names[k], value);
        return false;
    }
}

/* The key named by the text before the line's first space, or KEY_COUNT. */
static key find_key(const char *name)
{
    for (int k = 0; k < KEY_COUNT; k++)
        if (!strcmp(name, key_names[k]))
            return (key)k;
    return KEY_COUNT;
}

/* ---- checking it against the search ---- */

/* Runs the watched search of m as far as it was recorded: 0 if it gets there (with the solutions
 * found by then in *found, and whether that step ends the search in *over), else the step it ends
 * at. */
static uint64_t run_to_step(const ex_moment *m, uint64_t *found, bool *over)
{
    nq_plan plan = nq_plan_make(m->n, m->has_first ? &m->first : NULL, m->method);
    plan.seed = m->seed;
    static nq_trace t; /* large; one caller at a time (UI thread) */
    nq_trace_start(&t, &plan);
    nq_step step = {0};
    for (uint64_t k = 1; k <= m->recorded; k++)
        if (!nq_trace_next(&t, &step))
            return k - 1;
    *found = t.solutions;
    *over = m->recorded > 0 && step.kind == NQ_STEP_DONE;
    return 0;
}

/* The boards paging reaches once the search of m is over: every solution, or one per class;
 * counted on the calling thread (N is at most EX_MOMENT_COUNT_MAX_N here: a few hundredths of a
 * second). */
static uint64_t count_boards(const ex_moment *m)
{
    nq_count_options options = {m->has_first ? &m->first : NULL, m->unique, {.threads = 1}};
    nq_count_result r = nq_count(m->n, &options);
    return m->unique ? r.unique : r.solutions;
}

/* Checks what the keys say together: KEY_COUNT if they agree, else the key at fault with why. */
static key check_whole(const ex_moment *m, char *why, size_t size)
{
    char a[32], b[32];
    if (m->n > NQ_MAX_N) {
        bool used[KEY_COUNT] = {[KEY_STEP] = m->step > 0, [KEY_RECORDED] = m->recorded > 0,
                                [KEY_PAGE] = m->page > 0, [KEY_TREE] = m->tree,
                                [KEY_HEAT] = m->heat, [KEY_VARIANTS] = m->variants, [KEY_UNIQUE] = m->unique};
        for (int k = 0; k < KEY_COUNT; k++)
            if (used[k]) {
                /* TRANSLATORS: a moment file names a board larger than %d with a step, a page or a view. */
                snprintf(why, size, _("above N = %d the board shows one solution, found directly: no step, page "
                                      "or view"),
                         NQ_MAX_N);
                return (key)k;
            }
        return KEY_COUNT;
    }
    bool watch = m->mode == EX_WATCH;
    if ((m->step || m->recorded) && !watch) {
        /* TRANSLATORS: step, watch and solve are words of a moment file and stay as they are. */
        snprintf(why, size, "%s", _("a step is the watched search's: step must be 0 with mode solve"));
        return m->step ? KEY_STEP : KEY_RECORDED;
    }
    if (m->recorded < m->step) {
        nq_grouped(m->step, a, sizeof a);
        /* TRANSLATORS: recorded and step are keys of a moment file; %s is the step. */
        snprintf(why, size, _("recorded must be at least the step (%s): the step shown was recorded"), a);
        return KEY_RECORDED;
    }
    if (m->tree && (!watch || !nq_method_complete(m->method))) {
        /* TRANSLATORS: tree is a key of a moment file; the methods are named as in the window. */
        snprintf(why, size, "%s", _("the search tree is there only while Watch searches by backtracking, forward "
                                    "checking or first fail"));
        return KEY_TREE;
    }
    if (m->unique && m->has_first) {
        snprintf(why, size, "%s", _("unique paging is for a board without a pinned queen"));
        return KEY_UNIQUE;
    }
    if (m->variants && !m->page) {
        /* TRANSLATORS: variants and page are keys of a moment file. */
        snprintf(why, size, "%s", _("the variants are shown with a page only: give a page"));
        return KEY_VARIANTS;
    }
    bool over = false;
    uint64_t found = 0, ended = watch ? run_to_step(m, &found, &over) : 0;
    if (ended) {
        nq_grouped(m->recorded, a, sizeof a);
        nq_grouped(ended, b, sizeof b);
        /* TRANSLATORS: the first %s is the step a moment file asks for, the second the last step of
         * its search (numbers grouped by thousands). */
        snprintf(why, size, _("step %s is past the end of this search, which ends at step %s"), a, b);
        return m->recorded > m->step ? KEY_RECORDED : KEY_STEP;
    }
    if (!m->page)
        return KEY_COUNT;
    if (watch && !m->unique && m->method == NQ_METHOD_MINCONFLICTS) {
        /* TRANSLATORS: page is a key of a moment file; min-conflicts is a search method. */
        snprintf(why, size, "%s", _("min-conflicts keeps no list of solutions to page: page must be 0"));
        return KEY_PAGE;
    }
    if (watch && !m->unique && m->method == NQ_METHOD_FIRSTFAIL && !over) {
        /* TRANSLATORS: page and step are keys of a moment file; first fail is a search method. */
        snprintf(why, size, "%s", _("first fail's solutions are paged once its search is over: page must be 0 "
                                    "before its last step"));
        return KEY_PAGE;
    }
    bool counted = m->unique || !watch;
    if (counted && m->n > EX_MOMENT_COUNT_MAX_N)
        return KEY_COUNT; /* checked in the window, once the search gets there */
    uint64_t boards = counted ? count_boards(m) : found;
    if (m->page <= boards)
        return KEY_COUNT;
    nq_grouped(m->page, a, sizeof a);
    nq_grouped(boards, b, sizeof b);
    if (!counted)
        /* TRANSLATORS: the first %s is a page (a solution's number), the second how many solutions the
         * watched search has found by its step. */
        snprintf(why, size, _("page %s is past the solutions found by this step (%s)"), a, b);
    else if (m->unique) /* TRANSLATORS: as above, with how many unique solutions the board has. */
        snprintf(why, size, _("page %s is past this board's unique solutions (%s)"), a, b);
    else /* TRANSLATORS: as above, with how many solutions the board has. */
        snprintf(why, size, _("page %s is past this board's solutions (%s)"), a, b);
    return KEY_PAGE;
}

bool ex_moment_check(const ex_moment *m, char *why, size_t why_size)
{
    return check_whole(m, why, why_size) == KEY_COUNT;
}

int ex_moment_parse(const char *text, size_t length, ex_moment *out, char *why, size_t why_size)
{
    int bad = ex_text_begin(&text, &length, why, why_size);
    if (bad)
        return bad;
    ex_moment m = ex_moment_defaults(8);
    bool given[KEY_COUNT] = {false};
    int lines[KEY_COUNT] = {0}, number = 0;
    char first[EX_MOMENT_MAX_LINE] = "";
    for (size_t start = 0; start < length;) {
        const char *end = memchr(text + start, '\n', length - start);
        size_t line_len = end ? (size_t)(end - (text + start)) : length - start;
        number++;
        char line[EX_MOMENT_MAX_LINE];
        if (line_len >= sizeof line) {
            /* TRANSLATORS: a line of a moment file is too long; %d: the most bytes a line may have. */
            snprintf(why, why_size, _("the line is longer than %d bytes"), EX_MOMENT_MAX_LINE - 1);
            return number;
        }
        memcpy(line, text + start, line_len);
        line[line_len] = '\0';
        if (line_len && line[line_len - 1] == '\r')
            line[line_len - 1] = '\0'; /* written on Windows */
        start += line_len + 1;
        if (number == 1) {
            if (strcmp(line, EX_MOMENT_MAGIC)) {
                /* TRANSLATORS: %s is the line every moment file begins with; it stays as it is. */
                snprintf(why, why_size, _("not a moment: the first line must be '%s'"), EX_MOMENT_MAGIC);
                return 1;
            }
            continue;
        }
        if (!line[0] || line[0] == '#')
            continue;
        char *space = strchr(line, ' ');
        if (!space || space == line || !space[1]) {
            snprintf(why, why_size, "%s", _("a line is a key, one space and a value"));
            return number;
        }
        *space = '\0';
        key k = find_key(line);
        if (k == KEY_COUNT) {
            /* TRANSLATORS: %s is what a moment file's line names, which is none of its keys. */
            snprintf(why, why_size, _("unknown key '%s'"), line);
            return number;
        }
        if (given[k]) {
            /* TRANSLATORS: %s is a key of a moment file, %d the line that gave it first. */
            snprintf(why, why_size, _("'%s' is given twice (first on line %d)"), line, lines[k]);
            return number;
        }
        given[k] = true;
        lines[k] = number;
        if (!take_value(k, space + 1, &m, why, why_size))
            return number;
        if (k == KEY_FIRST)
            snprintf(first, sizeof first, "%s", space + 1);
    }
    if (!number) {
        snprintf(why, why_size, _("not a moment: the first line must be '%s'"), EX_MOMENT_MAGIC);
        return 1;
    }
    if (!given[KEY_N]) {
        /* TRANSLATORS: n is a key of a moment file (the board's size) and stays as it is. */
        snprintf(why, why_size, "%s", _("no line gives n, the board's size"));
        return number;
    }
    if (!given[KEY_RECORDED])
        m.recorded = m.step;
    if (!given[KEY_TREE])
        m.tree = m.mode == EX_WATCH && m.n <= EX_TREE_DEFAULT_N && nq_method_complete(m.method);
    if (given[KEY_FIRST] && strcmp(first, "none")) {
        char err[480];
        if (!nq_square_parse(first, m.n, &m.first, err, sizeof err)) {
            /* TRANSLATORS: first is a key of a moment file; %s says what is wrong with its value. */
            snprintf(why, why_size, _("first: %s"), err);
            return lines[KEY_FIRST];
        }
        m.has_first = true;
    }
    key wrong = check_whole(&m, why, why_size);
    if (wrong != KEY_COUNT)
        return lines[wrong] ? lines[wrong] : number;
    *out = m;
    return 0;
}

/* ---- the file ---- */

bool ex_moment_read(const char *path, ex_moment *m, char *message, size_t size)
{
    char why[512], too_large[256], text[EX_MOMENT_MAX_BYTES + 1];
    /* TRANSLATORS: why a moment file cannot be opened; %d: the most bytes one may have. */
    snprintf(too_large, sizeof too_large, _("larger than %d bytes: no moment is"), EX_MOMENT_MAX_BYTES);
    long length = ex_file_read(path, text, EX_MOMENT_MAX_BYTES, too_large, why, sizeof why);
    int line = length < 0 ? 0 : ex_moment_parse(text, (size_t)length, m, why, sizeof why);
    if (length >= 0 && !line)
        return true;
    snprintf(message, size, "%s:%d: %s", path, line, why);
    return false;
}

ex_moment ex_moment_take(const explorer *ex)
{
    ex_moment m = ex_moment_defaults(ex->n);
    m.has_first = ex->has_first;
    m.first = ex->first;
    m.mode = (int)ex->mode;
    m.method = ex->method;
    m.seed = ex->seed;
    m.speed = ex->speed;
    m.step = ex->job == NQ_JOB_WATCH ? ex->cursor : 0;
    m.recorded = ex_timeline_length(ex);
    m.tree = ex_tree_shown(ex);
    m.heat = ex_heat_shown(ex);
    m.unique = ex->classes.unique;
    m.page = ex->viewing && ex->job != NQ_JOB_FIND ? ex->k : 0;
    m.variants = ex->classes.shown && m.page > 0;
    return m;
}

size_t ex_moment_format(const ex_moment *m, char *buf, size_t size)
{
    char first[32] = "none", speed[32] = "max";
    if (m->has_first)
        snprintf(first, sizeof first, "%d,%d", m->first.column + 1, m->first.row + 1);
    if (m->speed != EX_SPEED_MAX)
        snprintf(speed, sizeof speed, "%.0f", m->speed);
    int length = snprintf(buf, size,
                          EX_MOMENT_MAGIC "\nn %d\nfirst %s\nmode %s\nmethod %s\nseed %llu\nstep %llu\nrecorded %llu\n"
                                          "speed %s\n"
                                          "tree %s\nheat %s\nvariants %s\nunique %s\npage %llu\n",
                          m->n, first, app_mode_name((ex_mode)m->mode), nq_method_key(m->method),
                          (unsigned long long)m->seed, (unsigned long long)m->step,
                          (unsigned long long)m->recorded, speed,
                          m->tree ? "shown" : "hidden", m->heat ? "shown" : "hidden", m->variants ? "shown" : "hidden",
                          m->unique ? "shown" : "hidden", (unsigned long long)m->page);
    return length < 0 ? 0 : (size_t)length < size ? (size_t)length : size - 1;
}

/* ---- opening it in the explorer ---- */

void ex_moment_apply(explorer *ex, const ex_moment *m, const char *name, double now)
{
    ex_trace_line(ex, "opened %s", name);
    ex_moment_set(ex, m, now);
}

void ex_moment_set(explorer *ex, const ex_moment *m, double now)
{
    ex->replay.active = false;
    ex->seed = m->seed;
    ex->speed = m->speed;
    ex->tree_panel.choice = -1;
    ex_set_board(ex, m->n, m->has_first ? &m->first : NULL, (ex_mode)m->mode, m->method, now);
    if (ex->job == NQ_JOB_WATCH)
        ex->paused = true;
    ex->replay = (ex_replay){true, false, *m};
    ex_sync_clock(ex, now);
}

bool ex_moment_open(explorer *ex, const char *path, double now)
{
    ex_moment m;
    char message[1024];
    if (!ex_moment_read(path, &m, message, sizeof message)) {
        ex_notify(ex, EX_NOTICE_MOMENT_REFUSED, 0, message, NULL);
        return false;
    }
    ex_notice_clear(ex);      /* the answer to a file refused before is over */
    ex_lesson_close(ex, now); /* a moment opened ends the lesson: its page would not say what is shown */
    ex_moment_apply(ex, &m, path, now);
    return true;
}

bool ex_moment_arrived(const explorer *ex)
{
    return !ex->replay.active;
}

/* Whether the step reached ends the search and the search's end has still to be taken after it. */
static bool end_owed(const explorer *ex)
{
    return ex->has_step && ex->step.kind == NQ_STEP_DONE && ex->state == EX_SEARCHING;
}

uint64_t ex_moment_due(const explorer *ex)
{
    if (ex->replay.at_step || ex->job != NQ_JOB_WATCH)
        return 0;
    uint64_t to = ex->replay.want.recorded;
    return ex->cursor < to ? to - ex->cursor : end_owed(ex);
}

/* The steps are recorded as far as they were: pauses at the step shown (back from there), traces
 * it, and sets the views the moment had. */
static void arrive_at_step(explorer *ex, double now)
{
    const ex_moment *m = &ex->replay.want;
    ex->replay.at_step = true;
    if (ex->job == NQ_JOB_WATCH)
        ex_move_to(ex, m->step);
    ex->tree_panel.choice = m->tree;
    ex_tree_update(ex);
    if (m->heat != ex_heat_shown(ex))
        ex_act(ex, EX_ACT_HEAT, 0, now);
    if (m->unique != ex->classes.unique)
        ex_act(ex, EX_ACT_UNIQUE, 0, now);
}

/* The replay's progress: the step, then the page once its solver reaches it (or has ended). */
static bool moment_update(explorer *ex, double now)
{
    ex_replay *r = &ex->replay;
    if (!r->active)
        return false;
    if (!r->at_step) {
        if (ex->job == NQ_JOB_WATCH && (ex->cursor < r->want.recorded || end_owed(ex)))
            return false;
        r->active = false; /* the views' actions below are the moment's, not the person's */
        arrive_at_step(ex, now);
        r->active = true;
    }
    if (r->want.page) {
        bool growing = ex->classes.unique ? ex->classes.state == EX_SEARCHING
                                          : ex->job != NQ_JOB_WATCH && ex->state == EX_SEARCHING;
        if (ex_paging_reachable(ex) < r->want.page && growing)
            return true;
        ex_page_to(ex, r->want.page);
    }
    r->active = false;
    if (r->want.variants && !ex->classes.shown && ex->viewing)
        ex_act(ex, EX_ACT_VARIANTS, 0, now);
    return true;
}

/* Any action of the person ends the replay where it is (and goes on to the feature it is for). */
static bool moment_act(explorer *ex, ex_action action, int value, double now)
{
    (void)action;
    (void)value;
    (void)now;
    ex->replay.active = false;
    return false;
}

/* A search of another board ends the replay (the moment's own is started before it begins). */
static void moment_board_changed(explorer *ex, double now)
{
    (void)now;
    ex->replay.active = false;
}

const ex_feature ex_feature_moment = {"moment", moment_act, moment_update, moment_board_changed};
