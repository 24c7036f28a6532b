/*
 * test_consistency.c -- the window never contradicts itself. Random sequences of what a person
 * does (keys in any order, clicks, seeks, pauses of any length) drive the model on the scripted
 * solver, N = 4 to 8, every method, with a pinned queen or none; after every action and every
 * frame the panel (as the person reads it, in English) must agree with itself and with the state:
 *
 *   1. a solution shown is narrated as that solution, never as a step of the search (and the
 *      heatmap, when it is the board's view, as the heatmap);
 *   2. no line says "Searching" or "so far" about the search unless it plays or solves;
 *   3. the elapsed time does not move while the run neither plays nor solves;
 *   4. a notice about a step or a page is shown only while that step or page is;
 *   5. "Solution k of M" and "Solutions: M" read the same M, and k <= M;
 *   6. "Unique k of U" and the unique figure read the same U;
 *   7. the trace's last phase and panel lines are what the panel shows;
 *   8. while predicting, the question is asked exactly while the watch waits for an answer, not
 *      moving (after a frame), and the score is shown exactly while predicting (with the figure lines).
 *
 * Each sequence has its own seed, printed with the failure, so that a failure can be replayed
 * (NQ_SEED=S runs that sequence alone; NQ_SEQUENCES=K changes how many run).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"
#include "nq/board.h"
#include "nq/i18n.h"
#include "panel.h"
#include "solver_script.h"

enum { DEFAULT_SEQUENCES = 1000, EVENTS = 80 };

typedef struct world {
    explorer ex;
    script main, comparer, uniquer;
    heat_script heater;
    char *trace;
    size_t trace_size;
    FILE *trace_stream;
    double now;
    uint64_t seed, rng;
    char did[EVENTS][48]; /* what was done, for the failure's message */
    int done;
    size_t read;                           /* how much of the trace has been read */
    char phase[32];                        /* its last phase */
    char lines[EX_LINE_COUNT][2 * EX_LINE_SIZE + 8]; /* its last text of each panel line */
} world;

static uint64_t next(world *w)
{
    w->rng ^= w->rng << 13;
    w->rng ^= w->rng >> 7;
    w->rng ^= w->rng << 17;
    return w->rng;
}

static int pick(world *w, int n)
{
    return (int)(next(w) % (uint64_t)n);
}

static void fail_with(world *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail_with(world *w, const char *fmt, ...)
{
    char what[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    print_error("seed %llu (NQ_SEED=%llu replays it), after:\n", (unsigned long long)w->seed,
                (unsigned long long)w->seed);
    for (int i = 0; i < w->done; i++)
        print_error("  %s\n", w->did[i]);
    fail_msg("%s", what);
}

/* The number after `prefix` in text ("Solutions: 1,234" -> 1234); false if text does not start so. */
static bool number_after(const char *text, const char *prefix, uint64_t *out)
{
    size_t len = strlen(prefix);
    if (strncmp(text, prefix, len) != 0)
        return false;
    uint64_t v = 0;
    const char *p = text + len;
    if (*p < '0' || *p > '9')
        return false;
    for (; (*p >= '0' && *p <= '9') || *p == ','; p++)
        if (*p != ',')
            v = v * 10 + (uint64_t)(*p - '0');
    *out = v;
    return true;
}

/* "Solution 3 of 92..." or "Unique 3 of 12...": k and M. */
static bool page_numbers(const char *text, const char *word, uint64_t *k, uint64_t *m)
{
    if (!number_after(text, word, k))
        return false;
    const char *of = strstr(text, " of ");
    return of && number_after(of, " of ", m);
}

/* Reads the trace written since the last call: the last phase and each panel line's last text
 * (": TEXT" or " none"), as a script reading the trace would keep them. */
static void read_trace(world *w)
{
    fflush(w->trace_stream);
    while (w->trace && w->read < w->trace_size) {
        const char *line = w->trace + w->read, *end = strchr(line, '\n');
        if (!end)
            break;
        size_t n = (size_t)(end - line);
        w->read += n + 1;
        if (n > 6 && !strncmp(line, "phase ", 6)) {
            snprintf(w->phase, sizeof w->phase, "%.*s", (int)(n - 6), line + 6);
            continue;
        }
        for (int i = 0; i < EX_LINE_COUNT && n > 6 && !strncmp(line, "panel ", 6); i++) {
            const char *key = ex_line_key((ex_line_id)i);
            size_t k = strlen(key);
            if (n > 6 + k && !strncmp(line + 6, key, k) && (line[6 + k] == ':' || line[6 + k] == ' '))
                snprintf(w->lines[i], sizeof w->lines[i], "%.*s", (int)(n - 6 - k), line + 6 + k);
        }
    }
}

static ex_panel panel, before_panel;

static void check(world *w, bool framed, const ex_panel *before, ex_phase phase_before)
{
    explorer *ex = &w->ex;
    ex_panel_make(ex, w->now, &panel);
    ex_shown shown = ex_showing(ex);
    ex_phase phase = ex_run_phase(ex);
    const char *narration = panel.has[EX_LINE_NARRATION] ? panel.text[EX_LINE_NARRATION] : "";

    /* 1 (the heatmap, when it is the board's view, is narrated as the heatmap) */
    bool heat = ex_heat_view(ex) && shown != EX_SHOWN_RACE && shown != EX_SHOWN_WIDE;
    if (heat && strstr(narration, "The heatmap") != narration)
        fail_with(w, "the heatmap shown, narrated as \"%s\"", narration);
    if ((shown == EX_SHOWN_SOLUTION || shown == EX_SHOWN_CLASS) && !heat) {
        uint64_t k;
        const char *last = strstr(narration, "the last one found, solution ");
        bool as_solution = (number_after(narration, "Solution ", &k) || number_after(narration, "Unique board ", &k) ||
                            (last && number_after(last, "the last one found, solution ", &k)))
                               ? k == ex->k
                               : strstr(narration, "Find builds one solution") == narration;
        if (!as_solution)
            fail_with(w, "solution %llu shown, narrated as \"%s\"", (unsigned long long)ex->k, narration);
    }

    /* 2 */
    bool live = phase == EX_PHASE_PLAYING || phase == EX_PHASE_REPLAYING || phase == EX_PHASE_SOLVING;
    for (int i = 0; i < EX_LINE_COUNT && !live; i++) {
        const char *t = panel.text[i];
        if (!panel.has[i] || strstr(t, "Unique") == t || i == EX_LINE_NOTICE)
            continue; /* unique paging counts on a solver of its own, whatever the run does */
        if (strstr(t, "Searching") || strstr(t, "so far"))
            fail_with(w, "phase %s, yet the %s line reads \"%s\"", ex_phase_key(phase), ex_line_key((ex_line_id)i), t);
    }

    /* 3 */
    bool clocked = phase_before == EX_PHASE_PLAYING || phase_before == EX_PHASE_SOLVING;
    if (framed && before && !clocked && before->has[EX_LINE_ELAPSED] &&
        panel.has[EX_LINE_ELAPSED] && strcmp(before->text[EX_LINE_ELAPSED], panel.text[EX_LINE_ELAPSED]) != 0)
        fail_with(w, "phase %s, yet the elapsed time moved from \"%s\" to \"%s\"", ex_phase_key(phase_before),
                  before->text[EX_LINE_ELAPSED], panel.text[EX_LINE_ELAPSED]);

    /* 4 */
    ex_notice_kind kind = ex_notice_live(ex, w->now);
    ex_subject now = ex_subject_now(ex);
    const ex_subject *about = &ex->notice.about;
    bool about_step = kind == EX_NOTICE_AT_START || kind == EX_NOTICE_NO_LANDMARK_AFTER ||
                      kind == EX_NOTICE_NO_LANDMARK_BEFORE;
    bool about_page = about_step || kind == EX_NOTICE_NOT_PAGEABLE || kind == EX_NOTICE_NO_NUMBER ||
                      kind == EX_NOTICE_GOTO_EMPTY || kind == EX_NOTICE_NUMBER_UNKNOWN ||
                      kind == EX_NOTICE_VARIANTS_PAGE_FIRST;
    if (kind != EX_NOTICE_NONE && about_page &&
        (about->run != now.run || about->k != now.k || (about_step && about->cursor != now.cursor)))
        fail_with(w, "the notice %s about run %u step %llu page %llu is shown at run %u step %llu page %llu",
                  ex_notice_key(kind), about->run, (unsigned long long)about->cursor, (unsigned long long)about->k,
                  now.run, (unsigned long long)now.cursor, (unsigned long long)now.k);
    if (kind == EX_NOTICE_NOT_PAGEABLE && ex->notice.value >= 1 && ex->notice.value <= ex_paging_reachable(ex))
        fail_with(w, "\"%s\" while solution %llu can be paged to", panel.text[EX_LINE_NOTICE],
                  (unsigned long long)ex->notice.value);

    /* 5 */
    uint64_t k, m, total;
    const char *solutions = panel.has[EX_LINE_SOLUTIONS] ? panel.text[EX_LINE_SOLUTIONS] : "";
    if (page_numbers(panel.text[EX_LINE_SOLUTION], "Solution ", &k, &m)) {
        if (k > m)
            fail_with(w, "\"%s\": past the last", panel.text[EX_LINE_SOLUTION]);
        if ((number_after(solutions, "Solutions: ", &total) ||
             number_after(solutions, "Solutions up to this step: ", &total)) &&
            total != m)
            fail_with(w, "\"%s\" beside \"%s\"", panel.text[EX_LINE_SOLUTION], solutions);
    }

    /* 6 */
    const char *unique = panel.has[EX_LINE_UNIQUE] ? panel.text[EX_LINE_UNIQUE] : "";
    if (page_numbers(panel.text[EX_LINE_SOLUTION], "Unique ", &k, &m)) {
        if (k > m)
            fail_with(w, "\"%s\": past the last", panel.text[EX_LINE_SOLUTION]);
        if (!panel.has[EX_LINE_UNIQUE] && ex->figures_owner == EX_FIGURES_FIGURES)
            fail_with(w, "\"%s\" with no unique figure", panel.text[EX_LINE_SOLUTION]);
        if (panel.has[EX_LINE_UNIQUE] &&
            (!number_after(unique, "Unique (rotation, reflection): ", &total) || total != m))
            fail_with(w, "\"%s\" beside \"%s\"", panel.text[EX_LINE_SOLUTION], unique);
    }

    /* 8 */
    bool asked = panel.has[EX_LINE_NOTICE] && strstr(panel.text[EX_LINE_NOTICE], "Where will the search try next?");
    if (asked != ex_predict_waiting(ex) && !ex_notice_text(ex, w->now, (char[EX_LINE_SIZE]){0}, EX_LINE_SIZE))
        fail_with(w, "the question %s, and the watch %s for an answer", asked ? "asked" : "not asked",
                  ex_predict_waiting(ex) ? "waits" : "does not wait");
    if (framed && ex_predict_waiting(ex) && (phase == EX_PHASE_PLAYING || phase == EX_PHASE_REPLAYING))
        fail_with(w, "a question up, and the watch %s", ex_phase_key(phase));
    if (panel.has[EX_LINE_SCORE] != (ex_predicting(ex) && ex->figures_owner == EX_FIGURES_FIGURES))
        fail_with(w, "the score %s while predicting is %s", panel.has[EX_LINE_SCORE] ? "shown" : "not shown",
                  ex_predicting(ex) ? "on" : "off");

    /* 7 */
    if (framed) {
        read_trace(w);
        if (strcmp(w->phase, ex_phase_key(phase)) != 0)
            fail_with(w, "the trace's last phase is \"%s\", the run's %s", w->phase, ex_phase_key(phase));
        for (int i = 0; i < EX_LINE_COUNT; i++) {
            char want[2 * EX_LINE_SIZE + 16], *escaped = NULL; /* as the trace writes it: escaped */
            size_t escaped_size = 0;
            FILE *out = open_memstream(&escaped, &escaped_size);
            assert_non_null(out);
            nq_write_escaped(out, panel.text[i]);
            fclose(out);
            snprintf(want, sizeof want, panel.has[i] ? ": %s" : " none", escaped);
            free(escaped);
            if (strcmp(w->lines[i], want) != 0)
                fail_with(w, "the trace's %s line is \"%s\", the panel's \"%s\"", ex_line_key((ex_line_id)i),
                          w->lines[i], want);
        }
    }
}

static void note(world *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void note(world *w, const char *fmt, ...)
{
    if (w->done >= EVENTS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->did[w->done++], sizeof w->did[0], fmt, ap);
    va_end(ap);
}

/* The name of an action the sequences take, for the log. */
static const char *action_name(ex_action a)
{
    switch (a) {
    case EX_ACT_PLAY: return "Space";
    case EX_ACT_STEP: return "step";
    case EX_ACT_STEP_BACK: return "step back";
    case EX_ACT_PREVIOUS: return "previous";
    case EX_ACT_NEXT: return "next";
    case EX_ACT_FIRST_SOLUTION: return "Home";
    case EX_ACT_LAST_SOLUTION: return "End";
    case EX_ACT_BACK_TEN: return "PgUp";
    case EX_ACT_FORWARD_TEN: return "PgDn";
    case EX_ACT_NEXT_LANDMARK: return "next landmark";
    case EX_ACT_PREVIOUS_LANDMARK: return "previous landmark";
    case EX_ACT_SLOWER: return "slower";
    case EX_ACT_FASTER: return "faster";
    case EX_ACT_RESTART: return "restart";
    case EX_ACT_METHOD: return "method";
    case EX_ACT_MODE: return "mode";
    case EX_ACT_N_UP: return "N up";
    case EX_ACT_N_DOWN: return "N down";
    case EX_ACT_COMPARE: return "compare";
    case EX_ACT_HEAT: return "heat";
    case EX_ACT_VARIANTS: return "variants";
    case EX_ACT_VARIANT: return "variant";
    case EX_ACT_UNIQUE: return "unique";
    case EX_ACT_RACE: return "race";
    case EX_ACT_RACE_LANE: return "race lane";
    case EX_ACT_ESCAPE: return "Esc";
    case EX_ACT_GOTO: return "goto";
    case EX_ACT_TREE: return "tree";
    case EX_ACT_FIND: return "find";
    case EX_ACT_YOUR_TURN: return "your turn";
    case EX_ACT_UNDO: return "undo";
    case EX_ACT_REDO: return "redo";
    case EX_ACT_HINT: return "hint";
    case EX_ACT_PREDICT: return "predict";
    case EX_ACT_PREDICT_BACK: return "predict back";
    default: return "other";
    }
}

/* One thing a person does, picked at random; its name goes into the log. */
static void act(world *w)
{
    static const ex_action actions[] = {
        EX_ACT_PLAY,           EX_ACT_PLAY,           EX_ACT_STEP,          EX_ACT_STEP,
        EX_ACT_STEP_BACK,      EX_ACT_PREVIOUS,       EX_ACT_NEXT,          EX_ACT_NEXT,
        EX_ACT_FIRST_SOLUTION, EX_ACT_LAST_SOLUTION,  EX_ACT_BACK_TEN,      EX_ACT_FORWARD_TEN,
        EX_ACT_NEXT_LANDMARK,  EX_ACT_PREVIOUS_LANDMARK, EX_ACT_SLOWER,     EX_ACT_FASTER,
        EX_ACT_RESTART,        EX_ACT_METHOD,         EX_ACT_MODE,          EX_ACT_N_UP,
        EX_ACT_N_DOWN,         EX_ACT_COMPARE,        EX_ACT_HEAT,          EX_ACT_VARIANTS,
        EX_ACT_VARIANT,        EX_ACT_UNIQUE,         EX_ACT_RACE,          EX_ACT_RACE_LANE,
        EX_ACT_ESCAPE,         EX_ACT_GOTO,           EX_ACT_TREE,          EX_ACT_FIND,
        EX_ACT_YOUR_TURN,      EX_ACT_UNDO,           EX_ACT_REDO,          EX_ACT_HINT,
        EX_ACT_PREDICT,        EX_ACT_PREDICT_BACK,
    };
    explorer *ex = &w->ex;
    int choice = pick(w, (int)(sizeof actions / sizeof actions[0]) + 3);
    if (choice == (int)(sizeof actions / sizeof actions[0])) {
        nq_square sq = {pick(w, ex->n), pick(w, ex->n)};
        note(w, "click %d,%d", sq.column + 1, sq.row + 1);
        ex_click(ex, sq, w->now);
        return;
    }
    if (choice == (int)(sizeof actions / sizeof actions[0]) + 1) {
        uint64_t step = ex_timeline_length(ex) ? next(w) % (ex_timeline_length(ex) + 1) : 0;
        note(w, "seek %llu", (unsigned long long)step);
        ex_seek(ex, step);
        return;
    }
    if (choice == (int)(sizeof actions / sizeof actions[0]) + 2) {
        uint64_t k = next(w) % 12;
        note(w, "page to %llu", (unsigned long long)k);
        ex_page_to(ex, k);
        return;
    }
    ex_action a = actions[choice];
    if ((a == EX_ACT_N_UP && ex->n >= 8) || (a == EX_ACT_N_DOWN && ex->n <= 4))
        a = EX_ACT_PLAY;
    int value = a == EX_ACT_RACE_LANE ? pick(w, NQ_METHOD_COUNT) : a == EX_ACT_VARIANT ? pick(w, 8) : 0;
    note(w, "%s %d", action_name(a), value);
    ex_act(ex, a, value, w->now);
    if (a == EX_ACT_GOTO) { /* then digits, and Enter or Esc */
        int digits = pick(w, 3);
        for (int i = 0; i < digits; i++)
            ex_act(ex, EX_ACT_GOTO_DIGIT, pick(w, 10), w->now);
        ex_act(ex, pick(w, 4) ? EX_ACT_GOTO_ENTER : EX_ACT_ESCAPE, 0, w->now);
    }
}

static void run_sequence(uint64_t seed)
{
    static world w;
    memset(&w, 0, sizeof w);
    w.seed = w.rng = seed * 2654435761u + 1;
    w.seed = seed;
    script_init(&w.main);
    script_init(&w.comparer);
    script_init(&w.uniquer);
    w.main.unique = 0;
    w.now = 10.0;
    w.trace_stream = open_memstream(&w.trace, &w.trace_size);
    int n = 4 + pick(&w, 5);
    nq_square first = {pick(&w, n), pick(&w, n)};
    bool pinned = pick(&w, 2);
    nq_method method = (nq_method)pick(&w, NQ_METHOD_COUNT);
    ex_mode mode = pick(&w, 4) ? EX_WATCH : EX_SOLVE;
    static const double speeds[] = {1, 5, 20, 100, EX_SPEED_MAX};
    double speed = speeds[pick(&w, 5)];
    note(&w, "start n %d pin %s%d,%d method %d mode %d speed %g", n, pinned ? "" : "(none) ", first.column + 1,
         first.row + 1, (int)method, (int)mode, speed);
    ex_init(&w.ex, script_solver(&w.main), w.trace_stream, n, pinned ? &first : NULL, mode, method, speed, w.now);
    ex_set_comparer(&w.ex, script_solver(&w.comparer));
    ex_set_uniquer(&w.ex, script_solver(&w.uniquer));
    ex_set_heater(&w.ex, heat_script_solver(&w.heater));
    ex_note_frame(&w.ex, w.now);
    check(&w, true, NULL, EX_PHASE_PLAYING);
    for (int e = 1; e < EVENTS; e++) {
        if (pick(&w, 3)) {
            act(&w);
            check(&w, false, NULL, EX_PHASE_PLAYING);
            continue;
        }
        static const double steps[] = {0.001, 1.0 / 64, 0.2, 1.0, 9.0};
        double dt = steps[pick(&w, 5)];
        memcpy(&before_panel, &panel, sizeof panel);
        ex_panel_make(&w.ex, w.now, &before_panel);
        ex_phase phase_before = ex_run_phase(&w.ex);
        w.now += dt;
        note(&w, "frame +%g s", dt);
        ex_update(&w.ex, w.now);
        ex_note_frame(&w.ex, w.now);
        check(&w, true, &before_panel, phase_before);
    }
    ex_free(&w.ex);
    heat_script_destroy(&w.heater);
    fclose(w.trace_stream);
    free(w.trace);
}

static void test_random_sequences_keep_the_window_consistent(void **state)
{
    (void)state;
    const char *one = getenv("NQ_SEED"), *count = getenv("NQ_SEQUENCES");
    if (one) {
        run_sequence(strtoull(one, NULL, 10));
        return;
    }
    int sequences = count ? atoi(count) : DEFAULT_SEQUENCES;
    for (int s = 1; s <= sequences; s++)
        run_sequence((uint64_t)s);
}

int main(void)
{
    nq_lang_use(0, NULL);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_sequences_keep_the_window_consistent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
