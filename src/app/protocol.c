/*
 * protocol.c -- the --trace writer, the protocol's only one (docs/internals.md): one line for each
 * change a person can see, in English whatever the window's language: what the person chose (n,
 * first, mode, method), the rectangles the app draws in (traced when they change), where the
 * timeline stands, the solutions shown, and each frame's phase, panel lines and key (ex_note_frame). A
 * write that fails ends the trace with one line on stderr; the program goes on.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "feature.h"
#include "nq/board.h"
#include "nq/i18n.h"
#include "legend.h"
#include "panel.h"

void ex_trace_line(explorer *ex, const char *fmt, ...)
{
    if (!ex->trace)
        return;
    /* Made whole, then written escaped: a file name or a folder's name a person chose may hold
     * control characters, which must not reach a terminal (or end a line of the protocol). */
    char small[2048], *line = small;
    va_list ap;
    va_start(ap, fmt);
    int length = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (length >= (int)sizeof small && (line = malloc((size_t)length + 1)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(line, (size_t)length + 1, fmt, ap);
        va_end(ap);
    }
    errno = 0;
    if (line)
        nq_write_escaped(ex->trace, line);
    if (line != small)
        free(line);
    if (length < 0 || !line || ferror(ex->trace) || fputc('\n', ex->trace) == EOF || fflush(ex->trace) != 0) {
        /* TRANSLATORS: --trace is a command-line option and stays as it is; %s says why (from the
         * system). */
        app_warn(_("--trace: cannot write the trace (%s); tracing stops"), strerror(errno));
        ex->trace = NULL;
    }
}

void ex_trace_first(explorer *ex)
{
    if (ex->has_first)
        ex_trace_line(ex, "first %d %d", ex->first.column + 1, ex->first.row + 1);
    else
        ex_trace_line(ex, "first none");
}

/* Keeps the rectangle (x, y, w, h) in traced; true if it differs from the one kept before. */
static bool rect_changed(int traced[4], int x, int y, int w, int h)
{
    int rect[4] = {x, y, w, h};
    if (!memcmp(rect, traced, sizeof rect))
        return false;
    memcpy(traced, rect, sizeof rect);
    return true;
}

void ex_note_board(explorer *ex, int x, int y, int w, int h)
{
    if (rect_changed(ex->traced.board, x, y, w, h))
        ex_trace_line(ex, "board %d %d %d %d", x, y, w, h);
}

void ex_note_timeline(explorer *ex, int x, int y, int w, int h)
{
    if (rect_changed(ex->traced.timeline, x, y, w, h))
        ex_trace_line(ex, "timeline %d %d %d %d", x, y, w, h);
}

void ex_note_panel(explorer *ex, int x, int y, int w, int h)
{
    if (rect_changed(ex->traced.panel, x, y, w, h))
        ex_trace_line(ex, "panel %d %d %d %d", x, y, w, h);
}

void ex_note_variant(explorer *ex, int i, int x, int y, int w, int h)
{
    if (i >= 0 && i < 8 && rect_changed(ex->traced.variants[i], x, y, w, h))
        ex_trace_line(ex, "variant %d %d %d %d %d", i + 1, x, y, w, h);
}

void ex_note_saved(explorer *ex, const char *path, bool ok, const char *why)
{
    if (!ok) {
        ex_notify(ex, EX_NOTICE_SAVE_FAILED, 0, path, why);
        return;
    }
    ex_notify(ex, EX_NOTICE_SAVED, 0, path, NULL);
    ex_trace_line(ex, "saved %s", path);
}

void ex_note_gif(explorer *ex, const char *path, bool ok, const char *why, int frames, int w, int h)
{
    if (!ok) {
        ex_notify(ex, EX_NOTICE_SAVE_FAILED, 0, path, why);
        return;
    }
    ex_notify(ex, EX_NOTICE_GIF_SAVED, (uint64_t)frames << 32 | (uint64_t)(w & 0xFFFF) << 16 | (uint64_t)(h & 0xFFFF),
              path, NULL);
    ex_trace_line(ex, "saved %s", path);
}

void ex_note_tree(explorer *ex, bool shown, int x, int y, int w, int h)
{
    bool changed = shown ? rect_changed(ex->traced.tree, x, y, w, h) : rect_changed(ex->traced.tree, 0, 0, 0, 0);
    if (!changed && ex->traced.tree_once)
        return;
    ex->traced.tree_once = true;
    if (shown)
        ex_trace_line(ex, "tree %d %d %d %d", x, y, w, h);
    else
        ex_trace_line(ex, "tree none");
}

void ex_note_lesson_next(explorer *ex, bool shown, int x, int y, int w, int h)
{
    bool changed = shown ? rect_changed(ex->traced.lesson_next, x, y, w, h)
                         : rect_changed(ex->traced.lesson_next, 0, 0, 0, 0);
    if (!changed && ex->traced.lesson_once)
        return;
    ex->traced.lesson_once = true;
    if (shown)
        ex_trace_line(ex, "lesson_next %d %d %d %d", x, y, w, h);
    else
        ex_trace_line(ex, "lesson_next none");
}

/* Tells the trace where the timeline stands, after the person moved it. */
void ex_trace_step(explorer *ex)
{
    ex_trace_line(ex, "step %llu of %llu%s", (unsigned long long)ex->cursor,
               (unsigned long long)nq_timeline_length(ex->timeline), ex->state == EX_SEARCHING ? "+" : "");
    if (!ex_tree_shown(ex))
        return;
    const nq_tree_node *selected = &ex->tree_panel.scene.items[ex->tree_panel.scene.selected].node;
    if (selected->depth == 0)
        ex_trace_line(ex, "node none");
    else
        ex_trace_line(ex, "node %d %d", selected->row + 1, selected->column + 1);
}

void ex_note_frame(explorer *ex, double now)
{
    if (!ex->trace)
        return;
    ex_phase phase = ex_run_phase(ex);
    if ((int)phase != ex->traced.phase) {
        ex->traced.phase = (int)phase;
        ex_trace_line(ex, "phase %s", ex_phase_key(phase));
    }
    if (!ex->traced.lines) {
        ex->traced.lines = calloc(EX_LINE_COUNT, EX_LINE_SIZE);
        if (!ex->traced.lines)
            return;
        for (int i = 0; i < EX_LINE_COUNT; i++)
            ex->traced.lines[(size_t)i * EX_LINE_SIZE] = '\x01'; /* not yet written: differs from any line */
    }
    static ex_panel panel; /* large, and the UI thread's alone */
    nq_lang_english(true);
    ex_panel_make(ex, now, &panel);
    nq_lang_english(false);
    for (int i = 0; i < EX_LINE_COUNT && ex->trace; i++) {
        char *was = ex->traced.lines + (size_t)i * EX_LINE_SIZE;
        const char *is = panel.has[i] ? panel.text[i] : "";
        if (!strcmp(was, is))
            continue;
        snprintf(was, EX_LINE_SIZE, "%s", is);
        if (panel.has[i])
            ex_trace_line(ex, "panel %s: %s", ex_line_key((ex_line_id)i), is);
        else
            ex_trace_line(ex, "panel %s none", ex_line_key((ex_line_id)i));
    }
    uint32_t legend = ex_legend(ex, now);
    if (ex->trace && (legend != ex->traced.legend || !ex->traced.legend_once)) {
        ex->traced.legend = legend;
        ex->traced.legend_once = true;
        char keys[EX_MARK_COUNT * 16] = "";
        size_t used = 0;
        for (int m = 0; m < EX_MARK_COUNT; m++)
            if (legend >> m & 1)
                used += (size_t)snprintf(keys + used, sizeof keys - used, "%s%s", used ? " " : "",
                                         ex_mark_key((ex_mark)m));
        ex_trace_line(ex, "legend %s", used ? keys : "none");
    }
}
