/*
 * test_predict.c -- predicting the next step (P) on the scripted solver (model_fixture.h): each
 * verdict judged against the engine's trace, stepped here on its own (the next step that tries a
 * square, places a queen or takes one back is the answer), for the three complete methods on
 * N = 4..8 with and without a pinned queen; a learner who always answers right scores n of n,
 * where n is the number of decisions the trace holds; random answers are judged right exactly
 * when they are the trace's step; the score through stepping back and a new board; min-conflicts
 * and Solve refused. Random cases print their seed when they fail.
 */
#include <time.h>

#include "model_fixture.h"

/* The answer the trace gives from t (a copy is stepped): back, or the square. */
typedef struct expected {
    bool back;
    nq_square square;
} expected;

static expected trace_answer(const nq_trace *at)
{
    nq_trace t = *at;
    nq_step s;
    while (nq_trace_next(&t, &s)) {
        if (s.kind == NQ_STEP_REMOVE)
            return (expected){true, {s.column, s.row}};
        if (s.kind == NQ_STEP_TRY || s.kind == NQ_STEP_PLACE)
            return (expected){false, {s.column, s.row}};
    }
    fail_msg("a question with no decision after it in the trace");
    return (expected){false, {0, 0}};
}

/* The decisions of the whole search: a try (backtracking) or a placement (the others), and a
 * take-back. */
static unsigned trace_decisions(const nq_plan *plan)
{
    nq_trace t;
    nq_trace_start(&t, plan);
    nq_step s;
    unsigned n = 0;
    nq_step_kind choice = plan->method == NQ_METHOD_BACKTRACK ? NQ_STEP_TRY : NQ_STEP_PLACE;
    while (nq_trace_next(&t, &s))
        n += s.kind == choice || s.kind == NQ_STEP_REMOVE;
    return n;
}

static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Plays frames until a question is up (true) or the watch is over (false). */
static bool to_question(fixture *f)
{
    for (int i = 0; i < 100000; i++) {
        if (ex_predict_waiting(&f->ex))
            return true;
        if (f->ex.state != EX_SEARCHING && f->ex.cursor == ex_timeline_length(&f->ex))
            return false;
        frame(f, 1.0 / 64);
    }
    fail_msg("no question and no end after 100000 frames");
    return false;
}

/* The last line of the trace starts with prefix. */
static void assert_last_traced(fixture *f, const char *line)
{
    fflush(f->trace_stream);
    const char *last = f->trace, *p;
    while ((p = strstr(last, "\npredict ")) != NULL)
        last = p + 1;
    if (strncmp(last, line, strlen(line)) != 0)
        fail_msg("the last predict line is not \"%s\": %.60s", line, last);
}

/* One watch of method on n (pinned or not) with predicting on, answered right when `right` (else
 * at random from seed); the answers' verdicts checked against the trace. Returns the questions. */
static unsigned predict_run(nq_method method, int n, const nq_square *first, bool right, uint64_t seed,
                            unsigned most)
{
    fixture f;
    start(&f, n, first, EX_WATCH, EX_SPEED_MAX);
    ex_set_method(&f.ex, method, f.now);
    ex_act(&f.ex, EX_ACT_PREDICT, 0, f.now);
    assert_true(f.ex.predict.on);
    assert_traced(&f, "predict on");
    nq_plan plan = nq_plan_make(n, first, method);
    nq_trace t;
    nq_trace_start(&t, &plan);
    uint64_t at = 0, x = seed;
    unsigned asked = 0, rights = 0;
    nq_step s;
    while (asked < most && to_question(&f)) {
        for (; at < f.ex.cursor; at++)
            assert_true(nq_trace_next(&t, &s));
        expected want = trace_answer(&t);
        bool back = want.back;
        nq_square square = want.square;
        if (!right) {
            back = next_random(&x) % 4 == 0;
            square = (nq_square){(int)(next_random(&x) % (uint64_t)n), (int)(next_random(&x) % (uint64_t)n)};
        }
        bool is_right = back == want.back && (back || (square.row == want.square.row &&
                                                         square.column == want.square.column));
        if (back)
            ex_act(&f.ex, EX_ACT_PREDICT_BACK, 0, f.now);
        else
            ex_click(&f.ex, square, f.now);
        ex_answer a;
        assert_true(ex_predict_last(&f.ex, &a));
        if (a.right != is_right)
            fail_msg("method %d n %d seed %llu question %u: judged %d, the trace says %d", (int)method, n,
                     (unsigned long long)seed, asked + 1, a.right, is_right);
        char line[64];
        if (back)
            snprintf(line, sizeof line, "predict back %s", is_right ? "right" : "wrong");
        else
            snprintf(line, sizeof line, "predict %d %d %s", square.column + 1, square.row + 1,
                     is_right ? "right" : "wrong");
        assert_last_traced(&f, line);
        asked++;
        rights += is_right;
        unsigned score_right, score_all;
        ex_predict_score(&f.ex, &score_right, &score_all);
        assert_int_equal(score_all, asked);
        assert_int_equal(score_right, rights);
        assert_false(f.ex.has_first != (first != NULL)); /* a click while predicting never pins */
        char verdict[EX_LINE_SIZE];
        assert_true(ex_predict_verdict_text(&f.ex, verdict, sizeof verdict));
        assert_int_equal(strncmp(verdict, is_right ? "Right: " : "Wrong: ", 7), 0);
    }
    finish(&f);
    return asked;
}

/* A learner who always answers right scores n of n, n the decisions of the whole search. */
static void test_always_right(void **state)
{
    (void)state;
    nq_method methods[] = {NQ_METHOD_BACKTRACK, NQ_METHOD_FORWARD, NQ_METHOD_FIRSTFAIL};
    for (int m = 0; m < 3; m++)
        for (int n = 4; n <= 6; n++) {
            nq_plan plan = nq_plan_make(n, NULL, methods[m]);
            unsigned asked = predict_run(methods[m], n, NULL, true, 0, 1u << 30);
            assert_int_equal(asked, trace_decisions(&plan));
        }
}

/* ... and on the larger boards, with a pinned queen too, for the first few thousand questions. */
static void test_right_large(void **state)
{
    (void)state;
    nq_method methods[] = {NQ_METHOD_BACKTRACK, NQ_METHOD_FORWARD, NQ_METHOD_FIRSTFAIL};
    for (int m = 0; m < 3; m++)
        for (int n = 4; n <= 8; n++) {
            nq_square first = {n / 2, n - 2};
            assert_int_equal(predict_run(methods[m], n, NULL, true, 0, 1500) > 0, 1);
            assert_int_equal(predict_run(methods[m], n, &first, true, 0, 1500) > 0, 1);
        }
}

/* Random answers: judged right exactly when they are the trace's next decision. */
static void test_random_answers(void **state)
{
    (void)state;
    nq_method methods[] = {NQ_METHOD_BACKTRACK, NQ_METHOD_FORWARD, NQ_METHOD_FIRSTFAIL};
    uint64_t seed = 0x9e3779b97f4a7c15ull ^ (uint64_t)time(NULL);
    print_message("test_random_answers seed %llu\n", (unsigned long long)seed);
    for (int m = 0; m < 3; m++)
        for (int n = 4; n <= 8; n++) {
            uint64_t x = seed + (uint64_t)(m * 16 + n);
            nq_square first = {(int)(next_random(&x) % (uint64_t)n), (int)(next_random(&x) % (uint64_t)n)};
            predict_run(methods[m], n, next_random(&x) % 2 ? &first : NULL, false, x, 400);
        }
}

/* Stepping back asks a question again and judges it, but the score counts each question once; a
 * new board starts a new score, predicting still on. */
static void test_score_and_stepping_back(void **state)
{
    (void)state;
    fixture f;
    start(&f, 5, NULL, EX_WATCH, 20);
    ex_act(&f.ex, EX_ACT_PREDICT, 0, f.now);
    char line[EX_LINE_SIZE];
    assert_true(to_question(&f));
    assert_true(ex_predict_question_text(&f.ex, line, sizeof line));
    assert_notice_line(&f, line);
    ex_click(&f.ex, (nq_square){0, 0}, f.now); /* backtracking first tries row 1, column 1 */
    assert_traced(&f, "predict 1 1 right\n");
    char verdict[EX_LINE_SIZE];
    assert_true(ex_predict_verdict_text(&f.ex, verdict, sizeof verdict));
    assert_string_equal(verdict, "Right: backtracking starts at the first column of row 1.");
    assert_true(to_question(&f));
    uint64_t second = f.ex.cursor;
    ex_act(&f.ex, EX_ACT_PREDICT_BACK, 0, f.now); /* it tries row 2, column 1 */
    assert_traced(&f, "predict back wrong\n");
    unsigned right, all;
    ex_predict_score(&f.ex, &right, &all);
    assert_int_equal(all, 2);
    assert_int_equal(right, 1);
    static ex_panel panel;
    ex_panel_make(&f.ex, f.now, &panel);
    assert_true(panel.has[EX_LINE_SCORE]);
    assert_string_equal(panel.text[EX_LINE_SCORE], "Predictions: 1 of 2 right");
    assert_true(panel.has[EX_LINE_VERDICT]);
    assert_false(panel.has[EX_LINE_ELAPSED]);
    assert_string_equal(panel.text[EX_LINE_VERDICT],
                        "Wrong: backtracking goes down to row 2 and tries its first column.");
    /* A single step is held while a question is up. */
    assert_true(to_question(&f));
    uint64_t held = f.ex.cursor;
    ex_act(&f.ex, EX_ACT_STEP, 0, f.now);
    frame(&f, 1.0);
    assert_int_equal(f.ex.cursor, held);
    ex_act(&f.ex, EX_ACT_PLAY, 0, f.now);
    frame(&f, 1.0);
    assert_int_equal(f.ex.cursor, held);
    assert_true(f.ex.paused);
    /* Back before the second question: asked again, judged, not counted again. */
    ex_seek(&f.ex, second);
    frame(&f, 0.01);
    assert_true(ex_predict_waiting(&f.ex));
    ex_click(&f.ex, (nq_square){0, 1}, f.now);
    ex_answer a;
    assert_true(ex_predict_last(&f.ex, &a));
    assert_true(a.right);
    ex_predict_score(&f.ex, &right, &all);
    assert_int_equal(all, 2);
    assert_int_equal(right, 1);
    /* A new board: a new score. */
    ex_act(&f.ex, EX_ACT_N_UP, 0, f.now);
    frame(&f, 0.01);
    ex_predict_score(&f.ex, &right, &all);
    assert_int_equal(all, 0);
    assert_false(ex_predict_last(&f.ex, &a));
    assert_true(ex_predicting(&f.ex));
    /* P again: off, and the watch plays by itself. */
    ex_act(&f.ex, EX_ACT_PREDICT, 0, f.now);
    assert_traced(&f, "predict off\n");
    assert_false(ex_predicting(&f.ex));
    ex_panel_make(&f.ex, f.now, &panel);
    assert_false(panel.has[EX_LINE_SCORE]);
    finish(&f);
}

/* Min-conflicts and Solve are refused, saying why; switching to min-conflicts ends predicting. */
static void test_refused(void **state)
{
    (void)state;
    fixture f;
    start(&f, 6, NULL, EX_WATCH, 10);
    ex_set_method(&f.ex, NQ_METHOD_MINCONFLICTS, f.now);
    frame(&f, 0.1);
    ex_act(&f.ex, EX_ACT_PREDICT, 0, f.now);
    assert_false(ex_predicting(&f.ex));
    assert_notice_line(&f, "Min-conflicts moves at random: nothing to predict. M picks another method.");
    ex_set_method(&f.ex, NQ_METHOD_BACKTRACK, f.now);
    ex_act(&f.ex, EX_ACT_PREDICT, 0, f.now);
    assert_true(ex_predicting(&f.ex));
    ex_set_method(&f.ex, NQ_METHOD_MINCONFLICTS, f.now);
    frame(&f, 0.1);
    assert_false(ex_predicting(&f.ex));
    assert_traced(&f, "predict on\nmethod minconflicts\npredict off\n");
    ex_act(&f.ex, EX_ACT_MODE, 0, f.now); /* Solve */
    ex_act(&f.ex, EX_ACT_PREDICT, 0, f.now);
    assert_false(ex_predicting(&f.ex));
    assert_notice_line(&f, "P predicts the steps of a watched search (Watch, up to N = 64), not here.");
    ex_act(&f.ex, EX_ACT_PREDICT_BACK, 0, f.now);
    assert_notice_line(&f, "B answers a prediction: P starts predicting the next step.");
    finish(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_always_right),
        cmocka_unit_test(test_right_large),
        cmocka_unit_test(test_random_answers),
        cmocka_unit_test(test_score_and_stepping_back),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
