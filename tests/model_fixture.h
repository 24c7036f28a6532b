/*
 * model_fixture.h -- the app's model driven by a scripted solver and scripted times, shared by
 * the model's test files (one a feature): no thread, no sleep, no window. The script plays the
 * worker's part from the engine's own pieces (solver_script.h), so the model is checked against
 * the engine; the trace is kept in memory, and the panel is read as the person reads it.
 */
#ifndef TEST_MODEL_FIXTURE_H
#define TEST_MODEL_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"
#include "nq/i18n.h"
#include "panel.h"
#include "solver_script.h"

typedef struct fixture {
    explorer ex;
    script s;
    char *trace;
    size_t trace_size;
    FILE *trace_stream;
    double now;
} fixture;

static inline void start(fixture *f, int n, const nq_square *first, ex_mode mode, double speed)
{
    memset(f, 0, sizeof *f);
    script_init(&f->s);
    f->s.unique = 4242;
    f->now = 100.0;
    f->trace_stream = open_memstream(&f->trace, &f->trace_size);
    ex_init(&f->ex, script_solver(&f->s), f->trace_stream, n, first, mode, NQ_METHOD_BACKTRACK, speed, f->now);
}

static inline void finish(fixture *f)
{
    ex_free(&f->ex);
    fclose(f->trace_stream);
    free(f->trace);
}

/* The trace so far holds this text. */
static inline void assert_traced(fixture *f, const char *text)
{
    fflush(f->trace_stream);
    if (!strstr(f->trace, text))
        fail_msg("the trace lacks \"%s\"; it is:\n%s", text, f->trace);
}

/* The panel's notice line reads text ("" for none): the notice, the key mode's prompt or a fact. */
static inline void assert_notice_line(fixture *f, const char *text)
{
    static ex_panel panel;
    ex_panel_make(&f->ex, f->now, &panel);
    assert_string_equal(panel.has[EX_LINE_NOTICE] ? panel.text[EX_LINE_NOTICE] : "", text);
}

/* One frame dt seconds after the last. */
static inline bool frame(fixture *f, double dt)
{
    f->now += dt;
    return ex_update(&f->ex, f->now);
}

static inline void run_to_end(fixture *f)
{
    for (int frames = 0; f->ex.state == EX_SEARCHING && frames < 100000; frames++)
        frame(f, 1.0 / 64);
    assert_int_equal(f->ex.state, EX_FINISHED);
}

#endif
