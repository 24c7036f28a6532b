/*
 * test_timeline.c -- every step of a recorded run is reached exactly: the moment a seek gives
 * (the step, the board, queens placed, dead ends, solutions) equals the one a replay from the start
 * reaches, for N = 1..10 with no pin and pins on several squares, at every step of the small runs
 * and at random steps of the larger ones (across checkpoints too); the previous and next solution
 * or dead end are the ones a plain scan finds; memory is what the header promises.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nq/timeline.h"

/* A whole run recorded, and every step of it kept by the test (the oracle), with the state just
 * after each step for the runs small enough. */
typedef struct run {
    nq_timeline *tl;
    uint64_t length;
    nq_step *steps;   /* steps[k - 1] is step k */
    nq_trace *states; /* states[k]: the iterator just after step k (NULL for large runs) */
} run;

/* Boards up to this size keep the state after every step; larger ones replay to check. */
enum { KEEP_STATES_UP_TO_N = 8 };

/* Records the whole run of the board into tl. */
static run record_into(nq_timeline *tl, int n, const nq_square *first)
{
    run r = {tl, 0, NULL, NULL};
    bool keep = n <= KEEP_STATES_UP_TO_N;
    nq_trace t;
    nq_trace_init(&t, n, first);
    size_t capacity = 0;
    nq_step step;
    for (;;) {
        if (r.length == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            r.steps = realloc(r.steps, capacity * sizeof *r.steps);
            assert_non_null(r.steps);
            if (keep) {
                r.states = realloc(r.states, (capacity + 1) * sizeof *r.states);
                assert_non_null(r.states);
            }
        }
        if (keep && r.length == 0)
            r.states[0] = t;
        if (!nq_trace_next(&t, &step))
            break;
        r.steps[r.length++] = step;
        if (keep)
            r.states[r.length] = t;
        assert_true(nq_timeline_record(r.tl, &step));
    }
    assert_false(nq_timeline_record(r.tl, &r.steps[r.length - 1])); /* after done, nothing more */
    assert_true(nq_timeline_complete(r.tl));
    assert_int_equal(nq_timeline_length(r.tl), r.length);
    return r;
}

static run record(int n, const nq_square *first)
{
    return record_into(nq_timeline_create(n, first), n, first);
}

static void release(run *r)
{
    nq_timeline_free(r->tl);
    free(r->steps);
    free(r->states);
}

/* The state after step k by replaying from the start (for runs too large to keep every state). */
static nq_trace replayed(int n, const nq_square *first, uint64_t k)
{
    nq_trace t;
    nq_trace_init(&t, n, first);
    nq_step step;
    for (uint64_t i = 0; i < k; i++)
        assert_true(nq_trace_next(&t, &step));
    return t;
}

static bool same_step(const nq_step *a, const nq_step *b)
{
    return a->kind == b->kind && a->line == b->line && a->row == b->row && a->column == b->column &&
           a->by_row == b->by_row && a->by_column == b->by_column && a->solution == b->solution;
}

static void check_seek(const run *r, int n, const nq_square *first, uint64_t k)
{
    nq_moment m;
    nq_timeline_seek(r->tl, k, &m);
    nq_trace want = r->states ? r->states[k] : replayed(n, first, k);
    if (m.step != k || memcmp(&m.trace, &want, sizeof want) != 0 ||
        (k > 0 && !same_step(&m.last, &r->steps[k - 1])))
        fail_msg("N = %d, pin %s (%d, %d): seek to step %llu gave step %llu (kind %d), nodes %llu, dead ends %llu, "
                 "solutions %llu; the replay has nodes %llu, dead ends %llu, solutions %llu",
                 n, first ? "at" : "none", first ? first->column + 1 : 0, first ? first->row + 1 : 0,
                 (unsigned long long)k, (unsigned long long)m.step, m.last.kind, (unsigned long long)m.trace.nodes,
                 (unsigned long long)m.trace.dead_ends, (unsigned long long)m.trace.solutions,
                 (unsigned long long)want.nodes, (unsigned long long)want.dead_ends,
                 (unsigned long long)want.solutions);
}

static bool is_landmark(const nq_step *s, unsigned kinds)
{
    return ((kinds & NQ_LANDMARK_SOLUTION) && s->kind == NQ_STEP_SOLUTION) ||
           ((kinds & NQ_LANDMARK_DEAD_END) && s->kind == NQ_STEP_DEAD_END);
}

/* The previous and next landmarks from k, against a plain scan of the steps. */
static void check_find(const run *r, uint64_t k)
{
    for (unsigned kinds = 1; kinds <= 3; kinds++) {
        for (int forward = 0; forward < 2; forward++) {
            uint64_t want = 0, got = 0;
            bool found_want = false;
            if (forward) {
                for (uint64_t j = k + 1; j <= r->length && !found_want; j++)
                    if (is_landmark(&r->steps[j - 1], kinds))
                        want = j, found_want = true;
            } else {
                for (uint64_t j = k; j-- > 1 && !found_want;)
                    if (is_landmark(&r->steps[j - 1], kinds))
                        want = j, found_want = true;
            }
            bool found = nq_timeline_find(r->tl, k, forward, kinds, &got);
            if (found != found_want || (found && got != want))
                fail_msg("from step %llu %s, kinds %u: found %d at %llu, the scan %d at %llu", (unsigned long long)k,
                         forward ? "forward" : "backward", kinds, found, (unsigned long long)got, found_want,
                         (unsigned long long)want);
        }
    }
}

/* Every step of a small run, and the landmarks from every seventh step. */
static void check_every_step(const run *r, int n, const nq_square *first)
{
    for (uint64_t k = 0; k <= r->length; k++) {
        check_seek(r, n, first, k);
        if (k % 7 == 0)
            check_find(r, k);
    }
}

/* Every step of the runs up to KEEP_STATES_UP_TO_N rows; 120 steps of the larger ones, among
  * them the ends of the run and both sides of checkpoints. */
static void check_run(int n, const nq_square *first)
{
    run r = record(n, first);
    if (n <= KEEP_STATES_UP_TO_N) {
        check_every_step(&r, n, first);
    } else {
        srand((unsigned)(n * 131 + (first ? first->row * 17 + first->column : 0)));
        for (int i = 0; i < 120; i++) {
            uint64_t k = ((uint64_t)rand() * RAND_MAX + (uint64_t)rand()) % (r.length + 1);
            if (i < 6) /* the ends, and both sides of the first checkpoints */
                k = i < 2 ? (uint64_t)i * r.length
                          : (uint64_t)NQ_TIMELINE_SPACING * (uint64_t)(i / 2) - (uint64_t)(i % 2);
            if (k > r.length)
                k = r.length;
            check_seek(&r, n, first, k);
            check_find(&r, k);
        }
    }
    release(&r);
}

static void test_seek_equals_replay(void **state)
{
    (void)state;
    for (int n = 1; n <= 10; n++) {
        check_run(n, NULL);
        nq_square pins[] = {{0, 0}, {n / 2, n / 3}, {n - 1, n / 2}};
        for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++)
            check_run(n, &pins[i]);
    }
}

/* A run being recorded can be sought anywhere behind its live edge while it goes on. */
static void test_seek_while_recording(void **state)
{
    (void)state;
    nq_timeline *tl = nq_timeline_create(8, NULL);
    nq_trace t;
    nq_trace_init(&t, 8, NULL);
    nq_step step;
    for (uint64_t k = 1; k <= 3 * NQ_TIMELINE_SPACING + 5; k++) {
        assert_true(nq_trace_next(&t, &step));
        assert_true(nq_timeline_record(tl, &step));
        if (k % 1000 == 0) {
            nq_moment m;
            nq_timeline_seek(tl, k, &m);
            assert_memory_equal(&m.trace, &t, sizeof t);
            assert_true(same_step(&m.last, &step));
        }
    }
    assert_false(nq_timeline_complete(tl));
    uint64_t next;
    assert_false(
        nq_timeline_find(tl, nq_timeline_length(tl), true, NQ_LANDMARK_SOLUTION | NQ_LANDMARK_DEAD_END, &next));
    nq_timeline_free(tl);
}

/* One checkpoint of sizeof(nq_trace) per NQ_TIMELINE_SPACING steps (with the array's doubling). */
static void test_memory_is_bounded(void **state)
{
    (void)state;
    run r = record(10, NULL);
    size_t checkpoints = (size_t)(r.length / NQ_TIMELINE_SPACING) + 1;
    size_t bytes = nq_timeline_bytes(r.tl);
    assert_in_range(bytes, checkpoints * sizeof(nq_trace), 2 * checkpoints * sizeof(nq_trace) + 1024);
    release(&r);
}

/* A run far longer than its checkpoints allow: they are thinned again and again (34,233 steps in
 * at most 16 checkpoints from a spacing of 8), and every step is still reached exactly. */
static void test_thinned_checkpoints_reach_every_step(void **state)
{
    (void)state;
    nq_square pin = {3, 4};
    const nq_square *pins[] = {NULL, &pin};
    for (int i = 0; i < 2; i++) {
        run r =
            record_into(nq_timeline_create_sized(&(nq_plan){8, pins[i] != NULL, pins[i] ? *pins[i] : (nq_square){0, 0},
                                                            NQ_METHOD_BACKTRACK, 1, 0},
                                                 8, 16),
                        8, pins[i]);
        check_every_step(&r, 8, pins[i]);
        assert_in_range(nq_timeline_bytes(r.tl), 1, 16 * sizeof(nq_trace) + 1024);
        release(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seek_equals_replay),
        cmocka_unit_test(test_seek_while_recording),
        cmocka_unit_test(test_memory_is_bounded),
        cmocka_unit_test(test_thinned_checkpoints_reach_every_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
